//! Wiring of compilers and backends into the vm's tiering hook.
//!
//! A tier is a compiler from bytecode + feedback to LIR (baseline, sea of nodes, CFG); a
//! backend runs LIR (the evaluator or LLVM). The vm only knows the `OptimizingCompiler`
//! trait; [`TierCompiler`] implements it for every combination and keeps the phase meter's
//! rows of every compilation for `--stats`. With [`TierCompiler::compile_thread`], the backend
//! stage (LLVM or Cranelift) runs on a background compiler thread ([`crate::compile_thread`])
//! and compilations are queued.

use std::cell::RefCell;
use std::rc::Rc;

use crate::baseline;
use backend::eval::LirCode;
use backend::cranelift::{self, ClifCode, ClifOptions};
use backend::llvm::{self, LlvmCode, LlvmOptions, LlvmPipeline};
use frontend::bytecode::{FuncId, Pc};
use backend::BackendError;
use ir::compile::{Bailout, BailoutReason, CompileInput, InternalError, Layer, Stage, VerifyFailure};
use ir::verify::{Location, VerifyError};
use meter::{Meter, PhaseRow, RowContext};
use vm::tiering::{Compiled, CompiledCode, Finished, OptimizingCompiler};
use vm::Vm;

use crate::compile_thread::{BackendJob, CompileThread, Job, MachineCode};

/// Which compiler produces code for hot functions. The one definition of the tier names:
/// `seabed`'s `--tier` values and the fuzzer's configurations are these.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Tier {
    /// No compiler: the interpreter runs everything.
    Interp,
    /// The baseline compiler (bytecode → LIR, no optimization).
    Baseline,
    /// The sea-of-nodes pipeline.
    Son,
    /// The Turboshaft-style CFG pipeline.
    Cfg,
}

impl Tier {
    /// Every tier, in the order `--help` lists them.
    pub const ALL: [Tier; 4] = [Tier::Interp, Tier::Baseline, Tier::Son, Tier::Cfg];

    /// Parses a `--tier` value ([`Tier::name`]).
    pub fn parse(s: &str) -> Option<Tier> {
        Tier::ALL.into_iter().find(|t| t.name() == s)
    }

    /// The tier's name as the CLI spells it.
    pub fn name(self) -> &'static str {
        match self {
            Tier::Interp => "interp",
            Tier::Baseline => "baseline",
            Tier::Son => "son",
            Tier::Cfg => "cfg",
        }
    }
}

/// Which backend runs LIR. The one definition of the backend names: `seabed`'s `--backend`
/// values ([`Backend::cli_name`]) and the fuzzer's configurations are these.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Backend {
    /// The LIR evaluator.
    Lir,
    /// Machine code through LLVM (FTL style), with this pass pipeline.
    Llvm(LlvmPipeline),
    /// Machine code through Cranelift (opt level `speed`), exits through a cold stub call.
    Cranelift,
}

impl Backend {
    /// LLVM with its default pipeline ([`LlvmPipeline::default`]): `--backend llvm` without
    /// `--llvm`.
    pub const LLVM: Backend = Backend::Llvm(LlvmPipeline::Ftl);

    /// Every backend `--backend` names, in the order `--help` lists them (LLVM with its
    /// default pipeline).
    pub const ALL: [Backend; 3] = [Backend::Lir, Backend::LLVM, Backend::Cranelift];

    /// Parses a `--backend` value ([`Backend::cli_name`]; the LLVM pipeline is set separately
    /// with `--llvm`).
    pub fn parse(s: &str) -> Option<Backend> {
        Backend::ALL.into_iter().find(|b| b.cli_name() == s)
    }

    /// The `--backend` value that names this backend: `llvm` whatever its pipeline.
    pub fn cli_name(self) -> &'static str {
        match self {
            Backend::Lir => "lir",
            Backend::Llvm(_) => "llvm",
            Backend::Cranelift => "cranelift",
        }
    }

    /// The backend's name for statistics.
    pub fn name(self) -> String {
        match self {
            Backend::Lir => "lir".into(),
            Backend::Llvm(p) => format!("llvm:{}", p.name()),
            Backend::Cranelift => "cranelift".into(),
        }
    }
}

