//! The abstract heap both pipelines' load elimination share.
//!
//! Load elimination walks the effect chain (sea of nodes: per effect node, with loop states
//! computed from what the loop writes; CFG: one walk over the blocks) and keeps, at each point, what
//! is known about the heap: the value of a field of an object, of an element, of an array's length,
//! and the set of shapes an object is known to have. A load whose location is known is replaced by
//! the known value; a `CheckMaps` whose shapes are already known is removed; a store of the value
//! the location already holds is removed. Both sides use this one [`AbstractHeap`], the same
//! [`AliasMode`] and the same [`CAPS`], so the experiments compare how each IR reaches the facts,
//! not what facts each can hold.
//!
//! Objects and values are the IR's own ids (`V`): two different ids may still be the same object
//! at run time, so a store kills every fact about a location that *may alias* it:
//! - [`AliasMode::Offset`]: locations alias when their offsets (the field slot; for elements any
//!   index) agree, whatever the object — the offset-only heuristic.
//! - [`AliasMode::Type`]: as `Offset`, but two objects whose known shape sets are disjoint never
//!   alias (type-based alias analysis: the shape is the object's type).
//!
//! The abstract heap is bounded: at most [`Caps::fields`] field facts, [`Caps::elements`] element
//! facts, [`Caps::lengths`] array-length facts and [`Caps::maps`] shape facts; adding one more
//! drops the oldest and counts a cap hit in [`LoadElimStats::cap_hits`].
//!
//! A heap is a persistent value: its four fact lists are shared between copies and copied only
//! when a copy changes one ([`Rc::make_mut`]). Both sides keep one heap per program point (SoN:
//! per effect node; CFG: per block exit), so a point that changes nothing costs four reference
//! counts, and one that changes a field fact copies the field list alone — shared state with
//! per-point deltas, as Turboshaft's snapshot tables give its load elimination.

use std::rc::Rc;

use ir::ops::{AliasSet, ShapeSet};

/// Which facts a store kills.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AliasMode {
    /// Offset-only aliasing: a store kills every fact at the same offset.
    Offset,
    /// Type-based aliasing: objects with disjoint known shapes do not alias.
    Type,
}

impl AliasMode {
    /// The mode's name in pipeline specs and stats (`offset`, `type`).
    pub fn name(self) -> &'static str {
        match self {
            AliasMode::Offset => "offset",
            AliasMode::Type => "type",
        }
    }
}

/// The bounds of the abstract heap, one per kind of fact.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Caps {
    /// Field facts (object, slot) → value.
    pub fields: usize,
    /// Element facts (array, index) → value.
    pub elements: usize,
    /// Array-length facts.
    pub lengths: usize,
    /// Shape facts.
    pub maps: usize,
}

/// The caps both pipelines use (V8's TurboFan load elimination tracks 32 fields and 8 elements).
pub const CAPS: Caps = Caps { fields: 32, elements: 8, lengths: 8, maps: 32 };

/// What load elimination did, counted the same way on both sides.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct LoadElimStats {
    /// Loads replaced by a known value.
    pub loads_replaced: u64,
    /// `CheckMaps` removed because the shapes were known.
    pub checks_removed: u64,
    /// Stores removed because the location already held the value.
    pub stores_removed: u64,
    /// Facts dropped because a cap was reached.
    pub cap_hits: u64,
}

impl LoadElimStats {
    /// Adds `other` into `self`.
    pub fn add(&mut self, other: &LoadElimStats) {
        self.loads_replaced += other.loads_replaced;
        self.checks_removed += other.checks_removed;
        self.stores_removed += other.stores_removed;
        self.cap_hits += other.cap_hits;
    }

