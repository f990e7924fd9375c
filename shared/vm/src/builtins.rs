//! Builtin functions and objects: `Math`, `console`, `print`, `String`, `Number`, `Array`,
//! `isNaN`, `isFinite`, the methods `push`, `pop`, `some`, `every` and `toString`, and the
//! `String.prototype` methods that need nothing beyond Tier-1 strings (the HTML methods,
//! `trim` and its variants, `isWellFormed`, `toWellFormed`), and the machine-dependent
//! `performance.now()` (a monotonic clock, for timing on stderr).
//!
//! Tier 2 adds the array methods `forEach`, `map`, `filter`, `reduce`, `fill`, `slice`,
//! `indexOf` and `join`, the string methods `substring`, `indexOf` and `charCodeAt`, and
//! `process.stdout.write` (implemented in `builtins_tier2.rs`).
//!
//! Tier 3 adds the library benchmarks use — `Date`, `Math.random`, the number formatting
//! methods, most of `String.prototype` and `Array.prototype`, and `JSON` — as
//! [`Builtin::Lib`] (implemented in `builtins_tier3*.rs`).

use crate::builtins_tier3::LibFn;
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
    /// `Math.random()`: V8's seeded xorshift128+ (`builtins_tier3_date.rs`, `--random-seed`)
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
    /// `array.some(callback[, thisArg])` (`every: false`) and `array.every(...)` (`every:
    /// true`): the callback on each element present, in order, until one decides the answer.
    ArrayTest {
        /// `every` rather than `some`.
        every: bool,
    },
    /// One of the `String.prototype` HTML methods (`"a".bold()` is `<b>a</b>`).
    StringHtml(HtmlMethod),
    /// `trim`, `trimStart`/`trimLeft` and `trimEnd`/`trimRight`.
    StringTrim(Trim),
    /// `string.isWellFormed()`: no lone surrogate.
    StringIsWellFormed,
    /// `string.toWellFormed()`: lone surrogates replaced by U+FFFD.
    StringToWellFormed,
    /// `performance.now()`: milliseconds on a monotonic clock since the process's first vm was
    /// created (node: since the process started). Machine-dependent
    /// ([`Builtin::is_machine_dependent`]): only for timing printed to stderr.
    PerformanceNow,
    /// `Error(msg)`, `TypeError(msg)`, `RangeError(msg)`, … and `new` of them: an error object
    /// whose prototype is the constructor's `prototype`, with an own `message`.
    Error(crate::ErrorKind),
    /// `f.call(thisArg, ...args)`
    FunctionCall,
    /// `f.apply(thisArg, array)`
    FunctionApply,
    /// `array.forEach`, `array.map` and `array.filter` (`callback[, thisArg]`): the callback
    /// on each element present, in order, with `(element, index, array)`.
    ArrayIterate(Iteration),
    /// `array.reduce(callback[, initial])`.
    ArrayReduce,
    /// `array.fill(value[, start[, end]])`.
    ArrayFill,
    /// `array.slice([start[, end]])`.
    ArraySlice,
    /// `array.indexOf(value[, fromIndex])` (strict equality).
    ArrayIndexOf,
    /// `array.join([separator])`.
    ArrayJoin,
    /// `string.substring(start[, end])`.
    StringSubstring,
    /// `string.indexOf(search[, position])`.
    StringIndexOf,
    /// `string.charCodeAt(index)`.
    StringCharCodeAt,
    /// `process.stdout.write(string)`: the string to standard output, no newline added.
    ProcessStdoutWrite,
    /// `Number.isNaN`, `Number.isFinite`, `Number.isInteger` and `Number.isSafeInteger`: no
    /// coercion (a non-number is `false`).
    NumberTest(NumberTest),
    /// `parseInt(string, radix)`; `Number.parseInt` is the same function.
    ParseInt,
    /// `parseFloat(string)`; `Number.parseFloat` is the same function.
    ParseFloat,
    /// `String.fromCharCode(...codes)`.
    StringFromCharCode,
    /// `Array.isArray(x)`.
    ArrayIsArray,
    /// `Array.of(...items)`.
    ArrayOf,
    /// `Array.from(items[, mapFn[, thisArg]])` of an array, a string or an array-like object
    /// (other iterables trap).
    ArrayFrom,
    /// `f.bind(thisArg, ...args)`.
    FunctionBind,
    /// A function `bind` made: index into the vm's bound functions (made at run time, so its
    /// id is past [`Builtin::all`]'s).
    Bound(u32),
    /// `Error.prototype.toString`: `name: message` (either alone when the other is empty).
    ErrorToString,
    /// A Tier-3 library function (`builtins_tier3.rs`).
    Lib(crate::builtins_tier3::LibFn),
    /// `Object`, its static functions and the `Object.prototype` methods seabed implements
    /// (`builtins_object.rs`).
    Object(crate::object_functions::ObjectFunction),
}

