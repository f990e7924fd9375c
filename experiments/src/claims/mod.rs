//! `seabed experiment claims`: one experiment per claim of `CLAIMS.md` (C1–C11), each
//! writing a tidy CSV into the results directory; `seabed report` turns the CSVs into
//! `REPORT.md` (see [`crate::report`]).
//!
//! Measurements spawn `seabed run FILE ... --stats JSON` (the current executable) and read
//! the phase rows back ([`runner`]). Counter runs are deterministic and run in parallel,
//! shared between claims through a cache; timing runs and callgrind runs run one at a time.
//!
//! | claim | module | CSV |
//! |---|---|---|
//! | C1 | [`reducers`] | `c1_reducer_changes.csv` |
//! | C2 | [`cache`] | `c2_cache_misses.csv` |
//! | C3, C10 | [`compile_time`] | `c3_compile_time.csv`, `c10_llvm_share.csv` |
//! | C4, C9 | [`load_elim`] | `c4_load_elim_scaling.csv`, `c9_alias_analysis.csv` |
//! | C5–C8 | [`graph`] | `c5_node_splitting.csv`, `c6_checks_left.csv`, `c7_chain_share.csv`, `c8_schedule_locality.csv` |
//! | C11 | [`speedup`] | `c11_speedup.csv` |

pub mod cache;
pub mod compile_time;
pub mod graph;
pub mod load_elim;
pub mod reducers;
pub mod runner;
pub mod speedup;
pub mod table;

#[cfg(test)]
mod spec_tests;

use std::path::PathBuf;
use std::time::Instant;

use runner::{RunSpec, Runner};
use table::{RowContext, Table};

/// The options of `seabed experiment claims`.
#[derive(Clone, Debug)]
pub struct ClaimsOptions {
    /// Where the CSVs go.
    pub out: PathBuf,
    /// Repetitions of timing measurements.
    pub reps: u32,
    /// The corpus directory.
    pub corpus: PathBuf,
    /// Only these claims (`C1`, `C4`, ...); all when empty.
    pub only: Vec<String>,
    /// Smoke mode: a few small programs, one repetition, small generated sizes, no node.
    pub quick: bool,
    /// Show progress bars.
    pub progress: bool,
}

/// One claim experiment: its id, the CSV files it writes, and the function that runs it.
pub struct Claim {
    /// `C1` … `C11`.
    pub id: &'static str,
    /// The CSV files (under the results directory) this experiment writes.
    pub files: &'static [&'static str],
    /// Runs the experiment.
    pub run: fn(&Ctx) -> Result<(), String>,
}

/// Every claim experiment, in order. C3 and C10 share their runs, as do C4 and C9 (their
/// experiments write both files when either is selected).
pub const CLAIMS: &[Claim] = &[
    Claim { id: "C1", files: &["c1_reducer_changes.csv"], run: reducers::run },
    Claim { id: "C2", files: &["c2_cache_misses.csv"], run: cache::run },
    Claim { id: "C3", files: &["c3_compile_time.csv"], run: compile_time::run_c3 },
    Claim { id: "C4", files: &["c4_load_elim_scaling.csv"], run: load_elim::run_c4 },
    Claim { id: "C5", files: &["c5_node_splitting.csv"], run: graph::run_c5 },
    Claim { id: "C6", files: &["c6_checks_left.csv"], run: graph::run_c6 },
    Claim { id: "C7", files: &["c7_chain_share.csv"], run: graph::run_c7 },
    Claim { id: "C8", files: &["c8_schedule_locality.csv"], run: graph::run_c8 },
    Claim { id: "C9", files: &["c9_alias_analysis.csv"], run: load_elim::run_c9 },
    Claim { id: "C10", files: &["c10_llvm_share.csv"], run: compile_time::run_c10 },
    Claim { id: "C11", files: &["c11_speedup.csv"], run: speedup::run },
];

/// What every claim experiment gets: options, the runner, and the run's context values.
pub struct Ctx {
    /// The options.
    pub opts: ClaimsOptions,
    /// The process runner (with the shared cache of counter runs).
    pub runner: Runner,
    /// Git revision of the tree.
    pub revision: String,
    /// Machine description.
    pub machine: String,
}

