//! The first mate under the 無駄合 rule is looked for counting every
//! interposition.
//!
//! A mate within `L` plies counting every interposition is a mate within
//! `L` under the rule: every interposition, useless or not, is mated as
//! played, so every defence the rule counts is mated in time (and the line
//! ends in checkmate). Counting every interposition, the search runs none
//! of the rule's sub-searches, keeps hand dominance (its results hold for
//! superior or inferior hands, not the exact hand only) and takes a board
//! repeated with an inferior hand as a repetition. On the famous long works
//! this is what finds a first mate at all: at 10 M nodes each (about
//! 15 s), under the rule tsumi mated 4 of the 20 of `long.tsv`, counting
//! every interposition 7.
//!
//! Only the first search changes. The rule decides the published length,
//! so the shortening searches and the principal line run under it; they
//! start from the first mate's length, a sound bound, and reuse the first
//! search's proofs, not its disproofs (see [`crate::table`]). A mate that
//! the limits leave at the first search's length is read out of the table
//! counting every interposition, as it was proven.
//!
//! No mate at all counting every interposition is no mate under the rule
//! either: a useless interposition's shortcut is the position after the
//! capture with the captured piece in the defender's hand instead of the
//! attacker's, so when the shortcut is mated, the interposition as played
//! is mated too, two plies later. But two plies more may pass the
//! search's horizon: when counting every interposition finds no mate
//! within `max_ply` only, the root is searched again under the rule.

use crate::child::NodeResult;
use crate::search::parallel::Parallel;
use crate::search::Search;
use crate::table::{Table, DEPTH_INF};
use crate::useless::Interpositions;

impl<'t> Search<'t> {
    /// Settles the root within `max_ply` plies for a solve under the
    /// current settings' rule, on the search's table or, when `large` is
    /// given, on the small table first (see [`crate::search::scratch`]). Returns
    /// the result and the convention under which it was found (the one to
    /// read its line with).
    pub(crate) fn first_mate(
        &mut self,
        par: &Parallel,
        large: Option<&'t Table>,
        max_ply: u16,
    ) -> (NodeResult, Interpositions) {
        let settle = |s: &mut Self| match large {
            Some(t) => s.settle_small_first(t, max_ply),
            None => par.settle(s, max_ply),
        };
        let rule = self.config.interpositions;
        if rule == Interpositions::CountAll {
            return (settle(self), rule);
        }
        self.config.interpositions = Interpositions::CountAll;
        let r = settle(self);
        self.config.interpositions = rule;
        if r.resolved() && r.dn == 0 && r.len != DEPTH_INF {
            return (settle(self), rule);
        }
        (r, Interpositions::CountAll)
    }
}
