//! The reducer: delta debugging on the fuzzer's AST.
//!
//! Given a program and a predicate ("still shows the mismatch"), [`reduce`] repeatedly tries
//! smaller variants and keeps each one the predicate accepts, until a whole round of edits
//! changes nothing or the test budget is spent. The edits, in the order tried:
//!
//! 1. remove a function, a class, a class member (the constructor too: the default one
//!    takes its place) or a class field;
//! 2. remove chunks of statements from every statement list (halves, quarters, ... single
//!    statements);
//! 3. replace a statement by less: an `if` by one branch, a loop by its body or a smaller
//!    count, a block or `switch` by its contents, a `console.log` by fewer arguments;
//! 4. replace an expression by one of its sub-expressions or a small literal (`0`, `1`,
//!    `undefined`), drop array elements, object properties and call arguments;
//! 5. inline a call of a function whose body is one `return`, and drop a parameter of a
//!    function together with the arguments passed for it (by calls and by `new`).
//!
//! A variant is tried only if it is smaller — fewer AST nodes, or as many and shorter text —
//! so reduction terminates; and only if its jumps are well formed (every `break` and
//! `continue` has its loop or `switch`), so the predicate is not asked about programs node
//! would reject as syntax errors. Variants already tried are not tried again.

use std::collections::HashSet;

use super::ast::*;

/// The result of a reduction.
#[derive(Clone, Debug)]
pub struct Reduction {
    /// The smallest program found that the predicate accepts.
    pub program: Program,
    /// Predicate calls made.
    pub tests: usize,
    /// Variants the predicate accepted.
    pub accepted: usize,
}

/// Reduces `program` while `still_fails` holds, calling it at most `max_tests` times.
/// `still_fails(program)` is assumed true on entry.
pub fn reduce(program: &Program, max_tests: usize, still_fails: &mut dyn FnMut(&Program) -> bool) -> Reduction {
    let mut r = Reducer { best: program.clone(), tests: 0, accepted: 0, max_tests, seen: HashSet::new(), still_fails };
    r.seen.insert(program.to_js());
    loop {
        let before = r.accepted;
        r.remove_functions();
        r.remove_statements();
        r.simplify_statements();
        r.simplify_expressions();
        r.inline_calls();
        r.remove_parameters();
        if r.accepted == before || r.exhausted() {
            break;
        }
    }
    Reduction { program: r.best, tests: r.tests, accepted: r.accepted }
}

/// The reduction in progress.
struct Reducer<'p> {
    best: Program,
    tests: usize,
    accepted: usize,
    max_tests: usize,
    seen: HashSet<String>,
    still_fails: &'p mut dyn FnMut(&Program) -> bool,
}

/// The ordering reduction descends: AST nodes, then text length.
fn metric(p: &Program) -> (usize, usize) {
    (p.size(), p.to_js().len())
}

