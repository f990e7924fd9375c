//! C13, from V8's post on leaving the sea of nodes: deadness is hard to propagate in a sea
//! of nodes. When a branch folds or a check becomes known, the code that only it reached is
//! dead; the sea of nodes removes it node by node (the `dce` reducer replaces each node with
//! `Dead` in a visit of its own, and only in the phases that run `dce`), while a CFG's copying
//! phase simply does not copy a block no emitted jump reaches.
//!
//! Counter runs of every corpus program under both default specs, hot compiles and
//! `--always-opt`. Each graph phase row (the build and every phase before the backend) carries
//! the census of `son::deadness` / `cfg::deadness` (the same notion on both sides: what
//! dead-code elimination would drop if it ran now): `dead_left` (dead nodes or ops in the
//! graph at the phase's end), `dead_unreachable_left` (of them, control-dead), `dead_new`,
//! `dead_gone`, beside `live_nodes`; and the phase's events under the same names on both
//! sides: `branches_folded`, `checks_known`, `dead_made` (son: nodes replaced by `Dead`; cfg:
//! ops dropped with an unreachable block) and `dead_visits` (son: visits of a node with a
//! `Dead` input; cfg: visits of an op then dropped as dead). Per run: their sums over the
//! phase rows of all compilations, and son's `dce` visits.

use std::collections::BTreeMap;
use std::path::Path;

use super::graph::{default_configs, is_kernel, row_context, sum_extra};
use super::robustness::{Estimate, Robustness};
use super::runner::{file_name, PhaseStat, Stats};
use super::table::{Csv, Table};
use super::tiering::{self, Tiering};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::{opt, Claim, Ctx, Side};
use crate::finding::{geomean, geomean_spread, num, Finding, Grid};

/// The claim C13.
pub const CLAIM: Claim = Claim {
    id: "C13",
    side: Side::CfgCase,
    title: "Deadness is hard to propagate in a sea of nodes",
    published: "qualitative (V8)",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// One row per (tiering, program, pipeline); the counts are sums over the graph phase rows
/// (those carrying `dead_left`) of all the run's compilations.
pub const CSV: Csv = Csv {
    file: "c13_deadness.csv",
    columns: &[
        "tiering",
        "compiles",
        "phase_ends",
        "live_nodes",
        "dead_left",
        "dead_unreachable_left",
        "dead_new",
        "dead_gone",
        "branches_folded",
        "checks_known",
        "dead_made",
        "dead_visits",
        "dce_visits",
    ],
};

/// The floor added to each side's dead share (dead per live node) before the ratio: one dead
/// node per thousand live ones, so two graphs with no dead code compare as 1×.
pub const SHARE_FLOOR: f64 = 0.001;

/// The verdict rule on son/cfg dead share left at phase ends (default specs).
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(2.0), partly: Bound::AtLeast(1.2), unit: Unit::Times };

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: the geometric mean over the real kernels (`bench_*.js`) of son/cfg dead share left at phase ends, both \
         pipelines with their default specs. A side's dead share of a kernel is its dead nodes or ops left at the end of \
         each graph phase (the build and every phase before the backend), summed over the phases of all compilations, over \
         its live nodes or ops summed over the same phase ends, plus {SHARE_FLOOR} (one dead node per thousand live ones, so \
         two sides without dead code compare as 1×). Dead means what the pipeline's dead-code elimination would drop if it \
         ran now: control-dead code (son: unreachable control from `Start`, `Dead` and what hangs off it; cfg: ops of \
         unreachable blocks) and what only dead or nothing required needs. Higher means son leaves more dead code \
         behind, as the claim says; {}. At least 2× (son carries twice the CFG's share of dead code between phases) \
         reproduced; 1.2–2× partly; below 1.2× not reproduced. The pooled ratio (the kernels' sums), control-dead code \
         alone, and dead code per compilation instead of per live node are robustness alternatives; branches folded, \
         checks known, nodes made dead, son's `dce` visits and visits of dead code, and the phases a dead node survives \
         are context. {}",
        RULE.text(),
        tiering::RULE_SENTENCE
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "The two sides do not hold the same things \"in the graph\": the sea of nodes never holds an \
unused pure node (a node no one uses is not reachable from `End`, so its dead code is control-dead code and what only \
dead nodes use), while a CFG holds every op it emitted until a copy drops it (unused pure ops and loads count until \
`copy(dce)`, the last phase), so the CFG's dead share counts value-dead ops that have no counterpart on the sea of nodes \
side; the control-dead alternative compares control-dead code alone, where the CFG's copying leaves none by \
construction. Son's unused loads stay on the effect chain and are not dead there, the CFG's are. The phases differ: son \
runs `dce` in two of its four reduce phases (its `typer`, `lower` and the middle reduce phase leave what they make dead \
for the next `dce`), the CFG drops unreachable blocks in every copy and unused ops in its last; phase ends are counted \
on both sides (six each with the default specs), not equal work. Events are counted by each side's own reducers (son: \
any reducer's replacement of a `Branch` or check; cfg: a folded branch, a check whose visit emits no check), so a side \
that folds more branches also makes more dead code. The census is a property of the graph at the phase's end, not of \
time: a node made dead and removed within one phase never counts as left (son's `dce` visits count that work). The \
kernels are small; V8's remark concerns large graphs where a dead region is large. What \"hard\" costs is not only what \
is left: son's `dce` runs as one more reducer over every node its phases visit, so its cost is those visits (the `dce` \
visits column) rather than dead nodes left, while the CFG's copy skips an unreachable block without looking at it; the \
headline does not weigh that work, the context columns show it.";

