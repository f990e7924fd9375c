//! Backends that execute LIR: the evaluator and LLVM.
//!
//! - [`eval`]: the LIR evaluator (`--backend lir`), the reference backend.
//! - [`llvm`]: LIR → LLVM IR → machine code, with patchpoint exits and stack maps (FTL style).

pub mod eval;
pub mod llvm;
