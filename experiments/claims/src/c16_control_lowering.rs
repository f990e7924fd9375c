//! C16, V8's "lowerings that introduce control flow are hard in a sea of nodes": a pure node
//! has no block until the graph is scheduled, so a lowering that needs a branch must schedule
//! first; a CFG lowering emits the branch where it stands, in the walk it makes anyway.
//!
//! The lowerings that introduce control flow, on each side (`docs/optimizations.md` lists
//! them too): `Float64Max/Min` (JS `Math.max/min` of two numbers) become a diamond, on the
//! sea of nodes in the `schedule` phase's late lowering (`son::late_lowering`: one schedule
//! per diamond to find the node's block, then a split of that block), on the CFG in
//! `machine-lower` (`cfg::reducers::machine_lower::float64_max_diamond`: three new blocks in
//! the copying walk). No other lowering of either pipeline makes blocks: checked
//! truncations, overflow checks, map and bounds checks end in deopt exits
//! (`DeoptimizeIf/Unless`, shared sequences of `midend::machine_lowering`), which are nodes on
//! the effect chain or ops inside a block; an allocation stays one machine op
//! (`AllocateObject/Array`) in both IRs, and its inline fast and slow paths, where a backend
//! has them, are made by the shared backends after LIR.
//!
//! Counter runs of every corpus program under both default specs and son's equal-arms control
//! (`son::BATCH_SPEC`: the default with `schedule(batch=on)`, whose late lowering schedules
//! once for all diamonds, as TurboFan's effect-control linearizer does), hot compiles and
//! `--always-opt` ([`super::tiering`]). Per run, summed over its compilations, the meter
//! extras both pipelines record under the same names: `cf_lowerings` (nodes/ops lowered to
//! control flow), `blocks_introduced`, `cf_lower_visits` (the nodes/ops the lowering visits or
//! makes: son's searches for candidates and its schedules included), `cf_lower_visits_once`
//! (son's count with one search and one schedule: the equal-arms estimate of a linearizer
//! that schedules once, as TurboFan's does; the CFG's is its `cf_lower_visits`) and
//! `cf_lower_ns` (wall time of the lowering, context).

use std::collections::BTreeMap;
use std::path::Path;

use super::graph::{default_configs, is_kernel, row_context, sum_extra};
use super::robustness::{Estimate, Robustness};
use super::runner::{file_name, Stats};
use super::table::{Csv, Table};
use super::tiering::{self, Tiering};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::{opt, Claim, Ctx, Side};
use crate::finding::{geomean, geomean_spread, num, Finding, Grid};

