//! The raw memory layout of the heap, for compiled code that reads and writes it directly.
//!
//! The LLVM backend loads object fields, shapes, array elements, array lengths and globals
//! with plain machine loads (tagged with TBAA alias classes) instead of calling into the vm.
//! For that the heap's containers must have a layout fixed by us, not by the standard
//! library: [`StableVec`] (in [`crate::stable_vec`]) is a growable vector whose header
//! (`ptr`, `len`, `cap`) is `#[repr(C)]`, and [`HeapLayout`] gives the byte offsets of every word compiled code reads,
//! computed with `offset_of!` so they always match this build.
//!
//! What compiled code may assume (and the vm guarantees):
//! - The vm does not move while compiled code runs (it is entered through `&mut Vm`).
//! - The tables (`heap.objects`, `heap.arrays`, `heap.closures`, `globals`) and every object's slots and
//!   array's elements may be reallocated by any runtime call (allocation, adding a property,
//!   growing an array), never by a load or store compiled code performs itself: compiled
//!   code re-reads the base pointers after calls (LLVM does, since calls clobber memory).
//! - Compiled element stores are in bounds (checked before), so they never grow an array;
//!   they keep the elements kind up to date themselves ([`HeapLayout::array_kind`]).

use std::mem::{offset_of, size_of};

use crate::gc::{Gc, Table};
use crate::heap::{Array, Closure, Heap, Object};
use crate::stable_vec::StableVec;
use crate::value::Value;
use crate::Vm;

/// Byte offsets and sizes compiled code uses to reach heap words from the `*mut Vm` it was
/// entered with. Offsets named `vm_*` are from the start of the vm; the others from the start
/// of an object or array record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapLayout {
    /// The pointer to the first `Object` record (`heap.objects`).
    pub vm_objects: usize,
    /// The pointer to the first `Array` record (`heap.arrays`).
    pub vm_arrays: usize,
    /// The pointer to the global variables (`Value`s, by global number).
    pub vm_globals: usize,
    /// Bytes of one `Object` record.
    pub object_size: usize,
    /// The object's shape id (a `u32`).
    pub object_shape: usize,
    /// The pointer to the object's slots (`Value`s in the shape's slot order).
    pub object_slots: usize,
    /// Bytes of one `Array` record.
    pub array_size: usize,
    /// The pointer to the array's elements (`Value`s).
    pub array_elements: usize,
    /// The array's length (a machine word).
    pub array_length: usize,
    /// The array's elements kind (one byte: [`crate::heap::ElementsKind`] as `u8`).
    pub array_kind: usize,
    /// The pointer to the machine entry of each function's code (`u64`s by function id, 0
    /// when it has none): compiled code calls monomorphic callees through it.
    pub vm_code_entries: usize,
    /// The vm's call depth (a `u32`), which a direct call from compiled code raises and
    /// lowers around the call and checks against [`crate::interp::MAX_CALL_DEPTH`].
    pub vm_call_depth: usize,
    /// The object's slot count (a machine word, the slots vector's length).
    pub object_slots_len: usize,
    /// The object's slot capacity (a machine word, the slots vector's capacity).
    pub object_slots_cap: usize,
    /// The pointer to the free object ids (`u32`s, popped from the end).
    pub vm_object_free_ids: usize,
    /// How many free object ids there are (a machine word).
    pub vm_object_free_count: usize,
    /// The pointer to the free-object bitset (`u64` words; bit `id` set while `id` is free).
    pub vm_object_free_bits: usize,
    /// The pointer to the free array ids (`u32`s, popped from the end).
    pub vm_array_free_ids: usize,
    /// How many free array ids there are (a machine word).
    pub vm_array_free_count: usize,
    /// The pointer to the free-array bitset (`u64` words).
    pub vm_array_free_bits: usize,
    /// The array's capacity (a machine word).
    pub array_capacity: usize,
    /// The array's holey flag (one byte, 0 or 1).
    pub array_holey: usize,
    /// The pointer to the pool of empty slot buffers (machine words: buffer addresses, each
    /// a buffer of [`crate::gc::POOL_SLOTS`] values, popped from the end).
    pub vm_slot_pool: usize,
    /// How many buffers the pool holds (a machine word).
    pub vm_slot_pool_count: usize,
    /// Cells compiled code may still allocate inline before it must take the slow path (a
    /// machine word; [`crate::gc`]'s inline budget).
    pub vm_inline_cells_left: usize,
    /// Bytes compiled code may still allocate inline (a machine word).
    pub vm_inline_bytes_left: usize,
    /// The pointer to the first `Closure` record (`heap.closures`, by closure instance;
    /// record 0's context is `undefined`).
    pub vm_closures: usize,
    /// Bytes of one `Closure` record.
    pub closure_size: usize,
    /// The closure's context (a `Value`).
    pub closure_context: usize,
}

