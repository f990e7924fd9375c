//! Dead nodes still in the graph at a phase's end (claim C13), and what the phase removed.
//!
//! # What counts as dead
//!
//! The graph is what [`Graph::live_nodes`] returns: the nodes reachable from `End` through
//! inputs of every kind (a node no one uses is not in the graph, so a value-dead pure node
//! never counts here; see the claim's threats). Of those, a node is *dead* when the
//! dead-code reducer ([`crate::reducers::dce`]) would remove it, whatever reducers ran:
//!
//! - *control-dead* ([`DeadCensus::unreachable`]): the `Dead` node itself; a control node
//!   (one with a control output: `Branch`, `IfTrue`, `Merge`, `Return`, ...) that no path of
//!   control edges reaches forward from `Start` (a folded branch's other arm and everything
//!   after it); a node whose control input is such a node (a load or check pinned in that
//!   arm); and, as `dce` propagates `Dead`, a node with a `Dead` input (a merge or phi input
//!   aside, which `dce` drops instead);
//! - *needed by dead nodes only*: nodes that the backward walk from `End` reaches only
//!   through control-dead nodes, or through a phi's input from a dead merge input (a merge
//!   input from dead control drops the matching phi inputs).
//!
//! [`DeadCensus::left`] counts both. The CFG counts the same (`cfg::deadness`): ops in blocks
//! no longer reachable from the entry, and ops that nothing required needs. On both sides it
//! is what the pipeline's dead-code elimination would drop if it ran now.
//!
//! # Across phases
//!
//! Node ids persist across phases, so [`carried`] compares the dead set at a phase's start
//! with the one at its end: the dead nodes the phase made (still there at its end) and those
//! it removed follow (`dead_new`, `dead_gone` on the phase row). The census runs after the
//! phase's window closes (`Meter::annotate_last`), so no phase's wall time includes it.

use ir::ops::{Op, Opcode};

use crate::graph::{EdgeKind, Graph, NodeId};

/// The dead nodes of a graph at one moment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeadCensus {
    /// The dead nodes (reachable from `End`, removable by dead-code elimination), ascending.
    pub dead: Vec<NodeId>,
    /// Of them, the control-dead ones (unreachable control, `Dead`, or a `Dead` input).
    pub unreachable: u64,
}

impl DeadCensus {
    /// How many dead nodes are left in the graph.
    pub fn left(&self) -> u64 {
        self.dead.len() as u64
    }
}

/// Whether `op` is a check (it may exit to the interpreter and is neither a control node nor
/// a generic JavaScript operation that may throw): `DeoptimizeIf`, `CheckMaps`,
/// `CheckedInt32Add`, ... The CFG uses the same predicate (`cfg::deadness`).
pub fn is_check(op: &Op) -> bool {
    let e = op.effects();
    e.can_deopt && !e.can_throw && !e.control
}

/// Whether `n` has a control output (it starts, ends or continues a block).
fn is_control(g: &Graph, n: NodeId) -> bool {
    g.op(n).info().control_out > 0
}

/// Nodes reached forward from `Start` along control edges (by id).
fn control_reachable(g: &Graph) -> Vec<bool> {
    let mut reached = vec![false; g.node_count()];
    let mut work = vec![g.start];
    reached[g.start.index()] = true;
    while let Some(n) = work.pop() {
        for u in g.uses(n) {
            let user = u.user;
            if !reached[user.index()] && is_control(g, user) && g.edge_kind(user, u.index as usize) == EdgeKind::Control {
                reached[user.index()] = true;
                work.push(user);
            }
        }
    }
    reached
}

/// Whether `dce` drops a dead input at this position instead of killing `n`: a merge's, a
/// loop's or `End`'s control input, a phi's value or effect input.
fn drops_dead_inputs(g: &Graph, n: NodeId) -> bool {
    matches!(g.opcode(n), Opcode::Merge | Opcode::Loop | Opcode::End | Opcode::Phi | Opcode::EffectPhi)
}

