//! The fuzzer's own small AST of Tier-1 JavaScript and its printer.
//!
//! The generator builds programs in this form and the reducer edits them; [`Program::to_js`]
//! prints the text that node and seabed run. Every composite expression is printed inside
//! parentheses, so the printer needs no precedence table and an edit can never change how the
//! text parses. Loops are structural ([`Loop`]): the printer writes their counter, test and
//! increment, and no other code assigns the counter, so every loop (also after any reduction)
//! runs at most [`Loop::count`] times.

use std::fmt::Write as _;

/// An expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A number literal, as JavaScript source (`2147483647`, `0.5`, `NaN`, `-0`, `1e21`);
    /// printed in parentheses when it starts with `-`.
    Num(String),
    /// A string literal (printed with double quotes; the generator uses no characters that
    /// need escaping).
    Str(String),
    /// `true` or `false`.
    Bool(bool),
    /// `undefined`.
    Undefined,
    /// `null`.
    Null,
    /// A variable (or function) name.
    Var(String),
    /// A prefix operator: `-`, `+`, `!`, `~`.
    Unary(&'static str, Box<Expr>),
    /// A binary operator, including `&&`, `||`, comparisons and `,` (the comma operator).
    Binary(&'static str, Box<Expr>, Box<Expr>),
    /// `test ? then : else`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `place = value`, or `place op= value` with the operator (`+`, `<<`, ...).
    Assign(Option<&'static str>, Box<Place>, Box<Expr>),
    /// `++place`, `place--`, ...
    Update {
        /// `++x` rather than `x++`.
        prefix: bool,
        /// `++` rather than `--`.
        increment: bool,
        /// What is updated.
        place: Box<Place>,
    },
    /// A call of a top-level function (or of a variable that holds one).
    Call(String, Vec<Expr>),
    /// `Math.NAME(args)`.
    Math(&'static str, Vec<Expr>),
    /// `Math.NAME` (a constant such as `PI`).
    MathConst(&'static str),
    /// `object.name`.
    Member(Box<Expr>, String),
    /// `object?.name` (optional chaining: `undefined` when the object is `null` or
    /// `undefined`).
    OptMember(Box<Expr>, String),
    /// `object[index]`.
    Index(Box<Expr>, Box<Expr>),
    /// `receiver.name(args)`: `push`, `pop` and `toString`, and the methods of generated
    /// classes (`o.sum()`, `C.make(p)`).
    Method(Box<Expr>, &'static str, Vec<Expr>),
    /// `String(value)`.
    StringOf(Box<Expr>),
    /// An array literal; `None` is a hole (`[1, , 3]`).
    Array(Vec<Option<Expr>>),
    /// An object literal with static keys.
    Object(Vec<(String, Expr)>),
    /// `new Array(n)` (or `Array(n)` without `new`).
    NewArray(bool, Box<Expr>),
    /// A function expression, `(function (params) { body })`: a closure over the variables
    /// of the code around it (the generator's `closures` feature; never printed by
    /// `console.log`, whose text of a function differs between engines).
    Closure(Vec<String>, Vec<Stmt>),
    /// `this` (in constructors and methods: the generator's `classes` feature).
    This,
    /// `new C(args)`: a class or a constructor function called with `new`.
    New(String, Vec<Expr>),
    /// `super(args)`: the base constructor's call in a derived class's constructor.
    SuperCall(Vec<Expr>),
    /// `super.name(args)`: the base class's method, in a method of a derived class.
    SuperMethod(String, Vec<Expr>),
    /// `...value`: a spread element, only as a call argument or an array literal's item.
    Spread(Box<Expr>),
    /// `delete place` (the generator deletes properties and elements only: a `delete` of a
    /// variable is a syntax error in strict code).
    Delete(Box<Place>),
    /// An object literal with data properties, then accessor properties (`get name() {...}`,
    /// `set name(v) {...}`: members whose [`Method::kind`] is not [`MethodKind::Method`]).
    Accessors(Vec<(String, Expr)>, Vec<Method>),
}

/// Something an assignment or update writes.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// A variable.
    Var(String),
    /// `object.name`.
    Member(Expr, String),
    /// `object[index]`.
    Index(Expr, Expr),
}

/// How a variable is declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclKind {
    /// `var`
    Var,
    /// `let`
    Let,
    /// `const` (needs an initializer)
    Const,
}

/// The loop forms a [`Loop`] prints as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopKind {
    /// `for (var i = 0; i < n; i++)`, or with `let` when the flag is set.
    For(bool),
    /// `var i = 0; while (i < n) { i++; ... }`
    While,
    /// `var i = 0; do { i++; ... } while (i < n);`
    DoWhile,
}

/// A counted loop: its body runs at most `count` times, whatever the body does.
#[derive(Clone, Debug, PartialEq)]
pub struct Loop {
    /// Which loop statement it prints as.
    pub kind: LoopKind,
    /// A label (`outer: for ...`) for labelled `break` and `continue`.
    pub label: Option<String>,
    /// The counter: readable in the body, never assigned there.
    pub counter: String,
    /// The number of iterations.
    pub count: u32,
    /// The body.
    pub body: Vec<Stmt>,
}

/// One clause of a `switch`.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// `case test:`, or `default:` when `None`.
    pub test: Option<Expr>,
    /// The clause's statements (they may end with `break`).
    pub body: Vec<Stmt>,
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `var|let|const name = init;`
    Decl(DeclKind, String, Option<Expr>),
    /// An expression statement.
    Expr(Expr),
    /// `console.log(args);`
    Print(Vec<Expr>),
    /// `if (test) { then } else { else }` (no `else` when it is empty).
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    /// A counted loop.
    Loop(Loop),
    /// `break;` or `break label;`
    Break(Option<String>),
    /// `continue;` or `continue label;`
    Continue(Option<String>),
    /// `return;` or `return value;`
    Return(Option<Expr>),
    /// `{ ... }`
    Block(Vec<Stmt>),
    /// `switch (value) { case ...: ... }`
    Switch(Expr, Vec<Case>),
    /// `throw value;`
    Throw(Expr),
    /// `try { ... } catch (name) { ... } finally { ... }`.
    Try(Box<Try>),
    /// `for (var|let|const key in object) { ... }`: a loop for `break` and `continue`.
    ForIn(Box<ForIn>),
    /// `var|let|const pattern = value;`: array or object destructuring.
    Destructure(DeclKind, Pattern, Expr),
}

/// A `for-in` loop over the enumerable string keys of an object and its prototypes.
#[derive(Clone, Debug, PartialEq)]
pub struct ForIn {
    /// How the key variable is declared.
    pub kind: DeclKind,
    /// The key variable.
    pub key: String,
    /// The object whose keys are visited.
    pub object: Expr,
    /// The body.
    pub body: Vec<Stmt>,
}

/// One name a destructuring pattern binds: the name, and its default value (taken when the
/// value there is `undefined`).
#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    /// The property read (object patterns; the binding's own name when `None`).
    pub key: Option<String>,
    /// The variable bound.
    pub name: String,
    /// `= value`.
    pub default: Option<Expr>,
}

