//! SFEN and USI text: `Position::from_sfen` (strict and relaxed), problem
//! lines (`sfen …`, `position … moves …`) and USI moves never panic; what
//! is accepted writes back to the same SFEN and validates again.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tsumi_core::{Move, Position};
use tsumi_notation::problem::parse_sfen_line;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.lines().take(8) {
        for parsed in [Position::from_sfen(line), Position::from_sfen_relaxed(line)] {
            let Ok(pos) = parsed else { continue };
            let sfen = pos.to_sfen();
            let again = Position::from_sfen_relaxed(&sfen)
                .unwrap_or_else(|e| panic!("written SFEN {sfen} does not read back: {e}"));
            assert_eq!(again.to_sfen(), sfen);
            assert_eq!(again.key(), pos.key(), "{sfen}");
            // Every word of the line as a USI move: parsing is total, and
            // a move accepted as legal is one the generator lists.
            let legal = pos.legal_moves();
            for word in line.split_whitespace().take(16) {
                if let Ok(m) = pos.parse_usi_move(word) {
                    assert!(legal.contains(m), "{word} in {sfen}");
                }
                if let Some(m) = Move::from_usi(word) {
                    assert_eq!(Move::from_usi(&m.to_usi()), Some(m), "{word}");
                }
            }
        }
        if let Ok(Some((pos, _name))) = parse_sfen_line(line) {
            let mut q = pos.clone();
            assert!(q.validate_relaxed().is_ok(), "{}", pos.to_sfen());
        }
    }
});
