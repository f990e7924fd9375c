//! Dead ops still in the graph at a phase's end (claim C13), and what the phase removed.
//!
//! # What counts as dead
//!
//! The graph is every op in the buffer ([`Graph::op_count`]). An op is *dead* when the
//! pipeline's dead-code elimination would drop it if it ran now (the next copying phase
//! drops the first kind by itself, `copy(dce)` the second):
//!
//! - *control-dead* ([`DeadCensus::unreachable`]): an op in a block no path of successor
//!   edges reaches from the entry;
//! - *needed by nothing required*: the ops that a backward walk over inputs does not reach
//!   from the ops of reachable blocks that must stay even when unused
//!   ([`crate::reducers::dce::is_required_when_unused`]: terminators, writes, possible exits
//!   and throws), a phi's input from an unreachable predecessor not followed. These are
//!   Turboshaft's `ShouldSkipOperation` ops: unused pure ops and loads, frame states no check
//!   refers to, phi cycles feeding only each other.
//!
//! This is the sea of nodes' notion (`son::deadness`): there, control-dead nodes are those
//! that control does not reach from `Start` (or that hang off `Dead`) and the rest are the
//! nodes needed only by dead ones. The sea of nodes never holds an unused pure node (it is
//! not reachable from `End`), while a CFG holds every op it emitted until a copy drops it;
//! the claim's threats say so.
//!
//! # Across phases
//!
//! A copying phase renumbers ops; [`carried`] follows the dead ops at its start through the
//! phase's old→new map ([`crate::copying::OpMap`]) to count those still dead at its end, so
//! `dead_new` (dead ops the phase made, still there at its end) and `dead_gone` (dead ops it
//! removed) mean on both sides what they say. The census runs after the phase's window
//! closes (`Meter::annotate_last`).

use ir::ops::Op;

use crate::copying::OpMap;
use crate::graph::{Graph, Input, OpIndex};
use crate::reducers::dce::is_required_when_unused;

/// The dead ops of a graph at one moment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeadCensus {
    /// Per op (by index): dead.
    dead: Vec<bool>,
    /// How many are dead.
    left: u64,
    /// Of them, those in unreachable blocks.
    pub unreachable: u64,
}

impl DeadCensus {
    /// How many dead ops are left in the graph.
    pub fn left(&self) -> u64 {
        self.left
    }

    /// Whether op `i` (an index of the census's graph) is dead.
    pub fn is_dead(&self, i: u32) -> bool {
        self.dead.get(i as usize).copied().unwrap_or(false)
    }
}

/// Whether `op` is a check (it may exit to the interpreter and is neither a control op nor a
/// generic JavaScript operation that may throw); the sea of nodes uses the same predicate
/// (`son::deadness::is_check`).
pub fn is_check(op: &Op) -> bool {
    let e = op.effects();
    e.can_deopt && !e.can_throw && !e.control
}

/// The census of `g`.
pub fn census<G>(g: &Graph<G>) -> DeadCensus {
    let mut reachable = vec![false; g.block_count()];
    let mut work = vec![g.entry()];
    reachable[g.entry().ix()] = true;
    while let Some(b) = work.pop() {
        for &s in g.succs(b) {
            if !reachable[s.ix()] {
                reachable[s.ix()] = true;
                work.push(s);
            }
        }
    }
    let mut needed = vec![false; g.op_count()];
    let mut ops: Vec<OpIndex<G>> = Vec::new();
    let mut unreachable = 0u64;
    for b in g.blocks() {
        for i in g.ops_of(b) {
            if !reachable[b.ix()] {
                unreachable += 1;
            } else if is_required_when_unused(g.op(i)) {
                needed[i.ix()] = true;
                ops.push(i);
            }
        }
    }
    while let Some(i) = ops.pop() {
        let preds = matches!(g.op(i), Op::Phi { .. }).then(|| g.preds(g.block_of(i)));
        for (k, &x) in g.inputs(i).iter().enumerate() {
            if needed[x.ix()] || !reachable[g.block_of(x).ix()] {
                continue;
            }
            if preds.is_some_and(|p| p.get(k).is_some_and(|b| !reachable[b.ix()])) {
                continue;
            }
            needed[x.ix()] = true;
            ops.push(x);
        }
    }
    let dead: Vec<bool> = needed.iter().map(|n| !n).collect();
    let left = dead.iter().filter(|&&d| d).count() as u64;
    DeadCensus { dead, left, unreachable }
}

/// Of the dead ops `before` (the census of a phase's input graph), how many distinct output
/// ops they became through `map` that are dead in `after` (the census of its output): the
/// dead ops the phase carried over. `dead_new = after.left() − carried`, `dead_gone =
/// before.left() − carried` (two dead ops copied to one count once: the phase removed one).
pub fn carried(before: &DeadCensus, map: &OpMap, after: &DeadCensus) -> u64 {
    let mut seen = vec![false; after.dead.len()];
    let mut n = 0u64;
    for (old, _) in before.dead.iter().enumerate().filter(|(_, &d)| d) {
        if let Some(new) = map.get(OpIndex::<Input>::new(old as u32)) {
            if after.is_dead(new.id()) && !std::mem::replace(&mut seen[new.ix()], true) {
                n += 1;
            }
        }
    }
    n
}

/// The extras of a phase row: `dead_left`, `dead_unreachable_left`, `dead_new`, `dead_gone`
/// (`before`: the census of the phase's input and its map, `None` for the build).
pub fn extras(before: Option<(&DeadCensus, &OpMap)>, after: &DeadCensus) -> [(&'static str, u64); 4] {
    let kept = before.map_or(0, |(b, map)| carried(b, map, after));
    let gone = before.map_or(0, |(b, _)| b.left().saturating_sub(kept));
    [("dead_left", after.left()), ("dead_unreachable_left", after.unreachable), ("dead_new", after.left() - kept), ("dead_gone", gone)]
}
