//! Type feedback: what the interpreter saw at every feedback slot.
//!
//! The vm records these plain-data records while interpreting; the optimizing compilers
//! read a snapshot of them (they never see the vm itself) and speculate on them; a failed
//! speculation exits back to the interpreter, which keeps recording.

use std::fmt::Write as _;

use frontend::bytecode::{FuncId, SlotKind};

/// A hidden class of plain objects ("map" in V8), as numbered by the vm's heap.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ShapeId(pub u32);

impl ShapeId {
    /// The shape of `{}`.
    pub const EMPTY: ShapeId = ShapeId(0);
}

/// A builtin function of the vm, by its index in the vm's builtin table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BuiltinId(pub u32);

/// The `Math` functions in `BuiltinId` order (ids `0..MATH_FUNCTIONS.len()`), each with its
/// arity (`Math.max`, `Math.min` and `Math.hypot` take any number of arguments). They take
/// numbers (after `ToNumber`) and return a number with no other effect, so an optimizing
/// compiler may call them directly on float64 values. The vm's `MathFunction::ALL` has the
/// same order (checked by a vm test).
pub const MATH_FUNCTIONS: &[(&str, u8)] = &[
    ("abs", 1), ("acos", 1), ("acosh", 1), ("asin", 1), ("asinh", 1), ("atan", 1), ("atanh", 1),
    ("atan2", 2), ("cbrt", 1), ("ceil", 1), ("clz32", 1), ("cos", 1), ("cosh", 1), ("exp", 1),
    ("expm1", 1), ("floor", 1), ("fround", 1), ("hypot", 2), ("imul", 2), ("log", 1), ("log1p", 1),
    ("log10", 1), ("log2", 1), ("max", 2), ("min", 2), ("pow", 2), ("round", 1), ("sign", 1),
    ("sin", 1), ("sinh", 1), ("sqrt", 1), ("tan", 1), ("tanh", 1), ("trunc", 1),
];

/// The element kinds of arrays, from most to least specific (V8's lattice without the
/// packed/holey split, which is tracked separately).
///
/// The discriminants are part of the heap layout: compiled code reads and updates an array's
/// kind as this byte (`vm::layout`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum ElementsKind {
    /// Every element is an int32 number (or a hole).
    Int32 = 0,
    /// Every element is a number (or a hole).
    Double = 1,
    /// Anything.
    Any = 2,
}

impl ElementsKind {
    /// A short name for disassembly.
    pub fn name(self) -> &'static str {
        match self {
            ElementsKind::Int32 => "int32",
            ElementsKind::Double => "double",
            ElementsKind::Any => "any",
        }
    }
}

/// The most polymorphism a property site tracks before going megamorphic (as in V8).
pub const MAX_POLYMORPHISM: usize = 4;

/// Operand kinds seen by an arithmetic, bitwise or comparison operation: a lattice ordered by
/// generality (V8's BinaryOperationHint / CompareOperationHint).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum OperandHint {
    /// Never executed.
    None,
    /// All operands and results were int32 ("small integers").
    SignedSmall,
    /// All operands were numbers (some doubles, or an int32 result overflowed).
    Number,
    /// Numbers, booleans, `undefined` or `null`.
    NumberOrOddball,
    /// Strings (both operands strings, or string concatenation).
    String,
    /// Anything else.
    Any,
}

impl OperandHint {
    /// The least upper bound.
    pub fn join(self, other: OperandHint) -> OperandHint {
        match (self, other) {
            (a, b) if a == b => a,
            (OperandHint::None, x) | (x, OperandHint::None) => x,
            (OperandHint::String, _) | (_, OperandHint::String) => OperandHint::Any,
            (a, b) => a.max(b),
        }
    }
}

/// What a receiver looked like at a property site.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReceiverMap {
    /// A plain object of this shape.
    Shape(ShapeId),
    /// An array.
    Array,
    /// A string.
    String,
    /// A number or boolean.
    Primitive,
    /// A function object (its properties live in the vm's function-property objects).
    Function,
}

