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
//! Two side tables of persistent fact lists (shared tails), as TurboFan's
//! `ControlPathConditions`, newest first:
//!
//! - **control nodes**: `Start` knows nothing; `IfTrue`/`IfFalse` add their branch's condition
//!   to the facts of the branch's control input; a `Branch` passes its control input's facts
//!   on; a `Merge` waits for all its inputs and keeps their longest common tail; a `Loop`
//!   takes its entry edge's facts (the back edges are never assumed).
//! - **effect nodes**: the facts of passed checks along the effect chain (a check adds its
//!   own; every other effect node passes its input's on; an `EffectPhi` merges like a
//!   `Merge`). A check is decided by the facts of its control input and of its effect input.
//!
//! A branch is decided by its control path's facts only: in this sea of nodes a `Branch` is
//! not on the effect chain (TurboFan's late graph has its checks on the control chain after
//! effect-control linearization), so a fact learned from a check does not reach a later
//! branch — the CFG side's does (see `docs/optimizations.md`). A recorded list that changes
//! reports an in-place change, so the driver revisits the node's users. There is no cap: a
//! lookup walks the list, as in TurboFan (the CFG side looks facts up in a dominator-scoped
//! table).

use std::rc::Rc;

use ir::ops::{Op, Opcode};

use crate::graph::{Graph, NodeId};
use crate::reducer::{Editor, Reducer, Reduction};

/// One cell of a persistent fact list.
#[derive(Debug)]
struct Cell {
    cond: NodeId,
    value: bool,
    next: Facts,
    len: usize,
}

/// The facts that hold at one point, newest first (tails shared).
type Facts = Option<Rc<Cell>>;

fn len(f: &Facts) -> usize {
    f.as_ref().map_or(0, |c| c.len)
}

fn push(f: &Facts, cond: NodeId, value: bool) -> Facts {
    Some(Rc::new(Cell { cond, value, next: f.clone(), len: len(f) + 1 }))
}

fn same(a: &Facts, b: &Facts) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => {
            Rc::ptr_eq(x, y) || (x.len == y.len && x.cond == y.cond && x.value == y.value && same(&x.next, &y.next))
        }
        _ => false,
    }
}

/// The value `facts` give `cond`, if any.
fn lookup(facts: &Facts, cond: NodeId) -> Option<bool> {
    let mut f = facts;
    while let Some(cell) = f {
        if cell.cond == cond {
            return Some(cell.value);
        }
        f = &cell.next;
    }
    None
}

/// The longest common tail of `a` and `b` (cells compared by condition and value).
fn common_tail(a: &Facts, b: &Facts) -> Facts {
    let (mut a, mut b) = (a.clone(), b.clone());
    while len(&a) > len(&b) {
        a = a.and_then(|c| c.next.clone());
    }
    while len(&b) > len(&a) {
        b = b.and_then(|c| c.next.clone());
    }
    let mut result = a.clone();
    let (mut x, mut y) = (a, b);
    while let (Some(cx), Some(cy)) = (x, y) {
        if Rc::ptr_eq(&cx, &cy) {
            break;
        }
        if cx.cond != cy.cond || cx.value != cy.value {
            result = cx.next.clone();
        }
        x = cx.next.clone();
        y = cy.next.clone();
    }
    result
}

/// The branch-elimination reducer (`branch-elim`; see the module docs).
#[derive(Default)]
pub struct BranchElimination {
    /// Facts after each control node (`None` inside: not computed yet).
    control: Vec<Option<Facts>>,
    /// Facts of passed checks after each effect node.
    effect: Vec<Option<Facts>>,
    branches_folded: u64,
    checks_removed: u64,
}

impl BranchElimination {
    /// A reducer with no facts yet.
    pub fn new() -> BranchElimination {
        BranchElimination::default()
    }

    fn get(table: &[Option<Facts>], n: NodeId) -> Option<Facts> {
        table.get(n.index()).and_then(|s| s.clone())
    }

    fn set(table: &mut Vec<Option<Facts>>, n: NodeId, facts: Facts) -> bool {
        if table.len() <= n.index() {
            table.resize(n.index() + 1, None);
        }
        let slot = &mut table[n.index()];
        if slot.as_ref().is_some_and(|old| same(old, &facts)) {
            return false;
        }
        *slot = Some(facts);
        true
    }

    fn update_control(&mut self, n: NodeId, facts: Facts) -> Reduction {
        if Self::set(&mut self.control, n, facts) {
            Reduction::Changed
        } else {
            Reduction::NoChange
        }
    }

    fn update_effect(&mut self, n: NodeId, facts: Facts) -> Reduction {
        if Self::set(&mut self.effect, n, facts) {
            Reduction::Changed
        } else {
            Reduction::NoChange
        }
    }

    /// The merged facts of `inputs` in `table` (a loop takes its entry), or `None` while one
    /// is not computed yet.
    fn merge(table: &[Option<Facts>], inputs: &[NodeId], is_loop: bool) -> Option<Facts> {
        if is_loop {
            return inputs.first().and_then(|&i| Self::get(table, i));
        }
        let mut merged: Option<Facts> = None;
        for &i in inputs {
            let f = Self::get(table, i)?;
            merged = Some(match merged {
                None => f,
                Some(m) => common_tail(&m, &f),
            });
        }
        merged
    }

    fn reduce_if(&mut self, g: &Graph, n: NodeId, value: bool) -> Reduction {
        let Some(branch) = g.control_input(n) else { return Reduction::NoChange };
        let Some(before) = g.control_input(branch).and_then(|c| Self::get(&self.control, c)) else {
            return Reduction::NoChange;
        };
        let cond = g.input(branch, 0);
        self.update_control(n, push(&before, cond, value))
    }

    fn reduce_branch(&mut self, g: &mut Graph, n: NodeId, ed: &mut Editor) -> Reduction {
        let Some(control) = g.control_input(n) else { return Reduction::NoChange };
        let Some(facts) = Self::get(&self.control, control) else { return Reduction::NoChange };
        let cond = g.input(n, 0);
        let Some(value) = lookup(&facts, cond) else { return self.update_control(n, facts) };
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
        let cond = g.input(n, 0);
        match lookup(&on_chain, cond).or_else(|| lookup(&on_path, cond)) {
            Some(v) if v != fires_when => {
                // Never fires here: unlink it.
                self.checks_removed += 1;
                for u in g.users(n) {
                    ed.revisit(u);
                }
                g.replace_with_value(n, None, Some(effect), Some(control));
                Reduction::Replace(effect)
            }
            // Always fires (kept), or undecided: what passes it knows the condition.
            _ => self.update_effect(n, push(&on_chain, cond, !fires_when)),
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
                let c = self.update_control(n, None);
                let e = self.update_effect(n, None);
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
                match Self::merge(&self.control, g.control_inputs(n), is_loop) {
                    Some(f) => self.update_control(n, f),
                    None => Reduction::NoChange,
                }
            }
            Op::EffectPhi => {
                let is_loop = g.control_input(n).is_some_and(|c| g.opcode(c) == Opcode::Loop);
                match Self::merge(&self.effect, g.effect_inputs(n), is_loop) {
                    Some(f) => self.update_effect(n, f),
                    None => Reduction::NoChange,
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
                    Some(f) => self.update_effect(n, f),
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
    use ir::ops::{BranchHint, DeoptReason, Rep};

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
        let _ = Rep::Tagged;
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
