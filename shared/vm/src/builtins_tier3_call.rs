//! The vm's side of the Tier-3 library (`builtins_tier3.rs`): calls dispatched to the
//! module of their concern, `new Date(...)`, the `JSON` object, and the library's hooks into
//! the census (a read of a `Date` member seabed lacks traps) and into `console.log` (what it
//! cannot print).

use crate::builtins::Builtin;
use crate::builtins_tier3::{LibFn, JSON_METHODS};
use crate::exception::{JsResult, Throw};
use crate::value::{Decoded, Value};
use crate::Vm;

impl Vm {
    /// Seeds `Math.random` as `node --random-seed=SEED` does (V8's flag; 0 means a random seed
    /// in V8 and the default seed here).
    pub fn set_random_seed(&mut self, seed: i64) {
        let seed = if seed == 0 { crate::builtins_tier3_random::DEFAULT_RANDOM_SEED } else { seed };
        self.lib.random = crate::builtins_tier3_random::MathRandom::new(seed);
    }

    /// Calls Tier-3 library function `f`; the receiver is `stack[args]`, the `argc` arguments
    /// follow it.
    pub(crate) fn call_lib_builtin(&mut self, f: LibFn, args: usize, argc: u32) -> JsResult<Value> {
        let this = self.stack[args];
        let argv: Vec<Value> = self.stack[args + 1..args + 1 + argc as usize].to_vec();
        match f {
            LibFn::Date | LibFn::DateNow | LibFn::DateGetTime | LibFn::DateValueOf | LibFn::DateToString => self.call_date(f, this, &argv, false),
            LibFn::NumberToFixed | LibFn::NumberToPrecision | LibFn::NumberToExponential | LibFn::NumberValueOf => {
                self.call_number_method(f, this, &argv)
            }
            LibFn::StringCharAt
            | LibFn::StringCodePointAt
            | LibFn::StringAt
            | LibFn::StringSlice
            | LibFn::StringSubstr
            | LibFn::StringSplit
            | LibFn::StringReplace
            | LibFn::StringReplaceAll
            | LibFn::StringToUpperCase
            | LibFn::StringToLowerCase
            | LibFn::StringRepeat
            | LibFn::StringPadStart
            | LibFn::StringPadEnd
            | LibFn::StringStartsWith
            | LibFn::StringEndsWith
            | LibFn::StringIncludes
            | LibFn::StringConcat
            | LibFn::StringLastIndexOf
            | LibFn::StringValueOf
            | LibFn::StringFromCodePoint => self.call_string_method(f, this, &argv),
            LibFn::ArraySort
            | LibFn::ArrayConcat
            | LibFn::ArrayReverse
            | LibFn::ArraySplice
            | LibFn::ArrayShift
            | LibFn::ArrayUnshift
            | LibFn::ArrayLastIndexOf
            | LibFn::ArrayIncludes
            | LibFn::ArrayFind(_)
            | LibFn::ArrayFlat
            | LibFn::ArrayAt => self.call_array_method(f, this, &argv),
            LibFn::JsonStringify | LibFn::JsonParse => self.call_json(f, &argv),
        }
    }

    /// `new` of a Tier-3 constructor (`new Date(...)`).
    pub(crate) fn construct_lib(&mut self, f: LibFn, args: usize, argc: u32) -> JsResult<Value> {
        let argv: Vec<Value> = self.stack[args + 1..args + 1 + argc as usize].to_vec();
        self.call_date(f, Value::UNDEFINED, &argv, true)
    }

    /// The `JSON` global: an object holding `stringify` and `parse` (a host object: reading
    /// a property it lacks traps).
    pub(crate) fn create_json_object(&mut self) -> Value {
        let o = self.heap.alloc_object();
        for f in JSON_METHODS {
            let v = self.builtin_value(f.lookup_key());
            self.add_builtin_property(o, f.name(), v);
        }
        self.lib.json_object = Some(Value::object(o));
        Value::object(o)
    }

