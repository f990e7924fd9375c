//! Simplified lowering: speculative and generic JS ops → checked simplified ops and machine
//! arithmetic, choosing representations (TurboFan's `SimplifiedLowering` /
//! `JSTypedLowering` / `JSGenericLowering`; the sea-of-nodes `typed-lower`).
//!
//! Contract: every op it handles is replaced by ops with the same JavaScript semantics given
//! the op's speculation, in which tagged values are converted to int32 or float64 once,
//! computed on, and converted back:
//!
//! | op | becomes |
//! |---|---|
//! | `SpeculativeNumberAdd/Subtract[SignedSmall]` | int32 operands → `CheckedInt32Add/Sub` (or plain `Int32Add/Sub` when the operand types cannot overflow) → `ChangeInt32ToTagged` |
//! | `SpeculativeNumberMultiply/Divide/Modulus[SignedSmall]` | `CheckedInt32Mul/Div/Mod` |
//! | `SpeculativeNumberBitwise[op, SignedSmall]` | `Word32*` (`>>>` exits unless the result is an int32) |
//! | `Speculative*[Number]` | float64 operands → `Float64*` → `ChangeFloat64ToTagged`; bitwise ops truncate to int32 |
//! | `SpeculativeNumberCompare[op, hint]` | `Int32LessThan`/`Float64LessThan`/... (operands swapped for `>`/`>=`) |
//! | `JS*` generic ops | `CallRuntime` of the matching runtime function (Tier 2: `JSCreateClosure[f]` → `CreateClosure.f`, `JSCreateContext[n]` → `CreateContext.n`, `JSTypeOf`, `JSLoadSuper[name]`, `JSConstructSuper`, `JSSetPrototype`; Tier 3: `JSDynamic[op]` → `Dynamic.op`) |
//! | `JSToBoolean` | `CallRuntime[ToBoolean]` |
//!
//! An operand becomes int32 as: the int32 under a `ChangeInt32ToTagged` (no check: the value
//! is known to be int32-tagged), an `Int32Constant` for an int32-tagged constant, otherwise
//! `CheckedTaggedToInt32`. Note that a *type* inside Signed32 does not prove the int32 tag
//! (a double-tagged 5.0 has type 5), so types never drop that check. An operand becomes
//! float64 as: the float64 under `ChangeFloat64ToTagged`, `ChangeInt32ToFloat64` of an
//! int32 under `ChangeInt32ToTagged`, a constant, `ChangeTaggedToFloat64` when its type is
//! inside Number, otherwise `CheckedTaggedToFloat64`.

use ir::ops::{BinaryOperator, CompareOperator, DeoptReason, NumberHint, Op, RuntimeFn};
use ir::tagged;
use ir::types::Type;

use super::tagged_const;
use crate::assembler::{Assembler, Reducer, Reduction, V};

/// The simplified-lowering reducer (`lower`).
#[derive(Default)]
pub struct SimplifiedLowering;


/// `v` as an int32 (see the module docs).
pub fn to_int32(asm: &mut Assembler<'_>, v: V, fs: V) -> V {
    if matches!(asm.op(v), Op::ChangeInt32ToTagged | Op::TagInt32) {
        return asm.inputs(v)[0];
    }
    if let Some(bits) = tagged_const(asm, v) {
        if tagged::is_int32(bits) {
            return asm.int32(tagged::to_int32(bits));
        }
    }
    asm.emit(Op::CheckedTaggedToInt32, &[v, fs])
}

/// `v` as a float64 (see the module docs).
pub fn to_float64(asm: &mut Assembler<'_>, v: V, fs: V) -> V {
    match asm.op(v) {
        Op::ChangeFloat64ToTagged | Op::TagFloat64 => return asm.inputs(v)[0],
        Op::ChangeInt32ToTagged | Op::TagInt32 => {
            let x = asm.inputs(v)[0];
            return asm.emit(Op::ChangeInt32ToFloat64, &[x]);
        }
        _ => {}
    }
    if let Some(bits) = tagged_const(asm, v) {
        if tagged::is_number(bits) {
            return asm.float64(tagged::to_f64(bits));
        }
    }
    if asm.type_of(v).is(Type::NUMBER) {
        return asm.emit(Op::ChangeTaggedToFloat64, &[v]);
    }
    asm.emit(Op::CheckedTaggedToFloat64, &[v, fs])
}

