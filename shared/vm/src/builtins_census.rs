//! The cheap, common builtins the census found missing (issue 34): the `Number` constants and
//! predicates, `parseInt`/`parseFloat` (global and on `Number`, the same functions),
//! `String.fromCharCode`, `Array.isArray`/`of`/`from`, `Function.prototype.bind` and
//! `Error.prototype.toString`.
//!
//! The static properties of `Number`, `String` and `Array` are not stored: a read of one that
//! the constructor's own property object lacks is answered here ([`Vm::builtin_static`]), so
//! programs that never read them keep their heap as it was, and `console.log(Number)` shows
//! no enumerable property (node's statics are not enumerable).

use frontend::bytecode::NameId;

use crate::builtins::{self, Builtin};
use crate::exception::{ErrorKind, Exception, JsResult, Throw};
use crate::value::{BuiltinId, Decoded, Value};
use crate::Vm;

fn throw<T>(t: Throw) -> JsResult<T> {
    Err(Box::new(Exception { throw: t, location: None }))
}

fn type_error<T>(msg: String) -> JsResult<T> {
    throw(Throw::Error(ErrorKind::TypeError, msg))
}

/// A function `bind` made: calling it calls `target` with `this` and `args` before the call's
/// own arguments.
#[derive(Clone, Debug)]
pub(crate) struct BoundFunction {
    /// The function bound.
    pub(crate) target: Value,
    /// The receiver of every call.
    pub(crate) this: Value,
    /// The arguments put before a call's own.
    pub(crate) args: Vec<Value>,
}

impl Vm {
    /// A static property of builtin constructor `b` (`Number.MAX_SAFE_INTEGER`,
    /// `Array.isArray`), if it has one of that name.
    pub(crate) fn builtin_static(&self, b: BuiltinId, name: NameId) -> Option<Value> {
        let constructor = self.builtins[b.0 as usize];
        let text = self.heap.name(name);
        if constructor == Builtin::Number {
            if let Some(&(_, x)) = builtins::NUMBER_CONSTANTS.iter().find(|(c, _)| *c == text) {
                return Some(Value::number(x));
            }
        }
        let method = builtins::static_methods(constructor).iter().find(|m| m.name() == text)?;
        Some(self.builtin_value(method.lookup_key()))
    }

    /// The `name` of builtin `b`: a bound function's is `bound ` and its target's.
    pub(crate) fn builtin_name(&self, b: BuiltinId) -> String {
        match self.builtins[b.0 as usize] {
            Builtin::Bound(i) => {
                let target = self.bound_functions[i as usize].target;
                let inner = match target.decode() {
                    Decoded::Builtin(t) => self.builtin_name(t),
                    Decoded::Function(f) => self.program.function(f).name.clone(),
                    _ => String::new(),
                };
                format!("bound {}", inner.trim_start_matches('<').trim_end_matches('>'))
            }
            other => other.name().to_string(),
        }
    }

    /// The `length` of a bound function: its target's less the bound arguments (a bound
    /// builtin counts its target as taking none).
    pub(crate) fn bound_length(&self, b: BuiltinId) -> i32 {
        let Builtin::Bound(i) = self.builtins[b.0 as usize] else { return 0 };
        let bound = &self.bound_functions[i as usize];
        let target = match bound.target.decode() {
            Decoded::Function(f) => self.program.function(f).length as i32,
            // Another bound function's length; any other builtin counts as taking none.
            Decoded::Builtin(t) => self.bound_length(t),
            _ => 0,
        };
        (target - bound.args.len() as i32).max(0)
    }


    /// `f.bind(thisArg, ...args)`: a new builtin function value ([`Builtin::Bound`]).
    fn bind(&mut self, target: Value, this: Value, args: Vec<Value>) -> JsResult<Value> {
        if !matches!(target.decode(), Decoded::Function(_) | Decoded::Builtin(_)) {
            return type_error("Bind must be called on a function".into());
        }
        let index = self.bound_functions.len() as u32;
        self.bound_functions.push(BoundFunction { target, this, args });
        let id = BuiltinId(self.builtins.len() as u32);
        self.builtins.push(Builtin::Bound(index));
        Ok(Value::builtin(id))
    }

