//! The heap: plain objects with hidden shapes, arrays with element kinds, and strings.
//!
//! Cells are records in four tables (objects, arrays, strings — flat or ropes, see
//! [`crate::rope`] — and closure instances), addressed
//! by typed `u32` ids (`ObjectId`, ...); the collector ([`crate::gc`]) frees unreachable
//! records and allocation reuses their ids. Shapes and names are permanent.
//!
//! **Shapes** ("maps" in V8) describe the property layout of plain objects: a shape is the
//! ordered list of property names, each stored in a slot of the object. Adding a property
//! follows a *transition* from the current shape to a child shape; the same sequence of
//! additions always yields the same shape, so the compilers can speculate on shapes.
//!
//! **Attributes** (Tier 3): each key of a shape carries [`attr`] bits (read-only, not
//! enumerable, not configurable, accessor); plain additions have none. A property with
//! attributes is added by its own transition (`Heap::transition_with`). Changing a property's
//! attributes, deleting a property or making an object non-extensible gives the object the
//! shape that replays its remaining keys with their attributes from its root (seabed's policy
//! instead of V8's dictionary mode: the same replay always yields the same shape, and a
//! compiled shape check of the old shape fails, so compiled code exits). An accessor's slot
//! holds an internal two-element array `[getter, setter]` (`undefined` for a missing half);
//! the interpreter never records a field handler for an accessor or read-only property, so
//! compiled code never reads or writes one as a data slot.


use frontend::hash::IdHashMap;
use crate::stable_vec::StableVec;
use crate::value::{ArrayId, ObjectId, StringId, Value};
pub use ir::feedback::{ElementsKind, ShapeId};
use frontend::bytecode::NameId;

/// One hidden class.
#[derive(Clone, Debug)]
pub struct Shape {
    /// Property names in slot order.
    pub keys: Vec<NameId>,
    /// Child shapes by the property added.
    pub transitions: IdHashMap<NameId, ShapeId>,
    /// The shape this one was reached from (None for a root shape).
    pub parent: Option<ShapeId>,
    /// The prototype of every object of this shape (V8 keeps it in the map too): `null` for
    /// plain objects (standing for `Object.prototype`, which holds nothing seabed models), an
    /// object or a function value for objects made by `new` or rewired by `SetPrototype`.
    pub proto: Value,
    /// The [`attr`] bits of each key, in slot order.
    pub attrs: Vec<u8>,
    /// False once `Object.freeze` (or `preventExtensions`) made its objects non-extensible.
    pub extensible: bool,
}

/// The attribute bits of a property (0: a writable, enumerable, configurable data property).
pub mod attr {
    /// Not writable.
    pub const READ_ONLY: u8 = 1;
    /// Not enumerable.
    pub const DONT_ENUM: u8 = 2;
    /// Not configurable.
    pub const DONT_DELETE: u8 = 4;
    /// An accessor: the slot holds the `[getter, setter]` pair.
    pub const ACCESSOR: u8 = 8;
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
    /// Strings (immutable), flat UTF-16 code units like JavaScript's or ropes
    /// ([`crate::rope`]).
    pub strings: Vec<crate::string_cell::StringCell>,
    /// Bytes of flat buffers made by flattening ropes behind `&Heap` ([`Heap::units`]), not
    /// yet counted in the collector's statistics.
    pub(crate) flattened_bytes: std::cell::Cell<u64>,
    /// Property names: the program's names, then names made at run time.
    pub names: Vec<String>,
    name_ids: IdHashMap<String, NameId>,
    /// The root shape of objects whose prototype is a given value (by its bits); plain
    /// objects' root is `shapes[0]` (prototype `null`).
    proto_roots: IdHashMap<u64, ShapeId>,
    /// Closure instances by [`Value::closure_instance`]; entry 0 stands for every canonical
    /// function object (instance 0), whose context is `undefined`: compiled code's
    /// `ClosureContext` reads it for them. A `StableVec`: compiled code reads the table
    /// through [`crate::layout::HeapLayout::vm_closures`].
    pub closures: StableVec<Closure>,
    /// The properties of function objects (`F.prototype`, static methods and fields, a
    /// class's prototype link), by the function value's bits; made on first use.
    pub function_props: IdHashMap<u64, ObjectId>,
    /// The collector's state: free lists, marks, options and counters.
    pub gc: crate::gc::Gc,
    /// Transitions that add a property with attributes, or make a shape non-extensible
    /// (`attr` 0xFF), by the shape, the name and the attributes.
    attr_transitions: std::collections::HashMap<(ShapeId, NameId, u8), ShapeId>,
}

