//! The `seabed` driver: the command line (`run`, `ir`, `bytecode`, `check` and the dispatch
//! of every subcommand to its crate: `fuzz`, `conformance`, `claims`), A/B comparison of two
//! builds (`ab`) and the Turbolizer export (`turbolizer`). It depends on the harness crates,
//! never the reverse; what they share with it (exit statuses, output paths) is in `harness`.

pub mod ab;
pub mod cli;
pub mod turbolizer;