/// A destructuring pattern of a declaration.
#[derive(Clone, Debug, PartialEq)]
pub enum Pattern {
    /// `[a, , b = 1, ...rest]`: `None` skips an element.
    Array(Vec<Option<Binding>>, Option<String>),
    /// `{x, y: b = 1, ...rest}`.
    Object(Vec<Binding>, Option<String>),
}

impl Pattern {
    /// The default values, in source order.
    pub fn defaults_mut(&mut self) -> Vec<&mut Expr> {
        let bindings: Vec<&mut Binding> = match self {
            Pattern::Array(items, _) => items.iter_mut().flatten().collect(),
            Pattern::Object(items, _) => items.iter_mut().collect(),
        };
        bindings.into_iter().filter_map(|b| b.default.as_mut()).collect()
    }

    /// The names it binds, the rest's included.
    pub fn names(&self) -> Vec<String> {
        let (mut names, rest): (Vec<String>, &Option<String>) = match self {
            Pattern::Array(items, rest) => (items.iter().flatten().map(|b| b.name.clone()).collect(), rest),
            Pattern::Object(items, rest) => (items.iter().map(|b| b.name.clone()).collect(), rest),
        };
        names.extend(rest.iter().cloned());
        names
    }
}

/// A `try` statement: a `catch` (with a binding or none), a `finally`, or both.
#[derive(Clone, Debug, PartialEq)]
pub struct Try {
    /// The protected statements.
    pub body: Vec<Stmt>,
    /// The `catch` clause: its binding (`catch {` without one) and its statements.
    pub catch: Option<(Option<String>, Vec<Stmt>)>,
    /// The `finally` statements.
    pub finally: Option<Vec<Stmt>>,
}

