//! The line of a mate found but not proven shortest (a kept mate: a solve
//! under [`crate::Shortest::First`], or one a limit stopped while
//! shortening), read from the proof the search found.
//!
//! The table holds upper bounds: an entry says "mated within `len`", and
//! entries are replaced and collected. A line that takes, at each
//! defence, the reply the table knows to be mated latest among those it
//! still holds may follow a defence mated sooner than the bound the
//! search proved (a longer one's entry gone, or a shorter proof found
//! for it later), and be shorter than the claim. This reading instead
//! settles, from the root, the value of the proof it reads:
//!
//! - at an OR node, the check stored with the node's proof, the mate
//!   within the bound its entry gives;
//! - at an AND node, every defence's bound (a table probe; a bounded
//!   search when the entry is gone), then the value of the defences from
//!   the largest bound down, until no defence left can outlast the
//!   longest value found (a bound is never below its value). Under the
//!   無駄合 rule an interposition not mated as played within the node's
//!   bound is useless (the node is mated) and is no defence.
//!
//! The value of an AND node is one more than the largest of its
//! defences' values, of an OR node one more than its check's: a mate
//! within the root's value is proven by the entries read, and the line
//! of the longest defences has exactly that length. That value is the
//! claim of a kept mate (it is never above the bound the search proved,
//! and may be below it when the table learnt shorter mates for some
//! defences since). Under [`Defence::NoLeftover`] the same reading also
//! gives a line that prefers, at each defence, the longest whose own line
//! leaves the attacker no piece over a longer one that leaves pieces
//! (issue 32's kept-line convention); its length may then be below the
//! value, which the solver reports beside it (`longest_defence`).
//!
//! A reading may be given a time (`hurry_at`): past it, the reading
//! stops comparing. At each AND node still to be read it follows the
//! defence of the largest bound and counts the others at their bounds:
//! the value is still a proven bound, read in a few probes a ply, but the
//! line may be shorter than it. A limit therefore delays the answer by
//! at most a little more than that time.
//!
//! When a search is not allowed (or runs out of its nodes) a defence
//! whose entry is gone counts at the most its parent allows (its parent's
//! bound less one, sound since the parent is proven within its bound) and
//! is not followed: the value is then still a proven bound, but the line
//! may be shorter than it. The solver says so.

use crate::child::Child;
use crate::defence::Defence;
use crate::keymap::KeyLenMap;
use crate::search::context::Context;
use crate::search::walker::Walker;
use crate::table::Probe;
use crate::useless::interposition_checker;
use std::time::Instant;
use tsumi_core::{Hand, Move, MoveList};

/// Past this many nodes of the proof read, defences are no longer
/// compared for ties or for a line without leftover pieces; the value's
/// own comparisons (a defence that may outlast the longest found) go on.
const TIE_EFFORT: u32 = 200_000;

/// Nodes read between two looks at the clock.
const CLOCK_EFFORT: u32 = 1024;

/// One step of a line: the move and the bound of the node it leads to
/// (the key of that node's reading); [`Move::NULL`] at the end.
#[derive(Clone, Copy, Debug)]
struct Step {
    mv: Move,
    bound: u16,
}

const END: Step = Step {
    mv: Move::NULL,
    bound: 0,
};

/// A line read: its length, the attacker's hand at its end, its first
/// step.
#[derive(Clone, Copy, Debug)]
struct Line {
    len: u16,
    hand: Hand,
    step: Step,
}

impl Line {
    /// This line one ply above, through `step`.
    fn above(self, step: Step) -> Line {
        Line {
            len: self.len + 1,
            hand: self.hand,
            step,
        }
    }
}

/// What the reading settled of one node.
#[derive(Clone, Copy, Debug)]
struct Value {
    /// A mate within this many plies, proven by the entries read.
    value: u16,
    /// The line of the longest defences (its length is `value` unless a
    /// defence could not be read).
    longest: Line,
    /// The line with the no-leftover preference (under
    /// [`Defence::NoLeftover`]; else the same as `longest`).
    clean: Line,
}

/// Why a node could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unread {
    /// The table does not hold it and no search was allowed, or the
    /// search ran out of its nodes.
    Missing,
    /// A node did not have the length its parent implied (a key
    /// collision, or a repetition on this path).
    Inconsistent,
}

