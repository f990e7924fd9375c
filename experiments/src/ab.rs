//! `seabed ab`: an A/B comparison of two pipeline specs over a corpus.
//!
//! Every program of the corpus directory that has node's committed output (`NAME.expected`,
//! exit status in `NAME.status`) runs as a separate process,
//! `seabed run FILE --tier T --spec SPEC --always-opt --backend B --stats JSON`, for spec A and
//! spec B interleaved (A,B in even repetitions, B,A in odd ones, so that drift of the machine
//! hits both sides alike). The tier of a spec follows from its prefix (`son:` or `cfg:`), so A
//! and B may be different pipelines.
//!
//! Each run's stdout and exit status are compared with node's, and its metrics are read from
//! the stats JSON (see [`Metric`]). Per program and side the median over the repetitions is
//! taken; per metric the report gives the geometric mean of the per-program ratios B/A with a
//! 95% confidence interval from a percentile bootstrap over programs (10,000 resamples of the
//! log ratios with a fixed seed, so the interval is reproducible). Programs where a metric is
//! 0 or absent on either side have no ratio; they are counted as skipped.
//!
//! Exit status: 0 when every run of A and B printed exactly node's output with node's status,
//! [`EXIT_MISMATCH`] when any did not, 2 for usage and I/O errors.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use harness::process::{git_revision, machine};
use engine::tiers::{Backend, Spec, Tier};

/// Exit status of `seabed ab` when some output of A or B differed from node's.
pub const EXIT_MISMATCH: u8 = 4;

/// What `seabed ab --help` says after the options.
pub const AFTER_HELP: &str = "\
Every corpus program with node's output (NAME.expected) runs as
seabed run FILE --tier T --spec SPEC --always-opt --backend B --stats JSON for A and B,
interleaved; the tier follows from each spec's prefix (son: or cfg:). Per metric: the geometric
mean of the per-program ratios B/A with a 95% bootstrap interval (README.md, A/B comparisons).

Example (load elimination off and on):
  seabed ab --a 'son:reduce(dce,common,vn);typer;lower;reduce(dce,machine,common,vn);schedule' \\
            --b 'son:reduce(dce,common,vn);typer;reduce(load-elim);lower;reduce(dce,machine,common,vn);schedule'

Exit status: 0 every output identical to node's, 4 some output differed, 2 usage or I/O error";

/// The arguments of `seabed ab`.
#[derive(clap::Args, Debug)]
pub struct AbArgs {
    /// Spec A, with its son: or cfg: prefix
    #[arg(long = "a", value_name = "SPEC", required = true)]
    a: String,
    /// Spec B, with its son: or cfg: prefix
    #[arg(long = "b", value_name = "SPEC", required = true)]
    b: String,
    /// The corpus directory [default: experiments/corpus of the source tree]
    #[arg(long, value_name = "DIR", default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus"), hide_default_value = true)]
    corpus: PathBuf,
    /// The metrics to report, comma-separated [default: all]
    #[arg(long = "metric", value_enum, value_name = "M,...", value_delimiter = ',')]
    metrics: Vec<Metric>,
    /// Repetitions per program and side
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    reps: u32,
    /// The backend both sides run on
    #[arg(long, value_parser = crate::cli::backend_values(), default_value = "lir")]
    backend: Backend,
    /// Write one CSV row per program and metric to this file
    #[arg(long, value_name = "FILE.csv")]
    out: Option<PathBuf>,
}

impl AbArgs {
    /// The paths the comparison writes (`--out`), checked before it starts.
    pub fn output_paths(&self) -> Vec<harness::cli::OutputPath> {
        self.out.iter().map(|p| harness::cli::OutputPath::File(p.clone())).collect()
    }
}

