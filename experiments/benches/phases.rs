//! Criterion micro-benchmarks of single compiler phases of both pipelines, and of the
//! interpreter.
//!
//! Two fixed programs: the corpus kernel `bench_nbody.js` and the generator's program of
//! about 200 property accesses (seed 1). Each is run once in the interpreter to gather
//! feedback, then its hottest function (most invocations plus back edges, top-level code
//! excluded) is compiled phase by phase through the crates' public API:
//!
//! | benchmark | what one iteration runs |
//! |---|---|
//! | `son/build` | `son::builder::build` (liveness computed once, outside) |
//! | `son/reduce` | the default spec's first `reduce(...)` phase on a fresh graph |
//! | `son/reduce-uncounted` | the same with the driver's counters off (what counting costs) |
//! | `son/schedule` | GCM scheduling and LIR emission (the `schedule` meter row) on the optimized graph |
//! | `son/compile` | the whole default sea-of-nodes pipeline |
//! | `cfg/build` | `cfg::builder::build` |
//! | `cfg/copy` | the default spec's second copying phase (`copy(lower,...)`) |
//! | `cfg/copy-uncounted` | the same with the phase's counters off (what counting costs) |
//! | `cfg/compile` | the whole default CFG pipeline |
//! | `interp/generated` | the generated program, start to end, in the interpreter |
//!
//! Run `cargo bench -p seabed` (about a minute), or `-- --test` for a smoke run that
//! executes every benchmark once. Results go to `target/criterion/`.
//!
//! `-- --counting-cost [ROUNDS]` (`make bench-counting`) measures instead what the meter's
//! counting costs on each side: the same two phases as `reduce`/`copy`, counted and uncounted
//! in alternating batches of about 10 ms (the order swapped every round, so drift on a shared
//! machine falls on both arms alike), and prints the median of the per-round ratios
//! counted/uncounted with its interquartile range. Criterion's separate runs of
//! `reduce`/`reduce-uncounted` differ by more than the cost itself on a noisy VM.

use std::hint::black_box;
use std::rc::Rc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, BatchSize, Criterion};
use frontend::bytecode::{FuncId, Program};
use ir::compile::CompileInput;
use meter::{Meter, RowContext};
use vm::Vm;

/// A program after one interpreted run: its feedback and its hottest function.
struct Fixture {
    /// Short name used in benchmark ids.
    name: &'static str,
    /// The vm after the run (program and feedback).
    vm: Vm,
    /// The function the compiler benchmarks compile.
    func: FuncId,
    /// The globals' values after the run (`CompileInput::globals`).
    globals: Vec<u64>,
}

impl Fixture {
    /// Compiles `source`, runs it in the interpreter and picks its hottest function.
    fn new(name: &'static str, file: &str, source: &str) -> Result<Fixture, String> {
        let program = Rc::new(compile(file, source)?);
        let mut vm = Vm::new(program, Box::new(std::io::sink()));
        vm.run_script().map_err(|e| format!("{file}: {}", vm.describe_exception(&e)))?;
        let func = vm
            .counters
            .iter()
            .enumerate()
            .skip(1) // functions[0] is the top-level script
            .max_by_key(|(_, c)| c.invocations as u64 + c.back_edges as u64)
            .map(|(i, _)| vm.program.functions[i].id)
            .ok_or_else(|| format!("{file}: no function besides the top level"))?;
        eprintln!("benches/phases: {name}: compiling '{}'", vm.program.function(func).name);
        let globals = vm.global_bits();
        Ok(Fixture { name, vm, func, globals })
    }

    /// The compiler input for the hottest function.
    fn input(&self) -> CompileInput<'_> {
        CompileInput { program: &self.vm.program, func: self.func, feedback: &self.vm.feedback, globals: &self.globals, contexts: &self.vm }
    }

    /// A fresh meter (the pipelines' entry points record rows on one).
    fn meter(&self) -> Meter {
        let name = &self.vm.program.function(self.func).name;
        Meter::new(RowContext::new(self.vm.program.file.clone(), name.clone(), "bench", 0))
    }
}

/// Parses and compiles JavaScript to bytecode.
fn compile(file: &str, source: &str) -> Result<Program, String> {
    frontend::compile(file, source).map_err(|e| format!("{file}: {}", e.message))
}

/// The generated program used throughout (about 200 property accesses, seed 1).
fn generated_source() -> String {
    claims::generate::program(200, 1).0
}

