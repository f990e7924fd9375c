//! Loop peeling in the CFG pipeline: which loops can be peeled ([`peelable_loop`]) and the
//! copy of a loop's first iteration before its header ([`peel_first_iteration`]), emitted by
//! the copying phase ([`crate::copying`]) when a reducer asks for it
//! ([`Reducer::should_peel`](crate::assembler::Reducer::should_peel): the `peel` reducer,
//! [`crate::reducers::peel`]).
//!
//! The copy goes through the whole reducer stack, like every op of a copying phase
//! ([`clone_subgraph`] re-enters the copier's block visit with its own old→new map).

use ir::ops::Op;

use crate::assembler::{Assembler, Label, V};
use crate::copying::visit_block;
use crate::graph::{BlockIndex, Graph, Input, OpIndex};

/// The blocks of the loop at input `header` (header first, then in dominator order) if it is
/// one this module can peel, else why not.
///
/// Peelable: an innermost loop with one forward entry, whose only exit is one edge out of the
/// header, whose blocks end in `Goto` or `Branch` only, and whose header holds no op that
/// writes, throws or calls (the peeled iteration leaving the loop re-runs the real header
/// once before the real exit, so the header must be safe to evaluate twice).
///
/// Adds to `visits` the blocks and ops it reads to find the loop (claim C14's
/// `loop_find_visits`, counted as son's `peel` counts its nodes): the header's predecessors,
/// every block taken off the backward walk, each loop block and its successors, the header's
/// ops, the blocks of the dominator tree it builds, and every block taken off the walk that
/// orders the loop. The scan of the block table that only collects blocks already marked is
/// not counted.
pub fn peelable_loop(
    input: &Graph<Input>,
    header: BlockIndex<Input>,
    visits: &mut u64,
) -> Result<Vec<BlockIndex<Input>>, &'static str> {
    if !input.is_loop(header) {
        return Err("not a loop header");
    }
    let preds = input.preds(header);
    *visits += preds.len() as u64;
    let forward = preds.iter().filter(|&&p| !input.dominates(header, p)).count();
    if forward != 1 {
        return Err("not exactly one loop entry");
    }
    // Blocks reaching a back edge without passing the header.
    let mut in_loop = vec![false; input.block_count()];
    in_loop[header.ix()] = true;
    let mut work: Vec<_> = preds.iter().copied().filter(|&p| input.dominates(header, p)).collect();
    while let Some(b) = work.pop() {
        *visits += 1;
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
        *visits += 1 + input.succs(b).len() as u64;
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
        *visits += 1;
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
    *visits += input.block_count() as u64;
    let mut order = Vec::new();
    let mut stack = vec![header];
    while let Some(b) = stack.pop() {
        *visits += 1;
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
            crate::copying::skip_unreachable_block(asm, input, b);
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
    let mut visits = 0;
    let blocks = peelable_loop(input, header, &mut visits).expect("should_peel checked the loop");
    // The second look at the loop (the reducer's was the first) is part of the phase's cost.
    asm.stats.extras_add("loop_find_visits", visits);
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
    let outer = std::mem::replace(&mut asm.in_peeled_copy, true);
    visit_block(asm, input, header, peeled_header, &targets);
    let copy_map = clone_subgraph(asm, input, &blocks[1..], &targets);
    asm.in_peeled_copy = outer;
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
