//! The seabed command-line interface and the experiment harness.

pub mod cli;
pub mod experiment;
pub mod generate;
pub mod tiers;