/// The two fixtures; a failure to build one is reported and ends the run.
fn fixtures() -> Vec<Fixture> {
    let nbody = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/bench_nbody.js");
    let source = std::fs::read_to_string(nbody).unwrap_or_else(|e| fail(&format!("{nbody}: {e}")));
    let all = [
        Fixture::new("nbody", "bench_nbody.js", &source),
        Fixture::new("generated", "generated.js", &generated_source()),
    ];
    all.into_iter().map(|f| f.unwrap_or_else(|e| fail(&e))).collect()
}

/// Reports a setup failure and exits non-zero (a benchmark binary has no error channel).
fn fail(message: &str) -> ! {
    eprintln!("benches/phases: {message}");
    std::process::exit(1)
}

/// The phase `son/reduce` runs: the spec's first, a reduce phase (its reducers and driver).
fn son_reduce_phase(options: &son::Options) -> (Vec<son::ReducerId>, son::reducer::Driver) {
    let Some(son::Phase::Reduce { reducers, driver, .. }) = options.phases.first().cloned() else {
        fail("the default sea-of-nodes spec no longer starts with a reduce phase");
    };
    (reducers, driver)
}

/// The phase `cfg/copy` runs (the spec's second, the first lowering one) and the graph it
/// gets; copying phases read their input and build a new graph, so one input serves every
/// iteration.
fn cfg_copy_phase(f: &Fixture, options: &cfg::Options) -> (cfg::PhaseSpec, cfg::graph::Graph<cfg::graph::Input>) {
    let Some(phase) = options.phases.get(1).cloned() else {
        fail("the default CFG spec has fewer than two phases");
    };
    let before = cfg::optimize(&f.input(), options, &mut f.meter(), Some(1)).unwrap_or_else(|e| fail(&e.to_string()));
    (phase, before)
}

