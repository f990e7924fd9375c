//! Text form of [`Type`]: `Display` and `FromStr` share one syntax.
//!
//! A type prints as `None`, `Any`, or `|`-separated parts, each of which is a type on its own
//! and whose union is the type: named atoms and groups (`Signed32`, `Unsigned30`,
//! `OtherNumber`, `NaN`, `MinusZero`, `Boolean`, `String`, ...), integer ranges
//! `Range(lo, hi)` (bounds are integers, `inf` or `-inf`) and shape sets `Object{#3,#7}`.
//! Parsing folds the parts with [`Type::union`], which reproduces the printed type exactly.

use super::{bits, Type, ATOM_MAX, ATOM_MIN};
use std::fmt;
use std::str::FromStr;

/// Groups of atoms printed by name when the type has all of them, unclipped. The integer
/// atoms of these groups are not consecutive, so they are tried before integer runs.
const COMPOSITES: [(&str, u32); 3] = [
    ("Number", bits::NUMBER),
    ("PlainNumber", bits::PLAIN_NUMBER),
    (
        "OtherNumber",
        bits::LARGE_NEGATIVE | bits::LARGE_POSITIVE | bits::FRACTION,
    ),
];

/// Names of runs of consecutive integer atoms (a run without a name prints as a range).
const RUN_NAMES: [(&str, u32); 11] = [
    ("Integral32", bits::SIGNED32 | bits::UNSIGNED32),
    ("Signed32", bits::SIGNED32),
    ("Unsigned32", bits::UNSIGNED32),
    ("Negative32", bits::OTHER_SIGNED32 | bits::NEGATIVE31),
    ("Signed31", bits::NEGATIVE31 | bits::UNSIGNED30),
    ("Unsigned31", bits::UNSIGNED30 | bits::OTHER_UNSIGNED31),
    ("Negative31", bits::NEGATIVE31),
    ("OtherSigned32", bits::OTHER_SIGNED32),
    ("Unsigned30", bits::UNSIGNED30),
    ("OtherUnsigned31", bits::OTHER_UNSIGNED31),
    ("OtherUnsigned32", bits::OTHER_UNSIGNED32),
];

/// Everything else, printed after the numbers, in this order.
const SINGLES: [(&str, u32); 13] = [
    ("Fraction", bits::FRACTION),
    ("MinusZero", bits::MINUS_ZERO),
    ("NaN", bits::NAN),
    ("Boolean", bits::TRUE | bits::FALSE),
    ("True", bits::TRUE),
    ("False", bits::FALSE),
    ("Undefined", bits::UNDEFINED),
    ("Null", bits::NULL),
    ("String", bits::STRING),
    ("Object", bits::OBJECT),
    ("Array", bits::ARRAY),
    ("Function", bits::FUNCTION),
    ("Hole", bits::HOLE),
];

/// Names the parser accepts beyond the ones the printer uses.
const ALIASES: [(&str, Type); 7] = [
    ("Integer", Type::INTEGER),
    ("OrderedNumber", Type::ORDERED_NUMBER),
    ("SignedSmall", Type::SIGNED_SMALL),
    ("Receiver", Type::RECEIVER),
    ("Primitive", Type::PRIMITIVE),
    ("LargeNegative", Type::from_bits(bits::LARGE_NEGATIVE)),
    ("LargePositive", Type::from_bits(bits::LARGE_POSITIVE)),
];

