//! Spare-piece mates (駒余り): does some shortest mate from a position
//! end with a piece in the attacker's hand?
//!
//! The convention of [`crate::Defence::NoLeftover`] sets aside a defence
//! against which the attacker has a mate of the defence's own shortest
//! length that ends with a piece left over: such a defence is a 駒余り
//! variation, and the line follows another. The test is a game over the
//! shortest mates alone, with no line built:
//!
//! - at an attacker node of exact length `n`, the attacker plays any
//!   check whose position is mated within `n - 1` (a move of a shortest
//!   mate) and wins when one of them leads to a spare piece;
//! - at a defender node, the defender plays any defence the 無駄合 rule
//!   counts, each judged at its own exact length, and wins when one of
//!   them avoids a spare piece (it avoids such defences where it can, as
//!   along the line);
//! - at the end (`m = 0`: checkmate, or under the rule a check answered
//!   only by useless interpositions) a piece is spare when the attacker
//!   holds one.
//!
//! Only shortest mates count: a longer mate that leaves a piece does not
//! make a defence a 駒余り variation (shtsume counts a spare-piece mate of
//! any length; that sets aside defences whose shortest mate needs every
//! piece).
//!
//! Results are kept by position and length; past a fixed amount of work
//! the answer is "not settled", which callers read as "no spare piece"
//! (the line then follows the defence as it would without the test).

use crate::keymap::KeyLenMap;
use crate::search::context::Context;
use crate::search::walker::Walker;

/// The spare-piece test stops after this many nodes of its game.
const SPARE_EFFORT: u32 = 20_000;

/// What the test has settled, by position key and plies left, and the
/// nodes of its game visited so far.
#[derive(Default)]
pub(crate) struct SpareMemo {
    known: KeyLenMap<bool>,
    effort: u32,
}

impl Walker {
    /// True when some shortest mate from the current node ends with a
    /// piece in the attacker's hand: at an attacker node whose shortest
    /// mate is exactly `n` plies, or at a defender node (`n` plies left,
    /// mated within `n` and not within `n - 2`) where every defence is
    /// played. `Some(None)` when the test's own allowance ran out
    /// first, `None` when the search's limits did.
    pub(crate) fn spare_piece_mate(
        &mut self,
        cx: &Context,
        n: u16,
        ply: u16,
        memo: &mut SpareMemo,
    ) -> Option<Option<bool>> {
        let key = (self.pos.key(), n);
        if let Some(&v) = memo.known.get(&key) {
            return Some(Some(v));
        }
        if memo.effort >= SPARE_EFFORT {
            return Some(None);
        }
        memo.effort += 1;
        let or = self.is_or();
        if !or && n == 0 {
            let spare = !self.attacker_hand().is_empty();
            memo.known.insert(key, spare);
            return Some(Some(spare));
        }
        let list = self.node_moves();
        let mut children = self.expand(cx, &list, n, false);
        // At an attacker node a single spare-piece mate decides; at a
        // defender node a single longest defence that avoids one.
        let mut result = !or;
        let mut open = false;
        if or {
            children.sort_by_key(|c| (!c.proven(), c.len, c.pn));
            for c in &children {
                if c.disproven() {
                    continue;
                }
                match self.child_mated_within(cx, c, n - 1, ply) {
                    None => return None,
                    Some(false) => continue,
                    Some(true) => {}
                }
                self.enter(c, ply);
                let sub = self.spare_piece_mate(cx, n - 1, ply + 1, memo);
                self.leave(c);
                match sub? {
                    Some(true) => {
                        result = true;
                        break;
                    }
                    Some(false) => {}
                    None => open = true,
                }
            }
        } else {
            if cx.skip_useless() {
                children = self.counted_defences(cx, children, n, ply).ok()?;
            }
            for c in &children {
                // The defence's exact length: the least bound within
                // which it is mated.
                let mut k = n - 1;
                while k >= 3 {
                    match self.child_mated_within(cx, c, k - 2, ply) {
                        None => return None,
                        Some(true) => k -= 2,
                        Some(false) => break,
                    }
                }
                self.enter(c, ply);
                let sub = self.spare_piece_mate(cx, k, ply + 1, memo);
                self.leave(c);
                match sub? {
                    Some(false) => {
                        result = false;
                        break;
                    }
                    Some(true) => {}
                    None => open = true,
                }
            }
        }
        // A decision reached without the open branches stands; otherwise
        // the open ones might have changed it.
        let decided = if or { result } else { !result };
        if open && !decided {
            return Some(None);
        }
        memo.known.insert(key, result);
        Some(Some(result))
    }
}
