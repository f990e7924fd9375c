//! What to speculate on, decided from feedback — one policy for every compiler.
//!
//! The baseline compiler, the sea-of-nodes builder and the CFG builder all ask these
//! functions, so the same feedback always leads to the same speculation on every side and the
//! experiments compare IR shape, not different guesses.

use frontend::bytecode::{BinaryOp, FuncId};

use ir::feedback::{BuiltinId, CallTarget, Callee, OperandHint, PropertyFeedback, PropertyHandler, PrototypePath, ReceiverMap, ShapeId, SlotFeedback, MATH_FUNCTIONS};
use ir::ops::{NumberHint, Op, ShapeSet};

/// How to compile an arithmetic, bitwise, comparison or unary operation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NumberPlan {
    /// It never ran: a soft deoptimization (`InsufficientFeedback`).
    NeverRan,
    /// Speculate on numbers with this hint (SignedSmall: int32; Number: float64).
    Speculate(NumberHint),
    /// Anything else: the generic JS operation.
    Generic,
}

fn hint_of(fb: &SlotFeedback) -> OperandHint {
    match fb {
        SlotFeedback::BinaryOp(h) | SlotFeedback::Compare(h) => *h,
        _ => OperandHint::Any,
    }
}

/// The plan for a unary operation or a comparison from its slot's operand hint.
pub fn number_plan(fb: &SlotFeedback) -> NumberPlan {
    match hint_of(fb) {
        OperandHint::None => NumberPlan::NeverRan,
        OperandHint::SignedSmall => NumberPlan::Speculate(NumberHint::SignedSmall),
        OperandHint::Number => NumberPlan::Speculate(NumberHint::Number),
        _ => NumberPlan::Generic,
    }
}

/// The plan for a binary operation: as [`number_plan`], except that `**` never stays in
/// int32 (its results are rarely int32 and JS `**` is computed in float64).
pub fn binary_plan(fb: &SlotFeedback, op: BinaryOp) -> NumberPlan {
    match number_plan(fb) {
        NumberPlan::Speculate(NumberHint::SignedSmall) if op == BinaryOp::Exp => NumberPlan::Speculate(NumberHint::Number),
        plan => plan,
    }
}

/// How to compile a named property access.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NamedPlan {
    /// It never ran: a soft deoptimization.
    NeverRan,
    /// Monomorphic field of plain objects of `shape`: check the shape, access `slot`.
    Field {
        /// The expected shape.
        shape: ShapeId,
        /// The field's slot.
        slot: u32,
    },
    /// Monomorphic store that adds the property (stores only): check the receiver's shape,
    /// then transition it to `to` and write `slot` (`StoreFieldTransition`). Transitions are
    /// facts (the same shape and name always lead to the same child), so nothing but the
    /// receiver's shape needs checking.
    Transition {
        /// The receiver's expected shape.
        shape: ShapeId,
        /// The shape after the store.
        to: ShapeId,
        /// The slot written (the receiver's slot count).
        slot: u32,
    },
    /// Monomorphic `array.length` (loads only).
    ArrayLength,
    /// Polymorphic field (2 to 4 shapes) at the same slot in every shape (a base class's
    /// field in instances of its subclasses): one shape check against the set, one access.
    FieldOfShapes {
        /// The expected shapes.
        shapes: ShapeSet,
        /// The field's slot in each of them.
        slot: u32,
    },
    /// Load of a field of the receivers' common prototype (a method of a class): check the
    /// receiver's shape against the set (each shape fixes its prototype, and every shape seen
    /// found the field on the same holder at the same slot) and the holder's shape, load from
    /// the holder. One shape is the monomorphic case; up to four are receivers of one class
    /// whose fields were added in different orders.
    PrototypeField {
        /// The receiver's expected shapes.
        shapes: ShapeSet,
        /// The holder object, as a value's bits.
        holder: u64,
        /// The holder's expected shape.
        holder_shape: ShapeId,
        /// The field's slot in the holder.
        slot: u32,
        /// The prototypes between receiver and holder, each to be checked against its shape.
        path: PrototypePath,
    },
    /// Load of an own property of one function object (a static method or field): check the
    /// receiver is `function`, then its property object `bag` against `bag_shape`, load the
    /// field from the bag.
    FunctionField {
        /// The function, as a value's bits.
        function: u64,
        /// Its property object, as a value's bits.
        bag: u64,
        /// The property object's expected shape.
        bag_shape: ShapeId,
        /// The field's slot in the property object.
        slot: u32,
    },
    /// Anything else: the generic JS operation.
    Generic,
}

