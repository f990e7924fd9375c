//! The Turboshaft-style CFG optimizing pipeline: a flat op buffer with blocks as ranges,
//! copying phases through a reducer stack, lowering to the shared LIR.
//!
//! Introduced after the shared IR; until then this crate is empty.
