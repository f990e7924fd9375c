//! C7, "most nodes sit on the effect or control chain": `chain_nodes` and `live_nodes` of
//! every mid-end phase label, from the default pipelines' counter runs ([`super::graph`]).
//!
//! V8 beside us: `node --no-concurrent-recompilation --trace-turbo` on every kernel
//! ([`crate::v8graph::trace_chain_shares`]) → `c7_v8_chain_share.csv`: per TurboFan
//! compilation and graph phase before `schedule`, V8's live nodes and those with an effect or
//! control input. The report shows it as context; it does not enter the verdict.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::graph::{default_runs, is_kernel, row_context};
use super::runner::{file_name, phase_kind};
use super::tiering::{self, Tiering};
use super::table::{Csv, RowContext, Table};
use super::robustness::{Estimate, Robustness};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::{opt, Claim, Side, Ctx};
use crate::finding::{median, num, pct, quantile, sum_where, Finding, Grid};

/// The claim C7.
pub const CLAIM: Claim = Claim {
    id: "C7",
    side: Side::CfgCase,
    title: "Most nodes sit on the effect or control chain (\"SoN is a CFG where pure nodes float\")",
    published: "qualitative (most)",
    csvs: &[CSV, V8_CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: the share of live nodes with an effect or control input in son's final graph before scheduling (the output of the last phase before `schedule`), nodes summed over every compilation of the real kernels (`bench_*.js`); {} (\"most\" is at least half); the per-kernel spread, the corpus-wide share and every phase's share are context. {}",
        RULE.text(),
        tiering::RULE_SENTENCE
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "The share depends on the programs (see the program set). It depends on the phase: the builder's graph has every JS operation on the chain and lowering adds pure machine nodes, so the figure is counted where the claim's picture applies, the graph the scheduler receives; earlier phases are shown. What counts as \"on the chain\" is our graph's: nodes with an effect or control input (V8's TurboFan graph puts some nodes our builder keeps pure on the effect chain, and the other way round). `--always-opt` compiles with incomplete type feedback, which leaves more generic (chained) operations than default tiering would.";

/// One row per (tiering, program, pipeline, phase label), summed over compilations.
pub const CSV: Csv = Csv { file: "c7_chain_share.csv", columns: &["tiering", "phase", "phase_kind", "rows", "chain_nodes", "live_nodes"] };

/// V8's chain share, from node's `--trace-turbo` graphs: one row per (kernel, compiled
/// function, V8 graph phase before `schedule`); `function` is `name#optimization id`. A row
/// with a `note` and no counts says why there is no data (node missing, quick mode, a failed
/// run, no function hot enough for TurboFan).
pub const V8_CSV: Csv = Csv { file: "c7_v8_chain_share.csv", columns: &["function", "phase", "live_nodes", "chain_nodes", "node_version", "note"] };

/// The verdict rule on the share of live nodes with an effect or control input in son's
/// final graph before scheduling (over the kernels): "most" is at least half.
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(0.5), partly: Bound::AtLeast(0.3), unit: Unit::Percent };

/// Per phase label: (rows, phase kind, chain nodes, live nodes).
type LabelSums = (usize, &'static str, Option<u64>, Option<u64>);

/// Runs C7 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let mut t = ctx.table(&CSV);
    for run in default_runs(ctx, "C7 counters")? {
        let (program, pipeline, spec, s) = (&run.program, run.pipeline, &run.spec, &run.stats);
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
            let values = vec![run.tiering.name().to_string(), label.to_string(), kind.to_string(), rows.to_string(), opt(chain), opt(live)];
            ctx.push(&mut t, &row_context(CLAIM.id, &file_name(program), pipeline, spec, "meter", 0), values);
        }
    }
    ctx.write(&t, &CSV)?;
    run_v8(ctx)
}

