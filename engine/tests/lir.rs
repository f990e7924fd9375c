//! Every LIR the corpus produces round-trips through the text format and verifies.

use std::path::Path;
use std::rc::Rc;

use engine::tiers::{compile_baseline, verify_lir};
use frontend::bytecode::FuncId;

#[test]
fn baseline_lir_of_every_corpus_function_round_trips_and_verifies() {
    // Corpus programs recurse deeply: run on a thread with a large stack, as the CLI does.
    std::thread::Builder::new().stack_size(1 << 30).spawn(round_trip_corpus).unwrap().join().unwrap();
}

fn round_trip_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../experiments/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "js"));
    files.sort();
    let mut functions = 0;
    let mut exits = 0;
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        let program = Rc::new(frontend::compile("t.js", &source).unwrap());
        // Interpret first so the compiler sees real feedback.
        let mut vm = vm::Vm::new(program.clone(), Box::new(std::io::sink()));
        // A program ends with an uncaught exception exactly when node's status says so.
        let status: i32 = std::fs::read_to_string(path.with_extension("status")).expect("NAME.status").trim().parse().expect("a status");
        let ran = vm.run_script();
        assert_eq!(ran.is_ok(), status == 0, "{}: the interpreter's run (ok: {}) and node's status {status} disagree", path.display(), ran.is_ok());
        for f in &program.functions {
            let lir = compile_baseline(&vm, FuncId(f.id.0), false).unwrap();
            verify_lir(&vm, &lir, "baseline/compile").unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let text = ir::lir_text::print(&lir);
            let back = ir::lir_text::parse(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
            assert_eq!(back, lir, "{}: {} does not round-trip", path.display(), f.name);
            assert_eq!(ir::lir_text::print(&back), text);
            functions += 1;
            exits += lir.exits.len();
        }
    }
    assert!(functions > 150, "{functions} functions");
    assert!(exits > 1000, "{exits} exits");
}