/// Sum of extra `key` over the graph phase rows of `stats` (those with a census).
fn census_sum(rows: &[&PhaseStat], key: &str) -> Option<u64> {
    sum_extra(rows.iter().copied(), key)
}

/// The graph phase rows of `stats`: those carrying `dead_left`.
fn census_rows(stats: &Stats) -> Vec<&PhaseStat> {
    stats.phases.iter().filter(|p| p.extra("dead_left").is_some()).collect()
}

/// Runs C13 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let programs = ctx.programs()?;
    let configs = default_configs();
    let mut t = ctx.table(&CSV);
    let pairs: Vec<(&str, &str)> = configs.iter().map(|(p, s)| (*p, s.as_str())).collect();
    for run in ctx.tiered_counter_runs(&programs, &pairs, "C13 counters") {
        let ((pipeline, spec), s) = (&configs[run.config], &run.stats);
        let rows = census_rows(s);
        let sum = |key: &str| opt(census_sum(&rows, key));
        let dce_visits = sum_extra(s.phases.iter().filter(|p| p.pipeline() == "son"), "dce.visits");
        let values = vec![
            run.tiering.name().to_string(),
            opt(Some(s.tiering.compiles)),
            rows.len().to_string(),
            sum("live_nodes"),
            sum("dead_left"),
            sum("dead_unreachable_left"),
            sum("dead_new"),
            sum("dead_gone"),
            opt(sum_extra(s.phases.iter(), "branches_folded")),
            opt(sum_extra(s.phases.iter(), "checks_known")),
            opt(sum_extra(s.phases.iter(), "dead_made")),
            opt(sum_extra(s.phases.iter(), "dead_visits")),
            if *pipeline == "son" { opt(dce_visits) } else { String::new() },
        ];
        ctx.push(&mut t, &row_context(CLAIM.id, &file_name(&programs[run.program]), pipeline, spec, "meter", 0), values);
    }
    ctx.write(&t, &CSV)
}

/// One kernel's sums on one side.
#[derive(Clone, Copy, Debug, Default)]
struct SideSums {
    compiles: f64,
    live: f64,
    dead: f64,
    unreachable: f64,
    new: f64,
    branches: f64,
    checks: f64,
    made: f64,
    dead_visits: f64,
    dce_visits: f64,
}

impl SideSums {
    /// Dead per live node plus the floor.
    fn share(&self) -> f64 {
        self.dead / self.live + SHARE_FLOOR
    }

