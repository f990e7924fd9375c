//! The LLVM backend, FTL style (`--backend llvm`).
//!
//! [`compile`] lowers a LIR function to LLVM IR with inkwell (`lower`), runs the selected
//! [`LlvmPipeline`], generates machine code with MCJIT through a memory manager that owns the
//! code pages and captures `.llvm_stackmaps` (`engine`), parses the stack maps
//! ([`stackmap`]) and registers every exit site by return address ([`exits`]). The result,
//! [`LlvmCode`], implements the vm's [`CompiledCode`].
//!
//! Exits are `llvm.experimental.patchpoint.i64` calls into an assembly trampoline that saves
//! all registers and hands the stack-mapped live values to the vm; the interpreter finishes
//! the activation and its result returns through the compiled frame (see [`exits`]).
//! Exceptions travel as [`EXCEPTION_SENTINEL`] return values.
//!
//! Heap loads and stores are machine loads and stores through the vm's fixed heap layout
//! (`vm::layout`), tagged with TBAA type nodes that follow the IR's alias classes
//! (`lower::heap`). OSR entry code is ordinary LIR whose parameters are the live registers.

pub mod exits;
pub mod stackmap;

mod engine;
pub(crate) mod lower;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use inkwell::context::Context;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine};
use inkwell::OptimizationLevel;

use ir::lir::Function;
use vm::interp::JsResult;
use vm::tiering::CompiledCode;
use vm::{Value, Vm};

pub use crate::direct_calls::HiddenParams;
pub use exits::{set_exit_interceptor, ExitEvent, ExitInterceptor};
pub use crate::runtime::EXCEPTION_SENTINEL;

use exits::{ExitSite, Operand};
use crate::error::{BackendError, LlvmError};
use crate::native::NativeEntry;
use lower::PlanSlot;
use stackmap::{LocationKind, StackMap};

/// The LLVM pass pipeline and code generation level (`--llvm`): one of three presets, not a
/// list of phases like a mid-end spec's `midend::spec::Pipeline`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum LlvmPipeline {
    /// No IR passes; code generation at O1 (O0's fast register allocator cannot handle
    /// patchpoints with many live values).
    None,
    /// A lean function pipeline (instcombine, simplifycfg, gvn, licm, dse) and code
    /// generation at O2.
    #[default]
    Ftl,
    /// LLVM's `default<O2>` pipeline and code generation at O2.
    O2,
}

impl LlvmPipeline {
    /// Every pipeline, in the order `--help` lists them.
    pub const ALL: [LlvmPipeline; 3] = [LlvmPipeline::None, LlvmPipeline::Ftl, LlvmPipeline::O2];

    /// Parses a `--llvm` value: `none`, `ftl` or `O2` ([`LlvmPipeline::name`], or its
    /// [`LlvmPipeline::alias`]).
    pub fn parse(s: &str) -> Option<LlvmPipeline> {
        LlvmPipeline::ALL.into_iter().find(|p| p.name() == s || p.alias() == Some(s))
    }

    /// Another spelling `--llvm` accepts: `o2` for `O2`.
    pub fn alias(self) -> Option<&'static str> {
        match self {
            LlvmPipeline::O2 => Some("o2"),
            LlvmPipeline::None | LlvmPipeline::Ftl => None,
        }
    }

    /// The name `--llvm` takes.
    pub fn name(self) -> &'static str {
        match self {
            LlvmPipeline::None => "none",
            LlvmPipeline::Ftl => "ftl",
            LlvmPipeline::O2 => "O2",
        }
    }

    /// The new-pass-manager pipeline text, if any.
    pub fn passes(self) -> Option<&'static str> {
        match self {
            LlvmPipeline::None => None,
            LlvmPipeline::Ftl => Some("function(instcombine,simplifycfg,gvn,loop-mssa(licm),dse,simplifycfg)"),
            LlvmPipeline::O2 => Some("default<O2>"),
        }
    }

    /// The code generation level.
    pub fn codegen_level(self) -> OptimizationLevel {
        match self {
            LlvmPipeline::None => OptimizationLevel::Less,
            LlvmPipeline::Ftl | LlvmPipeline::O2 => OptimizationLevel::Default,
        }
    }
}

