//! Mates in one and in three found by a plain fixed-depth search, before
//! the proof-number search and its table are touched.
//!
//! A pipeline that calls the solver millions of times (a mate-in-N
//! filter, an MCTS leaf check) mostly asks about positions that are mated
//! at once or not at all, and there the fixed costs of df-pn dominate: a
//! table lookup per child in a table no cache holds, the child lists, the
//! line read back from the table. Under [`crate::Shortest::First`], where
//! any mate will do, the solve first looks for a mate in one among the
//! checks (most are ruled out without being played, see
//! [`tsumi_core::mate1`]), then for a mate in three: a check after which
//! every evasion is answered by a mate in one. The checks are tried the
//! most forcing first, as the mate filter judges them (escape squares
//! left, the checker takable; a board move next to the king that takes
//! nothing one place lower), and only those with at most
//! [`MAX_REPLIES`] replies, or [`MAX_REPLIES_FORCING`] for a check that
//! leaves no escape square, are looked into (on the first 1,000 mates in
//! three of the shared collection the mating check has at most 4 replies
//! in 98.5 % of them); cshogi's df-pn makes the same three-ply test at
//! each new OR node.
//!
//! Nothing is stored in the table. A mate found is reported (through the
//! independent checker, as every line); when none is found, df-pn starts
//! from scratch, but with the first estimates of the root's checks already
//! known ([`ShortSearch::estimates`]: the numbers of replies counted here
//! for every check, the same ones its root expansion would count).
//!
//! Every interposition counts here. That is sound under the 無駄合 rule
//! too, for a first mate (see [`crate::search::first_mate`]): every defence the
//! rule counts is among those mated.
//!
//! The search is bounded ([`SHORT_NODES`] positions): on a position with
//! many checks and many replies it gives up early and costs df-pn little.

use crate::chain;
use crate::pieces;
use tsumi_core::evasion::EvasionCount;
use tsumi_core::{attacks, mate1, Bitboard, Color, Hand, Move, MoveList, PieceType, Position};

/// Positions the search may visit (each move played counts one) before
/// it gives the position to df-pn.
pub(crate) const SHORT_NODES: u64 = 2_000;

/// The most replies a check may leave to be tried for a mate in three.
pub(crate) const MAX_REPLIES: usize = 4;

/// The same for a check that leaves the king no escape square and whose
/// checker cannot be taken (as far as the mate filter can tell): on the
/// mates in three where the mating check has more than [`MAX_REPLIES`]
/// replies it is such a check, and few checks of a position without a
/// mate in three are.
pub(crate) const MAX_REPLIES_FORCING: usize = 8;

/// A mate found by [`short_mate`].
#[derive(Clone, Debug)]
pub(crate) struct ShortMate {
    /// The line: the check, and for a mate in three a defence and the
    /// mate that answers it.
    pub line: Vec<Move>,
    /// The proof pieces: the part of the attacker's hand the mate needs
    /// against every defence.
    pub pieces: Hand,
    /// The attacker's hand at the end of the line.
    pub leftover: Hand,
}

impl ShortMate {
    /// The mate in one `(m, pieces, leftover)`.
    fn in_one((m, pieces, leftover): (Move, Hand, Hand)) -> ShortMate {
        ShortMate {
            line: vec![m],
            pieces,
            leftover,
        }
    }
}

/// Root checks ordered on the stack (more, rare, in a vector).
const SMALL: usize = 128;

/// The word that stands for one of the root's checks while they are
/// ordered and tried: the low half holds the check's index among the
/// checks and whether it is loose (it leaves an escape or a taker, to the
/// mate filter's eye); the high half holds its rank until it is tried
/// (words sort by rank, then index) and the first estimate counted for it
/// after.
mod word {
    /// A check's word: `high` its rank, `index` its place in the list.
    pub(super) fn new(high: u32, index: usize, loose: bool) -> u32 {
        (high << 16) | ((index as u32) << 1) | u32::from(loose)
    }

