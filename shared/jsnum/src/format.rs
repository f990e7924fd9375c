//! The number formatting methods of `Number.prototype`: `toString(radix)` (V8's
//! `DoubleToRadixCString`, whose digit count the specification leaves open), and `toFixed`,
//! `toPrecision`, `toExponential`, which the specification defines exactly: the digits of the
//! exact decimal value of the double, rounded half up ("if there are two such n, pick the
//! larger n").

/// The digit characters of radices up to 36.
const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// A positive finite double's exact decimal value: `0.d1d2d3… × 10^point`, the digits without
/// trailing zeros (`d1` is not 0).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Decimal {
    digits: Vec<u8>,
    point: i32,
}

impl Decimal {
    /// The exact decimal expansion of `x > 0` (a double has at most 767 significant digits,
    /// so 800 are exact and nothing is rounded).
    fn exact(x: f64) -> Decimal {
        let text = format!("{:.800e}", x);
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let exponent: i32 = exponent.parse().unwrap_or(0);
        let mut digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect();
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Decimal { digits, point: exponent + 1 }
    }

    /// The shortest digits that read back as `x > 0` (as `Number::toString`).
    fn shortest(x: f64) -> Decimal {
        let text = format!("{:e}", x);
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let exponent: i32 = exponent.parse().unwrap_or(0);
        let digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect();
        Decimal { digits, point: exponent + 1 }
    }

    /// The first `n` digits (`n >= 0`), rounded half up on the exact value, padded with zeros
    /// to `n`; a carry out of the first digit moves the point.
    fn round(&self, n: i32) -> Decimal {
        let n = n.max(0) as usize;
        let mut digits: Vec<u8> = self.digits.iter().copied().take(n).collect();
        let mut point = self.point;
        let up = self.digits.get(n).is_some_and(|&d| d >= 5);
        digits.resize(n, 0);
        if up {
            let mut i = n;
            loop {
                if i == 0 {
                    digits.insert(0, 1);
                    digits.truncate(n.max(1));
                    point += 1;
                    break;
                }
                i -= 1;
                if digits[i] == 9 {
                    digits[i] = 0;
                } else {
                    digits[i] += 1;
                    break;
                }
            }
        }
        Decimal { digits, point }
    }
}

fn digit_text(digits: &[u8]) -> String {
    digits.iter().map(|&d| char::from(b'0' + d)).collect()
}

/// The text of a non-finite number (`NaN`, `Infinity`, `-Infinity`).
fn non_finite(x: f64) -> String {
    crate::number_to_string(x)
}

