//! The last step: a finished CFG → LIR ([`ir::lir::Function`]).
//!
//! The CFG's blocks are already scheduled, so this is a translation, not a scheduling:
//! blocks keep their order (block 0 is the entry), a block's phis become its block
//! parameters and each jump passes the phi inputs of its edge, ops become instructions
//! (`FrameState` ops become no instruction: they are read by exits), and terminators become
//! LIR terminators with the branch's profile counts as weights.
//!
//! Each `DeoptimizeIf` / `DeoptimizeUnless` / `Deoptimize` gets an [`ExitDesc`] built from
//! its `FrameState`: the function and pc, and for each live register (in the order
//! [`ir::frame::frame_state_registers`] gives) the value and its representation — a
//! `TaggedConstant` becomes an exit constant. A frame state inside an inlined callee has its
//! caller's frame state as last input: the exit lists one frame per function, outermost
//! (the compiled function, resuming after the call) first. Exits are shared by checks with
//! the same frame state and reason. A generic call (`CallRuntime[Call]`) keeps its frame state
//! as its last input: it becomes the call's lazy exit ([`ir::frame::after_call`]).
//!
//! Every op must be a LIR op by now (a pipeline without the lowering phases fails here with
//! a [`Bailout`] naming the first op left).

use ir::hash::IdHashMap;

use frontend::bytecode::{FuncId, Program};
use ir::compile::{Bailout, BailoutReason};
use ir::frame::{ExitDesc, ExitId, ExitValue, FrameDesc};
use ir::lir::{Block, BlockId, Function, Inst, Jump, Terminator, Value};
use ir::ops::{DeoptReason, Op, RuntimeFn};

use crate::graph::{output_rep, BlockIndex, Graph, Input, OpIndex};

/// Translates `g` into LIR.
pub fn to_lir(g: &Graph<Input>, program: &Program) -> Result<Function, Bailout> {
    let mut t = Translator { g, program, f: Function::new(g.name.clone(), g.func), values: vec![None; g.op_count()], exits: IdHashMap::default(), liveness: IdHashMap::default() };
    t.run()?;
    Ok(t.f)
}

struct Translator<'g> {
    g: &'g Graph<Input>,
    program: &'g Program,
    f: Function,
    values: Vec<Option<Value>>,
    exits: IdHashMap<(OpIndex<Input>, DeoptReason), ExitId>,
    liveness: IdHashMap<FuncId, frontend::liveness::Liveness>,
}

