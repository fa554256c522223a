//! The walker: one thread's walk through the tree of a solve. It owns
//! what that walk changes: the position, the path from the root (for
//! repetitions), the node count, the budget, the thread's busy marks in a
//! parallel search, its caches (first estimates, positions judged mate at
//! once under the 無駄合 rule) and its spare storage (child lists of nodes
//! that have returned, paths of detours that have ended), kept from one
//! solve to the next so that a short solve allocates nothing.
//!
//! What the walk reads and never changes, the table and the phase's
//! settings, is the [`Context`] every method is given.

use crate::busy::BusySet;
use crate::child::{Child, NodeResult, NO_REP};
use crate::estimates::Estimates;
use crate::keymap::KeyMap;
use crate::limits::{Budget, Limits};
use crate::path::Path;
use crate::search::context::Context;
use crate::search::expansion::Expander;
use crate::search::helper_pool::Helpers;
use crate::useless::Interpositions;
use std::sync::Arc;
use tsumi_core::{Color, Hand, Move, MoveList, Position};

/// One thread's walk through the tree: see the module documentation.
pub(crate) struct Walker {
    /// The position of the current node.
    pub pos: Position,
    /// The side that mates.
    pub attacker: Color,
    /// The positions on the current path, for repetitions.
    path: Path,
    /// Nodes counted so far in the solve (in a parallel search: by this
    /// thread).
    pub nodes: u64,
    /// The limits, as this walk spends them.
    pub budget: Budget,
    /// In a parallel search: the nodes other threads are in (see
    /// [`crate::search::parallel`]).
    pub busy: Option<Arc<BusySet>>,
    /// The ply of the current search's root (df-pn or PN*), from which the
    /// damping of deep AND nodes counts (see [`crate::and_cap`]).
    pub(crate) root_ply: u16,
    /// The thread's index in a parallel search (0: the calling thread),
    /// under which it counts its stores in the table (see
    /// [`crate::table`]'s lanes).
    pub lane: usize,
    /// Positions already judged by [`crate::useless::mate_now`].
    memo: KeyMap<bool>,
    /// First estimates of checks already looked at (see
    /// [`crate::estimates`]).
    estimates: Estimates,
    /// Child lists of nodes that have returned, kept with their capacity
    /// for the next nodes: after the first few nodes at each depth a node
    /// expands without allocating.
    spare_children: Vec<Vec<Child>>,
    /// Empty paths of detours that have ended (see [`Walker::detour`]).
    spare_paths: Vec<Path>,
    /// The helper threads of this walker's parallel searches, started at
    /// the first one and kept until the walker is dropped (see
    /// [`Helpers`]); never started with one thread.
    pub(crate) helpers: Option<Helpers>,
}

impl Walker {
    /// A walker with no walk yet (see [`Walker::start`]) and no storage.
    pub(crate) fn idle() -> Walker {
        Walker {
            pos: Position::empty(),
            attacker: Color::Black,
            path: Path::new(),
            nodes: 0,
            budget: Budget::start(&Limits::none(), None),
            busy: None,
            root_ply: 0,
            lane: 0,
            memo: KeyMap::default(),
            estimates: Estimates::new(),
            spare_children: Vec::new(),
            spare_paths: Vec::new(),
            helpers: None,
        }
    }

    /// A walker from `pos` (the attacker to move) within `budget`.
    #[cfg(test)]
    pub(crate) fn new(pos: Position, budget: Budget) -> Walker {
        let mut w = Walker::idle();
        w.start(pos, budget);
        w
    }

    /// Starts a new walk from `pos` (the attacker to move) within
    /// `budget`, no node counted: the path holds the root alone, the
    /// caches are emptied, the storage is kept.
    pub(crate) fn start(&mut self, pos: Position, budget: Budget) {
        let attacker = pos.side_to_move();
        let root = [(pos.board_key(), pos.hand(attacker))];
        self.start_below(pos, attacker, &root, budget);
    }

    /// Starts a new walk at `pos`, `attacker` the side that mates, below
    /// the positions `path` (board keys and attacker hands from the root,
    /// `pos` last: the repetitions a search at `pos` must see), within
    /// `budget`, no node counted: the caches are emptied, the storage is
    /// kept.
    pub(crate) fn start_below(
        &mut self,
        pos: Position,
        attacker: Color,
        path: &[(u64, Hand)],
        budget: Budget,
    ) {
        debug_assert_eq!(path.last(), Some(&(pos.board_key(), pos.hand(attacker))));
        self.attacker = attacker;
        self.path.clear();
        for &(key, hand) in path {
            self.path.push(key, hand);
        }
        self.pos = pos;
        self.nodes = 0;
        self.budget = budget;
        self.busy = None;
        self.memo.clear();
        self.estimates.clear();
    }

    /// The positions on the current path, from the root.
    pub(crate) fn path_entries(&self) -> &[(u64, Hand)] {
        self.path.entries()
    }

    /// Joins (`Some`) or leaves (`None`) a parallel search's busy marks,
    /// whose root is the current node.
    pub(crate) fn set_busy(&mut self, busy: Option<Arc<BusySet>>) {
        self.busy = busy;
    }