/// Programs of the quick (smoke) mode, when present in the corpus.
const QUICK_PROGRAMS: &[&str] = &["bench_fib.js", "bench_sieve.js", "feat_arith_int.js"];

impl Ctx {
    /// Every `.js` program of the corpus (the quick set in quick mode), sorted.
    pub fn programs(&self) -> Result<Vec<PathBuf>, String> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&self.opts.corpus)
            .map_err(|e| format!("cannot read {}: {e}", self.opts.corpus.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "js"))
            .collect();
        files.sort();
        if self.opts.quick {
            let quick: Vec<PathBuf> =
                files.iter().filter(|p| QUICK_PROGRAMS.contains(&runner::file_name(p).as_str())).cloned().collect();
            files = if quick.is_empty() { files.into_iter().take(2).collect() } else { quick };
        }
        Ok(files)
    }

    /// The benchmark kernels (`bench_*.js`; the quick set's kernels in quick mode).
    pub fn kernels(&self) -> Result<Vec<PathBuf>, String> {
        let all = crate::experiment::kernels(&self.opts.corpus)?;
        if self.opts.quick {
            let programs = self.programs()?;
            let k: Vec<PathBuf> = all.iter().filter(|p| programs.contains(p)).cloned().collect();
            return Ok(if k.is_empty() { all.into_iter().take(1).collect() } else { k });
        }
        Ok(all)
    }

    /// Repetitions of timing measurements (1 in quick mode).
    pub fn reps(&self) -> u32 {
        if self.opts.quick {
            1
        } else {
            self.opts.reps
        }
    }

    /// A new table with the context columns and `columns`.
    pub fn table(&self, columns: &[&str]) -> Table {
        Table::with_context(columns)
    }

    /// Appends a row to `table`.
    pub fn push(&self, table: &mut Table, ctx: &RowContext, values: Vec<String>) {
        table.push(ctx, &self.revision, &self.machine, values);
    }

    /// Writes `table` to `file` under the results directory and says so.
    pub fn write(&self, table: &Table, file: &str) -> Result<(), String> {
        let path = self.opts.out.join(file);
        table.write(&path)?;
        eprintln!("claims: wrote {} ({} rows)", path.display(), table.rows.len());
        Ok(())
    }

    /// Counter runs of `program` for each of `args`, in parallel and cached.
    pub fn counter_runs(&self, programs: &[PathBuf], configs: &[Vec<String>], what: &str) -> Vec<runner::Stats> {
        let specs: Vec<RunSpec> = programs
            .iter()
            .flat_map(|p| configs.iter().map(move |a| RunSpec { program: p.clone(), args: a.clone() }))
            .collect();
        let results = self.runner.counters(&specs, what);
        specs
            .iter()
            .zip(results)
            .map(|(s, r)| match r.as_ref() {
                Ok(stats) => stats.clone(),
                Err(e) => {
                    eprintln!("claims: {what}: {} skipped: {e}", s.program_name());
                    runner::Stats { status: -1, ..Default::default() }
                }
            })
            .collect()
    }
}

