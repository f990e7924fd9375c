//! The claims crate: `seabed experiment` and `seabed report`.
//!
//! - The claims (this module and the `cN_*` modules): `seabed experiment claims`.
//! - The other measurements of `seabed experiment` ([`experiment`]: interp, bench-interp,
//!   tiers, [`code_quality`], [`gc_bench`], [`v8stats`]), V8's graph traces ([`v8graph`]) and
//!   the generated programs of the scaling claims ([`generate`]).
//! - The report: [`report`] writes `REPORT.md` from every claim's [`finding::Finding`], with
//!   figures drawn by [`plot`]; [`results`] reads back every CSV of `results/`.
//!
//! `seabed experiment claims`: one experiment per claim of `CLAIMS.md` (C1–C11) and of issue 36 (C12–C16 and Click), each
//! writing a tidy CSV into the results directory; `seabed report` turns the CSVs into
//! `REPORT.md` (see [`crate::report`]).
//!
//! A claim is defined once, in its own file: a [`Claim`] with its id, title and published
//! figure, its CSV files and their columns ([`table::Csv`]), the function that measures and
//! the function that reads the CSVs back into its report section, whose verdict rule is data
//! for the shared helper [`verdict`]. [`CLAIMS`] lists them in order.
//!
//! Measurements spawn `seabed run FILE ... --stats JSON` (the current executable) and read
//! the phase rows back ([`runner`]). Counter runs are deterministic and run in parallel,
//! shared between claims through a cache; timing runs and callgrind runs run one at a time.
//! Claims that share runs share a module for them: C3 and C10 ([`compile_time`]: one set of
//! timing runs serves both when both are selected), C4 and C9 ([`load_elim`]: specs and the
//! load-elimination rows), C5–C8 ([`graph`]: the default pipelines' counter runs, also C1's).
//!
//! | claim | definition | CSV |
//! |---|---|---|
//! | C1 | [`c1_reducer_changes`] | `c1_reducer_changes.csv` |
//! | C2 | [`c2_cache_misses`] | `c2_cache_misses.csv` |
//! | C3 | [`c3_compile_time`] | `c3_compile_time.csv`, `c3_phase_profile.csv` |
//! | C4 | [`c4_load_elim_scaling`] | `c4_load_elim_scaling.csv` |
//! | C5 | [`c5_node_splitting`] | `c5_node_splitting.csv` |
//! | C6 | [`c6_checks_left`] | `c6_checks_left.csv` |
//! | C7 | [`c7_chain_share`] | `c7_chain_share.csv`, `c7_v8_chain_share.csv` |
//! | C8 | [`c8_schedule_locality`] | `c8_schedule_locality.csv` |
//! | C9 | [`c9_alias_analysis`] | `c9_alias_analysis.csv` |
//! | C10 | [`c10_llvm_share`], [`c10_per_function`] | `c10_llvm_share.csv`, `c10_per_function.csv`, `c10_v8_compile.csv` |
//! | C11 | [`c11_speedup`] | `c11_speedup.csv` |
//! | C12 | [`c12_code_motion`] | `c12_code_motion.csv` |
//! | C13 | [`c13_deadness`] | `c13_deadness.csv` |
//! | C14 | [`c14_loops`] | `c14_loops.csv`, `c14_peel_code.csv` |
//! | C15 | [`c15_simpler_shorter`] | `c15_simpler_shorter.csv` (counted in the source tree; no process runs) |
//! | C16 | [`c16_control_lowering`] | `c16_control_lowering.csv` |
//! | Click | [`click_alias_class`] | `click_alias_class.csv` |

pub mod c10_llvm_share;
pub mod c11_speedup;
pub mod c12_code_motion;
pub mod c13_deadness;
pub mod c14_loops;
pub mod c15_simpler_shorter;
pub mod c16_control_lowering;
pub mod c1_reducer_changes;
pub mod c2_cache_misses;
pub mod c10_per_function;
pub mod c3_compile_time;
pub mod c4_load_elim_scaling;
pub mod c5_node_splitting;
pub mod c6_checks_left;
pub mod c7_chain_share;
pub mod c8_schedule_locality;
pub mod c9_alias_analysis;
pub mod click_alias_class;
pub mod compile_time;
pub mod graph;
pub mod load_elim;
pub mod phase_kinds;
pub mod program_set;
pub mod robustness;
pub mod rule_history;
pub mod runner;
pub mod table;
pub mod tiering;
pub mod verdict;

