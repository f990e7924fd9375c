//! Backends that execute LIR: the LIR evaluator (reference) and the FTL-style LLVM backend.
//!
//! Introduced with the shared IR; until then this crate is empty.
