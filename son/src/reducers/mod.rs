//! The reducers: small rule sets the [`crate::reducer::GraphReducer`] drives to a joint fixed
//! point. Each has one contract:
//!
//! - [`dce::DeadCodeElimination`]: branch folding on constant conditions, merge reduction,
//!   `Dead` propagation;
//! - [`common::CommonOperatorReducer`]: redundant phis, selects, and the boolean
//!   conversions of the simplified level;
//! - [`machine_opt::MachineOptimization`]: constant folding with JS semantics, algebraic
//!   simplification, strength reduction and reassociation on machine ops, plus folding of
//!   tag/untag pairs (representation changes that cancel);
//! - [`value_numbering::ValueNumbering`]: merges equal pure nodes;
//! - [`typer::Typer`]: types every node with the shared rules, widening loop phis;
//! - [`load_elim::LoadElimination`]: load elimination on the simplified ops (store-to-load
//!   forwarding, redundant loads, maps checks and stores), with type-based (`load-elim`) or
//!   offset-only (`load-elim-offset`) aliasing;
//! - [`redundancy::RedundancyElimination`]: a check dominated on the effect chain by an
//!   identical check is removed (`redundancy`, the mirror of the CFG side's `check-elim`);
//! - [`branch_elim::BranchElimination`]: a branch or check whose condition is known on its
//!   path folds (`branch-elim`, TurboFan's `BranchElimination`, the mirror of the CFG side's
//!   `branch-elim` without its range facts);
//! - [`escape`]: escape analysis and scalar replacement of object literals (a whole-graph
//!   analysis over the effect chain, not a local rule set: `reduce(escape)` runs it before
//!   the phase's other reducers).
//!
//! The helpers here read constants out of nodes.

pub mod branch_elim;
pub mod common;
pub mod dce;
pub mod escape;
pub mod load_elim;
pub mod load_elim_v8;
pub mod machine_opt;
pub mod redundancy;
pub mod typer;
pub mod value_numbering;

use ir::ops::Op;
use ir::tagged;

use crate::graph::{Graph, NodeId};

/// The value of an `Int32Constant` node.
pub fn int32_const(g: &Graph, n: NodeId) -> Option<i32> {
    match g.op(n) {
        Op::Int32Constant { value } => Some(value),
        _ => None,
    }
}

/// The value of a `Float64Constant` node.
pub fn float64_const(g: &Graph, n: NodeId) -> Option<f64> {
    match g.op(n) {
        Op::Float64Constant { value } => Some(value.0),
        _ => None,
    }
}

/// The NaN-boxed bits of a tagged constant (`TaggedConstant`, or `NumberConstant` as the vm
/// materializes it: an int32 when the number is one, else a double).
pub fn tagged_const(g: &Graph, n: NodeId) -> Option<u64> {
    match g.op(n) {
        Op::TaggedConstant { bits } => Some(bits),
        Op::NumberConstant { value } => Some(number_bits(value.0)),
        _ => None,
    }
}

/// The bits the vm uses for the number `x` (`ir::tagged::from_number`).
pub fn number_bits(x: f64) -> u64 {
    tagged::from_number(x)
}

/// ToBoolean of a tagged constant, if it can be decided without the heap (not for strings,
/// objects and functions, which the runtime decides).
pub fn constant_truthiness(bits: u64) -> Option<bool> {
    if tagged::is_number(bits) {
        let x = tagged::to_f64(bits);
        return Some(!(x == 0.0 || x.is_nan()));
    }
    match bits {
        tagged::UNDEFINED | tagged::NULL | tagged::FALSE | tagged::HOLE => Some(false),
        tagged::TRUE => Some(true),
        _ => None,
    }
}

/// Adds an `Int32Constant` (value numbering merges duplicates).
pub fn new_int32(g: &mut Graph, value: i32) -> NodeId {
    g.add(Op::Int32Constant { value }, &[])
}

#[cfg(test)]
pub mod matcher;