/// A pipeline spec (`--spec`) parsed once for its tier: the text as given, which every
/// phase row and `--stats` record, and the options it stands for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Spec {
    /// The spec as given.
    pub text: String,
    /// What it stands for.
    pub options: SpecOptions,
}

/// The pipeline options a [`Spec`] stands for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SpecOptions {
    /// A sea-of-nodes spec.
    Son(son::Options),
    /// A CFG spec.
    Cfg(cfg::Options),
}

impl Spec {
    /// Parses `text` as a spec of `tier`'s pipeline; the error is the message, then the spec
    /// with a caret under the column at fault, or says that `tier` takes no spec.
    pub fn parse(tier: Tier, text: &str) -> Result<Spec, String> {
        let options = match tier {
            Tier::Son => SpecOptions::Son(son::parse_spec(text).map_err(|e| e.annotate(text))?),
            Tier::Cfg => SpecOptions::Cfg(cfg::parse_spec(text).map_err(|e| e.annotate(text))?),
            other => return Err(format!("--spec applies to --tier son or cfg, not {}", other.name())),
        };
        Ok(Spec { text: text.to_string(), options })
    }

    /// The tier whose pipeline runs the spec.
    pub fn tier(&self) -> Tier {
        match self.options {
            SpecOptions::Son(_) => Tier::Son,
            SpecOptions::Cfg(_) => Tier::Cfg,
        }
    }
}

/// A compiler tier on a backend: what the vm calls when a function gets hot.
pub struct TierCompiler {
    /// Which compiler.
    pub tier: Tier,
    /// The sea-of-nodes phases (`--spec`), for `Tier::Son`.
    pub son: son::Options,
    /// The CFG phases (`--spec`), for `Tier::Cfg`.
    pub cfg: cfg::Options,
    /// The spec string in effect (recorded in every phase row).
    pub spec: String,
    /// Run the LIR verifier and check every exit after each compilation, and the graph
    /// verifier after every phase of son and cfg (`--verify`; test builds). Set it through
    /// [`TierCompiler::new`] or [`TierCompiler::with_spec`]: the pipelines' options take it
    /// there and in [`TierCompiler::set_spec`].
    pub verify: bool,
    /// The backend the code runs on.
    pub backend: Backend,
    /// Print each LLVM module to stderr (`--dump-llvm`).
    pub dump_llvm: bool,
    /// Print each function's machine code to stderr (`--dump-asm`).
    pub dump_asm: bool,
    /// Print each function's Cranelift IR to stderr (`--dump-clif`).
    pub dump_clif: bool,
    /// Print each compiled function's LIR to stderr (`--dump-lir`).
    pub dump_lir: bool,
    /// Phase rows of every compilation so far (shared with the caller for `--stats`).
    pub rows: Rc<RefCell<Vec<PhaseRow>>>,
    /// Run the backend stage on a background compiler thread (`--compile-thread on`): LLVM
    /// and Cranelift compilations are queued and delivered through
    /// [`OptimizingCompiler::poll`]. No effect on the LIR backend.
    pub compile_thread: bool,
    /// The background compiler thread, started by the first queued compilation.
    worker: Option<CompileThread>,
}

impl TierCompiler {
    /// A compiler for `tier` on `backend` with the default phases.
    pub fn new(tier: Tier, backend: Backend, verify: bool) -> TierCompiler {
        let (mut son, mut cfg) = (son::Options::default(), cfg::Options::default());
        son.verify |= verify;
        cfg.verify |= verify;
        TierCompiler {
            tier,
            spec: default_spec(tier),
            son,
            cfg,
            verify,
            backend,
            dump_llvm: false,
            dump_asm: false,
            dump_lir: false,
            dump_clif: false,
            rows: Rc::new(RefCell::new(Vec::new())),
            compile_thread: false,
            worker: None,
        }
    }

    /// A compiler for the tier of `spec` (parsed once, by [`Spec::parse`]) on `backend`,
    /// running its phases.
    pub fn with_spec(spec: Spec, backend: Backend, verify: bool) -> TierCompiler {
        let mut compiler = TierCompiler::new(spec.tier(), backend, verify);
        compiler.install_spec(spec);
        compiler
    }

