//! The garbage collector seen from the command line (issue 18): memory stays bounded on a
//! loop that allocates 20 million objects, `--max-heap` ends a run as node does, and the
//! collector's counters appear in `--stats`. (Every corpus program under `--gc-stress` is in
//! the corpus runner.)

use std::path::PathBuf;
use std::process::Command;

/// The loop of the issue: 20 million two-field objects, each reachable only until the next
/// iteration (kept in a global, so escape analysis cannot remove them).
const ALLOCATION_LOOP: &str = "\
let keep = null;
function make(i, prev) { return { x: i, y: prev }; }
let sum = 0;
for (let i = 0; i < 20000000; i++) {
  keep = make(i, (i % 1000 === 0) ? null : keep);
  sum += keep.x;
}
console.log(sum);
";

fn script(name: &str, src: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seabed-gc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, src).unwrap();
    path
}

/// The value of the integer field `"key": N` in a `--stats` JSON text.
fn stat(json: &str, key: &str) -> Option<u64> {
    let pattern = format!("\"{key}\": ");
    let i = json.find(&pattern)?;
    json[i + pattern.len()..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

#[test]
fn twenty_million_objects_stay_under_100_mb_in_every_tier() {
    let js = script("alloc.js", ALLOCATION_LOOP);
    let mut tiers = vec![vec!["--tier", "interp"], vec!["--tier", "son"], vec!["--tier", "cfg"]];
    if std::env::var("SEABED_CORPUS").is_ok_and(|v| v == "all") {
        tiers.push(vec!["--tier", "son", "--backend", "lir"]);
        tiers.push(vec!["--tier", "cfg", "--backend", "lir"]);
    }
    for tier in tiers {
        let stats = js.with_extension(format!("{}.json", tier.join("_").replace("--", "")));
        // Whatever is read below was written by this run.
        let _ = std::fs::remove_file(&stats);
        let out = Command::new(env!("CARGO_BIN_EXE_seabed"))
            .arg("run")
            .arg(&js)
            .args(&tier)
            .arg("--stats")
            .arg(&stats)
            .output()
            .expect("seabed runs");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "199999990000000\n", "{tier:?}: {}", String::from_utf8_lossy(&out.stderr));
        let json = std::fs::read_to_string(&stats).expect("stats written");
        // Every tier is checked: a stats file without the peak RSS (null where
        // /proc/self/status cannot be read) fails rather than ending the loop early.
        let field = |key: &str| stat(&json, key).unwrap_or_else(|| panic!("{tier:?}: no integer {key} in the stats: {json}"));
        let rss = field("peak_rss_kb");
        assert!(rss < 100 * 1024, "{tier:?}: peak RSS {rss} KiB");
        assert!(field("collections") > 10, "{tier:?}: few collections in {json}");
        assert!(field("cells_freed") > 19_000_000, "{tier:?}: {json}");
    }
}

/// Garbage made of elements pushed onto arrays: the growth of an array's elements counts
/// toward the next collection like a new cell does (before it did not: 0 collections and
/// 213 MB peak RSS, node 49 MB).
#[test]
fn pushed_elements_count_toward_the_next_collection() {
    let js = script(
        "push.js",
        "let keep = null;\nlet sum = 0;\nfor (let i = 0; i < 20000; i++) {\n  const a = [];\n  for (let k = 0; k < 1000; k++) a.push(k);\n  keep = a;\n  sum += a.length;\n}\nconsole.log(sum + keep.length);\n",
    );
    let stats = js.with_extension("json");
    let out = Command::new(env!("CARGO_BIN_EXE_seabed"))
        .arg("run")
        .arg(&js)
        .args(["--tier", "interp", "--stats"])
        .arg(&stats)
        .output()
        .expect("seabed runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "20001000\n", "{}", String::from_utf8_lossy(&out.stderr));
    let json = std::fs::read_to_string(&stats).expect("stats written");
    // 20,000 arrays of 1,000 elements: 160 MB of elements, a collection every 8 MB or so.
    assert!(stat(&json, "collections").unwrap_or(0) >= 10, "{json}");
    assert!(stat(&json, "bytes_allocated").unwrap_or(0) >= 160_000_000, "{json}");
    if let Some(rss) = stat(&json, "peak_rss_kb") {
        assert!(rss < 100 * 1024, "peak RSS {rss} KiB");
    }
}

#[test]
fn the_heap_limit_ends_the_run_as_node_does() {
    let js = script(
        "grow.js",
        "const all = [];\nconsole.log('start');\nfor (let i = 0; ; i++) { all.push({ i: i, next: all.length }); }\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_seabed"))
        .arg("run")
        .arg(&js)
        .args(["--max-heap", "16"])
        .output()
        .expect("seabed runs");
    assert_eq!(out.status.code(), Some(134), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "start\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn collector_options_are_checked() {
    for bad in [["--gc-stress", "0"], ["--max-heap", "0"], ["--gc-stress", "x"]] {
        let js = script("one.js", "console.log(1);\n");
        let out = Command::new(env!("CARGO_BIN_EXE_seabed")).arg("run").arg(&js).args(bad).output().expect("seabed runs");
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(bad[0]), "{bad:?}");
    }
}

/// A callee's interpreter frame starts after its arguments, inside the caller's frame; the
/// caller's registers above it must stay roots while the callee runs. When entering a callee
/// lowered `Vm::stack_top`, a dead temporary of the script (an old `pegs` array) was freed
/// while the register still held it, and `--verify-heap` failed once the callee returned —
/// on the LIR evaluator at these stress intervals, where compiled and interpreted frames mix.
#[test]
fn a_callers_registers_above_a_callee_frame_stay_roots() {
    let hanoi = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/bench_hanoi.js");
    let expected = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/bench_hanoi.expected")).unwrap();
    for (tier, stress) in [("son", "3"), ("cfg", "5"), ("baseline", "5")] {
        let out = Command::new(env!("CARGO_BIN_EXE_seabed"))
            .arg("run")
            .arg(hanoi)
            .args(["--tier", tier, "--backend", "lir", "--gc-stress", stress, "--verify-heap", "--osr-back-edges", "100000000"])
            .output()
            .expect("seabed runs");
        assert_eq!(out.status.code(), Some(0), "{tier} --gc-stress {stress}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{tier}");
    }
}

/// Compiled code allocates inline and the counters still see every allocation: the same
/// program counts the same cells on the interpreter and on both pipelines.
#[test]
fn inline_allocations_are_counted_like_the_interpreters() {
    let js = script(
        "count.js",
        "function p(i) { return { a: i, b: [i, i] }; }\nlet keep = null;\nfor (let i = 0; i < 50000; i++) keep = p(i);\nconsole.log(keep.a);\n",
    );
    let cells = |tier: &str| {
        let stats = std::env::temp_dir().join(format!("seabed-gc-count-{tier}-{}.json", std::process::id()));
        let out = Command::new(env!("CARGO_BIN_EXE_seabed"))
            .arg("run")
            .arg(&js)
            .args(["--tier", tier, "--stats"])
            .arg(&stats)
            .output()
            .expect("seabed runs");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "49999\n", "{tier}: {}", String::from_utf8_lossy(&out.stderr));
        let json = std::fs::read_to_string(&stats).unwrap();
        stat(&json, "cells_allocated").expect("cells_allocated in --stats")
    };
    let interp = cells("interp");
    assert!(interp >= 100_000, "{interp}");
    for tier in ["son", "cfg"] {
        assert_eq!(cells(tier), interp, "{tier}");
    }
}