/// How a property access was served for one receiver map.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PropertyHandler {
    /// Load or overwrite the field at `slot`.
    Field {
        /// Slot index in the object.
        slot: u32,
    },
    /// A store that added a property: transition to shape `to`, writing `slot`.
    Transition {
        /// The shape after the store.
        to: ShapeId,
        /// The slot written.
        slot: u32,
    },
    /// The property is absent: the load gives `undefined`.
    Missing,
    /// `array.length`
    ArrayLength,
    /// `string.length`
    StringLength,
    /// A builtin method (`push`, `pop`, `toString`).
    Method(BuiltinId),
    /// Served by a lookup that may change without the receiver's shape changing: a longer
    /// prototype chain, a missing property, or a function object's properties. Compilers
    /// treat it as generic.
    PrototypeChain,
    /// Found in field `slot` of the prototype `holder` (an object value's bits) while the
    /// holder had shape `holder_shape`, `path` listing the prototypes between the receiver and
    /// the holder (none when the holder is the receiver's own prototype). Each shape fixes its
    /// object's prototype and says which properties the object has, so a compiler checks the
    /// receiver's shape, each object of the path against its shape (none of them has gained
    /// the property, none has a new prototype) and the holder's, then loads the field from
    /// the holder.
    PrototypeField {
        /// The prototype object holding the property, as a value's bits.
        holder: u64,
        /// The holder's shape when the property was found.
        holder_shape: ShapeId,
        /// The slot in the holder.
        slot: u32,
        /// The prototypes passed on the way to the holder, nearest first.
        path: PrototypePath,
    },
    /// An own property of one function object (a static method or field, `F.prototype`):
    /// field `slot` of the function's property object `bag` while it had shape `bag_shape`.
    /// Recorded for one function per site (another function makes the site
    /// [`PropertyHandler::PrototypeChain`]); a compiler checks the receiver is `function`,
    /// then the bag's shape, and loads the field.
    FunctionField {
        /// The function, as a value's bits.
        function: u64,
        /// Its property object, as a value's bits.
        bag: u64,
        /// The property object's shape when the property was found.
        bag_shape: ShapeId,
        /// The slot in the property object.
        slot: u32,
    },
}

/// The prototype objects between a receiver and the holder of a property, nearest first, each
/// with the shape it had when the property was found (at most [`PrototypePath::MAX`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PrototypePath {
    len: u8,
    objects: [u64; PrototypePath::MAX],
    shapes: [u32; PrototypePath::MAX],
}

impl PrototypePath {
    /// The most objects a path holds: a holder at most `MAX + 1` prototypes up the chain
    /// (a method of a class three `extends` above the receiver's class).
    pub const MAX: usize = 3;

    /// Appends `object` (a value's bits) with its `shape`; false (and no change) when full.
    pub fn push(&mut self, object: u64, shape: ShapeId) -> bool {
        let n = self.len as usize;
        if n == Self::MAX {
            return false;
        }
        self.objects[n] = object;
        self.shapes[n] = shape.0;
        self.len += 1;
        true
    }

    /// The objects and their shapes, nearest first.
    pub fn iter(&self) -> impl Iterator<Item = (u64, ShapeId)> + '_ {
        self.objects[..self.len as usize].iter().copied().zip(self.shapes[..self.len as usize].iter().map(|&s| ShapeId(s)))
    }

    /// How many objects lie between the receiver and the holder.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when the holder is the receiver's own prototype.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The state of a property site.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum PropertyFeedback {
    /// Never executed.
    #[default]
    Uninitialized,
    /// One receiver map (stored as a one-element list), or up to `MAX_POLYMORPHISM`.
    Polymorphic(Vec<(ReceiverMap, PropertyHandler)>),
    /// More maps than tracked.
    Megamorphic,
}

impl PropertyFeedback {
    /// Records one access.
    pub fn record(&mut self, map: ReceiverMap, handler: PropertyHandler) {
        match self {
            PropertyFeedback::Uninitialized => *self = PropertyFeedback::Polymorphic(vec![(map, handler)]),
            PropertyFeedback::Polymorphic(entries) => {
                if let Some(e) = entries.iter_mut().find(|e| e.0 == map) {
                    e.1 = handler;
                } else if entries.len() < MAX_POLYMORPHISM {
                    entries.push((map, handler));
                } else {
                    *self = PropertyFeedback::Megamorphic;
                }
            }
            PropertyFeedback::Megamorphic => {}
        }
    }

    /// The handler recorded for `map`, if any (the interpreter's inline cache).
    #[inline]
    pub fn handler_for(&self, map: ReceiverMap) -> Option<PropertyHandler> {
        match self {
            PropertyFeedback::Polymorphic(entries) => entries.iter().find(|e| e.0 == map).map(|e| e.1),
            _ => None,
        }
    }
}

/// Element accesses seen at a keyed site.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ElementFeedback {
    /// The most general element kind of the arrays accessed (None: no array yet).
    pub kind: Option<ElementsKind>,
    /// An array that had a hole was accessed.
    pub holey: bool,
    /// A read or write was out of bounds (a write past the end grows the array).
    pub out_of_bounds: bool,
    /// A read met a hole.
    pub hole_read: bool,
    /// A key was not an int32 index or the receiver was not an array.
    pub generic: bool,
    /// Number of accesses.
    pub count: u32,
}

