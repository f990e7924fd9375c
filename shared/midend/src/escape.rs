//! Escape analysis policy both pipelines share: which uses keep an allocation virtual, what
//! a named store or load does to a virtual object (decided from the site's feedback), the
//! caps, and the counters.
//!
//! An object literal `{x: a, y: b}` is built as `JSCreateObject` followed by one generic
//! `JSStoreNamed` per property (a store that adds a property stays generic in
//! [`crate::speculation`]); later reads are `CheckMaps` + `LoadField` (or a generic
//! `JSLoadNamed`), overwrites `CheckMaps` + `StoreField`. An allocation *does not escape*
//! when every use is one of those with the allocation as the object (never as the stored
//! value), or a frame state. Such an allocation is *scalar replaced*: its shape and field
//! values are tracked along the effect chain (sea of nodes) or the copy (CFG), its loads
//! become the tracked values, its stores and maps checks disappear, and a frame state that
//! mentions it describes it with an `ObjectState` (the exit allocates it,
//! [`ir::frame::ExitValue::Object`]).
//!
//! The shape after a generic store that adds a property is taken from the site's feedback:
//! the vm's transitions are deterministic (the same shape plus the same name always give
//! the same child shape), so an observed `(shape, Transition { to, slot })` pair is a fact,
//! not a guess, and needs no check.

use ir::feedback::{PropertyFeedback, PropertyHandler, ReceiverMap, ShapeId, SlotFeedback};
use ir::ops::Op;

/// The most fields a virtual object may have; an object that would grow past it escapes.
pub const MAX_FIELDS: usize = 16;

/// The most allocations one function may scalar replace; later candidates escape.
pub const MAX_OBJECTS: usize = 32;

/// Why an allocation had to stay (an `escaped.<reason>` counter).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum EscapeReason {
    /// Stored as a value into another object, array or global.
    Stored,
    /// Passed to a call or construct (as callee, receiver or argument).
    Call,
    /// Returned or thrown.
    Returned,
    /// Flows into a phi (a value merge).
    Phi,
    /// Any other use (keyed access, comparison, a generic operation...).
    Other,
    /// More candidates than [`MAX_OBJECTS`].
    Cap,
    /// More fields than [`MAX_FIELDS`].
    Fields,
    /// A named access whose feedback does not say what it does to the object's shape.
    Feedback,
    /// A maps check the object's known shape fails, or a field slot the shape lacks.
    Shape,
    /// Different shapes, or field values that would need a phi, where control merges.
    Merge,
    /// The object's fields change around a loop.
    Loop,
    /// A frame state mentioning it that the analysis cannot place on the effect chain.
    FrameState,
}

impl EscapeReason {
    /// Every reason, for reports.
    pub const ALL: [EscapeReason; 12] = [
        EscapeReason::Stored,
        EscapeReason::Call,
        EscapeReason::Returned,
        EscapeReason::Phi,
        EscapeReason::Other,
        EscapeReason::Cap,
        EscapeReason::Fields,
        EscapeReason::Feedback,
        EscapeReason::Shape,
        EscapeReason::Merge,
        EscapeReason::Loop,
        EscapeReason::FrameState,
    ];

    /// The counter name on phase rows: `escaped.<reason>`.
    pub fn counter(self) -> &'static str {
        match self {
            EscapeReason::Stored => "escaped.stored",
            EscapeReason::Call => "escaped.call",
            EscapeReason::Returned => "escaped.returned",
            EscapeReason::Phi => "escaped.phi",
            EscapeReason::Other => "escaped.other",
            EscapeReason::Cap => "escaped.cap",
            EscapeReason::Fields => "escaped.fields",
            EscapeReason::Feedback => "escaped.feedback",
            EscapeReason::Shape => "escaped.shape",
            EscapeReason::Merge => "escaped.merge",
            EscapeReason::Loop => "escaped.loop",
            EscapeReason::FrameState => "escaped.frame_state",
        }
    }
}

/// What one use of an allocation is, when it keeps the allocation virtual.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum UseKind {
    /// A generic named store into it (`JSStoreNamed`, the object input).
    NamedStore,
    /// A generic named load from it (`JSLoadNamed`).
    NamedLoad,
    /// A maps check of it.
    CheckMaps,
    /// `LoadField` from it.
    LoadField,
    /// `StoreField` or `StoreFieldTransition` into it (the object input).
    StoreField,
    /// A frame state (or object state) input: rematerialized at exits.
    State,
}

