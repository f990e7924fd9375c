//! ECMAScript `Number::toString(10)`: the shortest digits that read back as the same double,
//! laid out as JS lays them out.

/// Formats `x` as ECMAScript `Number::toString(x, 10)` does
/// (`String(x)` in JS): `NaN`, `Infinity`, `-Infinity`, `0` for both zeros,
/// `1e+21`, `1e-7`, `0.30000000000000004`, `123456789012345680000`.
pub fn number_to_string(x: f64) -> String {
    if x == 0.0 {
        // Both +0 and -0 print as "0".
        return "0".to_string();
    }
    let mut buffer = ryu_js::Buffer::new();
    buffer.format(x).to_string()
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_values() {
        assert_eq!(number_to_string(f64::NAN), "NaN");
        assert_eq!(number_to_string(-f64::NAN), "NaN");
        assert_eq!(number_to_string(f64::INFINITY), "Infinity");
        assert_eq!(number_to_string(f64::NEG_INFINITY), "-Infinity");
        assert_eq!(number_to_string(0.0), "0");
        assert_eq!(number_to_string(-0.0), "0");
    }

    #[test]
    fn integers_print_without_a_fraction() {
        assert_eq!(number_to_string(-2147483648.0), "-2147483648");
        assert_eq!(number_to_string(4294967296.0), "4294967296");
        assert_eq!(number_to_string(123456789012345680000.0), "123456789012345680000");
    }

    #[test]
    fn exponents_switch_where_js_switches() {
        assert_eq!(number_to_string(1e21), "1e+21");
        assert_eq!(number_to_string(1e-7), "1e-7");
        assert_eq!(number_to_string(0.000001), "0.000001");
        assert_eq!(number_to_string(5e-324), "5e-324");
        assert_eq!(number_to_string(4294967296.5), "4294967296.5");
        assert_eq!(number_to_string(0.1 + 0.2), "0.30000000000000004");
    }
}