fn property_plan(fb: &SlotFeedback, load: bool) -> NamedPlan {
    match fb {
        SlotFeedback::Property(PropertyFeedback::Uninitialized) => NamedPlan::NeverRan,
        SlotFeedback::Property(PropertyFeedback::Polymorphic(entries)) if entries.len() == 1 => match entries[0] {
            (ReceiverMap::Shape(shape), PropertyHandler::Field { slot }) => NamedPlan::Field { shape, slot },
            (ReceiverMap::Array, PropertyHandler::ArrayLength) if load => NamedPlan::ArrayLength,
            (ReceiverMap::Shape(shape), PropertyHandler::Transition { to, slot }) if !load => NamedPlan::Transition { shape, to, slot },
            (ReceiverMap::Shape(shape), PropertyHandler::PrototypeField { holder, holder_shape, slot, path }) if load => {
                NamedPlan::PrototypeField { shapes: ShapeSet::one(shape.0), holder, holder_shape, slot, path }
            }
            (ReceiverMap::Function, PropertyHandler::FunctionField { function, bag, bag_shape, slot }) if load => {
                NamedPlan::FunctionField { function, bag, bag_shape, slot }
            }
            _ => NamedPlan::Generic,
        },
        SlotFeedback::Property(PropertyFeedback::Polymorphic(entries)) => {
            // 2 to 4 receiver shapes that agree on where the property is: the same slot in
            // every receiver (a base class's field), or the same slot of the same holder with
            // the same holder shape (a method of one class): one check against the set.
            let shapes: Vec<u32> = entries
                .iter()
                .map(|(map, _)| match map {
                    ReceiverMap::Shape(shape) => Some(shape.0),
                    _ => None,
                })
                .collect::<Option<_>>()
                .unwrap_or_default();
            let (Some(set), Some((_, first))) = (ShapeSet::new(&shapes), entries.first()) else { return NamedPlan::Generic };
            if shapes.len() != entries.len() || entries.iter().any(|(_, handler)| handler != first) {
                return NamedPlan::Generic;
            }
            match *first {
                PropertyHandler::Field { slot } => NamedPlan::FieldOfShapes { shapes: set, slot },
                PropertyHandler::PrototypeField { holder, holder_shape, slot, path } if load => {
                    NamedPlan::PrototypeField { shapes: set, holder, holder_shape, slot, path }
                }
                _ => NamedPlan::Generic,
            }
        }
        _ => NamedPlan::Generic,
    }
}

/// The plan for `obj.name`.
pub fn named_load_plan(fb: &SlotFeedback) -> NamedPlan {
    property_plan(fb, true)
}

/// The plan for `obj.name = value`.
pub fn named_store_plan(fb: &SlotFeedback) -> NamedPlan {
    property_plan(fb, false)
}

/// How to compile a keyed (element) access.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeyedPlan {
    /// It never ran: a soft deoptimization.
    NeverRan,
    /// Always an array with an in-bounds int32 index: check kind and bounds, access the
    /// element. A load from arrays seen `holey` reads a hole as `undefined`; a load from arrays
    /// seen packed exits (`CheckNotHole[Hole]`) when it meets a hole. The array check does not
    /// tell packed from holey arrays (seabed's element kinds carry no packed bit), so the
    /// loaded value itself is checked — an array that got a hole after compilation must never
    /// leak the raw hole into registers.
    InBounds {
        /// The arrays seen had holes.
        holey: bool,
    },
    /// Anything else: the generic JS operation.
    Generic,
}

/// The plan for `obj[key]` or `obj[key] = value`.
pub fn keyed_plan(fb: &SlotFeedback) -> KeyedPlan {
    match fb {
        SlotFeedback::Element(e) if e.count == 0 && !e.generic => KeyedPlan::NeverRan,
        SlotFeedback::Element(e) if e.kind.is_some() && !e.generic && !e.out_of_bounds => KeyedPlan::InBounds { holey: e.holey },
        _ => KeyedPlan::Generic,
    }
}

/// True if a call site never ran (a soft deoptimization instead of the call).
pub fn call_never_ran(fb: &SlotFeedback) -> bool {
    matches!(fb, SlotFeedback::Call { count: 0, .. })
}

