//! The vm's side of the collector: its safepoints, the allocation paths of compiled code
//! (whose slow paths are safepoints), and a collection from the vm's roots.
//!
//! The rest of the collector ([`super`]) works on the [`Heap`] alone and knows nothing of
//! the interpreter; this file is where the vm hands it the roots and the machine stack.

use std::time::Instant;

use ir::feedback::{InitialMap, PropertyFeedback, PropertyHandler, ShapeId, SlotFeedback};

use super::{stack, verify, ARRAY_BYTES, HEAP_LIMIT_MESSAGE, NEW_OBJECT_BYTES, POOL_SLOTS};
use crate::exception::{Exception, JsResult, Throw};
use crate::heap::{Heap, Object};
use crate::value::{ArrayId, Decoded, ObjectId, Value};
use crate::Vm;

impl Vm {
    /// A safepoint: collects if a collection is due. Every value the caller still needs must
    /// be in a root (module doc).
    #[inline(always)]
    pub fn safepoint(&mut self) -> JsResult<()> {
        if self.heap.gc.pending {
            self.collect_garbage()
        } else {
            Ok(())
        }
    }

    /// `AllocateObject` as machine code performs it, for the LIR evaluator: the fast path
    /// (take one from the inline budget, pop an object id and its free bit, pop a slot
    /// buffer, write the record) when the budget, the free list and the pool allow, else
    /// [`Vm::allocate_object_slow`]. The same protocol as the LLVM backend's inline code, so
    /// that `--backend lir` tests it too.
    pub fn allocate_object_inline(&mut self, shape: ShapeId) -> JsResult<Value> {
        let heap = &mut self.heap;
        if !heap.gc.inline_fits(NEW_OBJECT_BYTES) || heap.gc.objects.free_list.is_empty() || heap.gc.slot_pool.is_empty() {
            return self.allocate_object_slow(shape);
        }
        heap.gc.inline_take(NEW_OBJECT_BYTES);
        let id = heap.gc.objects.reuse().expect("the free list is not empty");
        let slots = heap.take_slot_buffer();
        heap.objects[id as usize] = Object { shape, slots };
        Ok(Value::object(ObjectId(id)))
    }

    /// The slow path of an inline array allocation in compiled code (`AllocateArray`): a
    /// safepoint (with the elements rooted), the allocation, a refill.
    pub fn allocate_array_slow(&mut self, values: &[Value]) -> JsResult<Value> {
        self.heap.gc.sync_inline();
        let roots = self.heap.gc.extra_roots.len();
        self.heap.gc.extra_roots.extend_from_slice(values);
        let safe = self.safepoint();
        self.heap.gc.extra_roots.truncate(roots);
        safe?;
        let array = self.heap.new_elements(values);
        let a = self.heap.place_array(array);
        self.heap.refill_inline();
        Ok(Value::array(a))
    }

    /// `AllocateArray` as machine code performs it, for the LIR evaluator: the fast path
    /// (budget, array id, pool buffer) when they allow, else [`Vm::allocate_array_slow`].
    pub fn allocate_array_inline(&mut self, values: &[Value]) -> JsResult<Value> {
        let bytes = ARRAY_BYTES + values.len() as u64 * 8;
        let heap = &mut self.heap;
        if values.len() > POOL_SLOTS || !heap.gc.inline_fits(bytes) || heap.gc.arrays.free_list.is_empty() || heap.gc.slot_pool.is_empty() {
            return self.allocate_array_slow(values);
        }
        heap.gc.inline_take(bytes);
        let id = heap.gc.arrays.reuse().expect("the free list is not empty");
        let array = heap.new_elements(values);
        heap.arrays[id as usize] = array;
        Ok(Value::array(ArrayId(id)))
    }

