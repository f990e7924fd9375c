//! The typed rows of every CSV file seabed writes outside the claims tables: one serde
//! struct per file, each a [`CsvSchema`] (file name, schema version, columns), read with
//! [`meter::table::read_rows`]. The claims tables (`c*_*.csv`, `claims_runs.csv`) are read
//! through the claims crate's `table::Table` and checked against their `Csv` definitions.
//! `docs/csv-schema.md` documents every column's unit and meaning; the claims crate's
//! `results::reader_for` maps a file name to its reader.
//!
//! Cells that the writer leaves empty (a figure that does not exist for that row) are
//! `Option`s here. The writers format numbers to a fixed precision, which these types read
//! back as `f64`.

use serde::{Deserialize, Serialize};

use meter::table::CsvSchema;

/// `bench_interp.csv`: seabed's interpreter against `node --jitless`, one row per program.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BenchInterpRow {
    /// Corpus file name (`bench_*.js`).
    pub program: String,
    /// Repetitions per side.
    pub reps: u32,
    /// Median whole-process wall time of `seabed run --tier interp`, seconds.
    pub seabed_interp_median_s: f64,
    /// Median whole-process wall time of `node --jitless`, seconds.
    pub node_jitless_median_s: f64,
    /// seabed / node.
    pub ratio: f64,
    /// seabed's git revision.
    pub git_revision: String,
    /// `node --version`.
    pub node_version: String,
    /// CPU model and core count.
    pub machine: String,
}

impl CsvSchema for BenchInterpRow {
    const NAME: &'static str = "bench_interp.csv";
    const VERSION: u32 = 1;
    const COLUMNS: &'static [&'static str] = &[
        "program",
        "reps",
        "seabed_interp_median_s",
        "node_jitless_median_s",
        "ratio",
        "git_revision",
        "node_version",
        "machine",
    ];
}

/// `tiers.csv`: every tier configuration on every bench program.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TiersRow {
    /// Corpus file name.
    pub program: String,
    /// Tier configuration label (`interp`, `baseline/lir`, `son/llvm`, ...).
    pub config: String,
    /// Repetitions.
    pub reps: u32,
    /// Median whole-process wall time, seconds.
    pub median_s: f64,
    /// interp's median / this configuration's median.
    pub speedup_over_interp: f64,
    /// seabed's git revision.
    pub git_revision: String,
    /// CPU model and core count.
    pub machine: String,
}

impl CsvSchema for TiersRow {
    const NAME: &'static str = "tiers.csv";
    const VERSION: u32 = 1;
    const COLUMNS: &'static [&'static str] =
        &["program", "config", "reps", "median_s", "speedup_over_interp", "git_revision", "machine"];
}

/// `v8_phases.csv`: V8's own compilation phase statistics (`--turbo-stats`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct V8PhaseRow {
    /// Kernel name.
    pub program: String,
    /// V8 pipeline (`turbofan`, `maglev`, ...).
    pub pipeline: String,
    /// `phase`, `group` or `total`.
    pub kind: String,
    /// Phase or group name as V8 prints it.
    pub phase: String,
    /// Time, milliseconds, summed over the run's compilations.
    pub time_ms: f64,
    /// Share of the pipeline's total time, percent.
    pub time_pct: Option<f64>,
    /// Zone memory, KB.
    pub space_kb: Option<f64>,
    /// `node --version`.
    pub node_version: String,
    /// seabed's git revision.
    pub git_revision: String,
}

impl CsvSchema for V8PhaseRow {
    const NAME: &'static str = "v8_phases.csv";
    const VERSION: u32 = 1;
    const COLUMNS: &'static [&'static str] =
        &["program", "pipeline", "kind", "phase", "time_ms", "time_pct", "space_kb", "node_version", "git_revision"];
}

