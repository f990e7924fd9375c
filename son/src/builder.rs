//! The graph builder: bytecode plus feedback → sea of nodes with speculation (TurboFan's
//! `BytecodeGraphBuilder`).
//!
//! What each instruction becomes is decided once for every compiler by the shared walker
//! ([`midend::walker`]: speculation from feedback, inlining, OSR plans); this module is the
//! sea of nodes' [`Construction`]: how those steps become nodes. It keeps an *environment*:
//! the SSA node of every register, the current effect and the current control. Registers are
//! renamed away: `Move r1, r0` just makes `r1` name the same node.
//!
//! - **Effects.** An op that reads or writes memory, checks or calls (its op-table row has an
//!   effect input) is threaded on the effect chain and takes the current block's control;
//!   pure ops float. A direct `Math` call (`CallRuntime[Math.i]`) has no effect and floats
//!   too: its effect and control are `Start`.
//! - **Joins.** Where control joins (a block leader with several predecessors) a `Merge` is
//!   made, with a `Phi` for every register live there whose incoming nodes differ and an
//!   `EffectPhi` if the effects differ.
//! - **Loops.** A loop header (target of a `JumpLoop`) gets a `Loop` node, an `EffectPhi` and
//!   a `Phi` for every live register up front; each back edge appends one input to all of
//!   them. Phis that turn out redundant are removed later by the common-operator reducer.
//! - **Frame states.** A `FrameState` node at the instruction's pc whose inputs are the
//!   registers live there (and, in an inlined callee, the caller's frame state as outer
//!   state, `has_outer`).
//! - **Branches.** `Branch` on the bit, `IfTrue`/`IfFalse`; the walker's profile (counts and
//!   hint) is the `Branch` op's parameter, so every edit of the node carries it.
//! - **Inlining.** The callee's bytecode is built in place on the same graph with its own
//!   environment: parameters are the argument nodes, and its returns merge (Merge,
//!   EffectPhi, Phi) into the call's destination.

use ir::hash::IdHashMap;

use frontend::blocks::BytecodeBlocks;
use frontend::bytecode::{FuncId, Pc, Reg};
use frontend::liveness::{Liveness, RegSet};
use ir::compile::{Bailout, CompileInput};
use ir::ops::{Arity, DeoptReason, Op, Rep, RuntimeFn};
use ir::tagged;
use midend::inlining::InlineBudget;
use midend::walker::{self, Branch, CatchTarget, Construction, InlinedCall, OsrEntry, WalkOptions};

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

/// The state of one function being built: the compiled one, or an inlined callee.
#[derive(Default)]
struct FunctionState {
    /// Environments waiting at a block leader (forward edges).
    pending: IdHashMap<Pc, Vec<Env>>,
    /// The loop headers of the segment being built.
    loops: IdHashMap<Pc, LoopHeader>,
    /// In an inlined callee: the caller's frame state at the call.
    outer_fs: Option<NodeId>,
    /// In an inlined callee: its returns (value, effect, control).
    returns: Option<Vec<(NodeId, NodeId, NodeId)>>,
}

/// The sea of nodes' construction code, driven by [`midend::walker`].
struct SonConstruction {
    g: Graph,
    env: Option<Env>,
    state: FunctionState,
    /// The callers of an inlined callee being built, innermost last, with their environment
    /// at the call.
    callers: Vec<(FunctionState, Env)>,
    constants: IdHashMap<Op, NodeId>,
    terminators: Vec<NodeId>,
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
    build_with(input, liveness, osr, true, true)
}

/// [`build_counted`] with inlining and function-context specialization on or off
/// (`build(inline=off)`, `build(context=off)` in the spec).
pub fn build_with(
    input: &CompileInput<'_>,
    liveness: &Liveness,
    osr: Option<Pc>,
    inline: bool,
    specialize_context: bool,
) -> Result<(Graph, InlineBudget), Bailout> {
    let mut c = SonConstruction {
        g: Graph::new(input.func.0),
        env: None,
        state: FunctionState::default(),
        callers: Vec::new(),
        constants: IdHashMap::default(),
        terminators: Vec::new(),
    };
    let options = WalkOptions { osr, osr_entry: OsrEntry::Peeled, inline, math_machine_ops: true, specialize_context };
    let budget = walker::walk_with(input, liveness, &mut c, options)?;
    let end = c.g.end;
    for t in std::mem::take(&mut c.terminators) {
        c.g.append_input(end, t);
    }
    Ok((c.g, budget))
}

