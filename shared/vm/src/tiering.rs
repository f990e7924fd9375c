//! Tier-up policy and the interface between the vm and optimizing compilers.
//!
//! The vm knows no compiler: one is injected as an [`OptimizingCompiler`] (the `experiments`
//! crate combines a pipeline with a backend). When a function gets hot — `hot_calls`
//! invocations, or its first call under `--always-opt` — the vm asks the compiler for
//! [`CompiledCode`] and from then on enters it instead of interpreting.
//!
//! A compiler may also *queue* a compilation ([`Compiled::Queued`]) and finish it in the
//! background (the experiments crate runs LLVM on a compiler thread, as V8 and WebKit's FTL
//! do): the function keeps running in the interpreter, the vm asks [`OptimizingCompiler::poll`]
//! for finished work while anything is in flight (at calls, and at the back edges of
//! activations waiting for OSR code) and installs each result exactly as a synchronous compile
//! would have been installed. A function's code is entered on its next call; OSR code at the
//! next back edge to its loop header in an interpreted activation past the OSR threshold.
//!
//! Compiled code leaves through *exits* ([`Vm::deoptimize`]): the interpreter finishes the
//! activation from the exit's frame state and the result returns through the compiled
//! frame. A real (not stress-induced) exit discards the code: the function runs in the
//! interpreter, collects fresh feedback and is compiled again once hot, at most
//! `max_reopts` times; after that it stays interpreted. No deopt loops.

use std::rc::Rc;

use frontend::bytecode::{FuncId, Instr, Pc, Reg};
use ir::compile::Bailout;
use ir::ops::DeoptReason;

use crate::exception::{Exception, JsResult, Throw};
use crate::value::Value;
use crate::Vm;

/// Code an optimizing compiler produced for one function.
pub trait CompiledCode {
    /// Runs the function with the given arguments (missing ones are `undefined`).
    fn invoke(&self, vm: &mut Vm, args: &[Value]) -> JsResult<Value>;

    /// A short description (pipeline and backend), for statistics.
    fn describe(&self) -> String;

    /// The address of the machine code compiled callers may call directly, with the
    /// signature `u64 (vm: *mut Vm, args: *const u64, argc: u32)` (arguments padded with
    /// `undefined` to the function's parameter count; the result a value's bits or the
    /// exception sentinel); 0 when the code cannot be called that way (the LIR evaluator).
    fn machine_entry(&self) -> u64 {
        0
    }
}

/// What a compile request produced.
pub enum Compiled {
    /// The code, ready to run.
    Ready(Rc<dyn CompiledCode>),
    /// The compilation finishes in the background; [`OptimizingCompiler::poll`] delivers it.
    Queued,
}

/// A background compilation that finished (delivered by [`OptimizingCompiler::poll`]).
pub struct Finished {
    /// The compiled function.
    pub func: FuncId,
    /// The loop header of an OSR compilation; `None` for the whole function.
    pub osr: Option<Pc>,
    /// The code, or why the compilation failed.
    pub result: Result<Rc<dyn CompiledCode>, Bailout>,
}

/// A compiler the vm calls when a function gets hot.
pub trait OptimizingCompiler {
    /// Compiles `func` using the feedback the vm recorded so far, or queues the compilation
    /// (its result comes back through [`OptimizingCompiler::poll`]).
    fn compile(&mut self, vm: &Vm, func: FuncId) -> Result<Compiled, Bailout>;

    /// Compiles (or queues) `func` for on-stack replacement at the loop header
    /// `loop_header`: the code takes the registers live there (ascending) as its arguments,
    /// continues the running activation from that loop header and returns the function's
    /// result. A compiler that cannot do this returns the reason.
    fn compile_osr(&mut self, vm: &Vm, func: FuncId, loop_header: Pc) -> Result<Compiled, Bailout>;

    /// Queued compilations that finished since the last call, without waiting for any. A
    /// compiler that never queues keeps the default (nothing).
    fn poll(&mut self) -> Vec<Finished> {
        Vec::new()
    }
}

/// The default of [`TieringOptions::max_compiled_instructions`]: the most bytecode
/// instructions a function may have to be compiled (a size budget in the spirit of V8's
/// `--max-optimized-bytecode-size`, 60 KiB of its bytecode).
pub const MAX_COMPILED_INSTRUCTIONS: usize = 20_000;

