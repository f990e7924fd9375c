//! The Cranelift backend (`--backend cranelift`): a second machine backend beside LLVM, for
//! comparing code generators on equal arms (issue 20).
//!
//! [`compile`] lowers a LIR function to Cranelift IR through `cranelift-frontend` (`lower`),
//! then `cranelift-jit` compiles it (opt level `speed`) into a [`ClifCode`] that implements
//! the vm's [`CompiledCode`]. Everything but the code generator is shared with the LLVM
//! backend: the entry signature `i64 (vm, args, argc)` and the call through it (`native`),
//! the runtime helpers (`crate::runtime`), the heap layout (`vm::layout`), the
//! representations, direct calls through the vm's machine-entry table (so LLVM and Cranelift
//! code call each other; planned by [`crate::direct_calls`]), the
//! exception sentinel and the exit descriptions with their resume path. Exits differ (no
//! patchpoints): see [`exits`] and `docs/cranelift.md`.

pub mod exits;
mod lower;

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Linkage, Module};

use ir::lir::Function;
use vm::interp::JsResult;
use vm::tiering::CompiledCode;
use vm::{Value, Vm};

use crate::error::{BackendError, CraneliftError};
use crate::runtime::RuntimeSite;
use crate::native::NativeEntry;
use crate::direct_calls::HiddenParams;
use crate::phases::{PhaseRunner, Unmetered};

/// Knobs of one Cranelift compilation (the LLVM options that apply, same meanings).
#[derive(Clone, Debug, Default)]
pub struct ClifOptions {
    /// Every check asks the vm's `stress_check()` first (`--deopt-every`).
    pub stress_checks: bool,
    /// Generic calls with a lazy exit ask the vm's `after_call_exit()` (`--deopt-after-calls`).
    pub after_call_exits: bool,
    /// Run Cranelift's IR verifier.
    pub verify: bool,
    /// Keep the function's Cranelift IR text in [`ClifCode::clif`] (`--dump-clif`).
    pub keep_clif: bool,
    /// Keep the function's machine code listing in [`ClifCode::asm`] (`--dump-asm`).
    pub keep_asm: bool,
    /// The parameter count of every bytecode function, by id (direct calls; empty: none).
    pub param_counts: Vec<u32>,
    /// The hidden parameters of every bytecode function, by id.
    pub hidden_params: Vec<HiddenParams>,
}

/// What one compilation cost and produced.
#[derive(Clone, Debug, Default)]
pub struct ClifStats {
    /// Building the Cranelift IR from LIR (our time).
    pub lower: Duration,
    /// Cranelift's compilation: verifier (if on), optimization, instruction selection,
    /// register allocation, emission and finalizing the code pages.
    pub compile: Duration,
    /// Bytes of machine code.
    pub code_bytes: usize,
    /// Cranelift IR instructions handed to the code generator.
    pub ir_instructions: usize,
    /// Exit sites (cold exit blocks) emitted.
    pub exit_sites: usize,
}

/// A LIR function compiled to machine code by Cranelift.
pub struct ClifCode {
    entry: NativeEntry,
    /// The LIR function's name.
    pub name: String,
    /// Compile-time statistics.
    pub stats: ClifStats,
    /// The Cranelift IR text, if [`ClifOptions::keep_clif`] was set.
    pub clif: Option<String>,
    /// The machine code listing (Cranelift's VCode text after register allocation) and its
    /// size, if [`ClifOptions::keep_asm`] was set.
    pub asm: Option<String>,
    _runtime_sites: Box<[RuntimeSite]>,
    _exit_sites: Box<[exits::ExitSite]>,
    module: Option<JITModule>,
}

impl std::fmt::Debug for ClifCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClifCode").field("name", &self.name).field("stats", &self.stats).finish_non_exhaustive()
    }
}

impl ClifCode {
    /// Calls the compiled function and returns the raw result bits
    /// ([`crate::llvm::EXCEPTION_SENTINEL`] when an exception is pending).
    pub fn call_raw(&self, vm: &mut Vm, args: &[Value]) -> u64 {
        self.entry.call_raw(vm, args)
    }
}

impl CompiledCode for ClifCode {
    fn machine_entry(&self) -> u64 {
        self.entry.address()
    }

    fn invoke(&self, vm: &mut Vm, args: &[Value]) -> JsResult<Value> {
        self.entry.invoke(vm, args)
    }

    fn describe(&self) -> String {
        format!("{} on Cranelift", self.name)
    }
}

impl Drop for ClifCode {
    fn drop(&mut self) {
        if let Some(m) = self.module.take() {
            // SAFETY: the code is being dropped; a running activation holds its own
            // reference to it (as for LlvmCode).
            unsafe { m.free_memory() };
        }
    }
}

