//! The code-quality benchmark's programs (`experiments/bench/`, `make bench-code`): each has
//! node's output committed beside it, times itself only on stderr, and — run at its small size
//! (`code_quality::small_variant`, node's output in `NAME.small.expected`) — prints node's
//! output under the interpreter and under both optimizing pipelines on LLVM. The full-size
//! programs run for seconds; `make bench-code` checks them against `NAME.expected` every run.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use claims::code_quality::{kernels, parse_iterations, small_variant};

fn bench_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("bench")
}

/// seabed configurations the small variants run under: the interpreter, and son and cfg on
/// LLVM with low thresholds and synchronous compilation so that compiled code (calling
/// `performance.now()` too) surely runs.
const CONFIGURATIONS: &[&[&str]] = &[
    &["--tier", "interp"],
    &["--tier", "son", "--backend", "llvm", "--hot-calls", "2", "--osr-back-edges", "50", "--compile-thread", "off", "--verify"],
    &["--tier", "cfg", "--backend", "llvm", "--hot-calls", "2", "--osr-back-edges", "50", "--compile-thread", "off", "--verify"],
];

#[test]
fn every_bench_program_has_node_output_and_times_itself_on_stderr() {
    let files = kernels(&bench_dir()).expect("experiments/bench");
    assert!(files.len() >= 8, "experiments/bench has {} programs", files.len());
    for js in &files {
        let name = js.file_name().unwrap().to_string_lossy();
        let source = std::fs::read_to_string(js).unwrap();
        for ext in ["expected", "status", "small.expected"] {
            assert!(js.with_extension(ext).exists(), "{name}: no NAME.{ext} (bash experiments/scripts/golden_bench.sh)");
        }
        assert_eq!(std::fs::read_to_string(js.with_extension("status")).unwrap().trim(), "0", "{name}");
        assert!(small_variant(&source).is_some(), "{name}: no line 'var SIZE = N; // small: M'");
        assert!(source.contains("performance.now()") && source.contains("console.error(\"BENCH iteration \""), "{name}: the harness");
        // The checksum line names the kernel and its size: the committed output is for this SIZE.
        let size = source.lines().find_map(|l| l.strip_prefix("var SIZE = ")?.split(';').next()).unwrap();
        let expected = std::fs::read_to_string(js.with_extension("expected")).unwrap();
        let stem = js.file_stem().unwrap().to_string_lossy();
        assert!(
            expected.lines().last().is_some_and(|l| l.starts_with(&format!("{stem} {size} "))),
            "{name}: NAME.expected is not for SIZE = {size} (rerun golden_bench.sh): {expected:?}"
        );
    }
}

/// Runs the small variant of `js` (written to `dir`) under every configuration; returns the
/// mismatches.
fn check_small(js: &Path, dir: &Path) -> Vec<String> {
    let name = js.file_name().unwrap().to_string_lossy().into_owned();
    let small = dir.join(&name);
    std::fs::write(&small, small_variant(&std::fs::read_to_string(js).unwrap()).unwrap()).unwrap();
    let expected = std::fs::read(js.with_extension("small.expected")).unwrap();
    let mut failures = Vec::new();
    for config in CONFIGURATIONS {
        let out = Command::new(env!("CARGO_BIN_EXE_seabed"))
            .arg("run")
            .arg(&small)
            .args(*config)
            .stdin(Stdio::null())
            .output()
            .expect("seabed runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let times = parse_iterations(&stderr);
        if out.stdout != expected || !out.status.success() || times.len() != 1 || times[0] < 0.0 {
            failures.push(format!(
                "{name} {config:?}: status {:?}, stdout {:?} (node {:?}), iterations {times:?}, stderr {:?}",
                out.status.code(),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&expected),
                stderr.lines().take(3).collect::<Vec<_>>()
            ));
        }
    }
    failures
}

#[test]
fn small_bench_programs_match_node_under_seabed() {
    let dir = std::env::temp_dir().join(format!("seabed-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files = kernels(&bench_dir()).unwrap();
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (files, dir) = (&files, &dir);
                s.spawn(move || files.iter().skip(t).step_by(threads).flat_map(|js| check_small(js, dir)).collect::<Vec<_>>())
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("worker")).collect()
    });
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Machine-dependent builtins (`performance`) are for the bench programs' timing only: no
/// corpus program, whose output is compared with node's, reads one.
#[test]
fn no_corpus_program_uses_a_machine_dependent_global() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for entry in std::fs::read_dir(corpus).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "js") {
            let source = std::fs::read_to_string(&path).unwrap();
            for name in frontend::MACHINE_DEPENDENT_GLOBALS {
                assert!(!source.contains(&format!("{name}.")), "{} reads {name}", path.display());
            }
        }
    }
}
