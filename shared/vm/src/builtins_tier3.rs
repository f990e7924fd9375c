//! The Tier-3 library (issue 38, item 3): the builtins benchmarks such as Octane use, in one
//! enum ([`LibFn`], reached as [`Builtin::Lib`]) with one module per concern:
//!
//! - `Date.now()`, `new Date()` and its `getTime`/`valueOf`, and `Math.random` as V8's
//!   seeded xorshift128+ (`builtins_tier3_date.rs`);
//! - `Number.prototype.toString(radix)`, `toFixed`, `toPrecision`, `toExponential`
//!   (`builtins_tier3_number.rs`);
//! - the `String.prototype` methods `charAt`, `codePointAt`, `at`, `slice`, `substr`, `split`,
//!   `replace`, `replaceAll`, the case mappings, `repeat`, `padStart`/`padEnd`, `startsWith`,
//!   `endsWith`, `includes`, `concat`, `lastIndexOf`, and `String.fromCodePoint`
//!   (`builtins_tier3_string.rs`);
//! - the `Array.prototype` methods `sort`, `concat`, `reverse`, `splice`, `shift`, `unshift`,
//!   `lastIndexOf`, `includes`, `find`, `findIndex`, `findLast`, `findLastIndex`, `flat`, `at`
//!   (`builtins_tier3_array.rs`);
//! - `JSON.stringify` and `JSON.parse` of plain data (`builtins_tier3_json.rs`).
//!
//! This module holds what names them (no `Vm`); `builtins_tier3_call.rs` dispatches a call,
//! and `builtins_tier3_random.rs` is `Math.random`'s generator. Compiled code calls all of
//! them through the generic call path, so every tier runs them.

use crate::builtins::Builtin;
use crate::exception::{Exception, JsResult, Throw};
use crate::value::Value;

/// One Tier-3 library function.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LibFn {
    /// The `Date` constructor: `new Date()` and `new Date(ms)`; other forms trap.
    Date,
    /// `Date.now()`: milliseconds since the epoch (machine-dependent).
    DateNow,
    /// `Date.prototype.getTime()`.
    DateGetTime,
    /// `Date.prototype.valueOf()` (the same time value).
    DateValueOf,
    /// `Number.prototype.toFixed(digits)`.
    NumberToFixed,
    /// `Number.prototype.toPrecision(precision)`.
    NumberToPrecision,
    /// `Number.prototype.toExponential(digits)`.
    NumberToExponential,
    /// `Number.prototype.valueOf()`.
    NumberValueOf,
    /// `String.prototype.charAt(index)`.
    StringCharAt,
    /// `String.prototype.codePointAt(index)`.
    StringCodePointAt,
    /// `String.prototype.at(index)`.
    StringAt,
    /// `String.prototype.slice(start, end)`.
    StringSlice,
    /// `String.prototype.substr(start, length)`.
    StringSubstr,
    /// `String.prototype.split(separator, limit)` with a string separator.
    StringSplit,
    /// `String.prototype.replace(pattern, replacement)` with a string pattern.
    StringReplace,
    /// `String.prototype.replaceAll(pattern, replacement)` with a string pattern.
    StringReplaceAll,
    /// `String.prototype.toUpperCase()`.
    StringToUpperCase,
    /// `String.prototype.toLowerCase()`.
    StringToLowerCase,
    /// `String.prototype.repeat(count)`.
    StringRepeat,
    /// `String.prototype.padStart(length, filler)`.
    StringPadStart,
    /// `String.prototype.padEnd(length, filler)`.
    StringPadEnd,
    /// `String.prototype.startsWith(search, position)`.
    StringStartsWith,
    /// `String.prototype.endsWith(search, endPosition)`.
    StringEndsWith,
    /// `String.prototype.includes(search, position)`.
    StringIncludes,
    /// `String.prototype.concat(...strings)`.
    StringConcat,
    /// `String.prototype.lastIndexOf(search, position)`.
    StringLastIndexOf,
    /// `String.prototype.valueOf()`.
    StringValueOf,
    /// `String.fromCodePoint(...codePoints)`.
    StringFromCodePoint,
    /// `Array.prototype.sort(comparator)`.
    ArraySort,
    /// `Array.prototype.concat(...items)`.
    ArrayConcat,
    /// `Array.prototype.reverse()`.
    ArrayReverse,
    /// `Array.prototype.splice(start, deleteCount, ...items)`.
    ArraySplice,
    /// `Array.prototype.shift()`.
    ArrayShift,
    /// `Array.prototype.unshift(...items)`.
    ArrayUnshift,
    /// `Array.prototype.lastIndexOf(search, fromIndex)`.
    ArrayLastIndexOf,
    /// `Array.prototype.includes(search, fromIndex)`.
    ArrayIncludes,
    /// `Array.prototype.find`, `findIndex`, `findLast` and `findLastIndex`.
    ArrayFind(Find),
    /// `Array.prototype.flat(depth)`.
    ArrayFlat,
    /// `Array.prototype.at(index)`.
    ArrayAt,
    /// `JSON.stringify(value, replacer, space)`; a replacer traps.
    JsonStringify,
    /// `JSON.parse(text)`; a reviver traps.
    JsonParse,
    /// `Date.prototype.toString()`: traps (seabed does not format dates); it is there so that
    /// a Date converted to a string (`"" + date`, `String(date)`) traps instead of reading as
    /// `[object Object]`.
    DateToString,
}

