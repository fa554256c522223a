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
//!
//! A defence's exact length is pinned by asking "mated within `k - 2`?"
//! from the longest down, and the last question, the "no", is a disproof
//! of the defence's subtree: on the 7 将棋無双 problems of the thread
//! runs, 33 of the test's 37 questions that took more than 2,048 nodes
//! were such disproofs (474,296 of their 498,668 nodes). One defence that
//! avoids a spare piece settles a defender node, so the defences whose
//! length is pinned within [`QUICK_PIN`] nodes (the table knows it, or
//! nearly) are played first, and the others only if none of those
//! avoids one. The answer is the same (the order only changes which
//! defence is found first, and what the work allowance has spent when
//! it runs out); ACTの夢 took 12,118,378 → 11,007,020 nodes, the 7 将棋無双
//! problems 5,424,064 → 5,352,925, the same lines. Since then no defence
//! on those problems, ACTの夢 or 世界大戦 takes more than [`QUICK_PIN`]
//! nodes to pin; the test's large questions are at attacker nodes, "is
//! this check mated within `n - 1`?" answered no for the checks outside
//! the shortest mates (on the 7 将棋無双 problems 22 attacker nodes spend
//! over 2,048 nodes on them, 472,288 in all, and at each of them no check
//! leads to a spare piece, so every check has to be asked: the checks'
//! questions are asked as siblings, `search/sibling_questions.rs`, the
//! hard ones shared out among the threads).

use crate::child::Child;
use crate::keymap::KeyLenMap;
use crate::search::context::Context;
use crate::search::sibling_questions::Siblings;
use crate::search::walker::Walker;

/// The spare-piece test stops after this many nodes of its game.
const SPARE_EFFORT: u32 = 20_000;

