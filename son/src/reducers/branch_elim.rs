//! Branch elimination on the sea of nodes, as TurboFan's `BranchElimination`: a `Branch` or a
//! `DeoptimizeIf` / `DeoptimizeUnless` whose condition is already known on its path folds.
//!
//! # Contract
//!
//! A *fact* is a condition node with a known value: `c` is true in the blocks the true edge of
//! `Branch(c)` dominates and false in those of its false edge; after `DeoptimizeUnless(c)`
//! passes, `c` is true further down its effect chain (after `DeoptimizeIf(c)`, false). A
//! `Branch(c)` with `c` known on its control path becomes a jump: its taken projection is
//! replaced by the branch's control input, the other by `Dead`. A check whose condition is
//! known not to fire is removed (its effect and control uses take its own inputs). A check
//! known to fire is left alone: it exits every time, which only an unconditional exit could
//! say, and the CFG side keeps it too.
//!
//! Facts are about the condition *node*: two structurally equal conditions are one node once
//! value numbering ran. Unlike the CFG's `branch-elim`, no fact narrows a value's *range*
//! (`CheckedInt32Add` under `x < 42`): a sea-of-nodes value has no position, so a fact that
//! holds only below a branch cannot change it (claim C6, the by-design difference); for the
//! same reason a pure `Select` is not folded by control facts.
//!
//! # States
//!
//! Two side tables of persistent fact sets, as TurboFan's `ControlPathConditions`:
//!
//! - **control nodes**: `Start` knows nothing; `IfTrue`/`IfFalse` add their branch's condition
//!   to the facts of the branch's control input; a `Branch` passes its control input's facts
//!   on; a `Merge` waits for all its inputs and keeps the facts all of them hold; a `Loop`
//!   takes its entry edge's facts (the back edges are never assumed).
//! - **effect nodes**: the facts of passed checks along the effect chain (a check adds its
//!   own; every other effect node passes its input's on; an `EffectPhi` merges like a
//!   `Merge`). A check is decided by the facts of its control input and of its effect input.
//!
//! Both tables hold persistent hash maps ([`crate::persistent::PersistentMap`]) rather than
//! TurboFan's linked lists: versions share structure as lists share tails, a lookup is
//! O(log n) instead of a walk of the list (the CFG side's table is O(1)), and a merge costs
//! what its inputs do not share. A node's state records the input versions it was computed
//! from, so recomputing it from the same ones changes nothing.
//!
//! A branch is decided by its control path's facts only: in this sea of nodes a `Branch` is
//! not on the effect chain (TurboFan's late graph has its checks on the control chain after
//! effect-control linearization), so a fact learned from a check does not reach a later
//! branch — the CFG side's does (see `docs/optimizations.md`). A recorded list that changes
//! reports an in-place change, so the driver revisits the node's users. There is no cap, on
//! either side.

use ir::ops::{Op, Opcode};

use crate::graph::{Graph, NodeId};
use crate::persistent::{hash_of, PersistentMap};
use crate::reducer::{Editor, Reducer, Reduction};

/// The facts that hold at one point: (condition, value), by the condition's hash.
type Facts = PersistentMap<(NodeId, bool)>;

fn push(f: &Facts, cond: NodeId, value: bool) -> Facts {
    f.insert(hash_of(&cond), (cond, value))
}

/// The value `facts` give `cond`, if any.
fn lookup(facts: &Facts, cond: NodeId) -> Option<bool> {
    facts.get_all(hash_of(&cond)).find(|(c, _)| *c == cond).map(|&(_, v)| v)
}

/// One node's facts and the input versions they were computed from.
#[derive(Clone, Debug)]
struct State {
    facts: Facts,
    from: Vec<Facts>,
}

/// The branch-elimination reducer (`branch-elim`; see the module docs).
#[derive(Default)]
pub struct BranchElimination {
    /// Facts after each control node (`None` inside: not computed yet).
    control: Vec<Option<State>>,
    /// Facts of passed checks after each effect node.
    effect: Vec<Option<State>>,
    branches_folded: u64,
    checks_removed: u64,
}

