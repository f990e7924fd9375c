//! C5, "pure nodes float to the common dominator; the scheduler must duplicate them again":
//! schedule-row extras `split`, `hoisted`, `cloned` with `schedule(split=on)` vs
//! `schedule(split=off)` (cfg for reference), and what splitting changes when the code runs:
//! the pure LIR instructions the LIR evaluator executed (`tiering.pure_ops_executed`; split
//! nodes are pure, so that is where splitting can save work), beside every LIR instruction
//! executed, the checks and the loads (`tiering.insts_executed`, `checks`,
//! `loads_executed`). The counter runs are those of every corpus program with
//! `--always-opt` ([`super::graph`]). As a secondary figure, whole-process time on the LIR
//! evaluator (kernels, default tiering, serial, `reps` times), shown and not judged.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use super::graph::{final_rows, is_kernel, row_context, sum_extra};
use super::runner::{file_name, PhaseStat};
use super::table::{Csv, Table};
use super::robustness::{Estimate, Robustness};
use super::verdict::{Bound, Conditions, Reasons, Thresholds, Unit};
use super::{args, fmt, opt, Claim, Side, Ctx};
use super::tiering::{self, Tiering};
use crate::finding::{distinct, geomean, median, num, quantile, sum_where, Finding, Grid};

/// The claim C5.
pub const CLAIM: Claim = Claim {
    id: "C5",
    side: Side::CfgCase,
    title: "Pure nodes float to the common dominator; the scheduler must duplicate them again",
    published: "qualitative",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: with son's default spec, the geometric mean over the real kernels (`bench_*.js`) whose schedule split at least one node of pure LIR instructions executed on the LIR evaluator with `schedule(split=on)` / with `split=off` (a kernel whose count with `split=off` is 0 is left out); reproduced when the scheduler splits nodes in the corpus and that ratio is {}, partly when it splits nodes and the ratio is {} (or no kernel has a split node to measure), not reproduced when it splits no node or the split code executes more pure instructions; run time on/off (median of whole-process times, geometric mean over kernels) is a secondary figure, shown and not judged. {}",
        PURE_OPS.reproduced.text(PURE_OPS.unit),
        PURE_OPS.partly.text(PURE_OPS.unit),
        tiering::RULE_SENTENCE
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "Pure instructions executed counts LIR instructions, not machine instructions or cycles: a split copy costs the same in the count whether it is a constant or a float division, and the LLVM backend may sink or duplicate code itself (LLVM runs are not counted). The counter runs use `--always-opt`, so functions are compiled before their type feedback is complete; default tiering may compile different code. The kernel set decides how often a pure value is used on only some paths, so how often splitting can act at all (the kernels without a split are shown and left out of the ratio). Loads and checks cannot change (only pure nodes are split) and are shown as a control. Whole-process run time is noisy on a shared 2-core machine and includes compilation, so it is shown and not judged.";

/// Rows of kind `counters` (one per tiering, program and configuration) and `timing` (one
/// per kernel, configuration and repetition; default tiering, so `hot`).
pub const CSV: Csv = Csv {
    file: "c5_node_splitting.csv",
    columns: &[
        "tiering",
        "kind",
        "split",
        "compiles",
        "schedule_split",
        "schedule_hoisted",
        "schedule_cloned",
        "final_nodes",
        "checks_executed",
        "loads_executed",
        "insts_executed",
        "pure_ops_executed",
        "run_s",
    ],
};

/// The verdict rule on pure LIR instructions executed, `split=on` / `split=off` (geometric
/// mean over the kernels with a split node): splitting must save at least 1% of them to
/// reproduce the claim, and must not execute more of them for part of it.
pub const PURE_OPS: Thresholds = Thresholds { reproduced: Bound::AtMost(0.99), partly: Bound::AtMost(1.0), unit: Unit::Times };

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

/// Runs C5 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let configs: Vec<(&str, &str, String)> = vec![
        ("son", "off", with_split(son::DEFAULT_SPEC, false)),
        ("son", "on", with_split(son::DEFAULT_SPEC, true)),
        ("cfg", "-", cfg::DEFAULT_SPEC.to_string()),
    ];
    let mut t = ctx.table(&CSV);
    // Counters over the corpus.
    let programs = ctx.programs()?;
    let pairs: Vec<(&str, &str)> = configs.iter().map(|(p, _, s)| (*p, s.as_str())).collect();
    for run in ctx.tiered_counter_runs(&programs, &pairs, "C5 counters") {
        let ((pipeline, split, spec), s) = (&configs[run.config], &run.stats);
        let sched: Vec<&PhaseStat> = final_rows(s).collect();
        let values = vec![
            run.tiering.name().to_string(),
            "counters".into(),
            split.to_string(),
            opt(Some(s.tiering.compiles)),
            opt(sum_extra(sched.iter().copied(), "split")),
            opt(sum_extra(sched.iter().copied(), "hoisted")),
            opt(sum_extra(sched.iter().copied(), "cloned")),
            sched.iter().map(|p| p.nodes_out).sum::<u64>().to_string(),
            opt(Some(s.tiering.checks)),
            opt(s.tiering.loads_executed),
            opt(s.tiering.insts_executed),
            opt(s.tiering.pure_ops_executed),
            String::new(),
        ];
        ctx.push(&mut t, &row_context(CLAIM.id, &file_name(&programs[run.program]), pipeline, spec, "meter", 0), values);
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
        harness::process::time_process(Command::new(&ctx.runner.seabed).arg("run").arg(&kernels[k]).args(args(pipeline, spec, &[])))
    });
    for (&(k, r, c), time) in jobs.iter().zip(times) {
        let (pipeline, split, spec) = &configs[c];
        match time {
            Ok(secs) => {
                let mut values = vec![Tiering::Hot.name().to_string(), "timing".into(), split.to_string()];
                values.extend(std::iter::repeat_n(String::new(), CSV.columns.len() - 4));
                values.push(fmt(secs));
                ctx.push(&mut t, &row_context(CLAIM.id, &file_name(&kernels[k]), pipeline, spec, "wall", r as u32), values);
            }
            Err(e) => eprintln!("claims: C5 timing: {e}"),
        }
    }
    ctx.write(&t, &CSV)
}