impl SonConstruction {
    fn env(&mut self) -> &mut Env {
        self.env.as_mut().expect("a reachable program point")
    }

    fn tagged_const(&mut self, bits: u64) -> NodeId {
        self.constant(Op::TaggedConstant { bits })
    }

    /// Adds an op on the effect chain: value inputs, then the current effect and control.
    fn effectful(&mut self, op: Op, values: &[NodeId]) -> NodeId {
        let env = self.env.as_ref().expect("reachable");
        let (effect, control) = (env.effect, env.control);
        let mut inputs = values.to_vec();
        let info = op.info();
        if info.effect_in != Arity::Fixed(0) {
            inputs.push(effect);
        }
        if info.control_in != Arity::Fixed(0) {
            inputs.push(control);
        }
        let n = self.g.add(op, &inputs);
        if info.effect_out > 0 {
            self.env().effect = n;
        }
        n
    }

    fn terminate(&mut self, n: NodeId) {
        self.terminators.push(n);
        self.env = None;
    }

    fn edge_to(&mut self, target: Pc, from: Pc) {
        let env = self.env.clone().expect("reachable");
        // A jump back to a loop header not built in this segment (OSR: an enclosing loop's
        // back edge out of its peeled part) is a forward edge into a later segment.
        if target <= from && self.state.loops.contains_key(&target) {
            // A back edge: close the loop.
            let header = self.state.loops.get(&target).expect("loop header seen");
            let (node, ephi, phis) = (header.node, header.effect_phi, header.phis.clone());
            let k = self.g.inputs(node).len();
            self.g.append_input(node, env.control);
            self.g.insert_input(ephi, k, env.effect);
            for (r, phi) in phis {
                let v = env.regs[r.0 as usize].expect("live at the header");
                self.g.insert_input(phi, k, v);
            }
        } else {
            self.state.pending.entry(target).or_default().push(env);
        }
    }

    /// An edge into the handler of `target` carrying `exception` in its exception register,
    /// with `effect` and `control`: the registers are the current ones (`depth` 0) or those
    /// of the caller `depth` levels out at its call (its destination not yet written).
    fn edge_to_handler(&mut self, exception: NodeId, effect: NodeId, control: NodeId, target: CatchTarget) {
        let (regs, state) = match target.depth {
            0 => (self.env.as_ref().expect("reachable").regs.clone(), &mut self.state),
            d => {
                let k = self.callers.len() - d;
                let (state, env) = &mut self.callers[k];
                (env.regs.clone(), state)
            }
        };
        let mut env = Env { regs, effect, control };
        env.regs[target.exception.0 as usize] = Some(exception);
        state.pending.entry(target.handler).or_default().push(env);
    }

    /// Joins the values of several predecessors at `merge`: one value if they agree, else a
    /// phi (or an effect phi).
    fn join(&mut self, values: Vec<NodeId>, merge: NodeId, phi: Op) -> NodeId {
        if values.iter().all(|&v| v == values[0]) {
            return values[0];
        }
        let mut inputs = values;
        inputs.push(merge);
        self.g.add(phi, &inputs)
    }

    /// Joins the environments of several forward predecessors.
    fn merge(&mut self, envs: Vec<Env>, live: &RegSet) -> Env {
        if envs.len() == 1 {
            let mut env = envs.into_iter().next().expect("one environment");
            for (i, r) in env.regs.iter_mut().enumerate() {
                if !live.contains(Reg(i as u32)) {
                    *r = None;
                }
            }
            return env;
        }
        let controls: Vec<NodeId> = envs.iter().map(|e| e.control).collect();
        let merge = self.g.add(Op::Merge, &controls);
        let effect = self.join(envs.iter().map(|e| e.effect).collect(), merge, Op::EffectPhi);
        let mut regs = vec![None; envs[0].regs.len()];
        for r in live.iter() {
            let values = envs.iter().map(|e| e.regs[r.0 as usize].expect("live value")).collect();
            regs[r.0 as usize] = Some(self.join(values, merge, Op::Phi { rep: Rep::Tagged }));
        }
        Env { regs, effect, control: merge }
    }
}

