//! The baseline compiler (`--tier baseline`): bytecode → LIR with no optimization, speculating
//! directly from feedback like a simple non-optimizing JIT tier.
//!
//! It is the experiments' no-optimization control and the first client of the LIR, the
//! evaluator and the exit machinery. Every bytecode register lives in a tagged SSA value;
//! each bytecode block becomes a LIR block whose parameters are the registers live on entry.
//! Each instruction is translated on its own:
//!
//! - arithmetic and comparisons with SignedSmall feedback untag, compute in int32 with
//!   overflow and `-0` checks, and retag; with Number feedback they compute in float64; other
//!   feedback calls the runtime's generic operation;
//! - monomorphic named loads and stores of fields check the shape and access the slot;
//!   array lengths and in-bounds element accesses check kind and bounds;
//! - an operation that never ran (no feedback) ends the block with a soft deoptimization;
//! - everything else (calls, allocation, generic paths) calls the runtime.
//!
//! Every check exits to the interpreter *at the bytecode instruction being translated*, with
//! the registers live there: checks come before an instruction's side effects, so the
//! interpreter may simply execute the instruction again.


use frontend::hash::IdHashMap;
use frontend::bytecode::{BinaryOp, CompareOp, Constant, Instr, Pc, Reg, UnaryOp};
use ir::compile::CompileInput;
use frontend::blocks::BytecodeBlocks;
use frontend::liveness::{analyze, Liveness};
use ir::feedback::SlotFeedback;
use midend::speculation::{self, KeyedPlan, NamedPlan, NumberPlan};
use ir::frame::{ExitDesc, ExitId, ExitValue, FrameDesc};
use ir::lir::{Block, BlockId, Function, Inst, Jump, Terminator, Value};
use midend::machine_lowering::{self, MachineEmitter};
use ir::ops::{Access, DeoptReason, NumberHint, Op, Rep, RuntimeFn, F64};
use ir::tagged;

/// Compiles one function to LIR.
pub fn compile(input: &CompileInput<'_>) -> Function {
    build(input, None)
}

/// Compiles one function for on-stack replacement at `loop_header`: the LIR's parameters are
/// the registers live at the loop header (ascending), and it starts there.
pub fn compile_osr(input: &CompileInput<'_>, loop_header: Pc) -> Function {
    build(input, Some(loop_header))
}

fn build(input: &CompileInput<'_>, osr: Option<Pc>) -> Function {
    let bytecode = input.program.function(input.func);
    let liveness = analyze(bytecode);
    let mut b = Builder {
        input,
        osr,
        liveness,
        lir: Function::new(bytecode.name.clone(), input.func),
        current: None,
        regs: IdHashMap::default(),
        bit_source: IdHashMap::default(),
        block_of_pc: IdHashMap::default(),
    };
    b.build();
    b.finish()
}

/// The builder at one bytecode instruction: the shared machine sequences exit there.
struct AtPc<'b, 'i, 'a> {
    b: &'b mut Builder<'i, 'a>,
    pc: Pc,
}

impl MachineEmitter for AtPc<'_, '_, '_> {
    type Value = Value;

    fn pure(&mut self, op: Op, args: &[Value], rep: Rep) -> Value {
        self.b.emit(op, args, rep)
    }

    fn int32_constant(&mut self, value: i32) -> Value {
        self.b.i32_const(value)
    }

    fn deoptimize(&mut self, cond: Value, reason: DeoptReason, when: bool) {
        if when {
            self.b.deopt_if(cond, reason, self.pc)
        } else {
            self.b.deopt_unless(cond, reason, self.pc)
        }
    }
}

struct Builder<'i, 'a> {
    input: &'i CompileInput<'a>,
    /// For OSR code: the loop header where execution enters.
    osr: Option<Pc>,
    liveness: Liveness,
    lir: Function,
    /// The block being filled (instructions, then a terminator when it ends).
    current: Option<(BlockId, Vec<Value>, Vec<Inst>)>,
    /// Current SSA value of each bytecode register.
    regs: IdHashMap<Reg, Value>,
    /// Tagged booleans made by `TagBit(bit)` (possibly negated): branches use the bit.
    bit_source: IdHashMap<Value, (Value, bool)>,
    /// The LIR block of each bytecode block leader.
    block_of_pc: IdHashMap<Pc, BlockId>,
}


