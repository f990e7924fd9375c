//! Wiring of compilers and backends into the vm's tiering hook.
//!
//! A tier is a compiler from bytecode + feedback to LIR (baseline, sea of nodes, CFG); a
//! backend runs LIR (the evaluator or LLVM). The vm only knows the `OptimizingCompiler`
//! trait; [`TierCompiler`] implements it for every combination and keeps the phase meter's
//! rows of every compilation for `--stats`.

use std::cell::RefCell;
use std::rc::Rc;

use backend::baseline;
use backend::eval::LirCode;
use backend::llvm::{self, LlvmOptions, Pipeline};
use frontend::bytecode::{FuncId, Pc};
use ir::compile::CompileInput;
use meter::{Meter, PhaseRow, RowContext};
use vm::tiering::{CompiledCode, OptimizingCompiler};
use vm::Vm;

/// Which compiler produces code for hot functions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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
    /// Parses a `--tier` value.
    pub fn parse(s: &str) -> Option<Tier> {
        match s {
            "interp" => Some(Tier::Interp),
            "baseline" => Some(Tier::Baseline),
            "son" => Some(Tier::Son),
            "cfg" => Some(Tier::Cfg),
            _ => None,
        }
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

/// Which backend runs LIR.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backend {
    /// The LIR evaluator.
    Lir,
    /// Machine code through LLVM (FTL style), with this pass pipeline.
    Llvm(Pipeline),
}

impl Backend {
    /// Parses a `--backend` value (the LLVM pipeline is set separately with `--llvm`).
    pub fn parse(s: &str) -> Option<Backend> {
        match s {
            "lir" => Some(Backend::Lir),
            "llvm" => Some(Backend::Llvm(Pipeline::default())),
            _ => None,
        }
    }

