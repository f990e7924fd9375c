//! On-stack replacement entries of the sea-of-nodes builder: parameters are the registers
//! live at the loop header (the convention of `midend::osr`), code before the loop is not built,
//! and loops enclosing the entry are peeled; the OSR compile verifies down to LIR.

use std::rc::Rc;

use frontend::bytecode::{FuncId, Instr, Pc, Program};
use ir::compile::CompileInput;
use ir::ops::Op;
use vm::Vm;

const PROGRAM: &str = r#"
function f(n) {
  var before = 12345.5;
  var s = 0;
  for (var i = 0; i < n; i++) {
    for (var j = 0; j < i; j++) { s = (s + j) | 0; }
    s = s + 1;
  }
  return s + before;
}
console.log(f(40));
"#;

fn setup() -> (Rc<Program>, Vec<Vec<ir::feedback::SlotFeedback>>, FuncId, Vec<Pc>) {
    let program = Rc::new(frontend::compile("osr.js", PROGRAM).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    let f = program.functions.iter().find(|f| f.name == "f").unwrap();
    let mut headers: Vec<Pc> =
        f.code.iter().filter_map(|i| if let Instr::JumpLoop { target } = i { Some(*target) } else { None }).collect();
    headers.sort();
    let id = f.id;
    (program, vm.feedback.clone(), id, headers)
}

fn count(g: &son::graph::Graph, pred: impl Fn(Op) -> bool) -> usize {
    g.live_nodes().into_iter().filter(|&n| pred(g.op(n))).count()
}

#[test]
fn osr_graphs_start_at_the_loop_header_and_peel_enclosing_loops() {
    let (program, feedback, func, headers) = setup();
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let bytecode = program.function(func);
    let liveness = frontend::liveness::analyze(bytecode);
    let is_before = |op: Op| op == Op::NumberConstant { value: ir::ops::F64(12345.5) };
    let whole = son::builder::build(&input, &liveness).unwrap();
    assert_eq!(count(&whole, |op| op == Op::Loop), 2);
    assert_eq!(count(&whole, |op| matches!(op, Op::Parameter { .. })), 1);
    assert_eq!(count(&whole, is_before), 1);

    let (outer, inner) = (headers[0], headers[1]);
    // Entering the outer loop: one loop nest, parameters = registers live at the header.
    let g = son::builder::build_at(&input, &liveness, Some(outer)).unwrap();
    let params = midend::osr::parameters(&liveness, outer).len();
    assert_eq!(count(&g, |op| matches!(op, Op::Parameter { .. })), params);
    for i in 0..params as u32 {
        assert_eq!(count(&g, |op| op == Op::Parameter { index: i }), 1);
    }
    assert_eq!(count(&g, |op| op == Op::Loop), 2);
    // `before` is live at the header: it is a parameter, its constant is not built.
    assert_eq!(count(&g, is_before), 0);

    // Entering the inner loop: the rest of the outer iteration is peeled, then the whole
    // outer loop (with the inner one again) follows.
    let g = son::builder::build_at(&input, &liveness, Some(inner)).unwrap();
    assert_eq!(count(&g, |op| op == Op::Loop), 3);
    assert_eq!(count(&g, |op| matches!(op, Op::Parameter { .. })), midend::osr::parameters(&liveness, inner).len());
    g.verify().unwrap();

    // Not a loop header: a clean bailout.
    assert!(son::builder::build_at(&input, &liveness, Some(0)).is_err());
}

#[test]
fn osr_compiles_verify_to_lir_and_label_their_build_phase() {
    let (program, feedback, func, headers) = setup();
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let options = son::Options { verify: true, ..son::Options::default() };
    for &h in &headers {
        let mut meter = meter::Meter::new(meter::RowContext::new("osr.js", "f", son::DEFAULT_SPEC, 0));
        let lir = son::compile_osr(&input, h, &options, &mut meter).expect("compiles");
        ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
        let build = &meter.rows()[0];
        assert!(build.label.starts_with("son/build-osr"), "{}", build.label);
        assert!(build.extra.contains(&("osr_header_pc".to_string(), h as u64)), "{:?}", build.extra);
    }
}
