//! LIR → LLVM IR.
//!
//! The compiled function has the signature `i64 (i8* vm, i64* args, i32 argc)`: it returns a
//! tagged value or [`EXCEPTION_SENTINEL`]. `args` always holds at least as many words as the
//! highest `Parameter` index + 1 (the caller pads with `undefined`).
//!
//! Representations map to LLVM types: tagged → `i64` (NaN-boxed bits), int32 → `i32`,
//! float64 → `double`, bit → `i1`. Block parameters become phis. Operations with two results
//! (`Int32*WithOverflow`, `TryFloat64ToInt32`) keep the int32 result as the value and the
//! flag on the side for `Projection[1]`. Checks branch (with cold `!prof` weights) to an exit
//! block holding the patchpoint; checks whose exits are equal (reason, frames and values)
//! share one block ([`crate::lir_info::shared_exits`]); see [`super::exits`] for the exit's operand layout.
//!
//! Builder calls only fail when the builder has no position, which would be a bug here, so
//! their results are unwrapped.


use crate::lir_info::{exit_values, reverse_post_order, shared_exits, symbol_name};
use frontend::hash::IdHashMap;
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::intrinsics::Intrinsic;
use inkwell::module::Module;
use inkwell::types::{BasicMetadataTypeEnum, BasicTypeEnum, FloatType, IntType, PointerType};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, BasicValueEnum, FloatValue, FunctionValue, InstructionValue, IntValue, PhiValue, PointerValue};
use inkwell::{AddressSpace, FloatPredicate, IntPredicate};

use ir::frame::ExitId;
use ir::lir::{BlockId, Function, Jump, Terminator};
use ir::ops::{Access, Op, Rep, RuntimeFn};
use ir::tagged;
use vm::Value;

mod calls;
mod heap;

use super::exits::PATCHPOINT_BYTES;
use crate::runtime::{self, RuntimeSite, EXCEPTION_SENTINEL};
use super::LlvmOptions;
use crate::direct_calls::DirectCalls;
use crate::error::{BackendError, LirError, LlvmError, MachineBackend};

/// Where one exit operand goes, decided before code generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PlanSlot {
    /// Patchpoint operand number `n` (its stack map location index).
    Operand(usize),
    /// Slot `n` of the exit buffer.
    Buffer(u32),
}

/// The plan of one exit patchpoint.
#[derive(Clone, Debug)]
pub(crate) struct SitePlan {
    /// The exit it leaves through.
    pub exit: ExitId,
    /// Where each SSA value the exit's frames list goes.
    pub values: Vec<(u32, PlanSlot)>,
    /// The operand index of the exit buffer's address, if the site spills.
    pub buffer_operand: Option<usize>,
    /// The number of patchpoint live operands.
    pub operand_count: usize,
}

/// The result of lowering.
pub(crate) struct Lowered<'ctx> {
    pub module: Module<'ctx>,
    pub function: FunctionValue<'ctx>,
    pub name: String,
    pub sites: Vec<SitePlan>,
    /// The runtime helpers the module declares, by symbol name, with their addresses. By name,
    /// not by declaration: LLVM's passes delete the declarations nothing calls any more.
    pub helpers: Vec<(&'static str, usize)>,
    pub param_count: usize,
}

struct Types<'ctx> {
    i1: IntType<'ctx>,
    i32: IntType<'ctx>,
    i64: IntType<'ctx>,
    f64: FloatType<'ctx>,
    i8p: PointerType<'ctx>,
    i64p: PointerType<'ctx>,
    f64p: PointerType<'ctx>,
}

