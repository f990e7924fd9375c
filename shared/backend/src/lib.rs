//! Backends that execute LIR, and the baseline compiler that produces LIR straight from
//! bytecode and feedback.
//!
//! - [`eval`]: the LIR evaluator (`--backend lir`), the reference backend.
//! - [`baseline`]: the non-optimizing compiler (`--tier baseline`).

pub mod baseline;
pub mod eval;
pub mod llvm;
