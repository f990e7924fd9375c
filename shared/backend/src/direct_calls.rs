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
    /// Only the runtime may call it: a class constructor (a call without `new` throws), a
    /// sloppy-mode function that reads `this` (a nullish receiver is reported by the vm), one
    /// that reads `arguments` (the vm's call makes the object) or a function with a rest
    /// parameter (the vm collects the remaining arguments).
    pub runtime_only: bool,
}

impl HiddenParams {
    /// The hidden parameters of `f`.
    pub fn of(f: &frontend::bytecode::Function) -> HiddenParams {
        let class = matches!(f.kind, frontend::bytecode::FunctionKind::ClassConstructor { .. });
        HiddenParams {
            receiver: f.receiver.is_some(),
            context: f.context.is_some(),
            runtime_only: class || (f.receiver.is_some() && !f.strict) || f.arguments.is_some() || f.rest,
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

#[cfg(test)]
mod tests {
    use super::*;
    use ir::lir::{Block, Inst, Terminator};
    use ir::ops::Rep;

    fn inst(result: Option<Value>, op: Op, args: &[Value]) -> Inst {
        Inst { result, op, args: args.to_vec(), exit: None }
    }

    /// `f1(undefined, x)` in block 0 and `f2(undefined)` in block 1 (a constant of function 2's
    /// second closure in block 1 is not a direct callee).
    fn two_calls() -> Function {
        let mut f = Function::new("calls", FuncId(0));
        let [f1, f2, other, undef, x, r1, r2, r3]: [Value; 8] = std::array::from_fn(|_| f.new_value(Rep::Tagged));
        let call = |argc| Op::CallRuntime { function: RuntimeFn::Call, argc };
        let function = |id: u64| tagged::tagged(tagged::TAG_FUNCTION, id);
        let second_closure = tagged::tagged(tagged::TAG_FUNCTION, (1 << tagged::FUNCTION_ID_BITS) | 2);
        f.blocks.push(Block {
            params: vec![],
            insts: vec![
                inst(Some(f1), Op::TaggedConstant { bits: function(1) }, &[]),
                inst(Some(undef), Op::TaggedConstant { bits: tagged::UNDEFINED }, &[]),
                inst(Some(x), Op::TaggedConstant { bits: tagged::from_int32(7) }, &[]),
                inst(Some(r1), call(1), &[f1, undef, x]),
            ],
            term: Terminator::Goto(ir::lir::Jump { block: ir::lir::BlockId(1), args: vec![] }),
        });
        f.blocks.push(Block {
            params: vec![],
            insts: vec![
                inst(Some(f2), Op::TaggedConstant { bits: function(2) }, &[]),
                inst(Some(other), Op::TaggedConstant { bits: second_closure }, &[]),
                inst(Some(r2), call(0), &[f2, undef]),
                inst(Some(r3), call(0), &[other, undef]),
            ],
            term: Terminator::Return(r2),
        });
        f
    }

    #[test]
    fn calls_of_function_constants_are_direct_and_size_the_buffer() {
        let lir = two_calls();
        let params = [0, 3, 0];
        let plan = DirectCalls::plan(&lir, 0..2, &params, &[]);
        let callees: Vec<Option<FuncId>> = lir.blocks.iter().flat_map(|b| &b.insts).map(|i| plan.callee(&i.op, &i.args)).collect();
        assert_eq!(callees, [None, None, None, Some(FuncId(1)), None, None, Some(FuncId(2)), None]);
        // f1 pads its one argument to three parameters; f2 takes none but gets one word.
        assert_eq!(plan.buffer_words, 3);
        // Only the blocks asked for size the buffer; function constants come from every block.
        let second = DirectCalls::plan(&lir, [1], &params, &[]);
        assert_eq!(second.buffer_words, 1);
        assert_eq!(second.callee(&lir.blocks[0].insts[3].op, &lir.blocks[0].insts[3].args), Some(FuncId(1)));
    }

    #[test]
    fn hidden_parameters_count_and_runtime_only_callees_are_not_direct() {
        let lir = two_calls();
        let params = [0, 1, 0];
        let hidden = [
            HiddenParams::default(),
            HiddenParams { receiver: true, context: true, runtime_only: false },
            HiddenParams { runtime_only: true, ..Default::default() },
        ];
        let plan = DirectCalls::plan(&lir, 0..2, &params, &hidden);
        assert_eq!(plan.buffer_words, 3, "one parameter, the receiver and the context");
        assert_eq!(plan.callee(&lir.blocks[1].insts[2].op, &lir.blocks[1].insts[2].args), None, "function 2 is runtime-only");
        // Without parameter counts nothing is direct.
        let none = DirectCalls::plan(&lir, 0..2, &[], &[]);
        assert_eq!((none.buffer_words, none.callee(&lir.blocks[0].insts[3].op, &lir.blocks[0].insts[3].args)), (0, None));
    }
}
