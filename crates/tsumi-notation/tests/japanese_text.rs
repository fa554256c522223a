//! Japanese move text over many game positions (the nshogi legal-move
//! set): every legal move written in every style reads back as itself,
//! and the standard form writes a disambiguator or 打 only when leaving it
//! out would be ambiguous.

use tsumi_core::Position;
use tsumi_notation::japanese::{move_to_japanese_styled, parse_japanese_move, JapaneseStyle};

const DATA: &str = include_str!("../../tsumi-core/tests/data/legal-moves.txt");

const MARKERS: [char; 6] = ['右', '左', '直', '上', '引', '寄'];

#[test]
fn every_move_reads_back_and_markers_are_needed() {
    let mut positions = 0;
    let mut with_marker = 0;
    let mut with_drop_mark = 0;
    let mut marker_kinds = std::collections::BTreeSet::new();
    for (i, line) in DATA.lines().step_by(2).enumerate() {
        if i % 4 != 0 {
            continue;
        }
        let pos = Position::from_sfen(line).unwrap();
        positions += 1;
        for &m in pos.legal_moves().iter() {
            for prev in [None, Some(m.to())] {
                for style in [
                    JapaneseStyle::STANDARD,
                    JapaneseStyle::PV,
                    JapaneseStyle::KIF,
                ] {
                    let text = move_to_japanese_styled(&pos, m, prev, &style);
                    let back = parse_japanese_move(&pos, &text, prev)
                        .unwrap_or_else(|e| panic!("{text} in {line}: {e}"));
                    assert_eq!(back, m, "{text} in {line}");
                }
            }
            let text = move_to_japanese_styled(&pos, m, None, &JapaneseStyle::STANDARD);
            if text.contains(MARKERS) {
                with_marker += 1;
                let markers: String = text.chars().filter(|c| MARKERS.contains(c)).collect();
                marker_kinds.insert(markers);
                let bare: String = text.chars().filter(|c| !MARKERS.contains(c)).collect();
                let e = parse_japanese_move(&pos, &bare, None).unwrap_err();
                assert!(e.message.contains("ambiguous"), "{text} -> {bare}: {e}");
            }
            if m.is_drop() && text.ends_with('打') {
                with_drop_mark += 1;
                let bare = text.trim_end_matches('打');
                // Without 打 the text means a board move (or several).
                match parse_japanese_move(&pos, bare, None) {
                    Ok(other) => assert!(!other.is_drop(), "{text}"),
                    Err(e) => assert!(e.message.contains("ambiguous"), "{text}: {e}"),
                }
            }
        }
    }
    assert_eq!(positions, 1250);
    // The data exercise the rules, not just the trivial case.
    assert!(with_marker > 100, "{with_marker}");
    assert!(with_drop_mark > 10, "{with_drop_mark}");
    for k in ["右", "左", "直", "上", "引", "寄"] {
        assert!(
            marker_kinds.contains(k),
            "{k} never needed: {marker_kinds:?}"
        );
    }
}
