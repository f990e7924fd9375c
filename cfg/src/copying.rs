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
            let ops = input.ops_of(b).count() as u64;
            asm.stats.skipped_dead += ops;
            asm.stats.dead_made += ops;
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


/// Copies the ops of input block `b` into the bound output block `out_block`; jumps to input
/// block `x` go to `block_map[x]`.
fn visit_block(
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
                if input.is_loop(target) && !input.dominates(target, b) && asm.wants_peel(input, target) {
                    changed = true;
                    peel_first_iteration(asm, input, b, target, block_map);
                } else {
                    asm.goto(block_map[target.ix()]);
                }
                V::INVALID
            }
            Op::Branch { .. } => {
                let cond = map_in(asm, input.inputs(old)[0]);
                let s = input.succs(b);
                asm.branch(cond, block_map[s[0].ix()], block_map[s[1].ix()], input.weights(b));
                // A reducer that folded it into a jump counted a change.
                changed = asm.visit_changed_by_reducer();
                V::INVALID
            }
            Op::Return => {
                let v = map_in(asm, input.inputs(old)[0]);
                asm.ret(v);
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


/// The blocks of the loop at input `header` (header first, then in dominator order) if it is
/// one this module can peel, else why not.
///
/// Peelable: an innermost loop with one forward entry, whose only exit is one edge out of the
/// header, whose blocks end in `Goto` or `Branch` only, and whose header holds no op that
/// writes, throws or calls (the peeled iteration leaving the loop re-runs the real header
/// once before the real exit, so the header must be safe to evaluate twice).
pub fn peelable_loop(input: &Graph<Input>, header: BlockIndex<Input>) -> Result<Vec<BlockIndex<Input>>, &'static str> {
    if !input.is_loop(header) {
        return Err("not a loop header");
    }
    let preds = input.preds(header);
    let forward = preds.iter().filter(|&&p| !input.dominates(header, p)).count();
    if forward != 1 {
        return Err("not exactly one loop entry");
    }
    // Blocks reaching a back edge without passing the header.
    let mut in_loop = vec![false; input.block_count()];
    in_loop[header.ix()] = true;
    let mut work: Vec<_> = preds.iter().copied().filter(|&p| input.dominates(header, p)).collect();
    while let Some(b) = work.pop() {
        if in_loop[b.ix()] {
            continue;
        }
        if !input.dominates(header, b) {
            return Err("irreducible loop");
        }
        in_loop[b.ix()] = true;
        work.extend(input.preds(b).iter().copied());
    }
    let mut exits = 0;
    for b in input.blocks().filter(|b| in_loop[b.ix()]) {
        if b != header && input.is_loop(b) {
            return Err("not an innermost loop");
        }
        let term = input.terminator(b).ok_or("block without terminator")?;
        if !matches!(input.op(term), Op::Goto | Op::Branch { .. }) {
            return Err("loop block ends in an exit");
        }
        for &s in input.succs(b) {
            if !in_loop[s.ix()] {
                if b != header {
                    return Err("exit not from the header");
                }
                exits += 1;
            }
        }
    }
    if exits != 1 {
        return Err("not exactly one loop exit");
    }
    for op in input.ops_of(header) {
        let o = input.op(op);
        if matches!(o, Op::Phi { .. } | Op::Goto | Op::Branch { .. }) {
            continue;
        }
        let e = o.effects();
        if !e.writes.is_empty() || e.can_throw || e.control {
            return Err("the loop header has effects");
        }
    }
    // Dominator order within the loop.
    let children = input.dominator_children();
    let mut order = Vec::new();
    let mut stack = vec![header];
    while let Some(b) = stack.pop() {
        order.push(b);
        stack.extend(children[b.ix()].iter().rev().filter(|c| in_loop[c.ix()]));
    }
    Ok(order)
}

