//! C1, "sea-of-nodes reducers change a node about once per 20 visits": how often a reducer
//! visit changes the graph. Sea of nodes under its three drivers (V8's GraphReducer, a
//! worklist, RPO sweeps) and the CFG pipeline's copying phases (and its `typer` phase), on
//! every corpus program, hot compiles and `--always-opt` ([`super::tiering`]); V8 itself
//! beside them from node's traces.
//!
//! # What is counted (the same on both pipelines; `docs/measurement.md`)
//!
//! - A **visit** is one application of a phase's reducer stack to one node (son: one node
//!   popped and reduced, all reducers and restarts together) or to one input op (cfg: one
//!   op of the input graph copied through the stack).
//! - A **graph change** is an in-place edit of that node or its replacement, at most one per
//!   visit. Son: a visit in which some reducer answered `Replace`, or `Changed` while the
//!   graph's edit counter moved. CFG: an input op whose emitted form differs from it
//!   (dropped, mapped to another op, or emitted as another operation or with other inputs).
//! - A **state change** is a reducer's first-time or updated analysis state: son, a
//!   `Changed` answer without a graph edit (types, load-elimination states, check lists,
//!   branch facts), at most one per reducer and visit; CFG, the typer's type updates, the
//!   late load elimination's abstract-heap updates, the check eliminator's recorded checks and
//!   branch elimination's learned facts. A phase's state changes are its reducers' sum.
//!
//! One row per (program, spec, phase label, reducer), summed over every compilation of the
//! run; the reducer `*` row holds the phase's totals (its visits, graph changes, state
//! changes and the nodes it started from). A CFG copy phase offers every input op to its
//! whole stack, so each of its reducers is credited with the phase's visits; changes the
//! copier makes itself (a phi collapsed to its one value) are the reducer `(copier)`.
//!
//! V8: `node --trace-turbo-reduction --trace-turbo-graph` on every kernel
//! ([`crate::v8stats::trace_reductions`]) → `c1_v8_reductions.csv`: per phase, replacements,
//! in-place updates (by state-keeping reducers or not) and the live nodes the phase started
//! from. V8's trace prints changes only, never visits.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::runner::{file_name, PhaseStat, Stats};
use super::table::{Csv, RowContext, Table};
use super::robustness::{Estimate, Robustness};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::tiering::{self, Tiering};
use super::{args, Claim, Side, Ctx};
use crate::plot;
use crate::finding::{distinct, figure, Figure, geomean, num, quantile, sum_where, Finding, Grid};
use crate::v8stats::{self, V8_STATE_REDUCERS};

