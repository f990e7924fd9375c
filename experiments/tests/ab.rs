//! `seabed ab` (A/B runs of two pipeline specs) and the parser of V8's `--turbo-stats` table.
//!
//! The acceptance test compares the sea-of-nodes pipeline with and without load elimination
//! on a few corpus programs: executed loads must go down on at least one program, compile
//! time must be reported, and every output must stay identical to node's.

use std::path::{Path, PathBuf};
use std::process::Command;

use seabed::ab::{geomean_ci, metrics_from_stats, Metric};
use claims::v8stats::{parse_turbo_stats, pipelines, RowKind};

const WITHOUT_LOAD_ELIM: &str = "son:reduce(dce,common,vn);typer;lower;reduce(dce,machine,common,vn);schedule";
const WITH_LOAD_ELIM: &str = "son:reduce(dce,common,vn);typer;reduce(load-elim);lower;reduce(dce,machine,common,vn);schedule";

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A fresh temporary corpus holding `programs` copied from the corpus with node's output.
fn small_corpus(tag: &str, programs: &[&str]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seabed-ab-test-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for p in programs {
        for ext in ["js", "expected", "status"] {
            let from = corpus.join(format!("{p}.{ext}"));
            std::fs::copy(&from, dir.join(format!("{p}.{ext}"))).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
        }
    }
    dir
}

fn seabed_ab(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_seabed")).arg("ab").args(args).output().expect("run seabed ab");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The CSV cell of `column` in the row of (`program`, `metric`).
fn csv_cell(csv: &str, program: &str, metric: &str, column: &str) -> Option<String> {
    let table = meter::table::read_records(csv).expect("ab.csv parses");
    let index = table.header.iter().position(|h| h == column)?;
    table.rows.into_iter().find(|cells| cells[0] == program && cells[1] == metric).map(|cells| cells[index].clone())
}

#[test]
fn load_elimination_reduces_loads_with_identical_outputs() {
    let programs = ["feat_alias_shapes", "feat_object_shapes", "bench_nbody"];
    let corpus = small_corpus("le", &programs);
    let csv_path = corpus.join("ab.csv");
    let (status, stdout, stderr) = seabed_ab(&[
        "--a",
        WITHOUT_LOAD_ELIM,
        "--b",
        WITH_LOAD_ELIM,
        "--corpus",
        corpus.to_str().unwrap(),
        "--out",
        csv_path.to_str().unwrap(),
    ]);
    assert_eq!(status, 0, "outputs must match node's\n{stdout}\n{stderr}");
    assert!(stdout.contains("outputs: all 6 runs"), "{stdout}");
    for metric in ["loads", "compile_ns"] {
        let line = stdout.lines().find(|l| l.starts_with(metric)).unwrap_or_else(|| panic!("no {metric} row:\n{stdout}"));
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells[1], "3", "three programs have a ratio: {line}");
        let geomean: f64 = cells[3].parse().unwrap_or_else(|_| panic!("geomean in '{line}'"));
        assert!(geomean > 0.0 && geomean.is_finite(), "{line}");
    }
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    let mut fewer = 0;
    for p in programs {
        let a: f64 = csv_cell(&csv, p, "loads", "a_median").unwrap().parse().unwrap();
        let b: f64 = csv_cell(&csv, p, "loads", "b_median").unwrap().parse().unwrap();
        assert!(b <= a, "{p}: load elimination must not add loads ({a} → {b})");
        if b < a {
            fewer += 1;
        }
        assert!(csv_cell(&csv, p, "compile_ns", "a_median").unwrap().parse::<f64>().unwrap() > 0.0);
        assert_eq!(csv_cell(&csv, p, "loads", "outputs_match_node").as_deref(), Some("true"));
    }
    assert!(fewer >= 1, "load elimination removed no executed load:\n{csv}");
    let _ = std::fs::remove_dir_all(&corpus);
}

#[test]
fn a_wrong_output_gives_the_mismatch_status() {
    let corpus = small_corpus("bad", &["feat_objects_nested"]);
    std::fs::write(corpus.join("feat_objects_nested.expected"), "not what node printed\n").unwrap();
    let (status, stdout, _) = seabed_ab(&["--a", WITHOUT_LOAD_ELIM, "--b", "cfg:copy(dce)", "--corpus", corpus.to_str().unwrap(), "--metric", "loads"]);
    assert_eq!(status, i32::from(seabed::ab::EXIT_MISMATCH), "{stdout}");
    assert!(stdout.contains("DIFFER") && stdout.contains("feat_objects_nested"), "{stdout}");
    let _ = std::fs::remove_dir_all(&corpus);
}

