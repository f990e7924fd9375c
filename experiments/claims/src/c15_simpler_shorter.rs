//! C15, "the CFG compiler's code is simpler and shorter than the sea-of-nodes one" (V8's 2025
//! post on leaving the sea of nodes): the size of each pass on each side, counted in the
//! source tree.
//!
//! The pass pairs are one list ([`pairs::PASS_PAIRS`]: which files of `son/` do what which
//! files of `cfg/` do; shared code apart, [`pairs::SHARED`]; one-sided code,
//! [`pairs::ONE_SIDED`]), from which the pair table of `docs/optimizations.md` is generated.
//! One function ([`count::count`]) counts every file the same way: code lines and Rust tokens,
//! `#[cfg(test)]` items, comments and doc comments left out (doc and test lines are kept as
//! context). The experiment spawns no process: it reads the files of the source tree the
//! corpus belongs to (or the tree this binary was built from) and writes one row per pass and
//! side ([`CSV`]).

pub mod count;
pub mod pairs;

use std::fmt;
use std::path::{Path, PathBuf};

use count::{Counts, LexError};
use pairs::{Group, PASS_PAIRS, ONE_SIDED, SHARED};

use super::robustness::{Estimate, Robustness};
use super::table::{Csv, RowContext, Table};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::{Claim, Ctx};
use crate::plot;
use crate::finding::{figure, num, Figure, Finding, Grid};

/// The claim C15.
pub const CLAIM: Claim = Claim {
    id: "C15",
    side: super::Side::CfgCase,
    title: "The CFG compiler's code is simpler and shorter than the sea-of-nodes one",
    published: "qualitative (simpler and shorter)",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// One row per (pass, side): a pass pair's son or cfg files, a shared group (pipeline
/// `shared`) or a one-sided group, with what [`count::count`] counts over its files.
pub const CSV: Csv = Csv { file: "c15_simpler_shorter.csv", columns: &["pass", "role", "files", "lines", "tokens", "doc_lines", "test_lines"] };

/// The `role` of a row of a pass pair.
pub const ROLE_PAIR: &str = "pair";
/// The `role` of a row of shared code (counted once, on neither side).
pub const ROLE_SHARED: &str = "shared";
/// The `role` of a row of code only one pipeline has.
pub const ROLE_ONE_SIDED: &str = "one-sided";

/// The verdict rule on cfg/son tokens (geometric mean over pass pairs): the CFG side clearly
/// shorter is reproduced, somewhat shorter partly.
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtMost(0.8), partly: Bound::AtMost(0.95), unit: Unit::Times };

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: cfg/son Rust tokens per pass pair (the files that implement one pass on each side, `PASS_PAIRS` in `experiments/src/claims/c15_simpler_shorter/pairs.rs`, the table in `docs/optimizations.md`; comments, doc comments and `#[cfg(test)]` items not counted; shared code both sides use counted apart, on neither side), then the geometric mean over the pairs; lower favours the claim; {}. At most 0.8× (the CFG side at least a fifth shorter, pass for pass) is \"clearly shorter\": one team wrote both sides to one style guide, so naming and formatting habits move a pass's size by a few per cent, not by a fifth; 0.8–0.95× is shorter by less than that, partly; above 0.95× (within 5%, or longer) is no difference a claim could rest on. Tokens, not lines, because line breaking (rustfmt's or an author's) moves lines without changing the code; lines (geometric mean and pooled), tokens pooled over the pairs and the whole crates (every non-test file of `son/src` against `cfg/src`) are the robustness alternatives. \"Simpler\" is judged only as shorter.",
        RULE.text()
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "What counts as equivalent is our pairing: a pass's files on one side may do a little more or less than on the other (son's common-operator reducer folds selects and boolean round trips that the CFG folds in `machine-opt`; son's persistent map serves branch elimination too but is counted once, with check elimination; the scheduler, node splitting included, has no CFG counterpart but block order and LIR translation, so that pair is the design difference itself). Until the C14 work the CFG's loop peeling (the loop shape check and the copy of the first iteration) sat inside `cfg/src/copying.rs`, counted with the reducer driver, so the `loop peeling` pair set son's whole `peel.rs` against only the CFG's small reducer file; it now lives in `cfg/src/peeling.rs`, paired with son's `peel.rs` (same code, moved; the rule is unchanged, the driver pair shrank and the peeling pair grew by what moved). Error types count with the pass that raises them: son's scheduler and emitter name their failure modes in typed enums with messages (`ScheduleError`, `EmitError`, in `schedule.rs`), while the CFG's LIR output fails in fewer ways and its refusals are variants of `ir::compile::BailoutReason` (shared, on neither side); when the enums replaced format strings (issue 37) son's side of the scheduling pair grew from 8,975 to 10,184 tokens, moving the headline from 0.720× to 0.715× together with the other changes of that merge. Both pipelines are ours, written from scratch by one team to one feature list and one style for this testbed, not V8's TurboFan and Turboshaft: V8's claim is about its own code (C++ with a decade of additions on the TurboFan side and a template reducer stack on the Turboshaft side), so the ratio says how big each design is when written the same way, not how big V8's are. Shared code (the walker, the abstract heap, the escape policy, the typing, folding and lowering rules) is used by both and counted apart; it makes both sides smaller and hides any difference in how hard it was to share. Size is a proxy: \"simpler\" is judged only as shorter, not by control flow, coupling or how hard a pass is to get right. The count is ours (a small lexer, not rustc's): it counts both sides with one function, and a string is one token. Before the rule was declared, the raw `wc -l` of each crate's files (tests and comments included) had been seen, no count by this rule.";