/// A quantity measured for every run.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, clap::ValueEnum)]
#[value(rename_all = "snake_case")]
pub enum Metric {
    /// Sum of the `wall_ns` of every compiler phase row.
    CompileNs,
    /// Sum of the phase rows' `visits`.
    Visits,
    /// Sum of the phase rows' `changes`.
    Changes,
    /// Sum of the phase rows' `bytes_allocated` (absent when no row measured it).
    BytesAllocated,
    /// Sum over compilations of the `nodes_out` of each compilation's last phase.
    NodesOut,
    /// Exits from compiled code taken because a speculation failed (`tiering.exits`).
    Exits,
    /// Checks executed in compiled code (`tiering.checks`; the LLVM backend counts them
    /// only under `--deopt-every`).
    Checks,
    /// `Load` instructions executed (`tiering.loads_executed`; the LIR evaluator only).
    Loads,
    /// Wall time of the whole `seabed run` process.
    WallNs,
}

impl Metric {
    /// Every metric, in report order.
    pub const ALL: [Metric; 9] = [
        Metric::CompileNs,
        Metric::Visits,
        Metric::Changes,
        Metric::BytesAllocated,
        Metric::NodesOut,
        Metric::Exits,
        Metric::Checks,
        Metric::Loads,
        Metric::WallNs,
    ];

    /// The metric's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Metric::CompileNs => "compile_ns",
            Metric::Visits => "visits",
            Metric::Changes => "changes",
            Metric::BytesAllocated => "bytes_allocated",
            Metric::NodesOut => "nodes_out",
            Metric::Exits => "exits",
            Metric::Checks => "checks",
            Metric::Loads => "loads",
            Metric::WallNs => "wall_ns",
        }
    }

    /// Parses a metric name.
    pub fn parse(s: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.name() == s)
    }
}

/// The options of `seabed ab`.
#[derive(Clone, Debug)]
pub struct AbOptions {
    /// Spec A (with its `son:` or `cfg:` prefix).
    pub a: String,
    /// Spec B.
    pub b: String,
    /// The corpus directory.
    pub corpus: PathBuf,
    /// The metrics to report.
    pub metrics: Vec<Metric>,
    /// Repetitions per program and side.
    pub reps: u32,
    /// The backend both sides run on.
    pub backend: Backend,
    /// Where per-program rows are written as CSV, if anywhere.
    pub out: Option<PathBuf>,
}

/// The tier a spec compiles with, from its prefix; the spec itself is checked too.
pub fn spec_tier(spec: &str) -> Result<Tier, String> {
    let tier = match midend::spec::prefix(spec) {
        Ok(Some((midend::spec::Pipeline::Son, _))) => Tier::Son,
        Ok(Some((midend::spec::Pipeline::Cfg, _))) => Tier::Cfg,
        Ok(None) => return Err(format!("spec '{spec}' must start with 'son:' or 'cfg:' (the tier of an A/B side)")),
        Err(e) => return Err(format!("spec '{spec}': {}", e.annotate(spec))),
    };
    Spec::parse(tier, spec).map_err(|e| format!("spec '{spec}': {e}"))?;
    Ok(tier)
}

impl AbArgs {
    /// The options these arguments select; `Err` for a spec that does not parse or has no
    /// `son:` or `cfg:` prefix.
    pub fn options(self) -> Result<AbOptions, String> {
        spec_tier(&self.a)?;
        spec_tier(&self.b)?;
        Ok(AbOptions {
            a: self.a,
            b: self.b,
            corpus: self.corpus,
            metrics: if self.metrics.is_empty() { Metric::ALL.to_vec() } else { self.metrics },
            reps: self.reps,
            backend: self.backend,
            out: self.out,
        })
    }
}

/// The programs of `corpus` that have node's expected output (`*.js` with a `.expected`), sorted.
pub fn programs(corpus: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus)
        .map_err(|e| format!("cannot read {}: {e}", corpus.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "js") && p.with_extension("expected").is_file())
        .collect();
    files.sort();
    Ok(files)
}

