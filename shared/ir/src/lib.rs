//! The shared intermediate representation both optimizing pipelines speak: the op table,
//! the type lattice, frame states and the scheduled low-level form (LIR).
//!
//! This crate is introduced by the shared-IR work item; until then it is empty and
//! nothing depends on its contents.
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
