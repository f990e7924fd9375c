//! The LIR evaluator: the reference backend (`--backend lir`).
//!
//! It executes LIR directly against the vm's heap and runtime, with the same semantics the
//! LLVM backend must have, so it tests both pipelines independently of LLVM and serves as the
//! differential oracle for it. Every value is held as 64 raw bits in its representation:
//! tagged (NaN-boxed), int32 (sign-extended), float64 (IEEE bits) or bit (0/1). Operations
//! with two outputs (`Int32AddWithOverflow`, `TryFloat64ToInt32`) keep the int32 result in the
//! low 32 bits and the flag in bit 32; `Projection` splits them.
//!
//! An exit boxes every value its `ExitDesc` lists by representation, rebuilds the interpreter
//! frames and lets the vm finish the activation; the result returns as this function's.

use frontend::hash::IdHashMap;
use std::rc::Rc;

use ir::feedback::ShapeId;
use ir::fold;
use ir::frame::{ExitId, ExitValue};
use ir::lir::{Function, Jump, Terminator};
use ir::ops::{Access, DeoptReason, Op, Opcode, Rep, RuntimeFn};
use ir::tagged;
use vm::interp::{JsResult, Throw};
use jsnum::to_int32;
use vm::number::js_pow;
use vm::tiering::{CompiledCode, ResumeFrame};
use vm::{Value, Vm};

/// LIR installed as compiled code, run by the evaluator.
pub struct LirCode {
    /// The function.
    pub lir: Rc<Function>,
    /// Which pipeline produced it (for statistics).
    pub pipeline: String,
}

impl CompiledCode for LirCode {
    fn invoke(&self, vm: &mut Vm, args: &[Value]) -> JsResult<Value> {
        evaluate(&self.lir, vm, args)
    }

    fn describe(&self) -> String {
        format!("{} on the LIR evaluator", self.pipeline)
    }
}

const FLAG: u64 = 1 << 32;

fn pair(result: i32, flag: bool) -> u64 {
    (result as u32 as u64) | if flag { FLAG } else { 0 }
}

fn i32_of(bits: u64) -> i32 {
    bits as u32 as i32
}

fn f64_of(bits: u64) -> f64 {
    f64::from_bits(bits)
}

fn bit(b: bool) -> u64 {
    b as u64
}

/// Boxes raw bits of representation `rep` as a JavaScript value.
pub fn box_value(bits: u64, rep: Rep) -> Value {
    match rep {
        Rep::Tagged => Value::from_bits(bits),
        Rep::Int32 => Value::int(i32_of(bits)),
        Rep::Float64 => Value::number(f64_of(bits)),
        Rep::Bit => Value::bool(bits & 1 != 0),
    }
}

/// An internal error of compiled code (a broken compiler invariant, never a JS error).
fn internal(what: String) -> Box<vm::Exception> {
    Box::new(vm::Exception { throw: Throw::Internal(format!("LIR evaluator: {what}")), location: None })
}

/// The bits a two-input machine op computes on the raw bits of its inputs ([`ir::fold`]), or
/// `None` if `op` is not one: int32 results in the low 32 bits, overflow pairs as [`pair`],
/// bits as 0/1, float64 results as their IEEE bits.
fn machine_binary(op: Opcode, x: u64, y: u64) -> Option<u64> {
    let (a, b) = (i32_of(x), i32_of(y));
    let (f, g) = (f64_of(x), f64_of(y));
    fold::int32_binary(op, a, b)
        .map(|r| r as u32 as u64)
        .or_else(|| fold::int32_overflowing(op, a, b).map(|(r, o)| pair(r, o)))
        .or_else(|| fold::int32_compare(op, a, b).map(bit))
        .or_else(|| fold::float64_binary(op, f, g).map(f64::to_bits))
        .or_else(|| fold::float64_compare(op, f, g).map(bit))
}