    /// `StoreFieldTransition` as machine code performs it, for the LIR evaluator: in place
    /// while the slots have capacity (uncounted: the capacity was charged at allocation),
    /// else [`Vm::store_transition_slow`].
    pub fn store_transition_inline(&mut self, object: Value, to: ShapeId, value: Value) -> JsResult<()> {
        if let Decoded::Object(o) = object.decode() {
            let obj = &mut self.heap.objects[o.0 as usize];
            if obj.slots.len() < obj.slots.capacity() {
                obj.shape = to;
                obj.slots.push(value);
                return Ok(());
            }
        }
        self.store_transition_slow(object, to, value)
    }

    /// The slow path of an inline object allocation in compiled code (`AllocateObject`), taken
    /// when the inline budget is spent or the free list or the slot pool is empty: a
    /// safepoint (the collection a spent budget announced), the allocation, and a refill of
    /// what the fast path pops. `shape` is a root shape (no properties).
    pub fn allocate_object_slow(&mut self, shape: ShapeId) -> JsResult<Value> {
        // Count what the fast path used first: a spent budget makes the collection due now.
        self.heap.gc.sync_inline();
        self.safepoint()?;
        debug_assert!(self.heap.shapes[shape.0 as usize].keys.is_empty(), "a new object has a root shape");
        let slots = self.heap.take_slot_buffer();
        let o = self.heap.place_object(Object { shape, slots });
        self.heap.refill_inline();
        Ok(Value::object(o))
    }

    /// The slow path of an inline transitioning store in compiled code
    /// (`StoreFieldTransition`), taken when the object's slots are full: adds the slot
    /// holding `value` and gives `object` (which has the transition's source shape) shape
    /// `to`, growing its slots; a safepoint first.
    pub fn store_transition_slow(&mut self, object: Value, to: ShapeId, value: Value) -> JsResult<()> {
        let Decoded::Object(o) = object.decode() else {
            return Err(Box::new(Exception { throw: Throw::Internal("a transitioning store to a non-object".into()), location: None }));
        };
        self.heap.gc.sync_inline();
        let roots = self.heap.gc.extra_roots.len();
        self.heap.gc.extra_roots.extend([object, value]);
        let safe = self.safepoint();
        self.heap.gc.extra_roots.truncate(roots);
        safe?;
        self.heap.add_slot(o, to, value);
        Ok(())
    }

    /// Collects now: marks from every root, sweeps, verifies (`--verify-heap`) and checks the
    /// heap limit.
    #[inline(never)]
    pub fn collect_garbage(&mut self) -> JsResult<()> {
        if let Some(t) = &self.heap.gc.fatal {
            return Err(Box::new(Exception { throw: t.clone(), location: None }));
        }
        let start = Instant::now();
        self.heap.gc.sync_inline();
        // The machine stack first, before this function's own work changes it.
        let words = stack::scan_machine_stack();
        self.heap.gc.stats.stack_words_scanned += words.len() as u64;
        let mut work = Vec::new();
        for w in words {
            self.heap.mark_word(w, &mut work);
        }
        for i in 0..self.heap.gc.root_ranges.len() {
            let (ptr, len) = self.heap.gc.root_ranges[i];
            for k in 0..len {
                // SAFETY: registered by `push_root_range`, whose caller keeps the buffer
                // alive and unmoved until it pops it.
                let w = unsafe { std::ptr::read((ptr as *const u64).add(k)) };
                self.heap.mark_word(w, &mut work);
            }
        }
        self.for_each_root(|heap, v, work| heap.mark_value(v, work), &mut work);
        self.heap.trace(&mut work);
        let (cells, freed, live) = self.heap.sweep();
        let flattened = self.heap.take_flattened_bytes();
        let gc = &mut self.heap.gc;
        gc.stats.bytes_allocated += flattened;
        gc.stats.collections += 1;
        gc.stats.cells_freed += cells;
        gc.stats.bytes_freed += freed;
        gc.stats.live_bytes_last = live;
        gc.stats.live_bytes_max = gc.stats.live_bytes_max.max(live);
        gc.threshold = live;
        gc.bytes_since = 0;
        gc.allocations_since = 0;
        gc.pending = false;
        gc.grant_inline();
        let mut fatal = None;
        if gc.options.verify {
            if let Err(what) = verify::verify_heap(self) {
                fatal = Some(Throw::Internal(format!("heap verification failed: {what}")));
            }
        }
        let pause = start.elapsed().as_nanos() as u64;
        self.heap.gc.stats.pauses_ns.push(pause);
        if let Some(limit) = self.heap.gc.options.max_heap_bytes {
            if fatal.is_none() && live > limit {
                fatal = Some(Throw::HeapLimit(HEAP_LIMIT_MESSAGE.into()));
            }
        }
        match fatal {
            Some(t) => {
                self.heap.gc.pending = true;
                self.heap.gc.grant_inline();
                self.heap.gc.fatal = Some(t.clone());
                Err(Box::new(Exception { throw: t, location: None }))
            }
            None => Ok(()),
        }
    }

