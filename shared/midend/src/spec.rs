//! Pipeline specs: the one grammar both optimizing pipelines read, its typed syntax tree
//! ([`Spec`]), its one error type ([`SpecError`]) and the shape of a pass registry
//! ([`Registry`]).
//!
//! A spec is text such as
//! `son:reduce(dce,common,vn);typer;lower;schedule(split=on)` or
//! `cfg:build(inline=off);copy(late-load-elim);copy(lower,vn);copy(dce)`.
//! [`parse`] reads the text into a [`Spec`] without knowing what the names mean; each
//! pipeline's `parse_spec` (`son::parse_spec`, `cfg::parse_spec`) then checks the phases
//! against its registry (unknown names, arguments, ordering rules) and builds its options.
//!
//! # Grammar
//!
//! ```text
//! spec     = [ pipeline ":" ] item { ";" item }
//! pipeline = "son" | "cfg"
//! item     = word [ "(" [ arg { "," arg } ] ")" ]
//! arg      = word [ "=" word ]
//! word     = one or more of  a-z A-Z 0-9 - _ . :
//! ```
//!
//! - Whitespace may surround every token. Empty items (`;;`, a trailing `;`) and empty
//!   arguments (`copy(a,,b)`) are skipped.
//! - The pipeline prefix is optional, on both pipelines alike: a spec is always handed to a
//!   pipeline that knows what it is (`--tier`, or `seabed ab`, which picks the tier from
//!   the prefix with [`prefix`]), so a missing prefix means "this pipeline". A prefix that
//!   names the other pipeline, or no pipeline, is an error.
//! - The leading items may be `build` or `build(inline=on|off)`: the graph builder's
//!   options ([`BuildOptions`]), before any phase (the graph is built before any phase
//!   runs). Every other item is a phase ([`PhaseAst`]).
//!
//! # Errors
//!
//! Every error is a [`SpecError`]: a byte offset into the spec text and a message. Its
//! `Display` reads `at column N: message`; [`SpecError::annotate`] adds the spec text with a
//! caret under the column.

use std::fmt;

/// The two optimizing pipelines a spec can be for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pipeline {
    /// The sea-of-nodes pipeline (`son/`).
    Son,
    /// The CFG pipeline (`cfg/`).
    Cfg,
}

impl Pipeline {
    /// Both pipelines.
    pub const ALL: [Pipeline; 2] = [Pipeline::Son, Pipeline::Cfg];

    /// The pipeline's prefix in spec text (`son`, `cfg`).
    pub fn name(self) -> &'static str {
        match self {
            Pipeline::Son => "son",
            Pipeline::Cfg => "cfg",
        }
    }

    /// A spec of this pipeline in canonical form from its phases' canonical texts: the
    /// prefix, then `build(...)` with the builder options that are off (`inline=off`,
    /// `context=off`; on is the default and left out), then the phases separated by `;`.
    pub fn canonical_spec(self, build: BuildOptions, phases: impl IntoIterator<Item = String>) -> String {
        let off: Vec<&str> = [(build.inline, "inline=off"), (build.context, "context=off")].into_iter().filter(|&(on, _)| !on).map(|(_, text)| text).collect();
        let build = (!off.is_empty()).then(|| format!("build({})", off.join(",")));
        let items: Vec<String> = build.into_iter().chain(phases).collect();
        format!("{}:{}", self.name(), items.join(";"))
    }

    /// The pipeline a prefix names, if it names one.
    pub fn from_name(name: &str) -> Option<Pipeline> {
        Pipeline::ALL.into_iter().find(|p| p.name() == name)
    }
}

impl fmt::Display for Pipeline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A parse or validation error: where in the spec text, and what is wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SpecError {
    /// Byte offset into the spec text (the text's length for "missing at the end").
    pub position: usize,
    /// What is wrong, naming the valid choices where there are some.
    pub message: String,
}

impl SpecError {
    /// An error at byte offset `position`.
    pub fn new(position: usize, message: impl Into<String>) -> SpecError {
        SpecError { position, message: message.into() }
    }

    /// For the parsers' tests: panics, showing the annotated `text`, unless this error is at
    /// `column` (1-based) and its message contains `part`.
    pub fn assert_at(&self, text: &str, column: usize, part: &str) {
        assert_eq!(self.position + 1, column, "{}", self.annotate(text));
        assert!(self.message.contains(part), "{}", self.annotate(text));
    }

    /// The 1-based column of the error (specs are ASCII; a non-ASCII text counts
    /// characters).
    pub fn column(&self, text: &str) -> usize {
        let end = self.position.min(text.len());
        text.char_indices().take_while(|&(i, _)| i < end).count() + 1
    }

