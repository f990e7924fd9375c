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
//! value numbering ran. By default (as TurboFan's `BranchElimination`) no fact narrows a
//! value's *range* (`CheckedInt32Add` under `x < 42`): a sea-of-nodes value has no position,
//! so a fact that holds only below a branch cannot change it (claim C6); for the same reason
//! a pure `Select` is not folded by control facts.
//!
//! # Pinned narrowing (`pin=on`, off by default)
//!
//! The remedy V8 names for this: a checked operation with a *control input* has a position,
//! so the facts of its control path may decide it. Here every check already has one (the
//! builder threads speculative arithmetic on the effect chain with the current control, and
//! `lower` gives the `DeoptimizeIf[Overflow]` of `Int32AddWithOverflow` that control), so the
//! option adds no input and constrains no scheduling that the check did not already have; it
//! turns on the narrowing itself, with the CFG's lattice and decisions ([`midend::ranges`]):
//! a fact about an int32 comparison with a constant (`x < k`, `x <= k`, `k < x`, `x == k`
//! and negations) also records the range it implies for the compared value; a value's
//! range is its constant or type ([`midend::ranges::base`]; a node `lower` made, which the
//! typer never saw, is typed from its inputs with [`ir::typing::type_op`], as the CFG types
//! an op when it is emitted) met with every range fact on the path (control facts and, for a
//! check, those of its effect chain). With the ranges,
//! int32 comparisons count as decided when the ranges decide them, and an overflow check
//! (`Projection[1]` of `Int32AddWithOverflow` / `Int32SubWithOverflow`) whose operand
//! ranges cannot overflow is decided false: the check goes, and the machine reducer turns
//! the arithmetic into plain `Int32Add` / `Int32Sub`. Counters (only with `pin=on`):
//! `pinned_checks` (overflow checks looked at with a control path), `checks_narrowed` (checks
//! removed by a range decision), `branches_narrowed` (branches folded by one).
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

use std::cell::RefCell;

use ir::ops::{DeoptReason, Op, Opcode};
use ir::types::Type;
use midend::ranges::{self, Range};

use crate::graph::{Graph, NodeId};
use crate::persistent::{hash_of, PersistentMap};
use crate::reducer::{Editor, Reducer, Reduction};

/// What a fact says about its node.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Fact {
    /// The condition node has this value.
    Bit(bool),
    /// The int32 value node lies in this range (only with `pin=on`).
    Range(Range),
}

/// The facts that hold at one point: (node, fact); a bit by the condition's hash, a range by
/// the hash of (value, [`RANGE_KEY`]).
type Facts = PersistentMap<(NodeId, Fact)>;

/// Salts the hash of a range fact so that it shares no bucket with its node's bit fact.
const RANGE_KEY: u8 = 0x5a;

/// The value `facts` give `cond`, if any.
fn lookup(facts: &Facts, cond: NodeId) -> Option<bool> {
    facts.get_all(hash_of(&cond)).find_map(|&(c, f)| match f {
        Fact::Bit(v) if c == cond => Some(v),
        _ => None,
    })
}

/// The range facts about `v` in `facts`, met.
fn range_facts(facts: &Facts, v: NodeId, mut r: Range) -> Range {
    for &(c, f) in facts.get_all(hash_of(&(v, RANGE_KEY))) {
        if let (true, Fact::Range(by)) = (c == v, f) {
            r = ranges::meet(r, by);
        }
    }
    r
}

/// The int32 constant `n` is, if it is one.
fn int32_const(g: &Graph, n: NodeId) -> Option<i32> {
    match g.op(n) {
        Op::Int32Constant { value } => Some(value),
        _ => None,
    }
}

/// How deep [`BranchElimination::type_of`] follows untyped inputs.
const TYPE_DEPTH: u32 = 8;

/// One node's facts and the input versions they were computed from.
#[derive(Clone, Debug)]
struct State {
    facts: Facts,
    from: Vec<Facts>,
}