    /// Sets the pipeline spec (`--spec`); returns an error for an unknown or misordered one
    /// (the message, then the spec with a caret under the column at fault) or for a tier
    /// that takes none.
    pub fn set_spec(&mut self, spec: &str) -> Result<(), String> {
        let spec = Spec::parse(self.tier, spec)?;
        self.install_spec(spec);
        Ok(())
    }

    /// Runs `spec`'s phases; `spec` was parsed for this compiler's tier.
    fn install_spec(&mut self, spec: Spec) {
        match spec.options {
            SpecOptions::Son(options) => {
                self.son = options;
                self.son.verify |= self.verify;
            }
            SpecOptions::Cfg(options) => {
                self.cfg = options;
                self.cfg.verify |= self.verify;
            }
        }
        self.spec = spec.text;
    }

    /// Lowers `func` (or its loop at `osr`) to LIR with this tier's compiler, or says why the
    /// compiler declined.
    pub fn lower(&self, vm: &Vm, func: FuncId, osr: Option<Pc>) -> Result<ir::lir::Function, Bailout> {
        let globals = vm.global_bits();
        let input = CompileInput { program: &vm.program, func, feedback: &vm.feedback, globals: &globals, contexts: vm };
        let name = &vm.program.function(func).name;
        let ctx = RowContext::new(vm.program.file.clone(), name.clone(), self.spec.clone(), 0);
        let mut meter = Meter::new(ctx);
        let lir = match (self.tier, osr) {
            (Tier::Baseline, None) => meter.measure("baseline", "compile", |_| baseline::compile(&input))?,
            (Tier::Baseline, Some(pc)) => meter.measure("baseline", "compile-osr", |_| baseline::compile_osr(&input, pc))?,
            (Tier::Son, None) => son::compile(&input, &self.son, &mut meter)?,
            (Tier::Son, Some(pc)) => son::compile_osr(&input, pc, &self.son, &mut meter)?,
            (Tier::Cfg, None) => cfg::compile(&input, &self.cfg, &mut meter)?,
            (Tier::Cfg, Some(pc)) => cfg::compile_osr(&input, pc, &self.cfg, &mut meter)?,
            (Tier::Interp, _) => return Err(Bailout::new(BailoutReason::NoCompiler)),
        };
        self.rows.borrow_mut().extend(meter.take_rows());
        Ok(lir)
    }

    /// Verifies (when asked) and installs LIR on the backend, or queues its LLVM stage on
    /// the compiler thread; a backend failure is an internal error of [`Stage::Backend`].
    fn install(&mut self, vm: &Vm, lir: ir::lir::Function, osr: Option<Pc>) -> Result<Compiled, Bailout> {
        if self.dump_lir {
            eprintln!("{}", ir::lir_text::print(&lir));
        }
        if self.verify {
            // A verification failure is a compiler bug: an internal error, which the vm
            // reports rather than falling back to the interpreter.
            // Son's and the CFG's LIR was verified at the end of their LIR tail
            // (`midend::lir_tail::finish`); the baseline compiler's is checked here.
            let after = format!("{}/lower", self.tier.name());
            if self.tier == Tier::Baseline {
                verify_lir(vm, &lir, &after)?;
            }
            injected_verify_failure(vm, &lir, &after)?;
        }
        if self.backend == Backend::Lir {
            return Ok(Compiled::Ready(Rc::new(LirCode { lir: Rc::new(lir), pipeline: self.tier.name().into() })));
        }
        // What both backends need: checks call the vm only when stress mode needs them to;
        // direct calls need every function's parameter count and hidden parameters.
        let stress_checks = vm.tiering_options().deopt_every.is_some();
        let after_call_exits = vm.tiering_options().deopt_after_calls;
        let param_counts = vm.program.functions.iter().map(|f| f.param_count).collect();
        let hidden_params = vm.program.functions.iter().map(llvm::HiddenParams::of).collect();
        // Not the LIR evaluator (it returned above): LLVM or Cranelift.
        let backend = if let Backend::Llvm(pipeline) = self.backend {
            BackendJob::Llvm(LlvmOptions {
                pipeline,
                stress_checks,
                after_call_exits,
                verify: self.verify,
                keep_ir: self.dump_llvm,
                keep_asm: self.dump_asm,
                param_counts,
                hidden_params,
                ..LlvmOptions::default()
            })
        } else {
            BackendJob::Cranelift(ClifOptions {
                stress_checks,
                after_call_exits,
                verify: self.verify,
                keep_clif: self.dump_clif,
                keep_asm: self.dump_asm,
                param_counts,
                hidden_params,
            })
        };
        let name = &vm.program.function(lir.func).name;
        let context = RowContext::new(vm.program.file.clone(), name.clone(), self.spec.clone(), 0);
        let (lir, backend, context) = match self.worker() {
            Some(worker) => match worker.submit(Job { func: lir.func, osr, lir, backend, context }) {
                Ok(()) => return Ok(Compiled::Queued),
                // The worker is gone: compile here from now on (poll still collects what it
                // finished).
                Err(job) => {
                    self.compile_thread = false;
                    (job.lir, job.backend, job.context)
                }
            },
            None => (lir, backend, context),
        };
        let (code, rows) = backend_stage(&lir, &backend, context);
        self.rows.borrow_mut().extend(rows);
        Ok(Compiled::Ready(finish(code.map_err(backend_failure)?)))
    }