    /// Control-dead per live node plus the floor.
    fn unreachable_share(&self) -> f64 {
        self.unreachable / self.live + SHARE_FLOOR
    }

    /// Phases a dead node or op survives on average: dead left summed over phase ends, over
    /// the dead ones that appeared.
    fn phases_until_gone(&self) -> f64 {
        if self.new > 0.0 {
            self.dead / self.new
        } else {
            f64::NAN
        }
    }
}

/// Per kernel: (son, cfg), kernels with both sides and live nodes only.
fn per_kernel(t: &Table) -> BTreeMap<String, (SideSums, SideSums)> {
    let mut sides: BTreeMap<String, (Option<SideSums>, Option<SideSums>)> = BTreeMap::new();
    for r in t.rows.iter().filter(|r| is_kernel(t.get(r, "program"))) {
        let n = |c: &str| t.num(r, c).unwrap_or(0.0);
        let Some(live) = t.num(r, "live_nodes").filter(|&l| l > 0.0) else { continue };
        let Some(dead) = t.num(r, "dead_left") else { continue };
        let s = SideSums {
            compiles: n("compiles"),
            live,
            dead,
            unreachable: n("dead_unreachable_left"),
            new: n("dead_new"),
            branches: n("branches_folded"),
            checks: n("checks_known"),
            made: n("dead_made"),
            dead_visits: n("dead_visits"),
            dce_visits: n("dce_visits"),
        };
        let e = sides.entry(t.get(r, "program").to_string()).or_default();
        match t.get(r, "pipeline") {
            "son" => e.0 = Some(s),
            "cfg" => e.1 = Some(s),
            _ => {}
        }
    }
    sides.into_iter().filter_map(|(p, (s, c))| Some((p, (s?, c?)))).collect()
}

