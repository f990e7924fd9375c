//! How JavaScript execution stops abnormally: the [`Throw`] that ends it (a thrown value,
//! an error the vm raises, an unsupported construct, an internal or fatal error), carried as
//! an [`Exception`] with its location; every runtime path returns a [`JsResult`].

use frontend::bytecode::{FuncId, Pc};

use crate::value::Value;

/// The classes of errors the vm raises itself, and the error constructors it provides.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ErrorKind {
    /// `TypeError`
    TypeError,
    /// `ReferenceError`
    ReferenceError,
    /// `RangeError`
    RangeError,
    /// `Error` (only made by programs: `new Error(msg)`)
    Error,
    /// `SyntaxError` (only made by programs)
    SyntaxError,
}

impl ErrorKind {
    /// Every kind, in builtin order.
    pub const ALL: &'static [ErrorKind] =
        &[ErrorKind::Error, ErrorKind::TypeError, ErrorKind::RangeError, ErrorKind::ReferenceError, ErrorKind::SyntaxError];

    /// The constructor's name (`TypeError`).
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::TypeError => "TypeError",
            ErrorKind::ReferenceError => "ReferenceError",
            ErrorKind::RangeError => "RangeError",
            ErrorKind::Error => "Error",
            ErrorKind::SyntaxError => "SyntaxError",
        }
    }
}

/// Why execution stopped abnormally.
#[derive(Clone, PartialEq, Debug)]
pub enum Throw {
    /// A `throw` of a value.
    Value(Value),
    /// An error the vm raised, with node's message text.
    Error(ErrorKind, String),
    /// A construct outside the implemented tiers (exit status 3).
    Unsupported(String),
    /// An internal error: compiled code broke an invariant the compilers guarantee (a compiler
    /// bug, never a JavaScript error); exit status 70.
    Internal(String),
    /// Live data exceeded `--max-heap` after a collection: node's fatal message; exit
    /// status 134, as node's abort.
    HeapLimit(String),
}

/// An exception on its way out, with the location where it was raised.
#[derive(Clone, PartialEq, Debug)]
pub struct Exception {
    /// What was thrown.
    pub throw: Throw,
    /// The function and bytecode pc that raised it.
    pub location: Option<(FuncId, Pc)>,
}

/// The result of running JavaScript code.
pub type JsResult<T> = Result<T, Box<Exception>>;
