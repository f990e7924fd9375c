//! The test262 runner without a test262 checkout: frontmatter parsing, the classifier, the
//! expectations file, judging, our harness under seabed, and a run over a tiny fixture suite.
//! Every fixture here is written for these tests (none is a test262 file).

#[allow(dead_code)]
mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use conformance::test262::classify::{self, Mode};
use conformance::test262::exec::{self, Kind, Outcome, RawRun};
use conformance::test262::expectations::{self, Expectations};
use conformance::test262::frontmatter::{self, Phase};
use conformance::test262::{self as t262, RunResult, HARNESS};

const SEABED: &str = env!("CARGO_BIN_EXE_seabed");

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch("t262", name)
}

use common::write;

/// A test file: a frontmatter with `meta` lines, then `body`.
fn test_file(meta: &str, body: &str) -> String {
    format!("// A fixture written for seabed's runner tests.\n/*---\ndescription: a fixture\n{meta}\n---*/\n{body}\n")
}

// ---- frontmatter ------------------------------------------------------------------------

#[test]
fn frontmatter_reads_flow_lists_block_lists_and_negative() {
    let src = test_file(
        "info: |\n  Some text that mentions\n  flags: [module]\n  but is only text.\nflags: [onlyStrict, generated]\nincludes:\n  - compareArray.js\n  - 'sta.js'\nfeatures: [let,\n  const]\nnegative:\n  phase: parse\n  type: SyntaxError",
        "$DONOTEVALUATE();",
    );
    let fm = frontmatter::parse(&src).unwrap();
    assert_eq!(fm.flags, ["onlyStrict", "generated"]);
    assert_eq!(fm.includes, ["compareArray.js", "sta.js"]);
    assert_eq!(fm.features, ["let", "const"]);
    let n = fm.negative.clone().unwrap();
    assert_eq!((n.phase, n.error_type.as_str()), (Phase::Parse, "SyntaxError"));
    assert!(fm.has_flag("onlyStrict") && !fm.has_flag("module"));
}

#[test]
fn frontmatter_handles_cr_line_ends_folded_scalars_and_the_old_early_phase() {
    let src = "/*---\rdescription: >\r  folded: text\rnegative:\r  phase: early\r  type: ReferenceError\rflags: [raw]\r---*/\rx;\r";
    let fm = frontmatter::parse(src).unwrap();
    assert_eq!(fm.flags, ["raw"]);
    assert_eq!(fm.negative.unwrap().phase, Phase::Parse);
    let runtime = frontmatter::parse(&test_file("negative:\n  type: TypeError\n  phase: runtime", "")).unwrap();
    assert_eq!(runtime.negative.unwrap().phase, Phase::Runtime);
}

#[test]
fn frontmatter_without_keys_is_empty_and_a_missing_block_is_an_error() {
    let fm = frontmatter::parse(&test_file("esid: sec-x", "1;")).unwrap();
    assert!(fm.flags.is_empty() && fm.includes.is_empty() && fm.features.is_empty() && fm.negative.is_none());
    assert!(frontmatter::parse("// no metadata\n1;").is_err());
    assert!(frontmatter::parse(&test_file("negative:\n  type: SyntaxError", "")).is_err(), "a negative needs a phase");
}

// ---- classifier -------------------------------------------------------------------------

/// The classifier's decisions on a fixture: (mode, skip reason or None).
fn decide(meta: &str, body: &str) -> Vec<(Mode, Option<String>)> {
    let src = test_file(meta, body);
    let fm = frontmatter::parse(&src).unwrap();
    classify::classify("fixture.js", &fm, &src, HARNESS).into_iter().map(|d| (d.mode, d.program.err())).collect()
}

fn reason(meta: &str, body: &str) -> String {
    decide(meta, body)[0].1.clone().unwrap_or_default()
}

