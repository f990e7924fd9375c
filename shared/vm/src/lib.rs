//! The seabed virtual machine: NaN-boxed values, a heap of shaped objects and arrays with
//! element kinds, builtins, and the bytecode interpreter that records type feedback.
//!
//! Objects live in an arena for the whole run (no garbage collector yet).

pub mod builtins;
pub mod convert;
pub mod feedback;
pub mod heap;
pub mod interp;
pub mod number;
pub mod value;

pub use interp::{ErrorKind, Exception, JsResult, Throw, Vm};
pub use value::Value;
