//! Sibling questions on a line, shared out among the threads.
//!
//! Building a line asks, at one node, the same question of several
//! children in turn: at a defender node of the longest defence's line,
//! "is this defence mated within `n - 3`?" of every defence; in the
//! spare-piece test (`search/spare_piece.rs`), "is this check mated
//! within `n - 1`?" of every check. The table settles most of them at
//! once. Asked one after the other, a question that needs more was
//! searched by every thread at once ([`Walker::settle_here`]): the
//! questions settled alone run on one thread while the others wait, and
//! the large ones, mostly disproofs, duplicate (on the 7 将棋無双 problems
//! one of 124 K nodes took 152 K with two threads).
//!
//! So each question is first searched alone within
//! [`SIBLING_SOLO_NODES`]; when it needs more and later children are
//! still to be asked the same, it and the later ones go on a [`Board`]
//! (`search/question_board.rs`) that every thread works: each takes a
//! question and searches it alone, and once all are taken the threads
//! with nothing to do join the open ones. The answers are kept for the
//! children's turn, so the loops that ask are unchanged. The later
//! questions are asked before their turn, so a loop that would have
//! stopped early (a spare piece found) may have asked some for nothing;
//! the loops that use this ask every child, or nearly. A question with no
//! later sibling to ask goes to every thread as [`Walker::settle_here`]
//! sends it. With one thread nothing changes: each question is asked in
//! its turn.

use crate::child::{Child, NodeResult};
use crate::limits::Pool;
use crate::search::context::Context;
use crate::search::parallel::parallel;
use crate::search::question_board::Board;
use crate::search::walker::Walker;
use std::sync::Arc;

/// The nodes a sibling question spends alone before it is shared out
/// (with the later siblings, if any; else as [`Walker::settle_here`]
/// shares out a node past its own `SOLO_NODES`, 2,048). A board is one
/// wake-up of the helpers for several questions, so it pays sooner than a
/// single question handed over: on the 7 将棋無双 problems at two threads
/// the lines took 0.99 s with 2,048 here, 0.85 s with 512, 0.82 s with 256
/// or 64 and 0.84 s with 16 (medians of six alternating rounds).
const SIBLING_SOLO_NODES: u64 = 256;

/// The children of one node, each to be asked whether it is mated within
/// the same number of plies, and what is known of them so far.
pub(crate) struct Siblings<'a> {
    children: &'a [Child],
    /// The children the caller asks about (the others never go on a
    /// board).
    wanted: Vec<bool>,
    remaining: u16,
    /// Answers found before the child's turn.
    answers: Vec<Option<NodeResult>>,
}

impl<'a> Siblings<'a> {
    /// The questions "mated within `remaining`?" about those of
    /// `children` that `wanted` accepts.
    pub(crate) fn new(
        children: &'a [Child],
        remaining: u16,
        wanted: impl Fn(&Child) -> bool,
    ) -> Siblings<'a> {
        Siblings {
            children,
            wanted: children.iter().map(wanted).collect(),
            remaining,
            answers: vec![None; children.len()],
        }
    }

    /// The children after the `i`-th still to be asked.
    fn later(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        (i + 1..self.children.len()).filter(|&j| self.wanted[j] && self.answers[j].is_none())
    }
}

impl Walker {
    /// True if child `i` of `siblings` (children of the current node,
    /// `ply` plies below the root) is mated within their plies; `None`
    /// when the budget ran out first. See the module notes.
    pub(crate) fn sibling_mated_within(
        &mut self,
        cx: &Context,
        siblings: &mut Siblings,
        i: usize,
        ply: u16,
    ) -> Option<bool> {
        if let Some(r) = siblings.answers[i] {
            return Some(r.pn == 0);
        }
        let c = siblings.children[i];
        let remaining = siblings.remaining;
        if !parallel(cx) || self.budget.in_pool() {
            return self.child_mated_within(cx, &c, remaining, ply);
        }
        self.enter(&c, ply);
        let alone = self.settle_for(cx, SIBLING_SOLO_NODES, |w, cx| {
            w.settle(cx, remaining, ply + 1)
        });
        // The question and the later siblings, when it needs more.
        let mut asked = Vec::new();
        let r = match alone {
            Ok(r) => Some(r),
            Err(_) => {
                asked.extend(std::iter::once(i).chain(siblings.later(i)));
                if asked.len() == 1 {
                    Some(self.settle_together(cx, remaining, ply + 1))
                } else {
                    None
                }
            }
        };
        self.leave(&c);
        if let Some(r) = r {
            return r.resolved().then_some(r.pn == 0);
        }
        // Asked of every thread.
        let account = Arc::new(Pool::new(self.nodes));
        let board = Arc::new(Board::new(
            asked.iter().map(|&j| siblings.children[j]).collect(),
            remaining,
            &account,
        ));
        self.work_together(cx, board.clone(), &account, ply);
        for (&j, answer) in asked.iter().zip(board.answers()) {
            siblings.answers[j] = answer;
        }
        siblings.answers[i].map(|r| r.pn == 0)
    }

