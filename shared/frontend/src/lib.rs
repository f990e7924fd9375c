//! The seabed frontend: a strict subset of JavaScript, parsed with `oxc_parser`, checked and
//! lowered to the register bytecode (`bytecode`) that the interpreter runs and both optimizing
//! pipelines compile from, plus bytecode liveness (`liveness`) for frame states.
//!
//! ```text
//! source --oxc_parser--> AST --oxc_semantic, early (early errors)--> checked AST
//!        --compiler (scopes, hoisting, TDZ)--> Program { functions }
//! ```
//!
//! Like `node FILE.js`, the file is parsed as a CommonJS module, and every early error node
//! reports (a `SyntaxError` before anything runs) is a `SyntaxError` from `compile`.

pub mod blocks;
pub mod census;
pub mod bytecode;
pub mod compiler;
mod early;
pub mod hash;
pub mod liveness;

pub use bytecode::Program;
pub use compiler::{compile, is_unimplemented_global_name, SyntaxError, BUILTIN_GLOBALS, MACHINE_DEPENDENT_GLOBALS, ON_DEMAND_GLOBALS, UNIMPLEMENTED_GLOBALS};
