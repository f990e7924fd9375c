//! The machine sequences that implement speculative number operations — one definition for
//! every compiler.
//!
//! The baseline compiler (bytecode → LIR), the sea-of-nodes simplified lowering and the CFG
//! `machine-lower` reducer all expand a speculative int32 or float64 operation into the same
//! machine ops and the same exits: `Int32AddWithOverflow` + projections + an overflow exit, the
//! `-0` tests of `*`, `/` and `%`, the divisor tests of `/` and `%`, `>>>` results of 2^31 or more,
//! float64 bitwise operators through `TruncateFloat64ToWord32`. Each IR implements the small
//! [`MachineEmitter`] trait (emit a pure op, make an int32 constant, exit on a condition) and calls
//! these functions, so the sequences cannot drift apart and the experiments compare IR shape only.

use frontend::bytecode::{BinaryOp, CompareOp};

use ir::ops::{DeoptReason, Op, Rep};

/// What an IR offers the shared sequences.
pub trait MachineEmitter {
    /// The IR's value handle.
    type Value: Copy;

    /// Emits a pure machine op whose result has representation `rep`.
    fn pure(&mut self, op: Op, args: &[Self::Value], rep: Rep) -> Self::Value;

    /// An int32 constant.
    fn int32_constant(&mut self, value: i32) -> Self::Value;

    /// Exits to the interpreter with `reason` when the bit `cond` is `when` (true:
    /// `DeoptimizeIf`, false: `DeoptimizeUnless`), with the frame state of the operation being
    /// lowered.
    fn deoptimize(&mut self, cond: Self::Value, reason: DeoptReason, when: bool);
}

/// `a && b` on bits.
pub fn bit_and<E: MachineEmitter>(e: &mut E, a: E::Value, b: E::Value) -> E::Value {
    e.pure(Op::Select { rep: Rep::Bit }, &[a, b, a], Rep::Bit)
}

/// `a || b` on bits.
pub fn bit_or<E: MachineEmitter>(e: &mut E, a: E::Value, b: E::Value) -> E::Value {
    e.pure(Op::Select { rep: Rep::Bit }, &[a, a, b], Rep::Bit)
}

/// `machine` (an `Int32*WithOverflow` op) of `x` and `y`, exiting on overflow.
pub fn overflow_checked<E: MachineEmitter>(e: &mut E, machine: Op, x: E::Value, y: E::Value) -> E::Value {
    let pair = e.pure(machine, &[x, y], Rep::Int32);
    let r = e.pure(Op::Projection { index: 0 }, &[pair], Rep::Int32);
    let overflow = e.pure(Op::Projection { index: 1 }, &[pair], Rep::Bit);
    e.deoptimize(overflow, DeoptReason::Overflow, true);
    r
}

/// The int32 result of JS `x op y` on int32 operands, exiting wherever the JS result is not an
/// int32 (overflow, `-0`, a fraction, a division by zero, `>>>` of 2^31 or more).
pub fn int32_binary<E: MachineEmitter>(e: &mut E, op: BinaryOp, x: E::Value, y: E::Value) -> E::Value {
    match op {
        BinaryOp::Add => overflow_checked(e, Op::Int32AddWithOverflow, x, y),
        BinaryOp::Sub => overflow_checked(e, Op::Int32SubWithOverflow, x, y),
        BinaryOp::Mul => {
            let r = overflow_checked(e, Op::Int32MulWithOverflow, x, y);
            // 0 * -5 is -0: not an int32.
            let zero = e.int32_constant(0);
            let is_zero = e.pure(Op::Word32Equal, &[r, zero], Rep::Bit);
            let signs = e.pure(Op::Word32Or, &[x, y], Rep::Int32);
            let negative = e.pure(Op::Int32LessThan, &[signs, zero], Rep::Bit);
            let minus_zero = bit_and(e, is_zero, negative);
            e.deoptimize(minus_zero, DeoptReason::MinusZero, true);
            r
        }
        BinaryOp::Div => int32_division(e, true, x, y),
        BinaryOp::Mod => int32_division(e, false, x, y),
        _ => {
            let machine = Op::word32_for(op).unwrap_or(Op::Word32Or);
            let r = e.pure(machine, &[x, y], Rep::Int32);
            if op == BinaryOp::Shr {
                // A result of 2^31 or more is not an int32.
                let zero = e.int32_constant(0);
                let negative = e.pure(Op::Int32LessThan, &[r, zero], Rep::Bit);
                e.deoptimize(negative, DeoptReason::Overflow, true);
            }
            r
        }
    }
}