/// Knobs of one compilation.
#[derive(Clone, Debug)]
pub struct LlvmOptions {
    /// The pass pipeline and code generation level.
    pub pipeline: LlvmPipeline,
    /// Every check asks the vm's `stress_check()` first, as the LIR evaluator does (needed
    /// for `--deopt-every`, and to count executed checks).
    pub stress_checks: bool,
    /// Generic calls that carry a lazy exit ask the vm's `after_call_exit()` once they return
    /// and take the exit when it says so (`--deopt-after-calls`). Off, lazy exits are not
    /// materialized: nothing invalidates compiled code during a call yet.
    pub after_call_exits: bool,
    /// The most general-purpose-register operands an exit patchpoint gets (vm pointer and
    /// failed flag included); int-class values beyond the budget go through an entry-block
    /// buffer whose address is passed instead. LLVM's fast register allocator aborts the
    /// process beyond 13 (llvm/llvm-project#56880), so keep this at most 12 if code
    /// generation at O0 is ever used; at O1/O2 LLVM spills by itself.
    pub max_register_operands: usize,
    /// Run LLVM's module verifier (before the passes).
    pub verify: bool,
    /// Keep the optimized module's text in [`LlvmCode::ir`] (for `--dump-llvm`).
    pub keep_ir: bool,
    /// Keep the function's assembly text in [`LlvmCode::asm`] (for `--dump-asm`).
    pub keep_asm: bool,
    /// The parameter count of every bytecode function, by function id: a call whose callee is
    /// a function constant calls that function's machine code directly, padding its
    /// arguments to this count (`lower::calls`). Empty: no direct calls.
    pub param_counts: Vec<u32>,
    /// The hidden parameters of every bytecode function, by function id (missing entries:
    /// none): a direct call passes them after the arguments padded or cut to the parameter
    /// count, as the vm's `call_function` does, or leaves a callee that the runtime must
    /// call to the generic path.
    pub hidden_params: Vec<HiddenParams>,
}

impl Default for LlvmOptions {
    fn default() -> Self {
        LlvmOptions {
            pipeline: LlvmPipeline::default(),
            stress_checks: true,
            after_call_exits: false,
            max_register_operands: 12,
            verify: cfg!(debug_assertions),
            keep_ir: false,
            keep_asm: false,
            param_counts: Vec::new(),
            hidden_params: Vec::new(),
        }
    }
}

/// What one compilation cost and produced.
#[derive(Clone, Debug, Default)]
pub struct LlvmStats {
    /// The pipeline used.
    pub pipeline: LlvmPipeline,
    /// Building the LLVM IR from LIR (our time, not LLVM's).
    pub lower: Duration,
    /// LLVM's module verifier.
    pub verify: Duration,
    /// The IR pass pipeline.
    pub passes: Duration,
    /// Code generation (MCJIT creation through the function's address) and stack map
    /// parsing.
    pub codegen: Duration,
    /// Bytes of machine code.
    pub code_bytes: usize,
    /// LLVM instructions after the passes.
    pub ir_instructions: usize,
    /// Exit patchpoints emitted.
    pub exit_sites: usize,
    /// Stack map records found (more than sites if LLVM duplicated an exit, fewer if it
    /// deleted one).
    pub stackmap_records: usize,
    /// Where the exit values (not the vm pointer and flag) were found, over all records.
    pub exit_locations: LocationCounts,
}

/// How many exit values each kind of location carried.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LocationCounts {
    /// In a register.
    pub register: usize,
    /// An address (`Direct`).
    pub direct: usize,
    /// In a spill slot (`Indirect`).
    pub indirect: usize,
    /// A constant (`Constant` / `ConstantIndex`).
    pub constant: usize,
    /// In the exit buffer.
    pub buffer: usize,
}