struct Lower<'a, 'ctx> {
    ctx: &'ctx Context,
    module: Module<'ctx>,
    b: Builder<'ctx>,
    t: Types<'ctx>,
    lir: &'a Function,
    opts: &'a LlvmOptions,
    f: FunctionValue<'ctx>,
    vm: PointerValue<'ctx>,
    args: PointerValue<'ctx>,
    vals: Vec<Option<BasicValueEnum<'ctx>>>,
    flags: Vec<Option<IntValue<'ctx>>>,
    bbs: Vec<Option<BasicBlock<'ctx>>>,
    phis: Vec<Vec<PhiValue<'ctx>>>,
    helpers: IdHashMap<&'static str, FunctionValue<'ctx>>,
    mappings: Vec<(&'static str, usize)>,
    call_buf: Option<PointerValue<'ctx>>,
    /// The argument buffer of direct calls ([`calls`]).
    direct_buf: Option<PointerValue<'ctx>>,
    /// The direct calls: their callees and the words of `direct_buf` ([`calls`]).
    direct_calls: DirectCalls<'a>,
    math_buf: Option<PointerValue<'ctx>>,
    exit_buf: Option<PointerValue<'ctx>>,
    propagate: Option<BasicBlock<'ctx>>,
    /// In a block ending in `CheckException`: its call and the catch block, where that call
    /// goes instead of [`Self::propagate_block`] when it returns the sentinel.
    catch_target: Option<(ir::lir::Value, BasicBlock<'ctx>)>,
    sites: Vec<SitePlan>,
    id_base: u64,
    runtime_sites: &'a [RuntimeSite],
    runtime_site_of: IdHashMap<(usize, usize), usize>,
    param_count: usize,
    tbaa: heap::Tbaa<'ctx>,
    /// Per exit: the exit with the same reason and frames that represents it (see
    /// [`crate::lir_info::shared_exits`]); checks of one representative share one exit block.
    exit_rep: Vec<ExitId>,
    /// The exit block of each representative exit emitted so far, with the phi of the
    /// "check failed" flag under stress exits.
    exit_blocks: IdHashMap<ExitId, (BasicBlock<'ctx>, Option<PhiValue<'ctx>>)>,
}

/// Decides which exit values travel as patchpoint operands and which through the buffer.
/// Operands 0 and 1 are the vm and the failed flag. When more than `max_gpr` general-purpose
/// operands would be needed, the int-class values past the budget go to the buffer, whose
/// address becomes the last operand. Doubles always travel as operands (XMM registers or
/// spill slots).
fn plan_exit(lir: &Function, exit: ExitId, max_gpr: usize) -> SitePlan {
    let values = exit_values(lir, exit);
    let gpr = 2 + values.iter().filter(|(_, r)| *r != Rep::Float64).count();
    let spill = gpr > max_gpr;
    let mut in_regs = max_gpr.saturating_sub(3);
    let mut next_operand = 2;
    let mut next_slot = 0u32;
    let mut plan = Vec::with_capacity(values.len());
    for (id, rep) in values {
        let slot = if spill && rep != Rep::Float64 {
            if in_regs > 0 {
                in_regs -= 1;
                None
            } else {
                next_slot += 1;
                Some(PlanSlot::Buffer(next_slot - 1))
            }
        } else {
            None
        };
        let slot = slot.unwrap_or_else(|| {
            next_operand += 1;
            PlanSlot::Operand(next_operand - 1)
        });
        plan.push((id, slot));
    }
    let buffer_operand = spill.then(|| {
        next_operand += 1;
        next_operand - 1
    });
    SitePlan { exit, values: plan, buffer_operand, operand_count: next_operand }
}

/// Lowers `lir` into a fresh module of `ctx`.
pub(crate) fn lower<'ctx>(
    ctx: &'ctx Context,
    lir: &Function,
    opts: &LlvmOptions,
    id_base: u64,
    runtime_sites: &[RuntimeSite],
    runtime_site_of: IdHashMap<(usize, usize), usize>,
) -> Result<Lowered<'ctx>, BackendError> {
    let name = symbol_name(lir);
    let module = ctx.create_module(&name);
    let i64t = ctx.i64_type();
    let t = Types {
        i1: ctx.bool_type(),
        i32: ctx.i32_type(),
        i64: i64t,
        f64: ctx.f64_type(),
        i8p: ctx.i8_type().ptr_type(AddressSpace::default()),
        i64p: i64t.ptr_type(AddressSpace::default()),
        f64p: ctx.f64_type().ptr_type(AddressSpace::default()),
    };
    let fn_type = t.i64.fn_type(&[t.i8p.into(), t.i64p.into(), t.i32.into()], false);
    let f = module.add_function(&name, fn_type, None);
    f.add_attribute(AttributeLoc::Function, ctx.create_string_attribute("frame-pointer", "all"));
    f.add_attribute(AttributeLoc::Function, enum_attr(ctx, "nounwind"));
    let vm = f.get_nth_param(0).expect("vm parameter").into_pointer_value();
    let args = f.get_nth_param(1).expect("args parameter").into_pointer_value();
    vm.set_name("vm");
    args.set_name("args");
    let b = ctx.create_builder();
    let mut l = Lower {
        ctx,
        module,
        b,
        t,
        lir,
        opts,
        f,
        vm,
        args,
        vals: vec![None; lir.reps.len()],
        flags: vec![None; lir.reps.len()],
        bbs: vec![None; lir.blocks.len()],
        phis: vec![Vec::new(); lir.blocks.len()],
        helpers: IdHashMap::default(),
        mappings: Vec::new(),
        call_buf: None,
        direct_buf: None,
        direct_calls: DirectCalls::default(),
        math_buf: None,
        exit_buf: None,
        propagate: None,
        catch_target: None,
        sites: Vec::new(),
        id_base,
        runtime_sites,
        runtime_site_of,
        param_count: 0,
        tbaa: heap::Tbaa::default(),
        exit_rep: shared_exits(lir),
        exit_blocks: IdHashMap::default(),
    };
    l.run()?;
    Ok(Lowered { module: l.module, function: f, name, sites: l.sites, helpers: l.mappings, param_count: l.param_count })
}

fn enum_attr(ctx: &Context, name: &str) -> Attribute {
    ctx.create_enum_attribute(Attribute::get_named_enum_kind_id(name), 0)
}

impl<'a, 'ctx> Lower<'a, 'ctx> {
    fn run(&mut self) -> Result<(), BackendError> {
        let lir = self.lir;
        if lir.blocks.is_empty() {
            return Err(LirError::NoBlocks.into());
        }
        if !lir.blocks[0].params.is_empty() {
            return Err(LirError::EntryParameters(MachineBackend::Llvm).into());
        }
        let order = reverse_post_order(lir);
        // The LLVM entry block holds the buffers, then falls into b0.
        let entry = self.ctx.append_basic_block(self.f, "entry");
        for &bi in &order {
            let bb = self.ctx.append_basic_block(self.f, &format!("b{bi}"));
            self.bbs[bi] = Some(bb);
        }
        for &bi in &order {
            let bb = self.bbs[bi].expect("created above");
            self.b.position_at_end(bb);
            for &p in &lir.blocks[bi].params {
                let ty = self.ty(lir.rep(p));
                let phi = self.b.build_phi(ty, &format!("v{}", p.0)).unwrap();
                self.vals[p.0 as usize] = Some(phi.as_basic_value());
                self.phis[bi].push(phi);
            }
        }
        self.b.position_at_end(entry);
        self.make_buffers(&order);
        self.b.build_unconditional_branch(self.bbs[0].expect("b0 is reachable")).unwrap();
        for &bi in &order {
            self.b.position_at_end(self.bbs[bi].expect("created above"));
            self.block(bi)?;
        }
        Ok(())
    }

    fn make_buffers(&mut self, order: &[usize]) {
        let mut call_words = 0u32;
        let mut math_words = 0u32;
        let mut exits: Vec<ExitId> = Vec::new();
        for &bi in order {
            let block = &self.lir.blocks[bi];
            for inst in &block.insts {
                match inst.op {
                    Op::CallRuntime { function: RuntimeFn::MathFunction(_), .. } => {
                        math_words = math_words.max(inst.args.len() as u32)
                    }
                    Op::CallRuntime { .. } | Op::AllocateArray { .. } => call_words = call_words.max(inst.args.len() as u32),
                    Op::Parameter { index } => self.param_count = self.param_count.max(index as usize + 1),
                    _ => {}
                }
                exits.extend(inst.exit);
            }
            if let Terminator::Deoptimize(e) = block.term {
                exits.push(e);
            }
        }
        let spill_words = exits
            .iter()
            .map(|&e| {
                let plan = plan_exit(self.lir, e, self.opts.max_register_operands);
                plan.values.iter().filter(|(_, s)| matches!(s, PlanSlot::Buffer(_))).count() as u32
            })
            .max()
            .unwrap_or(0);
        let array = |this: &Self, elem: BasicTypeEnum<'ctx>, n: u32, name: &str, ptr: PointerType<'ctx>| {
            let arr = match elem {
                BasicTypeEnum::FloatType(f) => f.array_type(n),
                _ => this.t.i64.array_type(n),
            };
            let a = this.b.build_alloca(arr, name).unwrap();
            this.b.build_pointer_cast(a, ptr, name).unwrap()
        };
        if call_words > 0 {
            self.call_buf = Some(array(self, self.t.i64.into(), call_words, "call_buf", self.t.i64p));
        }
        let opts = self.opts;
        self.direct_calls = DirectCalls::plan(self.lir, order.iter().copied(), &opts.param_counts, &opts.hidden_params);
        let direct_words = self.direct_calls.buffer_words;
        if direct_words > 0 {
            self.direct_buf = Some(array(self, self.t.i64.into(), direct_words, "direct_buf", self.t.i64p));
        }
        if math_words > 0 {
            self.math_buf = Some(array(self, self.t.f64.into(), math_words, "math_buf", self.t.f64p));
        }
        if spill_words > 0 {
            self.exit_buf = Some(array(self, self.t.i64.into(), spill_words, "exit_buf", self.t.i64p));
        }
    }

