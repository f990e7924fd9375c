//! Machine optimization (TurboFan's `MachineOperatorReducer`; the file and type are named
//! after Turboshaft's `MachineOptimizationReducer`, as the CFG side's `cfg::reducers::machine_opt`):
//! constant folding (with JavaScript's int32 and float64 semantics), algebraic
//! simplification, strength reduction and reassociation, plus the folding of representation
//! changes that cancel.
//!
//! Rules, on int32 words (wrapping like the machine):
//!
//! - constants fold: `Int32Add(3, 4)` → `7`, comparisons to a bit constant (`Int32Constant`
//!   0 or 1), division and remainder when the divisor is neither 0 nor -1;
//! - identities: `x + 0`, `x - 0`, `x * 1`, `x | 0`, `x ^ 0`, `x & -1`, `x << 0`, `x >> 0`,
//!   `x >>> 0` → `x`; `x * 0` → `0`, `x & 0` → `0`; `x == x` → `1`, `x < x` → `0`;
//! - a constant operand of a commutative op moves to the right (in place);
//! - strength reduction: `x * 2^k` → `x << k`;
//! - reassociation: `(x + k1) + k2` → `x + (k1 + k2)`;
//! - overflow pairs with a neutral constant (`x + 0`, `x - 0`, `x * 1`): the result
//!   projection is `x` and the overflow bit `0`; pairs of constants fold.
//!
//! On float64: constants fold with IEEE semantics (`%` is JS's remainder), `x * 1` → `x`,
//! `x + -0` → `x`.
//!
//! A folded constant is the value [`ir::fold`] gives, the machine semantics the LIR evaluator
//! runs and the CFG pipeline's machine optimization folds with.
//!
//! Representation changes: `UntagInt32(TagInt32(x))` → `x`, `UntagNumber(TagFloat64(x))`
//! → `x`, `UntagNumber(TagInt32(x))` → `ChangeInt32ToFloat64(x)`, tag tests of tagged
//! nodes whose tag is known (`IsInt32(TagInt32(_))` → `1`), tagging and untagging of
//! constants, `TaggedEqual` of constants, and `CallRuntime[ToBoolean]` of a constant.

use ir::fold;
use ir::ops::{Op, Opcode, RuntimeFn, F64};
use ir::tagged;

use super::{constant_truthiness, float64_const, int32_const, new_int32, tagged_const};
use crate::graph::{Graph, NodeId};
use crate::reducer::{Editor, Reducer, Reduction};

/// The machine optimization reducer (spec name `machine`, alias `machine-opt`).
#[derive(Default)]
pub struct MachineOptimization;

fn f64k(g: &mut Graph, x: f64) -> NodeId {
    g.add(Op::Float64Constant { value: F64(x) }, &[])
}

fn bitk(g: &mut Graph, b: bool) -> Reduction {
    Reduction::Replace(new_int32(g, b as i32))
}

fn is_commutative(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::Int32Add
            | Opcode::Int32Mul
            | Opcode::Word32And
            | Opcode::Word32Or
            | Opcode::Word32Xor
            | Opcode::Word32Equal
            | Opcode::Float64Add
            | Opcode::Float64Mul
            | Opcode::Int32AddWithOverflow
            | Opcode::Int32MulWithOverflow
    )
}

/// The int32 constant `op` computes on the constants `a` and `b`, if it folds here: every op
/// of [`fold::int32_binary`] (division and remainder only for divisors other than 0 and -1)
/// and the comparisons of [`fold::int32_compare`], as a bit.
fn fold_int32(op: Opcode, a: i32, b: i32) -> Option<i32> {
    if matches!(op, Opcode::Int32Div | Opcode::Int32Mod) && (b == 0 || b == -1) {
        return None;
    }
    fold::int32_binary(op, a, b).or_else(|| fold::int32_compare(op, a, b).map(i32::from))
}