impl Try {
    /// The statement lists, in source order.
    pub fn lists(&self) -> Vec<&Vec<Stmt>> {
        let mut v = vec![&self.body];
        v.extend(self.catch.as_ref().map(|(_, c)| c));
        v.extend(self.finally.as_ref());
        v
    }

    /// The statement lists, in source order, to rewrite.
    pub fn lists_mut(&mut self) -> Vec<&mut Vec<Stmt>> {
        let mut v = vec![&mut self.body];
        v.extend(self.catch.as_mut().map(|(_, c)| c));
        v.extend(self.finally.as_mut());
        v
    }
}

/// A top-level function declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// Its name.
    pub name: String,
    /// Its parameters as source: a name, or (the generator's `sugar` feature) a default
    /// parameter `name = value` ([`default_param`]) or a rest parameter `...name`.
    pub params: Vec<String>,
    /// Its body.
    pub body: Vec<Stmt>,
}

/// What a class member (or an object literal's accessor) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MethodKind {
    /// A method (or the constructor): `name(params) { ... }`.
    Method,
    /// A getter: `get name() { ... }`.
    Get,
    /// A setter: `set name(param) { ... }`.
    Set,
}

/// A member of a class body: the constructor, a method or a static method, or an accessor.
#[derive(Clone, Debug, PartialEq)]
pub struct Method {
    /// `static name(...) { ... }` rather than `name(...) { ... }`.
    pub is_static: bool,
    /// A method, a getter or a setter.
    pub kind: MethodKind,
    /// Its name (`constructor` for the constructor), parameters and body.
    pub function: Function,
}

/// A class declaration (not hoisted: declared before any code constructs or extends it).
#[derive(Clone, Debug, PartialEq)]
pub struct Class {
    /// Its name.
    pub name: String,
    /// The class (or constructor function) it extends: `class D extends B`.
    pub base: Option<String>,
    /// Field declarations, `name = value;` (set on every instance before the constructor
    /// body runs, or right after `super(...)` returns in a derived class).
    pub fields: Vec<(String, Expr)>,
    /// The constructor (none: the default one) and the methods, in order.
    pub members: Vec<Method>,
}

/// A whole program: comment lines, function declarations, class declarations, then the
/// top-level statements.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Program {
    /// Lines printed as `// ...` comments at the top.
    pub header: Vec<String>,
    /// The function declarations, printed before the top-level code (they are hoisted).
    pub functions: Vec<Function>,
    /// The class declarations, printed after the functions and before the top-level code,
    /// in order (a base class before the classes that extend it).
    pub classes: Vec<Class>,
    /// The top-level statements.
    pub body: Vec<Stmt>,
}

impl Program {
    /// The program as JavaScript source.
    pub fn to_js(&self) -> String {
        let mut p = Printer { out: String::new(), indent: 0 };
        for line in &self.header {
            let _ = writeln!(p.out, "// {line}");
        }
        for f in &self.functions {
            let _ = writeln!(p.out, "function {}({}) {{", f.name, f.params.join(", "));
            p.indent += 1;
            p.stmts(&f.body);
            p.indent -= 1;
            p.out.push_str("}\n");
        }
        for c in &self.classes {
            p.class(c);
        }
        p.stmts(&self.body);
        p.out
    }

    /// The number of AST nodes (statements, expressions, places and functions): the size the
    /// reducer shrinks.
    pub fn size(&self) -> usize {
        let function_size = |f: &Function| 1 + f.params.len() + stmts_size(&f.body);
        let class_size = |c: &Class| {
            1 + c.fields.iter().map(|(_, v)| 1 + expr_size(v)).sum::<usize>() + c.members.iter().map(|m| function_size(&m.function)).sum::<usize>()
        };
        self.functions.iter().map(function_size).sum::<usize>() + self.classes.iter().map(class_size).sum::<usize>() + stmts_size(&self.body)
    }

    /// The function called `name`, if declared.
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }
}

/// The number of nodes in a statement list.
pub fn stmts_size(stmts: &[Stmt]) -> usize {
    stmts.iter().map(stmt_size).sum()
}

