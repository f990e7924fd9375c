//! Result rows: [`RowContext`] (what was measured), [`PhaseRow`] (one phase's figures), and
//! their flat CSV form (a serde record through [`crate::table`]).

use crate::table::{self, CsvError, CsvSchema};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::io::{self, Write};

/// What a meter measures, supplied once per [`Meter`](crate::Meter) and copied into each of
/// its rows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RowContext {
    /// The program, e.g. the corpus file `corpus/richards.js`.
    pub program: String,
    /// The function being compiled.
    pub function: String,
    /// The pipeline spec string, e.g. `son:reduce(dce,typed-lower,vn,common);load-elim`.
    pub spec: String,
    /// The repetition index of this measurement.
    pub repetition: u32,
}

impl RowContext {
    /// A context from its four parts.
    pub fn new(program: impl Into<String>, function: impl Into<String>, spec: impl Into<String>, repetition: u32) -> RowContext {
        RowContext { program: program.into(), function: function.into(), spec: spec.into(), repetition }
    }
}

/// The figures of one phase: one CSV row.
///
/// Counter columns that could not be measured are `None` and written as empty cells:
/// the allocation columns when [`CountingAllocator`](crate::CountingAllocator) is not the
/// global allocator, the `hw_` columns whenever `hw_status` is not `ok...`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PhaseRow {
    /// The meter's context (program, function, spec, repetition).
    pub context: RowContext,
    /// `{pipeline}/{phase}#{seq}`: unique per meter, the callgrind dump label, the join key.
    pub label: String,
    /// The pipeline, e.g. `son` or `cfg`.
    pub pipeline: String,
    /// The phase name, e.g. `typer`.
    pub phase: String,
    /// 1-based sequence number of the phase within its (meter, pipeline).
    pub seq: u32,
    /// Wall-clock nanoseconds (monotonic clock). Not meaningful when `under_valgrind`.
    pub wall_ns: u64,
    /// Nodes/ops visited by the pass.
    pub visits: u64,
    /// In-place changes.
    pub changes: u64,
    /// Replacements (a node/op replaced by another).
    pub replacements: u64,
    /// Revisits (nodes/ops queued again and visited again).
    pub revisits: u64,
    /// Nodes or ops in the graph when the phase started.
    pub nodes_in: u64,
    /// Nodes or ops in the graph when the phase ended.
    pub nodes_out: u64,
    /// Allocation calls on the phase's thread during the phase.
    pub allocations: Option<u64>,
    /// Bytes allocated on the phase's thread during the phase (cumulative, frees not
    /// subtracted).
    pub bytes_allocated: Option<u64>,
    /// Peak live bytes reached during the phase above the live bytes at its start.
    pub peak_live_bytes: Option<u64>,
    /// Live bytes at the end minus at the start (what the phase retained; may be negative).
    pub live_delta_bytes: Option<i64>,
    /// Retired user-space instructions (perf-event), where counters exist.
    pub hw_instructions: Option<u64>,
    /// User-space CPU cycles (perf-event), where counters exist.
    pub hw_cycles: Option<u64>,
    /// User-space L1D read misses (perf-event), where counters exist.
    pub hw_l1d_read_misses: Option<u64>,
    /// `ok` (possibly with a multiplexing note) or why the `hw_` columns are empty.
    pub hw_status: String,
    /// Whether the process ran under valgrind (callgrind dumps exist per label; `wall_ns` is
    /// emulated time).
    pub under_valgrind: bool,
    /// Under callgrind with the bracket on: the 1-based ordinal of this phase's
    /// `DUMP_STATS_AT` request among all the process's dumps through
    /// [`callgrind::dump_stats_at`](crate::callgrind::dump_stats_at), which is the `N` of the
    /// dump file `callgrind.out.PID.N` (and its `part:` line) as long as nothing else in the
    /// process triggers dumps. Labels repeat across meters of one process; this does not.
    pub callgrind_dump: Option<u32>,
    /// Pass-specific counters (cap hits, bailouts, ...), written as `name=value;name=value`.
    pub extra: Vec<(String, u64)>,
}

/// The CSV column names, in order.
pub const CSV_COLUMNS: [&str; 26] = [
    "program",
    "function",
    "spec",
    "repetition",
    "label",
    "pipeline",
    "phase",
    "seq",
    "wall_ns",
    "visits",
    "changes",
    "replacements",
    "revisits",
    "nodes_in",
    "nodes_out",
    "allocations",
    "bytes_allocated",
    "peak_live_bytes",
    "live_delta_bytes",
    "hw_instructions",
    "hw_cycles",
    "hw_l1d_read_misses",
    "hw_status",
    "under_valgrind",
    "callgrind_dump",
    "extra",
];

