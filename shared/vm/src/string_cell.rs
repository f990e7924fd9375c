//! The string cells of the heap: flat UTF-16 code units, or a rope (V8's `ConsString`) of two
//! strings; the operations on them (concatenation, flattening) are in [`crate::rope`]. This
//! module names no module of the crate but `value`, so every module that stores or sweeps
//! strings may use it without closing an import cycle.

use std::cell::OnceCell;

use crate::value::StringId;

/// The shortest concatenation that makes a cons rather than a flat copy (V8's
/// `ConsString::kMinLength`).
pub const CONS_MIN_LENGTH: usize = 13;

/// The longest string, in code units (V8's `String::kMaxLength` on 64-bit targets, as the
/// string library checks it); a longer concatenation is node's
/// `RangeError: Invalid string length`.
pub const MAX_LENGTH: usize = (1 << 29) - 24;

/// Accounted bytes of one flat string record (its code units are counted separately, 2 each).
pub const FLAT_BYTES: u64 = 16;

/// Accounted bytes of one cons record (its children are cells of their own).
pub const CONS_BYTES: u64 = 24;

/// One string cell of the heap.
#[derive(Debug)]
pub enum StringCell {
    /// A flat string: its code units.
    Flat(Box<[u16]>),
    /// The concatenation of two strings.
    Cons(Cons),
}

impl Default for StringCell {
    fn default() -> StringCell {
        StringCell::Flat(Box::default())
    }
}

/// A concatenation `first + second` (V8's `ConsString`).
#[derive(Debug)]
pub struct Cons {
    /// The left part.
    pub first: StringId,
    /// The right part.
    pub second: StringId,
    /// The length of the whole in UTF-16 code units.
    pub length: u32,
    /// The flat code units, once a reader has asked for them.
    pub(crate) flat: OnceCell<Box<[u16]>>,
}

impl Cons {
    /// The cons `first + second` of `length` code units, not flattened.
    pub fn new(first: StringId, second: StringId, length: u32) -> Cons {
        Cons { first, second, length, flat: OnceCell::new() }
    }

    /// The flat code units if the cons was flattened.
    pub fn flattened(&self) -> Option<&[u16]> {
        self.flat.get().map(|b| &b[..])
    }
}

impl StringCell {
    /// The cell's length in UTF-16 code units (never flattens).
    pub fn len(&self) -> usize {
        match self {
            StringCell::Flat(units) => units.len(),
            StringCell::Cons(c) => c.length as usize,
        }
    }

    /// True for the empty string.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The children a collection must trace: those of a cons not yet flattened.
    pub fn children(&self) -> Option<(StringId, StringId)> {
        match self {
            StringCell::Cons(c) if c.flat.get().is_none() => Some((c.first, c.second)),
            _ => None,
        }
    }

    /// The bytes the cell accounts for: its record, plus its code units when it has a buffer.
    pub fn accounted_bytes(&self) -> u64 {
        match self {
            StringCell::Flat(units) => FLAT_BYTES + units.len() as u64 * 2,
            StringCell::Cons(c) => CONS_BYTES + c.flat.get().map_or(0, |b| b.len() as u64 * 2),
        }
    }

    /// Turns a flattened cons into a flat cell (the collector's sweep: after it, the children
    /// are no longer referenced). Other cells are unchanged.
    pub fn settle(&mut self) {
        if let StringCell::Cons(c) = self {
            if let Some(flat) = c.flat.take() {
                *self = StringCell::Flat(flat);
            }
        }
    }
}

