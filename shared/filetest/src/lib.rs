//! File-driven tests in the style of Cranelift's filetests: each test is a small text file
//! with a pipeline spec, an input in an IR's text form and `check:` lines matched against
//! what running the spec on the input prints. The runner knows nothing of any IR: a test
//! crate hands [`run_dir`] a closure from a parsed [`TestFile`] to the output text.
//!
//! # File format
//!
//! ```text
//! ; Lines starting with ';' are comments (directives are comments too).
//! test optimize
//! spec: son:reduce(load-elim)
//!
//! <input: every line after the header that is not a comment>
//!
//! ; check: LoadField
//! ; nextln: Return
//! ; not: CheckMaps
//!
//! ; output:
//! ; <the whole output, one comment line per output line>
//! ```
//!
//! - The header comes first: `test KIND` (what to print; the test crate defines the kinds),
//!   `spec: SPEC` (the phases to run) and any other `key: value` lines the test crate reads
//!   (a key may repeat, e.g. one `feedback:` line per entry), in any order, blank lines
//!   allowed.
//! - The input is every later line that is not a comment, verbatim.
//! - Checks, in order, match substrings of output lines (FileCheck semantics): `check: P`
//!   finds the next line containing `P` at or after the line after the previous match;
//!   `nextln: P` requires it on the line right after the previous match; `not: P` requires
//!   that no line between the previous match and the next one (or the end) contains `P`.
//! - `; output:` starts the expected output, which runs to the end of the file: each line is
//!   `; ` followed by one output line. A test with an output block also fails when the
//!   output differs from it. `BLESS=1 cargo test ...` rewrites (or adds) the block of every
//!   test that runs; checks are never rewritten, they say what the test is about.
//! - `FILETEST=SUBSTRING` runs only the files whose name contains it.
//!
//! A run that fails (the closure returns `Err`) prints `error: MESSAGE`, which checks can
//! match like any other output.

#![warn(missing_docs)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What a check line asks of the output.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Directive {
    /// `check:` — a later line contains the pattern.
    Check,
    /// `nextln:` — the line right after the previous match contains it.
    Nextln,
    /// `not:` — no line up to the next match contains it.
    Not,
}

impl Directive {
    /// The directive's name in a file.
    pub fn name(self) -> &'static str {
        match self {
            Directive::Check => "check",
            Directive::Nextln => "nextln",
            Directive::Not => "not",
        }
    }
}

/// One check line of a test file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Check {
    /// What it asks.
    pub directive: Directive,
    /// The substring to look for (trimmed).
    pub pattern: String,
    /// Its line in the file (1-based), for messages.
    pub line: usize,
}

/// A parsed test file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TestFile {
    /// Where it was read from.
    pub path: PathBuf,
    /// The `test KIND` of the header.
    pub kind: String,
    /// The `spec: SPEC` of the header.
    pub spec: String,
    /// The other `key: value` lines of the header, in file order.
    pub headers: Vec<Header>,
    /// The input text (the non-comment lines after the header, each with its newline;
    /// trailing blank lines dropped).
    pub input: String,
    /// The check lines, in file order.
    pub checks: Vec<Check>,
    /// The expected output of the `; output:` block, if the file has one.
    pub expected_output: Option<String>,
    /// The file's text before its output block (what blessing keeps).
    before_output: String,
}

/// A `key: value` line of a test file's header.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Header {
    /// The key (lowercase letters, digits and `-`).
    pub key: String,
    /// The value (trimmed).
    pub value: String,
    /// Its line in the file (1-based).
    pub line: usize,
}

impl TestFile {
    /// The values of the header lines with `key`, in file order.
    pub fn header_values<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.headers.iter().filter(move |h| h.key == key).map(|h| h.value.as_str())
    }

    /// An error naming the first header line whose key is not one of `known`.
    pub fn expect_headers(&self, known: &[&str]) -> Result<(), String> {
        match self.headers.iter().find(|h| !known.contains(&h.key.as_str())) {
            Some(h) => Err(format!(
                "{}:{}: unknown header '{}:'; valid: spec, {}",
                self.path.display(),
                h.line,
                h.key,
                known.join(", ")
            )),
            None => Ok(()),
        }
    }
}

