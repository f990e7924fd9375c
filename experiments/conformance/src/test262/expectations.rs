//! The expectations file: the selected tests that are known not to pass, with a reason.
//!
//! One line per test; lines starting with `#` are comments:
//!
//! ```text
//! PATH [strict|sloppy] [tiers=T1,T2]  KIND: DETAIL
//! language/expressions/typeof/number.js  trap: UnsupportedFeature: typeof
//! language/statements/for/x.js strict  fail: Test262Error: ...
//! ```
//!
//! `PATH` is relative to the suite's `test/` directory. Without a mode the line covers every
//! mode the test runs in; without `tiers=` every tier. `KIND` is `fail`, `trap`, `timeout` or
//! `crash`; a test listed with one kind that fails with another is a regression, a change of
//! detail alone is not. A compiled tier that differs from the interpreter is a compiler bug:
//! `--update` never writes a `tiers=` line, and such a difference is reported (and fails the
//! run) unless a line names the tier explicitly.

use std::collections::HashMap;

use super::classify::Mode;
use super::exec::{Kind, Outcome};

/// One line of the expectations file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The test, relative to `test/`.
    pub path: String,
    /// The mode the line covers (`None`: all).
    pub mode: Option<Mode>,
    /// The tiers the line covers (`None`: all).
    pub tiers: Option<Vec<String>>,
    /// The expected outcome (never a pass).
    pub outcome: Outcome,
}

impl Entry {
    /// Whether the line covers `mode` on `tier`.
    pub fn covers(&self, mode: Mode, tier: &str) -> bool {
        self.mode.is_none_or(|m| m == mode) && self.tiers.as_ref().is_none_or(|t| t.iter().any(|x| x == tier))
    }

    /// The line as written in the file.
    pub fn line(&self) -> String {
        let mut s = self.path.clone();
        if let Some(m) = self.mode {
            s.push(' ');
            s.push_str(m.name());
        }
        if let Some(t) = &self.tiers {
            s.push_str(" tiers=");
            s.push_str(&t.join(","));
        }
        s.push_str("  ");
        s.push_str(&self.outcome.text());
        s
    }
}

/// Parses one non-comment line.
pub fn parse_line(line: &str) -> Result<Entry, String> {
    let mut rest = line.trim();
    let mut word = || -> Option<&str> {
        let w = rest.split_whitespace().next()?;
        let w = &rest[..w.len()];
        rest = rest[w.len()..].trim_start();
        Some(w)
    };
    let path = word().ok_or("empty line")?.to_string();
    let mut mode = None;
    let mut tiers = None;
    loop {
        let w = word().ok_or(format!("{path}: no outcome (fail:, trap:, timeout, crash:)"))?;
        if let Some(m) = Mode::parse(w) {
            mode = Some(m);
        } else if let Some(t) = w.strip_prefix("tiers=") {
            tiers = Some(t.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect());
        } else {
            let name = w.strip_suffix(':').unwrap_or(w);
            let kind = Kind::parse(name).filter(|k| *k != Kind::Pass).ok_or(format!("{path}: unknown outcome '{w}'"))?;
            let detail = rest.to_string();
            return Ok(Entry { path, mode, tiers, outcome: Outcome { kind, detail } });
        }
    }
}

/// The expectations: every entry, indexed by path.
#[derive(Clone, Debug, Default)]
pub struct Expectations {
    /// The entries in file order.
    pub entries: Vec<Entry>,
    by_path: HashMap<String, Vec<usize>>,
}

impl Expectations {
    /// Builds the index over `entries`.
    pub fn new(entries: Vec<Entry>) -> Expectations {
        let mut by_path: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, e) in entries.iter().enumerate() {
            by_path.entry(e.path.clone()).or_default().push(i);
        }
        Expectations { entries, by_path }
    }

    /// Parses the file's text; an error names the line.
    pub fn parse(text: &str) -> Result<Expectations, String> {
        let mut entries = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if !line.is_empty() && !line.starts_with('#') {
                entries.push(parse_line(line).map_err(|e| format!("line {}: {e}", n + 1))?);
            }
        }
        Ok(Expectations::new(entries))
    }

    /// The entry that covers `path` in `mode` on `tier`: the most specific one (one naming
    /// the tier wins over one that does not).
    pub fn lookup(&self, path: &str, mode: Mode, tier: &str) -> Option<&Entry> {
        let candidates = self.by_path.get(path)?.iter().map(|&i| &self.entries[i]).filter(|e| e.covers(mode, tier));
        candidates.max_by_key(|e| (e.tiers.is_some(), e.mode.is_some()))
    }

    /// Whether any entry lists `path`.
    pub fn lists(&self, path: &str) -> bool {
        self.by_path.contains_key(path)
    }
}

/// The expectations file's header comment.
pub const HEADER: &str = "\
# test262 expectations for seabed (experiments/src/test262/expectations.rs describes the format).
# Every selected test (experiments/src/test262/classify.rs) that does not pass, with its
# outcome under the interpreter. A test that fails and is not listed here is a regression.
# Regenerate with: seabed test262 DIR --update (make test262 TEST262=DIR UPDATE=1).
# A compiled tier that differs from the interpreter is a compiler bug, never listed here.
";

/// The comment line that names the test262 commit the expectations were made against.
pub const COMMIT_PREFIX: &str = "# test262 commit: ";

/// The test262 commit an expectations file names (its `# test262 commit: HASH` line), if any.
pub fn commit_of(text: &str) -> Option<&str> {
    text.lines().find_map(|l| l.strip_prefix(COMMIT_PREFIX)).map(str::trim).filter(|c| !c.is_empty())
}

/// The file's text for `entries` (sorted by path, then mode), with the header and, when known,
/// the test262 commit they were made against.
pub fn format(entries: &[Entry], commit: Option<&str>) -> String {
    let mut sorted: Vec<&Entry> = entries.iter().collect();
    sorted.sort_by(|a, b| (&a.path, a.mode).cmp(&(&b.path, b.mode)));
    let mut text = HEADER.to_string();
    if let Some(commit) = commit {
        text.push_str(COMMIT_PREFIX);
        text.push_str(commit);
        text.push('\n');
    }
    for e in sorted {
        text.push_str(&e.line());
        text.push('\n');
    }
    text
}
