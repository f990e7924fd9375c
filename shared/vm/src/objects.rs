//! Tier 2's object model: closures and their contexts, function objects with properties,
//! prototype chains, `new`, `super` and `typeof`.
//!
//! - **Closures.** `CreateClosure` makes a function value whose payload names the bytecode
//!   function and a closure instance ([`crate::heap::Closure`]) holding the context it was
//!   created in. A top-level function declaration is bound to the function's canonical
//!   object (instance 0, no context), so Tier-1 code and its call feedback are unchanged.
//! - **Contexts** hold the variables that nested functions capture: an array whose element 0
//!   is the parent context and whose elements from 1 are the slots (`CreateContext`,
//!   `LoadContext`, `StoreContext`). The frontend decides which variables live there.
//! - **Function objects** keep their properties in a plain object made on first use
//!   (`Heap::function_props`). `F.prototype` of a constructible function is made on first
//!   read as `{ constructor: F }`; `name` and `length` are read from the bytecode.
//! - **Prototypes** live in the shape (V8 keeps them in the map), so a shape check also checks
//!   the prototype. A lookup that misses an object's own properties walks the chain.
//! - **`new F(...)`** allocates an object whose prototype is `F.prototype` and runs `F` on it
//!   (also for derived classes: `super(...)` then runs the parent constructor on the same
//!   object; an object returned by a constructor replaces it, as in JavaScript).

use frontend::bytecode::{FuncId, FunctionKind, NameId};
use ir::feedback::InitialMap;

use crate::builtins::Builtin;
use crate::exception::{JsResult, Throw};
use crate::value::{Decoded, Value};
use crate::Vm;

fn type_error<T>(msg: String) -> JsResult<T> {
    Err(Box::new(crate::Exception { throw: Throw::Error(crate::ErrorKind::TypeError, msg), location: None }))
}

fn unsupported<T>(what: String) -> JsResult<T> {
    Err(Box::new(crate::Exception { throw: Throw::Unsupported(what), location: None }))
}

/// The closure instances made of one function (V8's feedback cell at a closure site: no
/// closure, one closure, many closures). The first instance stays a root for the program's
/// lifetime (`Vm::for_each_root`): code specialized to it or to its context compares
/// against it, so its identity must never be reused.
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct ClosuresMade {
    /// The first closure instance made.
    pub(crate) first: Option<Value>,
    /// A second one was made.
    pub(crate) many: bool,
}

/// Function-context specialization reads the one closure of a function and the immutable
/// slots of its context through this (on the vm's thread, while a compilation runs).
impl ir::compile::Contexts for Vm {
    fn one_closure(&self, func: FuncId) -> Option<ir::compile::OneClosure> {
        let made = self.closures_made.get(func.0 as usize)?;
        let closure = made.first.filter(|_| !made.many)?;
        let context = self.heap.closure_context(closure);
        matches!(context.decode(), Decoded::Array(_)).then(|| ir::compile::OneClosure { closure: closure.bits(), context: context.bits() })
    }

    fn element(&self, context: u64, element: u32) -> Option<u64> {
        let Decoded::Array(a) = Value::from_bits(context).decode() else { return None };
        self.heap.array(a).elements.get(element as usize).map(|v| v.bits())
    }
}

impl Vm {
    /// `CreateClosure`: a new function object of `func` over `context`.
    ///
    /// The first closure of a function that needs no context is the function's canonical
    /// object (instance 0): a class's methods and most callbacks are created once, and call
    /// feedback then names the function itself, so the compilers can check the target and
    /// call or inline it as they do top-level functions. Every later closure is a new instance,
    /// so no two evaluations ever share an identity.
    pub fn create_closure(&mut self, func: FuncId, context: Value) -> Value {
        let slot = &mut self.canonical_closure_made[func.0 as usize];
        if self.program.function(func).context.is_none() && !*slot {
            *slot = true;
            return Value::function(func);
        }
        let closure = self.heap.alloc_closure(func, context);
        let made = &mut self.closures_made[func.0 as usize];
        match made.first {
            None => made.first = Some(closure),
            Some(_) => made.many = true,
        }
        closure
    }

    /// `CreateContext`: a new context of `slots` slots under `parent`.
    pub fn create_context(&mut self, parent: Value, slots: u32) -> Value {
        self.heap.alloc_context(parent, slots)
    }

    /// `LoadContext`: slot `index` of the context `depth` links up from `ctx`.
    pub fn load_context(&self, ctx: Value, depth: u32, index: u32) -> Value {
        let a = self.heap.context_at(ctx, depth);
        self.heap.array(a).elements[index as usize + 1]
    }