impl Reducer<'_> {
    fn exhausted(&self) -> bool {
        self.tests >= self.max_tests
    }

    /// Keeps `candidate` if it is smaller, well formed, new and still fails.
    fn try_candidate(&mut self, candidate: Program) -> bool {
        if self.exhausted() || metric(&candidate) >= metric(&self.best) || !well_formed(&candidate) {
            return false;
        }
        if !self.seen.insert(candidate.to_js()) {
            return false;
        }
        self.tests += 1;
        if (self.still_fails)(&candidate) {
            self.best = candidate;
            self.accepted += 1;
            true
        } else {
            false
        }
    }

    /// Removes functions, then classes, then single class members and fields.
    fn remove_functions(&mut self) {
        self.remove_each(|p| &mut p.functions);
        self.remove_each(|p| &mut p.classes);
        for class in 0..self.best.classes.len() {
            self.remove_each(|p| &mut p.classes[class].members);
            self.remove_each(|p| &mut p.classes[class].fields);
        }
    }

    /// Tries removing each item of the list `list` picks out of the program, one at a time,
    /// keeping every removal the predicate accepts.
    fn remove_each<T>(&mut self, list: impl Fn(&mut Program) -> &mut Vec<T>) {
        let mut k = 0;
        while k < list(&mut self.best).len() && !self.exhausted() {
            let mut c = self.best.clone();
            list(&mut c).remove(k);
            if !self.try_candidate(c) {
                k += 1;
            }
        }
    }

    /// Removes chunks of every statement list, largest chunks first.
    fn remove_statements(&mut self) {
        let mut list = 0;
        while list < count_lists(&mut self.best) && !self.exhausted() {
            let len = list_len(&mut self.best, list);
            let mut chunk = len;
            while chunk >= 1 && !self.exhausted() {
                let mut start = 0;
                while start < list_len(&mut self.best, list) && !self.exhausted() {
                    let mut c = self.best.clone();
                    with_list(&mut c, list, &mut |l| {
                        let end = (start + chunk).min(l.len());
                        l.drain(start..end);
                    });
                    if !self.try_candidate(c) {
                        start += chunk;
                    }
                }
                chunk /= 2;
            }
            list += 1;
        }
    }

    /// Replaces single statements by smaller ones.
    fn simplify_statements(&mut self) {
        let mut list = 0;
        while list < count_lists(&mut self.best) && !self.exhausted() {
            let mut at = 0;
            while at < list_len(&mut self.best, list) && !self.exhausted() {
                let mut stmt = None;
                with_list(&mut self.best, list, &mut |l| stmt = Some(l[at].clone()));
                let mut changed = false;
                for replacement in stmt_replacements(&stmt.expect("in range")) {
                    let mut c = self.best.clone();
                    with_list(&mut c, list, &mut |l| {
                        l.splice(at..at + 1, replacement.clone());
                    });
                    if self.try_candidate(c) {
                        changed = true;
                        break;
                    }
                }
                if !changed {
                    at += 1;
                }
            }
            list += 1;
        }
    }

    /// Replaces single expressions by sub-expressions or literals.
    fn simplify_expressions(&mut self) {
        let mut k = 0;
        while k < count_exprs(&mut self.best) && !self.exhausted() {
            let mut expr = None;
            walk_exprs(&mut self.best, &mut |i, e| {
                if i == k {
                    expr = Some(e.clone());
                }
                i == k
            });
            let mut changed = false;
            for replacement in expr_replacements(&expr.expect("in range")) {
                let mut c = self.best.clone();
                replace_expr(&mut c, k, replacement);
                if self.try_candidate(c) {
                    changed = true;
                    break;
                }
            }
            if !changed {
                k += 1;
            }
        }
    }

    /// Replaces calls of one-`return` functions by the returned expression, the arguments
    /// substituted for the parameters.
    fn inline_calls(&mut self) {
        let mut k = 0;
        while k < count_exprs(&mut self.best) && !self.exhausted() {
            let mut inlined = None;
            let functions = self.best.functions.clone();
            walk_exprs(&mut self.best, &mut |i, e| {
                if i == k {
                    inlined = inline(&functions, e);
                }
                i == k
            });
            let accepted = match inlined {
                Some(e) => {
                    let mut c = self.best.clone();
                    replace_expr(&mut c, k, e);
                    self.try_candidate(c)
                }
                None => false,
            };
            if !accepted {
                k += 1;
            }
        }
    }

    /// Drops a function's last parameter and the arguments passed for it.
    fn remove_parameters(&mut self) {
        for f in 0..self.best.functions.len() {
            while !self.best.functions[f].params.is_empty() && !self.exhausted() {
                let mut c = self.best.clone();
                let name = c.functions[f].name.clone();
                let n = c.functions[f].params.len() - 1;
                c.functions[f].params.truncate(n);
                walk_exprs(&mut c, &mut |_, e| {
                    if let Expr::Call(callee, args) | Expr::New(callee, args) = e {
                        if *callee == name {
                            args.truncate(n);
                        }
                    }
                    false
                });
                if !self.try_candidate(c) {
                    break;
                }
            }
        }
    }
}

