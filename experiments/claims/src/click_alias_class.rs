//! Claim "Click", Cliff Click's reply to V8's post: TurboFan "hobbled" its sea of nodes
//! with one effect chain for all memory; with alias-class memory (one slice per alias class,
//! as in Simple, chapter 10) most of the nodes on V8's chain would float.
//!
//! Counter runs of every corpus program on the LIR evaluator, hot compiles and
//! `--always-opt` ([`super::tiering`]), under three son configurations that differ only in
//! their `memory(...)` phase ([`configs`]):
//!
//! - `one-chain`: son's default spec with `memory(chain)` before `lower`. The phase does
//!   nothing to the graph (one effect chain, the default); it only makes every phase row carry
//!   `spine_nodes` and `off_spine_loads`, so both arms are counted the same way.
//! - `alias-class`: [`son::ALIAS_CLASS_SPEC`], `memory(alias-class)` at the same place (after
//!   load elimination).
//! - `alias-first`: [`son::ALIAS_CLASS_FIRST_SPEC`], `memory(alias-class)` on the graph as
//!   built, so load elimination sees the slices (context: a second placement).
//!
//! Per run, summed over its compiles: in son's final graph before scheduling (the phase row
//! just before each `schedule` row, C7's graph) the chain nodes, live nodes, spine nodes and
//! loads off the spine; the memory phase's `slice_loads` and `loads_floated`; load
//! elimination's `loads_replaced`; `Load` instructions executed; the reducers' visits and
//! graph changes (C1's figure); the phase visits of the whole mid-end and the memory phase's
//! slice-walk steps (deterministic compile cost); and mid-end wall time (context only).
//!
//! The judged figure is C7's "chain node" seen through Click's remedy: of the one-chain
//! graph's chain nodes, the share that leave the spine under alias-class memory
//! ([`float_share`]).

use std::collections::BTreeMap;
use std::path::Path;

use super::c1_reducer_changes::aggregate;
use super::graph::{is_kernel, row_context, sum_extra};
use super::load_elim::load_elim_sums;
use super::robustness::{Estimate, Robustness};
use super::runner::{file_name, PhaseStat, RunSpec, Stats};
use super::table::{Csv, Table};
use super::tiering::{self, Tiering};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::{args, opt, Claim, Ctx, Side};
use crate::finding::{geomean, median, num, pct, quantile, Finding, Grid};

