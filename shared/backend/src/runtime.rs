//! The runtime helpers compiled code calls (`extern "C"`, reached through global mappings
//! of the module's declarations), the exception sentinel and the pending-exception slot.
//!
//! Every helper that touches the vm receives the `*mut Vm` the compiled function was entered
//! with. Helpers never unwind: a Rust panic inside one aborts the process (they are
//! `extern "C"`), and JavaScript exceptions travel as [`EXCEPTION_SENTINEL`] with the
//! exception parked in a thread-local slot until [`take_pending`] collects it.

use std::cell::RefCell;

use frontend::bytecode::FuncId;
use ir::ops::RuntimeFn;
use vm::interp::Throw;
use jsnum::{remainder, to_int32};
use vm::number::js_pow;
use vm::{Exception, Value, Vm};

/// The value compiled code returns when an exception is pending in the vm: a non-canonical
/// NaN, which no JavaScript value uses (every NaN is canonicalized to
/// [`ir::tagged::CANONICAL_NAN`]).
pub const EXCEPTION_SENTINEL: u64 = 0xFFF8_DEAD_BEEF_0001;

thread_local! {
    static PENDING: RefCell<Option<Box<Exception>>> = const { RefCell::new(None) };
}

/// Parks `e` until the compiled code's caller collects it; returns the sentinel.
pub(crate) fn set_pending(e: Box<Exception>) -> u64 {
    PENDING.with(|p| *p.borrow_mut() = Some(e));
    EXCEPTION_SENTINEL
}

/// Collects the exception parked by the activation that just returned the sentinel.
pub(crate) fn take_pending() -> Box<Exception> {
    PENDING.with(|p| p.borrow_mut().take()).expect("the exception sentinel comes with a pending exception")
}

/// Converts a runtime result to the bits compiled code sees.
pub(crate) fn result_bits(r: vm::JsResult<Value>) -> u64 {
    match r {
        Ok(v) => v.bits(),
        Err(e) => set_pending(e),
    }
}

/// A runtime call site: what `rt_call` needs besides the arguments. Compiled code holds a
/// pointer to one; the [`super::LlvmCode`] owns them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RuntimeSite {
    pub func: FuncId,
    pub function: RuntimeFn,
}

/// Reborrows the vm pointer compiled code was entered with.
///
/// # Safety
/// `vm` must be the pointer `LlvmCode::invoke` passed in, whose `&mut Vm` is not used while
/// compiled code runs.
unsafe fn vm_mut<'a>(vm: *mut Vm) -> &'a mut Vm {
    // SAFETY: guaranteed by the caller (see above).
    unsafe { &mut *vm }
}

pub(crate) extern "C" fn rt_call(vm: *mut Vm, site: *const RuntimeSite, args: *const u64, argc: u32) -> u64 {
    // SAFETY: called only from compiled code with the vm pointer it was entered with.
    let vm = unsafe { vm_mut(vm) };
    // SAFETY: `site` points into the owning LlvmCode's site table, alive while its code runs.
    let site = unsafe { *site };
    let raw: &[u64] = if argc == 0 {
        &[]
    } else {
        // SAFETY: compiled code passes its argument buffer holding `argc` initialized words.
        unsafe { std::slice::from_raw_parts(args, argc as usize) }
    };
    result_bits(vm.runtime_call(site.func, site.function, Value::slice_from_bits(raw)))
}

/// The slow path of an inline `AllocateObject` (see `Vm::allocate_object_slow`).
pub(crate) extern "C" fn rt_allocate_object(vm: *mut Vm, shape: u32) -> u64 {
    // SAFETY: as in `rt_call`.
    let vm = unsafe { vm_mut(vm) };
    result_bits(vm.allocate_object_slow(vm::heap::ShapeId(shape)))
}

