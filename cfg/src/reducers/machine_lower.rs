//! Machine lowering: checked simplified ops → machine sequences with explicit exits
//! (TurboFan's `EffectControlLinearizer` / Turboshaft's `MachineLoweringReducer`).
//!
//! Contract: every simplified op becomes the machine ops the baseline compiler
//! (`backend::baseline`) emits for the same check, in the same order, so that both pipelines
//! and the baseline differ only in which checks they keep, never in what a check is:
//!
//! | op | machine sequence |
//! |---|---|
//! | `CheckedTaggedToInt32(v)` | `IsInt32(v)`, `DeoptimizeUnless[NotInt32]`, `UntagInt32(v)` |
//! | `CheckedTaggedToFloat64(v)` | `IsNumber(v)`, `DeoptimizeUnless[NotNumber]`, `UntagNumber(v)` |
//! | `CheckSmi(v)` / `CheckNumber(v)` | the same tests, passing `v` through |
//! | `CheckedInt32Add/Sub/Mul(x, y)` | `Int32*WithOverflow`, `Projection[0]`, `Projection[1]`, `DeoptimizeIf[Overflow]`; `*` adds the `-0` test (`r == 0 && (x \| y) < 0`) |
//! | `CheckedInt32Div/Mod(x, y)` | divisor 0 / −1 exits, `Int32Mod`, exactness and `-0` exits, `Int32Div` |
//! | `CheckMaps{s}(o)` | `IsObject`, `DeoptimizeUnless[WrongKind]`, `Load[shape]`, `Word32Equal` with each shape, `DeoptimizeUnless[WrongMap]` |
//! | `CheckArray(o)` | `IsArray`, `DeoptimizeUnless[WrongKind]` |
//! | `CheckBounds(i, len)` | `Uint32LessThan`, `DeoptimizeUnless[OutOfBounds]` |
//! | `CheckNotHole(v)` | `TaggedEqual(v, hole)`, `DeoptimizeIf[Uninitialized]` (used for TDZ and globals) |
//! | `LoadField/StoreField/LoadElement/StoreElement/LoadArrayLength` | `Load`/`Store` with the access |
//! | `Change*` | `TagInt32`, `TagFloat64`, `TagBit`, `UntagInt32`, `UntagNumber`, `TaggedEqual(v, true)` |
//! | `Float64Max/Min(a, b)` | a diamond: `a < b` picks one operand, the other arm resolves ties, `±0` and NaN with `Select`s; the result meets in a phi made by a [`Variable`](crate::assembler::Variable) |
//!
//! `FrameState` inputs that are `TagInt32/TagFloat64/TagBit(x)` are replaced by `x`: the exit
//! boxes the value itself (its `ExitDesc` records the representation), so the tagging op is
//! only computed where the value is really needed.

use ir::ops::{Access, DeoptReason, Op, Rep, RuntimeFn};
use ir::tagged;

use crate::assembler::{Assembler, Reducer, Reduction, V};

/// The machine-lowering reducer (`machine-lower`).
#[derive(Default)]
pub struct MachineLowering;

fn deopt_if(asm: &mut Assembler<'_>, cond: V, reason: DeoptReason, fs: V) {
    asm.emit(Op::DeoptimizeIf { reason }, &[cond, fs]);
}

fn deopt_unless(asm: &mut Assembler<'_>, cond: V, reason: DeoptReason, fs: V) {
    asm.emit(Op::DeoptimizeUnless { reason }, &[cond, fs]);
}

/// `a && b` on bits.
fn and(asm: &mut Assembler<'_>, a: V, b: V) -> V {
    asm.emit(Op::Select { rep: Rep::Bit }, &[a, b, a])
}

/// `a || b` on bits.
fn or(asm: &mut Assembler<'_>, a: V, b: V) -> V {
    asm.emit(Op::Select { rep: Rep::Bit }, &[a, a, b])
}

fn checked_int32(asm: &mut Assembler<'_>, v: V, fs: V) -> V {
    if matches!(asm.op(v), Op::TagInt32) {
        return asm.inputs(v)[0];
    }
    let is = asm.emit(Op::IsInt32, &[v]);
    deopt_unless(asm, is, DeoptReason::NotInt32, fs);
    asm.emit(Op::UntagInt32, &[v])
}

fn checked_float64(asm: &mut Assembler<'_>, v: V, fs: V) -> V {
    let is = asm.emit(Op::IsNumber, &[v]);
    deopt_unless(asm, is, DeoptReason::NotNumber, fs);
    asm.emit(Op::UntagNumber, &[v])
}

