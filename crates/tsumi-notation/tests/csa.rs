//! CSA reading and writing on hand-written V2.2 and V3.0 records, and
//! agreement with the KIF reader on the same problem.

use tsumi_core::Position;
use tsumi_notation::csa::{self, CsaRecord};
use tsumi_notation::handicap::handicap_sfen;
use tsumi_notation::kif;

const SAMPLE_KIF: &str = include_str!("data/formats/kyogaku-no-koya-59.kif");
const SAMPLE_SFEN: &str = "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1";

/// A two-piece handicap game in V2.2: PI with removals, White first,
/// moves and times on one line or on separate lines, a result.
const V22: &str = "'二枚落ちの例
V2.2
N+下手
N-上手
$EVENT:テスト対局
$START_TIME:2024/01/01 10:00:00
$TIME_LIMIT:00:10+10
PI82HI22KA
-
-5142OU,T3
+7776FU
T5
-4232OU
T2
+2726FU
T1
%TORYO
";

/// 驚愕の曠野 in V3.0: board rows, Black's hand piece by piece, P-00AL,
/// fractional times.
const V30: &str = "'CSA encoding=UTF-8
V3.0
N+岡村孝雄
$EVENT:驚愕の曠野
$NOTE:詰パラ2004年4月
P1 *  *  *  * -OU *  *  *  * 
P2 *  *  *  *  *  *  *  *  * 
P3 *  *  *  *  *  *  *  *  * 
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7 *  *  *  *  *  *  *  *  * 
P8 *  *  *  *  *  *  *  *  * 
P9 *  *  *  *  *  *  *  *  * 
P+00KA00KI00KI00KI00KI00GI00GI
P+00FU00FU00FU00FU00FU00FU00FU00FU00FU
P-00AL
+
+0033KA
T1.5
-0042KA
T2
+3342UM
T2.25
-5142OU
%CHUDAN
";

/// A position from piece lists alone (empty board), a mate in one.
const PLACED: &str = "V2.2
P-51OU
P+53FU
P+00KI
P-00AL
+
+0052KI
%TSUMI
";

#[test]
fn v22_handicap_game() {
    let r = csa::parse_csa(V22, Some("v22.csa")).unwrap();
    assert_eq!(r.version.as_deref(), Some("2.2"));
    assert_eq!(r.black_name.as_deref(), Some("下手"));
    assert_eq!(r.white_name.as_deref(), Some("上手"));
    assert_eq!(r.header("EVENT"), Some("テスト対局"));
    assert_eq!(r.header("START_TIME"), Some("2024/01/01 10:00:00"));
    assert_eq!(r.headers.len(), 3);
    assert_eq!(Some(r.start.to_sfen().as_str()), handicap_sfen("二枚落ち"));
    let usi: Vec<String> = r.moves.iter().map(|m| m.to_usi()).collect();
    assert_eq!(usi, ["5a4b", "7g7f", "4b3b", "2g2f"]);
    let times: Vec<Option<&str>> = r.times.iter().map(|t| t.as_deref()).collect();
    assert_eq!(times, [Some("3"), Some("5"), Some("2"), Some("1")]);
    assert_eq!(r.result.as_deref(), Some("TORYO"));
}

#[test]
fn v30_problem_agrees_with_kif() {
    let r = csa::parse_csa(V30, None).unwrap();
    assert_eq!(r.version.as_deref(), Some("3.0"));
    assert_eq!(r.start.to_sfen(), SAMPLE_SFEN);
    assert_eq!(r.times[2].as_deref(), Some("2.25"));
    assert_eq!(r.times[3], None);
    assert_eq!(r.result.as_deref(), Some("CHUDAN"));
    let k = kif::parse_kif(SAMPLE_KIF, None).unwrap();
    assert_eq!(r.start, k.start);
    assert_eq!(r.moves, k.moves[..4]);
}

#[test]
fn piece_lists_on_an_empty_board() {
    let r = csa::parse_csa(PLACED, None).unwrap();
    assert_eq!(
        r.start.to_sfen(),
        "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
    );
    assert!(r.end_position().unwrap().is_checkmate());
    assert_eq!(r.result.as_deref(), Some("TSUMI"));
}

#[test]
fn pi_removals_and_rows() {
    let r = csa::parse_csa("PI11KY\n-\n", None).unwrap();
    assert_eq!(Some(r.start.to_sfen().as_str()), handicap_sfen("香落ち"));
    let r = csa::parse_csa("PI\n+\n+7776FU\n", None).unwrap();
    assert_eq!(r.start, Position::startpos());
    // The even game as rows.
    let rows = "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
+
";
    assert_eq!(
        csa::parse_csa(rows, None).unwrap().start,
        Position::startpos()
    );
    // Editors that strip trailing spaces leave the last empty cell as " *".
    let stripped: String = rows
        .lines()
        .map(|l| l.trim_end().to_string() + "\n")
        .collect();
    assert_eq!(
        csa::parse_csa(&stripped, None).unwrap().start,
        Position::startpos()
    );
}