#[test]
fn the_classifier_selects_tier1_to_3_tests_in_both_modes() {
    let d = decide("", "var x = 1 + 2;\nassert.sameValue(x, 3, 'sum');\nassert.notSameValue(x, 4);\nif (x !== 3) throw new Test262Error('#1');\nassert(x === 3, 'as a function');\nassert.throws(TypeError, () => null.p);\nvar e = Test262Error;");
    assert_eq!(d, [(Mode::Sloppy, None), (Mode::Strict, None)]);
    assert_eq!(decide("flags: [onlyStrict]", "assert.sameValue(1, 1);"), [(Mode::Strict, None)]);
    assert_eq!(decide("flags: [noStrict]", "assert.sameValue(1, 1);"), [(Mode::Sloppy, None)]);
    assert_eq!(decide("features: [let, exponentiation]", "let y = 2 ** 3;"), [(Mode::Sloppy, None), (Mode::Strict, None)]);
    assert_eq!(decide("includes: [compareArray.js]", "assert.compareArray([1], [1]);"), [(Mode::Sloppy, None), (Mode::Strict, None)]);
    assert_eq!(decide("features: [class, arrow-function, destructuring-binding]", "class A { m() { var [a] = [1]; return () => a; } }"), [(Mode::Sloppy, None), (Mode::Strict, None)]);
}

#[test]
fn the_classifier_names_the_first_reason_to_skip() {
    assert_eq!(reason("flags: [module]", ""), "flag: module");
    assert_eq!(reason("flags: [async]", ""), "flag: async");
    assert_eq!(reason("includes: [propertyHelper.js]", ""), "includes: propertyHelper.js");
    assert_eq!(reason("features: [let, Symbol]", ""), "feature: Symbol");
    assert_eq!(reason("negative:\n  phase: resolution\n  type: SyntaxError\nflags: [raw]", ""), "negative: resolution phase");
    assert_eq!(reason("", "assert.deepEqual(x, y);"), "harness: assert.deepEqual");
    assert_eq!(reason("", "$262.createRealm();"), "harness: $262");
    assert_eq!(reason("", "var o = { __proto__: null };"), "unsupported: __proto__ in an object literal");
    assert_eq!(reason("", "var o = {};\nwith (o) { }"), "unsupported: with");
    assert_eq!(reason("features: [generators]", "function* g() {}"), "feature: generators");
}

#[test]
fn the_harness_scan_ignores_comments_strings_and_properties() {
    assert_eq!(decide("", "// assert(x) in a comment\nvar s = 'assert(1) $262';\nvar o = {};\no.assert = 1;"), [(Mode::Sloppy, None), (Mode::Strict, None)]);
    assert_eq!(classify::code_only("a /* b */ 'c\\'d' // e\nf"), "a   ''  \nf");
}

#[test]
fn a_syntax_error_keeps_a_test_selected_and_strict_mode_is_prepended() {
    let meta = "negative:\n  phase: parse\n  type: SyntaxError";
    assert_eq!(decide(meta, "$DONOTEVALUATE();\nvar = 1;"), [(Mode::Sloppy, None), (Mode::Strict, None)]);
    let src = test_file("flags: [onlyStrict]", "assert.sameValue(1, 1);");
    let fm = frontmatter::parse(&src).unwrap();
    let program = classify::compose(HARNESS, &fm, &src, Mode::Strict);
    assert!(program.starts_with("\"use strict\";\n") && program.contains("function assert(") && program.ends_with(&src));
    let raw = frontmatter::parse(&test_file("flags: [raw]", "1;")).unwrap();
    assert_eq!(classify::compose(HARNESS, &raw, "1;", Mode::Sloppy), "1;", "raw tests run without the harness");
}

// ---- expectations -----------------------------------------------------------------------

const EXPECT: &str = "\
# a comment
language/a.js  trap: UnsupportedFeature: typeof
language/b.js strict  fail: Test262Error: Expected SameValue(«1», «2») to be true
language/c.js sloppy tiers=son-llvm,cfg-llvm  fail: known difference # not a comment
language/d.js  timeout
";

