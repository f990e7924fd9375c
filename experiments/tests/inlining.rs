//! Exits inside inlined callees: `corpus/feat_inline_exits.js` changes types, shapes and call
//! targets under callees inlined at depth 1 and 2. On both pipelines and both backends, with
//! every third (or seventh) check forced to exit and without, the program must print node's
//! output, and exits must really have rebuilt the frames of inlined callees (three frames at
//! depth 2; with every third check exiting, the exit always comes before the innermost
//! callee's checks, so two frames).

use std::path::Path;
use std::process::{Command, Stdio};

fn stat(json: &str, key: &str) -> u64 {
    let at = json.find(&format!("\"{key}\": ")).unwrap_or_else(|| panic!("{key} in the stats"));
    json[at + key.len() + 4..].chars().take_while(|c| c.is_ascii_digit()).collect::<String>().parse().expect("a number")
}

#[test]
fn exits_inside_inlined_callees_resume_every_frame() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let file = corpus.join("feat_inline_exits.js");
    let expected = std::fs::read_to_string(corpus.join("feat_inline_exits.expected")).unwrap();
    let dir = std::env::temp_dir().join(format!("seabed-inline-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for tier in ["son", "cfg"] {
        for backend in ["lir", "llvm"] {
            for (stress, frames) in [(None, 3), (Some("3"), 2), (Some("7"), 3)] {
                let stats = dir.join(format!("{tier}-{backend}-{stress:?}.json"));
                let mut args = vec!["run", file.to_str().unwrap(), "--tier", tier, "--backend", backend, "--always-opt", "--verify"];
                if let Some(n) = stress {
                    args.extend(["--deopt-every", n]);
                }
                args.extend(["--stats", stats.to_str().unwrap()]);
                let out = Command::new(env!("CARGO_BIN_EXE_seabed")).args(&args).stdin(Stdio::null()).output().expect("runs");
                let label = args.join(" ");
                assert!(out.status.success(), "{label}: {}", String::from_utf8_lossy(&out.stderr));
                assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{label}");
                let json = std::fs::read_to_string(&stats).unwrap();
                assert!(stat(&json, "inlined_frame_exits") > 0, "{label}: no exit inside an inlined callee");
                assert!(stat(&json, "max_exit_frames") >= frames, "{label}: no exit rebuilding {frames} frames");
                assert!(json.contains("\"inlined_calls\": "), "{label}: build rows count inlining");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