fn checked_overflow(asm: &mut Assembler<'_>, op: &Op, x: V, y: V, fs: V) -> V {
    let machine = match op {
        Op::CheckedInt32Add => Op::Int32AddWithOverflow,
        Op::CheckedInt32Sub => Op::Int32SubWithOverflow,
        _ => Op::Int32MulWithOverflow,
    };
    let pair = asm.emit(machine, &[x, y]);
    let r = asm.emit(Op::Projection { index: 0 }, &[pair]);
    let overflow = asm.emit(Op::Projection { index: 1 }, &[pair]);
    deopt_if(asm, overflow, DeoptReason::Overflow, fs);
    if matches!(op, Op::CheckedInt32Mul) {
        // 0 * -5 is -0: not an int32.
        let zero = asm.int32(0);
        let is_zero = asm.emit(Op::Word32Equal, &[r, zero]);
        let signs = asm.emit(Op::Word32Or, &[x, y]);
        let negative = asm.emit(Op::Int32LessThan, &[signs, zero]);
        let minus_zero = and(asm, is_zero, negative);
        deopt_if(asm, minus_zero, DeoptReason::MinusZero, fs);
    }
    r
}

fn checked_division(asm: &mut Assembler<'_>, div: bool, x: V, y: V, fs: V) -> V {
    let zero = asm.int32(0);
    let minus_one = asm.int32(-1);
    let y_zero = asm.emit(Op::Word32Equal, &[y, zero]);
    deopt_if(asm, y_zero, DeoptReason::LostPrecision, fs);
    // x / -1 and x % -1 are left to float64 code (MIN / -1 overflows, x % -1 may be -0).
    let y_minus_one = asm.emit(Op::Word32Equal, &[y, minus_one]);
    deopt_if(asm, y_minus_one, DeoptReason::Overflow, fs);
    let rem = asm.emit(Op::Int32Mod, &[x, y]);
    let rem_zero = asm.emit(Op::Word32Equal, &[rem, zero]);
    if div {
        deopt_unless(asm, rem_zero, DeoptReason::LostPrecision, fs);
        // 0 / -5 is -0.
        let x_zero = asm.emit(Op::Word32Equal, &[x, zero]);
        let y_negative = asm.emit(Op::Int32LessThan, &[y, zero]);
        let minus_zero = and(asm, x_zero, y_negative);
        deopt_if(asm, minus_zero, DeoptReason::MinusZero, fs);
        asm.emit(Op::Int32Div, &[x, y])
    } else {
        // -4 % 2 is -0.
        let x_negative = asm.emit(Op::Int32LessThan, &[x, zero]);
        let minus_zero = and(asm, rem_zero, x_negative);
        deopt_if(asm, minus_zero, DeoptReason::MinusZero, fs);
        rem
    }
}

/// JS `Math.max` (or `Math.min`) of two float64 as a diamond; see the module docs.
pub fn float64_max_diamond(asm: &mut Assembler<'_>, max: bool, a: V, b: V) -> V {
    let result = asm.new_variable(Rep::Float64);
    let (pick_lt, pick_gt) = if max { (b, a) } else { (a, b) };
    let lt = asm.emit(Op::Float64LessThan, &[a, b]);
    let (then_block, else_block, merge) = (asm.new_block(), asm.new_block(), asm.new_block());
    asm.branch(lt, then_block, else_block, None);
    asm.bind(then_block);
    asm.set_variable(result, pick_lt);
    asm.goto(merge);
    asm.bind(else_block);
    // Not a < b: b < a, equal (±0 needs care), or unordered (NaN).
    let gt = asm.emit(Op::Float64LessThan, &[b, a]);
    let eq = asm.emit(Op::Float64Equal, &[a, b]);
    let zero = asm.float64(0.0);
    let a_zero = asm.emit(Op::Float64Equal, &[a, zero]);
    let sum = asm.emit(Op::Float64Add, &[a, b]);
    // Zeros: max(+0, -0) = +0 = +0 + -0; min(+0, -0) = -0 = -((-a) + (-b)).
    let zeros = if max {
        sum
    } else {
        let na = asm.emit(Op::Float64Neg, &[a]);
        let nb = asm.emit(Op::Float64Neg, &[b]);
        let s = asm.emit(Op::Float64Add, &[na, nb]);
        asm.emit(Op::Float64Neg, &[s])
    };
    let equal = asm.emit(Op::Select { rep: Rep::Float64 }, &[a_zero, zeros, a]);
    // Unordered: a + b is NaN.
    let not_gt = asm.emit(Op::Select { rep: Rep::Float64 }, &[eq, equal, sum]);
    let r = asm.emit(Op::Select { rep: Rep::Float64 }, &[gt, pick_gt, not_gt]);
    asm.set_variable(result, r);
    asm.goto(merge);
    asm.bind(merge);
    let v = asm.get_variable(result).expect("set on both arms");
    asm.kill_variable(result);
    v
}

