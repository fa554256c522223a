//! [`SimpleMateSearch`]: a plain iterative-deepening mate search, the
//! temporary production backend of `tsumi usi` until the df-pn solver of
//! `tsumi-mate` is wired in.
//!
//! It searches the full AND/OR tree of checks and evasions to a ply
//! budget of 1, 3, 5, … plies, so the first budget at which a mate exists
//! gives the shortest mate. Within a budget the value of a node is exact
//! minimax: the attacker takes the shortest mate among its checks, the
//! defender the longest among its evasions (any evasion that escapes the
//! budget refutes the check). No table: the cost grows exponentially with
//! the length, so it is fit for short mates only. It proves that no mate
//! exists only when the whole tree of checks is finite and was searched
//! without reaching the budget anywhere (for example when the attacker has
//! no check at all).

use super::backend::{MateBackend, MateOutcome, MateVerdict, SearchLimits, SearchProgress};
use std::time::{Duration, Instant};
use tsumi_core::{Move, MoveList, Position};

/// Nodes between two looks at the clock (the stop flag is read at every
/// node).
const CLOCK_EVERY: u64 = 256;
/// Time between two progress reports.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// The plain iterative-deepening mate search (see the module text).
#[derive(Debug, Default)]
pub struct SimpleMateSearch {
    max_ply: Option<u32>,
}

impl SimpleMateSearch {
    /// A search without a length bound: it deepens until a verdict or a
    /// limit.
    pub fn new() -> SimpleMateSearch {
        SimpleMateSearch { max_ply: None }
    }

    /// A search that looks for mates of at most `max_ply` plies and
    /// reports [`MateVerdict::Unknown`] when none exists within them
    /// (unless the tree was exhausted, which proves no mate at all).
    pub fn with_max_ply(max_ply: u32) -> SimpleMateSearch {
        SimpleMateSearch {
            max_ply: Some(max_ply),
        }
    }
}

/// The state of one search.
struct Walk<'a> {
    limits: &'a SearchLimits,
    progress: &'a mut dyn FnMut(&SearchProgress),
    start: Instant,
    last_report: Instant,
    nodes: u64,
    /// Set when a limit or the stop flag ended the search.
    aborted: bool,
    /// Set when some defender node was cut off by the ply budget while it
    /// still had moves, so a failure to mate proves nothing.
    cut: bool,
}

impl Walk<'_> {
    /// Counts a node and looks at the limits; true if the search must end.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.limits.stop_requested() {
            self.aborted = true;
        }
        if let Some(n) = self.limits.nodes {
            if self.nodes >= n {
                self.aborted = true;
            }
        }
        if self.nodes % CLOCK_EVERY == 0 {
            let now = Instant::now();
            if let Some(t) = self.limits.time {
                if now.duration_since(self.start) >= t {
                    self.aborted = true;
                }
            }
            if now.duration_since(self.last_report) >= PROGRESS_EVERY {
                self.last_report = now;
                (self.progress)(&SearchProgress {
                    nodes: self.nodes,
                    elapsed: now.duration_since(self.start),
                    mate_length: None,
                    hashfull_permille: None,
                });
            }
        }
        self.aborted
    }

    /// The shortest mate of at most `budget` plies (odd) by the side to
    /// move, as its line, or `None`.
    fn attack(&mut self, pos: &mut Position, budget: u32) -> Option<Vec<Move>> {
        let mut checks = MoveList::new();
        pos.generate_checks(&mut checks);
        let mut best: Option<Vec<Move>> = None;
        let mut limit = budget;
        for &m in checks.iter() {
            if self.tick() {
                return None;
            }
            pos.do_move(m);
            let reply = self.defend(pos, limit - 1);
            pos.undo_move();
            if self.aborted {
                return None;
            }
            if let Some(rest) = reply {
                let len = rest.len() as u32 + 1;
                let mut line = Vec::with_capacity(rest.len() + 1);
                line.push(m);
                line.extend(rest);
                best = Some(line);
                if len < 3 {
                    break;
                }
                // A better mate is at least two plies shorter.
                limit = len - 2;
            }
        }
        best
    }

    /// For the side to move in check: the longest resistance against mates
    /// of at most `budget` plies (even) as a line ending in mate, or `None`
    /// when some evasion escapes the budget.
    fn defend(&mut self, pos: &mut Position, budget: u32) -> Option<Vec<Move>> {
        let mut evasions = MoveList::new();
        pos.generate_evasions(&mut evasions);
        if evasions.is_empty() {
            return Some(Vec::new());
        }
        if budget == 0 {
            self.cut = true;
            return None;
        }
        let mut longest: Option<Vec<Move>> = None;
        for &m in evasions.iter() {
            if self.tick() {
                return None;
            }
            pos.do_move(m);
            let reply = self.attack(pos, budget - 1);
            pos.undo_move();
            let rest = reply?;
            if longest.as_ref().map_or(true, |l| rest.len() + 1 > l.len()) {
                let mut line = Vec::with_capacity(rest.len() + 1);
                line.push(m);
                line.extend(rest);
                longest = Some(line);
            }
        }
        longest
    }
}

