//! The Tier-2 builtins: the array methods `forEach`, `map`, `filter`, `reduce`, `fill`,
//! `slice`, `indexOf` and `join`; the string methods `substring`, `indexOf` and
//! `charCodeAt`; writing an array's `length`; and the `process` object with
//! `process.stdout.write`.
//!
//! Arrays are dense vectors with holes (`Value::HOLE`), so "element `k` is present" is "index
//! `k` is below the current length and not a hole"; nothing inherited fills a hole (seabed's
//! `Array.prototype` has no indexed properties, like node's). Methods that take a callback
//! read the length once and each element when the loop reaches it, as the specification
//! says, so a callback that shrinks or grows the array sees the same behaviour as in node.

use crate::builtins::{Builtin, Iteration};
use crate::heap::Array;
use crate::interp::{ErrorKind, Exception, JsResult, Throw};
use crate::value::{ArrayId, BuiltinId, Decoded, Value};
use crate::Vm;

/// The longest array `.length = n` makes (as for `Array(n)`, longer ones trap).
const MAX_ARRAY_LENGTH: usize = 1 << 27;

fn throw<T>(t: Throw) -> JsResult<T> {
    Err(Box::new(Exception { throw: t, location: None }))
}

fn type_error<T>(msg: String) -> JsResult<T> {
    throw(Throw::Error(ErrorKind::TypeError, msg))
}

/// ECMAScript ToIntegerOrInfinity of a number (NaN is 0; `-0` is `+0`).
fn integer_or_infinity(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.trunc() + 0.0
    }
}

/// A relative index (`start`/`end` of `slice` and `fill`) resolved against `len`: negative
/// ones count from the end; the result is clamped to `0..=len`.
fn relative_index(x: f64, len: usize) -> usize {
    let len_f = len as f64;
    if x < 0.0 {
        (len_f + x).max(0.0) as usize
    } else {
        x.min(len_f) as usize
    }
}

impl Vm {
    /// Calls one of the Tier-2 array and string methods; the receiver is `stack[args]`, the
    /// `argc` arguments follow it.
    pub(crate) fn call_tier2_builtin(&mut self, builtin: Builtin, args: usize, argc: u32) -> JsResult<Value> {
        let this = self.stack[args];
        let argv: Vec<Value> = self.stack[args + 1..args + 1 + argc as usize].to_vec();
        let arg = |i: usize| argv.get(i).copied().unwrap_or(Value::UNDEFINED);
        match builtin {
            Builtin::ArrayIterate(iteration) => {
                let a = self.this_array(this, builtin)?;
                self.array_iterate(a, this, iteration, arg(0), arg(1))
            }
            Builtin::ArrayReduce => {
                let a = self.this_array(this, builtin)?;
                let initial = (argc >= 2).then(|| arg(1));
                self.array_reduce(a, this, arg(0), initial)
            }
            Builtin::ArrayFill => {
                let a = self.this_array(this, builtin)?;
                let len = self.heap.array(a).elements.len();
                let (start, end) = self.index_range(arg(1), arg(2), len);
                let value = arg(0);
                let array = self.heap.array_mut(a);
                for k in start..end {
                    array.set(k, value);
                }
                Ok(this)
            }
            Builtin::ArraySlice => {
                let a = self.this_array(this, builtin)?;
                let len = self.heap.array(a).elements.len();
                let (start, end) = self.index_range(arg(0), arg(1), len);
                let elements = if start < end { self.heap.array(a).elements[start..end].to_vec() } else { Vec::new() };
                Ok(Value::array(self.heap.alloc_array(Array::new(elements))))
            }
            Builtin::ArrayIndexOf => {
                let a = self.this_array(this, builtin)?;
                let len = self.heap.array(a).elements.len();
                if len == 0 {
                    return Ok(Value::int(-1));
                }
                let from = integer_or_infinity(self.to_number(arg(1)));
                let start = if from >= 0.0 { from.min(len as f64) as usize } else { relative_index(from, len) };
                let search = arg(0);
                let elements = &self.heap.array(a).elements;
                let found = (start..len).find(|&k| !elements[k].is_hole() && self.strict_equals(elements[k], search));
                Ok(Value::number(found.map_or(-1.0, |k| k as f64)))
            }
            Builtin::ArrayJoin => {
                let a = self.this_array(this, builtin)?;
                let separator = match arg(0) {
                    Value::UNDEFINED => vec![u16::from(b',')],
                    s => self.to_string_units(s),
                };
                let mut out = Vec::new();
                self.join_elements(a, &separator, &mut out, &mut vec![a]);
                Ok(self.heap.alloc_utf16(out))
            }
            Builtin::StringSubstring => {
                let s = self.this_string_units(this, builtin)?;
                let len = s.len();
                let clamp = |x: f64| x.clamp(0.0, len as f64) as usize;
                let start = clamp(integer_or_infinity(self.to_number(arg(0))));
                let end = match arg(1) {
                    Value::UNDEFINED => len,
                    e => clamp(integer_or_infinity(self.to_number(e))),
                };
                let (from, to) = (start.min(end), start.max(end));
                Ok(self.heap.alloc_utf16(s[from..to].to_vec()))
            }
            Builtin::StringIndexOf => {
                let s = self.this_string_units(this, builtin)?;
                let search = self.to_string_units(arg(0));
                let position = integer_or_infinity(self.to_number(arg(1)));
                let start = position.clamp(0.0, s.len() as f64) as usize;
                let found = if search.is_empty() {
                    Some(start)
                } else {
                    (start..s.len()).find(|&k| s[k..].starts_with(&search))
                };
                Ok(Value::number(found.map_or(-1.0, |k| k as f64)))
            }
            Builtin::StringCharCodeAt => {
                let s = self.this_string_units(this, builtin)?;
                let position = integer_or_infinity(self.to_number(arg(0)));
                if position < 0.0 || position >= s.len() as f64 {
                    return Ok(Value::double(f64::NAN));
                }
                Ok(Value::int(i32::from(s[position as usize])))
            }
            other => throw(Throw::Internal(format!("{} is not a Tier-2 array or string method", other.name()))),
        }
    }

