//! `LlvmOptions::keep_asm`: the assembly text of a compiled function (for `--dump-asm`).

use std::rc::Rc;

use backend::llvm::{self, LlvmOptions, LlvmPipeline};
use vm::tiering::CompiledCode;
use vm::{Value, Vm};

const ADD: &str = "function add_checked #0
  exit e0 Overflow: frame f0 @3 [r0=v0:Tagged, r1=v1:Tagged]
block b0():
  v0:Tagged = Parameter[1]
  v1:Tagged = Parameter[2]
  v2:Int32 = UntagInt32 v0
  v3:Int32 = UntagInt32 v1
  v4:Int32 = Int32AddWithOverflow v2, v3
  v5:Bit = Projection[1] v4
  DeoptimizeIf[Overflow] v5 !e0
  v6:Int32 = Projection[0] v4
  v7:Tagged = TagInt32 v6
  return v7
";

#[test]
fn keep_asm_produces_the_functions_assembly() {
    let lir = ir::lir_text::parse(ADD).unwrap_or_else(|e| panic!("{e}\n{ADD}"));
    if let Err(errors) = ir::lir_verify::verify(&lir) {
        panic!("{:?}", errors.iter().map(|e| e.to_string()).collect::<Vec<_>>());
    }
    let program = frontend::compile("t.js", "").expect("empty program");
    let mut vm = Vm::new(Rc::new(program), Box::new(std::io::sink()));
    for pipeline in [LlvmPipeline::None, LlvmPipeline::Ftl, LlvmPipeline::O2] {
        let plain = llvm::compile(&lir, &LlvmOptions { pipeline, verify: true, ..LlvmOptions::default() }).unwrap();
        assert!(plain.asm.is_none());
        let opts = LlvmOptions { pipeline, verify: true, keep_asm: true, ..LlvmOptions::default() };
        let code = llvm::compile(&lir, &opts).unwrap_or_else(|e| panic!("{pipeline:?}: {e}"));
        let asm = code.asm.as_deref().expect("keep_asm yields the assembly");
        let symbol = asm
            .lines()
            .find_map(|l| l.strip_suffix(':').filter(|s| !s.starts_with('.') && !s.starts_with('#')))
            .unwrap_or_else(|| panic!("{pipeline:?}: no function label\n{asm}"));
        assert!(symbol.contains("add_checked"), "{pipeline:?}: label {symbol}\n{asm}");
        assert!(asm.contains(".globl") || asm.contains(".type"), "{pipeline:?}\n{asm}");
        let has = |insn: &str| asm.lines().any(|l| l.split_whitespace().next() == Some(insn));
        assert!(has("jo") || has("jno") || has("seto"), "{pipeline:?}: no overflow check\n{asm}");
        assert!(has("ret") || has("retq"), "{pipeline:?}: no ret\n{asm}");
        assert!(has("callq") || has("call"), "{pipeline:?}: no patchpoint call\n{asm}");
        // The separate codegen leaves the compiled code intact.
        let r = code.invoke(&mut vm, &[Value::UNDEFINED, Value::int(2), Value::int(40)]).unwrap();
        assert_eq!(r, Value::int(42), "{pipeline:?}");
    }
}
