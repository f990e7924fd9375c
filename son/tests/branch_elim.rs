//! Branch elimination on the sea of nodes (`branch-elim`, in both reduce phases of the
//! default spec): a repeated dominated condition folds, a check decided by a dominating
//! branch disappears, and the compiled code still computes what the interpreter does.

use std::rc::Rc;

use ir::compile::CompileInput;
use vm::Vm;

const PROGRAM: &str = r#"
function f(x, y) {
  var s = 0;
  if (x === y) {
    s = s + 1;
    if (x === y) { s = s + 10; } else { s = s + 100; }
  }
  return s;
}
var t = 0;
for (var k = 0; k < 50; k++) { t = t + f(k & 3, k & 1); }
console.log(t);
"#;

/// Compiles `f` with `spec`; returns the LIR's branch count and the branch-elim counters.
fn compile(spec: &str) -> (usize, u64) {
    let program = Rc::new(frontend::compile("test.js", PROGRAM).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    let func = program.functions.iter().find(|f| f.name == "f").expect("f").id;
    let input = CompileInput { program: &program, func, feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let options = son::Options { verify: true, ..son::parse_spec(spec).unwrap() };
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", spec, 0));
    let lir = son::compile(&input, &options, &mut meter).expect("compiles");
    ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
    let branches = lir.blocks.iter().filter(|b| matches!(b.term, ir::lir::Terminator::Branch { .. })).count();
    let folded = meter
        .take_rows()
        .iter()
        .flat_map(|r| r.extra.iter())
        .filter(|(k, _)| k == "branches_folded")
        .map(|(_, n)| *n)
        .sum();
    (branches, folded)
}

#[test]
fn a_repeated_dominated_condition_folds_in_the_default_pipeline() {
    let (with, folded) = compile(son::DEFAULT_SPEC);
    let without_spec = son::DEFAULT_SPEC.replace(",branch-elim", "");
    assert_ne!(without_spec, son::DEFAULT_SPEC);
    let (without, none) = compile(&without_spec);
    assert_eq!(none, 0);
    assert!(folded >= 1, "branch-elim folded nothing");
    assert_eq!(with + 1, without, "the inner `x === y` branch is gone ({with} branches with branch-elim, {without} without)");
}

const GUARDED: &str = r#"
function g(x) {
  var s = 0;
  if (x < 42) { s = x + 1; }
  return s;
}
var t = 0;
for (var k = 0; k < 50; k++) { t = t + g(k); }
console.log(t);
"#;

/// Compiles `g` of [`GUARDED`] with `spec`; returns the final LIR's overflow checks and
/// the `checks_narrowed` counter.
fn overflow_checks(spec: &str) -> (u64, u64) {
    let program = Rc::new(frontend::compile("test.js", GUARDED).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    let func = program.functions.iter().find(|f| f.name == "g").expect("g").id;
    let input = CompileInput { program: &program, func, feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let options = son::Options { verify: true, ..son::parse_spec(spec).unwrap() };
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "g", spec, 0));
    let lir = son::compile(&input, &options, &mut meter).expect("compiles");
    ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
    let rows = meter.take_rows();
    let extra = |name: &str| rows.iter().flat_map(|r| r.extra.iter()).filter(|(k, _)| k == name).map(|(_, n)| *n).sum::<u64>();
    (lir.census().overflow_checks, extra("checks_narrowed"))
}

/// `x + 1` under `x < 42`: the default pipeline keeps its overflow check (no range narrowing
/// in a sea of nodes), [`son::PIN_SPEC`] (`pin=on`) removes it as the CFG does.
#[test]
fn pinning_removes_the_overflow_check_under_a_comparison() {
    let (default, none) = overflow_checks(son::DEFAULT_SPEC);
    assert_eq!((default, none), (1, 0), "the default keeps the check");
    let (pinned, narrowed) = overflow_checks(son::PIN_SPEC);
    assert_eq!((pinned, narrowed), (0, 1), "pin=on narrows it away");
}