/// The claim C1.
pub const CLAIM: Claim = Claim {
    id: "C1",
    side: Side::CfgCase,
    title: "Sea-of-nodes reducers change a node about once per 20 visits",
    published: "1 change / 20 visits",
    csvs: &[CSV, V8_CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: son's visits per graph change (an in-place edit or a replacement, at most one per visit; \
         state changes such as type assignments excluded) under the V8 driver, over the reduce and typer \
         phases of each benchmark kernel (`bench_*.js`), geometric mean of the per-kernel ratios; the \
         published 20 within 2× reproduces, within 4× partly; {}. Visits per state change, the other \
         drivers, the CFG and V8 are reported beside it and do not enter the verdict. {}",
        RULE.text(),
        tiering::RULE_SENTENCE
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "The headline counts our hot compiles, chosen by our tiering's thresholds (100 calls, \
1,000 back edges), not V8's budgets, so the functions compiled and the feedback they carry differ from V8's; the \
`--always-opt` row compiles every function at its first call, cold ones included; what counts as a visit and a \
change decides the ratio, and we had to choose: a son visit counts restarts of the reducer list as one visit, \
son's escape analysis and lowering are whole-graph passes outside the GraphReducer (not counted), and a graph \
change is told from a state change by whether the graph's edit counter moved during the reducer call (a \
reducer that updates its state and edits another node in the same call counts as a graph change). The CFG \
counts differ in kind where the designs differ: its copy phases include the lowerings (`lower`, \
`machine-lower`: most of its graph changes), which son runs as a `lower` pass outside the GraphReducer; its \
dead-code reducer drops unused ops that son never visits (unreachable from End); its typer starts from \
emission-time types; its load elimination updates one running abstract heap per block instead of a state per \
effect node. So the CFG's ratio is not the same quantity as son's and only son's is judged. V8's trace counts changes only, not visits, so \
V8's figure is live nodes per graph change (visits are at least the live nodes); V8 compiles only hot \
functions; its in-place updates by state-keeping reducers (typer, load/redundancy/branch elimination) are \
taken as state changes, so V8's graph changes are a lower bound. The published figure is an informal remark, \
not a measurement we can repeat.";

/// One row per (tiering, program, spec, phase label, reducer).
pub const CSV: Csv = Csv {
    file: "c1_reducer_changes.csv",
    columns: &[
        "tiering",
        "driver",
        "phase",
        "reducer",
        "visits",
        "graph_changes",
        "state_changes",
        "changes",
        "replacements",
        "revisits",
        "nodes_in",
        "compiles",
    ],
};

/// V8's reductions per kernel and phase, from node's traces (one row saying why when there
/// is no data: node missing, or quick mode).
pub const V8_CSV: Csv = Csv {
    file: "c1_v8_reductions.csv",
    columns: &[
        "node_version",
        "phase",
        "compilations",
        "live_nodes_in",
        "replacements",
        "in_place_edits",
        "in_place_state",
        "graph_changes",
        "note",
    ],
};

/// The verdict rule on son's visits per graph change under the V8 driver (geometric mean
/// over the kernels): within 2× of the published 20 reproduces the claim, within 4× partly.
pub const RULE: Thresholds =
    Thresholds { reproduced: Bound::Within(10.0, 40.0), partly: Bound::Within(5.0, 80.0), unit: Unit::Plain };

/// The drivers C1 compares on the sea-of-nodes side.
pub const DRIVERS: &[&str] = &["v8", "worklist", "rpo"];

/// The reducer name of changes a CFG copying phase makes itself.
pub const COPIER: &str = "(copier)";

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

/// The counters of one C1 row, in CSV order after `reducer`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Visits.
    pub visits: u64,
    /// Graph changes (at most one per visit).
    pub graph_changes: u64,
    /// State changes.
    pub state_changes: u64,
    /// Raw `Changed` answers (son; CFG: the reducers' change events), the old count.
    pub changes: u64,
    /// Raw replacements (son).
    pub replacements: u64,
    /// Revisits queued (son).
    pub revisits: u64,
    /// Nodes (ops) the phase started from (`*` rows only).
    pub nodes_in: u64,
}

impl Counts {
    fn add(&mut self, o: &Counts) {
        self.visits += o.visits;
        self.graph_changes += o.graph_changes;
        self.state_changes += o.state_changes;
        self.changes += o.changes;
        self.replacements += o.replacements;
        self.revisits += o.revisits;
        self.nodes_in += o.nodes_in;
    }

    fn cells(&self) -> Vec<String> {
        [self.visits, self.graph_changes, self.state_changes, self.changes, self.replacements, self.revisits, self.nodes_in]
            .iter()
            .map(u64::to_string)
            .collect()
    }
}

/// Per-reducer counters of one phase, then its totals as reducer `*`; empty for phases that
/// are not reducer phases (son: reduce and typer phases; cfg: copy phases and the typer).
pub fn reducer_counts(p: &PhaseStat) -> Vec<(String, Counts)> {
    let x = |k: &str| p.extra(k).unwrap_or(0);
    let mut out = Vec::new();
    if p.pipeline() == "son" {
        // Sorted by name, as the rows have always been.
        let mut names: Vec<&str> = p.extra.iter().filter_map(|(k, _)| k.strip_suffix(".visits")).collect();
        names.sort_unstable();
        names.dedup();
        if names.is_empty() {
            return out;
        }
        for n in names {
            out.push((
                n.to_string(),
                Counts {
                    visits: x(&format!("{n}.visits")),
                    graph_changes: x(&format!("{n}.graph_changes")),
                    state_changes: x(&format!("{n}.state_changes")),
                    changes: x(&format!("{n}.changes")),
                    replacements: x(&format!("{n}.replacements")),
                    ..Counts::default()
                },
            ));
        }
    } else if p.pipeline() == "cfg" {
        let name = p.name();
        let reducers: Vec<&str> = if name == "typer" {
            vec!["typer"]
        } else if let Some(inner) = name.strip_prefix("copy(").and_then(|r| r.strip_suffix(')')) {
            inner.split(',').map(str::trim).collect()
        } else {
            return out;
        };
        for n in reducers {
            out.push((
                n.to_string(),
                Counts {
                    visits: p.visits,
                    graph_changes: x(&format!("graph_changes:{n}")),
                    state_changes: x(&format!("state_changes:{n}")),
                    changes: x(&format!("changes:{n}")),
                    ..Counts::default()
                },
            ));
        }
        if let Some(g) = p.extra("graph_changes:copy") {
            out.push((COPIER.to_string(), Counts { visits: p.visits, graph_changes: g, ..Counts::default() }));
        }
    } else {
        return out;
    }
    out.push((
        "*".into(),
        Counts {
            visits: p.visits,
            graph_changes: x("graph_changes"),
            state_changes: x("state_changes"),
            changes: p.changes,
            replacements: p.replacements,
            revisits: p.revisits,
            nodes_in: p.nodes_in,
        },
    ));
    out
}

/// Rows of one run: (phase label, reducer) → summed counters.
pub fn aggregate(stats: &Stats) -> BTreeMap<(String, String), Counts> {
    let mut sums: BTreeMap<(String, String), Counts> = BTreeMap::new();
    for p in &stats.phases {
        for (reducer, c) in reducer_counts(p) {
            sums.entry((p.label.clone(), reducer)).or_default().add(&c);
        }
    }
    sums
}

/// Runs C1 and writes its CSVs.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let programs = ctx.programs()?;
    let configs = configs();
    let mut t = ctx.table(&CSV);
    for tiering in Tiering::ALL {
        let arg_sets: Vec<Vec<String>> =
            configs.iter().map(|(pipeline, _, spec)| args(pipeline, spec, tiering.flags())).collect();
        let stats = ctx.counter_runs(&programs, &arg_sets, "C1 reducers");
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
                let compiles = s.tiering.compiles;
                for ((label, reducer), c) in aggregate(s) {
                    let mut values = vec![tiering.name().to_string(), driver.to_string(), label, reducer];
                    values.extend(c.cells());
                    values.push(compiles.to_string());
                    ctx.push(&mut t, &rc, values);
                }
            }
        }
    }
    ctx.write(&t, &CSV)?;
    run_v8(ctx)
}

