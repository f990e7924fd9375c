//! Tidy CSV tables: one measurement per row, a fixed set of context columns first.
//!
//! Every claims CSV starts with [`CONTEXT_COLUMNS`] (experiment id, program, pipeline, spec,
//! LLVM setting, counter backend, repetition, git revision, machine) followed by the claim's
//! own columns. [`Table`] writes such a file and reads it back (the report reads nothing
//! else) through `meter::table`: a `# schema_version: N` first line ([`CLAIMS_SCHEMA_VERSION`]),
//! the header, then records quoted as RFC 4180 does by the `csv` crate. The columns, units
//! and meanings of each file are in `docs/csv-schema.md`.

use std::collections::HashMap;
use std::path::Path;

/// The schema version of every claims CSV (and of other tables read through [`Table`]
/// without a schema of their own). A file without a version line is version 1.
pub const CLAIMS_SCHEMA_VERSION: u32 = 1;

/// The columns every claims CSV starts with, in order.
pub const CONTEXT_COLUMNS: &[&str] =
    &["experiment", "program", "pipeline", "spec", "llvm", "counter_backend", "rep", "git_revision", "machine"];

/// One claims CSV as a claim defines it: its file name under the results directory and the
/// claim's own columns (after [`CONTEXT_COLUMNS`]). The experiment writes its header from
/// this and the report checks a file it reads against it.
#[derive(Clone, Copy, Debug)]
pub struct Csv {
    /// File name under the results directory (`c1_reducer_changes.csv`).
    pub file: &'static str,
    /// The claim's own columns, in order.
    pub columns: &'static [&'static str],
}

impl Csv {
    /// The full header of this CSV: [`CONTEXT_COLUMNS`], then its own columns.
    pub fn header(&self) -> Vec<&'static str> {
        CONTEXT_COLUMNS.iter().chain(self.columns).copied().collect()
    }

    /// Checks that `table` is a file of this definition: the schema version this seabed
    /// reads and exactly the header of [`Csv::header`]. The message names what was found and
    /// what was expected.
    pub fn check(&self, table: &Table) -> Result<(), String> {
        if table.version != CLAIMS_SCHEMA_VERSION {
            return Err(format!(
                "{} has schema version {}, but this seabed reads schema version {CLAIMS_SCHEMA_VERSION}",
                self.file, table.version
            ));
        }
        if table.header != self.header() {
            return Err(format!("{}: header is {:?}, expected {:?}", self.file, table.header, self.header()));
        }
        Ok(())
    }

    /// The own columns of this CSV that `table` lacks.
    pub fn missing_columns(&self, table: &Table) -> Vec<&'static str> {
        self.columns.iter().copied().filter(|c| table.column(c).is_none()).collect()
    }
}

/// The context of one measurement: the values of [`CONTEXT_COLUMNS`].
#[derive(Clone, Debug, Default)]
pub struct RowContext {
    /// Claim id (`C1` … `C11`).
    pub experiment: String,
    /// Program file name (or `gen-N` for generated programs).
    pub program: String,
    /// `son`, `cfg`, `interp`, `node`, ...
    pub pipeline: String,
    /// The `--spec` string (or the command-line configuration for non-compiler runs).
    pub spec: String,
    /// LLVM pipeline (`none`, `ftl`, `O2`) or `off` when the LIR evaluator ran the code.
    pub llvm: String,
    /// What produced the counters: `meter` (seabed's phase meter), `callgrind`, `perf`,
    /// `wall` (whole-process wall clock).
    pub counter_backend: String,
    /// Repetition number, from 0.
    pub rep: u32,
}

impl RowContext {
    /// The context of a row from one of node's V8 traces: pipeline `v8`, the node command
    /// line `spec` as its spec, no LLVM, counters from the `trace`, repetition 0 (C1 and C7
    /// trace V8 on the kernels).
    pub fn v8_trace(experiment: &str, program: String, spec: String) -> RowContext {
        RowContext { experiment: experiment.into(), program, pipeline: "v8".into(), spec, llvm: "off".into(), counter_backend: "trace".into(), rep: 0 }
    }
}

/// A CSV table held in memory: a header and rows of strings.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// The file's schema version (read from its first line; [`CLAIMS_SCHEMA_VERSION`] for
    /// a table made in memory).
    pub version: u32,
    /// Column names.
    pub header: Vec<String>,
    /// Rows, each as long as the header.
    pub rows: Vec<Vec<String>>,
    index: HashMap<String, usize>,
}

impl Table {
    /// An empty table with the header of `csv`: the context columns, then its own.
    pub fn for_csv(csv: &Csv) -> Table {
        Table::with_context(csv.columns)
    }

