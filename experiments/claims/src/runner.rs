//! Running `seabed run ... --stats JSON` as child processes and reading the statistics back.
//!
//! Counter runs (deterministic figures from the phase meter) are independent and run in
//! parallel on rayon's pool, cached by their command line so that several claims share one
//! run. Timing runs and callgrind runs go through [`Runner::serial`], one process at a time,
//! never next to any other measurement.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rayon::prelude::*;

use harness::progress::Progress;

/// One phase row of `--stats` JSON: the typed [`harness::stats::PhaseSummary`], with its label
/// helpers (`pipeline`, `name`, `extra`, `is_mid_end`, ...).
pub type PhaseStat = harness::stats::PhaseSummary;

/// The kind of a mid-end phase, for per-kind figures (C2, C3).
pub fn phase_kind(p: &PhaseStat) -> &'static str {
    let name = p.name();
    if p.is_llvm() {
        return "llvm";
    }
    if name == "build" {
        "build"
    } else if name == "schedule" || name == "lir" || name.starts_with("lir") {
        "schedule/lir-out"
    } else if name == "lower" || (name.starts_with("copy(") && name.contains("lower")) {
        "lower"
    } else if name.starts_with("reduce") || name == "typer" || name.starts_with("copy(") {
        "reduce/copy"
    } else {
        "other"
    }
}

/// What `seabed run --stats` reported about one run, with the process's exit status and time.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// The process's exit status.
    pub status: i32,
    /// Whole-process wall time in seconds.
    pub process_s: f64,
    /// The `tiering` counters (compiles, exits, ...).
    pub tiering: harness::stats::TieringSummary,
    /// Every phase row, in compilation order.
    pub phases: Vec<PhaseStat>,
    /// Per-function counters (compilations, exits, ...).
    pub functions: Vec<harness::stats::FunctionSummary>,
    /// Failed compilations by bailout kind.
    pub bailouts_by_reason: std::collections::BTreeMap<String, u64>,
}

impl Stats {
    /// Parses `--stats` JSON with the typed reader [`harness::stats::read_stats`] (which rejects
    /// another `schema_version`).
    pub fn parse(text: &str) -> Result<Stats, String> {
        let stats = harness::stats::read_stats(text)?;
        Ok(Stats {
            status: 0,
            process_s: 0.0,
            tiering: stats.tiering,
            phases: stats.phases,
            functions: stats.functions,
            bailouts_by_reason: stats.bailouts_by_reason,
        })
    }

    /// An error if a compilation of the run failed on a compiler bug
    /// ([`ir::compile::BailoutReason::kind_is_internal`]): the function ran in the
    /// interpreter, so the run's figures would measure what the compiler failed to do. Policy
    /// refusals are part of what a claim measures and pass.
    pub fn without_internal_errors(&self) -> Result<(), String> {
        let internal: Vec<String> = self
            .bailouts_by_reason
            .iter()
            .filter(|(kind, _)| ir::compile::BailoutReason::kind_is_internal(kind))
            .map(|(kind, n)| format!("{kind}: {n}"))
            .collect();
        match internal.is_empty() {
            true => Ok(()),
            false => Err(format!("internal compiler errors ({}); run it with --verify to see them", internal.join(", "))),
        }
    }
}

/// One `seabed run` invocation: a program and its arguments (without `--stats`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RunSpec {
    /// The program file.
    pub program: PathBuf,
    /// Arguments after the file (`--tier son --spec ...`).
    pub args: Vec<String>,
}

impl RunSpec {
    /// A run of `program` with `args`.
    pub fn new(program: &Path, args: &[&str]) -> RunSpec {
        RunSpec { program: program.to_path_buf(), args: args.iter().map(|s| s.to_string()).collect() }
    }

    /// The program's file name.
    pub fn program_name(&self) -> String {
        file_name(&self.program)
    }
}