    /// The library's census hook: a read that missed on a `Date` instance or the `Date`
    /// constructor traps naming the holder (node's `Date` has many more members; the census
    /// does not list them), or `None` where the ordinary census decides.
    pub(crate) fn lib_census_miss(&self, receiver: Value, name: &str) -> Option<Throw> {
        match receiver.decode() {
            Decoded::Builtin(b) if self.builtins[b.0 as usize] == Builtin::Lib(LibFn::Date) => {
                (!matches!(name, "name" | "length" | "prototype")).then(|| Throw::Unsupported(format!("Date.{name}")))
            }
            Decoded::Object(_) if self.is_date(receiver) || Some(receiver) == self.lib.date_prototype => {
                Some(Throw::Unsupported(format!("Date.prototype.{name}")))
            }
            _ => None,
        }
    }

    /// The library's printing hook: what `console.log` cannot print of object `v` (a `Date`,
    /// which node prints as its ISO time), if anything.
    pub(crate) fn lib_unprintable(&self, v: Value) -> Option<&'static str> {
        if self.is_date(v) || Some(v) == self.lib.date_prototype {
            return Some("a Date");
        }
        (Some(v) == self.lib.json_object).then_some("the JSON object")
    }
}

#[cfg(test)]
mod tests {
    use crate::builtins_tier2::tests::{check_programs, run};
    use crate::{ErrorKind, Throw};

    /// Asserts that `source` ends with an error of `kind` and node's `message`.
    fn check_error(source: &str, kind: ErrorKind, message: &str) {
        let (_, thrown) = run(source);
        assert_eq!(thrown, Some(Throw::Error(kind, message.to_string())), "{source}");
    }

    /// Asserts that `source` traps naming `what`.
    fn check_trap(source: &str, what: &str) {
        let (_, thrown) = run(source);
        assert!(matches!(&thrown, Some(Throw::Unsupported(w)) if w.contains(what)), "{source}: {thrown:?}");
    }

    #[test]
    fn number_methods_follow_node() {
        check_programs(&[
            (
                "console.log((255).toString(16), (-255.5).toString(2), (0.1).toString(3), (1e21).toString(36), (10).toString(10.9));",
                "ff -11111111.1 0.0022002200220022002200220022002201 5v1j4f4ds7c000 10\n",
            ),
            (
                "console.log((1.005).toFixed(2), (2.5).toFixed(), (-1.5).toFixed(0), (1e21).toFixed(3), (NaN).toFixed(2), (0.1).toFixed(20));",
                "1.00 3 -2 1e+21 NaN 0.10000000000000000555\n",
            ),
            (
                "console.log((123.456).toPrecision(4), (1e-7).toPrecision(2), (123456).toPrecision(2), (5).toPrecision(), (Infinity).toPrecision(200), (123456).toExponential(2), (0).toExponential());",
                "123.5 1.0e-7 1.2e+5 5 Infinity 1.23e+5 0e+0\n",
            ),
            ("console.log((5).valueOf(), typeof (5).toFixed, [1, 2].toString(99), true.toString(2));", "5 function 1,2 true\n"),
        ]);
        check_error("(1).toFixed(101)", ErrorKind::RangeError, "toFixed() digits argument must be between 0 and 100");
        check_error("(1).toPrecision(0)", ErrorKind::RangeError, "toPrecision() argument must be between 1 and 100");
        check_error("(1).toExponential(-1)", ErrorKind::RangeError, "toExponential() argument must be between 0 and 100");
        check_error("(1).toString(1)", ErrorKind::RangeError, "toString() radix must be between 2 and 36");
        check_error("(1).toFixed.call('x', 1)", ErrorKind::TypeError, "Number.prototype.toFixed requires that 'this' be a Number");
        check_trap("(1).toLocaleString()", "Number.prototype.toLocaleString");
    }

