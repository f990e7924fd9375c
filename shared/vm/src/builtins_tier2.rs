//! The Tier-2 builtins: the array methods `forEach`, `map`, `filter`, `reduce`, `fill`,
//! `slice`, `indexOf` and `join`; the string methods `substring`, `indexOf` and
//! `charCodeAt`; writing an array's `length`; and the `process` object with
//! `process.stdout.write`.
//!
//! Arrays are dense vectors with holes (`Value::HOLE`), so "element `k` is present" is "index
//! `k` is below the current length and not a hole"; nothing inherited fills a hole (seabed's
//! `Array.prototype` has no indexed properties, like node's). Methods that take a callback
//! read the length once and each element when the loop reaches it, as the specification
//! says, so a callback that shrinks or grows the array sees the same behaviour as in node.

use crate::builtins::{Builtin, Iteration};
use crate::heap::Array;
use crate::exception::{ErrorKind, Exception, JsResult, Throw};
use crate::value::{ArrayId, BuiltinId, Decoded, Value};
use crate::Vm;

/// The longest array `.length = n` makes (as for `Array(n)`, longer ones trap).
const MAX_ARRAY_LENGTH: usize = 1 << 27;

fn throw<T>(t: Throw) -> JsResult<T> {
    Err(Box::new(Exception { throw: t, location: None }))
}

fn type_error<T>(msg: String) -> JsResult<T> {
    throw(Throw::Error(ErrorKind::TypeError, msg))
}

/// ECMAScript ToIntegerOrInfinity of a number (NaN is 0; `-0` is `+0`).
fn integer_or_infinity(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.trunc() + 0.0
    }
}

/// A relative index (`start`/`end` of `slice` and `fill`) resolved against `len`: negative
/// ones count from the end; the result is clamped to `0..=len`.
fn relative_index(x: f64, len: usize) -> usize {
    let len_f = len as f64;
    if x < 0.0 {
        (len_f + x).max(0.0) as usize
    } else {
        x.min(len_f) as usize
    }
}