/// The claim "Click".
pub const CLAIM: Claim = Claim {
    id: "Click",
    side: Side::ClickRemedy,
    title: "With alias-class memory instead of one effect chain, most chain nodes would float",
    published: "qualitative (most of V8's chain nodes)",
    csvs: &[CSV, TIME_CSV, CACHE_CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// One row per (tiering, program, configuration): `config` is `one-chain`, `alias-class` or
/// `alias-first` ([`configs`]); counts summed over the run's compiles.
pub const CSV: Csv = Csv {
    file: "click_alias_class.csv",
    columns: &[
        "tiering",
        "config",
        "compiles",
        "chain_nodes",
        "live_nodes",
        "spine_nodes",
        "off_spine_loads",
        "slice_loads",
        "loads_floated",
        "loads_replaced",
        "loads_executed",
        "reducer_visits",
        "reducer_graph_changes",
        "phase_visits",
        "memory_walk_steps",
        "midend_wall_ns",
    ],
};

/// Serial timing runs of the kernels (context): one row per (kernel, configuration,
/// repetition) under `--always-opt` on the LIR evaluator, one chain and alias-class only;
/// `midend_ns` is son's phase wall time summed over the run's compiles.
pub const TIME_CSV: Csv = Csv { file: "click_compile_time.csv", columns: &["config", "compiles", "midend_ns"] };

/// Callgrind runs of the kernels (C2's measure, context): one row per (kernel, configuration,
/// son phase dump) under default tiering on the LIR evaluator, one chain and alias-class only,
/// with C2's instrumentation windows, pinned cache geometry and event columns
/// ([`super::c2_cache_misses`]).
pub const CACHE_CSV: Csv = Csv {
    file: "click_cache_misses.csv",
    columns: &[
        "config", "function", "phase", "dump", "Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw", "d1_geometry", "ll_geometry",
    ],
};

/// The verdict rule on the share of the one-chain graph's chain nodes that leave the spine
/// under alias-class memory: "most" is at least half; a fifth is a part worth naming.
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(0.5), partly: Bound::AtLeast(0.2), unit: Unit::Percent };

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: the share of chain nodes that float off the spine under alias-class memory: (spine nodes with one effect \
         chain − spine nodes with `memory(alias-class)`) / chain nodes with one effect chain, in son's final graph before \
         scheduling (C7's graph and C7's chain nodes: live nodes with an effect or control edge; the spine: live nodes \
         reached from `End` through effect and control inputs alone), nodes summed over every compile of the real kernels \
         (`bench_*.js`); one chain is son's default spec with `memory(chain)` before `lower` (no change to the graph), \
         alias-class is `son::ALIAS_CLASS_SPEC` (the phase at the same place, after load elimination); higher means more \
         nodes float, as Click says; {} (\"most\" is at least half; a fifth of the chain is a part worth naming). The \
         per-kernel geometric mean, every corpus program, loads off the spine over chain nodes, the share of the one-chain \
         spine and the phase placed first are robustness alternatives; loads replaced, C1's visits per graph change and \
         compile cost are context. {}",
        RULE.text(),
        tiering::RULE_SENTENCE
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "The figure is a lower bound on what Click's Simple floats: our alias-class phase takes only \
loads off the chain; stores, checks, calls, allocations and exits stay on the spine (stores of two classes could commute \
too, but a barrier would then need every slice as an input, Simple's `MemMerge`, which the shared op table lacks), and a \
check or exit is a barrier for every class (a deopt exit must see memory as the interpreter does). JavaScript after \
speculation is check-heavy: nearly every access is preceded by a map, bounds or null check that stays on the spine and \
stops its load, so the numeric kernels, with many checks and few stores, leave little to float; the object-heavy AWFY programs \
(`make claims-oo`) are checked the same way, and other object-heavy code could differ. Our classes are per field slot and one for all array elements, without the \
receiver's shape (Simple's are per struct and field), which is coarser for fields of different classes at the same slot. \
The one-chain graph already has chain nodes off the spine (phis and nodes pinned by control only), counted in the \
denominator, as C7 counts them. The phase runs after load elimination in the judged configuration (placed first it \
costs load elimination its facts across checks: the alias-first row), so it slices the graph load elimination left. \
Phase visits count the memory phase's loads as its visits, and its slice-walk steps (stores and phis skipped) apart; \
the spine census itself is outside the phase windows on both arms. Wall time per compile comes from serial timing runs \
of the kernels with `--always-opt` on a shared 2-core machine (median over the repetitions), where a few milliseconds \
per kernel move with the machine's load: context, not judged. The simulated D1 misses (C2's measure, context) come \
from callgrind runs with C2's instrumentation windows and cache geometry, and carry C2's threats (one simulated cache, \
cold at each compilation's first phase); they sum son's mid-end phases but `representation`, so the memory phase's own \
misses count against alias-class and the one-chain arm's `memory(chain)` phase (a walk that changes nothing) against \
one chain.";

/// One-chain configuration name.
pub const ONE_CHAIN: &str = "one-chain";
/// Alias-class configuration name (the judged arm).
pub const ALIAS_CLASS: &str = "alias-class";
/// Alias-class placed first (context).
pub const ALIAS_FIRST: &str = "alias-first";

/// Son's default spec with `memory(chain)` before `lower`: the default graph, with the
/// spine counted on every row.
pub fn one_chain_spec() -> String {
    son::DEFAULT_SPEC.replacen(";lower;", ";memory(chain);lower;", 1)
}

/// The three configurations: (config name, spec), all on son.
pub fn configs() -> Vec<(&'static str, String)> {
    vec![(ONE_CHAIN, one_chain_spec()), (ALIAS_CLASS, son::ALIAS_CLASS_SPEC.to_string()), (ALIAS_FIRST, son::ALIAS_CLASS_FIRST_SPEC.to_string())]
}

/// The two arms the timing and cache runs measure: one chain and alias-class (not the phase
/// placed first, which is context of the counter runs only).
fn measured_configs() -> Vec<(&'static str, String)> {
    configs().into_iter().filter(|(c, _)| *c != ALIAS_FIRST).collect()
}

/// The counts of one run, in CSV order after `compiles`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunCounts {
    /// Chain nodes of son's final graph before scheduling, summed over compiles.
    pub chain_nodes: Option<u64>,
    /// Live nodes of that graph.
    pub live_nodes: Option<u64>,
    /// Spine nodes of that graph.
    pub spine_nodes: Option<u64>,
    /// Loads off the spine in that graph.
    pub off_spine_loads: Option<u64>,
    /// Loads the memory phase took off the chain.
    pub slice_loads: Option<u64>,
    /// Of those, the loads whose slice lies before their chain predecessor.
    pub loads_floated: Option<u64>,
    /// Loads load elimination (and escape analysis) replaced.
    pub loads_replaced: Option<u64>,
    /// Reducer visits (son's `reduce` and `typer` phases).
    pub reducer_visits: u64,
    /// Reducer graph changes.
    pub reducer_graph_changes: u64,
    /// Visits of every son phase.
    pub phase_visits: u64,
    /// Slice-walk steps of the memory phase (stores and phis skipped).
    pub memory_walk_steps: Option<u64>,
    /// Wall time of every son phase (ns).
    pub midend_wall_ns: u64,
}

/// The phase rows of son's final graph before scheduling: the row just before each
/// `schedule` row of the same function.
pub fn final_graph_rows(stats: &Stats) -> Vec<&PhaseStat> {
    let son: Vec<&PhaseStat> = stats.phases.iter().filter(|p| p.pipeline() == "son").collect();
    son.windows(2).filter(|w| w[1].name() == "schedule" && w[0].function == w[1].function).map(|w| w[0]).collect()
}

/// The counts of one run.
pub fn counts(stats: &Stats) -> RunCounts {
    let finals = final_graph_rows(stats);
    let son = || stats.phases.iter().filter(|p| p.pipeline() == "son");
    let memory = || son().filter(|p| p.name().starts_with("memory"));
    let reducers = aggregate(stats);
    let star = reducers.iter().filter(|((label, reducer), _)| label.starts_with("son/") && reducer == "*").map(|(_, c)| c);
    let (visits, changes) = star.fold((0, 0), |(v, g), c| (v + c.visits, g + c.graph_changes));
    let walk = match (sum_extra(memory(), "stores_skipped"), sum_extra(memory(), "phis_skipped")) {
        (None, None) => None,
        (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
    };
    RunCounts {
        chain_nodes: sum_extra(finals.iter().copied(), "chain_nodes"),
        live_nodes: sum_extra(finals.iter().copied(), "live_nodes"),
        spine_nodes: sum_extra(finals.iter().copied(), "spine_nodes"),
        off_spine_loads: sum_extra(finals.iter().copied(), "off_spine_loads"),
        slice_loads: sum_extra(memory(), "slice_loads"),
        loads_floated: sum_extra(memory(), "loads_floated"),
        loads_replaced: load_elim_sums(stats).counter("loads_replaced"),
        reducer_visits: visits,
        reducer_graph_changes: changes,
        phase_visits: son().map(|p| p.visits).sum(),
        memory_walk_steps: walk,
        midend_wall_ns: son().map(|p| p.wall_ns).sum(),
    }
}

/// Runs the claim and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let programs = ctx.programs()?;
    let configs = configs();
    let mut t = ctx.table(&CSV);
    let pairs: Vec<(&str, &str)> = configs.iter().map(|(_, s)| ("son", s.as_str())).collect();
    for run in ctx.tiered_counter_runs(&programs, &pairs, "Click counters") {
        let ((config, spec), s) = (&configs[run.config], &run.stats);
        let c = counts(s);
        let values = vec![
            run.tiering.name().to_string(),
            config.to_string(),
            s.tiering.compiles.to_string(),
            opt(c.chain_nodes),
            opt(c.live_nodes),
            opt(c.spine_nodes),
            opt(c.off_spine_loads),
            opt(c.slice_loads),
            opt(c.loads_floated),
            opt(c.loads_replaced),
            opt(s.tiering.loads_executed),
            c.reducer_visits.to_string(),
            c.reducer_graph_changes.to_string(),
            c.phase_visits.to_string(),
            opt(c.memory_walk_steps),
            c.midend_wall_ns.to_string(),
        ];
        ctx.push(&mut t, &row_context(CLAIM.id, &file_name(&programs[run.program]), "son", spec, "meter", 0), values);
    }
    ctx.write(&t, &CSV)?;
    run_timing(ctx)?;
    run_cache(ctx)
}

/// The callgrind runs of [`CACHE_CSV`]: every kernel (the first only with `--quick`) under
/// one chain and alias-class, as many at a time as there are cores (simulated counts do not
/// depend on what runs beside them).
fn run_cache(ctx: &Ctx) -> Result<(), String> {
    use super::c2_cache_misses::{callgrind_run, check_dumps, dump_cells, in_parallel, valgrind_available};
    let mut t = ctx.table(&CACHE_CSV);
    if !valgrind_available() {
        eprintln!("claims: Click: valgrind not found; no cache rows");
        return ctx.write(&t, &CACHE_CSV);
    }
    let kernels = ctx.kernels()?;
    let kernels = if ctx.opts.quick { &kernels[..kernels.len().min(1)] } else { &kernels[..] };
    let configs = measured_configs();
    let jobs: Vec<(usize, usize)> = (0..kernels.len()).flat_map(|k| (0..configs.len()).map(move |c| (k, c))).collect();
    let results = in_parallel(jobs.len(), |j| {
        let (k, c) = jobs[j];
        let dir = ctx.runner.scratch.join(format!("click-callgrind-{j}"));
        callgrind_run(ctx, &kernels[k], &args("son", &configs[c].1, &[]), &dir)
    });
    for (&(k, c), result) in jobs.iter().zip(results) {
        let name = file_name(&kernels[k]);
        let (stats, dumps) = match result {
            Ok(r) => r,
            Err(e) => {
                eprintln!("claims: Click cache {name} {}: {e}", configs[c].0);
                continue;
            }
        };
        if let Err(e) = check_dumps(&stats, &dumps) {
            eprintln!("claims: Click cache {name} {}: {e}; skipped", configs[c].0);
            continue;
        }
        for (i, (p, d)) in stats.phases.iter().zip(&dumps).enumerate() {
            let mut values = vec![configs[c].0.to_string(), p.function.clone(), p.label.clone(), (i + 1).to_string()];
            values.extend(dump_cells(d));
            ctx.push(&mut t, &row_context(CLAIM.id, &name, "son", &configs[c].1, "callgrind", 0), values);
        }
    }
    ctx.write(&t, &CACHE_CSV)
}

/// Whether a phase label (`son/memory#5`) belongs to the mid-end figure of [`CACHE_CSV`]: son's
/// phases but the shared LIR `representation`, as C2's IR-specific sum.
pub fn is_midend_phase(label: &str) -> bool {
    label.strip_prefix("son/").is_some_and(|rest| !rest.starts_with("representation"))
}

/// Per kernel: (D1 misses, instructions) summed over the mid-end phases ([`is_midend_phase`])
/// of each configuration, and of the memory phase alone under alias-class, from
/// [`CACHE_CSV`] in `dir` (empty when it is missing).
pub fn cache_sums(dir: &Path) -> BTreeMap<String, BTreeMap<String, (f64, f64)>> {
    let mut out: BTreeMap<String, BTreeMap<String, (f64, f64)>> = BTreeMap::new();
    let Ok(t) = crate::finding::load(dir, &CACHE_CSV) else {
        return out;
    };
    for r in &t.rows {
        let phase = t.get(r, "phase");
        if !is_midend_phase(phase) {
            continue;
        }
        let d1 = t.num(r, "D1mr").unwrap_or(0.0) + t.num(r, "D1mw").unwrap_or(0.0);
        let ir = t.num(r, "Ir").unwrap_or(0.0);
        let per = out.entry(t.get(r, "program").to_string()).or_default();
        let mut add = |key: String| {
            let e = per.entry(key).or_insert((0.0, 0.0));
            e.0 += d1;
            e.1 += ir;
        };
        add(t.get(r, "config").to_string());
        if phase.starts_with("son/memory") {
            add(format!("{}/memory", t.get(r, "config")));
        }
    }
    out
}

/// The cache runs' summary, a sentence (empty without them): alias-class / one chain D1
/// misses and instructions over the mid-end, geometric mean over the kernels, and the memory
/// phase's share of alias-class's misses.
fn cache_line(sums: &BTreeMap<String, BTreeMap<String, (f64, f64)>>) -> String {
    let pairs: Vec<(f64, f64, f64)> = sums
        .values()
        .filter_map(|m| {
            let (one, alias) = (m.get(ONE_CHAIN)?, m.get(ALIAS_CLASS)?);
            let memory = m.get(&format!("{ALIAS_CLASS}/memory")).map_or(0.0, |x| x.0);
            (one.0 > 0.0 && one.1 > 0.0).then_some((alias.0 / one.0, alias.1 / one.1, memory / alias.0.max(1.0)))
        })
        .collect();
    if pairs.is_empty() {
        return String::new();
    }
    let d1: Vec<f64> = pairs.iter().map(|p| p.0).collect();
    let ir: Vec<f64> = pairs.iter().map(|p| p.1).collect();
    let share: Vec<f64> = pairs.iter().map(|p| p.2).collect();
    format!(
        "Simulated D1 misses (C2's measure, callgrind, context): son's mid-end but `representation`, alias-class / one \
         chain, {}× geometric mean over {} kernels (min–max {}–{}×), instructions {}× (min–max {}–{}×); the memory \
         phase's own misses are {} of alias-class's (median over the kernels). ",
        num(geomean(&d1)),
        d1.len(),
        num(quantile(&d1, 0.0)),
        num(quantile(&d1, 1.0)),
        num(geomean(&ir)),
        num(quantile(&ir, 0.0)),
        num(quantile(&ir, 1.0)),
        pct(median(&share))
    )
}

/// The timing runs of [`TIME_CSV`]: one process at a time, repetitions outermost.
fn run_timing(ctx: &Ctx) -> Result<(), String> {
    let kernels = ctx.kernels()?;
    let configs = measured_configs();
    let jobs: Vec<(u32, usize, usize)> =
        (0..ctx.reps()).flat_map(|rep| (0..kernels.len()).flat_map(move |k| (0..2).map(move |c| (rep, k, c)))).collect();
    let runs = ctx.runner.serial(jobs.len(), "Click compile time", |i| {
        let (_, k, c) = jobs[i];
        ctx.runner.run_once(&RunSpec { program: kernels[k].clone(), args: args("son", &configs[c].1, &["--always-opt"]) })
    });
    let mut t = ctx.table(&TIME_CSV);
    for ((rep, k, c), stats) in jobs.into_iter().zip(runs) {
        match stats {
            Ok(s) => {
                let midend: u64 = s.phases.iter().filter(|p| p.pipeline() == "son").map(|p| p.wall_ns).sum();
                let values = vec![configs[c].0.to_string(), s.tiering.compiles.to_string(), midend.to_string()];
                ctx.push(&mut t, &row_context(CLAIM.id, &file_name(&kernels[k]), "son", &configs[c].1, "meter", rep), values);
            }
            Err(e) => eprintln!("claims: Click compile time: {e}"),
        }
    }
    ctx.write(&t, &TIME_CSV)
}

/// Per kernel: the median over repetitions of son's wall time per compile, alias-class over
/// one chain, from [`TIME_CSV`] in `dir` (empty when it is missing).
fn wall_ratios(dir: &Path) -> (BTreeMap<String, f64>, usize) {
    let Ok(t) = crate::finding::load(dir, &TIME_CSV) else {
        return (BTreeMap::new(), 0);
    };
    let mut per: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    let mut reps = std::collections::BTreeSet::new();
    for r in &t.rows {
        if let (Some(ns), Some(compiles)) = (t.num(r, "midend_ns"), t.num(r, "compiles")) {
            if compiles > 0.0 {
                per.entry((t.get(r, "program").to_string(), t.get(r, "config").to_string())).or_default().push(ns / compiles);
                reps.insert(t.get(r, "rep").to_string());
            }
        }
    }
    let med = |p: &str, c: &str| per.get(&(p.to_string(), c.to_string())).map(|v| median(v));
    let programs: std::collections::BTreeSet<String> = per.keys().map(|(p, _)| p.clone()).collect();
    let ratios = programs.into_iter().filter_map(|p| Some((p.clone(), med(&p, ALIAS_CLASS)? / med(&p, ONE_CHAIN)?))).collect();
    (ratios, reps.len())
}

/// Per program, per configuration, per column: the value (summed over rows).
type PerProgram = BTreeMap<String, BTreeMap<String, BTreeMap<&'static str, f64>>>;

/// Every numeric column of `t`'s rows, per program and configuration.
fn per_program(t: &Table) -> PerProgram {
    let mut out: PerProgram = BTreeMap::new();
    for r in &t.rows {
        let config = out.entry(t.get(r, "program").to_string()).or_default().entry(t.get(r, "config").to_string()).or_default();
        for column in CSV.columns.iter().skip(2) {
            if let Some(v) = t.num(r, column) {
                *config.entry(column).or_default() += v;
            }
        }
    }
    out
}

/// A value of `program`'s configuration `config`, if recorded.
fn value(p: &BTreeMap<String, BTreeMap<&'static str, f64>>, config: &str, column: &str) -> Option<f64> {
    p.get(config)?.get(column).copied()
}

/// The judged pair of one program: (one-chain spine − `config`'s spine, one-chain chain
/// nodes), when both runs have the counts and the chain is not empty.
pub fn float_share(p: &BTreeMap<String, BTreeMap<&'static str, f64>>, config: &str) -> Option<(f64, f64)> {
    let chain = value(p, ONE_CHAIN, "chain_nodes")?;
    let spine_one = value(p, ONE_CHAIN, "spine_nodes")?;
    let spine = value(p, config, "spine_nodes")?;
    (chain > 0.0).then_some((spine_one - spine, chain))
}

/// `f(program)` for the programs `keep` selects, where it has a value.
fn collect<T>(k: &PerProgram, keep: impl Fn(&str) -> bool, f: impl Fn(&BTreeMap<String, BTreeMap<&'static str, f64>>) -> Option<T>) -> Vec<(String, T)> {
    k.iter().filter(|(p, _)| keep(p)).filter_map(|(p, m)| Some((p.clone(), f(m)?))).collect()
}

/// Σ a / Σ b of `pairs`.
fn pooled(pairs: &[(f64, f64)]) -> f64 {
    let (a, b) = pairs.iter().fold((0.0, 0.0), |(a, b), (x, y)| (a + x, b + y));
    a / b
}

/// The kernels' sum of `column` under `config`.
fn kernel_sum(k: &PerProgram, config: &str, column: &str) -> f64 {
    k.iter().filter(|(p, _)| is_kernel(p)).filter_map(|(_, m)| value(m, config, column)).sum()
}

/// `x×`, or "—" when `x` is not finite.
fn times(x: f64) -> String {
    if x.is_finite() {
        format!("{}×", num(x))
    } else {
        num(x)
    }
}

/// The timing runs' summary, a sentence (empty without them).
fn wall_line(walls: &BTreeMap<String, f64>, reps: usize) -> String {
    let r: Vec<f64> = walls.values().copied().collect();
    if r.is_empty() {
        return String::new();
    }
    format!(
        "Compile time (context): son's wall time per compile, alias-class / one chain, {}× geometric mean over {} kernels \
         (min–max {}–{}×; `--always-opt`, median over {reps} repetitions). ",
        num(geomean(&r)),
        r.len(),
        num(quantile(&r, 0.0)),
        num(quantile(&r, 1.0))
    )
}

/// The claim's report section: the share of one-chain chain nodes that float off the spine
/// under alias-class memory (judged), with loads replaced, C1's visits per graph change and
/// compile cost in both configurations.
pub fn report(dir: &Path, t: &Table) -> Finding {
    let k = per_program(t);
    let kernel_pairs = collect(&k, is_kernel, |m| float_share(m, ALIAS_CLASS));
    if kernel_pairs.is_empty() {
        return Finding::no_data_in(&CLAIM, t, "no kernel has chain and spine counts under one chain and alias-class memory");
    }
    let pairs: Vec<(f64, f64)> = kernel_pairs.iter().map(|(_, p)| *p).collect();
    let share = pooled(&pairs);
    let n = pairs.len();
    let cell = |m: &BTreeMap<String, BTreeMap<&'static str, f64>>, c: &str, col: &str| value(m, c, col).unwrap_or(f64::NAN);
    let mut grid = Grid::new(&[
        "kernel",
        "chain nodes (one chain)",
        "spine one chain / alias-class / first",
        "left the spine",
        "loads off the spine / floated (alias-class)",
        "loads replaced one chain / alias-class / first",
        "visits per graph change one chain / alias-class",
        "phase visits alias-class / one chain",
        "wall per compile alias-class / one chain (timing runs)",
        "D1 misses alias-class / one chain (callgrind)",
    ]);
    let (walls, wall_reps) = wall_ratios(dir);
    let caches = cache_sums(dir);
    let d1_ratio = |p: &str| -> f64 {
        let m = caches.get(p);
        match (m.and_then(|m| m.get(ALIAS_CLASS)), m.and_then(|m| m.get(ONE_CHAIN))) {
            (Some(a), Some(o)) if o.0 > 0.0 => a.0 / o.0,
            _ => f64::NAN,
        }
    };
    for (p, (moved, chain)) in &kernel_pairs {
        let m = &k[p];
        grid.push(vec![
            p.clone(),
            num(*chain),
            format!("{} / {} / {}", num(cell(m, ONE_CHAIN, "spine_nodes")), num(cell(m, ALIAS_CLASS, "spine_nodes")), num(cell(m, ALIAS_FIRST, "spine_nodes"))),
            pct(moved / chain),
            format!("{} / {}", num(cell(m, ALIAS_CLASS, "off_spine_loads")), num(cell(m, ALIAS_CLASS, "loads_floated"))),
            format!("{} / {} / {}", num(cell(m, ONE_CHAIN, "loads_replaced")), num(cell(m, ALIAS_CLASS, "loads_replaced")), num(cell(m, ALIAS_FIRST, "loads_replaced"))),
            format!(
                "{} / {}",
                num(cell(m, ONE_CHAIN, "reducer_visits") / cell(m, ONE_CHAIN, "reducer_graph_changes")),
                num(cell(m, ALIAS_CLASS, "reducer_visits") / cell(m, ALIAS_CLASS, "reducer_graph_changes"))
            ),
            times(cell(m, ALIAS_CLASS, "phase_visits") / cell(m, ONE_CHAIN, "phase_visits")),
            times(walls.get(p).copied().unwrap_or(f64::NAN)),
            times(d1_ratio(p)),
        ]);
    }
    let ks = |c: &str, col: &str| kernel_sum(&k, c, col);
    let chain = ks(ONE_CHAIN, "chain_nodes");
    let ratio = |num: f64, den: f64| if den > 0.0 { num / den } else { f64::NAN };
    let vpc = |c: &str| ratio(ks(c, "reducer_visits"), ks(c, "reducer_graph_changes"));
    let ours = format!(
        "{} of the one-chain graph's {} chain nodes leave the spine with alias-class memory ({n} kernels; spine {} → {}; {} \
         loads off the spine, {} floated past a store or merge); loads replaced {} one chain, {} alias-class, {} placed first; \
         son's reducers {} / {} visits per graph change; phase visits alias-class/one chain {}×",
        pct(share),
        num(chain),
        num(ks(ONE_CHAIN, "spine_nodes")),
        num(ks(ALIAS_CLASS, "spine_nodes")),
        num(ks(ALIAS_CLASS, "off_spine_loads")),
        num(ks(ALIAS_CLASS, "loads_floated")),
        num(ks(ONE_CHAIN, "loads_replaced")),
        num(ks(ALIAS_CLASS, "loads_replaced")),
        num(ks(ALIAS_FIRST, "loads_replaced")),
        num(vpc(ONE_CHAIN)),
        num(vpc(ALIAS_CLASS)),
        num(ratio(ks(ALIAS_CLASS, "phase_visits"), ks(ONE_CHAIN, "phase_visits")))
    );
    let judgement = RULE.on(share, "no kernel has chain and spine counts under one chain and alias-class memory").judge(Reasons {
        reproduced: format!("{} of the one-chain chain nodes float off the spine with alias-class memory ({n} kernels): most, as Click says ({})", pct(share), RULE.text()),
        partly: format!("{} of the one-chain chain nodes float off the spine with alias-class memory ({n} kernels): a part, not most ({})", pct(share), RULE.text()),
        not_reproduced: format!("only {} of the one-chain chain nodes float off the spine with alias-class memory ({n} kernels) ({})", pct(share), RULE.text()),
    });
    let notes = format!(
        "{}{}Counter runs ({}) of every corpus program on the LIR evaluator under son's default spec with `memory(chain)` (one \
         chain), `son::ALIAS_CLASS_SPEC` (alias-class, judged) and `son::ALIAS_CLASS_FIRST_SPEC` (the phase first, on the \
         graph as built); the table lists the kernels. Chain, live and spine nodes are those of son's final graph before \
         scheduling (the phase row before each `schedule`), summed over compiles. Left the spine = (one-chain spine − \
         alias-class spine) / one-chain chain nodes. Loads off the spine and floated: the memory phase's `off_spine_loads` \
         and `loads_floated`. Loads replaced: load elimination's and escape analysis's `loads_replaced`. Visits per graph \
         change: son's `reduce` and `typer` phases (C1's figure, V8 driver). Phase visits: every son phase's visits (the \
         memory phase's slice-walk steps are in `memory_walk_steps`, {} alias-class, {} first over the kernels). Wall per \
         compile: son's phase wall time per compile in serial timing runs of the kernels (`--always-opt`, LIR evaluator, \
         median over {wall_reps} repetitions; the counter runs' `midend_wall_ns`, parallel, is in the CSV only). D1 misses: \
         callgrind runs of the kernels under one chain and alias-class with C2's instrumentation windows and cache geometry \
         (default tiering), summed over son's phases but `representation` (`click_cache_misses.csv`).\n",
        wall_line(&walls, wall_reps),
        cache_line(&caches),
        Tiering::of(t).compiles(),
        num(ks(ALIAS_CLASS, "memory_walk_steps")),
        num(ks(ALIAS_FIRST, "memory_walk_steps")),
    );
    let rule = |x: f64| RULE.verdict_of(x);
    let mut robust = Robustness::new("share of one-chain chain nodes that leave the spine", Unit::Percent, "alias-class after load elimination, kernels pooled", Estimate::pooled(&pairs), &rule);
    let per_kernel: Vec<f64> = pairs.iter().map(|(a, b)| a / b).collect();
    robust.alternative("per-kernel geometric mean (kernels with no node off the spine left out)", Estimate::geomean(&per_kernel), &rule);
    let all: Vec<(f64, f64)> = collect(&k, |_| true, |m| float_share(m, ALIAS_CLASS)).into_iter().map(|(_, p)| p).collect();
    robust.alternative("every corpus program pooled", Estimate::pooled(&all), &rule);
    let loads: Vec<(f64, f64)> = collect(&k, is_kernel, |m| Some((value(m, ALIAS_CLASS, "off_spine_loads")?, value(m, ONE_CHAIN, "chain_nodes")?))).into_iter().map(|(_, p)| p).collect();
    robust.alternative("loads off the spine / one-chain chain nodes, kernels pooled", Estimate::pooled(&loads), &rule);
    let of_spine: Vec<(f64, f64)> = collect(&k, is_kernel, |m| Some((float_share(m, ALIAS_CLASS)?.0, value(m, ONE_CHAIN, "spine_nodes")?))).into_iter().map(|(_, p)| p).collect();
    robust.alternative("share of the one-chain spine (not of all chain nodes), kernels pooled", Estimate::pooled(&of_spine), &rule);
    let first: Vec<(f64, f64)> = collect(&k, is_kernel, |m| float_share(m, ALIAS_FIRST)).into_iter().map(|(_, p)| p).collect();
    if !first.is_empty() {
        robust.alternative("alias-class placed first (before load elimination), kernels pooled", Estimate::pooled(&first), &rule);
    }
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::{Headline, Verdict};

    /// Rows of one kernel (hot): one chain with `chain` chain nodes all on the spine, and
    /// alias-class with `spine` spine nodes (the loads that left it counted off the spine).
    fn kernel(name: &'static str, tiering: &'static str, chain: u64, spine: u64) -> Vec<Vec<(&'static str, String)>> {
        let off = chain - spine;
        vec![
            row(&[("program", &name), ("tiering", &tiering), ("config", &ONE_CHAIN), ("compiles", &2), ("chain_nodes", &chain), ("live_nodes", &(2 * chain)), ("spine_nodes", &chain), ("off_spine_loads", &0), ("loads_replaced", &7), ("reducer_visits", &100), ("reducer_graph_changes", &10), ("phase_visits", &500), ("midend_wall_ns", &1000)]),
            row(&[("program", &name), ("tiering", &tiering), ("config", &ALIAS_CLASS), ("compiles", &2), ("chain_nodes", &chain), ("live_nodes", &(2 * chain)), ("spine_nodes", &spine), ("off_spine_loads", &off), ("slice_loads", &off), ("loads_floated", &1), ("loads_replaced", &7), ("reducer_visits", &100), ("reducer_graph_changes", &10), ("phase_visits", &510), ("memory_walk_steps", &3), ("midend_wall_ns", &1100)]),
        ]
    }

    fn verdict(rows: Vec<Vec<(&'static str, String)>>) -> Finding {
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))])
    }

    #[test]
    fn the_rule_is_graded_at_its_thresholds() {
        // One kernel, every chain node on the one-chain spine: the alternatives agree.
        assert_eq!(verdict(kernel("bench_a.js", "hot", 1000, 500)).verdict, Verdict::Reproduced);
        assert_eq!(verdict(kernel("bench_a.js", "hot", 1000, 501)).verdict, Verdict::Partly);
        assert_eq!(verdict(kernel("bench_a.js", "hot", 1000, 800)).verdict, Verdict::Partly);
        assert_eq!(verdict(kernel("bench_a.js", "hot", 1000, 801)).verdict, Verdict::NotReproduced);
        assert_eq!(verdict(kernel("bench_a.js", "hot", 1000, 1000)).verdict, Verdict::NotReproduced);
    }

    #[test]
    fn only_kernels_with_both_configurations_are_judged() {
        let mut rows = kernel("bench_a.js", "hot", 1000, 400);
        rows.extend(kernel("feat_b.js", "hot", 1000, 1000));
        rows.push(row(&[("program", &"bench_c.js"), ("tiering", &"hot"), ("config", &ONE_CHAIN), ("chain_nodes", &1000), ("spine_nodes", &1000)]));
        let f = verdict(rows);
        assert!(f.ours.contains("1 kernels"), "{}", f.ours);
        // Every corpus program pooled (feat_b floats nothing) is 30%: partly, so inconclusive.
        assert_eq!(f.verdict, Verdict::Inconclusive(Headline::Reproduced), "{}", f.reason);
        assert!(f.reason.contains("every corpus program pooled"), "{}", f.reason);
        assert_eq!(verdict(kernel("feat_b.js", "hot", 10, 5)).verdict, Verdict::NoData);
    }

    #[test]
    fn hot_compiles_are_the_headline_and_always_opt_an_alternative() {
        let mut rows = kernel("bench_a.js", "hot", 1000, 400);
        rows.extend(kernel("bench_a.js", "always-opt", 1000, 900));
        let f = verdict(rows);
        assert!(f.ours.starts_with("60.0%"), "{}", f.ours);
        assert_eq!(f.verdict, Verdict::Inconclusive(Headline::Reproduced), "{}", f.reason);
        assert!(f.reason.contains("--always-opt"), "{}", f.reason);
    }

    #[test]
    fn the_section_reports_every_figure_of_a_small_table() {
        // Timing runs: the median of three repetitions per configuration, 2 compiles each.
        let timing: Vec<Vec<(&'static str, String)>> = [(ONE_CHAIN, 1000), (ONE_CHAIN, 1000), (ONE_CHAIN, 5000), (ALIAS_CLASS, 1100), (ALIAS_CLASS, 100), (ALIAS_CLASS, 1100)]
            .iter()
            .enumerate()
            .map(|(i, (config, ns))| row(&[("program", &"bench_a.js"), ("config", config), ("rep", &(i % 3)), ("compiles", &2), ("midend_ns", ns)]))
            .collect();
        let rows = kernel("bench_a.js", "hot", 1000, 700);
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows)), (&TIME_CSV, csv(&TIME_CSV, &timing))]);
        assert_eq!(f.verdict, Verdict::Partly, "{}", f.reason);
        assert_eq!(f.grid.rows.len(), 1);
        let cells = f.grid.rows[0].join(" | ");
        assert!(cells.contains("30.0%") && cells.contains("300 / 1") && cells.contains("7 / 7 / —"), "{cells}");
        assert!(cells.contains("10 / 10") && cells.contains("1.02×") && cells.contains("1.10×"), "{cells}");
        assert!(f.ours.contains("spine 1000 → 700") && f.ours.contains("loads replaced 7 one chain, 7 alias-class"), "{}", f.ours);
        assert!(f.robustness.markdown().contains("loads off the spine"), "{}", f.robustness.markdown());
        assert!(f.notes.contains("alias-class / one chain, 1.10× geometric mean over 1 kernels") && f.notes.contains("median over 3 repetitions"), "{}", f.notes);
        // Without the timing runs the column is empty, and the verdict the same.
        let g = verdict(rows);
        assert!(g.grid.rows[0].last().is_some_and(|c| c == "—"), "{:?}", g.grid.rows[0]);
        assert_eq!(g.verdict, Verdict::Partly);
    }

    #[test]
    fn cache_misses_sum_the_mid_end_and_stay_context() {
        assert!(is_midend_phase("son/memory#5") && is_midend_phase("son/build#1"));
        assert!(!is_midend_phase("son/representation#9") && !is_midend_phase("llvm/lower#1") && !is_midend_phase("cfg/build#1"));
        // One chain: 100 misses in the builder, 50 in `representation` (left out); alias-class:
        // 100 in the builder and 20 in the memory phase; instructions 1000 against 1100.
        let cache: Vec<Vec<(&'static str, String)>> = [
            (ONE_CHAIN, "son/build#1", 80, 20, 1000),
            (ONE_CHAIN, "son/representation#9", 50, 0, 500),
            (ALIAS_CLASS, "son/build#1", 80, 20, 1000),
            (ALIAS_CLASS, "son/memory#5", 10, 10, 100),
            (ALIAS_CLASS, "son/representation#9", 50, 0, 500),
        ]
        .iter()
        .map(|(config, phase, dr, dw, ir)| row(&[("program", &"bench_a.js"), ("config", config), ("phase", phase), ("D1mr", dr), ("D1mw", dw), ("Ir", ir)]))
        .collect();
        let rows = kernel("bench_a.js", "hot", 1000, 700);
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows)), (&CACHE_CSV, csv(&CACHE_CSV, &cache))]);
        assert_eq!(f.verdict, Verdict::Partly, "the cache figure is context: {}", f.reason);
        assert!(f.grid.rows[0].last().is_some_and(|c| c == "1.20×"), "{:?}", f.grid.rows[0]);
        assert!(f.notes.contains("alias-class / one chain, 1.20× geometric mean over 1 kernels"), "{}", f.notes);
        assert!(f.notes.contains("instructions 1.10×") && f.notes.contains("16.7% of alias-class's"), "{}", f.notes);
    }

    #[test]
    fn the_cache_columns_are_c2s_events() {
        let events = super::super::c2_cache_misses::events();
        let at = CACHE_CSV.columns.iter().position(|c| *c == events[0]).expect("Ir");
        assert_eq!(&CACHE_CSV.columns[at..at + events.len()], events);
    }

    #[test]
    fn the_arms_differ_only_in_their_memory_phase() {
        let c = configs();
        assert_eq!(c.iter().map(|(n, _)| *n).collect::<Vec<_>>(), [ONE_CHAIN, ALIAS_CLASS, ALIAS_FIRST]);
        assert_eq!(c[0].1.replacen("memory(chain);", "", 1), son::DEFAULT_SPEC);
        assert_eq!(c[0].1.replacen("memory(chain)", "memory(alias-class)", 1), son::ALIAS_CLASS_SPEC);
        assert_eq!(c[2].1.replacen("memory(alias-class);", "", 1), son::DEFAULT_SPEC);
        for (_, spec) in &c {
            assert!(son::parse_spec(spec).is_ok(), "{spec}");
        }
    }

    #[test]
    fn the_final_graph_is_the_row_before_each_schedule() {
        let phase = |function: &str, label: &str, extra: &[(&str, u64)]| PhaseStat {
            function: function.into(),
            label: label.into(),
            visits: 3,
            extra: extra.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            ..Default::default()
        };
        let stats = Stats {
            phases: vec![
                phase("f", "son/build#1", &[("chain_nodes", 50), ("spine_nodes", 50)]),
                phase("f", "son/memory#2", &[("slice_loads", 4), ("loads_floated", 1), ("stores_skipped", 2), ("phis_skipped", 1), ("spine_nodes", 40)]),
                phase("f", "son/reduce#3", &[("chain_nodes", 20), ("live_nodes", 60), ("spine_nodes", 15), ("off_spine_loads", 4), ("vn.visits", 9), ("graph_changes", 2)]),
                phase("f", "son/schedule#4", &[]),
                phase("g", "son/reduce#1", &[("chain_nodes", 5), ("live_nodes", 9), ("spine_nodes", 5), ("off_spine_loads", 0)]),
                phase("g", "son/schedule#2", &[]),
                phase("g", "cfg/copy(dce)#1", &[("chain_nodes", 1000)]),
            ],
            ..Default::default()
        };
        assert_eq!(final_graph_rows(&stats).iter().map(|p| p.label.as_str()).collect::<Vec<_>>(), ["son/reduce#3", "son/reduce#1"]);
        let c = counts(&stats);
        assert_eq!((c.chain_nodes, c.live_nodes, c.spine_nodes, c.off_spine_loads), (Some(25), Some(69), Some(20), Some(4)));
        assert_eq!((c.slice_loads, c.loads_floated, c.memory_walk_steps), (Some(4), Some(1), Some(3)));
        assert_eq!(c.phase_visits, 18, "six son phases of 3 visits");
        assert_eq!((c.reducer_visits, c.reducer_graph_changes), (3, 2), "the reducer phase's totals (a row without reducer counters is no reducer phase)");
        assert_eq!(c.loads_replaced, None);
    }
}
