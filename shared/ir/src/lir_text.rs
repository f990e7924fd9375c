//! The text format of LIR: a printer and a parser that round-trip.
//!
//! ```text
//! function fib #3
//!   exit e0 Overflow: frame f3 @12 [r0=v1:Tagged, r2=v2:Int32, r4=0xfffa000000000000]
//!   exit e1 Stress: frame f0 @7 [] ; frame f3 @2 [r1=v5:Int32]
//! block b0(v0:Tagged, v1:Tagged):
//!   v2:Int32 = UntagInt32 v0
//!   v3:Int32 = Int32AddWithOverflow v2, v2
//!   v4:Bit = Projection[1] v3
//!   DeoptimizeIf[Overflow] v4 !e0
//!   Store[global3] v1
//!   goto b1(v2)
//! block b1(v5:Int32):
//!   v6:Bit = Int32LessThan v5, v2
//!   branch v6 ? b2() : b3(v5) weights 10 3
//! block b2():
//!   return v0
//! block b3(v7:Int32):
//!   deopt e1
//! ```
//!
//! The format is line oriented; indentation is not significant, blank lines and lines whose
//! first non-blank characters are `//` are ignored.
//!
//! - The first line is `function NAME #FUNC`. `NAME` is printed bare when it consists only of
//!   ASCII letters, digits and `_ $ . < > -`; otherwise it is a double-quoted string with the
//!   escapes `\\`, `\"`, `\n`, `\r`, `\t` and `\u{HEX}`. `FUNC` is the bytecode function id.
//! - Then the exits, in order `e0, e1, ...`: `exit eN REASON:` followed by the frames,
//!   outermost first, separated by ` ; `. A frame is `frame fFUNC @PC [REGISTERS]`; a register
//!   is `rN=vM:REP` (an SSA value, recorded in representation `REP`) or `rN=0xBITS` (a tagged
//!   constant, 16 hex digits). An exit with no frames prints as `exit eN REASON:`.
//! - Then the blocks, in order `b0, b1, ...`: a header `block bN(PARAMS):` where every
//!   parameter is `vM:REP`, the instructions, and exactly one terminator as the last line.
//! - An instruction is `[vM:REP =] OP [ARG, ...] [!eN]`: the result with its representation
//!   (absent when the instruction defines no value), the op as the op table prints it
//!   (`Load[field2]`, `CallRuntime[Binary.Add,2]`, `Float64Constant[-0.0]`), its value
//!   arguments, and the exit of a `DeoptimizeIf` / `DeoptimizeUnless`.
//! - A terminator is `goto bN(ARGS)`, `branch vC ? bT(ARGS) : bF(ARGS) [weights T F]`,
//!   `return vM`, `throw vM`, `deopt eN` or `check_exception vM bN(ARGS) catch bC` (the
//!   call `vM` returned: `bN`; it threw: the catch block `bC`).
//!
//! Every value prints with its representation where it is defined (block parameter or
//! result) and bare where it is used; an exit register repeats the representation because
//! [`ExitValue::Value`] records its own.
//!
//! **Value numbering.** Text may number values sparsely. The parser numbers the defined
//! values densely by rank, keeping their relative order: if the text defines `v0, v4, v9`
//! they become `v0, v1, v2`. So `parse(print(f)) == f` holds for every function whose values
//! are *dense* (each of `v0 .. v(reps.len()-1)` defined exactly once), and `print(parse(t)) ==
//! t` for printer-formatted text with dense numbering. The parser rejects a value defined
//! twice, a use of a value defined nowhere, a jump to a block that does not exist and a
//! reference to an exit that does not exist; everything else (dominance, representations,
//! op arity) is left to [`crate::lir_verify`], so invalid functions can be written down.

use std::collections::BTreeMap;
use std::fmt::{self, Write};

use frontend::bytecode::{FuncId, Reg};

use crate::frame::{ExitDesc, ExitId, ExitValue, FrameDesc};
use crate::lir::{Block, BlockId, Function, Inst, Jump, Terminator, Value};
use crate::ops::{BranchProfile, DeoptReason, Op, OpParam, Rep};

/// An error of [`parse`]: the 1-based line and what is wrong there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// The line (1-based) the error was found on.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

// ---- printer --------------------------------------------------------------------------------

/// Prints `f` in the text format described in the [module documentation](self).
///
/// Never panics, even on an invalid function: a value without an entry in `reps` prints its
/// representation as `?` (which the parser rejects).
pub fn print(f: &Function) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = write_function(&mut out, f);
    out
}

fn write_function(out: &mut String, f: &Function) -> fmt::Result {
    writeln!(out, "function {} #{}", quote_name(&f.name), f.func.0)?;
    for exit in &f.exits {
        write!(out, "  exit e{} {:?}:", exit.id.0, exit.reason)?;
        for (i, frame) in exit.frames.iter().enumerate() {
            out.push_str(if i == 0 { " " } else { " ; " });
            write!(out, "frame f{} @{} [", frame.func.0, frame.pc)?;
            for (k, (reg, value)) in frame.registers.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                write!(out, "r{}=", reg.0)?;
                print_exit_value(out, value)?;
            }
            out.push(']');
        }
        out.push('\n');
    }
    for (b, block) in f.blocks.iter().enumerate() {
        write!(out, "block b{b}(")?;
        for (k, &p) in block.params.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            write_def(out, f, p)?;
        }
        out.push_str("):\n");
        for inst in &block.insts {
            out.push_str("  ");
            if let Some(r) = inst.result {
                write_def(out, f, r)?;
                out.push_str(" = ");
            }
            write!(out, "{}", inst.op)?;
            for (k, a) in inst.args.iter().enumerate() {
                out.push_str(if k == 0 { " " } else { ", " });
                write!(out, "v{}", a.0)?;
            }
            if let Some(e) = inst.exit {
                write!(out, " !e{}", e.0)?;
            }
            out.push('\n');
        }
        out.push_str("  ");
        match &block.term {
            Terminator::Goto(j) => {
                out.push_str("goto ");
                write_jump(out, j)?;
            }
            Terminator::Branch { cond, if_true, if_false, profile } => {
                write!(out, "branch v{} ? ", cond.0)?;
                write_jump(out, if_true)?;
                out.push_str(" : ");
                write_jump(out, if_false)?;
                if let Some((t, e)) = profile.counts() {
                    write!(out, " weights {t} {e}")?;
                }
            }
            Terminator::Return(v) => write!(out, "return v{}", v.0)?,
            Terminator::Throw(v) => write!(out, "throw v{}", v.0)?,
            Terminator::Deoptimize(e) => write!(out, "deopt e{}", e.0)?,
            Terminator::CheckException { thrower, normal, catch } => {
                write!(out, "check_exception v{} ", thrower.0)?;
                write_jump(out, normal)?;
                write!(out, " catch b{}", catch.0)?;
            }
        }
        out.push('\n');
    }
    Ok(())
}

