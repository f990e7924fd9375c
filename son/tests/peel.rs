//! Loop peeling on the sea-of-nodes side (the `peel` phase): a small innermost loop is
//! peeled (`peeled`; its `Loop` is then entered from a `Merge` of the peeled iteration), the
//! graph and the LIR still verify; a loop over the cap counts in `peel_too_big`, an outer
//! loop in `peel_skipped` (its inner loop is peeled), a loop with an exit outside its header
//! in `peel_skipped`; the counts repeat exactly, and `peel` is opt-in. Claim C14's
//! `loops_found` / `loop_find_visits` on the `peel` and `schedule` rows count the loops of a
//! function, and without a loop only the search for `Loop`s.

use std::rc::Rc;

use frontend::bytecode::FuncId;
use ir::compile::CompileInput;
use ir::ops::Opcode;
use vm::Vm;

const PROGRAM: &str = r#"
function small(n, a) {
  let s = 0;
  for (let i = 0; i < n; i++) { s = s + a[i] * 2; }
  return s;
}
function nested(n) {
  let s = 0;
  for (let i = 0; i < n; i++) { for (let j = 0; j < i; j++) { s = s + j; } }
  return s;
}
function early(n, a) {
  for (let i = 0; i < n; i++) { if (a[i] === 5) { return i; } }
  return -1;
}
function flat(n) {
  return n * 3 + 1;
}
function big(n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
BIG
  }
  return s;
}
const arr = [1, 2, 3, 4, 5, 6, 7, 8];
let t = 0;
for (let k = 0; k < 40; k++) { t = t + small(k % 9, arr) + nested(k % 6) + early(k % 9, arr) + big(k % 4) + flat(k); }
console.log(t);
"#;

/// The default pipeline with `peel` after the first reduce phase.
fn peel_spec() -> String {
    let spec = son::DEFAULT_SPEC.replacen(";typer;", ";peel;typer;", 1);
    assert_ne!(spec, son::DEFAULT_SPEC);
    spec
}

fn setup() -> (Rc<frontend::bytecode::Program>, Vm) {
    let program = Rc::new(frontend::compile("test.js", &PROGRAM.replace("BIG\n", &big_body())).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    (program, vm)
}

/// The body of `big`'s loop: 30 statements, well over the cap.
fn big_body() -> String {
    (1..=30).map(|k| format!("    s = (s + i * {k}) | 0;\n")).collect()
}

fn function_named(p: &frontend::bytecode::Program, name: &str) -> FuncId {
    p.functions.iter().find(|f| f.name == name).expect("function").id
}

fn extra(meter: &meter::Meter, name: &str) -> u64 {
    meter.rows().iter().filter(|r| r.phase.contains("peel")).flat_map(|r| r.extra.iter()).filter(|(k, _)| k == name).map(|(_, v)| *v).sum()
}

/// The peel counters of compiling `name` with the peel spec, after checking the graph and
/// the LIR verify; and the graph before scheduling.
fn peel(name: &str) -> ((u64, u64, u64), son::graph::Graph, String) {
    let (program, vm) = setup();
    let input = CompileInput { program: &program, func: function_named(&program, name), feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let spec = peel_spec();
    let mut options = son::parse_spec(&spec).unwrap();
    options.verify = true;
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", name, &spec, 0));
    let g = son::build_and_optimize(&input, &options, &mut meter).expect("optimizes");
    g.verify().unwrap_or_else(|e| panic!("{}\n{}", ir::verify::lines(&e), g.dump()));
    let counts = (extra(&meter, "peeled"), extra(&meter, "peel_too_big"), extra(&meter, "peel_skipped"));
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", name, &spec, 0));
    let f = son::compile(&input, &options, &mut meter).expect("compiles");
    ir::lir_verify::verify(&f).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&f)));
    (counts, g, ir::lir_text::print(&f))
}

