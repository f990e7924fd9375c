//! The garbage collector: non-moving mark-sweep over the heap's record tables.
//!
//! **Cells.** Objects, arrays (contexts are arrays too), strings and closure instances are
//! fixed-size records in four tables (`Heap::objects`, …), addressed by `u32` ids, each a
//! size class of its own; slots, elements and code units live in out-of-line buffers owned by
//! their record, as V8's backing stores are. A collection marks every cell reachable from the
//! roots and frees the rest: a freed record's buffer is released, its id goes on the table's
//! free list, and the next allocation of that kind pops it. Nothing ever moves, so compiled
//! code may keep an id (or a value) in a register across any call, and a conservative root
//! (a word that only looks like a reference) is harmless: it keeps a cell alive, nothing more.
//! Shapes and property names are permanent (a shape's prototype is a root).
//!
//! **When.** Allocation never collects: it counts bytes and, past the threshold, sets
//! [`Gc::pending`]. The vm collects at its next *safepoint* — an interpreter frame's entry,
//! a loop back edge, an allocating instruction, the entry of a runtime call from compiled
//! code — where every live value is in a known place: the interpreter's registers, the
//! globals, the vm's tables, the explicit roots of the few runtime paths that call back into
//! JavaScript while holding values ([`Gc::extra_roots`], [`Gc::push_root_range`]), and the
//! machine stack of compiled frames, scanned conservatively as JavaScriptCore scans its FTL
//! frames (see `docs/gc.md` for why, and [`stack`]). Allocation sites inside the runtime
//! therefore never see a collection between building a value and storing it.
//!
//! **Policy.** The next collection comes after `max(MIN_GROWTH, live bytes)` more bytes (the
//! heap may double, as V8's old-space limit grows with the live size); `--gc-stress N`
//! collects at the first safepoint after every N allocations instead; `--max-heap MB` ends
//! the run as node does when live data exceeds the limit after a collection.
//!
//! **Layers.** This module works on the [`Heap`] alone (allocation, marking, sweeping); the
//! vm's side — its safepoints, the allocation paths of compiled code and the roots a
//! collection starts from — is `Vm`'s, in `safepoint.rs`, so the collector never names the
//! interpreter.

mod safepoint;
pub mod stack;
pub mod verify;

use ir::feedback::{ElementsKind, ShapeId};

use crate::exception::Throw;
use crate::heap::{Array, Heap, Object};
use crate::string_cell::StringCell;
use crate::stable_vec::StableVec;
use crate::value::{ArrayId, Decoded, ObjectId, Value};

/// Bytes allocated after a collection before the next one is due, at least.
pub const MIN_GROWTH: u64 = 8 << 20;

/// Accounted bytes of one object record (its slots are counted separately, 8 bytes each).
pub const OBJECT_BYTES: u64 = std::mem::size_of::<Object>() as u64;
/// Accounted bytes of one array record (its elements are counted separately).
pub const ARRAY_BYTES: u64 = std::mem::size_of::<Array>() as u64;
/// Accounted bytes of one string record (its code units are counted separately, 2 each).
pub const STRING_BYTES: u64 = crate::string_cell::FLAT_BYTES;
/// Accounted bytes of one closure instance.
pub const CLOSURE_BYTES: u64 = std::mem::size_of::<crate::heap::Closure>() as u64;

/// The slot capacity every new plain object starts with (V8 gives `{}` four in-object
/// slots too): the slot buffers of the pool hold this many values.
pub const POOL_SLOTS: usize = ir::lir::POOL_SLOTS as usize;
/// Bytes a new plain object is charged, inline or not: its record and a buffer of
/// [`POOL_SLOTS`] slots.
pub const NEW_OBJECT_BYTES: u64 = OBJECT_BYTES + POOL_SLOTS as u64 * 8;
/// Slot buffers the pool keeps at most (more freed buffers go back to the allocator).
const POOL_MAX: usize = 1 << 18;
/// Object ids and slot buffers an inline-allocation slow path adds when it finds its free
/// list or the pool empty (a refill, as a TLAB refill hands out a chunk at a time).
const REFILL: usize = 64;

/// The collector's options (`--gc-stress`, `--max-heap`, `--verify-heap`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GcOptions {
    /// Collect at the first safepoint after every N allocations (N ≥ 1).
    pub stress: Option<u32>,
    /// End the run with node's heap-limit message when live bytes exceed this after a
    /// collection.
    pub max_heap_bytes: Option<u64>,
    /// Check the heap after every collection ([`verify`]); a broken heap is an internal error.
    pub verify: bool,
}

