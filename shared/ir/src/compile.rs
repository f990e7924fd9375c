//! What an optimizing compiler receives and how it declines: the plain-data interface
//! between the vm and the pipelines (which never see the vm itself).

use frontend::bytecode::{FuncId, Program};

use crate::feedback::SlotFeedback;

/// The input of one compilation: the program, the function, and a snapshot of the feedback
/// of every function (callees are needed for inlining).
pub struct CompileInput<'a> {
    /// The program.
    pub program: &'a Program,
    /// The function to compile.
    pub func: FuncId,
    /// Feedback per function, slot by slot (`feedback[f][slot]`).
    pub feedback: &'a [Vec<SlotFeedback>],
}

impl<'a> CompileInput<'a> {
    /// The feedback of function `f`.
    pub fn feedback_of(&self, f: FuncId) -> &'a [SlotFeedback] {
        &self.feedback[f.0 as usize]
    }
}

/// Why a compiler left a function to the interpreter (counted, with the reason recorded).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Bailout {
    /// What the compiler could not handle.
    pub reason: String,
}

impl std::fmt::Display for Bailout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bailout: {}", self.reason)
    }
}
