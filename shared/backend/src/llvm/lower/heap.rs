//! Heap loads and stores as machine loads and stores, with TBAA tags from the alias classes.
//!
//! Compiled code reaches the heap from the `*mut Vm` it was entered with, through the offsets
//! of [`vm::layout::HeapLayout`]: the object or array record is `table + id * record size`
//! (the id is the tagged value's payload), then a field, the shape word, the elements, the
//! length or the elements kind at a fixed offset. Every check that makes an access valid
//! (`CheckMaps`, bounds) comes before it in the LIR, so no access needs a guard here.
//!
//! **TBAA.** Each word compiled code touches is always accessed with one tag, so distinct tags
//! are sound. The tags follow the IR's alias classes (`ir::ops::AliasSet`): `field.N` under
//! `field` (a slot number is a distinct location in every object), `shape` with the slots
//! pointer beneath it (both change together when a property is added), `array-length` with
//! the elements pointer beneath it (both change when an array grows, in the runtime only),
//! `element`, `elements-kind`, `global.N` under `global`, and `vm-tables` for the table base
//! pointers (changed by allocation only). Runtime calls clobber all of them, so LLVM reloads
//! after a call; between calls, GVN and LICM may reuse and hoist what no store in between
//! can change — e.g. the table and element pointers out of a loop that only stores elements.

use inkwell::basic_block::BasicBlock;
use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::{BasicValue, BasicValueEnum, InstructionValue, IntValue, PointerValue};
use inkwell::{AddressSpace, IntPredicate};

use ir::ops::Access;
use ir::tagged;
use vm::heap::ElementsKind;

use super::Lower;
use crate::error::LirError;
use crate::runtime::{self, EXCEPTION_SENTINEL};

/// Where the free list of one record table is: offsets from the vm of its ids pointer, its
/// count and its free bitset's words.
#[derive(Clone, Copy)]
struct FreeList {
    ids: usize,
    count: usize,
    bits: usize,
}

/// This build's heap layout, evaluated at compile time.
const LAYOUT: vm::layout::HeapLayout = vm::layout::heap_layout();

/// A heap word's address: `base + offset`, its TBAA word, and for an element the array
/// record it belongs to.
struct Location<'ctx> {
    base: PointerValue<'ctx>,
    offset: IntValue<'ctx>,
    word: Word,
    array: Option<PointerValue<'ctx>>,
}

/// The TBAA type nodes of one module, made on first use.
#[derive(Default)]
pub(super) struct Tbaa<'ctx> {
    root: Option<inkwell::values::MetadataValue<'ctx>>,
    types: frontend::hash::IdHashMap<String, inkwell::values::MetadataValue<'ctx>>,
    tags: frontend::hash::IdHashMap<String, inkwell::values::MetadataValue<'ctx>>,
}

/// One word of the heap, as far as TBAA is concerned: its type node name and its parent's.
#[derive(Clone, Copy)]
pub(super) enum Word {
    VmTables,
    /// A function's machine-entry slot (`vm.code_entries[f]`).
    CodeEntry,
    /// The vm's call depth.
    CallDepth,
    /// The allocator's words: the inline budget, the free object ids and their bitset, the
    /// slot-buffer pool (changed by inline allocation and by the runtime only).
    Allocator,
    /// An object's slot count and capacity (beneath `shape`: they change with it).
    SlotsHeader,
    /// An array's holey flag (written only by inline allocation; read by the runtime).
    Holey,
    Shape,
    SlotsPointer,
    Field(u32),
    ArrayLength,
    ElementsPointer,
    Element,
    ElementsKind,
    Global(u32),
    /// A closure record's context (written by the runtime only, when it makes the closure).
    ClosureContext,
}

impl Word {
    /// The type node name and the parent's name (`None`: the root).
    fn names(self) -> (String, Option<&'static str>) {
        match self {
            Word::VmTables => ("vm-tables".into(), None),
            Word::CodeEntry => ("code-entry".into(), None),
            Word::CallDepth => ("call-depth".into(), None),
            Word::Allocator => ("allocator".into(), None),
            Word::SlotsHeader => ("object.slots-header".into(), Some("shape")),
            Word::Holey => ("array.holey".into(), None),
            Word::Shape => ("shape".into(), None),
            Word::SlotsPointer => ("object.slots".into(), Some("shape")),
            Word::Field(n) => (format!("field.{n}"), Some("field")),
            Word::ArrayLength => ("array-length".into(), None),
            Word::ElementsPointer => ("array.elements".into(), Some("array-length")),
            Word::Element => ("element".into(), None),
            Word::ElementsKind => ("elements-kind".into(), None),
            Word::Global(n) => (format!("global.{n}"), Some("global")),
            Word::ClosureContext => ("closure.context".into(), None),
        }
    }
}

