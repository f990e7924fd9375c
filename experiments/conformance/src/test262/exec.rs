//! Running one composed test under one tier (`seabed run` as a child process with a timeout)
//! and judging the result.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use super::frontmatter::{Negative, Phase};

/// A way to run seabed: a name for reports and the `seabed run` options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TierSpec {
    /// The name in reports, the CSV and the expectations file (`son-llvm`).
    pub name: &'static str,
    /// The options after `seabed run FILE`.
    pub args: &'static [&'static str],
}

/// Every tier the runner knows. The compiled tiers use `--always-opt`, so that every function
/// (and the script's loops) runs compiled code even in short tests; the `-deopt` ones also
/// leave compiled code every third check (`--deopt-every 3`), which runs the exits and the
/// interpreter's resumption on every test.
pub const TIERS: &[TierSpec] = &[
    TierSpec { name: "interp", args: &["--tier", "interp"] },
    TierSpec { name: "baseline", args: &["--tier", "baseline", "--backend", "lir", "--always-opt"] },
    TierSpec { name: "son-lir", args: &["--tier", "son", "--backend", "lir", "--always-opt"] },
    TierSpec { name: "cfg-lir", args: &["--tier", "cfg", "--backend", "lir", "--always-opt"] },
    TierSpec { name: "son-llvm", args: &["--tier", "son", "--backend", "llvm", "--always-opt"] },
    TierSpec { name: "cfg-llvm", args: &["--tier", "cfg", "--backend", "llvm", "--always-opt"] },
    TierSpec { name: "son-lir-deopt", args: &["--tier", "son", "--backend", "lir", "--always-opt", "--deopt-every", "3"] },
    TierSpec { name: "cfg-lir-deopt", args: &["--tier", "cfg", "--backend", "lir", "--always-opt", "--deopt-every", "3"] },
];

/// The tiers a run uses when `--tier` is not given: all but the `-deopt` ones.
pub const DEFAULT_TIERS: &[&str] = &["interp", "baseline", "son-lir", "cfg-lir", "son-llvm", "cfg-llvm"];

/// The tier named `name`.
pub fn tier(name: &str) -> Option<TierSpec> {
    TIERS.iter().copied().find(|t| t.name == name)
}

/// What a run of a test came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// The test passed.
    Pass,
    /// A wrong result: an assertion failed, an unexpected exception, a negative test that did
    /// not fail as required.
    Fail,
    /// `UnsupportedFeature` (exit status 3): a construct outside the implemented tiers ran.
    Trap,
    /// The run exceeded the time limit.
    Timeout,
    /// seabed itself failed: a signal, a panic, an internal error.
    Crash,
}

impl Kind {
    /// The kind's name (`fail`, `trap`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Pass => "pass",
            Kind::Fail => "fail",
            Kind::Trap => "trap",
            Kind::Timeout => "timeout",
            Kind::Crash => "crash",
        }
    }

    /// Parses a kind's name.
    pub fn parse(s: &str) -> Option<Kind> {
        [Kind::Pass, Kind::Fail, Kind::Trap, Kind::Timeout, Kind::Crash].into_iter().find(|k| k.name() == s)
    }
}

/// A judged run: the kind and a one-line detail (empty for a pass).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Outcome {
    /// What happened.
    pub kind: Kind,
    /// Why, on one line without file names or locations (so outcomes of different tiers and
    /// runs compare equal).
    pub detail: String,
}

impl Outcome {
    fn new(kind: Kind, detail: impl Into<String>) -> Outcome {
        Outcome { kind, detail: one_line(&detail.into()) }
    }

    /// A crash: seabed (or the runner, on its behalf) failed; `detail` says how.
    pub fn crash(detail: impl Into<String>) -> Outcome {
        Outcome::new(Kind::Crash, detail)
    }

    /// A passing outcome.
    pub fn pass() -> Outcome {
        Outcome::new(Kind::Pass, "")
    }

    /// `kind: detail`, as in the expectations file.
    pub fn text(&self) -> String {
        if self.detail.is_empty() {
            self.kind.name().to_string()
        } else {
            format!("{}: {}", self.kind.name(), self.detail)
        }
    }

    /// The failure category for summaries: the kind and the error name or trapped feature,
    /// without the message (`fail: Test262Error`, `trap: UnsupportedFeature: typeof`).
    pub fn category(&self) -> String {
        let head = match self.kind {
            Kind::Trap => self.detail.clone(),
            _ => self.detail.split(':').next().unwrap_or("").trim().to_string(),
        };
        if head.is_empty() {
            self.kind.name().to_string()
        } else {
            format!("{}: {head}", self.kind.name())
        }
    }
}

/// The most characters of a detail kept (messages can be long).
const DETAIL_CHARS: usize = 160;

/// Collapses a detail to one line of at most [`DETAIL_CHARS`] characters, with control
/// characters written as `\u{..}` (the expectations file stays text).
fn one_line(s: &str) -> String {
    let flat: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    let flat: String = flat.chars().map(|c| if c.is_control() { c.escape_unicode().to_string() } else { c.to_string() }).collect();
    if flat.chars().count() <= DETAIL_CHARS {
        flat
    } else {
        flat.chars().take(DETAIL_CHARS).collect::<String>() + "..."
    }
}

/// What a child process did.
#[derive(Clone, Debug, Default)]
pub struct RawRun {
    /// The exit status, `None` when a signal ended it.
    pub status: Option<i32>,
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
    /// Whether it was killed for exceeding the time limit.
    pub timed_out: bool,
}

