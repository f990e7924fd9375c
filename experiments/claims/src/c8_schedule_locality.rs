//! C8, "SoN graphs lose cache locality as phases replace nodes", judged on **drift**: how far
//! apart, in allocation order, each node and its value inputs sit in son's graph before
//! scheduling, against son's own graph right after building (`input_distance_sum` /
//! `input_edges` of every phase row, `c8_drift.csv`). The CFG is measured the same way per
//! phase, as context: it copies its graph in every phase, so its distances stay near the
//! builder's by construction. The former figure, the mean allocation-order distance between
//! operations adjacent in the final schedule, son over cfg (`adjacent_distance_sum` /
//! `adjacent_pairs` of the final rows, `c8_schedule_locality.csv`), compares son with an arm
//! that cannot drift and is kept as an alternative in the robustness table. Both come from
//! the default pipelines' counter runs ([`super::graph`]).

use std::collections::BTreeMap;
use std::path::Path;

use super::graph::{default_runs, final_rows, is_kernel, row_context, sum_extra};
use super::runner::{file_name, PhaseStat};
use super::table::{Csv, Table};
use super::tiering::{self, Tiering};
use super::robustness::{Estimate, Robustness};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::{fmt, opt, Claim, Side, Ctx};
use crate::finding::{geomean, num, spread, sum_where, Finding, Grid};

/// The claim C8.
pub const CLAIM: Claim = Claim {
    id: "C8",
    side: Side::CfgCase,
    title: "SoN graphs lose cache locality as phases replace nodes",
    published: "qualitative",
    csvs: &[CSV, DRIFT],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: son's drift, the geometric mean over the real kernels (`bench_*.js`) of (mean allocation-order distance between a node and its value inputs in son's graph before scheduling) / (the same in son's graph right after building), nodes and edges summed over each kernel's compilations; higher favours the claim; {}. The CFG's drift (measured the same way over its ops), each phase's distances and the mean distance between schedule neighbours son/cfg are context. {}",
        RULE.text(),
        tiering::RULE_SENTENCE
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "Distance in allocation order stands in for distance in memory: it says where a node was created, not which cache lines a later phase touches (C2 measures misses; its misses per instruction son/cfg are the closer figure for what the drift costs). Drift is measured over value inputs only (the CFG has no effect or control edges), and the builder's own order sets the baseline: a builder that allocated in another order would start from other distances. Son's scheduler copies nothing, so its LIR order follows the schedule, not the arena; the CFG copies its graph in every phase, so its distances stay near the builder's by construction and its drift is context, not a contrast. The pooled means are dominated by the largest functions (the robustness table shows the per-program geometric mean beside them).";

/// One row per (tiering, program, pipeline), over the program's final phase rows.
pub const CSV: Csv = Csv {
    file: "c8_schedule_locality.csv",
    columns: &["tiering", "phase", "final_phases", "adjacent_distance_sum", "adjacent_pairs", "mean_distance"],
};

/// One row per (tiering, program, pipeline, phase label), summed over the program's
/// compilations: the value-input edges of the phase's graph and their allocation-order distances.
pub const DRIFT: Csv = Csv { file: "c8_drift.csv", columns: &["tiering", "phase", "rows", "input_distance_sum", "input_edges"] };

/// The verdict rule on son's drift (and, in the robustness table, on the schedule
/// neighbours' distance son/cfg).
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(1.5), partly: Bound::Above(1.1), unit: Unit::Times };

/// Runs C8 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let mut t = ctx.table(&CSV);
    let mut drift = ctx.table(&DRIFT);
    for run in default_runs(ctx, "C8 counters")? {
        let (program, pipeline, spec, s, tiering) = (&run.program, run.pipeline, &run.spec, &run.stats, run.tiering.name().to_string());
        if s.status < 0 {
            continue;
        }
        let fin: Vec<&PhaseStat> = final_rows(s).collect();
        let sum = sum_extra(fin.iter().copied(), "adjacent_distance_sum");
        let pairs = sum_extra(fin.iter().copied(), "adjacent_pairs");
        let mean = match (sum, pairs) {
            (Some(s), Some(p)) if p > 0 => fmt(s as f64 / p as f64),
            _ => String::new(),
        };
        let phase = fin.first().map(|p| p.name().to_string()).unwrap_or_default();
        let values = vec![tiering.clone(), phase, fin.len().to_string(), opt(sum), opt(pairs), mean];
        ctx.push(&mut t, &row_context(CLAIM.id, &file_name(program), pipeline, spec, "meter", 0), values);
        let mut by_label: BTreeMap<&str, (usize, Option<u64>, Option<u64>)> = BTreeMap::new();
        for p in s.phases.iter().filter(|p| p.is_mid_end()) {
            let e = by_label.entry(&p.label).or_insert((0, None, None));
            e.0 += 1;
            if let Some(x) = p.extra("input_distance_sum") {
                e.1 = Some(e.1.unwrap_or(0) + x);
            }
            if let Some(x) = p.extra("input_edges") {
                e.2 = Some(e.2.unwrap_or(0) + x);
            }
        }
        for (label, (rows, sum, edges)) in by_label {
            let values = vec![tiering.clone(), label.to_string(), rows.to_string(), opt(sum), opt(edges)];
            ctx.push(&mut drift, &row_context(CLAIM.id, &file_name(program), pipeline, spec, "meter", 0), values);
        }
    }
    ctx.write(&drift, &DRIFT)?;
    ctx.write(&t, &CSV)
}