/// `x / y` (`div`) or `x % y` on int32, exiting unless the JS result is an int32.
pub fn int32_division<E: MachineEmitter>(e: &mut E, div: bool, x: E::Value, y: E::Value) -> E::Value {
    let zero = e.int32_constant(0);
    let minus_one = e.int32_constant(-1);
    let y_zero = e.pure(Op::Word32Equal, &[y, zero], Rep::Bit);
    e.deoptimize(y_zero, DeoptReason::LostPrecision, true);
    // x / -1 and x % -1 are left to float64 code (MIN / -1 overflows, x % -1 may be -0).
    let y_minus_one = e.pure(Op::Word32Equal, &[y, minus_one], Rep::Bit);
    e.deoptimize(y_minus_one, DeoptReason::Overflow, true);
    let rem = e.pure(Op::Int32Mod, &[x, y], Rep::Int32);
    let rem_zero = e.pure(Op::Word32Equal, &[rem, zero], Rep::Bit);
    if div {
        e.deoptimize(rem_zero, DeoptReason::LostPrecision, false);
        // 0 / -5 is -0.
        let x_zero = e.pure(Op::Word32Equal, &[x, zero], Rep::Bit);
        let y_negative = e.pure(Op::Int32LessThan, &[y, zero], Rep::Bit);
        let minus_zero = bit_and(e, x_zero, y_negative);
        e.deoptimize(minus_zero, DeoptReason::MinusZero, true);
        e.pure(Op::Int32Div, &[x, y], Rep::Int32)
    } else {
        // -4 % 2 is -0.
        let x_negative = e.pure(Op::Int32LessThan, &[x, zero], Rep::Bit);
        let minus_zero = bit_and(e, rem_zero, x_negative);
        e.deoptimize(minus_zero, DeoptReason::MinusZero, true);
        rem
    }
}

/// The tagged result of JS `x op y` on float64 operands: float64 arithmetic, or the int32
/// bitwise operator on the truncated operands (`>>>` gives an unsigned result).
pub fn float64_binary<E: MachineEmitter>(e: &mut E, op: BinaryOp, x: E::Value, y: E::Value) -> E::Value {
    if let Some(machine) = Op::float64_for(op) {
        let r = e.pure(machine, &[x, y], Rep::Float64);
        return e.pure(Op::TagFloat64, &[r], Rep::Tagged);
    }
    let xi = e.pure(Op::TruncateFloat64ToWord32, &[x], Rep::Int32);
    let yi = e.pure(Op::TruncateFloat64ToWord32, &[y], Rep::Int32);
    let machine = Op::word32_for(op).unwrap_or(Op::Word32Or);
    let r = e.pure(machine, &[xi, yi], Rep::Int32);
    if op == BinaryOp::Shr {
        let f = e.pure(Op::ChangeUint32ToFloat64, &[r], Rep::Float64);
        e.pure(Op::TagFloat64, &[f], Rep::Tagged)
    } else {
        e.pure(Op::TagInt32, &[r], Rep::Tagged)
    }
}

/// The bit of JS `x op y` on two int32 (`float` false) or float64 values, and whether it must
/// still be negated (for `!=`-style operators the machine has no op for).
pub fn compare<E: MachineEmitter>(e: &mut E, op: CompareOp, x: E::Value, y: E::Value, float: bool) -> (E::Value, bool) {
    let (machine, swap, negated) = Op::compare_for(op, float);
    let args = if swap { [y, x] } else { [x, y] };
    (e.pure(machine, &args, Rep::Bit), negated)
}

/// JS `Math.max(a, b)` (`max`) or `Math.min(a, b)` of two float64 as a diamond, the lowering
/// both pipelines give `Float64Max/Min` (CFG `machine-lower`, SoN after scheduling): branch on
/// the bit [`float64_min_max_condition`] (`a < b`); its true arm yields
/// [`float64_min_max_less`] (an operand), its false arm the value of
/// [`float64_min_max_not_less`]; the two meet in a float64 phi.
pub fn float64_min_max_condition<E: MachineEmitter>(e: &mut E, a: E::Value, b: E::Value) -> E::Value {
    e.pure(Op::Float64LessThan, &[a, b], Rep::Bit)
}

/// The result of `Math.max/min(a, b)` when `a < b`: `b` for max, `a` for min.
pub fn float64_min_max_less<V>(max: bool, a: V, b: V) -> V {
    if max {
        b
    } else {
        a
    }
}

