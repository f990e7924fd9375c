//! The whole corpus with the baseline tier on the LLVM backend: every function compiled on
//! its first call (`always_opt`), with and without `--deopt-every 3`. Each program must print
//! exactly node's stdout (`NAME.expected`) and end with node's status (`NAME.status`).
//!
//! The pipeline is `ftl` unless `SEABED_LLVM` names another (`none`, `ftl`, `O2`).

use std::cell::RefCell;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use backend::baseline;
use backend::llvm::{self, LlvmOptions, Pipeline};
use frontend::bytecode::{FuncId, Pc};
use ir::compile::CompileInput;
use vm::interp::Throw;
use vm::tiering::{CompiledCode, OptimizingCompiler, TieringOptions};
use vm::Vm;

/// The baseline compiler on the LLVM backend.
struct BaselineOnLlvm {
    options: LlvmOptions,
    totals: Rc<RefCell<Totals>>,
}

/// What one run compiled and executed.
#[derive(Clone, Copy, Default, Debug)]
struct Totals {
    compiles: u64,
    llvm_time: std::time::Duration,
    code_bytes: usize,
    compiled_calls: u64,
    exits: u64,
    stress_exits: u64,
    osr_entries: u64,
}

impl Totals {
    fn add(&mut self, o: &Totals) {
        self.compiles += o.compiles;
        self.llvm_time += o.llvm_time;
        self.code_bytes += o.code_bytes;
        self.compiled_calls += o.compiled_calls;
        self.exits += o.exits;
        self.stress_exits += o.stress_exits;
        self.osr_entries += o.osr_entries;
    }
}

impl BaselineOnLlvm {
    fn install(&mut self, lir: ir::lir::Function) -> Result<Rc<dyn CompiledCode>, String> {
        if let Err(errors) = ir::lir_verify::verify(&lir) {
            panic!("LIR of {} fails verification: {:?}", lir.name, errors.iter().map(|e| e.to_string()).collect::<Vec<_>>());
        }
        let mut code = llvm::compile(&lir, &self.options).unwrap_or_else(|e| panic!("LLVM compile of {} failed: {e}", lir.name));
        code.label = "baseline".into();
        let mut t = self.totals.borrow_mut();
        t.compiles += 1;
        t.llvm_time += code.stats.llvm_time();
        t.code_bytes += code.stats.code_bytes;
        Ok(Rc::new(code))
    }
}

impl OptimizingCompiler for BaselineOnLlvm {
    fn compile(&mut self, vm: &Vm, func: FuncId) -> Result<Rc<dyn CompiledCode>, String> {
        let input = CompileInput { program: &vm.program, func, feedback: &vm.feedback };
        self.install(baseline::compile(&input))
    }

    fn compile_osr(&mut self, vm: &Vm, func: FuncId, loop_header: Pc) -> Result<Rc<dyn CompiledCode>, String> {
        let input = CompileInput { program: &vm.program, func, feedback: &vm.feedback };
        self.install(baseline::compile_osr(&input, loop_header))
    }
}

#[derive(Clone, Default)]
struct Captured(Rc<RefCell<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../experiments/corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "js"))
        .collect();
    files.sort();
    files
}

fn pipeline() -> Pipeline {
    std::env::var("SEABED_LLVM").ok().and_then(|s| Pipeline::parse(&s)).unwrap_or(Pipeline::Ftl)
}

/// Runs one program in this thread; returns (stdout, status, totals).
fn run(js: &Path, tiering: TieringOptions) -> (Vec<u8>, i32, Totals) {
    let source = String::from_utf8_lossy(&std::fs::read(js).unwrap()).into_owned();
    let file = js.to_string_lossy().into_owned();
    let Ok(program) = frontend::compile(&file, &source) else { return (Vec::new(), 1, Totals::default()) };
    let totals: Rc<RefCell<Totals>> = Rc::default();
    let out = Captured::default();
    let mut vm = Vm::new(Rc::new(program), Box::new(out.clone()));
    let options = LlvmOptions { pipeline: pipeline(), ..LlvmOptions::default() };
    vm.set_compiler(Box::new(BaselineOnLlvm { options, totals: totals.clone() }), tiering);
    let result = vm.run_script();
    vm.flush();
    let status = match result {
        Ok(_) => 0,
        Err(e) => match e.throw {
            Throw::Unsupported(_) => 3,
            _ => 1,
        },
    };
    let mut t = *totals.borrow();
    t.compiled_calls = vm.tier_stats.compiled_calls;
    t.exits = vm.tier_stats.exits;
    t.stress_exits = vm.tier_stats.stress_exits;
    t.osr_entries = vm.tier_stats.osr_entries;
    drop(vm);
    let bytes = out.0.borrow().clone();
    (bytes, status, t)
}