/// The arguments of a `seabed run` on `tier` with `spec` (default tiering, LIR evaluator).
pub fn args(tier: &str, spec: &str, extra: &[&str]) -> Vec<String> {
    let mut a = vec!["--tier".to_string(), tier.to_string(), "--spec".into(), spec.to_string()];
    if !extra.iter().any(|e| *e == "--backend" || *e == "--llvm") {
        a.extend(["--backend".to_string(), "lir".into()]);
    }
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

/// Formats a float compactly for CSV.
pub fn fmt(x: f64) -> String {
    if x.is_finite() {
        if x == x.trunc() && x.abs() < 1e15 {
            format!("{}", x as i64)
        } else {
            format!("{x:.6}")
        }
    } else {
        String::new()
    }
}

/// Formats an optional counter for CSV (empty when absent).
pub fn opt(x: Option<u64>) -> String {
    x.map(|v| v.to_string()).unwrap_or_default()
}

/// Runs the selected claim experiments, printing the time each took.
pub fn run(opts: ClaimsOptions) -> Result<(), String> {
    std::fs::create_dir_all(&opts.out).map_err(|e| format!("cannot create {}: {e}", opts.out.display()))?;
    for id in &opts.only {
        if !CLAIMS.iter().any(|c| c.id.eq_ignore_ascii_case(id)) {
            return Err(format!("unknown claim '{id}' (C1 … C11)"));
        }
    }
    let seabed = std::env::current_exe().map_err(|e| format!("cannot find the seabed binary: {e}"))?;
    // Stats files, generated programs and callgrind dumps: outside the results directory.
    let scratch = std::env::temp_dir().join(format!("seabed-claims-{}", std::process::id()));
    let runner = Runner::new(seabed, scratch.clone(), opts.progress)?;
    let ctx = Ctx { runner, revision: crate::experiment::git_revision(), machine: crate::experiment::machine(), opts };
    let total = Instant::now();
    let mut failures = Vec::new();
    for claim in CLAIMS {
        if !ctx.opts.only.is_empty() && !ctx.opts.only.iter().any(|o| o.eq_ignore_ascii_case(claim.id)) {
            continue;
        }
        let start = Instant::now();
        eprintln!("claims: {} ...", claim.id);
        if let Err(e) = (claim.run)(&ctx) {
            eprintln!("claims: {} failed: {e}", claim.id);
            failures.push(format!("{}: {e}", claim.id));
        }
        eprintln!("claims: {} took {:.1} s", claim.id, start.elapsed().as_secs_f64());
    }
    write_run_log(&ctx)?;
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!("claims: all selected experiments took {:.1} s", total.elapsed().as_secs_f64());
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("; "))
    }
}

/// Writes `claims_runs.csv`: every process the counter runs spawned, with its outcome.
fn write_run_log(ctx: &Ctx) -> Result<(), String> {
    let log = ctx.runner.log.lock().map_err(|_| "run log poisoned")?;
    let mut t = Table::with_context(&["args", "seconds", "outcome"]);
    for (spec, secs, outcome) in log.iter() {
        let rc = RowContext {
            experiment: "runs".into(),
            program: spec.program_name(),
            counter_backend: "meter".into(),
            ..Default::default()
        };
        t.push(&rc, &ctx.revision, &ctx.machine, vec![spec.args.join(" "), fmt(*secs), outcome.clone()]);
    }
    let path = ctx.opts.out.join("claims_runs.csv");
    t.write(&path)
}

/// Parses the arguments of `seabed experiment claims` (after `claims`).
pub fn parse_args(args: &[String]) -> Result<ClaimsOptions, String> {
    let mut opts = ClaimsOptions {
        out: "results".into(),
        reps: 3,
        corpus: concat!(env!("CARGO_MANIFEST_DIR"), "/corpus").into(),
        only: Vec::new(),
        quick: false,
        progress: std::io::IsTerminal::is_terminal(&std::io::stderr()),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |flag: &str| it.next().cloned().ok_or(format!("{flag} needs a value"));
        match a.as_str() {
            "--out" => opts.out = value("--out")?.into(),
            "--corpus" => opts.corpus = value("--corpus")?.into(),
            "--reps" => {
                let v = value("--reps")?;
                opts.reps = v.parse().ok().filter(|&n| n > 0).ok_or(format!("bad --reps '{v}'"))?;
            }
            "--only" => {
                opts.only = value("--only")?.split(',').map(|s| s.trim().to_uppercase()).filter(|s| !s.is_empty()).collect()
            }
            "--quick" => opts.quick = true,
            "--no-progress" => opts.progress = false,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(opts)
}

/// `seabed experiment claims ...`: returns the exit status (0 ok, 2 usage or failure).
pub fn cli(args: &[String]) -> u8 {
    let opts = match parse_args(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("seabed experiment claims: {e}");
            return 2;
        }
    };
    match run(opts) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("seabed experiment claims: {e}");
            2
        }
    }
}
