//! The realm's two ordinary objects that programs reach without naming a global:
//! `Object.prototype` (read as `Object.prototype`) and the global object (the `this` of a
//! sloppy-mode function called without a receiver). Both are made on first use; a program that
//! uses neither runs exactly as before (no shape, feedback or counter changes).
//!
//! **`Object.prototype`** is the implicit end of every prototype chain: objects whose shape
//! says prototype `null` (plain objects, the last prototype of a class chain), functions,
//! arrays, strings and numbers continue to it once it exists ([`Vm::prototype_of`]). Its
//! built-in methods (`hasOwnProperty`, `toString`, …) stay where they were (the vm's method
//! tables); the object holds what the program adds (`Object.defineProperty(Object.prototype,
//! "inheritsFrom", …)` in Octane's deltablue). Replacing one of the built-in methods traps.
//! Adding, redefining or deleting one of its properties changes what a missing property reads
//! as everywhere, so it discards every function's compiled code and turns every recorded
//! "missing property" handler into the generic chain lookup (V8 guards the same assumption
//! with the `Object.prototype` validity cell and its "no elements" protector).
//!
//! **The global object**: in node a program is a CommonJS module, so its top-level `var`,
//! `let` and function declarations are *not* properties of the global object; only implicit
//! globals (assignments to undeclared names in sloppy code) and node's built-ins are. Seabed
//! keeps implicit globals and built-ins in global slots, so the global object holds only what a
//! program stores through `this`. A read or write of a property named like an implicit global
//! of the program or like one of node's globals traps (the two would alias in node), and so
//! does reading an implicit global that is not yet assigned while the global object has a
//! property of that name. Enumerating or printing the global object traps.
//!
//! Both objects get a root shape of their own ([`crate::heap::Heap::unshared_root_shape`]),
//! so no store handler recorded on ordinary objects ever applies to them.

use frontend::bytecode::{GlobalKind, NameId};

use crate::exception::{JsResult, Throw};
use crate::value::{ObjectId, Value};
use crate::Vm;

/// The realm objects, made on first use (collector roots).
#[derive(Default, Debug)]
pub(crate) struct Realm {
    /// `Object.prototype`.
    pub(crate) object_prototype: Option<ObjectId>,
    /// The global object (`globalThis`).
    pub(crate) global_object: Option<ObjectId>,
}

/// The `Object.prototype` methods the vm implements itself (a program that replaces one would
/// not be seen by the method tables, so it traps).
const BUILTIN_OBJECT_PROTOTYPE_NAMES: &[&str] = &[
    "constructor",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toString",
    "toLocaleString",
    "valueOf",
    "__proto__",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
];

fn unsupported<T>(what: String) -> JsResult<T> {
    Err(Box::new(crate::Exception { throw: Throw::Unsupported(what), location: None }))
}

impl Vm {
    /// `Object.prototype`, made on first use.
    pub(crate) fn object_prototype_value(&mut self) -> Value {
        let o = match self.realm.object_prototype {
            Some(o) => o,
            None => *self.realm.object_prototype.insert(self.heap.alloc_realm_object()),
        };
        Value::object(o)
    }

    /// The global object, made on first use (the `this` of a sloppy-mode function called
    /// with `undefined` or `null`).
    pub(crate) fn global_object_value(&mut self) -> Value {
        let o = match self.realm.global_object {
            Some(o) => o,
            None => *self.realm.global_object.insert(self.heap.alloc_realm_object()),
        };
        Value::object(o)
    }

    /// True if `o` is `Object.prototype`.
    pub(crate) fn is_object_prototype(&self, o: ObjectId) -> bool {
        self.realm.object_prototype == Some(o)
    }

    /// True if `o` is the global object.
    pub(crate) fn is_global_object(&self, o: ObjectId) -> bool {
        self.realm.global_object == Some(o)
    }

    /// The prototype a value whose own chain ends (`null`) continues to: `Object.prototype`
    /// once it exists, for everything but `Object.prototype` itself.
    pub(crate) fn implicit_prototype(&self, v: Value) -> Value {
        match self.realm.object_prototype {
            Some(o) if v != Value::object(o) => Value::object(o),
            _ => Value::NULL,
        }
    }

