//! The typing rule of every op: the type of the value an op produces, from the types of its
//! value inputs. Shared by both pipelines.
//!
//! [`type_op`] is the one place that knows how each row of the op table ([`crate::ops`]) maps
//! input [`Type`]s to an output `Type`. The sea-of-nodes typer calls it for every node (with
//! the current types of the node's value inputs, iterating loop phis to a fixed point with
//! [`Type::widen`]), and the CFG type inference calls it for every op of a block, in the same
//! way. Because both sides type through this one function with the one lattice of
//! [`crate::types`], a difference between the pipelines' types is a difference in their
//! graphs or their fixed-point iteration, never in their rules. The number semantics come
//! from the operation typer [`crate::types::op`]; this module only decides which operation
//! typer function applies to which op, how the op's speculation or checks restrict its
//! inputs and result, and how machine values are read as numbers.
//!
//! The match in [`type_op`] lists every [`Op`] variant and has no wildcard arm, so adding a
//! row to the op table does not compile until it has a typing rule.
//!
//! # Inputs
//!
//! `inputs` are the types of the op's *value* inputs in the order the op table gives them
//! (for example `SpeculativeNumberAdd`: lhs, rhs, frame state). Inputs the rule does not read
//! are ignored, which covers the trailing frame-state input of JS, speculative and checked
//! ops. A missing input counts as [`Type::ANY`], so a short slice gives a sound (if coarse)
//! answer rather than a panic. Ops without a value output (`OpInfo::value_out == 0`) give
//! [`Type::NONE`]; so do `Dead` (a dead value has no values) and `FrameState` (its output is
//! interpreter state for deoptimization exits, not a JavaScript value).
//!
//! # How machine values are typed
//!
//! A `Type` is a set of JavaScript values; values in a machine representation are typed by
//! the numbers (or booleans) they denote:
//!
//! * **Float64** values are typed by their number. Rules read a float input through ToNumber
//!   (the identity on number types).
//! * **Int32** words are typed by a number whose ToInt32 is the word read as signed, or
//!   equivalently whose ToUint32 is the word read as unsigned. Almost every int32 producer is
//!   typed by the signed value (a subset of [`Type::SIGNED32`]). The exception is
//!   `Word32Shr`, whose machine value is typed as the *uint32 number it denotes* (a subset of
//!   [`Type::UNSIGNED32`]; `x >>> 0` of `-1` is typed `4294967295`), as JavaScript's `>>>`
//!   result is. Rules that read a word as signed (`Int32Add`, `Int32LessThan`,
//!   `ChangeInt32ToFloat64`, `TagInt32`, ...) therefore take ToInt32 of the input type first,
//!   and rules that read it as unsigned (`Uint32LessThan`, `ChangeUint32ToFloat64`) take
//!   ToUint32; both are the identity on types already inside the respective range.
//! * **Bit** values are typed as booleans: [`Type::TRUE`] for 1, [`Type::FALSE`] for 0,
//!   [`Type::BOOLEAN`] when unknown. Comparisons and `Projection[1]` produce these. Rules that
//!   read a bit (`Select`, `TagBit`, `ChangeBitToTagged`) take ToBoolean of the input type,
//!   so an int32 constant 0/1 used as a bit reads correctly too.
//! * **Pairs.** `Int32AddWithOverflow`, `Int32SubWithOverflow`, `Int32MulWithOverflow` and
//!   `TryFloat64ToInt32` produce a pair that is only read through `Projection`. The pair is
//!   typed as the *exact* (unwrapped, untruncated) number result: the mathematical sum,
//!   difference or product of the int32 inputs (a −0 product counted as 0, since the machine
//!   computes in integers), or the float input. `Projection[0]` (the int32 result) is that
//!   type when it lies inside [`Type::SIGNED32`] and `SIGNED32` otherwise; `Projection[1]`
//!   (the overflow / "not an int32" bit) is `FALSE` when the exact result is surely an int32,
//!   `TRUE` when it surely is not, `BOOLEAN` otherwise.
//!
//! # Soundness and monotonicity
//!
//! Every rule is sound: if the concrete inputs are members of the input types, the concrete
//! output is a member of the result, *for executions that pass the op's checks* (a checked or
//! speculative op's result excludes what would have deoptimized). Speculative ops with the
//! `SignedSmall` hint are typed as their checked int32 form (inputs and result inside
//! `SIGNED32`), which is a contract for the lowerings: such an op must deoptimize rather than
//! produce a non-int32 result, except `>>>`, whose result is typed as uint32. Every rule is
//! monotone (bigger input types never give a smaller result), which fixed-point iteration
//! needs.

use crate::ops::{
    Access, BinaryOperator, CompareOperator, NumberHint, Op, RuntimeFn, UnaryOperator,
};
use crate::tagged;
use crate::types::op as number;
use crate::types::op::boolean;
use crate::types::Type;

/// 2³¹ − 1, the largest int32.
const INT32_MAX: f64 = 2147483647.0;
/// −2³¹, the smallest int32.
const INT32_MIN: f64 = -2147483648.0;
/// 2³² − 1, the largest uint32.
const UINT32_MAX: f64 = 4294967295.0;

