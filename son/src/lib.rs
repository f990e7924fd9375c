//! The sea-of-nodes optimizing pipeline (TurboFan style): graph, builder, GraphReducer,
//! reducers and a global-code-motion scheduler lowering to the shared LIR.
//!
//! Introduced after the shared IR; until then this crate is empty.
