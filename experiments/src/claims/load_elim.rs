//! What C4 and C9 share: the load-elimination specs of both pipelines, with type-based
//! alias analysis and offset-only, and the figures of a run's load-elimination rows.
//!
//! A spec the build does not know yet fails before running; its rows are simply absent and
//! the report says "no data".

use std::path::{Path, PathBuf};

use super::runner::{PhaseStat, Stats};

/// The son spec with load elimination `reducer` in a phase of its own.
pub fn son_spec(reducer: &str) -> String {
    format!("son:reduce(dce,common,vn);typer;reduce({reducer});lower;reduce(dce,machine,common,vn);schedule")
}

/// The cfg spec with load elimination `reducer` as its first copying phase.
pub fn cfg_spec(reducer: &str) -> String {
    format!(
        "cfg:copy({reducer});copy(lower,branch-elim,machine-opt,check-elim,vn);\
         copy(machine-lower,branch-elim,machine-opt,check-elim,vn);copy(dce)"
    )
}

/// The load elimination configurations: (pipeline, variant, spec); variant `type` is
/// type-based alias analysis, `offset` offset-only.
pub fn configs() -> Vec<(&'static str, &'static str, String)> {
    vec![
        ("son", "type", son_spec("load-elim")),
        ("son", "offset", son_spec("load-elim-offset")),
        ("cfg", "type", cfg_spec("late-load-elim")),
        ("cfg", "offset", cfg_spec("late-load-elim-offset")),
    ]
}

/// Whether `p` is a load-elimination phase row.
pub fn is_load_elim(p: &PhaseStat) -> bool {
    p.extra.contains_key("loads_replaced") || p.name().contains("load-elim")
}

/// Sums of one run's load-elimination rows: (rows, wall_ns, bytes, peak live bytes (the
/// largest of the rows'), nodes_in, replaced, checks removed, stores removed, cap hits);
/// counters absent from every row are `None`.
pub fn load_elim_sums(s: &Stats) -> (usize, u64, u64, Option<u64>, u64, [Option<u64>; 4]) {
    let rows: Vec<&PhaseStat> = s.phases.iter().filter(|p| is_load_elim(p)).collect();
    let mut facts = [None; 4];
    for (i, key) in ["loads_replaced", "checks_removed", "stores_removed", "cap_hits"].iter().enumerate() {
        for p in &rows {
            if let Some(v) = p.extra(key) {
                facts[i] = Some(facts[i].unwrap_or(0) + v);
            }
        }
    }
    (
        rows.len(),
        rows.iter().map(|p| p.wall_ns).sum(),
        rows.iter().filter_map(|p| p.bytes_allocated).sum(),
        rows.iter().filter_map(|p| p.peak_live_bytes).max(),
        rows.iter().map(|p| p.nodes_in).sum(),
        facts,
    )
}

/// Writes generated program `n` into `dir` and returns its path.
pub fn generated(dir: &Path, n: usize) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(format!("gen-{n}.js"));
    std::fs::write(&path, crate::generate::program(n, 1).0).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}