/// The type of the value `op` produces, given the types of its value inputs in the op
/// table's input order (frame-state inputs are ignored; a missing input counts as
/// [`Type::ANY`]). Ops without a value output give [`Type::NONE`].
///
/// The rules, the conventions for machine values (int32 words, bits, overflow pairs) and the
/// soundness contract are described in the [module documentation](self).
///
/// ```
/// use ir::ops::{NumberHint, Op};
/// use ir::types::Type;
/// use ir::typing::type_op;
///
/// let sum = type_op(&Op::NumberAdd, &[Type::range(0.0, 10.0), Type::range(1.0, 2.0)]);
/// assert_eq!(sum, Type::range(1.0, 12.0));
/// let spec = Op::SpeculativeNumberAdd { hint: NumberHint::SignedSmall };
/// assert_eq!(type_op(&spec, &[Type::ANY, Type::ANY, Type::NONE]), Type::SIGNED32);
/// assert_eq!(type_op(&Op::Return, &[Type::ANY]), Type::NONE);
/// ```
pub fn type_op(op: &Op, inputs: &[Type]) -> Type {
    let i = |k: usize| input(inputs, k);
    match *op {
        // ---- common ------------------------------------------------------------------------
        Op::Start
        | Op::End
        | Op::Merge
        | Op::Loop
        | Op::Branch { .. }
        | Op::IfTrue
        | Op::IfFalse
        | Op::IfSuccess
        | Op::CheckException
        | Op::Goto
        | Op::EffectPhi
        | Op::Return
        | Op::Throw
        | Op::Deoptimize { .. }
        | Op::DeoptimizeIf { .. }
        | Op::DeoptimizeUnless { .. }
        | Op::Unreachable => Type::NONE,
        // Interpreter state for exits, not a JavaScript value.
        Op::FrameState { .. } | Op::ObjectState { .. } => Type::NONE,
        // A dead value has no values.
        Op::Dead => Type::NONE,
        Op::Parameter { .. } => Type::ANY,
        // Anything may be thrown.
        Op::IfException | Op::CatchBlockBegin => Type::ANY,
        Op::Phi { .. } => inputs.iter().fold(Type::NONE, |acc, &t| acc.union(t)),
        Op::Projection { index } => match index {
            0 => pair_value(i(0)),
            1 => pair_flag(i(0)),
            // No op has a third output; claim nothing.
            _ => Type::ANY,
        },
        Op::Int32Constant { value } => Type::constant(value as f64),
        Op::Float64Constant { value } | Op::NumberConstant { value } => Type::constant(value.0),
        Op::TaggedConstant { bits } => type_constant_bits(bits),
        Op::StringConstant { .. } => Type::STRING,
        Op::Select { .. } => select(i(0), i(1), i(2)),

        // ---- JS ------------------------------------------------------------------------------
        Op::JSBinary { op, .. } => js_binary(op, i(0), i(1)),
        Op::JSCompare { op, .. } => js_compare(op, i(0), i(1)),
        Op::JSUnary { op, .. } => js_unary(op, i(0)),
        Op::JSToBoolean => number::to_boolean(i(0)),
        Op::JSLoadNamed { .. }
        | Op::JSLoadKeyed { .. }
        | Op::JSLoadGlobal { .. }
        | Op::JSCall { .. }
        | Op::JSConstruct { .. } => Type::ANY,
        Op::JSStoreNamed { .. } | Op::JSStoreKeyed { .. } | Op::JSStoreGlobal { .. } => Type::NONE,
        Op::JSCreateObject { .. } | Op::AllocateObject { .. } => Type::OBJECT,
        Op::JSCreateArray { .. } | Op::AllocateArray { .. } => Type::ARRAY,
        Op::JSCreateClosure { .. } => Type::FUNCTION,
        // A context is an array (element 0 the parent, then the slots).
        Op::JSCreateContext { .. } => Type::ARRAY,
        Op::JSTypeOf => Type::STRING,
        Op::JSLoadSuper { .. } => Type::ANY,
        // The object being constructed, or the object the parent constructor returned.
        Op::JSConstructSuper { .. } => Type::RECEIVER,
        Op::JSSetPrototype => Type::NONE,
        Op::JSDynamic { op } => dynamic_type(op),
        // The array itself, or a new array of a string's code points.
        Op::JSToIterable { .. } => Type::ARRAY,
        Op::JSCallSpread | Op::JSConstructSpread => Type::ANY,
        Op::JSCopyDataProperties => Type::NONE,

        // ---- simplified: speculative ------------------------------------------------------------
        Op::SpeculativeNumberAdd { hint } => speculative(BinaryOperator::Add, hint, i(0), i(1)),
        Op::SpeculativeNumberSubtract { hint } => {
            speculative(BinaryOperator::Sub, hint, i(0), i(1))
        }
        Op::SpeculativeNumberMultiply { hint } => {
            speculative(BinaryOperator::Mul, hint, i(0), i(1))
        }
        Op::SpeculativeNumberDivide { hint } => speculative(BinaryOperator::Div, hint, i(0), i(1)),
        Op::SpeculativeNumberModulus { hint } => speculative(BinaryOperator::Mod, hint, i(0), i(1)),
        Op::SpeculativeNumberBitwise { op, hint } => speculative(op, hint, i(0), i(1)),
        Op::SpeculativeNumberCompare { op, hint } => {
            number_compare(op, restrict(i(0), hint), restrict(i(1), hint))
        }

        // ---- simplified: checks -------------------------------------------------------------
        Op::CheckSmi => i(0).intersect(Type::SIGNED32),
        Op::CheckNumber => i(0).intersect(Type::NUMBER),
        Op::CheckMaps { .. } => Type::NONE,
        Op::CheckArray => i(0).intersect(Type::ARRAY),
        Op::CheckBounds => check_bounds(i(0), i(1)),
        Op::CheckNotHole { .. } => i(0).without(Type::HOLE),
        Op::CheckedInt32Add => {
            checked_int32(BinaryOperator::Add, int32_view(i(0)), int32_view(i(1)))
        }
        Op::CheckedInt32Sub => {
            checked_int32(BinaryOperator::Sub, int32_view(i(0)), int32_view(i(1)))
        }
        Op::CheckedInt32Mul => {
            checked_int32(BinaryOperator::Mul, int32_view(i(0)), int32_view(i(1)))
        }
        Op::CheckedInt32Div => {
            checked_int32(BinaryOperator::Div, int32_view(i(0)), int32_view(i(1)))
        }
        Op::CheckedInt32Mod => {
            checked_int32(BinaryOperator::Mod, int32_view(i(0)), int32_view(i(1)))
        }
        Op::CheckedTaggedToInt32 => i(0).intersect(Type::SIGNED32),
        Op::CheckedTaggedToFloat64 => i(0).intersect(Type::NUMBER),
        Op::CheckedFloat64ToInt32 => i(0).intersect(Type::SIGNED32),

        // ---- simplified: memory -------------------------------------------------------------
        Op::LoadField { .. } | Op::LoadElement => Type::ANY,
        Op::StoreField { .. } | Op::StoreFieldTransition { .. } | Op::StoreElement => Type::NONE,
        Op::LoadArrayLength => Type::range(0.0, UINT32_MAX),

        // ---- simplified: numbers and changes --------------------------------------------------
        Op::NumberAdd => number::number_add(i(0), i(1)),
        Op::NumberSubtract => number::number_subtract(i(0), i(1)),
        Op::NumberMultiply => number::number_multiply(i(0), i(1)),
        Op::NumberDivide => number::number_divide(i(0), i(1)),
        Op::NumberModulus => number::number_modulus(i(0), i(1)),
        Op::NumberBitwise { op } => number_binary(op, i(0), i(1)),
        Op::NumberCompare { op } => number_compare(op, i(0), i(1)),
        // Identity of the words: two NaNs (canonical) are identical, 1 and 1.0 may not be.
        Op::ReferenceEqual => Type::BOOLEAN,
        Op::ChangeInt32ToTagged => int32_view(i(0)),
        Op::ChangeFloat64ToTagged => float_view(i(0)),
        Op::ChangeTaggedToInt32 => i(0).intersect(Type::SIGNED32),
        Op::ChangeTaggedToFloat64 => i(0).intersect(Type::NUMBER),
        Op::ChangeBitToTagged | Op::ChangeTaggedToBit => bit_view(i(0)),

        // ---- machine: int32 -----------------------------------------------------------------
        Op::Int32Add => wrapping_int32(BinaryOperator::Add, i(0), i(1)),
        Op::Int32Sub => wrapping_int32(BinaryOperator::Sub, i(0), i(1)),
        Op::Int32Mul => wrapping_int32(BinaryOperator::Mul, i(0), i(1)),
        Op::Int32AddWithOverflow => exact_int32(BinaryOperator::Add, i(0), i(1)),
        Op::Int32SubWithOverflow => exact_int32(BinaryOperator::Sub, i(0), i(1)),
        Op::Int32MulWithOverflow => exact_int32(BinaryOperator::Mul, i(0), i(1)),
        Op::Int32Div => int32_div(int32_view(i(0)), int32_view(i(1))),
        Op::Int32Mod => int32_mod(int32_view(i(0)), int32_view(i(1))),
        // The bitwise typers apply ToInt32 / ToUint32 to their inputs themselves.
        Op::Word32And => number::number_bitwise_and(i(0), i(1)),
        Op::Word32Or => number::number_bitwise_or(i(0), i(1)),
        Op::Word32Xor => number::number_bitwise_xor(i(0), i(1)),
        Op::Word32Shl => number::number_shift_left(i(0), i(1)),
        Op::Word32Sar => number::number_shift_right(i(0), i(1)),
        // Typed as the uint32 number the word denotes (see the module docs).
        Op::Word32Shr => number::number_shift_right_logical(i(0), i(1)),
        Op::Word32Equal => number::number_equal(int32_view(i(0)), int32_view(i(1))),
        Op::Int32LessThan => number::number_less_than(int32_view(i(0)), int32_view(i(1))),
        Op::Int32LessThanOrEqual => {
            number::number_less_than_or_equal(int32_view(i(0)), int32_view(i(1)))
        }
        Op::Uint32LessThan => number::number_less_than(uint32_view(i(0)), uint32_view(i(1))),

        // ---- machine: float64 -----------------------------------------------------------------
        Op::Float64Add => number::number_add(i(0), i(1)),
        Op::Float64Sub => number::number_subtract(i(0), i(1)),
        Op::Float64Mul => number::number_multiply(i(0), i(1)),
        Op::Float64Div => number::number_divide(i(0), i(1)),
        Op::Float64Mod => number::number_modulus(i(0), i(1)),
        Op::Float64Pow => number::number_pow(i(0), i(1)),
        Op::Float64Neg => number::number_negate(i(0)),
        Op::Float64Equal => number::number_equal(i(0), i(1)),
        Op::Float64LessThan => number::number_less_than(i(0), i(1)),
        Op::Float64LessThanOrEqual => number::number_less_than_or_equal(i(0), i(1)),
        Op::Float64Max => number::number_max(i(0), i(1)),
        Op::Float64Min => number::number_min(i(0), i(1)),

        // ---- machine: conversions, tagging, tests ---------------------------------------------
        Op::ChangeInt32ToFloat64 => int32_view(i(0)),
        Op::ChangeUint32ToFloat64 => uint32_view(i(0)),
        Op::TruncateFloat64ToWord32 => number::number_to_int32(i(0)),
        // A pair: the exact number; `Projection` reads the value and the "not exact" bit.
        Op::TryFloat64ToInt32 => float_view(i(0)),
        Op::TagInt32 => int32_view(i(0)),
        Op::TagFloat64 => float_view(i(0)),
        Op::TagBit => bit_view(i(0)),
        Op::UntagInt32 => i(0).intersect(Type::SIGNED32),
        Op::UntagNumber => i(0).intersect(Type::NUMBER),
        Op::IsInt32 => is_int32(i(0)),
        Op::IsNumber => kind_test(i(0), Type::NUMBER),
        Op::IsObject => kind_test(i(0), Type::OBJECT),
        Op::IsArray => kind_test(i(0), Type::ARRAY),
        Op::IsClosureOf { .. } => Type::BOOLEAN,
        Op::ClosureContext => Type::ANY,
        // Bit equality of tagged words (1 and 1.0 differ, NaN equals NaN).
        Op::TaggedEqual => Type::BOOLEAN,

        // ---- machine: memory and calls ----------------------------------------------------------
        Op::Load { access } => match access {
            Access::Shape => Type::range(0.0, INT32_MAX),
            Access::ArrayLength => Type::range(0.0, UINT32_MAX),
            Access::Field(_) | Access::Element | Access::Global(_) => Type::ANY,
        },
        Op::Store { .. } => Type::NONE,
        Op::CallRuntime { function, .. } => runtime_call(function, inputs),
    }
}

/// The type of the tagged constant with NaN-boxed `bits` (the `TaggedConstant` rule):
/// int32 and double numbers are typed as that number ([`Type::constant`]: a one-element
/// range, [`Type::MINUS_ZERO`], [`Type::NAN`] or [`Type::FRACTION`]); `undefined`, `null`,
/// `true`, `false` and the hole as their one-value types; plain objects, arrays, strings and
/// (bytecode or builtin) functions as [`Type::OBJECT`], [`Type::ARRAY`], [`Type::STRING`] and
/// [`Type::FUNCTION`]. An unknown special payload gives [`Type::ANY`].
///
/// ```
/// use ir::{tagged, types::Type, typing::type_constant_bits};
///
/// assert_eq!(type_constant_bits(tagged::from_int32(5)), Type::range(5.0, 5.0));
/// assert_eq!(type_constant_bits(tagged::UNDEFINED), Type::UNDEFINED);
/// assert_eq!(type_constant_bits(tagged::from_f64(-0.0)), Type::MINUS_ZERO);
/// ```
pub fn type_constant_bits(bits: u64) -> Type {
    if tagged::is_int32(bits) {
        return Type::constant(tagged::to_int32(bits) as f64);
    }
    if tagged::is_number(bits) {
        return Type::constant(f64::from_bits(bits));
    }
    match tagged::tag_of(bits) {
        tagged::TAG_SPECIAL => match bits {
            tagged::UNDEFINED => Type::UNDEFINED,
            tagged::NULL => Type::NULL,
            tagged::TRUE => Type::TRUE,
            tagged::FALSE => Type::FALSE,
            tagged::HOLE => Type::HOLE,
            _ => Type::ANY,
        },
        tagged::TAG_OBJECT => Type::OBJECT,
        tagged::TAG_ARRAY => Type::ARRAY,
        tagged::TAG_STRING => Type::STRING,
        tagged::TAG_FUNCTION | tagged::TAG_BUILTIN => Type::FUNCTION,
        _ => Type::ANY,
    }
}

// ---- helpers ----------------------------------------------------------------------------------

/// Input `k`, or [`Type::ANY`] when the slice is too short.
fn input(inputs: &[Type], k: usize) -> Type {
    inputs.get(k).copied().unwrap_or(Type::ANY)
}


/// Logical negation of a boolean type.
fn not(t: Type) -> Type {
    boolean(t.maybe(Type::FALSE), t.maybe(Type::TRUE))
}

/// An int32 word's type read as a signed int32: ToInt32 of the type (the identity on
/// subsets of `SIGNED32`).
fn int32_view(t: Type) -> Type {
    if t.is(Type::SIGNED32) {
        t
    } else {
        number::number_to_int32(t)
    }
}

/// An int32 word's type read as an unsigned int32: ToUint32 of the type (the identity on
/// subsets of `UNSIGNED32`).
fn uint32_view(t: Type) -> Type {
    if t.is(Type::UNSIGNED32) {
        t
    } else {
        number::number_to_uint32(t)
    }
}

/// A float64 value's type: ToNumber of the type (the identity on number types).
fn float_view(t: Type) -> Type {
    number::to_number(t)
}

/// A bit's type: ToBoolean of the type (the identity on boolean types; 0 is false).
fn bit_view(t: Type) -> Type {
    number::to_boolean(t)
}

/// The type with −0 replaced by 0 (an integer machine result has no −0).
fn minus_zero_to_zero(t: Type) -> Type {
    if t.maybe(Type::MINUS_ZERO) {
        t.without(Type::MINUS_ZERO).union(Type::constant(0.0))
    } else {
        t
    }
}

/// The number operation of a binary operator on number types (inputs go through ToNumber).
fn number_binary(op: BinaryOperator, a: Type, b: Type) -> Type {
    match op {
        BinaryOperator::Add => number::number_add(a, b),
        BinaryOperator::Sub => number::number_subtract(a, b),
        BinaryOperator::Mul => number::number_multiply(a, b),
        BinaryOperator::Div => number::number_divide(a, b),
        BinaryOperator::Mod => number::number_modulus(a, b),
        BinaryOperator::Exp => number::number_pow(a, b),
        BinaryOperator::BitOr => number::number_bitwise_or(a, b),
        BinaryOperator::BitAnd => number::number_bitwise_and(a, b),
        BinaryOperator::BitXor => number::number_bitwise_xor(a, b),
        BinaryOperator::Shl => number::number_shift_left(a, b),
        BinaryOperator::Sar => number::number_shift_right(a, b),
        BinaryOperator::Shr => number::number_shift_right_logical(a, b),
    }
}

