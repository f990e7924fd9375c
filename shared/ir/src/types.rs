//! The one type lattice both optimizing pipelines use.
//!
//! A [`Type`] is a set of JavaScript values. The lattice is modelled on V8's TurboFan types
//! (bitsets plus an integer range) but is built so that union and intersection are true
//! lattice operations (commutative, associative, absorbing), which makes fixed points and
//! A/B comparisons between the sea-of-nodes typer and the CFG type inference reproducible.
//!
//! # Numbers
//!
//! The doubles are cut into disjoint *atoms*:
//!
//! | atom              | values                                        |
//! |-------------------|-----------------------------------------------|
//! | `LargeNegative`   | integers below −2³¹, and −∞                    |
//! | `OtherSigned32`   | integers in [−2³¹, −2³⁰ − 1]                   |
//! | `Negative31`      | integers in [−2³⁰, −1]                         |
//! | `Unsigned30`      | integers in [0, 2³⁰ − 1]                       |
//! | `OtherUnsigned31` | integers in [2³⁰, 2³¹ − 1]                     |
//! | `OtherUnsigned32` | integers in [2³¹, 2³² − 1]                     |
//! | `LargePositive`   | integers above 2³² − 1, and +∞                 |
//! | `Fraction`        | finite doubles that are not integers           |
//! | `MinusZero`       | −0                                            |
//! | `NaN`             | NaN                                           |
//!
//! "Integer" always means an integral double or ±∞, as in V8's `kInteger`; +0 is an integer,
//! −0 is not (it has its own atom). The seven integer atoms are consecutive intervals of the
//! number line. A type holds a set of integer atoms *and* one integer interval `[lo, hi]`
//! that clips them: its integers are the members of its integer atoms that lie in
//! `[lo, hi]`. The interval is kept reduced (both ends lie in atoms the type has, and every
//! atom the type has meets the interval), which makes the representation unique: two types
//! are `==` exactly when they denote the same set. Consequences:
//!
//! * a range such as `Range(0, 10)` is the atom `Unsigned30` clipped to `[0, 10]`; a range
//!   inside int32 therefore carries the right `Signed32`/`Unsigned32` atoms, so
//!   `Range(0, 10).is(UNSIGNED32)` is a plain set inclusion;
//! * ranges are only formed for integers (like V8). Bounds may be any integral double or ±∞;
//!   an infinite bound includes that infinity. Above 2⁵³ every double is an integer, so a
//!   range such as `Range(0, 2^60)` is still exact;
//! * non-integral numbers are the `Fraction` atom, without bounds: `constant(0.5)` is
//!   `Fraction`. V8's `OtherNumber` (non-integral, or outside int32 ∪ uint32) is the union
//!   `LargeNegative | LargePositive | Fraction`;
//! * union joins the atom sets and takes the hull of the intervals; intersection meets both
//!   and is exact. Holes between atoms survive a union (`Negative32 | Unsigned30` does not
//!   contain `-1`), holes inside an atom do not (`Range(0, 1) ∪ Range(5, 6)` is
//!   `Range(0, 6)`).
//!
//! # Other values
//!
//! One bit each for `True`, `False` (together `Boolean`), `Undefined`, `Null`, `String`,
//! `Array`, `Function` and `Hole` (the array-hole marker). Plain objects are either "any plain
//! object" (`Object`) or a set of at most [`ShapeSet::MAX`] hidden-shape ids
//! (`Object{#3,#7}`); a union that would need more ids becomes `Object`. Shape ids are the
//! vm's `u32` shape numbers; they refine plain objects only (arrays and functions are typed by
//! their bit).
//!
//! # Text
//!
//! [`Type`] implements `Display` and `FromStr` with the same syntax (`None`, `Any`,
//! `Range(0, 10)`, `Signed32|NaN`, `Object{#3,#7}`, ...), so IR dumps can print and parse
//! types. [`op`] holds the operation typer (JS number semantics) and [`Type::widen`] the
//! loop-phi widening.
//!
//! ```
//! use ir::types::{op, Type};
//!
//! let i = Type::range(0.0, 10.0);
//! assert!(i.is(Type::UNSIGNED32) && !Type::NUMBER.is(Type::SIGNED32));
//! assert_eq!(op::number_add(i, Type::constant(1.0)).to_string(), "Range(1, 11)");
//! let q = op::number_divide(i, i);
//! assert_eq!(q.to_string(), "PlainNumber|NaN"); // 0 / 0
//! assert_eq!("Signed32|NaN".parse::<Type>(), Ok(Type::SIGNED32.union(Type::NAN)));
//! ```