/// The host ISA with opt level `speed`, built once per process (a failure is not kept: each
/// compilation tries again, and fails the same way).
fn isa() -> Result<OwnedTargetIsa, CraneliftError> {
    static ISA: OnceLock<OwnedTargetIsa> = OnceLock::new();
    if let Some(isa) = ISA.get() {
        return Ok(isa.clone());
    }
    let mut flags = settings::builder();
    let set = |f: &mut settings::Builder, name: &'static str, value: &'static str| {
        f.set(name, value).map_err(|error| CraneliftError::Flag { name, value, error })
    };
    set(&mut flags, "opt_level", "speed")?;
    // Frame pointers in every frame, as the LLVM backend's "frame-pointer"="all".
    set(&mut flags, "preserve_frame_pointers", "true")?;
    set(&mut flags, "is_pic", "false")?;
    set(&mut flags, "enable_verifier", "false")?;
    let builder = cranelift_native::builder().map_err(CraneliftError::NativeIsa)?;
    let isa = builder.finish(settings::Flags::new(flags)).map_err(CraneliftError::Isa)?;
    Ok(ISA.get_or_init(|| isa).clone())
}

/// Compiles `lir` to machine code.
pub fn compile(lir: &Function, options: &ClifOptions) -> Result<ClifCode, BackendError> {
    compile_phases(lir, options, &mut Unmetered)
}

/// Compiles `lir`, running each step (`lower`: LIR → Cranelift IR; `compile`: Cranelift's
/// code generation and finalization) through `phases`.
pub fn compile_phases(lir: &Function, options: &ClifOptions, phases: &mut impl PhaseRunner) -> Result<ClifCode, BackendError> {
    let isa = isa()?;
    let (sites_vec, site_of) = crate::lir_info::runtime_sites(lir);
    // Boxed before lowering: compiled code embeds the addresses of their entries.
    let runtime_sites: Box<[RuntimeSite]> = sites_vec.into_boxed_slice();
    let exit_sites = exits::sites(lir);
    let mut module = JITModule::new(JITBuilder::with_isa(isa.clone(), cranelift_module::default_libcall_names()));
    let mut ctx = module.make_context();
    let mut stats = ClifStats::default();

    let start = Instant::now();
    let lowered = phases.phase("lower", || lower::lower(&mut ctx.func, module.isa().default_call_conv(), lir, options, &runtime_sites, site_of, &exit_sites))?;
    stats.lower = start.elapsed();
    stats.exit_sites = lowered.exit_blocks;
    stats.ir_instructions = ctx.func.dfg.num_insts();
    let clif = options.keep_clif.then(|| ctx.func.display().to_string());
    if options.verify {
        cranelift_codegen::verify_function(&ctx.func, isa.as_ref()).map_err(|errors| CraneliftError::Verify {
            function: lir.name.clone(),
            errors,
            clif: ctx.func.display().to_string(),
        })?;
    }
    ctx.set_disasm(options.keep_asm);

    let start = Instant::now();
    let (address, code_bytes, asm) = phases.phase("compile", || -> Result<_, CraneliftError> {
        let name = crate::lir_info::symbol_name(lir);
        let id = module.declare_function(&name, Linkage::Export, &ctx.func.signature).map_err(CraneliftError::Module)?;
        module
            .define_function(id, &mut ctx)
            .map_err(|error| CraneliftError::Compile { function: lir.name.clone(), error })?;
        let compiled = ctx.compiled_code().ok_or(CraneliftError::NoCode)?;
        let bytes = compiled.code_buffer().len();
        let asm = compiled.vcode.clone().map(|v| format!("{v}; {bytes} bytes of machine code\n"));
        module.finalize_definitions().map_err(CraneliftError::Module)?;
        Ok((module.get_finalized_function(id) as usize, bytes, asm))
    })?;
    stats.compile = start.elapsed();
    stats.code_bytes = code_bytes;
    // SAFETY: `address` is the entry of the function lowering built with exactly the entry
    // signature; its code lives in `module`, which the ClifCode owns.
    let entry = unsafe { NativeEntry::new(address, lowered.param_count) };
    Ok(ClifCode {
        entry,
        name: lir.name.clone(),
        stats,
        clif,
        asm,
        _runtime_sites: runtime_sites,
        _exit_sites: exit_sites,
        module: Some(module),
    })
}

// Code may be generated on the background compiler thread and run on the vm's: everything a
// `ClifCode` owns must be `Send`.
const _: () = {
    const fn assert_send<T: Send>() {}
    assert_send::<ClifCode>()
};
