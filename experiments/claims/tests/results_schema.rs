//! Every committed CSV under `results/` (subdirectories included) reloads through the typed
//! reader of its schema (`claims::results::reader_for`), starts with its schema version
//! line, and has at least its header; a CSV no schema covers fails the test.

use std::path::{Path, PathBuf};

fn csv_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            csv_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "csv") {
            out.push(path);
        }
    }
}

#[test]
fn every_committed_csv_reloads_through_its_typed_reader() {
    let results = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results");
    let mut files = Vec::new();
    csv_files(&results, &mut files);
    files.sort();
    assert!(files.len() >= 30, "expected the committed results, found {} CSV files", files.len());
    let mut problems = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy();
        let text = std::fs::read_to_string(path).expect("a results CSV");
        let Some(read) = claims::results::reader_for(&name) else {
            problems.push(format!("{}: no schema covers this file (add it to harness::schema and claims::results, and docs/csv-schema.md)", path.display()));
            continue;
        };
        if !text.starts_with(meter::table::VERSION_PREFIX) {
            problems.push(format!("{}: no `{}N` first line", path.display(), meter::table::VERSION_PREFIX));
        }
        if let Err(e) = read(&text) {
            problems.push(format!("{}: {e}", path.display()));
        }
    }
    assert!(problems.is_empty(), "{} of {} files:\n{}", problems.len(), files.len(), problems.join("\n"));
}

#[test]
fn a_file_of_another_version_names_both_versions() {
    let e = claims::results::reader_for("tiers.csv").unwrap()("# schema_version: 9\nprogram\n").unwrap_err();
    assert!(e.contains("schema version 9") && e.contains("reads schema version 1"), "{e}");
    let e = claims::results::reader_for("c7_chain_share.csv").unwrap()("# schema_version: 2\nexperiment\n").unwrap_err();
    assert!(e.contains("schema version 2") && e.contains("reads schema version 1"), "{e}");
    assert!(claims::results::reader_for("unknown.csv").is_none());
}
