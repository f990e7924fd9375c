//! Helpers shared by the integration tests that run the `seabed` binary on a small program.

use std::path::Path;
use std::process::Command;

/// The `seabed` binary cargo built for these tests.
pub const SEABED: &str = env!("CARGO_BIN_EXE_seabed");

/// Writes `text` to `dir/name` and gives the path.
pub fn write_program(dir: &Path, name: &str, text: &str) -> String {
    let file = dir.join(name);
    std::fs::write(&file, text).expect("writes the program");
    file.to_str().unwrap().to_string()
}

/// Runs `seabed args`, which must succeed, and gives its stdout and stderr.
pub fn seabed(args: &[&str]) -> (String, String) {
    let out = Command::new(SEABED).args(args).output().expect("seabed runs");
    assert!(out.status.success(), "seabed {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}
