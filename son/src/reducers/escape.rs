//! Escape analysis and scalar replacement on the sea of nodes (TurboFan's `EscapeAnalysis`
//! plus `EscapeAnalysisReducer`, simplified), with the policy of [`midend::escape`].
//!
//! # Analysis
//!
//! 1. **Candidates** are the live `JSCreateObject` nodes (at most
//!    [`midend::escape::MAX_OBJECTS`]). A candidate escapes at once if one of its value uses is
//!    not a use [`midend::escape::classify_use`] accepts (stored as a value, passed to a call,
//!    returned, merged by a phi, ...), or if a frame state mentioning it is read by a node
//!    off the effect chain.
//! 2. **Virtual objects along the effect chain.** The live effect nodes are visited in
//!    topological order from `Start` (loop back edges ignored). Each gets the state *after*
//!    it: for every virtual object allocated so far, its shape and field values
//!    ([`midend::escape::VirtualObject`]). `JSCreateObject` adds an empty object; a generic
//!    `JSStoreNamed` into one applies the store its feedback recorded for the object's
//!    shape ([`midend::escape::store_effect`]); `StoreField` overwrites a field. `LoadField` (and
//!    a generic `JSLoadNamed` whose feedback knows the shape) read a field; `CheckMaps`
//!    passes when the known shape is among the checked ones. An `EffectPhi` of a `Merge`
//!    keeps the objects every input has, and requires them equal (else `escaped.merge`);
//!    an `EffectPhi` of a `Loop` takes the entry state and requires every back edge to bring
//!    the same state back (else `escaped.loop`).
//! 3. Whenever a candidate is found to escape during the walk, the walk starts again without
//!    it (escaping only grows, so this ends).
//!
//! # Rewrite
//!
//! Loads are replaced by the tracked values (value uses → the value, effect uses → the
//! load's effect input); stores, maps checks and the allocation leave the effect chain.
//! Every surviving node whose frame state mentions a removed object gets a copy of that
//! frame state in which the object is an `ObjectState { id, shape }` whose inputs are the
//! field values at that node (its effect input's state): the exit allocates it
//! ([`ir::frame::ExitValue::Object`]).

use ir::hash::IdHashMap;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

use ir::compile::CompileInput;
use midend::escape::{self, EscapeReason, EscapeStats, Transfer, UseKind, VirtualObject};
use ir::feedback::ShapeId;
use ir::ops::{Op, Opcode};
use ir::tagged;

use crate::graph::{EdgeKind, Graph, NodeId};

/// The virtual objects at one effect node, by allocation.
type State = BTreeMap<NodeId, VirtualObject<NodeId>>;

/// Frame-state copies already made: (frame state, the objects' contents) → the copy.
type DescribeCache = IdHashMap<(NodeId, Vec<(NodeId, ShapeId, Vec<NodeId>)>), NodeId>;

/// What the analysis decided for one node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    /// A load replaced by this value.
    Replace(NodeId),
    /// A store or check removed from the effect chain.
    Remove,
}

struct Analysis {
    /// Effect nodes in visiting order.
    order: Vec<NodeId>,
    /// State after each visited effect node.
    after: IdHashMap<NodeId, State>,
    actions: IdHashMap<NodeId, Action>,
    /// Surviving nodes whose frame state inputs mention virtual objects: node → its state
    /// before it.
    deopt_users: Vec<NodeId>,
}

