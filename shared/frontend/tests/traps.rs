//! Constructs node runs and seabed does not are listed (`seabed check`) and trap: reads of
//! globals seabed lacks and `new` of a declared function.

use frontend::bytecode::{Constant, Function, Instr, Program};
use frontend::{compile, UNIMPLEMENTED_GLOBALS};

fn compiled(src: &str) -> Program {
    compile("t.js", src).expect("compiles")
}

fn function<'p>(p: &'p Program, name: &str) -> &'p Function {
    p.functions.iter().find(|f| f.name == name).expect("function exists")
}

fn features(p: &Program) -> Vec<(String, usize)> {
    p.unsupported.iter().map(|u| (u.feature.clone(), u.offset as usize)).collect()
}

/// The texts of the traps in `f`, in code order.
fn traps(f: &Function) -> Vec<String> {
    f.code
        .iter()
        .filter_map(|i| match i {
            Instr::Trap { feature } => match &f.constants[feature.0 as usize] {
                Constant::Text(t) => Some(t.clone()),
                other => panic!("trap text is {other:?}"),
            },
            _ => None,
        })
        .collect()
}

fn loads_global(p: &Program, f: &Function, name: &str) -> bool {
    f.code.iter().any(|i| matches!(i, Instr::LoadGlobal { global, .. } if p.globals[global.0 as usize].name == name))
}

#[test]
fn reading_a_global_seabed_lacks_traps_at_the_reference() {
    let src = "var n = encodeURI(\"42\");\nconsole.log(Reflect.ownKeys(n));";
    let p = compiled(src);
    assert_eq!(
        features(&p),
        [
            ("builtin 'encodeURI'".to_string(), src.find("encodeURI").unwrap()),
            ("builtin 'Reflect'".to_string(), src.find("Reflect").unwrap()),
        ]
    );
    assert_eq!(traps(&p.functions[0]), ["builtin 'encodeURI'", "builtin 'Reflect'"]);
    assert!(!loads_global(&p, &p.functions[0], "encodeURI"));
    assert!(loads_global(&p, &p.functions[0], "console"));
}

#[test]
fn every_listed_name_traps() {
    for name in UNIMPLEMENTED_GLOBALS {
        let p = compiled(&format!("function f() {{ return {name}; }}"));
        // Inside a function `arguments` is that function's own object, not a global (as a
        // value it traps for what the array would show unlike node's object).
        if *name == "arguments" {
            assert_eq!(traps(function(&p, "f"))[0], "the arguments object as a value (only arguments.length, arguments[i] and f.apply(x, arguments))");
            continue;
        }
        assert_eq!(traps(function(&p, "f")), [format!("builtin '{name}'")], "{name}");
    }
}

#[test]
fn unknown_names_still_throw_reference_error() {
    let p = compiled("function f() { return notAGlobal; }");
    assert!(p.unsupported.is_empty());
    assert!(loads_global(&p, function(&p, "f"), "notAGlobal"));
}

#[test]
fn declared_or_assigned_names_are_ordinary() {
    for src in [
        "var parseInt = 1; function f() { return parseInt; }",
        "let Map = 1; function f() { return Map; }",
        "function Set() {} function f() { return Set; }",
        "function g() { Date = 3; } function f() { return Date; }",
        "function f() { return escape; } escape += 1;",
        "function f() { return process; } process++;",
    ] {
        let p = compiled(src);
        assert!(p.unsupported.is_empty(), "{src}: {:?}", p.unsupported);
    }
    // A local of another function does not declare the global.
    let p = compiled("function g() { var Symbol = 1; Symbol = 2; return Symbol; } function f() { return Symbol; }");
    assert_eq!(traps(function(&p, "f")), ["builtin 'Symbol'"]);
    assert!(traps(function(&p, "g")).is_empty());
    // A local of the same name shadows the global.
    let p = compiled("function f(Object) { return Object; }");
    assert!(p.unsupported.is_empty());
}

