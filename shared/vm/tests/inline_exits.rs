//! Exits from inlined code: compiled code of `outer` that inlined its call to `down` exits
//! inside `down` with two frames (outer first). The vm must finish `down` in the interpreter,
//! write its result to the call's destination in `outer`, continue `outer` after the call,
//! and run `down`'s frame one call level deeper than `outer`'s, so the call-depth limit hits
//! exactly where the interpreter alone hits it.

use std::rc::Rc;

use frontend::bytecode::{FuncId, Instr, Pc, Reg};
use ir::compile::Bailout;
use ir::ops::DeoptReason;
use vm::interp::JsResult;
use vm::tiering::{Compiled, CompiledCode, OptimizingCompiler, ResumeFrame, TieringOptions};
use vm::{Value, Vm};

mod common;
use common::{declined, Output};

/// "Compiled" `outer` with `down` inlined, exiting at `down`'s first instruction.
struct InlinedExit {
    outer: FuncId,
    down: FuncId,
    call_pc: Pc,
    live_at_call: Vec<Reg>,
}

impl CompiledCode for InlinedExit {
    fn invoke(&self, vm: &mut Vm, args: &[Value]) -> JsResult<Value> {
        let n = args.first().copied().unwrap_or(Value::UNDEFINED);
        let outer_regs = self.live_at_call.iter().map(|&r| (r, if r == Reg(0) { n } else { Value::UNDEFINED })).collect();
        let frames = vec![
            ResumeFrame { func: self.outer, pc: self.call_pc, registers: outer_regs },
            ResumeFrame { func: self.down, pc: 0, registers: vec![(Reg(0), n)] },
        ];
        vm.deoptimize(self.outer, DeoptReason::WrongMap, true, frames)
    }
    fn describe(&self) -> String {
        "outer with down inlined, always exiting inside down".into()
    }
}

struct Compiler;

impl OptimizingCompiler for Compiler {
    fn compile(&mut self, vm: &Vm, func: FuncId) -> Result<Compiled, Bailout> {
        let p = &vm.program;
        if p.function(func).name != "outer" {
            return Err(declined("only outer"));
        }
        let down = FuncId(p.functions.iter().position(|f| f.name == "down").unwrap() as u32);
        let code = &p.function(func).code;
        let call_pc = code.iter().position(|i| matches!(i, Instr::Call { .. })).unwrap() as Pc;
        let live = frontend::liveness::analyze(p.function(func));
        let live_at_call = live.live_in(call_pc).iter().collect();
        Ok(Compiled::Ready(Rc::new(InlinedExit { outer: func, down, call_pc, live_at_call })))
    }
    fn compile_osr(&mut self, _vm: &Vm, _func: FuncId, _loop_header: Pc) -> Result<Compiled, Bailout> {
        Err(declined("no OSR"))
    }
}

fn program(n: u32) -> String {
    format!(
        "function down(n) {{ if (n == 0) return 0; return down(n - 1) + 1; }}\n\
         function outer(n) {{ var r = down(n); return r + 1000; }}\n\
         console.log(outer({n}));\n"
    )
}

/// Runs the program for `n`, with or without the inlined-exit code: (completed, output).
fn run(n: u32, compiled: bool) -> (bool, String) {
    let program = Rc::new(frontend::compile("t.js", &program(n)).unwrap());
    let out = Output::default();
    let mut vm = Vm::new(program, Box::new(out.clone()));
    if compiled {
        vm.set_compiler(Box::new(Compiler), TieringOptions { always_opt: true, osr_back_edges: 0, ..TieringOptions::default() });
    }
    let ok = vm.run_script().is_ok();
    vm.flush();
    let text = String::from_utf8(out.0.borrow().clone()).unwrap();
    (ok, text)
}

fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(1 << 30).spawn(f).unwrap().join().unwrap()
}

#[test]
fn an_exit_inside_an_inlined_callee_finishes_both_frames() {
    let (ok, out) = on_big_stack(|| run(5, true));
    assert!(ok);
    assert_eq!(out, "1005\n");
    assert_eq!(on_big_stack(|| run(5, false)), (true, "1005\n".to_string()));
}

#[test]
fn resumed_inner_frames_run_one_call_deeper() {
    // Around the depth limit the interpreter alone and the resumed frames agree on where
    // "Maximum call stack size exceeded" starts; without the extra level the resumed run
    // would go one call further.
    let max = vm::interp::MAX_CALL_DEPTH;
    let results = on_big_stack(move || {
        (max - 6..max + 2).map(|n| (n, run(n, false).0, run(n, true).0)).collect::<Vec<_>>()
    });
    assert!(results.iter().any(|r| r.1) && results.iter().any(|r| !r.1), "the window spans the limit: {results:?}");
    for (n, interpreted, resumed) in results {
        assert_eq!(interpreted, resumed, "n = {n}");
    }
}
