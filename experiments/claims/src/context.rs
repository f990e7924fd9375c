//! What a claim's measurement runs with: the options of `seabed experiment claims`
//! ([`ClaimsOptions`]) and the context every claim's `run` gets ([`Ctx`]: its programs, the
//! runner, its tables), with the small formatting helpers the claims share.

use std::path::PathBuf;

use crate::runner::{self, RunSpec, Runner};
use crate::table::{Csv, RowContext, Table};
use crate::tiering::Tiering;

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

impl ClaimsOptions {
    /// Whether claim `id` is selected (every claim is when `only` is empty).
    pub fn selects(&self, id: &str) -> bool {
        self.only.is_empty() || self.only.iter().any(|o| o.eq_ignore_ascii_case(id))
    }
}


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
        let all = crate::program_set::kernels(&self.opts.corpus)?;
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

    /// A new table with the header of `csv`.
    pub fn table(&self, csv: &Csv) -> Table {
        Table::for_csv(csv)
    }

    /// Appends a row to `table`.
    pub fn push(&self, table: &mut Table, ctx: &RowContext, values: Vec<String>) {
        table.push(ctx, &self.revision, &self.machine, values);
    }

    /// Writes `table` to the file of `csv` under the results directory and says so.
    pub fn write(&self, table: &Table, csv: &Csv) -> Result<(), String> {
        let path = self.opts.out.join(csv.file);
        table.write(&path)?;
        eprintln!("claims: wrote {} ({} rows)", path.display(), table.rows.len());
        Ok(())
    }

    /// Counter runs of every program under each (pipeline, spec) of `configs`, once per
    /// [`Tiering`] (its flags added): one [`TieredRun`] per run that produced stats, in
    /// tiering, program and configuration order.
    pub fn tiered_counter_runs(&self, programs: &[PathBuf], configs: &[(&str, &str)], what: &str) -> Vec<TieredRun> {
        let mut out = Vec::new();
        for tiering in Tiering::ALL {
            let arg_sets: Vec<Vec<String>> = configs.iter().map(|(pipeline, spec)| args(pipeline, spec, tiering.flags())).collect();
            let stats = self.counter_runs(programs, &arg_sets, what);
            for (i, stats) in stats.into_iter().enumerate() {
                if stats.status >= 0 {
                    out.push(TieredRun { tiering, program: i / configs.len(), config: i % configs.len(), stats });
                }
            }
        }
        out
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

/// One run of [`Ctx::tiered_counter_runs`].
pub struct TieredRun {
    /// Hot compiles or `--always-opt`.
    pub tiering: Tiering,
    /// Index of the program in the list given.
    pub program: usize,
    /// Index of the configuration in the list given.
    pub config: usize,
    /// What the run recorded.
    pub stats: runner::Stats,
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
