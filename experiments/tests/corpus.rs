//! The differential runner: every corpus program under seabed must print exactly the stdout
//! node printed (committed as `NAME.expected`) and exit with node's status (`NAME.status`).
//!
//! Each configuration below is one way of running seabed; all must agree with node. Every
//! run also writes its `--stats` JSON to a file of its own (deleted before the run: a run that
//! writes none fails), and [`judge`] checks it:
//!
//! - no compilation failed, except for the policy refusals listed in [`POLICY_BAILOUTS`]
//!   (a failed compilation leaves the function to the interpreter, which prints the right
//!   output: without this check a compiled tier that always fails would pass);
//! - in every run whose compiler works synchronously (the stats say `"compile_thread":
//!   false`), compiled code ran (calls or OSR entries) if the program has hot code under the
//!   configuration's thresholds: if a function or loop of it gets hot in a run of the
//!   interpreter with the same tiering options ([`has_hot_code`]: the vm asks a compiler
//!   that declines everything). Tiny programs under default thresholds, and programs with
//!   no function calls and no long loops under `--always-opt`, have none.
//!
//! Default-tiering LLVM and Cranelift runs in [`CONFIGURATIONS`] compile synchronously
//! (`--compile-thread off`) so that this stays certain; the same runs with the background
//! compiler thread ([`BACKGROUND_CONFIGURATIONS`], and the default-threshold Cranelift ones of
//! [`STRESS_CONFIGURATIONS`]) must agree with node and have no failed compilation, but whether
//! a compilation finishes before a short program ends is up to timing (for those only the
//! configuration as a whole must have run compiled code).
//!
//! Every configuration passes `--verify`: the LIR verifier after every compilation and the son
//! and cfg graph verifiers after every phase (a failure panics: exit status 101).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::sync::Mutex;

use harness::stats::{read_stats, Stats};
use frontend::bytecode::{FuncId, Pc};
use ir::compile::{Bailout, BailoutReason};
use vm::tiering::{Compiled, OptimizingCompiler, TieringOptions};
use vm::Vm;

/// The seabed command lines every program is run under (arguments after the file name);
/// compiled code must run in each one with a compiler.
const CONFIGURATIONS: &[&[&str]] = &[
    &["--tier", "interp"],
    // Baseline code on the LIR evaluator, every function compiled on its first call, with the
    // LIR verifier after every compilation.
    &["--tier", "baseline", "--backend", "lir", "--always-opt", "--verify"],
    // The same with every third executed check forced to exit to the interpreter.
    &["--tier", "baseline", "--backend", "lir", "--always-opt", "--deopt-every", "3", "--verify"],
    // Default-style tiering with low thresholds: interpreter first, then compiled code, and
    // on-stack replacement into running loops.
    &["--tier", "baseline", "--backend", "lir", "--hot-calls", "2", "--osr-back-edges", "50", "--verify"],
    // The same tiering for both optimizing pipelines: OSR entries into running loops (outer
    // loops of an inner entry peeled), on both backends.
    &["--tier", "son", "--backend", "lir", "--hot-calls", "2", "--osr-back-edges", "50", "--verify"],
    &["--tier", "cfg", "--backend", "lir", "--hot-calls", "2", "--osr-back-edges", "50", "--verify"],
    &["--tier", "son", "--backend", "llvm", "--llvm", "ftl", "--hot-calls", "2", "--osr-back-edges", "50", "--compile-thread", "off", "--verify"],
    &["--tier", "cfg", "--backend", "llvm", "--llvm", "ftl", "--hot-calls", "2", "--osr-back-edges", "50", "--compile-thread", "off", "--verify"],
    // The sea-of-nodes pipeline on the LIR evaluator, with and without stress exits.
    &["--tier", "son", "--backend", "lir", "--always-opt", "--verify"],
    &["--tier", "son", "--backend", "lir", "--always-opt", "--deopt-every", "3", "--verify"],
    // Machine code through LLVM (FTL-style exits): baseline with and without stress exits,
    // sea of nodes, CFG.
    &["--tier", "baseline", "--backend", "llvm", "--llvm", "ftl", "--always-opt", "--verify"],
    &["--tier", "baseline", "--backend", "llvm", "--llvm", "ftl", "--always-opt", "--deopt-every", "3", "--verify"],
    &["--tier", "son", "--backend", "llvm", "--llvm", "ftl", "--always-opt", "--verify"],
    // The CFG pipeline on both backends, with and without stress exits.
    &["--tier", "cfg", "--backend", "lir", "--always-opt", "--verify"],
    &["--tier", "cfg", "--backend", "lir", "--always-opt", "--deopt-every", "3", "--verify"],
    &["--tier", "cfg", "--backend", "llvm", "--llvm", "ftl", "--always-opt", "--verify"],
    // Both pipelines on LLVM with stress exits (patchpoint exits, stack maps, rebuilt frames),
    // and under default tiering (hot calls, OSR at the default thresholds).
    &["--tier", "son", "--backend", "llvm", "--llvm", "ftl", "--always-opt", "--deopt-every", "3", "--verify"],
    &["--tier", "cfg", "--backend", "llvm", "--llvm", "ftl", "--always-opt", "--deopt-every", "3", "--verify"],
    &["--tier", "son", "--backend", "llvm", "--compile-thread", "off", "--verify"],
    &["--tier", "cfg", "--backend", "llvm", "--compile-thread", "off", "--verify"],
    // Both pipelines on Cranelift (exits through a cold stub call, no patchpoints): stress
    // exits, and default tiering with hot calls and OSR at low thresholds.
    &["--tier", "son", "--backend", "cranelift", "--always-opt", "--deopt-every", "3", "--verify"],
    &["--tier", "cfg", "--backend", "cranelift", "--always-opt", "--deopt-every", "3", "--verify"],
    &["--tier", "son", "--backend", "cranelift", "--hot-calls", "2", "--osr-back-edges", "50", "--compile-thread", "off", "--verify"],
    &["--tier", "cfg", "--backend", "cranelift", "--hot-calls", "2", "--osr-back-edges", "50", "--compile-thread", "off", "--verify"],
    // The CFG pipeline with loop-invariant code motion (`licm`, an A/B option not in the
    // default spec: the default with `copy(licm,machine-opt,vn)` after the lowerings), on LLVM.
    &["--tier", "cfg", "--backend", "llvm", "--llvm", "ftl", "--spec", LICM_SPEC, "--always-opt", "--verify"],
    // The sea of nodes lowering every `Float64Max/Min` diamond after one schedule
    // (`schedule(batch=on)`, claim C16's control), on the LIR evaluator.
    &["--tier", "son", "--backend", "lir", "--spec", son::BATCH_SPEC, "--always-opt", "--verify"],
];

