//! Properties of the search machinery: proof and disproof pieces are
//! sound, repetitions disprove, a small table still gives exact answers,
//! and the limits stop a search.

mod common;

use common::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tsumi_core::{Color, Hand, PieceType, Position};
use tsumi_mate::{Limits, Solver, SolverConfig, Verdict};

/// `pos` with the attacker holding `hand` (capped at what is in play) and
/// the defender every other piece the two hands held.
fn with_attacker_hand(pos: &Position, hand: Hand) -> Position {
    let attacker = pos.side_to_move();
    let a = pos.hand(attacker);
    let d = pos.hand(attacker.flip());
    let mut na = Hand::EMPTY;
    let mut nd = Hand::EMPTY;
    for k in PieceType::HAND {
        let total = a.count(k) + d.count(k);
        let mine = hand.count(k).min(total);
        na.set_count(k, mine);
        nd.set_count(k, total - mine);
    }
    let mut q = pos.clone();
    q.set_hand(attacker, na);
    q.set_hand(attacker.flip(), nd);
    q.validate_relaxed().expect("same pieces, same board");
    q
}

#[test]
fn proof_pieces_suffice_for_the_same_length() {
    let mut solver = solver(16, Limits::nodes(3_000_000));
    let mut smaller = 0;
    for p in dev_problems()
        .into_iter()
        .filter(|p| p.length > 0 && p.length <= 11)
    {
        let pos = position(&p.sfen);
        let s = solve_checked(&mut solver, &p.sfen);
        assert_eq!(s.length, Some(p.length));
        let pieces = s.pieces.expect("a mate has proof pieces");
        let hand = pos.hand(pos.side_to_move());
        assert!(hand.is_superior_or_equal(pieces), "line {}", p.line_no);
        if pieces != hand {
            smaller += 1;
            let q = with_attacker_hand(&pos, pieces);
            let t = solve_checked(&mut solver, &q.to_sfen());
            assert_eq!(
                t.verdict,
                Verdict::Mate,
                "line {}: {}",
                p.line_no,
                q.to_sfen()
            );
            assert_eq!(
                t.length,
                Some(p.length),
                "line {}: {}",
                p.line_no,
                q.to_sfen()
            );
        }
    }
    assert!(smaller > 10, "proof pieces are often smaller than the hand");
}

#[test]
fn disproof_pieces_keep_the_disproof() {
    // Bounded to one ply: every no-mate-in-1 position, with the attacker
    // given all that its disproof pieces allow, still has no mate in 1.
    let mut bounded = Solver::new(SolverConfig {
        hash_mb: 4,
        max_ply: 1,
        ..SolverConfig::default()
    });
    let mut larger = 0;
    for sfen in sfen_lines(include_str!("data/no-mate-1-ply.txt")) {
        let pos = position(&sfen);
        let s = solve_checked(&mut bounded, &sfen);
        let pieces = s.pieces.expect("a disproof has disproof pieces");
        let hand = pos.hand(pos.side_to_move());
        assert!(hand.is_inferior_or_equal(pieces), "{sfen}");
        let q = with_attacker_hand(&pos, pieces);
        if q.hand(q.side_to_move()) != hand {
            larger += 1;
            let t = solve_checked(&mut bounded, &q.to_sfen());
            assert_ne!(t.verdict, Verdict::Mate, "{}", q.to_sfen());
        }
    }
    assert!(larger > 100);
    // Unbounded: the dev set's proven no-mates.
    let mut solver = solver(16, Limits::nodes(3_000_000));
    for p in dev_problems().into_iter().filter(|p| p.length == 0) {
        let pos = position(&p.sfen);
        let s = solve_checked(&mut solver, &p.sfen);
        assert_eq!(s.verdict, Verdict::NoMate);
        let q = with_attacker_hand(&pos, s.pieces.unwrap());
        let t = solve_checked(&mut solver, &q.to_sfen());
        assert_eq!(
            t.verdict,
            Verdict::NoMate,
            "line {}: {}",
            p.line_no,
            q.to_sfen()
        );
    }
}

