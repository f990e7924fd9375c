//! The seabed frontend: a strict subset of JavaScript, parsed with `oxc_parser`, checked and
//! lowered to the register bytecode (`bytecode`) that the interpreter runs and both optimizing
//! pipelines compile from, plus bytecode liveness (`liveness`) for frame states.
//!
//! ```text
//! source --oxc_parser--> AST --compiler (scopes, hoisting, TDZ)--> Program { functions }
//! ```

pub mod bytecode;
pub mod compiler;
pub mod liveness;

pub use bytecode::Program;
pub use compiler::{compile, SyntaxError, BUILTIN_GLOBALS};
