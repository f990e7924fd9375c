//! The generator's Tier-3 features: exceptions thrown from hot (inlined) code, accessors,
//! the dynamic operators (`for-in`, `delete`, `in`), the `arguments` object, the syntax
//! desugarings (destructuring, default and rest parameters, spread, `?.`, `??`) and string
//! building.
//!
//! Each feature, like those of the parent module, is a group of functions, globals and
//! top-level statements around one hot function that a top-level loop drives 150–400 times
//! with arguments whose types change partway ([`Gen::phased`]), so the compilers compile it
//! (and inline its small callees) and then exit. The code is built by hand around a few
//! random choices, so that the program stays deterministic and node-comparable whatever the
//! reducer later removes: no `for-in` body adds a key to the object it walks (which keys a
//! walk then visits is up to the engine), nothing prints an object or a function (only
//! through `show`), only primitives and error objects are thrown, every thrown value is
//! caught by the driver, a function that reads `arguments` never assigns its parameters (the
//! mapped arguments object, which seabed traps on), and strings grow at most linearly.

use super::*;

/// A variable read.
fn v(name: &str) -> Expr {
    Expr::Var(name.into())
}

/// `a op b`.
fn bin(op: &'static str, a: Expr, b: Expr) -> Expr {
    Expr::Binary(op, bx(a), bx(b))
}

/// `object.name`.
fn mem(object: Expr, name: &str) -> Expr {
    Expr::Member(bx(object), name.into())
}

/// `name = value;` or `name op= value;`.
fn assign(op: Option<&'static str>, name: &str, value: Expr) -> Stmt {
    Stmt::Expr(Expr::Assign(op, Box::new(Place::Var(name.into())), bx(value)))
}

/// `object.name = value;` or `object.name op= value;`.
fn store(op: Option<&'static str>, object: Expr, name: &str, value: Expr) -> Stmt {
    Stmt::Expr(Expr::Assign(op, Box::new(Place::Member(object, name.into())), bx(value)))
}

/// `if (test) { then }`.
fn when(test: Expr, then: Vec<Stmt>) -> Stmt {
    Stmt::If(test, then, Vec::new())
}

/// `for (var counter = 0; counter < count; counter++) { body }`.
fn counted(counter: &str, count: u32, body: Vec<Stmt>) -> Stmt {
    Stmt::Loop(Loop { kind: LoopKind::For(false), label: None, counter: counter.into(), count, body })
}

/// `i % m === r`: true on every `m`-th call of a driver.
fn every(i: &str, m: u64, r: u64) -> Expr {
    bin("===", bin("%", v(i), num(m)), num(r))
}

/// A function that no other generated code calls (its arguments and exceptions are the
/// feature's own).
fn private_function(name: &str, params: &[&str], body: Vec<Stmt>) -> Function {
    Function { name: name.into(), params: params.iter().map(|p| p.to_string()).collect(), body }
}

/// `get name() { body }` or, with a parameter, `set name(param) { body }`.
fn accessor(name: &str, setter: Option<&str>, body: Vec<Stmt>) -> Method {
    let kind = if setter.is_some() { MethodKind::Set } else { MethodKind::Get };
    Method { is_static: false, kind, function: private_function(name, setter.as_slice(), body) }
}

impl Gen {
    /// `var name = init;` at top level, a global the feature's own code uses (not offered to
    /// random code, which could store into it or add keys to it).
    fn private_global(&mut self, name: &str, init: Expr) {
        self.top(Stmt::Decl(DeclKind::Var, name.into(), Some(init)));
    }

    /// A top-level loop of `calls` iterations that calls `f` with `args` inside a `try`
    /// (a caught error gives its message, any other thrown value itself), storing the result
    /// in a fresh global that it prints now and then.
    fn catching_driver(&mut self, f: &str, i: &str, calls: u64, cost: u64, args: Vec<Expr>) {
        let r = self.name("r");
        self.global_decl(&r, Cat::Val, num(0));
        let e = self.name("e");
        // `e?.message ?? e`: a thrown `null` or `undefined` has no properties.
        let caught = bin("??", Expr::OptMember(bx(v(&e)), "message".into()), v(&e));
        let call = Try {
            body: vec![assign(None, &r, Expr::Call(f.into(), args))],
            catch: Some((Some(e), vec![assign(None, &r, bin("+", Expr::Str("caught ".into()), caught))])),
            finally: None,
        };
        let period = self.rng.choose(&[1, 3, 7, 20]);
        let print = Stmt::Print(vec![Expr::Str(f.into()), v(i), show(v(&r))]);
        let body = vec![Stmt::Try(Box::new(call)), if period == 1 { print } else { when(every(i, period, 0), vec![print]) }];
        self.work += calls * (cost + 4);
        self.top(counted(i, calls as u32, body));
    }

    // ----- exceptions ------------------------------------------------------------------

