//! The check, evasion and mate-in-one generators against the legal move
//! generator (itself tested by perft and the nshogi oracle), over the
//! oracle positions, the perft positions, random playouts and the nshogi
//! mate-in-one collections.
//!
//! Categories are judged by playing each move and looking at who attacks
//! the king afterwards, independently of `gives_check`:
//! - direct: a board move after which the moved piece attacks the king;
//! - discovered: a board move after which some other piece of ours does;
//! - drop: a drop after which the king is in check.

mod common;

use common::{move_set, oracle_positions, perft_positions, playout_positions, sfen_positions};
use std::collections::BTreeSet;
use tsumi_core::checkgen::mate_in_1;
use tsumi_core::evasion::EvasionCount;
use tsumi_core::mate1::{mates, MateFilter};
use tsumi_core::{Bitboard, Color, Move, MoveList, Piece, PieceType, Position, Square};

/// The list as a set, after asserting it has no duplicates.
fn set_without_duplicates(pos: &Position, list: &MoveList, what: &str) -> BTreeSet<Move> {
    let set = move_set(list);
    assert_eq!(
        set.len(),
        list.len(),
        "{what}: duplicates in {}",
        pos.to_sfen()
    );
    set
}

fn show(set: &BTreeSet<Move>) -> Vec<String> {
    set.iter().map(|m| m.to_usi()).collect()
}

fn assert_same(pos: &Position, got: &BTreeSet<Move>, want: &BTreeSet<Move>, what: &str) {
    if got != want {
        panic!(
            "{what}: {}: missing {:?}, extra {:?}",
            pos.to_sfen(),
            show(&want.difference(got).copied().collect()),
            show(&got.difference(want).copied().collect())
        );
    }
}

/// The reference sets of one position, from the legal move generator.
struct Reference {
    legal: BTreeSet<Move>,
    /// Legal moves with `gives_check`.
    checks: BTreeSet<Move>,
    direct: BTreeSet<Move>,
    discovered: BTreeSet<Move>,
    drops: BTreeSet<Move>,
}

fn reference(pos: &Position) -> Reference {
    let legal = move_set(&pos.legal_moves());
    let mut r = Reference {
        checks: legal
            .iter()
            .copied()
            .filter(|&m| pos.gives_check(m))
            .collect(),
        legal,
        direct: BTreeSet::new(),
        discovered: BTreeSet::new(),
        drops: BTreeSet::new(),
    };
    let mut after = pos.clone();
    for &m in &r.legal {
        after.do_move(m);
        let checkers = after.checkers();
        let to = Bitboard::from_square(m.to());
        if m.is_drop() {
            if checkers.any() {
                r.drops.insert(m);
            }
        } else {
            if (checkers & to).any() {
                r.direct.insert(m);
            }
            if checkers.and_not(to).any() {
                r.discovered.insert(m);
            }
        }
        after.undo_move();
    }
    r
}

/// Every generator of this module on one position, against the reference.
fn check_position(pos: &Position) {
    let r = reference(pos);
    let gen = |f: fn(&Position, &mut MoveList), what: &str| {
        let mut list = MoveList::new();
        f(pos, &mut list);
        set_without_duplicates(pos, &list, what)
    };
    let checks = gen(Position::generate_checks, "checks");
    assert_same(pos, &checks, &r.checks, "generate_checks vs gives_check");
    let direct = gen(Position::generate_direct_checks, "direct");
    assert_same(pos, &direct, &r.direct, "direct checks");
    let discovered = gen(Position::generate_discovered_checks, "discovered");
    assert_same(pos, &discovered, &r.discovered, "discovered checks");
    let drops = gen(Position::generate_drop_checks, "drops");
    assert_same(pos, &drops, &r.drops, "drop checks");
    let union: BTreeSet<Move> = direct.union(&discovered).chain(&drops).copied().collect();
    assert_same(pos, &union, &checks, "union of the categories");
    // Outside check the evasion generator falls back to every legal move.
    let evasions = gen(Position::generate_evasions, "evasions");
    assert_same(pos, &evasions, &r.legal, "evasions");
    assert_count_matches(pos);
    assert_eq!(
        pos.is_mated(),
        pos.is_checkmate(),
        "is_mated: {}",
        pos.to_sfen()
    );
}

/// `count_evasions` counts the legal moves as they are: board moves,
/// drops, and the squares dropped on.
fn assert_count_matches(pos: &Position) {
    let legal = pos.legal_moves();
    let mut want = EvasionCount::default();
    for m in legal.iter() {
        if m.is_drop() {
            want.drops += 1;
            want.drop_squares.set(m.to());
        } else {
            want.moves += 1;
        }
    }
    assert_eq!(
        pos.count_evasions(),
        want,
        "count_evasions: {}",
        pos.to_sfen()
    );
    assert_eq!(EvasionCount::of_moves(&legal), want);
}