/// The V8 side: every kernel under `node --trace-turbo` → [`V8_CSV`]. Never fails the claim
/// for want of node: such kernels get a row with a `no data: ...` note.
fn run_v8(ctx: &Ctx) -> Result<(), String> {
    let mut t = ctx.table(&V8_CSV);
    let rc = |program: String| RowContext::v8_trace(CLAIM.id, program, format!("node {}", crate::v8graph::TRACE_FLAGS.join(" ")));
    let note = |version: &str, why: String| vec![String::new(), String::new(), String::new(), String::new(), version.to_string(), why];
    let (node, version) = harness::process::node();
    match version {
        _ if ctx.opts.quick => ctx.push(&mut t, &rc("-".into()), note("", "no data: V8 is not traced in quick mode".into())),
        None => ctx.push(&mut t, &rc("-".into()), note("", format!("no data: '{node}' not found"))),
        Some(version) => {
            for kernel in ctx.kernels()? {
                let name = file_name(&kernel);
                match crate::v8graph::trace_chain_shares(&node, &kernel) {
                    Ok(compilations) if compilations.iter().all(|c| c.phases.is_empty()) => {
                        ctx.push(&mut t, &rc(name), note(&version, "no function became hot enough for TurboFan".into()))
                    }
                    Ok(compilations) => {
                        for c in &compilations {
                            for p in &c.phases {
                                let values = vec![c.label(), p.phase.clone(), p.live_nodes.to_string(), p.chain_nodes.to_string(), version.clone(), String::new()];
                                ctx.push(&mut t, &rc(name.clone()), values);
                            }
                        }
                    }
                    Err(e) => {
                        eprintln!("claims: C7 V8 graphs of {name}: {e}");
                        ctx.push(&mut t, &rc(name), note(&version, format!("no data: {e}")));
                    }
                }
            }
        }
    }
    ctx.write(&t, &V8_CSV)
}

/// The sequence number of a phase label (`son/reduce#6` → 6).
fn label_seq(label: &str) -> Option<u32> {
    label.rsplit_once('#')?.1.parse().ok()
}

/// The phase name of a label (`son/reduce#6` → `reduce`).
fn label_name(label: &str) -> &str {
    let rest = label.split_once('/').map_or(label, |(_, r)| r);
    rest.rsplit_once('#').map_or(rest, |(n, _)| n)
}

/// Son's final graph before scheduling in each program: the row with the counters of the
/// largest phase sequence number below `schedule`'s, as (label, chain nodes, live nodes).
fn final_graphs(t: &Table) -> BTreeMap<String, (String, f64, f64)> {
    let son = |r: &&Vec<String>| t.get(r, "pipeline") == "son";
    let mut out = BTreeMap::new();
    for program in t.rows.iter().filter(son).map(|r| t.get(r, "program").to_string()).collect::<BTreeSet<_>>() {
        let rows: Vec<&Vec<String>> = t.rows.iter().filter(son).filter(|r| t.get(r, "program") == program).collect();
        let Some(schedule) = rows.iter().filter(|r| label_name(t.get(r, "phase")) == "schedule").filter_map(|r| label_seq(t.get(r, "phase"))).min() else {
            continue;
        };
        let last = rows
            .iter()
            .filter_map(|r| Some((label_seq(t.get(r, "phase"))?, r)))
            .filter(|(seq, _)| *seq < schedule)
            .filter_map(|(seq, r)| Some((seq, t.get(r, "phase").to_string(), t.num(r, "chain_nodes")?, t.num(r, "live_nodes")?)))
            .max_by_key(|(seq, ..)| *seq);
        if let Some((_, label, chain, live)) = last {
            out.insert(program, (label, chain, live));
        }
    }
    out
}

/// `median [IQR q1–q3]` of shares, as percentages.
fn pct_spread(xs: &[f64]) -> String {
    format!("{} [IQR {}–{}]", pct(median(xs)), pct(quantile(xs, 0.25)), pct(quantile(xs, 0.75)))
}

