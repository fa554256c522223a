//! The verdict on an author's solution (`tsumi check`, the page's Check):
//! sound, a cook, a shorter mate, a longer defence, not a mate, or
//! undecided within the limits, with the ply at fault.

use crate::report_json::JsonReport;
use crate::report_text::move_at_ply;
use tsumi_core::{Move, Position};
use tsumi_mate::report::{check_line_shape, Item, LineProblem, Report};
use tsumi_mate::short_defence::{DefenceScan, ShortDefence};
use tsumi_mate::{Limits, Solution, SolveError, Solver, Verdict};

/// The verdict on an author's solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckVerdict {
    /// A mate, proven the shortest, with no cook.
    Sound,
    /// Another check mates as fast at some ply (余詰).
    Cook,
    /// Another check mates faster than the line.
    ShorterMate,
    /// At some ply the author's defence is mated sooner than another
    /// defence there (which is not 変長), by their true mate lengths.
    LongerDefence,
    /// The line is not a mate (an illegal move, a move that does not
    /// check, or no mate at its end).
    NotMate,
    /// The limits ran out first.
    Undecided,
}

impl CheckVerdict {
    /// `sound`, `cook`, `shorter-mate`, `longer-defence`, `not-mate`,
    /// `undecided`.
    pub fn name(self) -> &'static str {
        match self {
            CheckVerdict::Sound => "sound",
            CheckVerdict::Cook => "cook",
            CheckVerdict::ShorterMate => "shorter-mate",
            CheckVerdict::LongerDefence => "longer-defence",
            CheckVerdict::NotMate => "not-mate",
            CheckVerdict::Undecided => "undecided",
        }
    }
}

/// What was found about one author's line.
#[derive(Clone, Debug)]
pub struct CheckFinding {
    /// The verdict.
    pub verdict: CheckVerdict,
    /// The verdict in one line of English: `sound: mate in 59, no cook
    /// found`, `cook at ply 7: ▲３三角打 (B*3c) also mates in 7`, ….
    pub summary: String,
    /// The ply (1-based) at fault: the cook's, the shorter mate's, the
    /// first ply where the author's defence is not the longest, the
    /// illegal or non-checking move's, the last move's for a line that
    /// does not end in mate.
    pub ply: Option<u32>,
    /// The move at fault at `ply` (the cook, the longer defence, the
    /// author's move that breaks the line), when there is one.
    pub mv: Option<Move>,
    /// The shortest mate's length when known: the author's for a sound
    /// line, else the solve's (0: no mate).
    pub shortest: Option<u32>,
    /// `shortest` is proven.
    pub proven: bool,
    /// The soundness report along the author's line (none for a line
    /// that is not a line of checks and replies).
    pub report: Option<Report>,
    /// The solve that gave `shortest`, when the author's length was not
    /// the answer (a shorter mate, a longer defence, not a mate).
    pub solution: Option<Solution>,
    /// For [`CheckVerdict::LongerDefence`]: the first defence of the
    /// author's line that is not a longest one, with the longest there
    /// (none when the limits left it unsettled).
    pub short_defence: Option<ShortDefence>,
}

