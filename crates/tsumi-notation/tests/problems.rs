//! Problem files in each format.

use tsumi_notation::problem::{
    self, detect_format, parse_problems, read_problems, with_defender_holding_rest, ProblemFormat,
};
use tsumi_notation::text_encoding::encode_shift_jis;

const SAMPLE_PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/formats/kyogaku-no-koya-59.kif"
);
const SAMPLE_SFEN: &str = "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1";

#[test]
fn kif_file() {
    let ps = read_problems(SAMPLE_PATH).unwrap();
    assert_eq!(ps.len(), 1);
    let p = &ps[0];
    assert_eq!(p.name, "驚愕の曠野");
    assert_eq!(p.position.to_sfen(), SAMPLE_SFEN);
    assert_eq!(p.solution.len(), 59);
    assert_eq!(p.source.file, SAMPLE_PATH);
    assert_eq!(p.source.line, 1);
    // Without a name the content decides, in either encoding.
    let text = std::fs::read_to_string(SAMPLE_PATH).unwrap();
    assert_eq!(detect_format(&text, None), ProblemFormat::Kif);
    let sjis = encode_shift_jis(&text).unwrap();
    let q = parse_problems(&sjis, None).unwrap();
    assert_eq!(q[0].position, p.position);
    assert_eq!(q[0].solution, p.solution);
}

#[test]
fn kif_problem_without_white_hand_gets_the_rest() {
    let text = "作品名：テスト\n先手の持駒：金\n\
                +---------------------------+\n\
                | ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n\
                | ・ ・ ・ ・ 歩 ・ ・ ・ ・|三\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n\
                +---------------------------+\n";
    let ps = parse_problems(text, Some("t.kif")).unwrap();
    assert_eq!(
        ps[0].position.to_sfen(),
        "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
    );
    assert!(ps[0].solution.is_empty());
}

#[test]
fn csa_file_with_several_problems() {
    let text =
        "'two problems\nV2.2\n$EVENT:one\nP-51OU\nP+53FU\nP+00KI\nP-00AL\n+\n+0052KI\n%TSUMI\n/\n\
                V2.2\nP-51OU\nP+00KI00KI\n+\n";
    assert_eq!(detect_format(text, None), ProblemFormat::Csa);
    let ps = parse_problems(text, Some("set.csa")).unwrap();
    assert_eq!(ps.len(), 2);
    assert_eq!(ps[0].name, "one");
    assert_eq!(ps[0].solution.len(), 1);
    assert_eq!(ps[1].name, "set.csa:12");
    assert_eq!(ps[1].source.line, 12);
    // CSA is explicit: no P- hand means White holds nothing.
    assert_eq!(ps[1].position.to_sfen(), "4k4/9/9/9/9/9/9/9/9 b 2G 1");
    // The solver may ask for the convention.
    assert_eq!(
        with_defender_holding_rest(&ps[1].position)
            .unwrap()
            .to_sfen(),
        "4k4/9/9/9/9/9/9/9/9 b 2G2r2b2g4s4n4l18p 1"
    );
}

#[test]
fn sfen_lines_from_the_shared_problem_set() {
    // The first lines of the project's tsume set (sfen, length, line): a
    // number after the SFEN is the published length (0: no mate), the
    // next field the name.
    let text = "# sfen\tlength\tline\n\
                9/9/1k7/9/1P1p5/l1b1P4/9/9/9 b N2rb4g4s3n3l15p 1\t0\tnomate\n\
                9/4k4/9/9/9/4P4/9/9/9 b RNPr2b4g4s3n4l16p 1\t0\tnomate\n";
    let ps = parse_problems(text, None).unwrap();
    assert_eq!(ps.len(), 2);
    assert_eq!(ps[0].name, "nomate");
    assert_eq!(ps[0].length, Some(0));
    assert_eq!(ps[1].source.line, 3);
    for p in &ps {
        // These already give the defender the rest.
        assert!(tsumi_notation::remaining::holds_rest(
            &p.position,
            tsumi_core::Color::White
        ));
        assert_eq!(with_defender_holding_rest(&p.position).unwrap(), p.position);
    }
    // Written back and read again.
    let again = parse_problems(problem::problems_to_sfen_lines(&ps), None).unwrap();
    assert_eq!(again, {
        let mut v = ps.clone();
        for (i, p) in v.iter_mut().enumerate() {
            p.source.line = i + 1;
        }
        v
    });
}

#[test]
fn errors_name_the_file() {
    let e = parse_problems("4k4/9/9/9/9/9/9/9/9 b X 1\n", Some("bad.sfen"))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("bad.sfen:1: bad SFEN: bad hand"), "{e}");
    let e = read_problems("/nonexistent/p.sfen")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("/nonexistent/p.sfen: cannot read"), "{e}");
    let e = parse_problems("P-51OU\n+\n+0052KI\n", Some("p.csa"))
        .unwrap_err()
        .to_string();
    assert_eq!(e, "p.csa:3: move 1: illegal move '+0052KI'");
    assert_eq!(
        parse_problems("", None).unwrap(),
        Vec::<problem::Problem>::new()
    );
}
