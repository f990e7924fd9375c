//! Exceptions in compiled code (issue 38): a function with `try/catch` in a hot loop is
//! compiled by both optimizing pipelines with exception edges (`IfSuccess`/`IfException` in
//! the sea of nodes, `CheckException` and catch blocks in the CFG), and an exception thrown
//! by a callee inlined into it is caught by the compiled code itself: the function never
//! leaves its code, and prints what the interpreter prints. Read from `--stats`.

mod common;

use common::seabed;

/// `thrower` is small and always called from one site: the walker inlines it into `caller`,
/// whose loop is hot enough for on-stack replacement; every fifth call throws. The first,
/// short run of `caller` gives the code after the loop feedback, so the compiled code never
/// leaves for lack of it.
const PROGRAM: &str = "\
function thrower(x) {
  if (x % 5 === 0) throw new Error('five ' + x);
  return x + 1;
}
function caller(n) {
  let caught = 0, sum = 0;
  for (let i = 0; i < n; i++) {
    try {
      sum += thrower(i);
    } catch (e) {
      caught++;
      sum -= e.message.length;
    }
  }
  return sum + '/' + caught;
}
console.log(caller(10));
for (let k = 0; k < 4; k++) console.log(caller(4000));
";

#[test]
fn a_hot_try_is_compiled_and_catches_what_an_inlined_callee_throws_on_both_pipelines() {
    let dir = std::env::temp_dir().join(format!("seabed-exceptions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = common::write_program(&dir, "exceptions.js", PROGRAM);
    let (expected, _) = seabed(&["run", &file, "--tier", "interp"]);
    assert_eq!(expected.lines().count(), 5, "{expected}");
    for tier in ["son", "cfg"] {
        for backend in ["llvm", "cranelift", "lir"] {
            let stats = dir.join(format!("{tier}-{backend}.json"));
            let (out, _) = seabed(&["run", &file, "--tier", tier, "--backend", backend, "--verify", "--stats", stats.to_str().unwrap()]);
            assert_eq!(out, expected, "{tier} on {backend}: the interpreter's output");
            let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
            let caller = json["functions"].as_array().unwrap().iter().find(|f| f["name"] == "caller").expect("caller's row");
            let compiles = caller["compiles"].as_u64().unwrap() + caller["osr_compiles"].as_u64().unwrap();
            assert!(compiles > 0, "{tier} on {backend}: caller is compiled: {caller}");
            assert_eq!(caller["exits"].as_u64(), Some(0), "{tier} on {backend}: caller's code caught every exception: {caller}");
            // The build row of caller's compilation: the callee inlined, the edges built.
            let builds: Vec<&serde_json::Value> = json["phases"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["function"] == "caller" && p["label"].as_str().is_some_and(|l| l.contains("build")))
                .collect();
            assert!(!builds.is_empty(), "{tier} on {backend}: a build row for caller");
            for b in builds {
                assert!(b["extra"]["inlined_calls"].as_u64().unwrap_or(0) >= 1, "{tier} on {backend}: thrower is inlined: {b}");
                assert!(b["extra"]["exception_edges"].as_u64().unwrap_or(0) >= 2, "{tier} on {backend}: the call and the throw have edges: {b}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
