//! The shared intermediate representation both optimizing pipelines speak: the op table,
//! the type lattice, frame states and the scheduled low-level form (LIR). The policies both
//! pipelines share over this data (speculation, inlining, OSR, …) are in the `midend` crate.
//!
//! - [`ops`]: the op table; [`types`] and [`typing`]: the type lattice and every op's rule;
//! - [`feedback`]: the feedback records; [`compile`]: a compilation's input and why a
//!   compiler declines ([`compile::BailoutReason`]);
//! - [`frame`]: frame states and exits; [`tagged`]: the NaN-box encoding;
//! - [`fold`]: the values of machine ops on known inputs (both constant folders and the LIR
//!   evaluator);
//! - [`hash`]: deterministic hash maps for every compiler table;
//! - [`lir`], [`lir_text`], [`lir_verify`]: LIR, its text form and its verifier;
//! - [`verify`]: the located error of every verifier (graphs and LIR).
pub mod ops;
pub mod feedback;
pub mod tagged;
pub mod frame;
pub mod lir;
pub mod lir_text;
pub mod lir_verify;
pub mod verify;
pub mod types;
pub mod typing;
#[cfg(test)]
mod test_rng;
pub mod compile;
pub mod fold;
pub mod hash;