impl Vm {
    /// Calls one of the Tier-2 array and string methods; the receiver is `stack[args]`, the
    /// `argc` arguments follow it.
    pub(crate) fn call_tier2_builtin(&mut self, builtin: Builtin, args: usize, argc: u32) -> JsResult<Value> {
        let this = self.stack[args];
        let argv: Vec<Value> = self.stack[args + 1..args + 1 + argc as usize].to_vec();
        let arg = |i: usize| argv.get(i).copied().unwrap_or(Value::UNDEFINED);
        match builtin {
            Builtin::ArrayIterate(iteration) => {
                let a = self.this_array(this, builtin)?;
                self.array_iterate(a, this, iteration, arg(0), arg(1))
            }
            Builtin::ArrayReduce => {
                let a = self.this_array(this, builtin)?;
                let initial = (argc >= 2).then(|| arg(1));
                self.array_reduce(a, this, arg(0), initial)
            }
            Builtin::ArrayFill => {
                let a = self.this_array(this, builtin)?;
                let len = self.heap.array(a).elements.len();
                let (start, end) = self.index_range(arg(1), arg(2), len)?;
                let value = arg(0);
                let array = self.heap.array_mut(a);
                for k in start..end {
                    array.set(k, value);
                }
                Ok(this)
            }
            Builtin::ArraySlice => {
                let a = self.this_array(this, builtin)?;
                let len = self.heap.array(a).elements.len();
                let (start, end) = self.index_range(arg(0), arg(1), len)?;
                let elements = if start < end { self.heap.array(a).elements[start..end].to_vec() } else { Vec::new() };
                Ok(Value::array(self.heap.alloc_array(Array::new(elements))))
            }
            Builtin::ArrayIndexOf => {
                let a = self.this_array(this, builtin)?;
                let len = self.heap.array(a).elements.len();
                if len == 0 {
                    return Ok(Value::int(-1));
                }
                let from = integer_or_infinity(self.to_numeric(arg(1))?);
                let start = if from >= 0.0 { from.min(len as f64) as usize } else { relative_index(from, len) };
                let search = arg(0);
                let elements = &self.heap.array(a).elements;
                let found = (start..len).find(|&k| !elements[k].is_hole() && self.strict_equals(elements[k], search));
                Ok(Value::number(found.map_or(-1.0, |k| k as f64)))
            }
            Builtin::ArrayJoin => {
                let a = self.this_array(this, builtin)?;
                let separator = match arg(0) {
                    Value::UNDEFINED => vec![u16::from(b',')],
                    s => self.string_of(s)?,
                };
                let mut out = Vec::new();
                self.join_elements(a, &separator, &mut out, &mut vec![a])?;
                Ok(self.heap.alloc_utf16(out))
            }
            Builtin::StringSubstring => {
                // The receiver is converted first, then the arguments (which may call user
                // code), then the receiver's units are borrowed, not copied.
                let len = self.this_string_units(this, builtin)?.len();
                let clamp = |x: f64| x.clamp(0.0, len as f64) as usize;
                let start = clamp(integer_or_infinity(self.to_numeric(arg(0))?));
                let end = match arg(1) {
                    Value::UNDEFINED => len,
                    e => clamp(integer_or_infinity(self.to_numeric(e)?)),
                };
                let (from, to) = (start.min(end), start.max(end));
                let s = self.this_string_units(this, builtin)?;
                Ok(self.heap.alloc_utf16(s[from..to].to_vec()))
            }
            Builtin::StringIndexOf => {
                self.this_string_units(this, builtin)?;
                let search = self.string_of(arg(0))?;
                let position = integer_or_infinity(self.to_numeric(arg(1))?);
                let s = self.this_string_units(this, builtin)?;
                let start = position.clamp(0.0, s.len() as f64) as usize;
                let found = if search.is_empty() {
                    Some(start)
                } else {
                    (start..s.len()).find(|&k| s[k..].starts_with(&search[..]))
                };
                Ok(Value::number(found.map_or(-1.0, |k| k as f64)))
            }
            Builtin::StringCharCodeAt => {
                self.this_string_units(this, builtin)?;
                let position = integer_or_infinity(self.to_numeric(arg(0))?);
                let s = self.this_string_units(this, builtin)?;
                if position < 0.0 || position >= s.len() as f64 {
                    return Ok(Value::double(f64::NAN));
                }
                Ok(Value::int(i32::from(s[position as usize])))
            }
            other => throw(Throw::Internal(format!("{} is not a Tier-2 array or string method", other.name()))),
        }
    }

    /// The receiver of an array method: only arrays are supported (`Array.prototype.m.call`
    /// on another object traps).
    fn this_array(&self, this: Value, method: Builtin) -> JsResult<ArrayId> {
        match this.decode() {
            Decoded::Array(a) => Ok(a),
            _ => throw(Throw::Unsupported(format!("{} on a non-array", method.name()))),
        }
    }

