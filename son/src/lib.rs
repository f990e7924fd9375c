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
//! [`reducers`] (the rule sets), [`simplified_lower`] (simplified lowering), [`late_lowering`]
//! (lowering that needs control flow, inside the schedule phase), [`peel`] (loop peeling, the
//! opt-in `peel` phase), [`schedule`] (global code motion and LIR emission), [`verify`] (the
//! graph verifier, run after every phase in debug builds).
//!
//! A pipeline is data: [`parse_spec`] reads a spec such as
//! `son:reduce(dce,common,vn);typer;lower;reduce(dce,machine,common,vn,driver=worklist:7);schedule`
//! (the grammar both pipelines share, [`midend::spec`]) and checks it against the registry of
//! phases and reducers in [`spec`], giving [`Options`]; [`compile`] runs it, recording one
//! meter row per phase.
//!
//! # Measurement extras
//!
//! Every phase row carries `live_nodes` (nodes reachable from `End` after the phase),
//! `chain_nodes` (those of them with an effect or control input or output: claim C7), and
//! `input_distance_sum` / `input_edges` (over their value inputs, the distance of the two
//! nodes' ids: claim C8's drift, [`input_distance`]). The
//! schedule row adds `adjacent_distance_sum` / `adjacent_pairs` (over consecutive nodes of each
//! block in emission order, the distance of their ids: claim C8) and the final LIR's census
//! `lir_exits`, `lir_overflow_checks`, `lir_loads` (claim C6, added by the LIR tail both
//! pipelines share, [`midend::lir_tail`]). They are computed after the
//! phase's window closes (`Meter::annotate_last`, from the live-node list the row's
//! `nodes_out` needs anyway, itself counted outside the window: `Meter::set_last_nodes_out`),
//! so the phase's wall time, allocation and simulated cache misses do not include them. Reduce phases add their reducers' own counters
//! (load elimination: `loads_replaced`, `checks_removed`, `stores_removed`, `cap_hits`,
//! `loop_walk_giveups`; redundancy elimination: `checks_removed` and `redundant_checks`) and
//! the driver's `graph_changes` / `state_changes`, also per reducer as `NAME.graph_changes` /
//! `NAME.state_changes` beside `NAME.visits` (see [`reducer`] and `docs/measurement.md`). The
//! schedule row adds `minmax_diamonds` and claim C16's `cf_lowerings`, `blocks_introduced`,
//! `cf_lower_visits`, `cf_lower_visits_once` and `cf_lower_ns` ([`late_lowering`]: the part
//! of the row's wall time spent lowering to diamonds); the `peel` row `peeled`,
//! `peel_too_big` and `peel_skipped` (the CFG's names; its visits are the loop nodes
//! examined, its changes the nodes added).
//!
//! Claim C13 ([`deadness`]): the build row and every phase row before `schedule` carry the
//! dead-code census of the graph at the phase's end (`dead_left`, `dead_unreachable_left`,
//! `dead_new`, `dead_gone`, outside the window like the census above); reduce phases add
//! the driver's deadness events (`branches_folded`, `checks_known`, `dead_made`,
//! `dead_visits`: [`reducer::DeadnessEvents`]) and `lower` its `checks_known` (the checks it
//! removes). The CFG's rows carry the same names with the same meanings (`cfg::deadness`).
//!
//! Claim C14's cost of finding loops, with the CFG's names: `loops_found` and
//! `loop_find_visits` (nodes or blocks a loop analysis reads to find the loops and their
//! members) on the `schedule` row (loop bodies, nesting and the special RPO,
//! [`schedule::ScheduleStats`]), the `peel` row ([`peel::PeelStats`]) and reduce rows with
//! `load-elim` (its walks of a loop's effect chain). A scan that only collects members
//! already marked is not a visit.

#![warn(missing_docs)]

pub mod builder;
pub mod deadness;
pub mod graph;
pub mod late_lowering;
pub mod memory;
pub mod peel;
pub mod persistent;
pub mod reducer;
pub mod reducers;
pub mod schedule;
pub mod simplified_lower;
pub mod spec;
pub mod verify;

pub use spec::{parse_spec, LoadElimState, MemoryModel, Options, Phase, ReducerId, ALIAS_CLASS_FIRST_SPEC, ALIAS_CLASS_SPEC, BATCH_SPEC, DEFAULT_SPEC, PEEL_SPEC, PIN_SPEC};

use frontend::liveness::analyze;
use ir::compile::{Bailout, CompileInput, InternalError, Layer, Stage, VerifyFailure};

use crate::graph::{Graph, NodeId};
use crate::reducer::{Driver, GraphReducer, ReduceStats, Reducer};

