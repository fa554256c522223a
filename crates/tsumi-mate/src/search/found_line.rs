//! The line of a mate found but not proven shortest (a solve under
//! [`crate::Shortest::First`], or one a limit stopped while shortening),
//! searched for when the table alone cannot give it
//! ([`crate::search::table_line`]): at an OR node the check with the
//! shortest proven mate, at an AND node the defence with the longest.

use crate::child::Child;
use crate::search::context::Context;
use crate::search::principal_line::LineFailure;
use crate::search::walker::Walker;
use tsumi_core::{Hand, Move};

impl Walker {
    /// A mating line from the current node (attacker to move), known to be
    /// mated within `len` plies, when that length is not proven to be the
    /// shortest: at an OR node the check with the shortest proven mate, at
    /// an AND node the defence with the longest (interpositions the
    /// 無駄合 rule discards skipped). Every choice is settled by
    /// depth-bounded searches, which the table usually answers at once.
    /// Returns the line and the attacker's hand at its end.
    pub(crate) fn found_line(
        &mut self,
        cx: &Context,
        len: u16,
        ply: u16,
    ) -> Result<(Vec<Move>, Hand), LineFailure> {
        let mut line: Vec<Child> = Vec::new();
        let mut n = len;
        let result = loop {
            let cur = ply + line.len() as u16;
            let or = self.is_or();
            if !or && n == 0 {
                break Ok(());
            }
            let list = self.node_moves();
            if !or && list.is_empty() {
                break Ok(());
            }
            let mut children = self.expand(cx, &list, n, false);
            if or {
                // Checks the table already knows to mate first, shortest
                // first; the first one that mates is taken.
                children.sort_by_key(|c| (!c.proven(), c.len, c.pn));
            }
            let mut pick: Option<(Child, u16)> = None;
            for c in &children {
                // Under the rule an interposition may be unmated as played
                // and still leave the node mated (it is useless).
                let may_be_useless = cx.skip_useless() && c.candidate;
                if c.disproven() && !may_be_useless {
                    continue;
                }
                self.enter(c, cur);
                let r = self.settle(cx, n.saturating_sub(1), cur + 1);
                self.leave(c);
                if !r.resolved() {
                    return self.unwind(line, Err(LineFailure::Budget));
                }
                if r.pn != 0 {
                    // Not mated within the bound: at an OR node a check
                    // that does not work; at an AND node only a useless
                    // interposition may be unmated (the node is proven).
                    if !or && !may_be_useless {
                        return self.unwind(line, Err(LineFailure::Inconsistent));
                    }
                    continue;
                }
                let better = match pick {
                    None => true,
                    Some((_, l)) => {
                        if or {
                            r.len < l
                        } else {
                            r.len > l
                        }
                    }
                };
                if better {
                    pick = Some((*c, r.len));
                }
                if or {
                    break;
                }
            }
            let Some((c, l)) = pick else {
                // Every defence is a useless interposition: mate under the
                // rule; the caller appends the useless tail.
                if !or {
                    break Ok(());
                }
                break Err(LineFailure::Inconsistent);
            };
            self.enter(&c, cur);
            line.push(c);
            n = l;
        };
        let hand = self.attacker_hand();
        let moves: Vec<Move> = line.iter().map(|c| c.mv).collect();
        self.unwind(line, result.map(|_| (moves, hand)))
    }

    /// Takes back the moves of `line` and passes `r` on.
    fn unwind<T>(&mut self, line: Vec<Child>, r: Result<T, LineFailure>) -> Result<T, LineFailure> {
        for c in line.iter().rev() {
            self.leave(c);
        }
        r
    }
}
