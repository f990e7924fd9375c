//! The vm's side of the census of node's built-in surface ([`frontend::census`]).
//!
//! When a property lookup misses (the receiver and everything seabed models of its prototype
//! chain lack the name), the vm asks which of node's built-in objects the receiver's chain
//! would reach in node ([`Vm::census_holders`]): if one of them has the name, node would find
//! a value there and seabed does not implement it, so the read traps with
//! `UnsupportedFeature: <holder>.<name>`; otherwise node finds nothing either and the read is
//! `undefined`, as in node (so feature tests such as `if (!Array.prototype.includes)` work).
//!
//! [`implemented`] says which census entries seabed serves; the census test reads every entry
//! and requires node's `typeof` for those and the trap for the others, and `seabed check` lists
//! the reads of names that only unimplemented entries have.

use frontend::bytecode::NameId;
use frontend::census;

use crate::builtins::{self, Builtin};
use crate::exception::{JsResult, Throw};
use crate::value::{Decoded, Value};
use crate::{ErrorKind, Vm};

/// The census holders of `Object.prototype`'s properties (the end of every chain).
const OBJECT_PROTOTYPE: &str = "Object.prototype";

/// True if seabed serves census entry `holder`.`name` with node's `typeof` (a read of any other
/// entry traps). The census test checks this list against what the vm does.
pub fn implemented(holder: &str, name: &str) -> bool {
    let error_prototype = |h: &str| ErrorKind::ALL.iter().any(|&k| error_prototype_holder(k) == h);
    let error_constructor = |h: &str| ErrorKind::ALL.iter().any(|k| k.name() == h);
    match holder {
        census::GLOBAL => !frontend::is_unimplemented_global_name(name),
        "Object.prototype" => matches!(name, "toString" | "hasOwnProperty" | "isPrototypeOf" | "propertyIsEnumerable"),
        "Boolean.prototype" => name == "toString",
        "Number.prototype" => name == "toString" || crate::builtins_tier3::number_method(name).is_some(),
        "JSON" => crate::builtins_tier3::JSON_METHODS.iter().any(|f| f.name() == name),
        "Array.prototype" => builtins::array_method(name).is_some() || matches!(name, "length" | "toString"),
        "String.prototype" => builtins::string_method(name).is_some() || matches!(name, "length" | "toString"),
        "Function.prototype" => matches!(name, "call" | "apply" | "bind" | "name" | "length" | "toString"),
        "Math" => true,
        "Number" | "String" | "Array" | "Object" => {
            name == "name"
                || (holder == "Object" && name == "prototype")
                || (holder == "Number" && builtins::NUMBER_CONSTANTS.iter().any(|(c, _)| *c == name))
                || constructor_of(holder).is_some_and(|c| builtins::static_methods(c).iter().any(|m| m.name() == name))
        }
        "Error.prototype" => matches!(name, "constructor" | "name" | "message" | "toString"),
        h if error_prototype(h) => matches!(name, "constructor" | "name" | "message"),
        h if error_constructor(h) => matches!(name, "name" | "prototype"),
        "error" => name == "message",
        _ => false,
    }
}

/// The builtin constructor a census holder names (`Number`, `String`, `Array`).
fn constructor_of(holder: &str) -> Option<Builtin> {
    match holder {
        "Number" => Some(Builtin::Number),
        "String" => Some(Builtin::String),
        "Array" => Some(Builtin::Array),
        "Object" => Some(Builtin::Object(crate::object_functions::ObjectFunction::Constructor)),
        _ => None,
    }
}