/// The CFG's default spec with loop-invariant code motion in a phase of its own after the
/// lowerings (`cfg::reducers::licm`).
const LICM_SPEC: &str = cfg::LICM_SPEC;

/// Stress configurations: exits at other periods, lazy exits after calls, and pipeline
/// specs other than the defaults. `make test` runs them on a fixed sample of the corpus
/// ([`STRESS_SAMPLE`]); `make test-all` (`SEABED_CORPUS=all`) on every program.
const STRESS_CONFIGURATIONS: &[&[&str]] = &[
    // Stress exits at other periods: every check (N = 1) on the LIR evaluator, every seventh
    // on LLVM (the exits land at other checks than with N = 3).
    &["--tier", "baseline", "--backend", "lir", "--always-opt", "--deopt-every", "1", "--verify"],
    &["--tier", "son", "--backend", "lir", "--always-opt", "--deopt-every", "1", "--verify"],
    &["--tier", "cfg", "--backend", "lir", "--always-opt", "--deopt-every", "1", "--verify"],
    &["--tier", "son", "--backend", "llvm", "--always-opt", "--deopt-every", "7", "--verify"],
    &["--tier", "cfg", "--backend", "llvm", "--always-opt", "--deopt-every", "7", "--verify"],
    // Lazy exits: every generic call from compiled code deoptimizes its caller when it
    // returns (the interpreter resumes after the call with its result).
    &["--tier", "baseline", "--backend", "lir", "--always-opt", "--deopt-after-calls", "--verify"],
    &["--tier", "son", "--backend", "lir", "--always-opt", "--deopt-after-calls", "--verify"],
    &["--tier", "cfg", "--backend", "lir", "--always-opt", "--deopt-after-calls", "--verify"],
    &["--tier", "son", "--backend", "llvm", "--always-opt", "--deopt-after-calls", "--verify"],
    &["--tier", "cfg", "--backend", "llvm", "--always-opt", "--deopt-after-calls", "--verify"],
    &["--tier", "son", "--backend", "cranelift", "--always-opt", "--deopt-after-calls", "--verify"],
    &["--tier", "cfg", "--backend", "cranelift", "--always-opt", "--deopt-after-calls", "--verify"],
    // Cranelift with stress exits at every seventh check and at default thresholds.
    &["--tier", "son", "--backend", "cranelift", "--always-opt", "--deopt-every", "7", "--verify"],
    &["--tier", "cfg", "--backend", "cranelift", "--always-opt", "--deopt-every", "7", "--verify"],
    &["--tier", "son", "--backend", "cranelift", "--verify"],
    &["--tier", "cfg", "--backend", "cranelift", "--verify"],
    // Sea of nodes with node splitting and offset-only load elimination, under stress exits.
    &[
        "--tier",
        "son",
        "--backend",
        "lir",
        "--spec",
        "son:reduce(dce,common,vn);typer;reduce(load-elim-offset);lower;reduce(dce,machine,common,vn);schedule(split=on)",
        "--always-opt",
        "--deopt-every",
        "3",
        "--verify",
    ],
    // Sea of nodes with TurboFan's load-elimination state (`state=v8`: per-field-index maps,
    // V8's tracking limits and loop give-ups; the C4 control), the default spec otherwise,
    // under stress exits.
    &[
        "--tier",
        "son",
        "--backend",
        "lir",
        "--spec",
        "son:reduce(dce,common,vn);typer;reduce(escape,load-elim,redundancy,branch-elim,state=v8);lower;reduce(dce,machine,common,vn,redundancy,branch-elim);schedule(split=on)",
        "--always-opt",
        "--deopt-every",
        "3",
        "--verify",
    ],
    // CFG with loop peeling and offset-only late load elimination, under stress exits.
    &[
        "--tier",
        "cfg",
        "--backend",
        "lir",
        "--spec",
        "cfg:copy(late-load-elim-offset);copy(lower,branch-elim,machine-opt,check-elim,vn);copy(peel);copy(machine-lower,branch-elim,machine-opt,check-elim,vn);copy(dce)",
        "--always-opt",
        "--deopt-every",
        "3",
        "--verify",
    ],
    // CFG without fixed-point loop typing (`cfg::UNTYPED_SPEC`: the default spec has a
    // `typer` phase before lowering), under stress exits.
    &[
        "--tier",
        "cfg",
        "--backend",
        "lir",
        "--spec",
        "cfg:copy(late-load-elim);copy(lower,branch-elim,machine-opt,check-elim,vn);copy(machine-lower,branch-elim,machine-opt,check-elim,vn);copy(dce)",
        "--always-opt",
        "--deopt-every",
        "3",
        "--verify",
    ],
    // Sea of nodes with loop peeling (the `peel` phase, mirroring the CFG's above), under
    // stress exits.
    &[
        "--tier",
        "son",
        "--backend",
        "lir",
        "--spec",
        "son:reduce(dce,common,vn);peel;typer;reduce(load-elim,redundancy);lower;reduce(dce,machine,common,vn,redundancy);schedule",
        "--always-opt",
        "--deopt-every",
        "3",
        "--verify",
    ],
    // Sea of nodes with pinned range narrowing (`son::PIN_SPEC`, claim C6's control: the late
    // `branch-elim` removes overflow checks its control path's comparisons disprove), plain
    // and under stress exits.
    &[
        "--tier",
        "son",
        "--backend",
        "lir",
        "--spec",
        "son:reduce(dce,common,vn);typer;reduce(escape,load-elim,redundancy,branch-elim);lower;reduce(dce,machine,common,vn,redundancy,branch-elim,pin=on);schedule(split=on)",
        "--always-opt",
        "--verify",
    ],
    &[
        "--tier",
        "son",
        "--backend",
        "lir",
        "--spec",
        "son:reduce(dce,common,vn);typer;reduce(escape,load-elim,redundancy,branch-elim);lower;reduce(dce,machine,common,vn,redundancy,branch-elim,pin=on);schedule(split=on)",
        "--always-opt",
        "--deopt-every",
        "3",
        "--verify",
    ],
    // Sea of nodes with alias-class memory (`son::ALIAS_CLASS_SPEC`: loads on one memory
    // slice per alias class, Click's remedy; the default spec otherwise), plain, under stress
    // exits, and on LLVM under stress exits with frequent collections.
    &["--tier", "son", "--backend", "lir", "--spec", son::ALIAS_CLASS_SPEC, "--always-opt", "--verify"],
    &["--tier", "son", "--backend", "lir", "--spec", son::ALIAS_CLASS_SPEC, "--always-opt", "--deopt-every", "3", "--verify"],
    // The same phase placed first, on the graph as built (`son::ALIAS_CLASS_FIRST_SPEC`:
    // load elimination runs on the slices; claim Click's second placement), under stress exits.
    &["--tier", "son", "--backend", "lir", "--spec", son::ALIAS_CLASS_FIRST_SPEC, "--always-opt", "--deopt-every", "3", "--verify"],
    &[
        "--tier",
        "son",
        "--backend",
        "llvm",
        "--spec",
        son::ALIAS_CLASS_SPEC,
        "--always-opt",
        "--deopt-every",
        "7",
        "--gc-stress",
        "50",
        "--verify-heap",
        "--verify",
    ],
    // Escape analysis on both pipelines under stress exits: exits rebuild removed objects.
    &[
        "--tier",
        "son",
        "--backend",
        "lir",
        "--spec",
        "son:reduce(dce,common,vn);typer;reduce(escape);reduce(load-elim);lower;reduce(dce,machine,common,vn);schedule",
        "--always-opt",
        "--deopt-every",
        "3",
        "--verify",
    ],
    &[
        "--tier",
        "cfg",
        "--backend",
        "lir",
        "--spec",
        "cfg:copy(escape);copy(late-load-elim);copy(lower,branch-elim,machine-opt,check-elim,vn);copy(machine-lower,branch-elim,machine-opt,check-elim,vn);copy(dce)",
        "--always-opt",
        "--deopt-every",
        "3",
        "--verify",
    ],
    // CFG with loop-invariant code motion under stress exits on the LIR evaluator: exits in
    // loops read values hoisted into the preheader.
    &["--tier", "cfg", "--backend", "lir", "--spec", LICM_SPEC, "--always-opt", "--deopt-every", "3", "--verify"],
    // Claim C14's arms, each default with its loop peeling right after the `typer`, under
    // stress exits: loops entered through a jump or straight from a branch edge are peeled.
    &["--tier", "son", "--backend", "lir", "--spec", son::PEEL_SPEC, "--always-opt", "--deopt-every", "3", "--verify"],
    &["--tier", "cfg", "--backend", "lir", "--spec", cfg::PEEL_SPEC, "--always-opt", "--deopt-every", "3", "--verify"],
];