/// The default of [`TieringOptions::max_compiled_registers`].
pub const MAX_COMPILED_REGISTERS: usize = 1_000;

/// Tiering knobs.
#[derive(Clone, Copy, Debug)]
pub struct TieringOptions {
    /// Invocations after which a function is compiled.
    pub hot_calls: u32,
    /// Compile every function on its first call.
    pub always_opt: bool,
    /// Stress mode: every Nth executed check exits (`--deopt-every N`).
    pub deopt_every: Option<u32>,
    /// Stress mode: every generic call from compiled code takes its lazy exit once it returns
    /// (`--deopt-after-calls`): the interpreter finishes the caller's activation.
    pub deopt_after_calls: bool,
    /// How many times a function is compiled again after its code was discarded.
    pub max_reopts: u32,
    /// Loop back edges taken in one interpreted activation after which the running loop is
    /// compiled and entered (on-stack replacement); 0 disables OSR.
    pub osr_back_edges: u32,
    /// Functions with more bytecode instructions stay interpreted (`--max-compiled-size`;
    /// 0: no limit, as the scaling experiments on generated programs need).
    pub max_compiled_instructions: usize,
    /// Functions with more registers stay interpreted (0: no limit).
    pub max_compiled_registers: usize,
    /// Print one line to stderr for every real exit (`--trace-deopt`, as V8's flag): the
    /// compiled function, the reason, and the innermost rebuilt frame's function and pc.
    pub trace_deopt: bool,
    /// Which failed compilations end the run with [`crate::Throw::Internal`] instead of
    /// leaving the function to the interpreter (`--verify`: [`FatalBailouts::Internal`]).
    /// Policy refusals leave the function to the interpreter whatever this says.
    pub fatal_bailouts: FatalBailouts,
}

/// Which failed compilations end the run ([`TieringOptions::fatal_bailouts`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum FatalBailouts {
    /// None: every failed compilation leaves its function to the interpreter.
    #[default]
    None,
    /// Failed verifications ([`ir::compile::BailoutReason::Verify`]): a son or CFG graph, or
    /// LIR, that a verifier rejected after some phase.
    Verification,
    /// Every internal error ([`ir::compile::Bailout::is_internal`]): failed verifications,
    /// and scheduling, emission, late lowering or the backend failing.
    Internal,
}

impl FatalBailouts {
    /// Whether `bailout` ends the run.
    pub fn ends_run(self, bailout: &Bailout) -> bool {
        match self {
            FatalBailouts::None => false,
            FatalBailouts::Verification => matches!(bailout.reason, ir::compile::BailoutReason::Verify(_)),
            FatalBailouts::Internal => bailout.is_internal(),
        }
    }
}

impl Default for TieringOptions {
    fn default() -> Self {
        TieringOptions {
            hot_calls: 100,
            always_opt: false,
            deopt_every: None,
            deopt_after_calls: false,
            max_reopts: 8,
            osr_back_edges: 1000,
            max_compiled_instructions: MAX_COMPILED_INSTRUCTIONS,
            max_compiled_registers: MAX_COMPILED_REGISTERS,
            trace_deopt: false,
            fatal_bailouts: FatalBailouts::None,
        }
    }
}

/// Per-function tiering state.
#[derive(Clone, Default)]
pub struct TierState {
    /// The installed code, if any.
    pub code: Option<Rc<dyn CompiledCode>>,
    /// Compilations so far.
    pub compiles: u32,
    /// Exits taken from this function's code (real and stress).
    pub exits: u32,
    /// Times its code was discarded after a real exit.
    pub discards: u32,
    /// The compiler refused this function (reason recorded), or it ran out of reopts.
    pub disabled: Option<String>,
    /// Code for on-stack replacement, by loop header.
    pub osr_code: Vec<(Pc, Rc<dyn CompiledCode>)>,
    /// OSR compilations so far (bounded like `compiles`).
    pub osr_compiles: u32,
    /// Why OSR is not tried for this function any more, if so.
    pub osr_disabled: Option<String>,
    /// A compilation of the whole function is in flight (queued, not yet delivered).
    pub queued: bool,
    /// OSR compilations in flight, by loop header.
    pub osr_queued: Vec<Pc>,
    /// An OSR compilation of this function was queued at some point: interpreted activations
    /// past the OSR threshold look for delivered OSR code at every back edge, not only at
    /// the threshold.
    pub osr_background: bool,
}

