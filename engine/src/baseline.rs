//! The baseline compiler (`--tier baseline`): bytecode → LIR with no optimization, like a
//! simple non-optimizing JIT tier.
//!
//! It is the experiments' no-optimization control and the first client of the LIR, the
//! evaluator and the exit machinery. What each instruction becomes is decided by the walker
//! every compiler shares ([`midend::walker`]), so the baseline speculates exactly as the
//! optimizing pipelines do; this module is its [`Construction`]: each simplified op the walker
//! emits is lowered on the spot, on its own, to machine LIR:
//!
//! - speculative number ops untag their operands (`IsInt32`/`IsNumber` checks), compute in
//!   int32 with overflow and `-0` checks or in float64 ([`midend::machine_lowering`], the
//!   sequences both pipelines' lowerings use too), and retag; a check of a constant operand
//!   folds to the constant;
//! - `CheckMaps`, `CheckArray`, `CheckBounds`, `CheckNotHole` become tests and exits;
//!   `LoadField`, `LoadElement`, … become `Load`/`Store` of the access;
//! - generic JS ops become runtime calls (a call records its lazy exit after the return),
//!   Tier 2's too (`JSCreateClosure`, `JSCreateContext`, `JSTypeOf`, `JSLoadSuper`,
//!   `JSConstructSuper`, `JSSetPrototype`) and Tier 3's `JSDynamic[op]`; context slots are
//!   `LoadElement`/`StoreElement`.
//!
//! Every register lives in a tagged SSA value; each bytecode block becomes a LIR block whose
//! parameters are the registers live on entry. Every check exits to the interpreter *at the
//! bytecode instruction being translated*, with the registers live there: checks come before
//! an instruction's side effects, so the interpreter may simply execute the instruction again.
//! An OSR compilation enters the whole function's code at the loop header directly (LIR blocks
//! take their registers as parameters, so nothing needs to be peeled).

use frontend::blocks::BytecodeBlocks;
use frontend::bytecode::{BinaryOp, FuncId, Pc, Reg};
use frontend::hash::IdHashMap;
use frontend::liveness::{analyze, Liveness, RegSet};
use ir::compile::{Bailout, BailoutReason, CompileInput};
use ir::frame::{ExitDesc, ExitId, ExitValue, FrameDesc};
use ir::lir::{Block, BlockId, Function, Inst, Jump, Terminator, Value};
use ir::ops::{Access, DeoptReason, NumberHint, Op, Rep, RuntimeFn, F64};
use ir::tagged;
use midend::machine_lowering::{self, MachineEmitter};
use midend::walker::{self, Branch, CatchTarget, Construction, InlinedCall, OsrEntry, WalkOptions};

/// Compiles one function to LIR.
pub fn compile(input: &CompileInput<'_>) -> Result<Function, Bailout> {
    build(input, None)
}

/// Compiles one function for on-stack replacement at `loop_header`: the LIR's parameters are
/// the registers live at the loop header (ascending), and it starts there.
pub fn compile_osr(input: &CompileInput<'_>, loop_header: Pc) -> Result<Function, Bailout> {
    build(input, Some(loop_header))
}

fn build(input: &CompileInput<'_>, osr: Option<Pc>) -> Result<Function, Bailout> {
    let bytecode = input.program.function(input.func);
    let liveness = analyze(bytecode);
    let mut b = Builder {
        func: input.func,
        liveness: &liveness,
        lir: Function::new(bytecode.name.clone(), input.func),
        current: None,
        regs: IdHashMap::default(),
        block_of_pc: IdHashMap::default(),
        tagged_constants: IdHashMap::default(),
        unsupported: None,
        last_thrower: None,
    };
    let options = WalkOptions { osr, osr_entry: OsrEntry::Direct, inline: false, math_machine_ops: false, specialize_context: false };
    walker::walk_with(input, &liveness, &mut b, options)?;
    if let Some(reason) = b.unsupported {
        return Err(reason.into());
    }
    Ok(b.finish())
}

/// The builder at one bytecode instruction: the shared machine sequences exit there.
struct AtPc<'b, 'l> {
    b: &'b mut Builder<'l>,
    pc: Pc,
}