#[test]
fn perpetual_check_is_no_mate() {
    // The attacker can check for ever but never mate: the repetitions
    // disprove every line, and the verdict is a real "no mate", not a
    // search that ran into its depth bound.
    let mut solver = solver(16, Limits::nodes(2_000_000));
    for sfen in [
        "4k4/9/9/9/9/9/9/9/3+R5 b - 1",
        "4k4/9/9/9/9/9/9/9/9 b R 1",
        "8k/9/9/9/9/9/9/9/1+R7 b - 1",
        // The same with White attacking.
        "1+r7/9/9/9/9/9/9/9/K8 w - 1",
    ] {
        let s = solve_checked(&mut solver, sfen);
        assert_eq!(s.verdict, Verdict::NoMate, "{sfen}");
    }
}

#[test]
fn a_tiny_table_still_gives_exact_answers() {
    // 1 MiB holds 32768 entries; these problems visit far more nodes, so
    // buckets overflow and the garbage collector runs.
    let mut solver = solver(1, Limits::nodes(10_000_000));
    let mut collected = false;
    for p in dev_problems()
        .into_iter()
        .filter(|p| [11, 13].contains(&p.length))
        .take(4)
    {
        let s = solve_checked(&mut solver, &p.sfen);
        assert_eq!(solved_length(&s), Some(p.length), "line {}", p.line_no);
        assert!(s.table.used <= s.table.capacity);
        collected |= s.table.collections > 0;
    }
    assert!(collected, "the table filled up and was collected");
}

#[test]
fn limits_stop_the_search() {
    // A problem that needs about a million nodes.
    let hard = dev_problems()
        .into_iter()
        .find(|p| p.line_no == 26)
        .unwrap()
        .sfen;
    let pos = position(&hard);

    let mut s = solver(16, Limits::nodes(10_000));
    let r = s.solve(&pos).unwrap();
    assert_eq!(r.verdict, Verdict::Unknown);
    assert!(r.nodes <= 10_000 + 1);

    let mut s = solver(
        16,
        Limits {
            time: Some(Duration::from_millis(200)),
            ..Limits::default()
        },
    );
    let t = Instant::now();
    assert_stopped(&s.solve(&pos).unwrap());
    assert!(t.elapsed() < Duration::from_secs(5));

    let flag = Arc::new(AtomicBool::new(false));
    let mut s = solver(16, Limits::default());
    s.set_stop(Some(flag.clone()));
    let raiser = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let t = Instant::now();
    assert_stopped(&s.solve(&pos).unwrap());
    assert!(t.elapsed() < Duration::from_secs(5));
    raiser.join().unwrap();
}

/// A search stopped early on a problem that has a mate: unknown, or a mate
/// found before the stop but not proven shortest.
fn assert_stopped(s: &tsumi_mate::Solution) {
    match s.verdict {
        Verdict::Unknown => assert!(s.pv.is_empty()),
        Verdict::Mate => assert!(!s.proven_shortest, "proven in time: {s:?}"),
        Verdict::NoMate => panic!("no mate on a problem with a mate"),
    }
}

#[test]
fn either_colour_attacks() {
    // The same problem mirrored: White attacking gives the same length.
    let mut solver = solver(16, Limits::nodes(3_000_000));
    for p in dev_problems()
        .into_iter()
        .filter(|p| p.length <= 9)
        .take(40)
    {
        let pos = position(&p.sfen);
        let flipped = mirror(&pos);
        assert_eq!(flipped.side_to_move(), Color::White);
        let s = solve_checked(&mut solver, &flipped.to_sfen());
        assert_eq!(solved_length(&s), Some(p.length), "line {}", p.line_no);
    }
}

/// The position turned 180 degrees with the colours swapped.
fn mirror(pos: &Position) -> Position {
    use tsumi_core::{Piece, Square};
    let mut q = Position::empty();
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            q.put(sq.flip(), Piece::new(p.color.flip(), p.kind));
        }
    }
    q.set_hand(Color::Black, pos.hand(Color::White));
    q.set_hand(Color::White, pos.hand(Color::Black));
    q.set_side_to_move(pos.side_to_move().flip());
    q.validate_relaxed()
        .expect("a mirrored legal position is legal");
    q
}
