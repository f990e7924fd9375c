//! The graph builder: bytecode plus feedback → sea of nodes with speculation (TurboFan's
//! `BytecodeGraphBuilder`).
//!
//! The builder walks the bytecode blocks in order, keeping an *environment*: the SSA node of
//! every register, the current effect and the current control. Registers are renamed away:
//! `Move r1, r0` just makes `r1` name the same node.
//!
//! - **Joins.** Where control joins (a block leader with several predecessors) a `Merge` is
//!   made, with a `Phi` for every register live there whose incoming nodes differ and an
//!   `EffectPhi` if the effects differ.
//! - **Loops.** A loop header (target of a `JumpLoop`) gets a `Loop` node, an `EffectPhi` and
//!   a `Phi` for every live register up front; each back edge appends one input to all of
//!   them. Phis that turn out redundant are removed later by the common-operator reducer.
//! - **Speculation.** Feedback decides the op, exactly as the baseline compiler decides its
//!   machine code: SignedSmall → `SpeculativeNumber*[SignedSmall]`, Number →
//!   `[Number]`, no feedback → `Deoptimize[InsufficientFeedback]` (the rest of the block is
//!   unreachable), a monomorphic field → `CheckMaps` + `LoadField`/`StoreField`, array length
//!   → `CheckArray` + `LoadArrayLength`, in-bounds elements → `CheckArray`,
//!   `CheckedTaggedToInt32`, `CheckBounds`, `LoadElement`/`StoreElement`; everything else →
//!   the generic JS op.
//! - **Frame states.** Every op that can deoptimize takes a `FrameState` at the instruction's
//!   pc whose inputs are the registers live on entry to that pc (bytecode liveness), so an
//!   exit re-executes the instruction in the interpreter.
//! - **Branches.** `JumpIfTrue`/`JumpIfFalse` become `Branch` on a bit; a register holding a
//!   tagged boolean made from a bit (`ChangeBitToTagged`, or the negating `Select`) branches on
//!   the bit directly. Taken / not-taken counts become the branch hint and weights.
//!
//! - **Inlining.** A call whose feedback passes the shared policy ([`midend::inlining`]: one
//!   monomorphic bytecode target, small, not recursive, within the depth cap and the
//!   compilation's budget) becomes a target check (`TaggedEqual` with the function constant,
//!   `DeoptimizeUnless[WrongCallTarget]` at the call's frame state) and the callee's bytecode,
//!   translated in place by a nested builder on the same graph with the callee's liveness and
//!   feedback: parameters are the argument nodes (missing ones `undefined`), every frame state
//!   made inside has the call's frame state as its outer state (`has_outer`), and the callee's
//!   returns merge (Merge, EffectPhi, Phi) into the call's destination.
//!
//! Effectful and checking ops are threaded on the effect chain and take the current block's
//! start node as control; control itself is threaded only through branches, merges and
//! terminators.

use ir::hash::IdHashMap;

use frontend::bytecode::{BinaryOp, CompareOp, Constant, FuncId, Instr, Pc, Reg, SlotId, UnaryOp};
use frontend::liveness::{analyze, Liveness};
use ir::compile::{Bailout, CompileInput};
use ir::feedback::SlotFeedback;
use midend::inlining::{self, InlineBudget};
use midend::speculation::{self, KeyedPlan, MathForm, NamedPlan, NumberPlan};
use ir::frame::frame_state_registers;
use ir::ops::{BranchHint, DeoptReason, NumberHint, Op, Rep, RuntimeFn, ShapeSet, F64};
use ir::tagged;

use crate::graph::{Graph, NodeId};

/// The builder's view of one program point.
#[derive(Clone, Debug)]
struct Env {
    regs: Vec<Option<NodeId>>,
    effect: NodeId,
    control: NodeId,
}

struct LoopHeader {
    node: NodeId,
    effect_phi: NodeId,
    phis: Vec<(Reg, NodeId)>,
}

struct Builder<'i, 'a> {
    input: &'i CompileInput<'a>,
    liveness: &'i Liveness,
    g: Graph,
    env: Option<Env>,
    pending: IdHashMap<Pc, Vec<Env>>,
    loops: IdHashMap<Pc, LoopHeader>,
    constants: IdHashMap<Op, NodeId>,
    terminators: Vec<NodeId>,
    /// The functions being translated: the compiled one first, this (inlined) one last.
    stack: Vec<FuncId>,
    /// The compilation's inlining budget (moved into a callee's builder while it runs).
    budget: InlineBudget,
    /// In an inlined callee: the caller's frame state at the call, the outer state of every
    /// frame state made here.
    outer_fs: Option<NodeId>,
    /// In an inlined callee: its returns (value, effect, control), merged into the call's
    /// result; `None` in the compiled function, whose returns are graph terminators.
    returns: Option<Vec<(NodeId, NodeId, NodeId)>>,
}

