//! `seabed`: the command-line interface (contract in DESIGN.md).
//!
//! Exit status: 0 ok · 1 uncaught JS exception or syntax error (as node) · 2 usage or I/O
//! error · 3 unsupported feature.

use std::process::ExitCode;

use experiments::cli;

/// Allocation counting for the phase meter (bytes allocated and peak live bytes per phase).
#[global_allocator]
static ALLOCATOR: meter::CountingAllocator = meter::CountingAllocator;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Under callgrind, drop the main thread's start-up costs (dynamic linking of LLVM and its
    // static constructors): callgrind zeroes per thread but dumps all threads, so without this
    // they would land in the first phase's dump. A no-op elsewhere.
    meter::callgrind::zero_stats();
    // Deep JavaScript recursion runs on a thread with a large stack.
    let handle = std::thread::Builder::new()
        .name("seabed".into())
        .stack_size(1 << 30)
        .spawn(move || cli::main(&args));
    match handle.map(|h| h.join()) {
        Ok(Ok(code)) => {
            // A background LLVM compilation still running must not meet LLVM's static
            // destructors: leave without them (nothing waits for it).
            engine::compile_thread::exit_if_compiling(code);
            ExitCode::from(code)
        }
        _ => {
            eprintln!("seabed: internal error");
            engine::compile_thread::exit_if_compiling(70);
            ExitCode::from(70)
        }
    }
}