    fn ty(&self, rep: Rep) -> BasicTypeEnum<'ctx> {
        match rep {
            Rep::Tagged => self.t.i64.into(),
            Rep::Int32 => self.t.i32.into(),
            Rep::Float64 => self.t.f64.into(),
            Rep::Bit => self.t.i1.into(),
        }
    }

    fn val(&self, v: ir::lir::Value) -> Result<BasicValueEnum<'ctx>, LirError> {
        self.vals
            .get(v.0 as usize)
            .copied()
            .flatten()
            .ok_or(LirError::Undefined { value: v })
    }
    fn int(&self, v: ir::lir::Value) -> Result<IntValue<'ctx>, LirError> {
        match self.val(v)? {
            BasicValueEnum::IntValue(i) => Ok(i),
            other => Err(LirError::NotAnInteger { value: v, found: format!("{other:?}") }),
        }
    }
    fn float(&self, v: ir::lir::Value) -> Result<FloatValue<'ctx>, LirError> {
        match self.val(v)? {
            BasicValueEnum::FloatValue(x) => Ok(x),
            other => Err(LirError::NotADouble { value: v, found: format!("{other:?}") }),
        }
    }

    fn i32c(&self, x: i32) -> IntValue<'ctx> {
        self.t.i32.const_int(x as u32 as u64, false)
    }
    fn i64c(&self, x: u64) -> IntValue<'ctx> {
        self.t.i64.const_int(x, false)
    }

    /// The declaration of runtime helper `name` (declared on first use and mapped to `addr`).
    fn helper(&mut self, name: &'static str, addr: usize, ret: Option<BasicTypeEnum<'ctx>>, params: &[BasicMetadataTypeEnum<'ctx>], pure: bool) -> FunctionValue<'ctx> {
        if let Some(&f) = self.helpers.get(name) {
            return f;
        }
        let fn_type = match ret {
            Some(BasicTypeEnum::IntType(i)) => i.fn_type(params, false),
            Some(BasicTypeEnum::FloatType(x)) => x.fn_type(params, false),
            Some(other) => other.into_int_type().fn_type(params, false),
            None => self.ctx.void_type().fn_type(params, false),
        };
        let f = self.module.add_function(name, fn_type, None);
        f.add_attribute(AttributeLoc::Function, enum_attr(self.ctx, "nounwind"));
        if pure {
            f.add_attribute(AttributeLoc::Function, enum_attr(self.ctx, "readnone"));
            f.add_attribute(AttributeLoc::Function, enum_attr(self.ctx, "willreturn"));
        }
        self.helpers.insert(name, f);
        self.mappings.push((name, addr));
        f
    }

    fn call(&self, f: FunctionValue<'ctx>, args: &[BasicMetadataValueEnum<'ctx>]) -> Option<BasicValueEnum<'ctx>> {
        self.b.build_call(f, args, "").unwrap().try_as_basic_value().basic()
    }

    fn float_helper(&mut self, name: &'static str, addr: usize, a: FloatValue<'ctx>, c: FloatValue<'ctx>) -> BasicValueEnum<'ctx> {
        let f64t = self.t.f64;
        let h = self.helper(name, addr, Some(f64t.into()), &[f64t.into(), f64t.into()], true);
        self.call(h, &[a.into(), c.into()]).expect("returns a double")
    }

    fn set_weights(&self, br: InstructionValue<'ctx>, taken: u32, not_taken: u32) {
        let md = self.ctx.metadata_node(&[
            self.ctx.metadata_string("branch_weights").into(),
            self.t.i32.const_int(taken as u64, false).into(),
            self.t.i32.const_int(not_taken as u64, false).into(),
        ]);
        // Setting metadata on a branch instruction cannot fail.
        let _ = br.set_metadata(md, self.ctx.get_kind_id("prof"));
    }

    /// A conditional branch whose true edge is cold.
    fn cold_branch(&self, cond: IntValue<'ctx>, cold: BasicBlock<'ctx>, hot: BasicBlock<'ctx>) {
        let br = self.b.build_conditional_branch(cond, cold, hot).unwrap();
        self.set_weights(br, 1, 1 << 20);
    }

    /// The declaration of `llvm.fptosi.sat` from double to int32.
    fn fptosi_sat(&self) -> Result<FunctionValue<'ctx>, LlvmError> {
        const NAME: &str = "llvm.fptosi.sat";
        let intr = Intrinsic::find(NAME).ok_or_else(|| LlvmError::NoIntrinsic { name: NAME.into() })?;
        intr.get_declaration(&self.module, &[self.t.i32.into(), self.t.f64.into()])
            .ok_or_else(|| LlvmError::IntrinsicDeclaration { name: NAME.into() })
    }

    fn overflow_intrinsic(&mut self, name: &str, a: IntValue<'ctx>, c: IntValue<'ctx>) -> Result<(IntValue<'ctx>, IntValue<'ctx>), BackendError> {
        let intr = Intrinsic::find(name).ok_or_else(|| LlvmError::NoIntrinsic { name: name.into() })?;
        let decl = intr
            .get_declaration(&self.module, &[self.t.i32.into()])
            .ok_or_else(|| LlvmError::IntrinsicDeclaration { name: name.into() })?;
        let s = self.call(decl, &[a.into(), c.into()]).expect("returns a pair").into_struct_value();
        let r = self.b.build_extract_value(s, 0, "").unwrap().into_int_value();
        let o = self.b.build_extract_value(s, 1, "").unwrap().into_int_value();
        Ok((r, o))
    }

    fn block(&mut self, bi: usize) -> Result<(), BackendError> {
        let lir = self.lir;
        let block = &lir.blocks[bi];
        self.catch_target = match block.term {
            Terminator::CheckException { thrower, catch, .. } => {
                let bb = self.bbs.get(catch.0 as usize).copied().flatten().ok_or(LirError::MissingBlock { block: catch.0 })?;
                Some((thrower, bb))
            }
            _ => None,
        };
        for (ii, inst) in block.insts.iter().enumerate() {
            let a = |k: usize| inst.args.get(k).copied().ok_or(LirError::MissingArgument { op: inst.op, index: k });
            let t = &self.t;
            let (i32t, i64t, f64t) = (t.i32, t.i64, t.f64);
            let result: Option<BasicValueEnum<'ctx>> = match inst.op {
                Op::Parameter { index } => {
                    // SAFETY: the caller pads `args` to at least `param_count` words.
                    let p = unsafe { self.b.build_in_bounds_gep(self.args, &[self.i64c(index as u64)], "") }.unwrap();
                    Some(self.b.build_load(p, &format!("param{index}")).unwrap())
                }
                Op::Int32Constant { value } => Some(self.i32c(value).into()),
                Op::Float64Constant { value } => Some(f64t.const_float(value.0).into()),
                Op::NumberConstant { value } => Some(self.i64c(Value::number(value.0).bits()).into()),
                Op::TaggedConstant { bits } => Some(self.i64c(bits).into()),
                Op::StringConstant { func, index } => {
                    let h = self.helper(
                        "seabed_rt_string_constant",
                        runtime::rt_string_constant as *const () as usize,
                        Some(i64t.into()),
                        &[self.t.i8p.into(), i32t.into(), i32t.into()],
                        false,
                    );
                    self.call(h, &[self.vm.into(), self.i32c(func as i32).into(), self.i32c(index as i32).into()])
                }
                Op::Select { .. } => {
                    let c = self.int(a(0)?)?;
                    Some(self.b.build_select(c, self.val(a(1)?)?, self.val(a(2)?)?, "").unwrap())
                }
                Op::Projection { index } => {
                    let src = a(0)?;
                    if index == 0 {
                        Some(self.val(src)?)
                    } else {
                        let flag = self.flags[src.0 as usize].ok_or(LirError::NoOverflowFlag { value: src })?;
                        Some(flag.into())
                    }
                }
                Op::Int32Add => Some(self.b.build_int_add(self.int(a(0)?)?, self.int(a(1)?)?, "").unwrap().into()),
                Op::Int32Sub => Some(self.b.build_int_sub(self.int(a(0)?)?, self.int(a(1)?)?, "").unwrap().into()),
                Op::Int32Mul => Some(self.b.build_int_mul(self.int(a(0)?)?, self.int(a(1)?)?, "").unwrap().into()),
                Op::Int32AddWithOverflow | Op::Int32SubWithOverflow | Op::Int32MulWithOverflow => {
                    let name = match inst.op {
                        Op::Int32AddWithOverflow => "llvm.sadd.with.overflow",
                        Op::Int32SubWithOverflow => "llvm.ssub.with.overflow",
                        _ => "llvm.smul.with.overflow",
                    };
                    let (r, o) = self.overflow_intrinsic(name, self.int(a(0)?)?, self.int(a(1)?)?)?;
                    if let Some(res) = inst.result {
                        self.flags[res.0 as usize] = Some(o);
                    }
                    Some(r.into())
                }
                Op::Int32Div | Op::Int32Mod => {
                    // The total machine semantics of `ir::ops::int32_div` / `int32_mod`: x / -1
                    // is -x (wrapping), x % -1 is 0, a zero divisor yields 0 instead of a trap.
                    let (x, y) = (self.int(a(0)?)?, self.int(a(1)?)?);
                    let is_m1 = self.b.build_int_compare(IntPredicate::EQ, y, self.i32c(-1), "").unwrap();
                    let is_0 = self.b.build_int_compare(IntPredicate::EQ, y, self.i32c(0), "").unwrap();
                    let special = self.b.build_or(is_m1, is_0, "").unwrap();
                    let safe = self.b.build_select(special, self.i32c(1), y, "").unwrap().into_int_value();
                    let r = if inst.op == Op::Int32Div {
                        let q = self.b.build_int_signed_div(x, safe, "").unwrap();
                        let neg = self.b.build_int_sub(self.i32c(0), x, "").unwrap();
                        let q = self.b.build_select(is_m1, neg, q, "").unwrap().into_int_value();
                        self.b.build_select(is_0, self.i32c(0), q, "").unwrap()
                    } else {
                        let r = self.b.build_int_signed_rem(x, safe, "").unwrap();
                        self.b.build_select(special, self.i32c(0), r, "").unwrap()
                    };
                    Some(r)
                }
                Op::Word32And => Some(self.b.build_and(self.int(a(0)?)?, self.int(a(1)?)?, "").unwrap().into()),
                Op::Word32Or => Some(self.b.build_or(self.int(a(0)?)?, self.int(a(1)?)?, "").unwrap().into()),
                Op::Word32Xor => Some(self.b.build_xor(self.int(a(0)?)?, self.int(a(1)?)?, "").unwrap().into()),
                Op::Word32Shl | Op::Word32Sar | Op::Word32Shr => {
                    let x = self.int(a(0)?)?;
                    let n = self.b.build_and(self.int(a(1)?)?, self.i32c(31), "").unwrap();
                    let r = match inst.op {
                        Op::Word32Shl => self.b.build_left_shift(x, n, "").unwrap(),
                        Op::Word32Sar => self.b.build_right_shift(x, n, true, "").unwrap(),
                        _ => self.b.build_right_shift(x, n, false, "").unwrap(),
                    };
                    Some(r.into())
                }
                Op::Word32Equal | Op::Int32LessThan | Op::Int32LessThanOrEqual | Op::Uint32LessThan => {
                    let p = match inst.op {
                        Op::Word32Equal => IntPredicate::EQ,
                        Op::Int32LessThan => IntPredicate::SLT,
                        Op::Int32LessThanOrEqual => IntPredicate::SLE,
                        _ => IntPredicate::ULT,
                    };
                    Some(self.b.build_int_compare(p, self.int(a(0)?)?, self.int(a(1)?)?, "").unwrap().into())
                }
                Op::Float64Add => Some(self.b.build_float_add(self.float(a(0)?)?, self.float(a(1)?)?, "").unwrap().into()),
                Op::Float64Sub => Some(self.b.build_float_sub(self.float(a(0)?)?, self.float(a(1)?)?, "").unwrap().into()),
                Op::Float64Mul => Some(self.b.build_float_mul(self.float(a(0)?)?, self.float(a(1)?)?, "").unwrap().into()),
                Op::Float64Div => Some(self.b.build_float_div(self.float(a(0)?)?, self.float(a(1)?)?, "").unwrap().into()),
                Op::Float64Mod => Some(self.float_helper("seabed_rt_fmod", runtime::rt_fmod as *const () as usize, self.float(a(0)?)?, self.float(a(1)?)?)),
                Op::Float64Pow => Some(self.float_helper("seabed_rt_pow", runtime::rt_pow as *const () as usize, self.float(a(0)?)?, self.float(a(1)?)?)),
                Op::Float64Max => Some(self.float_helper("seabed_rt_max", runtime::rt_max as *const () as usize, self.float(a(0)?)?, self.float(a(1)?)?)),
                Op::Float64Min => Some(self.float_helper("seabed_rt_min", runtime::rt_min as *const () as usize, self.float(a(0)?)?, self.float(a(1)?)?)),
                Op::Float64Neg => Some(self.b.build_float_neg(self.float(a(0)?)?, "").unwrap().into()),
                Op::Float64Equal | Op::Float64LessThan | Op::Float64LessThanOrEqual => {
                    let p = match inst.op {
                        Op::Float64Equal => FloatPredicate::OEQ,
                        Op::Float64LessThan => FloatPredicate::OLT,
                        _ => FloatPredicate::OLE,
                    };
                    Some(self.b.build_float_compare(p, self.float(a(0)?)?, self.float(a(1)?)?, "").unwrap().into())
                }
                Op::ChangeInt32ToFloat64 => Some(self.b.build_signed_int_to_float(self.int(a(0)?)?, f64t, "").unwrap().into()),
                Op::ChangeUint32ToFloat64 => Some(self.b.build_unsigned_int_to_float(self.int(a(0)?)?, f64t, "").unwrap().into()),
                Op::TruncateFloat64ToWord32 => {
                    // ToInt32 inline for -2^31 - 1 < x < 2^31 (truncation toward zero is then
                    // the answer); NaN, infinities and larger magnitudes take the runtime's
                    // modular conversion on a cold path.
                    let x = self.float(a(0)?)?;
                    let above = self.b.build_float_compare(FloatPredicate::OGT, x, f64t.const_float(-2147483649.0), "").unwrap();
                    let below = self.b.build_float_compare(FloatPredicate::OLT, x, f64t.const_float(2147483648.0), "").unwrap();
                    let in_range = self.b.build_and(above, below, "").unwrap();
                    let fast = self.ctx.append_basic_block(self.f, "to_int32_fast");
                    let slow = self.ctx.append_basic_block(self.f, "to_int32_slow");
                    let join = self.ctx.append_basic_block(self.f, "to_int32_join");
                    let br = self.b.build_conditional_branch(in_range, fast, slow).unwrap();
                    self.set_weights(br, 2000, 1);
                    self.b.position_at_end(fast);
                    let quick = self.b.build_float_to_signed_int(x, i32t, "").unwrap();
                    self.b.build_unconditional_branch(join).unwrap();
                    self.b.position_at_end(slow);
                    let h = self.helper("seabed_rt_to_int32", runtime::rt_to_int32 as *const () as usize, Some(i32t.into()), &[f64t.into()], true);
                    let modular = self.call(h, &[x.into()]).expect("returns an int32");
                    self.b.build_unconditional_branch(join).unwrap();
                    self.b.position_at_end(join);
                    let phi = self.b.build_phi(i32t, "").unwrap();
                    phi.add_incoming(&[(&quick, fast), (&modular, slow)]);
                    Some(phi.as_basic_value())
                }
                Op::TryFloat64ToInt32 => {
                    // Rust's `x as i32` (saturating, NaN → 0); exact unless the round trip
                    // differs or x is -0.
                    let x = self.float(a(0)?)?;
                    let decl = self.fptosi_sat()?;
                    let i = self.call(decl, &[x.into()]).expect("returns an int").into_int_value();
                    let back = self.b.build_signed_int_to_float(i, f64t, "").unwrap();
                    let same = self.b.build_float_compare(FloatPredicate::OEQ, back, x, "").unwrap();
                    let bits = self.b.build_bit_cast(x, i64t, "").unwrap().into_int_value();
                    let minus_zero = self.b.build_int_compare(IntPredicate::EQ, bits, self.i64c(1 << 63), "").unwrap();
                    let not_minus_zero = self.b.build_not(minus_zero, "").unwrap();
                    let exact = self.b.build_and(same, not_minus_zero, "").unwrap();
                    let inexact = self.b.build_not(exact, "").unwrap();
                    if let Some(res) = inst.result {
                        self.flags[res.0 as usize] = Some(inexact);
                    }
                    Some(i.into())
                }
                Op::TagInt32 => {
                    let x = self.b.build_int_z_extend(self.int(a(0)?)?, i64t, "").unwrap();
                    Some(self.b.build_or(x, self.i64c(tagged::TAG_INT << tagged::TAG_SHIFT), "").unwrap().into())
                }
                Op::TagFloat64 => {
                    // The one boxing rule (`tagged::from_number`): an integral value in int32
                    // range other than -0 is boxed as an int32, anything else as a double.
                    let x = self.float(a(0)?)?;
                    let bits = self.b.build_bit_cast(x, i64t, "").unwrap().into_int_value();
                    let nan = self.b.build_float_compare(FloatPredicate::UNO, x, x, "").unwrap();
                    let double = self.b.build_select(nan, self.i64c(tagged::CANONICAL_NAN), bits, "").unwrap().into_int_value();
                    let decl = self.fptosi_sat()?;
                    let i = self.call(decl, &[x.into()]).expect("returns an int").into_int_value();
                    let back = self.b.build_signed_int_to_float(i, f64t, "").unwrap();
                    let same = self.b.build_float_compare(FloatPredicate::OEQ, back, x, "").unwrap();
                    let minus_zero = self.b.build_int_compare(IntPredicate::EQ, bits, self.i64c(1 << 63), "").unwrap();
                    let not_minus_zero = self.b.build_not(minus_zero, "").unwrap();
                    let integral = self.b.build_and(same, not_minus_zero, "").unwrap();
                    let wide = self.b.build_int_z_extend(i, i64t, "").unwrap();
                    let int_box = self.b.build_or(wide, self.i64c(tagged::TAG_INT << tagged::TAG_SHIFT), "").unwrap();
                    Some(self.b.build_select(integral, int_box, double, "").unwrap())
                }
                Op::TagBit => {
                    let c = self.int(a(0)?)?;
                    Some(self.b.build_select(c, self.i64c(tagged::TRUE), self.i64c(tagged::FALSE), "").unwrap())
                }
                Op::UntagInt32 => Some(self.b.build_int_truncate(self.int(a(0)?)?, i32t, "").unwrap().into()),
                Op::UntagNumber => {
                    let bits = self.int(a(0)?)?;
                    let is_int = self.tag_is(bits, tagged::TAG_INT);
                    let low = self.b.build_int_truncate(bits, i32t, "").unwrap();
                    let as_int = self.b.build_signed_int_to_float(low, f64t, "").unwrap();
                    let as_double = self.b.build_bit_cast(bits, f64t, "").unwrap();
                    Some(self.b.build_select(is_int, as_int.as_basic_value_enum(), as_double, "").unwrap())
                }
                Op::IsInt32 => Some(self.tag_is(self.int(a(0)?)?, tagged::TAG_INT).into()),
                Op::IsObject => Some(self.tag_is(self.int(a(0)?)?, tagged::TAG_OBJECT).into()),
                Op::IsArray => Some(self.tag_is(self.int(a(0)?)?, tagged::TAG_ARRAY).into()),
                Op::IsClosureOf { func } => {
                    let masked = self.b.build_and(self.int(a(0)?)?, self.i64c(tagged::FUNCTION_OF_MASK), "").unwrap();
                    let expected = self.i64c(tagged::tagged(tagged::TAG_FUNCTION, func as u64));
                    Some(self.b.build_int_compare(IntPredicate::EQ, masked, expected, "").unwrap().into())
                }
                Op::ClosureContext => {
                    let f = self.int(a(0)?)?;
                    Some(self.closure_context(f).into())
                }
                Op::IsNumber => {
                    let limit = self.i64c(tagged::TAG_SPECIAL << tagged::TAG_SHIFT);
                    Some(self.b.build_int_compare(IntPredicate::ULT, self.int(a(0)?)?, limit, "").unwrap().into())
                }
                Op::TaggedEqual => Some(self.b.build_int_compare(IntPredicate::EQ, self.int(a(0)?)?, self.int(a(1)?)?, "").unwrap().into()),
                Op::Load { access } => {
                    let (object, index) = match access {
                        Access::Global(_) => (None, None),
                        Access::Element => (Some(self.int(a(0)?)?), Some(self.int(a(1)?)?)),
                        _ => (Some(self.int(a(0)?)?), None),
                    };
                    Some(self.heap_load(access, object, index)?)
                }
                Op::Store { access } => {
                    let (object, index, value) = match access {
                        Access::Global(_) => (None, None, self.word(a(0)?)?),
                        Access::Element => (Some(self.int(a(0)?)?), Some(self.int(a(1)?)?), self.word(a(2)?)?),
                        _ => (Some(self.int(a(0)?)?), None, self.word(a(1)?)?),
                    };
                    self.heap_store(access, object, index, value)?;
                    None
                }
                Op::AllocateObject { shape } => Some(self.allocate_object(shape)?.into()),
                Op::AllocateArray { .. } => {
                    let values: Vec<IntValue<'ctx>> = inst.args.iter().map(|&v| self.word(v)).collect::<Result<_, _>>()?;
                    let buf = self.call_buf.unwrap_or_else(|| self.t.i64p.const_null());
                    Some(self.allocate_array(&values, buf)?.into())
                }
                Op::StoreFieldTransition { shape, slot } => {
                    let (object, value) = (self.int(a(0)?)?, self.word(a(1)?)?);
                    self.store_field_transition(object, shape, slot, value)?;
                    None
                }
                Op::CallRuntime { function: RuntimeFn::MathFunction(i), .. } => {
                    let buf = self.math_buf.unwrap_or_else(|| self.t.f64p.const_null());
                    for (k, &v) in inst.args.iter().enumerate() {
                        // SAFETY: the buffer holds the largest Math call's arguments.
                        let p = unsafe { self.b.build_in_bounds_gep(buf, &[self.i64c(k as u64)], "") }.unwrap();
                        self.b.build_store(p, self.float(v)?).unwrap();
                    }
                    let h = self.helper(
                        "seabed_rt_math",
                        runtime::rt_math as *const () as usize,
                        Some(f64t.into()),
                        &[self.t.i8p.into(), i32t.into(), self.t.f64p.into(), i32t.into()],
                        false,
                    );
                    let n = self.i32c(inst.args.len() as i32);
                    self.call(h, &[self.vm.into(), self.i32c(i as i32).into(), buf.into(), n.into()])
                }
                Op::CatchBlockBegin => {
                    let h = self.helper("seabed_rt_catch", runtime::rt_catch as *const () as usize, Some(i64t.into()), &[self.t.i8p.into()], false);
                    let r = self.call(h, &[self.vm.into()]).expect("returns a word").into_int_value();
                    // An exception no `try` may catch leaves the function.
                    self.check_sentinel(r);
                    Some(r.into())
                }
                Op::CallRuntime { .. } => {
                    let site = *self.runtime_site_of.get(&(bi, ii)).ok_or(LirError::NoRuntimeSite { block: bi, inst: ii })?;
                    let site_addr = &self.runtime_sites[site] as *const RuntimeSite as u64;
                    let buf = self.call_buf.unwrap_or_else(|| self.t.i64p.const_null());
                    let words: Vec<IntValue<'ctx>> = inst.args.iter().map(|&v| self.word(v)).collect::<Result<_, _>>()?;
                    let h = self.helper(
                        "seabed_rt_call",
                        runtime::rt_call as *const () as usize,
                        Some(i64t.into()),
                        &[self.t.i8p.into(), self.t.i8p.into(), self.t.i64p.into(), i32t.into()],
                        false,
                    );
                    let site_ptr = self.i64c(site_addr).const_to_pointer(self.t.i8p);
                    let n = self.i32c(inst.args.len() as i32);
                    let generic = |this: &mut Self| {
                        for (k, &w) in words.iter().enumerate() {
                            // SAFETY: the buffer holds the largest runtime call's arguments.
                            let p = unsafe { this.b.build_in_bounds_gep(buf, &[this.i64c(k as u64)], "") }.unwrap();
                            this.b.build_store(p, w).unwrap();
                        }
                        this.call(h, &[this.vm.into(), site_ptr.into(), buf.into(), n.into()]).expect("returns a word").into_int_value()
                    };
                    let r = match self.direct_calls.callee(&inst.op, &inst.args) {
                        Some(target) => self.direct_call(target, &inst.args[1..], generic)?,
                        None => generic(self),
                    };
                    let threw = self.b.build_int_compare(IntPredicate::EQ, r, self.i64c(EXCEPTION_SENTINEL), "").unwrap();
                    // Inside a `try`, a call that threw goes to its catch block.
                    let propagate = match self.catch_target {
                        Some((thrower, catch)) if inst.result == Some(thrower) => catch,
                        _ => self.propagate_block(),
                    };
                    let cont = self.ctx.append_basic_block(self.f, "");
                    self.cold_branch(threw, propagate, cont);
                    self.b.position_at_end(cont);
                    if let (Some(exit), true) = (inst.exit, self.opts.after_call_exits) {
                        // The call's lazy exit: taken when the vm says the code must not
                        // continue; the exit reads the call's result.
                        if let Some(res) = inst.result {
                            self.vals[res.0 as usize] = Some(r.into());
                        }
                        let h = self.helper("seabed_rt_after_call_exit", runtime::rt_after_call_exit as *const () as usize, Some(i32t.into()), &[self.t.i8p.into()], false);
                        let take = self.call(h, &[self.vm.into()]).expect("returns an int").into_int_value();
                        let take = self.b.build_int_compare(IntPredicate::NE, take, self.i32c(0), "").unwrap();
                        let exit_bb = self.ctx.append_basic_block(self.f, &format!("lazy_exit_e{}", exit.0));
                        let after = self.ctx.append_basic_block(self.f, "");
                        self.cold_branch(take, exit_bb, after);
                        self.b.position_at_end(exit_bb);
                        // A stress exit (the failed flag is 0): the code is kept.
                        let zero = self.i32c(0);
                        self.emit_exit(exit, zero)?;
                        self.b.position_at_end(after);
                    }
                    Some(r.into())
                }
                Op::DeoptimizeIf { .. } | Op::DeoptimizeUnless { .. } => {
                    let exit = inst.exit.ok_or(LirError::CheckWithoutExit { op: inst.op })?;
                    let cond = self.int(a(0)?)?;
                    let fails = if matches!(inst.op, Op::DeoptimizeIf { .. }) { cond } else { self.b.build_not(cond, "").unwrap() };
                    let (take, failed) = if self.opts.stress_checks {
                        let h = self.helper("seabed_rt_stress_check", runtime::rt_stress_check as *const () as usize, Some(i32t.into()), &[self.t.i8p.into()], false);
                        let s = self.call(h, &[self.vm.into()]).expect("returns an int").into_int_value();
                        let s = self.b.build_int_compare(IntPredicate::NE, s, self.i32c(0), "").unwrap();
                        let take = self.b.build_or(fails, s, "").unwrap();
                        (take, self.b.build_int_z_extend(fails, i32t, "").unwrap())
                    } else {
                        (fails, self.i32c(1))
                    };
                    let rep = self.exit_rep[exit.0 as usize];
                    let cont = self.ctx.append_basic_block(self.f, "");
                    let here = self.b.get_insert_block().expect("positioned");
                    let exit_bb = match self.exit_blocks.get(&rep) {
                        Some(&(bb, phi)) => {
                            if let Some(phi) = phi {
                                phi.add_incoming(&[(&failed, here)]);
                            }
                            self.cold_branch(take, bb, cont);
                            None
                        }
                        None => {
                            let bb = self.ctx.append_basic_block(self.f, &format!("exit_e{}", rep.0));
                            self.cold_branch(take, bb, cont);
                            Some(bb)
                        }
                    };
                    if let Some(bb) = exit_bb {
                        self.b.position_at_end(bb);
                        // Under stress exits the flag differs per check: a phi collects it.
                        let (flag, phi) = if self.opts.stress_checks {
                            let phi = self.b.build_phi(i32t, "failed").unwrap();
                            phi.add_incoming(&[(&failed, here)]);
                            (phi.as_basic_value().into_int_value(), Some(phi))
                        } else {
                            (failed, None)
                        };
                        self.exit_blocks.insert(rep, (bb, phi));
                        self.emit_exit(rep, flag)?;
                    }
                    self.b.position_at_end(cont);
                    None
                }
                ref other => return Err(LirError::Unsupported { backend: MachineBackend::Llvm, op: *other }.into()),
            };
            if let (Some(r), Some(v)) = (inst.result, result) {
                v.set_name(&format!("v{}", r.0));
                self.vals[r.0 as usize] = Some(v);
            }
        }
        match &block.term {
            Terminator::Goto(j) => {
                let target = self.jump(j)?;
                self.b.build_unconditional_branch(target).unwrap();
            }
            Terminator::Branch { cond, if_true, if_false, profile } => {
                let c = self.int(*cond)?;
                let here = self.b.get_insert_block().expect("positioned");
                let t_bb = self.jump(if_true)?;
                let f_bb = if if_false.block == if_true.block {
                    // Two edges into one block need distinct predecessors for the phis.
                    let edge = self.ctx.append_basic_block(self.f, "edge");
                    self.b.position_at_end(edge);
                    let target = self.jump(if_false)?;
                    self.b.build_unconditional_branch(target).unwrap();
                    self.b.position_at_end(here);
                    edge
                } else {
                    self.jump(if_false)?
                };
                let br = self.b.build_conditional_branch(c, t_bb, f_bb).unwrap();
                if let Some((t, f)) = profile.counts() {
                    if t > 0 || f > 0 {
                        self.set_weights(br, t, f);
                    }
                }
            }
            Terminator::Return(v) => {
                let v = self.int(*v)?;
                self.b.build_return(Some(&v)).unwrap();
            }
            Terminator::Throw(v) => {
                let h = self.helper("seabed_rt_throw", runtime::rt_throw as *const () as usize, Some(self.t.i64.into()), &[self.t.i64.into()], false);
                let r = self.call(h, &[self.int(*v)?.into()]).expect("returns the sentinel");
                self.b.build_return(Some(&r)).unwrap();
            }
            Terminator::Deoptimize(e) => {
                let one = self.i32c(1);
                self.emit_exit(*e, one)?;
            }
            // The call's exceptional edge went to the catch block where it was made.
            Terminator::CheckException { normal, .. } => {
                let target = self.jump(normal)?;
                self.b.build_unconditional_branch(target).unwrap();
            }
        }
        Ok(())
    }

    /// A value as a 64-bit word (tagged values as they are; others zero-extended or bitcast).
    fn word(&self, v: ir::lir::Value) -> Result<IntValue<'ctx>, LirError> {
        Ok(match self.val(v)? {
            BasicValueEnum::IntValue(i) if i.get_type().get_bit_width() == 64 => i,
            BasicValueEnum::IntValue(i) => self.b.build_int_z_extend(i, self.t.i64, "").unwrap(),
            BasicValueEnum::FloatValue(x) => self.b.build_bit_cast(x, self.t.i64, "").unwrap().into_int_value(),
            other => return Err(LirError::NotAWord { value: v, found: format!("{other:?}") }),
        })
    }

    fn tag_is(&self, bits: IntValue<'ctx>, tag: u64) -> IntValue<'ctx> {
        let top = self.b.build_right_shift(bits, self.i64c(tagged::TAG_SHIFT as u64), false, "").unwrap();
        self.b.build_int_compare(IntPredicate::EQ, top, self.i64c(tag), "").unwrap()
    }

    /// Adds the jump's arguments to the target's phis (from the current block); returns the
    /// target block.
    fn jump(&mut self, j: &Jump) -> Result<BasicBlock<'ctx>, LirError> {
        let here = self.b.get_insert_block().expect("positioned");
        let BlockId(target) = j.block;
        let bb = self.bbs.get(target as usize).copied().flatten().ok_or(LirError::MissingBlock { block: target })?;
        let phis = self.phis[target as usize].clone();
        if phis.len() != j.args.len() {
            return Err(LirError::JumpArity { block: target, args: j.args.len(), params: phis.len() });
        }
        for (phi, &arg) in phis.iter().zip(&j.args) {
            let v = self.val(arg)?;
            phi.add_incoming(&[(&v as &dyn BasicValue<'ctx>, here)]);
        }
        Ok(bb)
    }

    fn propagate_block(&mut self) -> BasicBlock<'ctx> {
        if let Some(bb) = self.propagate {
            return bb;
        }
        let here = self.b.get_insert_block().expect("positioned");
        let bb = self.ctx.append_basic_block(self.f, "propagate_exception");
        self.b.position_at_end(bb);
        self.b.build_return(Some(&self.i64c(EXCEPTION_SENTINEL))).unwrap();
        self.b.position_at_end(here);
        self.propagate = Some(bb);
        bb
    }

    /// Emits the exit patchpoint for `exit` at the current position, then returns its result.
    fn emit_exit(&mut self, exit: ExitId, failed: IntValue<'ctx>) -> Result<(), LirError> {
        let plan = plan_exit(self.lir, exit, self.opts.max_register_operands);
        let site = self.sites.len() as u64;
        let id = self.id_base | site;
        let mut operands: Vec<BasicMetadataValueEnum<'ctx>> = Vec::with_capacity(4 + plan.operand_count);
        let pp = self.patchpoint();
        operands.push(self.i64c(id).into());
        operands.push(self.i32c(PATCHPOINT_BYTES as i32).into());
        operands.push(self.i64c(super::exits::trampoline_address()).const_to_pointer(self.t.i8p).into());
        operands.push(self.i32c(0).into());
        operands.push(self.vm.into());
        operands.push(failed.into());
        for &(id, slot) in &plan.values {
            let v = self.val(ir::lir::Value(id))?;
            match slot {
                PlanSlot::Operand(_) => {
                    let v: BasicMetadataValueEnum<'ctx> = match v {
                        BasicValueEnum::IntValue(i) if i.get_type().get_bit_width() == 1 => {
                            self.b.build_int_z_extend(i, self.t.i32, "").unwrap().into()
                        }
                        other => other.into(),
                    };
                    operands.push(v);
                }
                PlanSlot::Buffer(n) => {
                    let buf = self.exit_buf.expect("sized by make_buffers");
                    let w = self.word(ir::lir::Value(id))?;
                    // SAFETY: the buffer is sized for the largest spill of any exit.
                    let p = unsafe { self.b.build_in_bounds_gep(buf, &[self.i64c(n as u64)], "") }.unwrap();
                    self.b.build_store(p, w).unwrap();
                }
            }
        }
        if plan.buffer_operand.is_some() {
            operands.push(self.exit_buf.expect("sized by make_buffers").into());
        }
        debug_assert_eq!(operands.len() - 4, plan.operand_count);
        let r = self.call(pp, &operands).expect("patchpoint.i64 returns i64");
        self.b.build_return(Some(&r)).unwrap();
        self.sites.push(plan);
        Ok(())
    }

    fn patchpoint(&mut self) -> FunctionValue<'ctx> {
        let name = "llvm.experimental.patchpoint.i64";
        if let Some(f) = self.module.get_function(name) {
            return f;
        }
        let ty = self.t.i64.fn_type(&[self.t.i64.into(), self.t.i32.into(), self.t.i8p.into(), self.t.i32.into()], true);
        self.module.add_function(name, ty, None)
    }
}
