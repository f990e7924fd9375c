//! The `Number.prototype` methods of primitive numbers: `toFixed`, `toPrecision`,
//! `toExponential`, `valueOf`, and the radix of `toString` (the formatting itself is
//! `jsnum`'s). Seabed has no Number wrapper objects, so the receiver is a number or the call
//! throws node's TypeError.

use crate::builtins_tier3::{integer_or_infinity, range_error, type_error, LibFn};
use crate::exception::JsResult;
use crate::value::Value;
use crate::Vm;

impl Vm {
    /// The receiver of a `Number.prototype` method: a number, else node's TypeError.
    fn this_number(&self, this: Value, method: &str) -> JsResult<f64> {
        match this.as_number() {
            Some(x) => Ok(x),
            None => type_error(format!("Number.prototype.{method} requires that 'this' be a Number")),
        }
    }

    /// `toFixed`, `toPrecision`, `toExponential` and `valueOf` of a number.
    pub(crate) fn call_number_method(&mut self, f: LibFn, this: Value, args: &[Value]) -> JsResult<Value> {
        let x = self.this_number(this, f.name())?;
        let arg = args.first().copied().unwrap_or(Value::UNDEFINED);
        let text = match f {
            LibFn::NumberValueOf => return Ok(this),
            LibFn::NumberToFixed => {
                let digits = integer_or_infinity(self.to_numeric(arg)?);
                if !(0.0..=100.0).contains(&digits) {
                    return range_error("toFixed() digits argument must be between 0 and 100");
                }
                jsnum::to_fixed(x, digits as u32)
            }
            LibFn::NumberToPrecision => {
                if arg == Value::UNDEFINED {
                    jsnum::number_to_string(x)
                } else {
                    let precision = integer_or_infinity(self.to_numeric(arg)?);
                    if !x.is_finite() {
                        jsnum::number_to_string(x)
                    } else if !(1.0..=100.0).contains(&precision) {
                        return range_error("toPrecision() argument must be between 1 and 100");
                    } else {
                        jsnum::to_precision(x, precision as u32)
                    }
                }
            }
            LibFn::NumberToExponential => {
                let digits = integer_or_infinity(self.to_numeric(arg)?);
                if !x.is_finite() {
                    jsnum::number_to_string(x)
                } else if !(0.0..=100.0).contains(&digits) {
                    return range_error("toExponential() argument must be between 0 and 100");
                } else {
                    jsnum::to_exponential(x, (arg != Value::UNDEFINED).then_some(digits as u32))
                }
            }
            other => unreachable!("{other:?} is not a Number.prototype method"),
        };
        Ok(self.heap.alloc_str(&text))
    }

    /// `x.toString(radix)` of a number: node's RangeError for a radix outside `2..=36`.
    pub(crate) fn number_to_string_radix(&mut self, x: f64, radix: Value) -> JsResult<Value> {
        let r = if radix == Value::UNDEFINED { 10.0 } else { integer_or_infinity(self.to_numeric(radix)?) };
        if !(2.0..=36.0).contains(&r) {
            return range_error("toString() radix must be between 2 and 36");
        }
        let text = jsnum::to_radix_string(x, r as u32);
        Ok(self.heap.alloc_str(&text))
    }
}
