//! The stack map parser against LLVM's own reader: `data/stackmap_golden.bin` is the
//! `.llvm_stackmaps` section of `llc-14 -O2` on `data/stackmap_golden.ll`, and
//! `data/stackmap_golden.txt` is `llvm-readobj-14 --stackmap` of that object (how to
//! regenerate both is in the `.ll` file). The comparison is also done on a freshly compiled
//! object, with `llc-14`, `llvm-readobj-14` and `llvm-objcopy-14` (package `llvm-14`, which
//! `make setup-llvm` installs): without them that test fails.

use std::path::Path;
use std::process::Command;

use backend::llvm::stackmap::{LocationKind, StackMap, StackMapError};

fn data(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

/// The part of `llvm-readobj --stackmap` output after the file header.
fn readobj_body(text: &str) -> String {
    let start = text.find("LLVM StackMap Version").expect("a stack map dump");
    text[start..].to_string()
}

#[test]
fn parser_matches_llvm_readobj_golden() {
    let bytes = std::fs::read(data("stackmap_golden.bin")).unwrap();
    let golden = std::fs::read_to_string(data("stackmap_golden.txt")).unwrap();
    let map = StackMap::parse(&bytes).unwrap();
    assert_eq!(map.to_string(), readobj_body(&golden));
    // Spot checks of the decoded structure.
    assert_eq!(map.functions.len(), 2);
    assert_eq!(map.records.len(), 3);
    let pp = &map.records[0];
    assert_eq!((pp.id, pp.function), (77, 0));
    let kinds: Vec<LocationKind> = pp.locations.iter().map(|l| l.kind).collect();
    assert!(kinds.contains(&LocationKind::Register));
    assert!(kinds.contains(&LocationKind::Indirect));
    assert!(kinds.contains(&LocationKind::Direct));
    assert!(kinds.contains(&LocationKind::Constant));
    assert!(kinds.contains(&LocationKind::ConstantIndex));
    let ci = pp.locations.iter().find(|l| l.kind == LocationKind::ConstantIndex).unwrap();
    assert_eq!(map.constants[ci.offset as usize], 81985529216486895);
    assert_eq!(map.records[1].function, 1);
    assert_eq!(map.records[2].function, 1);
    let last = map.records[1].locations.last().unwrap();
    assert_eq!((last.kind, last.offset), (LocationKind::Constant, -3));
}

#[test]
fn parser_matches_llvm_readobj_live() {
    let tools = ["llc-14", "llvm-readobj-14", "llvm-objcopy-14"];
    let missing: Vec<&str> = tools.iter().copied().filter(|t| Command::new(t).arg("--version").output().is_err()).collect();
    assert!(missing.is_empty(), "LLVM 14 command-line tools not installed: {missing:?} (package llvm-14, which make setup-llvm installs with llvm-14-dev)");
    let dir = std::env::temp_dir().join(format!("seabed-stackmap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let obj = dir.join("g.o");
    let bin = dir.join("g.bin");
    // Not -O0: 16 register-class stack map operands exceed what the fast register allocator
    // handles (llvm/llvm-project#56880; it aborts).
    for level in ["-O1", "-O2", "-O3"] {
        let ok = Command::new("llc-14").args([level, "-filetype=obj"]).arg(data("stackmap_golden.ll")).arg("-o").arg(&obj).status().unwrap();
        assert!(ok.success());
        let ok = Command::new("llvm-objcopy-14")
            .arg(format!("--dump-section=.llvm_stackmaps={}", bin.display()))
            .arg(&obj)
            .status()
            .unwrap();
        assert!(ok.success());
        let dump = Command::new("llvm-readobj-14").arg("--stackmap").arg(&obj).output().unwrap();
        let map = StackMap::parse(&std::fs::read(&bin).unwrap()).unwrap();
        assert_eq!(map.to_string(), readobj_body(&String::from_utf8_lossy(&dump.stdout)), "llc {level}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn parser_rejects_bad_input() {
    assert!(matches!(StackMap::parse(&[]), Err(StackMapError::Truncated { at: 0 })));
    assert!(matches!(StackMap::parse(&[2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), Err(StackMapError::Version(2))));
    let bytes = std::fs::read(data("stackmap_golden.bin")).unwrap();
    assert!(matches!(StackMap::parse(&bytes[..bytes.len() - 9]), Err(StackMapError::Truncated { .. })));
}
