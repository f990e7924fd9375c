//! The one counter C15 applies to both pipelines' source files: code lines and Rust tokens.
//!
//! A small hand-written lexer ([`lex`]) splits a Rust source file into tokens: identifiers
//! and keywords (raw identifiers and lifetimes included), literals (a string, raw string,
//! byte string, character or number is one token however long), punctuation (the
//! multi-character operators `::`, `->`, `=>`, `==`, `..=`, `<<=`, ... by maximal munch) and
//! comments (doc comments `///`, `//!`, `/** */`, `/*! */` apart from plain ones). [`count`]
//! then drops every item under `#[cfg(test)]` (an inner `#![cfg(test)]` drops the whole file)
//! and counts what is left:
//!
//! - **lines**: lines that hold (part of) a token that is not a comment;
//! - **tokens**: those tokens;
//! - **doc lines**: lines with a doc comment and no token (context, not judged);
//! - **test lines**: non-blank lines of the `#[cfg(test)]` items (context, not judged).
//!
//! Blank lines and plain comments count nowhere. The lexer is not rustc's (it never needs to
//! be: the same function counts both sides), but it agrees with it where the count could
//! differ by style: a string is one token whatever its length, `a::b` is three tokens
//! whichever way it is formatted, and a line that rustfmt breaks in two adds a line, not a
//! token (which is why the tokens are the headline).

use std::collections::BTreeSet;
use std::fmt;
use std::ops::AddAssign;

/// What one file (or a sum of files) counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Lines holding a token that is not a comment, outside `#[cfg(test)]` items.
    pub lines: u64,
    /// Tokens that are not comments, outside `#[cfg(test)]` items.
    pub tokens: u64,
    /// Lines with a doc comment and no token, outside `#[cfg(test)]` items.
    pub doc_lines: u64,
    /// Non-blank lines of `#[cfg(test)]` items.
    pub test_lines: u64,
}

impl AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.lines += other.lines;
        self.tokens += other.tokens;
        self.doc_lines += other.doc_lines;
        self.test_lines += other.test_lines;
    }
}

/// Why a file could not be counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LexError {
    /// A string, character or block comment that the file never closes.
    Unterminated {
        /// What is left open (`string`, `block comment`, ...).
        what: &'static str,
        /// The line it starts on (from 1).
        line: usize,
    },
    /// A `#[cfg(test)]` attribute whose item never ends (no `;` or closing `}`).
    UnendedTestItem {
        /// The line of the attribute (from 1).
        line: usize,
    },
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LexError::Unterminated { what, line } => write!(f, "unterminated {what} from line {line}"),
            LexError::UnendedTestItem { line } => write!(f, "the #[cfg(test)] item of line {line} never ends"),
        }
    }
}

impl std::error::Error for LexError {}

/// The kind of a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An identifier, keyword, raw identifier or lifetime.
    Ident,
    /// A string, character or number literal.
    Literal,
    /// Punctuation (one operator or delimiter).
    Punct,
    /// A doc comment (`///`, `//!`, `/** */`, `/*! */`).
    DocComment,
    /// Any other comment.
    Comment,
}

/// One token of a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// Its kind.
    pub kind: Kind,
    /// Its text.
    pub text: &'a str,
    /// The line it starts on (from 1).
    pub first_line: usize,
    /// The line it ends on.
    pub last_line: usize,
}

impl Token<'_> {
    /// Whether the token is a comment (of either kind).
    pub fn is_comment(&self) -> bool {
        matches!(self.kind, Kind::DocComment | Kind::Comment)
    }
}

/// Operators of three and two characters, longest first (maximal munch).
const OPERATORS: &[&str] = &[
    "<<=", ">>=", "...", "..=", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<",
    ">>", "..",
];

/// Whether `c` may start an identifier (non-ASCII bytes are taken as identifier bytes).
fn ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}

/// Whether `c` may continue an identifier.
fn ident_continue(c: u8) -> bool {
    ident_start(c) || c.is_ascii_digit()
}