/// Classifies the use of an allocation as value input `index` of `op`: a [`UseKind`] when
/// the allocation can stay virtual, else why it escapes.
pub fn classify_use(op: &Op, index: usize) -> Result<UseKind, EscapeReason> {
    match (op, index) {
        (Op::JSStoreNamed { .. }, 0) => Ok(UseKind::NamedStore),
        (Op::JSLoadNamed { .. }, 0) => Ok(UseKind::NamedLoad),
        (Op::CheckMaps { .. }, 0) => Ok(UseKind::CheckMaps),
        (Op::LoadField { .. }, 0) => Ok(UseKind::LoadField),
        (Op::StoreField { .. } | Op::StoreFieldTransition { .. }, 0) => Ok(UseKind::StoreField),
        (Op::FrameState { .. } | Op::ObjectState { .. }, _) => Ok(UseKind::State),
        (Op::JSStoreNamed { .. } | Op::StoreField { .. } | Op::StoreFieldTransition { .. }, _) => {
            Err(EscapeReason::Stored)
        }
        (
            Op::JSStoreKeyed { .. }
            | Op::StoreElement
            | Op::JSStoreGlobal { .. }
            | Op::JSCreateArray { .. }
            | Op::AllocateArray { .. }
            | Op::JSCreateClosure { .. }
            | Op::JSCreateContext { .. }
            | Op::JSSetPrototype
            | Op::JSCopyDataProperties,
            _,
        ) => Err(EscapeReason::Stored),
        (Op::Store { .. }, _) => Err(EscapeReason::Stored),
        (
            Op::JSCall { .. }
            | Op::JSConstruct { .. }
            | Op::JSConstructSuper { .. }
            | Op::JSLoadSuper { .. }
            | Op::JSTypeOf
            | Op::JSDynamic { .. }
            | Op::JSToIterable { .. }
            | Op::JSCallSpread
            | Op::JSConstructSpread
            | Op::CallRuntime { .. },
            _,
        ) => Err(EscapeReason::Call),
        (Op::Return | Op::Throw, _) => Err(EscapeReason::Returned),
        (Op::Phi { .. }, _) => Err(EscapeReason::Phi),
        _ => Err(EscapeReason::Other),
    }
}

/// What a named store does to an object of a known shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StoreEffect {
    /// Adds the property: the object becomes `to` and the value goes to slot `slot`
    /// (always the next slot).
    Transition {
        /// The shape after the store.
        to: ShapeId,
        /// The slot written.
        slot: u32,
    },
    /// Overwrites the existing field at `slot`.
    Overwrite {
        /// The slot written.
        slot: u32,
    },
}

/// What a named load does on an object of a known shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LoadEffect {
    /// Reads the field at `slot`.
    Field(u32),
    /// The property is absent: `undefined`.
    Missing,
}

fn entry_for(fb: &SlotFeedback, shape: ShapeId) -> Option<PropertyHandler> {
    match fb {
        SlotFeedback::Property(PropertyFeedback::Polymorphic(entries)) => {
            entries.iter().find(|(m, _)| *m == ReceiverMap::Shape(shape)).map(|&(_, h)| h)
        }
        _ => None,
    }
}

/// What the named store site with feedback `fb` does to an object of `shape`, if the
/// feedback recorded that shape (a fact: shapes and transitions never change).
pub fn store_effect(fb: &SlotFeedback, shape: ShapeId) -> Option<StoreEffect> {
    match entry_for(fb, shape)? {
        PropertyHandler::Transition { to, slot } => Some(StoreEffect::Transition { to, slot }),
        PropertyHandler::Field { slot } => Some(StoreEffect::Overwrite { slot }),
        _ => None,
    }
}

/// What the named load site with feedback `fb` reads from an object of `shape`, if the
/// feedback recorded that shape.
pub fn load_effect(fb: &SlotFeedback, shape: ShapeId) -> Option<LoadEffect> {
    match entry_for(fb, shape)? {
        PropertyHandler::Field { slot } => Some(LoadEffect::Field(slot)),
        PropertyHandler::Missing => Some(LoadEffect::Missing),
        _ => None,
    }
}

/// A virtual object's contents at one program point: its shape and one value per field
/// (the pipeline's value type `V`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct VirtualObject<V> {
    /// The current shape.
    pub shape: ShapeId,
    /// Field values, in slot order.
    pub fields: Vec<V>,
}

impl<V: Copy> VirtualObject<V> {
    /// A fresh empty object of root shape `shape` (`JSCreateObject`).
    pub fn new(shape: ShapeId) -> Self {
        VirtualObject { shape, fields: Vec::new() }
    }

