//! Own properties of node's built-in objects, which seabed models in part (`Number`, `Math`,
//! `Date.prototype`, the error constructors and prototypes, `JSON`):
//! - `hasOwnProperty`: an own property node has there and seabed serves answers `true`; one
//!   node has and seabed lacks traps (answering `false` would be a wrong answer, as reading it
//!   would be `undefined`); any other name is `false`, as in node (on `Date` and
//!   `Date.prototype`, which the census leaves out, every name seabed lacks traps);
//! - their properties are not enumerable (`Object.keys(Math)` is empty, as in node).

use frontend::bytecode::NameId;
use frontend::census;

use crate::builtins::Builtin;
use crate::exception::{JsResult, Throw};
use crate::heap::attr;
use crate::value::ObjectId;
use crate::value::{Decoded, Value};
use crate::{ErrorKind, Vm};

impl Vm {
    /// Adds property `name` to the built-in object `o`, not enumerable (as node's built-in
    /// properties are).
    pub(crate) fn add_builtin_property(&mut self, o: ObjectId, name: &str, v: Value) {
        let n = self.heap.intern(name);
        let shape = self.heap.transition_with(self.heap.object(o).shape, n, attr::DONT_ENUM);
        self.heap.add_slot(o, shape, v);
    }

    /// `v.hasOwnProperty(name)`, with node's built-in objects answered from the census.
    pub(crate) fn has_own_property_or_trap(&mut self, v: Value, name: NameId) -> JsResult<bool> {
        if self.has_own_property(v, name) {
            return Ok(true);
        }
        let Some(holder) = self.own_census_holder(v) else { return Ok(false) };
        let text = self.heap.name(name).to_string();
        // The census leaves out `Date` and `Date.prototype`: any name seabed lacks there traps,
        // as a read of it does.
        let date = matches!(holder, "Date" | "Date.prototype") && !matches!(text.as_str(), "name" | "length" | "prototype");
        if !date && !census::has(holder, &text) {
            return Ok(false);
        }
        if let Decoded::Builtin(b) = v.decode() {
            if self.builtin_static(b, name).is_some() {
                return Ok(true);
            }
        }
        Err(Box::new(crate::Exception { throw: Throw::Unsupported(format!("{holder}.{text}")), location: None }))
    }

    /// The census holder whose own properties are those of `v` in node, when `v` is one of
    /// node's built-in objects seabed models.
    fn own_census_holder(&mut self, v: Value) -> Option<&'static str> {
        match v.decode() {
            Decoded::Builtin(b) => match self.builtins[b.0 as usize] {
                Builtin::Number => Some("Number"),
                Builtin::String => Some("String"),
                Builtin::Array => Some("Array"),
                Builtin::Object(crate::object_functions::ObjectFunction::Constructor) => Some("Object"),
                Builtin::Lib(crate::builtins_tier3::LibFn::Date) => Some("Date"),
                Builtin::Error(kind) => Some(kind.name()),
                _ => None,
            },
            Decoded::Object(o) if Some(o) == self.math_object => Some("Math"),
            Decoded::Object(_) if Some(v) == self.lib.date_prototype => Some("Date.prototype"),
            Decoded::Object(_) if Some(v) == self.lib.json_object => Some("JSON"),
            Decoded::Object(_) => ErrorKind::ALL.iter().find(|&&k| self.error_prototypes.get(&k) == Some(&v)).map(|&k| error_prototype_holder(k)),
            _ => None,
        }
    }
}

/// The census holder of an error kind's prototype.
fn error_prototype_holder(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Error => "Error.prototype",
        ErrorKind::TypeError => "TypeError.prototype",
        ErrorKind::RangeError => "RangeError.prototype",
        ErrorKind::ReferenceError => "ReferenceError.prototype",
        ErrorKind::SyntaxError => "SyntaxError.prototype",
    }
}
