//! The line conventions of `Defence::NoLeftover` (`--defence auto` under
//! the 無駄合 rule): a spare-piece (駒余り) variation is not followed, and
//! the soundness report lists it beside the 変長; a detour (迂回) that
//! declines a capture (a shorter defence takes a piece that this one takes
//! two plies later) is not followed either, nor one that interposes where
//! a shorter defence interposes elsewhere; a detour of another
//! kind is followed as any longer defence is; `Defence::Longest` follows
//! the longest defence in all four.
//!
//! The positions come from YaneuraOu's mate-in-N collection
//! (`../shared/data/tsume/mate-7-ply.txt` line 146, `mate-9-ply.txt` line
//! 117, and `mate-11-ply.txt` line 580 with one of the attacker's two
//! pawns given to the defender, so that no line leaves a piece). Their defences' exact lengths, the spare pieces and the lines
//! were checked with an independent minimax over cshogi's move generator,
//! `scripts/spare-detour-oracle.py` (every interposition counted; no
//! interposition occurs in these lines, so the 無駄合 rule changes
//! nothing):
//!
//! - spare piece (White mates): after 8h7h, the king's 7g6g is mated in
//!   6 more plies and some mate of that length ends with a piece in the
//!   attacker's hand (`spare: true`), though another leaves none; 7g7f is
//!   mated at once by R*7g and leaves nothing;
//! - detour: after R*7b, 9b8c lasts 8 more plies, but its line (7b6b+
//!   8c9c 6b7c: the rook promotes on 6b and comes back) reaches at ply 5
//!   the position that 9b9c 7b7c+ reaches at ply 3;
//! - declined capture: after 6c8a+ 9b8a 6b7b, the king's 8a9b lasts 8
//!   plies (the defence included), 8a7b, which takes the silver, 6; 8a9b
//!   declines the capture, and its line (7b8b 9b8b 7d7c) takes the silver
//!   two plies later and reaches at its ply 5 the position 8a7b 7d7c
//!   reaches at ply 3 (`--check 6b7b` from the position after 9b8a).
//! - another interposition: a random position (one of 17,039 made by a
//!   script to look for this case, the only one found), checked the same
//!   way with `--check L*8e`: the pawn interposed on 8b is mated in 8
//!   plies (the defence included), on 8c in 6, and the line of 8b
//!   (6b6a 8a9b S*8c 8b8c 6a7b) reaches at its ply 6 the position the line
//!   of 8c (S*9b 8a9b 6b7b) reaches at ply 4; on 8d, also 6, some shortest
//!   mate leaves a piece.

use tsumi_core::{Move, Position};
use tsumi_mate::detour::DetourKind;
use tsumi_mate::report::Report;
use tsumi_mate::short_defence::DefenceScan;
use tsumi_mate::{check_mate_line, Defence, Limits, Solution, Solver, SolverConfig, Verdict};

const SPARE: &str =
    "2+S5l/+B1g1+P1gsk/P1pp1pNp1/LG1l4p/5N1P1/bP1P1Pp1g/2K2S3/1+l5+n1/6s2 w RN6Pr 1";
const DETOUR: &str = "l2+B4l/k3+N1P2/2n4g1/p1s1P1p1p/1pppS2p1/PP6P/1GSP+bS3/2KGg4/LN2r2NL b R5p 1";
const DECLINED: &str =
    "l6+Pl/k2+S2g2/2nB3s1/p1Gpp3p/1N2npB2/P1pPS1p1P/1+rN2P3/2S1K4/2+r2G2L b Pgl5p 1";
const INTERPOSED: &str = "1k7/2l+R5/9/9/9/9/9/9/9 b SLp 1";

fn solve(sfen: &str, defence: Option<Defence>) -> (Position, Solver, Solution) {
    let pos = Position::from_sfen(sfen).unwrap();
    let mut config = SolverConfig {
        hash_mb: 16,
        ..SolverConfig::standard()
    };
    if let Some(d) = defence {
        config.defence = d;
    }
    let mut solver = Solver::new(config);
    let s = solver.solve(&pos).unwrap();
    assert_eq!(s.verdict, Verdict::Mate, "{sfen}");
    assert!(s.proven_shortest, "{sfen}");
    check_mate_line(&pos, &s.pv).unwrap();
    (pos, solver, s)
}