/// `gc.csv`: the GC benchmark, one row per (program, configuration); see
/// [`GC_COLUMNS`] for each column's definition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GcRow {
    /// Program name.
    pub program: String,
    /// `node`, `interp`, `son` or `cfg`.
    pub config: String,
    /// Repetitions asked for.
    pub reps: u32,
    /// Runs that succeeded and are summarised.
    pub runs: u32,
    /// Median wall time, seconds.
    pub wall_median_s: f64,
    /// Fastest run, seconds.
    pub wall_min_s: f64,
    /// Slowest run, seconds.
    pub wall_max_s: f64,
    /// Median wall time / node's median wall time.
    pub slowdown_vs_node: Option<f64>,
    /// Peak resident set size, MiB.
    pub peak_rss_mib: Option<f64>,
    /// Collections (median run).
    pub collections: Option<u64>,
    /// Young-generation collections (node's scavenges; 0 for seabed).
    pub young_collections: Option<u64>,
    /// Full collections.
    pub full_collections: Option<u64>,
    /// Cells allocated (seabed only).
    pub cells_allocated: Option<u64>,
    /// Bytes allocated, MiB (seabed only).
    pub allocated_mib: Option<f64>,
    /// Bytes reclaimed by sweeping, MiB (seabed only).
    pub reclaimed_mib: Option<f64>,
    /// Most live bytes after a collection, MiB.
    pub live_max_mib: Option<f64>,
    /// Allocated MiB per wall second (seabed only).
    pub throughput_mib_per_s: Option<f64>,
    /// Median pause, ms.
    pub pause_median_ms: Option<f64>,
    /// Longest pause, ms.
    pub pause_max_ms: Option<f64>,
    /// Sum of pauses, ms.
    pub pause_total_ms: Option<f64>,
    /// Total pause / wall time, percent.
    pub pause_share_pct: Option<f64>,
    /// node only: median wall time of the `--trace-gc` runs, seconds.
    pub wall_traced_s: Option<f64>,
    /// seabed's git revision.
    pub git_revision: String,
    /// `node --version`.
    pub node_version: String,
    /// CPU model and core count.
    pub machine: String,
}

impl CsvSchema for GcRow {
    const NAME: &'static str = "gc.csv";
    const VERSION: u32 = 1;
    const COLUMNS: &'static [&'static str] = GC_COLUMNS;
}

/// `code-quality.csv`: one row per (kernel, configuration, repetition).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CodeQualityRow {
    /// Kernel name.
    pub kernel: String,
    /// `node`, `son`, `cfg`, ...
    pub config: String,
    /// Repetition, from 0.
    pub rep: u32,
    /// Position of this run in the interleaved run order.
    pub order: u32,
    /// Whether the run printed the expected output.
    pub ok: bool,
    /// Whole-process wall time, seconds.
    pub wall_s: Option<f64>,
    /// Timed iterations the kernel reported.
    pub iterations: Option<u32>,
    /// Median iteration time, ms.
    pub iter_median_ms: Option<f64>,
    /// Fastest iteration, ms.
    pub iter_min_ms: Option<f64>,
    /// Slowest iteration, ms.
    pub iter_max_ms: Option<f64>,
    /// Every iteration's time, ms, `;`-separated, in run order.
    pub iter_ms: String,
    /// seabed's git revision.
    pub git_revision: String,
    /// `node --version`.
    pub node_version: String,
    /// CPU model and core count.
    pub machine: String,
}

impl CsvSchema for CodeQualityRow {
    const NAME: &'static str = "code-quality.csv";
    const VERSION: u32 = 1;
    const COLUMNS: &'static [&'static str] = CODE_QUALITY_COLUMNS;
}

/// `awfy.csv`: one row per (benchmark, tier).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AwfyResultRow {
    /// Benchmark name.
    pub benchmark: String,
    /// Tier label (`interp`, `son`, `cfg`, `son-stress`, ...).
    pub tier: String,
    /// `pass`, `fail`, `timeout`, ...
    pub status: String,
    /// seabed's whole-process wall time, seconds (empty when not measured).
    pub seabed_s: Option<f64>,
    /// node's whole-process wall time, seconds.
    pub node_s: Option<f64>,
    /// seabed / node, for a pass.
    pub ratio: Option<f64>,
    /// seabed's peak RSS, MiB.
    pub seabed_peak_rss_mb: Option<f64>,
    /// node's peak RSS, MiB.
    pub node_peak_rss_mb: Option<f64>,
    /// seabed's collections.
    pub gc_collections: Option<u64>,
    /// Outer iterations (`innerBenchmarkLoop` calls).
    pub outer: u32,
    /// Inner iterations per call.
    pub inner: u32,
    /// First error line of a failure.
    pub error: String,
}

impl CsvSchema for AwfyResultRow {
    const NAME: &'static str = "awfy.csv";
    const VERSION: u32 = 1;
    const COLUMNS: &'static [&'static str] = &AWFY_COLUMNS;
}