/// What the collector did in one run (`--stats`, object `gc`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GcStats {
    /// Collections.
    pub collections: u64,
    /// Cells allocated (objects, arrays, strings, closures).
    pub cells_allocated: u64,
    /// Bytes allocated (records and their buffers at allocation; see the module doc).
    pub bytes_allocated: u64,
    /// Cells freed by sweeping.
    pub cells_freed: u64,
    /// Bytes freed by sweeping.
    pub bytes_freed: u64,
    /// Live bytes after the last collection.
    pub live_bytes_last: u64,
    /// The most live bytes after any collection.
    pub live_bytes_max: u64,
    /// Pause of each collection in nanoseconds (mark, sweep and verification).
    pub pauses_ns: Vec<u64>,
    /// Words of machine stack scanned conservatively, over all collections.
    pub stack_words_scanned: u64,
}

impl GcStats {
    /// Sum of the pauses in nanoseconds.
    pub fn pause_total_ns(&self) -> u64 {
        self.pauses_ns.iter().sum()
    }

    /// The longest pause in nanoseconds (0 without collections).
    pub fn pause_max_ns(&self) -> u64 {
        self.pauses_ns.iter().copied().max().unwrap_or(0)
    }
}

/// A growable set of `u32` ids (words in a [`StableVec`]: compiled code clears the free bit
/// of an object it allocates inline).
#[derive(Clone, Debug, Default)]
#[repr(transparent)]
pub(crate) struct BitSet(StableVec<u64>);

impl BitSet {
    fn ensure(&mut self, n: usize) {
        let words = n.div_ceil(64);
        if self.0.len() < words {
            self.0.resize(words, 0);
        }
    }

    /// True if `i` is in the set.
    pub(crate) fn get(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// Adds `i`; true if it was absent.
    fn insert(&mut self, i: usize) -> bool {
        self.ensure(i + 1);
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let absent = self.0[w] & b == 0;
        self.0[w] |= b;
        absent
    }

    fn remove(&mut self, i: usize) {
        if let Some(w) = self.0.get_mut(i / 64) {
            *w &= !(1 << (i % 64));
        }
    }

    fn clear(&mut self) {
        self.0.iter_mut().for_each(|w| *w = 0);
    }
}

/// Bookkeeping of one record table: which ids are free, which are marked.
#[derive(Clone, Debug, Default)]
pub(crate) struct Table {
    /// Free ids, popped by allocation (last freed first); compiled code pops object ids
    /// inline ([`crate::layout::HeapLayout::vm_object_free_ids`]).
    pub(crate) free_list: StableVec<u32>,
    /// The same ids as a set (for marking and verification).
    pub(crate) free: BitSet,
    marks: BitSet,
}

impl Table {
    /// A free id to reuse, if any.
    fn reuse(&mut self) -> Option<u32> {
        let id = self.free_list.pop()?;
        self.free.remove(id as usize);
        Some(id)
    }

    pub(crate) fn release(&mut self, id: u32) {
        self.free.insert(id as usize);
        self.free_list.push(id);
    }

    /// True if id `i` of a table of `len` records is allocated.
    pub(crate) fn allocated(&self, i: usize, len: usize) -> bool {
        i < len && !self.free.get(i)
    }

    /// Marks `i` if it is allocated and unmarked; true if newly marked.
    fn mark(&mut self, i: usize, len: usize) -> bool {
        self.allocated(i, len) && self.marks.insert(i)
    }
}

/// The collector's state, part of the heap.
#[derive(Debug, Default)]
pub struct Gc {
    /// Options of this run.
    pub options: GcOptions,
    /// Counters of this run.
    pub stats: GcStats,
    /// A collection is due at the next safepoint.
    pub pending: bool,
    /// Values the runtime holds outside the register stack while it calls back into
    /// JavaScript (rebuilt frames waiting for an inner one, a constructor's new object, …):
    /// push before the call, truncate to the old length after it.
    pub extra_roots: Vec<Value>,
    /// Buffers of raw words (the LIR evaluator's values) scanned conservatively, as
    /// (address, length) pairs: [`Gc::push_root_range`].
    root_ranges: Vec<(usize, usize)>,
    pub(crate) objects: Table,
    pub(crate) arrays: Table,
    pub(crate) strings: Table,
    pub(crate) closures: Table,
    bytes_since: u64,
    allocations_since: u64,
    threshold: u64,
    /// The inline budget (see [`Gc::sync_inline`]): cells compiled code may still allocate
    /// inline before it must take the slow path. Compiled code decrements it.
    pub(crate) inline_cells_left: u64,
    /// The inline budget's bytes: compiled code subtracts each inline allocation's size.
    pub(crate) inline_bytes_left: u64,
    /// The budget last granted, cells and bytes: the difference to what is left is what
    /// compiled code allocated since, not yet counted.
    inline_granted: (u64, u64),
    /// Empty slot buffers of [`POOL_SLOTS`] values (addresses of `Vec<Value>` buffers), popped
    /// by object allocation (compiled code pops inline) and refilled by the runtime.
    pub(crate) slot_pool: StableVec<usize>,
    /// Set when a collection ended the run (heap limit, failed verification): every later
    /// safepoint reports it again, so a safepoint that cannot raise an exception (a runtime
    /// helper returning a raw value) leaves it to the next one.
    fatal: Option<Throw>,
}

impl Gc {
    /// Counts an allocation of `bytes`; sets [`Gc::pending`] when a collection is due.
    #[inline]
    fn note(&mut self, bytes: u64) {
        self.sync_inline();
        self.count(1, bytes);
        self.grant_inline();
    }

