//! Loop-invariant code motion (`licm`): pure ops whose inputs are defined outside a loop are
//! emitted once, at the end of the loop's preheader, instead of on every iteration.
//!
//! The sea of nodes gets this from its scheduler (global code motion hoists a floating node
//! up the dominator chain to the block of smallest loop depth, counted `hoisted` in
//! `son/src/schedule.rs`); a CFG never moves an op out of its block by itself, so this
//! reducer does it, with the same contract:
//!
//! - **What moves.** Pure ops only ([`is_hoistable`]: [`Op::is_pure`] — no memory reads or
//!   writes, no exit, no throw, no control — and not a phi, frame state, object state,
//!   parameter, `Int32Div` or `Int32Mod`; the sea of nodes' scheduler leaves division,
//!   remainder and frame states in place too). Loads, stores, calls, allocations and checks
//!   (`DeoptimizeIf/Unless`, checked arithmetic) never move. Every pure op of the shared table
//!   is total (it computes some value for any input bits and cannot trap), so computing one
//!   before a check that guards its use in the loop is safe: the check still runs where it
//!   was, and the value is only used where it was.
//! - **When.** An op is invariant in a loop when every input is defined outside the loop, or
//!   is itself hoisted out of it (a redundant loop phi, `phi(x, self)`, counts as `x`,
//!   [`crate::phis::RedundantPhis`]). It leaves as many enclosing loops as its inputs allow
//!   (an op invariant in both loops of a nest goes before the outer one).
//! - **Where.** At the end of the loop's *preheader*, before its terminator: the header's
//!   immediate dominator, which is the block before the header when the loop has one entry.
//!   A loop whose immediate dominator lies in another loop than the one enclosing the header,
//!   or ends in a `CheckException` (the call that may throw must end its block; the sea of
//!   nodes' scheduler places such code before the call instead), has no preheader and is not
//!   hoisted out of (counted `licm_no_preheader`); a function
//!   with an irreducible loop is left as it is (`licm_irreducible`).
//!
//! The analysis runs once on the input graph before the copy ([`Reducer::analyze`]); the
//! copying phase asks every reducer at the end of each input block
//! ([`Reducer::end_input_block`]), and at a preheader this reducer emits the copies of the
//! ops it hoists there (through the rest of the stack, so `machine-opt` and `vn` see them in
//! their new position). When the loop's own copy of such an op is reached, it maps to the
//! hoisted copy ([`InputDecision::MapTo`]). An op another reducer of the phase drops or
//! decides otherwise, or whose inputs have no copy yet, stays where it was.
//!
//! Not in [`crate::DEFAULT_SPEC`] (V8's Turboshaft runs no general loop-invariant code motion
//! by default): a one-sided A/B option for the CFG side, meant to run after the lowerings,
//! e.g. in a phase of its own before `dce`. It may not share a phase with a lowering (it
//! decides what is invariant on the input graph's ops) or with `peel` (the peeled copy of a
//! loop would read the hoisted copies before the preheader that defines them).
//!
//! Counters: `hoisted` (ops whose loop copy became the hoisted one: the name of the sea of
//! nodes' scheduler counter), one change of `licm` each; `licm_loops` (loops found),
//! `licm_no_preheader`, `licm_irreducible`; state changes: ops the analysis found invariant.

use ir::ops::Op;

use crate::assembler::{Assembler, InputDecision, Reducer, Stats};
use crate::graph::{BlockIndex, Graph, Input, OpIndex};
use crate::phis::RedundantPhis;

type In = OpIndex<Input>;
type Block = BlockIndex<Input>;

/// True if `op` may be hoisted out of a loop: a pure op of the table other than phis, frame
/// and object states, parameters, `Dead`, and the int32 division and remainder (which the
/// sea of nodes' scheduler does not hoist either).
pub fn is_hoistable(op: &Op) -> bool {
    op.is_pure()
        && !matches!(
            op,
            Op::Phi { .. }
                | Op::FrameState { .. }
                | Op::ObjectState { .. }
                | Op::Parameter { .. }
                | Op::Dead
                | Op::Int32Div
                | Op::Int32Mod
        )
}