/// The metrics of one run read from its `--stats` JSON (wall time excluded); a metric the
/// run did not measure (e.g. `loads` on LLVM) is absent from the map. A file of another
/// `schema_version` is an error ([`harness::stats::check_schema_version`]).
pub fn metrics_from_stats(json: &str) -> Result<BTreeMap<Metric, f64>, String> {
    let v: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("stats JSON: {e}"))?;
    harness::stats::check_schema_version(&v, true)?;
    let phases = v["phases"].as_array().ok_or("stats JSON has no 'phases' array")?;
    let tiering = &v["tiering"];
    let mut m = BTreeMap::new();
    let sum = |key: &str| phases.iter().filter_map(|p| p[key].as_f64()).sum::<f64>();
    m.insert(Metric::CompileNs, sum("wall_ns"));
    m.insert(Metric::Visits, sum("visits"));
    m.insert(Metric::Changes, sum("changes"));
    if phases.iter().any(|p| p["bytes_allocated"].is_number()) {
        m.insert(Metric::BytesAllocated, sum("bytes_allocated"));
    }
    // A compilation is a run of rows of one function with increasing phase numbers
    // (`son/reduce#2`); its result size is the last row's `nodes_out`.
    let mut nodes_out = 0.0;
    let mut previous: Option<(&str, u64, f64)> = None;
    for p in phases {
        let function = p["function"].as_str().unwrap_or("");
        let index = p["label"].as_str().and_then(|l| l.rsplit_once('#')).and_then(|(_, n)| n.parse().ok()).unwrap_or(0);
        let out = p["nodes_out"].as_f64().unwrap_or(0.0);
        if let Some((f, i, last)) = previous {
            if f != function || index <= i {
                nodes_out += last;
            }
        }
        previous = Some((function, index, out));
    }
    if let Some((_, _, last)) = previous {
        nodes_out += last;
    }
    m.insert(Metric::NodesOut, nodes_out);
    for (metric, key) in [(Metric::Exits, "exits"), (Metric::Checks, "checks"), (Metric::Loads, "loads_executed")] {
        if let Some(x) = tiering[key].as_f64() {
            m.insert(metric, x);
        }
    }
    Ok(m)
}

/// The outcome of one `seabed run`.
struct RunOutcome {
    /// Why the output differs from node's, if it does.
    mismatch: Option<String>,
    /// The run's metrics (empty when the stats could not be read).
    metrics: BTreeMap<Metric, f64>,
}

fn run_once(exe: &Path, file: &Path, spec: &str, backend: Backend, stats: &Path) -> Result<RunOutcome, String> {
    let tier = spec_tier(spec)?;
    let backend_name = backend.cli_name();
    let _ = std::fs::remove_file(stats);
    let start = Instant::now();
    let output = Command::new(exe)
        .arg("run")
        .arg(file)
        .args(["--tier", tier.name(), "--spec", spec, "--always-opt", "--backend", backend_name, "--stats"])
        .arg(stats)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    let wall = start.elapsed().as_nanos() as f64;
    let expected = std::fs::read(file.with_extension("expected")).map_err(|e| format!("{}: {e}", file.display()))?;
    let expected_status: i32 = std::fs::read_to_string(file.with_extension("status"))
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    let status = output.status.code().unwrap_or(-1);
    let mismatch = if status != expected_status {
        Some(format!("exit status {status}, node's {expected_status}"))
    } else if output.stdout != expected {
        Some("stdout differs from node's".to_string())
    } else {
        None
    };
    let mut metrics = match std::fs::read_to_string(stats) {
        Ok(json) => {
            // The run must have used the backend asked for (`llvm:ftl` names LLVM's pipeline).
            let v: serde_json::Value = serde_json::from_str(&json).map_err(|e| format!("stats JSON: {e}"))?;
            let ran = v["backend"].as_str().unwrap_or("");
            if ran.split(':').next() != Some(backend_name) {
                return Err(format!("{}: asked for backend {backend_name}, the run used {ran:?}", file.display()));
            }
            metrics_from_stats(&json)?
        }
        Err(_) => BTreeMap::new(),
    };
    if !metrics.is_empty() {
        metrics.insert(Metric::WallNs, wall);
    }
    Ok(RunOutcome { mismatch, metrics })
}