/// Which of the four `find` methods: from which end, and whether it answers the element or
/// its index.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Find {
    /// `findLast`/`findLastIndex`: from the end.
    pub last: bool,
    /// `findIndex`/`findLastIndex`: the index (or -1) rather than the element (or undefined).
    pub index: bool,
}

impl LibFn {
    /// Every library function, in [`Builtin::all`]'s order.
    pub const ALL: &'static [LibFn] = &[
        LibFn::Date,
        LibFn::DateNow,
        LibFn::DateGetTime,
        LibFn::DateValueOf,
        LibFn::NumberToFixed,
        LibFn::NumberToPrecision,
        LibFn::NumberToExponential,
        LibFn::NumberValueOf,
        LibFn::StringCharAt,
        LibFn::StringCodePointAt,
        LibFn::StringAt,
        LibFn::StringSlice,
        LibFn::StringSubstr,
        LibFn::StringSplit,
        LibFn::StringReplace,
        LibFn::StringReplaceAll,
        LibFn::StringToUpperCase,
        LibFn::StringToLowerCase,
        LibFn::StringRepeat,
        LibFn::StringPadStart,
        LibFn::StringPadEnd,
        LibFn::StringStartsWith,
        LibFn::StringEndsWith,
        LibFn::StringIncludes,
        LibFn::StringConcat,
        LibFn::StringLastIndexOf,
        LibFn::StringValueOf,
        LibFn::StringFromCodePoint,
        LibFn::ArraySort,
        LibFn::ArrayConcat,
        LibFn::ArrayReverse,
        LibFn::ArraySplice,
        LibFn::ArrayShift,
        LibFn::ArrayUnshift,
        LibFn::ArrayLastIndexOf,
        LibFn::ArrayIncludes,
        LibFn::ArrayFind(Find { last: false, index: false }),
        LibFn::ArrayFind(Find { last: false, index: true }),
        LibFn::ArrayFind(Find { last: true, index: false }),
        LibFn::ArrayFind(Find { last: true, index: true }),
        LibFn::ArrayFlat,
        LibFn::ArrayAt,
        LibFn::JsonStringify,
        LibFn::JsonParse,
        LibFn::DateToString,
    ];

    /// The JavaScript name (`Function.prototype.name`).
    pub fn name(self) -> &'static str {
        match self {
            LibFn::Date => "Date",
            LibFn::DateNow => "now",
            LibFn::DateGetTime => "getTime",
            LibFn::DateValueOf | LibFn::NumberValueOf | LibFn::StringValueOf => "valueOf",
            LibFn::NumberToFixed => "toFixed",
            LibFn::NumberToPrecision => "toPrecision",
            LibFn::NumberToExponential => "toExponential",
            LibFn::StringCharAt => "charAt",
            LibFn::StringCodePointAt => "codePointAt",
            LibFn::StringAt | LibFn::ArrayAt => "at",
            LibFn::StringSlice => "slice",
            LibFn::StringSubstr => "substr",
            LibFn::StringSplit => "split",
            LibFn::StringReplace => "replace",
            LibFn::StringReplaceAll => "replaceAll",
            LibFn::StringToUpperCase => "toUpperCase",
            LibFn::StringToLowerCase => "toLowerCase",
            LibFn::StringRepeat => "repeat",
            LibFn::StringPadStart => "padStart",
            LibFn::StringPadEnd => "padEnd",
            LibFn::StringStartsWith => "startsWith",
            LibFn::StringEndsWith => "endsWith",
            LibFn::StringIncludes | LibFn::ArrayIncludes => "includes",
            LibFn::StringConcat | LibFn::ArrayConcat => "concat",
            LibFn::StringLastIndexOf | LibFn::ArrayLastIndexOf => "lastIndexOf",
            LibFn::StringFromCodePoint => "fromCodePoint",
            LibFn::ArraySort => "sort",
            LibFn::ArrayReverse => "reverse",
            LibFn::ArraySplice => "splice",
            LibFn::ArrayShift => "shift",
            LibFn::ArrayUnshift => "unshift",
            LibFn::ArrayFind(Find { last: false, index: false }) => "find",
            LibFn::ArrayFind(Find { last: false, index: true }) => "findIndex",
            LibFn::ArrayFind(Find { last: true, index: false }) => "findLast",
            LibFn::ArrayFind(Find { last: true, index: true }) => "findLastIndex",
            LibFn::ArrayFlat => "flat",
            LibFn::JsonStringify => "stringify",
            LibFn::JsonParse => "parse",
            LibFn::DateToString => "toString",
        }
    }

    /// The key of the function in the vm's table of builtins by name (unique: the holder and
    /// the name).
    pub fn lookup_key(self) -> &'static str {
        match self {
            LibFn::Date => "Date",
            LibFn::DateNow => "Date.now",
            LibFn::DateGetTime => "Date.prototype.getTime",
            LibFn::DateValueOf => "Date.prototype.valueOf",
            LibFn::NumberToFixed => "Number.prototype.toFixed",
            LibFn::NumberToPrecision => "Number.prototype.toPrecision",
            LibFn::NumberToExponential => "Number.prototype.toExponential",
            LibFn::NumberValueOf => "Number.prototype.valueOf",
            LibFn::StringCharAt => "String.prototype.charAt",
            LibFn::StringCodePointAt => "String.prototype.codePointAt",
            LibFn::StringAt => "String.prototype.at",
            LibFn::StringSlice => "String.prototype.slice",
            LibFn::StringSubstr => "String.prototype.substr",
            LibFn::StringSplit => "String.prototype.split",
            LibFn::StringReplace => "String.prototype.replace",
            LibFn::StringReplaceAll => "String.prototype.replaceAll",
            LibFn::StringToUpperCase => "String.prototype.toUpperCase",
            LibFn::StringToLowerCase => "String.prototype.toLowerCase",
            LibFn::StringRepeat => "String.prototype.repeat",
            LibFn::StringPadStart => "String.prototype.padStart",
            LibFn::StringPadEnd => "String.prototype.padEnd",
            LibFn::StringStartsWith => "String.prototype.startsWith",
            LibFn::StringEndsWith => "String.prototype.endsWith",
            LibFn::StringIncludes => "String.prototype.includes",
            LibFn::StringConcat => "String.prototype.concat",
            LibFn::StringLastIndexOf => "String.prototype.lastIndexOf",
            LibFn::StringValueOf => "String.prototype.valueOf",
            LibFn::StringFromCodePoint => "String.fromCodePoint",
            LibFn::ArraySort => "Array.prototype.sort",
            LibFn::ArrayConcat => "Array.prototype.concat",
            LibFn::ArrayReverse => "Array.prototype.reverse",
            LibFn::ArraySplice => "Array.prototype.splice",
            LibFn::ArrayShift => "Array.prototype.shift",
            LibFn::ArrayUnshift => "Array.prototype.unshift",
            LibFn::ArrayLastIndexOf => "Array.prototype.lastIndexOf",
            LibFn::ArrayIncludes => "Array.prototype.includes",
            LibFn::ArrayFind(Find { last: false, index: false }) => "Array.prototype.find",
            LibFn::ArrayFind(Find { last: false, index: true }) => "Array.prototype.findIndex",
            LibFn::ArrayFind(Find { last: true, index: false }) => "Array.prototype.findLast",
            LibFn::ArrayFind(Find { last: true, index: true }) => "Array.prototype.findLastIndex",
            LibFn::ArrayFlat => "Array.prototype.flat",
            LibFn::ArrayAt => "Array.prototype.at",
            LibFn::JsonStringify => "JSON.stringify",
            LibFn::JsonParse => "JSON.parse",
            LibFn::DateToString => "Date.prototype.toString",
        }
    }

    /// The holder whose methods this function is one of (`"String.prototype"`).
    fn holder(self) -> &'static str {
        let key = self.lookup_key();
        key.rsplit_once('.').map_or(key, |(holder, _)| holder)
    }
}