#[test]
fn the_expectations_file_parses_modes_tiers_and_outcomes() {
    let e = Expectations::parse(EXPECT).unwrap();
    assert_eq!(e.entries.len(), 4);
    assert_eq!(e.entries[0].outcome, Outcome { kind: Kind::Trap, detail: "UnsupportedFeature: typeof".into() });
    assert_eq!(e.entries[1].mode, Some(Mode::Strict));
    assert_eq!(e.entries[2].tiers.as_deref(), Some(&["son-llvm".to_string(), "cfg-llvm".to_string()][..]));
    assert_eq!(e.entries[2].outcome.detail, "known difference # not a comment");
    assert_eq!(e.entries[3].outcome.kind, Kind::Timeout);
    assert!(e.lookup("language/a.js", Mode::Strict, "son-lir").is_some());
    assert!(e.lookup("language/b.js", Mode::Sloppy, "interp").is_none());
    assert!(e.lookup("language/c.js", Mode::Sloppy, "son-llvm").is_some());
    assert!(e.lookup("language/c.js", Mode::Sloppy, "interp").is_none());
    for line in EXPECT.lines().skip(1) {
        assert_eq!(expectations::parse_line(line).unwrap().line(), line, "lines round-trip");
    }
    assert!(Expectations::parse("x.js  pass").is_err(), "a pass is never expected");
    assert!(Expectations::parse("x.js strict").unwrap_err().contains("line 1"));
}

fn result(path: &str, mode: Mode, tier: &'static str, kind: Kind, detail: &str) -> RunResult {
    RunResult { path: path.into(), mode, tier, outcome: Outcome { kind, detail: detail.into() } }
}

#[test]
fn comparing_finds_regressions_newly_passing_tests_and_tier_divergences() {
    let e = Expectations::parse(EXPECT).unwrap();
    let results = vec![
        result("language/a.js", Mode::Sloppy, "interp", Kind::Trap, "UnsupportedFeature: typeof"),
        result("language/a.js", Mode::Sloppy, "son-lir", Kind::Trap, "UnsupportedFeature: typeof"),
        result("language/b.js", Mode::Strict, "interp", Kind::Pass, ""),
        result("language/new.js", Mode::Sloppy, "interp", Kind::Fail, "TypeError: x"),
        result("language/d.js", Mode::Sloppy, "interp", Kind::Fail, "Test262Error: now fails"),
        result("language/e.js", Mode::Sloppy, "interp", Kind::Pass, ""),
        result("language/e.js", Mode::Sloppy, "cfg-llvm", Kind::Fail, "Test262Error: wrong"),
    ];
    let cmp = t262::compare(&results, &e);
    let regressed: Vec<&str> = cmp.regressions.iter().map(|r| r.result.path.as_str()).collect();
    assert_eq!(regressed, ["language/new.js", "language/d.js"], "a change of kind is a regression");
    assert_eq!(cmp.newly_passing.len(), 1);
    assert_eq!(cmp.divergences.len(), 1);
    assert_eq!((cmp.divergences[0].path.as_str(), cmp.divergences[0].tier, cmp.divergences[0].listed), ("language/e.js", "cfg-llvm", false));
    assert!(!cmp.ok());
}

#[test]
fn update_writes_the_interpreters_outcome_and_merges_modes() {
    let old = Expectations::parse("language/k.js  fail: known difference: parsed as CommonJS\nlanguage/gone.js  trap: x\n").unwrap();
    let results = vec![
        result("language/m.js", Mode::Sloppy, "interp", Kind::Trap, "UnsupportedFeature: typeof"),
        result("language/m.js", Mode::Strict, "interp", Kind::Trap, "UnsupportedFeature: typeof"),
        result("language/s.js", Mode::Sloppy, "interp", Kind::Pass, ""),
        result("language/s.js", Mode::Strict, "interp", Kind::Fail, "ReferenceError: y is not defined"),
        result("language/s.js", Mode::Strict, "son-llvm", Kind::Fail, "other"),
        result("language/k.js", Mode::Sloppy, "interp", Kind::Fail, "Test262Error: x"),
    ];
    let tiers = t262::parse_tiers("interp,son-llvm").unwrap();
    let text = expectations::format(&t262::updated(&results, &old, &tiers), None);
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(
        lines,
        [
            "language/gone.js  trap: x",
            "language/k.js  fail: known difference: parsed as CommonJS",
            "language/m.js  trap: UnsupportedFeature: typeof",
            "language/s.js strict  fail: ReferenceError: y is not defined",
        ]
    );
}