    /// `StoreContext`: writes slot `index` of the context `depth` links up from `ctx`.
    pub fn store_context(&mut self, ctx: Value, depth: u32, index: u32, v: Value) {
        let a = self.heap.context_at(ctx, depth);
        self.heap.array_mut(a).elements[index as usize + 1] = v;
    }

    /// `typeof v`, as a string value.
    pub fn type_of(&mut self, v: Value) -> Value {
        let s = match v.decode() {
            Decoded::Undefined | Decoded::Hole => "undefined",
            Decoded::Null | Decoded::Object(_) | Decoded::Array(_) => "object",
            Decoded::Bool(_) => "boolean",
            Decoded::Int(_) | Decoded::Double(_) => "number",
            Decoded::String(_) => "string",
            Decoded::Function(_) | Decoded::Builtin(_) => "function",
        };
        self.heap.alloc_str(s)
    }

    /// The kind of the bytecode function behind a function value.
    pub(crate) fn function_kind(&self, f: FuncId) -> FunctionKind {
        self.program.function(f).kind
    }

    /// True if `new v(...)` is allowed.
    pub(crate) fn is_constructor(&self, v: Value) -> bool {
        match v.decode() {
            Decoded::Function(f) => matches!(self.function_kind(f), FunctionKind::Normal | FunctionKind::ClassConstructor { .. }),
            Decoded::Builtin(b) => matches!(
                self.builtins[b.0 as usize],
                Builtin::Array
                    | Builtin::Error(_)
                    | Builtin::Lib(crate::builtins_tier3::LibFn::Date)
                    | Builtin::Object(crate::object_functions::ObjectFunction::Constructor)
            ),
            _ => false,
        }
    }

    /// The prototype of an object or function value (`null` when it has none seabed models).
    pub fn prototype_of(&self, v: Value) -> Value {
        match v.decode() {
            Decoded::Object(o) => self.heap.proto_of_shape(self.heap.object(o).shape),
            Decoded::Function(_) | Decoded::Builtin(_) => match self.heap.function_props.get(&v.bits()) {
                Some(&o) => self.heap.proto_of_shape(self.heap.object(o).shape),
                None => Value::NULL,
            },
            _ => Value::NULL,
        }
    }

    /// The next object a property lookup visits after `v`: its prototype, and after the last
    /// one `Object.prototype` once the program has it ([`crate::realm`]); `null` at the end.
    pub(crate) fn lookup_next(&self, v: Value) -> Value {
        match self.prototype_of(v) {
            p if p == Value::NULL && !matches!(v.decode(), Decoded::Undefined | Decoded::Null | Decoded::Hole) => self.implicit_prototype(v),
            p => p,
        }
    }

    /// An own property of an object or function value, without the chain (`F.prototype` of a
    /// constructible function is made here on first read).
    pub(crate) fn own_property(&mut self, v: Value, name: NameId) -> Option<Value> {
        match v.decode() {
            Decoded::Object(o) => self.heap.get_property(o, name),
            Decoded::Function(_) | Decoded::Builtin(_) => self.function_own_property(v, name),
            _ => None,
        }
    }

    /// Looks `name` up on `start` and its prototype chain (objects and function objects),
    /// for the vm's own uses (error messages, `F.prototype` of `new`): a getter met on the way
    /// runs, and one that throws reads as absent ([`Vm::get_property`] is `[[Get]]`).
    pub fn lookup_chain(&mut self, start: Value, name: NameId) -> Option<Value> {
        self.get_property(start, start, name).ok().flatten()
    }

