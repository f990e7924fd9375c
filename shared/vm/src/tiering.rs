//! Tier-up policy and the interface between the vm and optimizing compilers.
//!
//! The vm knows no compiler: one is injected as an [`OptimizingCompiler`] (the `experiments`
//! crate combines a pipeline with a backend). When a function gets hot — `hot_calls`
//! invocations, or its first call under `--always-opt` — the vm asks the compiler for
//! [`CompiledCode`] and from then on enters it instead of interpreting.
//!
//! Compiled code leaves through *exits* ([`Vm::deoptimize`]): the interpreter finishes the
//! activation from the exit's frame state and the result returns through the compiled
//! frame. A real (not stress-induced) exit discards the code: the function runs in the
//! interpreter, collects fresh feedback and is compiled again once hot, at most
//! `max_reopts` times; after that it stays interpreted. No deopt loops.

use std::rc::Rc;

use frontend::bytecode::{FuncId, Instr, Pc, Reg};
use ir::ops::DeoptReason;

use crate::interp::JsResult;
use crate::value::Value;
use crate::Vm;

/// Code an optimizing compiler produced for one function.
pub trait CompiledCode {
    /// Runs the function with the given arguments (missing ones are `undefined`).
    fn invoke(&self, vm: &mut Vm, args: &[Value]) -> JsResult<Value>;

    /// A short description (pipeline and backend), for statistics.
    fn describe(&self) -> String;
}

/// A compiler the vm calls when a function gets hot.
pub trait OptimizingCompiler {
    /// Compiles `func` using the feedback the vm recorded so far.
    fn compile(&mut self, vm: &Vm, func: FuncId) -> Result<Rc<dyn CompiledCode>, String>;

    /// Compiles `func` for on-stack replacement at the loop header `loop_header`: the code
    /// takes the registers live there (ascending) as its arguments, continues the running
    /// activation from that loop header and returns the function's result. A compiler that
    /// cannot do this returns the reason.
    fn compile_osr(&mut self, vm: &Vm, func: FuncId, loop_header: Pc) -> Result<Rc<dyn CompiledCode>, String>;
}

/// Tiering knobs.
#[derive(Clone, Copy, Debug)]
pub struct TieringOptions {
    /// Invocations after which a function is compiled.
    pub hot_calls: u32,
    /// Compile every function on its first call.
    pub always_opt: bool,
    /// Stress mode: every Nth executed check exits (`--deopt-every N`).
    pub deopt_every: Option<u32>,
    /// How many times a function is compiled again after its code was discarded.
    pub max_reopts: u32,
    /// Loop back edges taken in one interpreted activation after which the running loop is
    /// compiled and entered (on-stack replacement); 0 disables OSR.
    pub osr_back_edges: u32,
}

impl Default for TieringOptions {
    fn default() -> Self {
        TieringOptions { hot_calls: 100, always_opt: false, deopt_every: None, max_reopts: 8, osr_back_edges: 1000 }
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
    /// Entries into OSR code from a running interpreted loop.
    pub osr_entries: u64,
    /// Exits (real and stress) that rebuilt more than one frame: taken inside inlined callees.
    pub inlined_frame_exits: u64,
    /// The most frames one exit rebuilt.
    pub max_exit_frames: u64,
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
    /// Installs an optimizing compiler with the given policy.
    pub fn set_compiler(&mut self, compiler: Box<dyn OptimizingCompiler>, options: TieringOptions) {
        self.compiler = Some(compiler);
        self.tiering = options;
    }

    /// The tiering policy in effect.
    pub fn tiering_options(&self) -> TieringOptions {
        self.tiering
    }

    /// The code to run for `f`, compiling it first if it just became hot.
    pub(crate) fn code_for(&mut self, f: FuncId) -> Option<Rc<dyn CompiledCode>> {
        let state = &self.tier[f.0 as usize];
        if let Some(code) = &state.code {
            return Some(code.clone());
        }
        if self.compiler.is_none() || state.disabled.is_some() {
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
        let mut compiler = self.compiler.take().expect("compiler present");
        let result = compiler.compile(self, f);
        self.compiler = Some(compiler);
        let state = &mut self.tier[f.0 as usize];
        state.compiles += 1;
        match result {
            Ok(code) => {
                self.tier_stats.compiles += 1;
                state.code = Some(code.clone());
                Some(code)
            }
            Err(reason) => {
                self.tier_stats.compile_failures += 1;
                state.disabled = Some(reason);
                None
            }
        }
    }

    /// The OSR code to enter at `loop_header` of `f` (compiled now if needed), or None to
    /// keep interpreting. Called when an interpreted activation of `f` has taken
    /// `osr_back_edges` back edges.
    pub(crate) fn osr_code_for(&mut self, f: FuncId, loop_header: Pc) -> Option<Rc<dyn CompiledCode>> {
        let state = &self.tier[f.0 as usize];
        if let Some((_, code)) = state.osr_code.iter().find(|(pc, _)| *pc == loop_header) {
            return Some(code.clone());
        }
        if self.compiler.is_none() || state.disabled.is_some() || state.osr_disabled.is_some() {
            return None;
        }
        if state.osr_compiles > self.tiering.max_reopts {
            self.tier[f.0 as usize].osr_disabled = Some("too many OSR compilations".into());
            return None;
        }
        let mut compiler = self.compiler.take().expect("compiler present");
        let result = compiler.compile_osr(self, f, loop_header);
        self.compiler = Some(compiler);
        let state = &mut self.tier[f.0 as usize];
        state.osr_compiles += 1;
        match result {
            Ok(code) => {
                self.tier_stats.compiles += 1;
                state.osr_code.push((loop_header, code.clone()));
                Some(code)
            }
            Err(reason) => {
                self.tier_stats.compile_failures += 1;
                state.osr_disabled = Some(reason);
                None
            }
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
            self.tier_stats.exits += 1;
            *self.deopt_reasons.entry(reason).or_insert(0) += 1;
            let had_osr = !state.osr_code.is_empty();
            state.osr_code.clear();
            if state.code.take().is_some() || had_osr {
                state.discards += 1;
                // Fresh feedback is needed before the next compilation.
                self.counters[func.0 as usize].invocations = 0;
            }
        }
        self.resume(frames)
    }

    /// Runs rebuilt frames to completion, innermost first; each result becomes the pending
    /// call result of the frame outside it. Frame `i` (0 = outermost, the compiled function's
    /// own) runs `i` calls deeper than the compiled code, as it would have in the interpreter.
    fn resume(&mut self, frames: Vec<ResumeFrame>) -> JsResult<Value> {
        let mut result: Option<Value> = None;
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
            if let Some(inner) = result {
                // This frame was calling the frame we just finished.
                let Instr::Call { dst, .. } = func.code[pc as usize] else {
                    unreachable!("outer frames resume at calls (ExitDesc::check)")
                };
                self.stack[base + dst.0 as usize] = inner;
                pc += 1;
            }
            result = Some(self.run_activation_nested(frame.func, base, pc, level as u32)?);
        }
        Ok(result.expect("an exit has at least one frame"))
    }
}