impl Translator<'_> {
    fn run(&mut self) -> Result<(), Bailout> {
        let g = self.g;
        // Values first (block parameters and results), so forward references (loop phis)
        // resolve.
        for i in g.all_ops() {
            let op = g.op(i);
            if matches!(op, Op::FrameState { .. } | Op::ObjectState { .. }) {
                continue;
            }
            let is_lir = ir::lir_verify::is_lir_op(op.opcode()) || matches!(op, Op::Phi { .. });
            if !is_lir && !crate::graph::is_terminator(op.opcode()) {
                return Err(Bailout::new(BailoutReason::NotLowered { op: *op }));
            }
            if let Some(rep) = output_rep(op) {
                if !crate::graph::is_terminator(op.opcode()) {
                    self.values[i.ix()] = Some(self.f.new_value(rep));
                }
            }
        }
        for b in g.blocks() {
            let params = g.ops_of(b).filter(|&i| matches!(g.op(i), Op::Phi { .. })).map(|i| self.value(i)).collect();
            let mut insts = Vec::new();
            let mut term = None;
            for i in g.ops_of(b) {
                let op = *g.op(i);
                match op {
                    Op::Phi { .. } | Op::FrameState { .. } | Op::ObjectState { .. } => {}
                    Op::Goto => term = Some(Terminator::Goto(self.jump(b, 0))),
                    Op::Branch { profile } => {
                        term = Some(Terminator::Branch {
                            cond: self.value(g.inputs(i)[0]),
                            if_true: self.jump(b, 0),
                            if_false: self.jump(b, 1),
                            profile,
                        })
                    }
                    Op::Return => term = Some(Terminator::Return(self.value(g.inputs(i)[0]))),
                    Op::CheckException => {
                        let catch = g.succs(b)[1];
                        term = Some(Terminator::CheckException {
                            thrower: self.value(g.inputs(i)[0]),
                            normal: self.jump(b, 0),
                            catch: ir::lir::BlockId(catch.ix() as u32),
                        })
                    }
                    Op::Throw => term = Some(Terminator::Throw(self.value(g.inputs(i)[0]))),
                    Op::Deoptimize { reason } => term = Some(Terminator::Deoptimize(self.exit(g.inputs(i)[0], reason))),
                    Op::DeoptimizeIf { reason } | Op::DeoptimizeUnless { reason } => {
                        let exit = self.exit(g.inputs(i)[1], reason);
                        insts.push(Inst { result: None, op, args: vec![self.value(g.inputs(i)[0])], exit: Some(exit) });
                    }
                    // A generic call's frame state (its last input) describes its lazy exit.
                    Op::CallRuntime { function: RuntimeFn::Call, argc } if g.inputs(i).len() == argc as usize + 1 => {
                        let (&fs, args) = g.inputs(i).split_last().expect("a frame state");
                        let args = args.iter().map(|&x| self.value(x)).collect();
                        let result = self.values[i.ix()];
                        let exit = self.lazy_exit(fs, result.expect("a call has a result"))?;
                        insts.push(Inst { result, op, args, exit: Some(exit) });
                    }
                    _ => {
                        let args = g.inputs(i).iter().map(|&x| self.value(x)).collect();
                        insts.push(Inst { result: self.values[i.ix()], op, args, exit: None });
                    }
                }
            }
            let term = term.ok_or_else(|| Bailout::new(BailoutReason::MissingTerminator { block: b.id() }))?;
            self.f.blocks.push(Block { params, insts, term });
        }
        Ok(())
    }

    fn value(&self, i: OpIndex<Input>) -> Value {
        self.values[i.ix()].unwrap_or_else(|| panic!("{i} ({}) has no LIR value", self.g.op(i)))
    }

    /// The jump along successor `k` of `b`, passing the target's phi inputs of this edge.
    fn jump(&self, b: BlockIndex<Input>, k: usize) -> Jump {
        let g = self.g;
        let target = g.succs(b)[k];
        // If both successors are the same block, the second edge is the second predecessor.
        let nth = g.succs(b)[..k].iter().filter(|&&s| s == target).count();
        let pos = g
            .preds(target)
            .iter()
            .enumerate()
            .filter(|(_, &p)| p == b)
            .nth(nth)
            .map(|(i, _)| i)
            .expect("edge recorded as predecessor");
        let args = g
            .ops_of(target)
            .filter(|&i| matches!(g.op(i), Op::Phi { .. }))
            .map(|phi| self.value(g.inputs(phi)[pos]))
            .collect();
        Jump { block: BlockId(target.id()), args }
    }

    fn exit(&mut self, fs: OpIndex<Input>, reason: DeoptReason) -> ExitId {
        if let Some(&e) = self.exits.get(&(fs, reason)) {
            return e;
        }
        // The frame states from `fs` out to the compiled function's (inlined callees have
        // their caller's frame state at the call as their last input).
        let mut chain = vec![fs];
        while let Op::FrameState { has_outer: true, .. } = *self.g.op(chain[chain.len() - 1]) {
            let outer = *self.g.inputs(chain[chain.len() - 1]).last().expect("an outer frame state");
            chain.push(outer);
        }
        let frames = self.frames(&chain);
        let id = ExitId(self.f.exits.len() as u32);
        self.f.exits.push(ExitDesc { id, reason, frames });
        self.exits.insert((fs, reason), id);
        id
    }

    /// The lazy exit of a generic call whose frame state at the call is `fs` and whose result
    /// is `result`: the interpreter resumes after the call ([`ir::frame::after_call`]). Not
    /// shared with other exits (its frame differs from every eager exit's).
    fn lazy_exit(&mut self, fs: OpIndex<Input>, result: Value) -> Result<ExitId, Bailout> {
        let mut chain = vec![fs];
        while let Op::FrameState { has_outer: true, .. } = *self.g.op(chain[chain.len() - 1]) {
            let outer = *self.g.inputs(chain[chain.len() - 1]).last().expect("an outer frame state");
            chain.push(outer);
        }
        let mut frames = self.frames(&chain);
        let at_call = frames.pop().expect("one frame at least");
        let caller = frames.last().map(|f| (f.func, f.pc));
        let program = self.program;
        let receiver = ir::frame::constructor_receiver(program, caller, at_call.func);
        let liveness = self.liveness.entry(at_call.func).or_insert_with(|| frontend::liveness::analyze(program.function(at_call.func)));
        let after = ir::frame::after_call(program, liveness, &at_call, ExitValue::Value(result.0, self.f.rep(result)), receiver)
            .map_err(|e| Bailout::new(BailoutReason::LazyExit(e)))?;
        frames.push(after);
        let id = ExitId(self.f.exits.len() as u32);
        self.f.exits.push(ExitDesc { id, reason: DeoptReason::AfterCall, frames });
        Ok(id)
    }

    /// The frames of the frame-state chain `chain` (innermost first), outermost first.
    fn frames(&mut self, chain: &[OpIndex<Input>]) -> Vec<FrameDesc> {
        let mut frames: Vec<FrameDesc> = Vec::with_capacity(chain.len());
        for &s in chain.iter().rev() {
            let caller = frames.last().map(|f| (f.func, f.pc));
            frames.push(self.frame(s, caller));
        }
        frames
    }

    /// One interpreter frame of an exit: function, pc and live registers of frame state `fs`,
    /// called from the frame `caller` (function and pc) if it is an inlined callee.
    fn frame(&mut self, fs: OpIndex<Input>, caller: Option<(FuncId, u32)>) -> FrameDesc {
        let g = self.g;
        let Op::FrameState { func, pc, .. } = *g.op(fs) else { panic!("{fs} is not a frame state") };
        let func = FuncId(func);
        let program = self.program;
        let receiver = ir::frame::constructor_receiver(program, caller, func);
        let liveness =
            self.liveness.entry(func).or_insert_with(|| frontend::liveness::analyze(program.function(func)));
        let regs = ir::frame::frame_state_registers(liveness, pc, receiver);
        debug_assert_eq!(g.inputs(fs).len(), regs.len() + matches!(*g.op(fs), Op::FrameState { has_outer: true, .. }) as usize, "frame state inputs");
        let registers = regs
            .into_iter()
            .zip(g.inputs(fs))
            .map(|(r, &x)| (r, self.exit_value(x)))
            .collect();
        FrameDesc { func, pc, registers }
    }

    /// Where one frame-state input's value comes from at an exit; an `ObjectState` (an
    /// object escape analysis removed) becomes an object the exit allocates.
    fn exit_value(&mut self, x: OpIndex<Input>) -> ExitValue {
        let g = self.g;
        match *g.op(x) {
            Op::TaggedConstant { bits } => ExitValue::Constant(bits),
            Op::ObjectState { id, shape } => {
                ExitValue::Object { id, shape, fields: g.inputs(x).iter().map(|&f| self.exit_value(f)).collect() }
            }
            _ => {
                let rep = output_rep(g.op(x)).expect("frame state input has a value");
                ExitValue::Value(self.value(x).0, rep)
            }
        }
    }
}
