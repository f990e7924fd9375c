//! Verdicts and the rules that give them, shared by every claim.
//!
//! A claim's rule is data: the [`Bound`]s its figures must meet to be reproduced or partly
//! reproduced ([`Thresholds`] when one figure decides), which it turns into [`Conditions`];
//! [`Conditions::judge`] then picks the verdict (no data first, then reproduced, then partly,
//! else not reproduced) and the claim's reason for that verdict from its [`Reasons`].

/// A verdict on one claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Our figure agrees with the published one (by the claim's rule).
    Reproduced,
    /// Part of the claim holds.
    Partly,
    /// Our figure contradicts the claim.
    NotReproduced,
    /// Nothing to judge: the CSV is missing or the counters are not there yet.
    NoData,
    /// The headline figure gets a verdict (kept here), but a declared alternative gets another
    /// or its 95% interval straddles a threshold ([`super::robustness`]).
    Inconclusive(Headline),
}

/// The verdict the headline figure alone gets, which an inconclusive verdict keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Headline {
    /// Reproduced by the headline figure.
    Reproduced,
    /// Partly reproduced by it.
    Partly,
    /// Not reproduced by it.
    NotReproduced,
}

impl Verdict {
    /// The verdict as the report writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced",
            Verdict::Partly => "partly",
            Verdict::NotReproduced => "not reproduced",
            Verdict::NoData => "no data",
            Verdict::Inconclusive(_) => "inconclusive",
        }
    }

    /// The verdict of the headline figure alone: an inconclusive verdict's kept one, any
    /// other verdict itself.
    pub fn headline(self) -> Verdict {
        match self {
            Verdict::Inconclusive(Headline::Reproduced) => Verdict::Reproduced,
            Verdict::Inconclusive(Headline::Partly) => Verdict::Partly,
            Verdict::Inconclusive(Headline::NotReproduced) => Verdict::NotReproduced,
            v => v,
        }
    }
}

/// How a threshold is written in a rule's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A bare number (`0.6`).
    Plain,
    /// A factor (`2×`).
    Times,
    /// A fraction written as a percentage (`0.5` is `50%`).
    Percent,
}

impl Unit {
    /// `x` as a threshold in this unit: at most six decimals, without trailing zeros.
    pub fn format(self, x: f64) -> String {
        self.number(x) + self.suffix()
    }

    /// The number of [`Unit::format`] without its unit sign.
    fn number(self, x: f64) -> String {
        let value = if self == Unit::Percent { 100.0 * x } else { x };
        let s = format!("{value:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }

    /// The sign written after the number.
    fn suffix(self) -> &'static str {
        match self {
            Unit::Plain => "",
            Unit::Times => "×",
            Unit::Percent => "%",
        }
    }
}

/// A condition on one figure. A figure that is not a number (`NaN`) meets none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    /// `x ≥ bound`.
    AtLeast(f64),
    /// `x > bound`.
    Above(f64),
    /// `x ≤ bound`.
    AtMost(f64),
    /// `x < bound`.
    Below(f64),
    /// `low ≤ x ≤ high`.
    Within(f64, f64),
}

impl Bound {
    /// Whether `x` meets the bound.
    pub fn holds(self, x: f64) -> bool {
        match self {
            Bound::AtLeast(b) => x >= b,
            Bound::Above(b) => x > b,
            Bound::AtMost(b) => x <= b,
            Bound::Below(b) => x < b,
            Bound::Within(low, high) => (low..=high).contains(&x),
        }
    }

    /// The bound as a rule writes it (`≥ 2×`, `< 0.9`, `10–40`).
    pub fn text(self, unit: Unit) -> String {
        match self {
            Bound::AtLeast(b) => format!("≥ {}", unit.format(b)),
            Bound::Above(b) => format!("> {}", unit.format(b)),
            Bound::AtMost(b) => format!("≤ {}", unit.format(b)),
            Bound::Below(b) => format!("< {}", unit.format(b)),
            Bound::Within(low, high) => format!("{}–{}", unit.number(low), unit.format(high)),
        }
    }
}

/// The rule of a claim decided by one figure: the bound for "reproduced", the looser one
/// for "partly", and how both are written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    /// The figure reproduces the claim when it meets this bound.
    pub reproduced: Bound,
    /// Otherwise it reproduces part of it when it meets this one.
    pub partly: Bound,
    /// The unit the bounds are written in.
    pub unit: Unit,
}

impl Thresholds {
    /// The conditions `x` meets; a figure that is not finite means no data, for `no_data`.
    pub fn on(self, x: f64, no_data: &'static str) -> Conditions {
        Conditions {
            no_data: (!x.is_finite()).then_some(no_data),
            reproduced: self.reproduced.holds(x),
            partly: self.partly.holds(x),
        }
    }

    /// The verdict the rule gives the figure `x` alone (no data when it is not finite).
    pub fn verdict_of(self, x: f64) -> Verdict {
        self.on(x, "no data").verdict()
    }

    /// The rule as the reasons quote it: `rule: ≥ 50% reproduced, ≥ 30% partly`.
    pub fn text(self) -> String {
        format!("rule: {} reproduced, {} partly", self.reproduced.text(self.unit), self.partly.text(self.unit))
    }
}

/// What a claim's figures meet, in the order they are tested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conditions {
    /// Why there is nothing to judge, if there is not.
    pub no_data: Option<&'static str>,
    /// Whether the figures reproduce the claim.
    pub reproduced: bool,
    /// Whether they reproduce part of it (tested when they do not reproduce it).
    pub partly: bool,
}

