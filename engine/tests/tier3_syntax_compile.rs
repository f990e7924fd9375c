//! Tier 3's desugared syntax on both pipelines (one test, run on the sea of nodes and on the
//! CFG): functions with default parameters, destructuring, spread and rest, optional chaining
//! and `??` compile (no bailout, verified LIR), and the five instructions the frontend added
//! lower to the same runtime calls on both sides.

use std::rc::Rc;

use frontend::bytecode::{FuncId, Instr, Program};
use ir::compile::CompileInput;
use vm::Vm;

const PROGRAM: &str = r#"
"use strict";
function defaults(a, b = a + 1) { return a + b; }
function point({ x, y = 2 }) { return x + y; }
function pair([a, b]) { return a * b; }
function rest(a, ...r) { return a + r.length; }
function spreadCall(f, xs) { return f(1, ...xs); }
function spreadNew(C, xs) { return new C(...xs); }
function merge(o) { return { ...o, z: 1 }; }
function omit(o) { const { a, ...others } = o; return others; }
function chain(o) { return o?.a?.b ?? 0; }
function P(a, b) { this.a = a; this.b = b; }
let t = 0;
for (let k = 0; k < 20; k++) {
  t += defaults(k) + point({ x: k }) + pair([k, 2]) + rest(k, 1, 2);
  t += spreadCall(Math.max, [k, 3]) + spreadNew(P, [k, 1]).a + merge({ a: k }).z;
  t += omit({ a: 1, b: k }).b + chain(k % 2 ? { a: { b: k } } : null);
}
console.log(t);
"#;

fn program_and_feedback() -> (Rc<Program>, Vec<Vec<ir::feedback::SlotFeedback>>) {
    let program = Rc::new(frontend::compile("test.js", PROGRAM).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    (program, vm.feedback.clone())
}

/// The function whose bytecode has an instruction `pick` accepts.
fn function_with(p: &Program, pick: impl Fn(&Instr) -> bool) -> FuncId {
    p.functions.iter().find(|f| f.code.iter().any(&pick)).expect("a function with that instruction").id
}

/// The two pipelines.
#[derive(Clone, Copy, Debug)]
enum Pipeline {
    Son,
    Cfg,
}

const PIPELINES: [Pipeline; 2] = [Pipeline::Son, Pipeline::Cfg];

fn compile(pipeline: Pipeline, program: &Program, feedback: &[Vec<ir::feedback::SlotFeedback>], func: FuncId) -> String {
    let input = CompileInput { program, func, feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let spec = match pipeline {
        Pipeline::Son => son::DEFAULT_SPEC,
        Pipeline::Cfg => cfg::DEFAULT_SPEC,
    };
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", spec, 0));
    let lir = match pipeline {
        Pipeline::Son => son::compile(&input, &son::Options::default(), &mut meter),
        Pipeline::Cfg => cfg::compile(&input, &cfg::Options::default(), &mut meter),
    }
    .unwrap_or_else(|e| panic!("{pipeline:?}: {} does not compile: {e:?}", program.function(func).name));
    ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{pipeline:?}: {e:?}\n{}", ir::lir_text::print(&lir)));
    for e in &lir.exits {
        e.check(program).unwrap();
    }
    ir::lir_text::print(&lir)
}

#[test]
fn every_function_compiles_to_verified_lir() {
    let (program, feedback) = program_and_feedback();
    for pipeline in PIPELINES {
        for f in &program.functions {
            compile(pipeline, &program, &feedback, f.id);
        }
    }
}

#[test]
fn the_new_instructions_are_the_same_runtime_calls_on_both_sides() {
    let (program, feedback) = program_and_feedback();
    let cases: [(fn(&Instr) -> bool, &str); 5] = [
        (|i| matches!(i, Instr::ToIterable { call: false, .. }), "CallRuntime[ToIterable."),
        (|i| matches!(i, Instr::ToIterable { call: true, .. }), "CallRuntime[ToSpreadArguments."),
        (|i| matches!(i, Instr::CallSpread { .. }), "CallRuntime[CallSpread,3]"),
        (|i| matches!(i, Instr::ConstructSpread { .. }), "CallRuntime[ConstructSpread,2]"),
        (|i| matches!(i, Instr::CopyDataProperties { .. }), "CallRuntime[CopyDataProperties,3]"),
    ];
    for pipeline in PIPELINES {
        for (pick, expected) in cases {
            let text = compile(pipeline, &program, &feedback, function_with(&program, pick));
            assert!(text.contains(expected), "{pipeline:?}: {expected} missing:\n{text}");
        }
    }
}

#[test]
fn a_function_with_a_rest_parameter_is_not_inlined() {
    let program = frontend::compile("test.js", PROGRAM).expect("compiles");
    let rest = program.functions.iter().find(|f| f.name == "rest").expect("rest");
    assert!(rest.rest);
    assert!(!midend::inlining::inlineable(rest));
    let defaults = program.functions.iter().find(|f| f.name == "defaults").expect("defaults");
    assert!(midend::inlining::inlineable(defaults));
}
