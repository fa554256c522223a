//! Named starting positions (手合割) as KIF files name them.
//!
//! In a handicap game the stronger player, 上手 (uwate), plays White and
//! moves first with some pieces removed; 下手 (shitate) is Black.

/// The handicaps known by name, with their SFEN. White (上手) moves first
/// in every handicap; Black in 平手.
pub const HANDICAPS: [(&str, &str); 14] = [
    (
        "平手",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ),
    (
        "香落ち",
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "右香落ち",
        "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "角落ち",
        "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "飛車落ち",
        "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "飛香落ち",
        "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "二枚落ち",
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "三枚落ち",
        "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "四枚落ち",
        "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "五枚落ち",
        "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "左五枚落ち",
        "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "六枚落ち",
        "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "八枚落ち",
        "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "十枚落ち",
        "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
];

/// The SFEN of a named handicap. The name may omit the final `ち`
/// (`香落`) and surrounding spaces.
pub fn handicap_sfen(name: &str) -> Option<&'static str> {
    let name = name.trim_matches(|c: char| c.is_whitespace());
    HANDICAPS
        .iter()
        .find(|(n, _)| *n == name || n.strip_suffix('ち') == Some(name))
        .map(|&(_, s)| s)
}

/// The name of the handicap whose start position has this SFEN (move
/// number ignored).
pub fn handicap_name(sfen: &str) -> Option<&'static str> {
    let key = |s: &str| s.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
    let k = key(sfen);
    HANDICAPS.iter().find(|(_, s)| key(s) == k).map(|&(n, _)| n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tsumi_core::position::Position;
    use tsumi_core::types::{Color, PieceType};

    #[test]
    fn handicaps_are_valid_and_lose_the_named_pieces() {
        let full = Position::startpos();
        let count = |p: &Position| {
            tsumi_core::types::Square::all()
                .filter(|&s| p.piece_at(s).is_some_and(|x| x.color == Color::White))
                .count()
        };
        let removed = [0, 1, 1, 1, 1, 2, 2, 3, 4, 5, 5, 6, 8, 10];
        for (i, (name, sfen)) in HANDICAPS.iter().enumerate() {
            let p = Position::from_sfen(sfen).unwrap();
            assert_eq!(count(&full) - count(&p), removed[i], "{name}");
            assert_eq!(handicap_sfen(name), Some(*sfen));
            assert_eq!(handicap_name(sfen), Some(*name));
            // Black's side is always complete.
            assert_eq!(p.pieces(Color::Black, PieceType::Pawn).count(), 9);
        }
        assert_eq!(handicap_sfen("香落"), handicap_sfen("香落ち"));
        assert_eq!(handicap_sfen("駒落ち"), None);
    }
}
