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
//! decisions as the baseline compiler (`engine::baseline`):
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
//!   (a holey load turns the hole into `undefined` with a `Select`, a packed one exits on a
//!   hole with `CheckNotHole[Hole]`);
//! - globals → `Load`/`Store[global]` with `CheckNotHole`; calls, constructs and allocation →
//!   generic JS ops.
//!
//! Every check and every JS op takes the `FrameState` of its bytecode pc: the values of the
//! registers live there ([`ir::frame::frame_state_registers`]). Checks come before an
//! instruction's side effects, so an exit re-executes the instruction in the interpreter.
//! Branch counts become the branch's weights.
//!
//! Calls whose feedback passes the shared inlining policy ([`midend::inlining`]) are inlined: a
//! target check (`TaggedEqual` with the function constant, `DeoptimizeUnless[WrongCallTarget]`
//! at the call's frame state), then a nested builder on the same assembler translates the
//! callee with its own register variables, liveness and feedback (parameters bound to the
//! arguments, missing ones `undefined`); its frame states take the call's frame state as
//! outer state (`has_outer`), its blocks keep the caller's registers live after the call, and
//! each return sets a result variable and jumps to a new block after the call, where the
//! variables merge.


use ir::hash::{IdHashMap, IdHashSet};
use frontend::bytecode::{BinaryOp, CompareOp, Constant, FuncId, Instr, Pc, Reg, SlotId, UnaryOp};
use frontend::liveness::{analyze, Liveness};
use ir::compile::{Bailout, CompileInput};
use ir::feedback::SlotFeedback;
use midend::inlining::{self, InlineBudget};
use midend::speculation::{self, KeyedPlan, MathForm, NamedPlan, NumberPlan};
use ir::ops::{Access, BinaryOperator, CompareOperator, DeoptReason, NumberHint, Op, Rep, RuntimeFn, ShapeSet};
use ir::tagged;

use crate::assembler::{Assembler, Label, Variable, V};
use crate::graph::{Graph, Output};

/// Builds the CFG of `input.func`.
pub fn build(input: &CompileInput<'_>) -> Result<(Graph<Output>, crate::assembler::Stats), Bailout> {
    build_at(input, None)
}

/// Builds the CFG of `input.func`, or with `osr = Some(header)` the CFG of its on-stack
/// replacement entry at that loop header: the entry block binds `Parameter i` to the `i`-th
/// register live there (`midend::osr::parameters`) and jumps to the header, the header's forward
/// predecessor; loops enclosing it are peeled (`midend::osr::OsrPlan`: blocks of a segment that
/// an earlier segment already bound get fresh labels).
pub fn build_at(input: &CompileInput<'_>, osr: Option<Pc>) -> Result<(Graph<Output>, crate::assembler::Stats), Bailout> {
    build_with(input, osr, true)
}

/// [`build_at`] with inlining on or off (`build(inline=off)` in the spec).
pub fn build_with(
    input: &CompileInput<'_>,
    osr: Option<Pc>,
    inline: bool,
) -> Result<(Graph<Output>, crate::assembler::Stats), Bailout> {
    let bytecode = input.program.function(input.func);
    if bytecode.code.is_empty() {
        return Err(Bailout { reason: ir::compile::BailoutReason::EmptyFunction });
    }
    let liveness = analyze(bytecode);
    let mut asm = Assembler::new(&bytecode.name, input.func, Vec::new());
    let regs = (0..bytecode.register_count).map(|_| asm.new_variable(Rep::Tagged)).collect();
    let mut b = Builder {
        input,
        liveness,
        asm,
        regs,
        bit_source: IdHashMap::default(),
        block_of_pc: IdHashMap::default(),
        fs: None,
        stack: vec![input.func],
        budget: InlineBudget::with_inlining(inline),
        keep_outer: IdHashSet::default(),
        inline: None,
    };
    b.build(osr)?;
    for (name, n) in b.budget.extras() {
        b.asm.stats.extras.insert(name, n);
    }
    let (graph, _, stats) = b.asm.finish();
    Ok((graph, stats))
}

