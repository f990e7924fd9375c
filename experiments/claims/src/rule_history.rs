//! When each claim's verdict rule was set, and whether data of the claim existed then.
//!
//! The report used to say of every rule that it was "declared before the data". Git says
//! otherwise for most of them: the first verdict rules (61aa677) came 22 minutes before the
//! first committed reference run (82af28c), and every rule was then restated, and several
//! replaced, after that run's CSVs (and later runs, and trial runs quoted in commit messages)
//! were there to see. This module records that history as data, one [`ClaimHistory`] per
//! claim in [`HISTORY`], so the report can say which commit set each rule and label it
//! honestly ([`status`], [`status_oo`]), and list the rules set after their data was seen
//! ([`changes`], [`changes_oo`]). `docs/rule-history.md` is the same table for readers,
//! with the git commands that re-check it.
//!
//! "Data existed" means: git shows measured data of that claim in an ancestor of the
//! rule's commit, either a committed CSV under `results/` (the claim's own CSV, or for C11
//! `results/tiers.csv`, which measured the same speed-up over the interpreter before C11
//! had a CSV), or a commit message quoting measured figures of the claim (a trial run).
//!
//! Refactors that moved a rule without changing its text, thresholds or judged value are
//! not rows: 5f2ed0b (thresholds become `verdict::Bound` data) and 393b4b4 (one file per
//! claim) carry the thresholds of 61aa677 over unchanged.
//!
//! The test at the bottom guards against silent edits: it fingerprints every claim's
//! current `rule()` text ([`fingerprint`]) and compares it with
//! [`ClaimHistory::rule_fingerprint`]. A rule edited without a new row fails it.

/// The label of a rule set before any measured data of its claim existed.
pub const DECLARED_BEFORE_DATA: &str = "declared before the data";

/// The label of a rule set when measured data of its claim already existed: the rule was
/// fixed before the run the report shows, not before all data.
pub const FIXED_BEFORE_RUN: &str = "fixed before this run";

/// Whether measured data of the claim existed when a rule was set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataBefore {
    /// No commit before the rule's holds measured data of the claim, nor quotes any.
    None,
    /// A CSV with the claim's measurements was committed before the rule; `first_data` is
    /// the commit that first added it.
    Committed {
        /// Short hash of the first commit that added measured data of the claim.
        first_data: &'static str,
    },
    /// Measured figures of the claim (or of the new value the rule judges) were seen before
    /// or beside the rule: a trial run quoted in a commit message, or a verdict computed on
    /// a committed CSV in the rule's own commit. Any committed CSV is named in the text too.
    Trial {
        /// The commit and what it quotes or computes.
        evidence: &'static str,
    },
}

impl DataBefore {
    /// Whether any measured data of the claim existed when the rule was set.
    pub fn existed(self) -> bool {
        !matches!(self, DataBefore::None)
    }
}

/// What kind of change a rule-setting commit made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeKind {
    /// The claim's first verdict rule.
    Declared,
    /// The judgment changed: the value judged, a threshold, or how they combine.
    Judgment,
    /// Only the rule's text changed (written out, or in full); value and thresholds stay.
    Wording,
}

impl ChangeKind {
    /// The kind in a word, as the docs write it.
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeKind::Declared => "declared",
            ChangeKind::Judgment => "judgment",
            ChangeKind::Wording => "wording",
        }
    }
}

/// One commit that set or changed a claim's verdict rule.
#[derive(Clone, Copy, Debug)]
pub struct RuleChange {
    /// Short commit hash (7–10 hex digits).
    pub commit: &'static str,
    /// Commit date, `YYYY-MM-DD` (UTC).
    pub date: &'static str,
    /// Declared, judgment or wording.
    pub kind: ChangeKind,
    /// What the commit set, in one line.
    pub change: &'static str,
    /// Whether data of the claim (on the numeric kernels, `results/`) existed before it.
    pub data_before: DataBefore,
    /// Whether data of the claim on the object-oriented program set (`results/oo/`,
    /// AWFY) existed before it.
    pub data_before_oo: DataBefore,
    /// Why the rule was set or changed, from the commit message; "no reason given in the
    /// commit" when it gives none.
    pub reason: &'static str,
}

/// A claim's rule history.
#[derive(Clone, Copy, Debug)]
pub struct ClaimHistory {
    /// `C1` … `C11`.
    pub claim: &'static str,
    /// The first commit with measured data of the claim on the numeric kernels.
    pub first_data: &'static str,
    /// The first commit with measured data of the claim on AWFY (`results/oo/`), or `None`
    /// when `make claims-oo` does not re-run the claim (C4 and C9: the oo report takes
    /// their verdicts from `results/`).
    pub first_data_oo: Option<&'static str>,
    /// FNV-1a 64 ([`fingerprint`]) of the text the claim's `rule()` returns now, set by the
    /// last row. A rule edited without a new row fails this module's test.
    pub rule_fingerprint: u64,
    /// The commits that set the rule, oldest first; the last set the current rule.
    pub rows: &'static [RuleChange],
}