    #[test]
    fn string_methods_follow_node() {
        check_programs(&[
            (
                "console.log('a,b,,c'.split(','), 'abc'.split(''), ''.split(','), 'a b c'.split(' ', 2), 'abc'.split(), 'abc'.split('abc'));",
                "[ 'a', 'b', '', 'c' ] [ 'a', 'b', 'c' ] [ '' ] [ 'a', 'b' ] [ 'abc' ] [ '', '' ]\n",
            ),
            (
                "console.log('aaa'.replace('a', \"[$&$$$1$`$'$<x>]\"), 'abc'.replaceAll('', '.'), 'abab'.replaceAll('b', function (m, p) { return p; }));",
                "[a$$1aa$<x>]aa .a.b.c. a1a3\n",
            ),
            (
                "console.log('straße'.toUpperCase(), 'ΌΣΟΣ'.toLowerCase(), 'ǅ'.toLowerCase(), 'ab'.repeat(2), 'x'.padStart(4, 'ab'), 'x'.padEnd(3), '|');",
                "STRASSE όσος ǆ abab abax x   |\n",
            ),
            (
                "console.log('abc'.charAt(1), 'abc'.at(-1), '😀'.codePointAt(0), '😀'.codePointAt(1), 'abcdef'.slice(-3, -1), 'abcdef'.substr(-3, 2), 'abc'.lastIndexOf('c', -5), 'abcabc'.lastIndexOf('b', 3));",
                "b c 128512 56832 de de -1 1\n",
            ),
            (
                "console.log('abc'.startsWith('b', 1), 'abc'.endsWith('a', 1), 'abc'.includes(''), 'a'.concat(1, null), String.fromCodePoint(0x1F600, 97).length);",
                "true true true a1null 3\n",
            ),
        ]);
        check_error("'a'.repeat(-1)", ErrorKind::RangeError, "Invalid count value: -1");
        check_error("'a'.repeat(Infinity)", ErrorKind::RangeError, "Invalid count value: Infinity");
        check_error("'a'.repeat(2 ** 30)", ErrorKind::RangeError, "Invalid string length");
        check_error("String.fromCodePoint(1.5)", ErrorKind::RangeError, "Invalid code point 1.5");
        check_trap("'a'.normalize()", "String.prototype.normalize");
    }

    #[test]
    fn array_methods_follow_node() {
        check_programs(&[
            (
                "var a = [3, undefined, , 1, 10, 2]; a.sort(); console.log(a, [2, 1].sort(function (x, y) { return x > y; }), [5, 1, 4].sort(function (x, y) { return y - x; }));",
                "[ 1, 10, 2, 3, undefined, <1 empty item> ] [ 2, 1 ] [ 5, 4, 1 ]\n",
            ),
            (
                "var b = [1, 2, 3, 4, 5]; var r = b.splice(1, 2, 'x'); console.log(r, b, b.shift(), b.unshift(0, 9), b, b.reverse());",
                "[ 2, 3 ] [ 5, 4, 'x', 9, 0 ] 1 5 [ 5, 4, 'x', 9, 0 ] [ 5, 4, 'x', 9, 0 ]\n",
            ),
            (
                "console.log([1, [2, [3]], , 4].flat(), [1, , 3].concat([4, , 6], 7), [NaN].includes(NaN), [, 1].includes(undefined), [1, 2, 1].lastIndexOf(1, -2), [1, 2].at(-3));",
                "[ 1, 2, [ 3 ], 4 ] [ 1, <1 empty item>, 3, 4, <1 empty item>, 6, 7 ] true true 0 undefined\n",
            ),
            (
                "function big(x) { return x > 1; }\nconsole.log([1, 2, 3].find(big), [1, 2, 3].findIndex(big), [1, 2, 3].findLast(big), [1, 2, 3].findLastIndex(big), [0].find(big), [0].findIndex(big));",
                "2 1 3 2 undefined -1\n",
            ),
            (
                "console.log(Array.from({ length: 3, 0: 'a', 2: 'c' }), Array.from({ length: '2' }, function (v, i) { return i * 2; }), Array.from(5), Array.from({ length: -1 }));",
                "[ 'a', undefined, 'c' ] [ 0, 2 ] [] []\n",
            ),
        ]);
        check_error("Array.from(null)", ErrorKind::TypeError, "object null is not iterable (cannot read property Symbol(Symbol.iterator))");
        check_error("Array.from()", ErrorKind::TypeError, "undefined is not iterable (cannot read property Symbol(Symbol.iterator))");
        check_error("[1].sort(3)", ErrorKind::TypeError, "The comparison function must be either a function or undefined");
        check_error("[1].find()", ErrorKind::TypeError, "undefined is not a function");
    }

