//! Progress bars for long work (`seabed experiment`, `ab`, `fuzz`, `awfy`, `test262`, the
//! claims runner).
//!
//! The rule: a long loop shows one bar on stderr with its label, position/length, elapsed
//! time and an estimate of the time left — when stderr is a terminal. When it is not (a log
//! file, CI, a pipe), the bar draws nothing at all: [`ProgressDrawTarget::stderr`] checks
//! `isatty` and hides itself, so no escape codes land in logs. The one-line progress messages
//! the loops always printed still go to stderr either way: through [`Progress::println`],
//! which prints them above the bar on a terminal (so they do not tear it) and with
//! `eprintln!` otherwise, exactly as before.
//!
//! A bar costs an atomic increment per step ([`Progress::inc`]); it redraws at most 20 times a
//! second and only from those calls (no ticker thread), never inside a timed region. It is
//! finished and cleared when the [`Progress`] is dropped, so an early `?` return leaves no
//! half-drawn bar behind.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// One progress bar on stderr, hidden when stderr is not a terminal; finishes and clears
/// itself when dropped.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar of `len` steps labelled `what` (e.g. `"tiers"`), drawn on stderr when stderr is a
    /// terminal and hidden otherwise.
    pub fn new(what: &str, len: u64) -> Progress {
        Progress::styled(what, len, "{pos}/{len}")
    }

    /// A bar whose length is a time budget of `budget` (whole seconds); move it with
    /// [`Progress::set_position`] to the seconds elapsed.
    pub fn seconds(what: &str, budget: Duration) -> Progress {
        Progress::styled(what, budget.as_secs().max(1), "{pos}/{len} s")
    }

    /// [`Progress::new`] when `show`, else [`Progress::hidden`] (for callers with a
    /// `--no-progress` or `--quiet` switch, and for tests).
    pub fn maybe(show: bool, what: &str, len: u64) -> Progress {
        if show {
            Progress::new(what, len)
        } else {
            Progress::hidden()
        }
    }

    /// A bar that never draws; [`Progress::println`] still prints.
    pub fn hidden() -> Progress {
        Progress { bar: ProgressBar::hidden() }
    }

    fn styled(what: &str, len: u64, counts: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr()).with_prefix(what.to_string());
        let template = format!("{{prefix}} [{{bar:30}}] {counts} {{elapsed_precise}} eta {{eta}} {{wide_msg}}");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style.progress_chars("=> "));
        }
        Progress { bar }
    }

    /// Whether the bar draws (stderr is a terminal and the bar was not made hidden).
    pub fn is_visible(&self) -> bool {
        !self.bar.is_hidden()
    }

    /// Advances the bar by `n` steps.
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
    }

    /// Moves the bar to step `pos`.
    pub fn set_position(&self, pos: u64) {
        self.bar.set_position(pos);
    }

    /// Sets the text after the counts (e.g. the program being measured).
    pub fn set_message(&self, msg: impl Into<String>) {
        self.bar.set_message(msg.into());
    }

    /// Prints `line` on stderr: above the bar when it is drawn, with `eprintln!` otherwise.
    pub fn println(&self, line: impl AsRef<str>) {
        if self.is_visible() {
            self.bar.println(line);
        } else {
            eprintln!("{}", line.as_ref());
        }
    }

    /// Runs `f` with the bar cleared from the screen (for code that writes to stderr itself).
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    /// Finishes and clears the bar now (dropping it does the same).
    pub fn finish(self) {}
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_bar_counts_and_finishes() {
        let p = Progress::hidden();
        assert!(!p.is_visible());
        p.inc(2);
        p.set_position(5);
        p.set_message("x");
        assert_eq!(p.suspend(|| 7), 7);
        let bar = p.bar.clone();
        assert_eq!(bar.position(), 5);
        drop(p);
        assert!(bar.is_finished());
    }
}