/// Default tiering on LLVM and Cranelift with the background compiler thread (the CLI's
/// default): output and status must be node's and no compilation may fail; compiled code may
/// or may not have arrived in time to run.
const BACKGROUND_CONFIGURATIONS: &[&[&str]] = &[
    &["--tier", "son", "--backend", "llvm", "--compile-thread", "on", "--verify"],
    &["--tier", "cfg", "--backend", "llvm", "--compile-thread", "on", "--verify"],
    // Low thresholds: many compilations in flight at once, OSR code arriving at a later back
    // edge of the running loop.
    &["--tier", "son", "--backend", "llvm", "--hot-calls", "2", "--osr-back-edges", "50", "--compile-thread", "on", "--verify"],
    &["--tier", "cfg", "--backend", "llvm", "--hot-calls", "2", "--osr-back-edges", "50", "--compile-thread", "on", "--verify"],
    &["--tier", "son", "--backend", "cranelift", "--hot-calls", "2", "--osr-back-edges", "50", "--compile-thread", "on", "--verify"],
    &["--tier", "cfg", "--backend", "cranelift", "--hot-calls", "2", "--osr-back-edges", "50", "--compile-thread", "on", "--verify"],
];

/// The collector under stress (issue 18): a collection at the first safepoint after every
/// allocation on the interpreter, after every 50th in compiled code (LLVM and the LIR
/// evaluator, default tiering and `--always-opt --deopt-every 3`, so exits rebuild frames
/// while collections run), after every 5th with escape analysis on, each followed by the heap
/// verifier.
const GC_CONFIGURATIONS: &[&[&str]] = &[
    &["--tier", "interp", "--gc-stress", "1", "--verify-heap"],
    &["--tier", "son", "--backend", "llvm", "--compile-thread", "off", "--gc-stress", "50", "--verify-heap", "--verify"],
    &["--tier", "cfg", "--backend", "llvm", "--compile-thread", "off", "--gc-stress", "50", "--verify-heap", "--verify"],
    &["--tier", "son", "--backend", "llvm", "--always-opt", "--deopt-every", "3", "--gc-stress", "50", "--verify-heap", "--verify"],
    &["--tier", "cfg", "--backend", "llvm", "--always-opt", "--deopt-every", "3", "--gc-stress", "50", "--verify-heap", "--verify"],
    &["--tier", "son", "--backend", "lir", "--gc-stress", "50", "--verify-heap", "--verify"],
    &["--tier", "cfg", "--backend", "lir", "--gc-stress", "50", "--verify-heap", "--verify"],
    &["--tier", "son", "--backend", "lir", "--always-opt", "--deopt-every", "3", "--gc-stress", "50", "--verify-heap", "--verify"],
    &["--tier", "cfg", "--backend", "lir", "--always-opt", "--deopt-every", "3", "--gc-stress", "50", "--verify-heap", "--verify"],
    // Escape analysis with stress exits and frequent collections: exits rematerialize removed
    // objects while collections run.
    &[
        "--tier",
        "son",
        "--backend",
        "llvm",
        "--spec",
        "son:reduce(dce,common,vn);typer;reduce(escape);reduce(load-elim);lower;reduce(dce,machine,common,vn);schedule",
        "--always-opt",
        "--deopt-every",
        "3",
        "--gc-stress",
        "5",
        "--verify-heap",
        "--verify",
    ],
    &[
        "--tier",
        "cfg",
        "--backend",
        "llvm",
        "--spec",
        "cfg:copy(escape);copy(late-load-elim);copy(lower,branch-elim,machine-opt,check-elim,vn);copy(machine-lower,branch-elim,machine-opt,check-elim,vn);copy(dce)",
        "--always-opt",
        "--deopt-every",
        "3",
        "--gc-stress",
        "5",
        "--verify-heap",
        "--verify",
    ],
];

