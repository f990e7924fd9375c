//! A TurboFan-faithful abstract state for sea-of-nodes load elimination (`state=v8`), a
//! son-only control for claim C4.
//!
//! The default state of [`super::load_elim`] is the abstract heap both pipelines share
//! ([`midend::load_elim::AbstractHeap`]: four small reference-counted fact lists, each copied
//! only when it changes, with one cap per list). TurboFan's `LoadElimination`
//! (V8 `src/compiler/load-elimination.{h,cc}`) keeps a different structure, with different
//! costs and different give-ups; this module rebuilds that structure so that the C4 comparison
//! can be run against the data structure V8 actually had:
//!
//! - **Fields** (`AbstractField`): one ordered map object → value *per field index*, an array
//!   of [`MAX_TRACKED_FIELDS_PER_OBJECT`] of them. A field's index is its offset in tagged
//!   words minus one, so in-object slot `s` is index `s + `[`FIRST_SLOT_INDEX`] (map,
//!   properties and elements come first). An access at an index past the array is not
//!   tracked at all: a load is neither replaced nor recorded, a store kills the object's
//!   facts at every index (`KillFields`). Recording a fact copies the whole per-index map
//!   (`Extend`); killing one copies the entries that survive. When the map already holds
//!   [`MAX_TRACKED_OBJECTS`] objects, or the state already holds [`MAX_TRACKED_FIELDS`] field
//!   facts, the map's first entry (the lowest node id) is dropped first. Lookups scan the
//!   map (V8 compares every entry with `MustAlias`).
//! - **Elements** (`AbstractElements`): a ring of [`MAX_TRACKED_ELEMENTS`] slots; recording
//!   one copies the ring and overwrites the next slot, evicting whatever it held.
//! - **Maps** (`AbstractMaps`): one ordered map object → shapes, copied on every change,
//!   dropping its first entry at [`MAX_TRACKED_OBJECTS`].
//! - **Loops** (`ComputeLoopState`): the state at a loop header is the entry state minus what
//!   the loop writes, found by a breadth-first walk of the loop's effect chain with no bound
//!   on its length; the first write it cannot describe (anything but a field or element
//!   store or a shape change: a call, a generic JS op, an allocation) makes it give up and
//!   forget everything (`KillAll`).
//!
//! What a load is replaced by and which stores alias are the shared reducer's decisions
//! ([`super::load_elim::LoadElimination`] drives both states): lengths of arrays keep a
//! per-index map of their own (V8 keeps them at the `JSArray` length offset, where they
//! would share an index with in-object slot 0), a transitioning store also forgets the
//! object's fields, and a merge unions the shapes an object has on each input (V8 keeps
//! only identical shape sets) — as the default state does. The two states therefore differ
//! only where V8's limits make it forget a fact.
//!
//! Every bailout is counted ([`V8Counters`]) and reported in the phase's meter extras.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::rc::Rc;

use ir::ops::{AliasSet, ShapeSet};
use midend::load_elim::{AliasMode, Kill};

use super::load_elim::{apply_loop_kills, kills_of, loop_find_extras, Counters, HeapState};
use crate::graph::{Graph, NodeId};

/// Field indices TurboFan tracks per object (`kMaxTrackedFieldsPerObject`, V8
/// `src/compiler/load-elimination.h`).
pub const MAX_TRACKED_FIELDS_PER_OBJECT: usize = 32;
/// Objects one per-index map (and the maps table) holds before it drops one
/// (`kMaxTrackedObjects`, V8 `src/compiler/load-elimination.h`).
pub const MAX_TRACKED_OBJECTS: usize = 100;
/// Field facts the whole state holds before recording one drops another
/// (`kMaxTrackedFields`, V8 `src/compiler/load-elimination.h`).
pub const MAX_TRACKED_FIELDS: usize = 300;
/// Slots of the element ring (`kMaxTrackedElements`, V8 `src/compiler/load-elimination.h`).
pub const MAX_TRACKED_ELEMENTS: usize = 8;
/// The field index of in-object slot 0: a `JSObject` starts with its map, properties and
/// elements words, and V8's `FieldIndexOf` is the offset in tagged words minus one.
pub const FIRST_SLOT_INDEX: usize = 2;