/// Runs escape analysis and scalar replacement over `g`; `input` gives the feedback of named
/// store and load sites.
pub fn run(g: &mut Graph, input: &CompileInput<'_>) -> EscapeStats {
    let mut stats = EscapeStats::default();
    let live = g.live_nodes();
    let mut is_live = vec![false; g.node_count()];
    for &n in &live {
        is_live[n.index()] = true;
    }
    let mut candidates: Vec<NodeId> = live.iter().copied().filter(|&n| g.opcode(n) == Opcode::JSCreateObject).collect();
    candidates.sort();
    stats.candidates = candidates.len() as u64;
    let mut escaped: BTreeMap<NodeId, EscapeReason> = BTreeMap::new();
    for (i, &a) in candidates.iter().enumerate() {
        if i >= escape::MAX_OBJECTS {
            escaped.insert(a, EscapeReason::Cap);
        } else if let Err(r) = check_uses(g, a, &is_live) {
            escaped.insert(a, r);
        }
    }
    let virtuals = |escaped: &BTreeMap<NodeId, EscapeReason>| -> BTreeSet<NodeId> {
        candidates.iter().copied().filter(|a| !escaped.contains_key(a)).collect()
    };
    let mut analysis = None;
    for _ in 0..=candidates.len() {
        let set = virtuals(&escaped);
        if set.is_empty() {
            break;
        }
        match analyze(g, input, &set, &is_live) {
            Ok(a) => {
                analysis = Some(a);
                break;
            }
            Err(found) => escaped.extend(found),
        }
    }
    for r in escaped.values() {
        *stats.escaped.entry(*r).or_insert(0) += 1;
    }
    let Some(analysis) = analysis else { return stats };
    let set = virtuals(&escaped);
    rewrite(g, &analysis, &set, &mut stats);
    stats.objects_scalar_replaced = set.len() as u64;
    stats
}

/// The value input index of use `index` of `user`, if it is a value edge.
fn value_use(g: &Graph, user: NodeId, index: usize) -> Option<usize> {
    (g.edge_kind(user, index) == EdgeKind::Value).then_some(index)
}

/// Checks every use of allocation `a` against the shared policy; frame states mentioning it
/// must be read only by effect-chain nodes (or by other frame states, checked in turn).
fn check_uses(g: &Graph, a: NodeId, is_live: &[bool]) -> Result<(), EscapeReason> {
    for u in g.uses(a) {
        if !is_live[u.user.index()] {
            continue;
        }
        let Some(i) = value_use(g, u.user, u.index as usize) else { continue };
        if escape::classify_use(&g.op(u.user), i)? == UseKind::State {
            if g.opcode(u.user) != Opcode::FrameState {
                return Err(EscapeReason::FrameState);
            }
            check_state_users(g, u.user, is_live, 0)?;
        }
    }
    Ok(())
}

fn check_state_users(g: &Graph, fs: NodeId, is_live: &[bool], depth: u32) -> Result<(), EscapeReason> {
    if depth > 16 {
        return Err(EscapeReason::FrameState);
    }
    for u in g.uses(fs) {
        if !is_live[u.user.index()] {
            continue;
        }
        match g.opcode(u.user) {
            Opcode::FrameState => check_state_users(g, u.user, is_live, depth + 1)?,
            _ => {
                let info = g.op(u.user).info();
                if info.effect_out == 0 && g.effect_input(u.user).is_none() {
                    return Err(EscapeReason::FrameState);
                }
            }
        }
    }
    Ok(())
}

/// True if the frame state `fs` (or an outer one) mentions one of `set`.
fn mentions(g: &Graph, fs: NodeId, set: &BTreeSet<NodeId>) -> bool {
    g.value_inputs(fs).iter().any(|&x| set.contains(&x) || (g.opcode(x) == Opcode::FrameState && mentions(g, x, set)))
}

/// The effect nodes among `is_live`, in topological order from `Start` with loop back edges
/// ignored.
fn effect_order(g: &Graph, is_live: &[bool]) -> Vec<NodeId> {
    let mut pending: IdHashMap<NodeId, usize> = IdHashMap::default();
    let mut queue = VecDeque::from([g.start]);
    let mut order = Vec::new();
    while let Some(n) = queue.pop_front() {
        order.push(n);
        let mut edges: Vec<(NodeId, usize)> = g
            .uses(n)
            .iter()
            .filter(|u| is_live[u.user.index()] && g.edge_kind(u.user, u.index as usize) == EdgeKind::Effect)
            .map(|u| (u.user, u.index as usize - g.value_inputs(u.user).len()))
            .collect();
        edges.sort();
        for (user, position) in edges {
            let forward = forward_effect_inputs(g, user);
            if position >= forward {
                continue; // a loop back edge
            }
            let left = pending.entry(user).or_insert(forward);
            *left -= 1;
            if *left == 0 {
                queue.push_back(user);
            }
        }
    }
    order
}