impl Construction for SonConstruction {
    type Value = NodeId;
    type FrameState = NodeId;

    fn begin_function(&mut self, _blocks: &BytecodeBlocks, _leaders: &[Pc], params: &[Reg], register_count: u32, entry: Pc) {
        let start = self.g.start;
        let undefined = self.tagged_const(tagged::UNDEFINED);
        let mut regs: Vec<Option<NodeId>> = vec![Some(undefined); register_count as usize];
        for (i, r) in params.iter().enumerate() {
            regs[r.0 as usize] = Some(self.g.add(Op::Parameter { index: i as u32 }, &[start]));
        }
        self.state.pending.entry(entry).or_default().push(Env { regs, effect: start, control: start });
    }

    fn begin_segment(&mut self, _rebuilt: &[(Pc, bool)]) {
        // Loops of earlier segments are closed; their headers are built again here.
        self.state.loops.clear();
    }

    fn begin_block(&mut self, pc: Pc, loop_header: bool, live: &RegSet) -> bool {
        let preds = self.state.pending.remove(&pc).unwrap_or_default();
        if preds.is_empty() {
            self.env = None;
            return false;
        }
        let env = self.merge(preds, live);
        if !loop_header {
            self.env = Some(env);
            return true;
        }
        let lp = self.g.add(Op::Loop, &[env.control]);
        let ephi = self.g.add(Op::EffectPhi, &[env.effect, lp]);
        let mut regs = vec![None; env.regs.len()];
        let mut phis = Vec::new();
        for r in live.iter() {
            let v = env.regs[r.0 as usize].expect("live value");
            let phi = self.g.add(Op::Phi { rep: Rep::Tagged }, &[v, lp]);
            regs[r.0 as usize] = Some(phi);
            phis.push((r, phi));
        }
        self.state.loops.insert(pc, LoopHeader { node: lp, effect_phi: ephi, phis });
        self.env = Some(Env { regs, effect: ephi, control: lp });
        true
    }

    fn is_open(&self) -> bool {
        self.env.is_some()
    }

    fn reg(&self, r: Reg) -> NodeId {
        self.env.as_ref().and_then(|e| e.regs[r.0 as usize]).unwrap_or_else(|| panic!("r{} read before written", r.0))
    }

    fn set(&mut self, r: Reg, v: NodeId) {
        self.env().regs[r.0 as usize] = Some(v);
    }

    fn constant(&mut self, op: Op) -> NodeId {
        let info = op.info();
        if info.effect_in != Arity::Fixed(0) || info.control_in != Arity::Fixed(0) {
            // A constant on the effect chain (a string): not shared.
            return self.emit(op, &[], None);
        }
        if let Some(&n) = self.constants.get(&op) {
            return n;
        }
        let n = self.g.add(op, &[]);
        self.constants.insert(op, n);
        n
    }

    fn is_constant(&self, v: NodeId, op: &Op) -> bool {
        self.g.op(v) == *op
    }

    fn emit(&mut self, op: Op, inputs: &[NodeId], fs: Option<NodeId>) -> NodeId {
        let mut values = inputs.to_vec();
        values.extend(fs);
        if let Op::CallRuntime { function: RuntimeFn::MathFunction(_), .. } = op {
            // A direct Math call has no effect: it floats.
            let start = self.g.start;
            values.extend([start, start]);
            return self.g.add(op, &values);
        }
        let info = op.info();
        if info.effect_in != Arity::Fixed(0) || info.control_in != Arity::Fixed(0) {
            self.effectful(op, &values)
        } else {
            self.g.add(op, &values)
        }
    }