fn stmt_size(s: &Stmt) -> usize {
    1 + match s {
        Stmt::Decl(_, _, init) => init.as_ref().map_or(0, expr_size),
        Stmt::Expr(e) | Stmt::Throw(e) => expr_size(e),
        Stmt::Print(args) => args.iter().map(expr_size).sum(),
        Stmt::If(c, t, e) => expr_size(c) + stmts_size(t) + stmts_size(e),
        Stmt::Loop(l) => stmts_size(&l.body),
        Stmt::Break(_) | Stmt::Continue(_) => 0,
        Stmt::Return(v) => v.as_ref().map_or(0, expr_size),
        Stmt::Block(b) => stmts_size(b),
        Stmt::Switch(v, cases) => {
            expr_size(v) + cases.iter().map(|c| 1 + c.test.as_ref().map_or(0, expr_size) + stmts_size(&c.body)).sum::<usize>()
        }
        Stmt::Try(t) => t.lists().into_iter().map(|l| stmts_size(l)).sum(),
        Stmt::ForIn(f) => expr_size(&f.object) + stmts_size(&f.body),
        Stmt::Destructure(_, pattern, value) => {
            let names = pattern.names().len();
            let mut pattern = pattern.clone();
            names + pattern.defaults_mut().into_iter().map(|d| expr_size(d)).sum::<usize>() + expr_size(value)
        }
    }
}

/// The number of nodes in an expression.
pub fn expr_size(e: &Expr) -> usize {
    1 + match e {
        Expr::Num(_) | Expr::Str(_) | Expr::Bool(_) | Expr::Undefined | Expr::Null | Expr::Var(_) | Expr::MathConst(_) | Expr::This => 0,
        Expr::Unary(_, a) | Expr::Member(a, _) | Expr::OptMember(a, _) | Expr::StringOf(a) | Expr::NewArray(_, a) | Expr::Spread(a) => {
            expr_size(a)
        }
        Expr::Delete(p) => place_size(p),
        Expr::Binary(_, a, b) | Expr::Index(a, b) => expr_size(a) + expr_size(b),
        Expr::Cond(a, b, c) => expr_size(a) + expr_size(b) + expr_size(c),
        Expr::Assign(_, p, v) => place_size(p) + expr_size(v),
        Expr::Update { place, .. } => place_size(place),
        Expr::Call(_, args) | Expr::Math(_, args) | Expr::New(_, args) | Expr::SuperCall(args) | Expr::SuperMethod(_, args) => {
            args.iter().map(expr_size).sum()
        }
        Expr::Method(r, _, args) => expr_size(r) + args.iter().map(expr_size).sum::<usize>(),
        Expr::Array(items) => items.iter().map(|i| i.as_ref().map_or(1, expr_size)).sum(),
        Expr::Object(props) => props.iter().map(|(_, v)| expr_size(v)).sum(),
        Expr::Closure(params, body) => params.len() + stmts_size(body),
        Expr::Accessors(props, accessors) => {
            props.iter().map(|(_, v)| expr_size(v)).sum::<usize>()
                + accessors.iter().map(|m| 1 + m.function.params.len() + stmts_size(&m.function.body)).sum::<usize>()
        }
    }
}

fn place_size(p: &Place) -> usize {
    match p {
        Place::Var(_) => 1,
        Place::Member(o, _) => 1 + expr_size(o),
        Place::Index(o, i) => 1 + expr_size(o) + expr_size(i),
    }
}

/// Writes statements with two-space indentation.
struct Printer {
    out: String,
    indent: usize,
}