/// The GraphReducer rule set of `id` (its `branch-elim` narrowing by control facts when
/// `pin`, its load elimination keeping abstract states `state`), or `None` for `escape`,
/// which is not a local reducer but a whole-graph analysis ([`reducers::escape::run`]).
fn make_reducer(id: ReducerId, pin: bool, state: LoadElimState) -> Option<Box<dyn Reducer>> {
    use midend::load_elim::AliasMode;
    use reducers::*;
    Some(match (id, state) {
        (ReducerId::LoadElim, LoadElimState::V8) => Box::new(load_elim::LoadEliminationV8::new(AliasMode::Type)),
        (ReducerId::LoadElimOffset, LoadElimState::V8) => Box::new(load_elim::LoadEliminationV8::new(AliasMode::Offset)),
        (id, _) => return make_default_reducer(id, pin),
    })
}

/// [`make_reducer`] with the default load-elimination state.
fn make_default_reducer(id: ReducerId, pin: bool) -> Option<Box<dyn Reducer>> {
    use reducers::*;
    Some(match id {
        ReducerId::Dce => Box::new(dce::DeadCodeElimination),
        ReducerId::Common => Box::new(common::CommonOperatorReducer),
        ReducerId::Machine => Box::new(machine_opt::MachineOptimization),
        ReducerId::Vn => Box::<value_numbering::ValueNumbering>::default(),
        ReducerId::Typer => Box::new(typer::Typer),
        ReducerId::LoadElim => Box::new(load_elim::LoadElimination::<midend::load_elim::AbstractHeap<NodeId>>::new(midend::load_elim::AliasMode::Type)),
        ReducerId::LoadElimOffset => Box::new(load_elim::LoadElimination::<midend::load_elim::AbstractHeap<NodeId>>::new(midend::load_elim::AliasMode::Offset)),
        ReducerId::Redundancy => Box::new(redundancy::RedundancyElimination::new()),
        ReducerId::BranchElim => Box::new(branch_elim::BranchElimination::with_pin(pin)),
        ReducerId::Escape => return None,
    })
}

/// Runs one reduce phase over `g` and returns its statistics. `escape` is not a local
/// reducer (it needs the compilation's feedback): [`build_and_optimize`] runs it before the
/// phase's other reducers, and this function skips it.
pub fn run_reduce(g: &mut Graph, reducers: &[ReducerId], driver: Driver) -> ReduceStats {
    run_reduce_with(g, reducers, driver, true, false, LoadElimState::Persistent)
}

/// [`run_reduce`] with the driver's counters on or off (`counting: false` only to measure
/// what counting costs; the statistics are then all 0).
pub fn run_reduce_counted(g: &mut Graph, reducers: &[ReducerId], driver: Driver, counting: bool) -> ReduceStats {
    run_reduce_with(g, reducers, driver, counting, false, LoadElimState::Persistent)
}

/// [`run_reduce_counted`] with the phase's options: `pin` makes its `branch-elim` narrow
/// int32 ranges by control facts ([`reducers::branch_elim`]); `state` is the abstract state
/// its load elimination keeps (`reduce(...,state=v8)`).
pub fn run_reduce_with(g: &mut Graph, reducers: &[ReducerId], driver: Driver, counting: bool, pin: bool, state: LoadElimState) -> ReduceStats {
    let mut boxes: Vec<Box<dyn Reducer>> = reducers.iter().filter_map(|&id| make_reducer(id, pin, state)).collect();
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
    guard.add_extra("graph_changes", stats.graph_changes);
    guard.add_extra("state_changes", stats.state_changes);
    for (name, c) in &stats.per_reducer {
        guard.add_extra(format!("{name}.visits"), c.visits);
        guard.add_extra(format!("{name}.changes"), c.changes);
        guard.add_extra(format!("{name}.replacements"), c.replacements);
        guard.add_extra(format!("{name}.graph_changes"), c.graph_changes);
        guard.add_extra(format!("{name}.state_changes"), c.state_changes);
    }
    for &(name, n) in &stats.extras {
        guard.add_extra(name, n);
    }
    for (name, n) in stats.deadness.extras() {
        guard.add_extra(name, n);
    }
}

