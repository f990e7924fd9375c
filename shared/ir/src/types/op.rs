//! The operation typer: result types of JavaScript number operations, as pure functions on
//! [`Type`]s, in the spirit of V8's `OperationTyper`.
//!
//! Every function is sound for JS semantics: whenever concrete inputs are members of the
//! argument types, the concrete JS result is a member of the returned type. Inputs are first
//! converted with [`to_number`] (the identity on number types), so the `number_*` functions
//! accept any type. An empty input gives [`Type::NONE`]. When all inputs are single numbers the
//! result is folded to the exact constant.
//!
//! Integer ranges propagate precisely through `+ - *`, the bitwise operations, shifts and the
//! rounding functions; a range that leaves int32 stays a range of integers (bounds may grow to
//! ±∞). −0 and NaN appear in a result only when the operation can produce them from members of
//! the inputs (up to the documented over-approximations).

use super::{bits, Type, TWO_31, TWO_32};

/// A closed interval of doubles, `(lo, hi)`.
type Interval = (f64, f64);

/// 2⁵²: every finite double of at least this magnitude is an integer, so fractions lie
/// strictly between −2⁵² and 2⁵².
const TWO_52: f64 = 4503599627370496.0;

fn zero() -> Type {
    Type::range(0.0, 0.0)
}

fn has(t: Type, b: u32) -> bool {
    t.bits & b != 0
}

fn maybe_nan(t: Type) -> bool {
    has(t, bits::NAN)
}

fn maybe_minus_zero(t: Type) -> bool {
    has(t, bits::MINUS_ZERO)
}

fn maybe_zero(t: Type) -> bool {
    t.contains_number(0.0)
}

fn zeroish(t: Type) -> bool {
    maybe_zero(t) || maybe_minus_zero(t)
}

fn maybe_infinity(t: Type) -> bool {
    t.contains_number(f64::INFINITY) || t.contains_number(f64::NEG_INFINITY)
}

/// The plain numbers (no −0, no NaN) of `t`.
fn plain(t: Type) -> Type {
    t.intersect(Type::PLAIN_NUMBER)
}

/// The ordered numbers of `t` with −0 replaced by 0 (for bounds and magnitudes).
fn ordered(t: Type) -> Type {
    let p = plain(t);
    if maybe_minus_zero(t) {
        p.union(zero())
    } else {
        p
    }
}

/// Whether the plain part of `t` has a value below 0 (−∞ included).
fn has_negative(t: Type) -> bool {
    plain(t).min().is_some_and(|m| m < 0.0)
}

/// Whether the plain part of `t` has a value above 0 (+∞ included).
fn has_positive(t: Type) -> bool {
    plain(t).max().is_some_and(|m| m > 0.0)
}

/// Integer bounds of a plain type without fractions; `None` when it has fractions or is
/// empty.
fn int_bounds(p: Type) -> Option<(f64, f64)> {
    if has(p, bits::FRACTION) {
        None
    } else {
        p.integer_bounds()
    }
}

/// The finite integers of `t`.
fn finite_integers(t: Type) -> Type {
    t.intersect(Type::range(-f64::MAX, f64::MAX))
}

fn fold1(t: Type, f: impl Fn(f64) -> f64) -> Option<Type> {
    t.as_constant().map(|x| Type::constant(f(x)))
}

fn fold2(a: Type, b: Type, f: impl Fn(f64, f64) -> f64) -> Option<Type> {
    match (a.as_constant(), b.as_constant()) {
        (Some(x), Some(y)) => Some(Type::constant(f(x, y))),
        _ => None,
    }
}

/// Converts both inputs to numbers; `None` when either is empty.
fn numbers(a: Type, b: Type) -> Option<(Type, Type)> {
    let (a, b) = (to_number(a), to_number(b));
    (!a.is_none() && !b.is_none()).then_some((a, b))
}

/// The result type of ToNumber: numbers stay, `true` is 1, `false` and `null` are 0,
/// `undefined` and the hole are NaN, strings and objects may become any number.
pub fn to_number(t: Type) -> Type {
    let mut r = t.intersect(Type::NUMBER);
    if has(t, bits::TRUE) {
        r = r.union(Type::constant(1.0));
    }
    if has(t, bits::FALSE | bits::NULL) {
        r = r.union(zero());
    }
    if has(t, bits::UNDEFINED | bits::HOLE) {
        r = r.union(Type::NAN);
    }
    if has(t, bits::STRING | bits::ARRAY | bits::FUNCTION) || t.has_objects() {
        r = r.union(Type::NUMBER);
    }
    r
}