/// Claim C14's extra `name` on the rows of phase `phase` of compiling `name` with the peel spec.
fn loop_extras(func: &str) -> [(u64, u64); 2] {
    let (program, vm) = setup();
    let input = CompileInput { program: &program, func: function_named(&program, func), feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let spec = peel_spec();
    let options = son::parse_spec(&spec).unwrap();
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", func, &spec, 0));
    son::compile(&input, &options, &mut meter).expect("compiles");
    let of = |phase: &str, key: &str| -> u64 {
        meter.rows().iter().filter(|r| r.phase.ends_with(phase)).flat_map(|r| r.extra.iter()).filter(|(k, _)| k == key).map(|(_, v)| *v).sum()
    };
    let blocks = of("schedule", "blocks");
    assert!(blocks > 0);
    // The scheduler's search for headers reads every block start; the loops' walks read more.
    let schedule_visits = of("schedule", "loop_find_visits");
    assert!(schedule_visits >= blocks, "{func}: {schedule_visits} visits, {blocks} blocks");
    [(of("peel", "loops_found"), of("peel", "loop_find_visits")), (of("schedule", "loops_found"), schedule_visits - blocks)]
}

#[test]
fn finding_loops_is_counted_on_the_peel_and_schedule_rows() {
    let [(peel_loops, peel_visits), (schedule_loops, schedule_walks)] = loop_extras("small");
    assert_eq!((peel_loops, schedule_loops), (1, 1));
    assert!(peel_visits > 0 && schedule_walks > 0, "{peel_visits} {schedule_walks}");
    let [(peel_loops, nested_peel_visits), (schedule_loops, nested_walks)] = loop_extras("nested");
    assert_eq!((peel_loops, schedule_loops), (2, 2));
    assert!(nested_walks > schedule_walks, "two loops walk more blocks than one");
    // No loop: the search for `Loop` nodes and block starts, nothing else.
    let [(peel_loops, flat_peel_visits), (schedule_loops, flat_walks)] = loop_extras("flat");
    assert_eq!((peel_loops, schedule_loops, flat_walks), (0, 0, 0));
    assert!(flat_peel_visits > 0 && flat_peel_visits < nested_peel_visits, "{flat_peel_visits} {nested_peel_visits}");
    assert_eq!(loop_extras("nested"), loop_extras("nested"), "the counts repeat exactly");
}

/// The live `Loop` nodes whose entry edge comes from a `Merge` (a peeled loop's).
fn peeled_loops(g: &son::graph::Graph) -> usize {
    g.live_nodes().into_iter().filter(|&n| g.opcode(n) == Opcode::Loop && g.opcode(g.input(n, 0)) == Opcode::Merge).count()
}

#[test]
fn a_small_innermost_loop_is_peeled() {
    let ((peeled, too_big, skipped), g, _) = peel("small");
    assert_eq!((peeled, too_big, skipped), (1, 0, 0), "{}", g.dump());
    assert_eq!(peeled_loops(&g), 1, "{}", g.dump());
}

#[test]
fn an_outer_loop_is_skipped_and_its_inner_loop_peeled() {
    let ((peeled, too_big, skipped), g, _) = peel("nested");
    assert_eq!((peeled, too_big, skipped), (1, 0, 1), "{}", g.dump());
}

#[test]
fn a_loop_with_an_exit_outside_its_header_is_skipped() {
    let ((peeled, too_big, skipped), g, _) = peel("early");
    assert_eq!((peeled, too_big, skipped), (0, 0, 1), "{}", g.dump());
    assert_eq!(peeled_loops(&g), 0);
}

#[test]
fn a_loop_over_the_cap_is_too_big() {
    let ((peeled, too_big, skipped), g, _) = peel("big");
    assert_eq!((peeled, too_big, skipped), (0, 1, 0), "{}", g.dump());
    assert_eq!(peeled_loops(&g), 0);
}

#[test]
fn peel_counts_and_code_repeat_exactly() {
    for name in ["small", "nested", "early", "big"] {
        let (a, _, la) = peel(name);
        let (b, _, lb) = peel(name);
        assert_eq!(a, b, "{name}");
        assert_eq!(la, lb, "{name}");
    }
}

#[test]
fn peeling_is_opt_in_and_parses_anywhere_before_schedule() {
    assert!(!son::DEFAULT_SPEC.contains("peel"));
    assert!(!son::parse_spec(son::DEFAULT_SPEC).unwrap().phases.contains(&son::Phase::Peel));
    assert!(son::parse_spec(&peel_spec()).unwrap().phases.contains(&son::Phase::Peel));
    assert!(son::parse_spec("son:lower;peel;schedule").is_ok());
    assert!(son::parse_spec("son:lower;schedule;peel").is_err());
    assert!(son::parse_spec("son:peel(cap=9);lower;schedule").is_err());
    assert_eq!(son::peel::MAX_PEEL_OPS, midend::peeling::MAX_PEEL_OPS);
}
