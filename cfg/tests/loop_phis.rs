//! Redundant loop phis (issue 13, item 2): the CFG builder gives every live register a phi at
//! every loop header, so a register the loop does not change gets `phi(x, self)`. Copying
//! phases remove them (`redundant_phis_removed`), and late load elimination names them by
//! their value, so a field the loop does not write is known inside it from a load before it.

use std::rc::Rc;

use ir::compile::CompileInput;
use ir::ops::Op;
use vm::Vm;

const PROGRAM: &str = r#"
function f(o, n) {
  var a = o.x;
  var s = 0;
  for (var i = 0; i < n; i++) { s = s + o.x; }
  return s + a;
}
var obj = { x: 3 };
var t = 0;
for (var k = 0; k < 20; k++) { t = t + f(obj, 5); }
console.log(t);
"#;

fn compile(spec: &str) -> (cfg::graph::Graph<cfg::graph::Input>, Vec<meter::PhaseRow>) {
    let program = Rc::new(frontend::compile("test.js", PROGRAM).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    let func = program.functions.iter().find(|f| f.name == "f").expect("f").id;
    let input = CompileInput { program: &program, func, feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let options = cfg::Options { verify: true, ..cfg::parse_spec(spec).unwrap() };
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", spec, 0));
    let g = cfg::optimize(&input, &options, &mut meter, None).expect("compiles");
    (g, meter.take_rows())
}

fn extra(rows: &[meter::PhaseRow], label: &str, key: &str) -> u64 {
    rows.iter().filter(|r| r.label.contains(label)).flat_map(|r| r.extra.iter()).filter(|(k, _)| k == key).map(|(_, n)| *n).sum()
}

#[test]
fn no_phi_of_one_value_and_itself_survives_a_copy() {
    let (g, rows) = compile(cfg::DEFAULT_SPEC);
    for i in g.all_ops().filter(|&i| matches!(g.op(i), Op::Phi { .. })) {
        let others: Vec<_> = g.inputs(i).iter().filter(|&&x| x != i).collect();
        assert!(others.windows(2).any(|w| w[0] != w[1]), "redundant phi {i} = {}:\n{}", g.op(i), g.to_text());
    }
    // o, n and a are unchanged in the loop: their header phis go in the first copy.
    assert!(extra(&rows, "copy(escape,late-load-elim)", "redundant_phis_removed") >= 3);
}

#[test]
fn a_field_the_loop_does_not_write_is_loaded_once() {
    let (g, rows) = compile(cfg::DEFAULT_SPEC);
    let field_loads = g.all_ops().filter(|&i| matches!(g.op(i), Op::Load { access: ir::ops::Access::Field(_) })).count();
    assert_eq!(field_loads, 1, "o.x before the loop serves the load inside it:\n{}", g.to_text());
    assert!(extra(&rows, "late-load-elim", "loads_replaced") >= 1);
}
