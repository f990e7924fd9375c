//! What the counting claims compile: hot functions under default tiering (the headline) or
//! every function at its first call (`--always-opt`, the second row).
//!
//! V8's figures come from the functions its tiering found hot, compiled with the feedback
//! they had gathered by then. The counting claims (C1, C2, C5–C9) therefore run every
//! program twice through the same counter runs: with default tiering ([`Tiering::Hot`]: a
//! function is compiled after `--hot-calls` calls, a loop after `--osr-back-edges` back
//! edges; the LIR evaluator compiles on the interpreter's thread, so the runs stay
//! deterministic) and with `--always-opt` ([`Tiering::AlwaysOpt`]: every function at its
//! first call, cold code and thin feedback included). Their CSVs carry a [`COLUMN`]; the
//! report judges the rule on the hot rows and adds the verdict on the `--always-opt` rows as
//! an alternative of the robustness table ([`super::Claim::finding`]).

use super::table::Table;

/// The CSV column that says which tiering a row's runs used ([`Tiering::name`]).
pub const COLUMN: &str = "tiering";

/// The sentence every counting claim's rule ends with: which compiles it counts.
pub const RULE_SENTENCE: &str = "Counted over hot compiles (default tiering: the functions and loops it compiles, with the \
     feedback they have then); the same rule on the `--always-opt` compiles (every function at its first call) is a robustness \
     alternative";

/// How a counter run chooses the functions it compiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tiering {
    /// Default tiering: hot functions and hot loops, with the feedback they have then.
    Hot,
    /// `--always-opt`: every function at its first call.
    AlwaysOpt,
}

impl Tiering {
    /// Both, the headline first.
    pub const ALL: [Tiering; 2] = [Tiering::Hot, Tiering::AlwaysOpt];

    /// The value of [`COLUMN`]: `hot` or `always-opt`.
    pub fn name(self) -> &'static str {
        match self {
            Tiering::Hot => "hot",
            Tiering::AlwaysOpt => "always-opt",
        }
    }

    /// The `seabed run` flags that select it.
    pub fn flags(self) -> &'static [&'static str] {
        match self {
            Tiering::Hot => &[],
            Tiering::AlwaysOpt => &["--always-opt"],
        }
    }

    /// What a report's notes call the compiles of this tiering.
    pub fn compiles(self) -> &'static str {
        match self {
            Tiering::Hot => "hot compiles: default tiering, a function after 100 calls, a loop after 1,000 back edges",
            Tiering::AlwaysOpt => "`--always-opt` compiles: every function at its first call",
        }
    }

    /// The name of the robustness alternative a claim's verdict on these rows becomes.
    pub fn alternative(self) -> &'static str {
        match self {
            Tiering::Hot => "hot compiles (default tiering)",
            Tiering::AlwaysOpt => "`--always-opt` (every function compiled at its first call)",
        }
    }

    /// The tiering of `table`'s rows: [`Tiering::AlwaysOpt`] when a row says so, else
    /// [`Tiering::Hot`] (a table without the column, or whose rows leave it empty, is read
    /// as hot: the rule's own choice).
    pub fn of(table: &Table) -> Tiering {
        let always = table.column(COLUMN).is_some_and(|_| table.rows.iter().any(|r| table.get(r, COLUMN) == Tiering::AlwaysOpt.name()));
        if always {
            Tiering::AlwaysOpt
        } else {
            Tiering::Hot
        }
    }

    /// The rows of `table` that belong to this tiering: those naming it, and for
    /// [`Tiering::Hot`] also those that leave [`COLUMN`] empty. A table without the column is
    /// returned whole.
    pub fn rows_of(self, table: &Table) -> Table {
        if table.column(COLUMN).is_none() {
            return table.clone();
        }
        table.filtered(|r| {
            let v = table.get(r, COLUMN);
            v == self.name() || (self == Tiering::Hot && v.is_empty())
        })
    }

    /// Whether `table` has a row that names this tiering explicitly.
    pub fn named_in(self, table: &Table) -> bool {
        table.column(COLUMN).is_some() && table.rows.iter().any(|r| table.get(r, COLUMN) == self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(values: &[&str]) -> Table {
        let mut t = Table::with_context(&[COLUMN, "x"]);
        for (i, v) in values.iter().enumerate() {
            t.push(&Default::default(), "rev", "m", vec![v.to_string(), i.to_string()]);
        }
        t
    }

    #[test]
    fn rows_split_by_tiering_and_empty_reads_as_hot() {
        let t = table(&["hot", "always-opt", "", "always-opt"]);
        assert_eq!(Tiering::Hot.rows_of(&t).rows.len(), 2);
        assert_eq!(Tiering::AlwaysOpt.rows_of(&t).rows.len(), 2);
        assert_eq!(Tiering::of(&Tiering::AlwaysOpt.rows_of(&t)), Tiering::AlwaysOpt);
        assert_eq!(Tiering::of(&Tiering::Hot.rows_of(&t)), Tiering::Hot);
        assert!(Tiering::AlwaysOpt.named_in(&t));
        assert!(!Tiering::AlwaysOpt.named_in(&table(&["hot", ""])));
    }

    #[test]
    fn flags_select_the_tiering() {
        assert!(Tiering::Hot.flags().is_empty());
        assert_eq!(Tiering::AlwaysOpt.flags(), ["--always-opt"]);
    }
}