/// What a statement may be replaced by (each a list spliced in its place), smallest first.
fn stmt_replacements(s: &Stmt) -> Vec<Vec<Stmt>> {
    let mut out = Vec::new();
    match s {
        Stmt::If(_, then, other) => {
            out.push(then.clone());
            if !other.is_empty() {
                out.push(other.clone());
                if let Stmt::If(c, t, _) = s {
                    out.push(vec![Stmt::If(c.clone(), t.clone(), Vec::new())]);
                }
            }
        }
        Stmt::Loop(l) => {
            // The body once, its counter still declared.
            let mut body = vec![Stmt::Decl(DeclKind::Var, l.counter.clone(), Some(num(0)))];
            body.extend(l.body.iter().cloned());
            out.push(body);
            for count in [1, 2, l.count / 4, l.count / 2, l.count * 3 / 4, l.count - 1] {
                if count >= 1 && count < l.count {
                    out.push(vec![Stmt::Loop(Loop { count, ..l.clone() })]);
                }
            }
            if l.label.is_some() {
                out.push(vec![Stmt::Loop(Loop { label: None, ..l.clone() })]);
            }
            if l.kind != LoopKind::For(false) {
                out.push(vec![Stmt::Loop(Loop { kind: LoopKind::For(false), ..l.clone() })]);
            }
        }
        Stmt::Block(b) => out.push(b.clone()),
        Stmt::Switch(v, cases) => {
            for c in cases {
                let body: Vec<Stmt> = c.body.iter().filter(|s| !matches!(s, Stmt::Break(None))).cloned().collect();
                out.push(body);
            }
            for k in 0..cases.len() {
                let mut fewer = cases.clone();
                fewer.remove(k);
                out.push(vec![Stmt::Switch(v.clone(), fewer)]);
            }
        }
        Stmt::Print(args) if args.len() > 1 => {
            for a in args {
                out.push(vec![Stmt::Print(vec![a.clone()])]);
            }
        }
        Stmt::Try(t) => {
            out.push(t.body.clone());
            if let Some((_, c)) = &t.catch {
                out.push(c.clone());
            }
            if let Some(f) = &t.finally {
                out.push(f.clone());
                if t.catch.is_some() {
                    out.push(vec![Stmt::Try(Box::new(crate::ast::Try { finally: None, ..(**t).clone() }))]);
                }
            }
        }
        Stmt::ForIn(f) => {
            // The body once, its key variable holding a key.
            let mut body = vec![Stmt::Decl(DeclKind::Var, f.key.clone(), Some(Expr::Str("x".into())))];
            body.extend(f.body.iter().cloned());
            out.push(body);
        }
        Stmt::Destructure(kind, pattern, _) => {
            // Each name declared without a value (`const` needs one: `let` then).
            let kind = if *kind == DeclKind::Const { DeclKind::Let } else { *kind };
            out.push(pattern.names().into_iter().map(|n| Stmt::Decl(kind, n, None)).collect());
        }
        Stmt::Return(Some(_)) => out.push(vec![Stmt::Return(None)]),
        Stmt::Decl(kind, name, Some(_)) if *kind != DeclKind::Const => out.push(vec![Stmt::Decl(*kind, name.clone(), None)]),
        _ => {}
    }
    out
}

