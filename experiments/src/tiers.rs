//! Wiring of compilers and backends into the vm's tiering hook.
//!
//! A tier is a compiler from bytecode + feedback to LIR; a backend runs LIR. The vm only
//! knows the `OptimizingCompiler` trait; this module implements it for each combination.

use std::rc::Rc;

use backend::baseline;
use ir::compile::CompileInput;
use backend::eval::LirCode;
use frontend::bytecode::FuncId;
use vm::tiering::{CompiledCode, OptimizingCompiler};
use vm::Vm;

/// Which compiler produces code for hot functions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tier {
    /// No compiler: the interpreter runs everything.
    Interp,
    /// The baseline compiler (bytecode → LIR, no optimization).
    Baseline,
}

impl Tier {
    /// Parses a `--tier` value.
    pub fn parse(s: &str) -> Option<Tier> {
        match s {
            "interp" => Some(Tier::Interp),
            "baseline" => Some(Tier::Baseline),
            _ => None,
        }
    }
}

/// Which backend runs LIR.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backend {
    /// The LIR evaluator.
    Lir,
}

impl Backend {
    /// Parses a `--backend` value.
    pub fn parse(s: &str) -> Option<Backend> {
        match s {
            "lir" => Some(Backend::Lir),
            _ => None,
        }
    }
}

/// The baseline compiler on a backend.
pub struct BaselineCompiler {
    /// Run the LIR verifier and check every exit after each compilation (test builds).
    pub verify: bool,
    /// The backend the code runs on.
    pub backend: Backend,
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

impl BaselineCompiler {
    /// Verifies (when asked) and installs LIR on the backend.
    fn install(&self, vm: &Vm, lir: ir::lir::Function) -> Result<Rc<dyn CompiledCode>, String> {
        if self.verify {
            // A verification failure is a compiler bug: fail loudly in test builds.
            if let Err(e) = verify_lir(vm, &lir) {
                panic!("{e}");
            }
        }
        match self.backend {
            Backend::Lir => Ok(Rc::new(LirCode { lir: Rc::new(lir), pipeline: "baseline".into() })),
        }
    }
}

impl OptimizingCompiler for BaselineCompiler {
    fn compile(&mut self, vm: &Vm, func: FuncId) -> Result<Rc<dyn CompiledCode>, String> {
        let lir = compile_baseline(vm, func, false)?;
        self.install(vm, lir)
    }

    fn compile_osr(&mut self, vm: &Vm, func: FuncId, loop_header: frontend::bytecode::Pc) -> Result<Rc<dyn CompiledCode>, String> {
        let input = CompileInput { program: &vm.program, func, feedback: &vm.feedback };
        let lir = baseline::compile_osr(&input, loop_header);
        self.install(vm, lir)
    }
}
