//! Backends that execute LIR: the evaluator, LLVM and Cranelift.
//!
//! - [`eval`]: the LIR evaluator (`--backend lir`), the reference backend.
//! - [`llvm`]: LIR → LLVM IR → machine code, with patchpoint exits and stack maps (FTL style).

//! - [`cranelift`]: LIR → Cranelift IR → machine code, exits through a cold call to an exit
//!   stub instead of patchpoints (B3 `Check` style).
//!
//! What the two machine backends share, backend-neutral: [`direct_calls`] (which calls go
//! straight to a callee's machine code, and their argument buffer), `native` (the entry
//! of compiled code and the call through it, the common part of their `CompiledCode`),
//! `lir_info` (what both read off LIR before lowering: block order, runtime call sites,
//! shared exits), `runtime` (the helpers compiled code calls, the exception sentinel), [`phases`] (their
//! steps as meterable phases) and [`error`] (why they fail, [`BackendError`]).

pub mod cranelift;
pub mod direct_calls;
pub mod error;
pub mod eval;
pub mod llvm;
pub(crate) mod lir_info;
mod native;
pub mod phases;
pub(crate) mod runtime;

pub use error::BackendError;
