//! Lines as the page plays them: each move in USI and in Japanese
//! (`▲３三角打`, `△同　玉`), where it goes on the board, and the board
//! after it, so that the page steps through a line without knowing a rule
//! of shogi.

use crate::board::{cell, BoardView};
use serde::Serialize;
use tsumi_core::{Move, Position, Square};
use tsumi_notation::japanese::{move_to_japanese_styled, JapaneseStyle};

/// One move of a line.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// The move in USI.
    pub usi: String,
    /// The move in Japanese, with its side mark and `打` on drops.
    pub ja: String,
    /// The cell it leaves (none for a drop).
    pub from: Option<[u8; 2]>,
    /// The cell it goes to.
    pub to: [u8; 2],
    /// The board after it.
    pub board: BoardView,
}

/// A line of moves from a position.
#[derive(Clone, Debug, Serialize)]
pub struct LineView {
    /// The ply number of its first move (1 for a line from the problem's
    /// position).
    pub first_ply: u32,
    /// Its moves.
    pub steps: Vec<Step>,
}

/// The Japanese text of `m` at `pos`, after a move to `prev_to`.
pub fn japanese(pos: &Position, m: Move, prev_to: Option<Square>) -> String {
    move_to_japanese_styled(pos, m, prev_to, &JapaneseStyle::PV)
}

/// The line of `moves` (legal in turn) from `start`, whose first move is
/// ply `first_ply` and comes after a move to `prev_to` (for `同`).
pub fn line_view(
    start: &Position,
    moves: &[Move],
    first_ply: u32,
    prev_to: Option<Square>,
) -> LineView {
    let mut pos = start.clone();
    let mut prev = prev_to;
    let steps = moves
        .iter()
        .map(|&m| {
            let ja = japanese(&pos, m, prev);
            pos.do_move(m);
            prev = Some(m.to());
            Step {
                usi: m.to_usi(),
                ja,
                from: m.from().map(cell),
                to: cell(m.to()),
                board: BoardView::of(&pos),
            }
        })
        .collect();
    LineView { first_ply, steps }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_carry_japanese_cells_and_boards() {
        let pos = Position::from_sfen("3gks3/9/4+P4/9/9/9/9/9/9 b 2G 1").unwrap();
        let line: Vec<Move> = ["G*5b", "4a5b", "5c5b"]
            .iter()
            .scan(pos.clone(), |p, t| {
                let m = p.parse_usi_move(t).unwrap();
                p.do_move(m);
                Some(m)
            })
            .collect();
        let v = line_view(&pos, &line, 1, None);
        let ja: Vec<&str> = v.steps.iter().map(|s| s.ja.as_str()).collect();
        assert_eq!(ja, ["▲５二金打", "△同　銀", "▲同　と"]);
        assert_eq!(v.steps[0].from, None);
        assert_eq!(v.steps[0].to, [1, 4]);
        assert_eq!(v.steps[1].from, Some([0, 5]));
        assert_eq!(v.steps[2].board.rows[1][4], "+P");
        assert_eq!(v.steps[2].board.hands["b"]["S"], 1);
        // A line that goes on from a move to 5b writes 同 at once.
        let mut after = pos.clone();
        after.do_move(line[0]);
        let v = line_view(&after, &line[1..], 2, Some(line[0].to()));
        assert_eq!(v.steps[0].ja, "△同　銀");
    }
}