/// One program's counters under son with `split=off` and `split=on` (`NaN` when absent).
#[derive(Clone, Copy, Debug)]
struct SplitCounts {
    /// Nodes split (`split=on`).
    split: f64,
    /// Pure LIR instructions executed with `split=off` and `split=on`.
    pure: (f64, f64),
    /// LIR instructions executed with `split=off` and `split=on`.
    insts: (f64, f64),
    /// Loads executed with `split=off` and `split=on`.
    loads: (f64, f64),
    /// Checks executed with `split=off` and `split=on`.
    checks: (f64, f64),
}

impl SplitCounts {
    /// Pure instructions executed, on/off; `NaN` when the count with `split=off` is 0 or
    /// either is missing.
    fn pure_ratio(&self) -> f64 {
        if self.pure.0 > 0.0 {
            self.pure.1 / self.pure.0
        } else {
            f64::NAN
        }
    }
}

/// The counters of every program with a `counters` row for son.
fn split_counts(t: &Table) -> BTreeMap<String, SplitCounts> {
    let cell = |p: &str, split: &str, col: &str| {
        t.rows
            .iter()
            .find(|r| t.get(r, "kind") == "counters" && t.get(r, "pipeline") == "son" && t.get(r, "split") == split && t.get(r, "program") == p)
            .and_then(|r| t.num(r, col))
            .unwrap_or(f64::NAN)
    };
    let both = |p: &str, col: &str| (cell(p, "off", col), cell(p, "on", col));
    distinct(t, "program")
        .into_iter()
        .filter(|p| t.rows.iter().any(|r| t.get(r, "kind") == "counters" && t.get(r, "pipeline") == "son" && t.get(r, "program") == p))
        .map(|p| {
            let c = SplitCounts {
                split: cell(&p, "on", "schedule_split"),
                pure: both(&p, "pure_ops_executed"),
                insts: both(&p, "insts_executed"),
                loads: both(&p, "loads_executed"),
                checks: both(&p, "checks_executed"),
            };
            (p, c)
        })
        .collect()
}

