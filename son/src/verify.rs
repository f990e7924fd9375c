//! The graph verifier, run after every phase in debug and test builds.
//!
//! It checks the live graph (nodes reachable from `End`):
//!
//! - **Arity.** Fixed input counts match the op table; a `Phi`/`EffectPhi` has one value
//!   (effect) input per input of its `Merge`/`Loop`.
//! - **Edge kinds.** A value input produces a value, an effect input an effect, a control
//!   input control (the op table's output counts); `Dead` may stand for any of them.
//! - **Control shape.** `IfTrue`/`IfFalse` hang off a `Branch`; phis hang off a `Merge` or
//!   `Loop`; every block start has at most one control-flow successor (a branch, a
//!   terminator, or a merge it jumps to).
//! - **Use lists.** Every input edge appears in its input's use list and every use is an
//!   input edge; no live node reads a killed node.

use ir::ops::{Arity, Opcode};
use ir::verify::{Location, VerifyError};

use crate::graph::{EdgeKind, Graph, NodeId};

/// True if `op` continues or ends control flow out of a block (the block's successor edge).
pub fn is_block_exit(g: &Graph, user: NodeId) -> bool {
    matches!(
        g.opcode(user),
        Opcode::Branch | Opcode::Return | Opcode::Throw | Opcode::Deoptimize | Opcode::Merge | Opcode::Loop | Opcode::End
    ) || (g.op(user).effects().can_throw && g.has_exception_edge(user))
}

/// The control-flow successors of block start `n` among the nodes `live` accepts: users
/// that read `n` through a *control* edge and end the block.
pub fn block_exits(g: &Graph, n: NodeId, live: impl Fn(NodeId) -> bool) -> Vec<NodeId> {
    let mut v: Vec<NodeId> = g
        .uses(n)
        .iter()
        .filter(|u| live(u.user) && is_block_exit(g, u.user) && g.edge_kind(u.user, u.index as usize) == EdgeKind::Control)
        .map(|u| u.user)
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Verifies `g`; returns every problem found, each located at its node.
pub fn verify(g: &Graph) -> Result<(), Vec<VerifyError>> {
    let mut errors = Vec::new();
    // A problem of node `n`, described with its op, inputs and type (`Graph::node_line`).
    let at = |n: NodeId, what: String| VerifyError::new(Location::Node(n.0), format!("{}: {what}", g.node_description(n)));
    let live = g.live_nodes();
    let mut is_live = vec![false; g.node_count()];
    for &n in &live {
        is_live[n.index()] = true;
    }
    for &n in &live {
        if g.is_killed(n) {
            errors.push(VerifyError::new(Location::Node(n.0), "killed node is reachable from End"));
            continue;
        }
        let op = g.op(n);
        let info = op.info();
        let (v, e, c) = g.counts(n);
        let total = g.inputs(n).len();
        if v + e + c != total {
            errors.push(at(n, format!("{total} inputs do not fit the arity")));
        }
        for (arity, count, kind) in [(info.value_in, v, "value"), (info.effect_in, e, "effect"), (info.control_in, c, "control")] {
            if let Arity::Fixed(k) = arity {
                if k as usize != count {
                    errors.push(at(n, format!("expected {k} {kind} inputs, has {count}")));
                }
            }
        }
        for (i, &inp) in g.inputs(n).iter().enumerate() {
            if g.is_killed(inp) {
                errors.push(at(n, format!("input {i} is the killed node {inp}")));
                continue;
            }
            if !g.uses(inp).iter().any(|u| u.user == n && u.index as usize == i) {
                errors.push(at(n, format!("input {i} missing from the use list of {inp}")));
            }
            if g.opcode(inp) == Opcode::Dead {
                continue;
            }
            let out = g.op(inp).info();
            let ok = match g.edge_kind(n, i) {
                EdgeKind::Value => out.value_out > 0,
                EdgeKind::Effect => out.effect_out > 0,
                EdgeKind::Control => out.control_out > 0,
            };
            if !ok {
                errors.push(at(n, format!("input {i} ({}) has the wrong kind", g.op(inp))));
            }
        }
        for u in g.uses(n) {
            if g.inputs(u.user).get(u.index as usize) != Some(&n) {
                errors.push(VerifyError::new(Location::Node(n.0), format!("stale use {}[{}]", u.user, u.index)));
            }
        }
        match g.opcode(n) {
            // A missing input was reported with the arity above.
            Opcode::IfTrue | Opcode::IfFalse => {
                if let Some(&b) = g.inputs(n).first() {
                    if !matches!(g.opcode(b), Opcode::Branch | Opcode::Dead) {
                        errors.push(at(n, "projection of a non-branch".into()));
                    }
                }
            }
            Opcode::IfSuccess | Opcode::IfException => {
                if let Some(t) = g.control_input(n) {
                    if g.opcode(t) != Opcode::Dead && g.exception_projections(t).is_none() {
                        errors.push(at(n, "an exception projection without its pair".into()));
                    }
                    if g.opcode(n) == Opcode::IfException && g.effect_input(n) != Some(t) {
                        errors.push(at(n, "IfException's effect is not its throwing node".into()));
                    }
                }
            }
            Opcode::Phi | Opcode::EffectPhi => match g.control_input(n).map(|m| (m, g.opcode(m))) {
                Some((m, Opcode::Merge | Opcode::Loop)) => {
                    let k = if g.opcode(n) == Opcode::Phi { v } else { e };
                    if k != g.inputs(m).len() {
                        errors.push(at(n, format!("{k} inputs for a merge of {}", g.inputs(m).len())));
                    }
                }
                None | Some((_, Opcode::Dead)) => {}
                Some(_) => errors.push(at(n, "phi not on a merge".into())),
            },
            _ => {}
        }
        if g.is_block_start(n) {
            let exits = block_exits(g, n, |u| is_live[u.index()]).len();
            if exits > 1 {
                errors.push(at(n, format!("{exits} control-flow successors")));
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
