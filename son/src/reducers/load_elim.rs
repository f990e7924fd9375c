//! Load elimination on the sea of nodes, as TurboFan's `LoadElimination` reducer: an abstract
//! heap per effect node, carried along the effect chain by the GraphReducer.
//!
//! # States
//!
//! Every effect node (a node with an effect output) gets, in a side table, the abstract heap
//! ([`midend::load_elim::AbstractHeap`], shared by both pipelines) that holds *after* it. States are
//! reference-counted: a node that writes nothing shares its effect input's state.
//!
//! - `Start` has the empty state.
//! - An effectful node takes its effect input's state (none yet: no change; the GraphReducer
//!   comes back when the input's state appears), applies itself, and if its state differs from
//!   the one recorded, records it and reports an in-place change so that its users (the next
//!   nodes of the effect chain) are revisited.
//! - `LoadField`, `LoadElement`, `LoadArrayLength`: if the location's value is known the load
//!   is replaced by it (value uses → the value, effect uses → the load's effect input, as
//!   TurboFan's `ReplaceWithValue`); else the load itself becomes the location's value.
//! - `CheckMaps`: removed when the object's known shapes are a subset of the checked ones;
//!   else the checked shapes become known.
//! - `StoreField`, `StoreElement`: removed when the location already holds the stored value;
//!   else the store kills what may alias it ([`Kill`]) and records the value.
//!   `StoreFieldTransition` also kills the object's shape and records the new one.
//! - Any other effectful node kills by the alias classes its op declares it writes
//!   ([`ir::ops::Op::effects`]): a generic JS op or a call writes everything.
//! - `EffectPhi` of a `Merge`: waits until every input has a state, then keeps the facts that
//!   hold on all of them ([`AbstractHeap::merge`]).
//! - `EffectPhi` of a `Loop` (TurboFan's `ComputeLoopState`): the entry state minus everything
//!   written anywhere in the loop, found by walking the effect chain backwards from the back
//!   edges up to the phi. The walk is bounded ([`LOOP_WALK_LIMIT`] nodes); past it the loop is
//!   assumed to write everything (counted as `loop_walk_giveups`).
//!
//! # Object identity
//!
//! Facts are keyed by node ids. Value-passing checks are *renames* (TurboFan's
//! `ResolveRenames`): `CheckArray(o)` is the object `o`, and an element index
//! `CheckBounds(CheckedTaggedToInt32(k), len)` is the index `k`, so two accesses `a[i]` in a
//! row, each with its own checks, use the same location.
//!
//! Two alias modes ([`AliasMode`]): `load-elim` is type-based (objects with disjoint known
//! shapes never alias), `load-elim-offset` offset-only (a store to slot `s` kills slot `s` of
//! every object).
//!
//! # Abstract states
//!
//! The reducer is generic over the abstract state it keeps ([`HeapState`]): by default
//! (`state=persistent`) the heap both pipelines share, [`AbstractHeap`], with the bounded loop
//! walk above; with `reduce(load-elim,state=v8)` TurboFan's own structure,
//! [`super::load_elim_v8::V8State`] (per-field-index maps copied on every change, V8's
//! tracking limits, an unbounded loop walk that gives up at the first write it cannot
//! describe). The decisions are this module's in both cases.

use ir::hash::IdHashSet;
use std::rc::Rc;

use midend::load_elim::{AbstractHeap, AliasMode, Kill, LoadElimStats};
use ir::feedback::ShapeId;
use ir::ops::{AliasSet, Op, Opcode, ShapeSet};

use super::load_elim_v8::{V8Counters, V8State};
use crate::graph::{Graph, NodeId};
use crate::reducer::{Editor, Reducer, Reduction};

/// The most effect nodes a loop's effect walk visits before it assumes the loop writes
/// everything.
pub const LOOP_WALK_LIMIT: usize = 4096;

/// What a phase of load elimination counted: the shared counters, the loop walks that gave
/// up (default state) and the faithful state's bailouts ([`V8Counters`]).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Counters {
    /// Loads replaced, checks and stores removed, facts dropped at a full state.
    pub stats: LoadElimStats,
    /// Loops whose effect walk hit [`LOOP_WALK_LIMIT`] (default state only).
    pub loop_walk_giveups: u64,
    /// Loop walks: each computation of a loop effect phi's state finds the loop's effect
    /// chain anew (claim C14's `loops_found`).
    pub loops_found: u64,
    /// Effect nodes taken off those walks' worklists (claim C14's `loop_find_visits`).
    pub loop_find_visits: u64,
    /// The faithful state's bailouts and copies (zero with the default state).
    pub v8: V8Counters,
}