/// The bytecode function a call site always called, if it did: the walker checks the target
/// and passes the function as a constant, which backends call directly (LLVM: through the
/// callee's machine-entry slot, `vm::layout::HeapLayout::vm_code_entries`).
pub fn direct_call_target(fb: &SlotFeedback) -> Option<FuncId> {
    match fb {
        SlotFeedback::Call { target: CallTarget::Monomorphic(Callee::Function(f)), .. } => Some(*f),
        _ => None,
    }
}

/// A call site that always called one `Math` function: call it on float64 arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MathCall {
    /// The builtin (also its `RuntimeFn::MathFunction` number).
    pub builtin: BuiltinId,
    /// How many float64 arguments the call passes: the call's argument count, padded with NaN
    /// (`undefined` as a number) up to the function's arity, except for the variadic
    /// `max`/`min`/`hypot`, which see exactly the arguments given.
    pub operands: u32,
    /// The ops the call becomes.
    pub form: MathForm,
}

/// What a direct `Math` call becomes; the same on both pipelines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MathForm {
    /// `CallRuntime[Math.i]` on the float64 operands (a float64 result).
    Call,
    /// `Math.max(a, b)` / `Math.min(a, b)`: the machine op `Float64Max` / `Float64Min` (JS
    /// semantics for NaN and ±0; lowered to a diamond after scheduling on both sides).
    Float64Binary(Op),
    /// `Math.imul(a, b)`: both operands truncated to int32 (`TruncateFloat64ToWord32`), then the
    /// wrapping `Int32Mul` (an int32 result).
    Int32Mul,
}

impl MathCall {
    /// The tagged bits of the builtin function value (the call target to check).
    pub fn target_bits(self) -> u64 {
        ir::tagged::tagged(ir::tagged::TAG_BUILTIN, self.builtin.0 as u64)
    }
}