    /// Counts `bytes` allocated (a new cell, or the growth of an existing one's buffer); sets
    /// [`Gc::pending`] when the bytes since the last collection reach the threshold.
    #[inline]
    fn note_bytes(&mut self, bytes: u64) {
        self.sync_inline();
        self.count(0, bytes);
        self.grant_inline();
    }

    /// Counts `cells` new cells and `bytes` bytes; sets [`Gc::pending`] when a collection is
    /// due (the stress interval or the byte threshold reached).
    #[inline]
    fn count(&mut self, cells: u64, bytes: u64) {
        self.stats.cells_allocated += cells;
        self.allocations_since += cells;
        if let Some(n) = self.options.stress {
            if self.allocations_since >= n.max(1) as u64 {
                self.pending = true;
            }
        }
        self.stats.bytes_allocated += bytes;
        self.bytes_since += bytes;
        if self.bytes_since >= self.threshold.max(MIN_GROWTH) {
            self.pending = true;
        }
    }

    /// Counts the inline allocations compiled code made since the budget was last granted.
    /// Compiled code only decrements [`Gc::inline_cells_left`] and [`Gc::inline_bytes_left`];
    /// the runtime folds what it used into the counters whenever it allocates, collects or
    /// reports, so the counters and the collection policy see every allocation, inline or
    /// not.
    #[inline]
    pub(crate) fn sync_inline(&mut self) {
        let cells = self.inline_granted.0 - self.inline_cells_left;
        let bytes = self.inline_granted.1 - self.inline_bytes_left;
        if cells > 0 {
            self.inline_granted = (self.inline_cells_left, self.inline_bytes_left);
            self.count(cells, bytes);
        }
    }

    /// Grants compiled code the inline allocations that fit before the next collection is
    /// due: none while one is pending, at most the stress interval's remainder of cells, at
    /// most the bytes left to the threshold. The slow path that finds the budget spent
    /// counts, and collects at its safepoint.
    #[inline]
    fn grant_inline(&mut self) {
        let (cells, bytes) = if self.pending {
            (0, 0)
        } else {
            let cells = match self.options.stress {
                Some(n) => (n.max(1) as u64).saturating_sub(self.allocations_since),
                None => u64::MAX,
            };
            (cells, self.threshold.max(MIN_GROWTH).saturating_sub(self.bytes_since))
        };
        self.inline_cells_left = cells;
        self.inline_bytes_left = bytes;
        self.inline_granted = (cells, bytes);
    }

    /// True if the inline budget has a cell and `bytes` left (the fast path's test).
    fn inline_fits(&self, bytes: u64) -> bool {
        self.inline_cells_left != 0 && self.inline_bytes_left >= bytes
    }

    /// Takes a cell of `bytes` from the inline budget (the fast path's decrement).
    fn inline_take(&mut self, bytes: u64) {
        self.inline_cells_left -= 1;
        self.inline_bytes_left -= bytes;
    }

    /// The counters, with the inline allocations compiled code made since the last
    /// [`Gc::sync_inline`] counted.
    pub fn stats(&self) -> GcStats {
        let mut stats = self.stats.clone();
        stats.cells_allocated += self.inline_granted.0 - self.inline_cells_left;
        stats.bytes_allocated += self.inline_granted.1 - self.inline_bytes_left;
        stats
    }

    /// Registers `len` words at `ptr` as conservative roots until the matching
    /// [`Gc::pop_root_range`]. The buffer must stay allocated and unmoved until then.
    pub fn push_root_range(&mut self, ptr: *const u64, len: usize) {
        self.root_ranges.push((ptr as usize, len));
    }