// ---- judging ----------------------------------------------------------------------------

fn raw(status: i32, stderr: &str) -> RawRun {
    RawRun { status: Some(status), stdout: String::new(), stderr: stderr.into(), timed_out: false }
}

#[test]
fn judging_reads_seabeds_exit_status_and_error_line() {
    let trap = exec::judge(&raw(3, "UnsupportedFeature: typeof at work/sloppy/a.js:12:3\n"), None);
    assert_eq!(trap.text(), "trap: UnsupportedFeature: typeof");
    assert_eq!(trap.category(), "trap: UnsupportedFeature: typeof");
    let fail = exec::judge(&raw(1, "a.js:4:3\nUncaught Test262Error: msg Expected SameValue(«1», «2») to be true\n"), None);
    assert_eq!(fail.text(), "fail: Test262Error: msg Expected SameValue(«1», «2») to be true");
    assert_eq!(fail.category(), "fail: Test262Error");
    assert_eq!(exec::judge(&raw(0, ""), None), Outcome::pass());
    let expects_it = frontmatter::parse(&test_file("negative:\n  phase: runtime\n  type: Test262Error", "")).unwrap().negative;
    assert_eq!(exec::judge(&raw(1, "a.js:9:7\n\nTest262Error: thrown\n"), expects_it.as_ref()), Outcome::pass());
    let parse = frontmatter::parse(&test_file("negative:\n  phase: parse\n  type: SyntaxError", "")).unwrap().negative;
    assert_eq!(exec::judge(&raw(1, "a.js:2:5\nSyntaxError: Unexpected token\n"), parse.as_ref()), Outcome::pass());
    assert_eq!(exec::judge(&raw(0, ""), parse.as_ref()).kind, Kind::Fail);
    assert!(exec::judge(&raw(1, "a.js:2:5\nSyntaxError: x\n"), None).detail.starts_with("unexpected SyntaxError"));
    let runtime = frontmatter::parse(&test_file("negative:\n  phase: runtime\n  type: ReferenceError", "")).unwrap().negative;
    assert_eq!(exec::judge(&raw(1, "a.js:1:1\nReferenceError: x is not defined\n"), runtime.as_ref()), Outcome::pass());
    assert_eq!(exec::judge(&raw(1, "a.js:1:1\nTypeError: x\n"), runtime.as_ref()).kind, Kind::Fail);
    assert_eq!(exec::judge(&RawRun { timed_out: true, ..raw(0, "") }, None).kind, Kind::Timeout);
    let nul = exec::judge(&raw(3, "UnsupportedFeature: storing property '\0' at a.js:1:1\n"), None);
    assert_eq!(nul.detail, "UnsupportedFeature: storing property '\\u{0}'", "control characters are escaped");
    assert_eq!(exec::judge(&RawRun { status: None, ..raw(0, "") }, None).kind, Kind::Crash);
}

// ---- our harness under seabed -----------------------------------------------------------

/// Runs the harness followed by `body` in `mode` under seabed's interpreter.
fn run_harness(mode: Mode, body: &str) -> Output {
    let dir = scratch(&format!("harness-{}-{}", mode.name(), body.len()));
    let src = test_file("", body);
    let fm = frontmatter::parse(&src).unwrap();
    let file = dir.join("t.js");
    write(&file, &classify::compose(HARNESS, &fm, &src, mode));
    Command::new(SEABED).arg("run").arg(&file).stdin(Stdio::null()).output().unwrap()
}

