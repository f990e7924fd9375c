//! The bytecode walker: one translation of bytecode + feedback into IR-neutral steps, shared by
//! every compiler (TurboFan's `BytecodeGraphBuilder` and Turboshaft's graph builder do this
//! walk once each; here it is written once for all three of seabed's compilers).
//!
//! The walker decides *what* each bytecode instruction becomes — from the feedback, through
//! the shared policies ([`crate::speculation`], [`crate::inlining`], [`crate::osr`]) — and
//! emits it as simplified ops (`SpeculativeNumberAdd[SignedSmall]`, `CheckMaps` + `LoadField`,
//! `JSCall`, …) through the [`Construction`] trait. A compiler implements the trait with only
//! its own construction code:
//!
//! - the sea of nodes makes nodes and threads effectful ones on the effect chain
//!   (`son/src/builder.rs`);
//! - the CFG emits ops into the current block of its assembler (`cfg/src/builder.rs`);
//! - the baseline compiler lowers each op on the spot to machine LIR
//!   (`engine/src/baseline.rs`).
//!
//! So the same feedback always leads to the same ops on every side, and adding a bytecode
//! means writing its speculation once, here.
//!
//! ## The walk
//! Blocks start at the bytecode's reachable block leaders, in bytecode order
//! ([`frontend::blocks`]); `JumpLoop` targets are loop headers. The walk goes segment by
//! segment of the OSR plan ([`crate::osr::OsrPlan`]: one segment for a whole function; for an
//! OSR entry the loops enclosing the entry header are built again, peeled, in later segments).
//! For each block the compiler is told the registers live on entry (bytecode liveness); the
//! instructions are translated while the block stays open; a block that runs into the next
//! leader jumps there. Register state, merges and phis are the compiler's business.
//!
//! ## Steps per instruction
//! - Every check and every generic JS op takes the frame state of the instruction's pc (the
//!   registers live there, [`ir::frame::frame_state_registers`]), made at most once per
//!   instruction and before any register is written, so an exit re-executes the instruction.
//! - No feedback → an unconditional `Deoptimize[InsufficientFeedback]`; the block ends.
//! - Numbers: `SignedSmall` → `Speculative*[SignedSmall]`, `Number` → `[Number]` (`**` in
//!   float64: `CheckedTaggedToFloat64` twice and `Float64Pow`), else the generic `JS*` op.
//!   `!=`/`!==` are a negated `==`/`===`: a `Select` of the bit that branches see through.
//!   Unary ops are built from the binary ones (`++x` is `x + 1`, `~x` is `x ^ -1`), except
//!   `+x` (a `CheckSmi`/`CheckNumber` that passes `x` through) and `-x` (int32: exits on 0,
//!   whose negation is `-0`; float64: `Float64Neg`).
//! - Truthiness: a tagged boolean made from a bit (`ChangeBitToTagged`, or the negating
//!   `Select`) is remembered, and a branch or `!` on it uses the bit directly; anything else
//!   is `JSToBoolean` + `ChangeTaggedToBit`.
//! - Globals: `Load[global]` with `CheckNotHole[Uninitialized]` (the TDZ).
//! - Properties: a monomorphic field → `CheckMaps` + `LoadField`/`StoreField`; `array.length`
//!   → `CheckArray` + `LoadArrayLength`; in-bounds elements → `CheckArray`,
//!   `CheckedTaggedToInt32`, `LoadArrayLength`, `CheckBounds`, then `LoadElement` (a holey
//!   load reads a hole as `undefined` with a `Select`, a packed one exits on a hole with
//!   `CheckNotHole[Hole]`) or `StoreElement`; else the generic op.
//! - Calls: a call that always reached one `Math` function checks the target and calls it on
//!   float64 operands ([`crate::speculation::math_call`]); a call the inlining policy accepts
//!   checks the target and translates the callee in place ([`Construction::begin_inlined`]);
//!   any other call is `JSCall`, whose callee input is the target function's constant after a
//!   target check when the site always called one bytecode function
//!   ([`crate::speculation::direct_call_target`]: a direct call for the backend).
//! - `new`: a site that always constructed with one constructor and one initial map
//!   ([`ir::feedback::InitialMap`]) whose constructor the policy accepts
//!   ([`InlineBudget::decide_construct`]) checks the target and `F.prototype`, allocates the
//!   receiver as `JSCreateObject[root shape]` and walks the constructor in place (its receiver
//!   kept live at every pc for exits); the result is the receiver (a base constructor) or the
//!   returned `this` binding (a derived one). A derived constructor's `super(...)` with one
//!   parent in its feedback walks the parent the same way with the same receiver. Else
//!   `JSConstruct` / `JSConstructSuper`.
//! - Hidden parameters: a function's entry registers are its declared parameters, then its
//!   hidden `receiver` and `context` registers ([`Function::entry_registers`]), bound by
//!   `Parameter i` in that order (what the vm passes compiled code). An inlined callee's
//!   receiver register is bound to the call's receiver `r(args)` (a sloppy-mode callee first
//!   exits on a nullish receiver, which the interpreter reports), its context register to
//!   `undefined` for a function's canonical object, and for a site whose feedback names
//!   closures of one function (`Callee::Closure`) to `ClosureContext(callee)` after the
//!   target check `IsClosureOf[f]` (any closure of the function: the body is the same, the
//!   context comes from the closure called); class constructors are never inlined
//!   ([`crate::inlining::inlineable`]).
//! - Tier 2 (closures, contexts, classes):
//!   - `CreateClosure` → `JSCreateClosure[f](context)`, `CreateContext` →
//!     `JSCreateContext[n](parent)` (allocations, no frame state);
//!   - `LoadContext`/`StoreContext` → `LoadElement`/`StoreElement` of the context array at
//!     the int32 constant `index + 1`, after `depth` loads of element 0 (the parent): no
//!     checks, the frontend only reads contexts it made;
//!   - function-context specialization (TurboFan's, for a one-closure function; the
//!     optimizing pipelines only, `WalkOptions::specialize_context`, `build(context=off)`):
//!     when the program made one closure of the compiled function
//!     ([`ir::compile::Contexts::one_closure`]), the entry checks that the context passed is
//!     that closure's (`TaggedEqual` + `DeoptimizeUnless[WrongCallTarget]` at pc 0; not for
//!     OSR) and binds the context register to its constant; an inlined call or `new` of such a
//!     function checks the one closure instead of `IsClosureOf` and binds the callee's context
//!     the same way. From a known context, `depth` parent walks are constants, and a
//!     `LoadContext` the frontend marked immutable folds to the slot's value once the slot is
//!     initialized (neither `undefined` nor the hole);
//!   - `TypeOf` → `JSTypeOf` (allocates the string);
//!   - `LoadSuper` → `JSLoadSuper[name](home)`, `ConstructSuper` →
//!     `JSConstructSuper[argc](callee, this, args…)`, `SetPrototype` →
//!     `JSSetPrototype(obj, proto)`: generic ops with the frame state (lowered to runtime
//!     calls on every side).
//! - Tier 3 (the object model's dynamic operators): `Dynamic[op]` → `JSDynamic[op](a[, b])`,
//!   one generic op with the frame state for every operator (`instanceof`, `in`, `delete`,
//!   the keys of `for-in`, accessor definitions), lowered to `CallRuntime[Dynamic.op]` on
//!   every side.

use frontend::blocks::BytecodeBlocks;
use frontend::bytecode::{BinaryOp, CompareOp, Constant, FuncId, Function, Instr, Pc, Reg, SlotId, UnaryOp};
use std::borrow::Cow;

use frontend::liveness::{analyze, Liveness, RegSet};
use ir::compile::{Bailout, BailoutReason, CompileInput, OneClosure};
use ir::feedback::{CallTarget, Callee, InitialMap, SlotFeedback};
use ir::hash::IdHashMap;
use ir::ops::{Access, BranchProfile, DeoptReason, NumberHint, Op, Rep, RuntimeFn, ShapeSet, F64};
use ir::tagged;

