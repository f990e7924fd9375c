//! C6, "control-dependent typing is easy in a CFG and limited in SoN", as an ablation: both
//! pipelines with and without their `branch-elim` reducer (the CFG's narrows the range of a
//! value below a comparison and turns `CheckedInt32Add` into `Int32Add`; son's folds only
//! decided branches and checks, by design), so that what branch elimination removes on each
//! side isolates control-dependent range narrowing. Per run: `lir_exits` and
//! `lir_overflow_checks` of the final phase (son `schedule`, cfg `lir`), summed over the
//! program's compilations, and the checks the compiled code executed (`tiering.checks`), from
//! `--always-opt` counter runs of every corpus program ([`super::graph`]; the default specs'
//! runs are shared with C1 and C5–C8).
//!
//! The equal-arms control: son with TurboFan's remedy, checks narrowed by the facts of their
//! control path (`son::PIN_SPEC`: `pin=on` on the late `branch-elim`), as a fifth
//! configuration (`branch_elim` = `pin`). Without `branch-elim` the option has nothing to act
//! on (a `pin=` needs a `branch-elim` in its phase), so son's `off` row is its `off` row too.
//! The report sets son's ratio with pinning beside son's without and cfg's, with what pinning
//! costs (mid-end time, `branch-elim` visits) and does (`pinned_checks`, `checks_narrowed`);
//! the verdict rule is unchanged and judges the default arms.

use std::collections::BTreeMap;
use std::path::Path;

use super::graph::{default_configs, final_rows, is_kernel, row_context, sum_extra};
use super::runner::{file_name, PhaseStat};
use super::table::{Csv, Table};
use super::robustness::{Estimate, Robustness};
use super::verdict::{Bound, Conditions, Reasons, Unit};
use super::{opt, Claim, Side, Ctx};
use super::tiering::{self, Tiering};
use crate::finding::{geomean, num, quantile, Finding, Grid};

