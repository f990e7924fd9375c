//! Versioned CSV files read and written with the `csv` crate and serde.
//!
//! Every CSV file seabed writes has the same layout:
//!
//! ```text
//! # schema_version: 1
//! column_a,column_b,...
//! value,value,...
//! ```
//!
//! The first line names the layout version of that file's schema (see `docs/csv-schema.md`);
//! the second is the header; every further line is one record, quoted as RFC 4180 does (by
//! the `csv` crate: only fields holding a comma, a quote or a line end are quoted). A file
//! without the version line is a file written before versioning and is read as version 1.
//!
//! A typed table implements [`CsvSchema`] (its row struct derives serde's `Serialize` and
//! `Deserialize` with fields named as the columns); [`write_rows`] and [`read_rows`] do the
//! rest. [`read_records`] reads any such file untyped (version, header, string records).

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt;
use std::io::Write;

/// What the version line starts with; the version number follows.
pub const VERSION_PREFIX: &str = "# schema_version: ";

/// A typed CSV schema: the row struct of one kind of file.
pub trait CsvSchema: Serialize + DeserializeOwned {
    /// What the file is, for messages (e.g. `interp.csv`).
    const NAME: &'static str;
    /// The layout version this seabed writes and reads; bumped on any change of columns,
    /// units or meaning.
    const VERSION: u32;
    /// The column names in order; serde's field names of the row struct.
    const COLUMNS: &'static [&'static str];
}

/// A CSV file that cannot be read or written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvError {
    /// 1-based line of the file where the problem is (0 when it concerns the whole file).
    pub line: u64,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "CSV line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for CsvError {}

fn whole(message: impl Into<String>) -> CsvError {
    CsvError { line: 0, message: message.into() }
}

/// The version line for `version`, with its line end.
pub fn version_line(version: u32) -> String {
    format!("{VERSION_PREFIX}{version}\n")
}

/// Splits off the version line: the file's schema version (1 without the line), the line
/// number of the header (1 or 2) and the text from the header on.
pub fn split_version(text: &str) -> Result<(u32, u64, &str), CsvError> {
    if !text.starts_with('#') {
        return Ok((1, 1, text));
    }
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let first = first.trim_end_matches('\r');
    let number = first
        .strip_prefix(VERSION_PREFIX)
        .ok_or_else(|| CsvError { line: 1, message: format!("first line {first:?} is not `{VERSION_PREFIX}N`") })?;
    let version = number
        .trim()
        .parse()
        .map_err(|_| CsvError { line: 1, message: format!("bad schema version {number:?}") })?;
    Ok((version, 2, rest))
}

fn csv_err(e: csv::Error, header_line: u64) -> CsvError {
    let line = e.position().map(|p| p.line() + header_line - 1).unwrap_or(0);
    let message = match e.kind() {
        csv::ErrorKind::Deserialize { err, .. } => match err.field() {
            Some(_) => err.to_string(),
            None => err.kind().to_string(),
        },
        _ => e.to_string(),
    };
    CsvError { line, message }
}

/// An untyped CSV file: its schema version, header and records.
#[derive(Debug, Clone, Default)]
pub struct Records {
    /// The file's schema version (1 when it has no version line).
    pub version: u32,
    /// The column names.
    pub header: Vec<String>,
    /// The records, each as long as the header.
    pub rows: Vec<Vec<String>>,
}

/// Reads a versioned CSV text untyped. Records must be as long as the header; empty lines
/// are skipped.
pub fn read_records(text: &str) -> Result<Records, CsvError> {
    let (version, header_line, body) = split_version(text)?;
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(body.as_bytes());
    let mut records = reader.records();
    let header: Vec<String> = match records.next() {
        Some(h) => h.map_err(|e| csv_err(e, header_line))?.iter().map(String::from).collect(),
        None => return Err(CsvError { line: header_line, message: "no header".into() }),
    };
    let mut rows = Vec::new();
    for rec in records {
        let rec = rec.map_err(|e| csv_err(e, header_line))?;
        rows.push(rec.iter().map(String::from).collect());
    }
    Ok(Records { version, header, rows })
}

/// Writes a CSV text: the version line, `header`, then `rows` (each as long as the header).
pub fn write_records<S: AsRef<str>>(
    w: &mut impl Write,
    version: u32,
    header: &[S],
    rows: impl IntoIterator<Item = impl IntoIterator<Item = impl AsRef<[u8]>>>,
) -> Result<(), CsvError> {
    w.write_all(version_line(version).as_bytes()).map_err(|e| whole(e.to_string()))?;
    let mut writer = csv::WriterBuilder::new().has_headers(false).from_writer(w);
    writer.write_record(header.iter().map(|h| h.as_ref())).map_err(|e| whole(e.to_string()))?;
    for row in rows {
        writer.write_record(row).map_err(|e| whole(e.to_string()))?;
    }
    writer.flush().map_err(|e| whole(e.to_string()))
}

