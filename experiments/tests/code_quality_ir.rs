//! What the LLVM code of hot loops and calls looks like (issue 15): representation selection
//! keeps loop variables unboxed (`midend::representation`), `| 0` truncates inline, and a
//! monomorphic call enters the callee's machine code directly (`backend::llvm::lower::calls`).
//! Each assertion reads the `--dump-llvm` text of one function, on both pipelines.

use std::path::Path;
use std::process::Command;

/// The LLVM IR of the last compiled module defining `@js_{name}_f…` (the optimized module of
/// the final compile), from a run of `file` on `tier`.
fn llvm_function(file: &str, tier: &str, name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus").join(file);
    let out = Command::new(env!("CARGO_BIN_EXE_seabed"))
        .args(["run", path.to_str().unwrap(), "--tier", tier, "--backend", "llvm", "--compile-thread", "off", "--dump-llvm"])
        .output()
        .expect("seabed runs");
    assert!(out.status.success(), "{file} on {tier}: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stderr);
    let header = format!("define i64 @js_{name}_f");
    let start = text.rfind(&header).unwrap_or_else(|| panic!("{file} on {tier}: no LLVM function {name}"));
    let end = text[start..].find("\n}\n").map_or(text.len(), |e| start + e + 3);
    text[start..end].to_string()
}

#[test]
fn a_float_loop_keeps_doubles_in_its_phis_and_calls_no_runtime() {
    for tier in ["son", "cfg"] {
        let f = llvm_function("bench_mandelbrot.js", tier, "iterations");
        assert!(f.contains("phi double"), "{tier}: the loop's float64 variables are double phis\n{f}");
        // LIR values keep their names (`%vN`); LLVM's own merge of the return values is i64.
        let tagged_phis: Vec<&str> = f.lines().filter(|l| l.trim_start().starts_with("%v") && l.contains("= phi i64")).collect();
        assert!(tagged_phis.is_empty(), "{tier}: no tagged value crosses a block: {tagged_phis:?}\n{f}");
        assert!(!f.contains("@seabed_rt_"), "{tier}: no runtime call\n{f}");
    }
}

#[test]
fn a_boolean_merged_by_and_is_a_bit_phi_without_to_boolean() {
    for tier in ["son", "cfg"] {
        let f = llvm_function("feat_code_quality.js", tier, "escapeTime");
        assert!(f.contains("phi double"), "{tier}\n{f}");
        assert!(!f.contains("@seabed_rt_call"), "{tier}: `&&`'s boolean needs no ToBoolean call\n{f}");
    }
}

#[test]
fn or_zero_truncates_inline_with_a_cold_runtime_path() {
    for tier in ["son", "cfg"] {
        let f = llvm_function("feat_code_quality.js", tier, "hashMix");
        assert!(f.contains("fptosi double"), "{tier}: the in-range fast path\n{f}");
        assert!(f.contains("to_int32_slow"), "{tier}: the runtime only for out-of-range values\n{f}");
    }
}

#[test]
fn a_monomorphic_recursive_call_enters_machine_code_directly() {
    for tier in ["son", "cfg"] {
        let f = llvm_function("bench_fib.js", tier, "fib");
        assert!(f.contains("direct_call:"), "{tier}: the call goes through the callee's entry slot\n{f}");
        assert!(f.contains("!prof"), "{tier}\n{f}");
    }
}