    /// Works on `board`'s questions (about children of the current node,
    /// `ply` plies below the root) until none is left to take or join:
    /// each searched alone from here, counting in its question's pool,
    /// which stops it when another thread answers it first.
    pub(crate) fn work_board(&mut self, cx: &Context, board: &Board, ply: u16) {
        while let Some((i, child, pool)) = board.take() {
            self.budget.join_pool(&pool, self.nodes);
            self.enter(&child, ply);
            let r = self.settle(cx, board.remaining, ply + 1);
            self.leave(&child);
            self.budget.leave_pool(self.nodes);
            let limited = !r.resolved() && self.budget.is_exhausted();
            board.finish(i, r, limited);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Siblings;
    use crate::child::Child;
    use crate::limits::Limits;
    use crate::search::context::Context;
    use crate::search::parallel::tests::{two_plies_in, walker_two_plies_in};
    use crate::table::Table;

    /// The checks of 将棋無双 9 two plies into its line (27 plies left),
    /// each asked "mated within `remaining`?" in turn on a fresh table by
    /// `threads` threads under `limits`: the answers, the walker's nodes
    /// and whether it started helpers.
    fn ask_checks(
        threads: usize,
        remaining: u16,
        limits: &Limits,
    ) -> (Vec<Option<bool>>, u64, bool) {
        let (pos, _, path) = two_plies_in();
        let table = Table::try_new(16).unwrap();
        let (mut w, config) = walker_two_plies_in(threads, limits);
        let cx = Context::new(&table, config);
        let children: Vec<Child> = w
            .node_moves()
            .iter()
            .map(|&m| Child::after(&w.pos, m))
            .collect();
        let mut siblings = Siblings::new(&children, remaining, |_| true);
        let answers = (0..children.len())
            .map(|i| w.sibling_mated_within(&cx, &mut siblings, i, 2))
            .collect();
        assert_eq!(w.path_entries(), &path[..], "the path is put back");
        assert_eq!(w.pos.key(), pos.key(), "the position is put back");
        (answers, w.nodes, w.helpers.is_some())
    }

    /// Two, four and sixteen threads give every check the answer one
    /// thread gives (some mated within the bound, some not), sharing the
    /// hard questions out on a board.
    #[test]
    fn shared_questions_get_one_threads_answers() {
        for remaining in [26, 24] {
            let (one, nodes, _) = ask_checks(1, remaining, &Limits::nodes(50_000_000));
            assert!(one.iter().all(Option::is_some), "within {remaining}");
            assert!(one.contains(&Some(false)), "within {remaining}");
            assert!(
                nodes > 2 * super::SIBLING_SOLO_NODES,
                "within {remaining}: {nodes} nodes"
            );
            for threads in [2, 4, 16] {
                let (answers, _, helped) =
                    ask_checks(threads, remaining, &Limits::nodes(50_000_000));
                assert_eq!(answers, one, "{threads} threads, within {remaining}");
                assert!(helped, "{threads} threads, within {remaining}");
            }
        }
    }

    /// A node limit that stops the board leaves the open questions
    /// unanswered (`None`), the walker back where it was.
    #[test]
    fn a_limit_leaves_questions_open() {
        let (answers, _, _) = ask_checks(2, 26, &Limits::nodes(1_000));
        assert!(answers.contains(&None), "{answers:?}");
    }
}
