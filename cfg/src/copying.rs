//! The copying phase: one walk over the input graph that rebuilds it, op by op, through a
//! reducer stack into a fresh output graph.
//!
//! This is the CFG pipeline's only way to transform code (Turboshaft's `CopyingPhase` and
//! `GraphVisitor`). [`copy_graph`]:
//!
//! 1. lets every reducer [analyze](crate::assembler::Reducer::analyze) the input graph;
//! 2. creates one output block per input block (loop headers stay loop headers);
//! 3. walks the input blocks in *dominator-tree order* (pre-order, children in block order),
//!    so every op's inputs were copied before it, except loop-phi back edges; a block that
//!    no emitted jump reaches is skipped with everything in it (dead code after a folded
//!    branch disappears for free);
//! 4. for each op: asks the reducers whether to skip it (dead code), then whether an
//!    analysis already decided what it becomes
//!    ([`decide_input_op`](crate::assembler::Reducer::decide_input_op): the copy of another
//!    input op, or nothing), otherwise re-emits it with
//!    its inputs mapped through the old→new map (`Assembler::emit`, so every reducer sees
//!    it), and records the result in the map. Phis of a block are rebuilt from the output
//!    block's actual predecessors (a predecessor that vanished drops its input; a phi left
//!    with one input collapses to it); at loop headers they are *pending* until the back
//!    edges are emitted. Before a block's terminator, every reducer may emit ops at the end
//!    of the block ([`end_input_block`](crate::assembler::Reducer::end_input_block): `licm`
//!    puts the ops it hoists in a loop's preheader). Terminators are re-emitted with mapped
//!    targets;
//! 5. finalizes the output graph (blocks renumbered in the order they were bound).
//!
//! Types: every output op is typed when emitted ([`Graph::add`]). If the input graph carries
//! refined types (the `typer` phase ran, [`Graph::has_refined_types`]), an op whose copy is
//! the same op (same operation; the copying contract makes it the same value) also gets the
//! input op's type, intersected with its own ([`Graph::refine_type`]; counted
//! `types_carried` when that narrows it), and a copied loop phi keeps its input's type when
//! its back edges are appended; the output graph is marked refined in turn.
//!
//! Counters (claim C1, `docs/measurement.md`): every input op copied is a *visit*; a visit
//! whose op's emitted form differs from the op (dropped, mapped to another op, emitted as
//! another operation or with other inputs, a branch folded, a phi collapsed) is one *graph
//! change*, credited to the reducers that changed something during it, or to the copier.
//!
//! Reducers may emit any ops, including new blocks and branches (see
//! [`Assembler`](crate::assembler::Assembler)), in the middle of an input block: the rest
//! of the block simply continues in whatever block is current.

use ir::ops::{Op, Opcode};

use crate::assembler::{Assembler, InputDecision, Label, Reducer, Stats, V};
use crate::graph::{is_terminator, BlockIndex, Graph, Input, OpIndex, Output};

/// The old→new map of a finished copy: what each input op became.
#[derive(Clone, Debug)]
pub struct OpMap(Vec<V>);

impl OpMap {
    /// The map of a phase that keeps every op where it is (the `typer`).
    pub fn identity(ops: usize) -> OpMap {
        OpMap((0..ops as u32).map(OpIndex::new).collect())
    }

    /// What `old` became (`None`: skipped as dead, unreachable, or reduced away).
    pub fn get(&self, old: OpIndex<Input>) -> Option<OpIndex<Output>> {
        self.0.get(old.ix()).copied().filter(|v| v.valid())
    }
}

/// The result of one copying phase.
pub struct Copy {
    /// The output graph.
    pub graph: Graph<Output>,
    /// What every input op became.
    pub map: OpMap,
    /// The phase's counters.
    pub stats: Stats,
}

/// Copies `input` through `reducers` (top of the stack first) into a new graph.
pub fn copy_graph(input: &Graph<Input>, reducers: Vec<Box<dyn Reducer>>) -> Copy {
    copy_graph_counted(input, reducers, true)
}

/// [`copy_graph`] with the phase's counters on or off (`counting: false` only to measure
/// what counting costs).
pub fn copy_graph_counted(input: &Graph<Input>, mut reducers: Vec<Box<dyn Reducer>>, counting: bool) -> Copy {
    let mut stats = Stats::default();
    let phis = crate::phis::RedundantPhis::new(input);
    for r in &mut reducers {
        r.analyze(input, &phis, &mut stats);
    }
    let mut asm = Assembler::new(&input.name, input.func, reducers);
    asm.stats = stats;
    asm.name_stats_reducers();
    asm.counting = counting;
    asm.redundant_phis = Some(phis);
    asm.reserve_for(input);
    asm.input = Some(input);
    asm.carry_types = input.has_refined_types();
    asm.map = vec![V::INVALID; input.op_count()];
    let block_map: Vec<Label> = input
        .blocks()
        .map(|b| if input.is_loop(b) { asm.new_loop_header() } else { asm.new_block() })
        .collect();
    let children = input.dominator_children();
    let mut stack = vec![input.entry()];
    let mut order = Vec::with_capacity(input.block_count());
    while let Some(b) = stack.pop() {
        order.push(b);
        stack.extend(children[b.ix()].iter().rev());
    }
    for b in order {
        let out_block = block_map[b.ix()];
        if b != input.entry() && !asm.is_reachable(out_block) {
            skip_unreachable_block(&mut asm, input, b);
            continue;
        }
        asm.origin_block = Some(b);
        asm.bind(out_block);
        visit_block(&mut asm, input, b, out_block, &block_map);
    }
    let carried = asm.carry_types;
    let (mut graph, map, stats) = asm.finish();
    graph.set_refined_types(carried);
    Copy { graph, map: OpMap(map), stats }
}