/// `x.toFixed(f)` for `f` in `0..=100`: `ToString(x)` when `|x| >= 1e21` or `x` is not finite.
pub fn to_fixed(x: f64, f: u32) -> String {
    if !x.is_finite() || x.abs() >= 1e21 {
        return non_finite(x);
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let x = x.abs();
    let f = f as i32;
    let (digits, point) = if x == 0.0 {
        (Vec::new(), 0)
    } else {
        let d = Decimal::exact(x);
        let n = d.point + f;
        if n < 0 {
            (Vec::new(), 0)
        } else {
            let r = d.round(n);
            (r.digits, r.point)
        }
    };
    // Digit at decimal position p (p = 0 is the units digit's left neighbour's right: the
    // value is 0.d1d2… × 10^point, so digit i has weight 10^(point - 1 - i)).
    let digit_at = |weight: i32| -> u8 {
        let i = point - 1 - weight;
        if i >= 0 {
            digits.get(i as usize).copied().unwrap_or(0)
        } else {
            0
        }
    };
    let top = (point - 1).max(0);
    let mut out = String::from(sign);
    for w in (0..=top).rev() {
        out.push(char::from(b'0' + digit_at(w)));
    }
    if f > 0 {
        out.push('.');
        for w in 1..=f {
            out.push(char::from(b'0' + digit_at(-w)));
        }
    }
    // A negative value that rounds to zero keeps its sign ("-0.00"), as in node.
    out
}

/// `d1[.d2…]e±E` for digits whose first has weight `10^exponent`.
fn exponential(sign: &str, digits: &[u8], exponent: i32) -> String {
    let mut out = String::from(sign);
    out.push(char::from(b'0' + digits[0]));
    if digits.len() > 1 {
        out.push('.');
        out.push_str(&digit_text(&digits[1..]));
    }
    out.push('e');
    out.push(if exponent >= 0 { '+' } else { '-' });
    out.push_str(&exponent.unsigned_abs().to_string());
    out
}

/// `x.toPrecision(p)` for `p` in `1..=100` (`ToString(x)` when `x` is not finite).
pub fn to_precision(x: f64, p: u32) -> String {
    if !x.is_finite() {
        return non_finite(x);
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let p = p as i32;
    let (digits, e) = if x == 0.0 {
        (vec![0; p as usize], 0)
    } else {
        let r = Decimal::exact(x.abs()).round(p);
        (r.digits, r.point - 1)
    };
    if e < -6 || e >= p {
        return exponential(sign, &digits, e);
    }
    let mut out = String::from(sign);
    if e == p - 1 {
        out.push_str(&digit_text(&digits));
    } else if e >= 0 {
        out.push_str(&digit_text(&digits[..=e as usize]));
        out.push('.');
        out.push_str(&digit_text(&digits[e as usize + 1..]));
    } else {
        out.push_str("0.");
        out.push_str(&"0".repeat((-(e + 1)) as usize));
        out.push_str(&digit_text(&digits));
    }
    out
}

/// `x.toExponential(f)` for `f` in `0..=100`, or with `None` (as many digits as needed to
/// read back as `x`); `ToString(x)` when `x` is not finite.
pub fn to_exponential(x: f64, f: Option<u32>) -> String {
    if !x.is_finite() {
        return non_finite(x);
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let (digits, e) = match (x == 0.0, f) {
        (true, f) => (vec![0; f.unwrap_or(0) as usize + 1], 0),
        (false, None) => {
            let d = Decimal::shortest(x.abs());
            (d.digits, d.point - 1)
        }
        (false, Some(f)) => {
            let r = Decimal::exact(x.abs()).round(f as i32 + 1);
            (r.digits, r.point - 1)
        }
    };
    exponential(sign, &digits, e)
}

/// V8's `Double::Exponent`: `x` is `significand × 2^exponent` with a 53-bit significand.
fn binary_exponent(x: f64) -> i32 {
    let biased = ((x.to_bits() >> 52) & 0x7FF) as i32;
    if biased == 0 {
        -1074
    } else {
        biased - 1075
    }
}

/// `x.toString(radix)` for `radix` in `2..=36`, as V8 writes it (`DoubleToRadixCString`): the
/// fraction gets digits only while they are within the double's precision (half the distance
/// to the next double), the last one rounded half to even, and integer digits below the
/// double's precision are zeros.
pub fn to_radix_string(x: f64, radix: u32) -> String {
    if !x.is_finite() {
        return non_finite(x);
    }
    if radix == 10 {
        return crate::number_to_string(x);
    }
    let radix_f = f64::from(radix);
    let negative = x < 0.0;
    let value = x.abs();
    let mut integer = value.floor();
    let mut fraction = value - integer;
    let next = f64::from_bits(value.to_bits() + 1);
    let mut delta = (0.5 * (next - value)).max(f64::from_bits(1));
    let mut fraction_digits: Vec<u8> = Vec::new();
    if fraction >= delta {
        loop {
            fraction *= radix_f;
            delta *= radix_f;
            let digit = fraction as u32;
            fraction_digits.push(digit as u8);
            fraction -= f64::from(digit);
            if (fraction > 0.5 || (fraction == 0.5 && digit & 1 == 1)) && fraction + delta > 1.0 {
                // Round up, carrying through the digits already written.
                loop {
                    match fraction_digits.pop() {
                        None => {
                            integer += 1.0;
                            break;
                        }
                        Some(d) if u32::from(d) + 1 < radix => {
                            fraction_digits.push(d + 1);
                            break;
                        }
                        Some(_) => {}
                    }
                }
                break;
            }
            if fraction < delta {
                break;
            }
        }
    }
    let mut integer_digits: Vec<u8> = Vec::new();
    while binary_exponent(integer / radix_f) > 0 {
        integer /= radix_f;
        integer_digits.push(b'0');
    }
    loop {
        let remainder = integer % radix_f;
        integer_digits.push(DIGITS[remainder as usize]);
        integer = (integer - remainder) / radix_f;
        if integer <= 0.0 {
            break;
        }
    }
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    out.extend(integer_digits.iter().rev().map(|&b| char::from(b)));
    if !fraction_digits.is_empty() {
        out.push('.');
        out.extend(fraction_digits.iter().map(|&d| char::from(DIGITS[d as usize])));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each expectation is what node prints for the same call.
    #[test]
    fn to_fixed_rounds_the_exact_value_half_up() {
        assert_eq!(to_fixed(1.005, 2), "1.00");
        assert_eq!(to_fixed(1.5, 0), "2");
        assert_eq!(to_fixed(2.5, 0), "3");
        assert_eq!(to_fixed(-1.5, 0), "-2");
        assert_eq!(to_fixed(0.5, 0), "1");
        assert_eq!(to_fixed(0.05, 1), "0.1");
        assert_eq!(to_fixed(123.456, 1), "123.5");
        assert_eq!(to_fixed(0.0, 2), "0.00");
        assert_eq!(to_fixed(-0.0001, 2), "-0.00");
        assert_eq!(to_fixed(1e21, 2), "1e+21");
        assert_eq!(to_fixed(1e20, 2), "100000000000000000000.00");
        assert_eq!(to_fixed(0.1, 20), "0.10000000000000000555");
        assert_eq!(to_fixed(999.995, 2), "1000.00");
        assert_eq!(to_fixed(0.000001, 3), "0.000");
        assert_eq!(to_fixed(f64::NAN, 2), "NaN");
    }

    #[test]
    fn to_precision_switches_to_exponents_where_js_does() {
        assert_eq!(to_precision(123.456, 4), "123.5");
        assert_eq!(to_precision(0.000123, 2), "0.00012");
        assert_eq!(to_precision(1e-7, 2), "1.0e-7");
        assert_eq!(to_precision(123456.0, 2), "1.2e+5");
        assert_eq!(to_precision(99.99, 3), "100");
        assert_eq!(to_precision(99.99, 2), "1.0e+2");
        assert_eq!(to_precision(0.0, 3), "0.00");
        assert_eq!(to_precision(-1.25, 2), "-1.3");
        assert_eq!(to_precision(1.0, 1), "1");
    }

    #[test]
    fn to_exponential_with_and_without_digits() {
        assert_eq!(to_exponential(123456.0, Some(2)), "1.23e+5");
        assert_eq!(to_exponential(123456.0, None), "1.23456e+5");
        assert_eq!(to_exponential(0.00015, Some(1)), "1.5e-4");
        assert_eq!(to_exponential(0.0, Some(2)), "0.00e+0");
        assert_eq!(to_exponential(-5.0, None), "-5e+0");
    }

    #[test]
    fn radix_strings_follow_v8() {
        assert_eq!(to_radix_string(255.0, 16), "ff");
        assert_eq!(to_radix_string(-255.0, 2), "-11111111");
        assert_eq!(to_radix_string(0.5, 2), "0.1");
        assert_eq!(to_radix_string(0.1, 2), "0.0001100110011001100110011001100110011001100110011001101");
        assert_eq!(to_radix_string(0.1, 3), "0.0022002200220022002200220022002201");
        assert_eq!(to_radix_string(3.14159, 16), "3.243f3e0370cdc");
        assert_eq!(to_radix_string(1e21, 36), "5v1j4f4ds7c000");
        assert_eq!(to_radix_string(2f64.powi(60) + 1.0, 2), format!("1{}", "0".repeat(60)));
        assert_eq!(to_radix_string(35.5, 36), "z.i");
        assert_eq!(to_radix_string(-0.0, 2), "0");
    }
}
