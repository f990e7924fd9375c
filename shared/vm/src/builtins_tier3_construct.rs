//! `new Object(value)`: the one constructor among the `Object` builtins.
//!
//! `new Object()` and `new Object(undefined | null)` make a fresh plain object (what `{}`
//! makes); `new Object(o)` of an object returns `o` itself. A primitive would need a wrapper
//! object (`new Number(1)`), which seabed does not have: that traps, as `new Number` does.

use crate::exception::{JsResult, Throw};
use crate::value::{Decoded, Value};
use crate::Vm;

impl Vm {
    /// `new Object(...)` with the arguments after `stack[args]`.
    pub(crate) fn construct_object(&mut self, args: usize, argc: u32) -> JsResult<Value> {
        let value = if argc > 0 { self.stack[args + 1] } else { Value::UNDEFINED };
        match value.decode() {
            Decoded::Undefined | Decoded::Null => Ok(Value::object(self.heap.alloc_object())),
            Decoded::Object(_) | Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_) => Ok(value),
            _ => Err(Box::new(crate::Exception {
                throw: Throw::Unsupported("new Object of a primitive (wrapper objects)".into()),
                location: None,
            })),
        }
    }
}