/// The `Number` predicates.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NumberTest {
    /// `Number.isNaN`
    IsNaN,
    /// `Number.isFinite`
    IsFinite,
    /// `Number.isInteger`
    IsInteger,
    /// `Number.isSafeInteger`
    IsSafeInteger,
}

impl NumberTest {
    /// Every predicate.
    pub const ALL: [NumberTest; 4] = [NumberTest::IsNaN, NumberTest::IsFinite, NumberTest::IsInteger, NumberTest::IsSafeInteger];

    /// The predicate's name (a property of `Number`).
    pub fn name(self) -> &'static str {
        match self {
            NumberTest::IsNaN => "isNaN",
            NumberTest::IsFinite => "isFinite",
            NumberTest::IsInteger => "isInteger",
            NumberTest::IsSafeInteger => "isSafeInteger",
        }
    }

    /// The predicate of a number.
    pub fn test(self, x: f64) -> bool {
        match self {
            NumberTest::IsNaN => x.is_nan(),
            NumberTest::IsFinite => x.is_finite(),
            NumberTest::IsInteger => x.is_finite() && x.trunc() == x,
            NumberTest::IsSafeInteger => x.is_finite() && x.trunc() == x && x.abs() <= MAX_SAFE_INTEGER,
        }
    }
}

/// `Number.MAX_SAFE_INTEGER`, 2^53 - 1.
pub const MAX_SAFE_INTEGER: f64 = 9007199254740991.0;

/// The constants of `Number`, by name.
pub const NUMBER_CONSTANTS: &[(&str, f64)] = &[
    ("EPSILON", f64::EPSILON),
    ("MAX_SAFE_INTEGER", MAX_SAFE_INTEGER),
    ("MAX_VALUE", f64::MAX),
    ("MIN_SAFE_INTEGER", -MAX_SAFE_INTEGER),
    ("MIN_VALUE", 5e-324),
    ("NEGATIVE_INFINITY", f64::NEG_INFINITY),
    ("NaN", f64::NAN),
    ("POSITIVE_INFINITY", f64::INFINITY),
];

/// The static methods of the builtin constructors seabed implements, by constructor: the
/// properties a read of the constructor finds (served without storing them, `Vm::builtin_static`).
pub fn static_methods(constructor: Builtin) -> &'static [Builtin] {
    match constructor {
        Builtin::Number => &[
            Builtin::NumberTest(NumberTest::IsNaN),
            Builtin::NumberTest(NumberTest::IsFinite),
            Builtin::NumberTest(NumberTest::IsInteger),
            Builtin::NumberTest(NumberTest::IsSafeInteger),
            Builtin::ParseInt,
            Builtin::ParseFloat,
        ],
        Builtin::String => &[Builtin::StringFromCharCode, Builtin::Lib(LibFn::StringFromCodePoint)],
        Builtin::Lib(LibFn::Date) => &[Builtin::Lib(LibFn::DateNow)],
        Builtin::Array => &[Builtin::ArrayIsArray, Builtin::ArrayOf, Builtin::ArrayFrom],
        Builtin::Object(crate::object_functions::ObjectFunction::Constructor) => &crate::object_functions::ObjectFunction::STATICS,
        _ => &[],
    }
}

/// What `forEach`, `map` and `filter` do with the callback's results.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Iteration {
    /// `forEach`: results are ignored; the call returns `undefined`.
    ForEach,
    /// `map`: a new array of the results, with holes where the receiver had them.
    Map,
    /// `filter`: a new array of the elements whose result is truthy.
    Filter,
}

/// The `String.prototype` HTML methods (ECMAScript Annex B, `CreateHTML`): a tag around the
/// string, with one attribute for some of them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HtmlMethod {
    /// The method's name.
    pub name: &'static str,
    /// The element's tag.
    pub tag: &'static str,
    /// The attribute set from the argument, if the method takes one.
    pub attribute: Option<&'static str>,
}

/// Every HTML method.
pub const HTML_METHODS: &[HtmlMethod] = &[
    HtmlMethod { name: "anchor", tag: "a", attribute: Some("name") },
    HtmlMethod { name: "big", tag: "big", attribute: None },
    HtmlMethod { name: "blink", tag: "blink", attribute: None },
    HtmlMethod { name: "bold", tag: "b", attribute: None },
    HtmlMethod { name: "fixed", tag: "tt", attribute: None },
    HtmlMethod { name: "fontcolor", tag: "font", attribute: Some("color") },
    HtmlMethod { name: "fontsize", tag: "font", attribute: Some("size") },
    HtmlMethod { name: "italics", tag: "i", attribute: None },
    HtmlMethod { name: "link", tag: "a", attribute: Some("href") },
    HtmlMethod { name: "small", tag: "small", attribute: None },
    HtmlMethod { name: "strike", tag: "strike", attribute: None },
    HtmlMethod { name: "sub", tag: "sub", attribute: None },
    HtmlMethod { name: "sup", tag: "sup", attribute: None },
];

