//! String literals as exact UTF-16 code units, and the constant pool.

use frontend::bytecode::{Constant, Instr, Program};
use frontend::compile;

fn compiled(src: &str) -> Program {
    compile("t.js", src).expect("compiles")
}

/// The string constants of the script's pool, in order.
fn strings(p: &Program) -> Vec<Vec<u16>> {
    p.functions[0]
        .constants
        .iter()
        .filter_map(|k| match k {
            Constant::String(s) => Some(s.clone()),
            _ => None,
        })
        .collect()
}

fn units(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

#[test]
fn lone_surrogates_are_single_code_units() {
    let p = compiled(r#"var s = "\ud83d"; var t = "a\udc00b";"#);
    assert_eq!(strings(&p), vec![vec![0xD83D], vec![0x61, 0xDC00, 0x62]]);
}

/// The code units of the literal `lit` (JavaScript source text).
fn literal(lit: &str) -> Vec<u16> {
    let p = compiled(&format!("var s = {lit};"));
    let s = strings(&p);
    assert_eq!(s.len(), 1, "{lit}");
    s.into_iter().next().unwrap()
}

#[test]
fn surrogate_pairs_and_replacement_characters_are_exact() {
    assert_eq!(literal(r#""\ud83d\ude00""#), [0xD83D, 0xDE00]); // escaped pair
    assert_eq!(literal("\"\u{1F600}\""), [0xD83D, 0xDE00]); // the same pair, written directly
    assert_eq!(literal("\"\u{FFFD}\""), [0xFFFD]); // U+FFFD written directly
    assert_eq!(literal(r#""\uFFFD""#), [0xFFFD]); // and as an escape
    assert_eq!(literal("\"\u{FFFD}\\ud83d\""), [0xFFFD, 0xD83D]); // U+FFFD before a lone surrogate
    assert_eq!(literal("\"\\ud83d\u{FFFD}\""), [0xD83D, 0xFFFD]); // and after one
    assert_eq!(literal(r#""\uFFFD\udc00""#), [0xFFFD, 0xDC00]);
    assert_eq!(literal(r#""\ud83dfffd""#), [0xD83D, 0x66, 0x66, 0x66, 0x64]); // hex-like text
    assert_eq!(literal(r#""\u{d800}x""#), [0xD800, 0x78]); // braced escape
    assert_eq!(literal(r#""\ud83d" "#), [0xD83D]);
    assert_eq!(literal(r#"'\udc00\ud83d'"#), [0xDC00, 0xD83D]); // reversed pair: two lone units
}

#[test]
fn equal_strings_share_one_constant() {
    let p = compiled(r#"var a = "\ud83d"; var b = "\ud83d"; var c = "\u{d83d}"; var d = "x"; var e = "x";"#);
    assert_eq!(strings(&p), vec![vec![0xD83D], units("x")]);
}

#[test]
fn object_keys_with_lone_surrogates_trap() {
    // Property names are Rust strings, which cannot hold a lone surrogate.
    let p = compiled(r#"var o = { "\ud83d": 1, "\u{FFFD}": 2, "ok": 3 };"#);
    let features: Vec<&str> = p.unsupported.iter().map(|u| u.feature.as_str()).collect();
    assert_eq!(features, ["property key with a lone surrogate"]);
    assert!(p.names.iter().any(|n| n == "\u{FFFD}"));
    assert!(p.names.iter().any(|n| n == "ok"));
}

#[test]
fn many_distinct_constants_are_pooled_once_each() {
    const N: usize = 50_000;
    let mut src = String::from("var a = [];\n");
    // Each literal twice.
    for _ in 0..2 {
        for i in 0..N {
            src.push_str(&format!("a[{i}] = {i}.5; a[{i}] = \"s{i}\";\n"));
        }
    }
    src.push_str("a[0] = -0; a[1] = -0; a[2] = 0.5;\n");
    let p = compiled(&src);
    let pool = &p.functions[0].constants;
    let numbers = pool.iter().filter(|k| matches!(k, Constant::Number(_))).count();
    let strings = pool.iter().filter(|k| matches!(k, Constant::String(_))).count();
    // `-0` is its own constant (0 is an int32 load); 0.5 is already there.
    assert_eq!(numbers, N + 1);
    assert_eq!(strings, N);
    assert_eq!(pool.len(), 2 * N + 1);
    // Every load names an entry with the right value.
    for instr in &p.functions[0].code {
        if let Instr::LoadConst { k, .. } = instr {
            assert!((k.0 as usize) < pool.len());
        }
    }
    assert!(pool.iter().any(|k| matches!(k, Constant::Number(x) if x.to_bits() == (-0.0f64).to_bits())));
}
