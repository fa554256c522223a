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

use crate::and_cap;
use crate::busy::Steer;
use crate::child::NodeResult;
use crate::search::context::Context;
use crate::search::scratch::Stages;
use crate::search::walker::Walker;
use crate::table::{Table, DEPTH_INF};
use crate::useless::Interpositions;

/// What the first search of a solve settled.
pub(crate) struct FirstMate<'t> {
    /// The root's result within the ply limit.
    pub result: NodeResult,
    /// The convention the result was found under (the one to read its
    /// line with).
    pub rule: Interpositions,
    /// The table the result was reached on, the one the rest of the solve
    /// searches (see [`crate::search::scratch`]).
    pub table: &'t Table,
}

impl Walker {
    /// Settles the root within `max_ply` plies for a solve under the
    /// rule of `cx`, on the context's table or, when `stages` are given,
    /// on the small table first and then on those (see
    /// [`crate::search::scratch`]). Under the 無駄合 rule the first search
    /// counts every interposition, in a context built for it.
    pub(crate) fn first_mate<'t>(
        &mut self,
        cx: &Context<'t>,
        stages: Option<Stages<'t>>,
        max_ply: u16,
    ) -> FirstMate<'t> {
        // Several threads split the defences of the mate, not the checks
        // beside it (`crate::busy`), each thread's search dives first
        // (`crate::and_cap`), and drops of one kind are searched one
        // unguarded square at a time (`crate::chain`).
        let cx = &cx
            .steering(Steer::Defences)
            .diving(and_cap::DIVE_NODES)
            .chaining_across();
        let settle = |w: &mut Walker, cx: &Context<'t>| match stages {
            Some(t) => w.settle_small_first(cx, t, max_ply),
            None => (w.settle_root(cx, max_ply), cx.tt),
        };
        let rule = cx.rule();
        if rule == Interpositions::CountAll {
            let (result, table) = settle(self, cx);
            return FirstMate {
                result,
                rule,
                table,
            };
        }
        let (r, table) = settle(self, &cx.with_rule(Interpositions::CountAll));
        if r.resolved() && r.dn == 0 && r.len != DEPTH_INF {
            let (result, table) = settle(self, &cx.on_table(table));
            return FirstMate {
                result,
                rule,
                table,
            };
        }
        FirstMate {
            result: r,
            rule: Interpositions::CountAll,
            table,
        }
    }
}
