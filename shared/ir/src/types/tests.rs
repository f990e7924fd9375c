//! Tests of the lattice, its text form, the operation typer and widening.

use super::op::*;
use super::{bits, ShapeSet, Type, ATOM_MAX, ATOM_MIN};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

const TWO_30: f64 = 1073741824.0;
const TWO_31: f64 = 2147483648.0;
const TWO_32: f64 = 4294967296.0;
const TWO_53: f64 = 9007199254740992.0;
const INF: f64 = f64::INFINITY;

/// Multiplies the fuzz iteration counts (`TYPES_FUZZ_SCALE=50 cargo test -p ir types`).
fn scale() -> usize {
    std::env::var("TYPES_FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

use crate::test_rng::Rng;

const INTERESTING: [f64; 30] = [
    0.0,
    1.0,
    -1.0,
    2.0,
    3.0,
    5.0,
    10.0,
    -10.0,
    31.0,
    32.0,
    100.0,
    -100.0,
    TWO_30 - 1.0,
    TWO_30,
    -TWO_30,
    -TWO_30 - 1.0,
    TWO_31 - 1.0,
    TWO_31,
    -TWO_31,
    -TWO_31 - 1.0,
    TWO_32 - 1.0,
    TWO_32,
    TWO_53,
    -TWO_53,
    1152921504606846976.0,
    1e300,
    -1e300,
    f64::MAX,
    INF,
    -INF,
];

const FRACTIONS: [f64; 20] = [
    0.1,
    1.0 / 3.0,
    4503599627370495.5,
    -4503599627370495.5,
    1e15 + 0.5,
    -1e-310,
    0.5,
    -0.5,
    1.5,
    -2.5,
    2.5,
    -0.4,
    0.25,
    1e-300,
    -1e-300,
    5e-324,
    0.49999999999999994,
    -0.49999999999999994,
    2251799813685248.5,
    -2251799813685248.5,
];

const NAMED: [Type; 32] = [
    Type::NONE,
    Type::ANY,
    Type::NEGATIVE31,
    Type::OTHER_SIGNED32,
    Type::NEGATIVE32,
    Type::UNSIGNED30,
    Type::OTHER_UNSIGNED31,
    Type::UNSIGNED31,
    Type::SIGNED31,
    Type::SIGNED32,
    Type::OTHER_UNSIGNED32,
    Type::UNSIGNED32,
    Type::INTEGRAL32,
    Type::INTEGER,
    Type::FRACTION,
    Type::OTHER_NUMBER,
    Type::PLAIN_NUMBER,
    Type::MINUS_ZERO,
    Type::NAN,
    Type::ORDERED_NUMBER,
    Type::NUMBER,
    Type::TRUE,
    Type::FALSE,
    Type::BOOLEAN,
    Type::UNDEFINED,
    Type::NULL,
    Type::STRING,
    Type::OBJECT,
    Type::ARRAY,
    Type::FUNCTION,
    Type::HOLE,
    Type::SIGNED32_OR_MINUS_ZERO,
];

fn bound(rng: &mut Rng) -> f64 {
    match rng.below(4) {
        0 => (rng.below(41) as f64) - 20.0,
        1 => (rng.below(2001) as f64) - 1000.0,
        _ => {
            let x = rng.pick(&INTERESTING);
            if rng.chance(30) && x.is_finite() && x.abs() < TWO_53 {
                x + rng.pick(&[-2.0, -1.0, 1.0, 2.0])
            } else {
                x
            }
        }
    }
}

fn gen_range(rng: &mut Rng) -> Type {
    let (a, b) = (bound(rng), bound(rng));
    Type::range(a.min(b), a.max(b))
}

fn gen_simple(rng: &mut Rng) -> Type {
    match rng.below(7) {
        0 | 1 => rng.pick(&NAMED),
        2 | 3 => gen_range(rng),
        4 => Type::constant(match rng.below(4) {
            0 => rng.pick(&FRACTIONS),
            1 => f64::NAN,
            2 => -0.0,
            _ => bound(rng),
        }),
        5 => Type::from_bits(rng.next() as u32 & bits::ALL).intersect(if rng.chance(50) {
            gen_range(rng).union(Type::from_bits(!bits::INTEGER & bits::ALL))
        } else {
            Type::ANY
        }),
        _ => {
            let ids: Vec<u32> = (0..1 + rng.below(5)).map(|_| rng.below(7) as u32).collect();
            Type::object_with_shapes(&ids)
        }
    }
}

fn gen_type(rng: &mut Rng) -> Type {
    let mut t = gen_simple(rng);
    for _ in 0..rng.below(3) {
        t = t.union(gen_simple(rng));
    }
    t
}

/// A numeric type: the number part of a random type, or a random number type.
fn gen_number_type(rng: &mut Rng) -> Type {
    loop {
        let t = gen_type(rng).intersect(Type::NUMBER);
        if !t.is_none() {
            return t;
        }
    }
}

/// A random integer in `[lo, hi]` (bounds integral or infinite, `lo <= hi`).
fn integer_in(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    let lo_f = if lo.is_infinite() { -f64::MAX } else { lo };
    let hi_f = if hi.is_infinite() { f64::MAX } else { hi };
    let x = match rng.below(8) {
        0 => lo,
        1 => hi,
        2 => lo_f + 1.0,
        3 => hi_f - 1.0,
        4 => rng.pick(&INTERESTING),
        5 => (rng.below(200) as f64) - 100.0,
        _ => {
            if hi_f - lo_f < 1e15 {
                (lo_f + (rng.unit() * (hi_f - lo_f + 1.0)).floor()).min(hi_f)
            } else {
                // Log-uniform magnitude for wide intervals.
                let m = 2f64.powf(rng.unit() * 1023.0).floor();
                if rng.chance(50) {
                    m
                } else {
                    -m
                }
            }
        }
    };
    // Both bounds are members, so clamping keeps `x` in the interval.
    x.trunc().clamp(lo, hi) + 0.0
}

/// A random number member of `t`, if it has one.
fn sample(rng: &mut Rng, t: Type) -> Option<f64> {
    type Sampler = Box<dyn Fn(&mut Rng) -> f64>;
    let mut choices: Vec<Sampler> = Vec::new();
    if t.bits & bits::NAN != 0 {
        choices.push(Box::new(|_| f64::NAN));
    }
    if t.bits & bits::MINUS_ZERO != 0 {
        choices.push(Box::new(|_| -0.0));
    }
    if t.bits & bits::FRACTION != 0 {
        choices.push(Box::new(|rng| match rng.below(3) {
            0 => rng.pick(&FRACTIONS),
            1 => (rng.below(2000) as f64 - 1000.0) + 0.5,
            _ => (rng.unit() - 0.5) * 1e6 + 0.125,
        }));
    }
    for i in 0..7 {
        if t.bits & (1 << i) != 0 {
            let lo = t.lo.max(ATOM_MIN[i]);
            let hi = t.hi.min(ATOM_MAX[i]);
            choices.push(Box::new(move |rng| integer_in(rng, lo, hi)));
        }
    }
    if choices.is_empty() {
        return None;
    }
    let k = rng.below(choices.len());
    let x = choices[k](rng);
    assert!(t.contains_number(x), "sampled {x:?} is not in {t}");
    Some(x)
}

fn hash_of(t: Type) -> u64 {
    let mut h = DefaultHasher::new();
    t.hash(&mut h);
    h.finish()
}

fn corpus() -> Vec<Type> {
    let mut rng = Rng::new(0x5eab_ed00_1234_5678);
    let mut out: Vec<Type> = NAMED.to_vec();
    while out.len() < 260 {
        out.push(gen_type(&mut rng));
    }
    out
}

fn t(s: &str) -> Type {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

// ---------------------------------------------------------------------------------------
// Lattice

#[test]
fn lattice_identities_and_idempotence() {
    for a in corpus() {
        assert_eq!(a.union(Type::NONE), a);
        assert_eq!(a.intersect(Type::ANY), a);
        assert_eq!(a.union(Type::ANY), Type::ANY);
        assert_eq!(a.intersect(Type::NONE), Type::NONE);
        assert_eq!(a.union(a), a);
        assert_eq!(a.intersect(a), a);
        assert!(Type::NONE.is(a) && a.is(Type::ANY) && a.is(a));
    }
}

#[test]
fn lattice_commutative_absorbing_and_ordered() {
    let types = corpus();
    for &a in &types {
        for &b in &types {
            let (u, i) = (a.union(b), a.intersect(b));
            assert_eq!(u, b.union(a), "{a} ∪ {b}");
            assert_eq!(i, b.intersect(a), "{a} ∩ {b}");
            assert_eq!(a.union(i), a, "absorption {a} ∪ ({a} ∩ {b})");
            assert_eq!(a.intersect(u), a, "absorption {a} ∩ ({a} ∪ {b})");
            assert!(a.is(u) && b.is(u), "{a}, {b} ⊆ {u}");
            assert!(i.is(a) && i.is(b), "{i} ⊆ {a}, {b}");
            assert_eq!(a.is(b), u == b, "{a} ⊆ {b} iff {a} ∪ {b} = {b}");
            if a.is(b) && b.is(a) {
                assert_eq!(a, b);
            }
            assert_eq!(a.maybe(b), !i.is_none());
            if a == b {
                assert_eq!(hash_of(a), hash_of(b));
            }
        }
    }
}

#[test]
fn lattice_associative() {
    let types = corpus();
    let mut rng = Rng::new(99);
    for _ in 0..40_000 * scale() {
        let (a, b, c) = (rng.pick(&types), rng.pick(&types), rng.pick(&types));
        assert_eq!(
            a.union(b).union(c),
            a.union(b.union(c)),
            "({a} ∪ {b}) ∪ {c}"
        );
        assert_eq!(
            a.intersect(b).intersect(c),
            a.intersect(b.intersect(c)),
            "({a} ∩ {b}) ∩ {c}"
        );
    }
}

#[test]
fn intersection_is_exact_and_union_sound_on_numbers() {
    let types = corpus();
    let mut rng = Rng::new(7);
    for _ in 0..20_000 * scale() {
        let (a, b) = (rng.pick(&types), rng.pick(&types));
        let src = if rng.chance(50) { a } else { b };
        let Some(x) = sample(&mut rng, src) else {
            continue;
        };
        let (u, i) = (a.union(b), a.intersect(b));
        assert!(
            u.contains_number(x),
            "{x} in {src} but not in {a} ∪ {b} = {u}"
        );
        assert_eq!(
            i.contains_number(x),
            a.contains_number(x) && b.contains_number(x),
            "{x}: {a} ∩ {b} = {i}"
        );
        let w = a.without(b);
        if a.contains_number(x) && !b.contains_number(x) {
            assert!(w.contains_number(x), "{x}: {a} without {b} = {w}");
        }
        assert!(w.is(a));
    }
}

#[test]
fn subtyping_examples() {
    assert!(Type::range(0.0, 10.0).is(Type::UNSIGNED32));
    assert!(Type::range(0.0, 10.0).is(Type::UNSIGNED30));
    assert!(Type::range(0.0, 10.0).is(Type::SIGNED32));
    assert!(!Type::range(-1.0, 10.0).is(Type::UNSIGNED32));
    assert!(Type::SIGNED32.is(Type::NUMBER));
    assert!(!Type::NUMBER.is(Type::SIGNED32));
    assert!(Type::SIGNED32.is(Type::INTEGRAL32) && Type::UNSIGNED32.is(Type::INTEGRAL32));
    assert!(!Type::UNSIGNED32.is(Type::SIGNED32));
    assert!(Type::range(0.0, TWO_31).is(Type::UNSIGNED32));
    assert!(!Type::range(0.0, TWO_31).is(Type::SIGNED32));
    assert!(Type::range(0.0, TWO_53).is(Type::PLAIN_NUMBER));
    assert!(Type::range(0.0, TWO_53).is(Type::INTEGER));
    assert!(!Type::FRACTION.is(Type::INTEGER));
    assert!(Type::OTHER_NUMBER.union(Type::INTEGRAL32) == Type::PLAIN_NUMBER);
    assert!(Type::MINUS_ZERO.is(Type::ORDERED_NUMBER) && !Type::NAN.is(Type::ORDERED_NUMBER));
    assert!(Type::NAN.is(Type::NUMBER) && !Type::NAN.is(Type::PLAIN_NUMBER));
    assert!(!Type::MINUS_ZERO.maybe(Type::range(0.0, 0.0)));
    assert!(Type::BOOLEAN.is(Type::NUMBER_OR_ODDBALL) && !Type::STRING.is(Type::NUMBER_OR_ODDBALL));
    assert!(Type::SIGNED_SMALL == Type::SIGNED32);
    assert_eq!(Type::range(-TWO_31, TWO_31 - 1.0), Type::SIGNED32);
    assert_eq!(Type::range(-INF, INF), Type::INTEGER);
    assert_eq!(Type::NEGATIVE32.union(Type::UNSIGNED31), Type::SIGNED32);
    // Holes between atoms survive a union; holes inside an atom do not.
    let u = Type::OTHER_SIGNED32.union(Type::UNSIGNED30);
    assert!(!u.contains_number(-1.0) && u.contains_number(0.0) && u.contains_number(-TWO_31));
    assert_eq!(
        Type::range(0.0, 1.0).union(Type::range(5.0, 6.0)),
        Type::range(0.0, 6.0)
    );
}

#[test]
fn constants_and_bounds() {
    assert_eq!(Type::constant(5.0), Type::range(5.0, 5.0));
    assert_eq!(Type::constant(5.0).as_constant(), Some(5.0));
    assert_eq!(Type::constant(-0.0), Type::MINUS_ZERO);
    assert!(Type::constant(-0.0)
        .as_constant()
        .unwrap()
        .is_sign_negative());
    assert!(Type::constant(f64::NAN).as_constant().unwrap().is_nan());
    assert_eq!(Type::constant(0.5), Type::FRACTION);
    assert_eq!(Type::constant(0.5).as_constant(), None);
    assert_eq!(Type::constant(INF).as_constant(), Some(INF));
    assert_eq!(Type::constant(1e300).as_constant(), Some(1e300));
    assert_eq!(Type::range(0.0, 1.0).as_constant(), None);
    assert_eq!(Type::object_with_shapes(&[1]).as_constant(), None);
    assert_eq!(Type::range(0.5, 3.5), Type::range(1.0, 3.0));
    assert_eq!(Type::range(0.2, 0.7), Type::NONE);
    assert_eq!(Type::range(f64::NAN, 1.0), Type::NONE);
    assert_eq!(Type::range(3.0, 1.0), Type::NONE);
    let r = Type::range(-3.0, 7.0);
    assert_eq!((r.min(), r.max()), (Some(-3.0), Some(7.0)));
    assert_eq!(Type::SIGNED32.min(), Some(-TWO_31));
    assert_eq!(Type::UNSIGNED32.max(), Some(TWO_32 - 1.0));
    assert_eq!(Type::MINUS_ZERO.min(), Some(0.0));
    assert_eq!(Type::NAN.min(), None);
    assert_eq!(Type::STRING.max(), None);
    assert_eq!(Type::PLAIN_NUMBER.min(), Some(-INF));
    assert_eq!(r.union(Type::NAN).max(), Some(7.0));
    assert_eq!(r.integer_bounds(), Some((-3.0, 7.0)));
    assert!(Type::range(-INF, -INF).contains_number(-INF));
    assert!(!Type::range(0.0, TWO_53).contains_number(INF));
    assert!(Type::range(0.0, INF).contains_number(INF));
    assert!(!Type::range(0.0, 5.0).contains_number(-0.0));
    assert!(!Type::range(0.0, 5.0).contains_number(2.5));
}

#[test]
fn shapes() {
    let a = Type::object_with_shapes(&[7, 3, 3]);
    assert_eq!(a.shape_set().unwrap().as_slice(), &[3, 7]);
    assert!(a.is(Type::OBJECT) && !a.is(Type::ARRAY));
    let b = Type::object_with_shapes(&[3, 9]);
    assert_eq!(a.intersect(b), Type::object_with_shapes(&[3]));
    assert_eq!(a.union(b), Type::object_with_shapes(&[3, 7, 9]));
    assert_eq!(a.union(Type::object_with_shapes(&[1, 2, 4])), Type::OBJECT);
    assert_eq!(Type::object_with_shapes(&[1, 2, 3, 4, 5]), Type::OBJECT);
    assert_eq!(Type::object_with_shapes(&[]), Type::NONE);
    assert_eq!(Type::OBJECT.intersect(a), a);
    assert_eq!(Type::OBJECT.union(a), Type::OBJECT);
    assert!(!a.maybe(Type::object_with_shapes(&[1])));
    assert_eq!(Type::OBJECT.shape_set(), None);
    assert_eq!(ShapeSet::from_ids(&[4, 1]).unwrap().as_slice(), &[1, 4]);
    assert!(ShapeSet::from_ids(&[1, 2, 3, 4, 5]).is_none());
    assert_eq!(
        a.without(Type::object_with_shapes(&[3])),
        Type::object_with_shapes(&[7])
    );
}

// ---------------------------------------------------------------------------------------
// Text

#[test]
fn display_examples() {
    let cases: [(Type, &str); 20] = [
        (Type::NONE, "None"),
        (Type::ANY, "Any"),
        (Type::range(0.0, 10.0), "Range(0, 10)"),
        (Type::SIGNED32.union(Type::NAN), "Signed32|NaN"),
        (Type::object_with_shapes(&[7, 3]), "Object{#3,#7}"),
        (Type::NUMBER, "Number"),
        (Type::ORDERED_NUMBER, "PlainNumber|MinusZero"),
        (Type::OTHER_NUMBER, "OtherNumber"),
        (
            Type::SIGNED32.union(Type::OTHER_NUMBER),
            "Signed32|OtherNumber",
        ),
        (Type::INTEGER, "Range(-inf, inf)"),
        (Type::range(0.0, INF), "Range(0, inf)"),
        (Type::constant(0.5), "Fraction"),
        (Type::BOOLEAN, "Boolean"),
        (Type::TRUE.union(Type::UNDEFINED), "True|Undefined"),
        (Type::range(-TWO_31, 5.0), "Range(-2147483648, 5)"),
        (
            Type::OTHER_SIGNED32.union(Type::UNSIGNED30),
            "OtherSigned32|Unsigned30",
        ),
        (Type::constant(1e300), "Range(1e300, 1e300)"),
        (
            Type::range(-1.0, 0.0).union(Type::MINUS_ZERO),
            "Range(-1, 0)|MinusZero",
        ),
        (
            Type::UNSIGNED32.union(Type::STRING).union(Type::ARRAY),
            "Unsigned32|String|Array",
        ),
        (
            Type::range(1.0, 2.0).union(Type::range(TWO_31, TWO_31)),
            "Range(1, 1073741823)|Range(2147483648, 2147483648)",
        ),
    ];
    for (ty, text) in cases {
        assert_eq!(ty.to_string(), text);
        assert_eq!(t(text), ty, "{text}");
    }
}

#[test]
fn display_round_trips() {
    for a in corpus() {
        let text = a.to_string();
        let back: Type = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, a, "{text}");
        assert_eq!(format!("{a:?}"), text);
    }
    let mut rng = Rng::new(3);
    for _ in 0..5000 {
        let a = gen_type(&mut rng).union(gen_type(&mut rng));
        assert_eq!(t(&a.to_string()), a, "{a}");
    }
}

#[test]
fn parse_accepts_aliases_and_rejects_junk() {
    assert_eq!(t(" Signed32 | NaN "), Type::SIGNED32.union(Type::NAN));
    assert_eq!(t("Integer"), Type::INTEGER);
    assert_eq!(t("OrderedNumber"), Type::ORDERED_NUMBER);
    assert_eq!(t("Object{ #1 , #2 }"), Type::object_with_shapes(&[1, 2]));
    assert_eq!(t("Range(-inf, -inf)"), Type::constant(-INF));
    for bad in [
        "",
        "Signed33",
        "Range(1)",
        "Range(0.5, 2)",
        "Range(5, 1)",
        "Range(NaN, 1)",
        "Object{3}",
        "Object{#1,#2,#3,#4,#5}",
        "Signed32||NaN",
        "Object{}",
    ] {
        assert!(bad.parse::<Type>().is_err(), "{bad:?} should not parse");
    }
}

// ---------------------------------------------------------------------------------------
// Operation typer: fixed cases

fn r(lo: f64, hi: f64) -> Type {
    Type::range(lo, hi)
}

fn c(x: f64) -> Type {
    Type::constant(x)
}

#[test]
fn add_and_subtract_ranges() {
    assert_eq!(number_add(r(0.0, 10.0), r(1.0, 2.0)), r(1.0, 12.0));
    // Leaving int32 keeps a range of integers.
    let s = number_add(r(0.0, TWO_31 - 1.0), c(1.0));
    assert_eq!(s, r(1.0, TWO_31));
    assert!(s.is(Type::UNSIGNED32) && !s.is(Type::SIGNED32));
    assert_eq!(
        number_add(Type::SIGNED32, Type::SIGNED32),
        r(-TWO_32, TWO_32 - 2.0)
    );
    assert_eq!(
        number_add(r(0.0, TWO_53), r(0.0, TWO_53)),
        r(0.0, 2.0 * TWO_53)
    );
    assert_eq!(
        number_add(r(0.0, INF), r(-INF, 0.0)),
        Type::INTEGER.union(Type::NAN)
    );
    assert_eq!(number_add(c(INF), c(-INF)), Type::NAN);
    assert_eq!(number_add(c(2.0), c(3.0)), c(5.0));
    // -0 only from -0 + -0; NaN only from NaN inputs (or opposite infinities).
    assert!(!number_add(Type::SIGNED32, Type::MINUS_ZERO).maybe(Type::MINUS_ZERO));
    assert!(number_add(Type::MINUS_ZERO.union(c(1.0)), Type::MINUS_ZERO).maybe(Type::MINUS_ZERO));
    assert!(!number_add(
        Type::PLAIN_NUMBER.intersect(Type::SIGNED32.union(Type::FRACTION)),
        Type::FRACTION
    )
    .maybe(Type::NAN));
    assert!(number_add(Type::PLAIN_NUMBER, Type::PLAIN_NUMBER).maybe(Type::NAN));
    assert_eq!(
        number_add(Type::SIGNED32.union(Type::NAN), c(1.0)),
        r(-TWO_31 + 1.0, TWO_31).union(Type::NAN)
    );
    assert_eq!(number_subtract(r(0.0, 10.0), r(0.0, 10.0)), r(-10.0, 10.0));
    assert_eq!(number_subtract(r(5.0, 10.0), r(1.0, 2.0)), r(3.0, 9.0));
    assert_eq!(number_subtract(Type::MINUS_ZERO, c(0.0)), Type::MINUS_ZERO);
    assert!(number_subtract(Type::MINUS_ZERO, r(-1.0, 1.0)).maybe(Type::MINUS_ZERO));
    assert!(!number_subtract(Type::MINUS_ZERO, r(1.0, 3.0)).maybe(Type::MINUS_ZERO));
    assert!(!number_subtract(r(0.0, 5.0), r(0.0, 5.0)).maybe(Type::MINUS_ZERO));
    assert_eq!(
        number_negate(r(0.0, 5.0)),
        r(-5.0, -1.0).union(Type::MINUS_ZERO)
    );
    assert_eq!(
        number_negate(Type::MINUS_ZERO.union(r(1.0, 2.0))),
        r(-2.0, 0.0)
    );
    assert_eq!(number_subtract(Type::BOOLEAN, Type::NULL), r(0.0, 1.0));
}

#[test]
fn multiply_divide_modulus() {
    assert_eq!(number_multiply(r(-3.0, 4.0), r(2.0, 5.0)), r(-15.0, 20.0));
    assert_eq!(
        number_multiply(r(0.0, 4.0), r(-5.0, -2.0)),
        r(-20.0, 0.0).union(Type::MINUS_ZERO)
    );
    assert_eq!(
        number_multiply(r(0.0, TWO_31 - 1.0), r(0.0, TWO_31 - 1.0)),
        r(0.0, (TWO_31 - 1.0) * (TWO_31 - 1.0))
    );
    assert!(number_multiply(r(0.0, 1.0), c(INF)).maybe(Type::NAN));
    assert!(!number_multiply(r(1.0, 2.0), c(INF)).maybe(Type::NAN));
    assert!(number_multiply(Type::MINUS_ZERO, r(1.0, 2.0)).is(Type::MINUS_ZERO));
    assert!(number_multiply(Type::FRACTION, Type::FRACTION).maybe(Type::MINUS_ZERO));
    assert!(!number_multiply(Type::FRACTION, r(1.0, 5.0)).maybe(Type::MINUS_ZERO));

    let q = number_divide(r(0.0, 10.0), r(1.0, 2.0));
    assert_eq!(q, Type::PLAIN_NUMBER);
    assert_eq!(
        number_divide(r(0.0, 10.0), r(0.0, 10.0)),
        Type::PLAIN_NUMBER.union(Type::NAN)
    );
    assert!(number_divide(r(0.0, 10.0), r(-2.0, -1.0)).maybe(Type::MINUS_ZERO));
    assert!(!number_divide(r(-10.0, 10.0), r(1.0, 2.0)).maybe(Type::MINUS_ZERO));
    assert!(number_divide(r(-10.0, -1.0), c(INF)).maybe(Type::MINUS_ZERO));
    assert!(number_divide(r(1.0, 1.0), r(0.0, 0.0)).is(Type::PLAIN_NUMBER)); // 1/0 = inf
    assert!(number_divide(c(1.0), c(3.0)).is(Type::FRACTION));
    assert_eq!(number_divide(c(0.0), r(1.0, 5.0)), c(0.0));
    assert!(number_divide(Type::INTEGER, Type::INTEGER).maybe(Type::NAN));

    assert_eq!(number_modulus(r(0.0, 10.0), c(3.0)), r(0.0, 2.0));
    assert_eq!(
        number_modulus(r(-10.0, 10.0), c(3.0)),
        r(-2.0, 2.0).union(Type::MINUS_ZERO)
    );
    assert_eq!(number_modulus(r(5.0, 7.0), c(10.0)), r(5.0, 7.0));
    assert_eq!(number_modulus(r(-7.0, 7.0), r(-10.0, -8.0)), r(-7.0, 7.0));
    assert_eq!(
        number_modulus(r(0.0, 10.0), r(0.0, 3.0)),
        r(0.0, 2.0).union(Type::NAN)
    );
    assert_eq!(number_modulus(r(0.0, 10.0), c(0.0)), Type::NAN);
    assert_eq!(number_modulus(Type::MINUS_ZERO, c(5.0)), Type::MINUS_ZERO);
    assert!(number_modulus(c(INF), c(5.0)).is(Type::NAN));
    assert_eq!(number_modulus(r(0.0, 100.0), c(INF)), r(0.0, 100.0));
    assert_eq!(number_modulus(c(-5.0), c(5.0)), Type::MINUS_ZERO);
}

#[test]
fn bitwise_and_shifts() {
    assert_eq!(
        number_bitwise_and(r(0.0, 255.0), r(0.0, 15.0)),
        r(0.0, 15.0)
    );
    assert_eq!(
        number_bitwise_and(Type::SIGNED32, c(0xff as f64)),
        r(0.0, 255.0)
    );
    assert_eq!(number_bitwise_or(Type::NUMBER, c(0.0)), Type::SIGNED32);
    assert_eq!(number_bitwise_or(r(0.0, 10.0), r(0.0, 5.0)), r(0.0, 15.0));
    assert_eq!(number_bitwise_or(r(-5.0, -1.0), r(0.0, 3.0)), r(-5.0, -1.0));
    assert_eq!(number_bitwise_or(r(0.0, 10.0), c(0.0)), r(0.0, 10.0));
    assert_eq!(number_bitwise_xor(r(0.0, 10.0), r(0.0, 3.0)), r(0.0, 15.0));
    assert_eq!(number_bitwise_not(r(0.0, 10.0)), r(-11.0, -1.0));
    assert_eq!(number_shift_left(c(1.0), r(0.0, 30.0)), r(1.0, TWO_30));
    assert_eq!(number_shift_left(c(1.0), r(0.0, 31.0)), Type::SIGNED32);
    assert_eq!(number_shift_left(r(0.0, 3.0), r(32.0, 34.0)), r(0.0, 12.0));
    assert_eq!(number_shift_right(r(0.0, 100.0), c(1.0)), r(0.0, 50.0));
    assert_eq!(
        number_shift_right(r(-100.0, 100.0), r(1.0, 3.0)),
        r(-50.0, 50.0)
    );
    assert_eq!(number_shift_right(Type::SIGNED32, c(31.0)), r(-1.0, 0.0));
    assert_eq!(number_shift_right_logical(c(-1.0), c(0.0)), c(TWO_32 - 1.0));
    assert_eq!(
        number_shift_right_logical(Type::SIGNED32, c(0.0)),
        Type::UNSIGNED32
    );
    assert_eq!(
        number_shift_right_logical(Type::NUMBER, c(16.0)),
        r(0.0, 65535.0)
    );
    assert_eq!(
        number_to_int32(r(TWO_31, TWO_31 + 5.0)),
        r(-TWO_31, -TWO_31 + 5.0)
    );
    assert_eq!(
        number_to_int32(r(-3.0, 3.0).union(Type::NAN).union(Type::MINUS_ZERO)),
        r(-3.0, 3.0)
    );
    assert_eq!(number_to_int32(r(TWO_32 + 1.0, TWO_32 + 9.0)), r(1.0, 9.0));
    assert_eq!(number_to_int32(r(TWO_31 - 1.0, TWO_31)), Type::SIGNED32);
    assert_eq!(number_to_int32(Type::FRACTION), Type::SIGNED32);
    assert_eq!(
        number_to_uint32(r(-5.0, -1.0)),
        r(TWO_32 - 5.0, TWO_32 - 1.0)
    );
    assert_eq!(number_to_uint32(Type::UNSIGNED32), Type::UNSIGNED32);
    assert_eq!(number_to_uint32(c(INF)), c(0.0));
    for op in [
        number_bitwise_or,
        number_bitwise_and,
        number_bitwise_xor,
        number_shift_left,
        number_shift_right,
    ] {
        let x = op(Type::ANY, Type::ANY);
        assert!(x.is(Type::SIGNED32) && !x.maybe(Type::MINUS_ZERO_OR_NAN));
    }
    assert!(number_shift_right_logical(Type::ANY, Type::ANY).is(Type::UNSIGNED32));
}

#[test]
fn unary_math() {
    assert_eq!(number_abs(r(-5.0, 3.0)), r(0.0, 5.0));
    assert_eq!(number_abs(r(-5.0, -3.0)), r(3.0, 5.0));
    assert_eq!(
        number_abs(Type::MINUS_ZERO.union(Type::NAN)),
        c(0.0).union(Type::NAN)
    );
    assert_eq!(number_abs(Type::SIGNED32), r(0.0, TWO_31));
    assert_eq!(number_floor(r(-3.0, 3.0)), r(-3.0, 3.0));
    assert_eq!(
        number_floor(Type::FRACTION),
        r(-4503599627370496.0, 4503599627370496.0)
    );
    assert!(!number_floor(Type::FRACTION).maybe(Type::MINUS_ZERO));
    for op in [number_ceil, number_trunc, number_round] {
        assert!(op(Type::FRACTION).maybe(Type::MINUS_ZERO));
        assert!(op(Type::FRACTION).is(Type::INTEGER.union(Type::MINUS_ZERO)));
        assert_eq!(
            op(Type::SIGNED32.union(Type::NAN)),
            Type::SIGNED32.union(Type::NAN)
        );
    }
    assert_eq!(
        number_sqrt(r(0.0, 100.0)),
        r(0.0, 10.0).union(Type::FRACTION)
    );
    assert!(number_sqrt(r(-1.0, 4.0)).maybe(Type::NAN));
    assert!(!number_sqrt(r(0.0, 4.0)).maybe(Type::NAN));
    assert_eq!(number_sqrt(Type::MINUS_ZERO), Type::MINUS_ZERO);
    assert_eq!(number_sqrt(c(-4.0)), Type::NAN);
    assert_eq!(number_max(r(0.0, 10.0), r(5.0, 20.0)), r(5.0, 20.0));
    assert_eq!(number_min(r(0.0, 10.0), r(5.0, 20.0)), r(0.0, 10.0));
    assert_eq!(
        number_max(r(-3.0, -1.0), Type::MINUS_ZERO),
        Type::MINUS_ZERO
    );
    assert_eq!(number_max(c(0.0), Type::MINUS_ZERO), c(0.0));
    assert_eq!(number_min(c(0.0), Type::MINUS_ZERO), Type::MINUS_ZERO);
    assert!(number_min(r(0.0, 1.0), Type::NAN.union(c(1.0))).maybe(Type::NAN));
    assert_eq!(number_pow(c(2.0), c(10.0)), c(1024.0));
    assert_eq!(number_pow(c(1.0), c(INF)), Type::NAN);
}

#[test]
fn conversions_and_comparisons() {
    assert_eq!(to_number(Type::BOOLEAN), r(0.0, 1.0));
    assert_eq!(to_number(Type::UNDEFINED), Type::NAN);
    assert_eq!(to_number(Type::NULL), c(0.0));
    assert_eq!(to_number(Type::HOLE), Type::NAN);
    assert_eq!(to_number(Type::STRING), Type::NUMBER);
    assert_eq!(to_number(Type::object_with_shapes(&[1])), Type::NUMBER);
    assert_eq!(to_number(Type::SIGNED32), Type::SIGNED32);
    assert_eq!(to_number(Type::NONE), Type::NONE);
    assert_eq!(
        speculative_to_number(Type::STRING.union(Type::TRUE)),
        c(1.0)
    );
    assert_eq!(to_boolean(r(1.0, 5.0)), Type::TRUE);
    assert_eq!(
        to_boolean(Type::NULL.union(Type::UNDEFINED).union(Type::MINUS_ZERO)),
        Type::FALSE
    );
    assert_eq!(to_boolean(Type::OBJECT.union(Type::FUNCTION)), Type::TRUE);
    assert_eq!(to_boolean(Type::SIGNED32), Type::BOOLEAN);
    assert_eq!(to_boolean(Type::STRING), Type::BOOLEAN);
    assert_eq!(to_boolean(Type::FRACTION), Type::TRUE);
    assert_eq!(to_boolean(Type::NONE), Type::NONE);
    assert_eq!(number_less_than(r(0.0, 5.0), r(10.0, 20.0)), Type::TRUE);
    assert_eq!(number_less_than(r(10.0, 20.0), r(0.0, 10.0)), Type::FALSE);
    assert_eq!(number_less_than(r(0.0, 5.0), r(0.0, 5.0)), Type::BOOLEAN);
    assert_eq!(
        number_less_than(r(0.0, 5.0), r(10.0, 20.0).union(Type::NAN)),
        Type::BOOLEAN
    );
    assert_eq!(
        number_less_than_or_equal(r(0.0, 5.0), r(5.0, 9.0)),
        Type::TRUE
    );
    assert_eq!(number_less_than(Type::NAN, c(1.0)), Type::FALSE);
    assert_eq!(number_equal(Type::MINUS_ZERO, c(0.0)), Type::TRUE);
    assert_eq!(number_equal(Type::NAN, Type::NAN), Type::FALSE);
    assert_eq!(number_equal(r(0.0, 3.0), r(5.0, 6.0)), Type::FALSE);
    assert_eq!(number_equal(r(0.0, 3.0), r(3.0, 6.0)), Type::BOOLEAN);
    assert_eq!(strict_equal(Type::UNDEFINED, Type::UNDEFINED), Type::TRUE);
    assert_eq!(strict_equal(Type::UNDEFINED, Type::NULL), Type::FALSE);
    assert_eq!(strict_equal(Type::STRING, Type::SIGNED32), Type::FALSE);
    assert_eq!(strict_equal(Type::OBJECT, Type::OBJECT), Type::BOOLEAN);
    assert_eq!(
        strict_equal(
            Type::object_with_shapes(&[1]),
            Type::object_with_shapes(&[2])
        ),
        Type::FALSE
    );
    assert_eq!(js_add(Type::STRING, Type::SIGNED32), Type::STRING);
    assert_eq!(js_add(r(0.0, 1.0), r(2.0, 3.0)), r(2.0, 4.0));
    assert_eq!(js_add(Type::BOOLEAN, Type::NULL), r(0.0, 1.0));
    assert!(js_add(Type::OBJECT, c(1.0)).maybe(Type::STRING));
    assert!(js_add(Type::OBJECT, c(1.0)).maybe(Type::NAN));
}

#[test]
fn empty_inputs_give_none() {
    let unary: [fn(Type) -> Type; 12] = [
        number_negate,
        number_abs,
        number_floor,
        number_ceil,
        number_round,
        number_trunc,
        number_sqrt,
        number_to_int32,
        number_to_uint32,
        to_number,
        to_boolean,
        number_bitwise_not,
    ];
    for op in unary {
        assert_eq!(op(Type::NONE), Type::NONE);
    }
    for (_, op) in binary_ops() {
        assert_eq!(op(Type::NONE, Type::SIGNED32), Type::NONE);
        assert_eq!(op(Type::NUMBER, Type::NONE), Type::NONE);
    }
}

// ---------------------------------------------------------------------------------------
// Operation typer: soundness fuzz against concrete JS semantics

fn oracle_int32(x: f64) -> i32 {
    if !x.is_finite() {
        return 0;
    }
    let mut m = x.trunc() % TWO_32;
    if m < 0.0 {
        m += TWO_32;
    }
    if m >= TWO_31 {
        m -= TWO_32;
    }
    m as i32
}

fn oracle_uint32(x: f64) -> u32 {
    oracle_int32(x) as u32
}

fn oracle_round(x: f64) -> f64 {
    if !x.is_finite() {
        return x;
    }
    let mut r = x.round();
    if x - x.trunc() == -0.5 {
        r += 1.0; // ties go towards +∞
    }
    if r == 0.0 && x.is_sign_negative() {
        -0.0
    } else {
        r
    }
}

fn oracle_max(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x > y {
        x
    } else if y > x {
        y
    } else if x.is_sign_positive() {
        x
    } else {
        y
    }
}

fn oracle_min(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x < y {
        x
    } else if y < x {
        y
    } else if x.is_sign_negative() {
        x
    } else {
        y
    }
}

fn bool_num(b: bool) -> f64 {
    if b {
        1.0
    } else {
        0.0
    }
}

type BinaryOp = fn(Type, Type) -> Type;
type BinaryOracle = fn(f64, f64) -> f64;

fn binary_ops() -> Vec<(&'static str, BinaryOp)> {
    binary_cases()
        .into_iter()
        .map(|(n, op, _, _)| (n, op))
        .collect()
}

/// (name, typer, JS semantics, whether the result is a boolean encoded as 0/1)
fn binary_cases() -> Vec<(&'static str, BinaryOp, BinaryOracle, bool)> {
    vec![
        ("add", number_add, |x, y| x + y, false),
        ("subtract", number_subtract, |x, y| x - y, false),
        ("multiply", number_multiply, |x, y| x * y, false),
        ("divide", number_divide, |x, y| x / y, false),
        ("modulus", number_modulus, |x, y| x % y, false),
        (
            "or",
            number_bitwise_or,
            |x, y| (oracle_int32(x) | oracle_int32(y)) as f64,
            false,
        ),
        (
            "and",
            number_bitwise_and,
            |x, y| (oracle_int32(x) & oracle_int32(y)) as f64,
            false,
        ),
        (
            "xor",
            number_bitwise_xor,
            |x, y| (oracle_int32(x) ^ oracle_int32(y)) as f64,
            false,
        ),
        (
            "shl",
            number_shift_left,
            |x, y| (oracle_int32(x) << (oracle_uint32(y) & 31)) as f64,
            false,
        ),
        (
            "sar",
            number_shift_right,
            |x, y| (oracle_int32(x) >> (oracle_uint32(y) & 31)) as f64,
            false,
        ),
        (
            "shr",
            number_shift_right_logical,
            |x, y| (oracle_uint32(x) >> (oracle_uint32(y) & 31)) as f64,
            false,
        ),
        ("max", number_max, oracle_max, false),
        ("min", number_min, oracle_min, false),
        (
            "pow",
            number_pow,
            |x, y| {
                if y.is_nan() || (x.abs() == 1.0 && y.is_infinite()) {
                    f64::NAN
                } else {
                    x.powf(y)
                }
            },
            false,
        ),
        ("equal", number_equal, |x, y| bool_num(x == y), true),
        ("strict_equal", strict_equal, |x, y| bool_num(x == y), true),
        ("less_than", number_less_than, |x, y| bool_num(x < y), true),
        (
            "less_than_or_equal",
            number_less_than_or_equal,
            |x, y| bool_num(x <= y),
            true,
        ),
        ("js_add", js_add, |x, y| x + y, false),
    ]
}

type UnaryOp = fn(Type) -> Type;
type UnaryOracle = fn(f64) -> f64;

fn unary_cases() -> Vec<(&'static str, UnaryOp, UnaryOracle, bool)> {
    vec![
        ("negate", number_negate, |x| -x, false),
        ("abs", number_abs, f64::abs, false),
        ("floor", number_floor, f64::floor, false),
        ("ceil", number_ceil, f64::ceil, false),
        ("trunc", number_trunc, f64::trunc, false),
        ("round", number_round, oracle_round, false),
        ("sqrt", number_sqrt, f64::sqrt, false),
        (
            "to_int32",
            number_to_int32,
            |x| oracle_int32(x) as f64,
            false,
        ),
        (
            "to_uint32",
            number_to_uint32,
            |x| oracle_uint32(x) as f64,
            false,
        ),
        (
            "not",
            number_bitwise_not,
            |x| !oracle_int32(x) as f64,
            false,
        ),
        ("to_number", to_number, |x| x, false),
        (
            "to_boolean",
            to_boolean,
            |x| bool_num(!(x.is_nan() || x == 0.0)),
            true,
        ),
    ]
}

fn member(result: Type, z: f64, boolean: bool) -> bool {
    if boolean {
        result.maybe(if z == 1.0 { Type::TRUE } else { Type::FALSE })
    } else {
        result.contains_number(z)
    }
}

#[test]
fn soundness_fuzz_binary() {
    let mut rng = Rng::new(0xfeed_beef);
    for (name, op, oracle, boolean) in binary_cases() {
        for _ in 0..6000 * scale() {
            let (a, b) = (gen_number_type(&mut rng), gen_number_type(&mut rng));
            let result = op(a, b);
            for _ in 0..4 {
                let (Some(x), Some(y)) = (sample(&mut rng, a), sample(&mut rng, b)) else {
                    continue;
                };
                let z = oracle(x, y);
                assert!(
                    member(result, z, boolean),
                    "{name}({x:?}, {y:?}) = {z:?} is not in {name}({a}, {b}) = {result}"
                );
            }
        }
    }
}

#[test]
fn soundness_fuzz_unary() {
    let mut rng = Rng::new(0xabad_1dea);
    for (name, op, oracle, boolean) in unary_cases() {
        for _ in 0..10_000 * scale() {
            let a = gen_number_type(&mut rng);
            let result = op(a);
            for _ in 0..4 {
                let Some(x) = sample(&mut rng, a) else {
                    continue;
                };
                let z = oracle(x);
                assert!(
                    member(result, z, boolean),
                    "{name}({x:?}) = {z:?} is not in {name}({a}) = {result}"
                );
            }
        }
    }
}

#[test]
fn soundness_of_oddball_conversions() {
    // (type, the number ToNumber gives for one of its values)
    let cases = [
        (Type::TRUE, 1.0),
        (Type::FALSE, 0.0),
        (Type::NULL, 0.0),
        (Type::UNDEFINED, f64::NAN),
        (Type::HOLE, f64::NAN),
    ];
    let mut rng = Rng::new(5);
    for (ty, n) in cases {
        for _ in 0..500 {
            let other = gen_number_type(&mut rng);
            let Some(y) = sample(&mut rng, other) else {
                continue;
            };
            assert!(to_number(ty.union(other)).contains_number(n));
            for (name, op, oracle, boolean) in binary_cases() {
                if name == "strict_equal" || name == "js_add" {
                    continue; // not numeric on oddballs
                }
                let z = oracle(n, y);
                assert!(
                    member(op(ty, other), z, boolean),
                    "{name}({ty}, {other}) misses {z}"
                );
            }
        }
    }
}

#[test]
fn operations_are_monotone() {
    let mut rng = Rng::new(0x0dd_ba11);
    for (name, op, _, _) in binary_cases() {
        for _ in 0..3000 * scale() {
            let (a, b) = (gen_number_type(&mut rng), gen_number_type(&mut rng));
            let (a2, b2) = (
                a.union(gen_number_type(&mut rng)),
                b.union(gen_number_type(&mut rng)),
            );
            let (small, big) = (op(a, b), op(a2, b2));
            assert!(
                small.is(big),
                "{name}: {a} ⊆ {a2}, {b} ⊆ {b2} but {small} ⊄ {big}"
            );
        }
    }
    for (name, op, _, _) in unary_cases() {
        for _ in 0..5000 * scale() {
            let a = gen_number_type(&mut rng);
            let a2 = a.union(gen_number_type(&mut rng));
            assert!(
                op(a).is(op(a2)),
                "{name}: {a} ⊆ {a2} but {} ⊄ {}",
                op(a),
                op(a2)
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Widening

/// Iterates `phi = widen(phi, phi ∪ body(phi))` from `init`; returns the fixed point and the
/// number of steps.
fn loop_fixed_point(init: Type, body: impl Fn(Type) -> Type) -> (Type, usize) {
    let mut phi = init;
    for step in 0..100 {
        let next = Type::widen(phi, init.union(body(phi)));
        assert!(phi.is(next), "widening must grow");
        if next == phi {
            return (phi, step);
        }
        phi = next;
    }
    panic!("no fixed point after 100 steps: {phi}");
}

#[test]
fn widening_reaches_fixed_points_quickly() {
    let (t, steps) = loop_fixed_point(c(0.0), |x| number_add(x, c(1.0)));
    // fl(2^53 + 1) = 2^53, so the counter never passes 2^53.
    assert_eq!(t, r(0.0, TWO_53));
    assert!(steps <= 6, "{steps} steps");
    let (t, steps) = loop_fixed_point(c(100.0), |x| number_subtract(x, c(1.0)));
    assert_eq!(t, r(-TWO_53, 100.0));
    assert!(steps <= 6, "{steps} steps");
    let (t, steps) = loop_fixed_point(c(1.0), |x| number_multiply(x, c(2.0)));
    assert_eq!(t, r(1.0, INF));
    assert!(steps <= 7, "{steps} steps");
    let (t, steps) = loop_fixed_point(c(0.0), |x| number_bitwise_or(number_add(x, c(1.0)), c(0.0)));
    assert_eq!(t, Type::SIGNED32);
    assert!(steps <= 6, "{steps} steps");
    let (t, _) = loop_fixed_point(c(1.0), |x| number_multiply(x, c(-3.0)));
    assert!(t.is(Type::INTEGER.union(Type::MINUS_ZERO)) && t.contains_number(-3.0));
    // Non-integer types converge without widening.
    let (t, _) = loop_fixed_point(Type::FRACTION, |x| number_divide(x, c(2.0)));
    assert!(Type::FRACTION.is(t));
}

#[test]
fn widening_terminates_on_random_loops() {
    let mut rng = Rng::new(31337);
    let cases = binary_cases();
    for _ in 0..400 * scale() {
        let init = gen_number_type(&mut rng);
        let k = gen_number_type(&mut rng);
        let (name, op, _, _) = cases[rng.below(cases.len())];
        let (t, steps) = loop_fixed_point(init, |x| op(x, k));
        assert!(init.is(t));
        assert!(steps <= 40, "{name}: {steps} steps");
        assert_eq!(t.intersect(Type::ANY), t);
    }
    let w = Type::widen(r(0.0, 5.0), r(-3.0, 5.0));
    assert_eq!(w, r(-TWO_30, 5.0));
    assert_eq!(Type::widen(r(0.0, 5.0), r(0.0, 5.0)), r(0.0, 5.0));
    assert_eq!(
        Type::widen(Type::NAN, r(0.0, 5.0)),
        r(0.0, 5.0).union(Type::NAN)
    );
}
