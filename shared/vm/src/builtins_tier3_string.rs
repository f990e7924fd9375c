//! The Tier-3 `String.prototype` methods and `String.fromCodePoint`, on UTF-16 code units as
//! JavaScript strings are. Patterns and separators are strings (seabed has no RegExp: a
//! regular expression literal traps where it is written), converted with ToString.

use crate::builtins_tier3::{integer_or_infinity, range_error, relative_index, type_error, LibFn};
use crate::exception::JsResult;
use crate::value::{Decoded, Value};
use crate::Vm;

/// V8's longest string (`String::kMaxLength` on 64-bit machines): longer results are node's
/// RangeError `Invalid string length`.
pub const MAX_STRING_LENGTH: usize = crate::string_cell::MAX_LENGTH;

fn is_high_surrogate(u: u16) -> bool {
    (0xD800..0xDC00).contains(&u)
}

fn is_low_surrogate(u: u16) -> bool {
    (0xDC00..0xE000).contains(&u)
}

/// The first index at or after `from` where `needle` occurs in `haystack`.
pub(crate) fn find_units(haystack: &[u16], needle: &[u16], from: usize) -> Option<usize> {
    if needle.is_empty() {
        return (from <= haystack.len()).then_some(from);
    }
    if needle.len() > haystack.len() {
        return None;
    }
    (from..=haystack.len() - needle.len()).find(|&k| haystack[k..k + needle.len()] == *needle)
}

/// The case mapping of UTF-16 text: ASCII directly, the rest through Rust's full Unicode
/// mapping (special casings such as `ß` → `SS`, and the final sigma of `toLowerCase`); lone
/// surrogates stay as they are.
fn map_case(units: &[u16], upper: bool) -> Vec<u16> {
    if units.iter().all(|&u| u < 0x80) {
        return units
            .iter()
            .map(|&u| {
                let b = u as u8;
                u16::from(if upper { b.to_ascii_uppercase() } else { b.to_ascii_lowercase() })
            })
            .collect();
    }
    let mut out = Vec::with_capacity(units.len());
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut Vec<u16>| {
        let mapped = if upper { run.to_uppercase() } else { run.to_lowercase() };
        out.extend(mapped.encode_utf16());
        run.clear();
    };
    for c in char::decode_utf16(units.iter().copied()) {
        match c {
            Ok(c) => run.push(c),
            Err(e) => {
                flush(&mut run, &mut out);
                out.push(e.unpaired_surrogate());
            }
        }
    }
    flush(&mut run, &mut out);
    out
}

impl Vm {
    /// The receiver of a `String.prototype` method as UTF-16 (`RequireObjectCoercible`, then
    /// ToString).
    fn this_text(&mut self, this: Value, method: &str) -> JsResult<Vec<u16>> {
        match this.decode() {
            Decoded::Undefined | Decoded::Null | Decoded::Hole => type_error(format!("String.prototype.{method} called on null or undefined")),
            Decoded::String(s) => Ok(self.heap.units(s).to_vec()),
            _ => self.string_of(this),
        }
    }

    /// An integer argument (ToIntegerOrInfinity), `undefined` as `default`.
    fn integer_arg(&mut self, v: Value, default: f64) -> JsResult<f64> {
        if v == Value::UNDEFINED {
            Ok(default)
        } else {
            Ok(integer_or_infinity(self.to_numeric(v)?))
        }
    }

    fn string_result(&mut self, units: Vec<u16>) -> JsResult<Value> {
        if units.len() > MAX_STRING_LENGTH {
            return range_error("Invalid string length");
        }
        Ok(self.heap.alloc_utf16(units))
    }

