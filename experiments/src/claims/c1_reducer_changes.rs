//! C1, "sea-of-nodes reducers change a node about once per 20 visits": how often a reducer
//! visit changes the graph. Sea of nodes under its three drivers
//! (V8's GraphReducer, a worklist, RPO sweeps) and the CFG pipeline's copying phases, on
//! every corpus program with `--always-opt`.
//!
//! One row per (program, spec, phase label, reducer), summed over every compilation of the
//! run: visits, in-place changes, replacements, revisits. The reducer `*` row holds the
//! phase's totals. Son phases report per-reducer `NAME.visits`/`.changes`/`.replacements`
//! extras; CFG copy phases pass each operation through the whole reducer stack once, so each
//! reducer's visits are the phase's visits and its changes are the `changes:NAME` extra.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::runner::{file_name, Stats};
use super::table::{Csv, RowContext, Table};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::{args, Claim, Ctx, COUNTER_TIERING};
use crate::plot;
use crate::report::{distinct, figure, num, spread, sum_where, Finding, Grid};

/// The claim C1.
pub const CLAIM: Claim = Claim {
    id: "C1",
    title: "Sea-of-nodes reducers change a node about once per 20 visits",
    published: "1 change / 20 visits",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule as declared before the data: the value judged, its direction and thresholds.
pub fn rule() -> String {
    format!("value: visits per change of son's reducers under the V8 driver, summed over the corpus; {}", RULE.text())
}

/// What could make the figure wrong.
pub const THREATS: &str = "The corpus is small numeric kernels and feature tests, not the object-oriented code V8's figure came from; what counts as a change decides the ratio (a typer update is not a graph edit); the V8 figure is an informal remark, not a measurement we can repeat exactly.";

/// One row per (program, spec, phase label, reducer).
pub const CSV: Csv = Csv {
    file: "c1_reducer_changes.csv",
    columns: &["driver", "phase", "reducer", "visits", "changes", "replacements", "revisits", "compiles"],
};

/// The verdict rule on son's visits per change under the V8 driver: within 2× of the
/// published 20 reproduces the claim, within 4× partly.
pub const RULE: Thresholds =
    Thresholds { reproduced: Bound::Within(10.0, 40.0), partly: Bound::Within(5.0, 80.0), unit: Unit::Plain };

/// The drivers C1 compares on the sea-of-nodes side.
pub const DRIVERS: &[&str] = &["v8", "worklist", "rpo"];

/// `spec` with `driver=NAME` added to every `reduce(...)` phase.
pub fn with_driver(spec: &str, driver: &str) -> String {
    let body = spec.strip_prefix("son:").unwrap_or(spec);
    let parts: Vec<String> = body
        .split(';')
        .map(|p| match p.trim().strip_prefix("reduce(").and_then(|r| r.strip_suffix(')')) {
            Some(inner) if driver != "v8" => format!("reduce({inner},driver={driver})"),
            _ => p.trim().to_string(),
        })
        .collect();
    format!("son:{}", parts.join(";"))
}

/// The C1 configurations: (pipeline, driver, spec).
pub fn configs() -> Vec<(&'static str, &'static str, String)> {
    let mut v: Vec<(&str, &str, String)> = DRIVERS.iter().map(|d| ("son", *d, with_driver(son::DEFAULT_SPEC, d))).collect();
    v.push(("cfg", "copy", cfg::DEFAULT_SPEC.to_string()));
    v
}

/// Per-reducer counters of one phase: reducer → (visits, changes, replacements, revisits).
pub fn reducer_counts(p: &super::runner::PhaseStat) -> Vec<(String, [u64; 4])> {
    let mut out = Vec::new();
    if p.pipeline() == "son" {
        let mut names: Vec<&str> = p.extra.keys().filter_map(|k| k.strip_suffix(".visits")).collect();
        names.dedup();
        if names.is_empty() {
            return out;
        }
        for n in names {
            let get = |s: &str| p.extra(&format!("{n}.{s}")).unwrap_or(0);
            out.push((n.to_string(), [get("visits"), get("changes"), get("replacements"), 0]));
        }
    } else if p.pipeline() == "cfg" {
        let name = p.name();
        let Some(inner) = name.strip_prefix("copy(").and_then(|r| r.strip_suffix(')')) else { return out };
        for n in inner.split(',').map(str::trim) {
            let changes = p.extra(&format!("changes:{n}")).unwrap_or(0);
            out.push((n.to_string(), [p.visits, changes, 0, 0]));
        }
    } else {
        return out;
    }
    out.push(("*".into(), [p.visits, p.changes, p.replacements, p.revisits]));
    out
}

/// Rows of one run: (phase label, reducer) → summed counters.
pub fn aggregate(stats: &Stats) -> BTreeMap<(String, String), [u64; 4]> {
    let mut sums: BTreeMap<(String, String), [u64; 4]> = BTreeMap::new();
    for p in &stats.phases {
        for (reducer, c) in reducer_counts(p) {
            let e = sums.entry((p.label.clone(), reducer)).or_default();
            for i in 0..4 {
                e[i] += c[i];
            }
        }
    }
    sums
}

/// Runs C1 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let programs = ctx.programs()?;
    let configs = configs();
    let arg_sets: Vec<Vec<String>> =
        configs.iter().map(|(pipeline, _, spec)| args(pipeline, spec, COUNTER_TIERING)).collect();
    let stats = ctx.counter_runs(&programs, &arg_sets, "C1 reducers");
    let mut t = ctx.table(&CSV);
    for (pi, program) in programs.iter().enumerate() {
        for (ci, (pipeline, driver, spec)) in configs.iter().enumerate() {
            let s = &stats[pi * configs.len() + ci];
            let rc = RowContext {
                experiment: CLAIM.id.into(),
                program: file_name(program),
                pipeline: pipeline.to_string(),
                spec: spec.clone(),
                llvm: "off".into(),
                counter_backend: "meter".into(),
                rep: 0,
            };
            let compiles = s.tiering.get("compiles").copied().unwrap_or(0);
            for ((label, reducer), c) in aggregate(s) {
                let mut values = vec![driver.to_string(), label, reducer];
                values.extend(c.iter().map(|v| v.to_string()));
                values.push(compiles.to_string());
                ctx.push(&mut t, &rc, values);
            }
        }
    }
    ctx.write(&t, &CSV)
}

