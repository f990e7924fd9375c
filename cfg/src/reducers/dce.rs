//! Dead-code elimination (Turboshaft's `DeadCodeEliminationReducer`, the sea-of-nodes
//! `DeadCodeElimination`).
//!
//! Contract: an op is not copied when nothing that must stay needs its value. Before the copy
//! it marks the ops that must stay — terminators, and every op with an observable effect
//! (a write other than allocation, a possible exit or throw) — then, backwards, every input
//! of a marked op. Everything unmarked is dropped: unused pure ops and loads, frame states
//! no check refers to any more, and cycles of loop phis that only feed each other (which a
//! use count cannot see). Unreachable blocks need no analysis: the copying phase never
//! visits a block no emitted jump reaches.

use ir::ops::AliasSet;

use crate::assembler::{Reducer, Stats};
use crate::graph::{is_terminator, Graph, Input, OpIndex};
use crate::phis::RedundantPhis;

/// The dead-code reducer (`dce`).
#[derive(Default)]
pub struct DeadCodeElimination {
    live: Vec<bool>,
}

/// True if `op` must be kept even when its value is unused.
pub fn is_required_when_unused(op: &ir::ops::Op) -> bool {
    let e = op.effects();
    is_terminator(op.opcode())
        || e.control
        || e.can_deopt
        || e.can_throw
        || !AliasSet(e.writes.0 & !AliasSet::ALLOCATION.0).is_empty()
}

impl Reducer for DeadCodeElimination {
    fn name(&self) -> &'static str {
        "dce"
    }

    fn analyze(&mut self, input: &Graph<Input>, _phis: &RedundantPhis, _stats: &mut Stats) {
        self.live = vec![false; input.op_count()];
        let mut work: Vec<OpIndex<Input>> = Vec::new();
        for i in input.all_ops() {
            if is_required_when_unused(input.op(i)) {
                self.live[i.ix()] = true;
                work.push(i);
            }
        }
        while let Some(i) = work.pop() {
            for &x in input.inputs(i) {
                if !self.live[x.ix()] {
                    self.live[x.ix()] = true;
                    work.push(x);
                }
            }
        }
    }

    fn skip_input_op(&mut self, _input: &Graph<Input>, op: OpIndex<Input>) -> bool {
        !self.live[op.ix()]
    }
}
