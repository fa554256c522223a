//! Hands in the two notations the answers use.

use tsumi_core::{Color, Hand, Piece};

/// A hand in SFEN hand notation for `color` (`R2P`, lower case for White),
/// `""` when empty.
pub fn sfen_hand(hand: Hand, color: Color) -> String {
    let mut s = String::new();
    for (k, n) in hand.iter_sfen_order() {
        if n > 1 {
            s.push_str(&n.to_string());
        }
        s.push_str(&Piece::new(color, k).to_sfen());
    }
    s
}

/// A hand in kanji (`飛歩2`), `なし` when empty.
pub fn kanji_hand(hand: Hand) -> String {
    let mut s = String::new();
    for (k, n) in hand.iter_sfen_order() {
        s.push_str(k.kanji());
        if n > 1 {
            s.push_str(&n.to_string());
        }
    }
    if s.is_empty() {
        s.push_str("なし");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use tsumi_core::Position;

    #[test]
    fn both_notations() {
        let p = Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b R2P 1").unwrap();
        let h = p.hand(Color::Black);
        assert_eq!(sfen_hand(h, Color::Black), "R2P");
        assert_eq!(sfen_hand(h, Color::White), "r2p");
        assert_eq!(kanji_hand(h), "飛歩2");
        assert_eq!(sfen_hand(Hand::EMPTY, Color::Black), "");
        assert_eq!(kanji_hand(Hand::EMPTY), "なし");
    }
}
