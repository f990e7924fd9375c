//! `console.log` formatting, as node's `util.format` does it for primitive arguments.
//!
//! When the first argument is a string and more arguments follow, `%s %d %i %f %j %o %O %c`
//! each consume one argument and `%%` prints `%`; the arguments left over are appended,
//! separated by spaces (strings as they are, other values as `util.inspect` shows them).
//!
//! Objects, arrays, functions and class instances print in node's (v20) `util.inspect`
//! layout with console.log's options (depth 2, `breakLength` 80, `compact` 3, at most 100
//! array elements shown): nested levels deeper than 2 as `[Object]`/`[Array]`/`[Name]`,
//! holes as `<N empty items>`, cycles as `<ref *N>` … `[Circular *N]`, an object on one
//! line when its entries fit in 80 columns and on one line each otherwise, and arrays of
//! more than 6 entries grouped in aligned columns (node's `groupArrayElements`). What it
//! does not print (the `Math` object, errors, `%o`/`%s` of objects) traps.

use crate::builtins::Builtin;
use crate::exception::{JsResult, Throw};
use jsnum::{number_to_string, string_to_number};
use crate::value::{Decoded, Value};
use crate::Vm;

fn unsupported<T>(what: &str) -> JsResult<T> {
    Err(Box::new(crate::Exception { throw: Throw::Unsupported(what.into()), location: None }))
}

/// node's `formatNumber`: `-0` prints as `-0`.
pub(crate) fn format_number(x: f64) -> String {
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
    quote_units(&s.encode_utf16().collect::<Vec<u16>>())
}