#[test]
fn the_harness_compiles_in_both_modes() {
    for mode in [Mode::Sloppy, Mode::Strict] {
        let fm = frontmatter::Frontmatter::default();
        let program = classify::compose(HARNESS, &fm, "", mode);
        assert_eq!(classify::static_check("harness.js", &program), Ok(()), "{mode:?}");
    }
}

#[test]
fn the_harness_implements_samevalue() {
    for mode in [Mode::Sloppy, Mode::Strict] {
        let ok = run_harness(
            mode,
            "assert.sameValue(NaN, NaN);\nassert.sameValue(-0, -0);\nassert.sameValue('a' + 1, 'a1');\nassert.notSameValue(0, -0);\nassert.notSameValue(1, '1');\nassert.compareArray([1, NaN, 'x'], [1, NaN, 'x']);\nif (!compareArray([], [])) throw new Test262Error('#1');\nassert(true);\nassert.throws(TypeError, function () { null.p; });\nassert.throws(Test262Error, () => Test262Error.thrower('t'));\nassert.sameValue(String(new Test262Error('m')), 'Test262Error: m');\nconsole.log('done');",
        );
        assert_eq!(ok.status.code(), Some(0), "{}", String::from_utf8_lossy(&ok.stderr));
        assert_eq!(String::from_utf8_lossy(&ok.stdout), "done\n");
    }
}

#[test]
fn a_failing_assertion_exits_1_with_test262error() {
    let zero = run_harness(Mode::Sloppy, "assert.sameValue(0, -0, 'zeros');");
    assert_eq!(zero.status.code(), Some(1));
    let err = String::from_utf8_lossy(&zero.stderr);
    assert!(err.contains("Test262Error: zeros Expected SameValue(«0», «-0») to be true"), "{err}");
    assert_eq!(run_harness(Mode::Strict, "assert.notSameValue(NaN, NaN);").status.code(), Some(1));
    assert_eq!(run_harness(Mode::Sloppy, "$ERROR('old style');").status.code(), Some(1));
    assert_eq!(run_harness(Mode::Sloppy, "$DONOTEVALUATE();").status.code(), Some(1));
    let arrays = run_harness(Mode::Strict, "assert.compareArray([1, 0], [1, -0], 'arrays');");
    assert_eq!(arrays.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&arrays.stderr).contains("Actual [1, 0] and expected [1, -0] should have the same contents."));
    let thrown = run_harness(Mode::Sloppy, "if (1 + 1 !== 3) throw new Test262Error('#1');");
    assert_eq!(thrown.status.code(), Some(1), "a failing check with throw new Test262Error exits 1");
    assert_eq!(exec::error_line(&String::from_utf8_lossy(&thrown.stderr)), "Test262Error: #1");
    let called = run_harness(Mode::Strict, "assert(1 === 2);");
    assert_eq!(exec::error_line(&String::from_utf8_lossy(&called.stderr)), "Test262Error: Expected true but got false");
    let none = run_harness(Mode::Sloppy, "assert.throws(TypeError, function () {});");
    let err = String::from_utf8_lossy(&none.stderr);
    assert_eq!(exec::error_line(&err), "Test262Error: Expected a TypeError to be thrown but no exception was thrown at all");
    let other = run_harness(Mode::Strict, "assert.throws(TypeError, () => { throw new RangeError('r'); }, 'm');");
    assert_eq!(exec::error_line(&String::from_utf8_lossy(&other.stderr)), "Test262Error: m Expected a TypeError but got a RangeError");
}

// ---- the runner end to end on a fixture suite -----------------------------------------