impl ElementFeedback {
    /// Joins another record of the same site into this one.
    pub fn merge(&mut self, other: &ElementFeedback) {
        self.kind = match (self.kind, other.kind) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        self.holey |= other.holey;
        self.out_of_bounds |= other.out_of_bounds;
        self.hole_read |= other.hole_read;
        self.generic |= other.generic;
        self.count = self.count.saturating_add(other.count);
    }
}

/// A call target.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Callee {
    /// A bytecode function's canonical object (a function declared at the top level).
    Function(FuncId),
    /// Closure instances of one bytecode function, whichever instances they were (V8's call
    /// feedback names the closures' SharedFunctionInfo the same way): compiled code checks
    /// the function id (`IsClosureOf`) and reads the instance's context (`ClosureContext`).
    Closure(FuncId),
    /// A builtin.
    Builtin(BuiltinId),
}

/// What `new F(...)` allocated at a construct site (V8's initial map of `F`): recorded for
/// targets whose `prototype` is an own field of their property object (a function's canonical
/// object, or one closure instance — a class declared inside a function or a derived class).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum InitialMap {
    /// Nothing recorded: a call site, a site that never constructed, or a builtin target.
    #[default]
    None,
    /// Every construction here had the constructor `target` and made an empty object of root
    /// shape `shape`, whose prototype `prototype` was field `slot` of the target's property
    /// object `bag` of shape `bag_shape`. A compiler that allocates the object inline checks
    /// the target, the bag's shape and that the field still holds `prototype`
    /// (`F.prototype = other` changes the value, not necessarily the bag's shape), then
    /// allocates an object of `shape`.
    One {
        /// The constructor, as a value's bits.
        target: u64,
        /// The target's property object, as a value's bits.
        bag: u64,
        /// The property object's shape.
        bag_shape: ShapeId,
        /// The slot of `prototype` in the property object.
        slot: u32,
        /// The prototype, as a value's bits.
        prototype: u64,
        /// The new object's root shape.
        shape: ShapeId,
    },
    /// Constructions saw different initial maps, or a target without one (a closure
    /// instance, a `prototype` that is not an own field or not an object).
    Varied,
}

impl InitialMap {
    /// Joins one more construction's initial map (`None`: one without) into this record.
    pub fn record(&mut self, seen: Option<InitialMap>) {
        *self = match (*self, seen) {
            (InitialMap::None, Some(m @ InitialMap::One { .. })) => m,
            (m @ InitialMap::One { .. }, Some(seen)) if seen == m => m,
            _ => InitialMap::Varied,
        };
    }
}

/// Targets seen at a call site.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum CallTarget {
    /// Never called.
    #[default]
    Uninitialized,
    /// Always this target.
    Monomorphic(Callee),
    /// More than one target.
    Megamorphic,
}

/// One feedback slot.
#[derive(Clone, PartialEq, Debug)]
pub enum SlotFeedback {
    /// An arithmetic, bitwise or unary operation.
    BinaryOp(OperandHint),
    /// A comparison.
    Compare(OperandHint),
    /// A named property load or store.
    Property(PropertyFeedback),
    /// A keyed load or store.
    Element(ElementFeedback),
    /// A call or construct.
    Call {
        /// The targets seen.
        target: CallTarget,
        /// How often the site ran.
        count: u32,
        /// At a construct site, the objects `new` made.
        initial_map: InitialMap,
    },
    /// A conditional branch.
    Branch {
        /// Times the jump was taken.
        taken: u32,
        /// Times it fell through.
        not_taken: u32,
    },
}

impl SlotFeedback {
    /// The initial record for a slot of `kind`.
    pub fn new(kind: SlotKind) -> SlotFeedback {
        match kind {
            SlotKind::BinaryOp => SlotFeedback::BinaryOp(OperandHint::None),
            SlotKind::Compare => SlotFeedback::Compare(OperandHint::None),
            SlotKind::Property => SlotFeedback::Property(PropertyFeedback::Uninitialized),
            SlotKind::Element => SlotFeedback::Element(ElementFeedback::default()),
            SlotKind::Call => SlotFeedback::Call { target: CallTarget::Uninitialized, count: 0, initial_map: InitialMap::None },
            SlotKind::Branch => SlotFeedback::Branch { taken: 0, not_taken: 0 },
        }
    }