/// C7's report section: the share of son's nodes on the effect or control chain in the
/// final graph before scheduling (judged), and in every phase of both pipelines (context).
pub fn report(dir: &Path, t: &Table) -> Finding {
    let has = |r: &[String]| t.num(r, "chain_nodes").is_some() && t.num(r, "live_nodes").is_some();
    if !t.rows.iter().any(|r| has(r)) {
        return Finding::no_data_in(&CLAIM, t, "no phase row carries `chain_nodes`/`live_nodes` yet");
    }
    let finals = final_graphs(t);
    let pooled = |keep: &dyn Fn(&str) -> bool| {
        let (c, l) = finals.iter().filter(|(p, _)| keep(p)).fold((0.0, 0.0), |(c, l), (_, (_, pc, pl))| (c + pc, l + pl));
        c / l
    };
    let share = pooled(&|p| is_kernel(p));
    let corpus_share = pooled(&|_| true);
    let per_kernel: Vec<f64> = finals.iter().filter(|(p, _)| is_kernel(p)).map(|(_, (_, c, l))| c / l).collect();
    let kernels = per_kernel.len();
    let final_labels: BTreeSet<&str> = finals.values().map(|(label, ..)| label.as_str()).collect();
    let final_label = final_labels.iter().copied().collect::<Vec<_>>().join(", ");
    let mut grid = Grid::new(&["pipeline", "phase", "share (kernels)", "per kernel: median [IQR]", "min–max", "share (all programs)", "chain / live nodes (kernels)"]);
    let kernel_ratios = |rows: Vec<(f64, f64)>| -> Vec<f64> { rows.into_iter().map(|(c, l)| c / l).collect() };
    grid.push(vec![
        "son".into(),
        format!("**final graph before `schedule`** ({final_label})"),
        pct(share),
        pct_spread(&per_kernel),
        format!("{}–{}", pct(quantile(&per_kernel, 0.0)), pct(quantile(&per_kernel, 1.0))),
        pct(corpus_share),
        format!("{} / {}", num(finals.iter().filter(|(p, _)| is_kernel(p)).map(|(_, v)| v.1).sum()), num(finals.iter().filter(|(p, _)| is_kernel(p)).map(|(_, v)| v.2).sum())),
    ]);
    let labels: BTreeSet<(String, String)> = t.rows.iter().filter(|r| has(r)).map(|r| (t.get(r, "pipeline").to_string(), t.get(r, "phase").to_string())).collect();
    let mut son_phase_shares = Vec::new();
    for (pl, label) in &labels {
        let is = |r: &[String]| has(r) && t.get(r, "pipeline") == pl && t.get(r, "phase") == label;
        let is_k = |r: &[String]| is(r) && is_kernel(t.get(r, "program"));
        let (c, _) = sum_where(t, "chain_nodes", is_k);
        let (l, _) = sum_where(t, "live_nodes", is_k);
        let (ca, _) = sum_where(t, "chain_nodes", is);
        let (la, _) = sum_where(t, "live_nodes", is);
        let per = kernel_ratios(t.rows.iter().filter(|r| is_k(r)).filter_map(|r| Some((t.num(r, "chain_nodes")?, t.num(r, "live_nodes")?))).collect());
        if pl == "son" {
            son_phase_shares.push(c / l);
        }
        grid.push(vec![
            pl.clone(),
            label.clone(),
            pct(c / l),
            pct_spread(&per),
            format!("{}–{}", pct(quantile(&per, 0.0)), pct(quantile(&per, 1.0))),
            pct(ca / la),
            format!("{} / {}", num(c), num(l)),
        ]);
    }
    let judgement = RULE.on(share, "no kernel has a son phase before `schedule` with the counters").judge(Reasons {
        reproduced: format!("{} of the live nodes of son's final graph before scheduling are on a chain, over {kernels} kernels ({})", pct(share), RULE.text()),
        partly: format!("{} of the live nodes of son's final graph before scheduling are on a chain, over {kernels} kernels: many, not most ({})", pct(share), RULE.text()),
        not_reproduced: format!("only {} of the live nodes of son's final graph before scheduling are on a chain, over {kernels} kernels ({})", pct(share), RULE.text()),
    });
    let ours = format!(
        "{} of son's nodes on a chain in the final graph before scheduling ({kernels} kernels; per kernel {}, min–max {}–{}); all {} programs {}; son's phases {}–{}",
        pct(share),
        pct_spread(&per_kernel),
        pct(quantile(&per_kernel, 0.0)),
        pct(quantile(&per_kernel, 1.0)),
        finals.len(),
        pct(corpus_share),
        pct(quantile(&son_phase_shares, 0.0)),
        pct(quantile(&son_phase_shares, 1.0))
    );
    let notes = format!(
        "Share = nodes with an effect or control input / live nodes after the phase, nodes summed over compilations ({}) and over the kernels (\"share (kernels)\") or every corpus program (\"share (all programs)\"); \"per kernel\" is the spread of each kernel's own share. The judged figure is the first row: son's graph after its last phase before `schedule` ({final_label}), the graph the scheduler places. The rows below are every phase of both pipelines, the builder's output (`build`) included, for context.\n",
        Tiering::of(t).compiles(),
    );
    let (v8_notes, v8_last) = v8_section(dir, share);
    let notes = notes + &v8_notes;
    // Robustness: the rule on the chain share of son's final graph pooled over the kernels
    // (the headline), as a per-kernel geometric mean, over every program, and in son's graph
    // right after building (the phase decides how much has been folded away).
    let rule = |x: f64| RULE.verdict_of(x);
    let kernel_pairs: Vec<(f64, f64)> = finals.iter().filter(|(p, _)| is_kernel(p)).map(|(_, (_, c, l))| (*c, *l)).collect();
    let mut robust = Robustness::new("share of son's live nodes on a chain", Unit::Percent, "final graph before `schedule`, kernels pooled", Estimate::pooled(&kernel_pairs), &rule);
    robust.alternative("final graph, per-kernel geometric mean", Estimate::geomean(&per_kernel), &rule);
    let all_pairs: Vec<(f64, f64)> = finals.values().map(|(_, c, l)| (*c, *l)).collect();
    robust.alternative("final graph, every corpus program pooled", Estimate::pooled(&all_pairs), &rule);
    let mut built: BTreeMap<String, (f64, f64)> = BTreeMap::new();
    for r in t.rows.iter().filter(|r| has(r) && t.get(r, "pipeline") == "son" && t.get(r, "phase").contains("build") && is_kernel(t.get(r, "program"))) {
        let e = built.entry(t.get(r, "program").to_string()).or_default();
        e.0 += t.num(r, "chain_nodes").unwrap_or(0.0);
        e.1 += t.num(r, "live_nodes").unwrap_or(0.0);
    }
    robust.alternative("graph after building, kernels pooled", Estimate::pooled(&built.into_values().collect::<Vec<_>>()), &rule);
    if let Some((phase, pairs)) = v8_last {
        robust.alternative(&format!("V8's own graphs before scheduling (`{phase}`, hot functions), kernels pooled"), Estimate::pooled(&pairs), &rule);
    }
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

/// The V8 comparison (context, not judged): per V8 graph phase in pipeline order, the share
/// of V8's live nodes on a chain pooled over the kernels' compilations, and the share in the
/// graph of V8's last phase before `schedule` beside son's final share (`son_share`).
/// Also returns V8's last phase before scheduling with each kernel's (chain, live) nodes
/// there, for the robustness table.
fn v8_section(dir: &Path, son_share: f64) -> (String, Option<(String, Vec<(f64, f64)>)>) {
    let mut s = String::from(
        "\n**V8 beside us** (`node --no-concurrent-recompilation --trace-turbo` on every kernel, `c7_v8_chain_share.csv`). \
         V8's JSON graphs label each input edge `value`, `effect`, `control`, `frame-state` or `context`; a node is on a \
         chain when it is live and has an `effect` or `control` input, as ours. V8 compiles only the functions that got \
         hot, with their full type feedback (and inlines into them); our headline counts our hot compiles too, but our \
         tiering's thresholds are not V8's budgets, and our inlining is not V8's; V8's phases are its own, so only the share, not the node counts, compares.\n\n",
    );
    let v8 = match crate::finding::load(dir, &V8_CSV) {
        Ok(v8) => v8,
        Err(e) => {
            s.push_str(&format!("No V8 data: {e}.\n"));
            return (s, None);
        }
    };
    let has = |r: &[String]| v8.num(r, "live_nodes").is_some() && v8.num(r, "chain_nodes").is_some();
    let rows: Vec<&Vec<String>> = v8.rows.iter().filter(|r| has(r)).collect();
    if rows.is_empty() {
        let why: BTreeSet<&str> = v8.rows.iter().map(|r| v8.get(r, "note").trim_start_matches("no data: ")).filter(|n| !n.is_empty()).collect();
        s.push_str(&format!("No V8 data: {}.\n", why.into_iter().collect::<Vec<_>>().join("; ")));
        return (s, None);
    }
    // Each compilation's phases in its own order, then V8's pipeline order over all of them.
    let mut compilations: Vec<((&str, &str), Vec<&str>)> = Vec::new();
    for r in &rows {
        let key = (v8.get(r, "program"), v8.get(r, "function"));
        match compilations.iter_mut().find(|(k, _)| *k == key) {
            Some((_, phases)) => phases.push(v8.get(r, "phase")),
            None => compilations.push((key, vec![v8.get(r, "phase")])),
        }
    }
    let order = crate::v8graph::pipeline_order(compilations.iter().map(|(_, p)| p.clone()));
    let kernels = v8.rows.iter().map(|r| v8.get(r, "program")).filter(|p| *p != "-").collect::<BTreeSet<_>>().len();
    let compiled = rows.iter().map(|r| v8.get(r, "program")).collect::<BTreeSet<_>>().len();
    let version = v8.get(rows[0], "node_version");
    let mut grid = Grid::new(&["V8 phase", "compilations", "share (kernels pooled)", "per kernel: median [IQR]", "chain / live nodes"]);
    let mut last = (f64::NAN, 0, String::new(), 0.0, Vec::new());
    let mut last_pairs: Vec<(f64, f64)> = Vec::new();
    for phase in &order {
        let is = |r: &[String]| has(r) && v8.get(r, "phase") == *phase;
        let (c, n) = sum_where(&v8, "chain_nodes", is);
        let (l, _) = sum_where(&v8, "live_nodes", is);
        let mut per: BTreeMap<&str, (f64, f64)> = BTreeMap::new();
        for r in rows.iter().filter(|r| is(r)) {
            let e = per.entry(v8.get(r, "program")).or_default();
            e.0 += v8.num(r, "chain_nodes").unwrap_or(0.0);
            e.1 += v8.num(r, "live_nodes").unwrap_or(0.0);
        }
        last_pairs = per.values().copied().collect();
        let per: Vec<f64> = per.values().map(|(c, l)| c / l).collect();
        grid.push(vec![format!("`{phase}`"), n.to_string(), pct(c / l), pct_spread(&per), format!("{} / {}", num(c), num(l))]);
        last = (c / l, n, phase.to_string(), l, per);
    }
    let (v8_share, n, phase, live, per) = last;
    s.push_str(&format!(
        "node {version}; {compiled} of {kernels} kernels had a TurboFan compilation. V8's phases as `--trace-turbo` prints \
         them (without the `V8.TF` prefix), in pipeline order, each over the compilations that printed its graph:\n\n"
    ));
    s.push_str(&grid.markdown());
    s.push_str(&format!(
        "\nIn V8's graph before scheduling (`{phase}`, the last graph phase before `schedule` in node {version}'s TurboFan), \
         **{} of the live nodes are on a chain** ({} nodes, {n} compilations, per kernel {}); son's final graph before \
         `schedule`, the judged figure: **{}**.\n",
        pct(v8_share),
        num(live),
        pct_spread(&per),
        pct(son_share)
    ));
    let phase_name = phase.clone();
    (s, Some((phase_name, last_pairs)))
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::Verdict;

    /// Rows of son's phases for `program`: the builder's (all on the chain), the final graph
    /// (`reduce#6`, with `chain` of 1000 live nodes on a chain) and `schedule#7` (all on it).
    fn phases(program: &'static str, chain: u64) -> Vec<Vec<(&'static str, String)>> {
        [("son/build#1", 1000), ("son/reduce#6", chain), ("son/schedule#7", 1000)]
            .iter()
            .map(|(label, c)| row(&[("program", &program), ("pipeline", &"son"), ("phase", label), ("chain_nodes", c), ("live_nodes", &1000)]))
            .collect()
    }

    /// The verdict of the headline figure (the fixtures' builder graphs are all on the
    /// chain, so the robustness check makes most of them inconclusive; see
    /// `the_graph_after_building_is_an_alternative`).
    fn verdict_of(rows: Vec<Vec<(&'static str, String)>>) -> Verdict {
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict.headline()
    }

    #[test]
    fn the_graph_after_building_is_an_alternative() {
        // 40% in the final graph (partly), 100% after building (reproduced): inconclusive.
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &phases("bench_a.js", 400)))]);
        assert_eq!(f.verdict, Verdict::Inconclusive(crate::verdict::Headline::Partly));
        assert!(f.reason.contains("graph after building, kernels pooled gives reproduced"), "{}", f.reason);
        // 60% in the final graph: reproduced under every alternative.
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &phases("bench_a.js", 600)))]);
        assert_eq!(f.verdict, Verdict::Reproduced, "{}", f.reason);
    }

    /// `rows` with their `tiering` cell set to `tiering`.
    fn tiered(rows: Vec<Vec<(&'static str, String)>>, tiering: &str) -> Vec<Vec<(&'static str, String)>> {
        rows.into_iter().map(|mut r| {
            r.push(("tiering", tiering.to_string()));
            r
        }).collect()
    }

    #[test]
    fn hot_compiles_are_the_headline_and_always_opt_an_alternative() {
        // Hot: 60% (reproduced); --always-opt: 40% (partly): inconclusive, named.
        let mut rows = tiered(phases("bench_a.js", 600), "hot");
        rows.extend(tiered(phases("bench_a.js", 400), "always-opt"));
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]);
        assert_eq!(f.verdict, Verdict::Inconclusive(crate::verdict::Headline::Reproduced), "{}", f.reason);
        assert!(f.reason.contains("`--always-opt` (every function compiled at its first call)"), "{}", f.reason);
        assert!(f.ours.contains("60.0%"), "the headline is the hot rows': {}", f.ours);
        // Both 60%: reproduced, with the --always-opt row in the robustness table.
        let mut rows = tiered(phases("bench_a.js", 600), "hot");
        rows.extend(tiered(phases("bench_a.js", 600), "always-opt"));
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]);
        assert_eq!(f.verdict, Verdict::Reproduced, "{}", f.reason);
        assert!(f.robustness.rows.iter().any(|r| r.name.starts_with("`--always-opt`")), "{:?}", f.robustness.rows);
        // Only --always-opt rows: the headline (hot) has no data.
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &tiered(phases("bench_a.js", 600), "always-opt")))]);
        assert_eq!(f.verdict, Verdict::NoData, "{}", f.reason);
    }

    #[test]
    fn the_rule_is_graded_at_its_boundaries_on_the_final_graph() {
        assert_eq!(verdict_of(phases("bench_a.js", 500)), Verdict::Reproduced, "50% is most");
        assert_eq!(verdict_of(phases("bench_a.js", 499)), Verdict::Partly, "49.9%");
        assert_eq!(verdict_of(phases("bench_a.js", 300)), Verdict::Partly, "30%");
        assert_eq!(verdict_of(phases("bench_a.js", 299)), Verdict::NotReproduced, "29.9%");
    }

    #[test]
    fn only_the_kernels_final_graphs_are_judged() {
        // Other phases and other programs do not move the figure.
        let mut rows = phases("bench_a.js", 400);
        rows.extend(phases("feat_b.js", 1000));
        assert_eq!(verdict_of(rows.clone()), Verdict::Partly);
        // Nodes are pooled over kernels: 400 + 700 of 2000 = 55%.
        rows.extend(phases("bench_c.js", 700));
        assert_eq!(verdict_of(rows), Verdict::Reproduced);
    }

    #[test]
    fn tables_without_a_final_graph_have_no_data() {
        let bare = vec![row(&[("program", &"bench_a.js"), ("pipeline", &"son"), ("phase", &"son/reduce#6")])];
        assert_eq!(verdict_of(bare), Verdict::NoData);
        // No `schedule` row: no phase is known to be the last before it.
        let mut no_schedule = phases("bench_a.js", 900);
        no_schedule.pop();
        assert_eq!(verdict_of(no_schedule), Verdict::NoData);
        // Only non-kernel programs.
        assert_eq!(verdict_of(phases("feat_a.js", 900)), Verdict::NoData);
    }

    /// A row of V8's graph counts: `chain` of `live` nodes of `program`'s compilation
    /// `function` after `phase`.
    fn v8_row(program: &'static str, function: &'static str, phase: &'static str, chain: u64, live: u64) -> Vec<(&'static str, String)> {
        row(&[("program", &program), ("pipeline", &"v8"), ("function", &function), ("phase", &phase), ("chain_nodes", &chain), ("live_nodes", &live), ("node_version", &"v20.0.0")])
    }

    #[test]
    fn the_v8_section_pools_each_phase_in_pipeline_order() {
        let v8 = vec![
            v8_row("bench_a.js", "f#0", "BytecodeGraphBuilder", 60, 100),
            v8_row("bench_a.js", "f#0", "Typer", 70, 100),
            v8_row("bench_a.js", "f#0", "BranchConditionDuplication", 50, 100),
            // A second compilation with a phase the first one skipped.
            v8_row("bench_a.js", "g#1", "BytecodeGraphBuilder", 10, 20),
            v8_row("bench_a.js", "g#1", "LoopPeeling", 15, 20),
            v8_row("bench_a.js", "g#1", "BranchConditionDuplication", 5, 20),
            v8_row("bench_b.js", "h#0", "BranchConditionDuplication", 45, 80),
            row(&[("program", &"bench_c.js"), ("pipeline", &"v8"), ("node_version", &"v20.0.0"), ("note", &"no function became hot enough for TurboFan")]),
        ];
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &phases("bench_a.js", 600))), (&V8_CSV, csv(&V8_CSV, &v8))]);
        assert_eq!(f.verdict, Verdict::Reproduced, "V8's rows do not enter the verdict: {}", f.reason);
        let n = &f.notes;
        assert!(n.contains("node v20.0.0; 2 of 3 kernels had a TurboFan compilation"), "{n}");
        let builder = n.find("| `BytecodeGraphBuilder` | 2 | 58.3% |").expect(n);
        let peeling = n.find("| `LoopPeeling` | 1 | 75.0% |").expect(n);
        let typer = n.find("| `Typer` | 1 | 70.0% |").expect(n);
        let last = n.find("| `BranchConditionDuplication` | 3 | 50.0% |").expect(n);
        assert!(builder < peeling && peeling < typer && typer < last, "pipeline order: {n}");
        // (50 + 5 + 45) / (100 + 20 + 80) = 50%; per kernel 45.8% (a) and 56.3% (b).
        assert!(n.contains("(`BranchConditionDuplication`, the last graph phase before `schedule` in node v20.0.0's TurboFan), **50.0% of the live nodes are on a chain** (200 nodes, 3 compilations"), "{n}");
        assert!(n.contains("the judged figure: **60.0%**"), "{n}");
    }

    #[test]
    fn the_v8_section_says_why_it_has_no_data() {
        let son = csv(&CSV, &phases("bench_a.js", 600));
        let f = finding(&CLAIM, &[(&CSV, son.clone())]);
        assert!(f.notes.contains("No V8 data: c7_v8_chain_share.csv not found"), "{}", f.notes);
        let quick = vec![row(&[("program", &"-"), ("pipeline", &"v8"), ("note", &"no data: V8 is not traced in quick mode")])];
        let f = finding(&CLAIM, &[(&CSV, son), (&V8_CSV, csv(&V8_CSV, &quick))]);
        assert!(f.notes.contains("No V8 data: V8 is not traced in quick mode."), "{}", f.notes);
        assert_eq!(f.verdict, Verdict::Reproduced);
    }

    #[test]
    fn phase_labels_give_their_name_and_sequence() {
        assert_eq!(label_seq("son/reduce#6"), Some(6));
        assert_eq!(label_name("son/reduce#6"), "reduce");
        assert_eq!(label_name("son/schedule#7"), "schedule");
        assert_eq!(label_seq("son/build"), None);
    }
}
