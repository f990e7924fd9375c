//! Robustness of a verdict: the claim's rule applied to its figure under each declared
//! alternative, each figure with a 95% bootstrap interval over programs, and the verdict
//! **inconclusive** when they disagree.
//!
//! A claim's headline figure is one choice among several a reviewer would accept: the
//! geometric mean of per-program ratios or the ratio of sums (pooled), one phase or another,
//! one program set or another, one baseline or another. A verdict that holds under only one
//! of them is not a result. Each claim lists its alternatives ([`Alternative`]), computed from
//! the same CSVs, and a function that applies its rule to one value of its decisive figure
//! (the other figures of a two-figure rule held at their headline values). [`Robustness::judge`]
//! then keeps the headline verdict only if
//!
//! - every alternative with data gets the same verdict, and
//! - the headline's 95% interval lies on one side of every threshold (its two ends get the
//!   headline's verdict);
//!
//! otherwise the verdict is inconclusive and the reason names what flips it. Intervals come
//! from a percentile bootstrap over programs ([`bootstrap`]: 10,000 resamples with a fixed
//! seed, so the same data give the same interval).

use std::fmt::Write as _;

use super::verdict::{Judgement, Unit, Verdict};
use crate::finding::{num, Grid};

/// Resamples of the bootstrap.
pub const RESAMPLES: usize = 10_000;

/// A figure with its 95% interval over programs (none for a single program or a figure that
/// is not a statistic over programs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The figure.
    pub value: f64,
    /// The 95% percentile-bootstrap interval, if there is one.
    pub interval: Option<(f64, f64)>,
    /// The programs (or other units) it is computed over.
    pub n: usize,
}

impl Estimate {
    /// A figure with no interval, over `n` units.
    pub fn point(value: f64, n: usize) -> Estimate {
        Estimate { value, interval: None, n }
    }

    /// The statistic `stat` of `n` units (given the indices of the units it is over): its
    /// value over all of them and its bootstrap interval over resamples of them.
    pub fn resampled(n: usize, stat: impl Fn(&[usize]) -> f64) -> Estimate {
        if n == 0 {
            return Estimate::point(f64::NAN, 0);
        }
        let all: Vec<usize> = (0..n).collect();
        Estimate { value: stat(&all), interval: bootstrap(n, &stat), n }
    }

    /// The geometric mean of the positive finite `ratios`, with its bootstrap interval.
    pub fn geomean(ratios: &[f64]) -> Estimate {
        let logs: Vec<f64> = ratios.iter().copied().filter(|x| x.is_finite() && *x > 0.0).map(f64::ln).collect();
        let e = Estimate::resampled(logs.len(), |idx| (idx.iter().map(|&i| logs[i]).sum::<f64>() / idx.len() as f64).exp());
        Estimate { value: round12(e.value), ..e }
    }

    /// The ratio of sums Σ num / Σ den over programs (pooled), with its bootstrap interval
    /// (programs resampled, the ratio of the resample's sums).
    pub fn pooled(pairs: &[(f64, f64)]) -> Estimate {
        let pairs: Vec<(f64, f64)> = pairs.iter().copied().filter(|(a, b)| a.is_finite() && b.is_finite()).collect();
        Estimate::resampled(pairs.len(), |idx| {
            let (a, b) = idx.iter().fold((0.0, 0.0), |(a, b), &i| (a + pairs[i].0, b + pairs[i].1));
            if b > 0.0 {
                a / b
            } else {
                f64::NAN
            }
        })
    }

    /// The estimate as the robustness table writes it: `1.65× [1.49–1.83]`.
    pub fn text(&self, unit: Unit) -> String {
        let f = |x: f64| match unit {
            Unit::Percent => format!("{:.1}%", 100.0 * x),
            Unit::Times => format!("{}×", num(x)),
            Unit::Plain => num(x),
        };
        match self.interval {
            Some((lo, hi)) => format!("{} [{}–{}]", f(self.value), f(lo), f(hi)),
            None => f(self.value),
        }
    }
}

/// `x` to 12 significant digits: `exp(ln x)` is not exactly `x`, and a rule's boundary must
/// hold for a figure exactly at it (the geometric mean of one ratio of 1.5 is 1.5).
fn round12(x: f64) -> f64 {
    format!("{x:.11e}").parse().unwrap_or(x)
}

/// The 95% percentile-bootstrap interval of `stat` over `n` units: [`RESAMPLES`] resamples
/// of the units with replacement from a SplitMix64 generator with a fixed seed. `None` when
/// there are fewer than two units.
pub fn bootstrap(n: usize, stat: impl Fn(&[usize]) -> f64) -> Option<(f64, f64)> {
    if n < 2 {
        return None;
    }
    let mut state: u64 = 0x5eab_ed00_0000_0001;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut sample = vec![0usize; n];
    let mut stats: Vec<f64> = Vec::with_capacity(RESAMPLES);
    for _ in 0..RESAMPLES {
        for s in sample.iter_mut() {
            *s = (next() % n as u64) as usize;
        }
        let x = stat(&sample);
        if x.is_finite() {
            stats.push(x);
        }
    }
    if stats.is_empty() {
        return None;
    }
    stats.sort_by(|a, b| a.total_cmp(b));
    let at = |q: f64| stats[((q * stats.len() as f64) as usize).min(stats.len() - 1)];
    Some((at(0.025), at(0.975)))
}

