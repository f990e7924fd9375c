//! The compile-time runs C3 and C10 share. Every kernel with `--always-opt` under both
//! pipelines' default specs, on the LIR evaluator (`llvm=off`, mid-end only) and on LLVM with
//! each pass pipeline (`none`, `ftl`, `O2`); timing runs, one process at a time, interleaved
//! per repetition.
//!
//! Per run: the sum of the mid-end phases' `wall_ns` (labels `son/...`, `cfg/...`), the sum
//! of the backend's rows in `llvm_ns` (labels `llvm...`: its passes and code generation; or,
//! for the `cranelift` setting, `cranelift/lower` and `cranelift/compile`), their total, and the whole-process time ([`COLUMNS`]). C3
//! ([`super::c3_compile_time`]) keeps the `off`, `ftl` and `cranelift` rows; C10
//! ([`super::c10_llvm_share`]) the `none`, `ftl`, `O2` and `cranelift` rows. One set of runs serves both
//! when both are selected.

use std::path::PathBuf;

use super::runner::{file_name, RunSpec, Stats};
use super::table::{Csv, RowContext, Table};
use super::{fmt, Ctx};

/// The columns of both claims' CSVs.
pub const COLUMNS: &[&str] = &["midend_ns", "llvm_ns", "total_ns", "llvm_rows", "phase_rows", "compiles", "process_s", "status"];

/// One timing run's figures.
pub struct Measured {
    /// The kernel.
    pub program: PathBuf,
    /// `son` or `cfg`.
    pub pipeline: &'static str,
    /// The pipeline's default spec.
    pub spec: String,
    /// The LLVM setting (`off`: the LIR evaluator).
    pub llvm: &'static str,
    /// Repetition number, from 0.
    pub rep: u32,
    /// What the run reported.
    pub stats: Result<Stats, String>,
}

impl Measured {
    /// The context of this run's rows in claim `experiment`'s CSV.
    pub fn row_context(&self, experiment: &str) -> RowContext {
        RowContext {
            experiment: experiment.into(),
            program: file_name(&self.program),
            pipeline: self.pipeline.into(),
            spec: self.spec.clone(),
            llvm: self.llvm.into(),
            counter_backend: "meter".into(),
            rep: self.rep,
        }
    }
}

fn spec_of(pipeline: &str) -> String {
    if pipeline == "son" {
        son::DEFAULT_SPEC.to_string()
    } else {
        cfg::DEFAULT_SPEC.to_string()
    }
}

/// Runs the timing runs for the `llvm` settings, serially.
pub fn measure(ctx: &Ctx, llvm: &[&'static str], what: &str) -> Result<Vec<Measured>, String> {
    let kernels = ctx.kernels()?;
    let reps = ctx.reps();
    let mut jobs = Vec::new();
    for rep in 0..reps {
        for k in &kernels {
            for pipeline in ["son", "cfg"] {
                for l in llvm {
                    jobs.push((k.clone(), pipeline, *l, rep));
                }
            }
        }
    }
    Ok(ctx.runner.serial(jobs.len(), what, |i| {
        let (program, pipeline, l, rep) = jobs[i].clone();
        let spec = spec_of(pipeline);
        let mut a = vec!["--tier".to_string(), pipeline.into(), "--spec".into(), spec.clone(), "--always-opt".into()];
        if l == "cranelift" {
            a.extend(["--backend".to_string(), "cranelift".into()]);
        } else if l != "off" {
            a.extend(["--backend".to_string(), "llvm".into(), "--llvm".into(), l.into()]);
        } else {
            a.extend(["--backend".to_string(), "lir".into()]);
        }
        let stats = ctx.runner.run_once(&RunSpec { program: program.clone(), args: a });
        Measured { program, pipeline, spec, llvm: l, rep, stats }
    }))
}

fn row(ctx: &Ctx, t: &mut Table, experiment: &str, m: &Measured) {
    let values = match &m.stats {
        Ok(s) => {
            let midend: u64 = s.phases.iter().filter(|p| p.is_mid_end()).map(|p| p.wall_ns).sum();
            // The backend's rows: LLVM's, or Cranelift's for the `cranelift` setting.
            let backend = |p: &&super::runner::PhaseStat| p.is_llvm() || p.is_cranelift();
            let llvm: u64 = s.phases.iter().filter(backend).map(|p| p.wall_ns).sum();
            let llvm_rows = s.phases.iter().filter(backend).count();
            vec![
                midend.to_string(),
                llvm.to_string(),
                (midend + llvm).to_string(),
                llvm_rows.to_string(),
                s.phases.len().to_string(),
                s.tiering.compiles.to_string(),
                fmt(s.process_s),
                s.status.to_string(),
            ]
        }
        Err(e) => {
            eprintln!("claims: {experiment}: {e}");
            return;
        }
    };
    ctx.push(t, &m.row_context(experiment), values);
}

/// Writes `csv` (with [`COLUMNS`]) for claim `experiment`: a row per run on one of its LLVM
/// `settings`.
pub fn write(ctx: &Ctx, runs: &[Measured], experiment: &str, settings: &[&str], csv: &Csv) -> Result<(), String> {
    let mut t = ctx.table(csv);
    for m in runs.iter().filter(|m| settings.contains(&m.llvm)) {
        row(ctx, &mut t, experiment, m);
    }
    ctx.write(&t, csv)
}