/// The sequence number of a phase label (`son/reduce#6` → 6).
fn label_seq(label: &str) -> Option<u32> {
    label.rsplit_once('#')?.1.parse().ok()
}

/// Per (program, pipeline): the phases with input-distance counters in pipeline order, as
/// (label, distance sum, edges).
type Phases = BTreeMap<(String, String), Vec<(u32, String, f64, f64)>>;

/// The drift table's phases per program and pipeline.
fn phases_of(t: &Table) -> Phases {
    let mut out: Phases = BTreeMap::new();
    for r in &t.rows {
        let (Some(sum), Some(edges), Some(seq)) = (t.num(r, "input_distance_sum"), t.num(r, "input_edges"), label_seq(t.get(r, "phase"))) else {
            continue;
        };
        if edges > 0.0 {
            let key = (t.get(r, "program").to_string(), t.get(r, "pipeline").to_string());
            out.entry(key).or_default().push((seq, t.get(r, "phase").to_string(), sum, edges));
        }
    }
    for v in out.values_mut() {
        v.sort_by_key(|p| p.0);
        // One entry per position: the builder's rows for ordinary and OSR compilations
        // (`build#1`, `build-osr#1`) together, as the later phases' rows count both.
        let mut merged: Vec<(u32, String, f64, f64)> = Vec::new();
        for (seq, label, sum, edges) in v.drain(..) {
            match merged.last_mut() {
                Some(last) if last.0 == seq => {
                    last.2 += sum;
                    last.3 += edges;
                }
                _ => merged.push((seq, label, sum, edges)),
            }
        }
        *v = merged;
    }
    out
}

/// A program's (built, final) distance sums and edges: the first and the last phase with
/// counters (son: the builder and the graph the scheduler places; cfg: the builder and its
/// last copy).
fn ends(phases: &[(u32, String, f64, f64)]) -> Option<((f64, f64), (f64, f64))> {
    let (first, last) = (phases.first()?, phases.last()?);
    (phases.len() >= 2).then_some(((first.2, first.3), (last.2, last.3)))
}

/// Drift: the mean distance at the end over the mean distance after building.
fn drift_of(built: (f64, f64), last: (f64, f64)) -> f64 {
    (last.0 / last.1) / (built.0 / built.1)
}