/// `octane.csv`: one row per (benchmark, configuration) of `seabed octane`
/// ([`OCTANE_COLUMNS`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OctaneResultRow {
    /// Benchmark name (`Richards`).
    pub benchmark: String,
    /// Configuration label (`interp`, `baseline`, `son`, `cfg`, `son-stress`, `cfg-stress`).
    pub tier: String,
    /// `pass`, `fail`, `unsupported` or `timeout`.
    pub status: String,
    /// seabed's whole-process wall time, seconds (empty when not measured).
    pub seabed_s: Option<f64>,
    /// node's whole-process wall time, seconds.
    pub node_s: Option<f64>,
    /// seabed / node, for a pass.
    pub ratio: Option<f64>,
    /// seabed's peak RSS, MiB.
    pub seabed_peak_rss_mb: Option<f64>,
    /// node's peak RSS, MiB.
    pub node_peak_rss_mb: Option<f64>,
    /// seabed's collections.
    pub gc_collections: Option<u64>,
    /// First error line of a run that did not pass.
    pub error: String,
}

impl CsvSchema for OctaneResultRow {
    const NAME: &'static str = "octane.csv";
    const VERSION: u32 = 1;
    const COLUMNS: &'static [&'static str] = &OCTANE_COLUMNS;
}

/// `awfy-census.csv`: language features each benchmark uses that seabed lacks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AwfyCensusRow {
    /// Benchmark name.
    pub benchmark: String,
    /// Feature name, or why the census failed (then `count` and `first` are empty).
    pub feature: String,
    /// Occurrences.
    pub count: Option<u64>,
    /// First occurrence (`file:line`).
    pub first: String,
}

impl CsvSchema for AwfyCensusRow {
    const NAME: &'static str = "awfy-census.csv";
    const VERSION: u32 = 1;
    const COLUMNS: &'static [&'static str] = &["benchmark", "feature", "count", "first"];
}

/// `seabed ab --out FILE`: one row per (program, metric).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AbRow {
    /// Corpus file name.
    pub program: String,
    /// Metric name (`loads`, `compile_ns`, `wall_ns`, ...; `seabed ab --help` lists them).
    pub metric: String,
    /// Median of the metric under configuration A, in the metric's unit.
    pub a_median: Option<f64>,
    /// Median under configuration B.
    pub b_median: Option<f64>,
    /// B / A, six decimals; empty when either median is missing or zero.
    pub ratio: Option<f64>,
    /// Whether both configurations printed node's output.
    pub outputs_match_node: bool,
    /// Repetitions per configuration.
    pub reps: u32,
    /// `lir` or `llvm`.
    pub backend: String,
    /// Configuration A's spec.
    pub spec_a: String,
    /// Configuration B's spec.
    pub spec_b: String,
    /// seabed's git revision.
    pub git_revision: String,
}

impl CsvSchema for AbRow {
    const NAME: &'static str = "ab.csv";
    const VERSION: u32 = 1;
    const COLUMNS: &'static [&'static str] = &[
        "program",
        "metric",
        "a_median",
        "b_median",
        "ratio",
        "outputs_match_node",
        "reps",
        "backend",
        "spec_a",
        "spec_b",
        "git_revision",
    ];
}

/// `seabed fuzz`'s `summary.csv`: one row per mismatch found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FuzzSummaryRow {
    /// Generator seed of the program.
    pub seed: u64,
    /// Component blamed (`frontend`, `son`, `cfg`, ...).
    pub component: String,
    /// Mismatch kind (`output`, `status`, `crash`, ...).
    pub kind: String,
    /// seabed configuration that differed.
    pub config: String,
    /// node's exit status.
    pub node_status: String,
    /// seabed's exit status.
    pub seabed_status: String,
    /// What differed (at most 300 characters, line ends replaced by spaces).
    pub detail: String,
    /// The (reduced) program written for it, if any.
    pub file: String,
}

impl CsvSchema for FuzzSummaryRow {
    const NAME: &'static str = "summary.csv";
    const VERSION: u32 = 1;
    const COLUMNS: &'static [&'static str] =
        &["seed", "component", "kind", "config", "node_status", "seabed_status", "detail", "file"];
}

/// `seabed test262`'s `results.csv`: one row per (test, mode, tier) run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Test262ResultRow {
    /// Test path relative to the suite.
    pub path: String,
    /// `strict` or `sloppy`.
    pub mode: String,
    /// Tier name.
    pub tier: String,
    /// `pass`, `fail`, `crash`, `timeout`, ...
    pub outcome: String,
    /// The first error line, for a run that did not pass.
    pub detail: String,
}

impl CsvSchema for Test262ResultRow {
    const NAME: &'static str = "results.csv";
    const VERSION: u32 = 1;
    const COLUMNS: &'static [&'static str] = &["path", "mode", "tier", "outcome", "detail"];
}

