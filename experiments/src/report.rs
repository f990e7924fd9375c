//! `seabed report`: reads the claims CSVs (nothing is measured) and writes
//! `results/REPORT.md`, one LaTeX table per claim in `results/tables/cN.tex`, and figures in
//! `results/figures/` (through [`crate::plot`]).
//!
//! Every claim gets a [`Finding`]: the published figure, ours with its spread, a verdict
//! computed from the data by the rule written next to it (so a reader can check it), and the
//! context (programs, specs, machine, counter backend, git revision). A claim whose CSV is
//! missing or holds no usable rows gets the verdict "no data" with the reason.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::claims::table::Table;
use crate::claims::verdict::Verdict;
use crate::plot::{self, Series};

/// A small table rendered both as Markdown and as LaTeX.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    /// Column titles.
    pub header: Vec<String>,
    /// Rows of cells.
    pub rows: Vec<Vec<String>>,
}

impl Grid {
    fn new(header: &[&str]) -> Grid {
        Grid { header: header.iter().map(|s| s.to_string()).collect(), rows: Vec::new() }
    }

    fn push(&mut self, row: Vec<String>) {
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
    /// Figure stems written (relative to the results directory, without extension).
    pub figures: Vec<String>,
}

impl Finding {
    fn no_data(id: &'static str, claim: &'static str, published: &'static str, reason: impl Into<String>) -> Finding {
        Finding {
            id,
            claim,
            published,
            ours: "—".into(),
            verdict: Verdict::NoData,
            reason: reason.into(),
            context: String::new(),
            grid: Grid::default(),
            notes: String::new(),
            figures: Vec::new(),
        }
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
fn spread(xs: &[f64]) -> String {
    format!("{} [IQR {}–{}]", num(median(xs)), num(quantile(xs, 0.25)), num(quantile(xs, 0.75)))
}

/// `median (min–max)` of `xs`.
fn range(xs: &[f64]) -> String {
    format!("{} (min–max {}–{})", num(median(xs)), num(quantile(xs, 0.0)), num(quantile(xs, 1.0)))
}

// ---------------------------------------------------------------------------------------
// Reading tables.

/// A claims CSV, or why there is none.
fn load(dir: &Path, file: &str) -> Result<Table, String> {
    let path = dir.join(file);
    if !path.exists() {
        return Err(format!("{file} not found (run `seabed experiment claims`)"));
    }
    let t = Table::read(&path)?;
    if t.rows.is_empty() {
        return Err(format!("{file} has no rows"));
    }
    Ok(t)
}

/// The distinct values of column `col`.
fn distinct(t: &Table, col: &str) -> BTreeSet<String> {
    t.rows.iter().map(|r| t.get(r, col).to_string()).collect()
}

/// The context line of a claim: programs, specs, machine, counter backend, revision.
fn context(t: &Table) -> String {
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
fn sum_where(t: &Table, col: &str, keep: impl Fn(&[String]) -> bool) -> (f64, usize) {
    t.rows.iter().filter(|r| keep(r)).filter_map(|r| t.num(r, col)).fold((0.0, 0), |(s, n), v| (s + v, n + 1))
}

/// Writes a figure, returning its stem relative to the results directory on success.
fn figure(dir: &Path, name: &str, draw: impl FnOnce(&Path) -> Result<(), String>) -> Option<String> {
    let figures = dir.join("figures");
    if let Err(e) = std::fs::create_dir_all(&figures) {
        eprintln!("report: cannot create {}: {e}", figures.display());
        return None;
    }
    match draw(&figures.join(name)) {
        Ok(()) => Some(format!("figures/{name}")),
        Err(e) => {
            eprintln!("report: figure {name}: {e}");
            None
        }
    }
}

// ---------------------------------------------------------------------------------------
// The claims.

const C1_CLAIM: &str = "Sea-of-nodes reducers change a node about once per 20 visits";
const C1_PUB: &str = "1 change / 20 visits";

fn c1(dir: &Path) -> Finding {
    let t = match load(dir, "c1_reducer_changes.csv") {
        Ok(t) => t,
        Err(e) => return Finding::no_data("C1", C1_CLAIM, C1_PUB, e),
    };
    let config = |r: &[String]| format!("{}/{}", t.get(r, "pipeline"), t.get(r, "driver"));
    let configs: Vec<String> = {
        let mut v: Vec<String> = t.rows.iter().map(|r| config(r)).collect::<BTreeSet<_>>().into_iter().collect();
        v.sort_by_key(|c| (!c.starts_with("son/v8"), !c.starts_with("son"), c.clone()));
        v
    };
    let mut grid = Grid::new(&["configuration", "visits", "changes", "replacements", "revisits", "visits per change", "per program"]);
    let mut son_v8 = f64::NAN;
    let mut son_v8_no_typer = f64::NAN;
    let mut son_v8_programs = Vec::new();
    for c in &configs {
        let is = |r: &[String]| config(r) == *c && t.get(r, "reducer") == "*";
        let (v, _) = sum_where(&t, "visits", is);
        let (ch, _) = sum_where(&t, "changes", is);
        let (rp, _) = sum_where(&t, "replacements", is);
        let (rv, _) = sum_where(&t, "revisits", is);
        let ratio = v / (ch + rp);
        let mut per_program = Vec::new();
        for p in distinct(&t, "program") {
            let isp = |r: &[String]| is(r) && t.get(r, "program") == p;
            let (pv, _) = sum_where(&t, "visits", isp);
            let (pc, _) = sum_where(&t, "changes", isp);
            let (pr, _) = sum_where(&t, "replacements", isp);
            if pc + pr > 0.0 {
                per_program.push(pv / (pc + pr));
            }
        }
        if c == "son/v8" {
            son_v8 = ratio;
            son_v8_programs = per_program.clone();
            let not_typer = |r: &[String]| is(r) && !t.get(r, "phase").contains("typer");
            let (v, _) = sum_where(&t, "visits", not_typer);
            let (ch, _) = sum_where(&t, "changes", not_typer);
            let (rp, _) = sum_where(&t, "replacements", not_typer);
            son_v8_no_typer = v / (ch + rp);
        }
        grid.push(vec![c.clone(), num(v), num(ch), num(rp), num(rv), num(ratio), spread(&per_program)]);
    }
    // Per reducer, visits per change, for the figure and the notes.
    let reducers: Vec<String> = distinct(&t, "reducer").into_iter().filter(|r| r != "*").collect();
    let mut notes = String::from("Visits per change (in-place change or replacement) per reducer, summed over programs and phases:\n\n");
    let mut rgrid = Grid::new(&["reducer"]);
    rgrid.header.extend(configs.iter().cloned());
    let mut groups: Vec<(String, Vec<f64>)> = configs.iter().map(|c| (c.clone(), Vec::new())).collect();
    for red in &reducers {
        let mut row = vec![red.clone()];
        for (i, c) in configs.iter().enumerate() {
            let is = |r: &[String]| config(r) == *c && t.get(r, "reducer") == red;
            let (v, n) = sum_where(&t, "visits", is);
            let (ch, _) = sum_where(&t, "changes", is);
            let (rp, _) = sum_where(&t, "replacements", is);
            let ratio = if n > 0 && ch + rp > 0.0 { v / (ch + rp) } else { f64::NAN };
            row.push(if n == 0 { "".into() } else if ch + rp == 0.0 { format!("no change in {}", num(v)) } else { num(ratio) });
            groups[i].1.push(ratio);
        }
        rgrid.push(row);
    }
    notes.push_str(&rgrid.markdown());
    notes.push_str("\nA CFG copying phase passes each operation through its whole reducer stack once, so each of its reducers is credited with the phase's visits.\n");
    let figures: Vec<String> = figure(dir, "c1_visits_per_change", |stem| {
        plot::bar_chart(stem, "C1: visits per change, per reducer", "visits per change", &reducers, &groups)
    })
    .into_iter()
    .collect();
    let (verdict, reason) = if !son_v8.is_finite() {
        (Verdict::NoData, "no son/v8 rows with changes".to_string())
    } else if (10.0..=40.0).contains(&son_v8) {
        (Verdict::Reproduced, format!("son (V8 driver) makes one change per {} visits, within 2× of 20 (rule: 10–40 reproduced, 5–80 partly)", num(son_v8)))
    } else if (5.0..=80.0).contains(&son_v8) {
        (Verdict::Partly, format!("son (V8 driver) makes one change per {} visits, within 4× but not 2× of 20 (rule: 10–40 reproduced, 5–80 partly)", num(son_v8)))
    } else {
        (Verdict::NotReproduced, format!("son (V8 driver) makes one change per {} visits, more than 4× away from 20", num(son_v8)))
    };
    Finding {
        id: "C1",
        claim: C1_CLAIM,
        published: C1_PUB,
        ours: format!(
            "1 / {} (son, V8 driver; per program {}); 1 / {} without the typer phase",
            num(son_v8),
            spread(&son_v8_programs),
            num(son_v8_no_typer)
        ),
        verdict,
        reason,
        context: context(&t),
        grid,
        notes,
        figures,
    }
}

const C2_CLAIM: &str = "Sea of nodes has ~3× the L1D misses of a CFG IR (up to 7× in a phase), ≤ ~5% of compile time";
const C2_PUB: &str = "3× avg, 7× max, ~5% of time";

fn c2(dir: &Path) -> Finding {
    let t = match load(dir, "c2_cache_misses.csv") {
        Ok(t) => t,
        Err(e) => return Finding::no_data("C2", C2_CLAIM, C2_PUB, e),
    };
    let d1 = |r: &[String]| t.num(r, "D1mr").unwrap_or(0.0) + t.num(r, "D1mw").unwrap_or(0.0);
    let ll = |r: &[String]| t.num(r, "DLmr").unwrap_or(0.0) + t.num(r, "DLmw").unwrap_or(0.0) + t.num(r, "ILmr").unwrap_or(0.0);
    let cycles = |r: &[String]| t.num(r, "Ir").unwrap_or(0.0) + 10.0 * (d1(r) + t.num(r, "I1mr").unwrap_or(0.0)) + 100.0 * ll(r);
    let rep0 = |r: &[String]| t.get(r, "rep") == "0";
    let kinds: Vec<String> = distinct(&t, "phase_kind").into_iter().collect();
    let total = |pipeline: &str, f: &dyn Fn(&[String]) -> f64, kind: Option<&str>| -> f64 {
        t.rows
            .iter()
            .filter(|r| rep0(r) && t.get(r, "pipeline") == pipeline && kind.is_none_or(|k| t.get(r, "phase_kind") == k))
            .map(|r| f(r))
            .sum()
    };
    let mut grid = Grid::new(&["phase kind", "son D1 misses", "cfg D1 misses", "son/cfg", "son Ir", "cfg Ir"]);
    let mut kind_ratios = Vec::new();
    let (mut son_k, mut cfg_k) = (Vec::new(), Vec::new());
    for k in &kinds {
        let (s, c) = (total("son", &d1, Some(k)), total("cfg", &d1, Some(k)));
        let ratio = s / c;
        if ratio.is_finite() {
            kind_ratios.push((k.clone(), ratio));
        }
        son_k.push(s);
        cfg_k.push(c);
        let ir = |p: &str| total(p, &|r: &[String]| t.num(r, "Ir").unwrap_or(0.0), Some(k));
        grid.push(vec![k.clone(), num(s), num(c), num(ratio), num(ir("son")), num(ir("cfg"))]);
    }
    let (s_all, c_all) = (total("son", &d1, None), total("cfg", &d1, None));
    let overall = s_all / c_all;
    grid.push(vec!["mid-end total".into(), num(s_all), num(c_all), num(overall), String::new(), String::new()]);
    // Per-program ratios for the spread.
    let mut per_program = Vec::new();
    for p in distinct(&t, "program") {
        let sum = |pl: &str| -> f64 { t.rows.iter().filter(|r| rep0(r) && t.get(r, "program") == p && t.get(r, "pipeline") == pl).map(|r| d1(r)).sum() };
        let r = sum("son") / sum("cfg");
        if r.is_finite() {
            per_program.push(r);
        }
    }
    let max_kind = kind_ratios.iter().cloned().fold(("".to_string(), f64::NAN), |a, b| if a.1.is_nan() || b.1 > a.1 { b } else { a });
    let share = |p: &str| 10.0 * total(p, &d1, None) / total(p, &cycles, None);
    // Determinism: rows of the repeated run against rep 0.
    let mut determinism = String::from("no repeated run in the data");
    for p in distinct(&t, "program") {
        let seq = |rep: &str| -> Vec<Vec<String>> {
            t.rows
                .iter()
                .filter(|r| t.get(r, "program") == p && t.get(r, "pipeline") == "son" && t.get(r, "rep") == rep)
                .map(|r| ["phase", "Ir", "Dr", "Dw", "D1mr", "D1mw", "DLmr", "DLmw"].iter().map(|c| t.get(r, c).to_string()).collect())
                .collect()
        };
        let (a, b) = (seq("0"), seq("1"));
        if !b.is_empty() {
            let differing = a.iter().zip(&b).filter(|(x, y)| x != y).count() + a.len().abs_diff(b.len());
            // Largest relative difference per event (columns 1.. of the sequences).
            let rel = |i: usize| -> f64 {
                a.iter()
                    .zip(&b)
                    .filter_map(|(x, y)| {
                        let (u, v) = (x[i].parse::<f64>().ok()?, y[i].parse::<f64>().ok()?);
                        Some(if u.max(v) == 0.0 { 0.0 } else { (u - v).abs() / u.max(v) })
                    })
                    .fold(0.0, f64::max)
            };
            let d1 = format!("{:.2}%", 100.0 * rel(4).max(rel(5)));
            let ir = format!("{:.3}%", 100.0 * rel(1));
            determinism = if differing == 0 {
                format!("{p} (son) run twice: **identical** counts in all {} phase dumps", a.len())
            } else {
                format!(
                    "{p} (son) run twice: counts **not identical** — {differing} of {} phase dumps differ, by at most \
                     {} in Ir and {} in D1 misses. The likely cause is hashing with std's per-process random seed \
                     (`HashMap`/`HashSet` with `RandomState`) in the compilers, which changes probe sequences and \
                     allocation patterns from run to run (research/measure.md §2.3); the differences are far below \
                     the son/cfg ratios above",
                    a.len().max(b.len()),
                    ir,
                    d1
                )
            };
        }
    }
    let hw = distinct(&t, "hw_status").into_iter().collect::<Vec<_>>().join("; ");
    let geometry = distinct(&t, "d1_geometry").into_iter().collect::<Vec<_>>().join("; ");
    let notes = format!(
        "Counts are callgrind's simulated D1 misses (D1mr + D1mw) per compiler phase ({geometry}), joined to the \
         `--stats` rows by dump number with matching labels; only the phases' own work is counted (each phase \
         is bracketed by `CALLGRIND_ZERO_STATS` … `CALLGRIND_DUMP_STATS_AT`).\n\n\
         Cost model for the share of compile time due to D1 misses: cycles ≈ Ir + 10·(D1 + I1 misses) + \
         100·(LL misses); share = 10·D1 misses / cycles. son: {}, cfg: {}.\n\n\
         Determinism: {determinism}.\n\n\
         Hardware L1D misses: not measured — {hw}.\n",
        pct(share("son")),
        pct(share("cfg"))
    );
    let figures: Vec<String> = figure(dir, "c2_d1_misses", |stem| {
        plot::bar_chart(stem, "C2: simulated D1 misses per phase kind", "D1 misses", &kinds, &[("son".into(), son_k.clone()), ("cfg".into(), cfg_k.clone())])
    })
    .into_iter()
    .collect();
    let (verdict, reason) = if !overall.is_finite() {
        (Verdict::NoData, "no rows for both pipelines".to_string())
    } else if overall >= 2.0 {
        (Verdict::Reproduced, format!("son has {}× cfg's D1 misses over the mid-end (rule: ≥ 2× reproduced, ≥ 1.25× or a phase kind ≥ 2× partly); worst kind {} at {}×", num(overall), max_kind.0, num(max_kind.1)))
    } else if overall >= 1.25 || max_kind.1 >= 2.0 {
        (Verdict::Partly, format!("son has {}× cfg's D1 misses over the mid-end; worst kind {} at {}× (rule: ≥ 2× reproduced, ≥ 1.25× or a kind ≥ 2× partly)", num(overall), max_kind.0, num(max_kind.1)))
    } else {
        (Verdict::NotReproduced, format!("son has {}× cfg's D1 misses over the mid-end, worst kind {} at {}×", num(overall), max_kind.0, num(max_kind.1)))
    };
    Finding {
        id: "C2",
        claim: C2_CLAIM,
        published: C2_PUB,
        ours: format!(
            "{}× (per program {}), max {}× ({}); D1 share of cycles son {}, cfg {}",
            num(overall),
            range(&per_program),
            num(max_kind.1),
            max_kind.0,
            pct(share("son")),
            pct(share("cfg"))
        ),
        verdict,
        reason,
        context: context(&t),
        grid,
        notes,
        figures,
    }
}

fn pct(x: f64) -> String {
    if x.is_finite() {
        format!("{:.1}%", 100.0 * x)
    } else {
        "—".into()
    }
}

/// Per (program, pipeline, llvm): the median over repetitions of column `col`.
fn medians(t: &Table, col: &str) -> BTreeMap<(String, String, String), f64> {
    let mut all: BTreeMap<(String, String, String), Vec<f64>> = BTreeMap::new();
    for r in &t.rows {
        if let Some(v) = t.num(r, col) {
            let key = (t.get(r, "program").to_string(), t.get(r, "pipeline").to_string(), t.get(r, "llvm").to_string());
            all.entry(key).or_default().push(v);
        }
    }
    all.into_iter().map(|(k, v)| (k, median(&v))).collect()
}

const C3_CLAIM: &str = "Moving to a CFG IR halved compile time";
const C3_PUB: &str = "0.5× (cfg/son)";

fn c3(dir: &Path) -> Finding {
    let t = match load(dir, "c3_compile_time.csv") {
        Ok(t) => t,
        Err(e) => return Finding::no_data("C3", C3_CLAIM, C3_PUB, e),
    };
    let mid = medians(&t, "midend_ns");
    let tot = medians(&t, "total_ns");
    let programs: Vec<String> = distinct(&t, "program").into_iter().collect();
    let mut grid = Grid::new(&["kernel", "son mid-end (ms)", "cfg mid-end (ms)", "cfg/son", "son + LLVM (ms)", "cfg + LLVM (ms)", "cfg/son with LLVM"]);
    let (mut ratios, mut ratios_llvm) = (Vec::new(), Vec::new());
    let (mut son_ms, mut cfg_ms) = (Vec::new(), Vec::new());
    for p in &programs {
        let get = |m: &BTreeMap<(String, String, String), f64>, pl: &str, l: &str| m.get(&(p.clone(), pl.into(), l.into())).copied().unwrap_or(f64::NAN);
        let (s, c) = (get(&mid, "son", "off"), get(&mid, "cfg", "off"));
        let (sl, cl) = (get(&tot, "son", "ftl"), get(&tot, "cfg", "ftl"));
        ratios.push(c / s);
        ratios_llvm.push(cl / sl);
        son_ms.push(s / 1e6);
        cfg_ms.push(c / 1e6);
        grid.push(vec![p.clone(), num(s / 1e6), num(c / 1e6), num(c / s), num(sl / 1e6), num(cl / 1e6), num(cl / sl)]);
    }
    let g = geomean(&ratios);
    let gl = geomean(&ratios_llvm);
    grid.push(vec!["geometric mean".into(), String::new(), String::new(), num(g), String::new(), String::new(), num(gl)]);
    let figures: Vec<String> = figure(dir, "c3_compile_time", |stem| {
        plot::bar_chart(stem, "C3: mid-end compile time per kernel (median)", "ms", &programs, &[("son".into(), son_ms.clone()), ("cfg".into(), cfg_ms.clone())])
    })
    .into_iter()
    .collect();
    let (verdict, reason) = if !g.is_finite() {
        (Verdict::NoData, "no kernel with both pipelines".to_string())
    } else if g <= 0.6 {
        (Verdict::Reproduced, format!("cfg's mid-end takes {}× son's time (geometric mean; rule: ≤ 0.6 reproduced, < 0.9 partly)", num(g)))
    } else if g < 0.9 {
        (Verdict::Partly, format!("cfg's mid-end takes {}× son's time: faster, but not halved (rule: ≤ 0.6 reproduced, < 0.9 partly)", num(g)))
    } else {
        (Verdict::NotReproduced, format!("cfg's mid-end takes {}× son's time (rule: ≤ 0.6 reproduced, < 0.9 partly)", num(g)))
    };
    Finding {
        id: "C3",
        claim: C3_CLAIM,
        published: C3_PUB,
        ours: format!("{}× mid-end (per kernel {}); {}× with LLVM ftl", num(g), spread(&ratios), num(gl)),
        verdict,
        reason,
        context: context(&t),
        grid,
        notes: "Compile time is the sum of the phase rows' wall time over every compilation of the run (`--always-opt`), \
                median over repetitions; \"with LLVM\" adds LLVM's rows when the backend meters them.\n"
            .into(),
        figures,
    }
}

const C4_CLAIM: &str = "CFG load elimination is up to 190× faster, with better worst-case complexity";
const C4_PUB: &str = "up to 190×";

fn c4(dir: &Path) -> Finding {
    let t = match load(dir, "c4_load_elim_scaling.csv") {
        Ok(t) => t,
        Err(e) => return Finding::no_data("C4", C4_CLAIM, C4_PUB, e),
    };
    let rows_ok = |r: &[String]| t.num(r, "le_rows").unwrap_or(0.0) > 0.0;
    if !t.rows.iter().any(|r| rows_ok(r)) {
        return Finding::no_data("C4", C4_CLAIM, C4_PUB, "no load-elimination phase ran (the reducers are not in this build)");
    }
    let sizes: BTreeSet<u64> = t.rows.iter().filter_map(|r| t.num(r, "n")).map(|n| n as u64).collect();
    let med = |pl: &str, n: u64, col: &str| -> f64 {
        let v: Vec<f64> = t
            .rows
            .iter()
            .filter(|r| rows_ok(r) && t.get(r, "pipeline") == pl && t.num(r, "n") == Some(n as f64))
            .filter_map(|r| t.num(r, col))
            .collect();
        median(&v)
    };
    let mut grid = Grid::new(&[
        "N",
        "son LE (ms)",
        "cfg LE (ms)",
        "son/cfg",
        "son LE MB",
        "cfg LE MB",
        "son LE peak MB",
        "cfg LE peak MB",
        "son cap hits",
        "cfg cap hits",
        "son run (s)",
    ]);
    let (mut son_pts, mut cfg_pts, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for &n in &sizes {
        let (s, c) = (med("son", n, "le_wall_ns"), med("cfg", n, "le_wall_ns"));
        son_pts.push((n as f64, s / 1e6));
        cfg_pts.push((n as f64, c / 1e6));
        if (s / c).is_finite() {
            ratios.push((n, s / c));
        }
        grid.push(vec![
            n.to_string(),
            num(s / 1e6),
            num(c / 1e6),
            num(s / c),
            num(med("son", n, "le_bytes") / 1e6),
            num(med("cfg", n, "le_bytes") / 1e6),
            num(med("son", n, "le_peak_bytes") / 1e6),
            num(med("cfg", n, "le_peak_bytes") / 1e6),
            num(med("son", n, "cap_hits")),
            num(med("cfg", n, "cap_hits")),
            num(med("son", n, "process_s")),
        ]);
    }
    let (ss, cs) = (loglog_slope(&son_pts), loglog_slope(&cfg_pts));
    // The asymptotic trend: the fit over N ≥ 1000 (start-up costs dominate small graphs).
    let tail = |pts: &[(f64, f64)]| -> Vec<(f64, f64)> { pts.iter().copied().filter(|p| p.0 >= 1000.0).collect() };
    let (ts, tc) = (loglog_slope(&tail(&son_pts)), loglog_slope(&tail(&cfg_pts)));
    let (vs, vc) = if ts.is_finite() && tc.is_finite() { (ts, tc) } else { (ss, cs) };
    let max = ratios.iter().cloned().fold((0, f64::NAN), |a, b| if a.1.is_nan() || b.1 > a.1 { b } else { a });
    let figures: Vec<String> = figure(dir, "c4_load_elim_scaling", |stem| {
        plot::line_chart(
            stem,
            "C4: load elimination time vs program size",
            "property accesses N",
            "load elimination (ms)",
            true,
            true,
            &[Series { name: format!("son (slope {})", num(ss)), points: son_pts.clone() }, Series { name: format!("cfg (slope {})", num(cs)), points: cfg_pts.clone() }],
        )
    })
    .into_iter()
    .collect();
    let worse = vs > vc + 0.2;
    let (verdict, reason) = if !max.1.is_finite() {
        (Verdict::NoData, "no size with both pipelines".to_string())
    } else if max.1 >= 10.0 && worse {
        (Verdict::Reproduced, format!("cfg is up to {}× faster (N = {}) and son scales worse (slope for N ≥ 1000: {} vs {}) (rule: ≥ 10× and slope gap > 0.2)", num(max.1), max.0, num(vs), num(vc)))
    } else if max.1 > 1.5 || worse {
        (Verdict::Partly, format!("cfg is up to {}× faster (N = {}); slopes for N ≥ 1000 son {} vs cfg {} (rule: ≥ 10× and slope gap > 0.2 reproduced; > 1.5× or a worse slope partly)", num(max.1), max.0, num(vs), num(vc)))
    } else {
        (Verdict::NotReproduced, format!("cfg is at most {}× faster; slopes for N ≥ 1000 son {} vs cfg {}", num(max.1), num(vs), num(vc)))
    };
    let largest = sizes.iter().max().copied().unwrap_or(0);
    Finding {
        id: "C4",
        claim: C4_CLAIM,
        published: C4_PUB,
        ours: format!("up to {}× (N = {}); log-log slope son {}, cfg {} (N ≥ 1000: {}, {})", num(max.1), max.0, num(ss), num(cs), num(ts), num(tc)),
        verdict,
        reason,
        context: context(&t),
        grid,
        notes: format!(
            "Load elimination time is the wall time of the phase that ran it (son: `reduce(load-elim)` in a phase of \
             its own; cfg: `copy(late-load-elim)`), median over repetitions; the largest size (N = {largest}) runs once. \
             MB: bytes allocated in that phase and its peak of live bytes above the phase's start (the CFG's phase \
             copies the whole graph, which is part of its design and of these figures). Cap hits: facts dropped \
             because the abstract heap was full (not walks that gave up).\n"
        ),
        figures,
    }
}

const C5_CLAIM: &str = "Pure nodes float to the common dominator; the scheduler must duplicate them again";
const C5_PUB: &str = "qualitative";

fn c5(dir: &Path) -> Finding {
    let t = match load(dir, "c5_node_splitting.csv") {
        Ok(t) => t,
        Err(e) => return Finding::no_data("C5", C5_CLAIM, C5_PUB, e),
    };
    let counters = |r: &[String], p: &str, s: &str| t.get(r, "kind") == "counters" && t.get(r, "pipeline") == p && t.get(r, "split") == s;
    let (split_on, n_on) = sum_where(&t, "schedule_split", |r| counters(r, "son", "on"));
    let (hoisted_on, _) = sum_where(&t, "schedule_hoisted", |r| counters(r, "son", "on"));
    let (cloned_on, _) = sum_where(&t, "schedule_cloned", |r| counters(r, "son", "on"));
    let (checks_on, _) = sum_where(&t, "checks_executed", |r| counters(r, "son", "on"));
    let (checks_off, _) = sum_where(&t, "checks_executed", |r| counters(r, "son", "off"));
    let (checks_cfg, _) = sum_where(&t, "checks_executed", |r| counters(r, "cfg", "-"));
    let (loads_on, n_loads) = sum_where(&t, "loads_executed", |r| counters(r, "son", "on"));
    let (loads_off, _) = sum_where(&t, "loads_executed", |r| counters(r, "son", "off"));
    let (loads_cfg, _) = sum_where(&t, "loads_executed", |r| counters(r, "cfg", "-"));
    let fewer_loads = n_loads > 0 && loads_on < loads_off;
    let programs_split = t.rows.iter().filter(|r| counters(r, "son", "on") && t.num(r, "schedule_split").unwrap_or(0.0) > 0.0).count();
    // Timing: median per kernel and configuration.
    let timing = |r: &[String]| t.get(r, "kind") == "timing";
    let mut per: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    for r in t.rows.iter().filter(|r| timing(r)) {
        let key = (t.get(r, "program").to_string(), format!("{}/{}", t.get(r, "pipeline"), t.get(r, "split")));
        if let Some(v) = t.num(r, "run_s") {
            per.entry(key).or_default().push(v);
        }
    }
    let mut grid = Grid::new(&["kernel", "son split=off (s)", "son split=on (s)", "on/off", "cfg (s)"]);
    let mut ratios = Vec::new();
    for p in distinct(&t, "program") {
        let m = |c: &str| per.get(&(p.clone(), c.to_string())).map(|v| median(v)).unwrap_or(f64::NAN);
        let (off, on, c) = (m("son/off"), m("son/on"), m("cfg/-"));
        if !off.is_finite() && !on.is_finite() {
            continue;
        }
        ratios.push(on / off);
        grid.push(vec![p, num(off), num(on), num(on / off), num(c)]);
    }
    let g = geomean(&ratios);
    let faster = ratios.iter().filter(|r| **r < 1.0).count();
    let rule = "rule: nodes split, and run time ≤ 0.97× on/off with at least half the kernels faster, or fewer loads executed";
    let notes = format!(
        "Schedule counters with `split=on` over the corpus: {} nodes split in {programs_split} programs, hoisted {}, \
         cloned {}. Checks executed by compiled code: son split=off {}, split=on {}, cfg {}. Loads executed: son \
         split=off {}, split=on {}, cfg {}. The table's run times are whole-process times on the LIR evaluator, \
         default tiering, median over repetitions.\n",
        num(split_on),
        num(hoisted_on),
        num(cloned_on),
        num(checks_off),
        num(checks_on),
        num(checks_cfg),
        if n_loads > 0 { num(loads_off) } else { "—".into() },
        if n_loads > 0 { num(loads_on) } else { "—".into() },
        if n_loads > 0 { num(loads_cfg) } else { "—".into() }
    );
    let (verdict, reason) = if n_on == 0 {
        (Verdict::NoData, "the schedule rows carry no `split` counter".to_string())
    } else if split_on == 0.0 {
        (Verdict::NotReproduced, "with splitting on, the scheduler duplicated no node in any program".to_string())
    } else if (g <= 0.97 && faster * 2 >= ratios.len()) || fewer_loads {
        (Verdict::Reproduced, format!("the scheduler split {} nodes and the dynamic cost fell: run time {}× on/off (geometric mean; {faster} of {} kernels faster), loads executed {} → {} ({rule})", num(split_on), num(g), ratios.len(), num(loads_off), num(loads_on)))
    } else {
        (Verdict::Partly, format!("the scheduler split {} nodes, but no dynamic gain beyond noise: run time {}× on/off ({faster} of {} kernels faster), loads executed {} → {} ({rule})", num(split_on), num(g), ratios.len(), num(loads_off), num(loads_on)))
    };
    Finding {
        id: "C5",
        claim: C5_CLAIM,
        published: C5_PUB,
        ours: format!("{} nodes split in {programs_split} programs; run time on/off {}× (per kernel {})", num(split_on), num(g), spread(&ratios)),
        verdict,
        reason,
        context: context(&t),
        grid,
        notes,
        figures: Vec::new(),
    }
}

const C6_CLAIM: &str = "Control-dependent typing is easy in a CFG and limited in SoN (CheckedAdd after x < 42 becomes Add)";
const C6_PUB: &str = "qualitative";

fn c6(dir: &Path) -> Finding {
    let t = match load(dir, "c6_checks_left.csv") {
        Ok(t) => t,
        Err(e) => return Finding::no_data("C6", C6_CLAIM, C6_PUB, e),
    };
    let has = |r: &[String]| t.num(r, "lir_overflow_checks").is_some();
    let programs_both: BTreeSet<String> = distinct(&t, "program")
        .into_iter()
        .filter(|p| ["son", "cfg"].iter().all(|pl| t.rows.iter().any(|r| has(r) && t.get(r, "program") == p && t.get(r, "pipeline") == *pl)))
        .collect();
    if programs_both.is_empty() {
        return Finding { context: context(&t), ..Finding::no_data("C6", C6_CLAIM, C6_PUB, "the final phase rows carry no `lir_overflow_checks` yet") };
    }
    let total = |pl: &str, col: &str| sum_where(&t, col, |r| t.get(r, "pipeline") == pl && programs_both.contains(t.get(r, "program"))).0;
    let mut grid = Grid::new(&["pipeline", "overflow checks", "deopt exits", "final phases", "checks per final phase"]);
    for pl in ["son", "cfg"] {
        let (c, e, f) = (total(pl, "lir_overflow_checks"), total(pl, "lir_exits"), total(pl, "final_phases"));
        grid.push(vec![pl.into(), num(c), num(e), num(f), num(c / f)]);
    }
    let (sc, cc) = (total("son", "lir_overflow_checks"), total("cfg", "lir_overflow_checks"));
    let (se, ce) = (total("son", "lir_exits"), total("cfg", "lir_exits"));
    let fewer = t.rows.iter().filter(|r| t.get(r, "pipeline") == "cfg" && has(r)).filter(|r| {
        let p = t.get(r, "program");
        let son = t.rows.iter().find(|s| t.get(s, "pipeline") == "son" && t.get(s, "program") == p).and_then(|s| t.num(s, "lir_overflow_checks"));
        son.is_some_and(|s| t.num(r, "lir_overflow_checks").unwrap_or(0.0) < s)
    });
    let fewer = fewer.count();
    let (verdict, reason) = if cc < sc && ce <= se {
        (Verdict::Reproduced, format!("cfg leaves {} overflow checks to son's {} and {} exits to {} (fewer checks on {fewer} programs)", num(cc), num(sc), num(ce), num(se)))
    } else if cc < sc || ce < se || fewer > 0 {
        (Verdict::Partly, format!("cfg leaves {} overflow checks to son's {} and {} exits to {} (fewer checks on {fewer} programs)", num(cc), num(sc), num(ce), num(se)))
    } else {
        (Verdict::NotReproduced, format!("cfg leaves as many or more checks ({} vs {}) and exits ({} vs {})", num(cc), num(sc), num(ce), num(se)))
    };
    Finding {
        id: "C6",
        claim: C6_CLAIM,
        published: C6_PUB,
        ours: format!("overflow checks cfg/son {} ({} vs {}), exits {} vs {}", num(cc / sc), num(cc), num(sc), num(ce), num(se)),
        verdict,
        reason,
        context: context(&t),
        grid,
        notes: format!("Summed over the {} programs both pipelines compiled, over every compilation (`--always-opt`); the pipelines may compile a program a different number of times, hence the per-phase column.\n", programs_both.len()),
        figures: Vec::new(),
    }
}

const C7_CLAIM: &str = "Most nodes sit on the effect or control chain (\"SoN is a CFG where pure nodes float\")";
const C7_PUB: &str = "qualitative (most)";

fn c7(dir: &Path) -> Finding {
    let t = match load(dir, "c7_chain_share.csv") {
        Ok(t) => t,
        Err(e) => return Finding::no_data("C7", C7_CLAIM, C7_PUB, e),
    };
    let has = |r: &[String]| t.num(r, "chain_nodes").is_some() && t.num(r, "live_nodes").is_some();
    if !t.rows.iter().any(|r| has(r)) {
        return Finding { context: context(&t), ..Finding::no_data("C7", C7_CLAIM, C7_PUB, "no phase row carries `chain_nodes`/`live_nodes` yet") };
    }
    let mut grid = Grid::new(&["pipeline", "phase", "chain nodes", "live nodes", "share", "per program"]);
    let mut son_shares = Vec::new();
    let labels: BTreeSet<(String, String)> = t.rows.iter().filter(|r| has(r)).map(|r| (t.get(r, "pipeline").to_string(), t.get(r, "phase").to_string())).collect();
    for (pl, label) in &labels {
        let is = |r: &[String]| has(r) && t.get(r, "pipeline") == pl && t.get(r, "phase") == label;
        let (c, _) = sum_where(&t, "chain_nodes", is);
        let (l, _) = sum_where(&t, "live_nodes", is);
        let per: Vec<f64> = t.rows.iter().filter(|r| is(r)).filter_map(|r| Some(t.num(r, "chain_nodes")? / t.num(r, "live_nodes")?)).collect();
        if pl == "son" {
            son_shares.push(c / l);
        }
        grid.push(vec![pl.clone(), label.clone(), num(c), num(l), pct(c / l), spread(&per)]);
    }
    let (sc, _) = sum_where(&t, "chain_nodes", |r| has(r) && t.get(r, "pipeline") == "son");
    let (sl, _) = sum_where(&t, "live_nodes", |r| has(r) && t.get(r, "pipeline") == "son");
    let share = sc / sl;
    let (verdict, reason) = if !share.is_finite() {
        (Verdict::NoData, "no son rows with the counters".to_string())
    } else if share >= 0.5 {
        (Verdict::Reproduced, format!("{} of son's live nodes (over all phases) have effect or control inputs (rule: ≥ 50% reproduced, ≥ 30% partly)", pct(share)))
    } else if share >= 0.3 {
        (Verdict::Partly, format!("{} of son's live nodes have effect or control inputs: many, not most (rule: ≥ 50% reproduced, ≥ 30% partly)", pct(share)))
    } else {
        (Verdict::NotReproduced, format!("only {} of son's live nodes have effect or control inputs", pct(share)))
    };
    Finding {
        id: "C7",
        claim: C7_CLAIM,
        published: C7_PUB,
        ours: format!("{} of son's nodes on a chain (phases {}–{})", pct(share), pct(quantile(&son_shares, 0.0)), pct(quantile(&son_shares, 1.0))),
        verdict,
        reason,
        context: context(&t),
        grid,
        notes: "Share = nodes with an effect or control input / live nodes after the phase, summed over programs and compilations.\n".into(),
        figures: Vec::new(),
    }
}

const C8_CLAIM: &str = "SoN graphs lose cache locality as phases replace nodes";
const C8_PUB: &str = "qualitative";

fn c8(dir: &Path) -> Finding {
    let t = match load(dir, "c8_schedule_locality.csv") {
        Ok(t) => t,
        Err(e) => return Finding::no_data("C8", C8_CLAIM, C8_PUB, e),
    };
    let has = |r: &[String]| t.num(r, "adjacent_pairs").is_some();
    if !t.rows.iter().any(|r| has(r)) {
        return Finding { context: context(&t), ..Finding::no_data("C8", C8_CLAIM, C8_PUB, "the final rows carry no `adjacent_distance_sum`/`adjacent_pairs` yet") };
    }
    let mut grid = Grid::new(&["pipeline", "distance sum", "adjacent pairs", "mean distance", "per program"]);
    let mut mean = BTreeMap::new();
    for pl in ["son", "cfg"] {
        let is = |r: &[String]| has(r) && t.get(r, "pipeline") == pl;
        let (d, _) = sum_where(&t, "adjacent_distance_sum", is);
        let (p, _) = sum_where(&t, "adjacent_pairs", is);
        let per: Vec<f64> = t.rows.iter().filter(|r| is(r)).filter_map(|r| t.num(r, "mean_distance")).collect();
        mean.insert(pl, d / p);
        grid.push(vec![pl.into(), num(d), num(p), num(d / p), spread(&per)]);
    }
    let ratio = mean["son"] / mean["cfg"];
    let (verdict, reason) = if !ratio.is_finite() {
        (Verdict::NoData, "no pairs for one of the pipelines".to_string())
    } else if ratio >= 1.5 {
        (Verdict::Reproduced, format!("nodes adjacent in son's schedule are {}× further apart in allocation order than cfg's (rule: ≥ 1.5× reproduced, > 1.1× partly)", num(ratio)))
    } else if ratio > 1.1 {
        (Verdict::Partly, format!("son's schedule neighbours are {}× further apart than cfg's (rule: ≥ 1.5× reproduced, > 1.1× partly)", num(ratio)))
    } else {
        (Verdict::NotReproduced, format!("son's schedule neighbours are {}× as far apart as cfg's", num(ratio)))
    };
    Finding {
        id: "C8",
        claim: C8_CLAIM,
        published: C8_PUB,
        ours: format!("mean distance son {} vs cfg {} ({}×)", num(mean["son"]), num(mean["cfg"]), num(ratio)),
        verdict,
        reason,
        context: context(&t),
        grid,
        notes: "Mean |allocation index difference| between nodes (operations) adjacent in the final schedule (LIR order).\n".into(),
        figures: Vec::new(),
    }
}

const C9_CLAIM: &str = "Type-based alias analysis lets load-store forwarding keep more facts than offset-only aliasing";
const C9_PUB: &str = "qualitative";

fn c9(dir: &Path) -> Finding {
    let t = match load(dir, "c9_alias_analysis.csv") {
        Ok(t) => t,
        Err(e) => return Finding::no_data("C9", C9_CLAIM, C9_PUB, e),
    };
    let has = |r: &[String]| t.num(r, "loads_replaced").is_some();
    if !t.rows.iter().any(|r| has(r)) {
        return Finding { context: context(&t), ..Finding::no_data("C9", C9_CLAIM, C9_PUB, "no load-elimination rows (the reducers are not in this build)") };
    }
    let mut grid = Grid::new(&["pipeline", "variant", "loads replaced", "checks removed", "stores removed", "cap hits"]);
    let (mut better, mut clearly) = (Vec::new(), Vec::new());
    let mut facts = Vec::new();
    for pl in ["son", "cfg"] {
        let mut loads = BTreeMap::new();
        for v in ["type", "offset"] {
            let is = |r: &[String]| has(r) && t.get(r, "pipeline") == pl && t.get(r, "variant") == v;
            let s = |c: &str| sum_where(&t, c, is).0;
            loads.insert(v, s("loads_replaced"));
            grid.push(vec![pl.into(), v.into(), num(s("loads_replaced")), num(s("checks_removed")), num(s("stores_removed")), num(s("cap_hits"))]);
        }
        facts.push(format!("{pl} {} vs {}", num(loads["type"]), num(loads["offset"])));
        if loads["type"] > loads["offset"] {
            better.push(pl);
        }
        if loads["type"] >= 1.05 * loads["offset"] && loads["type"] > 0.0 {
            clearly.push(pl);
        }
    }
    let rule = "rule: ≥ 5% more loads replaced on both pipelines reproduced, more on either partly";
    let (verdict, reason) = if clearly.len() == 2 {
        (Verdict::Reproduced, format!("type-based aliasing replaces ≥ 5% more loads on both pipelines ({}; {rule})", facts.join("; ")))
    } else if !better.is_empty() {
        (Verdict::Partly, format!("type-based aliasing replaces more loads on {} but not ≥ 5% more on both ({}; {rule})", better.join(" and "), facts.join("; ")))
    } else {
        (Verdict::NotReproduced, format!("type-based aliasing replaces no more loads than offset-only ({}; {rule})", facts.join("; ")))
    };
    Finding {
        id: "C9",
        claim: C9_CLAIM,
        published: C9_PUB,
        ours: format!("loads replaced, type-based vs offset-only: {}", facts.join("; ")),
        verdict,
        reason,
        context: context(&t),
        grid,
        notes: "Summed over every corpus program (`--always-opt`) and one generated program (gen-1000).\n".into(),
        figures: Vec::new(),
    }
}

const C10_CLAIM: &str = "LLVM's compile time dominates an FTL-style JIT; B3 was ~5× faster to compile";
const C10_PUB: &str = "LLVM dominates; ~5×";

fn c10(dir: &Path) -> Finding {
    let t = match load(dir, "c10_llvm_share.csv") {
        Ok(t) => t,
        Err(e) => return Finding::no_data("C10", C10_CLAIM, C10_PUB, e),
    };
    let (llvm_rows, _) = sum_where(&t, "llvm_rows", |_| true);
    if llvm_rows == 0.0 {
        return Finding { context: context(&t), ..Finding::no_data("C10", C10_CLAIM, C10_PUB, "the stats carry no LLVM phase rows (labels `llvm...`): the backend does not meter its passes yet") };
    }
    let mid = medians(&t, "midend_ns");
    let llvm = medians(&t, "llvm_ns");
    let mut grid = Grid::new(&["pipeline", "--llvm", "LLVM share (median)", "IQR", "LLVM / mid-end"]);
    let mut ftl_shares = Vec::new();
    for pl in ["son", "cfg"] {
        for setting in ["none", "ftl", "O2"] {
            let mut shares = Vec::new();
            let mut factors = Vec::new();
            for ((p, ppl, l), m) in &mid {
                if ppl != pl || l != setting {
                    continue;
                }
                let lv = llvm.get(&(p.clone(), ppl.clone(), l.clone())).copied().unwrap_or(f64::NAN);
                shares.push(lv / (lv + m));
                factors.push(lv / m);
            }
            if setting == "ftl" {
                ftl_shares.extend(shares.iter().copied());
            }
            grid.push(vec![pl.into(), setting.into(), pct(median(&shares)), format!("{}–{}", pct(quantile(&shares, 0.25)), pct(quantile(&shares, 0.75))), num(geomean(&factors))]);
        }
    }
    let share = median(&ftl_shares);
    let (verdict, reason) = if !share.is_finite() {
        (Verdict::NoData, "no ftl rows".to_string())
    } else if share >= 0.8 {
        (Verdict::Reproduced, format!("LLVM (ftl) takes {} of compile time: it dominates, ≥ 4× the mid-end, the scale of B3's ~5× (rule: ≥ 80% reproduced, ≥ 50% partly)", pct(share)))
    } else if share >= 0.5 {
        (Verdict::Partly, format!("LLVM (ftl) takes {} of compile time: the larger part, but less than 4× the mid-end (rule: ≥ 80% reproduced, ≥ 50% partly)", pct(share)))
    } else {
        (Verdict::NotReproduced, format!("LLVM (ftl) takes only {} of compile time", pct(share)))
    };
    Finding {
        id: "C10",
        claim: C10_CLAIM,
        published: C10_PUB,
        ours: format!("LLVM share at ftl: {} [IQR {}–{}]", pct(share), pct(quantile(&ftl_shares, 0.25)), pct(quantile(&ftl_shares, 0.75))),
        verdict,
        reason,
        context: context(&t),
        grid,
        notes: "Share = LLVM rows' wall time / (LLVM + mid-end), per kernel (median over repetitions), then the median over kernels. B3 itself is not measured: the ~5× is read as \"LLVM takes ≥ 4× the time of the rest\".\n".into(),
        figures: Vec::new(),
    }
}

const C11_CLAIM: &str = "Speculation plus deoptimization pays: JIT code runs several times faster than the interpreter";
const C11_PUB: &str = "2–12× (V8 tiers, AWFY)";

fn c11(dir: &Path) -> Finding {
    let t = match load(dir, "c11_speedup.csv") {
        Ok(t) => t,
        Err(e) => return Finding::no_data("C11", C11_CLAIM, C11_PUB, e),
    };
    let mut per: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    for r in &t.rows {
        if let Some(v) = t.num(r, "seconds") {
            per.entry((t.get(r, "program").to_string(), t.get(r, "config").to_string())).or_default().push(v);
        }
    }
    let configs: Vec<String> = {
        let order = ["interp", "son/llvm-ftl", "cfg/llvm-ftl", "node --max-opt=0", "node"];
        let present = distinct(&t, "config");
        order.iter().filter(|c| present.contains(**c)).map(|c| c.to_string()).collect()
    };
    let programs: Vec<String> = distinct(&t, "program").into_iter().collect();
    let mut header = vec!["kernel".to_string()];
    header.extend(configs.iter().map(|c| format!("{c} (s)")));
    header.extend(configs.iter().skip(1).map(|c| format!("{c} speedup")));
    let mut grid = Grid { header, rows: Vec::new() };
    let mut speedups: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for p in &programs {
        let m = |c: &str| per.get(&(p.clone(), c.to_string())).map(|v| median(v)).unwrap_or(f64::NAN);
        let base = m("interp");
        let mut row = vec![p.clone()];
        row.extend(configs.iter().map(|c| {
            let v = per.get(&(p.clone(), c.clone())).cloned().unwrap_or_default();
            if v.len() > 1 {
                format!("{} ({}–{})", num(median(&v)), num(quantile(&v, 0.0)), num(quantile(&v, 1.0)))
            } else {
                num(median(&v))
            }
        }));
        for c in configs.iter().skip(1) {
            let s = base / m(c);
            speedups.entry(c.clone()).or_default().push(s);
            row.push(format!("{}×", num(s)));
        }
        grid.push(row);
    }
    let mut gm = vec!["geometric mean".to_string()];
    gm.extend(configs.iter().map(|_| String::new()));
    gm.extend(configs.iter().skip(1).map(|c| format!("{}×", num(geomean(speedups.get(c).map(Vec::as_slice).unwrap_or(&[]))))));
    grid.push(gm);
    let g = |c: &str| geomean(speedups.get(c).map(Vec::as_slice).unwrap_or(&[]));
    let (gs, gc) = (g("son/llvm-ftl"), g("cfg/llvm-ftl"));
    let any_2x = ["son/llvm-ftl", "cfg/llvm-ftl"].iter().any(|c| speedups.get(*c).is_some_and(|v| v.iter().any(|s| *s >= 2.0)));
    let figure_configs: Vec<String> = configs.iter().skip(1).cloned().collect();
    let groups: Vec<(String, Vec<f64>)> = figure_configs.iter().map(|c| (c.clone(), speedups.get(c).cloned().unwrap_or_default())).collect();
    let figures: Vec<String> = figure(dir, "c11_speedup", |stem| plot::bar_chart(stem, "C11: speedup over seabed's interpreter", "speedup (×)", &programs, &groups))
        .into_iter()
        .collect();
    let (verdict, reason) = if !gs.is_finite() && !gc.is_finite() {
        (Verdict::NoData, "no son or cfg timings".to_string())
    } else if gs >= 2.0 && gc >= 2.0 {
        (Verdict::Reproduced, format!("geometric-mean speedup son {}×, cfg {}×, both within or above 2–12× (rule: both ≥ 2×)", num(gs), num(gc)))
    } else if any_2x || gs > 1.0 || gc > 1.0 {
        (Verdict::Partly, format!("geometric-mean speedup son {}×, cfg {}×: faster than the interpreter but below 2× on average{} (rule: both ≥ 2× reproduced)", num(gs), num(gc), if any_2x { "; some kernels reach 2×" } else { "" }))
    } else {
        (Verdict::NotReproduced, format!("compiled code is not faster than the interpreter (son {}×, cfg {}×)", num(gs), num(gc)))
    };
    Finding {
        id: "C11",
        claim: C11_CLAIM,
        published: C11_PUB,
        ours: format!(
            "son {}× (per kernel {}), cfg {}× (per kernel {})",
            num(gs),
            range(speedups.get("son/llvm-ftl").map(Vec::as_slice).unwrap_or(&[])),
            num(gc),
            range(speedups.get("cfg/llvm-ftl").map(Vec::as_slice).unwrap_or(&[]))
        ),
        verdict,
        reason,
        context: context(&t),
        grid,
        notes: "Whole-process wall time (includes start-up and compilation), default tiering, interleaved repetitions; median (min–max). Speedup = interpreter median / configuration median.\n".into(),
        figures,
    }
}

/// Every claim's finding, in order, from the CSVs in `dir`.
pub fn findings(dir: &Path) -> Vec<Finding> {
    vec![c1(dir), c2(dir), c3(dir), c4(dir), c5(dir), c6(dir), c7(dir), c8(dir), c9(dir), c10(dir), c11(dir)]
}

/// Writes `REPORT.md`, `tables/cN.tex` and the figures from the CSVs in `dir`.
pub fn write_report(dir: &Path) -> Result<PathBuf, String> {
    let found = findings(dir);
    let tables = dir.join("tables");
    std::fs::create_dir_all(&tables).map_err(|e| format!("cannot create {}: {e}", tables.display()))?;
    let mut md = String::from(
        "# seabed: the claims, reproduced or not\n\n\
         Generated by `seabed report` from the CSVs in this directory (`seabed experiment claims` measures; \
         the report only reads). Each verdict follows the rule given in its reason; \"no data\" means the CSV or \
         the counters it needs are missing. Spread: median [interquartile range] or (min–max).\n\n\
         | id | claim | published | ours | verdict | reason |\n|---|---|---|---|---|---|\n",
    );
    for f in &found {
        let _ = writeln!(md, "| {} | {} | {} | {} | **{}** | {} |", f.id, f.claim, f.published, f.ours, f.verdict.as_str(), f.reason);
    }
    for f in &found {
        let _ = write!(md, "\n## {}: {}\n\nPublished: {}. Ours: {}. **Verdict: {}** — {}.\n\n", f.id, f.claim, f.published, f.ours, f.verdict.as_str(), f.reason);
        if !f.context.is_empty() {
            let _ = write!(md, "Context: {}.\n\n", f.context);
        }
        if !f.grid.header.is_empty() {
            md.push_str(&f.grid.markdown());
            md.push('\n');
        }
        if !f.notes.is_empty() {
            md.push_str(&f.notes);
            md.push('\n');
        }
        for fig in &f.figures {
            let _ = write!(md, "![{} figure]({fig}.svg) ([PNG]({fig}.png))\n\n", f.id);
        }
        let lower = f.id.to_lowercase();
        let _ = writeln!(md, "LaTeX table: [tables/{lower}.tex](tables/{lower}.tex)");
        let caption = format!("{}: {} Published: {}. Ours: {}. Verdict: {}.", f.id, f.claim, f.published, f.ours, f.verdict.as_str());
        let grid = if f.grid.header.is_empty() {
            Grid { header: vec!["claim".into(), "verdict".into()], rows: vec![vec![f.id.into(), f.verdict.as_str().into()]] }
        } else {
            f.grid.clone()
        };
        let path = tables.join(format!("{lower}.tex"));
        std::fs::write(&path, grid.latex(&caption, &format!("tab:{lower}"))).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    md.push_str(&phase_profiles(dir));
    let path = dir.join("REPORT.md");
    std::fs::write(&path, md).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// The top `n` phases of `sums` (phase → time) with their share of the total, as Markdown rows
/// `| phase | share |`.
fn top_phases(sums: &BTreeMap<String, f64>, n: usize) -> Vec<(String, f64)> {
    let total: f64 = sums.values().sum();
    let mut v: Vec<(String, f64)> = sums.iter().map(|(k, &t)| (k.clone(), if total > 0.0 { 100.0 * t / total } else { 0.0 })).collect();
    v.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    v.truncate(n);
    v
}

/// The section that sets seabed's phase profile (`c3_phase_profile.csv`: the C3 runs on LLVM
/// `ftl`) beside V8's own (`v8_phases.csv`, from `seabed experiment v8`): the ten most expensive
/// phases of each pipeline and their share of its compile time, summed over the kernels.
pub fn phase_profiles(dir: &Path) -> String {
    let mut columns: Vec<(String, Vec<(String, f64)>)> = Vec::new();
    if let Ok(t) = Table::read(&dir.join("c3_phase_profile.csv")) {
        for pipeline in ["son", "cfg"] {
            let mut sums: BTreeMap<String, f64> = BTreeMap::new();
            for row in t.rows.iter().filter(|r| t.get(r, "pipeline") == pipeline) {
                *sums.entry(t.get(row, "phase").to_string()).or_default() += t.num(row, "wall_ns").unwrap_or(0.0);
            }
            if !sums.is_empty() {
                columns.push((format!("seabed {pipeline} (+ LLVM ftl)"), top_phases(&sums, 10)));
            }
        }
    }
    if let Ok(t) = Table::read(&dir.join("v8_phases.csv")) {
        for pipeline in ["turbofan", "turboshaft"] {
            let mut sums: BTreeMap<String, f64> = BTreeMap::new();
            for row in t.rows.iter().filter(|r| t.get(r, "pipeline") == pipeline && t.get(r, "kind") == "phase") {
                *sums.entry(t.get(row, "phase").to_string()).or_default() += t.num(row, "time_ms").unwrap_or(0.0);
            }
            if !sums.is_empty() {
                columns.push((format!("V8 {pipeline} (`--turbo-stats`)"), top_phases(&sums, 10)));
            }
        }
    }
    let mut md = String::from(
        "\n## Phase profiles: seabed beside V8\n\n\
         Where compile time goes: the ten most expensive phases of each pipeline, as a share of its \
         compile time summed over the corpus kernels. seabed: `c3_phase_profile.csv` (the C3 runs with \
         `--always-opt` on LLVM `ftl`; labels are `pipeline/phase#position`, `llvm/...` rows are LLVM's \
         steps). V8: `v8_phases.csv` (`seabed experiment v8`: `node --turbo-stats`, TurboFan and with \
         `--turboshaft`), where V8 compiles only what it finds hot.\n\n",
    );
    if columns.is_empty() {
        md.push_str("No data: run `seabed experiment claims --only C3` and `seabed experiment v8`.\n");
        return md;
    }
    let rows = columns.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
    let _ = writeln!(md, "| rank | {} |", columns.iter().map(|(h, _)| h.as_str()).collect::<Vec<_>>().join(" | "));
    let _ = writeln!(md, "|---|{}", "---|".repeat(columns.len()));
    for i in 0..rows {
        let cells: Vec<String> =
            columns.iter().map(|(_, v)| v.get(i).map(|(p, share)| format!("{p} {share:.1}%")).unwrap_or_default()).collect();
        let _ = writeln!(md, "| {} | {} |", i + 1, cells.join(" | "));
    }
    md
}

/// `seabed report [--results DIR]`: returns the exit status.
pub fn cli(args: &[String]) -> u8 {
    let mut dir = PathBuf::from("results");
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match (a.as_str(), it.next()) {
            ("--results", Some(d)) => dir = d.into(),
            _ => {
                eprintln!("seabed report: usage: seabed report [--results DIR]");
                return 2;
            }
        }
    }
    match write_report(&dir) {
        Ok(path) => {
            eprintln!("report: wrote {}", path.display());
            // The code-quality table (issue 6) comes from the same C11 runs, when node ran.
            if let Err(e) = crate::code_quality::write(&dir) {
                eprintln!("report: no code-quality table: {e}");
            }
            0
        }
        Err(e) => {
            eprintln!("seabed report: {e}");
            2
        }
    }
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

    #[test]
    fn missing_csvs_give_no_data() {
        let dir = std::env::temp_dir().join(format!("seabed-report-empty-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = findings(&dir);
        assert_eq!(f.len(), 11);
        assert!(f.iter().all(|f| f.verdict == Verdict::NoData));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
