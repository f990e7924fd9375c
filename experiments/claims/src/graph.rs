//! What C5–C8 share: what the graphs look like. All four read counter runs of every corpus
//! program, hot compiles and `--always-opt`, under the default son and cfg specs ([`default_runs`]: the
//! same runs as C1's `v8` and cfg rows, shared through the runner's cache) and the extras of
//! their final phase rows ([`final_rows`]). When a phase does not carry an extra yet, its
//! cells stay empty (the report says "no data").

use std::path::PathBuf;

use super::c1_reducer_changes::with_driver;
use super::runner::{phase_kind, PhaseStat, Stats};
use super::table::RowContext;
use super::tiering::Tiering;
use super::{args, Ctx};

/// The default configurations of both pipelines: (pipeline, spec).
pub fn default_configs() -> Vec<(&'static str, String)> {
    vec![("son", with_driver(son::DEFAULT_SPEC, "v8")), ("cfg", cfg::DEFAULT_SPEC.to_string())]
}

/// The context of a row of claim `experiment` (on the LIR evaluator).
pub fn row_context(experiment: &str, program: &str, pipeline: &str, spec: &str, backend: &str, rep: u32) -> RowContext {
    RowContext {
        experiment: experiment.into(),
        program: program.into(),
        pipeline: pipeline.into(),
        spec: spec.into(),
        llvm: "off".into(),
        counter_backend: backend.into(),
        rep,
    }
}

/// One counter run of [`default_runs`].
pub struct DefaultRun {
    /// Hot compiles or `--always-opt`.
    pub tiering: Tiering,
    /// The program.
    pub program: PathBuf,
    /// `son` or `cfg`.
    pub pipeline: &'static str,
    /// The pipeline's default spec.
    pub spec: String,
    /// What the run recorded.
    pub stats: Stats,
}

/// Counter runs of every program under the default configurations, with each tiering.
pub fn default_runs(ctx: &Ctx, what: &str) -> Result<Vec<DefaultRun>, String> {
    let programs = ctx.programs()?;
    let configs = default_configs();
    let mut out = Vec::new();
    for tiering in Tiering::ALL {
        let arg_sets: Vec<Vec<String>> = configs.iter().map(|(p, s)| args(p, s, tiering.flags())).collect();
        let stats = ctx.counter_runs(&programs, &arg_sets, what);
        for (pi, program) in programs.iter().enumerate() {
            for (ci, (pipeline, spec)) in configs.iter().enumerate() {
                let stats = stats[pi * configs.len() + ci].clone();
                out.push(DefaultRun { tiering, program: program.clone(), pipeline, spec: spec.clone(), stats });
            }
        }
    }
    Ok(out)
}

/// Sum of extra `key` over `phases`, or `None` when no phase carries it.
pub fn sum_extra<'a>(phases: impl Iterator<Item = &'a PhaseStat>, key: &str) -> Option<u64> {
    phases.filter_map(|p| p.extra(key)).fold(None, |acc, v| Some(acc.unwrap_or(0) + v))
}

/// Whether `program` (a file name) is one of the real kernels (`bench_*.js`), whose
/// per-program ratios make the headlines of C5–C7 (the other corpus programs are context).
pub fn is_kernel(program: &str) -> bool {
    program.starts_with("bench_") && program.ends_with(".js")
}

/// The final mid-end phase rows (son `schedule`, cfg `lir...`).
pub fn final_rows(stats: &Stats) -> impl Iterator<Item = &PhaseStat> {
    stats.phases.iter().filter(|p| p.is_mid_end() && phase_kind(p) == "schedule/lir-out")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_configs_share_c1s_v8_run() {
        assert_eq!(default_configs()[0].1, son::DEFAULT_SPEC);
    }
}