/// The V8 side: every kernel under node's reduction and graph traces → [`V8_CSV`].
fn run_v8(ctx: &Ctx) -> Result<(), String> {
    let mut t = ctx.table(&V8_CSV);
    let rc = |program: String| RowContext::v8_trace(CLAIM.id, program, "node --no-concurrent-recompilation --trace-turbo-reduction --trace-turbo-graph".into());
    let no_data = |t: &mut Table, why: &str| {
        let mut values = vec![String::new(); V8_CSV.columns.len()];
        values[V8_CSV.columns.len() - 1] = why.to_string();
        ctx.push(t, &rc("-".into()), values);
    };
    let (node, version) = harness::process::node();
    match version {
        _ if ctx.opts.quick => no_data(&mut t, "no data: V8 is not traced in quick mode"),
        None => no_data(&mut t, &format!("no data: '{node}' not found")),
        Some(version) => {
            for kernel in ctx.kernels()? {
                let name = file_name(&kernel);
                match v8stats::trace_reductions(&node, &kernel) {
                    Ok(phases) if phases.is_empty() => {
                        let mut values = vec![String::new(); V8_CSV.columns.len()];
                        values[0] = version.clone();
                        values[V8_CSV.columns.len() - 1] = "no function became hot enough for TurboFan".into();
                        ctx.push(&mut t, &rc(name), values);
                    }
                    Ok(phases) => {
                        for p in phases {
                            let values = vec![
                                version.clone(),
                                p.phase.clone(),
                                p.compilations.to_string(),
                                p.live_nodes_in.to_string(),
                                p.replacements.to_string(),
                                p.in_place_edits.to_string(),
                                p.in_place_state.to_string(),
                                p.graph_changes().to_string(),
                                String::new(),
                            ];
                            ctx.push(&mut t, &rc(name.clone()), values);
                        }
                    }
                    Err(e) => {
                        eprintln!("claims: C1 V8 trace of {name}: {e}");
                        let mut values = vec![String::new(); V8_CSV.columns.len()];
                        values[0] = version.clone();
                        values[V8_CSV.columns.len() - 1] = format!("no data: {e}");
                        ctx.push(&mut t, &rc(name), values);
                    }
                }
            }
        }
    }
    ctx.write(&t, &V8_CSV)
}

/// True for a benchmark kernel's row (`bench_*.js`), the programs the headline is over.
fn is_kernel(t: &Table, r: &[String]) -> bool {
    super::graph::is_kernel(t.get(r, "program"))
}

/// `a / b`, NaN when `b` is 0.
fn ratio(a: f64, b: f64) -> f64 {
    if b > 0.0 {
        a / b
    } else {
        f64::NAN
    }
}

/// Per kernel, `num / den` summed over the rows `keep` accepts (kernels without any `den`
/// left out).
fn per_kernel(t: &Table, num_col: &str, den_col: &str, keep: impl Fn(&[String]) -> bool) -> Vec<(String, f64)> {
    per_kernel_sums(t, num_col, den_col, keep).into_iter().map(|(p, (n, d))| (p, n / d)).collect()
}

