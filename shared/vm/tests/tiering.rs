//! The tier-up policy: compiled code is entered once a function is hot; a function whose
//! speculation keeps failing is cut off after `max_reopts` recompilations and finishes in the
//! interpreter; stress exits do not discard code.

use std::rc::Rc;

use frontend::bytecode::{FuncId, Reg};
use ir::compile::Bailout;
use ir::ops::DeoptReason;
use vm::interp::JsResult;
use vm::tiering::{Compiled, CompiledCode, OptimizingCompiler, ResumeFrame, TieringOptions};
use vm::{Value, Vm};

mod common;
use common::{declined, Output};

/// Code whose speculation always fails at its first instruction: it exits at pc 0 with the
/// parameters in their registers (a real exit unless `stress`).
struct AlwaysFails {
    func: FuncId,
    params: u32,
    stress: bool,
}

impl CompiledCode for AlwaysFails {
    fn invoke(&self, vm: &mut Vm, args: &[Value]) -> JsResult<Value> {
        let registers = (0..self.params)
            .map(|i| (Reg(i), args.get(i as usize).copied().unwrap_or(Value::UNDEFINED)))
            .collect();
        let frame = ResumeFrame { func: self.func, pc: 0, registers };
        vm.deoptimize(self.func, DeoptReason::WrongMap, self.stress, vec![frame])
    }
    fn describe(&self) -> String {
        "always fails".into()
    }
}

struct FailingCompiler {
    target: &'static str,
    stress: bool,
}

impl OptimizingCompiler for FailingCompiler {
    fn compile(&mut self, vm: &Vm, func: FuncId) -> Result<Compiled, Bailout> {
        let f = vm.program.function(func);
        if f.name != self.target {
            return Err(declined("only the target is compiled"));
        }
        Ok(Compiled::Ready(Rc::new(AlwaysFails { func, params: f.param_count, stress: self.stress })))
    }

    fn compile_osr(&mut self, _vm: &Vm, _func: FuncId, _loop_header: frontend::bytecode::Pc) -> Result<Compiled, Bailout> {
        Err(declined("this test compiler compiles whole functions only"))
    }
}

const PROGRAM: &str = "function f(o) { return o.x + 1; }\n\
                       var s = 0;\n\
                       for (var i = 0; i < 200; i++) { s = s + f({ x: i }); }\n\
                       console.log(s);\n";

fn run(stress: bool, options: TieringOptions) -> (String, Vm) {
    let program = Rc::new(frontend::compile("t.js", PROGRAM).unwrap());
    let out = Output::default();
    let mut vm = Vm::new(program, Box::new(out.clone()));
    vm.set_compiler(Box::new(FailingCompiler { target: "f", stress }), options);
    vm.run_script().unwrap();
    vm.flush();
    let text = String::from_utf8(out.0.borrow().clone()).unwrap();
    (text, vm)
}

fn f_id(vm: &Vm) -> usize {
    vm.program.functions.iter().position(|f| f.name == "f").unwrap()
}

#[test]
fn a_function_that_keeps_failing_is_cut_off_after_k_reoptimizations() {
    let options = TieringOptions { hot_calls: 5, max_reopts: 3, ..TieringOptions::default() };
    let (out, vm) = run(false, options);
    // 200 calls of f: sum of (i + 1) for i in 0..200.
    assert_eq!(out, "20100\n");
    let f = &vm.tier[f_id(&vm)];
    // One first compilation plus K = 3 recompilations, each discarded by its exit.
    assert_eq!(f.compiles, 4);
    assert_eq!(f.discards, 4);
    assert_eq!(f.exits, 4);
    assert!(f.code.is_none());
    assert_eq!(f.disabled.as_deref(), Some("too many reoptimizations"));
    assert_eq!(vm.tier_stats.exits, 4);
    assert_eq!(vm.deopt_reasons.get(&DeoptReason::WrongMap), Some(&4));
    // Between compilations the function ran in the interpreter to collect feedback again.
    assert!(vm.counters[f_id(&vm)].invocations > 0);
}

#[test]
fn code_is_entered_only_once_the_function_is_hot() {
    let options = TieringOptions { hot_calls: 50, max_reopts: 0, ..TieringOptions::default() };
    let (out, vm) = run(false, options);
    assert_eq!(out, "20100\n");
    let f = &vm.tier[f_id(&vm)];
    assert_eq!(f.compiles, 1);
    assert_eq!(vm.tier_stats.compiled_calls, 1);
}

#[test]
fn stress_exits_keep_the_code() {
    let options = TieringOptions { hot_calls: 1, always_opt: true, max_reopts: 0, ..TieringOptions::default() };
    let (out, vm) = run(true, options);
    assert_eq!(out, "20100\n");
    let f = &vm.tier[f_id(&vm)];
    assert_eq!(f.compiles, 1);
    assert_eq!(f.discards, 0);
    assert_eq!(f.exits, 200);
    assert!(f.code.is_some());
    assert_eq!(vm.tier_stats.stress_exits, 200);
    assert_eq!(vm.tier_stats.exits, 0);
}
