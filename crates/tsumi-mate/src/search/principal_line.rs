//! The principal line of a mate of known exact length.
//!
//! The attacker plays a shortest mate and the defender a longest defence;
//! among equally long choices (for either side) the line that leaves the
//! attacker the fewest pieces in hand at the end wins, so a line ends with
//! pieces left over (駒余り) only when that cannot be avoided. Under
//! [`Defence::NoLeftover`] the defender takes the longest defence whose
//! line leaves no piece, leaving aside spare-piece variations and
//! detours that decline a capture (`no_leftover_line`, and [`crate::defence`] for the convention). Every
//! choice is settled by depth-bounded searches on the shared table:
//!
//! - at an OR node of exact length `n`, a check leads to a mate of exact
//!   length `n - 1` exactly when its child is mated within `n - 1` (it
//!   cannot be mated faster, or the node would be);
//! - at an AND node of exact length `n`, every evasion is mated within
//!   `n - 1`, and the longest ones are those not mated within `n - 3`.
//!
//! Ties are explored recursively with memoisation; past a fixed amount of
//! such exploration the first candidate is taken.

use crate::child::Child;
use crate::defence::Defence;
use crate::detour::{detour, may_be_set_aside};
use crate::keymap::KeyLenMap;
use crate::search::context::Context;
use crate::search::sibling_questions::Siblings;
use crate::search::spare_piece::SpareMemo;
use crate::search::walker::Walker;
use crate::useless::{interposition_checker, shortcuts};
use tsumi_core::{Hand, Move, Position};

/// Why no line could be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineFailure {
    /// The budget ran out.
    Budget,
    /// A node did not have the length its parent implied (a bug).
    Inconsistent,
}

/// Tie exploration stops after this many line nodes.
const TIE_EFFORT: u32 = 100000;

/// Lines already built, by position key and length.
pub(crate) type LineMemo = KeyLenMap<(u32, Hand, Vec<Move>)>;

/// The exploration of ties of one line: the lines already built and the
/// line nodes explored so far.
#[derive(Default)]
pub(crate) struct Ties {
    memo: LineMemo,
    effort: u32,
    /// What the spare-piece test has settled (under
    /// [`Defence::NoLeftover`]).
    spare: SpareMemo,
}

impl Ties {
    /// True once the exploration has used its allowance (the first
    /// candidate is then taken).
    fn spent(&self) -> bool {
        self.effort > TIE_EFFORT
    }
}

impl Walker {
    /// The principal line from the current node (attacker to move), whose
    /// shortest mate is exactly `len` plies, and the attacker's hand at its
    /// end.
    pub(crate) fn principal_line(
        &mut self,
        cx: &Context,
        len: u16,
        ply: u16,
    ) -> Result<(Vec<Move>, Hand), LineFailure> {
        let mut ties = Ties::default();
        let (_, hand, line) = self.best_line(cx, len, ply, &mut ties)?;
        Ok((line, hand))
    }

    /// True if the current node is mated within `remaining` plies;
    /// `None` when the budget ran out first.
    pub(crate) fn mated_within(&mut self, cx: &Context, remaining: u16, ply: u16) -> Option<bool> {
        let r = self.settle_here(cx, remaining, ply);
        if !r.resolved() {
            return None;
        }
        Some(r.pn == 0)
    }

    pub(crate) fn child_mated_within(
        &mut self,
        cx: &Context,
        c: &Child,
        remaining: u16,
        ply: u16,
    ) -> Option<bool> {
        self.enter(c, ply);
        let r = self.mated_within(cx, remaining, ply + 1);
        self.leave(c);
        r
    }

