//! [`StableVec`]: a growable vector whose header compiled code may read.
//!
//! The heap's tables, an object's slots and an array's elements are `StableVec`s: the LLVM
//! backend loads their buffer pointer, length and capacity with plain machine loads
//! ([`crate::layout::HeapLayout`]), so the header's layout is fixed by us (`#[repr(C)]`:
//! `ptr`, `len`, `cap`, each a machine word), not by the standard library's `Vec`.

use std::fmt;
use std::mem::{offset_of, ManuallyDrop};
use std::ops::{Deref, DerefMut};

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
    /// The byte offset of the buffer pointer in the header.
    pub const PTR_OFFSET: usize = offset_of!(StableVec<T>, ptr);
    /// The byte offset of the length (in elements) in the header.
    pub const LEN_OFFSET: usize = offset_of!(StableVec<T>, len);
    /// The byte offset of the capacity (in elements) in the header.
    pub const CAP_OFFSET: usize = offset_of!(StableVec<T>, cap);

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