/// What an expression may be replaced by: its sub-expressions, then small literals, then
/// the same node with fewer elements, properties or arguments. A spread element's
/// replacement is its operand: `...a` stands only where it was.
fn expr_replacements(e: &Expr) -> Vec<Expr> {
    let mut out: Vec<Expr> = Vec::new();
    match e {
        Expr::Unary(_, a) | Expr::Member(a, _) | Expr::OptMember(a, _) | Expr::StringOf(a) | Expr::NewArray(_, a) | Expr::Spread(a) => {
            out.push((**a).clone())
        }
        Expr::Delete(p) => out.push(place_value(p)),
        Expr::Accessors(props, _) => out.extend(props.iter().map(|(_, v)| v.clone())),
        Expr::Binary(_, a, b) | Expr::Index(a, b) => {
            out.push((**a).clone());
            out.push((**b).clone());
        }
        Expr::Cond(c, t, f) => {
            out.push((**t).clone());
            out.push((**f).clone());
            out.push((**c).clone());
        }
        Expr::Assign(op, p, v) => {
            out.push((**v).clone());
            if op.is_some() {
                out.push(Expr::Assign(None, p.clone(), v.clone()));
            }
            out.push(place_value(p));
        }
        Expr::Update { place, .. } => out.push(place_value(place)),
        Expr::Call(_, args) | Expr::Math(_, args) | Expr::New(_, args) | Expr::SuperCall(args) | Expr::SuperMethod(_, args) => {
            out.extend(args.iter().cloned())
        }
        Expr::Method(r, _, args) => {
            out.extend(args.iter().cloned());
            out.push((**r).clone());
        }
        Expr::Array(items) => out.extend(items.iter().flatten().cloned()),
        Expr::Object(props) => out.extend(props.iter().map(|(_, v)| v.clone())),
        _ => {}
    }
    for r in &mut out {
        if let Expr::Spread(a) = r {
            *r = (**a).clone();
        }
    }
    out.extend([num(0), num(1), Expr::Undefined, Expr::Str("a".into())]);
    match e {
        Expr::Array(items) => {
            for k in 0..items.len() {
                let mut fewer = items.clone();
                fewer.remove(k);
                out.push(Expr::Array(fewer));
            }
            for k in 0..items.len() {
                if items[k].is_some() {
                    let mut holed = items.clone();
                    holed[k] = None;
                    out.push(Expr::Array(holed));
                }
            }
        }
        Expr::Object(props) => {
            for k in 0..props.len() {
                let mut fewer = props.clone();
                fewer.remove(k);
                out.push(Expr::Object(fewer));
            }
        }
        Expr::Accessors(props, accessors) => {
            out.push(Expr::Object(props.clone()));
            for k in 0..props.len() {
                let mut fewer = props.clone();
                fewer.remove(k);
                out.push(Expr::Accessors(fewer, accessors.clone()));
            }
            for k in 0..accessors.len() {
                let mut fewer = accessors.clone();
                fewer.remove(k);
                out.push(Expr::Accessors(props.clone(), fewer));
            }
        }
        Expr::Call(f, args) if !args.is_empty() => out.push(Expr::Call(f.clone(), args[..args.len() - 1].to_vec())),
        Expr::Math(f, args) if !args.is_empty() => out.push(Expr::Math(f, args[..args.len() - 1].to_vec())),
        Expr::New(c, args) if !args.is_empty() => out.push(Expr::New(c.clone(), args[..args.len() - 1].to_vec())),
        Expr::SuperCall(args) if !args.is_empty() => out.push(Expr::SuperCall(args[..args.len() - 1].to_vec())),
        _ => {}
    }
    out
}

/// The value a place holds, as an expression (`o.p` for the place `o.p`).
fn place_value(p: &Place) -> Expr {
    match p {
        Place::Var(v) => Expr::Var(v.clone()),
        Place::Member(o, name) => Expr::Member(bx(o.clone()), name.clone()),
        Place::Index(o, i) => Expr::Index(bx(o.clone()), bx(i.clone())),
    }
}

/// The body of the called function with the arguments substituted, if `e` calls a
/// function whose body is a single `return value;`, whose parameters are plain names and
/// whose arguments are not spread.
fn inline(functions: &[Function], e: &Expr) -> Option<Expr> {
    let Expr::Call(name, args) = e else { return None };
    let f = functions.iter().find(|f| f.name == *name)?;
    let plain = |p: &String| p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if !f.params.iter().all(plain) || args.iter().any(|a| matches!(a, Expr::Spread(_))) {
        return None;
    }
    let [Stmt::Return(value)] = f.body.as_slice() else { return None };
    let mut body = value.clone().unwrap_or(Expr::Undefined);
    substitute(&mut body, &f.params, args);
    Some(body)
}

/// Replaces reads of `params` in `e` by the corresponding `args` (`undefined` when absent).
/// Gives up on writes to parameters by leaving them (the predicate then decides).
fn substitute(e: &mut Expr, params: &[String], args: &[Expr]) {
    if let Expr::Var(v) = e {
        if let Some(k) = params.iter().position(|p| p == v) {
            *e = args.get(k).cloned().unwrap_or(Expr::Undefined);
        }
        return;
    }
    for child in children_mut(e) {
        substitute(child, params, args);
    }
}