impl LlvmStats {
    /// LLVM's own compile time: verifier, passes and code generation.
    pub fn llvm_time(&self) -> Duration {
        self.verify + self.passes + self.codegen
    }
}

/// A LIR function compiled to machine code by LLVM.
pub struct LlvmCode {
    entry: NativeEntry,
    /// The LIR function's name.
    pub name: String,
    /// Which compiler produced the LIR (for [`CompiledCode::describe`]).
    pub label: String,
    /// Compile-time statistics.
    pub stats: LlvmStats,
    /// The optimized module's text, if [`LlvmOptions::keep_ir`] was set.
    pub ir: Option<String>,
    /// The function's x86-64 (host) assembly text, if [`LlvmOptions::keep_asm`] was set.
    ///
    /// This is a separate code generation of the same optimized module (a clone of the
    /// module MCJIT compiles, after the passes) by a host target machine with the same
    /// codegen level and code model, not a disassembly of the JIT buffer: instruction
    /// selection and register allocation match what runs, but addresses (the patchpoint
    /// trampoline, runtime helpers) appear as symbols or immediates and the patchpoint
    /// shadow as `nop`s. Not counted in [`LlvmStats`].
    pub asm: Option<String>,
    exit_addrs: Vec<u64>,
    _runtime_sites: Box<[crate::runtime::RuntimeSite]>,
    memory: engine::CodeMemory,
}

// Code may be generated on a background compiler thread and run on another: everything an
// `LlvmCode` owns must be `Send` (each compilation's LLVM context stays on its thread).
const _: () = {
    const fn assert_send<T: Send>() {}
    assert_send::<LlvmCode>()
};

impl std::fmt::Debug for LlvmCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LlvmCode").field("name", &self.name).field("stats", &self.stats).finish_non_exhaustive()
    }
}

impl LlvmCode {
    /// The machine code's entry address.
    pub fn address(&self) -> usize {
        self.entry.address() as usize
    }

    /// Bytes of machine code.
    pub fn code_bytes(&self) -> usize {
        self.memory.code_bytes()
    }

    /// Calls the compiled function: returns the raw result bits, which are
    /// [`EXCEPTION_SENTINEL`] when an exception is pending (collect it with
    /// [`LlvmCode::invoke`] instead if you need it).
    pub fn call_raw(&self, vm: &mut Vm, args: &[Value]) -> u64 {
        self.entry.call_raw(vm, args)
    }
}

impl CompiledCode for LlvmCode {
    fn machine_entry(&self) -> u64 {
        self.entry.address()
    }

    fn invoke(&self, vm: &mut Vm, args: &[Value]) -> JsResult<Value> {
        self.entry.invoke(vm, args)
    }

    fn describe(&self) -> String {
        format!("{} on LLVM ({})", self.label, self.stats.pipeline.name())
    }
}

impl Drop for LlvmCode {
    fn drop(&mut self) {
        // Before the memory goes: no exit may resolve to freed code.
        exits::unregister(&self.exit_addrs);
    }
}

static COMPILATIONS: AtomicU64 = AtomicU64::new(1);

/// Initializes LLVM's native target once per process (from whichever thread compiles
/// first); every caller sees the outcome.
fn init_native() -> Result<(), LlvmError> {
    static INIT: OnceLock<Result<(), String>> = OnceLock::new();
    INIT.get_or_init(|| Target::initialize_native(&InitializationConfig::default())).clone().map_err(LlvmError::NativeTarget)
}

fn target_machine() -> Result<TargetMachine, LlvmError> {
    target_machine_at(OptimizationLevel::Default)
}

fn target_machine_at(level: OptimizationLevel) -> Result<TargetMachine, LlvmError> {
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|e| LlvmError::Triple(e.to_string()))?;
    target
        .create_target_machine(&triple, "", "", level, RelocMode::Default, CodeModel::JITDefault)
        .ok_or(LlvmError::TargetMachine)
}