/// Whole-run tiering statistics.
#[derive(Clone, Copy, Default, Debug)]
pub struct TieringStats {
    /// Successful compilations.
    pub compiles: u32,
    /// Compilations the compiler refused.
    pub compile_failures: u32,
    /// Calls that entered compiled code.
    pub compiled_calls: u64,
    /// Exits taken because a speculation failed.
    pub exits: u64,
    /// Exits forced by `--deopt-every`.
    pub stress_exits: u64,
    /// Checks executed in compiled code.
    pub checks: u64,
    /// `Load` instructions executed by the LIR evaluator (not counted on other backends).
    pub loads_executed: u64,
    /// LIR instructions executed by the LIR evaluator (not counted on other backends).
    pub insts_executed: u64,
    /// Pure LIR instructions ([`ir`]'s `Op::is_pure`: no effect, no control, no deopt)
    /// executed by the LIR evaluator (not counted on other backends).
    pub pure_ops_executed: u64,
    /// Entries into OSR code from a running interpreted loop.
    pub osr_entries: u64,
    /// Exits (real and stress) that rebuilt more than one frame: taken inside inlined callees.
    pub inlined_frame_exits: u64,
    /// The most frames one exit rebuilt.
    pub max_exit_frames: u64,
    /// Compilations not attempted because the function was too large
    /// ([`TieringOptions::max_compiled_instructions`], `max_compiled_registers`).
    pub too_large: u64,
}

/// One interpreter frame rebuilt at an exit.
#[derive(Clone, Debug)]
pub struct ResumeFrame {
    /// The function.
    pub func: FuncId,
    /// Where the interpreter resumes (for outer frames: the call whose result is pending).
    pub pc: Pc,
    /// Register values; unlisted registers are `undefined`.
    pub registers: Vec<(Reg, Value)>,
}

impl Vm {
    /// The globals' current values as bits, for [`ir::compile::CompileInput::globals`].
    pub fn global_bits(&self) -> Vec<u64> {
        self.globals.iter().map(|v| v.bits()).collect()
    }

    /// Installs an optimizing compiler with the given policy.
    pub fn set_compiler(&mut self, compiler: Box<dyn OptimizingCompiler>, options: TieringOptions) {
        self.compiler = Some(compiler);
        self.tiering = options;
    }

    /// The tiering policy in effect.
    pub fn tiering_options(&self) -> TieringOptions {
        self.tiering
    }

    /// The code to run for `f`, compiling it first (or queueing its compilation) if it just
    /// became hot.
    pub(crate) fn code_for(&mut self, f: FuncId) -> Option<Rc<dyn CompiledCode>> {
        if self.compiles_in_flight > 0 {
            self.poll_compiler();
        }
        let state = &self.tier[f.0 as usize];
        if let Some(code) = &state.code {
            return Some(code.clone());
        }
        if self.compiler.is_none() || state.disabled.is_some() || state.queued {
            return None;
        }
        let hot = self.tiering.always_opt || self.counters[f.0 as usize].invocations >= self.tiering.hot_calls;
        if !hot {
            return None;
        }
        if state.compiles > self.tiering.max_reopts {
            self.tier[f.0 as usize].disabled = Some("too many reoptimizations".into());
            return None;
        }
        if let Some(why) = self.too_large_to_compile(f) {
            self.tier_stats.too_large += 1;
            self.tier[f.0 as usize].disabled = Some(why);
            return None;
        }
        let mut compiler = self.compiler.take().expect("compiler present");
        let result = compiler.compile(self, f);
        self.compiler = Some(compiler);
        self.tier[f.0 as usize].compiles += 1;
        match result {
            Ok(Compiled::Ready(code)) => {
                self.install(f, None, Ok(code.clone()));
                Some(code)
            }
            Ok(Compiled::Queued) => {
                self.tier[f.0 as usize].queued = true;
                self.queued_epochs.insert((f, None), self.code_epoch);
                self.compiles_in_flight += 1;
                None
            }
            Err(reason) => {
                self.install(f, None, Err(reason));
                None
            }
        }
    }

