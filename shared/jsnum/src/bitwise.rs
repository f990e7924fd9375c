//! The shift operators on int32 words: `<<`, `>>` and `>>>` with ECMAScript's count, the low
//! five bits of the right operand (`x << 33` is `x << 1`, `x << -1` is `x << 31`).
//!
//! The operands are the already converted ones: the left one by `ToInt32` (`ToUint32` for
//! `>>>`), the count by `ToUint32`. An int32 machine word passes its bits as `count as u32`.

/// The number of bits a shift by `count` moves: `count & 31`.
fn masked(count: u32) -> u32 {
    count & 31
}

/// JS `x << count`: the bits of `x` moved left by `count & 31`, the high ones dropped.
pub fn shift_left(x: i32, count: u32) -> i32 {
    x.wrapping_shl(masked(count))
}

/// JS `x >> count`: `x` shifted right by `count & 31`, copying the sign bit in.
pub fn shift_right(x: i32, count: u32) -> i32 {
    x >> masked(count)
}

/// JS `x >>> count`: `x` shifted right by `count & 31`, filling with zeros. The result is an
/// unsigned 32-bit value (`-1 >>> 0` is 4294967295, not an int32).
pub fn shift_right_unsigned(x: u32, count: u32) -> u32 {
    x >> masked(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_masked_to_five_bits() {
        assert_eq!(shift_left(1, 32), 1);
        assert_eq!(shift_left(1, 33), 2);
        assert_eq!(shift_left(1, 31), i32::MIN);
        assert_eq!(shift_right(i32::MIN, 63), -1);
        assert_eq!(shift_right_unsigned(u32::MAX, 32), u32::MAX);
    }

    #[test]
    fn negative_counts_are_their_low_bits() {
        // The count -1 (ToUint32: 0xffffffff) shifts by 31.
        assert_eq!(shift_left(1, -1i32 as u32), i32::MIN);
        assert_eq!(shift_right(-8, -1i32 as u32), -1);
        assert_eq!(shift_right(8, -1i32 as u32), 0);
        assert_eq!(shift_right_unsigned(1 << 31, -1i32 as u32), 1);
        assert_eq!(shift_left(3, -31i32 as u32), 6);
    }

    #[test]
    fn right_shifts_differ_in_what_they_fill() {
        assert_eq!(shift_right(-16, 2), -4);
        assert_eq!(shift_right_unsigned(-16i32 as u32, 2), 0x3fff_fffc);
        assert_eq!(shift_right_unsigned(-1i32 as u32, 0), u32::MAX);
        assert_eq!(shift_left(0x4000_0000, 1), i32::MIN);
        assert_eq!(shift_left(i32::MIN, 1), 0);
    }
}
