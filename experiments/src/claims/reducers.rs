//! C1: how often a reducer visit changes the graph. Sea of nodes under its three drivers
//! (V8's GraphReducer, a worklist, RPO sweeps) and the CFG pipeline's copying phases, on
//! every corpus program with `--always-opt`.
//!
//! One row per (program, spec, phase label, reducer), summed over every compilation of the
//! run: visits, in-place changes, replacements, revisits. The reducer `*` row holds the
//! phase's totals. Son phases report per-reducer `NAME.visits`/`.changes`/`.replacements`
//! extras; CFG copy phases pass each operation through the whole reducer stack once, so each
//! reducer's visits are the phase's visits and its changes are the `changes:NAME` extra.

use std::collections::BTreeMap;

use super::runner::{file_name, Stats};
use super::table::RowContext;
use super::{args, Ctx};

/// The drivers C1 compares on the sea-of-nodes side.
pub const DRIVERS: &[&str] = &["v8", "worklist", "rpo"];

/// Tiering flags of the counter runs: every function compiled at its first call.
pub const COUNTER_TIERING: &[&str] = &["--always-opt"];

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

/// Runs C1 and writes `c1_reducer_changes.csv`.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let programs = ctx.programs()?;
    let configs = configs();
    let arg_sets: Vec<Vec<String>> =
        configs.iter().map(|(pipeline, _, spec)| args(pipeline, spec, COUNTER_TIERING)).collect();
    let stats = ctx.counter_runs(&programs, &arg_sets, "C1 reducers");
    let mut t = ctx.table(&["driver", "phase", "reducer", "visits", "changes", "replacements", "revisits", "compiles"]);
    for (pi, program) in programs.iter().enumerate() {
        for (ci, (pipeline, driver, spec)) in configs.iter().enumerate() {
            let s = &stats[pi * configs.len() + ci];
            let rc = RowContext {
                experiment: "C1".into(),
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
    ctx.write(&t, "c1_reducer_changes.csv")
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