    /// Calls one of the builtins of this module; the receiver is `stack[args]`, the arguments
    /// follow it.
    pub(crate) fn call_census_builtin(&mut self, builtin: Builtin, args: usize, argc: u32) -> JsResult<Value> {
        let arg = |vm: &Vm, i: u32| if i < argc { vm.stack[args + 1 + i as usize] } else { Value::UNDEFINED };
        let this = self.stack[args];
        match builtin {
            Builtin::NumberTest(t) => Ok(Value::bool(arg(self, 0).as_number().is_some_and(|x| t.test(x)))),
            Builtin::ParseInt => {
                let text = self.to_string_value(arg(self, 0))?;
                let radix = self.to_numeric(arg(self, 1))?;
                let units = self.string_units(text).into_owned();
                Ok(Value::number(parse_int(&units, jsnum::to_int32(radix))))
            }
            Builtin::ParseFloat => {
                let text = self.to_string_value(arg(self, 0))?;
                let units = self.string_units(text).into_owned();
                Ok(Value::number(parse_float(&units)))
            }
            Builtin::StringFromCharCode => {
                let mut units = Vec::with_capacity(argc as usize);
                for i in 0..argc {
                    let x = self.to_numeric(arg(self, i))?;
                    units.push(jsnum::to_uint32(x) as u16);
                }
                Ok(self.heap.alloc_utf16(units))
            }
            Builtin::ArrayIsArray => Ok(Value::bool(matches!(arg(self, 0).decode(), Decoded::Array(_)))),
            Builtin::ArrayOf | Builtin::ArrayFrom if this != Value::UNDEFINED && this != self.builtin_value("Array") && self.is_constructor(this) => {
                throw(Throw::Unsupported(format!("Array.{} with another constructor as this", builtin.name())))
            }
            Builtin::ArrayOf => {
                let elements: Vec<Value> = (0..argc).map(|i| arg(self, i)).collect();
                let array = self.heap.new_elements(&elements);
                Ok(Value::array(self.heap.alloc_array(array)))
            }
            Builtin::ArrayFrom => {
                let items = arg(self, 0);
                let (map, receiver) = (arg(self, 1), arg(self, 2));
                let elements: Vec<Value> = match items.decode() {
                    Decoded::Array(a) => self.heap.array(a).elements.iter().map(|&v| if v.is_hole() { Value::UNDEFINED } else { v }).collect(),
                    Decoded::String(s) => {
                        // A string iterates by code points: a surrogate pair is one element.
                        let units = self.heap.units(s).to_vec();
                        let mut pieces = Vec::new();
                        let mut i = 0;
                        while i < units.len() {
                            let pair = (0xD800..0xDC00).contains(&units[i]) && units.get(i + 1).is_some_and(|u| (0xDC00..0xE000).contains(u));
                            let n = if pair { 2 } else { 1 };
                            pieces.push(units[i..i + n].to_vec());
                            i += n;
                        }
                        pieces.into_iter().map(|p| self.heap.alloc_utf16(p)).collect()
                    }
                    Decoded::Object(_) => self.array_like_elements(items)?,
                    Decoded::Int(_) | Decoded::Double(_) | Decoded::Bool(_) => Vec::new(),
                    Decoded::Undefined | Decoded::Null | Decoded::Hole => {
                        let what = if items == Value::NULL { "object null" } else { "undefined" };
                        return type_error(format!("{what} is not iterable (cannot read property Symbol(Symbol.iterator))"));
                    }
                    _ => return throw(Throw::Unsupported("Array.from of a function".into())),
                };
                let elements = if map == Value::UNDEFINED {
                    elements
                } else {
                    if !matches!(map.decode(), Decoded::Function(_) | Decoded::Builtin(_)) {
                        return type_error(format!("{} is not a function", self.value_for_message(map)));
                    }
                    // The elements (fresh strings among them) and the results so far are roots
                    // while the callback runs.
                    self.with_roots(|vm| {
                        vm.heap.gc.extra_roots.extend_from_slice(&elements);
                        let mut mapped = Vec::with_capacity(elements.len());
                        for (i, &v) in elements.iter().enumerate() {
                            let r = vm.call_value(map, receiver, &[v, Value::int(i as i32)])?;
                            vm.heap.gc.extra_roots.push(r);
                            mapped.push(r);
                        }
                        Ok(mapped)
                    })?
                };
                let array = self.heap.new_elements(&elements);
                Ok(Value::array(self.heap.alloc_array(array)))
            }
            Builtin::FunctionBind => {
                let bound_this = arg(self, 0);
                let bound_args: Vec<Value> = (1..argc).map(|i| arg(self, i)).collect();
                self.bind(this, bound_this, bound_args)
            }
            Builtin::Bound(i) => {
                let bound = self.bound_functions[i as usize].clone();
                let mut all = bound.args;
                all.extend((0..argc).map(|i| arg(self, i)));
                self.call_value(bound.target, bound.this, &all)
            }
            Builtin::ErrorToString => {
                if !matches!(this.decode(), Decoded::Object(_) | Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_)) {
                    return type_error("Error.prototype.toString requires that 'this' be an Object".into());
                }
                let units = self.error_to_string(this)?;
                Ok(self.heap.alloc_utf16(units))
            }
            other => unreachable!("{other:?} is not one of the census builtins"),
        }
    }

    /// The elements of an array-like object: its `length` (ToLength) and the properties `"0"`
    /// up to it, absent ones as `undefined` (`Array.from({ length: 2, 0: "a" })`).
    fn array_like_elements(&mut self, items: Value) -> JsResult<Vec<Value>> {
        let length = self.names.length;
        let len = self.load_named_uncached(items, length)?;
        let len = self.to_numeric(len)?;
        let len = if len.is_nan() || len <= 0.0 { 0.0 } else { len.trunc().min(9007199254740991.0) };
        if len > (1u64 << 27) as f64 {
            return throw(Throw::Unsupported("an array longer than 2^27 elements".into()));
        }
        let mut elements = Vec::with_capacity(len as usize);
        self.with_roots(|vm| {
            for k in 0..len as usize {
                let name = vm.heap.intern(&k.to_string());
                let v = vm.load_named_uncached(items, name)?;
                vm.heap.gc.extra_roots.push(v);
                elements.push(v);
            }
            Ok(())
        })?;
        Ok(elements)
    }

    /// `Error.prototype.toString` of `this`: its `name` (`"Error"` when undefined) and
    /// `message` (empty when undefined), joined by `": "` unless one is empty.
    pub(crate) fn error_to_string(&mut self, this: Value) -> JsResult<Vec<u16>> {
        let name_key = self.names.name;
        let message_key = self.heap.intern("message");
        let name = self.lookup_chain(this, name_key).unwrap_or(Value::UNDEFINED);
        let name = if name == Value::UNDEFINED { "Error".encode_utf16().collect() } else { self.string_of(name)? };
        let message = self.lookup_chain(this, message_key).unwrap_or(Value::UNDEFINED);
        let message = if message == Value::UNDEFINED { Vec::new() } else { self.string_of(message)? };
        Ok(match (name.is_empty(), message.is_empty()) {
            (true, _) => message,
            (_, true) => name,
            _ => {
                let mut out = name;
                out.extend(": ".encode_utf16());
                out.extend(message);
                out
            }
        })
    }

    /// ECMAScript ToString as UTF-16 units, objects through their own conversion methods.
    pub(crate) fn string_of(&mut self, v: Value) -> JsResult<Vec<u16>> {
        let s = self.to_string_value(v)?;
        Ok(self.string_units(s).into_owned())
    }
}

