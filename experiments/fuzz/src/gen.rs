//! The seeded program generator: random Tier-1 programs shaped to stress the JITs.
//!
//! A program is the `show` helper (prints any value the way `console.log` would print a
//! primitive) followed by a few *features*, each a group of functions, globals and
//! top-level statements aimed at one kind of speculation:
//!
//! - `drift`: a hot function (called 150–400 times) whose arguments are int32s first, then
//!   doubles, strings, `undefined`, booleans, `-0`, `NaN`, objects — feedback changes mid-run;
//! - `boundary`: the same over values at int32 and double boundaries taken from an array;
//! - `elements`: array reads and writes over holes, out-of-bounds and negative indexes,
//!   `push`/`pop`, element-kind transitions (int32 → double → any);
//! - `shapes`: objects with properties in different orders, properties added later, one
//!   function seeing 1–6 shapes, missing properties;
//! - `chain`: 3–5 small functions calling each other (inlining), the type change in the
//!   innermost; `recursion`: a self-recursive function at most 16 deep with a drifting
//!   accumulator;
//! - `osr`: loops of 1,000–5,000 iterations, at top level or in a function, whose operand
//!   types change partway, with nested loops, labels, `break` and `continue`;
//! - `constants`: straight-line arithmetic over the special values;
//! - `closures`: a maker returns closures over a variable they update; a small hot helper
//!   calls the closure it is given (instances with different contexts, or one made on the
//!   spot), with arguments whose types change — closure inlining, context loads and stores,
//!   exits inside inlined closures; when the maker made one closure, sometimes a second one
//!   over another context afterwards through the same helper (function-context
//!   specialization must exit);
//! - `classes`: a base class whose constructor stores (expressions over) its parameters into
//!   fields, sometimes one or two derived classes (statements before `super(...)`, method
//!   overrides calling `super.m()`), or a plain constructor function; constructors that
//!   return early, return `this` or (rarely) another object; a hot function that does
//!   `new` with arguments whose types change partway (exits inside inlined constructors) and
//!   combines the new object's fields, and sometimes a loop keeping every k-th new object;
//! - `receivers`: instances of a small class hierarchy (a chain or siblings) through one hot
//!   function reading fields and calling methods, first one class then all of them
//!   (monomorphic feedback drifting to polymorphic), with a method replaced or newly
//!   shadowed on a prototype between two runs of its driver (stale-method guards);
//! - Tier 3 ([`tier3`]): `throwing` (exceptions from small hot functions inlined into a
//!   caller's `try`, rethrow, `finally` with jumps, a long loop inside a `try`),
//!   `accessors` (getters and setters of literals, classes, `Object.create` chains),
//!   `dynamic` (`for-in`, `delete`, `in`), `arguments` (`arguments.length`, `arguments[i]`,
//!   `apply`), `sugar` (destructuring, default and rest parameters, spread, `?.`, `??`) and
//!   `strings` (`+=` building, then `length`, `charCodeAt`, `slice`, indexing).
//!
//! Inside them, besides random statements and expressions over every Tier-1 construct (and
//! of Tier 3: `??`, `||=`, `&&=`, `??=`, optional property reads, `delete` and `in`),
//! *guarded operations*: a division behind a zero test, an element read behind a length
//! test, int32 arithmetic behind a range test, in small loops (code motion must respect
//! the guard; a typer or a control-dependent fact may drop a check only when it is right).
//!
//! Every program terminates quickly whatever the reducer later removes: loops are counted
//! ([`Loop`]), calls only go to functions generated earlier (no recursion), and a work
//! estimate bounds loop counts and calls. Strings cannot grow faster than linearly: no `+`
//! joins two operands that may both carry a string from a variable (see
//! [`Gen::carrying`]). Values printed with `console.log` are primitives (anything else goes
//! through `show`), element writes use non-negative integer indexes, and `**` only takes
//! literal integer operands whose result is exact (docs/known-differences.md).

use super::ast::*;

mod tier3;

/// A small deterministic random number generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed` (any value, 0 included).
    pub fn new(seed: u64) -> Rng {
        let mut r = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03 | 1);
        r.next_u64();
        r
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// A copy of one element of a non-empty slice.
    pub fn choose<T: Copy>(&mut self, items: &[T]) -> T {
        *self.pick(items)
    }
}

/// Statement executions a program may need, summed over the whole run (an estimate that
/// keeps node's run time well under 100 ms).
const WORK_LIMIT: u64 = 250_000;

/// Property names of generated objects: none is a prototype member seabed traps on.
const PROPS: &[&str] = &["x", "y", "z", "w", "v", "u", "k", "m", "s", "t"];

/// Number literals at the edges of int32, uint32 and double.
const INT_EDGES: &[&str] = &[
    "2147483647", "-2147483648", "2147483648", "-2147483649", "4294967295", "4294967296", "0x7fffffff",
    "0xffffffff", "1073741823", "1073741824", "-1073741825", "65535", "65536", "9007199254740991",
    "9007199254740992", "31", "32", "33", "-1", "-2",
];

/// Doubles and the special values.
const DOUBLES: &[&str] = &[
    "0.5", "-0.5", "1.5", "-2.5", "0.1", "3.75", "1e21", "1e-7", "-0", "NaN", "Infinity", "-Infinity",
    "5e-324", "1.7976931348623157e308", "2.5e9", "-1e300", "0.30000000000000004", "4.35",
];

/// String literals: numeric-looking ones (compare and convert), empty, plain.
const STRINGS: &[&str] = &["", "a", "b", "ab", "7", "-0", "1.5", "x1", " ", "NaN", "10", "0x10"];


/// Math functions of one argument.
const MATH1: &[&str] = &[
    "floor", "ceil", "round", "trunc", "abs", "sqrt", "sign", "fround", "clz32", "floor", "round", "abs",
    "sin", "cos", "exp", "log", "atan", "tanh", "cbrt", "log2",
];
/// Math functions of two arguments.
const MATH2: &[&str] = &["max", "min", "imul", "max", "min", "atan2"];
/// Math constants.
const MATH_CONSTS: &[&str] = &["PI", "E", "LN2", "SQRT2"];

/// Field names of the `classes` feature's objects.
const FIELDS: &[&str] = &["a", "b", "c", "d", "e", "k"];

/// Method names of the `classes` feature (none is a prototype member with a meaning of its
/// own, like `toString`): `sum()` takes no argument, `mix(k)` one.
const METHODS: &[&str] = &["sum", "mix"];

/// Operators of binary expressions and compound assignments.
const ARITH: &[&str] = &["+", "+", "-", "*", "/", "%"];
const BITWISE: &[&str] = &["|", "&", "^", "<<", ">>", ">>>"];
const COMPARE: &[&str] = &["<", "<=", ">", ">=", "==", "!=", "===", "!=="];
const COMPOUND: &[&str] = &["+", "+", "-", "*", "/", "%", "|", "&", "^", "<<", ">>", ">>>"];

/// What a variable holds, as far as the generator knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cat {
    /// Anything but an array: a primitive or a plain object.
    Val,
    /// Always a plain object.
    Obj,
    /// Always an array.
    Arr,
}

/// A variable the generated code may read.
#[derive(Clone, Debug)]
struct VarInfo {
    name: String,
    cat: Cat,
    assignable: bool,
    /// The bound of a loop counter (the counter is a non-negative int32 below it).
    counter: Option<u32>,
    /// A parameter or local of the current function (preferred over globals).
    local: bool,
    /// A parameter of the current function (its values drift from call to call).
    param: bool,
}

/// A function the generated code may call.
#[derive(Clone, Debug)]
struct FnInfo {
    name: String,
    params: Vec<Cat>,
    /// Estimated statement executions per call.
    cost: u64,
}

/// Which statements a body prefers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bias {
    General,
    Elements,
    Shapes,
    Loops,
}

/// Where code is being generated.
#[derive(Clone, Debug)]
struct Ctx {
    vars: Vec<VarInfo>,
    /// The labels of the enclosing loops, innermost last (`None`: unlabelled).
    loops: Vec<Option<String>>,
    /// Enclosing `switch` statements (where a plain `break` is valid).
    switches: usize,
    in_function: bool,
    /// How many times a statement here runs per program run (estimate).
    mult: u64,
    bias: Bias,
    /// Statement nesting depth.
    nest: u32,
    /// Whether declarations may be generated (not in `switch` clauses, which share a scope).
    decls: bool,
}

impl Ctx {
    fn new(vars: Vec<VarInfo>, in_function: bool, mult: u64, bias: Bias) -> Ctx {
        Ctx { vars, loops: Vec::new(), switches: 0, in_function, mult: mult.max(1), bias, nest: 0, decls: true }
    }

    fn of(&self, cat: Cat) -> Vec<&VarInfo> {
        self.vars.iter().filter(|v| v.cat == cat).collect()
    }

    fn counters(&self) -> Vec<&VarInfo> {
        self.vars.iter().filter(|v| v.counter.is_some()).collect()
    }
}

/// Generates the program for `seed`: the same seed always gives the same program.
pub fn generate(seed: u64) -> Program {
    let mut g = Gen::new(seed);
    g.program.header.push(format!("Generated by `seabed fuzz` (seed {seed})."));
    g.program.functions.push(show_function());
    let features = g.rng.range(2, 5);
    for _ in 0..features {
        if g.work >= WORK_LIMIT {
            break;
        }
        match g.rng.below(30) {
            0..=3 => g.drift(),
            4..=5 => g.boundary(),
            6..=8 => g.elements(),
            9..=11 => g.shapes(),
            12..=13 => g.chain(),
            14 => g.recursion(),
            15..=17 => g.osr(),
            18 => g.closures(),
            19 => g.classes(),
            20 => g.receivers(),
            22..=23 => g.throwing(),
            24 => g.accessors(),
            25..=26 => g.dynamic(),
            27 => g.arguments(),
            28 => g.sugar(),
            29 => g.strings(),
            _ => g.constants(),
        }
    }
    let finale = std::mem::take(&mut g.finale);
    g.program.body.extend(finale);
    g.program
}

/// `show(x)`: `x` itself when it is a primitive (strings over 60 characters as their
/// length), otherwise `<` + its string form + `>`, so `console.log` never sees an object.
fn show_function() -> Function {
    let x = || Expr::Var("x".into());
    let is = |op: &'static str, a: Expr, b: Expr| Expr::Binary(op, bx(a), bx(b));
    let or = |a: Expr, b: Expr| is("||", a, b);
    let primitive = or(
        or(is("===", x(), Expr::Undefined), is("===", x(), Expr::Null)),
        or(is("===", x(), Expr::Bool(true)), is("===", x(), Expr::Bool(false))),
    );
    let number = or(is("===", is("-", x(), num(0)), x()), is("!==", x(), x()));
    let string = is("===", is("+", x(), Expr::Str(String::new())), x());
    let len = || Expr::Member(bx(x()), "length".into());
    let long = Expr::Cond(
        bx(is(">", len(), num(60))),
        bx(is("+", Expr::Str("string of length ".into()), len())),
        bx(x()),
    );
    Function {
        name: "show".into(),
        params: vec!["x".into()],
        body: vec![
            Stmt::If(primitive, vec![Stmt::Return(Some(x()))], vec![]),
            Stmt::If(number, vec![Stmt::Return(Some(x()))], vec![]),
            Stmt::If(string, vec![Stmt::Return(Some(long))], vec![]),
            Stmt::Return(Some(is("+", is("+", Expr::Str("<".into()), x()), Expr::Str(">".into())))),
        ],
    }
}

/// What `new` on one constructor of the `classes` feature gives.
#[derive(Clone, Debug)]
struct Ctor {
    /// The class's (or constructor function's) name.
    name: String,
    /// How many arguments its constructor takes.
    arity: usize,
    /// The fields its instances may have (its own and its bases').
    fields: Vec<String>,
    /// The methods its instances have (their own and inherited ones).
    methods: Vec<&'static str>,
    /// Whether some constructor of the chain may return another object (which `new` then
    /// gives: an object literal without the methods).
    foreign: bool,
    /// Whether it has a `static make(...)` that returns `new Name(...)`.
    maker: bool,
    /// Estimated statement executions of one `new` (base constructors included).
    cost: u64,
}

/// The generator's state.
struct Gen {
    rng: Rng,
    ids: usize,
    funcs: Vec<FnInfo>,
    globals: Vec<VarInfo>,
    program: Program,
    /// Estimated statement executions so far.
    work: u64,
    /// Statements for the very end (an uncaught exception ends the program).
    finale: Vec<Stmt>,
}

impl Gen {
    fn new(seed: u64) -> Gen {
        Gen {
            rng: Rng::new(seed),
            ids: 0,
            funcs: Vec::new(),
            globals: Vec::new(),
            program: Program::default(),
            work: 0,
            finale: Vec::new(),
        }
    }

    /// A fresh name: `prefix` and a program-wide unique number.
    fn name(&mut self, prefix: &str) -> String {
        self.ids += 1;
        format!("{prefix}{}", self.ids)
    }

    fn remaining(&self) -> u64 {
        WORK_LIMIT.saturating_sub(self.work)
    }

    // ----- features -------------------------------------------------------------------

    /// A hot function called with int32s, then with other types (feedback drift).
    fn drift(&mut self) {
        let calls = self.rng.range(150, 400);
        let params = self.rng.range(1, 3) as usize;
        let f = self.hot_function("h", &vec![Cat::Val; params], calls, Bias::General);
        let i = self.name("i");
        let args = (0..params).map(|_| self.phased(&i, calls as u32)).collect();
        self.driver(&f, &i, calls, args);
    }

    /// A hot function over int32 and double boundary values read from an array.
    fn boundary(&mut self) {
        let values = self.name("sv");
        let mut items: Vec<Option<Expr>> = Vec::new();
        for _ in 0..self.rng.range(6, 14) {
            let v = match self.rng.below(4) {
                0 => num(self.rng.pick(DOUBLES)),
                1 => self.small_int(),
                _ => num(self.rng.pick(INT_EDGES)),
            };
            items.push(Some(v));
        }
        let len = items.len() as u64;
        self.global_decl(&values, Cat::Arr, Expr::Array(items));
        let calls = self.rng.range(150, 300);
        let f = self.hot_function("b", &[Cat::Val, Cat::Val], calls, Bias::General);
        let i = self.name("i");
        let sv = || Expr::Var(values.clone());
        let a = Expr::Index(bx(sv()), bx(Expr::Binary("%", bx(Expr::Var(i.clone())), bx(num(len)))));
        let mix = Expr::Binary("+", bx(Expr::Binary("*", bx(Expr::Var(i.clone())), bx(num(7)))), bx(num(3)));
        let b = Expr::Index(bx(sv()), bx(Expr::Binary("%", bx(mix), bx(num(len)))));
        self.driver(&f, &i, calls, vec![a, b]);
    }

