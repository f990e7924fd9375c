//! Builtin functions and objects: `Math`, `console`, `print`, `String`, `Number`, `Array`,
//! `isNaN`, `isFinite`, and the methods `push`, `pop` and `toString`.

use crate::number::MathFunction;

/// A builtin function the vm implements natively.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Builtin {
    /// `Math.<f>`
    Math(MathFunction),
    /// `console.log(...)` (also `console.info`, `console.debug`)
    ConsoleLog,
    /// `console.error(...)` and `console.warn(...)`: to stderr
    ConsoleError,
    /// `Math.random()`: traps (output would depend on it)
    MathRandom,
    /// `print(...)`, an alias of `console.log`
    Print,
    /// `String(x)`
    String,
    /// `Number(x)`
    Number,
    /// `Array(n)` / `new Array(n)` / `Array(a, b, ...)`
    Array,
    /// `isNaN(x)`
    IsNaN,
    /// `isFinite(x)`
    IsFinite,
    /// `array.push(...)`
    ArrayPush,
    /// `array.pop()`
    ArrayPop,
    /// `x.toString()` of primitives, arrays and plain objects
    ToString,
}

impl Builtin {
    /// Every builtin; a `BuiltinId` is an index into this list.
    pub fn all() -> Vec<Builtin> {
        let mut v: Vec<Builtin> = MathFunction::ALL.iter().map(|&m| Builtin::Math(m)).collect();
        v.extend([
            Builtin::ConsoleLog,
            Builtin::ConsoleError,
            Builtin::MathRandom,
            Builtin::Print,
            Builtin::String,
            Builtin::Number,
            Builtin::Array,
            Builtin::IsNaN,
            Builtin::IsFinite,
            Builtin::ArrayPush,
            Builtin::ArrayPop,
            Builtin::ToString,
        ]);
        v
    }

    /// The JavaScript name (as `Function.prototype.name` would give it).
    pub fn name(self) -> &'static str {
        match self {
            Builtin::Math(m) => m.name(),
            Builtin::ConsoleLog => "log",
            Builtin::ConsoleError => "error",
            Builtin::MathRandom => "random",
            Builtin::Print => "print",
            Builtin::String => "String",
            Builtin::Number => "Number",
            Builtin::Array => "Array",
            Builtin::IsNaN => "isNaN",
            Builtin::IsFinite => "isFinite",
            Builtin::ArrayPush => "push",
            Builtin::ArrayPop => "pop",
            Builtin::ToString => "toString",
        }
    }
}

/// Names on `Object.prototype` that seabed does not implement yet: reading one of them from
/// an object that lacks an own property of that name traps (exit 3) instead of silently giving
/// `undefined`.
pub const OBJECT_PROTOTYPE_NAMES: &[&str] = &[
    "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString",
    "valueOf", "__proto__", "__defineGetter__", "__defineSetter__", "__lookupGetter__",
    "__lookupSetter__",
];

/// Names on `Number.prototype`, `String.prototype`, `Boolean.prototype` and
/// `Array.prototype` that seabed does not implement yet (reading one traps).
pub const PRIMITIVE_AND_ARRAY_PROTOTYPE_NAMES: &[&str] = &[
    "toFixed", "toExponential", "toPrecision", "at", "charAt", "charCodeAt",
    "codePointAt", "concat", "endsWith", "includes", "indexOf", "lastIndexOf", "localeCompare",
    "match", "matchAll", "normalize", "padEnd", "padStart", "repeat", "replace", "replaceAll",
    "search", "slice", "split", "startsWith", "substring", "substr", "toLowerCase", "toUpperCase",
    "toLocaleLowerCase", "toLocaleUpperCase", "trim", "trimStart", "trimEnd", "copyWithin",
    "entries", "every", "fill", "filter", "find", "findIndex", "findLast", "findLastIndex", "flat",
    "flatMap", "forEach", "join", "keys", "map", "reduce", "reduceRight", "reverse", "shift",
    "sort", "splice", "toReversed", "toSorted", "toSpliced", "unshift", "values", "with",
];