/// Under `make test`, the collector-stress configurations run on every `GC_SAMPLE`-th
/// program (offset by 3, so the sample differs from the stress one); `make test-all` on all.
const GC_SAMPLE: usize = 8;

/// Under `make test`, the stress configurations run on every `STRESS_SAMPLE`-th program of
/// the sorted corpus (a fixed sample, the same on every run), and the background-compiler
/// configurations on every `BACKGROUND_SAMPLE`-th (their races depend on timing more than
/// on the program). `make test-all` runs both on every program.
const STRESS_SAMPLE: usize = 8;
/// See [`STRESS_SAMPLE`].
const BACKGROUND_SAMPLE: usize = 4;
/// The benchmark kernels (`bench_*.js`) run seconds each on the LIR evaluator (it interprets
/// compiled code, several times slower than the bytecode interpreter), which made them most
/// of `make test`'s time: under `make test` the LIR-evaluator configurations run on every
/// `KERNEL_LIR_SAMPLE`-th kernel, the LLVM and interpreter ones on every kernel. Every other
/// program runs every main configuration; `make test-all` runs everything.
const KERNEL_LIR_SAMPLE: usize = 10;

/// Whether `config` runs compiled code on the LIR evaluator.
fn on_lir_evaluator(config: &[&str]) -> bool {
    config.windows(2).any(|w| w == ["--backend", "lir"])
}

