//! The claims pipeline end to end in its quick (smoke) form: `seabed experiment claims
//! --quick` on a few small programs into a temporary directory, then `seabed report`. Checks
//! that every claim's CSV exists with the context columns and its own columns, that counter
//! runs produced rows, and that REPORT.md has a verdict row for each of C1–C11 plus a LaTeX
//! table per claim.

use std::path::{Path, PathBuf};
use std::process::Command;

use experiments::claims::table::{Table, CONTEXT_COLUMNS};

const SEABED: &str = env!("CARGO_BIN_EXE_seabed");

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seabed-claims-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// (file, claim columns it must have, whether quick mode must produce rows).
const FILES: &[(&str, &[&str], bool)] = &[
    ("c1_reducer_changes.csv", &["driver", "phase", "reducer", "visits", "changes", "replacements", "revisits"], true),
    ("c2_cache_misses.csv", &["phase", "phase_kind", "dump", "Ir", "D1mr", "D1mw", "DLmr", "hw_status"], false),
    ("c3_compile_time.csv", &["midend_ns", "llvm_ns", "total_ns", "process_s"], true),
    ("c4_load_elim_scaling.csv", &["n", "le_wall_ns", "le_bytes", "le_peak_bytes", "loads_replaced", "cap_hits"], false),
    ("c5_node_splitting.csv", &["kind", "split", "schedule_split", "loads_executed", "run_s"], true),
    ("c6_checks_left.csv", &["lir_exits", "lir_overflow_checks"], true),
    ("c7_chain_share.csv", &["phase", "chain_nodes", "live_nodes"], true),
    ("c8_schedule_locality.csv", &["adjacent_distance_sum", "adjacent_pairs", "mean_distance"], true),
    ("c9_alias_analysis.csv", &["variant", "loads_replaced", "checks_removed"], false),
    ("c10_llvm_share.csv", &["midend_ns", "llvm_ns", "llvm_rows"], true),
    ("c11_speedup.csv", &["config", "seconds"], true),
];

fn run(args: &[&str], dir: &Path) {
    let out = Command::new(SEABED).args(args).output().expect("seabed runs");
    assert!(
        out.status.success(),
        "seabed {args:?} failed in {}:\n{}",
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn quick_claims_and_report() {
    let dir = temp_dir();
    let d = dir.to_str().unwrap();
    run(&["experiment", "claims", "--quick", "--no-progress", "--out", d], &dir);
    for (file, columns, need_rows) in FILES {
        let t = Table::read(&dir.join(file)).unwrap_or_else(|e| panic!("{e}"));
        for c in CONTEXT_COLUMNS.iter().chain(columns.iter()) {
            assert!(t.column(c).is_some(), "{file} lacks column {c}: {:?}", t.header);
        }
        if *need_rows {
            assert!(!t.rows.is_empty(), "{file} has no rows");
        }
        let id = file.split('_').next().unwrap().to_uppercase();
        for r in &t.rows {
            assert_eq!(t.get(r, "experiment"), id, "{file}: experiment column");
            assert!(!t.get(r, "git_revision").is_empty() && !t.get(r, "machine").is_empty(), "{file}: empty context");
        }
    }
    // Counters that must be there: C1's son rows change something, C3 measured time.
    let c1 = Table::read(&dir.join("c1_reducer_changes.csv")).unwrap();
    let son_changes: f64 = c1
        .rows
        .iter()
        .filter(|r| c1.get(r, "pipeline") == "son" && c1.get(r, "reducer") == "*")
        .filter_map(|r| Some(c1.num(r, "changes")? + c1.num(r, "replacements")?))
        .sum();
    assert!(son_changes > 0.0, "no son reducer changed anything");
    let c3 = Table::read(&dir.join("c3_compile_time.csv")).unwrap();
    assert!(c3.rows.iter().all(|r| c3.num(r, "midend_ns").unwrap_or(0.0) > 0.0), "a C3 run without mid-end time");

    run(&["report", "--results", d], &dir);
    let report = std::fs::read_to_string(dir.join("REPORT.md")).unwrap();
    for i in 1..=11 {
        let id = format!("C{i}");
        let row = report
            .lines()
            .find(|l| l.starts_with(&format!("| {id} |")))
            .unwrap_or_else(|| panic!("REPORT.md has no row for {id}"));
        assert!(
            ["**reproduced**", "**not reproduced**", "**partly**", "**no data**"].iter().any(|v| row.contains(v)),
            "{id} row has no verdict: {row}"
        );
        let tex = std::fs::read_to_string(dir.join("tables").join(format!("c{i}.tex"))).unwrap();
        assert!(tex.contains("\\begin{tabular}") && tex.contains("\\end{table}"), "c{i}.tex is not a table");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