    /// The compiler thread, started on first use; None when compiling synchronously (also
    /// when the thread cannot be started).
    fn worker(&mut self) -> Option<&CompileThread> {
        if !self.compile_thread {
            return None;
        }
        if self.worker.is_none() {
            match CompileThread::spawn() {
                Ok(w) => self.worker = Some(w),
                Err(_) => self.compile_thread = false,
            }
        }
        self.worker.as_ref()
    }
}

impl OptimizingCompiler for TierCompiler {
    fn compile(&mut self, vm: &Vm, func: FuncId) -> Result<Compiled, Bailout> {
        let lir = self.lower(vm, func, None)?;
        self.install(vm, lir, None)
    }

    fn compile_osr(&mut self, vm: &Vm, func: FuncId, loop_header: Pc) -> Result<Compiled, Bailout> {
        let lir = self.lower(vm, func, Some(loop_header))?;
        self.install(vm, lir, Some(loop_header))
    }

    fn poll(&mut self) -> Vec<Finished> {
        let Some(worker) = &self.worker else { return Vec::new() };
        let mut rows = self.rows.borrow_mut();
        worker
            .finished()
            .into_iter()
            .map(|done| {
                rows.extend(done.rows);
                Finished { func: done.func, osr: done.osr, result: done.code.map(finish).map_err(backend_failure) }
            })
            .collect()
    }
}

/// The backend stage of a compilation (LLVM: lowering, verifier, passes, code generation;
/// Cranelift: lowering and compilation), each step metered as a phase on the calling thread;
/// returns the code and the phase rows.
pub(crate) fn backend_stage(lir: &ir::lir::Function, backend: &BackendJob, context: RowContext) -> (Result<MachineCode, BackendError>, Vec<PhaseRow>) {
    let mut meter = Meter::new(context);
    let code = match backend {
        BackendJob::Llvm(options) => llvm::compile_phases(lir, options, &mut MeteredSteps(&mut meter, "llvm")).map(MachineCode::Llvm),
        BackendJob::Cranelift(options) => cranelift::compile_phases(lir, options, &mut MeteredSteps(&mut meter, "cranelift")).map(MachineCode::Cranelift),
    };
    (code, meter.take_rows())
}

/// A backend failure as the vm records it: an internal error of the backend stage.
fn backend_failure(error: BackendError) -> Bailout {
    InternalError::new(Layer::Machine, Stage::Backend, error).into()
}

/// Prints what `--dump-llvm`, `--dump-clif` and `--dump-asm` kept, and wraps the code for
/// the vm.
fn finish(code: MachineCode) -> Rc<dyn CompiledCode> {
    match code {
        MachineCode::Llvm(code) => finish_llvm(code),
        MachineCode::Cranelift(code) => finish_cranelift(code),
    }
}

