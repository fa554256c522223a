//! The solve record: one problem's answer as `tsumi solve --json` prints
//! it and the `tsumi serve` page receives it.

use crate::hands::sfen_hand;
use crate::report_json::JsonReport;
use crate::variation_lines::VariationLines;
use tsumi_core::Position;
use tsumi_mate::{Report, Solution, Verdict};

/// One problem's answer: `{"name", "sfen", "result": "mate"|"nomate"|
/// "unknown", "length", "proven_shortest", "pv": [...], "useless_tail":
/// [...], "leftover", "longest_defence", "published_length", "nodes",
/// "ms", "first_mate_nodes", "first_mate_ms", "proof_nodes", "proof_ms"}`,
/// and `"report"` when there is one. Moves are USI, hands SFEN hand notation.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SolveRecord {
    /// The problem's name.
    pub name: String,
    /// The position, SFEN.
    pub sfen: String,
    /// `"mate"`, `"nomate"` or `"unknown"`.
    pub result: &'static str,
    /// The mate length; 0 for no mate; null when unknown.
    pub length: Option<u32>,
    /// True when the mate's length is proven to be the shortest; false
    /// when a limit stopped the search after the mate was found.
    pub proven_shortest: bool,
    /// The line, USI.
    pub pv: Vec<String>,
    /// Under the 無駄合 rule: the useless interpositions (and their
    /// captures) that follow the counted line to checkmate.
    pub useless_tail: Vec<String>,
    /// The attacker's hand at the end of the line, SFEN hand notation.
    pub leftover: String,
    /// Under `--defence no-leftover`, when the line leaves a longer
    /// defence that ends with pieces left over (変長): the proven shortest
    /// mate against the longest defence; null otherwise.
    pub longest_defence: Option<u32>,
    /// The length the input gives for the problem, if any.
    pub published_length: Option<u32>,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds.
    pub ms: u64,
    /// Nodes spent when the first mate was found (null when none was).
    pub first_mate_nodes: Option<u64>,
    /// Milliseconds spent when the first mate was found.
    pub first_mate_ms: Option<u64>,
    /// Nodes spent when the length was proven shortest, before the line
    /// was built (null when it is not proven shortest).
    pub proof_nodes: Option<u64>,
    /// Milliseconds spent when the length was proven shortest.
    pub proof_ms: Option<u64>,
    /// The soundness report, when one was made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report: Option<JsonReport>,
}

impl SolveRecord {
    /// The record of `sol`, the solution of the problem `name` at `pos`
    /// (whose published length is `published`), with its report if any.
    pub fn new(
        name: &str,
        pos: &Position,
        sol: &Solution,
        report: Option<&Report>,
        published: Option<u32>,
    ) -> SolveRecord {
        let attacker = pos.side_to_move();
        SolveRecord {
            name: name.to_string(),
            sfen: pos.to_sfen(),
            result: sol.verdict.name(),
            length: match (sol.verdict, sol.length) {
                (Verdict::Mate, Some(n)) => Some(n),
                (Verdict::NoMate, _) => Some(0),
                _ => None,
            },
            proven_shortest: sol.verdict == Verdict::Mate && sol.proven_shortest,
            pv: sol.pv.iter().map(|m| m.to_usi()).collect(),
            useless_tail: sol.useless_tail.iter().map(|m| m.to_usi()).collect(),
            leftover: sfen_hand(sol.leftover, attacker),
            longest_defence: sol.longest_defence,
            published_length: published,
            nodes: sol.nodes,
            ms: (sol.elapsed.as_secs_f64() * 1000.0).round() as u64,
            first_mate_nodes: sol.first_mate.map(|(n, _)| n),
            first_mate_ms: sol.first_mate.map(|(_, t)| t.as_millis() as u64),
            proof_nodes: sol.proven_at.map(|(n, _)| n),
            proof_ms: sol.proven_at.map(|(_, t)| t.as_millis() as u64),
            report: report.map(|r| JsonReport::new(r, attacker)),
        }
    }

