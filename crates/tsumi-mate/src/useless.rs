//! 無駄合 (useless interpositions).
//!
//! **The rule.** Let the defender be in check from a single piece standing
//! at a distance. An *interposition* is a defender move or drop (not a
//! king move) onto a square strictly between that checker and the king. It
//! is a *candidate* when the checking piece can legally capture the
//! interposed piece and still give check, or, when the checker cannot
//! (it is pinned against its own king: 双玉 problems), when another
//! attacker piece can capture it and be the only piece giving check after
//! the capture. Its *shortcut position* is the position after the
//! interposition and that capture, with the captured piece handed back to
//! the defender: for a drop, exactly the position before the interposition
//! with the capturing piece moved to the interposition square. (The
//! second case is the 双玉 problem yumei2-0233: the checking dragon is
//! pinned, the other dragon takes the drops and mates, and the published
//! length counts them as useless. Letting other pieces take when the
//! checker can was measured and not kept: 将棋無双 43 then loses its
//! published length, see docs/solver.md.)
//!
//! A candidate is *useless* when its shortcut position is mated (by this
//! same rule) within the length of the position's other defences — the
//! longest mate against the defences that are not candidates (zero when
//! there are none). Useless interpositions are ignored: they are not
//! counted in the length and do not stand in the way of a mate, so a check
//! all of whose answers are useless interpositions is mate.
//!
//! In a search bounded to `r` plies (an even `r` at an AND node) this reads:
//! the position is mated within `r` when every non-candidate defence is
//! mated within `r - 1`, and every candidate either is mated within `r - 1`
//! as played, or its shortcut is mated within `r` while some non-candidate
//! defence is not mated within `r - 3` (so that the other defences already
//! reach `r`). At `r = 0` the position is mate when it has no non-candidate
//! defence and every candidate's shortcut is mate at once.
//!
//! Two details keep the search's answers those of the rule. The
//! comparison needs the shortcut's *shortest* mate, so after a bounded
//! search proves some mate of it, ever shorter bounds are searched until
//! one fails. And whether another defence lasts longer is a property of
//! that defence's position: when the search on the current path refutes it
//! only through a repetition of a position on that path, it is asked again
//! with no path above it (a shortcut refuted through such a repetition makes
//! the interposition count on this path only).
//!
//! The rule makes a result depend on the exact hands (more attacker pieces
//! can shorten the other defences and make an interposition useful again),
//! so every result that relies on it is stored for its exact hand only.

use crate::keymap::KeyMap;
use tsumi_core::attacks;
use tsumi_core::{Bitboard, Move, MoveList, Position};

/// How the defender's interpositions are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Interpositions {
    /// Every legal interposition is a defence and counts in the length
    /// (the convention of the bundled problem sets).
    #[default]
    CountAll,
    /// Useless interpositions (無駄合, see the module documentation) are
    /// ignored.
    SkipUseless,
}

impl Interpositions {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Interpositions::CountAll => "count",
            Interpositions::SkipUseless => "skip-useless",
        }
    }

    /// Parses a command-line name.
    pub fn from_name(name: &str) -> Option<Interpositions> {
        match name {
            "count" => Some(Interpositions::CountAll),
            "skip-useless" => Some(Interpositions::SkipUseless),
            _ => None,
        }
    }
}

/// If `e` (a legal evasion of the defender to move in `pos`) is an
/// interposition, the square of the single distant checker.
pub(crate) fn interposition_checker(pos: &Position, e: Move) -> Option<tsumi_core::Square> {
    let checkers = pos.checkers();
    if checkers.more_than_one() {
        return None;
    }
    let c = checkers.lsb()?;
    let k = pos.king_square(pos.side_to_move())?;
    if e.from() == Some(k) {
        return None;
    }
    attacks::between(k, c).contains(e.to()).then_some(c)
}

