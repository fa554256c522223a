//! Chained interpositions: a defender's drops on one square are searched
//! one at a time.
//!
//! Against a distant check the defender can often drop any of several
//! kinds on each square between checker and king. Summed as independent
//! children, seven kinds on three squares make an AND node's proof number
//! twenty times that of one drop, although the drops on one square are
//! usually refuted the same way: the checker takes the piece, and the
//! proof of the first drop is mostly reused (with the captured piece in
//! hand) by the others. So the drops on one square form a chain in
//! generation order (pawn first, then lance, knight, silver, gold, bishop,
//! rook): only the head is selected and summed; each later drop is
//! *deferred* until the drop before it is proven. Together the deferred
//! drops of a node add [`hidden_cost`] to its proof number.
//!
//! While the first mate is looked for, one more chain: when the
//! defender's drops are all of one kind (it holds one kind of piece, as
//! after taking one, or only pawns), there is one drop per square, and the
//! drops on squares that no defender guards are alike in another way: the
//! checker takes the piece on any of them and checks again with it in
//! hand. Those drops then form one chain across the squares, in
//! generation order; a drop on a guarded square, where taking it costs the
//! checker, heads a chain of its own. On STARSHIP TROOPER this finds a
//! first mate (625 plies) within 9.1 M nodes, where none is found within
//! 30 M otherwise. Chained across squares whatever the kinds, it loses
//! 成吉思汗's first mate (4.6 M nodes to 27 M: with several kinds the
//! squares differ, and a refutation on a later square waits behind the
//! proof of the first); chained so after the first mate as well, the
//! shortening and the line of 世界大戦 take half as many nodes again.
//!
//! Only the order of the search changes. A node is proven only when every
//! child, deferred or not, is proven, and disproven as soon as any child is
//! known to be disproven, so the chain cannot change a verdict or a length.

use crate::child::{Child, NO_NEXT as NONE};
use tsumi_core::Position;

/// Links the drops of an AND node's children (`pos`, the defender to
/// move), in generation order: each drop after the first on its square is
/// deferred behind the previous one, and with `across`, when the drops
/// are all of one kind, each drop on an unguarded square behind the
/// previous such drop.
pub(crate) fn link_drops(children: &mut [Child], pos: &Position, across: bool) {
    let across = across && one_kind(children);
    let defender = pos.side_to_move();
    // Last drop seen in each chain: by square index, and one chain for the
    // unguarded squares when the drops go across squares.
    let mut last = [NONE; ACROSS + 1];
    for i in 0..children.len() {
        let m = children[i].mv;
        if !m.is_drop() {
            continue;
        }
        let to = m.to();
        let chain = if across && !pos.is_attacked(defender, to) {
            ACROSS
        } else {
            to.index()
        };
        let prev = last[chain];
        if prev != NONE {
            children[prev as usize].next = i as u16;
            children[i].deferred = true;
        }
        last[chain] = i as u16;
    }
    activate(children);
}

/// The chain of the drops on unguarded squares, after the 81 squares'.
const ACROSS: usize = 81;

/// Whether the children hold drops, all of one kind.
fn one_kind(children: &[Child]) -> bool {
    let mut kinds = children.iter().filter_map(|c| c.mv.drop_kind());
    match kinds.next() {
        Some(first) => kinds.all(|k| k == first),
        None => false,
    }
}

/// Brings forward the next drop of every chain whose active member is
/// proven (repeatedly, as a brought-forward drop may already be proven).
/// Links always point forward, so one pass in index order suffices.
pub(crate) fn activate(children: &mut [Child]) {
    for i in 0..children.len() {
        let c = children[i];
        if c.deferred || c.next == NONE || !c.proven() {
            continue;
        }
        children[c.next as usize].deferred = false;
    }
}

/// The proof number an AND node starts with, from the count of its legal
/// replies, as the chains make it: every reply that is not a drop, one
/// per square dropped on, and [`hidden_cost`] for the drops chained
/// behind.
pub(crate) fn initial_pn(replies: &tsumi_core::evasion::EvasionCount) -> u32 {
    let heads = replies.drop_squares.count();
    let hidden = replies.drops - heads;
    replies.moves + heads + if hidden > 0 { hidden_cost(hidden) } else { 0 }
}

