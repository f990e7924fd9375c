//! The seabed virtual machine: NaN-boxed values, a heap of shaped objects and arrays with
//! element kinds, builtins, and the bytecode interpreter that records type feedback.
//!
//! Unreachable cells are freed by a non-moving mark-sweep collector ([`gc`]).

pub mod builtins;
pub mod builtins_object;
mod builtins_tier2;
mod builtins_census;
pub mod builtins_tier3;
mod builtins_tier3_array;
mod builtins_tier3_call;
mod builtins_tier3_date;
mod builtins_tier3_json;
mod builtins_tier3_number;
mod builtins_tier3_random;
mod builtins_tier3_string;
pub mod census;
pub mod console;
pub mod convert;
mod destructuring;
pub mod exception;
mod function_store;
pub mod gc;
pub mod heap;
pub mod interp;
pub mod layout;
pub mod number;
pub mod object_functions;
pub mod object_model;
mod builtin_own_properties;
pub mod objects;
mod realm;
pub mod rope;
pub mod runtime;
pub mod stable_vec;
pub mod string_cell;
pub mod tiering;
pub mod value;

pub use ir::feedback;
pub use exception::{ErrorKind, Exception, JsResult, Throw};
pub use interp::Vm;
pub use value::Value;