impl MachineOptimization {
    fn binary_int32(&mut self, g: &mut Graph, n: NodeId, op: Opcode) -> Reduction {
        let (mut l, mut r) = (g.input(n, 0), g.input(n, 1));
        if is_commutative(op) && int32_const(g, l).is_some() && int32_const(g, r).is_none() {
            g.set_input(n, 0, r);
            g.set_input(n, 1, l);
            std::mem::swap(&mut l, &mut r);
            return Reduction::Changed;
        }
        let (kl, kr) = (int32_const(g, l), int32_const(g, r));
        if let (Some(a), Some(b)) = (kl, kr) {
            if let Some(v) = fold_int32(op, a, b) {
                return Reduction::Replace(new_int32(g, v));
            }
        }
        if l == r {
            match op {
                Opcode::Word32Equal | Opcode::Int32LessThanOrEqual => return bitk(g, true),
                Opcode::Int32LessThan | Opcode::Uint32LessThan => return bitk(g, false),
                Opcode::Word32Xor | Opcode::Int32Sub => return Reduction::Replace(new_int32(g, 0)),
                Opcode::Word32And | Opcode::Word32Or => return Reduction::Replace(l),
                _ => {}
            }
        }
        let Some(k) = kr else { return Reduction::NoChange };
        match (op, k) {
            (Opcode::Int32Add | Opcode::Int32Sub | Opcode::Word32Or | Opcode::Word32Xor, 0)
            | (Opcode::Word32Shl | Opcode::Word32Sar | Opcode::Word32Shr, 0)
            | (Opcode::Int32Mul, 1)
            | (Opcode::Word32And, -1) => Reduction::Replace(l),
            (Opcode::Int32Mul | Opcode::Word32And, 0) => Reduction::Replace(r),
            (Opcode::Int32Mul, k) if k > 1 && (k as u32).is_power_of_two() => {
                let shift = new_int32(g, k.trailing_zeros() as i32);
                g.set_op(n, Op::Word32Shl);
                g.set_input(n, 1, shift);
                Reduction::Changed
            }
            (Opcode::Int32Add, k2) => {
                // (x + k1) + k2 → x + (k1 + k2)
                if g.opcode(l) == Opcode::Int32Add {
                    if let Some(k1) = int32_const(g, g.input(l, 1)) {
                        let x = g.input(l, 0);
                        let sum = new_int32(g, k1.wrapping_add(k2));
                        g.set_input(n, 0, x);
                        g.set_input(n, 1, sum);
                        return Reduction::Changed;
                    }
                }
                Reduction::NoChange
            }
            _ => Reduction::NoChange,
        }
    }

    fn projection(&mut self, g: &mut Graph, n: NodeId, index: u8) -> Reduction {
        let pair = g.input(n, 0);
        let op = g.opcode(pair);
        if !matches!(op, Opcode::Int32AddWithOverflow | Opcode::Int32SubWithOverflow | Opcode::Int32MulWithOverflow) {
            return Reduction::NoChange;
        }
        let (l, r) = (g.input(pair, 0), g.input(pair, 1));
        let (kl, kr) = (int32_const(g, l), int32_const(g, r));
        if let (Some(a), Some(b)) = (kl, kr) {
            if let Some((v, o)) = fold::int32_overflowing(op, a, b) {
                return Reduction::Replace(new_int32(g, if index == 0 { v } else { o as i32 }));
            }
        }
        let neutral = matches!(
            (op, kr),
            (Opcode::Int32AddWithOverflow | Opcode::Int32SubWithOverflow, Some(0)) | (Opcode::Int32MulWithOverflow, Some(1))
        );
        if neutral {
            return if index == 0 { Reduction::Replace(l) } else { Reduction::Replace(new_int32(g, 0)) };
        }
        Reduction::NoChange
    }
}

