//! Dead-code elimination: folds branches on constant conditions and propagates `Dead`.
//!
//! - `Branch(c)` with a constant `c`: the taken projection (`IfTrue`/`IfFalse`) is replaced
//!   by the branch's control input, the other by `Dead`, and the branch disappears.
//! - `DeoptimizeIf(0)` / `DeoptimizeUnless(1)` never exit: their effect and control users are
//!   rewired to their own effect and control inputs.
//! - `Merge`/`Loop`: dead control inputs are removed, together with the matching inputs of
//!   every `Phi` and `EffectPhi`; a merge left with one input (a loop with only its entry) is
//!   replaced by it, and its phis by their only input; a loop whose entry is dead is dead.
//! - `End` drops dead inputs.
//! - Any other node whose control input is dead is dead, and so is a pure node with a dead
//!   value input.

use ir::ops::{Op, Opcode};

use super::int32_const;
use crate::graph::{Graph, NodeId};
use crate::reducer::{Editor, Reducer, Reduction};

/// The dead-code reducer.
#[derive(Default)]
pub struct DeadCodeElimination;

fn is_dead(g: &Graph, n: NodeId) -> bool {
    g.opcode(n) == Opcode::Dead
}

/// The phis (value and effect) hanging off merge `m`.
fn phis_of(g: &Graph, m: NodeId) -> Vec<NodeId> {
    g.users(m)
        .into_iter()
        .filter(|&u| matches!(g.opcode(u), Opcode::Phi | Opcode::EffectPhi) && g.control_input(u) == Some(m))
        .collect()
}

impl DeadCodeElimination {
    fn reduce_merge(&mut self, g: &mut Graph, n: NodeId, ed: &mut Editor) -> Reduction {
        let is_loop = g.opcode(n) == Opcode::Loop;
        let inputs = g.inputs(n).to_vec();
        if is_loop && is_dead(g, inputs[0]) {
            return Reduction::Replace(g.dead());
        }
        let live = inputs.iter().filter(|&&i| !is_dead(g, i)).count();
        if live == 0 {
            return Reduction::Replace(g.dead());
        }
        let phis = phis_of(g, n);
        if live < inputs.len() {
            for i in (0..inputs.len()).rev() {
                if is_dead(g, inputs[i]) {
                    for &p in &phis {
                        g.remove_input(p, i);
                    }
                    g.remove_input(n, i);
                }
            }
            for &p in &phis {
                ed.revisit(p);
            }
            if live > 1 {
                return Reduction::Changed;
            }
        }
        if g.inputs(n).len() == 1 {
            for p in phis {
                let only = g.input(p, 0);
                ed.replace(g, p, only);
            }
            return Reduction::Replace(g.input(n, 0));
        }
        if live < inputs.len() {
            Reduction::Changed
        } else {
            Reduction::NoChange
        }
    }

    fn reduce_branch(&mut self, g: &mut Graph, n: NodeId, ed: &mut Editor) -> Reduction {
        let control = g.control_input(n).expect("a branch has a control input (op table arity)");
        if is_dead(g, control) {
            return Reduction::Replace(g.dead());
        }
        let Some(c) = int32_const(g, g.input(n, 0)) else { return Reduction::NoChange };
        let taken = if c != 0 { Opcode::IfTrue } else { Opcode::IfFalse };
        let projections: Vec<NodeId> = g.users(n).collect();
        for u in projections {
            let target = if g.opcode(u) == taken { control } else { g.dead() };
            ed.replace(g, u, target);
        }
        Reduction::Replace(g.dead())
    }
}