impl Conditions {
    /// The verdict: no data, else reproduced, else partly, else not reproduced.
    pub fn verdict(self) -> Verdict {
        if self.no_data.is_some() {
            Verdict::NoData
        } else if self.reproduced {
            Verdict::Reproduced
        } else if self.partly {
            Verdict::Partly
        } else {
            Verdict::NotReproduced
        }
    }

    /// The verdict with the reason for it: the no-data reason, or the one of `reasons`.
    pub fn judge(self, reasons: Reasons) -> Judgement {
        let verdict = self.verdict();
        let reason = match verdict {
            Verdict::NoData => self.no_data.unwrap_or_default().to_string(),
            Verdict::Reproduced => reasons.reproduced,
            Verdict::Partly => reasons.partly,
            Verdict::NotReproduced | Verdict::Inconclusive(_) => reasons.not_reproduced,
        };
        Judgement { verdict, reason }
    }
}

/// What a claim says for each verdict its figures can get (with the numbers in it).
#[derive(Clone, Debug, Default)]
pub struct Reasons {
    /// The reason when the claim is reproduced.
    pub reproduced: String,
    /// The reason when part of it is.
    pub partly: String,
    /// The reason when it is not.
    pub not_reproduced: String,
}

/// A verdict and the reason given for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// The rule and the numbers it was applied to.
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reasons() -> Reasons {
        Reasons { reproduced: "r".into(), partly: "p".into(), not_reproduced: "n".into() }
    }

    #[test]
    fn bounds_hold_on_their_side_and_never_on_nan() {
        assert!(Bound::AtLeast(2.0).holds(2.0) && !Bound::AtLeast(2.0).holds(1.999));
        assert!(!Bound::Above(2.0).holds(2.0) && Bound::Above(2.0).holds(2.001));
        assert!(Bound::AtMost(0.6).holds(0.6) && !Bound::AtMost(0.6).holds(0.61));
        assert!(!Bound::Below(0.9).holds(0.9) && Bound::Below(0.9).holds(0.89));
        assert!(Bound::Within(10.0, 40.0).holds(10.0) && Bound::Within(10.0, 40.0).holds(40.0));
        assert!(!Bound::Within(10.0, 40.0).holds(9.9) && !Bound::Within(10.0, 40.0).holds(40.1));
        for b in [Bound::AtLeast(0.0), Bound::Above(0.0), Bound::AtMost(0.0), Bound::Below(0.0), Bound::Within(0.0, 1.0)] {
            assert!(!b.holds(f64::NAN), "{b:?} holds on NaN");
        }
    }

    #[test]
    fn rules_are_written_from_their_thresholds() {
        let percent = Thresholds { reproduced: Bound::AtLeast(0.5), partly: Bound::AtLeast(0.3), unit: Unit::Percent };
        assert_eq!(percent.text(), "rule: ≥ 50% reproduced, ≥ 30% partly");
        let plain = Thresholds { reproduced: Bound::AtMost(0.6), partly: Bound::Below(0.9), unit: Unit::Plain };
        assert_eq!(plain.text(), "rule: ≤ 0.6 reproduced, < 0.9 partly");
        let band = Thresholds { reproduced: Bound::Within(10.0, 40.0), partly: Bound::Within(5.0, 80.0), unit: Unit::Plain };
        assert_eq!(band.text(), "rule: 10–40 reproduced, 5–80 partly");
        assert_eq!(Bound::Above(1.1).text(Unit::Times), "> 1.1×");
        assert_eq!(Bound::Within(2.0, 12.0).text(Unit::Times), "2–12×");
        assert_eq!(Unit::Percent.format(0.8), "80%");
        assert_eq!(Unit::Plain.format(100.0), "100");
        assert_eq!(Unit::Times.format(1.25), "1.25×");
    }

    #[test]
    fn thresholds_grade_a_figure() {
        let rule = Thresholds { reproduced: Bound::AtLeast(1.5), partly: Bound::Above(1.1), unit: Unit::Times };
        assert_eq!(rule.on(1.5, "none").verdict(), Verdict::Reproduced);
        assert_eq!(rule.on(1.2, "none").verdict(), Verdict::Partly);
        assert_eq!(rule.on(1.1, "none").verdict(), Verdict::NotReproduced);
        assert_eq!(rule.on(f64::NAN, "none").verdict(), Verdict::NoData);
        // An infinite figure (a ratio over zero) is no data, though it meets the bound.
        assert_eq!(rule.on(f64::INFINITY, "none").verdict(), Verdict::NoData);
    }

    #[test]
    fn conditions_are_tested_in_order_and_pick_their_reason() {
        let all = Conditions { no_data: Some("empty"), reproduced: true, partly: true };
        assert_eq!(all.judge(reasons()), Judgement { verdict: Verdict::NoData, reason: "empty".into() });
        let both = Conditions { no_data: None, ..all };
        assert_eq!(both.judge(reasons()), Judgement { verdict: Verdict::Reproduced, reason: "r".into() });
        let partly = Conditions { reproduced: false, ..both };
        assert_eq!(partly.judge(reasons()), Judgement { verdict: Verdict::Partly, reason: "p".into() });
        let none = Conditions { partly: false, ..partly };
        assert_eq!(none.judge(reasons()), Judgement { verdict: Verdict::NotReproduced, reason: "n".into() });
    }
}