/// What `hidden` deferred, unresolved drops add to their node's proof
/// number: one eighth each, at least one in all.
pub(crate) fn hidden_cost(hidden: u32) -> u32 {
    (hidden / 8).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::child::NO_REP;
    use crate::search::expansion::numbers;
    use tsumi_core::{Hand, MoveList};

    /// The evasions of `sfen`, linked as while a first mate is looked
    /// for.
    fn children_of(sfen: &str) -> Vec<Child> {
        linked(sfen, true)
    }

    fn linked(sfen: &str, across: bool) -> Vec<Child> {
        let pos = Position::from_sfen(sfen).unwrap();
        let mut list = MoveList::new();
        pos.generate_evasions(&mut list);
        let mut cs: Vec<Child> = list.iter().map(|&mv| Child::fresh(mv, 0, 0)).collect();
        link_drops(&mut cs, &pos, across);
        cs
    }

    #[test]
    fn one_active_drop_per_square() {
        // A rook on 5i checks the king on 5a; White holds a pawn and a
        // gold: seven squares, two kinds each, plus king moves.
        let cs = children_of("4k4/9/9/9/9/9/9/9/4R4 w gp 1");
        let drops: Vec<&Child> = cs.iter().filter(|c| c.mv.is_drop()).collect();
        assert_eq!(drops.len(), 14);
        let active: Vec<&&Child> = drops.iter().filter(|c| !c.deferred).collect();
        assert_eq!(active.len(), 7, "one head per square");
        assert!(cs.iter().filter(|c| !c.mv.is_drop()).all(|c| !c.deferred));
        // Every deferred drop is reached from the head of its square.
        for c in drops.iter().filter(|c| c.deferred) {
            let i = cs.iter().position(|d| d.mv == c.mv).unwrap() as u16;
            let head = cs.iter().find(|d| d.next == i).expect("linked");
            assert_eq!(head.mv.to(), c.mv.to());
        }
        // Summed: the king moves, the seven heads and one for the rest.
        let (pn, dn) = numbers(false, &cs);
        let king_moves = cs.iter().filter(|c| !c.mv.is_drop()).count() as u32;
        assert_eq!(pn, king_moves + 7 + 1);
        assert_eq!(dn, 1);
    }

    #[test]
    fn a_proven_head_brings_the_next_drop_forward() {
        let mut cs = children_of("4k4/9/9/9/9/9/9/9/4R4 w gp 1");
        let head = cs
            .iter()
            .position(|c| c.mv.is_drop() && c.next != NONE)
            .unwrap();
        let next = cs[head].next as usize;
        assert!(cs[next].deferred);
        cs[head].set_proven(3, Hand::EMPTY, false);
        activate(&mut cs);
        assert!(!cs[next].deferred);
        // A disproven head does not: the node is disproven anyway.
        let mut cs = children_of("4k4/9/9/9/9/9/9/9/4R4 w gp 1");
        cs[head].set_disproven(3, Hand::EMPTY, NO_REP, false);
        activate(&mut cs);
        assert!(cs[next].deferred);
    }

    #[test]
    fn drops_of_one_kind_chain_across_unguarded_squares() {
        // The same rook check; White holds pawns only. The king guards 5b;
        // 5c to 5h are guarded by no defender.
        let mut cs = children_of("4k4/9/9/9/9/9/9/9/4R4 w 2p 1");
        let drops: Vec<usize> = (0..cs.len()).filter(|&i| cs[i].mv.is_drop()).collect();
        assert_eq!(drops.len(), 7);
        let active: Vec<usize> = drops.iter().copied().filter(|&i| !cs[i].deferred).collect();
        assert_eq!(active.len(), 2, "5b's drop and the head of the other six");
        let b = drops
            .iter()
            .copied()
            .find(|&i| cs[i].mv.to().rank() == 1)
            .unwrap();
        assert!(
            !cs[b].deferred && cs[b].next == NONE,
            "5b heads a chain of its own"
        );
        // The six unguarded drops form one chain: proving each brings the
        // next forward, one at a time.
        let mut head = active.into_iter().find(|&i| i != b).unwrap();
        for n in 1..=6 {
            let live = drops
                .iter()
                .filter(|&&i| !cs[i].deferred && !cs[i].proven())
                .count();
            assert_eq!(live, 2, "step {n}");
            let next = cs[head].next;
            cs[head].set_proven(3, Hand::EMPTY, false);
            activate(&mut cs);
            if n == 6 {
                assert_eq!(next, NONE);
            } else {
                assert!(!cs[next as usize].deferred);
                head = next as usize;
            }
        }
        // Summed: the king moves, the two heads and one for the five hidden.
        let cs = children_of("4k4/9/9/9/9/9/9/9/4R4 w 2p 1");
        let king_moves = cs.iter().filter(|c| !c.mv.is_drop()).count() as u32;
        assert_eq!(numbers(false, &cs).0, king_moves + 2 + 1);
        // A gold on 4e guards 5e and 5f: each heads a chain of its own.
        let cs = children_of("4k4/9/9/9/5g3/9/9/9/4R4 w 2p 1");
        let active = cs.iter().filter(|c| c.mv.is_drop() && !c.deferred).count();
        assert_eq!(active, 4);
        // After the first mate, one chain per square: every drop active.
        let cs = linked("4k4/9/9/9/9/9/9/9/4R4 w 2p 1", false);
        assert!(cs.iter().all(|c| !c.deferred));
    }

    #[test]
    fn hidden_cost_is_small_and_positive() {
        assert_eq!(hidden_cost(1), 1);
        assert_eq!(hidden_cost(7), 1);
        assert_eq!(hidden_cost(16), 2);
    }
}