/// True if the int32 `a + b` (or `a - b`) cannot overflow by the operands' types.
fn fits(asm: &Assembler<'_>, a: V, b: V, subtract: bool) -> bool {
    let bounds = |v: V| {
        let t = asm.type_of(v);
        if t.is(Type::SIGNED32) {
            t.integer_bounds()
        } else {
            None
        }
    };
    let (Some(x), Some(y)) = (bounds(a), bounds(b)) else { return false };
    let (lo, hi) = if subtract { (x.0 - y.1, x.1 - y.0) } else { (x.0 + y.0, x.1 + y.1) };
    lo >= i32::MIN as f64 && hi <= i32::MAX as f64
}

fn int32_arith(asm: &mut Assembler<'_>, op: &Op, a: V, b: V, fs: V) -> V {
    let x = to_int32(asm, a, fs);
    let y = to_int32(asm, b, fs);
    let r = match *op {
        Op::SpeculativeNumberAdd { .. } if fits(asm, x, y, false) => asm.emit(Op::Int32Add, &[x, y]),
        Op::SpeculativeNumberSubtract { .. } if fits(asm, x, y, true) => asm.emit(Op::Int32Sub, &[x, y]),
        Op::SpeculativeNumberAdd { .. } => asm.emit(Op::CheckedInt32Add, &[x, y, fs]),
        Op::SpeculativeNumberSubtract { .. } => asm.emit(Op::CheckedInt32Sub, &[x, y, fs]),
        Op::SpeculativeNumberMultiply { .. } => asm.emit(Op::CheckedInt32Mul, &[x, y, fs]),
        Op::SpeculativeNumberDivide { .. } => asm.emit(Op::CheckedInt32Div, &[x, y, fs]),
        Op::SpeculativeNumberModulus { .. } => asm.emit(Op::CheckedInt32Mod, &[x, y, fs]),
        Op::SpeculativeNumberBitwise { op, .. } => {
            let r = asm.emit(Op::word32_for(op).expect("a bitwise operator"), &[x, y]);
            if op == BinaryOperator::Shr {
                // A result of 2^31 or more is not an int32.
                let zero = asm.int32(0);
                let negative = asm.emit(Op::Int32LessThan, &[r, zero]);
                asm.emit(Op::DeoptimizeIf { reason: DeoptReason::Overflow }, &[negative, fs]);
            }
            r
        }
        _ => unreachable!("not a speculative number op: {op}"),
    };
    asm.emit(Op::ChangeInt32ToTagged, &[r])
}

fn float64_arith(asm: &mut Assembler<'_>, op: &Op, a: V, b: V, fs: V) -> V {
    let x = to_float64(asm, a, fs);
    let y = to_float64(asm, b, fs);
    let machine = match *op {
        Op::SpeculativeNumberAdd { .. } => Op::Float64Add,
        Op::SpeculativeNumberSubtract { .. } => Op::Float64Sub,
        Op::SpeculativeNumberMultiply { .. } => Op::Float64Mul,
        Op::SpeculativeNumberDivide { .. } => Op::Float64Div,
        Op::SpeculativeNumberModulus { .. } => Op::Float64Mod,
        Op::SpeculativeNumberBitwise { op, .. } => {
            let xi = asm.emit(Op::TruncateFloat64ToWord32, &[x]);
            let yi = asm.emit(Op::TruncateFloat64ToWord32, &[y]);
            let r = asm.emit(Op::word32_for(op).expect("a bitwise operator"), &[xi, yi]);
            if op == BinaryOperator::Shr {
                let f = asm.emit(Op::ChangeUint32ToFloat64, &[r]);
                return asm.emit(Op::ChangeFloat64ToTagged, &[f]);
            }
            return asm.emit(Op::ChangeInt32ToTagged, &[r]);
        }
        _ => unreachable!("not a speculative number op: {op}"),
    };
    let r = asm.emit(machine, &[x, y]);
    asm.emit(Op::ChangeFloat64ToTagged, &[r])
}

fn compare(asm: &mut Assembler<'_>, op: CompareOperator, hint: NumberHint, a: V, b: V, fs: V) -> Option<V> {
    let float = hint != NumberHint::SignedSmall;
    let (x, y) = if float {
        (to_float64(asm, a, fs), to_float64(asm, b, fs))
    } else {
        (to_int32(asm, a, fs), to_int32(asm, b, fs))
    };
    let (machine, swap, negated) = Op::compare_for(op, float);
    if negated {
        // The builder expresses `!=` as a negated `==`; a bit has no negation op.
        return None;
    }
    let args = if swap { [y, x] } else { [x, y] };
    Some(asm.emit(machine, &args))
}

fn runtime(asm: &mut Assembler<'_>, function: RuntimeFn, args: &[V]) -> V {
    asm.emit(Op::CallRuntime { function, argc: args.len() as u32 }, args)
}

