//! A backend's compilation steps as phases a caller can meter (the engine records LLVM's and
//! Cranelift's steps as meter rows: `llvm/lower`, `cranelift/codegen`, ...).

/// Runs the steps of a backend compilation, so that a caller can meter each one as a phase.
pub trait PhaseRunner {
    /// Runs step `name` (`lower`, `verify`, `passes`, `codegen`) and returns its result.
    fn phase<R>(&mut self, name: &'static str, f: impl FnOnce() -> R) -> R;
}

/// Runs the steps without metering them.
pub struct Unmetered;

impl PhaseRunner for Unmetered {
    fn phase<R>(&mut self, _name: &'static str, f: impl FnOnce() -> R) -> R {
        f()
    }
}