struct Builder<'i, 'a> {
    input: &'i CompileInput<'a>,
    liveness: Liveness,
    asm: Assembler<'static>,
    regs: Vec<Variable>,
    /// Tagged booleans made from a bit (possibly negated): branches use the bit.
    bit_source: IdHashMap<V, (V, bool)>,
    block_of_pc: IdHashMap<Pc, Label>,
    /// The frame state of the instruction being translated.
    fs: Option<(Pc, V)>,
    /// The functions being translated: the compiled one first, this (inlined) one last.
    stack: Vec<FuncId>,
    /// The compilation's inlining budget (moved into a callee's builder while it runs).
    budget: InlineBudget,
    /// Variables of the callers (their registers live after the call) that blocks of this
    /// inlined callee keep, besides its own live registers.
    keep_outer: IdHashSet<u32>,
    /// Set while translating an inlined callee.
    inline: Option<InlineFrame>,
}

/// How an inlined callee connects to its caller.
struct InlineFrame {
    /// The caller's frame state at the call: the outer state of every frame state here.
    outer_fs: V,
    /// Every return sets it and jumps to `cont`.
    result: Variable,
    /// The block after the call.
    cont: Label,
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

    fn build(&mut self, osr: Option<Pc>) -> Result<(), Bailout> {
        let func = self.bytecode();
        let (leaders, is_loop) = leaders(func);
        let (param_count, register_count, code_len) = (func.param_count, func.register_count, func.code.len() as Pc);
        let plan = match osr {
            None => midend::osr::OsrPlan::whole(func),
            Some(h) => midend::osr::OsrPlan::of(func, h).map_err(|e| Bailout { reason: ir::compile::BailoutReason::Osr(e) })?,
        };
        if osr.is_some() && !leaders.contains(&plan.header) {
            return Err(Bailout { reason: ir::compile::BailoutReason::OsrUnreachableHeader });
        }
        let entry = self.asm.new_block();
        for &pc in &leaders {
            let label = if is_loop[pc as usize] { self.asm.new_loop_header() } else { self.asm.new_block() };
            self.block_of_pc.insert(pc, label);
        }
        self.asm.bind(entry);
        let undefined = self.asm.tagged(tagged::UNDEFINED);
        for r in 0..register_count {
            self.asm.set_variable(self.regs[r as usize], undefined);
        }
        // Parameters: the function's, or (OSR) the registers live at the loop header.
        let params: Vec<Reg> = match osr {
            None => (0..param_count).map(Reg).collect(),
            Some(h) => midend::osr::parameters(&self.liveness, h),
        };
        for (i, r) in params.into_iter().enumerate() {
            let v = self.asm.emit(Op::Parameter { index: i as u32 }, &[]);
            self.asm.set_variable(self.regs[r.0 as usize], v);
        }
        self.asm.goto(self.block_of_pc[&plan.segments[0].0]);
        let mut bound: IdHashSet<Pc> = IdHashSet::default();
        for &(lo, hi) in &plan.segments {
            // Blocks an earlier segment bound are built again (peeled outer loops).
            for &pc in leaders.iter().filter(|&&pc| pc >= lo && pc < hi && bound.contains(&pc)) {
                let label = if is_loop[pc as usize] { self.asm.new_loop_header() } else { self.asm.new_block() };
                self.block_of_pc.insert(pc, label);
            }
            self.segment(&leaders, lo, hi, code_len, &mut bound);
        }
        Ok(())
    }