/// Which ends `trim` works on, and under which name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Trim {
    /// The method's name (`trimLeft` and `trimRight` are aliases of `trimStart`/`trimEnd`).
    pub name: &'static str,
    /// Remove white space at the start.
    pub start: bool,
    /// Remove white space at the end.
    pub end: bool,
}

/// Every trim method.
pub const TRIM_METHODS: &[Trim] = &[
    Trim { name: "trim", start: true, end: true },
    Trim { name: "trimStart", start: true, end: false },
    Trim { name: "trimLeft", start: true, end: false },
    Trim { name: "trimEnd", start: false, end: true },
    Trim { name: "trimRight", start: false, end: true },
];

/// ECMAScript `WhiteSpace` or `LineTerminator` (what `trim` removes).
pub fn is_js_whitespace(unit: u16) -> bool {
    matches!(
        unit,
        0x09 | 0x0A | 0x0B | 0x0C | 0x0D | 0x20 | 0xA0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000 | 0xFEFF
    )
}

/// The array methods seabed implements, by name (`length` is not a method).
pub fn array_method(name: &str) -> Option<Builtin> {
    match name {
        "push" => Some(Builtin::ArrayPush),
        "pop" => Some(Builtin::ArrayPop),
        "some" => Some(Builtin::ArrayTest { every: false }),
        "every" => Some(Builtin::ArrayTest { every: true }),
        "forEach" => Some(Builtin::ArrayIterate(Iteration::ForEach)),
        "map" => Some(Builtin::ArrayIterate(Iteration::Map)),
        "filter" => Some(Builtin::ArrayIterate(Iteration::Filter)),
        "reduce" => Some(Builtin::ArrayReduce),
        "fill" => Some(Builtin::ArrayFill),
        "slice" => Some(Builtin::ArraySlice),
        "indexOf" => Some(Builtin::ArrayIndexOf),
        "join" => Some(Builtin::ArrayJoin),
        _ => crate::builtins_tier3::array_method(name),
    }
}