    /// Applies a named store of `value` with the given effect; an error if the object would
    /// grow past [`MAX_FIELDS`] or the slot does not fit the shape.
    pub fn store(&mut self, effect: StoreEffect, value: V) -> Result<(), EscapeReason> {
        match effect {
            StoreEffect::Transition { to, slot } => {
                if slot as usize != self.fields.len() {
                    return Err(EscapeReason::Shape);
                }
                if self.fields.len() >= MAX_FIELDS {
                    return Err(EscapeReason::Fields);
                }
                self.fields.push(value);
                self.shape = to;
                Ok(())
            }
            StoreEffect::Overwrite { slot } => self.store_field(slot, value),
        }
    }

    /// `StoreField[slot]` of `value`.
    pub fn store_field(&mut self, slot: u32, value: V) -> Result<(), EscapeReason> {
        let f = self.fields.get_mut(slot as usize).ok_or(EscapeReason::Shape)?;
        *f = value;
        Ok(())
    }

    /// `LoadField[slot]`.
    pub fn load_field(&self, slot: u32) -> Result<V, EscapeReason> {
        self.fields.get(slot as usize).copied().ok_or(EscapeReason::Shape)
    }
}

/// What an op that names a virtual object as its receiver does to it: the transfer function
/// both pipelines' escape walks apply, so the two analyses agree op by op.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Transfer<V> {
    /// The op goes: a store the object absorbed, or a shape check it passes.
    Remove,
    /// The op is replaced by this value: a load of a field the object holds.
    Replace(V),
    /// The op is replaced by `undefined`: a named load of a property the shape lacks.
    Undefined,
    /// The object escapes, for this reason.
    Escape(EscapeReason),
}

/// What `op`, whose receiver (first value input) is the virtual `object`, does to it: stores
/// update `object`, loads read it, a shape check tests it. `value` is the op's second value
/// input (a store's value); `feedback` looks up a named access's site feedback by slot.
/// `None` when `op` is not an object access (the walk's own rules apply).
pub fn transfer<'f, V: Copy>(
    op: &Op,
    object: &mut VirtualObject<V>,
    value: Option<V>,
    feedback: impl FnOnce(u32) -> Option<&'f SlotFeedback>,
) -> Option<Transfer<V>> {
    let stored = |r: Result<(), EscapeReason>| match r {
        Ok(()) => Transfer::Remove,
        Err(r) => Transfer::Escape(r),
    };
    let loaded = |r: Result<V, EscapeReason>| match r {
        Ok(v) => Transfer::Replace(v),
        Err(r) => Transfer::Escape(r),
    };
    Some(match *op {
        Op::JSStoreNamed { slot, .. } => match (feedback(slot).and_then(|fb| store_effect(fb, object.shape)), value) {
            (Some(e), Some(v)) => stored(object.store(e, v)),
            _ => Transfer::Escape(EscapeReason::Feedback),
        },
        Op::StoreFieldTransition { shape, slot } => {
            stored(object.store(StoreEffect::Transition { to: ShapeId(shape), slot }, value?))
        }
        Op::StoreField { slot } => stored(object.store_field(slot, value?)),
        Op::LoadField { slot } => loaded(object.load_field(slot)),
        Op::JSLoadNamed { slot, .. } => match feedback(slot).and_then(|fb| load_effect(fb, object.shape)) {
            Some(LoadEffect::Field(s)) => loaded(object.load_field(s)),
            Some(LoadEffect::Missing) => Transfer::Undefined,
            None => Transfer::Escape(EscapeReason::Feedback),
        },
        Op::CheckMaps { shapes } if shapes.contains(object.shape.0) => Transfer::Remove,
        Op::CheckMaps { .. } => Transfer::Escape(EscapeReason::Shape),
        _ => return None,
    })
}

/// The counters of one escape analysis run (the phase row's extras).
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub struct EscapeStats {
    /// Allocations considered.
    pub candidates: u64,
    /// Allocations removed.
    pub objects_scalar_replaced: u64,
    /// Loads (`LoadField`, generic named loads) replaced by tracked values.
    pub loads_replaced: u64,
    /// Stores (`StoreField`, generic named stores) removed.
    pub stores_removed: u64,
    /// Maps checks removed (the shape is known).
    pub checks_removed: u64,
    /// Object states made for frame states.
    pub object_states: u64,
    /// Allocations kept, by the first reason found.
    pub escaped: std::collections::BTreeMap<EscapeReason, u64>,
}