    #[test]
    fn json_follows_node() {
        check_programs(&[
            (
                "console.log(JSON.stringify({ a: [1, undefined, function () {}], b: undefined, c: 'q\"\\n\\u0001\\ud800', d: NaN, 2: 0 }), JSON.stringify(undefined));",
                "{\"2\":0,\"a\":[1,null,null],\"c\":\"q\\\"\\n\\u0001\\ud800\",\"d\":null} undefined\n",
            ),
            ("console.log(JSON.stringify({ a: [1, {}], b: [] }, null, 2));", "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": []\n}\n"),
            ("console.log(JSON.parse(' {\"a\": [1, -2.5e1, true, null, \"\\\\u0041\"]} '), JSON.parse('\"x\"'));", "{ a: [ 1, -25, true, null, 'A' ] } x\n"),
        ]);
        check_error("JSON.parse('{bad')", ErrorKind::SyntaxError, "Expected property name or '}' in JSON at position 1");
        check_error("JSON.parse('[1,]')", ErrorKind::SyntaxError, "Unexpected token ']', \"[1,]\" is not valid JSON");
        check_error("JSON.parse('')", ErrorKind::SyntaxError, "Unexpected end of JSON input");
        check_error("JSON.parse(undefined)", ErrorKind::SyntaxError, "\"undefined\" is not valid JSON");
        check_error("JSON.parse('[1,2,3,4,5,6,7,8,9,x]')", ErrorKind::SyntaxError, "Unexpected token 'x', ...\"5,6,7,8,9,x]\" is not valid JSON");
        check_error("JSON.parse('01')", ErrorKind::SyntaxError, "Unexpected number in JSON at position 1");
        check_error("JSON.parse('1.')", ErrorKind::SyntaxError, "Unterminated fractional number in JSON at position 2");
        check_error("JSON.parse('\"a')", ErrorKind::SyntaxError, "Unterminated string in JSON at position 2");
        check_error("JSON.parse('[1] x')", ErrorKind::SyntaxError, "Unexpected non-whitespace character after JSON at position 4");
        check_error(
            "var a = { p: [1, {}] }; a.p[1].back = a; JSON.stringify(a)",
            ErrorKind::TypeError,
            "Converting circular structure to JSON\n    --> starting at object with constructor 'Object'\n    |     property 'p' -> object with constructor 'Array'\n    |     index 1 -> object with constructor 'Object'\n    --- property 'back' closes the circle",
        );
        check_trap("JSON.stringify({}, function (k, v) { return v; })", "replacer");
        check_trap("JSON.parse('1', function (k, v) { return v; })", "reviver");
        check_trap("console.log(JSON)", "JSON");
        check_trap("JSON.rawJSON('1')", "JSON.rawJSON");
    }

    #[test]
    fn date_and_random() {
        check_programs(&[(
            "var d = new Date(); var t = d.getTime();\nconsole.log(typeof t, t > 1.6e12, d.valueOf() === t, new Date() - d >= 0, new Date(5.7).getTime(), typeof Date.now(), Date.now() >= t, new Date(d).getTime() === t);\n\
             var r = Math.random(); console.log(r >= 0 && r < 1);",
            "number true true true 5 number true true\ntrue\n",
        )]);
        check_trap("new Date('2020-01-01')", "date parsing");
        check_trap("new Date(2020, 1)", "calendar");
        check_trap("Date()", "Date()");
        check_trap("new Date().getFullYear()", "Date.prototype.getFullYear");
        check_trap("Date.UTC(2020)", "Date.UTC");
        check_trap("console.log(new Date())", "a Date");
        check_trap("var s = '' + new Date();", "Date.prototype.toString");
        check_trap("var s = String(new Date());", "Date.prototype.toString");
        check_trap("var b = new Date() == 'x';", "Date.prototype.toString");
        check_trap("var s = `${new Date()}`;", "Date.prototype.toString");
        check_trap("var f = Date.prototype.toISOString;", "Date.prototype.toISOString");
        check_error("Date.prototype.getTime.call({})", ErrorKind::TypeError, "this is not a Date object.");
    }
}