/// The census of `g`, whose nodes reachable from `End` are `live` ([`Graph::live_nodes`]).
pub fn census(g: &Graph, live: &[NodeId]) -> DeadCensus {
    let reached = control_reachable(g);
    let dead_node = g.dead();
    let control_dead = |n: NodeId| -> bool {
        if n == dead_node {
            return true;
        }
        if is_control(g, n) && n != g.end {
            return !reached[n.index()];
        }
        if let Some(c) = g.control_input(n) {
            if !drops_dead_inputs(g, n) && !reached[c.index()] {
                return true;
            }
        }
        !drops_dead_inputs(g, n) && g.inputs(n).contains(&dead_node)
    };
    let mut is_control_dead = vec![false; g.node_count()];
    let mut unreachable = 0u64;
    for &n in live {
        if control_dead(n) {
            is_control_dead[n.index()] = true;
            unreachable += 1;
        }
    }
    // Backward from `End` through nodes that are not control-dead; a phi's input from a dead
    // merge input, and a merge's dead input, are not followed.
    let mut needed = vec![false; g.node_count()];
    let mut work = vec![g.end];
    needed[g.end.index()] = true;
    while let Some(n) = work.pop() {
        let phi_merge = match g.opcode(n) {
            Opcode::Phi | Opcode::EffectPhi => g.control_input(n),
            _ => None,
        };
        for (i, &x) in g.inputs(n).iter().enumerate() {
            if needed[x.index()] || is_control_dead[x.index()] {
                continue;
            }
            if let Some(m) = phi_merge {
                if x != m && g.inputs(m).get(i).is_some_and(|&c| is_control_dead[c.index()]) {
                    continue;
                }
            }
            needed[x.index()] = true;
            work.push(x);
        }
    }
    let mut dead: Vec<NodeId> = live.iter().copied().filter(|n| !needed[n.index()]).collect();
    dead.sort_unstable();
    DeadCensus { dead, unreachable }
}

