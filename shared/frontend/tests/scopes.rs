//! Scope analysis, hoisting, TDZ and trap listing, checked on the emitted bytecode.

use frontend::bytecode::{self, GlobalKind, Instr, Program};
use frontend::compile;

fn compiled(src: &str) -> Program {
    compile("t.js", src).expect("compiles")
}

fn function<'p>(p: &'p Program, name: &str) -> &'p frontend::bytecode::Function {
    p.functions.iter().find(|f| f.name == name).expect("function exists")
}

fn global_kind(p: &Program, name: &str) -> Option<GlobalKind> {
    p.globals.iter().find(|g| g.name == name).map(|g| g.kind)
}

fn count(code: &[Instr], pred: impl Fn(&Instr) -> bool) -> usize {
    code.iter().filter(|i| pred(i)).count()
}

#[test]
fn top_level_declarations_become_globals_of_the_right_kind() {
    let p = compiled("var v = 1; let l = 2; const c = 3; function f() {} u = 4; Math.abs(w);");
    assert_eq!(global_kind(&p, "v"), Some(GlobalKind::Var));
    assert_eq!(global_kind(&p, "l"), Some(GlobalKind::Let));
    assert_eq!(global_kind(&p, "c"), Some(GlobalKind::Const));
    assert_eq!(global_kind(&p, "f"), Some(GlobalKind::Function));
    assert_eq!(global_kind(&p, "u"), Some(GlobalKind::Implicit));
    assert_eq!(global_kind(&p, "w"), Some(GlobalKind::Implicit));
    assert_eq!(global_kind(&p, "Math"), Some(GlobalKind::Builtin));
    let f = p.globals.iter().find(|g| g.name == "f").unwrap();
    assert_eq!(p.function(f.function.unwrap()).name, "f");
}

#[test]
fn var_is_hoisted_to_the_function_and_needs_no_check() {
    let p = compiled("function f() { x = 1; if (x) { var x = 2; } return x; }");
    let f = function(&p, "f");
    // `x` is a local: no global named x, no TDZ checks.
    assert_eq!(global_kind(&p, "x"), None);
    assert_eq!(count(&f.code, |i| matches!(i, Instr::CheckInitialized { .. })), 0);
    assert_eq!(count(&f.code, |i| matches!(i, Instr::StoreGlobal { .. } | Instr::LoadGlobal { .. })), 0);
}

#[test]
fn let_reads_before_the_declaration_are_checked_and_reads_after_are_not() {
    let p = compiled("function f() { let a = 1; a; { b; let b = 2; b; } return a; }");
    let f = function(&p, "f");
    // Exactly one check: the read of `b` before its declaration.
    assert_eq!(count(&f.code, |i| matches!(i, Instr::CheckInitialized { .. })), 1);
    // Both lexical bindings start as the hole.
    assert_eq!(count(&f.code, |i| matches!(i, Instr::LoadHole { .. })), 2);
}

#[test]
fn let_in_own_initializer_and_in_switch_cases_is_checked() {
    let p = compiled("function f(k) { let a = a + 1; switch (k) { case 0: let s = 1; break; case 1: s; } }");
    let f = function(&p, "f");
    assert_eq!(count(&f.code, |i| matches!(i, Instr::CheckInitialized { .. })), 2);
}

#[test]
fn shadowing_bindings_get_distinct_registers() {
    let p = compiled("function f() { let a = 1; { let a = 2; a; } return a; }");
    let f = function(&p, "f");
    let holes: Vec<_> = f.code.iter().filter_map(|i| match i { Instr::LoadHole { dst } => Some(*dst), _ => None }).collect();
    assert_eq!(holes.len(), 2);
    assert_ne!(holes[0], holes[1]);
}

#[test]
fn const_assignment_compiles_to_a_type_error() {
    let p = compiled("function f() { const c = 1; c = 2; }");
    assert_eq!(count(&function(&p, "f").code, |i| matches!(i, Instr::ThrowConstAssign { .. })), 1);
}

#[test]
fn strict_mode_marks_global_stores() {
    let p = compiled("'use strict'; x = 1;");
    assert!(p.functions[0].code.iter().any(|i| matches!(i, Instr::StoreGlobal { strict: true, .. })));
    let p = compiled("x = 1;");
    assert!(p.functions[0].code.iter().any(|i| matches!(i, Instr::StoreGlobal { strict: false, .. })));
}

#[test]
fn redeclaring_a_let_is_a_syntax_error() {
    let e = compile("t.js", "function f() { let a; let a; }").unwrap_err();
    assert!(e.message.contains("already been declared"), "{e:?}");
    assert!(compile("t.js", "function f() { var a; var a; }").is_ok());
}

#[test]
fn syntax_errors_carry_their_offset() {
    let src = "var a = 1;\nvar b = ;\n";
    let e = compile("t.js", src).unwrap_err();
    let p = compiled("");
    let _ = p;
    let line = src[..e.offset as usize].matches('\n').count() + 1;
    assert_eq!(line, 2, "{e:?}");
}

#[test]
fn unsupported_constructs_are_listed_in_source_order_and_trap() {
    let src = "var f = /a/;\nclass C { get x() { return 1; } }\ntry { } catch (e) { }\nvar s = 1n;\ndelete o.p;\nfor (var k in o) {}\n";
    let p = compiled(src);
    let features: Vec<&str> = p.unsupported.iter().map(|u| u.feature.as_str()).collect();
    assert_eq!(features, ["regular expression", "class getter or setter", "try/catch", "BigInt", "delete", "for-in"]);
    let lines: Vec<u32> = p.unsupported.iter().map(|u| p.line_col(u.offset).0).collect();
    assert_eq!(lines, [1, 2, 3, 4, 5, 6]);
    assert_eq!(p.line_col(p.unsupported[0].offset), (1, 9));
    assert_eq!(count(&p.functions[0].code, |i| matches!(i, Instr::Trap { .. })), 6);
}