/// The result type of a speculative number conversion (V8's `SpeculativeToNumber`): values
/// outside [`Type::NUMBER_OR_ODDBALL`] fail the speculation, so only the rest is converted.
pub fn speculative_to_number(t: Type) -> Type {
    to_number(t.intersect(Type::NUMBER_OR_ODDBALL))
}

/// The result type of ToBoolean: [`Type::TRUE`], [`Type::FALSE`] or [`Type::BOOLEAN`]
/// (the hole counts as `undefined`, i.e. falsy).
pub fn to_boolean(t: Type) -> Type {
    let p = plain(t);
    let can_false = maybe_zero(t)
        || has(
            t,
            bits::MINUS_ZERO | bits::NAN | bits::FALSE | bits::UNDEFINED | bits::NULL,
        )
        || has(t, bits::HOLE | bits::STRING);
    let can_true = (!p.is_none() && p.as_constant() != Some(0.0))
        || has(t, bits::TRUE | bits::STRING | bits::ARRAY | bits::FUNCTION)
        || t.has_objects();
    boolean(can_true, can_false)
}

pub(crate) fn boolean(can_true: bool, can_false: bool) -> Type {
    match (can_true, can_false) {
        (true, true) => Type::BOOLEAN,
        (true, false) => Type::TRUE,
        (false, true) => Type::FALSE,
        (false, false) => Type::NONE,
    }
}

/// Extremes of `f` over the corners of two intervals; NaN corners are reported separately.
fn corners(a: Interval, b: Interval, f: impl Fn(f64, f64) -> f64) -> (Option<Interval>, bool) {
    let mut out: Option<Interval> = None;
    let mut nan = false;
    for x in [a.0, a.1] {
        for y in [b.0, b.1] {
            let z = f(x, y);
            if z.is_nan() {
                nan = true;
            } else {
                out = Some(out.map_or((z, z), |(lo, hi)| (lo.min(z), hi.max(z))));
            }
        }
    }
    (out, nan)
}

/// `a + b` on numbers.
pub fn number_add(a: Type, b: Type) -> Type {
    let Some((a, b)) = numbers(a, b) else {
        return Type::NONE;
    };
    if let Some(t) = fold2(a, b, |x, y| x + y) {
        return t;
    }
    let mut r = Type::NONE;
    if maybe_nan(a) || maybe_nan(b) {
        r = r.union(Type::NAN);
    }
    // Under round-to-nearest a sum is −0 only when both addends are −0.
    if maybe_minus_zero(a) && maybe_minus_zero(b) {
        r = r.union(Type::MINUS_ZERO);
    }
    let (pa, pb) = (plain(a), plain(b));
    // −0 is the identity of addition: −0 + y is y for every other y.
    if maybe_minus_zero(a) {
        r = r.union(pb);
    }
    if maybe_minus_zero(b) {
        r = r.union(pa);
    }
    if pa.is_none() || pb.is_none() {
        return r;
    }
    match (int_bounds(pa), int_bounds(pb)) {
        (Some(x), Some(y)) => {
            // Sums of integers are integers (or ±∞); f64 addition is monotone, so the
            // extremes sit at the corners. A NaN corner is ∞ + (−∞).
            let (range, nan) = corners(x, y, |p, q| p + q);
            if let Some((lo, hi)) = range {
                r = r.union(Type::range(lo, hi));
            }
            if nan {
                r = r.union(Type::NAN);
            }
        }
        _ => {
            r = r.union(Type::PLAIN_NUMBER);
            let opposite_infinities = (pa.contains_number(f64::NEG_INFINITY)
                && pb.contains_number(f64::INFINITY))
                || (pa.contains_number(f64::INFINITY) && pb.contains_number(f64::NEG_INFINITY));
            if opposite_infinities {
                r = r.union(Type::NAN);
            }
        }
    }
    r
}