/// `seabed test262`'s `selection.csv`: the classifier's decision per test and mode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Test262SelectionRow {
    /// Test path relative to the suite.
    pub path: String,
    /// `strict` or `sloppy`.
    pub mode: String,
    /// Whether the test runs in this mode.
    pub selected: bool,
    /// Why not, when it does not.
    pub reason: String,
}

impl CsvSchema for Test262SelectionRow {
    const NAME: &'static str = "selection.csv";
    const VERSION: u32 = 1;
    const COLUMNS: &'static [&'static str] = &["path", "mode", "selected", "reason"];
}

/// The text of a CSV file of schema `T` from rows of already formatted cells (each as long as
/// [`CsvSchema::COLUMNS`]): the version line, the header, the records, quoted by the `csv`
/// crate. The writers format their figures to a fixed precision this way; [`meter::table::read_rows`] reads
/// the file back as `T`.
pub fn to_text<T: CsvSchema>(rows: &[Vec<String>]) -> String {
    let mut out = Vec::new();
    meter::table::write_records(&mut out, T::VERSION, T::COLUMNS, rows).expect("writing CSV to memory");
    String::from_utf8(out).expect("CSV of strings is UTF-8")
}

/// The columns of `gc.csv`, one row per program × configuration. Medians are over the
/// repetitions whose output was node's (`runs` of them); MiB are 2^20 bytes (V8's `MB` in
/// `--trace-gc` lines is the same unit).
///
/// - `program`, `config` (`node`, `interp`, `son`, `cfg`), `reps` (repetitions run), `runs`
///   (repetitions whose stdout and exit status were right);
/// - `wall_median_s`, `wall_min_s`, `wall_max_s`: whole-process wall time (for node, the run
///   without `--trace-gc`);
/// - `slowdown_vs_node`: the median wall time over node's;
/// - `peak_rss_mib`: median peak resident set size;
/// - `collections`, `young_collections`, `full_collections`: of the run with the median number
///   of collections (the lower median for an even number of runs), so that young and full add
///   up; node's young ones are scavenges, its full ones mark-compacts; every seabed collection
///   is a full one;
/// - `cells_allocated`, `allocated_mib`: seabed's cells and bytes allocated (empty for node);
/// - `reclaimed_mib`: bytes the collections freed;
/// - `live_max_mib`: seabed's most live bytes after a collection (empty for node);
/// - `throughput_mib_per_s`: median over the runs of bytes allocated / wall time (seabed only);
/// - `pause_median_ms`: median over the runs of each run's median pause; `pause_max_ms`: the
///   longest pause of any run; `pause_total_ms`: median total pause of a run;
/// - `pause_share_pct`: median over the runs of total pause / wall time, in percent (node: of
///   the traced run);
/// - `wall_traced_s`: node only, the median wall time of the `--trace-gc` runs;
/// - `git_revision`, `node_version`, `machine`: the context.
pub const GC_COLUMNS: &[&str] = &[
    "program",
    "config",
    "reps",
    "runs",
    "wall_median_s",
    "wall_min_s",
    "wall_max_s",
    "slowdown_vs_node",
    "peak_rss_mib",
    "collections",
    "young_collections",
    "full_collections",
    "cells_allocated",
    "allocated_mib",
    "reclaimed_mib",
    "live_max_mib",
    "throughput_mib_per_s",
    "pause_median_ms",
    "pause_max_ms",
    "pause_total_ms",
    "pause_share_pct",
    "wall_traced_s",
    "git_revision",
    "node_version",
    "machine",
];

/// `bench_strings.csv`: one row per (workload, configuration, N) of `make bench-strings`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StringsRow {
    /// `append_int` (`s += i`) or `append_char` (`s += "x"`).
    pub workload: String,
    /// `node`, `interp`, `son` or `cfg`.
    pub config: String,
    /// Steps of the loop (0: the baseline of the RSS growth).
    pub n: u32,
    /// Repetitions run.
    pub reps: u32,
    /// Repetitions whose output was right.
    pub runs: u32,
    /// Best loop time the program measured, ms.
    pub loop_min_ms: Option<f64>,
    /// Median loop time, ms.
    pub loop_median_ms: Option<f64>,
    /// Calls the time program averaged over (empty without a run).
    pub builds_timed: Option<u32>,
    /// Median whole-process wall time, s.
    pub wall_median_s: Option<f64>,
    /// Median peak RSS, MiB.
    pub peak_rss_mib: Option<f64>,
    /// Median peak RSS above the N = 0 run's, MiB.
    pub rss_growth_mib: Option<f64>,
    /// seabed's bytes allocated, MiB (empty for node).
    pub allocated_mib: Option<f64>,
    /// Log-log slope of the loop time over the sizes (this workload and configuration).
    pub time_slope: Option<f64>,
    /// Log-log slope of the RSS growth.
    pub rss_slope: Option<f64>,
    /// Log-log slope of the bytes allocated above N = 0's (empty for node).
    pub allocated_slope: Option<f64>,
    /// seabed's git revision.
    pub git_revision: String,
    /// `node --version`.
    pub node_version: String,
    /// CPU model and core count.
    pub machine: String,
}

