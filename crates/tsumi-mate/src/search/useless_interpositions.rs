//! The 無駄合 rule (see [`crate::useless`]) applied inside a search: at
//! an AND node, a candidate interposition disproven as played is judged
//! by sub-searches of its shortcut and of the other defences.

use crate::child::{Child, NO_REP};
use crate::search::context::Context;
use crate::search::walker::Walker;
use crate::table::DEPTH_INF;
use crate::useless::shortcuts;
use tsumi_core::Position;

/// What the rule makes of a candidate interposition disproven as played.
enum RuleOutcome {
    /// Useless: ignored, the position counts as its other defences.
    Useless,
    /// A real defence; `exact` when that rests on the rule's conditions
    /// (a shortcut exists) rather than on the board alone. `limit`: the
    /// shortcut is not mated within this many plies (so the defence is
    /// known to count up to that bound only). `rep`: the shortcut's
    /// disproof rests on a repetition at this ply of the path
    /// ([`NO_REP`] if not), so the defence counts on this path only.
    Counted {
        exact: bool,
        limit: Option<u16>,
        rep: u16,
    },
}

impl Walker {
    /// Applies the rule at the current AND node (`remaining` plies, an
    /// even number of at least 2) to every candidate child disproven as
    /// played: a useless one becomes proven (contributing `remaining` to
    /// the length), a real defence stays disproven. Nothing is done while a
    /// non-candidate child is disproven (that settles the node anyway).
    /// Returns `false` if the budget ran out.
    pub(crate) fn apply_rule(
        &mut self,
        cx: &Context,
        children: &mut [Child],
        remaining: u16,
        ply: u16,
    ) -> bool {
        if children.iter().any(|c| !c.candidate && c.disproven()) {
            return true;
        }
        for i in 0..children.len() {
            let c = children[i];
            if !(c.candidate && c.disproven() && !c.rule_checked) {
                continue;
            }
            match self.rule_check(cx, children, i, remaining, ply) {
                None => return false,
                Some(RuleOutcome::Useless) => {
                    children[i].set_proven(remaining - 1, c.hand, true);
                }
                Some(RuleOutcome::Counted { exact, limit, rep }) => {
                    let ch = &mut children[i];
                    ch.rule_checked = true;
                    // A shortcut refuted only through a repetition on this
                    // path makes the defence count on this path only: the
                    // node's disproof through it must not be stored for
                    // every path.
                    ch.rep = ch.rep.min(rep);
                    if exact {
                        ch.exact = true;
                        ch.rhand = ch.hand;
                    }
                    if let Some(d) = limit {
                        // The node's disproof through this defence holds up
                        // to the shortcut's disproof depth.
                        ch.len = ch.len.min(d.saturating_sub(1));
                    }
                }
            }
        }
        true
    }

    /// Decides whether candidate `children[i]` is useless at the current
    /// AND node bounded to `remaining` plies; `None` if the budget ran out.
    fn rule_check(
        &mut self,
        cx: &Context,
        children: &[Child],
        i: usize,
        remaining: u16,
        ply: u16,
    ) -> Option<RuleOutcome> {
        let qs = shortcuts(&self.pos, children[i].mv);
        if qs.is_empty() {
            return Some(RuleOutcome::Counted {
                exact: false,
                limit: None,
                rep: NO_REP,
            });
        }
        // The shortcut must be mated within the node's own bound...
        let mut proven: Vec<(Position, u16)> = Vec::new();
        let mut q_depth = DEPTH_INF;
        let mut q_rep = NO_REP;
        for q in qs {
            let r = self.settle_off_line(cx, q.clone(), remaining);
            if !r.resolved() {
                return None;
            }
            if r.pn == 0 {
                proven.push((q, r.len));
                continue;
            }
            q_depth = q_depth.min(if r.rep == NO_REP { r.len } else { remaining });
            q_rep = q_rep.min(r.rep);
        }
        if proven.is_empty() {
            return Some(RuleOutcome::Counted {
                exact: true,
                limit: Some(q_depth),
                rep: q_rep,
            });
        }
        // ... with its exact length (a bounded search proves some mate
        // within the bound, not the shortest; the comparison below needs
        // the shortest), each shorter bound asked of the position alone...
        let mut l = u16::MAX;
        for (q, mut len) in proven {
            while len >= 2 && len - 2 < l {
                let r = self.settle_detached(cx, q.clone(), len - 2);
                if !r.resolved() {
                    return None;
                }
                if r.pn != 0 {
                    break;
                }
                len = r.len;
            }
            l = l.min(len);
        }
        if l == 0 {
            return Some(RuleOutcome::Useless);
        }
        // ... and no later than the other defences: some non-candidate
        // defence must not be mated within l - 3.
        let witness = if l < 3 {
            children.iter().any(|c| !c.candidate)
        } else {
            let mut found = false;
            for c in children.iter().filter(|c| !c.candidate) {
                if c.proven() && c.len <= l - 3 {
                    continue;
                }
                self.enter(c, ply);
                let mut r = self.settle(cx, l - 3, ply + 1);
                self.leave(c);
                if !r.resolved() {
                    return None;
                }
                // A disproof that rests on a repetition on this path is no
                // witness for a result stored for every path. Whether the
                // defence lasts that long is a property of its position:
                // ask again with no path above it.
                if r.dn == 0 && r.rep != NO_REP {
                    let mut q = self.pos.clone();
                    q.do_move(c.mv);
                    r = self.settle_detached(cx, q, l - 3);
                    if !r.resolved() {
                        return None;
                    }
                }
                if r.dn == 0 && r.rep == NO_REP {
                    found = true;
                    break;
                }
            }
            found
        };
        // Without a witness the interposition delays the mate beyond the
        // other defences whatever the bound: it counts.
        Some(if witness {
            RuleOutcome::Useless
        } else {
            RuleOutcome::Counted {
                exact: true,
                limit: None,
                rep: NO_REP,
            }
        })
    }
}