    fn best_line(
        &mut self,
        cx: &Context,
        n: u16,
        ply: u16,
        ties: &mut Ties,
    ) -> Result<(u32, Hand, Vec<Move>), LineFailure> {
        let memo_key = (self.pos.key(), n);
        if let Some(v) = ties.memo.get(&memo_key) {
            return Ok(v.clone());
        }
        ties.effort += 1;
        let or = self.is_or();
        if !or && n == 0 {
            let h = self.attacker_hand();
            return Ok((h.total(), h, Vec::new()));
        }
        let list = self.node_moves();
        let mut children = self.expand(cx, &list, n, false);
        let mut best: Option<(u32, Hand, Vec<Move>)> = None;
        if or {
            // Known mates first, shortest first; then by proof number. A
            // check is tried only while no line without leftover pieces
            // is known.
            children.sort_by_key(|c| (!c.proven(), c.len, c.pn));
            for c in &children {
                if c.disproven() {
                    continue;
                }
                match self.child_mated_within(cx, c, n - 1, ply) {
                    None => return Err(LineFailure::Budget),
                    Some(false) => continue,
                    Some(true) => {}
                }
                self.consider(cx, c, n, ply, ties, &mut best)?;
                if best.as_ref().is_some_and(|b| b.0 == 0) || ties.spent() {
                    break;
                }
            }
        } else {
            // Every counted evasion is mated within n - 1; the longest
            // defences are those not mated within n - 3.
            if cx.skip_useless() {
                children = self.counted_defences(cx, children, n, ply)?;
            }
            if cx.phase.config.defence == Defence::NoLeftover {
                best = self.no_leftover_line(cx, &children, n, ply, ties)?;
            } else {
                let mut longest: Vec<Child> = Vec::new();
                // Below 3 plies every defence is a longest one, and none
                // is asked.
                let mut shorter = Siblings::new(&children, n.saturating_sub(3), |_| n >= 3);
                for (i, c) in children.iter().enumerate() {
                    let is_longest = n < 3
                        || match self.sibling_mated_within(cx, &mut shorter, i, ply) {
                            None => return Err(LineFailure::Budget),
                            Some(shorter) => !shorter,
                        };
                    if is_longest {
                        longest.push(*c);
                    }
                }
                for c in &longest {
                    self.consider(cx, c, n, ply, ties, &mut best)?;
                    if best.as_ref().is_some_and(|b| b.0 == 0) || ties.spent() {
                        break;
                    }
                }
            }
        }
        let best = best.ok_or(LineFailure::Inconsistent)?;
        ties.memo.insert(memo_key, best.clone());
        Ok(best)
    }

    /// The defences of the current AND node (exact length `n`) that the
    /// 無駄合 rule counts: every non-interposition, and the interpositions
    /// whose shortcut is not mated within the length of the other
    /// defences.
    pub(crate) fn counted_defences(
        &mut self,
        cx: &Context,
        children: Vec<Child>,
        n: u16,
        ply: u16,
    ) -> Result<Vec<Child>, LineFailure> {
        let (candidates, mut counted): (Vec<Child>, Vec<Child>) = children
            .into_iter()
            .partition(|c| interposition_checker(&self.pos, c.mv).is_some());
        // The exact length of the other defences.
        let mut base = 0;
        if !counted.is_empty() {
            base = 2;
            let mut v = n;
            while v >= 4 {
                let mut reached = false;
                for c in &counted {
                    match self.child_mated_within(cx, c, v - 3, ply) {
                        None => return Err(LineFailure::Budget),
                        Some(false) => {
                            reached = true;
                            break;
                        }
                        Some(true) => {}
                    }
                }
                if reached {
                    base = v;
                    break;
                }
                v -= 2;
            }
        }
        // The shortcuts asked so far at this node (a table of its own
        // settles them again before a hard one: `search/fresh_table.rs`).
        let mut asked: Vec<Position> = Vec::new();
        for c in candidates {
            let mut useless = false;
            for q in shortcuts(&self.pos, c.mv) {
                let r = self.settle_off_line_here(cx, &q, base, &asked);
                asked.push(q);
                if !r.resolved() {
                    return Err(LineFailure::Budget);
                }
                if r.pn == 0 {
                    useless = true;
                    break;
                }
            }
            if !useless {
                counted.push(c);
            }
        }
        Ok(counted)
    }

