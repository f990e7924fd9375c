//! The lowered ops against the LIR evaluator (the reference semantics) on edge-case inputs:
//! one small function per op, compiled with every pipeline, compared bit for bit.

use std::rc::Rc;

use backend::eval::evaluate;
use backend::llvm::{self, LlvmOptions, LlvmPipeline};
use vm::tiering::CompiledCode;
use vm::{Value, Vm};

fn empty_vm() -> Vm {
    let program = frontend::compile("t.js", "").expect("empty program");
    Vm::new(Rc::new(program), Box::new(std::io::sink()))
}

/// (op text, input representation, output representation)
const BINARY: &[(&str, &str, &str)] = &[
    ("Int32Add", "Int32", "Int32"),
    ("Int32Sub", "Int32", "Int32"),
    ("Int32Mul", "Int32", "Int32"),
    ("Int32Div", "Int32", "Int32"),
    ("Int32Mod", "Int32", "Int32"),
    ("Word32And", "Int32", "Int32"),
    ("Word32Or", "Int32", "Int32"),
    ("Word32Xor", "Int32", "Int32"),
    ("Word32Shl", "Int32", "Int32"),
    ("Word32Sar", "Int32", "Int32"),
    ("Word32Shr", "Int32", "Int32"),
    ("Word32Equal", "Int32", "Bit"),
    ("Int32LessThan", "Int32", "Bit"),
    ("Int32LessThanOrEqual", "Int32", "Bit"),
    ("Uint32LessThan", "Int32", "Bit"),
    ("Float64Add", "Float64", "Float64"),
    ("Float64Sub", "Float64", "Float64"),
    ("Float64Mul", "Float64", "Float64"),
    ("Float64Div", "Float64", "Float64"),
    ("Float64Mod", "Float64", "Float64"),
    ("Float64Pow", "Float64", "Float64"),
    ("Float64Max", "Float64", "Float64"),
    ("Float64Min", "Float64", "Float64"),
    ("Float64Equal", "Float64", "Bit"),
    ("Float64LessThan", "Float64", "Bit"),
    ("Float64LessThanOrEqual", "Float64", "Bit"),
];

const UNARY: &[(&str, &str, &str)] = &[
    ("Float64Neg", "Float64", "Float64"),
    ("ChangeInt32ToFloat64", "Int32", "Float64"),
    ("ChangeUint32ToFloat64", "Int32", "Float64"),
    ("TruncateFloat64ToWord32", "Float64", "Int32"),
];

/// Lines that turn tagged v0 (a number) into `rep` as value v`dst`.
fn input(src: u32, dst: u32, rep: &str) -> String {
    match rep {
        "Int32" => format!("  v{}:Float64 = UntagNumber v{src}\n  v{dst}:Int32 = TruncateFloat64ToWord32 v{}\n", dst + 10, dst + 10),
        _ => format!("  v{dst}:Float64 = UntagNumber v{src}\n"),
    }
}

fn tag(src: u32, rep: &str) -> String {
    let op = match rep {
        "Int32" => "TagInt32",
        "Float64" => "TagFloat64",
        _ => "TagBit",
    };
    format!("  v40:Tagged = {op} v{src}\n  return v40\n")
}

