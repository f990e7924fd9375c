//! The graph text dump parses back: `Graph::parse(dump)` gives a graph whose dump is the same
//! text, which verifies, and which schedules to the same LIR. Checked on the golden dumps
//! (`engine/golden/son/*.graph.txt`) and on every function of a few corpus programs.

use std::path::PathBuf;
use std::rc::Rc;

use ir::compile::CompileInput;
use son::graph::Graph;
use vm::Vm;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Parses `text` and checks that it dumps back to itself and verifies.
fn round_trip(text: &str, what: &str) -> Graph {
    let g = Graph::parse(text).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(g.dump(), text, "{what}: dump → parse → dump differs");
    g.verify().unwrap_or_else(|e| panic!("{what}: parsed graph fails verification: {}", ir::verify::lines(&e)));
    g
}

#[test]
fn golden_dumps_parse_back_to_the_same_text() {
    let dir = repo().join("engine/golden/son");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("golden dir") {
        let path = entry.unwrap().path();
        if !path.to_string_lossy().ends_with(".graph.txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        round_trip(&text, &path.display().to_string());
        seen += 1;
    }
    assert!(seen >= 5, "expected the golden graph dumps in {}", dir.display());
}

#[test]
fn every_function_of_some_corpus_programs_round_trips_and_schedules_the_same() {
    let mut functions = 0;
    for name in ["bench_nbody", "bench_richards", "feat_object_shapes", "feat_switch", "feat_array_holes"] {
        let path = repo().join(format!("experiments/corpus/{name}.js"));
        let src = std::fs::read_to_string(&path).unwrap();
        let program = Rc::new(frontend::compile(&format!("{name}.js"), &src).expect("compiles"));
        let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
        vm.run_script().unwrap_or_else(|e| panic!("{name}: the interpreter's run fails: {}", vm.describe_exception(&e)));
        let feedback = vm.feedback.clone();
        for f in &program.functions {
            let input = CompileInput { program: &program, func: f.id, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
            for spec in ["son:reduce(dce);lower;schedule", son::DEFAULT_SPEC] {
                let mut options = son::parse_spec(spec).unwrap();
                // The graph verifier after every phase, in release builds too.
                options.verify = true;
                let mut meter = meter::Meter::new(meter::RowContext::new(name, &f.name, spec, 0));
                let mut g = son::build_and_optimize(&input, &options, &mut meter).unwrap_or_else(|b| panic!("{name}:{} ({spec}): {b}", f.name));
                let what = format!("{name}:{} ({spec})", f.name);
                let mut back = round_trip(&g.dump(), &what);
                back.func = g.func;
                // The dump shows a branch's hint, not its counts: give the parsed branches
                // their profiles back.
                for n in g.live_nodes() {
                    if let op @ ir::ops::Op::Branch { .. } = g.op(n) {
                        back.set_op(n, op);
                    }
                }
                son::schedule::untag_frame_state_inputs(&mut g);
                son::schedule::untag_frame_state_inputs(&mut back);
                let emit = |g: &Graph| -> String {
                    let s = son::schedule::schedule(g).expect("schedules");
                    let lir = son::schedule::emit_lir(g, &s, &program, &f.name).expect("emits");
                    ir::lir_text::print(&lir)
                };
                assert_eq!(emit(&back), emit(&g), "{what}: the parsed graph schedules differently");
                functions += 1;
            }
        }
    }
    assert!(functions >= 20, "only {functions} functions round-tripped");
}

#[test]
fn malformed_lines_are_errors_naming_the_line() {
    let ok = "#0 Start (v | e | c ) : None\n#2 End (v | e | c ) : None\n";
    assert!(Graph::parse(ok).is_ok());
    let cases = [
        ("#0 Start (v | e | c )\n#2 Frobnicate (v | e | c )\n", "unknown op"),
        ("#0 Start (v | e | c )\n#2 End (v | e | c #9)\n", "#9"),
        ("#0 Start (v | e | c )\n#2 End (v | e | c )\n#4 Int32Add (v #0 | e | c )\n", "do not fit"),
        ("#0 Start (v | e | c )\n#0 End (v | e | c )\n", "twice"),
        ("#0 Start (v | e | c ) : Bogus\n#2 End (v | e | c )\n", "line 1"),
        ("#2 End (v | e | c )\n", "no Start"),
    ];
    for (text, needle) in cases {
        let e = Graph::parse(text).expect_err(text);
        assert!(e.contains(needle), "{text}: {e}");
    }
}
