//! Function-context specialization (issue 17): a function the program made one closure of is
//! compiled for that closure's context, as TurboFan does for a one-closure feedback cell. The
//! entry checks the context (an exit for any other), and a `LoadContext` of a slot the
//! frontend marked immutable (never assigned after its declaration) folds to the value the
//! slot holds, on both pipelines. A second closure of the function turns it off.

mod common;

use common::seabed;

/// `scale` captures `k`, `offset` and `label` (never reassigned) and `hits` (reassigned).
const ONE_CLOSURE: &str = "\
function makeScaler(k, label) {
  const offset = k * 3;
  let hits = 0;
  return function scale(x) {
    hits++;
    return x * k + offset + label.length + hits;
  };
}
const s = makeScaler(7, 'abc');
let total = 0;
for (let i = 0; i < 2000; i++) total = (total + s(i)) % 1000003;
console.log(total);
";

/// Appended to [`ONE_CLOSURE`]: a second closure of `scale` made before the program ends.
const SECOND_CLOSURE: &str = "\
const t = makeScaler(2, 'z');
console.log(t(1) + s(1));
";

/// The element loads in `scale`'s graph on `tier` after an interpreted run of `file`.
fn element_loads(file: &str, tier: &str) -> (usize, String) {
    let (ir, _) = seabed(&["ir", "--tier", tier, "--function", "scale", file]);
    (ir.matches("Load[element]").count(), ir)
}

#[test]
fn immutable_slots_of_a_one_closure_function_fold_on_both_pipelines() {
    let dir = std::env::temp_dir().join(format!("seabed-context-specialization-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let one = common::write_program(&dir, "one.js", ONE_CLOSURE);
    let two = common::write_program(&dir, "two.js", &format!("{ONE_CLOSURE}{SECOND_CLOSURE}"));
    for tier in ["son", "cfg"] {
        let (specialized, ir) = element_loads(&one, tier);
        let (generic, generic_ir) = element_loads(&two, tier);
        assert!(ir.contains("DeoptimizeUnless[WrongCallTarget]"), "{tier}: the entry checks the context\n{ir}");
        assert!(!generic_ir.contains("DeoptimizeUnless[WrongCallTarget]"), "{tier}: no entry check for two closures\n{generic_ir}");
        // `k`, `offset` and `label` are constants; `hits` is still loaded.
        assert_eq!(generic - specialized, 3, "{tier}: three immutable slots fold\n{ir}\n---\n{generic_ir}");
        assert!(specialized >= 1, "{tier}: the reassigned slot is loaded\n{ir}");
    }
    // `build(context=off)` turns it off on either pipeline (an A/B switch).
    for (tier, default) in [("son", son::DEFAULT_SPEC), ("cfg", cfg::DEFAULT_SPEC)] {
        let spec = default.replacen(':', ":build(context=off);", 1);
        let (ir, _) = seabed(&["ir", "--tier", tier, "--function", "scale", "--spec", &spec, &one]);
        let (generic, _) = element_loads(&two, tier);
        assert!(!ir.contains("DeoptimizeUnless[WrongCallTarget]"), "{tier} {spec}\n{ir}");
        assert_eq!(ir.matches("Load[element]").count(), generic, "{tier} {spec}: every slot is loaded\n{ir}");
    }
    for file in [&one, &two] {
        let (expected, _) = seabed(&["run", file, "--tier", "interp"]);
        for tier in ["son", "cfg"] {
            let (out, _) = seabed(&["run", file, "--tier", tier, "--always-opt"]);
            assert_eq!(out, expected, "{tier} --always-opt on {file}");
        }
    }
}