    /// The receiver of an array method: only arrays are supported (`Array.prototype.m.call`
    /// on another object traps).
    fn this_array(&self, this: Value, method: Builtin) -> JsResult<ArrayId> {
        match this.decode() {
            Decoded::Array(a) => Ok(a),
            _ => throw(Throw::Unsupported(format!("{} on a non-array", method.name()))),
        }
    }

    /// The receiver of a `String.prototype` method as UTF-16 (`RequireObjectCoercible`, then
    /// ToString).
    fn this_string_units(&self, this: Value, method: Builtin) -> JsResult<Vec<u16>> {
        match this.decode() {
            Decoded::Undefined | Decoded::Null | Decoded::Hole => {
                type_error(format!("String.prototype.{} called on null or undefined", method.name()))
            }
            _ => Ok(self.to_string_units(this)),
        }
    }

    /// The `start`/`end` arguments of `slice` and `fill` resolved against `len` (`end`
    /// undefined is `len`).
    fn index_range(&self, start: Value, end: Value, len: usize) -> (usize, usize) {
        let start = relative_index(integer_or_infinity(self.to_number(start)), len);
        let end = match end {
            Value::UNDEFINED => len,
            e => relative_index(integer_or_infinity(self.to_number(e)), len),
        };
        (start, end)
    }

    /// TypeError unless `callback` can be called.
    fn check_callable(&self, callback: Value) -> JsResult<()> {
        match callback.decode() {
            Decoded::Function(_) | Decoded::Builtin(_) => Ok(()),
            _ => type_error(format!("{} is not a function", self.value_for_message(callback))),
        }
    }

    /// `forEach`, `map` and `filter` of array `a` (the value `array`).
    fn array_iterate(&mut self, a: ArrayId, array: Value, iteration: Iteration, callback: Value, receiver: Value) -> JsResult<Value> {
        self.check_callable(callback)?;
        let len = self.heap.array(a).elements.len();
        let mut mapped = match iteration {
            Iteration::Map => vec![Value::HOLE; len],
            _ => Vec::new(),
        };
        for k in 0..len {
            let Some(&element) = self.heap.array(a).elements.get(k) else { break };
            if element.is_hole() {
                continue;
            }
            let result = self.call_value(callback, receiver, &[element, Value::int(k as i32), array])?;
            match iteration {
                Iteration::ForEach => {}
                Iteration::Map => mapped[k] = result,
                Iteration::Filter => {
                    if self.to_boolean(result) {
                        mapped.push(element);
                    }
                }
            }
        }
        Ok(match iteration {
            Iteration::ForEach => Value::UNDEFINED,
            _ => Value::array(self.heap.alloc_array(Array::new(mapped))),
        })
    }

