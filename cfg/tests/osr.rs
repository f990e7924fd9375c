//! On-stack replacement entries of the CFG builder: the same design as the sea-of-nodes
//! builder (`midend::osr`): parameters are the registers live at the loop header, code before
//! the loop is not built, loops enclosing the entry are peeled; the graph verifies and the
//! OSR compile verifies down to LIR.

use std::rc::Rc;

use cfg::graph::{Graph, Input};
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

fn built(input: &CompileInput<'_>, osr: Option<Pc>) -> Graph<Input> {
    let (g, _) = cfg::builder::build_at(input, osr).expect("builds");
    let g = g.into_input();
    cfg::verify::verify(&g).unwrap_or_else(|e| panic!("{}\n{}", ir::verify::lines(&e), g.to_text()));
    g
}

fn count(g: &Graph<Input>, pred: impl Fn(&Op) -> bool) -> usize {
    g.all_ops().filter(|&i| pred(g.op(i))).count()
}

fn loops(g: &Graph<Input>) -> usize {
    g.blocks().filter(|&b| g.is_loop(b)).count()
}

#[test]
fn osr_graphs_start_at_the_loop_header_and_peel_enclosing_loops() {
    let (program, feedback, func, headers) = setup();
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let liveness = frontend::liveness::analyze(program.function(func));
    let is_before = |op: &Op| *op == Op::NumberConstant { value: ir::ops::F64(12345.5) };
    let whole = built(&input, None);
    assert_eq!(loops(&whole), 2);
    assert_eq!(count(&whole, |op| matches!(op, Op::Parameter { .. })), 1);
    assert_eq!(count(&whole, is_before), 1);

    let (outer, inner) = (headers[0], headers[1]);
    let g = built(&input, Some(outer));
    let params = midend::osr::parameters(&liveness, outer).len();
    assert_eq!(count(&g, |op| matches!(op, Op::Parameter { .. })), params);
    for i in 0..params as u32 {
        assert_eq!(count(&g, |op| *op == Op::Parameter { index: i }), 1);
    }
    assert_eq!(loops(&g), 2);
    assert_eq!(count(&g, is_before), 0, "code before the loop is not built");

    // The inner loop: peeled rest of the outer iteration, then the whole outer loop.
    let g = built(&input, Some(inner));
    assert_eq!(loops(&g), 3);
    assert_eq!(count(&g, |op| matches!(op, Op::Parameter { .. })), midend::osr::parameters(&liveness, inner).len());

    assert!(cfg::builder::build_at(&input, Some(0)).is_err(), "not a loop header");
}

#[test]
fn osr_compiles_verify_to_lir_and_label_their_build_phase() {
    let (program, feedback, func, headers) = setup();
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let options = cfg::Options { verify: true, ..cfg::Options::default() };
    for &h in &headers {
        let mut meter = meter::Meter::new(meter::RowContext::new("osr.js", "f", cfg::DEFAULT_SPEC, 0));
        let lir = cfg::compile_osr(&input, h, &options, &mut meter).expect("compiles");
        ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
        let build = &meter.rows()[0];
        assert!(build.label.starts_with("cfg/build-osr"), "{}", build.label);
        assert!(build.extra.contains(&("osr_header_pc".to_string(), h as u64)), "{:?}", build.extra);
    }
}
