//! Tier 3's `Object` builtins: the constructor's static functions (`keys`, `values`,
//! `entries`, `assign`, `create`, `getPrototypeOf`, `setPrototypeOf`, `freeze`,
//! `defineProperty`, `defineProperties`, `getOwnPropertyNames`) and the `Object.prototype`
//! methods every object answers (`hasOwnProperty`, `isPrototypeOf`, `propertyIsEnumerable`).
//!
//! seabed has no `Object.prototype` object (a plain object's prototype `null` stands for it),
//! so what would expose it traps: `Object.create(null)` (an object without it),
//! `Object.getPrototypeOf` of a plain object or an array, `Object.setPrototypeOf(o, null)`,
//! and calling `Object(...)` itself. `Object.freeze` of an array traps (compiled element
//! stores do not check it).

pub use crate::object_functions::ObjectFunction;
use crate::exception::{JsResult, Throw};
use crate::heap::attr;
use crate::object_model::Descriptor;
use crate::value::{Decoded, Value};
use crate::Vm;

fn type_error<T>(msg: String) -> JsResult<T> {
    Err(Box::new(crate::Exception { throw: Throw::Error(crate::ErrorKind::TypeError, msg), location: None }))
}

fn unsupported<T>(what: &str) -> JsResult<T> {
    Err(Box::new(crate::Exception { throw: Throw::Unsupported(what.into()), location: None }))
}

fn is_object_like(v: Value) -> bool {
    matches!(v.decode(), Decoded::Object(_) | Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_))
}

