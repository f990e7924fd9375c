//! NaN-boxed JavaScript values (the bit layout is `ir::tagged`, shared with the backends).
//!
//! A `Value` is 64 bits. Doubles are stored as themselves (every NaN canonicalized to the
//! positive quiet NaN); everything else lives in the negative quiet-NaN space, tagged by the
//! top 16 bits. Int32 and double are distinct *representations* of one JS Number: every
//! operation treats them as the same number, and the int32 form is only a fast path (and what
//! the feedback calls "SignedSmall").

use std::fmt;

use frontend::bytecode::FuncId;

use ir::tagged::{
    CANONICAL_NAN, PAYLOAD_MASK, TAG_ARRAY, TAG_BUILTIN, TAG_FUNCTION, TAG_INT, TAG_OBJECT, TAG_SHIFT,
    TAG_SPECIAL, TAG_STRING,
};

/// A plain object in the heap (`Heap::objects`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ObjectId(pub u32);
/// An array in the heap (`Heap::arrays`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ArrayId(pub u32);
/// A string in the heap (`Heap::strings`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct StringId(pub u32);

pub use ir::feedback::BuiltinId;

/// One JavaScript value. `repr(transparent)`: a `[Value]` is a `[u64]` of the same bits
/// (compiled code passes argument buffers of raw words, see [`Value::slice_from_bits`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Value(u64);

/// The decoded form of a `Value`, for matching.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Decoded {
    /// A number in int32 representation.
    Int(i32),
    /// A number in double representation.
    Double(f64),
    /// `undefined`
    Undefined,
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// The hole: an absent array element or an uninitialized `let`/`const`.
    Hole,
    /// A plain object.
    Object(ObjectId),
    /// An array.
    Array(ArrayId),
    /// A string.
    String(StringId),
    /// A function object of a bytecode function (canonical or a closure instance:
    /// [`Value::closure_instance`]).
    Function(FuncId),
    /// A builtin function.
    Builtin(BuiltinId),
}

impl Value {
    /// `undefined`
    pub const UNDEFINED: Value = Value::tagged(TAG_SPECIAL, 0);
    /// `null`
    pub const NULL: Value = Value::tagged(TAG_SPECIAL, 1);
    /// `false`
    pub const FALSE: Value = Value::tagged(TAG_SPECIAL, 2);
    /// `true`
    pub const TRUE: Value = Value::tagged(TAG_SPECIAL, 3);
    /// The hole.
    pub const HOLE: Value = Value::tagged(TAG_SPECIAL, 4);

    /// Views a buffer of raw value bits as values (no copy).
    pub fn slice_from_bits(bits: &[u64]) -> &[Value] {
        // SAFETY: Value is repr(transparent) over u64, and every u64 is a Value's bits (an
        // arbitrary bit pattern decodes to some value; no invariant is broken).
        unsafe { std::slice::from_raw_parts(bits.as_ptr() as *const Value, bits.len()) }
    }

    const fn tagged(tag: u64, payload: u64) -> Value {
        Value((tag << TAG_SHIFT) | payload)
    }

    fn tag(self) -> u64 {
        self.0 >> TAG_SHIFT
    }

    /// The raw 64 bits (for hashing and the backends).
    pub fn bits(self) -> u64 {
        self.0
    }

    /// Rebuilds a value from `bits()`.
    pub fn from_bits(bits: u64) -> Value {
        Value(bits)
    }

    /// An int32 number.
    pub fn int(i: i32) -> Value {
        Value::tagged(TAG_INT, i as u32 as u64)
    }

    /// A number in double representation (NaN canonicalized).
    pub fn double(x: f64) -> Value {
        if x.is_nan() {
            Value(CANONICAL_NAN)
        } else {
            Value(x.to_bits())
        }
    }

    /// A number, in int32 representation when it is an int32 (and not `-0`).
    pub fn number(x: f64) -> Value {
        Value(ir::tagged::from_number(x))
    }

    /// A boolean.
    pub fn bool(b: bool) -> Value {
        if b {
            Value::TRUE
        } else {
            Value::FALSE
        }
    }

    /// A reference to a plain object.
    pub fn object(o: ObjectId) -> Value {
        Value::tagged(TAG_OBJECT, o.0 as u64)
    }

    /// A reference to an array.
    pub fn array(a: ArrayId) -> Value {
        Value::tagged(TAG_ARRAY, a.0 as u64)
    }

    /// A reference to a string.
    pub fn string(s: StringId) -> Value {
        Value::tagged(TAG_STRING, s.0 as u64)
    }

    /// The canonical function object of bytecode function `f`: the one a top-level function
    /// declaration is bound to (closure instance 0, whose payload is the function id, so the
    /// compilers can call it as a constant).
    pub fn function(f: FuncId) -> Value {
        Value::tagged(TAG_FUNCTION, f.0 as u64)
    }

    /// A closure of bytecode function `f`: instance `instance` (≥ 1) of `Heap::closures`,
    /// made by `CreateClosure`. The payload holds both: the function in the low
    /// [`ir::tagged::FUNCTION_ID_BITS`] bits, the instance above them.
    pub fn closure(f: FuncId, instance: u32) -> Value {
        Value::tagged(TAG_FUNCTION, ((instance as u64) << ir::tagged::FUNCTION_ID_BITS) | f.0 as u64)
    }