impl EscapeStats {
    /// The counters as `(name, value)` pairs for a phase row.
    pub fn extras(&self) -> Vec<(&'static str, u64)> {
        let mut out = vec![
            ("escape_candidates", self.candidates),
            ("objects_scalar_replaced", self.objects_scalar_replaced),
            ("escape_loads_replaced", self.loads_replaced),
            ("escape_stores_removed", self.stores_removed),
            ("escape_checks_removed", self.checks_removed),
            ("object_states", self.object_states),
        ];
        out.extend(self.escaped.iter().map(|(r, &n)| (r.counter(), n)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(entries: Vec<(ReceiverMap, PropertyHandler)>) -> SlotFeedback {
        SlotFeedback::Property(PropertyFeedback::Polymorphic(entries))
    }

    #[test]
    fn stores_follow_recorded_transitions_only() {
        let fb =
            site(vec![(ReceiverMap::Shape(ShapeId::EMPTY), PropertyHandler::Transition { to: ShapeId(4), slot: 0 })]);
        assert_eq!(store_effect(&fb, ShapeId::EMPTY), Some(StoreEffect::Transition { to: ShapeId(4), slot: 0 }));
        assert_eq!(store_effect(&fb, ShapeId(4)), None);
        assert_eq!(store_effect(&SlotFeedback::Property(PropertyFeedback::Megamorphic), ShapeId::EMPTY), None);
        let mut o = VirtualObject::<u32>::new(ShapeId::EMPTY);
        o.store(StoreEffect::Transition { to: ShapeId(4), slot: 0 }, 7).unwrap();
        assert_eq!((o.shape, o.load_field(0)), (ShapeId(4), Ok(7)));
        assert_eq!(o.store(StoreEffect::Transition { to: ShapeId(5), slot: 3 }, 1), Err(EscapeReason::Shape));
        assert_eq!(o.load_field(1), Err(EscapeReason::Shape));
        o.store_field(0, 9).unwrap();
        assert_eq!(o.fields, vec![9]);
        let loads = site(vec![(ReceiverMap::Shape(ShapeId(4)), PropertyHandler::Missing)]);
        assert_eq!(load_effect(&loads, ShapeId(4)), Some(LoadEffect::Missing));
    }

    #[test]
    fn field_cap_makes_the_object_escape() {
        let mut o = VirtualObject::<u32>::new(ShapeId::EMPTY);
        for i in 0..MAX_FIELDS as u32 {
            o.store(StoreEffect::Transition { to: ShapeId(i + 1), slot: i }, i).unwrap();
        }
        let next = StoreEffect::Transition { to: ShapeId(99), slot: MAX_FIELDS as u32 };
        assert_eq!(o.store(next, 0), Err(EscapeReason::Fields));
    }

    #[test]
    fn uses_classify_by_op_and_position() {
        let fs = Op::FrameState { func: 0, pc: 0, has_outer: false };
        assert_eq!(classify_use(&fs, 3), Ok(UseKind::State));
        assert_eq!(classify_use(&Op::StoreField { slot: 0 }, 0), Ok(UseKind::StoreField));
        assert_eq!(classify_use(&Op::StoreField { slot: 0 }, 1), Err(EscapeReason::Stored));
        assert_eq!(classify_use(&Op::JSCall { argc: 1, slot: 0 }, 2), Err(EscapeReason::Call));
        // Tier-2 ops: an object stored into a context or closure, made a prototype, passed to
        // a constructor or `typeof` escapes.
        assert_eq!(classify_use(&Op::StoreElement, 2), Err(EscapeReason::Stored));
        assert_eq!(classify_use(&Op::JSSetPrototype, 1), Err(EscapeReason::Stored));
        assert_eq!(classify_use(&Op::JSCreateClosure { func: 1 }, 0), Err(EscapeReason::Stored));
        assert_eq!(classify_use(&Op::JSConstructSuper { argc: 0, slot: 0 }, 1), Err(EscapeReason::Call));
        assert_eq!(classify_use(&Op::JSTypeOf, 0), Err(EscapeReason::Call));
        assert_eq!(classify_use(&Op::Return, 0), Err(EscapeReason::Returned));
        assert_eq!(classify_use(&Op::Phi { rep: ir::ops::Rep::Tagged }, 0), Err(EscapeReason::Phi));
        assert_eq!(classify_use(&Op::ReferenceEqual, 0), Err(EscapeReason::Other));
        let names: std::collections::HashSet<_> = EscapeReason::ALL.iter().map(|r| r.counter()).collect();
        assert_eq!(names.len(), EscapeReason::ALL.len());
    }
}