/// Emits a copy of the input `blocks` (dominator order; `blocks[0]` the entry, bound to the
/// current block's jump target `entry`) through the reducer stack, with its own old→new map.
/// Jumps to an input block `x` go to `targets[x]` (the caller points the subgraph's blocks at
/// fresh labels and its exits wherever it likes). Returns the copy's map; the phase's own map
/// is left as it was. Phis of a block use the copy's map along the copy's own edges and the
/// phase's map along edges from outside (the entry's phis collapse to their entry values).
pub fn clone_subgraph(
    asm: &mut Assembler<'_>,
    input: &Graph<Input>,
    blocks: &[BlockIndex<Input>],
    targets: &[Label],
) -> Vec<V> {
    let saved = asm.map.clone();
    let saved_origin = asm.origin_block;
    for &b in blocks {
        let out = targets[b.ix()];
        if !asm.is_reachable(out) {
            let ops = input.ops_of(b).count() as u64;
            asm.stats.skipped_dead += ops;
            asm.stats.dead_made += ops;
            continue;
        }
        asm.origin_block = Some(b);
        asm.bind(out);
        visit_block(asm, input, b, out, targets);
    }
    asm.origin_block = saved_origin;
    std::mem::replace(&mut asm.map, saved)
}

/// Peels the first iteration of the input loop at `header` (which must pass
/// [`peelable_loop`]), entered from input block `from`, whose copy is the current block.
///
/// ```text
/// from ─▶ peeled header ─exit─▶ E ─┐
///              │                    ├─▶ M (phis: the peeled iteration's values) ─▶ real header
///          peeled body ─back edge───┘
/// ```
///
/// The peeled copy runs once; when it leaves (exit) or loops (back edge) it reaches `M`,
/// whose phis feed the real header's entry inputs. After the exit edge the real header runs
/// once more on the same values (it has no effects), takes the same exit, and the code after
/// the loop sees only the real header's values. Frame states in the copy are copies of the
/// loop's own (same bytecode pcs) with inputs mapped through the copy.
pub fn peel_first_iteration(
    asm: &mut Assembler<'_>,
    input: &Graph<Input>,
    from: BlockIndex<Input>,
    header: BlockIndex<Input>,
    block_map: &[Label],
) {
    let blocks = peelable_loop(input, header).expect("should_peel checked the loop");
    let mut targets = block_map.to_vec();
    let peeled_header = asm.new_block();
    let merge = asm.new_block();
    let exit_edge = asm.new_block();
    for &b in &blocks[1..] {
        targets[b.ix()] = asm.new_block();
    }
    targets[header.ix()] = merge;
    let exit = input.succs(header).iter().copied().find(|&s| !blocks.contains(&s)).expect("one exit");
    targets[exit.ix()] = exit_edge;
    asm.goto(peeled_header);
    // The entry block itself is bound at `peeled_header`, not at its jump target.
    let saved_origin = asm.origin_block;
    asm.origin_block = Some(header);
    asm.bind(peeled_header);
    let saved = asm.map.clone();
    visit_block(asm, input, header, peeled_header, &targets);
    let copy_map = clone_subgraph(asm, input, &blocks[1..], &targets);
    asm.map = saved;
    if asm.is_reachable(exit_edge) {
        asm.origin_block = Some(header);
        asm.bind(exit_edge);
        asm.goto(merge);
    }
    if !asm.is_reachable(merge) {
        asm.origin_block = saved_origin;
        return;
    }
    asm.origin_block = Some(from);
    asm.bind(merge);
    let in_preds = input.preds(header);
    let phis: Vec<OpIndex<Input>> = input.ops_of(header).filter(|&o| matches!(input.op(o), Op::Phi { .. })).collect();
    let merge_preds = asm.graph().preds(merge).to_vec();
    for phi in phis {
        let mut values = Vec::with_capacity(merge_preds.len());
        for &p in &merge_preds {
            let v = if p == exit_edge {
                copy_map[phi.ix()]
            } else {
                let origin = asm.origin_of(p).expect("a copied latch");
                let k = in_preds.iter().position(|&q| q == origin).expect("a back edge of the loop");
                copy_map[input.inputs(phi)[k].ix()]
            };
            values.push(v);
        }
        if values.iter().any(|v| !v.valid()) {
            continue; // Dropped as dead by a reducer: the real phi is dropped too.
        }
        let v = if values.iter().all(|&v| v == values[0]) { values[0] } else { asm.emit(*input.op(phi), &values) };
        asm.peeled_entry.insert(phi.id(), v);
    }
    asm.goto(block_map[header.ix()]);
    asm.origin_block = saved_origin;
}
