//! What the machine backends' compiled code has in common once it is machine code: the entry
//! signature `i64 (vm, args, argc)`, the call through it with the arguments padded to the
//! parameter count, and the exception sentinel. [`NativeEntry`] is the shared part of the
//! vm's [`CompiledCode`](vm::tiering::CompiledCode) impls of `LlvmCode` and `ClifCode`.

use vm::interp::JsResult;
use vm::{Value, Vm};

use crate::runtime::{self, EXCEPTION_SENTINEL};

/// The signature of a compiled function's entry: the vm, the argument words (at least the
/// parameter count of them) and the number of arguments passed; returns the result's bits,
/// or [`EXCEPTION_SENTINEL`] when an exception is pending.
type EntryFn = unsafe extern "C" fn(*mut Vm, *const u64, u32) -> u64;

/// The entry of a compiled function and how many argument words it reads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NativeEntry {
    entry: EntryFn,
    param_count: usize,
}

impl NativeEntry {
    /// The entry at `address`, which reads `param_count` argument words.
    ///
    /// # Safety
    ///
    /// `address` is the entry of a function built with exactly the signature of an entry
    /// (`i64 (vm, args, argc)`), whose code lives as long as this value's owner keeps it.
    pub(crate) unsafe fn new(address: usize, param_count: usize) -> NativeEntry {
        // SAFETY: the caller promises `address` is such an entry.
        let entry = unsafe { std::mem::transmute::<usize, EntryFn>(address) };
        NativeEntry { entry, param_count }
    }

    /// The machine code's entry address (`CompiledCode::machine_entry`).
    pub(crate) fn address(&self) -> u64 {
        self.entry as usize as u64
    }

    /// Calls the compiled function: returns the raw result bits, which are
    /// [`EXCEPTION_SENTINEL`] when an exception is pending. Arguments are padded with
    /// `undefined` to the parameter count.
    pub(crate) fn call_raw(&self, vm: &mut Vm, args: &[Value]) -> u64 {
        const INLINE: usize = 8;
        let n = args.len().max(self.param_count);
        let mut inline = [Value::UNDEFINED.bits(); INLINE];
        let mut heap = Vec::new();
        let words: &mut [u64] = if n <= INLINE {
            &mut inline[..n]
        } else {
            heap.resize(n, Value::UNDEFINED.bits());
            &mut heap
        };
        for (w, a) in words.iter_mut().zip(args) {
            *w = a.bits();
        }
        let vm: *mut Vm = vm;
        // SAFETY: `entry` is compiled code alive as long as its owner (`new`), with the entry
        // signature; `words` holds at least `param_count` words; the vm pointer comes from a
        // `&mut Vm` that is not used until the call returns.
        unsafe { (self.entry)(vm, words.as_ptr(), args.len() as u32) }
    }

    /// Calls the compiled function: its result, or the pending exception
    /// (`CompiledCode::invoke`).
    pub(crate) fn invoke(&self, vm: &mut Vm, args: &[Value]) -> JsResult<Value> {
        let r = self.call_raw(vm, args);
        if r == EXCEPTION_SENTINEL {
            Err(runtime::take_pending())
        } else {
            Ok(Value::from_bits(r))
        }
    }
}