#[test]
fn a_captured_local_lives_in_a_context_slot() {
    let p = compiled("function outer() { var x = 1; var y = 2; function inner() { return x; } return inner() + y; }");
    assert!(p.unsupported.is_empty(), "{:?}", p.unsupported);
    let outer = function(&p, "outer");
    let inner = function(&p, "inner");
    // Only `x` is captured: one context of one slot; `y` stays in a register.
    assert_eq!(count(&outer.code, |i| matches!(i, Instr::CreateContext { slots: 1, .. })), 1);
    assert_eq!(count(&outer.code, |i| matches!(i, Instr::CreateClosure { .. })), 1);
    assert_eq!(count(&inner.code, |i| matches!(i, Instr::LoadContext { depth: 0, index: 0, .. })), 1);
    // The inner function takes its closure's context as a hidden parameter; the outer one
    // needs none.
    assert_eq!(inner.context, Some(bytecode::Reg(inner.param_count)));
    assert_eq!(outer.context, None);
}

#[test]
fn a_program_without_closures_compiles_as_before() {
    let p = compiled("function f(a) { var b = a + 1; return b; } f(1);");
    for func in &p.functions {
        assert!(func.receiver.is_none() && func.context.is_none());
        assert_eq!(count(&func.code, |i| matches!(i, Instr::CreateContext { .. } | Instr::CreateClosure { .. })), 0);
    }
}

#[test]
fn loop_closures_get_a_fresh_context_per_iteration() {
    let p = compiled("function f() { const fs = []; for (let i = 0; i < 3; i++) { fs.push(() => i); } return fs; }");
    let f = function(&p, "f");
    // One context at the loop's start, one copy after the initialization and one per update.
    assert_eq!(count(&f.code, |i| matches!(i, Instr::CreateContext { .. })), 3);
}

#[test]
fn this_is_a_hidden_parameter_and_arrows_capture_it() {
    let p = compiled("function F() { this.a = 1; const g = () => this.a; return g(); }");
    let f = function(&p, "F");
    assert_eq!(f.receiver, Some(bytecode::Reg(f.param_count)));
    let arrow = p.functions.iter().find(|g| g.kind == bytecode::FunctionKind::Arrow).expect("arrow");
    assert_eq!(arrow.receiver, None);
    assert!(arrow.context.is_some());
}

#[test]
fn every_speculating_instruction_owns_a_distinct_slot() {
    let p = compiled("function f(o, a, i) { return o.x + a[i] + f(o, a, i) + (i < 3 ? 1 : 2); }");
    let f = function(&p, "f");
    let slots: Vec<u32> = f.code.iter().filter_map(|i| i.slot()).map(|s| s.0).collect();
    let mut unique = slots.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(slots.len(), unique.len());
    assert_eq!(slots.len(), f.slots.len());
}

#[test]
fn line_and_column_count_utf16_units() {
    let p = compiled("var s = '😀'; var t = 1;\nx");
    let off = p.source.find("var t").unwrap() as u32;
    // The emoji is 4 bytes but 2 UTF-16 units: column 15.
    assert_eq!(p.line_col(off), (1, 15));
    assert_eq!(p.line_col(p.source.find('x').unwrap() as u32), (2, 1));
}

/// `Global::assigned` says whether any store in the program writes a global: never for a
/// `const`, a class or function nobody reassigns, or a builtin; always for a `var` with an
/// initializer (its store runs after the hoisted `undefined`) and for a reassigned `let`,
/// function or class, wherever the store is.
#[test]
fn globals_know_whether_the_program_assigns_them() {
    let p = frontend::compile(
        "t.js",
        "const a = 1; let b = 2; let c = 3; c = 4; var d = 5; var e; function f() {} function g() {} \
         class K {} class L {} function h() { g = 1; L = 2; } console.log(a, b, c, d, e, f, g, h, K, L);",
    )
    .expect("compiles");
    let assigned = |name: &str| p.globals.iter().find(|g| g.name == name).unwrap_or_else(|| panic!("global {name}")).assigned;
    for name in ["a", "b", "e", "f", "K", "h", "console"] {
        assert!(!assigned(name), "{name} is never assigned");
    }
    for name in ["c", "d", "g", "L"] {
        assert!(assigned(name), "{name} is assigned");
    }
}

#[test]
fn a_captured_binding_never_assigned_after_its_declaration_is_read_as_immutable() {
    // `k` (a parameter), `c` (a const), `f` (a function declaration) and `d` (a let never
    // assigned) are immutable; `n` (written by the closure), `v` (a var with an initializer,
    // an assignment) and `m` (assigned by the outer function after the closure was made) are
    // not.
    let p = compiled(
        "function outer(k) { const c = 1; let d = 2; var v = 3; let n = 0; let m = 4; function f() { return 5; }
           function inner() { n++; return k + c + d + v + n + m + f(); }
           m = 6; return inner; }",
    );
    assert!(p.unsupported.is_empty(), "{:?}", p.unsupported);
    let inner = function(&p, "inner");
    let immutable = count(&inner.code, |i| matches!(i, Instr::LoadContext { immutable: true, .. }));
    let mutable = count(&inner.code, |i| matches!(i, Instr::LoadContext { immutable: false, .. }));
    assert_eq!(immutable, 4, "k, c, d, f");
    // `n` twice (the `++` reads it, and its TDZ check before the store), `v`, `m`, and `n`
    // once more where the sum reads it.
    assert!(mutable >= 3, "n, v, m: {mutable}");
}