/// The field index of slot `slot`, or `None` past [`MAX_TRACKED_FIELDS_PER_OBJECT`] (V8's
/// `IndexRange::Invalid`).
pub fn field_index(slot: u32) -> Option<usize> {
    let i = slot as usize + FIRST_SLOT_INDEX;
    (i < MAX_TRACKED_FIELDS_PER_OBJECT).then_some(i)
}

/// What the faithful state gave up or paid, counted over a phase.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct V8Counters {
    /// Field accesses (loads and stores) at an index past [`MAX_TRACKED_FIELDS_PER_OBJECT`]:
    /// not tracked.
    pub fields_untracked: u64,
    /// Field facts dropped at [`MAX_TRACKED_OBJECTS`] per index or [`MAX_TRACKED_FIELDS`] in
    /// all.
    pub fields_evicted: u64,
    /// Element facts overwritten in the full ring.
    pub elements_evicted: u64,
    /// Shape facts dropped at [`MAX_TRACKED_OBJECTS`].
    pub maps_evicted: u64,
    /// Loop headers whose walk met a write it cannot describe and forgot everything.
    pub loop_kill_all: u64,
    /// Effect nodes the loop walks visited.
    pub loop_walk_nodes: u64,
    /// States copied (each change of a state copies its table of per-index maps).
    pub state_copies: u64,
    /// Map and ring entries copied when a per-index map, the maps table or the ring was
    /// copied to change it.
    pub entries_copied: u64,
}

impl V8Counters {
    /// The counters as `(name, value)` pairs, for a phase row's extras (prefixed `v8_`).
    pub fn extras(&self) -> [(&'static str, u64); 8] {
        [
            ("v8_fields_untracked", self.fields_untracked),
            ("v8_fields_evicted", self.fields_evicted),
            ("v8_elements_evicted", self.elements_evicted),
            ("v8_maps_evicted", self.maps_evicted),
            ("v8_loop_kill_all", self.loop_kill_all),
            ("v8_loop_walk_nodes", self.loop_walk_nodes),
            ("v8_state_copies", self.state_copies),
            ("v8_entries_copied", self.entries_copied),
        ]
    }
}

/// One per-index map (`AbstractField`): object → value, ordered by node id.
type FieldMap = Rc<BTreeMap<NodeId, NodeId>>;

/// The element ring (`AbstractElements`): (object, index, value) slots.
#[derive(Clone, Debug, Default)]
struct Elements {
    slots: [Option<(NodeId, NodeId, NodeId)>; MAX_TRACKED_ELEMENTS],
    next: usize,
}

impl Elements {
    fn occupied(&self) -> impl Iterator<Item = &(NodeId, NodeId, NodeId)> {
        self.slots.iter().flatten()
    }

    /// Set equality, as V8's `Equals` (order and ring position do not count).
    fn same(&self, other: &Elements) -> bool {
        self.occupied().all(|e| other.occupied().any(|o| o == e)) && other.occupied().all(|o| self.occupied().any(|e| e == o))
    }
}

/// The faithful abstract state (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct V8State {
    fields: [Option<FieldMap>; MAX_TRACKED_FIELDS_PER_OBJECT],
    lengths: Option<FieldMap>,
    elements: Option<Rc<Elements>>,
    maps: Option<Rc<BTreeMap<NodeId, ShapeSet>>>,
    /// Field facts held over all indices (V8's `fields_count_`; lengths not included).
    fields_count: usize,
}

fn same_rc<T: PartialEq>(a: &Option<Rc<T>>, b: &Option<Rc<T>>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => Rc::ptr_eq(x, y) || **x == **y,
        (None, None) => true,
        _ => false,
    }
}