/// The state of one reading.
struct Reading {
    /// Whether a defence or a check the table lost may be searched for.
    search: bool,
    /// Whether the no-leftover line is wanted.
    clean: bool,
    /// Nodes read so far.
    effort: u32,
    /// When the reading stops comparing defences (see the module's
    /// documentation), and whether that time has come.
    hurry_at: Option<Instant>,
    hurried: bool,
    /// The nodes read, by position key and bound.
    memo: KeyLenMap<Value>,
}

impl Reading {
    /// Whether `hurry_at` has come.
    fn late(hurry_at: Option<Instant>) -> bool {
        hurry_at.is_some_and(|t| Instant::now() >= t)
    }

    /// Counts a node read, and looks at the clock now and then.
    #[inline]
    fn count(&mut self) {
        self.effort += 1;
        if self.effort.is_multiple_of(CLOCK_EFFORT) && !self.hurried {
            self.hurried = Reading::late(self.hurry_at);
        }
    }
}

/// A kept mate's lines read from its proof.
#[derive(Clone, Debug)]
pub(crate) struct KeptLines {
    /// A mate within this many plies against every defence, proven by the
    /// entries read: the claim.
    pub value: u16,
    /// The line of the longest defences and the attacker's hand at its
    /// end; its length is `value` unless a defence could not be read.
    pub longest: (Vec<Move>, Hand),
    /// The line with the no-leftover preference and the hand at its end
    /// (the same as `longest` unless it was asked for).
    pub clean: (Vec<Move>, Hand),
}

impl Walker {
    /// Reads the proof of a mate within `len` plies from the current node
    /// (attacker to move), under `cx`'s rule, with the no-leftover line
    /// too when `cx` follows [`Defence::NoLeftover`]. With `search`, a
    /// node whose entry is gone is settled again by a bounded search
    /// (within `cx`'s cap); without, only the table is read. Past
    /// `hurry_at`, defences are no longer compared.
    pub(crate) fn kept_lines(
        &mut self,
        cx: &Context,
        len: u16,
        search: bool,
        hurry_at: Option<Instant>,
    ) -> Result<KeptLines, Unread> {
        let mut st = Reading {
            search,
            clean: cx.phase.config.defence == Defence::NoLeftover,
            effort: 0,
            hurry_at,
            hurried: Reading::late(hurry_at),
            memo: KeyLenMap::default(),
        };
        let ply = self.path_len() as u16 - 1;
        let root = self.read_or(cx, len, ply, &mut st)?;
        let longest = self.rebuild(&st, len, false);
        let clean = if st.clean {
            self.rebuild(&st, len, true)
        } else {
            longest.clone()
        };
        debug_assert_eq!(longest.0.len(), root.longest.len as usize);
        Ok(KeptLines {
            value: root.value,
            longest,
            clean,
        })
    }

    /// [`Walker::kept_lines`] with searches within `searched` (its cap),
    /// and, when those run out, from the table alone under `cx`: how the
    /// solver reads every kept mate.
    pub(crate) fn kept_lines_or_table(
        &mut self,
        searched: &Context,
        cx: &Context,
        len: u16,
        hurry_at: Option<Instant>,
    ) -> Result<KeptLines, Unread> {
        match self.kept_lines(searched, len, true, hurry_at) {
            Err(Unread::Missing) => self.kept_lines(cx, len, false, hurry_at),
            r => r,
        }
    }

    /// The moves of the line read from the current node at `bound`, and
    /// the attacker's hand at its end.
    fn rebuild(&mut self, st: &Reading, bound: u16, clean: bool) -> (Vec<Move>, Hand) {
        let mut line = Vec::new();
        let mut n = bound;
        let mut hand = self.attacker_hand();
        while let Some(v) = st.memo.get(&(self.pos.key(), n)) {
            let l = if clean { v.clean } else { v.longest };
            if line.is_empty() {
                hand = l.hand;
            }
            if l.step.mv == Move::NULL {
                break;
            }
            self.pos.do_move(l.step.mv);
            line.push(l.step.mv);
            n = l.step.bound;
        }
        for _ in &line {
            self.pos.undo_move();
        }
        (line, hand)
    }