/// Prints what `--dump-llvm` and `--dump-asm` kept, and wraps the code for the vm.
fn finish_llvm(code: LlvmCode) -> Rc<dyn CompiledCode> {
    if let Some(ir) = &code.ir {
        eprintln!("{ir}");
    }
    if let Some(asm) = &code.asm {
        // The function's code only (the stackmap section follows its end label).
        let end = asm.find(".Lfunc_end0").unwrap_or(asm.len());
        eprintln!("{}", &asm[..end]);
    }
    Rc::new(code)
}

/// Prints what `--dump-clif` and `--dump-asm` kept, and wraps the code for the vm.
fn finish_cranelift(code: ClifCode) -> Rc<dyn CompiledCode> {
    if let Some(clif) = &code.clif {
        eprintln!("{clif}");
    }
    if let Some(asm) = &code.asm {
        eprintln!("{asm}");
    }
    Rc::new(code)
}

/// A backend's compilation steps as meter phases (`llvm/lower`, `llvm/verify`,
/// `llvm/passes`, `llvm/codegen`; `cranelift/lower`, `cranelift/compile`), so the backend's
/// share of compile time (claim C10) sits beside the mid-end's rows.
struct MeteredSteps<'m>(&'m mut Meter, &'static str);

impl backend::phases::PhaseRunner for MeteredSteps<'_> {
    fn phase<R>(&mut self, name: &'static str, f: impl FnOnce() -> R) -> R {
        self.0.measure(self.1, name, |_| f())
    }
}

/// The spec string a tier runs with when no `--spec` is given.
pub fn default_spec(tier: Tier) -> String {
    match tier {
        Tier::Son => son::DEFAULT_SPEC.to_string(),
        Tier::Cfg => cfg::DEFAULT_SPEC.to_string(),
        other => other.name().to_string(),
    }
}

/// Compiles `func` with the baseline compiler, verifying the result when asked (a failure
/// is the internal error [`BailoutReason::Verify`]).
pub fn compile_baseline(vm: &Vm, func: FuncId, verify: bool) -> Result<ir::lir::Function, Bailout> {
    let globals = vm.global_bits();
    let input = CompileInput { program: &vm.program, func, feedback: &vm.feedback, globals: &globals, contexts: vm };
    let lir = baseline::compile(&input)?;
    if verify {
        verify_lir(vm, &lir, "baseline/compile")?;
    }
    Ok(lir)
}

/// The test hook that names a function whose LIR fails verification as if a compiler had
/// broken it (checked only where LIR is verified, `--verify`): how the tests make a run meet
/// an internal error ([`BailoutReason::Verify`], exit status 70 from `seabed run`).
pub const INJECT_VERIFY_FAILURE_ENV: &str = "SEABED_INJECT_VERIFY_FAILURE";

/// The failure [`INJECT_VERIFY_FAILURE_ENV`] asks for on `lir`, if it names `lir`'s function.
fn injected_verify_failure(vm: &Vm, lir: &ir::lir::Function, after: &str) -> Result<(), VerifyFailure> {
    let Some(name) = std::env::var_os(INJECT_VERIFY_FAILURE_ENV) else { return Ok(()) };
    if name.to_str() != Some(vm.program.function(lir.func).name.as_str()) {
        return Ok(());
    }
    let error = VerifyError::new(Location::Function, format!("failure injected by {INJECT_VERIFY_FAILURE_ENV}"));
    Err(VerifyFailure::new(Layer::Lir, after, vec![error]))
}

/// Runs the LIR verifier and checks every exit description against the program, after the
/// phase `after` ([`midend::lir_tail::verify_lir`]).
pub fn verify_lir(vm: &Vm, lir: &ir::lir::Function, after: &str) -> Result<(), VerifyFailure> {
    midend::lir_tail::verify_lir(&vm.program, lir, after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back() {
        for t in Tier::ALL {
            assert_eq!(Tier::parse(t.name()), Some(t));
        }
        for b in Backend::ALL {
            assert_eq!(Backend::parse(b.cli_name()), Some(b));
        }
        assert_eq!(Tier::parse("turbofan"), None);
        assert_eq!(Backend::parse("llvm:ftl"), None);
    }

    #[test]
    fn the_llvm_backend_has_the_default_pipeline() {
        assert_eq!(Backend::LLVM, Backend::Llvm(LlvmPipeline::default()));
        assert_eq!(Backend::LLVM.name(), "llvm:ftl");
    }
}
