//! LIR → Cranelift IR.
//!
//! The function has the LLVM backend's signature `i64 (vm, args, argc)` in the host's
//! default calling convention. Representations map to Cranelift types: tagged → `i64`,
//! int32 → `i32`, float64 → `f64`, bit → `i8` (0/1, what `icmp` produces). LIR block
//! parameters are Cranelift block parameters; no `Variable`s are needed (LIR is already SSA
//! in dominance order). Two-result operations keep the int32 result as the value and the flag
//! on the side for `Projection[1]`; int32 overflow is computed in 64 bits. Checks branch to a
//! cold exit block (one per representative exit, as in LLVM, with the failed flag as its
//! block parameter) that stores the live values and calls the exit stub ([`super::exits`]).
//! A LIR block entered only by the cold edges of profiled branches is cold too
//! ([`cold_blocks`]): Cranelift lays cold blocks out after the rest of the function, where
//! LLVM's block placement puts the unlikely successor that the same profile's
//! `branch_weights` name.
//! Runtime helpers are called indirectly through their absolute addresses, as LLVM's global
//! mappings make them absolute too.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, AbiParam, Block, InstBuilder, MemFlags, SigRef, Signature, StackSlot, StackSlotData, StackSlotKind, Type};
use cranelift_codegen::isa::CallConv;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};

use frontend::bytecode::FuncId;
use frontend::hash::IdHashMap;
use ir::frame::ExitId;
use ir::lir::{Function, Jump, Terminator};
use ir::ops::{Access, Op, Rep, RuntimeFn};
use ir::tagged;
use vm::heap::ElementsKind;

use super::exits::{exit_stub, ExitSite};
use super::ClifOptions;
use crate::direct_calls::DirectCalls;
use crate::error::{LirError, MachineBackend};
use crate::runtime::{self, RuntimeSite, EXCEPTION_SENTINEL};

type V = cranelift_codegen::ir::Value;

const LAYOUT: vm::layout::HeapLayout = vm::layout::heap_layout();
const I8: Type = types::I8;
const I32: Type = types::I32;
const I64: Type = types::I64;
const F64: Type = types::F64;

/// What lowering found out that compilation needs.
pub(super) struct Lowered {
    /// Words the caller must provide in `args` (highest `Parameter` index + 1).
    pub param_count: usize,
    /// Exit blocks emitted.
    pub exit_blocks: usize,
}

struct Lower<'a, 'b> {
    b: FunctionBuilder<'b>,
    lir: &'a Function,
    opts: &'a ClifOptions,
    cc: CallConv,
    vm: V,
    args: V,
    vals: Vec<Option<V>>,
    /// The current instruction's operand values; one buffer reused for every instruction
    /// (no allocation per instruction, as LLVM's lowering has none).
    operands: Vec<Option<V>>,
    flags: Vec<Option<V>>,
    blocks: Vec<Option<Block>>,
    sigs: IdHashMap<&'static str, SigRef>,
    call_buf: Option<StackSlot>,
    math_buf: Option<StackSlot>,
    direct_buf: Option<StackSlot>,
    exit_buf: Option<StackSlot>,
    /// The direct calls: their callees and the words of `direct_buf` ([`crate::direct_calls`]).
    direct_calls: DirectCalls<'a>,
    propagate: Option<Block>,
    /// In a block ending in `CheckException`: its call and the catch block, where that call
    /// goes instead of [`Self::propagate_block`] when it returns the sentinel.
    catch_target: Option<(ir::lir::Value, Block)>,
    runtime_sites: &'a [RuntimeSite],
    runtime_site_of: IdHashMap<(usize, usize), usize>,
    exit_sites: &'a [ExitSite],
    exit_rep: Vec<ExitId>,
    exit_blocks: IdHashMap<ExitId, Block>,
    param_count: usize,
}

/// Lowers `lir` into `func` (whose signature is set here).
pub(super) fn lower(
    func: &mut cranelift_codegen::ir::Function,
    cc: CallConv,
    lir: &Function,
    opts: &ClifOptions,
    runtime_sites: &[RuntimeSite],
    runtime_site_of: IdHashMap<(usize, usize), usize>,
    exit_sites: &[ExitSite],
) -> Result<Lowered, LirError> {
    if lir.blocks.is_empty() {
        return Err(LirError::NoBlocks);
    }
    if !lir.blocks[0].params.is_empty() {
        return Err(LirError::EntryParameters(MachineBackend::Cranelift));
    }
    func.signature = sig(cc, &[I64, I64, I32], Some(I64));
    let mut fctx = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(func, &mut fctx);
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    let vm = b.block_params(entry)[0];
    let args = b.block_params(entry)[1];
    let mut l = Lower {
        b,
        lir,
        opts,
        cc,
        vm,
        args,
        vals: vec![None; lir.reps.len()],
        operands: Vec::new(),
        flags: vec![None; lir.reps.len()],
        blocks: vec![None; lir.blocks.len()],
        sigs: IdHashMap::default(),
        call_buf: None,
        math_buf: None,
        direct_buf: None,
        exit_buf: None,
        direct_calls: DirectCalls::default(),
        propagate: None,
        catch_target: None,
        runtime_sites,
        runtime_site_of,
        exit_sites,
        exit_rep: crate::lir_info::shared_exits(lir),
        exit_blocks: IdHashMap::default(),
        param_count: 0,
    };
    l.run()?;
    let exit_blocks = l.exit_blocks.len();
    let param_count = l.param_count;
    l.b.seal_all_blocks();
    l.b.finalize();
    Ok(Lowered { param_count, exit_blocks })
}

fn sig(cc: CallConv, params: &[Type], ret: Option<Type>) -> Signature {
    let mut s = Signature::new(cc);
    s.params.extend(params.iter().map(|&t| AbiParam::new(t)));
    s.returns.extend(ret.map(AbiParam::new));
    s
}

fn ty(rep: Rep) -> Type {
    match rep {
        Rep::Tagged => I64,
        Rep::Int32 => I32,
        Rep::Float64 => F64,
        Rep::Bit => I8,
    }
}

fn mem() -> MemFlags {
    MemFlags::trusted()
}

/// Which LIR blocks are cold: those (but the entry) whose every incoming edge, from the
/// reachable blocks `order`, is the cold edge of a profiled branch
/// ([`ir::ops::BranchProfile::cold_edge`]: taken in at most a fifth of the branch's runs). A
/// block that one other edge enters stays in line, so a join after a one-sided branch is not
/// moved away from its hot predecessor.
fn cold_blocks(lir: &Function, order: &[usize]) -> Vec<bool> {
    // Per block: (edges in, cold edges in).
    let mut edges = vec![(0u32, 0u32); lir.blocks.len()];
    for &b in order {
        let term = &lir.blocks[b].term;
        let cold = match term {
            Terminator::Branch { profile, .. } => profile.cold_edge(),
            _ => None,
        };
        // A catch block is entered only when a call threw.
        if let Some(catch) = term.catch_block() {
            if let Some(e) = edges.get_mut(catch.0 as usize) {
                *e = (e.0 + 1, e.1 + 1);
            }
        }
        // `successors` lists the true edge first.
        for (k, j) in term.successors().into_iter().enumerate() {
            if let Some(e) = edges.get_mut(j.block.0 as usize) {
                e.0 += 1;
                e.1 += (cold == Some(k == 0)) as u32;
            }
        }
    }
    edges.iter().enumerate().map(|(b, &(all, cold))| b != 0 && all > 0 && cold == all).collect()
}