    /// Calls `f` on every precise root: the registers in use, the globals, the prototypes of
    /// shapes, the first closure made of each function, the holders named by feedback, the
    /// vm's own objects, the properties of function objects that are not closure instances,
    /// and the runtime's extra roots.
    pub(crate) fn for_each_root<W>(&mut self, mut f: impl FnMut(&mut Heap, Value, &mut W), w: &mut W) {
        let heap = &mut self.heap;
        for &v in &self.stack[..self.stack_top.min(self.stack.len())] {
            f(heap, v, w);
        }
        for &v in self.globals.iter() {
            f(heap, v, w);
        }
        for &v in self.constant_texts.values() {
            f(heap, v, w);
        }
        for i in 0..heap.shapes.len() {
            let proto = heap.shapes[i].proto;
            f(heap, proto, w);
        }
        for bound in &self.bound_functions {
            for &v in [bound.target, bound.this].iter().chain(&bound.args) {
                f(heap, v, w);
            }
        }
        for made in &self.closures_made {
            if let Some(closure) = made.first {
                f(heap, closure, w);
            }
        }
        for slots in &self.feedback {
            for s in slots {
                if let SlotFeedback::Call { initial_map: InitialMap::One { target, bag, prototype, .. }, .. } = s {
                    f(heap, Value::from_bits(*target), w);
                    f(heap, Value::from_bits(*bag), w);
                    f(heap, Value::from_bits(*prototype), w);
                }
                if let SlotFeedback::Property(PropertyFeedback::Polymorphic(entries)) = s {
                    for (_, h) in entries {
                        if let PropertyHandler::PrototypeField { holder, path, .. } = h {
                            f(heap, Value::from_bits(*holder), w);
                            for (o, _) in path.iter() {
                                f(heap, Value::from_bits(o), w);
                            }
                        }
                        if let PropertyHandler::FunctionField { function, bag, .. } = h {
                            f(heap, Value::from_bits(*function), w);
                            f(heap, Value::from_bits(*bag), w);
                        }
                    }
                }
            }
        }
        if let Some(m) = self.math_object {
            f(heap, Value::object(m), w);
        }
        for (o, _) in &self.host_objects {
            f(heap, Value::object(*o), w);
        }
        for &v in self.error_prototypes.values() {
            f(heap, v, w);
        }
        if let Some(p) = self.lib.date_prototype {
            f(heap, p, w);
        }
        for o in [self.realm.object_prototype, self.realm.global_object].into_iter().flatten() {
            f(heap, Value::object(o), w);
        }
        let props: Vec<(u64, ObjectId)> = heap.function_props.iter().map(|(&k, &o)| (k, o)).collect();
        for (key, o) in props {
            if Value::from_bits(key).closure_instance() == 0 {
                f(heap, Value::object(o), w);
            }
        }
        for i in 0..heap.gc.extra_roots.len() {
            let v = heap.gc.extra_roots[i];
            f(heap, v, w);
        }
    }
}