    /// Arrays of every element kind, holes included, through one hot function.
    fn elements(&mut self) {
        let count = self.rng.range(2, 4);
        let mut arrays = Vec::new();
        for _ in 0..count {
            let name = self.name("a");
            let init = self.array_literal();
            self.global_decl(&name, Cat::Arr, init);
            arrays.push(name);
        }
        let calls = self.rng.range(150, 300);
        let f = self.hot_function("e", &[Cat::Arr, Cat::Val, Cat::Val], calls, Bias::Elements);
        let i = self.name("i");
        let which = self.select(&i, &arrays, calls as u32);
        let index = match self.rng.below(3) {
            0 => Expr::Binary("-", bx(Expr::Binary("%", bx(Expr::Var(i.clone())), bx(num(9)))), bx(num(1))),
            1 => Expr::Var(i.clone()),
            _ => self.phased(&i, calls as u32),
        };
        let value = self.phased(&i, calls as u32);
        self.driver(&f, &i, calls, vec![which, index, value]);
        for a in &arrays {
            let len = Expr::Member(bx(Expr::Var(a.clone())), "length".into());
            let last = Expr::Index(bx(Expr::Var(a.clone())), bx(Expr::Binary("-", bx(len.clone()), bx(num(1)))));
            let first = Expr::Index(bx(Expr::Var(a.clone())), bx(num(0)));
            self.top(Stmt::Print(vec![Expr::Str(a.clone()), len, show(first), show(last)]));
        }
    }

    /// Objects of several shapes through one hot function; shapes change mid-run.
    fn shapes(&mut self) {
        let count = self.rng.range(1, 6);
        let mut objects = Vec::new();
        for _ in 0..count {
            let name = self.name("o");
            let init = self.object_literal();
            self.global_decl(&name, Cat::Obj, init);
            if self.rng.chance(30) {
                let p = self.rng.pick(PROPS).to_string();
                let v = self.literal();
                self.top(Stmt::Expr(Expr::Assign(None, Box::new(Place::Member(Expr::Var(name.clone()), p)), bx(v))));
            }
            objects.push(name);
        }
        let calls = self.rng.range(150, 300);
        // Sometimes two object parameters, which may be the same object (aliasing).
        let two = self.rng.chance(35);
        let cats: &[Cat] = if two { &[Cat::Obj, Cat::Obj, Cat::Val] } else { &[Cat::Obj, Cat::Val] };
        let f = self.hot_function("s", cats, calls, Bias::Shapes);
        let i = self.name("i");
        let mut which = self.select(&i, &objects, calls as u32);
        let second = two.then(|| {
            let other = self.select(&i, &objects, calls as u32);
            let at = self.rng.range(100, calls - 10);
            let test = Expr::Binary("<", bx(Expr::Var(i.clone())), bx(num(at)));
            if self.rng.chance(50) { Expr::Cond(bx(test), bx(which.clone()), bx(other)) } else { other }
        });
        if self.rng.chance(30) {
            // A fresh object literal on some calls (same shape each time).
            let fresh = self.object_literal();
            let test = Expr::Binary("===", bx(Expr::Binary("%", bx(Expr::Var(i.clone())), bx(num(5)))), bx(num(0)));
            which = Expr::Cond(bx(test), bx(fresh), bx(which));
        }
        let value = self.phased(&i, calls as u32);
        let args = match second {
            Some(other) => vec![which, other, value],
            None => vec![which, value],
        };
        let mut driver = self.driver_loop(&f, &i, calls, args);
        if self.rng.chance(60) {
            // A shape transition in the middle of the run.
            let o = self.rng.pick(&objects).clone();
            let p = self.rng.pick(PROPS).to_string();
            let at = self.rng.range(calls / 3, calls - 1);
            let test = Expr::Binary("===", bx(Expr::Var(i.clone())), bx(num(at)));
            let v = self.literal();
            let add = Stmt::Expr(Expr::Assign(None, Box::new(Place::Member(Expr::Var(o), p)), bx(v)));
            driver.body.insert(0, Stmt::If(test, vec![add], vec![]));
        }
        self.top(Stmt::Loop(driver));
        for o in &objects {
            let props = PROPS.iter().take(self.rng.range(2, 4) as usize);
            let reads: Vec<Expr> = props.map(|p| show(Expr::Member(bx(Expr::Var(o.clone())), p.to_string()))).collect();
            self.top(Stmt::Print(reads));
        }
        if self.rng.chance(12) {
            // Finally, the hot function on undefined: a TypeError from (maybe) compiled code.
            let mut args = vec![Expr::Undefined; f.params.len()];
            *args.last_mut().expect("a value parameter") = num(1);
            self.finale.push(Stmt::Print(vec![show(Expr::Call(f.name.clone(), args))]));
        }
    }

    /// A self-recursive function (depth up to 15) with an accumulator whose type drifts.
    fn recursion(&mut self) {
        let calls = self.rng.range(150, 250);
        let name = self.name("rec");
        let params = vec!["n".to_string(), "acc".to_string()];
        let mut vars = self.function_vars(&params, &[Cat::Val, Cat::Val]);
        vars[0].assignable = false;
        let mut cx = Ctx::new(vars, true, calls * 8, Bias::General);
        let n = || bx(Expr::Var("n".into()));
        // At most 16 levels whatever a caller passes (other code may call it too; node's
        // and seabed's stack limits differ): `!(0 < n && n < 16)` also stops on NaN.
        let inside = Expr::Binary("&&", bx(Expr::Binary(">", n(), bx(num(0)))), bx(Expr::Binary("<", n(), bx(num(16)))));
        let stop = Expr::Unary("!", bx(inside));
        let mut body = vec![Stmt::If(stop, vec![Stmt::Return(Some(Expr::Var("acc".into())))], Vec::new())];
        let k = self.rng.range(0, 2) as usize;
        body.extend(self.stmts(&mut cx, k));
        let step = self.rich(&cx, 1);
        let op = self.rng.choose(&["+", "-", "*", "^"]);
        let acc = Expr::Binary(op, bx(Expr::Var("acc".into())), bx(Expr::Unary("+", bx(step))));
        let call = Expr::Call(name.clone(), vec![Expr::Binary("-", n(), bx(num(1))), acc]);
        let result = if self.rng.chance(50) { Expr::Binary("+", bx(call), bx(Expr::Unary("-", n()))) } else { call };
        body.push(Stmt::Return(Some(result)));
        let mut f = self.add_function(name, params, body, &[Cat::Val, Cat::Val]);
        // The cost of a call: up to 16 levels of the body (`cost_of` did not know f).
        f.cost *= 16;
        self.funcs.last_mut().expect("just added").cost = f.cost;
        let i = self.name("i");
        let depth = Expr::Binary("&", bx(Expr::Var(i.clone())), bx(num(15)));
        let acc = self.phased(&i, calls as u32);
        self.driver(&f, &i, calls, vec![depth, acc]);
    }

    /// A chain of 3–5 functions, each calling the next; the innermost changes type.
    fn chain(&mut self) {
        let depth = self.rng.range(3, 5);
        let calls = self.rng.range(150, 350);
        let mut inner: Option<FnInfo> = None;
        for _ in 0..depth {
            let name = self.name("c");
            let params = vec!["x".to_string(), "y".to_string()];
            let vars = self.function_vars(&params, &[Cat::Val, Cat::Val]);
            let mut cx = Ctx::new(vars, true, calls, Bias::General);
            let n = self.rng.range(0, 2) as usize;
            let mut body = self.stmts(&mut cx, n);
            let result = match &inner {
                None => self.type_exit(&cx),
                Some(next) => {
                    let a = self.val(&cx, 1);
                    let b = self.val(&cx, 1);
                    let call = Expr::Call(next.name.clone(), vec![a, b]);
                    let op = self.rng.choose(&["+", "-", "*", "|"]);
                    let other = self.val(&cx, 1);
                    let other = self.non_carrying(&cx, op, &call, other);
                    Expr::Binary(op, bx(call), bx(other))
                }
            };
            body.push(Stmt::Return(Some(result)));
            inner = Some(self.add_function(name, params, body, &[Cat::Val, Cat::Val]));
        }
        let f = inner.expect("depth >= 3");
        let i = self.name("i");
        let args = vec![self.phased(&i, calls as u32), self.phased(&i, calls as u32)];
        self.driver(&f, &i, calls, args);
    }

    /// A long loop whose operand types change partway: at top level, or in a function
    /// called once or twice (on-stack replacement either way).
    fn osr(&mut self) {
        let count = self.rng.range(1000, 5000);
        if self.rng.chance(50) {
            let mut cx = Ctx::new(self.globals.clone(), false, 1, Bias::Loops);
            let acc = self.name("g");
            self.global_decl(&acc, Cat::Val, num(0));
            cx.vars.push(var(&acc, Cat::Val, true));
            let l = self.long_loop(&mut cx, &acc, count as u32);
            self.top(Stmt::Loop(l));
            self.top(Stmt::Print(vec![Expr::Str(acc.clone()), show(Expr::Var(acc))]));
        } else {
            let times = self.rng.range(1, 2);
            let name = self.name("l");
            let params = vec!["n".to_string()];
            let vars = self.function_vars(&params, &[Cat::Val]);
            let mut cx = Ctx::new(vars, true, times, Bias::Loops);
            let acc = self.name("v");
            cx.vars.push(var(&acc, Cat::Val, true));
            let mut body = vec![Stmt::Decl(DeclKind::Var, acc.clone(), Some(num(0)))];
            body.push(Stmt::Loop(self.long_loop(&mut cx, &acc, count as u32)));
            body.push(Stmt::Return(Some(Expr::Var(acc))));
            let f = self.add_function(name, params, body, &[Cat::Val]);
            for t in 0..times {
                let arg = if t == 0 { self.small_int() } else { self.literal() };
                let call = Expr::Call(f.name.clone(), vec![arg]);
                self.top(Stmt::Print(vec![Expr::Str(f.name.clone()), show(call)]));
            }
        }
    }

    /// Closures: `mk(k)` makes a closure over a variable it declares (and the closure
    /// usually updates); `use(f, x)` calls the closure it gets twice; a top-level loop drives
    /// `use` with one of several instances of the closure (same function, different contexts)
    /// or with one made in the loop, and an argument whose type changes partway. Neither
    /// function is offered to other code, and no function value is printed.
    fn closures(&mut self) {
        let calls = self.rng.range(150, 400);
        let (maker, helper, cap) = (self.name("mk"), self.name("use"), self.name("cap"));
        let read = |n: &str| Expr::Var(n.to_string());
        let inner = Expr::Binary(self.rng.choose(&["+", "-", "*"]), bx(read("x")), bx(read("k")));
        let step = Expr::Binary(self.rng.choose(&["+", "-", "*", "|", "^"]), bx(read(&cap)), bx(inner));
        let body = if self.rng.chance(70) {
            vec![Stmt::Expr(Expr::Assign(None, Box::new(Place::Var(cap.clone())), bx(step))), Stmt::Return(Some(read(&cap)))]
        } else {
            vec![Stmt::Return(Some(step))]
        };
        let init = self.small_int();
        let maker_body = vec![Stmt::Decl(DeclKind::Let, cap, Some(init)), Stmt::Return(Some(Expr::Closure(vec!["x".into()], body)))];
        self.program.functions.push(Function { name: maker.clone(), params: vec!["k".into()], body: maker_body });
        let twice = Expr::Binary(
            self.rng.choose(&["+", "-", "*", "|"]),
            bx(Expr::Call("f".into(), vec![read("x")])),
            bx(Expr::Call("f".into(), vec![read("x")])),
        );
        self.program.functions.push(Function { name: helper.clone(), params: vec!["f".into(), "x".into()], body: vec![Stmt::Return(Some(twice))] });
        let i = self.name("i");
        let mut one_instance = None;
        let closure = if self.rng.chance(35) {
            // A closure made in the loop: once the loop is compiled with the maker and the
            // helper inlined, its target is known without feedback.
            Expr::Call(maker.clone(), vec![Expr::Binary("%", bx(read(&i)), bx(num(3)))])
        } else {
            let instances = self.name("fs");
            let ks: Vec<Option<Expr>> = (0..self.rng.range(1, 4)).map(|_| Some(Expr::Call(maker.clone(), vec![self.literal()]))).collect();
            let n = ks.len();
            if n == 1 {
                one_instance = Some(instances.clone());
            }
            self.top(Stmt::Decl(DeclKind::Var, instances.clone(), Some(Expr::Array(ks))));
            Expr::Index(bx(read(&instances)), bx(Expr::Binary("%", bx(read(&i)), bx(num(n)))))
        };
        let arg = self.phased(&i, calls as u32);
        // Not in `funcs`: other code never calls these two with arbitrary values.
        let f = FnInfo { name: helper, params: vec![Cat::Val, Cat::Val], cost: 8 };
        self.driver(&f, &i, calls, vec![closure, arg]);
        if let (Some(instances), true) = (one_instance, self.rng.chance(50)) {
            // The program made one closure of the maker's function so far (code specialized
            // to its context); now a second one, over another context, through the same code.
            let ks = vec![Some(Expr::Index(bx(read(&instances)), bx(num(0)))), Some(Expr::Call(maker, vec![self.literal()]))];
            self.top(Stmt::Expr(Expr::Assign(None, Box::new(Place::Var(instances.clone())), bx(Expr::Array(ks)))));
            let j = self.name("i");
            let closure = Expr::Index(bx(read(&instances)), bx(Expr::Binary("%", bx(read(&j)), bx(num(2)))));
            let arg = self.phased(&j, calls as u32);
            self.driver(&f, &j, calls, vec![closure, arg]);
        }
    }

