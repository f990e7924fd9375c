//! Machine lowering: checked simplified ops → machine sequences with explicit exits
//! (TurboFan's `EffectControlLinearizer` / Turboshaft's `MachineLoweringReducer`).
//!
//! Contract: every simplified op becomes the machine ops the baseline compiler
//! (`engine::baseline`) emits for the same check, in the same order, so that both pipelines
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
//! | `CheckNotHole[reason](v)` | `TaggedEqual(v, hole)`, `DeoptimizeIf[reason]` (`Uninitialized`: TDZ and globals; `Hole`: packed element loads) |
//! | `LoadField/StoreField/LoadElement/StoreElement/LoadArrayLength` | `Load`/`Store` with the access |
//! | `Change*` | `TagInt32`, `TagFloat64`, `TagBit`, `UntagInt32`, `UntagNumber`, `TaggedEqual(v, true)` |
//! | `Float64Max/Min(a, b)` | a diamond: `a < b` picks one operand, the other arm resolves ties, `±0` and NaN with `Select`s; the result meets in a phi made by a [`Variable`](crate::assembler::Variable) (only the arm a folded branch reaches is emitted) |
//!
//! The `Float64Max/Min` diamond is the only lowering of the CFG pipeline that introduces
//! control flow (blocks): every checked op above ends in a deopt exit (`DeoptimizeIf/Unless`,
//! an op inside the block, not a block). Claim C16 counts it on the phase's row, with the
//! names the sea-of-nodes side's late lowering uses (`son::late_lowering`): `cf_lowerings`
//! (ops lowered to a diamond), `blocks_introduced` (the blocks bound: both arms and the merge,
//! or one arm and the merge when a reducer below folds the branch), `cf_lower_visits` (the op
//! itself, visited once in the phase's one walk, plus the ops the diamond adds to the output
//! graph; `cf_lower_visits_once` is the same, as the walk already visits each op once) and
//! `cf_lower_ns` (the wall time of the diamond's emission, context only).
//!
//! `FrameState` inputs that are `TagInt32/TagFloat64/TagBit(x)` are replaced by `x`: the exit
//! boxes the value itself (its `ExitDesc` records the representation), so the tagging op is
//! only computed where the value is really needed.

use frontend::bytecode::BinaryOp;
use midend::machine_lowering::{self, MachineEmitter};
use ir::ops::{Access, BranchProfile, DeoptReason, Op, Rep, RuntimeFn};
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

/// The assembler with the frame state of the op being lowered: the shared machine sequences
/// (`midend::machine_lowering`) emit into it.
struct WithFrameState<'a, 'b> {
    asm: &'a mut Assembler<'b>,
    fs: V,
}

impl MachineEmitter for WithFrameState<'_, '_> {
    type Value = V;

    fn pure(&mut self, op: Op, args: &[V], _rep: Rep) -> V {
        self.asm.emit(op, args)
    }

    fn int32_constant(&mut self, value: i32) -> V {
        self.asm.int32(value)
    }

    fn deoptimize(&mut self, cond: V, reason: DeoptReason, when: bool) {
        if when {
            deopt_if(self.asm, cond, reason, self.fs)
        } else {
            deopt_unless(self.asm, cond, reason, self.fs)
        }
    }
}

/// JS `Math.max` (or `Math.min`) of two float64 as a diamond, with claim C16's counters; see
/// the module docs.
pub fn float64_max_diamond(asm: &mut Assembler<'_>, max: bool, a: V, b: V) -> V {
    let started = std::time::Instant::now();
    let ops_before = asm.graph().op_count();
    let (v, blocks) = emit_diamond(asm, max, a, b);
    if asm.counting {
        let work = 1 + (asm.graph().op_count() - ops_before) as u64;
        asm.stats.extras_add("cf_lowerings", 1);
        asm.stats.extras_add("blocks_introduced", blocks);
        asm.stats.extras_add("cf_lower_visits", work);
        asm.stats.extras_add("cf_lower_visits_once", work);
        asm.stats.extras_add("cf_lower_ns", u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX));
    }
    v
}

/// Emits the diamond of [`float64_max_diamond`]; returns its value and the blocks bound.
fn emit_diamond(asm: &mut Assembler<'_>, max: bool, a: V, b: V) -> (V, u64) {
    let mut blocks = 1;
    let result = asm.new_variable(Rep::Float64);
    // The sequences exit nowhere: no frame state.
    let lt = machine_lowering::float64_min_max_condition(&mut WithFrameState { asm: &mut *asm, fs: V::INVALID }, a, b);
    let (then_block, else_block, merge) = (asm.new_block(), asm.new_block(), asm.new_block());
    // A reducer below may fold the branch into a jump (`lt` of two constants): the arm no
    // jump reaches is not bound (it would be an unreachable block), and the merge has one
    // predecessor, so the variable's value passes through without a phi.
    asm.branch(lt, then_block, else_block, BranchProfile::NONE);
    if asm.is_reachable(then_block) {
        blocks += 1;
        asm.bind(then_block);
        asm.set_variable(result, machine_lowering::float64_min_max_less(max, a, b));
        asm.goto(merge);
    }
    if asm.is_reachable(else_block) {
        blocks += 1;
        asm.bind(else_block);
        let r = machine_lowering::float64_min_max_not_less(&mut WithFrameState { asm: &mut *asm, fs: V::INVALID }, max, a, b);
        asm.set_variable(result, r);
        asm.goto(merge);
    }
    asm.bind(merge);
    let v = asm.get_variable(result).expect("set on both arms");
    asm.kill_variable(result);
    (v, blocks)
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
            Op::CheckedInt32Add | Op::CheckedInt32Sub | Op::CheckedInt32Mul | Op::CheckedInt32Div | Op::CheckedInt32Mod => {
                let binary = match op {
                    Op::CheckedInt32Add => BinaryOp::Add,
                    Op::CheckedInt32Sub => BinaryOp::Sub,
                    Op::CheckedInt32Mul => BinaryOp::Mul,
                    Op::CheckedInt32Div => BinaryOp::Div,
                    _ => BinaryOp::Mod,
                };
                machine_lowering::int32_binary(&mut WithFrameState { asm: &mut *asm, fs: i(2) }, binary, i(0), i(1))
            }
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
            Op::CheckNotHole { reason } => {
                let hole = asm.tagged(tagged::HOLE);
                let is_hole = asm.emit(Op::TaggedEqual, &[i(0), hole]);
                deopt_if(asm, is_hole, reason, i(1));
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
            Op::FrameState { .. } | Op::ObjectState { .. } => {
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
