//! Escape analysis on the sea-of-nodes side (`reduce(escape)`): a literal that never leaves
//! its function is scalar replaced (no allocation, maps check, load or store of it left), one
//! that escapes (stored into another object, passed to a call, returned) stays, and an exit
//! where a removed object is live rebuilds it (`ExitValue::Object`).

use std::rc::Rc;

use frontend::bytecode::FuncId;
use ir::compile::CompileInput;
use ir::frame::ExitValue;
use ir::ops::Opcode;
use vm::{Value, Vm};

const PROGRAM: &str = r#"
function dist2(ax, ay, bx, by) {
  const a = { x: ax, y: ay };
  const b = { x: bx, y: by };
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return dx * dx + dy * dy;
}
const sink = [];
function keep(v) { const o = { v: v }; sink.push(o); return v; }
function make(x) { return { x: x, y: x + 1 }; }
function nested(k) { const inner = { k: k }; const outer = { inner: inner, n: 1 }; return outer.inner.k + outer.n; }
function remat(v) { const o = { tag: 7, v: v }; const r = o.v + 1; return r + o.tag; }
function loopWrite(n) { const o = { s: 0 }; for (let i = 0; i < n; i++) { o.s = o.s + i; } return o.s; }
function loopRead(n) { const o = { k: 3 }; let s = 0; for (let i = 0; i < n; i++) { s = s + o.k; } return s; }
function inLoop(n) { let s = 0; for (let i = 0; i < n; i++) { const p = { a: i, b: 1 }; s = s + p.a + p.b; } return s; }
let t = 0;
for (let i = 0; i < 50; i++) { t += dist2(i, i + 1, 2, 3) + keep(i) + make(i).y + nested(i) + remat(i); }
for (let i = 0; i < 50; i++) { t += loopWrite(i % 5) + loopRead(i % 5) + inLoop(i % 5); }
console.log(t);
"#;

const SPEC: &str =
    "son:reduce(dce,common,vn);typer;reduce(escape);reduce(load-elim);lower;reduce(dce,machine,common,vn);schedule";

fn setup() -> (Rc<frontend::bytecode::Program>, Vm) {
    let program = Rc::new(frontend::compile("test.js", PROGRAM).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    (program, vm)
}

fn function_named(p: &frontend::bytecode::Program, name: &str) -> FuncId {
    p.functions.iter().find(|f| f.name == name).expect("function").id
}

fn extra(meter: &meter::Meter, name: &str) -> u64 {
    meter.rows().iter().flat_map(|r| r.extra.iter()).filter(|(k, _)| k == name).map(|(_, v)| *v).sum()
}

/// The graph after the pipeline up to scheduling, and the counters.
fn optimized(program: &frontend::bytecode::Program, vm: &Vm, name: &str) -> (son::graph::Graph, meter::Meter) {
    let input = CompileInput { program, func: function_named(program, name), feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let options = son::parse_spec(SPEC).unwrap();
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", name, SPEC, 0));
    let g = son::build_and_optimize(&input, &options, &mut meter).expect("optimizes");
    (g, meter)
}

fn count(g: &son::graph::Graph, op: Opcode) -> usize {
    g.live_nodes().iter().filter(|&&n| g.opcode(n) == op).count()
}

#[test]
fn a_literal_that_does_not_escape_is_replaced_by_its_fields() {
    let (program, vm) = setup();
    let (g, meter) = optimized(&program, &vm, "dist2");
    for op in [Opcode::JSCreateObject, Opcode::JSStoreNamed, Opcode::CheckMaps, Opcode::LoadField, Opcode::CallRuntime]
    {
        assert_eq!(count(&g, op), 0, "{op:?} left:\n{}", g.dump());
    }
    assert_eq!(extra(&meter, "objects_scalar_replaced"), 2);
    assert_eq!(extra(&meter, "escape_loads_replaced"), 4);
    assert_eq!(extra(&meter, "escape_stores_removed"), 4);
    // The default pipeline (without escape analysis) keeps both allocations.
    let input = CompileInput { program: &program, func: function_named(&program, "dist2"), feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let mut m = meter::Meter::new(meter::RowContext::new("test.js", "dist2", son::DEFAULT_SPEC, 0));
    let plain = son::build_and_optimize(
        &input,
        &son::parse_spec("son:reduce(dce,common,vn);typer;lower;schedule").unwrap(),
        &mut m,
    )
    .unwrap();
    assert_eq!(count(&plain, Opcode::AllocateObject), 2, "{}", plain.dump());
}

#[test]
fn literals_that_escape_stay() {
    let (program, vm) = setup();
    for (name, reason, kept) in
        [("keep", "escaped.call", 1), ("make", "escaped.returned", 1), ("nested", "escaped.stored", 1)]
    {
        let (g, meter) = optimized(&program, &vm, name);
        assert_eq!(extra(&meter, reason), 1, "{name}");
        // Lowered: a kept allocation is an inline allocation.
        assert_eq!(count(&g, Opcode::AllocateObject), kept, "{name}:\n{}", g.dump());
    }
    // In `nested`, the outer object holds the escaping inner one and is itself removed.
    let (_, meter) = optimized(&program, &vm, "nested");
    assert_eq!(extra(&meter, "objects_scalar_replaced"), 1);
}

#[test]
fn an_exit_rebuilds_the_removed_object() {
    let (program, mut vm) = setup();
    let func = function_named(&program, "remat");
    let input = CompileInput { program: &program, func, feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "remat", SPEC, 0));
    let lir = son::compile(&input, &son::parse_spec(SPEC).unwrap(), &mut meter).expect("compiles");
    ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
    let text = ir::lir_text::print(&lir);
    assert_eq!(ir::lir_text::parse(&text).map(|f| ir::lir_text::print(&f)).as_deref(), Ok(text.as_str()));
    let objects: Vec<&ExitValue> = lir
        .exits
        .iter()
        .flat_map(|e| e.frames.iter().flat_map(|f| f.registers.iter().map(|(_, v)| v)))
        .filter(|v| matches!(v, ExitValue::Object { .. }))
        .collect();
    assert!(!objects.is_empty(), "an exit describes the removed object:\n{text}");
    let ExitValue::Object { fields, .. } = objects[0] else { unreachable!() };
    assert_eq!(fields[0], ExitValue::Constant(ir::tagged::from_int32(7)));
    // The int32 speculation fails on a double: the exit allocates the object and the
    // interpreter reads its `tag` field.
    let r = backend::eval::evaluate(&lir, &mut vm, &[Value::number(1.5)]).expect("runs");
    assert_eq!(r.as_number(), Some(9.5));
    assert_eq!(vm.tier_stats.exits, 1);
}

#[test]
fn loops_keep_objects_whose_fields_change_around_them() {
    let (program, vm) = setup();
    let (_, meter) = optimized(&program, &vm, "loopWrite");
    assert_eq!(extra(&meter, "escaped.loop"), 1);
    assert_eq!(extra(&meter, "objects_scalar_replaced"), 0);
    for name in ["loopRead", "inLoop"] {
        let (g, meter) = optimized(&program, &vm, name);
        assert_eq!(extra(&meter, "objects_scalar_replaced"), 1, "{name}");
        assert_eq!(count(&g, Opcode::LoadField), 0, "{name}:\n{}", g.dump());
    }
}

#[test]
fn escape_must_run_before_lower() {
    assert!(son::parse_spec("son:typer;reduce(escape,load-elim);lower;schedule").is_ok());
    let err = son::parse_spec("son:lower;reduce(escape);schedule").unwrap_err().to_string();
    assert!(err.contains("escape") && err.contains("before 'lower'"), "{err}");
}