fn functions() -> Vec<(String, String)> {
    let head = "function op #0\nblock b0():\n  v0:Tagged = Parameter[1]\n  v1:Tagged = Parameter[2]\n";
    let mut out = Vec::new();
    for (op, inp, outp) in BINARY {
        let text = format!("{head}{}{}  v30:{outp} = {op} v2, v3\n{}", input(0, 2, inp), input(1, 3, inp), tag(30, outp));
        out.push((op.to_string(), text));
    }
    for (op, inp, outp) in UNARY {
        let text = format!("{head}{}  v30:{outp} = {op} v2\n{}", input(0, 2, inp), tag(30, outp));
        out.push((op.to_string(), text));
    }
    for op in ["Int32AddWithOverflow", "Int32SubWithOverflow", "Int32MulWithOverflow"] {
        for (k, rep) in [(0, "Int32"), (1, "Bit")] {
            let text = format!(
                "{head}{}{}  v30:Int32 = {op} v2, v3\n  v31:{rep} = Projection[{k}] v30\n{}",
                input(0, 2, "Int32"),
                input(1, 3, "Int32"),
                tag(31, rep)
            );
            out.push((format!("{op}.{k}"), text));
        }
    }
    for (k, rep) in [(0, "Int32"), (1, "Bit")] {
        let text = format!(
            "{head}{}  v30:Int32 = TryFloat64ToInt32 v2\n  v31:{rep} = Projection[{k}] v30\n{}",
            input(0, 2, "Float64"),
            tag(31, rep)
        );
        out.push((format!("TryFloat64ToInt32.{k}"), text));
    }
    // Tagged tests and selects on the raw tagged inputs.
    for op in ["IsInt32", "IsNumber", "IsObject", "IsArray", "IsClosureOf[3]"] {
        out.push((op.into(), format!("{head}  v30:Bit = {op} v0\n{}", tag(30, "Bit"))));
    }
    // Not a function: `undefined` (the load is safe before the check that guards it).
    out.push(("ClosureContext".into(), format!("{head}  v30:Tagged = ClosureContext v0\n  return v30\n")));
    out.push(("TaggedEqual".into(), format!("{head}  v30:Bit = TaggedEqual v0, v1\n{}", tag(30, "Bit"))));
    out.push((
        "Select".into(),
        format!("{head}  v30:Bit = IsInt32 v0\n  v31:Tagged = Select[Tagged] v30, v0, v1\n  return v31\n"),
    ));
    out.push(("UntagInt32".into(), format!("{head}  v30:Int32 = UntagInt32 v0\n{}", tag(30, "Int32"))));
    out
}

fn inputs() -> Vec<Value> {
    let mut v: Vec<Value> = [0, 1, -1, 7, -7, 31, 32, 33, 100, i32::MAX, i32::MIN, i32::MIN + 1].into_iter().map(Value::int).collect();
    for x in [0.5, -0.0, 0.0, -2.5, 1e10, -1e10, 4294967296.5, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 3e-320, 2147483648.0] {
        v.push(Value::number(x));
    }
    v.extend([Value::UNDEFINED, Value::NULL, Value::bool(true)]);
    v
}

#[test]
fn lowered_ops_match_the_evaluator() {
    let inputs = inputs();
    let mut vm = empty_vm();
    let mut checked = 0;
    for (name, text) in functions() {
        let lir = ir::lir_text::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        if let Err(errors) = ir::lir_verify::verify(&lir) {
            panic!("{name}: {:?}\n{text}", errors.iter().map(|e| e.to_string()).collect::<Vec<_>>());
        }
        let numeric_only = !name.starts_with("Is") && name != "TaggedEqual" && name != "Select";
        for pipeline in [LlvmPipeline::None, LlvmPipeline::Ftl, LlvmPipeline::O2] {
            let code = llvm::compile(&lir, &LlvmOptions { pipeline, verify: true, ..LlvmOptions::default() })
                .unwrap_or_else(|e| panic!("{name} {pipeline:?}: {e}"));
            for &a in &inputs {
                for &b in &inputs {
                    let numbers = a.as_number().is_some() && b.as_number().is_some();
                    if numeric_only && !numbers {
                        continue;
                    }
                    if name == "UntagInt32" && a.as_int().is_none() {
                        continue;
                    }
                    let args = [Value::UNDEFINED, a, b];
                    let want = evaluate(&lir, &mut vm, &args).unwrap();
                    let got = code.invoke(&mut vm, &args).unwrap();
                    assert_eq!(got.bits(), want.bits(), "{name} {pipeline:?} ({a:?}, {b:?}): LLVM {got:?}, evaluator {want:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked} comparisons");
}
