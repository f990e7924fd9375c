//! Direct calls: compiled code calling a monomorphic callee's machine code without the vm.
//!
//! A generic call whose callee is a function constant (the walker checked the target and
//! passed its constant, `midend::speculation::direct_call_target`) becomes:
//!
//! ```text
//!   entry = vm.code_entries[F]            ; 0 when F has no machine code
//!   depth = vm.depth
//!   if entry != 0 && depth < MAX_CALL_DEPTH:          (likely)
//!       vm.depth = depth + 1
//!       r = entry(vm, direct_buf = [args..., undefined...], argc)
//!       vm.depth = depth
//!   else:
//!       r = seabed_rt_call(...)           ; the generic path: interprets, compiles, or throws
//!                                         ; the RangeError of a too-deep stack
//! ```
//!
//! then the sentinel check and the lazy exit of every generic call. The entry slot follows
//! the vm's installed code (`vm::tiering`: set on install, cleared by the exit that discards
//! it), and discarded code stays alive while activations may still run in it, so a callee
//! that deoptimizes still rebuilds its frames and returns through its own code. Arguments
//! are padded with `undefined` to the callee's parameter count (`LlvmOptions::param_counts`),
//! as `LlvmCode::call_raw` pads them. A callee with hidden parameters
//! (`LlvmOptions::hidden_params`) gets exactly its parameter count of arguments, then the
//! call's receiver and the context of a function constant (`undefined`), as the vm's
//! `call_function` passes them; a class constructor and a sloppy-mode function reading
//! `this` are never called directly (the runtime call throws or reports what the vm must).
//! Which calls are direct, and the words of their buffer, is the backend-neutral plan of
//! [`crate::direct_calls`], which Cranelift follows too.

use frontend::bytecode::FuncId;
use inkwell::types::BasicTypeEnum;
use inkwell::values::IntValue;
use inkwell::AddressSpace;
use inkwell::IntPredicate;

use ir::lir::Value;
use ir::tagged;

use super::heap::Word;
use super::Lower;
use crate::error::{BackendError, LirError, LlvmError};

const LAYOUT: vm::layout::HeapLayout = vm::layout::heap_layout();

impl<'a, 'ctx> Lower<'a, 'ctx> {
    /// Calls `target` with `args` (the call's receiver, then its arguments) through its
    /// machine-entry slot, or through `generic` (the runtime's call) when it has no machine
    /// code or the stack is too deep; returns the result bits (see the module docs).
    pub(super) fn direct_call(&mut self, target: FuncId, args: &[Value], generic: impl FnOnce(&mut Self) -> IntValue<'ctx>) -> Result<IntValue<'ctx>, BackendError> {
        let (i32t, i64t) = (self.t.i32, self.t.i64);
        let i8p: BasicTypeEnum = self.t.i8p.into();
        let receiver = self.word(*args.first().ok_or(LirError::DirectCallWithoutReceiver)?)?;
        let mut words: Vec<IntValue<'ctx>> = args[1..].iter().map(|&v| self.word(v)).collect::<Result<_, _>>()?;
        let hidden = self.direct_calls.hidden_params(target);
        if hidden.any() {
            // Exactly the declared parameters, then the hidden ones.
            let params = self.direct_calls.param_count(target) as usize;
            words.resize(params, self.i64c(tagged::UNDEFINED));
            if hidden.receiver {
                words.push(receiver);
            }
            if hidden.context {
                words.push(self.i64c(tagged::UNDEFINED));
            }
        }
        let table = self.load_word(self.vm, self.i64c(LAYOUT.vm_code_entries as u64), i8p, Word::VmTables).into_pointer_value();
        let entry = self.load_word(table, self.i64c(u64::from(target.0) * 8), i64t.into(), Word::CodeEntry).into_int_value();
        let depth = self.load_word(self.vm, self.i64c(LAYOUT.vm_call_depth as u64), i32t.into(), Word::CallDepth).into_int_value();
        let has_code = self.b.build_int_compare(IntPredicate::NE, entry, self.i64c(0), "").unwrap();
        let room = self.b.build_int_compare(IntPredicate::ULT, depth, self.i32c(vm::interp::MAX_CALL_DEPTH as i32), "").unwrap();
        let go = self.b.build_and(has_code, room, "").unwrap();
        let fast = self.ctx.append_basic_block(self.f, "direct_call");
        let slow = self.ctx.append_basic_block(self.f, "runtime_call");
        let join = self.ctx.append_basic_block(self.f, "call_done");
        let br = self.b.build_conditional_branch(go, fast, slow).unwrap();
        self.set_weights(br, 1000, 1);

        self.b.position_at_end(fast);
        let deeper = self.b.build_int_add(depth, self.i32c(1), "").unwrap();
        self.store_word(self.vm, self.i64c(LAYOUT.vm_call_depth as u64), deeper.into(), Word::CallDepth);
        let buf = self.direct_buf.ok_or(LirError::DirectCallWithoutBuffer)?;
        let params = self.direct_calls.param_count(target) as usize;
        for k in 0..words.len().max(params) {
            let w = words.get(k).copied().unwrap_or_else(|| self.i64c(tagged::UNDEFINED));
            // SAFETY (of the GEP): the buffer holds the largest direct call's words.
            let p = unsafe { self.b.build_in_bounds_gep(buf, &[self.i64c(k as u64)], "") }.unwrap();
            self.b.build_store(p, w).unwrap();
        }
        let fn_type = i64t.fn_type(&[self.t.i8p.into(), self.t.i64p.into(), i32t.into()], false);
        let callee = self.b.build_int_to_ptr(entry, fn_type.ptr_type(AddressSpace::default()), "").unwrap();
        let callable = inkwell::values::CallableValue::try_from(callee).map_err(|_| LlvmError::NotAFunctionPointer)?;
        let argc = self.i32c(words.len() as i32);
        let quick = self
            .b
            .build_call(callable, &[self.vm.into(), buf.into(), argc.into()], "")
            .unwrap()
            .try_as_basic_value()
            .basic()
            .ok_or(LlvmError::CallWithoutResult)?
            .into_int_value();
        self.store_word(self.vm, self.i64c(LAYOUT.vm_call_depth as u64), depth.into(), Word::CallDepth);
        let fast_end = self.b.get_insert_block().expect("positioned");
        self.b.build_unconditional_branch(join).unwrap();

        self.b.position_at_end(slow);
        let general = generic(self);
        let slow_end = self.b.get_insert_block().expect("positioned");
        self.b.build_unconditional_branch(join).unwrap();

        self.b.position_at_end(join);
        let phi = self.b.build_phi(i64t, "").unwrap();
        phi.add_incoming(&[(&quick, fast_end), (&general, slow_end)]);
        Ok(phi.as_basic_value().into_int_value())
    }
}