    /// The error with the spec text under it and a caret at the column:
    ///
    /// ```text
    /// at column 12: unknown reducer 'bogus' (valid: ...)
    ///   son:reduce(bogus);lower;schedule
    ///              ^
    /// ```
    pub fn annotate(&self, text: &str) -> String {
        let column = self.column(text);
        format!("at column {column}: {}\n  {text}\n  {}^", self.message, " ".repeat(column - 1))
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at column {}: {}", self.position + 1, self.message)
    }
}

impl std::error::Error for SpecError {}

/// A word of the spec text and where it starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Word {
    /// The word.
    pub text: String,
    /// Byte offset of its first character in the spec text.
    pub position: usize,
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// One argument of a phase: `name` (a reducer) or `key=value` (an option).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Arg {
    /// The key of a `key=value` argument.
    pub key: Option<Word>,
    /// The argument itself, or the value of a `key=value` argument.
    pub value: Word,
}

impl Arg {
    /// Where the argument starts (its key, or its value when it has no key).
    pub fn position(&self) -> usize {
        self.key.as_ref().map_or(self.value.position, |k| k.position)
    }

    /// The argument as written (`name` or `key=value`).
    pub fn text(&self) -> String {
        match &self.key {
            Some(k) => format!("{}={}", k.text, self.value.text),
            None => self.value.text.clone(),
        }
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// One phase of a spec: a name, and the arguments in parentheses if it has any.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PhaseAst {
    /// The phase's name (`reduce`, `copy`, `typer`, ...).
    pub name: Word,
    /// The arguments; `None` without parentheses, `Some(vec![])` for `name()`.
    pub args: Option<Vec<Arg>>,
}

impl PhaseAst {
    /// Where the phase starts.
    pub fn position(&self) -> usize {
        self.name.position
    }

    /// An error unless the phase has no arguments (`typer`, `lower`, ...).
    pub fn expect_no_args(&self) -> Result<(), SpecError> {
        match self.args.as_deref() {
            None => Ok(()),
            Some([]) => Err(SpecError::new(self.position(), format!("'{}' takes no arguments: write '{}'", self.name, self.name))),
            Some([first, ..]) => Err(SpecError::new(
                first.position(),
                format!("'{}' takes no arguments (found '{}'): write '{}'", self.name, first, self.name),
            )),
        }
    }
}

impl fmt::Display for PhaseAst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name.text)?;
        if let Some(args) = &self.args {
            let args: Vec<String> = args.iter().map(Arg::text).collect();
            write!(f, "({})", args.join(","))?;
        }
        Ok(())
    }
}

/// The options of the graph builder, from a leading `build(...)` item.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BuildOptions {
    /// Inlining of small monomorphic callees (`inline=on|off`; default on).
    pub inline: bool,
    /// Function-context specialization (`context=on|off`; default on, as TurboFan does it for
    /// a function with one closure): see [`crate::walker::WalkOptions::specialize_context`].
    pub context: bool,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions { inline: true, context: true }
    }
}

/// A parsed spec: its pipeline, the builder's options and the phases, names not yet
/// checked (each pipeline's `parse_spec` checks them against its registry).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Spec {
    /// The pipeline the spec is for (the prefix, or the pipeline that parsed it).
    pub pipeline: Pipeline,
    /// The graph builder's options.
    pub build: BuildOptions,
    /// Whether the text had a `build` item (so that [`Spec`]'s `Display` writes one back).
    pub has_build: bool,
    /// The phases, in order.
    pub phases: Vec<PhaseAst>,
    /// The length of the spec text: the position of errors about what is missing at the end.
    pub end: usize,
}

impl fmt::Display for Spec {
    /// The spec in its canonical text: prefix, `build(inline=...)` if the text had one, the
    /// phases separated by `;`, no whitespace.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.pipeline)?;
        let mut items: Vec<String> = Vec::new();
        if self.has_build {
            items.push(format!("build(inline={})", on_off(self.build.inline)));
        }
        items.extend(self.phases.iter().map(PhaseAst::to_string));
        f.write_str(&items.join(";"))
    }
}

/// `on` or `off`: how specs write a switch.
pub fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// Reads an `on|off` switch value (`split=on`, `inline=off`).
pub fn parse_switch(arg: &Arg) -> Result<bool, SpecError> {
    match arg.value.text.as_str() {
        "on" => Ok(true),
        "off" => Ok(false),
        other => Err(SpecError::new(arg.value.position, format!("'{}' is '{other}'; valid: on, off", arg.text()))),
    }
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':')
}