/// An abstract heap the reducer can keep per effect node: the facts it looks up, records and
/// kills, how states merge, and how a loop header's state is computed. Implemented by the
/// shared [`AbstractHeap`] (default) and by [`V8State`] (`state=v8`).
pub trait HeapState: Clone + PartialEq + Sized {
    /// The state at `Start`: nothing known.
    fn empty() -> Self;
    /// The known value of field `slot` of `object`.
    fn field(&self, object: NodeId, slot: u32) -> Option<NodeId>;
    /// The known value of element `index` of `object`.
    fn element(&self, object: NodeId, index: NodeId) -> Option<NodeId>;
    /// The known length of array `object`.
    fn length(&self, object: NodeId) -> Option<NodeId>;
    /// True if `CheckMaps(object, shapes)` always passes.
    fn maps_proven(&self, object: NodeId, shapes: &ShapeSet) -> bool;
    /// Records that `object` has one of `shapes`.
    fn set_maps(&mut self, object: NodeId, shapes: ShapeSet, cx: &mut Counters);
    /// Records the value of field `slot` of `object`.
    fn set_field(&mut self, object: NodeId, slot: u32, value: NodeId, cx: &mut Counters);
    /// Records the value of element `index` of `object`.
    fn set_element(&mut self, object: NodeId, index: NodeId, value: NodeId, cx: &mut Counters);
    /// Records the length of array `object`.
    fn set_length(&mut self, object: NodeId, length: NodeId, cx: &mut Counters);
    /// Drops every fact `kill` may change.
    fn kill(&mut self, kill: Kill<NodeId>, mode: AliasMode, cx: &mut Counters);
    /// The facts that hold on every one of `states`.
    fn merge(states: &[&Self], cx: &mut Counters) -> Self;
    /// The state at the loop effect phi `phi`, whose entry state is `entry`.
    fn loop_state(g: &Graph, phi: NodeId, entry: &Rc<Self>, mode: AliasMode, cx: &mut Counters) -> Rc<Self>;
    /// The phase row's extras.
    fn extras(cx: &Counters) -> Vec<(&'static str, u64)>;
}

impl HeapState for AbstractHeap<NodeId> {
    fn empty() -> Self {
        AbstractHeap::new()
    }
    fn field(&self, object: NodeId, slot: u32) -> Option<NodeId> {
        AbstractHeap::field(self, object, slot)
    }
    fn element(&self, object: NodeId, index: NodeId) -> Option<NodeId> {
        AbstractHeap::element(self, object, index)
    }
    fn length(&self, object: NodeId) -> Option<NodeId> {
        AbstractHeap::length(self, object)
    }
    fn maps_proven(&self, object: NodeId, shapes: &ShapeSet) -> bool {
        AbstractHeap::maps_proven(self, object, shapes)
    }
    fn set_maps(&mut self, object: NodeId, shapes: ShapeSet, cx: &mut Counters) {
        AbstractHeap::set_maps(self, object, shapes, &mut cx.stats)
    }
    fn set_field(&mut self, object: NodeId, slot: u32, value: NodeId, cx: &mut Counters) {
        AbstractHeap::set_field(self, object, slot, value, &mut cx.stats)
    }
    fn set_element(&mut self, object: NodeId, index: NodeId, value: NodeId, cx: &mut Counters) {
        AbstractHeap::set_element(self, object, index, value, &mut cx.stats)
    }
    fn set_length(&mut self, object: NodeId, length: NodeId, cx: &mut Counters) {
        AbstractHeap::set_length(self, object, length, &mut cx.stats)
    }
    fn kill(&mut self, kill: Kill<NodeId>, mode: AliasMode, _cx: &mut Counters) {
        AbstractHeap::kill(self, kill, mode)
    }
    fn merge(states: &[&Self], _cx: &mut Counters) -> Self {
        AbstractHeap::merge(states)
    }
    fn loop_state(g: &Graph, phi: NodeId, entry: &Rc<Self>, mode: AliasMode, cx: &mut Counters) -> Rc<Self> {
        cx.loops_found += 1;
        let kills = match loop_kills(g, phi, &mut cx.loop_find_visits) {
            Some(k) => k,
            None => {
                cx.loop_walk_giveups += 1;
                vec![Kill::Classes(AliasSet::ANY)]
            }
        };
        if kills.is_empty() {
            return entry.clone();
        }
        let mut state = (**entry).clone();
        apply_loop_kills(&mut state, kills, mode, cx);
        Rc::new(state)
    }
    fn extras(cx: &Counters) -> Vec<(&'static str, u64)> {
        let mut v: Vec<(&'static str, u64)> = cx.stats.extras().to_vec();
        v.push(("loop_walk_giveups", cx.loop_walk_giveups));
        v.extend(loop_find_extras(cx));
        v
    }
}

/// Applies what a loop writes to its entry state: shape changes first, since type-based
/// aliasing must not rely on shapes the loop may change.
pub fn apply_loop_kills<S: HeapState>(state: &mut S, kills: Vec<Kill<NodeId>>, mode: AliasMode, cx: &mut Counters) {
    let (shape_kills, rest): (Vec<Kill<NodeId>>, Vec<Kill<NodeId>>) = kills
        .into_iter()
        .partition(|k| matches!(k, Kill::Shape { .. }) || matches!(k, Kill::Classes(w) if w.overlaps(AliasSet::SHAPE)));
    for k in shape_kills.into_iter().chain(rest) {
        state.kill(k, mode, cx);
    }
}

/// The load-elimination reducer (see the module docs), keeping abstract states `S` (the
/// shared heap by default; [`V8State`] for `state=v8`).
pub struct LoadElimination<S: HeapState = AbstractHeap<NodeId>> {
    mode: AliasMode,
    states: Vec<Option<Rc<S>>>,
    cx: Counters,
}

/// Load elimination with TurboFan's abstract state (`reduce(load-elim,state=v8)`).
pub type LoadEliminationV8 = LoadElimination<V8State>;

impl<S: HeapState> LoadElimination<S> {
    /// A reducer with the given alias mode and no states yet.
    pub fn new(mode: AliasMode) -> LoadElimination<S> {
        LoadElimination { mode, states: Vec::new(), cx: Counters::default() }
    }

