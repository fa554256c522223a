//! The searching state of one solve: the position, the path from the
//! root (for repetitions), the table handle, the budget and the solve's
//! settings. The node's children live in [`crate::search::expansion`], the node
//! loop in [`crate::search::node_loop`].

pub(crate) mod dfpn;
pub(crate) mod expansion;
pub(crate) mod first_mate;
pub(crate) mod node_loop;
pub(crate) mod parallel;
pub(crate) mod pnstar;
pub(crate) mod principal_line;
pub(crate) mod scratch;
pub(crate) mod table_line;
pub(crate) mod useless_interpositions;

use crate::busy::BusySet;
use crate::child::{Child, NodeResult, NO_REP};
use crate::config::SolverConfig;
use crate::estimates::Estimates;
use crate::keymap::KeyMap;
use crate::limits::Budget;
use crate::path::Path;
use crate::search::expansion::Expander;
use crate::table::Table;
use crate::useless::Interpositions;
use std::sync::Arc;
use tsumi_core::{Color, Hand, Move, MoveList, Position};

/// The searching state of one solve.
pub(crate) struct Search<'t> {
    pub tt: &'t Table,
    pub pos: Position,
    pub attacker: Color,
    /// The positions on the current path, for repetitions.
    path: Path,
    pub nodes: u64,
    pub budget: &'t mut Budget,
    /// The solve's settings (the algorithm, the rule, the defence...),
    /// the same in every search of the solve.
    pub config: SolverConfig,
    /// Positions already judged by [`crate::useless::mate_now`].
    pub mate_now_memo: KeyMap<bool>,
    /// First estimates of checks already looked at (see
    /// [`crate::estimates`]).
    estimates: Estimates,
    /// In a parallel search: the nodes other threads are in (see
    /// [`crate::search::parallel`]).
    pub busy: Option<Arc<BusySet>>,
    /// Child lists of nodes that have returned, kept with their capacity
    /// for the next nodes: after the first few nodes at each depth a node
    /// expands without allocating.
    spare: Vec<Vec<Child>>,
}

impl<'t> Search<'t> {
    /// A search from `pos` (attacker to move or, for sub-searches, either
    /// side), with the positions in `history` (board keys and attacker
    /// hands, oldest first) already on the path, `nodes` counted so far
    /// and the solve's settings `config`.
    pub(crate) fn new(
        tt: &'t Table,
        budget: &'t mut Budget,
        pos: Position,
        attacker: Color,
        history: &[(u64, Hand)],
        nodes: u64,
        config: SolverConfig,
    ) -> Search<'t> {
        let mut path = Path::new();
        for &(k, h) in history {
            path.push(k, h);
        }
        path.push(pos.board_key(), pos.hand(attacker));
        Search {
            tt,
            pos,
            attacker,
            path,
            nodes,
            budget,
            config,
            mate_now_memo: KeyMap::default(),
            estimates: Estimates::new(),
            busy: None,
            spare: Vec::new(),
        }
    }

    /// A search of `pos` on the same table, budget and settings, with the
    /// positions of `history` on its path, counting its nodes on from
    /// this one's (the caller takes them back from its `nodes`).
    pub(crate) fn sub_search(&mut self, pos: Position, history: &[(u64, Hand)]) -> Search<'_> {
        Search::new(
            self.tt,
            &mut *self.budget,
            pos,
            self.attacker,
            history,
            self.nodes,
            self.config,
        )
    }

    /// Takes first estimates counted elsewhere (full keys of positions
    /// after a check, and their proof numbers under `rule`) into the
    /// search's cache, as if it had counted them itself.
    pub(crate) fn remember_estimates(&mut self, estimates: &[(u64, u32)], rule: Interpositions) {
        for &(full_key, pn) in estimates {
            self.estimates.put(full_key, rule, pn);
        }
    }

    /// True when the 無駄合 rule is on.
    #[inline]
    pub(crate) fn skip_useless(&self) -> bool {
        self.config.skip_useless()
    }

    /// The positions on the current path (board keys and attacker hands),
    /// oldest first.
    pub(crate) fn path_entries(&self) -> Vec<(u64, Hand)> {
        self.path.entries().to_vec()
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
    pub(crate) fn visit(&mut self) -> bool {
        self.nodes += 1;
        let tt = self.tt;
        !self.budget.exhausted(self.nodes, || tt.hashfull_permille())
    }

    /// Plays a child's move and puts the child on the path.
    pub(crate) fn enter(&mut self, c: &Child, ply: u16) {
        debug_assert_eq!(self.path.len(), ply as usize + 1);
        self.pos.do_move(c.mv);
        self.path.push(c.key, c.hand);
        if let Some(busy) = &self.busy {
            busy.enter(c.full_key);
        }
    }

    /// Takes a child's move back.
    pub(crate) fn leave(&mut self, c: &Child) {
        self.path.pop();
        self.pos.undo_move();
        if let Some(busy) = &self.busy {
            busy.leave(c.full_key);
        }
    }

    /// The legal moves of the node: checks at an OR node, evasions at an
    /// AND node.
    pub(crate) fn node_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.node_moves_into(&mut list);
        list
    }

    /// [`Search::node_moves`] into `list` (which must be empty), without
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
        self.spare.pop().unwrap_or_default()
    }

    /// Gives a child list back for later nodes.
    #[inline]
    pub(crate) fn recycle(&mut self, mut children: Vec<Child>) {
        children.clear();
        self.spare.push(children);
    }

    /// The borrows an expansion of the current node needs.
    pub(crate) fn expander(&mut self) -> Expander<'_> {
        Expander {
            pos: &mut self.pos,
            path: &self.path,
            tt: self.tt,
            attacker: self.attacker,
            rule: self.config.interpositions,
            memo: &mut self.mate_now_memo,
            estimates: &mut self.estimates,
        }
    }

    /// The children of the current node for the legal moves `list` (see
    /// [`Expander::expand`]).
    pub(crate) fn expand(
        &mut self,
        list: &MoveList,
        remaining: u16,
        first_mate_only: bool,
    ) -> Vec<Child> {
        let buf = self.child_list();
        self.expander()
            .expand(list, remaining, first_mate_only, buf)
    }

    /// Stores a node's result (a disproof that rests on a repetition
    /// above the node is not stored: it holds for this path only).
    pub(crate) fn store(&mut self, r: &NodeResult, remaining: u16, best: Move, work: u64) {
        let key = self.pos.board_key();
        let hand = self.attacker_hand();
        if r.pn == 0 {
            self.tt
                .store_proven(key, hand, r.hand, r.len, r.exact, best, work);
        } else if r.dn == 0 {
            if r.rep == NO_REP {
                self.tt.store_disproven(
                    key,
                    hand,
                    r.hand,
                    r.len,
                    r.exact,
                    self.config.interpositions,
                    work,
                );
            }
        } else {
            self.tt
                .store_open(key, hand, remaining, (r.pn, r.dn), best, work);
        }
    }
}