/// Writes one exit value: `vN:REP`, `0xBITS`, or a rematerialized object
/// `oID#SHAPE(FIELD, ...)` whose fields are exit values themselves.
fn print_exit_value(out: &mut String, value: &ExitValue) -> fmt::Result {
    match value {
        ExitValue::Value(v, rep) => write!(out, "v{v}:{rep:?}"),
        ExitValue::Constant(bits) => write!(out, "{bits:#018x}"),
        ExitValue::Object { id, shape, fields } => {
            write!(out, "o{id}#{shape}(")?;
            for (i, field) in fields.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                print_exit_value(out, field)?;
            }
            out.push(')');
            Ok(())
        }
    }
}

fn write_def(out: &mut String, f: &Function, v: Value) -> fmt::Result {
    match f.reps.get(v.0 as usize) {
        Some(rep) => write!(out, "v{}:{rep:?}", v.0),
        None => write!(out, "v{}:?", v.0),
    }
}

fn write_jump(out: &mut String, j: &Jump) -> fmt::Result {
    write!(out, "b{}(", j.block.0)?;
    for (k, a) in j.args.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        write!(out, "v{}", a.0)?;
    }
    out.push(')');
    Ok(())
}

fn is_bare_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '<' | '>' | '-')
}

/// The function name as printed: bare if it is made of safe characters, quoted otherwise.
fn quote_name(name: &str) -> String {
    if !name.is_empty() && name.chars().all(is_bare_name_char) {
        return name.to_string();
    }
    let mut s = String::from("\"");
    for c in name.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '"' => s.push_str("\\\""),
            '\n' => s.push_str("\\n"),
            '\r' => s.push_str("\\r"),
            '\t' => s.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(s, "\\u{{{:x}}}", c as u32);
            }
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

// ---- parser ---------------------------------------------------------------------------------

type Result<T> = std::result::Result<T, ParseError>;

/// A cursor over one line.
struct Cursor<'a> {
    s: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Cursor<'a> {
    fn new(s: &'a str, line: usize) -> Cursor<'a> {
        Cursor { s, pos: 0, line }
    }

    fn err<T>(&self, message: impl Into<String>) -> Result<T> {
        Err(ParseError { line: self.line, message: message.into() })
    }

    fn rest(&self) -> &'a str {
        &self.s[self.pos..]
    }

    fn skip_ws(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.rest().chars().next()
    }

    fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// What comes next, for error messages.
    fn found(&mut self) -> String {
        self.skip_ws();
        let rest = self.rest();
        if rest.is_empty() {
            return "end of line".to_string();
        }
        let token: String = rest.chars().take_while(|c| !c.is_whitespace()).take(24).collect();
        format!("'{token}'")
    }

    /// `word` quoted if it is not empty, else what comes next.
    fn found_word(&mut self, word: &str) -> String {
        if word.is_empty() {
            self.found()
        } else {
            format!("'{word}'")
        }
    }

    /// The error "expected WHAT, found ...".
    fn expected<T>(&mut self, what: &str) -> Result<T> {
        let found = self.found();
        self.err(format!("expected {what}, found {found}"))
    }

    /// Consumes `c` if it comes next.
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> Result<()> {
        if self.eat(c) {
            Ok(())
        } else {
            let found = self.found();
            self.err(format!("expected '{c}', found {found}"))
        }
    }

    fn expect_end(&mut self) -> Result<()> {
        if self.at_end() {
            Ok(())
        } else {
            let found = self.found();
            self.err(format!("unexpected {found} at end of line"))
        }
    }

    /// A word: ASCII letters, digits, `_`, `$`, `.` (possibly empty).
    fn word(&mut self) -> &'a str {
        self.skip_ws();
        let rest = self.rest();
        let len =
            rest.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))).unwrap_or(rest.len());
        self.pos += len;
        &rest[..len]
    }

    /// Consumes the keyword `kw` if the next word is exactly it.
    fn keyword(&mut self, kw: &str) -> bool {
        let save = self.pos;
        if self.word() == kw {
            true
        } else {
            self.pos = save;
            false
        }
    }

    fn expect_keyword(&mut self, kw: &str) -> Result<()> {
        if self.keyword(kw) {
            Ok(())
        } else {
            let found = self.found();
            self.err(format!("expected '{kw}', found {found}"))
        }
    }

    /// A decimal number.
    fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T> {
        let save = self.pos;
        let w = self.word();
        match w.parse() {
            Ok(n) if !w.is_empty() => Ok(n),
            _ => {
                self.pos = save;
                let found = self.found();
                self.err(format!("expected {what}, found {found}"))
            }
        }
    }

    /// A number with a one-letter prefix, like `v12`, `b3`, `e0`.
    fn prefixed(&mut self, prefix: char, what: &str) -> Result<u32> {
        let save = self.pos;
        let w = self.word();
        if let Some(n) = w.strip_prefix(prefix).filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())) {
            if let Ok(n) = n.parse() {
                return Ok(n);
            }
        }
        self.pos = save;
        let found = self.found();
        self.err(format!("expected {what} ({prefix}N), found {found}"))
    }

    fn rep(&mut self) -> Result<Rep> {
        let save = self.pos;
        let w = self.word();
        match Rep::parse_param(w) {
            Some(rep) => Ok(rep),
            None => {
                self.pos = save;
                let found = self.found_word(w);
                self.err(format!("unknown representation {found} (expected Tagged, Int32, Float64 or Bit)"))
            }
        }
    }

    /// An op token: up to the first blank outside brackets.
    fn op_token(&mut self) -> &'a str {
        self.skip_ws();
        let rest = self.rest();
        let mut depth = 0i32;
        let mut len = rest.len();
        for (i, c) in rest.char_indices() {
            match c {
                '[' | '{' => depth += 1,
                ']' | '}' => depth -= 1,
                c if c.is_whitespace() && depth <= 0 => {
                    len = i;
                    break;
                }
                _ => {}
            }
        }
        self.pos += len;
        &rest[..len]
    }

    /// A double-quoted string with escapes.
    fn quoted(&mut self) -> Result<String> {
        self.expect('"')?;
        let mut out = String::new();
        let mut chars = self.rest().char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.pos += i + 1;
                    return Ok(out);
                }
                '\\' => match chars.next() {
                    Some((_, '\\')) => out.push('\\'),
                    Some((_, '"')) => out.push('"'),
                    Some((_, 'n')) => out.push('\n'),
                    Some((_, 'r')) => out.push('\r'),
                    Some((_, 't')) => out.push('\t'),
                    Some((_, 'u')) => {
                        let mut hex = String::new();
                        if chars.next().map(|(_, c)| c) != Some('{') {
                            return self.err("bad escape in name: expected '\\u{HEX}'");
                        }
                        loop {
                            match chars.next() {
                                Some((_, '}')) => break,
                                Some((_, c)) if c.is_ascii_hexdigit() => hex.push(c),
                                _ => return self.err("bad escape in name: expected '\\u{HEX}'"),
                            }
                        }
                        match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                            Some(c) => out.push(c),
                            None => return self.err(format!("bad escape in name: '\\u{{{hex}}}'")),
                        }
                    }
                    Some((_, c)) => return self.err(format!("bad escape in name: '\\{c}'")),
                    None => break,
                },
                c => out.push(c),
            }
        }
        self.err("unterminated quoted name")
    }
}