fn usi(line: &[Move]) -> Vec<String> {
    line.iter().map(|m| m.to_usi()).collect()
}

#[test]
fn auto_is_no_leftover_under_the_rule() {
    assert_eq!(SolverConfig::standard().defence, Defence::NoLeftover);
}

#[test]
fn a_spare_piece_variation_is_not_followed() {
    // auto: the line follows 7g7f; the proven length is given beside it.
    let (pos, mut solver, s) = solve(SPARE, None);
    assert_eq!(usi(&s.pv), ["8h7h", "7g7f", "R*7g"]);
    assert_eq!(s.length, Some(3));
    assert_eq!(s.longest_defence, Some(7));
    assert!(s.leftover.is_empty());
    let r = solver.report(&pos, &s, &Limits::none()).unwrap().unwrap();
    assert!(r.proves_mate(), "{:?}", r.longer_defences);
    let d = &r.longer_defences[0];
    assert_eq!(
        (d.ply, d.mv.to_usi(), d.length),
        (2, "7g6g".to_string(), Some(6))
    );
    // Its own line leaves nothing, but a mate of its length leaves a piece.
    assert_eq!(d.leftover.map(|h| h.is_empty()), Some(true));
    assert_eq!(d.spare_piece, Some(true));
    assert!(d.is_henchou() && !d.is_detour());
    assert_eq!(r.real_longer_defences().count(), 0);

    // longest: the longest defence, 7 plies, no piece left.
    let (_, _, s) = solve(SPARE, Some(Defence::Longest));
    assert_eq!(s.length, Some(7));
    assert_eq!(s.pv[1].to_usi(), "7g6g");
    assert_eq!(s.longest_defence, None);
    assert!(s.leftover.is_empty());
}

#[test]
fn a_shuffle_detour_is_followed_like_any_longer_defence() {
    // Under both conventions the line follows the longer defence 9b8c,
    // whose line rejoins the shorter 9b9c's two plies later with no
    // capture declined or added (the rook promotes on 6b and comes back):
    // following the shorter one in such a detour cost modern.tsv a
    // published length (yumei-0357), so it is not set aside (see
    // `principal_line.rs`).
    for defence in [None, Some(Defence::Longest)] {
        let (pos, mut solver, s) = solve(DETOUR, defence);
        assert_eq!(s.length, Some(9), "{defence:?}");
        assert_eq!(s.pv[1].to_usi(), "9b8c", "{defence:?}");
        assert_eq!(s.longest_defence, None, "{defence:?}");
        let r = solver.report(&pos, &s, &Limits::none()).unwrap().unwrap();
        assert!(r.proves_mate(), "{:?}", r.longer_defences);
        assert!(r.longer_defences.is_empty(), "{:?}", r.longer_defences);
    }
}

/// The report on the line `s` (under `auto`) of `pos`, returned: a proven
/// mate whose first longer defence is `mv` at `ply`, mated in `length`
/// plies (the defence included), leaving nothing and with no spare-piece
/// mate, a detour of `kind` that reaches the line's position after ply
/// `detour`, set aside, and no longer defence that is not set aside; and
/// the line, as an author's, has no short defence.
#[allow(clippy::too_many_arguments)]
fn assert_detour_set_aside(
    solver: &mut Solver,
    pos: &Position,
    s: &Solution,
    ply: u32,
    mv: &str,
    length: u32,
    kind: DetourKind,
    detour: u32,
) -> Report {
    let r = solver.report(pos, s, &Limits::none()).unwrap().unwrap();
    assert!(r.proves_mate(), "{:?}", r.longer_defences);
    let d = &r.longer_defences[0];
    assert_eq!(
        (d.ply, d.mv.to_usi(), d.length),
        (ply, mv.to_string(), Some(length))
    );
    assert_eq!(d.leftover.map(|h| h.is_empty()), Some(true));
    assert_eq!(d.spare_piece, Some(false));
    assert!(!d.is_henchou());
    assert_eq!(d.detour_kind, Some(kind));
    assert_eq!(d.detour, Some(detour));
    assert!(d.is_set_aside_detour());
    assert!(d.is_set_aside());
    assert_eq!(r.real_longer_defences().count(), 0);
    let scan = solver
        .first_short_defence(pos, &s.pv, &Limits::none())
        .unwrap();
    assert_eq!(scan, DefenceScan::AllLongest);
    r
}