    /// The Tier-3 string methods; `this` is the receiver.
    pub(crate) fn call_string_method(&mut self, f: LibFn, this: Value, args: &[Value]) -> JsResult<Value> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(Value::UNDEFINED);
        if f == LibFn::StringFromCodePoint {
            return self.from_code_point(args);
        }
        let s = self.this_text(this, f.name())?;
        let len = s.len();
        match f {
            LibFn::StringValueOf => match this.decode() {
                Decoded::String(_) => Ok(this),
                _ => type_error("String.prototype.valueOf requires that 'this' be a String"),
            },
            LibFn::StringCharAt => {
                let k = self.integer_arg(arg(0), 0.0)?;
                let unit = if k >= 0.0 && k < len as f64 { vec![s[k as usize]] } else { Vec::new() };
                self.string_result(unit)
            }
            LibFn::StringCodePointAt => {
                let k = self.integer_arg(arg(0), 0.0)?;
                if k < 0.0 || k >= len as f64 {
                    return Ok(Value::UNDEFINED);
                }
                let k = k as usize;
                let first = s[k];
                if is_high_surrogate(first) && k + 1 < len && is_low_surrogate(s[k + 1]) {
                    let cp = 0x10000 + ((u32::from(first) - 0xD800) << 10) + (u32::from(s[k + 1]) - 0xDC00);
                    return Ok(Value::int(cp as i32));
                }
                Ok(Value::int(i32::from(first)))
            }
            LibFn::StringAt => {
                let k = self.integer_arg(arg(0), 0.0)?;
                let k = if k < 0.0 { len as f64 + k } else { k };
                if k < 0.0 || k >= len as f64 {
                    return Ok(Value::UNDEFINED);
                }
                self.string_result(vec![s[k as usize]])
            }
            LibFn::StringSlice => {
                let start = relative_index(self.integer_arg(arg(0), 0.0)?, len);
                let end = relative_index(self.integer_arg(arg(1), len as f64)?, len);
                let piece = if start < end { s[start..end].to_vec() } else { Vec::new() };
                self.string_result(piece)
            }
            LibFn::StringSubstr => {
                let start = relative_index(self.integer_arg(arg(0), 0.0)?, len);
                let count = self.integer_arg(arg(1), f64::INFINITY)?;
                let end = (start as f64 + count.max(0.0)).min(len as f64) as usize;
                let piece = if start < end { s[start..end].to_vec() } else { Vec::new() };
                self.string_result(piece)
            }
            LibFn::StringSplit => self.split(&s, arg(0), arg(1)),
            LibFn::StringReplace | LibFn::StringReplaceAll => self.replace(&s, arg(0), arg(1), f == LibFn::StringReplaceAll),
            LibFn::StringToUpperCase => self.string_result(map_case(&s, true)),
            LibFn::StringToLowerCase => self.string_result(map_case(&s, false)),
            LibFn::StringRepeat => {
                let n = self.integer_arg(arg(0), 0.0)?;
                if n < 0.0 || n == f64::INFINITY {
                    let shown = crate::console::format_number(n);
                    return range_error(format!("Invalid count value: {shown}"));
                }
                if s.is_empty() || n == 0.0 {
                    return self.string_result(Vec::new());
                }
                if n * len as f64 > MAX_STRING_LENGTH as f64 {
                    return range_error("Invalid string length");
                }
                self.string_result(s.repeat(n as usize))
            }
            LibFn::StringPadStart | LibFn::StringPadEnd => {
                let max = self.integer_arg(arg(0), 0.0)?;
                let filler = match arg(1) {
                    Value::UNDEFINED => vec![u16::from(b' ')],
                    v => self.string_of(v)?,
                };
                if max <= len as f64 || filler.is_empty() {
                    return Ok(if let Decoded::String(_) = this.decode() { this } else { self.heap.alloc_utf16(s) });
                }
                if max > MAX_STRING_LENGTH as f64 {
                    return range_error("Invalid string length");
                }
                let fill_len = max as usize - len;
                let pad: Vec<u16> = filler.iter().copied().cycle().take(fill_len).collect();
                let out = if f == LibFn::StringPadStart { [pad, s].concat() } else { [s, pad].concat() };
                self.string_result(out)
            }
            LibFn::StringStartsWith | LibFn::StringEndsWith | LibFn::StringIncludes => {
                let search = self.string_of(arg(0))?;
                let found = match f {
                    LibFn::StringStartsWith => {
                        let start = self.integer_arg(arg(1), 0.0)?.clamp(0.0, len as f64) as usize;
                        s[start..].starts_with(&search)
                    }
                    LibFn::StringEndsWith => {
                        let end = self.integer_arg(arg(1), len as f64)?.clamp(0.0, len as f64) as usize;
                        s[..end].ends_with(&search)
                    }
                    _ => {
                        let start = self.integer_arg(arg(1), 0.0)?.clamp(0.0, len as f64) as usize;
                        find_units(&s, &search, start).is_some()
                    }
                };
                Ok(Value::bool(found))
            }
            LibFn::StringConcat => {
                let mut out = s;
                for &a in args {
                    out.extend(self.string_of(a)?);
                    if out.len() > MAX_STRING_LENGTH {
                        return range_error("Invalid string length");
                    }
                }
                self.string_result(out)
            }
            LibFn::StringLastIndexOf => {
                let search = self.string_of(arg(0))?;
                let position = match arg(1) {
                    Value::UNDEFINED => f64::INFINITY,
                    v => {
                        let n = self.to_numeric(v)?;
                        if n.is_nan() {
                            f64::INFINITY
                        } else {
                            integer_or_infinity(n)
                        }
                    }
                };
                if search.len() > len {
                    return Ok(Value::int(-1));
                }
                let start = position.clamp(0.0, (len - search.len()) as f64) as usize;
                let found = (0..=start).rev().find(|&k| s[k..k + search.len()] == *search);
                Ok(Value::number(found.map_or(-1.0, |k| k as f64)))
            }
            other => unreachable!("{other:?} is not a Tier-3 string method"),
        }
    }

    /// `String.fromCodePoint(...codePoints)`.
    fn from_code_point(&mut self, args: &[Value]) -> JsResult<Value> {
        let mut out = Vec::with_capacity(args.len());
        for &a in args {
            let x = self.to_numeric(a)?;
            if !(0.0..=1114111.0).contains(&x) || x.fract() != 0.0 {
                let shown = self.to_display_string(a);
                return range_error(format!("Invalid code point {shown}"));
            }
            let cp = x as u32;
            if cp < 0x10000 {
                out.push(cp as u16);
            } else {
                let v = cp - 0x10000;
                out.push(0xD800 + (v >> 10) as u16);
                out.push(0xDC00 + (v & 0x3FF) as u16);
            }
        }
        self.string_result(out)
    }

    /// `s.split(separator, limit)`.
    fn split(&mut self, s: &[u16], separator: Value, limit: Value) -> JsResult<Value> {
        let lim = if limit == Value::UNDEFINED { u32::MAX } else { jsnum::to_uint32(self.to_numeric(limit)?) };
        let sep = if separator == Value::UNDEFINED { None } else { Some(self.string_of(separator)?) };
        let mut pieces: Vec<Vec<u16>> = Vec::new();
        if lim > 0 {
            match sep {
                None => pieces.push(s.to_vec()),
                Some(sep) if sep.is_empty() => {
                    pieces.extend(s.iter().take(lim as usize).map(|&u| vec![u]));
                }
                Some(sep) => {
                    let mut start = 0;
                    while let Some(k) = find_units(s, &sep, start) {
                        pieces.push(s[start..k].to_vec());
                        if pieces.len() as u32 == lim {
                            break;
                        }
                        start = k + sep.len();
                    }
                    if (pieces.len() as u32) < lim {
                        pieces.push(s[start..].to_vec());
                    }
                }
            }
        }
        let values: Vec<Value> = pieces.into_iter().map(|p| self.heap.alloc_utf16(p)).collect();
        let array = self.heap.new_elements(&values);
        Ok(Value::array(self.heap.alloc_array(array)))
    }

    /// `s.replace(pattern, replacement)` and `replaceAll` with a string pattern: a string
    /// replacement with its `$` patterns, or a function called with `(match, position, s)`.
    fn replace(&mut self, s: &[u16], pattern: Value, replacement: Value, all: bool) -> JsResult<Value> {
        let search = self.string_of(pattern)?;
        let functional = matches!(replacement.decode(), Decoded::Function(_) | Decoded::Builtin(_));
        let template = if functional { Vec::new() } else { self.string_of(replacement)? };
        let mut positions = Vec::new();
        let mut from = 0;
        while let Some(k) = find_units(s, &search, from) {
            positions.push(k);
            if !all {
                break;
            }
            from = k + search.len().max(1);
            if from > s.len() {
                break;
            }
        }
        if positions.is_empty() {
            return self.string_result(s.to_vec());
        }
        let whole = if functional { self.heap.alloc_utf16(s.to_vec()) } else { Value::UNDEFINED };
        let matched = if functional { self.heap.alloc_utf16(search.clone()) } else { Value::UNDEFINED };
        self.with_roots(|vm| {
            vm.heap.gc.extra_roots.extend([whole, matched]);
            let mut out = Vec::with_capacity(s.len());
            let mut end = 0;
            for &p in &positions {
                out.extend_from_slice(&s[end..p]);
                if functional {
                    let r = vm.call_value(replacement, Value::UNDEFINED, &[matched, Value::int(p as i32), whole])?;
                    out.extend(vm.string_of(r)?);
                } else {
                    substitute(&mut out, &template, s, p, search.len());
                }
                end = p + search.len();
                if out.len() > MAX_STRING_LENGTH {
                    return range_error("Invalid string length");
                }
            }
            out.extend_from_slice(&s[end..]);
            vm.string_result(out)
        })
    }
}

/// ECMAScript GetSubstitution for a string pattern (no captures): `$$` is `$`, `$&` the
/// match, `` $` `` what precedes it, `$'` what follows it; any other `$` stays as written.
fn substitute(out: &mut Vec<u16>, template: &[u16], s: &[u16], position: usize, match_len: usize) {
    let dollar = u16::from(b'$');
    let mut i = 0;
    while i < template.len() {
        let u = template[i];
        if u == dollar && i + 1 < template.len() {
            let next = template[i + 1];
            match u8::try_from(next).unwrap_or(0) {
                b'$' => out.push(dollar),
                b'&' => out.extend_from_slice(&s[position..position + match_len]),
                b'`' => out.extend_from_slice(&s[..position]),
                b'\'' => out.extend_from_slice(&s[(position + match_len).min(s.len())..]),
                _ => {
                    out.push(u);
                    i += 1;
                    continue;
                }
            }
            i += 2;
        } else {
            out.push(u);
            i += 1;
        }
    }
}
