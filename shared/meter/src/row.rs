//! Result rows: [`RowContext`] (what was measured), [`PhaseRow`] (one phase's figures), and
//! their flat CSV form.

use crate::csv::{self, CsvError};
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

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

impl PhaseRow {
    /// The CSV header line (no newline).
    pub fn to_csv_header() -> String {
        CSV_COLUMNS.join(",")
    }

    /// The row's fields as strings, in [`CSV_COLUMNS`] order, unquoted.
    pub fn csv_fields(&self) -> [String; 26] {
        let mut extra = String::new();
        for (i, (name, value)) in self.extra.iter().enumerate() {
            if i > 0 {
                extra.push(';');
            }
            let _ = write!(extra, "{name}={value}");
        }
        let c = &self.context;
        [
            c.program.clone(),
            c.function.clone(),
            c.spec.clone(),
            c.repetition.to_string(),
            self.label.clone(),
            self.pipeline.clone(),
            self.phase.clone(),
            self.seq.to_string(),
            self.wall_ns.to_string(),
            self.visits.to_string(),
            self.changes.to_string(),
            self.replacements.to_string(),
            self.revisits.to_string(),
            self.nodes_in.to_string(),
            self.nodes_out.to_string(),
            opt(self.allocations),
            opt(self.bytes_allocated),
            opt(self.peak_live_bytes),
            opt(self.live_delta_bytes),
            opt(self.hw_instructions),
            opt(self.hw_cycles),
            opt(self.hw_l1d_read_misses),
            self.hw_status.clone(),
            u8::from(self.under_valgrind).to_string(),
            opt(self.callgrind_dump),
            extra,
        ]
    }

    /// The row as one CSV record (quoted as needed, no newline).
    pub fn to_csv_record(&self) -> String {
        csv::join(self.csv_fields().iter().map(String::as_str))
    }

    /// Writes the row as one CSV record followed by `\n`.
    pub fn write_csv(&self, w: &mut impl Write) -> io::Result<()> {
        writeln!(w, "{}", self.to_csv_record())
    }

    /// Rebuilds a row from the fields of one record (as [`csv::parse`] returns them).
    pub fn from_csv_fields(fields: &[String]) -> Result<PhaseRow, String> {
        if fields.len() != CSV_COLUMNS.len() {
            return Err(format!("{} fields, expected {}", fields.len(), CSV_COLUMNS.len()));
        }
        fn num<T: std::str::FromStr>(fields: &[String], i: usize) -> Result<T, String> {
            fields[i].parse().map_err(|_| format!("column {}: bad number {:?}", CSV_COLUMNS[i], fields[i]))
        }
        fn maybe<T: std::str::FromStr>(fields: &[String], i: usize) -> Result<Option<T>, String> {
            if fields[i].is_empty() {
                Ok(None)
            } else {
                num(fields, i).map(Some)
            }
        }
        let mut extra = Vec::new();
        for item in fields[25].split(';').filter(|s| !s.is_empty()) {
            let (name, value) = item.split_once('=').ok_or_else(|| format!("column extra: bad item {item:?}"))?;
            let value = value.parse().map_err(|_| format!("column extra: bad number in {item:?}"))?;
            extra.push((name.to_string(), value));
        }
        Ok(PhaseRow {
            context: RowContext {
                program: fields[0].clone(),
                function: fields[1].clone(),
                spec: fields[2].clone(),
                repetition: num(fields, 3)?,
            },
            label: fields[4].clone(),
            pipeline: fields[5].clone(),
            phase: fields[6].clone(),
            seq: num(fields, 7)?,
            wall_ns: num(fields, 8)?,
            visits: num(fields, 9)?,
            changes: num(fields, 10)?,
            replacements: num(fields, 11)?,
            revisits: num(fields, 12)?,
            nodes_in: num(fields, 13)?,
            nodes_out: num(fields, 14)?,
            allocations: maybe(fields, 15)?,
            bytes_allocated: maybe(fields, 16)?,
            peak_live_bytes: maybe(fields, 17)?,
            live_delta_bytes: maybe(fields, 18)?,
            hw_instructions: maybe(fields, 19)?,
            hw_cycles: maybe(fields, 20)?,
            hw_l1d_read_misses: maybe(fields, 21)?,
            hw_status: fields[22].clone(),
            under_valgrind: match fields[23].as_str() {
                "1" => true,
                "0" => false,
                other => return Err(format!("column under_valgrind: {other:?} is not 0 or 1")),
            },
            callgrind_dump: maybe(fields, 24)?,
            extra,
        })
    }
}

/// Writes the header and `rows` as CSV.
pub fn write_csv<'a>(w: &mut impl Write, rows: impl IntoIterator<Item = &'a PhaseRow>) -> io::Result<()> {
    writeln!(w, "{}", PhaseRow::to_csv_header())?;
    for row in rows {
        row.write_csv(w)?;
    }
    Ok(())
}

/// Reads CSV text written by [`write_csv`] (header first) back into rows.
pub fn read_csv(text: &str) -> Result<Vec<PhaseRow>, CsvError> {
    let records = csv::parse(text)?;
    let mut it = records.into_iter();
    let header = it.next().ok_or(CsvError { line: 1, message: "no header".into() })?;
    if header != CSV_COLUMNS {
        return Err(CsvError { line: 1, message: format!("unexpected header {header:?}") });
    }
    it.enumerate()
        .map(|(i, rec)| PhaseRow::from_csv_fields(&rec).map_err(|message| CsvError { line: i + 2, message }))
        .collect()
}
