//! The parallel df-pn: several threads searching one root on one shared
//! table.
//!
//! Every thread runs the same depth-bounded df-pn from the root, each with
//! its own position, path and node count, on the one table (shared through
//! [`SharedTable`], which makes every bucket access take the bucket's
//! lock). What one thread proves or disproves reaches the others through
//! the table. To keep the threads apart, a thread entering a node (at
//! any depth below the root) marks it in a shared
//! [`BusySet`](crate::busy) and unmarks it on leaving, and a thread
//! choosing among such nodes adds a *virtual loss* to the number it
//! chooses by for each one other threads are in, growing with their
//! count, so that it prefers the siblings (after Kaneko 2010). The
//! phase decides which ([`crate::busy::Steer`]): while the first mate is
//! looked for, the AND nodes split the defences among the threads;
//! after, the OR nodes split the checks. See [`crate::busy`] for why,
//! and for the marks at every ply in place of noise. Each thread counts its table stores in a lane of its own
//! (see [`crate::table`]). The first thread to settle the root raises the
//! pool's halt flag and the others return at their next poll; node and
//! time limits count over all threads ([`Pool`]: each thread adds its
//! nodes at its polls); only the calling thread reports progress.
//!
//! The same threads search the nodes a line asks about
//! ([`Walker::settle_here`]): phase 3 builds the line of the longest
//! defence with depth-bounded searches at nodes hundreds of plies below
//! the root (is this evasion mated within `n - 3`? is this interposition's
//! shortcut mated within the other defences' length?), and on the long
//! works those searches are most of a solve's nodes (ACTの夢 at one
//! thread: 8.1 M of 13.5 M). A node is first searched on the calling
//! thread alone; past [`SOLO_NODES`] the helpers join it, each starting at
//! that node with the same path above it (for repetitions) and marking
//! the nodes it enters below it. Where a line asks the same question of
//! several children of one node in turn, the hard ones are shared out
//! instead, a question to a thread (`search/sibling_questions.rs`,
//! [`Walker::work_together`]).
//!
//! The helper threads are a pool ([`Helpers`], `search/helper_pool.rs`)
//! the calling thread's walker owns: started at its first parallel search
//! and kept for every later one, each helper running the jobs with a
//! walker of its own ([`helper_worker`]). Dropping the walker (the solver)
//! stops and joins them. With one thread there is no pool.
//!
//! Threads cannot change a verdict or a length: every entry any thread
//! stores is the result of a sound depth-bounded search, and the virtual
//! loss only changes the order in which children are searched. The
//! result of [`Walker::settle_root`] is the one the first thread to
//! settle the root found (a proof within the bound, a disproof, or open
//! when a limit ran out).

use crate::busy::BusySet;
use crate::child::NodeResult;
use crate::config::{search_stack_bytes, Algo};
use crate::limits::{Budget, Pool};
use crate::search::context::Context;
use crate::search::helper_pool::{Helpers, Job, TablePtr, Worker};
use crate::search::question_board::Board;
use crate::search::walker::Walker;
use crate::table::SharedTable;
use std::sync::Arc;

/// The most search threads a solve accepts (more are reduced to it).
pub const MAX_THREADS: usize = 256;

/// The nodes a search of a node on a line spends alone before the other
/// threads join it ([`Walker::settle_here`]): a job handed to the helpers
/// costs a wake-up of each, tens of microseconds, which the nearly
/// 100,000 searches of a long line that the table settles at once must
/// not pay.
const SOLO_NODES: u64 = 2048;

impl Walker {
    /// Settles the root within `remaining` plies: on this walker's thread
    /// alone ([`Walker::settle`]) with one thread or with PN*, else with
    /// the `threads - 1` helper threads of the walker's [`Helpers`] beside
    /// it (see [`Walker::settle_together`]). The walker must be at the
    /// root (nothing on its path above the current position); its node
    /// count afterwards includes the helpers' nodes.
    pub(crate) fn settle_root(&mut self, cx: &Context, remaining: u16) -> NodeResult {
        debug_assert_eq!(self.path_len(), 1);
        if !parallel(cx) {
            return self.settle(cx, remaining, 0);
        }
        self.settle_together(cx, remaining, 0)
    }