    /// Unregisters the last root range.
    pub fn pop_root_range(&mut self) {
        self.root_ranges.pop();
    }
}

impl Heap {
    /// Counts bytes a store added to an existing cell (a new property slot, elements past
    /// an array's end); a collection may become due (at the next safepoint).
    #[inline]
    pub(crate) fn note_growth(&mut self, bytes: u64) {
        self.gc.note_bytes(bytes);
    }

    /// Stores `v` at `index` of array `a` ([`Array::set`]), counting the elements it adds.
    pub fn array_set(&mut self, a: ArrayId, index: usize, v: Value) {
        let array = &mut self.arrays[a.0 as usize];
        let before = array.elements.len();
        array.set(index, v);
        let added = array.elements.len() - before;
        if added > 0 {
            self.note_growth(added as u64 * 8);
        }
    }

    /// Places an object record in a free id or a new one. An object is charged its record
    /// and its slot capacity.
    pub(crate) fn place_object(&mut self, obj: Object) -> ObjectId {
        self.gc.note(OBJECT_BYTES + obj.slots.capacity() as u64 * 8);
        match self.gc.objects.reuse() {
            Some(id) => {
                self.objects[id as usize] = obj;
                ObjectId(id)
            }
            None => {
                self.objects.push(obj);
                ObjectId(self.objects.len() as u32 - 1)
            }
        }
    }

    /// An empty slot buffer of [`POOL_SLOTS`] values: from the pool, else a new one.
    pub(crate) fn take_slot_buffer(&mut self) -> StableVec<Value> {
        match self.gc.slot_pool.pop() {
            // SAFETY: the pool holds buffers of `Vec<Value>`s of capacity POOL_SLOTS that
            // nothing else owns (see `recycle_slots`, `refill_inline`).
            Some(p) => unsafe { StableVec::from_raw_parts(p as *mut Value, 0, POOL_SLOTS) },
            None => StableVec::from(Vec::with_capacity(POOL_SLOTS)),
        }
    }

    /// Returns a freed object's slot buffer to the pool if it is a pool-sized one and the pool
    /// has room; other buffers go back to the allocator.
    fn recycle_slots(&mut self, slots: StableVec<Value>) {
        if slots.capacity() == POOL_SLOTS && self.gc.slot_pool.len() < POOL_MAX {
            let (ptr, _, _) = slots.into_raw_parts();
            self.gc.slot_pool.push(ptr as usize);
        }
    }

    /// The elements of a new array literal: a pool buffer when they fit one (as compiled
    /// code's inline `AllocateArray` takes), else a buffer of exactly their number.
    pub fn new_elements(&mut self, values: &[Value]) -> Array {
        let elements = if values.len() <= POOL_SLOTS {
            let mut buffer = self.take_slot_buffer();
            buffer.with_vec(|b| b.extend_from_slice(values));
            buffer
        } else {
            StableVec::from(values.to_vec())
        };
        let mut array = Array::new(Vec::new());
        array.elements = elements;
        array.kind = values.iter().map(|&v| crate::heap::elements_kind_of(v)).max().unwrap_or(ElementsKind::Int32);
        array.holey = values.iter().any(|v| v.is_hole());
        array
    }

    /// Refills what compiled code's inline allocation pops: [`REFILL`] free object and array
    /// ids (new records, free until allocated) when a free list is empty, and [`REFILL`] slot
    /// buffers when the pool is. Called by the slow paths, after their allocation.
    pub(crate) fn refill_inline(&mut self) {
        if self.gc.arrays.free_list.is_empty() {
            let first = self.arrays.len();
            for _ in 0..REFILL {
                self.arrays.push(Array { elements: StableVec::new(), kind: ElementsKind::Int32, holey: false });
            }
            for id in (first..first + REFILL).rev() {
                self.gc.arrays.release(id as u32);
            }
        }
        if self.gc.objects.free_list.is_empty() {
            let first = self.objects.len();
            for _ in 0..REFILL {
                self.objects.push(Object { shape: ShapeId::EMPTY, slots: StableVec::new() });
            }
            // Lowest id on top of the free list: allocated first.
            for id in (first..first + REFILL).rev() {
                self.gc.objects.release(id as u32);
            }
        }
        if self.gc.slot_pool.is_empty() {
            for _ in 0..REFILL {
                let (ptr, _, _) = StableVec::<Value>::from(Vec::with_capacity(POOL_SLOTS)).into_raw_parts();
                self.gc.slot_pool.push(ptr as usize);
            }
        }
    }