/// The search nodes a defence's exact length may take in the first pass
/// at a defender node (see the module documentation).
const QUICK_PIN: u64 = 256;

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
        self.spare_piece_game(cx, n, ply, memo, QUICK_PIN)
    }

    /// [`Walker::spare_piece_mate`], the first pass at defender nodes
    /// pinning each defence's length within `quick` nodes (none: 0).
    fn spare_piece_game(
        &mut self,
        cx: &Context,
        n: u16,
        ply: u16,
        memo: &mut SpareMemo,
        quick: u64,
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
            let mut mates = Siblings::new(&children, n - 1, |c| !c.disproven());
            for (i, c) in children.iter().enumerate() {
                if c.disproven() {
                    continue;
                }
                match self.sibling_mated_within(cx, &mut mates, i, ply) {
                    None => return None,
                    Some(false) => continue,
                    Some(true) => {}
                }
                match self.child_spare(cx, c, n - 1, ply, memo, quick)? {
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
            // First the defences whose exact length is pinned within
            // `quick` nodes, then the others in their order, with no cap
            // (the length is pinned, or a limit stopped the search).
            let mut pending = children;
            'passes: for cap in [quick, u64::MAX] {
                if cap == 0 {
                    continue;
                }
                let mut rest = Vec::new();
                for c in &pending {
                    let Some(k) = self.defence_length(cx, c, n, ply, cap)? else {
                        if cap == u64::MAX {
                            open = true;
                        } else {
                            rest.push(*c);
                        }
                        continue;
                    };
                    match self.child_spare(cx, c, k, ply, memo, quick)? {
                        Some(false) => {
                            result = false;
                            break 'passes;
                        }
                        Some(true) => {}
                        None => open = true,
                    }
                }
                pending = rest;
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

    /// The exact length of defence `c` of the current defender node
    /// (`n` plies left: `c` is mated within `n - 1`), the least bound
    /// within which it is mated, asked from the longest down and pinned
    /// within `cap` search nodes: `Some(None)` when the cap ran out
    /// first, `None` when the search's limits did.
    fn defence_length(
        &mut self,
        cx: &Context,
        c: &Child,
        n: u16,
        ply: u16,
        cap: u64,
    ) -> Option<Option<u16>> {
        let start = self.nodes;
        let mut k = n - 1;
        while k >= 3 {
            let left = cap.saturating_sub(self.nodes - start);
            if left == 0 {
                return Some(None);
            }
            let asked = self.settle_for(cx, left, |w, cx| {
                w.enter(c, ply);
                let r = w.settle_here(cx, k - 2, ply + 1);
                w.leave(c);
                r
            });
            match asked {
                Err(_) => return Some(None),
                Ok(r) if !r.resolved() => return None,
                Ok(r) if r.pn == 0 => k -= 2,
                Ok(_) => break,
            }
        }
        Some(Some(k))
    }

    /// The spare-piece game below child `c` (a check, or a defence),
    /// whose shortest mate is exactly `k` plies.
    fn child_spare(
        &mut self,
        cx: &Context,
        c: &Child,
        k: u16,
        ply: u16,
        memo: &mut SpareMemo,
        quick: u64,
    ) -> Option<Option<bool>> {
        self.enter(c, ply);
        let sub = self.spare_piece_game(cx, k, ply + 1, memo, quick);
        self.leave(c);
        sub
    }
}

#[cfg(test)]
mod tests {
    use super::{SpareMemo, QUICK_PIN};
    use crate::config::SolverConfig;
    use crate::limits::{Budget, Limits};
    use crate::search::context::Context;
    use crate::search::walker::Walker;
    use crate::solver::Solver;
    use crate::table::Table;
    use tsumi_core::Position;

    /// The test's answers at the root of `sfen`, after each check of a
    /// shortest mate and after each defence to it, on a fresh table, pinning first the defences whose
    /// length takes at most `quick` nodes (0: none, in their order).
    fn answers(sfen: &str, quick: u64) -> Vec<Option<Option<bool>>> {
        let root = Position::from_sfen(sfen).unwrap();
        let config = SolverConfig::default();
        let sol = Solver::new(config).solve(&root).unwrap();
        assert!(sol.proven_shortest, "{sfen}");
        let n = sol.longest_defence.or(sol.length).unwrap() as u16;
        let table = Table::try_new(16).unwrap();
        let cx = Context::new(&table, config);
        let mut w = Walker::idle();
        w.start(root, Budget::start(&Limits::nodes(50_000_000), None));
        let mut out = vec![w.spare_piece_game(&cx, n, 0, &mut SpareMemo::default(), quick)];
        let list = w.node_moves();
        for c in w.expand(&cx, &list, n, false) {
            if w.child_mated_within(&cx, &c, n - 1, 0) != Some(true) {
                continue;
            }
            w.enter(&c, 0);
            let mut memo = SpareMemo::default();
            out.push(w.spare_piece_game(&cx, n - 1, 1, &mut memo, quick));
            // And after each defence there, at its exact length.
            let replies = w.node_moves();
            for d in w.expand(&cx, &replies, n - 1, false) {
                let Some(Some(k)) = w.defence_length(&cx, &d, n - 1, 1, u64::MAX) else {
                    panic!("{sfen}: no length");
                };
                w.enter(&d, 1);
                let mut memo = SpareMemo::default();
                out.push(w.spare_piece_game(&cx, k, 2, &mut memo, quick));
                w.leave(&d);
            }
            w.leave(&c);
        }
        out
    }

    /// Playing first the defences whose exact length is pinned quickly
    /// changes no answer of the spare-piece test: against the defences in
    /// their order (no first pass) and against a first pass of one node
    /// (nearly every defence left to the second), at the root, after each
    /// check and after each defence to it, of the 駒余り, detour and interposition positions of
    /// `tests/line_conventions.rs` and a 将棋無双 problem.
    #[test]
    fn the_quick_pass_changes_no_answer() {
        let mut settled = [0, 0];
        for sfen in [
            "2+S5l/+B1g1+P1gsk/P1pp1pNp1/LG1l4p/5N1P1/bP1P1Pp1g/2K2S3/1+l5+n1/6s2 w RN6Pr 1",
            "l2+B4l/k3+N1P2/2n4g1/p1s1P1p1p/1pppS2p1/PP6P/1GSP+bS3/2KGg4/LN2r2NL b R5p 1",
            "l6+Pl/k2+S2g2/2nB3s1/p1Gpp3p/1N2npB2/P1pPS1p1P/1+rN2P3/2S1K4/2+r2G2L b Pgl5p 1",
            "1k7/2l+R5/9/9/9/9/9/9/9 b SLp 1",
            "2k1s1B2/S3+P4/2p1R2p1/2gprpp2/Lb1S5/2N3P2/2PPP4/9/L8 b L3gs3nl8p 1",
        ] {
            let base = answers(sfen, 0);
            for quick in [1, QUICK_PIN] {
                assert_eq!(answers(sfen, quick), base, "{sfen}, quick {quick}");
            }
            for a in &base {
                match a {
                    Some(Some(spare)) => settled[usize::from(*spare)] += 1,
                    other => panic!("{sfen}: not settled: {other:?}"),
                }
            }
        }
        // Both answers occur, so both ways out of a defender node are
        // compared.
        assert!(settled[0] > 0 && settled[1] > 0, "{settled:?}");
    }
}
