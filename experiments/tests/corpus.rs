//! The differential runner: every corpus program under seabed must print exactly the stdout
//! node printed (committed as `NAME.expected`) and exit with node's status (`NAME.status`).
//!
//! Each configuration below is one way of running seabed; all must agree with node, and in
//! every configuration of [`CONFIGURATIONS`] with a compiler, compiled code must actually have
//! run (read from the `--stats` JSON of each run). Default-tiering LLVM runs there compile
//! synchronously (`--compile-thread off`) so that this stays certain; the same runs with the
//! background compiler thread ([`BACKGROUND_CONFIGURATIONS`]) must agree with node too, but
//! whether a compilation finishes before a short program ends is up to timing.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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
    &["--tier", "son", "--backend", "cranelift", "--hot-calls", "2", "--osr-back-edges", "50", "--verify"],
    &["--tier", "cfg", "--backend", "cranelift", "--hot-calls", "2", "--osr-back-edges", "50", "--verify"],
];

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
];

/// Default tiering on LLVM with the background compiler thread (the CLI's default): output
/// and status must be node's; compiled code may or may not have arrived in time to run.
const BACKGROUND_CONFIGURATIONS: &[&[&str]] = &[
    &["--tier", "son", "--backend", "llvm", "--compile-thread", "on", "--verify"],
    &["--tier", "cfg", "--backend", "llvm", "--compile-thread", "on", "--verify"],
    // Low thresholds: many compilations in flight at once, OSR code arriving at a later back
    // edge of the running loop.
    &["--tier", "son", "--backend", "llvm", "--hot-calls", "2", "--osr-back-edges", "50", "--compile-thread", "on", "--verify"],
    &["--tier", "cfg", "--backend", "llvm", "--hot-calls", "2", "--osr-back-edges", "50", "--compile-thread", "on", "--verify"],
];

/// The collector under stress (issue 18): a collection at the first safepoint after every
/// allocation on the interpreter, after every 50th in compiled code (LLVM and the LIR
/// evaluator, default tiering and `--always-opt --deopt-every 3`, so exits rebuild frames
/// while collections run), after every 5th with escape analysis on, each followed by the heap
/// verifier.
const GC_CONFIGURATIONS: &[&[&str]] = &[
    &["--tier", "interp", "--gc-stress", "1", "--verify-heap"],
    &["--tier", "son", "--backend", "llvm", "--compile-thread", "off", "--gc-stress", "50", "--verify-heap"],
    &["--tier", "cfg", "--backend", "llvm", "--compile-thread", "off", "--gc-stress", "50", "--verify-heap"],
    &["--tier", "son", "--backend", "llvm", "--always-opt", "--deopt-every", "3", "--gc-stress", "50", "--verify-heap"],
    &["--tier", "cfg", "--backend", "llvm", "--always-opt", "--deopt-every", "3", "--gc-stress", "50", "--verify-heap"],
    &["--tier", "son", "--backend", "lir", "--gc-stress", "50", "--verify-heap"],
    &["--tier", "cfg", "--backend", "lir", "--gc-stress", "50", "--verify-heap"],
    &["--tier", "son", "--backend", "lir", "--always-opt", "--deopt-every", "3", "--gc-stress", "50", "--verify-heap"],
    &["--tier", "cfg", "--backend", "lir", "--always-opt", "--deopt-every", "3", "--gc-stress", "50", "--verify-heap"],
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

/// The value of the integer field `"key": N` in a `--stats` JSON text (0 if absent).
fn stat(json: &str, key: &str) -> u64 {
    let pattern = format!("\"{key}\": ");
    json.find(&pattern)
        .and_then(|i| json[i + pattern.len()..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .unwrap_or(0)
}

/// Runs one program; returns a description of the mismatch, if any, how many times it
/// entered compiled code (calls plus OSR entries) and how many collections ran.
fn check(js: &Path, config: &[&str], stats: &Path) -> (Option<String>, u64, u64) {
    let expected = std::fs::read(js.with_extension("expected")).expect("NAME.expected (run make golden)");
    let status: i32 = std::fs::read_to_string(js.with_extension("status"))
        .expect("NAME.status")
        .trim()
        .parse()
        .expect("status is an integer");
    let out = Command::new(env!("CARGO_BIN_EXE_seabed"))
        .arg("run")
        .arg(js)
        .args(config)
        .arg("--stats")
        .arg(stats)
        .stdin(Stdio::null())
        .output()
        .expect("seabed runs");
    let json = std::fs::read_to_string(stats).unwrap_or_default();
    let entered = stat(&json, "compiled_calls") + stat(&json, "osr_entries");
    let collections = stat(&json, "collections");
    let got_status = out.status.code().unwrap_or(-1);
    if out.stdout == expected && got_status == status {
        return (None, entered, collections);
    }
    let first_diff = String::from_utf8_lossy(&out.stdout)
        .lines()
        .zip(String::from_utf8_lossy(&expected).lines())
        .enumerate()
        .find(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| format!("line {}: got {a:?}, node {b:?}", i + 1))
        .unwrap_or_else(|| "output length differs".into());
    let mismatch = format!(
        "{} {:?}: status {got_status} (node {status}); {first_diff}; stderr: {}",
        js.file_name().unwrap().to_string_lossy(),
        config,
        String::from_utf8_lossy(&out.stderr).lines().take(3).collect::<Vec<_>>().join(" | ")
    );
    (Some(mismatch), entered, collections)
}

#[test]
fn every_corpus_program_matches_node() {
    let files = corpus();
    assert!(files.len() >= 52, "the corpus has {} programs", files.len());
    let full = full_run();
    let kernels = experiments::experiment::kernels(&corpus_dir()).expect("corpus kernels");
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
    let chunks: Vec<Vec<(PathBuf, &[&str])>> =
        (0..threads).map(|t| jobs.iter().skip(t).step_by(threads).cloned().collect()).collect();
    let dir = std::env::temp_dir().join(format!("seabed-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let results: Vec<(String, &[&str], u64, u64)> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .enumerate()
            .map(|(t, chunk)| {
                let stats = dir.join(format!("stats-{t}.json"));
                s.spawn(move || {
                    chunk
                        .iter()
                        .map(|(f, c)| {
                            let (mismatch, entered, collections) = check(f, c, &stats);
                            (mismatch.unwrap_or_default(), *c, entered, collections)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("worker")).collect()
    });
    let failures: Vec<&String> = results.iter().map(|r| &r.0).filter(|m| !m.is_empty()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} runs differ from node:\n{}",
        failures.len(),
        jobs.len(),
        failures.iter().map(|f| f.as_str()).collect::<Vec<_>>().join("\n")
    );
    for config in CONFIGURATIONS.iter().chain(STRESS_CONFIGURATIONS).filter(|c| c[1] != "interp") {
        let entered: u64 = results.iter().filter(|r| r.1 == *config).map(|r| r.2).sum();
        assert!(entered > 0, "no compiled code ran under {config:?}");
    }
    for config in GC_CONFIGURATIONS {
        let collections: u64 = results.iter().filter(|r| r.1 == *config).map(|r| r.3).sum();
        assert!(collections > 0, "no collection ran under {config:?}");
        if config[1] != "interp" {
            let entered: u64 = results.iter().filter(|r| r.1 == *config).map(|r| r.2).sum();
            assert!(entered > 0, "no compiled code ran under {config:?}");
        }
    }
}
