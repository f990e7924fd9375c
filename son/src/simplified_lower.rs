//! Simplified lowering: JS and simplified ops → machine ops, checks → `DeoptimizeIf` /
//! `DeoptimizeUnless` on the effect chain.
//!
//! Each speculative or checked op expands into exactly the machine-op sequence the baseline
//! compiler emits for the same feedback (`engine::baseline`), so the pipelines differ in IR
//! shape only, never in semantics:
//!
//! - `CheckedTaggedToInt32(v)`: `IsInt32(v)`, `DeoptimizeUnless[NotInt32]`,
//!   `UntagInt32(v)`; `CheckedTaggedToFloat64(v)`: `IsNumber`, `DeoptimizeUnless[NotNumber]`,
//!   `UntagNumber`;
//! - `SpeculativeNumberAdd[SignedSmall](a, b)`: both inputs as int32, `Int32AddWithOverflow`,
//!   its projections, `DeoptimizeIf[Overflow]`, `TagInt32` (`*` also checks for `-0`, `/` and
//!   `%` for a zero or -1 divisor, inexact results and `-0`, `>>>` for results ≥ 2³¹);
//!   `[Number]`: both as float64, the float64 op, `TagFloat64` (bitwise ops truncate);
//! - `SpeculativeNumberCompare`: the int32 or float64 comparison (a bit);
//! - `CheckMaps`: `IsObject`, the shape load and comparison; `CheckArray`: `IsArray`;
//!   `CheckBounds`: `Uint32LessThan`; `CheckNotHole`: `TaggedEqual` with the hole;
//! - `LoadField`/`StoreField`/`LoadElement`/`StoreElement`/`LoadArrayLength` → `Load`/`Store`;
//! - generic JS ops → `CallRuntime` (their frame states are dropped: runtime calls do not
//!   exit before they run; a generic call keeps its frame state as its last value input, for
//!   its lazy exit `ir::frame::after_call`, taken when the code must not continue after the
//!   call returned); `JSLoadGlobal`/`JSStoreGlobal` load the global and exit on the hole;
//!   Tier 2's `JSCreateClosure[f]`, `JSCreateContext[n]`, `JSTypeOf`, `JSLoadSuper[name]`,
//!   `JSConstructSuper` and `JSSetPrototype` call `CreateClosure.f`, `CreateContext.n`,
//!   `TypeOf`, `LoadSuper.name`, `ConstructSuper` and `SetPrototype`; Tier 3's
//!   `JSDynamic[op]` calls `Dynamic.op` (context slots are
//!   already `LoadElement`/`StoreElement` from the walker);
//! - changes: `ChangeInt32ToTagged` → `TagInt32`, `ChangeFloat64ToTagged` → `TagFloat64`,
//!   `ChangeBitToTagged` → `TagBit`, `ChangeTaggedToBit(x)` → `TaggedEqual(x, true)`,
//!   `JSToBoolean` → `CallRuntime[ToBoolean]` (it has no observable effect, so it floats:
//!   its effect and control inputs are `Start`).
//!
//! # Representation selection (simplified) and check elimination
//!
//! Every value that crosses a bytecode register stays tagged; values inside one expansion
//! are int32, float64 or bits. Representation changes that cancel
//! (`UntagInt32(TagInt32(x))`) and tag tests of values whose tag is known are folded
//! afterwards by machine optimization (`machine`), which removes the checks between consecutive
//! int32 operations. Types (when the typer ran) remove more: an `IsNumber` check of a value
//! typed `Number` is dropped (every number passes it), and an int32 `+`/`-` whose input ranges
//! prove the result fits in int32 uses `Int32Add`/`Int32Sub` without the overflow check.
//! (`IsInt32` is never decided by types: an integral number may be boxed as a double.)

use frontend::bytecode::{BinaryOp, CompareOp};
use ir::compile::{Bailout, BailoutReason};
use ir::ops::{Access, DeoptReason, NumberHint, Op, Opcode, Rep, RuntimeFn};
use midend::machine_lowering::{self, MachineEmitter};
use ir::tagged;
use ir::types::{op as tyop, Type};

use crate::graph::{Graph, NodeId};

/// Counters of one lowering run.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct SimplifiedLoweringStats {
    /// Nodes lowered.
    pub lowered: u64,
    /// Checks dropped because types proved them.
    pub checks_removed: u64,
}