/// A closure instance: a bytecode function and the context it was created in.
#[derive(Clone, Copy, Debug)]
pub struct Closure {
    /// The function.
    pub func: frontend::bytecode::FuncId,
    /// The context it captured (`undefined` for none): an array whose element 0 is the parent
    /// context and whose elements from 1 are the captured variables' slots.
    pub context: Value,
}

impl Heap {
    /// A heap whose name table starts with the program's interned names.
    pub fn new(names: &[String]) -> Heap {
        let root = Shape { keys: Vec::new(), transitions: IdHashMap::default(), parent: None, proto: Value::NULL, attrs: Vec::new(), extensible: true };
        let mut heap = Heap {
            shapes: vec![root],
            closures: StableVec::from(vec![Closure { func: frontend::bytecode::FuncId(0), context: Value::UNDEFINED }]),
            ..Heap::default()
        };
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

    /// The id of name `name` if it was interned (a lookup that adds nothing).
    pub fn lookup_name(&self, name: &str) -> Option<NameId> {
        self.name_ids.get(name).copied()
    }

    /// The text of a name.
    pub fn name(&self, n: NameId) -> &str {
        &self.names[n.0 as usize]
    }

    /// Allocates a string from UTF-16 code units.
    pub fn alloc_utf16(&mut self, units: impl Into<Box<[u16]>>) -> Value {
        Value::string(StringId(self.place_string(units.into())))
    }

    /// Allocates a string from Rust text.
    pub fn alloc_str(&mut self, s: &str) -> Value {
        self.alloc_utf16(s.encode_utf16().collect::<Vec<u16>>())
    }

    /// A string as Rust text (lone surrogates become U+FFFD, as when node prints them).
    pub fn text(&self, s: StringId) -> String {
        String::from_utf16_lossy(self.units(s))
    }

    /// Allocates an empty plain object.
    pub fn alloc_object(&mut self) -> ObjectId {
        let slots = self.take_slot_buffer();
        self.place_object(Object { shape: ShapeId::EMPTY, slots })
    }

    /// Allocates a plain object of `shape` with these slot values (an exit rematerializing
    /// an object the compiled code scalar replaced).
    pub fn alloc_object_with(&mut self, shape: ShapeId, slots: Vec<Value>) -> ObjectId {
        debug_assert_eq!(self.shapes[shape.0 as usize].keys.len(), slots.len(), "slots match the shape");
        let slots = if slots.len() <= crate::gc::POOL_SLOTS {
            let mut buffer = self.take_slot_buffer();
            buffer.with_vec(|b| b.extend_from_slice(&slots));
            buffer
        } else {
            slots.into()
        };
        self.place_object(Object { shape, slots })
    }

    /// Allocates an array.
    pub fn alloc_array(&mut self, array: Array) -> ArrayId {
        self.place_array(array)
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
        let next = self.child_shape(shape, name, 0);
        self.shapes[shape.0 as usize].transitions.insert(name, next);
        next
    }

    fn child_shape(&mut self, shape: ShapeId, name: NameId, attrs: u8) -> ShapeId {
        let from = &self.shapes[shape.0 as usize];
        let mut keys = from.keys.clone();
        keys.push(name);
        let mut key_attrs = from.attrs.clone();
        key_attrs.push(attrs);
        let (proto, extensible) = (from.proto, from.extensible);
        let next = ShapeId(self.shapes.len() as u32);
        self.shapes.push(Shape { keys, transitions: IdHashMap::default(), parent: Some(shape), proto, attrs: key_attrs, extensible });
        next
    }

    /// The shape reached from `shape` by adding `name` with attribute bits `attrs` (created on
    /// first use; 0 is [`Heap::transition`]).
    pub fn transition_with(&mut self, shape: ShapeId, name: NameId, attrs: u8) -> ShapeId {
        if attrs == 0 {
            return self.transition(shape, name);
        }
        if let Some(&next) = self.attr_transitions.get(&(shape, name, attrs)) {
            return next;
        }
        let next = self.child_shape(shape, name, attrs);
        self.attr_transitions.insert((shape, name, attrs), next);
        next
    }

    /// The attribute bits of slot `slot` of `shape`.
    pub fn attrs_of(&self, shape: ShapeId, slot: u32) -> u8 {
        self.shapes[shape.0 as usize].attrs[slot as usize]
    }

    /// The shape replaying `keys` (with their attributes) from the root shape of `proto`,
    /// non-extensible if asked: the shape of an object after a delete, an attribute change,
    /// a prototype change or a freeze.
    pub fn replay(&mut self, proto: Value, keys: &[(NameId, u8)], extensible: bool) -> ShapeId {
        let root = self.root_shape(proto);
        self.replay_from(root, keys, extensible)
    }

    /// [`Heap::replay`] within the shape tree of `shape` (from its root): the same as replaying
    /// from its prototype's root shape, except for an unshared root
    /// ([`Heap::unshared_root_shape`]), whose objects stay in their own tree.
    pub fn replay_like(&mut self, shape: ShapeId, keys: &[(NameId, u8)], extensible: bool) -> ShapeId {
        let mut root = shape;
        while let Some(parent) = self.shapes[root.0 as usize].parent {
            root = parent;
        }
        self.replay_from(root, keys, extensible)
    }

    fn replay_from(&mut self, root: ShapeId, keys: &[(NameId, u8)], extensible: bool) -> ShapeId {
        let mut s = root;
        for &(k, a) in keys {
            s = self.transition_with(s, k, a);
        }
        if !extensible {
            let marker = NameId(u32::MAX);
            s = match self.attr_transitions.get(&(s, marker, 0xFF)) {
                Some(&next) => next,
                None => {
                    let from = &self.shapes[s.0 as usize];
                    let shape = Shape {
                        keys: from.keys.clone(),
                        transitions: IdHashMap::default(),
                        parent: Some(s),
                        proto: from.proto,
                        attrs: from.attrs.clone(),
                        extensible: false,
                    };
                    let next = ShapeId(self.shapes.len() as u32);
                    self.shapes.push(shape);
                    self.attr_transitions.insert((s, marker, 0xFF), next);
                    next
                }
            };
        }
        s
    }

    /// The keys of `shape` with their attributes.
    pub fn keys_with_attrs(&self, shape: ShapeId) -> Vec<(NameId, u8)> {
        let s = &self.shapes[shape.0 as usize];
        s.keys.iter().copied().zip(s.attrs.iter().copied()).collect()
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
                let slot = self.objects[o.0 as usize].slots.len() as u32;
                self.add_slot(o, next, v);
                (shape, slot)
            }
        }
    }

    /// Adds a slot holding `v` to object `o` and gives it shape `to` (a transition from its
    /// shape), counting the capacity the slots grow by.
    pub fn add_slot(&mut self, o: ObjectId, to: ShapeId, v: Value) {
        let obj = &mut self.objects[o.0 as usize];
        debug_assert_eq!(self.shapes[to.0 as usize].keys.len(), obj.slots.len() + 1, "a transition adds one slot");
        let before = obj.slots.capacity();
        obj.shape = to;
        obj.slots.push(v);
        let grown = obj.slots.capacity() - before;
        if grown > 0 {
            self.note_growth(grown as u64 * 8);
        }
    }

    /// The root shape of objects with prototype `proto` (`null`: the plain objects' root).
    pub fn root_shape(&mut self, proto: Value) -> ShapeId {
        if proto == Value::NULL {
            return ShapeId::EMPTY;
        }
        if let Some(&s) = self.proto_roots.get(&proto.bits()) {
            return s;
        }
        let s = ShapeId(self.shapes.len() as u32);
        self.shapes.push(Shape { keys: Vec::new(), transitions: IdHashMap::default(), parent: None, proto, attrs: Vec::new(), extensible: true });
        self.proto_roots.insert(proto.bits(), s);
        s
    }

    /// A root shape with prototype `null` that no other object shares (the realm objects':
    /// [`crate::realm`]), so transitions recorded on ordinary objects never apply to them.
    pub fn unshared_root_shape(&mut self) -> ShapeId {
        let s = ShapeId(self.shapes.len() as u32);
        self.shapes.push(Shape { keys: Vec::new(), transitions: IdHashMap::default(), parent: None, proto: Value::NULL, attrs: Vec::new(), extensible: true });
        s
    }

    /// An empty object with prototype `null` on an unshared root shape of its own (a realm
    /// object's: `Object.prototype`, the global object).
    pub fn alloc_realm_object(&mut self) -> ObjectId {
        let shape = self.unshared_root_shape();
        self.alloc_object_with(shape, Vec::new())
    }

    /// Allocates an empty object whose prototype is `proto`.
    pub fn alloc_object_with_proto(&mut self, proto: Value) -> ObjectId {
        let shape = self.root_shape(proto);
        let slots = self.take_slot_buffer();
        self.place_object(Object { shape, slots })
    }

    /// The shape with the keys of `shape` in the same order and prototype `proto`.
    pub fn reshape_with_proto(&mut self, shape: ShapeId, proto: Value) -> ShapeId {
        let keys = self.keys_with_attrs(shape);
        let extensible = self.shapes[shape.0 as usize].extensible;
        self.replay(proto, &keys, extensible)
    }

    /// True if some shape has `v` as its objects' prototype.
    pub fn is_prototype(&self, v: Value) -> bool {
        self.proto_roots.contains_key(&v.bits())
    }

    /// The prototype of objects of `shape`.
    pub fn proto_of_shape(&self, shape: ShapeId) -> Value {
        self.shapes[shape.0 as usize].proto
    }

    /// Allocates a closure instance of `func` over `context`.
    pub fn alloc_closure(&mut self, func: frontend::bytecode::FuncId, context: Value) -> Value {
        let id = self.place_closure(Closure { func, context });
        Value::closure(func, id)
    }

    /// The context a function value captured (`undefined` for a canonical function object).
    pub fn closure_context(&self, f: Value) -> Value {
        match f.closure_instance() {
            0 => Value::UNDEFINED,
            i => self.closures[i as usize].context,
        }
    }

    /// Allocates a context of `slots` slots (all `undefined`) under `parent`.
    pub fn alloc_context(&mut self, parent: Value, slots: u32) -> Value {
        let mut elements = Vec::with_capacity(slots as usize + 1);
        elements.push(parent);
        elements.resize(slots as usize + 1, Value::UNDEFINED);
        let a = self.alloc_array(Array { elements: elements.into(), kind: ElementsKind::Any, holey: false });
        Value::array(a)
    }

    /// The context `depth` parent links up from `ctx`.
    pub fn context_at(&self, mut ctx: Value, depth: u32) -> ArrayId {
        for _ in 0..depth {
            let crate::value::Decoded::Array(a) = ctx.decode() else { panic!("context chain broken: {ctx:?}") };
            ctx = self.array(a).elements[0];
        }
        let crate::value::Decoded::Array(a) = ctx.decode() else { panic!("not a context: {ctx:?}") };
        a
    }

    /// The property object of function value `f` (made empty on first use).
    pub fn function_props(&mut self, f: Value) -> ObjectId {
        if let Some(&o) = self.function_props.get(&f.bits()) {
            return o;
        }
        let o = self.alloc_object();
        self.function_props.insert(f.bits(), o);
        o
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
    fn attributes_and_deletes_replay_to_the_same_shape() {
        let mut heap = Heap::new(&["x".into(), "y".into()]);
        let (x, y) = (heap.intern("x"), heap.intern("y"));
        // A property with attributes has its own transition; the plain one is unchanged.
        let plain = heap.transition(ShapeId::EMPTY, x);
        let hidden = heap.transition_with(ShapeId::EMPTY, x, attr::DONT_ENUM);
        assert_ne!(plain, hidden);
        assert_eq!(heap.transition_with(ShapeId::EMPTY, x, 0), plain);
        assert_eq!(heap.transition_with(ShapeId::EMPTY, x, attr::DONT_ENUM), hidden);
        assert_eq!(heap.attrs_of(hidden, 0), attr::DONT_ENUM);
        // Deleting `x` from {x,y} replays {y}: the shape an object adding only `y` has.
        let xy = heap.transition(plain, y);
        let only_y = heap.transition(ShapeId::EMPTY, y);
        assert_eq!(heap.replay(Value::NULL, &[(y, 0)], true), only_y);
        assert_eq!(heap.keys_with_attrs(xy), vec![(x, 0), (y, 0)]);
        // A non-extensible replay is a shape of its own, found again the same way.
        let frozen = heap.replay(Value::NULL, &[(x, attr::READ_ONLY | attr::DONT_DELETE)], false);
        assert!(!heap.shapes[frozen.0 as usize].extensible);
        assert_eq!(heap.replay(Value::NULL, &[(x, attr::READ_ONLY | attr::DONT_DELETE)], false), frozen);
        assert!(heap.shapes[xy.0 as usize].extensible);
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
