//! The soundness report as the page shows it, beside the board: every
//! item with its ply and its move in Japanese, and a line to play for
//! each (a same-length defence's line, a refutation's check and defence;
//! a cook's mate and a longer defence's line in [`ReportLines`]). The
//! items and their lengths are the solver's report; the lines of cooks and
//! longer defences are built after it by [`tsumi_answer::variation_lines`]
//! (as `tsumi solve --report` builds them), and sent after the answer.

use crate::board::cell;
use crate::job::JobContext;
use crate::lines::{japanese, line_view, LineView};
use serde::Serialize;
use tsumi_answer::hands::kanji_hand;
use tsumi_answer::report_text::{positions_along, summary};
use tsumi_answer::variation_lines::{variation_lines, LineBudget, VariationLines};
use tsumi_core::{Move, Position};
use tsumi_mate::report::{Report, MAX_REFUTED};
use tsumi_mate::Solver;

/// A move of the report: its ply, its text and its cells.
#[derive(Clone, Debug, Serialize)]
pub struct MoveRef {
    /// The ply (1-based) on the line the report is about.
    pub ply: u32,
    /// USI.
    pub usi: String,
    /// Japanese.
    pub ja: String,
    /// The cell it leaves (none for a drop).
    pub from: Option<[u8; 2]>,
    /// The cell it goes to.
    pub to: [u8; 2],
}

impl MoveRef {
    /// `m` at `ply`, played at `pos` after a move to `prev_to`.
    pub fn new(ply: u32, pos: &Position, m: Move, prev_to: Option<tsumi_core::Square>) -> MoveRef {
        MoveRef {
            ply,
            usi: m.to_usi(),
            ja: japanese(pos, m, prev_to),
            from: m.from().map(cell),
            to: cell(m.to()),
        }
    }
}

/// A cook (余詰), a shorter mate, or at the last move an alternative mate
/// (非限定).
#[derive(Debug, Serialize)]
pub struct CookView {
    #[serde(flatten)]
    at: MoveRef,
    /// Its exact mate length, from its ply on.
    length: u32,
    /// The plies the line has left from that ply.
    remaining: u32,
    /// At the last move: 非限定.
    #[serde(rename = "final")]
    is_final: bool,
    /// Shorter than the line.
    shorter: bool,
}

/// A same-length defence (変同).
#[derive(Debug, Serialize)]
pub struct SameLengthView {
    #[serde(flatten)]
    at: MoveRef,
    /// Pieces left at the end of its line, in kanji.
    leftover: String,
    line: LineView,
}

/// A defence that lasts longer than the line: 変長 when its line (or some
/// shortest mate against it) leaves pieces, a detour (迂回) when its line
/// comes round to a position of the main line later by declining a
/// capture the line makes (set aside as the 変長 are), else a flaw of the
/// line.
#[derive(Debug, Serialize)]
pub struct LongerView {
    #[serde(flatten)]
    at: MoveRef,
    length: Option<u32>,
    leftover: Option<String>,
    henchou: bool,
    /// For a detour the convention sets aside (it declines a capture or
    /// interposes where the line interposes elsewhere): the main line's ply whose position its line
    /// reaches later.
    detour: Option<u32>,
}

/// A first check of a problem with no mate, and its refutation.
#[derive(Debug, Serialize)]
pub struct RefutationView {
    check: MoveRef,
    /// The refuting defence in Japanese (none when not found within the
    /// limits).
    defence: Option<String>,
    line: LineView,
}

/// A question left open.
#[derive(Debug, Serialize)]
pub struct UnsettledView {
    #[serde(flatten)]
    at: MoveRef,
    item: &'static str,
}

/// The report as the page shows it.
#[derive(Debug, Serialize)]
pub struct ReportView {
    /// One line in English (`tsumi solve --report`'s).
    summary: String,
    complete: bool,
    ends_in_mate: Option<bool>,
    /// Pieces left at the end of the line, in kanji.
    leftover: String,
    cooks: Vec<CookView>,
    same_length: Vec<SameLengthView>,
    longer: Vec<LongerView>,
    refutations: Vec<RefutationView>,
    first_checks: usize,
    /// More first checks than are refuted one by one.
    too_many_checks: bool,
    unsettled: Vec<UnsettledView>,
}

/// The lines of the report's cooks and longer defences, in the report's
/// order: none where a line could not be built within the limits (or a
/// longer defence has no length).
#[derive(Debug, Serialize)]
pub struct ReportLines {
    cooks: Vec<Option<LineView>>,
    longer: Vec<Option<LineView>>,
}

