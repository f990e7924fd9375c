//! Helpers shared by the integration tests that run the `seabed` binary on a small program.
// Each test file uses only some of these helpers.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
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

/// A fresh, empty scratch directory `seabed-PREFIX-PID-NAME` under the system's temporary
/// directory, for one test.
pub fn scratch(prefix: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seabed-{prefix}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("creates the scratch directory");
    dir
}

/// Writes `text` to `path`, making its directory first.
pub fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("a file in a directory")).expect("creates the directory");
    std::fs::write(path, text).expect("writes the file");
}

/// The workspace's `cargo metadata` (format 1, without dependencies' packages), as JSON.
pub fn workspace_metadata() -> serde_json::Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON")
}