    /// The same with the lines of its report's cooks and longer defences
    /// (see [`JsonReport::with_lines`]).
    pub fn with_lines(mut self, lines: Option<&VariationLines>) -> SolveRecord {
        if let Some(lines) = lines {
            self.report = self.report.map(|r| r.with_lines(lines));
        }
        self
    }
}

/// The record of a problem that could not be answered (the solver
/// refused it or failed on it): `{"name", "sfen", "result": "error",
/// "error", "published_length"}`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ErrorRecord {
    /// The problem's name.
    pub name: String,
    /// The position, SFEN (as given, when it is not a position).
    pub sfen: String,
    /// Always `"error"`.
    pub result: &'static str,
    /// What went wrong.
    pub error: String,
    /// The length the input gives for the problem, if any.
    pub published_length: Option<u32>,
}

impl ErrorRecord {
    /// The record of the problem `name` at `sfen` that failed with `error`.
    pub fn new(name: &str, sfen: &str, error: &str, published: Option<u32>) -> ErrorRecord {
        ErrorRecord {
            name: name.to_string(),
            sfen: sfen.to_string(),
            result: "error",
            error: error.to_string(),
            published_length: published,
        }
    }
}

/// The message of a solver that panicked (a bug), from the panic's
/// payload: `internal error: the solver panicked: ...`. Front ends that
/// catch a panic report it so instead of dying.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let msg = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    format!("internal error: the solver panicked: {msg}")
}

/// What `longest_defence` says, in words, when the solution has one: for
/// a proven mate, a 変長 (a longer defence leaves pieces; the line
/// follows one that leaves none); for a kept mate (not proven shortest),
/// the bound proven against every defence, which the line shown, not
/// proven, does not reach.
pub fn longest_defence_text(sol: &Solution) -> Option<String> {
    let n = sol.longest_defence?;
    Some(longest_defence_words(n, sol.pv.len(), sol.proven_shortest))
}

/// [`longest_defence_text`] from its parts: the length `n` of the mate
/// against the longest defence, the line's plies, and whether the mate is
/// proven shortest (the USI engine, which has no [`Solution`] at hand,
/// says it the same way).
pub fn longest_defence_words(n: u32, line: usize, proven_shortest: bool) -> String {
    if proven_shortest {
        format!(
            "変長: a longer defence, with pieces left over, is mated in {n}; the line follows the defence that leaves none"
        )
    } else {
        format!(
            "a mate within {n} against every defence is proven; the line shown ({line} plies) is not proven: at some defence it takes one whose line leaves no piece, or one whose proof the table lost, over a longer one"
        )
    }
}

/// The verdict in words: `mate in 7`, `mate in 9 (not proven shortest)`,
/// `no mate`, `unknown within the limits`, …. A kept mate whose line is
/// shorter than the bound proven gives both: `mate in 9 (not proven
/// shortest; within 11 against every defence)`.
pub fn describe(sol: &Solution) -> String {
    match sol.verdict {
        Verdict::Mate if sol.proven_shortest => format!("mate in {}", sol.length.unwrap_or(0)),
        Verdict::Mate => match sol.longest_defence {
            Some(m) => format!(
                "mate in {} (not proven shortest; within {m} against every defence)",
                sol.length.unwrap_or(0)
            ),
            None => format!("mate in {} (not proven shortest)", sol.length.unwrap_or(0)),
        },
        Verdict::NoMate => "no mate".to_string(),
        Verdict::Unknown => match sol.length {
            Some(n) => format!("unknown (a mate in {n} found, not proven shortest)"),
            None => match sol.no_mate_within {
                Some(n) => format!("unknown: no mate within {n} plies (--max-ply)"),
                None => "unknown within the limits".to_string(),
            },
        },
    }
}
