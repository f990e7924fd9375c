//! Loop peeling policy shared by both optimizing pipelines.
//!
//! Both pipelines peel the first iteration of a small innermost loop (the sea of nodes in its
//! `peel` phase, the CFG in its `peel` reducer): the iteration is emitted once before the loop
//! header and the real loop starts from its values. Both accept the same loop shape (one
//! entry, one exit, from the header, whose ops neither write, throw nor change control) and
//! the same size cap, and count the same meter extras: `peeled`, `peel_too_big` and
//! `peel_skipped`.

/// The largest loop that is peeled, in ops (CFG: the ops of all the loop's blocks; sea of
/// nodes: the nodes of the loop body that are not effect phis). A larger loop is counted in
/// `peel_too_big` and left alone.
pub const MAX_PEEL_OPS: usize = 64;
