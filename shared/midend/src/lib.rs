//! The mid-end: the decisions both optimizing pipelines (and the baseline compiler) make the
//! same way, kept in one place so that the experiments compare IR shape, not policy.
//!
//! `ir` owns the data (ops, types, frame states, LIR); this crate owns the policies over it:
//!
//! - [`speculation`]: what to speculate on from feedback;
//! - [`inlining`]: which calls are inlined (caps and budget);
//! - [`osr`]: on-stack-replacement entry plans;
//! - [`load_elim`]: the abstract heap of load elimination;
//! - [`lir_tail`]: the tail both pipelines end with once they have LIR (census, OSR entry,
//!   the `representation` phase, verification);
//! - [`escape`]: escape-analysis policy (uses, named-access effects, caps, counters);
//! - [`machine_lowering`]: the machine sequences of speculative number operations;
//! - [`peeling`]: the loop-peeling cap;
//! - [`ranges`]: the int32 range lattice and decisions of control-dependent range narrowing
//!   (both `branch-elim`s);
//! - [`representation`]: representation selection of values that cross blocks (phi untagging) on the LIR both pipelines produce;
//! - [`spec`]: the pipeline-spec grammar both pipelines read, its error type and the shape
//!   of their pass registries;
//! - [`walker`]: the one translation of bytecode + feedback that drives every compiler's
//!   construction (sea of nodes, CFG, baseline).
pub mod escape;
pub mod inlining;
pub mod load_elim;
pub mod lir_tail;
pub mod machine_lowering;
pub mod osr;
pub mod peeling;
pub mod ranges;
pub mod representation;
pub mod spec;
pub mod speculation;
pub mod walker;