impl PartialEq for V8State {
    fn eq(&self, other: &V8State) -> bool {
        let elements = match (&self.elements, &other.elements) {
            (Some(x), Some(y)) => Rc::ptr_eq(x, y) || x.same(y),
            (None, None) => true,
            _ => false,
        };
        elements
            && same_rc(&self.maps, &other.maps)
            && same_rc(&self.lengths, &other.lengths)
            && self.fields.iter().zip(&other.fields).all(|(a, b)| same_rc(a, b))
    }
}

/// True if `a` and `b` may be the same object under `mode`, given the known shapes (the
/// shared heap's rule).
fn may_alias(maps: &Option<Rc<BTreeMap<NodeId, ShapeSet>>>, a: NodeId, b: NodeId, mode: AliasMode) -> bool {
    if a == b || mode == AliasMode::Offset {
        return true;
    }
    let shapes = |x: NodeId| maps.as_ref().and_then(|m| m.get(&x).copied());
    match (shapes(a), shapes(b)) {
        (Some(x), Some(y)) => x.as_slice().iter().any(|&s| y.contains(s)),
        _ => true,
    }
}

/// `map` without the entries `drop` names, copying only if one goes (V8's `Kill`); the copy
/// is `None` when empty.
fn kill_entries<V: Copy>(map: &Option<Rc<BTreeMap<NodeId, V>>>, cx: &mut Counters, mut drop: impl FnMut(NodeId) -> bool) -> (Option<Rc<BTreeMap<NodeId, V>>>, usize) {
    let Some(m) = map else { return (None, 0) };
    if !m.keys().any(|&o| drop(o)) {
        return (map.clone(), 0);
    }
    let kept: BTreeMap<NodeId, V> = m.iter().filter(|(o, _)| !drop(**o)).map(|(&o, &v)| (o, v)).collect();
    cx.v8.entries_copied += kept.len() as u64;
    let removed = m.len() - kept.len();
    ((!kept.is_empty()).then(|| Rc::new(kept)), removed)
}

/// `map` with `key → value`, copied whole (V8's `Extend`); drops the first entry first when
/// the map holds `MAX_TRACKED_OBJECTS` or `over_total` says the state is full. Returns the
/// new map and whether an entry was dropped.
fn extend<V: Copy>(map: &Option<Rc<BTreeMap<NodeId, V>>>, key: NodeId, value: V, over_total: bool, cx: &mut Counters) -> (Rc<BTreeMap<NodeId, V>>, bool) {
    let mut m: BTreeMap<NodeId, V> = match map {
        Some(m) => {
            cx.v8.entries_copied += m.len() as u64;
            (**m).clone()
        }
        None => BTreeMap::new(),
    };
    let mut dropped = false;
    if (over_total && !m.is_empty()) || m.len() >= MAX_TRACKED_OBJECTS {
        m.pop_first();
        dropped = true;
    }
    m.insert(key, value);
    (Rc::new(m), dropped)
}

/// The entries two maps share (V8's `Merge` of an `AbstractField`).
fn merge_fields(a: &Option<FieldMap>, b: &Option<FieldMap>, cx: &mut Counters) -> Option<FieldMap> {
    match (a, b) {
        (Some(x), Some(y)) => {
            if Rc::ptr_eq(x, y) || **x == **y {
                return Some(x.clone());
            }
            let m: BTreeMap<NodeId, NodeId> = x.iter().filter(|(o, v)| y.get(o) == Some(v)).map(|(&o, &v)| (o, v)).collect();
            cx.v8.entries_copied += m.len() as u64;
            (!m.is_empty()).then(|| Rc::new(m))
        }
        _ => None,
    }
}

impl V8State {
    fn lookup(map: &Option<FieldMap>, object: NodeId) -> Option<NodeId> {
        // V8 scans the map, comparing every object with `MustAlias`.
        map.as_ref()?.iter().find(|(o, _)| **o == object).map(|(_, v)| *v)
    }