/// Runs `f` with `args` against `vm`. Every arithmetic op has its defined machine semantics
/// (`Int32Div`/`Int32Mod` are total, shifts mask their count, conversions saturate); a memory
/// access whose checks were not honoured, or an ill-formed instruction the LIR verifier would
/// reject, ends the run with [`Throw::Internal`] rather than a panic.
pub fn evaluate(f: &Function, vm: &mut Vm, args: &[Value]) -> JsResult<Value> {
    // The values live in a heap buffer, not on the machine stack: the collector scans it
    // conservatively while this activation runs (it never grows, so it never moves).
    let mut vals = vec![0u64; f.reps.len()];
    vm.heap.gc.push_root_range(vals.as_ptr(), vals.len());
    let result = run(f, vm, args, &mut vals);
    vm.heap.gc.pop_root_range();
    result
}

fn run(f: &Function, vm: &mut Vm, args: &[Value], vals: &mut [u64]) -> JsResult<Value> {
    let mut block = 0usize;
    let mut incoming: Vec<u64> = Vec::new();
    // The exception of a call a `CheckException` catches, until `CatchBlockBegin` takes it.
    let mut pending: Option<Box<vm::Exception>> = None;
    loop {
        let b = &f.blocks[block];
        for (p, v) in b.params.iter().zip(&incoming) {
            vals[p.0 as usize] = *v;
        }
        // The call whose exception this block's terminator catches, if any.
        let thrower = match b.term {
            Terminator::CheckException { thrower, .. } => Some(thrower),
            _ => None,
        };
        let mut threw = false;
        for inst in &b.insts {
            vm.tier_stats.insts_executed += 1;
            if inst.op.is_pure() {
                vm.tier_stats.pure_ops_executed += 1;
            }
            let a = |i: usize| vals[inst.args[i].0 as usize];
            let result: u64 = match inst.op {
                Op::Parameter { index } => args.get(index as usize).copied().unwrap_or(Value::UNDEFINED).bits(),
                Op::Int32Constant { value } => value as u32 as u64,
                Op::Float64Constant { value } => value.0.to_bits(),
                Op::NumberConstant { value } => Value::number(value.0).bits(),
                Op::TaggedConstant { bits } => bits,
                Op::StringConstant { func, index } => {
                    vm.safepoint()?;
                    vm.string_constant(frontend::bytecode::FuncId(func), index).bits()
                }
                Op::Select { .. } => {
                    if a(0) & 1 != 0 {
                        a(1)
                    } else {
                        a(2)
                    }
                }
                Op::Projection { index } => {
                    if index == 0 {
                        a(0) & 0xFFFF_FFFF
                    } else {
                        bit(a(0) & FLAG != 0)
                    }
                }
                Op::Float64Pow => js_pow(f64_of(a(0)), f64_of(a(1))).to_bits(),
                Op::Float64Neg => (-f64_of(a(0))).to_bits(),
                Op::ChangeInt32ToFloat64 => (i32_of(a(0)) as f64).to_bits(),
                Op::ChangeUint32ToFloat64 => (a(0) as u32 as f64).to_bits(),
                Op::TruncateFloat64ToWord32 => to_int32(f64_of(a(0))) as u32 as u64,
                Op::TryFloat64ToInt32 => {
                    let x = f64_of(a(0));
                    match jsnum::exact_int32(x) {
                        Some(i) => pair(i, false),
                        // Not an int32 (or -0): the value is the saturating conversion.
                        None => pair(x as i32, true),
                    }
                }
                Op::TagInt32 => tagged::from_int32(i32_of(a(0))),
                Op::TagFloat64 => tagged::from_number(f64_of(a(0))),
                Op::TagBit => tagged::from_bool(a(0) & 1 != 0),
                Op::UntagInt32 => tagged::to_int32(a(0)) as u32 as u64,
                Op::UntagNumber => tagged::to_f64(a(0)).to_bits(),
                Op::IsInt32 => bit(tagged::is_int32(a(0))),
                Op::IsNumber => bit(tagged::is_number(a(0))),
                Op::IsObject => bit(tagged::tag_of(a(0)) == tagged::TAG_OBJECT),
                Op::IsArray => bit(tagged::tag_of(a(0)) == tagged::TAG_ARRAY),
                Op::IsClosureOf { func } => bit(tagged::is_function_of(a(0), func)),
                Op::ClosureContext => vm.heap.closure_context(Value::from_bits(a(0))).bits(),
                Op::TaggedEqual => bit(a(0) == a(1)),
                Op::Load { access } => {
                    vm.tier_stats.loads_executed += 1;
                    let (obj, index) = match access {
                        Access::Global(_) => (Value::UNDEFINED, 0),
                        Access::Element => (Value::from_bits(a(0)), i32_of(a(1))),
                        _ => (Value::from_bits(a(0)), 0),
                    };
                    let v = vm.heap_load(access, obj, index).map_err(internal)?;
                    match access {
                        // Shapes and lengths are int32 words (heap_load makes them so).
                        Access::Shape | Access::ArrayLength => v.as_int().unwrap_or(0) as u32 as u64,
                        _ => v.bits(),
                    }
                }
                Op::Store { access } => {
                    match access {
                        Access::Global(_) => vm.heap_store(access, Value::UNDEFINED, 0, Value::from_bits(a(0))),
                        Access::Element => vm.heap_store(access, Value::from_bits(a(0)), i32_of(a(1)), Value::from_bits(a(2))),
                        _ => vm.heap_store(access, Value::from_bits(a(0)), 0, Value::from_bits(a(1))),
                    }
                    .map_err(internal)?;
                    0
                }
                Op::AllocateObject { shape } => vm.allocate_object_inline(ShapeId(shape))?.bits(),
                Op::AllocateArray { .. } => {
                    let values: Vec<Value> = inst.args.iter().map(|v| Value::from_bits(vals[v.0 as usize])).collect();
                    vm.allocate_array_inline(&values)?.bits()
                }
                Op::StoreFieldTransition { shape, .. } => {
                    vm.store_transition_inline(Value::from_bits(a(0)), ShapeId(shape), Value::from_bits(a(1)))?;
                    0
                }
                Op::CallRuntime { function: RuntimeFn::MathFunction(i), .. } => {
                    // Math functions take and return float64 (LIR verifier).
                    let xs: Vec<f64> = inst.args.iter().map(|v| f64_of(vals[v.0 as usize])).collect();
                    vm.math_function(i, &xs).to_bits()
                }
                Op::CatchBlockBegin => {
                    let e = pending.take().ok_or_else(|| internal("CatchBlockBegin without a caught exception (a LIR verifier error)".to_string()))?;
                    match vm.catchable_value(&e.throw) {
                        Some(v) => v.bits(),
                        None => return Err(e),
                    }
                }
                Op::CallRuntime { function, .. } => {
                    let call_args: Vec<Value> = inst.args.iter().map(|v| Value::from_bits(vals[v.0 as usize])).collect();
                    let r = match vm.runtime_call(f.func, function, &call_args) {
                        Ok(v) => v.bits(),
                        Err(e) if thrower.is_some() && inst.result == thrower => {
                            pending = Some(e);
                            threw = true;
                            break;
                        }
                        Err(e) => return Err(e),
                    };
                    // A generic call's lazy exit, once it has returned (`ir::frame::after_call`).
                    if let Some(exit) = inst.exit {
                        if vm.after_call_exit() {
                            if let Some(res) = inst.result {
                                vals[res.0 as usize] = r;
                            }
                            return deoptimize(f, vm, &vals, exit, DeoptReason::AfterCall, true);
                        }
                    }
                    r
                }
                Op::DeoptimizeIf { reason } | Op::DeoptimizeUnless { reason } => {
                    let cond = a(0) & 1 != 0;
                    let fails = if matches!(inst.op, Op::DeoptimizeIf { .. }) { cond } else { !cond };
                    let stress = vm.stress_check();
                    if fails || stress {
                        let exit = inst.exit.ok_or_else(|| internal(format!("{} has no exit (a LIR verifier error)", inst.op)))?;
                        let reason = if fails { reason } else { DeoptReason::Stress };
                        return deoptimize(f, vm, &vals, exit, reason, !fails);
                    }
                    0
                }
                // The two-input machine ops (int32 and float64 arithmetic, bitwise ops and shifts,
                // comparisons, overflow pairs) compute what `ir::fold` says they do.
                other => match (inst.args.len() == 2).then(|| machine_binary(other.opcode(), a(0), a(1))) {
                    Some(Some(bits)) => bits,
                    _ => return Err(internal(format!("{other} is not a LIR instruction (a LIR verifier error)"))),
                },
            };
            if let Some(r) = inst.result {
                vals[r.0 as usize] = result;
            }
        }
        let jump = |j: &Jump, vals: &[u64]| -> (usize, Vec<u64>) {
            (j.block.0 as usize, j.args.iter().map(|v| vals[v.0 as usize]).collect())
        };
        (block, incoming) = match &b.term {
            Terminator::Goto(j) => jump(j, &vals),
            Terminator::Branch { cond, if_true, if_false, .. } => {
                if vals[cond.0 as usize] & 1 != 0 {
                    jump(if_true, &vals)
                } else {
                    jump(if_false, &vals)
                }
            }
            Terminator::Return(v) => return Ok(Value::from_bits(vals[v.0 as usize])),
            Terminator::Throw(v) => {
                return Err(Box::new(vm::Exception { throw: Throw::Value(Value::from_bits(vals[v.0 as usize])), location: None }))
            }
            Terminator::Deoptimize(e) => {
                let reason = f.exit(*e).reason;
                return deoptimize(f, vm, &vals, *e, reason, false);
            }
            Terminator::CheckException { catch, .. } if threw => (catch.0 as usize, Vec::new()),
            Terminator::CheckException { normal, .. } => jump(normal, &vals),
        };
    }
}

