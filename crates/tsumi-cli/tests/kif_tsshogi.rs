//! The KIF records tsumi writes, read by another program: tsshogi
//! (ShogiHome's record library, MIT, from npm, run by Node: `tools/
//! tsshogi-check`, installed by `npm ci` there, as `.ci/run` does) reads
//! each one to the same start, the same moves, the same branches at any
//! depth, the same comments and the same 詰み as tsumi's own reader; then
//! cshogi replays every line tsshogi read legally to its end, a line that
//! ends in 詰み ending in mate (`scripts/kif_replay_cshogi.py`).
//!
//! The records: `tsumi solve --report --kif` on the short development
//! problems (cooks, 非限定, 変同, no-mates with refutations), on the first
//! 将棋無双 problems and on a cooked position, in both encodings, and a
//! record built with tsumi-notation with branches off branches and
//! comments on the start, on main-line moves and inside branches. Without
//! Node and the installed tsshogi, or python3 with cshogi, the test is
//! skipped with a message, unless TSUMI_REQUIRE_ALL_TESTS=1.

mod common;

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;
use tsumi_core::{Move, Position};
use tsumi_notation::kif::{self, KifRecord, KifWriteOptions};
use tsumi_notation::record_tree::{comment_at, LineRef};
use tsumi_notation::text_encoding::decode_text;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn required() -> bool {
    std::env::var("TSUMI_REQUIRE_ALL_TESTS").is_ok_and(|v| v == "1")
}

/// tsshogi's special move name for a result word.
fn special(word: &str) -> &str {
    match word {
        "詰み" => "mate",
        "中断" => "interrupt",
        "投了" => "resign",
        "不詰" => "no-mate",
        other => other,
    }
}

/// The moves at index `k` of a line, as tsshogi's tree gives them: the
/// line's own move (or its end word), then its branches at that move.
fn children(line: &LineRef, k: usize) -> Vec<Value> {
    let n = line.first + k;
    let mut out = Vec::new();
    if k < line.moves.len() {
        out.push(json!({
            "usi": line.moves[k].to_usi(),
            "comment": comment_at(line.comments, n),
            "children": children(line, k + 1),
        }));
    } else if let Some(word) = line.result {
        out.push(json!({"special": special(word), "comment": "", "children": []}));
    }
    for b in line.branches_at(n) {
        out.push(children(&b, 0).remove(0));
    }
    out
}

/// tsumi's reading of `path` in the form of tsshogi's (see read.mjs).
fn tsumi_reading(path: &Path) -> Value {
    let bytes = std::fs::read(path).unwrap();
    let kifu = path.extension().is_some_and(|e| e == "kifu");
    let (text, _) = decode_text(&bytes, kifu).unwrap();
    let r = kif::parse_kif(&text, None).unwrap();
    let main = LineRef::main(&r.moves, &r.comments, r.result.as_deref(), &r.variations);
    json!({
        "sfen": r.start.to_sfen(),
        "comment": comment_at(&r.comments, 0),
        "children": children(&main, 0),
    })
}

/// Every line of a tsshogi tree from the start: (USI moves, ends in 詰み).
fn lines_of(children: &[Value], prefix: &mut Vec<String>, out: &mut Vec<Value>) {
    let real: Vec<&Value> = children.iter().filter(|c| c["usi"].is_string()).collect();
    let mate = children.iter().any(|c| c["special"] == "mate");
    if real.is_empty() {
        out.push(json!({"moves": prefix.clone(), "mate": mate}));
    }
    for c in real {
        prefix.push(c["usi"].as_str().unwrap().to_string());
        lines_of(c["children"].as_array().unwrap(), prefix, out);
        prefix.pop();
    }
}