/// Whether every configuration runs on every program (`SEABED_CORPUS=all`, `make test-all`).
fn full_run() -> bool {
    std::env::var("SEABED_CORPUS").is_ok_and(|v| v == "all")
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

fn corpus() -> Vec<PathBuf> {
    let dir = corpus_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "js"))
        .collect();
    files.sort();
    files
}

/// Bailout kinds ([`ir::compile::BailoutReason::kind`]) that are policy refusals rather than
/// compiler failures, each with the reason it is allowed. A run whose `bailouts_by_reason`
/// names any other kind fails: that compilation fell back to the interpreter. (None is needed
/// on the corpus today.)
const POLICY_BAILOUTS: &[(&str, &str)] = &[];

/// What [`judge`] found in one run, and the counts the configuration-wide checks sum.
#[derive(Default, Debug)]
struct Verdict {
    /// What is wrong with the run (empty: nothing).
    problems: Vec<String>,
    /// Entries into compiled code: calls plus OSR entries.
    entered: u64,
    /// Collections.
    collections: u64,
}

/// The tiering options of `config` that decide when the vm asks for compiled code.
fn tiering_options(config: &[&str]) -> TieringOptions {
    let mut t = TieringOptions::default();
    let mut args = config.iter();
    while let Some(&arg) = args.next() {
        let mut value = || args.next().and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{config:?}: {arg} needs a number"));
        match arg {
            "--always-opt" => t.always_opt = true,
            "--hot-calls" => t.hot_calls = value(),
            "--osr-back-edges" => t.osr_back_edges = value(),
            "--max-reopts" | "--max-compiled-size" => panic!("{config:?}: has_hot_code does not model {arg}"),
            _ => {}
        }
    }
    t
}

/// A compiler that declines every function (for [`has_hot_code`]).
struct DeclinesEverything;

impl OptimizingCompiler for DeclinesEverything {
    fn compile(&mut self, _vm: &Vm, _func: FuncId) -> Result<Compiled, Bailout> {
        Err(Bailout::new(BailoutReason::Declined("hot-code probe".into())))
    }

    fn compile_osr(&mut self, _vm: &Vm, _func: FuncId, _loop_header: Pc) -> Result<Compiled, Bailout> {
        Err(Bailout::new(BailoutReason::Declined("hot-code probe".into())))
    }
}

/// Whether `js` has hot code under `options`: in a run of the interpreter with these tiering
/// options and a compiler that declines everything, the vm asked for compiled code at least
/// once (a function reached its call threshold, or `--always-opt` and a call, or a loop its
/// OSR threshold; functions too large to compile are never asked for). A run whose compiled
/// code never ran was all interpreted, so it took the same path: with a compiler that works
/// synchronously it would have entered the code the vm asked for.
fn has_hot_code(js: &Path, options: TieringOptions) -> bool {
    let name = js.display().to_string();
    let src = std::fs::read_to_string(js).expect("corpus program");
    // Deeply recursive corpus programs need more stack than a test thread has.
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || {
            let program = Rc::new(frontend::compile(&name, &src).unwrap_or_else(|e| panic!("{name}: {e:?}")));
            let mut vm = Vm::new(program, Box::new(std::io::sink()));
            vm.set_compiler(Box::new(DeclinesEverything), options);
            // Programs that end with an uncaught exception (status 1) have run as far as node.
            let _ = vm.run_script();
            vm.tier_stats.compile_failures > 0
        })
        .expect("probe thread")
        .join()
        .expect("probe run")
}

/// [`has_hot_code`] per program and tiering options, computed once.
#[derive(Default)]
struct HotCode(Mutex<HashMap<(PathBuf, String), bool>>);

impl HotCode {
    fn of(&self, js: &Path, config: &[&str]) -> bool {
        let options = tiering_options(config);
        let key = (js.to_path_buf(), format!("{}/{}/{}", options.always_opt, options.hot_calls, options.osr_back_edges));
        if let Some(&hot) = self.0.lock().unwrap().get(&key) {
            return hot;
        }
        let hot = has_hot_code(js, options);
        self.0.lock().unwrap().insert(key, hot);
        hot
    }
}