/// The current rule of a claim: which commit set it and how the report may label it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleStatus {
    /// `C1` … `C11`.
    pub claim: &'static str,
    /// Short hash of the commit that set the current rule (text, thresholds and value).
    pub commit: &'static str,
    /// Its date, `YYYY-MM-DD`.
    pub date: &'static str,
    /// [`DECLARED_BEFORE_DATA`] or [`FIXED_BEFORE_RUN`].
    pub label: &'static str,
}

/// The commit of a rule change committed together with its row: a commit cannot name its
/// own hash, so the row says this until the next commit fills the hash in. Only a claim's
/// last row may carry it.
pub const THIS_COMMIT: &str = "this commit";

/// The row of 00d3691, which made hot compiles the headline of the counting claims (C1,
/// C5–C9); `data_before_oo` is whether the claim had AWFY data then.
const fn hot_compiles(data_before_oo: DataBefore) -> RuleChange {
    RuleChange {
        commit: "00d3691",
        date: "2026-12-05",
        kind: ChangeKind::Judgment,
        change: "the same value counted over hot compiles (default tiering) instead of --always-opt ones; --always-opt becomes a robustness alternative; thresholds unchanged",
        data_before: REFERENCE_RUN,
        data_before_oo,
        reason: "issue 35 item 1: V8's figures come from the functions its tiering found hot, with their feedback, so the headline compares like with like; set before any hot-compile count of the claim was measured (its --always-opt data existed)",
    }
}

/// The commit that added the first committed CSVs of every claim (the reference run).
const REFERENCE_RUN: DataBefore = DataBefore::Committed { first_data: "82af28c" };
/// The commit that added the first `results/oo/` CSVs (the claims on AWFY).
const OO_RUN: DataBefore = DataBefore::Committed { first_data: "7ec07d4" };

/// 1de670d wrote every claim's rule as text in `rule()`, the same judgment as before.
const RULE_TEXT_DECLARED: RuleChange = RuleChange {
    commit: "1de670d",
    date: "2026-12-02",
    kind: ChangeKind::Wording,
    change: "the rule written as text in rule() and printed by the report; same value and thresholds",
    data_before: REFERENCE_RUN,
    data_before_oo: DataBefore::None,
    reason: "issue 16: every claim declares its verdict rule and threats to validity, and the report prints both",
};

