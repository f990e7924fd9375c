//! Redundant check elimination on the sea of nodes, as TurboFan's `RedundancyElimination`: a
//! check dominated on the effect chain by an identical check is removed.
//!
//! # Contract
//!
//! A *check* is an op for which [`Op::is_redundancy_check`] holds (it may only deoptimize:
//! `CheckSmi`, `CheckBounds`, `CheckedInt32Add`, `SpeculativeNumberAdd`, `DeoptimizeIf`, ...),
//! the same predicate the CFG pipeline's `check-elim` uses. Two checks are identical when they
//! have the same op (parameters included) and the same value inputs except the frame state
//! (the last value input). A check that only ever fails by exiting, and whose inputs are SSA
//! values, cannot fail after an identical check passed; so if one is on every effect path
//! before it, it is removed: its value uses take the earlier check's value, its effect and
//! control uses its own effect and control inputs.
//!
//! # States
//!
//! Every effect node gets, in a side table, the checks that hold *after* it: a persistent map
//! from the hash of a check's key to the check ([`crate::persistent::PersistentMap`]), which
//! shares structure between versions as TurboFan's `EffectPathChecks` lists share tails, but
//! looks a check up in O(log n) where a list walk costs its length (a chain of thousands of
//! checks made the phase quadratic; the CFG side's table is O(1)).
//!
//! - `Start` has the empty map.
//! - A check takes its effect input's map (none yet: no change; the GraphReducer comes back
//!   when the input's map appears); if an identical check is in it, the check is removed,
//!   else the map grows by the check.
//! - Any other effect node with one effect input passes its input's map on: checks are facts
//!   about values, which no write can invalidate.
//! - `EffectPhi` of a `Merge` waits for all its inputs and keeps the checks in *all* of them
//!   (the same check node on every path: one made before the paths diverged). (A check
//!   repeated on every arm is kept: it would need a phi of the arms' values, and the CFG
//!   side's dominator-scoped table does not remove it either.)
//! - `EffectPhi` of a `Loop` takes the entry edge's map (the loop entry dominates the
//!   header): conservative, the back edges' checks are never assumed.
//!
//! A node's state records the input versions it was computed from; recomputing from the same
//! versions changes nothing, and a recorded state that changes reports an in-place change, so
//! the driver revisits the node's users (the next nodes of the effect chain).
//!
//! The reducer works at both levels: before `lower` on the simplified checks (where TurboFan
//! runs it, with load elimination), after it on `DeoptimizeIf/Unless` (where the CFG side's
//! second `check-elim` runs). There is no cap, as on the CFG side.

use ir::ops::Op;

use crate::graph::{Graph, NodeId};
use crate::persistent::{hash_of, PersistentMap};
use crate::reducer::{Editor, Reducer, Reduction};

/// The checks that hold at one program point, by the hash of their key.
type Checks = PersistentMap<NodeId>;

/// One effect node's checks and the input versions they were computed from.
#[derive(Clone, Debug)]
struct State {
    checks: Checks,
    from: Vec<Checks>,
    /// The hash of the node's own check key when the state was computed (a key changes when
    /// another reducer edits the check's inputs).
    key: Option<u64>,
}

/// The key of a check: its op and value inputs but the frame state.
fn key(g: &Graph, n: NodeId) -> Option<(Op, &[NodeId])> {
    let op = g.op(n);
    if !op.is_redundancy_check() {
        return None;
    }
    let values = g.value_inputs(n);
    (!values.is_empty() && g.effect_inputs(n).len() == 1).then(|| (op, &values[..values.len() - 1]))
}

/// The redundancy-elimination reducer (`redundancy`; see the module docs).
#[derive(Default)]
pub struct RedundancyElimination {
    /// The checks after each effect node (`None` inside: not computed yet).
    states: Vec<Option<State>>,
    removed: u64,
}

impl RedundancyElimination {
    /// A reducer with no lists yet.
    pub fn new() -> RedundancyElimination {
        RedundancyElimination::default()
    }

    /// Checks removed so far.
    pub fn removed(&self) -> u64 {
        self.removed
    }

    fn get(&self, n: NodeId) -> Option<Checks> {
        self.states.get(n.index()).and_then(|s| s.as_ref()).map(|s| s.checks.clone())
    }

    /// True if `n`'s state was computed from exactly these input versions and key.
    fn unchanged(&self, n: NodeId, from: &[Checks], key: Option<u64>) -> bool {
        self.states.get(n.index()).and_then(|s| s.as_ref()).is_some_and(|s| {
            s.key == key && s.from.len() == from.len() && s.from.iter().zip(from).all(|(a, b)| a.ptr_eq(b))
        })
    }

