//! The number-to-integer conversions: ECMAScript `ToUint32` and `ToInt32`, and the test of
//! whether a number is an int32 exactly (the one seabed boxes, folds and exits on).

/// ECMAScript `ToUint32`: NaN and the infinities become 0; otherwise the value is truncated
/// toward zero and reduced modulo 2^32 (`-1 >>> 0` is 4294967295). Exact for every double.
pub fn to_uint32(x: f64) -> u32 {
    if !x.is_finite() {
        return 0;
    }
    let t = x.trunc();
    if t.abs() < 9_223_372_036_854_775_808.0 {
        // |t| < 2^63: the conversion is exact.
        return (t as i64) as u32;
    }
    // |t| >= 2^63: t = m * 2^e with a 53-bit integer m and e >= 11.
    let bits = t.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64 - 1075;
    let mant = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
    let low = if exp >= 32 { 0 } else { (mant << exp) as u32 };
    if t < 0.0 {
        low.wrapping_neg()
    } else {
        low
    }
}

/// ECMAScript `ToInt32`: [`to_uint32`] reinterpreted as a signed 32-bit integer
/// (`0xffffffff | 0` is -1, `2147483648 | 0` is -2147483648).
pub fn to_int32(x: f64) -> i32 {
    to_uint32(x) as i32
}

/// The int32 that `x` is, if it is one: an integer in `[-2^31, 2^31)` other than `-0`
/// (which has no int32 representation). `None` for fractions, NaN, the infinities, `-0` and
/// integers out of range. This is when the vm boxes a number as an int32, when the bytecode
/// compiler loads a literal as one, and when `TryFloat64ToInt32` succeeds.
pub fn exact_int32(x: f64) -> Option<i32> {
    // `as` saturates (and maps NaN to 0), so the round trip is exact only for int32 values.
    let i = x as i32;
    (f64::from(i) == x && !(x == 0.0 && x.is_sign_negative())).then_some(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_31: f64 = 2_147_483_648.0;
    const TWO_32: f64 = 4_294_967_296.0;

    #[test]
    fn non_finite_and_zeros_convert_to_zero() {
        for x in [f64::NAN, -f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 0.0, -0.0] {
            assert_eq!(to_int32(x), 0, "ToInt32({x:?})");
            assert_eq!(to_uint32(x), 0, "ToUint32({x:?})");
        }
    }

    #[test]
    fn values_wrap_modulo_two_to_the_32() {
        assert_eq!(to_int32(TWO_31), i32::MIN);
        assert_eq!(to_uint32(TWO_31), 1 << 31);
        assert_eq!(to_int32(TWO_31 - 1.0), i32::MAX);
        assert_eq!(to_int32(-TWO_31), i32::MIN);
        assert_eq!(to_int32(-TWO_31 - 1.0), i32::MAX);
        assert_eq!(to_int32(TWO_32), 0);
        assert_eq!(to_int32(TWO_32 + 0.5), 0);
        assert_eq!(to_int32(TWO_32 + 1.5), 1);
        assert_eq!(to_int32(4_294_967_297.5), 1);
        assert_eq!(to_int32(4_294_967_295.0), -1);
        assert_eq!(to_uint32(4_294_967_295.0), u32::MAX);
        assert_eq!(to_uint32(-1.0), u32::MAX);
        assert_eq!(to_int32(-1.0), -1);
    }

    #[test]
    fn fractions_truncate_toward_zero() {
        assert_eq!(to_int32(2.9), 2);
        assert_eq!(to_int32(-2.9), -2);
        assert_eq!(to_uint32(-0.9), 0);
        assert_eq!(to_int32(f64::MIN_POSITIVE), 0);
    }

    #[test]
    fn huge_values_keep_their_low_bits() {
        // 2^63 + 2^11 (the next double): the low 32 bits are those of 2^11.
        assert_eq!(to_uint32(9_223_372_036_854_777_856.0), 2048);
        assert_eq!(to_int32(-9_223_372_036_854_777_856.0), -2048);
        assert_eq!(to_uint32(2f64.powi(84) * 3.0), 0);
        assert_eq!(to_int32(1e300), 0);
        assert_eq!(to_int32(f64::MAX), 0);
        // 2^53 + 2 is even, its low 32 bits are 2.
        assert_eq!(to_int32(9_007_199_254_740_994.0), 2);
    }

    #[test]
    fn exact_int32_accepts_only_int32_values() {
        assert_eq!(exact_int32(0.0), Some(0));
        assert_eq!(exact_int32(-0.0), None);
        assert_eq!(exact_int32(-5.0), Some(-5));
        assert_eq!(exact_int32(TWO_31 - 1.0), Some(i32::MAX));
        assert_eq!(exact_int32(-TWO_31), Some(i32::MIN));
        assert_eq!(exact_int32(TWO_31), None);
        assert_eq!(exact_int32(-TWO_31 - 1.0), None);
        assert_eq!(exact_int32(0.5), None);
        assert_eq!(exact_int32(f64::NAN), None);
        assert_eq!(exact_int32(f64::INFINITY), None);
        assert_eq!(exact_int32(f64::NEG_INFINITY), None);
    }
}