/// Per kernel: the sums of `num_col` and `den_col` over the rows that pass `keep`, for the
/// kernels whose `den_col` sum is positive.
fn per_kernel_sums(t: &Table, num_col: &str, den_col: &str, keep: impl Fn(&[String]) -> bool) -> Vec<(String, (f64, f64))> {
    let mut sums: BTreeMap<String, (f64, f64)> = BTreeMap::new();
    for r in t.rows.iter().filter(|r| is_kernel(t, r) && keep(r)) {
        let e = sums.entry(t.get(r, "program").to_string()).or_default();
        e.0 += t.num(r, num_col).unwrap_or(0.0);
        e.1 += t.num(r, den_col).unwrap_or(0.0);
    }
    sums.into_iter().filter(|(_, (_, d))| *d > 0.0).collect()
}

/// C1's robustness table: the rule on son's (V8 driver) visits per graph change as the
/// per-kernel geometric mean (the headline), pooled over the kernels, and without the typer
/// phase (which changes types, never the graph, so its visits only dilute the figure).
pub fn robustness(t: &Table) -> Robustness {
    let v8 = |r: &[String]| t.get(r, "pipeline") == "son" && t.get(r, "driver") == "v8" && t.get(r, "reducer") == "*";
    let ratios = |keep: &dyn Fn(&[String]) -> bool| -> Vec<f64> {
        per_kernel(t, "visits", "graph_changes", keep).into_iter().map(|(_, x)| x).collect()
    };
    let rule = |x: f64| RULE.verdict_of(x);
    let mut r = Robustness::new("visits per graph change", Unit::Plain, "per-kernel geometric mean", Estimate::geomean(&ratios(&v8)), &rule);
    let pairs: Vec<(f64, f64)> = per_kernel_sums(t, "visits", "graph_changes", v8).into_iter().map(|(_, p)| p).collect();
    r.alternative("kernels pooled (ratio of sums)", Estimate::pooled(&pairs), &rule);
    let no_typer = |row: &[String]| v8(row) && !t.get(row, "phase").contains("typer");
    r.alternative("per-kernel geometric mean, without the typer phase", Estimate::geomean(&ratios(&no_typer)), &rule);
    r
}

/// "min–max" of `xs`.
fn min_max(xs: &[f64]) -> String {
    format!("{}–{}", num(quantile(xs, 0.0)), num(quantile(xs, 1.0)))
}

/// "geomean (min–max, n kernels)" of per-kernel ratios.
fn geo_text(xs: &[f64]) -> String {
    if xs.is_empty() {
        return "–".into();
    }
    format!("{} ({}, {} kernels)", num(geomean(xs)), min_max(xs), xs.len())
}