#[test]
fn arguments_is_the_functions_own_object() {
    // Every function binds `arguments` in node; assigning it never makes a global: the write
    // traps, the read is the hidden parameter the vm fills.
    let p = compiled("function f(a) { arguments = 1; return arguments.length; }");
    assert_eq!(traps(function(&p, "f")), ["assignment to the arguments object"]);
    assert!(function(&p, "f").arguments.is_some());
    // A sloppy function's parameters alias its arguments object (mapped): writes trap.
    let p = compiled("function f(a) { a = 2; arguments[0] = 3; return arguments.length; }");
    assert_eq!(
        traps(function(&p, "f")),
        [
            "assignment to a parameter of a sloppy function that uses arguments (mapped arguments object)",
            "assignment to an element of a mapped arguments object"
        ]
    );
    let p = compiled("function f(a) { 'use strict'; a = 2; arguments[0] = 3; return g.apply(null, arguments); }");
    assert!(traps(function(&p, "f")).is_empty());
    // Other uses could tell seabed's array from node's Arguments object.
    let p = compiled("function f() { return Array.isArray(arguments); }");
    assert_eq!(traps(function(&p, "f")), ["the arguments object as a value (only arguments.length, arguments[i] and f.apply(x, arguments))"]);
    // An arrow's `arguments` is its enclosing function's: not modelled.
    let p = compiled("function f() { return () => arguments; }");
    assert_eq!(features(&p).iter().map(|f| f.0.as_str()).collect::<Vec<_>>(), ["the arguments object in an arrow function"]);
    // At top level (outside every function) it is the module wrapper's: a builtin name.
    let p = compiled("var x = arguments;");
    assert_eq!(features(&p).iter().map(|f| f.0.as_str()).collect::<Vec<_>>(), ["builtin 'arguments'"]);
}

#[test]
fn new_of_a_declared_function_constructs() {
    let src = "function F(x) {}\nvar o = new F(1 + 2);\nvar a = new Array(3);";
    let p = compiled(src);
    assert!(p.unsupported.is_empty(), "{:?}", p.unsupported);
    let code = &p.functions[0].code;
    assert_eq!(code.iter().filter(|i| matches!(i, Instr::Construct { .. })).count(), 2);
}

#[test]
fn machine_dependent_globals_are_builtins_only_where_read() {
    use frontend::bytecode::GlobalKind;
    use frontend::{BUILTIN_GLOBALS, MACHINE_DEPENDENT_GLOBALS};
    for name in MACHINE_DEPENDENT_GLOBALS {
        assert!(!UNIMPLEMENTED_GLOBALS.contains(name) && !BUILTIN_GLOBALS.contains(name), "{name}");
        // Read without a declaration: a builtin global, loaded, no trap; declared after the
        // script's own globals, so programs that never read it keep their numbering.
        let p = compiled(&format!("var x = 1; function f() {{ return {name}.now(); }}"));
        assert!(p.unsupported.is_empty(), "{:?}", p.unsupported);
        assert!(loads_global(&p, function(&p, "f"), name));
        let g = p.globals.iter().position(|g| g.name == *name).expect("declared");
        assert_eq!(p.globals[g].kind, GlobalKind::Builtin);
        assert!(g > p.globals.iter().position(|g| g.name == "x").unwrap());
        let p = compiled("var x = 1;");
        assert!(p.globals.iter().all(|g| g.name != *name), "declared only when read");
        // Declared or assigned by the program: an ordinary global.
        for src in [format!("var {name} = 1; function f() {{ return {name}; }}"), format!("function f() {{ {name} = 2; return {name}; }}")] {
            let p = compiled(&src);
            let g = p.globals.iter().find(|g| g.name == *name).expect("declared");
            assert_ne!(g.kind, GlobalKind::Builtin, "{src}");
        }
    }
}