impl Vm {
    /// Calls `Object` builtin `f` with receiver `this` and arguments `args`.
    pub(crate) fn call_object_function(&mut self, f: ObjectFunction, this: Value, args: &[Value]) -> JsResult<Value> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(Value::UNDEFINED);
        self.with_roots(|vm| {
            vm.heap.gc.extra_roots.push(this);
            vm.heap.gc.extra_roots.extend_from_slice(args);
            match f {
                // `Object()` and `new Object()`: a new plain object for no argument or a
                // nullish one, the argument itself for an object; wrapper objects trap.
                ObjectFunction::Constructor => match arg(0).decode() {
                    Decoded::Undefined | Decoded::Null | Decoded::Hole => {
                        vm.safepoint()?;
                        Ok(Value::object(vm.heap.alloc_object()))
                    }
                    _ if is_object_like(arg(0)) => Ok(arg(0)),
                    _ => unsupported("Object(primitive) (wrapper objects)"),
                },
                ObjectFunction::Keys => {
                    let keys = vm.own_enumerable_keys(arg(0))?;
                    vm.safepoint()?;
                    let values: Vec<Value> = keys.iter().map(|&k| vm.name_value(k)).collect();
                    Ok(vm.new_array(&values))
                }
                ObjectFunction::Values | ObjectFunction::Entries => {
                    let o = arg(0);
                    let keys = vm.own_enumerable_keys(o)?;
                    let start = vm.heap.gc.extra_roots.len();
                    for k in keys {
                        // A getter run before may have deleted a later key or made it
                        // non-enumerable: each key is checked again when its turn comes.
                        if let Decoded::Object(id) = o.decode() {
                            if !vm.own_slot(id, k).is_some_and(|(_, a)| a & attr::DONT_ENUM == 0) {
                                continue;
                            }
                        }
                        let v = vm.get_value(o, k)?;
                        let item = if f == ObjectFunction::Entries {
                            vm.heap.gc.extra_roots.push(v);
                            vm.safepoint()?;
                            let key = vm.name_value(k);
                            vm.new_array(&[key, v])
                        } else {
                            v
                        };
                        vm.heap.gc.extra_roots.push(item);
                    }
                    let items: Vec<Value> = vm.heap.gc.extra_roots[start..].iter().copied().enumerate()
                        .filter(|(i, _)| f == ObjectFunction::Values || i % 2 == 1)
                        .map(|(_, v)| v)
                        .collect();
                    vm.safepoint()?;
                    Ok(vm.new_array(&items))
                }
                ObjectFunction::Assign => {
                    let target = arg(0);
                    let Decoded::Object(t) = target.decode() else {
                        return match target.decode() {
                            Decoded::Undefined | Decoded::Null => type_error("Cannot convert undefined or null to object".into()),
                            _ => unsupported("Object.assign to a target that is not a plain object"),
                        };
                    };
                    for &source in &args[1.min(args.len())..] {
                        if matches!(source.decode(), Decoded::Undefined | Decoded::Null) {
                            continue;
                        }
                        for k in vm.own_enumerable_keys(source)? {
                            let v = vm.get_value(source, k)?;
                            vm.heap.gc.extra_roots.push(v);
                            vm.store_named_generic(t, k, v, true)?;
                        }
                    }
                    Ok(target)
                }
                ObjectFunction::Create => {
                    let proto = arg(0);
                    match proto.decode() {
                        Decoded::Null => return unsupported("Object.create(null)"),
                        Decoded::Array(_) => return unsupported("Object.create of an array"),
                        Decoded::Object(_) | Decoded::Function(_) | Decoded::Builtin(_) => {}
                        _ => return type_error(format!("Object prototype may only be an Object or null: {}", vm.value_for_message(proto))),
                    }
                    vm.safepoint()?;
                    let o = vm.heap.alloc_object_with_proto(proto);
                    vm.heap.gc.extra_roots.push(Value::object(o));
                    if arg(1) != Value::UNDEFINED {
                        vm.define_properties(Value::object(o), arg(1))?;
                    }
                    Ok(Value::object(o))
                }
                ObjectFunction::GetPrototypeOf => {
                    let o = arg(0);
                    match o.decode() {
                        Decoded::Undefined | Decoded::Null => type_error("Cannot convert undefined or null to object".into()),
                        Decoded::Object(x) if vm.is_object_prototype(x) => Ok(Value::NULL),
                        // An object's chain that ends goes on to `Object.prototype`.
                        Decoded::Object(_) => match vm.prototype_of(o) {
                            p if p == Value::NULL => Ok(vm.object_prototype_value()),
                            p => Ok(p),
                        },
                        Decoded::Function(_) => match vm.prototype_of(o) {
                            p if p == Value::NULL => unsupported("Function.prototype (Object.getPrototypeOf)"),
                            p => Ok(p),
                        },
                        _ => unsupported("Object.getPrototypeOf of a primitive, an array or a builtin"),
                    }
                }
                ObjectFunction::SetPrototypeOf => {
                    let (o, proto) = (arg(0), arg(1));
                    if matches!(o.decode(), Decoded::Undefined | Decoded::Null) {
                        return type_error("Object.setPrototypeOf called on null or undefined".into());
                    }
                    match proto.decode() {
                        Decoded::Null => return unsupported("Object.setPrototypeOf(o, null)"),
                        Decoded::Array(_) => return unsupported("Object.setPrototypeOf to an array"),
                        Decoded::Object(_) | Decoded::Function(_) | Decoded::Builtin(_) => {}
                        _ => return type_error(format!("Object prototype may only be an Object or null: {}", vm.value_for_message(proto))),
                    }
                    match o.decode() {
                        Decoded::Object(x) if vm.is_object_prototype(x) => {
                            type_error("Immutable prototype object 'Object.prototype' cannot have their prototype set".into())
                        }
                        Decoded::Object(x) if vm.is_global_object(x) => unsupported("Object.setPrototypeOf of the global object"),
                        Decoded::Object(_) | Decoded::Function(_) => {
                            vm.set_prototype(o, proto)?;
                            Ok(o)
                        }
                        Decoded::Array(_) | Decoded::Builtin(_) => unsupported("Object.setPrototypeOf of an array or a builtin"),
                        _ => Ok(o),
                    }
                }
                ObjectFunction::Freeze => {
                    let o = arg(0);
                    match o.decode() {
                        Decoded::Object(id) => vm.freeze(id),
                        Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_) => return unsupported("Object.freeze of an array or a function"),
                        _ => {}
                    }
                    Ok(o)
                }
                ObjectFunction::DefineProperty => {
                    let (o, key, desc) = (arg(0), arg(1), arg(2));
                    let Some(target) = vm.definable(o, "Object.defineProperty")? else {
                        return type_error("Object.defineProperty called on non-object".into());
                    };
                    let name = vm.property_key_name(key);
                    let d = vm.to_descriptor(desc)?;
                    vm.define_own_property(target, name, d, true)?;
                    Ok(o)
                }
                ObjectFunction::DefineProperties => {
                    let o = arg(0);
                    if vm.definable(o, "Object.defineProperties")?.is_none() {
                        return type_error("Object.defineProperties called on non-object".into());
                    }
                    vm.define_properties(o, arg(1))?;
                    Ok(o)
                }
                ObjectFunction::GetOwnPropertyNames => {
                    let o = arg(0);
                    let names = match o.decode() {
                        Decoded::Object(id) if vm.is_object_prototype(id) || vm.is_global_object(id) => {
                            return unsupported("Object.getOwnPropertyNames of Object.prototype or the global object")
                        }
                        Decoded::Object(id) => vm.ordered_own_keys(id).into_iter().map(|(k, _, _)| k).collect(),
                        Decoded::Undefined | Decoded::Null => return type_error("Cannot convert undefined or null to object".into()),
                        Decoded::Int(_) | Decoded::Double(_) | Decoded::Bool(_) => Vec::new(),
                        _ => return unsupported("Object.getOwnPropertyNames of an array, a string or a function"),
                    };
                    vm.safepoint()?;
                    let values: Vec<Value> = names.iter().map(|&k| vm.name_value(k)).collect();
                    Ok(vm.new_array(&values))
                }
                ObjectFunction::HasOwnProperty => {
                    if matches!(this.decode(), Decoded::Undefined | Decoded::Null) {
                        return type_error("Cannot convert undefined or null to object".into());
                    }
                    let name = vm.property_key_name(arg(0));
                    Ok(Value::bool(vm.has_own_property_or_trap(this, name)?))
                }
                ObjectFunction::IsPrototypeOf => {
                    // A primitive argument answers false before `this` is converted.
                    if !is_object_like(arg(0)) {
                        return Ok(Value::FALSE);
                    }
                    if matches!(this.decode(), Decoded::Undefined | Decoded::Null) {
                        return type_error("Cannot convert undefined or null to object".into());
                    }
                    Ok(Value::bool(is_object_like(this) && vm.chain_contains(arg(0), this)))
                }
                ObjectFunction::PropertyIsEnumerable => {
                    let name = vm.property_key_name(arg(0));
                    if matches!(this.decode(), Decoded::Undefined | Decoded::Null) {
                        return type_error("Cannot convert undefined or null to object".into());
                    }
                    let enumerable = match this.decode() {
                        Decoded::Object(o) => vm.own_slot(o, name).is_some_and(|(_, a)| a & attr::DONT_ENUM == 0),
                        Decoded::Array(_) | Decoded::String(_) => name != vm.names.length && vm.has_own_property(this, name),
                        _ => false,
                    };
                    Ok(Value::bool(enumerable))
                }
            }
        })
    }

    /// The object `Object.defineProperty` defines on: a plain object, a function's property
    /// object; `None` for a primitive (the caller's TypeError); arrays trap.
    fn definable(&mut self, o: Value, what: &str) -> JsResult<Option<crate::value::ObjectId>> {
        match o.decode() {
            Decoded::Object(id) => Ok(Some(id)),
            Decoded::Function(_) | Decoded::Builtin(_) => Ok(Some(self.heap.function_props(o))),
            Decoded::Array(_) => unsupported(&format!("{what} on an array")),
            _ => Ok(None),
        }
    }

    /// `Object.defineProperties(o, props)`: each own enumerable property of `props` is a
    /// descriptor.
    fn define_properties(&mut self, o: Value, props: Value) -> JsResult<()> {
        let Some(target) = self.definable(o, "Object.defineProperties")? else {
            return type_error("Object.defineProperties called on non-object".into());
        };
        let mut descriptors = Vec::new();
        for k in self.own_enumerable_keys(props)? {
            let d = self.get_value(props, k)?;
            self.heap.gc.extra_roots.push(d);
            descriptors.push((k, self.to_descriptor(d)?));
        }
        for (k, d) in descriptors {
            self.define_own_property(target, k, d, true)?;
        }
        Ok(())
    }

    /// ToPropertyDescriptor.
    fn to_descriptor(&mut self, desc: Value) -> JsResult<Descriptor> {
        if !is_object_like(desc) {
            return type_error(format!("Property description must be an object: {}", self.to_display_string(desc)));
        }
        let mut d = Descriptor::default();
        let field = |vm: &mut Vm, name: &str| -> JsResult<Option<Value>> {
            let n = vm.heap.intern(name);
            if !vm.has_property(desc, n) {
                return Ok(None);
            }
            let v = vm.get_value(desc, n)?;
            vm.heap.gc.extra_roots.push(v);
            Ok(Some(v))
        };
        d.value = field(self, "value")?;
        d.writable = field(self, "writable")?.map(|v| self.to_boolean(v));
        d.enumerable = field(self, "enumerable")?.map(|v| self.to_boolean(v));
        d.configurable = field(self, "configurable")?.map(|v| self.to_boolean(v));
        d.get = field(self, "get")?;
        d.set = field(self, "set")?;
        for (half, what) in [(d.get, "Getter"), (d.set, "Setter")] {
            if let Some(f) = half {
                let callable = matches!(f.decode(), Decoded::Function(_) | Decoded::Builtin(_) | Decoded::Undefined);
                if !callable {
                    return type_error(format!("{what} must be a function: {}", self.value_for_message(f)));
                }
            }
        }
        if (d.get.is_some() || d.set.is_some()) && (d.value.is_some() || d.writable.is_some()) {
            return type_error("Invalid property descriptor. Cannot both specify accessors and a value or writable attribute".into());
        }
        Ok(d)
    }

    /// `o[name]` with getters (`undefined` when absent).
    pub(crate) fn get_value(&mut self, o: Value, name: frontend::bytecode::NameId) -> JsResult<Value> {
        if let (Decoded::Array(_) | Decoded::String(_), Some(i)) = (o.decode(), crate::object_model::index_of_name(self.heap.name(name))) {
            self.safepoint()?;
            return self.load_keyed(None, o, Value::number(i as f64));
        }
        self.load_named_uncached(o, name)
    }

    /// A name as a string value (allocates: the caller passed a safepoint).
    fn name_value(&mut self, k: frontend::bytecode::NameId) -> Value {
        let text = self.heap.name(k).to_string();
        self.heap.alloc_str(&text)
    }

}