/// ECMAScript `parseInt(string, radix)` of the string's UTF-16 units, `radix` already ToInt32.
/// Radix 10 is rounded correctly (as V8's strtod), the powers of two exactly; other radices
/// accumulate in 32-bit parts as V8 does (the specification lets them approximate).
pub fn parse_int(units: &[u16], radix: i32) -> f64 {
    let mut s: &[u16] = units;
    while let Some((&u, rest)) = s.split_first() {
        if !builtins::is_js_whitespace(u) {
            break;
        }
        s = rest;
    }
    let mut sign = 1.0;
    if let Some((&u, rest)) = s.split_first() {
        if u == u16::from(b'-') || u == u16::from(b'+') {
            if u == u16::from(b'-') {
                sign = -1.0;
            }
            s = rest;
        }
    }
    let mut radix = radix;
    let mut strip_prefix = true;
    if radix != 0 {
        if !(2..=36).contains(&radix) {
            return f64::NAN;
        }
        if radix != 16 {
            strip_prefix = false;
        }
    } else {
        radix = 10;
    }
    if strip_prefix && s.len() >= 2 && s[0] == u16::from(b'0') && (s[1] == u16::from(b'x') || s[1] == u16::from(b'X')) {
        s = &s[2..];
        radix = 16;
    }
    let digit = |u: u16| -> Option<u32> { char::from_u32(u32::from(u))?.to_digit(radix as u32) };
    let digits: Vec<u32> = s.iter().map_while(|&u| digit(u)).collect();
    if digits.is_empty() {
        return f64::NAN;
    }
    let magnitude = match radix {
        10 => {
            let text: String = digits.iter().map(|&d| char::from_digit(d, 10).unwrap_or('0')).collect();
            text.parse::<f64>().unwrap_or(f64::NAN)
        }
        2 | 4 | 8 | 16 | 32 => power_of_two_radix(&digits, radix.trailing_zeros()),
        _ => {
            // 32-bit multiply-and-add parts, as V8's generic case.
            let mut value = 0.0f64;
            let mut i = 0;
            while i < digits.len() {
                let (mut part, mut multiplier) = (0u32, 1u32);
                while i < digits.len() {
                    let m = multiplier * radix as u32;
                    if m > u32::MAX / 36 {
                        break;
                    }
                    part = part * radix as u32 + digits[i];
                    multiplier = m;
                    i += 1;
                }
                value = value * f64::from(multiplier) + f64::from(part);
            }
            value
        }
    };
    sign * magnitude
}