/// The library function named `name` on `holder` (`"Array.prototype"`, `"Date"`, …), if any.
fn on_holder(holder: &str, name: &str) -> Option<LibFn> {
    LibFn::ALL.iter().copied().find(|f| f.holder() == holder && f.name() == name)
}

/// The Tier-3 array method named `name`, if any.
pub fn array_method(name: &str) -> Option<Builtin> {
    on_holder("Array.prototype", name).map(Builtin::Lib)
}

/// The Tier-3 string method named `name`, if any.
pub fn string_method(name: &str) -> Option<Builtin> {
    on_holder("String.prototype", name).map(Builtin::Lib)
}

/// The Tier-3 method of primitive numbers named `name`, if any (`toString` is the generic
/// builtin, which takes the radix).
pub fn number_method(name: &str) -> Option<Builtin> {
    on_holder("Number.prototype", name).map(Builtin::Lib)
}

/// The properties of the `JSON` namespace object.
pub const JSON_METHODS: &[LibFn] = &[LibFn::JsonStringify, LibFn::JsonParse];

/// The methods of `Date.prototype` seabed implements.
pub const DATE_METHODS: &[LibFn] = &[LibFn::DateGetTime, LibFn::DateValueOf, LibFn::DateToString];

/// The vm's Tier-3 library state: the seeded generator of `Math.random` and the objects made
/// on first use.
#[derive(Debug)]
pub struct LibState {
    /// `Math.random`'s generator.
    pub(crate) random: crate::builtins_tier3_random::MathRandom,
    /// `Date.prototype`, made on first use (a root of the collector).
    pub(crate) date_prototype: Option<Value>,
    /// The `JSON` object, once made (a root as one of the vm's host objects).
    pub(crate) json_object: Option<Value>,
}

