//! The `Object` builtins seabed implements, by name (their code is `builtins_object.rs`).

use crate::builtins::Builtin;

/// The `Object` builtins.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ObjectFunction {
    /// `Object` itself (calling or constructing it traps).
    Constructor,
    /// `Object.keys(o)`
    Keys,
    /// `Object.values(o)`
    Values,
    /// `Object.entries(o)`
    Entries,
    /// `Object.assign(target, ...sources)`
    Assign,
    /// `Object.create(proto[, properties])`
    Create,
    /// `Object.getPrototypeOf(o)`
    GetPrototypeOf,
    /// `Object.setPrototypeOf(o, proto)`
    SetPrototypeOf,
    /// `Object.freeze(o)`
    Freeze,
    /// `Object.defineProperty(o, key, descriptor)`
    DefineProperty,
    /// `Object.defineProperties(o, descriptors)`
    DefineProperties,
    /// `Object.getOwnPropertyNames(o)`
    GetOwnPropertyNames,
    /// `Object.prototype.hasOwnProperty(key)`
    HasOwnProperty,
    /// `Object.prototype.isPrototypeOf(v)`
    IsPrototypeOf,
    /// `Object.prototype.propertyIsEnumerable(key)`
    PropertyIsEnumerable,
}

impl ObjectFunction {
    /// Every `Object` builtin, in builtin-id order.
    pub const ALL: [ObjectFunction; 15] = [
        ObjectFunction::Constructor,
        ObjectFunction::Keys,
        ObjectFunction::Values,
        ObjectFunction::Entries,
        ObjectFunction::Assign,
        ObjectFunction::Create,
        ObjectFunction::GetPrototypeOf,
        ObjectFunction::SetPrototypeOf,
        ObjectFunction::Freeze,
        ObjectFunction::DefineProperty,
        ObjectFunction::DefineProperties,
        ObjectFunction::GetOwnPropertyNames,
        ObjectFunction::HasOwnProperty,
        ObjectFunction::IsPrototypeOf,
        ObjectFunction::PropertyIsEnumerable,
    ];

    /// The static functions (`Object.<name>`).
    pub const STATICS: [Builtin; 11] = [
        Builtin::Object(ObjectFunction::Keys),
        Builtin::Object(ObjectFunction::Values),
        Builtin::Object(ObjectFunction::Entries),
        Builtin::Object(ObjectFunction::Assign),
        Builtin::Object(ObjectFunction::Create),
        Builtin::Object(ObjectFunction::GetPrototypeOf),
        Builtin::Object(ObjectFunction::SetPrototypeOf),
        Builtin::Object(ObjectFunction::Freeze),
        Builtin::Object(ObjectFunction::DefineProperty),
        Builtin::Object(ObjectFunction::DefineProperties),
        Builtin::Object(ObjectFunction::GetOwnPropertyNames),
    ];

    /// The JavaScript name.
    pub fn name(self) -> &'static str {
        match self {
            ObjectFunction::Constructor => "Object",
            ObjectFunction::Keys => "keys",
            ObjectFunction::Values => "values",
            ObjectFunction::Entries => "entries",
            ObjectFunction::Assign => "assign",
            ObjectFunction::Create => "create",
            ObjectFunction::GetPrototypeOf => "getPrototypeOf",
            ObjectFunction::SetPrototypeOf => "setPrototypeOf",
            ObjectFunction::Freeze => "freeze",
            ObjectFunction::DefineProperty => "defineProperty",
            ObjectFunction::DefineProperties => "defineProperties",
            ObjectFunction::GetOwnPropertyNames => "getOwnPropertyNames",
            ObjectFunction::HasOwnProperty => "hasOwnProperty",
            ObjectFunction::IsPrototypeOf => "isPrototypeOf",
            ObjectFunction::PropertyIsEnumerable => "propertyIsEnumerable",
        }
    }

    /// The key in the vm's table of builtins by name.
    pub fn lookup_key(self) -> &'static str {
        match self {
            ObjectFunction::Constructor => "Object",
            ObjectFunction::Keys => "Object.keys",
            ObjectFunction::Values => "Object.values",
            ObjectFunction::Entries => "Object.entries",
            ObjectFunction::Assign => "Object.assign",
            ObjectFunction::Create => "Object.create",
            ObjectFunction::GetPrototypeOf => "Object.getPrototypeOf",
            ObjectFunction::SetPrototypeOf => "Object.setPrototypeOf",
            ObjectFunction::Freeze => "Object.freeze",
            ObjectFunction::DefineProperty => "Object.defineProperty",
            ObjectFunction::DefineProperties => "Object.defineProperties",
            ObjectFunction::GetOwnPropertyNames => "Object.getOwnPropertyNames",
            ObjectFunction::HasOwnProperty => "Object.prototype.hasOwnProperty",
            ObjectFunction::IsPrototypeOf => "Object.prototype.isPrototypeOf",
            ObjectFunction::PropertyIsEnumerable => "Object.prototype.propertyIsEnumerable",
        }
    }
}