/// The alignment of a heap word of type `ty` (its size: every heap word is naturally aligned).
fn natural_alignment(ty: BasicTypeEnum<'_>) -> u32 {
    match ty {
        BasicTypeEnum::IntType(t) => t.get_bit_width().div_ceil(8),
        _ => 8,
    }
}

impl<'a, 'ctx> Lower<'a, 'ctx> {
    /// The TBAA type node called `name` (child of `parent`, or of the root).
    fn tbaa_type(&mut self, name: &str, parent: Option<&str>) -> inkwell::values::MetadataValue<'ctx> {
        if let Some(&t) = self.tbaa.types.get(name) {
            return t;
        }
        let parent_node = match parent {
            Some(p) => self.tbaa_type(p, None),
            None => *self.tbaa.root.get_or_insert_with(|| self.ctx.metadata_node(&[self.ctx.metadata_string("seabed heap").into()])),
        };
        let node = self.ctx.metadata_node(&[
            self.ctx.metadata_string(name).into(),
            parent_node.into(),
            self.t.i64.const_zero().into(),
        ]);
        self.tbaa.types.insert(name.to_string(), node);
        node
    }

    /// Tags a load or store of `word`.
    fn tag(&mut self, inst: InstructionValue<'ctx>, word: Word) {
        let (name, parent) = word.names();
        let tag = match self.tbaa.tags.get(&name) {
            Some(&t) => t,
            None => {
                let ty = self.tbaa_type(&name, parent);
                let t = self.ctx.metadata_node(&[ty.into(), ty.into(), self.t.i64.const_zero().into()]);
                self.tbaa.tags.insert(name, t);
                t
            }
        };
        // Setting metadata on a load or store cannot fail.
        let _ = inst.set_metadata(tag, self.ctx.get_kind_id("tbaa"));
    }

    /// `base + offset` as a pointer to `ty`.
    fn field_ptr(&self, base: PointerValue<'ctx>, offset: IntValue<'ctx>, ty: BasicTypeEnum<'ctx>) -> PointerValue<'ctx> {
        // SAFETY (of the GEP): offsets from `vm::layout` stay inside the vm or the record.
        let p = unsafe { self.b.build_in_bounds_gep(base, &[offset], "") }.unwrap();
        self.b.build_pointer_cast(p, ty.ptr_type(AddressSpace::default()), "").unwrap()
    }

    /// Loads a `ty` at `base + offset`, tagged as `word`.
    pub(super) fn load_word(&mut self, base: PointerValue<'ctx>, offset: IntValue<'ctx>, ty: BasicTypeEnum<'ctx>, word: Word) -> BasicValueEnum<'ctx> {
        let p = self.field_ptr(base, offset, ty);
        let v = self.b.build_load(p, "").unwrap();
        let inst = v.as_instruction_value().expect("a load is an instruction");
        self.tag(inst, word);
        // Heap words are naturally aligned; setting a power of two cannot fail.
        let _ = inst.set_alignment(natural_alignment(ty));
        v
    }

    /// Stores `v` at `base + offset`, tagged as `word`.
    pub(super) fn store_word(&mut self, base: PointerValue<'ctx>, offset: IntValue<'ctx>, v: BasicValueEnum<'ctx>, word: Word) {
        let p = self.field_ptr(base, offset, v.get_type());
        let inst = self.b.build_store(p, v).unwrap();
        self.tag(inst, word);
        let _ = inst.set_alignment(natural_alignment(v.get_type()));
    }

    /// The context function value `value` carries (`ClosureContext`): the context word of
    /// its closure record, record 0 (context `undefined`) for a canonical function object
    /// and for any value that is not a function, so the load is safe wherever it is placed.
    pub(super) fn closure_context(&mut self, value: IntValue<'ctx>) -> IntValue<'ctx> {
        let l = LAYOUT;
        let i8p: BasicTypeEnum = self.t.i8p.into();
        let base = self.load_word(self.vm, self.i64c(l.vm_closures as u64), i8p, Word::VmTables).into_pointer_value();
        let is_function = self.tag_is(value, tagged::TAG_FUNCTION);
        let payload = self.b.build_and(value, self.i64c(tagged::PAYLOAD_MASK), "").unwrap();
        let instance = self.b.build_right_shift(payload, self.i64c(tagged::FUNCTION_ID_BITS as u64), false, "").unwrap();
        let instance = self.b.build_select(is_function, instance, self.i64c(0), "").unwrap().into_int_value();
        let offset = self.b.build_int_mul(instance, self.i64c(l.closure_size as u64), "").unwrap();
        // SAFETY (of the GEP): a function value's instance indexes the closure table (it
        // lives as long as the value), and record 0 always exists.
        let rec = unsafe { self.b.build_in_bounds_gep(base, &[offset], "") }.unwrap();
        let i64t: BasicTypeEnum = self.t.i64.into();
        self.load_word(rec, self.i64c(l.closure_context as u64), i64t, Word::ClosureContext).into_int_value()
    }

    /// The record of the object or array `value` (a tagged value of that kind): the table
    /// pointer at `vm + table`, plus the payload times the record size.
    fn record(&mut self, value: IntValue<'ctx>, table: usize, size: usize) -> PointerValue<'ctx> {
        let i8p: BasicTypeEnum = self.t.i8p.into();
        let base = self.load_word(self.vm, self.i64c(table as u64), i8p, Word::VmTables).into_pointer_value();
        let id = self.b.build_and(value, self.i64c(tagged::PAYLOAD_MASK), "").unwrap();
        let offset = self.b.build_int_mul(id, self.i64c(size as u64), "").unwrap();
        // SAFETY (of the GEP): ids of live objects and arrays index their table.
        unsafe { self.b.build_in_bounds_gep(base, &[offset], "") }.unwrap()
    }

    /// Where heap location `access` of `object` (element `index`) is: base pointer, byte
    /// offset and TBAA word, plus the array record for element accesses (whose kind a store
    /// updates). The one address computation of loads and stores.
    fn location(&mut self, access: Access, object: Option<IntValue<'ctx>>, index: Option<IntValue<'ctx>>) -> Result<Location<'ctx>, LirError> {
        let l = LAYOUT;
        let i8p: BasicTypeEnum = self.t.i8p.into();
        let object = || object.ok_or(LirError::NeedsObject { access });
        Ok(match access {
            Access::Field(n) => {
                let rec = self.record(object()?, l.vm_objects, l.object_size);
                let slots = self.load_word(rec, self.i64c(l.object_slots as u64), i8p, Word::SlotsPointer).into_pointer_value();
                Location { base: slots, offset: self.i64c(n as u64 * 8), word: Word::Field(n), array: None }
            }
            Access::Shape => {
                let rec = self.record(object()?, l.vm_objects, l.object_size);
                Location { base: rec, offset: self.i64c(l.object_shape as u64), word: Word::Shape, array: None }
            }
            Access::ArrayLength => {
                let rec = self.record(object()?, l.vm_arrays, l.array_size);
                Location { base: rec, offset: self.i64c(l.array_length as u64), word: Word::ArrayLength, array: None }
            }
            Access::Element => {
                let rec = self.record(object()?, l.vm_arrays, l.array_size);
                let elements = self.load_word(rec, self.i64c(l.array_elements as u64), i8p, Word::ElementsPointer).into_pointer_value();
                let offset = self.element_offset(index.ok_or(LirError::NeedsIndex { access })?);
                Location { base: elements, offset, word: Word::Element, array: Some(rec) }
            }
            Access::Global(g) => {
                let globals = self.load_word(self.vm, self.i64c(l.vm_globals as u64), i8p, Word::VmTables).into_pointer_value();
                Location { base: globals, offset: self.i64c(g as u64 * 8), word: Word::Global(g), array: None }
            }
        })
    }

    /// `LoadField`/`LoadElement`/... as machine loads (`index` for elements). Shapes are
    /// `u32` words, lengths machine words truncated to int32, everything else tagged values.
    pub(super) fn heap_load(&mut self, access: Access, object: Option<IntValue<'ctx>>, index: Option<IntValue<'ctx>>) -> Result<BasicValueEnum<'ctx>, LirError> {
        let at = self.location(access, object, index)?;
        Ok(match access {
            Access::Shape => self.load_word(at.base, at.offset, self.t.i32.into(), at.word),
            Access::ArrayLength => {
                let len = self.load_word(at.base, at.offset, self.t.i64.into(), at.word);
                self.b.build_int_truncate(len.into_int_value(), self.t.i32, "").unwrap().into()
            }
            _ => self.load_word(at.base, at.offset, self.t.i64.into(), at.word),
        })
    }

    /// `StoreField`/`StoreElement`/`StoreGlobal` as machine stores. Element stores are in
    /// bounds (checked before) and keep the array's elements kind as `Array::set` does.
    pub(super) fn heap_store(&mut self, access: Access, object: Option<IntValue<'ctx>>, index: Option<IntValue<'ctx>>, value: IntValue<'ctx>) -> Result<(), LirError> {
        if matches!(access, Access::Shape | Access::ArrayLength) {
            return Err(LirError::NeverStored { access });
        }
        let at = self.location(access, object, index)?;
        self.store_word(at.base, at.offset, value.into(), at.word);
        if let Some(rec) = at.array {
            self.generalize_kind(rec, LAYOUT.array_kind, value);
        }
        Ok(())
    }

    /// The byte offset of element `index` (in bounds, so non-negative).
    fn element_offset(&self, index: IntValue<'ctx>) -> IntValue<'ctx> {
        let wide = self.b.build_int_z_extend(index, self.t.i64, "").unwrap();
        self.b.build_int_mul(wide, self.i64c(8), "").unwrap()
    }

    /// The elements kind of one value (the lattice of `vm::heap`: int32 and the hole are
    /// `Int32`, other numbers `Double`, anything else `Any`) as an `i8`, and whether it is
    /// the hole.
    fn kind_of(&mut self, value: IntValue<'ctx>) -> (IntValue<'ctx>, IntValue<'ctx>) {
        let i8t = self.ctx.i8_type();
        let is_int = self.tag_is(value, tagged::TAG_INT);
        let is_hole = self.b.build_int_compare(IntPredicate::EQ, value, self.i64c(vm::Value::HOLE.bits()), "").unwrap();
        let int_kind = self.b.build_or(is_int, is_hole, "").unwrap();
        let limit = self.i64c(tagged::TAG_SPECIAL << tagged::TAG_SHIFT);
        let is_number = self.b.build_int_compare(IntPredicate::ULT, value, limit, "").unwrap();
        let c = |k: ElementsKind| i8t.const_int(k as u64, false);
        let number_kind = self.b.build_select(is_number, c(ElementsKind::Double), c(ElementsKind::Any), "").unwrap().into_int_value();
        let kind = self.b.build_select(int_kind, c(ElementsKind::Int32), number_kind, "").unwrap().into_int_value();
        (kind, is_hole)
    }

    /// `kind = max(kind, kind_of(value))`: what a store keeps up to date.
    fn generalize_kind(&mut self, rec: PointerValue<'ctx>, kind_offset: usize, value: IntValue<'ctx>) {
        let i8t = self.ctx.i8_type();
        let (kind, _) = self.kind_of(value);
        let old = self.load_word(rec, self.i64c(kind_offset as u64), i8t.into(), Word::ElementsKind).into_int_value();
        let wider = self.b.build_int_compare(IntPredicate::UGT, kind, old, "").unwrap();
        let new = self.b.build_select(wider, kind, old, "").unwrap();
        self.store_word(rec, self.i64c(kind_offset as u64), new, Word::ElementsKind);
    }

    /// The fast path both inline allocations share: tests the inline budget (a cell and
    /// `bytes`), the table's free list and the slot-buffer pool, branching to a cold `slow`
    /// block when any is exhausted; on the fast path takes from the budget, pops an id
    /// (clearing its free bit) and a buffer. Returns the id (`i64`), the buffer's address and
    /// the slow block, with the builder in the fast path.
    fn allocation_fast_path(&mut self, bytes: u64, table: FreeList) -> (IntValue<'ctx>, IntValue<'ctx>, BasicBlock<'ctx>) {
        let l = LAYOUT;
        let (i64t, i32t) = (self.t.i64, self.t.i32);
        let i8p: BasicTypeEnum = self.t.i8p.into();
        let word = |this: &mut Self, offset: usize| this.load_word(this.vm, this.i64c(offset as u64), i64t.into(), Word::Allocator).into_int_value();
        let cells = word(self, l.vm_inline_cells_left);
        let budget = word(self, l.vm_inline_bytes_left);
        let count = word(self, table.count);
        let pooled = word(self, l.vm_slot_pool_count);
        let zero = self.i64c(0);
        let size = self.i64c(bytes);
        let exhausted = [
            self.b.build_int_compare(IntPredicate::EQ, cells, zero, "").unwrap(),
            self.b.build_int_compare(IntPredicate::ULT, budget, size, "").unwrap(),
            self.b.build_int_compare(IntPredicate::EQ, count, zero, "").unwrap(),
            self.b.build_int_compare(IntPredicate::EQ, pooled, zero, "").unwrap(),
        ]
        .into_iter()
        .reduce(|a, b| self.b.build_or(a, b, "").unwrap())
        .expect("four tests");
        let fast = self.ctx.append_basic_block(self.f, "alloc_fast");
        let slow = self.ctx.append_basic_block(self.f, "alloc_slow");
        self.cold_branch(exhausted, slow, fast);

        self.b.position_at_end(fast);
        let one = self.i64c(1);
        let cells = self.b.build_int_sub(cells, one, "").unwrap();
        self.store_word(self.vm, self.i64c(l.vm_inline_cells_left as u64), cells.into(), Word::Allocator);
        let budget = self.b.build_int_sub(budget, size, "").unwrap();
        self.store_word(self.vm, self.i64c(l.vm_inline_bytes_left as u64), budget.into(), Word::Allocator);
        let count = self.b.build_int_sub(count, one, "").unwrap();
        self.store_word(self.vm, self.i64c(table.count as u64), count.into(), Word::Allocator);
        let ids = self.load_word(self.vm, self.i64c(table.ids as u64), i8p, Word::Allocator).into_pointer_value();
        let at = self.b.build_int_mul(count, self.i64c(4), "").unwrap();
        let id = self.load_word(ids, at, i32t.into(), Word::Allocator).into_int_value();
        let id = self.b.build_int_z_extend(id, i64t, "").unwrap();
        let pooled = self.b.build_int_sub(pooled, one, "").unwrap();
        self.store_word(self.vm, self.i64c(l.vm_slot_pool_count as u64), pooled.into(), Word::Allocator);
        let pool = self.load_word(self.vm, self.i64c(l.vm_slot_pool as u64), i8p, Word::Allocator).into_pointer_value();
        let at = self.b.build_int_mul(pooled, self.i64c(8), "").unwrap();
        let buffer = self.load_word(pool, at, i64t.into(), Word::Allocator).into_int_value();
        // The free bit: bits[id / 64] &= !(1 << id % 64).
        let bits = self.load_word(self.vm, self.i64c(table.bits as u64), i8p, Word::Allocator).into_pointer_value();
        let index = self.b.build_right_shift(id, self.i64c(6), false, "").unwrap();
        let at = self.b.build_int_mul(index, self.i64c(8), "").unwrap();
        let w = self.load_word(bits, at, i64t.into(), Word::Allocator).into_int_value();
        let bit = self.b.build_and(id, self.i64c(63), "").unwrap();
        let mask = self.b.build_left_shift(one, bit, "").unwrap();
        let mask = self.b.build_not(mask, "").unwrap();
        let w = self.b.build_and(w, mask, "").unwrap();
        self.store_word(bits, at, w.into(), Word::Allocator);
        (id, buffer, slow)
    }

    /// Ends an inline allocation: the fast path (where the builder is) jumps to a join
    /// block, the slow path calls the runtime (`call` emits the call and returns its word),
    /// checks for an exception, and joins; the join's phi is the new value.
    fn allocation_join(&mut self, fast_value: IntValue<'ctx>, slow: BasicBlock<'ctx>, call: impl FnOnce(&mut Self) -> IntValue<'ctx>) -> IntValue<'ctx> {
        let join = self.ctx.append_basic_block(self.f, "alloc_done");
        let fast_end = self.b.get_insert_block().expect("positioned");
        self.b.build_unconditional_branch(join).unwrap();
        self.b.position_at_end(slow);
        let r = call(self);
        self.check_sentinel(r);
        let slow_end = self.b.get_insert_block().expect("positioned");
        self.b.build_unconditional_branch(join).unwrap();
        self.b.position_at_end(join);
        let phi = self.b.build_phi(self.t.i64, "").unwrap();
        phi.add_incoming(&[(&fast_value, fast_end), (&r, slow_end)]);
        phi.as_basic_value().into_int_value()
    }

    /// `AllocateObject`: the inline allocation of a plain object of root shape `shape` (the
    /// shared fast path, then the record: shape, and the slots vector with the pool buffer,
    /// length 0 and the pool's capacity); the slow path calls the runtime, which may collect
    /// and refills the free list and the pool.
    pub(super) fn allocate_object(&mut self, shape: u32) -> Result<IntValue<'ctx>, LirError> {
        let l = LAYOUT;
        let table = FreeList { ids: l.vm_object_free_ids, count: l.vm_object_free_count, bits: l.vm_object_free_bits };
        let (id, buffer, slow) = self.allocation_fast_path(vm::gc::NEW_OBJECT_BYTES, table);
        let value = self.b.build_or(id, self.i64c(tagged::TAG_OBJECT << tagged::TAG_SHIFT), "").unwrap();
        let rec = self.record(value, l.vm_objects, l.object_size);
        self.store_word(rec, self.i64c(l.object_shape as u64), self.i32c(shape as i32).into(), Word::Shape);
        self.store_word(rec, self.i64c(l.object_slots as u64), buffer.into(), Word::SlotsPointer);
        self.store_word(rec, self.i64c(l.object_slots_len as u64), self.i64c(0).into(), Word::SlotsHeader);
        self.store_word(rec, self.i64c(l.object_slots_cap as u64), self.i64c(vm::gc::POOL_SLOTS as u64).into(), Word::SlotsHeader);
        let h = self.helper("seabed_rt_allocate_object", runtime::rt_allocate_object as *const () as usize, Some(self.t.i64.into()), &[self.t.i8p.into(), self.t.i32.into()], false);
        Ok(self.allocation_join(value, slow, |this| {
            this.call(h, &[this.vm.into(), this.i32c(shape as i32).into()]).expect("returns a word").into_int_value()
        }))
    }

    /// `AllocateArray`: the inline allocation of an array literal of `values` (at most
    /// `POOL_SLOTS`): the shared fast path, the elements stored into the pool buffer, then
    /// the record (elements vector, kind and holey flag computed from the values as
    /// `Array::new` does); the slow path passes the values to the runtime in the call buffer.
    pub(super) fn allocate_array(&mut self, values: &[IntValue<'ctx>], buf: PointerValue<'ctx>) -> Result<IntValue<'ctx>, LirError> {
        let l = LAYOUT;
        let i8t = self.ctx.i8_type();
        let table = FreeList { ids: l.vm_array_free_ids, count: l.vm_array_free_count, bits: l.vm_array_free_bits };
        let bytes = vm::gc::ARRAY_BYTES + values.len() as u64 * 8;
        let (id, buffer, slow) = self.allocation_fast_path(bytes, table);
        let elements = self.b.build_int_to_ptr(buffer, self.t.i8p, "").unwrap();
        let mut kind = i8t.const_int(ElementsKind::Int32 as u64, false);
        let mut holey = self.ctx.bool_type().const_zero();
        for (k, &v) in values.iter().enumerate() {
            self.store_word(elements, self.i64c(k as u64 * 8), v.into(), Word::Element);
            let (kind_v, is_hole) = self.kind_of(v);
            let wider = self.b.build_int_compare(IntPredicate::UGT, kind_v, kind, "").unwrap();
            kind = self.b.build_select(wider, kind_v, kind, "").unwrap().into_int_value();
            holey = self.b.build_or(holey, is_hole, "").unwrap();
        }
        let value = self.b.build_or(id, self.i64c(tagged::TAG_ARRAY << tagged::TAG_SHIFT), "").unwrap();
        let rec = self.record(value, l.vm_arrays, l.array_size);
        self.store_word(rec, self.i64c(l.array_elements as u64), buffer.into(), Word::ElementsPointer);
        self.store_word(rec, self.i64c(l.array_length as u64), self.i64c(values.len() as u64).into(), Word::ArrayLength);
        self.store_word(rec, self.i64c(l.array_capacity as u64), self.i64c(vm::gc::POOL_SLOTS as u64).into(), Word::ArrayLength);
        self.store_word(rec, self.i64c(l.array_kind as u64), kind.into(), Word::ElementsKind);
        let holey = self.b.build_int_z_extend(holey, i8t, "").unwrap();
        self.store_word(rec, self.i64c(l.array_holey as u64), holey.into(), Word::Holey);
        let h = self.helper(
            "seabed_rt_allocate_array",
            runtime::rt_allocate_array as *const () as usize,
            Some(self.t.i64.into()),
            &[self.t.i8p.into(), self.t.i64p.into(), self.t.i32.into()],
            false,
        );
        let values = values.to_vec();
        Ok(self.allocation_join(value, slow, |this| {
            for (k, &v) in values.iter().enumerate() {
                // SAFETY: the call buffer holds the largest runtime call's or array's words.
                let p = unsafe { this.b.build_in_bounds_gep(buf, &[this.i64c(k as u64)], "") }.unwrap();
                this.b.build_store(p, v).unwrap();
            }
            let n = this.i32c(values.len() as i32);
            this.call(h, &[this.vm.into(), buf.into(), n.into()]).expect("returns a word").into_int_value()
        }))
    }

    /// `StoreFieldTransition`: adds slot `slot` holding `value` to `object` (which has the
    /// transition's source shape, so `slot` is its slot count) and gives it shape `to`. In
    /// place while the slots have capacity; else the runtime grows them (and may collect).
    pub(super) fn store_field_transition(&mut self, object: IntValue<'ctx>, to: u32, slot: u32, value: IntValue<'ctx>) -> Result<(), LirError> {
        let l = LAYOUT;
        let i64t = self.t.i64;
        let i8p: BasicTypeEnum = self.t.i8p.into();
        let rec = self.record(object, l.vm_objects, l.object_size);
        let cap = self.load_word(rec, self.i64c(l.object_slots_cap as u64), i64t.into(), Word::SlotsHeader).into_int_value();
        let fits = self.b.build_int_compare(IntPredicate::ULT, self.i64c(slot as u64), cap, "").unwrap();
        let fast = self.ctx.append_basic_block(self.f, "transition_fast");
        let slow = self.ctx.append_basic_block(self.f, "transition_slow");
        let join = self.ctx.append_basic_block(self.f, "transition_done");
        let full = self.b.build_not(fits, "").unwrap();
        self.cold_branch(full, slow, fast);

        self.b.position_at_end(fast);
        let slots = self.load_word(rec, self.i64c(l.object_slots as u64), i8p, Word::SlotsPointer).into_pointer_value();
        self.store_word(slots, self.i64c(slot as u64 * 8), value.into(), Word::Field(slot));
        self.store_word(rec, self.i64c(l.object_slots_len as u64), self.i64c(slot as u64 + 1).into(), Word::SlotsHeader);
        self.store_word(rec, self.i64c(l.object_shape as u64), self.i32c(to as i32).into(), Word::Shape);
        self.b.build_unconditional_branch(join).unwrap();

        self.b.position_at_end(slow);
        let h = self.helper(
            "seabed_rt_store_transition",
            runtime::rt_store_transition as *const () as usize,
            Some(i64t.into()),
            &[self.t.i8p.into(), i64t.into(), self.t.i32.into(), i64t.into()],
            false,
        );
        let r = self.call(h, &[self.vm.into(), object.into(), self.i32c(to as i32).into(), value.into()]).expect("returns a word").into_int_value();
        self.check_sentinel(r);
        self.b.build_unconditional_branch(join).unwrap();
        self.b.position_at_end(join);
        Ok(())
    }

    /// Branches to the exception-propagation block when a runtime call returned the
    /// exception sentinel; continues in a fresh block otherwise.
    pub(super) fn check_sentinel(&mut self, r: IntValue<'ctx>) {
        let threw = self.b.build_int_compare(IntPredicate::EQ, r, self.i64c(EXCEPTION_SENTINEL), "").unwrap();
        let propagate = self.propagate_block();
        let cont = self.ctx.append_basic_block(self.f, "");
        self.cold_branch(threw, propagate, cont);
        self.b.position_at_end(cont);
    }
}
