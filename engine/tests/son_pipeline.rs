//! Pipeline-level tests on small programs: feedback from a real interpreter run, then the
//! sea-of-nodes pipeline with each driver. Checks that the LIR verifies, that the meter's
//! counts satisfy visits ≥ changes and repeat exactly for the same input, and that a
//! loop-invariant computation is scheduled outside its loop.

use std::rc::Rc;

use frontend::bytecode::FuncId;
use ir::compile::CompileInput;
use ir::ops::Opcode;
use vm::Vm;

const PROGRAM: &str = r#"
function f(a, n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    s = s + (a | 0) + i;
  }
  return s;
}
let t = 0;
for (let k = 0; k < 50; k++) t = t + f(k, 20);
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

#[test]
fn every_driver_produces_verified_lir_with_repeatable_counts() {
    let (program, feedback) = program_and_feedback();
    let func = function_named(&program, "f");
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    for driver in ["v8", "rpo", "worklist:7"] {
        let spec = format!("son:reduce(dce,common,vn,driver={driver});typer;reduce(load-elim,driver={driver});lower;reduce(dce,machine,common,vn,driver={driver});schedule");
        let options = son::parse_spec(&spec).unwrap();
        let mut rows = Vec::new();
        for _ in 0..2 {
            let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", &spec, 0));
            let lir = son::compile(&input, &options, &mut meter).expect("compiles");
            ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
            let counts: Vec<(String, u64, u64, u64, u64)> =
                meter.rows().iter().map(|r| (r.label.clone(), r.visits, r.changes, r.replacements, r.revisits)).collect();
            for (label, visits, changes, replacements, _) in &counts {
                assert!(visits >= changes, "{label}: {visits} visits < {changes} changes");
                if label.contains("reduce") {
                    assert!(*visits >= changes + replacements, "{label}");
                }
            }
            rows.push(counts);
        }
        assert_eq!(rows[0], rows[1], "counts repeat exactly ({driver})");
    }
}

#[test]
fn loop_invariant_tag_test_is_hoisted_out_of_the_loop() {
    let (program, feedback) = program_and_feedback();
    let func = function_named(&program, "f");
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let options = son::Options::default();
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", &options.spec, 0));
    let mut g = son::build_and_optimize(&input, &options, &mut meter).unwrap();
    son::schedule::untag_frame_state_inputs(&mut g);
    let s = son::schedule::schedule(&g).unwrap();
    // `a | 0` checks that parameter `a` is an int32 inside the loop; the test itself
    // (IsInt32 of the parameter) and the untagging are pure and loop-invariant.
    let is_int = s
        .live
        .iter()
        .copied()
        .find(|&n| g.opcode(n) == Opcode::IsInt32 && g.opcode(g.input(n, 0)) == Opcode::Parameter)
        .expect("an IsInt32 of a parameter");
    let check = g.users(is_int).into_iter().find(|&u| g.opcode(u) == Opcode::DeoptimizeUnless).expect("its check");
    let depth = |n: son::graph::NodeId| s.blocks[s.block_of[n.index()].unwrap()].loop_depth;
    assert_eq!(depth(check), 1, "the check stays in the loop (it is on the effect chain)");
    assert_eq!(depth(is_int), 0, "the invariant test is hoisted out");
    assert!(s.stats.hoisted > 0);
}

#[test]
fn son_code_is_no_larger_than_baseline_code() {
    let (program, feedback) = program_and_feedback();
    let func = function_named(&program, "f");
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let options = son::Options::default();
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", &options.spec, 0));
    let lir = son::compile(&input, &options, &mut meter).unwrap();
    let base = engine::baseline::compile(&input).expect("the baseline compiles it");
    if std::env::var("SON_PRINT").is_ok() {
        eprintln!("{}\n---- baseline ----\n{}", ir::lir_text::print(&lir), ir::lir_text::print(&base));
    }
    assert!(lir.size() < base.size(), "son {} vs baseline {}", lir.size(), base.size());
}