/// An op to hoist: the input op and its inputs with redundant phis resolved to their values.
#[derive(Clone, Debug)]
struct Hoist {
    op: In,
    inputs: Vec<In>,
}

/// The loop-invariant code motion reducer (`licm`).
#[derive(Default)]
pub struct LoopInvariantCodeMotion {
    /// Per input block: the ops hoisted to its end, in an order where inputs come first.
    at_end: Vec<Vec<Hoist>>,
    /// Per input op: whether its hoisted copy was emitted (the loop's copy maps to it).
    emitted: Vec<bool>,
    /// Ops the analysis found invariant (the state changes).
    invariant: u64,
}

/// The loop nest of an input graph: each block's innermost loop and each loop's parent.
struct Loops {
    /// Per block: the header of the innermost loop containing it.
    loop_of: Vec<Option<Block>>,
    /// Per loop header: the header of the enclosing loop.
    parent: Vec<Option<Block>>,
    /// The loop headers with at least one back edge, outer loops first.
    headers: Vec<Block>,
}

impl Loops {
    /// The loops of `g`, or `None` if one is irreducible (a block that reaches a back edge
    /// without passing the header is not dominated by it). Adds to `visits` the blocks read
    /// (claim C14's `loop_find_visits`): the block table searched for headers, each header's
    /// predecessors and every block taken off a body's walk.
    fn of(g: &Graph<Input>, visits: &mut u64) -> Option<Loops> {
        let n = g.block_count();
        *visits += n as u64;
        let reachable = |b: Block| b == g.entry() || g.idom(b).is_some();
        let mut headers: Vec<Block> = g.blocks().filter(|&b| g.is_loop(b) && reachable(b)).collect();
        headers.sort_by_key(|&h| g.dom_depth(h));
        let mut loops = Loops { loop_of: vec![None; n], parent: vec![None; n], headers: Vec::new() };
        // `mark[b] == k + 1`: block `b` is in the body of the k-th loop walked.
        let mut mark = vec![0usize; n];
        for h in headers {
            *visits += g.preds(h).len() as u64;
            let latches: Vec<Block> = g.preds(h).iter().copied().filter(|&p| g.dominates(h, p)).collect();
            if latches.is_empty() {
                continue;
            }
            // Outer loops are walked first, so the header's innermost loop so far encloses it.
            loops.parent[h.ix()] = loops.loop_of[h.ix()];
            let stamp = loops.headers.len() + 1;
            loops.headers.push(h);
            mark[h.ix()] = stamp;
            loops.loop_of[h.ix()] = Some(h);
            let mut work = latches;
            while let Some(b) = work.pop() {
                *visits += 1;
                if mark[b.ix()] == stamp {
                    continue;
                }
                if !g.dominates(h, b) {
                    return None;
                }
                mark[b.ix()] = stamp;
                loops.loop_of[b.ix()] = Some(h);
                work.extend(g.preds(b).iter().copied());
            }
        }
        Some(loops)
    }

    /// True if block `b` is in the loop headed by `h`.
    fn contains(&self, h: Block, b: Block) -> bool {
        let mut l = self.loop_of[b.ix()];
        while let Some(x) = l {
            if x == h {
                return true;
            }
            l = self.parent[x.ix()];
        }
        false
    }
}

