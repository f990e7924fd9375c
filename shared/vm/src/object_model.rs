//! Tier 3's object model: property attributes and accessors, and the dynamic operators
//! (`instanceof`, `in`, `delete`, the keys of `for-in`, accessor definitions) that every tier
//! runs through [`Vm::dynamic`].
//!
//! Attributes live in the shape ([`crate::heap::attr`]); an accessor's slot holds the internal
//! pair array `[getter, setter]`. Reads and writes that meet an accessor, a read-only property
//! or a non-extensible object take the paths here, and the interpreter records no field
//! handler for them (so compiled code keeps the generic path). A store that adds a property
//! checks the prototype chain for a setter or a read-only property of the same name first.
//!
//! When an object some shape uses as its prototype gains an accessor or a read-only property
//! or stops being extensible, every function's compiled code is discarded (V8 deoptimizes the
//! code depending on the prototype's validity cell): compiled transition stores recorded
//! before would add the property as a field. Known limits (documented, not silent): an
//! activation of compiled code running at that moment finishes with its stale transitions;
//! a setter or read-only property of a function's own property object is
//! not consulted by stores to the function (`C.x = 1` with `static set x`), and `delete` of a
//! function's synthesized properties (`name`, `length`) traps.

use frontend::bytecode::{DynamicOp, NameId};

use crate::builtins::Builtin;
use crate::exception::{JsResult, Throw};
use crate::heap::{attr, Array, ElementsKind};
use crate::value::{Decoded, ObjectId, Value};
use crate::Vm;

fn type_error<T>(msg: String) -> JsResult<T> {
    Err(Box::new(crate::Exception { throw: Throw::Error(crate::ErrorKind::TypeError, msg), location: None }))
}

fn unsupported<T>(what: &str) -> JsResult<T> {
    Err(Box::new(crate::Exception { throw: Throw::Unsupported(what.into()), location: None }))
}

/// The array index a property name denotes (`"7"`, not `"07"`).
pub(crate) fn index_of_name(name: &str) -> Option<u32> {
    let i: u32 = name.parse().ok()?;
    (i < u32::MAX && i.to_string() == name).then_some(i)
}

/// The `Object.prototype` methods seabed implements on every object.
const OBJECT_PROTOTYPE_METHODS: &[&str] = &["hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable"];

/// A property definition: what `Object.defineProperty`'s descriptor gives (absent fields are
/// `None`).
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct Descriptor {
    pub(crate) value: Option<Value>,
    pub(crate) writable: Option<bool>,
    pub(crate) enumerable: Option<bool>,
    pub(crate) configurable: Option<bool>,
    pub(crate) get: Option<Value>,
    pub(crate) set: Option<Value>,
}

impl Descriptor {
    fn is_accessor(&self) -> bool {
        self.get.is_some() || self.set.is_some()
    }
}

