//! The heap: plain objects with hidden shapes, arrays with element kinds, and strings.
//!
//! Everything is allocated in vectors that live for the whole run: there is no collector yet
//! (the README states this limit). References are typed `u32` indices (`ObjectId`, ...).
//!
//! **Shapes** ("maps" in V8) describe the property layout of plain objects: a shape is the
//! ordered list of property names, each stored in a slot of the object. Adding a property
//! follows a *transition* from the current shape to a child shape; the same sequence of
//! additions always yields the same shape, so the compilers can speculate on shapes.


use frontend::hash::IdHashMap;
use crate::layout::StableVec;
use crate::value::{ArrayId, ObjectId, StringId, Value};
pub use ir::feedback::{ElementsKind, ShapeId};
use frontend::bytecode::NameId;

/// One hidden class.
#[derive(Clone, Debug, Default)]
pub struct Shape {
    /// Property names in slot order.
    pub keys: Vec<NameId>,
    /// Child shapes by the property added.
    pub transitions: IdHashMap<NameId, ShapeId>,
    /// The shape this one was reached from (None for the empty shape).
    pub parent: Option<ShapeId>,
}

/// A plain object.
#[derive(Clone, Debug)]
pub struct Object {
    /// Its current shape.
    pub shape: ShapeId,
    /// Property values, in the shape's slot order.
    pub slots: StableVec<Value>,
}

/// The element kind of a single value: the most specific kind that holds it.
pub fn elements_kind_of(v: Value) -> ElementsKind {
    if v.as_int().is_some() || v.is_hole() {
        ElementsKind::Int32
    } else if v.is_number() {
        ElementsKind::Double
    } else {
        ElementsKind::Any
    }
}

/// An array.
#[derive(Clone, Debug)]
pub struct Array {
    /// The elements; `Value::HOLE` marks an absent element.
    pub elements: StableVec<Value>,
    /// The element kind (only ever generalizes).
    pub kind: ElementsKind,
    /// True once the array has (or had) a hole.
    pub holey: bool,
}

impl Array {
    /// An array with the given elements.
    pub fn new(elements: Vec<Value>) -> Array {
        let kind = elements.iter().map(|&v| elements_kind_of(v)).max().unwrap_or(ElementsKind::Int32);
        let holey = elements.iter().any(|v| v.is_hole());
        Array { elements: elements.into(), kind, holey }
    }

    /// Stores `v` at `index`, growing the array with holes as needed.
    pub fn set(&mut self, index: usize, v: Value) {
        if index >= self.elements.len() {
            if index > self.elements.len() {
                self.holey = true;
            }
            self.elements.resize(index + 1, Value::HOLE);
        }
        self.elements[index] = v;
        let k = elements_kind_of(v);
        if k > self.kind {
            self.kind = k;
        }
    }
}

/// All heap data of one run.
#[derive(Debug, Default)]
pub struct Heap {
    /// Hidden classes; `shapes[0]` is the empty shape.
    pub shapes: Vec<Shape>,
    /// Plain objects.
    pub objects: StableVec<Object>,
    /// Arrays.
    pub arrays: StableVec<Array>,
    /// Strings (immutable), as UTF-16 code units like JavaScript's.
    pub strings: Vec<Box<[u16]>>,
    /// Property names: the program's names, then names made at run time.
    pub names: Vec<String>,
    name_ids: IdHashMap<String, NameId>,
}

impl Heap {
    /// A heap whose name table starts with the program's interned names.
    pub fn new(names: &[String]) -> Heap {
        let mut heap = Heap { shapes: vec![Shape::default()], ..Heap::default() };
        for n in names {
            heap.intern(n);
        }
        heap
    }

    /// The id of a property name, interning it if new.
    pub fn intern(&mut self, name: &str) -> NameId {
        if let Some(&id) = self.name_ids.get(name) {
            return id;
        }
        let id = NameId(self.names.len() as u32);
        self.names.push(name.to_string());
        self.name_ids.insert(name.to_string(), id);
        id
    }

    /// The text of a name.
    pub fn name(&self, n: NameId) -> &str {
        &self.names[n.0 as usize]
    }

    /// Allocates a string from UTF-16 code units.
    pub fn alloc_utf16(&mut self, units: impl Into<Box<[u16]>>) -> Value {
        self.strings.push(units.into());
        Value::string(StringId(self.strings.len() as u32 - 1))
    }

    /// Allocates a string from Rust text.
    pub fn alloc_str(&mut self, s: &str) -> Value {
        self.alloc_utf16(s.encode_utf16().collect::<Vec<u16>>())
    }

    /// The code units of a string.
    pub fn units(&self, s: StringId) -> &[u16] {
        &self.strings[s.0 as usize]
    }

    /// A string as Rust text (lone surrogates become U+FFFD, as when node prints them).
    pub fn text(&self, s: StringId) -> String {
        String::from_utf16_lossy(self.units(s))
    }

    /// Allocates an empty plain object.
    pub fn alloc_object(&mut self) -> ObjectId {
        self.objects.push(Object { shape: ShapeId::EMPTY, slots: StableVec::new() });
        ObjectId(self.objects.len() as u32 - 1)
    }