    /// `reduce` of array `a` (the value `array`), with an initial value if one was passed.
    fn array_reduce(&mut self, a: ArrayId, array: Value, callback: Value, initial: Option<Value>) -> JsResult<Value> {
        self.check_callable(callback)?;
        let len = self.heap.array(a).elements.len();
        let present = |vm: &Vm, k: usize| vm.heap.array(a).elements.get(k).copied().filter(|v| !v.is_hole());
        let mut k = 0;
        let mut accumulator = match initial {
            Some(v) => v,
            None => loop {
                if k >= len {
                    return type_error("Reduce of empty array with no initial value".into());
                }
                k += 1;
                if let Some(v) = present(self, k - 1) {
                    break v;
                }
            },
        };
        while k < len {
            if let Some(element) = present(self, k) {
                accumulator = self.call_value(callback, Value::UNDEFINED, &[accumulator, element, Value::int(k as i32), array])?;
            }
            k += 1;
        }
        Ok(accumulator)
    }

    /// Appends the elements of array `a` joined by `separator` to `out`: `undefined`, `null`
    /// and holes as nothing, nested arrays joined with `,`, an array already being joined
    /// (`active`, a cycle) as nothing, as V8 does.
    fn join_elements(&self, a: ArrayId, separator: &[u16], out: &mut Vec<u16>, active: &mut Vec<ArrayId>) {
        for (i, &e) in self.heap.array(a).elements.iter().enumerate() {
            if i > 0 {
                out.extend_from_slice(separator);
            }
            match e.decode() {
                Decoded::Undefined | Decoded::Null | Decoded::Hole => {}
                Decoded::Array(inner) if active.contains(&inner) => {}
                Decoded::Array(inner) => {
                    active.push(inner);
                    self.join_elements(inner, &[u16::from(b',')], out, active);
                    active.pop();
                }
                _ => out.extend(self.to_string_units(e)),
            }
        }
    }

    /// `array.length = v`: truncates the array or extends it with holes. RangeError `Invalid
    /// array length` unless `v` is a number (after ToNumber) in `0..2^32` with no fraction.
    pub(crate) fn set_array_length(&mut self, a: ArrayId, v: Value) -> JsResult<()> {
        let n = self.to_number(v);
        if !(0.0..4294967296.0).contains(&n) || n.fract() != 0.0 {
            return throw(Throw::Error(ErrorKind::RangeError, "Invalid array length".into()));
        }
        let len = n as usize;
        if len > MAX_ARRAY_LENGTH {
            return throw(Throw::Unsupported("an array longer than 2^27 elements".into()));
        }
        let array = self.heap.array_mut(a);
        if len > array.elements.len() {
            array.holey = true;
            array.elements.resize(len, Value::HOLE);
        } else {
            array.elements.with_vec(|v| v.truncate(len));
        }
        Ok(())
    }

    /// The text `process.stdout.write(...)` writes: its first argument, which must be a
    /// string (node's TypeError otherwise; Buffers and typed arrays do not exist in seabed).
    pub(crate) fn stdout_write_text(&self, args: usize, argc: u32) -> JsResult<String> {
        let chunk = if argc > 0 { self.stack[args + 1] } else { Value::UNDEFINED };
        let received = match chunk.decode() {
            Decoded::String(s) => return Ok(self.heap.text(s)),
            Decoded::Undefined | Decoded::Hole => "undefined".to_string(),
            Decoded::Null => "null".to_string(),
            Decoded::Bool(b) => format!("type boolean ({b})"),
            Decoded::Int(_) | Decoded::Double(_) => {
                format!("type number ({})", crate::console::format_number(self.to_number(chunk)))
            }
            _ => return throw(Throw::Unsupported("process.stdout.write of an object or function".into())),
        };
        type_error(format!(
            "The \"chunk\" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received {received}"
        ))
    }

    /// The `process` global: an object whose `stdout` is an object with `write`
    /// ([`Builtin::ProcessStdoutWrite`]); nothing else of node's `process` exists.
    pub(crate) fn create_process_object(&mut self) -> Value {
        let write = self.builtins.iter().position(|&b| b == Builtin::ProcessStdoutWrite).expect("process.stdout.write is a builtin");
        let stdout = self.heap.alloc_object();
        let name = self.heap.intern("write");
        self.heap.set_property(stdout, name, Value::builtin(BuiltinId(write as u32)));
        let process = self.heap.alloc_object();
        let name = self.heap.intern("stdout");
        self.heap.set_property(process, name, Value::object(stdout));
        Value::object(process)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_indices_count_from_the_end_and_clamp() {
        assert_eq!(relative_index(-1.0, 5), 4);
        assert_eq!(relative_index(-9.0, 5), 0);
        assert_eq!(relative_index(2.0, 5), 2);
        assert_eq!(relative_index(f64::INFINITY, 5), 5);
        assert_eq!(relative_index(f64::NEG_INFINITY, 5), 0);
        assert_eq!(integer_or_infinity(f64::NAN), 0.0);
        assert_eq!(integer_or_infinity(-2.7), -2.0);
        assert!(integer_or_infinity(-0.5).is_sign_positive());
    }
}