pub mod code_quality;
pub mod experiment;
pub mod finding;
pub mod gc_bench;
pub mod generate;
pub mod plot;
pub mod report;
pub mod results;
pub mod v8graph;
pub mod v8stats;

#[cfg(test)]
pub mod fixtures;
#[cfg(test)]
mod spec_tests;

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::finding::Finding;
use runner::{RunSpec, Runner};
use table::{Csv, RowContext, Table};
use tiering::Tiering;
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

/// One claim of `CLAIMS.md`, defined once: what it says, what it writes, how it is measured
/// and how the report judges it.
pub struct Claim {
    /// `C1` … `C11`.
    pub id: &'static str,
    /// Which side of the public debate the claim tests.
    pub side: Side,
    /// The claim in a few words.
    pub title: &'static str,
    /// The published figure.
    pub published: &'static str,
    /// The CSV files (under the results directory) its experiment writes, with their columns.
    pub csvs: &'static [Csv],
    /// Runs the experiment and writes the CSVs.
    pub run: fn(&Ctx) -> Result<(), String>,
    /// The claim's report section, with the verdict by the claim's rule, from its first CSV
    /// (loaded and checked against its definition; for a counting claim only the rows of one
    /// [`tiering::Tiering`]) and the results directory it is in (for figures and any further
    /// CSV, whose rows the function selects with [`tiering::Tiering::of`] the table).
    pub report: fn(&Path, &Table) -> Finding,
    /// The verdict rule (its history: [`rule_history`]): which value is judged, in which direction,
    /// against which thresholds (the report prints it in the claim's section).
    pub rule: fn() -> String,
    /// Threats to validity: what could make the figure wrong (program set, machine noise,
    /// counter backend, a side's missing optimization).
    pub threats: &'static str,
}

impl Claim {
    /// The claim's report section from the CSVs in `dir`, or "no data" when its first CSV is
    /// missing, lacks columns of its definition or has no rows. A counting claim (its CSV has
    /// a [`tiering::COLUMN`]) is judged on its hot compiles, and its verdict on the
    /// `--always-opt` rows joins the robustness table as an alternative.
    pub fn finding(&self, dir: &Path) -> Finding {
        let Some(csv) = self.csvs.first() else {
            return Finding::no_data(self, "the claim defines no CSV");
        };
        let table = match crate::finding::load(dir, csv) {
            Ok(table) => table,
            Err(e) => return Finding::no_data(self, e),
        };
        if table.column(tiering::COLUMN).is_none() {
            return (self.report)(dir, &table);
        }
        let hot = (self.report)(dir, &Tiering::Hot.rows_of(&table));
        if !Tiering::AlwaysOpt.named_in(&table) {
            return hot;
        }
        let always = (self.report)(dir, &Tiering::AlwaysOpt.rows_of(&table));
        hot.with_alternative_finding(Tiering::AlwaysOpt.alternative(), &always)
    }
}

/// Which side of the public debate a claim comes from; the report groups the claims by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// V8's case for leaving the sea of nodes (its 2025 post): what a CFG IR does better.
    CfgCase,
    /// What the sea of nodes was adopted for (TurboFan's design: more code motion, better
    /// redundancy elimination).
    SonCase,
    /// Cliff Click's answer to V8: remedies within the sea of nodes (alias-class memory).
    ClickRemedy,
}

impl Side {
    /// Every side, in the report's order.
    pub const ALL: [Side; 3] = [Side::CfgCase, Side::SonCase, Side::ClickRemedy];

    /// The side's heading in the report.
    pub fn title(self) -> &'static str {
        match self {
            Side::CfgCase => "V8's case for the CFG",
            Side::SonCase => "The case for the sea of nodes",
            Side::ClickRemedy => "Click's remedies",
        }
    }

    /// Where the side's claims come from, in a sentence.
    pub fn source(self) -> &'static str {
        match self {
            Side::CfgCase => "V8's 2025 post on leaving the sea of nodes for Turboshaft, and the sources it cites",
            Side::SonCase => "what TurboFan's design promised of the sea of nodes: more code motion, better redundancy elimination",
            Side::ClickRemedy => "Cliff Click's reply (SeaOfNodes/Simple): alias-class memory instead of one effect chain",
        }
    }
}