impl Vm {
    /// Runs dynamic operator `op` on operands `a` and `b` (`b` unused by one-operand ones).
    pub fn dynamic(&mut self, op: DynamicOp, a: Value, b: Value) -> JsResult<Value> {
        match op {
            DynamicOp::InstanceOf => Ok(Value::bool(self.instance_of(a, b)?)),
            DynamicOp::HasProperty => Ok(Value::bool(self.has_property_op(a, b)?)),
            DynamicOp::Delete { strict } => Ok(Value::bool(self.delete_property(a, b, strict)?)),
            DynamicOp::ForInKeys => self.for_in_keys(a),
            DynamicOp::ForInFilter => Ok(Value::bool(match b.decode() {
                Decoded::Object(_) | Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_) => self.has_property_op(a, b)?,
                _ => true,
            })),
            DynamicOp::DefineAccessor { name, setter, enumerable } => {
                self.define_accessor(a, name, b, setter, enumerable)?;
                Ok(Value::UNDEFINED)
            }
            DynamicOp::HideProperties => {
                self.hide_properties(a);
                Ok(Value::UNDEFINED)
            }
        }
    }

    // ---- own properties -------------------------------------------------------------------

    /// The object that holds the own properties of `v`: itself, or a function's property
    /// object (if made).
    pub(crate) fn property_holder(&self, v: Value) -> Option<ObjectId> {
        match v.decode() {
            Decoded::Object(o) => Some(o),
            Decoded::Function(_) | Decoded::Builtin(_) => self.heap.function_props.get(&v.bits()).copied(),
            _ => None,
        }
    }

    /// The slot and attributes of own property `name` of object `o`.
    pub(crate) fn own_slot(&self, o: ObjectId, name: NameId) -> Option<(u32, u8)> {
        let shape = self.heap.object(o).shape;
        self.heap.lookup(shape, name).map(|s| (s, self.heap.attrs_of(shape, s)))
    }

    /// Half of an accessor pair: the getter or the setter (`undefined` if absent).
    pub(crate) fn accessor_half(&self, pair: Value, setter: bool) -> Value {
        match pair.decode() {
            Decoded::Array(a) => self.heap.array(a).elements[setter as usize],
            _ => Value::UNDEFINED,
        }
    }

    /// `[[Get]]` of `name` from `start` up its prototype chain, calling a getter with
    /// `receiver` as `this`; `None` when no object on the chain has it.
    pub(crate) fn get_property(&mut self, start: Value, receiver: Value, name: NameId) -> JsResult<Option<Value>> {
        let mut holder = start;
        for _ in 0..10_000 {
            if let Some(o) = self.property_holder(holder) {
                if let Some((slot, attrs)) = self.own_slot(o, name) {
                    let v = self.heap.object(o).slots[slot as usize];
                    if attrs & attr::ACCESSOR == 0 {
                        return Ok(Some(v));
                    }
                    let getter = self.accessor_half(v, false);
                    if getter == Value::UNDEFINED {
                        return Ok(Some(Value::UNDEFINED));
                    }
                    return self.call_value(getter, receiver, &[]).map(Some);
                }
            }
            if !matches!(holder.decode(), Decoded::Object(_)) {
                if let Some(v) = self.own_property(holder, name) {
                    return Ok(Some(v));
                }
            }
            holder = self.lookup_next(holder);
            if holder == Value::NULL {
                return Ok(None);
            }
        }
        Ok(None)
    }

    /// The `Object.prototype` method `name` (one seabed implements), as a value.
    pub(crate) fn object_prototype_method(&self, name: NameId) -> Option<Value> {
        let text = self.heap.name(name);
        OBJECT_PROTOTYPE_METHODS.contains(&text).then(|| self.builtin_value(&format!("Object.prototype.{text}")))
    }

    /// `#<Foo>`: how V8 names an object in a TypeError (its constructor's name).
    fn object_tag(&mut self, v: Value) -> String {
        let constructor = self.heap.intern("constructor");
        let name = match self.lookup_chain(v, constructor).map(|c| c.decode()) {
            Some(Decoded::Function(f)) => self.program.function(f).name.clone(),
            Some(Decoded::Builtin(b)) => self.builtin_name(b),
            _ => String::new(),
        };
        let name = if name.is_empty() || name.starts_with('<') { "Object".to_string() } else { name };
        match v.decode() {
            Decoded::Array(_) => "[object Array]".into(),
            _ => format!("#<{name}>"),
        }
    }

    /// A store `o.name = v` that attributes or accessors decide (an own accessor or
    /// read-only property, one on the prototype chain, or a new property of a non-extensible
    /// object): does it and returns true; false when it is a plain field write or addition.
    pub(crate) fn store_special_property(&mut self, o: ObjectId, name: NameId, v: Value, strict: bool) -> JsResult<bool> {
        let receiver = Value::object(o);
        let mut holder = receiver;
        for _ in 0..10_000 {
            if let Some(h) = self.property_holder(holder) {
                if let Some((slot, attrs)) = self.own_slot(h, name) {
                    if holder != receiver && attrs & (attr::ACCESSOR | attr::READ_ONLY) != 0 {
                        self.inherited_from_object_prototype_check(h, name)?;
                    }
                    if attrs & attr::ACCESSOR != 0 {
                        let pair = self.heap.object(h).slots[slot as usize];
                        let setter = self.accessor_half(pair, true);
                        if setter == Value::UNDEFINED {
                            if strict {
                                let tag = self.object_tag(receiver);
                                return type_error(format!("Cannot set property {} of {tag} which has only a getter", self.heap.name(name)));
                            }
                            return Ok(true);
                        }
                        self.call_value(setter, receiver, &[v])?;
                        return Ok(true);
                    }
                    if attrs & attr::READ_ONLY != 0 {
                        if strict {
                            let tag = self.object_tag(receiver);
                            return type_error(format!("Cannot assign to read only property '{}' of object '{tag}'", self.heap.name(name)));
                        }
                        return Ok(true);
                    }
                    if holder == receiver {
                        return Ok(false);
                    }
                    break;
                }
            }
            holder = self.lookup_next(holder);
            if holder == Value::NULL {
                break;
            }
        }
        let shape = self.heap.object(o).shape;
        if !self.heap.shapes[shape.0 as usize].extensible && self.heap.lookup(shape, name).is_none() {
            if strict {
                return type_error(format!("Cannot add property {}, object is not extensible", self.heap.name(name)));
            }
            return Ok(true);
        }
        Ok(false)
    }

    /// True if a store of `name` to object `o` is not a plain field write or addition
    /// (see [`Vm::store_special_property`]), without doing it.
    pub(crate) fn is_attributed_store(&self, o: ObjectId, name: NameId) -> bool {
        let mut holder = Value::object(o);
        for _ in 0..10_000 {
            if let Some(h) = self.property_holder(holder) {
                if let Some((_, attrs)) = self.own_slot(h, name) {
                    return attrs & (attr::ACCESSOR | attr::READ_ONLY) != 0;
                }
            }
            holder = self.lookup_next(holder);
            if holder == Value::NULL {
                break;
            }
        }
        let shape = self.heap.object(o).shape;
        !self.heap.shapes[shape.0 as usize].extensible
    }

    /// The own keys of object `o` with their attributes and slots, in JavaScript's order
    /// (array-index keys ascending, then the others as they were added).
    pub(crate) fn ordered_own_keys(&self, o: ObjectId) -> Vec<(NameId, u8, u32)> {
        let shape = self.heap.object(o).shape;
        let s = &self.heap.shapes[shape.0 as usize];
        let mut indexed = Vec::new();
        let mut named = Vec::new();
        for (slot, (&k, &a)) in s.keys.iter().zip(&s.attrs).enumerate() {
            match index_of_name(self.heap.name(k)) {
                Some(i) => indexed.push((i, (k, a, slot as u32))),
                None => named.push((k, a, slot as u32)),
            }
        }
        indexed.sort_by_key(|&(i, _)| i);
        indexed.into_iter().map(|(_, e)| e).chain(named).collect()
    }

    /// The own enumerable string keys of `v` (`Object.keys`), as names.
    pub(crate) fn own_enumerable_keys(&mut self, v: Value) -> JsResult<Vec<NameId>> {
        match v.decode() {
            Decoded::Undefined | Decoded::Null | Decoded::Hole => type_error("Cannot convert undefined or null to object".into()),
            Decoded::Object(o) if self.is_global_object(o) => unsupported("enumerating the global object's keys"),
            Decoded::Array(a) => {
                let n = self.heap.array(a).elements.len();
                let present: Vec<usize> = (0..n).filter(|&i| !self.heap.array(a).elements[i].is_hole()).collect();
                Ok(present.into_iter().map(|i| self.heap.intern(&i.to_string())).collect())
            }
            Decoded::String(s) => {
                let n = self.heap.string_length(s);
                Ok((0..n).map(|i| self.heap.intern(&i.to_string())).collect())
            }
            Decoded::Object(_) | Decoded::Function(_) | Decoded::Builtin(_) => {
                let is_function = !matches!(v.decode(), Decoded::Object(_));
                let Some(o) = self.property_holder(v) else { return Ok(Vec::new()) };
                let prototype = self.names.prototype;
                Ok(self
                    .ordered_own_keys(o)
                    .into_iter()
                    .filter(|&(k, a, _)| a & attr::DONT_ENUM == 0 && !(is_function && k == prototype))
                    .map(|(k, _, _)| k)
                    .collect())
            }
            Decoded::Int(_) | Decoded::Double(_) | Decoded::Bool(_) => Ok(Vec::new()),
        }
    }

    // ---- the operators --------------------------------------------------------------------

    /// `v instanceof target` (no `Symbol.hasInstance`).
    pub(crate) fn instance_of(&mut self, v: Value, target: Value) -> JsResult<bool> {
        match target.decode() {
            Decoded::Function(_) => {}
            Decoded::Builtin(b) => {
                return match self.builtins[b.0 as usize] {
                    Builtin::Object(crate::object_functions::ObjectFunction::Constructor) => {
                        Ok(matches!(v.decode(), Decoded::Object(_) | Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_)))
                    }
                    Builtin::Array => Ok(matches!(v.decode(), Decoded::Array(_))),
                    Builtin::String | Builtin::Number => Ok(false),
                    Builtin::Error(kind) => {
                        let proto = self.error_prototype(kind);
                        Ok(self.chain_contains(v, proto))
                    }
                    Builtin::Bound(i) => {
                        let inner = self.bound_functions[i as usize].target;
                        self.instance_of(v, inner)
                    }
                    _ => type_error("Function has non-object prototype 'undefined' in instanceof check".into()),
                };
            }
            Decoded::Object(_) | Decoded::Array(_) => return type_error("Right-hand side of 'instanceof' is not callable".into()),
            _ => return type_error("Right-hand side of 'instanceof' is not an object".into()),
        }
        let prototype = self.names.prototype;
        let proto = self.get_property(target, target, prototype)?.unwrap_or(Value::UNDEFINED);
        if !matches!(proto.decode(), Decoded::Object(_) | Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_)) {
            let shown = self.value_for_message(proto);
            return type_error(format!("Function has non-object prototype '{shown}' in instanceof check"));
        }
        Ok(self.chain_contains(v, proto))
    }

    /// True if `proto` is on the prototype chain of `v` (not `v` itself).
    pub(crate) fn chain_contains(&self, v: Value, proto: Value) -> bool {
        if !matches!(v.decode(), Decoded::Object(_) | Decoded::Function(_) | Decoded::Builtin(_)) {
            return false;
        }
        let mut p = self.lookup_next(v);
        for _ in 0..10_000 {
            if p == Value::NULL {
                return false;
            }
            if p == proto {
                return true;
            }
            p = self.lookup_next(p);
        }
        false
    }

    /// `key in object`.
    fn has_property_op(&mut self, key: Value, object: Value) -> JsResult<bool> {
        if !matches!(object.decode(), Decoded::Object(_) | Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_)) {
            let k = self.to_display_string(key);
            let o = self.to_display_string(object);
            return type_error(format!("Cannot use 'in' operator to search for '{k}' in {o}"));
        }
        let name = self.property_key_name(key);
        Ok(self.has_property(object, name))
    }

    /// The property name a key denotes (ToPropertyKey).
    pub(crate) fn property_key_name(&mut self, key: Value) -> NameId {
        let text = match key.decode() {
            Decoded::String(s) => self.heap.text(s),
            _ => self.to_display_string(key),
        };
        self.heap.intern(&text)
    }

    /// `[[HasProperty]]`: own or inherited (node's built-in properties that seabed does not
    /// model count, by the census).
    pub(crate) fn has_property(&mut self, object: Value, name: NameId) -> bool {
        if self.has_own_property(object, name) {
            return true;
        }
        let mut holder = self.lookup_next(object);
        for _ in 0..10_000 {
            if holder == Value::NULL {
                break;
            }
            if self.has_own_property(holder, name) {
                return true;
            }
            holder = self.lookup_next(holder);
        }
        if self.object_prototype_method(name).is_some() || name == self.names.to_string {
            return true;
        }
        let text = self.heap.name(name).to_string();
        frontend::census::first_holder(&self.census_holders(object), &text).is_some()
    }

    /// `[[GetOwnProperty]]` exists: own properties of objects, functions (their synthesized
    /// `name`, `length` and `prototype` too), arrays (present indices, `length`) and strings.
    pub(crate) fn has_own_property(&mut self, v: Value, name: NameId) -> bool {
        match v.decode() {
            Decoded::Object(o) => self.own_slot(o, name).is_some() || self.is_object_prototype_builtin(o, name),
            Decoded::Array(a) => {
                if name == self.names.length {
                    return true;
                }
                match index_of_name(self.heap.name(name)) {
                    Some(i) => self.heap.array(a).elements.get(i as usize).is_some_and(|e| !e.is_hole()),
                    None => false,
                }
            }
            Decoded::String(s) => {
                name == self.names.length || index_of_name(self.heap.name(name)).is_some_and(|i| (i as usize) < self.heap.string_length(s))
            }
            Decoded::Function(_) | Decoded::Builtin(_) => {
                if let Some(o) = self.property_holder(v) {
                    if self.own_slot(o, name).is_some() {
                        return true;
                    }
                }
                let synthesized = name == self.names.name || name == self.names.length;
                synthesized || (name == self.names.prototype && self.own_property(v, name).is_some())
            }
            _ => false,
        }
    }

    /// `delete object[key]`: true when the property is gone; a non-configurable one answers
    /// false (sloppy) or throws (strict).
    fn delete_property(&mut self, object: Value, key: Value, strict: bool) -> JsResult<bool> {
        match object.decode() {
            Decoded::Undefined | Decoded::Null | Decoded::Hole => type_error("Cannot convert undefined or null to object".into()),
            Decoded::Array(a) => {
                let name = self.property_key_name(key);
                if name == self.names.length {
                    return self.refuse_delete(object, name, strict);
                }
                if let Some(i) = index_of_name(self.heap.name(name)) {
                    let array = self.heap.array_mut(a);
                    if (i as usize) < array.elements.len() {
                        array.elements[i as usize] = Value::HOLE;
                        array.holey = true;
                    }
                }
                Ok(true)
            }
            Decoded::Object(o) => {
                let name = self.property_key_name(key);
                self.delete_own(o, object, name, strict)
            }
            Decoded::Function(_) | Decoded::Builtin(_) => {
                let name = self.property_key_name(key);
                match self.property_holder(object) {
                    Some(o) if self.own_slot(o, name).is_some() => {
                        if name == self.names.prototype {
                            return self.refuse_delete(object, name, strict);
                        }
                        self.delete_own(o, object, name, strict)
                    }
                    _ if name == self.names.name || name == self.names.length => unsupported("delete of a function's name or length"),
                    _ => Ok(true),
                }
            }
            Decoded::String(s) => {
                let name = self.property_key_name(key);
                let own = name == self.names.length || index_of_name(self.heap.name(name)).is_some_and(|i| (i as usize) < self.heap.string_length(s));
                if own {
                    return self.refuse_delete(object, name, strict);
                }
                Ok(true)
            }
            _ => Ok(true),
        }
    }

    fn refuse_delete(&mut self, object: Value, name: NameId, strict: bool) -> JsResult<bool> {
        if strict {
            let tag = match object.decode() {
                Decoded::String(_) => format!("[object String]"),
                _ => self.object_tag(object),
            };
            return type_error(format!("Cannot delete property '{}' of {tag}", self.heap.name(name)));
        }
        Ok(false)
    }

    /// Deletes own property `name` of object `o` (the holder of `object`'s properties): the
    /// object takes the shape replaying its other keys (see [`crate::heap`]).
    fn delete_own(&mut self, o: ObjectId, object: Value, name: NameId, strict: bool) -> JsResult<bool> {
        let Some((slot, attrs)) = self.own_slot(o, name) else { return Ok(true) };
        if attrs & attr::DONT_DELETE != 0 {
            return self.refuse_delete(object, name, strict);
        }
        let shape = self.heap.object(o).shape;
        let mut keys = self.heap.keys_with_attrs(shape);
        keys.remove(slot as usize);
        let extensible = self.heap.shapes[shape.0 as usize].extensible;
        let next = self.heap.replay_like(shape, &keys, extensible);
        let obj = &mut self.heap.objects[o.0 as usize];
        obj.slots.with_vec(|v| {
            v.remove(slot as usize);
        });
        obj.shape = next;
        self.realm_object_changed(o);
        Ok(true)
    }

    /// The keys `for (k in v)` visits, as a new array of strings: own enumerable string keys,
    /// then those of each prototype that no earlier object had (enumerable or not).
    fn for_in_keys(&mut self, v: Value) -> JsResult<Value> {
        let mut keys: Vec<NameId> = Vec::new();
        let mut seen: std::collections::HashSet<NameId> = std::collections::HashSet::new();
        match v.decode() {
            Decoded::Array(_) | Decoded::String(_) => {
                keys = self.own_enumerable_keys(v)?;
                // Then what the program made enumerable on `Object.prototype`.
                if let Some(op) = self.realm.object_prototype {
                    for (k, a, _) in self.ordered_own_keys(op) {
                        if a & attr::DONT_ENUM == 0 && !keys.contains(&k) {
                            keys.push(k);
                        }
                    }
                }
            }
            Decoded::Object(o) if self.is_global_object(o) => return unsupported("for-in over the global object"),
            Decoded::Object(_) | Decoded::Function(_) | Decoded::Builtin(_) => {
                let mut holder = v;
                for _ in 0..10_000 {
                    if let Decoded::Array(_) = holder.decode() {
                        return unsupported("for-in over an object whose prototype is an array");
                    }
                    let is_function = !matches!(holder.decode(), Decoded::Object(_));
                    if let Some(o) = self.property_holder(holder) {
                        for (k, a, _) in self.ordered_own_keys(o) {
                            let hidden = a & attr::DONT_ENUM != 0 || (is_function && k == self.names.prototype);
                            if seen.insert(k) && !hidden {
                                keys.push(k);
                            }
                        }
                    }
                    holder = self.lookup_next(holder);
                    if holder == Value::NULL {
                        break;
                    }
                }
            }
            _ => {}
        }
        self.safepoint()?;
        let values: Vec<Value> = keys.iter().map(|&k| {
            let text = self.heap.name(k).to_string();
            self.heap.alloc_str(&text)
        }).collect();
        let array = Array { kind: ElementsKind::Any, holey: false, elements: values.into() };
        Ok(Value::array(self.heap.alloc_array(array)))
    }

    /// Defines getter or setter `f` of property `name` on `target` (an object, or a class
    /// for a static accessor).
    fn define_accessor(&mut self, target: Value, name: NameId, f: Value, setter: bool, enumerable: bool) -> JsResult<()> {
        let o = match target.decode() {
            Decoded::Object(o) => o,
            Decoded::Function(_) | Decoded::Builtin(_) => self.heap.function_props(target),
            _ => return unsupported("an accessor on a non-object"),
        };
        let mut d = Descriptor { enumerable: Some(enumerable), configurable: Some(true), ..Descriptor::default() };
        if setter {
            d.set = Some(f);
        } else {
            d.get = Some(f);
        }
        // A literal's or class's accessor keeps the other half of an existing pair.
        if let Some((slot, attrs)) = self.own_slot(o, name) {
            if attrs & attr::ACCESSOR != 0 {
                let pair = self.heap.object(o).slots[slot as usize];
                if setter {
                    d.get = Some(self.accessor_half(pair, false));
                } else {
                    d.set = Some(self.accessor_half(pair, true));
                }
            }
        }
        self.define_own_property(o, name, d, true)
    }

    /// Makes every own property of `target` (an object or a function's property object)
    /// non-enumerable: a class's methods and `constructor`.
    fn hide_properties(&mut self, target: Value) {
        let o = match target.decode() {
            Decoded::Object(o) => o,
            Decoded::Function(_) | Decoded::Builtin(_) => self.heap.function_props(target),
            _ => return,
        };
        let shape = self.heap.object(o).shape;
        let keys: Vec<(NameId, u8)> = self.heap.keys_with_attrs(shape).into_iter().map(|(k, a)| (k, a | attr::DONT_ENUM)).collect();
        let extensible = self.heap.shapes[shape.0 as usize].extensible;
        let next = self.heap.replay_like(shape, &keys, extensible);
        self.heap.objects[o.0 as usize].shape = next;
    }

    /// `[[DefineOwnProperty]]` of `name` on object `o` from descriptor `d` (fields absent from
    /// it keep their current values, or default to `false`/`undefined` for a new property).
    /// `Object.defineProperty`'s errors when `throws`.
    pub(crate) fn define_own_property(&mut self, o: ObjectId, name: NameId, d: Descriptor, throws: bool) -> JsResult<()> {
        self.realm_store_check(o, name)?;
        let shape = self.heap.object(o).shape;
        let existing = self.own_slot(o, name);
        let old_attrs = existing.map(|(_, a)| a);
        let old_value = existing.map(|(s, _)| self.heap.object(o).slots[s as usize]);
        if let (Some(a), true) = (old_attrs, throws) {
            if a & attr::DONT_DELETE != 0 {
                let same_kind = d.is_accessor() == (a & attr::ACCESSOR != 0);
                let loosens = d.configurable == Some(true)
                    || d.enumerable.is_some_and(|e| e == (a & attr::DONT_ENUM != 0))
                    || !same_kind
                    || (a & attr::READ_ONLY != 0 && (d.writable == Some(true) || d.value.is_some_and(|v| Some(v) != old_value)));
                if loosens {
                    return type_error(format!("Cannot redefine property: {}", self.heap.name(name)));
                }
            }
        }
        let flag = |set: Option<bool>, bit: u8, default_set: bool| -> u8 {
            match (set, old_attrs) {
                (Some(true), _) => 0,
                (Some(false), _) => bit,
                (None, Some(a)) => a & bit,
                (None, None) => if default_set { bit } else { 0 },
            }
        };
        let mut attrs = flag(d.enumerable, attr::DONT_ENUM, true) | flag(d.configurable, attr::DONT_DELETE, true);
        let value = if d.is_accessor() {
            attrs |= attr::ACCESSOR;
            let keep = |vm: &Vm, setter: bool| match (old_attrs, old_value) {
                (Some(a), Some(pair)) if a & attr::ACCESSOR != 0 => vm.accessor_half(pair, setter),
                _ => Value::UNDEFINED,
            };
            let get = d.get.unwrap_or_else(|| keep(self, false));
            let set = d.set.unwrap_or_else(|| keep(self, true));
            self.safepoint()?;
            let pair = Array { kind: ElementsKind::Any, holey: false, elements: vec![get, set].into() };
            Value::array(self.heap.alloc_array(pair))
        } else {
            let was_accessor = old_attrs.is_some_and(|a| a & attr::ACCESSOR != 0);
            let writable = match (d.writable, old_attrs) {
                (Some(w), _) => w,
                (None, Some(a)) if !was_accessor => a & attr::READ_ONLY == 0,
                _ => false,
            };
            if !writable {
                attrs |= attr::READ_ONLY;
            }
            match (d.value, old_value) {
                (Some(v), _) => v,
                (None, Some(v)) if !was_accessor => v,
                _ => Value::UNDEFINED,
            }
        };
        match existing {
            Some((slot, a)) => {
                if a != attrs {
                    let mut keys = self.heap.keys_with_attrs(shape);
                    keys[slot as usize].1 = attrs;
                    let extensible = self.heap.shapes[shape.0 as usize].extensible;
                    let next = self.heap.replay_like(shape, &keys, extensible);
                    self.heap.objects[o.0 as usize].shape = next;
                }
                self.heap.objects[o.0 as usize].slots[slot as usize] = value;
            }
            None => {
                if !self.heap.shapes[shape.0 as usize].extensible {
                    return type_error(format!("Cannot define property {}, object is not extensible", self.heap.name(name)));
                }
                let next = self.heap.transition_with(shape, name, attrs);
                self.heap.add_slot(o, next, value);
            }
        }
        if attrs & (attr::ACCESSOR | attr::READ_ONLY) != 0 {
            self.prototype_changed(o);
        }
        self.realm_object_changed(o);
        Ok(())
    }

    /// Discards every function's compiled code and every transition store's feedback if
    /// object `o` is some shape's prototype (see the module documentation); code running now
    /// stays alive in `retired_code`.
    fn prototype_changed(&mut self, o: ObjectId) {
        if !self.heap.is_prototype(Value::object(o)) {
            return;
        }
        self.invalidate_property_feedback(false);
    }

    /// Discards every function's compiled code ([`Vm::discard_all_code`]) and forgets every
    /// recorded transition store (a compiled one would add the property past a new setter or
    /// read-only property); with `missing_too`, every recorded "missing property" handler
    /// becomes the generic chain lookup as well (`Object.prototype` changed).
    pub(crate) fn invalidate_property_feedback(&mut self, missing_too: bool) {
        use ir::feedback::{PropertyFeedback, PropertyHandler, SlotFeedback};
        self.discard_all_code();
        for slots in &mut self.feedback {
            for slot in slots.iter_mut() {
                if let SlotFeedback::Property(p) = slot {
                    if let PropertyFeedback::Polymorphic(entries) = p {
                        if missing_too {
                            for entry in entries.iter_mut().filter(|e| matches!(e.1, PropertyHandler::Missing)) {
                                entry.1 = PropertyHandler::PrototypeChain;
                            }
                        }
                        entries.retain(|e| !matches!(e.1, PropertyHandler::Transition { .. }));
                        if entries.is_empty() {
                            *p = PropertyFeedback::Uninitialized;
                        }
                    }
                }
            }
        }
    }

    /// Takes every function's compiled code out of service (activations running it keep it
    /// alive in `retired_code`) and bumps [`Vm::code_epoch`], so that code a background
    /// compilation queued before now delivers is dropped too.
    pub(crate) fn discard_all_code(&mut self) {
        for (f, state) in self.tier.iter_mut().enumerate() {
            let osr = state.osr_code.drain(..).map(|(_, code)| code);
            self.retired_code.extend(osr.chain(state.code.take()));
            self.code_entries[f] = 0;
        }
        self.code_epoch += 1;
    }

    /// `Object.freeze(o)` of a plain object or a function's properties: every property
    /// read-only (accessors keep their setters) and not configurable; no additions.
    pub(crate) fn freeze(&mut self, o: ObjectId) {
        let shape = self.heap.object(o).shape;
        let keys: Vec<(NameId, u8)> = self
            .heap
            .keys_with_attrs(shape)
            .into_iter()
            .map(|(k, a)| (k, a | attr::DONT_DELETE | if a & attr::ACCESSOR == 0 { attr::READ_ONLY } else { 0 }))
            .collect();
        let next = self.heap.replay_like(shape, &keys, false);
        self.heap.objects[o.0 as usize].shape = next;
        self.prototype_changed(o);
        self.realm_object_changed(o);
    }

    /// The label console.log shows for an accessor property of object `o` (`[Getter]`,
    /// `[Setter]`, `[Getter/Setter]`), or `None` for a data property.
    pub(crate) fn accessor_label(&self, o: ObjectId, name: &str) -> Option<&'static str> {
        let shape = self.heap.object(o).shape;
        let s = &self.heap.shapes[shape.0 as usize];
        let slot = s.keys.iter().rposition(|&k| self.heap.name(k) == name)?;
        if s.attrs[slot] & attr::ACCESSOR == 0 {
            return None;
        }
        let pair = self.heap.object(o).slots[slot];
        let get = self.accessor_half(pair, false) != Value::UNDEFINED;
        let set = self.accessor_half(pair, true) != Value::UNDEFINED;
        Some(match (get, set) {
            (true, true) => "[Getter/Setter]",
            (true, false) => "[Getter]",
            (false, true) => "[Setter]",
            (false, false) => "undefined",
        })
    }
}
