//! `JSON.stringify` and `JSON.parse` of plain data, with node's output and node's error
//! messages (V8's `json-stringifier.cc` and `json-parser.cc` wording).
//!
//! `stringify` writes objects' own properties in JavaScript's order (array-index keys
//! ascending, then the others in insertion order), skips `undefined` and function values in
//! objects and writes them as `null` in arrays, calls a `toJSON` method it finds, indents by
//! the `space` argument (a number of spaces up to 10, or up to 10 units of a string), and
//! throws node's TypeError for a cycle. A replacer (function or property list) traps.
//! `parse` builds plain objects and arrays; a reviver traps, and so does a `__proto__` key
//! (node makes it an own property, which seabed's objects cannot hold apart from the
//! prototype link).


use crate::builtins_tier3::{range_error, throw, type_error, unsupported, LibFn};
use crate::exception::{ErrorKind, JsResult, Throw};
use crate::value::{Decoded, ObjectId, Value};
use crate::Vm;

/// Nesting beyond this depth is node's RangeError (node's own limit is its stack).
const MAX_DEPTH: usize = 3_000;

/// Appends `units` to `out` as a JSON string literal (ECMAScript QuoteJSONString): `"` and
/// `\` escaped, the short escapes for `\b \f \n \r \t`, other control characters and lone
/// surrogates as lowercase `\uXXXX`.
pub fn quote_json(units: &[u16], out: &mut Vec<u16>) {
    out.push(u16::from(b'"'));
    let mut i = 0;
    while i < units.len() {
        let u = units[i];
        let short = match u {
            0x08 => Some(b'b'),
            0x09 => Some(b't'),
            0x0A => Some(b'n'),
            0x0C => Some(b'f'),
            0x0D => Some(b'r'),
            0x22 => Some(b'"'),
            0x5C => Some(b'\\'),
            _ => None,
        };
        let is_high = (0xD800..0xDC00).contains(&u);
        let is_low = (0xDC00..0xE000).contains(&u);
        if let Some(c) = short {
            out.extend([u16::from(b'\\'), u16::from(c)]);
        } else if is_high && units.get(i + 1).is_some_and(|n| (0xDC00..0xE000).contains(n)) {
            out.extend([u, units[i + 1]]);
            i += 1;
        } else if u < 0x20 || is_high || is_low {
            out.extend(format!("\\u{u:04x}").encode_utf16());
        } else {
            out.push(u);
        }
        i += 1;
    }
    out.push(u16::from(b'"'));
}

/// Where a value sits in its parent, for the cycle message.
#[derive(Clone, Debug)]
enum Step {
    Property(String),
    Index(usize),
}

impl Step {
    fn text(&self) -> String {
        match self {
            Step::Property(name) => format!("property '{name}'"),
            Step::Index(i) => format!("index {i}"),
        }
    }
}

/// The state of one `JSON.stringify` call.
struct Stringifier {
    gap: Vec<u16>,
    indent: Vec<u16>,
    /// The objects and arrays being written, outermost first, with the step into each.
    stack: Vec<(Value, Option<Step>)>,
    out: Vec<u16>,
}

