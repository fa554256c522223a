//! A board of sibling questions that the threads of a parallel search
//! share out: "is this child of the node mated within `remaining`
//! plies?" for several children of one node on a line
//! (`search/sibling_questions.rs` asks them; each thread works the board
//! with its own walker).
//!
//! A thread takes the next question nobody has taken and searches it
//! alone; once every question is taken, a thread with nothing to do
//! joins the unanswered question that the fewest threads are on, as a
//! helper of a parallel search joins its node (the busy marks keep the
//! threads on one question apart). The first thread to settle a question
//! answers it and raises that question's halt flag, so the others on it
//! return at their next poll and take another. The board knows nothing
//! of walkers: it hands out questions and keeps the answers.

use crate::child::{Child, NodeResult};
use crate::limits::Pool;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// One question of a board.
struct Question {
    /// The child asked about.
    child: Child,
    /// Stops the threads on this question once it is answered; counts
    /// their nodes in the board's account.
    pool: Arc<Pool>,
    /// The threads searching it now.
    workers: AtomicU32,
    /// The first result that settled it.
    answer: OnceLock<NodeResult>,
}

/// Sibling questions shared out among threads: see the module notes.
pub(crate) struct Board {
    questions: Vec<Question>,
    /// The plies each child is asked to be mated within.
    pub(crate) remaining: u16,
    /// The next question nobody has taken.
    next: AtomicUsize,
    /// Raised when a limit stopped a thread: nobody takes or joins a
    /// question any more.
    stopped: AtomicBool,
}

impl Board {
    /// A board asking of each of `children` whether it is mated within
    /// `remaining` plies, every question counting its nodes in `account`.
    pub(crate) fn new(children: Vec<Child>, remaining: u16, account: &Pool) -> Board {
        let questions = children
            .into_iter()
            .map(|child| Question {
                child,
                pool: Arc::new(Pool::counting_with(account)),
                workers: AtomicU32::new(0),
                answer: OnceLock::new(),
            })
            .collect();
        Board {
            questions,
            remaining,
            next: AtomicUsize::new(0),
            stopped: AtomicBool::new(false),
        }
    }

    /// The question a thread with nothing to do works on next: one nobody
    /// has taken, else the unanswered one with the fewest threads on it
    /// (the first among equals); `None` when every question is answered
    /// or a limit has stopped the board. The thread counts as one of the
    /// question's workers until [`Board::finish`].
    pub(crate) fn take(&self) -> Option<(usize, Child, Arc<Pool>)> {
        if self.stopped.load(Ordering::Relaxed) {
            return None;
        }
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        let i = if i < self.questions.len() {
            i
        } else {
            self.questions
                .iter()
                .enumerate()
                .filter(|(_, q)| q.answer.get().is_none())
                .min_by_key(|(_, q)| q.workers.load(Ordering::Relaxed))
                .map(|(i, _)| i)?
        };
        let q = &self.questions[i];
        q.workers.fetch_add(1, Ordering::Relaxed);
        Some((i, q.child, q.pool.clone()))
    }

    /// A thread is done with question `i`, which its search settled
    /// (`r` resolved: the answer, unless another thread's came first),
    /// left when another thread answered it, or left open when a limit
    /// stopped it (`limited`: the board stops).
    pub(crate) fn finish(&self, i: usize, r: NodeResult, limited: bool) {
        let q = &self.questions[i];
        if r.resolved() {
            let _ = q.answer.set(r);
            q.pool.halt();
        } else if limited {
            self.stopped.store(true, Ordering::Relaxed);
        }
        q.workers.fetch_sub(1, Ordering::Relaxed);
    }

    /// The answers, in the order of the children (`None`: left open by a
    /// limit). Called once every thread is done with the board.
    pub(crate) fn answers(&self) -> Vec<Option<NodeResult>> {
        self.questions
            .iter()
            .map(|q| q.answer.get().copied())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Board;
    use crate::child::{Child, NodeResult};
    use crate::limits::Pool;
    use tsumi_core::{MoveList, Position};

    fn children(n: usize) -> Vec<Child> {
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/R8 b - 1").unwrap();
        let mut list = MoveList::new();
        pos.generate_checks(&mut list);
        list.iter()
            .take(n)
            .map(|&m| Child::after(&pos, m))
            .collect()
    }

    /// Each question is taken once in order; then the threads join the
    /// unanswered ones with the fewest workers; once all are answered
    /// nothing is left to take, and the answers come in the children's
    /// order.
    #[test]
    fn questions_are_taken_once_then_joined_until_answered() {
        let account = Pool::new(0);
        let board = Board::new(children(3), 7, &account);
        let (a, ..) = board.take().unwrap();
        let (b, ..) = board.take().unwrap();
        let (c, ..) = board.take().unwrap();
        assert_eq!((a, b, c), (0, 1, 2));
        let proof = NodeResult {
            pn: 0,
            ..NodeResult::open(1, 1)
        };
        board.finish(1, proof, false);
        // Question 0 and 2 have one worker each: the first is joined.
        let (d, ..) = board.take().unwrap();
        assert_eq!(d, 0);
        // Now question 2 has the fewest.
        let (e, ..) = board.take().unwrap();
        assert_eq!(e, 2);
        let disproof = NodeResult {
            dn: 0,
            ..NodeResult::open(1, 1)
        };
        board.finish(0, disproof, false);
        // The other thread on question 0 returns with its search open.
        board.finish(0, NodeResult::open(5, 5), false);
        board.finish(2, proof, false);
        board.finish(2, NodeResult::open(5, 5), false);
        assert!(board.take().is_none());
        let answers = board.answers();
        assert_eq!(answers.len(), 3);
        assert_eq!(answers[0].map(|r| r.dn), Some(0));
        assert_eq!(answers[1].map(|r| r.pn), Some(0));
        assert_eq!(answers[2].map(|r| r.pn), Some(0));
    }

    /// A thread stopped by a limit stops the board: nothing more is taken,
    /// and its question stays open.
    #[test]
    fn a_limit_stops_the_board() {
        let account = Pool::new(0);
        let board = Board::new(children(2), 5, &account);
        let (i, ..) = board.take().unwrap();
        board.finish(i, NodeResult::open(3, 3), true);
        assert!(board.take().is_none());
        assert!(board.answers().iter().all(Option::is_none));
    }
}