impl Vm {
    /// The census holders a read of a property of `receiver` reaches in node after what seabed
    /// models, in lookup order: the receiver's own built-in object (for a builtin function or
    /// `Math`), the prototypes of its kind, `Object.prototype` last.
    pub(crate) fn census_holders(&self, receiver: Value) -> Vec<&'static str> {
        let mut holders: Vec<&'static str> = Vec::with_capacity(4);
        match receiver.decode() {
            Decoded::Array(_) => holders.push("Array.prototype"),
            Decoded::String(_) => holders.push("String.prototype"),
            Decoded::Int(_) | Decoded::Double(_) => holders.push("Number.prototype"),
            Decoded::Bool(_) => holders.push("Boolean.prototype"),
            Decoded::Function(_) => holders.push("Function.prototype"),
            Decoded::Builtin(b) => {
                match self.builtins[b.0 as usize] {
                    Builtin::Number => holders.push("Number"),
                    Builtin::String => holders.push("String"),
                    Builtin::Array => holders.push("Array"),
                    Builtin::Object(crate::object_functions::ObjectFunction::Constructor) => holders.push("Object"),
                    Builtin::Error(kind) => holders.push(kind.name()),
                    _ => {}
                }
                holders.push("Function.prototype");
            }
            Decoded::Object(o) if Some(o) == self.math_object => holders.push("Math"),
            Decoded::Object(_) => {
                if let Some(kind) = self.error_kind_of(receiver) {
                    holders.push("error");
                    if kind != ErrorKind::Error {
                        holders.push(error_prototype_holder(kind));
                    }
                    holders.push("Error.prototype");
                }
                // An array or a function on the chain (`F.prototype = [1, 2]`) brings its
                // kind's prototype: node would find Array.prototype's methods there.
                let mut p = self.prototype_of(receiver);
                for _ in 0..10_000 {
                    match p.decode() {
                        Decoded::Array(_) => holders.push("Array.prototype"),
                        Decoded::Function(_) | Decoded::Builtin(_) => holders.push("Function.prototype"),
                        Decoded::Object(_) => {}
                        _ => break,
                    }
                    p = self.prototype_of(p);
                }
            }
            Decoded::Undefined | Decoded::Null | Decoded::Hole => return holders,
        }
        holders.push(OBJECT_PROTOTYPE);
        holders
    }

    /// The error kind whose prototype is on `v`'s chain (an error object or an instance of a
    /// subclass of an error class), if any.
    pub(crate) fn error_kind_of(&self, v: Value) -> Option<ErrorKind> {
        let mut holder = v;
        for _ in 0..10_000 {
            holder = self.prototype_of(holder);
            if holder == Value::NULL {
                return None;
            }
            if let Some((&kind, _)) = self.error_prototypes.iter().find(|(_, &p)| p == holder) {
                return Some(kind);
            }
        }
        None
    }

    /// A read of `name` that missed everything seabed models of `receiver`'s chain: `toString`
    /// is the generic builtin; a name one of the census holders has traps naming the holder
    /// (node has it, seabed does not implement it); anything else is `undefined` (node has
    /// nothing there either).
    pub(crate) fn census_miss(&self, receiver: Value, name: NameId) -> JsResult<Value> {
        if name == self.names.to_string {
            return Ok(self.builtin_value("toString"));
        }
        let text = self.heap.name(name);
        if let Some(t) = self.lib_census_miss(receiver, text) {
            return Err(Box::new(crate::Exception { throw: t, location: None }));
        }
        match census::first_holder(&self.census_holders(receiver), text) {
            Some(holder) => Err(Box::new(crate::Exception { throw: Throw::Unsupported(format!("{holder}.{text}")), location: None })),
            None => Ok(Value::UNDEFINED),
        }
    }
}

/// The census holder of an error kind's prototype (`TypeError.prototype`).
fn error_prototype_holder(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Error => "Error.prototype",
        ErrorKind::TypeError => "TypeError.prototype",
        ErrorKind::RangeError => "RangeError.prototype",
        ErrorKind::ReferenceError => "ReferenceError.prototype",
        ErrorKind::SyntaxError => "SyntaxError.prototype",
    }
}

/// A property read `seabed check` reports: a name the program never stores, which only
/// census entries seabed lacks have, so running the read can only trap (or find nothing where
/// node finds a built-in).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnimplementedRead {
    /// The read's source offset.
    pub offset: u32,
    /// The entries node would find, `holder.name`, joined by ` or `.
    pub builtins: String,
}

/// The reads of built-in properties seabed lacks in `program`: each `o.name` whose name the
/// program never stores (no `o.name = …`, object literal key, class member or field) and which
/// only unimplemented census entries have (a name some implemented entry has, such as
/// `length` or `indexOf`, is taken as that one). Reads through a global seabed lacks (`JSON.parse`)
/// are reported by the frontend already, as the global.
pub fn unimplemented_reads(program: &frontend::Program) -> Vec<UnimplementedRead> {
    use frontend::bytecode::Instr;
    let stored: std::collections::HashSet<NameId> = program
        .functions
        .iter()
        .flat_map(|f| f.code.iter())
        .filter_map(|i| match *i {
            Instr::StoreNamed { name, .. } => Some(name),
            _ => None,
        })
        .collect();
    let mut reads = Vec::new();
    for f in &program.functions {
        for (pc, instr) in f.code.iter().enumerate() {
            let name = match *instr {
                Instr::LoadNamed { name, .. } | Instr::LoadSuper { name, .. } => name,
                _ => continue,
            };
            if stored.contains(&name) {
                continue;
            }
            let text = program.name(name);
            let holders: Vec<&str> = census::entries()
                .iter()
                .filter(|e| e.name == text && e.holder != census::GLOBAL && !global_is_missing(e.holder))
                .map(|e| e.holder)
                .collect();
            if holders.is_empty() || holders.iter().any(|h| implemented(h, text)) {
                continue;
            }
            let builtins = holders.iter().map(|h| format!("{h}.{text}")).collect::<Vec<_>>().join(" or ");
            reads.push(UnimplementedRead { offset: f.positions[pc], builtins });
        }
    }
    reads.sort_by_key(|r| r.offset);
    reads.dedup();
    reads
}

/// True if the census holder is a static holder under a global seabed does not implement
/// (`Object`, `JSON`): a read through it traps at the global. Prototypes are reached through
/// instances (`({}).hasOwnProperty`), so they always count.
fn global_is_missing(holder: &str) -> bool {
    !holder.ends_with(".prototype") && holder != "error" && frontend::is_unimplemented_global_name(holder)
}