/// A path's file name as a string.
pub fn file_name(p: &Path) -> String {
    p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// Spawns measurement processes and keeps the results of counter runs.
pub struct Runner {
    /// The seabed binary (the current executable).
    pub seabed: PathBuf,
    /// Scratch directory for stats files and callgrind dumps.
    pub scratch: PathBuf,
    cache: Mutex<HashMap<RunSpec, Arc<Result<Stats, String>>>>,
    counter: AtomicU64,
    /// Show progress bars (off in tests).
    pub progress: bool,
    /// Every run so far: (spec, seconds, outcome), for `claims_runs.csv`.
    pub log: Mutex<Vec<(RunSpec, f64, String)>>,
}

impl Runner {
    /// A runner that spawns `seabed` and writes scratch files under `scratch`.
    pub fn new(seabed: PathBuf, scratch: PathBuf, progress: bool) -> Result<Runner, String> {
        std::fs::create_dir_all(&scratch).map_err(|e| format!("cannot create {}: {e}", scratch.display()))?;
        Ok(Runner { seabed, scratch, cache: Mutex::new(HashMap::new()), counter: AtomicU64::new(0), progress, log: Mutex::new(Vec::new()) })
    }

    fn bar(&self, len: usize, what: &str) -> Progress {
        Progress::maybe(self.progress && len >= 2, what, len as u64)
    }

    fn fresh_path(&self, ext: &str) -> PathBuf {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        self.scratch.join(format!("run{n}.{ext}"))
    }

    /// Runs `spec` once with `--stats` and parses the statistics (not cached).
    pub fn run_once(&self, spec: &RunSpec) -> Result<Stats, String> {
        let json = self.fresh_path("json");
        let start = Instant::now();
        let status = Command::new(&self.seabed)
            .arg("run")
            .arg(&spec.program)
            .args(&spec.args)
            .arg("--stats")
            .arg(&json)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("cannot run {}: {e}", self.seabed.display()))?;
        let secs = start.elapsed().as_secs_f64();
        let result = std::fs::read_to_string(&json)
            .map_err(|_| format!("{} {}: no statistics (exit status {status})", spec.program_name(), spec.args.join(" ")))
            .and_then(|t| Stats::parse(&t))
            .and_then(|s| s.without_internal_errors().map(|()| s))
            .map_err(|e| format!("{} {}: {e}", spec.program_name(), spec.args.join(" ")))
            .map(|mut s| {
                s.status = status.code().unwrap_or(-1);
                s.process_s = secs;
                s
            });
        let _ = std::fs::remove_file(&json);
        let outcome = match &result {
            Ok(s) => format!("exit {}", s.status),
            Err(e) => format!("error: {e}"),
        };
        if let Ok(mut log) = self.log.lock() {
            log.push((spec.clone(), secs, outcome));
        }
        result
    }

    /// Counter runs: runs every spec not yet cached, in parallel, and returns the results in
    /// the order of `specs`.
    pub fn counters(&self, specs: &[RunSpec], what: &str) -> Vec<Arc<Result<Stats, String>>> {
        let missing: Vec<RunSpec> = {
            let cache = self.cache.lock().expect("cache");
            let mut seen = std::collections::HashSet::new();
            specs.iter().filter(|s| !cache.contains_key(*s) && seen.insert((*s).clone())).cloned().collect()
        };
        let bar = self.bar(missing.len(), what);
        let results: Vec<(RunSpec, Result<Stats, String>)> = missing
            .into_par_iter()
            .map(|s| {
                let r = self.run_once(&s);
                bar.inc(1);
                (s, r)
            })
            .collect();
        bar.finish();
        let mut cache = self.cache.lock().expect("cache");
        for (s, r) in results {
            cache.insert(s, Arc::new(r));
        }
        specs.iter().map(|s| cache[s].clone()).collect()
    }

    /// Timing runs: `count` jobs, one at a time, in order, with a progress bar; `job(i)`
    /// runs the i-th measurement.
    pub fn serial<T>(&self, count: usize, what: &str, mut job: impl FnMut(usize) -> T) -> Vec<T> {
        let bar = self.bar(count, what);
        let out = (0..count)
            .map(|i| {
                let r = job(i);
                bar.inc(1);
                r
            })
            .collect();
        bar.finish();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_stats_and_labels() {
        let phase = |label: &str, extra: Vec<(String, u64)>| harness::stats::PhaseSummary {
            function: "f".into(),
            label: label.into(),
            wall_ns: 10,
            visits: 20,
            changes: 1,
            replacements: 2,
            revisits: 0,
            nodes_in: 5,
            nodes_out: 4,
            bytes_allocated: None,
            peak_live_bytes: None,
            extra,
        };
        let stats = harness::stats::Stats {
            schema_version: harness::stats::STATS_SCHEMA_VERSION,
            tier: "son".into(),
            backend: "lir".into(),
            compile_thread: false,
            spec: String::new(),
            tiering: harness::stats::TieringSummary { compiles: 2, exits: 1, ..Default::default() },
            gc: harness::stats::GcSummary::from_gc_stats(&Default::default()),
            peak_rss_kb: None,
            exit_reasons: Default::default(),
            bailouts_by_reason: Default::default(),
            functions: Vec::new(),
            phases: vec![phase("son/reduce#2", vec![("dce.visits".into(), 7)]), phase("cfg/copy(lower,vn)#3", Vec::new())],
        };
        let text = harness::stats::write_stats(&stats);
        let s = Stats::parse(&text).unwrap();
        assert_eq!(s.tiering.compiles, 2);
        assert_eq!(s.phases.len(), 2);
        assert_eq!(s.phases[0].name(), "reduce");
        assert_eq!(s.phases[0].pipeline(), "son");
        assert_eq!(s.phases[0].extra("dce.visits"), Some(7));
        assert_eq!(s.phases[0].bytes_allocated, None);
        assert_eq!(s.phases[1].name(), "copy(lower,vn)");
        assert_eq!(phase_kind(&s.phases[1]), "lower");
        assert_eq!(phase_kind(&s.phases[0]), "reduce/copy");
        assert!(Stats::parse("not json").is_err());
        let old = text.replace("\"schema_version\": 1", "\"schema_version\": 2");
        assert!(Stats::parse(&old).unwrap_err().contains("schema version 2"), "{old}");
    }

    #[test]
    fn a_run_that_met_a_compiler_bug_is_an_error_and_a_refusal_is_not() {
        let mut s = Stats::default();
        s.bailouts_by_reason.insert("TextConstant".into(), 3);
        assert_eq!(s.without_internal_errors(), Ok(()));
        s.bailouts_by_reason.insert("Schedule".into(), 1);
        let e = s.without_internal_errors().unwrap_err();
        assert!(e.contains("Schedule: 1") && !e.contains("TextConstant"), "{e}");
    }

}