    /// Settles the current node, `ply` plies below the root (its path
    /// above it), within `remaining` plies, as a line or a kept mate's
    /// reading asks: first on this thread alone, within [`SOLO_NODES`];
    /// a node that needs more is searched by every thread (see
    /// [`Walker::settle_together`]). Most such nodes are settled by the
    /// table at once, and the few that are not hold most of the line's
    /// nodes (on ACTの夢, of the 93,000 such searches of its two lines,
    /// 89,500 took one node and 28 took 88 % of their 8.1 M nodes).
    pub(crate) fn settle_here(&mut self, cx: &Context, remaining: u16, ply: u16) -> NodeResult {
        if !parallel(cx) || self.budget.in_pool() {
            // One thread, or already one of a parallel search's.
            return self.settle(cx, remaining, ply);
        }
        match self.settle_for(cx, SOLO_NODES, |w, cx| w.settle(cx, remaining, ply)) {
            Ok(r) => r,
            Err(_) => self.settle_together(cx, remaining, ply),
        }
    }

    /// Settles the current node (`ply` plies below the root) within
    /// `remaining` plies with the `threads - 1` helper threads of the
    /// walker's [`Helpers`] beside it (started at the first such search,
    /// on stacks for the phase's ply limit, and kept for the next ones),
    /// each starting at the current node with the same path above it.
    /// The walker's node count afterwards includes the helpers' nodes.
    pub(crate) fn settle_together(&mut self, cx: &Context, remaining: u16, ply: u16) -> NodeResult {
        let pool = Arc::new(Pool::new(self.nodes));
        let (mine, theirs) = self.with_helpers(cx, remaining, ply, &pool, None, |w, cx| {
            w.settle(cx, remaining, ply)
        });
        let mut result = mine;
        for r in theirs {
            if !result.resolved() && r.resolved() {
                result = r;
            }
        }
        result
    }

    /// Works `board` (questions about the children of the current node,
    /// `ply` plies below the root) with the helper threads beside this
    /// one, as [`Walker::settle_together`] settles a node; `account` is
    /// the pool the board's questions count their nodes in. The walker's
    /// node count afterwards includes the helpers' nodes.
    pub(crate) fn work_together(
        &mut self,
        cx: &Context,
        board: Arc<Board>,
        account: &Arc<Pool>,
        ply: u16,
    ) {
        let remaining = board.remaining;
        let mine = board.clone();
        self.with_helpers(cx, remaining, ply, account, Some(board), |w, cx| {
            w.work_board(cx, &mine, ply);
            NodeResult::open(1, 1)
        });
    }

