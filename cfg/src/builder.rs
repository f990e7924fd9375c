//! The graph builder: bytecode + feedback → CFG with speculation.
//!
//! Blocks start at the bytecode's block leaders (jump targets, fall-throughs after jumps and
//! terminators), in bytecode order, after an entry block that binds the parameters and sets
//! every other register to `undefined`. Targets of `JumpLoop` are loop headers. Every
//! bytecode register is a [`Variable`](crate::assembler::Variable) of the assembler, so SSA
//! construction is the assembler's variable merging: a block keeps only the registers live
//! at its first instruction (bytecode liveness), equal values pass through, different ones
//! meet in phis, loop headers get pending phis completed by their back edges.
//!
//! Each instruction becomes ops at the level its feedback allows, with the same speculation
//! decisions as the baseline compiler (`backend::baseline`):
//!
//! - arithmetic, bitwise and comparisons: `SignedSmall` → `Speculative*[SignedSmall]`,
//!   `Number` (or `SignedSmall` for `**`) → `Speculative*[Number]`, no feedback → an
//!   unconditional `Deoptimize[InsufficientFeedback]`, anything else → the generic `JS*` op;
//!   unary ops are built from the binary ones (`++x` is `x + 1`), except `-x`, whose `-0`
//!   check the table has no speculative op for (built from `CheckedTaggedToInt32`,
//!   `Word32Equal`, `DeoptimizeIf[MinusZero]` and `CheckedInt32Sub`), and `**`, which has no
//!   speculative op (built from `CheckedTaggedToFloat64` and `Float64Pow`);
//! - `!=` and `!==` are a negated `==`: the register holds `Select(bit, false, true)` and a
//!   branch on it swaps its targets (the bit and its polarity are remembered per block, as
//!   the baseline does);
//! - monomorphic field access → `CheckMaps` + `LoadField`/`StoreField`; `array.length` →
//!   `CheckArray` + `LoadArrayLength`; in-bounds element access → `CheckArray`,
//!   `CheckedTaggedToInt32`, `LoadArrayLength`, `CheckBounds`, `LoadElement`/`StoreElement`
//!   (a holey load turns the hole into `undefined` with a `Select`);
//! - globals → `Load`/`Store[global]` with `CheckNotHole`; calls, constructs and allocation →
//!   generic JS ops.
//!
//! Every check and every JS op takes the `FrameState` of its bytecode pc: the values of the
//! registers live there ([`ir::frame::frame_state_registers`]). Checks come before an
//! instruction's side effects, so an exit re-executes the instruction in the interpreter.
//! Branch counts become the branch's weights. No inlining yet.

use std::collections::HashMap;

use frontend::bytecode::{BinaryOp, CompareOp, Constant, Instr, Pc, Reg, UnaryOp};
use frontend::liveness::{analyze, Liveness};
use ir::compile::{Bailout, CompileInput};
use ir::feedback::SlotFeedback;
use ir::speculation::{self, KeyedPlan, NamedPlan, NumberPlan};
use ir::ops::{Access, BinaryOperator, CompareOperator, DeoptReason, NumberHint, Op, Rep, ShapeSet};
use ir::tagged;

use crate::assembler::{Assembler, Label, Variable, V};
use crate::graph::{Graph, Output};

/// Builds the CFG of `input.func`.
pub fn build(input: &CompileInput<'_>) -> Result<(Graph<Output>, crate::assembler::Stats), Bailout> {
    let bytecode = input.program.function(input.func);
    if bytecode.code.is_empty() {
        return Err(Bailout { reason: "empty function".into() });
    }
    let liveness = analyze(bytecode);
    let mut asm = Assembler::new(&bytecode.name, input.func, Vec::new());
    let regs = (0..bytecode.register_count).map(|_| asm.new_variable(Rep::Tagged)).collect();
    let mut b = Builder { input, liveness, asm, regs, bit_source: HashMap::new(), block_of_pc: HashMap::new(), fs: None };
    b.build();
    let (graph, _, stats) = b.asm.finish();
    Ok((graph, stats))
}

struct Builder<'i, 'a> {
    input: &'i CompileInput<'a>,
    liveness: Liveness,
    asm: Assembler<'static>,
    regs: Vec<Variable>,
    /// Tagged booleans made from a bit (possibly negated): branches use the bit.
    bit_source: HashMap<V, (V, bool)>,
    block_of_pc: HashMap<Pc, Label>,
    /// The frame state of the instruction being translated.
    fs: Option<(Pc, V)>,
}

