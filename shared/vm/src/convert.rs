//! The abstract operations of ECMAScript on seabed's values: ToBoolean, ToNumber, ToString,
//! ToPrimitive, the equality algorithms and the relational comparison.
//!
//! ToPrimitive calls an object's own or inherited `valueOf`/`toString` (user-defined methods
//! and `Error.prototype.toString`); without them a plain object is `"[object Object]"`, an
//! array its elements joined with `","`, and a function its source text.

use std::cmp::Ordering;

use jsnum::{number_to_string, string_to_number};
use crate::exception::JsResult;
use crate::value::{Decoded, Value};
use crate::Vm;

/// The hint of ToPrimitive: which of `toString` and `valueOf` is tried first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hint {
    /// `valueOf` first: `+`, `==`, relational comparison.
    Default,
    /// `toString` first: `String(x)`, ToString.
    String,
}

impl Vm {
    /// ECMAScript ToBoolean.
    pub fn to_boolean(&self, v: Value) -> bool {
        match v.decode() {
            Decoded::Int(i) => i != 0,
            Decoded::Double(x) => !(x == 0.0 || x.is_nan()),
            Decoded::Bool(b) => b,
            Decoded::Undefined | Decoded::Null | Decoded::Hole => false,
            Decoded::String(s) => !self.heap.units(s).is_empty(),
            Decoded::Object(_) | Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_) => true,
        }
    }

    /// ECMAScript ToNumber.
    pub fn to_number(&self, v: Value) -> f64 {
        match v.decode() {
            Decoded::Int(i) => i as f64,
            Decoded::Double(x) => x,
            Decoded::Bool(b) => b as i32 as f64,
            Decoded::Undefined | Decoded::Hole => f64::NAN,
            Decoded::Null => 0.0,
            Decoded::String(s) => string_to_number(&self.heap.text(s)),
            Decoded::Object(_) | Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_) => {
                string_to_number(&self.to_display_string(v))
            }
        }
    }

    /// ECMAScript ToNumber of an operand of arithmetic: an object through ToPrimitive (its
    /// `valueOf`/`toString`) first.
    pub fn to_numeric(&mut self, v: Value) -> JsResult<f64> {
        if let Some(x) = v.as_number() {
            return Ok(x);
        }
        let p = self.to_primitive(v)?;
        Ok(self.to_number(p))
    }

    /// ECMAScript ToString as Rust text, for printing and messages (lone surrogates become
    /// U+FFFD).
    pub fn to_display_string(&self, v: Value) -> String {
        match v.decode() {
            Decoded::String(s) => self.heap.text(s),
            _ => String::from_utf16_lossy(&self.to_string_units(v)),
        }
    }

    /// ECMAScript ToString as UTF-16 code units, an owned copy.
    pub fn to_string_units(&self, v: Value) -> Vec<u16> {
        self.string_units(v).into_owned()
    }

    /// ECMAScript ToString as UTF-16 code units, borrowed from the heap when `v` is a string
    /// (a string method reading one unit or a slice of a long receiver must not copy all of it:
    /// AWFY's Json reads its input one `substring(i, i + 1)` at a time).
    pub fn string_units(&self, v: Value) -> std::borrow::Cow<'_, [u16]> {
        use std::borrow::Cow;
        let ascii = |s: &str| Cow::Owned(s.encode_utf16().collect());
        match v.decode() {
            Decoded::Int(i) => ascii(&i.to_string()),
            Decoded::Double(x) => ascii(&number_to_string(x)),
            Decoded::Bool(b) => ascii(if b { "true" } else { "false" }),
            Decoded::Undefined | Decoded::Hole => ascii("undefined"),
            Decoded::Null => ascii("null"),
            Decoded::String(s) => Cow::Borrowed(self.heap.units(s)),
            Decoded::Object(o) if Some(o) == self.math_object => ascii("[object Math]"),
            Decoded::Object(_) => ascii("[object Object]"),
            Decoded::Array(a) => {
                let mut out = Vec::new();
                self.join_array(a, &mut out, &mut Vec::new());
                Cow::Owned(out)
            }
            Decoded::Function(f) => {
                let func = self.program.function(f);
                ascii(&self.program.source[func.span.0 as usize..func.span.1 as usize])
            }
            Decoded::Builtin(b) => {
                ascii(&format!("function {}() {{ [native code] }}", self.builtins[b.0 as usize].name()))
            }
        }
    }

    /// `Array.prototype.join(",")`, with cycle detection (a cycle joins as `""`, as in V8).
    fn join_array(&self, a: crate::value::ArrayId, out: &mut Vec<u16>, seen: &mut Vec<crate::value::ArrayId>) {
        if seen.contains(&a) {
            return;
        }
        seen.push(a);
        for (i, &e) in self.heap.array(a).elements.iter().enumerate() {
            if i > 0 {
                out.push(b',' as u16);
            }
            match e.decode() {
                Decoded::Undefined | Decoded::Null | Decoded::Hole => {}
                Decoded::Array(inner) => self.join_array(inner, out, seen),
                _ => out.extend(self.to_string_units(e)),
            }
        }
        seen.pop();
    }

    /// ECMAScript ToString, as a string value (strings are returned unchanged): an object is
    /// converted by ToPrimitive with hint string (its `toString`, then its `valueOf`).
    pub fn to_string_value(&mut self, v: Value) -> JsResult<Value> {
        if let Decoded::String(_) = v.decode() {
            return Ok(v);
        }
        let p = self.to_primitive_hint(v, Hint::String)?;
        if let Decoded::String(_) = p.decode() {
            return Ok(p);
        }
        let s = self.to_string_units(p);
        Ok(self.heap.alloc_utf16(s))
    }

    /// ECMAScript ToPrimitive with the default hint (`+`, `==`, relational comparison).
    pub fn to_primitive(&mut self, v: Value) -> JsResult<Value> {
        self.to_primitive_hint(v, Hint::Default)
    }

    /// ECMAScript ToPrimitive: a primitive is itself; an object's `valueOf` and `toString`
    /// (in the hint's order) found on its prototype chain are called, and the first primitive
    /// result is the answer. `Error.prototype.toString` is a builtin like any other. Where the
    /// chain has neither (seabed models no `Object.prototype` object), the object converts as
    /// `Object.prototype.toString`, `Array.prototype.join` or `Function.prototype.toString`
    /// would ([`Vm::string_units`]).
    pub fn to_primitive_hint(&mut self, v: Value, hint: Hint) -> JsResult<Value> {
        if !matches!(v.decode(), Decoded::Object(_) | Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_)) {
            return Ok(v);
        }
        let (to_string, value_of) = (self.names.to_string, self.names.value_of);
        let order = match hint {
            Hint::String => [to_string, value_of],
            Hint::Default => [value_of, to_string],
        };
        for name in order {
            let method = match v.decode() {
                Decoded::Object(_) | Decoded::Function(_) | Decoded::Builtin(_) => self.get_property(v, v, name)?,
                _ => None,
            };
            match method {
                // Object.prototype.valueOf gives the object itself: not a primitive.
                None if name == value_of => continue,
                // Object.prototype.toString, Array.prototype.toString (join) or
                // Function.prototype.toString.
                None => {
                    let s = match v.decode() {
                        Decoded::Array(a) => self.array_to_string(a)?,
                        _ => self.to_string_units(v),
                    };
                    return Ok(self.heap.alloc_utf16(s));
                }
                Some(m) if matches!(m.decode(), Decoded::Function(_) | Decoded::Builtin(_)) => {
                    let result = self.call_value(m, v, &[])?;
                    if !matches!(result.decode(), Decoded::Object(_) | Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_)) {
                        return Ok(result);
                    }
                }
                // A property that is not callable hides the inherited method.
                Some(_) => continue,
            }
        }
        Err(Box::new(crate::Exception {
            throw: crate::Throw::Error(crate::ErrorKind::TypeError, "Cannot convert object to primitive value".into()),
            location: None,
        }))
    }

    /// True if `v` is a string value.
    pub fn is_string(&self, v: Value) -> bool {
        matches!(v.decode(), Decoded::String(_))
    }

    /// ECMAScript IsStrictlyEqual (`===`).
    pub fn strict_equals(&self, a: Value, b: Value) -> bool {
        if let (Some(x), Some(y)) = (a.as_number(), b.as_number()) {
            return x == y;
        }
        match (a.decode(), b.decode()) {
            // Lengths first: strings of different lengths differ without flattening a rope.
            (Decoded::String(x), Decoded::String(y)) => {
                x == y || (self.heap.string_length(x) == self.heap.string_length(y) && self.heap.units(x) == self.heap.units(y))
            }
            _ => a == b,
        }
    }

    /// ECMAScript IsLooselyEqual (`==`).
    pub fn loose_equals(&mut self, a: Value, b: Value) -> JsResult<bool> {
        use Decoded::*;
        let (da, db) = (a.decode(), b.decode());
        let is_num = |d: &Decoded| matches!(d, Int(_) | Double(_));
        let is_obj = |d: &Decoded| matches!(d, Object(_) | Array(_) | Function(_) | Builtin(_));
        let nullish = |d: &Decoded| matches!(d, Undefined | Null | Hole);
        if nullish(&da) || nullish(&db) {
            return Ok(nullish(&da) && nullish(&db));
        }
        if is_num(&da) && is_num(&db) || std::mem::discriminant(&da) == std::mem::discriminant(&db) {
            return Ok(self.strict_equals(a, b));
        }
        match (da, db) {
            (String(_), _) if is_num(&db) => Ok(self.to_number(a) == self.to_number(b)),
            (_, String(_)) if is_num(&da) => Ok(self.to_number(a) == self.to_number(b)),
            (Bool(x), _) => self.loose_equals(Value::int(x as i32), b),
            (_, Bool(y)) => self.loose_equals(a, Value::int(y as i32)),
            _ if is_obj(&da) && !is_obj(&db) => {
                let pa = self.to_primitive_for_default_hint(a)?;
                self.loose_equals(pa, b)
            }
            _ if is_obj(&db) && !is_obj(&da) => {
                let pb = self.to_primitive_for_default_hint(b)?;
                self.loose_equals(a, pb)
            }
            _ => Ok(false),
        }
    }

    /// ECMAScript IsLessThan: `Some(ordering)` or `None` when a NaN is involved.
    pub fn compare_values(&mut self, a: Value, b: Value) -> JsResult<Option<Ordering>> {
        if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
            return Ok(Some(x.cmp(&y)));
        }
        if let (Some(x), Some(y)) = (a.as_number(), b.as_number()) {
            return Ok(x.partial_cmp(&y));
        }
        let pa = self.to_primitive(a)?;
        let pb = self.to_primitive(b)?;
        if let (Decoded::String(x), Decoded::String(y)) = (pa.decode(), pb.decode()) {
            // Strings compare by UTF-16 code units.
            return Ok(Some(self.heap.units(x).cmp(self.heap.units(y))));
        }
        Ok(self.to_number(pa).partial_cmp(&self.to_number(pb)))
    }
}