impl Reducer for MachineOptimization {
    fn name(&self) -> &'static str {
        "machine"
    }

    fn reduce(&mut self, g: &mut Graph, n: NodeId, _ed: &mut Editor) -> Reduction {
        let op = g.opcode(n);
        match op {
            Opcode::Int32Add
            | Opcode::Int32Sub
            | Opcode::Int32Mul
            | Opcode::Int32Div
            | Opcode::Int32Mod
            | Opcode::Word32And
            | Opcode::Word32Or
            | Opcode::Word32Xor
            | Opcode::Word32Shl
            | Opcode::Word32Sar
            | Opcode::Word32Shr
            | Opcode::Word32Equal
            | Opcode::Int32LessThan
            | Opcode::Int32LessThanOrEqual
            | Opcode::Uint32LessThan => self.binary_int32(g, n, op),
            Opcode::Int32AddWithOverflow | Opcode::Int32MulWithOverflow => {
                let (l, r) = (g.input(n, 0), g.input(n, 1));
                if int32_const(g, l).is_some() && int32_const(g, r).is_none() {
                    g.set_input(n, 0, r);
                    g.set_input(n, 1, l);
                    return Reduction::Changed;
                }
                Reduction::NoChange
            }
            Opcode::Projection => {
                let Op::Projection { index } = g.op(n) else { unreachable!("the opcode is Projection") };
                self.projection(g, n, index)
            }
            Opcode::Float64Add | Opcode::Float64Sub | Opcode::Float64Mul | Opcode::Float64Div | Opcode::Float64Mod => {
                let (l, r) = (g.input(n, 0), g.input(n, 1));
                if is_commutative(op) && float64_const(g, l).is_some() && float64_const(g, r).is_none() {
                    g.set_input(n, 0, r);
                    g.set_input(n, 1, l);
                    return Reduction::Changed;
                }
                let (kl, kr) = (float64_const(g, l), float64_const(g, r));
                if let Some(v) = kl.zip(kr).and_then(|(a, b)| fold::float64_binary(op, a, b)) {
                    return Reduction::Replace(f64k(g, v));
                }
                match kr {
                    Some(b) if op == Opcode::Float64Mul && b == 1.0 => Reduction::Replace(l),
                    Some(b) if op == Opcode::Float64Add && b == 0.0 && b.is_sign_negative() => Reduction::Replace(l),
                    _ => Reduction::NoChange,
                }
            }
            Opcode::Float64Neg => match float64_const(g, g.input(n, 0)) {
                Some(a) => Reduction::Replace(f64k(g, -a)),
                None => Reduction::NoChange,
            },
            Opcode::Float64Equal | Opcode::Float64LessThan | Opcode::Float64LessThanOrEqual => {
                let (l, r) = (float64_const(g, g.input(n, 0)), float64_const(g, g.input(n, 1)));
                match l.zip(r).and_then(|(a, b)| fold::float64_compare(op, a, b)) {
                    Some(bit) => bitk(g, bit),
                    None => Reduction::NoChange,
                }
            }
            Opcode::ChangeInt32ToFloat64 => match int32_const(g, g.input(n, 0)) {
                Some(k) => Reduction::Replace(f64k(g, k as f64)),
                None => Reduction::NoChange,
            },
            Opcode::TruncateFloat64ToWord32 => {
                let x = g.input(n, 0);
                if g.opcode(x) == Opcode::ChangeInt32ToFloat64 {
                    return Reduction::Replace(g.input(x, 0));
                }
                match float64_const(g, x) {
                    Some(v) => Reduction::Replace(new_int32(g, jsnum::to_int32(v))),
                    None => Reduction::NoChange,
                }
            }
            Opcode::TagInt32 => match int32_const(g, g.input(n, 0)) {
                Some(k) => Reduction::Replace(g.add(Op::TaggedConstant { bits: tagged::from_int32(k) }, &[])),
                None => Reduction::NoChange,
            },
            Opcode::TagFloat64 => match float64_const(g, g.input(n, 0)) {
                Some(x) => Reduction::Replace(g.add(Op::TaggedConstant { bits: tagged::from_f64(x) }, &[])),
                None => Reduction::NoChange,
            },
            Opcode::TagBit => match int32_const(g, g.input(n, 0)) {
                Some(k) => Reduction::Replace(g.add(Op::TaggedConstant { bits: tagged::from_bool(k != 0) }, &[])),
                None => Reduction::NoChange,
            },
            Opcode::UntagInt32 => {
                let x = g.input(n, 0);
                if g.opcode(x) == Opcode::TagInt32 {
                    return Reduction::Replace(g.input(x, 0));
                }
                match tagged_const(g, x) {
                    Some(bits) if tagged::is_int32(bits) => Reduction::Replace(new_int32(g, tagged::to_int32(bits))),
                    _ => Reduction::NoChange,
                }
            }
            Opcode::UntagNumber => {
                let x = g.input(n, 0);
                match g.opcode(x) {
                    Opcode::TagFloat64 => return Reduction::Replace(g.input(x, 0)),
                    Opcode::TagInt32 => {
                        let i = g.input(x, 0);
                        return Reduction::Replace(g.add(Op::ChangeInt32ToFloat64, &[i]));
                    }
                    _ => {}
                }
                match tagged_const(g, x) {
                    Some(bits) if tagged::is_number(bits) => Reduction::Replace(f64k(g, tagged::to_f64(bits))),
                    _ => Reduction::NoChange,
                }
            }
            Opcode::IsInt32 | Opcode::IsNumber | Opcode::IsObject | Opcode::IsArray => {
                let x = g.input(n, 0);
                let known = match (op, g.opcode(x)) {
                    (Opcode::IsInt32, Opcode::TagInt32) => Some(true),
                    (Opcode::IsNumber, Opcode::TagInt32 | Opcode::TagFloat64) => Some(true),
                    (Opcode::IsObject | Opcode::IsArray, Opcode::TagInt32 | Opcode::TagFloat64 | Opcode::TagBit) => {
                        Some(false)
                    }
                    _ => tagged_const(g, x).map(|bits| {
                        let tag = tagged::tag_of(bits);
                        match op {
                            Opcode::IsInt32 => tagged::is_int32(bits),
                            Opcode::IsNumber => tagged::is_number(bits),
                            Opcode::IsObject => tag == tagged::TAG_OBJECT,
                            _ => tag == tagged::TAG_ARRAY,
                        }
                    }),
                };
                match known {
                    Some(b) => bitk(g, b),
                    None => Reduction::NoChange,
                }
            }
            Opcode::TaggedEqual => {
                let (l, r) = (g.input(n, 0), g.input(n, 1));
                if l == r {
                    return bitk(g, true);
                }
                match (tagged_const(g, l), tagged_const(g, r)) {
                    (Some(a), Some(b)) => bitk(g, a == b),
                    _ => Reduction::NoChange,
                }
            }
            Opcode::CallRuntime => match g.op(n) {
                Op::CallRuntime { function: RuntimeFn::ToBoolean, .. } => {
                    match tagged_const(g, g.input(n, 0)).and_then(constant_truthiness) {
                        Some(b) => Reduction::Replace(g.add(Op::TaggedConstant { bits: tagged::from_bool(b) }, &[])),
                        None => Reduction::NoChange,
                    }
                }
                _ => Reduction::NoChange,
            },
            _ => Reduction::NoChange,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reducers::matcher::{assert_matches, i32k, Pattern};

    fn reduce(g: &mut Graph, n: NodeId) -> Reduction {
        MachineOptimization.reduce(g, n, &mut Editor::default())
    }

    fn setup() -> (Graph, NodeId) {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = g.add(Op::Parameter { index: 0 }, &[s]);
        let x = g.add(Op::UntagInt32, &[p]);
        (g, x)
    }

    #[test]
    fn identities_and_constant_folding() {
        let (mut g, x) = setup();
        for (op, k) in [(Op::Int32Add, 0), (Op::Int32Sub, 0), (Op::Int32Mul, 1), (Op::Word32Or, 0), (Op::Word32And, -1)] {
            let c = new_int32(&mut g, k);
            let n = g.add(op, &[x, c]);
            assert_eq!(reduce(&mut g, n), Reduction::Replace(x), "{op}");
        }
        let zero = new_int32(&mut g, 0);
        let m = g.add(Op::Int32Mul, &[x, zero]);
        assert_eq!(reduce(&mut g, m), Reduction::Replace(zero));
        let (a, b) = (new_int32(&mut g, i32::MAX), new_int32(&mut g, 1));
        let add = g.add(Op::Int32Add, &[a, b]);
        let Reduction::Replace(r) = reduce(&mut g, add) else { panic!() };
        assert_matches(&g, r, &i32k(i32::MIN));
        let lt = g.add(Op::Int32LessThan, &[b, a]);
        let Reduction::Replace(r) = reduce(&mut g, lt) else { panic!() };
        assert_matches(&g, r, &i32k(1));
        let (f1, f2) = (f64k(&mut g, 5.5), f64k(&mut g, -2.0));
        let fm = g.add(Op::Float64Mod, &[f1, f2]);
        let Reduction::Replace(r) = reduce(&mut g, fm) else { panic!() };
        assert_matches(&g, r, &Pattern::Op(Op::Float64Constant { value: F64(1.5) }, vec![]));
    }

    #[test]
    fn strength_reduction_and_reassociation() {
        let (mut g, x) = setup();
        let eight = new_int32(&mut g, 8);
        let m = g.add(Op::Int32Mul, &[eight, x]);
        assert_eq!(reduce(&mut g, m), Reduction::Changed); // constant to the right
        assert_eq!(reduce(&mut g, m), Reduction::Changed); // strength reduction
        assert_matches(&g, m, &Pattern::Op(Op::Word32Shl, vec![Pattern::Node(x), i32k(3)]));
        let (k1, k2) = (new_int32(&mut g, 3), new_int32(&mut g, 4));
        let inner = g.add(Op::Int32Add, &[x, k1]);
        let outer = g.add(Op::Int32Add, &[inner, k2]);
        assert_eq!(reduce(&mut g, outer), Reduction::Changed);
        assert_matches(&g, outer, &Pattern::Op(Op::Int32Add, vec![Pattern::Node(x), i32k(7)]));
    }

    #[test]
    fn tag_untag_pairs_and_tag_tests_fold() {
        let (mut g, x) = setup();
        let t = g.add(Op::TagInt32, &[x]);
        let u = g.add(Op::UntagInt32, &[t]);
        assert_eq!(reduce(&mut g, u), Reduction::Replace(x));
        let is = g.add(Op::IsInt32, &[t]);
        let Reduction::Replace(r) = reduce(&mut g, is) else { panic!() };
        assert_matches(&g, r, &i32k(1));
        let un = g.add(Op::UntagNumber, &[t]);
        let Reduction::Replace(r) = reduce(&mut g, un) else { panic!() };
        assert_matches(&g, r, &Pattern::Op(Op::ChangeInt32ToFloat64, vec![Pattern::Node(x)]));
        let zero = new_int32(&mut g, 0);
        let pair = g.add(Op::Int32AddWithOverflow, &[x, zero]);
        let p0 = g.add(Op::Projection { index: 0 }, &[pair]);
        let p1 = g.add(Op::Projection { index: 1 }, &[pair]);
        assert_eq!(reduce(&mut g, p0), Reduction::Replace(x));
        let Reduction::Replace(r) = reduce(&mut g, p1) else { panic!() };
        assert_matches(&g, r, &i32k(0));
    }
}