    /// A read of `name` that missed `receiver`'s own chain and the vm's method tables: the
    /// value of a property the program gave `Object.prototype` (a getter runs with `receiver`
    /// as `this`), or `None`.
    pub(crate) fn object_prototype_get(&mut self, receiver: Value, name: NameId) -> JsResult<Option<Value>> {
        let Some(o) = self.realm.object_prototype else { return Ok(None) };
        if receiver == Value::object(o) || self.own_slot(o, name).is_none() {
            return Ok(None);
        }
        self.get_property(Value::object(o), receiver, name)
    }

    /// A read of `name` that missed an array's or a primitive's own properties and methods:
    /// `Object.prototype`'s, else the census ([`Vm::census_miss`]).
    pub(crate) fn primitive_miss(&mut self, receiver: Value, name: NameId) -> JsResult<Value> {
        match self.object_prototype_get(receiver, name)? {
            Some(v) => Ok(v),
            None => self.census_miss(receiver, name),
        }
    }

    /// True if `name` is one of the built-in methods of `Object.prototype` and `o` is it (an
    /// own property in node, kept in the vm's method tables here).
    pub(crate) fn is_object_prototype_builtin(&self, o: ObjectId, name: NameId) -> bool {
        self.is_object_prototype(o) && BUILTIN_OBJECT_PROTOTYPE_NAMES.contains(&self.heap.name(name))
    }

    /// A store that a read-only or accessor property of `Object.prototype` (`holder`) would
    /// decide traps: seabed compiles object-literal properties as stores, where JavaScript
    /// defines them, so the two cannot be told apart here.
    pub(crate) fn inherited_from_object_prototype_check(&self, holder: ObjectId, name: NameId) -> JsResult<()> {
        if self.is_object_prototype(holder) {
            return unsupported(format!(
                "storing '{}' where Object.prototype has it read-only or as an accessor",
                self.heap.name(name)
            ));
        }
        Ok(())
    }

    /// A missing property of the global object: a name that would be a global binding in
    /// node traps (see the module documentation); `None` otherwise.
    pub(crate) fn global_object_check(&self, o: ObjectId, name: NameId) -> JsResult<()> {
        if !self.is_global_object(o) {
            return Ok(());
        }
        let text = self.heap.name(name);
        let implicit = self.program.globals.iter().any(|g| g.kind == GlobalKind::Implicit && g.name == text);
        let builtin = frontend::compiler::BUILTIN_GLOBALS.contains(&text)
            || frontend::compiler::ON_DEMAND_GLOBALS.contains(&text)
            || frontend::compiler::MACHINE_DEPENDENT_GLOBALS.contains(&text)
            || frontend::compiler::is_unimplemented_global_name(text)
            || matches!(text, "undefined" | "NaN" | "Infinity" | "globalThis");
        if implicit || builtin {
            return unsupported(format!("global variable '{text}' as a property of the global object"));
        }
        Ok(())
    }

    /// Reading implicit global `name` before any assignment: a property of that name on the
    /// global object would be the variable in node, so it traps.
    pub(crate) fn unassigned_global_check(&self, name: &str) -> JsResult<()> {
        let Some(g) = self.realm.global_object else { return Ok(()) };
        match self.heap.lookup_name(name) {
            Some(n) if self.own_slot(g, n).is_some() => {
                unsupported(format!("global variable '{name}' created as a property of the global object"))
            }
            _ => Ok(()),
        }
    }

    /// A store to `name` of realm object `o` before it happens: traps where the store would
    /// be unfaithful (a global binding's name on the global object, a built-in method of
    /// `Object.prototype`).
    pub(crate) fn realm_store_check(&self, o: ObjectId, name: NameId) -> JsResult<()> {
        if self.is_object_prototype(o) {
            let text = self.heap.name(name);
            if BUILTIN_OBJECT_PROTOTYPE_NAMES.contains(&text) {
                return unsupported(format!("replacing Object.prototype.{text}"));
            }
            // Array holes and typed lookups of elements do not consult it.
            if text.parse::<u32>().is_ok_and(|i| i < u32::MAX && i.to_string() == text) {
                return unsupported(format!("an indexed property ({text}) on Object.prototype"));
            }
        }
        self.global_object_check(o, name)
    }

