//! The census in compiled code (issue 34): a read of a built-in property node has and seabed
//! lacks traps with `UnsupportedFeature: <holder>.<name>` (exit 3) on every tier, from a
//! compiled function's specialized load (its check fails and the interpreter traps) and from
//! its generic load (the runtime traps); an implemented static reads node's value there; and
//! `seabed check` names the built-ins a program reads that seabed lacks.

#[allow(dead_code)]
mod common;

use std::process::Command;

use common::{write_program, SEABED};

/// The configurations: the interpreter, and each optimizing pipeline on each backend, with
/// every function compiled at its first call and with default tiering.
const CONFIGS: &[&[&str]] = &[
    &["--tier", "interp"],
    &["--tier", "baseline", "--backend", "lir", "--always-opt"],
    &["--tier", "son", "--backend", "lir", "--always-opt"],
    &["--tier", "cfg", "--backend", "lir", "--always-opt"],
    &["--tier", "son", "--backend", "llvm", "--hot-calls", "2", "--compile-thread", "off"],
    &["--tier", "cfg", "--backend", "llvm", "--hot-calls", "2", "--compile-thread", "off"],
    &["--tier", "son", "--backend", "cranelift", "--always-opt"],
    &["--tier", "cfg", "--backend", "cranelift", "--always-opt"],
];

/// Runs `file` under every configuration; each must print `stdout`, exit with `status` and,
/// for a trap, name `trap` on stderr.
fn check(file: &str, stdout: &str, status: i32, trap: Option<&str>) {
    for config in CONFIGS {
        let out = Command::new(SEABED).arg("run").arg(file).args(*config).output().expect("seabed runs");
        let (out_text, err_text) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out_text, stdout, "{config:?}: stdout (stderr: {err_text})");
        assert_eq!(out.status.code(), Some(status), "{config:?}: status (stderr: {err_text})");
        if let Some(trap) = trap {
            assert!(err_text.contains(&format!("UnsupportedFeature: {trap} at ")), "{config:?}: stderr {err_text:?} does not name {trap}");
        }
    }
}

#[test]
fn an_unimplemented_builtin_traps_after_its_reader_was_compiled() {
    let dir = common::scratch("census", "specialized");
    // `read` is compiled with monomorphic feedback for objects that have an own `flatMap`; an array
    // then fails the shape check, and the read of Array.prototype.flatMap traps.
    let file = write_program(
        &dir,
        "specialized.js",
        "function read(o) { return o.flatMap; }\nvar s = 0;\nfor (var i = 0; i < 300; i++) s += read({ flatMap: i });\nconsole.log(s);\nconsole.log(read([]));\n",
    );
    check(&file, "44850\n", 3, Some("Array.prototype.flatMap"));
}

#[test]
fn an_unimplemented_builtin_traps_in_a_generic_read() {
    let dir = common::scratch("census", "generic");
    // Five shapes make the site megamorphic: compiled code reads through the runtime, which
    // traps on String.prototype.normalize.
    let file = write_program(
        &dir,
        "generic.js",
        "function read(o) { return o.normalize; }\nvar objects = [{ normalize: 1 }, { a: 0, normalize: 2 }, { b: 0, normalize: 3 }, { c: 0, normalize: 4 }, { d: 0, normalize: 5 }];\n\
         var s = 0;\nfor (var i = 0; i < 300; i++) s += read(objects[i % 5]);\nconsole.log(s);\nconsole.log(read(\"a,b\"));\n",
    );
    check(&file, "900\n", 3, Some("String.prototype.normalize"));
}

#[test]
fn implemented_statics_and_missing_names_read_as_node_in_compiled_code() {
    let dir = common::scratch("census", "values");
    // A name node does not have reads as undefined (a feature test), an implemented static as
    // its value, in a hot loop.
    let file = write_program(
        &dir,
        "values.js",
        "function f(i) { return Number.MAX_SAFE_INTEGER - i + (typeof [].nothingHere === \"undefined\" ? 1 : 0) + (Array.isArray([i]) ? 1 : 0); }\n\
         var s = 0;\nfor (var i = 0; i < 300; i++) s = f(i);\nconsole.log(s, parseInt(\"12px\") + parseFloat(\"0.5\"));\n",
    );
    check(&file, "9007199254740694 12.5\n", 0, None);
}

#[test]
fn check_names_the_builtins_seabed_lacks() {
    let dir = common::scratch("census", "check");
    let file = write_program(&dir, "normalize.js", "var n = 0;\nvar parts = \"a,b\".normalize(\"NFC\");\nconsole.log(parts.length, [1].indexOf(1));\n");
    let out = Command::new(SEABED).args(["check", &file]).output().expect("seabed runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert_eq!(text, format!("{file}:2:19: unsupported: String.prototype.normalize (a built-in seabed lacks)\n"));
    // A name the program stores itself is the program's, and implemented names are fine.
    let own = write_program(&dir, "own.js", "var o = { normalize: 1 };\nconsole.log(o.normalize, [1].length, \"ab\".indexOf(\"b\"));\n");
    let out = Command::new(SEABED).args(["check", &own]).output().expect("seabed runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
}