    /// The child of the current node reached by `mv`.
    fn child_of(&self, mv: Move) -> Child {
        let (key, full_key, mover_hand) = self.pos.keys_after(mv);
        let mut c = Child::fresh(mv, key, full_key);
        c.hand = if self.is_or() {
            mover_hand
        } else {
            self.attacker_hand()
        };
        c
    }

    /// Reads the current OR node, mated within `n`.
    fn read_or(
        &mut self,
        cx: &Context,
        n: u16,
        ply: u16,
        st: &mut Reading,
    ) -> Result<Value, Unread> {
        let memo_key = (self.pos.key(), n);
        if let Some(v) = st.memo.get(&memo_key) {
            return Ok(*v);
        }
        st.count();
        let (mv, l) = self.proven_check(cx, n, ply, st.search)?;
        let c = self.child_of(mv);
        self.enter(&c, ply);
        let sub = self.read_and(cx, l - 1, ply + 1, st);
        self.leave(&c);
        let sub = sub?;
        let step = Step { mv, bound: l - 1 };
        let v = Value {
            value: sub.value + 1,
            longest: sub.longest.above(step),
            clean: sub.clean.above(step),
        };
        st.memo.insert(memo_key, v);
        Ok(v)
    }

    /// A check of the current OR node that mates within `n`, and the
    /// bound of that mate: the one stored with the node's proof, or, when
    /// the table lost it and `search` allows, one settled again.
    fn proven_check(
        &mut self,
        cx: &Context,
        n: u16,
        ply: u16,
        search: bool,
    ) -> Result<(Move, u16), Unread> {
        let mut checks = MoveList::new();
        self.pos.generate_checks(&mut checks);
        let stored =
            |w: &Walker| match cx
                .tt
                .probe(w.pos.board_key(), w.attacker_hand(), n, cx.rule())
            {
                // The move comes from the table (a key may collide): it is
                // played only if it is one of the checks here.
                Probe::Proven { len, best, .. } if len > 0 && checks.contains(best) => {
                    Some((best, len))
                }
                _ => None,
            };
        if let Some(found) = stored(self) {
            return Ok(found);
        }
        if !search {
            return Err(Unread::Missing);
        }
        let r = self.settle_here(cx, n, ply);
        if !r.resolved() {
            return Err(Unread::Missing);
        }
        if r.pn != 0 {
            return Err(Unread::Inconsistent);
        }
        if let Some(found) = stored(self) {
            return Ok(found);
        }
        // The node's entry was not kept: the checks one by one, those the
        // table knows to mate first, shortest first.
        let mut children = self.expand(cx, &checks, n, false);
        children.sort_by_key(|c| (!c.proven(), c.len, c.pn));
        let mut found = Err(Unread::Inconsistent);
        for c in &children {
            if c.disproven() {
                continue;
            }
            self.enter(c, ply);
            let r = self.settle_here(cx, n.saturating_sub(1), ply + 1);
            self.leave(c);
            if !r.resolved() {
                found = Err(Unread::Missing);
                break;
            }
            if r.pn == 0 {
                found = Ok((c.mv, r.len + 1));
                break;
            }
        }
        self.recycle(children);
        found
    }

