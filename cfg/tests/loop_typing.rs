//! Fixed-point loop typing on the CFG side (the `typer` phase, `cfg::typer`): loop phis get
//! range types instead of their representation's type, later copying phases carry them, and
//! the lowerings remove checks the types prove, compared with the default spec.

use std::rc::Rc;

use cfg::graph::{Graph, Input, OpIndex};
use frontend::bytecode::Program;
use ir::compile::CompileInput;
use ir::feedback::SlotFeedback;
use ir::ops::{Op, Opcode};
use ir::types::Type;
use vm::Vm;

/// A counting loop whose body computes `i - 1`: `i`'s loop phi is a range `[0, 2^31-1]`
/// only with fixed-point typing, which proves the subtraction cannot overflow.
const COUNTING: &str = r#"
function f(n) {
  var s = 0;
  for (var i = 0; i < n; i++) s = s + (i - 1);
  return s;
}
var r = 0;
for (var k = 0; k < 50; k++) r = r + f(100);
console.log(r);
"#;

/// A float accumulation: the loop phis of `s` (and `i`) are numbers with fixed-point
/// typing, so their float64 conversions need no "is it a number" check.
const FLOATS: &str = r#"
function g(n) {
  var s = 0.5;
  for (var i = 0; i < n; i++) s = s + i * 0.5;
  return s;
}
var r = 0;
for (var k = 0; k < 50; k++) r = r + g(100);
console.log(r);
"#;

