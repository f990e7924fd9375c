//! The Turboshaft-style CFG optimizing pipeline: a flat op buffer with blocks as ranges,
//! copying phases through a reducer stack, lowering to the shared LIR.
//!
//! ```text
//! bytecode + feedback ─builder─▶ CFG (JS / speculative ops, simplified memory ops, FrameStates)
//!    ─copy(late-load-elim)─▶ known loads replaced, proven CheckMaps and redundant stores removed
//!    ─typer─▶ every op typed to a fixed point (loop phis widened), in place
//!    ─copy(lower, branch-elim, machine-opt, check-elim, vn)─▶ checked simplified + machine ops
//!    ─copy(machine-lower, branch-elim, machine-opt, check-elim, vn)─▶ machine ops + exits
//!    ─copy(dce)─▶ ─lir_out─▶ LIR
//! ```
//!
//! The `typer` phase before `copy(lower,...)` (in [`DEFAULT_SPEC`]) recomputes every op's
//! type to a fixed point, loop phis included ([`typer`]); later copying phases carry the
//! types over, so the lowerings see ranges of loop variables.
//!
//! - [`graph`]: the graph (ops in one buffer, blocks as ranges, typed indices), its text form
//!   and GraphViz output; [`verify`]: its verifier, run after every phase in debug builds.
//! - [`assembler`]: emission through a reducer stack, variables and SSA reconstruction.
//! - [`builder`]: bytecode + feedback → CFG with speculation.
//! - [`copying`]: the copying phase (dominator-order walk, old→new map).
//! - [`peeling`]: loop peeling inside a copying phase (which loops, the first iteration's copy).
//! - [`reducers`]: the reducers, one contract each.
//! - [`typer`]: fixed-point typing of a whole graph (the `typer` phase).
//! - [`lir_out`]: CFG → LIR.
//!
//! A pipeline is data: [`parse_spec`] turns `cfg:copy(lower,branch-elim,vn);copy(dce)` (the
//! grammar both pipelines share, [`midend::spec`], checked against the registry of phases and
//! reducers in [`spec`]) into [`Options`]; [`compile`] runs it, one meter row per phase (the `typer` phase too: visits
//! over all its passes, changes = ops whose type changed, extras `typing_iterations`,
//! `loop_phis`, `loop_phis_widened`, `types_narrowed`, `typing_gave_up`; a copying phase
//! after it counts `types_carried`, the copies whose emitted type the input's type narrowed).
//!
//! # Measurement extras
//!
//! Besides the reducers' counters, every row of the builder and of a copying phase carries
//! `live_nodes` (ops in the graph it produced) and `chain_nodes` (those of them with effects
//! or control: ops whose [`Effects`](ir::ops::Effects) are not pure, and block terminators;
//! claim C7), and `input_distance_sum` / `input_edges` (over every op's inputs, the distance
//! of the two op indices: claim C8's drift, [`input_distance`]). The `lir` row carries `lir_exits`, `lir_overflow_checks`
//! and `lir_loads` ([`ir::lir::Function::census`], claim C6, added by the LIR tail both
//! pipelines share, [`midend::lir_tail`]), and `adjacent_distance_sum` / `adjacent_pairs`:
//! over each block of the last graph, the pairs of consecutive ops in emission order (the ops
//! that become LIR instructions or the terminator: phis and frame states emit none) and the
//! sum of the distances of their op indices (claim C8, locality in allocation order). These
//! counts are taken after the phase's window closes (`Meter::annotate_last`), so its wall
//! time does not include them. Copying phases and the `typer` also carry claim C1's
//! `graph_changes` (input ops whose emitted form differs from them, at most one per visit),
//! `state_changes` (the reducers' analysis-state updates) and, per reducer,
//! `graph_changes:NAME` / `state_changes:NAME` (`graph_changes:copy`: the copier's own);
//! see [`copying`] and `docs/measurement.md`.
//!
//! Claim C13 ([`deadness`]): the build row and every phase row carry the dead-code census of
//! the graph the phase produced (`dead_left`, `dead_unreachable_left`, `dead_new`,
//! `dead_gone`, taken after the window closes), and copying phases the deadness events
//! `branches_folded`, `checks_known`, `dead_made` and `dead_visits` (see
//! [`assembler::Stats`]), under the sea of nodes' names and meanings (`son::deadness`).
//!
//! Claim C14's cost of finding loops, with son's names: `loops_found` and `loop_find_visits`
//! (blocks and ops a loop analysis reads to find the loops and their members) on the rows of
//! copying phases with `peel` ([`peeling::peelable_loop`], the ops counted against the cap),
//! `late-load-elim` (its walks of a loop's blocks) or `licm` (the loop nest). Loop headers are
//! explicit blocks ([`graph::Graph::is_loop`]), so no phase searches for them but `licm`'s
//! nest, which reads the block table. A scan that only collects members already marked is
//! not a visit.