    /// Reads the current AND node, mated within `n`.
    fn read_and(
        &mut self,
        cx: &Context,
        n: u16,
        ply: u16,
        st: &mut Reading,
    ) -> Result<Value, Unread> {
        let memo_key = (self.pos.key(), n);
        if let Some(v) = st.memo.get(&memo_key) {
            return Ok(*v);
        }
        st.count();
        let mut list = MoveList::new();
        self.pos.generate_evasions(&mut list);
        // Checkmate, or under the 無駄合 rule a check answered only by
        // useless interpositions (the solver appends them).
        let leaf = self
            .expander(cx)
            .and_leaf(&list, n.max(2))
            .is_some_and(|r| r.pn == 0 && r.len == 0);
        if leaf || (n == 0 && cx.skip_useless()) {
            let end = Line {
                len: 0,
                hand: self.attacker_hand(),
                step: END,
            };
            let v = Value {
                value: 0,
                longest: end,
                clean: end,
            };
            st.memo.insert(memo_key, v);
            return Ok(v);
        }
        if n == 0 {
            return Err(Unread::Inconsistent);
        }
        // Each defence's bound: (move, bound, may be followed).
        let hand = self.attacker_hand();
        let mut defences: Vec<(Move, u16, bool)> = Vec::with_capacity(list.len());
        for &e in list.iter() {
            let (key, _, _) = self.pos.keys_after(e);
            if let Probe::Proven { len, .. } = cx.tt.probe(key, hand, n - 1, cx.rule()) {
                defences.push((e, len, true));
                continue;
            }
            let candidate = cx.skip_useless() && interposition_checker(&self.pos, e).is_some();
            if !st.search {
                // Mated within n - 1 (the node is), or useless.
                if !candidate {
                    defences.push((e, n - 1, false));
                }
                continue;
            }
            let c = self.child_of(e);
            self.enter(&c, ply);
            let r = self.settle_here(cx, n - 1, ply + 1);
            self.leave(&c);
            if !r.resolved() {
                return Err(Unread::Missing);
            }
            if r.pn == 0 {
                defences.push((e, r.len, true));
            } else if !candidate {
                return Err(Unread::Inconsistent);
            }
            // Else a useless interposition: the node is mated all the
            // same, and it is no defence.
        }
        if defences.is_empty() {
            return Err(Unread::Inconsistent);
        }
        // The largest bounds first; of equal ones, those that can be read.
        defences.sort_by_key(|&(_, b, ok)| (std::cmp::Reverse(b), !ok));
        let mut value = 0u16;
        // The longest defence read: its value and its line.
        let mut longest: Option<(u16, Line)> = None;
        let mut clean: Option<Line> = None;
        let mut fallback: Option<(u16, Line)> = None;
        for &(e, bound, ok) in &defences {
            // In a hurry, the defence of the largest bound is followed and
            // the others count at their bounds (the largest is this one).
            if st.hurried && longest.is_some() {
                value = value.max(bound);
                break;
            }
            let ties_done = st.effort > TIE_EFFORT;
            // No defence from here on can outlast the longest found; one
            // as long may leave fewer pieces.
            let value_done = longest.is_some_and(|(_, l)| {
                value > bound || (value == bound && (ties_done || l.hand.is_empty()))
            });
            let clean_done = !st.clean || ties_done || clean.is_some_and(|l| l.len > bound);
            if value_done && clean_done {
                break;
            }
            if !ok {
                value = value.max(bound);
                continue;
            }
            let c = self.child_of(e);
            self.enter(&c, ply);
            let sub = self.read_or(cx, bound, ply + 1, st);
            self.leave(&c);
            let sub = match sub {
                Ok(v) => v,
                // Without a search the defence counts at its bound.
                Err(Unread::Missing) if !st.search => {
                    value = value.max(bound);
                    continue;
                }
                Err(e) => return Err(e),
            };
            let step = Step { mv: e, bound };
            let line = sub.longest.above(step);
            let better = longest.is_none_or(|(v, l)| {
                (sub.value, std::cmp::Reverse(line.hand.total()))
                    > (v, std::cmp::Reverse(l.hand.total()))
            });
            value = value.max(sub.value);
            if better {
                longest = Some((sub.value, line));
            }
            if st.clean {
                let cl = sub.clean.above(step);
                if cl.hand.is_empty() && clean.is_none_or(|l| cl.len > l.len) {
                    clean = Some(cl);
                }
                if fallback.is_none_or(|(v, l)| {
                    (sub.value, std::cmp::Reverse(cl.hand.total()))
                        > (v, std::cmp::Reverse(l.hand.total()))
                }) {
                    fallback = Some((sub.value, cl));
                }
            }
        }
        let Some((_, longest)) = longest else {
            // No defence could be read.
            return Err(Unread::Missing);
        };
        let v = Value {
            value: value + 1,
            longest,
            clean: clean.or(fallback.map(|(_, l)| l)).unwrap_or(longest),
        };
        st.memo.insert(memo_key, v);
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use crate::checker::check_mate_line;
    use crate::config::{Shortest, SolverConfig};
    use crate::defence::Defence;
    use crate::limits::{Budget, Limits};
    use crate::search::context::Context;
    use crate::search::walker::Walker;
    use crate::table::Table;
    use crate::useless::{all_interpositions, Interpositions};
    use std::time::Instant;
    use tsumi_core::{Hand, Move, MoveList, Position};

    /// After a first mate is found in each of the first `take` positions
    /// of `text`, the proof read from the table alone (no search) gives a
    /// value no more than the bound and a line of exactly that length,
    /// accepted by the checker, ending with the hand it says; reading
    /// with searches allowed gives the same.
    fn lines_of(text: &str, take: usize, rule: Interpositions) {
        let config = SolverConfig {
            interpositions: rule,
            shortest: Shortest::First,
            defence: Defence::Longest,
            ..SolverConfig::default()
        };
        let mut table = Table::try_new(4).unwrap();
        for sfen in text.lines().filter(|l| !l.trim().is_empty()).take(take) {
            let pos = Position::from_sfen(sfen.trim()).unwrap();
            table.new_generation();
            let budget = Budget::start(&Limits::nodes(1_000_000), None);
            let cx = Context::new(&table, config);
            let mut s = Walker::new(pos.clone(), budget);
            let r = s.settle(&cx, 31, 0);
            assert_eq!(r.pn, 0, "{sfen}: a mate");
            let read = s
                .kept_lines(&cx, r.len, false, None)
                .unwrap_or_else(|e| panic!("{sfen}: the table holds the proof: {e:?}"));
            assert_eq!(s.pos.key(), pos.key(), "{sfen}: the moves are taken back");
            let (line, hand) = read.longest.clone();
            assert!(read.value <= r.len, "{sfen}: within the bound");
            assert_eq!(
                line.len(),
                read.value as usize,
                "{sfen}: the line is the value"
            );
            let searched = s.kept_lines(&cx, r.len, true, None).unwrap();
            assert_eq!(searched.value, read.value, "{sfen}");
            ends_in_mate(&pos, &line, hand, rule);
            // Hurried from the start: a bound between the value and the
            // search's, and a line no longer than it that mates all the
            // same.
            let hurried = s
                .kept_lines(&cx, r.len, false, Some(Instant::now()))
                .unwrap();
            assert!(
                read.value <= hurried.value && hurried.value <= r.len,
                "{sfen}: {} {} {}",
                read.value,
                hurried.value,
                r.len
            );
            let (line, hand) = hurried.longest;
            assert!(line.len() <= hurried.value as usize, "{sfen}");
            ends_in_mate(&pos, &line, hand, rule);
        }
    }

    /// `line` from `pos` is accepted by the checker and ends with the
    /// attacker holding `hand` (under the 無駄合 rule: it ends in
    /// checkmate or with only useless interpositions left).
    fn ends_in_mate(pos: &Position, line: &[Move], hand: Hand, rule: Interpositions) {
        let sfen = pos.to_sfen();
        let attacker = pos.side_to_move();
        if rule == Interpositions::CountAll {
            let summary =
                check_mate_line(pos, line).unwrap_or_else(|e| panic!("{sfen}: {e}: {line:?}"));
            assert_eq!(summary.leftover, hand, "{sfen}");
        } else {
            let mut end = pos.clone();
            for &m in line {
                end.do_move(m);
            }
            let mut replies = MoveList::new();
            end.generate_evasions(&mut replies);
            assert!(end.in_check(), "{sfen}");
            assert!(
                replies.is_empty() || all_interpositions(&end, &replies),
                "{sfen}: {line:?}"
            );
            assert_eq!(end.hand(attacker), hand, "{sfen}");
        }
    }

    #[test]
    fn the_table_holds_the_proof_of_a_first_mate() {
        lines_of(
            include_str!("../../tests/data/mate-1-ply.txt"),
            50,
            Interpositions::CountAll,
        );
        lines_of(
            include_str!("../../tests/data/mate-3-ply.txt"),
            100,
            Interpositions::CountAll,
        );
        lines_of(
            include_str!("../../tests/data/mate-5-ply.txt"),
            100,
            Interpositions::CountAll,
        );
        lines_of(
            include_str!("../../tests/data/mate-7-ply.txt"),
            50,
            Interpositions::CountAll,
        );
        lines_of(
            include_str!("../../tests/data/mate-5-ply.txt"),
            50,
            Interpositions::SkipUseless,
        );
    }
}