    /// Builds the blocks starting in `lo..hi` (one segment of `midend::osr::OsrPlan`).
    fn segment(&mut self, leaders: &[Pc], lo: Pc, hi: Pc, code_len: Pc, bound: &mut IdHashSet<Pc>) {
        for (i, &start) in leaders.iter().enumerate() {
            if start < lo || start >= hi {
                continue;
            }
            let end = leaders.get(i + 1).copied().unwrap_or(code_len);
            let label = self.block_of_pc[&start];
            if !self.asm.is_reachable(label) {
                continue;
            }
            bound.insert(start);
            let live = self.liveness.live_in(start).clone();
            // This function's registers live here, and the callers' registers an inlined
            // callee must carry through.
            let (base, count, outer) = (self.var_base(), self.regs.len() as u32, &self.keep_outer);
            self.asm.bind_filtered(label, &|var| {
                let i = var.index();
                (i >= base && i < base + count && live.contains(Reg(i - base))) || outer.contains(&i)
            });
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
        let mut values = values;
        values.extend(self.inline.as_ref().map(|f| f.outer_fs));
        let has_outer = self.inline.is_some();
        let v = self.emit(Op::FrameState { func: self.input.func.0, pc, has_outer }, &values);
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
                self.emit(Op::CheckNotHole { reason: DeoptReason::Uninitialized }, &[v, fs]);
                self.set(dst, v);
            }
            Instr::StoreGlobal { global, src, .. } => {
                let fs = self.frame_state(pc);
                let old = self.emit(Op::Load { access: Access::Global(global.0) }, &[]);
                self.emit(Op::CheckNotHole { reason: DeoptReason::Uninitialized }, &[old, fs]);
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
                self.emit(Op::CheckNotHole { reason: DeoptReason::Uninitialized }, &[v, fs]);
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
                            // Speculated packed: a hole exits.
                            self.emit(Op::CheckNotHole { reason: DeoptReason::Hole }, &[v, fs])
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
                if let Some(math) = speculation::math_call(self.feedback(slot), argc) {
                    let v = self.math_call(pc, math, callee, args, argc);
                    return self.set(dst, v);
                }
                if self.inline_call(pc, dst, callee, args, argc, slot) {
                    return;
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
                match &self.inline {
                    // An inlined callee returns into its caller.
                    Some(frame) => {
                        let (result, cont) = (frame.result, frame.cont);
                        self.asm.set_variable(result, v);
                        self.asm.goto(cont);
                    }
                    None => self.asm.ret(v),
                }
            }
            Instr::Throw { src } => {
                let v = self.reg(src);
                self.asm.throw(v);
            }
            Instr::ThrowConstAssign { .. } | Instr::Trap { .. } => self.deopt_here(pc, DeoptReason::RuntimeError),
        }
    }

    /// The index of this function's first register variable.
    fn var_base(&self) -> u32 {
        self.regs.first().map_or(0, |v| v.index())
    }

    /// Inlines the call at `pc` if the shared policy (`midend::inlining`) says so: a target check
    /// (the callee must be the function the feedback saw, else exit before the call), the
    /// arguments bound to the callee's parameters (missing ones `undefined`), the callee's
    /// bytecode translated in place by a builder whose frame states have the call's frame
    /// state as their outer state, and its returns merged into `dst` in a new block. False
    /// if not inlined.
    /// Exits before the call (frame state `fs`) unless the value in `callee` is the function
    /// with tagged bits `target` (the check of inlined and direct calls); nothing if it is
    /// that constant already.
    fn check_call_target(&mut self, callee: Reg, target: u64, fs: V) {
        let c = self.reg(callee);
        if !matches!(self.asm.op(c), Op::TaggedConstant { bits } if *bits == target) {
            let expected = self.asm.tagged(target);
            let same = self.emit(Op::TaggedEqual, &[c, expected]);
            self.emit(Op::DeoptimizeUnless { reason: DeoptReason::WrongCallTarget }, &[same, fs]);
        }
    }

    /// A call that always reached one `Math` function (`midend::speculation::math_call`): checks
    /// the target (exit before the call otherwise), converts each argument with
    /// `CheckedTaggedToFloat64` (missing ones are NaN) and calls the function directly on
    /// float64 values — the same ops as the sea-of-nodes builder.
    fn math_call(&mut self, pc: Pc, math: speculation::MathCall, callee: Reg, args: Reg, argc: u32) -> V {
        let fs = self.frame_state(pc);
        self.check_call_target(callee, math.target_bits(), fs);
        let inputs: Vec<V> = (0..math.operands)
            .map(|i| {
                if i < argc {
                    let a = self.reg(Reg(args.0 + 1 + i));
                    self.emit(Op::CheckedTaggedToFloat64, &[a, fs])
                } else {
                    self.asm.float64(f64::NAN)
                }
            })
            .collect();
        match math.form {
            MathForm::Float64Binary(op) => {
                let r = self.emit(op, &inputs);
                self.emit(Op::ChangeFloat64ToTagged, &[r])
            }
            MathForm::Int32Mul => {
                let a = self.emit(Op::TruncateFloat64ToWord32, &inputs[..1]);
                let b = self.emit(Op::TruncateFloat64ToWord32, &inputs[1..2]);
                let r = self.emit(Op::Int32Mul, &[a, b]);
                self.emit(Op::ChangeInt32ToTagged, &[r])
            }
            MathForm::Call => {
                let r = self.emit(Op::CallRuntime { function: RuntimeFn::MathFunction(math.builtin.0), argc: math.operands }, &inputs);
                self.emit(Op::ChangeFloat64ToTagged, &[r])
            }
        }
    }