/// Why the source tree could not be counted.
#[derive(Debug)]
pub enum SourceError {
    /// No directory tried holds `son/src` and `cfg/src`.
    NoSourceTree {
        /// The directories tried.
        tried: Vec<PathBuf>,
    },
    /// A listed file is missing or cannot be read.
    Unreadable {
        /// The file.
        path: PathBuf,
        /// The reason.
        error: String,
    },
    /// A listed file does not lex.
    Lex {
        /// The file.
        path: PathBuf,
        /// The reason.
        error: LexError,
    },
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SourceError::NoSourceTree { tried } => {
                let tried: Vec<String> = tried.iter().map(|p| p.display().to_string()).collect();
                write!(f, "no seabed source tree (son/src and cfg/src) at {}", tried.join(" or "))
            }
            SourceError::Unreadable { path, error } => write!(f, "cannot read {}: {error}", path.display()),
            SourceError::Lex { path, error } => write!(f, "cannot count {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for SourceError {}

/// What one row of [`CSV`] says: a pass (or group) on one side and its counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// The pass pair's or group's name.
    pub pass: &'static str,
    /// `son`, `cfg` or `shared`.
    pub pipeline: &'static str,
    /// [`ROLE_PAIR`], [`ROLE_SHARED`] or [`ROLE_ONE_SIDED`].
    pub role: &'static str,
    /// The files counted (paths from the repository root).
    pub files: &'static [&'static str],
    /// Their counts, summed.
    pub counts: Counts,
}

/// The source tree to count: the repository the corpus directory is in (`<root>/experiments/corpus`),
/// else the one this binary was built from.
pub fn source_root(corpus: &Path) -> Result<PathBuf, SourceError> {
    let built = harness::process::experiments_dir().parent().map(Path::to_path_buf);
    let tried: Vec<PathBuf> = corpus.parent().and_then(Path::parent).map(Path::to_path_buf).into_iter().chain(built).collect();
    match tried.iter().find(|r| r.join("son/src").is_dir() && r.join("cfg/src").is_dir()) {
        Some(root) => Ok(root.clone()),
        None => Err(SourceError::NoSourceTree { tried }),
    }
}

