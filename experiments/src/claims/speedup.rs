//! C11: does speculation plus deoptimization pay? Every kernel as a whole process under the
//! interpreter, sea of nodes and CFG (LLVM `ftl` backend, default tiering with LLVM on the
//! background compiler thread, as node compiles concurrently), and node with
//! `--max-opt=0` and by default, interleaved per repetition (the `tiers` experiment's method
//! and its process timer, [`crate::experiment::time_process`]). One row per run; the report
//! takes medians and the speedup over the interpreter. Node rows are left out (with a
//! message) when `node` is not installed.

use std::process::Command;

use super::runner::file_name;
use super::table::RowContext;
use super::{fmt, Ctx};

/// One configuration: (label, pipeline column, llvm column, command is node?, arguments).
pub struct Config {
    /// Configuration label (`interp`, `son/llvm-ftl`, `node --max-opt=0`, ...).
    pub label: &'static str,
    /// Pipeline column value.
    pub pipeline: &'static str,
    /// LLVM column value.
    pub llvm: &'static str,
    /// Whether the command is node rather than seabed.
    pub node: bool,
    /// Arguments (after `run FILE` for seabed, before FILE for node).
    pub args: &'static [&'static str],
}

/// The C11 configurations.
pub const CONFIGS: &[Config] = &[
    Config { label: "interp", pipeline: "interp", llvm: "off", node: false, args: &["--tier", "interp"] },
    Config { label: "son/llvm-ftl", pipeline: "son", llvm: "ftl", node: false, args: &["--tier", "son", "--backend", "llvm", "--llvm", "ftl"] },
    Config { label: "cfg/llvm-ftl", pipeline: "cfg", llvm: "ftl", node: false, args: &["--tier", "cfg", "--backend", "llvm", "--llvm", "ftl"] },
    Config { label: "node --max-opt=0", pipeline: "node", llvm: "off", node: true, args: &["--max-opt=0"] },
    Config { label: "node", pipeline: "node", llvm: "off", node: true, args: &[] },
];

/// Runs C11 and writes `c11_speedup.csv`.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let (node, node_version) = crate::experiment::node();
    if node_version.is_none() {
        eprintln!("claims: C11: node not found; node rows left out");
    }
    let configs: Vec<&Config> = CONFIGS.iter().filter(|c| !c.node || node_version.is_some()).collect();
    let kernels = ctx.kernels()?;
    let reps = ctx.reps();
    let jobs: Vec<(usize, u32, usize)> =
        {
        let nc = configs.len();
        (0..kernels.len()).flat_map(|k| (0..reps).flat_map(move |r| (0..nc).map(move |c| (k, r, c)))).collect()
    };
    let times = ctx.runner.serial(jobs.len(), "C11 run time", |i| {
        let (k, _, c) = jobs[i];
        let cfg = configs[c];
        if cfg.node {
            crate::experiment::time_process(Command::new(&node).args(cfg.args).arg(&kernels[k]))
        } else {
            crate::experiment::time_process(Command::new(&ctx.runner.seabed).arg("run").arg(&kernels[k]).args(cfg.args))
        }
    });
    let mut t = ctx.table(&["config", "seconds", "node_version"]);
    for (&(k, rep, c), time) in jobs.iter().zip(times) {
        let cfg = configs[c];
        let secs = match time {
            Ok(s) => s,
            Err(e) => {
                eprintln!("claims: C11: {e}");
                continue;
            }
        };
        let spec = if cfg.node { format!("node {}", cfg.args.join(" ")) } else { cfg.args.join(" ") };
        let rc = RowContext {
            experiment: "C11".into(),
            program: file_name(&kernels[k]),
            pipeline: cfg.pipeline.into(),
            spec: spec.trim().to_string(),
            llvm: cfg.llvm.into(),
            counter_backend: "wall".into(),
            rep,
        };
        let nv = if cfg.node { node_version.clone().unwrap_or_default() } else { String::new() };
        ctx.push(&mut t, &rc, vec![cfg.label.into(), fmt(secs), nv]);
    }
    ctx.write(&t, "c11_speedup.csv")
}