    /// Exceptions from hot code: a small function that throws on some arguments (a
    /// primitive, an error object, or a TypeError of the runtime), called — directly or
    /// through a second small function — in a loop inside a `try` of a hot caller, so both
    /// are inlined into the caller's handler. The `catch` sometimes rethrows (caught by the
    /// driver), the `finally` sometimes breaks, continues or returns through the loop.
    pub(super) fn throwing(&mut self) {
        let calls = self.rng.range(150, 350);
        let thrower = self.thrower(calls);
        if self.rng.chance(35) {
            self.osr_in_try(&thrower);
        }
        let callee = if self.rng.chance(40) {
            // A middle function: the throw comes from two levels of inlining.
            let mid = self.name("mid");
            let call = Expr::Call(thrower, vec![v("x"), bin("+", v("y"), num(1))]);
            let op = self.rng.choose(&["+", "-", "|"]);
            let body = vec![Stmt::Return(Some(joined(op, call, self.small_int())))];
            self.program.functions.push(private_function(&mid, &["x", "y"], body));
            mid
        } else {
            thrower
        };
        let caller = self.name("tc");
        let (acc, j, e) = (self.name("v"), self.name("j"), self.name("e"));
        let iterations = self.rng.range(2, 6) as u32;
        let first = match self.rng.below(3) {
            0 => v("n"),
            1 => bin("+", v("n"), v(&j)),
            _ => bin("-", v("n"), bin("*", v(&j), num(3))),
        };
        let call = Expr::Call(callee, vec![first, v(&j)]);
        let op = self.rng.choose(&["+", "-", "^", "|"]);
        let mut body = vec![assign(None, &acc, joined(op, v(&acc), call))];
        if self.rng.chance(25) {
            // A jump out of the protected block (through the `finally`).
            let jump = if self.rng.chance(50) { Stmt::Continue(None) } else { Stmt::Break(None) };
            let at = self.rng.below(iterations as u64);
            body.push(when(bin("===", v(&j), num(at)), vec![jump]));
        }
        if self.rng.chance(25) {
            // A nested `try` with only a `finally`: the exception passes through it.
            let inner = Try { body, catch: None, finally: Some(vec![assign(Some("^"), &acc, num(self.rng.range(1, 8)))]) };
            body = vec![Stmt::Try(Box::new(inner))];
        }
        // The catch: what was thrown counts, maybe is kept, maybe thrown on.
        let what = Expr::Cond(
            bx(bin("instanceof", v(&e), v("Error"))),
            bx(mem(mem(v(&e), "message"), "length")),
            bx(mem(Expr::StringOf(bx(v(&e))), "length")),
        );
        let mut handler = vec![assign(Some(self.rng.choose(&["+", "-", "^"])), &acc, what)];
        if self.rng.chance(30) {
            let last = self.name("last");
            self.private_global(&last, Expr::Str(String::new()));
            let described = bin("+", bin("+", mem(v(&e), "name"), Expr::Str(": ".into())), mem(v(&e), "message"));
            let text = Expr::Cond(bx(bin("instanceof", v(&e), v("Error"))), bx(described), bx(v(&e)));
            handler.push(assign(None, &last, text));
            self.finale.push(Stmt::Print(vec![Expr::Str(last.clone()), show(v(&last))]));
        }
        if self.rng.chance(45) {
            let test = match self.rng.below(3) {
                0 => bin("===", bin("%", v("n"), num(self.rng.range(2, 7))), num(0)),
                1 => bin("===", v(&j), num(self.rng.below(iterations as u64))),
                _ => bin("===", Expr::Unary("typeof ", bx(v(&e))), Expr::Str("number".into())),
            };
            let rethrow = if self.rng.chance(70) {
                Stmt::Throw(v(&e))
            } else {
                Stmt::Throw(Expr::New("Error".into(), vec![bin("+", Expr::Str("again ".into()), mem(Expr::StringOf(bx(v(&e))), "length"))]))
            };
            handler.push(when(test, vec![rethrow]));
        }
        let mut finally = None;
        if self.rng.chance(55) {
            let mut f = vec![assign(Some(self.rng.choose(&["+", "^", "-"])), &acc, num(self.rng.range(1, 5)))];
            if self.rng.chance(50) {
                let jump = match self.rng.below(3) {
                    0 => Stmt::Break(None),
                    1 => Stmt::Continue(None),
                    _ => Stmt::Return(Some(v(&acc))),
                };
                let test = if self.rng.chance(50) {
                    bin("===", v(&j), num(self.rng.below(iterations as u64)))
                } else {
                    bin(">", v("n"), num(self.rng.range(150, 300)))
                };
                f.push(when(test, vec![jump]));
            }
            finally = Some(f);
        }
        let protected = Try { body, catch: Some((Some(e), handler)), finally };
        let caller_body = vec![
            Stmt::Decl(DeclKind::Var, acc.clone(), Some(num(0))),
            counted(&j, iterations, vec![Stmt::Try(Box::new(protected))]),
            Stmt::Return(Some(v(&acc))),
        ];
        self.program.functions.push(private_function(&caller, &["n"], caller_body));
        let i = self.name("i");
        let arg = if self.rng.chance(60) { self.phased(&i, calls as u32) } else { v(&i) };
        self.catching_driver(&caller, &i, calls, iterations as u64 * 6, vec![arg]);
    }