    /// What it did so far.
    pub fn stats(&self) -> LoadElimStats {
        self.cx.stats
    }

    /// Everything it counted so far.
    pub fn counters(&self) -> Counters {
        self.cx
    }

    /// Loops whose effect walk hit [`LOOP_WALK_LIMIT`].
    pub fn loop_walk_giveups(&self) -> u64 {
        self.cx.loop_walk_giveups
    }

    /// The state recorded after effect node `n`, if any.
    pub fn state(&self, n: NodeId) -> Option<&S> {
        self.states.get(n.index()).and_then(|s| s.as_deref())
    }

    fn get(&self, n: NodeId) -> Option<Rc<S>> {
        self.states.get(n.index()).and_then(|s| s.clone())
    }

    /// Records `state` for `n`; `Changed` if it differs from the recorded one.
    fn update(&mut self, n: NodeId, state: Rc<S>) -> Reduction {
        if self.states.len() <= n.index() {
            self.states.resize(n.index() + 1, None);
        }
        let slot = &mut self.states[n.index()];
        let same = slot.as_ref().is_some_and(|old| Rc::ptr_eq(old, &state) || **old == *state);
        if same {
            return Reduction::NoChange;
        }
        *slot = Some(state);
        Reduction::Changed
    }

    /// The state of `n`'s effect input, if it has one.
    fn input_state(&self, g: &Graph, n: NodeId) -> Option<Rc<S>> {
        let e = g.effect_input(n)?;
        self.get(e)
    }

    /// Replaces a load by `value`: value uses → `value`, effect uses → the load's effect input.
    fn replace_load(&mut self, g: &mut Graph, n: NodeId, value: NodeId, ed: &mut Editor) -> Reduction {
        let effect = g.effect_input(n).expect("a load has an effect input (op table arity)");
        ed.replace_with_value(g, n, Some(value), Some(effect), None);
        self.cx.stats.loads_replaced += 1;
        Reduction::Replace(value)
    }

    /// Removes an effect-only node (a check or a store): its effect and control uses move to
    /// its own effect and control inputs.
    fn remove(&mut self, g: &mut Graph, n: NodeId, ed: &mut Editor) -> Reduction {
        let effect = g.effect_input(n).expect("a check or store has an effect input (op table arity)");
        let control = g.control_input(n);
        ed.replace_with_value(g, n, None, Some(effect), control);
        Reduction::Replace(effect)
    }

    /// True if `value` may stand for load `n` (live, and typed no wider: TurboFan's check).
    fn usable(g: &Graph, n: NodeId, value: NodeId) -> bool {
        if g.is_dead(value) || value == n {
            return false;
        }
        match (g.ty(value), g.ty(n)) {
            (Some(v), Some(l)) => v.is(l),
            _ => true,
        }
    }