    fn function_own_property(&mut self, f: Value, name: NameId) -> Option<Value> {
        if let Some(&o) = self.heap.function_props.get(&f.bits()) {
            if let Some(v) = self.heap.get_property(o, name) {
                return Some(v);
            }
        }
        if let Some(v) = match f.decode() {
            Decoded::Builtin(b) => self.builtin_static(b, name),
            _ => None,
        } {
            return Some(v);
        }
        match f.decode() {
            Decoded::Function(_) if name == self.names.prototype && self.is_constructor(f) => {
                let proto = self.heap.alloc_object();
                let constructor = self.heap.intern("constructor");
                // `constructor` is not enumerable (for-in and Object.keys skip it).
                let shape = self.heap.transition_with(self.heap.object(proto).shape, constructor, crate::heap::attr::DONT_ENUM);
                self.heap.add_slot(proto, shape, f);
                let bag = self.heap.function_props(f);
                self.heap.set_property(bag, name, Value::object(proto));
                Some(Value::object(proto))
            }
            Decoded::Builtin(b) if name == self.names.prototype => match self.builtins[b.0 as usize] {
                Builtin::Error(kind) => Some(self.error_prototype(kind)),
                Builtin::Lib(crate::builtins_tier3::LibFn::Date) => Some(self.date_prototype()),
                Builtin::Object(crate::object_functions::ObjectFunction::Constructor) => Some(self.object_prototype_value()),
                _ => None,
            },
            Decoded::Function(func) if name == self.names.name => {
                let n = self.program.function(func).name.clone();
                Some(self.heap.alloc_str(&n))
            }
            Decoded::Function(func) if name == self.names.length => Some(Value::int(self.program.function(func).length as i32)),
            Decoded::Builtin(b) if name == self.names.name => {
                let n = self.builtin_name(b);
                Some(self.heap.alloc_str(&n))
            }
            Decoded::Builtin(b) if name == self.names.length && matches!(self.builtins[b.0 as usize], Builtin::Bound(_)) => {
                Some(Value::int(self.bound_length(b)))
            }
            _ if name == self.names.call => Some(self.builtin_value("Function.prototype.call")),
            _ if name == self.names.bind => Some(self.builtin_value("Function.prototype.bind")),
            _ if name == self.names.apply => Some(self.builtin_value("Function.prototype.apply")),
            _ => None,
        }
    }

    /// `f.name` read through a function value's properties (for a function that is a property
    /// value) — the chain lookup of a function value's property, `undefined` when absent.
    pub(crate) fn load_function_property(&mut self, f: Value, name: NameId) -> JsResult<Value> {
        match self.get_property(f, f, name)? {
            Some(v) => Ok(v),
            None => match self.object_prototype_method(name) {
                Some(m) => Ok(m),
                None => self.census_miss(f, name),
            },
        }
    }

    /// Stores a property of a function value (`F.prototype = …`, `C.count = 0`).
    pub(crate) fn store_function_property(&mut self, f: Value, name: NameId, v: Value) {
        let bag = self.heap.function_props(f);
        self.heap.set_property(bag, name, v);
    }

    /// The prototype object of the error constructor `kind` (`Error.prototype`, …), made on
    /// first use with its `name` and an empty `message`.
    pub(crate) fn error_prototype(&mut self, kind: crate::ErrorKind) -> Value {
        if let Some(&p) = self.error_prototypes.get(&kind) {
            return p;
        }
        let parent = if kind == crate::ErrorKind::Error { Value::NULL } else { self.error_prototype(crate::ErrorKind::Error) };
        let o = self.heap.alloc_object_with_proto(parent);
        let text = self.heap.alloc_str(kind.name());
        self.add_builtin_property(o, "name", text);
        let empty = self.heap.alloc_str("");
        self.add_builtin_property(o, "message", empty);
        let ctor = self.builtin_value(kind.name());
        self.add_builtin_property(o, "constructor", ctor);
        if kind == crate::ErrorKind::Error {
            let method = self.builtin_value("Error.prototype.toString");
            self.add_builtin_property(o, "toString", method);
        }
        let v = Value::object(o);
        self.error_prototypes.insert(kind, v);
        v
    }

    /// Initializes an error object: `message` from the first argument unless it is undefined.
    pub(crate) fn init_error(&mut self, obj: Value, message: Value) -> JsResult<()> {
        if message != Value::UNDEFINED {
            let text = self.to_string_units(message);
            let s = self.heap.alloc_utf16(text);
            let name = self.heap.intern("message");
            if let Decoded::Object(o) = obj.decode() {
                self.heap.set_property(o, name, s);
            }
        }
        Ok(())
    }

    /// The prototype of the object `new target(...)` makes: `target.prototype` if it is an
    /// object or a function, else `null` (made on first use, as every function's `prototype`);
    /// an array there traps (node's object would inherit its elements and methods).
    pub(crate) fn construct_prototype(&mut self, target: Value) -> JsResult<Value> {
        let name = self.names.prototype;
        match self.lookup_chain(target, name) {
            Some(p) if matches!(p.decode(), Decoded::Object(_) | Decoded::Function(_)) => Ok(p),
            // node's object would inherit the array's elements and Array.prototype's methods.
            Some(p) if matches!(p.decode(), Decoded::Array(_)) => unsupported("new of a constructor whose prototype is an array".into()),
            _ => Ok(Value::NULL),
        }
    }