    /// An empty table with the context columns followed by `columns`.
    pub fn with_context(columns: &[&str]) -> Table {
        let header: Vec<String> = CONTEXT_COLUMNS.iter().chain(columns).map(|s| s.to_string()).collect();
        Table::from_header(header)
    }

    fn from_header(header: Vec<String>) -> Table {
        let index = header.iter().enumerate().map(|(i, h)| (h.clone(), i)).collect();
        Table { version: CLAIMS_SCHEMA_VERSION, header, rows: Vec::new(), index }
    }

    /// Appends a row: the context values, then `values` (one per claim column).
    pub fn push(&mut self, ctx: &RowContext, revision: &str, machine: &str, values: Vec<String>) {
        let mut row = vec![
            ctx.experiment.clone(),
            ctx.program.clone(),
            ctx.pipeline.clone(),
            ctx.spec.clone(),
            ctx.llvm.clone(),
            ctx.counter_backend.clone(),
            ctx.rep.to_string(),
            revision.to_string(),
            machine.to_string(),
        ];
        row.extend(values);
        row.resize(self.header.len(), String::new());
        self.rows.push(row);
    }

    /// The index of column `name`.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// The value of column `name` in `row` (empty when the column does not exist).
    pub fn get<'a>(&self, row: &'a [String], name: &str) -> &'a str {
        self.column(name).and_then(|i| row.get(i)).map(String::as_str).unwrap_or("")
    }

    /// A table with the same header and version holding the rows `keep` accepts.
    pub fn filtered(&self, keep: impl Fn(&[String]) -> bool) -> Table {
        let mut t = self.clone();
        t.rows.retain(|r| keep(r));
        t
    }

    /// The value of column `name` in `row` as a number, if it parses.
    pub fn num(&self, row: &[String], name: &str) -> Option<f64> {
        self.get(row, name).parse().ok()
    }

    /// The table as CSV text: the version line, the header, the rows.
    pub fn to_csv(&self) -> String {
        let mut out = Vec::new();
        meter::table::write_records(&mut out, self.version, &self.header, &self.rows).expect("writing CSV to memory");
        String::from_utf8(out).expect("CSV of strings is UTF-8")
    }

    /// Writes the table to `path`.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        std::fs::write(path, self.to_csv()).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Parses CSV text (an optional version line, then the header); the version is kept in
    /// [`Table::version`] for the caller to check ([`Csv::check`]).
    pub fn parse(text: &str) -> Result<Table, String> {
        let records = meter::table::read_records(text).map_err(|e| e.to_string())?;
        let mut table = Table::from_header(records.header);
        table.version = records.version;
        table.rows = records.rows;
        Ok(table)
    }

    /// Reads and parses the CSV file at `path`.
    pub fn read(path: &Path) -> Result<Table, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Table::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_quoted_fields() {
        let mut t = Table::with_context(&["value"]);
        let ctx = RowContext {
            experiment: "C1".into(),
            program: "a.js".into(),
            pipeline: "son".into(),
            spec: "son:reduce(dce,vn);schedule".into(),
            llvm: "off".into(),
            counter_backend: "meter".into(),
            rep: 2,
        };
        t.push(&ctx, "abc123", "CPU \"x\" (2 cores)", vec!["3.5".into()]);
        let back = Table::parse(&t.to_csv()).unwrap();
        assert_eq!(back.header, t.header);
        assert_eq!(back.rows, t.rows);
        let row = &back.rows[0];
        assert_eq!(back.get(row, "spec"), "son:reduce(dce,vn);schedule");
        assert_eq!(back.num(row, "value"), Some(3.5));
        assert_eq!(back.num(row, "rep"), Some(2.0));
        assert_eq!(back.get(row, "missing"), "");
    }

    #[test]
    fn a_definition_names_the_columns_a_table_lacks() {
        let csv = Csv { file: "c0_test.csv", columns: &["a", "b", "c"] };
        let t = Table::parse(&format!("{},a,c\n", CONTEXT_COLUMNS.join(","))).unwrap();
        assert_eq!(csv.missing_columns(&t), ["b"]);
        assert!(csv.missing_columns(&Table::for_csv(&csv)).is_empty());
        assert!(csv.check(&t).unwrap_err().contains("expected"));
        assert!(csv.check(&Table::parse(&Table::for_csv(&csv).to_csv()).unwrap()).is_ok());
        let old = Table::parse(&format!("# schema_version: 2\n{}\n", csv.header().join(","))).unwrap();
        assert!(csv.check(&old).unwrap_err().contains("schema version 2, but this seabed reads schema version 1"));
        assert_eq!(Table::for_csv(&csv).header.len(), CONTEXT_COLUMNS.len() + 3);
    }

    #[test]
    fn rejects_ragged_rows() {
        assert!(Table::parse("a,b\n1,2,3\n").is_err());
        assert!(Table::parse("a,b\n\"1,2\n").is_err());
    }
}
