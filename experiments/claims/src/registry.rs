//! The registry of the claims ([`CLAIMS`], in id order) and the `seabed experiment claims`
//! command that runs them and writes their CSVs and run log.

use std::path::PathBuf;
use std::time::Instant;

use crate::runner::Runner;
use crate::table::{Csv, RowContext, Table};
use crate::{fmt, Claim, ClaimsOptions, Ctx};

/// Every claim, in order. C3 and C10 share their timing runs (the C3 experiment writes
/// C10's file too when both are selected); C4 and C9 share their load-elimination specs; C1
/// and C5–C8 share counter runs through the runner's cache.
pub const CLAIMS: &[Claim] = &[
    crate::c1_reducer_changes::CLAIM,
    crate::c2_cache_misses::CLAIM,
    crate::c3_compile_time::CLAIM,
    crate::c4_load_elim_scaling::CLAIM,
    crate::c5_node_splitting::CLAIM,
    crate::c6_checks_left::CLAIM,
    crate::c7_chain_share::CLAIM,
    crate::c8_schedule_locality::CLAIM,
    crate::c9_alias_analysis::CLAIM,
    crate::c10_llvm_share::CLAIM,
    crate::c11_speedup::CLAIM,
    crate::c12_code_motion::CLAIM,
    crate::c13_deadness::CLAIM,
    crate::c14_loops::CLAIM,
    crate::c15_simpler_shorter::CLAIM,
    crate::c16_control_lowering::CLAIM,
    crate::click_alias_class::CLAIM,
];

/// The log of every process the runs spawned, with its outcome.
pub const RUN_LOG: Csv = Csv { file: "claims_runs.csv", columns: &["args", "seconds", "outcome"] };

/// Every claims CSV definition: [`RUN_LOG`], then each claim's files in registry order.
pub fn all_csvs() -> Vec<Csv> {
    std::iter::once(RUN_LOG).chain(CLAIMS.iter().flat_map(|c| c.csvs.iter().copied())).collect()
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