/// Under `longest`: the solution of `sfen` (returned), and the author's
/// line `line` faulted at `ply`, where `mv` lasts longer.
fn assert_faulted_under_longest(sfen: &str, line: &[Move], ply: u32, mv: &str) -> Solution {
    let (pos, mut solver, long) = solve(sfen, Some(Defence::Longest));
    assert_eq!(long.longest_defence, None);
    let scan = solver
        .first_short_defence(&pos, line, &Limits::none())
        .unwrap();
    let DefenceScan::Short(short) = scan else {
        panic!("{scan:?}");
    };
    assert_eq!((short.ply, short.longest.to_usi()), (ply, mv.to_string()));
    long
}

#[test]
fn a_detour_that_declines_a_capture_is_not_followed() {
    // auto: the line takes the capture at once (8a7b); the proven length
    // is given beside it, and the report sets the detour aside.
    let (pos, mut solver, s) = solve(DECLINED, None);
    assert_eq!(
        usi(&s.pv),
        ["6c8a+", "9b8a", "6b7b", "8a7b", "7d7c", "7b8a", "P*8b", "8a9b", "N*8d"]
    );
    assert_eq!(s.longest_defence, Some(11));
    assert!(s.leftover.is_empty());
    // The author's line that takes the capture has no short defence.
    assert_detour_set_aside(
        &mut solver,
        &pos,
        &s,
        4,
        "8a9b",
        8,
        DetourKind::DeclinedCapture,
        6,
    );

    // longest: the detour is the longest defence, 11 plies, and the line
    // that takes the capture is faulted at ply 4.
    let long = assert_faulted_under_longest(DECLINED, &s.pv, 4, "8a9b");
    assert_eq!(long.length, Some(11));
    assert_eq!(long.pv[3].to_usi(), "8a9b");
}

#[test]
fn a_detour_by_another_interposition_is_not_followed() {
    // auto: the pawn is interposed on 8c, not on 8b, whose line only
    // comes round to 8c's position two plies later; 8d, as long as 8c, is
    // a spare-piece variation. The proven length is given beside the line.
    // The lance mates from any square of the file below 8c; which one the
    // line shows is the first mate's (8e before the first mate chained the
    // pawn's drops across unguarded squares, `chain.rs`).
    let (pos, mut solver, s) = solve(INTERPOSED, None);
    assert_eq!(
        usi(&s.pv),
        ["L*8g", "P*8c", "S*9b", "8a9b", "6b7b", "9b9a", "L*9b"]
    );
    assert_eq!(s.longest_defence, Some(9));
    assert!(s.leftover.is_empty());
    let r = assert_detour_set_aside(
        &mut solver,
        &pos,
        &s,
        2,
        "P*8b",
        8,
        DetourKind::Interposition,
        5,
    );
    assert_eq!(r.longer_defences.len(), 1, "{:?}", r.longer_defences);
    assert!(!r.longer_defences[0].declines_capture());

    // longest: 8b is the longest defence, 9 plies, and the line through
    // 8c is faulted at ply 2.
    let long = assert_faulted_under_longest(INTERPOSED, &s.pv, 2, "P*8b");
    assert_eq!(
        usi(&long.pv),
        ["L*8g", "P*8b", "6b6a", "8a9b", "S*8c", "8b8c", "6a7b", "9b9a", "L*9b"]
    );
}