/// A suite directory with a few fixture tests.
fn fixture_suite() -> PathBuf {
    let dir = scratch("suite");
    write(&dir.join("harness/assert.js"), "// stands in for test262's harness; never read\n");
    let tests = [
        ("pass.js", "", "var x = 2;\nassert.sameValue(x * 3, 6);"),
        ("fail.js", "flags: [onlyStrict]", "assert.sameValue(1, 2, 'one is two');"),
        ("trap.js", "", "var a = [3, 1];\nvar s = 'abc';\nassert.sameValue(s.normalize(), 'abc');"),
        ("neg.js", "negative:\n  phase: parse\n  type: SyntaxError", "$DONOTEVALUATE();\nvar = ;"),
        ("skip.js", "flags: [module]", ""),
        ("sub/nested_FIXTURE.js", "", ""),
    ];
    for (name, meta, body) in tests {
        write(&dir.join("test").join(name), &test_file(meta, body));
    }
    dir
}

fn runner(args: &[&str]) -> Output {
    Command::new(SEABED).arg("test262").args(args).stdin(Stdio::null()).output().unwrap()
}

#[test]
fn the_runner_without_a_suite_says_how_to_get_one() {
    let o = runner(&["/nonexistent/test262"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("git clone --depth 1 https://github.com/tc39/test262"));
}

#[test]
fn the_runner_reports_regressions_then_accepts_updated_expectations() {
    let suite = fixture_suite();
    let out = suite.join("out");
    let expect = suite.join("expectations.txt");
    write(&expect, "");
    let s = suite.to_str().unwrap();
    let common = ["--tier", "interp,son-lir", "--expectations", expect.to_str().unwrap(), "--out", out.to_str().unwrap(), "--jobs", "2"];
    let first = runner(&[&[s][..], &common].concat());
    let text = String::from_utf8_lossy(&first.stdout);
    assert_eq!(first.status.code(), Some(4), "{text}");
    assert!(text.contains("5 test files"), "{text}");
    assert!(text.contains("selected for Tiers 1-3: 4 files, 7 runs per tier (4 strict + 3 sloppy)"), "{text}");
    assert!(text.contains("REGRESSION fail.js strict interp: fail: Test262Error: one is two"), "{text}");
    assert!(text.contains("flag: module"), "{text}");
    let csv = std::fs::read_to_string(out.join("results.csv")).unwrap();
    assert!(csv.contains("neg.js,sloppy,interp,pass,"), "{csv}");
    assert!(csv.contains("pass.js,strict,son-lir,pass,"), "{csv}");
    let updated = runner(&[&[s, "--update"][..], &common].concat());
    assert_eq!(updated.status.code(), Some(0), "{}", String::from_utf8_lossy(&updated.stdout));
    let listed = std::fs::read_to_string(&expect).unwrap();
    assert!(listed.contains("fail.js  fail: Test262Error: one is two Expected SameValue(«1», «2») to be true\n"), "{listed}");
    assert!(listed.contains("trap.js  trap: UnsupportedFeature:"), "{listed}");
    let again = runner(&[&[s][..], &common].concat());
    assert_eq!(again.status.code(), Some(0), "{}", String::from_utf8_lossy(&again.stdout));
}

#[test]
fn a_run_that_exceeds_the_time_limit_is_killed() {
    let dir = scratch("timeout");
    let file = dir.join("loop.js");
    write(&file, "while (true) {}\n");
    let tier = exec::tier("interp").unwrap();
    let r = exec::run(Path::new(SEABED), &file, &tier, Duration::from_millis(300)).unwrap();
    assert!(r.timed_out);
    assert_eq!(exec::judge(&r, None).kind, Kind::Timeout);
}

/// A stand-in for the seabed binary: a test whose program contains `CRASH_SIGNAL` dies of
/// SIGSEGV, one with `CRASH_INTERNAL` prints a panic and exits 70, one with `CRASH_RUST` exits
/// 101 (a panic outside seabed's handler); every other test runs on the real seabed.
fn crashing_seabed(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("crashing-seabed.sh");
    let script = format!(
        "#!/bin/sh\n\
         # Written by experiments/tests/test262.rs: crashes on the marked tests.\n\
         if grep -q CRASH_SIGNAL \"$2\"; then kill -SEGV $$; fi\n\
         if grep -q CRASH_INTERNAL \"$2\"; then echo \"thread 'seabed' ($$) panicked at src/x.rs:1:1:\" >&2; echo boom >&2; echo 'seabed: internal error' >&2; exit 70; fi\n\
         if grep -q CRASH_RUST \"$2\"; then echo \"thread 'main' panicked at src/y.rs:1:1:\" >&2; exit 101; fi\n\
         exec '{SEABED}' \"$@\"\n"
    );
    write(&path, &script);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn a_test_that_crashes_seabed_is_recorded_as_a_crash_and_the_run_goes_on() {
    let dir = scratch("crash");
    write(&dir.join("harness/assert.js"), "// stands in for test262's harness; never read\n");
    write(&dir.join("harness/sta.js"), "// stands in for test262's harness; never read\n");
    let tests = [
        ("a_pass.js", "assert.sameValue(1 + 1, 2);"),
        ("b_signal.js", "// CRASH_SIGNAL\nassert.sameValue(1, 1);"),
        ("c_internal.js", "// CRASH_INTERNAL\nassert.sameValue(1, 1);"),
        ("d_rust.js", "// CRASH_RUST\nassert.sameValue(1, 1);"),
        ("e_pass.js", "assert.sameValue(2 * 3, 6);"),
    ];
    for (name, body) in tests {
        write(&dir.join("test").join(name), &test_file("flags: [onlyStrict]", body));
    }
    let expect = dir.join("expectations.txt");
    write(&expect, "");
    let opts = t262::Options {
        suite: dir.clone(),
        tiers: vec![exec::tier("interp").unwrap()],
        expectations: expect,
        update: false,
        jobs: 2,
        filter: None,
        timeout: Duration::from_secs(30),
        out: dir.join("out"),
        seabed: crashing_seabed(&dir),
        progress: false,
    };
    let report = t262::run(&opts).expect("the run completes");
    assert_eq!(report.status, t262::EXIT_REGRESSION, "{}", report.text);
    for crashed in ["b_signal.js", "c_internal.js", "d_rust.js"] {
        assert!(report.text.contains(&format!("REGRESSION {crashed} strict interp: crash")), "{crashed}: {}", report.text);
    }
    assert!(report.text.contains("REGRESSION b_signal.js strict interp: crash: killed by a signal"), "{}", report.text);
    // A panic's detail leaves out the thread's id, which differs from run to run.
    assert!(report.text.contains("REGRESSION c_internal.js strict interp: crash: exit status 70: panicked at src/x.rs:1:1: boom\n"), "{}", report.text);
    assert!(report.text.contains("REGRESSION d_rust.js strict interp: crash: exit status 101"), "{}", report.text);
    let csv = std::fs::read_to_string(dir.join("out/results.csv")).unwrap();
    // The tests after the crashes ran, and passed.
    assert!(csv.contains("a_pass.js,strict,interp,pass,"), "{csv}");
    assert!(csv.contains("e_pass.js,strict,interp,pass,"), "{csv}");
    assert_eq!(csv.matches(",crash,").count(), 3, "{csv}");
}

/// The expectations name the test262 commit they were made against, and the Makefile tells a
/// user to fetch that same commit.
#[test]
fn the_expectations_name_the_commit_the_makefile_fetches() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the repository root");
    let file = std::fs::read_to_string(root.join("experiments/test262/expectations.txt")).expect("reads the expectations");
    let commit = expectations::commit_of(&file).expect("the expectations name their test262 commit");
    assert_eq!(commit.len(), 40, "{commit}");
    let makefile = std::fs::read_to_string(root.join("Makefile")).expect("reads the Makefile");
    assert!(makefile.contains(&format!("TEST262_COMMIT := {commit}")), "the Makefile fetches another commit than {commit}");
    assert_eq!(expectations::commit_of(&expectations::format(&[], Some("abc"))), Some("abc"));
}
