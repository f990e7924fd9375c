//! Running node and seabed on a program, comparing them, and the reduction predicate.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::ast::Program;
use super::{Component, Config, Kind, Mismatch};

/// How one process run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The exit status; `None` when killed by a signal or for the timeout.
    pub status: Option<i32>,
    /// Everything it wrote to stdout.
    pub stdout: Vec<u8>,
    /// Everything it wrote to stderr.
    pub stderr: Vec<u8>,
    /// Killed for running past the timeout.
    pub timed_out: bool,
    /// seabed's failed compilations by bailout kind, as its `--stats` count them
    /// (`bailouts_by_reason`; [`ir::compile::BailoutReason::kind`]); empty for node, and when
    /// the run wrote no stats (a panic, a signal, a timeout).
    pub bailouts: BTreeMap<String, u64>,
}

impl Outcome {
    /// node ran to completion: exit status 0, or 1 for an uncaught exception.
    pub fn ran_normally(&self) -> bool {
        !self.timed_out && matches!(self.status, Some(0 | 1))
    }

    /// The exit status as text (`signal`, `timeout`).
    pub fn status_text(&self) -> String {
        match (self.timed_out, self.status) {
            (true, _) => "timeout".into(),
            (false, Some(s)) => s.to_string(),
            (false, None) => "signal".into(),
        }
    }
}

/// How `run` differs from node's `node`, if it does: a timeout is a hang; exit status
/// 70 (seabed's internal error: a compiler's internal error under `--verify`, or a panic on
/// its main thread), 101 (a panic) or a signal is a crash — a verifier failure if the run's
/// stats count a failed verification ([`ir::compile::BailoutReason::VERIFY_KIND`]) —
/// whatever the output; then the exit status, then the stdout bytes.
pub fn classify(node: &Outcome, run: &Outcome) -> Option<Kind> {
    if run.timed_out {
        return Some(Kind::Hang);
    }
    if matches!(run.status, None | Some(70) | Some(101)) {
        let verifier = run.bailouts.contains_key(ir::compile::BailoutReason::VERIFY_KIND);
        return Some(if verifier { Kind::Verifier } else { Kind::Crash });
    }
    if run.status != node.status {
        return Some(Kind::WrongStatus);
    }
    (run.stdout != node.stdout).then_some(Kind::WrongOutput)
}

/// One line on how `run` differs: the first differing stdout line, the statuses, or the
/// panic message.
pub fn describe(node: &Outcome, run: &Outcome, kind: Kind) -> String {
    let err = String::from_utf8_lossy(&run.stderr);
    let stderr_line = || {
        let line = err.lines().find(|l| l.contains("Error") || l.contains("fails")).or(err.lines().next());
        line.unwrap_or("").chars().take(200).collect::<String>()
    };
    match kind {
        Kind::Hang => "ran past the timeout".into(),
        Kind::Crash | Kind::Verifier => match parse_panic_site(&err) {
            Some(site) => {
                // The message is the line after `thread 'seabed' (id) panicked at SITE:`.
                let mut lines = err.lines().skip_while(|l| !l.contains("panicked at "));
                let message = lines.nth(1).unwrap_or("").chars().take(160).collect::<String>();
                format!("exit status {}: panicked at {site}: {message}", run.status_text())
            }
            None => format!("exit status {}: {}", run.status_text(), stderr_line()),
        },
        Kind::WrongStatus => format!(
            "exit status {} (node {}); {}; stderr: {}",
            run.status_text(),
            node.status_text(),
            first_difference(&node.stdout, &run.stdout),
            stderr_line()
        ),
        Kind::WrongOutput => first_difference(&node.stdout, &run.stdout),
    }
}

/// `line N: seabed "..", node ".."` for the first line where the outputs differ.
pub fn first_difference(node: &[u8], seabed: &[u8]) -> String {
    if node == seabed {
        return "same output".into();
    }
    let Some(k) = first_differing_line(node, seabed) else { return "same lines, different bytes".into() };
    let line = |out: &[u8]| {
        let text = String::from_utf8_lossy(out);
        text.lines().nth(k - 1).map_or("(no line)".to_string(), |l| format!("{:?}", l.chars().take(80).collect::<String>()))
    };
    format!("line {k}: seabed {}, node {}", line(seabed), line(node))
}

/// The 1-based number of the first line where the outputs differ (`None`: same lines).
pub fn first_differing_line(a: &[u8], b: &[u8]) -> Option<usize> {
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    let (al, bl): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    (0..al.len().max(bl.len())).find(|&k| al.get(k) != bl.get(k)).map(|k| k + 1)
}

/// Up to `max` lines of an output from line `from` (1-based), marking what is left out.
pub fn excerpt(out: &[u8], from: usize, max: usize) -> Vec<String> {
    let text = String::from_utf8_lossy(out);
    let lines: Vec<&str> = text.lines().collect();
    let start = from.saturating_sub(1).min(lines.len());
    let mut v = Vec::new();
    if start > 0 {
        v.push(format!("... ({start} lines before)"));
    }
    v.extend(lines[start..].iter().take(max).map(|l| l.chars().take(100).collect::<String>()));
    let rest = lines.len() - start - (lines.len() - start).min(max);
    if rest > 0 {
        v.push(format!("... ({rest} more lines)"));
    }
    if lines.is_empty() {
        v.push("(nothing)".into());
    }
    v
}

