//! Every declaration form in every position that can hold a statement compiles without a
//! panic: to bytecode, to bytecode with a trap listed in `Program::unsupported` (a construct
//! seabed does not implement), or to a `SyntaxError` where node rejects the program too.
//! (test262's `language/statements/switch/scope-lex-class.js`, a class in a `default:`
//! clause, used to crash `init_binding`.)

use frontend::bytecode::Instr;
use frontend::compile;

/// Declarations of `a`, without the terminating `;` (so they also fit `for` heads).
const FORMS: &[&str] = &[
    "var a",
    "var a = 1",
    "var a = 1, b = a",
    "var [a] = [1]",
    "var { a } = { a: 1 }",
    "let a",
    "let a = 1",
    "let a = 1, b = a",
    "let [a] = [1]",
    "let { a } = { a: 1 }",
    "const a = 1",
    "const a = () => a",
    "const [a] = [1]",
    "const { a } = { a: 1 }",
    "function a() { return a; }",
    "function* a() {}",
    "async function a() {}",
    "async function* a() {}",
    "class a {}",
    "class a { m() { return a; } static s = a; }",
    "class a extends Array {}",
    "class a { static { let z = 1; } }",
    "let a = class {}",
    "const a = function a() { return a; }",
];

/// Positions, `D` standing for the declaration; each is tried as is, followed by a read of
/// `a`, at top level, in a function body (sloppy and strict) and in an arrow.
const POSITIONS: &[&str] = &[
    "D;",
    "{ D; }",
    "{ { D; } }",
    "switch (0) { case 0: D; }",
    "switch (0) { default: D; }",
    "switch (0) { case 1: D; case 0: a; }",
    "switch (1) { case 1: a; break; default: D; }",
    "switch (0) { case 0: { D; } }",
    "for (D; false; ) {}",
    "for (D in { p: 1 }) {}",
    "for (D of [1]) {}",
    "for (;;) { D; break; }",
    "for (var i = 0; i < 1; i++) { D; }",
    "for (let i = 0; i < 1; i++) { D; }",
    "for (const x of [1]) { D; }",
    "for (var x in { p: 1 }) { D; }",
    "for (;;) D;",
    "while (false) { D; }",
    "while (false) D;",
    "do { D; } while (false);",
    "l: D;",
    "l: { D; }",
    "l: m: D;",
    "l: for (;;) { D; break l; }",
    "if (1) D;",
    "if (1) {} else D;",
    "if (1) { D; } else { D; }",
    "function f() { D; } f();",
    "function f() { 'use strict'; D; } f();",
    "function f() { D; return () => a; } f();",
    "(() => { D; })();",
    "(function () { { D; } })();",
    "class C { static { D; } }",
    "class C { m() { D; } }",
    "class C { constructor() { D; } }",
    "try { D; } catch (e) {}",
    "try {} catch (e) { D; }",
    "try {} catch ({ e }) { D; }",
    "try {} finally { D; }",
    "with ({}) { D; }",
    "with ({}) D;",
    "if (1) function f() { D; }",
    "l: function f() { D; }",
];

/// Compiles `src`, turning a panic into an error naming the program.
fn compile_without_panic(src: &str) -> Result<(), String> {
    let result = std::panic::catch_unwind(|| compile("t.js", src));
    match result {
        Err(_) => Err(format!("panic compiling:\n{src}")),
        Ok(Err(_syntax_error)) => Ok(()),
        Ok(Ok(p)) => {
            // Every trap in the code is listed for `seabed check`.
            let traps = p.functions.iter().flat_map(|f| &f.code).filter(|i| matches!(i, Instr::Trap { .. })).count();
            if traps > 0 && p.unsupported.is_empty() {
                return Err(format!("a trap that `seabed check` does not list:\n{src}"));
            }
            Ok(())
        }
    }
}

#[test]
fn every_declaration_in_every_position_compiles_without_a_panic() {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut failures = Vec::new();
    let mut count = 0;
    for form in FORMS {
        for position in POSITIONS {
            let statement = position.replace('D', form);
            for tail in ["", "\na;"] {
                for wrap in ["S", "function w() { S }\nw();", "function w() { 'use strict'; S }\nw();", "(() => { S })();"] {
                    let src = wrap.replace('S', &format!("{statement}{tail}"));
                    count += 1;
                    if let Err(e) = compile_without_panic(&src) {
                        failures.push(e);
                    }
                }
            }
        }
    }
    std::panic::set_hook(hook);
    assert!(failures.is_empty(), "{} of {count} programs failed:\n{}", failures.len(), failures.join("\n---\n"));
}

#[test]
fn a_class_in_a_switch_clause_is_a_lexical_binding_of_the_switch() {
    // test262 language/statements/switch/scope-lex-class.js
    let p = compile("t.js", "switch (0) { default: class x {} }").expect("compiles");
    assert!(p.unsupported.is_empty(), "{:?}", p.unsupported);
    let p = compile("t.js", "function f() { switch (0) { case 0: class x {} return x; } }").expect("compiles");
    assert!(p.unsupported.is_empty(), "{:?}", p.unsupported);
}

#[test]
fn a_nested_function_sees_a_sibling_declared_after_it() {
    // `b` is a local of `f` in both `a` and `f`, not a global (which would throw a
    // ReferenceError when `a` runs).
    let src = "function f() { function a() { return b(); } function b() { return 1; } return a(); } f();";
    let p = compile("t.js", src).expect("compiles");
    assert!(p.globals.iter().all(|g| g.name != "b"), "b resolved to a global");
    assert!(p.unsupported.is_empty(), "{:?}", p.unsupported);
}
