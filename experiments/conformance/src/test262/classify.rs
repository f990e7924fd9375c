//! The classifier: which test262 tests are in the Tier 1-3 selection, in which modes, and why
//! the others are skipped.
//!
//! The checks run from cheapest to decisive; the first that fails names the skip reason:
//! 1. flags: `module`, `async` and `CanBlockIsTrue` tests are skipped;
//! 2. `negative: {phase: resolution}` (module linking) is skipped;
//! 3. `includes:` naming a harness file we do not provide ([`PROVIDED_INCLUDES`]);
//! 4. `features:` outside [`SELECTED_FEATURES`];
//! 5. harness API our harness lacks, found by a lexical scan of the test ([`harness_need`]):
//!    `$262` and `assert.NAME` other than [`PROVIDED_ASSERTS`];
//! 6. the decisive check: the composed program (harness + test, in the mode) is compiled
//!    in-process exactly as `seabed check` compiles it, and any unsupported construct skips it.
//!
//! A test the frontend rejects with a syntax error stays selected: that is the expected result
//! of a negative parse test, and a failure to report for any other.

use super::frontmatter::{Frontmatter, Phase};

/// Harness files whose API our harness provides (`experiments/test262/harness.js`): test262
/// includes `assert.js` and `sta.js` by default; the others are small helper files.
/// `propertyHelper.js` is not among them: it needs `Object.getOwnPropertyDescriptor`, which
/// seabed does not implement.
pub const PROVIDED_INCLUDES: &[&str] =
    &["assert.js", "sta.js", "compareArray.js", "tcoHelper.js", "nans.js", "decimalToHexString.js"];

/// `assert.NAME` functions our harness provides.
pub const PROVIDED_ASSERTS: &[&str] = &["sameValue", "notSameValue", "compareArray", "throws", "_isSameValue", "_toString"];

/// Flags whose tests never run here.
pub const SKIPPED_FLAGS: &[&str] = &["module", "async", "CanBlockIsTrue"];

/// test262 feature tags whose tests may be in the selection (the static check still decides):
/// the syntax and library of Tiers 1-3 (LANGUAGE.md), or tags whose unsupported parts
/// `seabed check` or a runtime trap reports. Every other feature tag skips its test, among
/// them what LANGUAGE.md keeps out: RegExp, eval, generators, async, Proxy, Reflect, Symbol,
/// BigInt, modules, Intl, typed arrays beyond what exists, Temporal.
pub const SELECTED_FEATURES: &[&str] = &[
    // Tier 1.
    "let",
    "const",
    "exponentiation",
    "numeric-separator-literal",
    "hashbang",
    "json-superset",
    "u180e",
    // Tier 2 and 3: syntax.
    "arrow-function",
    "class",
    "class-fields-public",
    "class-static-fields-public",
    "super",
    "computed-property-names",
    "template",
    "default-parameters",
    "rest-parameters",
    "destructuring-binding",
    "destructuring-assignment",
    "object-spread",
    "object-rest",
    "optional-catch-binding",
    "optional-chaining",
    "coalesce-expression",
    "logical-assignment-operators",
    "for-of",
    "for-in-order",
    // Tier 3: the library.
    "Array.prototype.includes",
    "Array.prototype.at",
    "Array.prototype.flat",
    "array-find-from-last",
    "stable-array-sort",
    "String.prototype.at",
    "String.prototype.endsWith",
    "String.prototype.includes",
    "String.prototype.replaceAll",
    "String.prototype.trimEnd",
    "String.prototype.trimStart",
    "String.fromCodePoint",
    "string-trimming",
    "Object.is",
    "Object.hasOwn",
    "error-cause",
];

/// How a test is run: as written (sloppy) or with `"use strict";` prepended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mode {
    /// Non-strict code.
    Sloppy,
    /// `"use strict";` prepended to the composed program.
    Strict,
}

impl Mode {
    /// The mode's name in the CSV and the expectations file.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Sloppy => "sloppy",
            Mode::Strict => "strict",
        }
    }

    /// Parses a mode name.
    pub fn parse(s: &str) -> Option<Mode> {
        match s {
            "sloppy" => Some(Mode::Sloppy),
            "strict" => Some(Mode::Strict),
            _ => None,
        }
    }
}

/// The modes test262 runs a test in: `onlyStrict` strict only, `noStrict` and `raw` sloppy
/// only, otherwise both.
pub fn modes(fm: &Frontmatter) -> Vec<Mode> {
    if fm.has_flag("onlyStrict") {
        vec![Mode::Strict]
    } else if fm.has_flag("noStrict") || fm.has_flag("raw") {
        vec![Mode::Sloppy]
    } else {
        vec![Mode::Sloppy, Mode::Strict]
    }
}