/// A block under construction.
struct PartialBlock {
    params: Vec<Value>,
    insts: Vec<Inst>,
    term: Option<Terminator>,
    line: usize,
}

/// The parser's state: the function with values still numbered as in the text.
struct Parser {
    f: Function,
    blocks: Vec<PartialBlock>,
    /// Defined values (text numbers) with their representation and the defining line.
    defs: BTreeMap<u32, (Rep, usize)>,
    /// Used values (text numbers) with the line of the use, in line order.
    uses: Vec<(u32, usize)>,
    /// Jump targets with the line of the jump.
    targets: Vec<(u32, usize)>,
    /// Exit references with the line of the reference.
    exit_refs: Vec<(u32, usize)>,
}

/// Parses a function in the text format described in the [module documentation](self).
///
/// Values are renumbered densely by rank (see the module documentation); the result is not
/// verified (use [`crate::lir_verify::verify`]).
pub fn parse(text: &str) -> Result<Function> {
    let mut p = Parser {
        f: Function::new("", FuncId(0)),
        blocks: Vec::new(),
        defs: BTreeMap::new(),
        uses: Vec::new(),
        targets: Vec::new(),
        exit_refs: Vec::new(),
    };
    let mut seen_header = false;
    let mut last_line = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        last_line = line;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with("//") {
            continue;
        }
        let mut c = Cursor::new(trimmed, line);
        if !seen_header {
            p.header(&mut c)?;
            seen_header = true;
        } else if c.keyword("function") {
            return c.err("a second 'function' header; the text holds one function");
        } else if c.keyword("exit") {
            if !p.blocks.is_empty() {
                return c.err("exits must be listed before the first block");
            }
            p.exit(&mut c)?;
        } else if c.keyword("block") {
            p.finish_block()?;
            p.block_header(&mut c)?;
        } else {
            let Some(block) = p.blocks.len().checked_sub(1) else {
                return c.expected("'exit' or 'block'");
            };
            if p.blocks[block].term.is_some() {
                return c.err(format!("line after the terminator of b{block}"));
            }
            let save = c.pos;
            let kw = c.word();
            c.pos = save;
            if matches!(kw, "goto" | "branch" | "return" | "throw" | "deopt" | "check_exception") {
                let term = p.terminator(&mut c)?;
                p.blocks[block].term = Some(term);
            } else {
                let inst = p.inst(&mut c)?;
                p.blocks[block].insts.push(inst);
            }
        }
    }
    if !seen_header {
        return Err(ParseError { line: last_line.max(1), message: "empty text: expected 'function NAME #ID'".into() });
    }
    p.finish_block()?;
    p.finish()
}

impl Parser {
    fn header(&mut self, c: &mut Cursor<'_>) -> Result<()> {
        if !c.keyword("function") {
            return c.expected("'function NAME #ID'");
        }
        self.f.name = if c.peek() == Some('"') {
            c.quoted()?
        } else {
            c.skip_ws();
            let rest = c.rest();
            let len = rest.find(|ch: char| !is_bare_name_char(ch)).unwrap_or(rest.len());
            if len == 0 {
                return c.expected("a function name");
            }
            c.pos += len;
            rest[..len].to_string()
        };
        c.expect('#')?;
        self.f.func = FuncId(c.number("a function id")?);
        c.expect_end()
    }

    /// One exit value (see `print_exit_value`); objects nest at most a few levels.
    fn exit_value(&mut self, c: &mut Cursor<'_>, depth: u32) -> Result<ExitValue> {
        match c.peek() {
            Some('v') => {
                let v = c.prefixed('v', "a value")?;
                c.expect(':')?;
                let rep = c.rep()?;
                self.uses.push((v, c.line));
                Ok(ExitValue::Value(v, rep))
            }
            Some('o') if depth < 8 => {
                let id = c.prefixed('o', "an object")?;
                c.expect('#')?;
                let shape = c.number("a shape id")?;
                c.expect('(')?;
                let mut fields = Vec::new();
                if !c.eat(')') {
                    loop {
                        fields.push(self.exit_value(c, depth + 1)?);
                        if c.eat(')') {
                            break;
                        }
                        c.expect(',')?;
                    }
                }
                Ok(ExitValue::Object { id, shape, fields })
            }
            _ => {
                let save = c.pos;
                let w = c.word();
                match w.strip_prefix("0x").and_then(|h| u64::from_str_radix(h, 16).ok()) {
                    Some(bits) => Ok(ExitValue::Constant(bits)),
                    None => {
                        c.pos = save;
                        c.expected("vN:REP, 0xBITS or oID#SHAPE(...)")
                    }
                }
            }
        }
    }