impl Reducer for MachineLowering {
    fn name(&self) -> &'static str {
        "machine-lower"
    }

    fn reduce(&mut self, asm: &mut Assembler<'_>, op: &Op, ins: &[V]) -> Reduction {
        let i = |k: usize| ins[k];
        let v = match *op {
            Op::CheckedTaggedToInt32 => checked_int32(asm, i(0), i(1)),
            Op::CheckedTaggedToFloat64 => {
                if asm.type_of(i(0)).is(ir::types::Type::NUMBER) {
                    asm.emit(Op::UntagNumber, &[i(0)])
                } else {
                    checked_float64(asm, i(0), i(1))
                }
            }
            Op::CheckSmi => {
                let is = asm.emit(Op::IsInt32, &[i(0)]);
                deopt_unless(asm, is, DeoptReason::NotInt32, i(1));
                i(0)
            }
            Op::CheckNumber => {
                let is = asm.emit(Op::IsNumber, &[i(0)]);
                deopt_unless(asm, is, DeoptReason::NotNumber, i(1));
                i(0)
            }
            Op::CheckedInt32Add | Op::CheckedInt32Sub | Op::CheckedInt32Mul => {
                checked_overflow(asm, op, i(0), i(1), i(2))
            }
            Op::CheckedInt32Div => checked_division(asm, true, i(0), i(1), i(2)),
            Op::CheckedInt32Mod => checked_division(asm, false, i(0), i(1), i(2)),
            Op::CheckMaps { shapes } => {
                let is = asm.emit(Op::IsObject, &[i(0)]);
                deopt_unless(asm, is, DeoptReason::WrongKind, i(1));
                let actual = asm.emit(Op::Load { access: Access::Shape }, &[i(0)]);
                let mut any: Option<V> = None;
                for &shape in shapes.as_slice() {
                    let expected = asm.int32(shape as i32);
                    let same = asm.emit(Op::Word32Equal, &[actual, expected]);
                    any = Some(match any {
                        None => same,
                        Some(a) => or(asm, a, same),
                    });
                }
                let ok = any.expect("CheckMaps with at least one shape");
                deopt_unless(asm, ok, DeoptReason::WrongMap, i(1));
                V::INVALID
            }
            Op::CheckArray => {
                let is = asm.emit(Op::IsArray, &[i(0)]);
                deopt_unless(asm, is, DeoptReason::WrongKind, i(1));
                i(0)
            }
            Op::CheckBounds => {
                let in_bounds = asm.emit(Op::Uint32LessThan, &[i(0), i(1)]);
                deopt_unless(asm, in_bounds, DeoptReason::OutOfBounds, i(2));
                i(0)
            }
            Op::CheckNotHole => {
                let hole = asm.tagged(tagged::HOLE);
                let is_hole = asm.emit(Op::TaggedEqual, &[i(0), hole]);
                deopt_if(asm, is_hole, DeoptReason::Uninitialized, i(1));
                i(0)
            }
            Op::LoadField { slot } => asm.emit(Op::Load { access: Access::Field(slot) }, &[i(0)]),
            Op::StoreField { slot } => asm.emit(Op::Store { access: Access::Field(slot) }, &[i(0), i(1)]),
            Op::LoadElement => asm.emit(Op::Load { access: Access::Element }, &[i(0), i(1)]),
            Op::StoreElement => asm.emit(Op::Store { access: Access::Element }, &[i(0), i(1), i(2)]),
            Op::LoadArrayLength => asm.emit(Op::Load { access: Access::ArrayLength }, &[i(0)]),
            Op::ChangeInt32ToTagged => asm.emit(Op::TagInt32, &[i(0)]),
            Op::ChangeFloat64ToTagged => asm.emit(Op::TagFloat64, &[i(0)]),
            Op::ChangeBitToTagged => asm.emit(Op::TagBit, &[i(0)]),
            Op::ChangeTaggedToInt32 => asm.emit(Op::UntagInt32, &[i(0)]),
            Op::ChangeTaggedToFloat64 => asm.emit(Op::UntagNumber, &[i(0)]),
            Op::ChangeTaggedToBit => {
                let t = asm.tagged(tagged::TRUE);
                asm.emit(Op::TaggedEqual, &[i(0), t])
            }
            Op::JSToBoolean => asm.emit(Op::CallRuntime { function: RuntimeFn::ToBoolean, argc: 1 }, &[i(0)]),
            Op::Float64Max | Op::Float64Min => float64_max_diamond(asm, matches!(op, Op::Float64Max), i(0), i(1)),
            Op::FrameState { .. } => {
                let peeled: Vec<V> = ins
                    .iter()
                    .map(|&x| match asm.op(x) {
                        Op::TagInt32 | Op::TagFloat64 | Op::TagBit => asm.inputs(x)[0],
                        _ => x,
                    })
                    .collect();
                if peeled == ins {
                    return Reduction::NoChange;
                }
                asm.emit(*op, &peeled)
            }
            _ => return Reduction::NoChange,
        };
        Reduction::Replace(v)
    }
}