/// The summed counts of `files` under `root`.
pub fn count_files(root: &Path, files: &[&str]) -> Result<Counts, SourceError> {
    let mut total = Counts::default();
    for f in files {
        let path = root.join(f);
        let text = std::fs::read_to_string(&path).map_err(|e| SourceError::Unreadable { path: path.clone(), error: e.to_string() })?;
        total += count::count(&text).map_err(|error| SourceError::Lex { path, error })?;
    }
    Ok(total)
}

/// Counts every pass pair's two sides, every shared group and every one-sided group under
/// `root`, in the order of the lists.
pub fn measure(root: &Path) -> Result<Vec<Measured>, SourceError> {
    let mut out = Vec::new();
    for p in PASS_PAIRS {
        for (pipeline, files) in [("son", p.son), ("cfg", p.cfg)] {
            out.push(Measured { pass: p.pass, pipeline, role: ROLE_PAIR, files, counts: count_files(root, files)? });
        }
    }
    let groups = SHARED.iter().map(|g| (g, ROLE_SHARED)).chain(ONE_SIDED.iter().map(|g| (g, ROLE_ONE_SIDED)));
    for (g, role) in groups {
        let Group { name, pipeline, files, .. } = *g;
        out.push(Measured { pass: name, pipeline, role, files, counts: count_files(root, files)? });
    }
    Ok(out)
}

/// The context of every row: the source tree, counted (no program, no run).
fn row_context(pipeline: &str) -> RowContext {
    RowContext {
        experiment: CLAIM.id.into(),
        program: "seabed source".into(),
        pipeline: pipeline.into(),
        spec: "code lines and Rust tokens".into(),
        llvm: "off".into(),
        counter_backend: "source".into(),
        rep: 0,
    }
}

/// The values of [`CSV`]'s own columns for `m`.
fn values(m: &Measured) -> Vec<String> {
    let c = m.counts;
    vec![m.pass.into(), m.role.into(), m.files.join(" "), c.lines.to_string(), c.tokens.to_string(), c.doc_lines.to_string(), c.test_lines.to_string()]
}

/// The table of [`CSV`] for the source tree at `root`, its rows marked with `revision` and
/// `machine`.
pub fn table(root: &Path, revision: &str, machine: &str) -> Result<Table, SourceError> {
    let mut t = Table::for_csv(&CSV);
    for m in &measure(root)? {
        t.push(&row_context(m.pipeline), revision, machine, values(m));
    }
    Ok(t)
}

/// Runs C15: counts the source tree and writes [`CSV`].
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let root = source_root(&ctx.opts.corpus).map_err(|e| e.to_string())?;
    let t = table(&root, &ctx.revision, &ctx.machine).map_err(|e| e.to_string())?;
    ctx.write(&t, &CSV)
}

/// One side of a pass pair as the report reads it back.
#[derive(Clone, Debug, Default)]
struct Side {
    files: String,
    lines: f64,
    tokens: f64,
    doc_lines: f64,
    test_lines: f64,
}

impl Side {
    /// The side of row `r` of `t`, if its counts parse.
    fn of(t: &Table, r: &[String]) -> Option<Side> {
        Some(Side {
            files: t.get(r, "files").to_string(),
            lines: t.num(r, "lines")?,
            tokens: t.num(r, "tokens")?,
            doc_lines: t.num(r, "doc_lines").unwrap_or(f64::NAN),
            test_lines: t.num(r, "test_lines").unwrap_or(f64::NAN),
        })
    }

    /// Whether the side has code to compare (a ratio over it is finite).
    fn has_code(&self) -> bool {
        self.lines > 0.0 && self.tokens > 0.0
    }
}

