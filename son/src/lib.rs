//! The sea-of-nodes optimizing pipeline (TurboFan style): graph, builder, GraphReducer,
//! reducers and a global-code-motion scheduler lowering to the shared LIR.
//!
//! # The pipeline
//!
//! ```text
//! bytecode + feedback ──builder──▶ graph (JS + speculative simplified ops, frame states)
//!   ──reduce(dce, common, vn)──▶ ──typer──▶ ──reduce(load-elim, redundancy)──▶ ──lower──▶
//!   graph of machine ops and deopt checks ──reduce(dce, machine, common, vn, redundancy)──▶
//!   ──schedule──▶ LIR
//! ```
//!
//! Each stage is a module that explains itself: [`graph`] (nodes and edges), [`builder`]
//! (speculation from feedback), [`reducer`] (the GraphReducer and the other drivers),
//! [`reducers`] (the rule sets), [`lowering`] (simplified lowering), [`late_lowering`]
//! (lowering that needs control flow, inside the schedule phase), [`peel`] (loop peeling, the
//! opt-in `peel` phase), [`schedule`] (global code motion and LIR emission), [`verify`] (the
//! graph verifier, run after every phase in debug builds).
//!
//! A pipeline is data: [`parse_spec`] reads a spec such as
//! `son:reduce(dce,common,vn);typer;lower;reduce(dce,machine,common,vn,driver=worklist:7);schedule`
//! into [`Options`]; [`compile`] runs it, recording one meter row per phase.
//!
//! # Measurement extras
//!
//! Every phase row carries `live_nodes` (nodes reachable from `End` after the phase) and
//! `chain_nodes` (those of them with an effect or control input or output: claim C7). The
//! schedule row adds `adjacent_distance_sum` / `adjacent_pairs` (over consecutive nodes of each
//! block in emission order, the distance of their ids: claim C8) and the final LIR's census
//! `lir_exits`, `lir_overflow_checks`, `lir_loads` (claim C6). They are computed after the
//! phase's window closes (`Meter::annotate_last`, from the live-node list the row's
//! `nodes_out` needs anyway), so the phase's wall time does not include them. Reduce phases add their reducers' own counters
//! (load elimination: `loads_replaced`, `checks_removed`, `stores_removed`, `cap_hits`,
//! `loop_walk_giveups`; redundancy elimination: `checks_removed` and `redundant_checks`). The
//! schedule row adds `minmax_diamonds` ([`late_lowering`]); the `peel` row `peeled`,
//! `peel_too_big` and `peel_skipped` (the CFG's names; its visits are the loop nodes
//! examined, its changes the nodes added).

#![warn(missing_docs)]

pub mod builder;
pub mod graph;
pub mod late_lowering;
pub mod lowering;
pub mod peel;
pub mod persistent;
pub mod reducer;
pub mod reducers;
pub mod schedule;
pub mod verify;

use ir::hash::IdHashMap;
use std::sync::{Mutex, OnceLock};

use frontend::liveness::analyze;
use ir::compile::{Bailout, BailoutReason, CompileInput};

use crate::graph::{Graph, NodeId};
use crate::reducer::{Driver, GraphReducer, ReduceStats, Reducer};

/// The reducers a `reduce(...)` phase may name.
pub const REDUCER_NAMES: &[&str] =
    &["dce", "common", "machine", "vn", "typer", "load-elim", "load-elim-offset", "redundancy", "branch-elim", "escape"];

/// Reducers that work on simplified ops (`LoadField`, `CheckMaps`, ...) and so must run in a
/// `reduce(...)` phase before `lower` ([`parse_spec`] rejects them after it).
pub const BEFORE_LOWER_REDUCERS: &[&str] = &["load-elim", "load-elim-offset", "escape"];