/// One declared alternative to the headline figure and the verdict the rule gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct Alternative {
    /// What differs from the headline (`pooled over kernels`, `phase after building`, ...);
    /// the headline's own row is named after its choice.
    pub name: String,
    /// The figure under this alternative.
    pub estimate: Estimate,
    /// The rule's verdict on it (no data when the figure is not finite).
    pub verdict: Verdict,
    /// Whether this row is the headline.
    pub headline: bool,
}

/// A claim's alternatives with the rule that judges its decisive figure.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Robustness {
    /// The headline first, then each alternative.
    pub rows: Vec<Alternative>,
    /// How the figure is written.
    pub unit: Option<Unit>,
    /// What the figure is (`visits per graph change`), for the table's header.
    pub figure: String,
    /// The headline's verdict at the two ends of its interval (when it has one).
    pub interval_verdicts: Option<(Verdict, Verdict)>,
}

impl Robustness {
    /// A table for the figure `figure` written in `unit`, judged by `rule` (the claim's rule
    /// applied to one value of its decisive figure), with the headline `headline` (named
    /// after its choice).
    pub fn new(figure: &str, unit: Unit, headline_name: &str, headline: Estimate, rule: &dyn Fn(f64) -> Verdict) -> Robustness {
        let verdict = if headline.value.is_finite() { rule(headline.value) } else { Verdict::NoData };
        Robustness {
            rows: vec![Alternative { name: headline_name.to_string(), estimate: headline, verdict, headline: true }],
            unit: Some(unit),
            figure: figure.to_string(),
            interval_verdicts: headline.interval.map(|(lo, hi)| (rule(lo), rule(hi))),
        }
    }

    /// Adds an alternative judged by `rule`.
    pub fn alternative(&mut self, name: &str, estimate: Estimate, rule: &dyn Fn(f64) -> Verdict) -> &mut Self {
        let verdict = if estimate.value.is_finite() { rule(estimate.value) } else { Verdict::NoData };
        self.rows.push(Alternative { name: name.to_string(), estimate, verdict, headline: false });
        self
    }

    /// Adds an alternative whose verdict was given elsewhere (another program set's report).
    pub fn judged(&mut self, name: &str, estimate: Estimate, verdict: Verdict) -> &mut Self {
        self.rows.push(Alternative { name: name.to_string(), estimate, verdict, headline: false });
        self
    }

    /// The headline row, if any.
    pub fn headline(&self) -> Option<&Alternative> {
        self.rows.iter().find(|r| r.headline)
    }

    /// What flips the headline verdict `verdict`: the alternatives with data that get another
    /// verdict, and the interval when its ends get another. Empty when nothing does.
    pub fn flips(&self, verdict: Verdict) -> Vec<String> {
        let unit = self.unit.unwrap_or(Unit::Plain);
        let mut out: Vec<String> = self
            .rows
            .iter()
            .filter(|r| !r.headline && r.verdict != Verdict::NoData && r.verdict != verdict)
            .map(|r| format!("{} gives {} ({})", r.name, r.verdict.as_str(), r.estimate.text(unit)))
            .collect();
        if let (Some((lo, hi)), Some(h)) = (self.interval_verdicts, self.headline()) {
            if lo != verdict || hi != verdict {
                let (a, b) = h.estimate.interval.unwrap_or((f64::NAN, f64::NAN));
                let other = if lo != verdict { lo } else { hi };
                out.push(format!(
                    "the headline's 95% interval {}–{} straddles a threshold (one end gives {})",
                    Estimate::point(a, 0).text(unit),
                    Estimate::point(b, 0).text(unit),
                    other.as_str()
                ));
            }
        }
        out
    }

    /// The verdict after the robustness check: `judgement` when nothing flips it (or it is
    /// no data), else inconclusive, with the headline's reason and what flips it.
    pub fn judge(&self, judgement: Judgement) -> Judgement {
        if judgement.verdict == Verdict::NoData || self.rows.is_empty() {
            return judgement;
        }
        let base = judgement.verdict.headline();
        let flips = self.flips(base);
        if flips.is_empty() {
            return judgement;
        }
        Judgement {
            verdict: Verdict::Inconclusive(inconclusive_of(base)),
            reason: format!("{}; inconclusive: the headline gives {}, but {}", judgement.reason, base.as_str(), flips.join("; ")),
        }
    }