impl MachineEmitter for AtPc<'_, '_> {
    type Value = Value;

    fn pure(&mut self, op: Op, args: &[Value], rep: Rep) -> Value {
        self.b.machine(op, args, rep)
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

struct Builder<'l> {
    func: FuncId,
    liveness: &'l Liveness,
    lir: Function,
    /// The block being filled (instructions, then a terminator when it ends).
    current: Option<(BlockId, Vec<Value>, Vec<Inst>)>,
    /// Current SSA value of each bytecode register.
    regs: IdHashMap<Reg, Value>,
    /// The LIR block of each bytecode block leader.
    block_of_pc: IdHashMap<Pc, BlockId>,
    /// The bits of values that are `TaggedConstant`s (a check of a constant folds).
    tagged_constants: IdHashMap<Value, u64>,
    /// Why the compile bails out: the first step the walker asked for that has no
    /// construction here (an op without a lowering).
    unsupported: Option<BailoutReason>,
    /// The call that ended the last block with a `CheckException`, until the walker says it
    /// returned ([`Construction::call_returned`] attaches its lazy exit there).
    last_thrower: Option<(BlockId, usize)>,
}

impl Builder<'_> {
    fn new_block(&mut self) -> BlockId {
        self.lir.blocks.push(Block { params: Vec::new(), insts: Vec::new(), term: Terminator::Deoptimize(ExitId(u32::MAX)) });
        BlockId(self.lir.blocks.len() as u32 - 1)
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

    /// Emits a machine op with a result of representation `rep`.
    fn machine(&mut self, op: Op, args: &[Value], rep: Rep) -> Value {
        let v = self.lir.new_value(rep);
        self.push(Inst { result: Some(v), op, args: args.to_vec(), exit: None });
        v
    }

    /// Emits a machine op without a result; returns a fresh value nothing uses.
    fn machine_void(&mut self, op: Op, args: &[Value]) -> Value {
        self.push(Inst { result: None, op, args: args.to_vec(), exit: None });
        self.lir.new_value(Rep::Tagged)
    }

    fn tagged_const(&mut self, bits: u64) -> Value {
        let v = self.machine(Op::TaggedConstant { bits }, &[], Rep::Tagged);
        self.tagged_constants.insert(v, bits);
        v
    }

    fn i32_const(&mut self, value: i32) -> Value {
        self.machine(Op::Int32Constant { value }, &[], Rep::Int32)
    }

    /// An exit at `pc` recording the registers live there.
    fn exit(&mut self, pc: Pc, reason: DeoptReason) -> ExitId {
        let registers = self.liveness.live_in(pc).iter().map(|r| (r, ExitValue::Value(self.regs[&r].0, Rep::Tagged))).collect();
        let id = ExitId(self.lir.exits.len() as u32);
        self.lir.exits.push(ExitDesc { id, reason, frames: vec![FrameDesc { func: self.func, pc, registers }] });
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

    fn runtime(&mut self, function: RuntimeFn, args: &[Value]) -> Value {
        self.machine(Op::CallRuntime { function, argc: args.len() as u32 }, args, Rep::Tagged)
    }

    /// The int32 in a tagged value; exits at `pc` if it is none. A constant folds.
    fn checked_int32(&mut self, v: Value, pc: Pc) -> Value {
        if let Some(&bits) = self.tagged_constants.get(&v) {
            if tagged::is_int32(bits) {
                return self.i32_const(tagged::to_int32(bits));
            }
        }
        let is = self.machine(Op::IsInt32, &[v], Rep::Bit);
        self.deopt_unless(is, DeoptReason::NotInt32, pc);
        self.machine(Op::UntagInt32, &[v], Rep::Int32)
    }

    /// The float64 of a tagged number; exits at `pc` if it is none. A constant folds.
    fn checked_float64(&mut self, v: Value, pc: Pc) -> Value {
        if let Some(&bits) = self.tagged_constants.get(&v) {
            if tagged::is_int32(bits) {
                let value = F64(tagged::to_int32(bits) as f64);
                return self.machine(Op::Float64Constant { value }, &[], Rep::Float64);
            }
        }
        let is = self.machine(Op::IsNumber, &[v], Rep::Bit);
        self.deopt_unless(is, DeoptReason::NotNumber, pc);
        self.machine(Op::UntagNumber, &[v], Rep::Float64)
    }

    fn check_shape(&mut self, o: Value, shapes: &[u32], pc: Pc) {
        let is = self.machine(Op::IsObject, &[o], Rep::Bit);
        self.deopt_unless(is, DeoptReason::WrongKind, pc);
        let actual = self.machine(Op::Load { access: Access::Shape }, &[o], Rep::Int32);
        // One comparison per shape, or-ed with `Select[Bit]` as son's and cfg's lowerings do.
        let mut any: Option<Value> = None;
        for &shape in shapes {
            let expected = self.i32_const(shape as i32);
            let same = self.machine(Op::Word32Equal, &[actual, expected], Rep::Bit);
            any = Some(match any {
                None => same,
                Some(prev) => self.machine(Op::Select { rep: Rep::Bit }, &[prev, prev, same], Rep::Bit),
            });
        }
        if let Some(any) = any {
            self.deopt_unless(any, DeoptReason::WrongMap, pc);
        }
    }

    /// A speculative binary number op: int32 with overflow checks, or float64.
    fn number_binary(&mut self, op: BinaryOp, hint: NumberHint, a: Value, b: Value, pc: Pc) -> Value {
        if hint == NumberHint::SignedSmall && op != BinaryOp::Exp {
            let x = self.checked_int32(a, pc);
            let y = self.checked_int32(b, pc);
            let r = machine_lowering::int32_binary(&mut AtPc { b: self, pc }, op, x, y);
            self.machine(Op::TagInt32, &[r], Rep::Tagged)
        } else {
            let x = self.checked_float64(a, pc);
            let y = self.checked_float64(b, pc);
            machine_lowering::float64_binary(&mut AtPc { b: self, pc }, op, x, y)
        }
    }

    /// Lowers one simplified op the walker emitted; `None` if there is no lowering here.
    fn lower(&mut self, op: Op, a: &[Value], fs: Option<Pc>) -> Option<Value> {
        let pc = fs.unwrap_or(0);
        if let Some((op, hint)) = op.as_speculative_number() {
            return Some(self.number_binary(op, hint, a[0], a[1], pc));
        }
        let v = match op {
            Op::Load { access } => self.machine(op, a, if access == Access::ArrayLength { Rep::Int32 } else { Rep::Tagged }),
            Op::Store { .. } | Op::StoreField { .. } | Op::StoreFieldTransition { .. } | Op::StoreElement => {
                let machine = match op {
                    Op::StoreField { slot } => Op::Store { access: Access::Field(slot) },
                    Op::StoreElement => Op::Store { access: Access::Element },
                    other => other,
                };
                self.machine_void(machine, a)
            }
            Op::CheckNotHole { reason } => {
                let hole = self.tagged_const(tagged::HOLE);
                let is_hole = self.machine(Op::TaggedEqual, &[a[0], hole], Rep::Bit);
                self.deopt_if(is_hole, reason, pc);
                a[0]
            }
            Op::SpeculativeNumberCompare { op, hint } => {
                let float = hint != NumberHint::SignedSmall;
                let (x, y) = if float {
                    (self.checked_float64(a[0], pc), self.checked_float64(a[1], pc))
                } else {
                    (self.checked_int32(a[0], pc), self.checked_int32(a[1], pc))
                };
                let (bit, negated) = machine_lowering::compare(&mut AtPc { b: self, pc }, op, x, y, float);
                if negated {
                    // The walker builds `!=` as a negated `==`; nothing else negates.
                    return None;
                }
                bit
            }
            Op::CheckedTaggedToInt32 => self.checked_int32(a[0], pc),
            Op::CheckedTaggedToFloat64 => self.checked_float64(a[0], pc),
            Op::CheckSmi => {
                self.checked_int32(a[0], pc);
                a[0]
            }
            Op::CheckNumber => {
                self.checked_float64(a[0], pc);
                a[0]
            }
            Op::CheckedInt32Sub => {
                let pair = self.machine(Op::Int32SubWithOverflow, a, Rep::Int32);
                let r = self.machine(Op::Projection { index: 0 }, &[pair], Rep::Int32);
                let overflow = self.machine(Op::Projection { index: 1 }, &[pair], Rep::Bit);
                self.deopt_if(overflow, DeoptReason::Overflow, pc);
                r
            }
            Op::DeoptimizeIf { reason } => {
                self.deopt_if(a[0], reason, pc);
                a[0]
            }
            Op::DeoptimizeUnless { reason } => {
                self.deopt_unless(a[0], reason, pc);
                a[0]
            }
            Op::Float64Pow | Op::Float64Neg => self.machine(op, a, Rep::Float64),
            Op::TruncateFloat64ToWord32 | Op::Int32Mul => self.machine(op, a, Rep::Int32),
            Op::Word32Equal | Op::TaggedEqual => self.machine(op, a, Rep::Bit),
            Op::Select { rep: Rep::Tagged } => self.machine(op, a, Rep::Tagged),
            Op::ChangeFloat64ToTagged => self.machine(Op::TagFloat64, a, Rep::Tagged),
            Op::ChangeInt32ToTagged => self.machine(Op::TagInt32, a, Rep::Tagged),
            Op::ChangeBitToTagged => self.machine(Op::TagBit, a, Rep::Tagged),
            Op::ChangeTaggedToBit => {
                let t = self.tagged_const(tagged::TRUE);
                self.machine(Op::TaggedEqual, &[a[0], t], Rep::Bit)
            }
            Op::CheckMaps { shapes } => {
                if shapes.as_slice().is_empty() {
                    return None;
                }
                self.check_shape(a[0], shapes.as_slice(), pc);
                a[0]
            }
            Op::LoadField { slot } => self.machine(Op::Load { access: Access::Field(slot) }, a, Rep::Tagged),
            Op::CheckArray => {
                let is = self.machine(Op::IsArray, a, Rep::Bit);
                self.deopt_unless(is, DeoptReason::WrongKind, pc);
                a[0]
            }
            Op::LoadArrayLength => self.machine(Op::Load { access: Access::ArrayLength }, a, Rep::Int32),
            Op::CheckBounds => {
                let in_bounds = self.machine(Op::Uint32LessThan, a, Rep::Bit);
                self.deopt_unless(in_bounds, DeoptReason::OutOfBounds, pc);
                a[0]
            }
            Op::LoadElement => self.machine(Op::Load { access: Access::Element }, a, Rep::Tagged),
            Op::CallRuntime { function: RuntimeFn::MathFunction(_), .. } => self.machine(op, a, Rep::Float64),
            Op::JSToBoolean => self.runtime(RuntimeFn::ToBoolean, a),
            Op::JSBinary { op, .. } => self.runtime(RuntimeFn::Binary(op), a),
            Op::JSCompare { op, .. } => self.runtime(RuntimeFn::Compare(op), a),
            Op::JSUnary { op, .. } => self.runtime(RuntimeFn::Unary(op), a),
            Op::JSLoadNamed { name, .. } => self.runtime(RuntimeFn::LoadNamed(name), a),
            Op::JSStoreNamed { name, .. } => self.runtime(RuntimeFn::StoreNamed(name), a),
            Op::JSLoadKeyed { .. } => self.runtime(RuntimeFn::LoadKeyed, a),
            Op::JSStoreKeyed { .. } => self.runtime(RuntimeFn::StoreKeyed, a),
            Op::JSCreateObject { shape } => self.machine(Op::AllocateObject { shape }, a, Rep::Tagged),
            Op::JSCreateArray { count } if count <= ir::lir::POOL_SLOTS => self.machine(Op::AllocateArray { count }, &a[..count as usize], Rep::Tagged),
            Op::JSCreateArray { .. } => self.runtime(RuntimeFn::CreateArray, a),
            Op::JSCall { .. } => self.runtime(RuntimeFn::Call, a),
            Op::JSConstruct { .. } => self.runtime(RuntimeFn::Construct, a),
            Op::JSCreateClosure { func } => self.runtime(RuntimeFn::CreateClosure(func), a),
            Op::JSCreateContext { slots } => self.runtime(RuntimeFn::CreateContext(slots), a),
            Op::JSTypeOf => self.runtime(RuntimeFn::TypeOf, a),
            Op::JSLoadSuper { name } => self.runtime(RuntimeFn::LoadSuper(name), a),
            Op::JSConstructSuper { .. } => self.runtime(RuntimeFn::ConstructSuper, a),
            Op::JSSetPrototype => self.runtime(RuntimeFn::SetPrototype, a),
            Op::JSDynamic { op } => self.runtime(RuntimeFn::Dynamic(op), a),
            Op::JSToIterable { text, call: false } => self.runtime(RuntimeFn::ToIterable(text), a),
            Op::JSToIterable { text, call: true } => self.runtime(RuntimeFn::ToSpreadArguments(text), a),
            Op::JSCallSpread => self.runtime(RuntimeFn::CallSpread, a),
            Op::JSConstructSpread => self.runtime(RuntimeFn::ConstructSpread, a),
            Op::JSCopyDataProperties => self.runtime(RuntimeFn::CopyDataProperties, a),
            _ => return None,
        };
        Some(v)
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
            for s in self.lir.blocks[b].term.successor_blocks() {
                stack.push(s.0 as usize);
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
                block.term.for_each_block_mut(&mut |b| *b = BlockId(new_id[b.0 as usize]));
                block
            })
            .collect();
        // Keep only the exits the remaining blocks use, renumbered densely.
        let mut exit_map: IdHashMap<ExitId, ExitId> = IdHashMap::default();
        let old_exits = std::mem::take(&mut self.lir.exits);
        for block in &mut self.lir.blocks {
            let uses = block.insts.iter_mut().filter_map(|i| i.exit.as_mut()).chain(match &mut block.term {
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

impl Construction for Builder<'_> {
    type Value = Value;
    type FrameState = Pc;

    fn begin_function(&mut self, _blocks: &BytecodeBlocks, leaders: &[Pc], params: &[Reg], register_count: u32, entry: Pc) {
        let entry_block = self.new_block();
        for &pc in leaders {
            let id = self.new_block();
            self.block_of_pc.insert(pc, id);
        }
        // Entry: the function's parameters (or, for OSR, the registers live at the loop
        // header) and `undefined` for every other register.
        self.current = Some((entry_block, Vec::new(), Vec::new()));
        let undefined = self.tagged_const(tagged::UNDEFINED);
        for r in 0..register_count {
            self.regs.insert(Reg(r), undefined);
        }
        for (index, &r) in params.iter().enumerate() {
            let v = self.machine(Op::Parameter { index: index as u32 }, &[], Rep::Tagged);
            self.regs.insert(r, v);
        }
        let first = self.jump_to(entry);
        self.end_block(Terminator::Goto(first));
    }

    fn begin_segment(&mut self, _rebuilt: &[(Pc, bool)]) {}

    fn begin_block(&mut self, pc: Pc, _loop_header: bool, live: &RegSet) -> bool {
        let id = self.block_of_pc[&pc];
        self.regs.clear();
        let mut params = Vec::new();
        for r in live.iter() {
            let v = self.lir.new_value(Rep::Tagged);
            params.push(v);
            self.regs.insert(r, v);
        }
        self.current = Some((id, params, Vec::new()));
        true
    }

    fn is_open(&self) -> bool {
        self.current.is_some()
    }

    fn reg(&self, r: Reg) -> Value {
        self.regs[&r]
    }

    fn set(&mut self, r: Reg, v: Value) {
        self.regs.insert(r, v);
    }

    fn constant(&mut self, op: Op) -> Value {
        match op {
            Op::TaggedConstant { bits } => self.tagged_const(bits),
            Op::Int32Constant { .. } => self.machine(op, &[], Rep::Int32),
            Op::Float64Constant { .. } => self.machine(op, &[], Rep::Float64),
            _ => self.machine(op, &[], Rep::Tagged),
        }
    }

    fn is_constant(&self, v: Value, op: &Op) -> bool {
        matches!(op, Op::TaggedConstant { bits } if self.tagged_constants.get(&v) == Some(bits))
    }

    fn emit(&mut self, op: Op, inputs: &[Value], fs: Option<Pc>) -> Value {
        match self.lower(op, inputs, fs) {
            Some(v) => v,
            None => {
                self.unsupported.get_or_insert(BailoutReason::NoLowering { op });
                self.lir.new_value(Rep::Tagged)
            }
        }
    }

    fn frame_state(&mut self, _func: FuncId, pc: Pc, _registers: &[Reg]) -> Pc {
        pc
    }

    fn deoptimize(&mut self, reason: DeoptReason, pc: Pc) {
        let exit = self.exit(pc, reason);
        self.end_block(Terminator::Deoptimize(exit));
    }

    fn jump(&mut self, target: Pc, _from: Pc) {
        let j = self.jump_to(target);
        self.end_block(Terminator::Goto(j));
    }

    fn branch(&mut self, b: Branch<Value>, _from: Pc) {
        let if_true = self.jump_to(b.if_true);
        let if_false = self.jump_to(b.if_false);
        self.end_block(Terminator::Branch { cond: b.cond, if_true, if_false, profile: b.profile });
    }

    fn ret(&mut self, v: Value) {
        self.end_block(Terminator::Return(v));
    }

    fn throw(&mut self, v: Value) {
        self.end_block(Terminator::Throw(v));
    }

    fn call_returned(&mut self, pc: Pc, _dst: Reg) {
        // The call's lazy exit: after it returns, the interpreter resumes at the next pc with
        // the result in `dst` (as `ir::frame::after_call` describes it). A call inside a `try`
        // ended its block already.
        let exit = self.exit(pc + 1, DeoptReason::AfterCall);
        let thrower = self.last_thrower.take();
        let after_catch_edge = self.current.as_ref().is_some_and(|c| c.2.is_empty());
        let call = match thrower {
            Some((block, i)) if after_catch_edge => self.lir.blocks[block.0 as usize].insts.get_mut(i),
            _ => self.current.as_mut().and_then(|c| c.2.last_mut()),
        };
        if let Some(call) = call {
            call.exit = Some(exit);
        }
    }

    fn catch_edge(&mut self, _thrower: Value, target: CatchTarget) {
        // The walk never inlines here: the handler is this function's. The call that may
        // throw is the runtime call the op just became, the block's last instruction.
        let (normal, catch) = (self.new_block(), self.new_block());
        let (id, _, insts) = self.current.as_mut().expect("an open block");
        let id = *id;
        let Some(call) = insts.last_mut().filter(|i| matches!(i.op, Op::CallRuntime { .. })) else {
            self.unsupported.get_or_insert(BailoutReason::Declined("an op that may throw without a runtime call".into()));
            return;
        };
        let thrower = match call.result {
            Some(v) => v,
            None => {
                let v = self.lir.new_value(Rep::Tagged);
                call.result = Some(v);
                v
            }
        };
        let at = insts.len() - 1;
        self.end_block(Terminator::CheckException { thrower, normal: Jump { block: normal, args: Vec::new() }, catch });
        self.last_thrower = Some((id, at));
        let regs = self.regs.clone();
        self.current = Some((catch, Vec::new(), Vec::new()));
        let exception = self.machine(Op::CatchBlockBegin, &[], Rep::Tagged);
        self.regs.insert(target.exception, exception);
        let j = self.jump_to(target.handler);
        self.end_block(Terminator::Goto(j));
        self.regs = regs;
        self.current = Some((normal, Vec::new(), Vec::new()));
    }

    fn throw_to(&mut self, v: Value, target: CatchTarget) {
        self.regs.insert(target.exception, v);
        let j = self.jump_to(target.handler);
        self.end_block(Terminator::Goto(j));
    }

    fn begin_inlined(&mut self, _call: InlinedCall<'_, Value, Pc>) {
        // The walk never inlines for the baseline (`WalkOptions::inline` is off).
        self.unsupported.get_or_insert(BailoutReason::Declined("the baseline compiler does not inline".into()));
    }

    fn end_inlined(&mut self, _dst: Reg) -> bool {
        false
    }
}
