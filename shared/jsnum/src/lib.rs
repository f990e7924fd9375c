//! ECMAScript number semantics, written once: the conversions (`ToInt32`, `ToUint32`,
//! `Number::toString`, `StringToNumber`), the formatting methods of `Number.prototype`
//! (`toString(radix)`, `toFixed`, `toPrecision`, `toExponential`), the operators on numbers whose meaning is not plain
//! IEEE arithmetic (`%`, the shifts, the JS-specific cases of `**`), the exact `Math`
//! functions more than one crate needs (`max`, `min`, `round`), and the int32 semantics of
//! seabed's machine ops (total `Int32Div`/`Int32Mod`) and of its int32 fast paths.
//!
//! Everything here is a plain function of `f64`/`i32`/`u32` values, defined for every input
//! and never panicking, so the interpreter (`vm`), the type lattice and typer (`ir`), both
//! constant folders (`son`, `cfg`) and the LIR evaluator compute the same result for the same
//! operation by calling the same code.
//!
//! Dependencies: no seabed crate (any crate may depend on this one), and only one external
//! crate, `ryu-js`, for the shortest round-trip digits of [`number_to_string`]. The `Math`
//! functions that need fdlibm (the transcendental ones and the core of `**`) stay in the vm;
//! [`pow_with`] takes that core as an argument.

mod bitwise;
mod convert;
mod double;
mod format;
mod from_string;
mod int32;
pub mod math;
mod to_string;

pub use bitwise::{shift_left, shift_right, shift_right_unsigned};
pub use convert::{exact_int32, to_int32, to_uint32};
pub use double::{pow_with, remainder};
pub use format::{to_exponential, to_fixed, to_precision, to_radix_string};
pub use from_string::string_to_number;
pub use int32::{int32_div, int32_div_exact, int32_mod, int32_mod_exact, int32_mul_exact};
pub use to_string::number_to_string;
