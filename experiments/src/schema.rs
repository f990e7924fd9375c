//! The typed rows of every CSV file seabed writes outside the claims tables: one serde
//! struct per file, each a [`CsvSchema`] (file name, schema version, columns), read with
//! [`meter::table::read_rows`]. The claims tables (`c*_*.csv`, `claims_runs.csv`) are read
//! through [`crate::claims::table::Table`] and checked against their
//! [`Csv`](crate::claims::table::Csv) definitions. `docs/csv-schema.md` documents every
//! column's unit and meaning; [`reader_for`] maps a file name to its reader.
//!
//! Cells that the writer leaves empty (a figure that does not exist for that row) are
//! `Option`s here. The writers format numbers to a fixed precision, which these types read
//! back as `f64`.

use serde::{Deserialize, Serialize};

use crate::claims::table::{Csv, Table};
use meter::table::{read_rows, CsvSchema};

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
/// [`crate::gc_bench::COLUMNS`] for each column's definition.
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
    const COLUMNS: &'static [&'static str] = crate::gc_bench::COLUMNS;
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
    const COLUMNS: &'static [&'static str] = crate::code_quality::COLUMNS;
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
    const COLUMNS: &'static [&'static str] = &crate::awfy::COLUMNS;
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
/// crate. The writers format their figures to a fixed precision this way; [`read_rows`] reads
/// the file back as `T`.
pub fn to_text<T: CsvSchema>(rows: &[Vec<String>]) -> String {
    let mut out = Vec::new();
    meter::table::write_records(&mut out, T::VERSION, T::COLUMNS, rows).expect("writing CSV to memory");
    String::from_utf8(out).expect("CSV of strings is UTF-8")
}

/// Reads `text` as `T`, counting rows, with the file name in the message.
fn typed<T: CsvSchema>(text: &str) -> Result<usize, String> {
    read_rows::<T>(text).map(|rows| rows.len()).map_err(|e| e.to_string())
}

/// Reads `text` as the claims table `csv`: parses, then checks version and header.
fn claims(csv: &Csv, text: &str) -> Result<usize, String> {
    let table = Table::parse(text)?;
    csv.check(&table)?;
    Ok(table.rows.len())
}

/// A typed reader: parses a file's text and returns its number of rows, or the first error.
pub type Reader = Box<dyn Fn(&str) -> Result<usize, String>>;

/// The typed reader of a results CSV by file name (`interp.csv`, `c1_reducer_changes.csv`,
/// ...): it parses the text and returns the number of rows, or the first error. `None` when
/// no schema covers the name.
pub fn reader_for(file: &str) -> Option<Reader> {
    let f: Reader = match file {
        "interp.csv" => Box::new(|t| meter::read_csv(t).map(|r| r.len()).map_err(|e| e.to_string())),
        "bench_interp.csv" => Box::new(typed::<BenchInterpRow>),
        "tiers.csv" => Box::new(typed::<TiersRow>),
        "v8_phases.csv" => Box::new(typed::<V8PhaseRow>),
        "gc.csv" => Box::new(typed::<GcRow>),
        "code-quality.csv" => Box::new(typed::<CodeQualityRow>),
        "awfy.csv" => Box::new(typed::<AwfyResultRow>),
        "awfy-census.csv" => Box::new(typed::<AwfyCensusRow>),
        // A run of some claims (`--only`) writes its log under its own name
        // (`claims::run_log_file`); older `make claims-oo` runs renamed theirs.
        f if crate::claims::is_run_log(f) => Box::new(|t| claims(&crate::claims::RUN_LOG, t)),
        _ => {
            let csv = crate::claims::all_csvs().into_iter().find(|c| c.file == file)?;
            Box::new(move |t| claims(&csv, t))
        }
    };
    Some(f)
}