/// The direct sub-expressions of `e` (those inside a place included).
fn children_mut(e: &mut Expr) -> Vec<&mut Expr> {
    match e {
        Expr::Unary(_, a) | Expr::Member(a, _) | Expr::OptMember(a, _) | Expr::StringOf(a) | Expr::NewArray(_, a) | Expr::Spread(a) => {
            vec![&mut **a]
        }
        Expr::Delete(p) => place_children_mut(p),
        Expr::Binary(_, a, b) | Expr::Index(a, b) => vec![&mut **a, &mut **b],
        Expr::Cond(a, b, c) => vec![&mut **a, &mut **b, &mut **c],
        Expr::Assign(_, p, v) => {
            let mut out = place_children_mut(p);
            out.push(&mut **v);
            out
        }
        Expr::Update { place, .. } => place_children_mut(place),
        Expr::Call(_, args) | Expr::Math(_, args) | Expr::New(_, args) | Expr::SuperCall(args) | Expr::SuperMethod(_, args) => {
            args.iter_mut().collect()
        }
        Expr::Method(r, _, args) => {
            let mut out = vec![&mut **r];
            out.extend(args.iter_mut());
            out
        }
        Expr::Array(items) => items.iter_mut().flatten().collect(),
        Expr::Object(props) | Expr::Accessors(props, _) => props.iter_mut().map(|(_, v)| v).collect(),
        _ => Vec::new(),
    }
}

fn place_children_mut(p: &mut Place) -> Vec<&mut Expr> {
    match p {
        Place::Var(_) => Vec::new(),
        Place::Member(o, _) => vec![o],
        Place::Index(o, i) => vec![o, i],
    }
}

// ----- addressing statement lists and expressions by preorder index ----------------------

/// The statement lists of a statement, in order.
fn nested_lists(s: &mut Stmt) -> Vec<&mut Vec<Stmt>> {
    match s {
        Stmt::If(_, t, e) => vec![t, e],
        Stmt::Loop(l) => vec![&mut l.body],
        Stmt::Block(b) => vec![b],
        Stmt::Switch(_, cases) => cases.iter_mut().map(|c| &mut c.body).collect(),
        Stmt::Try(t) => t.lists_mut(),
        Stmt::ForIn(f) => vec![&mut f.body],
        _ => Vec::new(),
    }
}

/// Calls `f` on every statement list in preorder (function bodies, class member bodies, then
/// the top level) with its index, until `f` returns true.
fn walk_lists(p: &mut Program, f: &mut dyn FnMut(usize, &mut Vec<Stmt>) -> bool) {
    fn walk(list: &mut Vec<Stmt>, next: &mut usize, f: &mut dyn FnMut(usize, &mut Vec<Stmt>) -> bool) -> bool {
        *next += 1;
        if f(*next - 1, list) {
            return true;
        }
        for s in list.iter_mut() {
            for inner in nested_lists(s) {
                if walk(inner, next, f) {
                    return true;
                }
            }
        }
        false
    }
    let mut next = 0;
    let members = p.classes.iter_mut().flat_map(|c| c.members.iter_mut().map(|m| &mut m.function));
    for func in p.functions.iter_mut().chain(members) {
        if walk(&mut func.body, &mut next, f) {
            return;
        }
    }
    walk(&mut p.body, &mut next, f);
}

fn count_lists(p: &mut Program) -> usize {
    let mut n = 0;
    walk_lists(p, &mut |_, _| {
        n += 1;
        false
    });
    n
}

fn list_len(p: &mut Program, k: usize) -> usize {
    let mut len = 0;
    with_list(p, k, &mut |l| len = l.len());
    len
}

/// Applies `f` to the `k`-th statement list.
fn with_list(p: &mut Program, k: usize, f: &mut dyn FnMut(&mut Vec<Stmt>)) {
    walk_lists(p, &mut |i, l| {
        if i == k {
            f(l);
        }
        i == k
    });
}