/// The pipeline prefix of `text` and the byte offset after its `:`, if the text has one
/// (`Ok(None)` if it has none; an error if the prefix names no pipeline).
pub fn prefix(text: &str) -> Result<Option<(Pipeline, usize)>, SpecError> {
    let start = text.len() - text.trim_start().len();
    let rest = &text[start..];
    let len = rest.find(|c: char| !(is_word_char(c) && c != ':')).unwrap_or(rest.len());
    let after = rest[len..].trim_start();
    if len == 0 || !after.starts_with(':') {
        return Ok(None);
    }
    let colon = text.len() - after.len();
    match Pipeline::from_name(&rest[..len]) {
        Some(p) => Ok(Some((p, colon + 1))),
        None => Err(SpecError::new(start, format!("unknown pipeline '{}'; valid: son, cfg", &rest[..len]))),
    }
}

/// Parses `text` as a spec for `pipeline` (see the [module docs](self) for the grammar).
/// Checks the syntax, the prefix and the `build` item; the phases' names are left to the
/// pipeline's registry.
pub fn parse(text: &str, pipeline: Pipeline) -> Result<Spec, SpecError> {
    let mut cursor = Cursor { text, pos: 0 };
    if let Some((found, after)) = prefix(text)? {
        if found != pipeline {
            return Err(SpecError::new(
                text.len() - text.trim_start().len(),
                format!("this is a {found} spec, given to the {pipeline} pipeline (write '{pipeline}:' or no prefix)"),
            ));
        }
        cursor.pos = after;
    }
    let mut spec = Spec { pipeline, build: BuildOptions::default(), has_build: false, phases: Vec::new(), end: text.len() };
    loop {
        cursor.skip_whitespace();
        match cursor.peek() {
            None => break,
            Some(';') => {
                cursor.pos += 1;
                continue;
            }
            Some(_) => {}
        }
        let item = cursor.item()?;
        cursor.skip_whitespace();
        match cursor.peek() {
            None | Some(';') => {}
            Some(c) => return Err(SpecError::new(cursor.pos, format!("expected ';' after '{item}', found '{c}'"))),
        }
        if item.name.text == "build" {
            if !spec.phases.is_empty() {
                return Err(SpecError::new(item.position(), "'build(...)' must come first: the graph is built before any phase"));
            }
            spec.build = build_options(&item)?;
            spec.has_build = true;
        } else {
            spec.phases.push(item);
        }
    }
    Ok(spec)
}

/// The options of a `build` item.
fn build_options(item: &PhaseAst) -> Result<BuildOptions, SpecError> {
    let mut options = BuildOptions::default();
    for arg in item.args.iter().flatten() {
        match arg.key.as_ref().map(|k| k.text.as_str()) {
            Some("inline") => options.inline = parse_switch(arg)?,
            Some("context") => options.context = parse_switch(arg)?,
            _ => return Err(SpecError::new(arg.position(), format!("unknown build option '{arg}'; valid: inline=on|off, context=on|off"))),
        }
    }
    Ok(options)
}

/// A position in the spec text while parsing.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn skip_whitespace(&mut self) {
        let rest = &self.text[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// A word at the cursor (after whitespace), or `None` if none starts there.
    fn word(&mut self) -> Option<Word> {
        self.skip_whitespace();
        let rest = &self.text[self.pos..];
        let len = rest.find(|c: char| !is_word_char(c)).unwrap_or(rest.len());
        if len == 0 {
            return None;
        }
        let word = Word { text: rest[..len].to_string(), position: self.pos };
        self.pos += len;
        Some(word)
    }

    /// What the cursor is at, for an error message.
    fn found(&self) -> String {
        match self.peek() {
            Some(c) => format!("'{c}'"),
            None => "the end of the spec".to_string(),
        }
    }

    /// `word [ "(" args ")" ]`.
    fn item(&mut self) -> Result<PhaseAst, SpecError> {
        let name = self
            .word()
            .ok_or_else(|| SpecError::new(self.pos, format!("expected a phase name, found {}", self.found())))?;
        self.skip_whitespace();
        if self.peek() != Some('(') {
            return Ok(PhaseAst { name, args: None });
        }
        let open = self.pos;
        self.pos += 1;
        let mut args = Vec::new();
        loop {
            self.skip_whitespace();
            match self.peek() {
                Some(')') => {
                    self.pos += 1;
                    return Ok(PhaseAst { name, args: Some(args) });
                }
                Some(',') => {
                    self.pos += 1;
                    continue;
                }
                None => return Err(SpecError::new(open, format!("'(' of '{name}' is not closed"))),
                Some(_) => {}
            }
            let first = self.word().ok_or_else(|| {
                SpecError::new(self.pos, format!("expected an argument of '{name}', ',' or ')', found {}", self.found()))
            })?;
            self.skip_whitespace();
            let arg = if self.peek() == Some('=') {
                self.pos += 1;
                let value = self
                    .word()
                    .ok_or_else(|| SpecError::new(self.pos, format!("expected a value after '{first}=', found {}", self.found())))?;
                Arg { key: Some(first), value }
            } else {
                Arg { key: None, value: first }
            };
            args.push(arg);
            self.skip_whitespace();
            match self.peek() {
                Some(',' | ')') => {}
                None => return Err(SpecError::new(open, format!("'(' of '{name}' is not closed"))),
                Some(_) => {
                    return Err(SpecError::new(self.pos, format!("expected ',' or ')' in '{name}(...)', found {}", self.found())))
                }
            }
        }
    }
}