    /// Classes: a base class (or a constructor function) and sometimes one or two classes
    /// derived from it, their constructors storing values computed from the parameters into
    /// fields; a hot function does `new` on one of them with arguments whose types change
    /// partway (an exit inside the inlined constructor must resume with `new` still giving the
    /// object) and combines the new object's fields and methods into a primitive; sometimes a
    /// top-level loop allocates and keeps every k-th object. None of these functions is offered
    /// to other code, and no object or function is printed other than through `show`.
    fn classes(&mut self) {
        let calls = self.rng.range(150, 400);
        let mut chain = vec![if self.rng.chance(25) { self.constructor_function(calls) } else { self.class_decl(None, calls) }];
        let levels = match self.rng.below(20) {
            0..=8 => 0,
            9..=16 => 1,
            _ => 2,
        };
        for _ in 0..levels {
            let base = chain.last().expect("a base").clone();
            chain.push(self.class_decl(Some(&base), calls));
        }
        // The hot function: `new` on the most derived constructor mostly, sometimes alternating
        // with one of its bases (two allocation sites, or one site seeing two targets).
        let (hot, x, n) = (self.name("nw"), "x".to_string(), "n".to_string());
        let target = if self.rng.chance(80) { chain.last() } else { chain.first() }.expect("a constructor").clone();
        let sources = [x.clone(), n.clone()];
        let first = self.allocation(&target, &sources);
        let (site, seen) = if chain.len() > 1 && self.rng.chance(25) {
            let other = self.rng.pick(&chain[..chain.len() - 1]).clone();
            let second = self.allocation(&other, &sources);
            let test = if self.rng.chance(50) {
                Expr::Binary("===", bx(Expr::Binary("%", bx(Expr::Var(n.clone())), bx(num(self.rng.range(2, 4))))), bx(num(0)))
            } else {
                Expr::Binary("<", bx(Expr::Var(n.clone())), bx(num(self.rng.range(100, calls - 20))))
            };
            (Expr::Cond(bx(test), bx(second), bx(first)), vec![target.clone(), other])
        } else {
            (first, vec![target.clone()])
        };
        let o = self.name("o");
        let mut body = vec![Stmt::Decl(self.rng.choose(&[DeclKind::Const, DeclKind::Let, DeclKind::Var]), o.clone(), Some(site))];
        if self.rng.chance(15) {
            // A property added after construction: a transition from the initial shape.
            let p = self.rng.pick(PROPS).to_string();
            body.push(Stmt::Expr(Expr::Assign(None, Box::new(Place::Member(Expr::Var(o.clone()), p)), bx(Expr::Var(x.clone())))));
        }
        let result = self.instance_reads(&Expr::Var(o), &seen, Some(&n));
        body.push(Stmt::Return(Some(result)));
        self.program.functions.push(Function { name: hot.clone(), params: vec![x, n], body });
        let cost = seen.iter().map(|c| c.cost).max().unwrap_or(0) + 8;
        let i = self.name("i");
        let first = self.phased(&i, calls as u32);
        let second = if self.rng.chance(60) { Expr::Var(i.clone()) } else { self.phased(&i, calls as u32) };
        let f = FnInfo { name: hot, params: vec![Cat::Val, Cat::Val], cost };
        self.driver(&f, &i, calls, vec![first, second]);
        if self.rng.chance(40) {
            self.keep_loop(&target);
        }
    }

    /// Receivers: a base class and one to three classes derived from it (a chain, or siblings
    /// of the base) whose instances, made once at top level, go through one hot function that
    /// reads their fields and calls their methods: the first calls see one class, later ones
    /// cycle through all of them (monomorphic feedback drifting to polymorphic, prototype-chain
    /// lookups of inherited and overridden methods). Between two runs of the driver a method is
    /// replaced on a prototype, or added to a derived class's prototype where it shadows the
    /// inherited one: compiled code must miss its guard or deoptimize, never call the stale
    /// method.
    fn receivers(&mut self) {
        let calls = self.rng.range(200, 400);
        let mut classes = vec![self.class_decl(None, calls)];
        let siblings = self.rng.chance(40);
        for _ in 0..self.rng.range(1, 3) {
            let base = if siblings { classes[0].clone() } else { classes.last().expect("a base").clone() };
            classes.push(self.class_decl(Some(&base), calls));
        }
        // The instances: one or two of each class, made once.
        let objects = self.name("os");
        let mut items = Vec::new();
        for c in &classes {
            for _ in 0..self.rng.range(1, 2) {
                let args = (0..c.arity).map(|_| if self.rng.chance(80) { self.small_int() } else { self.literal() }).collect();
                items.push(Some(Expr::New(c.name.clone(), args)));
            }
        }
        let count = items.len();
        self.top(Stmt::Decl(DeclKind::Const, objects.clone(), Some(Expr::Array(items))));
        // The hot function: field reads and method calls on its receiver `o`.
        let (hot, o, k) = (self.name("pm"), "o".to_string(), "k".to_string());
        let result = self.instance_reads(&Expr::Var(o.clone()), &classes, Some(&k));
        let body = vec![Stmt::Return(Some(result))];
        self.program.functions.push(Function { name: hot.clone(), params: vec![o, k], body });
        let depth = classes.len() as u64;
        let f = FnInfo { name: hot, params: vec![Cat::Val, Cat::Val], cost: 6 + 3 * depth };
        // `os[i < cut ? 0 : i % count]`: one class first, then all of them.
        let receiver = |g: &mut Gen, i: &str, n: u64| {
            let cut = g.rng.range(60, (n / 2).max(61));
            let cycle = Expr::Binary("%", bx(Expr::Var(i.into())), bx(num(count as u32)));
            let index = Expr::Cond(bx(Expr::Binary("<", bx(Expr::Var(i.into())), bx(num(cut as u32)))), bx(num(0)), bx(cycle));
            Expr::Index(bx(Expr::Var(objects.clone())), bx(index))
        };
        let i = self.name("i");
        let (o1, k1) = (receiver(self, &i, calls), self.phased(&i, calls as u32));
        self.driver(&f, &i, calls, vec![o1, k1]);
        // A method replaced (or newly shadowed) on one class's prototype; the receivers that
        // reach it must call the new one from now on.
        let with_methods: Vec<&Ctor> = classes.iter().filter(|c| !c.methods.is_empty() && !c.foreign).collect();
        if !with_methods.is_empty() {
            let c = (*self.rng.pick(&with_methods)).clone();
            let m = self.rng.choose(&c.methods);
            let method = self.method_body(m, &c.fields, false);
            let prototype = Expr::Member(bx(Expr::Var(c.name.clone())), "prototype".into());
            let place = Place::Member(prototype, m.to_string());
            self.top(Stmt::Expr(Expr::Assign(None, Box::new(place), bx(Expr::Closure(method.params, method.body)))));
        }
        let j = self.name("i");
        let again = self.rng.range(100, 200);
        let (o2, k2) = (receiver(self, &j, again), if self.rng.chance(50) { Expr::Var(j.clone()) } else { self.phased(&j, again as u32) });
        self.driver(&f, &j, again, vec![o2, k2]);
    }

    /// A class declaration for the `classes` feature, derived from `base` if given: its
    /// constructor (maybe the default one in a derived class) stores values computed from its
    /// parameters into fields, perhaps returning early; rarely field declarations and a static
    /// `make`; sometimes methods that read fields (an override calling `super`'s).
    fn class_decl(&mut self, base: Option<&Ctor>, calls: u64) -> Ctor {
        let name = self.name(if base.is_some() { "D" } else { "B" });
        let mut members = Vec::new();
        let mut fields: Vec<String> = base.map(|b| b.fields.clone()).unwrap_or_default();
        let mut methods: Vec<&'static str> = base.map(|b| b.methods.clone()).unwrap_or_default();
        let mut foreign = base.is_some_and(|b| b.foreign);
        let mut declared = Vec::new();
        if self.rng.chance(12) {
            let field = self.rng.pick(FIELDS).to_string();
            let value = if self.rng.chance(70) { self.small_int() } else { self.literal() };
            declared.push((field.clone(), value));
            fields.push(field);
        }
        let (arity, cost) = match base {
            Some(b) if self.rng.chance(15) => (b.arity, b.cost + 1),
            _ => {
                let (ctor, own_fields, returns_other) = self.constructor_body(base, calls);
                let cost = self.cost_of(&ctor.body) + base.map_or(0, |b| b.cost) + 1;
                let arity = ctor.params.len();
                fields.extend(own_fields);
                foreign |= returns_other;
                members.push(Method { is_static: false, kind: MethodKind::Method, function: ctor });
                (arity, cost)
            }
        };
        fields.sort();
        fields.dedup();
        // Methods: new ones, or overrides that call the base class's.
        for &m in METHODS {
            let inherited = methods.contains(&m);
            let chance = if inherited { 35 } else if base.is_none() { 50 } else { 25 };
            if !self.rng.chance(chance) {
                continue;
            }
            let own = self.method_body(m, &fields, inherited);
            members.push(Method { is_static: false, kind: MethodKind::Method, function: own });
            if !inherited {
                methods.push(m);
            }
        }
        let maker = self.rng.chance(12);
        if maker {
            let params: Vec<String> = ["p", "q", "r"][..arity].iter().map(|p| p.to_string()).collect();
            let args = params.iter().map(|p| Expr::Var(p.clone())).collect();
            let body = vec![Stmt::Return(Some(Expr::New(name.clone(), args)))];
            members.push(Method { is_static: true, kind: MethodKind::Method, function: Function { name: "make".into(), params, body } });
        }
        self.program.classes.push(Class { name: name.clone(), base: base.map(|b| b.name.clone()), fields: declared, members });
        Ctor { name, arity, fields, methods, foreign, maker, cost: cost + 2 }
    }

    /// A constructor function `function F(p, q) { this.a = p; ... }` for the `classes`
    /// feature (used with `new` only), sometimes with a method on its prototype.
    fn constructor_function(&mut self, calls: u64) -> Ctor {
        let name = self.name("F");
        let (mut ctor, fields, foreign) = self.constructor_body(None, calls);
        let cost = self.cost_of(&ctor.body) + 1;
        let arity = ctor.params.len();
        ctor.name = name.clone();
        self.program.functions.push(ctor);
        let mut methods = Vec::new();
        if self.rng.chance(35) {
            let m = self.rng.choose(METHODS);
            let method = self.method_body(m, &fields, false);
            let prototype = Expr::Member(bx(Expr::Var(name.clone())), "prototype".into());
            let place = Place::Member(prototype, m.to_string());
            self.top(Stmt::Expr(Expr::Assign(None, Box::new(place), bx(Expr::Closure(method.params, method.body)))));
            methods.push(m);
        }
        Ctor { name, arity, fields, methods, foreign, maker: false, cost: cost + 2 }
    }

    /// The constructor of a class derived from `base` (or of a base class, or a constructor
    /// function when `base` is `None`): maybe locals computed before `super(...)`, the call,
    /// then 1–3 field stores, sometimes a random statement, an early `return;` or
    /// `return this;` under a test, and (rarely, not in a derived class) the return of another
    /// object. Gives the function (named `constructor`), the fields it stores and whether
    /// it may return another object.
    fn constructor_body(&mut self, base: Option<&Ctor>, calls: u64) -> (Function, Vec<String>, bool) {
        let arity = self.rng.range(1, 3) as usize;
        let params: Vec<String> = ["p", "q", "r"][..arity].iter().map(|p| p.to_string()).collect();
        let mut sources = params.clone();
        let mut body = Vec::new();
        if let Some(b) = base {
            // Statements before `super(...)` that do not touch `this`.
            if self.rng.chance(35) {
                for _ in 0..self.rng.range(1, 2) {
                    let t = self.name("t");
                    let value = self.ctor_value(&sources);
                    body.push(Stmt::Decl(self.rng.choose(&[DeclKind::Const, DeclKind::Let]), t.clone(), Some(value)));
                    sources.push(t);
                }
            }
            let count = match self.rng.below(10) {
                0 => b.arity.saturating_sub(1),
                1 => b.arity + 1,
                _ => b.arity,
            };
            let args =
                (0..count).map(|k| if self.rng.chance(50) { Expr::Var(sources[k % sources.len()].clone()) } else { self.ctor_value(&sources) }).collect();
            body.push(Stmt::Expr(Expr::SuperCall(args)));
        }
        let after_super = body.len();
        let mut fields: Vec<String> = Vec::new();
        let inherited = base.map(|b| b.fields.clone()).unwrap_or_default();
        for _ in 0..self.rng.range(1, 3) {
            // A new field mostly, sometimes one stored already (here or by a base).
            let fresh: Vec<&str> = FIELDS.iter().copied().filter(|f| !fields.iter().chain(&inherited).any(|g| g == f)).collect();
            let field = if !fresh.is_empty() && self.rng.chance(75) { self.rng.pick(&fresh) } else { self.rng.pick(FIELDS) }.to_string();
            let this = Place::Member(Expr::This, field.clone());
            let set = fields.contains(&field) || inherited.contains(&field);
            let store = if set && self.rng.chance(40) {
                // A compound store to a field already there (the value a number for `+=`).
                let op = self.rng.choose(&["+", "-", "*", "|"]);
                let value = self.ctor_value(&sources);
                let value = if op == "+" { Expr::Unary("+", bx(value)) } else { value };
                Expr::Assign(Some(op), Box::new(this), bx(value))
            } else {
                Expr::Assign(None, Box::new(this), bx(self.ctor_value(&sources)))
            };
            body.push(Stmt::Expr(store));
            fields.push(field);
        }
        if self.rng.chance(20) {
            // Random code over the parameters (no `return`: the context is not a function's).
            let mut vars = self.function_vars(&params, &vec![Cat::Val; params.len()]);
            vars.extend(sources[params.len()..].iter().map(|t| VarInfo { local: true, ..var(t, Cat::Val, false) }));
            let mut cx = Ctx::new(vars, false, calls, Bias::General);
            let extra = self.stmts(&mut cx, 1);
            let at = self.rng.range(after_super as u64, body.len() as u64) as usize;
            body.splice(at..at, extra);
        }
        let mut foreign = false;
        match self.rng.below(20) {
            0..=3 => {
                let at = self.rng.range(after_super as u64, body.len() as u64) as usize;
                let test = self.ctor_test(&sources);
                body.insert(at, Stmt::If(test, vec![Stmt::Return(None)], Vec::new()));
            }
            4..=5 => {
                let at = self.rng.range(after_super as u64, body.len() as u64) as usize;
                let test = self.ctor_test(&sources);
                body.insert(at, Stmt::If(test, vec![Stmt::Return(Some(Expr::This))], Vec::new()));
            }
            6 => body.push(Stmt::Return(Some(Expr::This))),
            7 if base.is_none() => {
                // `new` gives this object instead of the one it allocated.
                let at = self.rng.range(0, body.len() as u64) as usize;
                let test = self.ctor_test(&sources);
                let mut props = vec![("z".to_string(), Expr::Var(self.rng.pick(&params).clone()))];
                if self.rng.chance(50) {
                    props.push((self.rng.pick(FIELDS).to_string(), self.ctor_value(&sources)));
                }
                fields.push("z".into());
                body.insert(at, Stmt::If(test, vec![Stmt::Return(Some(Expr::Object(props)))], Vec::new()));
                foreign = true;
            }
            _ => {}
        }
        (Function { name: "constructor".into(), params, body }, fields, foreign)
    }

    /// A method of the `classes` feature: `sum()` or `mix(k)` combining two of the `fields`
    /// (`k` too), and the base class's method (`super.m(...)`) when it `overrides` one.
    fn method_body(&mut self, name: &'static str, fields: &[String], overrides: bool) -> Function {
        let mut params = Vec::new();
        let mut args = Vec::new();
        if name == "mix" {
            params.push("k".to_string());
            args.push(Expr::Var("k".into()));
        }
        let read = |g: &mut Gen| {
            let f = if fields.is_empty() { g.rng.pick(FIELDS).to_string() } else { g.rng.pick(fields).clone() };
            Expr::Member(bx(Expr::This), f)
        };
        let mut value = read(self);
        if let Some(k) = args.first() {
            value = joined(self.rng.choose(&["+", "*", "-", "^"]), value, k.clone());
        }
        let other = if overrides && self.rng.chance(80) { Expr::SuperMethod(name.into(), args) } else { read(self) };
        let op = self.rng.choose(&["+", "+", "-", "*", "|"]);
        let value = if self.rng.chance(50) { joined(op, other, value) } else { joined(op, value, other) };
        Function { name: name.into(), params, body: vec![Stmt::Return(Some(value))] }
    }