/// `-a` on numbers (0 becomes −0 and −0 becomes 0).
pub fn number_negate(a: Type) -> Type {
    let a = to_number(a);
    if a.is_none() {
        return Type::NONE;
    }
    if let Some(t) = fold1(a, |x| -x) {
        return t;
    }
    let mut r = a.intersect(Type::from_bits(bits::NAN | bits::FRACTION));
    if maybe_minus_zero(a) {
        r = r.union(zero());
    }
    if maybe_zero(a) {
        r = r.union(Type::MINUS_ZERO);
    }
    if let Some((lo, hi)) = a.integer_bounds() {
        // Negated integers other than 0 (which became −0 above).
        let (lo, hi) = (-hi, -lo);
        let piece = if lo == 0.0 {
            Type::range(1.0, hi)
        } else if hi == 0.0 {
            Type::range(lo, -1.0)
        } else {
            Type::range(lo, hi)
        };
        r = r.union(piece);
    }
    r
}

/// `a - b` on numbers (IEEE subtraction is addition of the negation, signed zeros included).
pub fn number_subtract(a: Type, b: Type) -> Type {
    let Some((a, b)) = numbers(a, b) else {
        return Type::NONE;
    };
    if let Some(t) = fold2(a, b, |x, y| x - y) {
        return t;
    }
    number_add(a, number_negate(b))
}

/// `a * b` on numbers.
pub fn number_multiply(a: Type, b: Type) -> Type {
    let Some((a, b)) = numbers(a, b) else {
        return Type::NONE;
    };
    if let Some(t) = fold2(a, b, |x, y| x * y) {
        return t;
    }
    let mut r = Type::NONE;
    // NaN propagates, and 0 × ∞ is NaN.
    let nan = maybe_nan(a)
        || maybe_nan(b)
        || (zeroish(a) && maybe_infinity(b))
        || (zeroish(b) && maybe_infinity(a));
    if nan {
        r = r.union(Type::NAN);
    }
    let (pa, pb) = (plain(a), plain(b));
    // −0 comes from a zero times an operand of the other sign, or from the underflow of a
    // product of two fractions of opposite signs.
    let nonnegative = |p: Type| p.max().is_some_and(|m| m >= 0.0);
    let minus_zero = (maybe_zero(a) && has_negative(b))
        || (maybe_zero(b) && has_negative(a))
        || (maybe_minus_zero(a) && nonnegative(pb))
        || (maybe_minus_zero(b) && nonnegative(pa))
        || (has(pa, bits::FRACTION) && has(pb, bits::FRACTION));
    if minus_zero {
        r = r.union(Type::MINUS_ZERO);
    }
    // −0 times a negative number or −0 is +0.
    if (maybe_minus_zero(a) && (has_negative(b) || maybe_minus_zero(b)))
        || (maybe_minus_zero(b) && has_negative(a))
    {
        r = r.union(zero());
    }
    if pa.is_none() || pb.is_none() {
        return r;
    }
    match (int_bounds(pa), int_bounds(pb)) {
        (Some(x), Some(y)) => {
            // f64 multiplication is monotone in each argument for a fixed sign of the other,
            // so without 0 × ∞ the extremes sit at the corners; with it, give up on bounds.
            let (range, nan) = corners(x, y, |p, q| p * q);
            match range {
                Some((lo, hi)) if !nan => r = r.union(Type::range(lo, hi)),
                _ => r = r.union(Type::INTEGER),
            }
        }
        _ => r = r.union(Type::PLAIN_NUMBER),
    }
    r
}