    /// After `Object.prototype` gained, changed or lost a property: every function's compiled
    /// code is discarded (code running now stays alive in `retired_code`) and every recorded
    /// handler that said a property is missing, or that added one by a transition, becomes
    /// the generic lookup.
    pub(crate) fn realm_object_changed(&mut self, o: ObjectId) {
        if self.is_object_prototype(o) {
            self.invalidate_property_feedback(true);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::builtins_tier2::tests::run;
    use crate::Throw;

    /// The message of the `UnsupportedFeature` that ends `source`, or a failure if it ends
    /// otherwise.
    fn trap(source: &str) -> String {
        match run(source).1 {
            Some(Throw::Unsupported(what)) => what,
            other => panic!("expected a trap from {source:?}, got {other:?}"),
        }
    }

    #[test]
    fn global_object_never_aliases_a_global_binding() {
        // An implicit global (written elsewhere) through `this`, and one created through `this`
        // and read as a variable.
        assert!(trap("function f() { this.x = 1; }\nx = 5;\nf();").contains("'x'"));
        assert!(trap("function g() { this.foo = 1; }\ng();\nconsole.log(foo);").contains("'foo'"));
        // node's globals are properties of the global object.
        assert!(trap("function f() { return this.Math; }\nf();").contains("'Math'"));
        // Enumerating it or printing it would list node's globals.
        assert!(trap("function f() { for (var k in this) {} }\nf();").contains("global object"));
        assert!(trap("function f() { return Object.keys(this); }\nf();").contains("global object"));
        assert!(trap("function f() { console.log(this); }\nf();").contains("global object"));
    }

    #[test]
    fn object_prototype_builtins_are_not_replaced_silently() {
        assert!(trap("Object.prototype.toString = function () { return 'x'; };").contains("Object.prototype.toString"));
        let define = "Object.defineProperty(Object.prototype, 'hasOwnProperty', { value: 1 });";
        assert!(trap(define).contains("Object.prototype.hasOwnProperty"));
        assert!(trap("console.log(Object.prototype);").contains("Object.prototype"));
        assert!(trap("Object.getOwnPropertyNames(Object.prototype);").contains("Object.prototype"));
        // Its toString is not the generic one; elements on it are not seen by array holes.
        assert!(trap("Object.prototype.toString.call([]);").contains("Object.prototype.toString"));
        assert!(trap("Object.prototype[2] = 2;").contains("indexed"));
        // A store it would decide by a read-only or accessor property: an object literal
        // defines where an assignment is refused, and seabed compiles both as stores.
        let read_only = "Object.defineProperty(Object.prototype, 'p', { value: 1 });";
        assert!(trap(&format!("{read_only} var o = {{ p: 2 }};")).contains("'p'"));
        assert!(trap(&format!("{read_only} var o = {{}}; o.p = 2;")).contains("'p'"));
        // A sloppy function called on a primitive would see a wrapper object.
        assert!(trap("function f() { return this; } f.call(5);").contains("primitive"));
    }

    #[test]
    fn object_prototype_builtins_are_its_own_properties() {
        let (out, thrown) = run("console.log(Object.prototype.hasOwnProperty('hasOwnProperty'), Object.prototype.isPrototypeOf.call(null, 5));\ntry { Object.prototype.propertyIsEnumerable.call(null, 'x'); } catch (e) { console.log(e.message); }");
        assert_eq!(thrown, None);
        assert_eq!(out, "true false\nCannot convert undefined or null to object\n");
    }

    #[test]
    fn a_program_without_them_makes_neither() {
        let program = std::rc::Rc::new(frontend::compile("t.js", "var o = { a: 1 }; console.log(o.b, 'a' in o);").unwrap());
        let mut vm = crate::Vm::new(program, Box::new(std::io::sink()));
        vm.run_script().unwrap();
        assert!(vm.realm.object_prototype.is_none() && vm.realm.global_object.is_none());
    }
}
