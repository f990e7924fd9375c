//! Control-dependent int32 ranges: the lattice and decisions of branch elimination's range
//! narrowing, shared by the CFG's `branch-elim` (always) and the sea of nodes' `branch-elim`
//! with `pin=on` (checks pinned to their control path).
//!
//! A range is a pair `(lo, hi)` of int32 bounds read as signed (`f64`, so that a bound one
//! past `i32::MIN`/`i32::MAX` stays exact). A value's range starts from its constant or its
//! type ([`base`]); a fact that an int32 comparison with a constant is true or false narrows
//! the compared value ([`implied`]), and the narrowed ranges decide comparisons
//! ([`decide_compare`]) and prove that a checked `+` / `-` cannot overflow ([`no_overflow`]).
//! How facts are scoped (dominator-tree scopes on the CFG, per-control-node persistent maps
//! in the sea of nodes) is each side's own; what a fact says and decides is this module's.

use ir::ops::Op;
use ir::types::Type;

/// An int32 range `(lo, hi)` (inclusive bounds, read as signed).
pub type Range = (f64, f64);

/// The smallest int32.
pub const I32_MIN: f64 = i32::MIN as f64;
/// The largest int32.
pub const I32_MAX: f64 = i32::MAX as f64;
/// Every int32.
pub const FULL: Range = (I32_MIN, I32_MAX);

/// The range a value starts from: its constant if it is one, else its type's integer bounds
/// when the type is within `Signed32`, else every int32.
pub fn base(constant: Option<i32>, ty: Option<Type>) -> Range {
    if let Some(c) = constant {
        return (c as f64, c as f64);
    }
    match ty {
        Some(t) if t.is(Type::SIGNED32) => t.integer_bounds().unwrap_or(FULL),
        _ => FULL,
    }
}

/// The values both ranges allow.
pub fn meet(a: Range, b: Range) -> Range {
    (a.0.max(b.0), a.1.min(b.1))
}

/// What the fact "`cond` is `value`" says about the ranges of `cond`'s two inputs, for an
/// int32 comparison (`Int32LessThan`, `Int32LessThanOrEqual`, `Word32Equal` when true) with a
/// constant on either side (`ka`, `kb`: the constants of the left and right input, if they
/// are ones). `[left, right]`; `None` where the fact says nothing.
pub fn implied(cond: &Op, value: bool, ka: Option<i32>, kb: Option<i32>) -> [Option<Range>; 2] {
    let (ka, kb) = (ka.map(f64::from), kb.map(f64::from));
    // (range of the left input given the right constant k, of the right given the left k).
    let (left, right): (fn(f64) -> Range, fn(f64) -> Range) = match (cond, value) {
        (Op::Int32LessThan, true) => (|k| (I32_MIN, k - 1.0), |k| (k + 1.0, I32_MAX)),
        (Op::Int32LessThan, false) => (|k| (k, I32_MAX), |k| (I32_MIN, k)),
        (Op::Int32LessThanOrEqual, true) => (|k| (I32_MIN, k), |k| (k, I32_MAX)),
        (Op::Int32LessThanOrEqual, false) => (|k| (k + 1.0, I32_MAX), |k| (I32_MIN, k - 1.0)),
        (Op::Word32Equal, true) => (|k| (k, k), |k| (k, k)),
        _ => return [None, None],
    };
    [kb.map(left), ka.map(right)]
}

/// The value of the int32 comparison `cond` of inputs in ranges `a` and `b`, if the ranges
/// decide it.
pub fn decide_compare(cond: &Op, a: Range, b: Range) -> Option<bool> {
    match cond {
        Op::Int32LessThan if a.1 < b.0 => Some(true),
        Op::Int32LessThan if a.0 >= b.1 => Some(false),
        Op::Int32LessThanOrEqual if a.1 <= b.0 => Some(true),
        Op::Int32LessThanOrEqual if a.0 > b.1 => Some(false),
        _ => None,
    }
}

/// Which overflow-checked int32 operation an op is: `Some(true)` for `+`
/// (`CheckedInt32Add`, `Int32AddWithOverflow`), `Some(false)` for `-`; `None` for others
/// (`*`, `/` and `%` are never narrowed).
pub fn checked_add_or_sub(op: &Op) -> Option<bool> {
    match op {
        Op::CheckedInt32Add | Op::Int32AddWithOverflow => Some(true),
        Op::CheckedInt32Sub | Op::Int32SubWithOverflow => Some(false),
        _ => None,
    }
}

/// True if `a + b` (`add`) or `a - b` cannot leave int32 for inputs in ranges `a` and `b`:
/// the overflow check is then dead.
pub fn no_overflow(add: bool, a: Range, b: Range) -> bool {
    let (lo, hi) = if add { (a.0 + b.0, a.1 + b.1) } else { (a.0 - b.1, a.1 - b.0) };
    lo >= I32_MIN && hi <= I32_MAX
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comparison_with_a_constant_narrows_the_other_side() {
        assert_eq!(implied(&Op::Int32LessThan, true, None, Some(42)), [Some((I32_MIN, 41.0)), None]);
        assert_eq!(implied(&Op::Int32LessThan, false, Some(3), None), [None, Some((I32_MIN, 3.0))]);
        assert_eq!(implied(&Op::Int32LessThanOrEqual, false, None, Some(0)), [Some((1.0, I32_MAX)), None]);
        assert_eq!(implied(&Op::Word32Equal, true, None, Some(7)), [Some((7.0, 7.0)), None]);
        assert_eq!(implied(&Op::Word32Equal, false, None, Some(7)), [None, None]);
        assert_eq!(implied(&Op::Int32Add, true, None, Some(7)), [None, None]);
    }

    #[test]
    fn narrowed_ranges_disprove_overflow_and_decide_comparisons() {
        let below_42 = meet(FULL, (I32_MIN, 41.0));
        assert!(no_overflow(true, below_42, (1.0, 1.0)));
        assert!(!no_overflow(true, FULL, (1.0, 1.0)));
        assert!(!no_overflow(false, below_42, (1.0, 1.0)), "MIN - 1 overflows");
        assert!(no_overflow(false, (0.0, 41.0), (1.0, 1.0)));
        assert_eq!(decide_compare(&Op::Int32LessThan, below_42, (50.0, 50.0)), Some(true));
        assert_eq!(decide_compare(&Op::Int32LessThanOrEqual, (43.0, 50.0), (42.0, 42.0)), Some(false));
        assert_eq!(decide_compare(&Op::Int32LessThan, FULL, (0.0, 0.0)), None);
        assert_eq!(base(Some(5), None), (5.0, 5.0));
        assert_eq!(base(None, Some(Type::range(0.0, 9.0))), (0.0, 9.0));
        assert_eq!(base(None, Some(Type::NUMBER)), FULL);
        assert_eq!(checked_add_or_sub(&Op::Int32SubWithOverflow), Some(false));
        assert_eq!(checked_add_or_sub(&Op::CheckedInt32Mul), None);
    }
}