    /// A value for a constructor to store or pass on: one of the parameters and locals
    /// `sources`, or a small expression over them.
    fn ctor_value(&mut self, sources: &[String]) -> Expr {
        let first = self.rng.below(sources.len() as u64) as usize;
        // A second operand, a different one where there are two.
        let second = (first + self.rng.range(1, sources.len().max(2) as u64 - 1) as usize) % sources.len();
        let (a, b) = (Expr::Var(sources[first].clone()), Expr::Var(sources[second].clone()));
        match self.rng.below(11) {
            0..=2 => a,
            3..=4 => {
                let k = self.small_int();
                joined(self.rng.choose(&["+", "-", "*", "+"]), a, k)
            }
            5..=6 => joined(self.rng.choose(&["+", "-", "*", "|", "&", "^", "%", "<"]), a, b),
            7 => Expr::Binary("|", bx(a), bx(num(0))),
            8 => Expr::Binary("+", bx(Expr::Str(self.rng.pick(STRINGS).to_string())), bx(a)),
            9 => {
                let f = self.rng.choose(&["floor", "abs", "round", "trunc"]);
                if self.rng.chance(50) { Expr::Math(f, vec![a]) } else { Expr::Math(self.rng.choose(&["max", "min"]), vec![a, b]) }
            }
            _ => {
                let k = self.small_int();
                Expr::Cond(bx(Expr::Binary("<", bx(a.clone()), bx(k))), bx(a), bx(b))
            }
        }
    }

    /// The test of a constructor's early return: over one of `sources`, true on some calls.
    fn ctor_test(&mut self, sources: &[String]) -> Expr {
        let a = bx(Expr::Var(self.rng.pick(sources).clone()));
        match self.rng.below(4) {
            0 => Expr::Binary("<", a, bx(num(self.rng.range(0, 200)))),
            1 => Expr::Binary("===", bx(Expr::Binary("&", a, bx(num(7)))), bx(num(self.rng.range(0, 7)))),
            2 => Expr::Binary(">", a, bx(num(self.rng.range(100, 300)))),
            _ => Expr::Binary("===", a, bx(Expr::Undefined)),
        }
    }

    /// `new C(args)` (or `C.make(args)` when it has a static `make`) with arguments from
    /// `sources`, sometimes one too few or too many.
    fn allocation(&mut self, c: &Ctor, sources: &[String]) -> Expr {
        let count = match self.rng.below(12) {
            0 => c.arity.saturating_sub(1),
            1 => c.arity + 1,
            _ => c.arity,
        };
        let args = (0..count)
            .map(|k| if k < sources.len() && self.rng.chance(75) { Expr::Var(sources[k].clone()) } else { self.ctor_value(sources) })
            .collect();
        if c.maker && self.rng.chance(50) {
            return Expr::Method(bx(Expr::Var(c.name.clone())), "make", args);
        }
        Expr::New(c.name.clone(), args)
    }