impl MateBackend for SimpleMateSearch {
    fn resize(&mut self, _hash_mb: usize) -> Result<(), String> {
        // No table.
        Ok(())
    }

    fn solve(
        &mut self,
        pos: &Position,
        limits: &SearchLimits,
        progress: &mut dyn FnMut(&SearchProgress),
    ) -> Result<MateOutcome, String> {
        let defender = pos.side_to_move().flip();
        if pos.king_square(defender).is_none() {
            return Err(format!(
                "the side not to move ({defender:?}) has no king to mate"
            ));
        }
        let start = Instant::now();
        let mut walk = Walk {
            limits,
            progress,
            start,
            last_report: start,
            nodes: 0,
            aborted: false,
            cut: false,
        };
        let mut pos = pos.clone();
        let mut budget = 1u32;
        let verdict = loop {
            walk.cut = false;
            let found = walk.attack(&mut pos, budget);
            if walk.aborted {
                break MateVerdict::Unknown;
            }
            if let Some(pv) = found {
                break MateVerdict::Mate {
                    pv,
                    proven_shortest: true,
                };
            }
            if !walk.cut {
                break MateVerdict::NoMate;
            }
            if self.max_ply.is_some_and(|m| budget + 2 > m) {
                break MateVerdict::Unknown;
            }
            budget += 2;
        };
        Ok(MateOutcome {
            verdict,
            nodes: walk.nodes,
            elapsed: start.elapsed(),
            hashfull_permille: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    const MATE_1: &str = include_str!("../../tests/data/mate-1-ply.sfen");
    const MATE_3: &str = include_str!("../../tests/data/mate-3-ply.sfen");
    const NO_MATE_1: &str = include_str!("../../tests/data/no-mate-1-ply.sfen");
    const DEV: &str = include_str!("../../tests/data/tsume-dev-short.tsv");

    fn solve_with(search: &mut SimpleMateSearch, sfen: &str, limits: &SearchLimits) -> MateOutcome {
        let pos = Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        search.solve(&pos, limits, &mut |_| {}).unwrap()
    }

    fn solve(sfen: &str) -> MateOutcome {
        solve_with(&mut SimpleMateSearch::new(), sfen, &SearchLimits::default())
    }

    /// Replays `pv` from `sfen` and checks it is a mate: every move legal,
    /// every attacker move a check, the defender mated at the end.
    fn assert_mating_line(sfen: &str, pv: &[Move]) {
        let mut pos = Position::from_sfen(sfen).unwrap();
        assert!(pv.len() % 2 == 1, "{sfen}: even line {pv:?}");
        for (i, &m) in pv.iter().enumerate() {
            assert!(pos.is_legal(m), "{sfen}: ply {i} {m} illegal in {pv:?}");
            if i % 2 == 0 {
                assert!(pos.gives_check(m), "{sfen}: ply {i} {m} no check");
            }
            pos.do_move(m);
        }
        assert!(pos.is_checkmate(), "{sfen}: {pv:?} does not end in mate");
    }

    fn mate_line(outcome: &MateOutcome) -> &[Move] {
        match &outcome.verdict {
            MateVerdict::Mate {
                pv,
                proven_shortest: true,
            } => pv,
            v => panic!("expected a proven mate, got {v:?}"),
        }
    }

    #[test]
    fn mates_in_one_agree_with_the_data() {
        for sfen in MATE_1.lines() {
            let outcome = solve(sfen);
            let pv = mate_line(&outcome);
            assert_eq!(pv.len(), 1, "{sfen}");
            assert_mating_line(sfen, pv);
        }
    }

    #[test]
    fn mates_in_three_are_found_at_three() {
        for sfen in MATE_3.lines() {
            let outcome = solve(sfen);
            let pv = mate_line(&outcome);
            assert_eq!(pv.len(), 3, "{sfen}: {pv:?}");
            assert_mating_line(sfen, pv);
        }
    }

    #[test]
    fn no_mate_in_one_positions_have_no_mate_in_one() {
        for sfen in NO_MATE_1.lines() {
            let outcome = solve_with(
                &mut SimpleMateSearch::with_max_ply(1),
                sfen,
                &SearchLimits::default(),
            );
            assert!(
                matches!(outcome.verdict, MateVerdict::Unknown | MateVerdict::NoMate),
                "{sfen}: {:?}",
                outcome.verdict
            );
        }
    }

    /// Problems whose shortest mate length an independent df-pn solver
    /// established; lengths up to 5 plies, every verdict must agree.
    #[test]
    fn short_problems_agree_with_an_independent_solver() {
        let mut seen = 0;
        for line in DEV.lines() {
            let f: Vec<&str> = line.split('\t').collect();
            let (sfen, length): (&str, usize) = (f[0], f[1].parse().unwrap());
            if length == 0 {
                continue;
            }
            let outcome = solve(sfen);
            let pv = mate_line(&outcome);
            assert_eq!(pv.len(), length, "{sfen}: {pv:?}");
            assert_mating_line(sfen, pv);
            seen += 1;
        }
        assert!(seen >= 40, "{seen}");
    }

    /// The defender resists longest: after each defender move of a line
    /// with more than one attacker move left, the core's independent
    /// mate-in-1 finder must find nothing (a reply allowing mate at once
    /// would have cut the line short).
    #[test]
    fn the_defender_resists_longest() {
        let mut checked = 0;
        for line in DEV.lines() {
            let sfen = line.split('\t').next().unwrap();
            let outcome = solve(sfen);
            let pv = mate_line(&outcome);
            let mut pos = Position::from_sfen(sfen).unwrap();
            for (i, &m) in pv.iter().enumerate() {
                pos.do_move(m);
                if i % 2 == 1 && i + 2 < pv.len() {
                    assert_eq!(
                        tsumi_core::checkgen::mate_in_1(&mut pos),
                        None,
                        "{sfen}: {pv:?} reply {i} allows mate in one"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked >= 30, "{checked}");
    }

    #[test]
    fn no_check_at_all_is_proven_no_mate() {
        // The attacker has nothing that could give check.
        let outcome = solve("4k4/9/9/9/9/9/9/9/9 b - 1");
        assert_eq!(outcome.verdict, MateVerdict::NoMate);
        // One pawn drop checks, the king takes it, nothing is left.
        let outcome = solve("4k4/9/9/9/9/9/9/9/9 b P 1");
        assert_eq!(outcome.verdict, MateVerdict::NoMate);
        // White attacks: a lone Black king against a White pawn in hand.
        let outcome = solve("9/9/9/9/9/9/9/9/4K4 w p 1");
        assert_eq!(outcome.verdict, MateVerdict::NoMate);
    }

    #[test]
    fn limits_and_the_stop_flag_end_the_search_undecided() {
        // 岡村孝雄「驚愕の曠野」: 59 plies, far beyond this search.
        let long = "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1";
        let outcome = solve_with(
            &mut SimpleMateSearch::new(),
            long,
            &SearchLimits {
                nodes: Some(5_000),
                ..SearchLimits::default()
            },
        );
        assert_eq!(outcome.verdict, MateVerdict::Unknown);
        assert!((5_000..5_100).contains(&outcome.nodes), "{}", outcome.nodes);
        let outcome = solve_with(
            &mut SimpleMateSearch::new(),
            long,
            &SearchLimits {
                time: Some(Duration::from_millis(50)),
                ..SearchLimits::default()
            },
        );
        assert_eq!(outcome.verdict, MateVerdict::Unknown);
        let stop = Arc::new(AtomicBool::new(true));
        let outcome = solve_with(
            &mut SimpleMateSearch::new(),
            long,
            &SearchLimits {
                stop,
                ..SearchLimits::default()
            },
        );
        assert_eq!(outcome.verdict, MateVerdict::Unknown);
        assert!(outcome.nodes <= 1);
    }

    #[test]
    fn progress_is_reported_while_searching() {
        let long = "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1";
        let pos = Position::from_sfen(long).unwrap();
        let mut reports = Vec::new();
        let outcome = SimpleMateSearch::new()
            .solve(
                &pos,
                &SearchLimits {
                    time: Some(Duration::from_millis(700)),
                    ..SearchLimits::default()
                },
                &mut |p| reports.push(p.clone()),
            )
            .unwrap();
        assert_eq!(outcome.verdict, MateVerdict::Unknown);
        assert!(reports.len() >= 2, "{reports:?}");
        assert!(reports.windows(2).all(|w| w[0].nodes < w[1].nodes));
    }

    #[test]
    fn a_missing_defender_king_is_an_error() {
        let pos = Position::from_sfen("9/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
        let err = SimpleMateSearch::new()
            .solve(&pos, &SearchLimits::default(), &mut |_| {})
            .unwrap_err();
        assert!(err.contains("no king"), "{err}");
    }
}