/// Every claim, in order. C3 and C10 share their timing runs (the C3 experiment writes
/// C10's file too when both are selected); C4 and C9 share their load-elimination specs; C1
/// and C5–C8 share counter runs through the runner's cache.
pub const CLAIMS: &[Claim] = &[
    c1_reducer_changes::CLAIM,
    c2_cache_misses::CLAIM,
    c3_compile_time::CLAIM,
    c4_load_elim_scaling::CLAIM,
    c5_node_splitting::CLAIM,
    c6_checks_left::CLAIM,
    c7_chain_share::CLAIM,
    c8_schedule_locality::CLAIM,
    c9_alias_analysis::CLAIM,
    c10_llvm_share::CLAIM,
    c11_speedup::CLAIM,
    c12_code_motion::CLAIM,
    c13_deadness::CLAIM,
    c14_loops::CLAIM,
    c15_simpler_shorter::CLAIM,
    c16_control_lowering::CLAIM,
    click_alias_class::CLAIM,
];

/// The log of every process the runs spawned, with its outcome.
pub const RUN_LOG: Csv = Csv { file: "claims_runs.csv", columns: &["args", "seconds", "outcome"] };

/// Every claims CSV definition: [`RUN_LOG`], then each claim's files in registry order.
pub fn all_csvs() -> Vec<Csv> {
    std::iter::once(RUN_LOG).chain(CLAIMS.iter().flat_map(|c| c.csvs.iter().copied())).collect()
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

/// Runs the selected claim experiments, printing the time each took.
pub fn run(opts: ClaimsOptions) -> Result<(), String> {
    std::fs::create_dir_all(&opts.out).map_err(|e| format!("cannot create {}: {e}", opts.out.display()))?;
    for id in &opts.only {
        if !CLAIMS.iter().any(|c| c.id.eq_ignore_ascii_case(id)) {
            return Err(format!("unknown claim '{id}' (C1 … C16, Click)"));
        }
    }
    let seabed = std::env::current_exe().map_err(|e| format!("cannot find the seabed binary: {e}"))?;
    // Stats files, generated programs and callgrind dumps: outside the results directory.
    let scratch = std::env::temp_dir().join(format!("seabed-claims-{}", std::process::id()));
    let runner = Runner::new(seabed, scratch.clone(), opts.progress)?;
    let ctx = Ctx { runner, revision: harness::process::git_revision(), machine: harness::process::machine(), opts };
    let total = Instant::now();
    let mut failures = Vec::new();
    for claim in CLAIMS {
        if !ctx.opts.selects(claim.id) {
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

/// The file [`RUN_LOG`] is written to: `claims_runs.csv` for a run of every claim, and for a
/// run of some (`--only C13,C14`) `claims_runs_c13_c14.csv`, so that a partial run does not
/// overwrite the log of the full run whose CSVs stay beside it.
pub fn run_log_file(only: &[String]) -> String {
    if only.is_empty() {
        return RUN_LOG.file.to_string();
    }
    let ids: Vec<String> = only.iter().map(|id| id.to_lowercase()).collect();
    format!("{}_{}.csv", RUN_LOG.file.trim_end_matches(".csv"), ids.join("_"))
}

/// Whether `file` is a run log ([`run_log_file`], or a name `make claims-oo` gave one).
pub fn is_run_log(file: &str) -> bool {
    file.starts_with(RUN_LOG.file.trim_end_matches(".csv")) && file.ends_with(".csv")
}

/// Writes [`RUN_LOG`] ([`run_log_file`]): every process the counter runs spawned, with its
/// outcome.
fn write_run_log(ctx: &Ctx) -> Result<(), String> {
    let log = ctx.runner.log.lock().map_err(|_| "run log poisoned")?;
    let mut t = Table::for_csv(&RUN_LOG);
    for (spec, secs, outcome) in log.iter() {
        let rc = RowContext {
            experiment: "runs".into(),
            program: spec.program_name(),
            counter_backend: "meter".into(),
            ..Default::default()
        };
        t.push(&rc, &ctx.revision, &ctx.machine, vec![spec.args.join(" "), fmt(*secs), outcome.clone()]);
    }
    t.write(&ctx.opts.out.join(run_log_file(&ctx.opts.only)))
}

/// What `seabed experiment claims --help` says after the options.
pub const AFTER_HELP: &str = "\
Each selected claim writes its CSVs (c1_*.csv ... c16_*.csv, click_*.csv) and the run log
(claims_runs.csv; with --only, claims_runs_<ids>.csv) into --out DIR;
seabed report turns them into REPORT.md.

Examples:
  seabed experiment claims --out results --reps 3
  seabed experiment claims --only C3,C10 --quick";

/// The arguments of `seabed experiment claims`.
#[derive(clap::Args, Debug)]
pub struct ClaimsArgs {
    /// Where the CSVs go
    #[arg(long, value_name = "DIR", default_value = "results")]
    out: PathBuf,
    /// Repetitions of timing measurements
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    reps: u32,
    /// The corpus directory [default: experiments/corpus of the source tree]
    #[arg(long, value_name = "DIR", default_value_os_t = harness::process::experiments_dir().join("corpus"), hide_default_value = true)]
    corpus: PathBuf,
    /// Only these claims, e.g. C1,C4 (any case) [default: all, C1 to C16 and Click]
    #[arg(long, value_name = "C1,C4,...")]
    only: Option<String>,
    /// Smoke mode: a few small programs, one repetition, small generated sizes, no node
    #[arg(long)]
    quick: bool,
    /// No progress bars (they are drawn only on a terminal anyway)
    #[arg(long)]
    no_progress: bool,
}

impl ClaimsArgs {
    /// The paths the claims write (`--out`), checked before they start.
    pub fn output_paths(&self) -> Vec<harness::cli::OutputPath> {
        vec![harness::cli::OutputPath::Dir(self.out.clone())]
    }
}

impl ClaimsArgs {
    /// The options these arguments select.
    pub fn options(self) -> ClaimsOptions {
        let only = self.only.unwrap_or_default();
        ClaimsOptions {
            out: self.out,
            reps: self.reps,
            corpus: self.corpus,
            only: only.split(',').map(|s| s.trim().to_uppercase()).filter(|s| !s.is_empty()).collect(),
            quick: self.quick,
            progress: !self.no_progress && std::io::IsTerminal::is_terminal(&std::io::stderr()),
        }
    }
}

/// `seabed experiment claims ...`: returns the exit status (0 ok, 2 a failed experiment).
pub fn cli(args: ClaimsArgs) -> u8 {
    match run(args.options()) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("seabed experiment claims: {e}");
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::table::CONTEXT_COLUMNS;
    use super::*;

    #[test]
    fn the_registry_lists_the_claims_in_order() {
        let ids: Vec<&str> = CLAIMS.iter().map(|c| c.id).collect();
        let expected: Vec<String> = (1..=16).map(|i| format!("C{i}")).chain(["Click".to_string()]).collect();
        assert_eq!(ids, expected);
    }

    #[test]
    fn a_partial_run_keeps_the_full_run_s_log() {
        assert_eq!(run_log_file(&[]), "claims_runs.csv");
        assert_eq!(run_log_file(&["C13".into(), "click".into()]), "claims_runs_c13_click.csv");
        assert!(is_run_log("claims_runs_c13_click.csv") && is_run_log("claims_runs_counters.csv") && is_run_log(RUN_LOG.file));
        assert!(!is_run_log("c1_reducer_changes.csv"));
    }

    #[test]
    fn every_csv_is_named_after_its_claim_and_has_distinct_columns() {
        let mut files: Vec<&str> = vec![RUN_LOG.file];
        for claim in CLAIMS {
            assert!(!claim.csvs.is_empty(), "{} writes no CSV", claim.id);
            for csv in claim.csvs {
                let prefix = format!("{}_", claim.id.to_lowercase());
                assert!(csv.file.starts_with(&prefix) && csv.file.ends_with(".csv"), "{}: {}", claim.id, csv.file);
                let mut columns: Vec<&str> = CONTEXT_COLUMNS.iter().chain(csv.columns).copied().collect();
                let all = columns.len();
                columns.sort_unstable();
                columns.dedup();
                assert_eq!(columns.len(), all, "{}: a column twice (or a context column again)", csv.file);
                files.push(csv.file);
            }
        }
        let all = files.len();
        files.sort_unstable();
        files.dedup();
        assert_eq!(files.len(), all, "two definitions write the same file");
    }

    #[test]
    fn single_figure_rules_quote_their_thresholds() {
        assert_eq!(c1_reducer_changes::RULE.text(), "rule: 10–40 reproduced, 5–80 partly");
        assert_eq!(c3_compile_time::RULE.text(), "rule: ≤ 0.6 reproduced, < 0.9 partly");
        assert_eq!(c7_chain_share::RULE.text(), "rule: ≥ 50% reproduced, ≥ 30% partly");
        assert_eq!(c8_schedule_locality::RULE.text(), "rule: ≥ 1.5× reproduced, > 1.1× partly");
        assert_eq!(c10_llvm_share::RULE.text(), "rule: ≥ 80% reproduced, ≥ 50% partly");
    }
}