/// Calls `f` on every expression in preorder with its index (function bodies, class fields
/// and member bodies, then the top level), until `f` returns true (after which the walk does
/// not look inside the expression `f` was given).
pub fn walk_exprs(p: &mut Program, f: &mut dyn FnMut(usize, &mut Expr) -> bool) {
    let (mut next, mut stop) = (0, false);
    for func in &mut p.functions {
        walk_stmt_exprs(&mut func.body, &mut next, &mut stop, f);
    }
    for class in &mut p.classes {
        for (_, value) in &mut class.fields {
            walk_expr(value, &mut next, &mut stop, f);
        }
        for m in &mut class.members {
            walk_stmt_exprs(&mut m.function.body, &mut next, &mut stop, f);
        }
    }
    walk_stmt_exprs(&mut p.body, &mut next, &mut stop, f);
}

fn walk_stmt_exprs(list: &mut [Stmt], next: &mut usize, stop: &mut bool, f: &mut dyn FnMut(usize, &mut Expr) -> bool) {
    for s in list {
        if *stop {
            return;
        }
        let exprs: Vec<&mut Expr> = match s {
            Stmt::Decl(_, _, Some(e)) | Stmt::Expr(e) | Stmt::Throw(e) | Stmt::Return(Some(e)) => vec![e],
            Stmt::Print(args) => args.iter_mut().collect(),
            Stmt::If(c, _, _) => vec![c],
            Stmt::ForIn(f) => vec![&mut f.object],
            Stmt::Destructure(_, pattern, value) => {
                let mut out = pattern.defaults_mut();
                out.push(value);
                out
            }
            Stmt::Switch(v, cases) => {
                let mut out = vec![v];
                out.extend(cases.iter_mut().filter_map(|c| c.test.as_mut()));
                out
            }
            _ => Vec::new(),
        };
        for e in exprs {
            walk_expr(e, next, stop, f);
        }
        for inner in nested_lists(s) {
            walk_stmt_exprs(inner, next, stop, f);
        }
    }
}

fn walk_expr(e: &mut Expr, next: &mut usize, stop: &mut bool, f: &mut dyn FnMut(usize, &mut Expr) -> bool) {
    if *stop {
        return;
    }
    *next += 1;
    if f(*next - 1, e) {
        *stop = true;
        return;
    }
    for child in children_mut(e) {
        walk_expr(child, next, stop, f);
    }
}

fn count_exprs(p: &mut Program) -> usize {
    let mut n = 0;
    walk_exprs(p, &mut |_, _| {
        n += 1;
        false
    });
    n
}

fn replace_expr(p: &mut Program, k: usize, with: Expr) {
    let mut with = Some(with);
    walk_exprs(p, &mut |i, e| {
        if i == k {
            *e = with.take().expect("replaced once");
        }
        i == k
    });
}

// ----- well-formedness --------------------------------------------------------------------

/// Whether every `break` and `continue` has a target: an enclosing loop (with that label)
/// or, for a plain `break`, a `switch`.
pub fn well_formed(p: &Program) -> bool {
    let members = p.classes.iter().flat_map(|c| c.members.iter().map(|m| &m.function));
    p.functions.iter().chain(members).all(|f| jumps_ok(&f.body, &mut Vec::new(), 0)) && jumps_ok(&p.body, &mut Vec::new(), 0)
}