    /// The counters as `(name, value)` pairs, for a phase row's extras.
    pub fn extras(&self) -> [(&'static str, u64); 4] {
        [
            ("loads_replaced", self.loads_replaced),
            ("checks_removed", self.checks_removed),
            ("stores_removed", self.stores_removed),
            ("cap_hits", self.cap_hits),
        ]
    }
}

/// A heap write, as load elimination sees it: what it kills.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kill<V> {
    /// A store to field `slot` of `object`.
    Field {
        /// The object written.
        object: V,
        /// The field's slot.
        slot: u32,
    },
    /// A store to some element of `object`.
    Element {
        /// The array written.
        object: V,
    },
    /// A change of `object`'s shape (a transitioning store).
    Shape {
        /// The object whose shape changes.
        object: V,
    },
    /// Any other operation writing these alias classes (a call, a generic JS operation).
    Classes(AliasSet),
}

/// What is known about the heap at one point of the program (a persistent value: see the
/// module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbstractHeap<V> {
    /// (object, slot, value), oldest first.
    fields: Rc<Vec<(V, u32, V)>>,
    /// (array, index, value), oldest first.
    elements: Rc<Vec<(V, V, V)>>,
    /// (array, length), oldest first.
    lengths: Rc<Vec<(V, V)>>,
    /// (object, shapes), oldest first.
    maps: Rc<Vec<(V, ShapeSet)>>,
}

impl<V> Default for AbstractHeap<V> {
    fn default() -> Self {
        AbstractHeap { fields: Rc::default(), elements: Rc::default(), lengths: Rc::default(), maps: Rc::default() }
    }
}

/// Keeps the entries of `list` for which `keep` holds, copying a shared list only if one goes.
fn retain_shared<T: Clone>(list: &mut Rc<Vec<T>>, mut keep: impl FnMut(&T) -> bool) {
    if list.iter().all(&mut keep) {
        return;
    }
    Rc::make_mut(list).retain(keep);
}

/// True if objects `a` and `b` may be the same under `mode`, given the known shapes `maps`.
fn may_alias<V: Copy + Eq>(maps: &[(V, ShapeSet)], a: V, b: V, mode: AliasMode) -> bool {
    if a == b || mode == AliasMode::Offset {
        return true;
    }
    let shapes = |x: V| maps.iter().find(|&&(o, _)| o == x).map(|&(_, s)| s);
    match (shapes(a), shapes(b)) {
        (Some(x), Some(y)) => x.as_slice().iter().any(|&s| y.contains(s)),
        _ => true,
    }
}

/// Pushes `entry` after dropping entries with the same key; drops the oldest past `cap`.
fn insert<T: Clone + PartialEq, K: PartialEq>(
    list: &mut Rc<Vec<T>>,
    entry: T,
    key: impl Fn(&T) -> K,
    cap: usize,
    stats: &mut LoadElimStats,
) {
    let k = key(&entry);
    // Recording a fact that is already the newest changes nothing (and copies nothing).
    if list.last() == Some(&entry) {
        return;
    }
    let list = Rc::make_mut(list);
    list.retain(|e| key(e) != k);
    if list.len() >= cap {
        list.remove(0);
        stats.cap_hits += 1;
    }
    list.push(entry);
}

impl<V: Copy + Eq> AbstractHeap<V> {
    /// The empty heap: nothing known.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of facts held.
    pub fn len(&self) -> usize {
        self.fields.len() + self.elements.len() + self.lengths.len() + self.maps.len()
    }

    /// True if nothing is known.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The known value of field `slot` of `object`.
    pub fn field(&self, object: V, slot: u32) -> Option<V> {
        self.fields.iter().find(|&&(o, s, _)| o == object && s == slot).map(|&(_, _, v)| v)
    }

    /// The known value of element `index` of `object`.
    pub fn element(&self, object: V, index: V) -> Option<V> {
        self.elements.iter().find(|&&(o, i, _)| o == object && i == index).map(|&(_, _, v)| v)
    }

    /// The known length of array `object`.
    pub fn length(&self, object: V) -> Option<V> {
        self.lengths.iter().find(|&&(o, _)| o == object).map(|&(_, v)| v)
    }