/// C8's report section: how far apart nodes adjacent in the schedule were allocated.
pub fn report(dir: &Path, t: &Table) -> Finding {
    let has = |r: &[String]| t.num(r, "adjacent_pairs").is_some();
    if !t.rows.iter().any(|r| has(r)) {
        return Finding::no_data_in(&CLAIM, t, "the final rows carry no `adjacent_distance_sum`/`adjacent_pairs` yet");
    }
    // Context: schedule neighbours, son against cfg (the former figure).
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
    // The judged figure: son's drift.
    let drift_table = match crate::finding::load(dir, &DRIFT) {
        Ok(d) => Tiering::of(t).rows_of(&d),
        Err(e) => return Finding::no_data_in(&CLAIM, t, e),
    };
    let phases = phases_of(&drift_table);
    let ends_of = |pl: &str, keep: &dyn Fn(&str) -> bool| -> Vec<((f64, f64), (f64, f64))> {
        phases.iter().filter(|((p, q), _)| q == pl && keep(p)).filter_map(|(_, v)| ends(v)).collect()
    };
    let drifts = |e: &[((f64, f64), (f64, f64))]| -> Vec<f64> { e.iter().map(|(b, l)| drift_of(*b, *l)).filter(|x| x.is_finite() && *x > 0.0).collect() };
    let son_kernels = ends_of("son", &is_kernel);
    let son_drift = drifts(&son_kernels);
    let cfg_drift = drifts(&ends_of("cfg", &is_kernel));
    let headline = Estimate::geomean(&son_drift);
    let g = headline.value;
    let judgement = RULE.on(g, "no kernel with input-distance counters on son (`input_distance_sum`, `input_edges`: rerun `seabed experiment claims`)").judge(Reasons {
        reproduced: format!(
            "son's nodes sit {}× further from their value inputs in allocation order before scheduling than right after building (geometric mean over {} kernels; cfg's drift {}×) ({})",
            num(g),
            son_drift.len(),
            num(geomean(&cfg_drift)),
            RULE.text()
        ),
        partly: format!(
            "son's nodes sit {}× further from their value inputs before scheduling than after building (geometric mean over {} kernels; cfg's drift {}×): some drift, less than the rule's {} ({})",
            num(g),
            son_drift.len(),
            num(geomean(&cfg_drift)),
            RULE.reproduced.text(RULE.unit),
            RULE.text()
        ),
        not_reproduced: format!(
            "son's nodes sit {}× as far from their value inputs before scheduling as after building (geometric mean over {} kernels; cfg's drift {}×): no drift worth the name ({})",
            num(g),
            son_drift.len(),
            num(geomean(&cfg_drift)),
            RULE.text()
        ),
    });
    let ours = format!(
        "son's drift {}× (per kernel {}; cfg {}×); schedule neighbours son {} vs cfg {} ({}×)",
        num(g),
        spread(&son_drift),
        num(geomean(&cfg_drift)),
        num(mean["son"]),
        num(mean["cfg"]),
        num(ratio)
    );
    // Per phase, pooled over the kernels: mean input distance and its ratio to the builder's.
    let mut pgrid = Grid::new(&["pipeline", "phase", "kernels", "value-input edges", "mean distance", "over the builder's"]);
    for pl in ["son", "cfg"] {
        let mut by_label: BTreeMap<(u32, String), (usize, f64, f64)> = BTreeMap::new();
        for ((p, q), v) in &phases {
            if q == pl && is_kernel(p) {
                for (seq, label, sum, edges) in v {
                    let e = by_label.entry((*seq, label.clone())).or_default();
                    *e = (e.0 + 1, e.1 + sum, e.2 + edges);
                }
            }
        }
        let built = by_label.values().next().map(|(_, s, e)| s / e).unwrap_or(f64::NAN);
        for ((_, label), (n, sum, edges)) in &by_label {
            pgrid.push(vec![pl.into(), label.clone(), n.to_string(), num(*edges), num(sum / edges), format!("{}×", num(sum / edges / built))]);
        }
    }
    let notes = format!(
        "The table above: per phase, pooled over the kernels, the value-input edges, their mean distance and its ratio to the builder's (the builder's row counts ordinary and OSR compilations together). **Drift** (judged): for each node (son: live nodes; cfg: ops) and each of its value inputs, |allocation index of the node − allocation index of the input|, summed over the kernel's compilations; a phase's mean distance is the sum over its edges. Drift = mean distance in the graph the scheduler places (son) or the last copy (cfg) over the mean distance in the builder's graph.\n\n**Schedule neighbours** (context, the former figure): mean |allocation index difference| between nodes (operations) adjacent in the final schedule (LIR order), every corpus program:\n\n{}",
        grid.markdown()
    );
    // Robustness: son's drift per kernel (the headline), pooled over the kernels, over every
    // corpus program, and the former figure (schedule neighbours son/cfg, pooled).
    let rule = |x: f64| RULE.verdict_of(x);
    let mut robust = Robustness::new("son's drift", Unit::Times, "per-kernel geometric mean", headline, &rule);
    // The ratio of the pooled means of two (distance sum, count) pairs per program.
    let pooled_ratio = |pairs: &[((f64, f64), (f64, f64))], idx: &[usize]| {
        let (mut a, mut b) = ((0.0, 0.0), (0.0, 0.0));
        for &i in idx {
            let (x, y) = pairs[i];
            a = (a.0 + x.0, a.1 + x.1);
            b = (b.0 + y.0, b.1 + y.1);
        }
        (a.0 / a.1) / (b.0 / b.1)
    };
    // Drift pooled: the last phase's pooled mean over the builder's.
    let last_and_built: Vec<((f64, f64), (f64, f64))> = son_kernels.iter().map(|(b, l)| (*l, *b)).collect();
    let pooled = Estimate::resampled(last_and_built.len(), |idx| pooled_ratio(&last_and_built, idx));
    robust.alternative("kernels pooled (distance sums over edges)", pooled, &rule);
    robust.alternative("every corpus program, per-program geometric mean", Estimate::geomean(&drifts(&ends_of("son", &|_| true))), &rule);
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
    let neighbours = Estimate { value: ratio, ..Estimate::resampled(both.len(), |idx| pooled_ratio(&both, idx)) };
    robust.alternative("schedule neighbours son/cfg, programs pooled (the former figure)", neighbours, &rule);
    Finding { grid: pgrid, notes, ..Finding::new(&CLAIM, ours, judgement, &drift_table) }.robust(robust)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::Verdict;

    /// Schedule-neighbour rows of `program`: son and cfg mean distances over 100 pairs.
    fn neighbours(program: &'static str, son: f64, cfg: f64) -> Vec<Vec<(&'static str, String)>> {
        [("son", son), ("cfg", cfg)]
            .iter()
            .map(|(pl, d)| row(&[("program", &program), ("pipeline", pl), ("adjacent_distance_sum", &(d * 100.0)), ("adjacent_pairs", &100), ("mean_distance", d)]))
            .collect()
    }

    /// Drift rows of `program` on `pipeline`: mean input distance `built` after building,
    /// 1.2× that after a reduce phase, `last` in the last phase (100 edges each).
    fn drift(program: &'static str, pipeline: &'static str, built: f64, last: f64) -> Vec<Vec<(&'static str, String)>> {
        [("build#1", built), ("reduce#2", built * 1.2), ("schedule#7", last)]
            .iter()
            .map(|(phase, d)| row(&[("program", &program), ("pipeline", &pipeline), ("phase", &format!("{pipeline}/{phase}")), ("input_distance_sum", &(d * 100.0)), ("input_edges", &100)]))
            .collect()
    }

    /// C8's finding on one kernel with son's drift `son_drift` (cfg's 1), schedule
    /// neighbours son/cfg `neighbours_ratio`.
    fn finding_of(son_drift: f64, neighbours_ratio: f64) -> Finding {
        let mut d = drift("bench_a.js", "son", 2.0, 2.0 * son_drift);
        d.extend(drift("bench_a.js", "cfg", 2.0, 2.0));
        finding(&CLAIM, &[(&CSV, csv(&CSV, &neighbours("bench_a.js", 2.0 * neighbours_ratio, 2.0))), (&DRIFT, csv(&DRIFT, &d))])
    }

    #[test]
    fn the_rule_is_graded_at_its_boundaries_on_sons_drift() {
        let v = |x: f64| finding_of(x, x).verdict;
        assert_eq!(v(1.5), Verdict::Reproduced, "1.5× is reproduced");
        assert_eq!(v(1.49), Verdict::Partly, "just under 1.5×");
        assert_eq!(v(1.11), Verdict::Partly, "just over 1.1×");
        assert_eq!(v(1.1), Verdict::NotReproduced, "1.1× is not above 1.1×");
        assert_eq!(v(0.9), Verdict::NotReproduced);
    }

    #[test]
    fn the_schedule_neighbours_are_an_alternative_not_the_headline() {
        // No drift (1×), but son's schedule neighbours 26× further apart than cfg's: the
        // former figure reproduces, so the verdict is inconclusive with "not reproduced"
        // kept as the headline's.
        let f = finding_of(1.0, 26.0);
        assert_eq!(f.verdict.headline(), Verdict::NotReproduced, "{}", f.reason);
        assert!(matches!(f.verdict, Verdict::Inconclusive(_)), "{}", f.reason);
        assert!(f.reason.contains("schedule neighbours son/cfg, programs pooled (the former figure) gives reproduced"), "{}", f.reason);
        assert!(f.grid.markdown().contains("| son | son/reduce#2 | 1 | 100 | 2.40 | 1.20× |"), "{}", f.grid.markdown());
    }

    #[test]
    fn a_table_without_the_counters_has_no_data() {
        let rows = vec![row(&[("program", &"a.js"), ("pipeline", &"son")])];
        assert_eq!(finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict, Verdict::NoData);
        // Neighbours without a drift table: no data either.
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &neighbours("bench_a.js", 3.0, 2.0)))]);
        assert_eq!(f.verdict, Verdict::NoData, "{}", f.reason);
    }
}