/// Bytecode block leaders reachable from pc 0, in order, and the loop headers among them
/// (`frontend::blocks`, shared by every compiler's builder).
fn leaders(func: &frontend::bytecode::Function) -> (Vec<Pc>, Vec<bool>) {
    let blocks = frontend::blocks::BytecodeBlocks::of(func);
    (blocks.reachable_leaders(), blocks.is_loop_header)
}

fn speculative(op: BinaryOp, hint: NumberHint) -> Op {
    match op {
        BinaryOp::Add => Op::SpeculativeNumberAdd { hint },
        BinaryOp::Sub => Op::SpeculativeNumberSubtract { hint },
        BinaryOp::Mul => Op::SpeculativeNumberMultiply { hint },
        BinaryOp::Div => Op::SpeculativeNumberDivide { hint },
        BinaryOp::Mod => Op::SpeculativeNumberModulus { hint },
        op => Op::SpeculativeNumberBitwise { op, hint },
    }
}

impl Builder<'_, '_> {
    fn bytecode(&self) -> &frontend::bytecode::Function {
        self.input.program.function(self.input.func)
    }

    fn build(&mut self) {
        let func = self.bytecode();
        let (leaders, is_loop) = leaders(func);
        let (param_count, register_count, code_len) = (func.param_count, func.register_count, func.code.len() as Pc);
        let entry = self.asm.new_block();
        for &pc in &leaders {
            let label = if is_loop[pc as usize] { self.asm.new_loop_header() } else { self.asm.new_block() };
            self.block_of_pc.insert(pc, label);
        }
        self.asm.bind(entry);
        let undefined = self.asm.tagged(tagged::UNDEFINED);
        for r in 0..register_count {
            let v = if r < param_count { self.asm.emit(Op::Parameter { index: r }, &[]) } else { undefined };
            self.asm.set_variable(self.regs[r as usize], v);
        }
        self.asm.goto(self.block_of_pc[&0]);
        for (i, &start) in leaders.iter().enumerate() {
            let end = leaders.get(i + 1).copied().unwrap_or(code_len);
            let label = self.block_of_pc[&start];
            if !self.asm.is_reachable(label) {
                continue;
            }
            let live = self.liveness.live_in(start).clone();
            self.asm.bind_filtered(label, &|var| live.contains(Reg(var.index())));
            self.bit_source.clear();
            let mut pc = start;
            while pc < end && self.asm.current_block().is_some() {
                self.fs = None;
                self.instruction(pc);
                pc += 1;
            }
            if self.asm.current_block().is_some() {
                self.asm.goto(self.block_of_pc[&end]);
            }
        }
    }

    fn reg(&self, r: Reg) -> V {
        self.asm.get_variable(self.regs[r.0 as usize]).unwrap_or_else(|| panic!("register {r:?} has no value"))
    }

    fn set(&mut self, r: Reg, v: V) {
        self.asm.set_variable(self.regs[r.0 as usize], v);
    }

    fn emit(&mut self, op: Op, inputs: &[V]) -> V {
        self.asm.emit(op, inputs)
    }

    /// The frame state at `pc`: the registers live there.
    fn frame_state(&mut self, pc: Pc) -> V {
        if let Some((p, v)) = self.fs {
            if p == pc {
                return v;
            }
        }
        let values: Vec<V> =
            ir::frame::frame_state_registers(&self.liveness, pc).into_iter().map(|r| self.reg(r)).collect();
        let v = self.emit(Op::FrameState { func: self.input.func.0, pc, has_outer: false }, &values);
        self.fs = Some((pc, v));
        v
    }

    fn deopt_here(&mut self, pc: Pc, reason: DeoptReason) {
        let fs = self.frame_state(pc);
        self.asm.deoptimize(reason, fs);
    }

    fn feedback(&self, slot: frontend::bytecode::SlotId) -> &SlotFeedback {
        &self.input.feedback_of(self.input.func)[slot.0 as usize]
    }

    fn tag_bit(&mut self, bit: V, negated: bool) -> V {
        let v = if negated {
            let t = self.asm.tagged(tagged::TRUE);
            let f = self.asm.tagged(tagged::FALSE);
            self.emit(Op::Select { rep: Rep::Tagged }, &[bit, f, t])
        } else {
            self.emit(Op::ChangeBitToTagged, &[bit])
        };
        self.bit_source.insert(v, (bit, negated));
        v
    }

    fn truthiness(&mut self, v: V) -> (V, bool) {
        if let Some(&src) = self.bit_source.get(&v) {
            return src;
        }
        let b = self.emit(Op::JSToBoolean, &[v]);
        (self.emit(Op::ChangeTaggedToBit, &[b]), false)
    }

