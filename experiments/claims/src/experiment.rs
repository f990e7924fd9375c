//! `seabed experiment NAME`: measurements that write CSV into `results/`.
//!
//! - `interp`: the interpreter on every benchmark kernel of the corpus, in process, under the
//!   phase meter (wall time, allocation, invocation and back-edge counts) → `interp.csv`.
//! - `bench-interp`: each kernel as a whole process, seabed's interpreter and
//!   `node --jitless` (V8's Ignition interpreter) interleaved, median of the repetitions and
//!   their ratio → `bench_interp.csv` and `bench_interp.md`.
//! - `tiers`: each kernel as a whole process under every tier and backend (interpreter,
//!   baseline, sea of nodes and CFG on the LIR evaluator and on LLVM), interleaved, median time
//!   and speedup over the interpreter → `tiers.csv` and `tiers.md` (an early view of C11).
//! - `code-quality`: the kernels of `experiments/bench/` under node, son and cfg on LLVM,
//!   whole process and steady state → `code-quality.csv` and `code-quality.md` (see
//!   `code_quality`).
//! - `v8`: V8's own per-phase compile profile (`node --turbo-stats`, TurboFan and
//!   Turboshaft back halves) → `v8_phases.csv` and `v8_phases.md` (see `v8stats`).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;
use std::rc::Rc;

use meter::{Meter, RowContext};

use harness::process::{git_revision, machine, node, time_process};
use harness::progress::Progress;

/// The options of `seabed experiment`.
pub struct ExperimentOptions {
    /// Where CSV and reports are written.
    pub out: PathBuf,
    /// Repetitions per measurement.
    pub reps: u32,
    /// The corpus directory.
    pub corpus: PathBuf,
    /// The code-quality benchmark's programs (`experiments/bench`).
    pub bench: PathBuf,
}

/// Runs experiment `name`; returns a message on failure.
pub fn run(name: &str, opts: &ExperimentOptions) -> Result<(), String> {
    std::fs::create_dir_all(&opts.out).map_err(|e| format!("cannot create {}: {e}", opts.out.display()))?;
    match name {
        "interp" => interp(opts),
        "bench-interp" => bench_interp(opts),
        "tiers" => tiers(opts),
        "v8" => crate::v8stats::experiment(opts),
        "code-quality" => crate::code_quality::run(&opts.out, opts.reps, &opts.bench),
        "gc" => crate::gc_bench::run(&opts.out, opts.reps),
        "strings" => crate::strings_bench::run(&opts.out, opts.reps),
        "all" => {
            interp(opts)?;
            bench_interp(opts)?;
            tiers(opts)?;
            crate::v8stats::experiment(opts)
        }
        other => Err(format!("unknown experiment '{other}' (available: interp, bench-interp, tiers, v8, code-quality, gc, strings, all)")),
    }
}

pub use crate::program_set::kernels;

fn interp(opts: &ExperimentOptions) -> Result<(), String> {
    let mut all_rows = Vec::new();
    let revision = git_revision();
    let files = kernels(&opts.corpus)?;
    let bar = Progress::new("interp", files.len() as u64 * u64::from(opts.reps));
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        bar.set_message(name.as_str());
        let source = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let program = Rc::new(frontend::compile(&name, &source).map_err(|e| format!("{name}: {}", e.message))?);
        for rep in 0..opts.reps {
            let ctx = RowContext::new(name.clone(), "<script>", format!("interp@{revision}"), rep);
            let mut meter = Meter::new(ctx);
            let mut vm = vm::Vm::new(program.clone(), Box::new(std::io::sink()));
            {
                let mut phase = meter.phase("interp", "run");
                let result = vm.run_script();
                if result.is_err() {
                    return Err(format!("{name} failed under the interpreter"));
                }
                let invocations: u64 = vm.counters.iter().map(|c| c.invocations as u64).sum();
                let back_edges: u64 = vm.counters.iter().map(|c| c.back_edges as u64).sum();
                phase.add_extra("invocations", invocations);
                phase.add_extra("back_edges", back_edges);
                phase.add_extra("objects", vm.heap.objects.len() as u64);
                phase.add_extra("arrays", vm.heap.arrays.len() as u64);
                phase.add_extra("strings", vm.heap.strings.len() as u64);
                phase.add_extra("shapes", vm.heap.shapes.len() as u64);
            }
            all_rows.extend(meter.take_rows());
            bar.inc(1);
        }
        bar.println(format!("interp: {name} x{}", opts.reps));
    }
    bar.finish();
    let path = opts.out.join("interp.csv");
    let mut csv = Vec::new();
    meter::write_csv(&mut csv, &all_rows).map_err(|e| e.to_string())?;
    std::fs::write(&path, csv).map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// The median of `xs` (sorts it); `NaN` for an empty slice.
pub fn median(xs: &mut [f64]) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    xs.sort_by(|a, b| a.total_cmp(b));
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