use crate::inlining::{self, InlineBudget};
use crate::osr::{self, OsrPlan};
use crate::speculation::{self, KeyedPlan, MathCall, MathForm, NamedPlan, NumberPlan};

/// How control enters an OSR compilation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OsrEntry {
    /// The loops enclosing the entry header are peeled ([`OsrPlan::of`]): the graph has one
    /// entry, as the optimizing pipelines need.
    Peeled,
    /// The entry block jumps straight to the header of the whole function's code (the
    /// baseline compiler: LIR blocks take their registers as parameters, so any block can be
    /// entered).
    Direct,
}

/// What the walk does besides the speculation every compiler shares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WalkOptions {
    /// Compile for on-stack replacement at this loop header.
    pub osr: Option<Pc>,
    /// How an OSR compilation is entered.
    pub osr_entry: OsrEntry,
    /// Inline calls the shared policy accepts.
    pub inline: bool,
    /// Build `Math.max/min/imul` as machine ops (`Float64Max`, `Int32Mul`, …); when false
    /// they are direct runtime calls like every other `Math` function.
    pub math_machine_ops: bool,
    /// Function-context specialization (TurboFan's, for a function the program made one
    /// closure of): the optimizing pipelines do it, the baseline compiler does not.
    pub specialize_context: bool,
}

/// A block-ending two-way branch, in bytecode terms.
#[derive(Clone, Copy, Debug)]
pub struct Branch<V> {
    /// The bit branched on.
    pub cond: V,
    /// Where control goes when the bit is 1.
    pub if_true: Pc,
    /// Where control goes when the bit is 0.
    pub if_false: Pc,
    /// The bytecode jump's target (the other successor is the fall-through `pc + 1`).
    pub jump_target: Pc,
    /// The branch's profile, oriented to `if_true`/`if_false` (computed here once, from the
    /// slot's counts, for every compiler the walker drives).
    pub profile: BranchProfile,
}

/// An inlined call, as the compiler needs it to enter the callee.
pub struct InlinedCall<'a, V, F> {
    /// The callee.
    pub func: FuncId,
    /// The callee's bytecode.
    pub code: &'a Function,
    /// The callee's registers' entry values: parameters bound to the arguments (missing ones
    /// `undefined`), every other register `undefined`.
    pub registers: Vec<V>,
    /// The caller's frame state at the call: the outer state of every frame state inside.
    pub outer: F,
    /// The caller's registers live after the call, besides the call's destination.
    pub live_after: Vec<Reg>,
    /// The callee's block leaders and loop headers.
    pub blocks: &'a BytecodeBlocks,
    /// The callee's reachable block leaders, in order.
    pub leaders: &'a [Pc],
}

/// The handler an exception goes to: in the function `depth` inlining levels out from the
/// one being translated (0: that function, 1: its caller, …), the handler block at
/// `handler`, which receives the exception in register `exception`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CatchTarget {
    /// Inlining levels out from the function being translated.
    pub depth: usize,
    /// The handler's pc in that function.
    pub handler: Pc,
    /// The register that receives the exception there.
    pub exception: Reg,
}

/// What a compiler implements to be driven by the walker: only its own construction code.
///
/// `Value` is an SSA value of the compiler's IR; `FrameState` what a check needs to exit (a
/// frame-state node, or the pc for the baseline, which records the exit itself).
pub trait Construction {
    /// A value of the compiler's IR.
    type Value: Copy + Eq + std::hash::Hash + std::fmt::Debug;
    /// What a check or a generic op takes to be able to exit.
    type FrameState: Copy;

    /// Starts the compiled function: `registers[r]` is register `r`'s entry value, where
    /// `Parameter i` binds `params[i]` (the entry registers: declared parameters, then the
    /// hidden receiver and context ones; for an OSR entry the registers live at the loop
    /// header) and every other register is `undefined` (made with
    /// [`Construction::constant`]); then control enters the block of `entry`. `leaders` are
    /// the reachable block leaders of `blocks`, in order.
    fn begin_function(&mut self, blocks: &BytecodeBlocks, leaders: &[Pc], params: &[Reg], register_count: u32, entry: Pc);

    /// Starts a segment of the OSR plan; `rebuilt` are the leaders in it that an earlier
    /// segment already built (a peeled loop is built again), with whether each is a loop
    /// header.
    fn begin_segment(&mut self, rebuilt: &[(Pc, bool)]);

    /// Starts the block of leader `pc` with the registers `live` on entry; false if no edge
    /// reaches it (the walk skips it).
    fn begin_block(&mut self, pc: Pc, loop_header: bool, live: &RegSet) -> bool;

    /// True while the current block is open (no terminator yet).
    fn is_open(&self) -> bool;

    /// The value of register `r`.
    fn reg(&self, r: Reg) -> Self::Value;

    /// Sets register `r`.
    fn set(&mut self, r: Reg, v: Self::Value);

    /// A constant op (`TaggedConstant`, `NumberConstant`, `Int32Constant`, `Float64Constant`,
    /// `StringConstant`).
    fn constant(&mut self, op: Op) -> Self::Value;

    /// True if `v` is the constant `op` (the call-target check is left out for a callee that
    /// is the expected function's constant).
    fn is_constant(&self, v: Self::Value, op: &Op) -> bool;

    /// Emits `op` on `inputs`, with the frame state `fs` if it can exit.
    fn emit(&mut self, op: Op, inputs: &[Self::Value], fs: Option<Self::FrameState>) -> Self::Value;

    /// The frame state at `pc` of `func` (the function being translated, maybe inlined):
    /// `registers` are those live there, in order.
    fn frame_state(&mut self, func: FuncId, pc: Pc, registers: &[Reg]) -> Self::FrameState;

    /// Ends the block with an unconditional exit.
    fn deoptimize(&mut self, reason: DeoptReason, fs: Self::FrameState);

    /// Ends the block with a jump to the block of `target` from the instruction at `from`
    /// (a back edge when `target <= from` and `target` is a loop header being built).
    fn jump(&mut self, target: Pc, from: Pc);

    /// Ends the block with a two-way branch.
    fn branch(&mut self, branch: Branch<Self::Value>, from: Pc);

    /// Ends the block returning `v` (from an inlined callee: into its caller).
    fn ret(&mut self, v: Self::Value);

    /// Ends the block throwing `v` out of the compiled function (no handler catches it).
    fn throw(&mut self, v: Self::Value);

    /// The op `thrower` just emitted may throw and `target` catches what it throws: its
    /// exceptional edge goes to the handler block with the registers as they were before the
    /// op (its destination not yet written) and the exception in the handler's exception
    /// register; the current block continues on the normal edge (son: `IfSuccess` /
    /// `IfException`; CFG and LIR: a `CheckException` terminator and a catch block starting
    /// with `CatchBlockBegin`).
    fn catch_edge(&mut self, thrower: Self::Value, target: CatchTarget);

    /// Ends the block with a `throw` of `v` that `target` catches: a jump to the handler
    /// block with `v` in its exception register.
    fn throw_to(&mut self, v: Self::Value, target: CatchTarget);

    /// The call at `pc` set `dst` (a compiler that records lazy exits after calls does so
    /// here, with `dst` already holding the result).
    fn call_returned(&mut self, _pc: Pc, _dst: Reg) {}

    /// Enters an inlined callee: from now on registers, blocks and frame states are the
    /// callee's until [`Construction::end_inlined`].
    fn begin_inlined(&mut self, call: InlinedCall<'_, Self::Value, Self::FrameState>);

    /// Leaves the inlined callee: its returns merge into `dst`; false if none returns (every
    /// path exits or throws: the caller's block is closed).
    fn end_inlined(&mut self, dst: Reg) -> bool;
}

/// The function being walked (the compiled one, or an inlined callee).
struct Frame<'a> {
    func: FuncId,
    code: &'a Function,
    liveness: Cow<'a, Liveness>,
    feedback: &'a [SlotFeedback],
    /// The value bits of the context in the function's hidden context register when the
    /// walk knows it (function-context specialization): the bytecode never writes that
    /// register, so it holds this context at every pc.
    context: Option<u64>,
    /// The instruction being translated (in a caller of an inlined callee: the call).
    pc: Pc,
}