    /// A primitive combining 2–3 reads of the object `o` made by one of the constructors
    /// `seen`: fields (maybe missing ones) and, where every constructor gives an object with
    /// methods, method calls (`mix` gets `arg`, or a literal).
    fn instance_reads(&mut self, o: &Expr, seen: &[Ctor], arg: Option<&str>) -> Expr {
        let fields: Vec<String> = seen.iter().flat_map(|c| c.fields.clone()).collect();
        let methods: Vec<&'static str> = if seen.iter().any(|c| c.foreign) {
            Vec::new()
        } else {
            // The methods of every constructor seen (those of the least derived).
            seen.iter().min_by_key(|c| c.methods.len()).map(|c| c.methods.clone()).unwrap_or_default()
        };
        let mut used: Vec<String> = Vec::new();
        let mut read = |g: &mut Gen| {
            if !methods.is_empty() && g.rng.chance(30) {
                let m = g.rng.choose(&methods);
                let args = if m == "mix" { vec![arg.map_or_else(|| g.small_int(), |a| Expr::Var(a.into()))] } else { Vec::new() };
                return Expr::Method(bx(o.clone()), m, args);
            }
            // A field not read yet where there is one (rarely one no constructor stores).
            let unread: Vec<String> = fields.iter().filter(|f| !used.contains(f)).cloned().collect();
            let f = if fields.is_empty() || g.rng.chance(6) {
                g.rng.pick(FIELDS).to_string()
            } else if unread.is_empty() {
                g.rng.pick(&fields).clone()
            } else {
                g.rng.pick(&unread).clone()
            };
            used.push(f.clone());
            Expr::Member(bx(o.clone()), f)
        };
        let mut e = read(self);
        for _ in 0..self.rng.range(1, 2) {
            let op = self.rng.choose(&["+", "+", "-", "*", "|", "^"]);
            let b = read(self);
            e = joined(op, e, b);
        }
        e
    }

    /// A top-level loop of 150–400 `new`s of `c` (first argument's type changing partway)
    /// keeping every k-th object in an array, then a print of some of the kept objects' fields.
    fn keep_loop(&mut self, c: &Ctor) {
        let count = self.rng.range(150, 400);
        if count * (c.cost + 4) > self.remaining() / 2 {
            return;
        }
        let (keep, j, o) = (self.name("keep"), self.name("i"), self.name("o"));
        let kind = self.rng.choose(&[DeclKind::Var, DeclKind::Let, DeclKind::Const]);
        self.top(Stmt::Decl(kind, keep.clone(), Some(Expr::Array(Vec::new()))));
        let first = self.phased(&j, count as u32);
        let t = self.name("t");
        let mut make = self.allocation(c, &[t.clone(), j.clone()]);
        // The allocation's arguments read `t`: the phased value, computed once per iteration.
        if let Expr::New(_, args) | Expr::Method(_, _, args) = &mut make {
            if args.is_empty() {
                args.push(Expr::Var(t.clone()));
            }
        }
        let every = self.rng.range(2, 9);
        let test = Expr::Binary("===", bx(Expr::Binary("%", bx(Expr::Var(j.clone())), bx(num(every)))), bx(num(0)));
        let push = Stmt::Expr(Expr::Method(bx(Expr::Var(keep.clone())), "push", vec![Expr::Var(o.clone())]));
        let body = vec![Stmt::Decl(DeclKind::Const, t, Some(first)), Stmt::Decl(DeclKind::Const, o, Some(make)), Stmt::If(test, vec![push], Vec::new())];
        let kind = self.rng.choose(&[LoopKind::For(false), LoopKind::For(true), LoopKind::While]);
        self.work += count * (c.cost + 4);
        self.top(Stmt::Loop(Loop { kind, label: None, counter: j, count: count as u32, body }));
        let kept = || Expr::Var(keep.clone());
        let len = Expr::Member(bx(kept()), "length".into());
        let last = Expr::Index(bx(kept()), bx(Expr::Binary("-", bx(len.clone()), bx(num(1)))));
        let first = Expr::Index(bx(kept()), bx(num(0)));
        let seen = [c.clone()];
        let reads = vec![Expr::Str(keep.clone()), len, show(self.instance_reads(&first, &seen, None)), show(self.instance_reads(&last, &seen, None))];
        self.top(Stmt::Print(reads));
    }

    /// Straight-line arithmetic over the special values at top level.
    fn constants(&mut self) {
        let cx = Ctx::new(self.globals.clone(), false, 1, Bias::General);
        for _ in 0..self.rng.range(2, 6) {
            let args = (0..self.rng.range(1, 4)).map(|_| self.special_arith(&cx)).collect::<Vec<_>>();
            let args = args.into_iter().map(|e| self.printable(&cx, e)).collect();
            self.top(Stmt::Print(args));
        }
    }

    // ----- feature building blocks ----------------------------------------------------

    /// A hot function with parameters of the given categories, its body biased by `bias`,
    /// planned for `calls` calls; registered and returned.
    fn hot_function(&mut self, prefix: &str, cats: &[Cat], calls: u64, bias: Bias) -> FnInfo {
        let name = self.name(prefix);
        let params: Vec<String> = (0..cats.len()).map(|k| ["p", "q", "r", "t"][k].to_string()).collect();
        let vars = self.function_vars(&params, cats);
        let mut cx = Ctx::new(vars, true, calls, bias);
        // Locals computed from the parameters, then code over them, then a result that
        // reads them: the values the driver prints depend on everything.
        let mut body = Vec::new();
        for _ in 0..self.rng.range(1, 3) {
            let init = self.rich(&cx, 2);
            let kind = self.rng.choose(&[DeclKind::Var, DeclKind::Let, DeclKind::Const]);
            let v = self.name("v");
            cx.vars.push(VarInfo { local: true, ..var(&v, Cat::Val, kind != DeclKind::Const) });
            body.push(Stmt::Decl(kind, v, Some(init)));
        }
        if self.rng.chance(40) {
            body.extend(self.guarded_stmt(&mut cx));
        }
        let n = self.rng.range(2, 5) as usize;
        body.extend(self.stmts(&mut cx, n));
        // Element and property functions often return what they read (a hole, a missing
        // property) for the driver to store in a global.
        let read = match bias {
            Bias::Elements if self.rng.chance(40) => self.element(&cx, 0),
            Bias::Shapes if self.rng.chance(30) => self.member(&cx, 0),
            _ => None,
        };
        let result = read.unwrap_or_else(|| self.rich(&cx, 2));
        body.push(Stmt::Return(Some(result)));
        self.add_function(name, params, body, cats)
    }

    /// The variables visible in a function: its parameters, then the globals so far.
    fn function_vars(&self, params: &[String], cats: &[Cat]) -> Vec<VarInfo> {
        let mut vars: Vec<VarInfo> = params
            .iter()
            .zip(cats)
            .map(|(p, &c)| VarInfo { local: true, param: true, ..var(p, c, c == Cat::Val) })
            .collect();
        vars.extend(self.globals.iter().cloned());
        vars
    }

    fn add_function(&mut self, name: String, params: Vec<String>, body: Vec<Stmt>, cats: &[Cat]) -> FnInfo {
        let f = Function { name: name.clone(), params, body };
        let cost = self.cost_of(&f.body);
        self.program.functions.push(f);
        let info = FnInfo { name, params: cats.to_vec(), cost };
        self.funcs.push(info.clone());
        info
    }

    /// A top-level loop calling `f` with `args` (which may read the counter `i`), printing
    /// the result now and then.
    fn driver(&mut self, f: &FnInfo, i: &str, calls: u64, args: Vec<Expr>) {
        let l = self.driver_loop(f, i, calls, args);
        self.top(Stmt::Loop(l));
    }

    fn driver_loop(&mut self, f: &FnInfo, i: &str, calls: u64, args: Vec<Expr>) -> Loop {
        let r = self.name("r");
        self.global_decl(&r, Cat::Val, num(0));
        let mut callee = f.name.clone();
        if self.rng.chance(15) {
            // Through a variable that holds the function (not offered to other code: a
            // function's string form is its source text).
            let alias = self.name("fv");
            self.top(Stmt::Decl(DeclKind::Var, alias.clone(), Some(Expr::Var(f.name.clone()))));
            callee = alias;
        }
        self.work += calls * (f.cost + 2);
        let call = Expr::Call(callee, args);
        let every = self.rng.choose(&[1, 1, 3, 7, 20]);
        let test = Expr::Binary("===", bx(Expr::Binary("%", bx(Expr::Var(i.into())), bx(num(every)))), bx(num(0)));
        let print = Stmt::Print(vec![Expr::Str(f.name.clone()), Expr::Var(i.into()), show(Expr::Var(r.clone()))]);
        let body = vec![
            Stmt::Expr(Expr::Assign(None, Box::new(Place::Var(r.clone())), bx(call))),
            if every == 1 { print } else { Stmt::If(test, vec![print], vec![]) },
        ];
        let kind = self.rng.choose(&[LoopKind::For(false), LoopKind::For(false), LoopKind::While]);
        Loop { kind, label: None, counter: i.into(), count: calls as u32, body }
    }

    /// An expression of the counter `i` (running to `n`) that is an int32 for the first
    /// 100–220 iterations and then changes type one to four times.
    fn phased(&mut self, i: &str, n: u32) -> Expr {
        // The first cut lies in 100..=220 and at least 10 before the end; a loop of fewer
        // than 110 iterations gets it at 100 (or none within the loop, at 100 or fewer).
        let mut cuts = vec![self.rng.range(100, (n as u64).saturating_sub(10).clamp(100, 220)) as u32];
        while cuts.len() < 4 && self.rng.chance(60) {
            let last = *cuts.last().unwrap();
            if last + 15 >= n {
                break;
            }
            cuts.push(self.rng.range(last as u64 + 10, (last as u64 + 80).min(n as u64 - 1)) as u32);
        }
        let mut e = if self.rng.chance(25) { self.int_phase(i) } else { self.other_phase(i) };
        for &cut in cuts[1..].iter().rev() {
            let v = self.other_phase(i);
            e = Expr::Cond(bx(Expr::Binary("<", bx(Expr::Var(i.into())), bx(num(cut)))), bx(v), bx(e));
        }
        let first = self.int_phase(i);
        Expr::Cond(bx(Expr::Binary("<", bx(Expr::Var(i.into())), bx(num(cuts[0])))), bx(first), bx(e))
    }

    /// An int32 expression of the counter.
    fn int_phase(&mut self, i: &str) -> Expr {
        let v = || bx(Expr::Var(i.into()));
        match self.rng.below(9) {
            0 | 1 => Expr::Var(i.into()),
            2 => Expr::Binary("-", bx(Expr::Binary("*", v(), bx(num(3)))), bx(num(7))),
            3 => Expr::Binary("%", bx(Expr::Binary("*", v(), bx(num(37)))), bx(num(101))),
            4 => Expr::Binary("-", v(), bx(num(120))),
            5 => Expr::Binary("<<", v(), bx(num(self.rng.range(16, 23)))),
            // Zeros and negatives every few calls (division and `%` by zero, `-0` products).
            6 => Expr::Binary("-", bx(Expr::Binary("%", v(), bx(num(5)))), bx(num(2))),
            7 => Expr::Binary("&", v(), bx(num(3))),
            _ => Expr::Binary("-", bx(num(100)), v()),
        }
    }

    /// A value of another type (or an int32 that overflows) built from the counter.
    fn other_phase(&mut self, i: &str) -> Expr {
        let v = || bx(Expr::Var(i.into()));
        match self.rng.below(13) {
            0 => Expr::Binary("+", v(), bx(num(0.5))),
            1 => Expr::Binary("/", v(), bx(num(4))),
            2 => Expr::Binary("*", v(), bx(num(1000000007))),
            3 => Expr::Binary("+", bx(num(2147483600)), v()),
            4 => Expr::Binary("+", bx(Expr::Str("s".into())), v()),
            5 => Expr::StringOf(bx(Expr::Binary("%", v(), bx(num(9))))),
            6 => Expr::Undefined,
            7 => Expr::Binary("===", bx(Expr::Binary("%", v(), bx(num(3)))), bx(num(0))),
            8 => num(self.rng.pick(&["-0", "NaN", "Infinity", "-Infinity"])),
            9 => Expr::Binary("*", bx(num(0)), bx(num(-1))),
            10 => Expr::Null,
            11 => Expr::Object(vec![("x".into(), Expr::Var(i.into()))]),
            _ => Expr::Binary("-", bx(num(-2147483648)), v()),
        }
    }

    /// One of the variables `names`, chosen by the counter: round robin, or phased.
    fn select(&mut self, i: &str, names: &[String], n: u32) -> Expr {
        if names.len() == 1 {
            return Expr::Var(names[0].clone());
        }
        let modulo = self.rng.chance(60);
        let cut = self.rng.range(100, (n as u64 - 20).max(101)) as u32;
        let mut e = Expr::Var(names.last().unwrap().clone());
        for (k, name) in names.iter().enumerate().rev().skip(1) {
            let test = if modulo {
                let m = Expr::Binary("%", bx(Expr::Var(i.into())), bx(num(names.len())));
                Expr::Binary("===", bx(m), bx(num(k)))
            } else {
                Expr::Binary("<", bx(Expr::Var(i.into())), bx(num(cut + 20 * k as u32)))
            };
            e = Expr::Cond(bx(test), bx(Expr::Var(name.clone())), bx(e));
        }
        e
    }

    /// A long loop for the `osr` feature: the accumulator `acc` takes a value whose type
    /// changes partway; the rest is random loop code.
    fn long_loop(&mut self, cx: &mut Ctx, acc: &str, count: u32) -> Loop {
        let i = self.name("i");
        let label = self.rng.chance(40).then(|| self.name("L"));
        let mut inner = cx.clone();
        inner.mult = cx.mult * count as u64;
        inner.loops.push(label.clone());
        inner.nest += 1;
        inner.vars.push(counter(&i, count));
        let switch_at = self.rng.range(count as u64 / 4, count as u64 * 9 / 10);
        let step = match self.rng.below(4) {
            0 => Expr::Binary("+", bx(Expr::Var(i.clone())), bx(num(0.5))),
            1 => Expr::Binary("*", bx(Expr::Var(i.clone())), bx(num(1000003))),
            2 => Expr::StringOf(bx(Expr::Binary("%", bx(Expr::Var(i.clone())), bx(num(10))))),
            _ => Expr::Binary("/", bx(Expr::Var(i.clone())), bx(num(3))),
        };
        let value = Expr::Cond(
            bx(Expr::Binary("<", bx(Expr::Var(i.clone())), bx(num(switch_at)))),
            bx(Expr::Var(i.clone())),
            bx(step),
        );
        let op = self.rng.choose(&["+", "-", "^", "+"]);
        // acc = (+acc) op value: the unary plus keeps a string phase from growing it.
        let combined = Expr::Binary(op, bx(Expr::Unary("+", bx(Expr::Var(acc.into())))), bx(value));
        let update = Stmt::Expr(Expr::Assign(None, Box::new(Place::Var(acc.into())), bx(combined)));
        let n = self.rng.range(1, 4) as usize;
        let mut body = self.stmts(&mut inner, n);
        let at = self.rng.below(body.len() as u64 + 1) as usize;
        body.insert(at, update);
        let every = (count / self.rng.range(4, 12) as u32).max(1);
        let test = Expr::Binary("===", bx(Expr::Binary("%", bx(Expr::Var(i.clone())), bx(num(every)))), bx(num(0)));
        let print = Stmt::Print(vec![Expr::Var(i.clone()), show(Expr::Var(acc.into()))]);
        body.insert(0, Stmt::If(test, vec![print], vec![]));
        self.work += cx.mult * count as u64 * 2;
        let kind = self.rng.choose(&[LoopKind::For(false), LoopKind::For(true), LoopKind::While, LoopKind::DoWhile]);
        Loop { kind, label, counter: i, count, body }
    }

    /// The innermost function's result: a value whose type depends on its arguments'
    /// values (an exit once a threshold is passed).
    fn type_exit(&mut self, cx: &Ctx) -> Expr {
        let x = || bx(Expr::Var("x".into()));
        let y = || bx(Expr::Var("y".into()));
        let limit = num(self.rng.range(50, 250));
        let fast = match self.rng.below(3) {
            0 => Expr::Binary("+", bx(Expr::Binary("|", x(), bx(num(0)))), bx(Expr::Binary("|", y(), bx(num(0))))),
            1 => Expr::Binary("*", x(), bx(num(2))),
            _ => Expr::Binary("-", x(), y()),
        };
        let slow = match self.rng.below(4) {
            0 => Expr::Binary("+", x(), bx(num(0.5))),
            1 => Expr::Binary("+", bx(Expr::Str("c".into())), x()),
            2 => Expr::Binary("/", x(), bx(num(0))),
            _ => self.val(cx, 2),
        };
        Expr::Cond(bx(Expr::Binary("<", x(), bx(limit))), bx(fast), bx(slow))
    }

    fn top(&mut self, s: Stmt) {
        self.work += 1;
        self.program.body.push(s);
    }

    /// Declares a global at top level (before the code that uses it).
    fn global_decl(&mut self, name: &str, cat: Cat, init: Expr) {
        let kind = self.rng.choose(&[DeclKind::Var, DeclKind::Var, DeclKind::Let]);
        self.top(Stmt::Decl(kind, name.into(), Some(init)));
        self.globals.push(var(name, cat, true));
    }

    /// Estimated statement executions of one run of `body`.
    fn cost_of(&self, body: &[Stmt]) -> u64 {
        let mut calls = 0;
        let mut cost = 0;
        for s in body {
            cost += self.stmt_cost(s, &mut calls);
        }
        cost + calls
    }

    fn stmt_cost(&self, s: &Stmt, calls: &mut u64) -> u64 {
        let mut extra = 0;
        visit_calls(s, &mut |name| extra += self.funcs.iter().find(|f| f.name == name).map_or(0, |f| f.cost));
        *calls += extra;
        1 + match s {
            Stmt::If(_, t, e) => self.cost_of(t).max(self.cost_of(e)),
            Stmt::Loop(l) => l.count as u64 * (1 + self.cost_of(&l.body)),
            Stmt::Block(b) => self.cost_of(b),
            Stmt::Switch(_, cases) => cases.iter().map(|c| self.cost_of(&c.body)).max().unwrap_or(0),
            Stmt::Try(t) => t.lists().into_iter().map(|l| self.cost_of(l)).sum(),
            // A walk of a generated object: a few keys.
            Stmt::ForIn(f) => 8 * (1 + self.cost_of(&f.body)),
            _ => 0,
        }
    }

    // ----- statements -----------------------------------------------------------------

    /// `n` random statements (declarations are scoped to them).
    fn stmts(&mut self, cx: &mut Ctx, n: usize) -> Vec<Stmt> {
        let scope = cx.vars.len();
        let mut out = Vec::new();
        for _ in 0..n {
            if let Some(s) = self.stmt(cx) {
                self.work += cx.mult;
                out.push(s);
            }
        }
        cx.vars.truncate(scope);
        out
    }

    fn stmt(&mut self, cx: &mut Ctx) -> Option<Stmt> {
        let s = match (self.rng.below(100), cx.bias) {
            (0..=9, _) => self.print_stmt(cx),
            (10..=22, _) => self.assign_stmt(cx),
            (23..=24, _) => self.try_stmt(cx),
            (25..=31, _) => self.update_stmt(cx),
            (32..=39, _) => self.decl_stmt(cx),
            (40..=48, _) => self.if_stmt(cx),
            (49..=55, _) => self.loop_stmt(cx),
            (56..=60, _) => self.jump_stmt(cx),
            (61..=63, _) => self.switch_stmt(cx),
            (64..=65, _) => self.return_stmt(cx),
            (66, _) => self.throw_stmt(cx),
            (67..=81, Bias::Elements) => self.element_stmt(cx),
            (67..=81, Bias::Shapes) => self.property_stmt(cx),
            (67..=74, Bias::Loops) => self.loop_stmt(cx),
            (67..=74, _) | (82..=87, _) => self.element_stmt(cx),
            (75..=81, _) | (88..=93, _) => self.property_stmt(cx),
            (94..=95, _) => self.call_stmt(cx),
            (96..=99, _) => self.guarded_stmt(cx),
            _ => self.assign_stmt(cx),
        };
        s.or_else(|| self.assign_stmt(cx)).or_else(|| self.update_stmt(cx))
    }

    fn print_stmt(&mut self, cx: &Ctx) -> Option<Stmt> {
        // Prints that run thousands of times would mostly measure console.log.
        if cx.mult > 500 && self.rng.chance(75) {
            return None;
        }
        let n = self.rng.range(1, 3);
        let args = (0..n)
            .map(|_| {
                let e = if self.rng.chance(80) { self.rich(cx, 2) } else { self.val(cx, 2) };
                self.printable(cx, e)
            })
            .collect();
        Some(Stmt::Print(args))
    }

    fn assign_stmt(&mut self, cx: &Ctx) -> Option<Stmt> {
        let place = self.place(cx)?;
        let value = if self.rng.chance(70) { self.rich(cx, 2) } else { self.val(cx, 2) };
        Some(Stmt::Expr(self.assignment(cx, place, value)))
    }

    /// `place = value` or `place op= value`, keeping `+=` from joining two strings that
    /// may both come from variables.
    fn assignment(&mut self, cx: &Ctx, place: Place, value: Expr) -> Expr {
        if self.rng.chance(8) {
            // `||=`, `&&=`, `??=`: the place keeps its value or takes `value`, no join.
            let op = self.rng.choose(&["||", "&&", "??"]);
            return Expr::Assign(Some(op), Box::new(place), bx(value));
        }
        if self.rng.chance(45) {
            let op = self.rng.choose(COMPOUND);
            let value = if op == "+" && self.carrying(cx, &value) { Expr::Unary("+", bx(value)) } else { value };
            return Expr::Assign(Some(op), Box::new(place), bx(value));
        }
        Expr::Assign(None, Box::new(place), bx(value))
    }

    fn update_stmt(&mut self, cx: &Ctx) -> Option<Stmt> {
        let place = self.place(cx)?;
        Some(Stmt::Expr(Expr::Update { prefix: self.rng.chance(50), increment: self.rng.chance(60), place: Box::new(place) }))
    }

    fn decl_stmt(&mut self, cx: &mut Ctx) -> Option<Stmt> {
        if !cx.decls {
            return None;
        }
        let (cat, init) = match self.rng.below(10) {
            0 | 1 => (Cat::Obj, self.object_literal()),
            2 => (Cat::Arr, self.array_literal()),
            _ => (Cat::Val, self.rich(cx, 2)),
        };
        let kind = self.rng.choose(&[DeclKind::Var, DeclKind::Let, DeclKind::Let, DeclKind::Const]);
        let name = self.name(match cat {
            Cat::Obj => "o",
            Cat::Arr => "a",
            Cat::Val => "v",
        });
        cx.vars.push(VarInfo { local: true, ..var(&name, cat, kind != DeclKind::Const) });
        Some(Stmt::Decl(kind, name, Some(init)))
    }

    fn if_stmt(&mut self, cx: &mut Ctx) -> Option<Stmt> {
        if cx.nest >= 3 {
            return None;
        }
        let test = self.test_expr(cx);
        let mut inner = cx.clone();
        inner.nest += 1;
        let n = self.rng.range(1, 3) as usize;
        let then = self.stmts(&mut inner, n);
        let other = if self.rng.chance(40) {
            let n = self.rng.range(1, 2) as usize;
            self.stmts(&mut inner, n)
        } else {
            Vec::new()
        };
        Some(Stmt::If(test, then, other))
    }

    /// A nested loop: 2–8 iterations (up to 5,000 at top level of a loop-biased body), as
    /// far as the work budget allows.
    fn loop_stmt(&mut self, cx: &mut Ctx) -> Option<Stmt> {
        if cx.nest >= 3 || cx.loops.len() >= 2 {
            return None;
        }
        let big = cx.bias == Bias::Loops && cx.loops.is_empty() && !cx.in_function;
        let mut count = if big { self.rng.range(1000, 5000) } else { self.rng.range(2, 8) };
        while count > 1 && cx.mult * count * 4 > self.remaining() / 2 {
            count /= 2;
        }
        if count < 2 {
            return None;
        }
        let i = self.name("i");
        let label = self.rng.chance(25).then(|| self.name("L"));
        let mut inner = cx.clone();
        inner.mult = cx.mult * count;
        inner.nest += 1;
        inner.loops.push(label.clone());
        inner.vars.push(counter(&i, count as u32));
        let n = self.rng.range(1, 4) as usize;
        let body = self.stmts(&mut inner, n);
        let kind = self.rng.choose(&[LoopKind::For(false), LoopKind::For(true), LoopKind::While, LoopKind::DoWhile]);
        Some(Stmt::Loop(Loop { kind, label, counter: i, count: count as u32, body }))
    }

    /// `if (test) break;` or `continue`, maybe to a labelled loop.
    fn jump_stmt(&mut self, cx: &Ctx) -> Option<Stmt> {
        if cx.loops.is_empty() {
            return None;
        }
        let labels: Vec<String> = cx.loops.iter().flatten().cloned().collect();
        let label = if !labels.is_empty() && self.rng.chance(50) { Some(self.rng.pick(&labels).clone()) } else { None };
        // A plain `break` inside a switch leaves the switch, not the loop: fine either way.
        let jump = if self.rng.chance(45) { Stmt::Break(label) } else { Stmt::Continue(label) };
        let test = match cx.counters().last() {
            Some(c) if self.rng.chance(60) => {
                let bound = c.counter.unwrap_or(2) as u64;
                let at = self.rng.range(bound / 2, bound.max(1));
                let op = self.rng.choose(&["===", ">", "==="]);
                Expr::Binary(op, bx(Expr::Var(c.name.clone())), bx(num(at)))
            }
            _ => self.test_expr(cx),
        };
        Some(Stmt::If(test, vec![jump], vec![]))
    }

    fn switch_stmt(&mut self, cx: &mut Ctx) -> Option<Stmt> {
        if cx.nest >= 3 {
            return None;
        }
        let value = match self.rng.below(3) {
            0 => Expr::Binary("&", bx(self.val(cx, 1)), bx(num(3))),
            _ => self.val(cx, 1),
        };
        let mut inner = cx.clone();
        inner.nest += 1;
        inner.switches += 1;
        inner.decls = false;
        let mut cases = Vec::new();
        let tests: &[&str] = &["0", "1", "2", "3", "-0", "NaN"];
        for _ in 0..self.rng.range(1, 3) {
            let test = if self.rng.chance(20) { Expr::Str(self.rng.pick(STRINGS).to_string()) } else { num(self.rng.pick(tests)) };
            let mut body = self.plain_stmts(&mut inner);
            if self.rng.chance(70) {
                body.push(Stmt::Break(None));
            }
            cases.push(Case { test: Some(test), body });
        }
        if self.rng.chance(60) {
            let body = self.plain_stmts(&mut inner);
            let at = self.rng.below(cases.len() as u64 + 1) as usize;
            cases.insert(at, Case { test: None, body });
        }
        Some(Stmt::Switch(value, cases))
    }

    /// One or two statements for a `switch` clause (`cx` allows no declarations).
    fn plain_stmts(&mut self, cx: &mut Ctx) -> Vec<Stmt> {
        let n = self.rng.range(1, 2) as usize;
        self.stmts(cx, n)
    }

    /// An operation behind the test that makes it safe or fast — a divisor tested for
    /// zero, an index against the length, a shift count, a property against `undefined` —
    /// in a small loop when not already in one (so a compiler may hoist it, and must not
    /// hoist it above its guard).
    fn guarded_stmt(&mut self, cx: &mut Ctx) -> Option<Stmt> {
        let vals: Vec<&VarInfo> = cx.vars.iter().filter(|v| v.cat == Cat::Val && v.local).collect();
        if vals.is_empty() {
            return None;
        }
        // Operands: parameters preferably, two different ones where there are two.
        let params: Vec<&VarInfo> = vals.iter().copied().filter(|v| v.param).collect();
        let pool = if params.is_empty() || self.rng.chance(20) { &vals } else { &params };
        let first = self.pick_preferring_locals(pool);
        let others: Vec<&VarInfo> = pool.iter().copied().filter(|v| v.name != first).collect();
        let second = if others.is_empty() { first.clone() } else { self.pick_preferring_locals(&others) };
        let (a, b) = (Expr::Var(first), Expr::Var(second));
        let binary = |op: &'static str, x: &Expr, y: Expr| Expr::Binary(op, bx(x.clone()), bx(y));
        let (test, value) = match self.rng.below(7) {
            // Arithmetic that the test keeps in (or just out of) int32 range: a typer or
            // control-dependent fact may drop its overflow check only when that is right.
            5 | 6 => {
                let edge = num(self.rng.pick(&["2147483647", "2147483646", "2147483000", "1073741824", "65536", "100"]));
                let small = num(self.rng.range(1, 3));
                if self.rng.chance(50) {
                    (binary("<", &b, edge), Expr::Binary(self.rng.choose(&["+", "*"]), bx(b.clone()), bx(small)))
                } else {
                    let low = Expr::Unary("-", bx(edge));
                    (binary(">", &b, low), Expr::Binary("-", bx(b.clone()), bx(small)))
                }
            }
            0 => (binary("!==", &b, num(0)), binary(self.rng.choose(&["/", "%"]), &a, b.clone())),
            1 => (binary(">", &b, num(0)), binary("%", &a, b.clone())),
            2 => {
                let shift = binary("<<", &a, b.clone());
                (Expr::Binary("&&", bx(binary(">=", &b, num(0))), bx(binary("<", &b, num(31)))), shift)
            }
            3 => match self.some_array(cx) {
                Some(arr) => {
                    let len = Expr::Member(bx(arr.clone()), "length".into());
                    let i = Expr::Binary("&", bx(b.clone()), bx(num(15)));
                    (Expr::Binary("<", bx(i.clone()), bx(len)), Expr::Index(bx(arr), bx(i)))
                }
                None => (binary("!==", &b, num(0)), binary("/", &a, b.clone())),
            },
            _ => match self.member(cx, 0) {
                Some(read) => (binary("!==", &read, Expr::Undefined), binary("*", &read, num(2))),
                None => (binary("!==", &b, num(-1)), binary("%", &a, binary("+", &b, num(1)))),
            },
        };
        // A fresh accumulator (the operands stay loop-invariant), visible to what follows.
        let target = self.name("v");
        let init = Stmt::Decl(DeclKind::Var, target.clone(), Some(num(0)));
        cx.vars.push(VarInfo { local: true, ..var(&target, Cat::Val, true) });
        let op = self.rng.choose(&["+", "+", "-", "|", "^"]);
        let value = if op == "+" { Expr::Unary("+", bx(value)) } else { value };
        let update = Stmt::Expr(Expr::Assign(Some(op), Box::new(Place::Var(target)), bx(value)));
        let guarded = Stmt::If(test, vec![update], Vec::new());
        if !cx.loops.is_empty() || cx.mult * 6 > self.remaining() / 2 {
            return Some(Stmt::Block(vec![init, guarded]));
        }
        let i = self.name("i");
        let count = self.rng.range(2, 6) as u32;
        let l = Stmt::Loop(Loop { kind: LoopKind::For(false), label: None, counter: i, count, body: vec![guarded] });
        Some(Stmt::Block(vec![init, l]))
    }

    /// `try { ... } catch (e) { ... } finally { ... }` (a catch, a finally or both), the
    /// protected block often holding a conditional `throw`; a caught value may be printed
    /// through `show` (`console.log` of an error object would print its machine's stack).
    fn try_stmt(&mut self, cx: &mut Ctx) -> Option<Stmt> {
        if cx.nest >= 3 {
            return None;
        }
        let mut inner = cx.clone();
        inner.nest += 1;
        let n = self.rng.range(1, 3) as usize;
        let mut body = self.stmts(&mut inner, n);
        if self.rng.chance(60) {
            let at = self.rng.below(body.len() as u64 + 1) as usize;
            let throw = self.conditional_throw(&inner);
            body.insert(at, throw);
        }
        let kind = self.rng.below(10);
        let catch = if kind < 6 || kind >= 8 {
            let mut c = cx.clone();
            c.nest += 1;
            let binding = self.rng.chance(85).then(|| self.name("e"));
            if let Some(b) = &binding {
                c.vars.push(VarInfo { local: true, ..var(b, Cat::Val, false) });
            }
            let n = self.rng.range(1, 2) as usize;
            let mut stmts = self.stmts(&mut c, n);
            if let (Some(b), true) = (&binding, self.rng.chance(50)) {
                // Through `show`: besides the primitives thrown here, the block may raise a
                // TypeError (a hot function given `undefined`), printed as its string form.
                stmts.insert(0, Stmt::Print(vec![show(Expr::Var(b.clone()))]));
            }
            Some((binding, stmts))
        } else {
            None
        };
        let finally = if kind >= 6 {
            let mut f = cx.clone();
            f.nest += 1;
            let n = self.rng.range(1, 2) as usize;
            Some(self.stmts(&mut f, n))
        } else {
            None
        };
        Some(Stmt::Try(Box::new(Try { body, catch, finally })))
    }

    /// `if (test) throw value;` in a function (rarely taken: a throw no caller catches ends
    /// the program, as in node).
    fn throw_stmt(&mut self, cx: &Ctx) -> Option<Stmt> {
        if !cx.in_function {
            return None;
        }
        let test = self.test_expr(cx);
        let value = if self.rng.chance(50) { self.literal() } else { self.val(cx, 1) };
        Some(Stmt::If(test, vec![Stmt::Throw(value)], vec![]))
    }

    /// `if (test) throw value;` with a primitive value: the test is on a loop counter where
    /// there is one, so some iterations throw and others do not.
    fn conditional_throw(&mut self, cx: &Ctx) -> Stmt {
        let test = match cx.counters().last() {
            Some(c) if self.rng.chance(70) => {
                let bound = c.counter.unwrap_or(2) as u64;
                let modulus = num(self.rng.range(2, bound.clamp(2, 7)));
                let rest = Expr::Binary("%", bx(Expr::Var(c.name.clone())), bx(modulus));
                Expr::Binary("===", bx(rest), bx(num(self.rng.range(0, 1))))
            }
            _ => self.test_expr(cx),
        };
        let value = if self.rng.chance(50) { self.literal() } else { self.val(cx, 1) };
        Stmt::If(test, vec![Stmt::Throw(value)], vec![])
    }

    fn return_stmt(&mut self, cx: &Ctx) -> Option<Stmt> {
        if !cx.in_function {
            return None;
        }
        let test = self.test_expr(cx);
        let value = self.rich(cx, 2);
        Some(Stmt::If(test, vec![Stmt::Return(Some(value))], vec![]))
    }

    /// Element reads and writes: in and out of bounds, past the end, `push`, `pop`.
    fn element_stmt(&mut self, cx: &Ctx) -> Option<Stmt> {
        let arrays = cx.of(Cat::Arr);
        if arrays.is_empty() {
            return None;
        }
        let a = self.pick_preferring_locals(&arrays);
        let arr = Expr::Var(a);
        Some(match self.rng.below(8) {
            0 | 1 => {
                let i = self.write_index(cx, &arr);
                let v = self.val(cx, 2);
                Stmt::Expr(self.assignment(cx, Place::Index(arr, i), v))
            }
            2 => {
                let v = self.val(cx, 2);
                Stmt::Expr(Expr::Method(bx(arr), "push", vec![v]))
            }
            3 => Stmt::Expr(Expr::Method(bx(arr), "pop", vec![])),
            4 => {
                let i = self.write_index(cx, &arr);
                Stmt::Expr(Expr::Update { prefix: self.rng.chance(50), increment: self.rng.chance(50), place: Box::new(Place::Index(arr, i)) })
            }
            5 => {
                let len = Expr::Member(bx(arr.clone()), "length".into());
                let i = Expr::Binary("+", bx(len), bx(num(self.rng.range(0, 3))));
                let v = self.val(cx, 1);
                Stmt::Expr(Expr::Assign(None, Box::new(Place::Index(arr, i)), bx(v)))
            }
            _ => {
                let i = self.read_index(cx, &arr);
                let read = Expr::Index(bx(arr.clone()), bx(i));
                Stmt::Print(vec![show(read), Expr::Member(bx(arr), "length".into())])
            }
        })
    }

    /// Property reads and writes, additions of new properties (shape transitions), deletes
    /// (an object that compiled code has seen changes shape or goes to dictionary mode).
    fn property_stmt(&mut self, cx: &Ctx) -> Option<Stmt> {
        let objects = cx.of(Cat::Obj);
        if objects.is_empty() {
            return None;
        }
        let o = Expr::Var(self.pick_preferring_locals(&objects));
        let p = self.rng.pick(PROPS).to_string();
        Some(match self.rng.below(6) {
            5 => Stmt::Expr(Expr::Delete(Box::new(Place::Member(o, p)))),
            0 | 1 => {
                let v = self.val(cx, 2);
                Stmt::Expr(self.assignment(cx, Place::Member(o, p), v))
            }
            2 => Stmt::Expr(Expr::Update { prefix: self.rng.chance(50), increment: self.rng.chance(50), place: Box::new(Place::Member(o, p)) }),
            3 => Stmt::Print(vec![show(Expr::Index(bx(o), bx(Expr::Str(p))))]),
            _ => Stmt::Print(vec![show(Expr::Member(bx(o), p))]),
        })
    }

    fn call_stmt(&mut self, cx: &Ctx) -> Option<Stmt> {
        let call = self.call(cx)?;
        Some(Stmt::Expr(call))
    }

    // ----- expressions ----------------------------------------------------------------

    /// A value (anything but an array) of nesting depth up to `d`.
    fn val(&mut self, cx: &Ctx, d: u32) -> Expr {
        if d == 0 {
            return self.leaf(cx);
        }
        let e = match self.rng.below(100) {
            0..=19 => None,
            20..=44 => Some(self.binary(cx, d)),
            45..=49 => {
                let op = self.rng.choose(&["-", "-", "+", "!", "~"]);
                Some(Expr::Unary(op, bx(self.val(cx, d - 1))))
            }
            50..=54 => {
                let t = self.test_expr(cx);
                Some(Expr::Cond(bx(t), bx(self.val(cx, d - 1)), bx(self.val(cx, d - 1))))
            }
            55..=61 => Some(self.math(cx, d)),
            62..=66 => self.call(cx),
            67..=72 => self.member(cx, d),
            73..=78 => self.element(cx, d),
            79..=80 => self.some_array(cx).map(|a| Expr::Member(bx(a), "length".into())),
            81 => Some(Expr::StringOf(bx(self.val(cx, d - 1)))),
            82 => Some(Expr::Member(bx(Expr::StringOf(bx(self.rich(cx, d - 1)))), "length".into())),
            83 => {
                let n = Expr::Binary(self.rng.choose(&["|", "*", "-"]), bx(self.val(cx, d - 1)), bx(self.small_int()));
                Some(Expr::Method(bx(n), "toString", vec![]))
            }
            84..=86 => self.place(cx).map(|p| {
                let v = self.val(cx, d - 1);
                self.assignment(cx, p, v)
            }),
            87..=88 => self.place(cx).map(|p| Expr::Update { prefix: self.rng.chance(50), increment: self.rng.chance(50), place: Box::new(p) }),
            89..=90 => self.counter_phase(cx),
            91..=92 => Some(self.special_arith(cx)),
            93 => self.some_array(cx).map(|a| Expr::Method(bx(a), "pop", vec![])),
            94 => Some(self.object_literal()),
            95 => Some(Expr::Binary(",", bx(self.val(cx, d - 1)), bx(self.val(cx, d - 1)))),
            96 => Some(self.exact_pow()),
            _ => None,
        };
        e.unwrap_or_else(|| self.leaf(cx))
    }

    /// A variable read or a literal.
    fn leaf(&mut self, cx: &Ctx) -> Expr {
        if self.rng.chance(65) {
            let vals: Vec<&VarInfo> = cx.vars.iter().filter(|v| v.cat != Cat::Arr).collect();
            if !vals.is_empty() {
                // Objects are values too, but mostly read primitives.
                let prims: Vec<&VarInfo> = vals.iter().copied().filter(|v| v.cat == Cat::Val).collect();
                let pool = if prims.is_empty() || self.rng.chance(8) { vals } else { prims };
                return Expr::Var(self.pick_preferring_locals(&pool));
            }
        }
        self.literal()
    }

    /// An expression that reads at least one variable (or a property or element), for
    /// the values that get printed, returned and stored.
    fn rich(&mut self, cx: &Ctx, d: u32) -> Expr {
        let read = |g: &mut Gen| -> Expr {
            let r = match g.rng.below(10) {
                0 => g.member(cx, 0),
                1 => g.element(cx, 0),
                _ => None,
            };
            r.or_else(|| {
                let vals: Vec<&VarInfo> = cx.vars.iter().filter(|v| v.cat == Cat::Val).collect();
                (!vals.is_empty()).then(|| Expr::Var(g.pick_preferring_locals(&vals)))
            })
            .unwrap_or_else(|| g.literal())
        };
        match self.rng.below(20) {
            0..=5 => read(self),
            6..=16 if d > 0 => {
                let op = self.rng.choose(&["+", "+", "-", "*", "/", "%", "|", "&", "^", "<<", ">>", ">>>", "<", "==", "==="]);
                let a = read(self);
                let b = self.val(cx, d - 1);
                let b = self.non_carrying(cx, op, &a, b);
                if self.rng.chance(30) {
                    let a = self.non_carrying(cx, op, &b, a);
                    Expr::Binary(op, bx(b), bx(a))
                } else {
                    Expr::Binary(op, bx(a), bx(b))
                }
            }
            17 if d > 0 => Expr::Math(self.rng.choose(MATH1), vec![self.rich(cx, d - 1)]),
            18 if d > 0 => {
                let t = self.test_expr(cx);
                Expr::Cond(bx(t), bx(self.rich(cx, d - 1)), bx(self.val(cx, d - 1)))
            }
            _ => {
                let a = read(self);
                let b = read(self);
                let op = self.rng.choose(&["+", "-", "*", "|"]);
                let b = self.non_carrying(cx, op, &a, b);
                Expr::Binary(op, bx(a), bx(b))
            }
        }
    }

    fn literal(&mut self) -> Expr {
        match self.rng.below(20) {
            0..=5 => self.small_int(),
            6..=10 => num(self.rng.pick(INT_EDGES)),
            11..=13 => num(self.rng.pick(DOUBLES)),
            14..=16 => Expr::Str(self.rng.pick(STRINGS).to_string()),
            17 => Expr::Bool(self.rng.chance(50)),
            18 => {
                if self.rng.chance(50) {
                    Expr::Undefined
                } else {
                    Expr::Null
                }
            }
            _ => Expr::MathConst(self.rng.choose(MATH_CONSTS)),
        }
    }

    fn small_int(&mut self) -> Expr {
        num(self.rng.range(0, 12) as i64 - 2)
    }

    fn binary(&mut self, cx: &Ctx, d: u32) -> Expr {
        let op = match self.rng.below(10) {
            0..=3 => self.rng.choose(ARITH),
            4..=5 => self.rng.choose(BITWISE),
            6..=8 => self.rng.choose(COMPARE),
            _ => self.rng.choose(&["&&", "||", "??"]),
        };
        let a = self.val(cx, d - 1);
        let b = if matches!(op, "<<" | ">>" | ">>>") && self.rng.chance(50) {
            num(self.rng.pick(&["0", "1", "5", "31", "32", "33", "40", "63", "-1", "1.5"]))
        } else if is_literal(&a) {
            // Two literals would only test constant folding.
            self.rich(cx, d - 1)
        } else {
            self.val(cx, d - 1)
        };
        let b = self.non_carrying(cx, op, &a, b);
        Expr::Binary(op, bx(a), bx(b))
    }

    /// `b` as the right operand of `a op b`: for `+` where both may carry a string from a
    /// variable, `+b` (a number), so strings grow at most linearly.
    fn non_carrying(&self, cx: &Ctx, op: &str, a: &Expr, b: Expr) -> Expr {
        if matches!(op, "+" | "&&" | "||" | "??") && self.carrying(cx, a) && self.carrying(cx, &b) {
            Expr::Unary("+", bx(b))
        } else {
            b
        }
    }

    /// Whether the value of `e` may be (or contain) a string read from a variable,
    /// property, element or call — a string that may have grown. `&&` and `||` count as
    /// joins too (either side may be the result).
    fn carrying(&self, cx: &Ctx, e: &Expr) -> bool {
        match e {
            Expr::Var(v) => cx.vars.iter().find(|x| x.name == *v).is_none_or(|x| x.cat == Cat::Val && x.counter.is_none()),
            Expr::Member(_, p) | Expr::OptMember(_, p) => p != "length",
            Expr::Index(..) | Expr::Call(..) => true,
            Expr::Method(r, m, _) => match *m {
                "push" => false,
                "toString" => self.carrying(cx, r),
                // `pop` and the methods of generated classes.
                _ => true,
            },
            Expr::SuperMethod(..) => true,
            Expr::StringOf(a) => self.carrying(cx, a),
            Expr::Assign(None, _, v) => self.carrying(cx, v),
            Expr::Assign(Some("+" | "||" | "&&" | "??"), ..) => true,
            Expr::Cond(_, a, b) => self.carrying(cx, a) || self.carrying(cx, b),
            Expr::Binary("+" | "&&" | "||" | "??", a, b) => self.carrying(cx, a) || self.carrying(cx, b),
            Expr::Binary(",", _, b) => self.carrying(cx, b),
            _ => false,
        }
    }

    /// `e` as a `console.log` argument: itself when surely a primitive, else `show(e)`.
    fn printable(&self, cx: &Ctx, e: Expr) -> Expr {
        if primitive(cx, &e) {
            e
        } else {
            show(e)
        }
    }

    /// A condition: a comparison mostly, sometimes any value (truthiness).
    fn test_expr(&mut self, cx: &Ctx) -> Expr {
        if self.rng.chance(70) {
            let op = self.rng.choose(COMPARE);
            let a = self.rich(cx, 1);
            let b = if self.rng.chance(50) { self.literal() } else { self.val(cx, 1) };
            Expr::Binary(op, bx(a), bx(b))
        } else {
            self.val(cx, 2)
        }
    }

    fn math(&mut self, cx: &Ctx, d: u32) -> Expr {
        match self.rng.below(10) {
            0..=5 => Expr::Math(self.rng.choose(MATH1), vec![self.val(cx, d - 1)]),
            6..=8 => {
                let f = self.rng.choose(MATH2);
                let n = if matches!(f, "max" | "min") { self.rng.range(0, 3) } else { 2 };
                Expr::Math(f, (0..n).map(|_| self.val(cx, d - 1)).collect())
            }
            _ => Expr::Math("round", vec![Expr::Binary("-", bx(self.val(cx, d - 1)), bx(num(0.5)))]),
        }
    }

    /// A call of an earlier function whose cost fits here.
    fn call(&mut self, cx: &Ctx) -> Option<Expr> {
        let budget = self.remaining() / 4;
        let fits: Vec<FnInfo> = self.funcs.iter().filter(|f| cx.mult * (f.cost + 1) <= budget).cloned().collect();
        if fits.is_empty() {
            return None;
        }
        let f = self.rng.pick(&fits).clone();
        let mut args = Vec::new();
        for &cat in &f.params {
            args.push(match cat {
                Cat::Val => self.val(cx, 1),
                Cat::Obj => self.obj_expr(cx),
                Cat::Arr => self.arr_expr(cx),
            });
        }
        // Sometimes the wrong arity: a missing value argument reads as `undefined`, an
        // extra one is ignored.
        match self.rng.below(10) {
            0 if f.params.last() == Some(&Cat::Val) => {
                args.pop();
            }
            1 => args.push(self.literal()),
            _ => {}
        }
        self.work += cx.mult * f.cost;
        Some(Expr::Call(f.name, args))
    }

    /// An array variable in scope, if any.
    fn some_array(&mut self, cx: &Ctx) -> Option<Expr> {
        let arrays = cx.of(Cat::Arr);
        if arrays.is_empty() {
            return None;
        }
        Some(Expr::Var(self.pick_preferring_locals(&arrays)))
    }

    fn obj_expr(&mut self, cx: &Ctx) -> Expr {
        let objects = cx.of(Cat::Obj);
        if objects.is_empty() || self.rng.chance(15) {
            return self.object_literal();
        }
        Expr::Var(self.pick_preferring_locals(&objects))
    }

    fn arr_expr(&mut self, cx: &Ctx) -> Expr {
        let arrays = cx.of(Cat::Arr);
        if arrays.is_empty() || self.rng.chance(15) {
            return self.array_literal();
        }
        Expr::Var(self.pick_preferring_locals(&arrays))
    }

    /// `o.p`, `o["p"]` (maybe a missing property), `(c ? o : null)?.p` or `"p" in o`.
    fn member(&mut self, cx: &Ctx, _d: u32) -> Option<Expr> {
        let objects = cx.of(Cat::Obj);
        if objects.is_empty() {
            return None;
        }
        let o = Expr::Var(self.pick_preferring_locals(&objects));
        let p = self.rng.pick(PROPS).to_string();
        Some(match self.rng.below(10) {
            0 | 1 => Expr::Index(bx(o), bx(Expr::Str(p))),
            2 => {
                // `(c ? o : null)?.p`: optional chaining, sometimes on null.
                let maybe = Expr::Cond(bx(self.val(cx, 1)), bx(o), bx(Expr::Null));
                Expr::OptMember(bx(maybe), p)
            }
            3 => Expr::Binary("in", bx(Expr::Str(p)), bx(o)),
            _ => Expr::Member(bx(o), p),
        })
    }

    /// `a[i]`, with any index (holes, out of bounds, negative, fractional).
    fn element(&mut self, cx: &Ctx, _d: u32) -> Option<Expr> {
        let arrays = cx.of(Cat::Arr);
        if arrays.is_empty() {
            return None;
        }
        let a = Expr::Var(self.pick_preferring_locals(&arrays));
        let i = self.read_index(cx, &a);
        Some(Expr::Index(bx(a), bx(i)))
    }

    fn read_index(&mut self, cx: &Ctx, arr: &Expr) -> Expr {
        let len = || Expr::Member(bx(arr.clone()), "length".into());
        match self.rng.below(10) {
            0..=2 => self.counter_index(cx),
            3 => len(),
            4 => Expr::Binary("-", bx(len()), bx(num(1))),
            5 => Expr::Binary("+", bx(len()), bx(num(self.rng.range(1, 3)))),
            6 => num(self.rng.pick(&["-1", "-2", "1.5", "-0", "0.5"])),
            7 => num(self.rng.range(0, 10)),
            8 => self.val(cx, 1),
            _ => Expr::Binary("&", bx(self.val(cx, 1)), bx(num(7))),
        }
    }

    /// A non-negative integer index at most a little past the end (element stores with
    /// other keys trap in seabed).
    fn write_index(&mut self, cx: &Ctx, arr: &Expr) -> Expr {
        match self.rng.below(7) {
            0 | 1 => self.counter_index(cx),
            2 => Expr::Member(bx(arr.clone()), "length".into()),
            3 => Expr::Binary("+", bx(Expr::Member(bx(arr.clone()), "length".into())), bx(num(self.rng.range(1, 3)))),
            4 => num(self.rng.range(0, 12)),
            _ => Expr::Binary("&", bx(self.val(cx, 1)), bx(num(15))),
        }
    }

    /// A loop counter (or one modulo a small number), or a small literal outside loops.
    fn counter_index(&mut self, cx: &Ctx) -> Expr {
        let counters = cx.counters();
        if counters.is_empty() {
            return num(self.rng.range(0, 8));
        }
        let c = Expr::Var(self.rng.pick(&counters).name.clone());
        if self.rng.chance(50) {
            c
        } else {
            Expr::Binary("%", bx(c), bx(num(self.rng.range(2, 9))))
        }
    }

    /// `i < K ? i : (i + 0.5)` and the like over an enclosing loop counter: a type change
    /// partway through the loop.
    fn counter_phase(&mut self, cx: &Ctx) -> Option<Expr> {
        let counters = cx.counters();
        if counters.is_empty() {
            return None;
        }
        let c = (self.rng.choose(&counters)).clone();
        let bound = c.counter.unwrap_or(2) as u64;
        let at = self.rng.range(bound / 3, bound.max(1));
        let i = || bx(Expr::Var(c.name.clone()));
        let other = self.other_phase(&c.name);
        Some(Expr::Cond(bx(Expr::Binary("<", i(), bx(num(at)))), i(), bx(other)))
    }

    /// An arithmetic, bitwise or comparison expression over a special value.
    fn special_arith(&mut self, cx: &Ctx) -> Expr {
        let special = |g: &mut Gen| match g.rng.below(3) {
            0 => num(g.rng.pick(INT_EDGES)),
            1 => num(g.rng.pick(DOUBLES)),
            _ => g.computed(),
        };
        let a = special(self);
        let b = if self.rng.chance(50) { special(self) } else { self.val(cx, 1) };
        let op = self.rng.choose(&["+", "-", "*", "/", "%", "|", "&", "^", "<<", ">>", ">>>", "<", "==", "==="]);
        let b = self.non_carrying(cx, op, &a, b);
        Expr::Binary(op, bx(a), bx(b))
    }

    /// A computed special value: int32 overflow (`0x7fffffff + 1`, `1 << 31`), `-0`
    /// (`0 * -1`, `Math.round(-0.4)`), `NaN`, `Infinity`.
    fn computed(&mut self) -> Expr {
        let b = |op: &'static str, a: &str, c: &str| Expr::Binary(op, bx(num(a)), bx(num(c)));
        match self.rng.below(16) {
            0 => b("+", "0x7fffffff", "1"),
            1 => b(">>>", "-1", "0"),
            2 => b("**", "2", "31"),
            3 => b("*", "0", "-1"),
            4 => Expr::Math("round", vec![num("-0.4")]),
            5 => b("/", "0", "0"),
            6 => b("/", "1", "0"),
            7 => b("/", "-1", "0"),
            8 => b("-", "-2147483648", "1"),
            9 => Expr::Binary("|", bx(b("+", "2147483647", "1")), bx(num(0))),
            10 => Expr::Unary("-", bx(num(0))),
            11 => b("<<", "1", "31"),
            12 => b("*", "-2147483648", "-1"),
            13 => Expr::Math("round", vec![num("-0.5")]),
            14 => Expr::Math("ceil", vec![num("-0.2")]),
            _ => Expr::Math("trunc", vec![num("-0.9")]),
        }
    }

    /// `**` with literal operands whose result is an exact integer (seabed's `pow` may
    /// differ from V8's by one ulp elsewhere: docs/known-differences.md).
    fn exact_pow(&mut self) -> Expr {
        let base = self.rng.choose(&["2", "-2", "3", "10", "0", "1", "-1"]);
        let exp = self.rng.range(0, 20);
        Expr::Binary("**", bx(num(base)), bx(num(exp)))
    }

    /// A place a value can be stored in.
    fn place(&mut self, cx: &Ctx) -> Option<Place> {
        match self.rng.below(10) {
            0..=5 => {
                let vars: Vec<&VarInfo> = cx.vars.iter().filter(|v| v.cat == Cat::Val && v.assignable && v.counter.is_none()).collect();
                if vars.is_empty() {
                    return None;
                }
                Some(Place::Var(self.pick_preferring_locals(&vars)))
            }
            6..=7 => {
                let objects = cx.of(Cat::Obj);
                if objects.is_empty() {
                    return None;
                }
                Some(Place::Member(Expr::Var(self.pick_preferring_locals(&objects)), self.rng.pick(PROPS).to_string()))
            }
            _ => {
                let arrays = cx.of(Cat::Arr);
                if arrays.is_empty() {
                    return None;
                }
                let a = Expr::Var(self.pick_preferring_locals(&arrays));
                let i = self.write_index(cx, &a);
                Some(Place::Index(a, i))
            }
        }
    }

    fn pick_preferring_locals(&mut self, vars: &[&VarInfo]) -> String {
        let locals: Vec<&&VarInfo> = vars.iter().filter(|v| v.local).collect();
        if !locals.is_empty() && self.rng.chance(75) {
            return self.rng.pick(&locals).name.clone();
        }
        self.rng.pick(vars).name.clone()
    }

    /// An object literal: a random subset of the properties in a random order.
    fn object_literal(&mut self) -> Expr {
        let mut props: Vec<&str> = PROPS.to_vec();
        for k in (1..props.len()).rev() {
            let j = self.rng.below(k as u64 + 1) as usize;
            props.swap(k, j);
        }
        let n = if self.rng.chance(15) { self.rng.range(6, 9) } else { self.rng.range(1, 4) } as usize;
        let fields = props[..n].iter().map(|p| (p.to_string(), self.literal())).collect();
        Expr::Object(fields)
    }

    /// An array: int32s, doubles, strings, objects, with holes, or `new Array(n)`.
    fn array_literal(&mut self) -> Expr {
        match self.rng.below(8) {
            0 => Expr::NewArray(true, bx(num(self.rng.range(0, 8)))),
            1 => Expr::NewArray(false, bx(num(self.rng.range(0, 5)))),
            2 => Expr::Array(Vec::new()),
            kind => {
                let n = self.rng.range(1, 6);
                let items = (0..n)
                    .map(|_| {
                        if self.rng.chance(12) {
                            return None;
                        }
                        Some(match kind {
                            3 | 4 => self.small_int(),
                            5 => num(self.rng.pick(DOUBLES)),
                            6 => self.literal(),
                            _ => {
                                if self.rng.chance(30) {
                                    self.object_literal()
                                } else {
                                    self.small_int()
                                }
                            }
                        })
                    })
                    .collect();
                Expr::Array(items)
            }
        }
    }
}

