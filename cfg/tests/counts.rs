//! The CFG pipeline's meter counts on a real compilation: visits ≥ changes in every phase, and
//! the same counts (and extras) when the same input is compiled again.

use std::rc::Rc;

use ir::compile::CompileInput;
use vm::Vm;

const PROGRAM: &str = r#"
function f(p, n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    s = s + p.x + (i | 0);
    if (s > 1000) s = s - p.y;
  }
  return s;
}
let t = 0;
for (let k = 0; k < 50; k++) t = t + f({ x: k, y: 3 }, 20);
console.log(t);
"#;

/// One phase row's label, visits, changes, nodes in and out, and extra counters.
type PhaseCounts = (String, u64, u64, u64, u64, Vec<(String, u64)>);

#[test]
fn counts_satisfy_visits_at_least_changes_and_repeat_exactly() {
    let program = Rc::new(frontend::compile("test.js", PROGRAM).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    let func = program.functions.iter().find(|f| f.name == "f").expect("f").id;
    let input = CompileInput { program: &program, func, feedback: &vm.feedback };
    let options = cfg::Options::default();
    let mut runs = Vec::new();
    for _ in 0..2 {
        let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", &options.spec, 0));
        let lir = cfg::compile(&input, &options, &mut meter).expect("compiles");
        ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}"));
        let counts: Vec<PhaseCounts> = meter
            .rows()
            .iter()
            .map(|r| {
                let extras = r.extra.iter().map(|(k, v)| (k.to_string(), *v)).collect();
                (r.label.clone(), r.visits, r.changes, r.nodes_in, r.nodes_out, extras)
            })
            .collect();
        for (label, visits, changes, ..) in &counts {
            assert!(visits >= changes, "{label}: {visits} visits < {changes} changes");
        }
        assert!(counts.iter().any(|c| c.0.contains("copy") && c.1 > 0), "copy phases visit ops: {counts:?}");
        runs.push(counts);
    }
    assert_eq!(runs[0], runs[1], "counts repeat exactly for the same input");
}