    /// A long top-level loop (on-stack replacement) inside a `try`, calling `thrower` in a
    /// `try` of its own: exceptions thrown in the loop's compiled code, caught there or (on
    /// a rethrow) by the outer handler, which ends the loop.
    fn osr_in_try(&mut self, thrower: &str) {
        let count = self.rng.range(1000, 3000);
        if count * 8 > self.remaining() / 2 {
            return;
        }
        let (g, i, e, outer) = (self.name("g"), self.name("i"), self.name("e"), self.name("e"));
        self.private_global(&g, num(0));
        let op = self.rng.choose(&["+", "^", "-"]);
        let call = Expr::Call(thrower.into(), vec![v(&i), bin("&", v(&i), num(7))]);
        let mut handler = vec![assign(Some("+"), &g, num(1))];
        if self.rng.chance(50) {
            // A rethrow late in the loop: the outer handler ends it.
            let at = self.rng.range(count / 2, count + count / 2);
            handler.push(when(bin(">", v(&i), num(at)), vec![Stmt::Throw(v(&e))]));
        }
        let inner = Try { body: vec![assign(None, &g, joined(op, v(&g), call))], catch: Some((Some(e), handler)), finally: None };
        let print = when(every(&i, count / 5, 0), vec![Stmt::Print(vec![v(&i), show(v(&g))])]);
        let lp = counted(&i, count as u32, vec![Stmt::Try(Box::new(inner)), print]);
        let caught = bin("??", Expr::OptMember(bx(v(&outer)), "message".into()), v(&outer));
        let handler = vec![Stmt::Print(vec![Expr::Str("stopped".into()), v(&i), show(caught)])];
        self.work += count * 8;
        self.top(Stmt::Try(Box::new(Try { body: vec![lp], catch: Some((Some(outer), handler)), finally: None })));
        self.top(Stmt::Print(vec![Expr::Str(g.clone()), show(v(&g))]));
    }

    /// The small function of [`Gen::throwing`]: `th(x, y)` throws when a test on its
    /// arguments holds, else returns a number or string of them.
    fn thrower(&mut self, calls: u64) -> String {
        let name = self.name("th");
        let test = match self.rng.below(4) {
            0 => bin("===", bin("%", v("x"), num(self.rng.range(3, 9))), num(self.rng.range(0, 2))),
            1 => bin(">", v("x"), num(self.rng.range(100, calls))),
            2 => bin("!==", Expr::Unary("typeof ", bx(v("x"))), Expr::Str("number".into())),
            _ => bin("===", bin("&", v("y"), num(3)), num(self.rng.range(0, 3))),
        };
        let message = || bin("+", Expr::Str(format!("{name} ")), v("x"));
        let mut body = Vec::new();
        match self.rng.below(6) {
            0 => body.push(when(test, vec![Stmt::Throw(self.literal())])),
            1 => body.push(when(test, vec![Stmt::Throw(v("x"))])),
            2 => {
                // A TypeError of the runtime: a property read of null.
                let o = self.name("o");
                let object = Expr::Cond(bx(test), bx(Expr::Null), bx(Expr::Object(vec![("k".into(), v("x"))])));
                body.push(Stmt::Decl(DeclKind::Var, o.clone(), Some(object)));
                body.push(assign(None, "x", mem(v(&o), "k")));
            }
            kind => {
                let class = ["Error", "TypeError", "RangeError"][kind as usize % 3];
                body.push(when(test, vec![Stmt::Throw(Expr::New(class.into(), vec![message()]))]));
            }
        }
        let op = self.rng.choose(&["+", "-", "*", "|"]);
        body.push(Stmt::Return(Some(joined(op, v("x"), v("y")))));
        self.program.functions.push(private_function(&name, &["x", "y"], body));
        name
    }

    // ----- accessors -------------------------------------------------------------------

