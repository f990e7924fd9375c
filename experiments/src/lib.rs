//! The seabed command-line interface and the experiment harness.

pub mod ab;
pub mod awfy;
pub mod claims;
pub mod code_quality;
pub mod cli;
pub mod experiment;
pub mod fuzz;
pub mod gc_bench;
pub mod generate;
pub mod plot;
pub mod progress;
pub mod report;
pub mod schema;
pub mod stats;
pub mod test262;
pub mod turbolizer;
pub mod v8graph;
pub mod v8stats;
