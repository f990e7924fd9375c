//! Exits from Cranelift-compiled code, without patchpoints (B3 `Check` style).
//!
//! Cranelift has no patchpoint and no stack maps of arbitrary live values, so a failing check
//! branches to a cold block that stores the exit's live values (the distinct SSA values the
//! exit's frames list, in order of first appearance, as raw 64-bit words: int32 and bit
//! zero-extended, doubles as their IEEE bits) into the function's exit buffer (a stack slot)
//! and calls [`exit_stub`] with the vm pointer, this exit's [`ExitSite`], the "speculation
//! failed" flag (0 for a stress exit forced by `--deopt-every`) and the buffer's address. The
//! stub rebuilds the interpreter frames through the same exit descriptions and the same
//! resume path as the LLVM backend (`llvm::exits::resume`); the cold block returns the
//! stub's result (the activation's result or the exception sentinel) through the compiled
//! frame's own epilogue: nothing is unwound.

use frontend::bytecode::FuncId;
use frontend::hash::IdHashMap;
use ir::frame::ExitDesc;
use ir::lir::Function;
use vm::Vm;

/// One exit of a compiled function: what the stub needs besides the live values. Compiled
/// code embeds a pointer to it; the owning [`super::ClifCode`] keeps it alive.
#[derive(Debug)]
pub(crate) struct ExitSite {
    /// The compiled function.
    pub func: FuncId,
    /// The exit description (frames and reason).
    pub desc: ExitDesc,
    /// The exit buffer slot of each SSA value the frames list.
    pub slots: IdHashMap<u32, usize>,
    /// The values in slot order, with their representations.
    pub values: Vec<(u32, ir::ops::Rep)>,
}

/// One [`ExitSite`] per exit of `lir`, indexed by `ExitId`.
pub(crate) fn sites(lir: &Function) -> Box<[ExitSite]> {
    lir.exits
        .iter()
        .map(|e| {
            let values = crate::lir_info::exit_values(lir, e.id);
            let slots = values.iter().enumerate().map(|(k, &(id, _))| (id, k)).collect();
            ExitSite { func: lir.func, desc: e.clone(), slots, values }
        })
        .collect()
}

/// The exit stub every cold exit block calls: `u64 (vm, site, failed, buffer)`.
pub(crate) extern "C" fn exit_stub(vm: *mut Vm, site: *const ExitSite, failed: u32, buffer: *const u64) -> u64 {
    // SAFETY: `site` points into the owning ClifCode's site table, alive while its code runs.
    let site = unsafe { &*site };
    // SAFETY: `vm` is the pointer the compiled function was entered with; its `&mut Vm` is not
    // used while compiled code runs, and this stub is its only user until it returns.
    let vm = unsafe { &mut *vm };
    let bits = |id: u32| -> u64 {
        let slot = *site.slots.get(&id).unwrap_or_else(|| unreachable!("exit value v{id} has no buffer slot"));
        // SAFETY: the cold block stored every listed value to its slot of the exit buffer (a
        // stack slot of the live compiled frame) right before the call.
        unsafe { *buffer.add(slot) }
    };
    crate::llvm::exits::resume(vm, site.func, &site.desc, failed != 0, bits)
}