    /// Getters and setters: object literals with `get v()`/`set v(x)` over a backing field
    /// and a class with accessors (and a static getter); a hot function reads and writes
    /// them (compound assignments too) on both kinds of objects.
    pub(super) fn accessors(&mut self) {
        let calls = self.rng.range(150, 400);
        let this = || Expr::This;
        let getter_value = |g: &mut Gen| {
            let op = g.rng.choose(&["*", "-", "|", "+"]);
            let k = mem(this(), "k");
            let k = if op == "+" { Expr::Unary("+", bx(k)) } else { k };
            bin(op, mem(this(), "_v"), k)
        };
        let setter_body = |g: &mut Gen| -> Vec<Stmt> {
            let value = match g.rng.below(4) {
                0 => v("x"),
                1 => bin("|", v("x"), num(0)),
                2 => Expr::Cond(bx(bin("===", Expr::Unary("typeof ", bx(v("x"))), Expr::Str("number".into()))), bx(v("x")), bx(num(-1))),
                _ => bin("*", v("x"), num(2)),
            };
            let mut body = vec![store(None, this(), "_v", value)];
            if g.rng.chance(30) {
                body.push(store(Some("+"), this(), "k", num(1)));
            }
            body
        };
        let mut objects = Vec::new();
        for _ in 0..self.rng.range(1, 2) {
            let o = self.name("ao");
            let mut accessors = vec![accessor("v", None, vec![Stmt::Return(Some(getter_value(self)))])];
            if self.rng.chance(80) {
                let body = setter_body(self);
                accessors.push(accessor("v", Some("x"), body));
            }
            accessors.push(accessor("w", None, vec![Stmt::Return(Some(bin("*", mem(this(), "k"), num(2))))]));
            let data = vec![("_v".to_string(), self.small_int()), ("k".to_string(), self.small_int())];
            self.private_global(&o, Expr::Accessors(data, accessors));
            objects.push(o);
        }
        if self.rng.chance(40) {
            // An object whose accessors are inherited from a literal's (`Object.create`).
            let o = self.name("ao");
            let create = Expr::Method(bx(v("Object")), "create", vec![v(&objects[0])]);
            self.private_global(&o, create);
            let own = self.small_int();
            self.top(store(None, v(&o), "_v", own));
            objects.push(o);
        }
        if self.rng.chance(70) {
            // A class whose instances share accessors on the prototype.
            let class = self.name("Ac");
            let ctor = private_function("constructor", &["p"], vec![store(None, this(), "_v", v("p")), store(None, this(), "k", self.small_int())]);
            let getter = getter_value(self);
            let setter = setter_body(self);
            let mut statics = accessor("s", None, vec![Stmt::Return(Some(self.small_int()))]);
            statics.is_static = true;
            let members = vec![
                Method { is_static: false, kind: MethodKind::Method, function: ctor },
                accessor("v", None, vec![Stmt::Return(Some(getter))]),
                accessor("v", Some("x"), setter),
                accessor("w", None, vec![Stmt::Return(Some(bin("-", mem(this(), "k"), num(1))))]),
                statics,
            ];
            self.program.classes.push(Class { name: class.clone(), base: None, fields: Vec::new(), members });
            for _ in 0..self.rng.range(1, 2) {
                let o = self.name("ai");
                let arg = self.small_int();
                self.private_global(&o, Expr::New(class.clone(), vec![arg]));
                objects.push(o);
            }
            if self.rng.chance(40) {
                // A derived class: inherited accessors, one getter overridden.
                let derived = self.name("Ad");
                let ctor = private_function("constructor", &["p"], vec![Stmt::Expr(Expr::SuperCall(vec![bin("+", v("p"), num(1))]))]);
                let members = vec![
                    Method { is_static: false, kind: MethodKind::Method, function: ctor },
                    accessor("w", None, vec![Stmt::Return(Some(bin("*", mem(this(), "k"), num(3))))]),
                ];
                self.program.classes.push(Class { name: derived.clone(), base: Some(class.clone()), fields: Vec::new(), members });
                let o = self.name("ai");
                let arg = self.small_int();
                self.private_global(&o, Expr::New(derived, vec![arg]));
                objects.push(o);
            }
            self.finale.push(Stmt::Print(vec![Expr::Str(class.clone()), mem(v(&class), "s")]));
        }
        // The hot function: reads, writes, compound writes of the accessors.
        let hot = self.name("ha");
        let (o, x, r) = (|| v("o"), "x", self.name("v"));
        let mut body = vec![Stmt::Decl(DeclKind::Var, r.clone(), Some(mem(o(), "v")))];
        body.push(store(None, o(), "v", v(x)));
        let op = self.rng.choose(&["+", "-", "^"]);
        body.push(assign(None, &r, joined(op, v(&r), mem(o(), "v"))));
        match self.rng.below(3) {
            0 => body.push(store(Some(self.rng.choose(&["+", "-", "|"])), o(), "v", num(self.rng.range(1, 5)))),
            1 => body.push(Stmt::Expr(Expr::Update { prefix: self.rng.chance(50), increment: true, place: Box::new(Place::Member(o(), "v".into())) })),
            _ => {}
        }
        if self.rng.chance(40) {
            // The accessors in a small loop of their own.
            let j = self.name("j");
            let inner = vec![store(None, o(), "v", bin("+", v(&j), Expr::Unary("+", bx(v(x))))), assign(Some("+"), &r, Expr::Unary("+", bx(mem(o(), "w"))))];
            body.push(counted(&j, self.rng.range(2, 5) as u32, inner));
        }
        let w = mem(o(), "w");
        body.push(Stmt::Return(Some(joined(self.rng.choose(&["+", "*", "-"]), v(&r), w))));
        self.program.functions.push(private_function(&hot, &["o", x], body));
        let i = self.name("i");
        let target = self.select(&i, &objects, calls as u32);
        let value = self.phased(&i, calls as u32);
        self.catching_driver(&hot, &i, calls, 12, vec![target, value]);
        for o in &objects {
            self.top(Stmt::Print(vec![Expr::Str(o.clone()), show(mem(v(o), "_v")), show(mem(v(o), "v")), show(mem(v(o), "w"))]));
        }
    }

