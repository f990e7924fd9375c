//! `make bench-gc`: the garbage-collector benchmark (issue 18) — allocation throughput and pause
//! times of seabed's non-moving mark-sweep collector, against node.
//!
//! The programs are those of `experiments/gcbench/` (see its `README.md`): three
//! allocation-heavy programs that each allocate well over 1 GB in seabed's accounting while
//! keeping a live set of a few MB, and print a deterministic checksum on stdout (node's,
//! committed as `NAME.expected`).
//!
//! [`run`] runs every program under node and under seabed's interpreter and two pipelines
//! (`seabed run FILE --tier interp`, `--tier son|cfg --backend llvm`: default tiering, LLVM
//! `ftl`, background compile thread), one process at a time, interleaved: per repetition, per
//! program, the four configurations in an order that rotates with the repetition
//! ([`CONFIGS`]). Every run's stdout must be `NAME.expected` and its exit status 0; a run that
//! differs is left out of the figures, listed in `gc.md`, and makes the experiment fail after
//! the results are written.
//!
//! **seabed.** Every run has `--stats`, whose object `gc` gives the collections, the cells and
//! bytes allocated and freed, the live bytes and the pause times (median, max, total), and whose
//! `peak_rss_kb` is the process's peak resident set size (`VmHWM`) — [`seabed_figures`].
//!
//! **node.** Two processes per repetition, one after the other in node's slot:
//!
//! - the *timed* run, `node --require PROBE FILE`, gives the wall time and the peak RSS: the
//!   probe (a module of one line, [`harness::process::RSS_PROBE`], as `seabed awfy` uses) writes
//!   `process.resourceUsage().maxRSS` (KiB, `getrusage`) at exit to a file named in its
//!   environment; it prints nothing, so stdout is checked as it is;
//! - the *traced* run, `node --trace-gc FILE`, gives the collections and pauses: V8 prints one
//!   line per collection on stdout ([`parse_trace_gc_line`]); those lines are taken out
//!   ([`is_trace_line`]) before the program's own output is checked. Its wall time is kept
//!   (`wall_traced_s`) to show what tracing costs, and its pause share is its total pause over
//!   its own wall time.
//!
//! node's bytes allocated are not observable from outside without instrumenting V8 (its
//! allocation sites are inlined into JIT code), so node's `allocated_mib` and throughput are
//! left empty; `reclaimed_mib` (what the collections freed: the sum of heap size before minus
//! after over node's collections, seabed's `bytes_freed`) is the figure both sides have. A
//! node pause is the first figure after `MB,` in a trace line: the collection's atomic pause on
//! the main thread (incremental marking steps before a mark-compact are not in it).
//!
//! `gc.csv` is tidy: one row per program × configuration, the repetitions' summary
//! ([`COLUMNS`]); `gc.md` ([`markdown`]) has the same figures as a table, the method and what
//! could make them wrong.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::finding::median;

/// The configurations, in their order at repetition 0.
pub const CONFIGS: [&str; 4] = ["node", "interp", "son", "cfg"];

/// The columns of `gc.csv`: [`harness::schema::GC_COLUMNS`], where each is defined.
pub const COLUMNS: &[&str] = harness::schema::GC_COLUMNS;

const MIB: f64 = 1024.0 * 1024.0;

/// The directory of the benchmark's programs, `experiments/gcbench`.
pub fn programs_dir() -> PathBuf {
    harness::process::experiments_dir().join("gcbench")
}

/// One collection as node's `--trace-gc` reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeGc {
    /// The collector: `Scavenge`, `Mark-Compact`, `Mark-Compact (reduce)`, ...
    pub kind: String,
    /// A young-generation collection (a scavenge or a minor mark-compact).
    pub young: bool,
    /// Heap size before the collection, MiB.
    pub before_mib: f64,
    /// Heap size after the collection, MiB.
    pub after_mib: f64,
    /// The pause on the main thread, milliseconds (the first figure after `MB,`).
    pub pause_ms: f64,
}