    fn exit(&mut self, c: &mut Cursor<'_>) -> Result<()> {
        let id = c.prefixed('e', "an exit")?;
        let expected = self.f.exits.len() as u32;
        if id != expected {
            return c.err(format!("expected exit e{expected}, found e{id} (exits are numbered in order)"));
        }
        let save = c.pos;
        let word = c.word();
        let Some(reason) = DeoptReason::parse_param(word) else {
            c.pos = save;
            let found = c.found_word(word);
            return c.err(format!("unknown deopt reason {found}"));
        };
        c.expect(':')?;
        let mut frames = Vec::new();
        if !c.at_end() {
            loop {
                c.expect_keyword("frame")?;
                let func = FuncId(c.prefixed('f', "a function")?);
                c.expect('@')?;
                let pc = c.number("a pc")?;
                c.expect('[')?;
                let mut registers = Vec::new();
                if !c.eat(']') {
                    loop {
                        let reg = Reg(c.prefixed('r', "a register")?);
                        c.expect('=')?;
                        let value = self.exit_value(c, 0)?;
                        registers.push((reg, value));
                        if c.eat(']') {
                            break;
                        }
                        c.expect(',')?;
                    }
                }
                frames.push(FrameDesc { func, pc, registers });
                if !c.eat(';') {
                    break;
                }
            }
        }
        c.expect_end()?;
        self.f.exits.push(ExitDesc { id: ExitId(id), reason, frames });
        Ok(())
    }

    fn def(&mut self, c: &mut Cursor<'_>) -> Result<Value> {
        let v = c.prefixed('v', "a value")?;
        c.expect(':')?;
        let rep = c.rep()?;
        if let Some(&(_, first)) = self.defs.get(&v) {
            return c.err(format!("v{v} is defined twice (first on line {first})"));
        }
        self.defs.insert(v, (rep, c.line));
        Ok(Value(v))
    }

    fn use_value(&mut self, c: &mut Cursor<'_>) -> Result<Value> {
        let v = c.prefixed('v', "a value")?;
        self.uses.push((v, c.line));
        Ok(Value(v))
    }

    fn exit_ref(&mut self, c: &mut Cursor<'_>) -> Result<ExitId> {
        let e = c.prefixed('e', "an exit")?;
        self.exit_refs.push((e, c.line));
        Ok(ExitId(e))
    }

    fn finish_block(&mut self) -> Result<()> {
        match self.blocks.last() {
            Some(b) if b.term.is_none() => {
                Err(ParseError { line: b.line, message: format!("block b{} has no terminator", self.blocks.len() - 1) })
            }
            _ => Ok(()),
        }
    }

    fn block_header(&mut self, c: &mut Cursor<'_>) -> Result<()> {
        let id = c.prefixed('b', "a block")?;
        let expected = self.blocks.len() as u32;
        if id != expected {
            return c.err(format!("expected block b{expected}, found b{id} (blocks are numbered in order)"));
        }
        c.expect('(')?;
        let mut params = Vec::new();
        if !c.eat(')') {
            loop {
                params.push(self.def(c)?);
                if c.eat(')') {
                    break;
                }
                c.expect(',')?;
            }
        }
        c.expect(':')?;
        c.expect_end()?;
        self.blocks.push(PartialBlock { params, insts: Vec::new(), term: None, line: c.line });
        Ok(())
    }

    fn inst(&mut self, c: &mut Cursor<'_>) -> Result<Inst> {
        let result = if c.peek() == Some('v') {
            let v = self.def(c)?;
            c.expect('=')?;
            Some(v)
        } else {
            None
        };
        let token = c.op_token();
        if token.is_empty() {
            return c.expected("an op");
        }
        let op: Op = token.parse().or_else(|e: String| c.err(e))?;
        let mut args = Vec::new();
        if c.peek() == Some('v') {
            loop {
                args.push(self.use_value(c)?);
                if !c.eat(',') {
                    break;
                }
            }
        }
        let exit = if c.eat('!') { Some(self.exit_ref(c)?) } else { None };
        c.expect_end()?;
        Ok(Inst { result, op, args, exit })
    }

    fn jump(&mut self, c: &mut Cursor<'_>) -> Result<Jump> {
        let b = c.prefixed('b', "a block")?;
        self.targets.push((b, c.line));
        c.expect('(')?;
        let mut args = Vec::new();
        if !c.eat(')') {
            loop {
                args.push(self.use_value(c)?);
                if c.eat(')') {
                    break;
                }
                c.expect(',')?;
            }
        }
        Ok(Jump { block: BlockId(b), args })
    }

    fn terminator(&mut self, c: &mut Cursor<'_>) -> Result<Terminator> {
        let term = match c.word() {
            "goto" => Terminator::Goto(self.jump(c)?),
            "branch" => {
                let cond = self.use_value(c)?;
                c.expect('?')?;
                let if_true = self.jump(c)?;
                c.expect(':')?;
                let if_false = self.jump(c)?;
                let profile = if c.keyword("weights") {
                    BranchProfile::from_counts(c.number("a branch weight")?, c.number("a branch weight")?)
                } else {
                    BranchProfile::NONE
                };
                Terminator::Branch { cond, if_true, if_false, profile }
            }
            "return" => Terminator::Return(self.use_value(c)?),
            "throw" => Terminator::Throw(self.use_value(c)?),
            "deopt" => Terminator::Deoptimize(self.exit_ref(c)?),
            "check_exception" => {
                let thrower = self.use_value(c)?;
                let normal = self.jump(c)?;
                if !c.keyword("catch") {
                    return c.err("expected 'catch bN' after the normal edge");
                }
                let catch = c.prefixed('b', "a block")?;
                self.targets.push((catch, c.line));
                Terminator::CheckException { thrower, normal, catch: BlockId(catch) }
            }
            other => return c.err(format!("unknown terminator '{other}'")),
        };
        c.expect_end()?;
        Ok(term)
    }