/// The tokens of `src`, comments included, in order.
pub fn lex(src: &str) -> Result<Vec<Token<'_>>, LexError> {
    let b = src.as_bytes();
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    let mut out = Vec::new();
    let (mut i, mut line) = (0usize, 1usize);
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line += 1;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let (start, first_line) = (i, line);
        let kind = if c == b'/' && at(i + 1) == b'/' {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            let text = &src[start..i];
            if (text.starts_with("///") && !text.starts_with("////")) || text.starts_with("//!") {
                Kind::DocComment
            } else {
                Kind::Comment
            }
        } else if c == b'/' && at(i + 1) == b'*' {
            let doc = (at(i + 2) == b'*' && at(i + 3) != b'*' && at(i + 3) != b'/') || at(i + 2) == b'!';
            let mut depth = 1;
            i += 2;
            while depth > 0 {
                match (at(i), at(i + 1)) {
                    (0, _) if i >= b.len() => return Err(LexError::Unterminated { what: "block comment", line: first_line }),
                    (b'/', b'*') => {
                        depth += 1;
                        i += 2;
                    }
                    (b'*', b'/') => {
                        depth -= 1;
                        i += 2;
                    }
                    (ch, _) => {
                        line += usize::from(ch == b'\n');
                        i += 1;
                    }
                }
            }
            if doc {
                Kind::DocComment
            } else {
                Kind::Comment
            }
        } else if let Some(hashes) = raw_string_start(b, i) {
            // r"..", r#".."#, br"..", cr"..": no escapes; ends at `"` and as many `#`.
            i = hashes.0;
            let n = hashes.1;
            loop {
                if i >= b.len() {
                    return Err(LexError::Unterminated { what: "raw string", line: first_line });
                }
                if b[i] == b'"' && (1..=n).all(|k| at(i + k) == b'#') {
                    i += 1 + n;
                    break;
                }
                line += usize::from(b[i] == b'\n');
                i += 1;
            }
            Kind::Literal
        } else if c == b'"' || ((c == b'b' || c == b'c') && at(i + 1) == b'"') {
            i += if c == b'"' { 1 } else { 2 };
            line = quoted(b, &mut i, b'"', line).ok_or(LexError::Unterminated { what: "string", line: first_line })?;
            Kind::Literal
        } else if c == b'b' && at(i + 1) == b'\'' {
            i += 2;
            line = quoted(b, &mut i, b'\'', line).ok_or(LexError::Unterminated { what: "byte", line: first_line })?;
            Kind::Literal
        } else if c == b'\'' {
            let next = src[i + 1..].chars().next();
            let after = i + 1 + next.map_or(0, char::len_utf8);
            if at(i + 1) == b'\\' || (next.is_some_and(|n| n != '\'' && n != '\n') && at(after) == b'\'') {
                i += 1;
                line = quoted(b, &mut i, b'\'', line).ok_or(LexError::Unterminated { what: "character", line: first_line })?;
                Kind::Literal
            } else {
                // A lifetime or loop label: `'a`, `'static`.
                i += 1;
                while i < b.len() && ident_continue(b[i]) {
                    i += 1;
                }
                Kind::Ident
            }
        } else if c == b'r' && at(i + 1) == b'#' && ident_start(at(i + 2)) {
            i += 2;
            while i < b.len() && ident_continue(b[i]) {
                i += 1;
            }
            Kind::Ident
        } else if ident_start(c) {
            while i < b.len() && ident_continue(b[i]) {
                i += 1;
            }
            Kind::Ident
        } else if c.is_ascii_digit() {
            let hex = c == b'0' && matches!(at(i + 1), b'x' | b'o' | b'b');
            i += 1;
            loop {
                let d = at(i);
                if ident_continue(d) && d < 0x80 {
                    i += 1;
                } else if d == b'.' && at(i + 1).is_ascii_digit() {
                    i += 1;
                } else if !hex && matches!(d, b'+' | b'-') && matches!(b[i - 1], b'e' | b'E') && at(i + 1).is_ascii_digit() {
                    i += 1;
                } else {
                    break;
                }
            }
            Kind::Literal
        } else {
            let rest = &src[i..];
            i += OPERATORS.iter().find(|op| rest.starts_with(**op)).map_or(1, |op| op.len());
            Kind::Punct
        };
        // A token never ends inside a UTF-8 character: every stop above is at an ASCII byte
        // or at the end of an identifier run, which takes whole characters.
        let text = src.get(start..i).unwrap_or("");
        out.push(Token { kind, text, first_line, last_line: line });
    }
    Ok(out)
}