/// A runtime call with a lazy exit: `args_and_state` ends with the call's frame state
/// (`ir::frame::after_call`), which `argc` does not count.
fn runtime_with_lazy_exit(asm: &mut Assembler<'_>, function: RuntimeFn, args_and_state: &[V]) -> V {
    let argc = args_and_state.len() as u32 - 1;
    asm.emit(Op::CallRuntime { function, argc }, args_and_state)
}

impl Reducer for SimplifiedLowering {
    fn name(&self) -> &'static str {
        "lower"
    }

    fn reduce(&mut self, asm: &mut Assembler<'_>, op: &Op, ins: &[V]) -> Reduction {
        let n = ins.len();
        let v = match *op {
            Op::SpeculativeNumberAdd { hint }
            | Op::SpeculativeNumberSubtract { hint }
            | Op::SpeculativeNumberMultiply { hint }
            | Op::SpeculativeNumberDivide { hint }
            | Op::SpeculativeNumberModulus { hint }
            | Op::SpeculativeNumberBitwise { hint, .. } => match hint {
                NumberHint::SignedSmall => int32_arith(asm, op, ins[0], ins[1], ins[2]),
                _ => float64_arith(asm, op, ins[0], ins[1], ins[2]),
            },
            Op::SpeculativeNumberCompare { op: cmp, hint } => match compare(asm, cmp, hint, ins[0], ins[1], ins[2]) {
                Some(v) => v,
                None => return Reduction::NoChange,
            },
            Op::JSBinary { op, .. } => runtime(asm, RuntimeFn::Binary(op), &ins[..2]),
            Op::JSCompare { op, .. } => runtime(asm, RuntimeFn::Compare(op), &ins[..2]),
            Op::JSUnary { op, .. } => runtime(asm, RuntimeFn::Unary(op), &ins[..1]),
            Op::JSToBoolean => runtime(asm, RuntimeFn::ToBoolean, ins),
            Op::JSLoadNamed { name, .. } => runtime(asm, RuntimeFn::LoadNamed(name), &ins[..1]),
            Op::JSStoreNamed { name, .. } => runtime(asm, RuntimeFn::StoreNamed(name), &ins[..2]),
            Op::JSLoadKeyed { .. } => runtime(asm, RuntimeFn::LoadKeyed, &ins[..2]),
            Op::JSStoreKeyed { .. } => runtime(asm, RuntimeFn::StoreKeyed, &ins[..3]),
            Op::JSCall { .. } => runtime_with_lazy_exit(asm, RuntimeFn::Call, ins),
            Op::JSConstruct { .. } => runtime(asm, RuntimeFn::Construct, &ins[..n - 1]),
            Op::JSCreateObject { shape } => asm.emit(Op::AllocateObject { shape }, &[]),
            Op::JSCreateArray { count } if count <= ir::lir::POOL_SLOTS => asm.emit(Op::AllocateArray { count }, &ins[..count as usize]),
            Op::JSCreateArray { .. } => runtime(asm, RuntimeFn::CreateArray, ins),
            Op::JSCreateClosure { func } => runtime(asm, RuntimeFn::CreateClosure(func), ins),
            Op::JSCreateContext { slots } => runtime(asm, RuntimeFn::CreateContext(slots), ins),
            Op::JSTypeOf => runtime(asm, RuntimeFn::TypeOf, ins),
            Op::JSLoadSuper { name } => runtime(asm, RuntimeFn::LoadSuper(name), &ins[..1]),
            Op::JSConstructSuper { .. } => runtime(asm, RuntimeFn::ConstructSuper, &ins[..n - 1]),
            Op::JSSetPrototype => runtime(asm, RuntimeFn::SetPrototype, &ins[..2]),
            Op::JSDynamic { op } => runtime(asm, RuntimeFn::Dynamic(op), &ins[..op.arity() as usize]),
            Op::JSToIterable { text, call: false } => runtime(asm, RuntimeFn::ToIterable(text), &ins[..1]),
            Op::JSToIterable { text, call: true } => runtime(asm, RuntimeFn::ToSpreadArguments(text), &ins[..1]),
            Op::JSCallSpread => runtime(asm, RuntimeFn::CallSpread, &ins[..3]),
            Op::JSConstructSpread => runtime(asm, RuntimeFn::ConstructSpread, &ins[..2]),
            Op::JSCopyDataProperties => runtime(asm, RuntimeFn::CopyDataProperties, &ins[..3]),
            _ => return Reduction::NoChange,
        };
        Reduction::Replace(v)
    }
}