/// One name a spec may use: a phase or a pass, its aliases, and what the pipeline knows
/// about it (`K`: which pass it is and where it may run).
#[derive(Debug)]
pub struct Entry<K: 'static> {
    /// The canonical name (meter rows and counters use it).
    pub name: &'static str,
    /// Other names accepted for it (the other pipeline's name for the same optimization).
    pub aliases: &'static [&'static str],
    /// The pipeline's data about it.
    pub kind: K,
}

/// The names one kind of item may take (the phases of a pipeline, or its reducers), as a
/// static table.
#[derive(Debug)]
pub struct Registry<K: 'static> {
    /// What the names are, for messages (`phase`, `reducer`).
    pub noun: &'static str,
    /// The entries, in the order messages list them.
    pub entries: &'static [Entry<K>],
}

impl<K> Registry<K> {
    /// The first entry whose position differs from the index `id` gives its kind, if any: a
    /// registry indexed by an enum (`entries[id as usize]`) must list the kinds in the
    /// enum's order.
    pub fn out_of_order(&self, id: impl Fn(&K) -> usize) -> Option<&'static str> {
        self.entries.iter().enumerate().find(|(i, e)| id(&e.kind) != *i).map(|(_, e)| e.name)
    }

    /// The entry `name` stands for (its canonical name or an alias).
    pub fn find(&'static self, name: &str) -> Option<&'static Entry<K>> {
        self.entries.iter().find(|e| e.name == name || e.aliases.contains(&name))
    }

    /// The valid names, for messages: `a, b (or b2), c`.
    pub fn choices(&self) -> String {
        let names: Vec<String> = self
            .entries
            .iter()
            .map(|e| match e.aliases {
                [] => e.name.to_string(),
                aliases => format!("{} (or {})", e.name, aliases.join(", ")),
            })
            .collect();
        names.join(", ")
    }

    /// The entry `word` stands for, or an error at the word naming the valid choices.
    pub fn resolve(&'static self, word: &Word) -> Result<&'static Entry<K>, SpecError> {
        self.find(&word.text)
            .ok_or_else(|| SpecError::new(word.position, format!("unknown {} '{}'; valid: {}", self.noun, word.text, self.choices())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str, pipeline: Pipeline) -> SpecError {
        parse(text, pipeline).unwrap_err()
    }

    #[test]
    fn parses_phases_arguments_and_options() {
        let s = parse(" son: reduce( dce , vn,driver=worklist:7 ) ;typer;; schedule(split=on);", Pipeline::Son).unwrap();
        assert_eq!(s.pipeline, Pipeline::Son);
        assert_eq!(s.phases.len(), 3);
        let reduce = &s.phases[0];
        assert_eq!((reduce.name.text.as_str(), reduce.position()), ("reduce", 6));
        let args = reduce.args.as_ref().unwrap();
        assert_eq!(args.iter().map(Arg::text).collect::<Vec<_>>(), ["dce", "vn", "driver=worklist:7"]);
        assert_eq!(args[2].key.as_ref().unwrap().position, 23);
        assert_eq!(args[2].value.position, 30);
        assert_eq!(s.phases[1].args, None);
        assert_eq!(s.to_string(), "son:reduce(dce,vn,driver=worklist:7);typer;schedule(split=on)");
    }

    #[test]
    fn the_prefix_is_optional_and_must_name_the_pipeline() {
        assert_eq!(parse("copy(dce)", Pipeline::Cfg).unwrap().to_string(), "cfg:copy(dce)");
        assert_eq!(parse("cfg:copy(dce)", Pipeline::Cfg).unwrap().to_string(), "cfg:copy(dce)");
        let e = err("cfg:copy(dce)", Pipeline::Son);
        assert_eq!(e.position, 0);
        assert!(e.message.contains("cfg spec, given to the son pipeline"), "{e}");
        let e = err("  llvm:copy(dce)", Pipeline::Cfg);
        assert_eq!(e.position, 2);
        assert!(e.message.contains("unknown pipeline 'llvm'; valid: son, cfg"), "{e}");
        assert_eq!(prefix("son:lower").unwrap(), Some((Pipeline::Son, 4)));
        assert_eq!(prefix("reduce(dce,driver=worklist:7)").unwrap(), None);
        assert_eq!(prefix("").unwrap(), None);
    }

    #[test]
    fn build_comes_first_and_takes_inline_and_context_only() {
        let s = parse("cfg:build(inline=off);copy(dce)", Pipeline::Cfg).unwrap();
        assert!(!s.build.inline && s.has_build);
        assert_eq!(s.to_string(), "cfg:build(inline=off);copy(dce)");
        assert!(parse("cfg:build;copy(dce)", Pipeline::Cfg).unwrap().build.inline);
        assert!(parse("cfg:build();copy(dce)", Pipeline::Cfg).unwrap().build.inline);
        assert!(parse("cfg:copy(dce)", Pipeline::Cfg).unwrap().build.inline);
        let e = err("son:typer;build(inline=off)", Pipeline::Son);
        assert_eq!(e.position, 10);
        assert!(e.message.contains("must come first"), "{e}");
        let e = err("son:build(inline=sometimes)", Pipeline::Son);
        assert_eq!(e.position, 17);
        assert!(e.message.contains("valid: on, off"), "{e}");
        let e = err("son:build(hoist=on)", Pipeline::Son);
        assert_eq!(e.position, 10);
        assert!(e.message.contains("unknown build option 'hoist=on'; valid: inline=on|off, context=on|off"), "{e}");
        let s = parse("son:build(context=off)", Pipeline::Son).unwrap();
        assert!(s.build.inline && !s.build.context);
    }

    #[test]
    fn syntax_errors_say_where() {
        let e = err("son:reduce(dce", Pipeline::Son);
        assert_eq!((e.position, e.message.as_str()), (10, "'(' of 'reduce' is not closed"));
        let e = err("son:reduce(dce) x", Pipeline::Son);
        assert_eq!(e.position, 16);
        assert!(e.message.starts_with("expected ';' after 'reduce(dce)'"), "{e}");
        let e = err("son:reduce(dce vn)", Pipeline::Son);
        assert_eq!(e.position, 15);
        let e = err("son:reduce(driver=)", Pipeline::Son);
        assert_eq!(e.position, 18);
        assert!(e.message.contains("expected a value after 'driver='"), "{e}");
        let e = err("son:typer;(dce)", Pipeline::Son);
        assert_eq!(e.position, 10);
        assert!(e.message.contains("expected a phase name"), "{e}");
        let e = err("son:typer;lower(", Pipeline::Son);
        assert_eq!(e.position, 15);
    }

    #[test]
    fn an_error_shows_its_column_and_a_caret() {
        let text = "son:reduce(bogus)";
        let e = SpecError::new(11, "unknown reducer 'bogus'");
        assert_eq!(e.to_string(), "at column 12: unknown reducer 'bogus'");
        assert_eq!(e.column(text), 12);
        assert_eq!(e.annotate(text), "at column 12: unknown reducer 'bogus'\n  son:reduce(bogus)\n             ^");
    }

    #[test]
    fn phases_without_arguments_reject_them() {
        let s = parse("typer(x);lower()", Pipeline::Son).unwrap();
        let e = s.phases[0].expect_no_args().unwrap_err();
        assert_eq!(e.position, 6);
        assert!(e.message.contains("'typer' takes no arguments"), "{e}");
        assert_eq!(s.phases[1].expect_no_args().unwrap_err().position, 9);
    }

    static COLORS: Registry<u8> = Registry {
        noun: "color",
        entries: &[Entry { name: "red", aliases: &["rouge"], kind: 1 }, Entry { name: "blue", aliases: &[], kind: 2 }],
    };

    #[test]
    fn a_registry_resolves_names_and_aliases_and_lists_the_choices() {
        assert_eq!(COLORS.find("rouge").unwrap().name, "red");
        assert_eq!(COLORS.find("blue").unwrap().kind, 2);
        assert!(COLORS.find("green").is_none());
        let e = COLORS.resolve(&Word { text: "green".into(), position: 3 }).unwrap_err();
        assert_eq!(e, SpecError::new(3, "unknown color 'green'; valid: red (or rouge), blue"));
    }
}