/// Counts the ops of input block `b`, whose copy no edge reaches, as skipped and made dead
/// (claim C13: the CFG drops an unreachable block's ops without visiting them).
pub(crate) fn skip_unreachable_block(asm: &mut Assembler<'_>, input: &Graph<Input>, b: BlockIndex<Input>) {
    let ops = input.ops_of(b).count() as u64;
    asm.stats.skipped_dead += ops;
    asm.stats.dead_made += ops;
}

/// Copies the ops of input block `b` into the bound output block `out_block`; jumps to input
/// block `x` go to `block_map[x]`.
pub(crate) fn visit_block(
    asm: &mut Assembler<'_>,
    input: &Graph<Input>,
    b: BlockIndex<Input>,
    out_block: Label,
    block_map: &[Label],
) {
    let in_preds = input.preds(b).to_vec();
    for old in input.ops_of(b) {
        if asm.current_block().is_none() {
            // A reducer ended the block early (e.g. an exit that always fires).
            asm.stats.skipped_dead += 1;
            asm.stats.dead_made += 1;
            continue;
        }
        asm.origin_op = old.id();
        if is_terminator(input.opcode(old)) {
            // The reducers' turn at the end of the block (e.g. ops hoisted out of a loop this
            // block precedes); not a visit of its own.
            let outer = asm.begin_visit();
            asm.end_input_block(input, b);
            asm.end_visit(false, outer);
        }
        if asm.counting {
            asm.stats.visited += 1;
            *asm.stats.visits_by_opcode.get_mut(input.opcode(old)) += 1;
        }
        let outer = asm.begin_visit();
        if let Some(i) = skip(asm, input, old) {
            asm.stats.skipped_dead += 1;
            asm.stats.dead_visits += asm.counting as u64;
            asm.mark_visit_change(i);
            asm.end_visit(true, outer);
            continue;
        }
        // Claim C13: an input check whose visit emits no check became known.
        let is_check = asm.counting && crate::deadness::is_check(input.op(old));
        let ops_before = asm.graph().op_count();
        if let Some(v) = decide(asm, input, old) {
            // Dropped or mapped to another op (an equal dominating check): no check of its own.
            asm.stats.checks_known += is_check as u64;
            asm.map[old.ix()] = v;
            asm.end_visit(true, outer);
            continue;
        }
        let op = *input.op(old);
        // Whether the op's emitted form differs from it (a graph change, claim C1): ops
        // appended from here on are this visit's.
        let first_new = asm.graph().op_count();
        let mut changed = false;
        let map_in = |asm: &Assembler<'_>, i: OpIndex<Input>| {
            let v = asm.map[i.ix()];
            assert!(v.valid(), "{old} = {op}: input {i} has no copy");
            v
        };
        let new = match op {
            // A phi of one value and itself (a register the loop does not change) is that
            // value: its back edges are known in the input graph.
            Op::Phi { .. } if asm.redundant_phis.as_ref().is_some_and(|r| r.is_redundant(old)) => {
                let value = asm.redundant_phis.as_ref().map(|r| r.of(old)).expect("the guard found the redundant phis");
                asm.peeled_entry.remove(&old.id());
                asm.stats.extras_add("redundant_phis_removed", 1);
                changed = true;
                map_in(asm, value)
            }
            Op::Phi { .. } => {
                // One input per output predecessor, from the input predecessor it came from.
                let out_preds = asm.graph().preds(out_block).to_vec();
                let mut values = Vec::with_capacity(out_preds.len());
                if let Some(v) = asm.peeled_entry.remove(&old.id()) {
                    // The loop was peeled: the only entry is the peeled iteration's end.
                    assert_eq!(out_preds.len(), 1, "a peeled loop header has one entry");
                    values.push(v);
                    changed = true;
                }
                for p in out_preds.into_iter().skip(values.len()) {
                    let origin = asm.origin_of(p).expect("predecessor from a copied block");
                    let k = in_preds.iter().position(|&q| q == origin).expect("predecessor of the input block");
                    values.push(map_in(asm, input.inputs(old)[k]));
                }
                if asm.graph().is_loop(out_block) {
                    // Its back-edge inputs come later, mapped from the input phi's.
                    let phi = asm.emit_raw(op, &values);
                    asm.add_pending_copy_phi(out_block, phi, old);
                    phi
                } else if values.iter().all(|&v| v == values[0]) {
                    changed = true;
                    values[0]
                } else {
                    let new = asm.emit(op, &values);
                    changed = asm.counting
                        && (!same_copy(asm, new, first_new, &op, &values) || values.len() != input.inputs(old).len());
                    new
                }
            }
            Op::Goto => {
                let target = input.succs(b)[0];
                if !asm.in_peeled_copy && input.is_loop(target) && !input.dominates(target, b) && asm.wants_peel(input, target) {
                    changed = true;
                    crate::peeling::peel_first_iteration(asm, input, b, target, block_map);
                } else {
                    asm.goto(block_map[target.ix()]);
                }
                V::INVALID
            }
            Op::Branch { profile } => {
                let cond = map_in(asm, input.inputs(old)[0]);
                let s = input.succs(b);
                // A loop entered straight from a branch edge is peeled on that edge, as one
                // entered through a `Goto` (son's `peel` sees every loop, however entered);
                // not from a peeled iteration, whose exit edge leads back to the real loop.
                let mut targets = [block_map[s[0].ix()], block_map[s[1].ix()]];
                let mut peel = [false; 2];
                for k in 0..2 {
                    peel[k] = !asm.in_peeled_copy
                        && s[0] != s[1]
                        && input.is_loop(s[k])
                        && !input.dominates(s[k], b)
                        && asm.wants_peel(input, s[k]);
                    if peel[k] {
                        targets[k] = asm.new_block();
                    }
                }
                asm.branch(cond, targets[0], targets[1], profile);
                // A reducer that folded it into a jump counted a change.
                changed = asm.visit_changed_by_reducer();
                for k in 0..2 {
                    if peel[k] && asm.is_reachable(targets[k]) {
                        // The edge's own block, a copy of `b`'s edge: its origin is `b`.
                        asm.bind(targets[k]);
                        crate::peeling::peel_first_iteration(asm, input, b, s[k], block_map);
                        changed = true;
                    }
                }
                V::INVALID
            }
            Op::Return => {
                let v = map_in(asm, input.inputs(old)[0]);
                asm.ret(v);
                V::INVALID
            }
            Op::CheckException => {
                let thrower = map_in(asm, input.inputs(old)[0]);
                let s = input.succs(b);
                asm.check_exception(thrower, block_map[s[0].ix()], block_map[s[1].ix()]);
                V::INVALID
            }
            Op::Throw => {
                let v = map_in(asm, input.inputs(old)[0]);
                asm.throw(v);
                V::INVALID
            }
            Op::Deoptimize { reason } => {
                let fs = map_in(asm, input.inputs(old)[0]);
                asm.deoptimize(reason, fs);
                V::INVALID
            }
            _ => {
                let inputs: Vec<V> = input.inputs(old).iter().map(|&i| map_in(asm, i)).collect();
                let new = asm.emit(op, &inputs);
                changed = asm.counting && !same_copy(asm, new, first_new, &op, &inputs);
                new
            }
        };
        asm.end_visit(changed, outer);
        if is_check {
            // Dropped, mapped to an earlier op, or emitted as ops none of which is a check.
            let emitted_check = (ops_before..asm.graph().op_count()).any(|k| crate::deadness::is_check(asm.op(V::new(k as u32))));
            asm.stats.checks_known += !emitted_check as u64;
        }
        if asm.carry_types && new.valid() && *asm.op(new) == op {
            asm.carry_type(new, input.type_of(old));
        }
        asm.map[old.ix()] = new;
    }
}