/// The attacker's captures that make shortcuts of evasion `e` in `pos`
/// (defender to move), each with its shortcut position (the position after
/// the capture with the captured piece returned to the defender). They are
/// the checker's legal captures of the interposed piece that give check
/// (with and without promotion); when the checker has none — it is pinned
/// against its own king (双玉) — every other attacker piece's legal capture
/// after which the capturing piece is the only checker. Empty when `e` is
/// not a candidate.
///
/// The capturing piece stands between the old checker and the king, so a
/// shortcut's checker is always nearer the king than the checker of `pos`:
/// the rule's recursion through shortcuts ends.
pub(crate) fn shortcut_captures(pos: &Position, e: Move) -> Vec<(Move, Position)> {
    let Some(checker) = interposition_checker(pos, e) else {
        return Vec::new();
    };
    let defender = pos.side_to_move();
    let attacker = defender.flip();
    let mut after = pos.clone();
    after.do_move(e);
    let s = e.to();
    let captures: Vec<Move> = after
        .legal_moves()
        .iter()
        .copied()
        .filter(|&c| !c.is_drop() && c.to() == s && after.gives_check(c))
        .collect();
    let shortcut = |c: Move| {
        let mut q = after.clone();
        q.do_move(c);
        let checkers = q.checkers();
        if checkers.more_than_one() || checkers.lsb() != Some(s) {
            return None;
        }
        let kind = q.last_captured()?.kind.unpromote();
        let mut ah = q.hand(attacker);
        let mut dh = q.hand(defender);
        ah.remove(kind);
        dh.add(kind);
        q.set_hand(attacker, ah);
        q.set_hand(defender, dh);
        q.validate_relaxed().is_ok().then_some((c, q))
    };
    let by_checker: Vec<(Move, Position)> = captures
        .iter()
        .filter(|c| c.from() == Some(checker))
        .filter_map(|&c| shortcut(c))
        .collect();
    if !by_checker.is_empty() {
        return by_checker;
    }
    captures
        .iter()
        .filter(|c| c.from() != Some(checker))
        .filter_map(|&c| shortcut(c))
        .collect()
}

/// The shortcut positions of evasion `e` in `pos` (see
/// [`shortcut_captures`]).
pub(crate) fn shortcuts(pos: &Position, e: Move) -> Vec<Position> {
    shortcut_captures(pos, e)
        .into_iter()
        .map(|(_, q)| q)
        .collect()
}

/// If the defender to move in `pos` is in check and mate at once under
/// the rule through useless interpositions only, one of them with the
/// capture whose shortcut is again mate at once.
pub(crate) fn useless_step(pos: &Position, memo: &mut KeyMap<bool>) -> Option<(Move, Move)> {
    let mut replies = MoveList::new();
    pos.generate_evasions(&mut replies);
    replies.iter().find_map(|&e| {
        shortcut_captures(pos, e)
            .into_iter()
            .find(|(_, q)| mate_now(q, memo))
            .map(|(c, _)| (e, c))
    })
}

/// True if every evasion in `replies` is an interposition.
pub(crate) fn all_interpositions(pos: &Position, replies: &MoveList) -> bool {
    !replies.is_empty()
        && replies
            .iter()
            .all(|&e| interposition_checker(pos, e).is_some())
}

