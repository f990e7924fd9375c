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

use crate::graph::{EdgeKind, Graph, NodeId};

/// True if `op` continues or ends control flow out of a block (the block's successor edge).
pub fn is_block_exit(g: &Graph, user: NodeId) -> bool {
    matches!(
        g.opcode(user),
        Opcode::Branch | Opcode::Return | Opcode::Throw | Opcode::Deoptimize | Opcode::Merge | Opcode::Loop | Opcode::End
    )
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

/// Verifies `g`; returns every problem found, one per line.
pub fn verify(g: &Graph) -> Result<(), String> {
    let mut errors = Vec::new();
    let live = g.live_nodes();
    let mut is_live = vec![false; g.node_count()];
    for &n in &live {
        is_live[n.index()] = true;
    }
    for &n in &live {
        if g.is_killed(n) {
            errors.push(format!("{n}: killed node is reachable from End"));
            continue;
        }
        let op = g.op(n);
        let info = op.info();
        let (v, e, c) = g.counts(n);
        let total = g.inputs(n).len();
        if v + e + c != total {
            errors.push(format!("{}: {} inputs do not fit the arity", g.node_line(n), total));
        }
        for (arity, count, kind) in [(info.value_in, v, "value"), (info.effect_in, e, "effect"), (info.control_in, c, "control")] {
            if let Arity::Fixed(k) = arity {
                if k as usize != count {
                    errors.push(format!("{}: expected {k} {kind} inputs, has {count}", g.node_line(n)));
                }
            }
        }
        for (i, &inp) in g.inputs(n).iter().enumerate() {
            if g.is_killed(inp) {
                errors.push(format!("{}: input {i} is the killed node {inp}", g.node_line(n)));
                continue;
            }
            if !g.uses(inp).iter().any(|u| u.user == n && u.index as usize == i) {
                errors.push(format!("{}: input {i} missing from the use list of {inp}", g.node_line(n)));
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
                errors.push(format!("{}: input {i} ({}) has the wrong kind", g.node_line(n), g.op(inp)));
            }
        }
        for u in g.uses(n) {
            if g.inputs(u.user).get(u.index as usize) != Some(&n) {
                errors.push(format!("{n}: stale use {}[{}]", u.user, u.index));
            }
        }
        match g.opcode(n) {
            Opcode::IfTrue | Opcode::IfFalse => {
                let b = g.inputs(n)[0];
                if !matches!(g.opcode(b), Opcode::Branch | Opcode::Dead) {
                    errors.push(format!("{}: projection of a non-branch", g.node_line(n)));
                }
            }
            Opcode::Phi | Opcode::EffectPhi => {
                let m = g.control_input(n).expect("phis have control");
                match g.opcode(m) {
                    Opcode::Merge | Opcode::Loop => {
                        let k = if g.opcode(n) == Opcode::Phi { v } else { e };
                        if k != g.inputs(m).len() {
                            errors.push(format!("{}: {k} inputs for a merge of {}", g.node_line(n), g.inputs(m).len()));
                        }
                    }
                    Opcode::Dead => {}
                    _ => errors.push(format!("{}: phi not on a merge", g.node_line(n))),
                }
            }
            _ => {}
        }
        if g.is_block_start(n) {
            let exits = block_exits(g, n, |u| is_live[u.index()]).len();
            if exits > 1 {
                errors.push(format!("{}: {exits} control-flow successors", g.node_line(n)));
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n"))
    }
}