/// Runs [`check_position`] on `positions`; returns how many were in check
/// and how many had a discovered check, so callers can see that the
/// interesting cases occur.
fn check_all(positions: &[Position]) -> (usize, usize) {
    let mut in_check = 0;
    let mut with_discovered = 0;
    for pos in positions {
        check_position(pos);
        in_check += pos.in_check() as usize;
        let mut list = MoveList::new();
        pos.generate_discovered_checks(&mut list);
        with_discovered += !list.is_empty() as usize;
    }
    (in_check, with_discovered)
}

#[test]
fn oracle_positions_all_generators() {
    for text in [
        include_str!("data/legal-checks.txt"),
        include_str!("data/legal-moves.txt"),
    ] {
        let cases = oracle_positions(text);
        let positions: Vec<Position> = cases.into_iter().map(|c| c.pos).collect();
        // None of these positions is in check; the playouts cover that.
        let (_, disc) = check_all(&positions);
        assert!(disc > 50, "{disc} with discovered checks");
    }
}

#[test]
fn perft_positions_all_generators() {
    let positions = perft_positions();
    assert!(positions.len() >= 10);
    check_all(&positions);
}

#[test]
fn playout_positions_all_generators() {
    let mut starts = perft_positions();
    starts.extend(
        sfen_positions(include_str!("data/mate-1-ply.txt"))
            .into_iter()
            .take(200),
    );
    let positions = playout_positions(&starts, 400, 40, 0x5EED_C0DE);
    assert!(positions.len() > 5000, "{}", positions.len());
    let (in_check, disc) = check_all(&positions);
    eprintln!(
        "{} playout positions, {in_check} in check, {disc} with discovered checks",
        positions.len()
    );
    assert!(
        in_check > 1000 && disc > 100,
        "{in_check} in check, {disc} with discovered checks"
    );
}

/// Positions one check away from each mate-in-one position: many of them
/// are mated, so `is_mated` meets both answers often.
#[test]
fn is_mated_after_checks() {
    let mut mated = 0;
    let mut not_mated = 0;
    for text in [
        include_str!("data/mate-1-ply.txt"),
        include_str!("data/no-mate-1-ply.txt"),
    ] {
        for mut pos in sfen_positions(text) {
            let mut checks = MoveList::new();
            pos.generate_checks(&mut checks);
            for &m in checks.iter() {
                pos.do_move(m);
                let expected = pos.is_checkmate();
                assert_eq!(pos.is_mated(), expected, "is_mated: {}", pos.to_sfen());
                if expected {
                    mated += 1;
                } else {
                    not_mated += 1;
                }
                let mut ev = MoveList::new();
                pos.generate_evasions(&mut ev);
                let legal = move_set(&pos.legal_moves());
                assert_same(
                    &pos,
                    &set_without_duplicates(&pos, &ev, "evasions"),
                    &legal,
                    "evasions",
                );
                assert_count_matches(&pos);
                pos.undo_move();
            }
        }
    }
    assert!(
        mated > 1000 && not_mated > 1000,
        "{mated} mated, {not_mated} not"
    );
}

/// A mating move found by trying every legal move (no use of the check
/// generator or `is_mated`).
fn brute_force_mate(pos: &mut Position) -> Option<Move> {
    pos.legal_moves().iter().copied().find(|&m| {
        pos.do_move(m);
        let mate = pos.is_checkmate();
        pos.undo_move();
        mate
    })
}

#[test]
fn mate_in_1_on_mate_collection() {
    let positions = sfen_positions(include_str!("data/mate-1-ply.txt"));
    assert_eq!(positions.len(), 1568);
    let mut white = 0;
    for mut pos in positions {
        let sfen = pos.to_sfen();
        white += (pos.side_to_move() == Color::White) as usize;
        assert!(
            brute_force_mate(&mut pos).is_some(),
            "{sfen} has no mate in 1"
        );
        let m =
            mate_in_1(&mut pos).unwrap_or_else(|| panic!("mate_in_1 missed the mate in {sfen}"));
        assert_eq!(pos.to_sfen(), sfen, "mate_in_1 changed the position");
        assert!(
            pos.legal_moves().contains(m),
            "{sfen}: {} is not legal",
            m.to_usi()
        );
        pos.do_move(m);
        assert!(pos.is_checkmate(), "{sfen}: {} does not mate", m.to_usi());
    }
    assert!(white > 100, "only {white} with White to move");
}