    /// Whether the `back_edges`th loop back edge of an interpreted activation of `f` should
    /// look for OSR code: the `osr_back_edges`th one asks for it (compiling it if needed);
    /// once an OSR compilation of `f` was queued, every later one looks for delivered code.
    #[inline]
    pub(crate) fn osr_due(&self, f: FuncId, back_edges: u32) -> bool {
        let threshold = self.tiering.osr_back_edges;
        threshold > 0
            && self.compiler.is_some()
            && (back_edges == threshold || (back_edges > threshold && self.tier[f.0 as usize].osr_background))
    }

    /// The OSR code to enter at `loop_header` of `f`, or None to keep interpreting. Called
    /// when [`Vm::osr_due`] says so; the `osr_back_edges`th back edge of the activation
    /// (`back_edges`) compiles (or queues) the code if there is none. Later back edges (only
    /// once OSR compiles of `f` are queued) ask for code for their own loop when nothing is
    /// in flight for `f` and no delivered OSR code will be entered inside this loop: the
    /// loop that crossed the threshold may have finished before its code arrived.
    pub(crate) fn osr_code_for(&mut self, f: FuncId, loop_header: Pc, back_edges: u32) -> Option<Rc<dyn CompiledCode>> {
        if self.compiles_in_flight > 0 {
            self.poll_compiler();
        }
        let state = &self.tier[f.0 as usize];
        if let Some((_, code)) = state.osr_code.iter().find(|(pc, _)| *pc == loop_header) {
            return Some(code.clone());
        }
        if self.compiler.is_none()
            || state.disabled.is_some()
            || state.osr_disabled.is_some()
            || state.osr_queued.contains(&loop_header)
        {
            return None;
        }
        if back_edges != self.tiering.osr_back_edges && (!state.osr_queued.is_empty() || self.osr_code_inside(f, loop_header)) {
            return None;
        }
        if state.osr_compiles > self.tiering.max_reopts {
            self.tier[f.0 as usize].osr_disabled = Some("too many OSR compilations".into());
            return None;
        }
        if let Some(why) = self.too_large_to_compile(f) {
            self.tier_stats.too_large += 1;
            self.tier[f.0 as usize].osr_disabled = Some(why);
            return None;
        }
        let mut compiler = self.compiler.take().expect("compiler present");
        let result = compiler.compile_osr(self, f, loop_header);
        self.compiler = Some(compiler);
        self.tier[f.0 as usize].osr_compiles += 1;
        match result {
            Ok(Compiled::Ready(code)) => {
                self.install(f, Some(loop_header), Ok(code.clone()));
                Some(code)
            }
            Ok(Compiled::Queued) => {
                self.queued_epochs.insert((f, Some(loop_header)), self.code_epoch);
                let state = &mut self.tier[f.0 as usize];
                state.osr_queued.push(loop_header);
                state.osr_background = true;
                self.compiles_in_flight += 1;
                None
            }
            Err(reason) => {
                self.install(f, Some(loop_header), Err(reason));
                None
            }
        }
    }

    /// Whether `f` has OSR code for a loop nested in the loop at `loop_header` (entered at
    /// that loop's next back edge).
    fn osr_code_inside(&self, f: FuncId, loop_header: Pc) -> bool {
        let state = &self.tier[f.0 as usize];
        if state.osr_code.is_empty() {
            return false;
        }
        let code = &self.program.function(f).code;
        // The loop spans its header through its back edge (the last `JumpLoop` to it).
        let end = code.iter().rposition(|i| matches!(i, Instr::JumpLoop { target } if *target == loop_header));
        let end = end.map_or(loop_header, |e| e as Pc);
        state.osr_code.iter().any(|(pc, _)| loop_header < *pc && *pc < end)
    }

    /// Installs every queued compilation the compiler has finished.
    fn poll_compiler(&mut self) {
        let Some(compiler) = self.compiler.as_mut() else { return };
        for done in compiler.poll() {
            let state = &mut self.tier[done.func.0 as usize];
            let was_queued = match done.osr {
                None => std::mem::replace(&mut state.queued, false),
                Some(pc) => {
                    let before = state.osr_queued.len();
                    state.osr_queued.retain(|&q| q != pc);
                    state.osr_queued.len() != before
                }
            };
            if was_queued {
                self.compiles_in_flight -= 1;
            }
            // Code compiled from feedback that an invalidation discarded since it was queued
            // (V8 checks a compilation's dependencies when it commits the code) is dropped;
            // the function compiles again when it is hot.
            let queued_at = self.queued_epochs.remove(&(done.func, done.osr));
            if queued_at.is_some_and(|e| e != self.code_epoch) && done.result.is_ok() {
                continue;
            }
            self.install(done.func, done.osr, done.result);
        }
    }