/// True for a line V8 prints with `--trace-gc` (or any isolate-prefixed trace line):
/// `[PID:0xADDR] ...`. A program's own output never starts that way in the benchmark.
pub fn is_trace_line(line: &str) -> bool {
    let Some(rest) = line.strip_prefix('[') else { return false };
    let Some((prefix, _)) = rest.split_once(']') else { return false };
    let Some((pid, addr)) = prefix.split_once(':') else { return false };
    !pid.is_empty()
        && pid.bytes().all(|b| b.is_ascii_digit())
        && addr.strip_prefix("0x").is_some_and(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Parses one `--trace-gc` line, e.g.
/// `[32333:0x7253c60]  46 ms: Scavenge 3.9 (4.0) -> 3.1 (5.0) MB, 0.57 / 0.00 ms  (average mu ...`;
/// `None` for any other line.
pub fn parse_trace_gc_line(line: &str) -> Option<NodeGc> {
    if !is_trace_line(line) {
        return None;
    }
    let (_, rest) = line.split_once(']')?;
    let (_, rest) = rest.split_once(" ms: ")?;
    let (left, right) = rest.split_once(" -> ")?;
    // left: "KIND... BEFORE (COMMITTED)"
    let tokens: Vec<&str> = left.split_whitespace().collect();
    let n = tokens.len();
    if n < 3 || !(tokens[n - 1].starts_with('(') && tokens[n - 1].ends_with(')')) {
        return None;
    }
    let before_mib: f64 = tokens[n - 2].parse().ok()?;
    let kind = tokens[..n - 2].join(" ");
    if kind.is_empty() {
        return None;
    }
    // right: "AFTER (COMMITTED) MB, PAUSE / ASYNC ms ..."
    let after_mib: f64 = right.split_whitespace().next()?.parse().ok()?;
    let (_, tail) = right.split_once("MB,")?;
    let pause_ms: f64 = tail.split_whitespace().next()?.parse().ok()?;
    if !(before_mib.is_finite() && after_mib.is_finite() && pause_ms.is_finite()) {
        return None;
    }
    let young = kind.starts_with("Scavenge") || kind.starts_with("Minor");
    Some(NodeGc { kind, young, before_mib, after_mib, pause_ms })
}

/// The collector figures of one process, node's or seabed's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GcFigures {
    /// Collections in all.
    pub collections: u64,
    /// Young-generation collections (node's scavenges; 0 for seabed).
    pub young: u64,
    /// Full collections (node's mark-compacts; every seabed collection).
    pub full: u64,
    /// Cells allocated (seabed only).
    pub cells_allocated: Option<u64>,
    /// Bytes allocated (seabed only).
    pub bytes_allocated: Option<f64>,
    /// Bytes the collections freed.
    pub bytes_reclaimed: f64,
    /// The most live bytes after a collection (seabed only).
    pub live_max_bytes: Option<f64>,
    /// The median pause, milliseconds (0 without collections).
    pub pause_median_ms: f64,
    /// The longest pause, milliseconds.
    pub pause_max_ms: f64,
    /// All pauses together, milliseconds.
    pub pause_total_ms: f64,
    /// Peak resident set size in KiB, when the process reported it.
    pub peak_rss_kib: Option<f64>,
}

/// The figures of a node run from its `--trace-gc` output (stdout): every trace line that
/// [`parse_trace_gc_line`] reads; other lines are ignored.
pub fn node_figures(trace: &str) -> GcFigures {
    let events: Vec<NodeGc> = trace.lines().filter_map(parse_trace_gc_line).collect();
    let pauses: Vec<f64> = events.iter().map(|e| e.pause_ms).collect();
    let young = events.iter().filter(|e| e.young).count() as u64;
    GcFigures {
        collections: events.len() as u64,
        young,
        full: events.len() as u64 - young,
        cells_allocated: None,
        bytes_allocated: None,
        bytes_reclaimed: events.iter().map(|e| (e.before_mib - e.after_mib).max(0.0)).sum::<f64>() * MIB,
        live_max_bytes: None,
        pause_median_ms: if pauses.is_empty() { 0.0 } else { median(&pauses) },
        pause_max_ms: pauses.iter().copied().fold(0.0, f64::max),
        pause_total_ms: pauses.iter().sum(),
        peak_rss_kib: None,
    }
}

/// The figures of a seabed run from its `--stats` JSON text (object `gc`, `peak_rss_kb`). A
/// file of another `schema_version` is an error ([`harness::stats::check_schema_version`]).
pub fn seabed_figures(json: &str) -> Result<GcFigures, String> {
    let v: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("stats JSON: {e}"))?;
    harness::stats::check_schema_version(&v, true)?;
    let gc = &v["gc"];
    let int = |key: &str| gc[key].as_u64().ok_or_else(|| format!("stats JSON: no gc.{key}"));
    let ms = |key: &str| int(key).map(|ns| ns as f64 / 1e6);
    let collections = int("collections")?;
    Ok(GcFigures {
        collections,
        young: 0,
        full: collections,
        cells_allocated: Some(int("cells_allocated")?),
        bytes_allocated: Some(int("bytes_allocated")? as f64),
        bytes_reclaimed: int("bytes_freed")? as f64,
        live_max_bytes: Some(int("live_bytes_max")? as f64),
        pause_median_ms: ms("pause_median_ns")?,
        pause_max_ms: ms("pause_max_ns")?,
        pause_total_ms: ms("pause_total_ns")?,
        peak_rss_kib: v["peak_rss_kb"].as_f64(),
    })
}