/// The claim C16.
pub const CLAIM: Claim = Claim {
    id: "C16",
    side: Side::CfgCase,
    title: "Lowerings that introduce control flow are hard in a sea of nodes",
    published: "qualitative (V8)",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// One row per (tiering, program, configuration): `config` is `son`, `cfg` (default specs) or
/// `son-batch` (son scheduling once for all diamonds).
pub const CSV: Csv = Csv {
    file: "c16_control_lowering.csv",
    columns: &["tiering", "config", "compiles", "cf_lowerings", "blocks_introduced", "cf_lower_visits", "cf_lower_visits_once", "cf_lower_ns"],
};

/// The verdict rule on son/cfg lowering visits per introduced block (default specs).
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(2.0), partly: Bound::AtLeast(1.2), unit: Unit::Times };

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: the geometric mean, over the corpus programs in which both pipelines introduce blocks (the numeric \
         kernels call no `Math.max/min`, so the judged set is corpus-wide: feature and regression programs), of son/cfg \
         `cf_lower_visits` per introduced block (`cf_lower_visits / blocks_introduced` of each side, summed over the \
         program's compilations), both pipelines with their default specs; higher means the sea of nodes pays more work \
         per block a lowering introduces, as the claim says; {}. At least 2× (son does twice the CFG's work for each \
         block) is a cost of a different kind, not of a different implementation's constant; 1.2–2× a real but \
         modest extra cost, partly; below 1.2× not reproduced. The equal-arms control (son's `cf_lower_visits_once`: one \
         search and one schedule for all diamonds, as TurboFan's effect-control linearizer does, against the CFG's \
         count), son run with `schedule(batch=on)` (`son::BATCH_SPEC`, the control measured: the late lowering that \
         schedules once, its `cf_lower_visits` against the CFG's, over the same programs) and pooled counts (ratio of \
         sums) are robustness alternatives; lowerings, blocks and the lowering's wall \
         time per block (`cf_lower_ns`) are context. {}",
        RULE.text(),
        tiering::RULE_SENTENCE
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "One lowering introduces control flow on each side (`Float64Max/Min`, JS `Math.max/min`), and \
only a few corpus programs use it (none of the numeric kernels), so the headline rests on a handful of feature and \
regression programs whose functions are small; a function with a larger graph makes each of son's schedules dearer, and \
one with many diamonds makes its per-diamond schedules add up. Son's late lowering reschedules the whole graph once per \
diamond and searches all live nodes again after each: that follows from how seabed built it, not from the IR, since \
TurboFan's effect-control linearizer schedules once and lowers every node in one walk; `cf_lower_visits_once` \
estimates that design from the same counts (one search, one schedule, the splits), and the `son-batch` configuration \
runs it (`schedule(batch=on)`, a second implementation that splits each block into parts as its diamonds go in, checked \
against node by the corpus runner); its final schedule may place diamonds in other blocks than per-node rescheduling, \
so its code can differ from the default's. The CFG's count charges the diamond \
nothing for finding its op, which the copying walk of `machine-lower` visits anyway (with all the other lowerings); son's \
search and schedule exist only for this lowering, which is the claim's point but also means the counts are not the same \
kind of work (a schedule visit places a node, a CFG visit emits an op). Visits are not time: `cf_lower_ns` is context, \
measured around son's whole late-lowering step (searches included, also when there is nothing to lower) and around \
each CFG diamond's emission (its op already found). Checked truncations and allocation slow paths, the other examples \
of the issue, end in deopt exits (truncations) or stay one machine op until the shared backends (allocations) in \
seabed on both sides, so they introduce no blocks in either IR; a compiler that lowers them to inline slow paths in its \
IR would have more such lowerings to count.";

/// The three configurations: (config name, pipeline, spec).
fn configs() -> Vec<(&'static str, &'static str, String)> {
    let defaults = default_configs();
    vec![("son", defaults[0].0, defaults[0].1.clone()), ("cfg", defaults[1].0, defaults[1].1.clone()), ("son-batch", "son", son::BATCH_SPEC.to_string())]
}

/// The extra `key` summed over every mid-end phase row of `stats` (absent: 0, as a pipeline
/// records a control-flow lowering's counters only on the rows of phases that lowered one;
/// son records them on every schedule row).
fn total(stats: &Stats, key: &str) -> u64 {
    sum_extra(stats.phases.iter().filter(|p| p.is_mid_end()), key).unwrap_or(0)
}

/// The counted columns, in CSV order after `compiles`.
const COUNTERS: [&str; 5] = ["cf_lowerings", "blocks_introduced", "cf_lower_visits", "cf_lower_visits_once", "cf_lower_ns"];

/// A corpus program that calls `Math.max/min` in a hot function: it joins the quick set
/// (whose programs call neither), so the smoke run has something to judge.
const QUICK_EXTRA: &str = "feat_math_calls.js";

/// Runs C16 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let mut programs = ctx.programs()?;
    let extra = ctx.opts.corpus.join(QUICK_EXTRA);
    if ctx.opts.quick && extra.is_file() && !programs.contains(&extra) {
        programs.push(extra);
    }
    let configs = configs();
    let mut t = ctx.table(&CSV);
    let pairs: Vec<(&str, &str)> = configs.iter().map(|(_, p, s)| (*p, s.as_str())).collect();
    for run in ctx.tiered_counter_runs(&programs, &pairs, "C16 counters") {
        let ((config, pipeline, spec), s) = (&configs[run.config], &run.stats);
        let mut values = vec![run.tiering.name().to_string(), config.to_string(), opt(Some(s.tiering.compiles))];
        values.extend(COUNTERS.iter().map(|k| total(s, k).to_string()));
        ctx.push(&mut t, &row_context(CLAIM.id, &file_name(&programs[run.program]), pipeline, spec, "meter", 0), values);
    }
    ctx.write(&t, &CSV)
}

/// One side's sums over a program's rows.
#[derive(Clone, Copy, Debug, Default)]
struct Side16 {
    lowerings: f64,
    blocks: f64,
    visits: f64,
    visits_once: f64,
    ns: f64,
}