    /// Resolves references and renumbers values densely.
    fn finish(mut self) -> Result<Function> {
        for &(b, line) in &self.targets {
            if b as usize >= self.blocks.len() {
                return Err(ParseError { line, message: format!("undefined block b{b}") });
            }
        }
        for &(e, line) in &self.exit_refs {
            if e as usize >= self.f.exits.len() {
                return Err(ParseError { line, message: format!("undefined exit e{e}") });
            }
        }
        // Report the earliest line first (exit lines come before the blocks).
        if let Some(&(v, line)) =
            self.uses.iter().filter(|(v, _)| !self.defs.contains_key(v)).min_by_key(|&&(_, line)| line)
        {
            return Err(ParseError { line, message: format!("undefined value v{v}") });
        }
        let rank: BTreeMap<u32, u32> = self.defs.keys().enumerate().map(|(i, &v)| (v, i as u32)).collect();
        self.f.reps = self.defs.values().map(|&(rep, _)| rep).collect();
        for pb in self.blocks {
            self.f.blocks.push(Block {
                params: pb.params,
                insts: pb.insts,
                term: pb.term.expect("finish_block checked every block has a terminator"),
            });
        }
        self.f.remap_values(|v| v.0 = rank[&v.0]);
        Ok(self.f)
    }
}

/// Hand-built sample functions shared by the tests of this module and of the verifier.
#[cfg(test)]
pub(crate) mod samples {
    use super::*;
    use crate::ops::{Access, BinaryOperator, RuntimeFn, F64};

    pub(crate) fn inst(result: Option<Value>, op: Op, args: &[Value]) -> Inst {
        Inst { result, op, args: args.to_vec(), exit: None }
    }

    pub(crate) fn jump(b: u32, args: &[Value]) -> Jump {
        Jump { block: BlockId(b), args: args.to_vec() }
    }

    /// Straight-line code: parameters, constants, int32 arithmetic, tagging, return.
    pub(crate) fn straight_line() -> Function {
        let mut f = Function::new("add1", FuncId(1));
        let recv = f.new_value(Rep::Tagged);
        let x = f.new_value(Rep::Tagged);
        let xi = f.new_value(Rep::Int32);
        let one = f.new_value(Rep::Int32);
        let sum = f.new_value(Rep::Int32);
        let t = f.new_value(Rep::Tagged);
        f.blocks.push(Block {
            params: vec![recv, x],
            insts: vec![
                inst(Some(xi), Op::UntagInt32, &[x]),
                inst(Some(one), Op::Int32Constant { value: 1 }, &[]),
                inst(Some(sum), Op::Int32Add, &[xi, one]),
                inst(Some(t), Op::TagInt32, &[sum]),
            ],
            term: Terminator::Return(t),
        });
        f
    }

    /// A diamond: a weighted branch to two arms that pass different values to a join block.
    pub(crate) fn diamond() -> Function {
        let mut f = Function::new("abs", FuncId(2));
        let x = f.new_value(Rep::Float64);
        let zero = f.new_value(Rep::Float64);
        let neg = f.new_value(Rep::Bit);
        let negated = f.new_value(Rep::Float64);
        let joined = f.new_value(Rep::Float64);
        let tagged = f.new_value(Rep::Tagged);
        f.blocks = vec![
            Block {
                params: vec![x],
                insts: vec![
                    inst(Some(zero), Op::Float64Constant { value: F64(0.0) }, &[]),
                    inst(Some(neg), Op::Float64LessThan, &[x, zero]),
                ],
                term: Terminator::Branch {
                    cond: neg,
                    if_true: jump(1, &[]),
                    if_false: jump(2, &[x]),
                    profile: BranchProfile::from_counts(3, 97),
                },
            },
            Block {
                params: vec![],
                insts: vec![inst(Some(negated), Op::Float64Neg, &[x])],
                term: Terminator::Goto(jump(2, &[negated])),
            },
            Block {
                params: vec![joined],
                insts: vec![inst(Some(tagged), Op::TagFloat64, &[joined])],
                term: Terminator::Return(tagged),
            },
        ];
        f
    }

    /// A counting loop: a header with two parameters, a back edge, an unweighted branch.
    pub(crate) fn counting_loop() -> Function {
        let mut f = Function::new("count", FuncId(4));
        let n = f.new_value(Rep::Tagged);
        let ni = f.new_value(Rep::Int32);
        let zero = f.new_value(Rep::Int32);
        let i = f.new_value(Rep::Int32);
        let acc = f.new_value(Rep::Int32);
        let more = f.new_value(Rep::Bit);
        let one = f.new_value(Rep::Int32);
        let i2 = f.new_value(Rep::Int32);
        let acc2 = f.new_value(Rep::Int32);
        let out = f.new_value(Rep::Tagged);
        f.blocks = vec![
            Block {
                params: vec![n],
                insts: vec![
                    inst(Some(ni), Op::UntagInt32, &[n]),
                    inst(Some(zero), Op::Int32Constant { value: 0 }, &[]),
                ],
                term: Terminator::Goto(jump(1, &[zero, zero])),
            },
            Block {
                params: vec![i, acc],
                insts: vec![inst(Some(more), Op::Int32LessThan, &[i, ni])],
                term: Terminator::Branch { cond: more, if_true: jump(2, &[]), if_false: jump(3, &[]), profile: BranchProfile::NONE },
            },
            Block {
                params: vec![],
                insts: vec![
                    inst(Some(one), Op::Int32Constant { value: 1 }, &[]),
                    inst(Some(i2), Op::Int32Add, &[i, one]),
                    inst(Some(acc2), Op::Word32Xor, &[acc, i]),
                ],
                term: Terminator::Goto(jump(1, &[i2, acc2])),
            },
            Block { params: vec![], insts: vec![inst(Some(out), Op::TagInt32, &[acc])], term: Terminator::Return(out) },
        ];
        f
    }