    fn instruction(&mut self, pc: Pc) {
        let instr = self.bytecode().code[pc as usize];
        match instr {
            Instr::LoadConst { dst, k } => {
                let v = match &self.bytecode().constants[k.0 as usize] {
                    Constant::Number(x) => self.emit(Op::NumberConstant { value: ir::ops::F64(*x) }, &[]),
                    Constant::String(_) => self.emit(Op::StringConstant { func: self.input.func.0, index: k.0 }, &[]),
                    Constant::Text(_) => unreachable!("text constants are only trap descriptions"),
                };
                self.set(dst, v);
            }
            Instr::LoadInt { .. }
            | Instr::LoadUndefined { .. }
            | Instr::LoadNull { .. }
            | Instr::LoadBool { .. }
            | Instr::LoadHole { .. }
            | Instr::LoadFunction { .. } => {
                let (dst, bits) = tagged::constant_load(&instr).expect("a constant load");
                let v = self.asm.tagged(bits);
                self.set(dst, v)
            }
            Instr::Move { dst, src } => {
                let v = self.reg(src);
                self.set(dst, v);
            }
            Instr::LoadGlobal { dst, global } => {
                let fs = self.frame_state(pc);
                let v = self.emit(Op::Load { access: Access::Global(global.0) }, &[]);
                self.emit(Op::CheckNotHole, &[v, fs]);
                self.set(dst, v);
            }
            Instr::StoreGlobal { global, src, .. } => {
                let fs = self.frame_state(pc);
                let old = self.emit(Op::Load { access: Access::Global(global.0) }, &[]);
                self.emit(Op::CheckNotHole, &[old, fs]);
                let v = self.reg(src);
                self.emit(Op::Store { access: Access::Global(global.0) }, &[v]);
            }
            Instr::InitGlobal { global, src } => {
                let v = self.reg(src);
                self.emit(Op::Store { access: Access::Global(global.0) }, &[v]);
            }
            Instr::CheckInitialized { reg, .. } => {
                let fs = self.frame_state(pc);
                let v = self.reg(reg);
                self.emit(Op::CheckNotHole, &[v, fs]);
            }
            Instr::Binary { op, dst, lhs, rhs, slot } => {
                let (a, b) = (self.reg(lhs), self.reg(rhs));
                let plan = speculation::binary_plan(self.feedback(slot), op);
                if plan == NumberPlan::NeverRan {
                    return self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                }
                let fs = self.frame_state(pc);
                let v = match plan {
                    NumberPlan::Speculate(_) if op == BinaryOp::Exp => {
                        let x = self.emit(Op::CheckedTaggedToFloat64, &[a, fs]);
                        let y = self.emit(Op::CheckedTaggedToFloat64, &[b, fs]);
                        let r = self.emit(Op::Float64Pow, &[x, y]);
                        self.emit(Op::ChangeFloat64ToTagged, &[r])
                    }
                    NumberPlan::Speculate(hint) => self.emit(speculative(op, hint), &[a, b, fs]),
                    NumberPlan::NeverRan | NumberPlan::Generic => self.emit(Op::JSBinary { op, slot: slot.0 }, &[a, b, fs]),
                };
                self.set(dst, v);
            }
            Instr::Compare { op, dst, lhs, rhs, slot } => {
                let (a, b) = (self.reg(lhs), self.reg(rhs));
                let plan = speculation::number_plan(self.feedback(slot));
                if plan == NumberPlan::NeverRan {
                    return self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                }
                let fs = self.frame_state(pc);
                let v = match plan {
                    NumberPlan::Speculate(hint) => {
                        let (cmp, negated) = match op {
                            CompareOp::Ne => (CompareOperator::Eq, true),
                            CompareOp::StrictNe => (CompareOperator::StrictEq, true),
                            other => (other, false),
                        };
                        let bit = self.emit(Op::SpeculativeNumberCompare { op: cmp, hint }, &[a, b, fs]);
                        self.tag_bit(bit, negated)
                    }
                    NumberPlan::NeverRan | NumberPlan::Generic => self.emit(Op::JSCompare { op, slot: slot.0 }, &[a, b, fs]),
                };
                self.set(dst, v);
            }
            Instr::Unary { op, dst, src, slot } => {
                let a = self.reg(src);
                let plan = speculation::number_plan(self.feedback(slot));
                if plan == NumberPlan::NeverRan {
                    return self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                }
                let fs = self.frame_state(pc);
                let v = match plan {
                    NumberPlan::Speculate(hint) => self.number_unary(op, hint, a, fs),
                    NumberPlan::NeverRan | NumberPlan::Generic => self.emit(Op::JSUnary { op, slot: slot.0 }, &[a, fs]),
                };
                self.set(dst, v);
            }
            Instr::LogicalNot { dst, src } => {
                let v = self.reg(src);
                let (bit, negated) = self.truthiness(v);
                let r = self.tag_bit(bit, !negated);
                self.set(dst, r);
            }
            Instr::Jump { target } | Instr::JumpLoop { target } => {
                self.asm.goto(self.block_of_pc[&target]);
            }
            Instr::JumpIfTrue { cond, target, slot } | Instr::JumpIfFalse { cond, target, slot } => {
                let jump_if = matches!(instr, Instr::JumpIfTrue { .. });
                let v = self.reg(cond);
                let (bit, negated) = self.truthiness(v);
                let taken = self.block_of_pc[&target];
                let fall = self.block_of_pc[&(pc + 1)];
                let weights = match self.feedback(slot) {
                    SlotFeedback::Branch { taken, not_taken } => Some((*taken, *not_taken)),
                    _ => None,
                };
                // The jump is taken when bit == (jump_if != negated).
                let (if_true, if_false, weights) =
                    if jump_if != negated { (taken, fall, weights) } else { (fall, taken, weights.map(|(t, n)| (n, t))) };
                self.asm.branch(bit, if_true, if_false, weights);
            }
            Instr::LoadNamed { dst, obj, name, slot } => {
                let o = self.reg(obj);
                let plan = speculation::named_load_plan(self.feedback(slot));
                if plan == NamedPlan::NeverRan {
                    return self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                }
                let fs = self.frame_state(pc);
                let v = match plan {
                    NamedPlan::Field { shape, slot } => {
                        let shapes = ShapeSet::new(&[shape.0]).expect("one shape");
                        self.emit(Op::CheckMaps { shapes }, &[o, fs]);
                        self.emit(Op::LoadField { slot }, &[o])
                    }
                    NamedPlan::ArrayLength => {
                        let a = self.emit(Op::CheckArray, &[o, fs]);
                        let len = self.emit(Op::LoadArrayLength, &[a]);
                        self.emit(Op::ChangeInt32ToTagged, &[len])
                    }
                    NamedPlan::NeverRan | NamedPlan::Generic => {
                        self.emit(Op::JSLoadNamed { name: name.0, slot: slot.0 }, &[o, fs])
                    }
                };
                self.set(dst, v);
            }
            Instr::StoreNamed { obj, name, src, slot } => {
                let (o, v) = (self.reg(obj), self.reg(src));
                let plan = speculation::named_store_plan(self.feedback(slot));
                if plan == NamedPlan::NeverRan {
                    return self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                }
                let fs = self.frame_state(pc);
                match plan {
                    NamedPlan::Field { shape, slot } => {
                        let shapes = ShapeSet::new(&[shape.0]).expect("one shape");
                        self.emit(Op::CheckMaps { shapes }, &[o, fs]);
                        self.emit(Op::StoreField { slot }, &[o, v]);
                    }
                    _ => {
                        self.emit(Op::JSStoreNamed { name: name.0, slot: slot.0 }, &[o, v, fs]);
                    }
                }
            }
            Instr::LoadKeyed { dst, obj, key, slot } => {
                let (o, k) = (self.reg(obj), self.reg(key));
                let plan = speculation::keyed_plan(self.feedback(slot));
                if plan == KeyedPlan::NeverRan {
                    return self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                }
                let fs = self.frame_state(pc);
                let v = match plan {
                    KeyedPlan::InBounds { holey } => {
                        let (a, index) = self.checked_index(o, k, fs);
                        let v = self.emit(Op::LoadElement, &[a, index]);
                        if holey {
                            // A hole reads as undefined.
                            let hole = self.asm.tagged(tagged::HOLE);
                            let undefined = self.asm.tagged(tagged::UNDEFINED);
                            let is_hole = self.emit(Op::TaggedEqual, &[v, hole]);
                            self.emit(Op::Select { rep: Rep::Tagged }, &[is_hole, undefined, v])
                        } else {
                            v
                        }
                    }
                    _ => self.emit(Op::JSLoadKeyed { slot: slot.0 }, &[o, k, fs]),
                };
                self.set(dst, v);
            }
            Instr::StoreKeyed { obj, key, src, slot } => {
                let (o, k, v) = (self.reg(obj), self.reg(key), self.reg(src));
                let plan = speculation::keyed_plan(self.feedback(slot));
                if plan == KeyedPlan::NeverRan {
                    return self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                }
                let fs = self.frame_state(pc);
                match plan {
                    KeyedPlan::InBounds { .. } => {
                        let (a, index) = self.checked_index(o, k, fs);
                        self.emit(Op::StoreElement, &[a, index, v]);
                    }
                    _ => {
                        self.emit(Op::JSStoreKeyed { slot: slot.0 }, &[o, k, v, fs]);
                    }
                }
            }
            Instr::CreateObject { dst } => {
                let v = self.emit(Op::JSCreateObject, &[]);
                self.set(dst, v)
            }
            Instr::CreateArray { dst, first, count } => {
                let elements: Vec<V> = (0..count).map(|i| self.reg(Reg(first.0 + i))).collect();
                let v = self.emit(Op::JSCreateArray { count }, &elements);
                self.set(dst, v)
            }
            Instr::Call { dst, callee, args, argc, slot } => {
                if speculation::call_never_ran(self.feedback(slot)) {
                    return self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                }
                let fs = self.frame_state(pc);
                let mut inputs = vec![self.reg(callee)];
                inputs.extend((0..=argc).map(|i| self.reg(Reg(args.0 + i))));
                inputs.push(fs);
                let v = self.emit(Op::JSCall { argc, slot: slot.0 }, &inputs);
                self.set(dst, v)
            }
            Instr::Construct { dst, callee, args, argc, slot } => {
                let fs = self.frame_state(pc);
                let mut inputs = vec![self.reg(callee)];
                inputs.extend((1..=argc).map(|i| self.reg(Reg(args.0 + i))));
                inputs.push(fs);
                let v = self.emit(Op::JSConstruct { argc, slot: slot.0 }, &inputs);
                self.set(dst, v)
            }
            Instr::Return { src } => {
                let v = self.reg(src);
                self.asm.ret(v);
            }
            Instr::Throw { src } => {
                let v = self.reg(src);
                self.asm.throw(v);
            }
            Instr::ThrowConstAssign { .. } | Instr::Trap { .. } => self.deopt_here(pc, DeoptReason::RuntimeError),
        }
    }

