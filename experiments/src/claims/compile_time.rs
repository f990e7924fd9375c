//! C3 and C10: compile time. Every kernel with `--always-opt` under both pipelines' default
//! specs, on the LIR evaluator (`llvm=off`, mid-end only) and on LLVM with each pass
//! pipeline (`none`, `ftl`, `O2`); timing runs, one process at a time, interleaved per
//! repetition.
//!
//! Per run: the sum of the mid-end phases' `wall_ns` (labels `son/...`, `cfg/...`), the sum
//! of LLVM's rows (labels `llvm...`: its passes and code generation, when the backend
//! meters them), their total, and the whole-process time. C3 (`c3_compile_time.csv`) keeps
//! the `off` and `ftl` rows; C10 (`c10_llvm_share.csv`) the `none`, `ftl` and `O2` rows. One
//! set of runs serves both when both are selected.

use std::path::PathBuf;

use super::runner::{file_name, RunSpec, Stats};
use super::table::RowContext;
use super::{fmt, Ctx};

/// Columns of both files.
const COLUMNS: &[&str] = &["midend_ns", "llvm_ns", "total_ns", "llvm_rows", "phase_rows", "compiles", "process_s", "status"];

/// The LLVM settings C3 uses (`off`: the LIR evaluator).
const C3_LLVM: &[&str] = &["off", "ftl"];
/// The LLVM settings C10 uses.
const C10_LLVM: &[&str] = &["none", "ftl", "O2"];

/// One timing run's figures.
struct Measured {
    program: PathBuf,
    pipeline: &'static str,
    spec: String,
    llvm: &'static str,
    rep: u32,
    stats: Result<Stats, String>,
}

fn spec_of(pipeline: &str) -> String {
    if pipeline == "son" {
        son::DEFAULT_SPEC.to_string()
    } else {
        cfg::DEFAULT_SPEC.to_string()
    }
}

/// Runs the timing runs for the `llvm` settings, serially.
fn measure(ctx: &Ctx, llvm: &[&'static str], what: &str) -> Result<Vec<Measured>, String> {
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
        if l != "off" {
            a.extend(["--backend".to_string(), "llvm".into(), "--llvm".into(), l.into()]);
        } else {
            a.extend(["--backend".to_string(), "lir".into()]);
        }
        let stats = ctx.runner.run_once(&RunSpec { program: program.clone(), args: a });
        Measured { program, pipeline, spec, llvm: l, rep, stats }
    }))
}

fn row(ctx: &Ctx, t: &mut super::table::Table, experiment: &str, m: &Measured) {
    let rc = RowContext {
        experiment: experiment.into(),
        program: file_name(&m.program),
        pipeline: m.pipeline.into(),
        spec: m.spec.clone(),
        llvm: m.llvm.into(),
        counter_backend: "meter".into(),
        rep: m.rep,
    };
    let values = match &m.stats {
        Ok(s) => {
            let midend: u64 = s.phases.iter().filter(|p| p.is_mid_end()).map(|p| p.wall_ns).sum();
            let llvm: u64 = s.phases.iter().filter(|p| p.is_llvm()).map(|p| p.wall_ns).sum();
            let llvm_rows = s.phases.iter().filter(|p| p.is_llvm()).count();
            vec![
                midend.to_string(),
                llvm.to_string(),
                (midend + llvm).to_string(),
                llvm_rows.to_string(),
                s.phases.len().to_string(),
                s.tiering.get("compiles").copied().unwrap_or(0).to_string(),
                fmt(s.process_s),
                s.status.to_string(),
            ]
        }
        Err(e) => {
            eprintln!("claims: {experiment}: {e}");
            return;
        }
    };
    ctx.push(t, &rc, values);
}

fn write(ctx: &Ctx, runs: &[Measured], experiment: &str, settings: &[&str], file: &str) -> Result<(), String> {
    let mut t = ctx.table(COLUMNS);
    for m in runs.iter().filter(|m| settings.contains(&m.llvm)) {
        row(ctx, &mut t, experiment, m);
    }
    ctx.write(&t, file)
}

/// Writes `c3_phase_profile.csv`: for the runs with LLVM `ftl`, each phase's wall time summed
/// over the compiled functions, one row per (program, pipeline, repetition, phase label) —
/// seabed's phase profile, which the report sets beside V8's (`v8_phases.csv`).
fn write_profile(ctx: &Ctx, runs: &[Measured]) -> Result<(), String> {
    let mut t = ctx.table(&["phase", "wall_ns", "rows"]);
    for m in runs.iter().filter(|m| m.llvm == "ftl") {
        let Ok(s) = &m.stats else { continue };
        let mut sums: std::collections::BTreeMap<&str, (u64, u64)> = std::collections::BTreeMap::new();
        for p in &s.phases {
            let e = sums.entry(p.label.as_str()).or_default();
            e.0 += p.wall_ns;
            e.1 += 1;
        }
        let rc = RowContext {
            experiment: "C3".into(),
            program: file_name(&m.program),
            pipeline: m.pipeline.into(),
            spec: m.spec.clone(),
            llvm: m.llvm.into(),
            counter_backend: "meter".into(),
            rep: m.rep,
        };
        for (label, (ns, rows)) in sums {
            ctx.push(&mut t, &rc, vec![label.to_string(), ns.to_string(), rows.to_string()]);
        }
    }
    ctx.write(&t, "c3_phase_profile.csv")
}

/// Whether claim `id` is selected in this run.
pub fn selected(ctx: &Ctx, id: &str) -> bool {
    ctx.opts.only.is_empty() || ctx.opts.only.iter().any(|o| o.eq_ignore_ascii_case(id))
}

/// Runs C3 (and C10's settings too when C10 is selected) and writes the CSVs.
pub fn run_c3(ctx: &Ctx) -> Result<(), String> {
    let with_c10 = selected(ctx, "C10");
    let settings: Vec<&'static str> = if with_c10 { vec!["off", "none", "ftl", "O2"] } else { C3_LLVM.to_vec() };
    let runs = measure(ctx, &settings, "C3 compile time")?;
    write(ctx, &runs, "C3", C3_LLVM, "c3_compile_time.csv")?;
    write_profile(ctx, &runs)?;
    if with_c10 {
        write(ctx, &runs, "C10", C10_LLVM, "c10_llvm_share.csv")?;
    }
    Ok(())
}

/// Runs C10 unless C3 already did in this run.
pub fn run_c10(ctx: &Ctx) -> Result<(), String> {
    if selected(ctx, "C3") {
        return Ok(());
    }
    let runs = measure(ctx, C10_LLVM, "C10 LLVM share")?;
    write(ctx, &runs, "C10", C10_LLVM, "c10_llvm_share.csv")
}