/// The SFEN without its move number.
fn position_part(sfen: &str) -> String {
    sfen.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A record with a branch off a branch and comments everywhere.
fn tree_record() -> KifRecord {
    let start = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b 2G2r2b2g4s4n4l17p 1").unwrap();
    let line = |pos: &Position, usi: &[&str]| -> Vec<Move> {
        let mut p = pos.clone();
        usi.iter()
            .map(|u| {
                let m = p.parse_usi_move(u).unwrap();
                p.do_move(m);
                m
            })
            .collect()
    };
    let main = line(&start, &["G*4b", "5a6a", "G*7a"]);
    let mut record = KifRecord::solution(start.clone(), main.clone(), Some("分岐の試験"), false);
    let mut after1 = start.clone();
    after1.do_move(main[0]);
    assert!(record.add_line(2, &line(&after1, &["5a6b", "G*6a", "6b7b"])));
    assert!(record.add_line(2, &line(&after1, &["5a6b", "G*7b", "6b6c"])));
    assert!(record.add_line(1, &line(&start, &["G*5b"])));
    assert!(record.comment(1, &[], "開始局面"));
    assert!(record.comment(1, &main[..1], "初手"));
    assert!(record.comment(2, &line(&after1, &["5a6b", "G*7b"]), "分岐の分岐\n二行目"));
    let l = line(&start, &["G*5b"]);
    assert!(record.comment(1, &l, "一手詰"));
    if let Some(b) =
        tsumi_notation::record_tree::branch_holding(&record.moves, &mut record.variations, 1, &l)
    {
        b.result = Some("詰み".to_string());
    }
    record
}

#[test]
fn tsshogi_reads_every_record_as_tsumi_does_and_cshogi_replays_every_line() {
    let tool = root().join("tools/tsshogi-check");
    let node_ok = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !node_ok || !tool.join("node_modules/tsshogi").is_dir() {
        let why = "node or tools/tsshogi-check/node_modules (npm ci there) is not available";
        assert!(!required(), "{why}");
        eprintln!("skipped: {why}");
        return;
    }
    if !common::python_has(
        "import cshogi",
        "python3 with cshogi is not available (pip install cshogi)",
    ) {
        return;
    }
    let dir = common::temp_path("tsshogi");
    std::fs::create_dir_all(&dir).unwrap();
    let mut files: Vec<PathBuf> = Vec::new();
    // tsumi solve --kif on short problems of every kind, both encodings.
    let dev = root().join("crates/tsumi-cli/tests/data/tsume-dev-short.tsv");
    let musou_head: String = std::fs::read_to_string(root().join("problems/musou.tsv"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(6)
        .map(|l| format!("{l}\n"))
        .collect();
    let musou = dir.join("musou-head.tsv");
    std::fs::write(&musou, musou_head).unwrap();
    let cooked = dir.join("cooked.sfen");
    std::fs::write(
        &cooked,
        "1+P1gkg2l/2s3s+P1/3ppp2p/P1p2npp1/l2N1+b3/3KP1P2/N2P1PS1P/2+p1G2R1/L1+r3sNL w Pbgp 58\tcooked\n",
    )
    .unwrap();
    for (input, out, extra) in [
        (&dev, "dev.kifu", &["--interpositions", "count"][..]),
        (&musou, "musou.kif", &[][..]),
        (&cooked, "cooked.kifu", &[][..]),
    ] {
        let target = dir.join(out);
        let mut args = vec![
            "solve".to_string(),
            input.display().to_string(),
            "--report".to_string(),
            "--time-limit".to_string(),
            "3".to_string(),
            "--kif".to_string(),
            target.display().to_string(),
        ];
        args.extend(extra.iter().map(|s| s.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (ok, stdout, stderr) = common::run(&args);
        assert!(ok, "{stdout}\n{stderr}");
        for l in stdout.lines() {
            if let Some(p) = l.trim().strip_prefix("KIF: ") {
                files.push(PathBuf::from(p));
            }
        }
    }
    for ext in ["kif", "kifu"] {
        let p = dir.join(format!("tree.{ext}"));
        kif::write_kif_file(&p, &tree_record(), &KifWriteOptions::SOLUTION).unwrap();
        files.push(p);
    }
    assert!(files.len() > 40, "{files:?}");

    let out = Command::new("node")
        .arg(tool.join("read.mjs"))
        .args(&files)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let readings: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(readings.len(), files.len());
    let (mut branched, mut commented, mut nested) = (0, 0, 0);
    let mut replay = Vec::new();
    for (path, theirs) in files.iter().zip(&readings) {
        assert!(
            theirs["error"].is_null(),
            "{}: {}",
            path.display(),
            theirs["error"]
        );
        let ours = tsumi_reading(path);
        assert_eq!(
            position_part(theirs["sfen"].as_str().unwrap()),
            position_part(ours["sfen"].as_str().unwrap()),
            "{}",
            path.display()
        );
        assert_eq!(theirs["comment"], ours["comment"], "{}", path.display());
        assert_eq!(
            theirs["children"],
            ours["children"],
            "{}: tsshogi and tsumi read different trees",
            path.display()
        );
        let text = std::fs::read(path).unwrap();
        let text = decode_text(&text, false).unwrap().0;
        branched += usize::from(text.contains("変化"));
        commented += usize::from(text.contains("\n*"));
        let r = kif::parse_kif(&text, None).unwrap();
        nested += usize::from(r.variations.iter().any(|b| !b.branches.is_empty()));
        let mut lines = Vec::new();
        lines_of(
            theirs["children"].as_array().unwrap(),
            &mut Vec::new(),
            &mut lines,
        );
        replay.push(
            json!({"file": path.display().to_string(), "sfen": theirs["sfen"], "lines": lines}),
        );
    }
    println!(
        "{} records read alike by tsshogi and tsumi: {branched} with branches, {commented} with comments, {nested} with a branch off a branch",
        files.len()
    );
    assert!(branched >= 10 && commented >= 10 && nested >= 1);

    let mut child = Command::new("python3")
        .arg(root().join("scripts/kif_replay_cshogi.py"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(serde_json::to_string(&replay).unwrap().as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "cshogi replay failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