    /// Runs `f` with the walker at `q`, a position off the current line,
    /// and back: with the current path above `q` when `keep_path` (only
    /// positions on it and below `q` repeat), else with nothing above it
    /// (a result with no repetition then holds on every path). The node
    /// count, the budget and the caches go on; no busy mark is made on the
    /// way.
    pub(crate) fn detour<R>(
        &mut self,
        q: Position,
        keep_path: bool,
        f: impl FnOnce(&mut Walker) -> R,
    ) -> R {
        let mut path = self.spare_paths.pop().unwrap_or_else(Path::new);
        if keep_path {
            for &(k, h) in self.path.entries() {
                path.push(k, h);
            }
        }
        path.push(q.board_key(), q.hand(self.attacker));
        let path = std::mem::replace(&mut self.path, path);
        let pos = std::mem::replace(&mut self.pos, q);
        let busy = self.busy.take();
        let r = f(self);
        self.busy = busy;
        self.pos = pos;
        let mut path = std::mem::replace(&mut self.path, path);
        path.clear();
        self.spare_paths.push(path);
        r
    }

    /// Takes first estimates counted elsewhere (full keys of positions
    /// after a check, and their proof numbers under `rule`) into the
    /// walker's cache, as if it had counted them itself.
    pub(crate) fn remember_estimates(&mut self, estimates: &[(u64, u32)], rule: Interpositions) {
        for &(full_key, pn) in estimates {
            self.estimates.put(full_key, rule, pn);
        }
    }

    /// The number of positions on the current path (the root's ply plus
    /// one at the root).
    pub(crate) fn path_len(&self) -> usize {
        self.path.len()
    }

    /// True at an OR node (attacker to move).
    pub(crate) fn is_or(&self) -> bool {
        self.pos.side_to_move() == self.attacker
    }

    pub(crate) fn attacker_hand(&self) -> Hand {
        self.pos.hand(self.attacker)
    }

    /// Counts a node and checks the limits.
    #[inline]
    pub(crate) fn visit(&mut self, cx: &Context) -> bool {
        self.nodes += 1;
        let tt = cx.tt;
        !self
            .budget
            .exhausted(self.nodes, cx.phase.cap, || tt.poll())
    }

    /// Plays a child's move and puts the child on the path.
    pub(crate) fn enter(&mut self, c: &Child, ply: u16) {
        debug_assert_eq!(self.path.len(), ply as usize + 1);
        self.pos.do_move(c.mv);
        self.path.push(c.key, c.hand);
        if let Some(busy) = &self.busy {
            if busy.marks(self.is_or()) {
                busy.enter(c.full_key);
            }
        }
    }

    /// Takes a child's move back.
    pub(crate) fn leave(&mut self, c: &Child) {
        if let Some(busy) = &self.busy {
            if busy.marks(self.is_or()) {
                busy.leave(c.full_key);
            }
        }
        self.path.pop();
        self.pos.undo_move();
    }

    /// In a parallel search: the busy marks of the other threads, for
    /// choosing among the current node's children.
    #[inline]
    pub(crate) fn busy_here(&self) -> Option<&BusySet> {
        self.busy.as_deref()
    }

    /// The legal moves of the node: checks at an OR node, evasions at an
    /// AND node.
    pub(crate) fn node_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.node_moves_into(&mut list);
        list
    }

    /// [`Walker::node_moves`] into `list` (which must be empty), without
    /// copying a list out.
    #[inline]
    pub(crate) fn node_moves_into(&self, list: &mut MoveList) {
        if self.is_or() {
            self.pos.generate_checks(list);
        } else {
            self.pos.generate_evasions(list);
        }
    }

    /// An empty child list, with the capacity of one used before.
    #[inline]
    pub(crate) fn child_list(&mut self) -> Vec<Child> {
        self.spare_children.pop().unwrap_or_default()
    }

    /// Gives a child list back for later nodes.
    #[inline]
    pub(crate) fn recycle(&mut self, mut children: Vec<Child>) {
        children.clear();
        self.spare_children.push(children);
    }

    /// The borrows an expansion of the current node needs.
    pub(crate) fn expander<'a>(&'a mut self, cx: &Context<'a>) -> Expander<'a> {
        Expander {
            pos: &mut self.pos,
            path: &self.path,
            tt: cx.tt,
            lane: self.lane,
            attacker: self.attacker,
            rule: cx.rule(),
            across: cx.phase.across,
            memo: &mut self.memo,
            estimates: &mut self.estimates,
        }
    }

    /// The children of the current node for the legal moves `list` (see
    /// [`Expander::expand`]).
    pub(crate) fn expand(
        &mut self,
        cx: &Context,
        list: &MoveList,
        remaining: u16,
        first_mate_only: bool,
    ) -> Vec<Child> {
        let buf = self.child_list();
        self.expander(cx)
            .expand(list, remaining, first_mate_only, buf)
    }

    /// Stores a node's result (a disproof that rests on a repetition
    /// above the node is not stored: it holds for this path only).
    pub(crate) fn store(
        &self,
        cx: &Context,
        r: &NodeResult,
        remaining: u16,
        best: Move,
        work: u64,
    ) {
        let key = self.pos.board_key();
        let hand = self.attacker_hand();
        if r.pn == 0 {
            cx.tt
                .store_proven_in(self.lane, key, hand, r.hand, r.len, r.exact, best, work);
        } else if r.dn == 0 {
            if r.rep == NO_REP {
                cx.tt.store_disproven_in(
                    self.lane,
                    key,
                    hand,
                    r.hand,
                    r.len,
                    r.exact,
                    cx.rule(),
                    work,
                );
            }
        } else {
            cx.tt
                .store_open_in(self.lane, key, hand, remaining, (r.pn, r.dn), best, work);
        }
    }
}
