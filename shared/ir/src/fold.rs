//! The values the two-input machine ops compute, on known inputs: one definition (built on
//! [`jsnum`]) that both constant folders (`son`'s machine reducer, `cfg`'s machine
//! optimization and its known conditions) and the LIR evaluator call, so that a folded
//! constant is always the value the op would have computed at run time.
//!
//! Each function answers for one family of opcodes and returns `None` for any other opcode.
//! Which cases a folder folds (for instance, division only by divisors it chooses) is the
//! folder's own policy; what the result is when it folds is decided here.

use crate::ops::Opcode;

/// The value of an int32 machine op (`Int32Add`, `Int32Sub`, `Int32Mul`, `Int32Div`,
/// `Int32Mod`, `Word32And`, `Word32Or`, `Word32Xor`, `Word32Shl`, `Word32Sar`, `Word32Shr`) on
/// `a` and `b`: arithmetic wraps, division and remainder are total ([`jsnum::int32_div`],
/// [`jsnum::int32_mod`]), shifts use the low five bits of `b`, and `Word32Shr`'s unsigned
/// result is returned as its 32 bits. `None` for any other opcode.
pub fn int32_binary(op: Opcode, a: i32, b: i32) -> Option<i32> {
    Some(match op {
        Opcode::Int32Add => a.wrapping_add(b),
        Opcode::Int32Sub => a.wrapping_sub(b),
        Opcode::Int32Mul => a.wrapping_mul(b),
        Opcode::Int32Div => jsnum::int32_div(a, b),
        Opcode::Int32Mod => jsnum::int32_mod(a, b),
        Opcode::Word32And => a & b,
        Opcode::Word32Or => a | b,
        Opcode::Word32Xor => a ^ b,
        Opcode::Word32Shl => jsnum::shift_left(a, b as u32),
        Opcode::Word32Sar => jsnum::shift_right(a, b as u32),
        Opcode::Word32Shr => jsnum::shift_right_unsigned(a as u32, b as u32) as i32,
        _ => return None,
    })
}

/// The pair an int32 op with an overflow bit (`Int32AddWithOverflow`,
/// `Int32SubWithOverflow`, `Int32MulWithOverflow`) computes on `a` and `b`: the wrapped result
/// (projection 0) and whether the exact result left int32 (projection 1). `None` for any
/// other opcode.
pub fn int32_overflowing(op: Opcode, a: i32, b: i32) -> Option<(i32, bool)> {
    Some(match op {
        Opcode::Int32AddWithOverflow => a.overflowing_add(b),
        Opcode::Int32SubWithOverflow => a.overflowing_sub(b),
        Opcode::Int32MulWithOverflow => a.overflowing_mul(b),
        _ => return None,
    })
}

/// The bit an int32 comparison (`Word32Equal`, `Int32LessThan`, `Int32LessThanOrEqual`,
/// `Uint32LessThan`, which reads both words as unsigned) computes on `a` and `b`. `None` for
/// any other opcode.
pub fn int32_compare(op: Opcode, a: i32, b: i32) -> Option<bool> {
    Some(match op {
        Opcode::Word32Equal => a == b,
        Opcode::Int32LessThan => a < b,
        Opcode::Int32LessThanOrEqual => a <= b,
        Opcode::Uint32LessThan => (a as u32) < (b as u32),
        _ => return None,
    })
}

/// The value of a float64 machine op (`Float64Add`, `Float64Sub`, `Float64Mul`, `Float64Div`,
/// `Float64Mod`, `Float64Max`, `Float64Min`) on `a` and `b`, with IEEE arithmetic and JS's
/// `%` ([`jsnum::remainder`]), `Math.max` and `Math.min`. `None` for any other opcode,
/// `Float64Pow` included: its IEEE `pow` is the vm's (fdlibm's), which this crate cannot link.
pub fn float64_binary(op: Opcode, a: f64, b: f64) -> Option<f64> {
    Some(match op {
        Opcode::Float64Add => a + b,
        Opcode::Float64Sub => a - b,
        Opcode::Float64Mul => a * b,
        Opcode::Float64Div => a / b,
        Opcode::Float64Mod => jsnum::remainder(a, b),
        Opcode::Float64Max => jsnum::math::max(a, b),
        Opcode::Float64Min => jsnum::math::min(a, b),
        _ => return None,
    })
}