#![warn(missing_docs)]

use std::hash::{Hash, Hasher};

pub mod op;
#[cfg(test)]
mod tests;
mod text;

pub use text::ParseTypeError;

/// Raw bit positions of the atoms; private so that callers only see canonical types.
mod bits {
    pub const LARGE_NEGATIVE: u32 = 1 << 0;
    pub const OTHER_SIGNED32: u32 = 1 << 1;
    pub const NEGATIVE31: u32 = 1 << 2;
    pub const UNSIGNED30: u32 = 1 << 3;
    pub const OTHER_UNSIGNED31: u32 = 1 << 4;
    pub const OTHER_UNSIGNED32: u32 = 1 << 5;
    pub const LARGE_POSITIVE: u32 = 1 << 6;
    /// All seven integer atoms.
    pub const INTEGER: u32 = 0x7f;
    pub const FRACTION: u32 = 1 << 7;
    pub const MINUS_ZERO: u32 = 1 << 8;
    pub const NAN: u32 = 1 << 9;
    pub const TRUE: u32 = 1 << 10;
    pub const FALSE: u32 = 1 << 11;
    pub const UNDEFINED: u32 = 1 << 12;
    pub const NULL: u32 = 1 << 13;
    pub const STRING: u32 = 1 << 14;
    /// Any plain object (a finite shape set lives in [`super::ShapeSet`] instead).
    pub const OBJECT: u32 = 1 << 15;
    pub const ARRAY: u32 = 1 << 16;
    pub const FUNCTION: u32 = 1 << 17;
    pub const HOLE: u32 = 1 << 18;
    pub const ALL: u32 = (1 << 19) - 1;

    pub const SIGNED32: u32 = OTHER_SIGNED32 | NEGATIVE31 | UNSIGNED30 | OTHER_UNSIGNED31;
    pub const UNSIGNED32: u32 = UNSIGNED30 | OTHER_UNSIGNED31 | OTHER_UNSIGNED32;
    pub const PLAIN_NUMBER: u32 = INTEGER | FRACTION;
    pub const NUMBER: u32 = PLAIN_NUMBER | MINUS_ZERO | NAN;
}

const TWO_30: f64 = 1073741824.0;
const TWO_31: f64 = 2147483648.0;
const TWO_32: f64 = 4294967296.0;

/// Smallest member of each integer atom, indexed by bit position.
const ATOM_MIN: [f64; 7] = [
    f64::NEG_INFINITY,
    -TWO_31,
    -TWO_30,
    0.0,
    TWO_30,
    TWO_31,
    TWO_32,
];
/// Largest member of each integer atom, indexed by bit position.
const ATOM_MAX: [f64; 7] = [
    -TWO_31 - 1.0,
    -TWO_30 - 1.0,
    -1.0,
    TWO_30 - 1.0,
    TWO_31 - 1.0,
    TWO_32 - 1.0,
    f64::INFINITY,
];

/// The integer atoms that meet the integer interval `[lo, hi]` (empty when `lo > hi`).
fn atoms_meeting(lo: f64, hi: f64) -> u32 {
    if lo > hi {
        return 0;
    }
    let mut out = 0;
    for i in 0..7 {
        if ATOM_MIN[i] <= hi && ATOM_MAX[i] >= lo {
            out |= 1 << i;
        }
    }
    out
}

/// Whether `x` is an integral double or an infinity (and not NaN).
fn is_integer_value(x: f64) -> bool {
    x.is_infinite() || (x.is_finite() && x.trunc() == x)
}

