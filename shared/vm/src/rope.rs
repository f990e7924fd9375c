//! Ropes: string cells that are either flat code units or the concatenation of two strings
//! (V8's `ConsString`), so that building a string with `+=` is linear.
//!
//! **Cells** ([`crate::string_cell`]). A [`StringCell`] is [`StringCell::Flat`] (its UTF-16
//! code units) or [`StringCell::Cons`] (two child strings and the length of the whole, as
//! JavaScript counts it). `a + b` whose result has at least [`CONS_MIN_LENGTH`] code units (V8's
//! `ConsString::kMinLength`) makes a cons in constant time; a shorter one is copied flat.
//! [`Heap::string_length`] never looks at the characters.
//!
//! **Flattening.** The first reader of a cons's characters ([`Heap::units`]) flattens it:
//! an iterative walk of the tree (an explicit stack, never Rust recursion, so a rope of a
//! million levels is fine) copies the leaves into one buffer, which the cons keeps; later
//! reads return that buffer, so a cons is flattened once. A child that is itself a flattened
//! cons is copied from its buffer rather than walked again. V8 overwrites the cons in place
//! (first = the flat string, second = the empty string); seabed's readers hold only `&Heap`,
//! so the buffer sits in a [`std::cell::OnceCell`] beside the children, and the collector finishes the
//! job: a flattened cons is traced as a flat string (its children may die) and the sweep turns
//! it into a [`StringCell::Flat`].
//!
//! **Collector.** Marking traces an unflattened cons's two children through the collector's
//! work list (no recursion either). Allocation counts a cons as
//! [`crate::string_cell::CONS_BYTES`]; a flattening counts its buffer in the heap's
//! `flattened_bytes`, which the next allocation or collection adds to the statistics.

use crate::heap::Heap;
use crate::string_cell::{Cons, StringCell, CONS_MIN_LENGTH, MAX_LENGTH};
use crate::value::{Decoded, StringId, Value};
use crate::{ErrorKind, Exception, JsResult, Throw, Vm};

impl Heap {
    /// The code units of a string, flattening it first if it is a cons.
    pub fn units(&self, s: StringId) -> &[u16] {
        match &self.strings[s.0 as usize] {
            StringCell::Flat(units) => units,
            StringCell::Cons(c) => c.flat.get_or_init(|| {
                let units = self.flatten(c);
                self.flattened_bytes.set(self.flattened_bytes.get() + units.len() as u64 * 2);
                units
            }),
        }
    }

    /// The length of a string in UTF-16 code units, without flattening it.
    pub fn string_length(&self, s: StringId) -> usize {
        self.strings[s.0 as usize].len()
    }

    /// The code units of cons `c`, gathered left to right with an explicit stack.
    fn flatten(&self, c: &Cons) -> Box<[u16]> {
        let mut out = Vec::with_capacity(c.length as usize);
        let mut stack = vec![c.second, c.first];
        while let Some(s) = stack.pop() {
            match &self.strings[s.0 as usize] {
                StringCell::Flat(units) => out.extend_from_slice(units),
                StringCell::Cons(inner) => match inner.flat.get() {
                    Some(units) => out.extend_from_slice(units),
                    None => {
                        stack.push(inner.second);
                        stack.push(inner.first);
                    }
                },
            }
        }
        debug_assert_eq!(out.len(), c.length as usize, "a cons's length is its leaves' total");
        out.into_boxed_slice()
    }

    /// The string `a + b`: `a` or `b` itself when the other is empty, a flat copy when the
    /// result is shorter than [`CONS_MIN_LENGTH`], else a cons. `None` when the result would
    /// be longer than [`MAX_LENGTH`].
    pub fn concat(&mut self, a: StringId, b: StringId) -> Option<Value> {
        let (la, lb) = (self.string_length(a), self.string_length(b));
        if la == 0 {
            return Some(Value::string(b));
        }
        if lb == 0 {
            return Some(Value::string(a));
        }
        let length = la + lb;
        if length > MAX_LENGTH {
            return None;
        }
        if length < CONS_MIN_LENGTH {
            let mut units = Vec::with_capacity(length);
            units.extend_from_slice(self.units(a));
            units.extend_from_slice(self.units(b));
            return Some(self.alloc_utf16(units));
        }
        let cons = Cons::new(a, b, length as u32);
        Some(Value::string(StringId(self.place_cell(StringCell::Cons(cons)))))
    }

    /// The collector's statistics ([`crate::gc::Gc::stats`]) with the buffers of ropes
    /// flattened since the last allocation counted.
    pub fn gc_stats(&self) -> crate::gc::GcStats {
        let mut stats = self.gc.stats();
        stats.bytes_allocated += self.flattened_bytes.get();
        stats
    }

    /// Takes the bytes flattenings allocated since the last call (for the statistics).
    pub(crate) fn take_flattened_bytes(&self) -> u64 {
        self.flattened_bytes.replace(0)
    }
}

