//! The graph verifier: block structure, edges, order, SSA dominance and use counts.
//!
//! [`verify`] collects every problem it finds. It checks that:
//! - every block is a non-empty range ending in its only terminator, ranges tile the op
//!   buffer in block order, and phis come first in their block;
//! - successor lists match the terminators (`Goto` 1, `Branch` 2, others 0) and predecessor
//!   lists are exactly the reverse edges; the entry has no predecessors; every block is
//!   reachable;
//! - the block order is a reverse post-order: a block comes after its immediate dominator,
//!   and an edge to an earlier (or the same) block is a back edge to a loop header that
//!   dominates its source;
//! - a phi has one input per predecessor, each defined in a block dominating that
//!   predecessor; every other input is defined earlier in the same block or in a dominating
//!   block, and has a value;
//! - the stored dominators and use counts are what recomputing them gives.

use crate::graph::{is_terminator, output_rep, BlockIndex, Graph, OpIndex};
use ir::ops::Op;
use ir::verify::{Location, VerifyError};

/// Checks `g`; returns every problem found, each located at its block, edge or op.
pub fn verify<G>(g: &Graph<G>) -> Result<(), Vec<VerifyError>> {
    let mut errors = Vec::new();
    let mut err = |e: VerifyError| errors.push(e);
    if g.block_count() == 0 {
        return Err(vec![VerifyError::new(Location::Function, "graph has no blocks")]);
    }
    // Ranges.
    let mut next = 0u32;
    for b in g.blocks() {
        let (begin, end) = g.range(b);
        if begin != next {
            err(VerifyError::new(Location::GraphBlock(b.id()), format!("range starts at {begin}, expected {next}")));
        }
        next = end;
        if end <= begin {
            err(VerifyError::new(Location::GraphBlock(b.id()), "empty block"));
            continue;
        }
        let mut seen_non_phi = false;
        for i in g.ops_of(b) {
            if g.block_of(i) != b {
                err(VerifyError::new(Location::Op(i.id()), format!("recorded in {} but inside {b}", g.block_of(i))));
            }
            let term = is_terminator(g.opcode(i));
            if term != (i.id() == end - 1) {
                err(VerifyError::new(Location::GraphBlock(b.id()), format!("terminator misplaced at {i} ({})", g.op(i))));
            }
            if matches!(g.op(i), Op::Phi { .. }) {
                if seen_non_phi {
                    err(VerifyError::new(Location::Op(i.id()), format!("phi after a non-phi in {b}")));
                }
            } else {
                seen_non_phi = true;
            }
        }
    }
    if next as usize != g.op_count() {
        err(VerifyError::new(Location::Function, format!("blocks cover {next} of {} ops", g.op_count())));
    }
    // Edges.
    let mut expected_preds: Vec<Vec<BlockIndex<G>>> = vec![Vec::new(); g.block_count()];
    for b in g.blocks() {
        let want = match g.terminator(b).map(|t| g.op(t)) {
            Some(Op::Goto) => 1,
            Some(Op::Branch { .. }) | Some(Op::CheckException) => 2,
            _ => 0,
        };
        if g.succs(b).len() != want {
            err(VerifyError::new(Location::GraphBlock(b.id()), format!("{} successors for its terminator", g.succs(b).len())));
        }
        for &s in g.succs(b) {
            if s.ix() >= g.block_count() {
                err(VerifyError::new(Location::GraphBlock(b.id()), format!("successor {s} out of range")));
                continue;
            }
            expected_preds[s.ix()].push(b);
        }
    }
    for b in g.blocks() {
        let mut have = g.preds(b).to_vec();
        let mut want = expected_preds[b.ix()].clone();
        have.sort();
        want.sort();
        if have != want {
            err(VerifyError::new(Location::GraphBlock(b.id()), format!("predecessors {:?}, edges say {:?}", g.preds(b), expected_preds[b.ix()])));
        }
    }
    if !g.preds(g.entry()).is_empty() {
        err(VerifyError::new(Location::Function, "the entry block has predecessors"));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut err = |e: VerifyError| errors.push(e);
    // Reachability and dominators.
    let mut recomputed = g.clone();
    recomputed.compute_dominators();
    for b in g.blocks() {
        if b != g.entry() && recomputed.idom(b).is_none() {
            err(VerifyError::new(Location::GraphBlock(b.id()), "unreachable"));
            continue;
        }
        if recomputed.idom(b) != g.idom(b) {
            err(VerifyError::new(Location::GraphBlock(b.id()), format!("stored idom {:?}, recomputed {:?}", g.idom(b), recomputed.idom(b))));
        }
        if let Some(d) = g.idom(b) {
            if d >= b {
                err(VerifyError::new(Location::GraphBlock(b.id()), format!("comes before its immediate dominator {d}")));
            }
        }
        for &s in g.succs(b) {
            if s <= b && !g.is_back_edge(b, s) {
                err(VerifyError::new(Location::Edge { from: b.id(), to: s.id() }, "backward edge that is not a loop back edge"));
            }
        }
    }
    // SSA.
    let mut uses = vec![0u32; g.op_count()];
    for b in g.blocks() {
        for i in g.ops_of(b) {
            let phi = matches!(g.op(i), Op::Phi { .. });
            if phi && g.inputs(i).len() != g.preds(b).len() {
                err(VerifyError::new(Location::Op(i.id()), format!("phi with {} inputs in {b} with {} predecessors", g.inputs(i).len(), g.preds(b).len())));
            }
            for (k, &x) in g.inputs(i).iter().enumerate() {
                if x.ix() >= g.op_count() {
                    err(VerifyError::new(Location::Op(i.id()), format!("input {x} out of range")));
                    continue;
                }
                uses[x.ix()] += 1;
                // `CheckException` names the op that may throw, which need not have a value
                // (a store); every other input is a value.
                if output_rep(g.op(x)).is_none() && *g.op(i) != Op::CheckException {
                    err(VerifyError::new(Location::Op(i.id()), format!("input {x} ({}) has no value", g.op(x))));
                }
                let def = g.block_of(x);
                let ok = if phi {
                    g.preds(b).get(k).is_some_and(|&p| g.dominates(def, p))
                } else {
                    (def == b && x < i) || (def != b && g.dominates(def, b))
                };
                if !ok {
                    err(VerifyError::new(Location::Op(i.id()), format!("input {x} does not dominate its use ({})", g.op(i))));
                }
            }
        }
    }
    for i in g.all_ops() {
        let want = uses[i.ix()].min(255) as u8;
        if g.uses(i) != want {
            err(VerifyError::new(Location::Op(i.id()), format!("use count {} but {} uses", g.uses(i), want)));
        }
    }
    let _ = OpIndex::<G>::INVALID;
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