/// Of the dead nodes `before` (a census at a phase's start), how many are still dead in
/// `after` (the census at its end): `dead_new = after.left() − carried`, `dead_gone =
/// before.left() − carried`.
pub fn carried(before: &DeadCensus, after: &DeadCensus) -> u64 {
    let (mut i, mut j, mut n) = (0, 0, 0u64);
    while i < before.dead.len() && j < after.dead.len() {
        match before.dead[i].cmp(&after.dead[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}

/// The extras of a phase row: `dead_left`, `dead_unreachable_left`, `dead_new`, `dead_gone`
/// (`before`: the census at the phase's start, `None` for the build).
pub fn extras(before: Option<&DeadCensus>, after: &DeadCensus) -> [(&'static str, u64); 4] {
    let kept = before.map_or(0, |b| carried(b, after));
    let gone = before.map_or(0, |b| b.left() - kept);
    [("dead_left", after.left()), ("dead_unreachable_left", after.unreachable), ("dead_new", after.left() - kept), ("dead_gone", gone)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reducer::{Driver, GraphReducer};
    use crate::reducers::dce::DeadCodeElimination;
    use ir::ops::{BranchProfile, Rep};

    /// `if (k) { x = load a } else { x = b }; return x` where the true arm holds a
    /// `CheckedInt32Add` pinned to its `IfTrue`: with `k = 0`, a folded branch leaves the
    /// true arm dead.
    fn diamond_with_arm(k: i32) -> Graph {
        let mut g = Graph::new(0);
        let s = g.start;
        let c = g.add(Op::Int32Constant { value: k }, &[]);
        let br = g.add(Op::Branch { profile: BranchProfile::NONE }, &[c, s]);
        let t = g.add(Op::IfTrue, &[br]);
        let f = g.add(Op::IfFalse, &[br]);
        let a = g.add(Op::Parameter { index: 0 }, &[s]);
        let b = g.add(Op::Parameter { index: 1 }, &[s]);
        let fs = g.add(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[]);
        let add = g.add(Op::CheckedInt32Add, &[a, b, fs, s, t]);
        let m = g.add(Op::Merge, &[t, f]);
        let ep = g.add(Op::EffectPhi, &[add, s, m]);
        let phi = g.add(Op::Phi { rep: Rep::Tagged }, &[add, b, m]);
        let ret = g.add(Op::Return, &[phi, ep, m]);
        let end = g.end;
        g.append_input(end, ret);
        g
    }

    #[test]
    fn a_graph_without_folded_branches_has_no_dead_nodes() {
        let g = diamond_with_arm(1);
        let c = census(&g, &g.live_nodes());
        assert_eq!(c, DeadCensus::default());
    }

    #[test]
    fn a_folded_branch_leaves_its_arm_dead_until_dce_runs() {
        let mut g = diamond_with_arm(0);
        // Fold the branch by hand, as `branch-elim` does in a phase without `dce`: the
        // taken projection becomes the branch's control, the other `Dead`.
        let br = g.live_nodes().into_iter().find(|&n| g.opcode(n) == Opcode::Branch).expect("the branch");
        let t = g.users(br).find(|&u| g.opcode(u) == Opcode::IfTrue).expect("IfTrue");
        let f = g.users(br).find(|&u| g.opcode(u) == Opcode::IfFalse).expect("IfFalse");
        let dead = g.dead();
        g.replace_uses(t, dead);
        g.kill(t);
        g.replace_uses(f, g.start);
        g.kill(f);
        g.kill(br);
        let before = census(&g, &g.live_nodes());
        // `Dead` and the add pinned to it are control-dead; its frame state and the
        // parameter `a` are needed by the dead add only (`b` by the false arm too).
        let ops: Vec<Opcode> = before.dead.iter().map(|&n| g.opcode(n)).collect();
        assert_eq!(ops, [Opcode::Dead, Opcode::Parameter, Opcode::FrameState, Opcode::CheckedInt32Add], "{}", g.dump());
        assert_eq!(before.unreachable, 2);
        let mut dce = DeadCodeElimination;
        GraphReducer::new(vec![&mut dce]).run(&mut g, Driver::V8);
        let after = census(&g, &g.live_nodes());
        assert_eq!(after.left(), 0, "{}", g.dump());
        assert_eq!(carried(&before, &after), 0);
        assert_eq!(extras(Some(&before), &after), [("dead_left", 0), ("dead_unreachable_left", 0), ("dead_new", 0), ("dead_gone", 4)]);
        assert_eq!(extras(None, &before), [("dead_left", 4), ("dead_unreachable_left", 2), ("dead_new", 4), ("dead_gone", 0)]);
    }

    #[test]
    fn the_driver_counts_a_folded_branch_and_the_dead_it_propagates() {
        let mut g = diamond_with_arm(0);
        let mut dce = DeadCodeElimination;
        let stats = GraphReducer::new(vec![&mut dce]).run(&mut g, Driver::V8);
        let d = stats.deadness;
        assert_eq!(d.branches_folded, 1, "{d:?}");
        // The branch, then the add pinned to the dead arm: each replaced by `Dead` in a
        // visit of its own (the projections are replaced inside the branch's visit).
        assert_eq!(d.dead_made, 2, "{d:?}");
        assert!(d.dead_visits >= 2, "the add and the merge are visited with a `Dead` input: {d:?}");
        assert_eq!(d.checks_known, 0, "a check removed as dead is not known to pass: {d:?}");
        let mut live = diamond_with_arm(1);
        let mut dce = DeadCodeElimination;
        let stats = GraphReducer::new(vec![&mut dce]).run(&mut live, Driver::V8);
        assert_eq!((stats.deadness.branches_folded, stats.deadness.dead_made, stats.deadness.dead_visits), (1, 1, 1), "{:?}", stats.deadness);
    }

    #[test]
    fn the_driver_counts_a_check_that_cannot_fire() {
        let mut g = Graph::new(0);
        let s = g.start;
        let zero = g.add(Op::Int32Constant { value: 0 }, &[]);
        let fs = g.add(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[]);
        let d = g.add(Op::DeoptimizeIf { reason: ir::ops::DeoptReason::Overflow }, &[zero, fs, s, s]);
        let p = g.add(Op::Parameter { index: 0 }, &[s]);
        let ret = g.add(Op::Return, &[p, d, d]);
        let end = g.end;
        g.append_input(end, ret);
        let mut dce = DeadCodeElimination;
        let stats = GraphReducer::new(vec![&mut dce]).run(&mut g, Driver::V8);
        assert_eq!(stats.deadness, crate::reducer::DeadnessEvents { checks_known: 1, ..Default::default() });
    }

    #[test]
    fn carried_counts_the_common_dead_nodes() {
        let a = DeadCensus { dead: vec![NodeId(1), NodeId(4), NodeId(7)], unreachable: 1 };
        let b = DeadCensus { dead: vec![NodeId(4), NodeId(7), NodeId(9)], unreachable: 0 };
        assert_eq!(carried(&a, &b), 2);
        assert_eq!(extras(Some(&a), &b), [("dead_left", 3), ("dead_unreachable_left", 0), ("dead_new", 1), ("dead_gone", 1)]);
    }

    #[test]
    fn checks_are_deopting_ops_that_neither_throw_nor_branch() {
        assert!(is_check(&Op::CheckedInt32Add));
        assert!(is_check(&Op::DeoptimizeIf { reason: ir::ops::DeoptReason::Overflow }));
        assert!(!is_check(&Op::Int32Add));
        assert!(!is_check(&Op::Branch { profile: BranchProfile::NONE }));
    }
}
