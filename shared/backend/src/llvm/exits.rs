//! Exits from LLVM-compiled code, FTL style.
//!
//! Every check of the compiled function branches to a cold block that calls
//! `llvm.experimental.patchpoint.i64(id, 13, trampoline, 0, vm, failed, live values...)` and
//! returns the call's result. The patchpoint's call sequence (`movabs r11, target; call r11`)
//! enters `seabed_llvm_exit_trampoline`, which saves every general-purpose and XMM register
//! and calls `exit_handler` with the save area and the return address. The handler finds
//! the exit site by return address in the global exit table, reads each operand through its
//! stack map [`Location`], boxes it by the representation the [`ExitDesc`] records, rebuilds
//! the interpreter frames and lets [`Vm::deoptimize`] finish the activation. The result (or
//! the exception sentinel) comes back in `rax` and the compiled frame returns it through its
//! own epilogue: nothing is unwound.
//!
//! Operand layout of every exit patchpoint: operand 0 is the `*mut Vm`, operand 1 the
//! "speculation failed" flag (0 for a stress exit forced by `--deopt-every`), then the
//! distinct SSA values the exit's frames list, in order of first appearance, except those
//! spilled to the function's exit buffer, whose address is then the last operand.

use frontend::hash::IdHashMap;
use std::sync::{Arc, LazyLock, RwLock};

use frontend::bytecode::FuncId;
use ir::frame::ExitDesc;
use ir::ops::DeoptReason;
use vm::tiering::ResumeFrame;
use vm::Vm;

use crate::runtime::result_bits;
use super::stackmap::{Location, LocationKind};

/// The number of bytes of a patchpoint's call sequence (`movabs r11, imm64; call r11`): the
/// return address is the record's instruction address plus this.
pub const PATCHPOINT_BYTES: u64 = 13;

/// Where one exit operand is at run time.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Operand {
    /// Described by a stack map location.
    Loc(Location),
    /// Slot `n` (8 bytes each) of the exit buffer.
    Buffer(u32),
}

/// One exit site of installed code, resolved against its stack map record.
#[derive(Debug)]
pub(crate) struct ExitSite {
    /// The compiled function.
    pub func: FuncId,
    /// The exit description (frames and reason).
    pub desc: Arc<ExitDesc>,
    /// The vm pointer's location.
    pub vm: Location,
    /// The failed flag's location.
    pub failed: Location,
    /// The exit buffer's location, if the site spills.
    pub buffer: Option<Location>,
    /// Where each SSA value the frames list is.
    pub values: IdHashMap<u32, Operand>,
    /// The stack map's constant table (for `ConstantIndex` locations).
    pub constants: Arc<Vec<u64>>,
}

static EXIT_TABLE: LazyLock<RwLock<IdHashMap<u64, Arc<ExitSite>>>> = LazyLock::new(Default::default);

/// Registers exit sites by return address.
pub(crate) fn register(sites: Vec<(u64, Arc<ExitSite>)>) {
    let mut table = EXIT_TABLE.write().unwrap_or_else(|e| e.into_inner());
    for (addr, site) in sites {
        table.insert(addr, site);
    }
}

/// Removes exit sites (when their code is freed).
pub(crate) fn unregister(addrs: &[u64]) {
    let mut table = EXIT_TABLE.write().unwrap_or_else(|e| e.into_inner());
    for a in addrs {
        table.remove(a);
    }
}

/// Everything an exit recovered, as given to an [`ExitInterceptor`].
#[derive(Clone, Debug)]
pub struct ExitEvent {
    /// The compiled function.
    pub func: FuncId,
    /// Why it exited ([`DeoptReason::Stress`] for forced exits).
    pub reason: DeoptReason,
    /// True for an exit forced by `--deopt-every`.
    pub stress: bool,
    /// The rebuilt interpreter frames, outermost first.
    pub frames: Vec<ResumeFrame>,
}

/// A test hook: sees every exit of this thread before the vm does; returning `Some(bits)`
/// makes the exit return those bits instead of resuming the interpreter.
pub type ExitInterceptor = Box<dyn FnMut(&ExitEvent) -> Option<u64>>;

