//! ECMAScript number semantics: `Number::toString(10)`, `StringToNumber`,
//! `ToInt32`/`ToUint32`, the `%` and `**` operators, and the `Math` object's
//! functions and constants.
//!
//! The conversions, `%`, and the `Math` functions with exact results (`abs`,
//! `ceil`, `clz32`, `floor`, `fround`, `hypot`, `imul`, `max`, `min`,
//! `round`, `sign`, `sqrt`, `trunc`) return exactly what node (V8) returns
//! for the same input, bit for bit, including the sign of zero. Nothing here
//! panics.
//!
//! The transcendental `Math` functions and `**` come from Sun's fdlibm 5.3
//! (the library V8's own `base::ieee754` routines were derived from),
//! compiled from its C sources by the `fdlibm-rs` crate, except `atan2`,
//! `cbrt` and `log2`, which come from the `libm` crate (a Rust port of musl's
//! libm, pinned to 0.2.11: later releases replaced `cbrt` with a correctly
//! rounded one that no longer agrees with V8's). A few small wrappers below
//! reproduce where V8 departs from those (`Math.exp(1)` is `Math.E`, `tanh`
//! of a tiny `x` is `x`, `atan2` near ±π/2 for a negative `x`). In a
//! 1.24-million-vector comparison against node 20 every function then agrees
//! bit for bit except `**`/`Math.pow`, which is an ulp away on about 1% of
//! arguments: V8's `pow` evaluates one step of fdlibm's algorithm in a
//! different order, and no crate reproduces that.

/// Formats `x` as ECMAScript `Number::toString(x, 10)` does
/// (`String(x)` in JS): `NaN`, `Infinity`, `-Infinity`, `0` for both zeros,
/// `1e+21`, `1e-7`, `0.30000000000000004`, `123456789012345680000`.
pub fn number_to_string(x: f64) -> String {
    if x == 0.0 {
        // Both +0 and -0 print as "0".
        return "0".to_string();
    }
    let mut buffer = ryu_js::Buffer::new();
    buffer.format(x).to_string()
}

/// True for the code points ECMAScript's `StrWhiteSpaceChar` accepts:
/// `WhiteSpace` (TAB, VT, FF, ZWNBSP and every `Zs` space) and
/// `LineTerminator` (LF, CR, LS, PS).
fn is_js_whitespace(c: char) -> bool {
    // U+0009..=U+000D: TAB, LF, VT, FF, CR; U+2000..=U+200A: the Zs block.
    matches!(c, '\u{0009}'..='\u{000D}' | '\u{2000}'..='\u{200A}')
        || matches!(
            c,
            ' ' | '\u{00A0}'
                | '\u{1680}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202F}'
                | '\u{205F}'
                | '\u{3000}'
                | '\u{FEFF}'
        )
}

/// Converts a string to a number as ECMAScript `StringToNumber` does
/// (`Number(s)` / unary `+s` in JS).
///
/// Leading and trailing JS whitespace and line terminators are ignored; an
/// empty (or all-whitespace) string is `0`; `Infinity`, `+Infinity` and
/// `-Infinity` are accepted; decimal literals may have a sign, a fraction and
/// an exponent (`.5`, `5.`, `-1.5E-3`); `0x`/`0o`/`0b` integers (any case, no
/// sign, any length) are rounded correctly to the nearest double. Anything
/// else, including numeric separators (`1_000`), `inf` and `nan`, is `NaN`.
pub fn string_to_number(s: &str) -> f64 {
    let t = s.trim_matches(is_js_whitespace);
    if t.is_empty() {
        return 0.0;
    }
    let b = t.as_bytes();
    if b.len() > 2 && b[0] == b'0' {
        let radix_bits = match b[1] {
            b'x' | b'X' => Some(4),
            b'o' | b'O' => Some(3),
            b'b' | b'B' => Some(1),
            _ => None,
        };
        if let Some(bits) = radix_bits {
            return parse_power_of_two_radix(&b[2..], bits);
        }
    }
    let (negative, body) = match b[0] {
        b'+' => (false, &b[1..]),
        b'-' => (true, &b[1..]),
        _ => (false, b),
    };
    if body == b"Infinity" {
        return if negative {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
    }
    if !is_str_unsigned_decimal_literal(body) {
        return f64::NAN;
    }
    // The text is now known to be `[+-]? digits [. digits] [e [+-] digits]`,
    // which Rust's correctly rounded parser accepts with the same meaning.
    t.parse::<f64>().unwrap_or(f64::NAN)
}

/// Checks the grammar of ECMAScript `StrUnsignedDecimalLiteral` (without the
/// `Infinity` alternative): `DecimalDigits [. [DecimalDigits]] [ExponentPart]`
/// or `. DecimalDigits [ExponentPart]`.
fn is_str_unsigned_decimal_literal(b: &[u8]) -> bool {
    let mut i = 0;
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let int_digits = i - int_start;
    let mut frac_digits = 0;
    if i < b.len() && b[i] == b'.' {
        i += 1;
        let frac_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        frac_digits = i - frac_start;
    }
    if int_digits == 0 && frac_digits == 0 {
        return false;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        let exp_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == exp_start {
            return false;
        }
    }
    i == b.len()
}

/// Parses the digits of a `0x`/`0o`/`0b` literal (after the prefix), where
/// each digit carries `bits_per_digit` bits, rounding the exact integer to
/// the nearest double (ties to even). Returns `NaN` for an empty digit string
/// or any character that is not a digit of the radix.
fn parse_power_of_two_radix(digits: &[u8], bits_per_digit: u32) -> f64 {
    let radix = 1u32 << bits_per_digit;
    if digits.is_empty() {
        return f64::NAN;
    }
    // `mantissa` holds the first (up to) 64 significant bits; `dropped`
    // counts the bits after them, and `sticky` records whether any of those
    // dropped bits was set.
    let mut mantissa: u64 = 0;
    let mut width: u32 = 0;
    let mut dropped: u64 = 0;
    let mut sticky = false;
    for &c in digits {
        let d = match (c as char).to_digit(radix) {
            Some(d) => d,
            None => return f64::NAN,
        };
        for k in (0..bits_per_digit).rev() {
            let bit = (d >> k) & 1 == 1;
            if width == 0 && !bit {
                continue; // leading zero bit
            }
            if width < 64 {
                mantissa = (mantissa << 1) | u64::from(bit);
                width += 1;
            } else {
                dropped = dropped.saturating_add(1);
                sticky |= bit;
            }
        }
    }
    if width == 0 {
        return 0.0;
    }
    // Round the `width`-bit mantissa (plus the sticky tail) to 53 bits.
    let (mut m, mut exp) = if width > 53 {
        let shift = width - 53;
        let kept = mantissa >> shift;
        let rest = mantissa & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        let round_up = rest > half || (rest == half && (sticky || kept & 1 == 1));
        (kept + u64::from(round_up), u64::from(shift))
    } else {
        // Exact; any dropped bits are all zero only if width < 64, in which
        // case `dropped` is 0.
        (mantissa, 0)
    };
    exp = exp.saturating_add(dropped);
    if m == 1u64 << 53 {
        m >>= 1;
        exp = exp.saturating_add(1);
    }
    // m < 2^53 is exact as an f64; scale by 2^exp (exact unless it overflows).
    if exp > 1023 {
        return f64::INFINITY;
    }
    let scale = f64::from_bits((exp + 1023) << 52);
    (m as f64) * scale
}

/// ECMAScript `ToUint32`: NaN and infinities become 0; otherwise the value is
/// truncated toward zero and reduced modulo 2^32. Exact for every double.
pub fn to_uint32(x: f64) -> u32 {
    if !x.is_finite() {
        return 0;
    }
    let t = x.trunc();
    if t.abs() < 9_223_372_036_854_775_808.0 {
        // |t| < 2^63: the conversion is exact.
        return (t as i64) as u32;
    }
    // |t| >= 2^63: t = m * 2^e with a 53-bit integer m and e >= 11.
    let bits = t.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64 - 1075;
    let mant = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
    let low = if exp >= 32 { 0 } else { (mant << exp) as u32 };
    if t < 0.0 {
        low.wrapping_neg()
    } else {
        low
    }
}

/// ECMAScript `ToInt32`: [`to_uint32`] reinterpreted as a signed 32-bit
/// integer (so `0xffffffff | 0` is `-1`).
pub fn to_int32(x: f64) -> i32 {
    to_uint32(x) as i32
}

/// The JS `%` operator on numbers: the result has the sign of the dividend
/// (`-7 % 3` is `-1`, `-0 % 5` is `-0`); `x % 0`, `Infinity % y` and any NaN
/// operand give NaN; `x % Infinity` is `x` for finite `x`. Exact (C `fmod`).
pub fn js_remainder(a: f64, b: f64) -> f64 {
    // Rust's `%` on f64 is IEEE/C `fmod`, which is exactly the JS semantics.
    a % b
}

/// Safe wrappers over the `fdlibm-rs` crate, which compiles Sun's fdlibm 5.3
/// C sources (the library V8's `base::ieee754` was derived from) with `cc`
/// in its IEEE mode.
mod fdlibm {
    macro_rules! unary {
        ($($name:ident),* $(,)?) => {
            $(
                pub(super) fn $name(x: f64) -> f64 {
                    // SAFETY: in fdlibm's IEEE mode these are pure functions
                    // of their argument: defined for every double (NaN and
                    // the infinities included), reading only constant tables
                    // and writing no global state.
                    unsafe { fdlibm_rs::$name(x) }
                }
            )*
        };
    }

    unary!(
        acos, acosh, asin, asinh, atan, atanh, cos, cosh, exp, expm1, log, log1p, log10, sin, sinh,
        tan, tanh
    );

    pub(super) fn pow(x: f64, y: f64) -> f64 {
        // SAFETY: as for the unary functions above.
        unsafe { fdlibm_rs::pow(x, y) }
    }
}

/// The JS `**` operator and `Math.pow`: an exponent of NaN gives NaN, an
/// exponent of ±0 gives 1 (even for a NaN base), `(±1) ** ±Infinity` is NaN,
/// and everything else follows IEEE `pow` (`(-8) ** (1/3)` is NaN,
/// `(-0) ** -1` is `-Infinity`). The value comes from fdlibm's `pow`, which
/// is an ulp away from node's on about 1% of arguments (see the module
/// documentation).
pub fn js_pow(base: f64, exp: f64) -> f64 {
    if exp.is_nan() {
        return f64::NAN;
    }
    if exp == 0.0 {
        return 1.0;
    }
    if base.abs() == 1.0 && exp.is_infinite() {
        return f64::NAN;
    }
    fdlibm::pow(base, exp)
}

/// JS `Math.exp`: fdlibm's `exp`, except that `Math.exp(1)` is exactly
/// `Math.E` as in node (fdlibm alone is an ulp above it there).
fn math_exp(x: f64) -> f64 {
    if x == 1.0 {
        return std::f64::consts::E;
    }
    fdlibm::exp(x)
}

/// JS `Math.cosh`: fdlibm's `cosh`, except at ±1, where node's value is the
/// correctly rounded one (fdlibm's is an ulp above, through its `exp(1)`).
fn math_cosh(x: f64) -> f64 {
    if x.abs() == 1.0 {
        return 1.5430806348152437;
    }
    fdlibm::cosh(x)
}

/// JS `Math.tanh`: fdlibm's `tanh`, except that below 2^-28 in magnitude the
/// result is `x` itself, as in node. There `tanh(x)` and `x` differ by less
/// than a third of `x * x * x`, far under half an ulp of `x`, so `x` is the
/// correctly rounded value; fdlibm's formula is sometimes an ulp off.
fn math_tanh(x: f64) -> f64 {
    if x.abs() < TWO_POW_MINUS_28 {
        return x;
    }
    fdlibm::tanh(x)
}

/// 2^-28.
const TWO_POW_MINUS_28: f64 = 1.0 / 268_435_456.0;

/// 2^61.
const TWO_POW_61: f64 = 2_305_843_009_213_693_952.0;

/// JS `Math.atan2(y, x)`: the `libm` crate's `atan2`, except that for a
/// normal negative `x` and a finite `y` at least 2^61 times larger in
/// magnitude the result is ±π/2 (rounded), as in node. The exact value there
/// is within 2^-60 of ±π/2, so the rounded ±π/2 is the correctly rounded
/// result; `libm` returns the next double up on part of that range.
fn math_atan2(y: f64, x: f64) -> f64 {
    if x < 0.0 && x.is_normal() && y.is_finite() && y.abs() >= x.abs() * TWO_POW_61 {
        return std::f64::consts::FRAC_PI_2.copysign(y);
    }
    libm::atan2(y, x)
}

/// JS `Math.round`: rounds half up toward +Infinity (`Math.round(2.5)` is 3,
/// `Math.round(-2.5)` is -2), keeps -0, and gives -0 for `[-0.5, -0)`.
fn math_round(x: f64) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    if x > 0.0 && x < 0.5 {
        return 0.0;
    }
    if (-0.5..0.0).contains(&x) {
        return -0.0;
    }
    let r = x.floor();
    // For |x| < 2^52 the difference is exact; above it x is integral.
    if x - r >= 0.5 {
        r + 1.0
    } else {
        r
    }
}

/// JS `Math.sign`: NaN for NaN, the zero itself for ±0, else ±1.
fn math_sign(x: f64) -> f64 {
    if x.is_nan() || x == 0.0 {
        x
    } else if x > 0.0 {
        1.0
    } else {
        -1.0
    }
}

/// JS `Math.max`: `-Infinity` for no arguments, NaN if any argument is NaN,
/// and +0 is larger than -0.
fn math_max(args: &[f64]) -> f64 {
    let mut r = f64::NEG_INFINITY;
    for &x in args {
        if x.is_nan() {
            return f64::NAN;
        }
        if x > r || (x == 0.0 && r == 0.0 && r.is_sign_negative()) {
            r = x;
        }
    }
    r
}

/// JS `Math.min`: `Infinity` for no arguments, NaN if any argument is NaN,
/// and -0 is smaller than +0.
fn math_min(args: &[f64]) -> f64 {
    let mut r = f64::INFINITY;
    for &x in args {
        if x.is_nan() {
            return f64::NAN;
        }
        if x < r || (x == 0.0 && r == 0.0 && x.is_sign_negative()) {
            r = x;
        }
    }
    r
}

/// JS `Math.hypot`, with V8's algorithm (scale by the largest magnitude, then
/// Kahan-sum the squares) so that results match node bit for bit. Any
/// infinite argument gives `Infinity` even when another is NaN.
fn math_hypot(args: &[f64]) -> f64 {
    let mut max = 0.0f64;
    let mut any_nan = false;
    for &x in args {
        let a = x.abs();
        if a.is_nan() {
            any_nan = true;
        } else if max < a {
            max = a;
        }
    }
    if max == f64::INFINITY {
        return f64::INFINITY;
    }
    if any_nan {
        return f64::NAN;
    }
    if max == 0.0 {
        return 0.0;
    }
    let mut sum = 0.0f64;
    let mut compensation = 0.0f64;
    for &x in args {
        let n = x.abs() / max;
        let summand = n * n - compensation;
        let preliminary = sum + summand;
        compensation = (preliminary - sum) - summand;
        sum = preliminary;
    }
    sum.sqrt() * max
}

macro_rules! math_functions {
    ($( $variant:ident => $name:literal, $arity:literal; )*) => {
        /// One of the JS `Math` object's functions (all but `Math.random`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum MathFunction {
            $(
                #[doc = concat!("`Math.", $name, "`")]
                $variant,
            )*
        }

        impl MathFunction {
            /// Every `Math` function, in alphabetical order of JS name.
            pub const ALL: &'static [MathFunction] = &[$(MathFunction::$variant),*];

            /// The JS name, as in `Math.<name>`.
            pub fn name(self) -> &'static str {
                match self {
                    $(MathFunction::$variant => $name,)*
                }
            }

            /// The function whose JS name is `name`, if any (`"random"` is not one).
            pub fn from_name(name: &str) -> Option<Self> {
                match name {
                    $($name => Some(MathFunction::$variant),)*
                    _ => None,
                }
            }

            /// The JS `length` property of the function (1 for most, 2 for
            /// `atan2`, `hypot`, `imul`, `max`, `min` and `pow`).
            pub fn arity(self) -> u8 {
                match self {
                    $(MathFunction::$variant => $arity,)*
                }
            }
        }
    };
}

math_functions! {
    Abs => "abs", 1;
    Acos => "acos", 1;
    Acosh => "acosh", 1;
    Asin => "asin", 1;
    Asinh => "asinh", 1;
    Atan => "atan", 1;
    Atanh => "atanh", 1;
    Atan2 => "atan2", 2;
    Cbrt => "cbrt", 1;
    Ceil => "ceil", 1;
    Clz32 => "clz32", 1;
    Cos => "cos", 1;
    Cosh => "cosh", 1;
    Exp => "exp", 1;
    Expm1 => "expm1", 1;
    Floor => "floor", 1;
    Fround => "fround", 1;
    Hypot => "hypot", 2;
    Imul => "imul", 2;
    Log => "log", 1;
    Log1p => "log1p", 1;
    Log10 => "log10", 1;
    Log2 => "log2", 1;
    Max => "max", 2;
    Min => "min", 2;
    Pow => "pow", 2;
    Round => "round", 1;
    Sign => "sign", 1;
    Sin => "sin", 1;
    Sinh => "sinh", 1;
    Sqrt => "sqrt", 1;
    Tan => "tan", 1;
    Tanh => "tanh", 1;
    Trunc => "trunc", 1;
}

impl MathFunction {
    /// Calls `Math.<name>(...args)` where every argument has already been
    /// converted with `ToNumber`. Missing arguments of fixed-arity functions
    /// are `undefined`, i.e. NaN (`Math.abs()` is NaN); extra arguments are
    /// ignored. `Math.max()` is `-Infinity`, `Math.min()` is `Infinity`,
    /// `Math.hypot()` is 0.
    pub fn apply(self, args: &[f64]) -> f64 {
        let a = args.first().copied().unwrap_or(f64::NAN);
        let b = args.get(1).copied().unwrap_or(f64::NAN);
        match self {
            MathFunction::Abs => a.abs(),
            MathFunction::Acos => fdlibm::acos(a),
            // acosh is NaN for every x < 1. fdlibm's already is; the guard
            // stays so that no backend can return a finite value there (the
            // libm crate's 0.2.16 did for some x <= -2, e.g. about -8.94 for
            // acosh(-9497.03); see rust-lang/compiler-builtins#1070).
            MathFunction::Acosh => {
                if a < 1.0 {
                    f64::NAN
                } else {
                    fdlibm::acosh(a)
                }
            }
            MathFunction::Asin => fdlibm::asin(a),
            MathFunction::Asinh => fdlibm::asinh(a),
            MathFunction::Atan => fdlibm::atan(a),
            MathFunction::Atanh => fdlibm::atanh(a),
            MathFunction::Atan2 => math_atan2(a, b),
            MathFunction::Cbrt => libm::cbrt(a),
            MathFunction::Ceil => a.ceil(),
            MathFunction::Clz32 => f64::from(to_uint32(a).leading_zeros()),
            MathFunction::Cos => fdlibm::cos(a),
            MathFunction::Cosh => math_cosh(a),
            MathFunction::Exp => math_exp(a),
            MathFunction::Expm1 => fdlibm::expm1(a),
            MathFunction::Floor => a.floor(),
            MathFunction::Fround => f64::from(a as f32),
            MathFunction::Hypot => math_hypot(args),
            MathFunction::Imul => f64::from(to_int32(a).wrapping_mul(to_int32(b))),
            MathFunction::Log => fdlibm::log(a),
            MathFunction::Log1p => fdlibm::log1p(a),
            MathFunction::Log10 => fdlibm::log10(a),
            MathFunction::Log2 => libm::log2(a),
            MathFunction::Max => math_max(args),
            MathFunction::Min => math_min(args),
            MathFunction::Pow => js_pow(a, b),
            MathFunction::Round => math_round(a),
            MathFunction::Sign => math_sign(a),
            MathFunction::Sin => fdlibm::sin(a),
            MathFunction::Sinh => fdlibm::sinh(a),
            MathFunction::Sqrt => a.sqrt(),
            MathFunction::Tan => fdlibm::tan(a),
            MathFunction::Tanh => math_tanh(a),
            MathFunction::Trunc => a.trunc(),
        }
    }
}

/// The JS `Math` object's constant properties, by name.
pub const MATH_CONSTANTS: &[(&str, f64)] = &[
    ("E", std::f64::consts::E),
    ("LN10", std::f64::consts::LN_10),
    ("LN2", std::f64::consts::LN_2),
    ("LOG10E", std::f64::consts::LOG10_E),
    ("LOG2E", std::f64::consts::LOG2_E),
    ("PI", std::f64::consts::PI),
    ("SQRT1_2", std::f64::consts::FRAC_1_SQRT_2),
    ("SQRT2", std::f64::consts::SQRT_2),
];

#[cfg(test)]
#[allow(clippy::approx_constant, clippy::excessive_precision)]
mod tests {
    //! Expected values below were generated by node v20 (the oracle) and are
    //! compared bit for bit: all NaNs are equal, and -0 differs from +0.

    use super::*;

    const NAN: f64 = f64::NAN;
    const INF: f64 = f64::INFINITY;

    #[test]
    fn the_compilers_math_catalogue_matches_the_vm() {
        let vm: Vec<(&str, u8)> = MathFunction::ALL.iter().map(|m| (m.name(), m.arity())).collect();
        assert_eq!(vm, ir::feedback::MATH_FUNCTIONS, "ir::feedback::MATH_FUNCTIONS follows MathFunction::ALL");
    }

    /// True when `a` and `b` are the same JS value (NaNs equal, ±0 distinct).
    fn same(a: f64, b: f64) -> bool {
        (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
    }

    /// A small deterministic generator for the no-panic sweeps.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            self.0 ^ (self.0 >> 29)
        }

