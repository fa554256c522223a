//! KIF reading and writing, checked against a real file written by
//! 柿木将棋Ⅷ (tests/data/formats/kyogaku-no-koya-59.kif).

use tsumi_core::{Move, Position};
use tsumi_notation::japanese::{self, JapaneseStyle};
use tsumi_notation::kif::{self, KifRecord, WhiteHandRule};
use tsumi_notation::text_encoding::encode_shift_jis;

const SAMPLE: &str = include_str!("data/formats/kyogaku-no-koya-59.kif");
const SAMPLE_SFEN: &str = "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1";

fn sample() -> KifRecord {
    kif::parse_kif_bytes(SAMPLE.as_bytes(), Some("kyogaku-no-koya-59.kif")).unwrap()
}

#[test]
fn sample_start_moves_and_mate() {
    let r = sample();
    assert_eq!(r.start.to_sfen(), SAMPLE_SFEN);
    assert_eq!(r.white_hand, WhiteHandRule::Listed);
    assert_eq!(r.moves.len(), 59);
    assert_eq!(r.times.len(), 59);
    assert_eq!(r.result.as_deref(), Some("詰み"));
    let end = r.end_position().unwrap();
    assert!(end.is_checkmate());
    // And not one move earlier.
    let mut before = r.start.clone();
    for &m in &r.moves[..58] {
        before.do_move(m);
    }
    assert!(!before.is_checkmate());
}

#[test]
fn sample_headers() {
    let r = sample();
    assert_eq!(r.header("作品名"), Some("驚愕の曠野"));
    assert_eq!(r.title(), Some("驚愕の曠野"));
    assert_eq!(r.author(), Some("岡村孝雄"));
    assert_eq!(r.header("手数"), Some("59"));
    assert_eq!(r.declared_length(), Some(59));
    assert_eq!(r.header("手合割"), Some("平手"));
    assert_eq!(r.header("先手"), Some(""));
    let keys: Vec<&str> = r.headers.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "開始日時",
            "終了日時",
            "作品番号",
            "作品名",
            "作者",
            "発表誌",
            "発表年月",
            "手数",
            "手合割",
            "先手",
            "後手"
        ]
    );
    assert_eq!(
        r.header_comments,
        [" ----  柿木将棋Ⅷ V7.80 棋譜ファイル  ----"]
    );
    assert_eq!(r.comments.len(), 2);
    assert_eq!(r.comments[0].0, 0);
    assert!(r.comments[0].1.starts_with("岡村孝雄"));
}

#[test]
fn sample_usi_line() {
    // The first moves in USI, worked out by hand from the diagram.
    let r = sample();
    let usi: Vec<String> = r.moves.iter().take(8).map(|m| m.to_usi()).collect();
    assert_eq!(
        usi,
        ["B*3c", "B*4b", "3c4b+", "5a4b", "B*6d", "B*5c", "P*4c", "4b3b"]
    );
    assert_eq!(r.moves[58].to_usi(), "2c2b");
}

/// Every move written back in the KIF style is exactly the text 柿木将棋
/// wrote, and the whole move section (apart from the final 詰み line and
/// the summary) is reproduced byte for byte.
#[test]
fn sample_move_text_round_trip() {
    let r = sample();
    let file_moves: Vec<&str> = SAMPLE
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            t.starts_with(|c: char| c.is_ascii_digit()) && !t.contains("詰み")
        })
        .collect();
    assert_eq!(file_moves.len(), 59);
    let mut pos = r.start.clone();
    let mut prev = None;
    for (i, &m) in r.moves.iter().enumerate() {
        let text = japanese::move_to_japanese_styled(&pos, m, prev, &JapaneseStyle::KIF);
        let field = file_moves[i].split_whitespace().nth(1).unwrap();
        // 同　 contains a full-width space, which split_whitespace splits.
        let field = if field == "同" {
            format!("同　{}", file_moves[i].split_whitespace().nth(2).unwrap())
        } else {
            field.to_string()
        };
        assert_eq!(text, field, "move {}", i + 1);
        pos.do_move(m);
        prev = Some(m.to());
    }
    let written = kif::to_kif(&r).unwrap();
    let written_moves: Vec<&str> = written
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(&written_moves[..59], &file_moves[..]);
}