impl Side16 {
    /// Visits per introduced block.
    fn per_block(&self) -> f64 {
        self.visits / self.blocks
    }
}

/// `son`'s visits (or, `once`, its visits with one schedule) per block over `cfg`'s, as
/// `(son visits × cfg blocks) / (cfg visits × son blocks)` (one rounding, so a ratio of 1.2
/// in the counts is 1.2 here).
fn ratio(son: &Side16, cfg: &Side16, once: bool) -> f64 {
    let visits = if once { son.visits_once } else { son.visits };
    (visits * cfg.blocks) / (cfg.visits * son.blocks)
}

/// Per program: each configuration's sums.
type PerProgram = BTreeMap<String, BTreeMap<String, Side16>>;

fn per_program(t: &Table) -> PerProgram {
    let mut out: PerProgram = BTreeMap::new();
    for r in &t.rows {
        let s = out.entry(t.get(r, "program").to_string()).or_default().entry(t.get(r, "config").to_string()).or_default();
        let v = |c: &str| t.num(r, c).unwrap_or(0.0);
        s.lowerings += v("cf_lowerings");
        s.blocks += v("blocks_introduced");
        s.visits += v("cf_lower_visits");
        s.visits_once += v("cf_lower_visits_once");
        s.ns += v("cf_lower_ns");
    }
    out
}

/// Per judged program, son's `son-batch` visits per block over the CFG's (programs where the
/// batch run introduced no block left out).
fn batch_ratios(p: &PerProgram, judged: &[(String, Side16, Side16)]) -> Vec<f64> {
    judged
        .iter()
        .filter_map(|(name, _, c)| p.get(name)?.get("son-batch").filter(|b| b.blocks > 0.0 && b.visits > 0.0).map(|b| ratio(b, c, false)))
        .collect()
}

/// The programs in which both sides introduce blocks (with visits counted): (program, son, cfg).
fn judged(p: &PerProgram) -> Vec<(String, Side16, Side16)> {
    p.iter()
        .filter_map(|(name, c)| Some((name.clone(), *c.get("son")?, *c.get("cfg")?)))
        .filter(|(_, s, c)| s.blocks > 0.0 && c.blocks > 0.0 && s.visits > 0.0 && c.visits > 0.0)
        .collect()
}