    /// The table as Markdown: one row per alternative with its figure, interval, programs and
    /// verdict.
    pub fn markdown(&self) -> String {
        if self.rows.is_empty() {
            return String::new();
        }
        let unit = self.unit.unwrap_or(Unit::Plain);
        let mut g = Grid::new(&["alternative", &format!("{} [95% interval]", self.figure), "n", "verdict"]);
        for r in &self.rows {
            let name = if r.headline { format!("**{}** (headline)", r.name) } else { r.name.clone() };
            let n = if r.estimate.n > 0 { r.estimate.n.to_string() } else { "—".into() };
            g.push(vec![name, r.estimate.text(unit), n, r.verdict.as_str().to_string()]);
        }
        let mut s = String::from(
            "Robustness (the rule applied under each declared alternative; intervals: 95% percentile bootstrap over programs, 10,000 resamples, fixed seed):\n\n",
        );
        s.push_str(&g.markdown());
        if let Some((lo, hi)) = self.interval_verdicts {
            let _ = writeln!(s, "\nAt the ends of the headline's interval the rule gives {} (low end) and {} (high end).", lo.as_str(), hi.as_str());
        }
        s
    }
}

/// The headline verdict an inconclusive one keeps (inconclusive of no data does not exist).
fn inconclusive_of(v: Verdict) -> super::verdict::Headline {
    use super::verdict::Headline;
    match v {
        Verdict::Reproduced => Headline::Reproduced,
        Verdict::Partly => Headline::Partly,
        _ => Headline::NotReproduced,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Headline;

    fn rule(x: f64) -> Verdict {
        if x >= 10.0 {
            Verdict::Reproduced
        } else if x >= 5.0 {
            Verdict::Partly
        } else {
            Verdict::NotReproduced
        }
    }

    fn judgement(v: Verdict) -> Judgement {
        Judgement { verdict: v, reason: "r".into() }
    }

    #[test]
    fn the_bootstrap_is_deterministic_and_brackets_the_geomean() {
        let xs = [1.0, 2.0, 4.0, 8.0, 3.0, 5.0];
        let a = Estimate::geomean(&xs);
        let b = Estimate::geomean(&xs);
        assert_eq!(a, b);
        let (lo, hi) = a.interval.unwrap();
        assert!(lo < a.value && a.value < hi, "{lo} {} {hi}", a.value);
        // A single program has no interval; equal programs a degenerate one.
        assert_eq!(Estimate::geomean(&[3.0]).interval, None);
        let (lo, hi) = Estimate::geomean(&[2.0; 5]).interval.unwrap();
        assert!((lo - 2.0).abs() < 1e-12 && (hi - 2.0).abs() < 1e-12);
    }

    #[test]
    fn pooled_is_the_ratio_of_sums() {
        let e = Estimate::pooled(&[(10.0, 1.0), (30.0, 3.0), (5.0, 5.0)]);
        assert!((e.value - 45.0 / 9.0).abs() < 1e-12);
        let (lo, hi) = e.interval.unwrap();
        assert!(lo <= e.value && e.value <= hi);
    }

    #[test]
    fn agreement_keeps_the_verdict() {
        let mut r = Robustness::new("x", Unit::Plain, "geomean", Estimate { value: 20.0, interval: Some((15.0, 30.0)), n: 9 }, &rule);
        r.alternative("pooled", Estimate::point(12.0, 9), &rule);
        let j = r.judge(judgement(Verdict::Reproduced));
        assert_eq!(j.verdict, Verdict::Reproduced);
        assert_eq!(j.reason, "r");
    }

    #[test]
    fn a_disagreeing_alternative_makes_it_inconclusive_and_is_named() {
        // C1's case: 9.69 per kernel (partly), 11.00 pooled (reproduced).
        let mut r = Robustness::new("x", Unit::Plain, "geomean", Estimate { value: 9.69, interval: Some((8.0, 9.9)), n: 20 }, &rule);
        r.alternative("kernels pooled", Estimate::point(11.0, 20), &rule);
        r.alternative("no data here", Estimate::point(f64::NAN, 0), &rule);
        let j = r.judge(judgement(Verdict::Partly));
        assert_eq!(j.verdict, Verdict::Inconclusive(Headline::Partly));
        assert!(j.reason.contains("kernels pooled gives reproduced (11)"), "{}", j.reason);
        assert!(!j.reason.contains("no data here"), "{}", j.reason);
        assert_eq!(j.verdict.as_str(), "inconclusive");
    }

    #[test]
    fn an_interval_across_a_threshold_makes_it_inconclusive() {
        let r = Robustness::new("x", Unit::Plain, "geomean", Estimate { value: 9.69, interval: Some((7.9, 12.1)), n: 20 }, &rule);
        assert_eq!(r.interval_verdicts, Some((Verdict::Partly, Verdict::Reproduced)));
        let j = r.judge(judgement(Verdict::Partly));
        assert_eq!(j.verdict, Verdict::Inconclusive(Headline::Partly));
        assert!(j.reason.contains("straddles a threshold (one end gives reproduced)"), "{}", j.reason);
        assert!(r.markdown().contains("| **geomean** (headline) | 9.69 [7.90–12.10] | 20 | partly |"), "{}", r.markdown());
    }

    #[test]
    fn no_data_stays_no_data() {
        let r = Robustness::new("x", Unit::Plain, "geomean", Estimate::point(f64::NAN, 0), &rule);
        let j = r.judge(judgement(Verdict::NoData));
        assert_eq!(j.verdict, Verdict::NoData);
    }
}