/// The pass pairs of `t` with both sides counted, in the order of the table: (pass, son, cfg).
fn complete_pairs(t: &Table) -> Vec<(String, Side, Side)> {
    let mut pairs: Vec<(String, Option<Side>, Option<Side>)> = Vec::new();
    for r in t.rows.iter().filter(|r| t.get(r, "role") == ROLE_PAIR) {
        let pass = t.get(r, "pass");
        let i = match pairs.iter().position(|(p, ..)| p == pass) {
            Some(i) => i,
            None => {
                pairs.push((pass.to_string(), None, None));
                pairs.len() - 1
            }
        };
        match t.get(r, "pipeline") {
            "son" => pairs[i].1 = Side::of(t, r),
            "cfg" => pairs[i].2 = Side::of(t, r),
            _ => {}
        }
    }
    pairs
        .into_iter()
        .filter_map(|(p, s, c)| match (s, c) {
            (Some(s), Some(c)) if s.has_code() && c.has_code() => Some((p, s, c)),
            _ => None,
        })
        .collect()
}

/// Tokens (or lines) summed over the rows of `pipeline` whose role is a pair's or one-sided:
/// the whole crate's non-test code.
fn whole_crate(t: &Table, pipeline: &str, column: &str) -> f64 {
    t.rows
        .iter()
        .filter(|r| t.get(r, "pipeline") == pipeline && matches!(t.get(r, "role"), ROLE_PAIR | ROLE_ONE_SIDED))
        .filter_map(|r| t.num(r, column))
        .sum()
}

/// `a / b` as a ratio cell.
fn ratio(a: f64, b: f64) -> String {
    format!("{}×", num(a / b))
}