        fn double(&mut self) -> f64 {
            f64::from_bits(self.next())
        }
    }

    #[test]
    fn number_to_string_matches_node() {
        assert!(NUMBER_TO_STRING.len() >= 100);
        for &(b, want) in NUMBER_TO_STRING {
            let x = f64::from_bits(b);
            assert_eq!(number_to_string(x), want, "String({x:?}) (bits {b:#018x})");
        }
    }

    #[test]
    fn number_to_string_pitfalls() {
        assert_eq!(number_to_string(-0.0), "0");
        assert_eq!(number_to_string(1e21), "1e+21");
        assert_eq!(number_to_string(1e-7), "1e-7");
        assert_eq!(number_to_string(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(
            number_to_string(123456789012345680000.0),
            "123456789012345680000"
        );
        assert_eq!(number_to_string(5e-324), "5e-324");
        assert_eq!(number_to_string(5.0 / 0.0), "Infinity");
        assert_eq!(number_to_string(-5.0 / 0.0), "-Infinity");
        assert_eq!(number_to_string(f64::NAN), "NaN");
        assert_eq!(number_to_string(-f64::NAN), "NaN");
    }

    #[test]
    fn number_to_string_round_trips() {
        let mut g = Lcg(7);
        for _ in 0..20_000 {
            let x = g.double();
            let back = string_to_number(&number_to_string(x));
            if x == 0.0 {
                assert!(back == 0.0 && back.is_sign_positive());
            } else {
                assert!(
                    same(back, x),
                    "{x:?} -> {} -> {back:?}",
                    number_to_string(x)
                );
            }
        }
    }

    #[test]
    fn string_to_number_matches_node() {
        assert!(STRING_TO_NUMBER.len() >= 100);
        for &(s, b) in STRING_TO_NUMBER {
            let got = string_to_number(s);
            assert!(
                same(got, f64::from_bits(b)),
                "Number({s:?}): got {got:?} (bits {:#018x}), node {:?} (bits {b:#018x})",
                got.to_bits(),
                f64::from_bits(b)
            );
        }
    }

    #[test]
    fn string_to_number_never_panics() {
        let alphabet: Vec<char> = "0123456789.eE+-xXoObB_aAfFgInfityN \t\n\u{a0}\u{2028}\u{feff}é"
            .chars()
            .collect();
        let mut g = Lcg(11);
        for _ in 0..50_000 {
            let len = (g.next() % 12) as usize;
            let s: String = (0..len)
                .map(|_| alphabet[(g.next() % alphabet.len() as u64) as usize])
                .collect();
            let _ = string_to_number(&s);
        }
    }

    #[test]
    fn int32_conversions_match_node() {
        assert!(INT32.len() >= 100);
        for &(b, want_i, want_u) in INT32 {
            let x = f64::from_bits(b);
            assert_eq!(to_int32(x), want_i, "{x:?} | 0");
            assert_eq!(to_uint32(x), want_u, "{x:?} >>> 0");
        }
        assert_eq!(to_int32(4294967295.0), -1);
        assert_eq!(to_uint32(4294967295.0), 4294967295);
        assert_eq!(to_uint32(-1.0), 4294967295);
    }

    #[test]
    fn remainder_matches_node() {
        for &(a, b, want) in REMAINDER {
            let got = js_remainder(a, b);
            assert!(same(got, want), "{a:?} % {b:?}: got {got:?}, node {want:?}");
        }
        assert!(same(js_remainder(-7.0, 3.0), -1.0));
        assert!(same(js_remainder(-0.0, 5.0), -0.0));
        assert!(js_remainder(5.0, 0.0).is_nan());
    }

    #[test]
    fn pow_pitfalls() {
        assert!(js_pow(-8.0, 1.0 / 3.0).is_nan());
        assert!(same(js_pow(-2.0, 3.0), -8.0));
        assert!(same(js_pow(0.0, -1.0), INF));
        assert!(same(js_pow(-0.0, -1.0), -INF));
        assert!(same(js_pow(-0.0, -2.0), INF));
        assert!(same(js_pow(NAN, 0.0), 1.0));
        assert!(same(js_pow(NAN, -0.0), 1.0));
        assert!(js_pow(1.0, NAN).is_nan());
        assert!(js_pow(1.0, INF).is_nan());
        assert!(js_pow(-1.0, -INF).is_nan());
        for &(name, args, want) in MATH {
            if name == "pow" && args.len() == 2 {
                let got = js_pow(args[0], args[1]);
                if let Err(e) = check_math(name, args, got, want) {
                    panic!("{:?} ** {:?}: {e}", args[0], args[1]);
                }
            }
        }
    }

    #[test]
    fn math_functions_match_node() {
        assert!(MATH.len() >= 150);
        let mut failures = Vec::new();
        for &(name, args, want) in MATH {
            let f = MathFunction::from_name(name).expect("known Math function");
            let got = f.apply(args);
            if let Err(e) = check_math(name, args, got, want) {
                failures.push(format!("Math.{name}({args:?}): {e}"));
            }
        }
        assert!(
            failures.is_empty(),
            "{} mismatches:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }

    /// The allowed distance from node for `Math.name(args)`: the entry's
    /// ulps if it is in `KNOWN_LIBM_DIFFERENCES`, else 0 (bit for bit).
    fn allowed_ulps(name: &str, args: &[f64]) -> u64 {
        KNOWN_LIBM_DIFFERENCES
            .iter()
            .find(|&&(n, a, _)| {
                n == name && a.len() == args.len() && a.iter().zip(args).all(|(&x, &y)| same(x, y))
            })
            .map_or(0, |&(_, _, ulps)| ulps)
    }

    /// Distance in ulps between two finite doubles of the same sign, 0 for
    /// the same JS value, and `u64::MAX` for any other pair (NaN against a
    /// number, ±0 against each other, anything against an infinity).
    fn ulp_distance(a: f64, b: f64) -> u64 {
        if same(a, b) {
            0
        } else if a.is_finite()
            && b.is_finite()
            && a != 0.0
            && b != 0.0
            && a.is_sign_negative() == b.is_sign_negative()
        {
            a.to_bits().abs_diff(b.to_bits())
        } else {
            u64::MAX
        }
    }

    /// Checks `got` against node's `want` for `Math.name(args)`.
    fn check_math(name: &str, args: &[f64], got: f64, want: f64) -> Result<(), String> {
        let allowed = allowed_ulps(name, args);
        let distance = ulp_distance(got, want);
        if distance <= allowed {
            Ok(())
        } else if allowed == 0 {
            Err(format!("got {got:?}, node {want:?}"))
        } else {
            Err(format!(
                "got {got:?}, node {want:?}: {distance} ulps apart, more than the known {allowed}"
            ))
        }
    }

    #[test]
    fn known_libm_differences_are_math_vectors() {
        for &(name, args, ulps) in KNOWN_LIBM_DIFFERENCES {
            assert!(
                (1..=2).contains(&ulps),
                "Math.{name}({args:?}): {ulps} ulps"
            );
            assert!(
                MATH.iter().any(|&(n, a, _)| n == name
                    && a.len() == args.len()
                    && a.iter().zip(args).all(|(&x, &y)| same(x, y))),
                "Math.{name}({args:?}) is not a MATH vector"
            );
        }
    }

    #[test]
    fn math_pitfalls() {
        let f = |name: &str, args: &[f64]| MathFunction::from_name(name).unwrap().apply(args);
        assert!(same(f("round", &[-0.5]), -0.0));
        assert!(same(f("round", &[2.5]), 3.0));
        assert!(same(f("round", &[-2.5]), -2.0));
        assert!(same(f("round", &[0.49999999999999994]), 0.0));
        assert!(same(f("round", &[-0.0]), -0.0));
        assert!(f("max", &[1.0, NAN, 3.0]).is_nan());
        assert!(f("min", &[NAN, 1.0]).is_nan());
        assert!(same(f("max", &[-0.0, 0.0]), 0.0));
        assert!(same(f("min", &[0.0, -0.0]), -0.0));
        assert!(same(f("max", &[]), -INF));
        assert!(same(f("min", &[]), INF));
        assert!(same(f("hypot", &[]), 0.0));
        assert!(same(f("hypot", &[NAN, INF]), INF));
        assert!(same(f("hypot", &[-INF, NAN]), INF));
        assert!(same(f("sign", &[-0.0]), -0.0));
        assert!(f("abs", &[]).is_nan());
        assert!(f("pow", &[2.0]).is_nan());
        assert!(same(f("clz32", &[-1.0]), 0.0));
        assert!(same(f("clz32", &[4294967296.0]), 32.0));
        assert!(same(f("imul", &[4294967295.0, 5.0]), -5.0));
        assert!(same(f("fround", &[5.5]), 5.5));
        assert!(same(f("fround", &[5.05]), 5.050000190734863));
        // acosh is NaN below 1 (the libm crate's 0.2.16 gave about -8.94 here).
        assert!(f("acosh", &[-9497.034591801947]).is_nan());
        assert!(f("acosh", &[-64474955.35845031]).is_nan());
        assert!(f("acosh", &[-INF]).is_nan());
        assert!(same(f("acosh", &[1.0]), 0.0));
        // Where V8 departs from plain fdlibm / libm (values from node 20).
        assert!(same(f("exp", &[1.0]), std::f64::consts::E));
        assert!(same(f("exp", &[1.0000000000000002]), 2.718281828459046));
        assert!(same(f("cosh", &[1.0]), 1.5430806348152437));
        assert!(same(f("cosh", &[-1.0]), 1.5430806348152437));
        assert!(same(
            f("tanh", &[2.1886018706166356e-13]),
            2.1886018706166356e-13
        ));
        assert!(same(
            f("tanh", &[-2.497503514122702e-10]),
            -2.497503514122702e-10
        ));
        assert!(same(f("tanh", &[-0.0]), -0.0));
        assert!(same(
            f("atan2", &[3.8693920359129476e30, -42411.61360693678]),
            1.5707963267948966
        ));
        assert!(same(
            f("atan2", &[-4.747105753984468e-46, -1.4126471779905098e-64]),
            -1.5707963267948966
        ));
        assert!(same(
            f("atan2", &[1.4618776443889152e37, -8.299384796069495e18]),
            1.5707963267948968
        ));
        assert!(same(f("atan2", &[1e-300, -5e-324]), 1.5707963267948968));
    }

    #[test]
    fn math_function_table() {
        assert_eq!(MathFunction::ALL.len(), MATH_LENGTHS.len());
        for &(name, length) in MATH_LENGTHS {
            let f = MathFunction::from_name(name).unwrap_or_else(|| panic!("missing Math.{name}"));
            assert_eq!(f.name(), name);
            assert_eq!(f.arity(), length, "Math.{name}.length");
            assert!(MathFunction::ALL.contains(&f));
        }
        for f in MathFunction::ALL {
            assert_eq!(MathFunction::from_name(f.name()), Some(*f));
        }
        assert_eq!(MathFunction::from_name("random"), None);
        assert_eq!(MathFunction::from_name("Abs"), None);
        assert_eq!(MathFunction::from_name(""), None);
    }

    #[test]
    fn math_constants_match_node() {
        assert_eq!(MATH_CONSTANTS.len(), MATH_CONSTANT_BITS.len());
        for (&(name, value), &(node_name, bits)) in MATH_CONSTANTS.iter().zip(MATH_CONSTANT_BITS) {
            assert_eq!(name, node_name);
            assert_eq!(value.to_bits(), bits, "Math.{name}");
        }
    }

    #[test]
    fn math_functions_never_panic() {
        let mut g = Lcg(3);
        let specials = [
            0.0,
            -0.0,
            NAN,
            INF,
            -INF,
            1.0,
            -1.0,
            5e-324,
            f64::MAX,
            f64::MIN,
        ];
        for f in MathFunction::ALL {
            for _ in 0..3_000 {
                let a = if g.next().is_multiple_of(4) {
                    specials[(g.next() % specials.len() as u64) as usize]
                } else {
                    g.double()
                };
                let b = g.double();
                let _ = f.apply(&[a, b]);
                let _ = f.apply(&[a]);
            }
            for &a in &specials {
                for &b in &specials {
                    let _ = f.apply(&[a, b]);
                }
            }
        }
        for _ in 0..20_000 {
            let x = g.double();
            let _ = (to_int32(x), to_uint32(x), js_remainder(x, g.double()));
        }
    }

    /// The `MATH` vectors on which this module is not bit for bit equal to
    /// node, with how many ulps apart the results are. Only `pow` is left:
    /// V8's `legacy::pow` evaluates one step of fdlibm's `e_pow.c` in a
    /// different order, so it is an ulp off fdlibm's (and the correctly
    /// rounded) value on about 1% of arguments, and no crate reproduces that.
    /// Every other `MATH` vector must match exactly.
    const KNOWN_LIBM_DIFFERENCES: &[(&str, &[f64], u64)] = &[
        ("pow", &[1.0000000000000002, 4503599627370496.0], 1),
        ("pow", &[7.0, -0.5], 1),
    ];

    /// (input bits, `String(x)`) generated by node.
    const NUMBER_TO_STRING: &[(u64, &str)] = &[
        (0x0000000000000000, "0"),
        (0x8000000000000000, "0"),
        (0x7ff8000000000000, "NaN"),
        (0x7ff0000000000000, "Infinity"),
        (0xfff0000000000000, "-Infinity"),
        (0x3ff0000000000000, "1"),
        (0xbff0000000000000, "-1"),
        (0x3fb999999999999a, "0.1"),
        (0x3fc999999999999a, "0.2"),
        (0x3fd3333333333334, "0.30000000000000004"),
        (0x3fd5555555555555, "0.3333333333333333"),
        (0x3fe5555555555555, "0.6666666666666666"),
        (0x444b1ae4d6e2ef50, "1e+21"),
        (0x3e7ad7f29abcaf48, "1e-7"),
        (0x3eb0c6f7a0b5ed8d, "0.000001"),
        (0x4415af1d78b58c40, "100000000000000000000"),
        (0x3c36b082c2148b8e, "1.23e-18"),
        (0x444b1ae4d6e2ef50, "1e+21"),
        (0x444b1ae4d6e2ef4f, "999999999999999900000"),
        (0x441ac53a7e04bcda, "123456789012345680000"),
        (0x0000000000000001, "5e-324"),
        (0x8000000000000001, "-5e-324"),
        (0x0010000000000000, "2.2250738585072014e-308"),
        (0x7fefffffffffffff, "1.7976931348623157e+308"),
        (0x4340000000000000, "9007199254740992"),
        (0x4340000000000001, "9007199254740994"),
        (0x43f0000000000000, "18446744073709552000"),
        (0x41e0000000000000, "2147483648"),
        (0xc1e0000000000000, "-2147483648"),
        (0x41efffffffe00000, "4294967295"),
        (0x3eb0c6f7a0b5ed8d, "0.000001"),
        (0x3e7ad7f29abcaf48, "1e-7"),
        (0x3e8421f5f40d8376, "1.5e-7"),
        (0x4059000000000000, "100"),
        (0x54b249ad2594c37d, "1e+100"),
        (0x2b30cc4f55eecfea, "1.2e-100"),
        (0x405edd2f1a9fbe77, "123.456"),
        (0xc05edd2f1a9fbe77, "-123.456"),
        (0x3fe0000000000000, "0.5"),
        (0x430c6bf526340000, "1000000000000000"),
        (0x4341c37937e08000, "10000000000000000"),
        (0x4376345785d8a000, "100000000000000000"),
        (0x4345ee2a2eb5a5c4, "12345678901234568"),
        (0x3fbf9add3746f65f, "0.12345678901234568"),
        (0x3ff0000000000001, "1.0000000000000002"),
        (0x3fefffffffffffff, "0.9999999999999999"),
        (0x4011666666666666, "4.35"),
        (0x3f02599ed7c6fbd2, "0.000035"),
        (0x400921f9f01b866e, "3.14159"),
        (0x400921fb54442d18, "3.141592653589793"),
        (0x4005bf0a8b145769, "2.718281828459045"),
        (0xbe7ad7f29abcaf48, "-1e-7"),
        (0x4039000000000000, "25"),
        (0x7e6ddd4baa009303, "1e+301"),
        (0x3ea0c6f7a0b5ed8d, "5e-7"),
        (0x444b1ae4d6e2ef4f, "999999999999999900000"),
        (0x7fdfffffffffffff, "8.988465674311579e+307"),
        (0x0000000000000007, "3.5e-323"),
        (0x3e080d43de9cc603, "7e-10"),
        (0x4045000000000000, "42"),
        (0xbf1a36e2eb1c432d, "-0.0001"),
        (0x3ee4f8b588e368f1, "0.00001"),
        (0x45245940ac127e09, "1.23e+25"),
        (0x41dfffffffc00000, "2147483647"),
        (0x3fd3333333333334, "0.30000000000000004"),
        (0x4059200000000000, "100.5"),
        (0x4090004000000000, "1024.0625"),
        (0x44dfe185ca57c517, "6.02214076e+23"),
        (0x3c07a4da290c1653, "1.602176634e-19"),
        (0x41b1de784a000000, "299792458"),
        (0xf21cf258b03a6000, "-4.82541962969406e+241"),
        (0x121b4000831aa080, "1.8846461912270868e-221"),
        (0x923db600d5bade00, "-8.2193927557883e-221"),
        (0xa434e600ec9a4e00, "-2.8752529143072433e-134"),
        (0x15779600979f3e80, "2.938571590552674e-205"),
        (0xead8fc00032bac00, "-5.0133212627151144e+206"),
        (0xb0009c708e8d1c00, "-1.793202431886848e-77"),
        (0x589d4c007021bc00, "7.387877847239954e+118"),
        (0x6da56c009e575c00, "1.5123925168597497e+220"),
        (0x313a8c001495fc80, "1.502499947857348e-71"),
        (0x41cbe300b4fa0700, "935723369.9533386"),
        (0xa6975c00347a8c00, "-8.834115124443445e-123"),
        (0xf6d5fc80170be200, "-2.769293220972054e+264"),
        (0x3aeb9a80de642900, "7.13534497751243e-25"),
        (0xeb23d40000d9a400, "-1.2731766655204816e+208"),
        (0x84a33472b5a47000, "-2.522467761629247e-286"),
        (0x11241000a93b3080, "4.234464859314313e-226"),
        (0x19fb06002fb5ee80, "1.5899493581028385e-183"),
        (0xb621ed0030a84800, "-6.132659619506588e-48"),
        (0xad97088000e5fe00, "-4.522885888347634e-89"),
        (0xe95186721cd95a00, "-2.096040174682398e+199"),
        (0x1df7b280c9da6100, "2.5719400024264372e-164"),
        (0x8189ac0022069c00, "-2.9948286061264086e-301"),
        (0x2858cc80e71e7300, "2.5175207350768548e-114"),
        (0xa10158000662d800, "-1.0596810743456502e-149"),
        (0xe5e65870e8a62800, "-7.41783099925105e+182"),
        (0x9eef68000d9fa800, "-1.1169363004955156e-159"),
        (0x622ae880321c5e00, "7.747692778429119e+164"),
        (0xaeb866805abf0400, "-1.25602443790288e-83"),
        (0xee8d14000629e400, "-3.3635136278754213e+224"),
        (0xbb4e747026821400, "-5.0383300257985725e-23"),
        (0x7f7ae480f3f2aa00, "1.180288799152567e+306"),
        (0x4a1ec200fa34fa00, "1.1238153781391346e+49"),
        (0x08bad00082eaf080, "1.299275611066925e-266"),
        (0xd64fc600b24bae00, "-5.829788744405925e+107"),
        (0x8d3d7600211f9e00, "-6.741710977783481e-245"),
        (0xf09aa680d7944400, "-2.6480149479235236e+234"),
        (0x8ed9540002212400, "-3.889613676011516e-237"),
        (0xd914b470bb6b5400, "-1.3366270969606199e+121"),
        (0x784b2400f4f6b400, "2.8676502945436593e+271"),
        (0xafe3040026e11400, "-5.131942584180181e-78"),
        (0x99ede48040e9aa00, "-8.793789937353735e-184"),
        (0x5149c2002183fa00, "3.9092894497161466e+83"),
        (0xd75dd28098160000, "-7.171981519330277e+112"),
        (0x755e6000fa6f4000, "2.2804093574012397e+257"),
        (0x06dea000818a8070, "1.3821022924802844e-275"),
        (0x21bb30008553d080, "3.4019781287943393e-146"),
        (0x11372600860f8e80, "9.771586760877729e-226"),
        (0x890b0c00ff5c7c00, "-4.1940264687544216e-265"),
        (0xd0292c0034f01c00, "-1.4573521808173573e+78"),
        (0x5ac44c801fe3f200, "1.7588109637091075e+129"),
        (0x33ca6a8098a2b900, "3.287746508605948e-59"),
        (0xa7a724002722b400, "-1.1470618408064577e-117"),
        (0x749f048016144a00, "5.685180655329349e+253"),
        (0xd12fe2805766d000, "-1.2097959460158386e+83"),
        (0x6a26f000afb49000, "2.2473637448697826e+203"),
        (0x33c1b0002d185080, "2.201391989076521e-59"),
        (0x5ee1a70050f67b00, "1.128574844437518e+149"),
        (0xb46cbf00ae7fb400, "-3.6636148799548593e-56"),
        (0x6d380400aa121400, "1.3246189229321878e+218"),
        (0x63cae400a6db7400, "5.195993388225711e+172"),
        (0xa0c8c4003933d400, "-9.457177349149746e-151"),
        (0x1da9a4800c5a6b00, "8.697092670186315e-166"),
        (0x9119ef806c045a00, "-2.7370251438142023e-226"),
        (0xed46b2003d562a00, "-2.503589438347059e+218"),
        (0xda7c4280d22bb000, "-7.651858441898051e+127"),
        (0xec3a500039347000, "-2.214517501517427e+213"),
        (0xf574108022726600, "-6.025369396443378e+257"),
        (0x69c9ce80bed84c00, "3.9507430246228935e+201"),
        (0xf140bc00d9d86c00, "-3.405308246054314e+237"),
        (0x3a0e5c0040258c80, "4.789865412121265e-29"),
        (0xebcc3200492daa00, "-1.8538899810016773e+211"),
        (0x8e3dc2006d67fa00, "-4.4627706374449285e-240"),
        (0x9f71d200fd72ca00, "-3.244874883603359e-157"),
        (0x1f6c6000a6654080, "2.5833800319729423e-157"),
        (0x15c3d60073967e80, "7.908348990800483e-204"),
        (0x689f3c007814ec00, "9.120320884568726e+195"),
        (0x08d0dc008bf60c80, "3.2678756877223776e-266"),
        (0xba92b200ceb22a00, "-1.51019631215992e-26"),
        (0xc6a84200e5c07a00, "-2.4600358348326955e+32"),
        (0xd420520096bf4a00, "-1.7429997557261376e+97"),
        (0xb3fee20018629a00, "-3.0749475688924873e-58"),
        (0x88e7f28005a5a000, "-9.283457957419834e-266"),
        (0x9e458070575a3000, "-7.467675522956674e-163"),
        (0xcc06d000d246f000, "-1.7899557751563994e+58"),
        (0xc554900028e1b000, "-9.943416044661983e+25"),
        (0x4bb850802901a600, "5.961887158134609e+56"),
        (0x5a480e801c198c00, "8.142226934469849e+126"),
        (0x0788fc80bd42e2f0, "2.3093862076872777e-272"),
        (0x6c402000610e0000, "2.7142310989401986e+213"),
        (0x96f6600098274000, "-4.67698612801359e-198"),
        (0x3e36a000e2028080, "5.267796449184476e-9"),
        (0xe1381600ff95be00, "-2.1164184572251642e+160"),
        (0x66a648000ebd0800, "3.0296112304745623e+186"),
        (0x0eecc88012e8bf00, "8.840413124719124e-237"),
        (0xb14bb380e2ecce00, "-3.1356630636573706e-71"),
        (0x199816004075be80, "2.2142482189200528e-185"),
        (0x292d7c004c262c80, "2.4520176559363904e-110"),
        (0xf8d05200d5af4a00, "-8.828865094504673e+273"),
        (0xa02ee20048d29a00, "-1.1516728536810543e-153"),
        (0x4897f200606e6a00, "5.214828524813286e+41"),
        (0xaf4f82006a76ba00, "-8.304041575779825e-81"),
        (0x5d39920027ff8a00, "1.2180190036086335e+141"),
        (0x9fda2280b5641000, "-3.045657306233388e-155"),
        (0x187b30001513d080, "9.534371108761608e-191"),
        (0xc5f72700c21dfc00, "-1.1464491061895775e+29"),
        (0xb18cac007d4d9c00, "-5.192867324438723e-70"),
        (0xa793cc002a163c00, "-4.906574577853309e-118"),
        (0x19bfec80dbc71300, "1.1739181387017558e-184"),
        (0xed8d78000fcc7800, "-5.201260250311856e+219"),
        (0xd69f7880ab9dae00, "-1.8477577605597307e+109"),
        (0xb1277600b7c19e00, "-6.639213127275596e-72"),
        (0x6f94a60030df0e00, "3.130573956924681e+229"),
        (0x993d568056793400, "-4.214166273990782e-187"),
        (0xf7738400a6679400, "-2.5170906247746604e+267"),
        (0xe132640094ecf400, "-1.6159741491813923e+160"),
        (0x533c440065615400, "9.212497172454088e+92"),
        (0xca092400a6dcb400, "-4.592884892095385e+48"),
        (0x82d104007a371400, "-4.162865216103949e-295"),
        (0x498be40048087400, "1.99034181536344e+46"),
        (0x418627b5f8000000, "46462655"),
        (0xc0adc20000000000, "-3809"),
        (0xc0d27e4000000000, "-18937"),
        (0x442cb1df5fcce4e9, "264662951231002800000"),
        (0x42b28a308682fb00, "20384728908539"),
        (0xc1e8ddba7ea00000, "-3337475061"),
        (0x42f38c88f4819450, "343909025192261"),
        (0x41ca5f8fa8000000, "884940624"),
        (0x40af960000000000, "4043"),
        (0x443586f710c5d129, "397106885910034200000"),
        (0xc112829800000000, "-303270"),
        (0xc393602b45dfcfce, "-349040865898132350"),
        (0xc2e8d8e5de0d6520, "-218558788299561"),
        (0x4382ec59d01f2eed, "170445442199707040"),
        (0x4066a00000000000, "181"),
        (0x423c6687e5650000, "121979266405"),
        (0xc184453b60000000, "-42510188"),
        (0x41a77c596e000000, "197012663"),
        (0x4010000000000000, "4"),
        (0xc2899030f908f800, "-3513385951519"),
        (0x414aa10c80000000, "3490329"),
        (0xc284267a640c9800, "-2769436836243"),
        (0x432b33b7336cfb8c, "3828343152999878"),
        (0x4391b6ee0093b852, "319117307662963840"),
        (0x4145fa5280000000, "2880677"),
        (0xc2ec28920f4e13e0, "-247684597969055"),
        (0xc093900000000000, "-1252"),
        (0x41345a2800000000, "1333800"),
        (0x42e2587399801fe0, "161368846893311"),
        (0xc317a756a965411c, "-1664478778839111"),
        (0xc3c57a50b918e030, "-3095276355743408000"),
        (0x43c37644db522fa2, "2804768085479736300"),
        (0xc184280ca8000000, "-42271125"),
        (0xc403f653108d9944, "-46029710769653320000"),
        (0x43ad3c71420f5adf, "1053341627120971600"),
        (0x43bfb1b0c3a47533, "2283800840377807600"),
        (0xc0cc1e0000000000, "-14396"),
        (0x43185abb09805c80, "1713789701461792"),
        (0xc2257ca301ca0000, "-46142685413"),
        (0x419c7b65b0000000, "119462252"),
        (0x42ebcb6607403f20, "244483232498169"),
        (0xc080000000000000, "-512"),
        (0x418e232bb8000000, "63202679"),
        (0xc1f15b32e4e00000, "-4659031630"),
        (0xc0b0ea0000000000, "-4330"),
        (0x4014000000000000, "5"),
        (0x43da276abbeff892, "7538369297981262000"),
        (0x41b347dae3000000, "323476195"),
        (0x42c5b45c0ac1c900, "47728765010834"),
        (0x439703226d14be3c, "414551734924316400"),
        (0x40ddd38000000000, "30542"),
        (0xc2e45ce99dfbc9a0, "-179114311933517"),
        (0xc0dc628000000000, "-29066"),
        (0x4378c2348aca43b2, "111502885818481440"),
        (0x4010000000000000, "4"),
        (0x41119dbc00000000, "288623"),
        (0xc0dee34000000000, "-31629"),
        (0xc37e6140d3edda68, "-136818885803222660"),
        (0x43888995315a433b, "221013545989990240"),
        (0x4331a6cb503b795b, "4968466758728027"),
        (0xc48027acf3576cd5, "-9.536218643188475e+21"),
        (0x3aac58aa75ddee99, "4.5796e-26"),
        (0x420da0359e000000, "15905240000"),
        (0x421f121983000000, "33361912000"),
        (0xc13e12715a7c002c, "-1970801.3534546"),
        (0x3b9830df2ab06f66, "1.280655860900879e-21"),
        (0x3d19e670a034e4f1, "2.30039596557617e-14"),
        (0xbcb5b180c38cc65d, "-3.01056e-16"),
        (0xbfc4fa58f7121ab5, "-0.16389"),
        (0xc0511536f8000000, "-68.33148002624512"),
        (0xbca87fe49aab41e0, "-1.7e-16"),
        (0xbe9b7276b7ed41be, "-4.08994019031525e-7"),
        (0x3e9e32f0ee144531, "4.5e-7"),
        (0x4215f9da83100000, "23596540100"),
        (0xc316aab3baf32800, "-1595034600000000"),
        (0xbc8a3f5d2033e5e4, "-4.553218e-17"),
        (0x40a85e0000000000, "3119"),
        (0x3e67e83e5d32e0fe, "4.4530633091926576e-8"),
        (0xbd17a4d6808fa0fc, "-2.1e-14"),
        (0xbad25d337ad7e330, "-2.3735e-25"),
        (0x3aa6681e748ed3f2, "3.62e-26"),
        (0xbf20ee6d915beba2, "-0.0001291760206"),
        (0x4421216185c29f70, "158000000000000000000"),
        (0xbad6d2483d713ed8, "-2.94959872961044e-25"),
        (0xbf43e728f5c290da, "-0.0006073904037476"),
        (0xc1324e9ebdf3b646, "-1199774.742"),
        (0xbc6b8cb8b188ba22, "-1.1947774887085e-17"),
        (0xbe624db1cf1a6fa8, "-3.40929150581e-8"),
        (0x3acef2d0f5da7dd9, "2e-25"),
        (0xc45914c8efaa0e21, "-1.85066524893e+21"),
        (0x439b8ceb080546c5, "496304988861083970"),
        (0xbe208870d246a450, "-1.9246912e-9"),
        (0x3cecbe0d7f673bdd, "3.1910467e-15"),
        (0x4148c61980000000, "3247155"),
        (0x44d2f1f8b907674f, "3.57864737511e+23"),
        (0xbe78cb9e399488d2, "-9.237e-8"),
        (0x40f588ecc49ba5e3, "88206.798"),
        (0x3e294120dcf16984, "2.94e-9"),
        (0x434b6e918d4350a0, "15442791581000000"),
        (0xc141b33280000000, "-2319973"),
        (0x3df4b79e1ed25a74, "3.0147576e-10"),
        (0xc2b362cd69839800, "-21315073967000"),
        (0x3be66e65cbf1586e, "3.8e-20"),
        (0xbc51b00a85aacd67, "-3.8354e-18"),
        (0xbaa1dd0caeacb491, "-2.886e-26"),
        (0x3e9529439de46abd, "3.15326273441e-7"),
        (0xbb7b96712edc32dc, "-3.651197e-22"),
        (0x4184960e60000000, "43172300"),
        (0x3cbcd2b297d889bc, "4e-16"),
        (0x4182acf6ce666666, "39165657.8"),
        (0x3db5b586d08d4d73, "1.97443008422852e-11"),
        (0xbe5be0a7b4806e26, "-2.5963e-8"),
        (0xc3307202e103e380, "-4628956318000000"),
        (0x3f03669374ec45b2, "0.0000370038748"),
        (0xbcb55e6a600d3cde, "-2.9655182e-16"),
        (0xbb616609b0c47f78, "-1.1513418e-22"),
        (0x3e45798ee2308c3a, "1e-8"),
        (0x3cb8843cb60a3407, "3.402354978e-16"),
        (0xbd560ebef83e408a, "-3.13457369804382e-13"),
        (0x3a97010e3268636f, "1.858258247375488e-26"),
    ];
    /// (input, `Number(s)` bits) generated by node.
    const STRING_TO_NUMBER: &[(&str, u64)] = &[
        ("", 0x0000000000000000),
        (" ", 0x0000000000000000),
        ("\u{9}\u{a}", 0x0000000000000000),
        ("0", 0x0000000000000000),
        ("-0", 0x8000000000000000),
        ("+0", 0x0000000000000000),
        ("1", 0x3ff0000000000000),
        ("+1", 0x3ff0000000000000),
        ("-1", 0xbff0000000000000),
        ("  42  ", 0x4045000000000000),
        ("\u{a0}42\u{3000}", 0x4045000000000000),
        ("\u{feff}7", 0x401c000000000000),
        ("\u{2028} 8 \u{2029}", 0x4020000000000000),
        (
            "\u{1680} 9 \u{2000}\u{2001}\u{2002}\u{2003}\u{2004}\u{2005}\u{2006}\u{2007}\u{2008}\u{2009}\u{200a}\u{202f}\u{205f}",
            0x4022000000000000,
        ),
        ("\u{180e}1", 0x7ff8000000000000),
        ("\u{200b}1", 0x7ff8000000000000),
        ("\u{b}\u{c}\u{d}\u{a}\u{9} 3 ", 0x4008000000000000),
        ("\u{85} 1", 0x7ff8000000000000),
        (".5", 0x3fe0000000000000),
        ("5.", 0x4014000000000000),
        ("-.5", 0xbfe0000000000000),
        ("+.5", 0x3fe0000000000000),
        (".", 0x7ff8000000000000),
        ("-.", 0x7ff8000000000000),
        ("+", 0x7ff8000000000000),
        ("-", 0x7ff8000000000000),
        ("e5", 0x7ff8000000000000),
        ("1e", 0x7ff8000000000000),
        ("1e+", 0x7ff8000000000000),
        ("1e-", 0x7ff8000000000000),
        ("1e3", 0x408f400000000000),
        ("1E3", 0x408f400000000000),
        ("1e+3", 0x408f400000000000),
        ("-1.5E-3", 0xbf589374bc6a7efa),
        ("1.5e-3x", 0x7ff8000000000000),
        ("1.e1", 0x4024000000000000),
        (".e1", 0x7ff8000000000000),
        ("+.e1", 0x7ff8000000000000),
        ("1e1.5", 0x7ff8000000000000),
        ("00.5e-0001", 0x3fa999999999999a),
        ("0.0e0", 0x0000000000000000),
        ("  -0.0  ", 0x8000000000000000),
        ("-0e5", 0x8000000000000000),
        ("Infinity", 0x7ff0000000000000),
        ("+Infinity", 0x7ff0000000000000),
        ("-Infinity", 0xfff0000000000000),
        ("  Infinity\u{a}", 0x7ff0000000000000),
        ("infinity", 0x7ff8000000000000),
        ("INFINITY", 0x7ff8000000000000),
        ("Inf", 0x7ff8000000000000),
        ("inf", 0x7ff8000000000000),
        ("-inf", 0x7ff8000000000000),
        ("nan", 0x7ff8000000000000),
        ("NaN", 0x7ff8000000000000),
        ("+NaN", 0x7ff8000000000000),
        ("Infinityx", 0x7ff8000000000000),
        ("Infinity1", 0x7ff8000000000000),
        ("1_000", 0x7ff8000000000000),
        ("1,000", 0x7ff8000000000000),
        ("1__0", 0x7ff8000000000000),
        ("1 0", 0x7ff8000000000000),
        ("12abc", 0x7ff8000000000000),
        ("abc", 0x7ff8000000000000),
        ("--1", 0x7ff8000000000000),
        ("+-1", 0x7ff8000000000000),
        ("- 1", 0x7ff8000000000000),
        ("1d", 0x7ff8000000000000),
        ("1f", 0x7ff8000000000000),
        ("0x1p3", 0x7ff8000000000000),
        ("\u{661}\u{662}", 0x7ff8000000000000),
        ("\u{ff11}\u{ff12}", 0x7ff8000000000000),
        ("1\u{0}", 0x7ff8000000000000),
        ("0x10", 0x4030000000000000),
        ("0X1f", 0x403f000000000000),
        ("0xFF", 0x406fe00000000000),
        ("0xabcdef", 0x416579bde0000000),
        ("-0x10", 0x7ff8000000000000),
        ("+0x10", 0x7ff8000000000000),
        ("0x", 0x7ff8000000000000),
        ("0x1g", 0x7ff8000000000000),
        ("0x 1", 0x7ff8000000000000),
        (" 0x10 ", 0x4030000000000000),
        ("0xe+1", 0x7ff8000000000000),
        ("0o17", 0x402e000000000000),
        ("0O17", 0x402e000000000000),
        ("0o8", 0x7ff8000000000000),
        ("0o", 0x7ff8000000000000),
        ("0b101", 0x4014000000000000),
        ("0B11", 0x4008000000000000),
        ("0b2", 0x7ff8000000000000),
        ("0b", 0x7ff8000000000000),
        ("00x1", 0x7ff8000000000000),
        ("0010", 0x4024000000000000),
        ("012", 0x4028000000000000),
        ("08", 0x4020000000000000),
        ("0.0x1", 0x7ff8000000000000),
        ("0x1.5", 0x7ff8000000000000),
        ("1.7976931348623157e308", 0x7fefffffffffffff),
        ("1.7976931348623158e308", 0x7fefffffffffffff),
        ("1.7976931348623159e308", 0x7ff0000000000000),
        ("2e308", 0x7ff0000000000000),
        ("-2e308", 0xfff0000000000000),
        ("1e-400", 0x0000000000000000),
        ("-1e-400", 0x8000000000000000),
        ("5e-324", 0x0000000000000001),
        ("2.4703282292062328e-324", 0x0000000000000001),
        ("2.4703282292062327e-324", 0x0000000000000000),
        ("2.2250738585072011e-308", 0x000fffffffffffff),
        ("0.1", 0x3fb999999999999a),
        ("0.30000000000000004", 0x3fd3333333333334),
        ("9007199254740993", 0x4340000000000000),
        ("9007199254740993.0000000000000000001", 0x4340000000000001),
        ("9007199254740995", 0x4340000000000002),
        ("123456789012345678901234567890", 0x45f8ee90ff6c373e),
        ("0.000000000000000000000000000001234", 0x39b9074b58c7caca),
        (
            "10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
            0x7ff0000000000000,
        ),
        (
            "0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
            0x0000000000000000,
        ),
        (
            "100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
            0x7fe1ccf385ebc8a0,
        ),
        (
            "179769313486231580000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
            0x7fefffffffffffff,
        ),
        ("1e99999999999999999999", 0x7ff0000000000000),
        ("1e-99999999999999999999", 0x0000000000000000),
        ("0e99999999999", 0x0000000000000000),
        ("-0e-99999999999", 0x8000000000000000),
        ("0xffffffffffffff", 0x4370000000000000),
        ("0x20000000000001", 0x4340000000000000),
        ("0x20000000000003", 0x4340000000000002),
        ("0x20000000000002", 0x4340000000000001),
        ("0x1fffffffffffff", 0x433fffffffffffff),
        (
            "0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
            0x7ff0000000000000,
        ),
        (
            "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
            0x7fb0000000000000,
        ),
        (
            "0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffg",
            0x7ff8000000000000,
        ),
        (
            "0x1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
            0x7fb0000000000000,
        ),
        ("0x0000000000000000000000001", 0x3ff0000000000000),
        ("0x200000000000010000000000000000001", 0x4800000000000001),
        ("0x20000000000001000000000000000000", 0x47c0000000000000),
        ("0x20000000000003000000000000000000", 0x47c0000000000002),
        (
            "0b111111111111111111111111111111111111111111111111111111",
            0x4350000000000000,
        ),
        (
            "0b11111111111111111111111111111111111111111111111111111",
            0x433fffffffffffff,
        ),
        (
            "0b1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
            0x7fe0000000000000,
        ),
        (
            "0b10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
            0x7ff0000000000000,
        ),
        ("0o777777777777777777777777777777", 0x4590000000000000),
        (
            "0o7777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777",
            0x7ff0000000000000,
        ),
        (
            "0o100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
            0x7fe0000000000000,
        ),
        ("4294967295", 0x41efffffffe00000),
        ("4294967296", 0x41f0000000000000),
        ("-2147483648", 0xc1e0000000000000),
        ("3.14159", 0x400921f9f01b866e),
        ("1e21", 0x444b1ae4d6e2ef50),
        ("1e-7", 0x3e7ad7f29abcaf48),
        ("6.02214076e23", 0x44dfe185ca57c517),
        ("  +123.456e-2  ", 0x3ff3c0c1fc8f3238),
        ("2.IXI0", 0x7ff8000000000000),
        ("9.e", 0x7ff8000000000000),
        ("9", 0x4022000000000000),
        ("n.", 0x7ff8000000000000),
        ("b-22x", 0x7ff8000000000000),
        ("\u{a0}nI", 0x7ff8000000000000),
        ("Xn.", 0x7ff8000000000000),
        ("..x2 X", 0x7ff8000000000000),
        ("x92", 0x7ff8000000000000),
        ("+Xb_", 0x7ff8000000000000),
        ("Ix+", 0x7ff8000000000000),
        ("\u{9}xIo9+a", 0x7ff8000000000000),
        ("o\u{9}fEI", 0x7ff8000000000000),
        ("2 \u{a0}B\u{9}", 0x7ff8000000000000),
        ("9ob", 0x7ff8000000000000),
        ("fE1", 0x7ff8000000000000),
        ("Bb-", 0x7ff8000000000000),
        ("Bf9e\u{9}-1", 0x7ff8000000000000),
        ("\u{9}", 0x0000000000000000),
        ("nnf9eX+", 0x7ff8000000000000),
        ("-efn\u{a0}", 0x7ff8000000000000),
        ("9xf+0n.", 0x7ff8000000000000),
        ("en2\u{9}X", 0x7ff8000000000000),
        ("aa0", 0x7ff8000000000000),
        ("1_", 0x7ff8000000000000),
        ("bx _2o", 0x7ff8000000000000),
        ("BB0", 0x7ff8000000000000),
        (".9e9a", 0x7ff8000000000000),
        ("1B1\u{9}", 0x7ff8000000000000),
        ("n2Xfx", 0x7ff8000000000000),
        ("2axx", 0x7ff8000000000000),
        ("IoE_0f", 0x7ff8000000000000),
        ("E.b", 0x7ff8000000000000),
        ("\u{a0}E_eb_x", 0x7ff8000000000000),
        ("1\u{9}xxE\u{9}I", 0x7ff8000000000000),
        ("B.B", 0x7ff8000000000000),
        ("b0+E", 0x7ff8000000000000),
        (".9b\u{9}\u{a0}B", 0x7ff8000000000000),
        ("9\u{9}2a\u{9}2", 0x7ff8000000000000),
        ("x_B.", 0x7ff8000000000000),
        ("E_a\u{a0} 0_", 0x7ff8000000000000),
        (" E99.+_", 0x7ff8000000000000),
        ("f.E", 0x7ff8000000000000),
        ("Bxxxe", 0x7ff8000000000000),
        ("If", 0x7ff8000000000000),
        ("2a\u{a0}", 0x7ff8000000000000),
        ("f0EX", 0x7ff8000000000000),
        ("_\u{9}9aXXn", 0x7ff8000000000000),
        ("I0n2a\u{9}_", 0x7ff8000000000000),
        ("+EnBf", 0x7ff8000000000000),
        (".+fnB-", 0x7ff8000000000000),
        ("__ ", 0x7ff8000000000000),
        ("9naX", 0x7ff8000000000000),
        ("2aII", 0x7ff8000000000000),
        ("\u{9} ", 0x0000000000000000),
        ("e", 0x7ff8000000000000),
        ("Bx1ox", 0x7ff8000000000000),
        (".oI", 0x7ff8000000000000),
        ("f", 0x7ff8000000000000),
        ("2aI \u{9}+", 0x7ff8000000000000),
        ("-+x", 0x7ff8000000000000),
        ("2Ie_ o", 0x7ff8000000000000),
        ("on_-e1", 0x7ff8000000000000),
        ("2", 0x4000000000000000),
        ("Ef-aE ", 0x7ff8000000000000),
        ("I.aX.", 0x7ff8000000000000),
        ("n", 0x7ff8000000000000),
        ("\u{9}xI\u{a0}_ ", 0x7ff8000000000000),
        ("_f _", 0x7ff8000000000000),
        ("0", 0x0000000000000000),
        ("X0be", 0x7ff8000000000000),
        ("\u{9}", 0x0000000000000000),
        ("\u{a0}2", 0x4000000000000000),
        ("-9-f", 0x7ff8000000000000),
        (".", 0x7ff8000000000000),
        ("eofo", 0x7ff8000000000000),
        ("eB", 0x7ff8000000000000),
        ("XEEEb", 0x7ff8000000000000),
        ("9BIob2o", 0x7ff8000000000000),
        ("I", 0x7ff8000000000000),
        ("E", 0x7ff8000000000000),
        ("_", 0x7ff8000000000000),
        ("+", 0x7ff8000000000000),
        ("1b\u{9}9f", 0x7ff8000000000000),
        ("2XB0bo\u{a0}", 0x7ff8000000000000),
        ("21+\u{a0}9b", 0x7ff8000000000000),
        ("aa _o0", 0x7ff8000000000000),
        ("202X", 0x7ff8000000000000),
        (" 0", 0x0000000000000000),
        ("1", 0x3ff0000000000000),
        ("b", 0x7ff8000000000000),
        (" \u{a0}Xa", 0x7ff8000000000000),
        ("1 ", 0x3ff0000000000000),
        ("E2", 0x7ff8000000000000),
        ("Ie10E_", 0x7ff8000000000000),
        (".xa\u{a0}", 0x7ff8000000000000),
        ("I-b", 0x7ff8000000000000),
        ("9x", 0x7ff8000000000000),
        ("1a_e", 0x7ff8000000000000),
        ("n-E ", 0x7ff8000000000000),
    ];
    /// (input bits, `x | 0`, `x >>> 0`) generated by node.
    const INT32: &[(u64, i32, u32)] = &[
        (0x0000000000000000, 0, 0),
        (0x8000000000000000, 0, 0),
        (0x7ff8000000000000, 0, 0),
        (0x7ff0000000000000, 0, 0),
        (0xfff0000000000000, 0, 0),
        (0x3ff0000000000000, 1, 1),
        (0xbff0000000000000, -1, 4294967295),
        (0x3fe0000000000000, 0, 0),
        (0xbfe0000000000000, 0, 0),
        (0x3ffe666666666666, 1, 1),
        (0xbffe666666666666, -1, 4294967295),
        (0x41dfffffffc00000, 2147483647, 2147483647),
        (0x41e0000000000000, -2147483648, 2147483648),
        (0xc1e0000000000000, -2147483648, 2147483648),
        (0xc1e0000000200000, 2147483647, 2147483647),
        (0x41efffffffe00000, -1, 4294967295),
        (0x41f0000000000000, 0, 0),
        (0x41f0000000100000, 1, 1),
        (0xc1efffffffe00000, 1, 1),
        (0xc1f0000000000000, 0, 0),
        (0x41efffffffe00000, -1, 4294967295),
        (0x4340000000000000, 0, 0),
        (0x4340000000000001, 2, 2),
        (0xc340000000000000, 0, 0),
        (0x433fffffffffffff, -1, 4294967295),
        (0x43e0000000000000, 0, 0),
        (0x43f0000000000000, 0, 0),
        (0x43f0000000000001, 4096, 4096),
        (0xc3f0000000000000, 0, 0),
        (0x7e37e43c8800759c, 0, 0),
        (0xfe37e43c8800759c, 0, 0),
        (0x7fefffffffffffff, 0, 0),
        (0x0000000000000001, 0, 0),
        (0x444b1ae4d6e2ef50, -559939584, 3735027712),
        (0x4415af1d78b58c40, 1661992960, 1661992960),
        (0x423cbe991a140000, -1097262572, 3197704724),
        (0xc23cbe991a14c000, 1097262572, 1097262572),
        (0x4530000000000004, 0, 0),
        (0x453ffffffffffffe, 0, 0),
        (0x41f8000000000000, -2147483648, 2147483648),
        (0x44f8000000000000, 0, 0),
        (0x41f0000000080000, 0, 0),
        (0xc1f0000000080000, 0, 0),
        (0x400feb851eb851ec, 3, 3),
        (0xc00feb851eb851ec, -3, 4294967293),
        (0x34d1dc0096630c80, 0, 0),
        (0x60fbb200a7672a00, 0, 0),
        (0x31b94200a9fd7a80, 0, 0),
        (0xdb40880033ea4800, 0, 0),
        (0x2cb108800af7ff00, 0, 0),
        (0x7549f3804dae0e00, 0, 0),
        (0xef605600ca38fe00, 0, 0),
        (0xeba8860053956e00, 0, 0),
        (0x3224360025df5e80, 0, 0),
        (0xc5e69d00f5073800, 0, 0),
        (0xd7233800a50f3800, 0, 0),
        (0x3a8b3800a8573880, 0, 0),
        (0x735a6e00bf053600, 0, 0),
        (0xafac5e0005086600, 0, 0),
        (0x97a7ce70cdf96600, 0, 0),
        (0x9444ce006c101600, 0, 0),
        (0xed8dbe00493e4600, 0, 0),
        (0x4cd82e002a0ff600, 0, 0),
        (0x09c01e80c7185d00, 0, 0),
        (0x1fb5f800c20af880, 0, 0),
        (0xa9632e00eb3ef600, 0, 0),
        (0x9cc31e0066382600, 0, 0),
        (0x057c8e001d4cd670, 0, 0),
        (0x2dadce402d58b180, 0, 0),
        (0x1dd8f40087b84480, 0, 0),
        (0x69548a00570b2200, 0, 0),
        (0xc019da00476e3200, -6, 4294967290),
        (0xa927aa0097afc200, 0, 0),
        (0x2ef1fa001333d280, 0, 0),
        (0x463401008272cd00, 0, 0),
        (0x1357a800e182e880, 0, 0),
        (0x3a945e00d9d06680, 0, 0),
        (0x03f704000b651470, 0, 0),
        (0xe4e43440a6962000, 0, 0),
        (0x6bac0000403c6000, 0, 0),
        (0xfef54000c7eca000, 0, 0),
        (0xf8808000f5b6e000, 0, 0),
        (0x971dc000e82b2000, 0, 0),
        (0xbe1d0000c8596000, 0, 0),
        (0xc94e40000dd1a000, 0, 0),
        (0x8101808045cb1600, 0, 0),
        (0x9c2cbe0014f14600, 0, 0),
        (0x920f2e8047a22c00, 0, 0),
        (0xf1751c0025654c00, 0, 0),
        (0x9149bc809ed4a200, 0, 0),
        (0xb5e55a00f013b200, 0, 0),
        (0xe49f2a0052914200, 0, 0),
        (0x75f57a0060b15200, 0, 0),
        (0x9e7c4a009577e200, 0, 0),
        (0xf6e79a00cd88f200, 0, 0),
        (0x690b6a0030288200, 0, 0),
        (0x64dbba80a361c800, 0, 0),
        (0x0b928800c2d44880, 0, 0),
        (0x357a3e00f7f0c680, 0, 0),
        (0xf4ffe400a06c7400, 0, 0),
        (0x1185c400cfacd480, 0, 0),
        (0xf055da0018fa3200, 0, 0),
        (0x89c3aa80a542f800, 0, 0),
        (0x9513f8005f10f800, 0, 0),
        (0x75c9f800808ef800, 0, 0),
        (0x1c6ff800093cf880, 0, 0),
        (0x35ad2f00f90f6380, 0, 0),
        (0x30debe00a0bb4680, 0, 0),
        (0x86386400ac7af400, 0, 0),
        (0x9eb244007a9f5400, 0, 0),
        (0xb96f2400a94ab400, 0, 0),
        (0x0fa70400a5551480, 0, 0),
        (0xac791a00717c7200, 0, 0),
        (0x68b8ea00ea080200, 0, 0),
        (0xa2053a006fe61200, 0, 0),
        (0xaa720a000d9aa200, 0, 0),
        (0x34335a805e70e900, 0, 0),
        (0xd311950077e2d000, 0, 0),
        (0x06f2f0009a909070, 0, 0),
        (0x023000008e706070, 0, 0),
        (0xe9db9000d85cb000, 0, 0),
        (0x7d1750003d4d7000, 0, 0),
        (0x52191080dab36600, 0, 0),
        (0xab76ce00885a1600, 0, 0),
        (0x850fbe0067984600, 0, 0),
        (0x4400ab5f9cbfb3c4, -159875072, 4135092224),
        (0x42d5b7226743e421, -1986195568, 2308771728),
        (0xc011be298630fe68, -4, 4294967292),
        (0x41d3a670776ab8f0, 1318699485, 1318699485),
        (0xc523ba0dd2e2d2ff, -2147483648, 2147483648),
        (0x40d5a19319710a1d, 22150, 22150),
        (0xc429eca03db42f9a, -399310848, 3895656448),
        (0x42df1943441593a8, 219174478, 219174478),
        (0xc2b200137aef8e83, -326823822, 3968143474),
        (0x434996e2dc1a3af0, -1204521504, 3090445792),
        (0x424e26d3174f119e, 1302736542, 1302736542),
        (0x4414dfa60f590300, 1086324736, 1086324736),
        (0xc16de0a2db33f52e, -15664406, 4279302890),
        (0xc1eaaf2b8fb978ca, 713466755, 713466755),
        (0x42b590f754922f88, -145452497, 4149514799),
        (0xbfd3a9e6c1fda4bb, 0, 0),
        (0x41b999e2b5e2b164, 429515445, 429515445),
        (0xc4a1d4b4ec103c8f, -1199570944, 3095396352),
        (0x44621720aab4cd63, 1796734976, 1796734976),
        (0x4250530f3e4b8ff0, 1279064366, 1279064366),
        (0xc2e9769bcd915791, 563311940, 563311940),
        (0x432763e3ac3ad169, -702715724, 3592251572),
        (0x42209761f6db660e, 1269889901, 1269889901),
        (0xc4a59688c652ff8e, 956301312, 956301312),
        (0xc33358d1d01d3d6d, 803390099, 803390099),
        (0x4129db56807364f0, 847275, 847275),
        (0xc05e016dfcfce980, -120, 4294967176),
        (0xc481d70789285ac5, -1486880768, 2808086528),
        (0xc4963efa3e5d6f31, 868220928, 868220928),
        (0xc51267148a68ccab, 1073741824, 1073741824),
        (0xc1ebb80b2a4d38c0, 574596782, 574596782),
        (0xc2cd11d95aaf47d1, 1296736625, 1296736625),
        (0xc1f25024beda64bc, -620907501, 3674059795),
        (0xc0a706bc7b9f485a, -2947, 4294964349),
        (0x4521e1da0a81623e, 0, 0),
        (0x4167c7d29cfdd7b6, 12467860, 12467860),
        (0x403de8587ef520b6, 29, 29),
        (0x44770397240a38ab, -1968177152, 2326790144),
        (0xc43ad8b5bed204a1, -77660160, 4217307136),
        (0x4032e1663482f8b6, 18, 18),
    ];
    /// (a, b, `a % b`) generated by node.
    const REMAINDER: &[(f64, f64, f64)] = &[
        (-7.0, 3.0, -1.0),
        (7.0, -3.0, 1.0),
        (7.0, 3.0, 1.0),
        (-7.0, -3.0, -1.0),
        (5.5, 2.0, 1.5),
        (-5.5, 2.0, -1.5),
        (0.0, 5.0, 0.0),
        (-0.0, 5.0, -0.0),
        (5.0, 0.0, NAN),
        (5.0, -0.0, NAN),
        (NAN, 1.0, NAN),
        (1.0, NAN, NAN),
        (INF, 2.0, NAN),
        (-INF, 2.0, NAN),
        (2.0, INF, 2.0),
        (-2.0, INF, -2.0),
        (-2.0, -INF, -2.0),
        (0.0, INF, 0.0),
        (-0.0, -INF, -0.0),
        (INF, INF, NAN),
        (1e300, 3.0, 0.0),
        (1e300, 1e-300, 4.891554850853602e-301),
        (5e-324, 2.0, 5e-324),
        (-1.0, 1.0, -0.0),
        (-4.0, 2.0, -0.0),
        (4.0, -2.0, 0.0),
        (0.3, 0.1, 0.09999999999999998),
        (1.0, 0.1, 0.09999999999999995),
        (9007199254740992.0, 3.0, 2.0),
        (-9007199254740994.0, 7.0, -6.0),
        (1.7976931348623157e308, 1.5, 0.5),
        (123.456, 0.001, 4.996003610813204e-16),
        (-0.5, 1.0, -0.5),
        (1e-310, 3e-320, 4.125e-321),
        (
            2.337597745431982e-32,
            4.590655473935515e135,
            2.337597745431982e-32,
        ),
        (-212.6990556716919, 8.865811824798584, -8.785383701324463),
        (
            -66.95663928985596,
            -0.0000030836098516811693,
            -0.0000014648193683460247,
        ),
        (379.1898488998413, 5.6459879875183105, 0.908653736114502),
        (
            3.1713677865952163e-93,
            -1.0857254166719368e-37,
            3.1713677865952163e-93,
        ),
        (
            381.1304569244385,
            -6.2701655564259695e-183,
            8.19801021815843e-184,
        ),
        (367.7936792373657, -8.31282377243042, 2.029433250427246),
        (
            2.5600058876498233e-62,
            9.25138235092163,
            2.5600058876498233e-62,
        ),
        (
            -131.09028339385986,
            4.849071010707433e285,
            -131.09028339385986,
        ),
        (293.209433555603, 2.8586651648351814e231, 293.209433555603),
        (
            1.3482855253623234e-109,
            -8.4391188621521,
            1.3482855253623234e-109,
        ),
        (396.35419845581055, -4.250040054321289, 1.100473403930664),
        (310.72187423706055, -3.452920913696289, 3.4119129180908203),
        (
            2.5532079589551e33,
            1.7149754850867045e-207,
            1.649364454380431e-208,
        ),
        (8.034974733077924e83, 6.40399694442749, 1.0470662117004395),
        (
            6.944584611212105e-273,
            -1.236395048213221e258,
            6.944584611212105e-273,
        ),
        (
            39.89684581756592,
            8.935381562982292e-239,
            1.7051331955990198e-239,
        ),
        (
            3.002947983828497e-159,
            -7.450129985809326,
            3.002947983828497e-159,
        ),
        (-479.0811538696289, 8.34716796875, -3.2925796508789062),
        (
            125.01907348632812,
            5.308858174821337e-8,
            4.786177515574727e-8,
        ),
        (194.7317123413086, -4.205112457275391, 1.296539306640625),
        (
            1.0037942344992862e-252,
            -4.216673374176025,
            1.0037942344992862e-252,
        ),
        (
            -319.8281526565552,
            9.769693741023834e307,
            -319.8281526565552,
        ),
        (
            -394.09899711608887,
            -2.476620725986424e-223,
            -1.7721035714698827e-223,
        ),
        (-422.5587844848633, 6.020247936248779, -1.1414289474487305),
        (
            -2.1769476569724843e-147,
            -5.208175182342529,
            -2.1769476569724843e-147,
        ),
        (-492.5098419189453, 9.394969940185547, -3.971405029296875),
        (
            1.1428438046697794e220,
            -1.5999232680829288e216,
            1.8614278143399646e215,
        ),
        (154.3210744857788, 8.89031171798706, 3.1857752799987793),
        (
            8.174945446158924e207,
            -3.8640737533569336,
            1.7603445053100586,
        ),
        (122.56741523742676, -0.2301168441772461, 0.14525413513183594),
        (1.5443242846885848e255, 8.390617370605469, 7.207023620605469),
        (-249.41062927246094, -6.757545471191406, -6.1389923095703125),
        (
            -3.242583782281076e-245,
            6.652998924255371,
            -3.242583782281076e-245,
        ),
        (
            -1.9389986539479815e35,
            8.430695779073557e-237,
            -1.385522530945555e-237,
        ),
        (-344.9500799179077, -6.527595520019531, -5.51511287689209),
        (
            3.205455725278148e-264,
            -5.68105936050415,
            3.205455725278148e-264,
        ),
        (
            281.80623054504395,
            -1.5221598272976627e49,
            281.80623054504395,
        ),
        (
            -2.0291922365478566e-136,
            -2.9103779792785645,
            -2.0291922365478566e-136,
        ),
        (
            -1.0403307412180176e241,
            7.730066806348816e-79,
            -2.0075438652131368e-79,
        ),
        (366.95075035095215, 0.5969572067260742, 0.4190254211425781),
        (
            1.6627475336934992e234,
            -9.710221290588379,
            0.29314136505126953,
        ),
        (
            2.144907196914083e269,
            5.311925085155828e-51,
            7.077937473443e-52,
        ),
        (
            2.5886923406618456e-74,
            -7.20956563949585,
            2.5886923406618456e-74,
        ),
        (-453.17888259887695, 9.633080959320068, -0.42407751083374023),
        (
            -3.1777765969344073e94,
            -7.252359390258789,
            -2.1154651641845703,
        ),
        (
            -372602755572367360.0,
            7.9341936111450195,
            -1.795954704284668,
        ),
        (
            -66.90001487731934,
            5.45609757369762e-117,
            -3.1252799582759892e-117,
        ),
        (225.0814437866211, -1.564699020629954e289, 225.0814437866211),
        (
            -1.374211054952948e303,
            9.498987197875977,
            -3.0932865142822266,
        ),
        (
            200.63447952270508,
            3.2136276402779047e71,
            200.63447952270508,
        ),
        (
            -3.0014192566832605e-255,
            1.580053003515109e245,
            -3.0014192566832605e-255,
        ),
        (-391.157865524292, -3.4162402153015137, -1.7064809799194336),
        (
            -84.96129512786865,
            -1.0727570362436418e-144,
            -1.0271117145605497e-144,
        ),
        (
            -106.03952407836914,
            1.1033512651599145e205,
            -106.03952407836914,
        ),
        (
            461.4599943161011,
            5.046970809453296e-122,
            1.9070989782198897e-122,
        ),
        (
            -1.0717665915282406e295,
            -5.3813369241806915e104,
            -4.079788835566393e104,
        ),
        (
            -8.603628149681247e240,
            -5.591506185490415e173,
            -4.3928246854402055e173,
        ),
        (
            -3.703665828211641e91,
            -9.112348723908218e-169,
            -7.739880698450056e-169,
        ),
        (
            1.3487492802810653e223,
            -6.642875671386719,
            4.369720458984375,
        ),
        (190.58358669281006, -2.6927876472473145, 2.088451385498047),
        (
            1.1553005610235431e-306,
            -6.000135329518056e40,
            1.1553005610235431e-306,
        ),
        (162.20176219940186, -2.045595645904541, 0.5997061729431152),
        (
            -7.161415013969952e-208,
            4.216125011444092,
            -7.161415013969952e-208,
        ),
        (
            -127.95889377593994,
            -1.7182229994169175e-62,
            -1.622390389718079e-62,
        ),
        (
            -1.4498366432085683e-65,
            3.534667491912842,
            -1.4498366432085683e-65,
        ),
        (5.326628684997559, 1.1865822645844546e115, 5.326628684997559),
        (269.91450786590576, -4.003126621246338, 1.705024242401123),
        (244.6516752243042, -1.2933564186096191, 0.20731210708618164),
        (
            1.8731005470659293e-37,
            -1.592299924123715e302,
            1.8731005470659293e-37,
        ),
    ];
    /// Every `Math` function and its `length`, from node.
    const MATH_LENGTHS: &[(&str, u8)] = &[
        ("abs", 1),
        ("acos", 1),
        ("acosh", 1),
        ("asin", 1),
        ("asinh", 1),
        ("atan", 1),
        ("atan2", 2),
        ("atanh", 1),
        ("cbrt", 1),
        ("ceil", 1),
        ("clz32", 1),
        ("cos", 1),
        ("cosh", 1),
        ("exp", 1),
        ("expm1", 1),
        ("floor", 1),
        ("fround", 1),
        ("hypot", 2),
        ("imul", 2),
        ("log", 1),
        ("log10", 1),
        ("log1p", 1),
        ("log2", 1),
        ("max", 2),
        ("min", 2),
        ("pow", 2),
        ("round", 1),
        ("sign", 1),
        ("sin", 1),
        ("sinh", 1),
        ("sqrt", 1),
        ("tan", 1),
        ("tanh", 1),
        ("trunc", 1),
    ];
    /// The `Math` constants, from node.
    const MATH_CONSTANT_BITS: &[(&str, u64)] = &[
        ("E", 0x4005bf0a8b145769),
        ("LN10", 0x40026bb1bbb55516),
        ("LN2", 0x3fe62e42fefa39ef),
        ("LOG10E", 0x3fdbcb7b1526e50e),
        ("LOG2E", 0x3ff71547652b82fe),
        ("PI", 0x400921fb54442d18),
        ("SQRT1_2", 0x3fe6a09e667f3bcd),
        ("SQRT2", 0x3ff6a09e667f3bcd),
    ];
    /// (function, arguments, result) generated by node.
    const MATH: &[(&str, &[f64], f64)] = &[
        ("abs", &[0.0], 0.0),
        ("abs", &[-0.0], 0.0),
        ("abs", &[NAN], NAN),
        ("abs", &[INF], INF),
        ("abs", &[-INF], INF),
        ("abs", &[1.0], 1.0),
        ("abs", &[-1.0], 1.0),
        ("abs", &[0.5], 0.5),
        ("abs", &[-0.5], 0.5),
        ("abs", &[2.0], 2.0),
        ("abs", &[-2.5], 2.5),
        ("abs", &[0.1], 0.1),
        ("abs", &[0.3], 0.3),
        ("abs", &[0.7], 0.7),
        ("abs", &[1.5], 1.5),
        ("abs", &[2.5], 2.5),
        ("abs", &[3.0], 3.0),
        ("abs", &[4.0], 4.0),
        ("abs", &[6.0], 6.0),
        ("abs", &[7.0], 7.0),
        ("abs", &[10.0], 10.0),
        ("abs", &[90.0], 90.0),
        ("abs", &[1000.0], 1000.0),
        ("abs", &[0.5235987755982988], 0.5235987755982988),
        ("abs", &[1.0471975511965976], 1.0471975511965976),
        ("abs", &[1.5707963267948966], 1.5707963267948966),
        ("abs", &[3.141592653589793], 3.141592653589793),
        ("abs", &[1e-10], 1e-10),
        ("abs", &[10000000000.0], 10000000000.0),
        ("abs", &[0.99], 0.99),
        ("abs", &[1.01], 1.01),
        ("abs", &[-0.9], 0.9),
        ("abs", &[-3.0], 3.0),
        ("abs", &[-6.0], 6.0),
        ("abs", &[1e300], 1e300),
        ("abs", &[5e-324], 5e-324),
        ("abs", &[123.456], 123.456),
        ("abs", &[700.0], 700.0),
        ("abs", &[710.0], 710.0),
        ("abs", &[-745.0], 745.0),
        ("abs", &[-1.6625563357888846e-9], 1.6625563357888846e-9),
        ("abs", &[-7.531442914899987e-127], 7.531442914899987e-127),
        ("abs", &[2.2101992886784896e147], 2.2101992886784896e147),
        ("abs", &[1.5331659643980113e-223], 1.5331659643980113e-223),
        ("abs", &[], NAN),
        ("abs", &[2.0, 3.0], 2.0),
        ("acos", &[0.0], 1.5707963267948966),
        ("acos", &[-0.0], 1.5707963267948966),
        ("acos", &[NAN], NAN),
        ("acos", &[INF], NAN),
        ("acos", &[-INF], NAN),
        ("acos", &[1.0], 0.0),
        ("acos", &[-1.0], 3.141592653589793),
        ("acos", &[0.5], 1.0471975511965979),
        ("acos", &[-0.5], 2.0943951023931957),
        ("acos", &[2.0], NAN),
        ("acos", &[-2.5], NAN),
        ("acos", &[0.1], 1.4706289056333368),
        ("acos", &[0.3], 1.2661036727794992),
        ("acos", &[0.7], 0.7953988301841436),
        ("acos", &[1.5], NAN),
        ("acos", &[2.5], NAN),
        ("acos", &[3.0], NAN),
        ("acos", &[4.0], NAN),
        ("acos", &[6.0], NAN),
        ("acos", &[7.0], NAN),
        ("acos", &[10.0], NAN),
        ("acos", &[90.0], NAN),
        ("acos", &[1000.0], NAN),
        ("acos", &[0.5235987755982988], 1.0197267436954502),
        ("acos", &[1.0471975511965976], NAN),
        ("acos", &[1.5707963267948966], NAN),
        ("acos", &[3.141592653589793], NAN),
        ("acos", &[1e-10], 1.5707963266948965),
        ("acos", &[10000000000.0], NAN),
        ("acos", &[0.99], 0.1415394733244273),
        ("acos", &[1.01], NAN),
        ("acos", &[-0.9], 2.6905658417935308),
        ("acos", &[-3.0], NAN),
        ("acos", &[-6.0], NAN),
        ("acos", &[1e300], NAN),
        ("acos", &[5e-324], 1.5707963267948966),
        ("acos", &[123.456], NAN),
        ("acos", &[700.0], NAN),
        ("acos", &[710.0], NAN),
        ("acos", &[-745.0], NAN),
        ("acos", &[-1.6533298974675902e241], NAN),
        ("acos", &[6.820770750630916e133], NAN),
        ("acos", &[7.544752987146768e286], NAN),
        ("acos", &[4.6993749524107626e-288], 1.5707963267948966),
        ("acos", &[], NAN),
        ("acos", &[2.0, 3.0], NAN),
        ("acosh", &[0.0], NAN),
        ("acosh", &[-0.0], NAN),
        ("acosh", &[NAN], NAN),
        ("acosh", &[INF], INF),
        ("acosh", &[-INF], NAN),
        ("acosh", &[1.0], 0.0),
        ("acosh", &[-1.0], NAN),
        ("acosh", &[0.5], NAN),
        ("acosh", &[-0.5], NAN),
        ("acosh", &[2.0], 1.3169578969248166),
        ("acosh", &[-2.5], NAN),
        ("acosh", &[0.1], NAN),
        ("acosh", &[0.3], NAN),
        ("acosh", &[0.7], NAN),
        ("acosh", &[1.5], 0.9624236501192069),
        ("acosh", &[2.5], 1.566799236972411),
        ("acosh", &[3.0], 1.7627471740390859),
        ("acosh", &[4.0], 2.0634370688955608),
        ("acosh", &[6.0], 2.477888730288475),
        ("acosh", &[7.0], 2.6339157938496336),
        ("acosh", &[10.0], 2.993222846126381),
        ("acosh", &[90.0], 5.192925985263684),
        ("acosh", &[1000.0], 7.600902209541989),
        ("acosh", &[0.5235987755982988], NAN),
        ("acosh", &[1.0471975511965976], 0.30604210861326536),
        ("acosh", &[1.5707963267948966], 1.0232274785475506),
        ("acosh", &[3.141592653589793], 1.811526272460853),
        ("acosh", &[1e-10], NAN),
        ("acosh", &[10000000000.0], 23.7189981105004),
        ("acosh", &[0.99], NAN),
        ("acosh", &[1.01], 0.14130376948564866),
        ("acosh", &[-0.9], NAN),
        ("acosh", &[-3.0], NAN),
        ("acosh", &[-6.0], NAN),
        ("acosh", &[1e300], 691.4686750787736),
        ("acosh", &[5e-324], NAN),
        ("acosh", &[123.456], 5.509015594729667),
        ("acosh", &[700.0], 7.244227005398878),
        ("acosh", &[710.0], 7.258411654661591),
        ("acosh", &[-745.0], NAN),
        ("acosh", &[5.971491304456893e-195], NAN),
        ("acosh", &[8588365616303309000.0], 44.290087306490825),
        ("acosh", &[-1.904439516557517e-38], NAN),
        ("acosh", &[-2.7568485285363366e77], NAN),
        ("acosh", &[], NAN),
        ("acosh", &[2.0, 3.0], 1.3169578969248166),
        ("asin", &[0.0], 0.0),
        ("asin", &[-0.0], -0.0),
        ("asin", &[NAN], NAN),
        ("asin", &[INF], NAN),
        ("asin", &[-INF], NAN),
        ("asin", &[1.0], 1.5707963267948966),
        ("asin", &[-1.0], -1.5707963267948966),
        ("asin", &[0.5], 0.5235987755982989),
        ("asin", &[-0.5], -0.5235987755982989),
        ("asin", &[2.0], NAN),
        ("asin", &[-2.5], NAN),
        ("asin", &[0.1], 0.1001674211615598),
        ("asin", &[0.3], 0.3046926540153975),
        ("asin", &[0.7], 0.775397496610753),
        ("asin", &[1.5], NAN),
        ("asin", &[2.5], NAN),
        ("asin", &[3.0], NAN),
        ("asin", &[4.0], NAN),
        ("asin", &[6.0], NAN),
        ("asin", &[7.0], NAN),
        ("asin", &[10.0], NAN),
        ("asin", &[90.0], NAN),
        ("asin", &[1000.0], NAN),
        ("asin", &[0.5235987755982988], 0.5510695830994463),
        ("asin", &[1.0471975511965976], NAN),
        ("asin", &[1.5707963267948966], NAN),
        ("asin", &[3.141592653589793], NAN),
        ("asin", &[1e-10], 1e-10),
        ("asin", &[10000000000.0], NAN),
        ("asin", &[0.99], 1.4292568534704693),
        ("asin", &[1.01], NAN),
        ("asin", &[-0.9], -1.1197695149986342),
        ("asin", &[-3.0], NAN),
        ("asin", &[-6.0], NAN),
        ("asin", &[1e300], NAN),
        ("asin", &[5e-324], 5e-324),
        ("asin", &[123.456], NAN),
        ("asin", &[700.0], NAN),
        ("asin", &[710.0], NAN),
        ("asin", &[-745.0], NAN),
        ("asin", &[2.1696537636393325e-174], 2.1696537636393325e-174),
        ("asin", &[-1.5208784581501853e291], NAN),
        ("asin", &[3.2132174081552136e259], NAN),
        ("asin", &[-1.0666106361230547e-83], -1.0666106361230547e-83),
        ("asin", &[], NAN),
        ("asin", &[2.0, 3.0], NAN),
        ("asinh", &[0.0], 0.0),
        ("asinh", &[-0.0], -0.0),
        ("asinh", &[NAN], NAN),
        ("asinh", &[INF], INF),
        ("asinh", &[-INF], -INF),
        ("asinh", &[1.0], 0.881373587019543),
        ("asinh", &[-1.0], -0.881373587019543),
        ("asinh", &[0.5], 0.48121182505960347),
        ("asinh", &[-0.5], -0.48121182505960347),
        ("asinh", &[2.0], 1.4436354751788103),
        ("asinh", &[-2.5], -1.6472311463710958),
        ("asinh", &[0.1], 0.09983407889920758),
        ("asinh", &[0.3], 0.29567304756342244),
        ("asinh", &[0.7], 0.6526665660823557),
        ("asinh", &[1.5], 1.1947632172871094),
        ("asinh", &[2.5], 1.6472311463710958),
        ("asinh", &[3.0], 1.8184464592320668),
        ("asinh", &[4.0], 2.0947125472611012),
        ("asinh", &[6.0], 2.491779852644912),
        ("asinh", &[7.0], 2.644120761058629),
        ("asinh", &[10.0], 2.99822295029797),
        ("asinh", &[90.0], 5.192987713658941),
        ("asinh", &[1000.0], 7.600902709541988),
        ("asinh", &[0.5235987755982988], 0.5022189850346115),
        ("asinh", &[1.0471975511965976], 0.9143566553928859),
        ("asinh", &[1.5707963267948966], 1.233403117511217),
        ("asinh", &[3.141592653589793], 1.8622957433108482),
        ("asinh", &[1e-10], 1e-10),
        ("asinh", &[10000000000.0], 23.7189981105004),
        ("asinh", &[0.99], 0.8742848121872949),
        ("asinh", &[1.01], 0.8884270067337183),
        ("asinh", &[-0.9], -0.8088669356527824),
        ("asinh", &[-3.0], -1.8184464592320668),
        ("asinh", &[-6.0], -2.491779852644912),
        ("asinh", &[1e300], 691.4686750787736),
        ("asinh", &[5e-324], 5e-324),
        ("asinh", &[123.456], 5.509048400149605),
        ("asinh", &[700.0], 7.2442280258070415),
        ("asinh", &[710.0], 7.258412646528284),
        ("asinh", &[-745.0], -7.306531849369361),
        (
            "asinh",
            &[-1.1564204883360059e-181],
            -1.1564204883360059e-181,
        ),
        ("asinh", &[-2.494636891523839e95], -220.3528741991472),
        ("asinh", &[-1.3172028449218862e302], -696.3493556961047),
        ("asinh", &[-4.5943376062478714e-61], -4.5943376062478714e-61),
        ("asinh", &[], NAN),
        ("asinh", &[2.0, 3.0], 1.4436354751788103),
        ("atan", &[0.0], 0.0),
        ("atan", &[-0.0], -0.0),
        ("atan", &[NAN], NAN),
        ("atan", &[INF], 1.5707963267948966),
        ("atan", &[-INF], -1.5707963267948966),
        ("atan", &[1.0], 0.7853981633974483),
        ("atan", &[-1.0], -0.7853981633974483),
        ("atan", &[0.5], 0.4636476090008061),
        ("atan", &[-0.5], -0.4636476090008061),
        ("atan", &[2.0], 1.1071487177940904),
        ("atan", &[-2.5], -1.1902899496825317),
        ("atan", &[0.1], 0.09966865249116204),
        ("atan", &[0.3], 0.2914567944778671),
        ("atan", &[0.7], 0.6107259643892086),
        ("atan", &[1.5], 0.982793723247329),
        ("atan", &[2.5], 1.1902899496825317),
        ("atan", &[3.0], 1.2490457723982544),
        ("atan", &[4.0], 1.3258176636680326),
        ("atan", &[6.0], 1.4056476493802699),
        ("atan", &[7.0], 1.4288992721907328),
        ("atan", &[10.0], 1.4711276743037347),
        ("atan", &[90.0], 1.5596856728972892),
        ("atan", &[1000.0], 1.5697963271282298),
        ("atan", &[0.5235987755982988], 0.48234790710102493),
        ("atan", &[1.0471975511965976], 0.808448792630022),
        ("atan", &[1.5707963267948966], 1.0038848218538872),
        ("atan", &[3.141592653589793], 1.2626272556789115),
        ("atan", &[1e-10], 1e-10),
        ("atan", &[10000000000.0], 1.5707963266948965),
        ("atan", &[0.99], 0.7803730800666359),
        ("atan", &[1.01], 0.7903732467283024),
        ("atan", &[-0.9], -0.7328151017865066),
        ("atan", &[-3.0], -1.2490457723982544),
        ("atan", &[-6.0], -1.4056476493802699),
        ("atan", &[1e300], 1.5707963267948966),
        ("atan", &[5e-324], 5e-324),
        ("atan", &[123.456], 1.5626964520979927),
        ("atan", &[700.0], 1.5693677563381414),
        ("atan", &[710.0], 1.5693878770220004),
        ("atan", &[-745.0], -1.56945404572184),
        (
            "atan",
            &[-1.6049233055920138e-264],
            -1.6049233055920138e-264,
        ),
        ("atan", &[-5.700418418258226e-230], -5.700418418258226e-230),
        (
            "atan",
            &[-1.3226903021719951e-154],
            -1.3226903021719951e-154,
        ),
        ("atan", &[-8.384538399567469e-243], -8.384538399567469e-243),
        ("atan", &[], NAN),
        ("atan", &[2.0, 3.0], 1.1071487177940904),
        ("atanh", &[0.0], 0.0),
        ("atanh", &[-0.0], -0.0),
        ("atanh", &[NAN], NAN),
        ("atanh", &[INF], NAN),
        ("atanh", &[-INF], NAN),
        ("atanh", &[1.0], INF),
        ("atanh", &[-1.0], -INF),
        ("atanh", &[0.5], 0.5493061443340548),
        ("atanh", &[-0.5], -0.5493061443340548),
        ("atanh", &[2.0], NAN),
        ("atanh", &[-2.5], NAN),
        ("atanh", &[0.1], 0.10033534773107558),
        ("atanh", &[0.3], 0.30951960420311175),
        ("atanh", &[0.7], 0.8673005276940531),
        ("atanh", &[1.5], NAN),
        ("atanh", &[2.5], NAN),
        ("atanh", &[3.0], NAN),
        ("atanh", &[4.0], NAN),
        ("atanh", &[6.0], NAN),
        ("atanh", &[7.0], NAN),
        ("atanh", &[10.0], NAN),
        ("atanh", &[90.0], NAN),
        ("atanh", &[1000.0], NAN),
        ("atanh", &[0.5235987755982988], 0.581285011694723),
        ("atanh", &[1.0471975511965976], NAN),
        ("atanh", &[1.5707963267948966], NAN),
        ("atanh", &[3.141592653589793], NAN),
        ("atanh", &[1e-10], 1e-10),
        ("atanh", &[10000000000.0], NAN),
        ("atanh", &[0.99], 2.6466524123622457),
        ("atanh", &[1.01], NAN),
        ("atanh", &[-0.9], -1.4722194895832204),
        ("atanh", &[-3.0], NAN),
        ("atanh", &[-6.0], NAN),
        ("atanh", &[1e300], NAN),
        ("atanh", &[5e-324], 5e-324),
        ("atanh", &[123.456], NAN),
        ("atanh", &[700.0], NAN),
        ("atanh", &[710.0], NAN),
        ("atanh", &[-745.0], NAN),
        (
            "atanh",
            &[-1.5449856984334759e-224],
            -1.5449856984334759e-224,
        ),
        ("atanh", &[1.238851598515814e48], NAN),
        ("atanh", &[8.505582751883324e154], NAN),
        ("atanh", &[-1.0804101007842569e56], NAN),
        ("atanh", &[], NAN),
        ("atanh", &[2.0, 3.0], NAN),
        ("cbrt", &[0.0], 0.0),
        ("cbrt", &[-0.0], -0.0),
        ("cbrt", &[NAN], NAN),
        ("cbrt", &[INF], INF),
        ("cbrt", &[-INF], -INF),
        ("cbrt", &[1.0], 1.0),
        ("cbrt", &[-1.0], -1.0),
        ("cbrt", &[0.5], 0.7937005259840998),
        ("cbrt", &[-0.5], -0.7937005259840998),
        ("cbrt", &[2.0], 1.2599210498948732),
        ("cbrt", &[-2.5], -1.3572088082974532),
        ("cbrt", &[0.1], 0.4641588833612779),
        ("cbrt", &[0.3], 0.6694329500821695),
        ("cbrt", &[0.7], 0.8879040017426006),
        ("cbrt", &[1.5], 1.1447142425533319),
        ("cbrt", &[2.5], 1.3572088082974532),
        ("cbrt", &[3.0], 1.4422495703074083),
        ("cbrt", &[4.0], 1.5874010519681996),
        ("cbrt", &[6.0], 1.8171205928321397),
        ("cbrt", &[7.0], 1.9129311827723892),
        ("cbrt", &[10.0], 2.154434690031884),
        ("cbrt", &[90.0], 4.481404746557165),
        ("cbrt", &[1000.0], 10.0),
        ("cbrt", &[0.5235987755982988], 0.8059959770082348),
        ("cbrt", &[1.0471975511965976], 1.0154912975632593),
        ("cbrt", &[1.5707963267948966], 1.1624473515096265),
        ("cbrt", &[3.141592653589793], 1.4645918875615231),
        ("cbrt", &[1e-10], 0.0004641588833612779),
        ("cbrt", &[10000000000.0], 2154.4346900318837),
        ("cbrt", &[0.99], 0.9966554934125964),
        ("cbrt", &[1.01], 1.0033222835420892),
        ("cbrt", &[-0.9], -0.9654893846056298),
        ("cbrt", &[-3.0], -1.4422495703074083),
        ("cbrt", &[-6.0], -1.8171205928321397),
        ("cbrt", &[1e300], 1e100),
        ("cbrt", &[5e-324], 1.7031839360032603e-108),
        ("cbrt", &[123.456], 4.979327984674048),
        ("cbrt", &[700.0], 8.879040017426007),
        ("cbrt", &[710.0], 8.921121404456347),
        ("cbrt", &[-745.0], -9.065367701259413),
        ("cbrt", &[-1.0879224307170356e-46], -4.773819312028426e-16),
        ("cbrt", &[2.93923361226061e-303], 1.4324452616140866e-101),
        ("cbrt", &[4.847826525403776e-89], 3.6462716731407084e-30),
        ("cbrt", &[3.732031225043523e46], 3341810015221987.0),
        ("cbrt", &[], NAN),
        ("cbrt", &[2.0, 3.0], 1.2599210498948732),
        ("ceil", &[0.0], 0.0),
        ("ceil", &[-0.0], -0.0),
        ("ceil", &[NAN], NAN),
        ("ceil", &[INF], INF),
        ("ceil", &[-INF], -INF),
        ("ceil", &[1.0], 1.0),
        ("ceil", &[-1.0], -1.0),
        ("ceil", &[0.5], 1.0),
        ("ceil", &[-0.5], -0.0),
        ("ceil", &[2.0], 2.0),
        ("ceil", &[-2.5], -2.0),
        ("ceil", &[0.1], 1.0),
        ("ceil", &[0.3], 1.0),
        ("ceil", &[0.7], 1.0),
        ("ceil", &[1.5], 2.0),
        ("ceil", &[2.5], 3.0),
        ("ceil", &[3.0], 3.0),
        ("ceil", &[4.0], 4.0),
        ("ceil", &[6.0], 6.0),
        ("ceil", &[7.0], 7.0),
        ("ceil", &[10.0], 10.0),
        ("ceil", &[90.0], 90.0),
        ("ceil", &[1000.0], 1000.0),
        ("ceil", &[0.5235987755982988], 1.0),
        ("ceil", &[1.0471975511965976], 2.0),
        ("ceil", &[1.5707963267948966], 2.0),
        ("ceil", &[3.141592653589793], 4.0),
        ("ceil", &[1e-10], 1.0),
        ("ceil", &[10000000000.0], 10000000000.0),
        ("ceil", &[0.99], 1.0),
        ("ceil", &[1.01], 2.0),
        ("ceil", &[-0.9], -0.0),
        ("ceil", &[-3.0], -3.0),
        ("ceil", &[-6.0], -6.0),
        ("ceil", &[1e300], 1e300),
        ("ceil", &[5e-324], 1.0),
        ("ceil", &[123.456], 124.0),
        ("ceil", &[700.0], 700.0),
        ("ceil", &[710.0], 710.0),
        ("ceil", &[-745.0], -745.0),
        ("ceil", &[1.0538426755693847e99], 1.0538426755693847e99),
        ("ceil", &[-3.146170624727458e-9], -0.0),
        ("ceil", &[9.035951714750256e273], 9.035951714750256e273),
        ("ceil", &[1.1079665739653815e151], 1.1079665739653815e151),
        ("ceil", &[], NAN),
        ("ceil", &[2.0, 3.0], 2.0),
        ("clz32", &[0.0], 32.0),
        ("clz32", &[-0.0], 32.0),
        ("clz32", &[NAN], 32.0),
        ("clz32", &[INF], 32.0),
        ("clz32", &[-INF], 32.0),
        ("clz32", &[1.0], 31.0),
        ("clz32", &[-1.0], 0.0),
        ("clz32", &[0.5], 32.0),
        ("clz32", &[-0.5], 32.0),
        ("clz32", &[2.0], 30.0),
        ("clz32", &[-2.5], 0.0),
        ("clz32", &[0.1], 32.0),
        ("clz32", &[0.3], 32.0),
        ("clz32", &[0.7], 32.0),
        ("clz32", &[1.5], 31.0),
        ("clz32", &[2.5], 30.0),
        ("clz32", &[3.0], 30.0),
        ("clz32", &[4.0], 29.0),
        ("clz32", &[6.0], 29.0),
        ("clz32", &[7.0], 29.0),
        ("clz32", &[10.0], 28.0),
        ("clz32", &[90.0], 25.0),
        ("clz32", &[1000.0], 22.0),
        ("clz32", &[0.5235987755982988], 32.0),
        ("clz32", &[1.0471975511965976], 31.0),
        ("clz32", &[1.5707963267948966], 31.0),
        ("clz32", &[3.141592653589793], 30.0),
        ("clz32", &[1e-10], 32.0),
        ("clz32", &[10000000000.0], 1.0),
        ("clz32", &[0.99], 32.0),
        ("clz32", &[1.01], 31.0),
        ("clz32", &[-0.9], 32.0),
        ("clz32", &[-3.0], 0.0),
        ("clz32", &[-6.0], 0.0),
        ("clz32", &[1e300], 32.0),
        ("clz32", &[5e-324], 32.0),
        ("clz32", &[123.456], 25.0),
        ("clz32", &[700.0], 22.0),
        ("clz32", &[710.0], 22.0),
        ("clz32", &[-745.0], 0.0),
        ("clz32", &[3.4397728852448833e25], 32.0),
        ("clz32", &[-2.2351172236009478e-265], 32.0),
        ("clz32", &[-1.6232589769475532e61], 32.0),
        ("clz32", &[-3.2376521861018887e289], 32.0),
        ("clz32", &[], 32.0),
        ("clz32", &[2.0, 3.0], 30.0),
        ("cos", &[0.0], 1.0),
        ("cos", &[-0.0], 1.0),
        ("cos", &[NAN], NAN),
        ("cos", &[INF], NAN),
        ("cos", &[-INF], NAN),
        ("cos", &[1.0], 0.5403023058681398),
        ("cos", &[-1.0], 0.5403023058681398),
        ("cos", &[0.5], 0.8775825618903728),
        ("cos", &[-0.5], 0.8775825618903728),
        ("cos", &[2.0], -0.4161468365471424),
        ("cos", &[-2.5], -0.8011436155469337),
        ("cos", &[0.1], 0.9950041652780257),
        ("cos", &[0.3], 0.955336489125606),
        ("cos", &[0.7], 0.7648421872844885),
        ("cos", &[1.5], 0.0707372016677029),
        ("cos", &[2.5], -0.8011436155469337),
        ("cos", &[3.0], -0.9899924966004454),
        ("cos", &[4.0], -0.6536436208636119),
        ("cos", &[6.0], 0.9601702866503661),
        ("cos", &[7.0], 0.7539022543433046),
        ("cos", &[10.0], -0.8390715290764524),
        ("cos", &[90.0], -0.4480736161291702),
        ("cos", &[1000.0], 0.562379076290703),
        ("cos", &[0.5235987755982988], 0.8660254037844387),
        ("cos", &[1.0471975511965976], 0.5000000000000001),
        ("cos", &[1.5707963267948966], 6.123233995736766e-17),
        ("cos", &[3.141592653589793], -1.0),
        ("cos", &[1e-10], 1.0),
        ("cos", &[10000000000.0], 0.873119622676856),
        ("cos", &[0.99], 0.5486898605815875),
        ("cos", &[1.01], 0.5318607213743555),
        ("cos", &[-0.9], 0.6216099682706644),
        ("cos", &[-3.0], -0.9899924966004454),
        ("cos", &[-6.0], 0.9601702866503661),
        ("cos", &[1e300], -0.5753861119575491),
        ("cos", &[5e-324], 1.0),
        ("cos", &[123.456], -0.5947139710921574),
        ("cos", &[700.0], -0.8391043258807425),
        ("cos", &[710.0], 0.999999998182636),
        ("cos", &[-745.0], -0.9036663888697973),
        ("cos", &[-52677248842536.0], -0.8953162263292317),
        ("cos", &[-2.538968256053859e-119], 1.0),
        ("cos", &[-4.1085848451792743e-147], 1.0),
        ("cos", &[62562245833.92578], -0.8076252504729914),
        ("cos", &[], NAN),
        ("cos", &[2.0, 3.0], -0.4161468365471424),
        ("cosh", &[0.0], 1.0),
        ("cosh", &[-0.0], 1.0),
        ("cosh", &[NAN], NAN),
        ("cosh", &[INF], INF),
        ("cosh", &[-INF], INF),
        ("cosh", &[1.0], 1.5430806348152437),
        ("cosh", &[-1.0], 1.5430806348152437),
        ("cosh", &[0.5], 1.1276259652063807),
        ("cosh", &[-0.5], 1.1276259652063807),
        ("cosh", &[2.0], 3.7621956910836314),
        ("cosh", &[-2.5], 6.132289479663686),
        ("cosh", &[0.1], 1.0050041680558035),
        ("cosh", &[0.3], 1.0453385141288605),
        ("cosh", &[0.7], 1.255169005630943),
        ("cosh", &[1.5], 2.352409615243247),
        ("cosh", &[2.5], 6.132289479663686),
        ("cosh", &[3.0], 10.067661995777765),
        ("cosh", &[4.0], 27.308232836016487),
        ("cosh", &[6.0], 201.7156361224559),
        ("cosh", &[7.0], 548.317035155212),
        ("cosh", &[10.0], 11013.232920103324),
        ("cosh", &[90.0], 6.102016471589204e38),
        ("cosh", &[1000.0], INF),
        ("cosh", &[0.5235987755982988], 1.1402383210764286),
        ("cosh", &[1.0471975511965976], 1.600286857702386),
        ("cosh", &[1.5707963267948966], 2.5091784786580567),
        ("cosh", &[3.141592653589793], 11.591953275521519),
        ("cosh", &[1e-10], 1.0),
        ("cosh", &[10000000000.0], INF),
        ("cosh", &[0.99], 1.531405581685654),
        ("cosh", &[1.01], 1.5549099972942197),
        ("cosh", &[-0.9], 1.4330863854487745),
        ("cosh", &[-3.0], 10.067661995777765),
        ("cosh", &[-6.0], 201.7156361224559),
        ("cosh", &[1e300], INF),
        ("cosh", &[5e-324], 1.0),
        ("cosh", &[123.456], 2.066472176389053e53),
        ("cosh", &[700.0], 5.0711602736750225e303),
        ("cosh", &[710.0], 1.1169973830808557e308),
        ("cosh", &[-745.0], INF),
        ("cosh", &[6.066432799903644e-95], 1.0),
        ("cosh", &[9.209840115879618e35], INF),
        ("cosh", &[-3.70931159472233e254], INF),
        ("cosh", &[-1.9489982691325773e249], INF),
        ("cosh", &[], NAN),
        ("cosh", &[2.0, 3.0], 3.7621956910836314),
        ("exp", &[0.0], 1.0),
        ("exp", &[-0.0], 1.0),
        ("exp", &[NAN], NAN),
        ("exp", &[INF], INF),
        ("exp", &[-INF], 0.0),
        ("exp", &[1.0], 2.718281828459045),
        ("exp", &[-1.0], 0.36787944117144233),
        ("exp", &[0.5], 1.6487212707001282),
        ("exp", &[-0.5], 0.6065306597126334),
        ("exp", &[2.0], 7.38905609893065),
        ("exp", &[-2.5], 0.0820849986238988),
        ("exp", &[0.1], 1.1051709180756477),
        ("exp", &[0.3], 1.3498588075760032),
        ("exp", &[0.7], 2.0137527074704766),
        ("exp", &[1.5], 4.4816890703380645),
        ("exp", &[2.5], 12.182493960703473),
        ("exp", &[3.0], 20.085536923187668),
        ("exp", &[4.0], 54.598150033144236),
        ("exp", &[6.0], 403.4287934927351),
        ("exp", &[7.0], 1096.6331584284585),
        ("exp", &[10.0], 22026.465794806718),
        ("exp", &[90.0], 1.2204032943178408e39),
        ("exp", &[1000.0], INF),
        ("exp", &[0.5235987755982988], 1.6880917949644685),
        ("exp", &[1.0471975511965976], 2.849653908226361),
        ("exp", &[1.5707963267948966], 4.810477380965351),
        ("exp", &[3.141592653589793], 23.140692632779267),
        ("exp", &[1e-10], 1.0000000001),
        ("exp", &[10000000000.0], INF),
        ("exp", &[0.99], 2.6912344723492625),
        ("exp", &[1.01], 2.7456010150169163),
        ("exp", &[-0.9], 0.4065696597405991),
        ("exp", &[-3.0], 0.049787068367863944),
        ("exp", &[-6.0], 0.0024787521766663585),
        ("exp", &[1e300], INF),
        ("exp", &[5e-324], 1.0),
        ("exp", &[123.456], 4.132944352778106e53),
        ("exp", &[700.0], 1.0142320547350045e304),
        ("exp", &[710.0], INF),
        ("exp", &[-745.0], 5e-324),
        ("exp", &[2.7882650838192586e174], INF),
        ("exp", &[5.13742197237996e-32], 1.0),
        ("exp", &[7.345610434040701e227], INF),
        ("exp", &[5.6078043292266e-109], 1.0),
        ("exp", &[], NAN),
        ("exp", &[2.0, 3.0], 7.38905609893065),
        ("expm1", &[0.0], 0.0),
        ("expm1", &[-0.0], -0.0),
        ("expm1", &[NAN], NAN),
        ("expm1", &[INF], INF),
        ("expm1", &[-INF], -1.0),
        ("expm1", &[1.0], 1.718281828459045),
        ("expm1", &[-1.0], -0.6321205588285577),
        ("expm1", &[0.5], 0.6487212707001282),
        ("expm1", &[-0.5], -0.3934693402873666),
        ("expm1", &[2.0], 6.38905609893065),
        ("expm1", &[-2.5], -0.9179150013761013),
        ("expm1", &[0.1], 0.10517091807564763),
        ("expm1", &[0.3], 0.3498588075760031),
        ("expm1", &[0.7], 1.0137527074704764),
        ("expm1", &[1.5], 3.481689070338065),
        ("expm1", &[2.5], 11.182493960703473),
        ("expm1", &[3.0], 19.085536923187668),
        ("expm1", &[4.0], 53.598150033144236),
        ("expm1", &[6.0], 402.4287934927351),
        ("expm1", &[7.0], 1095.6331584284585),
        ("expm1", &[10.0], 22025.465794806718),
        ("expm1", &[90.0], 1.2204032943178408e39),
        ("expm1", &[1000.0], INF),
        ("expm1", &[0.5235987755982988], 0.6880917949644685),
        ("expm1", &[1.0471975511965976], 1.8496539082263612),
        ("expm1", &[1.5707963267948966], 3.8104773809653514),
        ("expm1", &[3.141592653589793], 22.140692632779267),
        ("expm1", &[1e-10], 1.00000000005e-10),
        ("expm1", &[10000000000.0], INF),
        ("expm1", &[0.99], 1.6912344723492623),
        ("expm1", &[1.01], 1.7456010150169166),
        ("expm1", &[-0.9], -0.5934303402594009),
        ("expm1", &[-3.0], -0.950212931632136),
        ("expm1", &[-6.0], -0.9975212478233336),
        ("expm1", &[1e300], INF),
        ("expm1", &[5e-324], 5e-324),
        ("expm1", &[123.456], 4.132944352778106e53),
        ("expm1", &[700.0], 1.0142320547350045e304),
        ("expm1", &[710.0], INF),
        ("expm1", &[-745.0], -1.0),
        ("expm1", &[2.1305917632101728e172], INF),
        ("expm1", &[1.127572895211282e-51], 1.127572895211282e-51),
        ("expm1", &[-5.343817283793879e158], -1.0),
        ("expm1", &[2.629396094524426e-175], 2.629396094524426e-175),
        ("expm1", &[], NAN),
        ("expm1", &[2.0, 3.0], 6.38905609893065),
        ("floor", &[0.0], 0.0),
        ("floor", &[-0.0], -0.0),
        ("floor", &[NAN], NAN),
        ("floor", &[INF], INF),
        ("floor", &[-INF], -INF),
        ("floor", &[1.0], 1.0),
        ("floor", &[-1.0], -1.0),
        ("floor", &[0.5], 0.0),
        ("floor", &[-0.5], -1.0),
        ("floor", &[2.0], 2.0),
        ("floor", &[-2.5], -3.0),
        ("floor", &[0.1], 0.0),
        ("floor", &[0.3], 0.0),
        ("floor", &[0.7], 0.0),
        ("floor", &[1.5], 1.0),
        ("floor", &[2.5], 2.0),
        ("floor", &[3.0], 3.0),
        ("floor", &[4.0], 4.0),
        ("floor", &[6.0], 6.0),
        ("floor", &[7.0], 7.0),
        ("floor", &[10.0], 10.0),
        ("floor", &[90.0], 90.0),
        ("floor", &[1000.0], 1000.0),
        ("floor", &[0.5235987755982988], 0.0),
        ("floor", &[1.0471975511965976], 1.0),
        ("floor", &[1.5707963267948966], 1.0),
        ("floor", &[3.141592653589793], 3.0),
        ("floor", &[1e-10], 0.0),
        ("floor", &[10000000000.0], 10000000000.0),
        ("floor", &[0.99], 0.0),
        ("floor", &[1.01], 1.0),
        ("floor", &[-0.9], -1.0),
        ("floor", &[-3.0], -3.0),
        ("floor", &[-6.0], -6.0),
        ("floor", &[1e300], 1e300),
        ("floor", &[5e-324], 0.0),
        ("floor", &[123.456], 123.0),
        ("floor", &[700.0], 700.0),
        ("floor", &[710.0], 710.0),
        ("floor", &[-745.0], -745.0),
        ("floor", &[-4.352912982435853e211], -4.352912982435853e211),
        ("floor", &[-2.974036287619865e284], -2.974036287619865e284),
        ("floor", &[2.3390013417405017e79], 2.3390013417405017e79),
        ("floor", &[8.524240685423864e-111], 0.0),
        ("floor", &[], NAN),
        ("floor", &[2.0, 3.0], 2.0),
        ("fround", &[0.0], 0.0),
        ("fround", &[-0.0], -0.0),
        ("fround", &[NAN], NAN),
        ("fround", &[INF], INF),
        ("fround", &[-INF], -INF),
        ("fround", &[1.0], 1.0),
        ("fround", &[-1.0], -1.0),
        ("fround", &[0.5], 0.5),
        ("fround", &[-0.5], -0.5),
        ("fround", &[2.0], 2.0),
        ("fround", &[-2.5], -2.5),
        ("fround", &[0.1], 0.10000000149011612),
        ("fround", &[0.3], 0.30000001192092896),
        ("fround", &[0.7], 0.699999988079071),
        ("fround", &[1.5], 1.5),
        ("fround", &[2.5], 2.5),
        ("fround", &[3.0], 3.0),
        ("fround", &[4.0], 4.0),
        ("fround", &[6.0], 6.0),
        ("fround", &[7.0], 7.0),
        ("fround", &[10.0], 10.0),
        ("fround", &[90.0], 90.0),
        ("fround", &[1000.0], 1000.0),
        ("fround", &[0.5235987755982988], 0.5235987901687622),
        ("fround", &[1.0471975511965976], 1.0471975803375244),
        ("fround", &[1.5707963267948966], 1.5707963705062866),
        ("fround", &[3.141592653589793], 3.1415927410125732),
        ("fround", &[1e-10], 1.000000013351432e-10),
        ("fround", &[10000000000.0], 10000000000.0),
        ("fround", &[0.99], 0.9900000095367432),
        ("fround", &[1.01], 1.0099999904632568),
        ("fround", &[-0.9], -0.8999999761581421),
        ("fround", &[-3.0], -3.0),
        ("fround", &[-6.0], -6.0),
        ("fround", &[1e300], INF),
        ("fround", &[5e-324], 0.0),
        ("fround", &[123.456], 123.45600128173828),
        ("fround", &[700.0], 700.0),
        ("fround", &[710.0], 710.0),
        ("fround", &[-745.0], -745.0),
        ("fround", &[3.695708833374583e226], INF),
        ("fround", &[4.407053400647535e84], INF),
        ("fround", &[9.363342860849736e-142], 0.0),
        ("fround", &[0.1024932895983035], 0.1024932861328125),
        ("fround", &[], NAN),
        ("fround", &[2.0, 3.0], 2.0),
        ("log", &[0.0], -INF),
        ("log", &[-0.0], -INF),
        ("log", &[NAN], NAN),
        ("log", &[INF], INF),
        ("log", &[-INF], NAN),
        ("log", &[1.0], 0.0),
        ("log", &[-1.0], NAN),
        ("log", &[0.5], -0.6931471805599453),
        ("log", &[-0.5], NAN),
        ("log", &[2.0], 0.6931471805599453),
        ("log", &[-2.5], NAN),
        ("log", &[0.1], -2.3025850929940455),
        ("log", &[0.3], -1.2039728043259361),
        ("log", &[0.7], -0.35667494393873245),
        ("log", &[1.5], 0.4054651081081644),
        ("log", &[2.5], 0.9162907318741551),
        ("log", &[3.0], 1.0986122886681096),
        ("log", &[4.0], 1.3862943611198906),
        ("log", &[6.0], 1.791759469228055),
        ("log", &[7.0], 1.9459101490553132),
        ("log", &[10.0], 2.302585092994046),
        ("log", &[90.0], 4.499809670330265),
        ("log", &[1000.0], 6.907755278982137),
        ("log", &[0.5235987755982988], -0.6470295833786549),
        ("log", &[1.0471975511965976], 0.046117597181290375),
        ("log", &[1.5707963267948966], 0.4515827052894548),
        ("log", &[3.141592653589793], 1.1447298858494002),
        ("log", &[1e-10], -23.025850929940457),
        ("log", &[10000000000.0], 23.025850929940457),
        ("log", &[0.99], -0.01005033585350145),
        ("log", &[1.01], 0.009950330853168092),
        ("log", &[-0.9], NAN),
        ("log", &[-3.0], NAN),
        ("log", &[-6.0], NAN),
        ("log", &[1e300], 690.7755278982137),
        ("log", &[5e-324], -744.4400719213812),
        ("log", &[123.456], 4.815884817283264),
        ("log", &[700.0], 6.551080335043404),
        ("log", &[710.0], 6.565264970035361),
        ("log", &[-745.0], NAN),
        ("log", &[1.0168008384473262e-137], -315.43749647469735),
        ("log", &[-12.984378201766958], NAN),
        ("log", &[7.796750371653289e143], 331.3233753260155),
        ("log", &[-2.5911446805609926e168], NAN),
        ("log", &[], NAN),
        ("log", &[2.0, 3.0], 0.6931471805599453),
        ("log10", &[0.0], -INF),
        ("log10", &[-0.0], -INF),
        ("log10", &[NAN], NAN),
        ("log10", &[INF], INF),
        ("log10", &[-INF], NAN),
        ("log10", &[1.0], 0.0),
        ("log10", &[-1.0], NAN),
        ("log10", &[0.5], -0.3010299956639812),
        ("log10", &[-0.5], NAN),
        ("log10", &[2.0], 0.3010299956639812),
        ("log10", &[-2.5], NAN),
        ("log10", &[0.1], -1.0),
        ("log10", &[0.3], -0.5228787452803376),
        ("log10", &[0.7], -0.1549019599857432),
        ("log10", &[1.5], 0.17609125905568124),
        ("log10", &[2.5], 0.3979400086720376),
        ("log10", &[3.0], 0.47712125471966244),
        ("log10", &[4.0], 0.6020599913279624),
        ("log10", &[6.0], 0.7781512503836436),
        ("log10", &[7.0], 0.8450980400142568),
        ("log10", &[10.0], 1.0),
        ("log10", &[90.0], 1.9542425094393248),
        ("log10", &[1000.0], 3.0),
        ("log10", &[0.5235987755982988], -0.2810013776895098),
        ("log10", &[1.0471975511965976], 0.02002861797447137),
        ("log10", &[1.5707963267948966], 0.19611987703015263),
        ("log10", &[3.141592653589793], 0.4971498726941338),
        ("log10", &[1e-10], -10.0),
        ("log10", &[10000000000.0], 10.0),
        ("log10", &[0.99], -0.004364805402450088),
        ("log10", &[1.01], 0.004321373782642578),
        ("log10", &[-0.9], NAN),
        ("log10", &[-3.0], NAN),
        ("log10", &[-6.0], NAN),
        ("log10", &[1e300], 300.0),
        ("log10", &[5e-324], -323.3062153431158),
        ("log10", &[123.456], 2.0915122016277716),
        ("log10", &[700.0], 2.845098040014257),
        ("log10", &[710.0], 2.8512583487190755),
        ("log10", &[-745.0], NAN),
        ("log10", &[9.42651731352028e-140], -139.0256487304747),
        ("log10", &[2.182668487176282e-169], -168.66101222174535),
        ("log10", &[3.5020327712981484e77], 77.54432020580435),
        ("log10", &[-113284081471464.0], NAN),
        ("log10", &[], NAN),
        ("log10", &[2.0, 3.0], 0.3010299956639812),
        ("log1p", &[0.0], 0.0),
        ("log1p", &[-0.0], -0.0),
        ("log1p", &[NAN], NAN),
        ("log1p", &[INF], INF),
        ("log1p", &[-INF], NAN),
        ("log1p", &[1.0], 0.6931471805599453),
        ("log1p", &[-1.0], -INF),
        ("log1p", &[0.5], 0.4054651081081644),
        ("log1p", &[-0.5], -0.6931471805599453),
        ("log1p", &[2.0], 1.0986122886681096),
        ("log1p", &[-2.5], NAN),
        ("log1p", &[0.1], 0.09531017980432487),
        ("log1p", &[0.3], 0.26236426446749106),
        ("log1p", &[0.7], 0.5306282510621704),
        ("log1p", &[1.5], 0.9162907318741551),
        ("log1p", &[2.5], 1.252762968495368),
        ("log1p", &[3.0], 1.3862943611198906),
        ("log1p", &[4.0], 1.6094379124341003),
        ("log1p", &[6.0], 1.9459101490553132),
        ("log1p", &[7.0], 2.0794415416798357),
        ("log1p", &[10.0], 2.3978952727983707),
        ("log1p", &[90.0], 4.51085950651685),
        ("log1p", &[1000.0], 6.90875477931522),
        ("log1p", &[0.5235987755982988], 0.4210751519978743),
        ("log1p", &[1.0471975511965976], 0.7164718096906856),
        ("log1p", &[1.5707963267948966], 0.9442157056960554),
        ("log1p", &[3.141592653589793], 1.4210804127942926),
        ("log1p", &[1e-10], 9.999999999500001e-11),
        ("log1p", &[10000000000.0], 23.025850930040455),
        ("log1p", &[0.99], 0.688134638736401),
        ("log1p", &[1.01], 0.6981347220709844),
        ("log1p", &[-0.9], -2.302585092994046),
        ("log1p", &[-3.0], NAN),
        ("log1p", &[-6.0], NAN),
        ("log1p", &[1e300], 690.7755278982137),
        ("log1p", &[5e-324], 5e-324),
        ("log1p", &[123.456], 4.823952239784821),
        ("log1p", &[700.0], 6.55250788703459),
        ("log1p", &[710.0], 6.566672429803241),
        ("log1p", &[-745.0], NAN),
        ("log1p", &[1.2710599090019256e-253], 1.2710599090019256e-253),
        ("log1p", &[-1.6003266608750458e178], NAN),
        ("log1p", &[-5.956120660351485e-207], -5.956120660351485e-207),
        (
            "log1p",
            &[-3.0823462783456148e-248],
            -3.0823462783456148e-248,
        ),
        ("log1p", &[], NAN),
        ("log1p", &[2.0, 3.0], 1.0986122886681096),
        ("log2", &[0.0], -INF),
        ("log2", &[-0.0], -INF),
        ("log2", &[NAN], NAN),
        ("log2", &[INF], INF),
        ("log2", &[-INF], NAN),
        ("log2", &[1.0], 0.0),
        ("log2", &[-1.0], NAN),
        ("log2", &[0.5], -1.0),
        ("log2", &[-0.5], NAN),
        ("log2", &[2.0], 1.0),
        ("log2", &[-2.5], NAN),
        ("log2", &[0.1], -3.321928094887362),
        ("log2", &[0.3], -1.7369655941662063),
        ("log2", &[0.7], -0.5145731728297583),
        ("log2", &[1.5], 0.5849625007211562),
        ("log2", &[2.5], 1.3219280948873624),
        ("log2", &[3.0], 1.584962500721156),
        ("log2", &[4.0], 2.0),
        ("log2", &[6.0], 2.584962500721156),
        ("log2", &[7.0], 2.807354922057604),
        ("log2", &[10.0], 3.321928094887362),
        ("log2", &[90.0], 6.491853096329675),
        ("log2", &[1000.0], 9.965784284662087),
        ("log2", &[0.5235987755982988], -0.9334663712488376),
        ("log2", &[1.0471975511965976], 0.06653362875116246),
        ("log2", &[1.5707963267948966], 0.6514961294723187),
        ("log2", &[3.141592653589793], 1.6514961294723187),
        ("log2", &[1e-10], -33.219280948873624),
        ("log2", &[10000000000.0], 33.219280948873624),
        ("log2", &[0.99], -0.014499569695115089),
        ("log2", &[1.01], 0.014355292977070054),
        ("log2", &[-0.9], NAN),
        ("log2", &[-3.0], NAN),
        ("log2", &[-6.0], NAN),
        ("log2", &[1e300], 996.5784284662087),
        ("log2", &[5e-324], -1074.0),
        ("log2", &[123.456], 6.947853143387016),
        ("log2", &[700.0], 9.451211111832329),
        ("log2", &[710.0], 9.471675214392045),
        ("log2", &[-745.0], NAN),
        ("log2", &[-4.736902607382134e187], NAN),
        ("log2", &[-5.084832330724436e-199], NAN),
        ("log2", &[3.0517908859770456e253], 842.0574641160867),
        ("log2", &[-5.573636631561572e239], NAN),
        ("log2", &[], NAN),
        ("log2", &[2.0, 3.0], 1.0),
        ("round", &[0.0], 0.0),
        ("round", &[-0.0], -0.0),
        ("round", &[NAN], NAN),
        ("round", &[INF], INF),
        ("round", &[-INF], -INF),
        ("round", &[1.0], 1.0),
        ("round", &[-1.0], -1.0),
        ("round", &[0.5], 1.0),
        ("round", &[-0.5], -0.0),
        ("round", &[2.0], 2.0),
        ("round", &[-2.5], -2.0),
        ("round", &[0.1], 0.0),
        ("round", &[0.3], 0.0),
        ("round", &[0.7], 1.0),
        ("round", &[1.5], 2.0),
        ("round", &[2.5], 3.0),
        ("round", &[3.0], 3.0),
        ("round", &[4.0], 4.0),
        ("round", &[6.0], 6.0),
        ("round", &[7.0], 7.0),
        ("round", &[10.0], 10.0),
        ("round", &[90.0], 90.0),
        ("round", &[1000.0], 1000.0),
        ("round", &[0.5235987755982988], 1.0),
        ("round", &[1.0471975511965976], 1.0),
        ("round", &[1.5707963267948966], 2.0),
        ("round", &[3.141592653589793], 3.0),
        ("round", &[1e-10], 0.0),
        ("round", &[10000000000.0], 10000000000.0),
        ("round", &[0.99], 1.0),
        ("round", &[1.01], 1.0),
        ("round", &[-0.9], -1.0),
        ("round", &[-3.0], -3.0),
        ("round", &[-6.0], -6.0),
        ("round", &[1e300], 1e300),
        ("round", &[5e-324], 0.0),
        ("round", &[123.456], 123.0),
        ("round", &[700.0], 700.0),
        ("round", &[710.0], 710.0),
        ("round", &[-745.0], -745.0),
        ("round", &[6.574921180674001e-96], 0.0),
        ("round", &[7.501301297711712e-149], 0.0),
        ("round", &[3.836873228837648e31], 3.836873228837648e31),
        ("round", &[-1.270982714700642e-66], -0.0),
        ("round", &[], NAN),
        ("round", &[2.0, 3.0], 2.0),
        ("sign", &[0.0], 0.0),
        ("sign", &[-0.0], -0.0),
        ("sign", &[NAN], NAN),
        ("sign", &[INF], 1.0),
        ("sign", &[-INF], -1.0),
        ("sign", &[1.0], 1.0),
        ("sign", &[-1.0], -1.0),
        ("sign", &[0.5], 1.0),
        ("sign", &[-0.5], -1.0),
        ("sign", &[2.0], 1.0),
        ("sign", &[-2.5], -1.0),
        ("sign", &[0.1], 1.0),
        ("sign", &[0.3], 1.0),
        ("sign", &[0.7], 1.0),
        ("sign", &[1.5], 1.0),
        ("sign", &[2.5], 1.0),
        ("sign", &[3.0], 1.0),
        ("sign", &[4.0], 1.0),
        ("sign", &[6.0], 1.0),
        ("sign", &[7.0], 1.0),
        ("sign", &[10.0], 1.0),
        ("sign", &[90.0], 1.0),
        ("sign", &[1000.0], 1.0),
        ("sign", &[0.5235987755982988], 1.0),
        ("sign", &[1.0471975511965976], 1.0),
        ("sign", &[1.5707963267948966], 1.0),
        ("sign", &[3.141592653589793], 1.0),
        ("sign", &[1e-10], 1.0),
        ("sign", &[10000000000.0], 1.0),
        ("sign", &[0.99], 1.0),
        ("sign", &[1.01], 1.0),
        ("sign", &[-0.9], -1.0),
        ("sign", &[-3.0], -1.0),
        ("sign", &[-6.0], -1.0),
        ("sign", &[1e300], 1.0),
        ("sign", &[5e-324], 1.0),
        ("sign", &[123.456], 1.0),
        ("sign", &[700.0], 1.0),
        ("sign", &[710.0], 1.0),
        ("sign", &[-745.0], -1.0),
        ("sign", &[6.051655067770361e-94], 1.0),
        ("sign", &[-9.218005680441873e-132], -1.0),
        ("sign", &[-540431958865321400000.0], -1.0),
        ("sign", &[-2.130890725781246e88], -1.0),
        ("sign", &[], NAN),
        ("sign", &[2.0, 3.0], 1.0),
        ("sin", &[0.0], 0.0),
        ("sin", &[-0.0], -0.0),
        ("sin", &[NAN], NAN),
        ("sin", &[INF], NAN),
        ("sin", &[-INF], NAN),
        ("sin", &[1.0], 0.8414709848078965),
        ("sin", &[-1.0], -0.8414709848078965),
        ("sin", &[0.5], 0.479425538604203),
        ("sin", &[-0.5], -0.479425538604203),
        ("sin", &[2.0], 0.9092974268256817),
        ("sin", &[-2.5], -0.5984721441039564),
        ("sin", &[0.1], 0.09983341664682815),
        ("sin", &[0.3], 0.29552020666133955),
        ("sin", &[0.7], 0.644217687237691),
        ("sin", &[1.5], 0.9974949866040544),
        ("sin", &[2.5], 0.5984721441039564),
        ("sin", &[3.0], 0.1411200080598672),
        ("sin", &[4.0], -0.7568024953079282),
        ("sin", &[6.0], -0.27941549819892586),
        ("sin", &[7.0], 0.6569865987187891),
        ("sin", &[10.0], -0.5440211108893698),
        ("sin", &[90.0], 0.8939966636005579),
        ("sin", &[1000.0], 0.8268795405320025),
        ("sin", &[0.5235987755982988], 0.49999999999999994),
        ("sin", &[1.0471975511965976], 0.8660254037844386),
        ("sin", &[1.5707963267948966], 1.0),
        ("sin", &[3.141592653589793], 1.2246467991473532e-16),
        ("sin", &[1e-10], 1e-10),
        ("sin", &[10000000000.0], -0.4875060250875107),
        ("sin", &[0.99], 0.8360259786005205),
        ("sin", &[1.01], 0.8468318446180152),
        ("sin", &[-0.9], -0.7833269096274834),
        ("sin", &[-3.0], -0.1411200080598672),
        ("sin", &[-6.0], 0.27941549819892586),
        ("sin", &[1e300], -0.8178819121159085),
        ("sin", &[5e-324], 5e-324),
        ("sin", &[123.456], -0.8039373685728239),
        ("sin", &[700.0], 0.5439705233633756),
        ("sin", &[710.0], 0.000060288706691585265),
        ("sin", &[-745.0], 0.42823715115227945),
        ("sin", &[1.1892844645467196e212], -0.9776967127758883),
        ("sin", &[-8.334928466747041e-42], -8.334928466747041e-42),
        ("sin", &[-6.46058522696282e-112], -6.46058522696282e-112),
        ("sin", &[7.290702553740174e51], -0.6975956648127662),
        ("sin", &[], NAN),
        ("sin", &[2.0, 3.0], 0.9092974268256817),
        ("sinh", &[0.0], 0.0),
        ("sinh", &[-0.0], -0.0),
        ("sinh", &[NAN], NAN),
        ("sinh", &[INF], INF),
        ("sinh", &[-INF], -INF),
        ("sinh", &[1.0], 1.1752011936438014),
        ("sinh", &[-1.0], -1.1752011936438014),
        ("sinh", &[0.5], 0.5210953054937474),
        ("sinh", &[-0.5], -0.5210953054937474),
        ("sinh", &[2.0], 3.626860407847019),
        ("sinh", &[-2.5], -6.0502044810397875),
        ("sinh", &[0.1], 0.10016675001984403),
        ("sinh", &[0.3], 0.3045202934471426),
        ("sinh", &[0.7], 0.7585837018395334),
        ("sinh", &[1.5], 2.1292794550948173),
        ("sinh", &[2.5], 6.0502044810397875),
        ("sinh", &[3.0], 10.017874927409903),
        ("sinh", &[4.0], 27.28991719712775),
        ("sinh", &[6.0], 201.71315737027922),
        ("sinh", &[7.0], 548.3161232732465),
        ("sinh", &[10.0], 11013.232874703393),
        ("sinh", &[90.0], 6.102016471589204e38),
        ("sinh", &[1000.0], INF),
        ("sinh", &[0.5235987755982988], 0.5478534738880397),
        ("sinh", &[1.0471975511965976], 1.2493670505239751),
        ("sinh", &[1.5707963267948966], 2.3012989023072947),
        ("sinh", &[3.141592653589793], 11.548739357257748),
        ("sinh", &[1e-10], 1e-10),
        ("sinh", &[10000000000.0], INF),
        ("sinh", &[0.99], 1.1598288906636083),
        ("sinh", &[1.01], 1.1906910177226966),
        ("sinh", &[-0.9], -1.0265167257081753),
        ("sinh", &[-3.0], -10.017874927409903),
        ("sinh", &[-6.0], -201.71315737027922),
        ("sinh", &[1e300], INF),
        ("sinh", &[5e-324], 5e-324),
        ("sinh", &[123.456], 2.066472176389053e53),
        ("sinh", &[700.0], 5.0711602736750225e303),
        ("sinh", &[710.0], 1.1169973830808557e308),
        ("sinh", &[-745.0], -INF),
        ("sinh", &[-2.2103577125323563e153], -INF),
        ("sinh", &[4.6688529481446974e-102], 4.6688529481446974e-102),
        (
            "sinh",
            &[-1.1944804652805851e-148],
            -1.1944804652805851e-148,
        ),
        ("sinh", &[7.395873998284813e81], INF),
        ("sinh", &[], NAN),
        ("sinh", &[2.0, 3.0], 3.626860407847019),
        ("sqrt", &[0.0], 0.0),
        ("sqrt", &[-0.0], -0.0),
        ("sqrt", &[NAN], NAN),
        ("sqrt", &[INF], INF),
        ("sqrt", &[-INF], NAN),
        ("sqrt", &[1.0], 1.0),
        ("sqrt", &[-1.0], NAN),
        ("sqrt", &[0.5], 0.7071067811865476),
        ("sqrt", &[-0.5], NAN),
        ("sqrt", &[2.0], 1.4142135623730951),
        ("sqrt", &[-2.5], NAN),
        ("sqrt", &[0.1], 0.31622776601683794),
        ("sqrt", &[0.3], 0.5477225575051661),
        ("sqrt", &[0.7], 0.8366600265340756),
        ("sqrt", &[1.5], 1.224744871391589),
        ("sqrt", &[2.5], 1.5811388300841898),
        ("sqrt", &[3.0], 1.7320508075688772),
        ("sqrt", &[4.0], 2.0),
        ("sqrt", &[6.0], 2.449489742783178),
        ("sqrt", &[7.0], 2.6457513110645907),
        ("sqrt", &[10.0], 3.1622776601683795),
        ("sqrt", &[90.0], 9.486832980505138),
        ("sqrt", &[1000.0], 31.622776601683793),
        ("sqrt", &[0.5235987755982988], 0.7236012545582676),
        ("sqrt", &[1.0471975511965976], 1.0233267079464885),
        ("sqrt", &[1.5707963267948966], 1.2533141373155001),
        ("sqrt", &[3.141592653589793], 1.7724538509055159),
        ("sqrt", &[1e-10], 0.00001),
        ("sqrt", &[10000000000.0], 100000.0),
        ("sqrt", &[0.99], 0.99498743710662),
        ("sqrt", &[1.01], 1.004987562112089),
        ("sqrt", &[-0.9], NAN),
        ("sqrt", &[-3.0], NAN),
        ("sqrt", &[-6.0], NAN),
        ("sqrt", &[1e300], 1e150),
        ("sqrt", &[5e-324], 2.2227587494850775e-162),
        ("sqrt", &[123.456], 11.111075555498667),
        ("sqrt", &[700.0], 26.457513110645905),
        ("sqrt", &[710.0], 26.645825188948457),
        ("sqrt", &[-745.0], NAN),
        ("sqrt", &[-7.932309597088548e88], NAN),
        ("sqrt", &[-6.864021001689706e-122], NAN),
        ("sqrt", &[-1.3080453528105933e-102], NAN),
        ("sqrt", &[6099390951041.5], 2469694.505610259),
        ("sqrt", &[], NAN),
        ("sqrt", &[2.0, 3.0], 1.4142135623730951),
        ("tan", &[0.0], 0.0),
        ("tan", &[-0.0], -0.0),
        ("tan", &[NAN], NAN),
        ("tan", &[INF], NAN),
        ("tan", &[-INF], NAN),
        ("tan", &[1.0], 1.5574077246549023),
        ("tan", &[-1.0], -1.5574077246549023),
        ("tan", &[0.5], 0.5463024898437905),
        ("tan", &[-0.5], -0.5463024898437905),
        ("tan", &[2.0], -2.185039863261519),
        ("tan", &[-2.5], 0.7470222972386603),
        ("tan", &[0.1], 0.10033467208545055),
        ("tan", &[0.3], 0.30933624960962325),
        ("tan", &[0.7], 0.8422883804630794),
        ("tan", &[1.5], 14.101419947171719),
        ("tan", &[2.5], -0.7470222972386603),
        ("tan", &[3.0], -0.1425465430742778),
        ("tan", &[4.0], 1.1578212823495777),
        ("tan", &[6.0], -0.29100619138474915),
        ("tan", &[7.0], 0.8714479827243187),
        ("tan", &[10.0], 0.6483608274590866),
        ("tan", &[90.0], -1.995200412208242),
        ("tan", &[1000.0], 1.4703241557027185),
        ("tan", &[0.5235987755982988], 0.5773502691896257),
        ("tan", &[1.0471975511965976], 1.7320508075688767),
        ("tan", &[1.5707963267948966], 16331239353195370.0),
        ("tan", &[3.141592653589793], -1.2246467991473532e-16),
        ("tan", &[1e-10], 1e-10),
        ("tan", &[10000000000.0], -0.5583496378112418),
        ("tan", &[0.99], 1.5236767410179022),
        ("tan", &[1.01], 1.5922060242195704),
        ("tan", &[-0.9], -1.2601582175503392),
        ("tan", &[-3.0], 0.1425465430742778),
        ("tan", &[-6.0], 0.29100619138474915),
        ("tan", &[1e300], 1.4214488238747245),
        ("tan", &[5e-324], 5e-324),
        ("tan", &[123.456], 1.3518050821917635),
        ("tan", &[700.0], -0.6482751984294828),
        ("tan", &[710.0], 0.000060288706801151796),
        ("tan", &[-745.0], -0.47388854606827807),
        ("tan", &[-6.656711583264905e96], 0.9335604317379105),
        ("tan", &[-3.885364074659954e-8], -3.885364074659956e-8),
        ("tan", &[2.0325135270140156e121], 1.2576158889463347),
        ("tan", &[1.8095398209282342e96], 0.8370991374157818),
        ("tan", &[], NAN),
        ("tan", &[2.0, 3.0], -2.185039863261519),
        ("tanh", &[0.0], 0.0),
        ("tanh", &[-0.0], -0.0),
        ("tanh", &[NAN], NAN),
        ("tanh", &[INF], 1.0),
        ("tanh", &[-INF], -1.0),
        ("tanh", &[1.0], 0.7615941559557649),
        ("tanh", &[-1.0], -0.7615941559557649),
        ("tanh", &[0.5], 0.46211715726000974),
        ("tanh", &[-0.5], -0.46211715726000974),
        ("tanh", &[2.0], 0.9640275800758169),
        ("tanh", &[-2.5], -0.9866142981514303),
        ("tanh", &[0.1], 0.09966799462495582),
        ("tanh", &[0.3], 0.2913126124515909),
        ("tanh", &[0.7], 0.6043677771171636),
        ("tanh", &[1.5], 0.9051482536448664),
        ("tanh", &[2.5], 0.9866142981514303),
        ("tanh", &[3.0], 0.9950547536867305),
        ("tanh", &[4.0], 0.999329299739067),
        ("tanh", &[6.0], 0.9999877116507956),
        ("tanh", &[7.0], 0.9999983369439447),
        ("tanh", &[10.0], 0.9999999958776927),
        ("tanh", &[90.0], 1.0),
        ("tanh", &[1000.0], 1.0),
        ("tanh", &[0.5235987755982988], 0.4804727781564516),
        ("tanh", &[1.0471975511965976], 0.7807144353592677),
        ("tanh", &[1.5707963267948966], 0.9171523356672744),
        ("tanh", &[3.141592653589793], 0.99627207622075),
        ("tanh", &[1e-10], 1e-10),
        ("tanh", &[10000000000.0], 1.0),
        ("tanh", &[0.99], 0.7573623242165262),
        ("tanh", &[1.01], 0.7657620182484389),
        ("tanh", &[-0.9], -0.7162978701990245),
        ("tanh", &[-3.0], -0.9950547536867305),
        ("tanh", &[-6.0], -0.9999877116507956),
        ("tanh", &[1e300], 1.0),
        ("tanh", &[5e-324], 5e-324),
        ("tanh", &[123.456], 1.0),
        ("tanh", &[700.0], 1.0),
        ("tanh", &[710.0], 1.0),
        ("tanh", &[-745.0], -1.0),
        ("tanh", &[-9.62321544132592e229], -1.0),
        ("tanh", &[2.872754105126822e-228], 2.872754105126822e-228),
        ("tanh", &[2.7863298036655932e-95], 2.7863298036655932e-95),
        ("tanh", &[-1.0089019731507191e266], -1.0),
        ("tanh", &[], NAN),
        ("tanh", &[2.0, 3.0], 0.9640275800758169),
        ("trunc", &[0.0], 0.0),
        ("trunc", &[-0.0], -0.0),
        ("trunc", &[NAN], NAN),
        ("trunc", &[INF], INF),
        ("trunc", &[-INF], -INF),
        ("trunc", &[1.0], 1.0),
        ("trunc", &[-1.0], -1.0),
        ("trunc", &[0.5], 0.0),
        ("trunc", &[-0.5], -0.0),
        ("trunc", &[2.0], 2.0),
        ("trunc", &[-2.5], -2.0),
        ("trunc", &[0.1], 0.0),
        ("trunc", &[0.3], 0.0),
        ("trunc", &[0.7], 0.0),
        ("trunc", &[1.5], 1.0),
        ("trunc", &[2.5], 2.0),
        ("trunc", &[3.0], 3.0),
        ("trunc", &[4.0], 4.0),
        ("trunc", &[6.0], 6.0),
        ("trunc", &[7.0], 7.0),
        ("trunc", &[10.0], 10.0),
        ("trunc", &[90.0], 90.0),
        ("trunc", &[1000.0], 1000.0),
        ("trunc", &[0.5235987755982988], 0.0),
        ("trunc", &[1.0471975511965976], 1.0),
        ("trunc", &[1.5707963267948966], 1.0),
        ("trunc", &[3.141592653589793], 3.0),
        ("trunc", &[1e-10], 0.0),
        ("trunc", &[10000000000.0], 10000000000.0),
        ("trunc", &[0.99], 0.0),
        ("trunc", &[1.01], 1.0),
        ("trunc", &[-0.9], -0.0),
        ("trunc", &[-3.0], -3.0),
        ("trunc", &[-6.0], -6.0),
        ("trunc", &[1e300], 1e300),
        ("trunc", &[5e-324], 0.0),
        ("trunc", &[123.456], 123.0),
        ("trunc", &[700.0], 700.0),
        ("trunc", &[710.0], 710.0),
        ("trunc", &[-745.0], -745.0),
        ("trunc", &[3.597391546051139e289], 3.597391546051139e289),
        ("trunc", &[7.522188545042787e244], 7.522188545042787e244),
        ("trunc", &[1.5425701493027597e-233], 0.0),
        ("trunc", &[2.6038630613801788e-64], 0.0),
        ("trunc", &[], NAN),
        ("trunc", &[2.0, 3.0], 2.0),
        ("round", &[-0.5], -0.0),
        ("round", &[2.5], 3.0),
        ("round", &[-2.5], -2.0),
        ("round", &[0.49999999999999994], 0.0),
        ("round", &[-0.49999999999999994], -0.0),
        ("round", &[-0.0], -0.0),
        ("round", &[0.5], 1.0),
        ("round", &[1.5], 2.0),
        ("round", &[-1.5], -1.0),
        ("round", &[4503599627370495.5], 4503599627370496.0),
        ("round", &[-4503599627370495.5], -4503599627370495.0),
        ("round", &[4503599627370497.0], 4503599627370497.0),
        ("round", &[4503599627370496.0], 4503599627370496.0),
        ("round", &[-4503599627370496.0], -4503599627370496.0),
        ("round", &[9007199254740991.0], 9007199254740991.0),
        ("round", &[0.5000000000000001], 1.0),
        ("round", &[-0.5000000000000001], -1.0),
        ("round", &[1e-300], 0.0),
        ("round", &[-1e-300], -0.0),
        ("fround", &[3.4028235677973366e38], INF),
        ("fround", &[3.4028235677973362e38], 3.4028234663852886e38),
        ("fround", &[1.401298464324817e-45], 1.401298464324817e-45),
        ("fround", &[7.006492321624085e-46], 0.0),
        ("fround", &[7.006492321624087e-46], 1.401298464324817e-45),
        ("fround", &[1e-50], 0.0),
        ("fround", &[-1e-50], -0.0),
        ("fround", &[0.1], 0.10000000149011612),
        ("fround", &[1.0000000596046448], 1.0),
        ("fround", &[16777217.0], 16777216.0),
        ("fround", &[1e39], INF),
        ("clz32", &[0.0], 32.0),
        ("clz32", &[-0.0], 32.0),
        ("clz32", &[1.0], 31.0),
        ("clz32", &[0.5], 32.0),
        ("clz32", &[2147483648.0], 0.0),
        ("clz32", &[4294967296.0], 32.0),
        ("clz32", &[4294967297.0], 31.0),
        ("clz32", &[-1.0], 0.0),
        ("clz32", &[4294967295.0], 0.0),
        ("clz32", &[65535.0], 16.0),
        ("clz32", &[65536.0], 15.0),
        ("clz32", &[1e300], 32.0),
        ("clz32", &[3.9], 30.0),
        ("atan2", &[0.0, 0.0], 0.0),
        ("atan2", &[-0.0, 0.0], -0.0),
        ("atan2", &[0.0, -0.0], 3.141592653589793),
        ("atan2", &[-0.0, -0.0], -3.141592653589793),
        ("atan2", &[1.0, 0.0], 1.5707963267948966),
        ("atan2", &[0.0, 1.0], 0.0),
        ("atan2", &[-1.0, -0.0], -1.5707963267948966),
        ("atan2", &[NAN, 1.0], NAN),
        ("atan2", &[1.0, NAN], NAN),
        ("atan2", &[INF, INF], 0.7853981633974483),
        ("atan2", &[-INF, INF], -0.7853981633974483),
        ("atan2", &[INF, -INF], 2.356194490192345),
        ("atan2", &[-INF, -INF], -2.356194490192345),
        ("atan2", &[1.0, INF], 0.0),
        ("atan2", &[1.0, -INF], 3.141592653589793),
        ("atan2", &[-1.0, INF], -0.0),
        ("atan2", &[-1.0, -INF], -3.141592653589793),
        ("atan2", &[INF, 1.0], 1.5707963267948966),
        ("atan2", &[-INF, -1.0], -1.5707963267948966),
        ("atan2", &[2.0, 3.0], 0.5880026035475675),
        ("atan2", &[-2.0, 3.0], -0.5880026035475675),
        ("atan2", &[-8.0, 0.3333333333333333], -1.5291537476963082),
        ("atan2", &[-2.0, 0.5], -1.3258176636680326),
        ("atan2", &[0.0, -1.0], 3.141592653589793),
        ("atan2", &[-0.0, -1.0], -3.141592653589793),
        ("atan2", &[-0.0, -2.0], -3.141592653589793),
        ("atan2", &[-0.0, 3.0], -0.0),
        ("atan2", &[-0.0, 0.5], -0.0),
        ("atan2", &[0.0, -0.5], 3.141592653589793),
        ("atan2", &[2.0, -1074.0], 3.1397304583494283),
        ("atan2", &[2.0, 1023.0], 0.0019550317222873843),
        ("atan2", &[2.0, 1024.0], 0.0019531225164788188),
        ("atan2", &[2.0, -1075.0], 3.1397321906200713),
        ("atan2", &[10.0, 308.0], 0.032456131229019344),
        ("atan2", &[10.0, -323.0], 3.1106427872884557),
        ("atan2", &[10.0, -324.0], 3.110738250859267),
        (
            "atan2",
            &[1.0000000000000002, 4503599627370496.0],
            2.2204460492503136e-16,
        ),
        (
            "atan2",
            &[0.9999999999999999, 100000000000000000000.0],
            1e-20,
        ),
        ("atan2", &[-1.0, 1e300], -1e-300),
        ("atan2", &[-1.0, 3.0], -0.3217505543966422),
        ("atan2", &[NAN, 0.0], NAN),
        ("atan2", &[NAN, -0.0], NAN),
        ("atan2", &[INF, 0.0], 1.5707963267948966),
        ("atan2", &[3.0, 0.5], 1.4056476493802699),
        ("atan2", &[7.0, -0.5], 1.642103791580187),
        ("atan2", &[1e-300, 1e-300], 0.7853981633974483),
        ("atan2", &[1e300, 1e300], 0.7853981633974483),
        ("atan2", &[3.0, 4.0], 0.6435011087932844),
        ("atan2", &[1e200, 1e200], 0.7853981633974483),
        ("atan2", &[5e-324, 5e-324], 0.7853981633974483),
        ("atan2", &[-5.0, 12.0], -0.39479111969976155),
        ("atan2", &[2147483647.0, 2.0], 1.570796325863574),
        ("atan2", &[4294967295.0, 4294967295.0], 0.7853981633974483),
        ("atan2", &[65535.0, 65537.0], 0.785382904608387),
        ("atan2", &[-2147483648.0, -1.0], -1.570796327260558),
        ("atan2", &[0.5, 0.5], 0.7853981633974483),
        ("atan2", &[1.5, -2.5], 2.601173153319209),
        ("atan2", &[123456789.0, 987654321.0], 0.12435499342522298),
        (
            "atan2",
            &[3.141592653589793, 2.718281828459045],
            0.8575117863558462,
        ),
        (
            "atan2",
            &[1.123284746671235e-123, -1.1715071183348948e89],
            3.141592653589793,
        ),
        (
            "atan2",
            &[-2.0584963594706524e-121, -1.7305742576073407e140],
            -3.141592653589793,
        ),
        (
            "atan2",
            &[8.727252989990529e238, -3.781852196862666e54],
            1.5707963267948966,
        ),
        ("atan2", &[], NAN),
        ("atan2", &[3.0], NAN),
        ("hypot", &[0.0, 0.0], 0.0),
        ("hypot", &[-0.0, 0.0], 0.0),
        ("hypot", &[0.0, -0.0], 0.0),
        ("hypot", &[-0.0, -0.0], 0.0),
        ("hypot", &[1.0, 0.0], 1.0),
        ("hypot", &[0.0, 1.0], 1.0),
        ("hypot", &[-1.0, -0.0], 1.0),
        ("hypot", &[NAN, 1.0], NAN),
        ("hypot", &[1.0, NAN], NAN),
        ("hypot", &[INF, INF], INF),
        ("hypot", &[-INF, INF], INF),
        ("hypot", &[INF, -INF], INF),
        ("hypot", &[-INF, -INF], INF),
        ("hypot", &[1.0, INF], INF),
        ("hypot", &[1.0, -INF], INF),
        ("hypot", &[-1.0, INF], INF),
        ("hypot", &[-1.0, -INF], INF),
        ("hypot", &[INF, 1.0], INF),
        ("hypot", &[-INF, -1.0], INF),
        ("hypot", &[2.0, 3.0], 3.6055512754639896),
        ("hypot", &[-2.0, 3.0], 3.6055512754639896),
        ("hypot", &[-8.0, 0.3333333333333333], 8.006941432976209),
        ("hypot", &[-2.0, 0.5], 2.0615528128088303),
        ("hypot", &[0.0, -1.0], 1.0),
        ("hypot", &[-0.0, -1.0], 1.0),
        ("hypot", &[-0.0, -2.0], 2.0),
        ("hypot", &[-0.0, 3.0], 3.0),
        ("hypot", &[-0.0, 0.5], 0.5),
        ("hypot", &[0.0, -0.5], 0.5),
        ("hypot", &[2.0, -1074.0], 1074.0018621957786),
        ("hypot", &[2.0, 1023.0], 1023.001955032345),
        ("hypot", &[2.0, 1024.0], 1024.0019531231374),
        ("hypot", &[2.0, -1075.0], 1075.0018604635063),
        ("hypot", &[10.0, 308.0], 308.162294903189),
        ("hypot", &[10.0, -323.0], 323.154761685481),
        ("hypot", &[10.0, -324.0], 324.154284253656),
        (
            "hypot",
            &[1.0000000000000002, 4503599627370496.0],
            4503599627370496.0,
        ),
        (
            "hypot",
            &[0.9999999999999999, 100000000000000000000.0],
            100000000000000000000.0,
        ),
        ("hypot", &[-1.0, 1e300], 1e300),
        ("hypot", &[-1.0, 3.0], 3.1622776601683795),
        ("hypot", &[NAN, 0.0], NAN),
        ("hypot", &[NAN, -0.0], NAN),
        ("hypot", &[INF, 0.0], INF),
        ("hypot", &[3.0, 0.5], 3.0413812651491092),
        ("hypot", &[7.0, -0.5], 7.0178344238091),
        ("hypot", &[1e-300, 1e-300], 1.4142135623730952e-300),
        ("hypot", &[1e300, 1e300], 1.4142135623730952e300),
        ("hypot", &[3.0, 4.0], 5.0),
        ("hypot", &[1e200, 1e200], 1.414213562373095e200),
        ("hypot", &[5e-324, 5e-324], 5e-324),
        ("hypot", &[-5.0, 12.0], 13.0),
        ("hypot", &[2147483647.0, 2.0], 2147483647.0),
        ("hypot", &[4294967295.0, 4294967295.0], 6074000998.537887),
        ("hypot", &[65535.0, 65537.0], 92681.90003447275),
        ("hypot", &[-2147483648.0, -1.0], 2147483648.0),
        ("hypot", &[0.5, 0.5], 0.7071067811865476),
        ("hypot", &[1.5, -2.5], 2.91547594742265),
        ("hypot", &[123456789.0, 987654321.0], 995340462.62581),
        (
            "hypot",
            &[3.141592653589793, 2.718281828459045],
            4.154354402313314,
        ),
        (
            "hypot",
            &[-1.419134255344768e-36, 2.6124459292658034e284],
            2.6124459292658034e284,
        ),
        (
            "hypot",
            &[4.172075118813908e-79, 3.6611127535021346e28],
            3.6611127535021346e28,
        ),
        (
            "hypot",
            &[8.796597522627983e104, 2.3927094708095284e-143],
            8.796597522627983e104,
        ),
        ("hypot", &[], 0.0),
        ("hypot", &[3.0], 3.0),
        ("imul", &[0.0, 0.0], 0.0),
        ("imul", &[-0.0, 0.0], 0.0),
        ("imul", &[0.0, -0.0], 0.0),
        ("imul", &[-0.0, -0.0], 0.0),
        ("imul", &[1.0, 0.0], 0.0),
        ("imul", &[0.0, 1.0], 0.0),
        ("imul", &[-1.0, -0.0], 0.0),
        ("imul", &[NAN, 1.0], 0.0),
        ("imul", &[1.0, NAN], 0.0),
        ("imul", &[INF, INF], 0.0),
        ("imul", &[-INF, INF], 0.0),
        ("imul", &[INF, -INF], 0.0),
        ("imul", &[-INF, -INF], 0.0),
        ("imul", &[1.0, INF], 0.0),
        ("imul", &[1.0, -INF], 0.0),
        ("imul", &[-1.0, INF], 0.0),
        ("imul", &[-1.0, -INF], 0.0),
        ("imul", &[INF, 1.0], 0.0),
        ("imul", &[-INF, -1.0], 0.0),
        ("imul", &[2.0, 3.0], 6.0),
        ("imul", &[-2.0, 3.0], -6.0),
        ("imul", &[-8.0, 0.3333333333333333], 0.0),
        ("imul", &[-2.0, 0.5], 0.0),
        ("imul", &[0.0, -1.0], 0.0),
        ("imul", &[-0.0, -1.0], 0.0),
        ("imul", &[-0.0, -2.0], 0.0),
        ("imul", &[-0.0, 3.0], 0.0),
        ("imul", &[-0.0, 0.5], 0.0),
        ("imul", &[0.0, -0.5], 0.0),
        ("imul", &[2.0, -1074.0], -2148.0),
        ("imul", &[2.0, 1023.0], 2046.0),
        ("imul", &[2.0, 1024.0], 2048.0),
        ("imul", &[2.0, -1075.0], -2150.0),
        ("imul", &[10.0, 308.0], 3080.0),
        ("imul", &[10.0, -323.0], -3230.0),
        ("imul", &[10.0, -324.0], -3240.0),
        ("imul", &[1.0000000000000002, 4503599627370496.0], 0.0),
        ("imul", &[0.9999999999999999, 100000000000000000000.0], 0.0),
        ("imul", &[-1.0, 1e300], 0.0),
        ("imul", &[-1.0, 3.0], -3.0),
        ("imul", &[NAN, 0.0], 0.0),
        ("imul", &[NAN, -0.0], 0.0),
        ("imul", &[INF, 0.0], 0.0),
        ("imul", &[3.0, 0.5], 0.0),
        ("imul", &[7.0, -0.5], 0.0),
        ("imul", &[1e-300, 1e-300], 0.0),
        ("imul", &[1e300, 1e300], 0.0),
        ("imul", &[3.0, 4.0], 12.0),
        ("imul", &[1e200, 1e200], 0.0),
        ("imul", &[5e-324, 5e-324], 0.0),
        ("imul", &[-5.0, 12.0], -60.0),
        ("imul", &[2147483647.0, 2.0], -2.0),
        ("imul", &[4294967295.0, 4294967295.0], 1.0),
        ("imul", &[65535.0, 65537.0], -1.0),
        ("imul", &[-2147483648.0, -1.0], -2147483648.0),
        ("imul", &[0.5, 0.5], 0.0),
        ("imul", &[1.5, -2.5], -2.0),
        ("imul", &[123456789.0, 987654321.0], -67153019.0),
        ("imul", &[3.141592653589793, 2.718281828459045], 6.0),
        (
            "imul",
            &[-8.622005241611252e-30, 1.8881722161247164e-178],
            0.0,
        ),
        (
            "imul",
            &[-7.39578976457798e200, -5.634180896083014e-275],
            0.0,
        ),
        (
            "imul",
            &[4.256750443917323e224, 7.405412348323151e-261],
            0.0,
        ),
        ("imul", &[], 0.0),
        ("imul", &[3.0], 0.0),
        ("max", &[0.0, 0.0], 0.0),
        ("max", &[-0.0, 0.0], 0.0),
        ("max", &[0.0, -0.0], 0.0),
        ("max", &[-0.0, -0.0], -0.0),
        ("max", &[1.0, 0.0], 1.0),
        ("max", &[0.0, 1.0], 1.0),
        ("max", &[-1.0, -0.0], -0.0),
        ("max", &[NAN, 1.0], NAN),
        ("max", &[1.0, NAN], NAN),
        ("max", &[INF, INF], INF),
        ("max", &[-INF, INF], INF),
        ("max", &[INF, -INF], INF),
        ("max", &[-INF, -INF], -INF),
        ("max", &[1.0, INF], INF),
        ("max", &[1.0, -INF], 1.0),
        ("max", &[-1.0, INF], INF),
        ("max", &[-1.0, -INF], -1.0),
        ("max", &[INF, 1.0], INF),
        ("max", &[-INF, -1.0], -1.0),
        ("max", &[2.0, 3.0], 3.0),
        ("max", &[-2.0, 3.0], 3.0),
        ("max", &[-8.0, 0.3333333333333333], 0.3333333333333333),
        ("max", &[-2.0, 0.5], 0.5),
        ("max", &[0.0, -1.0], 0.0),
        ("max", &[-0.0, -1.0], -0.0),
        ("max", &[-0.0, -2.0], -0.0),
        ("max", &[-0.0, 3.0], 3.0),
        ("max", &[-0.0, 0.5], 0.5),
        ("max", &[0.0, -0.5], 0.0),
        ("max", &[2.0, -1074.0], 2.0),
        ("max", &[2.0, 1023.0], 1023.0),
        ("max", &[2.0, 1024.0], 1024.0),
        ("max", &[2.0, -1075.0], 2.0),
        ("max", &[10.0, 308.0], 308.0),
        ("max", &[10.0, -323.0], 10.0),
        ("max", &[10.0, -324.0], 10.0),
        (
            "max",
            &[1.0000000000000002, 4503599627370496.0],
            4503599627370496.0,
        ),
        (
            "max",
            &[0.9999999999999999, 100000000000000000000.0],
            100000000000000000000.0,
        ),
        ("max", &[-1.0, 1e300], 1e300),
        ("max", &[-1.0, 3.0], 3.0),
        ("max", &[NAN, 0.0], NAN),
        ("max", &[NAN, -0.0], NAN),
        ("max", &[INF, 0.0], INF),
        ("max", &[3.0, 0.5], 3.0),
        ("max", &[7.0, -0.5], 7.0),
        ("max", &[1e-300, 1e-300], 1e-300),
        ("max", &[1e300, 1e300], 1e300),
        ("max", &[3.0, 4.0], 4.0),
        ("max", &[1e200, 1e200], 1e200),
        ("max", &[5e-324, 5e-324], 5e-324),
        ("max", &[-5.0, 12.0], 12.0),
        ("max", &[2147483647.0, 2.0], 2147483647.0),
        ("max", &[4294967295.0, 4294967295.0], 4294967295.0),
        ("max", &[65535.0, 65537.0], 65537.0),
        ("max", &[-2147483648.0, -1.0], -1.0),
        ("max", &[0.5, 0.5], 0.5),
        ("max", &[1.5, -2.5], 1.5),
        ("max", &[123456789.0, 987654321.0], 987654321.0),
        (
            "max",
            &[3.141592653589793, 2.718281828459045],
            3.141592653589793,
        ),
        (
            "max",
            &[1.260459485307626e-271, 3.542563934519397e178],
            3.542563934519397e178,
        ),
        (
            "max",
            &[7.21464022094807e-118, -3.224107708088039e-25],
            7.21464022094807e-118,
        ),
        (
            "max",
            &[-9.051209599637829e-126, 3.1537537286963915e-65],
            3.1537537286963915e-65,
        ),
        ("max", &[], -INF),
        ("max", &[3.0], 3.0),
        ("min", &[0.0, 0.0], 0.0),
        ("min", &[-0.0, 0.0], -0.0),
        ("min", &[0.0, -0.0], -0.0),
        ("min", &[-0.0, -0.0], -0.0),
        ("min", &[1.0, 0.0], 0.0),
        ("min", &[0.0, 1.0], 0.0),
        ("min", &[-1.0, -0.0], -1.0),
        ("min", &[NAN, 1.0], NAN),
        ("min", &[1.0, NAN], NAN),
        ("min", &[INF, INF], INF),
        ("min", &[-INF, INF], -INF),
        ("min", &[INF, -INF], -INF),
        ("min", &[-INF, -INF], -INF),
        ("min", &[1.0, INF], 1.0),
        ("min", &[1.0, -INF], -INF),
        ("min", &[-1.0, INF], -1.0),
        ("min", &[-1.0, -INF], -INF),
        ("min", &[INF, 1.0], 1.0),
        ("min", &[-INF, -1.0], -INF),
        ("min", &[2.0, 3.0], 2.0),
        ("min", &[-2.0, 3.0], -2.0),
        ("min", &[-8.0, 0.3333333333333333], -8.0),
        ("min", &[-2.0, 0.5], -2.0),
        ("min", &[0.0, -1.0], -1.0),
        ("min", &[-0.0, -1.0], -1.0),
        ("min", &[-0.0, -2.0], -2.0),
        ("min", &[-0.0, 3.0], -0.0),
        ("min", &[-0.0, 0.5], -0.0),
        ("min", &[0.0, -0.5], -0.5),
        ("min", &[2.0, -1074.0], -1074.0),
        ("min", &[2.0, 1023.0], 2.0),
        ("min", &[2.0, 1024.0], 2.0),
        ("min", &[2.0, -1075.0], -1075.0),
        ("min", &[10.0, 308.0], 10.0),
        ("min", &[10.0, -323.0], -323.0),
        ("min", &[10.0, -324.0], -324.0),
        (
            "min",
            &[1.0000000000000002, 4503599627370496.0],
            1.0000000000000002,
        ),
        (
            "min",
            &[0.9999999999999999, 100000000000000000000.0],
            0.9999999999999999,
        ),
        ("min", &[-1.0, 1e300], -1.0),
        ("min", &[-1.0, 3.0], -1.0),
        ("min", &[NAN, 0.0], NAN),
        ("min", &[NAN, -0.0], NAN),
        ("min", &[INF, 0.0], 0.0),
        ("min", &[3.0, 0.5], 0.5),
        ("min", &[7.0, -0.5], -0.5),
        ("min", &[1e-300, 1e-300], 1e-300),
        ("min", &[1e300, 1e300], 1e300),
        ("min", &[3.0, 4.0], 3.0),
        ("min", &[1e200, 1e200], 1e200),
        ("min", &[5e-324, 5e-324], 5e-324),
        ("min", &[-5.0, 12.0], -5.0),
        ("min", &[2147483647.0, 2.0], 2.0),
        ("min", &[4294967295.0, 4294967295.0], 4294967295.0),
        ("min", &[65535.0, 65537.0], 65535.0),
        ("min", &[-2147483648.0, -1.0], -2147483648.0),
        ("min", &[0.5, 0.5], 0.5),
        ("min", &[1.5, -2.5], -2.5),
        ("min", &[123456789.0, 987654321.0], 123456789.0),
        (
            "min",
            &[3.141592653589793, 2.718281828459045],
            2.718281828459045,
        ),
        (
            "min",
            &[-2.1791046295409887e-23, -4.750259889094232e237],
            -4.750259889094232e237,
        ),
        (
            "min",
            &[-6.557135530458819e224, -2.1422353942731124e272],
            -2.1422353942731124e272,
        ),
        (
            "min",
            &[-9.330942987856346e260, 14001.003861910664],
            -9.330942987856346e260,
        ),
        ("min", &[], INF),
        ("min", &[3.0], 3.0),
        ("pow", &[0.0, 0.0], 1.0),
        ("pow", &[-0.0, 0.0], 1.0),
        ("pow", &[0.0, -0.0], 1.0),
        ("pow", &[-0.0, -0.0], 1.0),
        ("pow", &[1.0, 0.0], 1.0),
        ("pow", &[0.0, 1.0], 0.0),
        ("pow", &[-1.0, -0.0], 1.0),
        ("pow", &[NAN, 1.0], NAN),
        ("pow", &[1.0, NAN], NAN),
        ("pow", &[INF, INF], INF),
        ("pow", &[-INF, INF], INF),
        ("pow", &[INF, -INF], 0.0),
        ("pow", &[-INF, -INF], 0.0),
        ("pow", &[1.0, INF], NAN),
        ("pow", &[1.0, -INF], NAN),
        ("pow", &[-1.0, INF], NAN),
        ("pow", &[-1.0, -INF], NAN),
        ("pow", &[INF, 1.0], INF),
        ("pow", &[-INF, -1.0], -0.0),
        ("pow", &[2.0, 3.0], 8.0),
        ("pow", &[-2.0, 3.0], -8.0),
        ("pow", &[-8.0, 0.3333333333333333], NAN),
        ("pow", &[-2.0, 0.5], NAN),
        ("pow", &[0.0, -1.0], INF),
        ("pow", &[-0.0, -1.0], -INF),
        ("pow", &[-0.0, -2.0], INF),
        ("pow", &[-0.0, 3.0], -0.0),
        ("pow", &[-0.0, 0.5], 0.0),
        ("pow", &[0.0, -0.5], INF),
        ("pow", &[2.0, -1074.0], 5e-324),
        ("pow", &[2.0, 1023.0], 8.98846567431158e307),
        ("pow", &[2.0, 1024.0], INF),
        ("pow", &[2.0, -1075.0], 0.0),
        ("pow", &[10.0, 308.0], 1e308),
        ("pow", &[10.0, -323.0], 1e-323),
        ("pow", &[10.0, -324.0], 0.0),
        (
            "pow",
            &[1.0000000000000002, 4503599627370496.0],
            2.718281828459045,
        ),
        ("pow", &[0.9999999999999999, 100000000000000000000.0], 0.0),
        ("pow", &[-1.0, 1e300], 1.0),
        ("pow", &[-1.0, 3.0], -1.0),
        ("pow", &[NAN, 0.0], 1.0),
        ("pow", &[NAN, -0.0], 1.0),
        ("pow", &[INF, 0.0], 1.0),
        ("pow", &[3.0, 0.5], 1.7320508075688772),
        ("pow", &[7.0, -0.5], 0.37796447300922725),
        ("pow", &[1e-300, 1e-300], 1.0),
        ("pow", &[1e300, 1e300], INF),
        ("pow", &[3.0, 4.0], 81.0),
        ("pow", &[1e200, 1e200], INF),
        ("pow", &[5e-324, 5e-324], 1.0),
        ("pow", &[-5.0, 12.0], 244140625.0),
        ("pow", &[2147483647.0, 2.0], 4611686014132420600.0),
        ("pow", &[4294967295.0, 4294967295.0], INF),
        ("pow", &[65535.0, 65537.0], INF),
        ("pow", &[-2147483648.0, -1.0], -4.656612873077393e-10),
        ("pow", &[0.5, 0.5], 0.7071067811865476),
        ("pow", &[1.5, -2.5], 0.36288736930121157),
        ("pow", &[123456789.0, 987654321.0], INF),
        (
            "pow",
            &[3.141592653589793, 2.718281828459045],
            22.45915771836104,
        ),
        (
            "pow",
            &[4.0194993367326124e163, -1.0866708282992494e-305],
            1.0,
        ),
        ("pow", &[1.7011872285351464e34, -4.059949480803569e82], 0.0),
        ("pow", &[-2.44494836309045e273, 2.595575985427286e-123], NAN),
        ("pow", &[], NAN),
        ("pow", &[3.0], NAN),
        ("pow", &[0.5, 0.5], 0.7071067811865476),
        ("pow", &[0.5, 1.5], 0.35355339059327373),
        ("pow", &[0.5, 3.0], 0.125),
        ("pow", &[0.5, -1.0], 2.0),
        ("pow", &[0.5, -2.5], 5.65685424949238),
        ("pow", &[0.5, 13.0], 0.0001220703125),
        ("pow", &[0.5, 0.3333333333333333], 0.7937005259840998),
        ("pow", &[0.5, 0.25], 0.8408964152537146),
        ("pow", &[2.0, 0.5], 1.4142135623730951),
        ("pow", &[2.0, 1.5], 2.82842712474619),
        ("pow", &[2.0, 3.0], 8.0),
        ("pow", &[2.0, -1.0], 0.5),
        ("pow", &[2.0, -2.5], 0.17677669529663687),
        ("pow", &[2.0, 13.0], 8192.0),
        ("pow", &[2.0, 0.3333333333333333], 1.2599210498948732),
        ("pow", &[2.0, 0.25], 1.189207115002721),
        ("pow", &[2.5, 0.5], 1.5811388300841898),
        ("pow", &[2.5, 1.5], 3.952847075210474),
        ("pow", &[2.5, 3.0], 15.625),
        ("pow", &[2.5, -1.0], 0.4),
        ("pow", &[2.5, -2.5], 0.10119288512538814),
        ("pow", &[2.5, 13.0], 149011.61193847656),
        ("pow", &[2.5, 0.3333333333333333], 1.3572088082974534),
        ("pow", &[2.5, 0.25], 1.2574334296829355),
        ("pow", &[3.0, 0.5], 1.7320508075688772),
        ("pow", &[3.0, 1.5], 5.196152422706632),
        ("pow", &[3.0, 3.0], 27.0),
        ("pow", &[3.0, -1.0], 0.3333333333333333),
        ("pow", &[3.0, -2.5], 0.06415002990995841),
        ("pow", &[3.0, 13.0], 1594323.0),
        ("pow", &[3.0, 0.3333333333333333], 1.4422495703074083),
        ("pow", &[3.0, 0.25], 1.3160740129524924),
        ("pow", &[10.0, 0.5], 3.1622776601683795),
        ("pow", &[10.0, 1.5], 31.622776601683793),
        ("pow", &[10.0, 3.0], 1000.0),
        ("pow", &[10.0, -1.0], 0.1),
        ("pow", &[10.0, -2.5], 0.0031622776601683794),
        ("pow", &[10.0, 13.0], 10000000000000.0),
        ("pow", &[10.0, 0.3333333333333333], 2.154434690031884),
        ("pow", &[10.0, 0.25], 1.7782794100389228),
        ("pow", &[-2.0, 0.5], NAN),
        ("pow", &[-2.0, 1.5], NAN),
        ("pow", &[-2.0, 3.0], -8.0),
        ("pow", &[-2.0, -1.0], -0.5),
        ("pow", &[-2.0, -2.5], NAN),
        ("pow", &[-2.0, 13.0], -8192.0),
        ("pow", &[-2.0, 0.3333333333333333], NAN),
        ("pow", &[-2.0, 0.25], NAN),
        ("pow", &[0.1, 0.5], 0.31622776601683794),
        ("pow", &[0.1, 1.5], 0.0316227766016838),
        ("pow", &[0.1, 3.0], 0.0010000000000000002),
        ("pow", &[0.1, -1.0], 10.0),
        ("pow", &[0.1, -2.5], 316.2277660168379),
        ("pow", &[0.1, 13.0], 1.0000000000000008e-13),
        ("pow", &[0.1, 0.3333333333333333], 0.4641588833612779),
        ("pow", &[0.1, 0.25], 0.5623413251903491),
        ("pow", &[1.1, 0.5], 1.0488088481701516),
        ("pow", &[1.1, 1.5], 1.153689732987167),
        ("pow", &[1.1, 3.0], 1.3310000000000004),
        ("pow", &[1.1, -1.0], 0.9090909090909091),
        ("pow", &[1.1, -2.5], 0.7879856109467703),
        ("pow", &[1.1, 13.0], 3.452271214393104),
        ("pow", &[1.1, 0.3333333333333333], 1.0322801154563672),
        ("pow", &[1.1, 0.25], 1.0241136890844451),
        ("hypot", &[3.0, 4.0, 12.0], 13.0),
        ("hypot", &[NAN, INF], INF),
        ("hypot", &[-INF, NAN, 1.0], INF),
        ("hypot", &[NAN, 1.0, 2.0], NAN),
        ("hypot", &[-0.0], 0.0),
        ("hypot", &[-0.0, -0.0], 0.0),
        ("hypot", &[-3.0], 3.0),
        ("hypot", &[1e308, 1e308, 1e308], 1.7320508075688772e308),
        (
            "hypot",
            &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0],
            19.621416870348586,
        ),
        ("hypot", &[0.1, 0.2, 0.3], 0.37416573867739417),
        ("max", &[1.0, 2.0, 3.0], 3.0),
        ("max", &[1.0, NAN, 3.0], NAN),
        ("max", &[-0.0, -0.0, 0.0], 0.0),
        ("max", &[-INF], -INF),
        ("max", &[NAN], NAN),
        ("max", &[INF, NAN], NAN),
        ("min", &[3.0, 2.0, 1.0], 1.0),
        ("min", &[1.0, NAN, 3.0], NAN),
        ("min", &[0.0, 0.0, -0.0], -0.0),
        ("min", &[INF], INF),
        ("min", &[-INF, NAN], NAN),
        ("sin", &[2.5], 0.5984721441039564),
        ("cos", &[0.1], 0.9950041652780257),
        ("cos", &[6.0], 0.9601702866503661),
        ("cos", &[90.0], -0.4480736161291702),
        ("cos", &[1000.0], 0.562379076290703),
        ("tan", &[4.0], 1.1578212823495777),
        ("tan", &[7.0], 0.8714479827243187),
        ("exp", &[-10.0], 0.00004539992976248485),
        ("exp", &[0.99], 2.6912344723492625),
        ("exp", &[-1.1], 0.3328710836980795),
        ("log", &[3.0], 1.0986122886681096),
        ("pow", &[2.0, 1.5], 2.82842712474619),
        ("pow", &[0.1, 13.0], 1.0000000000000008e-13),
        ("pow", &[0.25, 0.25], 0.7071067811865475),
        ("pow", &[0.5, -0.5], 1.414213562373095),
        ("acosh", &[1.1925736883368725e308], 710.0654695577518),
        ("asinh", &[-1.3296177182356808e308], -710.1742472937458),
        ("asinh", &[1.7792602115591063e308], 710.4655534891559),
        ("atanh", &[-0.9995930194854736], -4.249844459560044),
        ("atanh", &[-0.998049259185791], -3.465858703999523),
        ("cbrt", &[-4.211008548736572], -1.614837059700035),
        ("cbrt", &[2.040858268737793], 1.2684429776300274),
        ("log10", &[0.5630874633789062], -0.24942414171594665),
        ("tanh", &[0.15671968460083008], 0.1554490987481185),
        (
            "atan2",
            &[-9.067685604095459, -0.9862583875656128],
            -1.6791367154716468,
        ),
        ("sinh", &[-5.9226250648498535], -186.69396243849837),
        ("cosh", &[-3.7810468673706055], 21.942367074818982),
        ("expm1", &[0.14959168434143066], 0.16135994445261115),
        ("log1p", &[4.699540138244629], 1.7403854940849575),
        ("log2", &[6.598937511444092], 2.7222337562339556),
        ("asin", &[-0.8183884620666504], -0.9586010863556143),
        ("acos", &[-0.6493091583251953], 2.277472035656271),
        ("atan", &[-3.3472931385040283], -1.280487764595506),
    ];
}