    /// A one-line description, naming shapes through `heap`.
    pub fn describe(&self, describe_shape: &dyn Fn(ShapeId) -> String, describe_callee: &dyn Fn(Callee) -> String) -> String {
        match self {
            SlotFeedback::BinaryOp(h) => format!("BinaryOp: {h:?}"),
            SlotFeedback::Compare(h) => format!("Compare: {h:?}"),
            SlotFeedback::Property(p) => match p {
                PropertyFeedback::Uninitialized => "Property: uninitialized".into(),
                PropertyFeedback::Megamorphic => "Property: megamorphic".into(),
                PropertyFeedback::Polymorphic(entries) => {
                    let mut s = String::from(if entries.len() == 1 {
                        "Property: monomorphic"
                    } else {
                        "Property: polymorphic"
                    });
                    for (map, handler) in entries {
                        let map = match map {
                            ReceiverMap::Shape(sh) => format!("shape#{} {}", sh.0, describe_shape(*sh)),
                            ReceiverMap::Array => "array".into(),
                            ReceiverMap::String => "string".into(),
                            ReceiverMap::Primitive => "primitive".into(),
                            ReceiverMap::Function => "function".into(),
                        };
                        let handler = match handler {
                            PropertyHandler::Field { slot } => format!("slot {slot}"),
                            PropertyHandler::Transition { to, slot } => {
                                format!("add slot {slot} -> shape#{}", to.0)
                            }
                            PropertyHandler::Missing => "missing".into(),
                            PropertyHandler::ArrayLength => "array length".into(),
                            PropertyHandler::StringLength => "string length".into(),
                            PropertyHandler::Method(b) => describe_callee(Callee::Builtin(*b)),
                            PropertyHandler::PrototypeChain => "prototype chain".into(),
                            PropertyHandler::PrototypeField { holder_shape, slot, path, .. } => {
                                let via: String = path.iter().map(|(_, sh)| format!(" via shape#{}", sh.0)).collect();
                                format!("prototype slot {slot} (holder shape#{}{via})", holder_shape.0)
                            }
                            PropertyHandler::FunctionField { bag_shape, slot, .. } => {
                                format!("own slot {slot} of one function (properties shape#{})", bag_shape.0)
                            }
                        };
                        let _ = write!(s, "; {map}: {handler}");
                    }
                    s
                }
            },
            SlotFeedback::Element(e) => {
                let kind = e.kind.map(|k| k.name()).unwrap_or("none");
                format!(
                    "Element: kind {kind}{}{}{}{}, count {}",
                    if e.holey { ", holey" } else { "" },
                    if e.out_of_bounds { ", out-of-bounds" } else { "" },
                    if e.hole_read { ", hole read" } else { "" },
                    if e.generic { ", generic" } else { "" },
                    e.count
                )
            }
            SlotFeedback::Call { target, count, initial_map } => {
                let t = match target {
                    CallTarget::Uninitialized => "uninitialized".to_string(),
                    CallTarget::Monomorphic(c) => format!("monomorphic {}", describe_callee(*c)),
                    CallTarget::Megamorphic => "megamorphic".into(),
                };
                let new = match initial_map {
                    InitialMap::None => String::new(),
                    InitialMap::One { shape, .. } => format!(", new objects of shape#{}", shape.0),
                    InitialMap::Varied => ", new objects of varied shapes".into(),
                };
                format!("Call: {t}, count {count}{new}")
            }
            SlotFeedback::Branch { taken, not_taken } => {
                format!("Branch: taken {taken}, not taken {not_taken}")
            }
        }
    }
}