    fn reduce_effect_phi(&mut self, g: &Graph, n: NodeId) -> Reduction {
        let Some(control) = g.control_input(n) else { return Reduction::NoChange };
        let inputs = g.effect_inputs(n).to_vec();
        if g.opcode(control) == Opcode::Loop {
            let Some(entry) = inputs.first().and_then(|&e| self.get(e)) else { return Reduction::NoChange };
            let state = S::loop_state(g, n, &entry, self.mode, &mut self.cx);
            return self.update(n, state);
        }
        let mut states = Vec::with_capacity(inputs.len());
        for &e in &inputs {
            match self.get(e) {
                Some(s) => states.push(s),
                None => return Reduction::NoChange,
            }
        }
        let refs: Vec<&S> = states.iter().map(|s| s.as_ref()).collect();
        let merged = S::merge(&refs, &mut self.cx);
        self.update(n, Rc::new(merged))
    }
}

/// Looks through value-passing checks to the object they check (TurboFan's renames).
pub fn resolve_object(g: &Graph, mut n: NodeId) -> NodeId {
    while g.opcode(n) == Opcode::CheckArray {
        n = g.value_input(n, 0);
    }
    n
}

/// Looks through the checks of an element index (`CheckBounds`, `CheckedTaggedToInt32`) to the
/// value indexed with.
pub fn resolve_index(g: &Graph, mut n: NodeId) -> NodeId {
    while matches!(g.opcode(n), Opcode::CheckBounds | Opcode::CheckedTaggedToInt32) {
        n = g.value_input(n, 0);
    }
    n
}

/// What effect node `n` kills, as load elimination sees it (empty if it writes nothing).
pub fn kills_of(g: &Graph, n: NodeId) -> Vec<Kill<NodeId>> {
    match g.op(n) {
        Op::StoreField { slot } => vec![Kill::Field { object: resolve_object(g, g.value_input(n, 0)), slot }],
        Op::StoreFieldTransition { slot, .. } => {
            let object = resolve_object(g, g.value_input(n, 0));
            vec![Kill::Shape { object }, Kill::Field { object, slot }]
        }
        Op::StoreElement => vec![Kill::Element { object: resolve_object(g, g.value_input(n, 0)) }],
        op => {
            let writes = op.effects().writes;
            if writes.is_empty() {
                vec![]
            } else {
                vec![Kill::Classes(writes)]
            }
        }
    }
}

/// The phase row's extras of claim C14 (both states): `loops_found`, `loop_find_visits`.
pub fn loop_find_extras(cx: &Counters) -> [(&'static str, u64); 2] {
    [("loops_found", cx.loops_found), ("loop_find_visits", cx.loop_find_visits)]
}

/// Everything written on the effect paths from the back edges of loop effect phi `phi` up to
/// `phi`; `None` if the walk passes [`LOOP_WALK_LIMIT`] nodes. Every node taken off the
/// walk's worklist is one of `visits`.
fn loop_kills(g: &Graph, phi: NodeId, visits: &mut u64) -> Option<Vec<Kill<NodeId>>> {
    let mut seen = IdHashSet::default();
    seen.insert(phi);
    let mut queue: Vec<NodeId> = g.effect_inputs(phi).iter().skip(1).copied().collect();
    let mut kills = Vec::new();
    while let Some(n) = queue.pop() {
        *visits += 1;
        if !seen.insert(n) {
            continue;
        }
        if seen.len() > LOOP_WALK_LIMIT {
            return None;
        }
        if g.is_dead(n) {
            continue;
        }
        for k in kills_of(g, n) {
            if !kills.contains(&k) {
                kills.push(k);
            }
        }
        queue.extend_from_slice(g.effect_inputs(n));
    }
    Some(kills)
}

impl<S: HeapState> Reducer for LoadElimination<S> {
    fn name(&self) -> &'static str {
        match self.mode {
            AliasMode::Type => "load-elim",
            AliasMode::Offset => "load-elim-offset",
        }
    }

    fn reduce(&mut self, g: &mut Graph, n: NodeId, ed: &mut Editor) -> Reduction {
        if g.is_killed(n) {
            return Reduction::NoChange;
        }
        let op = g.op(n);
        match op {
            Op::Start => return self.update(n, Rc::new(S::empty())),
            Op::EffectPhi => return self.reduce_effect_phi(g, n),
            Op::Dead => return Reduction::NoChange,
            _ => {}
        }
        let info = op.info();
        if info.effect_out == 0 || g.effect_inputs(n).len() != 1 {
            return Reduction::NoChange;
        }
        let Some(state) = self.input_state(g, n) else { return Reduction::NoChange };
        let mode = self.mode;
        match op {
            Op::CheckMaps { shapes } => {
                let object = resolve_object(g, g.value_input(n, 0));
                if state.maps_proven(object, &shapes) {
                    self.cx.stats.checks_removed += 1;
                    return self.remove(g, n, ed);
                }
                let mut s = (*state).clone();
                s.set_maps(object, shapes, &mut self.cx);
                self.update(n, Rc::new(s))
            }
            Op::LoadField { slot } => {
                let object = resolve_object(g, g.value_input(n, 0));
                if let Some(v) = state.field(object, slot).filter(|&v| Self::usable(g, n, v)) {
                    return self.replace_load(g, n, v, ed);
                }
                let mut s = (*state).clone();
                s.set_field(object, slot, n, &mut self.cx);
                self.update(n, Rc::new(s))
            }
            Op::StoreField { slot } => {
                let object = resolve_object(g, g.value_input(n, 0));
                let value = g.value_input(n, 1);
                if state.field(object, slot) == Some(value) {
                    self.cx.stats.stores_removed += 1;
                    return self.remove(g, n, ed);
                }
                let mut s = (*state).clone();
                s.kill(Kill::Field { object, slot }, mode, &mut self.cx);
                s.set_field(object, slot, value, &mut self.cx);
                self.update(n, Rc::new(s))
            }
            Op::StoreFieldTransition { shape, slot } => {
                let object = resolve_object(g, g.value_input(n, 0));
                let value = g.value_input(n, 1);
                let mut s = (*state).clone();
                s.kill(Kill::Shape { object }, mode, &mut self.cx);
                s.kill(Kill::Field { object, slot }, mode, &mut self.cx);
                if let Some(shapes) = ShapeSet::new(&[shape]) {
                    s.set_maps(object, shapes, &mut self.cx);
                }
                s.set_field(object, slot, value, &mut self.cx);
                self.update(n, Rc::new(s))
            }
            Op::LoadElement => {
                let object = resolve_object(g, g.value_input(n, 0));
                let index = resolve_index(g, g.value_input(n, 1));
                if let Some(v) = state.element(object, index).filter(|&v| Self::usable(g, n, v)) {
                    return self.replace_load(g, n, v, ed);
                }
                let mut s = (*state).clone();
                s.set_element(object, index, n, &mut self.cx);
                self.update(n, Rc::new(s))
            }
            Op::StoreElement => {
                let object = resolve_object(g, g.value_input(n, 0));
                let index = resolve_index(g, g.value_input(n, 1));
                let value = g.value_input(n, 2);
                if state.element(object, index) == Some(value) {
                    self.cx.stats.stores_removed += 1;
                    return self.remove(g, n, ed);
                }
                let mut s = (*state).clone();
                s.kill(Kill::Element { object }, mode, &mut self.cx);
                s.set_element(object, index, value, &mut self.cx);
                self.update(n, Rc::new(s))
            }
            Op::JSCreateObject { .. } | Op::AllocateObject { .. } => {
                // A new object has its root shape: its first transitioning store needs no
                // shape check.
                let mut s = (*state).clone();
                for k in kills_of(g, n) {
                    s.kill(k, mode, &mut self.cx);
                }
                let root = match op {
                    Op::AllocateObject { shape } | Op::JSCreateObject { shape } => shape,
                    _ => ShapeId::EMPTY.0,
                };
                s.set_maps(n, ShapeSet::one(root), &mut self.cx);
                self.update(n, Rc::new(s))
            }
            Op::LoadArrayLength => {
                let object = resolve_object(g, g.value_input(n, 0));
                if let Some(v) = state.length(object).filter(|&v| Self::usable(g, n, v)) {
                    return self.replace_load(g, n, v, ed);
                }
                let mut s = (*state).clone();
                s.set_length(object, n, &mut self.cx);
                self.update(n, Rc::new(s))
            }
            _ => {
                let kills = kills_of(g, n);
                if kills.is_empty() {
                    return self.update(n, state);
                }
                let mut s = (*state).clone();
                for k in kills {
                    s.kill(k, mode, &mut self.cx);
                }
                self.update(n, Rc::new(s))
            }
        }
    }

    fn extras(&self) -> Vec<(&'static str, u64)> {
        S::extras(&self.cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reducer::{Driver, GraphReducer};
    use crate::reducers::matcher::{assert_matches, Pattern};
    use midend::load_elim::CAPS;

    /// A function skeleton: `Start`, three parameters, a frame state.
    struct Fixture {
        g: Graph,
        p: [NodeId; 3],
        fs: NodeId,
    }

    fn fixture() -> Fixture {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = [1, 2, 3].map(|i| g.add(Op::Parameter { index: i }, &[s]));
        let fs = g.add(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[]);
        Fixture { g, p, fs }
    }

    fn shapes(s: &[u32]) -> ShapeSet {
        ShapeSet::new(s).unwrap()
    }

    /// Ends the function with `Return(value)` on `effect` and `control`.
    fn ret(g: &mut Graph, value: NodeId, effect: NodeId, control: NodeId) -> NodeId {
        let r = g.add(Op::Return, &[value, effect, control]);
        let end = g.end;
        g.append_input(end, r);
        r
    }

    fn run(g: &mut Graph, mode: AliasMode) -> LoadElimStats {
        let mut le = LoadElimination::<AbstractHeap<NodeId>>::new(mode);
        GraphReducer::new(vec![&mut le]).run(g, Driver::V8);
        le.stats()
    }

    #[test]
    fn a_store_is_forwarded_to_a_later_load() {
        let Fixture { mut g, p, .. } = fixture();
        let s = g.start;
        let st = g.add(Op::StoreField { slot: 2 }, &[p[0], p[1], s, s]);
        let ld = g.add(Op::LoadField { slot: 2 }, &[p[0], st, s]);
        let r = ret(&mut g, ld, ld, s);
        let stats = run(&mut g, AliasMode::Type);
        assert_eq!(stats.loads_replaced, 1);
        assert_matches(&g, g.value_input(r, 0), &Pattern::Node(p[1]));
        assert_eq!(g.effect_input(r), Some(st), "the load's effect uses move to its effect input");
        assert!(g.is_killed(ld));
    }

    #[test]
    fn a_load_after_an_unknown_call_is_kept() {
        let Fixture { mut g, p, fs } = fixture();
        let s = g.start;
        let st = g.add(Op::StoreField { slot: 0 }, &[p[0], p[1], s, s]);
        let call = g.add(Op::JSCall { argc: 0, slot: 0 }, &[p[2], p[2], fs, st, s]);
        let ld = g.add(Op::LoadField { slot: 0 }, &[p[0], call, s]);
        let r = ret(&mut g, ld, ld, s);
        let stats = run(&mut g, AliasMode::Type);
        assert_eq!(stats.loads_replaced, 0);
        assert_matches(&g, g.value_input(r, 0), &Pattern::Op(Op::LoadField { slot: 0 }, vec![Pattern::Node(p[0])]));
    }

    #[test]
    fn a_redundant_check_maps_is_removed_and_the_second_load_reuses_the_first() {
        let Fixture { mut g, p, fs } = fixture();
        let s = g.start;
        let c1 = g.add(Op::CheckMaps { shapes: shapes(&[7]) }, &[p[0], fs, s, s]);
        let l1 = g.add(Op::LoadField { slot: 1 }, &[p[0], c1, s]);
        let c2 = g.add(Op::CheckMaps { shapes: shapes(&[7, 9]) }, &[p[0], fs, l1, s]);
        let l2 = g.add(Op::LoadField { slot: 1 }, &[p[0], c2, s]);
        let sum = g.add(Op::NumberAdd, &[l1, l2]);
        let r = ret(&mut g, sum, l2, s);
        let stats = run(&mut g, AliasMode::Type);
        assert_eq!((stats.checks_removed, stats.loads_replaced), (1, 1));
        assert!(g.is_killed(c2) && g.is_killed(l2));
        assert!(!g.is_killed(c1), "the first check stays");
        assert_matches(&g, g.value_input(r, 0), &Pattern::Code(Opcode::NumberAdd, vec![Pattern::Node(l1), Pattern::Node(l1)]));
        assert_eq!(g.effect_input(r), Some(l1));
    }

    /// `loop { CheckMaps(o, {A}); x = o.f; CheckMaps(q, {B}); q.f = v; y = o.f }`; returns
    /// the graph, the `Return` and the two loads.
    fn loop_storing_another_objects_field(other_slot: u32) -> (Graph, NodeId, NodeId, NodeId) {
        let Fixture { mut g, p, fs } = fixture();
        let s = g.start;
        let (o, q, v) = (p[0], p[1], p[2]);
        let lp = g.add(Op::Loop, &[s, s]);
        let ephi = g.add(Op::EffectPhi, &[s, s, lp]);
        let c1 = g.add(Op::CheckMaps { shapes: shapes(&[1]) }, &[o, fs, ephi, lp]);
        let l1 = g.add(Op::LoadField { slot: 0 }, &[o, c1, lp]);
        let c2 = g.add(Op::CheckMaps { shapes: shapes(&[2]) }, &[q, fs, l1, lp]);
        let st = g.add(Op::StoreField { slot: other_slot }, &[q, v, c2, lp]);
        let l2 = g.add(Op::LoadField { slot: 0 }, &[o, st, lp]);
        let sum = g.add(Op::NumberAdd, &[l1, l2]);
        let br = g.add(Op::Branch { profile: ir::ops::BranchProfile::NONE }, &[v, lp]);
        let t = g.add(Op::IfTrue, &[br]);
        let f = g.add(Op::IfFalse, &[br]);
        g.set_input(lp, 1, t);
        g.set_input(ephi, 1, l2);
        let r = ret(&mut g, sum, l2, f);
        (g, r, l1, l2)
    }

    #[test]
    fn type_based_aliasing_forwards_across_a_store_to_another_shape_and_offset_only_does_not() {
        let (mut g, r, l1, _) = loop_storing_another_objects_field(0);
        let stats = run(&mut g, AliasMode::Type);
        assert_eq!(stats.loads_replaced, 1);
        assert_matches(&g, g.value_input(r, 0), &Pattern::Code(Opcode::NumberAdd, vec![Pattern::Node(l1), Pattern::Node(l1)]));

        let (mut g, r, l1, l2) = loop_storing_another_objects_field(0);
        let stats = run(&mut g, AliasMode::Offset);
        assert_eq!(stats.loads_replaced, 0);
        assert_matches(&g, g.value_input(r, 0), &Pattern::Code(Opcode::NumberAdd, vec![Pattern::Node(l1), Pattern::Node(l2)]));

        // A store to another slot never aliases, whatever the mode.
        let (mut g, _, _, _) = loop_storing_another_objects_field(1);
        assert_eq!(run(&mut g, AliasMode::Offset).loads_replaced, 1);
    }

    /// `o.f = v; loop { x = o.f; o.slot = w }`; returns the graph, the loop's effect phi and
    /// the load.
    fn loop_after_a_store(slot_in_loop: u32) -> (Graph, NodeId, NodeId, NodeId) {
        let Fixture { mut g, p, .. } = fixture();
        let s = g.start;
        let (o, v, w) = (p[0], p[1], p[2]);
        let st0 = g.add(Op::StoreField { slot: 0 }, &[o, v, s, s]);
        let lp = g.add(Op::Loop, &[s, s]);
        let ephi = g.add(Op::EffectPhi, &[st0, st0, lp]);
        let l1 = g.add(Op::LoadField { slot: 0 }, &[o, ephi, lp]);
        let st1 = g.add(Op::StoreField { slot: slot_in_loop }, &[o, w, l1, lp]);
        let br = g.add(Op::Branch { profile: ir::ops::BranchProfile::NONE }, &[w, lp]);
        let t = g.add(Op::IfTrue, &[br]);
        let f = g.add(Op::IfFalse, &[br]);
        g.set_input(lp, 1, t);
        g.set_input(ephi, 1, st1);
        let r = ret(&mut g, l1, st1, f);
        (g, ephi, l1, r)
    }

    #[test]
    fn a_loop_that_stores_the_field_kills_it_at_the_header() {
        let (mut g, ephi, l1, r) = loop_after_a_store(0);
        let o = fixture().p[0];
        let mut le = LoadElimination::<AbstractHeap<NodeId>>::new(AliasMode::Type);
        GraphReducer::new(vec![&mut le]).run(&mut g, Driver::V8);
        assert_eq!(le.stats().loads_replaced, 0);
        assert_eq!(le.state(ephi).map(|s| s.field(o, 0)), Some(None), "killed at the header");
        assert_matches(&g, g.value_input(r, 0), &Pattern::Node(l1));

        // The loop writes another slot: the value stored before the loop reaches the load.
        let (mut g, ephi, _, r) = loop_after_a_store(1);
        let mut le = LoadElimination::<AbstractHeap<NodeId>>::new(AliasMode::Type);
        GraphReducer::new(vec![&mut le]).run(&mut g, Driver::V8);
        assert_eq!(le.stats().loads_replaced, 1);
        assert!(le.state(ephi).and_then(|s| s.field(o, 0)).is_some());
        assert_matches(&g, g.value_input(r, 0), &Pattern::Op(Op::Parameter { index: 2 }, vec![]));
    }

    #[test]
    fn a_merge_keeps_what_both_branches_stored() {
        let Fixture { mut g, p, .. } = fixture();
        let s = g.start;
        let br = g.add(Op::Branch { profile: ir::ops::BranchProfile::NONE }, &[p[2], s]);
        let t = g.add(Op::IfTrue, &[br]);
        let f = g.add(Op::IfFalse, &[br]);
        let st_t = g.add(Op::StoreField { slot: 0 }, &[p[0], p[1], s, t]);
        let st_f = g.add(Op::StoreField { slot: 0 }, &[p[0], p[1], s, f]);
        let other = g.add(Op::StoreField { slot: 1 }, &[p[0], p[2], st_f, f]);
        let m = g.add(Op::Merge, &[t, f]);
        let ephi = g.add(Op::EffectPhi, &[st_t, other, m]);
        let l0 = g.add(Op::LoadField { slot: 0 }, &[p[0], ephi, m]);
        let l1 = g.add(Op::LoadField { slot: 1 }, &[p[0], l0, m]);
        let sum = g.add(Op::NumberAdd, &[l0, l1]);
        let r = ret(&mut g, sum, l1, m);
        let stats = run(&mut g, AliasMode::Type);
        assert_eq!(stats.loads_replaced, 1);
        assert_matches(&g, g.value_input(r, 0), &Pattern::Code(Opcode::NumberAdd, vec![Pattern::Node(p[1]), Pattern::Node(l1)]));
    }

    #[test]
    fn more_live_fields_than_the_cap_drop_the_oldest_and_count_it() {
        let Fixture { mut g, p, .. } = fixture();
        let s = g.start;
        let n = CAPS.fields as u32 + 2;
        let mut effect = s;
        let mut loads = Vec::new();
        for slot in 0..n {
            effect = g.add(Op::LoadField { slot }, &[p[0], effect, s]);
            loads.push(effect);
        }
        // Reload the first field (dropped) and the last (still known).
        let again_first = g.add(Op::LoadField { slot: 0 }, &[p[0], effect, s]);
        let again_last = g.add(Op::LoadField { slot: n - 1 }, &[p[0], again_first, s]);
        let sum = g.add(Op::NumberAdd, &[again_first, again_last]);
        let r = ret(&mut g, sum, again_last, s);
        let stats = run(&mut g, AliasMode::Type);
        assert!(stats.cap_hits >= 2, "{stats:?}");
        assert_eq!(stats.loads_replaced, 1);
        assert_matches(
            &g,
            g.value_input(r, 0),
            &Pattern::Code(Opcode::NumberAdd, vec![Pattern::Node(again_first), Pattern::Node(loads[n as usize - 1])]),
        );
    }

    #[test]
    fn a_store_of_the_value_already_held_is_removed() {
        let Fixture { mut g, p, .. } = fixture();
        let s = g.start;
        let l = g.add(Op::LoadField { slot: 3 }, &[p[0], s, s]);
        let st = g.add(Op::StoreField { slot: 3 }, &[p[0], l, l, s]);
        let r = ret(&mut g, l, st, s);
        let stats = run(&mut g, AliasMode::Offset);
        assert_eq!(stats.stores_removed, 1);
        assert!(g.is_killed(st));
        assert_eq!(g.effect_input(r), Some(l));
    }

    #[test]
    fn element_accesses_see_through_index_and_array_checks() {
        let Fixture { mut g, p, fs } = fixture();
        let s = g.start;
        let (a, k) = (p[0], p[1]);
        let mut effect = s;
        let access = |g: &mut Graph, effect: &mut NodeId| {
            let arr = g.add(Op::CheckArray, &[a, fs, *effect, s]);
            let i = g.add(Op::CheckedTaggedToInt32, &[k, fs, arr, s]);
            let len = g.add(Op::LoadArrayLength, &[arr, i, s]);
            let idx = g.add(Op::CheckBounds, &[i, len, fs, len, s]);
            let ld = g.add(Op::LoadElement, &[arr, idx, idx, s]);
            *effect = ld;
            (len, ld)
        };
        let (len1, ld1) = access(&mut g, &mut effect);
        let (_, ld2) = access(&mut g, &mut effect);
        let sum = g.add(Op::NumberAdd, &[ld1, ld2]);
        let r = ret(&mut g, sum, effect, s);
        let stats = run(&mut g, AliasMode::Type);
        assert_eq!(stats.loads_replaced, 2, "the second length and element");
        assert_matches(&g, g.value_input(r, 0), &Pattern::Code(Opcode::NumberAdd, vec![Pattern::Node(ld1), Pattern::Node(ld1)]));
        assert!(g.uses(len1).len() >= 2, "the second bounds check uses the first length");
    }
}
