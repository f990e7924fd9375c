//! C7, "most nodes sit on the effect or control chain": `chain_nodes` and `live_nodes` of
//! every mid-end phase label, from the default pipelines' counter runs ([`super::graph`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::graph::{default_runs, row_context};
use super::runner::{file_name, phase_kind};
use super::table::{Csv, Table};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::{opt, Claim, Ctx};
use crate::report::{num, pct, quantile, spread, sum_where, Finding, Grid};

/// The claim C7.
pub const CLAIM: Claim = Claim {
    id: "C7",
    title: "Most nodes sit on the effect or control chain (\"SoN is a CFG where pure nodes float\")",
    published: "qualitative (most)",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule as declared before the data: the value judged, its direction and thresholds.
pub fn rule() -> String {
    format!("value: share of son's live nodes with an effect or control input; {}", RULE.text())
}

/// What could make the figure wrong.
pub const THREATS: &str = "The share depends on the programs (numeric kernels have many pure nodes; object-heavy code has more loads and stores) and on the phase at which it is counted.";

/// One row per (program, pipeline, phase label), summed over compilations.
pub const CSV: Csv = Csv { file: "c7_chain_share.csv", columns: &["phase", "phase_kind", "rows", "chain_nodes", "live_nodes"] };

/// The verdict rule on the share of son's live nodes (over all phases) with an effect or
/// control input: "most" is at least half.
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(0.5), partly: Bound::AtLeast(0.3), unit: Unit::Percent };

/// Per phase label: (rows, phase kind, chain nodes, live nodes).
type LabelSums = (usize, &'static str, Option<u64>, Option<u64>);

/// Runs C7 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let mut t = ctx.table(&CSV);
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
            ctx.push(&mut t, &row_context(CLAIM.id, &file_name(&program), pipeline, &spec, "meter", 0), values);
        }
    }
    ctx.write(&t, &CSV)
}

/// C7's report section: the share of son's nodes on the effect or control chain.
pub fn report(_dir: &Path, t: &Table) -> Finding {
    let has = |r: &[String]| t.num(r, "chain_nodes").is_some() && t.num(r, "live_nodes").is_some();
    if !t.rows.iter().any(|r| has(r)) {
        return Finding::no_data_in(&CLAIM, t, "no phase row carries `chain_nodes`/`live_nodes` yet");
    }
    let mut grid = Grid::new(&["pipeline", "phase", "chain nodes", "live nodes", "share", "per program"]);
    let mut son_shares = Vec::new();
    let labels: BTreeSet<(String, String)> = t.rows.iter().filter(|r| has(r)).map(|r| (t.get(r, "pipeline").to_string(), t.get(r, "phase").to_string())).collect();
    for (pl, label) in &labels {
        let is = |r: &[String]| has(r) && t.get(r, "pipeline") == pl && t.get(r, "phase") == label;
        let (c, _) = sum_where(t, "chain_nodes", is);
        let (l, _) = sum_where(t, "live_nodes", is);
        let per: Vec<f64> = t.rows.iter().filter(|r| is(r)).filter_map(|r| Some(t.num(r, "chain_nodes")? / t.num(r, "live_nodes")?)).collect();
        if pl == "son" {
            son_shares.push(c / l);
        }
        grid.push(vec![pl.clone(), label.clone(), num(c), num(l), pct(c / l), spread(&per)]);
    }
    let (sc, _) = sum_where(t, "chain_nodes", |r| has(r) && t.get(r, "pipeline") == "son");
    let (sl, _) = sum_where(t, "live_nodes", |r| has(r) && t.get(r, "pipeline") == "son");
    let share = sc / sl;
    let judgement = RULE.on(share, "no son rows with the counters").judge(Reasons {
        reproduced: format!("{} of son's live nodes (over all phases) have effect or control inputs ({})", pct(share), RULE.text()),
        partly: format!("{} of son's live nodes have effect or control inputs: many, not most ({})", pct(share), RULE.text()),
        not_reproduced: format!("only {} of son's live nodes have effect or control inputs", pct(share)),
    });
    let ours = format!("{} of son's nodes on a chain (phases {}–{})", pct(share), pct(quantile(&son_shares, 0.0)), pct(quantile(&son_shares, 1.0)));
    let notes = "Share = nodes with an effect or control input / live nodes after the phase, summed over programs and compilations.\n".into();
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }
}
