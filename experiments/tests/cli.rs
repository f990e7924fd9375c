//! The command-line contract: exit statuses, error locations, `check` and `bytecode`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn seabed(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seabed")).args(args).stdin(Stdio::null()).output().expect("runs")
}

/// Writes `src` to a fresh temporary file and returns its path.
fn script(name: &str, src: &str) -> String {
    let dir = std::env::temp_dir().join(format!("seabed-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::File::create(&path).unwrap().write_all(src.as_bytes()).unwrap();
    path.to_string_lossy().into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_missing_file_exits_2() {
    let o = seabed(&["run", "/nonexistent/nope.js"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("nope.js"));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(seabed(&[]).status.code(), Some(2));
    assert_eq!(seabed(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(seabed(&["run"]).status.code(), Some(2));
    let f = script("ok.js", "console.log(1)");
    assert_eq!(seabed(&["run", &f, "--tier", "warp"]).status.code(), Some(2));
    assert_eq!(seabed(&["run", &f, "--bogus"]).status.code(), Some(2));
}

#[test]
fn a_syntax_error_names_its_line_and_exits_1() {
    let f = script("syntax.js", "console.log(1);\nvar x = ;\n");
    let o = seabed(&["run", &f]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty(), "nothing runs before a syntax error");
    assert!(stderr(&o).contains(&format!("{f}:2:")), "{}", stderr(&o));
    assert!(stderr(&o).contains("SyntaxError"));
}

#[test]
fn check_lists_every_unsupported_construct_with_its_location() {
    // Constructs outside every tier, one inside a class body.
    let f = script("out_of_scope.js", "var a = 1;\nvar g = /a+/;\nclass K { m() { return 1n; } }\nwith (a) { }\n");
    let o = seabed(&["check", &f]);
    assert_eq!(o.status.code(), Some(3));
    let out = stdout(&o);
    assert!(out.contains(&format!("{f}:2:9: unsupported: regular expression")), "{out}");
    assert!(out.contains(&format!("{f}:3:24: unsupported: BigInt")), "{out}");
    assert!(out.contains(&format!("{f}:4:1: unsupported: with")), "{out}");
    assert_eq!(out.lines().count(), 3);
    let ok = script("fine.js", "console.log(1 + 2);\n");
    assert_eq!(seabed(&["check", &ok]).status.code(), Some(0));
}

#[test]
fn running_an_unsupported_construct_prints_what_came_before_then_exits_3() {
    let f = script("trap.js", "console.log('before');\nvar g = 1n;\nconsole.log('after');\n");
    let o = seabed(&["run", &f]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(stdout(&o), "before\n");
    assert!(stderr(&o).contains(&format!("UnsupportedFeature: BigInt at {f}:2:9")), "{}", stderr(&o));
}

#[test]
fn uncaught_type_errors_use_nodes_message_and_exit_1() {
    let f = script("te.js", "var o;\nconsole.log('x');\nconsole.log(o.p);\n");
    let o = seabed(&["run", &f]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "x\n");
    assert!(stderr(&o).contains("TypeError: Cannot read properties of undefined (reading 'p')"), "{}", stderr(&o));
    assert!(stderr(&o).contains(&format!("{f}:3:")));
}

#[test]
fn deep_recursion_is_a_range_error_not_a_crash() {
    let f = script("deep.js", "function r(n) { return r(n + 1); }\nr(0);\n");
    let o = seabed(&["run", &f]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("RangeError: Maximum call stack size exceeded"));
}

#[test]
fn print_is_an_alias_of_console_log() {
    let f = script("print.js", "print(1, 'a', -0, null);\nconsole.log(1, 'a', -0, null);\n");
    let o = seabed(&["run", &f]);
    assert_eq!(stdout(&o), "1 a -0 null\n1 a -0 null\n");
}

#[test]
fn bytecode_feedback_shows_shapes_slots_and_overflowed_additions() {
    let src = "function getY(p) { return p.y; }\n\
               function add(a, b) { return a + b; }\n\
               for (var i = 0; i < 10; i++) { getY({ x: i, y: 2 * i }); }\n\
               add(2147483647, 1);\n";
    let f = script("fb.js", src);
    let o = seabed(&["bytecode", &f, "--feedback"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let get_y = out.split("\nfunction getY#").nth(1).unwrap().split("\nfunction ").next().unwrap();
    assert!(get_y.contains("Property: monomorphic; shape#"), "{get_y}");
    assert!(get_y.contains("{x,y}: slot 1"), "{get_y}");
    let add = out.split("\nfunction add#").nth(1).unwrap().split("\nfunction ").next().unwrap();
    assert!(add.contains("BinaryOp: Number"), "{add}");
    assert!(!add.contains("SignedSmall"), "{add}");
    // Without --feedback only the slot kinds are listed.
    let plain = stdout(&seabed(&["bytecode", &f]));
    assert!(plain.contains("[0] Property"));
    assert!(plain.contains("LoadNamed"));
}

#[test]
fn odd_inputs_never_panic() {
    let cases: &[(&str, &str, i32)] = &[
        ("empty.js", "", 0),
        ("comments.js", "// nothing\n/* here */\n", 0),
        ("huge_index.js", "var a = []; a[4294967294] = 1;", 3),
        ("neg_len.js", "var a = new Array(-1);", 1),
        ("new_nonctor.js", "var x = 1; new x();", 1),
        ("new_user.js", "function F() {} var o = new F();", 0),
        ("new_arrow.js", "var F = () => 1; new F();", 1),
        ("class_call.js", "class C {} C();", 1),
        ("call_undef.js", "var o = {}; o.f();", 1),
        ("tdz.js", "x; let x = 1;", 1),
        ("strict.js", "'use strict'; undeclared = 1;", 1),
        ("prop_of_fn.js", "function f() {} console.log(f.length);", 0),
        ("log_obj.js", "console.log({});", 0),
        // A sloppy plain call's `this` is the global object; printing it traps.
        ("sloppy_this.js", "function f() { return this; } f();", 0),
        ("print_global.js", "function f() { return this; } console.log(f());", 3),
        ("throw_obj.js", "throw {};", 1),
        ("bad_utf.js", "console.log('\u{fffd}');", 0),
    ];
    for (name, src, status) in cases {
        let o = seabed(&["run", &script(name, src)]);
        assert_eq!(o.status.code(), Some(*status), "{name}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{name}: {}", stderr(&o));
    }
}

/// Behaviours found by comparing user-style programs with node (expected text from node 20).
#[test]
fn console_formatting_strings_and_builtins_match_node() {
    let src = "console.log(\"%s is %d\", \"x\", 5);\n\
               console.log(\"%d%%\", 50);\n\
               console.log(\"%%\");\n\
               console.log(\"%s\", -0, \"extra\", 3, \"%d\");\n\
               console.log(\"%i %f %j %o %O %c|\", \"42.9px\", \"3.5e1z\", \"a\\\"b\", \"it's\", 7, \"color: red\");\n\
               console.log(\"100%\", 5);\n\
               console.info(\"info\"); console.error(\"to stderr\"); console.warn(\"also stderr\");\n\
               Math.PI = 3; console.log(Math.PI, \"\" + Math);\n\
               var e = \"\\u{1F600}\";\n\
               console.log(e.length, e[0] === e[1], (e[0] + e[1]) === e, e < \"\\ue000\");\n";
    let o = seabed(&["run", &script("format.js", src)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "x is 5\n50%\n%%\n-0 extra 3 %d\n42 35 \"a\\\"b\" \"it's\" 7 |\n100% 5\ninfo\n\
         3.141592653589793 [object Math]\n2 false true true\n"
    );
    assert!(stderr(&o).contains("to stderr\nalso stderr\n"));
}

#[test]
fn unsupported_builtins_and_prototype_mutation_trap() {
    for (name, src, what) in [
        ("proto.js", "var o = {};\no.__proto__ = {};\n", "setting __proto__"),
        ("log_math.js", "console.log(Math);\n", "console.log of the Math object"),
        ("process_argv.js", "console.log(process.argv === undefined);\n", "builtin 'process.argv'"),
        // Prototype members seabed lacks trap, naming node's holder of the property (the
        // census, issue 34), on every tier: they never read as undefined.
        ("bool_value_of.js", "console.log(true.valueOf === undefined);\n", "UnsupportedFeature: Boolean.prototype.valueOf at "),
        ("number_to_locale.js", "var x = 1.5;\nconsole.log(x.toLocaleString);\n", "UnsupportedFeature: Number.prototype.toLocaleString at "),
        ("array_flat_map.js", "console.log([1].flatMap === undefined);\n", "UnsupportedFeature: Array.prototype.flatMap at "),
        ("string_normalize.js", "console.log('a,b'.normalize === undefined);\n", "UnsupportedFeature: String.prototype.normalize at "),
        ("date_year.js", "var d = new Date();\nconsole.log(d.getFullYear());\n", "UnsupportedFeature: Date.prototype.getFullYear at "),
        ("object_to_locale.js", "var o = {};\nconsole.log(o.toLocaleString === undefined);\n", "UnsupportedFeature: Object.prototype.toLocaleString at "),
        // Found by the test262 runner: none of these may take an ordinary path.
        ("annex_b_if.js", "var x = 1;\nif (x) function g() { return 2; }\nconsole.log(g());\n", "function declaration as the body of a statement"),
        ("eval_inc.js", "eval++;\nconsole.log(eval);\n", "builtin 'eval'"),
        ("arguments.js", "var arguments = 1;\nfunction f() { return () => arguments; }\nconsole.log(f()() === 1);\n", "the arguments object in an arrow function"),
    ] {
        let o = seabed(&["run", &script(name, src)]);
        assert_eq!(o.status.code(), Some(3), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains(what), "{name}: {}", stderr(&o));
    }
}

#[test]
fn functions_too_large_to_compile_stay_in_the_interpreter() {
    // 3,000 array literals in one script: over the register budget of every compiler.
    let mut src = String::from("var m = [\n");
    for _ in 0..3000 {
        src.push_str("  [1, 2],\n");
    }
    src.push_str("];\nconsole.log(m.length);\n");
    let f = script("big.js", &src);
    let stats = script("big.json", "");
    for tier in ["baseline", "son", "cfg"] {
        let o = seabed(&["run", &f, "--tier", tier, "--backend", "lir", "--always-opt", "--stats", &stats]);
        assert_eq!(stdout(&o), "3000\n", "{tier}: {}", stderr(&o));
        let json = std::fs::read_to_string(&stats).unwrap();
        assert_eq!(tiering_stat(&json, "too_large"), 1, "{tier}: {json}");
    }
}

#[test]
fn stats_count_bailouts_by_reason() {
    // A CFG pipeline without lowering: every compilation of code with feedback declines at
    // the LIR output (code compiled before any feedback is only an exit, which needs no
    // lowering, so `f` runs in the interpreter first).
    let f = script(
        "bailout.js",
        "function f(a, b) { return a + b; }\nlet s = 0;\nfor (let i = 0; i < 200; i++) s = f(s, i);\nconsole.log(s);\n",
    );
    let stats = script("bailout.json", "");
    let o = seabed(&["run", &f, "--tier", "cfg", "--spec", "cfg:copy(dce)", "--backend", "lir", "--hot-calls", "2", "--stats", &stats]);
    assert_eq!(stdout(&o), "19900\n", "{}", stderr(&o));
    let json = std::fs::read_to_string(&stats).unwrap();
    let failures = tiering_stat(&json, "compile_failures");
    assert!(failures > 0, "{json}");
    assert!(json.contains(&format!("\"bailouts_by_reason\": {{\"NotLowered\": {failures}}}")), "{json}");
    assert!(json.contains("\"disabled\": \"bailout: op "), "{json}");
    assert!(json.contains("\"exit_reasons\": {"), "{json}");
    // A run without bailouts reports an empty map.
    let o = seabed(&["run", &f, "--tier", "cfg", "--backend", "lir", "--hot-calls", "2", "--stats", &stats]);
    assert_eq!(stdout(&o), "19900\n", "{}", stderr(&o));
    let json = std::fs::read_to_string(&stats).unwrap();
    assert!(json.contains("\"bailouts_by_reason\": {}"), "{json}");
}

#[test]
fn invalid_utf8_is_decoded_like_node() {
    let dir = std::env::temp_dir().join(format!("seabed-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("latin1.js");
    std::fs::write(&path, b"console.log(\"ok \xff\");\n").unwrap();
    let o = seabed(&["run", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "ok \u{fffd}\n");
}

#[test]
fn a_hot_loop_in_code_called_once_enters_compiled_code_by_osr() {
    let src = "var s = 0;\nfor (var i = 0; i < 100000; i++) { s = s + (i % 7); }\nconsole.log(s);\n";
    let f = script("osr.js", src);
    let stats = format!("{f}.stats.json");
    let o = seabed(&["run", &f, "--tier", "baseline", "--verify", "--osr-back-edges", "100", "--stats", &stats]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "299995\n");
    let json = std::fs::read_to_string(&stats).unwrap();
    assert!(json.contains("\"osr_entries\": 1"), "{json}");
    // The loop ran 100 iterations in the interpreter, the rest in compiled code.
    assert!(json.contains("\"back_edges\": 100,"), "{json}");
    // Without a compiler there is no OSR.
    let o = seabed(&["run", &f, "--tier", "interp", "--stats", &stats]);
    assert_eq!(stdout(&o), "299995\n");
    assert!(std::fs::read_to_string(&stats).unwrap().contains("\"osr_entries\": 0"));
}

#[test]
fn the_optimizing_tiers_run_on_llvm_unless_told_otherwise() {
    let f = script("default-backend.js", "function f(x) { return x + 1; }\nconsole.log(f(1));\n");
    let stats = format!("{f}.stats.json");
    for (args, backend) in [
        (&["--tier", "son"][..], "llvm:ftl"),
        (&["--tier", "cfg"][..], "llvm:ftl"),
        (&["--tier", "son", "--backend", "lir"][..], "lir"),
        (&["--tier", "cfg", "--llvm", "O2"][..], "llvm:O2"),
        (&["--tier", "baseline"][..], "lir"),
    ] {
        let o = seabed(&[&["run", &f][..], args, &["--always-opt", "--stats", &stats]].concat());
        assert_eq!(stdout(&o), "2\n", "{args:?}: {}", stderr(&o));
        let json = std::fs::read_to_string(&stats).unwrap();
        assert!(json.contains(&format!("\"backend\": \"{backend}\"")), "{args:?}: {json}");
        // `--always-opt` compiles synchronously.
        assert!(json.contains("\"compile_thread\": false"), "{args:?}: {json}");
    }
    // A pipeline for the LIR evaluator is a usage error.
    assert_eq!(seabed(&["run", &f, "--tier", "son", "--backend", "lir", "--llvm", "ftl"]).status.code(), Some(2));
}

/// A hot function called 5 million times from a function that becomes hot itself, from a
/// long top-level loop: long enough in the interpreter (0.3 s in a release build, seconds in a
/// debug build) for background compilations to arrive and run.
const HOT_CALLS: &str = "function step(x, i) { return (x * 31 + i) % 1000003; }
function run(n) { var s = n; for (var i = 0; i < 500; i++) { s = step(s, i); } return s; }
var t = 0;
for (var k = 0; k < 10000; k++) { t = (t + run(k)) % 1000003; }
console.log(t);
";

#[test]
fn default_tiering_on_llvm_compiles_on_a_background_thread() {
    let f = script("background.js", HOT_CALLS);
    for tier in ["son", "cfg"] {
        let stats = format!("{f}.{tier}.stats.json");
        let o = seabed(&["run", &f, "--tier", tier, "--stats", &stats]);
        assert_eq!(o.status.code(), Some(0), "{tier}: {}", stderr(&o));
        assert_eq!(stdout(&o), "327917\n", "{tier}");
        let json = std::fs::read_to_string(&stats).unwrap();
        assert!(json.contains("\"compile_thread\": true"), "{tier}: {json}");
        assert!(tiering_stat(&json, "compiles") > 0, "{tier}: {json}");
        assert!(tiering_stat(&json, "compiled_calls") > 0, "{tier}: {json}");
        assert_eq!(tiering_stat(&json, "compile_failures"), 0, "{tier}: {json}");
        // The LLVM steps, measured on the compiler thread, are rows like the mid-end's.
        for step in ["llvm/lower#", "llvm/passes#", "llvm/codegen#"] {
            assert!(json.contains(step), "{tier}: no {step} row: {json}");
        }
    }
    // Off, and the LIR evaluator, compile synchronously.
    let stats = format!("{f}.off.stats.json");
    for args in [&["--tier", "son", "--compile-thread", "off"][..], &["--tier", "son", "--backend", "lir"][..]] {
        let o = seabed(&[&["run", &f][..], args, &["--stats", &stats]].concat());
        assert_eq!(stdout(&o), "327917\n", "{args:?}: {}", stderr(&o));
        let json = std::fs::read_to_string(&stats).unwrap();
        assert!(json.contains("\"compile_thread\": false"), "{args:?}: {json}");
        assert!(tiering_stat(&json, "compiled_calls") > 0, "{args:?}: {json}");
    }
    assert_eq!(seabed(&["run", &f, "--tier", "son", "--compile-thread", "maybe"]).status.code(), Some(2));
}

/// A tiering statistic from a `--stats` file.
fn tiering_stat(json: &str, name: &str) -> u64 {
    let key = format!("\"{name}\": ");
    let at = json.find(&key).unwrap_or_else(|| panic!("no {name} in {json}")) + key.len();
    json[at..].chars().take_while(|c| c.is_ascii_digit()).collect::<String>().parse().unwrap()
}

/// A kernel called once whose inner loop gets hot first (OSR into a nested loop: the outer
/// loop is peeled), then a hot top-level loop nest.
const OSR_NEST: &str = "function kernel(n) {
  var s = 0;
  var a = [1, 2, 3, 4, 5];
  for (var i = 0; i < n; i++) {
    var t = i;
    for (var j = 0; j < 20; j++) { t = (t * 3 + j + a[j % 5]) % 1000; }
    s = (s + t) % 100000;
    if (i % 100 == 7) { s = s + 1; continue; }
    for (var k = 0; k < 3; k++) { s = s + k; }
  }
  return s;
}
console.log(kernel(3000));
var q = 0;
for (var x = 0; x < 300; x++) { for (var y = 0; y < 300; y++) { q = (q + x * y) % 65536; } q = q + 1; }
console.log(q);
";

#[test]
fn son_and_cfg_enter_running_loops_by_osr_and_exit_from_osr_code_correctly() {
    let top = script("osr-top.js", "var s = 0;\nfor (var i = 0; i < 100000; i++) { s = s + (i % 7); }\nconsole.log(s);\n");
    let nest = script("osr-nest.js", OSR_NEST);
    for tier in ["son", "cfg"] {
        for backend in ["lir", "llvm"] {
            for (file, expected) in [(&top, "299995\n"), (&nest, "7440\n26352\n")] {
                let stats = format!("{file}.{tier}.{backend}.stats.json");
                // Synchronous compiles: the OSR code is there at the 50th back edge.
                let base = ["run", file, "--tier", tier, "--backend", backend, "--verify", "--hot-calls", "1000000", "--compile-thread", "off"];
                let o = seabed(&[&base[..], &["--osr-back-edges", "50", "--stats", &stats]].concat());
                assert_eq!(o.status.code(), Some(0), "{tier} {backend} {file}: {}", stderr(&o));
                assert_eq!(stdout(&o), expected, "{tier} {backend} {file}");
                let json = std::fs::read_to_string(&stats).unwrap();
                assert!(tiering_stat(&json, "osr_entries") > 0, "{tier} {backend}: no OSR entry\n{json}");
                assert_eq!(tiering_stat(&json, "compile_failures"), 0, "{json}");
                assert!(json.contains(&format!("{tier}/build-osr#")), "OSR compiles are labelled: {json}");
                assert_eq!(tiering_stat(&json, "compiled_calls"), 0, "nothing is hot by calls");
                if file == &nest {
                    // The first OSR compile enters the inner loop and peels the outer one.
                    assert!(json.contains("\"osr_peeled_loops\": 1"), "{json}");
                }
                // Every third check exits from the OSR code; the interpreter resumes there.
                let o = seabed(&[&base[..], &["--osr-back-edges", "50", "--deopt-every", "3", "--stats", &stats]].concat());
                assert_eq!(o.status.code(), Some(0), "{tier} {backend} {file}: {}", stderr(&o));
                assert_eq!(stdout(&o), expected, "{tier} {backend} {file} under stress exits");
                let json = std::fs::read_to_string(&stats).unwrap();
                assert!(tiering_stat(&json, "stress_exits") > 0 && tiering_stat(&json, "osr_entries") > 1, "{json}");
            }
        }
    }
}

#[test]
fn ir_prints_each_pipelines_form_of_a_function() {
    let src = "function add(a, b) { return a + b; }\nfor (var i = 0; i < 5; i++) { add(i, 1); }\n";
    let f = script("ir.js", src);
    let lir = stdout(&seabed(&["ir", &f, "--tier", "baseline", "--function", "add"]));
    assert!(lir.starts_with("function add #1"), "{lir}");
    assert!(lir.contains("Int32AddWithOverflow"), "{lir}");
    let son = stdout(&seabed(&["ir", &f, "--tier", "son", "--function", "add"]));
    assert!(son.contains("Int32AddWithOverflow") && son.contains("Return"), "{son}");
    let son_built = stdout(&seabed(&["ir", &f, "--tier", "son", "--function", "add", "--after", "0"]));
    assert!(son_built.contains("SpeculativeNumberAdd[SignedSmall]"), "{son_built}");
    let cfg = stdout(&seabed(&["ir", &f, "--tier", "cfg", "--function", "add", "--format", "dot"]));
    assert!(cfg.starts_with("digraph"), "{cfg}");
    assert_eq!(seabed(&["ir", &f, "--tier", "son", "--function", "nope"]).status.code(), Some(2));
    assert_eq!(seabed(&["ir", &f, "--tier", "son", "--spec", "son:bogus"]).status.code(), Some(2));
}

/// Every LLVM pipeline compiles code whose runtime calls its passes delete: at `O2`,
/// dead-prototype elimination removes helper declarations nothing calls any more, and code
/// generation once mapped those deleted declarations (a crash in `addGlobalMapping`).
#[test]
fn llvm_o2_maps_only_the_helpers_its_passes_kept() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let program = dir.join("bench_hashtable.js");
    let expected = std::fs::read_to_string(dir.join("bench_hashtable.expected")).unwrap();
    for tier in ["son", "cfg"] {
        let o = seabed(&["run", program.to_str().unwrap(), "--tier", tier, "--llvm", "O2", "--always-opt"]);
        assert_eq!(o.status.code(), Some(0), "{tier}: {}", stderr(&o));
        assert_eq!(stdout(&o), expected, "{tier}");
    }
}

// ---- flags that do not apply, repeated flags, output paths ------------------------------

#[test]
fn a_repeated_single_value_flag_is_a_usage_error() {
    let f = script("repeat.js", "console.log(1)");
    for args in [
        &["run", &f, "--tier", "son", "--tier", "cfg"][..],
        &["run", &f, "--hot-calls", "2", "--hot-calls", "3"],
        &["run", &f, "--stats", "a.json", "--stats", "b.json"],
        &["ir", &f, "--tier", "son", "--tier", "cfg"],
        &["generate", "10", "--seed", "1", "--seed", "2"],
    ] {
        let o = seabed(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("cannot be used multiple times"), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}: nothing runs");
    }
}

#[test]
fn contradictory_flags_are_usage_errors_that_name_both() {
    let f = script("conflict.js", "console.log(1)");
    for (args, names) in [
        (&["run", &f, "--tier", "son", "--always-opt", "--hot-calls", "5"][..], ["--always-opt", "--hot-calls"]),
        (&["run", &f, "--tier", "son", "--backend", "lir", "--llvm", "O2"], ["--llvm", "--backend lir"]),
        (&["run", &f, "--tier", "cfg", "--backend", "cranelift", "--llvm", "ftl"], ["--llvm", "--backend cranelift"]),
    ] {
        let o = seabed(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        for name in names {
            assert!(stderr(&o).contains(name), "{args:?} names {name}: {}", stderr(&o));
        }
        assert!(stdout(&o).is_empty(), "{args:?}: nothing runs");
    }
}

#[test]
fn flags_the_tier_ignores_are_warnings_and_the_interpreter_has_no_backend() {
    let f = script("ignored.js", "function f(x) { return x + 1; }\nconsole.log(f(1));\n");
    let stats = format!("{f}.ignored.json");
    let o = seabed(&["run", &f, "--tier", "interp", "--backend", "llvm", "--always-opt", "--stats", &stats]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "2\n");
    let err = stderr(&o);
    assert!(err.contains("warning: --backend has no effect with --tier interp"), "{err}");
    assert!(err.contains("warning: --always-opt has no effect with --tier interp"), "{err}");
    let json = std::fs::read_to_string(&stats).unwrap();
    assert!(json.contains("\"backend\": \"none\""), "{json}");
    assert!(json.contains("\"loads_executed\": null"), "{json}");
    // The backend's own flags on another backend.
    let o = seabed(&["run", &f, "--tier", "son", "--backend", "lir", "--always-opt", "--dump-llvm", "--dump-asm", "--compile-thread", "on"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    for flag in ["--dump-llvm", "--dump-asm", "--compile-thread"] {
        assert!(err.contains(&format!("warning: {flag} has no effect with backend lir")), "{flag}: {err}");
    }
    // A run whose flags all apply has no warning.
    let o = seabed(&["run", &f, "--tier", "son", "--backend", "lir", "--always-opt", "--dump-lir"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
}

#[test]
fn output_paths_are_checked_before_the_run() {
    // The program would print before failing at its end; nothing runs.
    let f = script("outpath.js", "console.log('ran');\n");
    let o = seabed(&["run", &f, "--stats", "/nonexistent/dir/x.json"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("cannot write /nonexistent/dir/x.json"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty(), "the program must not run: {}", stdout(&o));
    // A directory where a file must go.
    let dir = std::env::temp_dir();
    let o = seabed(&["run", &f, "--stats", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    // A file under a regular file cannot be created (`--out DIR` of ir and the experiments).
    let file_as_dir = format!("{f}/sub");
    let o = seabed(&["ir", &f, "--tier", "son", "--format", "turbolizer", "--out", &file_as_dir]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    for args in [
        &["experiment", "interp", "--out", &file_as_dir][..],
        &["ab", "--a", "son", "--b", "cfg", "--out", "/nonexistent/dir/ab.csv"],
        &["fuzz", "--seeds", "1..2", "--out", &file_as_dir],
        &["test262", "/nonexistent/test262", "--out", &file_as_dir],
    ] {
        let o = seabed(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("cannot write"), "{args:?}: {}", stderr(&o));
    }
    // A writable path is left as it was: an existing file keeps its text until the run writes
    // it, a new one is not created by the check alone (a syntax error ends the run first).
    let bad = script("outpath-bad.js", "var = ;\n");
    let stats = format!("{bad}.stats.json");
    let _ = std::fs::remove_file(&stats);
    assert_eq!(seabed(&["run", &bad, "--stats", &stats]).status.code(), Some(1));
    assert!(!std::path::Path::new(&stats).exists(), "the check leaves no file behind");
    std::fs::write(&stats, "old").unwrap();
    assert_eq!(seabed(&["run", &bad, "--stats", &stats]).status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&stats).unwrap(), "old");
}

/// An internal error (here a LIR verification failure the test hook injects) ends a
/// `--verify` run with exit status 70 and a message naming the function, the layer and the
/// phase, on every tier and backend; the stats count it under its kind. Without `--verify`
/// the same hook does nothing.
#[test]
fn an_internal_compiler_error_under_verify_exits_70() {
    let f = script("internal.js", "function f(x) { return x + 1; }\nvar s = 0;\nfor (var i = 0; i < 50; i++) s = f(s);\nconsole.log(s);\n");
    let run = |args: &[&str]| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_seabed"));
        cmd.arg("run").arg(&f).args(args).env(engine::tiers::INJECT_VERIFY_FAILURE_ENV, "f").stdin(Stdio::null());
        cmd.output().expect("runs")
    };
    for (tier, backend) in [("son", "lir"), ("cfg", "lir"), ("baseline", "lir"), ("son", "cranelift")] {
        let stats = script(&format!("internal-{tier}-{backend}.json"), "");
        let o = run(&["--tier", tier, "--backend", backend, "--always-opt", "--verify", "--stats", &stats]);
        assert_eq!(o.status.code(), Some(70), "{tier}/{backend}: {}", stderr(&o));
        let want = format!("seabed: internal error: compiling f: LIR fails verification after {tier}/lower:\nfunction: failure injected by");
        assert!(stderr(&o).starts_with(&want), "{tier}/{backend}: {}", stderr(&o));
        assert_eq!(stdout(&o), "", "{tier}/{backend}: the run ends at f's first call");
        let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
        assert_eq!(json["bailouts_by_reason"]["Verify"], 1, "{tier}/{backend}");
    }
    let o = run(&["--tier", "son", "--backend", "lir", "--always-opt"]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), "50\n"), "{}", stderr(&o));
}

/// `--random-seed N` seeds `Math.random` as `node --random-seed=N` does (V8's xorshift128+):
/// the same values, past the first cache of 64, in the interpreter and compiled; `check`
/// says that a program reading `Math.random` matches node only with the same seed.
#[test]
fn random_seed_gives_nodes_sequence() {
    let src = "var s = [];\nfor (var i = 0; i < 100; i++) s.push(Math.random());\nconsole.log(s[0], s[63], s[64], s[99]);\n";
    let f = script("random_seed.js", src);
    let expected = "0.7939112874678715 0.08156904043271651 0.4706713645501157 0.6095065851876302\n";
    for tier in ["interp", "son", "cfg"] {
        let o = seabed(&["run", "--random-seed", "42", "--tier", tier, "--always-opt", &f]);
        assert_eq!((o.status.code(), stdout(&o)), (Some(0), expected.to_string()), "{tier}: {}", stderr(&o));
    }
    let o = seabed(&["run", "--random-seed", "-7", &f]);
    assert_eq!(stdout(&o), "0.24093511597397543 0.9090072926551196 0.519324725871884 0.5076251214618475\n");
    let o = seabed(&["check", &f]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("Math.random"), "{}", stdout(&o));
}
