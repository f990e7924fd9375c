//! `make bench-code`: the code-quality benchmark of the LLVM backend.
//!
//! Every corpus kernel runs as a whole process under node (default JIT) and under seabed's two
//! pipelines on LLVM with default tiering, interleaved per repetition — the C11 measurement of
//! the claims harness ([`crate::claims`], `c11_speedup.csv`), so the two never disagree. This
//! module turns those runs into `code-quality.csv`: per kernel the median seconds of each
//! configuration, each pipeline's time over node's, and the better pipeline's; then the geometric
//! means over all kernels and over the numeric kernels ([`NUMERIC_KERNELS`]), where the target is
//! the better pipeline within 2× of node. A Markdown summary goes to `code-quality.md`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use crate::claims::table::Table;
use crate::claims::{self, c11_speedup, ClaimsOptions};
use crate::report::{geomean, median};

/// Kernels that are numeric loops (int32/float64 arithmetic over locals, arrays or a few
/// objects) rather than call- or allocation-heavy object code.
pub const NUMERIC_KERNELS: &[&str] = &[
    "bench_bitcount.js",
    "bench_cordic.js",
    "bench_crc32.js",
    "bench_fannkuch.js",
    "bench_life.js",
    "bench_mandelbrot.js",
    "bench_matmul.js",
    "bench_nbody.js",
    "bench_partial_sums.js",
    "bench_sieve.js",
    "bench_spectral_norm.js",
];

/// The C11 configuration labels this benchmark reads.
const NODE: &str = "node";
const SON: &str = "son/llvm-ftl";
const CFG: &str = "cfg/llvm-ftl";
const INTERP: &str = "interp";

/// Measures (the claims harness's C11) into `out`, then writes the code-quality files.
pub fn run(out: &Path, reps: u32, corpus: &Path) -> Result<(), String> {
    claims::run(ClaimsOptions {
        out: out.to_path_buf(),
        reps,
        corpus: corpus.to_path_buf(),
        only: vec![c11_speedup::CLAIM.id.into()],
        quick: false,
        progress: std::io::IsTerminal::is_terminal(&std::io::stderr()),
    })?;
    write(out)
}

/// One kernel's medians (seconds) per configuration.
type Medians = BTreeMap<String, BTreeMap<String, f64>>;

fn medians(c11: &Table) -> Medians {
    let mut times: BTreeMap<String, BTreeMap<String, Vec<f64>>> = BTreeMap::new();
    for row in &c11.rows {
        let (Some(secs), program, config) = (c11.num(row, "seconds"), c11.get(row, "program"), c11.get(row, "config")) else {
            continue;
        };
        times.entry(program.to_string()).or_default().entry(config.to_string()).or_default().push(secs);
    }
    times.into_iter().map(|(p, cs)| (p, cs.into_iter().map(|(c, xs)| (c, median(&xs))).collect())).collect()
}