/// `a op b` where both operands may carry strings (the `classes` feature's fields,
/// parameters and method results): for `+`, `a + (+b)` unless `b` is a literal.
fn joined(op: &'static str, a: Expr, b: Expr) -> Expr {
    let b = if op == "+" && !is_literal(&b) { Expr::Unary("+", bx(b)) } else { b };
    Expr::Binary(op, bx(a), bx(b))
}

/// `show(e)`.
fn show(e: Expr) -> Expr {
    Expr::Call("show".into(), vec![e])
}

fn var(name: &str, cat: Cat, assignable: bool) -> VarInfo {
    VarInfo { name: name.into(), cat, assignable, counter: None, local: false, param: false }
}

fn counter(name: &str, count: u32) -> VarInfo {
    VarInfo { name: name.into(), cat: Cat::Val, assignable: false, counter: Some(count), local: true, param: false }
}

/// Whether `e` is a literal.
fn is_literal(e: &Expr) -> bool {
    matches!(e, Expr::Num(_) | Expr::Str(_) | Expr::Bool(_) | Expr::Undefined | Expr::Null | Expr::MathConst(_))
}

/// Whether `e` is surely a primitive (so `console.log` may print it directly).
fn primitive(cx: &Ctx, e: &Expr) -> bool {
    match e {
        Expr::Num(_) | Expr::Str(_) | Expr::Bool(_) | Expr::Undefined | Expr::Null | Expr::MathConst(_) => true,
        Expr::Var(v) => cx.vars.iter().any(|x| x.name == *v && x.counter.is_some()),
        Expr::Binary(",", _, b) => primitive(cx, b),
        Expr::Binary("&&" | "||" | "??", a, b) => primitive(cx, a) && primitive(cx, b),
        Expr::Binary(..) | Expr::Unary(..) | Expr::Math(..) | Expr::StringOf(_) | Expr::Update { .. } | Expr::Delete(_) => true,
        Expr::Cond(_, a, b) => primitive(cx, a) && primitive(cx, b),
        Expr::Assign(Some("||" | "&&" | "??"), ..) => false,
        Expr::Assign(Some(_), ..) => true,
        Expr::Assign(None, _, v) => primitive(cx, v),
        Expr::Member(_, p) => p == "length",
        Expr::Method(_, m, _) => *m != "pop",
        Expr::Call(f, _) => f == "show",
        _ => false,
    }
}

