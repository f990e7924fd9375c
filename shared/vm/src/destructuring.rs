//! The runtime side of the frontend's desugared syntax (destructuring, spread and rest):
//! the TypeError of destructuring `null` or `undefined`, `ToIterable` (what array
//! destructuring, array spread, spread arguments and `for-of` index), calls with spread
//! arguments, `CopyDataProperties` (object spread and rest) and the array a rest parameter
//! receives. The interpreter and compiled code (through `Vm::runtime_call`) share these.

use frontend::bytecode::{ConstId, Constant, FuncId, NameId};

use crate::exception::{ErrorKind, Exception, JsResult, Throw};
use crate::value::{Decoded, Value};
use crate::Vm;

fn type_error<T>(msg: String) -> JsResult<T> {
    Err(Box::new(Exception { throw: Throw::Error(ErrorKind::TypeError, msg), location: None }))
}

fn unsupported<T>(what: &str) -> JsResult<T> {
    Err(Box::new(Exception { throw: Throw::Unsupported(what.to_string()), location: None }))
}

impl Vm {
    /// The text of string constant `k` of `func` (empty for none).
    fn constant_text(&self, func: FuncId, k: ConstId) -> String {
        match self.program.function(func).constants.get(k.0 as usize) {
            Some(Constant::String(units)) => String::from_utf16_lossy(units),
            _ => String::new(),
        }
    }

    /// Throws V8's TypeError for destructuring `value` (`null` or `undefined`): "Cannot
    /// destructure property 'P' of 'T' as it is undefined." or, without a property, "Cannot
    /// destructure 'T' as it is null." `T` is the quoted source text, else the value.
    pub(crate) fn throw_non_coercible(&self, func: FuncId, value: Value, property: Option<NameId>, text: Option<ConstId>) -> JsResult<Value> {
        let what = if value == Value::NULL { "null" } else { "undefined" };
        let text = text.map(|k| self.constant_text(func, k)).unwrap_or_else(|| what.to_string());
        match property {
            Some(p) => {
                let name = self.program.name(p);
                type_error(format!("Cannot destructure property '{name}' of '{text}' as it is {what}."))
            }
            None => type_error(format!("Cannot destructure '{text}' as it is {what}.")),
        }
    }

    /// `ToIterable`: an array as it is, a string as a new array of its code points; anything
    /// else throws V8's TypeError (`text`: the quoted source text of the iterated expression,
    /// empty for none; `call`: a spread argument).
    pub(crate) fn to_iterable(&mut self, func: FuncId, value: Value, text: ConstId, call: bool) -> JsResult<Value> {
        match value.decode() {
            Decoded::Array(_) => Ok(value),
            Decoded::String(s) => {
                self.safepoint()?;
                let units = self.heap.units(s).to_vec();
                let mut points = Vec::with_capacity(units.len());
                let mut i = 0;
                while i < units.len() {
                    let pair = (0xD800..0xDC00).contains(&units[i])
                        && units.get(i + 1).is_some_and(|u| (0xDC00..0xE000).contains(u));
                    let n = if pair { 2 } else { 1 };
                    points.push(self.heap.alloc_utf16(units[i..i + n].to_vec()));
                    i += n;
                }
                let array = self.heap.new_elements(&points);
                Ok(Value::array(self.heap.alloc_array(array)))
            }
            _ => {
                let text = self.constant_text(func, text);
                type_error(self.not_iterable_message(value, &text, call))
            }
        }
    }

    /// V8's message for iterating a value that is not iterable.
    fn not_iterable_message(&self, value: Value, text: &str, call: bool) -> String {
        let nullish = matches!(value.decode(), Decoded::Undefined | Decoded::Null | Decoded::Hole);
        let what = if value == Value::NULL { "null" } else { "undefined" };
        if call && !nullish {
            return "Spread syntax requires ...iterable[Symbol.iterator] to be a function".into();
        }
        if call {
            let shown = if text.is_empty() { what } else { text };
            return format!("{shown} is not iterable (cannot read property {what})");
        }
        if let Some(callee) = text.strip_suffix("(...)") {
            return format!("{callee} is not a function or its return value is not iterable");
        }
        if !text.is_empty() {
            return format!("{text} is not iterable");
        }
        let shown = match value.decode() {
            Decoded::Undefined | Decoded::Hole => "undefined".to_string(),
            Decoded::Null => "object null".to_string(),
            Decoded::Int(_) | Decoded::Double(_) => format!("number {}", self.to_display_string(value)),
            Decoded::Bool(b) => format!("boolean {b}"),
            Decoded::Function(_) | Decoded::Builtin(_) => "function".to_string(),
            _ => "object".to_string(),
        };
        format!("{shown} is not iterable (cannot read property Symbol(Symbol.iterator))")
    }