impl Printer {
    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn stmts(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    /// `head {`, the body indented, then `tail` (normally `}`).
    fn block(&mut self, head: &str, body: &[Stmt], tail: &str) {
        self.line(&format!("{head}{{"));
        self.indent += 1;
        self.stmts(body);
        self.indent -= 1;
        self.line(tail);
    }

    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::Decl(kind, name, init) => {
                let kw = decl_keyword(*kind);
                match init {
                    Some(e) => self.line(&format!("{kw} {name} = {};", top(e))),
                    None => self.line(&format!("{kw} {name};")),
                }
            }
            Stmt::Expr(e) => self.line(&format!("{};", top(e))),
            Stmt::Print(args) => {
                let args: Vec<String> = args.iter().map(top).collect();
                self.line(&format!("console.log({});", args.join(", ")));
            }
            Stmt::If(c, t, e) => {
                let head = format!("if ({}) ", top(c));
                if e.is_empty() {
                    self.block(&head, t, "}");
                } else {
                    self.block(&head, t, "} else {");
                    self.indent += 1;
                    self.stmts(e);
                    self.indent -= 1;
                    self.line("}");
                }
            }
            Stmt::Loop(l) => self.looped(l),
            Stmt::Break(None) => self.line("break;"),
            Stmt::Break(Some(l)) => self.line(&format!("break {l};")),
            Stmt::Continue(None) => self.line("continue;"),
            Stmt::Continue(Some(l)) => self.line(&format!("continue {l};")),
            Stmt::Return(None) => self.line("return;"),
            Stmt::Return(Some(e)) => self.line(&format!("return {};", top(e))),
            Stmt::Block(b) => self.block("", b, "}"),
            Stmt::Switch(v, cases) => {
                self.line(&format!("switch ({}) {{", top(v)));
                self.indent += 1;
                for c in cases {
                    match &c.test {
                        Some(t) => self.line(&format!("case {}:", top(t))),
                        None => self.line("default:"),
                    }
                    self.indent += 1;
                    self.stmts(&c.body);
                    self.indent -= 1;
                }
                self.indent -= 1;
                self.line("}");
            }
            Stmt::Throw(e) => self.line(&format!("throw {};", top(e))),
            Stmt::Try(t) => {
                self.line("try {");
                self.indent += 1;
                self.stmts(&t.body);
                self.indent -= 1;
                if let Some((binding, body)) = &t.catch {
                    match binding {
                        Some(name) => self.line(&format!("}} catch ({name}) {{")),
                        None => self.line("} catch {"),
                    }
                    self.indent += 1;
                    self.stmts(body);
                    self.indent -= 1;
                }
                if let Some(body) = &t.finally {
                    self.line("} finally {");
                    self.indent += 1;
                    self.stmts(body);
                    self.indent -= 1;
                }
                self.line("}");
            }
            Stmt::ForIn(f) => {
                let head = format!("for ({} {} in {}) ", decl_keyword(f.kind), f.key, top(&f.object));
                self.block(&head, &f.body, "}");
            }
            Stmt::Destructure(kind, pattern, value) => {
                self.line(&format!("{} {} = {};", decl_keyword(*kind), pattern_text(pattern), top(value)));
            }
        }
    }

    /// `class Name extends Base { fields; members }`.
    fn class(&mut self, c: &Class) {
        let extends = c.base.as_ref().map(|b| format!(" extends {b}")).unwrap_or_default();
        self.line(&format!("class {}{extends} {{", c.name));
        self.indent += 1;
        for (name, value) in &c.fields {
            self.line(&format!("{name} = {};", top(value)));
        }
        for m in &c.members {
            let head = format!("{}{} ", if m.is_static { "static " } else { "" }, member_head(m));
            self.block(&head, &m.function.body, "}");
        }
        self.indent -= 1;
        self.line("}");
    }

    fn looped(&mut self, l: &Loop) {
        let label = l.label.as_ref().map(|l| format!("{l}: ")).unwrap_or_default();
        let (i, n) = (&l.counter, l.count);
        match l.kind {
            LoopKind::For(lexical) => {
                let kw = if lexical { "let" } else { "var" };
                self.block(&format!("{label}for ({kw} {i} = 0; {i} < {n}; {i}++) "), &l.body, "}");
            }
            LoopKind::While => {
                self.line(&format!("var {i} = 0;"));
                self.line(&format!("{label}while ({i} < {n}) {{"));
                self.indent += 1;
                self.line(&format!("{i}++;"));
                self.stmts(&l.body);
                self.indent -= 1;
                self.line("}");
            }
            LoopKind::DoWhile => {
                self.line(&format!("var {i} = 0;"));
                self.line(&format!("{label}do {{"));
                self.indent += 1;
                self.line(&format!("{i}++;"));
                self.stmts(&l.body);
                self.indent -= 1;
                self.line(&format!("}} while ({i} < {n});"));
            }
        }
    }
}

/// `var`, `let` or `const`.
fn decl_keyword(kind: DeclKind) -> &'static str {
    match kind {
        DeclKind::Var => "var",
        DeclKind::Let => "let",
        DeclKind::Const => "const",
    }
}

/// A member's head without `static`: `name(params)`, `get name()`, `set name(v)`.
fn member_head(m: &Method) -> String {
    let prefix = match m.kind {
        MethodKind::Method => "",
        MethodKind::Get => "get ",
        MethodKind::Set => "set ",
    };
    format!("{prefix}{}({})", m.function.name, m.function.params.join(", "))
}