/// The branch-elimination reducer (`branch-elim`; see the module docs).
#[derive(Default)]
pub struct BranchElimination {
    /// Narrow ranges with the facts of a check's control path (`pin=on`).
    pin: bool,
    /// Facts after each control node (`None` inside: not computed yet).
    control: Vec<Option<State>>,
    /// Facts of passed checks after each effect node.
    effect: Vec<Option<State>>,
    branches_folded: u64,
    checks_removed: u64,
    /// Overflow checks looked at with `pin=on` (each once).
    pinned_checks: u64,
    /// Which nodes `pinned_checks` counted.
    pinned_seen: Vec<bool>,
    /// Checks removed by a range decision.
    checks_narrowed: u64,
    /// Branches folded by a range decision.
    branches_narrowed: u64,
    /// With `pin=on`: the types [`Self::type_of`] computed for nodes the typer did not type
    /// (those made by `lower`), by node.
    types: RefCell<Vec<Option<Type>>>,
}

impl BranchElimination {
    /// A reducer with no facts yet.
    pub fn new() -> BranchElimination {
        BranchElimination::default()
    }

    /// A reducer that also narrows ranges by control facts when `pin` (the `pin=on` option;
    /// see the module docs).
    pub fn with_pin(pin: bool) -> BranchElimination {
        BranchElimination { pin, ..BranchElimination::default() }
    }

    /// `f` with the fact "`cond` is `value`", and with `pin=on` the ranges it implies.
    fn push(&self, g: &Graph, f: &Facts, cond: NodeId, value: bool) -> Facts {
        let mut out = f.insert(hash_of(&cond), (cond, Fact::Bit(value)));
        if self.pin {
            if let [a, b] = *g.value_inputs(cond) {
                let implied = ranges::implied(&g.op(cond), value, int32_const(g, a), int32_const(g, b));
                for (v, r) in [a, b].into_iter().zip(implied) {
                    if let Some(r) = r {
                        out = out.insert(hash_of(&(v, RANGE_KEY)), (v, Fact::Range(r)));
                    }
                }
            }
        }
        out
    }

    /// The value of `cond` where `facts` hold: a bit fact, or with `pin=on` a decision of
    /// the ranges (`true` in the second place when the ranges decided).
    fn decide(&self, g: &Graph, facts: &[&Facts], cond: NodeId) -> Option<(bool, bool)> {
        if let Some(v) = facts.iter().find_map(|f| lookup(f, cond)) {
            return Some((v, false));
        }
        if !self.pin {
            return None;
        }
        let range = |v: NodeId| {
            let base = ranges::base(int32_const(g, v), self.type_of(g, v, TYPE_DEPTH));
            facts.iter().fold(base, |r, f| range_facts(f, v, r))
        };
        let op = g.op(cond);
        if let Op::Projection { index: 1 } = op {
            let arith = g.value_inputs(cond)[0];
            let add = ranges::checked_add_or_sub(&g.op(arith))?;
            let [a, b] = *g.value_inputs(arith) else { return None };
            return ranges::no_overflow(add, range(a), range(b)).then_some((false, true));
        }
        match *g.value_inputs(cond) {
            [a, b] => ranges::decide_compare(&op, range(a), range(b)).map(|v| (v, true)),
            _ => None,
        }
    }

    /// After the narrowed check `check` of `cond` went: if `cond` is the overflow bit of an
    /// `Int32AddWithOverflow` / `Int32SubWithOverflow` that nothing else reads, the sum's uses
    /// take a plain `Int32Add` / `Int32Sub` of the same inputs (the same int32 value: the
    /// overflowing ops wrap), as the CFG's `branch-elim` emits for a narrowed
    /// `CheckedInt32Add`.
    fn plain_arith(g: &mut Graph, check: NodeId, cond: NodeId, ed: &mut Editor) {
        if !matches!(g.op(cond), Op::Projection { index: 1 }) || g.users(cond).any(|u| u != check) {
            return;
        }
        let arith = g.value_inputs(cond)[0];
        let Some(add) = ranges::checked_add_or_sub(&g.op(arith)) else { return };
        let [a, b] = *g.value_inputs(arith) else { return };
        let sums: Vec<NodeId> = g.users(arith).filter(|&u| g.op(u) == Op::Projection { index: 0 }).collect();
        if sums.is_empty() {
            return;
        }
        let plain = g.add(if add { Op::Int32Add } else { Op::Int32Sub }, &[a, b]);
        for sum in sums {
            ed.replace(g, sum, plain);
        }
    }

