//! A test262 test's metadata: the YAML frontmatter between `/*---` and `---*/`.
//!
//! test262 uses a small part of YAML, and this hand-written parser reads only that part:
//! top-level `key: value` pairs whose value is a plain scalar, a flow list (`[a, b]`, possibly
//! over several lines), a block list (`- a` lines below the key), a nested mapping (`phase:
//! parse` lines below `negative:`) or a block scalar (`|`, `>`; its text is skipped). Only the
//! keys the runner needs are kept: `flags`, `includes`, `features` and `negative`.

use std::collections::BTreeMap;

/// The metadata of one test.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frontmatter {
    /// `flags:` (onlyStrict, noStrict, raw, module, async, generated, CanBlockIsFalse, ...).
    pub flags: Vec<String>,
    /// `includes:`: harness files the test needs besides `assert.js` and `sta.js`.
    pub includes: Vec<String>,
    /// `features:`: the language and library features the test exercises.
    pub features: Vec<String>,
    /// `negative:`: the test must fail this way.
    pub negative: Option<Negative>,
}

/// A negative test's expected failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Negative {
    /// When the error must happen.
    pub phase: Phase,
    /// The constructor name of the error, e.g. `SyntaxError`.
    pub error_type: String,
}

/// The phase of a negative test (`early` is test262's old name for `parse`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before any code runs: a syntax or early error.
    Parse,
    /// Module linking (modules only).
    Resolution,
    /// While the test runs: an uncaught exception.
    Runtime,
}

impl Frontmatter {
    /// Whether `flags` contains `flag`.
    pub fn has_flag(&self, flag: &str) -> bool {
        self.flags.iter().any(|f| f == flag)
    }
}

/// One top-level value of the frontmatter.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    /// A scalar (block scalars keep an empty string: their text is not needed).
    Scalar(String),
    /// A flow or block list.
    List(Vec<String>),
    /// A nested mapping, in order.
    Map(Vec<(String, String)>),
}

/// The text between `/*---` and `---*/`, if the source has a frontmatter.
pub fn block(source: &str) -> Option<&str> {
    let start = source.find("/*---")? + "/*---".len();
    let len = source[start..].find("---*/")?;
    Some(&source[start..start + len])
}

/// Parses the frontmatter of a test's source text.
pub fn parse(source: &str) -> Result<Frontmatter, String> {
    let text = block(source).ok_or("no /*--- ... ---*/ frontmatter")?;
    let map = parse_yaml(text)?;
    let list = |key: &str| match map.get(key) {
        Some(Value::List(items)) => items.clone(),
        Some(Value::Scalar(s)) if !s.is_empty() => vec![s.clone()],
        _ => Vec::new(),
    };
    let negative = match map.get("negative") {
        None => None,
        Some(Value::Map(entries)) => Some(negative(entries)?),
        Some(_) => return Err("negative: is not a mapping".into()),
    };
    Ok(Frontmatter { flags: list("flags"), includes: list("includes"), features: list("features"), negative })
}

fn negative(entries: &[(String, String)]) -> Result<Negative, String> {
    let get = |key: &str| entries.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    let phase = match get("phase") {
        Some("parse") | Some("early") => Phase::Parse,
        Some("resolution") => Phase::Resolution,
        Some("runtime") => Phase::Runtime,
        Some(other) => return Err(format!("negative: unknown phase '{other}'")),
        None => return Err("negative: no phase".into()),
    };
    let error_type = get("type").ok_or("negative: no type")?.to_string();
    Ok(Negative { phase, error_type })
}

/// The number of leading spaces (tabs count as one).
fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches([' ', '\t']).len()
}

/// Splits `key: rest` (a YAML key is a plain word here).
fn key_value(line: &str) -> Option<(&str, &str)> {
    let (key, rest) = line.trim().split_once(':')?;
    let ok = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.');
    ok.then(|| (key, rest.trim()))
}

/// Removes matching surrounding quotes from a scalar.
fn unquote(s: &str) -> String {
    let s = s.trim();
    for q in ['"', '\''] {
        if s.len() >= 2 && s.starts_with(q) && s.ends_with(q) {
            return s[1..s.len() - 1].to_string();
        }
    }
    s.to_string()
}

/// Strips a ` # comment` from a flow-list line.
fn strip_comment(s: &str) -> &str {
    match s.find(" #") {
        Some(i) => &s[..i],
        None => s,
    }
}

/// The items of a flow list `[a, b, c]` (the brackets included).
fn flow_list(text: &str) -> Result<Vec<String>, String> {
    let inner = text.trim().strip_prefix('[').and_then(|t| t.strip_suffix(']')).ok_or(format!("bad flow list '{text}'"))?;
    Ok(inner.split(',').map(unquote).filter(|s| !s.is_empty()).collect())
}

/// Parses the YAML subset test262 uses into its top-level keys.
fn parse_yaml(text: &str) -> Result<BTreeMap<String, Value>, String> {
    // Some tests use CR or CRLF line terminators.
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let lines: Vec<&str> = text.lines().collect();
    let top = lines.iter().find(|l| !l.trim().is_empty()).map(|l| indent(l)).unwrap_or(0);
    let mut map = BTreeMap::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        if indent(line) > top {
            continue; // the continuation of a scalar or block scalar
        }
        let (key, rest) = key_value(line).ok_or(format!("frontmatter line {i}: expected 'key: value', got '{}'", line.trim()))?;
        // The more-indented lines that follow belong to this key.
        let body_end = (i..lines.len()).find(|&j| !lines[j].trim().is_empty() && indent(lines[j]) <= top).unwrap_or(lines.len());
        let body = &lines[i..body_end];
        let value = if rest.starts_with('[') {
            let mut flow = strip_comment(rest).to_string();
            for l in body {
                if flow.trim_end().ends_with(']') {
                    break;
                }
                flow.push(' ');
                flow.push_str(strip_comment(l.trim()));
            }
            Value::List(flow_list(&flow)?)
        } else if rest.is_empty() {
            nested(body)
        } else if rest.starts_with('|') || rest.starts_with('>') {
            Value::Scalar(String::new())
        } else {
            Value::Scalar(unquote(rest))
        };
        map.insert(key.to_string(), value);
        i = body_end;
    }
    Ok(map)
}

/// The value of a key with nothing after its colon: a block list or a nested mapping.
fn nested(body: &[&str]) -> Value {
    let items: Vec<&str> = body.iter().map(|l| l.trim()).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    if items.first().is_some_and(|l| l.starts_with('-')) {
        return Value::List(items.iter().filter_map(|l| l.strip_prefix('-')).map(|l| unquote(strip_comment(l))).collect());
    }
    if items.is_empty() {
        return Value::Scalar(String::new());
    }
    Value::Map(items.iter().filter_map(|l| key_value(l)).map(|(k, v)| (k.to_string(), unquote(strip_comment(v)))).collect())
}