/// C1's report section: visits per graph change and per state change, per configuration,
/// reducer and phase, with V8's nodes per graph change beside them.
pub fn report(dir: &Path, t: &Table) -> Finding {
    if t.column("graph_changes").is_none() || t.rows.iter().all(|r| t.num(r, "graph_changes").is_none()) {
        return Finding::no_data_in(&CLAIM, t, "the rows carry no `graph_changes` (rerun `seabed experiment claims`)");
    }
    let config = |r: &[String]| format!("{}/{}", t.get(r, "pipeline"), t.get(r, "driver"));
    let configs: Vec<String> = {
        let mut v: Vec<String> = t.rows.iter().map(|r| config(r)).collect::<BTreeSet<_>>().into_iter().collect();
        v.sort_by_key(|c| (!c.starts_with("son/v8"), !c.starts_with("son"), c.clone()));
        v
    };
    let mut grid = Grid::new(&[
        "configuration",
        "visits",
        "graph changes",
        "state changes",
        "visits per graph change (kernels pooled)",
        "per kernel: geomean (min–max)",
        "visits per state change (kernels pooled)",
        "nodes in per graph change",
        "visits per change, old count (all reducer answers)",
    ]);
    let mut headline = f64::NAN;
    let mut headline_kernels: Vec<(String, f64)> = Vec::new();
    let mut son_v8_pooled = f64::NAN;
    for c in &configs {
        let is = |r: &[String]| config(r) == *c && t.get(r, "reducer") == "*";
        let isk = |r: &[String]| is(r) && is_kernel(t, r);
        let (v, _) = sum_where(t, "visits", isk);
        let (gc, _) = sum_where(t, "graph_changes", isk);
        let (sc, _) = sum_where(t, "state_changes", isk);
        let (ni, _) = sum_where(t, "nodes_in", isk);
        let (ch, _) = sum_where(t, "changes", isk);
        let (rp, _) = sum_where(t, "replacements", isk);
        let kernels = per_kernel(t, "visits", "graph_changes", is);
        let ratios: Vec<f64> = kernels.iter().map(|(_, x)| *x).collect();
        if c == "son/v8" {
            // Rounded to 9 decimals: exp(ln x) is not exactly x, and the rule's boundaries
            // must hold for a kernel exactly at them.
            headline = if ratios.is_empty() { f64::NAN } else { (geomean(&ratios) * 1e9).round() / 1e9 };
            headline_kernels = kernels.clone();
            son_v8_pooled = ratio(v, gc);
        }
        grid.push(vec![
            c.clone(),
            num(v),
            num(gc),
            num(sc),
            num(ratio(v, gc)),
            geo_text(&ratios),
            num(ratio(v, sc)),
            num(ratio(ni, gc)),
            num(ratio(v, ch + rp)),
        ]);
    }
    let mut notes = String::from(
        "**Definitions** (the same on both pipelines; `docs/measurement.md`). A *visit* is one application of a \
         phase's reducer stack to one node (son) or input op (CFG). A *graph change* is an in-place edit or a \
         replacement of that node, at most one per visit (CFG: an op whose emitted form differs from the input \
         op: dropped, mapped to another op, or emitted as another operation or with other inputs). A *state \
         change* is a reducer's first-time or updated analysis state (types, load-elimination states, check \
         lists, branch facts), at most one per reducer and visit; a phase's state changes are its reducers' sum. \
         The old count (last column) took every `Changed`/`Replace` answer of every reducer, type assignments \
         and state updates included. Phases: son's `reduce` and `typer` phases, the CFG's `copy` phases and \
         its `typer` phase; rows pooled over the benchmark kernels (`bench_*.js`); the whole corpus per \
         phase below.\n\n",
    );
    // Per reducer.
    let reducers: Vec<String> = distinct(t, "reducer").into_iter().filter(|r| r != "*").collect();
    notes.push_str("Per reducer, visits per graph change / visits per state change (kernels pooled; `–`: none):\n\n");
    let mut rgrid = Grid::new(&["reducer"]);
    rgrid.header.extend(configs.iter().cloned());
    let mut groups: Vec<(String, Vec<f64>)> = configs.iter().map(|c| (c.clone(), Vec::new())).collect();
    for red in &reducers {
        let mut row = vec![red.clone()];
        for (i, c) in configs.iter().enumerate() {
            let is = |r: &[String]| config(r) == *c && t.get(r, "reducer") == red && is_kernel(t, r);
            let (v, n) = sum_where(t, "visits", is);
            let (gc, _) = sum_where(t, "graph_changes", is);
            let (sc, _) = sum_where(t, "state_changes", is);
            let cell = |x: f64| if x > 0.0 { num(v / x) } else { "–".to_string() };
            row.push(if n == 0 { String::new() } else { format!("{} / {}", cell(gc), cell(sc)) });
            groups[i].1.push(ratio(v, gc));
        }
        rgrid.push(row);
    }
    notes.push_str(&rgrid.markdown());
    notes.push_str(&format!(
        "\nA CFG copying phase offers every input op to its whole stack, so each of its reducers is credited \
         with the phase's visits; `{COPIER}` is what the copier changes itself (a phi collapsed to its one \
         value, a peeled loop entry).\n\n"
    ));
    // Per phase, son (V8 driver) and the CFG, whole corpus and kernels.
    notes.push_str("Per phase (kernels pooled): visits, nodes the phase started from, graph changes, state changes, visits per graph change, nodes per graph change:\n\n");
    let mut pgrid = Grid::new(&["configuration", "phase", "visits", "nodes in", "graph changes", "state changes", "visits / graph change", "nodes / graph change"]);
    for c in configs.iter().filter(|c| *c == "son/v8" || c.starts_with("cfg")) {
        for phase in distinct(t, "phase") {
            let is = |r: &[String]| config(r) == *c && t.get(r, "phase") == phase && t.get(r, "reducer") == "*" && is_kernel(t, r);
            let (v, n) = sum_where(t, "visits", is);
            if n == 0 {
                continue;
            }
            let (ni, _) = sum_where(t, "nodes_in", is);
            let (gc, _) = sum_where(t, "graph_changes", is);
            let (sc, _) = sum_where(t, "state_changes", is);
            // The phase's reducers, so that son's `reduce#N` labels say what ran.
            let names: Vec<String> = t
                .rows
                .iter()
                .filter(|r| config(r) == *c && t.get(r, "phase") == phase && t.get(r, "reducer") != "*")
                .map(|r| t.get(r, "reducer").to_string())
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            let label = if phase.contains('(') { phase.clone() } else { format!("{phase} ({})", names.join(",")) };
            pgrid.push(vec![c.clone(), label, num(v), num(ni), num(gc), num(sc), num(ratio(v, gc)), num(ratio(ni, gc))]);
        }
    }
    notes.push_str(&pgrid.markdown());
    notes.push_str(&v8_section(dir, t));
    let figures: Vec<Figure> = figure(dir, "c1_visits_per_change", &format!("C1: visits per graph change (ratio of counts) for each reducer, pooled over the benchmark kernels ({}): sea of nodes under its three drivers (`son/v8`: V8's GraphReducer, `son/worklist`, `son/rpo`) and the CFG pipeline's copy phases (`cfg/copy`); from `c1_reducer_changes.csv`.", Tiering::of(t).compiles()), |stem| {
        plot::bar_chart(stem, "C1: visits per graph change, per reducer", "reducer", "visits per graph change (ratio)", &reducers, &groups)
    })
    .into_iter()
    .collect();
    let kernel_values: Vec<f64> = headline_kernels.iter().map(|(_, x)| *x).collect();
    let judgement = RULE.on(headline, "no benchmark kernel with a son (V8 driver) graph change").judge(Reasons {
        reproduced: format!(
            "son (V8 driver) changes the graph once per {} visits (geomean over the kernels), within 2× of 20 ({})",
            num(headline),
            RULE.text()
        ),
        partly: format!(
            "son (V8 driver) changes the graph once per {} visits (geomean over the kernels), within 4× but not 2× of 20 ({})",
            num(headline),
            RULE.text()
        ),
        not_reproduced: format!(
            "son (V8 driver) changes the graph once per {} visits (geomean over the kernels), more than 4× away from 20 ({})",
            num(headline),
            RULE.text()
        ),
    });
    let ours = format!(
        "1 graph change / {} visits (son, V8 driver; geomean over {} kernels, min–max {}; pooled {})",
        num(headline),
        kernel_values.len(),
        min_max(&kernel_values),
        num(son_v8_pooled)
    );
    Finding { grid, notes, figures, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robustness(t))
}