    /// Builds the best line through child `c` (of a node of exact length
    /// `n`) and keeps it if it leaves fewer pieces than `best`.
    pub(crate) fn consider(
        &mut self,
        cx: &Context,
        c: &Child,
        n: u16,
        ply: u16,
        ties: &mut Ties,
        best: &mut Option<(u32, Hand, Vec<Move>)>,
    ) -> Result<(), LineFailure> {
        self.enter(c, ply);
        let sub = self.best_line(cx, n - 1, ply + 1, ties);
        self.leave(c);
        let (left, hand, mut line) = sub?;
        if best.as_ref().is_none_or(|b| left < b.0) {
            line.insert(0, c.mv);
            *best = Some((left, hand, line));
        }
        Ok(())
    }
}

impl Walker {
    /// Under [`Defence::NoLeftover`], the line from an AND node of exact
    /// length `n` through the defences the rule counts (`children`, each
    /// mated within `n - 1`): the longest line that leaves the attacker
    /// no piece through a defence that is neither a 駒余り variation (some
    /// shortest mate against it ends with a piece in hand:
    /// `search/spare_piece.rs`) nor a detour the convention sets aside
    /// (one that declines a capture or interposes where the
    /// shorter defence interposes elsewhere: `detour.rs`); else
    /// the longest line that leaves no piece through one of those; else the best line
    /// of a longest defence (fewest pieces left). A defence's line is
    /// built by the same rule, so it may be shorter than the defence's
    /// exact length; defences are taken from the longest down (their
    /// order among equals kept) and the search stops when no later one
    /// can give a longer line than the best found.
    ///
    /// A defence's exact length is pinned down only when it is needed
    /// ([`Lengths`]): a defence passed over needs only the bound that
    /// rules it out, and the last question that pins a length, "not mated
    /// within k - 2", is a disproof of a whole subtree (on 将棋無双 16,
    /// 456,035 of the line's 791,872 nodes, for a defence never followed).
    pub(crate) fn no_leftover_line(
        &mut self,
        cx: &Context,
        children: &[Child],
        n: u16,
        ply: u16,
        ties: &mut Ties,
    ) -> Result<Option<(u32, Hand, Vec<Move>)>, LineFailure> {
        let mut lengths = Lengths::new(children.len(), n - 1);
        let mut longest = None;
        let mut clean: Option<(u32, Hand, Vec<Move>)> = None;
        let mut clean_at = usize::MAX;
        // The longest line without leftover through a defence set aside.
        let mut aside: Option<(u32, Hand, Vec<Move>)> = None;
        let mut aside_at = usize::MAX;
        let mut fallback: Option<(u32, Hand, Vec<Move>)> = None;
        // The defences in order of exact length, longest first: `i` is the
        // place of the one taken now.
        let mut i = 0;
        loop {
            // A line through the next defence, or any defence not taken
            // yet, has at most its bound + 1 plies.
            let next = lengths.take_next(
                |bound| {
                    clean.as_ref().is_some_and(|l| l.2.len() > bound as usize)
                        || (ties.spent() && (clean.is_some() || fallback.is_some()))
                },
                |j, within| self.child_mated_within(cx, &children[j], within, ply),
            )?;
            let Some(j) = next else { break };
            let (k, c) = (lengths.bound[j], children[j]);
            let longest = *longest.get_or_insert(k);
            let mut found = None;
            self.consider(cx, &c, k + 1, ply, ties, &mut found)?;
            let at = i;
            i += 1;
            let Some(line) = found else { continue };
            let better =
                |f: &Option<(u32, Hand, Vec<Move>)>| f.as_ref().is_none_or(|f| line.0 < f.0);
            if line.0 == 0 {
                if clean.as_ref().is_some_and(|l| line.2.len() <= l.2.len()) {
                    continue;
                }
                if self.set_aside(cx, children, &mut lengths, j, &line.2, ply, ties)? {
                    // Followed only when no other defence leaves no piece.
                    if aside.as_ref().is_none_or(|l| line.2.len() > l.2.len()) {
                        aside = Some(line);
                        aside_at = at;
                    }
                    continue;
                }
                clean = Some(line);
                clean_at = at;
            } else if k == longest && better(&fallback) {
                fallback = Some(line);
            }
        }
        // A spare-piece variation is set aside only for a shorter line: a
        // line as long through another defence is a 変同, and the defence
        // met first is followed, as without the rule (将棋無双 29: at ply 10
        // the published 同玉, against which one shortest mate leaves a
        // piece, and 8四玉 are both mated in 11 more).
        if let (Some(c), Some(a)) = (&clean, &aside) {
            if a.2.len() == c.2.len() && aside_at < clean_at {
                return Ok(aside);
            }
        }
        Ok(clean.or(aside).or(fallback))
    }