    fn update(&mut self, n: NodeId, checks: Checks, from: Vec<Checks>, key: Option<u64>) -> Reduction {
        if self.states.len() <= n.index() {
            self.states.resize(n.index() + 1, None);
        }
        let slot = &mut self.states[n.index()];
        if slot.as_ref().is_some_and(|old| old.checks.ptr_eq(&checks)) {
            return Reduction::NoChange;
        }
        *slot = Some(State { checks, from, key });
        Reduction::Changed
    }

    fn reduce_effect_phi(&mut self, g: &Graph, n: NodeId) -> Reduction {
        let Some(control) = g.control_input(n) else { return Reduction::NoChange };
        let inputs = g.effect_inputs(n);
        let inputs = if g.op(control) == Op::Loop { &inputs[..inputs.len().min(1)] } else { inputs };
        let mut from = Vec::with_capacity(inputs.len());
        for &e in inputs {
            let Some(s) = self.get(e) else { return Reduction::NoChange };
            from.push(s);
        }
        if from.is_empty() || self.unchanged(n, &from, None) {
            return Reduction::NoChange;
        }
        let merged = from[1..].iter().fold(from[0].clone(), |m, s| m.intersect(s));
        self.update(n, merged, from, None)
    }

    /// An identical check in `checks`, if any.
    fn find(g: &Graph, checks: &Checks, n: NodeId) -> Option<NodeId> {
        let k = key(g, n)?;
        checks.get_all(hash_of(&k)).copied().find(|&other| other != n && !g.is_dead(other) && key(g, other) == Some(k))
    }
}

