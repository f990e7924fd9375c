//! C8, "SoN graphs lose cache locality as phases replace nodes": `adjacent_distance_sum` /
//! `adjacent_pairs` of the final rows — the mean allocation-order distance between nodes
//! adjacent in the schedule — from the default pipelines' counter runs ([`super::graph`]).

use std::collections::BTreeMap;
use std::path::Path;

use super::graph::{default_runs, final_rows, row_context, sum_extra};
use super::runner::{file_name, PhaseStat};
use super::table::{Csv, Table};
use super::robustness::{bootstrap, Estimate, Robustness};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::{fmt, opt, Claim, Ctx};
use crate::report::{num, spread, sum_where, Finding, Grid};

/// The claim C8.
pub const CLAIM: Claim = Claim {
    id: "C8",
    title: "SoN graphs lose cache locality as phases replace nodes",
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
        "value: son's mean distance in allocation order between operations adjacent in the final schedule (LIR order), over cfg's, both pooled over every final phase of every corpus program (`--always-opt`); higher favours the claim; {}",
        RULE.text()
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "Distance in allocation order stands in for distance in memory: it says where a node was created, not which cache lines a later phase touches (C2 measures misses). The CFG copies its graph in every phase, so its final order is close to the schedule by construction: the figure measures that design choice as much as the sea of nodes' drift. The pooled mean is dominated by the largest functions (the per-program column shows the spread).";

/// One row per (program, pipeline), over the program's final phase rows.
pub const CSV: Csv = Csv {
    file: "c8_schedule_locality.csv",
    columns: &["phase", "final_phases", "adjacent_distance_sum", "adjacent_pairs", "mean_distance"],
};

/// The verdict rule on son's mean schedule-neighbour distance over cfg's.
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(1.5), partly: Bound::Above(1.1), unit: Unit::Times };

/// Runs C8 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let mut t = ctx.table(&CSV);
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
        ctx.push(&mut t, &row_context(CLAIM.id, &file_name(&program), pipeline, &spec, "meter", 0), values);
    }
    ctx.write(&t, &CSV)
}

/// C8's report section: how far apart nodes adjacent in the schedule were allocated.
pub fn report(_dir: &Path, t: &Table) -> Finding {
    let has = |r: &[String]| t.num(r, "adjacent_pairs").is_some();
    if !t.rows.iter().any(|r| has(r)) {
        return Finding::no_data_in(&CLAIM, t, "the final rows carry no `adjacent_distance_sum`/`adjacent_pairs` yet");
    }
    let mut grid = Grid::new(&["pipeline", "distance sum", "adjacent pairs", "mean distance", "per program"]);
    let mut mean = BTreeMap::new();
    for pl in ["son", "cfg"] {
        let is = |r: &[String]| has(r) && t.get(r, "pipeline") == pl;
        let (d, _) = sum_where(t, "adjacent_distance_sum", is);
        let (p, _) = sum_where(t, "adjacent_pairs", is);
        let per: Vec<f64> = t.rows.iter().filter(|r| is(r)).filter_map(|r| t.num(r, "mean_distance")).collect();
        mean.insert(pl, d / p);
        grid.push(vec![pl.into(), num(d), num(p), num(d / p), spread(&per)]);
    }
    let ratio = mean["son"] / mean["cfg"];
    let judgement = RULE.on(ratio, "no pairs for one of the pipelines").judge(Reasons {
        reproduced: format!("nodes adjacent in son's schedule are {}× further apart in allocation order than cfg's ({})", num(ratio), RULE.text()),
        partly: format!("son's schedule neighbours are {}× further apart than cfg's ({})", num(ratio), RULE.text()),
        not_reproduced: format!("son's schedule neighbours are {}× as far apart as cfg's", num(ratio)),
    });
    let ours = format!("mean distance son {} vs cfg {} ({}×)", num(mean["son"]), num(mean["cfg"]), num(ratio));
    let notes = "Mean |allocation index difference| between nodes (operations) adjacent in the final schedule (LIR order).\n".into();
    // Robustness: son/cfg of the mean distances pooled over the programs (the headline:
    // distance sums over pair counts), and the per-program geometric mean of son/cfg.
    let rule = |x: f64| RULE.verdict_of(x);
    let per_program = |pl: &str| -> BTreeMap<String, (f64, f64)> {
        let mut m: BTreeMap<String, (f64, f64)> = BTreeMap::new();
        for r in t.rows.iter().filter(|r| has(r) && t.get(r, "pipeline") == pl) {
            let e = m.entry(t.get(r, "program").to_string()).or_default();
            e.0 += t.num(r, "adjacent_distance_sum").unwrap_or(0.0);
            e.1 += t.num(r, "adjacent_pairs").unwrap_or(0.0);
        }
        m
    };
    let (son, cfg) = (per_program("son"), per_program("cfg"));
    let both: Vec<((f64, f64), (f64, f64))> = son.iter().filter_map(|(p, s)| Some((*s, *cfg.get(p)?))).filter(|(s, c)| s.1 > 0.0 && c.1 > 0.0 && c.0 > 0.0).collect();
    // The headline's interval: programs resampled, the ratio of the resample's pooled means.
    let headline = Estimate {
        value: ratio,
        interval: bootstrap(both.len(), |idx| {
            let (mut s, mut c) = ((0.0, 0.0), (0.0, 0.0));
            for &i in idx {
                let (a, b) = both[i];
                s = (s.0 + a.0, s.1 + a.1);
                c = (c.0 + b.0, c.1 + b.1);
            }
            (s.0 / s.1) / (c.0 / c.1)
        }),
        n: both.len(),
    };
    let mut robust = Robustness::new("son/cfg mean distance", Unit::Times, "programs pooled", headline, &rule);
    let per: Vec<f64> = both.iter().map(|(s, c)| (s.0 / s.1) / (c.0 / c.1)).collect();
    robust.alternative("per-program geometric mean", Estimate::geomean(&per), &rule);
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::claims::verdict::Verdict;

    /// C8's verdict on one program whose son and cfg mean distances are `son` and `cfg`
    /// (over 100 adjacent pairs each).
    fn verdict(son: f64, cfg: f64) -> Verdict {
        let rows: Vec<_> = [("son", son), ("cfg", cfg)]
            .iter()
            .map(|(pl, d)| row(&[("program", &"a.js"), ("pipeline", pl), ("adjacent_distance_sum", &(d * 100.0)), ("adjacent_pairs", &100), ("mean_distance", d)]))
            .collect();
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict
    }

    #[test]
    fn the_rule_is_graded_at_its_boundaries() {
        assert_eq!(verdict(3.0, 2.0), Verdict::Reproduced, "1.5× is reproduced");
        assert_eq!(verdict(2.98, 2.0), Verdict::Partly, "just under 1.5×");
        assert_eq!(verdict(2.21, 2.0), Verdict::Partly, "just over 1.1×");
        assert_eq!(verdict(2.2, 2.0), Verdict::NotReproduced, "1.1× is not above 1.1×");
        assert_eq!(verdict(1.0, 2.0), Verdict::NotReproduced);
    }

    #[test]
    fn a_table_without_the_counters_has_no_data() {
        let rows = vec![row(&[("program", &"a.js"), ("pipeline", &"son")])];
        assert_eq!(finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict, Verdict::NoData);
    }
}