/// How many leading effect inputs of `n` are forward edges (a loop's effect phi: only the
/// entry).
fn forward_effect_inputs(g: &Graph, n: NodeId) -> usize {
    if g.opcode(n) == Opcode::EffectPhi && g.control_input(n).is_some_and(|c| g.opcode(c) == Opcode::Loop) {
        1
    } else {
        g.effect_inputs(n).len()
    }
}

fn feedback<'a>(g: &Graph, input: &CompileInput<'a>, n: NodeId, slot: u32) -> Option<&'a ir::feedback::SlotFeedback> {
    let fs = *g.value_inputs(n).last()?;
    let Op::FrameState { func, .. } = g.op(fs) else { return None };
    input.feedback.get(func as usize)?.get(slot as usize)
}

fn analyze(
    g: &mut Graph,
    input: &CompileInput<'_>,
    set: &BTreeSet<NodeId>,
    is_live: &[bool],
) -> Result<Analysis, BTreeMap<NodeId, EscapeReason>> {
    let order = effect_order(g, is_live);
    let mut after: IdHashMap<NodeId, State> = IdHashMap::default();
    let mut actions = IdHashMap::default();
    let mut deopt_users = Vec::new();
    let mut found: BTreeMap<NodeId, EscapeReason> = BTreeMap::new();
    let undefined = g.add(Op::TaggedConstant { bits: tagged::UNDEFINED }, &[]);
    for &n in &order {
        let op = g.op(n);
        let mut state: State = match op {
            Op::Start => State::new(),
            Op::EffectPhi => {
                let k = forward_effect_inputs(g, n);
                let ins: Vec<&State> = g.effect_inputs(n)[..k].iter().filter_map(|e| after.get(e)).collect();
                let mut merged = ins.first().map(|s| (*s).clone()).unwrap_or_default();
                merged.retain(|a, o| {
                    let all = ins.iter().all(|s| s.contains_key(a));
                    if all && ins.iter().any(|s| s[a] != *o) {
                        found.entry(*a).or_insert(EscapeReason::Merge);
                    }
                    all
                });
                merged
            }
            _ => g.effect_input(n).and_then(|e| after.get(&e)).cloned().unwrap_or_default(),
        };
        let obj = g.value_inputs(n).first().copied().filter(|o| state.contains_key(o));
        let mut removed = false;
        match (op, obj) {
            (Op::JSCreateObject { shape }, _) if set.contains(&n) => {
                state.insert(n, VirtualObject::new(ShapeId(shape)));
                removed = true;
            }
            (_, Some(o)) => {
                let object = state.get_mut(&o).expect("the matched object is in the virtual state");
                let value = g.value_inputs(n).get(1).copied();
                match escape::transfer(&op, object, value, |slot| feedback(g, input, n, slot)) {
                    Some(Transfer::Remove) => {
                        actions.insert(n, Action::Remove);
                        removed = true;
                    }
                    Some(Transfer::Replace(v)) => {
                        actions.insert(n, Action::Replace(v));
                        removed = true;
                    }
                    Some(Transfer::Undefined) => {
                        actions.insert(n, Action::Replace(undefined));
                        removed = true;
                    }
                    Some(Transfer::Escape(r)) => {
                        found.entry(o).or_insert(r);
                    }
                    None => {}
                }
            }
            _ => {}
        }
        if !removed {
            // A surviving node: its frame states must describe the objects they mention.
            let before = g.effect_input(n).and_then(|e| after.get(&e));
            for &x in g.value_inputs(n) {
                if g.opcode(x) == Opcode::FrameState && mentions(g, x, set) {
                    let mut missing = BTreeSet::new();
                    collect_missing(g, x, set, before, &mut missing);
                    for a in missing {
                        found.entry(a).or_insert(EscapeReason::FrameState);
                    }
                    if !deopt_users.contains(&n) {
                        deopt_users.push(n);
                    }
                }
            }
        }
        after.insert(n, state);
    }
    // Loop back edges must bring every object alive at the header back unchanged.
    for &n in &order {
        if g.opcode(n) != Opcode::EffectPhi || forward_effect_inputs(g, n) == g.effect_inputs(n).len() {
            continue;
        }
        let header = &after[&n];
        for e in &g.effect_inputs(n)[1..] {
            let Some(back) = after.get(e) else { continue };
            for (a, o) in header {
                if back.get(a) != Some(o) {
                    found.entry(*a).or_insert(EscapeReason::Loop);
                }
            }
        }
    }
    // Every other use of a virtual object must have been decided by the walk (a use the
    // walk never reached would be left reading a removed node).
    for &a in set {
        for u in g.uses(a) {
            if !is_live[u.user.index()] || g.edge_kind(u.user, u.index as usize) != EdgeKind::Value {
                continue;
            }
            if g.opcode(u.user) != Opcode::FrameState && !actions.contains_key(&u.user) {
                found.entry(a).or_insert(EscapeReason::Other);
            }
        }
    }
    if !found.is_empty() {
        return Err(found);
    }
    Ok(Analysis { order, after, actions, deopt_users })
}

