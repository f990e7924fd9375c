//! LLVM code generated on one thread runs on another (the background compiler thread hands
//! finished code to the interpreter's thread), exits included.

use std::cell::RefCell;
use std::rc::Rc;

use backend::llvm::{self, set_exit_interceptor, ExitEvent, LlvmOptions, LlvmPipeline};
use frontend::bytecode::Reg;
use ir::ops::DeoptReason;
use vm::tiering::CompiledCode;
use vm::{Value, Vm};

/// Subtracts `INT_MIN` from its int32 parameter; exits on a non-int32 parameter and on
/// overflow.
const SUB: &str = "function sub #1
  exit e0 NotInt32: frame f1 @2 [r0=v0:Tagged, r1=v2:Float64]
  exit e1 Overflow: frame f1 @5 [r0=v3:Int32]
block b0():
  v0:Tagged = Parameter[1]
  v1:Bit = IsInt32 v0
  v2:Float64 = UntagNumber v0
  DeoptimizeUnless[NotInt32] v1 !e0
  v3:Int32 = UntagInt32 v0
  v5:Int32 = Int32Constant[-2147483648]
  v6:Int32 = Int32SubWithOverflow v3, v5
  v7:Bit = Projection[1] v6
  DeoptimizeIf[Overflow] v7 !e1
  v8:Int32 = Projection[0] v6
  v9:Tagged = TagInt32 v8
  return v9
";

#[test]
fn code_compiled_on_another_thread_runs_and_exits_here() {
    let lir = ir::lir_text::parse(SUB).unwrap_or_else(|e| panic!("{e}"));
    // Two compilations at once: one on a worker thread, one here (separate LLVM contexts).
    let worker = std::thread::spawn(move || llvm::compile(&lir, &LlvmOptions { pipeline: LlvmPipeline::Ftl, ..LlvmOptions::default() }));
    let here = llvm::compile(&ir::lir_text::parse(SUB).unwrap(), &LlvmOptions { pipeline: LlvmPipeline::O2, ..LlvmOptions::default() })
        .unwrap_or_else(|e| panic!("{e}"));
    let moved = worker.join().expect("no panic").unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(moved.address(), here.address());

    let program = frontend::compile("t.js", "").expect("empty program");
    let mut vm = Vm::new(Rc::new(program), Box::new(std::io::sink()));
    let seen: Rc<RefCell<Vec<ExitEvent>>> = Rc::default();
    let log = seen.clone();
    let old = set_exit_interceptor(Some(Box::new(move |e: &ExitEvent| {
        log.borrow_mut().push(e.clone());
        Some(Value::int(7).bits())
    })));
    for code in [&moved, &here] {
        // -1 - INT_MIN = INT_MAX; 0 - INT_MIN overflows; 2.5 is not an int32.
        assert_eq!(code.invoke(&mut vm, &[Value::UNDEFINED, Value::int(-1)]).unwrap(), Value::int(i32::MAX));
        assert_eq!(code.invoke(&mut vm, &[Value::UNDEFINED, Value::int(0)]).unwrap(), Value::int(7));
        assert_eq!(code.invoke(&mut vm, &[Value::UNDEFINED, Value::number(2.5)]).unwrap(), Value::int(7));
    }
    set_exit_interceptor(old);
    let events = seen.borrow();
    assert_eq!(events.len(), 4);
    for pair in events.chunks(2) {
        assert_eq!(pair[0].reason, DeoptReason::Overflow);
        assert_eq!(pair[0].frames[0].registers, vec![(Reg(0), Value::int(0))]);
        assert_eq!(pair[1].reason, DeoptReason::NotInt32);
        assert_eq!(pair[1].frames[0].registers, vec![(Reg(0), Value::number(2.5)), (Reg(1), Value::number(2.5))]);
    }
    // The worker's code outlives its thread and is freed here.
    drop(moved);
    assert_eq!(here.invoke(&mut vm, &[Value::UNDEFINED, Value::int(-1)]).unwrap(), Value::int(i32::MAX));
}