#[test]
fn errors_name_file_and_line() {
    let e = |t: &str| csa::parse_csa(t, Some("x.csa")).unwrap_err().to_string();
    assert_eq!(
        e("V2.2\nPI55FU\n+\n"),
        "x.csa:2: PI removes 55FU but there is no FU on 55"
    );
    assert_eq!(
        e("PI\n+\n+7775FU\n"),
        "x.csa:3: move 1: illegal move '+7775FU'"
    );
    assert_eq!(
        e("PI\n+\n-3334FU\n"),
        "x.csa:3: move 1: move '-3334FU' by - but + is to move"
    );
    assert_eq!(
        e("PI\n+\n+7776KA\n"),
        "x.csa:3: move 1: '+7776KA': the piece on 77 is FU, not KA"
    );
    assert!(e("P1 *  *  *  * -OU *  *  *  * \n+\n").contains("row P2 is missing"));
    assert!(e("P1 *  *  *  * -XX *  *  *  * \n").contains("x.csa:1: unknown piece 'XX' in row P1"));
    assert!(e("P-51OU\nP+00AL\nP-00AL\n+\n").contains("x.csa:3: 00AL given twice"));
    assert!(e("P-51OU\nP+00OU\n+\n").contains("OU cannot be held"));
    assert!(e("P-51OU\nP+51FU\n+\n").contains("already occupied"));
    assert!(e("PI\n").contains("no side-to-move line"));
    assert!(e("+\n").contains("no position"));
    assert!(e("PI\n+\n+7776FU\nX\n").contains("x.csa:4: unrecognised statement 'X'"));
    // Too many pieces in total.
    assert!(e("P-51OU\nP+00HI00HI\nP-00HI\n+\n").contains("illegal"));
    // The board must come before piece lists.
    assert!(e("P-51OU\nPI\n+\n").contains("x.csa:2: PI after"));
    assert!(e("P-51OU\nP1 *  *  *  *  *  *  *  *  * \n+\n").contains("row P1 after P+/P-"));
    // Two records need parse_csa_all.
    assert!(e("PI\n+\n/\nPI\n-\n").contains("2 records"));
}

#[test]
fn several_records() {
    let text = format!("{PLACED}/\n{V30}/\n");
    let all = csa::parse_csa_all(&text, None).unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].line, 1);
    assert_eq!(all[1].line, PLACED.lines().count() + 2);
    assert_eq!(all[1].start.to_sfen(), SAMPLE_SFEN);
}

#[test]
fn write_then_read_round_trips() {
    for text in [V22, V30, PLACED] {
        let r = csa::parse_csa(text, None).unwrap();
        let written = csa::to_csa(&r).unwrap();
        let back = csa::parse_csa(&written, None).unwrap();
        assert_eq!(back, r, "{written}");
        assert_eq!(csa::to_csa(&back).unwrap(), written);
    }
    // The whole 59-move KIF solution through CSA.
    let k = kif::parse_kif(SAMPLE_KIF, None).unwrap();
    let r = CsaRecord::new(k.start.clone(), k.moves.clone());
    let written = csa::to_csa(&r).unwrap();
    assert!(written.starts_with("V2.2\nP1 *  *  *  * -OU"), "{written}");
    assert!(written.contains("\n+0033KA\n-0042KA\n+3342UM\n-5142OU\n"));
    let back = csa::parse_csa(&written, None).unwrap();
    assert_eq!(back.start, k.start);
    assert_eq!(back.moves, k.moves);
    // Shift_JIS bytes read the same.
    let sjis = tsumi_notation::text_encoding::encode_shift_jis(V22).unwrap();
    let from_sjis = csa::parse_csa_bytes(&sjis, None).unwrap();
    assert_eq!(from_sjis, vec![csa::parse_csa(V22, None).unwrap()]);
}

/// The writers check every move with the one replay routine: an illegal
/// move (here 7g7f played twice) is an error naming it, in KIF, in CSA and
/// in a Japanese line alike.
#[test]
fn writers_reject_an_illegal_move() {
    use tsumi_core::Move;
    use tsumi_notation::japanese::pv_to_japanese;
    let start = Position::startpos();
    let moves: Vec<Move> = ["7g7f", "3c3d", "7g7f"]
        .iter()
        .map(|u| Move::from_usi(u).unwrap())
        .collect();
    let kif_err = kif::to_kif(&kif::KifRecord::new(start.clone(), moves.clone())).unwrap_err();
    let csa_err = csa::to_csa(&CsaRecord::new(start.clone(), moves.clone())).unwrap_err();
    let pv_err = pv_to_japanese(&start, &moves).unwrap_err();
    for e in [&kif_err, &csa_err] {
        assert!(
            e.message.starts_with("move 3 (7g7f) is not legal in "),
            "{e}"
        );
    }
    assert!(
        pv_err
            .message
            .starts_with("in the line: move 3 (7g7f) is not legal in "),
        "{pv_err}"
    );
    // The first two moves are fine on their own.
    assert!(kif::to_kif(&kif::KifRecord::new(start.clone(), moves[..2].to_vec())).is_ok());
    assert_eq!(
        pv_to_japanese(&start, &moves[..2]).unwrap(),
        "▲７六歩 △３四歩"
    );
}