/// If a raw string starts at `i` (`r`, `br` or `cr`, then `#`s, then `"`): the index after
/// its opening quote and its number of `#`s.
fn raw_string_start(b: &[u8], i: usize) -> Option<(usize, usize)> {
    let mut j = i;
    if matches!(b.get(j), Some(b'b' | b'c')) {
        j += 1;
    }
    if b.get(j) != Some(&b'r') {
        return None;
    }
    j += 1;
    let hashes = b[j..].iter().take_while(|&&c| c == b'#').count();
    j += hashes;
    (b.get(j) == Some(&b'"')).then_some((j + 1, hashes))
}

/// Scans a quoted literal from `*i` (just after its opening quote) to just after the closing
/// `quote`, skipping escapes; returns the line it ends on, `None` when it never closes.
fn quoted(b: &[u8], i: &mut usize, quote: u8, mut line: usize) -> Option<usize> {
    while *i < b.len() {
        match b[*i] {
            b'\\' => {
                line += usize::from(b.get(*i + 1) == Some(&b'\n'));
                *i += 2;
            }
            c if c == quote => {
                *i += 1;
                return Some(line);
            }
            c => {
                line += usize::from(c == b'\n');
                *i += 1;
            }
        }
    }
    None
}

/// Whether the code tokens `code[k..]` start with `texts`.
fn starts_with(code: &[&Token<'_>], k: usize, texts: &[&str]) -> bool {
    code.len() >= k + texts.len() && texts.iter().enumerate().all(|(j, t)| code[k + j].text == *t)
}

/// The index (in `code`) of the last token of the item whose attribute `#[cfg(test)]` starts
/// at `k`: further attributes are skipped, then the item ends at a `;` outside brackets or
/// at the `}` that closes its first top-level `{`.
fn item_end(code: &[&Token<'_>], k: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut j = k;
    while j < code.len() {
        match code[j].text {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" => depth = depth.checked_sub(1)?,
            "}" => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(j);
                }
            }
            ";" if depth == 0 => return Some(j),
            _ => {}
        }
        j += 1;
    }
    None
}