    /// The elements of an argument array a spread call built (holes read as `undefined`).
    fn spread_arguments(&self, array: Value) -> JsResult<Vec<Value>> {
        let Decoded::Array(a) = array.decode() else {
            return unsupported("spread arguments that are not an array");
        };
        let elements = &self.heap.array(a).elements;
        Ok(elements.iter().map(|&v| if v.is_hole() { Value::UNDEFINED } else { v }).collect())
    }

    /// `callee.call(this, ...array)`.
    pub(crate) fn call_spread(&mut self, callee: Value, this: Value, array: Value) -> JsResult<Value> {
        let args = self.spread_arguments(array)?;
        self.call_value(callee, this, &args)
    }

    /// `new callee(...array)`.
    pub(crate) fn construct_spread(&mut self, callee: Value, array: Value) -> JsResult<Value> {
        let args = self.spread_arguments(array)?;
        let at = self.push_call_args(Value::UNDEFINED, &args);
        let result = self.construct(None, callee, at, args.len() as u32);
        self.pop_call_args(at);
        result
    }

    /// `CopyDataProperties(target, src, excluded)`: copies the own enumerable properties of
    /// `src` (array-index keys ascending, then the others in the order they were added) onto
    /// the plain object `target`, except the keys in the array `excluded` (or none when it
    /// is `undefined`).
    pub(crate) fn copy_data_properties(&mut self, target: Value, src: Value, excluded: Value) -> JsResult<()> {
        let excluded: Vec<NameId> = match excluded.decode() {
            Decoded::Array(a) => {
                let keys = self.heap.array(a).elements.iter().copied().collect::<Vec<_>>();
                keys.into_iter().map(|k| self.property_key_of(k)).collect()
            }
            _ => Vec::new(),
        };
        let mut entries: Vec<(NameId, Value)> = Vec::new();
        match src.decode() {
            Decoded::Undefined | Decoded::Null | Decoded::Hole => {}
            Decoded::Int(_) | Decoded::Double(_) | Decoded::Bool(_) => {}
            Decoded::Object(o) => {
                // The own enumerable keys in JavaScript's order (`object_model`); an accessor
                // would run its getter, which this copy does not do.
                for (key, attrs, slot) in self.ordered_own_keys(o) {
                    if attrs & crate::heap::attr::DONT_ENUM != 0 {
                        continue;
                    }
                    if attrs & crate::heap::attr::ACCESSOR != 0 {
                        return unsupported("object spread or rest of an object with an accessor property");
                    }
                    entries.push((key, self.heap.object(o).slots[slot as usize]));
                }
            }
            Decoded::Array(a) => {
                let elements: Vec<Value> = self.heap.array(a).elements.iter().copied().collect();
                for (i, v) in elements.into_iter().enumerate() {
                    if !v.is_hole() {
                        entries.push((self.heap.intern(&i.to_string()), v));
                    }
                }
            }
            Decoded::String(s) => {
                self.safepoint()?;
                let units = self.heap.units(s).to_vec();
                for (i, u) in units.into_iter().enumerate() {
                    let v = self.heap.alloc_utf16(vec![u]);
                    entries.push((self.heap.intern(&i.to_string()), v));
                }
            }
            Decoded::Function(_) | Decoded::Builtin(_) => return unsupported("object spread or rest of a function"),
        }
        for (key, value) in entries {
            if !excluded.contains(&key) {
                self.store_named_uncached(target, key, value, false)?;
            }
        }
        Ok(())
    }

    /// The property name a key value denotes.
    fn property_key_of(&mut self, k: Value) -> NameId {
        let s = match k.decode() {
            Decoded::String(s) => self.heap.text(s),
            _ => self.to_display_string(k),
        };
        self.heap.intern(&s)
    }

    /// The array a rest parameter receives: the `argc - from` arguments at `args[from..]`.
    pub(crate) fn rest_array(&mut self, args: &[Value]) -> Value {
        let array = self.heap.new_elements(args);
        Value::array(self.heap.alloc_array(array))
    }
}
