//! The error every verifier reports: the sea-of-nodes graph verifier (`son::verify`), the
//! CFG verifier (`cfg::verify`) and the LIR verifier ([`crate::lir_verify`]) each return
//! every problem they find as a [`VerifyError`] located in the IR they checked.

use std::fmt;

use crate::frame::ExitId;
use crate::lir::BlockId;

/// Where a verifier found a problem. Each IR has its own kinds of place; the text form is the
/// one the IR's dumps use (`#3` a node, `%3` a CFG op, `B3` a CFG block, `b3` a LIR block).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Location {
    /// The function (or graph) as a whole.
    Function,
    /// A sea-of-nodes node, by id.
    Node(u32),
    /// A CFG op, by index.
    Op(u32),
    /// A CFG block, by index.
    GraphBlock(u32),
    /// A CFG edge from one block to a successor, by block index.
    Edge {
        /// The source block.
        from: u32,
        /// The target block.
        to: u32,
    },
    /// A LIR exit description (`Function::exits`).
    Exit(ExitId),
    /// A LIR block as a whole, or one of its parameters.
    Block(BlockId),
    /// Instruction `index` of a LIR block.
    Inst(BlockId, usize),
    /// The terminator of a LIR block.
    Terminator(BlockId),
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Function => write!(f, "function"),
            Location::Node(n) => write!(f, "#{n}"),
            Location::Op(i) => write!(f, "%{i}"),
            Location::GraphBlock(b) => write!(f, "B{b}"),
            Location::Edge { from, to } => write!(f, "B{from} -> B{to}"),
            Location::Exit(e) => write!(f, "exit e{}", e.0),
            Location::Block(b) => write!(f, "b{}", b.0),
            Location::Inst(b, i) => write!(f, "b{} inst {i}", b.0),
            Location::Terminator(b) => write!(f, "b{} terminator", b.0),
        }
    }
}

/// One problem a verifier found: where, and what.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct VerifyError {
    /// Where the problem is.
    pub location: Location,
    /// What is wrong.
    pub message: String,
}

impl VerifyError {
    /// An error at `location`.
    pub fn new(location: Location, message: impl Into<String>) -> VerifyError {
        VerifyError { location, message: message.into() }
    }
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.message)
    }
}

impl std::error::Error for VerifyError {}

/// The errors one per line, for a panic message or a report.
pub fn lines(errors: &[VerifyError]) -> String {
    errors.iter().map(VerifyError::to_string).collect::<Vec<_>>().join("\n")
}

/// The environment variable that turns the per-phase graph verifiers on in release builds
/// (`SEABED_VERIFY=1`; `make test` sets it): the default of `son::Options::verify` and
/// `cfg::Options::verify` is on in debug builds and wherever this variable is `1`.
pub const VERIFY_ENV: &str = "SEABED_VERIFY";

/// Whether the graph verifiers run after every phase by default: in debug builds, and in
/// release builds when [`VERIFY_ENV`] is `1` (read once per process). `seabed run --verify`
/// turns them on for one run whatever this says.
pub fn verify_graphs_by_default() -> bool {
    static FROM_ENV: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    cfg!(debug_assertions) || *FROM_ENV.get_or_init(|| std::env::var(VERIFY_ENV).is_ok_and(|v| v == "1"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_print_as_each_ir_spells_them() {
        assert_eq!(Location::Node(7).to_string(), "#7");
        assert_eq!(Location::Op(3).to_string(), "%3");
        assert_eq!(Location::GraphBlock(2).to_string(), "B2");
        assert_eq!(Location::Edge { from: 4, to: 1 }.to_string(), "B4 -> B1");
        let errors = [VerifyError::new(Location::Function, "no blocks"), VerifyError::new(Location::Node(1), "bad")];
        assert_eq!(lines(&errors), "function: no blocks\n#1: bad");
    }
}