fn median(mut xs: Vec<f64>) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    xs.sort_by(|a, b| a.total_cmp(b));
    let n = xs.len();
    Some(if n % 2 == 1 { xs[n / 2] } else { (xs[n / 2 - 1] + xs[n / 2]) / 2.0 })
}

/// A geometric mean of ratios with its 95% bootstrap confidence interval.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Summary {
    /// The geometric mean.
    pub geomean: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

/// The geometric mean of `ratios` (all positive) with a 95% percentile-bootstrap interval:
/// 10,000 resamples of the programs with replacement, drawn from a SplitMix64 generator with
/// a fixed seed (so the same data give the same interval). `None` for no ratios.
pub fn geomean_ci(ratios: &[f64]) -> Option<Summary> {
    if ratios.is_empty() {
        return None;
    }
    // The claims' robustness tables use the same bootstrap (claims::robustness).
    let e = claims::robustness::Estimate::geomean(ratios);
    let (low, high) = e.interval.unwrap_or((e.value, e.value));
    Some(Summary { geomean: e.value, low, high })
}

/// The medians of one program on both sides and whether all its runs matched node.
struct ProgramResult {
    name: String,
    a: BTreeMap<Metric, f64>,
    b: BTreeMap<Metric, f64>,
    mismatches: Vec<String>,
}

fn medians(runs: &[BTreeMap<Metric, f64>]) -> BTreeMap<Metric, f64> {
    Metric::ALL
        .iter()
        .filter_map(|&m| median(runs.iter().filter_map(|r| r.get(&m).copied()).collect()).map(|x| (m, x)))
        .collect()
}