/// The stack position of the reducer that drops `old` as dead, if one does.
fn skip(asm: &mut Assembler<'_>, input: &Graph<Input>, old: OpIndex<Input>) -> Option<usize> {
    asm.first_reducer(|r| r.skip_input_op(input, old))
}

/// True if `new` is a copy of the input op `op` with the mapped `inputs`, appended during
/// this visit (at or after `first_new`): the op's emitted form is the op itself. Otherwise
/// the visit changed it (it was dropped, replaced by an existing op, or lowered to another).
fn same_copy(asm: &Assembler<'_>, new: V, first_new: usize, op: &Op, inputs: &[V]) -> bool {
    new.valid() && new.ix() >= first_new && asm.op(new) == op && asm.inputs(new) == inputs
}

/// What a reducer decided `old` becomes without copying it ([`Reducer::decide_input_op`]),
/// counted; `None`: copy it.
fn decide(asm: &mut Assembler<'_>, input: &Graph<Input>, old: OpIndex<Input>) -> Option<V> {
    let opcode = input.opcode(old);
    if matches!(opcode, Opcode::Phi) || is_terminator(opcode) {
        return None;
    }
    let (decision, reducer) = asm.decide_input(input, old)?;
    let (v, counter) = match decision {
        InputDecision::Copy => return None,
        InputDecision::MapTo { op, counter } => {
            let v = asm.map[op.ix()];
            if !v.valid() {
                return None;
            }
            (v, counter)
        }
        InputDecision::Drop { counter } => (V::INVALID, counter),
    };
    asm.count_decision(reducer, opcode, counter);
    Some(v)
}