/// One phase of the pipeline.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Phase {
    /// A GraphReducer phase running these reducers (by name) with a driver.
    Reduce {
        /// Reducer names, in order.
        reducers: Vec<String>,
        /// The traversal.
        driver: Driver,
    },
    /// The typer (a GraphReducer phase of its own).
    Typer,
    /// Simplified lowering (JS and simplified ops → machine ops and deopt checks).
    Lower,
    /// Loop peeling ([`peel`]; opt-in, not in [`DEFAULT_SPEC`]).
    Peel,
    /// Scheduling and LIR emission (always last).
    Schedule,
}

impl Phase {
    /// The phase's name in meter rows.
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Reduce { .. } => "reduce",
            Phase::Typer => "typer",
            Phase::Lower => "lower",
            Phase::Peel => "peel",
            Phase::Schedule => "schedule",
        }
    }
}

/// What the pipeline runs.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Options {
    /// The phases, in order (after graph building, which always runs first).
    pub phases: Vec<Phase>,
    /// The spec text the options came from.
    pub spec: String,
    /// Run the graph verifier after every phase (default: in debug builds).
    pub verify: bool,
    /// Node splitting in the scheduler (`schedule(split=on)`, in the default spec as V8's
    /// `--turbo-splitting` is on by default; `schedule(split=off)` for A/B runs).
    pub split: bool,
    /// Inlining in the graph builder (`build(inline=off)` turns it off; default on).
    pub inline: bool,
}

/// The default pipeline spec: what V8 runs by default (`node --v8-options`), as far as this
/// pipeline has it — escape analysis (`--turbo-escape`, here first in the load-elimination
/// phase), load elimination, redundancy and branch elimination (with load elimination and in
/// the late optimization phase, where TurboFan runs its `BranchElimination`) and node
/// splitting in the scheduler (`--turbo-splitting`).
pub const DEFAULT_SPEC: &str = "son:reduce(dce,common,vn);typer;reduce(escape,load-elim,redundancy,branch-elim);lower;\
reduce(dce,machine,common,vn,redundancy,branch-elim);schedule(split=on)";

impl Default for Options {
    fn default() -> Self {
        parse_spec(DEFAULT_SPEC).expect("the default spec parses")
    }
}

fn parse_driver(s: &str) -> Result<Driver, String> {
    match s {
        "v8" => Ok(Driver::V8),
        "rpo" => Ok(Driver::Rpo),
        "worklist" => Ok(Driver::Worklist { seed: 1 }),
        _ => match s.strip_prefix("worklist:") {
            Some(seed) => seed.parse().map(|seed| Driver::Worklist { seed }).map_err(|_| format!("bad seed in '{s}'")),
            None => Err(format!("unknown driver '{s}' (v8, rpo, worklist, worklist:SEED)")),
        },
    }
}

