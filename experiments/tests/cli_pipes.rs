//! Every command that `seabed --help` lists, with its stdout or stderr a pipe whose reader has
//! gone (`seabed ... | head -1`): no panic, no backtrace, and not exit status 70 (which means a
//! compiler bug) or 101 (a Rust panic) or a signal. A command cut short by the closed pipe exits
//! quietly with status 141; one that finished before it wrote to the pipe keeps its status.

#[allow(dead_code)]
mod common;

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};

const SEABED: &str = env!("CARGO_BIN_EXE_seabed");

/// The exit status of a command cut short by a closed pipe.
const CLOSED_PIPE: i32 = 141;

/// A small corpus program that prints several lines.
const PROGRAM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/bench_fib.js");

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch("pipes", name)
}

use common::write;

/// The commands `seabed --help` lists (`help` included).
fn listed_commands() -> Vec<String> {
    let o = Command::new(SEABED).arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&o.stdout).into_owned();
    let list = help.split("Commands:\n").nth(1).expect("--help lists the commands");
    list.lines().take_while(|l| l.starts_with("  ")).filter_map(|l| l.split_whitespace().next()).map(String::from).collect()
}

/// Minimal valid arguments for every listed command, in files under `dir`: the command's name
/// and its arguments (several cases for some commands).
fn cases(dir: &Path) -> Vec<(&'static str, Vec<String>)> {
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    for ext in ["js", "expected", "status"] {
        let from = Path::new(PROGRAM).with_extension(ext);
        if from.exists() {
            std::fs::copy(&from, corpus.join("bench_fib").with_extension(ext)).unwrap();
        }
    }
    // A program with a long listing (more than a pipe holds).
    let big = dir.join("big.js");
    let generated = Command::new(SEABED).args(["generate", "3000"]).output().unwrap();
    std::fs::write(&big, &generated.stdout).unwrap();
    let suite = dir.join("test262");
    write(&suite.join("harness/assert.js"), "// stands in for test262's harness\n");
    write(&suite.join("test/one.js"), "/*---\ndescription: a fixture\n---*/\nassert.sameValue(1, 1);\n");
    write(&dir.join("expectations.txt"), "");
    let results = dir.join("results");
    std::fs::create_dir_all(&results).unwrap();
    let p = |p: &Path| p.to_string_lossy().into_owned();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let out = p(&dir.join("out"));
    vec![
        ("run", s(&["run", PROGRAM])),
        ("run", s(&["run", PROGRAM, "--tier", "baseline", "--always-opt", "--dump-lir"])),
        ("run", s(&["run", PROGRAM, "--tier", "son", "--always-opt", "--dump-asm"])),
        ("ir", vec!["ir".into(), p(&big), "--tier".into(), "baseline".into()]),
        ("ir", s(&["ir", PROGRAM, "--tier", "son"])),
        ("check", s(&["check", PROGRAM])),
        ("bytecode", vec!["bytecode".into(), p(&big)]),
        ("bytecode", s(&["bytecode", PROGRAM, "--feedback"])),
        ("generate", s(&["generate", "3000"])),
        ("fuzz", s(&["fuzz", "--print", "1"])),
        ("experiment", vec!["experiment".into(), "interp".into(), "--reps".into(), "1".into(), "--corpus".into(), p(&corpus), "--out".into(), out.clone()]),
        ("report", vec!["report".into(), "--results".into(), p(&results)]),
        ("ab", vec!["ab".into(), "--a".into(), "son:reduce(dce,common,vn);typer;lower;schedule".into(), "--b".into(), "cfg:copy(dce)".into(), "--corpus".into(), p(&corpus)]),
        (
            "test262",
            vec![
                "test262".into(),
                p(&suite),
                "--tier".into(),
                "interp".into(),
                "--expectations".into(),
                p(&dir.join("expectations.txt")),
                "--out".into(),
                out.clone(),
            ],
        ),
        // No are-we-fast-yet checkout here: awfy stops at its usage error (on stderr).
        ("awfy", vec!["awfy".into(), "--suite".into(), p(&dir.join("no-awfy")), "--census-only".into(), "--out".into(), out.clone()]),
        // No Octane checkout here: octane stops when it cannot read base.js (on stderr).
        (
            "octane",
            vec!["octane".into(), "--suite".into(), p(&dir.join("no-octane")), "--out".into(), out, "--drivers".into(), p(&dir.join("octane-drivers"))],
        ),
        ("completions", s(&["completions", "bash"])),
        ("help", s(&["help"])),
    ]
}

/// What a run with one stream going to a closed pipe did.
struct Closed {
    status: ExitStatus,
    /// The other stream.
    other: String,
}