/// An operand of a string concatenation: a string, or the text of a converted primitive.
enum Piece {
    String(StringId),
    Text(Vec<u16>),
}

impl Vm {
    /// `a + b` where both are primitives and at least one is a string: the other converted
    /// by ToString, then [`Heap::concat`] (a rope when the result is long). A result longer
    /// than [`MAX_LENGTH`] is node's `RangeError: Invalid string length`.
    pub(crate) fn concat_strings(&mut self, a: Value, b: Value) -> JsResult<Value> {
        let piece = |vm: &Vm, v: Value| match v.decode() {
            Decoded::String(s) => Piece::String(s),
            _ => Piece::Text(vm.to_string_units(v)),
        };
        let (pa, pb) = (piece(self, a), piece(self, b));
        let length = |vm: &Vm, p: &Piece| match p {
            Piece::String(s) => vm.heap.string_length(*s),
            Piece::Text(t) => t.len(),
        };
        let total = length(self, &pa) + length(self, &pb);
        if total < CONS_MIN_LENGTH {
            // Short: one flat copy, no intermediate string for a converted operand.
            let mut units = Vec::with_capacity(total);
            for p in [&pa, &pb] {
                match p {
                    Piece::String(s) => units.extend_from_slice(self.heap.units(*s)),
                    Piece::Text(t) => units.extend_from_slice(t),
                }
            }
            return Ok(self.heap.alloc_utf16(units));
        }
        let id = |vm: &mut Vm, p: Piece| match p {
            Piece::String(s) => s,
            Piece::Text(t) => StringId(vm.heap.place_string(t.into_boxed_slice())),
        };
        let (sa, sb) = (id(self, pa), id(self, pb));
        match self.heap.concat(sa, sb) {
            Some(v) => Ok(v),
            None => Err(Box::new(Exception { throw: Throw::Error(ErrorKind::RangeError, "Invalid string length".into()), location: None })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(heap: &Heap, v: Value) -> String {
        match v.decode() {
            crate::value::Decoded::String(s) => heap.text(s),
            other => panic!("not a string: {other:?}"),
        }
    }

    fn id(v: Value) -> StringId {
        match v.decode() {
            crate::value::Decoded::String(s) => s,
            other => panic!("not a string: {other:?}"),
        }
    }

    #[test]
    fn short_results_are_flat_and_long_ones_cons() {
        let mut heap = Heap::new(&[]);
        let a = id(heap.alloc_str("abc"));
        let b = id(heap.alloc_str("defghij"));
        let short = id(heap.concat(a, b).unwrap());
        assert!(matches!(heap.strings[short.0 as usize], StringCell::Flat(_)));
        assert_eq!(heap.text(short), "abcdefghij");
        let long = id(heap.concat(short, b).unwrap());
        assert!(matches!(heap.strings[long.0 as usize], StringCell::Cons(_)));
        assert_eq!(heap.string_length(long), 17);
        assert_eq!(heap.strings[long.0 as usize].children(), Some((short, b)), "length did not flatten");
        assert_eq!(heap.text(long), "abcdefghijdefghij");
        assert_eq!(heap.strings[long.0 as usize].children(), None, "flattened once, kept");
        let empty = id(heap.alloc_str(""));
        assert_eq!(heap.concat(empty, long), Some(Value::string(long)));
        assert_eq!(heap.concat(long, empty), Some(Value::string(long)));
    }

    #[test]
    fn deep_ropes_flatten_without_recursion() {
        let mut heap = Heap::new(&[]);
        let x = id(heap.alloc_str("x"));
        let y = id(heap.alloc_str("y"));
        let (mut left, mut right) = (id(heap.alloc_str("0123456789abc")), id(heap.alloc_str("0123456789abc")));
        for _ in 0..300_000 {
            left = id(heap.concat(left, x).unwrap());
            right = id(heap.concat(y, right).unwrap());
        }
        let (l, r) = (text(&heap, Value::string(left)), text(&heap, Value::string(right)));
        assert_eq!(l.len(), 300_013);
        assert!(l.starts_with("0123456789abcxx") && l.ends_with("xxx"));
        assert!(r.starts_with("yyy") && r.ends_with("yyy0123456789abc"));
        assert_eq!(heap.take_flattened_bytes(), 2 * 300_013 * 2);
    }

    #[test]
    fn too_long_results_are_refused() {
        let mut heap = Heap::new(&[]);
        let mut s = id(heap.alloc_str("ab"));
        let mut doublings = 0;
        while let Some(v) = heap.concat(s, s) {
            s = id(v);
            doublings += 1;
        }
        assert_eq!(doublings, 27, "2 << 27 = 2^28 code units fit, 2^29 do not");
        assert_eq!(heap.string_length(s), 1 << 28);
    }
}
