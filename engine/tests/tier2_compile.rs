//! Tier 2 on both pipelines (one test, run on the sea of nodes and on the CFG): closures,
//! contexts, `this`, classes, `super` and `typeof` compile (no bailout, verified LIR) to the
//! ops the walker documents — context slots as element loads and stores, the allocating and
//! generic Tier-2 ops as their runtime calls — a small canonical function reading `this`
//! is inlined with the call's receiver, and a `super(...)` with one parent inlines the parent.

use std::rc::Rc;

use frontend::bytecode::{FuncId, Instr, Program};
use ir::compile::CompileInput;
use vm::Vm;

const PROGRAM: &str = r#"
"use strict";
function getX() { return this.x; }
function counter() { let n = 0; return () => { n = n + 1; return n; }; }
function sumX(objs) { let s = 0; for (let i = 0; i < objs.length; i++) s = s + objs[i].getX(); return s; }
class A { constructor(v) { this.v = v; } get2() { return this.v * 2; } }
class B extends A { constructor(v) { super(v + 1); } get2() { return super.get2() + 1; } }
function kinds(x) { return typeof x; }
const objs = [];
for (let i = 0; i < 5; i++) { const o = { x: i }; o.getX = getX; objs.push(o); }
let t = 0;
for (let k = 0; k < 20; k++) t = t + sumX(objs);
const c = counter();
for (let k = 0; k < 20; k++) c();
let b = 0;
for (let k = 0; k < 20; k++) b = b + new B(k).get2();
for (let k = 0; k < 20; k++) kinds(k);
console.log(t, c(), b, kinds("s"));
"#;

fn program_and_feedback() -> (Rc<Program>, Vec<Vec<ir::feedback::SlotFeedback>>) {
    let program = Rc::new(frontend::compile("test.js", PROGRAM).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    (program, vm.feedback.clone())
}

/// The function whose bytecode has an instruction `pick` accepts.
fn function_with(p: &Program, pick: impl Fn(&Instr) -> bool) -> FuncId {
    p.functions
        .iter()
        .find(|f| f.code.iter().any(&pick))
        .expect("a function with that instruction")
        .id
}

/// The two pipelines.
#[derive(Clone, Copy, Debug)]
enum Pipeline {
    Son,
    Cfg,
}

const PIPELINES: [Pipeline; 2] = [Pipeline::Son, Pipeline::Cfg];

fn compile(
    pipeline: Pipeline,
    program: &Program,
    feedback: &[Vec<ir::feedback::SlotFeedback>],
    func: FuncId,
) -> (String, meter::Meter) {
    let input = CompileInput { program, func, feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let spec = match pipeline {
        Pipeline::Son => son::DEFAULT_SPEC,
        Pipeline::Cfg => cfg::DEFAULT_SPEC,
    };
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", spec, 0));
    let lir = match pipeline {
        Pipeline::Son => son::compile(&input, &son::Options::default(), &mut meter),
        Pipeline::Cfg => cfg::compile(&input, &cfg::Options::default(), &mut meter),
    }
    .unwrap_or_else(|e| {
        panic!(
            "{pipeline:?}: {} does not compile: {e:?}",
            program.function(func).name
        )
    });
    ir::lir_verify::verify(&lir)
        .unwrap_or_else(|e| panic!("{pipeline:?}: {e:?}\n{}", ir::lir_text::print(&lir)));
    for e in &lir.exits {
        e.check(program).unwrap();
    }
    (ir::lir_text::print(&lir), meter)
}

fn build_row(meter: &meter::Meter, name: &str) -> u64 {
    let row = meter
        .rows()
        .iter()
        .find(|r| r.label.contains("build"))
        .expect("a build row");
    row.extra
        .iter()
        .find(|(k, _)| k == name)
        .map_or(0, |(_, v)| *v)
}

#[test]
fn every_tier2_function_compiles_to_verified_lir() {
    let (program, feedback) = program_and_feedback();
    for pipeline in PIPELINES {
        for f in &program.functions {
            compile(pipeline, &program, &feedback, f.id);
        }
    }
}

#[test]
fn context_slots_are_element_accesses_and_closures_runtime_allocations() {
    let (program, feedback) = program_and_feedback();
    for pipeline in PIPELINES {
        let maker = function_with(&program, |i| matches!(i, Instr::CreateClosure { .. }));
        let (text, _) = compile(pipeline, &program, &feedback, maker);
        assert!(text.contains("CallRuntime[CreateContext.1,1]"), "{text}");
        assert!(text.contains("CallRuntime[CreateClosure."), "{text}");
        // The arrow reads and writes `n` in its parent's context.
        let arrow = program
            .functions
            .iter()
            .find(|f| {
                f.id != maker
                    && f.code
                        .iter()
                        .any(|i| matches!(i, Instr::LoadContext { depth: 0, .. }))
            })
            .expect("the arrow")
            .id;
        let (text, _) = compile(pipeline, &program, &feedback, arrow);
        assert!(
            text.contains("Load[element]") && text.contains("Store[element]"),
            "{text}"
        );
        assert!(
            !text.contains("CallRuntime["),
            "a context slot needs no runtime call:\n{text}"
        );
    }
}

#[test]
fn super_typeof_and_set_prototype_are_runtime_calls() {
    let (program, feedback) = program_and_feedback();
    let cases: [(fn(&Instr) -> bool, &str); 3] = [
        (
            |i| matches!(i, Instr::LoadSuper { .. }),
            "CallRuntime[LoadSuper.",
        ),
        (
            |i| matches!(i, Instr::SetPrototype { .. }),
            "CallRuntime[SetPrototype,2]",
        ),
        (
            |i| matches!(i, Instr::TypeOf { .. }),
            "CallRuntime[TypeOf,1]",
        ),
    ];
    for pipeline in PIPELINES {
        for (pick, expected) in cases {
            let (text, _) = compile(pipeline, &program, &feedback, function_with(&program, pick));
            assert!(
                text.contains(expected),
                "{pipeline:?}: {expected} missing:\n{text}"
            );
        }
    }
}

#[test]
fn a_super_call_with_one_parent_is_inlined() {
    // `B`'s `super(v + 1)` always called `A`: `A`'s constructor is walked in place with `B`'s
    // receiver (its exits carry A's frame inside B's), no runtime call is left.
    let (program, feedback) = program_and_feedback();
    let b = function_with(&program, |i| matches!(i, Instr::ConstructSuper { .. }));
    let a = program.functions.iter().find(|f| f.name == "A").expect("class A").id;
    for pipeline in PIPELINES {
        let (text, _) = compile(pipeline, &program, &feedback, b);
        assert!(!text.contains("CallRuntime[ConstructSuper,"), "{pipeline:?}:\n{text}");
        assert!(text.contains(&format!("; frame f{} @", a.0)), "{pipeline:?}: an exit inside the inlined parent\n{text}");
    }
}

#[test]
fn a_method_reading_this_is_inlined_with_the_receiver() {
    let (program, feedback) = program_and_feedback();
    let sum = program
        .functions
        .iter()
        .find(|f| f.name == "sumX")
        .expect("sumX")
        .id;
    for pipeline in PIPELINES {
        let (text, meter) = compile(pipeline, &program, &feedback, sum);
        assert_eq!(
            build_row(&meter, "inlined_calls"),
            1,
            "{pipeline:?}: {text}"
        );
        assert!(
            !text.contains("CallRuntime[Call,"),
            "{pipeline:?}: getX is inlined:\n{text}"
        );
    }
}