    /// The word with `high` (at most 0xFFFF) in place of its high half.
    pub(super) fn with_high(w: u32, high: u32) -> u32 {
        (high.min(0xFFFF) << 16) | (w & 0xFFFF)
    }

    pub(super) fn high(w: u32) -> u32 {
        w >> 16
    }

    pub(super) fn index(w: u32) -> usize {
        ((w & 0xFFFF) >> 1) as usize
    }

    pub(super) fn loose(w: u32) -> bool {
        w & 1 == 1
    }
}

/// What [`short_mate`] found.
#[derive(Clone, Debug)]
pub(crate) struct ShortSearch {
    /// The mate, if one was found.
    pub mate: Option<ShortMate>,
    /// Positions visited.
    pub nodes: u64,
    /// When no mate was found: the first estimates of the root's checks
    /// that were counted (full key of the position after the check, and
    /// its proof number as [`chain::initial_pn`] counts it), none of them a
    /// mate at once, for df-pn's estimates (counting every
    /// interposition).
    pub estimates: Vec<(u64, u32)>,
}

/// What a search that may give up returns: a mate, none within the
/// search's depth, or nothing known (the node allowance ran out).
enum Outcome<T> {
    Found(T),
    None,
    GaveUp,
}

/// The search's state: the position, the attacker and the nodes counted.
struct Short<'p> {
    pos: &'p mut Position,
    attacker: Color,
    nodes: u64,
    limit: u64,
    estimates: Vec<(u64, u32)>,
    /// The evasion that last escaped a mate in one: tried first after
    /// the next check (a king's flight square often answers several).
    refuter: Move,
}

/// A mate in one or, when `max_len` allows it, in three, of `pos` (the
/// attacker to move), within `limit` positions visited (at most
/// [`SHORT_NODES`]). `pos` is left as it was.
pub(crate) fn short_mate(pos: &mut Position, max_len: u16, limit: u64) -> ShortSearch {
    let attacker = pos.side_to_move();
    let mut s = Short {
        pos,
        attacker,
        nodes: 0,
        limit: limit.min(SHORT_NODES),
        estimates: Vec::new(),
        refuter: Move::NULL,
    };
    let mate = if max_len == 0 {
        None
    } else {
        s.mate_at_root(max_len)
    };
    let estimates = if mate.is_none() {
        s.estimates
    } else {
        Vec::new()
    };
    ShortSearch {
        mate,
        nodes: s.nodes,
        estimates,
    }
}