/// The layout of this build's heap (a `const fn`: users evaluate it at compile time).
pub const fn heap_layout() -> HeapLayout {
    let buffer = StableVec::<Value>::PTR_OFFSET;
    let length = StableVec::<Value>::LEN_OFFSET;
    let capacity = StableVec::<Value>::CAP_OFFSET;
    assert!(StableVec::<Object>::PTR_OFFSET == buffer, "StableVec's header does not depend on T");
    let gc = offset_of!(Vm, heap) + offset_of!(Heap, gc);
    HeapLayout {
        vm_objects: offset_of!(Vm, heap) + offset_of!(Heap, objects) + buffer,
        vm_arrays: offset_of!(Vm, heap) + offset_of!(Heap, arrays) + buffer,
        vm_globals: offset_of!(Vm, globals) + buffer,
        object_size: size_of::<Object>(),
        object_shape: offset_of!(Object, shape),
        object_slots: offset_of!(Object, slots) + buffer,
        array_size: size_of::<Array>(),
        array_elements: offset_of!(Array, elements) + buffer,
        array_length: offset_of!(Array, elements) + length,
        array_kind: offset_of!(Array, kind),
        vm_code_entries: offset_of!(Vm, code_entries) + buffer,
        vm_call_depth: offset_of!(Vm, depth),
        object_slots_len: offset_of!(Object, slots) + length,
        object_slots_cap: offset_of!(Object, slots) + capacity,
        vm_object_free_ids: gc + offset_of!(Gc, objects) + offset_of!(Table, free_list) + buffer,
        vm_object_free_count: gc + offset_of!(Gc, objects) + offset_of!(Table, free_list) + length,
        vm_object_free_bits: gc + offset_of!(Gc, objects) + offset_of!(Table, free) + buffer,
        vm_array_free_ids: gc + offset_of!(Gc, arrays) + offset_of!(Table, free_list) + buffer,
        vm_array_free_count: gc + offset_of!(Gc, arrays) + offset_of!(Table, free_list) + length,
        vm_array_free_bits: gc + offset_of!(Gc, arrays) + offset_of!(Table, free) + buffer,
        array_capacity: offset_of!(Array, elements) + capacity,
        array_holey: offset_of!(Array, holey),
        vm_slot_pool: gc + offset_of!(Gc, slot_pool) + buffer,
        vm_slot_pool_count: gc + offset_of!(Gc, slot_pool) + length,
        vm_inline_cells_left: gc + offset_of!(Gc, inline_cells_left),
        vm_inline_bytes_left: gc + offset_of!(Gc, inline_bytes_left),
        vm_closures: offset_of!(Vm, heap) + offset_of!(Heap, closures) + buffer,
        closure_size: size_of::<Closure>(),
        closure_context: offset_of!(Closure, context),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::ElementsKind;

    #[test]
    fn the_layout_reaches_the_words_the_vm_sees() {
        let l = heap_layout();
        let mut heap = Heap::new(&[]);
        let x = heap.intern("x");
        let o = heap.alloc_object();
        heap.set_property(o, x, Value::int(42));
        let a = heap.alloc_array(Array::new(vec![Value::int(1), Value::double(2.5)]));
        let base = heap.objects.as_ptr() as *const u8;
        // SAFETY: offsets from `heap_layout` into records this test owns; reads only.
        unsafe {
            let rec = base.add(o.0 as usize * l.object_size);
            assert_eq!(*(rec.add(l.object_shape) as *const u32), heap.object(o).shape.0);
            let slots = *(rec.add(l.object_slots) as *const *const u64);
            assert_eq!(*slots, Value::int(42).bits());
            let rec = (heap.arrays.as_ptr() as *const u8).add(a.0 as usize * l.array_size);
            let elements = *(rec.add(l.array_elements) as *const *const u64);
            assert_eq!(*elements.add(1), Value::double(2.5).bits());
            assert_eq!(*(rec.add(l.array_length) as *const usize), 2);
            assert_eq!(*rec.add(l.array_kind), ElementsKind::Double as u8);
        }
        // A closure's context through its instance's record; record 0 (every canonical
        // function object) holds `undefined`.
        let f = heap.alloc_closure(frontend::bytecode::FuncId(2), Value::int(7));
        let closure_context = |v: Value| {
            let instance = ir::tagged::closure_instance(v.bits()) as usize;
            // SAFETY: a live closure's instance, or record 0, in the table this test owns.
            unsafe { *((heap.closures.as_ptr() as *const u8).add(instance * l.closure_size + l.closure_context) as *const u64) }
        };
        assert_eq!(closure_context(f), Value::int(7).bits());
        assert_eq!(closure_context(Value::function(frontend::bytecode::FuncId(2))), Value::UNDEFINED.bits());
        assert_eq!(closure_context(Value::int(3)), Value::UNDEFINED.bits());
        assert!(ir::tagged::is_function_of(f.bits(), 2) && !ir::tagged::is_function_of(f.bits(), 3));
    }
}
