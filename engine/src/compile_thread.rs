//! The background compiler thread (`--compile-thread on`): the backend stage of optimizing
//! compilations (LLVM or Cranelift) runs off the interpreter's thread, as V8's concurrent
//! TurboFan and WebKit's FTL do. Both backends take the same path, so neither arm of a
//! backend comparison blocks the interpreter while the other does not.
//!
//! The pipeline part of a compilation (son or cfg graph → LIR) stays on the main thread: it
//! reads the vm's feedback. Its LIR, with the backend's options and the phase rows' context,
//! becomes a [`Job`] that the one long-lived worker thread of a [`CompileThread`] takes from
//! a queue; it runs the backend's steps (LLVM: lowering, verifier, passes, code generation in
//! its own LLVM context; Cranelift: lowering and compilation), metering each step as the
//! synchronous path does (`llvm/...`, `cranelift/...`: allocation and hardware figures are
//! per thread, so the meter is created on the worker), and sends back a [`Done`] with the code
//! (or why it failed) and the rows. The main thread collects finished jobs without waiting
//! ([`CompileThread::finished`]). A panicking job becomes a compile failure.
//!
//! Nothing waits for the worker: dropping the [`CompileThread`] tells it to skip queued
//! jobs and stop after the one in progress, whose result is dropped; the thread is detached,
//! and [`exit_if_compiling`] ends the process without running LLVM's static destructors under a
//! compilation still in progress.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;

use backend::cranelift::{ClifCode, ClifOptions};
use backend::error::MachineBackend;
use backend::llvm::{LlvmCode, LlvmOptions};
use backend::BackendError;
use frontend::bytecode::{FuncId, Pc};
use meter::{PhaseRow, RowContext};

/// The worker's stack: LLVM's recursive code generation on a large function must not be
/// short of stack (the synchronous path runs on the interpreter's 1 GiB thread). Reserved
/// address space, committed as used.
const WORKER_STACK_BYTES: usize = 64 << 20;

/// Which backend compiles a job, with its knobs.
pub enum BackendJob {
    /// LLVM with these options.
    Llvm(LlvmOptions),
    /// Cranelift with these options.
    Cranelift(ClifOptions),
}

/// One backend compilation for the worker.
pub struct Job {
    /// The function compiled.
    pub func: FuncId,
    /// The loop header of an OSR compilation.
    pub osr: Option<Pc>,
    /// The function's LIR (verified on the main thread when asked).
    pub lir: ir::lir::Function,
    /// The backend and its knobs.
    pub backend: BackendJob,
    /// The context of the backend's phase rows (program, function, spec).
    pub context: RowContext,
}

/// Machine code from either backend.
pub enum MachineCode {
    /// Code from LLVM.
    Llvm(LlvmCode),
    /// Code from Cranelift.
    Cranelift(ClifCode),
}

/// A finished job.
pub struct Done {
    /// The function compiled.
    pub func: FuncId,
    /// The loop header of an OSR compilation.
    pub osr: Option<Pc>,
    /// The machine code, or why the compilation failed.
    pub code: Result<MachineCode, BackendError>,
    /// The meter's rows of the backend's steps, measured on the worker.
    pub rows: Vec<PhaseRow>,
}

/// Workers of this process that are inside a backend compilation right now.
static COMPILING: AtomicUsize = AtomicUsize::new(0);

/// A background compiler thread and its queues.
pub struct CompileThread {
    jobs: Sender<Job>,
    done: Receiver<Done>,
    /// Set when the owner goes away: the worker takes no further job.
    cancelled: Arc<AtomicBool>,
}

impl CompileThread {
    /// Starts the worker thread.
    pub fn spawn() -> std::io::Result<CompileThread> {
        let (jobs, job_queue) = mpsc::channel::<Job>();
        let (done_queue, done) = mpsc::channel::<Done>();
        let cancelled = Arc::new(AtomicBool::new(false));
        let stop = cancelled.clone();
        // Detached: the handle is dropped, nothing ever joins the worker.
        std::thread::Builder::new()
            .name("seabed-compiler".into())
            .stack_size(WORKER_STACK_BYTES)
            .spawn(move || work(job_queue, done_queue, stop))?;
        Ok(CompileThread { jobs, done, cancelled })
    }

    /// Queues a job; gives it back if the worker is gone.
    pub fn submit(&self, job: Job) -> Result<(), Box<Job>> {
        self.jobs.send(job).map_err(|e| Box::new(e.0))
    }

    /// The jobs finished since the last call, without waiting.
    pub fn finished(&self) -> Vec<Done> {
        self.done.try_iter().collect()
    }
}

impl Drop for CompileThread {
    fn drop(&mut self) {
        // The job queue's sender goes with `self`; queued jobs are skipped, not compiled.
        self.cancelled.store(true, Ordering::SeqCst);
    }
}

/// The worker's loop: one job at a time until the owner is gone.
fn work(jobs: Receiver<Job>, done: Sender<Done>, cancelled: Arc<AtomicBool>) {
    for job in jobs {
        // Announced before `cancelled` is read: an owner that cancels and then finds no
        // compilation in progress ([`compiling`]) can be sure none starts.
        COMPILING.fetch_add(1, Ordering::SeqCst);
        if cancelled.load(Ordering::SeqCst) {
            COMPILING.fetch_sub(1, Ordering::SeqCst);
            return;
        }
        let result = compile(job);
        COMPILING.fetch_sub(1, Ordering::SeqCst);
        // The owner is gone: the code is dropped (its exits unregistered, its pages freed).
        if done.send(result).is_err() {
            return;
        }
    }
}

/// Runs one job; a panic in it becomes a compile failure.
fn compile(job: Job) -> Done {
    let Job { func, osr, lir, backend, context } = job;
    let function = lir.name.clone();
    let which = match backend {
        BackendJob::Llvm(_) => MachineBackend::Llvm,
        BackendJob::Cranelift(_) => MachineBackend::Cranelift,
    };
    let (code, rows) = catch_unwind(AssertUnwindSafe(|| crate::tiers::backend_stage(&lir, &backend, context)))
        .unwrap_or_else(|panic| {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            (Err(BackendError::Panicked { backend: which, function, message }), Vec::new())
        });
    Done { func, osr, code, rows }
}

/// Whether some worker is inside a backend compilation now.
pub fn compiling() -> bool {
    COMPILING.load(Ordering::SeqCst) > 0
}

/// Ends the process with `status`. If a worker is still compiling, this flushes stdout and
/// stderr and leaves through `_exit`: the C runtime's exit would run LLVM's static
/// destructors while the worker still uses that state. Otherwise it returns, and the caller
/// exits normally. Call it after the owners of every [`CompileThread`] are gone.
pub fn exit_if_compiling(status: u8) {
    if !compiling() {
        return;
    }
    use std::io::Write as _;
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    // SAFETY: `_exit` ends the process at once; everything Rust buffers (stdout) was flushed
    // above, and no other state needs orderly teardown.
    unsafe { libc::_exit(status as libc::c_int) }
}