#[test]
fn sample_standard_and_pv_text() {
    let r = sample();
    let pv = japanese::pv_to_japanese(&r.start, &r.moves[..6]).unwrap();
    assert_eq!(
        pv,
        "▲３三角打 △４二角打 ▲同　角成 △同　玉 ▲６四角打 △５三角打"
    );
    // The standard form writes 打 only when a board piece could go there.
    let p = &r.start;
    assert_eq!(japanese::move_to_japanese(p, r.moves[0], None), "▲３三角");
    let mut q = p.clone();
    q.do_move(r.moves[0]);
    // White's bishop drop on 4二: Black's bishop on 3三 is not White's.
    assert_eq!(
        japanese::move_to_japanese(&q, r.moves[1], Some(r.moves[0].to())),
        "△４二角"
    );
    // Reading the texts back.
    let mut pos = r.start.clone();
    let mut prev = None;
    for (text, &m) in ["３三角打", "４二角打", "同　角成(33)", "同　玉(51)"]
        .iter()
        .zip(&r.moves)
    {
        assert_eq!(japanese::parse_japanese_move(&pos, text, prev).unwrap(), m);
        pos.do_move(m);
        prev = Some(m.to());
    }
}

#[test]
fn sample_in_shift_jis_reads_the_same() {
    let sjis = encode_shift_jis(SAMPLE).unwrap();
    assert!(std::str::from_utf8(&sjis).is_err());
    let r = kif::parse_kif_bytes(&sjis, Some("kyogaku.kif")).unwrap();
    assert_eq!(r, sample());
    // A .kifu file must be UTF-8.
    let e = kif::parse_kif_bytes(&sjis, Some("kyogaku.kifu")).unwrap_err();
    assert!(e.to_string().starts_with("kyogaku.kifu:1: "), "{e}");
}

#[test]
fn write_then_read_round_trips() {
    let r = sample();
    let text = kif::to_kif(&r).unwrap();
    let back = kif::parse_kif(&text, None).unwrap();
    assert_eq!(back, r);
    assert_eq!(kif::to_kif(&back).unwrap(), text);

    // A game with captures, promotion, a recapture (同), drops and a
    // declined promotion (written without 不成, as the Kakinoki format
    // does), White to move first, no times.
    let start =
        Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 1")
            .unwrap();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for u in [
        "3c3d", "8h2b+", "3a2b", "B*4e", "B*5e", "4e3d", "5e7g", "8i7g",
    ] {
        let m = pos.parse_usi_move(u).unwrap_or_else(|e| panic!("{u}: {e}"));
        pos.do_move(m);
        moves.push(m);
    }
    let mut rec = KifRecord::new(start, moves);
    rec.headers.push(("表題".into(), "テスト".into()));
    rec.comments.push((2, "コメント".into()));
    rec.result = Some("中断".into());
    let text = kif::to_kif(&rec).unwrap();
    assert!(text.contains("後手番\n"), "{text}");
    for part in [
        "同　銀(31)",
        "７七角(55)",
        "同　桂(89)",
        "２二角成(88)",
        "４五角打",
    ] {
        assert!(text.contains(part), "{part} in {text}");
    }
    assert!(!text.contains("不成"), "{text}");
    let back = kif::parse_kif(&text, None).unwrap();
    assert_eq!(back, rec, "{text}");
    // A record that writes 不成 reads as the same moves.
    let marked = text.replace("７七角(55)", "７七角不成(55)");
    assert_ne!(marked, text);
    assert_eq!(kif::parse_kif(&marked, None).unwrap(), back);
}