    /// Runs `mine` on this thread while the helpers run the same job (the
    /// current node, `ply` plies below the root, within `remaining`
    /// plies; or `board`'s questions about its children), all counting in
    /// `pool` and sharing one set of busy marks; this thread's result and
    /// the helpers' (their nodes added to this walker's count, a helper's
    /// panic resumed here).
    fn with_helpers(
        &mut self,
        cx: &Context,
        remaining: u16,
        ply: u16,
        pool: &Arc<Pool>,
        board: Option<Arc<Board>>,
        mine: impl FnOnce(&mut Walker, &Context) -> NodeResult,
    ) -> (NodeResult, Vec<NodeResult>) {
        debug_assert!(self.busy.is_none(), "parallel searches do not nest");
        let threads = cx.phase.config.threads.min(MAX_THREADS);
        let stack = search_stack_bytes(cx.phase.config.ply_limit());
        let mut helpers = match self.helpers.take() {
            Some(h) if h.fits(threads - 1, stack) => h,
            old => {
                // Joins the old helpers before starting the new ones.
                drop(old);
                Helpers::start(threads - 1, stack, helper_worker)
            }
        };
        let shared = SharedTable::new(cx.tt);
        let busy = Arc::new(BusySet::new(cx.phase.steer));
        self.budget.join_pool(pool, self.nodes);
        self.set_busy(Some(busy.clone()));
        let budgets: Vec<Budget> = (0..helpers.len())
            .map(|_| self.budget.helper(pool))
            .collect();
        let job = Job {
            pos: self.pos.clone(),
            attacker: self.attacker,
            path: self.path_entries().to_vec(),
            ply,
            table: TablePtr(shared.table()),
            phase: cx.phase,
            remaining,
            pool: pool.clone(),
            busy,
            board,
        };
        let (mine, theirs) = {
            // Waits for the helpers to finish the job when dropped, even
            // when the search below unwinds: they use the shared table,
            // which outlives this block.
            let running = helpers.run(job, budgets);
            let r = mine(self, cx);
            if r.resolved() {
                pool.halt();
            }
            (r, running.wait())
        };
        drop(shared);
        self.set_busy(None);
        self.budget.leave_pool(self.nodes);
        self.helpers = Some(helpers);
        let mut results = Vec::with_capacity(theirs.len());
        for outcome in theirs {
            match outcome {
                Ok((r, nodes)) => {
                    self.nodes += nodes;
                    results.push(r);
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        (mine, results)
    }
}

/// True when the phase's searches run on several threads: df-pn with more
/// than one.
pub(crate) fn parallel(cx: &Context) -> bool {
    cx.phase.config.threads > 1 && cx.phase.config.algo == Algo::DfPn
}

/// A helper's worker for lane `lane` (1 for the first helper): a walker of
/// its own, kept from one job to the next, that settles the job's node
/// (below the job's path) on the job's table, counting its stores in that
/// lane.
fn helper_worker(lane: usize) -> Worker {
    let mut walker = Walker::idle();
    Box::new(move |job: &Job, budget: Budget| {
        // SAFETY: see `TablePtr`: the table lives until every helper has
        // finished the job.
        let table = unsafe { &*job.table.0 };
        let cx = Context::of_phase(table, job.phase);
        walker.start_below(job.pos.clone(), job.attacker, &job.path, budget);
        walker.set_busy(Some(job.busy.clone()));
        walker.lane = lane;
        if let Some(board) = &job.board {
            walker.work_board(&cx, board, job.ply);
            walker.set_busy(None);
            return (NodeResult::open(1, 1), walker.nodes);
        }
        let r = walker.settle(&cx, job.remaining, job.ply);
        if r.resolved() {
            job.pool.halt();
        }
        walker.set_busy(None);
        (r, walker.nodes)
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::busy::{BusySet, Steer};
    use crate::config::SolverConfig;
    use crate::limits::{Budget, Limits};
    use crate::search::context::Context;
    use crate::search::walker::Walker;
    use crate::table::Table;
    use tsumi_core::{Hand, Position};

    /// 将棋無双 9 (29 plies), two plies into its line (L*7b 7a7b, as
    /// published and as the solver plays it): the node, the side that
    /// mates and the path from the root.
    pub(crate) fn two_plies_in() -> (Position, tsumi_core::Color, Vec<(u64, Hand)>) {
        let sfen = "2k1s1B2/S3+P4/2p1R2p1/2gprpp2/Lb1S5/2N3P2/2PPP4/9/L8 b L3gs3nl8p 1";
        let root = Position::from_sfen(sfen).unwrap();
        let attacker = root.side_to_move();
        let mut pos = root.clone();
        let mut path = vec![(pos.board_key(), pos.hand(attacker))];
        for usi in ["L*7b", "7a7b"] {
            let m = pos.parse_usi_move(usi).unwrap();
            pos.do_move(m);
            path.push((pos.board_key(), pos.hand(attacker)));
        }
        (pos, attacker, path)
    }

    /// A walker at [`two_plies_in`] within `limits`, and the settings
    /// for `threads` threads (the caller makes the table they search).
    pub(crate) fn walker_two_plies_in(threads: usize, limits: &Limits) -> (Walker, SolverConfig) {
        let (pos, attacker, path) = two_plies_in();
        let mut w = Walker::idle();
        w.start_below(pos, attacker, &path, Budget::start(limits, None));
        let config = SolverConfig {
            threads,
            ..SolverConfig::default()
        };
        (w, config)
    }

    /// A node two plies below the root, settled by 1, 2 and 4 threads each
    /// starting there with the path above it (`settle_here`, which hands
    /// the node to the helpers once it needs more than `SOLO_NODES`): mated
    /// within the 27 plies left, not within 25, whatever the count; with
    /// several threads the helpers took part and their nodes are counted.
    #[test]
    fn a_node_below_the_root_is_settled_by_every_thread_with_its_path() {
        let (pos, _, path) = two_plies_in();
        for threads in [1, 2, 4] {
            for (remaining, mated) in [(27, true), (25, false)] {
                let table = Table::try_new(16).unwrap();
                let (mut w, config) = walker_two_plies_in(threads, &Limits::nodes(20_000_000));
                let cx = Context::new(&table, config);
                let r = w.settle_here(&cx, remaining, 2);
                assert!(r.resolved(), "{threads} threads, within {remaining}");
                assert_eq!(r.pn == 0, mated, "{threads} threads, within {remaining}");
                if mated {
                    assert_eq!(r.len, 27, "{threads} threads");
                }
                assert!(
                    w.nodes > super::SOLO_NODES,
                    "{threads} threads: {}",
                    w.nodes
                );
                assert_eq!(w.helpers.is_some(), threads > 1, "{threads} threads");
                assert_eq!(w.path_entries(), &path[..], "the path is put back");
                assert_eq!(w.pos.key(), pos.key(), "the position is put back");
            }
        }
    }

    /// A walker at `pos` (`path` above it, ending with it) that has joined
    /// a parallel search's busy marks steering as `steer` says, and those
    /// marks.
    fn marking_walker(
        pos: &Position,
        attacker: tsumi_core::Color,
        path: &[(u64, Hand)],
        steer: Steer,
    ) -> (Walker, std::sync::Arc<BusySet>) {
        let mut w = Walker::idle();
        w.start_below(
            pos.clone(),
            attacker,
            path,
            Budget::start(&Limits::none(), None),
        );
        let busy = std::sync::Arc::new(BusySet::new(steer));
        w.set_busy(Some(busy.clone()));
        (w, busy)
    }

    /// The busy marks are made on one kind of node, the kind the other
    /// kind chooses among with them: steering the checks, entering a check
    /// marks its node and entering a defence below it does not; steering
    /// the defences, the reverse. Leaving takes the mark off.
    #[test]
    fn one_kind_of_node_is_marked_busy() {
        use crate::child::Child;
        use tsumi_core::MoveList;

        let (pos, attacker, path) = two_plies_in();
        for steer in [Steer::Checks, Steer::Defences] {
            let (mut w, busy) = marking_walker(&pos, attacker, &path, steer);
            let mut checks = MoveList::new();
            pos.generate_checks(&mut checks);
            let check = *checks.iter().next().expect("a check");
            let c = Child::after(&pos, check);
            let full_key = c.full_key;
            w.enter(&c, 2);
            let and_marked = u32::from(steer == Steer::Checks);
            assert_eq!(
                busy.count(full_key),
                and_marked,
                "{steer:?}: the check's node"
            );
            let mut replies = MoveList::new();
            w.pos.generate_evasions(&mut replies);
            let reply = *replies.iter().next().expect("a defence");
            let d = Child::after(&w.pos, reply);
            let full_key2 = d.full_key;
            w.enter(&d, 3);
            assert_eq!(
                busy.count(full_key2),
                1 - and_marked,
                "{steer:?}: the defence's node"
            );
            assert_eq!(busy.count(full_key), and_marked);
            w.leave(&d);
            assert_eq!(busy.count(full_key2), 0, "{steer:?}: the mark is taken off");
            w.leave(&c);
            assert_eq!(busy.count(full_key), 0, "{steer:?}: the mark is taken off");
            assert_eq!(w.pos.key(), pos.key());
        }
    }

    /// The marks reach every ply: a rook chasing a lone king, check after
    /// check, 100 plies below the parallel search's root, marks every node
    /// of the marked kind it enters down there, and nodes that deep read
    /// the marks, whichever choices they steer.
    #[test]
    fn nodes_are_marked_at_any_depth() {
        use crate::child::Child;

        /// Enters checks and evasions (first found, backtracking at dead
        /// ends) until `depth` plies; asserts each node of the marked kind
        /// is marked when entered. False when no line goes that deep from
        /// here.
        fn descend(w: &mut Walker, busy: &BusySet, ply: u16, depth: u16) -> bool {
            if ply == depth {
                assert!(w.busy_here().is_some(), "ply {ply} reads the marks");
                return true;
            }
            let list = w.node_moves();
            for &m in list.iter() {
                let c = Child::after(&w.pos, m);
                let full_key = c.full_key;
                // (A position the chase comes back to is marked once for
                // each time it is on the path.)
                let child_is_or = !w.is_or();
                let before = busy.count(full_key);
                w.enter(&c, ply);
                if busy.marks(child_is_or) {
                    assert_eq!(
                        busy.count(full_key),
                        before + 1,
                        "ply {} is marked",
                        ply + 1
                    );
                }
                let deep = descend(w, busy, ply + 1, depth);
                w.leave(&c);
                assert_eq!(busy.count(full_key), before, "the mark is taken off");
                if deep {
                    return true;
                }
            }
            false
        }

        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/R8 b - 1").unwrap();
        let attacker = pos.side_to_move();
        let path = [(pos.board_key(), pos.hand(attacker))];
        for steer in [Steer::Checks, Steer::Defences] {
            let (mut w, busy) = marking_walker(&pos, attacker, &path, steer);
            assert!(
                descend(&mut w, &busy, 0, 100),
                "{steer:?}: a line of 100 plies"
            );
            assert_eq!(w.pos.key(), pos.key(), "the position is put back");
        }
    }

    /// Which node passes over a busy child: steering the checks, an OR
    /// node takes the sibling of a check another thread is in and an AND
    /// node ignores the marks; steering the defences, the reverse.
    #[test]
    fn the_marks_steer_the_checks_or_the_defences() {
        use crate::child::Child;
        use crate::search::dfpn::Thresholds;
        use crate::search::node_loop::Policy;
        use crate::table::INF;

        let (pos, attacker, path) = two_plies_in();
        // Two children with equal numbers, the first one busy.
        let twins = |w: &Walker| -> Vec<Child> {
            let list = w.node_moves();
            assert!(list.len() >= 2);
            list.iter()
                .take(2)
                .map(|&m| {
                    let mut c = Child::after(&w.pos, m);
                    c.pn = 10;
                    c.dn = 10;
                    c
                })
                .collect()
        };
        // The child the current node chooses among `kids` while the first
        // of them is busy.
        let root = Thresholds::new(INF, INF);
        let chosen = |w: &Walker, busy: &BusySet, kids: &[Child]| {
            let or = w.is_or();
            let (pn, dn) = if or { (10, 20) } else { (20, 10) };
            busy.enter(kids[0].full_key);
            let (best, _) = root.choose(w, or, kids, pn, dn);
            busy.leave(kids[0].full_key);
            best
        };
        for steer in [Steer::Checks, Steer::Defences] {
            let (mut w, busy) = marking_walker(&pos, attacker, &path, steer);
            // At the OR node (two plies in).
            let checks = twins(&w);
            let best = chosen(&w, &busy, &checks);
            assert_eq!(
                best,
                usize::from(steer == Steer::Checks),
                "{steer:?}, OR node"
            );
            // At an AND node below it.
            w.enter(&checks[0], 2);
            let best = chosen(&w, &busy, &twins(&w));
            assert_eq!(
                best,
                usize::from(steer == Steer::Defences),
                "{steer:?}, AND node"
            );
            w.leave(&checks[0]);
        }
    }
}