/// The shared machine sequences (`midend::machine_lowering`) emit into a [`Seq`]: pure ops float,
/// exits go on the effect chain with the lowered node's frame state.
impl MachineEmitter for Seq<'_> {
    type Value = NodeId;

    fn pure(&mut self, op: Op, args: &[NodeId], _rep: Rep) -> NodeId {
        self.g.add(op, args)
    }

    fn int32_constant(&mut self, value: i32) -> NodeId {
        self.i32k(value)
    }

    fn deoptimize(&mut self, cond: NodeId, reason: DeoptReason, when: bool) {
        self.deopt(cond, reason, when)
    }
}

/// A sequence of machine nodes replacing one node, threaded on its effect chain.
struct Seq<'g> {
    g: &'g mut Graph,
    effect: NodeId,
    control: NodeId,
    fs: Option<NodeId>,
    stats: &'g mut SimplifiedLoweringStats,
}

impl Seq<'_> {
    fn pure(&mut self, op: Op, ins: &[NodeId]) -> NodeId {
        self.g.add(op, ins)
    }

    fn i32k(&mut self, v: i32) -> NodeId {
        self.g.add(Op::Int32Constant { value: v }, &[])
    }

    fn tagk(&mut self, bits: u64) -> NodeId {
        self.g.add(Op::TaggedConstant { bits }, &[])
    }

    /// An op on the effect chain.
    fn chain(&mut self, op: Op, values: &[NodeId]) -> NodeId {
        let mut ins = values.to_vec();
        ins.push(self.effect);
        ins.push(self.control);
        let n = self.g.add(op, &ins);
        self.effect = n;
        n
    }

    fn deopt(&mut self, cond: NodeId, reason: DeoptReason, when: bool) {
        let fs = self.fs.expect("a check has a frame state");
        let op = if when { Op::DeoptimizeIf { reason } } else { Op::DeoptimizeUnless { reason } };
        self.chain(op, &[cond, fs]);
    }

    fn runtime(&mut self, function: RuntimeFn, args: &[NodeId]) -> NodeId {
        self.chain(Op::CallRuntime { function, argc: args.len() as u32 }, args)
    }

    /// A runtime call with a lazy exit: the frame state of the call follows its arguments.
    fn runtime_with_lazy_exit(&mut self, function: RuntimeFn, args: &[NodeId]) -> NodeId {
        let fs = self.fs.expect("a call has a frame state");
        let mut ins = args.to_vec();
        ins.push(fs);
        self.chain(Op::CallRuntime { function, argc: args.len() as u32 }, &ins)
    }

    fn checked_int32(&mut self, v: NodeId) -> NodeId {
        if self.g.opcode(v) == Opcode::TagInt32 {
            return self.g.input(v, 0);
        }
        let is = self.pure(Op::IsInt32, &[v]);
        self.deopt(is, DeoptReason::NotInt32, false);
        self.pure(Op::UntagInt32, &[v])
    }

    fn checked_float64(&mut self, v: NodeId) -> NodeId {
        let proven = self.g.ty(v).is_some_and(|t| !t.is_none() && t.is(Type::NUMBER));
        if proven {
            self.stats.checks_removed += 1;
        } else {
            let is = self.pure(Op::IsNumber, &[v]);
            self.deopt(is, DeoptReason::NotNumber, false);
        }
        self.pure(Op::UntagNumber, &[v])
    }

    fn int32_binary(&mut self, op: BinaryOp, a: NodeId, b: NodeId) -> NodeId {
        let (ta, tb) = (self.g.ty(a), self.g.ty(b));
        let x = self.checked_int32(a);
        let y = self.checked_int32(b);
        let r = self.int32_arith(op, x, y, ta, tb);
        self.pure(Op::TagInt32, &[r])
    }

    fn int32_arith(&mut self, op: BinaryOp, x: NodeId, y: NodeId, ta: Option<Type>, tb: Option<Type>) -> NodeId {
        let no_overflow = |f: fn(Type, Type) -> Type| match (ta, tb) {
            (Some(ta), Some(tb)) if !ta.is_none() && !tb.is_none() => {
                f(ta.intersect(Type::SIGNED32), tb.intersect(Type::SIGNED32)).is(Type::SIGNED32)
            }
            _ => false,
        };
        match op {
            BinaryOp::Add if no_overflow(tyop::number_add) => {
                self.stats.checks_removed += 1;
                self.pure(Op::Int32Add, &[x, y])
            }
            BinaryOp::Sub if no_overflow(tyop::number_subtract) => {
                self.stats.checks_removed += 1;
                self.pure(Op::Int32Sub, &[x, y])
            }
            _ => machine_lowering::int32_binary(self, op, x, y),
        }
    }

    fn float64_binary(&mut self, op: BinaryOp, a: NodeId, b: NodeId) -> NodeId {
        let x = self.checked_float64(a);
        let y = self.checked_float64(b);
        machine_lowering::float64_binary(self, op, x, y)
    }

    fn compare(&mut self, op: CompareOp, x: NodeId, y: NodeId, float: bool) -> NodeId {
        let (bit, negated) = machine_lowering::compare(self, op, x, y, float);
        if negated {
            // The builder never makes these; negate through an int32 select.
            let (one, zero) = (self.i32k(1), self.i32k(0));
            let i = self.pure(Op::Select { rep: Rep::Int32 }, &[bit, one, zero]);
            self.pure(Op::Word32Equal, &[i, zero])
        } else {
            bit
        }
    }
}