    // ----- for-in, delete, in ----------------------------------------------------------

    /// The dynamic operators: a hot function walks an object's keys with `for-in` (own keys
    /// of a literal, of a class instance, or also inherited ones through `Object.create`),
    /// tests keys with `in`, deletes properties (in a loop too) and reads them after the
    /// `delete`; the objects are fresh on each call or shared between calls (their shapes
    /// change back and forth).
    pub(super) fn dynamic(&mut self) {
        let calls = self.rng.range(150, 350);
        let keys = |g: &mut Gen, n: usize| -> Vec<String> {
            let pool: &[&str] = if g.rng.chance(20) { &["x", "y", "z", "w", "1", "0", "k"] } else { &["x", "y", "z", "w", "k", "m"] };
            let mut all: Vec<String> = pool.iter().map(|k| k.to_string()).collect();
            for k in (1..all.len()).rev() {
                let j = g.rng.below(k as u64 + 1) as usize;
                all.swap(k, j);
            }
            all.truncate(n);
            all
        };
        let n_own = self.rng.range(2, 4) as usize;
        // Sometimes an array: its keys are its indexes (holes are not keys). Seabed traps on
        // other keys stored into an array, so only indexes are stored then.
        let array = self.rng.chance(15);
        let own = if array { ["0", "1", "2", "3"].iter().map(|k| k.to_string()).collect() } else { keys(self, n_own) };
        let i = self.name("i");
        // An object literal with `keys`, its values read the driver's counter when `fresh`.
        let literal = |g: &mut Gen, keys: &[String], fresh: bool| {
            Expr::Object(keys.iter().map(|k| (k.clone(), if fresh && g.rng.chance(50) { v(&i) } else { g.literal() })).collect())
        };
        // Where the objects come from.
        let object = match if array { 4 } else { self.rng.below(4) } {
            0 => {
                // Inherited enumerable keys: `Object.create(proto)` plus own keys.
                let proto = self.name("pr");
                let n_proto = self.rng.range(1, 3) as usize;
                let proto_keys = keys(self, n_proto);
                let init = literal(self, &proto_keys, false);
                self.private_global(&proto, init);
                let maker = self.name("mk");
                let o = self.name("o");
                let mut body = vec![Stmt::Decl(DeclKind::Var, o.clone(), Some(Expr::Method(bx(v("Object")), "create", vec![v(&proto)])))];
                for k in &own {
                    body.push(Stmt::Expr(Expr::Assign(None, Box::new(Place::Index(v(&o), Expr::Str(k.clone()))), bx(v("n")))));
                }
                body.push(Stmt::Return(Some(v(&o))));
                self.program.functions.push(private_function(&maker, &["n"], body));
                Expr::Call(maker, vec![v(&i)])
            }
            1 => {
                // A class instance: its own fields (methods are not enumerable), a base's first.
                let class = self.name("Dk");
                let mut ctor = Vec::new();
                for k in own.iter().filter(|k| k.parse::<u32>().is_err()) {
                    ctor.push(store(None, Expr::This, k, bin("+", v("p"), self.small_int())));
                }
                let sum = private_function("sum", &[], vec![Stmt::Return(Some(num(1)))]);
                let members = vec![
                    Method { is_static: false, kind: MethodKind::Method, function: private_function("constructor", &["p"], ctor) },
                    Method { is_static: false, kind: MethodKind::Method, function: sum },
                ];
                self.program.classes.push(Class { name: class.clone(), base: None, fields: Vec::new(), members });
                Expr::New(class, vec![v(&i)])
            }
            2 => literal(self, &own, true),
            3 => {
                // Shared objects: deletes and re-adds change their shapes from call to call.
                let mut names = Vec::new();
                for _ in 0..self.rng.range(1, 3) {
                    let o = self.name("dg");
                    let init = literal(self, &own, false);
                    self.private_global(&o, init);
                    names.push(o);
                }
                self.select(&i, &names, calls as u32)
            }
            _ => {
                // A fresh array, sometimes with a hole.
                let hole = self.rng.below(6) as usize;
                let items = (0..4).map(|k| (k != hole).then(|| if self.rng.chance(50) { bin("*", v(&i), num(k)) } else { self.literal() })).collect();
                Expr::Array(items)
            }
        };
        let hot = self.name("fk");
        let (o, n, count, seen, k) = (|| v("o"), "n", self.name("v"), self.name("ks"), self.name("k"));
        let mut body = vec![Stmt::Decl(DeclKind::Var, count.clone(), Some(num(0))), Stmt::Decl(DeclKind::Var, seen.clone(), Some(Expr::Str(String::new())))];
        // The walk: it never adds a key to the object (it may delete the current one).
        let value = Expr::Index(bx(o()), bx(v(&k)));
        let mut walk = vec![assign(Some("+"), &seen, v(&k))];
        let numeric = bin("===", Expr::Unary("typeof ", bx(value.clone())), Expr::Str("number".into()));
        walk.push(Stmt::If(numeric, vec![assign(Some("+"), &count, value.clone())], vec![assign(Some("+"), &count, num(1))]));
        let target = self.rng.pick(&own).clone();
        match self.rng.below(4) {
            0 => walk.insert(0, when(bin("===", v(&k), Expr::Str(target.clone())), vec![Stmt::Continue(None)])),
            1 => walk.push(when(bin("===", v(&k), Expr::Str(target.clone())), vec![Stmt::Expr(Expr::Delete(Box::new(Place::Index(o(), v(&k)))))])),
            2 => walk.push(when(bin(">", v(&count), num(self.rng.range(5, 400))), vec![Stmt::Break(None)])),
            _ => {}
        }
        let kind = self.rng.choose(&[DeclKind::Var, DeclKind::Let, DeclKind::Const]);
        body.push(Stmt::ForIn(Box::new(ForIn { kind, key: k.clone(), object: o(), body: walk })));
        // `in` tests, own and inherited and missing.
        let probe = if array { self.rng.pick(&["0", "1", "3", "4"]) } else { self.rng.pick(&["x", "y", "z", "k", "m", "1"]) }.to_string();
        body.push(assign(Some("+"), &count, Expr::Cond(bx(bin("in", Expr::Str(probe), o())), bx(num(10)), bx(num(-1)))));
        // Deletes, then reads of what was deleted.
        let gone = self.rng.pick(&own).clone();
        let delete = Stmt::Expr(Expr::Delete(Box::new(Place::Index(o(), Expr::Str(gone.clone())))));
        match self.rng.below(if array { 2 } else { 3 }) {
            0 => body.push(delete),
            1 => body.push(when(bin("===", bin("%", v(n), num(self.rng.range(2, 4))), num(0)), vec![delete])),
            _ => {
                // Add and delete in a loop: the shape goes back and forth.
                let j = self.name("j");
                let extra = self.rng.pick(&["t", "u", "s"]).to_string();
                let inner = vec![
                    store(None, o(), &extra, v(&j)),
                    assign(Some("+"), &count, mem(o(), &extra)),
                    Stmt::Expr(Expr::Delete(Box::new(Place::Member(o(), extra.clone())))),
                    assign(Some("+"), &count, Expr::Cond(bx(bin("in", Expr::Str(extra), o())), bx(num(100)), bx(num(1)))),
                ];
                body.push(counted(&j, self.rng.range(2, 4) as u32, inner));
                body.push(delete);
            }
        }
        let after = Expr::Index(bx(o()), bx(Expr::Str(gone.clone())));
        body.push(assign(Some("+"), &count, Expr::Cond(bx(bin("===", after, Expr::Undefined)), bx(num(1)), bx(num(2)))));
        if self.rng.chance(50) {
            // Put it back on some calls (a shared object has it again next time).
            let restore = Expr::Assign(None, Box::new(Place::Index(o(), Expr::Str(gone))), bx(v(n)));
            body.push(when(every(n, self.rng.range(2, 3), 1), vec![Stmt::Expr(restore)]));
        }
        body.push(Stmt::Return(Some(bin("+", bin("+", v(&seen), Expr::Str(":".into())), v(&count)))));
        self.program.functions.push(private_function(&hot, &["o", n], body));
        self.catching_driver(&hot, &i, calls, 20, vec![object, v(&i)]);
    }