/// One [`PhaseRow`] as its CSV record: the columns of [`CSV_COLUMNS`], flat.
#[derive(Serialize, Deserialize)]
struct PhaseRecord {
    program: String,
    function: String,
    spec: String,
    repetition: u32,
    label: String,
    pipeline: String,
    phase: String,
    seq: u32,
    wall_ns: u64,
    visits: u64,
    changes: u64,
    replacements: u64,
    revisits: u64,
    nodes_in: u64,
    nodes_out: u64,
    allocations: Option<u64>,
    bytes_allocated: Option<u64>,
    peak_live_bytes: Option<u64>,
    live_delta_bytes: Option<i64>,
    hw_instructions: Option<u64>,
    hw_cycles: Option<u64>,
    hw_l1d_read_misses: Option<u64>,
    hw_status: String,
    under_valgrind: u8,
    callgrind_dump: Option<u32>,
    extra: String,
}

impl CsvSchema for PhaseRecord {
    const NAME: &'static str = "meter rows";
    const VERSION: u32 = PHASE_ROWS_SCHEMA_VERSION;
    const COLUMNS: &'static [&'static str] = &CSV_COLUMNS;
}

/// The schema version of meter-row CSV files (`interp.csv`; `docs/csv-schema.md`).
pub const PHASE_ROWS_SCHEMA_VERSION: u32 = 1;

impl From<&PhaseRow> for PhaseRecord {
    fn from(r: &PhaseRow) -> PhaseRecord {
        let mut extra = String::new();
        for (i, (name, value)) in r.extra.iter().enumerate() {
            if i > 0 {
                extra.push(';');
            }
            let _ = write!(extra, "{name}={value}");
        }
        let c = r.context.clone();
        PhaseRecord {
            program: c.program,
            function: c.function,
            spec: c.spec,
            repetition: c.repetition,
            label: r.label.clone(),
            pipeline: r.pipeline.clone(),
            phase: r.phase.clone(),
            seq: r.seq,
            wall_ns: r.wall_ns,
            visits: r.visits,
            changes: r.changes,
            replacements: r.replacements,
            revisits: r.revisits,
            nodes_in: r.nodes_in,
            nodes_out: r.nodes_out,
            allocations: r.allocations,
            bytes_allocated: r.bytes_allocated,
            peak_live_bytes: r.peak_live_bytes,
            live_delta_bytes: r.live_delta_bytes,
            hw_instructions: r.hw_instructions,
            hw_cycles: r.hw_cycles,
            hw_l1d_read_misses: r.hw_l1d_read_misses,
            hw_status: r.hw_status.clone(),
            under_valgrind: u8::from(r.under_valgrind),
            callgrind_dump: r.callgrind_dump,
            extra,
        }
    }
}

impl PhaseRecord {
    fn into_row(self) -> Result<PhaseRow, String> {
        let mut extra = Vec::new();
        for item in self.extra.split(';').filter(|s| !s.is_empty()) {
            let (name, value) = item.split_once('=').ok_or_else(|| format!("column extra: bad item {item:?}"))?;
            let value = value.parse().map_err(|_| format!("column extra: bad number in {item:?}"))?;
            extra.push((name.to_string(), value));
        }
        let under_valgrind = match self.under_valgrind {
            1 => true,
            0 => false,
            other => return Err(format!("column under_valgrind: {other} is not 0 or 1")),
        };
        Ok(PhaseRow {
            context: RowContext {
                program: self.program,
                function: self.function,
                spec: self.spec,
                repetition: self.repetition,
            },
            label: self.label,
            pipeline: self.pipeline,
            phase: self.phase,
            seq: self.seq,
            wall_ns: self.wall_ns,
            visits: self.visits,
            changes: self.changes,
            replacements: self.replacements,
            revisits: self.revisits,
            nodes_in: self.nodes_in,
            nodes_out: self.nodes_out,
            allocations: self.allocations,
            bytes_allocated: self.bytes_allocated,
            peak_live_bytes: self.peak_live_bytes,
            live_delta_bytes: self.live_delta_bytes,
            hw_instructions: self.hw_instructions,
            hw_cycles: self.hw_cycles,
            hw_l1d_read_misses: self.hw_l1d_read_misses,
            hw_status: self.hw_status,
            under_valgrind,
            callgrind_dump: self.callgrind_dump,
            extra,
        })
    }
}

impl PhaseRow {
    /// The CSV header line (no newline).
    pub fn to_csv_header() -> String {
        CSV_COLUMNS.join(",")
    }
}

/// Writes the version line, the header and `rows` as CSV (see [`crate::table`]).
pub fn write_csv<'a>(w: &mut impl Write, rows: impl IntoIterator<Item = &'a PhaseRow>) -> io::Result<()> {
    let records: Vec<PhaseRecord> = rows.into_iter().map(PhaseRecord::from).collect();
    table::write_rows(w, &records).map_err(io::Error::other)
}

/// Reads CSV text written by [`write_csv`] (version line optional, then the header) back
/// into rows.
pub fn read_csv(text: &str) -> Result<Vec<PhaseRow>, CsvError> {
    let (_, header_line, _) = table::split_version(text)?;
    let records: Vec<PhaseRecord> = table::read_rows(text)?;
    records
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.into_row().map_err(|message| CsvError { line: header_line + 1 + i as u64, message }))
        .collect()
}