/// Parses a pipeline spec: `son:` (optional) then phases separated by `;`:
/// `reduce(r1,r2,...[,driver=v8|rpo|worklist[:SEED]])`, `typer`, `lower`, `peel` (loop
/// peeling, [`peel`]; anywhere before `schedule`),
/// `schedule[(split=on|off)]` (node splitting of partially dead pure nodes; off when not
/// given, on in [`DEFAULT_SPEC`]),
/// optionally preceded by `build(inline=on|off)` (inlining in the graph builder; default on).
/// Unknown names are errors, and so are ordering violations: `schedule` must come last,
/// exactly once, after exactly one `lower`; the reducers of [`BEFORE_LOWER_REDUCERS`] must
/// run before `lower`.
pub fn parse_spec(spec: &str) -> Result<Options, String> {
    let body = spec.trim().strip_prefix("son:").unwrap_or(spec.trim());
    let mut phases = Vec::new();
    let mut split = false;
    let mut inline = true;
    for part in body.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, args) = match part.find('(') {
            Some(i) if part.ends_with(')') => (&part[..i], Some(&part[i + 1..part.len() - 1])),
            Some(_) => return Err(format!("unbalanced parentheses in '{part}'")),
            None => (part, None),
        };
        if name == "build" {
            if !phases.is_empty() {
                return Err("'build(...)' must come first: the graph is built before any phase".into());
            }
            inline = midend::inlining::parse_build_options(args)?;
            continue;
        }
        let phase = match (name, args) {
            ("reduce", Some(args)) => {
                let mut reducers = Vec::new();
                let mut driver = Driver::V8;
                for a in args.split(',').map(str::trim).filter(|a| !a.is_empty()) {
                    if let Some(d) = a.strip_prefix("driver=") {
                        driver = parse_driver(d)?;
                    } else if REDUCER_NAMES.contains(&a) {
                        reducers.push(a.to_string());
                    } else {
                        return Err(format!("unknown reducer '{a}' (known: {})", REDUCER_NAMES.join(", ")));
                    }
                }
                if reducers.is_empty() {
                    return Err("reduce() needs at least one reducer".into());
                }
                Phase::Reduce { reducers, driver }
            }
            ("typer", None) => Phase::Typer,
            ("lower" | "simplified-lower", None) => Phase::Lower,
            ("peel", None) => Phase::Peel,
            ("schedule", None) => Phase::Schedule,
            ("schedule", Some(args)) => {
                for a in args.split(',').map(str::trim).filter(|a| !a.is_empty()) {
                    split = match a {
                        "split=on" => true,
                        "split=off" => false,
                        _ => return Err(format!("unknown schedule option '{a}' (known: split=on, split=off)")),
                    };
                }
                Phase::Schedule
            }
            _ => return Err(format!("unknown phase '{part}' (known: reduce(...), typer, lower, peel, schedule)")),
        };
        phases.push(phase);
    }
    let lowers = phases.iter().filter(|p| **p == Phase::Lower).count();
    if lowers != 1 {
        return Err(format!("the pipeline needs exactly one 'lower' phase, has {lowers}"));
    }
    if phases.last() != Some(&Phase::Schedule) || phases.iter().filter(|p| **p == Phase::Schedule).count() != 1 {
        return Err("'schedule' must be the last phase, exactly once".into());
    }
    let lower_at = phases.iter().position(|p| *p == Phase::Lower).unwrap_or(0);
    for p in &phases[lower_at..] {
        if let Phase::Reduce { reducers, .. } = p {
            if let Some(r) = reducers.iter().find(|r| BEFORE_LOWER_REDUCERS.contains(&r.as_str())) {
                return Err(format!("reducer '{r}' works on simplified ops and must run before 'lower'"));
            }
        }
    }
    Ok(Options { phases, spec: spec.trim().to_string(), verify: cfg!(debug_assertions), split, inline })
}

fn static_name(s: String) -> &'static str {
    static NAMES: OnceLock<Mutex<IdHashMap<String, &'static str>>> = OnceLock::new();
    let mut map = NAMES.get_or_init(Default::default).lock().expect("name table");
    if let Some(&n) = map.get(&s) {
        return n;
    }
    let leaked: &'static str = Box::leak(s.clone().into_boxed_str());
    map.insert(s, leaked);
    leaked
}

fn make_reducer(name: &str) -> Box<dyn Reducer> {
    use reducers::*;
    match name {
        "dce" => Box::new(dce::DeadCodeElimination),
        "common" => Box::new(common::CommonOperatorReducer),
        "machine" => Box::new(machine::MachineOperatorReducer),
        "vn" => Box::<vn::ValueNumbering>::default(),
        "typer" => Box::new(typer::Typer),
        "load-elim" => Box::new(load_elim::LoadElimination::new(midend::load_elim::AliasMode::Type)),
        "load-elim-offset" => Box::new(load_elim::LoadElimination::new(midend::load_elim::AliasMode::Offset)),
        "redundancy" => Box::new(redundancy::RedundancyElimination::new()),
        "branch-elim" => Box::new(branch_elim::BranchElimination::new()),
        other => unreachable!("unknown reducer {other} passed the spec parser"),
    }
}