/// The direct `Math` call for a call site with `argc` arguments, if its feedback saw only one
/// target and that target is a `Math` function ([`MATH_FUNCTIONS`]); the builders of both
/// pipelines check the target, convert each argument with `CheckedTaggedToFloat64` and emit
/// `CallRuntime[Math.i]` (V8's JSCallReducer does the same for `Math` builtins).
pub fn math_call(fb: &SlotFeedback, argc: u32) -> Option<MathCall> {
    let SlotFeedback::Call { target: CallTarget::Monomorphic(Callee::Builtin(b)), .. } = fb else { return None };
    let &(name, arity) = MATH_FUNCTIONS.get(b.0 as usize)?;
    let variadic = matches!(name, "max" | "min" | "hypot");
    let operands = if variadic { argc } else { argc.max(arity as u32) };
    let form = match (name, operands) {
        ("max", 2) => MathForm::Float64Binary(Op::Float64Max),
        ("min", 2) => MathForm::Float64Binary(Op::Float64Min),
        ("imul", 2) => MathForm::Int32Mul,
        _ => MathForm::Call,
    };
    Some(MathCall { builtin: *b, operands, form })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::feedback::{ElementFeedback, ElementsKind};

    #[test]
    fn prototype_fields_and_shared_slots_are_speculated() {
        let site = |entries: Vec<(ReceiverMap, PropertyHandler)>| SlotFeedback::Property(PropertyFeedback::Polymorphic(entries));
        let method = PropertyHandler::PrototypeField { holder: 77, holder_shape: ShapeId(9), slot: 1, path: PrototypePath::default() };
        assert_eq!(
            named_load_plan(&site(vec![(ReceiverMap::Shape(ShapeId(3)), method)])),
            NamedPlan::PrototypeField { shapes: ShapeSet::one(3), holder: 77, holder_shape: ShapeId(9), slot: 1, path: PrototypePath::default() }
        );
        // Stores never write to a prototype.
        assert_eq!(named_store_plan(&site(vec![(ReceiverMap::Shape(ShapeId(3)), method)])), NamedPlan::Generic);
        // Two shapes, the field at slot 0 in both: one check against the set.
        let two = site(vec![
            (ReceiverMap::Shape(ShapeId(3)), PropertyHandler::Field { slot: 0 }),
            (ReceiverMap::Shape(ShapeId(5)), PropertyHandler::Field { slot: 0 }),
        ]);
        let expected = NamedPlan::FieldOfShapes { shapes: ShapeSet::new(&[3, 5]).unwrap(), slot: 0 };
        assert_eq!(named_load_plan(&two), expected);
        assert_eq!(named_store_plan(&two), expected);
        // Different slots, or a prototype hit among them: generic.
        let apart = site(vec![
            (ReceiverMap::Shape(ShapeId(3)), PropertyHandler::Field { slot: 0 }),
            (ReceiverMap::Shape(ShapeId(5)), PropertyHandler::Field { slot: 1 }),
        ]);
        assert_eq!(named_load_plan(&apart), NamedPlan::Generic);
        let mixed = site(vec![(ReceiverMap::Shape(ShapeId(3)), PropertyHandler::Field { slot: 0 }), (ReceiverMap::Shape(ShapeId(5)), method)]);
        assert_eq!(named_load_plan(&mixed), NamedPlan::Generic);
        // Receivers of two shapes that found one method on the same holder: one set check,
        // then the holder's; loads only. Another holder, or another holder shape: generic.
        let methods = site(vec![(ReceiverMap::Shape(ShapeId(3)), method), (ReceiverMap::Shape(ShapeId(5)), method)]);
        assert_eq!(
            named_load_plan(&methods),
            NamedPlan::PrototypeField { shapes: ShapeSet::new(&[3, 5]).unwrap(), holder: 77, holder_shape: ShapeId(9), slot: 1, path: PrototypePath::default() }
        );
        assert_eq!(named_store_plan(&methods), NamedPlan::Generic);
        let other = PropertyHandler::PrototypeField { holder: 78, holder_shape: ShapeId(9), slot: 1, path: PrototypePath::default() };
        let holders = site(vec![(ReceiverMap::Shape(ShapeId(3)), method), (ReceiverMap::Shape(ShapeId(5)), other)]);
        assert_eq!(named_load_plan(&holders), NamedPlan::Generic);
        let reshaped = PropertyHandler::PrototypeField { holder: 77, holder_shape: ShapeId(10), slot: 1, path: PrototypePath::default() };
        let holder_shapes = site(vec![(ReceiverMap::Shape(ShapeId(3)), method), (ReceiverMap::Shape(ShapeId(5)), reshaped)]);
        assert_eq!(named_load_plan(&holder_shapes), NamedPlan::Generic);
        // A method two classes up: the path object travels to the plan, and a receiver
        // whose chain passed another object is another handler (generic together).
        let mut path = PrototypePath::default();
        assert!(path.push(66, ShapeId(8)));
        let inherited = PropertyHandler::PrototypeField { holder: 77, holder_shape: ShapeId(9), slot: 1, path };
        assert_eq!(
            named_load_plan(&site(vec![(ReceiverMap::Shape(ShapeId(4)), inherited)])),
            NamedPlan::PrototypeField { shapes: ShapeSet::one(4), holder: 77, holder_shape: ShapeId(9), slot: 1, path }
        );
        assert_eq!(named_load_plan(&site(vec![(ReceiverMap::Shape(ShapeId(4)), inherited), (ReceiverMap::Shape(ShapeId(3)), method)])), NamedPlan::Generic);
        assert!(path.push(65, ShapeId(7)) && path.push(64, ShapeId(6)) && !path.push(63, ShapeId(5)), "at most MAX objects");
        assert_eq!(path.iter().collect::<Vec<_>>(), vec![(66, ShapeId(8)), (65, ShapeId(7)), (64, ShapeId(6))]);
        // A static method of one function: loads only.
        let own = PropertyHandler::FunctionField { function: 91, bag: 92, bag_shape: ShapeId(12), slot: 0 };
        assert_eq!(
            named_load_plan(&site(vec![(ReceiverMap::Function, own)])),
            NamedPlan::FunctionField { function: 91, bag: 92, bag_shape: ShapeId(12), slot: 0 }
        );
        assert_eq!(named_store_plan(&site(vec![(ReceiverMap::Function, own)])), NamedPlan::Generic);
        assert_eq!(named_load_plan(&site(vec![(ReceiverMap::Function, PropertyHandler::PrototypeChain)])), NamedPlan::Generic);
        // Arrays among the receivers: generic.
        let array = site(vec![(ReceiverMap::Shape(ShapeId(3)), PropertyHandler::Field { slot: 0 }), (ReceiverMap::Array, PropertyHandler::Field { slot: 0 })]);
        assert_eq!(named_load_plan(&array), NamedPlan::Generic);
    }

    #[test]
    fn monomorphic_math_calls_are_direct() {
        let call = |b: u32| SlotFeedback::Call { target: CallTarget::Monomorphic(Callee::Builtin(BuiltinId(b))), count: 3, initial_map: Default::default() };
        let sin = MATH_FUNCTIONS.iter().position(|m| m.0 == "sin").unwrap() as u32;
        let max = MATH_FUNCTIONS.iter().position(|m| m.0 == "max").unwrap() as u32;
        assert_eq!(math_call(&call(sin), 0), Some(MathCall { builtin: BuiltinId(sin), operands: 1, form: MathForm::Call }));
        assert_eq!(math_call(&call(max), 2).map(|m| m.form), Some(MathForm::Float64Binary(Op::Float64Max)));
        let imul = MATH_FUNCTIONS.iter().position(|m| m.0 == "imul").unwrap() as u32;
        assert_eq!(math_call(&call(imul), 1).map(|m| (m.operands, m.form)), Some((2, MathForm::Int32Mul)));
        assert_eq!(math_call(&call(sin), 2).map(|m| m.operands), Some(2));
        assert_eq!(math_call(&call(max), 3).map(|m| (m.operands, m.form)), Some((3, MathForm::Call)));
        assert_eq!(math_call(&call(max), 0).map(|m| m.operands), Some(0));
        // Other builtins (console.log, ...) and megamorphic sites stay generic calls.
        assert_eq!(math_call(&call(MATH_FUNCTIONS.len() as u32), 1), None);
        assert_eq!(math_call(&SlotFeedback::Call { target: CallTarget::Megamorphic, count: 3, initial_map: Default::default() }, 1), None);
    }

    #[test]
    fn plans_follow_the_feedback() {
        assert_eq!(number_plan(&SlotFeedback::BinaryOp(OperandHint::None)), NumberPlan::NeverRan);
        assert_eq!(
            number_plan(&SlotFeedback::Compare(OperandHint::SignedSmall)),
            NumberPlan::Speculate(NumberHint::SignedSmall)
        );
        assert_eq!(number_plan(&SlotFeedback::BinaryOp(OperandHint::String)), NumberPlan::Generic);
        assert_eq!(
            binary_plan(&SlotFeedback::BinaryOp(OperandHint::SignedSmall), BinaryOp::Exp),
            NumberPlan::Speculate(NumberHint::Number)
        );
        let field = SlotFeedback::Property(PropertyFeedback::Polymorphic(vec![(
            ReceiverMap::Shape(ShapeId(7)),
            PropertyHandler::Field { slot: 2 },
        )]));
        assert_eq!(named_load_plan(&field), NamedPlan::Field { shape: ShapeId(7), slot: 2 });
        let length = SlotFeedback::Property(PropertyFeedback::Polymorphic(vec![(ReceiverMap::Array, PropertyHandler::ArrayLength)]));
        assert_eq!(named_load_plan(&length), NamedPlan::ArrayLength);
        assert_eq!(named_store_plan(&length), NamedPlan::Generic);
        let transition = SlotFeedback::Property(PropertyFeedback::Polymorphic(vec![(
            ReceiverMap::Shape(ShapeId(1)),
            PropertyHandler::Transition { to: ShapeId(2), slot: 0 },
        )]));
        assert_eq!(named_store_plan(&transition), NamedPlan::Transition { shape: ShapeId(1), to: ShapeId(2), slot: 0 });
        assert_eq!(named_load_plan(&transition), NamedPlan::Generic);
        assert_eq!(named_load_plan(&SlotFeedback::Property(PropertyFeedback::Megamorphic)), NamedPlan::Generic);
        let elements = |f: ElementFeedback| keyed_plan(&SlotFeedback::Element(f));
        assert_eq!(elements(ElementFeedback::default()), KeyedPlan::NeverRan);
        let seen = ElementFeedback { kind: Some(ElementsKind::Int32), holey: true, count: 3, ..ElementFeedback::default() };
        assert_eq!(elements(seen), KeyedPlan::InBounds { holey: true });
        assert_eq!(elements(ElementFeedback { out_of_bounds: true, ..seen }), KeyedPlan::Generic);
        assert!(call_never_ran(&SlotFeedback::Call { target: Default::default(), count: 0, initial_map: Default::default() }));
    }
}
