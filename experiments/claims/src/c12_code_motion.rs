//! C12, what TurboFan's design promised of the sea of nodes: "better redundant code
//! elimination, more code motion" (relaxed evaluation order, floating pure nodes that the
//! scheduler places where they execute least often).
//!
//! Counter runs of every corpus program on the LIR evaluator under three configurations:
//! son's default spec, the CFG's default spec, and the CFG's default with loop-invariant code
//! motion (`cfg::LICM_SPEC`: the `licm` reducer, an opt-in A/B option that hoists what son's
//! scheduler hoists: pure ops only). Each program runs hot ([`super::tiering`]) and with
//! `--always-opt`. Per run: pure LIR instructions executed (the judged figure), every LIR
//! instruction executed, ops hoisted out of loops (son's scheduler, the CFG's `licm`), and
//! the graph changes of the reducers that remove redundant code (value numbering, check and
//! redundancy elimination, load elimination).

use std::collections::BTreeMap;
use std::path::Path;

use super::c1_reducer_changes::aggregate;
use super::graph::{default_configs, final_rows, is_kernel, row_context, sum_extra};
use super::robustness::{Estimate, Robustness};
use super::runner::{file_name, Stats};
use super::table::{Csv, Table};
use super::tiering::{self, Tiering};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::{opt, Claim, Ctx, Side};
use crate::finding::{geomean, geomean_spread, num, Finding, Grid};

