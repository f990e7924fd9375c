//! One claim of `CLAIMS.md` as the registry holds it ([`Claim`]) and the side of the public
//! debate it tests ([`Side`]).

use std::path::Path;

use crate::finding::Finding;
use crate::table::{Csv, Table};
use crate::tiering::{self, Tiering};
use crate::Ctx;

/// One claim of `CLAIMS.md`, defined once: what it says, what it writes, how it is measured
/// and how the report judges it.
pub struct Claim {
    /// `C1` … `C11`.
    pub id: &'static str,
    /// Which side of the public debate the claim tests.
    pub side: Side,
    /// The claim in a few words.
    pub title: &'static str,
    /// The published figure.
    pub published: &'static str,
    /// The CSV files (under the results directory) its experiment writes, with their columns.
    pub csvs: &'static [Csv],
    /// Runs the experiment and writes the CSVs.
    pub run: fn(&Ctx) -> Result<(), String>,
    /// The claim's report section, with the verdict by the claim's rule, from its first CSV
    /// (loaded and checked against its definition; for a counting claim only the rows of one
    /// [`tiering::Tiering`]) and the results directory it is in (for figures and any further
    /// CSV, whose rows the function selects with [`tiering::Tiering::of`] the table).
    pub report: fn(&Path, &Table) -> Finding,
    /// The verdict rule (its history: [`rule_history`]): which value is judged, in which direction,
    /// against which thresholds (the report prints it in the claim's section).
    pub rule: fn() -> String,
    /// Threats to validity: what could make the figure wrong (program set, machine noise,
    /// counter backend, a side's missing optimization).
    pub threats: &'static str,
}

impl Claim {
    /// The claim's report section from the CSVs in `dir`, or "no data" when its first CSV is
    /// missing, lacks columns of its definition or has no rows. A counting claim (its CSV has
    /// a [`tiering::COLUMN`]) is judged on its hot compiles, and its verdict on the
    /// `--always-opt` rows joins the robustness table as an alternative.
    pub fn finding(&self, dir: &Path) -> Finding {
        let Some(csv) = self.csvs.first() else {
            return Finding::no_data(self, "the claim defines no CSV");
        };
        let table = match crate::finding::load(dir, csv) {
            Ok(table) => table,
            Err(e) => return Finding::no_data(self, e),
        };
        if table.column(tiering::COLUMN).is_none() {
            return (self.report)(dir, &table);
        }
        let hot = (self.report)(dir, &Tiering::Hot.rows_of(&table));
        if !Tiering::AlwaysOpt.named_in(&table) {
            return hot;
        }
        let always = (self.report)(dir, &Tiering::AlwaysOpt.rows_of(&table));
        hot.with_alternative_finding(Tiering::AlwaysOpt.alternative(), &always)
    }
}

/// Which side of the public debate a claim comes from; the report groups the claims by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// V8's case for leaving the sea of nodes (its 2025 post): what a CFG IR does better.
    CfgCase,
    /// What the sea of nodes was adopted for (TurboFan's design: more code motion, better
    /// redundancy elimination).
    SonCase,
    /// Cliff Click's answer to V8: remedies within the sea of nodes (alias-class memory).
    ClickRemedy,
}

impl Side {
    /// Every side, in the report's order.
    pub const ALL: [Side; 3] = [Side::CfgCase, Side::SonCase, Side::ClickRemedy];

    /// The side's heading in the report.
    pub fn title(self) -> &'static str {
        match self {
            Side::CfgCase => "V8's case for the CFG",
            Side::SonCase => "The case for the sea of nodes",
            Side::ClickRemedy => "Click's remedies",
        }
    }

    /// Where the side's claims come from, in a sentence.
    pub fn source(self) -> &'static str {
        match self {
            Side::CfgCase => "V8's 2025 post on leaving the sea of nodes for Turboshaft, and the sources it cites",
            Side::SonCase => "what TurboFan's design promised of the sea of nodes: more code motion, better redundancy elimination",
            Side::ClickRemedy => "Cliff Click's reply (SeaOfNodes/Simple): alias-class memory instead of one effect chain",
        }
    }
}
