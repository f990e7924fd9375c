//! The claims crate: `seabed experiment` and `seabed report`.
//!
//! - The claims (the `cN_*` modules, registered in [`registry`] on the core of [`claim`] and
//!   [`context`]): `seabed experiment claims`.
//! - The other measurements of `seabed experiment` ([`experiment`]: interp, bench-interp,
//!   tiers, [`code_quality`], [`gc_bench`], [`strings_bench`], [`v8stats`]), V8's graph traces
//!   ([`v8graph`]) and the generated programs of the scaling claims ([`generate`]).
//! - The report: [`report`] writes `REPORT.md` from every claim's [`finding::Finding`], with
//!   figures drawn by [`plot`]; [`results`] reads back every CSV of `results/`.
//!
//! `seabed experiment claims`: one experiment per claim of `CLAIMS.md` (C1–C11) and of issue 36 (C12–C16 and Click), each
//! writing a tidy CSV into the results directory; `seabed report` turns the CSVs into
//! `REPORT.md` (see [`crate::report`]).
//!
//! A claim is defined once, in its own file: a [`Claim`] with its id, title and published
//! figure, its CSV files and their columns ([`table::Csv`]), the function that measures and
//! the function that reads the CSVs back into its report section, whose verdict rule is data
//! for the shared helper [`verdict`]. [`CLAIMS`] lists them in order.
//!
//! Measurements spawn `seabed run FILE ... --stats JSON` (the current executable) and read
//! the phase rows back ([`runner`]). Counter runs are deterministic and run in parallel,
//! shared between claims through a cache; timing runs and callgrind runs run one at a time.
//! Claims that share runs share a module for them: C3 and C10 ([`compile_time`]: one set of
//! timing runs serves both when both are selected), C4 and C9 ([`load_elim`]: specs and the
//! load-elimination rows), C5–C8 ([`graph`]: the default pipelines' counter runs, also C1's).
//!
//! | claim | definition | CSV |
//! |---|---|---|
//! | C1 | [`c1_reducer_changes`] | `c1_reducer_changes.csv` |
//! | C2 | [`c2_cache_misses`] | `c2_cache_misses.csv` |
//! | C3 | [`c3_compile_time`] | `c3_compile_time.csv`, `c3_phase_profile.csv` |
//! | C4 | [`c4_load_elim_scaling`] | `c4_load_elim_scaling.csv` |
//! | C5 | [`c5_node_splitting`] | `c5_node_splitting.csv` |
//! | C6 | [`c6_checks_left`] | `c6_checks_left.csv` |
//! | C7 | [`c7_chain_share`] | `c7_chain_share.csv`, `c7_v8_chain_share.csv` |
//! | C8 | [`c8_schedule_locality`] | `c8_schedule_locality.csv` |
//! | C9 | [`c9_alias_analysis`] | `c9_alias_analysis.csv` |
//! | C10 | [`c10_llvm_share`], [`c10_per_function`] | `c10_llvm_share.csv`, `c10_per_function.csv`, `c10_v8_compile.csv` |
//! | C11 | [`c11_speedup`] | `c11_speedup.csv` |
//! | C12 | [`c12_code_motion`] | `c12_code_motion.csv` |
//! | C13 | [`c13_deadness`] | `c13_deadness.csv` |
//! | C14 | [`c14_loops`] | `c14_loops.csv`, `c14_peel_code.csv` |
//! | C15 | [`c15_simpler_shorter`] | `c15_simpler_shorter.csv` (counted in the source tree; no process runs) |
//! | C16 | [`c16_control_lowering`] | `c16_control_lowering.csv` |
//! | Click | [`click_alias_class`] | `click_alias_class.csv` |

