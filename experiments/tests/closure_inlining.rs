//! Calls of closures are inlined on both pipelines (issue 17): a site whose feedback names
//! closures of one function (`Callee::Closure`) checks the function id (`IsClosureOf`) and
//! binds the inlined body's context register to the closure's context (`ClosureContext`), as
//! TurboFan checks a closure's SharedFunctionInfo. Each test reads `--dump-lir` and the
//! `--stats` inlining counters, and compares the output with the interpreter's.

mod common;

use common::seabed;

/// `drive` calls the closure it is given; two closures of one function, with different
/// contexts, reach the same site.
const PROGRAM: &str = "\
function make(k) {
  let n = 0;
  return function (x) {
    n += x * k;
    return n;
  };
}
function drive(f, m) {
  let r = 0;
  for (let i = 0; i < m; i++) r = f(i);
  return r;
}
const a = make(2);
const b = make(3);
let s = 0;
for (let j = 0; j < 300; j++) s += drive(a, 10) + drive(b, 10);
console.log(s);
";

#[test]
fn closure_calls_are_inlined_behind_a_function_id_check_on_both_pipelines() {
    let dir = std::env::temp_dir().join(format!("seabed-closure-inlining-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = common::write_program(&dir, "closures.js", PROGRAM);
    let (expected, _) = seabed(&["run", &file, "--tier", "interp"]);
    for tier in ["son", "cfg"] {
        let stats = dir.join(format!("{tier}.json"));
        let (out, lir) = seabed(&[
            "run",
            &file,
            "--tier",
            tier,
            "--backend",
            "lir",
            "--hot-calls",
            "2",
            "--dump-lir",
            "--stats",
            stats.to_str().unwrap(),
        ]);
        assert_eq!(out, expected, "{tier}: the interpreter's output");
        assert!(lir.contains("IsClosureOf["), "{tier}: the target check is on the function id\n{lir}");
        assert!(lir.contains("ClosureContext"), "{tier}: the context comes from the closure called\n{lir}");
        let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
        let inlined: u64 = json["phases"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|p| p["extra"]["inlined_calls"].as_u64())
            .sum();
        assert!(inlined > 0, "{tier}: some call was inlined");
        // Both closures of `make`'s function passed the same check: no exit for a wrong target.
        let exits = json["exit_reasons"].as_object().cloned().unwrap_or_default();
        assert!(!exits.contains_key("WrongCallTarget"), "{tier}: {exits:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