/// A string of UTF-16 units as `util.inspect` quotes it (node's `strEscape`): single quotes
/// unless the text has one (then double quotes, or backticks if it has both and no `${`);
/// control characters, the backslash, the chosen quote, U+007F..U+009F and lone surrogates
/// escaped.
fn quote_units(units: &[u16]) -> String {
    let has = |c: char| units.contains(&(c as u16));
    let has_interpolation = units.windows(2).any(|w| w == [u16::from(b'$'), u16::from(b'{')]);
    let q = if !has('\'') {
        '\''
    } else if !has('"') {
        '"'
    } else if !has('`') && !has_interpolation {
        '`'
    } else {
        '\''
    };
    let mut out = String::from(q);
    for c in char::decode_utf16(units.iter().copied()) {
        match c {
            Ok('\n') => out.push_str("\\n"),
            Ok('\t') => out.push_str("\\t"),
            Ok('\r') => out.push_str("\\r"),
            Ok('\u{8}') => out.push_str("\\b"),
            Ok('\u{c}') => out.push_str("\\f"),
            Ok('\\') => out.push_str("\\\\"),
            Ok('\'') if q == '\'' => out.push_str("\\'"),
            Ok(c) if (c as u32) < 0x20 || (0x7f..=0x9f).contains(&(c as u32)) => {
                out.push_str(&format!("\\x{:02X}", c as u32))
            }
            Ok(c) => out.push(c),
            Err(lone) => out.push_str(&format!("\\u{:x}", lone.unpaired_surrogate())),
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
    /// `util.inspect(v)` with console.log's options (strings quoted).
    fn inspect(&self, v: Value) -> JsResult<String> {
        self.inspect_value(v)
    }

    /// A value as console.log prints it on its own: strings as they are, everything else as
    /// `util.inspect` shows it.
    fn inspect_unquoted(&self, v: Value) -> JsResult<String> {
        if v.is_object() {
            return self.inspect_value(v);
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
                    's' if arg.is_object() => return unsupported("console.log's %s of an object, array or function"),
                    's' => out.push_str(&self.inspect_unquoted(arg)?),
                    'd' => out.push_str(&format_number(self.to_number(arg))),
                    'i' => {
                        if arg.is_object() {
                            return unsupported("console.log's %i or %f of an object, array or function");
                        }
                        out.push_str(&format_number(parse_int_prefix(&self.to_display_string(arg))))
                    }
                    'f' => {
                        if arg.is_object() {
                            return unsupported("console.log's %i or %f of an object, array or function");
                        }
                        out.push_str(&format_number(parse_float_prefix(&self.to_display_string(arg))))
                    }
                    'j' => match arg.decode() {
                        Decoded::String(s) => out.push_str(&json_quote(&self.heap.text(s))),
                        Decoded::Undefined | Decoded::Hole => out.push_str("undefined"),
                        _ if arg.is_object() => return unsupported("console.log's %j of an object, array or function"),
                        _ => match arg.as_number() {
                            Some(x) if !x.is_finite() => out.push_str("null"),
                            Some(x) => out.push_str(&number_to_string(x)),
                            None => out.push_str(&self.to_display_string(arg)),
                        },
                    },
                    'o' if arg.is_object() => return unsupported("console.log's %o of an object, array or function"),
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

/// console.log's `util.inspect` options (node v20 defaults).
const INSPECT_DEPTH: usize = 2;
/// Entries go on one line only if it stays within this many columns.
const BREAK_LENGTH: usize = 80;
/// node's `compact: 3` (also the limit on grouped columns: `compact * 4`).
const COMPACT: usize = 3;
/// Array elements shown before `... N more items`.
const MAX_ARRAY_LENGTH: usize = 100;
/// String characters shown before `... N more characters`.
const MAX_STRING_LENGTH: usize = 10_000;
/// A nested string longer than this (and than the line) is split after its newlines.
const MIN_LINE_LENGTH: usize = 16;

/// The state of one `util.inspect` call.
struct Inspection {
    /// The objects being printed, outermost first (a value met again is a cycle).
    seen: Vec<Value>,
    /// The objects found in cycles, in the order found: `[Circular *N]` is the N-th.
    circular: Vec<Value>,
    /// The current indentation in columns.
    indentation: usize,
}

/// The length of a string in UTF-16 units (JavaScript's `length`, which node's line-width
/// rule counts).
fn js_length(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

/// The number of columns a string takes in a terminal (node's `getStringWidth`), as far as
/// seabed models it: East Asian wide characters take two, combining marks and zero-width
/// characters none, every other character one.
fn display_width(s: &str) -> usize {
    s.chars()
        .map(|c| match c as u32 {
            0x300..=0x36F | 0x200B..=0x200F | 0x20D0..=0x20FF | 0xFE00..=0xFE0F | 0xFE20..=0xFE2F => 0,
            0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xA000..=0xA4CF
            | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6
            | 0x1F300..=0x1F64F | 0x1F900..=0x1F9FF | 0x20000..=0x3FFFD => 2,
            _ => 1,
        })
        .sum()
}

/// A property name as node prints it: bare if it is an identifier of ASCII letters, digits
/// and `_`, quoted otherwise.
fn property_name(name: &str) -> String {
    let mut chars = name.chars();
    let identifier = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if identifier {
        name.to_string()
    } else {
        quote(name)
    }
}

/// True if a property name is an array index (a canonical numeric string below 2^32 - 1):
/// such keys come first, in ascending order, in JavaScript's property order.
fn array_index_key(name: &str) -> Option<u32> {
    let i: u32 = name.parse().ok()?;
    (i < u32::MAX && i.to_string() == name).then_some(i)
}

/// `<N empty item(s)>` or `... N more item(s)`.
fn count_text(n: usize, template: (&str, &str)) -> String {
    format!("{}{n} {}{}", template.0, template.1, if n > 1 { "s" } else { "" })
}

/// node's `isBelowBreakLength`: the entries plus `start` columns fit in one line.
fn fits_on_one_line(output: &[String], start: usize, base: &str) -> bool {
    let mut total = output.len() + start;
    if total + output.len() > BREAK_LENGTH {
        return false;
    }
    for entry in output {
        total += js_length(entry);
        if total > BREAK_LENGTH {
            return false;
        }
    }
    base.is_empty() || !base.contains('\n')
}

impl Vm {
    /// `util.inspect(v)` with console.log's options.
    pub fn inspect_value(&self, v: Value) -> JsResult<String> {
        let mut cx = Inspection { seen: Vec::new(), circular: Vec::new(), indentation: 0 };
        self.format_value(&mut cx, v, 0)
    }

    /// node's `formatValue`: a value at nesting level `level` (0 for console.log's argument).
    fn format_value(&self, cx: &mut Inspection, v: Value, level: usize) -> JsResult<String> {
        if !v.is_object() {
            return Ok(match v.decode() {
                Decoded::String(s) => self.format_nested_string(cx, self.heap.units(s)),
                Decoded::Hole => "undefined".into(),
                _ => match v.as_number() {
                    Some(x) => format_number(x),
                    None => self.to_display_string(v),
                },
            });
        }
        if cx.seen.contains(&v) {
            let index = match cx.circular.iter().position(|&c| c == v) {
                Some(i) => i + 1,
                None => {
                    cx.circular.push(v);
                    cx.circular.len()
                }
            };
            return Ok(format!("[Circular *{index}]"));
        }
        self.format_raw(cx, v, level)
    }

    /// A string inside an object or array: quoted, and split after its newlines (`'a\n' +`
    /// then the rest on the next line) when it is longer than 16 and than the line.
    fn format_nested_string(&self, cx: &Inspection, units: &[u16]) -> String {
        let (units, trailer) = if units.len() > MAX_STRING_LENGTH {
            (&units[..MAX_STRING_LENGTH], count_text(units.len() - MAX_STRING_LENGTH, ("... ", "more character")))
        } else {
            (units, String::new())
        };
        let long = units.len() > MIN_LINE_LENGTH && units.len() + cx.indentation + 4 > BREAK_LENGTH;
        if !long {
            return quote_units(units) + &trailer;
        }
        let mut lines = Vec::new();
        let mut start = 0;
        for (i, &u) in units.iter().enumerate() {
            if u == u16::from(b'\n') {
                lines.push(quote_units(&units[start..=i]));
                start = i + 1;
            }
        }
        if start < units.len() || lines.is_empty() {
            lines.push(quote_units(&units[start..]));
        }
        let separator = format!(" +\n{}", " ".repeat(cx.indentation + 2));
        lines.join(&separator) + &trailer
    }

    /// node's `formatRaw` for an object, array or function at nesting level `level`.
    fn format_raw(&self, cx: &mut Inspection, v: Value, level: usize) -> JsResult<String> {
        let (braces, is_array) = match v.decode() {
            Decoded::Function(_) | Decoded::Builtin(_) => {
                let base = self.function_base(v)?;
                if self.function_inspected_keys(v).is_empty() {
                    return Ok(base);
                }
                if level > INSPECT_DEPTH {
                    return Ok("[Function]".into());
                }
                return self.format_entries(cx, v, level, base, ("{".into(), "}"), false);
            }
            Decoded::Array(a) => {
                if self.heap.array(a).elements.is_empty() {
                    return Ok("[]".into());
                }
                if level > INSPECT_DEPTH {
                    return Ok("[Array]".into());
                }
                (("[".to_string(), "]"), true)
            }
            Decoded::Object(o) => {
                if Some(o) == self.math_object {
                    return unsupported("console.log of the Math object");
                }
                if self.is_object_prototype(o) || self.is_global_object(o) {
                    return unsupported("console.log of Object.prototype or the global object");
                }
                if let Some(what) = self.lib_unprintable(v) {
                    return unsupported(&format!("console.log of {what}"));
                }
                if let Some(name) = self.builtin_namespace(o) {
                    return unsupported(&format!("console.log of the {name} object"));
                }
                let class = self.class_name_of(o)?;
                let prefix = class.as_ref().map_or(String::new(), |name| format!("{name} "));
                if self.object_inspected_keys(o).is_empty() {
                    return Ok(format!("{prefix}{{}}"));
                }
                if level > INSPECT_DEPTH {
                    return Ok(format!("[{}]", class.as_deref().unwrap_or("Object")));
                }
                ((format!("{prefix}{{"), "}"), false)
            }
            _ => unreachable!("format_raw of a primitive"),
        };
        self.format_entries(cx, v, level, String::new(), braces, is_array)
    }

    /// The entries of an object, array or function with properties, laid out
    /// (`base` precedes the braces: a function's `[Function: f]`).
    fn format_entries(&self, cx: &mut Inspection, v: Value, level: usize, base: String, braces: (String, &str), is_array: bool) -> JsResult<String> {
        cx.seen.push(v);
        let output = match v.decode() {
            Decoded::Array(a) => self.format_array_entries(cx, a, level + 1)?,
            Decoded::Object(_) | Decoded::Function(_) | Decoded::Builtin(_) => {
                let keys = match v.decode() {
                    Decoded::Object(o) => self.object_inspected_keys(o),
                    _ => self.function_inspected_keys(v),
                };
                let mut output = Vec::new();
                let holder = self.property_holder(v);
                for (name, value) in keys {
                    if let Some(label) = holder.and_then(|o| self.accessor_label(o, &name)) {
                        output.push(format!("{}: {label}", property_name(&name)));
                        continue;
                    }
                    cx.indentation += 2;
                    let text = self.format_value(cx, value, level + 1);
                    cx.indentation -= 2;
                    output.push(format!("{}: {}", property_name(&name), text?));
                }
                output
            }
            _ => unreachable!("only objects and arrays have entries"),
        };
        cx.seen.pop();
        let base = match cx.circular.iter().position(|&c| c == v) {
            Some(i) if base.is_empty() => format!("<ref *{}>", i + 1),
            Some(i) => format!("<ref *{}> {base}", i + 1),
            None => base,
        };
        Ok(self.reduce_to_single_string(cx, output, &base, (&braces.0, braces.1), is_array.then_some(v)))
    }

    /// The elements of array `a` as node lists them (at most 100; runs of holes as
    /// `<N empty items>`; the rest counted as `... N more items`).
    fn format_array_entries(&self, cx: &mut Inspection, a: crate::value::ArrayId, level: usize) -> JsResult<Vec<String>> {
        let length = self.heap.array(a).elements.len();
        let shown = length.min(MAX_ARRAY_LENGTH);
        let mut output = Vec::new();
        // `index` is the next index not yet accounted for; holes before a present element
        // become one entry.
        let mut index = 0;
        for k in 0..length {
            if output.len() >= shown {
                break;
            }
            let element = self.heap.array(a).elements[k];
            if element.is_hole() {
                continue;
            }
            if k != index {
                output.push(count_text(k - index, ("<", "empty item")) + ">");
                index = k;
                if output.len() == shown {
                    break;
                }
            }
            cx.indentation += 2;
            let text = self.format_value(cx, element, level);
            cx.indentation -= 2;
            output.push(text?);
            index += 1;
        }
        let remaining = length - index;
        if output.len() != shown {
            if remaining > 0 {
                output.push(count_text(remaining, ("<", "empty item")) + ">");
            }
        } else if remaining > 0 {
            output.push(count_text(remaining, ("... ", "more item")));
        }
        Ok(output)
    }

    /// node's `reduceToSingleString`: the entries on one line if they fit, else one per
    /// line; arrays of more than 6 entries first grouped in columns (`array` is then the
    /// array, whose element types choose the alignment).
    fn reduce_to_single_string(&self, cx: &Inspection, output: Vec<String>, base: &str, braces: (&str, &str), array: Option<Value>) -> String {
        let entries = output.len();
        let output = match array {
            Some(v) if entries > 6 => self.group_array_elements(cx, output, v),
            _ => output,
        };
        let base_prefix = if base.is_empty() { String::new() } else { format!("{base} ") };
        // With depth 2 and compact 3, every level qualifies for node's single-line form.
        if entries == output.len() {
            let start = output.len() + cx.indentation + js_length(braces.0) + js_length(base) + 10;
            if fits_on_one_line(&output, start, base) {
                let joined = output.join(", ");
                if !joined.contains('\n') {
                    return format!("{base_prefix}{} {joined} {}", braces.0, braces.1);
                }
            }
        }
        let indentation = format!("\n{}", " ".repeat(cx.indentation));
        let separator = format!(",{indentation}  ");
        format!("{base_prefix}{}{indentation}  {}{indentation}{}", braces.0, output.join(&separator), braces.1)
    }

    /// node's `groupArrayElements`: short entries of a long array in aligned columns, about
    /// as many rows as columns times 2.5 (numbers right-aligned, anything else left-aligned).
    fn group_array_elements(&self, cx: &Inspection, output: Vec<String>, array: Value) -> Vec<String> {
        let mut data_len = Vec::new();
        let mut total_length = 0;
        let mut max_length = 0;
        // The `... N more items` entry is not grouped.
        let output_length = if output.len() > MAX_ARRAY_LENGTH { output.len() - 1 } else { output.len() };
        const SEPARATOR_SPACE: usize = 2;
        for entry in &output[..output_length] {
            let len = display_width(entry);
            data_len.push(len);
            total_length += len + SEPARATOR_SPACE;
            max_length = max_length.max(len);
        }
        let actual_max = max_length + SEPARATOR_SPACE;
        if !(actual_max * 3 + cx.indentation < BREAK_LENGTH
            && (total_length as f64 / actual_max as f64 > 5.0 || max_length <= 6))
        {
            return output;
        }
        let approx_char_heights = 2.5;
        let average_bias = (actual_max as f64 - total_length as f64 / output.len() as f64).sqrt();
        let biased_max = (actual_max as f64 - 3.0 - average_bias).max(1.0);
        let columns = ((approx_char_heights * biased_max * output_length as f64).sqrt() / biased_max)
            .round()
            .min(((BREAK_LENGTH - cx.indentation) / actual_max) as f64)
            .min((COMPACT * 4) as f64)
            .min(15.0) as usize;
        if columns <= 1 {
            return output;
        }
        let max_line_length: Vec<usize> = (0..columns)
            .map(|i| (i..output_length).step_by(columns).map(|j| data_len[j]).max().unwrap_or(0) + SEPARATOR_SPACE)
            .collect();
        let Decoded::Array(a) = array.decode() else { return output };
        let elements = &self.heap.array(a).elements;
        let numbers = (0..output.len()).all(|i| elements.get(i).is_some_and(|e| e.is_number()));
        let mut grouped = Vec::new();
        for row in (0..output_length).step_by(columns) {
            let end = (row + columns).min(output_length);
            let mut line = String::new();
            for j in row..end - 1 {
                let cell = format!("{}, ", output[j]);
                let width = max_line_length[j - row];
                line.push_str(&pad(&cell, data_len[j] + SEPARATOR_SPACE, width, numbers));
            }
            let last = end - 1;
            if numbers {
                let width = max_line_length[last - row] - SEPARATOR_SPACE;
                line.push_str(&pad(&output[last], data_len[last], width, true));
            } else {
                line.push_str(&output[last]);
            }
            grouped.push(line);
        }
        if output_length < output.len() {
            grouped.push(output[output_length].clone());
        }
        grouped
    }

    /// The properties console.log shows of object `o`: [`Vm::inspected_keys`], less the
    /// `constructor` and methods of a constructor's `prototype` object (not enumerable in
    /// JavaScript).
    fn object_inspected_keys(&self, o: crate::value::ObjectId) -> Vec<(String, Value)> {
        let keys = self.inspected_keys(o);
        if !self.is_constructor_prototype(o) {
            return keys;
        }
        keys.into_iter().filter(|(name, value)| name != "constructor" && !self.is_method(*value)).collect()
    }

    /// The own properties of object `o`, in JavaScript's order: array-index
    /// keys ascending, then the others in the order they were added.
    fn inspected_keys(&self, o: crate::value::ObjectId) -> Vec<(String, Value)> {
        let object = self.heap.object(o);
        let keys = &self.heap.shapes[object.shape.0 as usize].keys;
        let mut indexed = Vec::new();
        let mut named = Vec::new();
        let attrs = &self.heap.shapes[object.shape.0 as usize].attrs;
        for (slot, &key) in keys.iter().enumerate() {
            if attrs[slot] & crate::heap::attr::DONT_ENUM != 0 {
                continue;
            }
            let name = self.heap.name(key);
            let value = object.slots[slot];
            match array_index_key(name) {
                Some(i) => indexed.push((i, name.to_string(), value)),
                None => named.push((name.to_string(), value)),
            }
        }
        indexed.sort_by_key(|&(i, _, _)| i);
        indexed.into_iter().map(|(_, name, value)| (name, value)).chain(named).collect()
    }

    /// How a function prints: `[Function: name]`, `[Function (anonymous)]`, `[class A]`,
    /// `[class B extends A]`.
    fn function_base(&self, f: Value) -> JsResult<String> {
        match f.decode() {
            // node's `Error` has an own enumerable `stackTraceLimit`.
            Decoded::Builtin(b) if self.builtins[b.0 as usize] == Builtin::Error(crate::ErrorKind::Error) => {
                Ok("[Function: Error] { stackTraceLimit: 10 }".into())
            }
            Decoded::Builtin(b) => Ok(format!("[Function: {}]", self.builtin_name(b))),
            Decoded::Function(func) => {
                let name = &self.program.function(func).name;
                let name = if name.is_empty() || name.starts_with('<') { None } else { Some(name.as_str()) };
                if self.is_class_constructor(func) {
                    let mut base = format!("[class {}", name.unwrap_or("(anonymous)"));
                    if let Some(parent) = self.superclass_name(f) {
                        base.push_str(&format!(" extends {parent}"));
                    }
                    return Ok(base + "]");
                }
                Ok(match name {
                    Some(name) => format!("[Function: {name}]"),
                    None => "[Function (anonymous)]".into(),
                })
            }
            _ => unreachable!("function_base of a non-function"),
        }
    }

    // ---- the object model ----------------------------------------------------------------

    /// The own property `name` of object `o`, read without interning the name.
    fn own_property_named(&self, o: crate::value::ObjectId, name: &str) -> Option<Value> {
        let object = self.heap.object(o);
        let keys = &self.heap.shapes[object.shape.0 as usize].keys;
        keys.iter().position(|&k| self.heap.name(k) == name).map(|slot| object.slots[slot])
    }

    /// The property object of a function value, if it has one yet (`Heap::function_props`).
    fn function_property_object(&self, f: Value) -> Option<crate::value::ObjectId> {
        self.heap.function_props.get(&f.bits()).copied()
    }

    /// `F.prototype` of a function value, if it has been made.
    fn existing_prototype_property(&self, f: Value) -> Option<Value> {
        self.function_property_object(f).and_then(|o| self.own_property_named(o, "prototype"))
    }

    /// True if `holder`'s own `constructor` is `F` and `holder` is `F.prototype`: node
    /// does not show that (non-enumerable) property, nor class methods (non-enumerable),
    /// which seabed keeps as plain properties of the prototype.
    fn is_constructor_prototype(&self, holder: crate::value::ObjectId) -> bool {
        self.own_property_named(holder, "constructor")
            .and_then(|c| self.existing_prototype_property(c))
            .is_some_and(|p| p == Value::object(holder))
    }

    /// True for a method of a class (or object literal): `FunctionKind::Method`.
    fn is_method(&self, v: Value) -> bool {
        matches!(v.decode(), Decoded::Function(f) if self.function_kind(f) == frontend::bytecode::FunctionKind::Method)
    }

    /// The name of the class (constructor) whose instance object `o` is, as node's
    /// `getConstructorName` finds it: the first object on the chain from `o` whose own
    /// `constructor` is a named function whose `prototype` is on `o`'s prototype chain.
    /// None for a plain object (whose chain ends at `Object.prototype`, `null` in seabed).
    /// Errors trap: node prints them with their stack.
    fn class_name_of(&self, o: crate::value::ObjectId) -> JsResult<Option<String>> {
        let object = Value::object(o);
        let mut chain = Vec::new();
        let mut p = self.prototype_of(object);
        while p != Value::NULL && chain.len() < 10_000 {
            chain.push(p);
            p = self.prototype_of(p);
        }
        let mut holder = object;
        let mut found = None;
        for next in chain.iter().copied().chain([Value::NULL]) {
            if let Decoded::Object(h) = holder.decode() {
                if let Some(c) = self.own_property_named(h, "constructor") {
                    if let Decoded::Builtin(b) = c.decode() {
                        if matches!(self.builtins[b.0 as usize], Builtin::Error(_)) && h != o {
                            return unsupported("console.log of an Error object");
                        }
                    }
                    let instance = self.existing_prototype_property(c).is_some_and(|p| chain.contains(&p));
                    if found.is_none() && instance {
                        found = self.function_name(c);
                    }
                }
            }
            holder = next;
        }
        Ok(found)
    }

    /// The name of a function value (None if it is anonymous or not a function).
    fn function_name(&self, f: Value) -> Option<String> {
        match f.decode() {
            Decoded::Builtin(b) => Some(self.builtin_name(b)),
            Decoded::Function(func) => {
                let name = &self.program.function(func).name;
                (!name.is_empty() && !name.starts_with('<')).then(|| name.clone())
            }
            _ => None,
        }
    }

    /// The name of a builtin namespace object seabed models only in part (`console`,
    /// `performance`, `process`, `process.stdout`: node prints many more properties), found
    /// by the builtin it holds; None for other objects.
    fn builtin_namespace(&self, o: crate::value::ObjectId) -> Option<&'static str> {
        let holds = |name: &str, builtin: Builtin| {
            self.own_property_named(o, name).is_some_and(|v| matches!(v.decode(), Decoded::Builtin(b) if self.builtins[b.0 as usize] == builtin))
        };
        if holds("log", Builtin::ConsoleLog) && holds("error", Builtin::ConsoleError) {
            Some("console")
        } else if holds("now", Builtin::PerformanceNow) {
            Some("performance")
        } else if holds("write", Builtin::ProcessStdoutWrite) {
            Some("process.stdout")
        } else if let Some(Decoded::Object(stdout)) = self.own_property_named(o, "stdout").map(|v| v.decode()) {
            self.builtin_namespace(stdout).map(|_| "process")
        } else {
            None
        }
    }

    /// True if bytecode function `f` is a class constructor.
    fn is_class_constructor(&self, f: frontend::bytecode::FuncId) -> bool {
        matches!(self.function_kind(f), frontend::bytecode::FunctionKind::ClassConstructor { .. })
    }

    /// The name of the class a class constructor extends: the name of its prototype, when
    /// that is a named function.
    fn superclass_name(&self, f: Value) -> Option<String> {
        let parent = self.prototype_of(f);
        if parent == Value::NULL {
            return None;
        }
        self.function_name(parent)
    }

    /// The properties console.log shows of a function value (static fields, `F.x = …`):
    /// not `prototype` and not static methods, which are not enumerable in JavaScript.
    fn function_inspected_keys(&self, f: Value) -> Vec<(String, Value)> {
        let Some(o) = self.function_property_object(f) else { return Vec::new() };
        self.inspected_keys(o)
            .into_iter()
            .filter(|(name, value)| name != "prototype" && !self.is_method(*value))
            .collect()
    }
}

/// Pads `text` (of `width` columns) to `target` columns: on the left (`right_align`) or on
/// the right.
fn pad(text: &str, width: usize, target: usize, right_align: bool) -> String {
    let fill = " ".repeat(target.saturating_sub(width));
    if right_align {
        fill + text
    } else {
        text.to_string() + &fill
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
        assert_eq!(json_quote("a\"b"), "\"a\\\"b\"");        assert_eq!(quote("a'b\"c"), "`a'b\"c`");
        assert_eq!(quote("a'b\"c`"), "'a\\'b\"c`'");
        assert_eq!(quote("a'b\"${c}"), "'a\\'b\"${c}'");
        assert_eq!(quote("\u{b}\u{1}\u{7f}\u{85}\\"), "'\\x0B\\x01\\x7F\\x85\\\\'");
        assert_eq!(quote_units(&[0x61, 0xD800, 0x62]), "'a\\ud800b'");
        assert_eq!(quote_units(&[0xD83D, 0xDE00]), "'\u{1F600}'");
    }

    #[test]
    fn property_names_and_widths() {
        assert_eq!(property_name("a_1"), "a_1");
        assert_eq!(property_name("$x"), "'$x'");
        assert_eq!(property_name("a-b"), "'a-b'");
        assert_eq!(property_name("1"), "'1'");
        assert_eq!(property_name(""), "''");
        assert_eq!(array_index_key("10"), Some(10));
        assert_eq!(array_index_key("01"), None);
        assert_eq!(array_index_key("4294967295"), None);
        assert_eq!(display_width("ab\u{4e2d}"), 4);
        assert_eq!(js_length("a\u{1F600}"), 3);
        assert!(fits_on_one_line(&["1".into(), "2".into()], 10, ""));
        assert!(!fits_on_one_line(&["x".repeat(70)], 10, ""));
    }

    /// console.log's layout of objects, arrays and functions is node's (the expectations
    /// are checked against node where it is installed).
    #[test]
    fn objects_and_arrays_print_as_node_prints_them() {
        crate::builtins_tier2::tests::check_programs(&[
            (
                "console.log({ a: 1, b: 'x', c: [1, 2, 3] }, {}, [], [[]], {a:{}}, [,1], [1,,], [,,], Array(5), [1,,,,2,,]);",
                "{ a: 1, b: 'x', c: [ 1, 2, 3 ] } {} [] [ [] ] { a: {} } [ <1 empty item>, 1 ] [ 1, <1 empty item> ] [ <2 empty items> ] [ <5 empty items> ] [ 1, <3 empty items>, 2, <1 empty item> ]\n",
            ),
            (
                "console.log({a:{b:{c:{d:1}}}}, {a:{b:{c:{}}}}, [[[[1]]]], [[[[]]]], [[[1]]]);",
                "{ a: { b: { c: [Object] } } } { a: { b: { c: {} } } } [ [ [ [Array] ] ] ] [ [ [ [] ] ] ] [ [ [ 1 ] ] ]\n",
            ),
            (
                "console.log({'a-b': 1, $x: 2, _y: 3, '1': 4, 'it\\'s': 5, 0: 6, 10: 7, 2: 8});",
                "{\n  '0': 6,\n  '1': 4,\n  '2': 8,\n  '10': 7,\n  'a-b': 1,\n  '$x': 2,\n  _y: 3,\n  \"it's\": 5\n}\n",
            ),
            (
                "function foo() {}\nconsole.log(foo, [foo], {foo: foo}, Math.max, console.log, String);",
                "[Function: foo] [ [Function: foo] ] { foo: [Function: foo] } [Function: max] [Function: log] [Function: String]\n",
            ),
            (
                "var o = {x: 1}; o.self = o; var p = [1]; p.push(p); var q = {a: {}}; q.a.b = q.a; q.c = q;\nconsole.log(o, p, q);",
                "<ref *1> { x: 1, self: [Circular *1] } <ref *1> [ 1, [Circular *1] ] <ref *2> { a: <ref *1> { b: [Circular *1] }, c: [Circular *2] }\n",
            ),
            (
                "console.log([1.5, -0, NaN, Infinity, true, null, undefined, 'str'], [undefined, , null]);",
                "[ 1.5, -0, NaN, Infinity, true, null, undefined, 'str' ] [ undefined, <1 empty item>, null ]\n",
            ),
            (
                "console.log({ aaaaaaaaaa: 1111111111, bbbbbbbbbb: 2222222222, cccccccccc: 3333333333, ddd: 4 });",
                "{\n  aaaaaaaaaa: 1111111111,\n  bbbbbbbbbb: 2222222222,\n  cccccccccc: 3333333333,\n  ddd: 4\n}\n",
            ),
            (
                "console.log({s: 'line one is long enough\\nline two is long enough too\\nand a third line that makes it long'});",
                "{\n  s: 'line one is long enough\\n' +\n    'line two is long enough too\\n' +\n    'and a third line that makes it long'\n}\n",
            ),
            ("console.log('%O and', {a: 1}, 'rest', {b: [2]});", "{ a: 1 } and rest { b: [ 2 ] }\n"),
        ]);
    }

    /// Class instances, classes and functions with properties print as node prints them.
    #[test]
    fn class_instances_print_with_their_class_name() {
        crate::builtins_tier2::tests::check_programs(&[
            (
                "class A { constructor() { this.x = 1; } m() { return 1; } }\n\
                 class B extends A { constructor() { super(); this.y = 'b'; } }\n\
                 class E {}\n\
                 console.log(A, B, new A(), new B(), [new B()], {b: new B()}, new E(), E);",
                "[class A] [class B extends A] A { x: 1 } B { x: 1, y: 'b' } [ B { x: 1, y: 'b' } ] { b: B { x: 1, y: 'b' } } E {} [class E]\n",
            ),
            (
                "function F(v) { this.v = v; }\nF.prototype.get = function () { return this.v; };\n\
                 console.log(new F(3), F, F.prototype, [F]); F.count = 2; console.log(F);\n\
                 class S { static make() { return new S(); } }\nS.total = 5; console.log(S, S.make());",
                "F { v: 3 } [Function: F] { get: [Function (anonymous)] } [ [Function: F] ]\n[Function: F] { count: 2 }\n[class S] { total: 5 } S {}\n",
            ),
            (
                "const anon = function () {}; const arrow = () => 1;\nconsole.log(anon, arrow, [function () {}], {f: () => 2, g() {}});",
                "[Function: anon] [Function: arrow] [ [Function (anonymous)] ] { f: [Function: f], g: [Function: g] }\n",
            ),
        ]);
    }

    /// What console.log cannot print as node does traps, naming it.
    #[test]
    fn what_it_cannot_print_traps() {
        for (source, what) in [
            ("console.log(Math);", "console.log of the Math object"),
            ("console.log([console]);", "console.log of the console object"),
            ("console.log(new Error('boom'));", "console.log of an Error object"),
            ("class MyError extends TypeError {}\nconsole.log({ e: new MyError('x') });", "console.log of an Error object"),
            ("console.log('%s', {});", "console.log's %s of an object, array or function"),
            ("console.log('%o', [1]);", "console.log's %o of an object, array or function"),
        ] {
            let (_, thrown) = crate::builtins_tier2::tests::run(source);
            assert_eq!(thrown, Some(Throw::Unsupported(what.into())), "{source}");
        }
        crate::builtins_tier2::tests::check_programs(&[(
            "console.log(Error, [TypeError]);",
            "[Function: Error] { stackTraceLimit: 10 } [ [Function: TypeError] ]\n",
        )]);
    }

    /// Arrays of more than 6 entries are grouped in columns as node groups them.
    #[test]
    fn long_arrays_are_grouped_in_columns() {
        let range = "function range(n, scale) { var a = []; for (var i = 0; i < n; i++) a.push(i * scale); return a; }\n";
        let cases: Vec<(String, &str)> = vec![
            (format!("{range}console.log(range(7, 1));"), "[\n  0, 1, 2, 3,\n  4, 5, 6\n]\n"),
            (format!("{range}console.log(range(10, 1));"), "[\n  0, 1, 2, 3, 4,\n  5, 6, 7, 8, 9\n]\n"),
            (
                format!("{range}console.log(range(26, 1));"),
                "[\n   0,  1,  2,  3,  4,  5,  6,  7,\n   8,  9, 10, 11, 12, 13, 14, 15,\n  16, 17, 18, 19, 20, 21, 22, 23,\n  24, 25\n]\n",
            ),
            (
                format!("{range}console.log(range(30, 100));"),
                "[\n     0,  100,  200,  300,  400,  500,\n   600,  700,  800,  900, 1000, 1100,\n  1200, 1300, 1400, 1500, 1600, 1700,\n  1800, 1900, 2000, 2100, 2200, 2300,\n  2400, 2500, 2600, 2700, 2800, 2900\n]\n",
            ),
            (
                format!("{range}var a = range(101, 1); a.length = 12; a.length = 103; console.log(a);"),
                "[ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, <91 empty items> ]\n",
            ),
            (
                format!("{range}var s = range(8, 1); for (var i = 0; i < 8; i++) s[i] = i % 3 == 0 ? 'abc' : i % 3 == 1 ? 'abcabc' : 'abcabcabc';\nconsole.log(s);"),
                "[\n  'abc',       'abcabc',\n  'abcabcabc', 'abc',\n  'abcabc',    'abcabcabc',\n  'abc',       'abcabc'\n]\n",
            ),
            (
                format!("{range}console.log({{a: range(20, 1), b: 'hello'}});"),
                "{\n  a: [\n     0,  1,  2,  3,  4,  5,  6,\n     7,  8,  9, 10, 11, 12, 13,\n    14, 15, 16, 17, 18, 19\n  ],\n  b: 'hello'\n}\n",
            ),
        ];
        let cases: Vec<(&str, &str)> = cases.iter().map(|(s, e)| (s.as_str(), *e)).collect();
        crate::builtins_tier2::tests::check_programs(&cases);
        // 100 shown, the rest counted.
        let (text, _) = crate::builtins_tier2::tests::run(&format!("{range}console.log(range(150, 1));"));
        assert!(text.ends_with("  96, 97, 98, 99,\n  ... 50 more items\n]\n"), "{text}");
    }
}
