//! Branch elimination with control-dependent facts (Turboshaft's `BranchEliminationReducer`;
//! on the sea-of-nodes side `BranchElimination` plus the range facts of the typer).
//!
//! Contract: a fact learned on the path to a block holds in every block it dominates, and
//! an op whose outcome the facts decide is replaced by that outcome.
//!
//! Facts come from two places, scoped by the dominator tree exactly like value numbering
//! (one scope per output block, popped when a non-dominated block is bound):
//! - **branch edges**: a block whose only predecessor ends in `Branch(c)` (with two distinct
//!   targets) knows `c` is true or false;
//! - **passed checks**: after `DeoptimizeUnless(c)` the rest of the block (and what it
//!   dominates) knows `c` is true; after `DeoptimizeIf(c)`, false.
//!
//! A fact about an int32 comparison with a constant (`x < k`, `x <= k`, `k < x`, `x == k`, and
//! their negations) also narrows the *range* of `x`. Ranges start from the value's type
//! ([`ir::typing::type_op`], computed when the op was emitted) and are narrowed by the facts.
//! What a fact says about a range and what ranges decide is [`midend::ranges`], shared with
//! the sea of nodes' `branch-elim` under `pin=on`.
//!
//! Uses: a `Branch` on a decided condition becomes a `Goto` (a repeated dominated condition
//! folds); `DeoptimizeIf/Unless` that cannot fire disappear; a `Select` on a decided bit
//! picks its arm; int32 comparisons with a constant that the ranges decide count as decided;
//! `CheckedInt32Add` / `CheckedInt32Sub` whose operand ranges cannot overflow become
//! `Int32Add` / `Int32Sub` (the highlight: `if (x < 42) x + 1` needs no overflow check).

use ir::hash::IdHashMap;

use ir::ops::Op;
use midend::ranges::{self, Range};

use super::{int32_const, known_bit};
use crate::assembler::{Assembler, Label, Reducer, Reduction, V};

#[derive(Clone, Copy, Debug)]
enum Undo {
    Bit(V, Option<bool>),
    Range(V, Option<Range>),
}

/// The branch-elimination reducer (`branch-elim`).
#[derive(Default)]
pub struct BranchElimination {
    bits: IdHashMap<V, bool>,
    ranges: IdHashMap<V, Range>,
    /// Undo log: what each fact replaced.
    log: Vec<Undo>,
    scopes: Vec<(Label, usize)>,
    /// Facts learned or changed (claim C1's state changes).
    facts_updated: u64,
}

impl BranchElimination {
    fn learn_bit(&mut self, asm: &Assembler<'_>, cond: V, value: bool) {
        let old = self.bits.insert(cond, value);
        self.facts_updated += (old != Some(value)) as u64;
        self.log.push(Undo::Bit(cond, old));
        let ins = asm.inputs(cond);
        if ins.len() != 2 {
            return;
        }
        let (a, b) = (ins[0], ins[1]);
        let [ra, rb] = ranges::implied(asm.op(cond), value, int32_const(asm, a), int32_const(asm, b));
        if let Some(r) = ra {
            self.narrow(asm, a, r);
        }
        if let Some(r) = rb {
            self.narrow(asm, b, r);
        }
    }

    fn narrow(&mut self, asm: &Assembler<'_>, v: V, by: Range) {
        let new = ranges::meet(self.range(asm, v), by);
        let old = self.ranges.insert(v, new);
        self.facts_updated += (old != Some(new)) as u64;
        self.log.push(Undo::Range(v, old));
    }

    /// The int32 range of `v` (read as signed): its type's, narrowed by the facts.
    pub fn range(&self, asm: &Assembler<'_>, v: V) -> Range {
        let base = ranges::base(int32_const(asm, v), Some(asm.type_of(v)));
        match self.ranges.get(&v) {
            Some(&r) => ranges::meet(base, r),
            None => base,
        }
    }

    /// The value of the bit `cond` on every path through here, if the facts decide it.
    pub fn decide(&self, asm: &Assembler<'_>, cond: V) -> Option<bool> {
        if let Some(&b) = self.bits.get(&cond) {
            return Some(b);
        }
        if let Some(b) = known_bit(asm, cond) {
            return Some(b);
        }
        let ins = asm.inputs(cond);
        if ins.len() != 2 {
            return None;
        }
        ranges::decide_compare(asm.op(cond), self.range(asm, ins[0]), self.range(asm, ins[1]))
    }
}

impl Reducer for BranchElimination {
    fn name(&self) -> &'static str {
        "branch-elim"
    }

    fn state_changes(&self) -> u64 {
        self.facts_updated
    }

    fn bind_block(&mut self, asm: &mut Assembler<'_>, block: Label) {
        while let Some(&(b, len)) = self.scopes.last() {
            if asm.graph().dominates(b, block) {
                break;
            }
            for undo in self.log.drain(len..).rev() {
                match undo {
                    Undo::Bit(v, Some(old)) => {
                        self.bits.insert(v, old);
                    }
                    Undo::Bit(v, None) => {
                        self.bits.remove(&v);
                    }
                    Undo::Range(v, Some(old)) => {
                        self.ranges.insert(v, old);
                    }
                    Undo::Range(v, None) => {
                        self.ranges.remove(&v);
                    }
                }
            }
            self.scopes.pop();
        }
        self.scopes.push((block, self.log.len()));
        let g = asm.graph();
        if let [p] = *g.preds(block) {
            if let Some(t) = g.terminator(p) {
                if matches!(g.op(t), Op::Branch { .. }) && g.succs(p)[0] != g.succs(p)[1] {
                    let cond = g.inputs(t)[0];
                    let value = g.succs(p)[0] == block;
                    self.learn_bit(asm, cond, value);
                }
            }
        }
    }

    fn reduce(&mut self, asm: &mut Assembler<'_>, op: &Op, ins: &[V]) -> Reduction {
        match *op {
            Op::DeoptimizeIf { .. } | Op::DeoptimizeUnless { .. } => {
                let fires_when = matches!(op, Op::DeoptimizeIf { .. });
                if let Some(b) = self.decide(asm, ins[0]) {
                    if b != fires_when {
                        return Reduction::Replace(V::INVALID);
                    }
                    return Reduction::NoChange;
                }
                let v = asm.next(*op, ins);
                self.learn_bit(asm, ins[0], !fires_when);
                Reduction::Emitted(v)
            }
            Op::Select { .. } => match self.decide(asm, ins[0]) {
                Some(true) => Reduction::Replace(ins[1]),
                Some(false) => Reduction::Replace(ins[2]),
                None => Reduction::NoChange,
            },
            Op::CheckedInt32Add | Op::CheckedInt32Sub => {
                let add = matches!(op, Op::CheckedInt32Add);
                let plain = if add { Op::Int32Add } else { Op::Int32Sub };
                if ranges::no_overflow(add, self.range(asm, ins[0]), self.range(asm, ins[1])) {
                    Reduction::Replace(asm.emit(plain, &ins[..2]))
                } else {
                    Reduction::NoChange
                }
            }
            _ => Reduction::NoChange,
        }
    }

    fn reduce_branch(&mut self, asm: &mut Assembler<'_>, cond: V, if_true: Label, if_false: Label) -> bool {
        match self.decide(asm, cond) {
            Some(b) => {
                asm.goto(if b { if_true } else { if_false });
                true
            }
            None => false,
        }
    }
}
