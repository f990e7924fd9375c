//! Inlining on the CFG side: a small monomorphic callee is translated in place (no call left
//! for it, frame states inside it carry the caller's as outer state, its exits rebuild two
//! frames), a too-large or polymorphic one stays a call, and the build row counts the
//! decisions (`midend::inlining`).

use std::rc::Rc;

use frontend::bytecode::FuncId;
use ir::compile::CompileInput;
use ir::ops::Op;
use vm::Vm;

const PROGRAM: &str = r#"
function small(x) { return x * 2 + 1; }
function big(x) {
  x = x + 0;
  x = x + 1;
  x = x + 2;
  x = x + 3;
  x = x + 4;
  x = x + 5;
  x = x + 6;
  x = x + 7;
  x = x + 8;
  x = x + 9;
  x = x + 10;
  x = x + 11;
  x = x + 12;
  x = x + 13;
  x = x + 14;
  x = x + 15;
  x = x + 16;
  x = x + 17;
  x = x + 18;
  x = x + 19;
  x = x + 20;
  x = x + 21;
  x = x + 22;
  x = x + 23;
  x = x + 24;
  x = x + 25;
  x = x + 26;
  x = x + 27;
  x = x + 28;
  x = x + 29;
  return x;
}
function inc(x) { return x + 1; }
function dec(x) { return x - 1; }
function caller(n) {
  let s = 0;
  for (let i = 0; i < n; i++) { s = s + small(i) + big(i); }
  return s;
}
function callPoly(g, x) { return g(x); }
let t = caller(100);
for (let k = 0; k < 100; k++) t = t + callPoly(k % 2 ? inc : dec, k);
console.log(t);
"#;

fn program_and_feedback() -> (Rc<frontend::bytecode::Program>, Vec<Vec<ir::feedback::SlotFeedback>>) {
    let program = Rc::new(frontend::compile("test.js", PROGRAM).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    (program, vm.feedback.clone())
}

fn function_named(p: &frontend::bytecode::Program, name: &str) -> FuncId {
    p.functions.iter().find(|f| f.name == name).expect("function").id
}

fn build_row(meter: &meter::Meter, name: &str) -> u64 {
    let row = meter.rows().iter().find(|r| r.label.contains("build")).expect("a build row");
    row.extra.iter().find(|(k, _)| k == name).map_or(0, |(_, v)| *v)
}

#[test]
fn a_small_monomorphic_callee_is_inlined_and_a_large_one_is_not() {
    let (program, feedback) = program_and_feedback();
    let (caller, small, big) = (function_named(&program, "caller"), function_named(&program, "small"), function_named(&program, "big"));
    assert!(program.function(big).code.len() > midend::inlining::MAX_INLINED_BYTECODE_SIZE);
    let input = CompileInput { program: &program, func: caller, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let (g, stats) = cfg::builder::build(&input).expect("builds");
    let calls = g.all_ops().filter(|&i| matches!(g.op(i), Op::JSCall { .. })).count();
    assert_eq!(calls, 1, "only the call of big is left");
    let inner_states =
        g.all_ops().filter(|&i| matches!(g.op(i), Op::FrameState { func, has_outer: true, .. } if *func == small.0)).count();
    assert!(inner_states > 0, "frame states inside small have an outer state");
    assert_eq!(stats.extras["inlined_calls"], 1);
    assert_eq!(stats.extras["inline_budget_used"], program.function(small).code.len() as u64);
    assert_eq!(stats.extras["not_inlined.size"], 1);

    let options = cfg::Options::default();
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "caller", cfg::DEFAULT_SPEC, 0));
    let lir = cfg::compile(&input, &options, &mut meter).expect("compiles");
    ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
    assert_eq!(build_row(&meter, "inlined_calls"), 1);
    assert_eq!(build_row(&meter, "not_inlined.size"), 1);
    let two_frames = lir.exits.iter().filter(|e| e.frames.len() == 2).collect::<Vec<_>>();
    assert!(!two_frames.is_empty(), "exits inside small rebuild two frames");
    for e in two_frames {
        e.check(&program).unwrap();
        assert_eq!((e.frames[0].func, e.frames[1].func), (caller, small));
    }
}

#[test]
fn a_polymorphic_call_is_not_inlined() {
    let (program, feedback) = program_and_feedback();
    let func = function_named(&program, "callPoly");
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let (g, stats) = cfg::builder::build(&input).expect("builds");
    assert_eq!(g.all_ops().filter(|&i| matches!(g.op(i), Op::JSCall { .. })).count(), 1);
    assert_eq!(stats.extras["inlined_calls"], 0);
    assert_eq!(stats.extras["not_inlined.polymorphic"], 1);
}
