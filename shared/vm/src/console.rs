//! `console.log` formatting, as node's `util.format` does it for primitive arguments.
//!
//! When the first argument is a string and more arguments follow, `%s %d %i %f %j %o %O %c`
//! each consume one argument and `%%` prints `%`; the arguments left over are appended,
//! separated by spaces (strings as they are, other values as `util.inspect` shows them).
//! Objects, arrays and functions would need node's `util.inspect` layout: they trap.

use crate::interp::{JsResult, Throw};
use jsnum::{number_to_string, string_to_number};
use crate::value::{Decoded, Value};
use crate::Vm;

fn unsupported<T>() -> JsResult<T> {
    Err(Box::new(crate::Exception {
        throw: Throw::Unsupported("console.log of an object, array or function".into()),
        location: None,
    }))
}

/// node's `formatNumber`: `-0` prints as `-0`.
fn format_number(x: f64) -> String {
    if x == 0.0 && x.is_sign_negative() {
        "-0".into()
    } else {
        number_to_string(x)
    }
}

/// `parseInt(s, 10)` on the leading part of `s`.
fn parse_int_prefix(s: &str) -> f64 {
    let t = s.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
    if end == 0 {
        return f64::NAN;
    }
    let x = string_to_number(&digits[..end]);
    if neg {
        -x
    } else {
        x
    }
}

/// `parseFloat(s)` on the leading part of `s`.
fn parse_float_prefix(s: &str) -> f64 {
    let t = s.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    // The longest prefix that is a decimal literal (or Infinity).
    let mut best = f64::NAN;
    for (i, _) in t.char_indices().skip(1).chain(std::iter::once((t.len(), ' '))) {
        let prefix = &t[..i];
        let unsigned = prefix.trim_start_matches(['+', '-']);
        // StringToNumber also accepts 0x/0o/0b integers, which parseFloat does not.
        let radix_prefix = unsigned.len() > 1
            && unsigned.starts_with('0')
            && unsigned[1..].starts_with(['x', 'X', 'o', 'O', 'b', 'B']);
        let one_sign = prefix.len() - unsigned.len() <= 1;
        if !radix_prefix && one_sign && !prefix.ends_with(char::is_whitespace) {
            let x = string_to_number(prefix);
            if !x.is_nan() {
                best = x;
            }
        }
    }
    best
}

/// A string as `util.inspect` quotes it.
fn quote(s: &str) -> String {
    let q = if !s.contains('\'') {
        '\''
    } else if !s.contains('"') {
        '"'
    } else if !s.contains('`') {
        '`'
    } else {
        '\''
    };
    let mut out = String::from(q);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            '\\' => out.push_str("\\\\"),
            c if c == q => {
                out.push('\\');
                out.push(c)
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push(q);
    out
}

/// A string as `JSON.stringify` writes it.
fn json_quote(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl Vm {
    fn is_object_like(v: Value) -> bool {
        matches!(v.decode(), Decoded::Object(_) | Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_))
    }

    /// `util.inspect` of a primitive (strings quoted).
    fn inspect(&self, v: Value) -> JsResult<String> {
        match v.decode() {
            Decoded::String(s) => Ok(quote(&self.heap.text(s))),
            _ => self.inspect_unquoted(v),
        }
    }

    /// A primitive as console.log prints it on its own (strings as they are).
    fn inspect_unquoted(&self, v: Value) -> JsResult<String> {
        if Self::is_object_like(v) {
            return unsupported();
        }
        Ok(match v.as_number() {
            Some(x) => format_number(x),
            None => self.to_display_string(v),
        })
    }

    /// The line `console.log(args...)` prints (without the newline).
    pub fn format_log_line(&self, args: &[Value]) -> JsResult<String> {
        let mut out = String::new();
        let mut next = 0;
        if let (Some(Decoded::String(s)), true) = (args.first().map(|v| v.decode()), args.len() > 1) {
            let text = self.heap.text(s);
            next = 1;
            let mut chars = text.chars().peekable();
            while let Some(c) = chars.next() {
                if c != '%' {
                    out.push(c);
                    continue;
                }
                let Some(&spec) = chars.peek() else {
                    out.push('%');
                    break;
                };
                if spec == '%' {
                    chars.next();
                    out.push('%');
                    continue;
                }
                if next >= args.len() || !"sdifjoOc".contains(spec) {
                    out.push('%');
                    continue;
                }
                chars.next();
                let arg = args[next];
                next += 1;
                match spec {
                    's' => out.push_str(&self.inspect_unquoted(arg)?),
                    'd' => out.push_str(&format_number(self.to_number(arg))),
                    'i' => {
                        if Self::is_object_like(arg) {
                            return unsupported();
                        }
                        out.push_str(&format_number(parse_int_prefix(&self.to_display_string(arg))))
                    }
                    'f' => {
                        if Self::is_object_like(arg) {
                            return unsupported();
                        }
                        out.push_str(&format_number(parse_float_prefix(&self.to_display_string(arg))))
                    }
                    'j' => match arg.decode() {
                        Decoded::String(s) => out.push_str(&json_quote(&self.heap.text(s))),
                        Decoded::Undefined | Decoded::Hole => out.push_str("undefined"),
                        _ if Self::is_object_like(arg) => return unsupported(),
                        _ => match arg.as_number() {
                            Some(x) if !x.is_finite() => out.push_str("null"),
                            Some(x) => out.push_str(&number_to_string(x)),
                            None => out.push_str(&self.to_display_string(arg)),
                        },
                    },
                    'o' | 'O' => out.push_str(&self.inspect(arg)?),
                    _ => {} // %c: styling, prints nothing
                }
            }
        }
        for (i, &v) in args[next..].iter().enumerate() {
            if i > 0 || next > 0 {
                out.push(' ');
            }
            out.push_str(&self.inspect_unquoted(v)?);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_parsers_follow_parse_int_and_parse_float() {
        assert_eq!(parse_int_prefix("42px"), 42.0);
        assert_eq!(parse_int_prefix("  -7.9"), -7.0);
        assert!(parse_int_prefix("px").is_nan());
        assert_eq!(parse_float_prefix("3.5e2x"), 350.0);
        assert_eq!(parse_float_prefix("-.5"), -0.5);
        assert_eq!(parse_float_prefix("Infinityx"), f64::INFINITY);
        assert!(parse_float_prefix("abc").is_nan());
        assert_eq!(parse_float_prefix("0x10"), 0.0);
        assert_eq!(parse_float_prefix("1e"), 1.0);
    }

    #[test]
    fn quoting_follows_util_inspect_and_json() {
        assert_eq!(quote("a"), "'a'");
        assert_eq!(quote("it's"), "\"it's\"");
        assert_eq!(quote("a\nb"), "'a\\nb'");
        assert_eq!(json_quote("a\"b"), "\"a\\\"b\"");
    }
}