    /// Overflow checks through projections, `DeoptimizeIf` / `DeoptimizeUnless` with exits of
    /// several frames and constants, and the `throw` and `deopt` terminators.
    pub(crate) fn checks_and_exits() -> Function {
        let mut f = Function::new("checked", FuncId(3));
        let recv = f.new_value(Rep::Tagged); // v0
        let a = f.new_value(Rep::Tagged); // v1
        let ai = f.new_value(Rep::Int32); // v2
        let pair = f.new_value(Rep::Int32); // v3
        let sum = f.new_value(Rep::Int32); // v4
        let ovf = f.new_value(Rep::Bit); // v5
        let af = f.new_value(Rep::Float64); // v6
        let tpair = f.new_value(Rep::Int32); // v7
        let inexact = f.new_value(Rep::Bit); // v8
        let is_obj = f.new_value(Rep::Bit); // v9
        let hint = f.new_value(Rep::Int32); // v10
        f.exits = vec![
            ExitDesc {
                id: ExitId(0),
                reason: DeoptReason::Overflow,
                frames: vec![FrameDesc {
                    func: FuncId(3),
                    pc: 12,
                    registers: vec![
                        (Reg(0), ExitValue::Value(1, Rep::Tagged)),
                        (Reg(2), ExitValue::Value(2, Rep::Int32)),
                        (Reg(4), ExitValue::Constant(crate::tagged::UNDEFINED)),
                        (
                            Reg(5),
                            ExitValue::Object {
                                id: 9,
                                shape: 2,
                                fields: vec![ExitValue::Value(2, Rep::Int32), ExitValue::Constant(crate::tagged::NULL)],
                            },
                        ),
                    ],
                }],
            },
            ExitDesc {
                id: ExitId(1),
                reason: DeoptReason::LostPrecision,
                frames: vec![
                    FrameDesc { func: FuncId(0), pc: 7, registers: vec![] },
                    FrameDesc {
                        func: FuncId(3),
                        pc: 2,
                        registers: vec![
                            (Reg(1), ExitValue::Value(6, Rep::Float64)),
                            (Reg(3), ExitValue::Value(4, Rep::Int32)),
                        ],
                    },
                ],
            },
            ExitDesc {
                id: ExitId(2),
                reason: DeoptReason::Stress,
                frames: vec![FrameDesc { func: FuncId(3), pc: 0, registers: vec![(Reg(0), ExitValue::Constant(0))] }],
            },
        ];
        let deopt_if = |reason, cond, e| Inst {
            result: None,
            op: Op::DeoptimizeIf { reason },
            args: vec![cond],
            exit: Some(ExitId(e)),
        };
        f.blocks = vec![
            Block {
                params: vec![recv, a],
                insts: vec![
                    inst(Some(ai), Op::UntagInt32, &[a]),
                    inst(Some(pair), Op::Int32AddWithOverflow, &[ai, ai]),
                    inst(Some(sum), Op::Projection { index: 0 }, &[pair]),
                    inst(Some(ovf), Op::Projection { index: 1 }, &[pair]),
                    deopt_if(DeoptReason::Overflow, ovf, 0),
                    inst(Some(af), Op::ChangeInt32ToFloat64, &[sum]),
                    inst(Some(tpair), Op::TryFloat64ToInt32, &[af]),
                    inst(Some(inexact), Op::Projection { index: 1 }, &[tpair]),
                    deopt_if(DeoptReason::LostPrecision, inexact, 1),
                    inst(Some(is_obj), Op::IsObject, &[a]),
                ],
                term: Terminator::Branch {
                    cond: is_obj,
                    if_true: jump(1, &[]),
                    if_false: jump(2, &[sum]),
                    profile: BranchProfile::from_counts(0, 12),
                },
            },
            Block { params: vec![], insts: vec![], term: Terminator::Throw(a) },
            Block {
                params: vec![hint],
                insts: vec![Inst {
                    result: None,
                    op: Op::DeoptimizeUnless { reason: DeoptReason::NotInt32 },
                    args: vec![ovf],
                    exit: Some(ExitId(1)),
                }],
                term: Terminator::Deoptimize(ExitId(2)),
            },
        ];
        f
    }

    /// Memory, runtime calls, selects and every kind of constant.
    pub(crate) fn memory_and_calls() -> Function {
        let mut f = Function::new("mem", FuncId(5));
        let obj = f.new_value(Rep::Tagged); // v0
        let arr = f.new_value(Rep::Tagged); // v1
        let field = f.new_value(Rep::Tagged); // v2
        let shape = f.new_value(Rep::Int32); // v3
        let len = f.new_value(Rep::Int32); // v4
        let elem = f.new_value(Rep::Tagged); // v5
        let glob = f.new_value(Rep::Tagged); // v6
        let sum = f.new_value(Rep::Tagged); // v7
        let mz = f.new_value(Rep::Float64); // v8
        let nan = f.new_value(Rep::Float64); // v9
        let is_arr = f.new_value(Rep::Bit); // v10
        let sel = f.new_value(Rep::Float64); // v11
        let sqrt = f.new_value(Rep::Float64); // v12
        let num = f.new_value(Rep::Tagged); // v13
        let undef = f.new_value(Rep::Tagged); // v14
        let s = f.new_value(Rep::Tagged); // v15
        let p1 = f.new_value(Rep::Tagged); // v16
        f.blocks = vec![Block {
            params: vec![obj, arr],
            insts: vec![
                inst(Some(field), Op::Load { access: Access::Field(2) }, &[obj]),
                inst(Some(shape), Op::Load { access: Access::Shape }, &[obj]),
                inst(Some(len), Op::Load { access: Access::ArrayLength }, &[arr]),
                inst(Some(elem), Op::Load { access: Access::Element }, &[arr, len]),
                inst(Some(glob), Op::Load { access: Access::Global(3) }, &[]),
                inst(None, Op::Store { access: Access::Global(3) }, &[field]),
                inst(None, Op::Store { access: Access::Field(0) }, &[obj, elem]),
                inst(None, Op::Store { access: Access::Element }, &[arr, shape, glob]),
                inst(
                    Some(sum),
                    Op::CallRuntime { function: RuntimeFn::Binary(BinaryOperator::Add), argc: 2 },
                    &[field, elem],
                ),
                inst(None, Op::CallRuntime { function: RuntimeFn::StoreNamed(4), argc: 2 }, &[obj, sum]),
                inst(Some(mz), Op::Float64Constant { value: F64(-0.0) }, &[]),
                inst(Some(nan), Op::Float64Constant { value: F64(f64::NAN) }, &[]),
                inst(Some(is_arr), Op::IsArray, &[arr]),
                inst(Some(sel), Op::Select { rep: Rep::Float64 }, &[is_arr, mz, nan]),
                inst(Some(sqrt), Op::CallRuntime { function: RuntimeFn::MathFunction(7), argc: 1 }, &[sel]),
                inst(Some(num), Op::NumberConstant { value: F64(f64::NEG_INFINITY) }, &[]),
                inst(Some(undef), Op::TaggedConstant { bits: crate::tagged::UNDEFINED }, &[]),
                inst(Some(s), Op::StringConstant { func: 5, index: 1 }, &[]),
                inst(Some(p1), Op::Parameter { index: 1 }, &[]),
            ],
            term: Terminator::Return(sum),
        }];
        f
    }