/// Benchmarks of the sea-of-nodes phases.
fn son_phases(c: &mut Criterion, f: &Fixture) {
    let options = son::Options::default();
    let input = f.input();
    let bytecode = f.vm.program.function(f.func);
    let liveness = frontend::liveness::analyze(bytecode);
    let mut group = c.benchmark_group(format!("son/{}", f.name));

    group.bench_function("build", |b| {
        b.iter(|| son::builder::build(black_box(&input), &liveness).unwrap_or_else(|e| fail(&e.to_string())))
    });

    let (reducers, driver) = son_reduce_phase(&options);
    group.bench_function("reduce", |b| {
        b.iter_batched(
            || son::builder::build(&input, &liveness).unwrap_or_else(|e| fail(&e.to_string())),
            |mut g| son::run_reduce(&mut g, &reducers, driver),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("reduce-uncounted", |b| {
        b.iter_batched(
            || son::builder::build(&input, &liveness).unwrap_or_else(|e| fail(&e.to_string())),
            |mut g| son::run_reduce_counted(&mut g, &reducers, driver, false),
            BatchSize::SmallInput,
        )
    });

    let optimized =
        son::build_and_optimize(&input, &options, &mut f.meter()).unwrap_or_else(|e| fail(&e.to_string()));
    group.bench_function("schedule", |b| {
        b.iter_batched(
            || optimized.clone(),
            |mut g| {
                son::schedule::untag_frame_state_inputs(&mut g);
                let s = son::schedule::schedule_with(&mut g, options.split).unwrap_or_else(|e| fail(&e.to_string()));
                son::schedule::emit_lir(&g, &s, &f.vm.program, &bytecode.name).unwrap_or_else(|e| fail(&e.to_string()))
            },
            BatchSize::SmallInput,
        )
    });

    group.bench_function("compile", |b| {
        b.iter_batched(
            || f.meter(),
            |mut meter| son::compile(black_box(&input), &options, &mut meter).unwrap_or_else(|e| fail(&e.to_string())),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// Benchmarks of the CFG phases.
fn cfg_phases(c: &mut Criterion, f: &Fixture) {
    let options = cfg::Options::default();
    let input = f.input();
    let mut group = c.benchmark_group(format!("cfg/{}", f.name));

    group.bench_function("build", |b| {
        b.iter(|| cfg::builder::build(black_box(&input)).unwrap_or_else(|e| fail(&e.to_string())))
    });

    let (phase, before) = cfg_copy_phase(f, &options);
    group.bench_function("copy", |b| b.iter(|| cfg::run_phase(black_box(&before), &phase)));
    group.bench_function("copy-uncounted", |b| b.iter(|| cfg::run_phase_counted(black_box(&before), &phase, false)));

    group.bench_function("compile", |b| {
        b.iter_batched(
            || f.meter(),
            |mut meter| cfg::compile(black_box(&input), &options, &mut meter).unwrap_or_else(|e| fail(&e.to_string())),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// The interpreter on the generated program, start to end (vm creation included).
fn interpreter(c: &mut Criterion) {
    let source = generated_source();
    let program = Rc::new(compile("generated.js", &source).unwrap_or_else(|e| fail(&e)));
    c.bench_function("interp/generated", |b| {
        b.iter(|| {
            let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
            if vm.run_script().is_err() {
                fail("the generated program throws in the interpreter");
            }
            vm.counters.len()
        })
    });
}

/// Every benchmark.
fn benches(c: &mut Criterion) {
    for f in fixtures() {
        son_phases(c, &f);
        cfg_phases(c, &f);
    }
    interpreter(c);
}

/// Shorter than criterion's default (3 s warm-up, 5 s measurement, 100 samples) so the whole
/// suite takes about a minute on two cores; command-line flags still override it.
fn config() -> Criterion {
    Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2)).sample_size(30)
}

/// The counted/uncounted comparison of `--counting-cost` (module doc), one line per phase.
fn counting_cost(rounds: usize) {
    println!("{:<24} {:>14} {:>16} {:>28}", "phase", "counted (µs)", "uncounted (µs)", "counting cost [IQR]");
    for f in fixtures() {
        let input = f.input();
        let bytecode = f.vm.program.function(f.func);
        let liveness = frontend::liveness::analyze(bytecode);
        let (reducers, driver) = son_reduce_phase(&son::Options::default());
        let build = || son::builder::build(&input, &liveness).unwrap_or_else(|e| fail(&e.to_string()));
        report_counting_cost(&format!("son/{}/reduce", f.name), rounds, |counted, k| {
            let mut graphs: Vec<_> = (0..k).map(|_| build()).collect();
            let start = Instant::now();
            for g in &mut graphs {
                black_box(son::run_reduce_counted(g, &reducers, driver, counted));
            }
            start.elapsed()
        });
        let (phase, before) = cfg_copy_phase(&f, &cfg::Options::default());
        report_counting_cost(&format!("cfg/{}/copy", f.name), rounds, |counted, k| {
            let start = Instant::now();
            for _ in 0..k {
                black_box(cfg::run_phase_counted(black_box(&before), &phase, counted));
            }
            start.elapsed()
        });
    }
}

/// Times `run(counted, k)` (k iterations, counted or not) in alternating batches and prints
/// the medians and the median per-round ratio.
fn report_counting_cost(name: &str, rounds: usize, mut run: impl FnMut(bool, usize) -> Duration) {
    run(true, 20); // warm-up
    let one = run(true, 20).as_secs_f64() / 20.0;
    let k = ((0.010 / one.max(1e-9)) as usize).clamp(1, 100_000);
    let (mut on, mut off, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let (counted, uncounted) = if round % 2 == 0 {
            let c = run(true, k);
            (c, run(false, k))
        } else {
            let u = run(false, k);
            (run(true, k), u)
        };
        on.push(counted.as_secs_f64() / k as f64);
        off.push(uncounted.as_secs_f64() / k as f64);
        ratios.push(counted.as_secs_f64() / uncounted.as_secs_f64());
    }
    let quantile = |v: &mut Vec<f64>, q: f64| {
        v.sort_by(f64::total_cmp);
        v[((v.len() - 1) as f64 * q).round() as usize]
    };
    let (c, u) = (quantile(&mut on, 0.5), quantile(&mut off, 0.5));
    let (lo, mid, hi) = (quantile(&mut ratios, 0.25), quantile(&mut ratios, 0.5), quantile(&mut ratios, 0.75));
    let pct = |r: f64| (r - 1.0) * 100.0;
    println!(
        "{name:<24} {:>14.2} {:>16.2} {:>+9.2}% [{:+.2}%, {:+.2}%]",
        c * 1e6,
        u * 1e6,
        pct(mid),
        pct(lo),
        pct(hi)
    );
}

criterion_group! { name = phases; config = config(); targets = benches }

/// Criterion's benchmarks, or the counting-cost comparison with `--counting-cost [ROUNDS]`.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--counting-cost") {
        let rounds = args.get(i + 1).and_then(|r| r.parse().ok()).unwrap_or(41);
        return counting_cost(rounds);
    }
    phases();
    Criterion::default().configure_from_args().final_summary();
}
