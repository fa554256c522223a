//! An independent checker for mating lines.
//!
//! It shares nothing with the search: it replays the line with the core's
//! `is_legal` (each move judged by the rules: the piece, its reach, the
//! promotion, pins, the king's safety), `gives_check` and `do_move`, and
//! judges the final position mated when no move that could answer the
//! check is legal (see [`checkmated`]). It never calls a move generator,
//! least of all the check and evasion generators the solver is built on.
//! The solver runs it on every line before reporting; a line it rejects is
//! a solver bug.

use core::fmt;
use tsumi_core::{attacks, Color, Hand, Move, PieceType, Position};

/// Why a line is not a mate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError {
    /// The line has no move.
    Empty,
    /// The side to move at the start has no opponent king to mate.
    NoDefenderKing,
    /// A move of the line is not legal where it is played.
    Illegal {
        /// Index of the move in the line (0 = first).
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// An attacker move does not give check.
    NotCheck {
        /// Index of the move in the line.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// The last move is a pawn drop that mates (打ち歩詰め).
    PawnDropMate {
        /// Index of the move in the line.
        ply: usize,
    },
    /// The line ends with a defender move (an even number of moves).
    EndsWithDefence,
    /// The final position is not checkmate.
    NotMate,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Empty => write!(f, "the line is empty"),
            LineError::NoDefenderKing => write!(f, "the defender has no king"),
            LineError::Illegal { ply, mv } => write!(f, "move {} ({mv}) is illegal", ply + 1),
            LineError::NotCheck { ply, mv } => {
                write!(f, "attacker move {} ({mv}) does not give check", ply + 1)
            }
            LineError::PawnDropMate { ply } => {
                write!(f, "move {} mates by a pawn drop (uchifuzume)", ply + 1)
            }
            LineError::EndsWithDefence => write!(f, "the line ends with a defender move"),
            LineError::NotMate => write!(f, "the final position is not checkmate"),
        }
    }
}

impl std::error::Error for LineError {}

/// What a valid line amounts to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineSummary {
    /// Number of plies.
    pub plies: usize,
    /// The attacker's colour (the side to move at the start).
    pub attacker: Color,
    /// The attacker's hand in the final position (駒余り when not empty).
    pub leftover: Hand,
}

/// Replays `line` from `start` and accepts it only if it is a mate:
/// the side to move at the start attacks, every attacker move is legal and
/// gives check, every defender move is legal, the line ends with an
/// attacker move, the final position is checkmate, and the last move is
/// not a pawn drop.
pub fn check_mate_line(start: &Position, line: &[Move]) -> Result<LineSummary, LineError> {
    let attacker = start.side_to_move();
    if start.king_square(attacker.flip()).is_none() {
        return Err(LineError::NoDefenderKing);
    }
    if line.is_empty() {
        return Err(LineError::Empty);
    }
    let mut pos = start.clone();
    for (ply, &mv) in line.iter().enumerate() {
        if !pos.is_legal(mv) {
            let is_last = ply + 1 == line.len();
            if is_last && pawn_drop_that_would_mate(&pos, mv) {
                return Err(LineError::PawnDropMate { ply });
            }
            return Err(LineError::Illegal { ply, mv });
        }
        let attacking = pos.side_to_move() == attacker;
        if attacking && !pos.gives_check(mv) {
            return Err(LineError::NotCheck { ply, mv });
        }
        pos.do_move(mv);
    }
    if pos.side_to_move() == attacker {
        return Err(LineError::EndsWithDefence);
    }
    if !checkmated(&pos) {
        return Err(LineError::NotMate);
    }
    let last = *line.last().expect("non-empty");
    if last.drop_kind() == Some(PieceType::Pawn) {
        return Err(LineError::PawnDropMate {
            ply: line.len() - 1,
        });
    }
    Ok(LineSummary {
        plies: line.len(),
        attacker,
        leftover: pos.hand(attacker),
    })
}

/// True if the side to move in `pos` is in check and has no legal move.
/// Every legal answer to a check is a step of the king, or (against a
/// single checker) a move of a piece that reaches the checker's square or
/// a square between the checker and the king, or a drop on a square
/// between: each of those is tried with `is_legal`, promoting and not.
pub fn checkmated(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let checkers = pos.checkers();
    let (Some(k), Some(c)) = (pos.king_square(us), checkers.lsb()) else {
        return false;
    };
    for to in attacks::king(k) {
        if pos.is_legal(Move::normal(k, to, false)) {
            return false;
        }
    }
    if checkers.more_than_one() {
        return true;
    }
    let between = attacks::between(k, c);
    let occ = pos.occupied();
    for to in between | tsumi_core::Bitboard::from_square(c) {
        for from in pos.attackers_to(us, to, occ) {
            if from != k
                && (pos.is_legal(Move::normal(from, to, false))
                    || pos.is_legal(Move::normal(from, to, true)))
            {
                return false;
            }
        }
        if between.contains(to) {
            for kind in PieceType::HAND {
                if pos.is_legal(Move::drop(kind, to)) {
                    return false;
                }
            }
        }
    }
    true
}