/// Statements on one line (a closure's or an object literal accessor's body).
fn one_line(body: &[Stmt]) -> String {
    let mut p = Printer { out: String::new(), indent: 0 };
    p.stmts(body);
    p.out.lines().map(str::trim).collect::<Vec<_>>().join(" ")
}

/// A destructuring pattern as source.
fn pattern_text(p: &Pattern) -> String {
    let binding = |b: &Binding| {
        let key = b.key.as_ref().map(|k| format!("{k}: ")).unwrap_or_default();
        let default = b.default.as_ref().map(|d| format!(" = {}", top(d))).unwrap_or_default();
        format!("{key}{}{default}", b.name)
    };
    let (mut items, rest, open, close): (Vec<String>, _, _, _) = match p {
        Pattern::Array(items, rest) => (items.iter().map(|i| i.as_ref().map(binding).unwrap_or_default()).collect(), rest, "[", "]"),
        Pattern::Object(items, rest) => (items.iter().map(binding).collect(), rest, "{", "}"),
    };
    // A trailing hole needs a second comma, as in an array literal.
    let trailing_hole = rest.is_none() && items.last().is_some_and(|i| i.is_empty());
    items.extend(rest.iter().map(|r| format!("...{r}")));
    format!("{open}{}{}{close}", items.join(", "), if trailing_hole { "," } else { "" })
}

/// The parameter `name = value` (a default parameter) as [`Function::params`] holds it.
pub fn default_param(name: &str, value: &Expr) -> String {
    format!("{name} = {}", top(value))
}

/// An expression in a position that needs no parentheses (a statement, an argument).
fn top(e: &Expr) -> String {
    let mut s = String::new();
    write_expr(&mut s, e, false);
    s
}

/// An expression as an operand: composite expressions in parentheses.
fn operand(e: &Expr) -> String {
    let mut s = String::new();
    write_expr(&mut s, e, true);
    s
}

/// The object of a member access: a number literal needs parentheses (`(5).toString()`).
fn receiver(e: &Expr) -> String {
    match e {
        Expr::Num(n) => format!("({n})"),
        _ => operand(e),
    }
}

fn args(list: &[Expr]) -> String {
    list.iter().map(top).collect::<Vec<_>>().join(", ")
}

fn place(p: &Place) -> String {
    match p {
        Place::Var(v) => v.clone(),
        Place::Member(o, name) => format!("{}.{name}", receiver(o)),
        Place::Index(o, i) => format!("{}[{}]", receiver(o), top(i)),
    }
}