#[test]
fn llvm_has_no_load_metric() {
    let corpus = small_corpus("llvm", &["feat_objects_nested"]);
    let (status, stdout, stderr) =
        seabed_ab(&["--a", WITHOUT_LOAD_ELIM, "--b", WITH_LOAD_ELIM, "--corpus", corpus.to_str().unwrap(), "--backend", "llvm", "--metric", "loads,visits"]);
    assert_eq!(status, 0, "{stdout}\n{stderr}");
    assert!(stdout.lines().any(|l| l.starts_with("loads") && l.contains("absent")), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("visits") && !l.contains("absent")), "{stdout}");
    let _ = std::fs::remove_dir_all(&corpus);
}

#[test]
fn the_backend_asked_for_is_the_backend_run() {
    // `--backend cranelift` once ran LLVM (every backend but lir was passed on as llvm).
    let corpus = small_corpus("cranelift", &["feat_objects_nested"]);
    let (status, stdout, stderr) =
        seabed_ab(&["--a", WITHOUT_LOAD_ELIM, "--b", WITH_LOAD_ELIM, "--corpus", corpus.to_str().unwrap(), "--backend", "cranelift", "--metric", "visits"]);
    assert_eq!(status, 0, "{stdout}\n{stderr}");
    assert!(stdout.contains("backend cranelift"), "{stdout}");
    let _ = std::fs::remove_dir_all(&corpus);
}

#[test]
fn usage_errors() {
    for args in [
        &["--a", "reduce(dce)", "--b", WITH_LOAD_ELIM][..],
        &["--a", WITH_LOAD_ELIM][..],
        &["--a", WITH_LOAD_ELIM, "--b", "son:reduce(nosuch)"][..],
        &["--a", WITH_LOAD_ELIM, "--b", WITH_LOAD_ELIM, "--metric", "speed"][..],
        &["--a", WITH_LOAD_ELIM, "--b", WITH_LOAD_ELIM, "--reps", "0"][..],
    ] {
        let (status, _, stderr) = seabed_ab(args);
        assert_eq!(status, 2, "{args:?}: {stderr}");
        assert!(stderr.contains("error:"), "{stderr}");
    }
}

#[test]
fn stats_metrics_sum_phases_and_take_each_compilation_final_size() {
    let json = r#"{"tier": "son", "tiering": {"exits": 2, "checks": 40, "loads_executed": 7},
      "phases": [
        {"function": "f", "label": "son/build#1", "wall_ns": 100, "visits": 0, "changes": 0, "nodes_out": 10, "bytes_allocated": 8},
        {"function": "f", "label": "son/reduce#2", "wall_ns": 50, "visits": 10, "changes": 3, "nodes_out": 6, "bytes_allocated": null},
        {"function": "f", "label": "son/build#1", "wall_ns": 20, "visits": 0, "changes": 0, "nodes_out": 12, "bytes_allocated": 2},
        {"function": "f", "label": "son/reduce#2", "wall_ns": 30, "visits": 12, "changes": 1, "nodes_out": 9, "bytes_allocated": 4},
        {"function": "g", "label": "son/build#1", "wall_ns": 5, "visits": 0, "changes": 0, "nodes_out": 4, "bytes_allocated": 0}
      ]}"#;
    let m = metrics_from_stats(json).unwrap();
    assert_eq!(m[&Metric::CompileNs], 205.0);
    assert_eq!(m[&Metric::Visits], 22.0);
    assert_eq!(m[&Metric::Changes], 4.0);
    assert_eq!(m[&Metric::BytesAllocated], 14.0);
    // Three compilations ending with 6, 9 and 4 nodes.
    assert_eq!(m[&Metric::NodesOut], 19.0);
    assert_eq!(m[&Metric::Exits], 2.0);
    assert_eq!(m[&Metric::Checks], 40.0);
    assert_eq!(m[&Metric::Loads], 7.0);
    let llvm = r#"{"tiering": {"exits": 0, "checks": 0, "loads_executed": null}, "phases": []}"#;
    assert!(!metrics_from_stats(llvm).unwrap().contains_key(&Metric::Loads));
    assert!(metrics_from_stats("{").is_err());
}

