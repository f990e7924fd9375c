//! Tier 3's object model on both pipelines (one test, run on the sea of nodes and on the CFG):
//! every dynamic operator (`instanceof`, `in`, `delete`, the keys and filter of `for-in`,
//! accessor definitions, hiding a class's methods) compiles (no bailout, verified LIR) to its
//! runtime call `CallRuntime[Dynamic.<op>]`, and a function reading `arguments` compiles with
//! the object as a hidden parameter.

use std::rc::Rc;

use frontend::bytecode::{DynamicOp, FuncId, Instr, Program};
use ir::compile::CompileInput;
use vm::Vm;

const PROGRAM: &str = r#"
class A { constructor() { this.v = 1; } m() { return 1; } get g() { return this.v; } }
function isA(x) { return x instanceof A; }
function has(k, o) { return k in o; }
function drop(o) { return delete o.v; }
function keys(o) { let s = ""; for (const k in o) s += k; return s; }
function literal(x) { return { get x() { return x; } }; }
function count() { return arguments.length; }
function makeClass() { return class { a() {} }; }
let t = 0;
for (let k = 0; k < 20; k++) {
  t += isA(new A()) + has("v", { v: 1 }) + drop({ v: 1 }) + keys({ p: 1 }).length + literal(k).x + count(1, 2);
  makeClass();
}
console.log(t);
"#;

fn program_and_feedback() -> (Rc<Program>, Vec<Vec<ir::feedback::SlotFeedback>>) {
    let program = Rc::new(frontend::compile("test.js", PROGRAM).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    (program, vm.feedback.clone())
}

/// The function (past the script) whose bytecode has an instruction `pick` accepts.
fn function_with(p: &Program, pick: impl Fn(&Instr) -> bool) -> FuncId {
    p.functions.iter().skip(1).find(|f| f.code.iter().any(&pick)).expect("a function with that instruction").id
}

/// Compiles `func` with the pipeline's default spec and returns its verified LIR as text.
fn compile(son: bool, program: &Program, feedback: &[Vec<ir::feedback::SlotFeedback>], func: FuncId) -> String {
    let input = CompileInput { program, func, feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let spec = if son { son::DEFAULT_SPEC } else { cfg::DEFAULT_SPEC };
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", spec, 0));
    let lir = if son {
        son::compile(&input, &son::Options::default(), &mut meter)
    } else {
        cfg::compile(&input, &cfg::Options::default(), &mut meter)
    }
    .unwrap_or_else(|e| panic!("son={son}: {} does not compile: {e:?}", program.function(func).name));
    ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("son={son}: {e:?}\n{}", ir::lir_text::print(&lir)));
    for e in &lir.exits {
        e.check(program).unwrap();
    }
    ir::lir_text::print(&lir)
}

#[test]
fn every_dynamic_operator_is_its_runtime_call_on_both_pipelines() {
    let (program, feedback) = program_and_feedback();
    let ops = [
        DynamicOp::InstanceOf,
        DynamicOp::HasProperty,
        DynamicOp::Delete { strict: false },
        DynamicOp::ForInKeys,
        DynamicOp::ForInFilter,
        DynamicOp::HideProperties,
    ];
    for son in [true, false] {
        for op in ops {
            let f = function_with(&program, |i| matches!(i, Instr::Dynamic { op: o, .. } if *o == op));
            let text = compile(son, &program, &feedback, f);
            let expected = format!("CallRuntime[Dynamic.{}", op.name());
            assert!(text.contains(&expected), "son={son}: {expected} missing:\n{text}");
        }
        let f = function_with(&program, |i| matches!(i, Instr::Dynamic { op: DynamicOp::DefineAccessor { .. }, .. }));
        let text = compile(son, &program, &feedback, f);
        assert!(text.contains("CallRuntime[Dynamic.DefineGetter"), "son={son}:\n{text}");
    }
}

#[test]
fn a_function_reading_arguments_takes_it_as_a_hidden_parameter() {
    let (program, feedback) = program_and_feedback();
    let count = program.functions.iter().find(|f| f.name == "count").expect("count");
    assert_eq!(count.entry_registers().len(), 1);
    assert_eq!(count.arguments, Some(count.entry_registers()[0]));
    assert!(!midend::inlining::inlineable(count));
    for son in [true, false] {
        compile(son, &program, &feedback, count.id);
    }
}