thread_local! {
    static INTERCEPTOR: std::cell::RefCell<Option<ExitInterceptor>> = const { std::cell::RefCell::new(None) };
}

/// Installs (or with `None` removes) this thread's [`ExitInterceptor`]; returns the old one.
pub fn set_exit_interceptor(hook: Option<ExitInterceptor>) -> Option<ExitInterceptor> {
    INTERCEPTOR.with(|i| std::mem::replace(&mut *i.borrow_mut(), hook))
}

// The trampoline. Entered by `call r11` from a patchpoint with rsp ≡ 8 (mod 16). Frame
// (392 bytes, keeps the 16-byte alignment for the call into Rust):
//   [rsp + 8*r]        general register with DWARF number r (0..15); slot 7 holds the
//                      patchpoint's rsp (the caller's rsp before the call = entry rsp + 8)
//   [rsp + 128 + 16*i] xmm i (0..15)
//   [rsp + 392]        the return address
// Every register is saved before anything is touched: the stack map may place live values
// in caller-saved registers. The handler's result is returned in rax.
std::arch::global_asm!(
    ".text",
    ".p2align 4",
    ".globl seabed_llvm_exit_trampoline",
    ".type seabed_llvm_exit_trampoline,@function",
    "seabed_llvm_exit_trampoline:",
    "sub rsp, 392",
    "mov [rsp + 0], rax",
    "mov [rsp + 8], rdx",
    "mov [rsp + 16], rcx",
    "mov [rsp + 24], rbx",
    "mov [rsp + 32], rsi",
    "mov [rsp + 40], rdi",
    "mov [rsp + 48], rbp",
    "mov [rsp + 64], r8",
    "mov [rsp + 72], r9",
    "mov [rsp + 80], r10",
    "mov [rsp + 88], r11",
    "mov [rsp + 96], r12",
    "mov [rsp + 104], r13",
    "mov [rsp + 112], r14",
    "mov [rsp + 120], r15",
    "lea rax, [rsp + 400]",
    "mov [rsp + 56], rax",
    "movdqu [rsp + 128], xmm0",
    "movdqu [rsp + 144], xmm1",
    "movdqu [rsp + 160], xmm2",
    "movdqu [rsp + 176], xmm3",
    "movdqu [rsp + 192], xmm4",
    "movdqu [rsp + 208], xmm5",
    "movdqu [rsp + 224], xmm6",
    "movdqu [rsp + 240], xmm7",
    "movdqu [rsp + 256], xmm8",
    "movdqu [rsp + 272], xmm9",
    "movdqu [rsp + 288], xmm10",
    "movdqu [rsp + 304], xmm11",
    "movdqu [rsp + 320], xmm12",
    "movdqu [rsp + 336], xmm13",
    "movdqu [rsp + 352], xmm14",
    "movdqu [rsp + 368], xmm15",
    "mov rdi, rsp",
    "mov rsi, [rsp + 392]",
    "call {handler}",
    "add rsp, 392",
    "ret",
    ".size seabed_llvm_exit_trampoline, . - seabed_llvm_exit_trampoline",
    handler = sym exit_handler,
);

extern "C" {
    /// The exit trampoline (assembly above); only its address is used, as a patchpoint target.
    fn seabed_llvm_exit_trampoline();
}

/// The address compiled code's exit patchpoints call.
pub(crate) fn trampoline_address() -> u64 {
    seabed_llvm_exit_trampoline as *const () as u64
}

/// The register save area the trampoline built.
struct Saved(*const u64);

impl Saved {
    fn gpr(&self, dwarf: u16) -> u64 {
        assert!(dwarf < 16, "not a general register: DWARF {dwarf}");
        // SAFETY: the trampoline's save area holds 16 general registers at its start.
        unsafe { *self.0.add(dwarf as usize) }
    }

    fn xmm(&self, dwarf: u16) -> u64 {
        assert!((17..=32).contains(&dwarf), "not an XMM register: DWARF {dwarf}");
        // SAFETY: 16 XMM registers (two words each) follow the general registers.
        unsafe { *self.0.add(16 + 2 * (dwarf as usize - 17)) }
    }