/// True if the defender to move in `pos` is mate at once under the rule:
/// no legal move, or only candidate interpositions each of which has a
/// shortcut that is again mate at once. (The checker moves closer at each
/// step, so the recursion ends.) Drops on one square share their shortcut
/// (the checker on that square, the hands as they were), so each square
/// is looked at once; `memo` remembers positions already decided.
pub(crate) fn mate_now(pos: &Position, memo: &mut KeyMap<bool>) -> bool {
    if let Some(&v) = memo.get(&pos.key()) {
        return v;
    }
    let mut replies = MoveList::new();
    pos.generate_evasions(&mut replies);
    let mut dropped_on = Bitboard::EMPTY;
    let v = replies.iter().all(|&e| {
        if interposition_checker(pos, e).is_none() {
            return false;
        }
        if e.is_drop() {
            if dropped_on.contains(e.to()) {
                return true;
            }
            dropped_on.set(e.to());
        }
        shortcuts(pos, e).iter().any(|q| mate_now(q, memo))
    });
    memo.insert(pos.key(), v);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(pos: &Position, usi: &str) -> Move {
        pos.parse_usi_move(usi).unwrap()
    }

    #[test]
    fn candidates_and_shortcuts() {
        // Rook on 5i checks the king on 5a from afar; White holds a pawn
        // and a gold.
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4R4 w gp 1").unwrap();
        let drop = mv(&pos, "P*5e");
        assert!(interposition_checker(&pos, drop).is_some());
        let qs = shortcuts(&pos, drop);
        // Capture with promotion is not possible from 5i to 5e (outside
        // the zone), so one shortcut: the rook on 5e, hands as before.
        assert_eq!(qs.len(), 1);
        assert_eq!(qs[0].to_sfen(), "4k4/9/9/9/4R4/9/9/9/9 w gp 3");
        // A king move is no interposition.
        assert!(interposition_checker(&pos, mv(&pos, "5a4a")).is_none());
    }

    #[test]
    fn another_piece_takes_only_for_a_pinned_checker() {
        // yumei2-0233 after 5六玉 4七桂成 5五龍: the dragon on 5e checks the
        // king on 2e but is pinned against its own king on 5f by the lance
        // on 5b. A pawn dropped on 4e is taken by the other dragon (4f),
        // which is then the only checker.
        let pos = Position::from_sfen("3Bl4/4l4/6SS1/8s/4+R2k1/4K+R3/5+n2S/5+p3/3B5 w 4g3n2l17p 4")
            .unwrap();
        let caps: Vec<String> = shortcut_captures(&pos, mv(&pos, "P*4e"))
            .iter()
            .map(|(c, _)| c.to_usi())
            .collect();
        assert_eq!(caps, ["4f4e"]);
        // The bishop on 1f checks the king on 6a; a drop on 5b could be
        // taken by the dragon on 4b too, but the bishop, free to take, is
        // the only one whose capture makes a shortcut.
        let pos = Position::from_sfen("2gk5/5+R3/1n7/9/9/8B/9/9/9 w rb3g4s3n4l18p 2").unwrap();
        let caps: Vec<(String, String)> = shortcut_captures(&pos, mv(&pos, "P*5b"))
            .iter()
            .map(|(c, q)| (c.to_usi(), q.to_sfen()))
            .collect();
        assert!(!caps.is_empty());
        for (c, q) in &caps {
            assert!(c.starts_with("1f5b"), "{c}");
            // The pawn is back in the defender's hand.
            assert!(q.contains(" w rb3g4s3n4l18p "), "{q}");
        }
    }

    #[test]
    fn distant_rook_with_only_useless_interpositions_is_mate() {
        // King on 1a hemmed in by its own lance and pawn, 1b and 1c
        // guarded by the gold on 2c; a Black rook checks from 1i. Every
        // interposition (a pawn drop on the file) is taken by the rook, and
        // what follows is mate again.
        let pos = Position::from_sfen("7lk/7p1/7G1/9/9/9/9/9/8R w 2p 1").unwrap();
        assert!(pos.in_check());
        assert!(!pos.is_checkmate());
        assert!(mate_now(&pos, &mut KeyMap::default()));
        // Without the gold the king takes the rook on 1b: not mate.
        let free = Position::from_sfen("7lk/7p1/9/9/9/9/9/9/8R w 2p 1").unwrap();
        assert!(!mate_now(&free, &mut KeyMap::default()));
        // With a silver on 2b instead of the pawn, the silver takes a rook
        // that captured on 1c: the drop on 1c is a real defence.
        let silver = Position::from_sfen("7lk/7s1/7G1/9/9/9/9/9/8R w 2p 1").unwrap();
        assert!(!mate_now(&silver, &mut KeyMap::default()));
    }
}