impl<'i, 'a> Builder<'i, 'a> {
    fn bytecode(&self) -> &'a frontend::bytecode::Function {
        self.input.program.function(self.input.func)
    }

    fn new_block(&mut self) -> BlockId {
        self.lir.blocks.push(Block { params: Vec::new(), insts: Vec::new(), term: Terminator::Deoptimize(ExitId(u32::MAX)) });
        BlockId(self.lir.blocks.len() as u32 - 1)
    }

    fn build(&mut self) {
        let code = &self.bytecode().code;
        let leaders = BytecodeBlocks::of(self.bytecode()).reachable_leaders();
        let entry = self.new_block();
        for &pc in &leaders {
            let id = self.new_block();
            self.block_of_pc.insert(pc, id);
        }
        // Entry: the function's parameters (or, for OSR, the registers live at the loop
        // header) and `undefined` for every other register.
        self.current = Some((entry, Vec::new(), Vec::new()));
        let undefined = self.tagged_const(tagged::UNDEFINED);
        for r in 0..self.bytecode().register_count {
            self.regs.insert(Reg(r), undefined);
        }
        let (params, start): (Vec<Reg>, Pc) = match self.osr {
            Some(header) => (midend::osr::parameters(&self.liveness, header), header),
            None => ((0..self.bytecode().param_count).map(Reg).collect(), 0),
        };
        for (index, r) in params.into_iter().enumerate() {
            let v = self.emit(Op::Parameter { index: index as u32 }, &[], Rep::Tagged);
            self.regs.insert(r, v);
        }
        let first = self.jump_to(start);
        self.end_block(Terminator::Goto(first));

        for (i, &start) in leaders.iter().enumerate() {
            let end = leaders.get(i + 1).copied().unwrap_or(code.len() as Pc);
            self.start_block(start);
            let mut pc = start;
            while pc < end && self.current.is_some() {
                self.instruction(pc);
                pc += 1;
            }
            if self.current.is_some() {
                // Falls through into the next leader.
                let j = self.jump_to(end);
                self.end_block(Terminator::Goto(j));
            }
        }
    }

    fn start_block(&mut self, pc: Pc) {
        let id = self.block_of_pc[&pc];
        self.regs.clear();
        self.bit_source.clear();
        let live: Vec<Reg> = self.liveness.live_in(pc).iter().collect();
        let mut params = Vec::new();
        for r in live {
            let v = self.lir.new_value(Rep::Tagged);
            params.push(v);
            self.regs.insert(r, v);
        }
        self.current = Some((id, params, Vec::new()));
    }

    fn end_block(&mut self, term: Terminator) {
        let (id, params, insts) = self.current.take().expect("an open block");
        self.lir.blocks[id.0 as usize] = Block { params, insts, term };
    }

    /// A jump to the block of bytecode leader `pc`, passing its live registers.
    fn jump_to(&mut self, pc: Pc) -> Jump {
        let block = self.block_of_pc[&pc];
        let args = self.liveness.live_in(pc).iter().map(|r| self.regs[&r]).collect();
        Jump { block, args }
    }

    fn push(&mut self, inst: Inst) {
        self.current.as_mut().expect("an open block").2.push(inst);
    }

    fn emit(&mut self, op: Op, args: &[Value], rep: Rep) -> Value {
        let v = self.lir.new_value(rep);
        self.push(Inst { result: Some(v), op, args: args.to_vec(), exit: None });
        v
    }

    fn emit_void(&mut self, op: Op, args: &[Value]) {
        self.push(Inst { result: None, op, args: args.to_vec(), exit: None });
    }

    fn tagged_const(&mut self, bits: u64) -> Value {
        self.emit(Op::TaggedConstant { bits }, &[], Rep::Tagged)
    }

    fn i32_const(&mut self, value: i32) -> Value {
        self.emit(Op::Int32Constant { value }, &[], Rep::Int32)
    }

    /// An exit at `pc` recording the registers live there.
    fn exit(&mut self, pc: Pc, reason: DeoptReason) -> ExitId {
        let registers = self
            .liveness
            .live_in(pc)
            .iter()
            .map(|r| {
                let v = self.regs[&r];
                (r, ExitValue::Value(v.0, Rep::Tagged))
            })
            .collect();
        let id = ExitId(self.lir.exits.len() as u32);
        self.lir.exits.push(ExitDesc { id, reason, frames: vec![FrameDesc { func: self.input.func, pc, registers }] });
        id
    }

    fn deopt_if(&mut self, cond: Value, reason: DeoptReason, pc: Pc) {
        let exit = self.exit(pc, reason);
        self.push(Inst { result: None, op: Op::DeoptimizeIf { reason }, args: vec![cond], exit: Some(exit) });
    }

    fn deopt_unless(&mut self, cond: Value, reason: DeoptReason, pc: Pc) {
        let exit = self.exit(pc, reason);
        self.push(Inst { result: None, op: Op::DeoptimizeUnless { reason }, args: vec![cond], exit: Some(exit) });
    }

    /// Ends the block with an unconditional exit at `pc`.
    fn deopt_here(&mut self, pc: Pc, reason: DeoptReason) {
        let exit = self.exit(pc, reason);
        self.end_block(Terminator::Deoptimize(exit));
    }

    fn runtime(&mut self, function: RuntimeFn, args: &[Value]) -> Value {
        self.emit(Op::CallRuntime { function, argc: args.len() as u32 }, args, Rep::Tagged)
    }

    fn checked_int32(&mut self, v: Value, pc: Pc) -> Value {
        let is = self.emit(Op::IsInt32, &[v], Rep::Bit);
        self.deopt_unless(is, DeoptReason::NotInt32, pc);
        self.emit(Op::UntagInt32, &[v], Rep::Int32)
    }

    fn checked_float64(&mut self, v: Value, pc: Pc) -> Value {
        let is = self.emit(Op::IsNumber, &[v], Rep::Bit);
        self.deopt_unless(is, DeoptReason::NotNumber, pc);
        self.emit(Op::UntagNumber, &[v], Rep::Float64)
    }

    /// A tagged boolean from a bit (negated if asked), remembered for branches.
    fn tag_bit(&mut self, bit: Value, negated: bool) -> Value {
        let v = if negated {
            let t = self.tagged_const(tagged::TRUE);
            let f = self.tagged_const(tagged::FALSE);
            self.emit(Op::Select { rep: Rep::Tagged }, &[bit, f, t], Rep::Tagged)
        } else {
            self.emit(Op::TagBit, &[bit], Rep::Tagged)
        };
        self.bit_source.insert(v, (bit, negated));
        v
    }

    /// ToBoolean of a tagged value as (bit, negated).
    fn truthiness(&mut self, v: Value) -> (Value, bool) {
        if let Some(&src) = self.bit_source.get(&v) {
            return src;
        }
        let b = self.runtime(RuntimeFn::ToBoolean, &[v]);
        let t = self.tagged_const(tagged::TRUE);
        (self.emit(Op::TaggedEqual, &[b, t], Rep::Bit), false)
    }

    fn reg(&self, r: Reg) -> Value {
        self.regs[&r]
    }

    fn set(&mut self, r: Reg, v: Value) {
        self.regs.insert(r, v);
    }

    fn feedback(&self, slot: frontend::bytecode::SlotId) -> &'a SlotFeedback {
        &self.input.feedback_of(self.input.func)[slot.0 as usize]
    }

    fn instruction(&mut self, pc: Pc) {
        let instr = self.bytecode().code[pc as usize];
        match instr {
            Instr::LoadConst { dst, k } => {
                let v = match &self.bytecode().constants[k.0 as usize] {
                    Constant::Number(x) => self.emit(Op::NumberConstant { value: F64(*x) }, &[], Rep::Tagged),
                    Constant::Text(_) => unreachable!("text constants are only trap descriptions"),
                    Constant::String(_) => {
                        self.emit(Op::StringConstant { func: self.input.func.0, index: k.0 }, &[], Rep::Tagged)
                    }
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
                let v = self.tagged_const(bits);
                self.set(dst, v)
            }
            Instr::Move { dst, src } => {
                let v = self.reg(src);
                self.set(dst, v);
                if let Some(&s) = self.bit_source.get(&v) {
                    self.bit_source.insert(v, s);
                }
            }
            Instr::LoadGlobal { dst, global } => {
                let v = self.emit(Op::Load { access: Access::Global(global.0) }, &[], Rep::Tagged);
                let hole = self.tagged_const(tagged::HOLE);
                let is_hole = self.emit(Op::TaggedEqual, &[v, hole], Rep::Bit);
                self.deopt_if(is_hole, DeoptReason::Uninitialized, pc);
                self.set(dst, v);
            }
            Instr::StoreGlobal { global, src, .. } => {
                let old = self.emit(Op::Load { access: Access::Global(global.0) }, &[], Rep::Tagged);
                let hole = self.tagged_const(tagged::HOLE);
                let is_hole = self.emit(Op::TaggedEqual, &[old, hole], Rep::Bit);
                self.deopt_if(is_hole, DeoptReason::Uninitialized, pc);
                let v = self.reg(src);
                self.emit_void(Op::Store { access: Access::Global(global.0) }, &[v]);
            }
            Instr::InitGlobal { global, src } => {
                let v = self.reg(src);
                self.emit_void(Op::Store { access: Access::Global(global.0) }, &[v]);
            }
            Instr::CheckInitialized { reg, .. } => {
                let v = self.reg(reg);
                let hole = self.tagged_const(tagged::HOLE);
                let is_hole = self.emit(Op::TaggedEqual, &[v, hole], Rep::Bit);
                self.deopt_if(is_hole, DeoptReason::Uninitialized, pc);
            }
            Instr::Binary { op, dst, lhs, rhs, slot } => {
                let (a, b) = (self.reg(lhs), self.reg(rhs));
                let v = match speculation::binary_plan(self.feedback(slot), op) {
                    NumberPlan::NeverRan => return self.deopt_here(pc, DeoptReason::InsufficientFeedback),
                    NumberPlan::Speculate(NumberHint::SignedSmall) => self.int32_binary(op, a, b, pc),
                    NumberPlan::Speculate(_) => self.float64_binary(op, a, b, pc),
                    NumberPlan::Generic => self.runtime(RuntimeFn::Binary(op), &[a, b]),
                };
                self.set(dst, v);
            }
            Instr::Compare { op, dst, lhs, rhs, slot } => {
                let (a, b) = (self.reg(lhs), self.reg(rhs));
                let v = match speculation::number_plan(self.feedback(slot)) {
                    NumberPlan::NeverRan => return self.deopt_here(pc, DeoptReason::InsufficientFeedback),
                    NumberPlan::Speculate(NumberHint::SignedSmall) => {
                        let (x, y) = (self.checked_int32(a, pc), self.checked_int32(b, pc));
                        self.number_compare(op, x, y, pc, false)
                    }
                    NumberPlan::Speculate(_) => {
                        let (x, y) = (self.checked_float64(a, pc), self.checked_float64(b, pc));
                        self.number_compare(op, x, y, pc, true)
                    }
                    NumberPlan::Generic => self.runtime(RuntimeFn::Compare(op), &[a, b]),
                };
                self.set(dst, v);
            }
            Instr::Unary { op, dst, src, slot } => {
                let a = self.reg(src);
                let v = match speculation::number_plan(self.feedback(slot)) {
                    NumberPlan::NeverRan => return self.deopt_here(pc, DeoptReason::InsufficientFeedback),
                    NumberPlan::Speculate(NumberHint::SignedSmall) => self.int32_unary(op, a, pc),
                    NumberPlan::Speculate(_) => self.float64_unary(op, a, pc),
                    NumberPlan::Generic => self.runtime(RuntimeFn::Unary(op), &[a]),
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
                let j = self.jump_to(target);
                self.end_block(Terminator::Goto(j));
            }
            Instr::JumpIfTrue { cond, target, slot } | Instr::JumpIfFalse { cond, target, slot } => {
                let jump_if = matches!(instr, Instr::JumpIfTrue { .. });
                let v = self.reg(cond);
                let (bit, negated) = self.truthiness(v);
                let taken = self.jump_to(target);
                let fall = self.jump_to(pc + 1);
                let weights = match self.feedback(slot) {
                    SlotFeedback::Branch { taken, not_taken } => Some((*taken, *not_taken)),
                    _ => None,
                };
                // The jump is taken when bit == (jump_if != negated).
                let (if_true, if_false, weights) = if jump_if != negated {
                    (taken, fall, weights)
                } else {
                    (fall, taken, weights.map(|(t, n)| (n, t)))
                };
                self.end_block(Terminator::Branch { cond: bit, if_true, if_false, weights });
            }
            Instr::LoadNamed { dst, obj, name, slot } => {
                let o = self.reg(obj);
                let v = match speculation::named_load_plan(self.feedback(slot)) {
                    NamedPlan::NeverRan => return self.deopt_here(pc, DeoptReason::InsufficientFeedback),
                    NamedPlan::Field { shape, slot } => {
                        self.check_shape(o, shape.0, pc);
                        self.emit(Op::Load { access: Access::Field(slot) }, &[o], Rep::Tagged)
                    }
                    NamedPlan::ArrayLength => {
                        let is = self.emit(Op::IsArray, &[o], Rep::Bit);
                        self.deopt_unless(is, DeoptReason::WrongKind, pc);
                        let len = self.emit(Op::Load { access: Access::ArrayLength }, &[o], Rep::Int32);
                        self.emit(Op::TagInt32, &[len], Rep::Tagged)
                    }
                    NamedPlan::Generic => self.runtime(RuntimeFn::LoadNamed(name.0), &[o]),
                };
                self.set(dst, v);
            }
            Instr::StoreNamed { obj, name, src, slot } => {
                let (o, v) = (self.reg(obj), self.reg(src));
                match speculation::named_store_plan(self.feedback(slot)) {
                    NamedPlan::NeverRan => self.deopt_here(pc, DeoptReason::InsufficientFeedback),
                    NamedPlan::Field { shape, slot } => {
                        self.check_shape(o, shape.0, pc);
                        self.emit_void(Op::Store { access: Access::Field(slot) }, &[o, v]);
                    }
                    NamedPlan::ArrayLength | NamedPlan::Generic => {
                        self.runtime(RuntimeFn::StoreNamed(name.0), &[o, v]);
                    }
                }
            }
            Instr::LoadKeyed { dst, obj, key, slot } => {
                let (o, k) = (self.reg(obj), self.reg(key));
                let v = match speculation::keyed_plan(self.feedback(slot)) {
                    KeyedPlan::NeverRan => return self.deopt_here(pc, DeoptReason::InsufficientFeedback),
                    KeyedPlan::InBounds { holey } => {
                        let index = self.checked_index(o, k, pc);
                        let v = self.emit(Op::Load { access: Access::Element }, &[o, index], Rep::Tagged);
                        let hole = self.tagged_const(tagged::HOLE);
                        let is_hole = self.emit(Op::TaggedEqual, &[v, hole], Rep::Bit);
                        if holey {
                            // A hole reads as undefined.
                            let undefined = self.tagged_const(tagged::UNDEFINED);
                            self.emit(Op::Select { rep: Rep::Tagged }, &[is_hole, undefined, v], Rep::Tagged)
                        } else {
                            // Speculated packed: a hole exits.
                            self.deopt_if(is_hole, DeoptReason::Hole, pc);
                            v
                        }
                    }
                    KeyedPlan::Generic => self.runtime(RuntimeFn::LoadKeyed, &[o, k]),
                };
                self.set(dst, v);
            }
            Instr::StoreKeyed { obj, key, src, slot } => {
                let (o, k, v) = (self.reg(obj), self.reg(key), self.reg(src));
                match speculation::keyed_plan(self.feedback(slot)) {
                    KeyedPlan::NeverRan => self.deopt_here(pc, DeoptReason::InsufficientFeedback),
                    KeyedPlan::InBounds { .. } => {
                        let index = self.checked_index(o, k, pc);
                        self.emit_void(Op::Store { access: Access::Element }, &[o, index, v]);
                    }
                    KeyedPlan::Generic => {
                        self.runtime(RuntimeFn::StoreKeyed, &[o, k, v]);
                    }
                }
            }
            Instr::CreateObject { dst } => {
                let v = self.runtime(RuntimeFn::CreateObject, &[]);
                self.set(dst, v)
            }
            Instr::CreateArray { dst, first, count } => {
                let elements: Vec<Value> = (0..count).map(|i| self.reg(Reg(first.0 + i))).collect();
                let v = self.runtime(RuntimeFn::CreateArray, &elements);
                self.set(dst, v)
            }
            Instr::Call { dst, callee, args, argc, slot } => {
                if speculation::call_never_ran(self.feedback(slot)) {
                    return self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                }
                let mut call_args = vec![self.reg(callee)];
                call_args.extend((0..=argc).map(|i| self.reg(Reg(args.0 + i))));
                let v = self.runtime(RuntimeFn::Call, &call_args);
                self.set(dst, v);
                // The call's lazy exit: after it returns, the interpreter resumes at the next
                // pc with the result in `dst` (as `ir::frame::after_call` describes it).
                let exit = self.exit(pc + 1, DeoptReason::AfterCall);
                self.current.as_mut().expect("an open block").2.last_mut().expect("the call").exit = Some(exit);
            }
            Instr::Construct { dst, callee, args, argc, .. } => {
                let mut call_args = vec![self.reg(callee)];
                call_args.extend((1..=argc).map(|i| self.reg(Reg(args.0 + i))));
                let v = self.runtime(RuntimeFn::Construct, &call_args);
                self.set(dst, v)
            }
            Instr::Return { src } => {
                let v = self.reg(src);
                self.end_block(Terminator::Return(v));
            }
            Instr::Throw { src } => {
                let v = self.reg(src);
                self.end_block(Terminator::Throw(v));
            }
            Instr::ThrowConstAssign { .. } | Instr::Trap { .. } => self.deopt_here(pc, DeoptReason::RuntimeError),
        }
    }

    fn check_shape(&mut self, o: Value, shape: u32, pc: Pc) {
        let is = self.emit(Op::IsObject, &[o], Rep::Bit);
        self.deopt_unless(is, DeoptReason::WrongKind, pc);
        let actual = self.emit(Op::Load { access: Access::Shape }, &[o], Rep::Int32);
        let expected = self.i32_const(shape as i32);
        let same = self.emit(Op::Word32Equal, &[actual, expected], Rep::Bit);
        self.deopt_unless(same, DeoptReason::WrongMap, pc);
    }

    /// Checks that `o` is an array and `k` an int32 index in bounds; returns the index.
    fn checked_index(&mut self, o: Value, k: Value, pc: Pc) -> Value {
        let is = self.emit(Op::IsArray, &[o], Rep::Bit);
        self.deopt_unless(is, DeoptReason::WrongKind, pc);
        let index = self.checked_int32(k, pc);
        let len = self.emit(Op::Load { access: Access::ArrayLength }, &[o], Rep::Int32);
        let in_bounds = self.emit(Op::Uint32LessThan, &[index, len], Rep::Bit);
        self.deopt_unless(in_bounds, DeoptReason::OutOfBounds, pc);
        index
    }

    fn int32_binary(&mut self, op: BinaryOp, a: Value, b: Value, pc: Pc) -> Value {
        let x = self.checked_int32(a, pc);
        let y = self.checked_int32(b, pc);
        let r = machine_lowering::int32_binary(&mut AtPc { b: self, pc }, op, x, y);
        self.emit(Op::TagInt32, &[r], Rep::Tagged)
    }

    fn float64_binary(&mut self, op: BinaryOp, a: Value, b: Value, pc: Pc) -> Value {
        let x = self.checked_float64(a, pc);
        let y = self.checked_float64(b, pc);
        machine_lowering::float64_binary(&mut AtPc { b: self, pc }, op, x, y)
    }

    /// A comparison of two int32 or float64 values as a tagged boolean.
    fn number_compare(&mut self, op: CompareOp, x: Value, y: Value, pc: Pc, float: bool) -> Value {
        let (bit, negated) = machine_lowering::compare(&mut AtPc { b: self, pc }, op, x, y, float);
        self.tag_bit(bit, negated)
    }

    fn int32_unary(&mut self, op: UnaryOp, a: Value, pc: Pc) -> Value {
        let x = self.checked_int32(a, pc);
        let r = match op {
            UnaryOp::ToNumber => return a,
            UnaryOp::BitNot => {
                let minus_one = self.i32_const(-1);
                self.emit(Op::Word32Xor, &[x, minus_one], Rep::Int32)
            }
            UnaryOp::Negate | UnaryOp::Increment | UnaryOp::Decrement => {
                let (machine, lhs, rhs) = match op {
                    UnaryOp::Negate => {
                        // -0 is not an int32.
                        let zero = self.i32_const(0);
                        let is_zero = self.emit(Op::Word32Equal, &[x, zero], Rep::Bit);
                        self.deopt_if(is_zero, DeoptReason::MinusZero, pc);
                        (Op::Int32SubWithOverflow, zero, x)
                    }
                    UnaryOp::Increment => (Op::Int32AddWithOverflow, x, self.i32_const(1)),
                    _ => (Op::Int32SubWithOverflow, x, self.i32_const(1)),
                };
                let pair = self.emit(machine, &[lhs, rhs], Rep::Int32);
                let r = self.emit(Op::Projection { index: 0 }, &[pair], Rep::Int32);
                let overflow = self.emit(Op::Projection { index: 1 }, &[pair], Rep::Bit);
                self.deopt_if(overflow, DeoptReason::Overflow, pc);
                r
            }
        };
        self.emit(Op::TagInt32, &[r], Rep::Tagged)
    }

    fn float64_unary(&mut self, op: UnaryOp, a: Value, pc: Pc) -> Value {
        let x = self.checked_float64(a, pc);
        let r = match op {
            UnaryOp::ToNumber => return a,
            UnaryOp::BitNot => {
                let xi = self.emit(Op::TruncateFloat64ToWord32, &[x], Rep::Int32);
                let minus_one = self.i32_const(-1);
                let r = self.emit(Op::Word32Xor, &[xi, minus_one], Rep::Int32);
                return self.emit(Op::TagInt32, &[r], Rep::Tagged);
            }
            UnaryOp::Negate => self.emit(Op::Float64Neg, &[x], Rep::Float64),
            UnaryOp::Increment | UnaryOp::Decrement => {
                let one = self.emit(Op::Float64Constant { value: F64(1.0) }, &[], Rep::Float64);
                let machine = if op == UnaryOp::Increment { Op::Float64Add } else { Op::Float64Sub };
                self.emit(machine, &[x, one], Rep::Float64)
            }
        };
        self.emit(Op::TagFloat64, &[r], Rep::Tagged)
    }

    /// Drops blocks that became unreachable (after soft deoptimizations) and renumbers.
    fn finish(mut self) -> Function {
        let n = self.lir.blocks.len();
        let mut reachable = vec![false; n];
        let mut stack = vec![0usize];
        while let Some(b) = stack.pop() {
            if reachable[b] {
                continue;
            }
            reachable[b] = true;
            for j in self.lir.blocks[b].term.successors() {
                stack.push(j.block.0 as usize);
            }
        }
        let mut new_id = vec![u32::MAX; n];
        let mut next = 0;
        for b in 0..n {
            if reachable[b] {
                new_id[b] = next;
                next += 1;
            }
        }
        let blocks = std::mem::take(&mut self.lir.blocks);
        self.lir.blocks = blocks
            .into_iter()
            .enumerate()
            .filter(|(i, _)| reachable[*i])
            .map(|(_, mut block)| {
                match &mut block.term {
                    Terminator::Goto(j) => j.block = BlockId(new_id[j.block.0 as usize]),
                    Terminator::Branch { if_true, if_false, .. } => {
                        if_true.block = BlockId(new_id[if_true.block.0 as usize]);
                        if_false.block = BlockId(new_id[if_false.block.0 as usize]);
                    }
                    _ => {}
                }
                block
            })
            .collect();
        // Keep only the exits the remaining blocks use, renumbered densely.
        let mut exit_map: IdHashMap<ExitId, ExitId> = IdHashMap::default();
        let old_exits = std::mem::take(&mut self.lir.exits);
        for block in &mut self.lir.blocks {
            let uses = block
                .insts
                .iter_mut()
                .filter_map(|i| i.exit.as_mut())
                .chain(match &mut block.term {
                    Terminator::Deoptimize(e) => Some(e),
                    _ => None,
                });
            for e in uses {
                let next = ExitId(exit_map.len() as u32);
                let new = *exit_map.entry(*e).or_insert_with(|| {
                    let mut desc = old_exits[e.0 as usize].clone();
                    desc.id = next;
                    self.lir.exits.push(desc);
                    next
                });
                *e = new;
            }
        }
        self.lir.compact_values();
        self.lir
    }
}