/// Every claim's rule history, C1 to C15 and Click.
pub static HISTORY: &[ClaimHistory] = &[
    ClaimHistory {
        claim: "C1",
        first_data: "82af28c",
        first_data_oo: Some("7ec07d4"),
        rule_fingerprint: 0x5636_7f0e_149a_2b75,
        rows: &[
            RuleChange {
                commit: "61aa677",
                date: "2026-11-29",
                kind: ChangeKind::Declared,
                change: "son's visits per change under the V8 driver, pooled over the corpus; 10–40 reproduced, 5–80 partly",
                data_before: DataBefore::None,
                data_before_oo: DataBefore::None,
                reason: "first rule",
            },
            RULE_TEXT_DECLARED,
            RuleChange {
                commit: "d28ca26",
                date: "2026-12-02",
                kind: ChangeKind::Judgment,
                change: "value becomes visits per graph change (state changes excluded), geometric mean of per-kernel ratios over bench_*.js; thresholds unchanged",
                data_before: DataBefore::Trial {
                    evidence: "d28ca26's message quotes a trial run: son/v8 one graph change per 10.32 visits -> reproduced (old count 1.62); C1's CSV committed since 82af28c",
                },
                data_before_oo: DataBefore::None,
                reason: "one definition of a visit, a graph change and a state change for son and cfg (the old count took state-only answers as changes); V8 beside us",
            },
            hot_compiles(OO_RUN),
        ],
    },
    ClaimHistory {
        claim: "C2",
        first_data: "82af28c",
        first_data_oo: Some("7ec07d4"),
        rule_fingerprint: 0xf260_6935_8a8d_5a21,
        rows: &[
            RuleChange {
                commit: "61aa677",
                date: "2026-11-29",
                kind: ChangeKind::Declared,
                change: "son/cfg D1 misses summed over the mid-end phases; ≥ 2× reproduced, ≥ 1.25× or a phase kind ≥ 2× partly",
                data_before: DataBefore::None,
                data_before_oo: DataBefore::None,
                reason: "first rule",
            },
            RULE_TEXT_DECLARED,
            RuleChange {
                commit: "104d841",
                date: "2026-12-02",
                kind: ChangeKind::Judgment,
                change: "value becomes the geometric mean over the 20 bench_*.js kernels of per-program son/cfg D1 misses over the IR-specific phases (representation left out), in instrumentation windows; thresholds unchanged",
                data_before: DataBefore::Trial {
                    evidence: "104d841's message quotes a check on bench_crc32 (IR-specific D1 misses son/cfg -0.9% with windows); C2's CSV committed since 82af28c",
                },
                data_before_oo: DataBefore::None,
                reason: "instrumentation windows simulate only compiler phases (~42 s a run instead of ~404 s), so every kernel is measured and the headline is per program; representation is the shared LIR phase, left out of the IR-specific totals",
            },
        ],
    },
    ClaimHistory {
        claim: "C3",
        first_data: "82af28c",
        first_data_oo: Some("7ec07d4"),
        rule_fingerprint: 0x4564_e54d_4980_4b91,
        rows: &[
            RuleChange {
                commit: "61aa677",
                date: "2026-11-29",
                kind: ChangeKind::Declared,
                change: "cfg/son mid-end compile time, geometric mean over the kernels; ≤ 0.6 reproduced, < 0.9 partly",
                data_before: DataBefore::None,
                data_before_oo: DataBefore::None,
                reason: "first rule",
            },
            RULE_TEXT_DECLARED,
            RuleChange {
                commit: "bd24265",
                date: "2026-12-02",
                kind: ChangeKind::Wording,
                change: "rule text in full (phases counted, median over repetitions, --always-opt on the LIR evaluator, bench_*.js); same thresholds",
                data_before: REFERENCE_RUN,
                data_before_oo: DataBefore::None,
                reason: "rules declared in full (value, direction, thresholds)",
            },
        ],
    },
    ClaimHistory {
        claim: "C4",
        first_data: "82af28c",
        first_data_oo: None,
        rule_fingerprint: 0x3785_c463_0a59_1c0b,
        rows: &[
            RuleChange {
                commit: "61aa677",
                date: "2026-11-29",
                kind: ChangeKind::Declared,
                change: "son/cfg load-elimination time at the largest size ≥ 10× and time slope gap > 0.2 (N ≥ 1000) reproduced; > 1.5× or a worse slope partly",
                data_before: DataBefore::None,
                data_before_oo: DataBefore::None,
                reason: "first rule",
            },
            RULE_TEXT_DECLARED,
            RuleChange {
                commit: "5477a6f",
                date: "2026-12-02",
                kind: ChangeKind::Judgment,
                change: "reproduced also needs cfg's peak-memory slope at most 0.2 above son's",
                data_before: DataBefore::Committed { first_data: "82af28c" },
                data_before_oo: DataBefore::None,
                reason: "peak memory enters the rule: cfg's speed not bought with worse space scaling (issue 16 items 7, 8); le_peak_bytes was in the committed CSV since 224ce03",
            },
            RuleChange {
                commit: "1668cd7",
                date: "2026-12-02",
                kind: ChangeKind::Judgment,
                change: "memory judged as son/cfg peak live bytes at the largest size > 1×: part of reproduced, and alone partly (replaces the memory-slope condition)",
                data_before: DataBefore::Committed { first_data: "82af28c" },
                data_before_oo: DataBefore::None,
                reason: "judge memory as the published claim states it (cfg 'using way less memory')",
            },
        ],
    },
    ClaimHistory {
        claim: "C5",
        first_data: "82af28c",
        first_data_oo: Some("7ec07d4"),
        rule_fingerprint: 0xe030_bc8d_db60_7af3,
        rows: &[
            RuleChange {
                commit: "61aa677",
                date: "2026-11-29",
                kind: ChangeKind::Declared,
                change: "nodes split and run time ≤ 0.97× on/off with half the kernels faster, or fewer loads executed: reproduced; nodes split only: partly",
                data_before: DataBefore::None,
                data_before_oo: DataBefore::None,
                reason: "first rule",
            },
            RULE_TEXT_DECLARED,
            RuleChange {
                commit: "610fb9d",
                date: "2026-12-02",
                kind: ChangeKind::Judgment,
                change: "value becomes pure LIR instructions executed split=on/off, geometric mean over kernels with a split node; ≤ 0.99× reproduced, ≤ 1× partly; run time not judged",
                data_before: DataBefore::Trial {
                    evidence: "610fb9d's message quotes the trial: 137 nodes split in 10 programs, ratio 0.99998x over 8 kernels -> partly; C5's CSV committed since 82af28c",
                },
                data_before_oo: DataBefore::None,
                reason: "no reason given in the commit for the new value; it says loads and checks cannot change (only pure nodes are split) and run time is secondary",
            },
            hot_compiles(OO_RUN),
        ],
    },
    ClaimHistory {
        claim: "C6",
        first_data: "82af28c",
        first_data_oo: Some("7ec07d4"),
        rule_fingerprint: 0xfa6e_2ff2_74df_961c,
        rows: &[
            RuleChange {
                commit: "61aa677",
                date: "2026-11-29",
                kind: ChangeKind::Declared,
                change: "cfg leaves fewer overflow checks than son and no more exits (corpus sums): reproduced; fewer checks or exits, or fewer on some program: partly",
                data_before: DataBefore::None,
                data_before_oo: DataBefore::None,
                reason: "first rule",
            },
            RULE_TEXT_DECLARED,
            RuleChange {
                commit: "610fb9d",
                date: "2026-12-02",
                kind: ChangeKind::Judgment,
                change: "value becomes a branch-elim ablation: per side, geometric mean over kernels of (checks with + 1)/(checks without + 1); cfg ≤ 0.95× and son/cfg ≥ 1.05× reproduced, cfg < 1× partly",
                data_before: DataBefore::Committed { first_data: "82af28c" },
                data_before_oo: DataBefore::None,
                reason: "no reason given in the commit",
            },
            hot_compiles(OO_RUN),
        ],
    },
    ClaimHistory {
        claim: "C7",
        first_data: "82af28c",
        first_data_oo: Some("7ec07d4"),
        rule_fingerprint: 0xb07c_fdc2_0581_8146,
        rows: &[
            RuleChange {
                commit: "61aa677",
                date: "2026-11-29",
                kind: ChangeKind::Declared,
                change: "share of son's live nodes with an effect or control input, over all phases; ≥ 50% reproduced, ≥ 30% partly",
                data_before: DataBefore::None,
                data_before_oo: DataBefore::None,
                reason: "first rule",
            },
            RULE_TEXT_DECLARED,
            RuleChange {
                commit: "610fb9d",
                date: "2026-12-02",
                kind: ChangeKind::Judgment,
                change: "share counted on son's final graph before schedule, pooled over the bench_*.js kernels; thresholds unchanged",
                data_before: DataBefore::Committed { first_data: "82af28c" },
                data_before_oo: DataBefore::None,
                reason: "no reason given in the commit (its threats text says the graph the scheduler receives is where the claim's picture applies)",
            },
            hot_compiles(OO_RUN),
        ],
    },
    ClaimHistory {
        claim: "C8",
        first_data: "82af28c",
        first_data_oo: Some("7ec07d4"),
        rule_fingerprint: 0x5bdf_9764_5e75_6b4e,
        rows: &[
            RuleChange {
                commit: "61aa677",
                date: "2026-11-29",
                kind: ChangeKind::Declared,
                change: "son/cfg mean allocation-order distance of schedule neighbours; ≥ 1.5× reproduced, > 1.1× partly",
                data_before: DataBefore::None,
                data_before_oo: DataBefore::None,
                reason: "first rule",
            },
            RULE_TEXT_DECLARED,
            RuleChange {
                commit: "08e1780",
                date: "2026-12-02",
                kind: ChangeKind::Wording,
                change: "rule text in full (LIR order, pooled over every final phase of every corpus program); same thresholds",
                data_before: REFERENCE_RUN,
                data_before_oo: DataBefore::None,
                reason: "rule and threats written in full",
            },
            RuleChange {
                commit: "bc703ac",
                date: "2026-12-05",
                kind: ChangeKind::Judgment,
                change: "son's drift: per-kernel geometric mean of the mean value-input distance in son's graph before scheduling over the same right after building; same thresholds (≥ 1.5× reproduced, > 1.1× partly); schedule neighbours son/cfg become an alternative in the robustness table",
                data_before: REFERENCE_RUN,
                data_before_oo: OO_RUN,
                reason: "issue 35: the former figure compared son with an arm that copies its graph in every phase and so cannot drift (about 1 by construction); drift judges son against its own graph, the quantity 'as phases replace nodes' names. Written before any drift data existed (the counters are new in this commit)",
            },
            hot_compiles(OO_RUN),
        ],
    },
    ClaimHistory {
        claim: "C9",
        first_data: "82af28c",
        first_data_oo: None,
        rule_fingerprint: 0xb0da_2ab7_2fd9_77db,
        rows: &[
            RuleChange {
                commit: "61aa677",
                date: "2026-11-29",
                kind: ChangeKind::Declared,
                change: "loads replaced type-based vs offset-only per pipeline over the corpus; ≥ 5% more on both reproduced, more on either partly",
                data_before: DataBefore::None,
                data_before_oo: DataBefore::None,
                reason: "first rule",
            },
            RULE_TEXT_DECLARED,
            RuleChange {
                commit: "5477a6f",
                date: "2026-12-02",
                kind: ChangeKind::Judgment,
                change: "value becomes the geometric mean over four new alias_*.js programs of per-program type/offset loads replaced; ≥ 1.1× on both reproduced, on one partly",
                data_before: DataBefore::Committed { first_data: "82af28c" },
                data_before_oo: DataBefore::None,
                reason: "issue 16 items 7, 8; the message says the rule was declared before measuring the alias programs, which the same commit adds (C9's corpus-wide CSV existed)",
            },
            hot_compiles(DataBefore::None),
        ],
    },
    ClaimHistory {
        claim: "C10",
        first_data: "82af28c",
        first_data_oo: Some("7ec07d4"),
        rule_fingerprint: 0x5791_1efd_7571_3c6f,
        rows: &[
            RuleChange {
                commit: "61aa677",
                date: "2026-11-29",
                kind: ChangeKind::Declared,
                change: "LLVM's share of compile time at --llvm ftl, median over kernels; ≥ 80% reproduced, ≥ 50% partly",
                data_before: DataBefore::None,
                data_before_oo: DataBefore::None,
                reason: "first rule",
            },
            RULE_TEXT_DECLARED,
            RuleChange {
                commit: "5477a6f",
                date: "2026-12-02",
                kind: ChangeKind::Wording,
                change: "rule text in full (LLVM / (LLVM + mid-end) per kernel, median over both pipelines); thresholds unchanged, B3's ~5× context only",
                data_before: REFERENCE_RUN,
                data_before_oo: DataBefore::None,
                reason: "the verdict judges only the measured share at --llvm ftl, thresholds unchanged; B3's ~5x is context only (issue 16 items 7, 8)",
            },
            RuleChange {
                commit: "1045c13",
                date: "2026-12-02",
                kind: ChangeKind::Wording,
                change: "rule text names both bounds",
                data_before: REFERENCE_RUN,
                data_before_oo: DataBefore::None,
                reason: "rule text names both bounds",
            },
            RuleChange {
                commit: "871ff0d",
                date: "2026-12-03",
                kind: ChangeKind::Judgment,
                change: "adds a second value, LLVM ftl / Cranelift backend time (geometric mean): share ≥ 80% and speed-up ≥ 2.5× reproduced, either (≥ 50%, ≥ 1.5×) partly; without Cranelift at most partly",
                data_before: DataBefore::Trial {
                    evidence: "56add3c's message quotes an uncommitted Cranelift run (~9x faster than ftl); 871ff0d computes the new verdict on the committed CSV of 46b4ed4: share 95.8%, speed-up 9.70x, reproduced",
                },
                data_before_oo: OO_RUN,
                reason: "C10 judges B3's ~5× against Cranelift, a backend built for compile speed, now that one is built; 2.5× is at least half of B3's published ~5×",
            },
        ],
    },
    ClaimHistory {
        claim: "C11",
        first_data: "a4498d0",
        first_data_oo: Some("b5f0422"),
        rule_fingerprint: 0x05d2_a78c_09bc_b547,
        rows: &[
            RuleChange {
                commit: "61aa677",
                date: "2026-11-29",
                kind: ChangeKind::Declared,
                change: "both pipelines' geometric-mean speedup over the interpreter ≥ 2× reproduced; faster than the interpreter, or some kernel at 2×, partly",
                data_before: DataBefore::Committed { first_data: "a4498d0" },
                data_before_oo: DataBefore::None,
                reason: "no reason given in the commit (results/tiers.csv of a4498d0 had son/llvm 1.15x, cfg/llvm 1.13x over the interpreter; 77912a8 calls the tiers experiment 'an early view of claim C11')",
            },
            RULE_TEXT_DECLARED,
            RuleChange {
                commit: "bd24265",
                date: "2026-12-02",
                kind: ChangeKind::Wording,
                change: "rule text in full (LLVM ftl, default tiering, bench_*.js, median whole-process time); same thresholds",
                data_before: REFERENCE_RUN,
                data_before_oo: DataBefore::None,
                reason: "rules declared in full (value, direction, thresholds)",
            },
        ],
    },
    ClaimHistory {
        claim: "C12",
        first_data: "9ea4999",
        first_data_oo: Some("ffea657"),
        rule_fingerprint: 0x7ae7_678e_64fe_3bb7,
        rows: &[RuleChange {
            commit: "7b57258",
            date: "2026-12-05",
            kind: ChangeKind::Declared,
            change: "cfg/son pure LIR instructions executed, default specs, geometric mean over bench_*.js (hot compiles); ≥ 1.05× reproduced, ≥ 1.01× partly; the CFG with licm and pooled counts as robustness alternatives",
            data_before: DataBefore::Trial {
                evidence: "9ea4999 (the licm merge) quotes per-kernel pure instructions executed with --always-opt: son 1357M, cfg 1555M, cfg+licm 1364M over the 20 kernels",
            },
            data_before_oo: DataBefore::None,
            reason: "first rule (issue 36 item 1), set after the licm helper's --always-opt trial figures were seen and before any hot-compile run of the claim",
        }],
    },
    ClaimHistory {
        claim: "C13",
        // a05ec77's message quotes the first runs (numeric and AWFY); results/ holds none yet.
        first_data: "a05ec77",
        first_data_oo: Some("a05ec77"),
        rule_fingerprint: 0x9a34_ff09_aeb6_cfef,
        rows: &[RuleChange {
            commit: "3da4ab3",
            date: "2026-12-05",
            kind: ChangeKind::Declared,
            change: "son/cfg dead share left at phase ends (dead over live summed over the graph phases of all compilations, +0.001 each), default specs, geometric mean over bench_*.js (hot compiles); ≥ 2× reproduced, ≥ 1.2× partly; pooled, control-dead only and per compilation as robustness alternatives",
            data_before: DataBefore::None,
            data_before_oo: DataBefore::None,
            reason: "first rule (issue C13), committed with the counters and before any corpus run of them; only hand-built graphs of the counters' unit tests had been counted",
        }],
    },
    ClaimHistory {
        claim: "C14",
        first_data: "88c82cc",
        first_data_oo: Some("95c6a5d"),
        rule_fingerprint: 0x536e_1c86_0d36_c212,
        rows: &[RuleChange {
            commit: "0109a0e",
            date: "2026-12-05",
            kind: ChangeKind::Declared,
            change: "son/cfg loop-finding visits per compilation (loop_find_visits over every phase row / compiles), default specs plus peel after the typer, geometric mean over bench_*.js (hot compiles); ≥ 2× reproduced, ≥ 1.2× partly; kernels pooled and the visits without son's scheduler as robustness alternatives",
            data_before: DataBefore::None,
            data_before_oo: DataBefore::None,
            reason: "first rule (claim C14), committed with the counters and before any run of the claim or any loop_find_visits figure was seen",
        }],
    },
    ClaimHistory {
        claim: "C15",
        first_data: "1aafae8",
        first_data_oo: Some("95c6a5d"),
        rule_fingerprint: 0x6138_0822_75bd_009b,
        rows: &[RuleChange {
            commit: "4fc8f08",
            date: "2026-12-05",
            kind: ChangeKind::Declared,
            change: "cfg/son Rust tokens per pass pair (PASS_PAIRS), geometric mean over the pairs; ≤ 0.8× reproduced, ≤ 0.95× partly; lines, pooled tokens and whole crates as robustness alternatives",
            data_before: DataBefore::None,
            data_before_oo: DataBefore::None,
            reason: "first rule (issue 36 item 5), committed before any count; its author had seen raw `wc -l` of the crates (tests and comments included), as the threats say",
        }],
    },
    ClaimHistory {
        claim: "C16",
        first_data: "1d68b4b",
        first_data_oo: Some("95c6a5d"),
        rule_fingerprint: 0x8042_1913_a326_61b6,
        rows: &[
            RuleChange {
                commit: "4b4c5c0",
                date: "2026-12-05",
                kind: ChangeKind::Declared,
                change: "son/cfg control-flow lowering visits per introduced block (cf_lower_visits / blocks_introduced), default specs, geometric mean over the corpus programs where both sides introduce blocks (hot compiles); ≥ 2× reproduced, ≥ 1.2× partly; son scheduling once (cf_lower_visits_once) and pooled counts as robustness alternatives",
                data_before: DataBefore::None,
                data_before_oo: DataBefore::None,
                reason: "first rule (claim C16), committed before any run of the claim or of its counters on the corpus; its author knew from the sources that son reschedules once per diamond and that no numeric kernel calls Math.max/min (grep of the corpus), no figure",
            },
            RuleChange {
                commit: "1d68b4b",
                date: "2026-12-05",
                kind: ChangeKind::Judgment,
                change: "the same value and thresholds; son run with schedule(batch=on) (son::BATCH_SPEC, the late lowering that schedules once, now implemented) joins the robustness alternatives as the measured equal-arms control, beside the estimate cf_lower_visits_once",
                data_before: DataBefore::None,
                data_before_oo: DataBefore::None,
                reason: "the brief's equal-arms item: the control is measured, not only estimated; set while the first run under 4b4c5c0 was under way, which was stopped before any figure of it was read and its output deleted",
            },
        ],
    },
    ClaimHistory {
        claim: "Click",
        first_data: "ea847f8",
        first_data_oo: Some("95c6a5d"),
        rule_fingerprint: 0x3d9c_0135_09d1_fcbe,
        rows: &[RuleChange {
            commit: "f8c8724",
            date: "2026-12-05",
            kind: ChangeKind::Declared,
            change: "(one-chain spine − alias-class spine) / one-chain chain nodes in son's final graph before scheduling, kernels pooled (hot compiles); ≥ 50% reproduced, ≥ 20% partly; per-kernel geometric mean, every program, loads off the spine, share of the spine and the phase placed first as robustness alternatives",
            data_before: DataBefore::Trial {
                evidence: "ea847f8 and the wt-alias merge 7ccc0a8 quote an --always-opt trial on the 20 kernels: one chain 19577 chain / 17519 spine nodes, ALIAS_CLASS_SPEC 15784 spine nodes, 1702 loads off the spine (8.7% of the chain nodes), 91 floated; loads replaced 881 both, 31 placed first",
            },
            data_before_oo: DataBefore::None,
            reason: "first rule (issue 36 item 2: Click's remedy reported against one effect chain), set after the alias-class helper's --always-opt trial figures were seen and before any run of the claim (hot compiles included)",
        }],
    },
];

