//! The NaN-boxed encoding of JavaScript values, shared by the vm (which defines `Value` on
//! top of it) and the backends (which tag, untag and test values in compiled code).
//!
//! Doubles are stored as themselves, every NaN canonicalized to [`CANONICAL_NAN`]; every other
//! value lives in the negative quiet-NaN space with a 16-bit tag in the top bits and a 48-bit
//! payload.

/// Bits the tag is shifted by.
pub const TAG_SHIFT: u32 = 48;
/// Mask of the payload bits.
pub const PAYLOAD_MASK: u64 = (1 << TAG_SHIFT) - 1;
/// Tag of int32 numbers (payload: the 32 bits).
pub const TAG_INT: u64 = 0xFFF9;
/// Tag of `undefined`, `null`, booleans and the hole (payload: [`Special`]).
pub const TAG_SPECIAL: u64 = 0xFFFA;
/// Tag of plain objects (payload: object index).
pub const TAG_OBJECT: u64 = 0xFFFB;
/// Tag of arrays (payload: array index).
pub const TAG_ARRAY: u64 = 0xFFFC;
/// Tag of strings (payload: string index).
pub const TAG_STRING: u64 = 0xFFFD;
/// Tag of function objects of bytecode functions (payload: closure instance above
/// [`FUNCTION_ID_BITS`], function id below; instance 0 is the function's canonical object).
pub const TAG_FUNCTION: u64 = 0xFFFE;
/// Bits of a function value's payload that hold the function id.
pub const FUNCTION_ID_BITS: u32 = 24;
/// Mask of the function id in a function value's payload.
pub const FUNCTION_ID_MASK: u64 = (1 << FUNCTION_ID_BITS) - 1;
/// Mask of a function value's tag and function id (every bit but the closure instance).
pub const FUNCTION_OF_MASK: u64 = (0xFFFF << TAG_SHIFT) | FUNCTION_ID_MASK;
/// Tag of builtin functions (payload: builtin id).
pub const TAG_BUILTIN: u64 = 0xFFFF;
/// The one NaN bit pattern a value may hold.
pub const CANONICAL_NAN: u64 = 0x7FF8_0000_0000_0000;

/// Tags a payload.
pub const fn tagged(tag: u64, payload: u64) -> u64 {
    (tag << TAG_SHIFT) | payload
}

/// `undefined`
pub const UNDEFINED: u64 = tagged(TAG_SPECIAL, 0);
/// `null`
pub const NULL: u64 = tagged(TAG_SPECIAL, 1);
/// `false`
pub const FALSE: u64 = tagged(TAG_SPECIAL, 2);
/// `true`
pub const TRUE: u64 = tagged(TAG_SPECIAL, 3);
/// The hole (absent element, uninitialized binding).
pub const HOLE: u64 = tagged(TAG_SPECIAL, 4);

/// The bits of an int32 number.
pub const fn from_int32(i: i32) -> u64 {
    tagged(TAG_INT, i as u32 as u64)
}

/// The bits of a double number (NaN canonicalized).
pub fn from_f64(x: f64) -> u64 {
    if x.is_nan() {
        CANONICAL_NAN
    } else {
        x.to_bits()
    }
}

/// The bits of a boolean.
pub const fn from_bool(b: bool) -> u64 {
    if b {
        TRUE
    } else {
        FALSE
    }
}

/// The tag of a value (doubles have tags below [`TAG_INT`]).
pub const fn tag_of(bits: u64) -> u64 {
    bits >> TAG_SHIFT
}

/// True if `bits` is a function object of bytecode function `func`: any closure instance,
/// or the canonical object (`IsClosureOf`).
pub const fn is_function_of(bits: u64, func: u32) -> bool {
    bits & FUNCTION_OF_MASK == tagged(TAG_FUNCTION, func as u64)
}

/// The closure instance of a function value: its index in the vm's closure table; 0 for a
/// canonical function object and for every value that is not a function (`ClosureContext`).
pub const fn closure_instance(bits: u64) -> u64 {
    if tag_of(bits) == TAG_FUNCTION {
        (bits & PAYLOAD_MASK) >> FUNCTION_ID_BITS
    } else {
        0
    }
}

/// True if the bits are an int32 number.
pub const fn is_int32(bits: u64) -> bool {
    tag_of(bits) == TAG_INT
}

/// True if the bits are a number (int32 or double).
pub const fn is_number(bits: u64) -> bool {
    bits < (TAG_SPECIAL << TAG_SHIFT)
}

/// The int32 payload (only meaningful if [`is_int32`]).
pub const fn to_int32(bits: u64) -> i32 {
    bits as u32 as i32
}

/// The numeric value of a number (only meaningful if [`is_number`]).
pub fn to_f64(bits: u64) -> f64 {
    if is_int32(bits) {
        to_int32(bits) as f64
    } else {
        f64::from_bits(bits)
    }
}

/// The destination and tagged value of a bytecode instruction that loads a constant other
/// than a constant-pool entry (`LoadInt`, `LoadUndefined`, `LoadNull`, `LoadBool`,
/// `LoadHole`, `LoadFunction`); every compiler's builder turns these into one tagged constant.
pub fn constant_load(instr: &frontend::bytecode::Instr) -> Option<(frontend::bytecode::Reg, u64)> {
    use frontend::bytecode::Instr;
    Some(match *instr {
        Instr::LoadInt { dst, value } => (dst, from_int32(value)),
        Instr::LoadUndefined { dst } => (dst, UNDEFINED),
        Instr::LoadNull { dst } => (dst, NULL),
        Instr::LoadBool { dst, value } => (dst, from_bool(value)),
        Instr::LoadHole { dst } => (dst, HOLE),
        Instr::LoadFunction { dst, func } => (dst, tagged(TAG_FUNCTION, func.0 as u64)),
        _ => return None,
    })
}

/// The bits of a number as the vm boxes it: an int32 when it is one (and not `-0`), else a
/// double.
pub fn from_number(x: f64) -> u64 {
    match jsnum::exact_int32(x) {
        Some(i) => from_int32(i),
        None => from_f64(x),
    }
}