/// Builds the graph of `input.func`.
pub fn build(input: &CompileInput<'_>, liveness: &Liveness) -> Result<Graph, Bailout> {
    build_at(input, liveness, None)
}

/// Builds the graph of `input.func`, or with `osr = Some(header)` the graph of its on-stack
/// replacement entry at that loop header: `Parameter i` is the `i`-th register live there
/// (`midend::osr::parameters`), the header's forward predecessor is the entry, and loops
/// enclosing it are peeled (`midend::osr::OsrPlan`).
pub fn build_at(input: &CompileInput<'_>, liveness: &Liveness, osr: Option<Pc>) -> Result<Graph, Bailout> {
    build_counted(input, liveness, osr).map(|(g, _)| g)
}

/// [`build_at`], also returning the inlining decisions taken (`midend::inlining`).
pub fn build_counted(input: &CompileInput<'_>, liveness: &Liveness, osr: Option<Pc>) -> Result<(Graph, InlineBudget), Bailout> {
    build_with(input, liveness, osr, true)
}

/// [`build_counted`] with inlining on or off (`build(inline=off)` in the spec).
pub fn build_with(
    input: &CompileInput<'_>,
    liveness: &Liveness,
    osr: Option<Pc>,
    inline: bool,
) -> Result<(Graph, InlineBudget), Bailout> {
    let func = input.program.function(input.func);
    if func.code.is_empty() {
        return Err(Bailout { reason: ir::compile::BailoutReason::EmptyFunction });
    }
    let mut b = Builder {
        input,
        liveness,
        g: Graph::new(input.func.0),
        env: None,
        pending: IdHashMap::default(),
        loops: IdHashMap::default(),
        constants: IdHashMap::default(),
        terminators: Vec::new(),
        stack: vec![input.func],
        budget: InlineBudget::with_inlining(inline),
        outer_fs: None,
        returns: None,
    };
    b.run(osr)?;
    let end = b.g.end;
    for t in std::mem::take(&mut b.terminators) {
        b.g.append_input(end, t);
    }
    Ok((b.g, b.budget))
}

/// The bytecode block leaders of a function and its loop headers (`JumpLoop` targets), as
/// every compiler's builder computes them (`frontend::blocks`).
pub fn leaders(func: &frontend::bytecode::Function) -> (Vec<bool>, Vec<bool>) {
    let blocks = frontend::blocks::BytecodeBlocks::of(func);
    (blocks.is_leader, blocks.is_loop_header)
}


