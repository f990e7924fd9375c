//! Loop peeling (Turboshaft's `LoopPeelingReducer`).
//!
//! Contract: the first iteration of a small innermost loop is emitted once before the loop
//! header (by the copying phase's [`peel_first_iteration`](crate::peeling::peel_first_iteration),
//! a copy of the loop's blocks through the whole reducer stack); the real loop then starts
//! from the peeled iteration's values. Reducers below see the peeled iteration as straight
//! code before the loop (checks there dominate the loop, e.g. for `check-elim`).
//!
//! Caps: loops of at most [`MAX_PEEL_OPS`] ops. Counters (meter extras): `peeled`,
//! `peel_too_big`, `peel_skipped` (a loop shape [`peelable_loop`] rejects: several entries or
//! exits, an exit not from the header, an effect in the header, an inner loop...); claim
//! C14's `loops_found` (loops the copier asked about: each loop header reached by its forward
//! entry) and `loop_find_visits` ([`peelable_loop`]'s visits, then the ops of the loop's
//! blocks counted against the cap, plus the copier's second [`peelable_loop`] of a loop it
//! peels).

use crate::assembler::{Reducer, Stats};
use crate::peeling::peelable_loop;
use crate::graph::{BlockIndex, Graph, Input};

/// The largest loop (in ops, all its blocks) that is peeled: the cap both pipelines share.
pub use midend::peeling::MAX_PEEL_OPS;

/// The loop-peeling reducer (`peel`).
#[derive(Default)]
pub struct LoopPeeling;

impl Reducer for LoopPeeling {
    fn name(&self) -> &'static str {
        "peel"
    }

    fn should_peel(&mut self, input: &Graph<Input>, header: BlockIndex<Input>, stats: &mut Stats) -> bool {
        let mut visits = 0;
        let counter = match peelable_loop(input, header, &mut visits) {
            Err(_) => "peel_skipped",
            Ok(blocks) => {
                // The loop's ops: the CFG's counterpart of son's search for the body's nodes.
                let ops = blocks.iter().map(|&b| input.ops_of(b).count()).sum::<usize>();
                visits += ops as u64;
                if ops > MAX_PEEL_OPS {
                    "peel_too_big"
                } else {
                    "peeled"
                }
            }
        };
        *stats.extras.entry(counter).or_default() += 1;
        stats.extras_add("loops_found", 1);
        stats.extras_add("loop_find_visits", visits);
        counter == "peeled"
    }
}