impl CsvSchema for StringsRow {
    const NAME: &'static str = "bench_strings.csv";
    const VERSION: u32 = 1;
    const COLUMNS: &'static [&'static str] = STRINGS_COLUMNS;
}

/// The columns of `bench_strings.csv` ([`StringsRow`] defines each).
pub const STRINGS_COLUMNS: &[&str] = &[
    "workload",
    "config",
    "n",
    "reps",
    "runs",
    "loop_min_ms",
    "loop_median_ms",
    "builds_timed",
    "wall_median_s",
    "peak_rss_mib",
    "rss_growth_mib",
    "allocated_mib",
    "time_slope",
    "rss_slope",
    "allocated_slope",
    "git_revision",
    "node_version",
    "machine",
];

/// The columns of `code-quality.csv`, one row per kernel × configuration × repetition:
///
/// - `kernel`: the program's name (`experiments/bench/<kernel>.js`);
/// - `config`: `node`, `son` or `cfg` (seabed `--tier son|cfg --backend llvm`, default tiering),
///   `son-cranelift` or `cfg-cranelift` (the same with `--backend cranelift`);
/// - `rep`: the repetition (0-based); `order`: the run's place among the kernel's runs of this
///   repetition (0-4, the order rotates with `rep`);
/// - `ok`: `true` when stdout and exit status were node's (`NAME.expected`, `NAME.status`);
/// - `wall_s`: whole-process wall time in seconds;
/// - `iterations`: how many `BENCH iteration` lines the run printed (its timed iterations);
/// - `iter_median_ms`, `iter_min_ms`, `iter_max_ms`: over this run's timed iterations;
/// - `iter_ms`: every timed iteration's time in milliseconds, in order, separated by `;`;
/// - `git_revision`, `node_version`, `machine`: the context of the run.
pub const CODE_QUALITY_COLUMNS: &[&str] = &[
    "kernel",
    "config",
    "rep",
    "order",
    "ok",
    "wall_s",
    "iterations",
    "iter_median_ms",
    "iter_min_ms",
    "iter_max_ms",
    "iter_ms",
    "git_revision",
    "node_version",
    "machine",
];

/// The columns of `octane.csv` (`seabed octane`): [`AWFY_COLUMNS`] without `outer` and
/// `inner` (Octane's runner fixes its own iteration counts), with the same meanings.
pub const OCTANE_COLUMNS: [&str; 10] = [
    "benchmark",
    "tier",
    "status",
    "seabed_s",
    "node_s",
    "ratio",
    "seabed_peak_rss_mb",
    "node_peak_rss_mb",
    "gc_collections",
    "error",
];

/// The columns of `awfy.csv`: one row per benchmark × tier. `status` is `pass` (node's stdout
/// and exit status), `fail` (anything else that ended: an exception, a wrong result, a crash),
/// `unsupported` (exit status 3: a construct seabed does not implement) or `timeout`;
/// `seabed_s` and `node_s` are whole-process wall seconds, `ratio` is seabed over node (only
/// for passing runs); `seabed_peak_rss_mb` and `node_peak_rss_mb` are each process's peak
/// resident set size in MiB (seabed's `peak_rss_kb` from `--stats`, node's
/// `process.resourceUsage().maxRSS` written at exit by a preloaded probe), `gc_collections` is
/// seabed's collections (`--stats`); `error` is the first line of the error of a run that did
/// not pass.
pub const AWFY_COLUMNS: [&str; 12] = [
    "benchmark",
    "tier",
    "status",
    "seabed_s",
    "node_s",
    "ratio",
    "seabed_peak_rss_mb",
    "node_peak_rss_mb",
    "gc_collections",
    "outer",
    "inner",
    "error",
];