/// Checks the author's `line` from `pos` with `solver` (its rule and
/// defence convention) within `limits`: the shape of the line, then the
/// soundness report along it, then, when the author's length is not the
/// answer, a solve for the proven shortest (with the solver's own limits).
pub fn check_line(
    solver: &mut Solver,
    pos: &Position,
    line: &[Move],
    limits: &Limits,
) -> Result<CheckFinding, SolveError> {
    let la = line.len();
    let mut finding = CheckFinding {
        verdict: CheckVerdict::Undecided,
        summary: String::new(),
        ply: None,
        mv: None,
        shortest: None,
        proven: false,
        report: None,
        solution: None,
        short_defence: None,
    };
    if let Err(e) = check_line_shape(pos, line) {
        finding.verdict = CheckVerdict::NotMate;
        finding.summary = format!("the author's line is not mate: {e}");
        finding.ply = match e {
            LineProblem::Illegal { ply, .. } | LineProblem::NoCheck { ply, .. } => Some(ply),
            LineProblem::EndsWithDefence => Some(la as u32),
            LineProblem::Empty => None,
        };
        finding.mv = finding.ply.map(|p| line[p as usize - 1]);
        return Ok(finding);
    }
    let report = solver.report_line(pos, line, limits)?;
    let shorter = report
        .cooks
        .iter()
        .find(|c| !c.is_final && c.length < c.remaining);
    let cook = report.real_cooks().find(|c| c.length == c.remaining);
    if report.ends_in_mate == Some(false) {
        finding.verdict = CheckVerdict::NotMate;
        finding.summary =
            format!("the author's line is not mate: the position after ply {la} is not mated");
        finding.ply = Some(la as u32);
    } else if let Some(d) = report.real_longer_defences().next() {
        // The report compares each defence with the author's remaining
        // line; the ply at fault is the first whose defence is mated
        // sooner than the longest there, by true mate lengths.
        finding.verdict = CheckVerdict::LongerDefence;
        match solver.first_short_defence(pos, line, limits)? {
            DefenceScan::Short(short) => {
                finding.summary = short_defence_summary(pos, line, &short);
                (finding.ply, finding.mv) = (Some(short.ply), Some(short.longest));
                finding.short_defence = Some(short);
            }
            DefenceScan::Unsettled(from) => {
                // Every defence before `from` is a longest one: the fault
                // is at `from` or later.
                let d = report
                    .real_longer_defences()
                    .find(|d| d.ply >= from)
                    .unwrap_or(d);
                finding.summary = format!(
                    "the author's defence is not the longest at some ply from {from} on (ply {from} was not settled within the limits; the report finds {} lasting longer than the author's line at ply {})",
                    move_at_ply(pos, line, d.ply, d.mv),
                    d.ply
                );
                (finding.ply, finding.mv) = (Some(d.ply), Some(d.mv));
            }
            DefenceScan::AllLongest => {
                finding.summary = format!(
                    "the author's defence is not the longest: at ply {}, {} lasts longer than the author's line",
                    d.ply,
                    move_at_ply(pos, line, d.ply, d.mv)
                );
                (finding.ply, finding.mv) = (Some(d.ply), Some(d.mv));
            }
        }
    } else if let Some(c) = shorter {
        finding.verdict = CheckVerdict::ShorterMate;
        (finding.ply, finding.mv) = (Some(c.ply), Some(c.mv));
    } else if let Some(c) = cook {
        finding.verdict = CheckVerdict::Cook;
        finding.summary = format!(
            "cook at ply {}: {} also mates in {}",
            c.ply,
            move_at_ply(pos, line, c.ply, c.mv),
            c.length
        );
        (finding.ply, finding.mv) = (Some(c.ply), Some(c.mv));
    } else if report.complete() && report.ends_in_mate == Some(true) {
        finding.verdict = CheckVerdict::Sound;
        finding.shortest = Some(la as u32);
        finding.proven = true;
        finding.summary = format!("sound: mate in {la}, no cook found");
        // A sound line's longer defences are all set aside: 変長
        // variations or detours that decline a capture or interpose on
        // another square (a detour of another kind is not set aside, so it is a
        // fault above).
        if let Some(d) = report.longer_defences.first() {
            let why = if d.is_henchou() {
                "with pieces left over"
            } else if d.declines_capture() {
                "a detour that declines a capture"
            } else {
                "a detour by another interposition"
            };
            finding.summary += &format!(
                " ({} at ply {}: {} is mated in {}, {why})",
                if d.is_henchou() { "変長" } else { "迂回" },
                d.ply,
                move_at_ply(pos, line, d.ply, d.mv),
                d.length.unwrap_or(0)
            );
        }
    } else if report.proves_mate() {
        finding.summary = format!(
            "undecided within the limits: the author's line is a mate in {la} against every defence (proven), but {} other checks were not settled, so a cook or a shorter mate is not ruled out",
            report
                .unsettled
                .iter()
                .filter(|u| u.item == Item::Cook)
                .count()
        );
    } else {
        finding.summary = format!(
            "undecided within the limits: the author's mate in {la} was not fully checked ({} questions open)",
            report.unsettled.len()
        );
    }
    // The proven shortest, when the author's length is not it.
    if matches!(
        finding.verdict,
        CheckVerdict::ShorterMate | CheckVerdict::LongerDefence | CheckVerdict::NotMate
    ) {
        let sol = solver.solve(pos)?;
        finding.proven = sol.verdict == Verdict::Mate && sol.proven_shortest;
        // A mate not proven shortest: the bound proven against every
        // defence (its line, given as `length`, may be shorter).
        let length = if sol.proven_shortest {
            sol.length
        } else {
            sol.longest_defence.or(sol.length)
        };
        finding.shortest = match sol.verdict {
            Verdict::Mate => length,
            Verdict::NoMate => Some(0),
            Verdict::Unknown => None,
        };
        let shortest = match (sol.verdict, finding.proven, length) {
            (Verdict::Mate, true, Some(n)) => format!("the shortest mate is {n} plies"),
            (Verdict::Mate, false, Some(n)) => {
                format!("a mate in {n} plies (not proven shortest within the limits)")
            }
            (Verdict::NoMate, _, _) => "the problem has no mate".to_string(),
            _ => "the shortest mate was not found within the limits".to_string(),
        };
        if finding.verdict == CheckVerdict::ShorterMate {
            finding.summary = match (sol.verdict, length) {
                (Verdict::Mate, Some(n)) if finding.proven => {
                    format!("shorter mate: {n} plies (the author's: {la})")
                }
                (Verdict::Mate, Some(n)) => format!(
                    "shorter mate: at most {n} plies (the author's: {la}; not proven shortest within the limits)"
                ),
                _ => {
                    let c = shorter.expect("a shorter cook");
                    format!(
                        "shorter mate: at ply {}, {} mates in {} where the author's line takes {}",
                        c.ply,
                        move_at_ply(pos, line, c.ply, c.mv),
                        c.length,
                        c.remaining
                    )
                }
            };
        } else {
            finding.summary = format!("{}; {shortest}", finding.summary);
        }
        finding.solution = Some(sol);
    }
    finding.report = Some(report);
    Ok(finding)
}