/// `loops`: the labels of the enclosing loops (`None` for unlabelled); `switches`: how
/// many `switch` statements enclose the list.
fn jumps_ok(list: &[Stmt], loops: &mut Vec<Option<String>>, switches: usize) -> bool {
    list.iter().all(|s| match s {
        Stmt::Break(None) => !loops.is_empty() || switches > 0,
        Stmt::Continue(None) => !loops.is_empty(),
        Stmt::Break(Some(l)) | Stmt::Continue(Some(l)) => loops.iter().any(|x| x.as_deref() == Some(l)),
        Stmt::If(_, t, e) => jumps_ok(t, loops, switches) && jumps_ok(e, loops, switches),
        Stmt::Block(b) => jumps_ok(b, loops, switches),
        Stmt::Loop(l) => {
            loops.push(l.label.clone());
            let ok = jumps_ok(&l.body, loops, switches);
            loops.pop();
            ok
        }
        Stmt::Switch(_, cases) => cases.iter().all(|c| jumps_ok(&c.body, loops, switches + 1)),
        Stmt::Try(t) => t.lists().into_iter().all(|l| jumps_ok(l, loops, switches)),
        Stmt::ForIn(f) => {
            loops.push(None);
            let ok = jumps_ok(&f.body, loops, switches);
            loops.pop();
            ok
        }
        _ => true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jumps_need_targets() {
        let l = |label: Option<&str>, body| {
            Stmt::Loop(Loop { kind: LoopKind::For(false), label: label.map(Into::into), counter: "i".into(), count: 2, body })
        };
        let ok = Program { body: vec![l(Some("L"), vec![l(None, vec![Stmt::Continue(Some("L".into()))])])], ..Default::default() };
        assert!(well_formed(&ok));
        let dangling = Program { body: vec![l(None, vec![Stmt::Continue(Some("L".into()))])], ..Default::default() };
        assert!(!well_formed(&dangling));
        let bare = Program { body: vec![Stmt::Break(None)], ..Default::default() };
        assert!(!well_formed(&bare));
        let in_switch = Program { body: vec![Stmt::Switch(num(1), vec![Case { test: None, body: vec![Stmt::Break(None)] }])], ..Default::default() };
        assert!(well_formed(&in_switch));
    }

    #[test]
    fn reduces_to_what_the_predicate_needs() {
        let program = crate::gen::generate(3);
        let mut marked = program.clone();
        // A `console.log(7)` deep inside the top-level code.
        let at = marked.body.len() / 2;
        marked.body.insert(at, Stmt::Print(vec![num(7)]));
        assert!(marked.size() > 100);
        let r = reduce(&marked, 5_000, &mut |p| p.to_js().contains("console.log(7)"));
        assert_eq!(r.program.body, vec![Stmt::Print(vec![num(7)])], "{}", r.program.to_js());
        assert!(r.program.functions.is_empty() && r.program.classes.is_empty());
        assert!(r.tests < 5_000);
    }

    #[test]
    fn reduction_keeps_the_jump_targets() {
        // The predicate wants a `break`: the loop around it must stay.
        let body = vec![
            Stmt::Print(vec![num(1)]),
            Stmt::Loop(Loop {
                kind: LoopKind::While,
                label: None,
                counter: "i".into(),
                count: 50,
                body: vec![Stmt::Print(vec![Expr::Var("i".into())]), Stmt::Break(None)],
            }),
        ];
        let p = Program { body, ..Default::default() };
        let r = reduce(&p, 1_000, &mut |p| p.to_js().contains("break;"));
        assert_eq!(r.program.to_js(), "for (var i = 0; i < 1; i++) {\n  break;\n}\n");
    }

    #[test]
    fn reduces_tier3_programs_without_syntax_errors() {
        // Every candidate the reducer offers must parse: spread elements stay arguments or
        // array items, `for-in` bodies keep their jumps' loop, destructuring stays a
        // declaration. The predicate keeps a program with a `for-in` walk, a spread or a
        // `try`, whatever else goes.
        let mut checked = 0;
        for seed in 0..60 {
            let program = crate::gen::generate(seed);
            let text = program.to_js();
            if !["...", " in ", "catch"].iter().all(|m| text.contains(m)) {
                continue;
            }
            let r = reduce(&program, 300, &mut |p| {
                let text = p.to_js();
                assert!(frontend::compile("reduced.js", &text).is_ok(), "seed {seed}: a candidate does not parse\n{text}");
                ["...", " in ", "catch"].iter().all(|m| text.contains(m))
            });
            assert!(r.program.size() < program.size());
            checked += 1;
        }
        assert!(checked >= 2, "only {checked} programs with spread, for-in and try");
    }

    #[test]
    fn inlines_one_return_functions() {
        let f = Function {
            name: "f".into(),
            params: vec!["a".into(), "b".into()],
            body: vec![Stmt::Return(Some(Expr::Binary("+", bx(Expr::Var("a".into())), bx(Expr::Var("b".into())))))],
        };
        let call = Expr::Call("f".into(), vec![num(1)]);
        assert_eq!(inline(&[f], &call), Some(Expr::Binary("+", bx(num(1)), bx(Expr::Undefined))));
    }
}