    /// A function whose name needs quoting.
    pub(crate) fn quoted_name() -> Function {
        let mut f = Function::new("my \"odd\"\tname\\\u{1}", FuncId(9));
        let v = f.new_value(Rep::Tagged);
        f.blocks.push(Block { params: vec![v], insts: vec![], term: Terminator::Return(v) });
        f
    }

    /// Every sample, all valid LIR.
    pub(crate) fn all() -> Vec<Function> {
        vec![straight_line(), diamond(), counting_loop(), checks_and_exits(), memory_and_calls(), quoted_name()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::ShapeSet;

    #[test]
    fn samples_round_trip_through_text() {
        for f in samples::all() {
            let text = print(&f);
            let back = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back, f, "{text}");
            assert_eq!(print(&back), text);
        }
    }

    #[test]
    fn straight_line_prints_as_expected() {
        let expected = "\
function add1 #1
block b0(v0:Tagged, v1:Tagged):
  v2:Int32 = UntagInt32 v1
  v3:Int32 = Int32Constant[1]
  v4:Int32 = Int32Add v2, v3
  v5:Tagged = TagInt32 v4
  return v5
";
        assert_eq!(print(&samples::straight_line()), expected);
    }

    #[test]
    fn exits_print_frames_outermost_first_and_constants_in_hex() {
        let text = print(&samples::checks_and_exits());
        let exits: Vec<&str> = text.lines().filter(|l| l.trim_start().starts_with("exit")).collect();
        assert_eq!(
            exits,
            [
                "  exit e0 Overflow: frame f3 @12 [r0=v1:Tagged, r2=v2:Int32, r4=0xfffa000000000000, r5=o9#2(v2:Int32, 0xfffa000000000001)]",
                "  exit e1 LostPrecision: frame f0 @7 [] ; frame f3 @2 [r1=v6:Float64, r3=v4:Int32]",
                "  exit e2 Stress: frame f3 @0 [r0=0x0000000000000000]",
            ]
        );
        assert!(text.contains("  DeoptimizeIf[Overflow] v5 !e0\n"));
        assert!(text.contains("  branch v9 ? b1() : b2(v4) weights 0 12\n"));
        assert!(text.contains("  throw v1\n"));
        assert!(text.contains("  deopt e2\n"));
    }

    #[test]
    fn ops_with_parameters_and_float_constants_print_and_parse() {
        let text = print(&samples::memory_and_calls());
        for line in [
            "  v2:Tagged = Load[field2] v0",
            "  v3:Int32 = Load[shape] v0",
            "  v6:Tagged = Load[global3]",
            "  Store[global3] v2",
            "  v7:Tagged = CallRuntime[Binary.Add,2] v2, v5",
            "  CallRuntime[StoreNamed.4,2] v0, v7",
            "  v8:Float64 = Float64Constant[-0.0]",
            "  v9:Float64 = Float64Constant[NaN]",
            "  v11:Float64 = Select[Float64] v10, v8, v9",
            "  v13:Tagged = NumberConstant[-inf]",
        ] {
            assert!(text.lines().any(|l| l == line), "missing {line:?} in\n{text}");
        }
        let back = parse(&text).unwrap();
        let Op::Float64Constant { value } = back.blocks[0].insts[10].op else { panic!() };
        assert_eq!(value.0.to_bits(), (-0.0f64).to_bits());
        let Op::Float64Constant { value } = back.blocks[0].insts[11].op else { panic!() };
        assert!(value.0.is_nan());
    }

    #[test]
    fn names_with_special_characters_are_quoted() {
        let f = samples::quoted_name();
        let text = print(&f);
        assert_eq!(text.lines().next().unwrap(), r#"function "my \"odd\"\tname\\\u{1}" #9"#);
        assert_eq!(parse(&text).unwrap().name, f.name);
        let mut g = f.clone();
        g.name = String::new();
        assert!(print(&g).starts_with("function \"\" #9\n"));
        assert_eq!(parse(&print(&g)).unwrap(), g);
        g.name = "<anonymous>".into();
        assert!(print(&g).starts_with("function <anonymous> #9\n"));
    }

    const HAND_WRITTEN: &str = "\
function fib #3
  exit e0 Overflow: frame f3 @12 [r0=v1:Tagged, r2=v2:Int32, r4=0xfffa000000000000]
  exit e1 Stress: frame f0 @7 [] ; frame f3 @2 [r1=v5:Int32]
block b0(v0:Tagged, v1:Tagged):
  v2:Int32 = UntagInt32 v0
  v3:Int32 = Int32AddWithOverflow v2, v2
  v4:Bit = Projection[1] v3
  DeoptimizeIf[Overflow] v4 !e0
  Store[global3] v1
  goto b1(v2)
block b1(v5:Int32):
  v6:Bit = Int32LessThan v5, v2
  branch v6 ? b2() : b3(v5) weights 10 3
block b2():
  return v0
block b3(v7:Int32):
  deopt e1
";

    #[test]
    fn hand_written_text_prints_back_identically() {
        let f = parse(HAND_WRITTEN).unwrap();
        assert_eq!(f.name, "fib");
        assert_eq!(f.func, FuncId(3));
        assert_eq!(f.reps.len(), 8);
        assert_eq!(f.reps[4], Rep::Bit);
        assert_eq!(f.exits[1].frames.len(), 2);
        assert_eq!(print(&f), HAND_WRITTEN);
        // The module documentation's example is valid LIR.
        assert_eq!(crate::lir_verify::verify(&f), Ok(()));
    }

    #[test]
    fn comments_blank_lines_and_indentation_are_ignored() {
        let text = "\n// a comment\nfunction   f #0\n\nblock b0(v0:Tagged):\n     // inside\nreturn   v0\n";
        let f = parse(text).unwrap();
        assert_eq!(print(&f), "function f #0\nblock b0(v0:Tagged):\n  return v0\n");
    }

    #[test]
    fn sparse_values_are_renumbered_by_rank() {
        let text = "\
function sparse #0
  exit e0 NotInt32: frame f0 @1 [r0=v9:Tagged]
block b0(v9:Tagged):
  v40:Int32 = UntagInt32 v9
  v12:Bit = IsInt32 v9
  DeoptimizeUnless[NotInt32] v12 !e0
  goto b1(v40)
block b1(v3:Int32):
  return v9
";
        let f = parse(text).unwrap();
        assert_eq!(f.reps, [Rep::Int32, Rep::Tagged, Rep::Bit, Rep::Int32]);
        let printed = print(&f);
        assert_eq!(
            printed,
            "\
function sparse #0
  exit e0 NotInt32: frame f0 @1 [r0=v1:Tagged]
block b0(v1:Tagged):
  v3:Int32 = UntagInt32 v1
  v2:Bit = IsInt32 v1
  DeoptimizeUnless[NotInt32] v2 !e0
  goto b1(v3)
block b1(v0:Int32):
  return v1
"
        );
        assert_eq!(parse(&printed).unwrap(), f);
    }

    #[test]
    fn simplified_ops_parse_even_though_lir_rejects_them() {
        let text = "\
function g #0
block b0(v0:Tagged):
  CheckMaps[{#3 #9}] v0
  return v0
";
        let f = parse(text).unwrap();
        assert_eq!(f.blocks[0].insts[0].op, Op::CheckMaps { shapes: ShapeSet::new(&[9, 3]).unwrap() });
        assert_eq!(print(&f), text);
    }

    #[test]
    fn mangled_text_never_panics_the_parser_or_the_verifier() {
        for f in samples::all() {
            let text = print(&f);
            let cuts: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
            for (k, &i) in cuts.iter().enumerate() {
                let next = cuts.get(k + 1).copied().unwrap_or(text.len());
                for mangled in [format!("{}{}", &text[..i], &text[next..]), text[..i].to_string()] {
                    if let Ok(g) = parse(&mangled) {
                        let _ = crate::lir_verify::verify(&g);
                        assert_eq!(parse(&print(&g)), Ok(g));
                    }
                }
            }
        }
    }

    fn error(text: &str) -> String {
        parse(text).expect_err("parse should fail").to_string()
    }

    #[test]
    fn malformed_text_gives_line_numbered_errors() {
        let head = "function f #0\n";
        assert_eq!(
            error(&format!("{head}block b0(v0:Tagged):\n  v1:Tagged = Frobnicate v0\n  return v1\n")),
            "line 3: unknown op 'Frobnicate'"
        );
        assert_eq!(
            error(&format!("{head}block b0(v0:Tagged):\n  v1:Int32 = Int32Constant[x]\n  return v0\n")),
            "line 3: Int32Constant: bad parameter 'x'"
        );
        assert_eq!(error(&format!("{head}block b0(v0:Tagged):\n  goto b4(v0)\n")), "line 3: undefined block b4");
        assert_eq!(
            error(&format!("{head}block b0(v0:Tagged):\n  v1:Int64 = UntagInt32 v0\n  return v0\n")),
            "line 3: unknown representation 'Int64' (expected Tagged, Int32, Float64 or Bit)"
        );
        assert_eq!(
            error(&format!("{head}block b0(v0:Bit):\n  DeoptimizeIf[Overflow] v0 !e0\n  return v0\n")),
            "line 3: undefined exit e0"
        );
        assert_eq!(error(&format!("{head}block b0(v0:Bit):\n  deopt e2\n")), "line 3: undefined exit e2");
        assert_eq!(error(&format!("{head}block b0(v0:Tagged):\n  return v7\n")), "line 3: undefined value v7");
        assert_eq!(
            error(&format!("{head}  exit e0 Stress: frame f0 @0 [r0=v5:Tagged]\nblock b0(v0:Tagged):\n  return v0\n")),
            "line 2: undefined value v5"
        );
        assert_eq!(
            error(&format!("{head}block b0(v0:Tagged):\n  v0:Int32 = UntagInt32 v0\n  return v0\n")),
            "line 3: v0 is defined twice (first on line 2)"
        );
        assert_eq!(
            error(&format!("{head}block b0(v0:Tagged):\n  v1:Int32 = UntagInt32 v0\nblock b1():\n  return v0\n")),
            "line 2: block b0 has no terminator"
        );
        assert_eq!(
            error(&format!("{head}block b0(v0:Tagged):\n  return v0\n  v1:Int32 = UntagInt32 v0\n")),
            "line 4: line after the terminator of b0"
        );
        assert_eq!(
            error(&format!("{head}block b1():\n  return v0\n")),
            "line 2: expected block b0, found b1 (blocks are numbered in order)"
        );
        assert_eq!(
            error(&format!("{head}  exit e1 Stress:\nblock b0(v0:Tagged):\n  return v0\n")),
            "line 2: expected exit e0, found e1 (exits are numbered in order)"
        );
        assert_eq!(
            error(&format!("{head}  exit e0 Bored:\nblock b0(v0:Tagged):\n  return v0\n")),
            "line 2: unknown deopt reason 'Bored'"
        );
        assert_eq!(
            error(&format!("{head}block b0(v0:Tagged):\n  return v0\n  exit e0 Stress:\n")),
            "line 4: exits must be listed before the first block"
        );
        assert_eq!(
            error(&format!("{head}block b0(v0:Bit):\n  branch v0 ? b0() b0()\n")),
            "line 3: expected ':', found 'b0()'"
        );
        assert_eq!(
            error(&format!("{head}block b0(v0:Tagged):\n  return v0 v0\n")),
            "line 3: unexpected 'v0' at end of line"
        );
        assert_eq!(error("block b0():\n"), "line 1: expected 'function NAME #ID', found 'block'");
        assert_eq!(error("function my name #0\n"), "line 1: expected '#', found 'name'");
        assert_eq!(error("\n\n"), "line 2: empty text: expected 'function NAME #ID'");
        assert_eq!(
            error(&format!("{head}  v1:Int32 = Int32Constant[1]\n")),
            "line 2: expected 'exit' or 'block', found 'v1:Int32'"
        );
        assert_eq!(error(&format!("{head}block b0(v0:Tagged):\n")), "line 2: block b0 has no terminator");
    }
}
