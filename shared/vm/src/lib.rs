//! The seabed virtual machine: NaN-boxed values, a heap of shaped objects and arrays with
//! element kinds, builtins, and the bytecode interpreter that records type feedback.
//!
//! Unreachable cells are freed by a non-moving mark-sweep collector ([`gc`]).

pub mod builtins;
mod builtins_tier2;
mod builtins_census;
pub mod census;
pub mod console;
pub mod convert;
mod destructuring;
pub mod exception;
pub mod gc;
pub mod heap;
pub mod interp;
pub mod layout;
pub mod number;
pub mod objects;
pub mod runtime;
pub mod stable_vec;
pub mod tiering;
pub mod value;

pub use ir::feedback;
pub use exception::{ErrorKind, Exception, JsResult, Throw};
pub use interp::Vm;
pub use value::Value;