    // ----- arguments -------------------------------------------------------------------

    /// The `arguments` object: a function that combines `arguments.length` and its
    /// elements (read in a loop guarded by the length), called by a hot function with
    /// `apply(receiver, arguments)` or directly, the caller's own arity changing between
    /// calls.
    pub(super) fn arguments(&mut self) {
        let calls = self.rng.range(150, 400);
        let variadic = self.name("va");
        let params: Vec<&str> = ["a", "b"][..self.rng.range(0, 2) as usize].to_vec();
        let (s, j) = (self.name("v"), self.name("j"));
        let args = || v("arguments");
        let mut body = vec![Stmt::Decl(DeclKind::Var, s.clone(), Some(mem(args(), "length")))];
        let op = self.rng.choose(&["+", "-", "*", "^", "+"]);
        let element = Expr::Index(bx(args()), bx(v(&j)));
        // A `+` may join strings: at most four elements, on a fresh `s` each call.
        let step = vec![when(bin(">=", v(&j), mem(args(), "length")), vec![Stmt::Break(None)]), assign(Some(op), &s, element)];
        body.push(counted(&j, 4, step));
        if let Some(&p) = params.first() {
            // A named parameter and the element it maps to.
            let op = self.rng.choose(&["-", "*", "^"]);
            body.push(assign(None, &s, bin(op, v(&s), bin("===", v(p), Expr::Index(bx(args()), bx(num(0)))))));
        }
        body.push(Stmt::Return(Some(v(&s))));
        self.program.functions.push(private_function(&variadic, &params, body));
        let hot = self.name("ap");
        let receiver = if self.rng.chance(50) { Expr::Null } else { Expr::Undefined };
        let forward = match self.rng.below(3) {
            0 | 1 => Expr::Method(bx(v(&variadic)), "apply", vec![receiver, args()]),
            _ => Expr::Call(variadic.clone(), vec![Expr::Index(bx(args()), bx(num(1))), Expr::Index(bx(args()), bx(num(0)))]),
        };
        let op = self.rng.choose(&["+", "-", "|"]);
        let result = joined(op, forward, mem(args(), "length"));
        self.program.functions.push(private_function(&hot, &["x", "y"], vec![Stmt::Return(Some(result))]));
        // The arity changes with the counter: 1, 2 or 3 arguments.
        let i = self.name("i");
        let value = self.phased(&i, calls as u32);
        let third = self.literal();
        let one = Expr::Call(hot.clone(), vec![v(&i)]);
        let two = Expr::Call(hot.clone(), vec![v(&i), value.clone()]);
        let three = Expr::Call(hot.clone(), vec![value, v(&i), third]);
        let r = self.name("r");
        self.global_decl(&r, Cat::Val, num(0));
        let pick = Expr::Cond(bx(every(&i, 3, 0)), bx(one), bx(Expr::Cond(bx(every(&i, 3, 1)), bx(two), bx(three))));
        let print = when(every(&i, self.rng.range(1, 7), 0), vec![Stmt::Print(vec![Expr::Str(hot.clone()), v(&i), show(v(&r))])]);
        self.work += calls * 12;
        self.top(counted(&i, calls as u32, vec![assign(None, &r, pick), print]));
    }