/// The V8 comparison: V8's graph changes per phase and the live nodes each phase started
/// from, beside son's nodes per graph change.
fn v8_section(dir: &Path, ours: &Table) -> String {
    let mut s = String::from(
        "\n**V8 beside us** (`node --trace-turbo-reduction --trace-turbo-graph` on every kernel, `c1_v8_reductions.csv`). \
         V8's trace prints every in-place update and replacement with the reducer's name, and the graph after each \
         phase; it does not print visits, so V8's figure is *live nodes per graph change* (each GraphReducer phase \
         visits every live node at least once, so visits per change are at least this). V8 compiles only functions \
         that got hot (so does our headline, with our tiering's thresholds, not V8's budgets). In-place updates by V8's state-keeping \
         reducers (",
    );
    s.push_str(&V8_STATE_REDUCERS.join(", "));
    s.push_str(") are their type or state updates and are counted as state changes, so V8's graph changes are a lower bound.\n\n");
    let v8 = match crate::finding::load(dir, &V8_CSV) {
        Ok(v8) => v8,
        Err(e) => {
            s.push_str(&format!("No V8 data: {e}.\n"));
            return s;
        }
    };
    let rows: Vec<&Vec<String>> = v8.rows.iter().filter(|r| v8.num(r, "graph_changes").is_some()).collect();
    if rows.is_empty() {
        let why: BTreeSet<&str> =
            v8.rows.iter().map(|r| v8.get(r, "note").trim_start_matches("no data: ")).filter(|n| !n.is_empty()).collect();
        s.push_str(&format!("No V8 data: {}.\n", why.into_iter().collect::<Vec<_>>().join("; ")));
        return s;
    }
    let version = rows.first().map(|r| v8.get(r, "node_version").to_string()).unwrap_or_default();
    let kernels = distinct(&v8, "program").into_iter().filter(|p| p != "-").count();
    let compiled = rows.iter().map(|r| v8.get(r, "program")).collect::<BTreeSet<_>>().len();
    s.push_str(&format!("node {version}; {compiled} of {kernels} kernels had a TurboFan compilation.\n\n"));
    let mut grid = Grid::new(&["V8 phase", "compilations", "live nodes in", "replacements", "in-place edits", "in-place state updates", "nodes / graph change"]);
    let mut phases: Vec<String> = Vec::new();
    for r in &rows {
        let p = v8.get(r, "phase").to_string();
        if !phases.contains(&p) {
            phases.push(p);
        }
    }
    let (mut tot_nodes, mut tot_changes) = (0.0, 0.0);
    for p in &phases {
        let is = |r: &[String]| v8.get(r, "phase") == p && v8.num(r, "graph_changes").is_some();
        let (comp, _) = sum_where(&v8, "compilations", is);
        let (nodes, _) = sum_where(&v8, "live_nodes_in", is);
        let (rp, _) = sum_where(&v8, "replacements", is);
        let (ed, _) = sum_where(&v8, "in_place_edits", is);
        let (st, _) = sum_where(&v8, "in_place_state", is);
        if rp + ed + st == 0.0 {
            continue; // not a GraphReducer phase (or nothing traced in it)
        }
        if nodes > 0.0 {
            tot_nodes += nodes;
            tot_changes += rp + ed;
        }
        grid.push(vec![p.clone(), num(comp), num(nodes), num(rp), num(ed), num(st), num(ratio(nodes, rp + ed))]);
    }
    s.push_str(&grid.markdown());
    // Per kernel, V8's nodes per graph change over its reducing phases, and ours.
    let mut v8_kernels: BTreeMap<String, (f64, f64)> = BTreeMap::new();
    for r in &rows {
        let changes = v8.num(r, "replacements").unwrap_or(0.0) + v8.num(r, "in_place_edits").unwrap_or(0.0);
        let touched = changes + v8.num(r, "in_place_state").unwrap_or(0.0);
        let nodes = v8.num(r, "live_nodes_in").unwrap_or(0.0);
        if touched > 0.0 && nodes > 0.0 {
            let e = v8_kernels.entry(v8.get(r, "program").to_string()).or_default();
            e.0 += nodes;
            e.1 += changes;
        }
    }
    let v8_ratios: Vec<f64> = v8_kernels.values().filter(|(_, c)| *c > 0.0).map(|(n, c)| n / c).collect();
    let son_v8 = |r: &[String]| t_config(ours, r) == "son/v8" && ours.get(r, "reducer") == "*";
    let our_ratios: Vec<f64> = per_kernel(ours, "nodes_in", "graph_changes", son_v8).into_iter().map(|(_, x)| x).collect();
    let (our_nodes, _) = sum_where(ours, "nodes_in", |r| son_v8(r) && is_kernel(ours, r));
    let (our_changes, _) = sum_where(ours, "graph_changes", |r| son_v8(r) && is_kernel(ours, r));
    s.push_str(&format!(
        "\nNodes per graph change over the reducing phases: **V8 {} pooled, per kernel {}**; son (V8 driver) {} pooled, \
         per kernel {} (ours: the nodes each reduce/typer phase started from; V8: the live nodes of the graph before \
         each phase that traced a reduction).\n",
        num(ratio(tot_nodes, tot_changes)),
        geo_text(&v8_ratios),
        num(ratio(our_nodes, our_changes)),
        geo_text(&our_ratios)
    ));
    s
}

