//! The exact `Math` functions that more than the vm needs: `Math.max` and `Math.min` of two
//! numbers (the `Float64Max`/`Float64Min` machine ops) and `Math.round` (the type lattice
//! folds it). The others, and everything that needs fdlibm, live in the vm's `number` module.

/// JS `Math.max(x, y)`: NaN if either is NaN, and +0 is larger than -0.
pub fn max(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x == y {
        // Equal values differ at most in the sign of zero.
        if x.is_sign_positive() {
            x
        } else {
            y
        }
    } else {
        x.max(y)
    }
}

/// JS `Math.min(x, y)`: NaN if either is NaN, and -0 is smaller than +0.
pub fn min(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x == y {
        if x.is_sign_negative() {
            x
        } else {
            y
        }
    } else {
        x.min(y)
    }
}

/// JS `Math.round(x)`: halves round up toward +Infinity (`Math.round(2.5)` is 3,
/// `Math.round(-2.5)` is -2), -0 stays -0, and `[-0.5, -0)` gives -0.
pub fn round(x: f64) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    if x > 0.0 && x < 0.5 {
        return 0.0;
    }
    if (-0.5..0.0).contains(&x) {
        return -0.0;
    }
    let r = x.floor();
    // For |x| < 2^52 the difference is exact; above it x is integral.
    if x - r >= 0.5 {
        r + 1.0
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAN: f64 = f64::NAN;
    const INF: f64 = f64::INFINITY;

    /// True when `a` and `b` are the same JS value (NaNs equal, ±0 distinct).
    fn same(a: f64, b: f64) -> bool {
        (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
    }

    #[test]
    fn max_and_min_order_the_zeros() {
        for (x, y) in [(0.0, -0.0), (-0.0, 0.0)] {
            assert!(same(max(x, y), 0.0), "max({x:?}, {y:?})");
            assert!(same(min(x, y), -0.0), "min({x:?}, {y:?})");
        }
        assert!(same(max(-0.0, -0.0), -0.0));
        assert!(same(min(0.0, 0.0), 0.0));
    }

    #[test]
    fn max_and_min_propagate_nan() {
        for (x, y) in [(NAN, 1.0), (1.0, NAN), (NAN, INF), (-INF, NAN), (NAN, NAN)] {
            assert!(max(x, y).is_nan(), "max({x:?}, {y:?})");
            assert!(min(x, y).is_nan(), "min({x:?}, {y:?})");
        }
    }

    #[test]
    fn max_and_min_of_ordinary_values() {
        assert!(same(max(-INF, -1.0), -1.0));
        assert!(same(min(-INF, -1.0), -INF));
        assert!(same(max(2.0, 3.0), 3.0));
        assert!(same(min(2.0, 3.0), 2.0));
        assert!(same(max(-0.0, -1.0), -0.0));
        assert!(same(min(0.0, 1.0), 0.0));
    }

    #[test]
    fn round_halves_toward_plus_infinity() {
        assert!(same(round(2.5), 3.0));
        assert!(same(round(-2.5), -2.0));
        assert!(same(round(-2.5000000000000004), -3.0));
        assert!(same(round(0.49999999999999994), 0.0));
        assert!(same(round(4503599627370495.5), 4503599627370496.0));
        assert!(same(round(4503599627370497.0), 4503599627370497.0));
    }

    #[test]
    fn round_keeps_and_makes_minus_zero() {
        assert!(same(round(-0.0), -0.0));
        assert!(same(round(-0.5), -0.0));
        assert!(same(round(-0.2), -0.0));
        assert!(same(round(0.2), 0.0));
        assert!(same(round(-0.5000000000000001), -1.0));
        assert!(same(round(INF), INF));
        assert!(round(NAN).is_nan());
    }
}