/// The program's own output in a `--trace-gc` run's stdout: every line but V8's trace lines.
pub fn program_output(stdout: &str) -> String {
    stdout.split_inclusive('\n').filter(|l| !is_trace_line(l)).collect()
}

/// One measured run of a program under a configuration.
#[derive(Clone, Debug)]
pub struct Run {
    /// Whole-process wall time, seconds (node: the run without `--trace-gc`).
    pub wall_s: f64,
    /// node only: wall time of the `--trace-gc` run, seconds.
    pub wall_traced_s: Option<f64>,
    /// The collector's figures.
    pub gc: GcFigures,
}

impl Run {
    /// Total pause over wall time (node: over the traced run's wall time).
    fn pause_share(&self) -> f64 {
        self.gc.pause_total_ms / 1e3 / self.wall_traced_s.unwrap_or(self.wall_s)
    }
}

/// The summary of one program × configuration: a row of `gc.csv`.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The program's name (`experiments/gcbench/<program>.js`).
    pub program: String,
    /// The configuration ([`CONFIGS`]).
    pub config: String,
    /// Repetitions run.
    pub reps: u32,
    /// The runs whose output was right.
    pub runs: Vec<Run>,
}

impl Summary {
    fn stat(&self, f: impl Fn(&Run) -> Option<f64>) -> f64 {
        let xs: Vec<f64> = self.runs.iter().filter_map(f).collect();
        median(&xs)
    }
    /// Median wall time, seconds (`NaN` without runs).
    pub fn wall(&self) -> f64 {
        self.stat(|r| Some(r.wall_s))
    }
    fn wall_min(&self) -> f64 {
        self.runs.iter().map(|r| r.wall_s).fold(f64::NAN, f64::min)
    }
    fn wall_max(&self) -> f64 {
        self.runs.iter().map(|r| r.wall_s).fold(f64::NAN, f64::max)
    }
    fn pause_max(&self) -> f64 {
        self.runs.iter().map(|r| r.gc.pause_max_ms).fold(f64::NAN, f64::max)
    }
    /// The run with the median number of collections (the lower median).
    fn median_run(&self) -> Option<&Run> {
        let mut runs: Vec<&Run> = self.runs.iter().collect();
        runs.sort_by_key(|r| r.gc.collections);
        runs.get(runs.len().saturating_sub(1) / 2).copied()
    }
    fn throughput(&self) -> f64 {
        self.stat(|r| r.gc.bytes_allocated.map(|b| b / MIB / r.wall_s))
    }
    /// The row's fields in [`COLUMNS`] order, given node's median wall time for this program
    /// and the context (`git_revision`, `node_version`, `machine`).
    pub fn fields(&self, node_wall: f64, context: [&str; 3]) -> Vec<String> {
        let f = |x: f64, d: usize| if x.is_finite() { format!("{x:.d$}") } else { String::new() };
        let wall = self.wall();
        let counts = |f: fn(&GcFigures) -> u64| self.median_run().map_or(String::new(), |r| f(&r.gc).to_string());
        vec![
            self.program.clone(),
            self.config.clone(),
            self.reps.to_string(),
            self.runs.len().to_string(),
            f(wall, 4),
            f(self.wall_min(), 4),
            f(self.wall_max(), 4),
            f(wall / node_wall, 3),
            f(self.stat(|r| r.gc.peak_rss_kib.map(|k| k / 1024.0)), 1),
            counts(|g| g.collections),
            counts(|g| g.young),
            counts(|g| g.full),
            f(self.stat(|r| r.gc.cells_allocated.map(|c| c as f64)), 0),
            f(self.stat(|r| r.gc.bytes_allocated.map(|b| b / MIB)), 1),
            f(self.stat(|r| Some(r.gc.bytes_reclaimed / MIB)), 1),
            f(self.stat(|r| r.gc.live_max_bytes.map(|b| b / MIB)), 2),
            f(self.throughput(), 1),
            f(self.stat(|r| Some(r.gc.pause_median_ms)), 3),
            f(self.pause_max(), 3),
            f(self.stat(|r| Some(r.gc.pause_total_ms)), 1),
            f(self.stat(|r| Some(r.pause_share() * 100.0)), 1),
            f(self.stat(|r| r.wall_traced_s), 4),
            context[0].to_string(),
            context[1].to_string(),
            context[2].to_string(),
        ]
    }
}

