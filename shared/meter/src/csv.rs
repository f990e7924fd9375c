//! Minimal RFC 4180 CSV: field quoting for writing, and a record reader.
//!
//! A field is quoted when it contains a comma, a double quote, a carriage return or a line
//! feed, or starts or ends with a space; quotes inside are doubled. Everything else (spec
//! strings' parentheses and semicolons included) is written as is. Records end with `\n`.

use std::borrow::Cow;
use std::fmt;

/// Returns `field` as it must appear in a CSV record.
pub fn escape(field: &str) -> Cow<'_, str> {
    let needs_quotes = field.contains([',', '"', '\r', '\n']) || field.starts_with(' ') || field.ends_with(' ');
    if !needs_quotes {
        return Cow::Borrowed(field);
    }
    let mut out = String::with_capacity(field.len() + 2);
    out.push('"');
    for ch in field.chars() {
        if ch == '"' {
            out.push('"');
        }
        out.push(ch);
    }
    out.push('"');
    Cow::Owned(out)
}

/// Joins already-formatted fields into one record (no trailing newline), quoting as needed.
pub fn join<'a>(fields: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for (i, f) in fields.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&escape(f));
    }
    out
}

/// A malformed CSV text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvError {
    /// 1-based line where the problem was found (for errors in a row's values: the 1-based
    /// record number, header included).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CSV line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for CsvError {}

/// Splits a CSV text into records of fields, undoing the quoting. Accepts `\n` and `\r\n`
/// line ends; a final line end is optional; empty lines are skipped.
pub fn parse(text: &str) -> Result<Vec<Vec<String>>, CsvError> {
    let mut records = Vec::new();
    let mut record: Vec<String> = Vec::new();
    let mut field = String::new();
    let mut in_quotes = false;
    let mut field_started = false;
    let mut line = 1;
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        if in_quotes {
            match ch {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => {
                    in_quotes = false;
                    match chars.peek() {
                        None | Some(',') | Some('\n') | Some('\r') => {}
                        Some(c) => {
                            return Err(CsvError { line, message: format!("{c:?} after a closing quote") });
                        }
                    }
                }
                '\n' => {
                    line += 1;
                    field.push(ch);
                }
                _ => field.push(ch),
            }
            continue;
        }
        match ch {
            '"' if !field_started => {
                in_quotes = true;
                field_started = true;
            }
            '"' => return Err(CsvError { line, message: "quote inside an unquoted field".into() }),
            ',' => {
                record.push(std::mem::take(&mut field));
                field_started = false;
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                if field_started || !record.is_empty() {
                    record.push(std::mem::take(&mut field));
                    records.push(std::mem::take(&mut record));
                }
                field_started = false;
                line += 1;
            }
            _ => {
                field.push(ch);
                field_started = true;
            }
        }
    }
    if in_quotes {
        return Err(CsvError { line, message: "unterminated quoted field".into() });
    }
    if field_started || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_only_when_needed() {
        assert_eq!(escape("son:reduce(dce);load-elim"), "son:reduce(dce);load-elim");
        assert_eq!(escape("a,b"), "\"a,b\"");
        assert_eq!(escape("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(escape("two\nlines"), "\"two\nlines\"");
        assert_eq!(escape(" padded"), "\" padded\"");
        assert_eq!(escape(""), "");
    }

    #[test]
    fn parse_undoes_join() {
        let fields = ["", "a,b", "q\"q", "l1\r\nl2", "plain", " s "];
        let text = format!("{}\r\n{}\n", join(fields), join(["x", ""]));
        let recs = parse(&text).unwrap();
        assert_eq!(recs, vec![fields.map(String::from).to_vec(), vec!["x".to_string(), String::new()]]);
    }

    #[test]
    fn parse_rejects_malformed() {
        assert!(parse("\"open").is_err());
        assert!(parse("a\"b").is_err());
        assert!(parse("\"a\"b").is_err());
    }
}
