//! End-to-end tests of the `tsumi` binary.

use std::path::PathBuf;
use std::process::Command;

fn tsumi() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tsumi"))
}

fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tsumi-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn perft_json_is_one_object() {
    let out = tsumi().args(["perft", "3", "--json"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert!(
        lines[0].starts_with("{\"nodes\": 25470, \"seconds\": "),
        "{text}"
    );
    assert!(lines[0].contains("\"nps\": ") && lines[0].ends_with('}'));
}

#[test]
fn perft_divide_sums_to_total() {
    let sfen = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
    let out = tsumi()
        .args(["perft", "2", "--divide", "--sfen", sfen])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut sum = 0u64;
    let mut moves = 0;
    for line in text.lines() {
        if let Some((m, n)) = line.split_once(": ") {
            assert!(tsumi_core::Move::from_usi(m).is_some(), "{line}");
            sum += n.parse::<u64>().unwrap();
            moves += 1;
        }
    }
    assert_eq!(moves, 207);
    assert_eq!(sum, 28684);
    assert!(text.contains("nodes 28684"));
}

#[test]
fn perft_rejects_bad_input_with_a_message() {
    let out = tsumi()
        .args([
            "perft",
            "2",
            "--sfen",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("9 ranks"), "{err}");
    let out = tsumi().args(["perft", "x"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("not a depth"));
    let out = tsumi().args(["perft", "2", "--bogus"]).output().unwrap();
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("unknown option '--bogus'"));
    let out = tsumi().args(["frobnicate"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn magics_reproduces_the_committed_constants() {
    let path = temp_path("magic_constants.rs");
    let out = tsumi()
        .args(["magics", "--out", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("rook: total") && stdout.contains("bishop: total"));
    let written = std::fs::read_to_string(&path).unwrap();
    let committed = include_str!("../../tsumi-core/src/magic_constants.rs");
    assert_eq!(
        written, committed,
        "tsumi magics with the default seed must rewrite the committed file exactly"
    );
}

#[test]
fn bench_quick_writes_all_tables() {
    let path = temp_path("benchmarks.md");
    let out = tsumi()
        .args(["bench", "--quick", "--out", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc = std::fs::read_to_string(&path).unwrap();
    for heading in [
        "### 1. Magic search trials",
        "### 2. Slider methods",
        "### 3. Hand superiority",
        "### 4. Check generation",
    ] {
        assert!(doc.contains(heading), "missing {heading}");
    }
    assert!(doc.contains("| startpos depth 3 | 25470 |"));
    assert!(doc.contains("| 6 |"));
}