/// `a / b` on numbers: plain numbers (division leaves the integers), −0 and NaN tracked.
pub fn number_divide(a: Type, b: Type) -> Type {
    let Some((a, b)) = numbers(a, b) else {
        return Type::NONE;
    };
    if let Some(t) = fold2(a, b, |x, y| x / y) {
        return t;
    }
    let mut r = Type::NONE;
    // NaN: propagated, 0 / 0, or ∞ / ∞.
    if maybe_nan(a)
        || maybe_nan(b)
        || (zeroish(a) && zeroish(b))
        || (maybe_infinity(a) && maybe_infinity(b))
    {
        r = r.union(Type::NAN);
    }
    let (pa, pb) = (plain(a), plain(b));
    // −0: a zero over an operand of the other sign, a finite value over an infinity of the
    // other sign, or a tiny fraction underflowing.
    let minus_zero = (maybe_zero(a) && has_negative(b))
        || (maybe_minus_zero(a) && has_positive(b))
        || (has_negative(a) && b.contains_number(f64::INFINITY))
        || (has_positive(a) && b.contains_number(f64::NEG_INFINITY))
        || (has(pa, bits::FRACTION) && !pb.is_none());
    if minus_zero {
        r = r.union(Type::MINUS_ZERO);
    }
    let (oa, ob) = (ordered(a), ordered(b));
    if oa.is_none() || ob.is_none() {
        return r;
    }
    if oa.is(zero()) {
        // ±0 divided by something: +0 when the signs agree (the other cases are −0 or NaN).
        if (maybe_zero(a) && has_positive(b)) || (maybe_minus_zero(a) && has_negative(b)) {
            r = r.union(zero());
        }
    } else {
        r = r.union(Type::PLAIN_NUMBER);
    }
    r
}

/// `a % b` on numbers (the sign follows the dividend; `x % 0` and `∞ % y` are NaN).
pub fn number_modulus(a: Type, b: Type) -> Type {
    let Some((a, b)) = numbers(a, b) else {
        return Type::NONE;
    };
    if let Some(t) = fold2(a, b, jsnum::remainder) {
        return t;
    }
    let mut r = Type::NONE;
    if maybe_nan(a) || maybe_nan(b) || zeroish(b) || maybe_infinity(a) {
        r = r.union(Type::NAN);
    }
    // Finite dividends (an infinite one gives NaN) and divisors other than ±0.
    let pa = plain(a).intersect(Type::FRACTION.union(finite_integers(a)));
    let pb = plain(b);
    let divisor_nonzero = !pb.is_none() && pb.as_constant() != Some(0.0);
    if maybe_minus_zero(a) && divisor_nonzero {
        // −0 % y is −0 for every y other than ±0 and NaN.
        r = r.union(Type::MINUS_ZERO);
    }
    if pa.is_none() || !divisor_nonzero {
        return r;
    }
    match (int_bounds(pa), int_bounds(pb)) {
        (Some((al, ah)), Some((bl, bh))) => {
            let la = al.abs().max(ah.abs());
            let rmax = bl.abs().max(bh.abs());
            // Smallest |y| over the non-zero integer divisors.
            let rmin = if bl > 0.0 {
                bl
            } else if bh < 0.0 {
                -bh
            } else {
                1.0
            };
            if la < rmin {
                // Every |x| is below every |y|: x % y is x itself.
                return r.union(pa);
            }
            // A negative dividend may leave a zero remainder, which is then −0.
            if al < 0.0 {
                r = r.union(Type::MINUS_ZERO);
            }
            let m = la.min(rmax - 1.0);
            let range = if al >= 0.0 {
                Type::range(0.0, m)
            } else if ah <= 0.0 {
                Type::range(-m, 0.0)
            } else {
                Type::range(-m, m)
            };
            r.union(range)
        }
        _ => {
            if has_negative(pa) {
                r = r.union(Type::MINUS_ZERO);
            }
            r.union(Type::PLAIN_NUMBER)
        }
    }
}

/// `a ** b` on numbers (`Math.pow`): folded for constants, otherwise any number. The fold uses
/// `f64::powf` where the vm uses fdlibm's `pow` (this crate cannot link it), so a folded
/// constant may differ from the interpreter's result in the last bit.
pub fn number_pow(a: Type, b: Type) -> Type {
    let Some((a, b)) = numbers(a, b) else {
        return Type::NONE;
    };
    fold2(a, b, |x, y| jsnum::pow_with(x, y, f64::powf)).unwrap_or(Type::NUMBER)
}

/// ToInt32 of a number type (NaN, ±0 and ±∞ become 0; integers wrap modulo 2³²).
pub fn number_to_int32(t: Type) -> Type {
    wrap(t, |x| f64::from(jsnum::to_int32(x)), Type::SIGNED32)
}

/// ToUint32 of a number type (NaN, ±0 and ±∞ become 0; integers wrap modulo 2³²).
pub fn number_to_uint32(t: Type) -> Type {
    wrap(t, |x| f64::from(jsnum::to_uint32(x)), Type::UNSIGNED32)
}