fn replace_line(text: &str, prefix: &str, with: Option<&str>) -> String {
    let mut out = String::new();
    for l in text.lines() {
        if l.starts_with(prefix) {
            if let Some(w) = with {
                out.push_str(w);
                out.push('\n');
            }
        } else {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

#[test]
fn white_hand_rules() {
    // Absent 後手の持駒 with only the defender's king: the rest.
    let t = replace_line(SAMPLE, "後手の持駒", None);
    let r = kif::parse_kif(&t, None).unwrap();
    assert_eq!(r.white_hand, WhiteHandRule::RestImplied);
    assert_eq!(r.start.to_sfen(), SAMPLE_SFEN);
    // 残り全部 written.
    let t = replace_line(SAMPLE, "後手の持駒", Some("後手の持駒：残り全部"));
    let r = kif::parse_kif(&t, None).unwrap();
    assert_eq!(r.white_hand, WhiteHandRule::RestWritten);
    assert_eq!(r.start.to_sfen(), SAMPLE_SFEN);
    // なし (the solution no longer works: keep only the setup).
    let setup = &SAMPLE[..SAMPLE.find("手数----").unwrap()];
    let t = replace_line(setup, "後手の持駒", Some("後手の持駒：なし"));
    let r = kif::parse_kif(&t, None).unwrap();
    assert_eq!(r.start.to_sfen(), "4k4/9/9/9/9/9/9/9/9 b B4G2S9P 1");
    // Absent with a 先手 king on the board: empty.
    let t = replace_line(setup, "後手の持駒", None);
    let t = replace_line(
        &t,
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九",
        Some("| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九"),
    );
    let r = kif::parse_kif(&t, None).unwrap();
    assert_eq!(r.white_hand, WhiteHandRule::EmptyImplied);
    assert_eq!(r.start.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b B4G2S9P 1");
}

#[test]
fn handicap_without_board() {
    let text = "手合割：香落ち\n手数----指手---------消費時間--\n   1 ３四歩(33)\n   2 ７六歩(77)\n   3 投了\n";
    let r = kif::parse_kif(text, None).unwrap();
    assert_eq!(
        r.start.to_sfen(),
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    assert_eq!(r.moves.len(), 2);
    assert_eq!(r.result.as_deref(), Some("投了"));
    // The same handicap written out as a diagram: 上手 still moves first.
    let text = "手合割：香落ち\n\
                +---------------------------+\n\
                |v香v桂v銀v金v玉v金v銀v桂 ・|一\n\
                | ・v飛 ・ ・ ・ ・ ・v角 ・|二\n\
                |v歩v歩v歩v歩v歩v歩v歩v歩v歩|三\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n\
                | 歩 歩 歩 歩 歩 歩 歩 歩 歩|七\n\
                | ・ 角 ・ ・ ・ ・ ・ 飛 ・|八\n\
                | 香 桂 銀 金 玉 金 銀 桂 香|九\n\
                +---------------------------+\n\
                   1 ３四歩(33)\n";
    let d = kif::parse_kif(text, None).unwrap();
    assert_eq!(d.start, r.start);
    assert_eq!(d.moves, r.moves[..1]);
    // No 手合割 and no board: 平手.
    let r = kif::parse_kif("   1 ７六歩(77)\n", None).unwrap();
    assert_eq!(r.start, Position::startpos());
    assert_eq!(r.moves, [Move::from_usi("7g7f").unwrap()]);
    let e = kif::parse_kif("手合割：象落ち\n", Some("h.kif")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "h.kif:1: unknown 手合割 '象落ち' and no board diagram"
    );
}

#[test]
fn errors_name_file_and_line() {
    let t = replace_line(
        SAMPLE,
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|三",
        Some("| ・ ・ ・ ・ 象 ・ ・ ・ ・|三"),
    );
    let e = kif::parse_kif(&t, Some("problems.kif")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "problems.kif:16: unknown piece '象' in board row 三"
    );
    // An illegal move: the gold cannot reach 4六 from 2七.
    let t = SAMPLE.replace("  27 ４六金(37)", "  27 ４六金(27)");
    let err = kif::parse_kif(&t, Some("p.kif")).unwrap_err();
    // Named by code too, for a front end to word: the move's number, its
    // text and the reason.
    let code = err.code.clone().expect("a code");
    assert_eq!(code.code, "move");
    assert_eq!(
        code.params,
        [
            ("n", "27".to_string()),
            ("text", "４六金(27)".to_string()),
            ("reason", "no_piece".to_string())
        ]
    );
    let e = err.to_string();
    assert!(e.starts_with("p.kif:56: move 27: move '４六金(27)'"), "{e}");
    // Ambiguous text without origin: three golds can reach 5二.
    let text = "後手の持駒：なし\n\
                +---------------------------+\n\
                | ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n\
                | ・ ・ ・ 金 金 金 ・ ・ ・|三\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n\
                +---------------------------+\n\
                先手の持駒：なし\n\
                手数----指手---------消費時間--\n\
                1 ５二金\n";
    let e = kif::parse_kif(text, Some("a.kif")).unwrap_err().to_string();
    assert!(
        e.starts_with("a.kif:15: move 1: move '５二金': ambiguous"),
        "{e}"
    );
    let ok = text.replace("1 ５二金", "1 ５二金直");
    assert_eq!(kif::parse_kif(&ok, None).unwrap().moves[0].to_usi(), "5c5b");
    // Out-of-sequence numbers, missing rows, unknown lines.
    let e = kif::parse_kif(&SAMPLE.replace("   2 ４二角打", "   3 ４二角打"), None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("out of sequence"), "{e}");
    let e = kif::parse_kif(
        &replace_line(SAMPLE, "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五", None),
        None,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("labelled '六' where 五 was expected"), "{e}");
    // A byte-order mark left in the text is not a line of its own.
    let with_bom = format!("\u{feff}{SAMPLE}");
    assert_eq!(kif::parse_kif(&with_bom, None).unwrap(), sample());
    let e = kif::parse_kif("何か\n", None).unwrap_err().to_string();
    assert_eq!(e, "line 1: unrecognised line '何か'");
}

fn usi_line(start: &Position, usi: &[&str]) -> Vec<Move> {
    let mut pos = start.clone();
    usi.iter()
        .map(|u| {
            let m = pos.parse_usi_move(u).unwrap_or_else(|e| panic!("{u}: {e}"));
            pos.do_move(m);
            m
        })
        .collect()
}

#[test]
fn branches_are_written_and_read_back() {
    let start = Position::startpos();
    let main = usi_line(&start, &["7g7f", "3c3d", "2g2f", "8c8d"]);
    let mut rec = KifRecord::new(start.clone(), main.clone());
    let after1 = usi_line(&start, &["7g7f"]);
    let mut p1 = start.clone();
    p1.do_move(after1[0]);
    let after2 = usi_line(&start, &["7g7f", "3c3d"]);
    let mut p2 = start.clone();
    for &m in &after2 {
        p2.do_move(m);
    }
    rec.variations.push(kif::KifVariation::new(
        2,
        usi_line(&p1, &["8c8d", "2g2f", "3c3d"]),
    ));
    rec.variations
        .push(kif::KifVariation::new(3, usi_line(&p2, &["6g6f", "8c8d"])));
    let text = kif::to_kif(&rec).unwrap();
    assert!(
        text.contains("\n変化：3手\n") && text.contains("\n変化：2手\n"),
        "{text}"
    );
    let back = kif::parse_kif(&text, None).unwrap();
    assert_eq!(back.moves, main);
    let mut got = back.variations.clone();
    got.sort_by_key(|v| v.ply);
    assert_eq!(got, rec.variations, "{text}");
    // Written again, the same text.
    assert_eq!(kif::to_kif(&back).unwrap(), text);
}

#[test]
fn a_branch_off_a_branch_is_kept_from_where_it_leaves_the_main_line() {
    // As Kifu for Windows writes a tree: move 2 has an alternative, and that
    // alternative's move 3 has one of its own (written after it, attached
    // to the line read last that has a move 3).
    let t = "   ( 0:00/00:00:00)";
    let text = format!(
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77){t}\n   2 ３四歩(33){t}+\n   3 ２六歩(27){t}\n\n変化：2手\n   2 ８四歩(83){t}\n   3 ２六歩(27){t}+\n\n変化：3手\n   3 ６六歩(67){t}\n"
    );
    let r = kif::parse_kif(&text, None).unwrap();
    let start = Position::startpos();
    assert_eq!(r.moves, usi_line(&start, &["7g7f", "3c3d", "2g2f"]));
    let mut p1 = start.clone();
    p1.do_move(r.moves[0]);
    assert_eq!(
        r.flat_variations(),
        vec![
            (2, usi_line(&p1, &["8c8d", "2g2f"])),
            (2, usi_line(&p1, &["8c8d", "6g6f"])),
        ]
    );
    // As a tree: the branch at move 3 is off the branch at move 2.
    assert_eq!(r.variations.len(), 1);
    assert_eq!(r.variations[0].branches.len(), 1);
    assert_eq!(r.variations[0].branches[0].ply, 3);
}

#[test]
fn a_bad_branch_is_an_error_naming_its_line() {
    let head = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n";
    for (tail, line, what) in [
        (
            "\n変化：5手\n   5 ２六歩(27)\n",
            6,
            "no line read before has",
        ),
        ("\n変化：2手\n   3 ８四歩(83)\n", 7, "out of sequence"),
        ("\n変化：2手\n   2 ８五歩(83)\n", 7, "branch move 2"),
        (
            "\n変化：2手\n   2 ３四歩(33)\n",
            6,
            "repeats the line it leaves",
        ),
        ("\n変化：二手\n", 6, "bad branch header"),
    ] {
        let e = kif::parse_kif(&format!("{head}{tail}"), None).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.starts_with(&format!("line {line}: ")) && msg.contains(what),
            "{tail}: {msg}"
        );
    }
}

#[test]
fn a_tree_with_comments_is_written_and_read_back_whole() {
    let start = Position::startpos();
    let main = usi_line(&start, &["7g7f", "3c3d", "2g2f", "8c8d", "2f2e"]);
    let mut rec = KifRecord::new(start.clone(), main.clone());
    rec.result = Some("中断".to_string());
    let from = |n: usize, usi: &[&str]| {
        let mut p = start.clone();
        for &m in &main[..n - 1] {
            p.do_move(m);
        }
        usi_line(&p, usi)
    };
    // Branches at moves 2 and 4 of the main line; two off the branch at
    // move 2, one of them at its own first move's reply, the other deeper;
    // and a second branch at move 2.
    assert!(rec.add_line(2, &from(2, &["8c8d", "2g2f", "3c3d"])));
    assert!(rec.add_line(2, &from(2, &["8c8d", "6g6f", "3c3d", "5g5f"])));
    assert!(rec.add_line(2, &from(2, &["8c8d", "6g6f", "1c1d"])));
    assert!(rec.add_line(2, &from(2, &["1c1d"])));
    assert!(rec.add_line(4, &from(4, &["9c9d", "9g9f"])));
    assert!(!rec.add_line(4, &from(4, &["9c9d"])));
    assert!(rec.comment(1, &[], "開始局面のコメント"));
    assert!(rec.comment(1, &main[..3], "本手順の3手目"));
    assert!(rec.comment(2, &from(2, &["8c8d", "6g6f", "1c1d"]), "分岐の分岐\n二行目"));
    assert!(rec.comment(4, &from(4, &["9c9d"]), "4手目の変化"));
    for b in rec.variations.iter_mut() {
        b.result = Some("中断".to_string());
    }
    let text = kif::to_kif(&rec).unwrap();
    // Kifu for Windows' order: the main line's branch at move 4 first,
    // then the one at move 2 followed by the branch off it at move 3 and
    // that one's own at move 4, then the second branch at move 2.
    let headers: Vec<&str> = text.lines().filter(|l| l.starts_with("変化")).collect();
    assert_eq!(
        headers,
        [
            "変化：4手",
            "変化：2手",
            "変化：3手",
            "変化：4手",
            "変化：2手"
        ],
        "{text}"
    );
    assert!(text.contains("*分岐の分岐\n*二行目\n"), "{text}");
    let back = kif::parse_kif(&text, None).unwrap();
    assert_eq!(back.moves, main);
    assert_eq!(back.comments, rec.comments);
    assert_eq!(back.every_line(), rec.every_line());
    // The comment written on two lines reads back as two.
    let mut expected = rec.variations.clone();
    let b = &mut expected[0].branches[0].branches[0];
    assert_eq!(b.comments, vec![(4, "分岐の分岐\n二行目".to_string())]);
    b.comments = vec![(4, "分岐の分岐".to_string()), (4, "二行目".to_string())];
    assert_eq!(back.variations, expected, "{text}");
    assert_eq!(kif::to_kif(&back).unwrap(), text);
}

#[test]
fn comments_in_a_kifu_for_windows_tree_stay_on_their_moves() {
    let t = "   ( 0:00/00:00:00)";
    let text = format!(
        "手合割：平手\n手数----指手---------消費時間--\n*はじめ\n   1 ７六歩(77){t}\n*一手目\n   2 ３四歩(33){t}+\n   3 ２六歩(27){t}\n\n変化：2手\n   2 ８四歩(83){t}\n*変化の二手目\n   3 ２六歩(27){t}+\n\n変化：3手\n   3 ６六歩(67){t}\n*孫\n   4 投了\n"
    );
    let r = kif::parse_kif(&text, None).unwrap();
    assert_eq!(
        r.comments,
        vec![(0, "はじめ".to_string()), (1, "一手目".to_string())]
    );
    let b = &r.variations[0];
    assert_eq!(b.comments, vec![(2, "変化の二手目".to_string())]);
    assert_eq!(b.branches[0].comments, vec![(3, "孫".to_string())]);
    assert_eq!(b.branches[0].result.as_deref(), Some("投了"));
    assert_eq!(b.result, None);
}
