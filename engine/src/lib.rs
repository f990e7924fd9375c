//! The JIT engine: everything between the interpreter and machine code.
//!
//! The vm knows only its tiering hook (`vm::tiering::OptimizingCompiler`); this crate
//! implements it by combining a compiler with a backend:
//!
//! - [`baseline`]: the non-optimizing compiler (bytecode → LIR, `--tier baseline`);
//! - [`tiers`]: the tiering hook: a tier (baseline, sea of nodes, CFG) and a backend (the LIR
//!   evaluator or LLVM), compiled code installed into the vm, phase rows kept for `--stats`;
//! - [`compile_thread`]: the background thread that runs the LLVM stage (`--compile-thread on`).
pub mod baseline;
pub mod compile_thread;
pub mod tiers;