/// A set of at most [`ShapeSet::MAX`] plain-object shape ids, kept sorted and free of
/// duplicates so that equal sets compare equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ShapeSet {
    len: u8,
    ids: [u32; ShapeSet::MAX],
}

impl ShapeSet {
    /// The most shape ids a type tracks; a union needing more becomes "any plain object".
    pub const MAX: usize = 4;

    /// The empty set.
    pub const EMPTY: ShapeSet = ShapeSet {
        len: 0,
        ids: [0; ShapeSet::MAX],
    };

    /// Builds a set from ids (any order, duplicates allowed); `None` when there are more than
    /// [`ShapeSet::MAX`] distinct ids.
    pub fn from_ids(ids: &[u32]) -> Option<ShapeSet> {
        let mut set = ShapeSet::EMPTY;
        for &id in ids {
            if !set.insert(id) {
                return None;
            }
        }
        Some(set)
    }

    /// Adds one id; `false` (and no change) when the set is full and lacks `id`.
    fn insert(&mut self, id: u32) -> bool {
        let n = self.len as usize;
        let pos = match self.ids[..n].binary_search(&id) {
            Ok(_) => return true,
            Err(pos) => pos,
        };
        if n == ShapeSet::MAX {
            return false;
        }
        self.ids.copy_within(pos..n, pos + 1);
        self.ids[pos] = id;
        self.len += 1;
        true
    }

    /// The ids, ascending.
    pub fn as_slice(&self) -> &[u32] {
        &self.ids[..self.len as usize]
    }

    /// Number of ids.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the set has no ids.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `id` is in the set.
    pub fn contains(&self, id: u32) -> bool {
        self.as_slice().binary_search(&id).is_ok()
    }

    /// Union; `None` when it would exceed [`ShapeSet::MAX`] ids.
    fn union(self, other: ShapeSet) -> Option<ShapeSet> {
        let mut out = self;
        for &id in other.as_slice() {
            if !out.insert(id) {
                return None;
            }
        }
        Some(out)
    }

    /// Intersection.
    fn intersect(self, other: ShapeSet) -> ShapeSet {
        let mut out = ShapeSet::EMPTY;
        for &id in self.as_slice() {
            if other.contains(id) {
                out.insert(id);
            }
        }
        out
    }
}

impl std::fmt::Debug for ShapeSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.as_slice()).finish()
    }
}

/// A set of JavaScript values: an element of the shared type lattice (see the module docs).
///
/// `Type` is `Copy`, canonical (`==` is set equality) and hashable, so it can sit in node
/// and op tables and in value-numbering keys.
#[derive(Clone, Copy, PartialEq)]
pub struct Type {
    /// Atoms and value-kind bits (`bits::*`).
    bits: u32,
    /// Integer interval clipping the integer atoms; `0.0, 0.0` when there are none. Never -0.
    lo: f64,
    hi: f64,
    /// Plain-object shapes when `bits` lacks `OBJECT`; empty otherwise.
    shapes: ShapeSet,
}

impl Eq for Type {}

impl Hash for Type {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bits.hash(state);
        self.lo.to_bits().hash(state);
        self.hi.to_bits().hash(state);
        self.shapes.hash(state);
    }
}

impl Default for Type {
    /// The empty type, [`Type::NONE`].
    fn default() -> Type {
        Type::NONE
    }
}

impl std::fmt::Debug for Type {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self}")
    }
}

impl Type {
    /// A canonical type from bits alone: the integer interval is the hull of the integer atoms.
    const fn from_bits(bits: u32) -> Type {
        let int = bits & bits::INTEGER;
        let (lo, hi) = if int == 0 {
            (0.0, 0.0)
        } else {
            (
                ATOM_MIN[int.trailing_zeros() as usize],
                ATOM_MAX[31 - int.leading_zeros() as usize],
            )
        };
        Type {
            bits,
            lo,
            hi,
            shapes: ShapeSet::EMPTY,
        }
    }

