//! `make bench-frontend`: the frontend's compile time of one function of 1k, 10k and 100k
//! statements, per statement, and the log-log slope of time against size (least squares
//! over the three sizes). Exits 1 when the slope exceeds 1.15 (compiling is not linear).
//!
//! Each size is compiled several times and the best run counts. The slope is computed on the
//! thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), not on wall-clock time: on a machine shared
//! with other jobs, a long compile is preempted more often than a short one, which would
//! inflate the slope with time spent waiting. Both times are printed. Each size is measured in
//! a fresh process (the benchmark runs itself with `--size N`).
//!
//! Usage: `cargo run --release -p frontend --example bench_frontend [-- --write DIR]`;
//! `--write DIR` also writes each program to `DIR/N.js` (for timing `seabed check`).

use std::time::{Duration, Instant};

/// The sizes measured, in statements of the one function.
const SIZES: [usize; 3] = [1_000, 10_000, 100_000];
/// The slope above which the benchmark fails.
const MAX_SLOPE: f64 = 1.15;

/// One function of `n` statements, a deterministic mix: `var` and `let` locals declared with
/// small expressions, assigned, read, and `if`/`else` on them; the function returns a sum
/// that the script prints.
fn program(n: usize) -> String {
    let mut s = String::with_capacity(n * 40);
    s.push_str("function big() {\n  var s = 0;\n");
    for i in 0..n {
        // Each statement refers to a local declared a few statements earlier (the last
        // `var v{k}` with k % 5 == 0 and the last `let w{k}` with k % 5 == 3).
        let v = i - i % 5;
        let w = if i % 5 == 4 { i - 1 } else { 0 };
        match i % 5 {
            0 => s.push_str(&format!("  var v{i} = {} + s % 7;\n", i % 10)),
            1 => s.push_str(&format!("  v{v} = v{v} * 2 + 1;\n")),
            2 => s.push_str(&format!("  if (v{v} > 9) {{ s = s + v{v}; }} else {{ s = s - 1; }}\n")),
            3 => s.push_str(&format!("  let w{i} = v{v} - s;\n")),
            _ => s.push_str(&format!("  s = (s + w{w}) % 1000;\n")),
        }
    }
    s.push_str("  return s;\n}\nconsole.log(big());\n");
    s
}

/// The CPU time this thread has used so far.
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// The best thread CPU time of `reps` liveness analyses of the largest function of `source`.
fn best_liveness(source: &str, reps: usize) -> Duration {
    let p = frontend::compile("bench.js", source).expect("the generated program compiles");
    let f = p.functions.iter().max_by_key(|f| f.code.len()).expect("a function");
    (0..reps)
        .map(|_| {
            let cpu = thread_cpu_time();
            let live = frontend::liveness::analyze(f);
            let cpu = thread_cpu_time() - cpu;
            drop(live);
            cpu
        })
        .min()
        .unwrap_or_default()
}

/// The best wall-clock time and the best thread CPU time of `reps` compiles of `source`.
fn best_compile(source: &str, reps: usize) -> (Duration, Duration) {
    let mut best = (Duration::MAX, Duration::MAX);
    for _ in 0..reps {
        let (wall, cpu) = (Instant::now(), thread_cpu_time());
        let p = frontend::compile("bench.js", source).expect("the generated program compiles");
        let (wall, cpu) = (wall.elapsed(), thread_cpu_time() - cpu);
        assert!(p.unsupported.is_empty(), "the generated program uses only supported constructs");
        drop(p);
        best = (best.0.min(wall), best.1.min(cpu));
    }
    best
}

/// Measures one size in this process and prints `n cpu_secs wall_secs liveness_secs` on stdout.
fn measure(n: usize, write_dir: Option<&str>) {
    let source = program(n);
    if let Some(dir) = write_dir {
        std::fs::create_dir_all(dir).expect("create the output directory");
        std::fs::write(format!("{dir}/{n}.js"), &source).expect("write the program");
    }
    // More runs of the small sizes: their times are the shortest and the noisiest.
    let reps = if n <= 1_000 {
        50
    } else if n <= 10_000 {
        15
    } else {
        5
    };
    let (wall, cpu) = best_compile(&source, reps);
    // Bytecode liveness (what the optimizing tiers compute per function): printed, not gated.
    let live = best_liveness(&source, reps.min(5));
    println!("{n} {} {} {}", cpu.as_secs_f64(), wall.as_secs_f64(), live.as_secs_f64());
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let write_dir = arg("--write");
    if let Some(n) = arg("--size") {
        measure(n.parse().expect("--size takes a number of statements"), write_dir.as_deref());
        return;
    }
    // Each size runs in a process of its own: glibc's allocator adapts its thresholds to the
    // allocations it has seen (its mmap threshold grows after a large block is freed), so a
    // size measured after many runs of a smaller one would pay for that history (10k
    // statements took 0.77 us each after fifty 1k compiles, 0.54 us in a fresh process).
    let exe = std::env::current_exe().expect("the benchmark's own path");
    let mut points = Vec::new();
    for &n in &SIZES {
        let mut cmd = std::process::Command::new(&exe);
        cmd.args(["--size", &n.to_string()]);
        if let Some(dir) = &write_dir {
            cmd.args(["--write", dir]);
        }
        let out = cmd.output().expect("run the benchmark for one size");
        assert!(out.status.success(), "size {n}: {}", String::from_utf8_lossy(&out.stderr));
        let line = String::from_utf8(out.stdout).expect("utf-8 output");
        let fields: Vec<f64> = line.split_whitespace().map(|f| f.parse().expect("a number")).collect();
        let [_, secs, wall, live] = fields[..] else { panic!("size {n}: unexpected output {line:?}") };
        println!(
            "{n:>7} statements: cpu {:>9.3} ms {:>7.3} us/statement   wall {:>9.3} ms {:>7.3} us/statement",
            secs * 1e3,
            secs * 1e6 / n as f64,
            wall * 1e3,
            wall * 1e6 / n as f64
        );
        println!("{:>7}             liveness: cpu {:>9.3} ms {:>7.3} us/statement", "", live * 1e3, live * 1e6 / n as f64);
        points.push(((n as f64).ln(), secs.max(1e-9).ln()));
    }
    let k = points.len() as f64;
    let mx = points.iter().map(|p| p.0).sum::<f64>() / k;
    let my = points.iter().map(|p| p.1).sum::<f64>() / k;
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let sxx: f64 = points.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    let slope = sxy / sxx;
    println!("log-log slope of cpu time vs statements: {slope:.3} (limit {MAX_SLOPE})");
    if slope > MAX_SLOPE {
        eprintln!("bench-frontend: compiling is not linear (slope {slope:.3} > {MAX_SLOPE})");
        std::process::exit(1);
    }
}
