//! The two number operators that are not one IEEE operation: `%` and `**`.

/// JS `x % y` on numbers: the remainder of truncating division, with the sign of the dividend
/// (`-7 % 3` is -1, `-0 % 5` is -0); `x % 0`, `Infinity % y` and any NaN operand give NaN;
/// `x % Infinity` is `x` for finite `x`. Exact (it is C's `fmod`).
pub fn remainder(x: f64, y: f64) -> f64 {
    // Rust's `%` on f64 is C's `fmod`, which is exactly the JS operator.
    x % y
}

/// JS `base ** exp` (and `Math.pow`), given the IEEE `pow` to use for everything JS does not
/// define differently: a NaN exponent gives NaN, a zero exponent gives 1 (even for a NaN base),
/// and `(±1) ** ±Infinity` is NaN where IEEE says 1. The vm passes fdlibm's `pow` (the one V8's
/// is derived from); the type lattice, which cannot link fdlibm, passes `f64::powf`, and the two
/// may differ in the last bit.
pub fn pow_with(base: f64, exp: f64, ieee_pow: impl FnOnce(f64, f64) -> f64) -> f64 {
    if exp.is_nan() {
        return f64::NAN;
    }
    if exp == 0.0 {
        return 1.0;
    }
    if base.abs() == 1.0 && exp.is_infinite() {
        return f64::NAN;
    }
    ieee_pow(base, exp)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// True when `a` and `b` are the same JS value (NaNs equal, ±0 distinct).
    fn same(a: f64, b: f64) -> bool {
        (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
    }

    #[test]
    fn remainder_keeps_the_dividends_sign() {
        assert!(same(remainder(-7.0, 3.0), -1.0));
        assert!(same(remainder(7.0, -3.0), 1.0));
        assert!(same(remainder(-0.0, 5.0), -0.0));
        assert!(same(remainder(-6.0, 3.0), -0.0));
        assert!(same(remainder(5.5, -2.0), 1.5));
    }

    #[test]
    fn remainder_edge_cases() {
        assert!(remainder(5.0, 0.0).is_nan());
        assert!(remainder(5.0, -0.0).is_nan());
        assert!(remainder(f64::INFINITY, 2.0).is_nan());
        assert!(remainder(f64::NAN, 2.0).is_nan());
        assert!(remainder(2.0, f64::NAN).is_nan());
        assert!(same(remainder(-3.0, f64::INFINITY), -3.0));
        assert!(same(remainder(-0.0, f64::NEG_INFINITY), -0.0));
        assert!(same(remainder(-2147483648.0, -1.0), -0.0));
    }

    #[test]
    fn pow_handles_the_cases_js_defines_itself() {
        let unreachable = |_: f64, _: f64| -> f64 { 42.0 };
        assert!(pow_with(1.0, f64::NAN, unreachable).is_nan());
        assert!(same(pow_with(f64::NAN, 0.0, unreachable), 1.0));
        assert!(same(pow_with(f64::NAN, -0.0, unreachable), 1.0));
        assert!(pow_with(1.0, f64::INFINITY, unreachable).is_nan());
        assert!(pow_with(-1.0, f64::NEG_INFINITY, unreachable).is_nan());
    }

    #[test]
    fn pow_leaves_the_rest_to_ieee_pow() {
        assert!(same(pow_with(2.0, 10.0, f64::powf), 1024.0));
        assert!(pow_with(-8.0, 1.0 / 3.0, f64::powf).is_nan());
        assert!(same(pow_with(-0.0, -1.0, f64::powf), f64::NEG_INFINITY));
        assert!(same(pow_with(f64::NAN, 1.0, f64::powf), f64::NAN));
        assert!(same(pow_with(0.5, f64::INFINITY, f64::powf), 0.0));
        assert!(same(pow_with(3.0, 2.0, |_, _| -1.0), -1.0));
    }
}