/// True if `mv` is a pawn drop onto an empty square in front of the enemy
/// king, by a side holding a pawn, that leaves the opponent in check with
/// no legal move (judged on a board where the drop is forced through, so
/// that it can name the rule it breaks).
fn pawn_drop_that_would_mate(pos: &Position, mv: Move) -> bool {
    if mv.drop_kind() != Some(PieceType::Pawn) {
        return false;
    }
    let us = pos.side_to_move();
    if !pos.hand(us).has(PieceType::Pawn) || pos.piece_at(mv.to()).is_some() {
        return false;
    }
    let Some(k) = pos.king_square(us.flip()) else {
        return false;
    };
    let ahead = match us {
        Color::Black => k.offset(0, 1),
        Color::White => k.offset(0, -1),
    };
    if ahead != Some(mv.to()) {
        return false;
    }
    // Every other drop rule (two pawns on a file, last rank) is a board
    // fact; the only reason left for the generator to refuse a pawn drop
    // here is that it mates.
    let mut other = pos.clone();
    other.do_move(mv);
    checkmated(&other)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(usi: &str) -> Vec<Move> {
        usi.split_whitespace()
            .map(|t| Move::from_usi(t).unwrap_or_else(|| panic!("bad usi {t}")))
            .collect()
    }

    #[test]
    fn accepts_a_mate_in_one() {
        // Gold drop on 5b, supported by the pawn on 5c.
        let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
        let s = check_mate_line(&pos, &line("G*5b")).unwrap();
        assert_eq!(s.plies, 1);
        assert_eq!(s.leftover, Hand::EMPTY);
    }

    #[test]
    fn rejects_broken_lines() {
        let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b 2G 1").unwrap();
        assert_eq!(check_mate_line(&pos, &[]), Err(LineError::Empty));
        // Not a check.
        assert!(matches!(
            check_mate_line(&pos, &line("G*1i")),
            Err(LineError::NotCheck { ply: 0, .. })
        ));
        // A check that is not mate.
        assert_eq!(
            check_mate_line(&pos, &line("G*4a")),
            Err(LineError::NotMate)
        );
        // Illegal: no rook in hand.
        assert!(matches!(
            check_mate_line(&pos, &line("R*5b")),
            Err(LineError::Illegal { ply: 0, .. })
        ));
        // Ends on a defender move.
        assert_eq!(
            check_mate_line(&pos, &line("G*4a 5a6b")),
            Err(LineError::EndsWithDefence)
        );
        // An illegal defender move.
        assert!(matches!(
            check_mate_line(&pos, &line("G*4a 5a5b")),
            Err(LineError::Illegal { ply: 1, .. })
        ));
    }

    #[test]
    fn rejects_pawn_drop_mate() {
        // King on 1a boxed in by its own pieces; a pawn on 1b would mate,
        // guarded by the gold on 2c.
        let pos = Position::from_sfen("7nk/7s1/7G1/9/9/9/9/9/9 b P 1").unwrap();
        assert_eq!(
            check_mate_line(&pos, &line("P*1b")),
            Err(LineError::PawnDropMate { ply: 0 })
        );
    }

    /// `checkmated` against the legal-move generator's answer, after
    /// every check (and every reply to it) in the positions of the mate
    /// collections: mates, checks that leave an escape, interpositions,
    /// double checks.
    #[test]
    fn checkmated_agrees_with_the_generator() {
        let (mut mates, mut checks) = (0, 0);
        for text in [
            include_str!("../tests/data/mate-1-ply.txt"),
            include_str!("../tests/data/mate-3-ply.txt"),
        ] {
            for sfen in text.lines().filter(|l| !l.trim().is_empty()).take(600) {
                let mut pos = Position::from_sfen(sfen.trim()).expect("SFEN");
                for m in pos.legal_moves().iter().copied() {
                    pos.do_move(m);
                    let mated = pos.is_checkmate();
                    assert_eq!(checkmated(&pos), mated, "{sfen}: {m}");
                    checks += usize::from(pos.in_check());
                    mates += usize::from(mated);
                    if pos.in_check() {
                        for r in pos.legal_moves().iter().copied() {
                            pos.do_move(r);
                            assert_eq!(checkmated(&pos), pos.is_checkmate(), "{sfen}: {m} {r}");
                            pos.undo_move();
                        }
                    }
                    pos.undo_move();
                }
            }
        }
        assert!(
            mates > 600 && checks > 10_000,
            "{mates} mates, {checks} checks"
        );
    }

    #[test]
    fn no_defender_king() {
        let pos = Position::from_sfen("9/9/9/9/9/9/9/9/4K4 b G 1").unwrap();
        assert_eq!(
            check_mate_line(&pos, &line("G*5h")),
            Err(LineError::NoDefenderKing)
        );
    }
}
