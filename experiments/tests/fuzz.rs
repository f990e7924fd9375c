//! `seabed fuzz`: a fixed seed range with every configuration — each generated program must
//! print what node prints in all 38 of them, the opt-in options (son's alias-class memory in
//! two placements and its late lowering scheduling once, the CFG's `licm`, both pipelines' `peel`) included — and the command's contract (usage errors, `--print`, `--spec`). The seed range needs node (the oracle): without it the test fails, saying so
//! (`make test` installs node; `make setup-node` alone does).
//!
//! The range, seeds 0..24, is split in two tests that the harness runs side by side: about
//! a minute together on the 2-core reference machine in release mode (75 s measured while
//! the machine was busy with other work). A failure lists every mismatching run;
//! `seabed fuzz --seeds A..B` reproduces it and reduces the programs (README.md, "Fuzzing").

use std::path::PathBuf;

use fuzz::{campaign, ConfigSet, Options};

/// Runs seeds `first..end` with all configurations (no reduction) and fails on any
/// mismatch or any program the generator should not have produced.
fn seed_range(first: u64, end: u64) {
    assert!(
        fuzz::node_available(),
        "node is not installed: the fuzz seed range needs it as the oracle (make setup-node installs it; make test does)"
    );
    let out = std::env::temp_dir().join(format!("seabed-fuzz-{}-{first}", std::process::id()));
    let mut opts = Options::new(PathBuf::from(env!("CARGO_BIN_EXE_seabed")));
    opts.first_seed = first;
    opts.end_seed = end;
    opts.configs = ConfigSet::All;
    opts.reduce = false;
    opts.out = out.clone();
    opts.jobs = 1;
    opts.verbose = false;
    let summary = campaign(&opts);
    let _ = std::fs::remove_dir_all(&out);
    assert_eq!(summary.generated, end - first);
    assert!(summary.unsupported.is_empty(), "the generator produced unsupported code: seeds {:?}", summary.unsupported);
    assert!(summary.discarded.is_empty(), "node rejected generated programs: seeds {:?}", summary.discarded);
    let lines: Vec<String> = summary
        .mismatches
        .iter()
        .map(|m| format!("seed {} {} ({} {}): {}", m.seed, m.config.label(), m.component.name(), m.kind.name(), m.detail))
        .collect();
    assert!(
        lines.is_empty(),
        "{} of {} runs differ from node (reproduce and reduce with `seabed fuzz --seeds {first}..{end}`):\n{}\n\n{}",
        lines.len(),
        summary.runs,
        lines.join("\n"),
        summary.report()
    );
}

#[test]
fn fuzz_seeds_0_to_12_match_node() {
    seed_range(0, 12);
}

#[test]
fn fuzz_seeds_12_to_24_match_node() {
    seed_range(12, 24);
}

fn seabed(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_seabed")).args(args).stdin(std::process::Stdio::null()).output().expect("runs")
}

#[test]
fn fuzz_usage_errors_exit_2() {
    for args in [
        &["fuzz", "--seeds", "5..5"][..],
        &["fuzz", "--seeds", "x"],
        &["fuzz", "--seeds", "3.."],
        &["fuzz", "--configs", "some"],
        &["fuzz", "--jobs"],
        &["fuzz", "--frobnicate"],
        &["fuzz", "--spec", "baseline:reduce(dce)"],
        &["fuzz", "--spec", "son:reduce(no-such-reducer);schedule"],
    ] {
        assert_eq!(seabed(args).status.code(), Some(2), "{args:?}");
    }
    assert_eq!(seabed(&["fuzz", "--help"]).status.code(), Some(0));
}

#[test]
fn fuzz_print_shows_the_seed_s_program_and_seabed_checks_it() {
    let a = seabed(&["fuzz", "--print", "42"]);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, seabed(&["fuzz", "--print", "42"]).stdout);
    let dir = std::env::temp_dir().join(format!("seabed-fuzz-print-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("seed42.js");
    std::fs::write(&file, &a.stdout).unwrap();
    let check = seabed(&["check", file.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", String::from_utf8_lossy(&check.stdout));
}