/// Calls `f` with the name of every function called in `s` outside nested statements
/// (loop bodies and branches are costed separately).
fn visit_calls(s: &Stmt, f: &mut impl FnMut(&str)) {
    let mut exprs: Vec<&Expr> = Vec::new();
    match s {
        Stmt::Decl(_, _, Some(e)) | Stmt::Expr(e) | Stmt::Throw(e) | Stmt::Return(Some(e)) | Stmt::Destructure(_, _, e) => exprs.push(e),
        Stmt::ForIn(f) => exprs.push(&f.object),
        Stmt::Print(args) => exprs.extend(args),
        Stmt::If(c, _, _) | Stmt::Switch(c, _) => exprs.push(c),
        _ => {}
    }
    for e in exprs {
        calls_in(e, f);
    }
}

fn calls_in(e: &Expr, f: &mut impl FnMut(&str)) {
    match e {
        Expr::Call(name, args) => {
            f(name);
            args.iter().for_each(|a| calls_in(a, f));
        }
        Expr::Unary(_, a) | Expr::Member(a, _) | Expr::OptMember(a, _) | Expr::StringOf(a) | Expr::NewArray(_, a) | Expr::Spread(a) => calls_in(a, f),
        Expr::Delete(p) => place_calls(p, f),
        Expr::Binary(_, a, b) | Expr::Index(a, b) => {
            calls_in(a, f);
            calls_in(b, f);
        }
        Expr::Cond(a, b, c) => {
            calls_in(a, f);
            calls_in(b, f);
            calls_in(c, f);
        }
        Expr::Assign(_, p, v) => {
            place_calls(p, f);
            calls_in(v, f);
        }
        Expr::Update { place, .. } => place_calls(place, f),
        Expr::Math(_, args) | Expr::New(_, args) | Expr::SuperCall(args) | Expr::SuperMethod(_, args) => args.iter().for_each(|a| calls_in(a, f)),
        Expr::Method(r, _, args) => {
            calls_in(r, f);
            args.iter().for_each(|a| calls_in(a, f));
        }
        Expr::Array(items) => items.iter().flatten().for_each(|a| calls_in(a, f)),
        Expr::Object(props) | Expr::Accessors(props, _) => props.iter().for_each(|(_, v)| calls_in(v, f)),
        _ => {}
    }
}

