//! What the claims' report sections are made of: a claim's [`Finding`] (the published
//! figure, ours with its spread, the verdict by the claim's rule, the context), the tables
//! ([`Grid`], Markdown and LaTeX) and figures ([`Figure`]) it shows, the statistics behind
//! the figures, and the loading of a claim's CSV ([`load`]). Each claim computes its section
//! in its own file (the `report` function of its [`Claim`]); [`crate::report`] writes them
//! out.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use crate::robustness::Robustness;
use crate::table::{Csv, Table, CLAIMS_SCHEMA_VERSION};
use crate::verdict::{Judgement, Verdict};
use crate::Claim;

/// A small table rendered both as Markdown and as LaTeX.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    /// Column titles.
    pub header: Vec<String>,
    /// Rows of cells.
    pub rows: Vec<Vec<String>>,
}

impl Grid {
    /// An empty grid with these column titles.
    pub fn new(header: &[&str]) -> Grid {
        Grid { header: header.iter().map(|s| s.to_string()).collect(), rows: Vec::new() }
    }

    /// Appends a row of cells.
    pub fn push(&mut self, row: Vec<String>) {
        self.rows.push(row);
    }

    /// The grid as a Markdown table.
    pub fn markdown(&self) -> String {
        let mut s = format!("| {} |\n|{}\n", self.header.join(" | "), "---|".repeat(self.header.len()));
        for r in &self.rows {
            let _ = writeln!(s, "| {} |", r.join(" | "));
        }
        s
    }

    /// The grid as a LaTeX `table` with a `tabular` (booktabs rules).
    pub fn latex(&self, caption: &str, label: &str) -> String {
        let cols = format!("l{}", "r".repeat(self.header.len().saturating_sub(1)));
        let mut s = format!("\\begin{{table}}[t]\n\\centering\n\\small\n\\begin{{tabular}}{{{cols}}}\n\\toprule\n");
        let esc: Vec<String> = self.header.iter().map(|h| latex_escape(h)).collect();
        let _ = writeln!(s, "{} \\\\\n\\midrule", esc.join(" & "));
        for r in &self.rows {
            let esc: Vec<String> = r.iter().map(|h| latex_escape(h)).collect();
            let _ = writeln!(s, "{} \\\\", esc.join(" & "));
        }
        let _ = write!(
            s,
            "\\bottomrule\n\\end{{tabular}}\n\\caption{{{}}}\n\\label{{{label}}}\n\\end{{table}}\n",
            latex_escape(caption)
        );
        s
    }
}

/// Escapes LaTeX's special characters.
pub fn latex_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '×' => out.push_str("$\\times$"),
            '–' => out.push_str("--"),
            '≥' => out.push_str("$\\geq$"),
            '≤' => out.push_str("$\\leq$"),
            c => out.push(c),
        }
    }
    out
}

/// What the report says about one claim.
#[derive(Clone, Debug)]
pub struct Finding {
    /// `C1` … `C11`.
    pub id: &'static str,
    /// The claim in a few words.
    pub claim: &'static str,
    /// The published figure.
    pub published: &'static str,
    /// Our figure with its spread.
    pub ours: String,
    /// The verdict.
    pub verdict: Verdict,
    /// Why: the rule and the numbers it was applied to.
    pub reason: String,
    /// Programs, specs, machine, counter backend, revision.
    pub context: String,
    /// Main figures of the claim.
    pub grid: Grid,
    /// Further Markdown for the claim's section.
    pub notes: String,
    /// Figures written.
    pub figures: Vec<Figure>,
    /// The claim's verdict rule, declared before the data.
    pub rule: String,
    /// The claim's threats to validity.
    pub threats: &'static str,
    /// The verdict under each declared alternative ([`crate::robustness`]); the
    /// finding's verdict is already the robust one.
    pub robustness: Robustness,
    /// The verdict and reason of the headline figure alone, before the robustness check.
    pub headline: Option<Judgement>,
}

impl Finding {
    /// The finding on `claim` from `table`: our figure and the judgement on it, with the
    /// table's context; no grid, notes or figures.
    pub fn new(claim: &Claim, ours: String, judgement: Judgement, table: &Table) -> Finding {
        Finding {
            ours,
            verdict: judgement.verdict,
            reason: judgement.reason,
            context: context(table),
            ..Finding::no_data(claim, "")
        }
    }

