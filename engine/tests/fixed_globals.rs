//! Globals the program never assigns fold to their value once initialized, on both pipelines
//! (one walker): `x === NO_WORK` with `const NO_WORK = null` is a bit comparison, a `const`
//! number is a constant, and only the global the program reassigns is still loaded. Without
//! the globals' values (`CompileInput::globals` empty) every load stays.

use std::rc::Rc;

use frontend::bytecode::Program;
use ir::compile::CompileInput;
use vm::Vm;

const PROGRAM: &str = r#"
const NO_WORK = null;
const K = 7;
let changing = 1;
function run(list) {
  let t = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === NO_WORK) continue;
    t = t + list[i] + K + changing;
  }
  return t;
}
const list = [1, null, 3, null, 5];
let acc = 0;
for (let r = 0; r < 50; r++) { acc = acc + run(list); changing = r; }
console.log(acc);
"#;

fn lir_text(pipeline: &str, program: &Program, feedback: &[Vec<ir::feedback::SlotFeedback>], globals: &[u64]) -> String {
    let func = program.functions.iter().find(|f| f.name == "run").expect("run").id;
    let input = CompileInput { program, func, feedback, globals, contexts: &ir::compile::NoContexts };
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "run", pipeline, 0));
    let lir = match pipeline {
        "son" => son::compile(&input, &son::Options::default(), &mut meter),
        _ => cfg::compile(&input, &cfg::Options::default(), &mut meter),
    }
    .unwrap_or_else(|e| panic!("{pipeline}: {e:?}"));
    ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{pipeline}: {e:?}"));
    ir::lir_text::print(&lir)
}

#[test]
fn never_assigned_globals_fold_on_both_pipelines() {
    let program = Rc::new(frontend::compile("test.js", PROGRAM).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    let global = |name: &str| program.globals.iter().position(|g| g.name == name).expect("global");
    let load = |g: usize| format!("Load[global{g}]");
    let (no_work, k, changing) = (global("NO_WORK"), global("K"), global("changing"));
    for pipeline in ["son", "cfg"] {
        let folded = lir_text(pipeline, &program, &vm.feedback, &vm.global_bits());
        assert!(!folded.contains(&load(no_work)) && !folded.contains(&load(k)), "{pipeline}: const globals fold:\n{folded}");
        assert!(folded.contains(&load(changing)), "{pipeline}: a reassigned global is loaded:\n{folded}");
        assert!(!folded.contains("Compare"), "{pipeline}: `=== NO_WORK` is a bit comparison, not a runtime compare:\n{folded}");
        let unknown = lir_text(pipeline, &program, &vm.feedback, &[]);
        assert!(unknown.contains(&load(no_work)) && unknown.contains(&load(k)), "{pipeline}: without values every load stays:\n{unknown}");
    }
}