impl Vm {
    /// `JSON.stringify` and `JSON.parse`.
    pub(crate) fn call_json(&mut self, f: LibFn, args: &[Value]) -> JsResult<Value> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(Value::UNDEFINED);
        match f {
            LibFn::JsonStringify => self.json_stringify(arg(0), arg(1), arg(2)),
            LibFn::JsonParse => {
                if matches!(arg(1).decode(), Decoded::Function(_) | Decoded::Builtin(_)) {
                    return unsupported("JSON.parse with a reviver");
                }
                let text = self.string_of(arg(0))?;
                JsonParser { vm: self, s: &text, pos: 0 }.parse_text()
            }
            other => unreachable!("{other:?} is not a JSON function"),
        }
    }

    fn json_stringify(&mut self, value: Value, replacer: Value, space: Value) -> JsResult<Value> {
        match replacer.decode() {
            Decoded::Function(_) | Decoded::Builtin(_) => return unsupported("JSON.stringify with a replacer function"),
            Decoded::Array(_) => return unsupported("JSON.stringify with a property list"),
            _ => {}
        }
        let gap: Vec<u16> = match space.decode() {
            Decoded::Int(_) | Decoded::Double(_) => {
                let n = crate::builtins_tier3::integer_or_infinity(self.to_number(space)).clamp(0.0, 10.0);
                vec![u16::from(b' '); n as usize]
            }
            Decoded::String(s) => self.heap.units(s).iter().copied().take(10).collect(),
            _ => Vec::new(),
        };
        let mut st = Stringifier { gap, indent: Vec::new(), stack: Vec::new(), out: Vec::new() };
        let written = self.with_roots(|vm| vm.serialize(&mut st, value, Value::UNDEFINED, None))?;
        if !written {
            return Ok(Value::UNDEFINED);
        }
        Ok(self.heap.alloc_utf16(st.out))
    }

    /// Writes `value` (reached from its parent by `step`; `key` is the key `toJSON` gets);
    /// false when it writes nothing (`undefined`, a function).
    fn serialize(&mut self, st: &mut Stringifier, value: Value, key: Value, step: Option<Step>) -> JsResult<bool> {
        let mut value = value;
        if matches!(value.decode(), Decoded::Object(_) | Decoded::Array(_)) {
            let to_json_name = self.heap.intern("toJSON");
            let to_json = self.load_named_uncached(value, to_json_name)?;
            if matches!(to_json.decode(), Decoded::Function(_) | Decoded::Builtin(_)) {
                let key = if key == Value::UNDEFINED { self.heap.alloc_str("") } else { key };
                value = self.call_value(to_json, value, &[key])?;
                self.heap.gc.extra_roots.push(value);
            }
        }
        match value.decode() {
            Decoded::Null => st.out.extend("null".encode_utf16()),
            Decoded::Bool(b) => st.out.extend(if b { "true" } else { "false" }.encode_utf16()),
            Decoded::String(s) => {
                let units = self.heap.units(s).to_vec();
                quote_json(&units, &mut st.out);
            }
            Decoded::Int(_) | Decoded::Double(_) => {
                let x = self.to_number(value);
                let text = if x.is_finite() { jsnum::number_to_string(x) } else { "null".into() };
                st.out.extend(text.encode_utf16());
            }
            Decoded::Undefined | Decoded::Hole | Decoded::Function(_) | Decoded::Builtin(_) => return Ok(false),
            Decoded::Object(_) | Decoded::Array(_) => {
                if let Some(start) = st.stack.iter().position(|(v, _)| *v == value) {
                    let message = self.circular_message(&st.stack[start..], step);
                    return type_error(message);
                }
                if st.stack.len() >= MAX_DEPTH {
                    return range_error("Maximum call stack size exceeded");
                }
                st.stack.push((value, step));
                let stepback = st.indent.len();
                st.indent.extend_from_slice(&st.gap.clone());
                let result = match value.decode() {
                    Decoded::Array(a) => self.serialize_array(st, a),
                    Decoded::Object(o) => self.serialize_object(st, o),
                    _ => Ok(()),
                };
                st.indent.truncate(stepback);
                st.stack.pop();
                result?;
            }
        }
        Ok(true)
    }

    /// A line break and the current indentation (nothing without a gap).
    fn json_newline(st: &mut Stringifier) {
        if !st.gap.is_empty() {
            st.out.push(u16::from(b'\n'));
            st.out.extend_from_slice(&st.indent);
        }
    }

    fn serialize_array(&mut self, st: &mut Stringifier, a: crate::value::ArrayId) -> JsResult<()> {
        let len = self.heap.array(a).elements.len();
        st.out.push(u16::from(b'['));
        if len == 0 {
            st.out.push(u16::from(b']'));
            return Ok(());
        }
        for i in 0..len {
            if i > 0 {
                st.out.push(u16::from(b','));
            }
            Self::json_newline(st);
            let e = self.heap.array(a).elements.get(i).copied().unwrap_or(Value::UNDEFINED);
            let key = self.heap.alloc_str(&i.to_string());
            if !self.serialize(st, e, key, Some(Step::Index(i)))? {
                st.out.extend("null".encode_utf16());
            }
        }
        let stepback = st.indent.len() - st.gap.len();
        st.indent.truncate(stepback);
        Self::json_newline(st);
        st.indent.extend_from_slice(&st.gap.clone());
        st.out.push(u16::from(b']'));
        Ok(())
    }

    fn serialize_object(&mut self, st: &mut Stringifier, o: ObjectId) -> JsResult<()> {
        // EnumerableOwnPropertyNames: the own enumerable keys in JavaScript's order.
        let mut keys = Vec::new();
        for (name, attrs, _) in self.ordered_own_keys(o) {
            if attrs & crate::heap::attr::DONT_ENUM != 0 {
                continue;
            }
            if attrs & crate::heap::attr::ACCESSOR != 0 {
                return throw(Throw::Unsupported("JSON.stringify of an object with an accessor property".into()));
            }
            keys.push(name);
        }
        st.out.push(u16::from(b'{'));
        let mut any = false;
        for name in keys {
            let Some(v) = self.heap.get_property(o, name) else { continue };
            let text = self.heap.name(name).to_string();
            let key = self.heap.alloc_str(&text);
            let mark = st.out.len();
            if any {
                st.out.push(u16::from(b','));
            }
            Self::json_newline(st);
            let units: Vec<u16> = text.encode_utf16().collect();
            quote_json(&units, &mut st.out);
            st.out.push(u16::from(b':'));
            if !st.gap.is_empty() {
                st.out.push(u16::from(b' '));
            }
            if self.serialize(st, v, key, Some(Step::Property(text)))? {
                any = true;
            } else {
                st.out.truncate(mark);
            }
        }
        if any {
            let stepback = st.indent.len() - st.gap.len();
            st.indent.truncate(stepback);
            Self::json_newline(st);
            st.indent.extend_from_slice(&st.gap.clone());
        }
        st.out.push(u16::from(b'}'));
        Ok(())
    }


    /// Node's message for a cycle: the path from the object met again (`cycle[0]`) around
    /// to the step that reaches it again.
    fn circular_message(&mut self, cycle: &[(Value, Option<Step>)], closing: Option<Step>) -> String {
        let mut lines = vec!["Converting circular structure to JSON".to_string()];
        let start = self.constructor_name_for_json(cycle[0].0);
        lines.push(format!("    --> starting at object with constructor '{start}'"));
        for (v, step) in &cycle[1..] {
            let name = self.constructor_name_for_json(*v);
            let step = step.as_ref().map_or(String::new(), Step::text);
            lines.push(format!("    |     {step} -> object with constructor '{name}'"));
        }
        let closing = closing.as_ref().map_or(String::new(), Step::text);
        lines.push(format!("    --- {closing} closes the circle"));
        lines.join("\n")
    }

    /// The name of `v`'s constructor (`Object`, `Array`, a class's name).
    fn constructor_name_for_json(&mut self, v: Value) -> String {
        match v.decode() {
            Decoded::Array(_) => "Array".into(),
            _ => {
                let constructor = self.heap.intern("constructor");
                match self.lookup_chain(v, constructor).map(|c| c.decode()) {
                    Some(Decoded::Function(f)) => self.program.function(f).name.clone(),
                    Some(Decoded::Builtin(b)) => self.builtin_name(b),
                    _ => "Object".into(),
                }
            }
        }
    }
}