    /// Builds the canonical form of `bits` with integers clipped to `[lo, hi]` (integral or
    /// infinite bounds, never NaN) and the given plain-object shapes.
    fn make(bits: u32, lo: f64, hi: f64, shapes: ShapeSet) -> Type {
        let mut bits = bits & bits::ALL;
        let mut int = bits & bits::INTEGER;
        if int != 0 {
            int &= atoms_meeting(lo, hi);
        }
        let (lo, hi) = if int == 0 {
            (0.0, 0.0)
        } else {
            let first = int.trailing_zeros() as usize;
            let last = 31 - int.leading_zeros() as usize;
            // `+ 0.0` turns a -0 bound into +0 so that equal types have equal bits.
            (lo.max(ATOM_MIN[first]) + 0.0, hi.min(ATOM_MAX[last]) + 0.0)
        };
        bits = (bits & !bits::INTEGER) | int;
        let shapes = if bits & bits::OBJECT != 0 {
            ShapeSet::EMPTY
        } else {
            shapes
        };
        Type {
            bits,
            lo,
            hi,
            shapes,
        }
    }

    /// The empty type (no values; the bottom of the lattice).
    pub const NONE: Type = Type::from_bits(0);
    /// Every value (the top of the lattice).
    pub const ANY: Type = Type::from_bits(bits::ALL);

    /// Integers in [−2³⁰, −1].
    pub const NEGATIVE31: Type = Type::from_bits(bits::NEGATIVE31);
    /// Integers in [−2³¹, −2³⁰ − 1].
    pub const OTHER_SIGNED32: Type = Type::from_bits(bits::OTHER_SIGNED32);
    /// Integers in [−2³¹, −1].
    pub const NEGATIVE32: Type = Type::from_bits(bits::OTHER_SIGNED32 | bits::NEGATIVE31);
    /// Integers in [0, 2³⁰ − 1].
    pub const UNSIGNED30: Type = Type::from_bits(bits::UNSIGNED30);
    /// Integers in [2³⁰, 2³¹ − 1].
    pub const OTHER_UNSIGNED31: Type = Type::from_bits(bits::OTHER_UNSIGNED31);
    /// Integers in [0, 2³¹ − 1].
    pub const UNSIGNED31: Type = Type::from_bits(bits::UNSIGNED30 | bits::OTHER_UNSIGNED31);
    /// Integers in [−2³⁰, 2³⁰ − 1].
    pub const SIGNED31: Type = Type::from_bits(bits::NEGATIVE31 | bits::UNSIGNED30);
    /// The int32 values, [−2³¹, 2³¹ − 1].
    pub const SIGNED32: Type = Type::from_bits(bits::SIGNED32);
    /// Small integers; in seabed the same as [`Type::SIGNED32`].
    pub const SIGNED_SMALL: Type = Type::SIGNED32;
    /// Integers in [2³¹, 2³² − 1].
    pub const OTHER_UNSIGNED32: Type = Type::from_bits(bits::OTHER_UNSIGNED32);
    /// The uint32 values, [0, 2³² − 1].
    pub const UNSIGNED32: Type = Type::from_bits(bits::UNSIGNED32);
    /// int32 ∪ uint32: integers in [−2³¹, 2³² − 1].
    pub const INTEGRAL32: Type = Type::from_bits(bits::SIGNED32 | bits::UNSIGNED32);
    /// Every integral double and ±∞ (V8's `kInteger`, printed `Range(-inf, inf)`).
    pub const INTEGER: Type = Type::from_bits(bits::INTEGER);
    /// Finite doubles that are not integers.
    pub const FRACTION: Type = Type::from_bits(bits::FRACTION);
    /// Numbers that are not integral or lie outside int32 ∪ uint32 (±∞ included).
    pub const OTHER_NUMBER: Type =
        Type::from_bits(bits::LARGE_NEGATIVE | bits::LARGE_POSITIVE | bits::FRACTION);
    /// Every number except −0 and NaN.
    pub const PLAIN_NUMBER: Type = Type::from_bits(bits::PLAIN_NUMBER);
    /// −0.
    pub const MINUS_ZERO: Type = Type::from_bits(bits::MINUS_ZERO);
    /// NaN.
    pub const NAN: Type = Type::from_bits(bits::NAN);
    /// −0 or NaN.
    pub const MINUS_ZERO_OR_NAN: Type = Type::from_bits(bits::MINUS_ZERO | bits::NAN);
    /// int32 values or −0 (what a checked int32 operation may see as input).
    pub const SIGNED32_OR_MINUS_ZERO: Type = Type::from_bits(bits::SIGNED32 | bits::MINUS_ZERO);
    /// Every number except NaN.
    pub const ORDERED_NUMBER: Type = Type::from_bits(bits::PLAIN_NUMBER | bits::MINUS_ZERO);
    /// Every number, −0 and NaN included.
    pub const NUMBER: Type = Type::from_bits(bits::NUMBER);
    /// `true`.
    pub const TRUE: Type = Type::from_bits(bits::TRUE);
    /// `false`.
    pub const FALSE: Type = Type::from_bits(bits::FALSE);
    /// `true` or `false`.
    pub const BOOLEAN: Type = Type::from_bits(bits::TRUE | bits::FALSE);
    /// `undefined`.
    pub const UNDEFINED: Type = Type::from_bits(bits::UNDEFINED);
    /// `null`.
    pub const NULL: Type = Type::from_bits(bits::NULL);
    /// Every string.
    pub const STRING: Type = Type::from_bits(bits::STRING);
    /// Every plain (non-array, non-function) object, whatever its shape.
    pub const OBJECT: Type = Type::from_bits(bits::OBJECT);
    /// Every array.
    pub const ARRAY: Type = Type::from_bits(bits::ARRAY);
    /// Every function (closure).
    pub const FUNCTION: Type = Type::from_bits(bits::FUNCTION);
    /// Plain objects, arrays and functions.
    pub const RECEIVER: Type = Type::from_bits(bits::OBJECT | bits::ARRAY | bits::FUNCTION);
    /// The array-hole marker (reads as `undefined`).
    pub const HOLE: Type = Type::from_bits(bits::HOLE);
    /// Numbers, booleans, `undefined` and `null`: what a speculative number operation accepts.
    pub const NUMBER_OR_ODDBALL: Type =
        Type::from_bits(bits::NUMBER | bits::TRUE | bits::FALSE | bits::UNDEFINED | bits::NULL);
    /// Numbers, booleans, `undefined`, `null` and strings.
    pub const PRIMITIVE: Type = Type::from_bits(
        bits::NUMBER | bits::TRUE | bits::FALSE | bits::UNDEFINED | bits::NULL | bits::STRING,
    );