    /// `CheckArray`, int32 index, `LoadArrayLength`, `CheckBounds`: the checked array and index.
    fn checked_index(&mut self, o: V, k: V, fs: V) -> (V, V) {
        let a = self.emit(Op::CheckArray, &[o, fs]);
        let index = self.emit(Op::CheckedTaggedToInt32, &[k, fs]);
        let len = self.emit(Op::LoadArrayLength, &[a]);
        let index = self.emit(Op::CheckBounds, &[index, len, fs]);
        (a, index)
    }

    fn number_unary(&mut self, op: UnaryOp, hint: NumberHint, a: V, fs: V) -> V {
        let int = hint == NumberHint::SignedSmall;
        match op {
            UnaryOp::ToNumber => {
                self.emit(if int { Op::CheckSmi } else { Op::CheckNumber }, &[a, fs]);
                a
            }
            UnaryOp::Increment | UnaryOp::Decrement => {
                let one = self.asm.tagged(tagged::from_int32(1));
                let bop = if op == UnaryOp::Increment { BinaryOp::Add } else { BinaryOp::Sub };
                self.emit(speculative(bop, hint), &[a, one, fs])
            }
            UnaryOp::BitNot => {
                let minus_one = self.asm.tagged(tagged::from_int32(-1));
                self.emit(Op::SpeculativeNumberBitwise { op: BinaryOperator::BitXor, hint }, &[a, minus_one, fs])
            }
            UnaryOp::Negate if int => {
                // -0 is not an int32.
                let x = self.emit(Op::CheckedTaggedToInt32, &[a, fs]);
                let zero = self.asm.int32(0);
                let is_zero = self.emit(Op::Word32Equal, &[x, zero]);
                self.emit(Op::DeoptimizeIf { reason: DeoptReason::MinusZero }, &[is_zero, fs]);
                let r = self.emit(Op::CheckedInt32Sub, &[zero, x, fs]);
                self.emit(Op::ChangeInt32ToTagged, &[r])
            }
            UnaryOp::Negate => {
                let x = self.emit(Op::CheckedTaggedToFloat64, &[a, fs]);
                let r = self.emit(Op::Float64Neg, &[x]);
                self.emit(Op::ChangeFloat64ToTagged, &[r])
            }
        }
    }
}