/// The context an inlined callee runs in: the value bound to its context register, and that
/// context's bits when the walk knows them (the one closure of the callee, [`ir::compile::Contexts`]).
#[derive(Clone, Copy)]
struct CalleeContext<V> {
    value: V,
    known: Option<u64>,
}

/// The walker's state over one compilation.
struct Walker<'c, 'a, C: Construction> {
    input: &'c CompileInput<'a>,
    c: &'c mut C,
    options: WalkOptions,
    /// The functions being walked, the compiled one first.
    frames: Vec<Frame<'a>>,
    budget: InlineBudget,
    /// Tagged booleans made from a bit, with the bit and whether it is negated.
    bits: IdHashMap<C::Value, (C::Value, bool)>,
    /// Closures made in this compilation (`JSCreateClosure`), with their function and the
    /// context they were made over: a call of one has a known target and context.
    created_closures: IdHashMap<C::Value, (FuncId, C::Value)>,
    /// The frame state of the instruction being translated, once made.
    fs: Option<C::FrameState>,
    /// The compiled function's entry block has yet to be started and may be specialized to
    /// the function's one context ([`Walker::specialize_entry_context`]).
    entry_pending: bool,
}

/// Walks `input.func` (or its OSR entry) and drives `c`; returns the inlining decisions taken.
pub fn walk<C: Construction>(input: &CompileInput<'_>, c: &mut C, options: WalkOptions) -> Result<InlineBudget, Bailout> {
    let liveness = analyze(input.program.function(input.func));
    walk_with(input, &liveness, c, options)
}

/// [`walk`] with the compiled function's bytecode liveness already computed.
pub fn walk_with<C: Construction>(
    input: &CompileInput<'_>,
    liveness: &Liveness,
    c: &mut C,
    options: WalkOptions,
) -> Result<InlineBudget, Bailout> {
    let code = input.program.function(input.func);
    if code.code.is_empty() {
        return Err(BailoutReason::EmptyFunction.into());
    }
    let frame = Frame { func: input.func, code, liveness: Cow::Borrowed(liveness), feedback: input.feedback_of(input.func), context: None, pc: 0 };
    let mut w = Walker {
        input,
        c,
        options,
        frames: vec![frame],
        budget: InlineBudget::with_inlining(options.inline),
        bits: IdHashMap::default(),
        created_closures: IdHashMap::default(),
        fs: None,
        entry_pending: false,
    };
    w.function()?;
    Ok(w.budget)
}

