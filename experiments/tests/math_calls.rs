//! Calls that always reached one `Math` builtin become direct float64 calls in both
//! pipelines (`midend::speculation::math_call`): a target check, `CheckedTaggedToFloat64` of
//! each argument and `CallRuntime[Math.i]` instead of a generic call. The corpus program
//! `feat_math_calls.js` checks the results against node in every configuration.

use std::path::Path;
use std::process::Command;

#[test]
fn monomorphic_math_calls_are_direct_in_both_pipelines() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus").join("feat_math_calls.js");
    let floor = ir::feedback::MATH_FUNCTIONS.iter().position(|m| m.0 == "floor").expect("Math.floor");
    for tier in ["son", "cfg"] {
        let out = Command::new(env!("CARGO_BIN_EXE_seabed"))
            .args(["ir", file.to_str().unwrap(), "--tier", tier, "--function", "floorOf"])
            .output()
            .expect("runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{tier}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(text.contains(&format!("CallRuntime[Math.{floor},1]")), "{tier}: a direct Math.floor call\n{text}");
        assert!(text.contains("DeoptimizeUnless[WrongCallTarget]"), "{tier}: the target is checked\n{text}");
        assert!(!text.contains("CallRuntime[Call,"), "{tier}: no generic call left\n{text}");
    }
}