    /// Kills `object`'s facts (under `mode`) at field index `i`.
    fn kill_index(&mut self, i: usize, object: NodeId, mode: AliasMode, cx: &mut Counters) {
        let maps = &self.maps;
        let (m, removed) = kill_entries(&self.fields[i], cx, |o| may_alias(maps, o, object, mode));
        self.fields[i] = m;
        self.fields_count -= removed;
    }

    /// Field facts held (for tests).
    pub fn fields_held(&self) -> usize {
        self.fields_count
    }
}

impl HeapState for V8State {
    fn empty() -> Self {
        V8State::default()
    }

    fn field(&self, object: NodeId, slot: u32) -> Option<NodeId> {
        Self::lookup(&self.fields[field_index(slot)?], object)
    }

    fn element(&self, object: NodeId, index: NodeId) -> Option<NodeId> {
        let ring = self.elements.as_ref()?;
        ring.occupied().find(|&&(o, i, _)| o == object && i == index).map(|&(_, _, v)| v)
    }

    fn length(&self, object: NodeId) -> Option<NodeId> {
        Self::lookup(&self.lengths, object)
    }

    fn maps_proven(&self, object: NodeId, shapes: &ShapeSet) -> bool {
        let known = self.maps.as_ref().and_then(|m| m.get(&object));
        known.is_some_and(|k| k.as_slice().iter().all(|&s| shapes.contains(s)))
    }

    fn set_maps(&mut self, object: NodeId, shapes: ShapeSet, cx: &mut Counters) {
        cx.v8.state_copies += 1;
        let narrowed = match self.maps.as_ref().and_then(|m| m.get(&object)) {
            Some(known) => {
                let both: Vec<u32> = known.as_slice().iter().copied().filter(|&s| shapes.contains(s)).collect();
                ShapeSet::new(&both).unwrap_or(shapes)
            }
            None => shapes,
        };
        let (m, dropped) = extend(&self.maps, object, narrowed, false, cx);
        if dropped {
            cx.v8.maps_evicted += 1;
            cx.stats.cap_hits += 1;
        }
        self.maps = Some(m);
    }

    fn set_field(&mut self, object: NodeId, slot: u32, value: NodeId, cx: &mut Counters) {
        let Some(i) = field_index(slot) else {
            cx.v8.fields_untracked += 1;
            return;
        };
        cx.v8.state_copies += 1;
        let before = self.fields[i].as_ref().map_or(0, |m| m.len());
        let (m, dropped) = extend(&self.fields[i], object, value, self.fields_count >= MAX_TRACKED_FIELDS, cx);
        if dropped {
            cx.v8.fields_evicted += 1;
            cx.stats.cap_hits += 1;
        }
        self.fields_count = self.fields_count + m.len() - before;
        self.fields[i] = Some(m);
    }

    fn set_element(&mut self, object: NodeId, index: NodeId, value: NodeId, cx: &mut Counters) {
        cx.v8.state_copies += 1;
        let mut ring = match &self.elements {
            Some(r) => {
                cx.v8.entries_copied += r.occupied().count() as u64;
                (**r).clone()
            }
            None => Elements::default(),
        };
        let at = ring.next;
        if ring.slots[at].is_some() {
            cx.v8.elements_evicted += 1;
            cx.stats.cap_hits += 1;
        }
        ring.slots[at] = Some((object, index, value));
        ring.next = (at + 1) % MAX_TRACKED_ELEMENTS;
        self.elements = Some(Rc::new(ring));
    }

    fn set_length(&mut self, object: NodeId, length: NodeId, cx: &mut Counters) {
        cx.v8.state_copies += 1;
        let (m, dropped) = extend(&self.lengths, object, length, false, cx);
        if dropped {
            cx.v8.fields_evicted += 1;
            cx.stats.cap_hits += 1;
        }
        self.lengths = Some(m);
    }