/// Assembly text of `module` as the host target machine generates it at `level`. Codegen
/// runs IR-level passes (CodeGenPrepare, ...) that rewrite the module in place, so a clone
/// is emitted and the module MCJIT compiles stays untouched.
fn assembly(module: &inkwell::module::Module<'_>, level: OptimizationLevel) -> Result<String, LlvmError> {
    let tm = target_machine_at(level)?;
    let copy = module.clone();
    copy.set_triple(&tm.get_triple());
    copy.set_data_layout(&tm.get_target_data().get_data_layout());
    let buf = tm
        .write_to_memory_buffer(&copy, FileType::Assembly)
        .map_err(|e| LlvmError::Assembly(e.to_string()))?;
    Ok(String::from_utf8_lossy(buf.as_slice()).into_owned())
}

pub use crate::phases::{PhaseRunner, Unmetered};

/// Compiles `lir` to machine code.
pub fn compile(lir: &Function, options: &LlvmOptions) -> Result<LlvmCode, BackendError> {
    compile_phases(lir, options, &mut Unmetered)
}

/// Compiles `lir` to machine code, running each step (LIR → LLVM IR lowering, the module
/// verifier, the pass pipeline, code generation with stack-map parsing) through `phases`.
pub fn compile_phases(lir: &Function, options: &LlvmOptions, phases: &mut impl PhaseRunner) -> Result<LlvmCode, BackendError> {
    init_native()?;
    let mut stats = LlvmStats { pipeline: options.pipeline, ..LlvmStats::default() };
    let compilation = COMPILATIONS.fetch_add(1, Ordering::Relaxed) & 0xFFFF_FFFF;
    let id_base = compilation << 32;
    let (sites_vec, site_of) = crate::lir_info::runtime_sites(lir);
    // Boxed before lowering: compiled code embeds the addresses of its entries.
    let runtime_sites: Box<[crate::runtime::RuntimeSite]> = sites_vec.into_boxed_slice();

    let context = Context::create();
    let start = Instant::now();
    let lowered = phases.phase("lower", || lower::lower(&context, lir, options, id_base, &runtime_sites, site_of))?;
    stats.lower = start.elapsed();
    let module = &lowered.module;

    if options.verify {
        let start = Instant::now();
        let verified = phases.phase("verify", || module.verify());
        stats.verify = start.elapsed();
        if let Err(e) = verified {
            let (function, message, module) = (lir.name.clone(), e.to_string(), module.print_to_string().to_string());
            return Err(LlvmError::Verify { function, message, module }.into());
        }
    }

    if let Some(passes) = options.pipeline.passes() {
        let start = Instant::now();
        phases.phase("passes", || -> Result<(), LlvmError> {
            let tm = target_machine()?;
            module.set_triple(&tm.get_triple());
            module.set_data_layout(&tm.get_target_data().get_data_layout());
            module
                .run_passes(passes, &tm, PassBuilderOptions::create())
                .map_err(|e| LlvmError::Passes { passes, message: e.to_string() })
        })?;
        stats.passes = start.elapsed();
    }
    stats.ir_instructions = count_instructions(lowered.function);
    let ir = options.keep_ir.then(|| module.print_to_string().to_string());
    let asm = if options.keep_asm { Some(assembly(module, options.pipeline.codegen_level())?) } else { None };

    let start = Instant::now();
    let (address, memory, sites) = phases.phase("codegen", || -> Result<_, LlvmError> {
        let (mm, memory) = engine::memory_manager();
        let ee = module
            .create_mcjit_execution_engine_with_memory_manager(mm, options.pipeline.codegen_level(), CodeModel::JITDefault, true, false)
            .map_err(|e| LlvmError::Mcjit(e.to_string()))?;
        // Helpers whose calls the passes removed have lost their declarations (at `O2`,
        // dead-prototype elimination deletes them): map only the ones still declared.
        for (name, addr) in &lowered.helpers {
            if let Some(decl) = module.get_function(name) {
                ee.add_global_mapping(&decl, *addr);
            }
        }
        let address = ee.get_function_address(&lowered.name).map_err(LlvmError::Codegen)?;
        if let Some(e) = memory.take_error() {
            return Err(e);
        }
        // The code lives in `memory`; the engine, module and context are no longer needed.
        drop(ee);
        let sites = resolve_sites(lir, &lowered.sites, id_base, &memory, &mut stats)?;
        Ok((address, memory, sites))
    })?;
    stats.codegen = start.elapsed();
    stats.exit_sites = lowered.sites.len();
    stats.code_bytes = memory.code_bytes();
    let param_count = lowered.param_count;
    drop(lowered);
    drop(context);

    let exit_addrs: Vec<u64> = sites.iter().map(|(a, _)| *a).collect();
    exits::register(sites);
    // SAFETY: `address` is the entry of the function lowering built with exactly the entry
    // signature; its code lives in `memory`, which the LlvmCode owns.
    let entry = unsafe { NativeEntry::new(address, param_count) };
    Ok(LlvmCode {
        entry,
        name: lir.name.clone(),
        label: "lir".into(),
        stats,
        ir,
        asm,
        exit_addrs,
        _runtime_sites: runtime_sites,
        memory,
    })
}

