//! A damped proof number at deep AND nodes (after shtsume's cap on long
//! lines).
//!
//! df-pn sums the proof numbers of a defender node's children. On a mating
//! line hundreds of plies long every unresolved side defence adds its proof
//! number to every OR node above it, so a shallow alternative check soon
//! looks cheaper than following the line, and the search keeps returning
//! to the top. shtsume bounds the sum (past 240 it chains the costliest
//! defence behind the others). Here, at an AND node [`DEEP`] plies or more
//! below the root, the sum is kept as it is up to [`CAP`] and only half of
//! what lies beyond it counts. The value stays monotone in every child's
//! proof number, zero only when every child is proven and infinite when
//! one is disproven, so only the order of the search changes, never a
//! verdict or a length.
//!
//! Measured by node counts (docs/solver.md, *The long works*): on long.tsv
//! 1980's first mate came at 13.3 M → 6.7 M nodes and 成吉思汗's at
//! 20.0 M → 4.9 M, but アンバーグリス found none within 13 M (10.4 M
//! before); 将棋無双, whose lines are shorter, is untouched. Damping
//! at every depth cost 将棋無双 2 % and lost a mate at its node limit; a cap
//! of 32 or 128, or counting an eighth beyond it, lost 成吉思汗 within
//! 20 M nodes.
//!
//! **The first mate's dive.** The cap trades depth for breadth: the smaller
//! it is, the longer the search follows one line before it turns to a
//! shallower check. On 寿 (611 plies, one long line) a cap of 24 finds the
//! first mate in 0.85 M nodes against 2.28 M (16: 0.50 M); but 成吉思汗,
//! whose first line is not the mate, finds none within 10 M nodes with
//! it (nor 1980 with 16). So the first mate's search dives: each thread
//! damps from [`DIVE_CAP`] for its first [`DIVE_NODES`] nodes, then from
//! [`CAP`] on the same table (the dive's proofs stay). A work whose mate
//! lies down the first line is mated within the dive; another pays the
//! dive's nodes and the turn they gave the search (a dive from 16 sent
//! ミクロコスモス astray: no first mate within 60 s). A search that never
//! reaches [`DEEP`] plies is not changed at all. (docs/solver.md, *The
//! first mate dives*.)

use crate::table::INF_MINUS;

/// The AND-node proof number counted in full.
pub(crate) const CAP: u32 = 64;

/// The AND-node proof number counted in full during a first mate's dive.
pub(crate) const DIVE_CAP: u32 = 24;

/// The nodes of each thread for which a first mate's search dives.
pub(crate) const DIVE_NODES: u64 = 1_000_000;

/// The first ply (from the search's root) whose AND nodes are damped.
pub(crate) const DEEP: u16 = 64;

/// The proof number of an AND node at `ply` whose children's proof numbers
/// sum to `sum`, damped from [`DIVE_CAP`] when `diving`, from [`CAP`]
/// otherwise.
#[inline]
pub(crate) fn and_pn(sum: u32, ply: u16, diving: bool) -> u32 {
    let cap = if diving { DIVE_CAP } else { CAP };
    if ply < DEEP || sum <= cap || sum >= INF_MINUS {
        sum
    } else {
        cap + (sum - cap) / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::INF;

    #[test]
    fn shallow_nodes_small_sums_and_the_extremes_are_kept() {
        for diving in [false, true] {
            assert_eq!(and_pn(10 * CAP, DEEP - 1, diving), 10 * CAP);
            for s in [0, 1, INF_MINUS, INF] {
                assert_eq!(and_pn(s, DEEP, diving), s);
            }
        }
        assert_eq!(and_pn(CAP, DEEP, false), CAP);
        assert_eq!(and_pn(DIVE_CAP, DEEP, true), DIVE_CAP);
    }

    #[test]
    fn beyond_the_cap_half_counts_and_order_is_kept() {
        assert_eq!(and_pn(CAP + 10, DEEP, false), CAP + 5);
        assert_eq!(
            and_pn(CAP + 10, DEEP, true),
            DIVE_CAP + (CAP + 10 - DIVE_CAP) / 2
        );
        for diving in [false, true] {
            let mut last = 0;
            for s in (0..10 * CAP).chain([INF_MINUS - 1, INF_MINUS, INF]) {
                let v = and_pn(s, DEEP, diving);
                assert!(v >= last && v <= s && (v == 0) == (s == 0));
                last = v;
            }
            assert!(and_pn(INF_MINUS - 1, DEEP, diving) < INF_MINUS);
        }
    }

    #[test]
    fn a_dive_damps_more_than_the_search_after_it() {
        const { assert!(DIVE_CAP < CAP) };
        for s in DIVE_CAP + 1..10 * CAP {
            assert!(and_pn(s, DEEP, true) < and_pn(s, DEEP, false), "{s}");
        }
    }
}
