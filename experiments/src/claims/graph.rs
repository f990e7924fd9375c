//! C5–C8: what the graphs look like. All four read counter runs of every corpus program
//! with `--always-opt` under the default son and cfg specs (the same runs as C1's `v8` and
//! cfg rows, shared through the runner's cache), plus, for C5, son with node splitting on
//! and timing runs of the kernels.
//!
//! - C5 (`c5_node_splitting.csv`): schedule-row extras `split`, `hoisted`, `cloned` with
//!   `schedule(split=on)` vs `schedule(split=off)` (cfg for reference), the checks and loads
//!   the compiled code executed (`tiering.checks`, `tiering.loads_executed` when the build
//!   reports it), and, as dynamic cost, whole-process time on the LIR evaluator (kernels,
//!   default tiering, serial, `reps` times).
//! - C6 (`c6_checks_left.csv`): `lir_exits` and `lir_overflow_checks` of the final phase
//!   (son `schedule`, cfg `lir`), summed over a program's compilations.
//! - C7 (`c7_chain_share.csv`): `chain_nodes` and `live_nodes` of every phase label.
//! - C8 (`c8_schedule_locality.csv`): `adjacent_distance_sum` / `adjacent_pairs` of the
//!   final rows: mean allocation-order distance between nodes adjacent in the schedule.
//!
//! When a phase does not carry an extra yet, its cells stay empty (the report says "no data").

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use super::reducers::{with_driver, COUNTER_TIERING};
use super::runner::{file_name, phase_kind, PhaseStat, Stats};
use super::table::RowContext;
use super::{args, fmt, opt, Ctx};

/// The default configurations of both pipelines: (pipeline, spec).
pub fn default_configs() -> Vec<(&'static str, String)> {
    vec![("son", with_driver(son::DEFAULT_SPEC, "v8")), ("cfg", cfg::DEFAULT_SPEC.to_string())]
}

fn rc(experiment: &str, program: &str, pipeline: &str, spec: &str, backend: &str, rep: u32) -> RowContext {
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

/// Counter runs of every program under the default configurations:
/// (program, pipeline, spec, stats).
fn default_runs(ctx: &Ctx, what: &str) -> Result<Vec<(PathBuf, &'static str, String, Stats)>, String> {
    let programs = ctx.programs()?;
    let configs = default_configs();
    let arg_sets: Vec<Vec<String>> = configs.iter().map(|(p, s)| args(p, s, COUNTER_TIERING)).collect();
    let stats = ctx.counter_runs(&programs, &arg_sets, what);
    let mut out = Vec::new();
    for (pi, program) in programs.iter().enumerate() {
        for (ci, (pipeline, spec)) in configs.iter().enumerate() {
            out.push((program.clone(), *pipeline, spec.clone(), stats[pi * configs.len() + ci].clone()));
        }
    }
    Ok(out)
}

/// Sum of extra `key` over `phases`, or `None` when no phase carries it.
fn sum_extra<'a>(phases: impl Iterator<Item = &'a PhaseStat>, key: &str) -> Option<u64> {
    phases.filter_map(|p| p.extra(key)).fold(None, |acc, v| Some(acc.unwrap_or(0) + v))
}

/// The final mid-end phase rows (son `schedule`, cfg `lir...`).
fn final_rows(stats: &Stats) -> impl Iterator<Item = &PhaseStat> {
    stats.phases.iter().filter(|p| p.is_mid_end() && phase_kind(p) == "schedule/lir-out")
}

/// `spec` with its `schedule` phase set to `split=on|off`.
pub fn with_split(spec: &str, on: bool) -> String {
    let body = spec.strip_prefix("son:").unwrap_or(spec);
    let parts: Vec<String> = body
        .split(';')
        .map(|p| {
            if p.trim().starts_with("schedule") {
                format!("schedule(split={})", if on { "on" } else { "off" })
            } else {
                p.trim().to_string()
            }
        })
        .collect();
    format!("son:{}", parts.join(";"))
}

/// Runs C5 and writes `c5_node_splitting.csv`.
pub fn run_c5(ctx: &Ctx) -> Result<(), String> {
    let configs: Vec<(&str, &str, String)> = vec![
        ("son", "off", with_split(son::DEFAULT_SPEC, false)),
        ("son", "on", with_split(son::DEFAULT_SPEC, true)),
        ("cfg", "-", cfg::DEFAULT_SPEC.to_string()),
    ];
    let mut t = ctx.table(&[
        "kind",
        "split",
        "compiles",
        "schedule_split",
        "schedule_hoisted",
        "schedule_cloned",
        "final_nodes",
        "checks_executed",
        "loads_executed",
        "run_s",
    ]);
    // Counters over the corpus.
    let programs = ctx.programs()?;
    let arg_sets: Vec<Vec<String>> = configs.iter().map(|(p, _, s)| args(p, s, COUNTER_TIERING)).collect();
    let stats = ctx.counter_runs(&programs, &arg_sets, "C5 counters");
    for (pi, program) in programs.iter().enumerate() {
        for (ci, (pipeline, split, spec)) in configs.iter().enumerate() {
            let s = &stats[pi * configs.len() + ci];
            if s.status < 0 {
                continue;
            }
            let sched: Vec<&PhaseStat> = final_rows(s).collect();
            let values = vec![
                "counters".into(),
                split.to_string(),
                opt(s.tiering.get("compiles").copied()),
                opt(sum_extra(sched.iter().copied(), "split")),
                opt(sum_extra(sched.iter().copied(), "hoisted")),
                opt(sum_extra(sched.iter().copied(), "cloned")),
                sched.iter().map(|p| p.nodes_out).sum::<u64>().to_string(),
                opt(s.tiering.get("checks").copied()),
                opt(s.tiering.get("loads_executed").copied()),
                String::new(),
            ];
            ctx.push(&mut t, &rc("C5", &file_name(program), pipeline, spec, "meter", 0), values);
        }
    }
    // Dynamic cost: whole-process time on the LIR evaluator, default tiering, interleaved.
    let kernels = ctx.kernels()?;
    let reps = ctx.reps() as usize;
    let jobs: Vec<(usize, usize, usize)> =
        {
        let nc = configs.len();
        (0..kernels.len()).flat_map(|k| (0..reps).flat_map(move |r| (0..nc).map(move |c| (k, r, c)))).collect()
    };
    let times = ctx.runner.serial(jobs.len(), "C5 timing", |i| {
        let (k, _, c) = jobs[i];
        let (pipeline, _, spec) = &configs[c];
        crate::experiment::time_process(Command::new(&ctx.runner.seabed).arg("run").arg(&kernels[k]).args(args(pipeline, spec, &[])))
    });
    for (&(k, r, c), time) in jobs.iter().zip(times) {
        let (pipeline, split, spec) = &configs[c];
        match time {
            Ok(secs) => {
                let mut values = vec!["timing".into(), split.to_string()];
                values.extend(std::iter::repeat_n(String::new(), 7));
                values.push(fmt(secs));
                ctx.push(&mut t, &rc("C5", &file_name(&kernels[k]), pipeline, spec, "wall", r as u32), values);
            }
            Err(e) => eprintln!("claims: C5 timing: {e}"),
        }
    }
    ctx.write(&t, "c5_node_splitting.csv")
}

