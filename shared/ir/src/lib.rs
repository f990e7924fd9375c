//! The shared intermediate representation both optimizing pipelines speak: the op table,
//! the type lattice, frame states and the scheduled low-level form (LIR).
//!
//! - [`ops`]: the op table; [`types`] and [`typing`]: the type lattice and every op's rule;
//! - [`feedback`]: the feedback records; [`speculation`]: what every compiler speculates on;
//!   [`inlining`]: which calls every compiler inlines (caps and budget);
//!   [`compile`]: a compilation's input;
//! - [`frame`]: frame states and exits; [`tagged`]: the NaN-box encoding;
//! - [`load_elim`]: the abstract heap both pipelines' load elimination share;
//! - [`escape`]: escape analysis policy (uses, named-access effects, caps, counters);
//! - [`machine_lowering`]: the machine sequences of speculative number operations, shared;
//! - [`fold`]: the values of machine ops on known inputs (both constant folders and the LIR
//!   evaluator);
//! - [`peeling`]: the loop-peeling cap both pipelines share;
//! - [`hash`]: deterministic hash maps for every compiler table;
//! - [`lir`], [`lir_text`], [`lir_verify`]: LIR, its text form and its verifier.
pub mod ops;
pub mod feedback;
pub mod tagged;
pub mod frame;
pub mod lir;
pub mod lir_text;
pub mod lir_verify;
pub mod types;
pub mod typing;
#[cfg(test)]
mod test_rng;
pub mod compile;
pub mod speculation;
pub mod inlining;
pub mod load_elim;
pub mod escape;
pub mod machine_lowering;
pub mod fold;
pub mod hash;
pub mod osr;
pub mod peeling;