    /// The closure instance of a function value (0 for a canonical function object and for
    /// every other value).
    pub fn closure_instance(self) -> u32 {
        ir::tagged::closure_instance(self.0) as u32
    }

    /// A builtin function.
    pub fn builtin(b: BuiltinId) -> Value {
        Value::tagged(TAG_BUILTIN, b.0 as u64)
    }

    /// Decodes the value.
    #[inline]
    pub fn decode(self) -> Decoded {
        if self.0 < (TAG_INT << TAG_SHIFT) {
            return Decoded::Double(f64::from_bits(self.0));
        }
        let payload = self.0 & PAYLOAD_MASK;
        match self.tag() {
            TAG_INT => Decoded::Int(payload as u32 as i32),
            TAG_SPECIAL => match payload {
                0 => Decoded::Undefined,
                1 => Decoded::Null,
                2 => Decoded::Bool(false),
                3 => Decoded::Bool(true),
                _ => Decoded::Hole,
            },
            TAG_OBJECT => Decoded::Object(ObjectId(payload as u32)),
            TAG_ARRAY => Decoded::Array(ArrayId(payload as u32)),
            TAG_STRING => Decoded::String(StringId(payload as u32)),
            TAG_FUNCTION => Decoded::Function(FuncId((payload & ir::tagged::FUNCTION_ID_MASK) as u32)),
            _ => Decoded::Builtin(BuiltinId(payload as u32)),
        }
    }

    /// The int32 payload, if this is an int32 number.
    #[inline]
    pub fn as_int(self) -> Option<i32> {
        (self.tag() == TAG_INT).then_some(self.0 as u32 as i32)
    }

    /// The numeric value, if this is a number in either representation.
    #[inline]
    pub fn as_number(self) -> Option<f64> {
        if self.0 < (TAG_INT << TAG_SHIFT) {
            Some(f64::from_bits(self.0))
        } else if self.tag() == TAG_INT {
            Some(self.0 as u32 as i32 as f64)
        } else {
            None
        }
    }

    /// True if this is a number (int32 or double).
    #[inline]
    pub fn is_number(self) -> bool {
        self.0 < (TAG_SPECIAL << TAG_SHIFT)
    }

    /// True for the hole.
    pub fn is_hole(self) -> bool {
        self == Value::HOLE
    }

    /// True for `undefined` or `null`.
    pub fn is_nullish(self) -> bool {
        self == Value::UNDEFINED || self == Value::NULL
    }

    /// True for objects, arrays and functions (builtins included): JavaScript's Object type,
    /// what a constructor may return instead of `this` and what a prototype may be.
    pub fn is_object(self) -> bool {
        matches!(self.decode(), Decoded::Object(_) | Decoded::Array(_) | Decoded::Function(_) | Decoded::Builtin(_))
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.decode())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_kind() {
        assert_eq!(Value::int(-5).decode(), Decoded::Int(-5));
        assert_eq!(Value::int(i32::MIN).as_int(), Some(i32::MIN));
        assert_eq!(Value::double(1.5).decode(), Decoded::Double(1.5));
        assert_eq!(Value::double(-0.0).as_number().map(|x| x.to_bits()), Some((-0.0f64).to_bits()));
        assert!(matches!(Value::double(f64::NAN).decode(), Decoded::Double(x) if x.is_nan()));
        let neg_nan = f64::from_bits(0xFFFF_0000_0000_0001);
        assert!(matches!(Value::double(neg_nan).decode(), Decoded::Double(x) if x.is_nan()));
        assert_eq!(Value::double(f64::NEG_INFINITY).as_number(), Some(f64::NEG_INFINITY));
        assert_eq!(Value::UNDEFINED.decode(), Decoded::Undefined);
        assert_eq!(Value::NULL.decode(), Decoded::Null);
        assert_eq!(Value::TRUE.decode(), Decoded::Bool(true));
        assert_eq!(Value::HOLE.decode(), Decoded::Hole);
        assert_eq!(Value::object(ObjectId(7)).decode(), Decoded::Object(ObjectId(7)));
        assert_eq!(Value::array(ArrayId(8)).decode(), Decoded::Array(ArrayId(8)));
        assert_eq!(Value::string(StringId(9)).decode(), Decoded::String(StringId(9)));
        assert_eq!(Value::function(FuncId(3)).decode(), Decoded::Function(FuncId(3)));
        assert_eq!(Value::function(FuncId(3)).closure_instance(), 0);
        let c = Value::closure(FuncId(3), 17);
        assert_eq!((c.decode(), c.closure_instance()), (Decoded::Function(FuncId(3)), 17));
        assert_ne!(c, Value::closure(FuncId(3), 18));
        assert_eq!(Value::builtin(BuiltinId(2)).decode(), Decoded::Builtin(BuiltinId(2)));
    }

    #[test]
    fn number_picks_int32_only_for_int32_values() {
        assert_eq!(Value::number(3.0).as_int(), Some(3));
        assert_eq!(Value::number(-0.0).as_int(), None);
        assert_eq!(Value::number(2147483648.0).as_int(), None);
        assert_eq!(Value::number(0.5).as_int(), None);
        assert!(Value::number(1e300).is_number());
        assert!(!Value::UNDEFINED.is_number());
    }
}