#![warn(missing_docs)]

pub mod assembler;
pub mod builder;
pub mod copying;
pub mod deadness;
pub mod graph;
pub mod lir_out;
pub mod peeling;
pub mod phis;
pub mod reducers;
pub mod spec;
pub mod typer;
pub mod verify;

pub use spec::{parse_spec, Options, PhaseKind, PhaseSpec, ReducerId, DEFAULT_SPEC, LICM_SPEC, PEEL_SPEC, UNTYPED_SPEC};

use ir::compile::{Bailout, CompileInput, Layer, VerifyFailure};

use crate::graph::{Graph, Input};

fn record(guard: &mut meter::PhaseGuard<'_>, stats: &assembler::Stats) {
    guard.visits += stats.visited;
    guard.changes += stats.changes();
    guard.add_extra("emitted", stats.emitted);
    guard.add_extra("skipped_dead", stats.skipped_dead);
    guard.add_extra("vn_hits", stats.vn_hits);
    guard.add_extra("branches_folded", stats.branches_folded);
    // Claim C13 (`deadness`): the same names as the sea of nodes' reduce phases.
    guard.add_extra("checks_known", stats.checks_known);
    guard.add_extra("dead_made", stats.dead_made);
    guard.add_extra("dead_visits", stats.dead_visits);
    for (&name, &n) in &stats.extras {
        guard.add_extra(name, n);
    }
    for (name, n) in &stats.changes_by_reducer {
        if *n > 0 {
            guard.add_extra(format!("changes:{name}"), *n);
        }
    }
    // Claim C1's graph and state changes (see `docs/measurement.md`).
    guard.add_extra("graph_changes", stats.graph_changes);
    guard.add_extra("state_changes", stats.state_changes());
    for (i, &n) in stats.graph_changes_by_reducer.iter().enumerate() {
        if let Some((name, _)) = stats.changes_by_reducer.get(i) {
            guard.add_extra(format!("graph_changes:{name}"), n);
        }
    }
    if stats.graph_changes_by_copier > 0 {
        guard.add_extra("graph_changes:copy", stats.graph_changes_by_copier);
    }
    for (name, n) in &stats.state_changes_by_reducer {
        guard.add_extra(format!("state_changes:{name}"), *n);
    }
    for (op, n) in stats.changes_by_opcode.iter() {
        guard.add_extra(format!("changed:{}", op.name()), *n);
    }
    for (op, n) in stats.visits_by_opcode.iter() {
        guard.add_extra(format!("visits:{}", op.name()), *n);
    }
}

