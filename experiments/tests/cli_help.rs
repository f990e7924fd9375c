//! The command line's contract: every command's `--help` is complete and reproduced in
//! README.md's "Command reference" (regenerate with `make readme-cli`), a bad flag or value
//! exits 2 naming it and the valid values, and shell completions are generated.

use std::process::{Command, Output, Stdio};

fn seabed(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seabed")).args(args).stdin(Stdio::null()).output().expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md")).expect("README.md")
}

#[test]
fn the_readme_reproduces_every_commands_help() {
    let readme = readme();
    let paths = seabed::cli::command_paths();
    assert!(paths.len() > 12, "every command is listed: {paths:?}");
    for path in &paths {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let o = seabed(&args);
        assert_eq!(o.status.code(), Some(0), "seabed {}", args.join(" "));
        let help = stdout(&o);
        assert_eq!(help, seabed::cli::help_text(path), "seabed {} prints the text the reference is made of", args.join(" "));
        let block = format!("```text\n{}\n```", help.trim_end());
        assert!(
            readme.contains(&block),
            "README.md lacks the current `seabed {}` output: run `make readme-cli`",
            args.join(" ")
        );
    }
    // Nothing stale either: the whole generated region is the current reference.
    let (begin, end) = seabed::cli::README_MARKERS;
    let start = readme.find(begin).expect("README.md has the reference's begin marker") + begin.len();
    let stop = readme.find(end).expect("README.md has the reference's end marker");
    assert_eq!(
        readme[start..stop].trim(),
        seabed::cli::help_reference().trim(),
        "README.md's command reference is out of date: run `make readme-cli`"
    );
    // The generated reference is the same on every machine (no absolute paths of a checkout).
    assert!(!readme[start..stop].contains(env!("CARGO_MANIFEST_DIR")));
}

#[test]
fn top_level_run_and_ab_help_are_complete() {
    let top = stdout(&seabed(&["--help"]));
    for command in ["run", "ir", "check", "bytecode", "generate", "fuzz", "experiment", "report", "ab", "test262", "awfy", "completions"] {
        assert!(top.contains(&format!("\n  {command} ")), "seabed --help lists {command}:\n{top}");
    }
    assert!(top.contains("134  heap limit reached"), "{top}");
    let run = stdout(&seabed(&["run", "--help"]));
    for flag in [
        "--tier", "--spec", "--backend", "--llvm", "--dump-lir", "--dump-llvm", "--dump-asm", "--always-opt", "--deopt-every",
        "--deopt-after-calls", "--hot-calls", "--max-reopts", "--osr-back-edges", "--max-compiled-size", "--verify",
        "--stats", "--compile-thread", "--gc-stress", "--verify-heap", "--max-heap", "--trace-deopt",
    ] {
        assert!(run.contains(&format!("{flag} ")) || run.contains(&format!("{flag}\n")), "seabed run --help documents {flag}");
    }
    assert!(run.contains("Examples:") && run.contains("Exit status:"), "{run}");
    let ab = stdout(&seabed(&["ab", "--help"]));
    for flag in ["--a <SPEC>", "--b <SPEC>", "--corpus", "--metric", "--reps", "--backend", "--out"] {
        assert!(ab.contains(flag), "seabed ab --help documents {flag}");
    }
    assert!(ab.contains("compile_ns") && ab.contains("wall_ns"), "the metrics are listed:\n{ab}");
    // `seabed help COMMAND` is the same as `seabed COMMAND --help`; no command prints the
    // overview as a usage error.
    assert_eq!(stdout(&seabed(&["help", "run"])), run);
    let bare = seabed(&[]);
    assert_eq!(bare.status.code(), Some(2));
    assert!(stderr(&bare).contains("Usage: seabed <COMMAND>"));
}