/// The result of `Math.max/min(a, b)` when `a < b` is false: `b < a` picks an operand, equal
/// operands resolve `±0` (max: `a + b`, min: `-((-a) + (-b))`), unordered ones give NaN
/// (`a + b`), all with `Select`s.
pub fn float64_min_max_not_less<E: MachineEmitter>(e: &mut E, max: bool, a: E::Value, b: E::Value) -> E::Value {
    let pick_gt = if max { a } else { b };
    let gt = e.pure(Op::Float64LessThan, &[b, a], Rep::Bit);
    let eq = e.pure(Op::Float64Equal, &[a, b], Rep::Bit);
    let zero = e.pure(Op::Float64Constant { value: ir::ops::F64(0.0) }, &[], Rep::Float64);
    let a_zero = e.pure(Op::Float64Equal, &[a, zero], Rep::Bit);
    let sum = e.pure(Op::Float64Add, &[a, b], Rep::Float64);
    // Zeros: max(+0, -0) = +0 = +0 + -0; min(+0, -0) = -0 = -((-a) + (-b)).
    let zeros = if max {
        sum
    } else {
        let na = e.pure(Op::Float64Neg, &[a], Rep::Float64);
        let nb = e.pure(Op::Float64Neg, &[b], Rep::Float64);
        let s = e.pure(Op::Float64Add, &[na, nb], Rep::Float64);
        e.pure(Op::Float64Neg, &[s], Rep::Float64)
    };
    let equal = e.pure(Op::Select { rep: Rep::Float64 }, &[a_zero, zeros, a], Rep::Float64);
    // Unordered: a + b is NaN.
    let not_gt = e.pure(Op::Select { rep: Rep::Float64 }, &[eq, equal, sum], Rep::Float64);
    e.pure(Op::Select { rep: Rep::Float64 }, &[gt, pick_gt, not_gt], Rep::Float64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records the ops emitted, as text.
    #[derive(Default)]
    struct Trace {
        ops: Vec<String>,
    }

    impl MachineEmitter for Trace {
        type Value = usize;
        fn pure(&mut self, op: Op, args: &[usize], rep: Rep) -> usize {
            self.ops.push(format!("{op}{args:?}:{rep:?}"));
            self.ops.len() + 100
        }
        fn int32_constant(&mut self, value: i32) -> usize {
            self.ops.push(format!("const {value}"));
            self.ops.len() + 100
        }
        fn deoptimize(&mut self, cond: usize, reason: DeoptReason, when: bool) {
            self.ops.push(format!("deopt {reason:?} if {cond}=={when}"));
        }
    }

    #[test]
    fn checked_add_exits_on_overflow() {
        let mut t = Trace::default();
        let r = int32_binary(&mut t, BinaryOp::Add, 1, 2);
        assert_eq!(t.ops.len(), 4);
        assert!(t.ops[0].starts_with("Int32AddWithOverflow[1, 2]"), "{:?}", t.ops);
        assert_eq!(r, 102, "the result is projection 0");
        assert_eq!(t.ops[3], "deopt Overflow if 103==true");
    }

    #[test]
    fn multiplication_and_division_test_for_minus_zero() {
        for (op, minus_zero_exits) in [(BinaryOp::Mul, 1), (BinaryOp::Div, 1), (BinaryOp::Mod, 1), (BinaryOp::Sub, 0)] {
            let mut t = Trace::default();
            int32_binary(&mut t, op, 1, 2);
            let n = t.ops.iter().filter(|o| o.contains("MinusZero")).count();
            assert_eq!(n, minus_zero_exits, "{op:?}: {:?}", t.ops);
        }
        let mut t = Trace::default();
        int32_division(&mut t, true, 1, 2);
        assert!(t.ops.iter().any(|o| o.starts_with("deopt LostPrecision") && o.ends_with("false")), "inexact quotient exits");
    }

    #[test]
    fn unsigned_shift_results_are_checked_or_widened() {
        let mut t = Trace::default();
        int32_binary(&mut t, BinaryOp::Shr, 1, 2);
        assert!(t.ops.last().unwrap().starts_with("deopt Overflow"));
        let mut t = Trace::default();
        float64_binary(&mut t, BinaryOp::Shr, 1, 2);
        assert!(t.ops.iter().any(|o| o.starts_with("ChangeUint32ToFloat64")));
        assert!(t.ops.last().unwrap().starts_with("TagFloat64"));
    }
}
