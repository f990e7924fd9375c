//! Golden IR dumps: the sea-of-nodes graph after its phases, the CFG graph after its phases,
//! and the LIR each pipeline produces, for the same ten corpus functions. `BLESS=1 cargo test
//! --release -p engine --test golden` regenerates the files; otherwise any difference
//! fails with the new text, so a reviewer sees how a change altered the IR shape.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use frontend::bytecode::FuncId;
use ir::compile::CompileInput;

/// (corpus program, function) pairs.
const FUNCTIONS: &[(&str, &str)] = &[
    ("bench_fib", "fib"),
    ("bench_sieve", "markMultiples"),
    ("bench_nbody", "advance"),
    ("bench_spectral_norm", "entry"),
    ("bench_bitcount", "countSwar"),
    ("bench_mandelbrot", "iterations"),
    ("bench_matmul", "axpy"),
    ("bench_crc32", "crcByte"),
    ("bench_nqueens", "safe"),
    ("bench_quicksort", "swap"),
];

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("golden")
}

fn check_or_bless(path: &Path, actual: &str, failures: &mut Vec<String>) {
    if std::env::var_os("BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, actual).unwrap();
        return;
    }
    match std::fs::read_to_string(path) {
        Ok(expected) if expected == actual => {}
        Ok(_) => failures.push(format!("{} differs; new text:\n{actual}", path.display())),
        Err(_) => failures.push(format!("{} is missing (run with BLESS=1)", path.display())),
    }
}

fn golden_son() {
    let mut failures = Vec::new();
    for (program_name, function) in FUNCTIONS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../experiments/corpus").join(format!("{program_name}.js"));
        let source = std::fs::read_to_string(&path).unwrap();
        let program = Rc::new(frontend::compile(&format!("{program_name}.js"), &source).unwrap());
        let mut vm = vm::Vm::new(program.clone(), Box::new(std::io::sink()));
        vm.run_script().unwrap();
        let func = program.functions.iter().find(|f| f.name == *function).expect("function exists");
        let input = CompileInput { program: &program, func: FuncId(func.id.0), feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
        let options = son::Options::default();
        let mut meter = meter::Meter::new(meter::RowContext::new(*program_name, *function, son::DEFAULT_SPEC, 0));
        let graph = son::build_and_optimize(&input, &options, &mut meter).unwrap();
        let lir = son::compile(&input, &options, &mut meter).unwrap();
        let lir_text = ir::lir_text::print(&lir);
        assert_eq!(ir::lir_text::parse(&lir_text).unwrap(), lir, "golden LIR must parse back");
        let dir = golden_dir().join("son");
        check_or_bless(&dir.join(format!("{function}.graph.txt")), &graph.dump(), &mut failures);
        check_or_bless(&dir.join(format!("{function}.lir.txt")), &lir_text, &mut failures);

        let options = cfg::Options::default();
        let graph = cfg::optimize(&input, &options, &mut meter, None).unwrap();
        let lir = cfg::compile(&input, &options, &mut meter).unwrap();
        let lir_text = ir::lir_text::print(&lir);
        assert_eq!(ir::lir_text::parse(&lir_text).unwrap(), lir, "golden LIR must parse back");
        let dir = golden_dir().join("cfg");
        check_or_bless(&dir.join(format!("{function}.graph.txt")), &graph.to_text(), &mut failures);
        check_or_bless(&dir.join(format!("{function}.lir.txt")), &lir_text, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn pipeline_dumps_match_the_golden_files() {
    // Corpus drivers recurse deeply: a large stack, as the CLI uses.
    std::thread::Builder::new().stack_size(1 << 30).spawn(golden_son).unwrap().join().unwrap();
}