    /// The type `n` starts from, as the CFG's ops have it when emitted: the typer's, or for
    /// a node made after the typer ran (by `lower`), [`ir::typing::type_op`] of its value
    /// inputs' types, following untyped inputs `depth` deep (remembered per node; a value's
    /// type stays sound while reducers keep its value). `None` past the depth or on a phi
    /// the typer did not type.
    fn type_of(&self, g: &Graph, n: NodeId, depth: u32) -> Option<Type> {
        if let Some(t) = g.ty(n) {
            return Some(t);
        }
        if let Some(&Some(t)) = self.types.borrow().get(n.index()) {
            return Some(t);
        }
        let op = g.op(n);
        if depth == 0 || matches!(op, Op::Phi { .. }) {
            return None;
        }
        let inputs: Option<Vec<Type>> = g.value_inputs(n).iter().map(|&i| self.type_of(g, i, depth - 1)).collect();
        let t = ir::typing::type_op(&op, &inputs?);
        let mut types = self.types.borrow_mut();
        if types.len() <= n.index() {
            types.resize(n.index() + 1, None);
        }
        types[n.index()] = Some(t);
        Some(t)
    }

    /// With `pin=on`, counts `n` once if it is an overflow check.
    fn count_pinned(&mut self, g: &Graph, n: NodeId) {
        if !self.pin || !matches!(g.op(n), Op::DeoptimizeIf { reason: DeoptReason::Overflow }) {
            return;
        }
        let cond = g.value_inputs(n)[0];
        let is_overflow = matches!(g.op(cond), Op::Projection { index: 1 })
            && ranges::checked_add_or_sub(&g.op(g.value_inputs(cond)[0])).is_some();
        if self.pinned_seen.len() <= n.index() {
            self.pinned_seen.resize(n.index() + 1, false);
        }
        if is_overflow && !self.pinned_seen[n.index()] {
            self.pinned_seen[n.index()] = true;
            self.pinned_checks += 1;
        }
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
        let after = self.push(g, &before, cond, value);
        Self::update(&mut self.control, n, after, from)
    }

    /// `IfSuccess` / `IfException`: what held before the call holds on both of its edges
    /// (on the exceptional one also along the effect chain, which `IfException` continues).
    fn reduce_exception_projection(&mut self, g: &Graph, n: NodeId) -> Reduction {
        let Some(thrower) = g.control_input(n) else { return Reduction::NoChange };
        let mut result = Reduction::NoChange;
        if let Some(before) = g.control_input(thrower).and_then(|c| Self::get(&self.control, c)) {
            let from = vec![before.clone()];
            if !Self::unchanged(&self.control, n, &from) {
                result = Self::update(&mut self.control, n, before, from);
            }
        }
        if g.opcode(n) == Opcode::IfException {
            if let Some(f) = Self::get(&self.effect, thrower) {
                if Self::update(&mut self.effect, n, f.clone(), vec![f]) == Reduction::Changed {
                    result = Reduction::Changed;
                }
            }
        }
        result
    }