fn write_expr(out: &mut String, e: &Expr, nested: bool) {
    let wrap = |s: String| if nested { format!("({s})") } else { s };
    let text = match e {
        Expr::Num(n) if n.starts_with('-') => format!("({n})"),
        Expr::Num(n) => n.clone(),
        Expr::Str(s) => format!("{s:?}"),
        Expr::Bool(b) => b.to_string(),
        Expr::Undefined => "undefined".into(),
        Expr::Null => "null".into(),
        Expr::Var(v) => v.clone(),
        Expr::Unary(op, a) => wrap(format!("{op}{}", operand(a))),
        Expr::Binary(",", a, b) => format!("({}, {})", top(a), top(b)),
        Expr::Binary(op, a, b) => wrap(format!("{} {op} {}", operand(a), operand(b))),
        Expr::Cond(c, t, f) => wrap(format!("{} ? {} : {}", operand(c), operand(t), operand(f))),
        Expr::Assign(op, p, v) => wrap(format!("{} {}= {}", place(p), op.unwrap_or(""), operand(v))),
        Expr::Update { prefix, increment, place: p } => {
            let op = if *increment { "++" } else { "--" };
            wrap(if *prefix { format!("{op}{}", place(p)) } else { format!("{}{op}", place(p)) })
        }
        Expr::Call(f, a) => format!("{f}({})", args(a)),
        Expr::Math(f, a) => format!("Math.{f}({})", args(a)),
        Expr::MathConst(c) => format!("Math.{c}"),
        Expr::Member(o, name) => format!("{}.{name}", receiver(o)),
        Expr::OptMember(o, name) => wrap(format!("{}?.{name}", receiver(o))),
        Expr::Index(o, i) => format!("{}[{}]", receiver(o), top(i)),
        Expr::Method(r, m, a) => format!("{}.{m}({})", receiver(r), args(a)),
        Expr::StringOf(a) => format!("String({})", top(a)),
        Expr::Array(items) => {
            let items: Vec<String> = items.iter().map(|i| i.as_ref().map(top).unwrap_or_default()).collect();
            // A trailing hole needs a second comma: `[1, ,]` has length 2.
            let trailing_hole = items.last().is_some_and(|i| i.is_empty());
            format!("[{}{}]", items.join(", "), if trailing_hole { "," } else { "" })
        }
        Expr::Object(props) => {
            let props: Vec<String> = props.iter().map(|(k, v)| format!("{k}: {}", top(v))).collect();
            format!("{{{}}}", props.join(", "))
        }
        Expr::NewArray(true, n) => format!("new Array({})", top(n)),
        Expr::NewArray(false, n) => format!("Array({})", top(n)),
        // On one line, so that it can stand anywhere an expression can.
        Expr::Closure(params, body) => format!("(function ({}) {{ {} }})", params.join(", "), one_line(body)),
        Expr::Accessors(props, accessors) => {
            let mut parts: Vec<String> = props.iter().map(|(k, v)| format!("{k}: {}", top(v))).collect();
            parts.extend(accessors.iter().map(|m| format!("{} {{ {} }}", member_head(m), one_line(&m.function.body))));
            format!("{{{}}}", parts.join(", "))
        }
        Expr::Spread(a) => format!("...{}", operand(a)),
        Expr::Delete(p) => wrap(format!("delete {}", place(p))),
        Expr::This => "this".into(),
        Expr::New(c, a) => wrap(format!("new {c}({})", args(a))),
        Expr::SuperCall(a) => format!("super({})", args(a)),
        Expr::SuperMethod(m, a) => format!("super.{m}({})", args(a)),
    };
    out.push_str(&text);
}

/// The number literal `n` as an expression (helper for the generator and reducer).
pub fn num(n: impl ToString) -> Expr {
    Expr::Num(n.to_string())
}