/// The key and value of a header line `key: value`, if it is one.
fn header_line(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once(':')?;
    let is_key = key.starts_with(|c: char| c.is_ascii_lowercase())
        && key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    is_key.then(|| (key, value.trim()))
}

/// The text of a comment line without its `;` (and one space after it), or `None` for a
/// line that is not a comment.
fn comment(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix(';')?;
    Some(rest.strip_prefix(' ').unwrap_or(rest))
}

/// Parses the text of a test file.
pub fn parse(path: &Path, text: &str) -> Result<TestFile, String> {
    let at = |line: usize, message: String| format!("{}:{line}: {message}", path.display());
    let mut file = TestFile {
        path: path.to_path_buf(),
        kind: String::new(),
        spec: String::new(),
        headers: Vec::new(),
        input: String::new(),
        checks: Vec::new(),
        expected_output: None,
        before_output: String::new(),
    };
    let (mut kind, mut spec) = (None, None);
    let mut in_header = true;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if let Some(output) = file.expected_output.as_mut() {
            let content = comment(line)
                .ok_or_else(|| at(number, "the '; output:' block must be last: only comment lines may follow it".into()))?;
            output.push_str(content);
            output.push('\n');
            continue;
        }
        if let Some(content) = comment(line) {
            let content = content.trim();
            if content == "output:" {
                file.expected_output = Some(String::new());
                continue;
            }
            for directive in [Directive::Check, Directive::Nextln, Directive::Not] {
                if let Some(pattern) = content.strip_prefix(directive.name()).and_then(|r| r.strip_prefix(':')) {
                    let pattern = pattern.trim();
                    if pattern.is_empty() {
                        return Err(at(number, format!("'{}:' without a pattern", directive.name())));
                    }
                    file.checks.push(Check { directive, pattern: pattern.to_string(), line: number });
                }
            }
        } else if in_header && line.trim().is_empty() {
            // A blank line of the header.
        } else if let (true, Some(k)) = (in_header, line.strip_prefix("test ")) {
            if kind.replace(k.trim().to_string()).is_some() {
                return Err(at(number, "a second 'test' line".into()));
            }
        } else if let (true, Some((key, value))) = (in_header, header_line(line)) {
            if key != "spec" {
                file.headers.push(Header { key: key.to_string(), value: value.to_string(), line: number });
            } else if spec.replace(value.to_string()).is_some() {
                return Err(at(number, "a second 'spec:' line".into()));
            }
        } else {
            in_header = false;
            file.input.push_str(line);
            file.input.push('\n');
        }
        file.before_output.push_str(line);
        file.before_output.push('\n');
    }
    file.kind = kind.ok_or_else(|| at(1, "no 'test KIND' line in the header".into()))?;
    file.spec = spec.ok_or_else(|| at(1, "no 'spec: SPEC' line in the header".into()))?;
    if file.input.trim().is_empty() {
        return Err(at(1, "no input after the header".into()));
    }
    file.input = format!("{}\n", file.input.trim_end());
    Ok(file)
}

/// Whether no line of `lines` contains one of the `nots`; else the first offender.
fn check_nots(nots: &[&Check], lines: &[&str], first_line: usize) -> Result<(), String> {
    for not in nots {
        if let Some(k) = lines.iter().position(|l| l.contains(&not.pattern)) {
            return Err(format!(
                "line {}: not: '{}' is on output line {}: {}",
                not.line,
                not.pattern,
                first_line + k + 1,
                lines[k]
            ));
        }
    }
    Ok(())
}