    // ----- syntax desugarings ----------------------------------------------------------

    /// Destructuring (array and object patterns with defaults and rest), default and rest
    /// parameters, spread in calls and array literals, optional chaining and `??` on values
    /// that are sometimes `undefined`, in a hot function.
    pub(super) fn sugar(&mut self) {
        let calls = self.rng.range(150, 350);
        let hot = self.name("ds");
        let default = match self.rng.below(3) {
            0 => self.small_int(),
            1 => bin("*", v("p"), num(2)),
            _ => Expr::Str(self.rng.pick(STRINGS).to_string()),
        };
        let params = vec!["p".to_string(), default_param("q", &default), "...rest".to_string()];
        let mut names: Vec<String> = Vec::new();
        let mut body = Vec::new();
        // An array pattern over an array built with spread.
        let mut items = Vec::new();
        for k in 0..self.rng.range(1, 3) {
            if k > 0 && self.rng.chance(15) {
                items.push(None);
                continue;
            }
            let name = self.name("a");
            let default = self.rng.chance(40).then(|| self.small_int());
            items.push(Some(Binding { key: None, name: name.clone(), default }));
            names.push(name);
        }
        let rest = self.rng.chance(50).then(|| self.name("r"));
        let source = match self.rng.below(4) {
            // A string destructures into its characters.
            3 => Expr::StringOf(bx(v("p"))),
            0 => Expr::Array(vec![Some(v("p")), Some(v("q")), Some(Expr::Spread(bx(v("rest"))))]),
            1 => Expr::Array(vec![Some(Expr::Spread(bx(v("rest")))), Some(v("p"))]),
            _ => v("rest"),
        };
        body.push(Stmt::Destructure(self.rng.choose(&[DeclKind::Const, DeclKind::Let, DeclKind::Var]), Pattern::Array(items, rest.clone()), source));
        let mut lengths = Vec::new();
        if let Some(r) = rest {
            lengths.push(mem(v(&r), "length"));
        }
        // An object pattern: renamed keys, defaults, rest.
        let mut bindings = Vec::new();
        let props: Vec<(String, Expr)> = vec![("x".into(), v("p")), ("y".into(), v("q")), ("z".into(), mem(v("rest"), "length"))];
        for key in ["x", "y", "w"].iter().take(self.rng.range(1, 3) as usize) {
            let name = self.name("b");
            let default = self.rng.chance(50).then(|| self.small_int());
            let key = self.rng.chance(70).then(|| key.to_string());
            let key = key.unwrap_or_else(|| "z".to_string());
            bindings.push(Binding { key: Some(key), name: name.clone(), default });
            names.push(name);
        }
        let rest = self.rng.chance(40).then(|| self.name("o"));
        let source = if self.rng.chance(50) { Expr::Object(props) } else { bin("??", v("q"), Expr::Object(props)) };
        // A `q` that is not an object destructures as one (a primitive's properties are
        // `undefined`; `null` and `undefined` are replaced by `??`).
        body.push(Stmt::Destructure(DeclKind::Const, Pattern::Object(bindings, rest.clone()), source));
        if let Some(r) = rest {
            lengths.push(mem(Expr::Method(bx(v("Object")), "keys", vec![v(&r)]), "length"));
        }
        // Combine everything into one value.
        let mut result = v(&names[0]);
        for name in &names[1..] {
            result = joined(self.rng.choose(&["+", "-", "*", "|"]), result, v(name));
        }
        for length in lengths {
            result = joined("+", result, length);
        }
        // `?.` and `??` on a value that is sometimes undefined.
        let maybe = Expr::Cond(bx(bin("===", bin("%", v("p"), num(3)), num(0))), bx(Expr::Undefined), bx(Expr::Object(vec![("k".into(), v("q"))])));
        let optional = bin("??", Expr::OptMember(bx(maybe), "k".into()), num(self.rng.range(0, 9)));
        result = joined(self.rng.choose(&["+", "-", "^"]), result, optional);
        body.push(Stmt::Return(Some(result)));
        self.program.functions.push(Function { name: hot.clone(), params, body });
        let i = self.name("i");
        let value = self.phased(&i, calls as u32);
        let extra = self.small_int();
        let args = match self.rng.below(4) {
            0 => vec![v(&i)],
            1 => vec![Expr::Spread(bx(Expr::Array(vec![Some(v(&i)), Some(value)])))],
            2 => vec![v(&i), Expr::Undefined, value, extra],
            _ => vec![v(&i), value, Expr::Spread(bx(Expr::Array(vec![Some(extra), Some(v(&i))])))],
        };
        self.catching_driver(&hot, &i, calls, 10, args);
    }

