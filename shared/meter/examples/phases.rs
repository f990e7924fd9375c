//! Three labelled, memory-heavy phases measured by a [`meter::Meter`]; the rows go to
//! stdout as CSV.
//!
//! ```text
//! cargo run --release -p meter --example phases -- [NODES]
//! ```
//!
//! Under `valgrind --tool=callgrind --cache-sim=yes` each phase leaves one dump labelled
//! `demo/build#1`, `demo/chase#2`, `demo/walk#3` (see `tests/callgrind.sh`). The work is
//! deterministic (fixed-seed generator, no hashing), so two callgrind runs give identical
//! counts.

use meter::{Meter, RowContext};
use std::hint::black_box;

#[global_allocator]
static ALLOC: meter::CountingAllocator = meter::CountingAllocator;

/// A list node: the index of the next node and a payload (8 bytes, 8 per cache line).
#[derive(Clone, Copy)]
struct Node {
    next: u32,
    value: u32,
}

/// xorshift64*, fixed seed: the same permutation on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn main() {
    let nodes: usize = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 1 << 18,
        Some(Ok(n)) if n > 1 && n <= u32::MAX as usize => n,
        Some(_) => {
            eprintln!("usage: phases [NODES]  (2 ≤ NODES < 2^32)");
            std::process::exit(2);
        }
    };
    let mut meter = Meter::new(RowContext::new("examples/phases.rs", "main", format!("demo:build;chase;walk(n={nodes})"), 0));
    eprintln!(
        "under_valgrind={} callgrind_requests={} allocator={} hw_status={}",
        meter.under_valgrind(),
        meter.emits_callgrind_requests(),
        meter.allocator_installed(),
        meter.hw_status()
    );

    // Phase 1: build one random cycle through all nodes (Sattolo's shuffle of an index
    // permutation, then link the nodes in that order): scattered writes.
    let list = {
        let mut g = meter.phase("demo", "build");
        let mut order: Vec<u32> = (0..nodes as u32).collect();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for i in (1..nodes).rev() {
            let j = (rng.next() % i as u64) as usize;
            order.swap(i, j);
            g.visits += 1;
        }
        let mut list = vec![Node { next: 0, value: 0 }; nodes];
        for (k, &at) in order.iter().enumerate() {
            let next = order[(k + 1) % nodes];
            list[at as usize] = Node { next, value: k as u32 };
            g.changes += 1;
        }
        g.nodes_out = nodes as u64;
        black_box(list)
    };

    // Phase 2: follow the cycle — about one D1 read miss per node.
    let chased = {
        let mut g = meter.phase("demo", "chase");
        g.nodes_in = nodes as u64;
        let mut at = 0u32;
        let mut sum = 0u64;
        for _ in 0..nodes {
            let n = list[at as usize];
            sum = sum.wrapping_add(n.value as u64);
            at = n.next;
            g.visits += 1;
        }
        g.nodes_out = nodes as u64;
        black_box(sum)
    };

    // Phase 3: walk the same nodes in memory order — one D1 read miss per 64-byte line.
    let walked = {
        let mut g = meter.phase("demo", "walk");
        g.nodes_in = nodes as u64;
        let mut sum = 0u64;
        for n in black_box(&list).iter() {
            sum = sum.wrapping_add(n.value as u64);
            g.visits += 1;
        }
        g.nodes_out = nodes as u64;
        black_box(sum)
    };
    assert_eq!(chased, walked, "both phases sum the same payloads");

    let stdout = std::io::stdout();
    meter.write_csv(&mut stdout.lock()).expect("writing CSV to stdout");
}
