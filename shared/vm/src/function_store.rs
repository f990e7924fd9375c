//! Stores to a property of a function value (`C.x = v`, `F.prototype = p`) that respect the
//! property's attributes: a setter found on the function or up its chain (a class's static
//! accessor, one `Object.defineProperty` made) runs with the function as `this`, and a
//! read-only property keeps its value.
//!
//! A function's own properties live in its property object (`Heap::function_props`); a plain
//! store adds or overwrites a slot there. A refused store in strict code throws a TypeError
//! whose message names the function by its source text, which seabed does not keep: that
//! traps instead.

use frontend::bytecode::{FunctionKind, NameId};

use crate::exception::{JsResult, Throw};
use crate::heap::attr;
use crate::value::{Decoded, Value};
use crate::Vm;

impl Vm {
    /// `f.name = v` for a function value `f`; `strict`: the store is in strict code.
    pub(crate) fn store_function_property_checked(&mut self, f: Value, name: NameId, v: Value, strict: bool) -> JsResult<()> {
        let text = self.heap.name(name);
        if (text == "arguments" || text == "caller") && !self.is_class_value(f) {
            return self.store_arguments_or_caller(f, strict);
        }
        let mut holder = f;
        for _ in 0..10_000 {
            if let Some(h) = self.property_holder(holder) {
                if let Some((slot, attrs)) = self.own_slot(h, name) {
                    if attrs & attr::ACCESSOR != 0 {
                        let pair = self.heap.object(h).slots[slot as usize];
                        let setter = self.accessor_half(pair, true);
                        if setter == Value::UNDEFINED {
                            return refused(strict, "a function's property that has only a getter");
                        }
                        self.call_value(setter, f, &[v])?;
                        return Ok(());
                    }
                    if attrs & attr::READ_ONLY != 0 {
                        return refused(strict, "a function's read-only property");
                    }
                    break;
                }
            }
            holder = self.prototype_of(holder);
            if holder == Value::NULL {
                break;
            }
        }
        self.store_function_property(f, name, v);
        Ok(())
    }
}

impl Vm {
    /// Whether `f` is a class: its static members named `arguments` or `caller` are defined
    /// with stores (node defines them), so a store to those names on a class stays a plain
    /// store.
    fn is_class_value(&self, f: Value) -> bool {
        matches!(f.decode(), Decoded::Function(func) if matches!(self.program.function(func).kind, FunctionKind::ClassConstructor { .. }))
    }

    /// `f.arguments = v` and `f.caller = v`. A sloppy-mode `function` has both as read-only
    /// own properties (holding `null`); every other function inherits a poisoned accessor
    /// pair from `Function.prototype` whose setter throws.
    fn store_arguments_or_caller(&mut self, f: Value, strict: bool) -> JsResult<()> {
        let sloppy_function = match f.decode() {
            Decoded::Function(func) => {
                let func = self.program.function(func);
                func.kind == FunctionKind::Normal && !func.strict
            }
            _ => false,
        };
        if sloppy_function {
            return refused(strict, "a sloppy-mode function's 'arguments' or 'caller'");
        }
        Err(Box::new(crate::Exception {
            throw: Throw::Error(
                crate::ErrorKind::TypeError,
                "'caller', 'callee', and 'arguments' properties may not be accessed on strict mode functions or the arguments objects for calls to them".into(),
            ),
            location: None,
        }))
    }
}

/// A store the property's attributes refuse: ignored in sloppy code; in strict code node
/// throws a TypeError that quotes the function's source, which traps here.
fn refused(strict: bool, what: &str) -> JsResult<()> {
    if strict {
        return Err(Box::new(crate::Exception {
            throw: Throw::Unsupported(format!("a strict-mode store to {what} (the TypeError quotes the function's source)")),
            location: None,
        }));
    }
    Ok(())
}
