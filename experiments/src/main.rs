//! `seabed`: the command-line interface (contract in DESIGN.md).
//!
//! Exit status: 0 ok · 1 uncaught JS exception or syntax error (as node) · 2 usage or I/O
//! error · 3 unsupported feature · 70 internal error (a compiler bug) · 141 a closed output
//! pipe (the full list: `seabed --help`).

use std::io::Write;
use std::process::ExitCode;

use harness::cli::{EXIT_INTERNAL, EXIT_USAGE};
use seabed::cli;

/// Allocation counting for the phase meter (bytes allocated and peak live bytes per phase).
#[global_allocator]
static ALLOCATOR: meter::CountingAllocator = meter::CountingAllocator;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // A print to a closed pipe (`seabed ir ... | head -1`) ends the process quietly instead of
    // panicking into an internal error.
    cli::install_panic_hook();
    // Under callgrind, drop the main thread's start-up costs (dynamic linking of LLVM and its
    // static constructors): callgrind zeroes per thread but dumps all threads, so without this
    // they would land in the first phase's dump. A no-op elsewhere.
    meter::callgrind::zero_stats();
    // Deep JavaScript recursion runs on a thread with a large stack.
    let handle = match std::thread::Builder::new().name("seabed".into()).stack_size(1 << 30).spawn(move || cli::main(&args)) {
        Ok(h) => h,
        Err(e) => {
            // The system refused the thread (memory, limits): not a compiler bug.
            let _ = writeln!(std::io::stderr(), "seabed: cannot start the main thread: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let code = match handle.join() {
        Ok(code) => code,
        Err(_) => {
            // A panic (the hook printed it): seabed broke one of its own invariants. Failed
            // prints never get here (the hook ends the process).
            let _ = writeln!(std::io::stderr(), "seabed: internal error");
            EXIT_INTERNAL
        }
    };
    // A background LLVM compilation still running must not meet LLVM's static destructors:
    // leave without them (nothing waits for it).
    engine::compile_thread::exit_if_compiling(code);
    ExitCode::from(code)
}
