//! The graph builder: bytecode + feedback → CFG with speculation.
//!
//! What each instruction becomes is decided once for every compiler by the shared walker
//! ([`midend::walker`]: speculation from feedback, inlining, OSR plans); this module is the
//! CFG's [`Construction`]: how those steps become ops in blocks of the
//! [`Assembler`](crate::assembler::Assembler).
//!
//! Blocks start at the bytecode's block leaders, in bytecode order, after an entry block that
//! binds the parameters and sets every other register to `undefined`. Targets of `JumpLoop`
//! are loop headers. Every bytecode register is a [`Variable`] of the assembler, so SSA
//! construction is the assembler's variable merging: a block keeps only the registers live
//! at its first instruction (bytecode liveness), equal values pass through, different ones
//! meet in phis, loop headers get pending phis completed by their back edges. A frame state
//! is a `FrameState` op on the registers live at the pc. OSR segments after the first build
//! the blocks of peeled loops again under fresh labels.
//!
//! An inlined callee gets its own register variables and labels on the same assembler (its
//! parameters set to the arguments, missing ones `undefined`); its frame states take the
//! call's frame state as outer state (`has_outer`), its blocks keep the caller's registers
//! live after the call, and each return sets a result variable and jumps to a new block after
//! the call, where the variables merge.

use frontend::blocks::BytecodeBlocks;
use frontend::bytecode::{FuncId, Pc, Reg};
use frontend::liveness::RegSet;
use ir::compile::{Bailout, CompileInput};
use ir::hash::{IdHashMap, IdHashSet};
use ir::ops::{DeoptReason, Op, Rep};
use ir::tagged;
use midend::walker::{self, Branch, CatchTarget, Construction, InlinedCall, OsrEntry, WalkOptions};

use crate::assembler::{Assembler, Label, Variable, V};
use crate::graph::{Graph, Output};

/// Builds the CFG of `input.func`.
pub fn build(input: &CompileInput<'_>) -> Result<(Graph<Output>, crate::assembler::Stats), Bailout> {
    build_at(input, None)
}

/// Builds the CFG of `input.func`, or with `osr = Some(header)` the CFG of its on-stack
/// replacement entry at that loop header: the entry block binds `Parameter i` to the `i`-th
/// register live there (`midend::osr::parameters`) and jumps to the header, the header's
/// forward predecessor; loops enclosing it are peeled (`midend::osr::OsrPlan`: blocks of a
/// segment that an earlier segment already bound get fresh labels).
pub fn build_at(input: &CompileInput<'_>, osr: Option<Pc>) -> Result<(Graph<Output>, crate::assembler::Stats), Bailout> {
    build_with(input, osr, true, true)
}