    /// Records a finished compilation of `f` (for OSR at `osr`, if given): installs the code
    /// or disables what failed, counting the bailout by kind ([`Vm::bailout_reasons`]). Code
    /// that arrives for a function disabled meanwhile is counted but dropped; OSR code is kept
    /// by loop header for later activations. A bailout that
    /// [`TieringOptions::fatal_bailouts`] names is kept for [`Vm::take_internal_error`]
    /// to end the run.
    fn install(&mut self, f: FuncId, osr: Option<Pc>, result: Result<Rc<dyn CompiledCode>, Bailout>) {
        let state = &mut self.tier[f.0 as usize];
        match (osr, result) {
            (None, Ok(code)) => {
                self.tier_stats.compiles += 1;
                if state.disabled.is_none() {
                    self.code_entries[f.0 as usize] = code.machine_entry();
                    if let Some(old) = state.code.replace(code) {
                        self.retired_code.push(old);
                    }
                }
            }
            (Some(loop_header), Ok(code)) => {
                self.tier_stats.compiles += 1;
                if state.disabled.is_none() && state.osr_disabled.is_none() {
                    state.osr_code.retain(|(pc, _)| *pc != loop_header);
                    state.osr_code.push((loop_header, code));
                }
            }
            (osr, Err(bailout)) => {
                self.tier_stats.compile_failures += 1;
                *self.bailout_reasons.entry(bailout.reason.kind()).or_insert(0) += 1;
                if self.tiering.fatal_bailouts.ends_run(&bailout) && self.internal_error.is_none() {
                    let name = &self.program.function(f).name;
                    let at = osr.map(|pc| format!(" for OSR at pc {pc}")).unwrap_or_default();
                    self.internal_error = Some(format!("compiling {name}{at}: {}", bailout.reason));
                }
                let reason = Some(bailout.to_string());
                match osr {
                    None => state.disabled = reason,
                    Some(_) => state.osr_disabled = reason,
                }
            }
        }
    }

    /// The internal error a compilation met, if one must end the run
    /// ([`TieringOptions::fatal_bailouts`]): as [`crate::Throw::Internal`], once.
    pub(crate) fn take_internal_error(&mut self) -> JsResult<()> {
        match self.internal_error.take() {
            Some(what) => Err(Box::new(Exception { throw: Throw::Internal(what), location: None })),
            None => Ok(()),
        }
    }

    /// Called by compiled code at every executed check: true if stress mode forces this
    /// one to exit.
    pub fn stress_check(&mut self) -> bool {
        self.tier_stats.checks += 1;
        match self.tiering.deopt_every {
            Some(n) if n > 0 => self.tier_stats.checks.is_multiple_of(n as u64),
            _ => false,
        }
    }

    /// Why `f` is too large to compile, if it is: more bytecode instructions or registers
    /// than the tiering options allow (V8 likewise leaves functions over
    /// `--max-optimized-bytecode-size` to its lower tiers). Every compiler's analyses
    /// (liveness: a register set per instruction; LLVM's register allocation across thousands
    /// of live values) grow faster than linearly in these sizes.
    fn too_large_to_compile(&self, f: FuncId) -> Option<String> {
        let func = self.program.function(f);
        let (max_code, max_regs) = (self.tiering.max_compiled_instructions, self.tiering.max_compiled_registers);
        if max_code > 0 && func.code.len() > max_code {
            Some(format!("too large to compile ({} bytecode instructions, at most {max_code})", func.code.len()))
        } else if max_regs > 0 && func.register_count as usize > max_regs {
            Some(format!("too large to compile ({} registers, at most {max_regs})", func.register_count))
        } else {
            None
        }
    }

    /// Called by compiled code when a generic call carrying a lazy exit has returned: true if
    /// the caller must leave through that exit (a stress exit under `--deopt-after-calls`).
    pub fn after_call_exit(&mut self) -> bool {
        self.tiering.deopt_after_calls
    }