    /// Places an array record in a free id or a new one.
    pub(crate) fn place_array(&mut self, array: Array) -> ArrayId {
        self.gc.note(ARRAY_BYTES + array.elements.len() as u64 * 8);
        match self.gc.arrays.reuse() {
            Some(id) => {
                self.arrays[id as usize] = array;
                ArrayId(id)
            }
            None => {
                self.arrays.push(array);
                ArrayId(self.arrays.len() as u32 - 1)
            }
        }
    }

    /// Places a flat string in a free id or a new one; returns the id.
    pub(crate) fn place_string(&mut self, units: Box<[u16]>) -> u32 {
        self.place_cell(StringCell::Flat(units))
    }

    /// Places a string cell (flat or a rope) in a free id or a new one; returns the id. The
    /// bytes of ropes flattened since the last allocation are counted with it.
    pub(crate) fn place_cell(&mut self, cell: StringCell) -> u32 {
        let flattened = self.take_flattened_bytes();
        self.gc.note(cell.accounted_bytes() + flattened);
        match self.gc.strings.reuse() {
            Some(id) => {
                self.strings[id as usize] = cell;
                id
            }
            None => {
                self.strings.push(cell);
                self.strings.len() as u32 - 1
            }
        }
    }

    /// Places a closure instance in a free id (never 0) or a new one; returns the id.
    pub(crate) fn place_closure(&mut self, c: crate::heap::Closure) -> u32 {
        self.gc.note(CLOSURE_BYTES);
        match self.gc.closures.reuse() {
            Some(id) => {
                self.closures[id as usize] = c;
                id
            }
            None => {
                self.closures.push(c);
                self.closures.len() as u32 - 1
            }
        }
    }

    /// Marks `v` if it refers to an allocated, unmarked cell, queueing it for tracing.
    ///
    /// A closure instance is queued as its own value (`Value::closure(func, i)`), not as `v`:
    /// a word of the machine stack that merely has the function tag and instance `i` in its
    /// bits (a stale or unrelated word, scanned conservatively) marks instance `i`, and its
    /// trace must still find the closure's property object, which is keyed by the exact value.
    /// Queued as the raw word, the closure was marked but its property object was not (the
    /// precise root met an already-marked closure), and was freed while still in use.
    fn mark_value(&mut self, v: Value, work: &mut Vec<Value>) {
        let v = match v.decode() {
            Decoded::Function(_) => match v.closure_instance() as usize {
                i if i != 0 && self.gc.closures.allocated(i, self.closures.len()) => Value::closure(self.closures[i].func, i as u32),
                _ => v,
            },
            _ => v,
        };
        let marked = match v.decode() {
            Decoded::Object(o) => self.gc.objects.mark(o.0 as usize, self.objects.len()),
            Decoded::Array(a) => self.gc.arrays.mark(a.0 as usize, self.arrays.len()),
            // A rope's children are traced from the work list (a deep rope must not recurse).
            Decoded::String(s) => self.gc.strings.mark(s.0 as usize, self.strings.len()) && self.strings[s.0 as usize].children().is_some(),
            Decoded::Function(_) => match v.closure_instance() {
                0 => false,
                i => self.gc.closures.mark(i as usize, self.closures.len()),
            },
            _ => false,
        };
        if marked {
            work.push(v);
        }
    }

    /// Marks what a machine word may refer to, conservatively: a tagged reference, or an
    /// object or array id (or id × record size) as compiled code computes it on the way to a
    /// record.
    fn mark_word(&mut self, w: u64, work: &mut Vec<Value>) {
        let tag = w >> ir::tagged::TAG_SHIFT;
        if (ir::tagged::TAG_OBJECT..=ir::tagged::TAG_FUNCTION).contains(&tag) {
            self.mark_value(Value::from_bits(w), work);
            return;
        }
        let (objects, arrays) = (self.objects.len() as u64, self.arrays.len() as u64);
        if w < objects {
            self.mark_value(Value::object(ObjectId(w as u32)), work);
        }
        if w < arrays {
            self.mark_value(Value::array(ArrayId(w as u32)), work);
        }
        if w % OBJECT_BYTES == 0 && w / OBJECT_BYTES < objects {
            self.mark_value(Value::object(ObjectId((w / OBJECT_BYTES) as u32)), work);
        }
        if w % ARRAY_BYTES == 0 && w / ARRAY_BYTES < arrays {
            self.mark_value(Value::array(ArrayId((w / ARRAY_BYTES) as u32)), work);
        }
    }