    fn kill(&mut self, kill: Kill<NodeId>, mode: AliasMode, cx: &mut Counters) {
        match kill {
            Kill::Field { object, slot } => match field_index(slot) {
                Some(i) => self.kill_index(i, object, mode, cx),
                // An untracked store kills the object's facts at every index (`KillFields`).
                None => {
                    for i in 0..MAX_TRACKED_FIELDS_PER_OBJECT {
                        self.kill_index(i, object, mode, cx);
                    }
                }
            },
            Kill::Element { object } => {
                let Some(ring) = &self.elements else { return };
                if !ring.occupied().any(|&(o, _, _)| may_alias(&self.maps, o, object, mode)) {
                    return;
                }
                let mut out = Elements::default();
                for &e in ring.occupied().filter(|&&(o, _, _)| !may_alias(&self.maps, o, object, mode)) {
                    out.slots[out.next] = Some(e);
                    out.next += 1;
                }
                let count = out.next;
                cx.v8.entries_copied += count as u64;
                out.next %= MAX_TRACKED_ELEMENTS;
                self.elements = (count > 0).then(|| Rc::new(out));
            }
            Kill::Shape { object } => {
                let target = self.maps.as_ref().and_then(|m| m.get(&object).copied());
                let (m, _) = kill_entries(&self.maps, cx, |o| {
                    let s = self.maps.as_ref().and_then(|m| m.get(&o).copied());
                    o == object
                        || mode == AliasMode::Offset
                        || match (target, s) {
                            (Some(t), Some(s)) => s.as_slice().iter().any(|&x| t.contains(x)),
                            _ => true,
                        }
                });
                self.maps = m;
                // The object's own fields go with its shape (the shared reducer's decision).
                for i in 0..MAX_TRACKED_FIELDS_PER_OBJECT {
                    let (f, removed) = kill_entries(&self.fields[i], cx, |o| o == object);
                    self.fields[i] = f;
                    self.fields_count -= removed;
                }
            }
            Kill::Classes(writes) => {
                if writes.overlaps(AliasSet::FIELD) {
                    self.fields = Default::default();
                    self.fields_count = 0;
                }
                if writes.overlaps(AliasSet::ELEMENT) {
                    self.elements = None;
                }
                if writes.overlaps(AliasSet::ARRAY_LENGTH) {
                    self.lengths = None;
                }
                if writes.overlaps(AliasSet::SHAPE) {
                    self.maps = None;
                }
            }
        }
    }

    fn merge(states: &[&V8State], cx: &mut Counters) -> V8State {
        let Some((first, rest)) = states.split_first() else { return V8State::default() };
        let mut out = (*first).clone();
        cx.v8.state_copies += 1;
        for h in rest {
            for i in 0..MAX_TRACKED_FIELDS_PER_OBJECT {
                out.fields[i] = merge_fields(&out.fields[i], &h.fields[i], cx);
            }
            out.lengths = merge_fields(&out.lengths, &h.lengths, cx);
            out.elements = match (&out.elements, &h.elements) {
                (Some(x), Some(y)) if Rc::ptr_eq(x, y) || x.same(y) => Some(x.clone()),
                (Some(x), Some(y)) => {
                    let mut m = Elements::default();
                    for &e in x.occupied().filter(|e| y.occupied().any(|o| o == *e)) {
                        m.slots[m.next] = Some(e);
                        m.next += 1;
                    }
                    let count = m.next;
                    cx.v8.entries_copied += count as u64;
                    m.next %= MAX_TRACKED_ELEMENTS;
                    (count > 0).then(|| Rc::new(m))
                }
                _ => None,
            };
            out.maps = match (&out.maps, &h.maps) {
                (Some(x), Some(y)) if Rc::ptr_eq(x, y) || **x == **y => Some(x.clone()),
                (Some(x), Some(y)) => {
                    // The shared heap's decision: an object known on every input has the
                    // union of its shapes.
                    let m: BTreeMap<NodeId, ShapeSet> = x
                        .iter()
                        .filter_map(|(&o, s)| {
                            let other = y.get(&o)?;
                            let mut union: Vec<u32> = s.as_slice().to_vec();
                            union.extend_from_slice(other.as_slice());
                            ShapeSet::new(&union).map(|u| (o, u))
                        })
                        .collect();
                    cx.v8.entries_copied += m.len() as u64;
                    (!m.is_empty()).then(|| Rc::new(m))
                }
                _ => None,
            };
        }
        out.fields_count = out.fields.iter().flatten().map(|m| m.len()).sum();
        out
    }