/// Runs one reduce phase over `g` and returns its statistics. `escape` is not a local
/// reducer (it needs the compilation's feedback): [`build_and_optimize`] runs it before the
/// phase's other reducers, and this function skips it.
pub fn run_reduce(g: &mut Graph, names: &[String], driver: Driver) -> ReduceStats {
    run_reduce_counted(g, names, driver, true)
}

/// [`run_reduce`] with the driver's counters on or off (`counting: false` only to measure
/// what counting costs; the statistics are then all 0).
pub fn run_reduce_counted(g: &mut Graph, names: &[String], driver: Driver, counting: bool) -> ReduceStats {
    let mut boxes: Vec<Box<dyn Reducer>> = names.iter().filter(|n| *n != "escape").map(|n| make_reducer(n)).collect();
    let refs: Vec<&mut dyn Reducer> = boxes.iter_mut().map(|b| b.as_mut() as &mut dyn Reducer).collect();
    let mut reducer = GraphReducer::new(refs);
    reducer.set_counting(counting);
    reducer.run(g, driver)
}

fn record(guard: &mut meter::PhaseCounters, stats: &ReduceStats) {
    guard.visits += stats.visits;
    guard.changes += stats.changes;
    guard.replacements += stats.replacements;
    guard.revisits += stats.revisits;
    guard.add_extra("revisit_changes", stats.revisit_changes);
    for (name, c) in &stats.per_reducer {
        guard.add_extra(static_name(format!("{name}.visits")), c.visits);
        guard.add_extra(static_name(format!("{name}.changes")), c.changes);
        guard.add_extra(static_name(format!("{name}.replacements")), c.replacements);
    }
    for &(name, n) in &stats.extras {
        guard.add_extra(name, n);
    }
}