/// Matches `checks` against `output` (see the crate docs); the error names the failing
/// check's line in the file.
pub fn check(checks: &[Check], output: &str) -> Result<(), String> {
    let lines: Vec<&str> = output.lines().collect();
    // The first output line not yet consumed by a match.
    let mut cursor = 0;
    let mut nots: Vec<&Check> = Vec::new();
    for c in checks {
        let found = match c.directive {
            Directive::Not => {
                nots.push(c);
                continue;
            }
            Directive::Check => lines[cursor..].iter().position(|l| l.contains(&c.pattern)).map(|k| cursor + k),
            Directive::Nextln => (cursor < lines.len() && lines[cursor].contains(&c.pattern)).then_some(cursor),
        };
        let Some(k) = found else {
            let place = match (c.directive, cursor) {
                (Directive::Nextln, _) => format!("on output line {}", cursor + 1),
                (_, 0) => "in the output".to_string(),
                _ => format!("after output line {cursor}"),
            };
            return Err(format!("line {}: {}: '{}' not found {place}", c.line, c.directive.name(), c.pattern));
        };
        check_nots(&nots, &lines[cursor..k], cursor)?;
        nots.clear();
        cursor = k + 1;
    }
    check_nots(&nots, &lines[cursor..], cursor)
}

/// The output with line numbers, for failure messages.
fn numbered(output: &str) -> String {
    let mut s = String::new();
    for (k, line) in output.lines().enumerate() {
        let _ = writeln!(s, "{:>4} | {line}", k + 1);
    }
    s
}

/// The first line where `expected` and `actual` differ, for failure messages.
fn first_difference(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let k = e.iter().zip(&a).position(|(x, y)| x != y).unwrap_or(e.len().min(a.len()));
    format!(
        "first difference at output line {}:\n  expected: {}\n  actual:   {}",
        k + 1,
        e.get(k).copied().unwrap_or("<end>"),
        a.get(k).copied().unwrap_or("<end>")
    )
}

/// The file's text with `output` as its output block.
fn blessed(file: &TestFile, output: &str) -> String {
    let mut text = file.before_output.trim_end().to_string();
    text.push_str("\n\n; output:\n");
    for line in output.lines() {
        text.push(';');
        if !line.is_empty() {
            text.push(' ');
            text.push_str(line);
        }
        text.push('\n');
    }
    text
}

/// Whether `BLESS=1` is set.
pub fn bless_enabled() -> bool {
    std::env::var("BLESS").is_ok_and(|v| v == "1")
}

/// Runs one test file: parses it, runs `run` on it, matches its checks and compares (or,
/// under `BLESS=1`, rewrites) its output block. The error is the whole failure message.
pub fn run_file(path: &Path, run: &dyn Fn(&TestFile) -> Result<String, String>) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file = parse(path, &text)?;
    let output = match run(&file) {
        Ok(output) => output,
        Err(message) => format!("error: {message}\n"),
    };
    let fail = |message: String| Err(format!("{}: {message}\noutput:\n{}", path.display(), numbered(&output)));
    if let Err(message) = check(&file.checks, &output) {
        return fail(message);
    }
    if bless_enabled() {
        if file.expected_output.as_deref() != Some(output.as_str()) {
            std::fs::write(path, blessed(&file, &output)).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    } else if let Some(expected) = &file.expected_output {
        if *expected != output {
            return fail(format!(
                "the output differs from the '; output:' block (BLESS=1 rewrites it); {}",
                first_difference(expected, &output)
            ));
        }
    }
    Ok(())
}

