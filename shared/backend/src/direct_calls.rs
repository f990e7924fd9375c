//! Direct calls, backend-neutral: which generic calls of a LIR function call their callee's
//! machine code without the vm, and how many words the argument buffer of such a call needs.
//!
//! A generic call (`CallRuntime[Call]`) whose callee (argument 0) is a function constant
//! (the walker checked the target and passed its constant,
//! `midend::speculation::direct_call_target`) calls that function's machine-entry slot
//! directly when the backend knows the function's parameter count and the runtime need not
//! call it ([`HiddenParams::runtime_only`]). Both machine backends follow this plan and emit
//! the call their own way (`llvm::lower::calls` describes the code; Cranelift's lowering
//! builds the same). The arguments travel in one buffer per function, as large as the
//! largest direct call needs ([`DirectCalls::buffer_words`]).

use frontend::bytecode::FuncId;
use ir::lir::{Function, Value};
use ir::ops::{Op, RuntimeFn};
use ir::tagged;

/// A bytecode function's hidden parameters, as a direct call passes them
/// (`frontend::bytecode::Function::entry_registers`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct HiddenParams {
    /// The receiver (`this`, the call's receiver argument) follows the declared parameters.
    pub receiver: bool,
    /// The closure's context follows: `undefined` for a function constant, which is always
    /// a function's canonical object.
    pub context: bool,
    /// Only the runtime may call it: a class constructor (a call without `new` throws) or a
    /// sloppy-mode function that reads `this` (a nullish receiver is reported by the vm).
    pub runtime_only: bool,
}

impl HiddenParams {
    /// The hidden parameters of `f`.
    pub fn of(f: &frontend::bytecode::Function) -> HiddenParams {
        let class = matches!(f.kind, frontend::bytecode::FunctionKind::ClassConstructor { .. });
        HiddenParams {
            receiver: f.receiver.is_some(),
            context: f.context.is_some(),
            runtime_only: class || (f.receiver.is_some() && !f.strict),
        }
    }

    /// True if the function has a hidden parameter.
    pub fn any(self) -> bool {
        self.receiver || self.context
    }
}

/// The direct calls of one LIR function: which values are function constants, what each
/// callee takes, and the words the argument buffer needs.
#[derive(Clone, Debug, Default)]
pub struct DirectCalls<'a> {
    /// Per value: the function a `TaggedConstant` names, when it names one.
    function_constants: Vec<Option<FuncId>>,
    /// The parameter count of every bytecode function, by id (empty: no direct calls).
    param_counts: &'a [u32],
    /// The hidden parameters of every bytecode function, by id (missing entries: none).
    hidden_params: &'a [HiddenParams],
    /// The words the direct-call buffer needs (0: no direct call).
    pub buffer_words: u32,
}

impl<'a> DirectCalls<'a> {
    /// Plans the direct calls of `lir`: its function constants (every block), and the buffer
    /// words the direct calls in `blocks` need, given every function's parameter count and
    /// hidden parameters by id.
    pub fn plan(
        lir: &Function,
        blocks: impl IntoIterator<Item = usize>,
        param_counts: &'a [u32],
        hidden_params: &'a [HiddenParams],
    ) -> DirectCalls<'a> {
        let mut plan = DirectCalls { function_constants: vec![None; lir.reps.len()], param_counts, hidden_params, buffer_words: 0 };
        for block in &lir.blocks {
            for inst in &block.insts {
                if let (Op::TaggedConstant { bits }, Some(r)) = (inst.op, inst.result) {
                    // Only a canonical function object (closure instance 0) is called directly.
                    if tagged::tag_of(bits) == tagged::TAG_FUNCTION && bits & tagged::PAYLOAD_MASK <= tagged::FUNCTION_ID_MASK {
                        plan.function_constants[r.0 as usize] = Some(FuncId((bits & tagged::PAYLOAD_MASK) as u32));
                    }
                }
            }
        }
        for b in blocks {
            for inst in &lir.blocks[b].insts {
                if let Some(f) = plan.callee(&inst.op, &inst.args) {
                    let params = plan.param_count(f);
                    let hidden = plan.hidden_params(f);
                    let needed = if hidden.any() {
                        params + hidden.receiver as u32 + hidden.context as u32
                    } else {
                        params.max(inst.args.len() as u32 - 2)
                    };
                    // At least one word: the call passes the buffer's address even when it has no
                    // words to fill (a callee without parameters called without arguments).
                    plan.buffer_words = plan.buffer_words.max(needed.max(1));
                }
            }
        }
        plan
    }

    /// The function a `CallRuntime[Call]` calls directly: its callee (argument 0) is a
    /// function constant whose parameter count the plan knows, and not one only the runtime
    /// may call.
    pub fn callee(&self, op: &Op, args: &[Value]) -> Option<FuncId> {
        if !matches!(op, Op::CallRuntime { function: RuntimeFn::Call, .. }) || args.len() < 2 {
            return None;
        }
        let f = self.function_constants.get(args[0].0 as usize).copied().flatten()?;
        ((f.0 as usize) < self.param_counts.len() && !self.hidden_params(f).runtime_only).then_some(f)
    }

    /// The parameter count of `f`, a function [`DirectCalls::callee`] returned.
    pub fn param_count(&self, f: FuncId) -> u32 {
        self.param_counts[f.0 as usize]
    }

    /// The hidden parameters of `f` (none when the plan does not say).
    pub fn hidden_params(&self, f: FuncId) -> HiddenParams {
        self.hidden_params.get(f.0 as usize).copied().unwrap_or_default()
    }
}