    fn loop_state(g: &Graph, phi: NodeId, entry: &Rc<V8State>, mode: AliasMode, cx: &mut Counters) -> Rc<V8State> {
        cx.loops_found += 1;
        match loop_kills(g, phi, cx) {
            Some(kills) if kills.is_empty() => entry.clone(),
            Some(kills) => {
                let mut state = (**entry).clone();
                cx.v8.state_copies += 1;
                apply_loop_kills(&mut state, kills, mode, cx);
                Rc::new(state)
            }
            None => {
                cx.v8.loop_kill_all += 1;
                Rc::new(V8State::default())
            }
        }
    }

    fn extras(cx: &Counters) -> Vec<(&'static str, u64)> {
        let mut v: Vec<(&'static str, u64)> = cx.stats.extras().to_vec();
        v.push(("loop_walk_giveups", cx.loop_walk_giveups));
        v.extend(cx.v8.extras());
        v.extend(loop_find_extras(cx));
        v
    }
}

/// What the loop of effect phi `phi` writes, walked breadth-first from its back edges with no
/// bound (`ComputeLoopState`); `None` at the first write it cannot describe (V8's `KillAll`).
fn loop_kills(g: &Graph, phi: NodeId, cx: &mut Counters) -> Option<Vec<Kill<NodeId>>> {
    let mut visited = BTreeSet::new();
    visited.insert(phi);
    let mut queue: VecDeque<NodeId> = g.effect_inputs(phi).iter().skip(1).copied().collect();
    let mut kills = Vec::new();
    while let Some(n) = queue.pop_front() {
        cx.loop_find_visits += 1;
        if !visited.insert(n) {
            continue;
        }
        cx.v8.loop_walk_nodes += 1;
        if g.is_dead(n) {
            continue;
        }
        for k in kills_of(g, n) {
            if matches!(k, Kill::Classes(_)) {
                return None;
            }
            kills.push(k);
        }
        queue.extend(g.effect_inputs(n).iter().copied());
    }
    Some(kills)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reducer::{Driver, GraphReducer};
    use crate::reducers::load_elim::{LoadElimination, LoadEliminationV8};
    use crate::reducers::matcher::{assert_matches, Pattern};
    use ir::ops::{Op, Opcode};
    use midend::load_elim::AbstractHeap;

    /// `Start`, `n` parameters and a frame state.
    fn fixture(n: u32) -> (Graph, Vec<NodeId>, NodeId) {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = (1..=n).map(|i| g.add(Op::Parameter { index: i }, &[s])).collect();
        let fs = g.add(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[]);
        (g, p, fs)
    }

    fn ret(g: &mut Graph, value: NodeId, effect: NodeId, control: NodeId) -> NodeId {
        let r = g.add(Op::Return, &[value, effect, control]);
        let end = g.end;
        g.append_input(end, r);
        r
    }

    fn run_v8(g: &mut Graph) -> Counters {
        let mut le = LoadEliminationV8::new(AliasMode::Type);
        GraphReducer::new(vec![&mut le]).run(g, Driver::V8);
        le.counters()
    }

    /// `o.slot = v; return o.slot`: the graph, the `Return`, the value stored and the load.
    fn store_then_load(slot: u32) -> (Graph, NodeId, NodeId, NodeId) {
        let (mut g, p, _) = fixture(2);
        let s = g.start;
        let st = g.add(Op::StoreField { slot }, &[p[0], p[1], s, s]);
        let ld = g.add(Op::LoadField { slot }, &[p[0], st, s]);
        let r = ret(&mut g, ld, ld, s);
        (g, r, p[1], ld)
    }

    #[test]
    fn a_load_after_a_store_to_the_same_field_is_replaced() {
        let (mut g, r, v, _) = store_then_load(3);
        let cx = run_v8(&mut g);
        assert_eq!(cx.stats.loads_replaced, 1);
        assert_matches(&g, g.value_input(r, 0), &Pattern::Node(v));
        assert_eq!(cx.v8.fields_untracked, 0);
        assert!(cx.v8.state_copies >= 1);
    }

    #[test]
    fn a_field_past_the_tracked_limit_is_not_tracked() {
        let last = (MAX_TRACKED_FIELDS_PER_OBJECT - FIRST_SLOT_INDEX - 1) as u32;
        assert_eq!(field_index(last), Some(MAX_TRACKED_FIELDS_PER_OBJECT - 1));
        assert_eq!(field_index(last + 1), None);
        let (mut g, r, _, ld) = store_then_load(last + 1);
        let cx = run_v8(&mut g);
        assert_eq!(cx.stats.loads_replaced, 0);
        assert_eq!(cx.v8.fields_untracked, 2, "the store and the load");
        assert_matches(&g, g.value_input(r, 0), &Pattern::Node(ld));
        // The default state tracks any slot.
        let (mut g, _, _, _) = store_then_load(last + 1);
        let mut le = LoadElimination::<AbstractHeap<NodeId>>::new(AliasMode::Type);
        GraphReducer::new(vec![&mut le]).run(&mut g, Driver::V8);
        assert_eq!(le.stats().loads_replaced, 1);
    }

    #[test]
    fn an_untracked_store_kills_the_objects_tracked_fields() {
        let mut cx = Counters::default();
        let mut st = V8State::default();
        let (o, v) = (NodeId(1), NodeId(2));
        st.set_field(o, 0, v, &mut cx);
        st.set_field(o, 5, v, &mut cx);
        assert_eq!(st.fields_held(), 2);
        st.kill(Kill::Field { object: o, slot: 40 }, AliasMode::Type, &mut cx);
        assert_eq!((st.field(o, 0), st.field(o, 5), st.fields_held()), (None, None, 0));
    }

    #[test]
    fn a_merge_keeps_the_facts_common_to_its_inputs() {
        let mut cx = Counters::default();
        let (o, q, v, w) = (NodeId(1), NodeId(2), NodeId(3), NodeId(4));
        let mut a = V8State::default();
        a.set_field(o, 0, v, &mut cx);
        a.set_field(o, 1, v, &mut cx);
        a.set_field(q, 0, w, &mut cx);
        let mut b = a.clone();
        b.kill(Kill::Field { object: o, slot: 1 }, AliasMode::Offset, &mut cx);
        b.set_field(o, 1, w, &mut cx);
        let m = V8State::merge(&[&a, &b], &mut cx);
        assert_eq!((m.field(o, 0), m.field(q, 0), m.field(o, 1)), (Some(v), Some(w), None));
        assert_eq!(m.fields_held(), 2);
        assert!(V8State::merge(&[&a, &a.clone()], &mut cx) == a, "equal inputs merge to themselves");
    }

    #[test]
    fn per_index_maps_drop_their_first_object_at_the_limit() {
        let mut cx = Counters::default();
        let mut st = V8State::default();
        for i in 0..MAX_TRACKED_OBJECTS as u32 + 1 {
            st.set_field(NodeId(10 + i), 0, NodeId(1), &mut cx);
        }
        assert_eq!(cx.v8.fields_evicted, 1);
        assert_eq!(cx.stats.cap_hits, 1);
        assert_eq!(st.field(NodeId(10), 0), None, "the lowest node id went");
        assert_eq!(st.fields_held(), MAX_TRACKED_OBJECTS);
        // Extending copies the whole map: 0 + 1 + ... + 99 entries, then 100 again.
        let n = MAX_TRACKED_OBJECTS as u64;
        assert_eq!(cx.v8.entries_copied, n * (n - 1) / 2 + n);
        // Past MAX_TRACKED_FIELDS facts in all, every new fact drops one.
        let mut st = V8State::default();
        let mut cx = Counters::default();
        for slot in 0..4 {
            for i in 0..MAX_TRACKED_OBJECTS as u32 {
                st.set_field(NodeId(10 + i), slot, NodeId(1), &mut cx);
            }
        }
        // (The first fact at an index that holds none is added without a check, as in V8: the
        // fourth index starts at 301.)
        assert_eq!(st.fields_held(), MAX_TRACKED_FIELDS + 1);
        assert_eq!(cx.v8.fields_evicted, (4 * MAX_TRACKED_OBJECTS - MAX_TRACKED_FIELDS - 1) as u64);
    }

    #[test]
    fn the_element_ring_overwrites_its_oldest_slot() {
        let mut cx = Counters::default();
        let mut st = V8State::default();
        let a = NodeId(1);
        for i in 0..MAX_TRACKED_ELEMENTS as u32 + 1 {
            st.set_element(a, NodeId(100 + i), NodeId(200 + i), &mut cx);
        }
        assert_eq!(cx.v8.elements_evicted, 1);
        assert_eq!(st.element(a, NodeId(100)), None);
        assert_eq!(st.element(a, NodeId(108)), Some(NodeId(208)));
    }

    /// `o.f0 = v; loop { x = o.f0; <body> }; return x` where the body is a store to `o.f1` or a
    /// call; returns the graph, the loop's effect phi and the `Return`.
    fn loop_after_a_store(call: bool) -> (Graph, NodeId, NodeId) {
        let (mut g, p, fs) = fixture(3);
        let s = g.start;
        let (o, v, w) = (p[0], p[1], p[2]);
        let st0 = g.add(Op::StoreField { slot: 0 }, &[o, v, s, s]);
        let lp = g.add(Op::Loop, &[s, s]);
        let ephi = g.add(Op::EffectPhi, &[st0, st0, lp]);
        let l1 = g.add(Op::LoadField { slot: 0 }, &[o, ephi, lp]);
        let body = if call {
            g.add(Op::JSCall { argc: 0, slot: 0 }, &[w, w, fs, l1, lp])
        } else {
            g.add(Op::StoreField { slot: 1 }, &[o, w, l1, lp])
        };
        let br = g.add(Op::Branch { profile: ir::ops::BranchProfile::NONE }, &[w, lp]);
        let t = g.add(Op::IfTrue, &[br]);
        let f = g.add(Op::IfFalse, &[br]);
        g.set_input(lp, 1, t);
        g.set_input(ephi, 1, body);
        let r = ret(&mut g, l1, body, f);
        (g, ephi, r)
    }

    #[test]
    fn a_loop_keeps_what_it_does_not_write_and_gives_up_at_a_call() {
        let (mut g, _, r) = loop_after_a_store(false);
        let cx = run_v8(&mut g);
        assert_eq!((cx.stats.loads_replaced, cx.v8.loop_kill_all), (1, 0));
        assert_matches(&g, g.value_input(r, 0), &Pattern::Op(Op::Parameter { index: 2 }, vec![]));
        assert!(cx.v8.loop_walk_nodes >= 2);

        let (mut g, ephi, r) = loop_after_a_store(true);
        let mut le = LoadEliminationV8::new(AliasMode::Type);
        GraphReducer::new(vec![&mut le]).run(&mut g, Driver::V8);
        let cx = le.counters();
        assert_eq!(cx.stats.loads_replaced, 0);
        assert!(cx.v8.loop_kill_all >= 1);
        assert!(le.state(ephi).is_some_and(|s| *s == V8State::default()), "the header knows nothing");
        assert_eq!(g.opcode(g.value_input(r, 0)), Opcode::LoadField);
    }
}