    /// Traces from the queued cells until nothing new is reached.
    fn trace(&mut self, work: &mut Vec<Value>) {
        while let Some(v) = work.pop() {
            match v.decode() {
                Decoded::Object(o) => {
                    for i in 0..self.objects[o.0 as usize].slots.len() {
                        let s = self.objects[o.0 as usize].slots[i];
                        self.mark_value(s, work);
                    }
                }
                Decoded::Array(a) => {
                    for i in 0..self.arrays[a.0 as usize].elements.len() {
                        let e = self.arrays[a.0 as usize].elements[i];
                        self.mark_value(e, work);
                    }
                }
                Decoded::String(s) => {
                    if let Some((first, second)) = self.strings[s.0 as usize].children() {
                        self.mark_value(Value::string(first), work);
                        self.mark_value(Value::string(second), work);
                    }
                }
                Decoded::Function(_) => {
                    let context = self.closures[v.closure_instance() as usize].context;
                    self.mark_value(context, work);
                    // A closure's own properties live as long as it does.
                    if let Some(&props) = self.function_props.get(&v.bits()) {
                        self.mark_value(Value::object(props), work);
                    }
                }
                _ => {}
            }
        }
    }

    /// Frees every allocated, unmarked cell and clears the marks; returns (cells, bytes)
    /// freed and the live bytes.
    fn sweep(&mut self) -> (u64, u64, u64) {
        let (mut cells, mut freed, mut live) = (0u64, 0u64, 0u64);
        for i in 0..self.objects.len() {
            if !self.gc.objects.allocated(i, self.objects.len()) {
                continue;
            }
            let bytes = OBJECT_BYTES + self.objects[i].slots.capacity() as u64 * 8;
            if self.gc.objects.marks.get(i) {
                live += bytes;
            } else {
                let dead = std::mem::replace(&mut self.objects[i], Object { shape: ShapeId::EMPTY, slots: StableVec::new() });
                self.recycle_slots(dead.slots);
                self.gc.objects.release(i as u32);
                cells += 1;
                freed += bytes;
            }
        }
        for i in 0..self.arrays.len() {
            if !self.gc.arrays.allocated(i, self.arrays.len()) {
                continue;
            }
            let bytes = ARRAY_BYTES + self.arrays[i].elements.len() as u64 * 8;
            if self.gc.arrays.marks.get(i) {
                live += bytes;
            } else {
                let dead = std::mem::replace(&mut self.arrays[i], Array { elements: StableVec::new(), kind: ElementsKind::Int32, holey: false });
                self.recycle_slots(dead.elements);
                self.gc.arrays.release(i as u32);
                cells += 1;
                freed += bytes;
            }
        }
        for i in 0..self.strings.len() {
            if !self.gc.strings.allocated(i, self.strings.len()) {
                continue;
            }
            let bytes = self.strings[i].accounted_bytes();
            if self.gc.strings.marks.get(i) {
                // A flattened rope becomes flat: its children were not traced through it.
                self.strings[i].settle();
                live += bytes;
            } else {
                self.strings[i] = StringCell::default();
                self.gc.strings.release(i as u32);
                cells += 1;
                freed += bytes;
            }
        }
        // Closure instance 0 is the canonical objects' (never allocated, never freed).
        let mut dead_closures = Vec::new();
        for i in 1..self.closures.len() {
            if !self.gc.closures.allocated(i, self.closures.len()) {
                continue;
            }
            if self.gc.closures.marks.get(i) {
                live += CLOSURE_BYTES;
            } else {
                let c = self.closures[i];
                dead_closures.push(Value::closure(c.func, i as u32).bits());
                self.closures[i] = crate::heap::Closure { func: frontend::bytecode::FuncId(0), context: Value::UNDEFINED };
                self.gc.closures.release(i as u32);
                cells += 1;
                freed += CLOSURE_BYTES;
            }
        }
        // A dead closure's property object went with it; its id may be reused.
        for bits in dead_closures {
            self.function_props.remove(&bits);
        }
        self.gc.objects.marks.clear();
        self.gc.arrays.marks.clear();
        self.gc.strings.marks.clear();
        self.gc.closures.marks.clear();
        (cells, freed, live)
    }
}

/// The machine error node prints when its heap limit is reached (then it aborts).
pub const HEAP_LIMIT_MESSAGE: &str = "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory";

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::Vm;

    /// A vm that has run `source` (output discarded).
    fn vm_after(source: &str, options: GcOptions) -> Vm {
        let program = Rc::new(frontend::compile("t.js", source).expect("the test program compiles"));
        let mut vm = Vm::new(program, Box::new(std::io::sink()));
        vm.heap.gc.options = options;
        vm.run_script().expect("the test program runs");
        vm
    }