/// Runs the comparison; returns the report (table on stdout) and whether every output matched.
pub fn run(opts: &AbOptions) -> Result<bool, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the seabed executable: {e}"))?;
    let files = programs(&opts.corpus)?;
    if files.is_empty() {
        return Err(format!("no programs with a .expected file in {}", opts.corpus.display()));
    }
    let tmp = std::env::temp_dir().join(format!("seabed-ab-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).map_err(|e| format!("cannot create {}: {e}", tmp.display()))?;
    let stats = tmp.join("stats.json");
    let mut results = Vec::new();
    let bar = harness::progress::Progress::new("ab", files.len() as u64 * u64::from(opts.reps) * 2);
    for file in &files {
        let name = file.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        bar.set_message(name.as_str());
        let (mut runs_a, mut runs_b, mut mismatches) = (Vec::new(), Vec::new(), Vec::new());
        for rep in 0..opts.reps {
            let order: [(&str, &String); 2] = if rep % 2 == 0 { [("A", &opts.a), ("B", &opts.b)] } else { [("B", &opts.b), ("A", &opts.a)] };
            for (side, spec) in order {
                let outcome = run_once(&exe, file, spec, opts.backend, &stats)?;
                bar.inc(1);
                if let Some(m) = outcome.mismatch {
                    mismatches.push(format!("{side}: {m}"));
                }
                if side == "A" { runs_a.push(outcome.metrics) } else { runs_b.push(outcome.metrics) }
            }
        }
        bar.println(format!("ab: {name}{}", if mismatches.is_empty() { String::new() } else { format!(" ({})", mismatches.join("; ")) }));
        results.push(ProgramResult { name, a: medians(&runs_a), b: medians(&runs_b), mismatches });
    }
    bar.finish();
    let _ = std::fs::remove_dir_all(&tmp);
    let all_match = results.iter().all(|r| r.mismatches.is_empty());
    print!("{}", report(opts, &results, all_match));
    if let Some(out) = &opts.out {
        std::fs::write(out, csv(opts, &results)).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        eprintln!("ab: wrote {}", out.display());
    }
    Ok(all_match)
}

fn report(opts: &AbOptions, results: &[ProgramResult], all_match: bool) -> String {
    let mut s = String::new();
    let backend = opts.backend.cli_name();
    let _ = writeln!(s, "A: {}\nB: {}", opts.a, opts.b);
    let _ = writeln!(
        s,
        "corpus {} ({} programs), {} rep(s) per side interleaved, backend {backend}, --always-opt, revision {}, {}",
        opts.corpus.display(),
        results.len(),
        opts.reps,
        git_revision(),
        machine()
    );
    let _ = writeln!(s, "geometric mean of per-program B/A ratios (medians over reps); 95% CI: percentile bootstrap over programs, 10000 resamples, fixed seed\n");
    let _ = writeln!(s, "{:<16} {:>8} {:>8} {:>12} {:>22} {:>9}", "metric", "programs", "skipped", "geomean B/A", "95% CI", "change");
    for &metric in &opts.metrics {
        let mut ratios = Vec::new();
        let mut measured = false;
        for r in results {
            let (a, b) = (r.a.get(&metric), r.b.get(&metric));
            measured |= a.is_some() || b.is_some();
            match (a, b) {
                (Some(&a), Some(&b)) if a > 0.0 && b > 0.0 => ratios.push(b / a),
                _ => {}
            }
        }
        let skipped = results.len() - ratios.len();
        match geomean_ci(&ratios) {
            Some(g) => {
                let ci = format!("[{:.4}, {:.4}]", g.low, g.high);
                let change = format!("{:+.1}%", (g.geomean - 1.0) * 100.0);
                let _ = writeln!(s, "{:<16} {:>8} {:>8} {:>12.4} {:>22} {:>9}", metric.name(), ratios.len(), skipped, g.geomean, ci, change);
            }
            None if !measured && metric == Metric::Loads => {
                let _ = writeln!(s, "{:<16} absent: executed loads are counted by the LIR evaluator only (--backend lir)", metric.name());
            }
            None => {
                let _ = writeln!(s, "{:<16} {:>8} {:>8}   no program has a non-zero value on both sides", metric.name(), 0, skipped);
            }
        }
    }
    let runs = results.len() as u32 * opts.reps * 2;
    if all_match {
        let _ = writeln!(s, "\noutputs: all {runs} runs of A and B printed exactly node's output with node's exit status");
    } else {
        let bad: Vec<String> = results
            .iter()
            .filter(|r| !r.mismatches.is_empty())
            .map(|r| format!("{} ({})", r.name, r.mismatches.join("; ")))
            .collect();
        let _ = writeln!(s, "\noutputs: DIFFER from node's in {} program(s): {}", bad.len(), bad.join(", "));
    }
    s
}

fn csv(opts: &AbOptions, results: &[ProgramResult]) -> String {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let revision = git_revision();
    let backend = opts.backend.cli_name();
    let cell = |x: Option<&f64>| x.map(|v| format!("{v}")).unwrap_or_default();
    for r in results {
        for &metric in &opts.metrics {
            let (a, b) = (r.a.get(&metric), r.b.get(&metric));
            let ratio = match (a, b) {
                (Some(&a), Some(&b)) if a > 0.0 && b > 0.0 => format!("{:.6}", b / a),
                _ => String::new(),
            };
            rows.push(vec![
                r.name.clone(),
                metric.name().to_string(),
                cell(a),
                cell(b),
                ratio,
                r.mismatches.is_empty().to_string(),
                opts.reps.to_string(),
                backend.to_string(),
                opts.a.clone(),
                opts.b.clone(),
                revision.clone(),
            ]);
        }
    }
    harness::schema::to_text::<harness::schema::AbRow>(&rows)
}

/// `seabed ab ARGS`: runs the comparison and returns the exit status.
pub fn main(args: AbArgs) -> u8 {
    let opts = match args.options() {
        Ok(o) => o,
        Err(e) => return crate::cli::usage_error(&["ab"], &e),
    };
    match run(&opts) {
        Ok(true) => harness::cli::EXIT_OK,
        Ok(false) => EXIT_MISMATCH,
        Err(e) => {
            eprintln!("seabed ab: {e}");
            harness::cli::EXIT_USAGE
        }
    }
}