/// Runs C6 and writes `c6_checks_left.csv`.
pub fn run_c6(ctx: &Ctx) -> Result<(), String> {
    let mut t = ctx.table(&["compiles", "final_phases", "lir_exits", "lir_overflow_checks", "final_nodes"]);
    for (program, pipeline, spec, s) in default_runs(ctx, "C6 counters")? {
        if s.status < 0 {
            continue;
        }
        let fin: Vec<&PhaseStat> = final_rows(&s).collect();
        let values = vec![
            opt(s.tiering.get("compiles").copied()),
            fin.len().to_string(),
            opt(sum_extra(fin.iter().copied(), "lir_exits")),
            opt(sum_extra(fin.iter().copied(), "lir_overflow_checks")),
            fin.iter().map(|p| p.nodes_out).sum::<u64>().to_string(),
        ];
        ctx.push(&mut t, &rc("C6", &file_name(&program), pipeline, &spec, "meter", 0), values);
    }
    ctx.write(&t, "c6_checks_left.csv")
}

/// Per phase label: (rows, phase kind, chain nodes, live nodes).
type LabelSums = (usize, &'static str, Option<u64>, Option<u64>);

/// Runs C7 and writes `c7_chain_share.csv`.
pub fn run_c7(ctx: &Ctx) -> Result<(), String> {
    let mut t = ctx.table(&["phase", "phase_kind", "rows", "chain_nodes", "live_nodes"]);
    for (program, pipeline, spec, s) in default_runs(ctx, "C7 counters")? {
        let mut by_label: BTreeMap<&str, LabelSums> = BTreeMap::new();
        for p in s.phases.iter().filter(|p| p.is_mid_end()) {
            let e = by_label.entry(&p.label).or_insert((0, phase_kind(p), None, None));
            e.0 += 1;
            if let Some(c) = p.extra("chain_nodes") {
                e.2 = Some(e.2.unwrap_or(0) + c);
            }
            if let Some(l) = p.extra("live_nodes") {
                e.3 = Some(e.3.unwrap_or(0) + l);
            }
        }
        for (label, (rows, kind, chain, live)) in by_label {
            let values = vec![label.to_string(), kind.to_string(), rows.to_string(), opt(chain), opt(live)];
            ctx.push(&mut t, &rc("C7", &file_name(&program), pipeline, &spec, "meter", 0), values);
        }
    }
    ctx.write(&t, "c7_chain_share.csv")
}

/// Runs C8 and writes `c8_schedule_locality.csv`.
pub fn run_c8(ctx: &Ctx) -> Result<(), String> {
    let mut t = ctx.table(&["phase", "final_phases", "adjacent_distance_sum", "adjacent_pairs", "mean_distance"]);
    for (program, pipeline, spec, s) in default_runs(ctx, "C8 counters")? {
        if s.status < 0 {
            continue;
        }
        let fin: Vec<&PhaseStat> = final_rows(&s).collect();
        let sum = sum_extra(fin.iter().copied(), "adjacent_distance_sum");
        let pairs = sum_extra(fin.iter().copied(), "adjacent_pairs");
        let mean = match (sum, pairs) {
            (Some(s), Some(p)) if p > 0 => fmt(s as f64 / p as f64),
            _ => String::new(),
        };
        let phase = fin.first().map(|p| p.name().to_string()).unwrap_or_default();
        let values = vec![phase, fin.len().to_string(), opt(sum), opt(pairs), mean];
        ctx.push(&mut t, &rc("C8", &file_name(&program), pipeline, &spec, "meter", 0), values);
    }
    ctx.write(&t, "c8_schedule_locality.csv")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_specs_parse() {
        let on = with_split(son::DEFAULT_SPEC, true);
        assert!(on.ends_with("schedule(split=on)"));
        assert!(son::parse_spec(&on).unwrap().split);
        assert!(!son::parse_spec(&with_split(son::DEFAULT_SPEC, false)).unwrap().split);
        // The default configurations share C1's v8 run.
        assert_eq!(default_configs()[0].1, son::DEFAULT_SPEC);
    }
}