    // ----- string building -------------------------------------------------------------

    /// Strings built with `+=` in loops — in a hot function and in a long top-level loop —
    /// then read: `length`, `charCodeAt`, `slice`, indexing.
    pub(super) fn strings(&mut self) {
        let calls = self.rng.range(150, 300);
        let piece = |g: &mut Gen, j: &str, x: Option<&str>| match g.rng.below(8) {
            0 => v(j),
            1 => bin("%", v(j), num(10)),
            2 => Expr::Str(g.rng.pick(&["ab", "x", "-", " ", "0"]).to_string()),
            3 => bin("*", v(j), num(0.5)),
            4 => Expr::Cond(bx(bin("===", bin("&", v(j), num(1)), num(0))), bx(Expr::Str("e".into())), bx(v(j))),
            5 => x.map_or_else(|| bin("-", v(j), num(3)), |x| v(x)),
            6 => Expr::Method(bx(v("String")), "fromCharCode", vec![bin("+", num(97), bin("%", v(j), num(26)))]),
            _ => mem(Expr::StringOf(bx(v(j))), "length"),
        };
        let len = |s: &str| mem(v(s), "length");
        let index = |g: &mut Gen, s: &str| match g.rng.below(4) {
            0 => num(g.rng.range(0, 40)),
            1 => bin("-", len(s), num(1)),
            2 => len(s),
            _ => bin("%", num(g.rng.range(0, 1000)), bin("+", len(s), num(1))),
        };
        let reads = |g: &mut Gen, s: &str| -> Vec<Expr> {
            let mut out = vec![len(s)];
            let at = index(g, s);
            out.push(Expr::Method(bx(v(s)), "charCodeAt", vec![at]));
            let slice = match g.rng.below(3) {
                0 => vec![num(g.rng.range(0, 20)), num(g.rng.range(0, 30))],
                1 => vec![num(-(g.rng.range(1, 12) as i64))],
                _ => vec![index(g, s), index(g, s)],
            };
            out.push(Expr::Method(bx(v(s)), "slice", slice));
            if g.rng.chance(40) {
                let at = index(g, s);
                out.push(show(Expr::Index(bx(v(s)), bx(at))));
            }
            out
        };
        // The hot function: a short build per call.
        let hot = self.name("sb");
        let (s, j) = (self.name("s"), self.name("j"));
        let count = self.rng.range(5, 30) as u32;
        let mut inner = vec![Stmt::Expr(Expr::Assign(Some("+"), Box::new(Place::Var(s.clone())), bx(piece(self, &j, Some("x")))))];
        if self.rng.chance(40) {
            let sep = piece(self, &j, None);
            inner.push(when(every(&j, self.rng.range(2, 5), 0), vec![assign(Some("+"), &s, sep)]));
        }
        let start = if self.rng.chance(70) { Expr::Str(String::new()) } else { Expr::StringOf(bx(v("n"))) };
        let mut parts = reads(self, &s);
        let first = parts.remove(0);
        let result = parts.into_iter().fold(first, |acc, e| bin("+", bin("+", acc, Expr::Str("|".into())), e));
        let body = vec![Stmt::Decl(DeclKind::Var, s.clone(), Some(start)), counted(&j, count, inner), Stmt::Return(Some(result))];
        self.program.functions.push(private_function(&hot, &["n", "x"], body));
        let i = self.name("i");
        let value = self.phased(&i, calls as u32);
        self.catching_driver(&hot, &i, calls, count as u64 * 2, vec![v(&i), value]);
        // A long top-level build (on-stack replacement in the middle of it).
        let long = self.rng.range(1000, 4000);
        if long * 2 > self.remaining() / 2 {
            return;
        }
        let (g, k) = (self.name("sg"), self.name("i"));
        self.private_global(&g, Expr::Str(String::new()));
        let step = piece(self, &k, None);
        self.work += long * 2;
        self.top(counted(&k, long as u32, vec![assign(Some("+"), &g, step)]));
        let mut printed = vec![Expr::Str(g.clone())];
        printed.extend(reads(self, &g));
        self.top(Stmt::Print(printed));
    }
}