/// The node census of the graph after a phase, for its row (`live_nodes`, `chain_nodes`;
/// claim C7).
fn chain_extras(g: &Graph, live: &[NodeId]) -> [(&'static str, u64); 2] {
    let (chain, all) = chain_census(g, live);
    [("live_nodes", all), ("chain_nodes", chain)]
}

/// Of the nodes `live`, how many sit on the effect or control chain (an effect or control
/// input or output), and how many there are (claim C7).
pub fn chain_census(g: &Graph, live: &[NodeId]) -> (u64, u64) {
    let chain = live
        .iter()
        .filter(|&&n| {
            let (_, e, c) = g.counts(n);
            let info = g.op(n).info();
            e > 0 || c > 0 || info.effect_out > 0 || info.control_out > 0
        })
        .count();
    (chain as u64, live.len() as u64)
}

fn check(g: &Graph, options: &Options, after: &str) -> Result<(), Bailout> {
    if options.verify {
        if let Err(e) = g.verify() {
            panic!("son graph fails verification after {after}:\n{}\n{}", ir::verify::lines(&e), g.dump());
        }
    }
    Ok(())
}

/// Builds the graph of `input.func` and runs the phases of `options` up to (not including)
/// scheduling; for tests and `seabed ir`.
pub fn build_and_optimize(input: &CompileInput<'_>, options: &Options, meter: &mut meter::Meter) -> Result<Graph, Bailout> {
    build_and_optimize_at(input, None, options, meter)
}

/// [`build_and_optimize`] for the whole function (`osr = None`) or for its on-stack
/// replacement entry at the loop header `osr` (`builder::build_at`; the build phase row is
/// `son/build-osr` with the header's pc and the peeled enclosing loops as extras).
pub fn build_and_optimize_at(
    input: &CompileInput<'_>,
    osr: Option<frontend::bytecode::Pc>,
    options: &Options,
    meter: &mut meter::Meter,
) -> Result<Graph, Bailout> {
    let func = input.program.function(input.func);
    let liveness = analyze(func);
    let mut g = {
        let mut guard = meter.phase("son", if osr.is_some() { "build-osr" } else { "build" });
        let (g, inlining) = builder::build_with(input, &liveness, osr, options.inline)?;
        for (name, n) in inlining.extras() {
            guard.add_extra(name, n);
        }
        if let Some(header) = osr {
            for (name, n) in midend::osr::extras(func, &liveness, header) {
                guard.add_extra(name, n);
            }
        }
        let live = g.live_nodes();
        guard.nodes_out = live.len() as u64;
        drop(guard);
        meter.annotate_last(chain_extras(&g, &live));
        g
    };
    check(&g, options, "build")?;
    for phase in &options.phases {
        if *phase == Phase::Schedule {
            break;
        }
        let mut guard = meter.phase("son", phase.name());
        guard.nodes_in = g.live_nodes().len() as u64;
        match phase {
            Phase::Reduce { reducers, driver } => {
                if reducers.iter().any(|r| r == "escape") {
                    let stats = reducers::escape::run(&mut g, input);
                    for (name, n) in stats.extras() {
                        guard.add_extra(name, n);
                    }
                    guard.changes += stats.objects_scalar_replaced;
                }
                if reducers.iter().any(|r| r != "escape") {
                    let stats = run_reduce(&mut g, reducers, *driver);
                    record(&mut guard, &stats);
                }
            }
            Phase::Typer => {
                let stats = run_reduce(&mut g, &["typer".to_string()], Driver::V8);
                record(&mut guard, &stats);
            }
            Phase::Lower => {
                let stats = lowering::lower(&mut g)?;
                guard.visits += stats.lowered;
                guard.changes += stats.lowered;
                guard.add_extra("checks_removed", stats.checks_removed);
            }
            Phase::Peel => {
                let stats = peel::run(&mut g);
                guard.visits += stats.visits;
                guard.changes += stats.added;
                for (name, n) in stats.extras() {
                    guard.add_extra(name, n);
                }
            }
            Phase::Schedule => unreachable!("the loop stops at the schedule phase"),
        }
        let live = g.live_nodes();
        guard.nodes_out = live.len() as u64;
        drop(guard);
        meter.annotate_last(chain_extras(&g, &live));
        check(&g, options, phase.name())?;
    }
    Ok(g)
}

/// Compiles one function through the sea-of-nodes pipeline to LIR.
pub fn compile(input: &CompileInput<'_>, options: &Options, meter: &mut meter::Meter) -> Result<ir::lir::Function, Bailout> {
    compile_at(input, None, options, meter)
}

/// Compiles the on-stack replacement entry of `input.func` at the loop header `header`: LIR
/// whose parameters are the registers live there (ascending, `midend::osr::parameters`), which
/// continues the running activation from that header and returns the function's result.
pub fn compile_osr(
    input: &CompileInput<'_>,
    header: frontend::bytecode::Pc,
    options: &Options,
    meter: &mut meter::Meter,
) -> Result<ir::lir::Function, Bailout> {
    compile_at(input, Some(header), options, meter)
}

fn compile_at(
    input: &CompileInput<'_>,
    osr: Option<frontend::bytecode::Pc>,
    options: &Options,
    meter: &mut meter::Meter,
) -> Result<ir::lir::Function, Bailout> {
    let mut g = build_and_optimize_at(input, osr, options, meter)?;
    let mut guard = meter.phase("son", "schedule");
    guard.nodes_in = g.live_nodes().len() as u64;
    schedule::untag_frame_state_inputs(&mut g);
    let diamonds = late_lowering::lower_min_max(&mut g).map_err(|e| Bailout::new(BailoutReason::LateLowering(e)))?;
    guard.add_extra("minmax_diamonds", diamonds);
    let s = schedule::schedule_with(&mut g, options.split).map_err(|e| Bailout::new(BailoutReason::Schedule(e)))?;
    guard.visits += s.live.len() as u64;
    guard.add_extra("hoisted", s.stats.hoisted);
    guard.add_extra("split", s.stats.split);
    guard.add_extra("cloned", s.stats.cloned);
    guard.add_extra("blocks", s.stats.blocks);
    let name = input.program.function(input.func).name.clone();
    let (f, order) =
        schedule::emit_lir_traced(&g, &s, input.program, &name).map_err(|e| Bailout::new(BailoutReason::Emit(e)))?;
    guard.nodes_out = f.size() as u64;
    drop(guard);
    // Figures about the result, outside the phase's window.
    let (sum, pairs) = schedule::adjacency(&order);
    let census = f.census();
    meter.annotate_last(chain_extras(&g, &s.live));
    meter.annotate_last([
        ("adjacent_distance_sum", sum),
        ("adjacent_pairs", pairs),
        ("lir_exits", census.exits),
        ("lir_overflow_checks", census.overflow_checks),
        ("lir_loads", census.loads),
    ]);
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leading_build_element_switches_inlining_on_both_pipelines() {
        let tail = DEFAULT_SPEC.trim_start_matches("son:");
        assert!(Options::default().inline);
        assert!(!parse_spec(&format!("son:build(inline=off);{tail}")).unwrap().inline);
        assert!(parse_spec(&format!("son:build;{tail}")).unwrap().inline);
        assert!(parse_spec("son:typer;build(inline=off);lower;schedule").is_err(), "build must come first");
        assert!(parse_spec(&format!("son:build(inline=sometimes);{tail}")).is_err());
        let cfg_tail = cfg_default_tail();
        assert!(!cfg_parse(&format!("cfg:build(inline=off);{cfg_tail}")).inline);
    }

    /// The CFG side parses the same `build` element (its own parser; dev-dependency).
    fn cfg_default_tail() -> String {
        cfg::DEFAULT_SPEC.trim_start_matches("cfg:").to_string()
    }

    fn cfg_parse(spec: &str) -> cfg::Options {
        cfg::parse_spec(spec).unwrap()
    }

    #[test]
    fn specs_parse_and_reject_unknown_names_and_bad_order() {
        let o = parse_spec(DEFAULT_SPEC).unwrap();
        assert_eq!(o.phases.len(), 6);
        let o = parse_spec("son:reduce(dce,vn,driver=worklist:7);lower;schedule").unwrap();
        assert_eq!(o.phases[0], Phase::Reduce { reducers: vec!["dce".into(), "vn".into()], driver: Driver::Worklist { seed: 7 } });
        assert!(parse_spec("son:reduce(bogus);lower;schedule").unwrap_err().contains("bogus"));
        assert!(parse_spec("son:lower;schedule;typer").is_err());
        assert!(parse_spec("son:reduce(dce);schedule").is_err());
        assert!(parse_spec("son:frobnicate;lower;schedule").is_err());
        assert!(parse_spec("son:reduce(dce,driver=fast);lower;schedule").is_err());
        assert!(parse_spec(DEFAULT_SPEC).unwrap().split, "V8 splits nodes by default (--turbo-splitting)");
        assert!(!parse_spec("son:lower;schedule").unwrap().split);
        assert!(parse_spec("son:lower;schedule(split=on)").unwrap().split);
        assert!(!parse_spec("son:lower;schedule(split=off)").unwrap().split);
        assert!(parse_spec("son:lower;schedule(split=maybe)").unwrap_err().contains("split=maybe"));
        assert!(parse_spec("son:lower;schedule(hoist=on)").is_err());
    }

    #[test]
    fn load_elimination_must_run_before_lower() {
        for r in BEFORE_LOWER_REDUCERS {
            assert!(parse_spec(&format!("son:typer;reduce(dce,{r});lower;schedule")).is_ok());
            let err = parse_spec(&format!("son:typer;lower;reduce(dce,{r});schedule")).unwrap_err();
            assert!(err.contains(r) && err.contains("before 'lower'"), "{err}");
        }
        assert!(DEFAULT_SPEC.contains("reduce(escape,load-elim,redundancy,branch-elim);lower"), "escape analysis runs by default, as in V8");
        assert_eq!(DEFAULT_SPEC.matches("branch-elim").count(), 2, "branch elimination where TurboFan runs it");
        assert!(parse_spec("son:lower;reduce(load-elim-offset);schedule").is_err());
    }
}