    /// Leaves compiled code of `func`: rebuilds the interpreter frames (outermost first) and
    /// finishes the activation in the interpreter; returns its result. A real exit
    /// (`stress == false`) discards the function's code.
    pub fn deoptimize(&mut self, func: FuncId, reason: DeoptReason, stress: bool, frames: Vec<ResumeFrame>) -> JsResult<Value> {
        let state = &mut self.tier[func.0 as usize];
        state.exits += 1;
        if frames.len() > 1 {
            self.tier_stats.inlined_frame_exits += 1;
        }
        self.tier_stats.max_exit_frames = self.tier_stats.max_exit_frames.max(frames.len() as u64);
        if stress {
            self.tier_stats.stress_exits += 1;
        } else {
            if self.tiering.trace_deopt {
                let at = frames.last().map(|fr| format!("{}@{}", self.program.function(fr.func).name, fr.pc)).unwrap_or_default();
                eprintln!("[deoptimizing {}: {reason:?} at {at}, {} frame(s)]", self.program.function(func).name, frames.len());
            }
            self.tier_stats.exits += 1;
            *self.deopt_reasons.entry(reason).or_insert(0) += 1;
            let had_osr = !state.osr_code.is_empty();
            state.osr_code.clear();
            let discarded = state.code.take();
            self.code_entries[func.0 as usize] = 0;
            if discarded.is_some() || had_osr {
                state.discards += 1;
                // Fresh feedback is needed before the next compilation.
                self.counters[func.0 as usize].invocations = 0;
            }
            // Compiled callers may be running it (they called its entry directly).
            self.retired_code.extend(discarded);
        }
        self.resume(frames)
    }

    /// Runs rebuilt frames to completion, innermost first; each result becomes the pending
    /// call result of the frame outside it. Frame `i` (0 = outermost, the compiled function's
    /// own) runs `i` calls deeper than the compiled code, as it would have in the interpreter.
    fn resume(&mut self, frames: Vec<ResumeFrame>) -> JsResult<Value> {
        // The outer frames wait here while inner ones run: their values are roots until the
        // last frame has finished.
        self.with_roots(|vm| {
            for frame in &frames {
                vm.heap.gc.extra_roots.extend(frame.registers.iter().map(|&(_, v)| v));
            }
            vm.resume_rooted(frames)
        })
    }

    fn resume_rooted(&mut self, frames: Vec<ResumeFrame>) -> JsResult<Value> {
        let mut result: Option<JsResult<Value>> = None;
        // The receiver the frame just finished started with (the object of an inlined `new`).
        let mut receiver: Option<Value> = None;
        for (level, frame) in frames.into_iter().enumerate().rev() {
            let program = self.program.clone();
            let func = program.function(frame.func);
            let base = self.stack_top;
            let top = base + func.register_count as usize;
            self.ensure_stack(top);
            for r in &mut self.stack[base..top] {
                *r = Value::UNDEFINED;
            }
            for (reg, v) in &frame.registers {
                self.stack[base + reg.0 as usize] = *v;
            }
            let mut pc = frame.pc;
            if let Some(Err(e)) = result {
                // The frame we just finished threw out of this frame's call: its handler
                // catches it there, as the interpreter would have; else it goes on out.
                let caught = func.exception_successor(pc).copied().and_then(|h| self.catchable_value(&e.throw).map(|v| (h, v)));
                let Some((h, v)) = caught else {
                    result = Some(Err(e));
                    continue;
                };
                self.stack[base + h.exception.0 as usize] = v;
                pc = h.handler;
                result = None;
            }
            if let Some(Ok(inner)) = result {
                // This frame was calling the frame we just finished: a call takes its result;
                // a `new` takes it if it is an object, else the constructor's receiver (the
                // walker keeps an inlined constructor's receiver in every frame state).
                let (dst, value) = match func.code[pc as usize] {
                    Instr::Call { dst, .. } => (dst, inner),
                    Instr::Construct { dst, .. } | Instr::ConstructSuper { dst, .. } if inner.is_object() => (dst, inner),
                    Instr::Construct { dst, .. } | Instr::ConstructSuper { dst, .. } => {
                        (dst, receiver.expect("an inlined constructor's frame has its receiver"))
                    }
                    _ => unreachable!("outer frames resume at calls (ExitDesc::check)"),
                };
                self.stack[base + dst.0 as usize] = value;
                pc += 1;
            }
            receiver = func.receiver.map(|r| self.stack[base + r.0 as usize]);
            result = Some(self.run_activation_nested(frame.func, base, pc, level as u32));
        }
        result.expect("an exit has at least one frame")
    }
}