impl Lower<'_, '_> {
    fn run(&mut self) -> Result<(), LirError> {
        let lir = self.lir;
        let order = crate::lir_info::reverse_post_order(lir);
        for &bi in &order {
            let blk = self.b.create_block();
            for &p in &lir.blocks[bi].params {
                let v = self.b.append_block_param(blk, ty(lir.rep(p)));
                self.vals[p.0 as usize] = Some(v);
            }
            self.blocks[bi] = Some(blk);
        }
        for (bi, cold) in cold_blocks(lir, &order).into_iter().enumerate() {
            if let (true, Some(blk)) = (cold, self.blocks[bi]) {
                self.b.set_cold_block(blk);
            }
        }
        self.make_buffers(&order);
        let b0 = self.blocks[0].ok_or(LirError::UnreachableEntry)?;
        self.b.ins().jump(b0, &[]);
        for &bi in &order {
            self.b.switch_to_block(self.blocks[bi].expect("created above"));
            self.block(bi)?;
        }
        Ok(())
    }

    fn slot(&mut self, bytes: u32) -> StackSlot {
        self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, bytes, 3))
    }

    fn make_buffers(&mut self, order: &[usize]) {
        let (mut call_words, mut math_words, mut exit_words) = (0u32, 0u32, 0u32);
        for &bi in order {
            for inst in &self.lir.blocks[bi].insts {
                match inst.op {
                    Op::CallRuntime { function: RuntimeFn::MathFunction(_), .. } => math_words = math_words.max(inst.args.len() as u32),
                    Op::CallRuntime { .. } | Op::AllocateArray { .. } => call_words = call_words.max(inst.args.len() as u32),
                    Op::Parameter { index } => self.param_count = self.param_count.max(index as usize + 1),
                    _ => {}
                }
                if let Some(e) = inst.exit {
                    exit_words = exit_words.max(self.exit_sites[e.0 as usize].values.len() as u32);
                }
            }
            if let Terminator::Deoptimize(e) = self.lir.blocks[bi].term {
                exit_words = exit_words.max(self.exit_sites[e.0 as usize].values.len() as u32);
            }
        }
        if call_words > 0 {
            self.call_buf = Some(self.slot(call_words * 8));
        }
        if math_words > 0 {
            self.math_buf = Some(self.slot(math_words * 8));
        }
        if exit_words > 0 {
            self.exit_buf = Some(self.slot(exit_words * 8));
        }
        // The direct calls of every block, reachable or not (LLVM's plan reads `order`).
        let opts = self.opts;
        self.direct_calls = DirectCalls::plan(self.lir, 0..self.lir.blocks.len(), &opts.param_counts, &opts.hidden_params);
        if self.direct_calls.buffer_words > 0 {
            self.direct_buf = Some(self.slot(self.direct_calls.buffer_words * 8));
        }
    }

    fn val(&self, v: ir::lir::Value) -> Result<V, LirError> {
        self.vals.get(v.0 as usize).copied().flatten().ok_or(LirError::Undefined { value: v })
    }

    fn i64c(&mut self, x: u64) -> V {
        self.b.ins().iconst(I64, x as i64)
    }

    fn i32c(&mut self, x: i32) -> V {
        self.b.ins().iconst(I32, x as i64)
    }

    /// A value as a 64-bit word (tagged as is; int32 and bit zero-extended; doubles' bits).
    fn word(&mut self, v: ir::lir::Value) -> Result<V, LirError> {
        let x = self.val(v)?;
        Ok(match self.lir.rep(v) {
            Rep::Tagged => x,
            Rep::Int32 | Rep::Bit => self.b.ins().uextend(I64, x),
            Rep::Float64 => self.b.ins().bitcast(I64, MemFlags::new(), x),
        })
    }

    /// Calls the helper at `addr` with signature `params -> ret`.
    fn call_helper(&mut self, name: &'static str, addr: usize, params: &[Type], ret: Option<Type>, args: &[V]) -> Option<V> {
        let sr = match self.sigs.get(name) {
            Some(&s) => s,
            None => {
                let s = self.b.import_signature(sig(self.cc, params, ret));
                self.sigs.insert(name, s);
                s
            }
        };
        let callee = self.i64c(addr as u64);
        let inst = self.b.ins().call_indirect(sr, callee, args);
        self.b.inst_results(inst).first().copied()
    }

    fn float_helper(&mut self, name: &'static str, addr: usize, x: V, y: V) -> V {
        self.call_helper(name, addr, &[F64, F64], Some(F64), &[x, y]).expect("returns a double")
    }

    fn tag_is(&mut self, bits: V, tag: u64) -> V {
        let top = self.b.ins().ushr_imm(bits, tagged::TAG_SHIFT as i64);
        self.b.ins().icmp_imm(IntCC::Equal, top, tag as i64)
    }

    /// Adds `jump`'s arguments; returns the target and them.
    fn jump_args(&self, j: &Jump) -> Result<(Block, Vec<V>), LirError> {
        let blk = self.blocks.get(j.block.0 as usize).copied().flatten().ok_or(LirError::MissingBlock { block: j.block.0 })?;
        let args = j.args.iter().map(|&a| self.val(a)).collect::<Result<Vec<_>, _>>()?;
        Ok((blk, args))
    }

    fn propagate_block(&mut self) -> Block {
        if let Some(b) = self.propagate {
            return b;
        }
        let here = self.b.current_block().expect("positioned");
        let blk = self.b.create_block();
        self.b.set_cold_block(blk);
        self.b.switch_to_block(blk);
        let s = self.i64c(EXCEPTION_SENTINEL);
        self.b.ins().return_(&[s]);
        self.b.switch_to_block(here);
        self.propagate = Some(blk);
        blk
    }

    /// Stores the exit's live values into the exit buffer and returns the stub's result.
    fn emit_exit(&mut self, exit: ExitId, failed: V) -> Result<(), LirError> {
        let site = &self.exit_sites[exit.0 as usize];
        let values = site.values.clone();
        let site_addr = site as *const ExitSite as u64;
        for (k, &(id, _)) in values.iter().enumerate() {
            let w = self.word(ir::lir::Value(id))?;
            let slot = self.exit_buf.expect("sized by make_buffers");
            self.b.ins().stack_store(w, slot, (k * 8) as i32);
        }
        let buf = match self.exit_buf {
            Some(s) => self.b.ins().stack_addr(I64, s, 0),
            None => self.i64c(0),
        };
        let site_ptr = self.i64c(site_addr);
        let vm = self.vm;
        let r = self.call_helper("seabed_clif_exit", exit_stub as *const () as usize, &[I64, I64, I32, I64], Some(I64), &[vm, site_ptr, failed, buf]).expect("returns a word");
        self.b.ins().return_(&[r]);
        Ok(())
    }

    /// `kind = max(kind, kind_of(value))` (see `llvm::lower::heap`).
    fn generalize_kind(&mut self, rec: V, value: V) {
        let (kind, _) = self.kind_of(value);
        let old = self.b.ins().load(I8, mem(), rec, LAYOUT.array_kind as i32);
        let wider = self.b.ins().icmp(IntCC::UnsignedGreaterThan, kind, old);
        let new = self.b.ins().select(wider, kind, old);
        self.b.ins().store(mem(), new, rec, LAYOUT.array_kind as i32);
    }

    /// The fast path both inline allocations share (see `llvm::lower::heap`, which this
    /// follows instruction for instruction): test the inline budget (a cell and `bytes`), the
    /// table's free list and the slot-buffer pool, branching to a cold slow block when any is
    /// exhausted; take from the budget, pop an id (clearing its free bit) and a buffer.
    /// Returns the id, the buffer's address and the slow block; the builder is in the fast
    /// path.
    fn allocation_fast_path(&mut self, bytes: u64, ids: usize, count: usize, bits: usize) -> (V, V, Block) {
        let l = LAYOUT;
        let vm = self.vm;
        let cells = self.b.ins().load(I64, mem(), vm, l.vm_inline_cells_left as i32);
        let budget = self.b.ins().load(I64, mem(), vm, l.vm_inline_bytes_left as i32);
        let free = self.b.ins().load(I64, mem(), vm, count as i32);
        let pooled = self.b.ins().load(I64, mem(), vm, l.vm_slot_pool_count as i32);
        let no_cell = self.b.ins().icmp_imm(IntCC::Equal, cells, 0);
        let no_bytes = self.b.ins().icmp_imm(IntCC::UnsignedLessThan, budget, bytes as i64);
        let no_id = self.b.ins().icmp_imm(IntCC::Equal, free, 0);
        let no_buffer = self.b.ins().icmp_imm(IntCC::Equal, pooled, 0);
        let a = self.b.ins().bor(no_cell, no_bytes);
        let b = self.b.ins().bor(no_id, no_buffer);
        let exhausted = self.b.ins().bor(a, b);
        let (fast, slow) = (self.b.create_block(), self.b.create_block());
        self.b.set_cold_block(slow);
        self.b.ins().brif(exhausted, slow, &[], fast, &[]);
        self.b.switch_to_block(fast);
        let cells = self.b.ins().iadd_imm(cells, -1);
        self.b.ins().store(mem(), cells, vm, l.vm_inline_cells_left as i32);
        let budget = self.b.ins().iadd_imm(budget, -(bytes as i64));
        self.b.ins().store(mem(), budget, vm, l.vm_inline_bytes_left as i32);
        let free = self.b.ins().iadd_imm(free, -1);
        self.b.ins().store(mem(), free, vm, count as i32);
        let id_list = self.b.ins().load(I64, mem(), vm, ids as i32);
        let at = self.b.ins().ishl_imm(free, 2);
        let at = self.b.ins().iadd(id_list, at);
        let id = self.b.ins().load(I32, mem(), at, 0);
        let id = self.b.ins().uextend(I64, id);
        let pooled = self.b.ins().iadd_imm(pooled, -1);
        self.b.ins().store(mem(), pooled, vm, l.vm_slot_pool_count as i32);
        let pool = self.b.ins().load(I64, mem(), vm, l.vm_slot_pool as i32);
        let at = self.b.ins().ishl_imm(pooled, 3);
        let at = self.b.ins().iadd(pool, at);
        let buffer = self.b.ins().load(I64, mem(), at, 0);
        // The free bit: bits[id / 64] &= !(1 << id % 64).
        let words = self.b.ins().load(I64, mem(), vm, bits as i32);
        let index = self.b.ins().ushr_imm(id, 6);
        let at = self.b.ins().ishl_imm(index, 3);
        let at = self.b.ins().iadd(words, at);
        let w = self.b.ins().load(I64, mem(), at, 0);
        let one = self.i64c(1);
        let bit = self.b.ins().band_imm(id, 63);
        let mask = self.b.ins().ishl(one, bit);
        let w = self.b.ins().band_not(w, mask);
        self.b.ins().store(mem(), w, at, 0);
        (id, buffer, slow)
    }

    /// Ends an inline allocation: the fast path jumps to a join block with `fast_value`, the
    /// slow path (`call` emits the runtime call) checks for an exception and joins with the
    /// call's result; returns the join's parameter.
    fn allocation_join(&mut self, fast_value: V, slow: Block, call: impl FnOnce(&mut Self) -> V) -> V {
        let join = self.b.create_block();
        let result = self.b.append_block_param(join, I64);
        self.b.ins().jump(join, &[fast_value]);
        self.b.switch_to_block(slow);
        let r = call(self);
        let threw = self.b.ins().icmp_imm(IntCC::Equal, r, EXCEPTION_SENTINEL as i64);
        let propagate = self.propagate_block();
        self.b.ins().brif(threw, propagate, &[], join, &[r]);
        self.b.switch_to_block(join);
        result
    }

    /// `AllocateObject` inline (`llvm::lower::heap::allocate_object`).
    fn allocate_object(&mut self, shape: u32) -> V {
        let l = LAYOUT;
        let (id, buffer, slow) = self.allocation_fast_path(vm::gc::NEW_OBJECT_BYTES, l.vm_object_free_ids, l.vm_object_free_count, l.vm_object_free_bits);
        let value = self.b.ins().bor_imm(id, (tagged::TAG_OBJECT << tagged::TAG_SHIFT) as i64);
        let rec = self.record(value, l.vm_objects, l.object_size);
        let shape_word = self.i32c(shape as i32);
        self.b.ins().store(mem(), shape_word, rec, l.object_shape as i32);
        self.b.ins().store(mem(), buffer, rec, l.object_slots as i32);
        let zero = self.i64c(0);
        self.b.ins().store(mem(), zero, rec, l.object_slots_len as i32);
        let cap = self.i64c(vm::gc::POOL_SLOTS as u64);
        self.b.ins().store(mem(), cap, rec, l.object_slots_cap as i32);
        self.allocation_join(value, slow, |this| {
            let (vm, s) = (this.vm, this.i32c(shape as i32));
            this.call_helper("seabed_rt_allocate_object", runtime::rt_allocate_object as *const () as usize, &[I64, I32], Some(I64), &[vm, s]).expect("returns a word")
        })
    }

    /// `AllocateArray` inline (`llvm::lower::heap::allocate_array`).
    fn allocate_array(&mut self, values: &[V]) -> V {
        let l = LAYOUT;
        let bytes = vm::gc::ARRAY_BYTES + values.len() as u64 * 8;
        let (id, buffer, slow) = self.allocation_fast_path(bytes, l.vm_array_free_ids, l.vm_array_free_count, l.vm_array_free_bits);
        let mut kind = self.b.ins().iconst(I8, ElementsKind::Int32 as i64);
        let mut holey = self.b.ins().iconst(I8, 0);
        for (k, &x) in values.iter().enumerate() {
            self.b.ins().store(mem(), x, buffer, (k * 8) as i32);
            let (kind_x, is_hole) = self.kind_of(x);
            let wider = self.b.ins().icmp(IntCC::UnsignedGreaterThan, kind_x, kind);
            kind = self.b.ins().select(wider, kind_x, kind);
            holey = self.b.ins().bor(holey, is_hole);
        }
        let value = self.b.ins().bor_imm(id, (tagged::TAG_ARRAY << tagged::TAG_SHIFT) as i64);
        let rec = self.record(value, l.vm_arrays, l.array_size);
        self.b.ins().store(mem(), buffer, rec, l.array_elements as i32);
        let len = self.i64c(values.len() as u64);
        self.b.ins().store(mem(), len, rec, l.array_length as i32);
        let cap = self.i64c(vm::gc::POOL_SLOTS as u64);
        self.b.ins().store(mem(), cap, rec, l.array_capacity as i32);
        self.b.ins().store(mem(), kind, rec, l.array_kind as i32);
        self.b.ins().store(mem(), holey, rec, l.array_holey as i32);
        let values = values.to_vec();
        self.allocation_join(value, slow, |this| {
            for (k, &x) in values.iter().enumerate() {
                this.b.ins().stack_store(x, this.call_buf.expect("sized"), (k * 8) as i32);
            }
            let buf = match this.call_buf {
                Some(s) => this.b.ins().stack_addr(I64, s, 0),
                None => this.i64c(0),
            };
            let (vm, n) = (this.vm, this.i32c(values.len() as i32));
            this.call_helper("seabed_rt_allocate_array", runtime::rt_allocate_array as *const () as usize, &[I64, I64, I32], Some(I64), &[vm, buf, n]).expect("returns a word")
        })
    }

    /// `StoreFieldTransition`: in place while the slots have capacity, else the runtime
    /// (`llvm::lower::heap::store_field_transition`).
    fn store_field_transition(&mut self, object: V, to: u32, slot: u32, value: V) {
        let l = LAYOUT;
        let rec = self.record(object, l.vm_objects, l.object_size);
        let cap = self.b.ins().load(I64, mem(), rec, l.object_slots_cap as i32);
        let full = self.b.ins().icmp_imm(IntCC::UnsignedLessThanOrEqual, cap, slot as i64);
        let (fast, slow, join) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        self.b.set_cold_block(slow);
        self.b.ins().brif(full, slow, &[], fast, &[]);
        self.b.switch_to_block(fast);
        let slots = self.b.ins().load(I64, mem(), rec, l.object_slots as i32);
        self.b.ins().store(mem(), value, slots, (slot * 8) as i32);
        let len = self.i64c(slot as u64 + 1);
        self.b.ins().store(mem(), len, rec, l.object_slots_len as i32);
        let shape = self.i32c(to as i32);
        self.b.ins().store(mem(), shape, rec, l.object_shape as i32);
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(slow);
        let (vm, s) = (self.vm, self.i32c(to as i32));
        let r = self
            .call_helper("seabed_rt_store_transition", runtime::rt_store_transition as *const () as usize, &[I64, I64, I32, I64], Some(I64), &[vm, object, s, value])
            .expect("returns a word");
        let threw = self.b.ins().icmp_imm(IntCC::Equal, r, EXCEPTION_SENTINEL as i64);
        let propagate = self.propagate_block();
        self.b.ins().brif(threw, propagate, &[], join, &[]);
        self.b.switch_to_block(join);
    }

    /// The elements kind of one value as an `i8`, and whether it is the hole (an `i8` 0/1).
    fn kind_of(&mut self, value: V) -> (V, V) {
        let is_int = self.tag_is(value, tagged::TAG_INT);
        let is_hole = self.b.ins().icmp_imm(IntCC::Equal, value, vm::Value::HOLE.bits() as i64);
        let int_kind = self.b.ins().bor(is_int, is_hole);
        let limit = self.i64c(tagged::TAG_SPECIAL << tagged::TAG_SHIFT);
        let is_number = self.b.ins().icmp(IntCC::UnsignedLessThan, value, limit);
        let c = |this: &mut Self, k: ElementsKind| this.b.ins().iconst(I8, k as i64);
        let (kd, ka, ki) = (c(self, ElementsKind::Double), c(self, ElementsKind::Any), c(self, ElementsKind::Int32));
        let number_kind = self.b.ins().select(is_number, kd, ka);
        let kind = self.b.ins().select(int_kind, ki, number_kind);
        (kind, is_hole)
    }

    /// The context function value `value` carries (`ClosureContext`): the context word of its
    /// closure record, record 0 (context `undefined`) for a canonical function object and for
    /// any value that is not a function, so the load is safe wherever it is placed.
    fn closure_context(&mut self, value: V) -> V {
        let l = LAYOUT;
        let base = self.b.ins().load(I64, mem(), self.vm, l.vm_closures as i32);
        let is_function = self.tag_is(value, tagged::TAG_FUNCTION);
        let payload = self.b.ins().band_imm(value, tagged::PAYLOAD_MASK as i64);
        let instance = self.b.ins().ushr_imm(payload, tagged::FUNCTION_ID_BITS as i64);
        let zero = self.i64c(0);
        let instance = self.b.ins().select(is_function, instance, zero);
        let offset = self.b.ins().imul_imm(instance, l.closure_size as i64);
        let rec = self.b.ins().iadd(base, offset);
        self.b.ins().load(I64, mem(), rec, l.closure_context as i32)
    }

    /// The record of object/array `value`: `*(vm + table) + payload * size`.
    fn record(&mut self, value: V, table: usize, size: usize) -> V {
        let base = self.b.ins().load(I64, mem(), self.vm, table as i32);
        let id = self.b.ins().band_imm(value, tagged::PAYLOAD_MASK as i64);
        let off = self.b.ins().imul_imm(id, size as i64);
        self.b.ins().iadd(base, off)
    }

    /// The address (base, constant offset) of a heap location, and the array record for
    /// element accesses.
    fn location(&mut self, access: Access, object: Option<V>, index: Option<V>) -> Result<(V, i32, Option<V>), LirError> {
        let l = LAYOUT;
        let object = || object.ok_or(LirError::NeedsObject { access });
        Ok(match access {
            Access::Field(n) => {
                let rec = self.record(object()?, l.vm_objects, l.object_size);
                let slots = self.b.ins().load(I64, mem(), rec, l.object_slots as i32);
                (slots, (n * 8) as i32, None)
            }
            Access::Shape => (self.record(object()?, l.vm_objects, l.object_size), l.object_shape as i32, None),
            Access::ArrayLength => (self.record(object()?, l.vm_arrays, l.array_size), l.array_length as i32, None),
            Access::Element => {
                let rec = self.record(object()?, l.vm_arrays, l.array_size);
                let elements = self.b.ins().load(I64, mem(), rec, l.array_elements as i32);
                let index = index.ok_or(LirError::NeedsIndex { access })?;
                let wide = self.b.ins().uextend(I64, index);
                let off = self.b.ins().ishl_imm(wide, 3);
                (self.b.ins().iadd(elements, off), 0, Some(rec))
            }
            Access::Global(g) => {
                let globals = self.b.ins().load(I64, mem(), self.vm, l.vm_globals as i32);
                (globals, (g * 8) as i32, None)
            }
        })
    }

    /// Overflow-checked int32 arithmetic in 64 bits: the wrapped result and the flag.
    fn overflow(&mut self, op: Op, x: V, y: V) -> (V, V) {
        let (wx, wy) = (self.b.ins().sextend(I64, x), self.b.ins().sextend(I64, y));
        let wide = match op {
            Op::Int32AddWithOverflow => self.b.ins().iadd(wx, wy),
            Op::Int32SubWithOverflow => self.b.ins().isub(wx, wy),
            _ => self.b.ins().imul(wx, wy),
        };
        let r = self.b.ins().ireduce(I32, wide);
        let back = self.b.ins().sextend(I64, r);
        let o = self.b.ins().icmp(IntCC::NotEqual, back, wide);
        (r, o)
    }

    /// Rust's `x as i32` and whether it is inexact (round trip differs, or x is -0).
    fn try_int32(&mut self, x: V) -> (V, V, V) {
        let i = self.b.ins().fcvt_to_sint_sat(I32, x);
        let back = self.b.ins().fcvt_from_sint(F64, i);
        let same = self.b.ins().fcmp(FloatCC::Equal, back, x);
        let bits = self.b.ins().bitcast(I64, MemFlags::new(), x);
        let mz = self.b.ins().icmp_imm(IntCC::Equal, bits, (1u64 << 63) as i64);
        let not_mz = self.b.ins().bxor_imm(mz, 1);
        let exact = self.b.ins().band(same, not_mz);
        (i, exact, bits)
    }

    fn block(&mut self, bi: usize) -> Result<(), LirError> {
        let lir = self.lir;
        let block = &lir.blocks[bi];
        self.catch_target = match block.term {
            Terminator::CheckException { thrower, catch, .. } => {
                let blk = self.blocks.get(catch.0 as usize).copied().flatten().ok_or(LirError::MissingBlock { block: catch.0 })?;
                Some((thrower, blk))
            }
            _ => None,
        };
        for (ii, inst) in block.insts.iter().enumerate() {
            let a = |k: usize| inst.args.get(k).copied().ok_or(LirError::MissingArgument { op: inst.op, index: k });
            let mut ops = std::mem::take(&mut self.operands);
            ops.clear();
            ops.extend(inst.args.iter().map(|x| self.vals.get(x.0 as usize).copied().flatten()));
            let v = |k: usize| -> Result<V, LirError> { ops.get(k).copied().flatten().ok_or(LirError::UndefinedArgument { op: inst.op, index: k }) };
            let result: Option<V> = match inst.op {
                Op::Parameter { index } => Some(self.b.ins().load(I64, mem(), self.args, (index as i32) * 8)),
                Op::Int32Constant { value } => Some(self.i32c(value)),
                Op::Float64Constant { value } => Some(self.b.ins().f64const(value.0)),
                Op::NumberConstant { value } => Some(self.i64c(vm::Value::number(value.0).bits())),
                Op::TaggedConstant { bits } => Some(self.i64c(bits)),
                Op::StringConstant { func, index } => {
                    let (vm, f, i) = (self.vm, self.i32c(func as i32), self.i32c(index as i32));
                    self.call_helper("seabed_rt_string_constant", runtime::rt_string_constant as *const () as usize, &[I64, I32, I32], Some(I64), &[vm, f, i])
                }
                Op::Select { .. } => {
                    let (c, x, y) = (v(0)?, v(1)?, v(2)?);
                    Some(self.b.ins().select(c, x, y))
                }
                Op::Projection { index } => {
                    let src = a(0)?;
                    if index == 0 {
                        Some(self.val(src)?)
                    } else {
                        Some(self.flags[src.0 as usize].ok_or(LirError::NoOverflowFlag { value: src })?)
                    }
                }
                Op::Int32Add => Some(self.b.ins().iadd(v(0)?, v(1)?)),
                Op::Int32Sub => Some(self.b.ins().isub(v(0)?, v(1)?)),
                Op::Int32Mul => Some(self.b.ins().imul(v(0)?, v(1)?)),
                Op::Int32AddWithOverflow | Op::Int32SubWithOverflow | Op::Int32MulWithOverflow => {
                    let (r, o) = self.overflow(inst.op, v(0)?, v(1)?);
                    if let Some(res) = inst.result {
                        self.flags[res.0 as usize] = Some(o);
                    }
                    Some(r)
                }
                Op::Int32Div | Op::Int32Mod => {
                    let (x, y) = (v(0)?, v(1)?);
                    let is_m1 = self.b.ins().icmp_imm(IntCC::Equal, y, -1);
                    let is_0 = self.b.ins().icmp_imm(IntCC::Equal, y, 0);
                    let special = self.b.ins().bor(is_m1, is_0);
                    let one = self.i32c(1);
                    let safe = self.b.ins().select(special, one, y);
                    let zero = self.i32c(0);
                    Some(if inst.op == Op::Int32Div {
                        let q = self.b.ins().sdiv(x, safe);
                        let neg = self.b.ins().ineg(x);
                        let q = self.b.ins().select(is_m1, neg, q);
                        self.b.ins().select(is_0, zero, q)
                    } else {
                        let r = self.b.ins().srem(x, safe);
                        self.b.ins().select(special, zero, r)
                    })
                }
                Op::Word32And => Some(self.b.ins().band(v(0)?, v(1)?)),
                Op::Word32Or => Some(self.b.ins().bor(v(0)?, v(1)?)),
                Op::Word32Xor => Some(self.b.ins().bxor(v(0)?, v(1)?)),
                Op::Word32Shl | Op::Word32Sar | Op::Word32Shr => {
                    let x = v(0)?;
                    let n = self.b.ins().band_imm(v(1)?, 31);
                    Some(match inst.op {
                        Op::Word32Shl => self.b.ins().ishl(x, n),
                        Op::Word32Sar => self.b.ins().sshr(x, n),
                        _ => self.b.ins().ushr(x, n),
                    })
                }
                Op::Word32Equal | Op::Int32LessThan | Op::Int32LessThanOrEqual | Op::Uint32LessThan => {
                    let cc = match inst.op {
                        Op::Word32Equal => IntCC::Equal,
                        Op::Int32LessThan => IntCC::SignedLessThan,
                        Op::Int32LessThanOrEqual => IntCC::SignedLessThanOrEqual,
                        _ => IntCC::UnsignedLessThan,
                    };
                    Some(self.b.ins().icmp(cc, v(0)?, v(1)?))
                }
                Op::Float64Add => Some(self.b.ins().fadd(v(0)?, v(1)?)),
                Op::Float64Sub => Some(self.b.ins().fsub(v(0)?, v(1)?)),
                Op::Float64Mul => Some(self.b.ins().fmul(v(0)?, v(1)?)),
                Op::Float64Div => Some(self.b.ins().fdiv(v(0)?, v(1)?)),
                Op::Float64Mod => Some(self.float_helper("seabed_rt_fmod", runtime::rt_fmod as *const () as usize, v(0)?, v(1)?)),
                Op::Float64Pow => Some(self.float_helper("seabed_rt_pow", runtime::rt_pow as *const () as usize, v(0)?, v(1)?)),
                Op::Float64Max => Some(self.float_helper("seabed_rt_max", runtime::rt_max as *const () as usize, v(0)?, v(1)?)),
                Op::Float64Min => Some(self.float_helper("seabed_rt_min", runtime::rt_min as *const () as usize, v(0)?, v(1)?)),
                Op::Float64Neg => Some(self.b.ins().fneg(v(0)?)),
                Op::Float64Equal | Op::Float64LessThan | Op::Float64LessThanOrEqual => {
                    let cc = match inst.op {
                        Op::Float64Equal => FloatCC::Equal,
                        Op::Float64LessThan => FloatCC::LessThan,
                        _ => FloatCC::LessThanOrEqual,
                    };
                    Some(self.b.ins().fcmp(cc, v(0)?, v(1)?))
                }
                Op::ChangeInt32ToFloat64 => Some(self.b.ins().fcvt_from_sint(F64, v(0)?)),
                Op::ChangeUint32ToFloat64 => Some(self.b.ins().fcvt_from_uint(F64, v(0)?)),
                Op::TruncateFloat64ToWord32 => {
                    // Inline for -2^31 - 1 < x < 2^31; otherwise the runtime's ToInt32.
                    let x = v(0)?;
                    let lo = self.b.ins().f64const(-2147483649.0);
                    let hi = self.b.ins().f64const(2147483648.0);
                    let above = self.b.ins().fcmp(FloatCC::GreaterThan, x, lo);
                    let below = self.b.ins().fcmp(FloatCC::LessThan, x, hi);
                    let in_range = self.b.ins().band(above, below);
                    let (fast, slow, join) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
                    self.b.set_cold_block(slow);
                    let r = self.b.append_block_param(join, I32);
                    self.b.ins().brif(in_range, fast, &[], slow, &[]);
                    self.b.switch_to_block(fast);
                    let q = self.b.ins().fcvt_to_sint_sat(I32, x);
                    self.b.ins().jump(join, &[q]);
                    self.b.switch_to_block(slow);
                    let m = self.call_helper("seabed_rt_to_int32", runtime::rt_to_int32 as *const () as usize, &[F64], Some(I32), &[x]).expect("returns an int32");
                    self.b.ins().jump(join, &[m]);
                    self.b.switch_to_block(join);
                    Some(r)
                }
                Op::TryFloat64ToInt32 => {
                    let (i, exact, _) = self.try_int32(v(0)?);
                    let inexact = self.b.ins().bxor_imm(exact, 1);
                    if let Some(res) = inst.result {
                        self.flags[res.0 as usize] = Some(inexact);
                    }
                    Some(i)
                }
                Op::TagInt32 => {
                    let x = self.b.ins().uextend(I64, v(0)?);
                    Some(self.b.ins().bor_imm(x, (tagged::TAG_INT << tagged::TAG_SHIFT) as i64))
                }
                Op::TagFloat64 => {
                    let x = v(0)?;
                    let (i, integral, bits) = self.try_int32(x);
                    let nan = self.b.ins().fcmp(FloatCC::Unordered, x, x);
                    let cnan = self.i64c(tagged::CANONICAL_NAN);
                    let double = self.b.ins().select(nan, cnan, bits);
                    let wide = self.b.ins().uextend(I64, i);
                    let int_box = self.b.ins().bor_imm(wide, (tagged::TAG_INT << tagged::TAG_SHIFT) as i64);
                    Some(self.b.ins().select(integral, int_box, double))
                }
                Op::TagBit => {
                    let c = v(0)?;
                    let (t, f) = (self.i64c(tagged::TRUE), self.i64c(tagged::FALSE));
                    Some(self.b.ins().select(c, t, f))
                }
                Op::UntagInt32 => Some(self.b.ins().ireduce(I32, v(0)?)),
                Op::UntagNumber => {
                    let bits = v(0)?;
                    let is_int = self.tag_is(bits, tagged::TAG_INT);
                    let low = self.b.ins().ireduce(I32, bits);
                    let as_int = self.b.ins().fcvt_from_sint(F64, low);
                    let as_double = self.b.ins().bitcast(F64, MemFlags::new(), bits);
                    Some(self.b.ins().select(is_int, as_int, as_double))
                }
                Op::IsInt32 => Some(self.tag_is(v(0)?, tagged::TAG_INT)),
                Op::IsObject => Some(self.tag_is(v(0)?, tagged::TAG_OBJECT)),
                Op::IsArray => Some(self.tag_is(v(0)?, tagged::TAG_ARRAY)),
                Op::IsClosureOf { func } => {
                    let masked = self.b.ins().band_imm(v(0)?, tagged::FUNCTION_OF_MASK as i64);
                    Some(self.b.ins().icmp_imm(IntCC::Equal, masked, tagged::tagged(tagged::TAG_FUNCTION, func as u64) as i64))
                }
                Op::ClosureContext => Some(self.closure_context(v(0)?)),
                Op::IsNumber => {
                    let limit = self.i64c(tagged::TAG_SPECIAL << tagged::TAG_SHIFT);
                    Some(self.b.ins().icmp(IntCC::UnsignedLessThan, v(0)?, limit))
                }
                Op::TaggedEqual => Some(self.b.ins().icmp(IntCC::Equal, v(0)?, v(1)?)),
                Op::Load { access } => {
                    let (object, index) = match access {
                        Access::Global(_) => (None, None),
                        Access::Element => (Some(v(0)?), Some(v(1)?)),
                        _ => (Some(v(0)?), None),
                    };
                    let (base, off, _) = self.location(access, object, index)?;
                    Some(match access {
                        Access::Shape => self.b.ins().load(I32, mem(), base, off),
                        Access::ArrayLength => {
                            let len = self.b.ins().load(I64, mem(), base, off);
                            self.b.ins().ireduce(I32, len)
                        }
                        _ => self.b.ins().load(I64, mem(), base, off),
                    })
                }
                Op::Store { access } => {
                    if matches!(access, Access::Shape | Access::ArrayLength) {
                        return Err(LirError::NeverStored { access });
                    }
                    let (object, index, value) = match access {
                        Access::Global(_) => (None, None, self.word(a(0)?)?),
                        Access::Element => (Some(v(0)?), Some(v(1)?), self.word(a(2)?)?),
                        _ => (Some(v(0)?), None, self.word(a(1)?)?),
                    };
                    let (base, off, array) = self.location(access, object, index)?;
                    self.b.ins().store(mem(), value, base, off);
                    if let Some(rec) = array {
                        self.generalize_kind(rec, value);
                    }
                    None
                }
                Op::AllocateObject { shape } => Some(self.allocate_object(shape)),
                Op::AllocateArray { .. } => {
                    let values: Vec<V> = inst.args.iter().map(|&x| self.word(x)).collect::<Result<_, _>>()?;
                    Some(self.allocate_array(&values))
                }
                Op::StoreFieldTransition { shape, slot } => {
                    let (object, value) = (v(0)?, self.word(a(1)?)?);
                    self.store_field_transition(object, shape, slot, value);
                    None
                }
                Op::CallRuntime { function: RuntimeFn::MathFunction(i), .. } => {
                    for (k, &x) in inst.args.iter().enumerate() {
                        let x = self.val(x)?;
                        self.b.ins().stack_store(x, self.math_buf.expect("sized"), (k * 8) as i32);
                    }
                    let buf = match self.math_buf {
                        Some(s) => self.b.ins().stack_addr(I64, s, 0),
                        None => self.i64c(0),
                    };
                    let (vm, n, idx) = (self.vm, self.i32c(inst.args.len() as i32), self.i32c(i as i32));
                    self.call_helper("seabed_rt_math", runtime::rt_math as *const () as usize, &[I64, I32, I64, I32], Some(F64), &[vm, idx, buf, n])
                }
                Op::CatchBlockBegin => {
                    let vm = self.vm;
                    let r = self.call_helper("seabed_rt_catch", runtime::rt_catch as *const () as usize, &[I64], Some(I64), &[vm]).expect("returns a word");
                    // An exception no `try` may catch leaves the function.
                    let threw = self.b.ins().icmp_imm(IntCC::Equal, r, EXCEPTION_SENTINEL as i64);
                    let propagate = self.propagate_block();
                    let cont = self.b.create_block();
                    self.b.ins().brif(threw, propagate, &[], cont, &[]);
                    self.b.switch_to_block(cont);
                    Some(r)
                }
                Op::CallRuntime { .. } => {
                    let site = *self.runtime_site_of.get(&(bi, ii)).ok_or(LirError::NoRuntimeSite { block: bi, inst: ii })?;
                    let site_addr = &self.runtime_sites[site] as *const RuntimeSite as u64;
                    let words: Vec<V> = inst.args.iter().map(|&x| self.word(x)).collect::<Result<_, _>>()?;
                    let r = match self.direct_calls.callee(&inst.op, &inst.args) {
                        Some(target) => self.direct_call(target, &inst.args[1..], site_addr, &words)?,
                        None => self.generic_call(site_addr, &words),
                    };
                    let threw = self.b.ins().icmp_imm(IntCC::Equal, r, EXCEPTION_SENTINEL as i64);
                    // Inside a `try`, a call that threw goes to its catch block.
                    let propagate = match self.catch_target {
                        Some((thrower, catch)) if inst.result == Some(thrower) => catch,
                        _ => self.propagate_block(),
                    };
                    let cont = self.b.create_block();
                    self.b.ins().brif(threw, propagate, &[], cont, &[]);
                    self.b.switch_to_block(cont);
                    if let (Some(exit), true) = (inst.exit, self.opts.after_call_exits) {
                        if let Some(res) = inst.result {
                            self.vals[res.0 as usize] = Some(r);
                        }
                        let vm = self.vm;
                        let take = self.call_helper("seabed_rt_after_call_exit", runtime::rt_after_call_exit as *const () as usize, &[I64], Some(I32), &[vm]).expect("returns an int");
                        let (exit_bb, after) = (self.b.create_block(), self.b.create_block());
                        self.b.set_cold_block(exit_bb);
                        self.b.ins().brif(take, exit_bb, &[], after, &[]);
                        self.b.switch_to_block(exit_bb);
                        let zero = self.i32c(0);
                        self.emit_exit(exit, zero)?;
                        self.b.switch_to_block(after);
                    }
                    Some(r)
                }
                Op::DeoptimizeIf { .. } | Op::DeoptimizeUnless { .. } => {
                    let exit = inst.exit.ok_or(LirError::CheckWithoutExit { op: inst.op })?;
                    let cond = v(0)?;
                    let fails = if matches!(inst.op, Op::DeoptimizeIf { .. }) { cond } else { self.b.ins().bxor_imm(cond, 1) };
                    let (take, failed) = if self.opts.stress_checks {
                        let vm = self.vm;
                        let s = self.call_helper("seabed_rt_stress_check", runtime::rt_stress_check as *const () as usize, &[I64], Some(I32), &[vm]).expect("returns an int");
                        let s = self.b.ins().icmp_imm(IntCC::NotEqual, s, 0);
                        let take = self.b.ins().bor(fails, s);
                        (take, self.b.ins().uextend(I32, fails))
                    } else {
                        (fails, self.i32c(1))
                    };
                    let rep = self.exit_rep[exit.0 as usize];
                    let cont = self.b.create_block();
                    let exit_bb = match self.exit_blocks.get(&rep) {
                        Some(&bb) => bb,
                        None => {
                            let bb = self.b.create_block();
                            self.b.set_cold_block(bb);
                            let flag = self.b.append_block_param(bb, I32);
                            let here = self.b.current_block().expect("positioned");
                            self.b.switch_to_block(bb);
                            self.emit_exit(rep, flag)?;
                            self.b.switch_to_block(here);
                            self.exit_blocks.insert(rep, bb);
                            bb
                        }
                    };
                    self.b.ins().brif(take, exit_bb, &[failed], cont, &[]);
                    self.b.switch_to_block(cont);
                    None
                }
                ref other => return Err(LirError::Unsupported { backend: MachineBackend::Cranelift, op: *other }),
            };
            self.operands = ops;
            if let (Some(r), Some(x)) = (inst.result, result) {
                self.vals[r.0 as usize] = Some(x);
            }
        }
        match &block.term {
            Terminator::Goto(j) => {
                let (t, args) = self.jump_args(j)?;
                self.b.ins().jump(t, &args);
            }
            Terminator::Branch { cond, if_true, if_false, .. } => {
                let c = self.val(*cond)?;
                let (t, targs) = self.jump_args(if_true)?;
                let (f, fargs) = self.jump_args(if_false)?;
                if t == f {
                    // Distinct edges into one block: go through an edge block.
                    let edge = self.b.create_block();
                    self.b.ins().brif(c, t, &targs, edge, &[]);
                    self.b.switch_to_block(edge);
                    self.b.ins().jump(f, &fargs);
                } else {
                    self.b.ins().brif(c, t, &targs, f, &fargs);
                }
            }
            Terminator::Return(x) => {
                let x = self.val(*x)?;
                self.b.ins().return_(&[x]);
            }
            Terminator::Throw(x) => {
                let x = self.val(*x)?;
                let r = self.call_helper("seabed_rt_throw", runtime::rt_throw as *const () as usize, &[I64], Some(I64), &[x]).expect("returns the sentinel");
                self.b.ins().return_(&[r]);
            }
            Terminator::Deoptimize(e) => {
                let one = self.i32c(1);
                self.emit_exit(*e, one)?;
            }
            // The call's exceptional edge went to the catch block where it was made.
            Terminator::CheckException { normal, .. } => {
                let (t, args) = self.jump_args(normal)?;
                self.b.ins().jump(t, &args);
            }
        }
        Ok(())
    }

    /// The runtime's generic call through `seabed_rt_call`.
    fn generic_call(&mut self, site_addr: u64, words: &[V]) -> V {
        for (k, &w) in words.iter().enumerate() {
            self.b.ins().stack_store(w, self.call_buf.expect("sized"), (k * 8) as i32);
        }
        let buf = match self.call_buf {
            Some(s) => self.b.ins().stack_addr(I64, s, 0),
            None => self.i64c(0),
        };
        let (vm, site, n) = (self.vm, self.i64c(site_addr), self.i32c(words.len() as i32));
        self.call_helper("seabed_rt_call", runtime::rt_call as *const () as usize, &[I64, I64, I64, I32], Some(I64), &[vm, site, buf, n]).expect("returns a word")
    }

    /// A direct call of `target`'s machine code (`llvm::lower::calls` describes the rules);
    /// `args` are the receiver then the arguments, `words` the call's operands as words.
    fn direct_call(&mut self, target: FuncId, args: &[ir::lir::Value], site_addr: u64, words: &[V]) -> Result<V, LirError> {
        let receiver = self.word(*args.first().ok_or(LirError::DirectCallWithoutReceiver)?)?;
        let mut out: Vec<V> = args[1..].iter().map(|&x| self.word(x)).collect::<Result<_, _>>()?;
        let hidden = self.direct_calls.hidden_params(target);
        let params = self.direct_calls.param_count(target) as usize;
        let undef = self.i64c(tagged::UNDEFINED);
        if hidden.any() {
            out.resize(params, undef);
            if hidden.receiver {
                out.push(receiver);
            }
            if hidden.context {
                out.push(undef);
            }
        }
        let table = self.b.ins().load(I64, mem(), self.vm, LAYOUT.vm_code_entries as i32);
        let entry = self.b.ins().load(I64, mem(), table, (target.0 * 8) as i32);
        let depth = self.b.ins().load(I32, mem(), self.vm, LAYOUT.vm_call_depth as i32);
        let has_code = self.b.ins().icmp_imm(IntCC::NotEqual, entry, 0);
        let room = self.b.ins().icmp_imm(IntCC::UnsignedLessThan, depth, vm::interp::MAX_CALL_DEPTH as i64);
        let go = self.b.ins().band(has_code, room);
        let (fast, slow, join) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        let r = self.b.append_block_param(join, I64);
        self.b.ins().brif(go, fast, &[], slow, &[]);

        self.b.switch_to_block(fast);
        let deeper = self.b.ins().iadd_imm(depth, 1);
        self.b.ins().store(mem(), deeper, self.vm, LAYOUT.vm_call_depth as i32);
        let buf_slot = self.direct_buf.ok_or(LirError::DirectCallWithoutBuffer)?;
        for k in 0..out.len().max(params) {
            let w = out.get(k).copied().unwrap_or(undef);
            self.b.ins().stack_store(w, buf_slot, (k * 8) as i32);
        }
        let buf = self.b.ins().stack_addr(I64, buf_slot, 0);
        let argc = self.i32c(out.len() as i32);
        let sr = match self.sigs.get("compiled-entry") {
            Some(&s) => s,
            None => {
                let s = self.b.import_signature(sig(self.cc, &[I64, I64, I32], Some(I64)));
                self.sigs.insert("compiled-entry", s);
                s
            }
        };
        let vm = self.vm;
        let call = self.b.ins().call_indirect(sr, entry, &[vm, buf, argc]);
        let quick = self.b.inst_results(call)[0];
        self.b.ins().store(mem(), depth, self.vm, LAYOUT.vm_call_depth as i32);
        self.b.ins().jump(join, &[quick]);

        self.b.switch_to_block(slow);
        let general = self.generic_call(site_addr, words);
        self.b.ins().jump(join, &[general]);
        self.b.switch_to_block(join);
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::cold_blocks;

    fn cold(text: &str) -> Vec<bool> {
        let lir = ir::lir_text::parse(text).unwrap();
        let order = crate::lir_info::reverse_post_order(&lir);
        cold_blocks(&lir, &order)
    }

    const LOOP: &str = "\
function loop #0
block b0():
  v0:Int32 = Int32Constant[0]
  v1:Int32 = Int32Constant[10]
  goto b1(v0)
block b1(v2:Int32):
  v3:Bit = Int32LessThan v2, v1
  branch v3 ? b2() : b3() weights W
block b2():
  v4:Int32 = Int32Constant[1]
  v5:Int32 = Int32Add v2, v4
  goto b1(v5)
block b3():
  v6:Tagged = TagInt32 v2
  return v6
";

    #[test]
    fn only_an_edge_taken_at_most_a_fifth_of_the_time_makes_its_block_cold() {
        // The exit edge ran once in 100: the exit block is cold; the body is not.
        assert_eq!(cold(&LOOP.replace("weights W", "weights 99 1")), [false, false, false, true]);
        // The other way round.
        assert_eq!(cold(&LOOP.replace("weights W", "weights 1 99")), [false, false, true, false]);
        // A fifth is cold, more is not.
        assert_eq!(cold(&LOOP.replace("weights W", "weights 4 1")), [false, false, false, true]);
        assert_eq!(cold(&LOOP.replace("weights W", "weights 3 1")), [false; 4]);
        // No profile, or one that never ran: nothing is cold.
        assert_eq!(cold(&LOOP.replace(" weights W", "")), [false; 4]);
        assert_eq!(cold(&LOOP.replace("weights W", "weights 0 0")), [false; 4]);
    }

    #[test]
    fn a_block_with_another_edge_in_stays_in_line() {
        // b2 is the cold edge's target but also the hot edge's: both edges go through it.
        let text = LOOP.replace("branch v3 ? b2() : b3() weights W", "branch v3 ? b3() : b3() weights 99 1");
        assert_eq!(cold(&text), [false; 4]);
        // The loop header is entered by the entry's jump and the back edge: never cold, and
        // neither is the entry block.
        let text = LOOP.replace("weights W", "weights 0 50");
        assert_eq!(cold(&text), [false, false, true, false]);
    }
}
