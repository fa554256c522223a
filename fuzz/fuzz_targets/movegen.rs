//! Move generation on arbitrary positions and playouts: every generated
//! move is legal (the mover's king is not attacked afterwards, and
//! `is_legal` agrees), the check, evasion and capture generators agree
//! with the legal list, and do/undo restores the position, both hands and
//! both hash parts, which always equal a from-scratch computation.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tsumi_core::{GenKind, Move, MoveList, Position};

fn snapshot(pos: &Position) -> (String, u64, u64, u64) {
    (
        pos.to_sfen(),
        pos.board_key(),
        pos.hand_key(),
        pos.checkers().lo ^ pos.checkers().hi.rotate_left(32),
    )
}

fn check_position(pos: &mut Position, probes: &[u8]) {
    let us = pos.side_to_move();
    let legal = pos.legal_moves();
    assert_eq!(
        (pos.board_key(), pos.hand_key()),
        pos.compute_keys_from_scratch(),
        "{}",
        pos.to_sfen()
    );
    let before = snapshot(pos);
    for &m in legal.iter() {
        assert!(pos.is_legal(m), "{m} in {}", before.0);
        let gives_check = pos.gives_check(m);
        pos.do_move(m);
        if let Some(k) = pos.king_square(us) {
            assert!(
                !pos.is_attacked(pos.side_to_move(), k),
                "{m} leaves the king in check in {}",
                before.0
            );
        }
        assert_eq!(
            pos.in_check(),
            gives_check,
            "gives_check {m} in {}",
            before.0
        );
        assert_eq!(
            (pos.board_key(), pos.hand_key()),
            pos.compute_keys_from_scratch(),
            "{m} in {}",
            before.0
        );
        assert_eq!(pos.undo_move(), Some(m));
        assert_eq!(snapshot(pos), before, "do/undo {m}");
    }
    // Captures and non-captures partition the legal moves.
    let mut caps = MoveList::new();
    pos.generate(GenKind::Captures, &mut caps);
    let mut quiet = MoveList::new();
    pos.generate(GenKind::NonCaptures, &mut quiet);
    assert_eq!(caps.len() + quiet.len(), legal.len(), "{}", before.0);
    for &m in caps.iter().chain(quiet.iter()) {
        assert!(legal.contains(m), "{m} in {}", before.0);
    }
    // The check generator lists exactly the legal checking moves.
    let mut checks = MoveList::new();
    pos.generate_checks(&mut checks);
    let want = legal.iter().filter(|&&m| pos.gives_check(m)).count();
    assert_eq!(checks.len(), want, "checks in {}", before.0);
    for &m in checks.iter() {
        assert!(
            legal.contains(m) && pos.gives_check(m),
            "check {m} in {}",
            before.0
        );
    }
    // Evasions are the legal moves when in check.
    if pos.in_check() {
        let mut ev = MoveList::new();
        pos.generate_evasions(&mut ev);
        assert_eq!(ev.len(), legal.len(), "evasions in {}", before.0);
        for &m in ev.iter() {
            assert!(legal.contains(m), "evasion {m} in {}", before.0);
        }
        assert_eq!(pos.is_checkmate(), legal.is_empty());
    }
    // Arbitrary packed moves: is_legal never panics and agrees with the list.
    for pair in probes.chunks_exact(2).take(16) {
        if let Some(m) = Move::from_raw(u16::from_le_bytes([pair[0], pair[1]])) {
            assert_eq!(pos.is_legal(m), legal.contains(m), "{m} in {}", before.0);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((mut pos, rest)) = tsumi_fuzz::position_from(data) else {
        return;
    };
    // A playout: each byte picks one of the legal moves.
    let start = snapshot(&pos);
    let mut played = 0;
    for (i, &b) in rest.iter().enumerate().take(24) {
        check_position(&mut pos, &rest[i..]);
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.do_move(legal.as_slice()[b as usize % legal.len()]);
        played += 1;
    }
    check_position(&mut pos, &[]);
    for _ in 0..played {
        assert!(pos.undo_move().is_some());
    }
    assert_eq!(snapshot(&pos), start);
});