pub mod c10_llvm_share;
pub mod claim;
pub mod context;
pub mod registry;
pub mod c11_speedup;
pub mod c12_code_motion;
pub mod c13_deadness;
pub mod c14_loops;
pub mod c15_simpler_shorter;
pub mod c16_control_lowering;
pub mod c1_reducer_changes;
pub mod c2_cache_misses;
pub mod c10_per_function;
pub mod c3_compile_time;
pub mod c4_load_elim_scaling;
pub mod c5_node_splitting;
pub mod c6_checks_left;
pub mod c7_chain_share;
pub mod c8_schedule_locality;
pub mod c9_alias_analysis;
pub mod click_alias_class;
pub mod compile_time;
pub mod graph;
pub mod load_elim;
pub mod phase_kinds;
pub mod program_set;
pub mod robustness;
pub mod rule_history;
pub mod runner;
pub mod table;
pub mod tiering;
pub mod verdict;

pub mod code_quality;
pub mod experiment;
pub mod finding;
pub mod gc_bench;
pub mod generate;
pub mod plot;
pub mod report;
pub mod results;
pub mod strings_bench;
pub mod v8graph;
pub mod v8stats;

#[cfg(test)]
pub mod fixtures;
#[cfg(test)]
mod spec_tests;

pub use claim::{Claim, Side};
pub use context::{args, fmt, opt, ClaimsOptions, Ctx, TieredRun};
pub use registry::{all_csvs, cli, is_run_log, run, run_log_file, ClaimsArgs, AFTER_HELP, CLAIMS, RUN_LOG};

#[cfg(test)]
mod tests {
    use super::table::CONTEXT_COLUMNS;
    use super::*;

    #[test]
    fn the_registry_lists_the_claims_in_order() {
        let ids: Vec<&str> = CLAIMS.iter().map(|c| c.id).collect();
        let expected: Vec<String> = (1..=16).map(|i| format!("C{i}")).chain(["Click".to_string()]).collect();
        assert_eq!(ids, expected);
    }

    #[test]
    fn a_partial_run_keeps_the_full_run_s_log() {
        assert_eq!(run_log_file(&[]), "claims_runs.csv");
        assert_eq!(run_log_file(&["C13".into(), "click".into()]), "claims_runs_c13_click.csv");
        assert!(is_run_log("claims_runs_c13_click.csv") && is_run_log("claims_runs_counters.csv") && is_run_log(RUN_LOG.file));
        assert!(!is_run_log("c1_reducer_changes.csv"));
    }

    #[test]
    fn every_csv_is_named_after_its_claim_and_has_distinct_columns() {
        let mut files: Vec<&str> = vec![RUN_LOG.file];
        for claim in CLAIMS {
            assert!(!claim.csvs.is_empty(), "{} writes no CSV", claim.id);
            for csv in claim.csvs {
                let prefix = format!("{}_", claim.id.to_lowercase());
                assert!(csv.file.starts_with(&prefix) && csv.file.ends_with(".csv"), "{}: {}", claim.id, csv.file);
                let mut columns: Vec<&str> = CONTEXT_COLUMNS.iter().chain(csv.columns).copied().collect();
                let all = columns.len();
                columns.sort_unstable();
                columns.dedup();
                assert_eq!(columns.len(), all, "{}: a column twice (or a context column again)", csv.file);
                files.push(csv.file);
            }
        }
        let all = files.len();
        files.sort_unstable();
        files.dedup();
        assert_eq!(files.len(), all, "two definitions write the same file");
    }

    #[test]
    fn single_figure_rules_quote_their_thresholds() {
        assert_eq!(c1_reducer_changes::RULE.text(), "rule: 10–40 reproduced, 5–80 partly");
        assert_eq!(c3_compile_time::RULE.text(), "rule: ≤ 0.6 reproduced, < 0.9 partly");
        assert_eq!(c7_chain_share::RULE.text(), "rule: ≥ 50% reproduced, ≥ 30% partly");
        assert_eq!(c8_schedule_locality::RULE.text(), "rule: ≥ 1.5× reproduced, > 1.1× partly");
        assert_eq!(c10_llvm_share::RULE.text(), "rule: ≥ 80% reproduced, ≥ 50% partly");
    }
}