fn wrap(t: Type, f: fn(f64) -> f64, all: Type) -> Type {
    let t = to_number(t);
    if t.is_none() {
        return Type::NONE;
    }
    if let Some(c) = fold1(t, f) {
        return c;
    }
    if has(t, bits::FRACTION) {
        return all;
    }
    let mut r = Type::NONE;
    if maybe_nan(t) || maybe_minus_zero(t) || maybe_infinity(t) {
        r = r.union(zero());
    }
    if let Some((lo, hi)) = finite_integers(t).integer_bounds() {
        // The interval maps to an interval when it does not cross a multiple of 2³² boundary
        // of the target range; the subtractions are exact for integers this close.
        let (wl, wh) = (f(lo), f(hi));
        if hi - lo < TWO_32 && wh - wl == hi - lo {
            r = r.union(Type::range(wl, wh));
        } else {
            return all;
        }
    }
    r
}

/// Bounds of ToInt32 of `t`, or of ToUint32 when `unsigned`.
fn bounds32(t: Type, unsigned: bool) -> Interval {
    let w = if unsigned {
        number_to_uint32(t)
    } else {
        number_to_int32(t)
    };
    w.integer_bounds().unwrap_or((0.0, 0.0))
}

/// The smallest 2ᵏ − 1 that is at least `x` (for 0 ≤ x < 2³²).
fn mask(x: f64) -> f64 {
    let mut m = 0.0;
    while m < x {
        m = m * 2.0 + 1.0;
    }
    m
}

/// Common shape of the int32 bitwise operations.
fn bitwise(
    a: Type,
    b: Type,
    op: fn(i32, i32) -> i32,
    bound: fn(Interval, Interval, f64) -> Interval,
) -> Type {
    let Some((a, b)) = numbers(a, b) else {
        return Type::NONE;
    };
    if let Some(t) = fold2(a, b, |x, y| f64::from(op(jsnum::to_int32(x), jsnum::to_int32(y)))) {
        return t;
    }
    let (l, r) = (bounds32(a, false), bounds32(b, false));
    // Every bitwise combination lies in [-m - 1, m] for the mask covering both operands
    // and their complements.
    let m = mask(l.1.max(r.1).max(-l.0 - 1.0).max(-r.0 - 1.0).max(0.0));
    let (lo, hi) = bound(l, r, m);
    Type::range(lo.max(-m - 1.0), hi.min(m))
}

/// `a | b` (int32).
pub fn number_bitwise_or(a: Type, b: Type) -> Type {
    bitwise(
        a,
        b,
        |x, y| x | y,
        |(ll, lh), (rl, rh), m| {
            // Or-ing never goes below the smaller operand, nor below the larger one when both are
            // non-negative (or both negative); a negative operand makes the result negative.
            let both_nonneg = ll >= 0.0 && rl >= 0.0;
            let both_neg = lh < 0.0 && rh < 0.0;
            if (rl, rh) == (0.0, 0.0) {
                return (ll, lh);
            }
            if (ll, lh) == (0.0, 0.0) {
                return (rl, rh);
            }
            let lo = if both_nonneg || both_neg {
                ll.max(rl)
            } else {
                ll.min(rl)
            };
            let hi = if lh < 0.0 || rh < 0.0 { -1.0 } else { m };
            (lo, hi)
        },
    )
}

/// `a & b` (int32).
pub fn number_bitwise_and(a: Type, b: Type) -> Type {
    bitwise(
        a,
        b,
        |x, y| x & y,
        |(ll, lh), (rl, rh), m| {
            // And-ing with a non-negative value gives a value in [0, that value]; and-ing with a
            // negative value only clears bits of the other operand.
            if (rl, rh) == (-1.0, -1.0) {
                return (ll, lh);
            }
            if (ll, lh) == (-1.0, -1.0) {
                return (rl, rh);
            }
            let mut hi = lh.max(rh);
            if rl >= 0.0 || lh < 0.0 {
                hi = hi.min(rh);
            }
            if ll >= 0.0 || rh < 0.0 {
                hi = hi.min(lh);
            }
            let lo = if ll >= 0.0 || rl >= 0.0 {
                0.0
            } else {
                -m - 1.0
            };
            (lo, hi)
        },
    )
}

