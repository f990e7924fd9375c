//! Uncaught errors print node's error line on stderr (issue 34): `RangeError: message`, a
//! renamed subclass's `ParseError: message`, `E2 [Error]: message` for a subclass that keeps
//! its parent's name, and exit with status 1, on every tier. node is the oracle and must be
//! installed (`make test` installs it).

#[allow(dead_code)]
mod common;

use std::process::Command;

use common::{write_program, SEABED};

/// node's error line: the first non-empty line after the caret under the throw site.
fn node_error_line(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().collect();
    let caret = lines.iter().position(|l| !l.trim().is_empty() && l.trim().chars().all(|c| c == '^')).unwrap_or_else(|| panic!("no caret line in node's stderr: {stderr}"));
    lines[caret + 1..].iter().find(|l| !l.trim().is_empty()).unwrap_or_else(|| panic!("no error line in node's stderr: {stderr}")).to_string()
}

/// seabed's error line: the first non-empty line that is not the `FILE:LINE:COL` location.
fn seabed_error_line(stderr: &str, file: &str) -> String {
    stderr.lines().find(|l| !l.trim().is_empty() && !l.starts_with(file)).unwrap_or("").to_string()
}

#[test]
fn uncaught_errors_print_nodes_error_line() {
    let dir = std::env::temp_dir().join(format!("seabed-uncaught-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("creates the test directory");
    let programs = [
        ("range.js", "function f(n) { if (n > 3) throw new RangeError(\"the limit is 3\"); return n; }\nvar s = 0;\nfor (var i = 0; i < 50; i++) s += f(i % 4);\nconsole.log(s);\nf(9);\n"),
        ("renamed.js", "class ParseError extends Error { constructor(m) { super(m); this.name = \"ParseError\"; } }\nthrow new ParseError(\"unexpected token\");\n"),
        ("subclass.js", "class E2 extends Error {}\nthrow new E2(\"q\");\n"),
        ("edited.js", "var e = new TypeError(\"t\");\ne.message = \"changed\";\nthrow e;\n"),
        ("empty.js", "throw new Error();\n"),
    ];
    for (name, source) in programs {
        let file = write_program(&dir, name, source);
        let node = Command::new("node").arg(&file).output().unwrap_or_else(|e| panic!("node must be installed (make test installs it): {e}"));
        let expected = node_error_line(&String::from_utf8_lossy(&node.stderr));
        for config in [&["--tier", "interp"][..], &["--tier", "son", "--backend", "lir", "--always-opt"], &["--tier", "cfg", "--backend", "llvm", "--hot-calls", "2"]] {
            let out = Command::new(SEABED).arg("run").arg(&file).args(config).output().expect("seabed runs");
            assert_eq!(out.status.code(), Some(1), "{name} {config:?}");
            assert_eq!(String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&node.stdout), "{name} {config:?}");
            let line = seabed_error_line(&String::from_utf8_lossy(&out.stderr), &file);
            assert_eq!(line, expected, "{name} {config:?}");
        }
    }
}