    fn inline_call(&mut self, pc: Pc, dst: Reg, callee: Reg, args: Reg, argc: u32, slot: SlotId) -> bool {
        let program = self.input.program;
        let fb = &self.input.feedback_of(self.input.func)[slot.0 as usize];
        let Ok(target) = self.budget.decide(program, fb, &self.stack) else { return false };
        let fs = self.frame_state(pc);
        self.check_call_target(callee, inlining::function_bits(target), fs);
        let func = program.function(target);
        let undefined = self.asm.tagged(tagged::UNDEFINED);
        let params: Vec<V> =
            (0..func.param_count).map(|i| if i < argc { self.reg(Reg(args.0 + 1 + i)) } else { undefined }).collect();
        // The caller's registers still needed after the call live through the callee.
        let mut keep = self.keep_outer.clone();
        if ((pc + 1) as usize) < self.bytecode().code.len() {
            keep.extend(self.liveness.live_in(pc + 1).iter().filter(|&r| r != dst).map(|r| self.regs[r.0 as usize].index()));
        }
        let result = self.asm.new_variable(Rep::Tagged);
        let cont = self.asm.new_block();
        let regs: Vec<Variable> = (0..func.register_count).map(|_| self.asm.new_variable(Rep::Tagged)).collect();
        for (r, &var) in regs.iter().enumerate() {
            self.asm.set_variable(var, params.get(r).copied().unwrap_or(undefined));
        }
        let input = CompileInput { program, func: target, feedback: self.input.feedback };
        let mut stack = self.stack.clone();
        stack.push(target);
        let mut inner = Builder {
            input: &input,
            liveness: analyze(func),
            asm: std::mem::replace(&mut self.asm, Assembler::new("", target, Vec::new())),
            regs,
            bit_source: IdHashMap::default(),
            block_of_pc: IdHashMap::default(),
            fs: None,
            stack,
            budget: std::mem::take(&mut self.budget),
            keep_outer: keep,
            inline: Some(InlineFrame { outer_fs: fs, result, cont }),
        };
        inner.build_inlined();
        self.asm = inner.asm;
        self.budget = inner.budget;
        if self.asm.is_reachable(cont) {
            // The caller's own registers, those its callers carry, and the result.
            let (base, count, outer) = (self.var_base(), self.regs.len() as u32, &self.keep_outer);
            self.asm.bind_filtered(cont, &|var| {
                let i = var.index();
                (i >= base && i < base + count) || outer.contains(&i) || var == result
            });
            let v = self.asm.get_variable(result).expect("every return sets the result");
            self.set(dst, v);
        }
        // Otherwise every path through the callee exits or throws: the rest is unreachable.
        true
    }

    /// Translates an inlined callee (its entry values are set): all its blocks, from the
    /// caller's current block.
    fn build_inlined(&mut self) {
        let func = self.bytecode();
        let (leaders, is_loop) = leaders(func);
        let code_len = func.code.len() as Pc;
        for &pc in &leaders {
            let label = if is_loop[pc as usize] { self.asm.new_loop_header() } else { self.asm.new_block() };
            self.block_of_pc.insert(pc, label);
        }
        self.asm.goto(self.block_of_pc[&0]);
        let mut bound = IdHashSet::default();
        self.segment(&leaders, 0, code_len, code_len, &mut bound);
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