fn bench_interp(opts: &ExperimentOptions) -> Result<(), String> {
    let seabed = std::env::current_exe().map_err(|e| e.to_string())?;
    let (node, node_version) = node();
    let node_version = node_version.ok_or("bench-interp needs node (the oracle); run 'make setup'")?;
    let (revision, machine) = (git_revision(), machine());
    let mut csv: Vec<Vec<String>> = Vec::new();
    let mut log_ratios = Vec::new();
    let mut table = String::new();
    let files = kernels(&opts.corpus)?;
    let bar = Progress::new("bench-interp", files.len() as u64 * u64::from(opts.reps) * 2);
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        bar.set_message(name.as_str());
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for _ in 0..opts.reps {
            // Interleaved so that machine noise hits both sides alike.
            ours.push(time_process(Command::new(&seabed).args(["run", "--tier", "interp"]).arg(&path))?);
            bar.inc(1);
            theirs.push(time_process(Command::new(&node).arg("--jitless").arg(&path))?);
            bar.inc(1);
        }
        let (a, b) = (median(&mut ours), median(&mut theirs));
        let ratio = a / b;
        log_ratios.push(ratio.ln());
        csv.push(vec![
            name.clone(),
            opts.reps.to_string(),
            format!("{a:.4}"),
            format!("{b:.4}"),
            format!("{ratio:.3}"),
            revision.clone(),
            node_version.clone(),
            machine.clone(),
        ]);
        let _ = writeln!(table, "| {name} | {a:.3} | {b:.3} | {ratio:.2} |");
        bar.println(format!("bench-interp: {name}: seabed {a:.3}s, node --jitless {b:.3}s, ratio {ratio:.2}"));
    }
    bar.finish();
    let geomean = (log_ratios.iter().sum::<f64>() / log_ratios.len().max(1) as f64).exp();
    std::fs::write(opts.out.join("bench_interp.csv"), harness::schema::to_text::<harness::schema::BenchInterpRow>(&csv)).map_err(|e| e.to_string())?;
    let md = format!(
        "# Interpreter vs `node --jitless`\n\n\
         Whole-process wall time (median of {} interleaved runs; includes each runtime's start-up), \
         revision {revision}, {node_version}, {machine}.\n\n\
         | kernel | seabed interp (s) | node --jitless (s) | ratio |\n|---|---|---|---|\n{table}\n\
         **Geometric mean ratio: {geomean:.2}** (target: within 3x).\n",
        opts.reps
    );
    std::fs::write(opts.out.join("bench_interp.md"), md).map_err(|e| e.to_string())?;
    eprintln!("bench-interp: geometric mean ratio {geomean:.2}");
    Ok(())
}

/// The configurations the `tiers` experiment compares (label, seabed arguments).
const TIER_CONFIGS: &[(&str, &[&str])] = &[
    ("interp", &["--tier", "interp"]),
    ("baseline/lir", &["--tier", "baseline", "--backend", "lir"]),
    ("baseline/llvm-ftl", &["--tier", "baseline", "--backend", "llvm", "--llvm", "ftl"]),
    ("son/lir", &["--tier", "son", "--backend", "lir"]),
    ("son/llvm-ftl", &["--tier", "son", "--backend", "llvm", "--llvm", "ftl"]),
    ("cfg/lir", &["--tier", "cfg", "--backend", "lir"]),
    ("cfg/llvm-ftl", &["--tier", "cfg", "--backend", "llvm", "--llvm", "ftl"]),
];

fn tiers(opts: &ExperimentOptions) -> Result<(), String> {
    let seabed = std::env::current_exe().map_err(|e| e.to_string())?;
    let (revision, machine) = (git_revision(), machine());
    let mut csv: Vec<Vec<String>> = Vec::new();
    let mut table = String::new();
    let header: Vec<&str> = TIER_CONFIGS.iter().map(|(label, _)| *label).collect();
    let mut log_speedups = vec![Vec::new(); TIER_CONFIGS.len()];
    let files = kernels(&opts.corpus)?;
    let bar = Progress::new("tiers", files.len() as u64 * u64::from(opts.reps) * TIER_CONFIGS.len() as u64);
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        bar.set_message(name.as_str());
        let mut times = vec![Vec::new(); TIER_CONFIGS.len()];
        for _ in 0..opts.reps {
            for (i, (_, args)) in TIER_CONFIGS.iter().enumerate() {
                times[i].push(time_process(Command::new(&seabed).arg("run").arg(&path).args(*args))?);
                bar.inc(1);
            }
        }
        let medians: Vec<f64> = times.iter_mut().map(|t| median(t)).collect();
        let mut row = format!("| {name} |");
        for (i, (label, _)) in TIER_CONFIGS.iter().enumerate() {
            let speedup = medians[0] / medians[i];
            log_speedups[i].push(speedup.ln());
            csv.push(vec![
                name.clone(),
                label.to_string(),
                opts.reps.to_string(),
                format!("{:.4}", medians[i]),
                format!("{speedup:.3}"),
                revision.clone(),
                machine.clone(),
            ]);
            let _ = write!(row, " {:.3} ({speedup:.2}x) |", medians[i]);
        }
        let _ = writeln!(table, "{row}");
        bar.println(format!("tiers: {name}: {:?}", medians));
    }
    bar.finish();
    let geomeans: Vec<String> = log_speedups
        .iter()
        .map(|l| format!("{:.2}x", (l.iter().sum::<f64>() / l.len().max(1) as f64).exp()))
        .collect();
    std::fs::write(opts.out.join("tiers.csv"), harness::schema::to_text::<harness::schema::TiersRow>(&csv)).map_err(|e| e.to_string())?;
    let md = format!(
        "# Tiers side by side\n\n\
         Whole-process wall time in seconds (median of {} interleaved runs, default tiering: \
         functions compiled after 100 calls, loops entered by OSR after 1000 back edges) and \
         speedup over the interpreter; revision {revision}, {machine}.\n\n\
         | kernel | {} |\n|---|{}\n{table}| **geometric mean speedup** | {} |\n",
        opts.reps,
        header.join(" | "),
        "---|".repeat(header.len()),
        geomeans.join(" | ")
    );
    std::fs::write(opts.out.join("tiers.md"), md).map_err(|e| e.to_string())?;
    eprintln!("tiers: geometric mean speedups {geomeans:?}");
    Ok(())
}