impl BranchElimination {
    /// A reducer with no facts yet.
    pub fn new() -> BranchElimination {
        BranchElimination::default()
    }

    fn get(table: &[Option<State>], n: NodeId) -> Option<Facts> {
        table.get(n.index()).and_then(|s| s.as_ref()).map(|s| s.facts.clone())
    }

    /// True if `n`'s entry in `table` was computed from exactly these input versions.
    fn unchanged(table: &[Option<State>], n: NodeId, from: &[Facts]) -> bool {
        table.get(n.index()).and_then(|s| s.as_ref()).is_some_and(|s| {
            s.from.len() == from.len() && s.from.iter().zip(from).all(|(a, b)| a.ptr_eq(b))
        })
    }

    /// Records `n`'s facts in `table`: `Changed` if they differ from the recorded ones.
    fn update(table: &mut Vec<Option<State>>, n: NodeId, facts: Facts, from: Vec<Facts>) -> Reduction {
        if table.len() <= n.index() {
            table.resize(n.index() + 1, None);
        }
        let slot = &mut table[n.index()];
        let changed = !slot.as_ref().is_some_and(|old| old.facts.ptr_eq(&facts));
        *slot = Some(State { facts, from });
        if changed {
            Reduction::Changed
        } else {
            Reduction::NoChange
        }
    }

    /// The facts of `inputs` in `table` (a loop takes its entry's), or `None` while one is
    /// not computed yet.
    fn inputs_of(table: &[Option<State>], inputs: &[NodeId], is_loop: bool) -> Option<Vec<Facts>> {
        let inputs = if is_loop { &inputs[..inputs.len().min(1)] } else { inputs };
        inputs.iter().map(|&i| Self::get(table, i)).collect()
    }

    /// The facts every one of `from` holds.
    fn merge(from: &[Facts]) -> Facts {
        from[1..].iter().fold(from[0].clone(), |m, f| m.intersect(f))
    }

    fn reduce_if(&mut self, g: &Graph, n: NodeId, value: bool) -> Reduction {
        let Some(branch) = g.control_input(n) else { return Reduction::NoChange };
        let Some(before) = g.control_input(branch).and_then(|c| Self::get(&self.control, c)) else {
            return Reduction::NoChange;
        };
        let from = vec![before.clone()];
        if Self::unchanged(&self.control, n, &from) {
            return Reduction::NoChange;
        }
        let cond = g.input(branch, 0);
        Self::update(&mut self.control, n, push(&before, cond, value), from)
    }

    fn reduce_branch(&mut self, g: &mut Graph, n: NodeId, ed: &mut Editor) -> Reduction {
        let Some(control) = g.control_input(n) else { return Reduction::NoChange };
        let Some(facts) = Self::get(&self.control, control) else { return Reduction::NoChange };
        let cond = g.input(n, 0);
        let Some(value) = lookup(&facts, cond) else { return Self::update(&mut self.control, n, facts.clone(), vec![facts]) };
        let taken = if value { Opcode::IfTrue } else { Opcode::IfFalse };
        let projections: Vec<NodeId> = g.users(n).collect();
        for p in projections {
            let target = if g.opcode(p) == taken { control } else { g.dead() };
            ed.replace(g, p, target);
        }
        g.branch_weights.remove(&n);
        self.branches_folded += 1;
        Reduction::Replace(g.dead())
    }

    fn reduce_check(&mut self, g: &mut Graph, n: NodeId, fires_when: bool, ed: &mut Editor) -> Reduction {
        let (Some(effect), Some(control)) = (g.effect_input(n), g.control_input(n)) else { return Reduction::NoChange };
        let (Some(on_chain), Some(on_path)) = (Self::get(&self.effect, effect), Self::get(&self.control, control)) else {
            return Reduction::NoChange;
        };
        let from = vec![on_chain.clone(), on_path.clone()];
        if Self::unchanged(&self.effect, n, &from) {
            return Reduction::NoChange;
        }
        let cond = g.input(n, 0);
        match lookup(&on_chain, cond).or_else(|| lookup(&on_path, cond)) {
            Some(v) if v != fires_when => {
                // Never fires here: unlink it.
                self.checks_removed += 1;
                ed.replace_with_value(g, n, None, Some(effect), Some(control));
                Reduction::Replace(effect)
            }
            // Always fires (kept), or undecided: what passes it knows the condition.
            _ => Self::update(&mut self.effect, n, push(&on_chain, cond, !fires_when), from),
        }
    }
}

