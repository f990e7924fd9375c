//! End to end: every corpus program (`experiments/corpus/*.js`) run with the sea-of-nodes
//! pipeline on the LIR evaluator must print exactly `NAME.expected` and exit with
//! `NAME.status`, with every function compiled on its first call (`always_opt`), and again
//! with every third executed check forced to exit (`deopt_every: Some(3)`). Every LIR the
//! pipeline produces passes the LIR verifier and every exit is checked against the program.
//!
//! The vm runs on a thread with a 1 GiB stack (corpus programs recurse deeply).

use std::cell::RefCell;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use backend::eval::LirCode;
use frontend::bytecode::FuncId;
use ir::compile::CompileInput;
use vm::interp::Throw;
use vm::tiering::{CompiledCode, OptimizingCompiler, TieringOptions};
use vm::Vm;

/// The sea-of-nodes pipeline on the LIR evaluator, verifying every result.
struct SonCompiler {
    options: son::Options,
    bailouts: Rc<RefCell<Vec<String>>>,
}

impl OptimizingCompiler for SonCompiler {
    fn compile(&mut self, vm: &Vm, func: FuncId) -> Result<Rc<dyn CompiledCode>, String> {
        let input = CompileInput { program: &vm.program, func, feedback: &vm.feedback };
        let mut meter = meter::Meter::new(meter::RowContext::new("corpus", "f", &self.options.spec, 0));
        let lir = match son::compile(&input, &self.options, &mut meter) {
            Ok(lir) => lir,
            Err(b) => {
                let name = &vm.program.function(func).name;
                self.bailouts.borrow_mut().push(format!("{name}: {}", b.reason));
                return Err(b.reason);
            }
        };
        if let Err(errors) = ir::lir_verify::verify(&lir) {
            let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            panic!("LIR of {} fails verification:\n{}\n{}", lir.name, text.join("\n"), ir::lir_text::print(&lir));
        }
        for exit in &lir.exits {
            if let Err(e) = exit.check(&vm.program) {
                panic!("bad exit in {}: {e}", lir.name);
            }
        }
        Ok(Rc::new(LirCode { lir: Rc::new(lir), pipeline: "son".into() }))
    }

    fn compile_osr(&mut self, _vm: &Vm, _func: FuncId, _loop_header: u32) -> Result<Rc<dyn CompiledCode>, String> {
        Err("on-stack replacement is not implemented in the sea-of-nodes pipeline".into())
    }
}

#[derive(Clone, Default)]
struct Sink(Rc<RefCell<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../experiments/corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "js"))
        .filter(|p| std::env::var("SON_CORPUS_FILTER").map_or(true, |f| p.to_string_lossy().contains(&f)))
        .collect();
    files.sort();
    files
}

/// Runs one program; `Err` describes a mismatch. `Ok` carries the bailouts.
fn run(js: &Path, tiering: TieringOptions) -> Result<Vec<String>, String> {
    let expected = std::fs::read(js.with_extension("expected")).expect("NAME.expected");
    let status: i32 = std::fs::read_to_string(js.with_extension("status")).expect("NAME.status").trim().parse().unwrap();
    let source = String::from_utf8_lossy(&std::fs::read(js).unwrap()).into_owned();
    let file = js.to_string_lossy().into_owned();
    let (out, got, bailouts) = match frontend::compile(&file, &source) {
        Err(_) => (Vec::new(), 1, Vec::new()),
        Ok(program) => {
            let sink = Sink::default();
            let mut vm = Vm::new(Rc::new(program), Box::new(sink.clone()));
            let bailouts = Rc::new(RefCell::new(Vec::new()));
            vm.set_compiler(Box::new(SonCompiler { options: son::Options::default(), bailouts: bailouts.clone() }), tiering);
            let result = vm.run_script();
            vm.flush();
            let got = match result {
                Ok(_) => 0,
                Err(e) => match e.throw {
                    Throw::Unsupported(_) => 3,
                    _ => 1,
                },
            };
            let out = sink.0.borrow().clone();
            let b = bailouts.borrow().clone();
            (out, got, b)
        }
    };
    if out == expected && got == status {
        return Ok(bailouts);
    }
    let first_diff = String::from_utf8_lossy(&out)
        .lines()
        .zip(String::from_utf8_lossy(&expected).lines())
        .enumerate()
        .find(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| format!("line {}: got {a:?}, node {b:?}", i + 1))
        .unwrap_or_else(|| "output length differs".into());
    Err(format!("status {got} (node {status}); {first_diff}"))
}

fn run_on_big_stack(js: PathBuf, tiering: TieringOptions) -> Result<Vec<String>, String> {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || run(&js, tiering))
        .expect("thread")
        .join()
        .unwrap_or_else(|e| {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            let lines = if std::env::var("SON_CORPUS_FILTER").is_ok() { 400 } else { 6 };
            Err(format!("panic: {}", msg.lines().take(lines).collect::<Vec<_>>().join("\n")))
        })
}

fn run_mode(name: &str, tiering: TieringOptions) {
    let files = corpus();
    if std::env::var("SON_CORPUS_FILTER").is_err() {
        assert!(files.len() >= 52, "the corpus has {} programs", files.len());
    }
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    let chunks: Vec<Vec<PathBuf>> = (0..threads).map(|t| files.iter().skip(t).step_by(threads).cloned().collect()).collect();
    let results: Vec<(PathBuf, Result<Vec<String>, String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| s.spawn(move || chunk.iter().map(|f| (f.clone(), run_on_big_stack(f.clone(), tiering))).collect::<Vec<_>>()))
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("worker")).collect()
    });
    let mut failures = Vec::new();
    let mut bailouts = 0;
    for (f, r) in &results {
        let name = f.file_name().unwrap().to_string_lossy();
        match r {
            Ok(b) => {
                bailouts += b.len();
                for x in b {
                    eprintln!("[{name}] bailout {x}");
                }
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    eprintln!("son corpus ({name}): {} of {} pass, {bailouts} bailouts", results.len() - failures.len(), results.len());
    assert!(failures.is_empty(), "{} of {} programs differ from node ({name}):\n{}", failures.len(), results.len(), failures.join("\n"));
}

#[test]
fn corpus_always_opt() {
    run_mode("always-opt", TieringOptions { always_opt: true, ..TieringOptions::default() });
}

#[test]
fn corpus_always_opt_deopt_every_3() {
    run_mode("always-opt, deopt-every 3", TieringOptions { always_opt: true, deopt_every: Some(3), ..TieringOptions::default() });
}