/// Runs every file of `dir` whose name ends in `.{extension}` (sorted by name; only those
/// containing `$FILETEST` if it is set) and panics with every failure if any fails, or if
/// there is no such file.
pub fn run_dir(dir: &Path, extension: &str, run: impl Fn(&TestFile) -> Result<String, String>) {
    let filter = std::env::var("FILETEST").unwrap_or_default();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().contains(filter.as_str())))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no *.{extension} files in {} (FILETEST={filter:?})", dir.display());
    let failures: Vec<String> = paths.iter().filter_map(|p| run_file(p, &run).err()).collect();
    if !failures.is_empty() {
        panic!("{} of {} filetests failed:\n\n{}", failures.len(), paths.len(), failures.join("\n\n"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "\
; A test.
test optimize
spec: son:reduce(dce)

a = 1
; in between
b = a + 2
return b
; check: b =
; nextln: return
; not: c =

; output:
; a = 1
;
; return b
";

    fn file() -> TestFile {
        parse(Path::new("t.son"), FILE).unwrap()
    }

    fn checks(lines: &[(Directive, &str)]) -> Vec<Check> {
        lines.iter().enumerate().map(|(k, &(directive, p))| Check { directive, pattern: p.into(), line: k + 1 }).collect()
    }

    #[test]
    fn parses_the_header_input_checks_and_output() {
        let f = file();
        assert_eq!((f.kind.as_str(), f.spec.as_str()), ("optimize", "son:reduce(dce)"));
        assert_eq!(f.input, "a = 1\nb = a + 2\nreturn b\n");
        assert_eq!(f.checks.iter().map(|c| (c.directive, c.line)).collect::<Vec<_>>(), [
            (Directive::Check, 9),
            (Directive::Nextln, 10),
            (Directive::Not, 11)
        ]);
        assert_eq!(f.expected_output.as_deref(), Some("a = 1\n\nreturn b\n"));
    }

    #[test]
    fn other_header_lines_are_kept_for_the_test_crate() {
        let f = parse(Path::new("t"), "test a\nfeedback: 1.0 x\nspec: s\nfeedback: 1.1 y\nfunction f func=0\nB0:\n").unwrap();
        assert_eq!(f.spec, "s");
        assert_eq!(f.header_values("feedback").collect::<Vec<_>>(), ["1.0 x", "1.1 y"]);
        assert_eq!(f.input, "function f func=0\nB0:\n");
        assert!(f.expect_headers(&["feedback"]).is_ok());
        let e = f.expect_headers(&["flags"]).unwrap_err();
        assert_eq!(e, "t:2: unknown header 'feedback:'; valid: spec, flags");
    }

    #[test]
    fn malformed_files_are_errors_naming_the_line() {
        let e = parse(Path::new("t"), "spec: x\ninput\n").unwrap_err();
        assert!(e.contains("no 'test KIND' line"), "{e}");
        let e = parse(Path::new("t"), "test a\nspec: x\n").unwrap_err();
        assert!(e.contains("no input"), "{e}");
        let e = parse(Path::new("t"), "test a\nspec: x\nin\n; output:\n; x\nmore\n").unwrap_err();
        assert!(e.starts_with("t:6: the '; output:' block must be last"), "{e}");
        let e = parse(Path::new("t"), "test a\nspec: x\nin\n; check:\n").unwrap_err();
        assert!(e.starts_with("t:4: 'check:' without a pattern"), "{e}");
    }

    #[test]
    fn checks_match_in_order() {
        let out = "a = 1\nb = a + 2\nreturn b\n";
        assert!(check(&file().checks, out).is_ok());
        assert!(check(&checks(&[(Directive::Check, "return"), (Directive::Check, "a = 1")]), out).is_err(), "order matters");
        let e = check(&checks(&[(Directive::Check, "a = 1"), (Directive::Nextln, "return")]), out).unwrap_err();
        assert_eq!(e, "line 2: nextln: 'return' not found on output line 2");
        let e = check(&checks(&[(Directive::Check, "zzz")]), out).unwrap_err();
        assert_eq!(e, "line 1: check: 'zzz' not found in the output");
    }

    #[test]
    fn nots_hold_between_matches() {
        let out = "x\nbad\ny\n";
        assert!(check(&checks(&[(Directive::Check, "y"), (Directive::Not, "bad")]), out).is_ok(), "after the last match");
        let e = check(&checks(&[(Directive::Check, "x"), (Directive::Not, "bad"), (Directive::Check, "y")]), out).unwrap_err();
        assert_eq!(e, "line 2: not: 'bad' is on output line 2: bad");
        assert!(check(&checks(&[(Directive::Not, "bad")]), "x\ny\n").is_ok());
        assert!(check(&checks(&[(Directive::Not, "bad")]), out).is_err());
    }

    #[test]
    fn blessing_rewrites_only_the_output_block() {
        let f = file();
        let text = blessed(&f, "new\n\nlines\n");
        assert!(text.starts_with("; A test.\ntest optimize\n"), "{text}");
        assert!(text.ends_with("; not: c =\n\n; output:\n; new\n;\n; lines\n"), "{text}");
        let again = parse(Path::new("t.son"), &text).unwrap();
        assert_eq!(again.expected_output.as_deref(), Some("new\n\nlines\n"));
        assert_eq!(blessed(&again, "new\n\nlines\n"), text, "blessing is idempotent");
    }
}