#[test]
fn mate_in_1_on_no_mate_collection() {
    let positions = sfen_positions(include_str!("data/no-mate-1-ply.txt"));
    assert_eq!(positions.len(), 1574);
    for mut pos in positions {
        let sfen = pos.to_sfen();
        assert_eq!(brute_force_mate(&mut pos), None, "{sfen} has a mate in 1");
        assert_eq!(mate_in_1(&mut pos), None, "{sfen}");
        assert_eq!(pos.to_sfen(), sfen, "mate_in_1 changed the position");
    }
}

#[test]
fn mate_in_1_on_playouts() {
    let mut starts = sfen_positions(include_str!("data/mate-1-ply.txt"));
    starts.truncate(300);
    let positions = playout_positions(&starts, 300, 12, 0xFACE_FEED);
    let mut found = 0;
    for mut pos in positions {
        let brute = brute_force_mate(&mut pos);
        let fast = mate_in_1(&mut pos);
        assert_eq!(brute.is_some(), fast.is_some(), "{}", pos.to_sfen());
        if let Some(m) = fast {
            pos.do_move(m);
            assert!(pos.is_checkmate(), "{}", m.to_usi());
            found += 1;
        }
    }
    assert!(found > 100, "{found}");
}

/// Every check of `pos` that the mate filter rules out does not mate
/// when played (checked with the full legal move list), and leaves the
/// defender a legal board move. Returns the
/// checks seen and those ruled out.
fn filter_rules_out_no_mate(pos: &mut Position) -> (usize, usize) {
    let Some(filter) = MateFilter::new(pos) else {
        return (0, 0);
    };
    let mut checks = MoveList::new();
    pos.generate_checks(&mut checks);
    let mut out = 0;
    for &m in checks.iter() {
        if filter.cannot_mate(pos, m) {
            out += 1;
            pos.do_move(m);
            let mate = pos.is_checkmate();
            let board_reply = pos.legal_moves().iter().any(|r| !r.is_drop());
            pos.undo_move();
            assert!(
                !mate,
                "{}: {} mates but was ruled out",
                pos.to_sfen(),
                m.to_usi()
            );
            // The solver's last-ply OR nodes rest on this: a check ruled
            // out leaves the defender a board move, not only drops.
            assert!(
                board_reply,
                "{}: {} was ruled out but leaves only drops",
                pos.to_sfen(),
                m.to_usi()
            );
        }
        assert_eq!(
            mates(pos, m),
            {
                pos.do_move(m);
                let mate = pos.is_checkmate();
                pos.undo_move();
                mate
            },
            "{}: {}",
            pos.to_sfen(),
            m.to_usi()
        );
    }
    (checks.len(), out)
}

#[test]
fn mate_filter_rules_out_only_checks_that_do_not_mate() {
    let mut starts = sfen_positions(include_str!("data/mate-1-ply.txt"));
    starts.extend(sfen_positions(include_str!("data/no-mate-1-ply.txt")));
    let mut positions = playout_positions(&starts[..300], 300, 12, 0x5EED_0001);
    positions.extend(starts);
    // Positions after a check and an evasion: where a mate in three
    // looks for its last move.
    let mut deeper = Vec::new();
    for pos in positions.iter().take(1500) {
        let mut p = pos.clone();
        let mut checks = MoveList::new();
        p.generate_checks(&mut checks);
        for &m in checks.iter().take(4) {
            p.do_move(m);
            for &e in p.legal_moves().iter().take(3) {
                let mut q = p.clone();
                q.do_move(e);
                deeper.push(q);
            }
            p.undo_move();
        }
    }
    positions.extend(deeper);
    let (mut checks, mut out) = (0, 0);
    for mut pos in positions {
        let (c, o) = filter_rules_out_no_mate(&mut pos);
        checks += c;
        out += o;
    }
    eprintln!("mate filter: {out} of {checks} ruled out");
    assert!(checks > 50_000, "{checks}");
    // The filter is there to rule most checks out.
    assert!(out * 2 > checks, "{out} of {checks}");
}

fn usi_set(list: &[&str]) -> BTreeSet<Move> {
    list.iter().map(|s| Move::from_usi(s).unwrap()).collect()
}

fn generated(pos: &Position, f: fn(&Position, &mut MoveList)) -> BTreeSet<Move> {
    let mut list = MoveList::new();
    f(pos, &mut list);
    move_set(&list)
}

