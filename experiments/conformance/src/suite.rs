//! What every benchmark suite seabed runs against node shares (`seabed awfy`, `seabed
//! octane`): running one generated driver under node (with a peak-RSS probe) and under each
//! seabed configuration, one process at a time with a time limit, and judging each run against
//! node's output and exit status. A suite module builds its drivers and writes its own
//! tables; the runs, the verdicts and the memory figures are the same for every suite.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// A seabed configuration a suite runs: its label and its `seabed run` options.
pub type Tier = (&'static str, &'static [&'static str]);

/// How one process ended.
#[derive(Clone, Debug)]
pub struct RunOutcome {
    /// The exit status; `None` when killed (timeout) or not started.
    pub status: Option<i32>,
    /// Everything it printed on stdout.
    pub stdout: Vec<u8>,
    /// Everything it printed on stderr.
    pub stderr: Vec<u8>,
    /// Whole-process wall time in seconds.
    pub seconds: f64,
    /// Whether it was killed at the time limit.
    pub timed_out: bool,
}

/// Runs `cmd` (stdout and stderr into files under `scratch`, so no pipe can fill up), killing
/// it after `timeout` (the fuzzer's runner, [`fuzz::run::execute`]), and times it.
pub fn execute(mut cmd: Command, scratch: &Path, timeout: Duration) -> RunOutcome {
    cmd.env("RUST_BACKTRACE", "0").env_remove("NODE_OPTIONS");
    let start = Instant::now();
    let o = fuzz::run::execute(cmd, scratch, timeout);
    let seconds = start.elapsed().as_secs_f64();
    RunOutcome { status: o.status, stdout: o.stdout, stderr: o.stderr, seconds, timed_out: o.timed_out }
}

/// The first line of an error in `stderr`: the first `Name: message` line whose name ends in
/// `Error`, `Feature` or `Exception` (node and seabed print the location and source line before
/// it), else a panic line, else the first non-empty line.
pub fn first_error_line(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let named = lines.iter().find(|l| {
        l.split_once(':').is_some_and(|(name, _)| {
            is_identifier(name) && (name.ends_with("Error") || name.ends_with("Feature") || name.ends_with("Exception"))
        })
    });
    let line = named.or_else(|| lines.iter().find(|l| l.contains("panicked"))).or(lines.first()).copied().unwrap_or("");
    line.chars().take(300).collect()
}

/// Judges a seabed run against node's: (status, first error line).
pub fn judge(seabed: &RunOutcome, node: &RunOutcome) -> (&'static str, String) {
    if seabed.timed_out {
        return ("timeout", format!("killed after {:.0} s", seabed.seconds));
    }
    let stderr = String::from_utf8_lossy(&seabed.stderr);
    match seabed.status {
        Some(3) => ("unsupported", first_error_line(&stderr)),
        Some(s) if Some(s) == node.status && seabed.stdout == node.stdout => ("pass", String::new()),
        Some(s) if Some(s) == node.status => {
            let got = String::from_utf8_lossy(&seabed.stdout);
            let want = String::from_utf8_lossy(&node.stdout);
            let (n, (g, w)) = got
                .lines()
                .chain(std::iter::repeat("<end>"))
                .zip(want.lines().chain(std::iter::repeat("<end>")))
                .enumerate()
                .find(|(_, (g, w))| g != w)
                .unwrap_or((0, ("?", "?")));
            ("fail", format!("stdout differs from node's at line {}: got '{g}', node '{w}'", n + 1))
        }
        Some(s) => {
            let err = first_error_line(&stderr);
            ("fail", format!("exit status {s} (node {}): {err}", node.status.map(|c| c.to_string()).unwrap_or("none".into())))
        }
        None => ("fail", format!("killed by a signal: {}", first_error_line(&stderr))),
    }
}

/// Seconds with three decimals, or empty.
pub fn seconds(s: f64) -> String {
    if s > 0.0 {
        format!("{s:.3}")
    } else {
        String::new()
    }
}

/// seabed's peak RSS in MiB and its collections, from a `--stats` JSON text (None for a file
/// of another `schema_version`, [`harness::stats::check_schema_version`]).
pub fn memory_from_stats(json: &str) -> Option<(f64, u64)> {
    let v: serde_json::Value = serde_json::from_str(json).ok()?;
    harness::stats::check_schema_version(&v, true).ok()?;
    Some((v["peak_rss_kb"].as_f64()? / 1024.0, v["gc"]["collections"].as_u64()?))
}


/// True if `s` is an identifier (ASCII letters, digits, `_`, `$`; not starting with a digit).
pub(crate) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// node's run of one driver: how it ended, whether it passed (status 0 in time) and its peak
/// RSS in MiB (None where the probe wrote nothing).
#[derive(Clone, Debug)]
pub struct NodeRun {
    /// How the process ended.
    pub outcome: RunOutcome,
    /// Exit status 0 within the time limit.
    pub ok: bool,
    /// Peak resident set size in MiB.
    pub rss_mb: Option<f64>,
}

/// One seabed configuration's run of one driver, judged against node's.
#[derive(Clone, Debug)]
pub struct TierRun {
    /// `pass`, `fail`, `unsupported` or `timeout` ([`judge`]).
    pub status: &'static str,
    /// The first line of the error (empty for a pass).
    pub error: String,
    /// Whole-process wall seconds (0 when not run).
    pub seabed_s: f64,
    /// Peak resident set size in MiB, from `--stats`.
    pub rss_mb: Option<f64>,
    /// Garbage collections, from `--stats`.
    pub collections: Option<u64>,
}

/// Writes node's peak-RSS probe into `drivers` and returns its absolute path: a module
/// preloaded with `--require` that writes `process.resourceUsage().maxRSS` at exit to the file
/// its environment names (it prints nothing, so node's output is unchanged). Named `.cjs`, so
/// that a drivers directory's `*.js` files are the benchmarks and nothing else.
pub fn write_rss_probe(drivers: &Path) -> Result<PathBuf, String> {
    let probe = drivers.join("rss-probe.cjs");
    std::fs::write(&probe, harness::process::RSS_PROBE).map_err(|e| format!("cannot write {}: {e}", probe.display()))?;
    // Absolute: node resolves a relative --require as a package name.
    std::fs::canonicalize(&probe).map_err(|e| format!("cannot resolve {}: {e}", probe.display()))
}

/// Runs `driver` under `node` with the RSS `probe`; scratch files are `drivers/STEM.node*`.
pub fn run_node(node: &Path, probe: &Path, driver: &Path, drivers: &Path, stem: &str, timeout: Duration) -> NodeRun {
    let scratch = drivers.join(format!("{stem}.node"));
    let rss_file = drivers.join(format!("{stem}.node-rss"));
    let _ = std::fs::remove_file(&rss_file);
    let mut cmd = Command::new(node);
    cmd.arg("--require").arg(probe).arg(driver).env("SEABED_RSS_OUT", &rss_file);
    let outcome = execute(cmd, &scratch, timeout);
    let rss_mb = std::fs::read_to_string(&rss_file).ok().and_then(|t| t.trim().parse::<f64>().ok()).map(|kb| kb / 1024.0);
    let ok = outcome.status == Some(0) && !outcome.timed_out;
    NodeRun { outcome, ok, rss_mb }
}

/// Runs `driver` under `seabed run` with configuration `tier` and judges it against node's
/// run (a driver node itself fails is a failure of the row, not run under seabed).
pub fn run_tier(seabed: &Path, tier: (&str, &[&str]), driver: &Path, drivers: &Path, stem: &str, node: &NodeRun, timeout: Duration) -> TierRun {
    let (label, args) = tier;
    if !node.ok {
        let error = format!("node itself failed: {}", first_error_line(&String::from_utf8_lossy(&node.outcome.stderr)));
        return TierRun { status: "fail", error, seabed_s: 0.0, rss_mb: None, collections: None };
    }
    let scratch = drivers.join(format!("{stem}.{label}"));
    let stats = drivers.join(format!("{stem}.{label}.stats.json"));
    let _ = std::fs::remove_file(&stats);
    let mut cmd = Command::new(seabed);
    cmd.arg("run").arg(driver).args(args).arg("--stats").arg(&stats);
    let out = execute(cmd, &scratch, timeout);
    let (status, error) = judge(&out, &node.outcome);
    let memory = std::fs::read_to_string(&stats).ok().and_then(|j| memory_from_stats(&j));
    TierRun { status, error, seabed_s: out.seconds, rss_mb: memory.map(|(mb, _)| mb), collections: memory.map(|(_, c)| c) }
}