/// The value of `digits` in radix 2^`bits`, rounded to nearest-even like any binary number.
fn power_of_two_radix(digits: &[u32], bits: u32) -> f64 {
    let mut stream: Vec<bool> = Vec::with_capacity(digits.len() * bits as usize);
    for &d in digits {
        for b in (0..bits).rev() {
            stream.push(d >> b & 1 == 1);
        }
    }
    let first = stream.iter().position(|&b| b).unwrap_or(stream.len());
    let stream = &stream[first..];
    if stream.len() <= 53 {
        return stream.iter().fold(0.0, |acc, &b| acc * 2.0 + f64::from(u8::from(b)));
    }
    let mut mantissa: u64 = stream[..53].iter().fold(0, |acc, &b| acc << 1 | u64::from(b));
    let round = stream[53];
    let sticky = stream[54..].iter().any(|&b| b);
    if round && (sticky || mantissa & 1 == 1) {
        mantissa += 1;
    }
    let exponent = (stream.len() - 53) as i32;
    (mantissa as f64) * 2f64.powi(exponent)
}

/// ECMAScript `parseFloat(string)` of the string's UTF-16 units: the longest prefix (after
/// white space) that is a StrDecimalLiteral, or NaN.
pub fn parse_float(units: &[u16]) -> f64 {
    let start = units.iter().position(|&u| !builtins::is_js_whitespace(u)).unwrap_or(units.len());
    let text: String = units[start..].iter().map_while(|&u| char::from_u32(u32::from(u)).filter(char::is_ascii)).collect();
    let bytes = text.as_bytes();
    let mut i = 0;
    if i < bytes.len() && (bytes[i] == b'+' || bytes[i] == b'-') {
        i += 1;
    }
    if text[i..].starts_with("Infinity") {
        return if bytes.first() == Some(&b'-') { f64::NEG_INFINITY } else { f64::INFINITY };
    }
    let digits_from = |mut j: usize| {
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
        j
    };
    let int_end = digits_from(i);
    let mut end = int_end;
    let mut any_digit = int_end > i;
    if end < bytes.len() && bytes[end] == b'.' {
        let frac_end = digits_from(end + 1);
        if frac_end > end + 1 || any_digit {
            any_digit |= frac_end > end + 1;
            end = frac_end;
        }
    }
    if !any_digit {
        return f64::NAN;
    }
    if end < bytes.len() && (bytes[end] == b'e' || bytes[end] == b'E') {
        let mut j = end + 1;
        if j < bytes.len() && (bytes[j] == b'+' || bytes[j] == b'-') {
            j += 1;
        }
        let exp_end = digits_from(j);
        if exp_end > j {
            end = exp_end;
        }
    }
    let literal = text[..end].trim_end_matches('.');
    literal.parse::<f64>().unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::{parse_float, parse_int};

    fn int(s: &str, radix: i32) -> f64 {
        parse_int(&s.encode_utf16().collect::<Vec<u16>>(), radix)
    }

    fn float(s: &str) -> f64 {
        parse_float(&s.encode_utf16().collect::<Vec<u16>>())
    }

    /// Values node prints for the same calls.
    #[test]
    fn parse_int_matches_node() {
        assert_eq!(int("  42px", 0), 42.0);
        assert_eq!(int("-0x1F", 0), -31.0);
        assert_eq!(int("0x1F", 10), 0.0);
        assert_eq!(int("ff", 16), 255.0);
        assert_eq!(int("z", 36), 35.0);
        assert!(int("", 0).is_nan() && int("x", 0).is_nan() && int("1", 1).is_nan() && int("1", 37).is_nan());
        assert_eq!(int("9007199254740993", 0), 9007199254740992.0);
        assert_eq!(int("123456789012345678901234567890", 0), 1.2345678901234568e29);
        assert_eq!(int("11111111111111111111111111111111111111111111111111111111", 2), 72057594037927940.0);
        assert_eq!(int("zzzzzzzzzzzzzz", 36), 6.140942214464815e21);
        assert!(int("-0", 0).is_sign_negative());
    }

    #[test]
    fn parse_float_matches_node() {
        assert_eq!(float("3.14abc"), 3.14);
        assert_eq!(float("  -.5e3x"), -500.0);
        assert_eq!(float("1e"), 1.0);
        assert_eq!(float("1.e2"), 100.0);
        assert_eq!(float("-Infinityx"), f64::NEG_INFINITY);
        assert!(float(".").is_nan() && float("e5").is_nan() && float("").is_nan() && float("-").is_nan());
        assert!(float("-0").is_sign_negative());
    }
}