/// True if `op` is lowered by this phase.
pub fn needs_lowering(op: &Op) -> bool {
    use ir::ops::Level;
    matches!(op.info().level, Level::JS | Level::Simplified)
}

/// Lowers every JS and simplified node of the graph; bails out at the first op it has no rule
/// for.
pub fn lower(g: &mut Graph) -> Result<SimplifiedLoweringStats, Bailout> {
    let mut stats = SimplifiedLoweringStats::default();
    for n in g.live_nodes() {
        if g.is_killed(n) || !needs_lowering(&g.op(n)) {
            continue;
        }
        lower_node(g, n, &mut stats)?;
        stats.lowered += 1;
    }
    Ok(stats)
}

fn lower_node(g: &mut Graph, n: NodeId, stats: &mut SimplifiedLoweringStats) -> Result<(), Bailout> {
    let op = g.op(n);
    let values = g.value_inputs(n).to_vec();
    let v = |i: usize| values[i];
    let start = g.start;
    let effect = g.effect_input(n).unwrap_or(start);
    let control = g.control_input(n).unwrap_or(start);
    // The frame state, if any, is the last value input.
    let fs = values.last().copied().filter(|&f| g.opcode(f) == Opcode::FrameState);
    let mut s = Seq { g, effect, control, fs, stats };
    let value: Option<NodeId> = match op {
        Op::CheckedTaggedToInt32 => Some(s.checked_int32(v(0))),
        Op::CheckedTaggedToFloat64 => Some(s.checked_float64(v(0))),
        Op::CheckSmi => {
            s.checked_int32(v(0));
            Some(v(0))
        }
        Op::CheckNumber => {
            s.checked_float64(v(0));
            Some(v(0))
        }
        Op::CheckedInt32Add | Op::CheckedInt32Sub | Op::CheckedInt32Mul | Op::CheckedInt32Div | Op::CheckedInt32Mod => {
            let bop = match op {
                Op::CheckedInt32Add => BinaryOp::Add,
                Op::CheckedInt32Sub => BinaryOp::Sub,
                Op::CheckedInt32Mul => BinaryOp::Mul,
                Op::CheckedInt32Div => BinaryOp::Div,
                _ => BinaryOp::Mod,
            };
            let (ta, tb) = (s.g.ty(v(0)), s.g.ty(v(1)));
            Some(s.int32_arith(bop, v(0), v(1), ta, tb))
        }
        Op::CheckedFloat64ToInt32 => {
            let pair = s.pure(Op::TryFloat64ToInt32, &[v(0)]);
            let r = s.pure(Op::Projection { index: 0 }, &[pair]);
            let inexact = s.pure(Op::Projection { index: 1 }, &[pair]);
            s.deopt(inexact, DeoptReason::LostPrecision, true);
            Some(r)
        }
        Op::SpeculativeNumberCompare { op, hint } => Some(if hint == NumberHint::SignedSmall {
            let (x, y) = (s.checked_int32(v(0)), s.checked_int32(v(1)));
            s.compare(op, x, y, false)
        } else {
            let (x, y) = (s.checked_float64(v(0)), s.checked_float64(v(1)));
            s.compare(op, x, y, true)
        }),
        Op::CheckMaps { shapes } => {
            let o = v(0);
            let is = s.pure(Op::IsObject, &[o]);
            s.deopt(is, DeoptReason::WrongKind, false);
            let actual = s.chain(Op::Load { access: Access::Shape }, &[o]);
            let mut any: Option<NodeId> = None;
            for &shape in shapes.as_slice() {
                let expected = s.i32k(shape as i32);
                let same = s.pure(Op::Word32Equal, &[actual, expected]);
                any = Some(match any {
                    None => same,
                    Some(prev) => s.pure(Op::Select { rep: Rep::Bit }, &[prev, prev, same]),
                });
            }
            // The builders check one shape; a set emptied elsewhere has no lowering.
            let any = any.ok_or_else(|| Bailout::new(BailoutReason::NoLowering { op }))?;
            s.deopt(any, DeoptReason::WrongMap, false);
            None
        }
        Op::CheckArray => {
            let is = s.pure(Op::IsArray, &[v(0)]);
            s.deopt(is, DeoptReason::WrongKind, false);
            Some(v(0))
        }
        Op::CheckBounds => {
            let ok = s.pure(Op::Uint32LessThan, &[v(0), v(1)]);
            s.deopt(ok, DeoptReason::OutOfBounds, false);
            Some(v(0))
        }
        Op::CheckNotHole { reason } => {
            let hole = s.tagk(tagged::HOLE);
            let is_hole = s.pure(Op::TaggedEqual, &[v(0), hole]);
            s.deopt(is_hole, reason, true);
            Some(v(0))
        }
        Op::LoadField { slot } => Some(s.chain(Op::Load { access: Access::Field(slot) }, &[v(0)])),
        Op::StoreField { slot } => {
            s.chain(Op::Store { access: Access::Field(slot) }, &[v(0), v(1)]);
            None
        }
        Op::LoadElement => Some(s.chain(Op::Load { access: Access::Element }, &[v(0), v(1)])),
        Op::StoreElement => {
            s.chain(Op::Store { access: Access::Element }, &[v(0), v(1), v(2)]);
            None
        }
        Op::LoadArrayLength => Some(s.chain(Op::Load { access: Access::ArrayLength }, &[v(0)])),
        Op::ChangeInt32ToTagged => Some(s.pure(Op::TagInt32, &[v(0)])),
        Op::ChangeFloat64ToTagged => Some(s.pure(Op::TagFloat64, &[v(0)])),
        Op::ChangeBitToTagged => Some(s.pure(Op::TagBit, &[v(0)])),
        Op::ChangeTaggedToInt32 => Some(s.pure(Op::UntagInt32, &[v(0)])),
        Op::ChangeTaggedToFloat64 => Some(s.pure(Op::UntagNumber, &[v(0)])),
        Op::ChangeTaggedToBit => {
            let t = s.tagk(tagged::TRUE);
            Some(s.pure(Op::TaggedEqual, &[v(0), t]))
        }
        Op::JSToBoolean => {
            // Floating: ToBoolean cannot run user code.
            let start = s.g.start;
            Some(s.g.add(Op::CallRuntime { function: RuntimeFn::ToBoolean, argc: 1 }, &[v(0), start, start]))
        }
        Op::JSBinary { op, .. } => Some(s.runtime(RuntimeFn::Binary(op), &[v(0), v(1)])),
        Op::JSCompare { op, .. } => Some(s.runtime(RuntimeFn::Compare(op), &[v(0), v(1)])),
        Op::JSUnary { op, .. } => Some(s.runtime(RuntimeFn::Unary(op), &[v(0)])),
        Op::JSLoadNamed { name, .. } => Some(s.runtime(RuntimeFn::LoadNamed(name), &[v(0)])),
        Op::JSStoreNamed { name, .. } => {
            s.runtime(RuntimeFn::StoreNamed(name), &[v(0), v(1)]);
            None
        }
        Op::JSLoadKeyed { .. } => Some(s.runtime(RuntimeFn::LoadKeyed, &[v(0), v(1)])),
        Op::JSStoreKeyed { .. } => {
            s.runtime(RuntimeFn::StoreKeyed, &[v(0), v(1), v(2)]);
            None
        }
        Op::JSCall { argc, .. } => Some(s.runtime_with_lazy_exit(RuntimeFn::Call, &values[..argc as usize + 2])),
        Op::JSConstruct { argc, .. } => Some(s.runtime(RuntimeFn::Construct, &values[..argc as usize + 1])),
        Op::JSCreateObject { shape } => Some(s.chain(Op::AllocateObject { shape }, &[])),
        Op::JSCreateArray { count } if count <= ir::lir::POOL_SLOTS => Some(s.chain(Op::AllocateArray { count }, &values[..count as usize])),
        Op::JSCreateArray { .. } => Some(s.runtime(RuntimeFn::CreateArray, &values)),
        Op::JSCreateClosure { func } => Some(s.runtime(RuntimeFn::CreateClosure(func), &[v(0)])),
        Op::JSCreateContext { slots } => Some(s.runtime(RuntimeFn::CreateContext(slots), &[v(0)])),
        Op::JSTypeOf => Some(s.runtime(RuntimeFn::TypeOf, &[v(0)])),
        Op::JSLoadSuper { name } => Some(s.runtime(RuntimeFn::LoadSuper(name), &[v(0)])),
        Op::JSConstructSuper { argc, .. } => Some(s.runtime(RuntimeFn::ConstructSuper, &values[..argc as usize + 2])),
        Op::JSSetPrototype => {
            s.runtime(RuntimeFn::SetPrototype, &[v(0), v(1)]);
            None
        }
        Op::JSDynamic { op } => Some(s.runtime(RuntimeFn::Dynamic(op), &values[..op.arity() as usize])),
        Op::JSToIterable { text, call: false } => Some(s.runtime(RuntimeFn::ToIterable(text), &[v(0)])),
        Op::JSToIterable { text, call: true } => Some(s.runtime(RuntimeFn::ToSpreadArguments(text), &[v(0)])),
        Op::JSCallSpread => Some(s.runtime(RuntimeFn::CallSpread, &[v(0), v(1), v(2)])),
        Op::JSConstructSpread => Some(s.runtime(RuntimeFn::ConstructSpread, &[v(0), v(1)])),
        Op::JSCopyDataProperties => {
            s.runtime(RuntimeFn::CopyDataProperties, &[v(0), v(1), v(2)]);
            None
        }
        Op::JSLoadGlobal { global } => {
            let val = s.chain(Op::Load { access: Access::Global(global) }, &[]);
            let hole = s.tagk(tagged::HOLE);
            let is_hole = s.pure(Op::TaggedEqual, &[val, hole]);
            s.deopt(is_hole, DeoptReason::Uninitialized, true);
            Some(val)
        }
        Op::JSStoreGlobal { global, .. } => {
            let old = s.chain(Op::Load { access: Access::Global(global) }, &[]);
            let hole = s.tagk(tagged::HOLE);
            let is_hole = s.pure(Op::TaggedEqual, &[old, hole]);
            s.deopt(is_hole, DeoptReason::Uninitialized, true);
            s.chain(Op::Store { access: Access::Global(global) }, &[v(0)]);
            None
        }
        other => match other.as_speculative_number() {
            Some((bop, hint)) => Some(if hint == NumberHint::SignedSmall && bop != BinaryOp::Exp {
                s.int32_binary(bop, v(0), v(1))
            } else {
                s.float64_binary(bop, v(0), v(1))
            }),
            None => return Err(Bailout::new(BailoutReason::NoLowering { op: other })),
        },
    };
    let new_effect = s.effect;
    // A node that may throw inside a `try` hands its `IfSuccess`/`IfException` (its only
    // control users) to the runtime call it became, the last node of its sequence.
    let new_control = if g.has_exception_edge(n) {
        if !matches!(g.op(new_effect), Op::CallRuntime { .. }) {
            return Err(Bailout::new(BailoutReason::NoLowering { op }));
        }
        new_effect
    } else {
        control
    };
    g.replace_with_value(n, value, Some(new_effect), Some(new_control));
    g.kill(n);
    Ok(())
}