impl ReportLines {
    /// No line for any of `r`'s cooks and longer defences (none was built).
    pub fn unbuilt(r: &Report) -> ReportLines {
        ReportLines {
            cooks: r.cooks.iter().map(|_| None).collect(),
            longer: r.longer_defences.iter().map(|_| None).collect(),
        }
    }
}

/// The moves of `line` from `start` as the report names them.
struct Along<'a> {
    positions: Vec<Position>,
    line: &'a [Move],
}

impl<'a> Along<'a> {
    fn new(start: &Position, line: &'a [Move]) -> Along<'a> {
        Along {
            positions: positions_along(start, line),
            line,
        }
    }

    fn at(&self, ply: u32, m: Move) -> MoveRef {
        MoveRef::new(ply, &self.positions[ply as usize - 1], m, self.prev_to(ply))
    }

    fn prev_to(&self, ply: u32) -> Option<tsumi_core::Square> {
        (ply > 1).then(|| self.line[ply as usize - 2].to())
    }

    /// A line of `moves` played at `ply` instead of the line's move.
    fn view(&self, ply: u32, moves: &[Move]) -> LineView {
        line_view(
            &self.positions[ply as usize - 1],
            moves,
            ply,
            self.prev_to(ply),
        )
    }
}

/// The view of `r`, the report on `line` from `start`.
pub fn report_view(start: &Position, line: &[Move], r: &Report) -> ReportView {
    let along = Along::new(start, line);
    let cooks = r
        .cooks
        .iter()
        .map(|c| CookView {
            at: along.at(c.ply, c.mv),
            length: c.length,
            remaining: c.remaining,
            is_final: c.is_final,
            shorter: c.length < c.remaining,
        })
        .collect();
    let longer = r
        .longer_defences
        .iter()
        .map(|d| LongerView {
            at: along.at(d.ply, d.mv),
            length: d.length,
            leftover: d.leftover.map(kanji_hand),
            henchou: d.is_henchou(),
            detour: d
                .detour
                .filter(|_| d.is_set_aside_detour() && !d.is_henchou()),
        })
        .collect();
    let same_length = r
        .same_length_defences
        .iter()
        .map(|d| SameLengthView {
            at: along.at(d.ply, d.mv),
            leftover: kanji_hand(d.leftover),
            line: along.view(d.ply, &d.line),
        })
        .collect();
    let refutations = r
        .refutations
        .iter()
        .map(|f| {
            let moves: Vec<Move> = std::iter::once(f.check).chain(f.defence).collect();
            let line = line_view(start, &moves, 1, None);
            RefutationView {
                check: along.at(1, f.check),
                defence: f.defence.and(line.steps.get(1).map(|s| s.ja.clone())),
                line,
            }
        })
        .collect();
    let unsettled = r
        .unsettled
        .iter()
        .map(|u| UnsettledView {
            at: along.at(u.ply, u.mv),
            item: u.item.name(),
        })
        .collect();
    ReportView {
        summary: summary(r),
        complete: r.complete(),
        ends_in_mate: r.ends_in_mate,
        leftover: kanji_hand(r.leftover),
        cooks,
        same_length,
        longer,
        refutations,
        first_checks: r.first_checks,
        too_many_checks: r.plies == 0 && r.first_checks > MAX_REFUTED,
        unsettled,
    }
}

/// The lines of `r`'s cooks and longer defences (`r` is the report on
/// `line` from `start`), built on `solver` right after the report, whose
/// table it still holds, as `tsumi solve --report` builds them
/// ([`tsumi_answer::variation_lines`]); Stop ends the building too.
pub fn report_lines(
    solver: &mut Solver,
    start: &Position,
    line: &[Move],
    r: &Report,
    ctx: &JobContext,
) -> (ReportLines, VariationLines) {
    let built = variation_lines(solver, start, line, r, &LineBudget::default(), &|| {
        ctx.stopped()
    });
    (lines_view(start, line, r, &built), built)
}

/// The view of the lines `built` for `r`'s cooks and longer defences
/// (`r` is the report on `line` from `start`), as the page names them.
pub fn lines_view(
    start: &Position,
    line: &[Move],
    r: &Report,
    built: &VariationLines,
) -> ReportLines {
    let along = Along::new(start, line);
    let view = |items: &[(u32, Option<Vec<Move>>)]| {
        items
            .iter()
            .map(|(ply, l)| l.as_ref().map(|l| along.view(*ply, l)))
            .collect()
    };
    let cooks: Vec<_> = r
        .cooks
        .iter()
        .map(|c| c.ply)
        .zip(built.cooks.iter().cloned())
        .collect();
    let longer: Vec<_> = r
        .longer_defences
        .iter()
        .map(|d| d.ply)
        .zip(built.longer.iter().cloned())
        .collect();
    ReportLines {
        cooks: view(&cooks),
        longer: view(&longer),
    }
}