    /// The shapes `object` is known to have.
    pub fn maps(&self, object: V) -> Option<ShapeSet> {
        self.maps.iter().find(|&&(o, _)| o == object).map(|&(_, s)| s)
    }

    /// True if a `CheckMaps(object, shapes)` would always pass: the known shapes are a subset.
    pub fn maps_proven(&self, object: V, shapes: &ShapeSet) -> bool {
        self.maps(object).is_some_and(|known| known.as_slice().iter().all(|&s| shapes.contains(s)))
    }

    /// Records that `object` has one of `shapes` (after a `CheckMaps`), narrowing what was known.
    pub fn set_maps(&mut self, object: V, shapes: ShapeSet, stats: &mut LoadElimStats) {
        let narrowed = match self.maps(object) {
            Some(known) => {
                let both: Vec<u32> = known.as_slice().iter().copied().filter(|&s| shapes.contains(s)).collect();
                ShapeSet::new(&both).unwrap_or(shapes)
            }
            None => shapes,
        };
        insert(&mut self.maps, (object, narrowed), |e| e.0, CAPS.maps, stats);
    }

    /// Records the value of field `slot` of `object` (after a load or a store).
    pub fn set_field(&mut self, object: V, slot: u32, value: V, stats: &mut LoadElimStats) {
        insert(&mut self.fields, (object, slot, value), |e| (e.0, e.1), CAPS.fields, stats);
    }

    /// Records the value of element `index` of `object`.
    pub fn set_element(&mut self, object: V, index: V, value: V, stats: &mut LoadElimStats) {
        insert(&mut self.elements, (object, index, value), |e| (e.0, e.1), CAPS.elements, stats);
    }

    /// Records the length of array `object`.
    pub fn set_length(&mut self, object: V, length: V, stats: &mut LoadElimStats) {
        insert(&mut self.lengths, (object, length), |e| e.0, CAPS.lengths, stats);
    }

    /// True if `a` and `b` may be the same object under `mode`.
    pub fn may_alias(&self, a: V, b: V, mode: AliasMode) -> bool {
        may_alias(&self.maps, a, b, mode)
    }

    /// Applies a write: drops every fact it may change. Must be called before the write's own
    /// fact is recorded (a store then records its value with [`AbstractHeap::set_field`]).
    pub fn kill(&mut self, kill: Kill<V>, mode: AliasMode) {
        match kill {
            Kill::Field { object, slot } => {
                let maps = &self.maps;
                retain_shared(&mut self.fields, |&(o, s, _)| s != slot || !may_alias(maps, o, object, mode));
            }
            Kill::Element { object } => {
                let maps = &self.maps;
                retain_shared(&mut self.elements, |&(o, _, _)| !may_alias(maps, o, object, mode));
                // Element stores are in bounds: lengths stay (the op table agrees).
            }
            Kill::Shape { object } => {
                // Another id may name the same object: its shape changes too. An entry may alias
                // when its own shapes meet the object's (known before this kill).
                let target = self.maps(object);
                retain_shared(&mut self.maps, |&(o, s)| {
                    let alias = o == object
                        || mode == AliasMode::Offset
                        || target.is_none_or(|t| s.as_slice().iter().any(|&x| t.contains(x)));
                    !alias
                });
                retain_shared(&mut self.fields, |&(o, _, _)| o != object);
            }
            Kill::Classes(writes) => {
                if writes.overlaps(AliasSet::FIELD) && !self.fields.is_empty() {
                    self.fields = Rc::default();
                }
                if writes.overlaps(AliasSet::ELEMENT) && !self.elements.is_empty() {
                    self.elements = Rc::default();
                }
                if writes.overlaps(AliasSet::ARRAY_LENGTH) && !self.lengths.is_empty() {
                    self.lengths = Rc::default();
                }
                if writes.overlaps(AliasSet::SHAPE) && !self.maps.is_empty() {
                    self.maps = Rc::default();
                }
            }
        }
    }