/// One whole-process run: wall time, stdout, stderr, exit status.
struct Process {
    wall_s: f64,
    stdout: String,
    stderr: String,
    status: Option<i32>,
}

fn execute(cmd: &mut Command) -> Result<Process, String> {
    let start = Instant::now();
    let out = cmd.stdin(Stdio::null()).output().map_err(|e| format!("{cmd:?}: {e}"))?;
    let wall_s = start.elapsed().as_secs_f64();
    Ok(Process {
        wall_s,
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: out.status.code(),
    })
}

/// Why a run's output is not the expected one, or `None` when it is (exit status 0, stdout
/// equal to `expected` after `filter`).
fn check(p: &Process, stdout: &str, expected: &str) -> Option<String> {
    if p.status != Some(0) {
        let first = p.stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        return Some(format!("exit status {:?}: {first}", p.status));
    }
    if stdout != expected {
        let got = stdout.lines().zip(expected.lines()).find(|(a, b)| a != b);
        return Some(match got {
            Some((a, b)) => format!("printed '{a}' where node printed '{b}'"),
            None => format!("printed {} line(s), node {}", stdout.lines().count(), expected.lines().count()),
        });
    }
    None
}

/// Runs `program` once under `config`; `Err` with the reason when its output was wrong.
fn measure(config: &str, program: &Path, expected: &str, seabed: &Path, node: &str, scratch: &Path) -> Result<Result<Run, String>, String> {
    let name = program.file_stem().unwrap().to_string_lossy().into_owned();
    if config == "node" {
        let rss = scratch.join(format!("{name}.node-rss"));
        let _ = std::fs::remove_file(&rss);
        let timed = execute(Command::new(node).arg("--require").arg(scratch.join("rss-probe.js")).arg(program).env("SEABED_RSS_OUT", &rss))?;
        if let Some(why) = check(&timed, &timed.stdout, expected) {
            return Ok(Err(why));
        }
        let traced = execute(Command::new(node).arg("--trace-gc").arg(program))?;
        if let Some(why) = check(&traced, &program_output(&traced.stdout), expected) {
            return Ok(Err(format!("with --trace-gc: {why}")));
        }
        let mut gc = node_figures(&traced.stdout);
        gc.peak_rss_kib = std::fs::read_to_string(&rss).ok().and_then(|t| t.trim().parse().ok());
        return Ok(Ok(Run { wall_s: timed.wall_s, wall_traced_s: Some(traced.wall_s), gc }));
    }
    let stats = scratch.join(format!("{name}.{config}.json"));
    let _ = std::fs::remove_file(&stats);
    let mut cmd = Command::new(seabed);
    cmd.arg("run").arg(program).args(["--tier", config]);
    if config != "interp" {
        cmd.args(["--backend", "llvm"]);
    }
    let p = execute(cmd.arg("--stats").arg(&stats))?;
    if let Some(why) = check(&p, &p.stdout, expected) {
        return Ok(Err(why));
    }
    let json = std::fs::read_to_string(&stats).map_err(|e| format!("{}: {e}", stats.display()))?;
    Ok(Ok(Run { wall_s: p.wall_s, wall_traced_s: None, gc: seabed_figures(&json)? }))
}

