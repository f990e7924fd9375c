//! Backends that execute LIR: the evaluator, LLVM and Cranelift.
//!
//! - [`eval`]: the LIR evaluator (`--backend lir`), the reference backend.
//! - [`llvm`]: LIR → LLVM IR → machine code, with patchpoint exits and stack maps (FTL style).

//! - [`cranelift`]: LIR → Cranelift IR → machine code, exits through a cold call to an exit
//!   stub instead of patchpoints (B3 `Check` style).

pub mod cranelift;
pub mod eval;
pub mod llvm;