    /// The facts that hold on every one of `heaps` (the state where control flow merges). Lists
    /// that are the same on every input stay shared.
    pub fn merge(heaps: &[&AbstractHeap<V>]) -> AbstractHeap<V> {
        let Some((first, rest)) = heaps.split_first() else { return AbstractHeap::new() };
        let mut out = (*first).clone();
        for h in rest {
            if !Rc::ptr_eq(&out.fields, &h.fields) {
                retain_shared(&mut out.fields, |e| h.fields.contains(e));
            }
            if !Rc::ptr_eq(&out.elements, &h.elements) {
                retain_shared(&mut out.elements, |e| h.elements.contains(e));
            }
            if !Rc::ptr_eq(&out.lengths, &h.lengths) {
                retain_shared(&mut out.lengths, |e| h.lengths.contains(e));
            }
            if !Rc::ptr_eq(&out.maps, &h.maps) && *out.maps != *h.maps {
                let maps: Vec<(V, ShapeSet)> = out
                    .maps
                    .iter()
                    .filter_map(|&(o, s)| {
                        let other = h.maps(o)?;
                        let mut union: Vec<u32> = s.as_slice().to_vec();
                        union.extend_from_slice(other.as_slice());
                        ShapeSet::new(&union).map(|u| (o, u))
                    })
                    .collect();
                out.maps = Rc::new(maps);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shapes(s: &[u32]) -> ShapeSet {
        ShapeSet::new(s).unwrap()
    }

    #[test]
    fn copies_share_their_lists_until_one_changes() {
        let mut st = LoadElimStats::default();
        let mut a = AbstractHeap::<u32>::new();
        a.set_field(1, 0, 10, &mut st);
        a.set_maps(1, shapes(&[3]), &mut st);
        let mut b = a.clone();
        b.set_field(1, 0, 10, &mut st); // already the newest fact: nothing copied
        b.kill(Kill::Element { object: 1 }, AliasMode::Type); // nothing to drop: nothing copied
        assert!(Rc::ptr_eq(&a.fields, &b.fields) && Rc::ptr_eq(&a.maps, &b.maps));
        b.set_field(2, 1, 20, &mut st);
        assert!(!Rc::ptr_eq(&a.fields, &b.fields), "the changed list is copied");
        assert!(Rc::ptr_eq(&a.maps, &b.maps), "the others stay shared");
        assert_eq!(a.field(2, 1), None);
        let m = AbstractHeap::merge(&[&a, &a.clone()]);
        assert!(Rc::ptr_eq(&m.fields, &a.fields) && Rc::ptr_eq(&m.maps, &a.maps), "merging equal states shares them");
    }

    #[test]
    fn a_store_is_forwarded_to_a_load() {
        let mut st = LoadElimStats::default();
        let mut h = AbstractHeap::<u32>::new();
        h.kill(Kill::Field { object: 1, slot: 0 }, AliasMode::Type);
        h.set_field(1, 0, 10, &mut st);
        assert_eq!(h.field(1, 0), Some(10));
        assert_eq!(h.field(1, 1), None);
        assert_eq!(h.field(2, 0), None);
    }

    #[test]
    fn offset_only_aliasing_kills_the_same_slot_of_every_object() {
        let mut st = LoadElimStats::default();
        for (mode, survives) in [(AliasMode::Offset, false), (AliasMode::Type, true)] {
            let mut h = AbstractHeap::<u32>::new();
            h.set_maps(1, shapes(&[7]), &mut st);
            h.set_maps(2, shapes(&[8]), &mut st);
            h.set_field(1, 0, 10, &mut st);
            h.set_field(1, 1, 11, &mut st);
            h.kill(Kill::Field { object: 2, slot: 0 }, mode);
            assert_eq!(h.field(1, 0).is_some(), survives, "{mode:?}");
            assert_eq!(h.field(1, 1), Some(11), "another slot never aliases");
        }
        // Unknown shapes may alias even under type-based aliasing.
        let mut h = AbstractHeap::<u32>::new();
        h.set_field(1, 0, 10, &mut st);
        h.kill(Kill::Field { object: 2, slot: 0 }, AliasMode::Type);
        assert_eq!(h.field(1, 0), None);
    }

    #[test]
    fn checks_are_proven_by_known_shapes() {
        let mut st = LoadElimStats::default();
        let mut h = AbstractHeap::<u32>::new();
        assert!(!h.maps_proven(1, &shapes(&[3])));
        h.set_maps(1, shapes(&[3, 4]), &mut st);
        assert!(h.maps_proven(1, &shapes(&[3, 4, 5])));
        assert!(!h.maps_proven(1, &shapes(&[3])));
        h.set_maps(1, shapes(&[3]), &mut st);
        assert!(h.maps_proven(1, &shapes(&[3])));
        h.kill(Kill::Classes(AliasSet::ANY), AliasMode::Type);
        assert!(h.is_empty());
    }

    #[test]
    fn merge_keeps_common_facts_and_widens_shapes() {
        let mut st = LoadElimStats::default();
        let mut a = AbstractHeap::<u32>::new();
        let mut b = AbstractHeap::<u32>::new();
        a.set_field(1, 0, 10, &mut st);
        a.set_field(1, 1, 11, &mut st);
        b.set_field(1, 0, 10, &mut st);
        b.set_field(1, 1, 12, &mut st);
        a.set_maps(1, shapes(&[3]), &mut st);
        b.set_maps(1, shapes(&[4]), &mut st);
        let m = AbstractHeap::merge(&[&a, &b]);
        assert_eq!(m.field(1, 0), Some(10));
        assert_eq!(m.field(1, 1), None);
        assert_eq!(m.maps(1), Some(shapes(&[3, 4])));
    }

    #[test]
    fn caps_drop_the_oldest_fact_and_count_it() {
        let mut st = LoadElimStats::default();
        let mut h = AbstractHeap::<u32>::new();
        for i in 0..CAPS.fields as u32 + 3 {
            h.set_field(i, 0, 1000 + i, &mut st);
        }
        assert_eq!(st.cap_hits, 3);
        assert_eq!(h.field(0, 0), None);
        assert_eq!(h.field(CAPS.fields as u32 + 2, 0), Some(1000 + CAPS.fields as u32 + 2));
    }

    #[test]
    fn a_shape_change_kills_the_shapes_of_every_object_that_may_alias() {
        let mut st = LoadElimStats::default();
        for (mode, survives) in [(AliasMode::Offset, false), (AliasMode::Type, true)] {
            let mut h = AbstractHeap::<u32>::new();
            h.set_maps(1, shapes(&[7]), &mut st);
            h.set_maps(2, shapes(&[8]), &mut st);
            h.set_maps(3, shapes(&[7]), &mut st);
            h.kill(Kill::Shape { object: 1 }, mode);
            assert_eq!(h.maps(1), None, "{mode:?}");
            assert_eq!(h.maps(3), None, "{mode:?}: object 3 may be object 1");
            assert_eq!(h.maps(2).is_some(), survives, "{mode:?}: a different shape is a different object");
        }
    }

    #[test]
    fn element_stores_kill_elements_of_aliasing_arrays_but_not_lengths() {
        let mut st = LoadElimStats::default();
        let mut h = AbstractHeap::<u32>::new();
        h.set_element(1, 5, 50, &mut st);
        h.set_length(1, 9, &mut st);
        h.set_field(1, 0, 10, &mut st);
        h.kill(Kill::Element { object: 2 }, AliasMode::Offset);
        assert_eq!(h.element(1, 5), None);
        assert_eq!(h.length(1), Some(9), "in-bounds stores never change a length");
        assert_eq!(h.field(1, 0), Some(10), "fields never alias elements");
    }
}