/// Whether `node` is on PATH.
pub fn node_available() -> bool {
    Command::new("node").arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// `node FILE` (stdin from /dev/null, TZ=UTC, LC_ALL=C, no NODE_OPTIONS).
pub fn node(file: &Path, timeout: Duration) -> Outcome {
    let mut cmd = Command::new("node");
    cmd.arg(file).env_remove("NODE_OPTIONS");
    execute(cmd, file, timeout)
}

/// `seabed run FILE CONFIG... --stats FILE.stats.json`, with the failed compilations the
/// stats count ([`Outcome::bailouts`]).
pub fn seabed(seabed: &Path, file: &Path, config: &Config, timeout: Duration) -> Outcome {
    let stats = file.with_extension("stats.json");
    // A stale file must not speak for a run that writes none.
    let _ = std::fs::remove_file(&stats);
    let mut cmd = Command::new(seabed);
    // No backtraces: symbolizing one takes seconds, and the panic line is what is compared.
    cmd.arg("run").arg(file).args(config.args()).arg("--stats").arg(&stats).env("RUST_BACKTRACE", "0");
    let mut outcome = execute(cmd, file, timeout);
    let read = std::fs::read_to_string(&stats).ok().and_then(|text| harness::stats::read_stats(&text).ok());
    outcome.bailouts = read.map(|s| s.bailouts_by_reason).unwrap_or_default();
    outcome
}

/// Runs `cmd` with its output in files beside `file` (no pipe can fill up), killing it
/// after `timeout`; also what `seabed awfy` runs its benchmarks with.
pub fn execute(mut cmd: Command, file: &Path, timeout: Duration) -> Outcome {
    let out_path = file.with_extension("stdout");
    let err_path = file.with_extension("stderr");
    let files = (std::fs::File::create(&out_path), std::fs::File::create(&err_path));
    let (Ok(out), Ok(err)) = files else {
        return Outcome { status: None, stdout: Vec::new(), stderr: b"cannot create output files".to_vec(), timed_out: false, bailouts: BTreeMap::new() };
    };
    cmd.env("TZ", "UTC").env("LC_ALL", "C").stdin(Stdio::null()).stdout(out).stderr(err);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return Outcome { status: None, stdout: Vec::new(), stderr: e.to_string().into_bytes(), timed_out: false, bailouts: BTreeMap::new() },
    };
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    let (status, timed_out) = loop {
        match child.try_wait() {
            Ok(Some(s)) => break (s.code(), false),
            Ok(None) if start.elapsed() >= timeout => {
                let _ = child.kill();
                let _ = child.wait();
                break (None, true);
            }
            Ok(None) => {
                std::thread::sleep(pause);
                // At most 10 ms late: `seabed awfy` times whole processes by this loop.
                pause = (pause * 2).min(Duration::from_millis(10));
            }
            Err(_) => break (None, false),
        }
    };
    Outcome {
        status,
        stdout: std::fs::read(&out_path).unwrap_or_default(),
        stderr: std::fs::read(&err_path).unwrap_or_default(),
        timed_out,
        bailouts: BTreeMap::new(),
    }
}

/// The reduction predicate for one mismatch: a variant still fails if node still exits
/// with the original status, the interpreter still agrees with node (unless the
/// interpreter is what is blamed) and runs no unsupported construct, the configuration
/// still shows the same kind of mismatch (a crash with the same panic site and message:
/// "divide by zero" does not turn into "remainder with a divisor of zero"), and, for an
/// `llvm` mismatch, the same compiler on the LIR evaluator still agrees with node.
pub struct Reproducer {
    seabed: PathBuf,
    config: Config,
    component: Component,
    kind: Kind,
    node_status: Option<i32>,
    /// For a crash: its description (panic site and message), which must stay the same.
    crash: Option<String>,
    counterpart: Option<Config>,
    interp: Config,
    file: PathBuf,
    timeout: Duration,
}

impl Reproducer {
    /// The predicate for `m`, whose node run was `node`; `interp` is the interpreter's
    /// configuration; candidates are written in `dir`.
    pub fn new(seabed: &Path, m: &Mismatch, node: &Outcome, interp: Config, dir: &Path, timeout: Duration) -> Reproducer {
        let file = dir.join(format!("reduce_{}_{}.js", m.component.name(), m.seed));
        let _ = std::fs::write(&file, "");
        let crash = matches!(m.kind, Kind::Crash | Kind::Verifier).then(|| m.detail.clone());
        let counterpart = matches!(m.component, Component::Llvm | Component::Cranelift).then(|| m.config.lir_counterpart());
        Reproducer {
            seabed: seabed.to_path_buf(),
            config: m.config,
            component: m.component,
            kind: m.kind,
            node_status: node.status,
            crash,
            counterpart,
            interp,
            file,
            timeout,
        }
    }

    /// Whether `p` still shows the mismatch.
    pub fn still_fails(&mut self, p: &Program) -> bool {
        if std::fs::write(&self.file, p.to_js()).is_err() {
            return false;
        }
        let node = node(&self.file, self.timeout);
        if !node.ran_normally() || node.status != self.node_status {
            return false;
        }
        if self.component != Component::Interp {
            let interp = seabed(&self.seabed, &self.file, &self.interp, self.timeout);
            if interp.status == Some(3) || classify(&node, &interp).is_some() {
                return false;
            }
        }
        let run = seabed(&self.seabed, &self.file, &self.config, self.timeout);
        if run.status == Some(3) && self.component == Component::Interp {
            return false;
        }
        if classify(&node, &run) != Some(self.kind) {
            return false;
        }
        if self.crash.as_ref().is_some_and(|c| *c != describe(&node, &run, self.kind)) {
            return false;
        }
        match self.counterpart {
            Some(lir) => classify(&node, &seabed(&self.seabed, &self.file, &lir, self.timeout)).is_none(),
            None => true,
        }
    }
}

/// The `path:line:col` after "panicked at " in `text`, if any.
fn parse_panic_site(text: &str) -> Option<String> {
    let at = text.find("panicked at ")?;
    Some(text[at + 12..].split([' ', '\n']).next().unwrap_or("").trim_end_matches(':').to_string())
}