/// Prints an integral or infinite range bound so that `f64::from_str` reads it back.
fn bound(x: f64) -> String {
    if x.is_infinite() || x.abs() < 1e21 {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("None");
        }
        if *self == Type::ANY {
            return f.write_str("Any");
        }
        // Integer atoms lying wholly inside the interval.
        let mut full = 0;
        for i in 0..7 {
            if self.lo <= ATOM_MIN[i] && ATOM_MAX[i] <= self.hi {
                full |= 1 << i;
            }
        }
        let mut rest = self.bits;
        let mut composites = Vec::new();
        for (name, group) in COMPOSITES {
            if rest & group == group && group & bits::INTEGER & !full == 0 {
                composites.push(name.to_string());
                rest &= !group;
            }
        }
        let mut parts = Vec::new();
        let int = rest & bits::INTEGER;
        let mut i = 0;
        while i < 7 {
            if int & (1 << i) == 0 {
                i += 1;
                continue;
            }
            let first = i;
            while i + 1 < 7 && int & (1 << (i + 1)) != 0 {
                i += 1;
            }
            let last = i;
            i += 1;
            let lo = self.lo.max(ATOM_MIN[first]);
            let hi = self.hi.min(ATOM_MAX[last]);
            let run = (2u32 << last) - (1u32 << first);
            let name = RUN_NAMES.iter().find(|&&(_, b)| b == run).map(|&(n, _)| n);
            match name {
                Some(name) if lo == ATOM_MIN[first] && hi == ATOM_MAX[last] => {
                    parts.push(name.to_string())
                }
                _ => parts.push(format!("Range({}, {})", bound(lo), bound(hi))),
            }
        }
        parts.extend(composites);
        rest &= !bits::INTEGER;
        for (name, b) in SINGLES {
            if rest & b == b {
                parts.push(name.to_string());
                rest &= !b;
            }
        }
        if !self.shapes.is_empty() {
            let ids: Vec<String> = self
                .shapes
                .as_slice()
                .iter()
                .map(|id| format!("#{id}"))
                .collect();
            parts.push(format!("Object{{{}}}", ids.join(",")));
        }
        f.write_str(&parts.join("|"))
    }
}

/// Why a type's text could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTypeError {
    /// The offending part of the text.
    pub part: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl fmt::Display for ParseTypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad type `{}`: {}", self.part, self.reason)
    }
}

impl std::error::Error for ParseTypeError {}

fn error(part: &str, reason: &'static str) -> ParseTypeError {
    ParseTypeError {
        part: part.to_string(),
        reason,
    }
}

/// Parses one `|`-separated part.
fn parse_part(part: &str) -> Result<Type, ParseTypeError> {
    match part {
        "None" => return Ok(Type::NONE),
        "Any" => return Ok(Type::ANY),
        _ => {}
    }
    let named = COMPOSITES
        .iter()
        .chain(RUN_NAMES.iter())
        .chain(SINGLES.iter());
    if let Some(&(_, b)) = named.into_iter().find(|&&(n, _)| n == part) {
        return Ok(Type::from_bits(b));
    }
    if let Some(&(_, t)) = ALIASES.iter().find(|&&(n, _)| n == part) {
        return Ok(t);
    }
    if let Some(inner) = part
        .strip_prefix("Range(")
        .and_then(|r| r.strip_suffix(')'))
    {
        let (a, b) = inner
            .split_once(',')
            .ok_or_else(|| error(part, "a range needs two bounds"))?;
        let parse = |s: &str| -> Result<f64, ParseTypeError> {
            let x: f64 = s
                .trim()
                .parse()
                .map_err(|_| error(part, "a bound is not a number"))?;
            if x.is_nan() || (x.is_finite() && x.trunc() != x) {
                return Err(error(part, "range bounds must be integers or infinities"));
            }
            Ok(x)
        };
        let (lo, hi) = (parse(a)?, parse(b)?);
        if lo > hi {
            return Err(error(part, "the lower bound exceeds the upper bound"));
        }
        return Ok(Type::range(lo, hi));
    }
    if let Some(inner) = part
        .strip_prefix("Object{")
        .and_then(|r| r.strip_suffix('}'))
    {
        let mut ids = Vec::new();
        for id in inner.split(',') {
            let id = id
                .trim()
                .strip_prefix('#')
                .ok_or_else(|| error(part, "shape ids look like #7"))?;
            ids.push(
                id.parse::<u32>()
                    .map_err(|_| error(part, "a shape id is not a u32"))?,
            );
        }
        if ids.len() > super::ShapeSet::MAX {
            return Err(error(part, "too many shape ids"));
        }
        return Ok(Type::object_with_shapes(&ids));
    }
    Err(error(part, "unknown type name"))
}

impl FromStr for Type {
    type Err = ParseTypeError;

    /// Parses the text [`Display`](fmt::Display) prints (whitespace around parts is allowed).
    fn from_str(s: &str) -> Result<Type, ParseTypeError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(error(s, "empty type"));
        }
        let mut out = Type::NONE;
        for part in s.split('|') {
            out = out.union(parse_part(part.trim())?);
        }
        Ok(out)
    }
}
