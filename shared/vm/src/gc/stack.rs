//! Conservative roots from the machine stack: compiled frames (and the runtime's Rust frames
//! between them) are scanned word by word, as JavaScriptCore scans the stack of its JIT code.
//!
//! The vm records the stack pointer when JavaScript is entered from outside (call depth 0,
//! [`set_stack_base`]); a collection spills the callee-saved registers into its own frame
//! (a value may live only in one of them), then reads every aligned word from its stack
//! pointer up to that base. What looks like a reference, or an id compiled code may derive
//! from one, keeps its cell alive (`Heap::mark_word`); because the collector never moves
//! anything, such a root needs no updating and a false one costs only the cell it retains.

use std::cell::Cell;

thread_local! {
    /// The stack pointer at the outermost entry into JavaScript on this thread (0: none).
    static STACK_BASE: Cell<usize> = const { Cell::new(0) };
}

/// The current stack pointer.
#[inline(always)]
pub fn stack_pointer() -> usize {
    let sp: usize;
    // SAFETY: reads the stack pointer register; no memory is touched.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        std::arch::asm!("mov {}, rsp", out(reg) sp, options(nomem, nostack, preserves_flags))
    };
    // SAFETY: as above.
    #[cfg(target_arch = "aarch64")]
    unsafe {
        std::arch::asm!("mov {}, sp", out(reg) sp, options(nomem, nostack, preserves_flags))
    };
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        let marker = 0u8;
        sp = std::hint::black_box(&marker) as *const u8 as usize;
    }
    sp
}

/// Records the stack pointer of an entry into JavaScript from outside (the vm calls this at
/// call depth 0); returns the previous base, to restore when the entry returns.
#[inline(always)]
pub fn set_stack_base() -> usize {
    let sp = stack_pointer();
    STACK_BASE.with(|b| b.replace(sp))
}

/// Restores a base saved by [`set_stack_base`].
pub fn restore_stack_base(base: usize) {
    STACK_BASE.with(|b| b.set(base));
}

/// Spills the callee-saved registers into `out` (a value compiled code keeps in one of them
/// across a call is on no stack yet).
#[inline(always)]
fn spill_callee_saved(out: &mut [u64; 12]) {
    let p = out.as_mut_ptr();
    // SAFETY: stores six registers into the first six words of `out`.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        std::arch::asm!(
            "mov [{p}], rbx", "mov [{p} + 8], rbp", "mov [{p} + 16], r12",
            "mov [{p} + 24], r13", "mov [{p} + 32], r14", "mov [{p} + 40], r15",
            p = in(reg) p, options(nostack, preserves_flags)
        )
    };
    // SAFETY: stores eleven registers into the first eleven words of `out`.
    #[cfg(target_arch = "aarch64")]
    unsafe {
        std::arch::asm!(
            "stp x19, x20, [{p}]", "stp x21, x22, [{p}, #16]", "stp x23, x24, [{p}, #32]",
            "stp x25, x26, [{p}, #48]", "stp x27, x28, [{p}, #64]", "str x29, [{p}, #80]",
            p = in(reg) p, options(nostack, preserves_flags)
        )
    };
    let _ = p;
}

/// Every word of the machine stack between this call and the recorded base, and the
/// callee-saved registers (empty when no entry was recorded).
#[inline(never)]
pub fn scan_machine_stack() -> Vec<u64> {
    let mut regs = [0u64; 12];
    spill_callee_saved(&mut regs);
    let regs = std::hint::black_box(regs);
    let base = STACK_BASE.with(|b| b.get());
    let sp = stack_pointer() & !7;
    let mut words: Vec<u64> = regs.to_vec();
    if base == 0 || base <= sp {
        return words;
    }
    words.reserve((base - sp) / 8);
    let mut at = sp;
    while at < base {
        // SAFETY: [sp, base) is this thread's live stack: the frames from this function up
        // to the entry that recorded `base`. Volatile, so the reads are not optimized on the
        // assumption that the words are unrelated to Rust objects.
        words.push(unsafe { std::ptr::read_volatile(at as *const u64) });
        at += 8;
    }
    words
}