    /// The receiver of a `String.prototype` method as UTF-16 (`RequireObjectCoercible`, then
    /// ToString), borrowed from the heap when it is a string.
    fn this_string_units(&self, this: Value, method: Builtin) -> JsResult<std::borrow::Cow<'_, [u16]>> {
        match this.decode() {
            Decoded::Undefined | Decoded::Null | Decoded::Hole => {
                type_error(format!("String.prototype.{} called on null or undefined", method.name()))
            }
            _ => Ok(self.string_units(this)),
        }
    }

    /// The `start`/`end` arguments of `slice` and `fill` resolved against `len` (`end`
    /// undefined is `len`).
    fn index_range(&mut self, start: Value, end: Value, len: usize) -> JsResult<(usize, usize)> {
        let start = relative_index(integer_or_infinity(self.to_numeric(start)?), len);
        let end = match end {
            Value::UNDEFINED => len,
            e => relative_index(integer_or_infinity(self.to_numeric(e)?), len),
        };
        Ok((start, end))
    }

    /// TypeError unless `callback` can be called.
    fn check_callable(&self, callback: Value) -> JsResult<()> {
        match callback.decode() {
            Decoded::Function(_) | Decoded::Builtin(_) => Ok(()),
            _ => type_error(format!("{} is not a function", self.value_for_message(callback))),
        }
    }

    /// `forEach`, `map` and `filter` of array `a` (the value `array`).
    fn array_iterate(&mut self, a: ArrayId, array: Value, iteration: Iteration, callback: Value, receiver: Value) -> JsResult<Value> {
        self.check_callable(callback)?;
        // The results gathered so far are roots while the callback runs.
        self.with_roots(|vm| vm.array_iterate_rooted(a, array, iteration, callback, receiver))
    }

    fn array_iterate_rooted(&mut self, a: ArrayId, array: Value, iteration: Iteration, callback: Value, receiver: Value) -> JsResult<Value> {
        let len = self.heap.array(a).elements.len();
        let mut mapped = match iteration {
            Iteration::Map => vec![Value::HOLE; len],
            _ => Vec::new(),
        };
        for k in 0..len {
            let Some(&element) = self.heap.array(a).elements.get(k) else { break };
            if element.is_hole() {
                continue;
            }
            let result = self.call_value(callback, receiver, &[element, Value::int(k as i32), array])?;
            match iteration {
                Iteration::ForEach => {}
                Iteration::Map => {
                    mapped[k] = result;
                    self.heap.gc.extra_roots.push(result);
                }
                Iteration::Filter => {
                    if self.to_boolean(result) {
                        mapped.push(element);
                        self.heap.gc.extra_roots.push(element);
                    }
                }
            }
        }
        Ok(match iteration {
            Iteration::ForEach => Value::UNDEFINED,
            _ => Value::array(self.heap.alloc_array(Array::new(mapped))),
        })
    }

    /// `reduce` of array `a` (the value `array`), with an initial value if one was passed.
    fn array_reduce(&mut self, a: ArrayId, array: Value, callback: Value, initial: Option<Value>) -> JsResult<Value> {
        self.check_callable(callback)?;
        let len = self.heap.array(a).elements.len();
        let present = |vm: &Vm, k: usize| vm.heap.array(a).elements.get(k).copied().filter(|v| !v.is_hole());
        let mut k = 0;
        let mut accumulator = match initial {
            Some(v) => v,
            None => loop {
                if k >= len {
                    return type_error("Reduce of empty array with no initial value".into());
                }
                k += 1;
                if let Some(v) = present(self, k - 1) {
                    break v;
                }
            },
        };
        // The accumulator is a root while the callback runs (one root slot, updated).
        self.with_roots(|vm| {
            let root = vm.heap.gc.extra_roots.len();
            vm.heap.gc.extra_roots.push(accumulator);
            while k < len {
                if let Some(element) = present(vm, k) {
                    accumulator = vm.call_value(callback, Value::UNDEFINED, &[accumulator, element, Value::int(k as i32), array])?;
                    vm.heap.gc.extra_roots[root] = accumulator;
                }
                k += 1;
            }
            Ok(accumulator)
        })
    }

    /// `Array.prototype.toString` of `a`: its elements joined with `","` (an element's own
    /// conversion methods are called).
    pub(crate) fn array_to_string(&mut self, a: ArrayId) -> JsResult<Vec<u16>> {
        let mut out = Vec::new();
        self.join_elements(a, &[u16::from(b',')], &mut out, &mut vec![a])?;
        Ok(out)
    }

    /// Appends the elements of array `a` joined by `separator` to `out`: `undefined`, `null`
    /// and holes as nothing, nested arrays joined with `,`, an array already being joined
    /// (`active`, a cycle) as nothing, as V8 does.
    pub(crate) fn join_elements(&mut self, a: ArrayId, separator: &[u16], out: &mut Vec<u16>, active: &mut Vec<ArrayId>) -> JsResult<()> {
        let len = self.heap.array(a).elements.len();
        for i in 0..len {
            if i > 0 {
                out.extend_from_slice(separator);
            }
            // Read each element when the join reaches it: an element's toString may change the
            // array.
            let Some(&e) = self.heap.array(a).elements.get(i) else { continue };
            match e.decode() {
                Decoded::Undefined | Decoded::Null | Decoded::Hole => {}
                Decoded::Array(inner) if active.contains(&inner) => {}
                Decoded::Array(inner) => {
                    active.push(inner);
                    self.join_elements(inner, &[u16::from(b',')], out, active)?;
                    active.pop();
                }
                Decoded::Object(_) | Decoded::Function(_) | Decoded::Builtin(_) => {
                    let s = self.to_string_value(e)?;
                    out.extend_from_slice(&self.string_units(s));
                }
                _ => out.extend(self.to_string_units(e)),
            }
        }
        Ok(())
    }

    /// `array.length = v`: truncates the array or extends it with holes. RangeError `Invalid
    /// array length` unless `v` is a number (after ToNumber) in `0..2^32` with no fraction.
    pub(crate) fn set_array_length(&mut self, a: ArrayId, v: Value) -> JsResult<()> {
        let n = self.to_numeric(v)?;
        if !(0.0..4294967296.0).contains(&n) || n.fract() != 0.0 {
            return throw(Throw::Error(ErrorKind::RangeError, "Invalid array length".into()));
        }
        let len = n as usize;
        if len > MAX_ARRAY_LENGTH {
            return throw(Throw::Unsupported("an array longer than 2^27 elements".into()));
        }
        let array = self.heap.array_mut(a);
        if len > array.elements.len() {
            let added = len - array.elements.len();
            array.holey = true;
            array.elements.resize(len, Value::HOLE);
            self.heap.note_growth(added as u64 * 8);
        } else {
            array.elements.with_vec(|v| v.truncate(len));
        }
        Ok(())
    }

    /// The text `process.stdout.write(...)` writes: its first argument, which must be a
    /// string (node's TypeError otherwise; Buffers and typed arrays do not exist in seabed).
    pub(crate) fn stdout_write_text(&self, args: usize, argc: u32) -> JsResult<String> {
        let chunk = if argc > 0 { self.stack[args + 1] } else { Value::UNDEFINED };
        let received = match chunk.decode() {
            Decoded::String(s) => return Ok(self.heap.text(s)),
            Decoded::Undefined | Decoded::Hole => "undefined".to_string(),
            Decoded::Null => "null".to_string(),
            Decoded::Bool(b) => format!("type boolean ({b})"),
            Decoded::Int(_) | Decoded::Double(_) => {
                format!("type number ({})", crate::console::format_number(self.to_number(chunk)))
            }
            _ => return throw(Throw::Unsupported("process.stdout.write of an object or function".into())),
        };
        type_error(format!(
            "The \"chunk\" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received {received}"
        ))
    }

    /// The `process` global: an object whose `stdout` is an object with `write`
    /// ([`Builtin::ProcessStdoutWrite`]); nothing else of node's `process` exists.
    pub(crate) fn create_process_object(&mut self) -> Value {
        let write = self.builtins.iter().position(|&b| b == Builtin::ProcessStdoutWrite).expect("process.stdout.write is a builtin");
        let stdout = self.heap.alloc_object();
        let name = self.heap.intern("write");
        self.heap.set_property(stdout, name, Value::builtin(BuiltinId(write as u32)));
        let process = self.heap.alloc_object();
        let name = self.heap.intern("stdout");
        self.heap.set_property(process, name, Value::object(stdout));
        Value::object(process)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::rc::Rc;

    /// Program output captured in memory.
    #[derive(Clone, Default)]
    struct Captured(Rc<RefCell<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// Runs `source` in the interpreter: what it printed, and the exception that ended it.
    pub(crate) fn run(source: &str) -> (String, Option<Throw>) {
        let program = Rc::new(frontend::compile("t.js", source).expect("the test program compiles"));
        let out = Captured::default();
        let mut vm = Vm::new(program, Box::new(out.clone()));
        let result = vm.run_script();
        vm.flush();
        let text = String::from_utf8(out.0.borrow().clone()).expect("utf-8 output");
        (text, result.err().map(|e| e.throw))
    }

    /// Asserts that each program prints `expected` and ends normally, and that node prints the
    /// same (so the expectations are node's; node must be installed).
    pub(crate) fn check_programs(cases: &[(&str, &str)]) {
        for (source, expected) in cases {
            let (text, thrown) = run(source);
            assert_eq!(thrown, None, "{source}");
            assert_eq!(&text, expected, "{source}");
        }
        let script: String = cases.iter().map(|(source, _)| format!("{{\n{source}\n}}\n")).collect();
        let out = std::process::Command::new("node")
            .args(["-e", &script])
            .output()
            .unwrap_or_else(|e| panic!("node is not installed ({e}): make setup-node installs it, and make test does"));
        let expected: String = cases.iter().map(|(_, e)| *e).collect();
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "node disagrees");
    }

    /// Asserts that `source` ends with an error of `kind` and `message`.
    fn check_error(source: &str, kind: ErrorKind, message: &str) {
        let (_, thrown) = run(source);
        assert_eq!(thrown, Some(Throw::Error(kind, message.to_string())), "{source}");
    }

    #[test]
    fn relative_indices_count_from_the_end_and_clamp() {
        assert_eq!(relative_index(-1.0, 5), 4);
        assert_eq!(relative_index(-9.0, 5), 0);
        assert_eq!(relative_index(2.0, 5), 2);
        assert_eq!(relative_index(f64::INFINITY, 5), 5);
        assert_eq!(relative_index(f64::NEG_INFINITY, 5), 0);
        assert_eq!(integer_or_infinity(f64::NAN), 0.0);
        assert_eq!(integer_or_infinity(-2.7), -2.0);
        assert!(integer_or_infinity(-0.5).is_sign_positive());
    }

    #[test]
    fn callback_methods_follow_node() {
        check_programs(&[
            (
                "function dbl(x) { return x * 2; } function even(x) { return x % 2 == 0; }\n\
                 function add(a, b) { return a + b; }\n\
                 console.log([1,,3].map(dbl), [1,2,3,4].filter(even), [1,2,3].reduce(add), [1,2,3].reduce(add, 10), [,5].reduce(add));",
                "[ 2, <1 empty item>, 6 ] [ 2, 4 ] 6 16 5\n",
            ),
            (
                "function show(x, i, arr) { console.log('each', x, i, arr.length); }\nconsole.log([3, , 4].forEach(show));",
                "each 3 0 3\neach 4 2 3\nundefined\n",
            ),
            (
                "var grow = [1, 2]; function pusher(x) { grow.push(x + 10); return x; }\nconsole.log(grow.map(pusher), grow);\n\
                 var shrink = [1, 2, 3, 4]; function popper(x) { shrink.pop(); return true; }\nconsole.log(shrink.filter(popper), shrink);",
                "[ 1, 2 ] [ 1, 2, 11, 12 ]\n[ 1, 2 ] [ 1, 2 ]\n",
            ),
            ("console.log([5, 1, 4].reduce(Math.max), [1, 2, 3].map(String), ['1', '2'].map(Number));", "NaN [ '1', '2', '3' ] [ 1, 2 ]\n"),
        ]);
        check_error("[].reduce(Math.max)", ErrorKind::TypeError, "Reduce of empty array with no initial value");
        check_error("[,,].reduce(Math.max)", ErrorKind::TypeError, "Reduce of empty array with no initial value");
        check_error("[1].forEach(3)", ErrorKind::TypeError, "3 is not a function");
        check_error("[1].map({})", ErrorKind::TypeError, "#<Object> is not a function");
        check_error("[1].filter()", ErrorKind::TypeError, "undefined is not a function");
    }

    #[test]
    fn fill_slice_index_of_and_join_follow_node() {
        check_programs(&[
            (
                "console.log([1,2,3,4,5].slice(1,-1), [1,2,3].slice(-2), [1,,3].slice(), [1,2].slice(5), [1,2,3].slice(2,1));",
                "[ 2, 3, 4 ] [ 2, 3 ] [ 1, <1 empty item>, 3 ] [] []\n",
            ),
            (
                "console.log([1,2,3,4].fill(0, 1, -1), Array(3).fill(7), [1,2,3].fill(9, -1), [1,2,3].fill(), [1,2].fill(0.5));",
                "[ 1, 0, 0, 4 ] [ 7, 7, 7 ] [ 1, 2, 9 ] [ undefined, undefined, undefined ] [ 0.5, 0.5 ]\n",
            ),
            (
                "console.log([1,2,3].indexOf(2, -1), [1,2,3].indexOf(2,-2), [NaN].indexOf(NaN), [,undefined].indexOf(undefined), [1,2,3].indexOf(3, Infinity), [1,2].indexOf(1,-Infinity), ['1'].indexOf(1), ['ab'].indexOf('a' + 'b'));",
                "-1 1 -1 1 -1 0 -1 0\n",
            ),
            (
                "var c = [1]; c.push(c);\nconsole.log([1,null,undefined,,'a',[2,[3]],{}].join(), [1,2].join(undefined), [1,2].join(null), [1,2].join(0), c.join('-'), [].join());",
                "1,,,,a,2,3,[object Object] 1,2 1null2 102 1- \n",
            ),
        ]);
    }

    #[test]
    fn string_methods_follow_node() {
        check_programs(&[
            (
                "console.log('abcdef'.substring(4,1), 'abcdef'.substring(-3), 'abcdef'.substring(2, NaN), 'abc'.substring(1, 100), 'abc'.substring());",
                "bcd abcdef ab bc abc\n",
            ),
            (
                "console.log('abcabc'.indexOf('c', 3), 'abc'.indexOf('', 10), 'abc'.indexOf('', 1), 'abc'.indexOf(), 'undefined'.indexOf(), 'abc'.indexOf('b', -5), 'aaa'.indexOf('aa', 1));",
                "5 3 1 -1 0 1 1\n",
            ),
            (
                "console.log('abc'.charCodeAt(1), 'abc'.charCodeAt(5), 'abc'.charCodeAt(-1), 'abc'.charCodeAt(), 'abc'.charCodeAt('2'), '\u{1F600}'.charCodeAt(0), 'abc'.charCodeAt(1.9), ''.charCodeAt(0));",
                "98 NaN NaN 97 99 55357 98 NaN\n",
            ),
        ]);
    }

    #[test]
    fn array_length_stores_truncate_and_extend() {
        check_programs(&[(
            "var a = [1, 2, 3]; a.length = '2'; console.log(a); a.length = 5; console.log(a, a.length);\n\
             a.length = true; console.log(a); a.length = null; console.log(a); a.push(4); console.log(a);\n\
             var b = [1, 2, 3]; b.length = 6; b[7] = 8; console.log(b, b.join('+'));",
            "[ 1, 2 ]\n[ 1, 2, <3 empty items> ] 5\n[ 1 ]\n[]\n[ 4 ]\n[ 1, 2, 3, <4 empty items>, 8 ] 1+2+3+++++8\n",
        )]);
        check_error("var a = [1]; a.length = -1", ErrorKind::RangeError, "Invalid array length");
        check_error("var a = [1]; a.length = 1.5", ErrorKind::RangeError, "Invalid array length");
        check_error("var a = [1]; a.length = 'x'", ErrorKind::RangeError, "Invalid array length");
        let (_, thrown) = run("var a = [1]; a.length = 4294967295;");
        assert!(matches!(thrown, Some(Throw::Unsupported(_))), "{thrown:?}");
    }

    #[test]
    fn process_stdout_write_writes_without_a_newline() {
        let program = Rc::new(frontend::compile("t.js", "console.log('first');").expect("compiles"));
        let out = Captured::default();
        let mut vm = Vm::new(program, Box::new(out.clone()));
        vm.run_script().expect("runs");
        let Decoded::Object(process) = vm.create_process_object().decode() else { panic!("process is an object") };
        let stdout_name = vm.heap.intern("stdout");
        let Some(stdout) = vm.heap.get_property(process, stdout_name) else { panic!("process.stdout") };
        let Decoded::Object(stdout) = stdout.decode() else { panic!("process.stdout is an object") };
        let write_name = vm.heap.intern("write");
        let write = vm.heap.get_property(stdout, write_name).expect("process.stdout.write");
        let text = vm.heap.alloc_str("a b");
        assert_eq!(vm.call_value(write, Value::object(stdout), &[text]).expect("writes"), Value::TRUE);
        let err = vm.call_value(write, Value::object(stdout), &[Value::int(5)]).expect_err("a number is refused");
        assert_eq!(
            err.throw,
            Throw::Error(
                ErrorKind::TypeError,
                "The \"chunk\" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received type number (5)".into()
            )
        );
        vm.flush();
        assert_eq!(String::from_utf8(out.0.borrow().clone()).unwrap(), "first\na b");
    }
}