impl Default for LibState {
    fn default() -> LibState {
        LibState { random: crate::builtins_tier3_random::MathRandom::new(crate::builtins_tier3_random::DEFAULT_RANDOM_SEED), date_prototype: None, json_object: None }
    }
}

pub(crate) fn throw<T>(t: Throw) -> JsResult<T> {
    Err(Box::new(Exception { throw: t, location: None }))
}

pub(crate) fn range_error<T>(msg: impl Into<String>) -> JsResult<T> {
    throw(Throw::Error(crate::ErrorKind::RangeError, msg.into()))
}

pub(crate) fn type_error<T>(msg: impl Into<String>) -> JsResult<T> {
    throw(Throw::Error(crate::ErrorKind::TypeError, msg.into()))
}

pub(crate) fn unsupported<T>(msg: impl Into<String>) -> JsResult<T> {
    throw(Throw::Unsupported(msg.into()))
}

/// ECMAScript ToIntegerOrInfinity of a number (NaN is 0; `-0` is `+0`).
pub(crate) fn integer_or_infinity(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.trunc() + 0.0
    }
}

/// A relative index (`start`/`end` of `slice`) resolved against `len`: negative ones count
/// from the end; the result is clamped to `0..=len`.
pub(crate) fn relative_index(x: f64, len: usize) -> usize {
    let len_f = len as f64;
    if x < 0.0 {
        (len_f + x).max(0.0) as usize
    } else {
        x.min(len_f) as usize
    }
}
