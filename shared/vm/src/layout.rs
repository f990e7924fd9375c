//! The raw memory layout of the heap, for compiled code that reads and writes it directly.
//!
//! The LLVM backend loads object fields, shapes, array elements, array lengths and globals
//! with plain machine loads (tagged with TBAA alias classes) instead of calling into the vm.
//! For that the heap's containers must have a layout fixed by us, not by the standard
//! library: [`StableVec`] is a growable vector whose header (`ptr`, `len`, `cap`) is
//! `#[repr(C)]`, and [`HeapLayout`] gives the byte offsets of every word compiled code reads,
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

use std::fmt;
use std::mem::{offset_of, size_of, ManuallyDrop};
use std::ops::{Deref, DerefMut};

use crate::gc::{Gc, Table};
use crate::heap::{Array, Closure, Heap, Object};
use crate::value::Value;
use crate::Vm;

/// A growable vector with a fixed header layout: `ptr` (the element buffer), `len`, `cap`,
/// each a machine word, in this order. It owns its buffer exactly as a `Vec<T>` would (the
/// buffer is a `Vec`'s, taken apart and put back together for every resizing operation).
#[repr(C)]
pub struct StableVec<T> {
    ptr: *mut T,
    len: usize,
    cap: usize,
}

// SAFETY: a StableVec owns its elements like Vec<T> does; no shared aliasing state.
unsafe impl<T: Send> Send for StableVec<T> {}
// SAFETY: shared access only hands out `&[T]`, as Vec<T> does.
unsafe impl<T: Sync> Sync for StableVec<T> {}

impl<T> StableVec<T> {
    /// An empty vector (no allocation).
    pub fn new() -> StableVec<T> {
        StableVec::from(Vec::new())
    }

    /// Runs `f` on the elements as a `Vec`, for operations that may reallocate.
    pub fn with_vec<R>(&mut self, f: impl FnOnce(&mut Vec<T>) -> R) -> R {
        // SAFETY: (ptr, len, cap) are the raw parts of a Vec<T> this value owns; the Vec is
        // taken apart again below before anything else can observe `self`.
        let mut v = unsafe { Vec::from_raw_parts(self.ptr, self.len, self.cap) };
        // Leave `self` empty while `f` runs, so that a panic in `f` cannot free twice.
        self.len = 0;
        self.cap = 0;
        self.ptr = std::ptr::NonNull::dangling().as_ptr();
        let r = f(&mut v);
        *self = StableVec::from(v);
        r
    }

    /// Appends an element.
    pub fn push(&mut self, v: T) {
        self.with_vec(|vec| vec.push(v));
    }

    /// Removes and returns the last element.
    pub fn pop(&mut self) -> Option<T> {
        self.with_vec(|vec| vec.pop())
    }

    /// The capacity of the buffer, in elements.
    pub fn capacity(&self) -> usize {
        self.cap
    }

    /// Takes the vector apart: (buffer, length, capacity), the raw parts of a `Vec<T>`, which
    /// the caller now owns.
    pub fn into_raw_parts(self) -> (*mut T, usize, usize) {
        let me = ManuallyDrop::new(self);
        (me.ptr, me.len, me.cap)
    }

    /// A vector from the raw parts of a `Vec<T>`.
    ///
    /// # Safety
    /// As for `Vec::from_raw_parts`: `ptr` was allocated by the global allocator as a buffer
    /// of `cap` elements of `T`, the first `len` are initialized, and nothing else owns it.
    pub unsafe fn from_raw_parts(ptr: *mut T, len: usize, cap: usize) -> StableVec<T> {
        StableVec { ptr, len, cap }
    }

    /// The vector as a standard `Vec`.
    pub fn into_vec(self) -> Vec<T> {
        let me = ManuallyDrop::new(self);
        // SAFETY: the raw parts of the Vec this value owns; `me` is never dropped.
        unsafe { Vec::from_raw_parts(me.ptr, me.len, me.cap) }
    }
}

impl<T: Clone> StableVec<T> {
    /// Resizes to `len` elements, filling with `fill`.
    pub fn resize(&mut self, len: usize, fill: T) {
        self.with_vec(|vec| vec.resize(len, fill));
    }
}

impl<T> From<Vec<T>> for StableVec<T> {
    fn from(v: Vec<T>) -> StableVec<T> {
        let mut v = ManuallyDrop::new(v);
        StableVec { ptr: v.as_mut_ptr(), len: v.len(), cap: v.capacity() }
    }
}

impl<T> Drop for StableVec<T> {
    fn drop(&mut self) {
        // SAFETY: the raw parts of the Vec this value owns, dropped exactly once.
        drop(unsafe { Vec::from_raw_parts(self.ptr, self.len, self.cap) });
    }
}

impl<T> Default for StableVec<T> {
    fn default() -> StableVec<T> {
        StableVec::new()
    }
}

impl<T> Deref for StableVec<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` is valid for `len` initialized elements (or dangling with len 0).
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl<T> DerefMut for StableVec<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` is unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T: Clone> Clone for StableVec<T> {
    fn clone(&self) -> StableVec<T> {
        StableVec::from(self.to_vec())
    }
}

impl<T: fmt::Debug> fmt::Debug for StableVec<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: PartialEq> PartialEq for StableVec<T> {
    fn eq(&self, other: &StableVec<T>) -> bool {
        **self == **other
    }
}

impl<T> FromIterator<T> for StableVec<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> StableVec<T> {
        StableVec::from(iter.into_iter().collect::<Vec<T>>())
    }
}

impl<'a, T> IntoIterator for &'a StableVec<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

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
    let buffer = offset_of!(StableVec<Value>, ptr);
    let length = offset_of!(StableVec<Value>, len);
    assert!(offset_of!(StableVec<Object>, ptr) == buffer, "StableVec's header does not depend on T");
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
        object_slots_cap: offset_of!(Object, slots) + offset_of!(StableVec<Value>, cap),
        vm_object_free_ids: gc + offset_of!(Gc, objects) + offset_of!(Table, free_list) + buffer,
        vm_object_free_count: gc + offset_of!(Gc, objects) + offset_of!(Table, free_list) + length,
        vm_object_free_bits: gc + offset_of!(Gc, objects) + offset_of!(Table, free) + buffer,
        vm_array_free_ids: gc + offset_of!(Gc, arrays) + offset_of!(Table, free_list) + buffer,
        vm_array_free_count: gc + offset_of!(Gc, arrays) + offset_of!(Table, free_list) + length,
        vm_array_free_bits: gc + offset_of!(Gc, arrays) + offset_of!(Table, free) + buffer,
        array_capacity: offset_of!(Array, elements) + offset_of!(StableVec<Value>, cap),
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
    fn stable_vec_behaves_like_vec() {
        let mut v: StableVec<u64> = (0..3).collect();
        v.push(7);
        assert_eq!(&*v, &[0, 1, 2, 7]);
        v.resize(6, 9);
        assert_eq!(v.len(), 6);
        assert_eq!(v.pop(), Some(9));
        v[0] = 5;
        let w = v.clone();
        assert_eq!(w.into_vec(), vec![5, 1, 2, 7, 9]);
        assert!(StableVec::<u64>::new().is_empty());
    }

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
