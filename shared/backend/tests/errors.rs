//! LIR the machine backends cannot lower fails with a typed error ([`BackendError::Lir`])
//! that names the problem, on LLVM and Cranelift alike.

use backend::cranelift::{self, ClifOptions};
use backend::error::{LirError, MachineBackend};
use backend::llvm::{self, LlvmOptions};
use backend::BackendError;
use frontend::bytecode::FuncId;
use ir::lir::Function;

/// An OSR entry: its entry block has parameters, which neither backend supports.
const OSR_ENTRY: &str = "function f #0
block b0(v0:Tagged):
  return v0
";

/// The error of compiling `lir` on LLVM and on Cranelift.
fn errors(lir: &Function) -> [BackendError; 2] {
    let Err(on_llvm) = llvm::compile(lir, &LlvmOptions::default()) else { panic!("LLVM compiled {}", lir.name) };
    let Err(on_cranelift) = cranelift::compile(lir, &ClifOptions::default()) else { panic!("Cranelift compiled {}", lir.name) };
    [on_llvm, on_cranelift]
}

#[test]
fn a_function_without_blocks_is_a_lir_error() {
    for e in errors(&Function::new("empty", FuncId(0))) {
        assert!(matches!(e, BackendError::Lir(LirError::NoBlocks)), "{e:?}");
        assert_eq!(e.to_string(), "LIR function has no blocks");
    }
}

#[test]
fn an_osr_entry_is_a_lir_error_naming_the_backend() {
    let lir = ir::lir_text::parse(OSR_ENTRY).unwrap_or_else(|e| panic!("{e}"));
    let [on_llvm, on_cranelift] = errors(&lir);
    assert!(matches!(on_llvm, BackendError::Lir(LirError::EntryParameters(MachineBackend::Llvm))), "{on_llvm:?}");
    assert!(matches!(on_cranelift, BackendError::Lir(LirError::EntryParameters(MachineBackend::Cranelift))), "{on_cranelift:?}");
    assert_eq!(on_cranelift.to_string(), "entry block parameters (OSR entry) are not supported by the Cranelift backend");
}
