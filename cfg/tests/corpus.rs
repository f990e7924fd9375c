//! End to end: every corpus program (`experiments/corpus/*.js`) under the CFG pipeline on
//! the LIR evaluator, every function compiled on its first call (`always_opt`), once
//! normally and once with every third executed check forced to exit (`deopt_every: 3`).
//! Every compiled function's LIR passes the LIR verifier and its exits check against the
//! program. Output and exit status must equal node's (`NAME.expected`, `NAME.status`).

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

/// `cfg::compile` on the LIR evaluator, verifying every result.
struct CfgCompiler {
    options: cfg::Options,
}

impl OptimizingCompiler for CfgCompiler {
    fn compile(&mut self, vm: &Vm, func: FuncId) -> Result<Rc<dyn CompiledCode>, String> {
        let input = CompileInput { program: &vm.program, func, feedback: &vm.feedback };
        let name = vm.program.function(func).name.clone();
        let mut meter = meter::Meter::new(meter::RowContext::new("corpus", &name, &self.options.spec, 0));
        let lir = cfg::compile(&input, &self.options, &mut meter).map_err(|b| b.to_string())?;
        if let Err(errors) = ir::lir_verify::verify(&lir) {
            let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            panic!("LIR of {name} fails verification:\n{}\n{}", text.join("\n"), ir::lir_text::print(&lir));
        }
        if std::env::var_os("CFG_CORPUS_DUMP").is_some() {
            eprintln!("{}", ir::lir_text::print(&lir));
        }
        for exit in &lir.exits {
            if let Err(e) = exit.check(&vm.program) {
                panic!("LIR of {name}: bad exit: {e}");
            }
        }
        Ok(Rc::new(LirCode { lir: Rc::new(lir), pipeline: "cfg".into() }))
    }

    fn compile_osr(&mut self, _vm: &Vm, _func: FuncId, _loop_header: u32) -> Result<Rc<dyn CompiledCode>, String> {
        Err("the CFG pipeline has no OSR entry yet".into())
    }
}

#[derive(Clone)]
struct Buffer(Rc<RefCell<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn corpus() -> Vec<PathBuf> {
    let dir = match std::env::var_os("CFG_CORPUS_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../experiments/corpus"),
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "js"))
        .collect();
    files.sort();
    files
}

/// Runs one program; `None` if it matches node, else what differs.
fn run(js: &Path, tiering: TieringOptions) -> Option<String> {
    let name = js.file_name().unwrap().to_string_lossy().to_string();
    let expected = std::fs::read(js.with_extension("expected")).expect("NAME.expected");
    let status: i32 =
        std::fs::read_to_string(js.with_extension("status")).expect("NAME.status").trim().parse().expect("status");
    let source = String::from_utf8_lossy(&std::fs::read(js).expect("source")).into_owned();
    let (out, got_status) = match frontend::compile(&js.to_string_lossy(), &source) {
        Err(_) => (Vec::new(), 1),
        Ok(program) => {
            let buffer = Buffer(Rc::new(RefCell::new(Vec::new())));
            let mut vm = Vm::new(Rc::new(program), Box::new(buffer.clone()));
            vm.set_compiler(Box::new(CfgCompiler { options: cfg::Options { verify: true, ..cfg::Options::default() } }), tiering);
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let r = vm.run_script();
                vm.flush();
                match r {
                    Ok(_) => 0,
                    Err(e) => {
                        if std::env::var_os("CFG_CORPUS_VERBOSE").is_some() {
                            eprintln!("{}", vm.describe_exception(&e));
                        }
                        match e.throw {
                            Throw::Unsupported(_) => 3,
                            _ => 1,
                        }
                    }
                }
            }));
            let status = match result {
                Ok(s) => s,
                Err(p) => {
                    let msg = p
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    return Some(format!("{name}: panic: {}", msg.lines().take(12).collect::<Vec<_>>().join("\n")));
                }
            };
            let out = buffer.0.borrow().clone();
            (out, status)
        }
    };
    if out == expected && got_status == status {
        return None;
    }
    let got = String::from_utf8_lossy(&out).to_string();
    let want = String::from_utf8_lossy(&expected).to_string();
    let diff = got
        .lines()
        .zip(want.lines())
        .enumerate()
        .find(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| format!("line {}: got {a:?}, node {b:?}", i + 1))
        .unwrap_or_else(|| "output length differs".into());
    Some(format!("{name}: status {got_status} (node {status}); {diff}"))
}

fn run_all(tiering: TieringOptions, label: &str) {
    let files = corpus();
    assert!(files.len() >= 52 || std::env::var_os("CFG_CORPUS_DIR").is_some(), "the corpus has {} programs", files.len());
    let failures: Vec<String> = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            files
                .iter()
                .filter_map(|f| {
                    let start = std::time::Instant::now();
                    let r = run(f, tiering);
                    if std::env::var_os("CFG_CORPUS_VERBOSE").is_some() {
                        eprintln!("{} {:?} {}", f.display(), start.elapsed(), if r.is_some() { "FAIL" } else { "ok" });
                    }
                    r
                })
                .collect()
        })
        .expect("thread")
        .join()
        .expect("runner");
    let total = corpus().len();
    eprintln!("cfg corpus [{label}]: {} of {total} pass", total - failures.len());
    assert!(failures.is_empty(), "{} of {total} programs differ from node [{label}]:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn corpus_always_opt() {
    run_all(TieringOptions { always_opt: true, ..TieringOptions::default() }, "always-opt");
}

#[test]
fn corpus_always_opt_deopt_every_3() {
    run_all(TieringOptions { always_opt: true, deopt_every: Some(3), ..TieringOptions::default() }, "always-opt, deopt-every 3");
}