/// The objects of `set` the frame state `fs` mentions that `state` does not hold.
fn collect_missing(g: &Graph, fs: NodeId, set: &BTreeSet<NodeId>, state: Option<&State>, out: &mut BTreeSet<NodeId>) {
    for &x in g.value_inputs(fs) {
        if set.contains(&x) && !state.is_some_and(|s| s.contains_key(&x)) {
            out.insert(x);
        } else if g.opcode(x) == Opcode::FrameState {
            collect_missing(g, x, set, state, out);
        }
    }
}

/// A copy of frame state `fs` with every object of `state` replaced by its `ObjectState`.
fn describe(g: &mut Graph, fs: NodeId, state: &State, cache: &mut DescribeCache, stats: &mut EscapeStats) -> NodeId {
    let key: Vec<(NodeId, ShapeId, Vec<NodeId>)> = state.iter().map(|(a, o)| (*a, o.shape, o.fields.clone())).collect();
    if let Some(&done) = cache.get(&(fs, key.clone())) {
        return done;
    }
    let inputs: Vec<NodeId> = g.inputs(fs).to_vec();
    let mut new_inputs = Vec::with_capacity(inputs.len());
    for x in inputs {
        new_inputs.push(if let Some(o) = state.get(&x) {
            stats.object_states += 1;
            g.add(Op::ObjectState { id: x.0, shape: o.shape.0 }, &o.fields)
        } else if g.opcode(x) == Opcode::FrameState {
            describe(g, x, state, cache, stats)
        } else {
            x
        });
    }
    let copy = g.add(g.op(fs), &new_inputs);
    cache.insert((fs, key), copy);
    copy
}

fn rewrite(g: &mut Graph, analysis: &Analysis, set: &BTreeSet<NodeId>, stats: &mut EscapeStats) {
    let mut cache = IdHashMap::default();
    for &n in &analysis.deopt_users {
        let Some(before) = g.effect_input(n).and_then(|e| analysis.after.get(&e)) else { continue };
        let before: State = before.iter().filter(|(a, _)| set.contains(a)).map(|(a, o)| (*a, o.clone())).collect();
        for i in 0..g.value_inputs(n).len() {
            let x = g.value_input(n, i);
            if g.opcode(x) == Opcode::FrameState && mentions(g, x, set) {
                let copy = describe(g, x, &before, &mut cache, stats);
                g.set_input(n, i, copy);
            }
        }
    }
    let mut replaced: IdHashMap<NodeId, NodeId> = IdHashMap::default();
    for &n in &analysis.order {
        let action = if set.contains(&n) { Some(Action::Remove) } else { analysis.actions.get(&n).copied() };
        let Some(action) = action else { continue };
        let effect = g.effect_input(n);
        let control = g.control_input(n);
        match action {
            Action::Replace(mut v) => {
                // A field may hold a load replaced earlier (a field copied from another
                // removed object): use what that load became.
                while let Some(&r) = replaced.get(&v) {
                    v = r;
                }
                replaced.insert(n, v);
                stats.loads_replaced += 1;
                g.replace_with_value(n, Some(v), effect, control);
            }
            Action::Remove => {
                match g.opcode(n) {
                    Opcode::CheckMaps => stats.checks_removed += 1,
                    Opcode::StoreField | Opcode::StoreFieldTransition | Opcode::JSStoreNamed => stats.stores_removed += 1,
                    _ => {}
                }
                g.replace_with_value(n, None, effect, control);
            }
        }
        g.kill(n);
    }
}
