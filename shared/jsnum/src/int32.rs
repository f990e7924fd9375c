//! Int32 division, remainder and multiplication, in the two senses seabed needs:
//!
//! - the **machine** semantics of the `Int32Div` and `Int32Mod` ops, defined for every input
//!   (as ARM64's `sdiv`), so that a scheduler may move them above the checks that give them
//!   their JS meaning: [`int32_div`], [`int32_mod`];
//! - the **JS** operator when its result is an int32, the int32 fast paths of the interpreter
//!   and of the checked ops (`CheckedInt32Mul` and friends), which give up (`None`) on
//!   overflow, on a fraction and on `-0`: [`int32_mul_exact`], [`int32_div_exact`],
//!   [`int32_mod_exact`]. (`+` and `-` need only `i32::checked_add`/`checked_sub`.)

/// The machine semantics of `Int32Div`: the quotient truncated toward zero, 0 for a zero
/// divisor, and `MIN / -1` wrapping to `MIN`.
pub fn int32_div(x: i32, y: i32) -> i32 {
    if y == 0 {
        0
    } else {
        x.wrapping_div(y)
    }
}

/// The machine semantics of `Int32Mod`: the remainder with the dividend's sign, 0 for a zero
/// divisor and for `MIN % -1`.
pub fn int32_mod(x: i32, y: i32) -> i32 {
    if y == 0 {
        0
    } else {
        x.wrapping_rem(y)
    }
}

/// JS `x * y` when the product is an int32: `None` when it overflows or is `-0` (a zero
/// product with a negative factor).
pub fn int32_mul_exact(x: i32, y: i32) -> Option<i32> {
    let p = x.checked_mul(y)?;
    (p != 0 || (x >= 0 && y >= 0)).then_some(p)
}

/// JS `x / y` when the quotient is an int32: `None` for a zero divisor (±Infinity or NaN), a
/// zero dividend over a negative divisor (`-0`), an inexact quotient, and `MIN / -1` (2^31).
pub fn int32_div_exact(x: i32, y: i32) -> Option<i32> {
    if y == 0 || (x == 0 && y < 0) {
        return None;
    }
    let r = x.checked_rem(y)?;
    (r == 0).then(|| x / y)
}

/// JS `x % y` when the remainder is an int32: `None` for a zero divisor (NaN) and for a zero
/// remainder of a negative dividend (`-0`, which includes `MIN % -1`).
pub fn int32_mod_exact(x: i32, y: i32) -> Option<i32> {
    if y == 0 {
        return None;
    }
    let r = x.checked_rem(y)?;
    (r != 0 || x >= 0).then_some(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machine_division_is_total() {
        assert_eq!(int32_div(7, 0), 0);
        assert_eq!(int32_div(i32::MIN, 0), 0);
        assert_eq!(int32_div(i32::MIN, -1), i32::MIN);
        assert_eq!(int32_div(-7, 2), -3);
        assert_eq!(int32_div(7, -2), -3);
        assert_eq!(int32_mod(7, 0), 0);
        assert_eq!(int32_mod(i32::MIN, -1), 0);
        assert_eq!(int32_mod(-7, 2), -1);
        assert_eq!(int32_mod(7, -2), 1);
        assert_eq!(int32_mod(i32::MIN, i32::MAX), -1);
    }

    #[test]
    fn exact_multiplication_gives_up_on_overflow_and_minus_zero() {
        assert_eq!(int32_mul_exact(-3, 4), Some(-12));
        assert_eq!(int32_mul_exact(0, 5), Some(0));
        assert_eq!(int32_mul_exact(0, -5), None);
        assert_eq!(int32_mul_exact(-5, 0), None);
        assert_eq!(int32_mul_exact(65536, 32768), None);
        assert_eq!(int32_mul_exact(-65536, 32768), Some(i32::MIN));
        assert_eq!(int32_mul_exact(i32::MIN, -1), None);
    }

    #[test]
    fn exact_division_gives_up_unless_the_quotient_is_an_int32() {
        assert_eq!(int32_div_exact(12, -4), Some(-3));
        assert_eq!(int32_div_exact(7, 2), None);
        assert_eq!(int32_div_exact(7, 0), None);
        assert_eq!(int32_div_exact(0, 0), None);
        assert_eq!(int32_div_exact(0, -3), None);
        assert_eq!(int32_div_exact(0, 3), Some(0));
        assert_eq!(int32_div_exact(i32::MIN, -1), None);
        assert_eq!(int32_div_exact(i32::MIN, 1), Some(i32::MIN));
    }

    #[test]
    fn exact_remainder_gives_up_on_nan_and_minus_zero() {
        assert_eq!(int32_mod_exact(7, 0), None);
        assert_eq!(int32_mod_exact(-7, 2), Some(-1));
        assert_eq!(int32_mod_exact(-4, 2), None);
        assert_eq!(int32_mod_exact(4, -2), Some(0));
        assert_eq!(int32_mod_exact(i32::MIN, -1), None);
        assert_eq!(int32_mod_exact(i32::MAX, -1), Some(0));
        assert_eq!(int32_mod_exact(0, -1), Some(0));
    }
}