    /// True when the defence `children[j]` (of exact length
    /// `lengths.bound[j]`), whose line `line` leaves no piece, is not to
    /// be followed: some shortest mate against it leaves a piece (a 駒余り
    /// variation), or its line is a detour of the line of a defence mated
    /// sooner that takes a piece this one declines (`detour.rs`; 将棋無双
    /// 39 is published so), or that interposes as this one does (a 中合
    /// that comes round to the closer interposition's position). The
    /// defences looked at for the detour are those not taken yet, longest
    /// first, as they would be taken. A detour of another kind (a
    /// shuffle) is followed: setting those aside cost
    /// modern.tsv a published length (yumei-0357: 19 plies published, 17
    /// with it set aside). Not looked into once the exploration of ties is
    /// spent.
    #[allow(clippy::too_many_arguments)]
    fn set_aside(
        &mut self,
        cx: &Context,
        children: &[Child],
        lengths: &mut Lengths,
        j: usize,
        line: &[Move],
        ply: u16,
        ties: &mut Ties,
    ) -> Result<bool, LineFailure> {
        if ties.spent() {
            return Ok(false);
        }
        let (k, c) = (lengths.bound[j], children[j]);
        self.enter(&c, ply);
        let spare = self.spare_piece_mate(cx, k, ply + 1, &mut ties.spare);
        self.leave(&c);
        if spare.ok_or(LineFailure::Budget)? == Some(true) {
            return Ok(true);
        }
        let mut later: Vec<usize> = Vec::new();
        for (j2, c2) in children.iter().enumerate() {
            if lengths.taken[j2] || !may_be_set_aside(&self.pos, line, c2.mv) {
                continue;
            }
            lengths.pin(j2, |within| self.child_mated_within(cx, c2, within, ply))?;
            later.push(j2);
        }
        later.sort_by_key(|&j2| std::cmp::Reverse(lengths.bound[j2]));
        for j2 in later {
            let (k2, c2) = (lengths.bound[j2], children[j2]);
            if k2 >= k {
                continue;
            }
            let mut other = None;
            self.consider(cx, &c2, k2 + 1, ply, ties, &mut other)?;
            let Some((_, _, shorter)) = other else {
                continue;
            };
            if shorter.len() < line.len()
                && detour(&self.pos, line, &shorter).is_some_and(|d| d.kind.is_set_aside())
            {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// What is known of the exact lengths of an AND node's defences (OR
/// nodes, each mated within the node's length less one), narrowed one
/// question at a time: each defence's least bound known to hold ("mated
/// within `bound`"), which is its exact length once the next question
/// down has failed (or no shorter mate of the right parity exists).
struct Lengths {
    bound: Vec<u16>,
    exact: Vec<bool>,
    /// Defences whose line has been built (taken in order).
    taken: Vec<bool>,
}

impl Lengths {
    /// `m` defences, each mated within `bound`.
    fn new(m: usize, bound: u16) -> Lengths {
        Lengths {
            bound: vec![bound; m],
            exact: vec![bound < 3; m],
            taken: vec![false; m],
        }
    }

    /// The defence to look at next: of those not taken, the one with the
    /// greatest bound, the first among equals (so that defences come in
    /// the order of their exact lengths, longest first, and in their
    /// order among equals, once each is exact when taken).
    fn next(&self) -> Option<usize> {
        (0..self.bound.len())
            .filter(|&j| !self.taken[j])
            .min_by_key(|&j| (std::cmp::Reverse(self.bound[j]), j))
    }

    /// The next defence to take, its length exact: narrows the bound of
    /// the one that comes next (`next`) until it is exact, asking
    /// `mated_within(j, within)`, and marks it taken. `None` when every
    /// defence is taken or `stop` holds of the bound of the one that
    /// comes next, asked before each question.
    fn take_next(
        &mut self,
        stop: impl Fn(u16) -> bool,
        mut mated_within: impl FnMut(usize, u16) -> Option<bool>,
    ) -> Result<Option<usize>, LineFailure> {
        while let Some(j) = self.next() {
            if stop(self.bound[j]) {
                return Ok(None);
            }
            if !self.exact[j] {
                self.narrow(j, |within| mated_within(j, within))?;
                continue;
            }
            self.taken[j] = true;
            return Ok(Some(j));
        }
        Ok(None)
    }

    /// Narrows defence `j`'s bound until it is its exact length.
    fn pin(
        &mut self,
        j: usize,
        mut mated_within: impl FnMut(u16) -> Option<bool>,
    ) -> Result<(), LineFailure> {
        while !self.exact[j] {
            self.narrow(j, &mut mated_within)?;
        }
        Ok(())
    }

    /// Asks whether defence `j` (not exact yet) is mated within two plies
    /// less than its bound (`mated_within`; `None`: the budget ran out):
    /// the bound comes down, or it is exact.
    fn narrow(
        &mut self,
        j: usize,
        mated_within: impl FnOnce(u16) -> Option<bool>,
    ) -> Result<(), LineFailure> {
        let k = self.bound[j];
        match mated_within(k - 2) {
            None => return Err(LineFailure::Budget),
            Some(true) => {
                self.bound[j] = k - 2;
                self.exact[j] = k - 2 < 3;
            }
            Some(false) => self.exact[j] = true,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Lengths;

    /// Takes defences of the given exact lengths in order with
    /// `Lengths::take_next`, as the line without leftover does, until
    /// `stop` returns true for the length of the one just taken; returns
    /// the defences taken and the questions asked.
    fn take(exact: &[u16], n: u16, stop: impl Fn(u16) -> bool) -> (Vec<usize>, Vec<(usize, u16)>) {
        let mut lengths = Lengths::new(exact.len(), n - 1);
        let (mut taken, mut asked) = (Vec::new(), Vec::new());
        while let Some(j) = lengths
            .take_next(
                |_| false,
                |j, within| {
                    asked.push((j, within));
                    Some(exact[j] <= within)
                },
            )
            .unwrap()
        {
            assert_eq!(
                lengths.bound[j], exact[j],
                "defence {j} taken at its exact length"
            );
            taken.push(j);
            if stop(exact[j]) {
                break;
            }
        }
        (taken, asked)
    }

    #[test]
    fn defences_come_longest_first_in_their_order_among_equals() {
        let exact = [5, 9, 3, 9, 1, 7];
        let (taken, _) = take(&exact, 10, |_| false);
        // A stable sort by length, longest first.
        assert_eq!(taken, vec![1, 3, 5, 0, 2, 4]);
    }

    #[test]
    fn a_defence_passed_over_is_not_pinned_down() {
        // The node is mated in 12: every defence within 11. Stopping after
        // the first defence taken (its line is as long as any other's can
        // be), the others were asked at most down to a bound below it,
        // never the failing question that pins a length (before, each
        // defence's length was pinned first: 0 down to "within 3", 2 down
        // to "within 5").
        let exact = [5, 11, 7];
        let (taken, asked) = take(&exact, 12, |_| true);
        assert_eq!(taken, vec![1]);
        assert_eq!(asked, vec![(0, 9), (1, 9)]);
        // Taking them all pins each down: its last question fails.
        let (taken, asked) = take(&exact, 12, |_| false);
        assert_eq!(taken, vec![1, 2, 0]);
        assert!(
            asked.contains(&(0, 3)) && asked.contains(&(2, 5)),
            "{asked:?}"
        );
        assert_eq!(asked.iter().filter(|&&(j, _)| j == 0).count(), 4);
    }
}