/// The claim C6.
pub const CLAIM: Claim = Claim {
    id: "C6",
    side: Side::CfgCase,
    title: "Control-dependent typing is easy in a CFG and limited in SoN (CheckedAdd after x < 42 becomes Add)",
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
        "value: per pipeline, the geometric mean over the real kernels (`bench_*.js`) of (overflow checks left with `branch-elim` + 1) / (overflow checks left without it + 1) — the share of overflow checks branch elimination leaves, counted in the final LIR of every compilation; add-one on both counts keeps a kernel whose checks all go finite, and kernels with no overflow check in any of the four configurations are left out. Reproduced when cfg's ratio is {} and son's ratio / cfg's ratio is {} (son's branch elimination removes clearly fewer); partly when cfg's ratio is {} (cfg's branch elimination removes some); not reproduced otherwise. Deopt exits, checks executed, the default-vs-default ratio and the sums over every corpus program are context. {}",
        CFG_NARROWS.text(Unit::Times),
        SON_LIMITED.text(Unit::Times),
        CFG_SOME.text(Unit::Times),
        tiering::RULE_SENTENCE
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "Branch elimination does more than narrow ranges: on both sides it folds decided branches and checks, and a folded branch takes the checks of its dead arm with it, so cfg's ratio alone overstates narrowing; the gap between the two sides is the closer figure, and it still mixes in what the CFG's facts from passed checks reach (branches, which son's do not). Removing `branch-elim` also changes what the later reducers (`machine-opt`, `check-elim`, `vn`, `redundancy`) see, so the ablation measures the reducer in its pipeline, not in isolation. Static counts of the final LIR weigh a check in cold code like one in a hot loop (checks executed are shown beside them). `--always-opt` compiles with incomplete type feedback. How many comparisons guard arithmetic decides how much there is to narrow. The control (son with `pin=on`) shares the CFG's lattice and decisions but not its scoping: son keeps a fact past a merge when every input holds it, the CFG keeps what the merge's dominator knew, and son's facts from passed checks do not reach branches; its narrowing runs after `lower` on the machine-level overflow check, the CFG's while lowering, so later reducers see different graphs.";

/// One row per (tiering, program, pipeline, branch elimination on/off/pin).
pub const CSV: Csv = Csv {
    file: "c6_checks_left.csv",
    columns: &[
        "tiering",
        "branch_elim",
        "compiles",
        "final_phases",
        "lir_exits",
        "lir_overflow_checks",
        "final_nodes",
        "checks_executed",
        "midend_ns",
        "branch_elim_visits",
        "pinned_checks",
        "checks_narrowed",
    ],
};

/// Reproduced needs cfg's branch elimination to leave at most this share of its overflow
/// checks (geometric mean over kernels of with/without, add-one).
pub const CFG_NARROWS: Bound = Bound::AtMost(0.95);

/// Reproduced also needs son's share over cfg's to be at least this: son's branch
/// elimination removes clearly fewer overflow checks.
pub const SON_LIMITED: Bound = Bound::AtLeast(1.05);

/// Partly reproduced when cfg's branch elimination removes any overflow checks: its share
/// below this.
pub const CFG_SOME: Bound = Bound::Below(1.0);

/// `spec` without the reducer `reducer` in any of its phases (a phase's other arguments stay).
pub fn without_reducer(spec: &str, reducer: &str) -> String {
    let phases: Vec<String> = spec
        .split(';')
        .map(|phase| {
            let phase = phase.trim();
            match phase.split_once('(') {
                Some((name, rest)) => {
                    let inner = rest.trim_end_matches(')');
                    let kept: Vec<&str> = inner.split(',').map(str::trim).filter(|a| *a != reducer).collect();
                    format!("{name}({})", kept.join(","))
                }
                None => phase.to_string(),
            }
        })
        .collect();
    phases.join(";")
}

/// The five configurations: (pipeline, branch elimination `on`/`off`/`pin`, spec). The `on`
/// ones are the default configurations of [`default_configs`]; `pin` is the control, son
/// with pinned range narrowing (`son::PIN_SPEC`).
pub fn configs() -> Vec<(&'static str, &'static str, String)> {
    let mut out = Vec::new();
    for (pipeline, spec) in default_configs() {
        out.push((pipeline, "off", without_reducer(&spec, "branch-elim")));
        out.push((pipeline, "on", spec));
    }
    out.push(("son", "pin", son::PIN_SPEC.to_string()));
    out
}

/// Runs C6 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let mut t = ctx.table(&CSV);
    let programs = ctx.programs()?;
    let configs = configs();
    let pairs: Vec<(&str, &str)> = configs.iter().map(|(p, _, s)| (*p, s.as_str())).collect();
    for run in ctx.tiered_counter_runs(&programs, &pairs, "C6 counters") {
        let ((pipeline, branch_elim, spec), s) = (&configs[run.config], &run.stats);
        let fin: Vec<&PhaseStat> = final_rows(s).collect();
        let values = vec![
            run.tiering.name().to_string(),
            branch_elim.to_string(),
            opt(Some(s.tiering.compiles)),
            fin.len().to_string(),
            opt(sum_extra(fin.iter().copied(), "lir_exits")),
            opt(sum_extra(fin.iter().copied(), "lir_overflow_checks")),
            fin.iter().map(|p| p.nodes_out).sum::<u64>().to_string(),
            opt(Some(s.tiering.checks)),
            s.phases.iter().filter(|p| p.is_mid_end()).map(|p| p.wall_ns).sum::<u64>().to_string(),
            opt(sum_extra(s.phases.iter().filter(|p| p.is_mid_end()), "branch-elim.visits")),
            opt(sum_extra(s.phases.iter().filter(|p| p.is_mid_end()), "pinned_checks")),
            opt(sum_extra(s.phases.iter().filter(|p| p.is_mid_end()), "checks_narrowed")),
        ];
        ctx.push(&mut t, &row_context(CLAIM.id, &file_name(&programs[run.program]), pipeline, spec, "meter", 0), values);
    }
    ctx.write(&t, &CSV)
}