/// `pipeline/driver` of a row.
fn t_config(t: &Table, r: &[String]) -> String {
    format!("{}/{}", t.get(r, "pipeline"), t.get(r, "driver"))
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::Verdict;

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

    /// A `*` row of son under the V8 driver for `program`.
    fn son_row(program: &str, visits: f64, graph_changes: f64, state_changes: f64) -> Vec<(&'static str, String)> {
        row(&[
            ("program", &program),
            ("pipeline", &"son"),
            ("driver", &"v8"),
            ("phase", &"son/reduce#1"),
            ("reducer", &"*"),
            ("visits", &visits),
            ("graph_changes", &graph_changes),
            ("state_changes", &state_changes),
            ("changes", &state_changes),
            ("replacements", &graph_changes),
            ("nodes_in", &(visits / 2.0)),
        ])
    }

    fn verdict_of(rows: &[Vec<(&'static str, String)>]) -> Verdict {
        finding(&CLAIM, &[(&CSV, csv(&CSV, rows))]).verdict.headline()
    }

    /// The verdict on one kernel with `visits_per_change` visits per graph change (and many
    /// state changes, which must not matter).
    fn verdict(visits_per_change: f64) -> Verdict {
        verdict_of(&[son_row("bench_a.js", 1000.0 * visits_per_change, 1000.0, 5000.0)])
    }

    #[test]
    fn the_rule_is_graded_at_its_boundaries() {
        assert_eq!(verdict(20.0), Verdict::Reproduced);
        assert_eq!(verdict(10.0), Verdict::Reproduced, "10 is within 2×");
        assert_eq!(verdict(9.99), Verdict::Partly, "just under 10");
        assert_eq!(verdict(40.0), Verdict::Reproduced, "40 is within 2×");
        assert_eq!(verdict(40.01), Verdict::Partly, "just over 40");
        assert_eq!(verdict(5.0), Verdict::Partly, "5 is within 4×");
        assert_eq!(verdict(4.99), Verdict::NotReproduced, "just under 5");
        assert_eq!(verdict(80.0), Verdict::Partly, "80 is within 4×");
        assert_eq!(verdict(80.01), Verdict::NotReproduced, "just over 80");
    }

    #[test]
    fn the_headline_is_the_geomean_over_kernels_not_the_pooled_sum() {
        // Kernel ratios 5 and 80: geomean 20 (reproduced); pooled (5,000 + 8,000) / 1,100 ≈ 11.8.
        let rows = [son_row("bench_a.js", 5000.0, 1000.0, 0.0), son_row("bench_b.js", 8000.0, 100.0, 0.0)];
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]);
        assert_eq!(f.verdict.headline(), Verdict::Reproduced, "{}", f.reason);
        assert!(f.ours.contains("1 graph change / 20 visits"), "{}", f.ours);
        // Both pooled (11.8) and the geomean reproduce, but two kernels at 5 and 80 give an
        // interval from 5 to 80: inconclusive.
        assert!(f.reason.contains("straddles a threshold"), "{}", f.reason);
        assert_eq!(f.verdict, Verdict::Inconclusive(crate::verdict::Headline::Reproduced));
    }

    #[test]
    fn a_pooled_figure_that_disagrees_makes_the_verdict_inconclusive() {
        // Kernels at 9, 9, 9 and 90 visits per change, the last with most of the visits:
        // geomean (9·9·9·90)^(1/4) = 16.0 (reproduced), pooled 92,700 / 1,300 = 71.31 (partly).
        let rows = [
            son_row("bench_a.js", 900.0, 100.0, 0.0),
            son_row("bench_b.js", 900.0, 100.0, 0.0),
            son_row("bench_c.js", 900.0, 100.0, 0.0),
            son_row("bench_d.js", 90000.0, 1000.0, 0.0),
        ];
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]);
        assert_eq!(f.verdict.headline(), Verdict::Reproduced, "{}", f.reason);
        assert!(f.reason.contains("kernels pooled (ratio of sums) gives partly (71.31 ["), "{}", f.reason);
        assert!(matches!(f.verdict, Verdict::Inconclusive(_)), "{}", f.reason);
        assert!(f.robustness.markdown().contains("| kernels pooled (ratio of sums) | 71.31 ["), "{}", f.robustness.markdown());
    }

    #[test]
    fn programs_other_than_kernels_and_other_drivers_do_not_enter_the_verdict() {
        let mut worklist = son_row("bench_a.js", 1000.0, 1000.0, 0.0);
        worklist.retain(|(c, _)| *c != "driver");
        worklist.push(("driver", "worklist".into()));
        let rows = [son_row("bench_a.js", 20_000.0, 1000.0, 0.0), son_row("feat_x.js", 1000.0, 1000.0, 0.0), worklist];
        assert_eq!(verdict_of(&rows), Verdict::Reproduced);
    }

    #[test]
    fn no_kernel_with_a_graph_change_is_no_data() {
        assert_eq!(verdict_of(&[son_row("bench_a.js", 1000.0, 0.0, 300.0)]), Verdict::NoData, "no graph change");
        assert_eq!(verdict_of(&[son_row("feat_x.js", 1000.0, 50.0, 0.0)]), Verdict::NoData, "no kernel");
        let old = row(&[("program", &"bench_a.js"), ("pipeline", &"son"), ("driver", &"v8"), ("reducer", &"*"), ("visits", &100)]);
        assert_eq!(verdict_of(&[old]), Verdict::NoData, "rows without the new counters");
    }

    #[test]
    fn v8_rows_are_shown_beside_ours() {
        let rows = [son_row("bench_a.js", 2000.0, 100.0, 0.0)];
        let v8 = [
            row(&[
                ("program", &"bench_a.js"),
                ("node_version", &"v20"),
                ("phase", &"Typer"),
                ("compilations", &1),
                ("live_nodes_in", &300),
                ("replacements", &10),
                ("in_place_edits", &5),
                ("in_place_state", &100),
                ("graph_changes", &15),
            ]),
            row(&[("program", &"bench_b.js"), ("node_version", &"v20"), ("note", &"no function became hot enough for TurboFan")]),
        ];
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows)), (&V8_CSV, csv(&V8_CSV, &v8))]);
        assert!(f.notes.contains("**V8 20 pooled"), "{}", f.notes);
        assert!(f.notes.contains("1 of 2 kernels"), "{}", f.notes);
        let none = [row(&[("program", &"-"), ("note", &"no data: 'node' not found")])];
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows)), (&V8_CSV, csv(&V8_CSV, &none))]);
        assert!(f.notes.contains("No V8 data: 'node' not found."), "{}", f.notes);
        assert_eq!(f.verdict, Verdict::Reproduced, "V8's figure does not enter the verdict");
    }
}