impl Reducer for DeadCodeElimination {
    fn name(&self) -> &'static str {
        "dce"
    }

    fn reduce(&mut self, g: &mut Graph, n: NodeId, ed: &mut Editor) -> Reduction {
        match g.opcode(n) {
            Opcode::Dead | Opcode::Start => Reduction::NoChange,
            Opcode::End => {
                let mut changed = false;
                for i in (0..g.inputs(n).len()).rev() {
                    if is_dead(g, g.input(n, i)) {
                        g.remove_input(n, i);
                        changed = true;
                    }
                }
                if changed {
                    Reduction::Changed
                } else {
                    Reduction::NoChange
                }
            }
            Opcode::Merge | Opcode::Loop => self.reduce_merge(g, n, ed),
            Opcode::Branch => self.reduce_branch(g, n, ed),
            Opcode::DeoptimizeIf | Opcode::DeoptimizeUnless => {
                let effect = g.effect_input(n).expect("a check has an effect input (op table arity)");
                let control = g.control_input(n).expect("a check has a control input (op table arity)");
                if is_dead(g, control) || is_dead(g, effect) {
                    return Reduction::Replace(g.dead());
                }
                let fires_on = matches!(g.op(n), Op::DeoptimizeIf { .. });
                match int32_const(g, g.input(n, 0)) {
                    Some(c) if (c != 0) != fires_on => {
                        ed.replace_with_value(g, n, None, Some(effect), Some(control));
                        Reduction::Replace(effect)
                    }
                    _ => Reduction::NoChange,
                }
            }
            _ => {
                if let Some(c) = g.control_input(n) {
                    if is_dead(g, c) {
                        return Reduction::Replace(g.dead());
                    }
                }
                if g.effect_inputs(n).iter().any(|&e| is_dead(g, e)) && g.opcode(n) != Opcode::EffectPhi {
                    return Reduction::Replace(g.dead());
                }
                if g.op(n).is_pure() && g.value_inputs(n).iter().any(|&v| is_dead(g, v)) {
                    return Reduction::Replace(g.dead());
                }
                Reduction::NoChange
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reducer::{Driver, GraphReducer};
    use ir::ops::{BranchProfile, Rep};

    /// `if (k) return a; else return b;` with a constant condition.
    fn diamond(k: i32) -> (Graph, NodeId, NodeId) {
        let mut g = Graph::new(0);
        let s = g.start;
        let c = g.add(Op::Int32Constant { value: k }, &[]);
        let br = g.add(Op::Branch { profile: BranchProfile::NONE }, &[c, s]);
        let t = g.add(Op::IfTrue, &[br]);
        let f = g.add(Op::IfFalse, &[br]);
        let m = g.add(Op::Merge, &[t, f]);
        let a = g.add(Op::Parameter { index: 0 }, &[s]);
        let b = g.add(Op::Parameter { index: 1 }, &[s]);
        let phi = g.add(Op::Phi { rep: Rep::Tagged }, &[a, b, m]);
        let ret = g.add(Op::Return, &[phi, s, m]);
        let end = g.end;
        g.append_input(end, ret);
        (g, a, b)
    }

    #[test]
    fn constant_branch_folds_and_merge_collapses() {
        for (k, expect_a) in [(1, true), (0, false)] {
            let (mut g, a, b) = diamond(k);
            let mut dce = DeadCodeElimination;
            GraphReducer::new(vec![&mut dce]).run(&mut g, Driver::V8);
            g.verify().unwrap();
            let ret = g.input(g.end, 0);
            assert_eq!(g.input(ret, 0), if expect_a { a } else { b });
            assert_eq!(g.control_input(ret), Some(g.start));
            assert!(!g.live_nodes().iter().any(|&n| matches!(g.opcode(n), Opcode::Branch | Opcode::Merge)));
        }
    }

    #[test]
    fn deoptimize_if_false_disappears() {
        let mut g = Graph::new(0);
        let s = g.start;
        let zero = g.add(Op::Int32Constant { value: 0 }, &[]);
        let fs = g.add(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[]);
        let d = g.add(Op::DeoptimizeIf { reason: ir::ops::DeoptReason::Overflow }, &[zero, fs, s, s]);
        let p = g.add(Op::Parameter { index: 0 }, &[s]);
        let ret = g.add(Op::Return, &[p, d, s]);
        let end = g.end;
        g.append_input(end, ret);
        let mut dce = DeadCodeElimination;
        let stats = GraphReducer::new(vec![&mut dce]).run(&mut g, Driver::V8);
        assert_eq!(g.effect_input(ret), Some(s));
        assert!(g.is_killed(d));
        assert!(stats.replacements >= 1 && stats.visits >= stats.changes + stats.replacements);
    }
}