/// C13's report section: son/cfg dead share left at phase ends per kernel (judged), with the
/// events and the removal work beside it.
pub fn report(_dir: &Path, t: &Table) -> Finding {
    let k = per_kernel(t);
    if k.is_empty() {
        return Finding::no_data_in(&CLAIM, t, "no kernel has a dead-code census on both pipelines");
    }
    let ratios: Vec<f64> = k.values().map(|(s, c)| s.share() / c.share()).collect();
    let unreachable: Vec<f64> = k.values().map(|(s, c)| s.unreachable_share() / c.unreachable_share()).collect();
    let per_compile: Vec<f64> = k
        .values()
        .filter(|(s, c)| s.compiles > 0.0 && c.compiles > 0.0)
        .map(|(s, c)| ((s.dead + 1.0) / s.compiles) / ((c.dead + 1.0) / c.compiles))
        .collect();
    let g = geomean(&ratios);
    let mut grid = Grid::new(&[
        "kernel",
        "dead share son / cfg (‰)",
        "son/cfg",
        "control-dead share son / cfg (‰)",
        "branches folded son / cfg",
        "checks known son / cfg",
        "made dead son / cfg",
        "visits of dead code son / cfg",
        "son dce visits",
        "phases until gone son / cfg",
    ]);
    let pair = |a: f64, b: f64| format!("{} / {}", num(a), num(b));
    for (p, (s, c)) in &k {
        grid.push(vec![
            p.clone(),
            pair(1000.0 * s.dead / s.live, 1000.0 * c.dead / c.live),
            num(s.share() / c.share()),
            pair(1000.0 * s.unreachable / s.live, 1000.0 * c.unreachable / c.live),
            pair(s.branches, c.branches),
            pair(s.checks, c.checks),
            pair(s.made, c.made),
            pair(s.dead_visits, c.dead_visits),
            num(s.dce_visits),
            pair(s.phases_until_gone(), c.phases_until_gone()),
        ]);
    }
    let n = ratios.len();
    let sum = |f: &dyn Fn(&(SideSums, SideSums)) -> f64| -> f64 { k.values().map(f).sum() };
    let context = format!(
        "over the kernels son folds {} branches and knows {} checks, the CFG {} and {}; son replaces {} nodes by `Dead` in \
         {} visits of dead code ({} `dce` visits in all), the CFG drops {} ops with unreachable blocks and visits {} dead ops",
        num(sum(&|(s, _)| s.branches)),
        num(sum(&|(s, _)| s.checks)),
        num(sum(&|(_, c)| c.branches)),
        num(sum(&|(_, c)| c.checks)),
        num(sum(&|(s, _)| s.made)),
        num(sum(&|(s, _)| s.dead_visits)),
        num(sum(&|(s, _)| s.dce_visits)),
        num(sum(&|(_, c)| c.made)),
        num(sum(&|(_, c)| c.dead_visits)),
    );
    let judgement = RULE.on(g, "no kernel has a dead-code census on both pipelines").judge(Reasons {
        reproduced: format!("son leaves {}× the CFG's share of dead code at its phase ends (geometric mean over {n} kernels): deadness lingers in the sea of nodes ({})", num(g), RULE.text()),
        partly: format!("son leaves {}× the CFG's share of dead code at its phase ends (geometric mean over {n} kernels): somewhat more, short of twice ({})", num(g), RULE.text()),
        not_reproduced: format!("son leaves {}× the CFG's share of dead code at its phase ends (geometric mean over {n} kernels): not clearly more than the CFG ({})", num(g), RULE.text()),
    });
    let ours = format!("son/cfg dead share left at phase ends {}; control-dead alone {}; {context}", geomean_spread(&ratios, "kernels"), geomean_spread(&unreachable, "kernels"));
    let notes = format!(
        "Counter runs ({}) of every corpus program under both default specs; the table lists the kernels. Dead share: dead \
         nodes or ops left at the end of each graph phase (build and every phase before the backend) over the live ones, \
         summed over the phases of all compilations (‰; the ratio adds {SHARE_FLOOR} to each side). Control-dead: son's \
         unreachable control, `Dead` and nodes with a `Dead` input; cfg's ops of unreachable blocks. Made dead: son's nodes \
         replaced by `Dead`, cfg's ops dropped with an unreachable block. Visits of dead code: son's visits of a node with a \
         `Dead` input, cfg's visits of an op then dropped as dead. Phases until gone: dead left summed over phase ends over \
         the dead that appeared (`dead_new`).\n",
        Tiering::of(t).compiles()
    );
    let rule = |x: f64| RULE.verdict_of(x);
    let mut robust = Robustness::new("son/cfg dead share left at phase ends", Unit::Times, "default specs, per-kernel geometric mean", Estimate::geomean(&ratios), &rule);
    robust.alternative("kernels pooled (dead over live summed over the kernels, then the ratio)", pooled_ratio(&k), &rule);
    robust.alternative("control-dead code only, per-kernel geometric mean", Estimate::geomean(&unreachable), &rule);
    robust.alternative("dead left per compilation instead of per live node, per-kernel geometric mean", Estimate::geomean(&per_compile), &rule);
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

/// The pooled ratio: (Σ son dead / Σ son live + floor) / (Σ cfg dead / Σ cfg live + floor)
/// over the kernels, with its bootstrap interval over kernels.
fn pooled_ratio(k: &BTreeMap<String, (SideSums, SideSums)>) -> Estimate {
    let v: Vec<(SideSums, SideSums)> = k.values().copied().collect();
    Estimate::resampled(v.len(), |idx| {
        let (mut sd, mut sl, mut cd, mut cl) = (0.0, 0.0, 0.0, 0.0);
        for &i in idx {
            sd += v[i].0.dead;
            sl += v[i].0.live;
            cd += v[i].1.dead;
            cl += v[i].1.live;
        }
        (sd / sl + SHARE_FLOOR) / (cd / cl + SHARE_FLOOR)
    })
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::{Headline, Verdict};

    /// Rows of one kernel: son and cfg with 1,000 live nodes and 10 compiles each (so the
    /// floor adds one dead node, as the per-compilation alternative does), `son_dead` /
    /// `cfg_dead` dead left of which `unreachable` control-dead on each side.
    fn kernel(name: &'static str, son_dead: f64, cfg_dead: f64, unreachable: (f64, f64)) -> Vec<Vec<(&'static str, String)>> {
        [("son", son_dead, unreachable.0), ("cfg", cfg_dead, unreachable.1)]
            .iter()
            .map(|(pipeline, dead, u)| {
                row(&[
                    ("program", &name),
                    ("pipeline", pipeline),
                    ("tiering", &"hot"),
                    ("compiles", &10),
                    ("live_nodes", &1_000),
                    ("dead_left", dead),
                    ("dead_unreachable_left", u),
                    ("dead_new", dead),
                ])
            })
            .collect()
    }

    fn verdict(rows: Vec<Vec<(&'static str, String)>>) -> Finding {
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))])
    }

    /// A kernel whose alternatives agree with its headline: all of each side's dead code is
    /// control-dead, and with 1,000 live nodes the floor is the per-compilation ratio's +1.
    fn consistent(son: f64, cfg: f64) -> Vec<Vec<(&'static str, String)>> {
        kernel("bench_a.js", son, cfg, (son, cfg))
    }

    #[test]
    fn the_rule_is_graded_at_its_thresholds() {
        // Shares: dead / 1,000 + 0.001. cfg 99 dead: 0.1; son 199: 0.2 → 2×.
        assert_eq!(verdict(consistent(199.0, 99.0)).verdict, Verdict::Reproduced);
        // son 198: 0.199 → 1.99×.
        assert_eq!(verdict(consistent(198.0, 99.0)).verdict, Verdict::Partly);
        // son 119: 0.12 → 1.2×.
        assert_eq!(verdict(consistent(119.0, 99.0)).verdict, Verdict::Partly);
        // son 118: 0.119 → 1.19×.
        assert_eq!(verdict(consistent(118.0, 99.0)).verdict, Verdict::NotReproduced);
        // More dead code on the CFG side: not reproduced.
        assert_eq!(verdict(consistent(10.0, 900.0)).verdict, Verdict::NotReproduced);
    }

    #[test]
    fn graphs_without_dead_code_compare_as_equal() {
        let f = verdict(consistent(0.0, 0.0));
        assert_eq!(f.verdict, Verdict::NotReproduced, "{}", f.reason);
        assert!(f.ours.starts_with("son/cfg dead share left at phase ends 1×"), "{}", f.ours);
    }

    #[test]
    fn control_dead_code_alone_can_make_it_inconclusive() {
        // Son leaves 3× the CFG's dead share, but none of the CFG's is control-dead and
        // neither is son's: the control-dead alternative is 1×.
        let f = verdict(kernel("bench_a.js", 300.0, 90.0, (0.0, 0.0)));
        assert_eq!(f.verdict, Verdict::Inconclusive(Headline::Reproduced), "{}", f.reason);
        assert!(f.reason.contains("control-dead code only"), "{}", f.reason);
    }

    #[test]
    fn only_kernels_with_both_pipelines_are_judged() {
        let mut rows = consistent(190.0, 90.0);
        rows.extend(kernel("feat_b.js", 0.0, 900.0, (0.0, 900.0)));
        rows.push(row(&[("program", &"bench_c.js"), ("pipeline", &"son"), ("tiering", &"hot"), ("live_nodes", &100), ("dead_left", &50)]));
        let f = verdict(rows);
        assert_eq!(f.verdict, Verdict::Reproduced, "{}", f.reason);
        assert!(f.ours.contains("1 kernels"), "{}", f.ours);
        assert_eq!(verdict(kernel("feat_b.js", 1.0, 2.0, (0.0, 0.0))).verdict, Verdict::NoData);
    }

    #[test]
    fn phases_until_gone_is_dead_left_over_dead_new() {
        let s = SideSums { dead: 12.0, new: 4.0, ..Default::default() };
        assert_eq!(s.phases_until_gone(), 3.0);
        assert!(SideSums::default().phases_until_gone().is_nan());
    }
}
