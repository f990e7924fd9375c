//! Machine optimization: constant folding, algebraic simplification, strength reduction and
//! reassociation of machine ops (Turboshaft's `MachineOptimizationReducer`, TurboFan's
//! `MachineOperatorReducer` and `ConstantFoldingReducer` on the sea-of-nodes side).
//!
//! The contract: an op is replaced only by ops computing the same bits on every input.
//!
//! - **Int32**: constants fold with wrapping arithmetic; a constant operand of a commutative
//!   op moves to the right; `x + 0`, `x - 0`, `x * 1`, `x | 0`, `x ^ 0`, `x & -1`, `x << 0`,
//!   `x >> 0` are `x`; `x * 0` is `0`; `x - c` is `x + (-c)`; `(x + c1) + c2` is
//!   `x + (c1 + c2)` (reassociation); `x * 2^k` is `x << k` and `x * -1` is `0 - x`
//!   (strength reduction); division and remainder fold when defined.
//! - **Float64**: constants fold with IEEE semantics (JS's); `x - 0`, `x + (-0)`, `x * 1`,
//!   `x / 1` are `x` (not `x + 0`: `-0 + 0` is `+0`). `**` does not fold (JS and IEEE `pow`
//!   differ on NaN exponents of ±1).
//! - **Conversions** of constants fold; tag/untag pairs cancel (`UntagInt32(TagInt32(x))`
//!   is `x`, and the simplified `Change*` pairs likewise).
//! - Folded constants are the values [`ir::fold`] gives, the machine semantics the LIR
//!   evaluator runs and the sea-of-nodes machine reducer folds with.
//! - **Bits**: conditions known from constants (see [`super::known_bit`]) fold `Select`,
//!   `Branch` (into `Goto`) and drop `DeoptimizeIf`/`DeoptimizeUnless` that cannot fire;
//!   `TaggedEqual(TagBit(b), true)` is `b`.

use ir::fold;
use ir::ops::{Op, F64};
use ir::tagged;

use super::{float64_const, int32_const, known_bit, tagged_const};
use crate::assembler::{Assembler, Label, Reducer, Reduction, V};

/// The machine-optimization reducer (`machine-opt`).
#[derive(Default)]
pub struct MachineOptimization;

/// The constant an int32 op computes when both inputs are constants ([`fold::int32_binary`]),
/// emitted; division and remainder only for a non-zero divisor and not for `MIN / -1` or
/// `MIN % -1`, the inputs where the total machine semantics departs from integer division.
fn fold_int32(asm: &mut Assembler<'_>, op: &Op, x: V, y: V) -> Option<V> {
    let (a, b) = (int32_const(asm, x)?, int32_const(asm, y)?);
    if matches!(op, Op::Int32Div | Op::Int32Mod) && (b == 0 || (a == i32::MIN && b == -1)) {
        return None;
    }
    fold::int32_binary(op.opcode(), a, b).map(|k| asm.int32(k))
}

/// The constant a float64 op computes when both inputs are constants
/// ([`fold::float64_binary`]), emitted.
fn fold_float64(asm: &mut Assembler<'_>, op: &Op, x: V, y: V) -> Option<V> {
    let (a, b) = (float64_const(asm, x)?, float64_const(asm, y)?);
    fold::float64_binary(op.opcode(), a, b).map(|k| asm.float64(k))
}

fn replace(v: V) -> Reduction {
    Reduction::Replace(v)
}

impl MachineOptimization {
    /// `x + y` on int32 with the rules above; `None` if nothing applies.
    fn int32_add(asm: &mut Assembler<'_>, x: V, y: V) -> Option<V> {
        if let Some(k) = fold_int32(asm, &Op::Int32Add, x, y) {
            return Some(k);
        }
        let (cx, cy) = (int32_const(asm, x), int32_const(asm, y));
        if cx.is_some() {
            return Some(Self::int32_add(asm, y, x).unwrap_or_else(|| asm.next(Op::Int32Add, &[y, x])));
        }
        let c = cy?;
        if c == 0 {
            return Some(x);
        }
        if matches!(asm.op(x), Op::Int32Add) {
            let (a, b) = (asm.inputs(x)[0], asm.inputs(x)[1]);
            if let Some(c1) = int32_const(asm, b) {
                let k = asm.int32(c1.wrapping_add(c));
                return Some(Self::int32_add(asm, a, k).unwrap_or_else(|| asm.next(Op::Int32Add, &[a, k])));
            }
        }
        None
    }

    fn commutative_word(asm: &mut Assembler<'_>, op: Op, x: V, y: V) -> Option<V> {
        if let Some(k) = fold_int32(asm, &op, x, y) {
            return Some(k);
        }
        let (cx, cy) = (int32_const(asm, x), int32_const(asm, y));
        if cx.is_some() {
            return Some(Self::commutative_word(asm, op, y, x).unwrap_or_else(|| asm.next(op, &[y, x])));
        }
        let c = cy?;
        match (op, c) {
            (Op::Int32Mul, 1) | (Op::Word32And, -1) | (Op::Word32Or, 0) | (Op::Word32Xor, 0) => Some(x),
            (Op::Int32Mul, 0) | (Op::Word32And, 0) => Some(y),
            (Op::Int32Mul, -1) => {
                let zero = asm.int32(0);
                Some(asm.emit(Op::Int32Sub, &[zero, x]))
            }
            (Op::Int32Mul, c) if c > 1 && (c as u32).is_power_of_two() => {
                let k = asm.int32(c.trailing_zeros() as i32);
                Some(asm.emit(Op::Word32Shl, &[x, k]))
            }
            _ => None,
        }
    }
}

