//! End-to-end tests of the `tsumi` binary.

mod common;

use common::{run, temp_path, tsumi};

#[test]
fn perft_json_is_one_object() {
    let (ok, text, _) = run(&["perft", "3", "--json"]);
    assert!(ok);
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
    let (ok, text, _) = run(&["perft", "2", "--divide", "--sfen", sfen]);
    assert!(ok);
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
    let (ok, _, err) = run(&[
        "perft",
        "2",
        "--sfen",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
    ]);
    assert!(!ok);
    assert!(err.contains("9 ranks"), "{err}");
    let (ok, _, err) = run(&["perft", "x"]);
    assert!(!ok);
    assert!(err.contains("not a depth"), "{err}");
    let (_, _, err) = run(&["perft", "2", "--bogus"]);
    assert!(err.contains("unexpected argument '--bogus'"), "{err}");
    let out = tsumi().args(["frobnicate"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn magics_reproduces_the_committed_constants() {
    let path = temp_path("magic_constants.rs");
    let (ok, stdout, err) = run(&["magics", "--out", path.to_str().unwrap()]);
    assert!(ok, "{err}");
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
    let (ok, _, err) = run(&["bench", "--quick", "--out", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    let doc = std::fs::read_to_string(&path).unwrap();
    for heading in [
        "### 1. Magic search trials",
        "### 2. Slider methods",
        "### 3. Hand superiority",
        "### 4. Check generation",
        "### 5. Mate search: PN* and df-pn",
        "### 6. Solver throughput",
    ] {
        assert!(doc.contains(heading), "missing {heading}");
    }
    assert!(doc.contains("| startpos depth 3 | 25470 |"));
    assert!(doc.contains("| pnstar | 8 |") && doc.contains("| dfpn | 8 |"));
    assert!(doc.contains("| 6 |"));
    assert!(
        doc.contains("| 寿 | skip-useless | 16 MB | 50000 |"),
        "{doc}"
    );
    assert!(
        doc.contains("| ミクロコスモス | count | 4 MB | 50000 |"),
        "{doc}"
    );
}

fn solve_json(args: &[&str]) -> (bool, Vec<String>, String) {
    let all: Vec<&str> = ["solve"]
        .into_iter()
        .chain(args.iter().copied())
        .chain(["--json"])
        .collect();
    let (ok, stdout, stderr) = run(&all);
    (ok, stdout.lines().map(str::to_string).collect(), stderr)
}

/// The value of `"key": ` in a one-line JSON object written by solve.
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let start = line.find(&format!("\"{key}\": ")).unwrap() + key.len() + 4;
    let rest = &line[start..];
    let end = if rest.starts_with('[') {
        rest.find(']').unwrap() + 1
    } else if let Some(inner) = rest.strip_prefix('"') {
        inner.find('"').unwrap() + 2
    } else {
        rest.find([',', '}']).unwrap()
    };
    &rest[..end]
}

/// The `"pv"` array of a one-line JSON object written by solve.
fn pv_field(line: &str) -> Vec<String> {
    field(line, "pv")
        .trim_matches(['[', ']'])
        .split(", ")
        .map(|m| m.trim_matches('"').to_string())
        .collect()
}

#[test]
fn solve_reports_a_checked_shortest_mate_in_json() {
    // YaneuraOu's mate-in-3 collection, White to move.
    let sfen = "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42";
    let (ok, lines, err) = solve_json(&["--sfen", sfen]);
    assert!(ok, "{err}");
    assert_eq!(lines.len(), 1);
    let l = &lines[0];
    assert_eq!(field(l, "result"), "\"mate\"");
    assert_eq!(field(l, "length"), "3");
    let pv = pv_field(l);
    assert_eq!(pv.len(), 3);
    let pos = tsumi_core::Position::from_sfen(sfen).unwrap();
    let mut p = pos.clone();
    let moves: Vec<tsumi_core::Move> = pv
        .iter()
        .map(|m| {
            let mv = p.parse_usi_move(m).unwrap();
            p.do_move(mv);
            mv
        })
        .collect();
    assert_eq!(tsumi_mate::check_mate_line(&pos, &moves).unwrap().plies, 3);
}

#[test]
fn solve_reads_files_and_proves_no_mate() {
    let path = temp_path("set.sfen");
    std::fs::write(
        &path,
        "# two problems\n\
         9/4k4/9/9/9/1G7/9/9/9 b B2rb3g4s4n4l18p 1\tlone gold\n\
         ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42\tthree\n",
    )
    .unwrap();
    let (ok, lines, err) = solve_json(&[path.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(lines.len(), 2);
    assert_eq!(field(&lines[0], "name"), "\"lone gold\"");
    assert_eq!(field(&lines[0], "result"), "\"nomate\"");
    assert_eq!(field(&lines[0], "length"), "0");
    assert_eq!(field(&lines[1], "length"), "3");
    // The text form names the result, the USI line and the Japanese line.
    let (_, text, _) = run(&["solve", path.to_str().unwrap()]);
    assert!(text.contains("lone gold: no mate"), "{text}");
    assert!(text.contains("three: mate in 3"), "{text}");
    assert!(text.contains("手順: △"), "{text}");
    assert!(text.contains("| all | 2 |"), "{text}");
}

#[test]
fn solve_reports_unknown_within_limits_and_rejects_bad_input() {
    let sfen = "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1";
    let (ok, lines, err) = solve_json(&["--sfen", sfen, "--nodes", "2000"]);
    assert!(ok, "{err}");
    assert_eq!(field(&lines[0], "result"), "\"unknown\"");
    assert_eq!(field(&lines[0], "length"), "null");
    let (ok, _, err) = solve_json(&["--sfen", "4k4/9/9 b - 1"]);
    assert!(!ok);
    assert!(err.contains("--sfen") && err.contains("9 ranks"), "{err}");
    let (ok, _, err) = solve_json(&["/nonexistent/problems.kif"]);
    assert!(!ok);
    assert!(err.contains("problems.kif"), "{err}");
    let three = "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42";
    let (ok, lines, err) = solve_json(&["--sfen", three, "--algo", "pnstar"]);
    assert!(ok, "{err}");
    assert_eq!(field(&lines[0], "length"), "3");
    let (ok, _, err) = solve_json(&["--sfen", sfen, "--algo", "magic"]);
    assert!(!ok);
    assert!(err.contains("unknown algorithm 'magic'"), "{err}");
}

#[test]
fn a_table_the_machine_cannot_give_is_an_error_not_an_abort() {
    let one = "4k4/9/4P4/9/9/9/9/9/9 b G 1";
    for command in ["solve", "check"] {
        let out = tsumi()
            .args([command, "--hash", "99999999"])
            .args(match command {
                "solve" => vec!["--sfen", one],
                _ => vec!["/nonexistent.kif"],
            })
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(1), "{command}: {err}");
        assert!(
            err.contains(&format!("tsumi {command}: --hash 99999999: "))
                && err.contains("table of 99999999 MiB"),
            "{command}: {err}"
        );
    }
}

#[test]
fn solve_with_threads_gives_the_same_answers() {
    let three = "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42";
    let (ok, lines, err) = solve_json(&["--sfen", three, "--threads", "2"]);
    assert!(ok, "{err}");
    assert_eq!(field(&lines[0], "result"), "\"mate\"");
    assert_eq!(field(&lines[0], "length"), "3");
    let lone_gold = "9/4k4/9/9/9/1G7/9/9/9 b B2rb3g4s4n4l18p 1";
    let (ok, lines, err) = solve_json(&["--sfen", lone_gold, "--threads", "4"]);
    assert!(ok, "{err}");
    assert_eq!(field(&lines[0], "result"), "\"nomate\"");
    let (ok, _, err) = solve_json(&["--sfen", three, "--threads", "0"]);
    assert!(!ok);
    assert!(
        err.contains("'0' is not a number of threads from 1 to 256"),
        "{err}"
    );
}

#[test]
fn solve_reads_kif_and_csa_files() {
    let sfen = "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42";
    let pos = tsumi_core::Position::from_sfen(sfen).unwrap();
    let kif = temp_path("three.kif");
    std::fs::write(&kif, tsumi_notation::kif::position_to_kif(&pos)).unwrap();
    let csa = temp_path("three.csa");
    std::fs::write(
        &csa,
        format!("V2.2\n{}", tsumi_notation::csa::position_to_csa(&pos)),
    )
    .unwrap();
    for path in [&kif, &csa] {
        let (ok, lines, err) = solve_json(&[path.to_str().unwrap()]);
        assert!(ok, "{}: {err}", path.display());
        assert_eq!(lines.len(), 1, "{}", path.display());
        assert_eq!(field(&lines[0], "result"), "\"mate\"");
        assert_eq!(field(&lines[0], "length"), "3");
        let read_back = field(&lines[0], "sfen").trim_matches('"').to_string();
        let board = |s: &str| s.split(' ').take(3).collect::<Vec<_>>().join(" ");
        assert_eq!(board(&read_back), board(sfen), "{}", path.display());
    }
    // A KIF file with a broken board names the file and line.
    let bad = temp_path("bad.kif");
    let text = tsumi_notation::kif::position_to_kif(&pos).replacen("v歩", "v象", 1);
    std::fs::write(&bad, text).unwrap();
    let (ok, _, err) = solve_json(&[bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("bad.kif:"), "{err}");
}

#[test]
fn solve_can_skip_useless_interpositions() {
    // From tests/data/useless.tsv of tsumi-mate (computed by an independent
    // minimax over cshogi's move generator): mate in 7 counting every
    // interposition, in 5 skipping useless ones.
    // The rule is the default.
    let sfen = "4rn2p/6k2/3P4B/4G1l2/9/8+R/9/9/9 b BS3g3s3n3l16p 1";
    let (ok, lines, err) = solve_json(&["--sfen", sfen, "--interpositions", "count"]);
    assert!(ok, "{err}");
    assert_eq!(field(&lines[0], "length"), "7");
    let (ok, lines, err) = solve_json(&["--sfen", sfen]);
    assert!(ok, "{err}");
    assert_eq!(field(&lines[0], "length"), "5");
    let (ok, lines, err) = solve_json(&["--sfen", sfen, "--interpositions", "skip-useless"]);
    assert!(ok, "{err}");
    assert_eq!(field(&lines[0], "length"), "5");
    let (ok, _, err) = solve_json(&["--sfen", sfen, "--interpositions", "never"]);
    assert!(!ok);
    assert!(
        err.contains("'never' for '--interpositions <RULE>'"),
        "{err}"
    );
}

#[test]
fn solve_shortest_quick_and_first_skip_the_costly_proof() {
    // 将棋無双 9 (29 plies): the proof that no 27-ply mate exists costs
    // several times what finding the 29-ply mate does.
    let sfen = "2k1s1B2/S3+P4/2p1R2p1/2gprpp2/Lb1S5/2N3P2/2PPP4/9/L8 b L3gs3nl8p 1";
    let (ok, lines, err) = solve_json(&["--sfen", sfen, "--shortest", "quick"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(v["result"], "mate");
    assert_eq!(v["length"], 29);
    assert_eq!(v["proven_shortest"], false);
    assert!(v["nodes"].as_u64().unwrap() < 100_000, "{v}");
    let (ok, lines, err) = solve_json(&["--sfen", sfen, "--shortest", "prove"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(v["length"], 29);
    assert_eq!(v["proven_shortest"], true);
    let proved_nodes = v["nodes"].as_u64().unwrap();
    // `first` reports the first mate found, with no shortening at all.
    let (ok, lines, err) = solve_json(&["--sfen", sfen, "--shortest", "first"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(v["result"], "mate");
    assert_eq!(v["proven_shortest"], false);
    assert!(v["length"].as_u64().unwrap() >= 29, "{v}");
    assert!(v["nodes"].as_u64().unwrap() * 2 < proved_nodes, "{v}");
    let (ok, _, err) = solve_json(&["--sfen", sfen, "--shortest", "fast"]);
    assert!(!ok);
    assert!(
        err.contains("'fast' is not one of prove, quick, first"),
        "{err}"
    );
}

#[test]
fn json_output_parses_and_escapes_names() {
    let path = temp_path("quoted.sfen");
    std::fs::write(&path, "4k4/9/4P4/9/9/9/9/9/9 b G 1\tsay \"mate\" \\ now\n").unwrap();
    let (ok, lines, err) = solve_json(&[path.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(lines.len(), 1);
    let v: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(v["name"], "say \"mate\" \\ now");
    assert_eq!(v["result"], "mate");
    assert_eq!(v["length"], 1);
    assert_eq!(v["pv"], serde_json::json!(["G*5b"]));
    assert!(v["nodes"].is_u64() && v["ms"].is_u64());
    // A mate in one is proven shortest when found.
    assert!(v["proof_nodes"].as_u64() <= v["nodes"].as_u64());
    assert!(v["proof_nodes"].is_u64() && v["proof_ms"].is_u64());
    // No progress display when standard error is piped, in JSON or text.
    assert_eq!(err, "");
    let (ok, _, err) = run(&["solve", path.to_str().unwrap()]);
    assert!(ok);
    assert_eq!(err, "");
    let (_, out, _) = run(&["perft", "2", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["nodes"], 900);
    assert!(v["seconds"].is_f64() && v["nps"].is_u64());
}

/// A mate in 3 with no cook (White attacks).
const SOUND3: &str =
    "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42";
/// A mate in 3 with two other first moves that also mate in 3.
const COOKED3: &str =
    "1+P1gkg2l/2s3s+P1/3ppp2p/P1p2npp1/l2N1+b3/3KP1P2/N2P1PS1P/2+p1G2R1/L1+r3sNL w Pbgp 58";

#[test]
fn solve_report_lists_cooks_and_leftovers_in_text_and_json() {
    let (ok, lines, err) = solve_json(&["--sfen", COOKED3, "--report"]);
    assert!(ok, "{err}");
    let l = &lines[0];
    assert!(
        l.contains("\"report\": {\"cooks\": [{\"ply\": 1, \"move\": "),
        "{l}"
    );
    assert_eq!(l.matches("\"final\": false").count(), 2, "{l}");
    // White attacks: its pawn left over is lower case.
    assert!(
        l.contains("\"ends_in_mate\": true, \"leftover\": \"p\""),
        "{l}"
    );
    assert!(l.contains("\"complete\": true"), "{l}");
    let (ok, lines, err) = solve_json(&["--sfen", SOUND3, "--report"]);
    assert!(ok, "{err}");
    assert!(lines[0].contains("\"cooks\": [], "), "{}", lines[0]);
    // Without --report there is no report object.
    let (_, lines, _) = solve_json(&["--sfen", SOUND3]);
    assert!(!lines[0].contains("\"report\""), "{}", lines[0]);
    let (_, text, _) = run(&["solve", "--sfen", COOKED3, "--report"]);
    assert!(
        text.contains("report: 2 cooks; 変同 0; 駒余り 歩"),
        "{text}"
    );
    assert!(text.contains("cook: ply 1 △"), "{text}");
    // A no-mate problem gets its refutations.
    let lone_gold = "9/4k4/9/9/9/1G7/9/9/9 b B2rb3g4s4n4l18p 1";
    let (ok, lines, err) = solve_json(&["--sfen", lone_gold, "--report"]);
    assert!(ok, "{err}");
    assert!(
        lines[0].contains("\"refutations\": [{\"check\": "),
        "{}",
        lines[0]
    );
    assert!(!lines[0].contains("\"defence\": null"), "{}", lines[0]);
}

#[test]
fn solve_writes_kif_that_reads_back() {
    for name in ["cooked.kif", "cooked.kifu"] {
        let path = temp_path(name);
        let (ok, lines, err) = solve_json(&["--sfen", COOKED3, "--kif", path.to_str().unwrap()]);
        assert!(ok, "{err}");
        let bytes = std::fs::read(&path).unwrap();
        // .kif is Shift_JIS, .kifu UTF-8.
        assert_eq!(name.ends_with(".kifu"), std::str::from_utf8(&bytes).is_ok());
        let rec = tsumi_notation::kif::parse_kif_bytes(&bytes, Some(name)).unwrap();
        let pv: Vec<String> = rec.moves.iter().map(|m| m.to_usi()).collect();
        let expected = pv_field(&lines[0]);
        assert_eq!(pv, expected);
        assert_eq!(
            rec.start.to_sfen().split(' ').take(3).collect::<Vec<_>>(),
            COOKED3.split(' ').take(3).collect::<Vec<_>>()
        );
        assert_eq!(rec.header("手数"), Some("3"));
        assert_eq!(rec.title(), None);
        assert_eq!(rec.result.as_deref(), Some("詰み"));
    }
    // Same-length defences become 変化 branches, and the main line still
    // reads back.
    let sfen = "3l5/9/2+bl2S2/1+R3+R3/+p8/1+p1kl1g2/1NN6/2G1pL3/3+p5 b BS2g2s2n14p 1";
    let path = temp_path("branches.kifu");
    let (ok, lines, err) = solve_json(&["--sfen", sfen, "--kif", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\n変化："), "{text}");
    let rec = tsumi_notation::kif::parse_kif(&text, Some("branches.kifu")).unwrap();
    assert_eq!(rec.moves.len().to_string(), field(&lines[0], "length"));
    // Only .kif and .kifu are written.
    let (ok, _, err) = solve_json(&[
        "--sfen",
        SOUND3,
        "--kif",
        temp_path("x.txt").to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(
        err.contains("must be named .kif (Shift_JIS) or .kifu (UTF-8)"),
        "{err}"
    );
}

/// A mate in 1 that must decline a promotion: the knight checks from ２三
/// only unpromoted (▲２三桂不成).
const KNIGHT_UNPROMOTED: &str = "7gk/8p/6S2/9/6N2/9/9/9/9 b - 1";

#[test]
fn solve_kif_marks_no_non_promotion_and_other_readers_load_it() {
    let path = temp_path("knight.kifu");
    let (ok, lines, err) =
        solve_json(&["--sfen", KNIGHT_UNPROMOTED, "--kif", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(pv_field(&lines[0]), ["3e2c"]);
    let text = std::fs::read_to_string(&path).unwrap();
    // The Kakinoki format writes nothing for a move that does not promote.
    assert!(text.contains("\n   1 ２三桂(35)\n"), "{text}");
    // A problem given by --sfen has no name: the record has no 作品名.
    assert!(!text.contains("作品名"), "{text}");
    assert!(!text.contains("--sfen"), "{text}");
    // A problem read from a file keeps its name as the title.
    let file = temp_path("knight.sfen");
    std::fs::write(&file, format!("{KNIGHT_UNPROMOTED}\t桂の不成\n")).unwrap();
    let named = temp_path("named.kifu");
    let (ok, _, err) = solve_json(&[file.to_str().unwrap(), "--kif", named.to_str().unwrap()]);
    assert!(ok, "{err}");
    let named = std::fs::read_to_string(&named).unwrap();
    assert!(named.starts_with("作品名：桂の不成\n"), "{named}");
    assert!(!text.contains("不成"), "{text}");
    let rec = tsumi_notation::kif::parse_kif(&text, Some("knight.kifu")).unwrap();
    assert_eq!(rec.moves.len(), 1);
    assert_eq!(rec.moves[0].to_usi(), "3e2c");
    assert!(!tsumi_notation::kif::to_kif(&rec).unwrap().contains("不成"));
    // cshogi's KIF reader, which stops at a move written 不成, reads the
    // whole line.
    if common::python_has(
        "import cshogi",
        "python3 with the cshogi package is not available (pip install cshogi)",
    ) {
        let out = tsumi_cli_python(&[
            "-c",
            "import sys, cshogi\nfrom cshogi import KIF\n\
             k = KIF.Parser.parse_file(sys.argv[1])\n\
             print(' '.join(cshogi.move_to_usi(m) for m in k.moves))",
            path.to_str().unwrap(),
        ]);
        assert_eq!(out.trim(), "3e2c");
    }
}

/// Runs `python3 args`, which must succeed: its standard output.
fn tsumi_cli_python(args: &[&str]) -> String {
    let out = std::process::Command::new("python3")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn check_text(path: &std::path::Path) -> (bool, String, String) {
    check_text_with(path, &[])
}

/// `tsumi check` on `path` with `extra` options: success, stdout, stderr.
fn check_text_with(path: &std::path::Path, extra: &[&str]) -> (bool, String, String) {
    let all: Vec<&str> = ["check", path.to_str().unwrap(), "--time-limit", "30"]
        .into_iter()
        .chain(extra.iter().copied())
        .collect();
    run(&all)
}

/// A KIF record of `moves` (USI) from `sfen`, written by the notation crate.
fn kif_record(name: &str, sfen: &str, moves: &[impl AsRef<str>]) -> std::path::PathBuf {
    let pos = tsumi_core::Position::from_sfen(sfen).unwrap();
    let mut p = pos.clone();
    let moves = moves
        .iter()
        .map(|m| {
            let mv = p.parse_usi_move(m.as_ref()).unwrap();
            p.do_move(mv);
            mv
        })
        .collect();
    let mut rec = tsumi_notation::kif::KifRecord::new(pos, moves);
    rec.headers.push(("作品名".into(), name.into()));
    let path = temp_path(&format!("{name}.kifu"));
    std::fs::write(&path, tsumi_notation::kif::to_kif(&rec).unwrap()).unwrap();
    path
}

#[test]
fn check_gives_a_verdict_line_first() {
    let (ok, out, err) = check_text(&kif_record("sound", SOUND3, &solver_pv(SOUND3)));
    assert!(ok, "{err}");
    assert!(
        out.starts_with("sound: sound: mate in 3, no cook found\n"),
        "{out}"
    );

    let (ok, out, err) = check_text(&kif_record("cooked", COOKED3, &solver_pv(COOKED3)));
    assert!(ok, "{err}");
    assert!(out.starts_with("cooked: cook at ply 1: △"), "{out}");
    let cooked = kif_record("cooked", COOKED3, &solver_pv(COOKED3));
    let (ok, l, err) = check_text_with(&cooked, &["--json"]);
    assert!(ok, "{err}");
    assert_eq!(field(&l, "verdict"), "\"cook\"");
    assert_eq!(field(&l, "ply"), "1");
    // The line cut short: not mate.
    let (ok, out, err) = check_text(&kif_record("short", SOUND3, &solver_pv(SOUND3)[..1]));
    assert!(ok, "{err}");
    assert!(
        out.starts_with("short: the author's line is not mate"),
        "{out}"
    );
    // A record with no moves has nothing to check.
    let (ok, _, err) = check_text(&kif_record("bare", SOUND3, &[] as &[String]));
    assert!(!ok);
    assert!(
        err.contains("bare: the record has no solution to check"),
        "{err}"
    );
}

/// The solver's line for `sfen`, in USI.
fn solver_pv(sfen: &str) -> Vec<String> {
    let (ok, lines, err) = solve_json(&["--sfen", sfen]);
    assert!(ok, "{err}");
    pv_field(&lines[0])
}

#[test]
fn check_names_the_ply_of_a_bad_move() {
    let pos = tsumi_core::Position::from_sfen(SOUND3).unwrap();
    // A legal first move that does not check.
    let quiet = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| !pos.gives_check(m))
        .unwrap()
        .to_usi();
    let (ok, out, err) = check_text(&kif_record("quiet", SOUND3, &[&quiet]));
    assert!(ok, "{err}");
    assert!(
        out.starts_with(&format!(
            "quiet: the author's line is not mate: ply 1: the attacker's {quiet} does not give check"
        )),
        "{out}"
    );
    // An illegal move in the file: the reader names the line and the move.
    let path = kif_record("illegal", SOUND3, &solver_pv(SOUND3)[..1]);
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let last = lines
        .iter()
        .rposition(|l| l.trim_start().starts_with("1 "))
        .unwrap();
    let mut broken: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    broken[last] = "   1 ５五飛(11)".to_string();
    let bad = temp_path("illegal-move.kifu");
    std::fs::write(&bad, broken.join("\n")).unwrap();
    let (ok, _, err) = check_text(&bad);
    assert!(!ok);
    assert!(
        err.contains("illegal-move.kifu:") && err.contains("move 1: move '５五飛(11)'"),
        "{err}"
    );
}

#[test]
fn check_reads_the_composed_59_ply_record() {
    // 岡村孝雄「驚愕の曠野」 as 柿木将棋 wrote it (Shift_JIS, 手数：59, the
    // author's solution). Two seconds settle the end of the line, not the
    // whole proof: the answer must say so rather than guess.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tsumi-notation/tests/data/formats/kyogaku-no-koya-59.kif"
    );
    let (ok, l, err) = run(&["check", path, "--time-limit", "2", "--json"]);
    assert!(ok, "{err}");
    assert_eq!(field(&l, "name"), "\"驚愕の曠野\"");
    assert_eq!(field(&l, "author_length"), "59");
    assert_eq!(field(&l, "verdict"), "\"undecided\"");
    assert_eq!(field(&l, "ply"), "null");
    assert!(l.contains("\"ends_in_mate\": true"), "{l}");
    assert!(l.contains("\"longer_defences\": []"), "{l}");
    assert!(l.contains("\"complete\": false"), "{l}");
}

#[test]
fn check_counts_a_longer_defence_with_pieces_left_as_henchou() {
    // 将棋無双 82 and its published 21-ply solution (Open Tsume records,
    // CC0): the defence at ply 10 that lasts longer ends with a pawn left
    // over, a 変長 variation under the default convention.
    let sfen = "9/9/1+P7/9/1pl6/1n1+r+B3p/2+R3p2/3Nkp3/1P2s1N+b+p b G3SLP3gn2l10p 1";
    let published: Vec<&str> = "S*6i 5h6i 5f4g 2i4g S*5h 6i5h 7g4g 5h6h L*6i 6h6i S*5h 6i7h \
                                 4g8g 7h8g G*8h 8g9f P*9g 9f9e B*7c 9e9d 7c8d+"
        .split_whitespace()
        .collect();
    let path = kif_record("musou-082", sfen, &published);
    let (ok, out, err) = check_text(&path);
    assert!(ok, "{err}");
    assert!(
        out.starts_with("musou-082: sound: mate in 21, no cook found (変長 at ply 10:"),
        "{out}"
    );
    let (ok, out, err) = check_text_with(&path, &["--defence", "longest"]);
    assert!(ok, "{err}");
    assert!(
        out.starts_with("musou-082: the author's defence is not the longest: at ply 10,"),
        "{out}"
    );
    // auto is the default, the convention that goes with the rule.
    let (ok, auto, err) = check_text_with(&path, &["--defence", "auto"]);
    assert!(ok, "{err}");
    assert_eq!(
        auto.lines().next(),
        check_text(&path).1.lines().next(),
        "{auto}"
    );
    let (ok, _, err) = check_text_with(&path, &["--defence", "shortest"]);
    assert!(!ok);
    assert!(
        err.contains("'shortest' is not one of auto, no-leftover, longest"),
        "{err}"
    );
}

#[test]
fn check_names_the_first_defence_that_is_not_the_longest() {
    // 将棋無双 38 (Open Tsume, CC0) with the defence of ply 8 replaced by
    // one mated at once and the line cut to that mate: the defences of
    // plies 2-6 outlast the author's short continuation but are the
    // longest there; ply 8 is named.
    let sfen = "2B3l2/5lg2/5p1n1/6k1g/5P2+B/5Sg1N/6N+l1/9/9 b SN2rg2sl16p 1";
    let line = "S*2e 1d2e 4f3e 3f3e N*4f 3e4f 7a3e+ 2e3e 1e2d";
    let moves: Vec<&str> = line.split(' ').collect();
    let path = kif_record("musou-038-short-8", sfen, &moves);
    let (ok, out, err) = check_text(&path);
    assert!(ok, "{err}");
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with(
            "musou-038-short-8: the author's defence is not the longest: at ply 8, △同　金 (2e3e) is mated in 1 more ply, △同　桂 (2c3e) in 7; the author's line is not a forced mate because of it"
        ),
        "{out}"
    );
    let (ok, json, err) = check_text_with(&path, &["--json"]);
    assert!(ok, "{err}");
    assert!(json.contains("\"verdict\": \"longer-defence\""), "{json}");
    assert!(json.contains("\"ply\": 8, \"author_length\": 9"), "{json}");
    assert!(
        json.contains(
            "\"short_defence\": {\"ply\": 8, \"defence\": \"2e3e\", \"length\": 2, \"longest\": \"2c3e\", \"longest_length\": 8, \"breaks_line\": true}"
        ),
        "{json}"
    );
}

/// The hands, title and foot a diagram writes, read from its SVG as XML.
fn diagram_texts(svg: &str) -> (Vec<String>, Vec<String>, Vec<String>) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let class = |c: &str| -> Vec<String> {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(c))
            .map(|n| {
                n.attribute("data-text")
                    .map(str::to_string)
                    .unwrap_or_else(|| n.text().unwrap_or("").to_string())
            })
            .collect()
    };
    (class("hand"), class("title"), class("foot"))
}

#[test]
fn diagram_draws_a_record_or_an_sfen_as_svg() {
    let kif = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tsumi-notation/tests/data/formats/kyogaku-no-koya-59.kif"
    );
    let out = common::temp_path("kyogaku.svg");
    let (ok, stdout, stderr) = run(&[
        "diagram",
        kif,
        "--svg",
        out.to_str().unwrap(),
        "--author",
        "作者",
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    let svg = std::fs::read_to_string(&out).unwrap();
    let (hands, title, foot) = diagram_texts(&svg);
    // The record's name and length; the defender holds the rest: left out.
    assert_eq!(hands, ["持駒 角金四銀二歩九"]);
    assert_eq!(title, ["驚愕の曠野"]);
    assert_eq!(foot, ["作者　59手詰"]);
    for numeral in ["１", "９", "一", "九"] {
        assert!(svg.contains(&format!(">{numeral}</text>")), "{numeral}");
    }

    // --sfen to standard output; a defender's hand as listed is written,
    // --title "" gives none, --length sets the foot.
    let (ok, stdout, stderr) = run(&[
        "diagram",
        "--sfen",
        "4k4/9/4P4/9/9/9/9/9/9 b G2p 1",
        "--title",
        "",
        "--length",
        "1",
    ]);
    assert!(ok, "{stderr}");
    let (hands, title, foot) = diagram_texts(&stdout);
    assert_eq!(hands, ["持駒 金", "玉方持駒 歩二"]);
    assert!(title.is_empty());
    assert_eq!(foot, ["1手詰"]);
}

#[test]
fn diagram_refuses_bad_input_with_a_message() {
    let (ok, _, stderr) = run(&["diagram", "--sfen", "4k4/9 b - 1"]);
    assert!(!ok);
    assert!(stderr.starts_with("tsumi diagram: --sfen:"), "{stderr}");
    let file = common::temp_path("two.sfen");
    std::fs::write(&file, "4k4/9/4P4/9/9/9/9/9/9 b G 1\n").unwrap();
    let (ok, _, stderr) = run(&["diagram", file.to_str().unwrap(), "--index", "2"]);
    assert!(!ok);
    assert!(
        stderr.contains("--index 2 but the file has 1 problem"),
        "{stderr}"
    );
    let (ok, _, stderr) = run(&["diagram", "/no/such/file.kif"]);
    assert!(!ok);
    assert!(stderr.contains("cannot read"), "{stderr}");
    // Neither a file nor --sfen: a usage error.
    let out = common::tsumi().arg("diagram").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let (ok, _, stderr) = run(&[
        "diagram",
        "--sfen",
        "4k4/9/4P4/9/9/9/9/9/9 b G 1",
        "--svg",
        "/no/such/dir/x.svg",
    ]);
    assert!(!ok);
    assert!(
        stderr.contains("cannot write /no/such/dir/x.svg"),
        "{stderr}"
    );
}

#[test]
fn diagram_draws_a_png_with_the_systems_japanese_font() {
    let out = common::temp_path("musou-29.png");
    let svg_out = common::temp_path("musou-29.svg");
    let (ok, stdout, stderr) = run(&[
        "diagram",
        "--sfen",
        "S2g+R4/2r2+B3/1pkn1P3/L1p1+P4/1s2S4/L1P6/1sB6/9/9 b 3g3n2l13p 1",
        "--title",
        "将棋無双 第29番",
        "--length",
        "21",
        "--png",
        out.to_str().unwrap(),
        "--svg",
        svg_out.to_str().unwrap(),
    ]);
    if !ok && stderr.contains("--png needs a Japanese font") {
        assert_ne!(
            std::env::var("TSUMI_REQUIRE_ALL_TESTS").as_deref(),
            Ok("1"),
            "{stderr} (TSUMI_REQUIRE_ALL_TESTS=1)"
        );
        eprintln!("skipped: {stderr}");
        return;
    }
    assert!(ok, "{stderr}");
    assert!(stdout.is_empty());
    let svg = std::fs::read_to_string(&svg_out).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let width: f32 = doc
        .root_element()
        .attribute("width")
        .unwrap()
        .parse()
        .unwrap();
    let height: f32 = doc
        .root_element()
        .attribute("height")
        .unwrap()
        .parse()
        .unwrap();
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let png = resvg::tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    // Three pixels per unit of the SVG by default.
    assert_eq!(
        (png.width(), png.height()),
        ((width * 3.0).ceil() as u32, (height * 3.0).ceil() as u32)
    );
    // The title (将棋無双 第29番, in a row above the file numerals) is drawn:
    // dark pixels where it stands, none in the margin beside it.
    let dark = |x0: u32, x1: u32, y0: u32, y1: u32| {
        let mut n = 0;
        for y in y0..y1 {
            for x in x0..x1 {
                let p = png.pixel(x, y).unwrap();
                if p.red() < 100 && p.green() < 100 && p.blue() < 100 {
                    n += 1;
                }
            }
        }
        n
    };
    let middle = png.width() / 2;
    assert!(dark(middle - 150, middle + 150, 42, 144) > 2000);
    assert_eq!(dark(0, 40, 0, 144), 0);
    // A smaller scale, and a scale out of bounds refused.
    let (ok, _, stderr) = run(&[
        "diagram",
        "--sfen",
        "4k4/9/4P4/9/9/9/9/9/9 b G 1",
        "--png",
        out.to_str().unwrap(),
        "--scale",
        "1",
    ]);
    assert!(ok, "{stderr}");
    let png = resvg::tiny_skia::Pixmap::decode_png(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(png.width(), 500);
    let out = common::tsumi()
        .args([
            "diagram",
            "--sfen",
            "4k4/9/4P4/9/9/9/9/9/9 b G 1",
            "--png",
            "x.png",
            "--scale",
            "50",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