/// A generic binary operation: `+` may concatenate strings, the others convert to numbers.
fn js_binary(op: BinaryOperator, a: Type, b: Type) -> Type {
    match op {
        BinaryOperator::Add => number::js_add(a, b),
        _ => number_binary(op, number::to_number(a), number::to_number(b)),
    }
}

/// A generic unary operation (every one converts to a number first).
fn js_unary(op: UnaryOperator, a: Type) -> Type {
    let x = number::to_number(a);
    match op {
        UnaryOperator::Negate => number::number_negate(x),
        UnaryOperator::BitNot => number::number_bitwise_not(x),
        UnaryOperator::ToNumber => x,
        UnaryOperator::Increment => number::number_add(x, Type::constant(1.0)),
        UnaryOperator::Decrement => number::number_subtract(x, Type::constant(1.0)),
    }
}

/// A numeric comparison (inputs go through ToNumber; NaN compares false and unequal).
fn number_compare(op: CompareOperator, a: Type, b: Type) -> Type {
    match op {
        CompareOperator::Lt => number::number_less_than(a, b),
        CompareOperator::Le => number::number_less_than_or_equal(a, b),
        CompareOperator::Gt => number::number_less_than(b, a),
        CompareOperator::Ge => number::number_less_than_or_equal(b, a),
        CompareOperator::Eq | CompareOperator::StrictEq => number::number_equal(a, b),
        CompareOperator::Ne | CompareOperator::StrictNe => not(number::number_equal(a, b)),
    }
}

/// A generic comparison: strict equality on any values; loose equality when both sides are
/// numbers; relational operators when neither side may be a string or an object (then both
/// sides convert to numbers); otherwise any boolean.
fn js_compare(op: CompareOperator, a: Type, b: Type) -> Type {
    match op {
        CompareOperator::StrictEq => number::strict_equal(a, b),
        CompareOperator::StrictNe => not(number::strict_equal(a, b)),
        CompareOperator::Eq | CompareOperator::Ne => {
            if a.is(Type::NUMBER) && b.is(Type::NUMBER) {
                number_compare(op, a, b)
            } else {
                Type::BOOLEAN
            }
        }
        CompareOperator::Lt | CompareOperator::Le | CompareOperator::Gt | CompareOperator::Ge => {
            if a.is(Type::NUMBER_OR_ODDBALL) && b.is(Type::NUMBER_OR_ODDBALL) {
                number_compare(op, a, b)
            } else {
                Type::BOOLEAN
            }
        }
    }
}

/// The values of `t` a speculative op with `hint` lets through, converted to numbers:
/// `SignedSmall` passes only int32s, `Number` only numbers, `NumberOrOddball` converts
/// oddballs ([`number::speculative_to_number`]).
fn restrict(t: Type, hint: NumberHint) -> Type {
    match hint {
        NumberHint::SignedSmall => t.intersect(Type::SIGNED32),
        NumberHint::Number => t.intersect(Type::NUMBER),
        NumberHint::NumberOrOddball => number::speculative_to_number(t),
    }
}

/// A speculative binary number operation: the number operation on the inputs restricted by
/// the hint; with `SignedSmall` the checked int32 operation (result inside `SIGNED32`,
/// since it deoptimizes otherwise), except `>>>`, whose result stays uint32.
fn speculative(op: BinaryOperator, hint: NumberHint, a: Type, b: Type) -> Type {
    let (a, b) = (restrict(a, hint), restrict(b, hint));
    match (hint, op) {
        (NumberHint::SignedSmall, BinaryOperator::Shr) => number_binary(op, a, b),
        (NumberHint::SignedSmall, _) => checked_int32(op, a, b),
        _ => number_binary(op, a, b),
    }
}

/// A checked int32 operation on int32 inputs: the exact number result, where it is an int32
/// (the op deoptimizes on overflow, on a −0 or fractional result and on a zero divisor).
fn checked_int32(op: BinaryOperator, a: Type, b: Type) -> Type {
    let exact = number_binary(op, a, b).intersect(Type::SIGNED32);
    if op == BinaryOperator::Div {
        // An exact int32 quotient equals the truncated one.
        exact.intersect(int32_div(a, b))
    } else {
        exact
    }
}

/// The exact (unwrapped) result of int32 `+`, `-` or `*` on the inputs read as int32; a −0
/// product counts as 0. The type of an overflow pair.
fn exact_int32(op: BinaryOperator, a: Type, b: Type) -> Type {
    minus_zero_to_zero(number_binary(op, int32_view(a), int32_view(b)))
}

/// Wrapping int32 `+`, `-` or `*`: the exact result when it stays inside int32. Otherwise
/// sums and differences (exact in float64) wrap by ToInt32, and products give `SIGNED32`
/// (a large product is rounded in float64, so ToInt32 of it is not the wrapped product).
fn wrapping_int32(op: BinaryOperator, a: Type, b: Type) -> Type {
    let exact = exact_int32(op, a, b);
    if exact.is(Type::SIGNED32) {
        exact
    } else if op == BinaryOperator::Mul {
        Type::SIGNED32
    } else {
        number::number_to_int32(exact)
    }
}

/// `Projection[0]` of a pair typed by its exact result: that result when it is an int32,
/// otherwise any int32 (wrapped or truncated).
fn pair_value(t: Type) -> Type {
    if t.is(Type::SIGNED32) {
        t
    } else {
        Type::SIGNED32
    }
}

/// `Projection[1]` of a pair typed by its exact result: whether it is *not* an int32
/// (overflow, a fraction, −0, NaN or out of range).
fn pair_flag(t: Type) -> Type {
    boolean(
        !t.without(Type::SIGNED32).is_none(),
        t.maybe(Type::SIGNED32),
    )
}

/// Machine int32 division truncating toward zero on int32 inputs (`Int32Div`). The divisor
/// is non-zero by the op's precondition, so zero divisors are left out (a divisor that is
/// always 0 gives `NONE`); `MIN / -1` wraps to `MIN`.
fn int32_div(a: Type, b: Type) -> Type {
    if let (Some(x), Some(y)) = (a.as_constant(), b.as_constant()) {
        return if y == 0.0 {
            Type::NONE
        } else {
            Type::constant(f64::from(jsnum::int32_div(x as i32, y as i32)))
        };
    }
    let (Some((al, ah)), Some((bl, bh))) = (a.integer_bounds(), b.integer_bounds()) else {
        return Type::NONE;
    };
    if bl == 0.0 && bh == 0.0 {
        return Type::NONE;
    }
    // |q| <= |x| / |y| for the smallest non-zero |y|.
    let dmin = if bl > 0.0 {
        bl
    } else if bh < 0.0 {
        -bh
    } else {
        1.0
    };
    let qmax = (al.abs().max(ah.abs()) / dmin).floor();
    let positive = (ah > 0.0 && bh > 0.0) || (al < 0.0 && bl < 0.0);
    let negative = (ah > 0.0 && bl < 0.0) || (al < 0.0 && bh > 0.0);
    let lo = if negative { -qmax } else { 0.0 };
    let hi = if positive { qmax } else { 0.0 };
    if hi > INT32_MAX {
        // Only MIN / -1, which wraps to MIN.
        Type::range(lo, INT32_MAX).union(Type::constant(INT32_MIN))
    } else {
        Type::range(lo, hi)
    }
}

/// Machine int32 remainder with the dividend's sign (`Int32Mod`): JavaScript's `%` on the
/// int32 inputs with −0 read as 0 (the machine `MIN % -1` is 0); zero divisors are left out
/// by the op's precondition.
fn int32_mod(a: Type, b: Type) -> Type {
    if let (Some(x), Some(y)) = (a.as_constant(), b.as_constant()) {
        return if y == 0.0 {
            Type::NONE
        } else {
            Type::constant(f64::from(jsnum::int32_mod(x as i32, y as i32)))
        };
    }
    minus_zero_to_zero(number::number_modulus(a, b)).intersect(Type::SIGNED32)
}

/// `CheckBounds`: the index, where `0 <= index < length` (lengths are int32, so the index is
/// at most 2³¹ − 2). A length without ordered numbers fails every check.
fn check_bounds(index: Type, length: Type) -> Type {
    let Some(max_length) = number::to_number(length)
        .intersect(Type::ORDERED_NUMBER)
        .max()
    else {
        return Type::NONE;
    };
    let limit = max_length.min(INT32_MAX).ceil() - 1.0;
    index.intersect(Type::range(0.0, limit))
}

/// `Select`: the second input where the condition may be true, the third where it may be
/// false.
fn select(cond: Type, if_true: Type, if_false: Type) -> Type {
    let c = bit_view(cond);
    let mut r = Type::NONE;
    if c.maybe(Type::TRUE) {
        r = r.union(if_true);
    }
    if c.maybe(Type::FALSE) {
        r = r.union(if_false);
    }
    r
}

/// A tag test for one kind of value (`IsNumber`, `IsObject`, `IsArray`).
fn kind_test(t: Type, kind: Type) -> Type {
    boolean(t.maybe(kind), !t.without(kind).is_none())
}

/// `IsInt32`: true only for int32 values, and possibly false for any value (an integral
/// number may be boxed as a double).
fn is_int32(t: Type) -> Type {
    if t.is_none() {
        Type::NONE
    } else {
        boolean(t.maybe(Type::SIGNED32), true)
    }
}

/// `CallRuntime`: the generic operations by their JS rule (missing arguments are
/// `undefined` in the runtime; here they count as `ANY`), allocation by the kind allocated,
/// stores return `undefined`, Math functions a number (the index names a vm builtin this
/// crate cannot see), loads and calls anything.
fn runtime_call(function: RuntimeFn, inputs: &[Type]) -> Type {
    let i = |k: usize| input(inputs, k);
    match function {
        RuntimeFn::Binary(op) => js_binary(op, i(0), i(1)),
        RuntimeFn::Compare(op) => js_compare(op, i(0), i(1)),
        RuntimeFn::Unary(op) => js_unary(op, i(0)),
        RuntimeFn::ToBoolean => number::to_boolean(i(0)),
        RuntimeFn::LoadNamed(_) | RuntimeFn::LoadKeyed | RuntimeFn::Call | RuntimeFn::Construct => {
            Type::ANY
        }
        RuntimeFn::StoreNamed(_) | RuntimeFn::StoreKeyed => Type::UNDEFINED,
        RuntimeFn::CreateObject => Type::OBJECT,
        RuntimeFn::CreateArray => Type::ARRAY,
        RuntimeFn::StringConstant(_) => Type::STRING,
        RuntimeFn::MathFunction(_) => Type::NUMBER,
        RuntimeFn::CreateClosure(_) => Type::FUNCTION,
        RuntimeFn::CreateContext(_) => Type::ARRAY,
        RuntimeFn::TypeOf => Type::STRING,
        RuntimeFn::LoadSuper(_) => Type::ANY,
        RuntimeFn::ConstructSuper => Type::RECEIVER,
        RuntimeFn::SetPrototype => Type::UNDEFINED,
        RuntimeFn::Dynamic(op) => dynamic_type(op),
        RuntimeFn::ToIterable(_) | RuntimeFn::ToSpreadArguments(_) => Type::ARRAY,
        RuntimeFn::CallSpread | RuntimeFn::ConstructSpread => Type::ANY,
        RuntimeFn::CopyDataProperties => Type::UNDEFINED,
    }
}

