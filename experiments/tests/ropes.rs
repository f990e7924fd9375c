//! Ropes (V8's ConsString) seen from the command line (issue 38): building a string with `+=`
//! allocates linearly in every tier — the heap's byte counter for 2N steps is about twice that
//! for N, where flat copies made it about four times — and ropes hundreds of thousands of
//! levels deep are flattened, collected and verified without overflowing the stack. The
//! counters are deterministic, so these tests cannot time out flakily; `make bench-strings`
//! measures the time and memory.

use std::path::PathBuf;
use std::process::Command;

fn script(name: &str, src: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seabed-ropes-{}", std::process::id()));
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

/// Runs `js` with `args`, checks its stdout, and returns its `--stats` JSON text.
fn run(js: &PathBuf, args: &[&str], stdout: &str) -> String {
    let stats = js.with_extension(format!("{}.json", args.join("_").replace("--", "")));
    let _ = std::fs::remove_file(&stats);
    let out = Command::new(env!("CARGO_BIN_EXE_seabed")).arg("run").arg(js).args(args).arg("--stats").arg(&stats).output().expect("seabed runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout), stdout, "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    std::fs::read_to_string(&stats).expect("stats written")
}

/// The string-building loop of the issue, in a function (so that the compilers build the
/// string) called once per program, then one read of the characters near the end.
fn building(n: u32, step: &str) -> String {
    format!("function build(n) {{\n  let s = \"\";\n  for (let i = 0; i < n; i++) s += {step};\n  return s;\n}}\nconst s = build({n});\nconsole.log(s.length, s.charCodeAt(s.length - 2));\n")
}

/// Node's output for [`building`] (the same text JavaScript computes).
fn expected(n: u32, step: &str) -> String {
    let s: String = if step == "i" { (0..n).map(|i| i.to_string()).collect() } else { "x".repeat(n as usize) };
    format!("{} {}\n", s.len(), s.as_bytes()[s.len() - 2])
}

#[test]
fn building_a_string_allocates_linearly_in_every_tier() {
    let tiers: [&[&str]; 5] = [
        &["--tier", "interp"],
        &["--tier", "baseline", "--always-opt"],
        &["--tier", "son", "--always-opt"],
        &["--tier", "cfg", "--always-opt"],
        &["--tier", "son", "--always-opt", "--deopt-every", "3"],
    ];
    for step in ["i", "\"x\""] {
        let n = 20_000;
        let small = script(&format!("build_{}_{n}.js", step.len()), &building(n, step));
        let large = script(&format!("build_{}_{}.js", step.len(), 2 * n), &building(2 * n, step));
        for args in tiers {
            let a = stat(&run(&small, args, &expected(n, step)), "bytes_allocated").expect("bytes_allocated");
            let b = stat(&run(&large, args, &expected(2 * n, step)), "bytes_allocated").expect("bytes_allocated");
            // Flat copies: ~4.4x (the sum of the lengths of every intermediate string).
            let ratio = b as f64 / a as f64;
            assert!((1.8..=2.3).contains(&ratio), "s += {step} under {args:?}: {a} bytes for {n} steps, {b} for {}: ratio {ratio:.2}", 2 * n);
        }
    }
}

#[test]
fn deep_ropes_flatten_and_collect_without_overflowing_the_stack() {
    let js = script(
        "deep.js",
        "let left = \"\", right = \"\";\n\
         for (let i = 0; i < 300000; i++) { left += \"ab\"; right = \"cd\" + right; }\n\
         const both = left + right;\n\
         console.log(both.length, both.charCodeAt(1), both.charCodeAt(599999), both.charCodeAt(600000), both.slice(599998, 600002));\n",
    );
    let stdout = "1200000 98 98 99 abcd\n";
    for args in [&["--tier", "interp"][..], &["--tier", "cfg", "--always-opt"], &["--tier", "interp", "--gc-stress", "100000", "--verify-heap"]] {
        let json = run(&js, args, stdout);
        // 600,000 ropes and the one flat copy of 1.2 million code units.
        let bytes = stat(&json, "bytes_allocated").expect("bytes_allocated");
        assert!(bytes < 64 << 20, "{args:?}: {bytes} bytes allocated");
    }
}