/// Runs seabed with `args`, its stdout (or its stderr when `stderr`) a pipe whose read end is
/// closed before seabed starts, so that every write to it fails with EPIPE.
fn with_closed(args: &[String], stderr: bool) -> Closed {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut cmd = Command::new(SEABED);
    cmd.args(args).stdin(Stdio::null());
    if stderr {
        cmd.stderr(writer).stdout(Stdio::piped());
    } else {
        cmd.stdout(writer).stderr(Stdio::piped());
    }
    let mut child = cmd.spawn().unwrap();
    let mut other = String::new();
    let pipe: Box<dyn Read> = if stderr { Box::new(child.stdout.take().unwrap()) } else { Box::new(child.stderr.take().unwrap()) };
    BufReader::new(pipe).read_to_string(&mut other).unwrap();
    Closed { status: child.wait().unwrap(), other }
}

/// Runs seabed with `args`, reads one line of its stdout and closes the pipe (`| head -1`).
fn head_1(args: &[String]) -> (ExitStatus, String) {
    let mut child = Command::new(SEABED).args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // stderr on its own thread: seabed may fill it before its first line of stdout.
    let mut stderr = child.stderr.take().unwrap();
    let err = std::thread::spawn(move || {
        let mut err = String::new();
        let _ = stderr.read_to_string(&mut err);
        err
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    let _ = stdout.read_line(&mut first);
    drop(stdout);
    let err = err.join().unwrap();
    (child.wait().unwrap(), err)
}

/// The failures of one run: a signal, status 70 or 101, a panic message on stderr.
fn failures(what: &str, status: ExitStatus, stderr: Option<&str>) -> Vec<String> {
    let mut out = Vec::new();
    match status.code() {
        None => out.push(format!("{what}: ended by a signal ({status:?})")),
        Some(code @ (70 | 101)) => out.push(format!("{what}: exit status {code}")),
        Some(_) => {}
    }
    if let Some(err) = stderr {
        if err.contains("panicked") || err.contains("backtrace") || err.contains("internal error") {
            out.push(format!("{what}: stderr has a panic: {err}"));
        }
    }
    out
}

#[test]
fn every_command_ends_quietly_when_its_output_pipe_is_closed() {
    let dir = scratch("all");
    let cases = cases(&dir);
    for command in listed_commands() {
        assert!(cases.iter().any(|(name, _)| *name == command), "no closed-pipe case for `seabed {command}`: add one to cases()");
    }
    let mut failed = Vec::new();
    for (_, args) in &cases {
        let shown = args.join(" ");
        let out = with_closed(args, false);
        failed.extend(failures(&format!("seabed {shown} >closed"), out.status, Some(&out.other)));
        let err = with_closed(args, true);
        failed.extend(failures(&format!("seabed {shown} 2>closed"), err.status, None));
        let (status, stderr) = head_1(args);
        failed.extend(failures(&format!("seabed {shown} | head -1"), status, Some(&stderr)));
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn a_command_cut_short_by_a_closed_pipe_exits_141() {
    let dir = scratch("cut");
    let big = dir.join("big.js");
    let generated = Command::new(SEABED).args(["generate", "3000"]).output().unwrap();
    std::fs::write(&big, &generated.stdout).unwrap();
    let big = big.to_string_lossy().into_owned();
    for args in [
        vec!["generate".to_string(), "3000".into()],
        vec!["bytecode".into(), big.clone()],
        vec!["ir".into(), big, "--tier".into(), "baseline".into()],
        vec!["completions".into(), "bash".into()],
        vec!["--help".into()],
    ] {
        let out = with_closed(&args, false);
        assert_eq!(out.status.code(), Some(CLOSED_PIPE), "{args:?}: {}", out.other);
        assert!(out.other.is_empty(), "{args:?}: quietly: {}", out.other);
    }
    // Machine code dumped to a closed stderr: cut short, quietly.
    let asm = ["run", PROGRAM, "--tier", "son", "--always-opt", "--dump-asm"].map(String::from);
    assert_eq!(with_closed(&asm, true).status.code(), Some(CLOSED_PIPE));
    // `run` drops the program's output to a closed stdout and finishes with its status.
    let run = ["run", PROGRAM].map(String::from);
    let out = with_closed(&run, false);
    assert_eq!(out.status.code(), Some(0), "{}", out.other);
}

#[test]
fn another_output_error_is_an_io_error_not_a_compiler_bug() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let o = Command::new(SEABED).args(["generate", "3000"]).stdout(full).stderr(Stdio::piped()).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("seabed: cannot write to stdout"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