fn place_calls(p: &Place, f: &mut impl FnMut(&str)) {
    match p {
        Place::Var(_) => {}
        Place::Member(o, _) => calls_in(o, f),
        Place::Index(o, i) => {
            calls_in(o, f);
            calls_in(i, f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_program() {
        for seed in [0, 1, 17, 123_456_789] {
            assert_eq!(generate(seed).to_js(), generate(seed).to_js(), "seed {seed}");
        }
        assert_ne!(generate(1).to_js(), generate(2).to_js());
    }

    #[test]
    fn short_loops_get_a_type_change_at_100() {
        // Seed 7192 calls `phased` with a 109-iteration loop: the first cut's range was empty
        // (100..=99) and the generator divided by zero.
        let text = generate(7192).to_js();
        assert!(!text.is_empty());
        for n in [100, 105, 109, 110, 111, 300] {
            let mut g = Gen::new(n as u64);
            let _ = g.phased("i", n);
        }
    }

    #[test]
    fn generated_programs_pass_the_frontend_check() {
        for seed in 0..60 {
            let text = generate(seed).to_js();
            let problem = crate::static_problem(std::path::Path::new("gen.js"), &text);
            assert!(problem.is_none(), "seed {seed}: {problem:?}\n{text}");
        }
    }

    /// The largest loop count in `stmts`, nested loops included.
    fn longest_loop(stmts: &[Stmt]) -> u32 {
        stmts
            .iter()
            .map(|s| match s {
                Stmt::Loop(l) => l.count.max(longest_loop(&l.body)),
                Stmt::If(_, t, e) => longest_loop(t).max(longest_loop(e)),
                Stmt::Block(b) => longest_loop(b),
                Stmt::Switch(_, cases) => cases.iter().map(|c| longest_loop(&c.body)).max().unwrap_or(0),
                Stmt::Try(t) => t.lists().into_iter().map(|l| longest_loop(l)).max().unwrap_or(0),
                Stmt::ForIn(f) => longest_loop(&f.body),
                _ => 0,
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn generated_programs_have_hot_functions_and_long_loops() {
        let mut osr_loops = 0;
        for seed in 0..40 {
            let p = generate(seed);
            // Functions besides `show`, unless every feature was a top-level `osr` loop.
            assert!(p.functions.len() >= 2 || longest_loop(&p.body) >= 1000, "seed {seed}: only show");
            assert!(p.to_js().contains("console.log("), "seed {seed} prints nothing");
            // Every feature but `constants` drives a function 150+ times or loops 1,000+.
            assert!(longest_loop(&p.body) >= 150, "seed {seed}: no loop of 150 or more iterations at top level");
            let longest = p.functions.iter().map(|f| longest_loop(&f.body)).max().unwrap_or(0).max(longest_loop(&p.body));
            osr_loops += (longest >= 1000) as usize;
        }
        assert!(osr_loops >= 10, "only {osr_loops} of 40 programs loop 1,000 times");
    }

    #[test]
    fn classes_are_declared_before_they_are_extended_and_constructed() {
        let mut programs = 0;
        for seed in 0..300 {
            let p = generate(seed);
            // The feature's hot function, `nw...`, does the `new`.
            if !p.functions.iter().any(|f| f.name.starts_with("nw")) {
                continue;
            }
            let text = p.to_js();
            programs += 1;
            for (k, c) in p.classes.iter().enumerate() {
                if let Some(base) = &c.base {
                    let earlier = p.classes[..k].iter().any(|b| b.name == *base) || p.function(base).is_some();
                    assert!(earlier, "seed {seed}: {} extends {base}, declared later or not at all", c.name);
                }
                // A derived class's constructor calls `super(...)` before it touches `this`.
                let ctor = c.members.iter().find(|m| m.function.name == "constructor");
                if let (Some(_), Some(ctor)) = (&c.base, ctor) {
                    let call = ctor.function.body.iter().position(|s| matches!(s, Stmt::Expr(Expr::SuperCall(_))));
                    let first_this = ctor.function.body.iter().position(|s| format!("{s:?}").contains("This"));
                    assert!(call.is_some() && first_this.is_none_or(|t| t > call.unwrap()), "seed {seed}: {}", c.name);
                }
            }
            let problem = crate::static_problem(std::path::Path::new("gen.js"), &text);
            assert!(problem.is_none(), "seed {seed}: {problem:?}\n{text}");
        }
        // About one program in six has the `classes` feature.
        assert!((20..=100).contains(&programs), "{programs} of 300 programs have the `classes` feature");
    }

    #[test]
    fn receivers_change_a_prototype_between_two_runs_of_the_driver() {
        let (mut programs, mut replaced) = (0, 0);
        for seed in 0..400 {
            let p = generate(seed);
            let Some(hot) = p.functions.iter().find(|f| f.name.starts_with("pm")) else { continue };
            programs += 1;
            let text = p.to_js();
            // Two driver loops call the hot function (maybe through an alias); each prints
            // its results under the function's name.
            let call = format!("console.log(\"{}\"", hot.name);
            assert!(text.matches(&call).count() >= 2, "seed {seed}: one driver\n{text}");
            // Its receivers come from one array of instances of declared classes.
            let instances = p.body.iter().find_map(|s| match s {
                Stmt::Decl(_, name, Some(Expr::Array(items))) if name.starts_with("os") => Some(items.clone()),
                _ => None,
            });
            let instances = instances.unwrap_or_else(|| panic!("seed {seed}: no instances\n{text}"));
            for item in instances.iter().flatten() {
                let Expr::New(class, _) = item else { panic!("seed {seed}: {item:?}") };
                assert!(p.classes.iter().any(|c| c.name == *class), "seed {seed}: {class} is not declared");
            }
            if text.contains(".prototype.") {
                replaced += 1;
            }
            let problem = crate::static_problem(std::path::Path::new("gen.js"), &text);
            assert!(problem.is_none(), "seed {seed}: {problem:?}\n{text}");
        }
        assert!(programs >= 20, "only {programs} of 400 programs have the `receivers` feature");
        // Most hierarchies have a method to replace.
        assert!(replaced * 2 >= programs, "a prototype changes in only {replaced} of {programs}");
    }

    #[test]
    fn tier3_features_are_generated_and_pass_the_frontend_check() {
        // The hot function of each Tier-3 feature has its own prefix.
        let features = [("tc", "throwing"), ("ha", "accessors"), ("fk", "dynamic"), ("ap", "arguments"), ("ds", "sugar"), ("sb", "strings")];
        let mut seen = [0; 6];
        for seed in 0..200 {
            let p = generate(seed);
            let mut any = false;
            for (k, (prefix, _)) in features.iter().enumerate() {
                let has = p.functions.iter().any(|f| f.name.strip_prefix(prefix).is_some_and(|n| n.parse::<u32>().is_ok()));
                seen[k] += has as usize;
                any |= has;
            }
            if any {
                let text = p.to_js();
                let problem = crate::static_problem(std::path::Path::new("gen.js"), &text);
                assert!(problem.is_none(), "seed {seed}: {problem:?}\n{text}");
            }
        }
        for (k, (_, feature)) in features.iter().enumerate() {
            assert!(seen[k] >= 10, "the `{feature}` feature is in only {} of 200 programs", seen[k]);
        }
    }

    #[test]
    fn plus_never_joins_two_variables() {
        // The simplest case of the rule that keeps strings from doubling.
        for seed in 0..40 {
            let p = generate(seed);
            let mut ok = true;
            let mut q = p.clone();
            crate::reduce::walk_exprs(&mut q, &mut |_, e| {
                if let Expr::Binary("+", a, b) = e {
                    // Counters (`i…`) are int32s; one-letter parameters may have any
                    // category (an object parameter does not carry a string).
                    let var = |e: &Expr| matches!(e, Expr::Var(v) if !v.starts_with('i') && v.len() > 1);
                    ok &= !(var(a) && var(b));
                }
                false
            });
            assert!(ok, "seed {seed}");
        }
    }
}