/// Judges one run's `--stats` text (`None`: the run wrote no stats file) under `config`:
/// readable stats; no failed compilation but those of [`POLICY_BAILOUTS`]; and, where the
/// compiler works synchronously and compiled code never ran, no hot code in the program
/// (`hot`, asked only then). The one check the runner applies to every run.
fn judge(stats: Option<&str>, config: &[&str], hot: impl FnOnce() -> bool) -> Verdict {
    let mut v = Verdict::default();
    let Some(text) = stats else {
        v.problems.push("the run wrote no --stats file".into());
        return v;
    };
    let stats: Stats = match read_stats(text) {
        Ok(s) => s,
        Err(e) => {
            v.problems.push(format!("unreadable --stats file: {e}"));
            return v;
        }
    };
    let t = &stats.tiering;
    v.entered = t.compiled_calls + t.osr_entries;
    v.collections = stats.gc.collections;
    let counted: u64 = stats.bailouts_by_reason.values().sum();
    if counted != t.compile_failures {
        v.problems.push(format!("{} compile failures, but bailouts_by_reason counts {counted}", t.compile_failures));
    }
    let failed: Vec<String> = stats
        .bailouts_by_reason
        .iter()
        .filter(|(kind, _)| !POLICY_BAILOUTS.iter().any(|(allowed, _)| allowed == kind))
        .map(|(kind, n)| format!("{kind} x{n}"))
        .collect();
    if !failed.is_empty() {
        let disabled: Vec<String> =
            stats.functions.iter().filter_map(|f| f.disabled.as_ref().map(|why| format!("{}: {why}", f.name))).collect();
        v.problems.push(format!(
            "compilations failed and fell back to the interpreter: {} (disabled: {})",
            failed.join(", "),
            if disabled.is_empty() { "none".to_string() } else { disabled.join("; ") }
        ));
    }
    let compiler = config.windows(2).any(|w| w[0] == "--tier" && w[1] != "interp");
    if compiler && !stats.compile_thread && v.entered == 0 && t.compile_failures == 0 && hot() {
        v.problems.push(format!(
            "compiled code never ran ({} compiles, {} too large), though the program has hot code under these thresholds",
            t.compiles, t.too_large
        ));
    }
    v
}

/// Runs one program under `config`, writing its stats to `stats` (deleted first, so that
/// only this run's stats are read), and judges it: stdout and status must be node's, and
/// [`judge`] must find nothing. Every problem names the program and the configuration.
fn check(js: &Path, config: &[&str], stats: &Path, hot: &HotCode) -> Verdict {
    let expected = std::fs::read(js.with_extension("expected")).expect("NAME.expected (run make golden)");
    let status: i32 = std::fs::read_to_string(js.with_extension("status"))
        .expect("NAME.status")
        .trim()
        .parse()
        .expect("status is an integer");
    match std::fs::remove_file(stats) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => panic!("cannot delete {}: {e}", stats.display()),
    }
    let out = Command::new(env!("CARGO_BIN_EXE_seabed"))
        .arg("run")
        .arg(js)
        .args(config)
        .arg("--stats")
        .arg(stats)
        .stdin(Stdio::null())
        .output()
        .expect("seabed runs");
    let json = std::fs::read_to_string(stats).ok();
    let mut verdict = judge(json.as_deref(), config, || hot.of(js, config));
    let got_status = out.status.code().unwrap_or(-1);
    if out.stdout != expected || got_status != status {
        let first_diff = String::from_utf8_lossy(&out.stdout)
            .lines()
            .zip(String::from_utf8_lossy(&expected).lines())
            .enumerate()
            .find(|(_, (a, b))| a != b)
            .map(|(i, (a, b))| format!("line {}: got {a:?}, node {b:?}", i + 1))
            .unwrap_or_else(|| "output length differs".into());
        let stderr = String::from_utf8_lossy(&out.stderr).lines().take(3).collect::<Vec<_>>().join(" | ");
        verdict.problems.insert(0, format!("status {got_status} (node {status}); {first_diff}; stderr: {stderr}"));
    }
    let name = js.file_name().unwrap().to_string_lossy();
    verdict.problems = verdict.problems.iter().map(|p| format!("{name} {config:?}: {p}")).collect();
    verdict
}