/// Compiles and runs `source` in the interpreter: the program and its recorded feedback.
fn run(source: &str) -> (Rc<Program>, Vec<Vec<SlotFeedback>>) {
    let program = Rc::new(frontend::compile("test.js", source).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    let feedback = vm.feedback.clone();
    (program, feedback)
}

fn function_named(program: &Program, name: &str) -> frontend::bytecode::FuncId {
    program.functions.iter().find(|f| f.name == name).map(|f| f.id).expect("function")
}

fn options(spec: &str) -> cfg::Options {
    cfg::Options { verify: true, ..cfg::parse_spec(spec).expect("spec parses") }
}

/// The phis of loop headers.
fn loop_phis(g: &Graph<Input>) -> Vec<OpIndex<Input>> {
    g.all_ops().filter(|&i| matches!(g.op(i), Op::Phi { .. }) && g.is_loop(g.block_of(i))).collect()
}

/// The LIR of `func` under `spec`, with the meter's rows.
fn compile(input: &CompileInput<'_>, spec: &str) -> (String, Vec<meter::PhaseRow>) {
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", spec, 0));
    let lir = cfg::compile(input, &options(spec), &mut meter).expect("compiles");
    ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
    for exit in &lir.exits {
        exit.check(input.program).unwrap();
    }
    (ir::lir_text::print(&lir), meter.rows().to_vec())
}

fn lir_extra(rows: &[meter::PhaseRow], name: &str) -> u64 {
    let row = rows.iter().find(|r| r.label.starts_with("cfg/lir")).expect("a lir row");
    row.extra.iter().find(|(k, _)| *k == name).map(|(_, v)| *v).expect("extra")
}

#[test]
fn typed_spec_is_the_default_spec_with_the_typer_before_lowering() {
    let default = cfg::parse_spec(cfg::UNTYPED_SPEC).unwrap();
    let typed = cfg::parse_spec(cfg::DEFAULT_SPEC).unwrap();
    assert!(default.phases.iter().all(|p| p.kind == cfg::PhaseKind::Copy), "the default spec stays as it is");
    let labels: Vec<String> = typed.phases.iter().map(|p| p.label()).collect();
    assert_eq!(labels[1], "typer");
    let without: Vec<String> = labels.iter().filter(|l| *l != "typer").cloned().collect();
    assert_eq!(without, default.phases.iter().map(|p| p.label()).collect::<Vec<_>>());
    assert!(cfg::parse_spec("cfg:typer;typer;copy(dce)").is_ok());
    assert!(cfg::parse_spec("cfg:typer(x);copy(dce)").is_err());
    assert!(cfg::parse_spec("cfg:copy(typer)").is_err(), "the typer is a phase, not a reducer");
}

#[test]
fn the_loop_phi_of_a_counter_gets_a_range_type() {
    let (program, feedback) = run(COUNTING);
    let func = function_named(&program, "f");
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", cfg::DEFAULT_SPEC, 0));
    // After copy(late-load-elim): typed on emission, loop phis by their representation.
    let before = cfg::optimize(&input, &options(cfg::DEFAULT_SPEC), &mut meter, Some(1)).unwrap();
    assert!(!before.has_refined_types());
    assert!(!loop_phis(&before).is_empty(), "{}", before.to_text());
    assert!(loop_phis(&before).iter().all(|&p| before.type_of(p).is_any()));
    // After the typer: `i`'s phi is a range, `s`'s int32 (speculated SignedSmall); the
    // phi of the parameter `n` stays `Any`.
    let typed = cfg::optimize(&input, &options(cfg::DEFAULT_SPEC), &mut meter, Some(2)).unwrap();
    assert!(typed.has_refined_types());
    let ranges: Vec<Type> = loop_phis(&typed).iter().map(|&p| typed.type_of(p)).collect();
    assert_eq!(ranges.iter().filter(|t| t.is(Type::SIGNED32)).count(), 2, "{ranges:?}");
    let counter = Type::range(0.0, 2147483647.0);
    assert!(ranges.contains(&counter), "i's phi is [0, 2^31-1]: {ranges:?}");
    // The last graph (three copying phases later) still has the range: carried over.
    let last = cfg::optimize(&input, &options(cfg::DEFAULT_SPEC), &mut meter, None).unwrap();
    assert!(last.has_refined_types());
    assert!(loop_phis(&last).iter().any(|&p| last.type_of(p) == counter), "{}", last.to_text());
    // The default spec's last graph types the same phi by its representation only.
    let default = cfg::optimize(&input, &options(cfg::UNTYPED_SPEC), &mut meter, None).unwrap();
    assert!(!default.has_refined_types());
    assert!(loop_phis(&default).iter().all(|&p| default.type_of(p) != counter));
}

#[test]
fn the_typer_row_counts_passes_widenings_and_changed_types() {
    let (program, feedback) = run(COUNTING);
    let func = function_named(&program, "f");
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let (_, rows) = compile(&input, cfg::DEFAULT_SPEC);
    let typer = rows.iter().find(|r| r.label.starts_with("cfg/typer")).expect("a typer row");
    let extra = |name: &str| typer.extra.iter().find(|(k, _)| *k == name).map(|(_, v)| *v).expect(name);
    assert!(typer.changes > 0 && typer.visits >= typer.changes, "{typer:?}");
    assert_eq!(typer.nodes_in, typer.nodes_out, "the typer does not copy");
    // Every op once, then revisits of ops whose inputs changed (the loop's), not whole passes.
    assert!(typer.visits > typer.nodes_in && typer.visits < extra("typing_iterations") * typer.nodes_in, "{typer:?}");
    assert!(extra("typing_iterations") >= 3, "{typer:?}");
    assert!(extra("loop_phis") >= 2 && extra("loop_phis_widened") >= 1, "{typer:?}");
    assert_eq!(extra("typing_gave_up"), 0);
    let lower = rows.iter().find(|r| r.label.starts_with("cfg/copy(lower")).expect("a lower row");
    assert!(lower.extra.iter().any(|(k, v)| *k == "types_carried" && *v > 0), "{lower:?}");
    // The default spec has no typer row and carries nothing.
    let (_, rows) = compile(&input, cfg::UNTYPED_SPEC);
    assert!(rows.iter().all(|r| !r.label.contains("typer") && r.extra.iter().all(|(k, _)| *k != "types_carried")));
}

#[test]
fn loop_types_remove_an_overflow_check_the_default_spec_keeps() {
    let (program, feedback) = run(COUNTING);
    let func = function_named(&program, "f");
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let (default, default_rows) = compile(&input, cfg::UNTYPED_SPEC);
    let (typed, typed_rows) = compile(&input, cfg::DEFAULT_SPEC);
    // `i - 1` with i in [0, 2^31-1] cannot overflow.
    assert!(default.contains("Int32SubWithOverflow"), "{default}");
    assert!(!typed.contains("Int32SubWithOverflow"), "{typed}");
    let (d, t) = (lir_extra(&default_rows, "lir_overflow_checks"), lir_extra(&typed_rows, "lir_overflow_checks"));
    assert_eq!(t + 1, d, "one overflow check fewer: {d} → {t}");
    assert!(lir_extra(&typed_rows, "lir_exits") < lir_extra(&default_rows, "lir_exits"));
}

#[test]
fn number_loop_phis_need_no_number_check() {
    let (program, feedback) = run(FLOATS);
    let func = function_named(&program, "g");
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "g", cfg::DEFAULT_SPEC, 0));
    // After copy(lower): two phases of the default spec, three of the typed one.
    let count = |spec: &str, meter: &mut meter::Meter, opcode: Opcode| {
        let after = if spec == cfg::DEFAULT_SPEC { 3 } else { 2 };
        let g = cfg::optimize(&input, &options(spec), meter, Some(after)).unwrap();
        g.all_ops().filter(|&i| g.opcode(i) == opcode).count()
    };
    // The loop phis' float64 conversions are unchecked with the typer.
    let checked = (
        count(cfg::UNTYPED_SPEC, &mut meter, Opcode::CheckedTaggedToFloat64),
        count(cfg::DEFAULT_SPEC, &mut meter, Opcode::CheckedTaggedToFloat64),
    );
    assert!(checked.1 < checked.0, "checked conversions default → typed: {checked:?}");
    assert!(count(cfg::DEFAULT_SPEC, &mut meter, Opcode::ChangeTaggedToFloat64) > 0);
    let (_, default_rows) = compile(&input, cfg::UNTYPED_SPEC);
    let (_, typed_rows) = compile(&input, cfg::DEFAULT_SPEC);
    assert!(lir_extra(&typed_rows, "lir_exits") < lir_extra(&default_rows, "lir_exits"));
}