    /// The integers in `[min, max]` (non-integral bounds are rounded inwards; an infinite
    /// bound includes that infinity). [`Type::NONE`] when the interval holds no integer or a
    /// bound is NaN.
    pub fn range(min: f64, max: f64) -> Type {
        if min.is_nan() || max.is_nan() {
            return Type::NONE;
        }
        let (lo, hi) = (min.ceil(), max.floor());
        if lo > hi {
            return Type::NONE;
        }
        Type::make(bits::INTEGER, lo, hi, ShapeSet::EMPTY)
    }

    /// The type of one number: a one-element range for integers (±∞ included), `MinusZero`,
    /// `NaN`, or `Fraction` for a non-integral value (fractions carry no bounds).
    pub fn constant(value: f64) -> Type {
        if value.is_nan() {
            Type::NAN
        } else if value == 0.0 && value.is_sign_negative() {
            Type::MINUS_ZERO
        } else if is_integer_value(value) {
            Type::range(value, value)
        } else {
            Type::FRACTION
        }
    }

    /// Plain objects whose shape is one of `shapes`; [`Type::OBJECT`] when there are more
    /// than [`ShapeSet::MAX`] distinct ids, [`Type::NONE`] when there are none.
    pub fn object_with_shapes(shapes: &[u32]) -> Type {
        match ShapeSet::from_ids(shapes) {
            Some(set) => Type {
                shapes: set,
                ..Type::NONE
            },
            None => Type::OBJECT,
        }
    }

    /// Whether the type has no values.
    pub fn is_none(self) -> bool {
        self.bits == 0 && self.shapes.is_empty()
    }