impl LoopInvariantCodeMotion {
    /// Plans the hoisting of `input`'s invariant ops; returns (loops, loops without a
    /// preheader, irreducible), adding the blocks read to find the loops to `visits`.
    fn plan(&mut self, input: &Graph<Input>, phis: &RedundantPhis, visits: &mut u64) -> (u64, u64, bool) {
        let Some(loops) = Loops::of(input, visits) else { return (0, 0, true) };
        if loops.headers.is_empty() {
            return (0, 0, false);
        }
        // Each loop's preheader: the header's immediate dominator, if it lies in the loop
        // enclosing the header (or in none, with the header).
        let mut preheader: Vec<Option<Block>> = vec![None; input.block_count()];
        let mut missing = 0;
        for &h in &loops.headers {
            match input.idom(h) {
                // A block ending in `CheckException` is not one: what it would hoist would go
                // after the call that may throw, which must end the block.
                Some(t) if input.terminator(t).is_some_and(|op| *input.op(op) == ir::ops::Op::CheckException) => missing += 1,
                Some(t) if loops.loop_of[t.ix()] == loops.parent[h.ix()] => preheader[h.ix()] = Some(t),
                _ => missing += 1,
            }
        }
        // Where each op ends up: its block, or the preheader it is hoisted to.
        let mut place: Vec<Block> = input.all_ops().map(|i| input.block_of(i)).collect();
        // Dominator pre-order, as the copy walks: inputs are placed before their users.
        let children = input.dominator_children();
        let mut stack = vec![input.entry()];
        while let Some(b) = stack.pop() {
            stack.extend(children[b.ix()].iter().rev());
            let Some(innermost) = loops.loop_of[b.ix()] else { continue };
            for x in input.ops_of(b) {
                if !is_hoistable(input.op(x)) {
                    continue;
                }
                let inputs: Vec<In> = input.inputs(x).iter().map(|&y| phis.of(y)).collect();
                // Leave loops from the innermost out while every input is outside.
                let mut target = None;
                let mut l = Some(innermost);
                while let Some(h) = l {
                    if inputs.iter().any(|&y| loops.contains(h, place[y.ix()])) {
                        break;
                    }
                    if let Some(t) = preheader[h.ix()] {
                        target = Some(t);
                    }
                    l = loops.parent[h.ix()];
                }
                if let Some(t) = target {
                    place[x.ix()] = t;
                    self.at_end[t.ix()].push(Hoist { op: x, inputs });
                    self.invariant += 1;
                }
            }
        }
        (loops.headers.len() as u64, missing, false)
    }
}

impl Reducer for LoopInvariantCodeMotion {
    fn name(&self) -> &'static str {
        "licm"
    }

    fn analyze(&mut self, input: &Graph<Input>, phis: &RedundantPhis, stats: &mut Stats) {
        self.at_end = vec![Vec::new(); input.block_count()];
        self.emitted = vec![false; input.op_count()];
        self.invariant = 0;
        let mut visits = 0;
        let (loops, missing, irreducible) = self.plan(input, phis, &mut visits);
        // Every row of a phase with `licm` has the counters, zero or not.
        stats.extras_add("hoisted", 0);
        stats.extras_add("licm_loops", loops);
        stats.extras_add("licm_no_preheader", missing);
        stats.extras_add("licm_irreducible", irreducible as u64);
        stats.extras_add("loops_found", loops);
        stats.extras_add("loop_find_visits", visits);
    }

    fn state_changes(&self) -> u64 {
        self.invariant
    }

    fn end_input_block(&mut self, asm: &mut Assembler<'_>, input: &Graph<Input>, block: Block) {
        let Some(list) = self.at_end.get_mut(block.ix()) else { return };
        let list = std::mem::take(list);
        let origin = asm.origin_op;
        for h in &list {
            let x = h.op;
            // Inputs without a copy (not hoisted after all, dropped, or not reached yet):
            // the op stays in the loop.
            let mapped: Option<Vec<_>> = h.inputs.iter().map(|&y| Some(asm.map[y.ix()]).filter(|v| v.valid())).collect();
            let Some(mapped) = mapped else { continue };
            // Another reducer of the phase drops the op or decides what it becomes: leave it.
            if !asm.others_copy(input, x) {
                continue;
            }
            let op = *input.op(x);
            asm.origin_op = x.id();
            let v = asm.emit(op, &mapped);
            if !v.valid() {
                continue;
            }
            if asm.carry_types && *asm.op(v) == op {
                asm.carry_type(v, input.type_of(x));
            }
            asm.map[x.ix()] = v;
            self.emitted[x.ix()] = true;
        }
        asm.origin_op = origin;
    }

    fn decide_input_op(&mut self, _input: &Graph<Input>, op: In) -> InputDecision {
        if self.emitted.get(op.ix()).copied().unwrap_or(false) {
            InputDecision::MapTo { op, counter: "hoisted" }
        } else {
            InputDecision::Copy
        }
    }
}
