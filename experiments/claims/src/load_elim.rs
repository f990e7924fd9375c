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

/// The son spec of the TurboFan-faithful control (C4): `load-elim` with `state=v8`
/// (`son::reducers::load_elim_v8`), otherwise [`son_spec`].
pub fn son_v8_spec() -> String {
    son_spec("load-elim,state=v8")
}

/// The faithful state's counters (meter extras of a `state=v8` load-elimination row): fields
/// past the tracked limit, facts evicted, loop walks that forgot everything, nodes the loop
/// walks visited, entries copied.
pub const V8_COUNTERS: [&str; 7] = [
    "v8_fields_untracked",
    "v8_fields_evicted",
    "v8_elements_evicted",
    "v8_maps_evicted",
    "v8_loop_kill_all",
    "v8_loop_walk_nodes",
    "v8_entries_copied",
];

/// Extra `key` summed over one run's load-elimination rows; `None` when no row has it.
pub fn load_elim_extra(s: &Stats, key: &str) -> Option<u64> {
    s.phases.iter().filter(|p| is_load_elim(p)).filter_map(|p| p.extra(key)).fold(None, |acc, v| Some(acc.unwrap_or(0) + v))
}

/// Whether `p` is a load-elimination phase row.
pub fn is_load_elim(p: &PhaseStat) -> bool {
    p.extra("loads_replaced").is_some() || p.name().contains("load-elim")
}

/// The counters of load elimination, in the order of the CSV columns that hold them: the
/// facts it used (`loads_replaced`, `checks_removed`, `stores_removed`), the facts it dropped
/// at a full abstract heap (`cap_hits`, both pipelines) and the loop walks that gave up
/// (`loop_walk_giveups`: son only, see [`LoadElimSums::counters`]).
pub const COUNTERS: [&str; 5] = ["loads_replaced", "checks_removed", "stores_removed", "cap_hits", "loop_walk_giveups"];

/// One run's load-elimination rows, summed over its compilations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadElimSums {
    /// Load-elimination phase rows.
    pub rows: usize,
    /// Their wall time.
    pub wall_ns: u64,
    /// Bytes allocated in them.
    pub bytes: u64,
    /// The largest of their peaks of live bytes (above each phase's start), when counted.
    pub peak_bytes: Option<u64>,
    /// Their input sizes (nodes or ops).
    pub nodes_in: u64,
    /// The [`COUNTERS`], each `None` when no row has it. Son's reducer counts
    /// `loop_walk_giveups` (a loop whose effect walk passed `LOOP_WALK_LIMIT` nodes and was
    /// assumed to write everything); the CFG's analysis walks every op of a loop with no bound,
    /// so it never gives up and its rows have no such counter.
    pub counters: [Option<u64>; 5],
}

impl LoadElimSums {
    /// Counter `name` (one of [`COUNTERS`]).
    pub fn counter(&self, name: &str) -> Option<u64> {
        COUNTERS.iter().position(|c| *c == name).and_then(|i| self.counters[i])
    }
}

/// Sums of one run's load-elimination rows.
pub fn load_elim_sums(s: &Stats) -> LoadElimSums {
    let rows: Vec<&PhaseStat> = s.phases.iter().filter(|p| is_load_elim(p)).collect();
    let mut counters = [None; 5];
    for (i, key) in COUNTERS.iter().enumerate() {
        for p in &rows {
            if let Some(v) = p.extra(key) {
                counters[i] = Some(counters[i].unwrap_or(0) + v);
            }
        }
    }
    LoadElimSums {
        rows: rows.len(),
        wall_ns: rows.iter().map(|p| p.wall_ns).sum(),
        bytes: rows.iter().filter_map(|p| p.bytes_allocated).sum(),
        peak_bytes: rows.iter().filter_map(|p| p.peak_live_bytes).max(),
        nodes_in: rows.iter().map(|p| p.nodes_in).sum(),
        counters,
    }
}

/// Writes `source` as `{name}.js` into `dir` and returns its path.
fn write_program(dir: &Path, name: &str, source: &str) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(format!("{name}.js"));
    std::fs::write(&path, source).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// Writes generated program `n` (seed 1; two objects of the same shape,
/// [`crate::generate::program`]) into `dir` as `gen-{n}.js` and returns its path.
pub fn generated(dir: &Path, n: usize) -> Result<PathBuf, String> {
    write_program(dir, &generated_name(n), &crate::generate::program(n, 1).0)
}

/// The program name of [`generated`] program `n`.
pub fn generated_name(n: usize) -> String {
    format!("gen-{n}")
}

/// Writes alias-family program `n` (seed 1; objects of different shapes,
/// [`crate::generate::alias_program`]) into `dir` as `gen-alias-{n}.js` and returns its path.
pub fn generated_alias(dir: &Path, n: usize) -> Result<PathBuf, String> {
    write_program(dir, &generated_alias_name(n), &crate::generate::alias_program(n, 1).0)
}

/// Writes wide-family program `n` (seed 1; objects with more fields than TurboFan tracks,
/// [`crate::generate::wide_program`]) into `dir` as `gen-wide-{n}.js` and returns its path.
pub fn generated_wide(dir: &Path, n: usize) -> Result<PathBuf, String> {
    write_program(dir, &generated_wide_name(n), &crate::generate::wide_program(n, 1).0)
}

/// The program name of [`generated_wide`] program `n`.
pub fn generated_wide_name(n: usize) -> String {
    format!("gen-wide-{n}")
}

/// The program name of [`generated_alias`] program `n`.
pub fn generated_alias_name(n: usize) -> String {
    format!("gen-alias-{n}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::PhaseStat;

    fn phase(label: &str, wall_ns: u64, extra: &[(&str, u64)]) -> PhaseStat {
        PhaseStat {
            label: label.into(),
            wall_ns,
            nodes_in: 10,
            bytes_allocated: Some(100),
            peak_live_bytes: Some(wall_ns),
            extra: extra.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            ..Default::default()
        }
    }

    #[test]
    fn sums_add_the_load_elimination_rows_only_and_keep_absent_counters_absent() {
        let stats = Stats {
            phases: vec![
                phase("son/reduce#3", 5, &[("loads_replaced", 2), ("cap_hits", 1), ("loop_walk_giveups", 0)]),
                phase("son/typer#2", 7, &[]),
                phase("son/reduce#9", 3, &[("loads_replaced", 4), ("loop_walk_giveups", 1)]),
            ],
            ..Default::default()
        };
        let sums = load_elim_sums(&stats);
        assert_eq!((sums.rows, sums.wall_ns, sums.bytes, sums.peak_bytes, sums.nodes_in), (2, 8, 200, Some(5), 20));
        assert_eq!(sums.counter("loads_replaced"), Some(6));
        assert_eq!(sums.counter("cap_hits"), Some(1));
        assert_eq!(sums.counter("loop_walk_giveups"), Some(1));
        assert_eq!(sums.counter("checks_removed"), None, "no row counts it");
        assert_eq!(load_elim_sums(&Stats::default()), LoadElimSums::default());
    }
}