/// Checks 1-4: flags, negative phase, includes and features. `Err` is the skip reason.
pub fn prefilter(fm: &Frontmatter) -> Result<(), String> {
    if let Some(flag) = SKIPPED_FLAGS.iter().find(|f| fm.has_flag(f)) {
        return Err(format!("flag: {flag}"));
    }
    if fm.negative.as_ref().is_some_and(|n| n.phase == Phase::Resolution) {
        return Err("negative: resolution phase".into());
    }
    if let Some(inc) = fm.includes.iter().find(|i| !PROVIDED_INCLUDES.contains(&i.as_str())) {
        return Err(format!("includes: {inc}"));
    }
    if let Some(feature) = fm.features.iter().find(|f| !SELECTED_FEATURES.contains(&f.as_str())) {
        return Err(format!("feature: {feature}"));
    }
    Ok(())
}

/// Check 5: the first harness API the test uses that our harness does not provide, found in
/// the test's code with comments and string contents blanked out.
pub fn harness_need(source: &str) -> Option<String> {
    let code = code_only(source);
    let bytes = code.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    let mut at = 0;
    while at < bytes.len() {
        let start = at;
        if !ident(bytes[at]) {
            at += 1;
            continue;
        }
        while at < bytes.len() && ident(bytes[at]) {
            at += 1;
        }
        if start > 0 && bytes[start - 1] == b'.' {
            continue; // a property name, not a variable
        }
        let word = &code[start..at];
        let next = code[at..].trim_start();
        match word {
            "$262" => return Some("harness: $262".into()),
            "assert" if next.starts_with('.') => {
                let name: String = next[1..].trim_start().chars().take_while(|&c| c.is_ascii_alphanumeric() || c == '_').collect();
                if !PROVIDED_ASSERTS.contains(&name.as_str()) {
                    return Some(format!("harness: assert.{name}"));
                }
            }
            _ => {}
        }
    }
    None
}

/// `source` with comments replaced by spaces and the contents of string and template
/// literals replaced by spaces (quotes kept). A lexical approximation (a regular expression
/// literal is read as code), good enough to find identifiers.
pub fn code_only(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
                out.push(' ');
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut prev = ' ';
                for c in chars.by_ref() {
                    if prev == '*' && c == '/' {
                        break;
                    }
                    prev = c;
                }
                out.push(' ');
            }
            '"' | '\'' | '`' => {
                out.push(c);
                while let Some(d) = chars.next() {
                    if d == '\\' {
                        chars.next();
                    } else if d == c || (d == '\n' && c != '`') {
                        break;
                    }
                }
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// The program a test runs as: `"use strict";` in strict mode, then our harness (unless the
/// test is `raw`), then the test itself.
pub fn compose(harness: &str, fm: &Frontmatter, source: &str, mode: Mode) -> String {
    let mut program = String::with_capacity(harness.len() + source.len() + 16);
    if mode == Mode::Strict {
        program.push_str("\"use strict\";\n");
    }
    if !fm.has_flag("raw") {
        program.push_str(harness);
        program.push('\n');
    }
    program.push_str(source);
    program
}

/// Check 6, the decisive one: compiles `program` as `seabed check` does. `Err` names the
/// first unsupported construct; a syntax error is not a reason to skip, and neither is a
/// panic of the frontend: the test runs, and seabed's crash on it is its outcome.
pub fn static_check(file: &str, program: &str) -> Result<(), String> {
    match std::panic::catch_unwind(|| frontend::compile(file, program)) {
        Ok(Ok(p)) => match p.unsupported.first() {
            Some(u) => Err(format!("unsupported: {}", u.feature)),
            None => Ok(()),
        },
        Ok(Err(_)) | Err(_) => Ok(()),
    }
}

/// The classifier's decision for one test in one mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The mode.
    pub mode: Mode,
    /// `Ok(program)`: selected, with the composed program to run; `Err`: the skip reason.
    pub program: Result<String, String>,
}

/// Classifies one test (its frontmatter already parsed): one decision per mode it runs in.
pub fn classify(file: &str, fm: &Frontmatter, source: &str, harness: &str) -> Vec<Decision> {
    let early = prefilter(fm).and_then(|()| match harness_need(source) {
        Some(reason) => Err(reason),
        None => Ok(()),
    });
    modes(fm)
        .into_iter()
        .map(|mode| {
            let program = early.clone().and_then(|()| {
                let program = compose(harness, fm, source, mode);
                static_check(file, &program).map(|()| program)
            });
            Decision { mode, program }
        })
        .collect()
}