/// Measures every program of `experiments/gcbench` `reps` times under node, interp, son and
/// cfg (interleaved, one process at a time), writes `gc.csv` and `gc.md` to `out`; fails
/// (after writing them) when a run's output or exit status was not node's.
pub fn run(out: &Path, reps: u32) -> Result<(), String> {
    let seabed = std::env::current_exe().map_err(|e| e.to_string())?;
    let (node, node_version) = harness::process::node();
    let node_version = node_version.ok_or("bench-gc needs node (the baseline); run 'make setup'")?;
    let (revision, machine) = (harness::process::git_revision(), harness::process::machine());
    let dir = programs_dir();
    let files = crate::code_quality::kernels(&dir)?;
    if files.is_empty() {
        return Err(format!("no programs in {}", dir.display()));
    }
    let scratch = std::env::temp_dir().join(format!("seabed-gcbench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|e| format!("cannot create {}: {e}", scratch.display()))?;
    std::fs::write(scratch.join("rss-probe.js"), harness::process::RSS_PROBE).map_err(|e| format!("cannot write the RSS probe: {e}"))?;
    let mut summaries: BTreeMap<(String, usize), Summary> = BTreeMap::new();
    let mut failures = Vec::new();
    let started = Instant::now();
    let bar = harness::progress::Progress::new("bench-gc", u64::from(reps) * files.len() as u64 * CONFIGS.len() as u64);
    for rep in 0..reps {
        for path in &files {
            let program = path.file_stem().unwrap().to_string_lossy().into_owned();
            bar.set_message(program.as_str());
            let expected = std::fs::read_to_string(path.with_extension("expected"))
                .map_err(|e| format!("{}: no NAME.expected ({e}); run 'node NAME.js > NAME.expected'", path.display()))?;
            for order in 0..CONFIGS.len() {
                let c = (order + rep as usize) % CONFIGS.len();
                let config = CONFIGS[c];
                let summary = summaries.entry((program.clone(), c)).or_insert_with(|| Summary {
                    program: program.clone(),
                    config: config.to_string(),
                    reps: 0,
                    runs: Vec::new(),
                });
                summary.reps += 1;
                let measured = measure(config, path, &expected, &seabed, &node, &scratch)?;
                bar.inc(1);
                match measured {
                    Ok(r) => {
                        bar.println(format!(
                            "bench-gc: rep {}/{reps} {program} {config}: {:.3} s, {} collections, pause median {:.2} ms ({:.0} s so far)",
                            rep + 1,
                            r.wall_s,
                            r.gc.collections,
                            r.gc.pause_median_ms,
                            started.elapsed().as_secs_f64()
                        ));
                        summary.runs.push(r);
                    }
                    Err(why) => {
                        bar.println(format!("bench-gc: rep {}/{reps} {program} {config}: WRONG: {why}", rep + 1));
                        failures.push(format!("{program} under {config} (repetition {}): {why}", rep + 1));
                    }
                }
            }
        }
    }
    bar.finish();
    let _ = std::fs::remove_dir_all(&scratch);
    let rows: Vec<Summary> = summaries.into_values().collect();
    let context = [revision.as_str(), node_version.as_str(), machine.as_str()];
    std::fs::write(out.join("gc.csv"), csv(&rows, context)).map_err(|e| format!("cannot write gc.csv: {e}"))?;
    std::fs::write(out.join("gc.md"), markdown(&rows, context, &failures)).map_err(|e| format!("cannot write gc.md: {e}"))?;
    eprintln!("bench-gc: wrote {} and {}", out.join("gc.csv").display(), out.join("gc.md").display());
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{} run(s) did not print node's output:\n  {}", failures.len(), failures.join("\n  ")))
    }
}

/// node's median wall time for `program` among `rows`.
fn node_wall(rows: &[Summary], program: &str) -> f64 {
    rows.iter().find(|s| s.program == program && s.config == "node").map_or(f64::NAN, Summary::wall)
}

/// `gc.csv`'s text: [`COLUMNS`], then one row per summary.
pub fn csv(rows: &[Summary], context: [&str; 3]) -> String {
    let records: Vec<Vec<String>> = rows.iter().map(|s| s.fields(node_wall(rows, &s.program), context).to_vec()).collect();
    harness::schema::to_text::<harness::schema::GcRow>(&records)
}

/// `gc.md`'s text: per program and configuration the figures of [`COLUMNS`] that matter most,
/// the method, what could make the figures wrong, and the runs left out (`failures`).
pub fn markdown(rows: &[Summary], context: [&str; 3], failures: &[String]) -> String {
    let [revision, node_version, machine] = context;
    let reps = rows.iter().map(|s| s.reps).max().unwrap_or(0);
    let mut table = String::new();
    for s in rows {
        let v = s.fields(node_wall(rows, &s.program), context);
        let col = |name: &str| {
            let i = COLUMNS.iter().position(|c| *c == name).expect("a column");
            if v[i].is_empty() {
                "–".to_string()
            } else {
                v[i].clone()
            }
        };
        let collections = if s.config == "node" {
            format!("{} ({} young, {} full)", col("collections"), col("young_collections"), col("full_collections"))
        } else {
            col("collections")
        };
        let t = |x: f64| if x.is_finite() { format!("{x:.2}") } else { "–".into() };
        let range = format!("{} ({}–{})", t(s.wall()), t(s.wall_min()), t(s.wall_max()));
        let wall = if s.config == "node" {
            format!("{range}, traced {}", t(s.stat(|r| r.wall_traced_s)))
        } else {
            format!("{range}, {}×", t(s.wall() / node_wall(rows, &s.program)))
        };
        let _ = writeln!(
            table,
            "| {} | {} | {} | {} | {} | {} | {} / {} | {} | {} | {} |",
            s.program,
            s.config,
            wall,
            col("peak_rss_mib"),
            collections,
            col("allocated_mib"),
            col("pause_median_ms"),
            col("pause_max_ms"),
            col("pause_share_pct"),
            col("throughput_mib_per_s"),
            col("live_max_mib"),
        );
    }
    let failures = if failures.is_empty() {
        "Every run printed node's output (`NAME.expected`) and exited with status 0.\n".to_string()
    } else {
        format!(
            "**Runs left out** (output or exit status not node's; the experiment failed):\n\n{}\n",
            failures.iter().map(|f| format!("- {f}\n")).collect::<String>()
        )
    };
    format!(
        "# Garbage collection: allocation throughput and pauses against node\n\n\
         The three programs of `experiments/gcbench/` (short-lived objects, binary trees, string \
         and array churn; each allocates over 1 GB in seabed's accounting with a live set of a \
         few MB) under node ({node_version}) and under seabed's interpreter and two pipelines \
         (`--tier son|cfg --backend llvm`, default tiering), one process at a time, interleaved \
         in an order that rotates with the repetition; {reps} repetition(s), median shown. \
         Revision {revision}, {machine}.\n\n\
         | program | config | wall (s) | peak RSS (MiB) | collections | allocated (MiB) | pause median / max (ms) | pause share (%) | MiB/s | max live (MiB) |\n\
         |---|---|---|---|---|---|---|---|---|---|\n{table}\n\
         *wall*: whole-process wall time, start-up and compilation included: median (min–max), \
         then for seabed its ratio over node's median, for node the median time of the \
         `--trace-gc` runs. *pause \
         share*: total pause time over wall time. *MiB/s*: seabed's bytes allocated over wall \
         time (the whole run, mutator and collector). *max live*: seabed's most live bytes after \
         a collection. node's bytes allocated are not observable from outside V8 (–); \
         `gc.csv` has `reclaimed_mib`, what the collections freed, for both.\n\n\
         {failures}\n\
         ## Method\n\n\
         - seabed: `seabed run FILE --tier T --stats OUT.json`; the figures are the `gc` object \
         of the stats (collections, cells and bytes allocated and freed, live bytes, pause \
         median, max and total, each pause timed around a whole collection: stack scan, mark, \
         sweep) and `peak_rss_kb` (the process's `VmHWM`).\n\
         - node, timed run: `node --require PROBE FILE`; wall time, and the peak RSS that the \
         probe writes at exit (`process.resourceUsage().maxRSS`, `getrusage`'s `ru_maxrss`).\n\
         - node, traced run (right after the timed one): `node --trace-gc FILE`; one line per \
         collection on stdout, taken out before the program's output is checked; scavenges are \
         young collections, mark-compacts full ones; the pause is the first figure after `MB,` \
         (the atomic pause; incremental marking steps are not counted); reclaimed bytes are \
         heap size before minus after. Tracing adds little: compare the two wall times above.\n\
         - Every run's stdout must equal node's (`NAME.expected`) with exit status 0; a run that \
         does not is left out and listed, and the experiment fails.\n\
         - Medians over the repetitions; a pause median is the median of the runs' medians, a \
         pause max the longest pause of any run; the collection counts are those of the run \
         with the median count.\n\n\
         ## What could make these figures wrong\n\n\
         - **seabed's byte accounting is approximate.** It counts record sizes (an object record \
         plus 8 bytes per property slot, an array record plus 8 bytes per element, a string 16 \
         bytes plus 2 per code unit) as allocated, not what `malloc` spends (headers, rounding, \
         a buffer's spare capacity); elements added to an existing array (`push`, a store past \
         the end, `.length = n`) count 8 bytes each when added, whatever the buffer's \
         capacity. MiB/s is therefore seabed's own measure, not comparable to a \
         malloc-level figure or to V8's object sizes (V8's objects are smaller: pointer \
         compression, in-object properties).\n\
         - **Different collectors.** node's collections are mostly young-generation scavenges \
         (copying only survivors of a 1–16 MiB nursery; the cost follows the live data) plus a \
         few incremental, concurrent mark-compacts; every seabed collection is a full, \
         stop-the-world, non-moving mark-sweep whose sweep visits every cell of the heap and \
         frees each dead cell's buffer, so its pause grows with the garbage as well as with the \
         live data (see `short_lived`, with almost nothing live). Pause medians compare a \
         scavenge with a full collection.\n\
         - **Different amounts of allocation.** V8's escape analysis and inlining remove many of \
         the temporaries seabed allocates (`short_lived`'s intermediate vectors), so node does \
         much less allocation for the same program; the collection counts are not per byte.\n\
         - **Inline allocation covers literals only.** seabed's son and cfg code allocates \
         object literals and arrays of at most four elements inline (docs/gc.md); `new`, longer \
         arrays and strings still go through a runtime call per cell, so the wall-time ratio \
         includes allocation cost, not only collection.\n\
         - **Whole-process times** include start-up and compilation (LLVM on a background \
         thread, which takes the second core of a 2-core machine while it runs); seabed's pause \
         times are measured in-process (`Instant`), node's by V8. Other load on the machine \
         shows as a wide min–max range.\n\
         - **Short node runs.** The workloads are sized so that seabed's runs (an order of \
         magnitude slower than node's) keep the benchmark to a few minutes; node finishes \
         each program in well under the issue's 1–3 s, so its figures include more of its \
         start-up and JIT warm-up than seabed's do.\n\n\
         Data: `gc.csv`, one row per program × configuration (columns in \
         `experiments/src/gc_bench.rs`, `COLUMNS`). Rerun with `make bench-gc` (`REPS=N`).\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines node v20.20.2 printed with `--trace-gc` for the benchmark's programs.
    const SCAVENGE: &str = "[32333:0x7253c60]       46 ms: Scavenge 3.9 (4.0) -> 3.1 (5.0) MB, 0.57 / 0.00 ms  (average mu = 1.000, current mu = 1.000) allocation failure; ";
    const MARK_COMPACT: &str = "[32344:0xf4fcc60]      438 ms: Mark-Compact 72.5 (98.0) -> 9.7 (50.0) MB, 16.86 / 0.00 ms  (+ 1.5 ms in 18 steps since start of marking, biggest step 0.4 ms, walltime since start of marking 23 ms) (average mu = 1.000, current mu = 1.000) finalize incremental marking via stack guard; GC in old space requested";
    /// node v20.20.2, `--max-old-space-size=20`, running out of memory.
    const REDUCE: &str = "[1892:0x37c23090]      103 ms: Mark-Compact 20.6 (30.1) -> 15.9 (27.9) MB, 4.10 / 0.00 ms  (average mu = 0.271, current mu = 0.271) allocation failure; scavenge might not succeed";

    #[test]
    fn trace_gc_lines_are_parsed() {
        assert_eq!(
            parse_trace_gc_line(SCAVENGE),
            Some(NodeGc { kind: "Scavenge".into(), young: true, before_mib: 3.9, after_mib: 3.1, pause_ms: 0.57 })
        );
        assert_eq!(
            parse_trace_gc_line(MARK_COMPACT),
            Some(NodeGc { kind: "Mark-Compact".into(), young: false, before_mib: 72.5, after_mib: 9.7, pause_ms: 16.86 })
        );
        let full = parse_trace_gc_line(REDUCE).unwrap();
        assert_eq!((full.kind.as_str(), full.young, full.before_mib, full.after_mib), ("Mark-Compact", false, 20.6, 15.9));
        // Not seen from node 20 here, but V8 names these kinds in other versions and modes.
        let reduce = "[7:0x5e1b2a0]  1203 ms: Mark-Compact (reduce) 12.4 (20.1) -> 11.9 (15.3) MB, 4.10 / 0.25 ms  (average mu = 0.951) low memory notification;";
        let reduce = parse_trace_gc_line(reduce).unwrap();
        assert_eq!((reduce.kind.as_str(), reduce.young, reduce.pause_ms), ("Mark-Compact (reduce)", false, 4.10));
        let minor = parse_trace_gc_line("[7:0x5e1b2a0]  12 ms: Minor Mark-Compact 3.9 (4.0) -> 3.1 (5.0) MB, 0.40 / 0.00 ms").unwrap();
        assert_eq!((minor.kind.as_str(), minor.young), ("Minor Mark-Compact", true));
        for other in [
            "short_lived 1000x4000 -169025112 1199410268",
            "[not a trace line] 3 ms: Scavenge 1 (2) -> 1 (2) MB, 0.1 / 0.0 ms",
            "[1:0x1]  5 ms: Scavenge garbled -> 1 (2) MB, 0.1 / 0.0 ms",
            "[1:0x1] Memory allocator,       used:   1024 KB, available: 2048 KB",
            "",
        ] {
            assert_eq!(parse_trace_gc_line(other), None, "{other}");
        }
    }

    #[test]
    fn a_traced_run_gives_counts_pauses_and_the_program_output() {
        let stdout = format!("{SCAVENGE}\n16 trees of depth 14 check: 524272\n{MARK_COMPACT}\n{SCAVENGE}\n{REDUCE}\ndone 7\n");
        assert_eq!(program_output(&stdout), "16 trees of depth 14 check: 524272\ndone 7\n");
        let f = node_figures(&stdout);
        assert_eq!((f.collections, f.young, f.full), (4, 2, 2));
        assert!((f.pause_total_ms - (0.57 * 2.0 + 16.86 + 4.10)).abs() < 1e-9, "{f:?}");
        assert!((f.pause_median_ms - (0.57 + 4.10) / 2.0).abs() < 1e-9, "{f:?}");
        assert_eq!(f.pause_max_ms, 16.86);
        let reclaimed = (0.8 * 2.0 + 62.8 + 4.7) * MIB;
        assert!((f.bytes_reclaimed - reclaimed).abs() < 1.0, "{f:?}");
        assert_eq!(f.bytes_allocated, None);
        let none = node_figures("just output\n");
        assert_eq!((none.collections, none.pause_median_ms, none.pause_max_ms), (0, 0.0, 0.0));
    }

    #[test]
    fn seabed_stats_are_read() {
        let json = r#"{"tier": "son", "gc": {"collections": 137, "cells_allocated": 24003023, "bytes_allocated": 1152145382, "cells_freed": 23939433, "bytes_freed": 1149092784, "live_bytes_last": 156728, "live_bytes_max": 157448, "pause_total_ns": 1134032230, "pause_median_ns": 8053222, "pause_max_ns": 18976865, "stack_words_scanned": 76652}, "peak_rss_kb": 67748}"#;
        let f = seabed_figures(json).unwrap();
        assert_eq!((f.collections, f.young, f.full, f.cells_allocated), (137, 0, 137, Some(24003023)));
        assert_eq!(f.bytes_allocated, Some(1152145382.0));
        assert!((f.pause_median_ms - 8.053222).abs() < 1e-9 && (f.pause_total_ms - 1134.03223).abs() < 1e-6);
        assert_eq!(f.peak_rss_kib, Some(67748.0));
        let no_rss = seabed_figures(&json.replace("67748", "null")).unwrap();
        assert_eq!(no_rss.peak_rss_kib, None);
        assert!(seabed_figures(r#"{"gc": {}}"#).unwrap_err().contains("gc.collections"));
        let v2 = json.replace(r#"{"tier""#, r#"{"schema_version": 2, "tier""#);
        assert!(seabed_figures(&v2).unwrap_err().contains("schema version 2"));
    }

    #[test]
    fn a_summary_row_has_every_column() {
        let node = Summary {
            program: "p".into(),
            config: "node".into(),
            reps: 2,
            runs: vec![
                Run { wall_s: 1.0, wall_traced_s: Some(1.1), gc: node_figures(SCAVENGE) },
                Run { wall_s: 3.0, wall_traced_s: Some(3.3), gc: node_figures(SCAVENGE) },
            ],
        };
        let gc = GcFigures { collections: 4, full: 4, bytes_allocated: Some(8.0 * MIB), pause_total_ms: 500.0, ..Default::default() };
        let ours = Summary { program: "p".into(), config: "son".into(), reps: 2, runs: vec![Run { wall_s: 4.0, wall_traced_s: None, gc }] };
        let rows = vec![node, ours];
        let text = csv(&rows, ["abc", "v20", "cpu, 2 cores"]);
        let table = crate::table::Table::parse(&text).unwrap();
        assert_eq!(table.header, COLUMNS);
        assert_eq!(meter::table::read_rows::<harness::schema::GcRow>(&text).unwrap().len(), 2);
        let son = &table.rows[1];
        assert_eq!(table.get(son, "slowdown_vs_node"), "2.000");
        assert_eq!(table.get(son, "throughput_mib_per_s"), "2.0");
        assert_eq!(table.get(son, "pause_share_pct"), "12.5");
        assert_eq!(table.get(son, "runs"), "1");
        assert_eq!(table.get(son, "wall_traced_s"), "");
        assert_eq!(table.get(son, "collections"), "4");
        let node = &table.rows[0];
        assert_eq!((table.get(node, "collections"), table.get(node, "young_collections"), table.get(node, "full_collections")), ("1", "1", "0"));
        assert_eq!(table.get(node, "wall_median_s"), "2.0000");
        assert_eq!(table.get(node, "allocated_mib"), "");
        assert_eq!(table.get(node, "machine"), "cpu, 2 cores");
        let md = markdown(&rows, ["abc", "v20", "m"], &["p under cfg (repetition 1): exit status Some(70): boom".into()]);
        assert!(md.contains("| p | son | 4.00 (4.00–4.00), 2.00× |"), "{md}");
        assert!(md.contains("| p | node | 2.00 (1.00–3.00), traced 2.20 |"), "{md}");
        assert!(md.contains("Runs left out"), "{md}");
    }
}
