//! The line of a mate found but not proven shortest (a solve under
//! [`crate::Shortest::First`], or one a limit stopped while shortening),
//! read straight from the table: at an OR node the check the table stored
//! with the node's proof, at an AND node the defence whose position the
//! table knows to be mated the latest. No node is expanded and nothing is
//! searched, so it costs a few table probes a ply, where
//! [`Walker::found_line`] expands every node of the line again (a quarter
//! of a short solve's time).
//!
//! The table may not hold the whole line (an entry replaced); the caller
//! then falls back to [`Walker::found_line`]. A line it returns ends in checkmate, or under
//! the 無駄合 rule in a check answered only by useless interpositions, as
//! a searched line does; the solver's checker replays it like any other.

use crate::search::context::Context;
use crate::search::walker::Walker;
use crate::table::Probe;
use tsumi_core::{Hand, Move, MoveList};

impl Walker {
    /// A line from the current node (attacker to move), known to be mated
    /// within `len` plies, read from the table, with the attacker's hand at
    /// its end; at most `len` plies long, every attacker move a legal
    /// check, every defence legal, the last position checkmate (or, under
    /// the 無駄合 rule, answered only by useless interpositions). `None`
    /// when the table does not lead to the end.
    pub(crate) fn table_line(&mut self, cx: &Context, len: u16) -> Option<(Vec<Move>, Hand)> {
        let mut line = Vec::new();
        let mut moves = MoveList::new();
        let mut n = len;
        let rule = cx.rule();
        let complete = loop {
            if self.is_or() {
                let probe = cx
                    .tt
                    .probe(self.pos.board_key(), self.attacker_hand(), n, rule);
                let Probe::Proven { len, best, .. } = probe else {
                    break false;
                };
                // The move comes from the table (a key may collide): it
                // is played only if it is one of the checks here.
                moves.clear();
                self.pos.generate_checks(&mut moves);
                if len == 0 || !moves.contains(best) {
                    break false;
                }
                self.pos.do_move(best);
                line.push(best);
                n = len - 1;
            } else {
                moves.clear();
                self.pos.generate_evasions(&mut moves);
                if moves.is_empty() {
                    break true;
                }
                if n == 0 {
                    // Mated only under the 無駄合 rule: every reply is a
                    // useless interposition (the solver appends them).
                    break cx.skip_useless();
                }
                let hand = self.attacker_hand();
                let mut pick: Option<(Move, u16)> = None;
                for &e in moves.iter() {
                    let (key, _, _) = self.pos.keys_after(e);
                    if let Probe::Proven { len, .. } = cx.tt.probe(key, hand, n - 1, rule) {
                        if pick.is_none_or(|(_, l)| len > l) {
                            pick = Some((e, len));
                        }
                    }
                }
                let Some((e, l)) = pick else {
                    break false;
                };
                self.pos.do_move(e);
                line.push(e);
                n = l;
            }
        };
        let hand = self.attacker_hand();
        for _ in &line {
            self.pos.undo_move();
        }
        complete.then_some((line, hand))
    }
}

#[cfg(test)]
mod tests {
    use crate::checker::check_mate_line;
    use crate::config::{Shortest, SolverConfig};
    use crate::limits::{Budget, Limits};
    use crate::search::context::Context;
    use crate::search::walker::Walker;
    use crate::table::Table;
    use crate::useless::{all_interpositions, Interpositions};
    use tsumi_core::{MoveList, Position};

    /// After a first mate is found in each of the first `take` positions
    /// of `text`, the table's line is complete, no longer than the bound,
    /// accepted by the checker, and ends with the hand it says; the line
    /// read by searching is no shorter than it must be either.
    fn lines_of(text: &str, take: usize, rule: Interpositions) {
        let config = SolverConfig {
            interpositions: rule,
            shortest: Shortest::First,
            ..SolverConfig::default()
        };
        let mut table = Table::try_new(4).unwrap();
        for sfen in text.lines().filter(|l| !l.trim().is_empty()).take(take) {
            let pos = Position::from_sfen(sfen.trim()).unwrap();
            table.new_generation();
            let budget = Budget::start(&Limits::nodes(1_000_000), None);
            let attacker = pos.side_to_move();
            let cx = Context::new(&table, config);
            let mut s = Walker::new(pos.clone(), budget);
            let r = s.settle(&cx, 31, 0);
            assert_eq!(r.pn, 0, "{sfen}: a mate");
            let (line, hand) = s
                .table_line(&cx, r.len)
                .unwrap_or_else(|| panic!("{sfen}: the table holds the line"));
            assert_eq!(s.pos.key(), pos.key(), "{sfen}: the moves are taken back");
            assert!(line.len() <= r.len as usize, "{sfen}: within the bound");
            if rule == Interpositions::CountAll {
                let summary = check_mate_line(&pos, &line)
                    .unwrap_or_else(|e| panic!("{sfen}: {e}: {line:?}"));
                assert_eq!(summary.leftover, hand, "{sfen}");
                let (searched, _) = s.found_line(&cx, r.len, 0).unwrap();
                assert!(check_mate_line(&pos, &searched).is_ok(), "{sfen}");
            } else {
                // Checkmate, or only useless interpositions left (the
                // solver's checker replays them after the line).
                let mut end = pos.clone();
                for &m in &line {
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
    }

    #[test]
    fn the_table_holds_the_line_of_a_first_mate() {
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
