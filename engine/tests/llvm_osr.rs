//! On-stack replacement into LLVM code. (The whole corpus on LLVM, for every tier, runs in
//! `experiments/tests/corpus.rs` through the CLI.)

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use engine::baseline;
use backend::llvm::{self, LlvmOptions};
use frontend::bytecode::{FuncId, Pc};
use ir::compile::{Bailout, CompileInput};
use vm::tiering::{Compiled, OptimizingCompiler, TieringOptions};
use vm::Vm;

/// The baseline compiler on the LLVM backend.
struct BaselineOnLlvm {
    options: LlvmOptions,
    /// Functions compiled so far.
    compiles: Rc<RefCell<u64>>,
}

impl BaselineOnLlvm {
    fn install(&mut self, lir: ir::lir::Function) -> Result<Compiled, Bailout> {
        if let Err(errors) = ir::lir_verify::verify(&lir) {
            panic!("LIR of {} fails verification: {:?}", lir.name, errors.iter().map(|e| e.to_string()).collect::<Vec<_>>());
        }
        let mut code = llvm::compile(&lir, &self.options).unwrap_or_else(|e| panic!("LLVM compile of {} failed: {e}", lir.name));
        code.label = "baseline".into();
        *self.compiles.borrow_mut() += 1;
        Ok(Compiled::Ready(Rc::new(code)))
    }
}

impl OptimizingCompiler for BaselineOnLlvm {
    fn compile(&mut self, vm: &Vm, func: FuncId) -> Result<Compiled, Bailout> {
        let input = CompileInput { program: &vm.program, func, feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
        self.install(baseline::compile(&input)?)
    }

    fn compile_osr(&mut self, vm: &Vm, func: FuncId, loop_header: Pc) -> Result<Compiled, Bailout> {
        let input = CompileInput { program: &vm.program, func, feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
        self.install(baseline::compile_osr(&input, loop_header)?)
    }
}

#[derive(Clone, Default)]
struct Captured(Rc<RefCell<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// On-stack replacement into LLVM code: a top-level loop (run once, never called) gets hot
/// in the interpreter and continues in compiled code from its loop header.
#[test]
fn osr_entry_into_a_running_loop() {
    let source = "let s = 0; let d = 0.5;\nfor (let i = 0; i < 20000; i++) { s = (s + i * 3) | 0; d = d * 1.0001; }\nconsole.log(s, d > 1);\n";
    let program = frontend::compile("osr.js", source).unwrap();
    let out = Captured::default();
    let mut vm = Vm::new(Rc::new(program), Box::new(out.clone()));
    let compiles: Rc<RefCell<u64>> = Rc::default();
    let tiering = TieringOptions { osr_back_edges: 100, ..TieringOptions::default() };
    vm.set_compiler(Box::new(BaselineOnLlvm { options: LlvmOptions::default(), compiles: compiles.clone() }), tiering);
    vm.run_script().unwrap();
    vm.flush();
    let expected: i32 = (0..20000i64).fold(0i32, |s, i| s.wrapping_add((i * 3) as i32));
    assert_eq!(String::from_utf8(out.0.borrow().clone()).unwrap(), format!("{expected} true\n"));
    assert!(vm.tier_stats.osr_entries >= 1, "{:?}", vm.tier_stats);
    assert!(*compiles.borrow() >= 1);
}