    /// The finding "no data" on `claim`, for `reason`.
    pub fn no_data(claim: &Claim, reason: impl Into<String>) -> Finding {
        Finding {
            id: claim.id,
            claim: claim.title,
            published: claim.published,
            ours: "—".into(),
            verdict: Verdict::NoData,
            reason: reason.into(),
            context: String::new(),
            grid: Grid::default(),
            notes: String::new(),
            figures: Vec::new(),
            rule: (claim.rule)(),
            threats: claim.threats,
            robustness: Robustness::default(),
            headline: None,
        }
    }

    /// The finding with its robustness table, its verdict and reason judged by it
    /// ([`Robustness::judge`]).
    pub fn robust(mut self, robustness: Robustness) -> Finding {
        let headline = Judgement { verdict: self.verdict.headline(), reason: std::mem::take(&mut self.reason) };
        let j = robustness.judge(headline.clone());
        self.verdict = j.verdict;
        self.reason = j.reason;
        self.robustness = robustness;
        self.headline = Some(headline);
        self
    }

    /// Adds the headline of the same claim on another program set (`name`, its finding
    /// `other`) as an alternative, with the verdict that set's report gives its headline, and
    /// judges again. Nothing changes when either finding has no robustness table or the other
    /// has no data.
    pub fn with_program_set(self, name: &str, other: &Finding) -> Finding {
        self.with_alternative_finding(&format!("program set: {name}"), other)
    }

    /// Adds the headline of `other`, the same claim's finding under the alternative `name`
    /// (another program set, `--always-opt` compiles), as an alternative with the verdict
    /// `other`'s report gives its headline, and judges again. Nothing changes when either
    /// finding has no robustness table or the other has no data.
    pub fn with_alternative_finding(mut self, name: &str, other: &Finding) -> Finding {
        let (Some(headline), Some(theirs)) = (self.headline.clone(), other.robustness.headline()) else {
            return self;
        };
        if theirs.verdict == Verdict::NoData {
            return self;
        }
        self.robustness.judged(&format!("{name} ({})", theirs.name), theirs.estimate, theirs.verdict);
        let j = self.robustness.judge(headline);
        self.verdict = j.verdict;
        self.reason = j.reason;
        self
    }

    /// The verdict as the report writes it: inconclusive ones with their headline's verdict.
    pub fn verdict_text(&self) -> String {
        verdict_text(self.verdict)
    }

    /// [`Finding::no_data`], with the context of the `table` that had nothing to judge.
    pub fn no_data_in(claim: &Claim, table: &Table, reason: impl Into<String>) -> Finding {
        Finding { context: context(table), ..Finding::no_data(claim, reason) }
    }
}

/// A verdict as the report writes it: `inconclusive (headline: partly)` for an inconclusive one.
pub fn verdict_text(v: Verdict) -> String {
    match v {
        Verdict::Inconclusive(_) => format!("inconclusive (headline: {})", v.headline().as_str()),
        v => v.as_str().to_string(),
    }
}

// ---------------------------------------------------------------------------------------
// Statistics helpers.

/// The `q`-quantile of `xs` (linear interpolation); `NaN` when empty.
pub fn quantile(xs: &[f64], q: f64) -> f64 {
    let mut v: Vec<f64> = xs.iter().copied().filter(|x| x.is_finite()).collect();
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let pos = q.clamp(0.0, 1.0) * (v.len() - 1) as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    v[lo] + (v[hi] - v[lo]) * (pos - lo as f64)
}

/// The median of `xs`.
pub fn median(xs: &[f64]) -> f64 {
    quantile(xs, 0.5)
}

/// The geometric mean of the positive finite values of `xs`; `NaN` when there are none.
pub fn geomean(xs: &[f64]) -> f64 {
    let v: Vec<f64> = xs.iter().copied().filter(|x| x.is_finite() && *x > 0.0).collect();
    if v.is_empty() {
        return f64::NAN;
    }
    (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp()
}

/// Least-squares slope of log(y) against log(x) over the positive points.
pub fn loglog_slope(points: &[(f64, f64)]) -> f64 {
    let p: Vec<(f64, f64)> = points.iter().filter(|(x, y)| *x > 0.0 && *y > 0.0).map(|(x, y)| (x.ln(), y.ln())).collect();
    if p.len() < 2 {
        return f64::NAN;
    }
    let n = p.len() as f64;
    let (mx, my) = (p.iter().map(|a| a.0).sum::<f64>() / n, p.iter().map(|a| a.1).sum::<f64>() / n);
    let sxx: f64 = p.iter().map(|a| (a.0 - mx).powi(2)).sum();
    let sxy: f64 = p.iter().map(|a| (a.0 - mx) * (a.1 - my)).sum();
    if sxx == 0.0 {
        f64::NAN
    } else {
        sxy / sxx
    }
}

/// A number with three significant digits (or `—`).
pub fn num(x: f64) -> String {
    if !x.is_finite() {
        return "—".into();
    }
    let a = x.abs();
    if a == 0.0 {
        "0".into()
    } else if a >= 1000.0 || (x == x.trunc() && a < 1e15) {
        format!("{x:.0}")
    } else if a >= 100.0 {
        format!("{x:.1}")
    } else if a >= 1.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.3}")
    }
}

