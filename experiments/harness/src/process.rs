//! Processes the harness starts and describes: node (the oracle and the baseline), the
//! working tree's revision, the machine, a timed whole-process run, and the source tree's
//! `experiments/` directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The source tree's `experiments/` directory (corpus, benchmarks, test262 expectations):
/// the default of the flags that name its files.
pub fn experiments_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("experiments/harness has a parent").to_path_buf()
}

/// The node command (`$NODE`, else `node`) and its version, `None` when it does not run.
pub fn node() -> (String, Option<String>) {
    let node = std::env::var("NODE").unwrap_or_else(|_| "node".into());
    let version = Command::new(&node)
        .arg("--version")
        .stderr(Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    (node, version)
}

/// The short git revision of the working tree, or `unknown`.
pub fn git_revision() -> String {
    Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .stderr(Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into())
}

/// A one-line description of this machine (CPU model and core count).
pub fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("model name")).map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string()))
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    format!("{cpu} ({cores} cores)")
}

/// Wall time of one whole-process run, in seconds, with stdout discarded.
pub fn time_process(cmd: &mut Command) -> Result<f64, String> {
    let start = Instant::now();
    let status = cmd.stdout(Stdio::null()).stderr(Stdio::null()).stdin(Stdio::null()).status().map_err(|e| e.to_string())?;
    let secs = start.elapsed().as_secs_f64();
    if !status.success() {
        return Err(format!("{cmd:?} exited with {status}"));
    }
    Ok(secs)
}

/// The module node preloads (`--require`) in its timed runs: writes the process's peak
/// resident set size (KiB) at exit to the file `$SEABED_RSS_OUT` names; prints nothing.
pub const RSS_PROBE: &str = "process.on('exit', () => {\n  const out = process.env.SEABED_RSS_OUT;\n  if (out) require('fs').writeFileSync(out, String(process.resourceUsage().maxRSS));\n});\n";