/// FNV-1a, 64 bits, of `text`'s UTF-8 bytes: the fingerprint of a rule's text.
pub fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The rule history of `claim_id` (`C1` … `C11`, any case), or `None` for another id.
pub fn history(claim_id: &str) -> Option<&'static ClaimHistory> {
    HISTORY.iter().find(|h| h.claim.eq_ignore_ascii_case(claim_id))
}

/// The current rule of `claim_id` on the numeric kernels (`results/REPORT.md`): the commit
/// that set it, labelled [`DECLARED_BEFORE_DATA`] only when no measured data of the claim
/// existed then, else [`FIXED_BEFORE_RUN`]. `None` for an unknown claim id.
pub fn status(claim_id: &str) -> Option<RuleStatus> {
    let h = history(claim_id)?;
    let last = h.rows.last()?;
    Some(label(h, last, last.data_before))
}

/// The current rule of `claim_id` as the object-oriented report (`results/oo/REPORT.md`,
/// AWFY) applies it: labelled by whether AWFY data of the claim existed when the rule was
/// set (the rule may still have been set after data on the numeric kernels; [`status`] says
/// that). C4 and C9 are not re-run there, so their status is [`status`]'s.
pub fn status_oo(claim_id: &str) -> Option<RuleStatus> {
    let h = history(claim_id)?;
    let last = h.rows.last()?;
    if h.first_data_oo.is_none() {
        return status(claim_id);
    }
    Some(label(h, last, last.data_before_oo))
}