/// `a ^ b` (int32).
pub fn number_bitwise_xor(a: Type, b: Type) -> Type {
    bitwise(
        a,
        b,
        |x, y| x ^ y,
        |(ll, lh), (rl, rh), m| {
            if (rl, rh) == (0.0, 0.0) {
                return (ll, lh);
            }
            if (ll, lh) == (0.0, 0.0) {
                return (rl, rh);
            }
            // x ^ -1 is ~x = -x - 1.
            if (rl, rh) == (-1.0, -1.0) {
                return (-lh - 1.0, -ll - 1.0);
            }
            if (ll, lh) == (-1.0, -1.0) {
                return (-rh - 1.0, -rl - 1.0);
            }
            let same_sign = (ll >= 0.0 && rl >= 0.0) || (lh < 0.0 && rh < 0.0);
            let opposite_sign = (ll >= 0.0 && rh < 0.0) || (lh < 0.0 && rl >= 0.0);
            if same_sign {
                (0.0, m)
            } else if opposite_sign {
                (-m - 1.0, -1.0)
            } else {
                (-m - 1.0, m)
            }
        },
    )
}

/// `~a` (int32), i.e. `a ^ -1`.
pub fn number_bitwise_not(a: Type) -> Type {
    number_bitwise_xor(a, Type::constant(-1.0))
}

/// The possible shift counts `b & 31`, as an interval.
fn shift_counts(b: Type) -> Interval {
    let (lo, hi) = bounds32(b, true);
    if (lo / 32.0).floor() == (hi / 32.0).floor() {
        (lo % 32.0, hi % 32.0)
    } else {
        (0.0, 31.0)
    }
}

/// `a << b` (int32 result).
pub fn number_shift_left(a: Type, b: Type) -> Type {
    let Some((a, b)) = numbers(a, b) else {
        return Type::NONE;
    };
    let shl = |x: f64, y: f64| f64::from(jsnum::shift_left(jsnum::to_int32(x), jsnum::to_uint32(y)));
    if let Some(t) = fold2(a, b, shl) {
        return t;
    }
    let (ll, lh) = bounds32(a, false);
    let (sl, sh) = shift_counts(b);
    let big = 2f64.powf(sh);
    if lh * big > TWO_31 - 1.0 || ll * big < -TWO_31 {
        return Type::SIGNED32;
    }
    let small = 2f64.powf(sl);
    Type::range((ll * small).min(ll * big), (lh * small).max(lh * big))
}

/// `a >> b` (arithmetic shift, int32 result).
pub fn number_shift_right(a: Type, b: Type) -> Type {
    let Some((a, b)) = numbers(a, b) else {
        return Type::NONE;
    };
    let sar = |x: f64, y: f64| f64::from(jsnum::shift_right(jsnum::to_int32(x), jsnum::to_uint32(y)));
    if let Some(t) = fold2(a, b, sar) {
        return t;
    }
    let l = bounds32(a, false);
    let s = shift_counts(b);
    let (range, _) = corners(l, s, |x, y| (x / 2f64.powf(y)).floor());
    let (lo, hi) = range.unwrap_or((0.0, 0.0));
    Type::range(lo, hi)
}

/// `a >>> b` (logical shift, uint32 result).
pub fn number_shift_right_logical(a: Type, b: Type) -> Type {
    let Some((a, b)) = numbers(a, b) else {
        return Type::NONE;
    };
    let shr = |x: f64, y: f64| f64::from(jsnum::shift_right_unsigned(jsnum::to_uint32(x), jsnum::to_uint32(y)));
    if let Some(t) = fold2(a, b, shr) {
        return t;
    }
    let (ul, uh) = bounds32(a, true);
    let (sl, sh) = shift_counts(b);
    Type::range((ul / 2f64.powf(sh)).floor(), (uh / 2f64.powf(sl)).floor())
}

