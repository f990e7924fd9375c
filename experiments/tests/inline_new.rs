//! `new` is inlined on both pipelines (issue 17): a construct site whose feedback saw one
//! constructor and one initial map allocates the object inline with the constructor's initial
//! shape (`AllocateObject[shape]`, shape ≠ the empty object's) and walks the constructor in place,
//! `super(...)` of a derived class included; an exit inside the inlined constructor resumes it in
//! the interpreter and `new` still gives the object. Each test reads `--dump-lir` and `--stats`,
//! and compares the output with the interpreter's.

mod common;

use common::seabed;

/// A base class, a derived class calling `super(...)` and a plain constructor function, all
/// constructed in one hot loop; the objects escape into an array (no scalar replacement).
/// `unit` turns into a double near the end: an exit inside the inlined `Rect` constructor.
const PROGRAM: &str = "\
let unit = 1;
class Shape { constructor(name) { this.name = name; this.area = 0; } }
class Rect extends Shape {
  constructor(w, h) { super('rect'); this.w = w; this.h = h; this.area = w * h * unit; }
}
function Pair(a) { this.a = a; this.b = a + 1; }
function build(n) {
  const keep = [];
  let s = 0;
  for (let i = 0; i < n; i++) {
    if (i === n - 5) unit = 0.5;
    const r = new Rect(i % 10, 3);
    const p = new Pair(i);
    s += r.area + p.b;
    if (i % 100 === 0) keep.push(r);
  }
  return s + ':' + keep.length + ':' + keep[keep.length - 1].name;
}
console.log(build(3000));
console.log(build(3000));
";

/// The LIR of function `name` in a `--dump-lir` listing.
fn lir_of<'a>(dump: &'a str, name: &str) -> &'a str {
    let start = dump.find(&format!("function {name} #")).unwrap_or_else(|| panic!("{name} was compiled\n{dump}"));
    let rest = &dump[start + 1..];
    let end = rest.find("\nfunction ").map(|e| e + 1).unwrap_or(rest.len());
    &dump[start..start + 1 + end]
}

#[test]
fn new_is_inlined_with_the_initial_shape_on_both_pipelines() {
    let dir = std::env::temp_dir().join(format!("seabed-inline-new-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = common::write_program(&dir, "inline_new.js", PROGRAM);
    let (expected, _) = seabed(&["run", &file, "--tier", "interp"]);
    for tier in ["son", "cfg"] {
        let stats = dir.join(format!("{tier}.json"));
        let args = ["run", &file, "--tier", tier, "--backend", "lir", "--hot-calls", "2", "--dump-lir", "--stats", stats.to_str().unwrap()];
        let (out, dump) = seabed(&args);
        assert_eq!(out, expected, "{tier}: the interpreter's output");
        let build = lir_of(&dump, "build");
        // Rect's objects escape into `keep`: an inline allocation with Rect's initial shape (not
        // `{}`'s shape 0). Pair's do not escape: escape analysis removes them.
        let allocations: Vec<&str> = build.lines().filter(|l| l.contains("AllocateObject[")).collect();
        assert!(allocations.len() == 1 && !allocations[0].contains("AllocateObject[0]"), "{tier}: {allocations:?}\n{build}");
        assert!(!build.contains("Construct"), "{tier}: no runtime construct or super call is left\n{build}");
        let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
        let inlined: u64 = json["phases"].as_array().unwrap().iter().filter_map(|p| p["extra"]["inlined_calls"].as_u64()).sum();
        assert!(inlined >= 3, "{tier}: Rect, Shape (its super call) and Pair are inlined: {inlined}");
        // The exit inside the inlined constructor rebuilt two or three frames.
        assert!(json["tiering"]["inlined_frame_exits"].as_u64().unwrap() > 0, "{tier}: {}", json["tiering"]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_replaced_prototype_or_a_constructor_returning_an_object_is_respected() {
    let dir = std::env::temp_dir().join(format!("seabed-inline-new-proto-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("proto.js");
    let program = "\
function V(x) { this.x = x; }
V.prototype.get = function () { return this.x; };
class Other { constructor(a) { this.a = a; return { b: a }; } }
function make(n) { let s = 0; for (let i = 0; i < n; i++) { s += new V(i).get() + new Other(i).b; } return s; }
console.log(make(2000));
V.prototype = { get() { return -1; } };
console.log(make(2000));
";
    std::fs::write(&file, program).unwrap();
    let file = file.to_str().unwrap();
    let (expected, _) = seabed(&["run", file, "--tier", "interp"]);
    assert_eq!(expected, "3998000\n1997000\n");
    for tier in ["son", "cfg"] {
        for backend in ["lir", "llvm", "cranelift"] {
            let (out, _) = seabed(&["run", file, "--tier", tier, "--backend", backend, "--hot-calls", "2"]);
            assert_eq!(out, expected, "{tier}/{backend}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