impl Short<'_> {
    /// A mate in one, then (if `max_len >= 3`) a mate in three, from the
    /// root.
    fn mate_at_root(&mut self, max_len: u16) -> Option<ShortMate> {
        let mut checks = MoveList::new();
        self.pos.generate_checks(&mut checks);
        if max_len < 3 {
            return match self.mate_in_1(&checks) {
                Outcome::Found(mate) => Some(ShortMate::in_one(mate)),
                _ => None,
            };
        }
        match self.mate_in_3(&checks) {
            Outcome::Found(mate) => Some(mate),
            _ => None,
        }
    }

    /// Counts a position visited; false once the allowance is spent.
    #[inline]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        self.nodes <= self.limit
    }

    /// The first of `checks` (the attacker's checks in the current
    /// position) after which the defender is checkmated, with its proof
    /// pieces and the attacker's hand after it. Each check played counts a
    /// node (those the mate filter rules out are not played).
    fn mate_in_1(&mut self, checks: &MoveList) -> Outcome<(Move, Hand, Hand)> {
        let (found, played) = mate1::mate_among(self.pos, checks);
        self.nodes += played as u64;
        if self.nodes > self.limit {
            return Outcome::GaveUp;
        }
        match found {
            Some(m) => Outcome::Found(self.mate_in_one(m)),
            None => Outcome::None,
        }
    }

    /// The mate in one `m` (a check that mates in the current position),
    /// with its proof pieces and the attacker's hand after it.
    fn mate_in_one(&mut self, m: Move) -> (Move, Hand, Hand) {
        let captured = pieces::captured_kind(self.pos, m);
        self.pos.do_move(m);
        let a = self.pos.hand(self.attacker);
        let d = self.pos.hand(self.attacker.flip());
        let proof = pieces::mate_proof(self.pos, a, d);
        self.pos.undo_move();
        (m, pieces::before_attacker_move(proof, m, captured), a)
    }

    /// A check of `checks` that mates at once or, if none does, one after
    /// which every evasion is answered by a mate in one. The mate filter
    /// says how far each check is from mating (escape squares left, the
    /// checker takable): the checks it cannot rule out are played for a
    /// mate in one first, then all are tried for a mate in three, the most
    /// forcing first (escape squares and takability added up, one more for
    /// a board move next to the king that takes nothing, drops first among
    /// equals), those with at most [`MAX_REPLIES`] replies looked into
    /// ([`MAX_REPLIES_FORCING`] for a check that leaves neither an escape
    /// nor a taker). On the first 1,000 mates in three of the shared
    /// collection 2.55 checks a problem are looked into, the mating one
    /// included (2.94 without the rule for quiet moves next to the king);
    /// in the generator's order the mating check comes 5.1th on average
    /// (first 200), and counting every check's replies first to order them
    /// by that costs more than it saves, as does looking into the checks
    /// with more than two replies only after all the others (17 % fewer
    /// replies looked into on mates in three, but each check with more
    /// played twice when there is no mate in three: mate-5 calls 1 % dearer).
    fn mate_in_3(&mut self, checks: &MoveList) -> Outcome<ShortMate> {
        let Some(filter) = mate1::MateFilter::new(self.pos) else {
            return Outcome::None;
        };
        // One word a check (see `word`), sorted: the most forcing first,
        // drops first among equals, then the generator's order.
        let mut small = [0u32; SMALL];
        let mut large = Vec::new();
        let order: &mut [u32] = if checks.len() <= SMALL {
            &mut small[..checks.len()]
        } else {
            large.resize(checks.len(), 0);
            &mut large
        };
        let near_king = self
            .pos
            .king_square(self.attacker.flip())
            .map_or(Bitboard::EMPTY, attacks::king);
        for (i, &m) in checks.iter().enumerate() {
            let (free, takable) = filter.assess(self.pos, m);
            let loose = free > 0 || takable;
            if !loose {
                if !self.visit() {
                    return Outcome::GaveUp;
                }
                if mate1::mates(self.pos, m) {
                    return Outcome::Found(ShortMate::in_one(self.mate_in_one(m)));
                }
            }
            // A board move next to the king that takes nothing ranks one
            // place lower: on the first 1,000 mates in three of the shared
            // collection 6-11 % of those checks mate in three, against
            // 44 % of the drops next to the king (and 12 % fewer checks
            // are looked into ranked so).
            let quiet_contact =
                !m.is_drop() && near_king.contains(m.to()) && self.pos.piece_at(m.to()).is_none();
            let rank = free + u32::from(takable) + u32::from(quiet_contact);
            order[i] = word::new((rank << 1) | u32::from(!m.is_drop()), i, loose);
        }
        order.sort_unstable();
        let mut tried = 0;
        let r = self.try_checks(checks, order, &mut tried);
        if !matches!(r, Outcome::Found(_)) {
            // The first estimates of the checks tried, for df-pn.
            self.estimates = order[..tried]
                .iter()
                .map(|&w| {
                    let m = checks[word::index(w)];
                    (self.pos.keys_after(m).1, word::high(w))
                })
                .collect();
        }
        r
    }

    /// The checks of `order` (see [`Short::mate_in_3`]) tried in turn for
    /// a mate in three; `tried` counts those played, the high half of whose
    /// words is then the first estimate counted.
    fn try_checks(
        &mut self,
        checks: &MoveList,
        order: &mut [u32],
        tried: &mut usize,
    ) -> Outcome<ShortMate> {
        let mut evasions = MoveList::new();
        for w in order.iter_mut() {
            let loose = word::loose(*w);
            let m = checks[word::index(*w)];
            if !self.visit() {
                return Outcome::GaveUp;
            }
            let captured = pieces::captured_kind(self.pos, m);
            self.pos.do_move(m);
            evasions.clear();
            self.pos.generate_evasions(&mut evasions);
            *w = word::with_high(*w, chain::initial_pn(&EvasionCount::of_moves(&evasions)));
            *tried += 1;
            let most = if loose {
                MAX_REPLIES
            } else {
                MAX_REPLIES_FORCING
            };
            let r = if evasions.len() <= most {
                self.look_into(m, captured, &mut evasions)
            } else {
                Outcome::None
            };
            self.pos.undo_move();
            match r {
                Outcome::None => {}
                found_or_gave_up => return found_or_gave_up,
            }
        }
        Outcome::None
    }

    /// With the check `m` just played (taking a piece of `captured` kind,
    /// if any) and its `evasions` listed: a mate in three through it, if
    /// every evasion is answered by a mate in one.
    fn look_into(
        &mut self,
        m: Move,
        captured: Option<PieceType>,
        evasions: &mut MoveList,
    ) -> Outcome<ShortMate> {
        let moves = evasions.as_mut_slice();
        if let Some(i) = moves.iter().position(|&e| e == self.refuter) {
            moves[..=i].rotate_right(1);
        }
        match self.all_mated_in_1(moves) {
            Outcome::Found((proof, tail, leftover)) => {
                let a = self.pos.hand(self.attacker);
                let d = self.pos.hand(self.attacker.flip());
                let proof = pieces::and_proof_close(self.pos, proof, a, d);
                Outcome::Found(ShortMate {
                    line: vec![m, tail[0], tail[1]],
                    pieces: pieces::before_attacker_move(proof, m, captured),
                    leftover,
                })
            }
            Outcome::None => Outcome::None,
            Outcome::GaveUp => Outcome::GaveUp,
        }
    }

    /// At an AND node (defender to move, with the legal `evasions`, at
    /// least one): whether every evasion is answered by a mate in one.
    /// Found: the proof pieces of the node before closing (the largest of
    /// its children's), the line of one defence (one that leaves the
    /// attacker nothing in hand, if any does) and the attacker's hand at
    /// its end.
    fn all_mated_in_1(&mut self, evasions: &[Move]) -> Outcome<(Hand, [Move; 2], Hand)> {
        if evasions.is_empty() {
            // A mate in one; the caller has looked for those already.
            return Outcome::None;
        }
        let mut replies = MoveList::new();
        let mut proof = Hand::EMPTY;
        let mut shown: Option<([Move; 2], Hand)> = None;
        for &e in evasions.iter() {
            if !self.visit() {
                return Outcome::GaveUp;
            }
            self.pos.do_move(e);
            replies.clear();
            self.pos.generate_checks(&mut replies);
            let r = self.mate_in_1(&replies);
            self.pos.undo_move();
            match r {
                Outcome::Found((mate, p, leftover)) => {
                    proof = proof.fieldwise_max(p);
                    let better = match shown {
                        None => true,
                        Some((_, h)) => !h.is_empty() && leftover.is_empty(),
                    };
                    if better {
                        shown = Some(([e, mate], leftover));
                    }
                }
                Outcome::None => {
                    self.refuter = e;
                    return Outcome::None;
                }
                Outcome::GaveUp => return Outcome::GaveUp,
            }
        }
        match shown {
            Some((line, leftover)) => Outcome::Found((proof, line, leftover)),
            None => Outcome::None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checker::check_mate_line;

    fn positions(text: &str, n: usize) -> Vec<Position> {
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .take(n)
            .map(|l| Position::from_sfen(l.trim()).expect("SFEN"))
            .collect()
    }

    /// The attacker's hand needs at least the proof pieces.
    fn within(pieces: Hand, hand: Hand) -> bool {
        hand.fieldwise_max(pieces) == hand
    }

    #[test]
    fn mates_in_one_and_three_of_the_collections_are_found_and_checked() {
        for (text, len) in [
            (include_str!("../tests/data/mate-1-ply.txt"), 1),
            (include_str!("../tests/data/mate-3-ply.txt"), 3),
        ] {
            let mut found = 0;
            let all = positions(text, 400);
            for mut pos in all.iter().cloned() {
                let sfen = pos.to_sfen();
                let r = short_mate(&mut pos, 3, SHORT_NODES);
                assert_eq!(pos.to_sfen(), sfen, "the position was changed");
                let Some(mate) = r.mate else {
                    assert!(r.nodes > 0);
                    continue;
                };
                found += 1;
                // The collections' lengths are the shortest: nothing
                // shorter, and a mate in one is always found.
                assert_eq!(mate.line.len(), len, "{sfen}");
                let summary =
                    check_mate_line(&pos, &mate.line).unwrap_or_else(|e| panic!("{sfen}: {e}"));
                assert_eq!(summary.leftover, mate.leftover, "{sfen}");
                assert!(within(mate.pieces, pos.hand(pos.side_to_move())), "{sfen}");
                assert!(r.estimates.is_empty());
            }
            // Mates in three whose mating check leaves more than
            // MAX_REPLIES replies are left to df-pn.
            let wanted = if len == 1 {
                all.len()
            } else {
                all.len() * 9 / 10
            };
            assert!(found >= wanted, "{found} of {} mates in {len}", all.len());
        }
    }

    /// On the collection of mates in five a mate in three is rare (the
    /// collection's lengths are not all the shortest): each one found is
    /// checked, and df-pn proves it the shortest too.
    #[test]
    fn mates_in_five_have_no_mate_in_three_but_where_df_pn_finds_one() {
        let config = crate::SolverConfig {
            hash_mb: 16,
            interpositions: crate::Interpositions::CountAll,
            shortest: crate::Shortest::Prove,
            ..crate::SolverConfig::default()
        };
        let mut solver = crate::Solver::new(config);
        let mut shorter = 0;
        let all = positions(include_str!("../tests/data/mate-5-ply.txt"), 300);
        for mut pos in all.iter().cloned() {
            let sfen = pos.to_sfen();
            let r = short_mate(&mut pos, 7, SHORT_NODES);
            let mut checks = MoveList::new();
            pos.generate_checks(&mut checks);
            match r.mate {
                Some(mate) => {
                    shorter += 1;
                    check_mate_line(&pos, &mate.line).unwrap_or_else(|e| panic!("{sfen}: {e}"));
                    let proved = solver.solve(&pos).expect("solve");
                    assert_eq!(proved.length, Some(mate.line.len() as u32), "{sfen}");
                }
                None => {
                    // One estimate per check, each at least one reply.
                    assert_eq!(r.estimates.len(), checks.len(), "{sfen}");
                    assert!(r.estimates.iter().all(|&(_, pn)| pn >= 1));
                }
            }
        }
        assert!(shorter * 20 < all.len(), "{shorter} of {}", all.len());
    }

    #[test]
    fn the_bounds_are_kept() {
        let mut pos = positions(include_str!("../tests/data/mate-3-ply.txt"), 1).remove(0);
        // No mate in one here, and one ply allows no more.
        assert!(short_mate(&mut pos, 1, SHORT_NODES).mate.is_none());
        assert!(short_mate(&mut pos, 2, SHORT_NODES).mate.is_none());
        assert!(short_mate(&mut pos, 0, SHORT_NODES).mate.is_none());
        // A node allowance of three ends the search with nothing found.
        let r = short_mate(&mut pos, 3, 3);
        assert!(r.mate.is_none());
        assert!(r.nodes <= 4, "{}", r.nodes);
        assert!(short_mate(&mut pos, 3, SHORT_NODES).mate.is_some());
    }
}