/// The four configurations' figures of one program, by (pipeline, branch elimination).
type Cells = BTreeMap<(String, String), f64>;

/// Column `col` of every program that has it in all four configurations.
fn complete(t: &Table, col: &str) -> BTreeMap<String, Cells> {
    let mut by_program: BTreeMap<String, Cells> = BTreeMap::new();
    for r in &t.rows {
        if let Some(v) = t.num(r, col) {
            let key = (t.get(r, "pipeline").to_string(), t.get(r, "branch_elim").to_string());
            by_program.entry(t.get(r, "program").to_string()).or_default().insert(key, v);
        }
    }
    by_program.retain(|_, cells| ["son", "cfg"].iter().all(|pl| ["on", "off"].iter().all(|be| cells.contains_key(&(pl.to_string(), be.to_string())))));
    by_program
}

/// One configuration's figure (0 when absent).
fn cell(cells: &Cells, pipeline: &str, branch_elim: &str) -> f64 {
    cells.get(&(pipeline.to_string(), branch_elim.to_string())).copied().unwrap_or(0.0)
}

/// `(a + 1) / (b + 1)`: a ratio of counts that stays finite when either is 0.
fn add_one(a: f64, b: f64) -> f64 {
    (a + 1.0) / (b + 1.0)
}

/// `geomean× (min–max a–b)` of `xs`.
fn geomean_range(xs: &[f64]) -> String {
    format!("{}× (min–max {}–{})", num(geomean(xs)), num(quantile(xs, 0.0)), num(quantile(xs, 1.0)))
}