    /// The backend's name for statistics.
    pub fn name(self) -> String {
        match self {
            Backend::Lir => "lir".into(),
            Backend::Llvm(p) => format!("llvm:{}", p.name()),
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
    /// Run the LIR verifier and check every exit after each compilation (test builds).
    pub verify: bool,
    /// The backend the code runs on.
    pub backend: Backend,
    /// Print each LLVM module to stderr (`--dump-llvm`).
    pub dump_llvm: bool,
    /// Print each function's machine code to stderr (`--dump-asm`).
    pub dump_asm: bool,
    /// Phase rows of every compilation so far (shared with the caller for `--stats`).
    pub rows: Rc<RefCell<Vec<PhaseRow>>>,
}

impl TierCompiler {
    /// A compiler for `tier` on `backend` with the default phases.
    pub fn new(tier: Tier, backend: Backend, verify: bool) -> TierCompiler {
        TierCompiler {
            tier,
            spec: default_spec(tier),
            son: son::Options::default(),
            cfg: cfg::Options::default(),
            verify,
            backend,
            dump_llvm: false,
            dump_asm: false,
            rows: Rc::new(RefCell::new(Vec::new())),
        }
    }

    /// Sets the pipeline spec (`--spec`); returns an error for an unknown or misordered one.
    pub fn set_spec(&mut self, spec: &str) -> Result<(), String> {
        match self.tier {
            Tier::Son => self.son = son::parse_spec(spec)?,
            Tier::Cfg => self.cfg = cfg::parse_spec(spec)?,
            other => return Err(format!("--spec applies to --tier son or cfg, not {}", other.name())),
        }
        self.spec = spec.to_string();
        Ok(())
    }

    /// Lowers `func` (or its loop at `osr`) to LIR with this tier's compiler.
    pub fn lower(&self, vm: &Vm, func: FuncId, osr: Option<Pc>) -> Result<ir::lir::Function, String> {
        let input = CompileInput { program: &vm.program, func, feedback: &vm.feedback };
        let name = &vm.program.function(func).name;
        let ctx = RowContext::new(vm.program.file.clone(), name.clone(), self.spec.clone(), 0);
        let mut meter = Meter::new(ctx);
        let lir = match (self.tier, osr) {
            (Tier::Baseline, None) => meter.measure("baseline", "compile", |_| baseline::compile(&input)),
            (Tier::Baseline, Some(pc)) => meter.measure("baseline", "compile-osr", |_| baseline::compile_osr(&input, pc)),
            (Tier::Son, None) => son::compile(&input, &self.son, &mut meter).map_err(|b| b.to_string())?,
            (Tier::Son, Some(pc)) => son::compile_osr(&input, pc, &self.son, &mut meter).map_err(|b| b.to_string())?,
            (Tier::Cfg, None) => cfg::compile(&input, &self.cfg, &mut meter).map_err(|b| b.to_string())?,
            (Tier::Cfg, Some(pc)) => cfg::compile_osr(&input, pc, &self.cfg, &mut meter).map_err(|b| b.to_string())?,
            (Tier::Interp, _) => return Err("the interpreter tier compiles nothing".into()),
        };
        self.rows.borrow_mut().extend(meter.take_rows());
        Ok(lir)
    }

    /// Verifies (when asked) and installs LIR on the backend.
    fn install(&self, vm: &Vm, lir: ir::lir::Function) -> Result<Rc<dyn CompiledCode>, String> {
        if self.verify {
            // A verification failure is a compiler bug: fail loudly in test builds.
            if let Err(e) = verify_lir(vm, &lir) {
                panic!("{e}");
            }
        }
        match self.backend {
            Backend::Lir => Ok(Rc::new(LirCode { lir: Rc::new(lir), pipeline: self.tier.name().into() })),
            Backend::Llvm(pipeline) => {
                let options = LlvmOptions {
                    pipeline,
                    // Checks call the vm only when stress mode needs them to.
                    stress_checks: vm.tiering_options().deopt_every.is_some(),
                    verify: self.verify,
                    keep_ir: self.dump_llvm,
                    keep_asm: self.dump_asm,
                    ..LlvmOptions::default()
                };
                let name = &vm.program.function(lir.func).name;
                let ctx = RowContext::new(vm.program.file.clone(), name.clone(), self.spec.clone(), 0);
                let mut meter = Meter::new(ctx);
                let compiled = llvm::compile_phases(&lir, &options, &mut MeteredSteps(&mut meter));
                self.rows.borrow_mut().extend(meter.take_rows());
                let code = compiled?;
                if let Some(ir) = &code.ir {
                    eprintln!("{ir}");
                }
                if let Some(asm) = &code.asm {
                    // The function's code only (the stackmap section follows its end label).
                    let end = asm.find(".Lfunc_end0").unwrap_or(asm.len());
                    eprintln!("{}", &asm[..end]);
                }
                Ok(Rc::new(code))
            }
        }
    }
}

impl OptimizingCompiler for TierCompiler {
    fn compile(&mut self, vm: &Vm, func: FuncId) -> Result<Rc<dyn CompiledCode>, String> {
        let lir = self.lower(vm, func, None)?;
        self.install(vm, lir)
    }

    fn compile_osr(&mut self, vm: &Vm, func: FuncId, loop_header: Pc) -> Result<Rc<dyn CompiledCode>, String> {
        let lir = self.lower(vm, func, Some(loop_header))?;
        self.install(vm, lir)
    }
}

/// LLVM's compilation steps as meter phases (`llvm/lower`, `llvm/verify`, `llvm/passes`,
/// `llvm/codegen`), so LLVM's share of compile time (claim C10) sits beside the mid-end's rows.
struct MeteredSteps<'m>(&'m mut Meter);

impl llvm::PhaseRunner for MeteredSteps<'_> {
    fn phase<R>(&mut self, name: &'static str, f: impl FnOnce() -> R) -> R {
        self.0.measure("llvm", name, |_| f())
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

/// Compiles `func` with the baseline compiler, verifying the result when asked.
pub fn compile_baseline(vm: &Vm, func: FuncId, verify: bool) -> Result<ir::lir::Function, String> {
    let input = CompileInput { program: &vm.program, func, feedback: &vm.feedback };
    let lir = baseline::compile(&input);
    if verify {
        verify_lir(vm, &lir)?;
    }
    Ok(lir)
}

/// Runs the LIR verifier and checks every exit description against the program.
pub fn verify_lir(vm: &Vm, lir: &ir::lir::Function) -> Result<(), String> {
    if let Err(errors) = ir::lir_verify::verify(lir) {
        let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        return Err(format!(
            "LIR of {} fails verification:\n{}\n{}",
            lir.name,
            text.join("\n"),
            ir::lir_text::print(lir)
        ));
    }
    for exit in &lir.exits {
        exit.check(&vm.program)?;
    }
    Ok(())
}