/// The rows of `claim_id` set when measured data of the claim on the numeric kernels
/// already existed, oldest first: the report's "rule changes" (each with its reason; a
/// first declaration made after data, as C11's, is one too). Empty for an unknown id.
pub fn changes(claim_id: &str) -> Vec<&'static RuleChange> {
    history(claim_id).map_or_else(Vec::new, |h| h.rows.iter().filter(|r| r.data_before.existed()).collect())
}

/// As [`changes`], for the object-oriented report: rows set after AWFY data of the claim
/// existed ([`changes`] for C4 and C9, which that report does not re-run).
pub fn changes_oo(claim_id: &str) -> Vec<&'static RuleChange> {
    match history(claim_id) {
        Some(h) if h.first_data_oo.is_some() => h.rows.iter().filter(|r| r.data_before_oo.existed()).collect(),
        Some(_) => changes(claim_id),
        None => Vec::new(),
    }
}

/// The status of `last`, the row that set `h`'s current rule, given the data before it.
fn label(h: &ClaimHistory, last: &RuleChange, data: DataBefore) -> RuleStatus {
    RuleStatus {
        claim: h.claim,
        commit: last.commit,
        date: last.date,
        label: if data.existed() { FIXED_BEFORE_RUN } else { DECLARED_BEFORE_DATA },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CLAIMS;

    fn is_short_hash(s: &str) -> bool {
        (7..=10).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
    }

    fn is_date(s: &str) -> bool {
        let b = s.as_bytes();
        b.len() == 10 && b[4] == b'-' && b[7] == b'-' && s.bytes().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
    }

    #[test]
    fn every_rule_matches_its_recorded_fingerprint() {
        let mut stale = Vec::new();
        for claim in CLAIMS {
            let h = history(claim.id).unwrap_or_else(|| panic!("{}: no rule history", claim.id));
            let now = fingerprint(&(claim.rule)());
            if now != h.rule_fingerprint {
                stale.push(format!("{}: rule_fingerprint 0x{now:016x} (recorded 0x{:016x})", claim.id, h.rule_fingerprint));
            }
        }
        assert!(
            stale.is_empty(),
            "a claim's rule() text changed without a row in claims/rule_history.rs. In the same commit, add a RuleChange \
             row with commit THIS_COMMIT (date, what changed, whether data of the claim existed before it, and the reason) \
             and set its claim's rule_fingerprint to the value below; the next commit replaces THIS_COMMIT with the hash:\n{}",
            stale.join("\n")
        );
    }

    #[test]
    fn every_claim_has_rows_with_well_formed_hashes_and_dates() {
        let ids: Vec<&str> = HISTORY.iter().map(|h| h.claim).collect();
        let want: Vec<String> = (1..=16).map(|i| format!("C{i}")).chain(["Click".to_string()]).collect();
        assert_eq!(ids, want, "one history per claim, in order");
        assert_eq!(CLAIMS.len(), HISTORY.len());
        for h in HISTORY {
            assert!(!h.rows.is_empty(), "{}: no rows", h.claim);
            assert!(is_short_hash(h.first_data), "{}: first_data {}", h.claim, h.first_data);
            assert!(h.first_data_oo.is_none_or(is_short_hash), "{}: first_data_oo", h.claim);
            assert_eq!(h.rows[0].kind, ChangeKind::Declared, "{}: the first row declares the rule", h.claim);
            assert!(h.rows[1..].iter().all(|r| r.kind != ChangeKind::Declared), "{}: one declaration", h.claim);
            let last = h.rows.len() - 1;
            for (i, r) in h.rows.iter().enumerate() {
                assert!(is_short_hash(r.commit) || (i == last && r.commit == THIS_COMMIT), "{}: commit {:?} is not 7-10 lowercase hex", h.claim, r.commit);
                assert!(is_date(r.date), "{} {}: date {:?}", h.claim, r.commit, r.date);
                assert!(!r.change.is_empty() && !r.reason.is_empty(), "{} {}: change and reason", h.claim, r.commit);
                if let DataBefore::Committed { first_data } = r.data_before {
                    assert!(is_short_hash(first_data), "{} {}: first_data {first_data:?}", h.claim, r.commit);
                }
                if let DataBefore::Trial { evidence } = r.data_before {
                    assert!(!evidence.is_empty(), "{} {}: evidence", h.claim, r.commit);
                }
            }
            assert!(h.rows.windows(2).all(|w| w[0].date <= w[1].date), "{}: rows in date order", h.claim);
            // Once data existed it cannot stop existing.
            let first = h.rows.iter().position(|r| r.data_before.existed()).unwrap_or(h.rows.len());
            assert!(h.rows[first..].iter().all(|r| r.data_before.existed()), "{}: data before, then none", h.claim);
        }
    }

    #[test]
    fn labels_follow_the_data() {
        for h in HISTORY {
            let s = status(h.claim).unwrap();
            let last = h.rows.last().unwrap();
            assert_eq!((s.commit, s.date), (last.commit, last.date));
            assert_eq!(s.label == DECLARED_BEFORE_DATA, !last.data_before.existed(), "{}", h.claim);
            let changed = changes(h.claim);
            assert!(changed.iter().all(|r| r.data_before.existed()));
            assert!(status_oo(h.claim).is_some());
        }
        // What git shows: every current rule of C1-C11 was set after the reference run's CSVs;
        // C13's, C14's, C15's and C16's were committed before any count of them.
        assert!(HISTORY.iter().filter(|h| !matches!(h.claim, "C13" | "C14" | "C15" | "C16")).all(|h| status(h.claim).unwrap().label == FIXED_BEFORE_RUN));
        assert_eq!(status("C13").unwrap().label, DECLARED_BEFORE_DATA, "C13's rule came with its counters, before any corpus run");
        assert_eq!(status("C14").unwrap().label, DECLARED_BEFORE_DATA, "C14's rule came before any run of it");
        assert_eq!(status("C12").unwrap().label, FIXED_BEFORE_RUN, "C12's rule came after the licm trial figures");
        assert_eq!(status("C15").unwrap().label, DECLARED_BEFORE_DATA);
        assert_eq!(status("C16").unwrap().label, DECLARED_BEFORE_DATA, "C16's rule came before any run of it");
        assert_eq!(status("C16").unwrap().commit, "1d68b4b");
        assert_eq!(status("c10").unwrap().commit, "871ff0d");
        assert_eq!(status_oo("C10").unwrap().label, FIXED_BEFORE_RUN, "871ff0d came after results/oo's first run");
        let c1 = history("C1").unwrap();
        assert!(c1.rows.iter().any(|r| r.commit == "d28ca26" && !r.data_before_oo.existed()), "d28ca26 came before any AWFY data");
        assert_eq!(status_oo("C1").unwrap().label, FIXED_BEFORE_RUN, "the hot-compile rule came after results/oo's first run");
        assert_eq!(status_oo("C4"), status("C4"), "C4 is not re-run on AWFY");
        assert!(changes("C11").iter().any(|r| r.kind == ChangeKind::Declared), "C11's first rule came after tiers.csv");
        assert!(status("C99").is_none() && changes("C99").is_empty());
    }

    #[test]
    fn fingerprint_is_fnv1a_64() {
        assert_eq!(fingerprint(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fingerprint("a"), 0xaf63_dc4c_8601_ec8c);
    }
}