/// The sources V8 names whole in its message instead of an unexpected token.
const SPECIAL_SOURCES: &[&str] = &["undefined", "NaN", "Infinity", "[object Object]"];

/// V8's context width around an unexpected token in long sources.
const CONTEXT: usize = 10;

/// A recursive-descent parser of JSON text (UTF-16).
struct JsonParser<'a> {
    vm: &'a mut Vm,
    s: &'a [u16],
    pos: usize,
}

impl JsonParser<'_> {
    fn error<T>(&self, message: String) -> JsResult<T> {
        throw(Throw::Error(ErrorKind::SyntaxError, message))
    }

    fn at(&self, message: &str) -> String {
        format!("{message} in JSON at position {}", self.pos)
    }

    /// The error for the character at the cursor (or the end of the text), as V8 words it.
    fn unexpected<T>(&self) -> JsResult<T> {
        let Some(&u) = self.s.get(self.pos) else { return self.error("Unexpected end of JSON input".into()) };
        let text = String::from_utf16_lossy(self.s);
        if SPECIAL_SOURCES.contains(&text.as_str()) {
            return self.error(format!("\"{text}\" is not valid JSON"));
        }
        if u == u16::from(b'"') {
            return self.error(self.at("Unexpected string"));
        }
        if (u16::from(b'0')..=u16::from(b'9')).contains(&u) || u == u16::from(b'-') {
            return self.error(self.at("Unexpected number"));
        }
        let token = String::from_utf16_lossy(&[u]);
        let len = self.s.len();
        let piece = |a: usize, b: usize| String::from_utf16_lossy(&self.s[a..b.min(len)]);
        let message = if len < CONTEXT * 2 + 1 {
            format!("Unexpected token '{token}', \"{text}\" is not valid JSON")
        } else if self.pos < CONTEXT {
            format!("Unexpected token '{token}', \"{}\"... is not valid JSON", piece(0, self.pos + CONTEXT))
        } else if self.pos < len - CONTEXT {
            format!("Unexpected token '{token}', ...\"{}\"... is not valid JSON", piece(self.pos - CONTEXT, self.pos + CONTEXT))
        } else {
            format!("Unexpected token '{token}', ...\"{}\" is not valid JSON", piece(self.pos - CONTEXT, len))
        };
        self.error(message)
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).map(|&u| u8::try_from(u).unwrap_or(0xFF))
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn parse_text(&mut self) -> JsResult<Value> {
        self.skip_whitespace();
        let v = self.parse_value(0)?;
        self.skip_whitespace();
        if self.pos < self.s.len() {
            return self.error(format!("Unexpected non-whitespace character after JSON at position {}", self.pos));
        }
        Ok(v)
    }

    fn parse_value(&mut self, depth: usize) -> JsResult<Value> {
        if depth > MAX_DEPTH {
            return range_error("Maximum call stack size exceeded");
        }
        match self.peek() {
            Some(b'"') => {
                let units = self.parse_string()?;
                Ok(self.vm.heap.alloc_utf16(units))
            }
            Some(b'-' | b'0'..=b'9') => self.parse_number(),
            Some(b'{') => self.parse_object(depth),
            Some(b'[') => self.parse_array(depth),
            Some(b't') => self.parse_literal("true", Value::TRUE),
            Some(b'f') => self.parse_literal("false", Value::FALSE),
            Some(b'n') => self.parse_literal("null", Value::NULL),
            _ => self.unexpected(),
        }
    }

    fn parse_literal(&mut self, word: &str, v: Value) -> JsResult<Value> {
        for b in word.bytes() {
            if self.peek() != Some(b) {
                return self.unexpected();
            }
            self.pos += 1;
        }
        Ok(v)
    }

    fn parse_number(&mut self) -> JsResult<Value> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return self.error(self.at("No number after minus sign"));
            }
        }
        if self.peek() == Some(b'0') {
            self.pos += 1;
            if matches!(self.peek(), Some(b'0'..=b'9')) {
                return self.error(self.at("Unexpected number"));
            }
        } else {
            while matches!(self.peek(), Some(b'0'..=b'9')) {
                self.pos += 1;
            }
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return self.error(self.at("Unterminated fractional number"));
            }
            while matches!(self.peek(), Some(b'0'..=b'9')) {
                self.pos += 1;
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return self.error(self.at("Exponent part is missing a number"));
            }
            while matches!(self.peek(), Some(b'0'..=b'9')) {
                self.pos += 1;
            }
        }
        let text = String::from_utf16_lossy(&self.s[start..self.pos]);
        Ok(Value::number(text.parse::<f64>().unwrap_or(f64::NAN)))
    }

    /// A string literal at the cursor (on its opening quote).
    fn parse_string(&mut self) -> JsResult<Vec<u16>> {
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            let Some(&u) = self.s.get(self.pos) else { return self.error(self.at("Unterminated string")) };
            match u {
                0x22 => {
                    self.pos += 1;
                    return Ok(out);
                }
                0x5C => {
                    self.pos += 1;
                    let escaped = match self.peek() {
                        Some(b'"') => 0x22,
                        Some(b'\\') => 0x5C,
                        Some(b'/') => 0x2F,
                        Some(b'b') => 0x08,
                        Some(b'f') => 0x0C,
                        Some(b'n') => 0x0A,
                        Some(b'r') => 0x0D,
                        Some(b't') => 0x09,
                        Some(b'u') => {
                            let mut code = 0u16;
                            for _ in 0..4 {
                                self.pos += 1;
                                let digit = self.s.get(self.pos).and_then(|&d| char::from_u32(u32::from(d))).and_then(|c| c.to_digit(16));
                                match digit {
                                    Some(d) => code = code * 16 + d as u16,
                                    None if self.pos >= self.s.len() => return self.error(self.at("Unterminated string")),
                                    None => return self.error(self.at("Bad Unicode escape")),
                                }
                            }
                            code
                        }
                        None => return self.error(self.at("Unterminated string")),
                        Some(_) => return self.error(self.at("Bad escaped character")),
                    };
                    out.push(escaped);
                    self.pos += 1;
                }
                u if u < 0x20 => return self.error(self.at("Bad control character in string literal")),
                u => {
                    out.push(u);
                    self.pos += 1;
                }
            }
        }
    }

    fn parse_array(&mut self, depth: usize) -> JsResult<Value> {
        self.pos += 1;
        let mut elements = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(b']') {
            self.pos += 1;
        } else {
            loop {
                self.skip_whitespace();
                elements.push(self.parse_value(depth + 1)?);
                self.skip_whitespace();
                match self.peek() {
                    Some(b',') => self.pos += 1,
                    Some(b']') => {
                        self.pos += 1;
                        break;
                    }
                    _ => return self.error(self.at("Expected ',' or ']' after array element")),
                }
            }
        }
        let array = self.vm.heap.new_elements(&elements);
        Ok(Value::array(self.vm.heap.alloc_array(array)))
    }

    fn parse_object(&mut self, depth: usize) -> JsResult<Value> {
        self.pos += 1;
        let o = self.vm.heap.alloc_object();
        self.skip_whitespace();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Value::object(o));
        }
        if self.peek() != Some(b'"') {
            return self.error(self.at("Expected property name or '}'"));
        }
        loop {
            let key = self.parse_string()?;
            self.skip_whitespace();
            if self.peek() != Some(b':') {
                return self.error(self.at("Expected ':' after property name"));
            }
            self.pos += 1;
            self.skip_whitespace();
            let v = self.parse_value(depth + 1)?;
            let key = String::from_utf16_lossy(&key);
            if key == "__proto__" {
                return unsupported("JSON.parse of a __proto__ key");
            }
            let name = self.vm.heap.intern(&key);
            self.vm.heap.set_property(o, name, v);
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_whitespace();
                    if self.peek() != Some(b'"') {
                        return self.error(self.at("Expected double-quoted property name"));
                    }
                }
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::object(o));
                }
                _ => return self.error(self.at("Expected ',' or '}' after property value")),
            }
        }
    }
}