impl<'i, 'a> Builder<'i, 'a> {
    fn bytecode(&self) -> &'a frontend::bytecode::Function {
        self.input.program.function(self.input.func)
    }

    fn feedback(&self, slot: frontend::bytecode::SlotId) -> &'a SlotFeedback {
        &self.input.feedback_of(self.input.func)[slot.0 as usize]
    }

    fn env(&mut self) -> &mut Env {
        self.env.as_mut().expect("a reachable program point")
    }

    fn constant(&mut self, op: Op) -> NodeId {
        if let Some(&n) = self.constants.get(&op) {
            return n;
        }
        let n = self.g.add(op, &[]);
        self.constants.insert(op, n);
        n
    }

    fn tagged_const(&mut self, bits: u64) -> NodeId {
        self.constant(Op::TaggedConstant { bits })
    }

    fn pure(&mut self, op: Op, inputs: &[NodeId]) -> NodeId {
        self.g.add(op, inputs)
    }

    /// Adds an op on the effect chain: value inputs, then the current effect and control.
    fn effectful(&mut self, op: Op, values: &[NodeId]) -> NodeId {
        let env = self.env.as_ref().expect("reachable");
        let (effect, control) = (env.effect, env.control);
        let mut inputs = values.to_vec();
        let info = op.info();
        if info.effect_in != ir::ops::Arity::Fixed(0) {
            inputs.push(effect);
        }
        if info.control_in != ir::ops::Arity::Fixed(0) {
            inputs.push(control);
        }
        let n = self.g.add(op, &inputs);
        if info.effect_out > 0 {
            self.env().effect = n;
        }
        n
    }

    fn frame_state(&mut self, pc: Pc) -> NodeId {
        let regs = frame_state_registers(self.liveness, pc);
        let values: Vec<NodeId> = regs
            .iter()
            .map(|r| self.env.as_ref().unwrap().regs[r.0 as usize].expect("live registers have values"))
            .collect();
        let mut values = values;
        values.extend(self.outer_fs);
        self.g.add(Op::FrameState { func: self.input.func.0, pc, has_outer: self.outer_fs.is_some() }, &values)
    }

    fn reg(&self, r: Reg) -> NodeId {
        self.env.as_ref().unwrap().regs[r.0 as usize].unwrap_or_else(|| panic!("r{} read before written", r.0))
    }

    fn set(&mut self, r: Reg, v: NodeId) {
        self.env().regs[r.0 as usize] = Some(v);
    }

    fn terminate(&mut self, n: NodeId) {
        self.terminators.push(n);
        self.env = None;
    }

    fn deopt_here(&mut self, pc: Pc, reason: DeoptReason) {
        let fs = self.frame_state(pc);
        let n = self.effectful(Op::Deoptimize { reason }, &[fs]);
        self.terminate(n);
    }

    fn edge_to(&mut self, target: Pc, from: Pc) {
        let env = self.env.clone().expect("reachable");
        // A jump back to a loop header not built in this segment (OSR: an enclosing loop's
        // back edge out of its peeled part) is a forward edge into a later segment.
        if target <= from && self.loops.contains_key(&target) {
            // A back edge: close the loop.
            let live: Vec<Reg> = self.liveness.live_in(target).iter().collect();
            let header = self.loops.get(&target).expect("loop header seen");
            let (node, ephi, phis) = (header.node, header.effect_phi, header.phis.clone());
            let k = self.g.inputs(node).len();
            self.g.append_input(node, env.control);
            self.g.insert_input(ephi, k, env.effect);
            for (r, phi) in phis {
                debug_assert!(live.contains(&r));
                let v = env.regs[r.0 as usize].expect("live at the header");
                self.g.insert_input(phi, k, v);
            }
        } else {
            self.pending.entry(target).or_default().push(env);
        }
    }

    /// Joins the environments of several forward predecessors.
    fn merge(&mut self, envs: Vec<Env>, pc: Pc) -> Env {
        let live: Vec<Reg> = self.liveness.live_in(pc).iter().collect();
        if envs.len() == 1 {
            let mut env = envs.into_iter().next().unwrap();
            Self::keep_live(&mut env, &live);
            return env;
        }
        let controls: Vec<NodeId> = envs.iter().map(|e| e.control).collect();
        let merge = self.g.add(Op::Merge, &controls);
        let effects: Vec<NodeId> = envs.iter().map(|e| e.effect).collect();
        let effect = if effects.iter().all(|&e| e == effects[0]) {
            effects[0]
        } else {
            let mut ins = effects;
            ins.push(merge);
            self.g.add(Op::EffectPhi, &ins)
        };
        let mut regs = vec![None; envs[0].regs.len()];
        for r in live {
            let vals: Vec<NodeId> = envs.iter().map(|e| e.regs[r.0 as usize].expect("live value")).collect();
            regs[r.0 as usize] = Some(if vals.iter().all(|&v| v == vals[0]) {
                vals[0]
            } else {
                let mut ins = vals;
                ins.push(merge);
                self.g.add(Op::Phi { rep: Rep::Tagged }, &ins)
            });
        }
        Env { regs, effect, control: merge }
    }

    fn keep_live(env: &mut Env, live: &[Reg]) {
        for (i, r) in env.regs.iter_mut().enumerate() {
            if !live.contains(&Reg(i as u32)) {
                *r = None;
            }
        }
    }

    fn start_block(&mut self, pc: Pc, is_header: bool) {
        let preds = self.pending.remove(&pc).unwrap_or_default();
        let mut preds = preds;
        if let Some(env) = self.env.take() {
            preds.push(env); // fall-through (already pushed by the caller in order)
        }
        if preds.is_empty() {
            self.env = None;
            return;
        }
        let env = self.merge(preds, pc);
        if !is_header {
            self.env = Some(env);
            return;
        }
        let lp = self.g.add(Op::Loop, &[env.control]);
        let ephi = self.g.add(Op::EffectPhi, &[env.effect, lp]);
        let mut regs = vec![None; env.regs.len()];
        let mut phis = Vec::new();
        for r in self.liveness.live_in(pc).iter() {
            let v = env.regs[r.0 as usize].expect("live value");
            let phi = self.g.add(Op::Phi { rep: Rep::Tagged }, &[v, lp]);
            regs[r.0 as usize] = Some(phi);
            phis.push((r, phi));
        }
        self.loops.insert(pc, LoopHeader { node: lp, effect_phi: ephi, phis });
        self.env = Some(Env { regs, effect: ephi, control: lp });
    }

    fn run(&mut self, osr: Option<Pc>) -> Result<(), Bailout> {
        let func = self.bytecode();
        let (leader, header) = leaders(func);
        // Entry: parameters (for OSR: the registers live at the loop header), and
        // `undefined` in every other register.
        let start = self.g.start;
        let undefined = self.tagged_const(tagged::UNDEFINED);
        let mut regs: Vec<Option<NodeId>> = vec![Some(undefined); func.register_count as usize];
        let plan = match osr {
            None => {
                for r in 0..func.param_count {
                    regs[r as usize] = Some(self.g.add(Op::Parameter { index: r }, &[start]));
                }
                midend::osr::OsrPlan::whole(func)
            }
            Some(h) => {
                let plan = midend::osr::OsrPlan::of(func, h).map_err(|e| Bailout { reason: ir::compile::BailoutReason::Osr(e) })?;
                for (i, r) in midend::osr::parameters(self.liveness, h).into_iter().enumerate() {
                    regs[r.0 as usize] = Some(self.g.add(Op::Parameter { index: i as u32 }, &[start]));
                }
                plan
            }
        };
        let entry = Env { regs, effect: start, control: start };
        self.pending.entry(plan.segments[0].0).or_default().push(entry);
        let n = func.code.len() as Pc;
        for (lo, hi) in plan.segments.iter().copied() {
            // Loops of earlier segments are closed; their headers are built again here.
            self.loops.clear();
            debug_assert!(self.env.is_none(), "segments end with a back edge");
            self.env = None;
            self.segment(lo, hi, n, &leader, &header)?;
        }
        Ok(())
    }

    /// Builds the instructions of the pcs `lo..hi` (one segment of `midend::osr::OsrPlan`).
    fn segment(&mut self, lo: Pc, hi: Pc, n: Pc, leader: &[bool], header: &[bool]) -> Result<(), Bailout> {
        for pc in lo..hi {
            if leader[pc as usize] || pc == lo {
                if let Some(env) = self.env.take() {
                    // Fall through into the new block.
                    self.pending.entry(pc).or_default().push(env);
                }
                self.start_block(pc, header[pc as usize]);
            }
            if self.env.is_none() {
                continue;
            }
            self.instruction(pc)?;
            if self.env.is_some() && pc + 1 == n {
                return Err(Bailout { reason: ir::compile::BailoutReason::FallsOffEnd });
            }
        }
        Ok(())
    }

    /// ToBoolean of a register value as a bit, and whether it is negated.
    fn truthiness(&mut self, v: NodeId) -> (NodeId, bool) {
        match self.g.op(v) {
            Op::ChangeBitToTagged => return (self.g.input(v, 0), false),
            Op::Select { rep: Rep::Tagged } => {
                let (t, f) = (self.tagged_const(tagged::TRUE), self.tagged_const(tagged::FALSE));
                if self.g.input(v, 1) == f && self.g.input(v, 2) == t {
                    return (self.g.input(v, 0), true);
                }
            }
            _ => {}
        }
        let b = self.pure(Op::JSToBoolean, &[v]);
        (self.pure(Op::ChangeTaggedToBit, &[b]), false)
    }

    /// A tagged boolean from a bit, negated if asked.
    fn tag_bit(&mut self, bit: NodeId, negated: bool) -> NodeId {
        if negated {
            let (t, f) = (self.tagged_const(tagged::TRUE), self.tagged_const(tagged::FALSE));
            self.pure(Op::Select { rep: Rep::Tagged }, &[bit, f, t])
        } else {
            self.pure(Op::ChangeBitToTagged, &[bit])
        }
    }

    fn instruction(&mut self, pc: Pc) -> Result<(), Bailout> {
        let instr = self.bytecode().code[pc as usize];
        match instr {
            Instr::LoadConst { dst, k } => {
                let v = match &self.bytecode().constants[k.0 as usize] {
                    Constant::Number(x) => self.constant(Op::NumberConstant { value: F64(*x) }),
                    Constant::Text(_) => return Err(Bailout { reason: ir::compile::BailoutReason::TextConstant }),
                    Constant::String(_) => self.effectful(Op::StringConstant { func: self.input.func.0, index: k.0 }, &[]),
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
            }
            Instr::LoadGlobal { dst, global } => {
                let fs = self.frame_state(pc);
                let v = self.effectful(Op::JSLoadGlobal { global: global.0 }, &[fs]);
                self.set(dst, v);
            }
            Instr::StoreGlobal { global, src, strict } => {
                let fs = self.frame_state(pc);
                let v = self.reg(src);
                self.effectful(Op::JSStoreGlobal { global: global.0, strict }, &[v, fs]);
            }
            Instr::InitGlobal { global, src } => {
                let v = self.reg(src);
                self.effectful(Op::Store { access: ir::ops::Access::Global(global.0) }, &[v]);
            }
            Instr::CheckInitialized { reg, .. } => {
                let fs = self.frame_state(pc);
                let v = self.reg(reg);
                self.effectful(Op::CheckNotHole { reason: DeoptReason::Uninitialized }, &[v, fs]);
            }
            Instr::Binary { op, dst, lhs, rhs, slot } => {
                let plan = speculation::binary_plan(self.feedback(slot), op);
                let (a, b) = (self.reg(lhs), self.reg(rhs));
                if plan == NumberPlan::NeverRan {
                    self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                    return Ok(());
                }
                let fs = self.frame_state(pc);
                let v = match plan {
                    NumberPlan::Speculate(_) if op == BinaryOp::Exp => {
                        let x = self.effectful(Op::CheckedTaggedToFloat64, &[a, fs]);
                        let y = self.effectful(Op::CheckedTaggedToFloat64, &[b, fs]);
                        let r = self.pure(Op::Float64Pow, &[x, y]);
                        self.pure(Op::ChangeFloat64ToTagged, &[r])
                    }
                    NumberPlan::Speculate(hint) => {
                        let sop = match op {
                            BinaryOp::Add => Op::SpeculativeNumberAdd { hint },
                            BinaryOp::Sub => Op::SpeculativeNumberSubtract { hint },
                            BinaryOp::Mul => Op::SpeculativeNumberMultiply { hint },
                            BinaryOp::Div => Op::SpeculativeNumberDivide { hint },
                            BinaryOp::Mod => Op::SpeculativeNumberModulus { hint },
                            BinaryOp::Exp => unreachable!("handled above"),
                            bit => Op::SpeculativeNumberBitwise { op: bit, hint },
                        };
                        self.effectful(sop, &[a, b, fs])
                    }
                    NumberPlan::NeverRan | NumberPlan::Generic => self.effectful(Op::JSBinary { op, slot: slot.0 }, &[a, b, fs]),
                };
                self.set(dst, v);
            }
            Instr::Compare { op, dst, lhs, rhs, slot } => {
                let plan = speculation::number_plan(self.feedback(slot));
                let (a, b) = (self.reg(lhs), self.reg(rhs));
                if plan == NumberPlan::NeverRan {
                    self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                    return Ok(());
                }
                let fs = self.frame_state(pc);
                let v = match plan {
                    NumberPlan::Speculate(hint) => {
                        let (cop, negated) = match op {
                            CompareOp::Ne => (CompareOp::Eq, true),
                            CompareOp::StrictNe => (CompareOp::StrictEq, true),
                            other => (other, false),
                        };
                        let bit = self.effectful(Op::SpeculativeNumberCompare { op: cop, hint }, &[a, b, fs]);
                        self.tag_bit(bit, negated)
                    }
                    NumberPlan::NeverRan | NumberPlan::Generic => self.effectful(Op::JSCompare { op, slot: slot.0 }, &[a, b, fs]),
                };
                self.set(dst, v);
            }
            Instr::Unary { op, dst, src, slot } => {
                let plan = speculation::number_plan(self.feedback(slot));
                let a = self.reg(src);
                if plan == NumberPlan::NeverRan {
                    self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                    return Ok(());
                }
                let fs = self.frame_state(pc);
                let v = match plan {
                    NumberPlan::Speculate(NumberHint::SignedSmall) => self.int32_unary(op, a, fs),
                    NumberPlan::Speculate(_) => self.float64_unary(op, a, fs),
                    NumberPlan::NeverRan | NumberPlan::Generic => self.effectful(Op::JSUnary { op, slot: slot.0 }, &[a, fs]),
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
                self.edge_to(target, pc);
                self.env = None;
            }
            Instr::JumpIfTrue { cond, target, slot } | Instr::JumpIfFalse { cond, target, slot } => {
                let jump_if = matches!(instr, Instr::JumpIfTrue { .. });
                let v = self.reg(cond);
                let (bit, negated) = self.truthiness(v);
                let weights = match self.feedback(slot) {
                    SlotFeedback::Branch { taken, not_taken } => Some((*taken, *not_taken)),
                    _ => None,
                };
                // The jump is taken when bit == (jump_if != negated).
                let taken_on_true = jump_if != negated;
                let weights = weights.map(|(t, n)| if taken_on_true { (t, n) } else { (n, t) });
                let hint = match weights {
                    Some((t, f)) if t > f => BranchHint::True,
                    Some((t, f)) if f > t => BranchHint::False,
                    _ => BranchHint::None,
                };
                let control = self.env.as_ref().unwrap().control;
                let branch = self.g.add(Op::Branch { hint }, &[bit, control]);
                if let Some(w) = weights {
                    self.g.branch_weights.insert(branch, w);
                }
                let if_true = self.g.add(Op::IfTrue, &[branch]);
                let if_false = self.g.add(Op::IfFalse, &[branch]);
                let (taken, fall) = if taken_on_true { (if_true, if_false) } else { (if_false, if_true) };
                self.env().control = taken;
                self.edge_to(target, pc);
                self.env().control = fall;
                // Falls through to pc + 1, a leader: handled by the main loop.
            }
            Instr::LoadNamed { dst, obj, name, slot } => {
                let o = self.reg(obj);
                let v = match speculation::named_load_plan(self.feedback(slot)) {
                    NamedPlan::NeverRan => {
                        self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                        return Ok(());
                    }
                    NamedPlan::Field { shape, slot } => {
                        let fs = self.frame_state(pc);
                        let shapes = ShapeSet::new(&[shape.0]).expect("one shape");
                        self.effectful(Op::CheckMaps { shapes }, &[o, fs]);
                        self.effectful(Op::LoadField { slot }, &[o])
                    }
                    NamedPlan::ArrayLength => {
                        let fs = self.frame_state(pc);
                        let arr = self.effectful(Op::CheckArray, &[o, fs]);
                        let len = self.effectful(Op::LoadArrayLength, &[arr]);
                        self.pure(Op::ChangeInt32ToTagged, &[len])
                    }
                    NamedPlan::Generic => {
                        let fs = self.frame_state(pc);
                        self.effectful(Op::JSLoadNamed { name: name.0, slot: slot.0 }, &[o, fs])
                    }
                };
                self.set(dst, v);
            }
            Instr::StoreNamed { obj, name, src, slot } => {
                let (o, v) = (self.reg(obj), self.reg(src));
                match speculation::named_store_plan(self.feedback(slot)) {
                    NamedPlan::NeverRan => self.deopt_here(pc, DeoptReason::InsufficientFeedback),
                    NamedPlan::Field { shape, slot } => {
                        let fs = self.frame_state(pc);
                        let shapes = ShapeSet::new(&[shape.0]).expect("one shape");
                        self.effectful(Op::CheckMaps { shapes }, &[o, fs]);
                        self.effectful(Op::StoreField { slot }, &[o, v]);
                    }
                    NamedPlan::ArrayLength | NamedPlan::Generic => {
                        let fs = self.frame_state(pc);
                        self.effectful(Op::JSStoreNamed { name: name.0, slot: slot.0 }, &[o, v, fs]);
                    }
                }
            }
            Instr::LoadKeyed { dst, obj, key, slot } => {
                let (o, k) = (self.reg(obj), self.reg(key));
                let fs = self.frame_state(pc);
                let v = match speculation::keyed_plan(self.feedback(slot)) {
                    KeyedPlan::NeverRan => {
                        self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                        return Ok(());
                    }
                    KeyedPlan::InBounds { holey } => {
                        let (arr, index) = self.checked_index(o, k, fs);
                        let v = self.effectful(Op::LoadElement, &[arr, index]);
                        if holey {
                            // A hole reads as undefined.
                            let hole = self.tagged_const(tagged::HOLE);
                            let undefined = self.tagged_const(tagged::UNDEFINED);
                            let is_hole = self.pure(Op::TaggedEqual, &[v, hole]);
                            self.pure(Op::Select { rep: Rep::Tagged }, &[is_hole, undefined, v])
                        } else {
                            // Speculated packed: a hole exits.
                            self.effectful(Op::CheckNotHole { reason: DeoptReason::Hole }, &[v, fs])
                        }
                    }
                    KeyedPlan::Generic => self.effectful(Op::JSLoadKeyed { slot: slot.0 }, &[o, k, fs]),
                };
                self.set(dst, v);
            }
            Instr::StoreKeyed { obj, key, src, slot } => {
                let (o, k, v) = (self.reg(obj), self.reg(key), self.reg(src));
                let fs = self.frame_state(pc);
                match speculation::keyed_plan(self.feedback(slot)) {
                    KeyedPlan::NeverRan => self.deopt_here(pc, DeoptReason::InsufficientFeedback),
                    KeyedPlan::InBounds { .. } => {
                        let (arr, index) = self.checked_index(o, k, fs);
                        self.effectful(Op::StoreElement, &[arr, index, v]);
                    }
                    KeyedPlan::Generic => {
                        self.effectful(Op::JSStoreKeyed { slot: slot.0 }, &[o, k, v, fs]);
                    }
                }
            }
            Instr::CreateObject { dst } => {
                let v = self.effectful(Op::JSCreateObject, &[]);
                self.set(dst, v)
            }
            Instr::CreateArray { dst, first, count } => {
                let elements: Vec<NodeId> = (0..count).map(|i| self.reg(Reg(first.0 + i))).collect();
                let v = self.effectful(Op::JSCreateArray { count }, &elements);
                self.set(dst, v)
            }
            Instr::Call { dst, callee, args, argc, slot } => {
                if speculation::call_never_ran(self.feedback(slot)) {
                    self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                    return Ok(());
                }
                if let Some(math) = speculation::math_call(self.feedback(slot), argc) {
                    let v = self.math_call(pc, math, callee, args, argc);
                    self.set(dst, v);
                    return Ok(());
                }
                if self.inline_call(pc, dst, callee, args, argc, slot)? {
                    return Ok(());
                }
                let fs = self.frame_state(pc);
                let mut inputs = vec![self.reg(callee)];
                inputs.extend((0..=argc).map(|i| self.reg(Reg(args.0 + i))));
                inputs.push(fs);
                let v = self.effectful(Op::JSCall { argc, slot: slot.0 }, &inputs);
                self.set(dst, v)
            }
            Instr::Construct { dst, callee, args, argc, slot } => {
                let fs = self.frame_state(pc);
                let mut inputs = vec![self.reg(callee)];
                inputs.extend((1..=argc).map(|i| self.reg(Reg(args.0 + i))));
                inputs.push(fs);
                let v = self.effectful(Op::JSConstruct { argc, slot: slot.0 }, &inputs);
                self.set(dst, v)
            }
            Instr::Return { src } => {
                let v = self.reg(src);
                if let Some(returns) = self.returns.as_mut() {
                    // An inlined callee returns into its caller.
                    let env = self.env.take().expect("reachable");
                    returns.push((v, env.effect, env.control));
                    return Ok(());
                }
                let n = self.effectful(Op::Return, &[v]);
                self.terminate(n);
            }
            Instr::Throw { src } => {
                let v = self.reg(src);
                let n = self.effectful(Op::Throw, &[v]);
                self.terminate(n);
            }
            Instr::ThrowConstAssign { .. } | Instr::Trap { .. } => self.deopt_here(pc, DeoptReason::RuntimeError),
        }
        Ok(())
    }

    /// Exits before the call (frame state `fs`) unless the value in `callee` is the function
    /// with tagged bits `target` (the check of inlined and direct calls); nothing if it is
    /// that constant already.
    fn check_call_target(&mut self, callee: Reg, target: u64, fs: NodeId) {
        let c = self.reg(callee);
        let expected = self.tagged_const(target);
        if c != expected {
            let same = self.pure(Op::TaggedEqual, &[c, expected]);
            self.effectful(Op::DeoptimizeUnless { reason: DeoptReason::WrongCallTarget }, &[same, fs]);
        }
    }

    /// A call that always reached one `Math` function (`midend::speculation::math_call`): checks
    /// the target (exit before the call otherwise), converts each argument with
    /// `CheckedTaggedToFloat64` (missing ones are NaN) and calls the function directly on
    /// float64 values. The call has no effect, so it floats (effect and control `Start`).
    fn math_call(&mut self, pc: Pc, math: speculation::MathCall, callee: Reg, args: Reg, argc: u32) -> NodeId {
        let fs = self.frame_state(pc);
        self.check_call_target(callee, math.target_bits(), fs);
        let mut inputs = Vec::with_capacity(math.operands as usize + 2);
        for i in 0..math.operands {
            let x = if i < argc {
                let a = self.reg(Reg(args.0 + 1 + i));
                self.effectful(Op::CheckedTaggedToFloat64, &[a, fs])
            } else {
                self.pure(Op::Float64Constant { value: F64(f64::NAN) }, &[])
            };
            inputs.push(x);
        }
        match math.form {
            MathForm::Float64Binary(op) => {
                let r = self.pure(op, &inputs);
                self.pure(Op::ChangeFloat64ToTagged, &[r])
            }
            MathForm::Int32Mul => {
                let a = self.pure(Op::TruncateFloat64ToWord32, &inputs[..1]);
                let b = self.pure(Op::TruncateFloat64ToWord32, &inputs[1..2]);
                let r = self.pure(Op::Int32Mul, &[a, b]);
                self.pure(Op::ChangeInt32ToTagged, &[r])
            }
            MathForm::Call => {
                let start = self.g.start;
                inputs.extend([start, start]);
                let r = self.pure(Op::CallRuntime { function: RuntimeFn::MathFunction(math.builtin.0), argc: math.operands }, &inputs);
                self.pure(Op::ChangeFloat64ToTagged, &[r])
            }
        }
    }

    /// Inlines the call at `pc` if the shared policy (`midend::inlining`) says so: a target check
    /// (the callee must be the function the feedback saw, else exit before the call), the
    /// arguments bound to the callee's parameters (missing ones `undefined`), the callee's
    /// bytecode translated in place by a builder whose frame states have the call's frame
    /// state as their outer state, and its returns merged into `dst`. False if not inlined.
    fn inline_call(&mut self, pc: Pc, dst: Reg, callee: Reg, args: Reg, argc: u32, slot: SlotId) -> Result<bool, Bailout> {
        let program = self.input.program;
        let fb = self.feedback(slot);
        let Ok(target) = self.budget.decide(program, fb, &self.stack) else { return Ok(false) };
        let fs = self.frame_state(pc);
        self.check_call_target(callee, inlining::function_bits(target), fs);
        let func = program.function(target);
        let undefined = self.tagged_const(tagged::UNDEFINED);
        let mut regs = vec![Some(undefined); func.register_count as usize];
        for i in 0..func.param_count.min(argc) {
            regs[i as usize] = Some(self.reg(Reg(args.0 + 1 + i)));
        }
        let caller = self.env.take().expect("reachable");
        let liveness = analyze(func);
        let input = CompileInput { program, func: target, feedback: self.input.feedback };
        let mut stack = self.stack.clone();
        stack.push(target);
        let mut inner = Builder {
            input: &input,
            liveness: &liveness,
            g: std::mem::replace(&mut self.g, Graph::new(target.0)),
            env: None,
            pending: IdHashMap::default(),
            loops: IdHashMap::default(),
            constants: std::mem::take(&mut self.constants),
            terminators: std::mem::take(&mut self.terminators),
            stack,
            budget: std::mem::take(&mut self.budget),
            outer_fs: Some(fs),
            returns: Some(Vec::new()),
        };
        inner.pending.entry(0).or_default().push(Env { regs, effect: caller.effect, control: caller.control });
        let (leader, header) = leaders(func);
        let n = func.code.len() as Pc;
        let built = inner.segment(0, n, n, &leader, &header);
        self.g = inner.g;
        self.constants = inner.constants;
        self.terminators = inner.terminators;
        self.budget = inner.budget;
        built?;
        let returns = inner.returns.unwrap_or_default();
        if returns.is_empty() {
            // Every path through the callee exits or throws: the rest is unreachable.
            return Ok(true);
        }
        let mut env = caller;
        let v = if let [(v, effect, control)] = returns[..] {
            env.effect = effect;
            env.control = control;
            v
        } else {
            let controls: Vec<NodeId> = returns.iter().map(|r| r.2).collect();
            let merge = self.g.add(Op::Merge, &controls);
            let mut effects: Vec<NodeId> = returns.iter().map(|r| r.1).collect();
            env.effect = if effects.iter().all(|&e| e == effects[0]) {
                effects[0]
            } else {
                effects.push(merge);
                self.g.add(Op::EffectPhi, &effects)
            };
            env.control = merge;
            let mut values: Vec<NodeId> = returns.iter().map(|r| r.0).collect();
            if values.iter().all(|&x| x == values[0]) {
                values[0]
            } else {
                values.push(merge);
                self.g.add(Op::Phi { rep: Rep::Tagged }, &values)
            }
        };
        self.env = Some(env);
        self.set(dst, v);
        Ok(true)
    }

    /// Checks that `o` is an array and `k` an int32 index in bounds.
    fn checked_index(&mut self, o: NodeId, k: NodeId, fs: NodeId) -> (NodeId, NodeId) {
        let arr = self.effectful(Op::CheckArray, &[o, fs]);
        let index = self.effectful(Op::CheckedTaggedToInt32, &[k, fs]);
        let len = self.effectful(Op::LoadArrayLength, &[arr]);
        let index = self.effectful(Op::CheckBounds, &[index, len, fs]);
        (arr, index)
    }

    fn int32_unary(&mut self, op: UnaryOp, a: NodeId, fs: NodeId) -> NodeId {
        let one = self.tagged_const(tagged::from_int32(1));
        let hint = NumberHint::SignedSmall;
        match op {
            UnaryOp::ToNumber => {
                self.effectful(Op::CheckedTaggedToInt32, &[a, fs]);
                a
            }
            UnaryOp::BitNot => {
                let x = self.effectful(Op::CheckedTaggedToInt32, &[a, fs]);
                let minus_one = self.constant(Op::Int32Constant { value: -1 });
                let r = self.pure(Op::Word32Xor, &[x, minus_one]);
                self.pure(Op::ChangeInt32ToTagged, &[r])
            }
            UnaryOp::Negate => {
                // -0 is not an int32.
                let x = self.effectful(Op::CheckedTaggedToInt32, &[a, fs]);
                let zero = self.constant(Op::Int32Constant { value: 0 });
                let is_zero = self.pure(Op::Word32Equal, &[x, zero]);
                self.effectful(Op::DeoptimizeIf { reason: DeoptReason::MinusZero }, &[is_zero, fs]);
                let r = self.effectful(Op::CheckedInt32Sub, &[zero, x, fs]);
                self.pure(Op::ChangeInt32ToTagged, &[r])
            }
            UnaryOp::Increment => self.effectful(Op::SpeculativeNumberAdd { hint }, &[a, one, fs]),
            UnaryOp::Decrement => self.effectful(Op::SpeculativeNumberSubtract { hint }, &[a, one, fs]),
        }
    }

    fn float64_unary(&mut self, op: UnaryOp, a: NodeId, fs: NodeId) -> NodeId {
        let one = self.tagged_const(tagged::from_int32(1));
        let hint = NumberHint::Number;
        match op {
            UnaryOp::ToNumber => {
                self.effectful(Op::CheckedTaggedToFloat64, &[a, fs]);
                a
            }
            UnaryOp::BitNot => {
                let x = self.effectful(Op::CheckedTaggedToFloat64, &[a, fs]);
                let xi = self.pure(Op::TruncateFloat64ToWord32, &[x]);
                let minus_one = self.constant(Op::Int32Constant { value: -1 });
                let r = self.pure(Op::Word32Xor, &[xi, minus_one]);
                self.pure(Op::ChangeInt32ToTagged, &[r])
            }
            UnaryOp::Negate => {
                let x = self.effectful(Op::CheckedTaggedToFloat64, &[a, fs]);
                let r = self.pure(Op::Float64Neg, &[x]);
                self.pure(Op::ChangeFloat64ToTagged, &[r])
            }
            UnaryOp::Increment => self.effectful(Op::SpeculativeNumberAdd { hint }, &[a, one, fs]),
            UnaryOp::Decrement => self.effectful(Op::SpeculativeNumberSubtract { hint }, &[a, one, fs]),
        }
    }
}
