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
//!
//! Uses: a `Branch` on a decided condition becomes a `Goto` (a repeated dominated condition
//! folds); `DeoptimizeIf/Unless` that cannot fire disappear; a `Select` on a decided bit
//! picks its arm; int32 comparisons with a constant that the ranges decide count as decided;
//! `CheckedInt32Add` / `CheckedInt32Sub` whose operand ranges cannot overflow become
//! `Int32Add` / `Int32Sub` (the highlight: `if (x < 42) x + 1` needs no overflow check).

use ir::hash::IdHashMap;

use ir::ops::Op;
use ir::types::Type;

use super::{int32_const, known_bit};
use crate::assembler::{Assembler, Label, Reducer, Reduction, V};

const I32_MIN: f64 = i32::MIN as f64;
const I32_MAX: f64 = i32::MAX as f64;

#[derive(Clone, Copy, Debug)]
enum Undo {
    Bit(V, Option<bool>),
    Range(V, Option<(f64, f64)>),
}

/// The branch-elimination reducer (`branch-elim`).
#[derive(Default)]
pub struct BranchElimination {
    bits: IdHashMap<V, bool>,
    ranges: IdHashMap<V, (f64, f64)>,
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
        let (ka, kb) = (int32_const(asm, a).map(f64::from), int32_const(asm, b).map(f64::from));
        match (*asm.op(cond), value) {
            (Op::Int32LessThan, true) => {
                if let Some(k) = kb {
                    self.narrow(asm, a, (I32_MIN, k - 1.0));
                }
                if let Some(k) = ka {
                    self.narrow(asm, b, (k + 1.0, I32_MAX));
                }
            }
            (Op::Int32LessThan, false) => {
                if let Some(k) = kb {
                    self.narrow(asm, a, (k, I32_MAX));
                }
                if let Some(k) = ka {
                    self.narrow(asm, b, (I32_MIN, k));
                }
            }
            (Op::Int32LessThanOrEqual, true) => {
                if let Some(k) = kb {
                    self.narrow(asm, a, (I32_MIN, k));
                }
                if let Some(k) = ka {
                    self.narrow(asm, b, (k, I32_MAX));
                }
            }
            (Op::Int32LessThanOrEqual, false) => {
                if let Some(k) = kb {
                    self.narrow(asm, a, (k + 1.0, I32_MAX));
                }
                if let Some(k) = ka {
                    self.narrow(asm, b, (I32_MIN, k - 1.0));
                }
            }
            (Op::Word32Equal, true) => {
                if let Some(k) = kb {
                    self.narrow(asm, a, (k, k));
                }
                if let Some(k) = ka {
                    self.narrow(asm, b, (k, k));
                }
            }
            _ => {}
        }
    }

    fn narrow(&mut self, asm: &Assembler<'_>, v: V, (lo, hi): (f64, f64)) {
        let (a, b) = self.range(asm, v);
        let new = (a.max(lo), b.min(hi));
        let old = self.ranges.insert(v, new);
        self.facts_updated += (old != Some(new)) as u64;
        self.log.push(Undo::Range(v, old));
    }

    /// The int32 range of `v` (read as signed): its type's, narrowed by the facts.
    pub fn range(&self, asm: &Assembler<'_>, v: V) -> (f64, f64) {
        let base = if let Some(c) = int32_const(asm, v) {
            (c as f64, c as f64)
        } else {
            let t = asm.type_of(v);
            match t.integer_bounds() {
                Some(b) if t.is(Type::SIGNED32) => b,
                _ => (I32_MIN, I32_MAX),
            }
        };
        match self.ranges.get(&v) {
            Some(&(lo, hi)) => (base.0.max(lo), base.1.min(hi)),
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
        let (a, b) = (self.range(asm, ins[0]), self.range(asm, ins[1]));
        match asm.op(cond) {
            Op::Int32LessThan if a.1 < b.0 => Some(true),
            Op::Int32LessThan if a.0 >= b.1 => Some(false),
            Op::Int32LessThanOrEqual if a.1 <= b.0 => Some(true),
            Op::Int32LessThanOrEqual if a.0 > b.1 => Some(false),
            _ => None,
        }
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
                let (a, b) = (self.range(asm, ins[0]), self.range(asm, ins[1]));
                let (lo, hi, plain) = if matches!(op, Op::CheckedInt32Add) {
                    (a.0 + b.0, a.1 + b.1, Op::Int32Add)
                } else {
                    (a.0 - b.1, a.1 - b.0, Op::Int32Sub)
                };
                if lo >= I32_MIN && hi <= I32_MAX {
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
