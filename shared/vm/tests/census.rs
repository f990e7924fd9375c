//! The census test (issue 34): every own property of node's built-in objects
//! (`frontend::census`, generated from node) read by a program, in the interpreter, with a
//! named and a computed read. Each read must give node's `typeof` where seabed implements the
//! entry (`vm::census::implemented`) and trap with `UnsupportedFeature` naming it where seabed
//! does not: no third outcome (no `undefined` where node has a value, no trap where seabed
//! claims the entry). Compiled tiers reach the same lookups through the runtime
//! (`experiments/tests/census.rs` checks them, and `seabed check`).

#[allow(dead_code)]
mod common;

use std::rc::Rc;

use common::Output;
use frontend::census::{self, Entry};
use vm::{Throw, Vm};

/// The expression a census test reads `holder`'s properties through: an instance for a
/// prototype (as `census/census.js` reads them in node), the object itself otherwise.
fn receiver(holder: &str) -> String {
    match holder {
        "Object.prototype" => "({})".into(),
        "Function.prototype" => "(function () {})".into(),
        "Array.prototype" => "[]".into(),
        "String.prototype" => "\"\"".into(),
        "Number.prototype" => "(0)".into(),
        "Boolean.prototype" => "true".into(),
        "error" => "new Error(\"x\")".into(),
        h => match h.strip_suffix(".prototype") {
            Some(error) => format!("new {error}(\"x\")"),
            None => h.to_string(),
        },
    }
}

/// What one program printed, or why it stopped.
enum Outcome {
    Printed(String),
    Trapped(String),
    Other(String),
}

fn run(source: &str) -> Outcome {
    let program = match frontend::compile("census.js", source) {
        Ok(p) => Rc::new(p),
        Err(e) => return Outcome::Other(format!("SyntaxError: {}", e.message)),
    };
    let out = Output::default();
    let mut vm = Vm::new(program, Box::new(out.clone()));
    let result = vm.run_script();
    vm.flush();
    match result {
        Ok(_) => Outcome::Printed(String::from_utf8_lossy(&out.0.borrow()).trim_end().to_string()),
        Err(e) => match &e.throw {
            Throw::Unsupported(what) => Outcome::Trapped(what.clone()),
            _ => Outcome::Other(vm.describe_exception(&e)),
        },
    }
}

/// The programs that read `entry`: a named and a computed read (a global: its name).
fn programs(entry: &Entry) -> Vec<String> {
    if entry.holder == census::GLOBAL {
        return vec![format!("console.log(typeof {});", entry.name)];
    }
    let r = receiver(entry.holder);
    vec![format!("console.log(typeof {r}.{});", entry.name), format!("console.log(typeof {r}[\"{}\"]);", entry.name)]
}

/// The trap a read of `entry` may give: the entry itself, or (for a holder reached through a
/// global seabed lacks, such as `Object` or `JSON`) the trap of that global.
fn acceptable_trap(entry: &Entry, what: &str) -> bool {
    let root = entry.holder.split('.').next().unwrap_or(entry.holder);
    let root = if entry.holder == census::GLOBAL { entry.name } else { root };
    what == format!("{}.{}", entry.holder, entry.name) || what == format!("builtin '{root}'")
}

#[test]
fn every_census_entry_reads_as_node_or_traps() {
    let entries = census::entries();
    assert!(entries.len() > 300, "the census has only {} entries", entries.len());
    let mut wrong = Vec::new();
    let (mut served, mut trapped) = (0, 0);
    for entry in entries {
        let implemented = vm::census::implemented(entry.holder, entry.name);
        for source in programs(entry) {
            match (run(&source), implemented) {
                (Outcome::Printed(t), true) if t == entry.type_of => served += 1,
                (Outcome::Trapped(what), false) if acceptable_trap(entry, &what) => trapped += 1,
                (Outcome::Printed(t), _) => wrong.push(format!("{source}  printed {t:?}, node: {:?} (implemented: {implemented})", entry.type_of)),
                (Outcome::Trapped(what), _) => wrong.push(format!("{source}  trapped '{what}' (implemented: {implemented})")),
                (Outcome::Other(e), _) => wrong.push(format!("{source}  stopped: {e}")),
            }
        }
    }
    assert!(wrong.is_empty(), "{} of the census reads are wrong:\n{}", wrong.len(), wrong.join("\n"));
    assert!(served > 100 && trapped > 100, "served {served}, trapped {trapped}");
}

/// The implemented surface: the values node gives, not only their types.
#[test]
fn implemented_statics_have_node_values() {
    let source = r#"
console.log(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, Number.EPSILON, Number.MAX_VALUE, Number.MIN_VALUE);
console.log(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, Number.MAX_SAFE_INTEGER + 1);
console.log(Number.isNaN(NaN), Number.isNaN("x"), isNaN("x"), Number.isFinite("1"), isFinite("1"));
console.log(Number.isInteger(5), Number.isInteger(5.5), Number.isSafeInteger(2 ** 53), Number.isSafeInteger(2 ** 53 - 1));
console.log(Number.parseInt === parseInt, Number.parseFloat === parseFloat, parseInt("0x1f"), parseInt("12", 3), parseFloat(".5e1x"));
console.log(String.fromCharCode(104, 105, 65536 + 33), Array.isArray([]), Array.isArray({}), Array.of(7).length, Array.from("ab").join("-"));
function f(a, b, c) { return [this.v, a, b, c].join(","); }
var g = f.bind({ v: 1 }, 2);
console.log(g(3, 4), g.name, g.length, g.bind(null, 3).length, typeof g);
"#;
    let expected = "9007199254740991 -9007199254740991 2.220446049250313e-16 1.7976931348623157e+308 5e-324\n\
                    Infinity -Infinity NaN 9007199254740992\n\
                    true false true false true\n\
                    true false false true\n\
                    true true 31 5 5\n\
                    hi! true false 1 a-b\n\
                    1,2,3,4 bound f 2 1 function";
    match run(source) {
        Outcome::Printed(t) => assert_eq!(t, expected),
        Outcome::Trapped(w) => panic!("trapped: {w}"),
        Outcome::Other(e) => panic!("stopped: {e}"),
    }
}