/// `median [q1–q3]` of `xs`.
pub fn spread(xs: &[f64]) -> String {
    format!("{} [IQR {}–{}]", num(median(xs)), num(quantile(xs, 0.25)), num(quantile(xs, 0.75)))
}

/// `geomean× (min–max lo–hi, n what)` of the ratios `xs` (`what`: `kernels`, `programs`),
/// or `–` when there are none.
pub fn geomean_spread(xs: &[f64], what: &str) -> String {
    if xs.is_empty() {
        return "–".into();
    }
    format!("{}× (min–max {}–{}, {} {what})", num(geomean(xs)), num(quantile(xs, 0.0)), num(quantile(xs, 1.0)), xs.len())
}

/// `median (min–max)` of `xs`.
pub fn range(xs: &[f64]) -> String {
    format!("{} (min–max {}–{})", num(median(xs)), num(quantile(xs, 0.0)), num(quantile(xs, 1.0)))
}

// ---------------------------------------------------------------------------------------
// Reading tables.

/// The claims CSV `csv` in `dir`, or why there is none: it is missing, lacks columns of its
/// definition (an older seabed wrote it), or has no rows.
pub fn load(dir: &Path, csv: &Csv) -> Result<Table, String> {
    let file = csv.file;
    let path = dir.join(file);
    if !path.exists() {
        return Err(format!("{file} not found (run `seabed experiment claims`)"));
    }
    let t = Table::read(&path)?;
    if t.version != CLAIMS_SCHEMA_VERSION {
        return Err(format!(
            "{file} has schema version {}, but this seabed reads schema version {CLAIMS_SCHEMA_VERSION} (rerun `seabed experiment claims`)",
            t.version
        ));
    }
    let missing = csv.missing_columns(&t);
    if !missing.is_empty() {
        return Err(format!("{file} lacks the columns {} (rerun `seabed experiment claims`)", missing.join(", ")));
    }
    if t.rows.is_empty() {
        return Err(format!("{file} has no rows"));
    }
    Ok(t)
}

/// The distinct values of column `col`.
pub fn distinct(t: &Table, col: &str) -> BTreeSet<String> {
    t.rows.iter().map(|r| t.get(r, col).to_string()).collect()
}

/// The context line of a claim: programs, specs, machine, counter backend, revision.
pub fn context(t: &Table) -> String {
    let programs = distinct(t, "program");
    let list: Vec<&str> = programs.iter().map(String::as_str).take(12).collect();
    let more = if programs.len() > 12 { format!(", … ({} in all)", programs.len()) } else { String::new() };
    let specs: Vec<String> = distinct(t, "spec").into_iter().map(|s| format!("`{s}`")).collect();
    let join = |c: &str| distinct(t, c).into_iter().collect::<Vec<_>>().join(", ");
    format!(
        "programs ({}): {}{more}; specs: {}; LLVM: {}; counters: {}; repetitions: {}; machine: {}; revision: {}",
        programs.len(),
        list.join(", "),
        specs.join(", "),
        join("llvm"),
        join("counter_backend"),
        distinct(t, "rep").len(),
        join("machine"),
        join("git_revision")
    )
}

/// Sum of column `col` over the rows that pass `keep` (cells that do not parse are skipped),
/// with the count of rows that had a value.
pub fn sum_where(t: &Table, col: &str, keep: impl Fn(&[String]) -> bool) -> (f64, usize) {
    t.rows.iter().filter(|r| keep(r)).filter_map(|r| t.num(r, col)).fold((0.0, 0), |(s, n), v| (s + v, n + 1))
}

/// A figure the report wrote: where it is and what it shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// Its stem relative to the results directory, without extension (`figures/c1_...`).
    pub stem: String,
    /// What it shows, with the data it is drawn from (for `figures/index.md`).
    pub caption: String,
}

