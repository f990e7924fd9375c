//! Fixture tests of the verdict rules: a small CSV in, the expected verdict out.
//!
//! A claim's rule is tested through its real report function, on tables written the way its
//! experiment writes them: [`csv`] builds the text of one claims CSV from rows given as
//! `(column, value)` pairs (every other cell empty, context columns included), and
//! [`finding`] writes such files into a fresh directory and returns the claim's
//! [`Finding`], exactly as `seabed report` would compute it. Each claim's file holds its own
//! fixture tests, at and on both sides of its thresholds.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::table::{Csv, CLAIMS_SCHEMA_VERSION};
use super::Claim;
use crate::finding::Finding;

/// The text of `csv` with one line per row of `rows`: each row names the cells it sets
/// (context or claim columns); the others are empty.
pub fn csv(csv: &Csv, rows: &[Vec<(&str, String)>]) -> String {
    let header = csv.header();
    let mut table = Vec::new();
    for row in rows {
        for (column, _) in row {
            assert!(header.contains(column), "{}: no column {column}", csv.file);
        }
        let cells: Vec<String> = header
            .iter()
            .map(|h| row.iter().find(|(c, _)| c == h).map(|(_, v)| v.clone()).unwrap_or_default())
            .collect();
        table.push(cells);
    }
    let mut out = Vec::new();
    meter::table::write_records(&mut out, CLAIMS_SCHEMA_VERSION, &header, &table).expect("a fixture CSV");
    String::from_utf8(out).expect("UTF-8")
}

/// A row for [`csv`] from `(column, value)` pairs of any displayable values.
pub fn row(cells: &[(&'static str, &dyn std::fmt::Display)]) -> Vec<(&'static str, String)> {
    cells.iter().map(|(c, v)| (*c, v.to_string())).collect()
}

/// A fresh directory for one fixture.
fn fresh_dir() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("seabed-fixture-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a fixture directory");
    dir
}

/// The finding of `claim` on the given files (CSV definition, text), as the report computes it.
pub fn finding(claim: &Claim, files: &[(&Csv, String)]) -> Finding {
    let dir = fresh_dir();
    for (csv, text) in files {
        std::fs::write(dir.join(csv.file), text).expect("a fixture CSV");
    }
    let f = claim.finding(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    f
}