/// C6's report section: what branch elimination removes on each side (the rule: [`rule`]).
pub fn report(_dir: &Path, t: &Table) -> Finding {
    let checks = complete(t, "lir_overflow_checks");
    let exits = complete(t, "lir_exits");
    let executed = complete(t, "checks_executed");
    if checks.is_empty() {
        return Finding::no_data_in(&CLAIM, t, "no program has `lir_overflow_checks` in all four configurations (son and cfg, with and without `branch-elim`)");
    }
    // Kernels with an overflow check in some of the four judged configurations: the judged set
    // (the `pin` control does not widen it).
    let judged: Vec<(&String, &Cells)> = checks
        .iter()
        .filter(|(p, c)| is_kernel(p) && c.iter().any(|((_, be), v)| be != "pin" && *v > 0.0))
        .collect();
    let without_checks = checks.keys().filter(|p| is_kernel(p)).count() - judged.len();
    let side = |pl: &str| -> Vec<f64> { judged.iter().map(|(_, c)| add_one(cell(c, pl, "on"), cell(c, pl, "off"))).collect() };
    let (son_ratios, cfg_ratios) = (side("son"), side("cfg"));
    let (g_son, g_cfg) = (geomean(&son_ratios), geomean(&cfg_ratios));
    let gap = g_son / g_cfg;
    let defaults: Vec<f64> = judged.iter().map(|(_, c)| add_one(cell(c, "cfg", "on"), cell(c, "son", "on"))).collect();
    // The control: son with pinned narrowing, over the judged kernels that ran it.
    let has_pin = |c: &Cells| c.contains_key(&("son".to_string(), "pin".to_string()));
    let pin_ratios: Vec<f64> =
        judged.iter().filter(|(_, c)| has_pin(c)).map(|(_, c)| add_one(cell(c, "son", "pin"), cell(c, "son", "off"))).collect();
    // Pinned over default son, per judged kernel, of a cost column.
    let pin_cost = |col: &str| -> Vec<f64> {
        let of = |p: &str, be: &str| {
            t.rows
                .iter()
                .find(|r| t.get(r, "program") == p && t.get(r, "pipeline") == "son" && t.get(r, "branch_elim") == be)
                .and_then(|r| t.num(r, col))
        };
        judged
            .iter()
            .filter_map(|(p, _)| Some((of(p, "pin")?, of(p, "on")?)))
            .filter(|&(_, on)| on > 0.0)
            .map(|(pin, on)| pin / on)
            .collect()
    };
    let (pin_time, pin_visits) = (pin_cost("midend_ns"), pin_cost("branch_elim_visits"));
    let ratio_or_dash = |xs: &[f64]| if xs.is_empty() { "—".to_string() } else { geomean_range(xs) };
    let counter_sum = |col: &str| {
        t.rows.iter().filter(|r| t.get(r, "pipeline") == "son" && t.get(r, "branch_elim") == "pin").filter_map(|r| t.num(r, col)).sum::<f64>()
    };
    let mut grid = Grid::new(&[
        "program",
        "son overflow checks (with / without branch-elim)",
        "son with/without",
        "cfg overflow checks (with / without)",
        "cfg with/without",
        "son exits (with / without)",
        "cfg exits (with / without)",
        "son checks executed (with / without)",
        "cfg checks executed (with / without)",
        "son+pin overflow checks (pin / without branch-elim)",
        "son+pin with/without",
    ]);
    let pair = |cells: Option<&Cells>, pl: &str| cells.map_or("—".to_string(), |c| format!("{} / {}", num(cell(c, pl, "on")), num(cell(c, pl, "off"))));
    for (p, c) in &judged {
        grid.push(vec![
            (*p).clone(),
            pair(Some(c), "son"),
            num(add_one(cell(c, "son", "on"), cell(c, "son", "off"))),
            pair(Some(c), "cfg"),
            num(add_one(cell(c, "cfg", "on"), cell(c, "cfg", "off"))),
            pair(exits.get(*p), "son"),
            pair(exits.get(*p), "cfg"),
            pair(executed.get(*p), "son"),
            pair(executed.get(*p), "cfg"),
            if has_pin(c) { format!("{} / {}", num(cell(c, "son", "pin")), num(cell(c, "son", "off"))) } else { "—".to_string() },
            if has_pin(c) { num(add_one(cell(c, "son", "pin"), cell(c, "son", "off"))) } else { "—".to_string() },
        ]);
    }
    grid.push(vec![
        format!("geometric mean ({} kernels)", judged.len()),
        String::new(),
        num(g_son),
        String::new(),
        num(g_cfg),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        if pin_ratios.is_empty() { "—".to_string() } else { num(geomean(&pin_ratios)) },
    ]);
    // Context: sums over every program with all four configurations.
    let total = |m: &BTreeMap<String, Cells>, pl: &str, be: &str| m.values().map(|c| cell(c, pl, be)).sum::<f64>();
    let sum_pair = |m: &BTreeMap<String, Cells>, pl: &str| format!("{} / {}", num(total(m, pl, "on")), num(total(m, pl, "off")));
    grid.push(vec![
        format!("sum over all {} programs", checks.len()),
        sum_pair(&checks, "son"),
        num(total(&checks, "son", "on") / total(&checks, "son", "off")),
        sum_pair(&checks, "cfg"),
        num(total(&checks, "cfg", "on") / total(&checks, "cfg", "off")),
        sum_pair(&exits, "son"),
        sum_pair(&exits, "cfg"),
        sum_pair(&executed, "son"),
        sum_pair(&executed, "cfg"),
        format!("{} / {}", num(total(&checks, "son", "pin")), num(total(&checks, "son", "off"))),
        num(total(&checks, "son", "pin") / total(&checks, "son", "off")),
    ]);
    let figures = format!(
        "cfg's branch-elim leaves {} of its overflow checks, son's {} (son/cfg {}×) over {} kernels",
        geomean_range(&cfg_ratios),
        geomean_range(&son_ratios),
        num(gap),
        judged.len()
    );
    let no_data = judged.is_empty().then_some("no kernel has an overflow check in any configuration");
    let conditions = Conditions {
        no_data,
        reproduced: CFG_NARROWS.holds(g_cfg) && SON_LIMITED.holds(gap),
        partly: CFG_SOME.holds(g_cfg),
    };
    let judgement = conditions.judge(Reasons {
        reproduced: format!("{figures}: branch elimination narrows in the CFG and much less in SoN (cfg {}, son/cfg {})", CFG_NARROWS.text(Unit::Times), SON_LIMITED.text(Unit::Times)),
        partly: if CFG_NARROWS.holds(g_cfg) {
            format!("{figures}: cfg's branch elimination narrows, but son's removes about as many (son/cfg not {})", SON_LIMITED.text(Unit::Times))
        } else {
            format!("{figures}: cfg's branch elimination removes some overflow checks, fewer than the rule's cfg {}", CFG_NARROWS.text(Unit::Times))
        },
        not_reproduced: format!("{figures}: cfg's branch elimination removes no overflow checks on the kernels (cfg ratio not {})", CFG_SOME.text(Unit::Times)),
    });
    let control = if pin_ratios.is_empty() {
        "son with pinned narrowing (`pin=on`): no data".to_string()
    } else {
        format!(
            "son with pinned narrowing (`pin=on`, control) {} over {} kernels (cfg {}, son without pinning {}); with pinning / without: `branch-elim` visits {}, mid-end time {}; pinned overflow checks {}, narrowed away {} (all programs)",
            geomean_range(&pin_ratios),
            pin_ratios.len(),
            num(g_cfg),
            num(g_son),
            ratio_or_dash(&pin_visits),
            ratio_or_dash(&pin_time),
            num(counter_sum("pinned_checks")),
            num(counter_sum("checks_narrowed"))
        )
    };
    let ours = format!(
        "overflow checks left with/without branch-elim: cfg {}, son {} ({} kernels); default cfg/son {}; {control}",
        geomean_range(&cfg_ratios),
        geomean_range(&son_ratios),
        judged.len(),
        geomean_range(&defaults)
    );
    let notes = format!(
        "Counts of the final LIR (son `schedule`, cfg `lir`), summed over every compilation of a program ({}). \"Without branch-elim\" removes the reducer from every phase that lists it (son: both `reduce(...)` phases; cfg: both `copy(...)` lowering phases) and keeps everything else. Ratios are (with + 1) / (without + 1) per kernel; kernels with no overflow check in any configuration ({without_checks}) are left out. Default cfg / default son, the comparison this claim made before the ablation, per kernel (add-one): {}. The last row sums every corpus program that all four configurations compiled ({} programs; not add-one, context only). Control (not judged): son with TurboFan's remedy, `pin=on` on its late `branch-elim` (`son::PIN_SPEC`), which narrows int32 ranges by the facts of a check's control path with the CFG's lattice and decisions (`midend::ranges`); its ratio is (son pin + 1) / (son without branch-elim + 1). {control}. Son's checks already carry the control input current where the builder made them, so pinning adds no input and fixes no node that was free: its cost is the range bookkeeping: `branch-elim` visits (deterministic) and mid-end time (wall time of counter runs made in parallel with others: indicative only) above.\n",
        Tiering::of(t).compiles(),
        geomean_range(&defaults),
        checks.len()
    );
    // Robustness: the decisive figure is son's share over cfg's (the gap), cfg's own share
    // held at its headline value. Alternatives: pooled over the kernels, and son with
    // TurboFan's remedy (the equal-arms control: if it closes the gap, the contrast is the
    // option's default, not the IR).
    let rule = |x: f64| {
        Conditions { no_data, reproduced: CFG_NARROWS.holds(g_cfg) && SON_LIMITED.holds(x), partly: CFG_SOME.holds(g_cfg) }.verdict()
    };
    let gaps: Vec<f64> = son_ratios.iter().zip(&cfg_ratios).map(|(s, c)| s / c).collect();
    let mut robust = Robustness::new("son/cfg share of overflow checks left", Unit::Times, "per-kernel geometric mean", Estimate::geomean(&gaps), &rule);
    let quads: Vec<[f64; 4]> = judged.iter().map(|(_, c)| [cell(c, "son", "on"), cell(c, "son", "off"), cell(c, "cfg", "on"), cell(c, "cfg", "off")]).collect();
    let pooled = Estimate::resampled(quads.len(), |idx| {
        let mut q = [0.0; 4];
        for &i in idx {
            for (a, b) in q.iter_mut().zip(quads[i]) {
                *a += b;
            }
        }
        add_one(q[0], q[1]) / add_one(q[2], q[3])
    });
    robust.alternative("kernels pooled (sums of checks, add-one)", pooled, &rule);
    let pin_gaps: Vec<f64> = judged
        .iter()
        .filter(|(_, c)| has_pin(c))
        .map(|(_, c)| add_one(cell(c, "son", "pin"), cell(c, "son", "off")) / add_one(cell(c, "cfg", "on"), cell(c, "cfg", "off")))
        .collect();
    robust.alternative("son with TurboFan's remedy (`pin=on`, the equal-arms control)", Estimate::geomean(&pin_gaps), &rule);
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::Verdict;

    /// The four rows of `program`: overflow checks left by son and cfg, with and without
    /// branch elimination.
    fn rows(program: &'static str, son: (u64, u64), cfg: (u64, u64)) -> Vec<Vec<(&'static str, String)>> {
        [("son", "on", son.0), ("son", "off", son.1), ("cfg", "on", cfg.0), ("cfg", "off", cfg.1)]
            .iter()
            .map(|(pl, be, n)| row(&[("program", &program), ("pipeline", pl), ("branch_elim", be), ("lir_overflow_checks", n), ("lir_exits", n)]))
            .collect()
    }

    fn verdict_of(rows: Vec<Vec<(&'static str, String)>>) -> Verdict {
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict
    }

    /// One kernel: son leaves `son_on` of 199 overflow checks (+1 = 200), cfg `cfg_on` of 199.
    fn verdict(son_on: u64, cfg_on: u64) -> Verdict {
        verdict_of(rows("bench_a.js", (son_on, 199), (cfg_on, 199)))
    }

    #[test]
    fn the_rule_is_graded_at_its_boundaries() {
        // cfg 190/200 = 0.95 (at its bound); son 200/200 = 1, so son/cfg = 1.053.
        assert_eq!(verdict(199, 189), Verdict::Reproduced, "cfg 0.95×, son/cfg 1.053×");
        assert_eq!(verdict(199, 190), Verdict::Partly, "cfg 0.955×: just over 0.95×");
        assert_eq!(verdict(199, 198), Verdict::Partly, "cfg 0.995×: some narrowing");
        assert_eq!(verdict(199, 199), Verdict::NotReproduced, "cfg 1×: no narrowing");
        assert_eq!(verdict(199, 250), Verdict::NotReproduced, "cfg leaves more");
        // son/cfg at and on both sides of 1.05, with cfg at 100/200 = 0.5.
        assert_eq!(verdict(104, 99), Verdict::Reproduced, "son/cfg 1.05× is reproduced");
        assert_eq!(verdict(105, 99), Verdict::Reproduced, "son/cfg 1.06×");
        assert_eq!(verdict(103, 99), Verdict::Partly, "son/cfg 1.04×: son removes about as many");
    }

    #[test]
    fn zero_counts_stay_finite_and_kernels_without_checks_are_left_out() {
        // cfg removes all 9 checks: (0 + 1) / (9 + 1) = 0.1, not 0.
        let mut all = rows("bench_a.js", (9, 9), (0, 9));
        assert_eq!(verdict_of(all.clone()), Verdict::Reproduced);
        // A kernel without overflow checks anywhere does not pull the mean to 1.
        all.extend(rows("bench_b.js", (0, 0), (0, 0)));
        assert_eq!(verdict_of(all.clone()), Verdict::Reproduced);
        // Other corpus programs are context only.
        all.extend(rows("feat_c.js", (0, 100), (100, 100)));
        assert_eq!(verdict_of(all), Verdict::Reproduced);
    }

    /// The `pin` control is reported beside the headline verdict and does not change it; as
    /// an alternative in the robustness table, a control that closes the gap makes the
    /// verdict inconclusive.
    #[test]
    fn the_pin_control_is_reported_and_not_judged() {
        let mut all = rows("bench_a.js", (9, 9), (0, 9));
        let before = finding(&CLAIM, &[(&CSV, csv(&CSV, &all))]);
        all.push(row(&[("program", &"bench_a.js"), ("pipeline", &"son"), ("branch_elim", &"pin"), ("lir_overflow_checks", &0), ("checks_narrowed", &9), ("pinned_checks", &9)]));
        let after = finding(&CLAIM, &[(&CSV, csv(&CSV, &all))]);
        assert_eq!(after.verdict.headline(), before.verdict);
        assert_eq!(after.verdict, Verdict::Inconclusive(crate::verdict::Headline::Reproduced));
        assert!(after.reason.contains("son with TurboFan's remedy (`pin=on`, the equal-arms control) gives partly"), "{}", after.reason);
        assert!(after.ours.contains("son with pinned narrowing (`pin=on`, control) 0.100× (min–max 0.100–0.100) over 1 kernels"), "{}", after.ours);
        assert!(after.ours.contains("narrowed away 9"), "{}", after.ours);
        // A kernel whose only checks are in the control is not judged.
        all.extend(rows("bench_b.js", (0, 0), (0, 0)));
        all.push(row(&[("program", &"bench_b.js"), ("pipeline", &"son"), ("branch_elim", &"pin"), ("lir_overflow_checks", &3)]));
        assert_eq!(finding(&CLAIM, &[(&CSV, csv(&CSV, &all))]).verdict.headline(), Verdict::Reproduced);
    }

    #[test]
    fn no_checks_or_no_counters_is_no_data() {
        assert_eq!(verdict_of(rows("bench_a.js", (0, 0), (0, 0))), Verdict::NoData);
        assert_eq!(verdict_of(rows("feat_a.js", (1, 5), (0, 5))), Verdict::NoData, "no kernel");
        let bare = vec![row(&[("program", &"bench_a.js"), ("pipeline", &"son"), ("branch_elim", &"on")])];
        assert_eq!(verdict_of(bare), Verdict::NoData);
        // Three configurations of four: not complete.
        let mut three = rows("bench_a.js", (9, 9), (0, 9));
        three.pop();
        assert_eq!(verdict_of(three), Verdict::NoData);
    }

    #[test]
    fn the_ablation_drops_branch_elim_from_every_phase_and_nothing_else() {
        for (pipeline, be, spec) in configs() {
            assert_eq!(spec.contains("branch-elim"), be != "off", "{pipeline} {be}: {spec}");
            assert_eq!(spec.contains("pin=on"), be == "pin", "{pipeline} {be}: {spec}");
        }
        assert_eq!(configs().len(), 5);
        assert_eq!(son::PIN_SPEC.replace(",pin=on", ""), son::DEFAULT_SPEC, "the control is the default with pin=on");
        let son_off = without_reducer(son::DEFAULT_SPEC, "branch-elim");
        assert_eq!(son_off, "son:reduce(dce,common,vn);typer;reduce(escape,load-elim,redundancy);lower;reduce(dce,machine,common,vn,redundancy);schedule(split=on)");
        assert!(son::parse_spec(&son_off).is_ok());
        let cfg_off = without_reducer(cfg::DEFAULT_SPEC, "branch-elim");
        assert_eq!(cfg_off, "cfg:copy(escape,late-load-elim);typer;copy(lower,machine-opt,check-elim,vn);copy(machine-lower,machine-opt,check-elim,vn);copy(dce)");
        assert!(cfg::parse_spec(&cfg_off).is_ok());
    }
}