    /// Whether the type is [`Type::ANY`].
    pub fn is_any(self) -> bool {
        self == Type::ANY
    }

    /// The least upper bound: every value of either type (the integer intervals are joined by
    /// their hull, shape sets by set union up to [`ShapeSet::MAX`] ids).
    pub fn union(self, other: Type) -> Type {
        let bits = self.bits | other.bits;
        let (lo, hi) = match (self.has_integers(), other.has_integers()) {
            (true, true) => (self.lo.min(other.lo), self.hi.max(other.hi)),
            (true, false) => (self.lo, self.hi),
            (false, true) => (other.lo, other.hi),
            (false, false) => (0.0, 0.0),
        };
        if bits & bits::OBJECT != 0 {
            return Type::make(bits, lo, hi, ShapeSet::EMPTY);
        }
        match self.shapes.union(other.shapes) {
            Some(shapes) => Type::make(bits, lo, hi, shapes),
            None => Type::make(bits | bits::OBJECT, lo, hi, ShapeSet::EMPTY),
        }
    }

    /// The greatest lower bound: exactly the values in both types.
    pub fn intersect(self, other: Type) -> Type {
        let bits = self.bits & other.bits;
        let (lo, hi) = (self.lo.max(other.lo), self.hi.min(other.hi));
        let shapes = match (self.any_object(), other.any_object()) {
            (true, true) => ShapeSet::EMPTY,
            (true, false) => other.shapes,
            (false, true) => self.shapes,
            (false, false) => self.shapes.intersect(other.shapes),
        };
        Type::make(bits, lo, hi, shapes)
    }

    /// Subtyping: whether every value of `self` is a value of `other`.
    pub fn is(self, other: Type) -> bool {
        self.intersect(other) == self
    }

    /// Whether `self` and `other` share at least one value.
    pub fn maybe(self, other: Type) -> bool {
        !self.intersect(other).is_none()
    }

    /// The type without the values of `other`, over-approximated where the lattice cannot
    /// express the hole (the result always contains `self \ other`, and is exact when
    /// `other` removes whole atoms, kinds or shapes).
    pub fn without(self, other: Type) -> Type {
        // Non-integer bits are whole atoms or kinds and can be removed exactly; plain objects
        // are handled through the shape sets below.
        let mut keep = self.bits & !(other.bits & !(bits::INTEGER | bits::OBJECT));
        // An integer atom goes when `other` covers its part inside `self`'s interval.
        for i in 0..7 {
            let atom = 1u32 << i;
            if self.bits & atom == 0 || other.bits & atom == 0 {
                continue;
            }
            let lo = self.lo.max(ATOM_MIN[i]);
            let hi = self.hi.min(ATOM_MAX[i]);
            if other.lo <= lo && hi <= other.hi {
                keep &= !atom;
            }
        }
        let mut shapes = self.shapes;
        if other.any_object() {
            keep &= !bits::OBJECT;
            shapes = ShapeSet::EMPTY;
        } else if !self.any_object() {
            let mut rest = ShapeSet::EMPTY;
            for &id in self.shapes.as_slice() {
                if !other.shapes.contains(id) {
                    rest.insert(id);
                }
            }
            shapes = rest;
        }
        Type::make(keep, self.lo, self.hi, shapes)
    }

    /// Whether the number `x` is a member (−0 and NaN are told apart from 0).
    pub fn contains_number(self, x: f64) -> bool {
        if x.is_nan() {
            return self.bits & bits::NAN != 0;
        }
        if x == 0.0 && x.is_sign_negative() {
            return self.bits & bits::MINUS_ZERO != 0;
        }
        if !is_integer_value(x) {
            return self.bits & bits::FRACTION != 0;
        }
        self.bits & atoms_meeting(x, x) != 0 && self.lo <= x && x <= self.hi
    }

    /// A lower bound of the ordered numbers in the type (−0 counts as 0, fractions as
    /// unbounded), exact for integer ranges; `None` when the type has no ordered number.
    pub fn min(self) -> Option<f64> {
        let mut out: Option<f64> = None;
        let mut add = |x: f64| out = Some(out.map_or(x, |m: f64| m.min(x)));
        if self.bits & bits::FRACTION != 0 {
            add(f64::NEG_INFINITY);
        }
        if self.has_integers() {
            add(self.lo);
        }
        if self.bits & bits::MINUS_ZERO != 0 {
            add(0.0);
        }
        out
    }