/// The type of a dynamic operator's result.
fn dynamic_type(op: crate::ops::DynamicOperator) -> Type {
    use crate::ops::DynamicOperator as D;
    match op {
        D::InstanceOf | D::HasProperty | D::Delete { .. } | D::ForInFilter => Type::BOOLEAN,
        D::ForInKeys => Type::ARRAY,
        D::DefineAccessor { .. } | D::HideProperties => Type::UNDEFINED,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::{Arity, BranchProfile, DeoptReason, Opcode, Rep, ShapeSet, F64};

    const TWO_31: f64 = 2147483648.0;
    const TWO_32: f64 = 4294967296.0;

    /// A representative op of every opcode, with default parameters (exhaustive: adding an
    /// opcode to the table does not compile until it is listed here).
    fn sample_op(code: Opcode) -> Op {
        match code {
            Opcode::Start => Op::Start,
            Opcode::End => Op::End,
            Opcode::Parameter => Op::Parameter { index: 0 },
            Opcode::Merge => Op::Merge,
            Opcode::Loop => Op::Loop,
            Opcode::Branch => Op::Branch { profile: BranchProfile::NONE },
            Opcode::IfTrue => Op::IfTrue,
            Opcode::IfFalse => Op::IfFalse,
            Opcode::Goto => Op::Goto,
            Opcode::IfSuccess => Op::IfSuccess,
            Opcode::IfException => Op::IfException,
            Opcode::CheckException => Op::CheckException,
            Opcode::CatchBlockBegin => Op::CatchBlockBegin,
            Opcode::Phi => Op::Phi { rep: Rep::Tagged },
            Opcode::EffectPhi => Op::EffectPhi,
            Opcode::Return => Op::Return,
            Opcode::Throw => Op::Throw,
            Opcode::Deoptimize => Op::Deoptimize {
                reason: DeoptReason::Stress,
            },
            Opcode::DeoptimizeIf => Op::DeoptimizeIf {
                reason: DeoptReason::Stress,
            },
            Opcode::DeoptimizeUnless => Op::DeoptimizeUnless {
                reason: DeoptReason::Stress,
            },
            Opcode::ObjectState => Op::ObjectState { id: 0, shape: 1 },
            Opcode::FrameState => Op::FrameState {
                func: 0,
                pc: 0,
                has_outer: false,
            },
            Opcode::Dead => Op::Dead,
            Opcode::Unreachable => Op::Unreachable,
            Opcode::Projection => Op::Projection { index: 0 },
            Opcode::Int32Constant => Op::Int32Constant { value: 0 },
            Opcode::Float64Constant => Op::Float64Constant { value: F64(0.0) },
            Opcode::NumberConstant => Op::NumberConstant { value: F64(0.0) },
            Opcode::TaggedConstant => Op::TaggedConstant {
                bits: tagged::UNDEFINED,
            },
            Opcode::StringConstant => Op::StringConstant { func: 0, index: 0 },
            Opcode::Select => Op::Select { rep: Rep::Tagged },
            Opcode::JSBinary => Op::JSBinary {
                op: BinaryOperator::Add,
                slot: 0,
            },
            Opcode::JSCompare => Op::JSCompare {
                op: CompareOperator::Lt,
                slot: 0,
            },
            Opcode::JSUnary => Op::JSUnary {
                op: UnaryOperator::Negate,
                slot: 0,
            },
            Opcode::JSToBoolean => Op::JSToBoolean,
            Opcode::JSLoadNamed => Op::JSLoadNamed { name: 0, slot: 0 },
            Opcode::JSStoreNamed => Op::JSStoreNamed { name: 0, slot: 0 },
            Opcode::JSLoadKeyed => Op::JSLoadKeyed { slot: 0 },
            Opcode::JSStoreKeyed => Op::JSStoreKeyed { slot: 0 },
            Opcode::JSLoadGlobal => Op::JSLoadGlobal { global: 0 },
            Opcode::JSStoreGlobal => Op::JSStoreGlobal {
                global: 0,
                strict: false,
            },
            Opcode::JSCall => Op::JSCall { argc: 1, slot: 0 },
            Opcode::JSConstruct => Op::JSConstruct { argc: 1, slot: 0 },
            Opcode::JSCreateObject => Op::JSCreateObject { shape: 0 },
            Opcode::JSCreateArray => Op::JSCreateArray { count: 2 },
            Opcode::JSCreateClosure => Op::JSCreateClosure { func: 1 },
            Opcode::JSCreateContext => Op::JSCreateContext { slots: 2 },
            Opcode::JSTypeOf => Op::JSTypeOf,
            Opcode::JSLoadSuper => Op::JSLoadSuper { name: 0 },
            Opcode::JSConstructSuper => Op::JSConstructSuper { argc: 1, slot: 0 },
            Opcode::JSSetPrototype => Op::JSSetPrototype,
            Opcode::JSDynamic => Op::JSDynamic { op: crate::ops::DynamicOperator::InstanceOf },
            Opcode::JSToIterable => Op::JSToIterable { text: 0, call: false },
            Opcode::JSCallSpread => Op::JSCallSpread,
            Opcode::JSConstructSpread => Op::JSConstructSpread,
            Opcode::JSCopyDataProperties => Op::JSCopyDataProperties,
            Opcode::SpeculativeNumberAdd => Op::SpeculativeNumberAdd {
                hint: NumberHint::SignedSmall,
            },
            Opcode::SpeculativeNumberSubtract => Op::SpeculativeNumberSubtract {
                hint: NumberHint::SignedSmall,
            },
            Opcode::SpeculativeNumberMultiply => Op::SpeculativeNumberMultiply {
                hint: NumberHint::SignedSmall,
            },
            Opcode::SpeculativeNumberDivide => Op::SpeculativeNumberDivide {
                hint: NumberHint::SignedSmall,
            },
            Opcode::SpeculativeNumberModulus => Op::SpeculativeNumberModulus {
                hint: NumberHint::SignedSmall,
            },
            Opcode::SpeculativeNumberBitwise => Op::SpeculativeNumberBitwise {
                op: BinaryOperator::BitOr,
                hint: NumberHint::SignedSmall,
            },
            Opcode::SpeculativeNumberCompare => Op::SpeculativeNumberCompare {
                op: CompareOperator::Lt,
                hint: NumberHint::SignedSmall,
            },
            Opcode::CheckSmi => Op::CheckSmi,
            Opcode::CheckNumber => Op::CheckNumber,
            Opcode::CheckMaps => Op::CheckMaps {
                shapes: ShapeSet::new(&[1]).unwrap(),
            },
            Opcode::CheckArray => Op::CheckArray,
            Opcode::CheckBounds => Op::CheckBounds,
            Opcode::CheckNotHole => Op::CheckNotHole { reason: DeoptReason::Hole },
            Opcode::CheckedInt32Add => Op::CheckedInt32Add,
            Opcode::CheckedInt32Sub => Op::CheckedInt32Sub,
            Opcode::CheckedInt32Mul => Op::CheckedInt32Mul,
            Opcode::CheckedInt32Div => Op::CheckedInt32Div,
            Opcode::CheckedInt32Mod => Op::CheckedInt32Mod,
            Opcode::CheckedTaggedToInt32 => Op::CheckedTaggedToInt32,
            Opcode::CheckedTaggedToFloat64 => Op::CheckedTaggedToFloat64,
            Opcode::CheckedFloat64ToInt32 => Op::CheckedFloat64ToInt32,
            Opcode::LoadField => Op::LoadField { slot: 0 },
            Opcode::StoreField => Op::StoreField { slot: 0 },
            Opcode::StoreFieldTransition => Op::StoreFieldTransition { shape: 1, slot: 0 },
            Opcode::AllocateObject => Op::AllocateObject { shape: 0 },
            Opcode::AllocateArray => Op::AllocateArray { count: 2 },
            Opcode::LoadElement => Op::LoadElement,
            Opcode::StoreElement => Op::StoreElement,
            Opcode::LoadArrayLength => Op::LoadArrayLength,
            Opcode::NumberAdd => Op::NumberAdd,
            Opcode::NumberSubtract => Op::NumberSubtract,
            Opcode::NumberMultiply => Op::NumberMultiply,
            Opcode::NumberDivide => Op::NumberDivide,
            Opcode::NumberModulus => Op::NumberModulus,
            Opcode::NumberBitwise => Op::NumberBitwise {
                op: BinaryOperator::BitOr,
            },
            Opcode::NumberCompare => Op::NumberCompare {
                op: CompareOperator::Lt,
            },
            Opcode::ReferenceEqual => Op::ReferenceEqual,
            Opcode::ChangeInt32ToTagged => Op::ChangeInt32ToTagged,
            Opcode::ChangeFloat64ToTagged => Op::ChangeFloat64ToTagged,
            Opcode::ChangeTaggedToInt32 => Op::ChangeTaggedToInt32,
            Opcode::ChangeTaggedToFloat64 => Op::ChangeTaggedToFloat64,
            Opcode::ChangeBitToTagged => Op::ChangeBitToTagged,
            Opcode::ChangeTaggedToBit => Op::ChangeTaggedToBit,
            Opcode::Int32Add => Op::Int32Add,
            Opcode::Int32Sub => Op::Int32Sub,
            Opcode::Int32Mul => Op::Int32Mul,
            Opcode::Int32AddWithOverflow => Op::Int32AddWithOverflow,
            Opcode::Int32SubWithOverflow => Op::Int32SubWithOverflow,
            Opcode::Int32MulWithOverflow => Op::Int32MulWithOverflow,
            Opcode::Int32Div => Op::Int32Div,
            Opcode::Int32Mod => Op::Int32Mod,
            Opcode::Word32And => Op::Word32And,
            Opcode::Word32Or => Op::Word32Or,
            Opcode::Word32Xor => Op::Word32Xor,
            Opcode::Word32Shl => Op::Word32Shl,
            Opcode::Word32Sar => Op::Word32Sar,
            Opcode::Word32Shr => Op::Word32Shr,
            Opcode::Word32Equal => Op::Word32Equal,
            Opcode::Int32LessThan => Op::Int32LessThan,
            Opcode::Int32LessThanOrEqual => Op::Int32LessThanOrEqual,
            Opcode::Uint32LessThan => Op::Uint32LessThan,
            Opcode::Float64Add => Op::Float64Add,
            Opcode::Float64Sub => Op::Float64Sub,
            Opcode::Float64Mul => Op::Float64Mul,
            Opcode::Float64Div => Op::Float64Div,
            Opcode::Float64Mod => Op::Float64Mod,
            Opcode::Float64Pow => Op::Float64Pow,
            Opcode::Float64Neg => Op::Float64Neg,
            Opcode::Float64Equal => Op::Float64Equal,
            Opcode::Float64LessThan => Op::Float64LessThan,
            Opcode::Float64LessThanOrEqual => Op::Float64LessThanOrEqual,
            Opcode::Float64Max => Op::Float64Max,
            Opcode::Float64Min => Op::Float64Min,
            Opcode::ChangeInt32ToFloat64 => Op::ChangeInt32ToFloat64,
            Opcode::ChangeUint32ToFloat64 => Op::ChangeUint32ToFloat64,
            Opcode::TruncateFloat64ToWord32 => Op::TruncateFloat64ToWord32,
            Opcode::TryFloat64ToInt32 => Op::TryFloat64ToInt32,
            Opcode::TagInt32 => Op::TagInt32,
            Opcode::TagFloat64 => Op::TagFloat64,
            Opcode::TagBit => Op::TagBit,
            Opcode::UntagInt32 => Op::UntagInt32,
            Opcode::UntagNumber => Op::UntagNumber,
            Opcode::IsInt32 => Op::IsInt32,
            Opcode::IsNumber => Op::IsNumber,
            Opcode::IsObject => Op::IsObject,
            Opcode::IsArray => Op::IsArray,
            Opcode::IsClosureOf => Op::IsClosureOf { func: 0 },
            Opcode::ClosureContext => Op::ClosureContext,
            Opcode::TaggedEqual => Op::TaggedEqual,
            Opcode::Load => Op::Load {
                access: Access::Field(0),
            },
            Opcode::Store => Op::Store {
                access: Access::Field(0),
            },
            Opcode::CallRuntime => Op::CallRuntime {
                function: RuntimeFn::Call,
                argc: 1,
            },
        }
    }

    /// Value inputs to pass for an arity (variadic ops get three).
    fn arity(a: Arity) -> usize {
        match a {
            Arity::Fixed(n) => n as usize,
            Arity::Variadic => 3,
        }
    }

    /// Ops whose value output is not a JavaScript value: typed `NONE` like ops without one.
    const NON_JS_VALUE_OUTPUTS: [Opcode; 3] = [Opcode::FrameState, Opcode::ObjectState, Opcode::Dead];

    /// Every parameter value the typing rules branch on, as ops.
    fn parameter_variants() -> Vec<Op> {
        const BINARY: [BinaryOperator; 12] = [
            BinaryOperator::Add,
            BinaryOperator::Sub,
            BinaryOperator::Mul,
            BinaryOperator::Div,
            BinaryOperator::Mod,
            BinaryOperator::Exp,
            BinaryOperator::BitOr,
            BinaryOperator::BitAnd,
            BinaryOperator::BitXor,
            BinaryOperator::Shl,
            BinaryOperator::Sar,
            BinaryOperator::Shr,
        ];
        const COMPARE: [CompareOperator; 8] = [
            CompareOperator::Lt,
            CompareOperator::Le,
            CompareOperator::Gt,
            CompareOperator::Ge,
            CompareOperator::Eq,
            CompareOperator::Ne,
            CompareOperator::StrictEq,
            CompareOperator::StrictNe,
        ];
        const UNARY: [UnaryOperator; 5] = [
            UnaryOperator::Negate,
            UnaryOperator::BitNot,
            UnaryOperator::ToNumber,
            UnaryOperator::Increment,
            UnaryOperator::Decrement,
        ];
        const HINTS: [NumberHint; 3] = [
            NumberHint::SignedSmall,
            NumberHint::Number,
            NumberHint::NumberOrOddball,
        ];
        let mut ops = Vec::new();
        for op in BINARY {
            ops.push(Op::JSBinary { op, slot: 0 });
            ops.push(Op::NumberBitwise { op });
            ops.push(Op::CallRuntime {
                function: RuntimeFn::Binary(op),
                argc: 2,
            });
            for hint in HINTS {
                ops.push(Op::SpeculativeNumberBitwise { op, hint });
            }
        }
        for op in COMPARE {
            ops.push(Op::JSCompare { op, slot: 0 });
            ops.push(Op::NumberCompare { op });
            ops.push(Op::CallRuntime {
                function: RuntimeFn::Compare(op),
                argc: 2,
            });
            for hint in HINTS {
                ops.push(Op::SpeculativeNumberCompare { op, hint });
            }
        }
        for op in UNARY {
            ops.push(Op::JSUnary { op, slot: 0 });
            ops.push(Op::CallRuntime {
                function: RuntimeFn::Unary(op),
                argc: 1,
            });
        }
        for hint in HINTS {
            ops.push(Op::SpeculativeNumberAdd { hint });
            ops.push(Op::SpeculativeNumberSubtract { hint });
            ops.push(Op::SpeculativeNumberMultiply { hint });
            ops.push(Op::SpeculativeNumberDivide { hint });
            ops.push(Op::SpeculativeNumberModulus { hint });
        }
        for function in [
            RuntimeFn::ToBoolean,
            RuntimeFn::LoadNamed(1),
            RuntimeFn::StoreNamed(1),
            RuntimeFn::LoadKeyed,
            RuntimeFn::StoreKeyed,
            RuntimeFn::Call,
            RuntimeFn::Construct,
            RuntimeFn::CreateObject,
            RuntimeFn::CreateArray,
            RuntimeFn::StringConstant(0),
            RuntimeFn::MathFunction(3),
        ] {
            ops.push(Op::CallRuntime { function, argc: 2 });
        }
        for access in [
            Access::Field(1),
            Access::Shape,
            Access::Element,
            Access::ArrayLength,
            Access::Global(2),
        ] {
            ops.push(Op::Load { access });
        }
        ops.push(Op::Projection { index: 1 });
        for rep in [Rep::Tagged, Rep::Int32, Rep::Float64, Rep::Bit] {
            ops.push(Op::Phi { rep });
            ops.push(Op::Select { rep });
        }
        ops
    }

    fn any_inputs(op: &Op) -> Vec<Type> {
        vec![Type::ANY; arity(op.info().value_in)]
    }

    #[test]
    fn every_opcode_has_a_rule_and_none_means_no_value_output() {
        for &code in Opcode::ALL {
            let op = sample_op(code);
            assert_eq!(op.opcode(), code);
            let t = type_op(&op, &any_inputs(&op));
            let expect_none = op.info().value_out == 0 || NON_JS_VALUE_OUTPUTS.contains(&code);
            assert_eq!(t.is_none(), expect_none, "{op} with Any inputs is {t}");
        }
        for code in NON_JS_VALUE_OUTPUTS {
            assert_eq!(code.info().value_out, 1, "{code:?} needs no exception");
        }
        // The same for every parameter value a rule branches on.
        for op in parameter_variants() {
            let t = type_op(&op, &any_inputs(&op));
            assert!(!t.is_none(), "{op} with Any inputs is {t}");
        }
    }

    #[test]
    fn rules_never_panic_on_empty_or_short_inputs() {
        let ops: Vec<Op> = Opcode::ALL
            .iter()
            .map(|&c| sample_op(c))
            .chain(parameter_variants())
            .collect();
        for op in &ops {
            let n = arity(op.info().value_in);
            let full_none = type_op(op, &vec![Type::NONE; n]);
            let empty = type_op(op, &[]);
            if let Arity::Fixed(_) = op.info().value_in {
                // A missing input counts as Any, so the empty slice is at least as big.
                assert!(full_none.is(empty), "{op}: {full_none} ⊄ {empty}");
                assert_eq!(empty, type_op(op, &any_inputs(op)), "{op}");
            }
        }
    }

    #[test]
    fn bit_results_are_booleans() {
        let bits = [
            Op::Word32Equal,
            Op::Int32LessThan,
            Op::Int32LessThanOrEqual,
            Op::Uint32LessThan,
            Op::Float64Equal,
            Op::Float64LessThan,
            Op::Float64LessThanOrEqual,
            Op::IsInt32,
            Op::IsNumber,
            Op::IsObject,
            Op::IsArray,
            Op::IsClosureOf { func: 0 },
            Op::TaggedEqual,
            Op::ReferenceEqual,
            Op::JSToBoolean,
            Op::ChangeTaggedToBit,
            Op::ChangeBitToTagged,
            Op::TagBit,
            Op::Projection { index: 1 },
        ];
        let compares = parameter_variants().into_iter().filter(|op| {
            matches!(
                op,
                Op::JSCompare { .. }
                    | Op::NumberCompare { .. }
                    | Op::SpeculativeNumberCompare { .. }
                    | Op::CallRuntime {
                        function: RuntimeFn::Compare(_) | RuntimeFn::ToBoolean,
                        ..
                    }
            )
        });
        for op in bits.into_iter().chain(compares) {
            assert_eq!(type_op(&op, &any_inputs(&op)), Type::BOOLEAN, "{op}");
        }
    }

    // ---- spot checks -------------------------------------------------------------------------

    fn r(lo: f64, hi: f64) -> Type {
        Type::range(lo, hi)
    }

    fn c(x: f64) -> Type {
        Type::constant(x)
    }

    fn proj(pair: Type) -> (Type, Type) {
        (
            type_op(&Op::Projection { index: 0 }, &[pair]),
            type_op(&Op::Projection { index: 1 }, &[pair]),
        )
    }

    #[test]
    fn arithmetic_spot_checks() {
        assert_eq!(
            type_op(&Op::NumberAdd, &[r(0.0, 10.0), r(1.0, 2.0)]),
            r(1.0, 12.0)
        );
        assert_eq!(
            type_op(&Op::Float64Add, &[r(0.0, 10.0), r(1.0, 2.0)]),
            r(1.0, 12.0)
        );
        let s32 = [Type::SIGNED32, Type::SIGNED32, Type::ANY];
        for op in [
            Op::CheckedInt32Add,
            Op::CheckedInt32Sub,
            Op::CheckedInt32Mul,
            Op::CheckedInt32Div,
            Op::CheckedInt32Mod,
        ] {
            let t = type_op(&op, &s32);
            assert!(t.is(Type::SIGNED32) && !t.is_none(), "{op}: {t}");
        }
        assert_eq!(type_op(&Op::CheckedInt32Add, &s32), Type::SIGNED32);
        // Wrapping near 2^31.
        let near = r(TWO_31 - 10.0, TWO_31 - 1.0);
        assert_eq!(
            type_op(&Op::Int32Add, &[near, r(1.0, 20.0)]),
            Type::SIGNED32
        );
        assert_eq!(
            type_op(&Op::Int32Add, &[c(TWO_31 - 1.0), c(1.0)]),
            c(-TWO_31)
        );
        assert_eq!(
            type_op(&Op::Int32Add, &[r(0.0, 10.0), r(-3.0, 3.0)]),
            r(-3.0, 13.0)
        );
        assert_eq!(type_op(&Op::Int32Mul, &[near, near]), Type::SIGNED32);
        assert_eq!(
            type_op(&Op::Int32Mul, &[r(0.0, 10.0), r(-3.0, 3.0)]),
            r(-30.0, 30.0)
        );
        assert_eq!(
            type_op(&Op::Int32Div, &[r(0.0, 100.0), r(2.0, 5.0)]),
            r(0.0, 50.0)
        );
        assert_eq!(type_op(&Op::Int32Div, &[c(7.0), c(-2.0)]), c(-3.0));
        assert_eq!(type_op(&Op::Int32Div, &[c(-TWO_31), c(-1.0)]), c(-TWO_31));
        assert_eq!(type_op(&Op::Int32Mod, &[c(-7.0), c(2.0)]), c(-1.0));
        assert_eq!(type_op(&Op::Int32Mod, &[c(-4.0), c(2.0)]), c(0.0));
        assert_eq!(
            type_op(&Op::Int32Mod, &[r(0.0, 100.0), c(8.0)]),
            r(0.0, 7.0)
        );
        // Speculation restricts the inputs; SignedSmall also the result.
        let any3 = [Type::ANY, Type::ANY, Type::ANY];
        assert_eq!(
            type_op(
                &Op::SpeculativeNumberAdd {
                    hint: NumberHint::SignedSmall
                },
                &any3
            ),
            Type::SIGNED32
        );
        assert_eq!(
            type_op(
                &Op::SpeculativeNumberDivide {
                    hint: NumberHint::SignedSmall
                },
                &any3
            ),
            Type::SIGNED32
        );
        assert_eq!(
            type_op(
                &Op::SpeculativeNumberAdd {
                    hint: NumberHint::Number
                },
                &any3
            ),
            Type::NUMBER
        );
        let spec = Op::SpeculativeNumberAdd {
            hint: NumberHint::NumberOrOddball,
        };
        assert_eq!(
            type_op(&spec, &[Type::BOOLEAN, Type::NULL, Type::ANY]),
            r(0.0, 1.0)
        );
        let shr = Op::SpeculativeNumberBitwise {
            op: BinaryOperator::Shr,
            hint: NumberHint::SignedSmall,
        };
        assert_eq!(type_op(&shr, &any3), Type::UNSIGNED32);
        let check_div = Op::CheckedInt32Div;
        assert_eq!(
            type_op(&check_div, &[r(0.0, 100.0), r(2.0, 5.0), Type::ANY]),
            r(0.0, 50.0)
        );
        assert_eq!(
            type_op(&check_div, &[c(7.0), c(2.0), Type::ANY]),
            Type::NONE
        );
        assert_eq!(
            type_op(&Op::CheckedInt32Mul, &[c(0.0), c(-1.0), Type::ANY]),
            Type::NONE
        );
        // JS level.
        let add = Op::JSBinary {
            op: BinaryOperator::Add,
            slot: 0,
        };
        assert_eq!(
            type_op(&add, &[Type::STRING, r(0.0, 1.0), Type::ANY]),
            Type::STRING
        );
        assert_eq!(
            type_op(&add, &[r(0.0, 1.0), c(1.0), Type::ANY]),
            r(1.0, 2.0)
        );
        assert!(type_op(&add, &[Type::ANY, Type::ANY, Type::ANY]).maybe(Type::STRING));
        let sub = Op::JSBinary {
            op: BinaryOperator::Sub,
            slot: 0,
        };
        // ToNumber of a string is any number; x - 1 is never -0.
        assert_eq!(
            type_op(&sub, &[Type::STRING, c(1.0), Type::ANY]),
            Type::PLAIN_NUMBER.union(Type::NAN)
        );
        assert_eq!(type_op(&sub, &[Type::TRUE, c(1.0), Type::ANY]), c(0.0));
        let inc = Op::JSUnary {
            op: UnaryOperator::Increment,
            slot: 0,
        };
        assert_eq!(type_op(&inc, &[r(0.0, 9.0), Type::ANY]), r(1.0, 10.0));
        assert_eq!(type_op(&Op::JSCreateObject { shape: 0 }, &[]), Type::OBJECT);
        assert_eq!(
            type_op(&Op::JSCreateArray { count: 2 }, &[Type::ANY, Type::ANY]),
            Type::ARRAY
        );
    }

    #[test]
    fn pairs_projections_and_machine_words() {
        let (v, f) = proj(type_op(
            &Op::Int32AddWithOverflow,
            &[r(0.0, 10.0), r(0.0, 10.0)],
        ));
        assert_eq!((v, f), (r(0.0, 20.0), Type::FALSE));
        let (v, f) = proj(type_op(
            &Op::Int32AddWithOverflow,
            &[c(TWO_31 - 1.0), r(1.0, 2.0)],
        ));
        assert_eq!((v, f), (Type::SIGNED32, Type::TRUE));
        let (v, f) = proj(type_op(
            &Op::Int32MulWithOverflow,
            &[Type::SIGNED32, Type::SIGNED32],
        ));
        assert_eq!((v, f), (Type::SIGNED32, Type::BOOLEAN));
        // A zero product of a negative number is the machine integer 0, not -0.
        let (v, f) = proj(type_op(&Op::Int32MulWithOverflow, &[c(0.0), r(-5.0, -1.0)]));
        assert_eq!((v, f), (c(0.0), Type::FALSE));
        let (v, f) = proj(type_op(&Op::TryFloat64ToInt32, &[r(-3.0, 3.0)]));
        assert_eq!((v, f), (r(-3.0, 3.0), Type::FALSE));
        let (v, f) = proj(type_op(&Op::TryFloat64ToInt32, &[Type::MINUS_ZERO]));
        assert_eq!((v, f), (Type::SIGNED32, Type::TRUE));
        let (v, f) = proj(type_op(&Op::TryFloat64ToInt32, &[Type::NUMBER]));
        assert_eq!((v, f), (Type::SIGNED32, Type::BOOLEAN));
        // Word32Shr is typed as the uint32 it denotes; signed readers take ToInt32 of it.
        let u = type_op(&Op::Word32Shr, &[Type::SIGNED32, c(0.0)]);
        assert_eq!(u, Type::UNSIGNED32);
        assert_eq!(type_op(&Op::ChangeUint32ToFloat64, &[u]), Type::UNSIGNED32);
        assert_eq!(type_op(&Op::ChangeInt32ToFloat64, &[u]), Type::SIGNED32);
        assert_eq!(
            type_op(&Op::ChangeInt32ToFloat64, &[c(TWO_32 - 1.0)]),
            c(-1.0)
        );
        assert_eq!(
            type_op(&Op::ChangeUint32ToFloat64, &[c(-1.0)]),
            c(TWO_32 - 1.0)
        );
        assert_eq!(
            type_op(&Op::ChangeUint32ToFloat64, &[r(0.0, 7.0)]),
            r(0.0, 7.0)
        );
        assert_eq!(
            type_op(&Op::Word32Shr, &[r(0.0, 255.0), c(4.0)]),
            r(0.0, 15.0)
        );
        assert_eq!(
            type_op(&Op::Word32And, &[Type::SIGNED32, c(255.0)]),
            r(0.0, 255.0)
        );
        assert_eq!(
            type_op(&Op::Int32LessThan, &[r(0.0, 5.0), r(6.0, 9.0)]),
            Type::TRUE
        );
        assert_eq!(
            type_op(&Op::Uint32LessThan, &[c(-1.0), r(0.0, 9.0)]),
            Type::FALSE
        );
        assert_eq!(
            type_op(&Op::Word32Equal, &[c(-1.0), c(TWO_32 - 1.0)]),
            Type::TRUE
        );
        assert_eq!(
            type_op(&Op::Float64Max, &[r(0.0, 5.0), r(3.0, 9.0)]),
            r(3.0, 9.0)
        );
        assert_eq!(
            type_op(
                &Op::TruncateFloat64ToWord32,
                &[Type::NAN.union(Type::MINUS_ZERO)]
            ),
            c(0.0)
        );
        assert_eq!(
            type_op(&Op::TruncateFloat64ToWord32, &[c(TWO_32 + 5.0)]),
            c(5.0)
        );
        // Tagging keeps the number; bits are booleans.
        assert_eq!(type_op(&Op::TagInt32, &[r(1.0, 2.0)]), r(1.0, 2.0));
        assert_eq!(type_op(&Op::TagFloat64, &[Type::NAN]), Type::NAN);
        assert_eq!(type_op(&Op::TagBit, &[c(1.0)]), Type::TRUE);
        assert_eq!(type_op(&Op::ChangeBitToTagged, &[Type::FALSE]), Type::FALSE);
        assert_eq!(type_op(&Op::UntagInt32, &[Type::ANY]), Type::SIGNED32);
        assert_eq!(type_op(&Op::UntagNumber, &[Type::ANY]), Type::NUMBER);
        assert_eq!(type_op(&Op::IsNumber, &[r(0.0, 1.0)]), Type::TRUE);
        assert_eq!(type_op(&Op::IsArray, &[Type::OBJECT]), Type::FALSE);
        assert_eq!(
            type_op(&Op::IsObject, &[Type::object_with_shapes(&[3])]),
            Type::TRUE
        );
        assert_eq!(type_op(&Op::IsInt32, &[Type::STRING]), Type::FALSE);
        assert_eq!(type_op(&Op::IsInt32, &[r(0.0, 1.0)]), Type::BOOLEAN);
        assert_eq!(
            type_op(
                &Op::Load {
                    access: Access::Shape
                },
                &[Type::ANY]
            ),
            r(0.0, TWO_31 - 1.0)
        );
        assert_eq!(
            type_op(
                &Op::Load {
                    access: Access::ArrayLength
                },
                &[Type::ANY]
            ),
            r(0.0, TWO_32 - 1.0)
        );
        assert_eq!(
            type_op(&Op::LoadArrayLength, &[Type::ANY]),
            r(0.0, TWO_32 - 1.0)
        );
        assert_eq!(
            type_op(
                &Op::Load {
                    access: Access::Element
                },
                &[Type::ANY, Type::ANY]
            ),
            Type::ANY
        );
        let math = Op::CallRuntime {
            function: RuntimeFn::MathFunction(0),
            argc: 1,
        };
        assert_eq!(type_op(&math, &[Type::ANY]), Type::NUMBER);
        let store = Op::CallRuntime {
            function: RuntimeFn::StoreKeyed,
            argc: 3,
        };
        assert_eq!(
            type_op(&store, &[Type::ANY, Type::ANY, Type::ANY]),
            Type::UNDEFINED
        );
    }

    #[test]
    fn common_checks_and_constants() {
        assert_eq!(type_op(&Op::Int32Constant { value: -7 }, &[]), c(-7.0));
        assert_eq!(
            type_op(
                &Op::Float64Constant {
                    value: F64(f64::NAN)
                },
                &[]
            ),
            Type::NAN
        );
        assert_eq!(
            type_op(&Op::NumberConstant { value: F64(-0.0) }, &[]),
            Type::MINUS_ZERO
        );
        assert_eq!(
            type_op(&Op::NumberConstant { value: F64(0.5) }, &[]),
            Type::FRACTION
        );
        assert_eq!(
            type_op(&Op::StringConstant { func: 0, index: 0 }, &[]),
            Type::STRING
        );
        assert_eq!(type_op(&Op::Parameter { index: 1 }, &[]), Type::ANY);
        let phi = Op::Phi { rep: Rep::Tagged };
        assert_eq!(
            type_op(&phi, &[c(1.0), c(5.0), Type::NAN]),
            r(1.0, 5.0).union(Type::NAN)
        );
        assert_eq!(type_op(&phi, &[]), Type::NONE);
        let select = Op::Select { rep: Rep::Int32 };
        assert_eq!(
            type_op(&select, &[Type::BOOLEAN, c(1.0), c(2.0)]),
            r(1.0, 2.0)
        );
        assert_eq!(type_op(&select, &[Type::TRUE, c(1.0), c(2.0)]), c(1.0));
        assert_eq!(type_op(&select, &[c(0.0), c(1.0), c(2.0)]), c(2.0));
        // Tagged constants.
        assert_eq!(type_constant_bits(tagged::from_int32(5)), c(5.0));
        assert_eq!(type_constant_bits(tagged::from_int32(i32::MIN)), c(-TWO_31));
        assert_eq!(type_constant_bits(tagged::UNDEFINED), Type::UNDEFINED);
        assert_eq!(type_constant_bits(tagged::NULL), Type::NULL);
        assert_eq!(type_constant_bits(tagged::TRUE), Type::TRUE);
        assert_eq!(type_constant_bits(tagged::FALSE), Type::FALSE);
        assert_eq!(type_constant_bits(tagged::HOLE), Type::HOLE);
        assert_eq!(
            type_constant_bits(tagged::tagged(tagged::TAG_SPECIAL, 99)),
            Type::ANY
        );
        assert_eq!(type_constant_bits(tagged::from_f64(2.5)), Type::FRACTION);
        assert_eq!(type_constant_bits(tagged::from_f64(1e20)), c(1e20));
        assert_eq!(type_constant_bits(tagged::from_f64(f64::NAN)), Type::NAN);
        assert_eq!(type_constant_bits(tagged::from_f64(-0.0)), Type::MINUS_ZERO);
        assert_eq!(
            type_constant_bits(tagged::from_f64(f64::NEG_INFINITY)),
            c(f64::NEG_INFINITY)
        );
        assert_eq!(
            type_constant_bits(tagged::tagged(tagged::TAG_OBJECT, 3)),
            Type::OBJECT
        );
        assert_eq!(
            type_constant_bits(tagged::tagged(tagged::TAG_ARRAY, 3)),
            Type::ARRAY
        );
        assert_eq!(
            type_constant_bits(tagged::tagged(tagged::TAG_STRING, 3)),
            Type::STRING
        );
        assert_eq!(
            type_constant_bits(tagged::tagged(tagged::TAG_FUNCTION, 3)),
            Type::FUNCTION
        );
        assert_eq!(
            type_constant_bits(tagged::tagged(tagged::TAG_BUILTIN, 3)),
            Type::FUNCTION
        );
        let k = Op::TaggedConstant {
            bits: tagged::from_int32(5),
        };
        assert_eq!(type_op(&k, &[]), c(5.0));
        // Checks.
        let fs = Type::NONE;
        assert_eq!(type_op(&Op::CheckSmi, &[Type::ANY, fs]), Type::SIGNED32);
        assert_eq!(type_op(&Op::CheckNumber, &[Type::ANY, fs]), Type::NUMBER);
        assert_eq!(type_op(&Op::CheckArray, &[Type::ANY, fs]), Type::ARRAY);
        assert_eq!(
            type_op(&Op::CheckNotHole { reason: DeoptReason::Uninitialized }, &[Type::HOLE.union(c(1.0)), fs]),
            c(1.0)
        );
        assert_eq!(
            type_op(&Op::CheckBounds, &[Type::ANY, r(0.0, 10.0), fs]),
            r(0.0, 9.0)
        );
        assert_eq!(
            type_op(&Op::CheckBounds, &[Type::ANY, Type::ANY, fs]),
            r(0.0, TWO_31 - 2.0)
        );
        assert_eq!(
            type_op(&Op::CheckBounds, &[r(-5.0, 3.0), r(0.0, TWO_32 - 1.0), fs]),
            r(0.0, 3.0)
        );
        assert_eq!(
            type_op(&Op::CheckBounds, &[Type::ANY, c(0.0), fs]),
            Type::NONE
        );
        assert_eq!(
            type_op(&Op::CheckedTaggedToInt32, &[Type::NUMBER, fs]),
            Type::SIGNED32
        );
        assert_eq!(
            type_op(&Op::CheckedTaggedToFloat64, &[Type::ANY, fs]),
            Type::NUMBER
        );
        assert_eq!(
            type_op(&Op::CheckedFloat64ToInt32, &[Type::NUMBER, fs]),
            Type::SIGNED32
        );
        assert_eq!(
            type_op(&Op::ChangeTaggedToInt32, &[r(0.0, 1.0).union(Type::NAN)]),
            r(0.0, 1.0)
        );
        // Comparisons fold where the inputs decide them.
        let lt = Op::JSCompare {
            op: CompareOperator::Lt,
            slot: 0,
        };
        assert_eq!(type_op(&lt, &[r(0.0, 1.0), r(2.0, 3.0), fs]), Type::TRUE);
        assert_eq!(
            type_op(&lt, &[Type::UNDEFINED, r(2.0, 3.0), fs]),
            Type::FALSE
        );
        assert_eq!(
            type_op(&lt, &[Type::STRING, r(2.0, 3.0), fs]),
            Type::BOOLEAN
        );
        let seq = Op::JSCompare {
            op: CompareOperator::StrictEq,
            slot: 0,
        };
        assert_eq!(
            type_op(&seq, &[Type::UNDEFINED, Type::UNDEFINED, fs]),
            Type::TRUE
        );
        assert_eq!(type_op(&seq, &[Type::STRING, c(1.0), fs]), Type::FALSE);
        let ne = Op::NumberCompare {
            op: CompareOperator::Ne,
        };
        assert_eq!(type_op(&ne, &[c(1.0), c(2.0)]), Type::TRUE);
        let ge = Op::SpeculativeNumberCompare {
            op: CompareOperator::Ge,
            hint: NumberHint::SignedSmall,
        };
        assert_eq!(type_op(&ge, &[r(5.0, 9.0), r(0.0, 5.0), fs]), Type::TRUE);
        assert_eq!(type_op(&Op::JSToBoolean, &[r(1.0, 5.0)]), Type::TRUE);
    }

    // ---- soundness on concrete values --------------------------------------------------------

    use crate::test_rng::Rng;

    const INT_EDGES: [i32; 16] = [
        0,
        1,
        -1,
        2,
        -2,
        5,
        31,
        32,
        100,
        -100,
        1 << 30,
        -(1 << 30),
        i32::MAX,
        i32::MAX - 1,
        i32::MIN,
        i32::MIN + 1,
    ];

    fn gen_i32(rng: &mut Rng) -> i32 {
        match rng.below(3) {
            0 => rng.pick(&INT_EDGES),
            1 => rng.below(41) as i32 - 20,
            _ => rng.next() as i32,
        }
    }

    /// A random int32 interval.
    fn gen_i32_range(rng: &mut Rng) -> (i32, i32) {
        let (a, b) = (gen_i32(rng), gen_i32(rng));
        (a.min(b), a.max(b))
    }

    fn gen_i32_in(rng: &mut Rng, (lo, hi): (i32, i32)) -> i32 {
        match rng.below(4) {
            0 => lo,
            1 => hi,
            _ => (lo as i64 + (rng.next() % ((hi as i64 - lo as i64 + 1) as u64)) as i64) as i32,
        }
    }

    fn range_of((lo, hi): (i32, i32)) -> Type {
        r(lo as f64, hi as f64)
    }

    fn has_number(t: Type, x: f64) -> bool {
        t.contains_number(x)
    }

    fn has_bool(t: Type, b: bool) -> bool {
        if b {
            Type::TRUE.is(t)
        } else {
            Type::FALSE.is(t)
        }
    }

    /// Concrete int32 semantics of the machine and checked ops: `Some(result)` or `None` when
    /// the op deoptimizes or its precondition fails.
    fn int32_oracle(op: &Op, x: i32, y: i32) -> Option<f64> {
        let checked_int = |r: Option<i32>| r.map(|r| r as f64);
        match *op {
            // The typer leaves out zero divisors (the ops' precondition).
            Op::Int32Div | Op::Int32Mod if y == 0 => return None,
            // Typed as the unsigned value, where `ir::fold` gives its 32 bits.
            Op::Word32Shr => return Some(f64::from(jsnum::shift_right_unsigned(x as u32, y as u32))),
            _ => {}
        }
        if let Some(machine) = crate::fold::int32_binary(op.opcode(), x, y) {
            return Some(f64::from(machine));
        }
        match *op {
            Op::CheckedInt32Add
            | Op::SpeculativeNumberAdd {
                hint: NumberHint::SignedSmall,
            } => checked_int(x.checked_add(y)),
            Op::CheckedInt32Sub => checked_int(x.checked_sub(y)),
            Op::CheckedInt32Mul
            | Op::SpeculativeNumberMultiply {
                hint: NumberHint::SignedSmall,
            } => checked_int(jsnum::int32_mul_exact(x, y)),
            Op::CheckedInt32Div => checked_int(jsnum::int32_div_exact(x, y)),
            Op::CheckedInt32Mod => checked_int(jsnum::int32_mod_exact(x, y)),
            Op::SpeculativeNumberBitwise {
                op: BinaryOperator::Shr,
                hint: NumberHint::SignedSmall,
            } => Some(f64::from(jsnum::shift_right_unsigned(x as u32, y as u32))),
            _ => unreachable!("{op}"),
        }
    }

    #[test]
    fn int32_rules_are_sound_on_concrete_values() {
        let mut rng = Rng(0x5eab_ed00_1234_5678);
        let ops = [
            Op::Int32Add,
            Op::Int32Sub,
            Op::Int32Mul,
            Op::Int32Div,
            Op::Int32Mod,
            Op::Word32And,
            Op::Word32Or,
            Op::Word32Xor,
            Op::Word32Shl,
            Op::Word32Sar,
            Op::Word32Shr,
            Op::CheckedInt32Add,
            Op::CheckedInt32Sub,
            Op::CheckedInt32Mul,
            Op::CheckedInt32Div,
            Op::CheckedInt32Mod,
            Op::SpeculativeNumberAdd {
                hint: NumberHint::SignedSmall,
            },
            Op::SpeculativeNumberMultiply {
                hint: NumberHint::SignedSmall,
            },
            Op::SpeculativeNumberBitwise {
                op: BinaryOperator::Shr,
                hint: NumberHint::SignedSmall,
            },
        ];
        for _ in 0..3000 {
            let (ra, rb) = (gen_i32_range(&mut rng), gen_i32_range(&mut rng));
            let (ta, tb) = (range_of(ra), range_of(rb));
            let typed: Vec<Type> = ops
                .iter()
                .map(|op| type_op(op, &[ta, tb, Type::ANY]))
                .collect();
            let pairs = [
                Op::Int32AddWithOverflow,
                Op::Int32SubWithOverflow,
                Op::Int32MulWithOverflow,
            ]
            .map(|op| proj(type_op(&op, &[ta, tb])));
            let compares = [
                Op::Word32Equal,
                Op::Int32LessThan,
                Op::Int32LessThanOrEqual,
                Op::Uint32LessThan,
            ]
            .map(|op| type_op(&op, &[ta, tb]));
            let shr = type_op(&Op::Word32Shr, &[ta, tb]);
            let (from_shr_signed, from_shr_unsigned, shr_plus) = (
                type_op(&Op::ChangeInt32ToFloat64, &[shr]),
                type_op(&Op::ChangeUint32ToFloat64, &[shr]),
                type_op(&Op::Int32Add, &[shr, ta]),
            );
            for _ in 0..20 {
                let (x, y) = (gen_i32_in(&mut rng, ra), gen_i32_in(&mut rng, rb));
                for (op, &t) in ops.iter().zip(&typed) {
                    if let Some(z) = int32_oracle(op, x, y) {
                        assert!(
                            has_number(t, z),
                            "{op}({ta}, {tb}) = {t} misses {op}({x}, {y}) = {z}"
                        );
                    }
                }
                let results = [
                    x.overflowing_add(y),
                    x.overflowing_sub(y),
                    x.overflowing_mul(y),
                ];
                for (k, ((v, f), (z, o))) in pairs.iter().zip(results).enumerate() {
                    assert!(
                        has_number(*v, z as f64) && has_bool(*f, o),
                        "pair {k}: {x}, {y} -> {z}, {o} not in {v}, {f}"
                    );
                }
                let bits = [x == y, x < y, x <= y, (x as u32) < (y as u32)];
                for (k, (&t, b)) in compares.iter().zip(bits).enumerate() {
                    assert!(has_bool(t, b), "compare {k}({x}, {y}) = {b} not in {t}");
                }
                let w = jsnum::shift_right_unsigned(x as u32, y as u32);
                assert!(has_number(from_shr_signed, w as i32 as f64));
                assert!(has_number(from_shr_unsigned, w as f64));
                assert!(has_number(shr_plus, (w as i32).wrapping_add(x) as f64));
                assert!(has_number(
                    type_op(&Op::ChangeInt32ToFloat64, &[ta]),
                    x as f64
                ));
            }
        }
    }

    const DOUBLE_EDGES: [f64; 22] = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -0.5,
        2.5,
        -1.5,
        3.0,
        1e-300,
        -1e-300,
        1e300,
        2147483647.0,
        -2147483648.0,
        2147483648.0,
        4294967295.0,
        4294967296.0,
        9007199254740993.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        123.456,
    ];

    fn gen_f64(rng: &mut Rng) -> f64 {
        match rng.below(4) {
            0 | 1 => rng.pick(&DOUBLE_EDGES),
            2 => rng.below(41) as f64 - 20.0,
            _ => (rng.below(2001) as f64 - 1000.0) / 8.0,
        }
    }

    /// A few random doubles and the smallest type holding them (sometimes widened by a range).
    fn gen_f64_set(rng: &mut Rng) -> (Vec<f64>, Type) {
        let xs: Vec<f64> = (0..1 + rng.below(4)).map(|_| gen_f64(rng)).collect();
        let mut t = xs.iter().fold(Type::NONE, |acc, &x| acc.union(c(x)));
        if rng.below(4) == 0 {
            let (a, b) = (gen_i32(rng) as f64, gen_i32(rng) as f64);
            t = t.union(r(a.min(b), a.max(b)));
        }
        (xs, t)
    }

    /// Concrete float / JS-number semantics: `Some(number)`, or `Err(bool)` for bit results.
    fn float_oracle(op: &Op, x: f64, y: f64) -> Result<f64, bool> {
        Ok(match *op {
            Op::NumberAdd
            | Op::Float64Add
            | Op::JSBinary {
                op: BinaryOperator::Add,
                ..
            } => x + y,
            Op::NumberSubtract | Op::Float64Sub => x - y,
            Op::NumberMultiply
            | Op::Float64Mul
            | Op::SpeculativeNumberMultiply {
                hint: NumberHint::Number,
            } => x * y,
            Op::NumberDivide | Op::Float64Div => x / y,
            Op::NumberModulus | Op::Float64Mod => jsnum::remainder(x, y),
            Op::Float64Pow
            | Op::JSBinary {
                op: BinaryOperator::Exp,
                ..
            } => jsnum::pow_with(x, y, f64::powf),
            Op::Float64Max => jsnum::math::max(x, y),
            Op::Float64Min => jsnum::math::min(x, y),
            Op::NumberBitwise {
                op: BinaryOperator::BitXor,
            } => f64::from(jsnum::to_int32(x) ^ jsnum::to_int32(y)),
            Op::Float64Equal => return Err(x == y),
            Op::Float64LessThan
            | Op::NumberCompare {
                op: CompareOperator::Lt,
            } => return Err(x < y),
            Op::Float64LessThanOrEqual => return Err(x <= y),
            Op::NumberCompare {
                op: CompareOperator::Ge,
            } => return Err(x >= y),
            Op::JSCompare {
                op: CompareOperator::Ne,
                ..
            } => return Err(x != y),
            Op::JSCompare {
                op: CompareOperator::StrictEq,
                ..
            } => return Err(x == y),
            _ => unreachable!("{op}"),
        })
    }

    /// The concrete semantics of a unary op.
    type Oracle1 = fn(f64) -> f64;

    #[test]
    fn float_and_js_rules_are_sound_on_concrete_values() {
        let mut rng = Rng(0x0f10_a700_dead_beef);
        let ops = [
            Op::NumberAdd,
            Op::Float64Add,
            Op::JSBinary {
                op: BinaryOperator::Add,
                slot: 0,
            },
            Op::NumberSubtract,
            Op::Float64Sub,
            Op::NumberMultiply,
            Op::Float64Mul,
            Op::SpeculativeNumberMultiply {
                hint: NumberHint::Number,
            },
            Op::NumberDivide,
            Op::Float64Div,
            Op::NumberModulus,
            Op::Float64Mod,
            Op::Float64Pow,
            Op::JSBinary {
                op: BinaryOperator::Exp,
                slot: 0,
            },
            Op::Float64Max,
            Op::Float64Min,
            Op::NumberBitwise {
                op: BinaryOperator::BitXor,
            },
            Op::Float64Equal,
            Op::Float64LessThan,
            Op::NumberCompare {
                op: CompareOperator::Lt,
            },
            Op::Float64LessThanOrEqual,
            Op::NumberCompare {
                op: CompareOperator::Ge,
            },
            Op::JSCompare {
                op: CompareOperator::Ne,
                slot: 0,
            },
            Op::JSCompare {
                op: CompareOperator::StrictEq,
                slot: 0,
            },
        ];
        for _ in 0..3000 {
            let ((xs, ta), (ys, tb)) = (gen_f64_set(&mut rng), gen_f64_set(&mut rng));
            for op in &ops {
                let t = type_op(op, &[ta, tb, Type::ANY]);
                for &x in &xs {
                    for &y in &ys {
                        let ok = match float_oracle(op, x, y) {
                            Ok(z) => has_number(t, z),
                            Err(b) => has_bool(t, b),
                        };
                        assert!(ok, "{op}({ta}, {tb}) = {t} misses {op}({x:?}, {y:?})");
                    }
                }
            }
            let unary: [(Op, Oracle1); 5] = [
                (Op::Float64Neg, |x| -x),
                (
                    Op::JSUnary {
                        op: UnaryOperator::Negate,
                        slot: 0,
                    },
                    |x| -x,
                ),
                (
                    Op::JSUnary {
                        op: UnaryOperator::Decrement,
                        slot: 0,
                    },
                    |x| x - 1.0,
                ),
                (
                    Op::JSUnary {
                        op: UnaryOperator::BitNot,
                        slot: 0,
                    },
                    |x| f64::from(!jsnum::to_int32(x)),
                ),
                (Op::TruncateFloat64ToWord32, |x| f64::from(jsnum::to_int32(x))),
            ];
            for (op, f) in unary {
                let t = type_op(&op, &[ta, Type::ANY]);
                for &x in &xs {
                    assert!(
                        has_number(t, f(x)),
                        "{op}({ta}) = {t} misses {op}({x:?}) = {}",
                        f(x)
                    );
                }
            }
            let (v, flag) = proj(type_op(&Op::TryFloat64ToInt32, &[ta]));
            for &x in &xs {
                let exact = jsnum::exact_int32(x);
                let i = exact.unwrap_or(x as i32);
                assert!(
                    has_number(v, i as f64) && has_bool(flag, exact.is_none()),
                    "TryFloat64ToInt32({x:?}): {v}, {flag}"
                );
            }
        }
    }

    #[test]
    fn check_bounds_is_sound_on_concrete_values() {
        let mut rng = Rng(0xb0b0_1234);
        for _ in 0..3000 {
            let ri = gen_i32_range(&mut rng);
            let hi = rng.pick(&[0, 1, 2, 10, 1000, i32::MAX]);
            let rl = (rng.below(hi as usize + 1) as i32, hi);
            let t = type_op(&Op::CheckBounds, &[range_of(ri), range_of(rl), Type::ANY]);
            for _ in 0..20 {
                let (i, len) = (gen_i32_in(&mut rng, ri), gen_i32_in(&mut rng, rl));
                if 0 <= i && i < len {
                    assert!(
                        has_number(t, i as f64),
                        "CheckBounds({ri:?}, {rl:?}) = {t} misses {i} < {len}"
                    );
                }
            }
        }
    }

    // ---- monotonicity ------------------------------------------------------------------------

    const NAMED: [Type; 16] = [
        Type::ANY,
        Type::NUMBER,
        Type::SIGNED32,
        Type::UNSIGNED32,
        Type::INTEGER,
        Type::FRACTION,
        Type::MINUS_ZERO,
        Type::NAN,
        Type::BOOLEAN,
        Type::TRUE,
        Type::UNDEFINED,
        Type::NULL,
        Type::STRING,
        Type::OBJECT,
        Type::ARRAY,
        Type::HOLE,
    ];

    fn gen_piece(rng: &mut Rng) -> Type {
        match rng.below(4) {
            0 => rng.pick(&NAMED),
            1 => range_of(gen_i32_range(rng)),
            2 => c(gen_f64(rng)),
            _ => {
                let (a, b) = (gen_f64(rng), gen_f64(rng));
                r(a.min(b), a.max(b))
            }
        }
    }

    fn gen_type(rng: &mut Rng) -> Type {
        (0..1 + rng.below(3)).fold(Type::NONE, |acc, _| acc.union(gen_piece(rng)))
    }

    #[test]
    fn rules_are_monotone() {
        let mut rng = Rng(0x0a0a_7777_1357);
        let mut ops: Vec<Op> = Opcode::ALL
            .iter()
            .map(|&c| sample_op(c))
            .chain(parameter_variants())
            .collect();
        ops.push(Op::Projection { index: 0 });
        for op in &ops {
            let n = arity(op.info().value_in);
            for _ in 0..300 {
                let small: Vec<Type> = (0..n).map(|_| gen_type(&mut rng)).collect();
                let big: Vec<Type> = small
                    .iter()
                    .map(|&t| {
                        if rng.below(2) == 0 {
                            t
                        } else {
                            t.union(gen_type(&mut rng))
                        }
                    })
                    .collect();
                let (a, b) = (type_op(op, &small), type_op(op, &big));
                assert!(a.is(b), "{op}: {small:?} ⊆ {big:?} but {a} ⊄ {b}");
            }
        }
    }
}