/// Runs `seabed run FILE <tier options>` with a time limit; on timeout the child is killed.
pub fn run(seabed: &Path, file: &Path, tier: &TierSpec, timeout: Duration) -> Result<RawRun, String> {
    let mut child = Command::new(seabed)
        .arg("run")
        .arg(file)
        .args(tier.args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", seabed.display()))?;
    let pid = child.id();
    let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let out = read_all(stdout);
        let err = read_all(stderr);
        let _ = tx.send((out, err));
    });
    let (streams, timed_out) = match rx.recv_timeout(timeout) {
        Ok(s) => (s, false),
        Err(_) => {
            // SAFETY: kill(2) on our own child, which has not been waited for yet.
            unsafe { libc::kill(pid as i32, libc::SIGKILL) };
            (rx.recv().unwrap_or_default(), true)
        }
    };
    let status = child.wait().map_err(|e| format!("waiting for seabed: {e}"))?;
    Ok(RawRun { status: status.code(), stdout: streams.0, stderr: streams.1, timed_out })
}

/// Reads a pipe to its end (stdout first, then stderr: seabed writes little to either, far
/// below a pipe's buffer, except for a runaway printing loop, which the timeout ends).
fn read_all(pipe: Option<impl Read>) -> String {
    let mut bytes = Vec::new();
    if let Some(mut p) = pipe {
        let _ = p.read_to_end(&mut bytes);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The error line of seabed's stderr: the first line that is not a `FILE:LINE:COL` location,
/// without node's `Uncaught ` prefix.
pub fn error_line(stderr: &str) -> &str {
    let line = stderr.lines().map(str::trim).find(|l| !l.is_empty() && !is_location(l)).unwrap_or("");
    line.strip_prefix("Uncaught ").unwrap_or(line)
}

/// Whether a line is a bare `FILE:LINE:COL` (our file names have no spaces).
fn is_location(line: &str) -> bool {
    if line.contains(char::is_whitespace) {
        return false;
    }
    let mut parts = line.rsplitn(3, ':');
    let col = parts.next().unwrap_or("");
    let row = parts.next().unwrap_or("");
    parts.next().is_some() && !col.is_empty() && !row.is_empty() && col.bytes().chain(row.bytes()).all(|b| b.is_ascii_digit())
}

/// The name an error line starts with (`TypeError` of `TypeError: x is not a function`).
pub fn error_type(line: &str) -> &str {
    let head = line.split(':').next().unwrap_or("");
    if !head.is_empty() && head.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$') {
        head
    } else {
        ""
    }
}

/// Removes a trailing ` at FILE:LINE:COL` from an `UnsupportedFeature` line.
fn strip_at(line: &str) -> &str {
    match line.rfind(" at ") {
        Some(i) if is_location(&line[i + 4..]) => &line[..i],
        _ => line,
    }
}

/// Judges a run: `negative` is the test's expected failure, if any.
pub fn judge(raw: &RawRun, negative: Option<&Negative>) -> Outcome {
    if raw.timed_out {
        return Outcome::new(Kind::Timeout, "");
    }
    let line = error_line(&raw.stderr);
    match raw.status {
        None => Outcome::new(Kind::Crash, "killed by a signal"),
        Some(3) => Outcome::new(Kind::Trap, strip_at(line)),
        Some(0) => judge_success(raw, negative),
        Some(1) => judge_error(line, negative),
        Some(code) => Outcome::new(Kind::Crash, format!("exit status {code}: {}", crash_line(&raw.stderr))),
    }
}

/// What a crashed run's stderr says, without what differs from run to run (so that tiers
/// and runs compare equal): a Rust panic as `panicked at FILE:LINE:COL: MESSAGE`, without the
/// thread's name and id; otherwise the error line ([`error_line`]).
pub fn crash_line(stderr: &str) -> String {
    let mut lines = stderr.lines();
    while let Some(line) = lines.next() {
        if let Some(at) = line.strip_prefix("thread '").and_then(|l| l.find(" panicked at ").map(|i| &l[i + 1..])) {
            let message = lines.next().unwrap_or("").trim();
            return format!("{}: {message}", at.trim_end_matches(':'));
        }
    }
    error_line(stderr).to_string()
}

/// Exit status 0: a pass for a positive test unless it printed a Test262Error.
fn judge_success(raw: &RawRun, negative: Option<&Negative>) -> Outcome {
    match negative {
        Some(n) => Outcome::new(Kind::Fail, format!("expected {} ({}), but it ran to completion", n.error_type, phase_name(n.phase))),
        None if raw.stdout.contains("Test262Error") || raw.stderr.contains("Test262Error") => {
            Outcome::new(Kind::Fail, "printed Test262Error")
        }
        None => Outcome::pass(),
    }
}

/// Exit status 1 (uncaught exception or syntax error): a pass only for the negative test
/// that expects this error in this phase.
fn judge_error(line: &str, negative: Option<&Negative>) -> Outcome {
    let got = error_type(line);
    let syntax = got == "SyntaxError";
    match negative {
        None if syntax => Outcome::new(Kind::Fail, format!("unexpected {line}")),
        None => Outcome::new(Kind::Fail, line),
        Some(n) => {
            let phase_ok = (n.phase == Phase::Parse) == syntax;
            if got == n.error_type && phase_ok {
                Outcome::pass()
            } else {
                Outcome::new(Kind::Fail, format!("expected {} ({}), got {line}", n.error_type, phase_name(n.phase)))
            }
        }
    }
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Parse => "parse",
        Phase::Resolution => "resolution",
        Phase::Runtime => "runtime",
    }
}