/// [`build_at`] with inlining and function-context specialization on or off
/// (`build(inline=off)`, `build(context=off)` in the spec).
pub fn build_with(
    input: &CompileInput<'_>,
    osr: Option<Pc>,
    inline: bool,
    specialize_context: bool,
) -> Result<(Graph<Output>, crate::assembler::Stats), Bailout> {
    let bytecode = input.program.function(input.func);
    let mut c = CfgConstruction {
        asm: Assembler::new(&bytecode.name, input.func, Vec::new()),
        function: FunctionState::default(),
        callers: Vec::new(),
    };
    let options = WalkOptions { osr, osr_entry: OsrEntry::Peeled, inline, math_machine_ops: true, specialize_context };
    let budget = walker::walk(input, &mut c, options)?;
    for (name, n) in budget.extras() {
        c.asm.stats.extras.insert(name, n);
    }
    let (graph, _, stats) = c.asm.finish();
    Ok((graph, stats))
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

/// The state of one function being built: the compiled one, or an inlined callee.
#[derive(Default)]
struct FunctionState {
    /// The variable of each register.
    regs: Vec<Variable>,
    /// The label of each block leader.
    block_of_pc: IdHashMap<Pc, Label>,
    /// Variables of the callers (their registers live after the call) that blocks of this
    /// inlined callee keep, besides its own live registers.
    keep_outer: IdHashSet<u32>,
    /// Set while translating an inlined callee.
    inline: Option<InlineFrame>,
}

/// The CFG's construction code, driven by [`midend::walker`].
struct CfgConstruction {
    asm: Assembler<'static>,
    function: FunctionState,
    /// The callers of an inlined callee being built, innermost last.
    callers: Vec<FunctionState>,
}

impl CfgConstruction {
    /// A fresh label for the block of `pc` (a loop-header label for a loop header).
    fn label_block(&mut self, pc: Pc, loop_header: bool) {
        let label = if loop_header { self.asm.new_loop_header() } else { self.asm.new_block() };
        self.function.block_of_pc.insert(pc, label);
    }

    /// A fresh label for each of `leaders` of `blocks`.
    fn label_blocks(&mut self, blocks: &BytecodeBlocks, leaders: &[Pc]) {
        for &pc in leaders {
            self.label_block(pc, blocks.is_loop_header[pc as usize]);
        }
    }

    /// The index of this function's first register variable.
    fn var_base(&self) -> u32 {
        self.function.regs.first().map_or(0, |v| v.index())
    }

    fn label(&self, pc: Pc) -> Label {
        self.function.block_of_pc[&pc]
    }

    /// Ends the block with a jump to the handler of `target` carrying `exception` in its
    /// exception register: in this function (`depth` 0), or in the caller `depth` levels
    /// out, whose register variables still hold their values at its call.
    fn jump_to_handler(&mut self, exception: V, target: CatchTarget) {
        let state = match target.depth {
            0 => &self.function,
            d => &self.callers[self.callers.len() - d],
        };
        let (var, label) = (state.regs[target.exception.0 as usize], state.block_of_pc[&target.handler]);
        self.asm.set_variable(var, exception);
        self.asm.goto(label);
    }
}

impl Construction for CfgConstruction {
    type Value = V;
    type FrameState = V;

    fn begin_function(&mut self, blocks: &BytecodeBlocks, leaders: &[Pc], params: &[Reg], register_count: u32, entry: Pc) {
        self.function.regs = (0..register_count).map(|_| self.asm.new_variable(Rep::Tagged)).collect();
        let entry_block = self.asm.new_block();
        self.label_blocks(blocks, leaders);
        self.asm.bind(entry_block);
        let undefined = self.asm.tagged(tagged::UNDEFINED);
        for r in 0..register_count {
            self.asm.set_variable(self.function.regs[r as usize], undefined);
        }
        for (i, r) in params.iter().enumerate() {
            let v = self.asm.emit(Op::Parameter { index: i as u32 }, &[]);
            self.asm.set_variable(self.function.regs[r.0 as usize], v);
        }
        self.asm.goto(self.label(entry));
    }

    fn begin_segment(&mut self, rebuilt: &[(Pc, bool)]) {
        // Blocks an earlier segment bound are built again (peeled outer loops).
        for &(pc, loop_header) in rebuilt {
            self.label_block(pc, loop_header);
        }
    }

    fn begin_block(&mut self, pc: Pc, _loop_header: bool, live: &RegSet) -> bool {
        let label = self.label(pc);
        if !self.asm.is_reachable(label) {
            return false;
        }
        // This function's registers live here, and the callers' registers an inlined callee
        // must carry through.
        let (base, count, outer) = (self.var_base(), self.function.regs.len() as u32, &self.function.keep_outer);
        self.asm.bind_filtered(label, &|var| {
            let i = var.index();
            (i >= base && i < base + count && live.contains(Reg(i - base))) || outer.contains(&i)
        });
        true
    }

    fn is_open(&self) -> bool {
        self.asm.current_block().is_some()
    }

    fn reg(&self, r: Reg) -> V {
        self.asm.get_variable(self.function.regs[r.0 as usize]).unwrap_or_else(|| panic!("register {r:?} has no value"))
    }

    fn set(&mut self, r: Reg, v: V) {
        self.asm.set_variable(self.function.regs[r.0 as usize], v);
    }

    fn constant(&mut self, op: Op) -> V {
        self.asm.emit(op, &[])
    }

    fn is_constant(&self, v: V, op: &Op) -> bool {
        self.asm.op(v) == op
    }

    fn emit(&mut self, op: Op, inputs: &[V], fs: Option<V>) -> V {
        match fs {
            None => self.asm.emit(op, inputs),
            Some(fs) => {
                let mut values = inputs.to_vec();
                values.push(fs);
                self.asm.emit(op, &values)
            }
        }
    }

    fn frame_state(&mut self, func: FuncId, pc: Pc, registers: &[Reg]) -> V {
        let mut values: Vec<V> = registers.iter().map(|&r| self.reg(r)).collect();
        values.extend(self.function.inline.as_ref().map(|f| f.outer_fs));
        let has_outer = self.function.inline.is_some();
        self.asm.emit(Op::FrameState { func: func.0, pc, has_outer }, &values)
    }

    fn deoptimize(&mut self, reason: DeoptReason, fs: V) {
        self.asm.deoptimize(reason, fs);
    }

    fn jump(&mut self, target: Pc, _from: Pc) {
        self.asm.goto(self.label(target));
    }

    fn branch(&mut self, b: Branch<V>, _from: Pc) {
        let (if_true, if_false) = (self.label(b.if_true), self.label(b.if_false));
        self.asm.branch(b.cond, if_true, if_false, b.profile);
    }

    fn ret(&mut self, v: V) {
        match &self.function.inline {
            // An inlined callee returns into its caller.
            Some(frame) => {
                let (result, cont) = (frame.result, frame.cont);
                self.asm.set_variable(result, v);
                self.asm.goto(cont);
            }
            None => self.asm.ret(v),
        }
    }

    fn throw(&mut self, v: V) {
        self.asm.throw(v);
    }

    fn catch_edge(&mut self, thrower: V, target: CatchTarget) {
        let (normal, catch) = (self.asm.new_block(), self.asm.new_block());
        self.asm.check_exception(thrower, normal, catch);
        // The catch block (Turboshaft's): it takes the exception, then goes to the handler.
        self.asm.bind(catch);
        let exception = self.asm.emit(Op::CatchBlockBegin, &[]);
        self.jump_to_handler(exception, target);
        self.asm.bind(normal);
    }

    fn throw_to(&mut self, v: V, target: CatchTarget) {
        self.jump_to_handler(v, target);
    }

    fn begin_inlined(&mut self, call: InlinedCall<'_, V, V>) {
        // The caller's registers still needed after the call live through the callee.
        let mut keep_outer = self.function.keep_outer.clone();
        keep_outer.extend(call.live_after.iter().map(|r| self.function.regs[r.0 as usize].index()));
        let result = self.asm.new_variable(Rep::Tagged);
        let cont = self.asm.new_block();
        let regs: Vec<Variable> = call.registers.iter().map(|_| self.asm.new_variable(Rep::Tagged)).collect();
        for (&var, &v) in regs.iter().zip(&call.registers) {
            self.asm.set_variable(var, v);
        }
        let callee = FunctionState {
            regs,
            block_of_pc: IdHashMap::default(),
            keep_outer,
            inline: Some(InlineFrame { outer_fs: call.outer, result, cont }),
        };
        let caller = std::mem::replace(&mut self.function, callee);
        self.callers.push(caller);
        self.label_blocks(call.blocks, call.leaders);
        self.asm.goto(self.label(0));
    }

    fn end_inlined(&mut self, dst: Reg) -> bool {
        let caller = self.callers.pop().expect("an inlined callee is being built");
        let callee = std::mem::replace(&mut self.function, caller);
        let Some(InlineFrame { result, cont, .. }) = callee.inline else { return false };
        if !self.asm.is_reachable(cont) {
            // Every path through the callee exits or throws: the rest is unreachable.
            return false;
        }
        // The caller's own registers, those its callers carry, and the result.
        let (base, count, outer) = (self.var_base(), self.function.regs.len() as u32, &self.function.keep_outer);
        self.asm.bind_filtered(cont, &|var| {
            let i = var.index();
            (i >= base && i < base + count) || outer.contains(&i) || var == result
        });
        let v = self.asm.get_variable(result).expect("every return sets the result");
        self.set(dst, v);
        true
    }
}