    fn reduce_branch(&mut self, g: &mut Graph, n: NodeId, ed: &mut Editor) -> Reduction {
        let Some(control) = g.control_input(n) else { return Reduction::NoChange };
        let Some(facts) = Self::get(&self.control, control) else { return Reduction::NoChange };
        let cond = g.input(n, 0);
        let Some((value, narrowed)) = self.decide(g, &[&facts], cond) else {
            return Self::update(&mut self.control, n, facts.clone(), vec![facts]);
        };
        self.branches_narrowed += narrowed as u64;
        let taken = if value { Opcode::IfTrue } else { Opcode::IfFalse };
        let projections: Vec<NodeId> = g.users(n).collect();
        for p in projections {
            let target = if g.opcode(p) == taken { control } else { g.dead() };
            ed.replace(g, p, target);
        }
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
        self.count_pinned(g, n);
        match self.decide(g, &[&on_chain, &on_path], cond) {
            Some((v, narrowed)) if v != fires_when => {
                // Never fires here: unlink it.
                self.checks_removed += 1;
                self.checks_narrowed += narrowed as u64;
                ed.replace_with_value(g, n, None, Some(effect), Some(control));
                if narrowed {
                    Self::plain_arith(g, n, cond, ed);
                }
                Reduction::Replace(effect)
            }
            // Always fires (kept), or undecided: what passes it knows the condition.
            _ => {
                let after = self.push(g, &on_chain, cond, !fires_when);
                Self::update(&mut self.effect, n, after, from)
            }
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
            Op::IfSuccess | Op::IfException => self.reduce_exception_projection(g, n),
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
        let mut out = vec![("branches_folded", self.branches_folded), ("branch_elim_checks_removed", self.checks_removed)];
        if self.pin {
            out.extend([
                ("pinned_checks", self.pinned_checks),
                ("checks_narrowed", self.checks_narrowed),
                ("branches_narrowed", self.branches_narrowed),
            ]);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reducer::{Driver, GraphReducer};
    use ir::ops::BranchProfile;

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
        let outer = g.add(Op::Branch { profile: BranchProfile::NONE }, &[c, s]);
        let t = g.add(Op::IfTrue, &[outer]);
        let f = g.add(Op::IfFalse, &[outer]);
        let inner = g.add(Op::Branch { profile: BranchProfile::NONE }, &[c, t]);
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
        let br = g.add(Op::Branch { profile: BranchProfile::NONE }, &[c, s]);
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

    /// `if (x < 42) return x + 1` after lowering: the overflow check of the add, pinned to the
    /// true edge, with the untagged parameter `x` and the checked sum (`Int32AddWithOverflow`,
    /// its projections, `DeoptimizeIf[Overflow]`). Returns the graph and (check, sum
    /// projection, return).
    fn guarded_add(k: i32, limit: i32) -> (Graph, NodeId, NodeId, NodeId) {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = g.add(Op::Parameter { index: 0 }, &[s]);
        let x = g.add(Op::UntagInt32, &[p]);
        let bound = g.add(Op::Int32Constant { value: limit }, &[]);
        let lt = g.add(Op::Int32LessThan, &[x, bound]);
        let br = g.add(Op::Branch { profile: BranchProfile::NONE }, &[lt, s]);
        let t = g.add(Op::IfTrue, &[br]);
        let f = g.add(Op::IfFalse, &[br]);
        let one = g.add(Op::Int32Constant { value: k }, &[]);
        let pair = g.add(Op::Int32AddWithOverflow, &[x, one]);
        let sum = g.add(Op::Projection { index: 0 }, &[pair]);
        let ovf = g.add(Op::Projection { index: 1 }, &[pair]);
        let fs = g.add(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[]);
        let check = g.add(Op::DeoptimizeIf { reason: DeoptReason::Overflow }, &[ovf, fs, s, t]);
        let tv = g.add(Op::ChangeInt32ToTagged, &[sum]);
        let r1 = g.add(Op::Return, &[tv, check, t]);
        let zero = g.add(Op::Int32Constant { value: 0 }, &[]);
        let tz = g.add(Op::ChangeInt32ToTagged, &[zero]);
        let r2 = g.add(Op::Return, &[tz, s, f]);
        let end = g.end;
        g.append_input(end, r1);
        g.append_input(end, r2);
        (g, check, sum, r1)
    }

    fn run_pinned(g: &mut Graph, pin: bool) -> Vec<(&'static str, u64)> {
        let mut be = BranchElimination::with_pin(pin);
        GraphReducer::new(vec![&mut be]).run(g, Driver::V8);
        g.verify().unwrap();
        be.extras()
    }

    /// The checked add under `x < 42` becomes `Int32Add` with `pin=on` (the CFG's decision)
    /// and stays checked with it off; `x + 1` under `x < 42` cannot overflow, `x + k` for a
    /// large `k` can, and then the check stays with the option on too.
    #[test]
    fn pinning_narrows_a_checked_add_dominated_by_a_comparison() {
        let (mut g, check, sum, ret) = guarded_add(1, 42);
        let extras = run_pinned(&mut g, false);
        assert!(!g.is_killed(check), "off: the check stays\n{}", g.dump());
        assert_eq!(extras, vec![("branches_folded", 0), ("branch_elim_checks_removed", 0)], "off: no new counters");

        let (mut g, check, sum2, ret2) = guarded_add(1, 42);
        assert_eq!((sum, ret), (sum2, ret2));
        let extras = run_pinned(&mut g, true);
        assert!(g.is_killed(check), "on: the check goes\n{}", g.dump());
        let tagged = g.value_inputs(ret)[0];
        let value = g.value_inputs(tagged)[0];
        assert_eq!(g.op(value), Op::Int32Add, "the sum is a plain add\n{}", g.dump());
        assert_eq!(g.effect_input(ret), Some(g.start));
        for (name, n) in [("pinned_checks", 1), ("checks_narrowed", 1), ("branch_elim_checks_removed", 1)] {
            assert!(extras.contains(&(name, n)), "{name}: {extras:?}");
        }

        let (mut g, check, _, _) = guarded_add(i32::MAX - 40, 42);
        let extras = run_pinned(&mut g, true);
        assert!(!g.is_killed(check), "41 + (MAX - 40) overflows: the check stays");
        assert!(extras.contains(&("checks_narrowed", 0)) && extras.contains(&("pinned_checks", 1)), "{extras:?}");
    }

    /// With `pin=on`, a comparison the narrowed range decides folds its branch: under
    /// `x < 42`, `x < 50` is true.
    #[test]
    fn pinned_ranges_decide_a_dominated_comparison() {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = g.add(Op::Parameter { index: 0 }, &[s]);
        let x = g.add(Op::UntagInt32, &[p]);
        let k42 = g.add(Op::Int32Constant { value: 42 }, &[]);
        let k50 = g.add(Op::Int32Constant { value: 50 }, &[]);
        let outer_c = g.add(Op::Int32LessThan, &[x, k42]);
        let inner_c = g.add(Op::Int32LessThan, &[x, k50]);
        let outer = g.add(Op::Branch { profile: BranchProfile::NONE }, &[outer_c, s]);
        let t = g.add(Op::IfTrue, &[outer]);
        let f = g.add(Op::IfFalse, &[outer]);
        let inner = g.add(Op::Branch { profile: BranchProfile::NONE }, &[inner_c, t]);
        let it = g.add(Op::IfTrue, &[inner]);
        let iff = g.add(Op::IfFalse, &[inner]);
        let end = g.end;
        for ctrl in [it, iff, f] {
            let v = g.add(Op::Int32Constant { value: 0 }, &[]);
            let tv = g.add(Op::ChangeInt32ToTagged, &[v]);
            let r = g.add(Op::Return, &[tv, s, ctrl]);
            g.append_input(end, r);
        }
        let mut copy = g.clone();
        run_pinned(&mut copy, false);
        assert!(!copy.is_killed(inner), "off: no range decides the inner branch");
        let extras = run_pinned(&mut g, true);
        assert!(g.is_killed(inner), "{}", g.dump());
        assert!(extras.contains(&("branches_narrowed", 1)), "{extras:?}");
    }

    /// Facts do not cross a merge unless every path has them, nor a loop's back edge.
    #[test]
    fn merges_keep_only_common_facts() {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = g.add(Op::Parameter { index: 0 }, &[s]);
        let c = g.add(Op::IsInt32, &[p]);
        let br = g.add(Op::Branch { profile: BranchProfile::NONE }, &[c, s]);
        let t = g.add(Op::IfTrue, &[br]);
        let f = g.add(Op::IfFalse, &[br]);
        let m = g.add(Op::Merge, &[t, f]);
        let again = g.add(Op::Branch { profile: BranchProfile::NONE }, &[c, m]);
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