/// The bit a float64 comparison (`Float64Equal`, `Float64LessThan`, `Float64LessThanOrEqual`)
/// computes on `a` and `b`: IEEE's, so false whenever either is NaN, and `-0 == 0`. `None` for
/// any other opcode.
pub fn float64_compare(op: Opcode, a: f64, b: f64) -> Option<bool> {
    Some(match op {
        Opcode::Float64Equal => a == b,
        Opcode::Float64LessThan => a < b,
        Opcode::Float64LessThanOrEqual => a <= b,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: i32 = i32::MIN;

    #[test]
    fn int32_arithmetic_wraps() {
        assert_eq!(int32_binary(Opcode::Int32Add, i32::MAX, 1), Some(MIN));
        assert_eq!(int32_binary(Opcode::Int32Sub, MIN, 1), Some(i32::MAX));
        assert_eq!(int32_binary(Opcode::Int32Mul, 65536, 65536), Some(0));
        assert_eq!(int32_binary(Opcode::Int32Mul, -3, 5), Some(-15));
    }

    #[test]
    fn int32_division_is_total() {
        assert_eq!(int32_binary(Opcode::Int32Div, 7, 0), Some(0));
        assert_eq!(int32_binary(Opcode::Int32Div, MIN, -1), Some(MIN));
        assert_eq!(int32_binary(Opcode::Int32Div, -7, 2), Some(-3));
        assert_eq!(int32_binary(Opcode::Int32Mod, 7, 0), Some(0));
        assert_eq!(int32_binary(Opcode::Int32Mod, MIN, -1), Some(0));
        assert_eq!(int32_binary(Opcode::Int32Mod, -7, 2), Some(-1));
    }

    #[test]
    fn int32_bitwise_and_shifts() {
        assert_eq!(int32_binary(Opcode::Word32And, 0b1100, 0b1010), Some(0b1000));
        assert_eq!(int32_binary(Opcode::Word32Or, 0b1100, 0b1010), Some(0b1110));
        assert_eq!(int32_binary(Opcode::Word32Xor, -1, 0b1010), Some(!0b1010));
        assert_eq!(int32_binary(Opcode::Word32Shl, 1, 33), Some(2));
        assert_eq!(int32_binary(Opcode::Word32Shl, 1, -1), Some(MIN));
        assert_eq!(int32_binary(Opcode::Word32Sar, -8, 1), Some(-4));
        assert_eq!(int32_binary(Opcode::Word32Sar, -8, -1), Some(-1));
        // -1 >>> 0 is 4294967295, whose 32 bits are -1; -8 >>> 1 is 0x7ffffffc.
        assert_eq!(int32_binary(Opcode::Word32Shr, -1, 32), Some(-1));
        assert_eq!(int32_binary(Opcode::Word32Shr, -8, 1), Some(0x7fff_fffc));
    }

    #[test]
    fn overflow_pairs_report_leaving_int32() {
        assert_eq!(int32_overflowing(Opcode::Int32AddWithOverflow, i32::MAX, 1), Some((MIN, true)));
        assert_eq!(int32_overflowing(Opcode::Int32SubWithOverflow, 3, 5), Some((-2, false)));
        assert_eq!(int32_overflowing(Opcode::Int32MulWithOverflow, MIN, -1), Some((MIN, true)));
        assert_eq!(int32_overflowing(Opcode::Int32Add, 1, 1), None);
    }

    #[test]
    fn int32_comparisons() {
        assert_eq!(int32_compare(Opcode::Word32Equal, -1, -1), Some(true));
        assert_eq!(int32_compare(Opcode::Int32LessThan, -1, 0), Some(true));
        assert_eq!(int32_compare(Opcode::Uint32LessThan, -1, 0), Some(false));
        assert_eq!(int32_compare(Opcode::Int32LessThanOrEqual, 4, 4), Some(true));
        assert_eq!(int32_compare(Opcode::Int32Add, 4, 4), None);
    }

    #[test]
    fn float64_ops_use_js_remainder_max_and_min() {
        let same = |x: Option<f64>, y: f64| x.is_some_and(|x| x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()));
        assert!(same(float64_binary(Opcode::Float64Mod, 5.5, -2.0), 1.5));
        assert!(same(float64_binary(Opcode::Float64Mod, -6.0, 3.0), -0.0));
        assert!(same(float64_binary(Opcode::Float64Mod, 1.0, 0.0), f64::NAN));
        assert!(same(float64_binary(Opcode::Float64Div, -1.0, 0.0), f64::NEG_INFINITY));
        assert!(same(float64_binary(Opcode::Float64Add, -0.0, 0.0), 0.0));
        assert!(same(float64_binary(Opcode::Float64Max, -0.0, 0.0), 0.0));
        assert!(same(float64_binary(Opcode::Float64Min, 0.0, -0.0), -0.0));
        assert!(same(float64_binary(Opcode::Float64Max, 1.0, f64::NAN), f64::NAN));
        assert_eq!(float64_binary(Opcode::Float64Pow, 2.0, 2.0), None);
        assert_eq!(float64_binary(Opcode::Int32Add, 2.0, 2.0), None);
    }

    #[test]
    fn float64_comparisons_are_false_on_nan() {
        assert_eq!(float64_compare(Opcode::Float64Equal, f64::NAN, f64::NAN), Some(false));
        assert_eq!(float64_compare(Opcode::Float64LessThan, f64::NAN, 1.0), Some(false));
        assert_eq!(float64_compare(Opcode::Float64Equal, -0.0, 0.0), Some(true));
        assert_eq!(float64_compare(Opcode::Float64LessThanOrEqual, 1.0, 1.0), Some(true));
        assert_eq!(float64_compare(Opcode::Word32Equal, 1.0, 1.0), None);
    }
}
