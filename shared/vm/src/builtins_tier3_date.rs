//! Time and chance: `Date.now()`, `new Date()` with `getTime`/`valueOf` (what benchmark
//! harnesses use to measure time; the rest of `Date` traps), and `Math.random` as V8's
//! xorshift128+.
//!
//! A `Date` instance is an object whose prototype is the vm's `Date.prototype` and whose time
//! value sits in an own property under an internal name (`[[DateValue]]`, not a name a program
//! writes by accident); `console.log` of a Date traps (node prints it as an ISO time, which
//! seabed does not format), and so do its conversion to a string (`Date.prototype.toString`,
//! also where `+` converts it: a Date's default conversion is to a string) and a read of any
//! `Date` member seabed lacks.
//!
//! `Math.random()` takes the next value of the vm's generator (`builtins_tier3_random.rs`,
//! V8's xorshift128+, seeded as `node --random-seed=N`).

use crate::builtins::Builtin;
use crate::builtins_tier3::{type_error, unsupported, LibFn};
use crate::exception::JsResult;
use crate::value::{Decoded, Value};
use crate::Vm;

/// The internal property name that holds a Date's time value.
const DATE_VALUE: &str = "[[DateValue]]";

/// Milliseconds since the Unix epoch, whole (as `Date.now()`).
fn now_ms() -> f64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    since.as_millis() as f64
}

/// ECMAScript TimeClip: NaN outside ±8.64e15 ms, else the integer part (`-0` is `+0`).
fn time_clip(t: f64) -> f64 {
    if !t.is_finite() || t.abs() > 8.64e15 {
        f64::NAN
    } else {
        t.trunc() + 0.0
    }
}

impl Vm {
    /// `Date.prototype`, made on first use with the methods seabed implements.
    pub(crate) fn date_prototype(&mut self) -> Value {
        if let Some(p) = self.lib.date_prototype {
            return p;
        }
        let o = self.heap.alloc_object();
        for f in crate::builtins_tier3::DATE_METHODS {
            let v = self.builtin_value(f.lookup_key());
            self.add_builtin_property(o, f.name(), v);
        }
        let date = self.builtin_value("Date");
        self.add_builtin_property(o, "constructor", date);
        let p = Value::object(o);
        self.lib.date_prototype = Some(p);
        p
    }

    /// True if `v` is a Date instance.
    pub(crate) fn is_date(&self, v: Value) -> bool {
        self.date_value(v).is_some()
    }

    /// The time value of Date instance `v`.
    fn date_value(&self, v: Value) -> Option<f64> {
        let Decoded::Object(o) = v.decode() else { return None };
        let proto = self.lib.date_prototype?;
        if self.heap.proto_of_shape(self.heap.object(o).shape) != proto {
            return None;
        }
        let name = self.heap.lookup_name(DATE_VALUE)?;
        self.heap.get_property(o, name).and_then(Value::as_number)
    }

    /// The `Date` functions: the constructor (`construct`: called by `new`), `Date.now`, the
    /// two methods that read the time value and the `toString` that traps.
    pub(crate) fn call_date(&mut self, f: LibFn, this: Value, args: &[Value], construct: bool) -> JsResult<Value> {
        match f {
            LibFn::Date if !construct => unsupported("Date() called as a function (a date string)"),
            LibFn::Date => {
                let t = match args {
                    [] => now_ms(),
                    [v] => match self.date_value(*v) {
                        Some(t) => t,
                        None => {
                            let p = self.to_primitive(*v)?;
                            if self.is_string(p) {
                                return unsupported("new Date(string) (date parsing)");
                            }
                            time_clip(self.to_numeric(p)?)
                        }
                    },
                    _ => return unsupported("new Date(year, month, ...) (calendar dates)"),
                };
                let proto = self.date_prototype();
                let o = self.heap.alloc_object_with_proto(proto);
                let name = self.heap.intern(DATE_VALUE);
                self.heap.set_property(o, name, Value::number(t));
                Ok(Value::object(o))
            }
            LibFn::DateNow => Ok(Value::number(now_ms())),
            LibFn::DateToString => unsupported("Date.prototype.toString (date formatting)"),
            _ => match self.date_value(this) {
                Some(t) => Ok(Value::number(t)),
                None => type_error("this is not a Date object."),
            },
        }
    }

    /// ToPrimitive where the specification passes the hint `default` (`+`, `==`): a Date
    /// converts to a string first (its `toString`), anything else as seabed's default hint.
    pub(crate) fn to_primitive_for_default_hint(&mut self, v: Value) -> JsResult<Value> {
        let hint = if self.is_date(v) { crate::convert::Hint::String } else { crate::convert::Hint::Default };
        self.to_primitive_hint(v, hint)
    }

    /// `Math.random()`.
    pub(crate) fn math_random(&mut self) -> Value {
        Value::number(self.lib.random.next_double())
    }
}

impl Builtin {
    /// True for the library builtins whose results depend on the moment (`Date.now`, `new
    /// Date()`).
    pub fn is_clock(self) -> bool {
        matches!(self, Builtin::Lib(LibFn::Date | LibFn::DateNow))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_clip_keeps_whole_milliseconds() {
        assert_eq!(time_clip(1.7), 1.0);
        assert!(time_clip(8.7e15).is_nan());
        assert!(time_clip(-0.0).is_sign_positive());
    }
}