fn check(js: &Path, tiering: TieringOptions, totals: &mut Totals) -> Option<String> {
    let expected = std::fs::read(js.with_extension("expected")).expect("NAME.expected");
    let status: i32 = std::fs::read_to_string(js.with_extension("status")).unwrap().trim().parse().unwrap();
    let path = js.to_path_buf();
    let (got, got_status, t) = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || run(&path, tiering))
        .unwrap()
        .join()
        .unwrap_or_else(|_| (b"<panicked>".to_vec(), -1, Totals::default()));
    totals.add(&t);
    if got == expected && got_status == status {
        return None;
    }
    let first_diff = String::from_utf8_lossy(&got)
        .lines()
        .zip(String::from_utf8_lossy(&expected).lines())
        .enumerate()
        .find(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| format!("line {}: got {a:?}, node {b:?}", i + 1))
        .unwrap_or_else(|| "output length differs".into());
    Some(format!("{}: status {got_status} (node {status}); {first_diff}", js.file_name().unwrap().to_string_lossy()))
}

fn run_corpus(tiering: TieringOptions) {
    let files = corpus();
    assert!(files.len() >= 52, "the corpus has {} programs", files.len());
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    let chunks: Vec<Vec<PathBuf>> = (0..threads).map(|t| files.iter().skip(t).step_by(threads).cloned().collect()).collect();
    let mut totals = Totals::default();
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| {
                s.spawn(move || {
                    let mut t = Totals::default();
                    let failures: Vec<String> = chunk.iter().filter_map(|f| check(f, tiering, &mut t)).collect();
                    (failures, t)
                })
            })
            .collect();
        let mut failures = Vec::new();
        for h in handles {
            let (f, t) = h.join().expect("worker");
            failures.extend(f);
            totals.add(&t);
        }
        failures
    });
    eprintln!(
        "{} of {} corpus programs match node (pipeline {}, {:?})\n{:?}",
        files.len() - failures.len(),
        files.len(),
        pipeline().name(),
        tiering,
        totals
    );
    assert!(totals.compiles > 0 && totals.compiled_calls > 0, "compiled code ran");
    assert!(failures.is_empty(), "{} of {} programs differ from node:\n{}", failures.len(), files.len(), failures.join("\n"));
}

#[test]
fn corpus_on_llvm_always_opt() {
    run_corpus(TieringOptions { always_opt: true, ..TieringOptions::default() });
}

#[test]
fn corpus_on_llvm_always_opt_deopt_every_3() {
    run_corpus(TieringOptions { always_opt: true, deopt_every: Some(3), ..TieringOptions::default() });
}

/// On-stack replacement into LLVM code: a top-level loop (run once, never called) gets hot
/// in the interpreter and continues in compiled code from its loop header.
#[test]
fn osr_entry_into_a_running_loop() {
    let source = "let s = 0; let d = 0.5;\nfor (let i = 0; i < 20000; i++) { s = (s + i * 3) | 0; d = d * 1.0001; }\nconsole.log(s, d > 1);\n";
    let program = frontend::compile("osr.js", source).unwrap();
    let out = Captured::default();
    let mut vm = Vm::new(Rc::new(program), Box::new(out.clone()));
    let totals: Rc<RefCell<Totals>> = Rc::default();
    let tiering = TieringOptions { osr_back_edges: 100, ..TieringOptions::default() };
    vm.set_compiler(Box::new(BaselineOnLlvm { options: LlvmOptions::default(), totals: totals.clone() }), tiering);
    vm.run_script().unwrap();
    vm.flush();
    let expected: i32 = (0..20000i64).fold(0i32, |s, i| s.wrapping_add((i * 3) as i32));
    assert_eq!(String::from_utf8(out.0.borrow().clone()).unwrap(), format!("{expected} true\n"));
    assert!(vm.tier_stats.osr_entries >= 1, "{:?}", vm.tier_stats);
    assert!(totals.borrow().compiles >= 1);
}