    /// Allocates a plain object of `shape` with these slot values (an exit rematerializing
    /// an object the compiled code scalar replaced).
    pub fn alloc_object_with(&mut self, shape: ShapeId, slots: Vec<Value>) -> ObjectId {
        debug_assert_eq!(self.shapes[shape.0 as usize].keys.len(), slots.len(), "slots match the shape");
        self.objects.push(Object { shape, slots: slots.into() });
        ObjectId(self.objects.len() as u32 - 1)
    }

    /// Allocates an array.
    pub fn alloc_array(&mut self, array: Array) -> ArrayId {
        self.arrays.push(array);
        ArrayId(self.arrays.len() as u32 - 1)
    }

    /// The object `o`.
    pub fn object(&self, o: ObjectId) -> &Object {
        &self.objects[o.0 as usize]
    }

    /// The array `a`.
    pub fn array(&self, a: ArrayId) -> &Array {
        &self.arrays[a.0 as usize]
    }

    /// The array `a`, mutably.
    pub fn array_mut(&mut self, a: ArrayId) -> &mut Array {
        &mut self.arrays[a.0 as usize]
    }

    /// The slot of property `name` in `shape`, if the shape has it.
    pub fn lookup(&self, shape: ShapeId, name: NameId) -> Option<u32> {
        let keys = &self.shapes[shape.0 as usize].keys;
        keys.iter().rposition(|&k| k == name).map(|i| i as u32)
    }

    /// The shape reached from `shape` by adding `name` (created on first use).
    pub fn transition(&mut self, shape: ShapeId, name: NameId) -> ShapeId {
        if let Some(&next) = self.shapes[shape.0 as usize].transitions.get(&name) {
            return next;
        }
        let mut keys = self.shapes[shape.0 as usize].keys.clone();
        keys.push(name);
        let next = ShapeId(self.shapes.len() as u32);
        self.shapes.push(Shape { keys, transitions: IdHashMap::default(), parent: Some(shape) });
        self.shapes[shape.0 as usize].transitions.insert(name, next);
        next
    }

    /// Reads property `name` of object `o` (`None` if absent).
    pub fn get_property(&self, o: ObjectId, name: NameId) -> Option<Value> {
        let obj = self.object(o);
        self.lookup(obj.shape, name).map(|slot| obj.slots[slot as usize])
    }

    /// Writes property `name` of object `o`, adding it (a shape transition) if absent.
    /// Returns the shape before the store and the slot written.
    pub fn set_property(&mut self, o: ObjectId, name: NameId, v: Value) -> (ShapeId, u32) {
        let shape = self.objects[o.0 as usize].shape;
        match self.lookup(shape, name) {
            Some(slot) => {
                self.objects[o.0 as usize].slots[slot as usize] = v;
                (shape, slot)
            }
            None => {
                let next = self.transition(shape, name);
                let obj = &mut self.objects[o.0 as usize];
                obj.shape = next;
                obj.slots.push(v);
                (shape, obj.slots.len() as u32 - 1)
            }
        }
    }

    /// The shape's property names, for display: `{x,y}`.
    pub fn describe_shape(&self, shape: ShapeId) -> String {
        let keys = &self.shapes[shape.0 as usize].keys;
        let names: Vec<&str> = keys.iter().map(|&k| self.name(k)).collect();
        format!("{{{}}}", names.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_additions_give_same_shape() {
        let mut heap = Heap::new(&["x".into(), "y".into()]);
        let (x, y) = (heap.intern("x"), heap.intern("y"));
        let a = heap.alloc_object();
        let b = heap.alloc_object();
        heap.set_property(a, x, Value::int(1));
        heap.set_property(a, y, Value::int(2));
        heap.set_property(b, x, Value::int(3));
        heap.set_property(b, y, Value::int(4));
        assert_eq!(heap.object(a).shape, heap.object(b).shape);
        assert_eq!(heap.describe_shape(heap.object(a).shape), "{x,y}");
        // A different order gives a different shape with different slots.
        let c = heap.alloc_object();
        heap.set_property(c, y, Value::int(5));
        heap.set_property(c, x, Value::int(6));
        assert_ne!(heap.object(a).shape, heap.object(c).shape);
        assert_eq!(heap.lookup(heap.object(c).shape, x), Some(1));
        assert_eq!(heap.get_property(c, x), Some(Value::int(6)));
        // Overwriting keeps the shape.
        let before = heap.object(a).shape;
        assert_eq!(heap.set_property(a, x, Value::int(9)), (before, 0));
        assert_eq!(heap.object(a).shape, before);
        assert_eq!(heap.shapes[before.0 as usize].parent.map(|p| heap.describe_shape(p)), Some("{x}".into()));
    }

    #[test]
    fn element_kinds_only_generalize() {
        let mut a = Array::new(vec![Value::int(1), Value::int(2)]);
        assert_eq!((a.kind, a.holey), (ElementsKind::Int32, false));
        a.set(1, Value::double(1.5));
        assert_eq!(a.kind, ElementsKind::Double);
        a.set(0, Value::int(3));
        assert_eq!(a.kind, ElementsKind::Double);
        a.set(5, Value::TRUE);
        assert_eq!((a.kind, a.holey, a.elements.len()), (ElementsKind::Any, true, 6));
        assert!(a.elements[3].is_hole());
        let h = Array::new(vec![Value::HOLE, Value::int(1)]);
        assert!(h.holey);
        assert_eq!(h.kind, ElementsKind::Int32);
    }
}
