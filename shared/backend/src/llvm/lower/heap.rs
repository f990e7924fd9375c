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

use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::{BasicValue, BasicValueEnum, InstructionValue, IntValue, PointerValue};
use inkwell::{AddressSpace, IntPredicate};

use ir::ops::Access;
use ir::tagged;
use vm::heap::ElementsKind;

use super::Lower;

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
    Shape,
    SlotsPointer,
    Field(u32),
    ArrayLength,
    ElementsPointer,
    Element,
    ElementsKind,
    Global(u32),
}

impl Word {
    /// The type node name and the parent's name (`None`: the root).
    fn names(self) -> (String, Option<&'static str>) {
        match self {
            Word::VmTables => ("vm-tables".into(), None),
            Word::CodeEntry => ("code-entry".into(), None),
            Word::CallDepth => ("call-depth".into(), None),
            Word::Shape => ("shape".into(), None),
            Word::SlotsPointer => ("object.slots".into(), Some("shape")),
            Word::Field(n) => (format!("field.{n}"), Some("field")),
            Word::ArrayLength => ("array-length".into(), None),
            Word::ElementsPointer => ("array.elements".into(), Some("array-length")),
            Word::Element => ("element".into(), None),
            Word::ElementsKind => ("elements-kind".into(), None),
            Word::Global(n) => (format!("global.{n}"), Some("global")),
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
    fn location(&mut self, access: Access, object: Option<IntValue<'ctx>>, index: Option<IntValue<'ctx>>) -> Result<Location<'ctx>, String> {
        let l = LAYOUT;
        let i8p: BasicTypeEnum = self.t.i8p.into();
        let object = || object.ok_or_else(|| format!("{access:?} needs an object"));
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
                let offset = self.element_offset(index.ok_or("an element access needs an index")?);
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
    pub(super) fn heap_load(&mut self, access: Access, object: Option<IntValue<'ctx>>, index: Option<IntValue<'ctx>>) -> Result<BasicValueEnum<'ctx>, String> {
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
    pub(super) fn heap_store(&mut self, access: Access, object: Option<IntValue<'ctx>>, index: Option<IntValue<'ctx>>, value: IntValue<'ctx>) -> Result<(), String> {
        if matches!(access, Access::Shape | Access::ArrayLength) {
            return Err(format!("compiled code never stores {access:?}"));
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

    /// `kind = max(kind, kind_of(value))`, the element kind lattice of `vm::heap`: int32 and
    /// the hole are `Int32`, other numbers `Double`, anything else `Any`.
    fn generalize_kind(&mut self, rec: PointerValue<'ctx>, kind_offset: usize, value: IntValue<'ctx>) {
        let i8t = self.ctx.i8_type();
        let is_int = self.tag_is(value, tagged::TAG_INT);
        let is_hole = self.b.build_int_compare(IntPredicate::EQ, value, self.i64c(vm::Value::HOLE.bits()), "").unwrap();
        let int_kind = self.b.build_or(is_int, is_hole, "").unwrap();
        let limit = self.i64c(tagged::TAG_SPECIAL << tagged::TAG_SHIFT);
        let is_number = self.b.build_int_compare(IntPredicate::ULT, value, limit, "").unwrap();
        let c = |k: ElementsKind| i8t.const_int(k as u64, false);
        let number_kind = self.b.build_select(is_number, c(ElementsKind::Double), c(ElementsKind::Any), "").unwrap().into_int_value();
        let kind = self.b.build_select(int_kind, c(ElementsKind::Int32), number_kind, "").unwrap().into_int_value();
        let old = self.load_word(rec, self.i64c(kind_offset as u64), i8t.into(), Word::ElementsKind).into_int_value();
        let wider = self.b.build_int_compare(IntPredicate::UGT, kind, old, "").unwrap();
        let new = self.b.build_select(wider, kind, old, "").unwrap();
        self.store_word(rec, self.i64c(kind_offset as u64), new, Word::ElementsKind);
    }
}