    /// The initial map of `new target(...)` with prototype `proto` (construct feedback): one
    /// when `target`'s `prototype` is an own field of its property object holding `proto`, an
    /// object.
    pub(crate) fn initial_map_of(&mut self, target: Value, proto: Value) -> InitialMap {
        if !matches!(proto.decode(), Decoded::Object(_)) {
            return InitialMap::Varied;
        }
        let Some(&bag) = self.heap.function_props.get(&target.bits()) else { return InitialMap::Varied };
        let bag_shape = self.heap.object(bag).shape;
        match self.heap.lookup(bag_shape, self.names.prototype) {
            Some(slot) if self.heap.object(bag).slots[slot as usize] == proto => InitialMap::One {
                target: target.bits(),
                bag: Value::object(bag).bits(),
                bag_shape,
                slot,
                prototype: proto.bits(),
                shape: self.heap.root_shape(proto),
            },
            _ => InitialMap::Varied,
        }
    }

    /// `new target(...)` of a bytecode function: the object whose prototype is `proto`
    /// ([`Vm::construct_prototype`]), initialized by the constructor.
    pub(crate) fn construct_function(&mut self, f: FuncId, target: Value, proto: Value, args: usize, argc: u32) -> JsResult<Value> {
        let obj = Value::object(self.heap.alloc_object_with_proto(proto));
        let context = self.heap.closure_context(target);
        // The new object is the result unless the constructor returns another: a root while
        // the constructor runs (it may drop its own `this`).
        self.with_roots(|vm| {
            vm.heap.gc.extra_roots.push(obj);
            let result = vm.call_function(f, obj, context, args + 1, argc)?;
            vm.check_derived_result(f, result)?;
            Ok(if result.is_object() { result } else { obj })
        })
    }

    /// A derived class's constructor may return an object or `undefined`, nothing else.
    fn check_derived_result(&self, f: FuncId, result: Value) -> JsResult<()> {
        let derived = matches!(self.program.function(f).kind, FunctionKind::ClassConstructor { derived: true });
        if derived && !result.is_object() && result != Value::UNDEFINED {
            return type_error("Derived constructors may only return object or undefined".into());
        }
        Ok(())
    }

    /// `super(...)`: runs the parent constructor `callee` on the object at `stack[args]`.
    pub(crate) fn construct_super(&mut self, callee: Value, args: usize, argc: u32) -> JsResult<Value> {
        let this = self.stack[args];
        match callee.decode() {
            Decoded::Function(f) if self.is_constructor(callee) => {
                let context = self.heap.closure_context(callee);
                let result = self.call_function(f, this, context, args + 1, argc)?;
                self.check_derived_result(f, result)?;
                Ok(if result.is_object() { result } else { this })
            }
            Decoded::Builtin(b) if matches!(self.builtins[b.0 as usize], Builtin::Error(_)) => {
                let message = if argc > 0 { self.stack[args + 1] } else { Value::UNDEFINED };
                self.init_error(this, message)?;
                Ok(this)
            }
            Decoded::Builtin(_) => unsupported("super(...) of this builtin class".into()),
            _ => type_error("Super constructor is not a constructor".into()),
        }
    }

    /// `super.name` from a method whose home object is `home`.
    pub fn load_super(&mut self, home: Value, name: NameId) -> JsResult<Value> {
        let start = self.prototype_of(home);
        if start == Value::NULL {
            return Ok(Value::UNDEFINED);
        }
        // A getter found from `super` would need the method's `this`, which LoadSuper lacks.
        let mut holder = start;
        for _ in 0..10_000 {
            if let Some(o) = self.property_holder(holder) {
                if let Some((_, attrs)) = self.own_slot(o, name) {
                    if attrs & crate::heap::attr::ACCESSOR != 0 {
                        return unsupported("super property that is an accessor".into());
                    }
                    break;
                }
            }
            holder = self.prototype_of(holder);
            if holder == Value::NULL {
                break;
            }
        }
        Ok(self.get_property(start, start, name)?.unwrap_or(Value::UNDEFINED))
    }

    /// `SetPrototype`: the prototype of `obj` (an object or a function) becomes `proto`.
    pub fn set_prototype(&mut self, obj: Value, proto: Value) -> JsResult<()> {
        if !(proto == Value::NULL || proto.is_object()) {
            return type_error(format!(
                "Class extends value {} is not a constructor or null",
                self.value_for_message(proto)
            ));
        }
        // No cycles.
        let mut p = proto;
        while p != Value::NULL {
            if p == obj {
                return type_error("Cyclic __proto__ value".into());
            }
            p = self.prototype_of(p);
        }
        let o = match obj.decode() {
            Decoded::Object(o) => o,
            Decoded::Function(_) | Decoded::Builtin(_) => self.heap.function_props(obj),
            _ => return unsupported("setting the prototype of a primitive".into()),
        };
        let shape = self.heap.object(o).shape;
        let next = self.heap.reshape_with_proto(shape, proto);
        self.heap.objects[o.0 as usize].shape = next;
        Ok(())
    }
}