/// The string methods seabed implements, by name (`toString` is answered for every value).
pub fn string_method(name: &str) -> Option<Builtin> {
    if let Some(&h) = HTML_METHODS.iter().find(|h| h.name == name) {
        return Some(Builtin::StringHtml(h));
    }
    if let Some(&t) = TRIM_METHODS.iter().find(|t| t.name == name) {
        return Some(Builtin::StringTrim(t));
    }
    match name {
        "isWellFormed" => Some(Builtin::StringIsWellFormed),
        "toWellFormed" => Some(Builtin::StringToWellFormed),
        "substring" => Some(Builtin::StringSubstring),
        "indexOf" => Some(Builtin::StringIndexOf),
        "charCodeAt" => Some(Builtin::StringCharCodeAt),
        _ => crate::builtins_tier3::string_method(name),
    }
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
            Builtin::ArrayTest { every: false },
            Builtin::ArrayTest { every: true },
            Builtin::StringIsWellFormed,
            Builtin::StringToWellFormed,
        ]);
        v.extend(HTML_METHODS.iter().map(|&h| Builtin::StringHtml(h)));
        v.extend(TRIM_METHODS.iter().map(|&t| Builtin::StringTrim(t)));
        // Last, so that the ids of the others stay as they were.
        v.push(Builtin::PerformanceNow);
        v.extend(crate::ErrorKind::ALL.iter().map(|&k| Builtin::Error(k)));
        v.extend([Builtin::FunctionCall, Builtin::FunctionApply]);
        // The Tier-2 array and string methods and process.stdout.write, after the others for
        // the same reason.
        v.extend([
            Builtin::ArrayIterate(Iteration::ForEach),
            Builtin::ArrayIterate(Iteration::Map),
            Builtin::ArrayIterate(Iteration::Filter),
            Builtin::ArrayReduce,
            Builtin::ArrayFill,
            Builtin::ArraySlice,
            Builtin::ArrayIndexOf,
            Builtin::ArrayJoin,
            Builtin::StringSubstring,
            Builtin::StringIndexOf,
            Builtin::StringCharCodeAt,
            Builtin::ProcessStdoutWrite,
        ]);
        // The census builtins (issue 34), after the others for the same reason.
        v.extend(NumberTest::ALL.iter().map(|&t| Builtin::NumberTest(t)));
        v.extend([
            Builtin::ParseInt,
            Builtin::ParseFloat,
            Builtin::StringFromCharCode,
            Builtin::ArrayIsArray,
            Builtin::ArrayOf,
            Builtin::ArrayFrom,
            Builtin::FunctionBind,
            Builtin::ErrorToString,
        ]);
        // The Tier-3 library (issue 38), after the others for the same reason.
        v.extend(LibFn::ALL.iter().map(|&f| Builtin::Lib(f)));
        // Tier 3's Object builtins, after the others for the same reason.
        v.extend(crate::object_functions::ObjectFunction::ALL.iter().map(|&f| Builtin::Object(f)));
        v
    }

    /// The key of the builtin in the vm's table of builtins by name, for those found by
    /// their plain name: the name, except where two builtins share one (`indexOf` of
    /// strings is `String.prototype.indexOf`; that of arrays is `indexOf`) and for
    /// `process.stdout.write`.
    pub fn lookup_key(self) -> &'static str {
        match self {
            Builtin::StringIndexOf => "String.prototype.indexOf",
            Builtin::ProcessStdoutWrite => "process.stdout.write",
            Builtin::NumberTest(NumberTest::IsNaN) => "Number.isNaN",
            Builtin::NumberTest(NumberTest::IsFinite) => "Number.isFinite",
            Builtin::NumberTest(NumberTest::IsInteger) => "Number.isInteger",
            Builtin::NumberTest(NumberTest::IsSafeInteger) => "Number.isSafeInteger",
            Builtin::StringFromCharCode => "String.fromCharCode",
            Builtin::ArrayIsArray => "Array.isArray",
            Builtin::ArrayOf => "Array.of",
            Builtin::ArrayFrom => "Array.from",
            Builtin::FunctionBind => "Function.prototype.bind",
            Builtin::ErrorToString => "Error.prototype.toString",
            Builtin::Lib(f) => f.lookup_key(),
            Builtin::Object(f) => f.lookup_key(),
            other => other.name(),
        }
    }

    /// True for a builtin whose result depends on the machine or the moment (a clock): output
    /// compared with node must never depend on it (`frontend::MACHINE_DEPENDENT_GLOBALS`).
    pub fn is_machine_dependent(self) -> bool {
        matches!(self, Builtin::PerformanceNow) || self.is_clock()
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
            Builtin::ArrayTest { every: false } => "some",
            Builtin::ArrayTest { every: true } => "every",
            Builtin::StringHtml(h) => h.name,
            Builtin::StringTrim(t) => t.name,
            Builtin::StringIsWellFormed => "isWellFormed",
            Builtin::StringToWellFormed => "toWellFormed",
            Builtin::PerformanceNow => "now",
            Builtin::Error(k) => k.name(),
            Builtin::FunctionCall => "call",
            Builtin::FunctionApply => "apply",
            Builtin::ArrayIterate(Iteration::ForEach) => "forEach",
            Builtin::ArrayIterate(Iteration::Map) => "map",
            Builtin::ArrayIterate(Iteration::Filter) => "filter",
            Builtin::ArrayReduce => "reduce",
            Builtin::ArrayFill => "fill",
            Builtin::ArraySlice => "slice",
            Builtin::ArrayIndexOf | Builtin::StringIndexOf => "indexOf",
            Builtin::ArrayJoin => "join",
            Builtin::StringSubstring => "substring",
            Builtin::StringCharCodeAt => "charCodeAt",
            Builtin::ProcessStdoutWrite => "write",
            Builtin::NumberTest(t) => t.name(),
            Builtin::ParseInt => "parseInt",
            Builtin::ParseFloat => "parseFloat",
            Builtin::StringFromCharCode => "fromCharCode",
            Builtin::ArrayIsArray => "isArray",
            Builtin::ArrayOf => "of",
            Builtin::ArrayFrom => "from",
            Builtin::FunctionBind => "bind",
            // A bound function's name is "bound " and its target's (Vm::builtin_name).
            Builtin::Bound(_) => "bound",
            Builtin::ErrorToString => "toString",
            Builtin::Lib(f) => f.name(),
            Builtin::Object(f) => f.name(),
        }
    }
}

/// Milliseconds since the clock's origin, fixed the first time it is read (`Vm::new` reads it,
/// so the origin is the first vm's creation), on a monotonic clock (`std::time::Instant`).
pub fn performance_now() -> f64 {
    static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    ORIGIN.get_or_init(std::time::Instant::now).elapsed().as_secs_f64() * 1000.0
}

#[cfg(test)]
mod tests {
    #[test]
    fn performance_now_is_monotonic_milliseconds() {
        let a = super::performance_now();
        std::thread::sleep(std::time::Duration::from_millis(5));
        let b = super::performance_now();
        assert!(b - a >= 5.0 && b - a < 5000.0, "{a} then {b}");
        assert!(super::Builtin::PerformanceNow.is_machine_dependent());
        assert!(!super::Builtin::ConsoleLog.is_machine_dependent());
    }
}
