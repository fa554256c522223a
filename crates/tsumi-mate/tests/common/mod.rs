//! Shared helpers of the integration tests: data files and a checked solve.

#![allow(dead_code)]

use tsumi_core::{Move, Position};
use tsumi_mate::{
    check_mate_line, Defence, Interpositions, Limits, Solution, Solver, SolverConfig, Verdict,
};

/// The rows of a tab-separated test data file, each with its 1-based line
/// number and its fields: `#` comments and blank lines are skipped.
pub fn tsv_rows(text: &'static str) -> impl Iterator<Item = (usize, Vec<&'static str>)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l.split('\t').collect()))
}

/// One row of `dev.tsv`.
pub struct DevProblem {
    /// 1-based line number in the file.
    pub line_no: usize,
    pub sfen: String,
    /// Expected length, 0 for no mate.
    pub length: u32,
    /// The reference engine's line (empty for no mate).
    pub line: Vec<String>,
}

pub fn dev_problems() -> Vec<DevProblem> {
    tsv_rows(include_str!("../data/dev.tsv"))
        .map(|(line_no, f)| {
            assert_eq!(f.len(), 3, "dev.tsv line {line_no}: three fields");
            DevProblem {
                line_no,
                sfen: f[0].to_string(),
                length: f[1].parse().expect("length"),
                line: if f[2] == "nomate" {
                    vec![]
                } else {
                    f[2].split_whitespace().map(String::from).collect()
                },
            }
        })
        .collect()
}

/// Positions of one of the one-SFEN-per-line files.
pub fn sfen_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect()
}

/// Reads a problem position; the dev set contains random positions with
/// pieces that can never move or two pawns on a file, which the relaxed
/// reader accepts.
pub fn position(sfen: &str) -> Position {
    Position::from_sfen_relaxed(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

pub fn solver(hash_mb: usize, limits: Limits) -> Solver {
    Solver::new(SolverConfig {
        hash_mb,
        limits,
        ..SolverConfig::default()
    })
}

/// A solver under the 無駄合 rule whose line follows `defence`.
pub fn rule_solver(hash_mb: usize, limits: Limits, defence: Defence) -> Solver {
    Solver::new(SolverConfig {
        hash_mb,
        limits,
        interpositions: Interpositions::SkipUseless,
        defence,
        ..SolverConfig::default()
    })
}

/// Solves and checks everything a reported solution promises: a mate has
/// a line the checker accepts, of the reported length and leftover.
pub fn solve_checked(solver: &mut Solver, sfen: &str) -> Solution {
    let pos = position(sfen);
    let s = solver
        .solve(&pos)
        .unwrap_or_else(|e| panic!("{sfen}: solver error: {e}"));
    if s.verdict == Verdict::Mate {
        let summary = check_mate_line(&pos, &s.pv)
            .unwrap_or_else(|e| panic!("{sfen}: checker rejects the pv: {e}"));
        let n = s.length.expect("a mate has a length");
        // The length is the line's; a longer mate proven against the
        // longest defence (変長, or a kept mate's bound) is given beside it.
        assert_eq!(summary.plies as u32, n, "{sfen}");
        if let Some(m) = s.longest_defence {
            assert!(m > n && m % 2 == 1, "{sfen}: longest defence {m}, line {n}");
        }
        assert_eq!(summary.leftover, s.leftover, "{sfen}");
    } else {
        assert!(s.pv.is_empty());
    }
    s
}

/// The solved length: the mate length, 0 for no mate, `None` if unknown
/// or if the mate found was not proven to be the shortest.
pub fn solved_length(s: &Solution) -> Option<u32> {
    match s.verdict {
        Verdict::Mate if s.proven_shortest => s.length,
        Verdict::Mate => None,
        Verdict::NoMate => Some(0),
        Verdict::Unknown => None,
    }
}

pub fn usi_line(pos: &Position, moves: &[String]) -> Vec<Move> {
    let mut p = pos.clone();
    moves
        .iter()
        .map(|t| {
            let m = p
                .parse_usi_move(t)
                .unwrap_or_else(|e| panic!("{}: {t}: {e}", p.to_sfen()));
            p.do_move(m);
            m
        })
        .collect()
}

/// One row of `musou.tsv` (将棋無双, published lengths).
pub struct MusouProblem {
    pub sfen: String,
    /// The published length (useless interpositions not counted).
    pub length: u32,
    pub name: String,
    /// A, B, C or X (see the file's header).
    pub tier: String,
}

pub fn musou_problems() -> Vec<MusouProblem> {
    tsv_rows(include_str!("../data/musou.tsv"))
        .map(|(_, f)| MusouProblem {
            sfen: f[0].to_string(),
            length: f[1].parse().expect("length"),
            name: f[2].to_string(),
            tier: f[3].to_string(),
        })
        .collect()
}

/// The row of `musou.tsv` named `name` (`musou-009`, …).
pub fn musou_problem(name: &str) -> MusouProblem {
    musou_problems()
        .into_iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("{name} is not in musou.tsv"))
}