/// Property feedback from text, for tests that run one phase on a graph read from text
/// (filetests), where no interpreter ran to record any. One line per entry of a named
/// load or store site:
///
/// - `FUNC.SLOT #SHAPE field N`: objects of shape `#SHAPE` had field `N` loaded or
///   overwritten;
/// - `FUNC.SLOT #SHAPE -> #TO field N`: a store added a property to objects of shape
///   `#SHAPE`, which went to shape `#TO`, writing field `N`;
/// - `FUNC.SLOT #SHAPE missing`: the property was absent (the load gave `undefined`).
///
/// `FUNC` is the function id of the site's frame state, `SLOT` its feedback slot; more lines
/// for one site make it polymorphic. Returns the feedback per function, slot by slot (slots
/// not mentioned are uninitialized property slots).
pub fn parse_property_feedback<'a>(lines: impl IntoIterator<Item = &'a str>) -> Result<Vec<Vec<SlotFeedback>>, String> {
    let mut table: Vec<Vec<SlotFeedback>> = Vec::new();
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        let number = |w: &str, what: &str| w.parse::<u32>().map_err(|_| format!("'{line}': bad {what} '{w}'"));
        let shape = |w: &str| number(w.strip_prefix('#').unwrap_or("?"), "shape (#N)").map(ShapeId);
        let (site, from, handler) = match words.as_slice() {
            [site, from, "field", n] => (*site, shape(from)?, PropertyHandler::Field { slot: number(n, "field")? }),
            [site, from, "->", to, "field", n] => {
                (*site, shape(from)?, PropertyHandler::Transition { to: shape(to)?, slot: number(n, "field")? })
            }
            [site, from, "missing"] => (*site, shape(from)?, PropertyHandler::Missing),
            _ => {
                return Err(format!(
                    "'{line}': expected 'FUNC.SLOT #SHAPE field N', 'FUNC.SLOT #SHAPE -> #TO field N' or 'FUNC.SLOT #SHAPE missing'"
                ))
            }
        };
        let (func, slot) = site.split_once('.').ok_or_else(|| format!("'{line}': expected FUNC.SLOT, found '{site}'"))?;
        let (func, slot) = (number(func, "function id")? as usize, number(slot, "slot")? as usize);
        if table.len() <= func {
            table.resize(func + 1, Vec::new());
        }
        let slots = &mut table[func];
        if slots.len() <= slot {
            slots.resize(slot + 1, SlotFeedback::new(SlotKind::Property));
        }
        // Every slot this table holds is a property slot.
        if let SlotFeedback::Property(p) = &mut slots[slot] {
            p.record(ReceiverMap::Shape(from), handler);
        }
    }
    Ok(table)
}

/// Per-function counters that drive tier-up.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct FunctionCounters {
    /// Calls of the function.
    pub invocations: u32,
    /// Loop back edges taken inside it.
    pub back_edges: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn property_feedback_reads_from_text() {
        let t = parse_property_feedback(["1.0 #0 -> #49 field 0", "1.2 #50 field 1", "1.2 #51 missing"]).unwrap();
        assert_eq!(t.len(), 2);
        assert!(t[0].is_empty());
        assert_eq!(t[1].len(), 3);
        let site = |s: &SlotFeedback| match s {
            SlotFeedback::Property(PropertyFeedback::Polymorphic(e)) => e.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(site(&t[1][0]), [(ReceiverMap::Shape(ShapeId(0)), PropertyHandler::Transition { to: ShapeId(49), slot: 0 })]);
        assert_eq!(t[1][1], SlotFeedback::Property(PropertyFeedback::Uninitialized));
        assert_eq!(site(&t[1][2]), [
            (ReceiverMap::Shape(ShapeId(50)), PropertyHandler::Field { slot: 1 }),
            (ReceiverMap::Shape(ShapeId(51)), PropertyHandler::Missing)
        ]);
        assert!(parse_property_feedback(["1.0 50 field 0"]).unwrap_err().contains("bad shape"));
        assert!(parse_property_feedback(["1 #50 field 0"]).unwrap_err().contains("FUNC.SLOT"));
        assert!(parse_property_feedback(["1.0 #50 store 0"]).unwrap_err().contains("expected"));
    }

    #[test]
    fn hints_join_upwards() {
        use OperandHint::*;
        assert_eq!(None.join(SignedSmall), SignedSmall);
        assert_eq!(SignedSmall.join(Number), Number);
        assert_eq!(Number.join(NumberOrOddball), NumberOrOddball);
        assert_eq!(String.join(String), String);
        assert_eq!(String.join(Number), Any);
        assert_eq!(Any.join(SignedSmall), Any);
    }

    #[test]
    fn property_sites_go_megamorphic_after_four_maps() {
        let mut p = PropertyFeedback::default();
        for i in 0..4 {
            p.record(ReceiverMap::Shape(ShapeId(i)), PropertyHandler::Field { slot: i });
            assert!(matches!(&p, PropertyFeedback::Polymorphic(e) if e.len() == i as usize + 1));
        }
        assert_eq!(p.handler_for(ReceiverMap::Shape(ShapeId(2))), Some(PropertyHandler::Field { slot: 2 }));
        p.record(ReceiverMap::Shape(ShapeId(1)), PropertyHandler::Field { slot: 1 });
        assert!(matches!(&p, PropertyFeedback::Polymorphic(e) if e.len() == 4));
        p.record(ReceiverMap::Shape(ShapeId(9)), PropertyHandler::Field { slot: 0 });
        assert_eq!(p, PropertyFeedback::Megamorphic);
    }
}