/// Counts `src` (see the module documentation).
pub fn count(src: &str) -> Result<Counts, LexError> {
    let tokens = lex(src)?;
    let code: Vec<&Token<'_>> = tokens.iter().filter(|t| !t.is_comment()).collect();
    // Line ranges of `#[cfg(test)]` items.
    let mut test_ranges: Vec<(usize, usize)> = Vec::new();
    if starts_with(&code, 0, &["#", "!", "[", "cfg", "(", "test", ")", "]"]) {
        test_ranges.push((1, usize::MAX));
    }
    let mut k = 0;
    while k < code.len() {
        if starts_with(&code, k, &["#", "[", "cfg", "(", "test", ")", "]"]) {
            let end = item_end(&code, k + 7).ok_or(LexError::UnendedTestItem { line: code[k].first_line })?;
            test_ranges.push((code[k].first_line, code[end].last_line));
            k = end + 1;
        } else {
            k += 1;
        }
    }
    let in_test = |t: &Token<'_>| test_ranges.iter().any(|&(a, z)| t.first_line >= a && t.last_line <= z);
    let mut code_lines = BTreeSet::new();
    let mut doc_lines = BTreeSet::new();
    let mut tokens_counted = 0u64;
    for t in tokens.iter().filter(|t| !in_test(t)) {
        match t.kind {
            Kind::Comment => {}
            Kind::DocComment => doc_lines.extend(t.first_line..=t.last_line),
            _ => {
                tokens_counted += 1;
                code_lines.extend(t.first_line..=t.last_line);
            }
        }
    }
    let test_lines = src
        .lines()
        .enumerate()
        .filter(|(n, l)| !l.trim().is_empty() && test_ranges.iter().any(|&(a, z)| (a..=z).contains(&(n + 1))))
        .count();
    Ok(Counts {
        lines: code_lines.len() as u64,
        tokens: tokens_counted,
        doc_lines: doc_lines.difference(&code_lines).count() as u64,
        test_lines: test_lines as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<&str> {
        lex(src).unwrap().iter().filter(|t| !t.is_comment()).map(|t| t.text).collect()
    }

    #[test]
    fn literals_are_one_token_however_long() {
        assert_eq!(texts(r#"let s = "a b \" c";"#), ["let", "s", "=", r#""a b \" c""#, ";"]);
        assert_eq!(texts(r###"x(r#"a "quoted" b"#, br"x", b"y", c"z")"###).len(), 10);
        assert_eq!(texts("'a' '\\n' '\\'' b'x' 'é'"), ["'a'", "'\\n'", "'\\''", "b'x'", "'é'"]);
        assert_eq!(texts("1_000u64 0x1F 1.5e-3 2.0f64"), ["1_000u64", "0x1F", "1.5e-3", "2.0f64"]);
        assert_eq!(texts("0..n"), ["0", "..", "n"]);
        assert_eq!(texts("x.0"), ["x", ".", "0"]);
    }

    #[test]
    fn lifetimes_raw_identifiers_and_operators() {
        assert_eq!(texts("fn f<'a>(x: &'a str) -> &'static str"), ["fn", "f", "<", "'a", ">", "(", "x", ":", "&", "'a", "str", ")", "->", "&", "'static", "str"]);
        assert_eq!(texts("r#type a::b c ..= d <<= 1"), ["r#type", "a", "::", "b", "c", "..=", "d", "<<=", "1"]);
        assert_eq!(texts("'outer: loop { break 'outer; }"), ["'outer", ":", "loop", "{", "break", "'outer", ";", "}"]);
    }

    #[test]
    fn comments_are_not_tokens_and_doc_comments_are_told_apart() {
        let kinds = |src: &str| lex(src).unwrap().iter().map(|t| t.kind).collect::<Vec<_>>();
        assert_eq!(kinds("/// doc\n//! inner\n// plain\n//// plain too"), [Kind::DocComment, Kind::DocComment, Kind::Comment, Kind::Comment]);
        assert_eq!(kinds("/** doc */ /*! inner */ /* plain */ /*** plain */ /**/"), [Kind::DocComment, Kind::DocComment, Kind::Comment, Kind::Comment, Kind::Comment]);
        // Block comments nest.
        assert_eq!(texts("a /* x /* y */ z */ b"), ["a", "b"]);
    }

    #[test]
    fn unterminated_literals_and_comments_are_errors() {
        assert_eq!(lex("let s = \"open"), Err(LexError::Unterminated { what: "string", line: 1 }));
        assert_eq!(lex("a\n/* /* */"), Err(LexError::Unterminated { what: "block comment", line: 2 }));
        assert_eq!(lex("r#\"x\""), Err(LexError::Unterminated { what: "raw string", line: 1 }));
        assert_eq!(count("#[cfg(test)]\nmod t {\n"), Err(LexError::UnendedTestItem { line: 1 }));
    }

    #[test]
    fn counts_skip_blanks_comments_docs_and_test_items() {
        let src = "//! Module doc.\n\n/// A function.\nfn f() -> u32 {\n    // why\n    1 + 2 // sum\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() { assert_eq!(super::f(), 3); }\n}\n\n#[cfg(test)]\nuse std::fmt;\nconst X: &str = \"a\nb\";\n";
        let c = count(src).unwrap();
        // Code lines: `fn f`, `1 + 2`, `}`, and the two lines of the string constant.
        assert_eq!(c.lines, 5, "{c:?}");
        // fn f ( ) -> u32 { 1 + 2 } = 11; const X : & str = "a\nb" ; = 8.
        assert_eq!(c.tokens, 19, "{c:?}");
        assert_eq!(c.doc_lines, 2, "{c:?}");
        assert_eq!(c.test_lines, 7, "{c:?}");
    }

    #[test]
    fn a_test_only_file_counts_nothing_but_test_lines() {
        let c = count("#![cfg(test)]\n\nfn helper() {}\n").unwrap();
        assert_eq!((c.lines, c.tokens, c.test_lines), (0, 0, 2));
    }

    #[test]
    fn formatting_moves_lines_not_tokens() {
        let one = count("fn f(a: u32, b: u32) -> u32 { a + b }\n").unwrap();
        let many = count("fn f(\n    a: u32,\n    b: u32,\n) -> u32 {\n    a + b\n}\n").unwrap();
        assert_eq!(one.tokens + 1, many.tokens, "rustfmt's trailing comma is the one token more");
        assert_eq!((one.lines, many.lines), (1, 6));
    }
}