#[test]
fn geometric_mean_and_bootstrap_interval() {
    assert!(geomean_ci(&[]).is_none());
    let same = geomean_ci(&[2.0, 2.0, 2.0]).unwrap();
    assert!((same.geomean - 2.0).abs() < 1e-12 && (same.low - 2.0).abs() < 1e-12 && (same.high - 2.0).abs() < 1e-12);
    let spread = geomean_ci(&[0.5, 1.0, 2.0, 4.0, 1.5, 0.8]).unwrap();
    let expected = (0.5f64 * 1.0 * 2.0 * 4.0 * 1.5 * 0.8).powf(1.0 / 6.0);
    // The geometric mean is given to 12 significant digits (claims::robustness).
    assert!((spread.geomean - expected).abs() < 1e-10, "{} vs {expected}", spread.geomean);
    assert!(spread.low < spread.geomean && spread.geomean < spread.high, "{spread:?}");
    assert!(spread.low >= 0.5 && spread.high <= 4.0, "{spread:?}");
    // A fixed seed: the same data give the same interval.
    assert_eq!(geomean_ci(&[0.5, 1.0, 2.0, 4.0, 1.5, 0.8]).unwrap(), spread);
}

#[test]
fn turbo_stats_table_of_turbofan() {
    let rows = parse_turbo_stats(&data("turbo_stats_turbofan_nbody.txt")).unwrap();
    let find = |kind: RowKind, name: &str| rows.iter().find(|r| r.kind == kind && r.phase == name).unwrap_or_else(|| panic!("no {kind:?} {name}"));
    let le = find(RowKind::Phase, "LoadElimination");
    assert_eq!((le.time_ms, le.time_pct), (0.667, 12.8));
    assert!((le.space_kb - 386504.0 / 1024.0).abs() < 1e-9);
    assert_eq!(find(RowKind::Group, "Lowering").time_ms, 1.638);
    assert_eq!(find(RowKind::Phase, "InitPipelineData").time_ms, 0.129);
    // FinalizeCode is both a phase and its own group.
    assert_eq!(find(RowKind::Phase, "FinalizeCode").time_ms, 0.021);
    assert_eq!(find(RowKind::Group, "FinalizeCode").time_ms, 0.022);
    let totals: Vec<_> = rows.iter().filter(|r| r.kind == RowKind::Total).collect();
    assert_eq!(totals.len(), 1);
    assert_eq!((totals[0].time_ms, totals[0].time_pct), (5.218, 100.0));
    let groups = rows.iter().filter(|r| r.kind == RowKind::Group).count();
    assert_eq!(groups, 8, "the eight phase groups");
    let phases: Vec<_> = rows.iter().filter(|r| r.kind == RowKind::Phase).collect();
    assert_eq!(phases.len(), 41, "49 V8.TF rows less the 8 group totals");
    // Phases plus V8's unattributed group overhead add up to at most the total.
    let sum: f64 = phases.iter().map(|r| r.time_ms).sum();
    assert!(sum <= totals[0].time_ms && sum > 0.8 * totals[0].time_ms, "{sum}");
    assert!(phases.iter().all(|r| !r.phase.starts_with("V8.TF")));
    assert!(phases.iter().any(|r| r.phase == "MemoryOptimization"));
}

#[test]
fn turbo_stats_table_of_turboshaft() {
    let rows = parse_turbo_stats(&data("turbo_stats_turboshaft_nbody.txt")).unwrap();
    let phase = |name: &str| rows.iter().any(|r| r.kind == RowKind::Phase && r.phase == name);
    assert!(phase("TurboshaftBuildGraph") && phase("TurboshaftRecreateSchedule"));
    // The 40-character name runs into the time column.
    let deco = rows.iter().find(|r| r.phase == "TurboshaftDecompressionOptimization").unwrap();
    assert_eq!((deco.time_ms, deco.space_kb), (0.001, 0.0));
    assert!(!phase("MemoryOptimization"));
    assert_eq!(rows.iter().find(|r| r.kind == RowKind::Total).unwrap().time_ms, 5.759);
}

#[test]
fn turbo_stats_without_a_table_or_with_a_broken_row() {
    assert!(parse_turbo_stats("1\n2\n").unwrap().is_empty());
    let text = data("turbo_stats_turbofan_nbody.txt").replace("V8.TFTyper      0.093", "V8.TFTyper      zero");
    let err = parse_turbo_stats(&text).unwrap_err();
    assert!(err.contains("V8.TFTyper"), "{err}");
}

#[test]
fn turboshaft_flag_detection() {
    let (both, note) = pipelines("  --turboshaft (enable TurboFan's Turboshaft phases for JS (experimental))\n");
    assert_eq!(both.len(), 2);
    assert!(note.is_none());
    assert!(both[0].1.contains(&"--no-turboshaft") && both[1].1.contains(&"--turboshaft"));
    assert!(both.iter().all(|(_, flags)| flags.contains(&"--turbo-stats") && flags.contains(&"--no-concurrent-recompilation")));
    let (one, note) = pipelines("  --turboshaft-wasm (enable Turboshaft for wasm)\n");
    assert_eq!(one.len(), 1);
    assert!(note.is_some());
}
