//! The LIR tail both pipelines share (`midend::lir_tail`): the emission row (son `schedule`,
//! cfg `lir`) carries the same census extras on both sides, the `representation` row comes
//! last under the pipeline's own name, and an OSR compile goes through it too, with the
//! final LIR verified.

use std::rc::Rc;

use frontend::bytecode::{Instr, Pc};
use ir::compile::CompileInput;
use meter::PhaseRow;

const PROGRAM: &str = r#"
function f(o, n) {
  var s = 0;
  for (var i = 0; i < n; i++) { s = s + o.x * i; }
  return s;
}
var obj = { x: 3 };
var t = 0;
for (var k = 0; k < 20; k++) { t = t + f(obj, 5); }
console.log(t);
"#;

const CENSUS: [&str; 3] = ["lir_exits", "lir_overflow_checks", "lir_loads"];

/// The rows of compiling `f` with `pipeline` (`son` or `cfg`), whole or at its loop header.
fn rows(pipeline: &str, osr: bool) -> Vec<PhaseRow> {
    let program = Rc::new(frontend::compile("test.js", PROGRAM).expect("compiles"));
    let mut vm = vm::Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    let func = program.functions.iter().find(|f| f.name == "f").expect("f").id;
    let input = CompileInput { program: &program, func, feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let header = osr.then(|| loop_header(&program, func));
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", pipeline, 0));
    let lir = match pipeline {
        "son" => {
            let options = son::Options { verify: true, ..son::parse_spec(son::DEFAULT_SPEC).unwrap() };
            match header {
                Some(pc) => son::compile_osr(&input, pc, &options, &mut meter),
                None => son::compile(&input, &options, &mut meter),
            }
        }
        _ => {
            let options = cfg::Options { verify: true, ..cfg::parse_spec(cfg::DEFAULT_SPEC).unwrap() };
            match header {
                Some(pc) => cfg::compile_osr(&input, pc, &options, &mut meter),
                None => cfg::compile(&input, &options, &mut meter),
            }
        }
    };
    lir.unwrap_or_else(|b| panic!("{pipeline} (osr: {osr}) declined: {b}"));
    meter.take_rows()
}

/// The pc of the loop header of `func` (the target of its back edge).
fn loop_header(program: &frontend::bytecode::Program, func: frontend::bytecode::FuncId) -> Pc {
    let code = &program.function(func).code;
    code.iter().find_map(|i| if let Instr::JumpLoop { target } = i { Some(*target) } else { None }).expect("f has a loop")
}

fn extra(row: &PhaseRow, key: &str) -> Option<u64> {
    row.extra.iter().find(|(k, _)| k == key).map(|&(_, n)| n)
}

#[test]
fn both_pipelines_end_with_the_same_census_and_a_representation_row() {
    for osr in [false, true] {
        for (pipeline, emission) in [("son", "son/schedule#"), ("cfg", "cfg/lir#")] {
            let rows = rows(pipeline, osr);
            let last = rows.last().expect("rows");
            assert!(last.label.starts_with(&format!("{pipeline}/representation#")), "{pipeline}: the last row is {}", last.label);
            assert!(CENSUS.iter().all(|k| extra(last, k).is_none()), "{pipeline}: the census belongs to the emission row");
            let before = &rows[rows.len() - 2];
            assert!(before.label.starts_with(emission), "{pipeline}: the row before representation is {}", before.label);
            for key in CENSUS {
                assert!(extra(before, key).is_some(), "{pipeline} (osr: {osr}): {} lacks {key}", before.label);
            }
            assert!(extra(before, "lir_loads") >= Some(1), "{pipeline}: o.x is loaded in the loop");
        }
    }
}
