//! Generated scaling programs run identically in the interpreter and as baseline code
//! (node's agreement is checked by `make test-all`, which needs node).

use std::process::{Command, Stdio};

fn run(file: &str, args: &[&str]) -> (i32, Vec<u8>) {
    let out = Command::new(env!("CARGO_BIN_EXE_seabed"))
        .arg("run")
        .arg(file)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), out.stdout)
}

#[test]
fn generated_programs_agree_across_tiers() {
    let dir = std::env::temp_dir().join(format!("seabed-gen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (n, seed) in [(10, 1), (200, 2), (3000, 3)] {
        let (src, _) = claims::generate::program(n, seed);
        let path = dir.join(format!("gen_{n}_{seed}.js"));
        std::fs::write(&path, src).unwrap();
        let file = path.to_str().unwrap();
        let (status, interp) = run(file, &["--tier", "interp"]);
        assert_eq!(status, 0);
        assert!(!interp.is_empty());
        for config in [
            &["--tier", "baseline", "--always-opt", "--verify"][..],
            &["--tier", "baseline", "--always-opt", "--deopt-every", "3", "--verify"][..],
        ] {
            let (status, out) = run(file, config);
            assert_eq!((status, &out), (0, &interp), "n={n} seed={seed} {config:?}");
        }
    }
}