impl Reducer for BranchElimination {
    fn name(&self) -> &'static str {
        "branch-elim"
    }

    fn reduce(&mut self, g: &mut Graph, n: NodeId, ed: &mut Editor) -> Reduction {
        if g.is_killed(n) {
            return Reduction::NoChange;
        }
        match g.op(n) {
            Op::Start => {
                let c = Self::update(&mut self.control, n, Facts::new(), Vec::new());
                let e = Self::update(&mut self.effect, n, Facts::new(), Vec::new());
                if c == Reduction::Changed || e == Reduction::Changed {
                    Reduction::Changed
                } else {
                    Reduction::NoChange
                }
            }
            Op::Dead => Reduction::NoChange,
            Op::IfTrue => self.reduce_if(g, n, true),
            Op::IfFalse => self.reduce_if(g, n, false),
            Op::Branch { .. } => self.reduce_branch(g, n, ed),
            Op::Merge | Op::Loop => {
                let is_loop = g.opcode(n) == Opcode::Loop;
                match Self::inputs_of(&self.control, g.control_inputs(n), is_loop) {
                    Some(from) if !from.is_empty() && !Self::unchanged(&self.control, n, &from) => {
                        Self::update(&mut self.control, n, Self::merge(&from), from)
                    }
                    _ => Reduction::NoChange,
                }
            }
            Op::EffectPhi => {
                let is_loop = g.control_input(n).is_some_and(|c| g.opcode(c) == Opcode::Loop);
                match Self::inputs_of(&self.effect, g.effect_inputs(n), is_loop) {
                    Some(from) if !from.is_empty() && !Self::unchanged(&self.effect, n, &from) => {
                        Self::update(&mut self.effect, n, Self::merge(&from), from)
                    }
                    _ => Reduction::NoChange,
                }
            }
            Op::DeoptimizeIf { .. } => self.reduce_check(g, n, true, ed),
            Op::DeoptimizeUnless { .. } => self.reduce_check(g, n, false, ed),
            op => {
                // Any other effect node passes the facts of its effect input on.
                if op.info().effect_out == 0 || g.effect_inputs(n).len() != 1 {
                    return Reduction::NoChange;
                }
                match Self::get(&self.effect, g.effect_inputs(n)[0]) {
                    Some(f) => Self::update(&mut self.effect, n, f.clone(), vec![f]),
                    None => Reduction::NoChange,
                }
            }
        }
    }

    fn extras(&self) -> Vec<(&'static str, u64)> {
        vec![("branches_folded", self.branches_folded), ("branch_elim_checks_removed", self.checks_removed)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reducer::{Driver, GraphReducer};
    use ir::ops::{BranchHint, DeoptReason};

    fn run(g: &mut Graph) -> (u64, u64) {
        let mut be = BranchElimination::new();
        GraphReducer::new(vec![&mut be]).run(g, Driver::V8);
        g.verify().unwrap();
        (be.branches_folded, be.checks_removed)
    }

    /// `if (c) { if (c) A else B } else C` with returns in A, B and C: the inner branch
    /// folds (its condition is known on the outer true edge).
    #[test]
    fn a_repeated_dominated_condition_folds() {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = g.add(Op::Parameter { index: 0 }, &[s]);
        let c = g.add(Op::IsInt32, &[p]);
        let outer = g.add(Op::Branch { hint: BranchHint::None }, &[c, s]);
        let t = g.add(Op::IfTrue, &[outer]);
        let f = g.add(Op::IfFalse, &[outer]);
        let inner = g.add(Op::Branch { hint: BranchHint::None }, &[c, t]);
        let it = g.add(Op::IfTrue, &[inner]);
        let iff = g.add(Op::IfFalse, &[inner]);
        let end = g.end;
        for (k, ctrl) in [it, iff, f].into_iter().enumerate() {
            let v = g.add(Op::Int32Constant { value: k as i32 }, &[]);
            let tv = g.add(Op::ChangeInt32ToTagged, &[v]);
            let r = g.add(Op::Return, &[tv, s, ctrl]);
            g.append_input(end, r);
        }
        assert_eq!(run(&mut g), (1, 0));
        assert!(g.is_killed(inner) && g.is_killed(it));
        // The true arm's return now hangs off the outer true projection.
        let returns: Vec<NodeId> = g.inputs(g.end).iter().copied().filter(|&r| !g.is_dead(r)).collect();
        assert!(returns.iter().any(|&r| g.control_input(r) == Some(t)), "{}", g.dump());
        assert!(!g.is_killed(outer));
    }

    /// `DeoptimizeUnless(c)` under the true edge of `Branch(c)` cannot fire: removed; a second
    /// check on the chain after `DeoptimizeIf(d)` learns `d` is false.
    #[test]
    fn checks_decided_by_the_path_or_the_chain_are_removed() {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = g.add(Op::Parameter { index: 0 }, &[s]);
        let q = g.add(Op::Parameter { index: 1 }, &[s]);
        let c = g.add(Op::IsInt32, &[p]);
        let d = g.add(Op::IsNumber, &[q]);
        let fs = g.add(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[]);
        let br = g.add(Op::Branch { hint: BranchHint::None }, &[c, s]);
        let t = g.add(Op::IfTrue, &[br]);
        let f = g.add(Op::IfFalse, &[br]);
        let k1 = g.add(Op::DeoptimizeUnless { reason: DeoptReason::NotInt32 }, &[c, fs, s, t]);
        let k2 = g.add(Op::DeoptimizeIf { reason: DeoptReason::NotNumber }, &[d, fs, k1, t]);
        let k3 = g.add(Op::DeoptimizeIf { reason: DeoptReason::NotNumber }, &[d, fs, k2, t]);
        let v = g.add(Op::Int32Constant { value: 1 }, &[]);
        let tv = g.add(Op::ChangeInt32ToTagged, &[v]);
        let end = g.end;
        let r1 = g.add(Op::Return, &[tv, k3, t]);
        let r2 = g.add(Op::Return, &[tv, s, f]);
        g.append_input(end, r1);
        g.append_input(end, r2);
        assert_eq!(run(&mut g), (0, 2));
        assert!(g.is_killed(k1) && g.is_killed(k3) && !g.is_killed(k2));
        assert_eq!(g.effect_input(r1), Some(k2));
        assert_eq!(g.effect_input(k2), Some(s));
    }

    /// Facts do not cross a merge unless every path has them, nor a loop's back edge.
    #[test]
    fn merges_keep_only_common_facts() {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = g.add(Op::Parameter { index: 0 }, &[s]);
        let c = g.add(Op::IsInt32, &[p]);
        let br = g.add(Op::Branch { hint: BranchHint::None }, &[c, s]);
        let t = g.add(Op::IfTrue, &[br]);
        let f = g.add(Op::IfFalse, &[br]);
        let m = g.add(Op::Merge, &[t, f]);
        let again = g.add(Op::Branch { hint: BranchHint::None }, &[c, m]);
        let at = g.add(Op::IfTrue, &[again]);
        let af = g.add(Op::IfFalse, &[again]);
        let end = g.end;
        for ctrl in [at, af] {
            let v = g.add(Op::Int32Constant { value: 0 }, &[]);
            let tv = g.add(Op::ChangeInt32ToTagged, &[v]);
            let r = g.add(Op::Return, &[tv, s, ctrl]);
            g.append_input(end, r);
        }
        assert_eq!(run(&mut g), (0, 0));
        assert!(!g.is_killed(again));
    }
}