    #[test]
    fn unreachable_cells_are_freed_and_their_ids_reused() {
        let mut vm = vm_after("var keep = { a: [1, 2], s: 'x' + 1 };\nfor (let i = 0; i < 100; i++) { const t = { i: i }; }\n", GcOptions::default());
        let before = vm.heap.objects.len();
        vm.collect_garbage().expect("collects");
        let stats = vm.heap.gc.stats.clone();
        assert_eq!(stats.collections, 1);
        assert!(stats.cells_freed >= 90, "freed {}", stats.cells_freed);
        // The global's object, its array and string survive, with their contents.
        verify::verify_heap(&mut vm).expect("a sound heap");
        let o = vm.heap.alloc_object();
        assert!((o.0 as usize) < before, "a freed id is reused: {} of {before}", o.0);
        assert_eq!(vm.heap.objects.len(), before, "no new record");
    }

    #[test]
    fn a_dead_closures_properties_go_with_it() {
        let mut vm = vm_after(
            "function outer(n) { const f = function () { return n; }; f.tag = n; return f; }\nvar kept = outer(1);\nfor (let i = 0; i < 20; i++) outer(i);\n",
            GcOptions::default(),
        );
        let closures_with_props = |vm: &Vm| vm.heap.function_props.keys().filter(|&&k| Value::from_bits(k).closure_instance() != 0).count();
        assert!(closures_with_props(&vm) >= 20);
        vm.collect_garbage().expect("collects");
        assert_eq!(closures_with_props(&vm), 1, "only the kept closure's property bag remains");
        verify::verify_heap(&mut vm).expect("a sound heap");
    }

    #[test]
    fn stress_mode_collects_after_every_nth_allocation() {
        let vm = vm_after("let s = 0;\nfor (let i = 0; i < 50; i++) { const o = { i: i }; s += o.i; }\n", GcOptions { stress: Some(1), verify: true, ..GcOptions::default() });
        // One collection per allocation, at the next safepoint (the loop's back edge or the
        // next allocation).
        assert!(vm.heap.gc.stats.collections >= 50, "{:?}", vm.heap.gc.stats);
    }

    #[test]
    fn the_verifier_finds_a_freed_cell_that_is_still_referenced() {
        let mut vm = vm_after("var keep = { inner: { x: 1 } };\n", GcOptions::default());
        vm.collect_garbage().expect("collects");
        let inner = (0..vm.heap.objects.len())
            .find(|&i| vm.heap.gc.objects.allocated(i, vm.heap.objects.len()) && vm.heap.objects[i].slots.first() == Some(&Value::int(1)))
            .expect("the inner object is alive");
        // A collector bug, simulated: the inner object freed while `keep` refers to it.
        vm.heap.gc.objects.release(inner as u32);
        let err = verify::verify_heap(&mut vm).expect_err("the verifier notices");
        assert!(err.contains("freed"), "{err}");
    }

    #[test]
    fn a_stray_word_naming_a_closure_keeps_its_properties() {
        // A closure instance with a property object, reachable from a global.
        let mut vm = vm_after("function make(n) { return function inner() { return n; }; }\nvar c = make(1);\nc.p = { x: 1 };\n", GcOptions::default());
        let i = (1..vm.heap.closures.len()).find(|&i| vm.heap.gc.closures.allocated(i, vm.heap.closures.len())).expect("a closure instance");
        let own = Value::closure(vm.heap.closures[i].func, i as u32);
        assert!(vm.heap.function_props.contains_key(&own.bits()), "c.p lives in the closure's property object");
        // A word of the machine stack with the function tag and instance `i` but another
        // function id, met before the precise roots (as the conservative scan meets it).
        let stray = Value::closure(frontend::bytecode::FuncId(vm.heap.closures[i].func.0 + 1), i as u32);
        let mut work = Vec::new();
        vm.heap.mark_word(stray.bits(), &mut work);
        vm.for_each_root(|heap, v, work| heap.mark_value(v, work), &mut work);
        vm.heap.trace(&mut work);
        vm.heap.sweep();
        verify::verify_heap(&mut vm).expect("the closure's property object survives");
    }

    fn object_id(v: Value) -> usize {
        match v.decode() {
            Decoded::Object(o) => o.0 as usize,
            other => panic!("not an object: {other:?}"),
        }
    }

