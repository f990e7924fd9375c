//! LLVM's compile time per pipeline setting on corpus functions (a measurement, not a
//! timed test: it only checks that every setting compiles every function). Run with
//! `cargo test -p backend --release --test llvm_compile_time -- --nocapture` for the table.

use std::path::Path;
use std::rc::Rc;
use std::time::Duration;

use engine::baseline;
use backend::llvm::{self, LlvmOptions, LlvmPipeline};
use frontend::bytecode::FuncId;
use ir::compile::CompileInput;
use vm::Vm;

const PROGRAMS: &[&str] = &["bench_nbody", "bench_richards", "bench_mandelbrot"];

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

#[test]
fn compile_time_per_pipeline() {
    // Debug test builds only check that everything compiles; release builds measure.
    let (reps, programs) = if cfg!(debug_assertions) { (1, &PROGRAMS[..1]) } else { (5, PROGRAMS) };
    println!("{:<28} {:>8} {:>6} {:>8} {:>8} {:>8} {:>8} {:>7} {:>6}", "function", "pipeline", "lir", "lower", "verify", "passes", "codegen", "ir", "bytes");
    for name in programs {
        let js = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../experiments/corpus/{name}.js"));
        let source = std::fs::read_to_string(&js).unwrap();
        let program = Rc::new(frontend::compile(name, &source).unwrap());
        // Feedback from an interpreted run.
        let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
        vm.run_script().unwrap();
        for f in &program.functions {
            if f.name.is_empty() || vm.counters[f.id.0 as usize].invocations == 0 {
                continue;
            }
            let input = CompileInput { program: &program, func: FuncId(f.id.0), feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
            let lir = baseline::compile(&input).expect("the baseline compiles it");
            for pipeline in [LlvmPipeline::None, LlvmPipeline::Ftl, LlvmPipeline::O2] {
                let opts = LlvmOptions { pipeline, verify: true, ..LlvmOptions::default() };
                let runs: Vec<llvm::LlvmStats> = (0..reps).map(|_| llvm::compile(&lir, &opts).unwrap().stats.clone()).collect();
                let s = &runs[0];
                println!(
                    "{:<28} {:>8} {:>6} {:>8.3} {:>8.3} {:>8.3} {:>8.3} {:>7} {:>6}",
                    format!("{name}:{}", f.name),
                    pipeline.name(),
                    lir.size(),
                    median(runs.iter().map(|s| s.lower).collect()).as_secs_f64() * 1e3,
                    median(runs.iter().map(|s| s.verify).collect()).as_secs_f64() * 1e3,
                    median(runs.iter().map(|s| s.passes).collect()).as_secs_f64() * 1e3,
                    median(runs.iter().map(|s| s.codegen).collect()).as_secs_f64() * 1e3,
                    s.ir_instructions,
                    s.code_bytes,
                );
            }
        }
    }
}