/// A ratio near 1 with four decimals (`—` when not a number): splitting moves few instructions.
fn ratio4(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.4}")
    } else {
        "—".into()
    }
}

/// `geomean× (min–max a–b, n kernels)` of `xs`, four decimals.
fn geomean_range(xs: &[f64], what: &str) -> String {
    format!("{}× (min–max {}–{}, {} {what})", ratio4(geomean(xs)), ratio4(quantile(xs, 0.0)), ratio4(quantile(xs, 1.0)), xs.len())
}

/// C5's report section: what node splitting did in the scheduler, to the pure instructions
/// executed and (secondary) to run time.
pub fn report(dir: &Path, t: &Table) -> Finding {
    let son_on = |r: &[String]| t.get(r, "kind") == "counters" && t.get(r, "pipeline") == "son" && t.get(r, "split") == "on";
    let (split_on, n_on) = sum_where(t, "schedule_split", son_on);
    let (hoisted_on, _) = sum_where(t, "schedule_hoisted", son_on);
    let (cloned_on, _) = sum_where(t, "schedule_cloned", son_on);
    let counts = split_counts(t);
    let has_pure = counts.values().any(|c| c.pure.0.is_finite() && c.pure.1.is_finite());
    let programs_split = counts.values().filter(|c| c.split > 0.0).count();
    // The judged ratio: kernels whose schedule split a node; context: every kernel, and the
    // other programs with a split.
    let ratios_where = |keep: &dyn Fn(&str, &SplitCounts) -> bool| -> Vec<f64> {
        counts.iter().filter(|(p, c)| keep(p, c)).map(|(_, c)| c.pure_ratio()).filter(|x| x.is_finite()).collect()
    };
    let split_kernels = ratios_where(&|p, c| is_kernel(p) && c.split > 0.0);
    let all_kernels = ratios_where(&|p, _| is_kernel(p));
    let other_split = ratios_where(&|p, c| !is_kernel(p) && c.split > 0.0);
    let g = geomean(&split_kernels);
    // Corpus sums (context), over the programs with both counts.
    let sum = |f: &dyn Fn(&SplitCounts) -> (f64, f64)| {
        counts.values().map(f).filter(|(a, b)| a.is_finite() && b.is_finite()).fold((0.0, 0.0), |(x, y), (a, b)| (x + a, y + b))
    };
    let (pure_off, pure_on) = sum(&|c| c.pure);
    let (insts_off, insts_on) = sum(&|c| c.insts);
    let (loads_off, loads_on) = sum(&|c| c.loads);
    let (checks_off, checks_on) = sum(&|c| c.checks);
    // Timing (secondary): median per kernel and configuration.
    let mut per: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    for r in t.rows.iter().filter(|r| t.get(r, "kind") == "timing") {
        let key = (t.get(r, "program").to_string(), format!("{}/{}", t.get(r, "pipeline"), t.get(r, "split")));
        if let Some(v) = t.num(r, "run_s") {
            per.entry(key).or_default().push(v);
        }
    }
    let time = |p: &str, c: &str| per.get(&(p.to_string(), c.to_string())).map(|v| median(v)).unwrap_or(f64::NAN);
    let mut grid = Grid::new(&[
        "kernel",
        "nodes split",
        "pure ops executed, split=off",
        "split=on",
        "on/off",
        "LIR insts on/off",
        "run time off (s)",
        "on (s)",
        "on/off",
        "cfg (s)",
    ]);
    let mut time_ratios = Vec::new();
    let kernels: Vec<String> = distinct(t, "program").into_iter().filter(|p| is_kernel(p)).collect();
    for p in &kernels {
        let c = counts.get(p).copied();
        let (off, on) = (time(p, "son/off"), time(p, "son/on"));
        if off.is_finite() && on.is_finite() {
            time_ratios.push(on / off);
        }
        grid.push(vec![
            p.clone(),
            c.map_or("—".into(), |c| num(c.split)),
            c.map_or("—".into(), |c| num(c.pure.0)),
            c.map_or("—".into(), |c| num(c.pure.1)),
            c.map_or("—".into(), |c| ratio4(c.pure_ratio())),
            c.map_or("—".into(), |c| ratio4(c.insts.1 / c.insts.0)),
            num(off),
            num(on),
            num(on / off),
            num(time(p, "cfg/-")),
        ]);
    }
    let g_time = geomean(&time_ratios);
    let notes = format!(
        "Counters: {} of every corpus program on the LIR evaluator; son's default spec with `schedule(split=on)` and `schedule(split=off)`. With `split=on` the scheduler split {} nodes in {programs_split} programs (hoisted {}, copies made {}). Pure LIR instructions executed, on/off: kernels with a split node {}; every kernel {}; other programs with a split node {}. Summed over the {} programs: pure instructions executed {} → {} (split=off → on), all LIR instructions {} → {}, loads {} → {} and checks {} → {} (splitting moves only pure nodes, so these two must not change). Run time (secondary, not judged): whole-process time on the LIR evaluator with default tiering, median over repetitions; on/off {} over the kernels with both timings.\n",
        Tiering::of(t).compiles(),
        num(split_on),
        num(hoisted_on),
        num(cloned_on),
        geomean_range(&split_kernels, "kernels"),
        geomean_range(&all_kernels, "kernels"),
        geomean_range(&other_split, "programs"),
        counts.len(),
        num(pure_off),
        num(pure_on),
        num(insts_off),
        num(insts_on),
        num(loads_off),
        num(loads_on),
        num(checks_off),
        num(checks_on),
        geomean_range(&time_ratios, "kernels"),
    );
    let split = split_on > 0.0;
    let no_data = if n_on == 0 {
        Some("the schedule rows carry no `split` counter")
    } else if !has_pure {
        Some("the counter runs carry no `pure_ops_executed` (a seabed without the counter, or not the LIR evaluator)")
    } else {
        None
    };
    let conditions = Conditions {
        no_data,
        reproduced: split && PURE_OPS.reproduced.holds(g),
        partly: split && (!g.is_finite() || PURE_OPS.partly.holds(g)),
    };
    let rule = PURE_OPS.text();
    let measured = if g.is_finite() {
        format!("pure instructions executed on/off {} over the {} kernels with a split node", ratio4(g), split_kernels.len())
    } else {
        "no kernel has a split node, so nothing measures what splitting saves".to_string()
    };
    let judgement = conditions.judge(Reasons {
        reproduced: format!("the scheduler split {} nodes and that saved executed work: {measured} ({rule})", num(split_on)),
        partly: format!("the scheduler split {} nodes, but {measured} ({rule}): no saving of 1% or more", num(split_on)),
        not_reproduced: if split {
            format!("the scheduler split {} nodes, but the split code executed more pure instructions: {measured} ({rule})", num(split_on))
        } else {
            "with splitting on, the scheduler split no node in any program".into()
        },
    });
    let ours = format!(
        "{} nodes split in {programs_split} programs; pure instructions executed on/off {} over kernels with a split (run time on/off {}×)",
        num(split_on),
        geomean_range(&split_kernels, "kernels"),
        num(g_time)
    );
    // Robustness: the rule on one value of the on/off ratio, given that something split.
    let rule = |x: f64| Conditions { no_data, reproduced: split && PURE_OPS.reproduced.holds(x), partly: split && PURE_OPS.partly.holds(x) }.verdict();
    let mut robust = Robustness::new("pure instructions executed, split on/off", Unit::Times, "kernels with a split, per-kernel geometric mean", Estimate::geomean(&split_kernels), &rule);
    let pairs: Vec<(f64, f64)> = counts.iter().filter(|(p, c)| is_kernel(p) && c.split > 0.0).map(|(_, c)| (c.pure.1, c.pure.0)).collect();
    robust.alternative("kernels with a split, pooled (ratio of sums)", Estimate::pooled(&pairs), &rule);
    let notes = notes + &super::c3_compile_time::licm_note(dir);
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::Verdict;

    /// The two counter rows (`split=off`, `split=on`) of son for `program`: `split` nodes
    /// split, `off` and `on` pure instructions executed.
    fn counters(program: &'static str, split: u64, off: u64, on: u64) -> Vec<Vec<(&'static str, String)>> {
        vec![
            row(&[("program", &program), ("pipeline", &"son"), ("kind", &"counters"), ("split", &"off"), ("schedule_split", &0), ("pure_ops_executed", &off)]),
            row(&[("program", &program), ("pipeline", &"son"), ("kind", &"counters"), ("split", &"on"), ("schedule_split", &split), ("pure_ops_executed", &on)]),
        ]
    }

    fn verdict_of(rows: Vec<Vec<(&'static str, String)>>) -> Verdict {
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict.headline()
    }

    /// The verdict on one kernel with 3 split nodes and `on` of 100,000 pure instructions
    /// executed with splitting on.
    fn verdict(on: u64) -> Verdict {
        verdict_of(counters("bench_a.js", 3, 100_000, on))
    }

    #[test]
    fn the_rule_is_graded_at_its_boundaries() {
        assert_eq!(verdict(50_000), Verdict::Reproduced);
        assert_eq!(verdict(99_000), Verdict::Reproduced, "0.99× is reproduced");
        assert_eq!(verdict(99_100), Verdict::Partly, "just over 0.99×");
        assert_eq!(verdict(100_000), Verdict::Partly, "1× (no saving) is partly");
        assert_eq!(verdict(100_100), Verdict::NotReproduced, "splitting that executes more");
    }

    #[test]
    fn only_kernels_with_a_split_node_are_judged() {
        // A kernel without a split saves nothing by construction and is left out; a
        // non-kernel program with a large saving is context only.
        let mut rows = counters("bench_a.js", 2, 100_000, 98_000);
        rows.extend(counters("bench_b.js", 0, 100_000, 100_000));
        rows.extend(counters("feat_c.js", 4, 100_000, 10_000));
        assert_eq!(verdict_of(rows.clone()), Verdict::Reproduced);
        rows.extend(counters("bench_d.js", 1, 100_000, 100_500));
        // geomean(0.98, 1.005) = 0.9925: a saving under 1%.
        assert_eq!(verdict_of(rows), Verdict::Partly);
    }

    #[test]
    fn splits_outside_the_kernels_alone_are_partly() {
        let mut rows = counters("bench_a.js", 0, 100_000, 100_000);
        rows.extend(counters("feat_c.js", 4, 100_000, 10_000));
        assert_eq!(verdict_of(rows), Verdict::Partly);
    }

    #[test]
    fn no_split_anywhere_is_not_reproduced() {
        assert_eq!(verdict_of(counters("bench_a.js", 0, 100_000, 50_000)), Verdict::NotReproduced);
    }

    #[test]
    fn tables_without_the_counters_have_no_data() {
        let no_pure = vec![row(&[("program", &"bench_a.js"), ("pipeline", &"son"), ("kind", &"counters"), ("split", &"on"), ("schedule_split", &3)])];
        assert_eq!(verdict_of(no_pure), Verdict::NoData);
        let no_split = vec![row(&[("program", &"bench_a.js"), ("pipeline", &"son"), ("kind", &"counters"), ("split", &"on"), ("pure_ops_executed", &5)])];
        assert_eq!(verdict_of(no_split), Verdict::NoData);
        let timing_only = vec![row(&[("program", &"bench_a.js"), ("pipeline", &"son"), ("kind", &"timing"), ("split", &"on"), ("run_s", &1.0)])];
        assert_eq!(verdict_of(timing_only), Verdict::NoData);
    }

    #[test]
    fn split_specs_parse() {
        let on = with_split(son::DEFAULT_SPEC, true);
        assert!(on.ends_with("schedule(split=on)"));
        assert!(son::parse_spec(&on).unwrap().split);
        assert!(!son::parse_spec(&with_split(son::DEFAULT_SPEC, false)).unwrap().split);
    }
}