/// `live_nodes`, `chain_nodes`, `input_distance_sum` and `input_edges` of `g` (see the
/// crate docs), for a row.
fn shape_extras<G>(g: &Graph<G>) -> [(&'static str, u64); 4] {
    let chain = g
        .all_ops()
        .filter(|&i| {
            let op = g.op(i);
            graph::is_terminator(op.opcode()) || !op.effects().is_pure()
        })
        .count();
    let (sum, edges) = input_distance(g);
    [("live_nodes", g.op_count() as u64), ("chain_nodes", chain as u64), ("input_distance_sum", sum), ("input_edges", edges)]
}

/// Over every op of `g`, the number of input edges and the sum of the distances between the
/// op's index (allocation order) and its input's: how far apart producer and consumer sit
/// in the op buffer (claim C8). The sea of nodes measures the same over its value inputs
/// (`son::input_distance`); a CFG op's inputs are values only.
pub fn input_distance<G>(g: &Graph<G>) -> (u64, u64) {
    let (mut sum, mut edges) = (0u64, 0u64);
    for i in g.all_ops() {
        for &j in g.inputs(i) {
            sum += u64::from(i.id().abs_diff(j.id()));
            edges += 1;
        }
    }
    (sum, edges)
}

/// The pairs of consecutive ops in emission order within each block of `g` (ops that become
/// LIR instructions or terminators) and the sum of their index distances: `(sum, pairs)`.
pub fn adjacent_distance<G>(g: &Graph<G>) -> (u64, u64) {
    let (mut sum, mut pairs) = (0u64, 0u64);
    for b in g.blocks() {
        let mut last: Option<u32> = None;
        for i in g.ops_of(b).filter(|&i| !matches!(g.op(i), ir::ops::Op::Phi { .. } | ir::ops::Op::FrameState { .. } | ir::ops::Op::ObjectState { .. })) {
            if let Some(l) = last {
                sum += u64::from(i.id().abs_diff(l));
                pairs += 1;
            }
            last = Some(i.id());
        }
    }
    (sum, pairs)
}

/// Runs the CFG verifier on `g` after the phase `after`; a graph that fails is an internal
/// error ([`ir::compile::BailoutReason::Verify`]) with the verifier's findings.
fn check(g: &Graph<Input>, after: &str) -> Result<(), Bailout> {
    verify::verify(g).map_err(|errors| VerifyFailure::new(Layer::CfgGraph, after, errors).into())
}

/// The typer's counters as a phase's [`assembler::Stats`] (changes under the name `typer`).
fn typer_stats(t: &typer::TypingStats) -> assembler::Stats {
    let mut stats = assembler::Stats { visited: t.visits, ..Default::default() };
    if t.changed > 0 {
        stats.add_changes("typer", t.changed);
    }
    stats.state_changes_by_reducer.push(("typer", t.state_changes));
    for &(op, n) in &t.changed_by_opcode {
        *stats.changes_by_opcode.get_mut(op) += n;
    }
    stats.extras.insert("typing_iterations", t.iterations);
    stats.extras.insert("loop_phis", t.loop_phis);
    stats.extras.insert("loop_phis_widened", t.loop_phis_widened);
    stats.extras.insert("types_narrowed", t.narrowed);
    stats.extras.insert("typing_gave_up", t.gave_up);
    stats
}

/// Runs one phase on `g`: a copying phase, or the typer on a copy of `g` (with the identity
/// map; [`optimize`] runs the typer in place instead).
pub fn run_phase(g: &Graph<Input>, phase: &PhaseSpec) -> copying::Copy {
    run_phase_counted(g, phase, true)
}

/// [`run_phase`] with the copying phase's counters on or off (`counting: false` only to
/// measure what counting costs).
pub fn run_phase_counted(g: &Graph<Input>, phase: &PhaseSpec, counting: bool) -> copying::Copy {
    if phase.kind == PhaseKind::Typer {
        return typed_copy(g);
    }
    let stack = phase.reducers.iter().map(|&id| reducers::make(id)).collect();
    copying::copy_graph_counted(g, stack, counting)
}

/// Runs one copying phase on `g` of the compilation `input`: as [`run_phase`], but `escape`
/// gets the feedback of the graph's named sites (`reducers::escape::sites_of`).
pub fn run_phase_for(g: &Graph<Input>, phase: &PhaseSpec, input: &CompileInput<'_>) -> copying::Copy {
    if phase.kind == PhaseKind::Typer {
        return typed_copy(g);
    }
    let stack = phase
        .reducers
        .iter()
        .map(|&id| match id {
            ReducerId::Escape => Box::new(reducers::escape::EscapeAnalysis::new(reducers::escape::sites_of(g, input))) as Box<dyn assembler::Reducer>,
            _ => reducers::make(id),
        })
        .collect();
    copying::copy_graph(g, stack)
}

/// The typer on a copy of `g`, as a [`copying::Copy`] with the identity map.
fn typed_copy(g: &Graph<Input>) -> copying::Copy {
    let mut out = g.clone();
    let t = out.retype_to_fixed_point();
    copying::Copy { graph: out.into_output(), map: copying::OpMap::identity(g.op_count()), stats: typer_stats(&t) }
}

/// Builds the CFG of `input.func` and runs the phases of `options`, returning the final
/// graph (before LIR), for dumps and tests. `after` stops after that many phases.
pub fn optimize(
    input: &CompileInput<'_>,
    options: &Options,
    meter: &mut meter::Meter,
    after: Option<usize>,
) -> Result<Graph<Input>, Bailout> {
    optimize_at(input, None, options, meter, after)
}

/// [`optimize`] for the whole function (`osr = None`) or for its on-stack replacement entry
/// at the loop header `osr` (`builder::build_at`; the build phase row is `cfg/build-osr` with
/// the header's pc and the peeled enclosing loops as extras).
pub fn optimize_at(
    input: &CompileInput<'_>,
    osr: Option<frontend::bytecode::Pc>,
    options: &Options,
    meter: &mut meter::Meter,
    after: Option<usize>,
) -> Result<Graph<Input>, Bailout> {
    let mut guard = meter.phase("cfg", if osr.is_some() { "build-osr" } else { "build" });
    let (graph, stats) = builder::build_with(input, osr, options.inline, options.context)?;
    if let Some(header) = osr {
        let func = input.program.function(input.func);
        for (name, n) in midend::osr::extras(func, &frontend::liveness::analyze(func), header) {
            guard.add_extra(name, n);
        }
    }
    guard.nodes_out = graph.op_count() as u64;
    guard.add_extra("emitted", stats.emitted);
    // The builder's own counters: the inlining decisions (`midend::inlining`).
    for (&name, &n) in &stats.extras {
        guard.add_extra(name, n);
    }
    drop(guard);
    meter.annotate_last(shape_extras(&graph));
    let mut dead = deadness::census(&graph);
    meter.annotate_last(deadness::extras(None, &dead));
    let mut g = graph.into_input();
    if options.verify {
        check(&g, "build")?;
    }
    for phase in options.phases.iter().take(after.unwrap_or(usize::MAX)) {
        let label = phase.label();
        let mut guard = meter.phase("cfg", &label);
        if phase.kind == PhaseKind::Typer {
            // In place: the graph is not copied.
            guard.nodes_in = g.op_count() as u64;
            let t = g.retype_to_fixed_point();
            guard.nodes_out = g.op_count() as u64;
            record(&mut guard, &typer_stats(&t));
            drop(guard);
            // The graph is unchanged in shape: its census, as after every phase (C7/C8).
            meter.annotate_last(shape_extras(&g));
            let after = deadness::census(&g);
            meter.annotate_last(deadness::extras(Some((&dead, &copying::OpMap::identity(g.op_count()))), &after));
            dead = after;
            if options.verify {
                check(&g, &label)?;
            }
            continue;
        }
        guard.nodes_in = g.op_count() as u64;
        let copy = run_phase_for(&g, phase, input);
        guard.nodes_out = copy.graph.op_count() as u64;
        record(&mut guard, &copy.stats);
        drop(guard);
        meter.annotate_last(shape_extras(&copy.graph));
        let after = deadness::census(&copy.graph);
        meter.annotate_last(deadness::extras(Some((&dead, &copy.map)), &after));
        dead = after;
        g = copy.graph.into_input();
        if options.verify {
            check(&g, &label)?;
        }
    }
    Ok(g)
}

/// Compiles one function: builder, the copying phases of `options`, then LIR.
pub fn compile(
    input: &CompileInput<'_>,
    options: &Options,
    meter: &mut meter::Meter,
) -> Result<ir::lir::Function, Bailout> {
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
    let g = optimize_at(input, osr, options, meter, None)?;
    let mut guard = meter.phase("cfg", "lir");
    guard.nodes_in = g.op_count() as u64;
    let mut lir = lir_out::to_lir(&g, input.program)?;
    guard.nodes_out = lir.size() as u64;
    drop(guard);
    // Figures about the result, outside the phase's window.
    let (distance, pairs) = adjacent_distance(&g);
    meter.annotate_last([("adjacent_distance_sum", distance), ("adjacent_pairs", pairs)]);
    midend::lir_tail::finish(input, &mut lir, osr, "cfg", options.verify, meter)?;
    Ok(lir)
}
