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
//! Only the order of the search changes. A node is proven only when every
//! child, deferred or not, is proven, and disproven as soon as any child is
//! known to be disproven, so the chain cannot change a verdict or a length.

use crate::child::{Child, NO_NEXT as NONE};

/// Links the drops of an AND node's children, square by square, in
/// generation order: each drop after the first on its square is deferred
/// behind the previous one.
pub(crate) fn link_drops(children: &mut [Child]) {
    // Last drop seen on each square, by square index.
    let mut last = [NONE; 81];
    for i in 0..children.len() {
        let m = children[i].mv;
        if !m.is_drop() {
            continue;
        }
        let sq = m.to().index();
        let prev = last[sq];
        if prev != NONE {
            children[prev as usize].next = i as u16;
            children[i].deferred = true;
        }
        last[sq] = i as u16;
    }
    activate(children);
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
    use tsumi_core::{Hand, MoveList, Position};

    fn children_of(sfen: &str) -> Vec<Child> {
        let pos = Position::from_sfen(sfen).unwrap();
        let mut list = MoveList::new();
        pos.generate_evasions(&mut list);
        list.iter().map(|&mv| Child::fresh(mv, 0, 0)).collect()
    }

    #[test]
    fn one_active_drop_per_square() {
        // A rook on 5i checks the king on 5a; White holds a pawn and a
        // gold: seven squares, two kinds each, plus king moves.
        let mut cs = children_of("4k4/9/9/9/9/9/9/9/4R4 w gp 1");
        link_drops(&mut cs);
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
        link_drops(&mut cs);
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
        link_drops(&mut cs);
        cs[head].set_disproven(3, Hand::EMPTY, NO_REP, false);
        activate(&mut cs);
        assert!(cs[next].deferred);
    }

    #[test]
    fn hidden_cost_is_small_and_positive() {
        assert_eq!(hidden_cost(1), 1);
        assert_eq!(hidden_cost(7), 1);
        assert_eq!(hidden_cost(16), 2);
    }
}