    /// The raw bits of a location's value (the low `size` bytes are meaningful).
    fn read(&self, loc: &Location, constants: &[u64]) -> u64 {
        match loc.kind {
            LocationKind::Register if loc.reg < 16 => self.gpr(loc.reg),
            LocationKind::Register => self.xmm(loc.reg),
            LocationKind::Direct => self.gpr(loc.reg).wrapping_add(loc.offset as i64 as u64),
            LocationKind::Indirect => {
                let addr = self.gpr(loc.reg).wrapping_add(loc.offset as i64 as u64);
                // SAFETY: the stack map says the value is spilled there, in the live frame
                // of the compiled code that called the trampoline.
                unsafe {
                    match loc.size {
                        1 => *(addr as *const u8) as u64,
                        2 => (addr as *const u16).read_unaligned() as u64,
                        4 => (addr as *const u32).read_unaligned() as u64,
                        _ => (addr as *const u64).read_unaligned(),
                    }
                }
            }
            LocationKind::Constant => loc.offset as i64 as u64,
            LocationKind::ConstantIndex => constants[loc.offset as usize],
        }
    }
}

/// Boxes raw bits of representation `rep`.
/// Called by the trampoline with its save area and the patchpoint's return address; returns
/// the activation's result (or the exception sentinel).
extern "C" fn exit_handler(save: *const u64, ret_addr: u64) -> u64 {
    let site = {
        let table = EXIT_TABLE.read().unwrap_or_else(|e| e.into_inner());
        table.get(&ret_addr).cloned()
    };
    let Some(site) = site else {
        eprintln!("seabed: LLVM exit from unknown return address {ret_addr:#x}");
        std::process::abort();
    };
    let saved = Saved(save);
    let vm = saved.read(&site.vm, &site.constants) as *mut Vm;
    let failed = saved.read(&site.failed, &site.constants) & 1 != 0;
    let buffer = site.buffer.map(|b| saved.read(&b, &site.constants));
    let value_bits = |id: u32| -> u64 {
        match site.values.get(&id) {
            Some(Operand::Loc(loc)) => saved.read(loc, &site.constants),
            Some(Operand::Buffer(slot)) => {
                let base = buffer.expect("a spilling exit passes its buffer");
                // SAFETY: the compiled code stored this operand to its exit buffer (an
                // entry-block alloca of the live frame) right before the patchpoint.
                unsafe { *(base as *const u64).add(*slot as usize) }
            }
            None => unreachable!("exit value v{id} has no operand"),
        }
    };
    // SAFETY: operand 0 of every exit is the vm pointer the compiled function was entered
    // with; its `&mut Vm` is not used while compiled code runs (LlvmCode::invoke), and this
    // handler is the only user until it returns.
    let vm = unsafe { &mut *vm };
    resume(vm, site.func, &site.desc, failed, value_bits)
}

/// The backend-neutral end of every exit (LLVM's patchpoint handler, Cranelift's exit stub):
/// boxes the exit's values (`value_bits` gives the raw bits of each SSA value the frames
/// list), rebuilds the interpreter frames, shows them to this thread's [`ExitInterceptor`]
/// and lets [`Vm::deoptimize`] finish the activation; returns its result bits or the
/// exception sentinel. `failed` is false for a stress exit forced by `--deopt-every`.
pub(crate) fn resume(vm: &mut Vm, func: FuncId, desc: &ExitDesc, failed: bool, value_bits: impl Fn(u32) -> u64) -> u64 {
    let frames: Vec<ResumeFrame> = crate::eval::resume_frames(desc, value_bits, &mut vm.heap);
    let stress = !failed;
    let reason = if failed { desc.reason } else { DeoptReason::Stress };
    let event = ExitEvent { func, reason, stress, frames };
    let intercepted = INTERCEPTOR.with(|i| i.borrow_mut().as_mut().and_then(|hook| hook(&event)));
    if let Some(bits) = intercepted {
        return bits;
    }
    result_bits(vm.deoptimize(event.func, event.reason, event.stress, event.frames))
}