/// The slow path of an inline `AllocateArray` (see `Vm::allocate_array_slow`): the `n`
/// elements are in the call buffer `values`.
pub(crate) extern "C" fn rt_allocate_array(vm: *mut Vm, values: *const u64, n: u32) -> u64 {
    // SAFETY: as in `rt_call`.
    let vm = unsafe { vm_mut(vm) };
    let raw: &[u64] = if n == 0 {
        &[]
    } else {
        // SAFETY: compiled code passes its argument buffer holding `n` initialized words.
        unsafe { std::slice::from_raw_parts(values, n as usize) }
    };
    result_bits(vm.allocate_array_slow(Value::slice_from_bits(raw)))
}

/// The slow path of an inline `StoreFieldTransition` (see `Vm::store_transition_slow`);
/// returns `undefined` or the exception sentinel.
pub(crate) extern "C" fn rt_store_transition(vm: *mut Vm, object: u64, shape: u32, value: u64) -> u64 {
    // SAFETY: as in `rt_call`.
    let vm = unsafe { vm_mut(vm) };
    let done = vm.store_transition_slow(Value::from_bits(object), vm::heap::ShapeId(shape), Value::from_bits(value));
    result_bits(done.map(|()| Value::UNDEFINED))
}

pub(crate) extern "C" fn rt_math(vm: *mut Vm, builtin: u32, xs: *const f64, n: u32) -> f64 {
    // SAFETY: as in `rt_call`.
    let vm = unsafe { vm_mut(vm) };
    let xs: &[f64] = if n == 0 {
        &[]
    } else {
        // SAFETY: compiled code passes its float buffer holding `n` initialized doubles.
        unsafe { std::slice::from_raw_parts(xs, n as usize) }
    };
    vm.math_function(builtin, xs)
}

pub(crate) extern "C" fn rt_string_constant(vm: *mut Vm, func: u32, index: u32) -> u64 {
    // SAFETY: as in `rt_call`.
    let vm = unsafe { vm_mut(vm) };
    // A safepoint that cannot raise: a fatal collector error waits for the next one.
    let _ = vm.safepoint();
    vm.string_constant(FuncId(func), index).bits()
}

pub(crate) extern "C" fn rt_stress_check(vm: *mut Vm) -> u32 {
    // SAFETY: as in `rt_call`.
    let vm = unsafe { vm_mut(vm) };
    vm.stress_check() as u32
}

pub(crate) extern "C" fn rt_after_call_exit(vm: *mut Vm) -> u32 {
    // SAFETY: as in `rt_call`.
    let vm = unsafe { vm_mut(vm) };
    vm.after_call_exit() as u32
}

/// `CatchBlockBegin`: the exception parked by the call that just returned the sentinel, as
/// the value a `catch` receives ([`Vm::catchable_value`]); one no `try` may catch is parked
/// again and the sentinel returned, so that the function leaves with it.
pub(crate) extern "C" fn rt_catch(vm: *mut Vm) -> u64 {
    // SAFETY: as in `rt_call`.
    let vm = unsafe { vm_mut(vm) };
    let e = take_pending();
    match vm.catchable_value(&e.throw) {
        Some(v) => v.bits(),
        None => set_pending(e),
    }
}

pub(crate) extern "C" fn rt_throw(value: u64) -> u64 {
    set_pending(Box::new(Exception { throw: Throw::Value(Value::from_bits(value)), location: None }))
}

pub(crate) extern "C" fn rt_fmod(a: f64, b: f64) -> f64 {
    remainder(a, b)
}

pub(crate) extern "C" fn rt_pow(a: f64, b: f64) -> f64 {
    js_pow(a, b)
}

pub(crate) extern "C" fn rt_max(a: f64, b: f64) -> f64 {
    jsnum::math::max(a, b)
}

pub(crate) extern "C" fn rt_min(a: f64, b: f64) -> f64 {
    jsnum::math::min(a, b)
}

pub(crate) extern "C" fn rt_to_int32(x: f64) -> i32 {
    to_int32(x)
}