#[test]
fn a_bad_flag_or_value_exits_2_and_names_it() {
    let f = std::env::temp_dir().join(format!("seabed-cli-help-{}.js", std::process::id()));
    std::fs::write(&f, "console.log(1);\n").unwrap();
    let f = f.to_str().unwrap();
    let cases: &[(&[&str], &[&str])] = &[
        (&["run", f, "--bogus"], &["'--bogus'"]),
        (&["run", f, "--tier", "warp"], &["'warp'", "--tier", "interp, baseline, son, cfg"]),
        (&["run", f, "--backend", "gpu"], &["'gpu'", "--backend", "lir, llvm"]),
        (&["run", f, "--llvm", "O3"], &["'O3'", "--llvm", "none, ftl, O2"]),
        (&["run", f, "--compile-thread", "maybe"], &["'maybe'", "--compile-thread", "on, off"]),
        (&["run", f, "--hot-calls", "many"], &["'many'", "--hot-calls"]),
        (&["run", f, "--max-compiled-size", "1,x"], &["--max-compiled-size", "INSTRUCTIONS[,REGISTERS]"]),
        (&["run", f, "--tier", "son", "--backend", "lir", "--llvm", "ftl"], &["'--llvm' cannot be used with '--backend lir'"]),
        (&["run", f, "--tier", "son", "--spec", "son:bogus"], &["unknown phase 'bogus'"]),
        (&["ir", f, "--tier", "interp"], &["'interp'", "--tier", "baseline, son, cfg"]),
        (&["ir", f, "--tier", "son", "--format", "svg"], &["'svg'", "--format", "text, dot, turbolizer"]),
        (&["ab", "--a", "son:reduce(dce)", "--b", "son:reduce(dce)", "--metric", "speed"], &["'speed'", "--metric", "compile_ns"]),
        (&["ab", "--a", "son:reduce(dce)"], &["--b <SPEC>"]),
        (&["fuzz", "--configs", "some"], &["'some'", "--configs", "quick, all"]),
        (&["fuzz", "--seeds", "9..3"], &["--seeds", "empty range"]),
        (&["test262", "/nonexistent", "--tier", "warp"], &["--tier", "unknown tier 'warp'", "son-llvm"]),
        (&["experiment", "claims", "--reps", "0"], &["--reps"]),
        (&["experiment", "nope"], &["'nope'"]),
        (&["completions", "tcsh"], &["'tcsh'", "bash", "zsh", "fish"]),
        (&["generate", "0"], &["'0'"]),
        (&["frobnicate"], &["'frobnicate'"]),
    ];
    for (args, needles) in cases {
        let o = seabed(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "seabed {}: {err}", args.join(" "));
        for needle in *needles {
            assert!(err.contains(needle), "seabed {}: the error names {needle}:\n{err}", args.join(" "));
        }
        assert!(o.stdout.is_empty(), "seabed {}: errors go to stderr", args.join(" "));
    }
}

#[test]
fn completions_are_generated_for_bash_zsh_and_fish() {
    for (shell, marker) in [("bash", "complete -F _seabed"), ("zsh", "#compdef seabed"), ("fish", "complete -c seabed")] {
        let o = seabed(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        let script = stdout(&o);
        assert!(script.contains(marker), "{shell}: {marker}");
        for word in ["run", "experiment", "--max-compiled-size", "--metric"] {
            // fish names long flags without their dashes (`-l max-compiled-size`).
            let word = if shell == "fish" { word.trim_start_matches('-') } else { word };
            assert!(script.contains(word), "{shell} completes {word}");
        }
    }
}

#[test]
fn trace_deopt_prints_each_real_exit() {
    // `f` is compiled on its first call with int32 feedback, then called with a double.
    let dir = std::env::temp_dir().join(format!("seabed-trace-deopt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("t.js");
    std::fs::write(&file, "function f(x) { return x + 1; }\nlet s = 0;\nfor (let i = 0; i < 300; i++) s = f(i);\nconsole.log(s, f(0.5));\n").expect("writes");
    let path = file.to_str().expect("utf-8 path");
    let o = seabed(&["run", path, "--tier", "son", "--backend", "lir", "--trace-deopt"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "300 1.5\n");
    assert!(stderr(&o).contains("[deoptimizing f: NotInt32 at f@"), "{}", stderr(&o));
    let quiet = seabed(&["run", path, "--tier", "son", "--backend", "lir"]);
    assert!(!stderr(&quiet).contains("deoptimizing"), "no trace without the flag");
    let _ = std::fs::remove_dir_all(&dir);
}