/// Writes figure `name` into `dir/figures/` with `draw` (given the stem to write), returning
/// it with its `caption` on success; a failure is reported on stderr and leaves it out.
pub fn figure(dir: &Path, name: &str, caption: &str, draw: impl FnOnce(&Path) -> Result<(), String>) -> Option<Figure> {
    let figures = dir.join("figures");
    if let Err(e) = std::fs::create_dir_all(&figures) {
        eprintln!("report: cannot create {}: {e}", figures.display());
        return None;
    }
    match draw(&figures.join(name)) {
        Ok(()) => Some(Figure { stem: format!("figures/{name}"), caption: caption.to_string() }),
        Err(e) => {
            eprintln!("report: figure {name}: {e}");
            None
        }
    }
}

/// The text of `figures/index.md` for the results directory `dir`: every figure of `found`
/// with its caption, its files and the commands that made its data and drew it.
pub fn figure_index(dir: &Path, found: &[Finding]) -> String {
    let dir = dir.display();
    let mut md = format!(concat!(
        "# Figures\n\n",
        "Generated by `seabed report --results {dir}` (`make plots` for `results`), which reads the committed CSVs and measures ",
        "nothing; each CSV comes from `seabed experiment claims --only ID` (`make claims`; columns in ",
        "`docs/csv-schema.md`). Every figure is written as SVG (vector, for the paper: `rsvg-convert -f pdf NAME.svg -o ",
        "NAME.pdf` gives a PDF) and as PNG. Series keep one look across figures (`experiments/src/plot/style.rs`): son ",
        "blue, solid bars, circles and solid lines; cfg vermillion, hatched bars, triangles and dashed lines; node dark ",
        "grey, outlined bars, squares and dotted lines; further series of one family differ in fill, marker and dash, so ",
        "the figures read in grey print.\n",
    ), dir = dir);
    for f in found {
        for fig in &f.figures {
            let name = fig.stem.strip_prefix("figures/").unwrap_or(&fig.stem);
            let _ = write!(
                md,
                concat!(
                    "\n## {name}\n\n![{id}: {name}]({name}.svg)\n\n{caption}\n\n",
                    "Files: [{name}.svg]({name}.svg), [{name}.png]({name}.png). ",
                    "Data: `seabed experiment claims --only {id}`. Drawn by: `seabed report --results {dir}`.\n"
                ),
                dir = dir,
                name = name,
                id = f.id,
                caption = fig.caption
            );
        }
    }
    md
}

/// A fraction as a percentage with one decimal (or `—`).
pub fn pct(x: f64) -> String {
    if x.is_finite() {
        format!("{:.1}%", 100.0 * x)
    } else {
        "—".into()
    }
}

/// Per (program, pipeline, llvm): the median over repetitions of column `col`.
pub fn medians(t: &Table, col: &str) -> BTreeMap<(String, String, String), f64> {
    let mut all: BTreeMap<(String, String, String), Vec<f64>> = BTreeMap::new();
    for r in &t.rows {
        if let Some(v) = t.num(r, col) {
            let key = (t.get(r, "program").to_string(), t.get(r, "pipeline").to_string(), t.get(r, "llvm").to_string());
            all.entry(key).or_default().push(v);
        }
    }
    all.into_iter().map(|(k, v)| (k, median(&v))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statistics() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(quantile(&[1.0, 2.0, 3.0, 4.0, 5.0], 0.25), 2.0);
        assert!((geomean(&[1.0, 4.0]) - 2.0).abs() < 1e-12);
        let pts: Vec<(f64, f64)> = [10.0, 100.0, 1000.0].iter().map(|&x: &f64| (x, 3.0 * x * x)).collect();
        assert!((loglog_slope(&pts) - 2.0).abs() < 1e-9);
        assert!(median(&[]).is_nan());
    }

    #[test]
    fn latex_escapes_specials() {
        assert_eq!(latex_escape("a_b & 5% #1"), "a\\_b \\& 5\\% \\#1");
        let g = Grid { header: vec!["x".into(), "y".into()], rows: vec![vec!["son/v8".into(), "1.5".into()]] };
        let tex = g.latex("cap_tion", "tab:c1");
        assert!(tex.contains("\\begin{tabular}{lr}"));
        assert!(tex.contains("son/v8 & 1.5 \\\\"));
        assert!(tex.contains("cap\\_tion"));
    }
}
