//! The syntax the frontend desugars (default parameters, destructuring, spread and rest,
//! optional chaining, `??` and logical assignment): what it compiles to, checked on the
//! emitted bytecode. Their behaviour is checked against node by the corpus (`t3_*.js`).

use frontend::bytecode::{Function, Instr, Program};
use frontend::compile;

fn compiled(src: &str) -> Program {
    compile("t.js", src).expect("compiles")
}

fn function<'p>(p: &'p Program, name: &str) -> &'p Function {
    p.functions.iter().find(|f| f.name == name).expect("function exists")
}

fn count(code: &[Instr], pred: impl Fn(&Instr) -> bool) -> usize {
    code.iter().filter(|i| pred(i)).count()
}

#[test]
fn none_of_the_desugared_constructs_traps() {
    let src = "function f(a, b = a, {c, d: [e = 1, ...g]} = {}, ...rest) { return [a, b, c, e, g, rest]; }\n\
               const {x, ...others} = {x: 1}; let [p, , q] = [1, 2, 3]; [p, q] = [q, p];\n\
               for (const [k, v] of [[1, 2]]) {} var o = {...others, y: f?.(...[1, 2])};\n\
               o.z ??= o?.y?.[0] ?? 1; o.w ||= 2; o.w &&= 3; new f(...[1]);\n";
    let p = compiled(src);
    assert!(p.unsupported.is_empty(), "{:?}", p.unsupported);
}

#[test]
fn default_parameters_bind_in_their_tdz_and_set_length() {
    let p = compiled("function f(a, b = c, c = 1, d) { return a + b + c + d; }");
    let f = function(&p, "f");
    assert_eq!(f.param_count, 4);
    assert_eq!(f.length, 1);
    assert!(!f.rest);
    // Every parameter starts as the hole; `c` read by `b`'s default is checked.
    assert_eq!(count(&f.code, |i| matches!(i, Instr::LoadHole { .. })), 4);
    assert_eq!(count(&f.code, |i| matches!(i, Instr::CheckInitialized { .. })), 1);
    // A simple parameter list keeps its arguments as the bindings.
    let simple = compiled("function g(a, b) { return a + b; }");
    let g = function(&simple, "g");
    assert_eq!(count(&g.code, |i| matches!(i, Instr::LoadHole { .. })), 0);
    assert_eq!(g.length, 2);
}

#[test]
fn a_rest_parameter_is_the_last_declared_parameter() {
    let p = compiled("function f(a, ...r) { return r; } const g = (...xs) => xs;");
    let f = function(&p, "f");
    assert_eq!((f.param_count, f.length, f.rest), (2, 1, true));
    let g = p.functions.iter().find(|f| f.name == "g").unwrap();
    assert_eq!((g.param_count, g.length, g.rest), (1, 0, true));
}

#[test]
fn object_patterns_check_for_nullish_and_read_named_properties() {
    let p = compiled("function f(o) { const {a, b: {c}} = o; return a + c; }");
    let f = function(&p, "f");
    // Only the outer pattern checks: the nested one reads `c` and throws as V8 does.
    assert_eq!(count(&f.code, |i| matches!(i, Instr::ThrowNonCoercible { property: Some(_), text: Some(_), .. })), 1);
    assert_eq!(count(&f.code, |i| matches!(i, Instr::LoadNamed { .. })), 3);
}

#[test]
fn array_patterns_index_what_to_iterable_returns() {
    let p = compiled("function f(xs) { const [a, , b, ...r] = xs; return a + b + r.length; }");
    let f = function(&p, "f");
    assert_eq!(count(&f.code, |i| matches!(i, Instr::ToIterable { call: false, .. })), 1);
    // Two element reads, one in the rest loop.
    assert_eq!(count(&f.code, |i| matches!(i, Instr::LoadKeyed { .. })), 3);
    assert_eq!(count(&f.code, |i| matches!(i, Instr::JumpLoop { .. })), 1);
}

#[test]
fn spread_calls_build_an_argument_array() {
    let p = compiled("function f(g, xs) { g(1, ...xs); new g(...xs); return {...xs}; }");
    let f = function(&p, "f");
    assert_eq!(count(&f.code, |i| matches!(i, Instr::CallSpread { .. })), 1);
    assert_eq!(count(&f.code, |i| matches!(i, Instr::ConstructSpread { .. })), 1);
    assert_eq!(count(&f.code, |i| matches!(i, Instr::ToIterable { call: true, .. })), 2);
    assert_eq!(count(&f.code, |i| matches!(i, Instr::CopyDataProperties { .. })), 1);
    assert_eq!(count(&f.code, |i| matches!(i, Instr::Call { .. })), 0);
}

#[test]
fn an_optional_chain_short_circuits_to_one_exit() {
    let p = compiled("function f(o) { return o?.a.b?.(1); }");
    let f = function(&p, "f");
    // Two tests (`o?.` and `b?.()`), both jumping to the one `undefined` at the chain's end.
    let exits: Vec<u32> = f.code.iter().filter_map(|i| match i {
        Instr::JumpIfTrue { target, .. } => Some(*target),
        _ => None,
    }).collect();
    assert_eq!(exits.len(), 2);
    assert_eq!(exits[0], exits[1]);
    assert!(matches!(f.code[exits[0] as usize], Instr::LoadUndefined { .. }));
}

#[test]
fn logical_assignment_to_a_const_throws_only_when_it_assigns() {
    let p = compiled("function f() { const c = 1; c ||= 2; return c; }");
    let f = function(&p, "f");
    let throw_at = f.code.iter().position(|i| matches!(i, Instr::ThrowConstAssign { .. })).expect("a throw");
    // A branch skips the throw when `c` is truthy.
    assert!(f.code[..throw_at].iter().any(|i| matches!(i, Instr::JumpIfTrue { target, .. } if *target as usize > throw_at)));
}