    fn frame_state(&mut self, func: FuncId, pc: Pc, registers: &[Reg]) -> NodeId {
        let mut values: Vec<NodeId> = registers.iter().map(|&r| self.reg(r)).collect();
        values.extend(self.state.outer_fs);
        let has_outer = self.state.outer_fs.is_some();
        self.g.add(Op::FrameState { func: func.0, pc, has_outer }, &values)
    }

    fn deoptimize(&mut self, reason: DeoptReason, fs: NodeId) {
        let n = self.effectful(Op::Deoptimize { reason }, &[fs]);
        self.terminate(n);
    }

    fn jump(&mut self, target: Pc, from: Pc) {
        self.edge_to(target, from);
        self.env = None;
    }

    fn branch(&mut self, b: Branch<NodeId>, from: Pc) {
        let control = self.env().control;
        let branch = self.g.add(Op::Branch { profile: b.profile }, &[b.cond, control]);
        let if_true = self.g.add(Op::IfTrue, &[branch]);
        let if_false = self.g.add(Op::IfFalse, &[branch]);
        // The jump's edge first, then the fall-through's.
        let edges = if b.if_true == b.jump_target {
            [(if_true, b.if_true), (if_false, b.if_false)]
        } else {
            [(if_false, b.if_false), (if_true, b.if_true)]
        };
        for (control, target) in edges {
            self.env().control = control;
            self.edge_to(target, from);
        }
        self.env = None;
    }

    fn ret(&mut self, v: NodeId) {
        if let Some(returns) = self.state.returns.as_mut() {
            // An inlined callee returns into its caller.
            let env = self.env.take().expect("reachable");
            returns.push((v, env.effect, env.control));
            return;
        }
        let n = self.effectful(Op::Return, &[v]);
        self.terminate(n);
    }

    fn throw(&mut self, v: NodeId) {
        let n = self.effectful(Op::Throw, &[v]);
        self.terminate(n);
    }

    fn catch_edge(&mut self, thrower: NodeId, target: CatchTarget) {
        let on_exception = self.g.add(Op::IfException, &[thrower, thrower]);
        let on_success = self.g.add(Op::IfSuccess, &[thrower]);
        self.edge_to_handler(on_exception, on_exception, on_exception, target);
        self.env().control = on_success;
    }

    fn throw_to(&mut self, v: NodeId, target: CatchTarget) {
        let env = self.env.take().expect("reachable");
        self.env = Some(env.clone());
        self.edge_to_handler(v, env.effect, env.control, target);
        self.env = None;
    }

    fn begin_inlined(&mut self, call: InlinedCall<'_, NodeId, NodeId>) {
        let caller = self.env.take().expect("reachable");
        let regs = call.registers.into_iter().map(Some).collect();
        let entry = Env { regs, effect: caller.effect, control: caller.control };
        let state = FunctionState {
            pending: IdHashMap::from_iter([(0, vec![entry])]),
            loops: IdHashMap::default(),
            outer_fs: Some(call.outer),
            returns: Some(Vec::new()),
        };
        let caller_state = std::mem::replace(&mut self.state, state);
        self.callers.push((caller_state, caller));
    }

    fn end_inlined(&mut self, dst: Reg) -> bool {
        let (caller_state, mut env) = self.callers.pop().expect("an inlined callee is being built");
        let callee = std::mem::replace(&mut self.state, caller_state);
        let returns = callee.returns.unwrap_or_default();
        if returns.is_empty() {
            // Every path through the callee exits or throws: the rest is unreachable.
            self.env = None;
            return false;
        }
        let v = if let [(v, effect, control)] = returns[..] {
            env.effect = effect;
            env.control = control;
            v
        } else {
            let controls: Vec<NodeId> = returns.iter().map(|r| r.2).collect();
            let merge = self.g.add(Op::Merge, &controls);
            env.effect = self.join(returns.iter().map(|r| r.1).collect(), merge, Op::EffectPhi);
            env.control = merge;
            self.join(returns.iter().map(|r| r.0).collect(), merge, Op::Phi { rep: Rep::Tagged })
        };
        self.env = Some(env);
        self.set(dst, v);
        true
    }
}