/// The node census of the graph after a phase, for its row (`live_nodes`, `chain_nodes`;
/// claim C7) and the distance in allocation order from each live node to its value inputs
/// (`input_distance_sum` over `input_edges`; claim C8's drift).
fn chain_extras(g: &Graph, live: &[NodeId]) -> [(&'static str, u64); 4] {
    let (chain, all) = chain_census(g, live);
    let (sum, edges) = input_distance(g, live);
    [("live_nodes", all), ("chain_nodes", chain), ("input_distance_sum", sum), ("input_edges", edges)]
}

/// Over the nodes `live`, the number of value-input edges and the sum of the distances
/// between the ids (allocation order) of each node and its value input: how far apart
/// producer and consumer sit in the node arena (claim C8). A graph built in program order
/// starts with short edges; nodes that reducers add later get new ids, far from the nodes
/// they use. The CFG measures the same over its ops (`cfg::input_distance`).
pub fn input_distance(g: &Graph, live: &[NodeId]) -> (u64, u64) {
    let (mut sum, mut edges) = (0u64, 0u64);
    for &n in live {
        for &i in g.value_inputs(n) {
            sum += (n.index() as u64).abs_diff(i.index() as u64);
            edges += 1;
        }
    }
    (sum, edges)
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

/// With a `memory(...)` phase in the spec ([`memory`]; `memory(chain)` for the control),
/// adds `spine_nodes` (live nodes reached from `End` through effect and control inputs
/// alone) and `off_spine_loads` (live loads not on it) to the last row; a spec without one
/// (every default) keeps its rows' extras as they were.
fn annotate_spine(g: &Graph, live: &[NodeId], options: &Options, meter: &mut meter::Meter) {
    if options.phases.iter().any(|p| matches!(p, Phase::Memory(_))) {
        let (spine, off) = memory::spine_census(g, live);
        meter.annotate_last([("spine_nodes", spine), ("off_spine_loads", off)]);
    }
}

/// With `options.verify`, runs the graph verifier on `g` after the phase `after`; a graph
/// that fails is an internal error ([`ir::compile::BailoutReason::Verify`]) with the verifier's findings.
fn check(g: &Graph, options: &Options, after: &str) -> Result<(), Bailout> {
    if options.verify {
        if let Err(errors) = g.verify() {
            return Err(VerifyFailure::new(Layer::SonGraph, after, errors).into());
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
    let (mut g, live) = {
        let mut guard = meter.phase("son", if osr.is_some() { "build-osr" } else { "build" });
        let (g, inlining) = builder::build_with(input, &liveness, osr, options.inline, options.context)?;
        for (name, n) in inlining.extras() {
            guard.add_extra(name, n);
        }
        if let Some(header) = osr {
            for (name, n) in midend::osr::extras(func, &liveness, header) {
                guard.add_extra(name, n);
            }
        }
        drop(guard);
        let live = g.live_nodes();
        meter.set_last_nodes_out(live.len() as u64);
        meter.annotate_last(chain_extras(&g, &live));
        annotate_spine(&g, &live, options, meter);
        (g, live)
    };
    let mut dead = deadness::census(&g, &live);
    meter.annotate_last(deadness::extras(None, &dead));
    check(&g, options, "build")?;
    // `schedule` is last (`parse_spec` checks it) and runs in `compile`, after this.
    // Live nodes are a graph walk: counted between the windows, the previous phase's count
    // is this one's `nodes_in` (the CFG's op count is O(1) and read inside).
    let mut nodes = live.len() as u64;
    for phase in options.phases.iter().take_while(|p| **p != Phase::Schedule) {
        let mut guard = meter.phase("son", phase.name());
        guard.nodes_in = nodes;
        run_phase(&mut g, phase, input, &mut guard)?;
        drop(guard);
        let live = g.live_nodes();
        nodes = live.len() as u64;
        meter.set_last_nodes_out(nodes);
        meter.annotate_last(chain_extras(&g, &live));
        annotate_spine(&g, &live, options, meter);
        let after = deadness::census(&g, &live);
        meter.annotate_last(deadness::extras(Some(&dead), &after));
        dead = after;
        check(&g, options, phase.name())?;
    }
    Ok(g)
}

/// Runs one phase (not `schedule`, which yields a schedule rather than a graph:
/// [`schedule_phase`]) on `g`, adding its counters to `counters`. `input` is the compilation
/// the graph came from: escape analysis reads the feedback of its named load and store
/// sites (a graph from text has the function id 0; with no feedback every such site makes
/// its object escape, while objects reached only by `StoreField` / `LoadField` need none).
pub fn run_phase(g: &mut Graph, phase: &Phase, input: &CompileInput<'_>, counters: &mut meter::PhaseCounters) -> Result<(), Bailout> {
    match phase {
        Phase::Reduce { reducers, driver, pin, state } => {
            if reducers.contains(&ReducerId::Escape) {
                let stats = reducers::escape::run(g, input);
                for (name, n) in stats.extras() {
                    counters.add_extra(name, n);
                }
                counters.changes += stats.objects_scalar_replaced;
            }
            if reducers.iter().any(|&r| r != ReducerId::Escape) {
                let stats = run_reduce_with(g, reducers, *driver, true, *pin, *state);
                record(counters, &stats);
            }
        }
        Phase::Typer => {
            let stats = run_reduce(g, &[ReducerId::Typer], Driver::V8);
            record(counters, &stats);
        }
        Phase::Lower => {
            let stats = simplified_lower::lower(g)?;
            counters.visits += stats.lowered;
            counters.changes += stats.lowered;
            counters.add_extra("checks_removed", stats.checks_removed);
            // Claim C13: a check the lowering removes is a check known to pass.
            counters.add_extra("checks_known", stats.checks_removed);
        }
        Phase::Peel => {
            let stats = peel::run(g);
            counters.visits += stats.visits;
            counters.changes += stats.added;
            for (name, n) in stats.extras() {
                counters.add_extra(name, n);
            }
        }
        Phase::Memory(MemoryModel::AliasClass) => {
            let stats = memory::split_memory(g);
            counters.visits += stats.slice_loads;
            counters.changes += stats.loads_floated;
            for (name, n) in stats.extras() {
                counters.add_extra(name, n);
            }
        }
        Phase::Memory(MemoryModel::Chain) | Phase::Schedule => {}
    }
    Ok(())
}

/// The `schedule` phase up to LIR emission: frame-state inputs untagged
/// ([`schedule::untag_frame_state_inputs`]), `Float64Max/Min` lowered to diamonds
/// ([`late_lowering`]; with one schedule for all of them if `batch`), then global code
/// motion, splitting nodes if `split`. Returns the schedule and the late lowering's counters
/// (its wall time included).
pub fn schedule_phase(g: &mut Graph, split: bool, batch: bool) -> Result<(schedule::Schedule, late_lowering::LateLoweringStats), Bailout> {
    schedule::untag_frame_state_inputs(g);
    let started = std::time::Instant::now();
    let lowered = if batch { late_lowering::lower_min_max_batch(g) } else { late_lowering::lower_min_max_counted(g) };
    let mut lowering = lowered.map_err(|e| InternalError::new(Layer::SonGraph, Stage::LateLowering, e))?;
    lowering.ns = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
    let s = schedule::schedule_with(g, split).map_err(|e| InternalError::new(Layer::SonGraph, Stage::Schedule, e))?;
    Ok((s, lowering))
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
    // A graph walk, counted before the window opens.
    let nodes_in = g.live_nodes().len() as u64;
    let mut guard = meter.phase("son", "schedule");
    guard.nodes_in = nodes_in;
    let (s, lowering) = schedule_phase(&mut g, options.split, options.batch)?;
    guard.add_extra("minmax_diamonds", lowering.lowered);
    for (name, n) in lowering.extras() {
        guard.add_extra(name, n);
    }
    guard.visits += s.live.len() as u64;
    guard.add_extra("hoisted", s.stats.hoisted);
    guard.add_extra("split", s.stats.split);
    guard.add_extra("cloned", s.stats.cloned);
    guard.add_extra("blocks", s.stats.blocks);
    guard.add_extra("loops_found", s.stats.loops_found);
    guard.add_extra("loop_find_visits", s.stats.loop_find_visits);
    let name = input.program.function(input.func).name.clone();
    let (mut f, order) =
        schedule::emit_lir_traced(&g, &s, input.program, &name).map_err(|e| InternalError::new(Layer::SonGraph, Stage::Emit, e))?;
    guard.nodes_out = f.size() as u64;
    drop(guard);
    // Figures about the result, outside the phase's window.
    let (sum, pairs) = schedule::adjacency(&order);
    meter.annotate_last(chain_extras(&g, &s.live));
    annotate_spine(&g, &s.live, options, meter);
    meter.annotate_last([("adjacent_distance_sum", sum), ("adjacent_pairs", pairs)]);
    midend::lir_tail::finish(input, &mut f, osr, "son", options.verify, meter)?;
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A graph the verifier rejects: an `IfTrue` whose control input is not a branch.
    const BROKEN: &str = "#0 Start (v | e | c ) : None\n#2 End (v | e | c #3) : None\n#3 IfTrue (v | e | c #0) : None\n";

    #[test]
    fn a_graph_that_fails_verification_is_an_internal_error_located_in_the_son_graph() {
        let g = Graph::parse(BROKEN).expect("the text parses");
        let mut options = parse_spec(DEFAULT_SPEC).expect("the default spec");
        options.verify = false;
        assert_eq!(check(&g, &options, "dce"), Ok(()), "without verify nothing is checked");
        options.verify = true;
        let bailout = check(&g, &options, "dce").expect_err("the graph is broken");
        assert!(bailout.is_internal());
        assert_eq!(bailout.reason.kind(), "Verify");
        let ir::compile::BailoutReason::Verify(failure) = &bailout.reason else { panic!("not a verify failure: {bailout}") };
        assert_eq!((failure.layer, failure.after.as_str()), (Layer::SonGraph, "dce"));
        assert!(!failure.errors.is_empty());
        assert!(bailout.to_string().starts_with("bailout: son graph fails verification after dce:\n"), "{bailout}");
    }
}