impl Reducer for RedundancyElimination {
    fn name(&self) -> &'static str {
        "redundancy"
    }

    fn reduce(&mut self, g: &mut Graph, n: NodeId, ed: &mut Editor) -> Reduction {
        if g.is_killed(n) {
            return Reduction::NoChange;
        }
        let op = g.op(n);
        match op {
            Op::Start => return self.update(n, Checks::new(), Vec::new(), None),
            Op::EffectPhi => return self.reduce_effect_phi(g, n),
            Op::Dead => return Reduction::NoChange,
            _ => {}
        }
        if op.info().effect_out == 0 || g.effect_inputs(n).len() != 1 {
            return Reduction::NoChange;
        }
        let effect = g.effect_inputs(n)[0];
        let Some(checks) = self.get(effect) else { return Reduction::NoChange };
        let from = vec![checks.clone()];
        let k = key(g, n);
        let kh = k.map(|k| hash_of(&k));
        if self.unchanged(n, &from, kh) {
            return Reduction::NoChange;
        }
        let (Some(_), Some(kh)) = (k, kh) else { return self.update(n, checks, from, None) };
        if let Some(earlier) = Self::find(g, &checks, n) {
            self.removed += 1;
            let control = g.control_input(n);
            let value = (op.info().value_out > 0).then_some(earlier);
            ed.replace_with_value(g, n, value, Some(effect), control);
            return Reduction::Replace(value.unwrap_or(effect));
        }
        let grown = checks.insert(kh, n);
        self.update(n, grown, from, Some(kh))
    }

    fn extras(&self) -> Vec<(&'static str, u64)> {
        vec![("checks_removed", self.removed), ("redundant_checks", self.removed)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reducer::{Driver, GraphReducer};
    use ir::ops::{BranchProfile, DeoptReason, Rep};

    fn params(g: &mut Graph, k: u32) -> Vec<NodeId> {
        let s = g.start;
        (0..k).map(|i| g.add(Op::Parameter { index: i }, &[s])).collect()
    }

    fn frame_state(g: &mut Graph, ins: &[NodeId]) -> NodeId {
        g.add(Op::FrameState { func: 0, pc: 0, has_outer: false }, ins)
    }

    fn ret(g: &mut Graph, value: NodeId, effect: NodeId, control: NodeId) -> NodeId {
        let r = g.add(Op::Return, &[value, effect, control]);
        let end = g.end;
        g.append_input(end, r);
        r
    }

    fn run(g: &mut Graph) -> u64 {
        let mut re = RedundancyElimination::new();
        GraphReducer::new(vec![&mut re]).run(g, Driver::V8);
        g.verify().unwrap();
        re.removed()
    }

    #[test]
    fn a_check_after_an_identical_one_is_removed_and_its_value_uses_move() {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = params(&mut g, 2);
        let fs1 = frame_state(&mut g, &[p[0]]);
        let fs2 = frame_state(&mut g, &[p[1]]);
        let c1 = g.add(Op::CheckedTaggedToInt32, &[p[0], fs1, s, s]);
        let c2 = g.add(Op::CheckedTaggedToInt32, &[p[0], fs2, c1, s]);
        let sum = g.add(Op::Int32Add, &[c1, c2]);
        let t = g.add(Op::ChangeInt32ToTagged, &[sum]);
        let r = ret(&mut g, t, c2, s);
        assert_eq!(run(&mut g), 1);
        assert!(g.is_killed(c2) && !g.is_killed(c1));
        assert_eq!(g.value_inputs(sum), &[c1, c1]);
        assert_eq!(g.effect_input(r), Some(c1));
    }

    #[test]
    fn different_inputs_or_parameters_are_kept() {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = params(&mut g, 2);
        let fs = frame_state(&mut g, &[]);
        let c1 = g.add(Op::CheckedTaggedToInt32, &[p[0], fs, s, s]);
        let c2 = g.add(Op::CheckedTaggedToInt32, &[p[1], fs, c1, s]);
        let t = g.add(Op::IsInt32, &[p[0]]);
        let d1 = g.add(Op::DeoptimizeUnless { reason: DeoptReason::NotInt32 }, &[t, fs, c2, s]);
        let d2 = g.add(Op::DeoptimizeUnless { reason: DeoptReason::NotNumber }, &[t, fs, d1, s]);
        let d3 = g.add(Op::DeoptimizeUnless { reason: DeoptReason::NotInt32 }, &[t, fs, d2, s]);
        let sum = g.add(Op::Int32Add, &[c1, c2]);
        let tagged = g.add(Op::ChangeInt32ToTagged, &[sum]);
        let r = ret(&mut g, tagged, d3, s);
        assert_eq!(run(&mut g), 1, "only the repeated DeoptimizeUnless[NotInt32] goes");
        assert!(!g.is_killed(c2) && !g.is_killed(d2) && g.is_killed(d3));
        assert_eq!(g.effect_input(r), Some(d2));
    }

    /// `if (c) { check(x) } else { check(x) }; check(x)`, optionally with a check before the
    /// branch; returns the graph, the check after the merge and the one before the branch.
    fn diamond(check_before: bool) -> (Graph, NodeId, Option<NodeId>) {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = params(&mut g, 2);
        let fs = frame_state(&mut g, &[]);
        let (first, effect) = if check_before {
            let c = g.add(Op::CheckSmi, &[p[0], fs, s, s]);
            (Some(c), c)
        } else {
            (None, s)
        };
        let br = g.add(Op::Branch { profile: BranchProfile::NONE }, &[p[1], s]);
        let t = g.add(Op::IfTrue, &[br]);
        let f = g.add(Op::IfFalse, &[br]);
        let ct = g.add(Op::CheckSmi, &[p[0], fs, effect, t]);
        let cf = g.add(Op::CheckSmi, &[p[0], fs, effect, f]);
        let m = g.add(Op::Merge, &[t, f]);
        let ephi = g.add(Op::EffectPhi, &[ct, cf, m]);
        let after = g.add(Op::CheckSmi, &[p[0], fs, ephi, m]);
        let phi = g.add(Op::Phi { rep: Rep::Tagged }, &[ct, cf, m]);
        let _ = ret(&mut g, phi, after, m);
        (g, after, first)
    }

    #[test]
    fn merges_keep_the_common_tail_only() {
        let (mut g, after, _) = diamond(false);
        assert_eq!(run(&mut g), 0, "checks on both arms do not dominate the merge");
        assert!(!g.is_killed(after));
        let (mut g, after, first) = diamond(true);
        assert_eq!(run(&mut g), 3, "the check before the branch covers both arms and the merge");
        assert!(g.is_killed(after) && !g.is_killed(first.unwrap()));
    }

    #[test]
    fn a_loop_starts_from_its_entry_and_never_assumes_the_back_edge() {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = params(&mut g, 3);
        let fs = frame_state(&mut g, &[]);
        let before = g.add(Op::CheckSmi, &[p[0], fs, s, s]);
        let lp = g.add(Op::Loop, &[s, s]);
        let ephi = g.add(Op::EffectPhi, &[before, before, lp]);
        let in_loop_x = g.add(Op::CheckSmi, &[p[0], fs, ephi, lp]);
        let in_loop_y = g.add(Op::CheckSmi, &[p[1], fs, in_loop_x, lp]);
        let in_loop_y2 = g.add(Op::CheckSmi, &[p[1], fs, in_loop_y, lp]);
        let br = g.add(Op::Branch { profile: BranchProfile::NONE }, &[p[2], lp]);
        let t = g.add(Op::IfTrue, &[br]);
        let f = g.add(Op::IfFalse, &[br]);
        g.set_input(lp, 1, t);
        g.set_input(ephi, 1, in_loop_y2);
        let _ = ret(&mut g, p[0], ephi, f);
        assert_eq!(run(&mut g), 2, "x is checked before the loop; the second y check is dominated");
        assert!(g.is_killed(in_loop_x) && g.is_killed(in_loop_y2) && !g.is_killed(in_loop_y));
    }
}