/// Cases too rare in the collections and playouts to be met there, each
/// also run through [`check_position`].
#[test]
fn hand_made_positions() {
    // Our king is the only piece between our rook and the enemy king:
    // stepping off the file discovers check, stepping along it does not.
    let pos = Position::from_sfen("4k4/9/9/9/4K4/9/9/9/4R4 b - 1").unwrap();
    check_position(&pos);
    let want = usi_set(&["5e4d", "5e6d", "5e4e", "5e6e", "5e4f", "5e6f"]);
    assert_eq!(generated(&pos, Position::generate_discovered_checks), want);
    assert_eq!(generated(&pos, Position::generate_checks), want);

    // Black is in check from the bishop on 6a (pinned to its king by the
    // rook on 9a). A pawn dropped on 5b would block and mate at once
    // (打ち歩詰め), so it is no evasion; pawns on 4c and 3d are.
    let pos = Position::from_sfen("R2bkl3/9/4G4/9/7K1/9/9/9/9 b P 1").unwrap();
    assert!(pos.in_check());
    check_position(&pos);
    let ev = generated(&pos, Position::generate_evasions);
    assert!(!ev.contains(&Move::from_usi("P*5b").unwrap()));
    assert!(ev.contains(&Move::from_usi("P*4c").unwrap()));
    assert!(ev.contains(&Move::from_usi("P*3d").unwrap()));
    assert!(ev.contains(&Move::from_usi("9a6a").unwrap()));
    assert!(!pos.is_mated());

    // Checked along the last rank with only a lance, a knight and a pawn
    // in hand: none may be dropped there, so it is mate; a silver in hand
    // could block.
    let pos = Position::from_sfen("r7K/9/7gg/9/9/9/9/9/k8 b LNP 1").unwrap();
    check_position(&pos);
    assert!(pos.is_mated());
    let pos = Position::from_sfen("r7K/9/7gg/9/9/9/9/9/k8 b S 1").unwrap();
    check_position(&pos);
    assert!(!pos.is_mated());
    assert_eq!(generated(&pos, Position::generate_evasions).len(), 7);

    // Double check by a rook and a bishop: only king moves answer it,
    // though a gold in hand and one on the board could each meet one.
    let pos = Position::from_sfen("4r3b/9/9/9/4K4/9/4G4/9/k8 b G 1").unwrap();
    assert!(pos.checkers().more_than_one());
    check_position(&pos);
    let ev = generated(&pos, Position::generate_evasions);
    assert!(!ev.is_empty());
    assert!(ev.iter().all(|m| m.from() == Square::from_usi("5e")));
}

/// Every placement of one attacking piece (each kind, promoted ones
/// included, either colour) against a lone enemy king, the attacker having
/// no king: the checks generated must be exactly the legal moves that
/// give check. This covers every geometry of direct checks, including
/// promotions into and out of the zone and far knight and lance checks.
#[test]
fn single_piece_geometries() {
    let mut positions = 0;
    let mut checks = 0;
    for us in Color::ALL {
        for kind in PieceType::ALL {
            if kind == PieceType::King {
                continue;
            }
            for ek in Square::all() {
                for from in Square::all() {
                    if from == ek {
                        continue;
                    }
                    let mut pos = Position::empty();
                    pos.put(ek, Piece::new(us.flip(), PieceType::King));
                    pos.put(from, Piece::new(us, kind));
                    pos.set_side_to_move(us);
                    if pos.validate().is_err() {
                        continue;
                    }
                    positions += 1;
                    let want: BTreeSet<Move> = pos
                        .legal_moves()
                        .iter()
                        .copied()
                        .filter(|&m| pos.gives_check(m))
                        .collect();
                    let got = generated(&pos, Position::generate_checks);
                    assert_same(&pos, &got, &want, "single piece checks");
                    let direct = generated(&pos, Position::generate_direct_checks);
                    assert_same(&pos, &direct, &want, "single piece direct checks");
                    checks += want.len();
                }
            }
        }
    }
    assert!(
        positions > 100_000 && checks > 50_000,
        "{positions} {checks}"
    );
}

/// Positions the `movegen` fuzz target found (docs/fuzzing.md), checked
/// with every generator. The first: a White pawn on 5九 (a dead piece,
/// readable only by the relaxed reader) was shifted by the check
/// generator into 6一, giving the impossible "checks" 5i6a and 5i6a+.
#[test]
fn fuzz_found_positions() {
    const FOUND: &[&str] = &["7RS/3K5/9/9/4P+L3/4+b4/1+l7/4k4/4p1R2 w - 18"];
    for sfen in FOUND {
        let pos = Position::from_sfen_relaxed(sfen).unwrap();
        check_position(&pos);
    }
}