impl Reducer for MachineOptimization {
    fn name(&self) -> &'static str {
        "machine-opt"
    }

    fn reduce(&mut self, asm: &mut Assembler<'_>, op: &Op, ins: &[V]) -> Reduction {
        let i = |k: usize| ins[k];
        let r = match *op {
            Op::Int32Add => Self::int32_add(asm, i(0), i(1)),
            Op::Int32Sub => {
                match (fold_int32(asm, op, i(0), i(1)), int32_const(asm, i(1))) {
                    (Some(k), _) => Some(k),
                    (_, Some(0)) => Some(i(0)),
                    (_, Some(c)) if c != i32::MIN => {
                        let k = asm.int32(-c);
                        Some(Self::int32_add(asm, i(0), k).unwrap_or_else(|| asm.next(Op::Int32Add, &[i(0), k])))
                    }
                    _ => None,
                }
            }
            Op::Int32Mul | Op::Word32And | Op::Word32Or | Op::Word32Xor => Self::commutative_word(asm, *op, i(0), i(1)),
            Op::Word32Shl | Op::Word32Sar | Op::Word32Shr => {
                match (fold_int32(asm, op, i(0), i(1)), int32_const(asm, i(1))) {
                    (Some(k), _) => Some(k),
                    (_, Some(b)) if b & 31 == 0 => Some(i(0)),
                    _ => None,
                }
            }
            Op::Int32Div | Op::Int32Mod => fold_int32(asm, op, i(0), i(1)),
            Op::Float64Add | Op::Float64Sub | Op::Float64Mul | Op::Float64Div | Op::Float64Mod => {
                let cy = float64_const(asm, i(1));
                match (op, fold_float64(asm, op, i(0), i(1)), cy) {
                    (_, Some(k), _) => Some(k),
                    (Op::Float64Sub, _, Some(b)) if b == 0.0 && b.is_sign_positive() => Some(i(0)),
                    (Op::Float64Add, _, Some(b)) if b == 0.0 && b.is_sign_negative() => Some(i(0)),
                    (Op::Float64Mul | Op::Float64Div, _, Some(1.0)) => Some(i(0)),
                    _ => None,
                }
            }
            Op::Float64Neg => float64_const(asm, i(0)).map(|a| asm.float64(-a)),
            Op::ChangeInt32ToFloat64 => int32_const(asm, i(0)).map(|a| asm.float64(a as f64)),
            Op::ChangeUint32ToFloat64 => int32_const(asm, i(0)).map(|a| asm.float64(a as u32 as f64)),
            Op::TruncateFloat64ToWord32 => match *asm.op(i(0)) {
                Op::Float64Constant { value } => Some(asm.int32(jsnum::to_int32(value.0))),
                Op::ChangeInt32ToFloat64 => Some(asm.inputs(i(0))[0]),
                _ => None,
            },
            Op::TagInt32 | Op::ChangeInt32ToTagged => {
                int32_const(asm, i(0)).map(|a| asm.tagged(tagged::from_int32(a)))
            }
            Op::UntagInt32 | Op::ChangeTaggedToInt32 => match *asm.op(i(0)) {
                Op::TagInt32 | Op::ChangeInt32ToTagged => Some(asm.inputs(i(0))[0]),
                _ => match tagged_const(asm, i(0)) {
                    Some(bits) if tagged::is_int32(bits) => Some(asm.int32(tagged::to_int32(bits))),
                    _ => None,
                },
            },
            Op::UntagNumber | Op::ChangeTaggedToFloat64 => match *asm.op(i(0)) {
                Op::TagFloat64 | Op::ChangeFloat64ToTagged => Some(asm.inputs(i(0))[0]),
                Op::TagInt32 | Op::ChangeInt32ToTagged => {
                    let x = asm.inputs(i(0))[0];
                    Some(asm.emit(Op::ChangeInt32ToFloat64, &[x]))
                }
                _ => match tagged_const(asm, i(0)) {
                    Some(bits) if tagged::is_number(bits) => Some(asm.float64(tagged::to_f64(bits))),
                    _ => None,
                },
            },
            Op::ChangeTaggedToBit => match *asm.op(i(0)) {
                Op::ChangeBitToTagged | Op::TagBit => Some(asm.inputs(i(0))[0]),
                _ => None,
            },
            Op::TaggedEqual => {
                let bit_of = |asm: &Assembler<'_>, a: V, b: V| -> Option<V> {
                    let is_tag_bit = matches!(asm.op(a), Op::TagBit | Op::ChangeBitToTagged);
                    (is_tag_bit && tagged_const(asm, b) == Some(tagged::TRUE)).then(|| asm.inputs(a)[0])
                };
                bit_of(asm, i(0), i(1)).or_else(|| bit_of(asm, i(1), i(0)))
            }
            Op::Select { .. } => match known_bit(asm, i(0)) {
                Some(true) => Some(i(1)),
                Some(false) => Some(i(2)),
                None if i(1) == i(2) => Some(i(1)),
                None => None,
            },
            Op::DeoptimizeIf { .. } if known_bit(asm, i(0)) == Some(false) => Some(V::INVALID),
            Op::DeoptimizeUnless { .. } if known_bit(asm, i(0)) == Some(true) => Some(V::INVALID),
            Op::Phi { .. } if !ins.is_empty() && ins.iter().all(|&x| x == ins[0]) => Some(ins[0]),
            _ => None,
        };
        r.map_or(Reduction::NoChange, replace)
    }

    fn reduce_branch(&mut self, asm: &mut Assembler<'_>, cond: V, if_true: Label, if_false: Label) -> bool {
        match known_bit(asm, cond) {
            Some(b) => {
                asm.goto(if b { if_true } else { if_false });
                true
            }
            None => false,
        }
    }
}

/// A `Float64Constant` op (for tests).
pub fn f64_op(x: f64) -> Op {
    Op::Float64Constant { value: F64(x) }
}