/// The claim C12.
pub const CLAIM: Claim = Claim {
    id: "C12",
    side: Side::SonCase,
    title: "The sea of nodes gives more code motion and better redundancy elimination",
    published: "qualitative (TurboFan's design)",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// One row per (tiering, program, configuration): `config` is `son`, `cfg` or `cfg-licm`.
pub const CSV: Csv = Csv {
    file: "c12_code_motion.csv",
    columns: &["tiering", "config", "compiles", "pure_ops_executed", "insts_executed", "hoisted", "redundancy_changes"],
};

/// The verdict rule on cfg/son pure LIR instructions executed (default specs).
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(1.05), partly: Bound::AtLeast(1.01), unit: Unit::Times };

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: the geometric mean over the real kernels (`bench_*.js`) of cfg/son pure LIR instructions executed on the LIR \
         evaluator, both pipelines with their default specs (V8's defaults decide what runs: Turboshaft has no general \
         loop-invariant code motion by default); higher means son executes fewer, as the promise says; {}. At least 1.05× \
         (son executes a twentieth fewer pure instructions) is more than a cost model's rounding; 1.01–1.05× is a small \
         gain, partly; below 1.01× (the counts are deterministic, so 1% is no noise margin but the smallest gain worth \
         naming) not reproduced. The equal-arms control (the CFG with `licm`, hoisting what son's scheduler hoists) and \
         pooled counts are robustness alternatives; ops hoisted, all LIR instructions executed and the redundancy \
         reducers' graph changes are context. {}",
        RULE.text(),
        tiering::RULE_SENTENCE
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "Pure LIR instructions are counted, not cycles: a hoisted constant counts like a hoisted \
division, and the LLVM backend hoists and value-numbers on its own (LLVM runs are not counted), so on machine code the \
gap may close. The CFG's default has no loop-invariant code motion because V8's Turboshaft has none by default; the \
control row adds it (`licm`), so a gap that the control closes is a pass a CFG compiler can add, not a property of the \
IR. The two sides' redundancy reducers are not the same passes (son: `common`, `vn`, `redundancy`, `load-elim`; cfg: \
`vn`, `check-elim`, `late-load-elim`), so their graph changes are context, not a contrast. Hoisted counts differ in \
what they count: son counts a node placed outside its latest loop, the CFG every op `licm` moves (constants and \
duplicates included). The kernels decide how much loop-invariant code there is.";

/// The three configurations: (config name, pipeline, spec).
fn configs() -> Vec<(&'static str, &'static str, String)> {
    let defaults = default_configs();
    vec![("son", defaults[0].0, defaults[0].1.clone()), ("cfg", defaults[1].0, defaults[1].1.clone()), ("cfg-licm", "cfg", cfg::LICM_SPEC.to_string())]
}

/// Reducers that remove redundant code, by the names their phase rows give them.
const REDUNDANCY_REDUCERS: &[&str] = &["common", "vn", "redundancy", "load-elim", "check-elim", "late-load-elim"];

/// Graph changes of the redundancy reducers in `stats`, summed over its phases.
fn redundancy_changes(stats: &Stats) -> u64 {
    aggregate(stats).iter().filter(|((_, reducer), _)| REDUNDANCY_REDUCERS.contains(&reducer.as_str())).map(|(_, c)| c.graph_changes).sum()
}

/// Ops hoisted out of loops in `stats`: son's scheduler (its final rows) or the CFG's `licm`
/// phases.
fn hoisted(stats: &Stats) -> Option<u64> {
    let from_schedule = sum_extra(final_rows(stats), "hoisted");
    let from_licm = sum_extra(stats.phases.iter().filter(|p| p.pipeline() == "cfg" && p.name().contains("licm")), "hoisted");
    match (from_schedule, from_licm) {
        (None, None) => None,
        (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
    }
}

/// Runs C12 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let programs = ctx.programs()?;
    let configs = configs();
    let mut t = ctx.table(&CSV);
    let pairs: Vec<(&str, &str)> = configs.iter().map(|(_, p, s)| (*p, s.as_str())).collect();
    for run in ctx.tiered_counter_runs(&programs, &pairs, "C12 counters") {
        let ((config, pipeline, spec), s) = (&configs[run.config], &run.stats);
        let values = vec![
            run.tiering.name().to_string(),
            config.to_string(),
            opt(Some(s.tiering.compiles)),
            opt(s.tiering.pure_ops_executed),
            opt(s.tiering.insts_executed),
            opt(hoisted(s)),
            redundancy_changes(s).to_string(),
        ];
        ctx.push(&mut t, &row_context(CLAIM.id, &file_name(&programs[run.program]), pipeline, spec, "meter", 0), values);
    }
    ctx.write(&t, &CSV)
}

/// Per kernel: the value of `column` for each configuration.
type PerKernel = BTreeMap<String, BTreeMap<String, f64>>;

/// The kernels' values of `column`, per kernel and configuration (rows without a value left out).
fn per_kernel(t: &Table, column: &str) -> PerKernel {
    let mut out: PerKernel = BTreeMap::new();
    for r in t.rows.iter().filter(|r| is_kernel(t.get(r, "program"))) {
        if let Some(v) = t.num(r, column) {
            *out.entry(t.get(r, "program").to_string()).or_default().entry(t.get(r, "config").to_string()).or_default() += v;
        }
    }
    out
}

/// Per kernel that has both with positive counts: (`a`'s value, `b`'s value).
fn pairs(k: &PerKernel, a: &str, b: &str) -> Vec<(String, f64, f64)> {
    k.iter().filter_map(|(p, c)| Some((p.clone(), *c.get(a)?, *c.get(b)?))).filter(|(_, x, y)| *x > 0.0 && *y > 0.0).collect()
}

/// C12's report section: cfg/son pure instructions executed per kernel (judged), with the
/// CFG-with-`licm` control, hoisting and redundancy counts beside it.
pub fn report(_dir: &Path, t: &Table) -> Finding {
    let pure = per_kernel(t, "pure_ops_executed");
    let headline_pairs = pairs(&pure, "cfg", "son");
    if headline_pairs.is_empty() {
        return Finding::no_data_in(&CLAIM, t, "no kernel has pure instructions executed under both default specs");
    }
    let ratios: Vec<f64> = headline_pairs.iter().map(|(_, c, s)| c / s).collect();
    let control: Vec<(String, f64, f64)> = pairs(&pure, "cfg-licm", "son");
    let control_ratios: Vec<f64> = control.iter().map(|(_, c, s)| c / s).collect();
    let g = geomean(&ratios);
    let insts = per_kernel(t, "insts_executed");
    let hoist = per_kernel(t, "hoisted");
    let redundancy = per_kernel(t, "redundancy_changes");
    let mut grid = Grid::new(&["kernel", "son pure (M)", "cfg pure (M)", "cfg + licm pure (M)", "cfg/son", "cfg+licm/son", "hoisted son / cfg+licm", "redundancy changes son / cfg", "all insts cfg/son"]);
    let cell = |k: &PerKernel, p: &str, c: &str| k.get(p).and_then(|m| m.get(c)).copied().unwrap_or(f64::NAN);
    for (p, c, s) in &headline_pairs {
        let l = cell(&pure, p, "cfg-licm");
        grid.push(vec![
            p.clone(),
            num(s / 1e6),
            num(c / 1e6),
            num(l / 1e6),
            num(c / s),
            num(l / s),
            format!("{} / {}", num(cell(&hoist, p, "son")), num(cell(&hoist, p, "cfg-licm"))),
            format!("{} / {}", num(cell(&redundancy, p, "son")), num(cell(&redundancy, p, "cfg"))),
            num(cell(&insts, p, "cfg") / cell(&insts, p, "son")),
        ]);
    }
    let n = ratios.len();
    let judgement = RULE.on(g, "no kernel has pure instructions executed under both default specs").judge(Reasons {
        reproduced: format!("the CFG executes {}× son's pure LIR instructions (geometric mean over {n} kernels; with `licm` {}): son's code motion and redundancy elimination leave clearly less to execute ({})", num(g), geomean_spread(&control_ratios, "kernels"), RULE.text()),
        partly: format!("the CFG executes {}× son's pure LIR instructions (geometric mean over {n} kernels; with `licm` {}): a small gain for son ({})", num(g), geomean_spread(&control_ratios, "kernels"), RULE.text()),
        not_reproduced: format!("the CFG executes {}× son's pure LIR instructions (geometric mean over {n} kernels; with `licm` {}): no gain of 1% for son ({})", num(g), geomean_spread(&control_ratios, "kernels"), RULE.text()),
    });
    let sum = |k: &PerKernel, c: &str| -> f64 { k.values().filter_map(|m| m.get(c)).sum() };
    let ours = format!(
        "cfg/son pure instructions executed {}; CFG with `licm` / son {}; ops hoisted over the kernels: son {}, cfg+licm {}",
        geomean_spread(&ratios, "kernels"),
        geomean_spread(&control_ratios, "kernels"),
        num(sum(&hoist, "son")),
        num(sum(&hoist, "cfg-licm"))
    );
    let notes = format!(
        "Counter runs ({}) of every corpus program on the LIR evaluator; the table lists the kernels. Pure instructions: \
         `pure_ops_executed` of the run (LIR instructions without a memory, control or deopt effect); hoisted: son's \
         scheduler (`hoisted` of its final phase), the CFG's `licm` phases; redundancy changes: graph changes of {} \
         (whichever the pipeline has). The CFG's default hoists nothing (no `licm`).\n",
        Tiering::of(t).compiles(),
        REDUNDANCY_REDUCERS.iter().map(|r| format!("`{r}`")).collect::<Vec<_>>().join(", ")
    );
    let rule = |x: f64| RULE.verdict_of(x);
    let mut robust = Robustness::new("cfg/son pure instructions executed", Unit::Times, "default specs, per-kernel geometric mean", Estimate::geomean(&ratios), &rule);
    let pooled: Vec<(f64, f64)> = headline_pairs.iter().map(|(_, c, s)| (*c, *s)).collect();
    robust.alternative("default specs, kernels pooled (ratio of sums)", Estimate::pooled(&pooled), &rule);
    robust.alternative("the CFG with `licm` (the equal-arms control), per-kernel geometric mean", Estimate::geomean(&control_ratios), &rule);
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::{Headline, Verdict};

    /// Rows of one kernel: pure instructions of son, cfg and cfg with licm.
    fn kernel(name: &'static str, son: f64, cfg: f64, licm: f64) -> Vec<Vec<(&'static str, String)>> {
        [("son", son), ("cfg", cfg), ("cfg-licm", licm)]
            .iter()
            .map(|(config, v)| row(&[("program", &name), ("config", config), ("tiering", &"hot"), ("pure_ops_executed", v), ("hoisted", &3)]))
            .collect()
    }

    fn verdict(rows: Vec<Vec<(&'static str, String)>>) -> Finding {
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))])
    }

    #[test]
    fn the_rule_is_graded_at_its_thresholds() {
        // One kernel: the interval is a point, so only the thresholds decide (the control
        // row agrees when it equals the headline).
        assert_eq!(verdict(kernel("bench_a.js", 1000.0, 1050.0, 1050.0)).verdict, Verdict::Reproduced);
        assert_eq!(verdict(kernel("bench_a.js", 1000.0, 1049.0, 1049.0)).verdict, Verdict::Partly);
        assert_eq!(verdict(kernel("bench_a.js", 1000.0, 1010.0, 1010.0)).verdict, Verdict::Partly);
        assert_eq!(verdict(kernel("bench_a.js", 1000.0, 1009.0, 1009.0)).verdict, Verdict::NotReproduced);
    }

    #[test]
    fn the_licm_control_can_make_it_inconclusive() {
        // Son executes 10% fewer by default, but the CFG with licm matches it.
        let f = verdict(kernel("bench_a.js", 1000.0, 1100.0, 1000.0));
        assert_eq!(f.verdict, Verdict::Inconclusive(Headline::Reproduced), "{}", f.reason);
        assert!(f.reason.contains("the CFG with `licm` (the equal-arms control)"), "{}", f.reason);
    }

    #[test]
    fn only_kernels_with_both_defaults_are_judged() {
        let mut rows = kernel("bench_a.js", 1000.0, 1100.0, 1100.0);
        rows.extend(kernel("feat_b.js", 1000.0, 500.0, 500.0));
        rows.push(row(&[("program", &"bench_c.js"), ("config", &"son"), ("tiering", &"hot"), ("pure_ops_executed", &1000)]));
        let f = verdict(rows);
        assert_eq!(f.verdict, Verdict::Reproduced, "{}", f.reason);
        assert!(f.ours.contains("1 kernels"), "{}", f.ours);
        assert_eq!(verdict(kernel("feat_b.js", 1.0, 2.0, 2.0)).verdict, Verdict::NoData);
    }

    #[test]
    fn the_configurations_are_the_defaults_and_the_licm_control() {
        let c = configs();
        assert_eq!(c[0].2, default_configs()[0].1);
        assert_eq!(c[1].2, cfg::DEFAULT_SPEC);
        assert!(c[2].2.contains("licm") && c[2].1 == "cfg");
        assert!(cfg::parse_spec(&c[2].2).is_ok());
    }
}