/// C16's report section: son/cfg lowering visits per introduced block (judged), with the
/// schedule-once control, the lowerings, blocks and wall time beside it.
pub fn report(_dir: &Path, t: &Table) -> Finding {
    let all = per_program(t);
    let both = judged(&all);
    if both.is_empty() {
        return Finding::no_data_in(&CLAIM, t, "no program introduces blocks under both default specs");
    }
    let ratios: Vec<f64> = both.iter().map(|(_, s, c)| ratio(s, c, false)).collect();
    let once: Vec<f64> = both.iter().map(|(_, s, c)| ratio(s, c, true)).collect();
    let batch = batch_ratios(&all, &both);
    let g = geomean(&ratios);
    let n = ratios.len();
    let kernels = both.iter().filter(|(p, _, _)| is_kernel(p)).count();
    let mut grid = Grid::new(&[
        "program",
        "lowerings son / cfg",
        "blocks son / cfg",
        "visits per block son",
        "visits per block cfg",
        "son/cfg",
        "son once/cfg",
        "son batch/cfg",
        "µs per block son / cfg",
    ]);
    for (p, s, c) in &both {
        grid.push(vec![
            p.clone(),
            format!("{} / {}", num(s.lowerings), num(c.lowerings)),
            format!("{} / {}", num(s.blocks), num(c.blocks)),
            num(s.per_block()),
            num(c.per_block()),
            num(ratio(s, c, false)),
            num(ratio(s, c, true)),
            all.get(p).and_then(|m| m.get("son-batch")).filter(|b| b.blocks > 0.0).map_or("—".to_string(), |b| num(ratio(b, c, false))),
            format!("{} / {}", num(s.ns / s.blocks / 1e3), num(c.ns / c.blocks / 1e3)),
        ]);
    }
    let reason = |what: &str| {
        format!(
            "son's lowering visits {}× the CFG's per block it introduces (geometric mean over {n} programs, {kernels} of them kernels; scheduling once {}, measured with `schedule(batch=on)` {}): {what} ({})",
            num(g),
            geomean_spread(&once, "programs"),
            geomean_spread(&batch, "programs"),
            RULE.text()
        )
    };
    let judgement = RULE.on(g, "no program introduces blocks under both default specs").judge(Reasons {
        reproduced: reason("introducing control flow costs the sea of nodes a different kind of work"),
        partly: reason("a modest extra cost for the sea of nodes"),
        not_reproduced: reason("no clear extra cost per block for the sea of nodes"),
    });
    let sum = |side: &str, f: fn(&Side16) -> f64| -> f64 { all.values().filter_map(|m| m.get(side)).map(f).sum() };
    let ours = format!(
        "son/cfg lowering visits per introduced block {}; scheduling once {} (measured with `schedule(batch=on)`: {}); over the corpus: lowerings son {}, cfg {}; blocks son {}, cfg {}; programs where only one side introduces blocks: {}",
        geomean_spread(&ratios, "programs"),
        geomean_spread(&once, "programs"),
        geomean_spread(&batch, "programs"),
        num(sum("son", |s| s.lowerings)),
        num(sum("cfg", |s| s.lowerings)),
        num(sum("son", |s| s.blocks)),
        num(sum("cfg", |s| s.blocks)),
        all.values().filter(|m| (m.get("son").map_or(0.0, |s| s.blocks) > 0.0) != (m.get("cfg").map_or(0.0, |s| s.blocks) > 0.0)).count()
    );
    let notes = format!(
        "Counter runs ({}) of every corpus program on the LIR evaluator; the table lists the programs in which both \
         pipelines introduce blocks. Visits: son's late lowering (each search of the live nodes, each schedule's nodes, \
         the users a split examines, the nodes it rewires and adds), the CFG's `machine-lower` diamond (its op and the ops \
         it adds); once: son with one search and one schedule (an estimate from the default run); batch: son run with \
         `schedule(batch=on)`, which lowers that way. Wall time: `cf_lower_ns` (son: the whole \
         late-lowering step; cfg: each diamond's emission).\n",
        Tiering::of(t).compiles()
    );
    let rule = |x: f64| RULE.verdict_of(x);
    let mut robust = Robustness::new("son/cfg lowering visits per introduced block", Unit::Times, "default specs, per-program geometric mean", Estimate::geomean(&ratios), &rule);
    // Pooled: the programs' visits and blocks summed on each side, then per block.
    let pooled = Estimate::resampled(both.len(), |idx| {
        let total = |f: fn(&(String, Side16, Side16)) -> f64| idx.iter().map(|&i| f(&both[i])).sum::<f64>();
        let son = Side16 { visits: total(|p| p.1.visits), blocks: total(|p| p.1.blocks), ..Side16::default() };
        let cfg = Side16 { visits: total(|p| p.2.visits), blocks: total(|p| p.2.blocks), ..Side16::default() };
        ratio(&son, &cfg, false)
    });
    robust.alternative("default specs, programs pooled (visits and blocks summed per side)", pooled, &rule);
    robust.alternative("son scheduling once (the equal-arms control), per-program geometric mean", Estimate::geomean(&once), &rule);
    robust.alternative("son run with `schedule(batch=on)` (the control measured), per-program geometric mean", Estimate::geomean(&batch), &rule);
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::{Headline, Verdict};

    /// Rows of one program: (son visits, son visits once, cfg visits), three blocks each side;
    /// the batch run visits what son's count once says.
    fn program(name: &'static str, son: f64, son_once: f64, cfg: f64) -> Vec<Vec<(&'static str, String)>> {
        [("son", son, son_once), ("cfg", cfg, cfg), ("son-batch", son_once, son_once)]
            .iter()
            .map(|(config, v, once)| {
                row(&[
                    ("program", &name),
                    ("config", config),
                    ("tiering", &"hot"),
                    ("cf_lowerings", &1),
                    ("blocks_introduced", &3),
                    ("cf_lower_visits", v),
                    ("cf_lower_visits_once", once),
                    ("cf_lower_ns", &1000),
                ])
            })
            .collect()
    }

    fn verdict(rows: Vec<Vec<(&'static str, String)>>) -> Finding {
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))])
    }

    #[test]
    fn the_rule_is_graded_at_its_thresholds() {
        // One program: the interval is a point, so only the thresholds decide (the control
        // agrees when it equals the headline).
        assert_eq!(verdict(program("feat_a.js", 200.0, 200.0, 100.0)).verdict, Verdict::Reproduced);
        assert_eq!(verdict(program("feat_a.js", 199.0, 199.0, 100.0)).verdict, Verdict::Partly);
        assert_eq!(verdict(program("feat_a.js", 120.0, 120.0, 100.0)).verdict, Verdict::Partly);
        assert_eq!(verdict(program("feat_a.js", 119.0, 119.0, 100.0)).verdict, Verdict::NotReproduced);
    }

    #[test]
    fn the_schedule_once_control_can_make_it_inconclusive() {
        // Son visits 5× per block by default, but scheduling once it would be even.
        let f = verdict(program("feat_a.js", 500.0, 100.0, 100.0));
        assert_eq!(f.verdict, Verdict::Inconclusive(Headline::Reproduced), "{}", f.reason);
        assert!(f.reason.contains("son scheduling once (the equal-arms control)"), "{}", f.reason);
    }

    #[test]
    fn only_programs_where_both_sides_introduce_blocks_are_judged() {
        let mut rows = program("feat_a.js", 300.0, 300.0, 100.0);
        // Son searched but made no diamond (its visits are the search): left out.
        rows.push(row(&[("program", &"bench_b.js"), ("config", &"son"), ("tiering", &"hot"), ("blocks_introduced", &0), ("cf_lower_visits", &50), ("cf_lower_visits_once", &50)]));
        rows.push(row(&[("program", &"bench_b.js"), ("config", &"cfg"), ("tiering", &"hot"), ("blocks_introduced", &0), ("cf_lower_visits", &0), ("cf_lower_visits_once", &0)]));
        let f = verdict(rows);
        assert_eq!(f.verdict, Verdict::Reproduced, "{}", f.reason);
        assert!(f.ours.contains("1 programs"), "{}", f.ours);
        assert_eq!(verdict(program("feat_a.js", 300.0, 300.0, 0.0)).verdict, Verdict::NoData);
    }

    #[test]
    fn visits_are_compared_per_block() {
        // Son introduces twice the CFG's blocks (the CFG folded arms): per block, 2× not 4×.
        let mut rows = program("feat_a.js", 400.0, 400.0, 100.0);
        rows[0] = row(&[("program", &"feat_a.js"), ("config", &"son"), ("tiering", &"hot"), ("cf_lowerings", &2), ("blocks_introduced", &6), ("cf_lower_visits", &400), ("cf_lower_visits_once", &400)]);
        let f = verdict(rows);
        assert_eq!(f.verdict, Verdict::Reproduced, "{}", f.reason);
        assert!(f.reason.contains("visits 2× the CFG's"), "{}", f.reason);
    }

    #[test]
    fn the_measured_batch_control_can_make_it_inconclusive() {
        // The estimate agrees with the default, but the batch run visits as little as the CFG.
        let mut rows = program("feat_a.js", 500.0, 500.0, 100.0);
        rows[2] = row(&[("program", &"feat_a.js"), ("config", &"son-batch"), ("tiering", &"hot"), ("blocks_introduced", &3), ("cf_lower_visits", &100), ("cf_lower_visits_once", &100)]);
        let f = verdict(rows);
        assert_eq!(f.verdict, Verdict::Inconclusive(Headline::Reproduced), "{}", f.reason);
        assert!(f.reason.contains("son run with `schedule(batch=on)`"), "{}", f.reason);
    }

    #[test]
    fn the_configurations_are_the_default_specs_and_the_batch_control() {
        let c = configs();
        assert_eq!(c[0].2, son::DEFAULT_SPEC);
        assert_eq!(c[1].2, cfg::DEFAULT_SPEC);
        assert_eq!((c[0].1, c[1].1, c[2].1), ("son", "cfg", "son"));
        let batch = son::parse_spec(&c[2].2).expect("parses");
        assert!(batch.batch && batch.split);
        assert_eq!(son::Options { batch: false, spec: String::new(), ..batch }, son::Options { spec: String::new(), ..son::parse_spec(son::DEFAULT_SPEC).unwrap() });
    }
}
