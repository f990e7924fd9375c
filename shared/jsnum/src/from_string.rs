//! ECMAScript `StringToNumber`: the grammar `Number(s)` accepts, and correctly rounded
//! values for decimal and power-of-two radix literals.

/// True for the code points ECMAScript's `StrWhiteSpaceChar` accepts:
/// `WhiteSpace` (TAB, VT, FF, ZWNBSP and every `Zs` space) and
/// `LineTerminator` (LF, CR, LS, PS).
fn is_js_whitespace(c: char) -> bool {
    // U+0009..=U+000D: TAB, LF, VT, FF, CR; U+2000..=U+200A: the Zs block.
    matches!(c, '\u{0009}'..='\u{000D}' | '\u{2000}'..='\u{200A}')
        || matches!(
            c,
            ' ' | '\u{00A0}'
                | '\u{1680}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202F}'
                | '\u{205F}'
                | '\u{3000}'
                | '\u{FEFF}'
        )
}

/// Converts a string to a number as ECMAScript `StringToNumber` does
/// (`Number(s)` / unary `+s` in JS).
///
/// Leading and trailing JS whitespace and line terminators are ignored; an
/// empty (or all-whitespace) string is `0`; `Infinity`, `+Infinity` and
/// `-Infinity` are accepted; decimal literals may have a sign, a fraction and
/// an exponent (`.5`, `5.`, `-1.5E-3`); `0x`/`0o`/`0b` integers (any case, no
/// sign, any length) are rounded correctly to the nearest double. Anything
/// else, including numeric separators (`1_000`), `inf` and `nan`, is `NaN`.
pub fn string_to_number(s: &str) -> f64 {
    let t = s.trim_matches(is_js_whitespace);
    if t.is_empty() {
        return 0.0;
    }
    let b = t.as_bytes();
    if b.len() > 2 && b[0] == b'0' {
        let radix_bits = match b[1] {
            b'x' | b'X' => Some(4),
            b'o' | b'O' => Some(3),
            b'b' | b'B' => Some(1),
            _ => None,
        };
        if let Some(bits) = radix_bits {
            return parse_power_of_two_radix(&b[2..], bits);
        }
    }
    let (negative, body) = match b[0] {
        b'+' => (false, &b[1..]),
        b'-' => (true, &b[1..]),
        _ => (false, b),
    };
    if body == b"Infinity" {
        return if negative {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
    }
    if !is_str_unsigned_decimal_literal(body) {
        return f64::NAN;
    }
    // The text is now known to be `[+-]? digits [. digits] [e [+-] digits]`,
    // which Rust's correctly rounded parser accepts with the same meaning.
    t.parse::<f64>().unwrap_or(f64::NAN)
}

/// Checks the grammar of ECMAScript `StrUnsignedDecimalLiteral` (without the
/// `Infinity` alternative): `DecimalDigits [. [DecimalDigits]] [ExponentPart]`
/// or `. DecimalDigits [ExponentPart]`.
fn is_str_unsigned_decimal_literal(b: &[u8]) -> bool {
    let mut i = 0;
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let int_digits = i - int_start;
    let mut frac_digits = 0;
    if i < b.len() && b[i] == b'.' {
        i += 1;
        let frac_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        frac_digits = i - frac_start;
    }
    if int_digits == 0 && frac_digits == 0 {
        return false;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        let exp_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == exp_start {
            return false;
        }
    }
    i == b.len()
}

/// Parses the digits of a `0x`/`0o`/`0b` literal (after the prefix), where
/// each digit carries `bits_per_digit` bits, rounding the exact integer to
/// the nearest double (ties to even). Returns `NaN` for an empty digit string
/// or any character that is not a digit of the radix.
fn parse_power_of_two_radix(digits: &[u8], bits_per_digit: u32) -> f64 {
    let radix = 1u32 << bits_per_digit;
    if digits.is_empty() {
        return f64::NAN;
    }
    // `mantissa` holds the first (up to) 64 significant bits; `dropped`
    // counts the bits after them, and `sticky` records whether any of those
    // dropped bits was set.
    let mut mantissa: u64 = 0;
    let mut width: u32 = 0;
    let mut dropped: u64 = 0;
    let mut sticky = false;
    for &c in digits {
        let d = match (c as char).to_digit(radix) {
            Some(d) => d,
            None => return f64::NAN,
        };
        for k in (0..bits_per_digit).rev() {
            let bit = (d >> k) & 1 == 1;
            if width == 0 && !bit {
                continue; // leading zero bit
            }
            if width < 64 {
                mantissa = (mantissa << 1) | u64::from(bit);
                width += 1;
            } else {
                dropped = dropped.saturating_add(1);
                sticky |= bit;
            }
        }
    }
    if width == 0 {
        return 0.0;
    }
    // Round the `width`-bit mantissa (plus the sticky tail) to 53 bits.
    let (mut m, mut exp) = if width > 53 {
        let shift = width - 53;
        let kept = mantissa >> shift;
        let rest = mantissa & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        let round_up = rest > half || (rest == half && (sticky || kept & 1 == 1));
        (kept + u64::from(round_up), u64::from(shift))
    } else {
        // Exact; any dropped bits are all zero only if width < 64, in which
        // case `dropped` is 0.
        (mantissa, 0)
    };
    exp = exp.saturating_add(dropped);
    if m == 1u64 << 53 {
        m >>= 1;
        exp = exp.saturating_add(1);
    }
    // m < 2^53 is exact as an f64; scale by 2^exp (exact unless it overflows).
    if exp > 1023 {
        return f64::INFINITY;
    }
    let scale = f64::from_bits((exp + 1023) << 52);
    (m as f64) * scale
}


#[cfg(test)]
mod tests {
    use super::*;

    /// True when `a` and `b` are the same JS value (NaNs equal, ±0 distinct).
    fn same(a: f64, b: f64) -> bool {
        (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
    }

    #[test]
    fn empty_and_blank_strings_are_zero() {
        assert!(same(string_to_number(""), 0.0));
        assert!(same(string_to_number(" \t\n\u{a0}\u{2028}\u{feff}"), 0.0));
    }

    #[test]
    fn signs_and_infinities() {
        assert!(same(string_to_number("-0"), -0.0));
        assert!(same(string_to_number("+0"), 0.0));
        assert!(same(string_to_number("  -Infinity "), f64::NEG_INFINITY));
        assert!(same(string_to_number("+Infinity"), f64::INFINITY));
        assert!(string_to_number("infinity").is_nan());
        assert!(string_to_number("inf").is_nan());
        assert!(string_to_number("NaN").is_nan());
        assert!(string_to_number("--1").is_nan());
    }

    #[test]
    fn decimal_literals() {
        assert!(same(string_to_number(".5"), 0.5));
        assert!(same(string_to_number("5."), 5.0));
        assert!(same(string_to_number("-1.5E-3"), -0.0015));
        assert!(same(string_to_number("4294967296.5"), 4294967296.5));
        assert!(same(string_to_number("1e400"), f64::INFINITY));
        assert!(string_to_number(".").is_nan());
        assert!(string_to_number("1e").is_nan());
        assert!(string_to_number("1_000").is_nan());
        assert!(string_to_number("1 2").is_nan());
    }

    #[test]
    fn radix_literals_round_to_nearest_even() {
        assert!(same(string_to_number("0x10"), 16.0));
        assert!(same(string_to_number("0B101"), 5.0));
        assert!(same(string_to_number("0o17"), 15.0));
        assert!(same(string_to_number("0x00000000000000000001"), 1.0));
        // 2^53 + 1 ties to the even 2^53; 2^53 + 3 ties up to 2^53 + 4.
        assert!(same(string_to_number("0x20000000000001"), 9007199254740992.0));
        assert!(same(string_to_number("0x20000000000003"), 9007199254740996.0));
        assert!(string_to_number("0x").is_nan());
        assert!(string_to_number("-0x10").is_nan());
        assert!(string_to_number("0x1g").is_nan());
        assert!(string_to_number("0b2").is_nan());
    }
}