/// A boxed expression (helper).
pub fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_fully_parenthesized_javascript() {
        let e = Expr::Binary("+", bx(num(1)), bx(Expr::Binary("*", bx(Expr::Var("x".into())), bx(num("-0")))));
        let p = Program {
            header: vec!["seed 1".into()],
            functions: vec![Function { name: "f".into(), params: vec!["x".into()], body: vec![Stmt::Return(Some(e))] }],
            classes: Vec::new(),
            body: vec![
                Stmt::Loop(Loop {
                    kind: LoopKind::While,
                    label: Some("outer".into()),
                    counter: "i0".into(),
                    count: 3,
                    body: vec![Stmt::Print(vec![Expr::Call("f".into(), vec![Expr::Var("i0".into())])])],
                }),
                Stmt::Expr(Expr::Assign(None, Box::new(Place::Var("a".into())), bx(Expr::Array(vec![Some(num(1)), None])))),
            ],
        };
        assert_eq!(
            p.to_js(),
            "// seed 1\nfunction f(x) {\n  return 1 + (x * (-0));\n}\nvar i0 = 0;\nouter: while (i0 < 3) {\n  i0++;\n  console.log(f(i0));\n}\na = [1, ,];\n"
        );
        // f: 1 + 1 param + return 1 + 5; the loop 1 + print 3; the assignment 1 + 5.
        assert_eq!(p.size(), 18);
    }

    #[test]
    fn prints_classes_after_the_functions_and_before_the_code() {
        let var = |n: &str| Expr::Var(n.into());
        let this = |f: &str| Place::Member(Expr::This, f.into());
        let function = |name: &str, params: &[&str], body| Function { name: name.into(), params: params.iter().map(|p| p.to_string()).collect(), body };
        let store = |f: &str, v: Expr| Stmt::Expr(Expr::Assign(None, Box::new(this(f)), bx(v)));
        let base = Class {
            name: "B".into(),
            base: None,
            fields: vec![("k".into(), num(3))],
            members: vec![
                Method { is_static: false, kind: MethodKind::Method, function: function("constructor", &["p"], vec![store("a", var("p"))]) },
                Method { is_static: true, kind: MethodKind::Method, function: function("make", &["p"], vec![Stmt::Return(Some(Expr::New("B".into(), vec![var("p")])))]) },
            ],
        };
        let sum = Expr::Binary("*", bx(Expr::SuperMethod("sum".into(), vec![])), bx(num(2)));
        let derived = Class {
            name: "D".into(),
            base: Some("B".into()),
            fields: Vec::new(),
            members: vec![
                Method {
                    is_static: false,
                    kind: MethodKind::Method,
                    function: function("constructor", &["p"], vec![Stmt::Expr(Expr::SuperCall(vec![var("p")])), store("c", num(1))]),
                },
                Method { is_static: false, kind: MethodKind::Method, function: function("sum", &[], vec![Stmt::Return(Some(sum))]) },
            ],
        };
        let read = Expr::Member(bx(Expr::New("D".into(), vec![num(1)])), "a".into());
        let p = Program {
            header: Vec::new(),
            functions: vec![function("f", &[], vec![Stmt::Return(Some(read))])],
            classes: vec![base, derived],
            body: vec![Stmt::Print(vec![Expr::Call("f".into(), vec![])])],
        };
        assert_eq!(
            p.to_js(),
            "function f() {\n  return (new D(1)).a;\n}\nclass B {\n  k = 3;\n  constructor(p) {\n    this.a = p;\n  }\n  static make(p) {\n    \
             return new B(p);\n  }\n}\nclass D extends B {\n  constructor(p) {\n    super(p);\n    this.c = 1;\n  }\n  sum() {\n    \
             return super.sum() * 2;\n  }\n}\nconsole.log(f());\n"
        );
        // f: 1 + `return (new D(1)).a;` 4. B: 1 + the field 2 + the constructor 1 + 1 parameter
        // + `this.a = p;` 5 + make 1 + 1 + 3. D: 1 + the constructor 1 + 1 + `super(p);` 3 +
        // `this.c = 1;` 5 + sum 1 + 4. The print: 2.
        assert_eq!(p.size(), 5 + (1 + 2 + 7 + 5) + (1 + 10 + 5) + 2);
    }

    #[test]
    fn prints_a_closure_on_one_line() {
        let body = vec![
            Stmt::Expr(Expr::Assign(Some("+"), Box::new(Place::Var("c".into())), bx(Expr::Var("x".into())))),
            Stmt::Return(Some(Expr::Var("c".into()))),
        ];
        let e = Expr::Closure(vec!["x".into()], body);
        assert_eq!(top(&e), "(function (x) { c += x; return c; })");
        // The closure, its parameter, `c += x;` (4) and `return c;` (2).
        assert_eq!(expr_size(&e), 1 + 1 + 4 + 2);
    }

    #[test]
    fn prints_the_tier3_constructs() {
        let var = |n: &str| Expr::Var(n.into());
        let getter = Method {
            is_static: false,
            kind: MethodKind::Get,
            function: Function { name: "v".into(), params: Vec::new(), body: vec![Stmt::Return(Some(Expr::Member(bx(Expr::This), "_v".into())))] },
        };
        let object = Expr::Accessors(vec![("_v".into(), num(1))], vec![getter]);
        assert_eq!(top(&object), "{_v: 1, get v() { return this._v; }}");
        let call = Expr::Call("f".into(), vec![Expr::Spread(bx(var("a"))), Expr::Array(vec![Some(Expr::Spread(bx(var("b"))))])]);
        assert_eq!(top(&call), "f(...a, [...b])");
        let delete = Expr::Delete(Box::new(Place::Index(var("o"), Expr::Str("x".into()))));
        let pattern = Pattern::Array(
            vec![Some(Binding { key: None, name: "a".into(), default: Some(num(2)) }), None],
            Some("r".into()),
        );
        let object_pattern = Pattern::Object(vec![Binding { key: Some("x".into()), name: "b".into(), default: None }], None);
        let p = Program {
            body: vec![
                Stmt::ForIn(Box::new(ForIn { kind: DeclKind::Const, key: "k".into(), object: var("o"), body: vec![Stmt::Expr(delete)] })),
                Stmt::Destructure(DeclKind::Let, pattern, var("xs")),
                Stmt::Destructure(DeclKind::Const, object_pattern, var("o")),
            ],
            ..Default::default()
        };
        assert_eq!(p.to_js(), "for (const k in o) {\n  delete o[\"x\"];\n}\nlet [a = 2, , ...r] = xs;\nconst {x: b} = o;\n");
        assert_eq!(default_param("q", &num(3)), "q = 3");
    }
}
