//! The claims pipeline end to end in its quick (smoke) form: `seabed experiment claims
//! --quick` on a few small programs into a temporary directory, then `seabed report`. Checks
//! that every CSV of every claim's definition exists with exactly the context columns and the
//! columns the definition gives, that every claim wrote rows (C2 needs valgrind, which
//! `make test` installs: without it the test fails), and that REPORT.md has a verdict row for
//! each claim that is a verdict on data (`reproduced`, `partly` or `not reproduced`, never
//! `no data`) plus a LaTeX table per claim.

use std::path::{Path, PathBuf};
use std::process::Command;

use claims::table::{Table, CONTEXT_COLUMNS};
use claims::{c10_per_function, c1_reducer_changes, c3_compile_time, CLAIMS, RUN_LOG};

const SEABED: &str = env!("CARGO_BIN_EXE_seabed");

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seabed-claims-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}


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
    let valgrind = Command::new("valgrind").arg("--version").output();
    assert!(
        valgrind.is_ok_and(|o| o.status.success()),
        "valgrind is not installed: claim C2 needs it (make setup-valgrind installs it; make test does)"
    );
    let dir = temp_dir();
    let d = dir.to_str().unwrap();
    run(&["experiment", "claims", "--quick", "--no-progress", "--out", d], &dir);
    assert_eq!(CLAIMS.len(), 17, "C1 … C16 and Click");
    for claim in CLAIMS {
        for csv in claim.csvs {
            let file = csv.file;
            let t = Table::read(&dir.join(file)).unwrap_or_else(|e| panic!("{e}"));
            let header: Vec<&str> = CONTEXT_COLUMNS.iter().chain(csv.columns).copied().collect();
            assert_eq!(t.header, header, "{file}: header");
            // V8 is not traced in quick mode (as for C1's V8 rows).
            let v8 = file == c10_per_function::V8_CSV.file;
            if !v8 {
                assert!(!t.rows.is_empty(), "{file} has no rows");
            }
            for r in &t.rows {
                assert_eq!(t.get(r, "experiment"), claim.id, "{file}: experiment column");
                assert!(!t.get(r, "git_revision").is_empty() && !t.get(r, "machine").is_empty(), "{file}: empty context");
            }
        }
    }
    let log = Table::read(&dir.join(RUN_LOG.file)).unwrap_or_else(|e| panic!("{e}"));
    assert!(!log.rows.is_empty(), "the run log is empty");
    // Counters that must be there: C1's son rows change something, C3 measured time.
    let c1 = Table::read(&dir.join(c1_reducer_changes::CSV.file)).unwrap();
    let son_changes: f64 = c1
        .rows
        .iter()
        .filter(|r| c1.get(r, "pipeline") == "son" && c1.get(r, "reducer") == "*")
        .filter_map(|r| Some(c1.num(r, "changes")? + c1.num(r, "replacements")?))
        .sum();
    assert!(son_changes > 0.0, "no son reducer changed anything");
    let c3 = Table::read(&dir.join(c3_compile_time::CSV.file)).unwrap();
    assert!(c3.rows.iter().all(|r| c3.num(r, "midend_ns").unwrap_or(0.0) > 0.0), "a C3 run without mid-end time");

    run(&["report", "--results", d], &dir);
    let report = std::fs::read_to_string(dir.join("REPORT.md")).unwrap();
    for claim in CLAIMS {
        let id = claim.id;
        let row = report
            .lines()
            .find(|l| l.starts_with(&format!("| {id} |")))
            .unwrap_or_else(|| panic!("REPORT.md has no row for {id}"));
        assert!(!row.contains("**no data**"), "{id} has no data in the quick run: {row}");
        assert!(
            ["**reproduced**", "**not reproduced**", "**partly**", "**inconclusive (headline: "].iter().any(|v| row.contains(v)),
            "{id} row has no verdict: {row}"
        );
        // Every judged claim shows its robustness table.
        let section = report.split(&format!("\n## {id}: ")).nth(1).unwrap_or_else(|| panic!("REPORT.md has no section for {id}"));
        let section = section.split("\n## ").next().unwrap_or_default();
        assert!(section.contains("Robustness (the rule applied under each declared alternative"), "{id} has no robustness table");
        assert!(section.contains("Rule (set in `"), "{id}'s rule does not name the commit that set it");
        let lower = id.to_lowercase();
        let tex = std::fs::read_to_string(dir.join("tables").join(format!("{lower}.tex"))).unwrap();
        assert!(tex.contains("\\begin{tabular}") && tex.contains("\\end{table}"), "{lower}.tex is not a table");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