#[test]
fn every_corpus_program_matches_node() {
    let files = corpus();
    assert!(files.len() >= 52, "the corpus has {} programs", files.len());
    let full = full_run();
    let kernels = claims::experiment::kernels(&corpus_dir()).expect("corpus kernels");
    let lir_sample: Vec<&PathBuf> = kernels.iter().step_by(KERNEL_LIR_SAMPLE).collect();
    let jobs: Vec<(PathBuf, &[&str])> = files
        .iter()
        .enumerate()
        .flat_map(|(i, f)| {
            let stress: &[&[&str]] = if full || i % STRESS_SAMPLE == 0 { STRESS_CONFIGURATIONS } else { &[] };
            let background: &[&[&str]] = if full || i % BACKGROUND_SAMPLE == 0 { BACKGROUND_CONFIGURATIONS } else { &[] };
            let gc: &[&[&str]] = if full || i % GC_SAMPLE == 3 { GC_CONFIGURATIONS } else { &[] };
            let lir = full || !kernels.contains(f) || lir_sample.contains(&f);
            CONFIGURATIONS
                .iter()
                .chain(background)
                .chain(stress)
                .chain(gc)
                .filter(move |c| lir || !on_lir_evaluator(c))
                .map(move |c| (f.clone(), *c))
        })
        .collect();
    eprintln!(
        "corpus: {} programs, {} runs ({} stress and {} collector-stress configurations on {})",
        files.len(),
        jobs.len(),
        STRESS_CONFIGURATIONS.len(),
        GC_CONFIGURATIONS.len(),
        if full {
            "every program".to_string()
        } else {
            format!(
                "every {STRESS_SAMPLE}th program, collector-stress ones on every {GC_SAMPLE}th, background-compiler ones on every {BACKGROUND_SAMPLE}th, LIR-evaluator ones on every {KERNEL_LIR_SAMPLE}th kernel; SEABED_CORPUS=all for all"
            )
        }
    );
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    let dir = std::env::temp_dir().join(format!("seabed-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let hot = HotCode::default();
    // One stats file per run (by job index), never shared between runs.
    let numbered: Vec<(usize, &(PathBuf, &[&str]))> = jobs.iter().enumerate().collect();
    let results: Vec<(&[&str], Verdict)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (numbered, dir, hot) = (&numbered, &dir, &hot);
                s.spawn(move || {
                    numbered
                        .iter()
                        .skip(t)
                        .step_by(threads)
                        .map(|(i, (f, c))| (*c, check(f, c, &dir.join(format!("run-{i}.json")), hot)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("worker")).collect()
    });
    let _ = std::fs::remove_dir_all(&dir);
    let failures: Vec<&String> = results.iter().flat_map(|r| &r.1.problems).collect();
    assert!(
        failures.is_empty(),
        "{} problems in {} runs:\n{}",
        failures.len(),
        jobs.len(),
        failures.iter().map(|f| f.as_str()).collect::<Vec<_>>().join("\n")
    );
    // Runs with the background compiler thread need not have entered compiled code each: the
    // configuration as a whole must have.
    for config in CONFIGURATIONS.iter().chain(STRESS_CONFIGURATIONS).filter(|c| c[1] != "interp") {
        let entered: u64 = results.iter().filter(|r| r.0 == *config).map(|r| r.1.entered).sum();
        assert!(entered > 0, "no compiled code ran under {config:?}");
    }
    for config in GC_CONFIGURATIONS {
        let collections: u64 = results.iter().filter(|r| r.0 == *config).map(|r| r.1.collections).sum();
        assert!(collections > 0, "no collection ran under {config:?}");
        if config[1] != "interp" {
            let entered: u64 = results.iter().filter(|r| r.0 == *config).map(|r| r.1.entered).sum();
            assert!(entered > 0, "no compiled code ran under {config:?}");
        }
    }
}

/// A corpus program with a hot function (called in a loop) for the runner's own tests.
fn hot_program() -> PathBuf {
    corpus_dir().join("t2_closure_counter.js")
}

/// A scratch stats path for the runner's own tests.
fn scratch_stats(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seabed-corpus-self-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("stats.json")
}

/// A compiled tier that falls back to the interpreter prints node's output; the runner must
/// still fail on it. Planted for real: a cfg spec without lowering leaves JS ops for the LIR
/// output, every compilation bails out (`NotLowered`) and the interpreter runs everything.
#[test]
fn a_compiled_tier_that_falls_back_to_the_interpreter_fails_the_runner() {
    let config: &[&str] = &["--tier", "cfg", "--backend", "lir", "--always-opt", "--spec", "cfg:copy(dce)", "--verify"];
    let v = check(&hot_program(), config, &scratch_stats("fallback"), &HotCode::default());
    assert_eq!(v.problems.len(), 1, "{:?}", v.problems);
    assert!(v.problems[0].contains("fell back to the interpreter: NotLowered"), "{:?}", v.problems);
    assert!(!v.problems[0].contains("status"), "the output is node's: only the stats reveal it: {:?}", v.problems);
}

/// A run that writes no stats is not credited with an earlier run's: the file is deleted
/// before each run. Planted: a stats file with compiled entries, then a run that stops at a
/// usage error before writing stats.
#[test]
fn a_run_without_stats_is_not_credited_with_stale_ones() {
    let stats = scratch_stats("stale");
    let good = check(&hot_program(), &["--tier", "son", "--backend", "lir", "--always-opt", "--verify"], &stats, &HotCode::default());
    assert!(good.problems.is_empty() && good.entered > 0, "{good:?}");
    assert!(stats.exists());
    let v = check(&hot_program(), &["--tier", "son", "--backend", "lir", "--no-such-flag"], &stats, &HotCode::default());
    assert!(v.problems.iter().any(|p| p.contains("wrote no --stats file")), "{:?}", v.problems);
    assert_eq!(v.entered, 0);
}

/// The checks of [`judge`] on the stats of a real run, altered: failed compilations of an
/// internal kind fail the run, policy kinds would not, and a run of a program with hot code
/// whose compiled code never ran fails (one without hot code does not).
#[test]
fn judge_fails_failed_compilations_and_hot_code_left_interpreted() {
    let stats = scratch_stats("judge");
    let config: &[&str] = &["--tier", "son", "--backend", "lir", "--hot-calls", "2", "--osr-back-edges", "50", "--verify"];
    assert!(check(&hot_program(), config, &stats, &HotCode::default()).problems.is_empty());
    let real: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
    let altered = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v = real.clone();
        edit(&mut v);
        serde_json::to_string_pretty(&v).unwrap()
    };
    // As it was: nothing to report, and the probe is not asked (compiled code ran).
    let v = judge(Some(&altered(&|_| {})), config, || panic!("not asked"));
    assert!(v.problems.is_empty() && v.entered > 0, "{v:?}");
    // A scheduler failure.
    let failed = altered(&|v| {
        v["tiering"]["compile_failures"] = 1.into();
        v["bailouts_by_reason"] = serde_json::json!({"Schedule": 1});
    });
    let v = judge(Some(&failed), config, || true);
    assert_eq!(v.problems.len(), 1, "{v:?}");
    assert!(v.problems[0].contains("fell back to the interpreter: Schedule x1"), "{v:?}");
    // Failures not counted by kind.
    let uncounted = altered(&|v| v["tiering"]["compile_failures"] = 2.into());
    assert!(judge(Some(&uncounted), config, || true).problems[0].contains("bailouts_by_reason counts 0"));
    // Compiled code never ran: a failure where the program has hot code, not where it has none.
    let never = altered(&|v| {
        v["tiering"]["compiled_calls"] = 0.into();
        v["tiering"]["osr_entries"] = 0.into();
    });
    let hot = HotCode::default();
    assert!(hot.of(&hot_program(), config));
    let v = judge(Some(&never), config, || hot.of(&hot_program(), config));
    assert!(v.problems.len() == 1 && v.problems[0].contains("compiled code never ran"), "{v:?}");
    assert!(judge(Some(&never), config, || false).problems.is_empty());
    // ... except with the background compiler thread, where it may not have arrived in time.
    let background = altered(&|v| {
        v["tiering"]["compiled_calls"] = 0.into();
        v["tiering"]["osr_entries"] = 0.into();
        v["compile_thread"] = true.into();
    });
    assert!(judge(Some(&background), config, || panic!("not asked")).problems.is_empty());
    // No stats, or stats of another schema.
    assert!(judge(None, config, || true).problems[0].contains("wrote no --stats file"));
    let other = altered(&|v| v["schema_version"] = 99.into());
    assert!(judge(Some(&other), config, || true).problems[0].contains("unreadable"));
}

/// The hot-code probe follows the thresholds: a program whose function is called a few times
/// has hot code at `--hot-calls 2` and under `--always-opt`, none at the default thresholds;
/// a program without calls has hot code under `--always-opt` (the script itself is compiled
/// on its first run) and with a low OSR threshold, none at the default thresholds.
#[test]
fn hot_code_follows_the_thresholds() {
    let dir = std::env::temp_dir().join(format!("seabed-corpus-hot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let js = dir.join("few_calls.js");
    std::fs::write(&js, "function f(x) { return x + 1; }\nlet s = 0;\nfor (let i = 0; i < 5; i++) s = f(s);\nconsole.log(s);\n").unwrap();
    let straight = dir.join("straight.js");
    std::fs::write(&straight, "let s = 0;\nfor (let i = 0; i < 5; i++) s = s + i;\nconsole.log(s);\n").unwrap();
    assert!(has_hot_code(&js, tiering_options(&["--hot-calls", "2"])));
    assert!(has_hot_code(&js, tiering_options(&["--always-opt"])));
    assert!(!has_hot_code(&js, tiering_options(&[])));
    assert!(has_hot_code(&straight, tiering_options(&["--always-opt"])));
    assert!(has_hot_code(&straight, tiering_options(&["--osr-back-edges", "3"])));
    assert!(!has_hot_code(&straight, tiering_options(&[])));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The pinned-narrowing stress configurations run `son::PIN_SPEC` (the literal keeps the
/// configuration table a `const`).
#[test]
fn the_pin_configurations_run_the_pin_spec() {
    let pinned: Vec<&&[&str]> = STRESS_CONFIGURATIONS.iter().filter(|c| c.iter().any(|a| a.contains("pin=on"))).collect();
    assert_eq!(pinned.len(), 2);
    for c in pinned {
        assert!(c.contains(&son::PIN_SPEC), "{c:?}");
    }
}

/// The alias-class memory stress configurations run `son::ALIAS_CLASS_SPEC` (three) or
/// `son::ALIAS_CLASS_FIRST_SPEC` (one).
#[test]
fn the_alias_class_configurations_run_the_alias_class_spec() {
    let alias: Vec<&&[&str]> = STRESS_CONFIGURATIONS.iter().filter(|c| c.iter().any(|a| a.contains("memory(alias-class)"))).collect();
    assert_eq!(alias.len(), 4);
    let after = alias.iter().filter(|c| c.contains(&son::ALIAS_CLASS_SPEC)).count();
    let first = alias.iter().filter(|c| c.contains(&son::ALIAS_CLASS_FIRST_SPEC)).count();
    assert_eq!((after, first), (3, 1), "{alias:?}");
}