/// C1's report section: visits per change per configuration and per reducer.
pub fn report(dir: &Path, t: &Table) -> Finding {
    let config = |r: &[String]| format!("{}/{}", t.get(r, "pipeline"), t.get(r, "driver"));
    let configs: Vec<String> = {
        let mut v: Vec<String> = t.rows.iter().map(|r| config(r)).collect::<BTreeSet<_>>().into_iter().collect();
        v.sort_by_key(|c| (!c.starts_with("son/v8"), !c.starts_with("son"), c.clone()));
        v
    };
    let mut grid = Grid::new(&["configuration", "visits", "changes", "replacements", "revisits", "visits per change", "per program"]);
    let mut son_v8 = f64::NAN;
    let mut son_v8_no_typer = f64::NAN;
    let mut son_v8_programs = Vec::new();
    for c in &configs {
        let is = |r: &[String]| config(r) == *c && t.get(r, "reducer") == "*";
        let (v, _) = sum_where(t, "visits", is);
        let (ch, _) = sum_where(t, "changes", is);
        let (rp, _) = sum_where(t, "replacements", is);
        let (rv, _) = sum_where(t, "revisits", is);
        let ratio = v / (ch + rp);
        let mut per_program = Vec::new();
        for p in distinct(t, "program") {
            let isp = |r: &[String]| is(r) && t.get(r, "program") == p;
            let (pv, _) = sum_where(t, "visits", isp);
            let (pc, _) = sum_where(t, "changes", isp);
            let (pr, _) = sum_where(t, "replacements", isp);
            if pc + pr > 0.0 {
                per_program.push(pv / (pc + pr));
            }
        }
        if c == "son/v8" {
            son_v8 = ratio;
            son_v8_programs = per_program.clone();
            let not_typer = |r: &[String]| is(r) && !t.get(r, "phase").contains("typer");
            let (v, _) = sum_where(t, "visits", not_typer);
            let (ch, _) = sum_where(t, "changes", not_typer);
            let (rp, _) = sum_where(t, "replacements", not_typer);
            son_v8_no_typer = v / (ch + rp);
        }
        grid.push(vec![c.clone(), num(v), num(ch), num(rp), num(rv), num(ratio), spread(&per_program)]);
    }
    // Per reducer, visits per change, for the figure and the notes.
    let reducers: Vec<String> = distinct(t, "reducer").into_iter().filter(|r| r != "*").collect();
    let mut notes = String::from("Visits per change (in-place change or replacement) per reducer, summed over programs and phases:\n\n");
    let mut rgrid = Grid::new(&["reducer"]);
    rgrid.header.extend(configs.iter().cloned());
    let mut groups: Vec<(String, Vec<f64>)> = configs.iter().map(|c| (c.clone(), Vec::new())).collect();
    for red in &reducers {
        let mut row = vec![red.clone()];
        for (i, c) in configs.iter().enumerate() {
            let is = |r: &[String]| config(r) == *c && t.get(r, "reducer") == red;
            let (v, n) = sum_where(t, "visits", is);
            let (ch, _) = sum_where(t, "changes", is);
            let (rp, _) = sum_where(t, "replacements", is);
            let ratio = if n > 0 && ch + rp > 0.0 { v / (ch + rp) } else { f64::NAN };
            row.push(if n == 0 { "".into() } else if ch + rp == 0.0 { format!("no change in {}", num(v)) } else { num(ratio) });
            groups[i].1.push(ratio);
        }
        rgrid.push(row);
    }
    notes.push_str(&rgrid.markdown());
    notes.push_str("\nA CFG copying phase passes each operation through its whole reducer stack once, so each of its reducers is credited with the phase's visits.\n");
    let figures: Vec<String> = figure(dir, "c1_visits_per_change", |stem| {
        plot::bar_chart(stem, "C1: visits per change, per reducer", "visits per change", &reducers, &groups)
    })
    .into_iter()
    .collect();
    let judgement = RULE.on(son_v8, "no son/v8 rows with changes").judge(Reasons {
        reproduced: format!("son (V8 driver) makes one change per {} visits, within 2× of 20 ({})", num(son_v8), RULE.text()),
        partly: format!("son (V8 driver) makes one change per {} visits, within 4× but not 2× of 20 ({})", num(son_v8), RULE.text()),
        not_reproduced: format!("son (V8 driver) makes one change per {} visits, more than 4× away from 20", num(son_v8)),
    });
    let ours = format!(
        "1 / {} (son, V8 driver; per program {}); 1 / {} without the typer phase",
        num(son_v8),
        spread(&son_v8_programs),
        num(son_v8_no_typer)
    );
    Finding { grid, notes, figures, ..Finding::new(&CLAIM, ours, judgement, t) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_driver_to_reduce_phases_only() {
        let s = with_driver("son:reduce(dce,vn);typer;lower;reduce(machine);schedule", "rpo");
        assert_eq!(s, "son:reduce(dce,vn,driver=rpo);typer;lower;reduce(machine,driver=rpo);schedule");
        assert_eq!(with_driver("son:reduce(dce);lower;schedule", "v8"), "son:reduce(dce);lower;schedule");
        for (_, _, spec) in configs() {
            if spec.starts_with("son:") {
                son::parse_spec(&spec).unwrap();
            } else {
                cfg::parse_spec(&spec).unwrap();
            }
        }
    }
}