    /// An upper bound of the ordered numbers in the type (−0 counts as 0, fractions as
    /// unbounded), exact for integer ranges; `None` when the type has no ordered number.
    pub fn max(self) -> Option<f64> {
        let mut out: Option<f64> = None;
        let mut add = |x: f64| out = Some(out.map_or(x, |m: f64| m.max(x)));
        if self.bits & bits::FRACTION != 0 {
            add(f64::INFINITY);
        }
        if self.has_integers() {
            add(self.hi);
        }
        if self.bits & bits::MINUS_ZERO != 0 {
            add(0.0);
        }
        out
    }

    /// The integer interval `(lo, hi)` clipping the type's integers, `None` when the type has
    /// no integers. The integers are exactly those of the type's atoms inside it, so there may
    /// be holes at atom granularity (see the module docs).
    pub fn integer_bounds(self) -> Option<(f64, f64)> {
        self.has_integers().then_some((self.lo, self.hi))
    }

    /// The single number the type holds, if it holds exactly one value and that value is a
    /// number (an integer, −0 or NaN; a lone fraction is not representable).
    pub fn as_constant(self) -> Option<f64> {
        if !self.shapes.is_empty() {
            return None;
        }
        match self.bits {
            bits::NAN => Some(f64::NAN),
            bits::MINUS_ZERO => Some(-0.0),
            b if b != 0 && b & !bits::INTEGER == 0 && self.lo == self.hi => Some(self.lo),
            _ => None,
        }
    }

    /// The plain-object part: `Some(set)` for a finite, non-empty shape set; `None` when the
    /// type has no plain objects or admits any plain object (test with
    /// `t.maybe(Type::OBJECT)` / `Type::OBJECT.is(t)`).
    pub fn shape_set(self) -> Option<ShapeSet> {
        (!self.shapes.is_empty()).then_some(self.shapes)
    }

    /// Loop-phi widening, after V8's typer: `old` is the phi's previous type, `new` the freshly
    /// computed one. When an integer bound moved since `old`, it jumps to the next entry of a
    /// fixed ladder (0, ±2³⁰, ±2³¹, ±2³², ±2⁵³, ±∞), so iterating a loop body reaches a fixed
    /// point in a bounded number of steps. The result contains both `old` and `new`.
    pub fn widen(old: Type, new: Type) -> Type {
        const MIN_LADDER: [f64; 6] = [
            0.0,
            -TWO_30,
            -TWO_31,
            -TWO_32,
            -9007199254740992.0,
            f64::NEG_INFINITY,
        ];
        const MAX_LADDER: [f64; 6] = [
            0.0,
            TWO_30 - 1.0,
            TWO_31 - 1.0,
            TWO_32 - 1.0,
            9007199254740992.0,
            f64::INFINITY,
        ];
        let joined = old.union(new);
        if !old.has_integers() || !joined.has_integers() {
            return joined;
        }
        let mut lo = joined.lo;
        if lo < old.lo {
            lo = MIN_LADDER
                .iter()
                .copied()
                .find(|&l| l <= lo)
                .unwrap_or(f64::NEG_INFINITY);
        }
        let mut hi = joined.hi;
        if hi > old.hi {
            hi = MAX_LADDER
                .iter()
                .copied()
                .find(|&l| l >= hi)
                .unwrap_or(f64::INFINITY);
        }
        joined.union(Type::range(lo, hi))
    }

    /// Whether any integer atom is present.
    fn has_integers(self) -> bool {
        self.bits & bits::INTEGER != 0
    }

    /// Whether the type admits every plain object.
    fn any_object(self) -> bool {
        self.bits & bits::OBJECT != 0
    }

    /// Whether the type has any plain object (any, or from a shape set).
    fn has_objects(self) -> bool {
        self.any_object() || !self.shapes.is_empty()
    }
}