fn deoptimize(f: &Function, vm: &mut Vm, vals: &[u64], exit: ExitId, reason: DeoptReason, stress: bool) -> JsResult<Value> {
    let frames = resume_frames(f.exit(exit), |id| vals[id as usize], &mut vm.heap);
    vm.deoptimize(f.func, reason, stress, frames)
}

/// The interpreter frames an exit rebuilds: every live register boxed by its
/// representation from the raw bits `bits_of(value)` of the compiled code's values (shared by
/// every backend). Objects escape analysis removed are allocated on `heap`, once per
/// object id however many registers and frames mention them.
pub fn resume_frames(desc: &ir::frame::ExitDesc, bits_of: impl Fn(u32) -> u64, heap: &mut vm::heap::Heap) -> Vec<ResumeFrame> {
    let mut objects: IdHashMap<u32, Value> = IdHashMap::default();
    desc.frames
        .iter()
        .map(|frame| ResumeFrame {
            func: frame.func,
            pc: frame.pc,
            registers: frame.registers.iter().map(|(reg, v)| (*reg, exit_value(v, &bits_of, heap, &mut objects))).collect(),
        })
        .collect()
}

/// The interpreter value of one exit value (allocating rematerialized objects).
fn exit_value(
    v: &ExitValue,
    bits_of: &impl Fn(u32) -> u64,
    heap: &mut vm::heap::Heap,
    objects: &mut IdHashMap<u32, Value>,
) -> Value {
    match v {
        ExitValue::Value(id, rep) => box_value(bits_of(*id), *rep),
        ExitValue::Constant(bits) => Value::from_bits(*bits),
        ExitValue::Object { id, shape, fields } => {
            if let Some(&o) = objects.get(id) {
                return o;
            }
            let slots: Vec<Value> = fields.iter().map(|f| exit_value(f, bits_of, heap, objects)).collect();
            let o = Value::object(heap.alloc_object_with(vm::heap::ShapeId(*shape), slots));
            objects.insert(*id, o);
            o
        }
    }
}