impl<'c, 'a, C: Construction> Walker<'c, 'a, C> {
    fn frame(&self) -> &Frame<'a> {
        self.frames.last().expect("a function is being walked")
    }

    fn code(&self) -> &'a Function {
        self.frame().code
    }

    /// The value of global `g` if no store in the program writes it and it was initialized
    /// when the compilation started (`CompileInput::globals`): then it never changes.
    fn fixed_global(&self, g: u32) -> Option<u64> {
        let global = self.input.program.globals.get(g as usize)?;
        let bits = *self.input.globals.get(g as usize)?;
        (!global.assigned && bits != ir::tagged::HOLE).then_some(bits)
    }

    /// The one closure the program made of `func` (and so its one context), when this
    /// compilation specializes to function contexts.
    fn one_closure(&self, func: FuncId) -> Option<OneClosure> {
        if !self.options.specialize_context {
            return None;
        }
        self.input.contexts.one_closure(func)
    }

    /// Function-context specialization (TurboFan's for a one-closure function): when the
    /// program made one closure of the compiled function, the entry checks that the context
    /// it was called with is that closure's (an exit at pc 0 otherwise: another closure over
    /// another context runs in the interpreter) and binds the context register to the
    /// context's constant, so that context walks fold and immutable slots read as constants.
    fn specialize_entry_context(&mut self) {
        let Some(reg) = self.code().context else { return };
        // A context register dead on entry (used only by a handler that cannot be reached, as
        // in `try { return 0; } catch { super(); }`) has no value here, and nothing to fold.
        if !self.frame().liveness.live_in(0).contains(reg) {
            return;
        }
        let Some(one) = self.one_closure(self.frame().func) else { return };
        self.fs = None;
        let fs = self.frame_state(0);
        let actual = self.c.reg(reg);
        let expected = self.tagged(one.context);
        let same = self.pure(Op::TaggedEqual, &[actual, expected]);
        self.check(Op::DeoptimizeUnless { reason: DeoptReason::WrongCallTarget }, &[same], fs);
        self.c.set(reg, expected);
        self.frames.last_mut().expect("the compiled function").context = Some(one.context);
        self.budget.contexts_specialized += 1;
    }

    /// The context of an inlined callee that is `one` (its target already checked): the
    /// context's constant, known to the walk, counted as a specialized context.
    fn specialized_context(&mut self, one: OneClosure) -> CalleeContext<C::Value> {
        self.budget.contexts_specialized += 1;
        CalleeContext { value: self.tagged(one.context), known: Some(one.context) }
    }

    /// The context `depth` parent links up from the one in `ctx`, when `ctx` is the frame's
    /// context register and the walk knows its context: element 0 of a context (its parent)
    /// never changes, so the whole chain is known.
    fn known_context_at(&self, ctx: Reg, depth: u32) -> Option<u64> {
        let frame = self.frame();
        let mut context = frame.context.filter(|_| frame.code.context == Some(ctx))?;
        for _ in 0..depth {
            context = self.input.contexts.element(context, 0)?;
        }
        Some(context)
    }

    /// The value of an immutable slot of a known context once it is initialized (neither
    /// `undefined`, a new context's slot, nor the hole, a `let` before its declaration; as
    /// TurboFan's context specialization): it never changes again, so the load folds to it.
    fn immutable_slot(&self, ctx: Reg, depth: u32, index: u32) -> Option<u64> {
        let context = self.known_context_at(ctx, depth)?;
        let v = self.input.contexts.element(context, index + 1)?;
        (v != tagged::UNDEFINED && v != tagged::HOLE).then_some(v)
    }

    fn feedback(&self, slot: SlotId) -> &'a SlotFeedback {
        &self.frame().feedback[slot.0 as usize]
    }

    /// The compiled function: entry, then its segments.
    fn function(&mut self) -> Result<(), Bailout> {
        let code = self.code();
        let blocks = BytecodeBlocks::of(code);
        let leaders = blocks.reachable_leaders();
        let n = code.code.len() as Pc;
        let (plan, params, entry) = match (self.options.osr, self.options.osr_entry) {
            (None, _) => (OsrPlan::whole(code), code.entry_registers(), 0),
            (Some(h), entry) => {
                if !leaders.contains(&h) || !blocks.is_loop_header[h as usize] {
                    return Err(BailoutReason::OsrUnreachableHeader.into());
                }
                let params = osr::parameters(&self.frame().liveness, h);
                match entry {
                    OsrEntry::Peeled => (OsrPlan::of(code, h).map_err(|e| Bailout::new(BailoutReason::Osr(e)))?, params, h),
                    OsrEntry::Direct => (OsrPlan::whole(code), params, h),
                }
            }
        };
        self.c.begin_function(&blocks, &leaders, &params, code.register_count, entry);
        // Not for OSR (as in V8): an OSR entry starts inside a loop.
        self.entry_pending = self.options.osr.is_none() && !blocks.is_loop_header[0];
        let mut built: Vec<bool> = vec![false; n as usize];
        for &(lo, hi) in &plan.segments {
            let rebuilt: Vec<(Pc, bool)> = leaders
                .iter()
                .filter(|&&pc| pc >= lo && pc < hi && built[pc as usize])
                .map(|&pc| (pc, blocks.is_loop_header[pc as usize]))
                .collect();
            self.c.begin_segment(&rebuilt);
            self.segment(&blocks, &leaders, lo, hi, &mut built)?;
        }
        Ok(())
    }

    /// Translates the blocks starting in `lo..hi` of the current function.
    fn segment(&mut self, blocks: &BytecodeBlocks, leaders: &[Pc], lo: Pc, hi: Pc, built: &mut [bool]) -> Result<(), Bailout> {
        let n = self.code().code.len() as Pc;
        for (i, &start) in leaders.iter().enumerate() {
            if start < lo || start >= hi {
                continue;
            }
            let end = leaders.get(i + 1).copied().unwrap_or(n);
            let frame = self.frames.last().expect("a function is being walked");
            if !self.c.begin_block(start, blocks.is_loop_header[start as usize], frame.liveness.live_in(start)) {
                continue;
            }
            built[start as usize] = true;
            if start == 0 && self.frames.len() == 1 && std::mem::take(&mut self.entry_pending) {
                self.specialize_entry_context();
            }
            let mut pc = start;
            while pc < end && self.c.is_open() {
                self.fs = None;
                self.frames.last_mut().expect("a function is being walked").pc = pc;
                self.instruction(pc)?;
                pc += 1;
            }
            if self.c.is_open() {
                if end >= n {
                    return Err(BailoutReason::FallsOffEnd.into());
                }
                self.c.jump(end, end - 1);
            }
        }
        Ok(())
    }

    /// The frame state of the instruction at `pc`, made once.
    fn frame_state(&mut self, pc: Pc) -> C::FrameState {
        if let Some(fs) = self.fs {
            return fs;
        }
        // An inlined constructor's liveness keeps its receiver live already (`walk_inlined`).
        let registers = ir::frame::frame_state_registers(&self.frame().liveness, pc, None);
        let fs = self.c.frame_state(self.frame().func, pc, &registers);
        self.fs = Some(fs);
        fs
    }

    /// The frame state at `pc` for an operation that ran; for one that never ran (no
    /// feedback) a soft deoptimization ends the block and there is nothing to build.
    fn unless_never_ran(&mut self, pc: Pc, never_ran: bool) -> Option<C::FrameState> {
        if never_ran {
            self.deopt_here(pc, DeoptReason::InsufficientFeedback);
            return None;
        }
        Some(self.frame_state(pc))
    }

    fn deopt_here(&mut self, pc: Pc, reason: DeoptReason) {
        let fs = self.frame_state(pc);
        self.c.deoptimize(reason, fs);
    }

    fn tagged(&mut self, bits: u64) -> C::Value {
        self.c.constant(Op::TaggedConstant { bits })
    }

    fn pure(&mut self, op: Op, inputs: &[C::Value]) -> C::Value {
        self.c.emit(op, inputs, None)
    }

    /// Emits `op` with the frame state `fs`; inside a `try` (of this function or of a caller
    /// it is inlined into), an op that may throw gets its exceptional edge to the handler.
    fn check(&mut self, op: Op, inputs: &[C::Value], fs: C::FrameState) -> C::Value {
        let v = self.c.emit(op, inputs, Some(fs));
        if op.has_exception_edge() {
            if let Some(target) = self.catch_target() {
                self.budget.exception_edges += 1;
                self.c.catch_edge(v, target);
            }
        }
        v
    }

    /// The handler that catches an exception thrown here: the innermost `try` around the
    /// instruction being translated, else around the call of each caller it is inlined into,
    /// innermost first.
    fn catch_target(&self) -> Option<CatchTarget> {
        self.frames.iter().rev().enumerate().find_map(|(depth, frame)| {
            frame.code.exception_successor(frame.pc).map(|h| CatchTarget { depth, handler: h.handler, exception: h.exception })
        })
    }

    /// A tagged boolean from a bit (negated if asked), remembered for branches.
    fn tag_bit(&mut self, bit: C::Value, negated: bool) -> C::Value {
        let v = if negated {
            let (t, f) = (self.tagged(tagged::TRUE), self.tagged(tagged::FALSE));
            self.pure(Op::Select { rep: Rep::Tagged }, &[bit, f, t])
        } else {
            self.pure(Op::ChangeBitToTagged, &[bit])
        };
        self.bits.insert(v, (bit, negated));
        v
    }

    /// True if `v` is the constant `null`, `undefined`, `true` or `false`: a value strict
    /// equality compares by identity (no number or string equals it but itself).
    fn is_identity_constant(&self, v: C::Value) -> bool {
        [tagged::NULL, tagged::UNDEFINED, tagged::TRUE, tagged::FALSE].iter().any(|&bits| self.c.is_constant(v, &Op::TaggedConstant { bits }))
    }

    /// ToBoolean of a value as (bit, negated).
    fn truthiness(&mut self, v: C::Value) -> (C::Value, bool) {
        if let Some(&source) = self.bits.get(&v) {
            return source;
        }
        let b = self.pure(Op::JSToBoolean, &[v]);
        (self.pure(Op::ChangeTaggedToBit, &[b]), false)
    }

    fn instruction(&mut self, pc: Pc) -> Result<(), Bailout> {
        let instr = self.code().code[pc as usize];
        let func = self.frame().func;
        match instr {
            Instr::LoadConst { dst, k } => {
                let v = match &self.code().constants[k.0 as usize] {
                    Constant::Number(x) => self.c.constant(Op::NumberConstant { value: F64(*x) }),
                    Constant::String(_) => self.c.constant(Op::StringConstant { func: func.0, index: k.0 }),
                    Constant::Text(_) => return Err(BailoutReason::TextConstant.into()),
                };
                self.c.set(dst, v);
            }
            Instr::LoadInt { .. }
            | Instr::LoadUndefined { .. }
            | Instr::LoadNull { .. }
            | Instr::LoadBool { .. }
            | Instr::LoadHole { .. }
            | Instr::LoadFunction { .. } => {
                let Some((dst, bits)) = tagged::constant_load(&instr) else {
                    return Err(BailoutReason::Declined(format!("no constant for {instr:?}")).into());
                };
                let v = self.tagged(bits);
                self.c.set(dst, v)
            }
            Instr::Move { dst, src } => {
                let v = self.c.reg(src);
                self.c.set(dst, v);
            }
            Instr::LoadGlobal { dst, global } => {
                if let Some(bits) = self.fixed_global(global.0) {
                    // Never assigned and already initialized: its value for the rest of the
                    // run. (A class or function global becomes a constant callee.)
                    let v = self.tagged(bits);
                    self.c.set(dst, v);
                    return Ok(());
                }
                let fs = self.frame_state(pc);
                let v = self.pure(Op::Load { access: Access::Global(global.0) }, &[]);
                self.check(Op::CheckNotHole { reason: DeoptReason::Uninitialized }, &[v], fs);
                self.c.set(dst, v);
            }
            Instr::StoreGlobal { global, src, .. } => {
                let fs = self.frame_state(pc);
                let old = self.pure(Op::Load { access: Access::Global(global.0) }, &[]);
                self.check(Op::CheckNotHole { reason: DeoptReason::Uninitialized }, &[old], fs);
                let v = self.c.reg(src);
                self.pure(Op::Store { access: Access::Global(global.0) }, &[v]);
            }
            Instr::InitGlobal { global, src } => {
                let v = self.c.reg(src);
                self.pure(Op::Store { access: Access::Global(global.0) }, &[v]);
            }
            Instr::CheckInitialized { reg, .. } => {
                let fs = self.frame_state(pc);
                let v = self.c.reg(reg);
                self.check(Op::CheckNotHole { reason: DeoptReason::Uninitialized }, &[v], fs);
            }
            Instr::Binary { op, dst, lhs, rhs, slot } => {
                let (a, b) = (self.c.reg(lhs), self.c.reg(rhs));
                let plan = speculation::binary_plan(self.feedback(slot), op);
                let Some(fs) = self.unless_never_ran(pc, plan == NumberPlan::NeverRan) else { return Ok(()) };
                let v = match plan {
                    NumberPlan::Speculate(_) if op == BinaryOp::Exp => {
                        let x = self.check(Op::CheckedTaggedToFloat64, &[a], fs);
                        let y = self.check(Op::CheckedTaggedToFloat64, &[b], fs);
                        let r = self.pure(Op::Float64Pow, &[x, y]);
                        self.pure(Op::ChangeFloat64ToTagged, &[r])
                    }
                    NumberPlan::Speculate(hint) => self.check(Op::speculative_number(op, hint), &[a, b], fs),
                    NumberPlan::NeverRan | NumberPlan::Generic => self.check(Op::JSBinary { op, slot: slot.0 }, &[a, b], fs),
                };
                self.c.set(dst, v);
            }
            Instr::Compare { op, dst, lhs, rhs, slot } => {
                let (a, b) = (self.c.reg(lhs), self.c.reg(rhs));
                let plan = speculation::number_plan(self.feedback(slot));
                let Some(fs) = self.unless_never_ran(pc, plan == NumberPlan::NeverRan) else { return Ok(()) };
                let v = match plan {
                    NumberPlan::Speculate(hint) => {
                        let (op, negated) = match op {
                            CompareOp::Ne => (CompareOp::Eq, true),
                            CompareOp::StrictNe => (CompareOp::StrictEq, true),
                            other => (other, false),
                        };
                        let bit = self.check(Op::SpeculativeNumberCompare { op, hint }, &[a, b], fs);
                        self.tag_bit(bit, negated)
                    }
                    NumberPlan::Generic if matches!(op, CompareOp::StrictEq | CompareOp::StrictNe) && (self.is_identity_constant(a) || self.is_identity_constant(b)) => {
                        // `x === null` (undefined, true, false): strict equality with a value
                        // that is neither a number nor a string is identity of the bits.
                        let bit = self.pure(Op::TaggedEqual, &[a, b]);
                        self.tag_bit(bit, op == CompareOp::StrictNe)
                    }
                    NumberPlan::NeverRan | NumberPlan::Generic => self.check(Op::JSCompare { op, slot: slot.0 }, &[a, b], fs),
                };
                self.c.set(dst, v);
            }
            Instr::Unary { op, dst, src, slot } => {
                let a = self.c.reg(src);
                let plan = speculation::number_plan(self.feedback(slot));
                let Some(fs) = self.unless_never_ran(pc, plan == NumberPlan::NeverRan) else { return Ok(()) };
                let v = match plan {
                    NumberPlan::Speculate(hint) => self.number_unary(op, hint, a, fs),
                    NumberPlan::NeverRan | NumberPlan::Generic => self.check(Op::JSUnary { op, slot: slot.0 }, &[a], fs),
                };
                self.c.set(dst, v);
            }
            Instr::LogicalNot { dst, src } => {
                let v = self.c.reg(src);
                let (bit, negated) = self.truthiness(v);
                let r = self.tag_bit(bit, !negated);
                self.c.set(dst, r);
            }
            Instr::Jump { target } | Instr::JumpLoop { target } => self.c.jump(target, pc),
            Instr::JumpIfTrue { cond, target, slot } | Instr::JumpIfFalse { cond, target, slot } => {
                let jump_if = matches!(instr, Instr::JumpIfTrue { .. });
                let v = self.c.reg(cond);
                let (bit, negated) = self.truthiness(v);
                // Counts as (jump taken, fall-through).
                let jump_profile = match self.feedback(slot) {
                    SlotFeedback::Branch { taken, not_taken } => BranchProfile::from_counts(*taken, *not_taken),
                    _ => BranchProfile::NONE,
                };
                // The jump is taken when bit == (jump_if != negated).
                let branch = if jump_if != negated {
                    Branch { cond: bit, if_true: target, if_false: pc + 1, jump_target: target, profile: jump_profile }
                } else {
                    Branch { cond: bit, if_true: pc + 1, if_false: target, jump_target: target, profile: jump_profile.swapped() }
                };
                self.c.branch(branch, pc);
            }
            Instr::LoadNamed { dst, obj, name, slot } => {
                let o = self.c.reg(obj);
                let plan = speculation::named_load_plan(self.feedback(slot));
                let Some(fs) = self.unless_never_ran(pc, plan == NamedPlan::NeverRan) else { return Ok(()) };
                let v = match plan {
                    NamedPlan::Field { shape, slot } => {
                        self.check(Op::CheckMaps { shapes: ShapeSet::one(shape.0) }, &[o], fs);
                        self.pure(Op::LoadField { slot }, &[o])
                    }
                    NamedPlan::FieldOfShapes { shapes, slot } => {
                        self.check(Op::CheckMaps { shapes }, &[o], fs);
                        self.pure(Op::LoadField { slot }, &[o])
                    }
                    NamedPlan::PrototypeField { shapes, holder, holder_shape, slot, path } => {
                        // The receiver's shape fixes its prototype; each prototype passed on the
                        // way keeps its shape (so the next prototype, and no property of that
                        // name); the holder's shape says the field is still there (a property
                        // added to any of them changes its shape). The value is loaded, not
                        // folded: a method replaced in place on the prototype is seen.
                        self.check(Op::CheckMaps { shapes }, &[o], fs);
                        for (object, shape) in path.iter() {
                            let p = self.tagged(object);
                            self.check(Op::CheckMaps { shapes: ShapeSet::one(shape.0) }, &[p], fs);
                        }
                        let h = self.tagged(holder);
                        self.check(Op::CheckMaps { shapes: ShapeSet::one(holder_shape.0) }, &[h], fs);
                        self.pure(Op::LoadField { slot }, &[h])
                    }
                    NamedPlan::ArrayLength => {
                        let a = self.check(Op::CheckArray, &[o], fs);
                        let len = self.pure(Op::LoadArrayLength, &[a]);
                        self.pure(Op::ChangeInt32ToTagged, &[len])
                    }
                    NamedPlan::FunctionField { function, bag, bag_shape, slot } => {
                        // The receiver is that function (a constant when it comes from a
                        // fixed global: the check folds); its property object's shape says
                        // the property is still at the slot. Loaded, not folded: a static
                        // field assigned in place is seen.
                        if !self.c.is_constant(o, &Op::TaggedConstant { bits: function }) {
                            let expected = self.tagged(function);
                            let same = self.pure(Op::TaggedEqual, &[o, expected]);
                            self.check(Op::DeoptimizeUnless { reason: DeoptReason::WrongMap }, &[same], fs);
                        }
                        let b = self.tagged(bag);
                        self.check(Op::CheckMaps { shapes: ShapeSet::one(bag_shape.0) }, &[b], fs);
                        self.pure(Op::LoadField { slot }, &[b])
                    }
                    NamedPlan::NeverRan | NamedPlan::Generic | NamedPlan::Transition { .. } => {
                        self.check(Op::JSLoadNamed { name: name.0, slot: slot.0 }, &[o], fs)
                    }
                };
                self.c.set(dst, v);
            }
            Instr::StoreNamed { obj, name, src, slot } => {
                let (o, v) = (self.c.reg(obj), self.c.reg(src));
                let plan = speculation::named_store_plan(self.feedback(slot));
                let Some(fs) = self.unless_never_ran(pc, plan == NamedPlan::NeverRan) else { return Ok(()) };
                match plan {
                    NamedPlan::Field { shape, slot } => {
                        self.check(Op::CheckMaps { shapes: ShapeSet::one(shape.0) }, &[o], fs);
                        self.pure(Op::StoreField { slot }, &[o, v]);
                    }
                    NamedPlan::FieldOfShapes { shapes, slot } => {
                        self.check(Op::CheckMaps { shapes }, &[o], fs);
                        self.pure(Op::StoreField { slot }, &[o, v]);
                    }
                    NamedPlan::Transition { shape, to, slot } => {
                        self.check(Op::CheckMaps { shapes: ShapeSet::one(shape.0) }, &[o], fs);
                        self.pure(Op::StoreFieldTransition { shape: to.0, slot }, &[o, v]);
                    }
                    _ => {
                        self.check(Op::JSStoreNamed { name: name.0, slot: slot.0 }, &[o, v], fs);
                    }
                }
            }
            Instr::LoadKeyed { dst, obj, key, slot } => {
                let (o, k) = (self.c.reg(obj), self.c.reg(key));
                let plan = speculation::keyed_plan(self.feedback(slot));
                let Some(fs) = self.unless_never_ran(pc, plan == KeyedPlan::NeverRan) else { return Ok(()) };
                let v = match plan {
                    KeyedPlan::InBounds { holey } => {
                        let (a, index) = self.checked_index(o, k, fs);
                        let v = self.pure(Op::LoadElement, &[a, index]);
                        if holey {
                            // A hole reads as undefined.
                            let hole = self.tagged(tagged::HOLE);
                            let undefined = self.tagged(tagged::UNDEFINED);
                            let is_hole = self.pure(Op::TaggedEqual, &[v, hole]);
                            self.pure(Op::Select { rep: Rep::Tagged }, &[is_hole, undefined, v])
                        } else {
                            // Speculated packed: a hole exits.
                            self.check(Op::CheckNotHole { reason: DeoptReason::Hole }, &[v], fs)
                        }
                    }
                    _ => self.check(Op::JSLoadKeyed { slot: slot.0 }, &[o, k], fs),
                };
                self.c.set(dst, v);
            }
            Instr::StoreKeyed { obj, key, src, slot } => {
                let (o, k, v) = (self.c.reg(obj), self.c.reg(key), self.c.reg(src));
                let plan = speculation::keyed_plan(self.feedback(slot));
                let Some(fs) = self.unless_never_ran(pc, plan == KeyedPlan::NeverRan) else { return Ok(()) };
                match plan {
                    KeyedPlan::InBounds { .. } => {
                        let (a, index) = self.checked_index(o, k, fs);
                        self.pure(Op::StoreElement, &[a, index, v]);
                    }
                    _ => {
                        self.check(Op::JSStoreKeyed { slot: slot.0 }, &[o, k, v], fs);
                    }
                }
            }
            Instr::CreateObject { dst } => {
                let v = self.pure(Op::JSCreateObject { shape: ir::feedback::ShapeId::EMPTY.0 }, &[]);
                self.c.set(dst, v)
            }
            Instr::CreateArray { dst, first, count } => {
                let elements: Vec<C::Value> = (0..count).map(|i| self.c.reg(Reg(first.0 + i))).collect();
                let v = self.pure(Op::JSCreateArray { count }, &elements);
                self.c.set(dst, v)
            }
            Instr::Call { dst, callee, args, argc, slot } => {
                if speculation::call_never_ran(self.feedback(slot)) {
                    self.deopt_here(pc, DeoptReason::InsufficientFeedback);
                    return Ok(());
                }
                if let Some(math) = speculation::math_call(self.feedback(slot), argc) {
                    let v = self.math_call(pc, math, callee, args, argc);
                    self.c.set(dst, v);
                    return Ok(());
                }
                if self.inline_call(pc, dst, callee, args, argc, slot)? {
                    return Ok(());
                }
                let fs = self.frame_state(pc);
                // A site that always called one bytecode function checks the target and calls
                // that function's constant: the backend calls its machine code directly.
                let callee_value = match speculation::direct_call_target(self.feedback(slot)) {
                    Some(target) => {
                        let bits = inlining::function_bits(target);
                        self.check_call_target(callee, bits, fs);
                        self.tagged(bits)
                    }
                    None => self.c.reg(callee),
                };
                let mut inputs = vec![callee_value];
                inputs.extend((0..=argc).map(|i| self.c.reg(Reg(args.0 + i))));
                let v = self.check(Op::JSCall { argc, slot: slot.0 }, &inputs, fs);
                self.c.set(dst, v);
                self.c.call_returned(pc, dst);
            }
            Instr::Construct { dst, callee, args, argc, slot } => {
                if self.inline_construct(pc, dst, callee, args, argc, slot)? {
                    return Ok(());
                }
                let fs = self.frame_state(pc);
                let mut inputs = vec![self.c.reg(callee)];
                inputs.extend((1..=argc).map(|i| self.c.reg(Reg(args.0 + i))));
                let v = self.check(Op::JSConstruct { argc, slot: slot.0 }, &inputs, fs);
                self.c.set(dst, v)
            }
            Instr::Return { src } => {
                let v = self.c.reg(src);
                self.c.ret(v);
            }
            Instr::Throw { src, .. } => {
                let v = self.c.reg(src);
                match self.catch_target() {
                    Some(target) => {
                        self.budget.exception_edges += 1;
                        self.c.throw_to(v, target);
                    }
                    None => self.c.throw(v),
                }
            }
            Instr::ThrowConstAssign { .. } | Instr::ThrowNonCoercible { .. } | Instr::Trap { .. } => {
                self.deopt_here(pc, DeoptReason::RuntimeError)
            }
            Instr::CreateClosure { dst, func: target, context } => {
                let ctx = self.c.reg(context);
                let v = self.pure(Op::JSCreateClosure { func: target.0 }, &[ctx]);
                self.created_closures.insert(v, (target, ctx));
                self.c.set(dst, v);
            }
            Instr::CreateContext { dst, parent, slots } => {
                let p = self.c.reg(parent);
                let v = self.pure(Op::JSCreateContext { slots }, &[p]);
                self.c.set(dst, v);
            }
            Instr::LoadContext { dst, ctx, depth, index, immutable } => {
                let v = match self.immutable_slot(ctx, depth, index).filter(|_| immutable) {
                    Some(bits) => {
                        self.budget.context_slots_folded += 1;
                        self.tagged(bits)
                    }
                    None => {
                        let context = self.context_at(ctx, depth);
                        let element = self.c.constant(Op::Int32Constant { value: index as i32 + 1 });
                        self.pure(Op::LoadElement, &[context, element])
                    }
                };
                self.c.set(dst, v);
            }
            Instr::StoreContext { ctx, depth, index, src } => {
                let context = self.context_at(ctx, depth);
                let element = self.c.constant(Op::Int32Constant { value: index as i32 + 1 });
                let v = self.c.reg(src);
                self.pure(Op::StoreElement, &[context, element, v]);
            }
            Instr::TypeOf { dst, src } => {
                let v = self.c.reg(src);
                let r = self.pure(Op::JSTypeOf, &[v]);
                self.c.set(dst, r);
            }
            Instr::LoadSuper { dst, home, name } => {
                let fs = self.frame_state(pc);
                let h = self.c.reg(home);
                let v = self.check(Op::JSLoadSuper { name: name.0 }, &[h], fs);
                self.c.set(dst, v);
            }
            Instr::ConstructSuper { dst, callee, args, argc, slot } => {
                if self.inline_construct_super(pc, dst, callee, args, argc, slot)? {
                    return Ok(());
                }
                let fs = self.frame_state(pc);
                let mut inputs = vec![self.c.reg(callee)];
                inputs.extend((0..=argc).map(|i| self.c.reg(Reg(args.0 + i))));
                let v = self.check(Op::JSConstructSuper { argc, slot: slot.0 }, &inputs, fs);
                self.c.set(dst, v);
            }
            Instr::SetPrototype { obj, proto } => {
                let fs = self.frame_state(pc);
                let (o, p) = (self.c.reg(obj), self.c.reg(proto));
                self.check(Op::JSSetPrototype, &[o, p], fs);
            }
            Instr::Dynamic { op, dst, a, b } => {
                let fs = self.frame_state(pc);
                let mut inputs = vec![self.c.reg(a)];
                if op.arity() > 1 {
                    inputs.push(self.c.reg(b));
                }
                let v = self.check(Op::JSDynamic { op }, &inputs, fs);
                self.c.set(dst, v);
            }
            Instr::ToIterable { dst, src, text, call } => {
                let fs = self.frame_state(pc);
                let v = self.c.reg(src);
                let r = self.check(Op::JSToIterable { text: text.0, call }, &[v], fs);
                self.c.set(dst, r);
            }
            Instr::CallSpread { dst, callee, receiver, array } => {
                let fs = self.frame_state(pc);
                let inputs = [self.c.reg(callee), self.c.reg(receiver), self.c.reg(array)];
                let r = self.check(Op::JSCallSpread, &inputs, fs);
                self.c.set(dst, r);
            }
            Instr::ConstructSpread { dst, callee, array } => {
                let fs = self.frame_state(pc);
                let inputs = [self.c.reg(callee), self.c.reg(array)];
                let r = self.check(Op::JSConstructSpread, &inputs, fs);
                self.c.set(dst, r);
            }
            Instr::CopyDataProperties { target, src, excluded } => {
                let fs = self.frame_state(pc);
                let inputs = [self.c.reg(target), self.c.reg(src), self.c.reg(excluded)];
                self.check(Op::JSCopyDataProperties, &inputs, fs);
            }
        }
        Ok(())
    }

    /// The context `depth` parent links up from the one in `ctx`: element 0 of each context
    /// is its parent. No checks: the frontend only reads contexts it made.
    fn context_at(&mut self, ctx: Reg, depth: u32) -> C::Value {
        if let Some(bits) = self.known_context_at(ctx, depth) {
            return self.tagged(bits);
        }
        let mut context = self.c.reg(ctx);
        for _ in 0..depth {
            let parent = self.c.constant(Op::Int32Constant { value: 0 });
            context = self.pure(Op::LoadElement, &[context, parent]);
        }
        context
    }

    /// `CheckArray`, int32 index, `LoadArrayLength`, `CheckBounds`: the checked array and index.
    fn checked_index(&mut self, o: C::Value, k: C::Value, fs: C::FrameState) -> (C::Value, C::Value) {
        let a = self.check(Op::CheckArray, &[o], fs);
        let index = self.check(Op::CheckedTaggedToInt32, &[k], fs);
        let len = self.pure(Op::LoadArrayLength, &[a]);
        let index = self.check(Op::CheckBounds, &[index, len], fs);
        (a, index)
    }

    /// A speculated unary operation (see the module documentation).
    fn number_unary(&mut self, op: UnaryOp, hint: NumberHint, a: C::Value, fs: C::FrameState) -> C::Value {
        let int = hint == NumberHint::SignedSmall;
        match op {
            UnaryOp::ToNumber => {
                self.check(if int { Op::CheckSmi } else { Op::CheckNumber }, &[a], fs);
                a
            }
            UnaryOp::Increment | UnaryOp::Decrement => {
                let one = self.tagged(tagged::from_int32(1));
                let bop = if op == UnaryOp::Increment { BinaryOp::Add } else { BinaryOp::Sub };
                self.check(Op::speculative_number(bop, hint), &[a, one], fs)
            }
            UnaryOp::BitNot => {
                let minus_one = self.tagged(tagged::from_int32(-1));
                self.check(Op::speculative_number(BinaryOp::BitXor, hint), &[a, minus_one], fs)
            }
            UnaryOp::Negate if int => {
                // -0 is not an int32.
                let x = self.check(Op::CheckedTaggedToInt32, &[a], fs);
                let zero = self.c.constant(Op::Int32Constant { value: 0 });
                let is_zero = self.pure(Op::Word32Equal, &[x, zero]);
                self.check(Op::DeoptimizeIf { reason: DeoptReason::MinusZero }, &[is_zero], fs);
                let r = self.check(Op::CheckedInt32Sub, &[zero, x], fs);
                self.pure(Op::ChangeInt32ToTagged, &[r])
            }
            UnaryOp::Negate => {
                let x = self.check(Op::CheckedTaggedToFloat64, &[a], fs);
                let r = self.pure(Op::Float64Neg, &[x]);
                self.pure(Op::ChangeFloat64ToTagged, &[r])
            }
        }
    }

    /// Exits before the call unless the value in `callee` is the function with tagged bits
    /// `target` (the check of inlined and direct calls); nothing if it is that constant.
    fn check_call_target(&mut self, callee: Reg, target: u64, fs: C::FrameState) {
        let c = self.c.reg(callee);
        if !self.c.is_constant(c, &Op::TaggedConstant { bits: target }) {
            let expected = self.tagged(target);
            let same = self.pure(Op::TaggedEqual, &[c, expected]);
            self.check(Op::DeoptimizeUnless { reason: DeoptReason::WrongCallTarget }, &[same], fs);
        }
    }

    /// A call that always reached one `Math` function: checks the target, converts each
    /// argument with `CheckedTaggedToFloat64` (missing ones are NaN) and calls the function
    /// directly on float64 values (or uses its machine op).
    fn math_call(&mut self, pc: Pc, math: MathCall, callee: Reg, args: Reg, argc: u32) -> C::Value {
        let fs = self.frame_state(pc);
        self.check_call_target(callee, math.target_bits(), fs);
        let mut inputs = Vec::with_capacity(math.operands as usize);
        for i in 0..math.operands {
            let x = if i < argc {
                let a = self.c.reg(Reg(args.0 + 1 + i));
                self.check(Op::CheckedTaggedToFloat64, &[a], fs)
            } else {
                self.c.constant(Op::Float64Constant { value: F64(f64::NAN) })
            };
            inputs.push(x);
        }
        let form = if self.options.math_machine_ops { math.form } else { MathForm::Call };
        match form {
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
                let call = Op::CallRuntime { function: RuntimeFn::MathFunction(math.builtin.0), argc: math.operands };
                let r = self.pure(call, &inputs);
                self.pure(Op::ChangeFloat64ToTagged, &[r])
            }
        }
    }

    /// Inlines the call at `pc` if the shared policy says so: a target check (exit before the
    /// call unless the callee is the function the feedback saw), the callee's registers bound
    /// to the arguments, its bytecode walked in place, its returns merged into `dst`.
    fn inline_call(&mut self, pc: Pc, dst: Reg, callee: Reg, args: Reg, argc: u32, slot: SlotId) -> Result<bool, Bailout> {
        let program = self.input.program;
        let stack: Vec<FuncId> = self.frames.iter().map(|f| f.func).collect();
        // A closure made in this compilation is its own target check (as TurboFan's call
        // reducer inlines a call of a `JSCreateClosure` node): no feedback needed.
        let created = self.created_closures.get(&self.c.reg(callee)).copied();
        let decision = match created {
            Some((func, _)) => self.budget.decide_known(program, func, &stack),
            None => self.budget.decide(program, self.feedback(slot), &stack),
        };
        let Ok(target) = decision else { return Ok(false) };
        let fs = self.frame_state(pc);
        let code = program.function(target);
        let undefined = self.tagged(tagged::UNDEFINED);
        // Hidden parameters: the receiver is the call's `r(args)`; the context is the one the
        // closure carries, `undefined` for a function's canonical object.
        let context = if let Some((_, context)) = created {
            CalleeContext { value: context, known: None }
        } else {
            let closure = matches!(self.feedback(slot), SlotFeedback::Call { target: CallTarget::Monomorphic(Callee::Closure(_)), .. });
            self.check_callee(callee, target, closure, fs).unwrap_or(CalleeContext { value: undefined, known: None })
        };
        let receiver = self.c.reg(args);
        if code.receiver.is_some() && !code.strict {
            // A sloppy function's nullish `this` is the global object: the inlined body
            // assumes an object receiver, so the call exits and the interpreter makes the
            // call with the global object (`vm::realm`).
            let null = self.tagged(tagged::NULL);
            for nullish in [undefined, null] {
                let same = self.pure(Op::TaggedEqual, &[receiver, nullish]);
                self.check(Op::DeoptimizeIf { reason: DeoptReason::RuntimeError }, &[same], fs);
            }
        }
        self.walk_inlined(pc, dst, target, args, argc, receiver, context, fs, false)?;
        Ok(true)
    }

    /// The target check of an inlined call or `super(...)` of `target`: for a site whose
    /// feedback names closures of the function (`closure`), the program's one closure of it
    /// if it made only one (the callee is that closure, its context a known constant:
    /// function-context specialization of the callee), else any closure of it (as V8 checks
    /// the SharedFunctionInfo: the body is the same, only the context differs) with the
    /// context read from the callee; otherwise the callee must be the function's canonical
    /// object, which has no context (`None`).
    fn check_callee(&mut self, callee: Reg, target: FuncId, closure: bool, fs: C::FrameState) -> Option<CalleeContext<C::Value>> {
        if closure {
            if let Some(one) = self.one_closure(target) {
                self.check_call_target(callee, one.closure, fs);
                return Some(self.specialized_context(one));
            }
            let c = self.c.reg(callee);
            let same = self.pure(Op::IsClosureOf { func: target.0 }, &[c]);
            self.check(Op::DeoptimizeUnless { reason: DeoptReason::WrongCallTarget }, &[same], fs);
            Some(CalleeContext { value: self.pure(Op::ClosureContext, &[c]), known: None })
        } else {
            self.check_call_target(callee, inlining::function_bits(target), fs);
            None
        }
    }

    /// Inlines `new F(...)` at `pc` when the site always constructed with one function's
    /// canonical object and one initial map, and the policy accepts the constructor
    /// ([`InlineBudget::decide_construct`]): checks the target and that `F.prototype` is still
    /// the prototype the feedback saw, allocates the receiver with its root shape
    /// (`JSCreateObject[shape]`, an inline allocation that escape analysis and load
    /// elimination see), walks the constructor with that receiver, and gives the receiver as
    /// the result (the policy only takes constructors whose returns give no object).
    fn inline_construct(&mut self, pc: Pc, dst: Reg, callee: Reg, args: Reg, argc: u32, slot: SlotId) -> Result<bool, Bailout> {
        let SlotFeedback::Call {
            target: CallTarget::Monomorphic(Callee::Function(f) | Callee::Closure(f)),
            initial_map: InitialMap::One { target: target_bits, bag, bag_shape, slot: prototype_slot, prototype, shape },
            ..
        } = *self.feedback(slot)
        else {
            return Ok(false);
        };
        if !tagged::is_function_of(target_bits, f.0) {
            return Ok(false);
        }
        let stack: Vec<FuncId> = self.frames.iter().map(|f| f.func).collect();
        let Ok(target) = self.budget.decide_construct(self.input.program, f, &stack) else { return Ok(false) };
        let fs = self.frame_state(pc);
        // The one constructor the site saw (a closure instance too: its property object is
        // its own), so its context is that closure's.
        self.check_call_target(callee, target_bits, fs);
        let callee_value = self.tagged(target_bits);
        let context = match self.one_closure(target) {
            Some(one) if one.closure == target_bits => self.specialized_context(one),
            _ if tagged::closure_instance(target_bits) != 0 => CalleeContext { value: self.pure(Op::ClosureContext, &[callee_value]), known: None },
            _ => CalleeContext { value: self.tagged(tagged::UNDEFINED), known: None },
        };
        // `F.prototype` is still the object the feedback saw: the property object keeps its
        // shape (so the field's slot) and the field its value.
        let b = self.tagged(bag);
        self.check(Op::CheckMaps { shapes: ShapeSet::one(bag_shape.0) }, &[b], fs);
        let p = self.pure(Op::LoadField { slot: prototype_slot }, &[b]);
        let expected = self.tagged(prototype);
        let same = self.pure(Op::TaggedEqual, &[p, expected]);
        self.check(Op::DeoptimizeUnless { reason: DeoptReason::WrongMap }, &[same], fs);
        let receiver = self.pure(Op::JSCreateObject { shape: shape.0 }, &[]);
        self.walk_constructor(pc, dst, target, args, argc, receiver, context, fs)?;
        Ok(true)
    }

    /// Inlines `super(...)` at `pc` (a derived constructor calling its parent's) when the site
    /// always called one constructor the policy accepts: the same target check as a call
    /// (`IsClosureOf` and the closure's context for a closure), the parent walked with the
    /// derived constructor's receiver `r(args)`.
    fn inline_construct_super(&mut self, pc: Pc, dst: Reg, callee: Reg, args: Reg, argc: u32, slot: SlotId) -> Result<bool, Bailout> {
        let SlotFeedback::Call { target: CallTarget::Monomorphic(c @ (Callee::Function(f) | Callee::Closure(f))), .. } = *self.feedback(slot) else {
            return Ok(false);
        };
        let stack: Vec<FuncId> = self.frames.iter().map(|f| f.func).collect();
        let Ok(target) = self.budget.decide_construct(self.input.program, f, &stack) else { return Ok(false) };
        let fs = self.frame_state(pc);
        let context = match self.check_callee(callee, target, matches!(c, Callee::Closure(_)), fs) {
            Some(context) => context,
            None => CalleeContext { value: self.tagged(tagged::UNDEFINED), known: None },
        };
        let receiver = self.c.reg(args);
        self.walk_constructor(pc, dst, target, args, argc, receiver, context, fs)?;
        Ok(true)
    }

    /// Walks constructor `target` in place with `receiver`, and sets `dst` to the result of
    /// `new`/`super(...)` ([`inlining::inlineable_constructor`]): the receiver for a base
    /// constructor, the returned `this` binding for a derived one.
    #[allow(clippy::too_many_arguments)]
    fn walk_constructor(
        &mut self,
        pc: Pc,
        dst: Reg,
        target: FuncId,
        args: Reg,
        argc: u32,
        receiver: C::Value,
        context: CalleeContext<C::Value>,
        fs: C::FrameState,
    ) -> Result<(), Bailout> {
        let derived = matches!(self.input.program.function(target).kind, frontend::bytecode::FunctionKind::ClassConstructor { derived: true });
        if self.walk_inlined(pc, dst, target, args, argc, receiver, context, fs, true)? && !derived {
            self.c.set(dst, receiver);
        }
        Ok(())
    }

    /// Walks the callee `target` in place of the call or construct at `pc`: its parameters
    /// bound to the arguments after `r(args)`, its hidden receiver and context registers to
    /// `receiver` and `context`; its returns merge into `dst`. False if no path returns.
    #[allow(clippy::too_many_arguments)]
    fn walk_inlined(
        &mut self,
        pc: Pc,
        dst: Reg,
        target: FuncId,
        args: Reg,
        argc: u32,
        receiver: C::Value,
        context: CalleeContext<C::Value>,
        fs: C::FrameState,
        construct: bool,
    ) -> Result<bool, Bailout> {
        let program = self.input.program;
        let code = program.function(target);
        let undefined = self.tagged(tagged::UNDEFINED);
        let registers = (0..code.register_count)
            .map(|r| {
                if r < code.param_count.min(argc) {
                    self.c.reg(Reg(args.0 + 1 + r))
                } else if code.receiver == Some(Reg(r)) {
                    receiver
                } else if code.context == Some(Reg(r)) {
                    context.value
                } else {
                    undefined
                }
            })
            .collect();
        let caller = self.code();
        let mut live_after: Vec<Reg> = if ((pc + 1) as usize) < caller.code.len() {
            self.frame().liveness.live_in(pc + 1).iter().filter(|&r| r != dst).collect()
        } else {
            Vec::new()
        };
        // What the call's handler reads lives through the callee too: the callee may throw.
        if let Some(h) = caller.exception_successor(pc) {
            for r in self.frame().liveness.live_in(h.handler).iter() {
                if !live_after.contains(&r) {
                    live_after.push(r);
                }
            }
            live_after.sort();
        }
        let blocks = BytecodeBlocks::of(code);
        let leaders = blocks.reachable_leaders();
        self.c.begin_inlined(InlinedCall { func: target, code, registers, outer: fs, live_after, blocks: &blocks, leaders: &leaders });
        let mut liveness = analyze(code);
        if let (true, Some(r)) = (construct, code.receiver) {
            // Every exit inside an inlined constructor keeps its receiver: the caller's `new`
            // gives it as the result once the constructor finishes in the interpreter.
            liveness.keep_live(r);
        }
        let liveness = Cow::Owned(liveness);
        let known_context = context.known.filter(|_| code.context.is_some());
        self.frames.push(Frame { func: target, code, liveness, feedback: self.input.feedback_of(target), context: known_context, pc: 0 });
        let n = code.code.len() as Pc;
        let mut built = vec![false; n as usize];
        let walked = self.segment(&blocks, &leaders, 0, n, &mut built);
        self.frames.pop();
        self.fs = None;
        walked?;
        Ok(self.c.end_inlined(dst))
    }
}