/// `Math.abs(a)`.
pub fn number_abs(a: Type) -> Type {
    let a = to_number(a);
    if a.is_none() {
        return Type::NONE;
    }
    if let Some(t) = fold1(a, f64::abs) {
        return t;
    }
    let mut r = a.intersect(Type::from_bits(bits::NAN | bits::FRACTION));
    if maybe_minus_zero(a) {
        r = r.union(zero());
    }
    if let Some((lo, hi)) = a.integer_bounds() {
        let ints = if lo >= 0.0 {
            a.intersect(Type::INTEGER)
        } else if hi <= 0.0 {
            Type::range(-hi, -lo)
        } else {
            Type::range(0.0, hi.max(-lo))
        };
        r = r.union(ints);
    }
    r
}

/// Shared typing of the rounding functions: integers, −0 and NaN are fixed points;
/// fractions round to integers in [−2⁵², 2⁵²], and to −0 when `minus_zero_from_fraction`.
fn rounding(a: Type, f: fn(f64) -> f64, minus_zero_from_fraction: bool) -> Type {
    let a = to_number(a);
    if a.is_none() {
        return Type::NONE;
    }
    if let Some(t) = fold1(a, f) {
        return t;
    }
    let mut r = a.intersect(Type::from_bits(
        bits::INTEGER | bits::MINUS_ZERO | bits::NAN,
    ));
    if has(a, bits::FRACTION) {
        r = r.union(Type::range(-TWO_52, TWO_52));
        if minus_zero_from_fraction {
            r = r.union(Type::MINUS_ZERO);
        }
    }
    r
}

/// `Math.floor(a)`.
pub fn number_floor(a: Type) -> Type {
    rounding(a, f64::floor, false)
}

/// `Math.ceil(a)` (a fraction in (−1, 0) gives −0).
pub fn number_ceil(a: Type) -> Type {
    rounding(a, f64::ceil, true)
}

/// `Math.trunc(a)` (a fraction in (−1, 0) gives −0).
pub fn number_trunc(a: Type) -> Type {
    rounding(a, f64::trunc, true)
}

/// `Math.round(a)` (halves round up; a value in [−0.5, 0) gives −0).
pub fn number_round(a: Type) -> Type {
    rounding(a, jsnum::math::round, true)
}

/// `Math.max(a, b)`.
pub fn number_max(a: Type, b: Type) -> Type {
    min_max(a, b, true)
}

/// `Math.min(a, b)`.
pub fn number_min(a: Type, b: Type) -> Type {
    min_max(a, b, false)
}

fn min_max(a: Type, b: Type, is_max: bool) -> Type {
    let Some((a, b)) = numbers(a, b) else {
        return Type::NONE;
    };
    let js = if is_max { jsnum::math::max } else { jsnum::math::min };
    if let Some(t) = fold2(a, b, js) {
        return t;
    }
    let mut r = Type::NONE;
    if maybe_nan(a) || maybe_nan(b) {
        r = r.union(Type::NAN);
    }
    let (oa, ob) = (
        a.intersect(Type::ORDERED_NUMBER),
        b.intersect(Type::ORDERED_NUMBER),
    );
    let (Some(amin), Some(amax), Some(bmin), Some(bmax)) = (oa.min(), oa.max(), ob.min(), ob.max())
    else {
        return r;
    };
    if maybe_minus_zero(a) || maybe_minus_zero(b) {
        r = r.union(Type::MINUS_ZERO);
    }
    // The result is one of the operands and lies between the bounds below (−0 counted as 0).
    let (lo, hi) = if is_max {
        (amin.max(bmin), amax.max(bmax))
    } else {
        (amin.min(bmin), amax.min(bmax))
    };
    let candidates = plain(a).union(plain(b));
    r.union(candidates.intersect(Type::FRACTION.union(Type::range(lo, hi))))
}