/// The summary of a defence that is not the longest: `the author's
/// defence is not the longest: at ply 8, △同　金 (2e3e) is mated in 1
/// more ply, △同　桂 (2c3e) in 7; the author's line is not a forced mate
/// because of it`.
fn short_defence_summary(pos: &Position, line: &[Move], d: &ShortDefence) -> String {
    let author = move_at_ply(pos, line, d.ply, d.mv);
    let longest = move_at_ply(pos, line, d.ply, d.longest);
    let plies = |n: u32| {
        if n == 1 {
            "1 more ply".to_string()
        } else {
            format!("{n} more plies")
        }
    };
    let lasts = match d.longest_length {
        Some(n) => format!("{longest} in {}", n - 1),
        None => format!(
            "{longest} is not mated within {} more plies",
            d.length - 1 + tsumi_mate::report::HENCHOU_PLIES as u32
        ),
    };
    let consequence = if d.breaks_line {
        "the author's line is not a forced mate because of it".to_string()
    } else {
        format!(
            "the author's line still mates within its {} plies against it",
            line.len()
        )
    };
    format!(
        "the author's defence is not the longest: at ply {}, {author} is mated in {}, {lasts}; {consequence}",
        d.ply,
        plies(d.length - 1)
    )
}

/// The first defence of the author's line that is not the longest, as
/// `tsumi check --json` prints it: `{"ply", "defence", "length",
/// "longest", "longest_length", "breaks_line"}` (moves USI, lengths
/// counted from `ply`, the defence included; `longest_length` null when
/// that defence is not mated within the plies looked at).
#[derive(Clone, Debug, serde::Serialize)]
pub struct ShortDefenceRecord {
    /// The defender's ply (1-based).
    pub ply: u32,
    /// The author's defence there.
    pub defence: String,
    /// Its exact mate length from `ply`.
    pub length: u32,
    /// A longest defence there.
    pub longest: String,
    /// Its exact mate length from `ply`.
    pub longest_length: Option<u32>,
    /// The longest defence is not mated within the author's line: the
    /// line is not a forced mate because of the author's defence.
    pub breaks_line: bool,
}

impl ShortDefenceRecord {
    /// The record of `d`.
    pub fn new(d: &ShortDefence) -> ShortDefenceRecord {
        ShortDefenceRecord {
            ply: d.ply,
            defence: d.mv.to_usi(),
            length: d.length,
            longest: d.longest.to_usi(),
            longest_length: d.longest_length,
            breaks_line: d.breaks_line,
        }
    }
}

/// One author's line's verdict as `tsumi check --json` prints it:
/// `{"name", "sfen", "verdict", "summary", "ply", "author_length",
/// "shortest_length", "proven_shortest", "short_defence", "report"}`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CheckRecord {
    /// The problem's name.
    pub name: String,
    /// The position, SFEN.
    pub sfen: String,
    /// [`CheckVerdict::name`].
    pub verdict: &'static str,
    /// [`CheckFinding::summary`].
    pub summary: String,
    /// [`CheckFinding::ply`].
    pub ply: Option<u32>,
    /// The author's line's length.
    pub author_length: usize,
    /// [`CheckFinding::shortest`].
    pub shortest_length: Option<u32>,
    /// [`CheckFinding::proven`].
    pub proven_shortest: bool,
    /// [`CheckFinding::short_defence`] (null for other verdicts).
    pub short_defence: Option<ShortDefenceRecord>,
    /// The report along the author's line.
    pub report: Option<JsonReport>,
}

impl CheckRecord {
    /// The record of `finding` on the author's `line` of problem `name` at
    /// `pos`.
    pub fn new(name: &str, pos: &Position, line: &[Move], finding: &CheckFinding) -> CheckRecord {
        CheckRecord {
            name: name.to_string(),
            sfen: pos.to_sfen(),
            verdict: finding.verdict.name(),
            summary: finding.summary.clone(),
            ply: finding.ply,
            author_length: line.len(),
            shortest_length: finding.shortest,
            proven_shortest: finding.proven,
            short_defence: finding.short_defence.as_ref().map(ShortDefenceRecord::new),
            report: finding
                .report
                .as_ref()
                .map(|r| JsonReport::new(r, pos.side_to_move())),
        }
    }
}