/// Reads `c11_speedup.csv` in `results` and writes `code-quality.csv` and `code-quality.md`.
pub fn write(results: &Path) -> Result<(), String> {
    let c11 = Table::read(&results.join(c11_speedup::CSV.file))?;
    let revision = c11.rows.first().map(|r| c11.get(r, "git_revision").to_string()).unwrap_or_default();
    let machine = c11.rows.first().map(|r| c11.get(r, "machine").to_string()).unwrap_or_default();
    let medians = medians(&c11);
    if !medians.values().any(|m| m.contains_key(NODE)) {
        return Err("c11_speedup.csv has no node runs: the code-quality benchmark needs node".into());
    }
    let mut csv = String::from(
        "program,numeric,interp_s,son_s,cfg_s,node_s,son_over_node,cfg_over_node,best_over_node,git_revision,machine\n",
    );
    let mut table = String::new();
    let (mut all, mut numeric): (Vec<[f64; 3]>, Vec<[f64; 3]>) = (Vec::new(), Vec::new());
    for (program, m) in &medians {
        let get = |c: &str| m.get(c).copied().unwrap_or(f64::NAN);
        let (node, son, cfg) = (get(NODE), get(SON), get(CFG));
        let ratios = [son / node, cfg / node, son.min(cfg) / node];
        let is_numeric = NUMERIC_KERNELS.contains(&program.as_str());
        let _ = writeln!(
            csv,
            "{program},{is_numeric},{:.4},{son:.4},{cfg:.4},{node:.4},{:.3},{:.3},{:.3},{revision},\"{machine}\"",
            get(INTERP),
            ratios[0],
            ratios[1],
            ratios[2]
        );
        let _ = writeln!(
            table,
            "| {program}{} | {son:.3} | {cfg:.3} | {node:.3} | {:.2}× | {:.2}× | {:.2}× |",
            if is_numeric { " (numeric)" } else { "" },
            ratios[0],
            ratios[1],
            ratios[2]
        );
        if ratios.iter().all(|r| r.is_finite()) {
            all.push(ratios);
            if is_numeric {
                numeric.push(ratios);
            }
        }
    }
    let gm = |rows: &[[f64; 3]], k: usize| geomean(&rows.iter().map(|r| r[k]).collect::<Vec<_>>());
    let mut summary = String::new();
    for (name, rows) in [("geomean (all kernels)", &all), ("geomean (numeric kernels)", &numeric)] {
        let _ = writeln!(csv, "{name},,,,,,{:.3},{:.3},{:.3},{revision},\"{machine}\"", gm(rows, 0), gm(rows, 1), gm(rows, 2));
        let _ = writeln!(summary, "| **{name}** | | | | {:.2}× | {:.2}× | {:.2}× |", gm(rows, 0), gm(rows, 1), gm(rows, 2));
    }
    std::fs::write(results.join("code-quality.csv"), csv).map_err(|e| format!("cannot write code-quality.csv: {e}"))?;
    let best_numeric = gm(&numeric, 2);
    let verdict = if best_numeric <= 2.0 { "met" } else { "not met" };
    let md = format!(
        "# Code quality: seabed on LLVM against node's JIT\n\n\
         Whole-process time of each kernel (median of the repetitions, interleaved; the C11 runs of \
         `seabed experiment claims`), seabed with default tiering on `--backend llvm --llvm ftl`, node \
         with its default tiers. A ratio is seabed's time over node's: lower is better, 1× is node. \
         Revision {revision}, {machine}.\n\n\
         Target (issue 6): the better pipeline within 2× of node on the numeric kernels — geometric mean \
         {best_numeric:.2}×: **{verdict}**.\n\n\
         | kernel | son (s) | cfg (s) | node (s) | son/node | cfg/node | best/node |\n|---|---|---|---|---|---|---|\n\
         {table}{summary}"
    );
    std::fs::write(results.join("code-quality.md"), md).map_err(|e| format!("cannot write code-quality.md: {e}"))?;
    eprintln!("bench-code: best pipeline over node, numeric kernels: {best_numeric:.2}× ({verdict}); all kernels: {:.2}×", gm(&all, 2));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_and_geomeans_come_from_the_c11_medians() {
        let dir = std::env::temp_dir().join(format!("seabed-code-quality-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut csv = String::from("experiment,program,pipeline,spec,llvm,counter_backend,rep,git_revision,machine,config,seconds,node_version\n");
        for (rep, scale) in [(0, 1.0), (1, 1.2), (2, 0.9)] {
            for (config, secs) in [(NODE, 0.1), (SON, 0.3), (CFG, 0.2), (INTERP, 1.0)] {
                let _ = writeln!(csv, "C11,bench_nbody.js,x,x,ftl,wall,{rep},abc,m,{config},{},", secs * scale);
            }
        }
        std::fs::write(dir.join("c11_speedup.csv"), csv).unwrap();
        write(&dir).unwrap();
        let out = std::fs::read_to_string(dir.join("code-quality.csv")).unwrap();
        let row = out.lines().find(|l| l.starts_with("bench_nbody.js")).unwrap();
        let cols: Vec<&str> = row.split(',').collect();
        assert_eq!(cols[1], "true", "nbody is numeric");
        assert_eq!(cols[6], "3.000", "son over node: medians 0.3 / 0.1");
        assert_eq!(cols[8], "2.000", "the better pipeline is cfg");
        let md = std::fs::read_to_string(dir.join("code-quality.md")).unwrap();
        assert!(md.contains("2.00×: **met**"), "{md}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