fn count_instructions(f: inkwell::values::FunctionValue<'_>) -> usize {
    let mut n = 0;
    for bb in f.get_basic_blocks() {
        let mut inst = bb.get_first_instruction();
        while let Some(i) = inst {
            n += 1;
            inst = i.get_next_instruction();
        }
    }
    n
}

/// Matches stack map records to the planned exit sites; returns the sites by return address.
fn resolve_sites(
    lir: &Function,
    plans: &[lower::SitePlan],
    id_base: u64,
    memory: &engine::CodeMemory,
    stats: &mut LlvmStats,
) -> Result<Vec<(u64, Arc<ExitSite>)>, LlvmError> {
    let descs: Vec<Arc<ir::frame::ExitDesc>> = lir.exits.iter().map(|e| Arc::new(e.clone())).collect();
    let mut out = Vec::new();
    for bytes in memory.stackmaps() {
        let map = StackMap::parse(&bytes).map_err(LlvmError::StackMap)?;
        let constants = Arc::new(map.constants.clone());
        for rec in &map.records {
            if rec.id & !0xFFFF_FFFF != id_base {
                return Err(LlvmError::ForeignRecord { id: rec.id });
            }
            let plan = plans.get((rec.id & 0xFFFF_FFFF) as usize).ok_or(LlvmError::UnknownSite { id: rec.id })?;
            if rec.locations.len() != plan.operand_count {
                return Err(LlvmError::SiteLocations { id: rec.id, locations: rec.locations.len(), operands: plan.operand_count });
            }
            let values = plan
                .values
                .iter()
                .map(|&(id, slot)| {
                    let counts = &mut stats.exit_locations;
                    let op = match slot {
                        PlanSlot::Operand(k) => {
                            let loc = rec.locations[k];
                            match loc.kind {
                                LocationKind::Register => counts.register += 1,
                                LocationKind::Direct => counts.direct += 1,
                                LocationKind::Indirect => counts.indirect += 1,
                                LocationKind::Constant | LocationKind::ConstantIndex => counts.constant += 1,
                            }
                            Operand::Loc(loc)
                        }
                        PlanSlot::Buffer(n) => {
                            counts.buffer += 1;
                            Operand::Buffer(n)
                        }
                    };
                    (id, op)
                })
                .collect();
            let site = ExitSite {
                func: lir.func,
                desc: descs[plan.exit.0 as usize].clone(),
                vm: rec.locations[0],
                failed: rec.locations[1],
                buffer: plan.buffer_operand.map(|k| rec.locations[k]),
                values,
                constants: constants.clone(),
            };
            stats.stackmap_records += 1;
            out.push((map.return_address(rec, exits::PATCHPOINT_BYTES), Arc::new(site)));
        }
    }
    Ok(out)
}