/// `Math.sqrt(a)` (negative inputs give NaN, `sqrt(-0)` is −0).
pub fn number_sqrt(a: Type) -> Type {
    let a = to_number(a);
    if a.is_none() {
        return Type::NONE;
    }
    if let Some(t) = fold1(a, f64::sqrt) {
        return t;
    }
    let mut r = Type::NONE;
    if maybe_nan(a) || has_negative(a) {
        r = r.union(Type::NAN);
    }
    if maybe_minus_zero(a) {
        r = r.union(Type::MINUS_ZERO);
    }
    let p = plain(a);
    if p.max().is_some_and(|m| m >= 0.0) {
        // Integral results lie between the roots of the smallest and largest inputs
        // (fractions are below 2⁵²).
        let ints = p.integer_bounds().filter(|&(_, hi)| hi >= 0.0);
        let frac = has(p, bits::FRACTION);
        let lo = match ints {
            Some((lo, _)) if !frac => lo.max(0.0),
            _ => 0.0,
        };
        let mut hi = ints.map_or(0.0, |(_, hi)| hi);
        if frac {
            hi = hi.max(TWO_52);
        }
        // `range` keeps the integers inside, which is where integral roots lie (the
        // rounded square root is monotone).
        r = r.union(Type::range(lo.sqrt(), hi.sqrt()));
        if frac || hi >= 2.0 {
            r = r.union(Type::FRACTION);
        }
    }
    r
}

/// `a == b` / `a === b` on numbers: [`Type::TRUE`], [`Type::FALSE`] or [`Type::BOOLEAN`].
pub fn number_equal(a: Type, b: Type) -> Type {
    let Some((a, b)) = numbers(a, b) else {
        return Type::NONE;
    };
    let (oa, ob) = (ordered(a), ordered(b));
    let can_true = oa.maybe(ob);
    let same_constant = oa.as_constant().is_some() && oa == ob;
    let can_false = maybe_nan(a) || maybe_nan(b) || !same_constant;
    boolean(can_true, can_false)
}

/// `a < b` on numbers.
pub fn number_less_than(a: Type, b: Type) -> Type {
    compare(a, b, false)
}

/// `a <= b` on numbers.
pub fn number_less_than_or_equal(a: Type, b: Type) -> Type {
    compare(a, b, true)
}

fn compare(a: Type, b: Type, or_equal: bool) -> Type {
    let Some((a, b)) = numbers(a, b) else {
        return Type::NONE;
    };
    let nan = maybe_nan(a) || maybe_nan(b);
    let (oa, ob) = (
        a.intersect(Type::ORDERED_NUMBER),
        b.intersect(Type::ORDERED_NUMBER),
    );
    let (Some(amin), Some(amax), Some(bmin), Some(bmax)) = (oa.min(), oa.max(), ob.min(), ob.max())
    else {
        return boolean(false, true);
    };
    let (can_true, can_false) = if or_equal {
        (amin <= bmax, amax > bmin)
    } else {
        (amin < bmax, amax >= bmin)
    };
    boolean(can_true, can_false || nan)
}

/// `a === b` on any values.
pub fn strict_equal(a: Type, b: Type) -> Type {
    if a.is_none() || b.is_none() {
        return Type::NONE;
    }
    if a.is(Type::NUMBER) && b.is(Type::NUMBER) {
        return number_equal(a, b);
    }
    let (na, nb) = (a.intersect(Type::NUMBER), b.intersect(Type::NUMBER));
    let numbers_equal = ordered(na).maybe(ordered(nb));
    let can_true = numbers_equal || a.without(Type::NUMBER).maybe(b.without(Type::NUMBER));
    // Only one-value kinds are always equal to themselves.
    let units = [
        Type::UNDEFINED,
        Type::NULL,
        Type::TRUE,
        Type::FALSE,
        Type::HOLE,
    ];
    let can_false = !(a == b && units.contains(&a));
    boolean(can_true, can_false)
}

/// Generic `a + b` (`JSAdd`): string concatenation when either side may be (or convert to)
/// a string, number addition when both sides may convert to non-string primitives.
pub fn js_add(a: Type, b: Type) -> Type {
    if a.is_none() || b.is_none() {
        return Type::NONE;
    }
    // ToPrimitive: objects may become any primitive.
    let primitive = |t: Type| {
        let p = t.intersect(Type::PRIMITIVE.union(Type::HOLE));
        if t.maybe(Type::RECEIVER) {
            p.union(Type::PRIMITIVE)
        } else {
            p
        }
    };
    let (pa, pb) = (primitive(a), primitive(b));
    let mut r = Type::NONE;
    if pa.maybe(Type::STRING) || pb.maybe(Type::STRING) {
        r = r.union(Type::STRING);
    }
    let (na, nb) = (pa.without(Type::STRING), pb.without(Type::STRING));
    if !na.is_none() && !nb.is_none() {
        r = r.union(number_add(na, nb));
    }
    r
}