/// C15's report section: per pass pair each side's lines and tokens and their ratio, the
/// geometric mean of the token ratios judged; shared and one-sided code as context.
pub fn report(dir: &Path, t: &Table) -> Finding {
    let pairs = complete_pairs(t);
    if pairs.is_empty() {
        return Finding::no_data_in(&CLAIM, t, "no pass pair has both sides counted");
    }
    let n = pairs.len();
    let token_ratios: Vec<f64> = pairs.iter().map(|(_, s, c)| c.tokens / s.tokens).collect();
    let line_ratios: Vec<f64> = pairs.iter().map(|(_, s, c)| c.lines / s.lines).collect();
    let token_pairs: Vec<(f64, f64)> = pairs.iter().map(|(_, s, c)| (c.tokens, s.tokens)).collect();
    let line_pairs: Vec<(f64, f64)> = pairs.iter().map(|(_, s, c)| (c.lines, s.lines)).collect();
    let headline = Estimate::geomean(&token_ratios);
    let pooled_tokens = Estimate::pooled(&token_pairs);
    let crate_tokens = whole_crate(t, "cfg", "tokens") / whole_crate(t, "son", "tokens");
    let crate_lines = whole_crate(t, "cfg", "lines") / whole_crate(t, "son", "lines");
    let (lo, hi) = token_ratios.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(*x), hi.max(*x)));
    let shorter = token_ratios.iter().filter(|x| **x < 1.0).count();

    let mut grid = Grid::new(&["pass", "son files", "son lines", "son tokens", "cfg files", "cfg lines", "cfg tokens", "cfg/son tokens", "cfg/son lines", "doc / test lines (son; cfg)"]);
    let sum = |f: fn(&Side) -> f64, son: bool| pairs.iter().map(|(_, s, c)| f(if son { s } else { c })).sum::<f64>();
    for (pass, s, c) in &pairs {
        grid.push(vec![
            pass.clone(),
            s.files.replace(' ', ", "),
            num(s.lines),
            num(s.tokens),
            c.files.replace(' ', ", "),
            num(c.lines),
            num(c.tokens),
            ratio(c.tokens, s.tokens),
            ratio(c.lines, s.lines),
            format!("{} / {}; {} / {}", num(s.doc_lines), num(s.test_lines), num(c.doc_lines), num(c.test_lines)),
        ]);
    }
    let (sl, st, cl, ct) = (sum(|s| s.lines, true), sum(|s| s.tokens, true), sum(|s| s.lines, false), sum(|s| s.tokens, false));
    grid.push(vec![
        format!("**all {n} pairs** (pooled)"),
        String::new(),
        num(sl),
        num(st),
        String::new(),
        num(cl),
        num(ct),
        ratio(ct, st),
        ratio(cl, sl),
        format!(
            "{} / {}; {} / {}",
            num(sum(|s| s.doc_lines, true)),
            num(sum(|s| s.test_lines, true)),
            num(sum(|s| s.doc_lines, false)),
            num(sum(|s| s.test_lines, false))
        ),
    ]);

    let mut apart = Grid::new(&["code", "role", "pipeline", "files", "lines", "tokens"]);
    for r in t.rows.iter().filter(|r| matches!(t.get(r, "role"), ROLE_SHARED | ROLE_ONE_SIDED)) {
        let cell = |c: &str| t.num(r, c).map_or_else(|| "—".to_string(), num);
        apart.push(vec![t.get(r, "pass").into(), t.get(r, "role").into(), t.get(r, "pipeline").into(), t.get(r, "files").replace(' ', ", "), cell("lines"), cell("tokens")]);
    }
    let (shared_lines, _) = crate::finding::sum_where(t, "lines", |r| t.get(r, "role") == ROLE_SHARED);
    let (shared_tokens, _) = crate::finding::sum_where(t, "tokens", |r| t.get(r, "role") == ROLE_SHARED);
    let notes = format!(
        "Counts per pass and side (`c15_simpler_shorter.csv`): code lines (lines holding a token) and Rust tokens, comments, doc comments and `#[cfg(test)]` items left out; doc and test lines are context. The pairs are the list of `docs/optimizations.md` (generated from `PASS_PAIRS`). The judged figure is the geometric mean of the per-pair token ratios; the pooled row sums each side's pairs.\n\n\
         Shared code (used by both sides, counted once, on neither; {} lines, {} tokens in all) and code only one side has (in the whole-crate figure, in no pair):\n\n{}\n\
         Whole crates (every pair and one-sided file, test-only files left out): cfg/son {} in tokens, {} in lines.\n",
        num(shared_lines),
        num(shared_tokens),
        apart.markdown(),
        ratio(crate_tokens, 1.0),
        ratio(crate_lines, 1.0),
    );

    let x = headline.value;
    let text = RULE.text();
    let judgement = RULE.on(x, "no pass pair has both sides counted").judge(Reasons {
        reproduced: format!("the CFG side has {}× the sea-of-nodes side's tokens, geometric mean over {n} pass pairs ({shorter} of them shorter on the CFG side): clearly shorter ({text})", num(x)),
        partly: format!("the CFG side has {}× the sea-of-nodes side's tokens, geometric mean over {n} pass pairs ({shorter} of them shorter on the CFG side): shorter, but by less than a fifth ({text})", num(x)),
        not_reproduced: format!("the CFG side has {}× the sea-of-nodes side's tokens, geometric mean over {n} pass pairs ({shorter} of them shorter on the CFG side): not clearly shorter ({text})", num(x)),
    });
    let ours = format!(
        "cfg/son tokens {}× (geometric mean over {n} pass pairs; per pair {}–{}×); pooled over the pairs {}× ({} / {} tokens); lines {}× (geometric mean); whole crates {}× in tokens",
        num(x),
        num(lo),
        num(hi),
        num(pooled_tokens.value),
        num(ct),
        num(st),
        num(Estimate::geomean(&line_ratios).value),
        num(crate_tokens)
    );
    let rule = |v: f64| RULE.verdict_of(v);
    let mut robust = Robustness::new("cfg/son size", Unit::Times, "tokens, geometric mean over pass pairs", headline, &rule);
    robust.alternative("tokens pooled over the pairs", pooled_tokens, &rule);
    robust.alternative("lines, geometric mean over pass pairs", Estimate::geomean(&line_ratios), &rule);
    robust.alternative("lines pooled over the pairs", Estimate::pooled(&line_pairs), &rule);
    robust.alternative("whole crates (pairs and one-sided code), tokens", Estimate::point(crate_tokens, 0), &rule);
    let passes: Vec<String> = pairs.iter().map(|(p, ..)| p.clone()).collect();
    let groups = vec![("son".to_string(), pairs.iter().map(|(_, s, _)| s.tokens).collect()), ("cfg".to_string(), pairs.iter().map(|(_, _, c)| c.tokens).collect())];
    let figures: Vec<Figure> = figure(dir, "c15_pass_tokens", "C15: Rust tokens of each pass on each side (comments, doc comments and `#[cfg(test)]` items left out; shared code on neither side), sea of nodes against CFG; from `c15_simpler_shorter.csv`.", |stem| {
        plot::bar_chart(stem, "C15: tokens per pass", "pass", "Rust tokens", &passes, &groups)
    })
    .into_iter()
    .collect();
    Finding { grid, notes, figures, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::{Headline, Verdict};

    /// The two rows of pass pair `pass`: son with `son` tokens and lines, cfg with `cfg`.
    fn pair(pass: &'static str, son: (u64, u64), cfg: (u64, u64)) -> Vec<Vec<(&'static str, String)>> {
        [("son", son), ("cfg", cfg)]
            .into_iter()
            .map(|(pipeline, (lines, tokens))| {
                row(&[("pass", &pass), ("pipeline", &pipeline), ("role", &ROLE_PAIR), ("files", &format!("{pipeline}/src/x.rs")), ("lines", &lines), ("tokens", &tokens), ("doc_lines", &3), ("test_lines", &4)])
            })
            .collect()
    }

    /// A pass pair whose cfg side has `ratio` × son's 100,000 tokens and 10,000 lines.
    fn scaled(pass: &'static str, ratio: f64) -> Vec<Vec<(&'static str, String)>> {
        pair(pass, (10_000, 100_000), ((10_000.0 * ratio).round() as u64, (100_000.0 * ratio).round() as u64))
    }

    fn judge(rows: &[Vec<(&'static str, String)>]) -> Finding {
        finding(&CLAIM, &[(&CSV, csv(&CSV, rows))])
    }

    #[test]
    fn the_rule_is_graded_at_and_around_its_thresholds() {
        for (r, want) in [
            (0.5, Verdict::Reproduced),
            (0.8, Verdict::Reproduced),
            (0.8001, Verdict::Partly),
            (0.9, Verdict::Partly),
            (0.95, Verdict::Partly),
            (0.9501, Verdict::NotReproduced),
            (1.0, Verdict::NotReproduced),
            (1.3, Verdict::NotReproduced),
        ] {
            // Two identical pairs: a degenerate interval, every alternative the same figure.
            let mut rows = scaled("a", r);
            rows.extend(scaled("b", r));
            let f = judge(&rows);
            assert_eq!(f.verdict, want, "{r}: {}", f.reason);
        }
    }

    #[test]
    fn the_headline_is_the_geometric_mean_of_the_pairs() {
        // 0.64 and 1.0: geometric mean 0.8 (reproduced); pooled (64,000 + 100,000) / 200,000 = 0.82.
        let mut rows = scaled("a", 0.64);
        rows.extend(scaled("b", 1.0));
        let f = judge(&rows);
        assert_eq!(f.verdict.headline(), Verdict::Reproduced, "{}", f.reason);
        assert!(f.ours.starts_with("cfg/son tokens 0.800× (geometric mean over 2 pass pairs; per pair 0.640–1×)"), "{}", f.ours);
        // Pooled tokens and lines give partly: the verdict is inconclusive, and says why.
        assert_eq!(f.verdict, Verdict::Inconclusive(Headline::Reproduced), "{}", f.reason);
        assert!(f.reason.contains("tokens pooled over the pairs gives partly (0.820×"), "{}", f.reason);
        assert!(f.reason.contains("1 of them shorter on the CFG side"), "{}", f.reason);
    }

    #[test]
    fn lines_are_an_alternative_that_can_flip_the_verdict() {
        // Tokens 0.7 (reproduced) but lines 0.9 (partly) in both pairs.
        let mut rows = pair("a", (1000, 10_000), (900, 7000));
        rows.extend(pair("b", (1000, 10_000), (900, 7000)));
        let f = judge(&rows);
        assert_eq!(f.verdict, Verdict::Inconclusive(Headline::Reproduced), "{}", f.reason);
        assert!(f.reason.contains("lines, geometric mean over pass pairs gives partly (0.900×"), "{}", f.reason);
    }

    #[test]
    fn shared_code_enters_no_side_and_one_sided_code_only_the_whole_crate() {
        let mut rows = scaled("a", 0.7);
        rows.extend(scaled("b", 0.7));
        rows.push(row(&[("pass", &"walker"), ("pipeline", &"shared"), ("role", &ROLE_SHARED), ("files", &"shared/midend/src/walker.rs"), ("lines", &50_000), ("tokens", &500_000)]));
        let f = judge(&rows);
        assert_eq!(f.verdict, Verdict::Reproduced, "shared code changes nothing: {}", f.reason);
        assert!(f.notes.contains("| walker | shared | shared | shared/midend/src/walker.rs | 50000 | 500000 |"), "{}", f.notes);
        // A big son-only file moves the whole-crate figure only: 140,000 / 300,000 tokens.
        rows.push(row(&[("pass", &"control"), ("pipeline", &"son"), ("role", &ROLE_ONE_SIDED), ("files", &"son/src/c.rs"), ("lines", &10_000), ("tokens", &100_000)]));
        let f = judge(&rows);
        assert_eq!(f.verdict.headline(), Verdict::Reproduced, "{}", f.reason);
        assert_eq!(f.verdict, Verdict::Reproduced, "0.467 is reproduced too: {}", f.reason);
        assert!(f.ours.ends_with("whole crates 0.467× in tokens"), "{}", f.ours);
        // A big cfg-only file: 240,000 / 200,000 tokens, not reproduced: inconclusive.
        rows.pop();
        rows.push(row(&[("pass", &"extra"), ("pipeline", &"cfg"), ("role", &ROLE_ONE_SIDED), ("files", &"cfg/src/c.rs"), ("lines", &10_000), ("tokens", &100_000)]));
        let f = judge(&rows);
        assert_eq!(f.verdict, Verdict::Inconclusive(Headline::Reproduced), "{}", f.reason);
        assert!(f.reason.contains("whole crates (pairs and one-sided code), tokens gives not reproduced (1.20×)"), "{}", f.reason);
    }

    #[test]
    fn pairs_missing_a_side_are_left_out_and_none_is_no_data() {
        let mut rows = scaled("a", 0.9);
        rows.push(pair("b", (10, 100), (1, 1)).remove(0));
        rows.extend(pair("c", (0, 0), (10, 100)));
        let f = judge(&rows);
        assert_eq!(f.verdict, Verdict::Partly, "{}", f.reason);
        assert!(f.ours.contains("over 1 pass pairs"), "{}", f.ours);
        assert_eq!(f.grid.rows.len(), 2, "one pair and the pooled row");
        let f = judge(&pair("c", (0, 0), (10, 100)));
        assert_eq!(f.verdict, Verdict::NoData, "{}", f.reason);
        let f = judge(&[]);
        assert_eq!(f.verdict, Verdict::NoData, "{}", f.reason);
    }

    #[test]
    fn a_missing_file_or_tree_is_an_error_not_a_panic() {
        let dir = std::env::temp_dir().join(format!("seabed-c15-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(dir.join("src/ok.rs"), "fn f() {}\n").unwrap();
        std::fs::write(dir.join("src/bad.rs"), "fn f() { \"open }\n").unwrap();
        assert_eq!(count_files(&dir, &["src/ok.rs"]).unwrap().tokens, 6);
        let e = count_files(&dir, &["src/ok.rs", "src/gone.rs"]).unwrap_err();
        assert!(matches!(&e, SourceError::Unreadable { path, .. } if path.ends_with("src/gone.rs")), "{e}");
        let e = count_files(&dir, &["src/bad.rs"]).unwrap_err();
        assert!(e.to_string().contains("unterminated string from line 1"), "{e}");
        // A tree without the lists' files: the first missing file is named.
        let e = measure(&dir).unwrap_err();
        assert!(e.to_string().contains("son/src/builder.rs"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_source_root_is_found_from_the_corpus_or_the_build() {
        let here = harness::process::experiments_dir().parent().unwrap().to_path_buf();
        assert_eq!(source_root(&here.join("experiments/corpus")).unwrap(), here);
        // A corpus elsewhere falls back to the tree this binary was built from.
        assert_eq!(source_root(Path::new("/nonexistent/a/b")).unwrap(), here);
    }

    #[test]
    fn the_tree_is_counted_row_by_row_without_error() {
        let root = source_root(&harness::process::experiments_dir()).unwrap();
        let rows = measure(&root).unwrap();
        assert_eq!(rows.len(), 2 * PASS_PAIRS.len() + SHARED.len() + ONE_SIDED.len());
        assert!(rows.iter().all(|m| m.counts.tokens > 0 && m.counts.lines > 0), "every listed file has code");
    }

    /// Counts this source tree (or the copy at `$C15_ROOT`, for a sensitivity check), writes
    /// `c15_simpler_shorter.csv` and the report's figure into `$C15_OUT` (a temporary
    /// directory when unset) and prints the finding: the data of the claim, without the
    /// claims harness (`cargo test ... c15 -- --ignored --nocapture`).
    #[test]
    #[ignore = "prints the measurement; run by hand"]
    fn print_the_measurement() {
        let root = match std::env::var_os("C15_ROOT") {
            Some(r) => PathBuf::from(r),
            None => source_root(&harness::process::experiments_dir()).unwrap(),
        };
        let out = std::env::var_os("C15_OUT").map_or_else(|| std::env::temp_dir().join("seabed-c15-out"), PathBuf::from);
        std::fs::create_dir_all(&out).unwrap();
        let t = table(&root, &harness::process::git_revision(), &harness::process::machine()).unwrap();
        t.write(&out.join(CSV.file)).unwrap();
        let f = CLAIM.finding(&out);
        println!("{} {}: {}\nreason: {}\nours: {}\n\n{}\n{}\n{}", f.id, f.verdict_text(), f.claim, f.reason, f.ours, f.grid.markdown(), f.notes, f.robustness.markdown());
        println!("written to {}", out.display());
    }

    #[test]
    fn the_lexer_covers_every_listed_file_byte_for_byte() {
        // The tokens (comments included) hold every non-blank character of the file exactly
        // once, and a file with a `#[cfg(test)]` item has test lines.
        let root = source_root(&harness::process::experiments_dir()).unwrap();
        let files = PASS_PAIRS.iter().flat_map(|p| p.son.iter().chain(p.cfg)).chain(SHARED.iter().chain(ONE_SIDED).flat_map(|g| g.files));
        for f in files {
            let text = std::fs::read_to_string(root.join(f)).unwrap();
            let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
            let lexed: String = count::lex(&text).unwrap().iter().map(|t| squeeze(t.text)).collect();
            assert!(lexed == squeeze(&text), "{f}: the tokens do not cover the file");
            if text.contains("#[cfg(test)]") {
                assert!(count::count(&text).unwrap().test_lines > 0, "{f}: its #[cfg(test)] items are not found");
            }
        }
    }
}
