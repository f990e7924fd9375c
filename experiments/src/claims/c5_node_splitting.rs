//! C5, "pure nodes float to the common dominator; the scheduler must duplicate them again":
//! schedule-row extras `split`, `hoisted`, `cloned` with `schedule(split=on)` vs
//! `schedule(split=off)` (cfg for reference), the checks and loads the compiled code executed
//! (`tiering.checks`, `tiering.loads_executed` when the build reports it), and, as dynamic
//! cost, whole-process time on the LIR evaluator (kernels, default tiering, serial, `reps`
//! times). The counter runs are those of every corpus program with `--always-opt`
//! ([`super::graph`]).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use super::graph::{final_rows, row_context, sum_extra};
use super::runner::{file_name, PhaseStat};
use super::table::{Csv, Table};
use super::verdict::{Bound, Conditions, Reasons, Unit};
use super::{args, fmt, opt, Claim, Ctx, COUNTER_TIERING};
use crate::report::{distinct, geomean, median, num, spread, sum_where, Finding, Grid};

/// The claim C5.
pub const CLAIM: Claim = Claim {
    id: "C5",
    title: "Pure nodes float to the common dominator; the scheduler must duplicate them again",
    published: "qualitative",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule as declared before the data: the value judged, its direction and thresholds.
pub fn rule() -> String {
    "value: nodes the scheduler split over the corpus, run time split=on/split=off (geometric mean over kernels) and loads executed; reproduced when nodes are split and run time ≤ 0.97× on/off with at least half the kernels faster, or fewer loads executed; partly when nodes are split only".to_string()
}

/// What could make the figure wrong.
pub const THREATS: &str = "Whole-process run time on the LIR evaluator is noisy and includes compilation; the corpus may have few places where a pure node is used on only some paths.";

/// Rows of kind `counters` (one per program and configuration) and `timing` (one per kernel,
/// configuration and repetition).
pub const CSV: Csv = Csv {
    file: "c5_node_splitting.csv",
    columns: &[
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
    ],
};

/// The verdict rule: with nodes split, the claim is reproduced when the dynamic cost falls —
/// run time on/off (geometric mean over kernels) within this bound with at least half the
/// kernels faster, or fewer loads executed — and partly otherwise.
pub const RUN_TIME: Bound = Bound::AtMost(0.97);

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
            ctx.push(&mut t, &row_context(CLAIM.id, &file_name(program), pipeline, spec, "meter", 0), values);
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
                ctx.push(&mut t, &row_context(CLAIM.id, &file_name(&kernels[k]), pipeline, spec, "wall", r as u32), values);
            }
            Err(e) => eprintln!("claims: C5 timing: {e}"),
        }
    }
    ctx.write(&t, &CSV)
}

/// C5's report section: what node splitting did in the scheduler and to run time.
pub fn report(_dir: &Path, t: &Table) -> Finding {
    let counters = |r: &[String], p: &str, s: &str| t.get(r, "kind") == "counters" && t.get(r, "pipeline") == p && t.get(r, "split") == s;
    let (split_on, n_on) = sum_where(t, "schedule_split", |r| counters(r, "son", "on"));
    let (hoisted_on, _) = sum_where(t, "schedule_hoisted", |r| counters(r, "son", "on"));
    let (cloned_on, _) = sum_where(t, "schedule_cloned", |r| counters(r, "son", "on"));
    let (checks_on, _) = sum_where(t, "checks_executed", |r| counters(r, "son", "on"));
    let (checks_off, _) = sum_where(t, "checks_executed", |r| counters(r, "son", "off"));
    let (checks_cfg, _) = sum_where(t, "checks_executed", |r| counters(r, "cfg", "-"));
    let (loads_on, n_loads) = sum_where(t, "loads_executed", |r| counters(r, "son", "on"));
    let (loads_off, _) = sum_where(t, "loads_executed", |r| counters(r, "son", "off"));
    let (loads_cfg, _) = sum_where(t, "loads_executed", |r| counters(r, "cfg", "-"));
    let fewer_loads = n_loads > 0 && loads_on < loads_off;
    let programs_split = t.rows.iter().filter(|r| counters(r, "son", "on") && t.num(r, "schedule_split").unwrap_or(0.0) > 0.0).count();
    // Timing: median per kernel and configuration.
    let timing = |r: &[String]| t.get(r, "kind") == "timing";
    let mut per: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    for r in t.rows.iter().filter(|r| timing(r)) {
        let key = (t.get(r, "program").to_string(), format!("{}/{}", t.get(r, "pipeline"), t.get(r, "split")));
        if let Some(v) = t.num(r, "run_s") {
            per.entry(key).or_default().push(v);
        }
    }
    let mut grid = Grid::new(&["kernel", "son split=off (s)", "son split=on (s)", "on/off", "cfg (s)"]);
    let mut ratios = Vec::new();
    for p in distinct(t, "program") {
        let m = |c: &str| per.get(&(p.clone(), c.to_string())).map(|v| median(v)).unwrap_or(f64::NAN);
        let (off, on, c) = (m("son/off"), m("son/on"), m("cfg/-"));
        if !off.is_finite() && !on.is_finite() {
            continue;
        }
        ratios.push(on / off);
        grid.push(vec![p, num(off), num(on), num(on / off), num(c)]);
    }
    let g = geomean(&ratios);
    let faster = ratios.iter().filter(|r| **r < 1.0).count();
    let rule = format!("rule: nodes split, and run time {} on/off with at least half the kernels faster, or fewer loads executed", RUN_TIME.text(Unit::Times));
    let notes = format!(
        "Schedule counters with `split=on` over the corpus: {} nodes split in {programs_split} programs, hoisted {}, \
         cloned {}. Checks executed by compiled code: son split=off {}, split=on {}, cfg {}. Loads executed: son \
         split=off {}, split=on {}, cfg {}. The table's run times are whole-process times on the LIR evaluator, \
         default tiering, median over repetitions.\n",
        num(split_on),
        num(hoisted_on),
        num(cloned_on),
        num(checks_off),
        num(checks_on),
        num(checks_cfg),
        if n_loads > 0 { num(loads_off) } else { "—".into() },
        if n_loads > 0 { num(loads_on) } else { "—".into() },
        if n_loads > 0 { num(loads_cfg) } else { "—".into() }
    );
    let split = split_on != 0.0;
    let conditions = Conditions {
        no_data: (n_on == 0).then_some("the schedule rows carry no `split` counter"),
        reproduced: split && ((RUN_TIME.holds(g) && faster * 2 >= ratios.len()) || fewer_loads),
        partly: split,
    };
    let judgement = conditions.judge(Reasons {
        reproduced: format!("the scheduler split {} nodes and the dynamic cost fell: run time {}× on/off (geometric mean; {faster} of {} kernels faster), loads executed {} → {} ({rule})", num(split_on), num(g), ratios.len(), num(loads_off), num(loads_on)),
        partly: format!("the scheduler split {} nodes, but no dynamic gain beyond noise: run time {}× on/off ({faster} of {} kernels faster), loads executed {} → {} ({rule})", num(split_on), num(g), ratios.len(), num(loads_off), num(loads_on)),
        not_reproduced: "with splitting on, the scheduler duplicated no node in any program".into(),
    });
    let ours = format!("{} nodes split in {programs_split} programs; run time on/off {}× (per kernel {})", num(split_on), num(g), spread(&ratios));
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }
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
    }
}