/// One record as a line of CSV text (with its `\n`), quoted as [`write_records`] quotes: for
/// files written a record at a time after a [`write_records`] with no rows.
pub fn record_line(fields: impl IntoIterator<Item = impl AsRef<[u8]>>) -> String {
    let mut writer = csv::WriterBuilder::new().has_headers(false).from_writer(Vec::new());
    writer.write_record(fields).expect("writing CSV to memory");
    String::from_utf8(writer.into_inner().expect("writing CSV to memory")).expect("CSV of strings is UTF-8")
}

/// Writes `rows` of schema `T`: the version line, the header ([`CsvSchema::COLUMNS`]), one
/// record per row.
pub fn write_rows<'a, T: CsvSchema + 'a>(w: &mut impl Write, rows: impl IntoIterator<Item = &'a T>) -> Result<(), CsvError> {
    w.write_all(version_line(T::VERSION).as_bytes()).map_err(|e| whole(e.to_string()))?;
    let mut writer = csv::WriterBuilder::new().has_headers(false).from_writer(w);
    writer.write_record(T::COLUMNS).map_err(|e| whole(e.to_string()))?;
    for row in rows {
        writer.serialize(row).map_err(|e| whole(format!("{}: {e}", T::NAME)))?;
    }
    writer.flush().map_err(|e| whole(e.to_string()))
}

/// [`write_rows`] into a string.
pub fn rows_to_string<'a, T: CsvSchema + 'a>(rows: impl IntoIterator<Item = &'a T>) -> String {
    let mut out = Vec::new();
    write_rows(&mut out, rows).expect("writing CSV to memory");
    String::from_utf8(out).expect("CSV of strings is UTF-8")
}

/// Reads a CSV text of schema `T`. Fails, naming what was found and what was expected, when
/// the file's schema version is not [`CsvSchema::VERSION`] or its header is not
/// [`CsvSchema::COLUMNS`]; and on the first record that does not parse.
pub fn read_rows<T: CsvSchema>(text: &str) -> Result<Vec<T>, CsvError> {
    let (version, header_line, body) = split_version(text)?;
    if version != T::VERSION {
        return Err(whole(format!(
            "{} has schema version {version}, but this seabed reads schema version {}; regenerate it with the matching seabed",
            T::NAME,
            T::VERSION
        )));
    }
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(body.as_bytes());
    let header = reader.headers().map_err(|e| csv_err(e, header_line))?.clone();
    if !header.iter().eq(T::COLUMNS.iter().copied()) {
        return Err(CsvError {
            line: header_line,
            message: format!(
                "{} (schema version {version}): header is {:?}, expected {:?}",
                T::NAME,
                header.iter().collect::<Vec<_>>(),
                T::COLUMNS
            ),
        });
    }
    reader
        .deserialize()
        .map(|r| r.map_err(|e| {
            let mut err = csv_err(e, header_line);
            err.message = format!("{}: {}", T::NAME, err.message);
            err
        }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Serialize, Deserialize, PartialEq)]
    struct Row {
        name: String,
        n: Option<u64>,
    }

    impl CsvSchema for Row {
        const NAME: &'static str = "test.csv";
        const VERSION: u32 = 2;
        const COLUMNS: &'static [&'static str] = &["name", "n"];
    }

    #[test]
    fn round_trips_with_quoting() {
        let rows = vec![
            Row { name: "son:reduce(dce);load-elim".into(), n: Some(1) },
            Row { name: "a,b \"q\"\nl2".into(), n: None },
        ];
        let text = rows_to_string(&rows);
        assert!(text.starts_with("# schema_version: 2\nname,n\nson:reduce(dce);load-elim,1\n"), "{text}");
        assert_eq!(read_rows::<Row>(&text).unwrap(), rows);
        let untyped = read_records(&text).unwrap();
        assert_eq!((untyped.version, untyped.header.len(), untyped.rows.len()), (2, 2, 2));
        assert_eq!(untyped.rows[1], ["a,b \"q\"\nl2", ""]);
        assert_eq!(record_line(["a,b", "c"]), "\"a,b\",c\n");
    }

    #[test]
    fn names_found_and_expected_versions() {
        let err = read_rows::<Row>("# schema_version: 3\nname,n\n").unwrap_err();
        assert!(err.message.contains("schema version 3") && err.message.contains("reads schema version 2"), "{err}");
        // No version line: version 1.
        let err = read_rows::<Row>("name,n\nx,1\n").unwrap_err();
        assert!(err.message.contains("schema version 1"), "{err}");
        assert_eq!(read_records("a\n1\n").unwrap().version, 1);
    }

    #[test]
    fn rejects_other_headers_and_bad_values() {
        let err = read_rows::<Row>("# schema_version: 2\nname,m\n").unwrap_err();
        assert!(err.message.contains("expected [\"name\", \"n\"]"), "{err}");
        let err = read_rows::<Row>("# schema_version: 2\nname,n\nx,1\ny,z\n").unwrap_err();
        assert_eq!(err.line, 4, "{err}");
        assert!(read_records("a,b\n1,2,3\n").is_err());
        assert!(read_records("a,b\n\"1,2\n").is_err());
        assert!(read_records("# version 1\na\n").is_err());
    }
}