    #[test]
    fn inline_allocation_pops_the_free_list_and_is_counted() {
        let mut vm = vm_after("var keep = { a: 1 };\n", GcOptions::default());
        let before = vm.heap.gc.stats().cells_allocated;
        // The first finds no budget granted for it or an empty pool: the slow path refills.
        let first = vm.allocate_object_inline(ShapeId::EMPTY).expect("allocates");
        assert!(vm.heap.gc.inline_cells_left > 0, "a budget is granted");
        assert!(!vm.heap.gc.objects.free_list.is_empty() && !vm.heap.gc.slot_pool.is_empty(), "refilled");
        let (ids, buffers) = (vm.heap.gc.objects.free_list.len(), vm.heap.gc.slot_pool.len());
        let second = vm.allocate_object_inline(ShapeId::EMPTY).expect("allocates");
        assert_eq!(vm.heap.gc.objects.free_list.len(), ids - 1, "the fast path pops an id");
        assert_eq!(vm.heap.gc.slot_pool.len(), buffers - 1, "and a buffer");
        for v in [first, second] {
            let id = object_id(v);
            assert!(vm.heap.gc.objects.allocated(id, vm.heap.objects.len()), "its free bit is clear");
            assert_eq!(vm.heap.objects[id].slots.capacity(), POOL_SLOTS);
            assert!(vm.heap.objects[id].slots.is_empty());
        }
        let stats = vm.heap.gc.stats();
        assert_eq!(stats.cells_allocated - before, 2, "inline allocations are counted");
        verify::verify_heap(&mut vm).expect("a sound heap");
    }

    #[test]
    fn stress_mode_counts_inline_allocations() {
        let mut vm = vm_after("var keep = 1;\n", GcOptions { stress: Some(3), verify: true, ..GcOptions::default() });
        let collections = vm.heap.gc.stats.collections;
        for _ in 0..30 {
            vm.allocate_object_inline(ShapeId::EMPTY).expect("allocates");
        }
        // A collection at the slow path after every third allocation.
        let done = vm.heap.gc.stats.collections - collections;
        assert!((9..=11).contains(&done), "{done} collections for 30 allocations at --gc-stress 3");
    }

    #[test]
    fn transitions_grow_past_the_first_buffer_and_arrays_get_their_kind() {
        let mut vm = vm_after("var keep = 1;\n", GcOptions::default());
        let o = vm.allocate_object_inline(ShapeId::EMPTY).expect("allocates");
        let mut shape = ShapeId::EMPTY;
        for i in 0..6 {
            let name = vm.heap.intern(&format!("p{i}"));
            shape = vm.heap.transition(shape, name);
            vm.store_transition_inline(o, shape, Value::int(i)).expect("stores");
        }
        let obj = &vm.heap.objects[object_id(o)];
        assert_eq!(obj.shape, shape);
        assert_eq!(&obj.slots[..], &(0..6).map(Value::int).collect::<Vec<_>>()[..]);
        assert!(obj.slots.capacity() >= 6, "the slow path grew the slots");
        let mixed = vm.allocate_array_inline(&[Value::int(1), Value::double(0.5)]).expect("allocates");
        let holey = vm.allocate_array_inline(&[Value::int(1), Value::HOLE]).expect("allocates");
        let long: Vec<Value> = (0..9).map(Value::int).collect();
        let long = vm.allocate_array_inline(&long).expect("allocates");
        let array = |v: Value| match v.decode() {
            Decoded::Array(a) => vm.heap.arrays[a.0 as usize].clone(),
            other => panic!("not an array: {other:?}"),
        };
        let (mixed, holey, long) = (array(mixed), array(holey), array(long));
        assert_eq!((mixed.kind, mixed.holey, mixed.elements.len()), (ElementsKind::Double, false, 2));
        assert_eq!((holey.kind, holey.holey), (ElementsKind::Int32, true));
        assert_eq!(long.elements.len(), 9, "longer than a pool buffer: the slow path");
        verify::verify_heap(&mut vm).expect("a sound heap");
    }

    #[test]
    fn freed_buffers_return_to_the_pool() {
        let mut vm = vm_after("for (let i = 0; i < 1000; i++) { const t = { i: i }; }\n", GcOptions::default());
        let pooled = vm.heap.gc.slot_pool.len();
        vm.collect_garbage().expect("collects");
        assert!(vm.heap.gc.slot_pool.len() >= pooled + 900, "{} buffers pooled, {pooled} before", vm.heap.gc.slot_pool.len());
    }

    #[test]
    fn the_heap_limit_is_reported_after_a_collection() {
        let program = Rc::new(frontend::compile("t.js", "const all = [];\nfor (let i = 0; i < 1000000; i++) all.push({ i: i });\n").expect("compiles"));
        let mut vm = Vm::new(program, Box::new(std::io::sink()));
        vm.heap.gc.options = GcOptions { max_heap_bytes: Some(4 << 20), stress: Some(10_000), ..GcOptions::default() };
        let err = vm.run_script().expect_err("runs out of heap");
        assert_eq!(err.throw, Throw::HeapLimit(HEAP_LIMIT_MESSAGE.into()));
        // Every later safepoint reports it again.
        assert!(vm.safepoint().is_err());
    }
}
