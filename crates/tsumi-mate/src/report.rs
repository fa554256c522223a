//! The soundness report of a mate line (余詰, 非限定, 変同, 駒余り), and
//! of a no-mate verdict.
//!
//! Everything here is settled by depth-bounded searches on the solver's
//! table, which still holds what the solve learnt, walking the main line
//! from the start. With `L` the line's length and `R = L - i` the plies
//! left at the node after `i` moves:
//!
//! - **Cooks** (余詰): at each attacker node, every other check whose
//!   position is mated within `R - 1` plies is a cook; its length `n`
//!   (counted from that node, the check included) is found by searching
//!   within ever shorter bounds until one fails, so it is exact. Checks
//!   that mate only in more than `R` plies are not looked for. At the
//!   last attacker move (`R = 1`) the other mates at once are the
//!   final move's alternatives (非限定).
//! - **Same-length defences** (変同): at each defender node, every other
//!   counted defence (under the 無駄合 rule, the interpositions the rule
//!   counts) that is mated within `R - 1` but not within `R - 3`: it lasts
//!   as long as the main line's. Its own line is built as the main line
//!   is (shortest mate, longest defence, fewest pieces left), with the
//!   pieces the attacker keeps at its end.
//! - **Longer defences**: a defence that is not mated within `R - 1` at
//!   all. Under [`Defence::Longest`] the solver's own line has none (its
//!   length is proven); an author's line can (its defence was not the
//!   longest). Under [`Defence::NoLeftover`] each gets its exact length
//!   and is a 変長 variation when its line, or some shortest mate against
//!   it, leaves the attacker a piece (駒余り), a detour (迂回) when its
//!   line reaches a position of the main line later than the main line
//!   does: the convention's line leaves both aside.
//! - **Whether the line ends in mate**: the final position is mated
//!   within 0 plies (checkmate, or under the rule a check answered only
//!   by useless interpositions).
//! - **Leftover pieces** (駒余り): the attacker's hand at the end of the
//!   line.
//! - **Refutations** of a no-mate verdict: for each first check, a
//!   defence that is proven not mated (read from the table when it is
//!   there, else searched), when there are at most [`MAX_REFUTED`] checks.
//!
//! A search that the limits stop leaves its item *unsettled*: it is listed
//! as such, never guessed. Every result that is listed is proven.

use crate::child::{Child, NO_REP};
use crate::config::{search_stack_bytes, MAX_PLY_LIMIT};
use crate::defence::Defence;
use crate::detour::{detour, DetourKind};
use crate::limits::{Budget, Limits, Phase};
use crate::search::context::Context;
use crate::search::principal_line::LineFailure;
use crate::search::spare_piece::SpareMemo;
use crate::search::walker::Walker;
use crate::search_thread;
use crate::solver::{SolveError, Solver, Verdict};
use crate::table::DEPTH_INF;
use crate::Solution;
use std::time::Duration;
use tsumi_core::{Hand, Move, MoveList, Position};

/// At most this many first checks get a refutation in a no-mate report.
pub const MAX_REFUTED: usize = 40;

/// Another check on the main line that also mates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cook {
    /// The attacker's ply on the main line (1-based) where the check
    /// could be played instead.
    pub ply: u32,
    /// The check.
    pub mv: Move,
    /// Its exact mate length, counted from `ply` (the check included).
    pub length: u32,
    /// The main line's plies from `ply` on: `length` at most this is a
    /// cook (less: a shorter mate than the line's).
    pub remaining: u32,
    /// The main line's final move: an alternative mate at once (非限定).
    pub is_final: bool,
}

/// A defender alternative on the main line that lasts as long as the main
/// line's defence (変同).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SameLengthDefence {
    /// The defender's ply on the main line (1-based).
    pub ply: u32,
    /// The defence.
    pub mv: Move,
    /// Its line: the defence, then a shortest mate against the longest
    /// defence (fewest pieces left among equals).
    pub line: Vec<Move>,
    /// The attacker's hand at the end of that line.
    pub leftover: Hand,
}

/// A defence on the main line that is not mated within the plies left
/// (the line's defence there was not the longest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LongerDefence {
    /// The defender's ply (1-based).
    pub ply: u32,
    /// The defence.
    pub mv: Move,
    /// Under [`Defence::NoLeftover`]: its exact mate length counted from
    /// `ply` (the defence included), when it was settled within the
    /// limits (searched up to [`HENCHOU_PLIES`] plies beyond the line's).
    pub length: Option<u32>,
    /// With `length`: the attacker's hand at the end of its line. Pieces
    /// left over make it a 変長 variation, which classic solutions do not
    /// follow; none make it a longer defence proper.
    pub leftover: Option<Hand>,
    /// With `length`: some shortest mate against it ends with a piece in
    /// the attacker's hand (`search/spare_piece.rs`), which makes it a 変長
    /// variation (駒余り) even when its line leaves none; `None` when not
    /// settled.
    pub spare_piece: Option<bool>,
    /// With `length`: its line is a detour (迂回, [`crate::detour`]) of the
    /// main line: it reaches the position the main line reaches after
    /// this ply (1-based), later.
    pub detour: Option<u32>,
    /// With `detour`: what kind of detour it is.
    pub detour_kind: Option<DetourKind>,
}

impl LongerDefence {
    /// A 変長 variation: longer than the line, but its own line leaves
    /// the attacker pieces, or some shortest mate against it does.
    pub fn is_henchou(&self) -> bool {
        self.leftover.is_some_and(|h| !h.is_empty()) || self.spare_piece == Some(true)
    }

    /// A detour (迂回): longer than the line only because its line comes
    /// round to a position of the main line later.
    pub fn is_detour(&self) -> bool {
        self.detour.is_some()
    }

    /// A detour that declines a capture the line makes and comes round to
    /// the line's position two plies later
    /// ([`DetourKind::DeclinedCapture`]).
    pub fn declines_capture(&self) -> bool {
        self.detour_kind == Some(DetourKind::DeclinedCapture)
    }

    /// A detour the convention sets aside ([`DetourKind::is_set_aside`]):
    /// it declines a capture the line makes, or it interposes where the
    /// line interposes elsewhere, and comes round to the line's position
    /// two plies later.
    pub fn is_set_aside_detour(&self) -> bool {
        self.detour_kind.is_some_and(DetourKind::is_set_aside)
    }

    /// A variation the convention sets aside ([`Defence::NoLeftover`]): a
    /// 変長 variation or a detour that declines a capture or interposes
    /// elsewhere, not a flaw of the line. A
    /// detour of another kind (a shuffle) is not set aside: the line
    /// follows it like any longer defence (`search/principal_line.rs` says
    /// why), so a line that takes the shorter defence instead is faulted
    /// there; [`LongerDefence::detour`] only says what it is.
    pub fn is_set_aside(&self) -> bool {
        self.is_henchou() || self.is_set_aside_detour()
    }
}

/// How many plies beyond the line's a longer defence's length is looked
/// for, under [`Defence::NoLeftover`].
pub const HENCHOU_PLIES: u16 = 40;

/// A first check of a problem with no mate, and a defence against it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// The check.
    pub check: Move,
    /// A defence proven not to be mated, or `None` when the limits ran
    /// out first.
    pub defence: Option<Move>,
}

/// What a report item is about, for the items left unsettled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// Whether a check is a cook.
    Cook,
    /// Whether a defence is longer or as long as the main line's.
    Defence,
    /// A same-length defence's own line.
    DefenceLine,
    /// A refutation of a first check.
    Refutation,
    /// Whether the line ends in mate.
    LineEnd,
}

impl Item {
    /// A short name: `cook`, `defence`, `defence-line`, `refutation`,
    /// `line-end`.
    pub fn name(self) -> &'static str {
        match self {
            Item::Cook => "cook",
            Item::Defence => "defence",
            Item::DefenceLine => "defence-line",
            Item::Refutation => "refutation",
            Item::LineEnd => "line-end",
        }
    }
}

/// A question the limits left open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsettled {
    /// The ply (1-based) of the move in question.
    pub ply: u32,
    /// The move.
    pub mv: Move,
    /// What was being decided.
    pub item: Item,
}

/// The soundness report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The main line's length in plies (0 for a no-mate report).
    pub plies: u32,
    /// Other checks that mate within the plies the main line has left,
    /// in line order.
    pub cooks: Vec<Cook>,
    /// Other defences that last as long as the main line's.
    pub same_length_defences: Vec<SameLengthDefence>,
    /// Defences that last longer than the line allows.
    pub longer_defences: Vec<LongerDefence>,
    /// The line ends in mate; `None` when that could not be settled.
    pub ends_in_mate: Option<bool>,
    /// The attacker's hand at the end of the main line (駒余り).
    pub leftover: Hand,
    /// For a no-mate verdict: a refutation of each first check (empty when
    /// there are more than [`MAX_REFUTED`] checks).
    pub refutations: Vec<Refutation>,
    /// For a no-mate verdict: the number of first checks.
    pub first_checks: usize,
    /// What the limits left open.
    pub unsettled: Vec<Unsettled>,
    /// Nodes the report searched.
    pub nodes: u64,
    /// Its wall-clock time.
    pub elapsed: Duration,
}

impl Report {
    fn empty(plies: u32) -> Report {
        Report {
            plies,
            cooks: Vec::new(),
            same_length_defences: Vec::new(),
            longer_defences: Vec::new(),
            ends_in_mate: None,
            leftover: Hand::EMPTY,
            refutations: Vec::new(),
            first_checks: 0,
            unsettled: Vec::new(),
            nodes: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// True when nothing was left unsettled.
    pub fn complete(&self) -> bool {
        self.unsettled.is_empty()
    }

    /// The line is proven a mate within its length against every defence
    /// but its 変長 variations and detours: it ends in mate, every other
    /// defence on it was searched and none lasts longer, unless it is a
    /// 変長 variation (mated, with pieces left over) or a detour (mated,
    /// coming round to the line's own position later). (Whether a shorter
    /// mate exists is the cooks' part.)
    pub fn proves_mate(&self) -> bool {
        self.plies > 0
            && self.ends_in_mate == Some(true)
            && self.longer_defences.iter().all(LongerDefence::is_set_aside)
            && !self
                .unsettled
                .iter()
                .any(|u| matches!(u.item, Item::Defence | Item::LineEnd))
    }

    /// The cooks proper: alternatives at a non-final ply that mate within
    /// the plies the line has left.
    pub fn real_cooks(&self) -> impl Iterator<Item = &Cook> {
        self.cooks.iter().filter(|c| !c.is_final)
    }

    /// The longer defences that are neither 変長 variations nor detours:
    /// the line's defence there was not the longest (or, for one whose
    /// length was not settled, not known to be).
    pub fn real_longer_defences(&self) -> impl Iterator<Item = &LongerDefence> {
        self.longer_defences.iter().filter(|d| !d.is_set_aside())
    }

    /// The final move's alternatives (非限定).
    pub fn final_alternatives(&self) -> impl Iterator<Item = &Cook> {
        self.cooks.iter().filter(|c| c.is_final)
    }
}

/// Why a line cannot be reported on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineProblem {
    /// The move at this ply (1-based) is not legal.
    Illegal {
        /// The ply.
        ply: u32,
        /// The move, in USI.
        mv: String,
    },
    /// The attacker's move at this ply does not give check.
    NoCheck {
        /// The ply.
        ply: u32,
        /// The move, in USI.
        mv: String,
    },
    /// The line has an even number of moves: it ends with the defender's
    /// move, not a mating check.
    EndsWithDefence,
    /// The line is empty.
    Empty,
}

impl std::fmt::Display for LineProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineProblem::Illegal { ply, mv } => write!(f, "ply {ply}: {mv} is not a legal move"),
            LineProblem::NoCheck { ply, mv } => {
                write!(f, "ply {ply}: the attacker's {mv} does not give check")
            }
            LineProblem::EndsWithDefence => {
                write!(f, "the line ends with a defender's move, not a check")
            }
            LineProblem::Empty => write!(f, "the line has no moves"),
        }
    }
}

/// Checks that `line` is a sequence of legal moves from `pos` in which
/// every attacker move checks and the last move is the attacker's. (Whether
/// it ends in mate is part of the report.)
pub fn check_line_shape(pos: &Position, line: &[Move]) -> Result<(), LineProblem> {
    if line.is_empty() {
        return Err(LineProblem::Empty);
    }
    let mut p = pos.clone();
    let attacker = pos.side_to_move();
    for (i, &m) in line.iter().enumerate() {
        let ply = i as u32 + 1;
        if !p.legal_moves().contains(m) {
            return Err(LineProblem::Illegal {
                ply,
                mv: m.to_usi(),
            });
        }
        if p.side_to_move() == attacker && !p.gives_check(m) {
            return Err(LineProblem::NoCheck {
                ply,
                mv: m.to_usi(),
            });
        }
        p.do_move(m);
    }
    if line.len().is_multiple_of(2) {
        return Err(LineProblem::EndsWithDefence);
    }
    Ok(())
}

impl Solver {
    /// The soundness report of a solution of `pos` (see the module
    /// documentation): for a mate, the report on its line; for a no-mate
    /// verdict, the refutations; `None` for an unknown verdict. Runs on
    /// the table of the solve that gave `sol` (call it right after), within
    /// `limits`.
    pub fn report(
        &mut self,
        pos: &Position,
        sol: &Solution,
        limits: &Limits,
    ) -> Result<Option<Report>, SolveError> {
        match sol.verdict {
            Verdict::Mate if !sol.pv.is_empty() => self.report_line(pos, &sol.pv, limits).map(Some),
            Verdict::NoMate => self.report_no_mate(pos, limits).map(Some),
            _ => Ok(None),
        }
    }

    /// The report on a mate line of `pos` given by its moves (the solver's
    /// or an author's), which must pass [`check_line_shape`]; a line that
    /// does not is an error ([`SolveError::BadLine`]).
    pub fn report_line(
        &mut self,
        pos: &Position,
        line: &[Move],
        limits: &Limits,
    ) -> Result<Report, SolveError> {
        check_line_shape(pos, line).map_err(|e| SolveError::BadLine(e.to_string()))?;
        let config = *self.config();
        let max_ply = config.max_ply;
        self.on_search_thread(pos, line.len() as u16 + 2, limits, |table, w| {
            let cx = Context::new(&*table, config);
            w.budget.phase = Phase::Line(line.len() as u32);
            let mut report = Report::empty(line.len() as u32);
            let r = walk(w, &cx, line, max_ply, &mut report);
            report.nodes = w.nodes;
            report.elapsed = w.budget.elapsed();
            r.map(|_| report)
        })
    }

    /// The report on a problem with no mate: a refuting defence for each
    /// first check.
    pub fn report_no_mate(
        &mut self,
        pos: &Position,
        limits: &Limits,
    ) -> Result<Report, SolveError> {
        let config = *self.config();
        let max_ply = config.max_ply;
        self.on_search_thread(pos, max_ply, limits, |table, w| {
            let cx = Context::new(&*table, config);
            let mut report = Report::empty(0);
            refute(w, &cx, max_ply, &mut report);
            report.nodes = w.nodes;
            report.elapsed = w.budget.elapsed();
            Ok(report)
        })
    }
}

impl Solver {
    /// The line of a move off a mate line, as the report lists it (a cook,
    /// or a longer defence with its length): from `pos`, the moves
    /// `prefix` (the line before the move's ply), then `mv`, then a
    /// shortest mate against the longest defence (fewest pieces left
    /// among equals), `length` plies in all from `mv` on. `None` when the
    /// limits ran out first. Built on the table as it stands: right after
    /// the report it holds most of what the line needs.
    pub fn variation_line(
        &mut self,
        pos: &Position,
        prefix: &[Move],
        mv: Move,
        length: u32,
        limits: &Limits,
    ) -> Result<Option<Vec<Move>>, SolveError> {
        let mut moves = prefix.to_vec();
        moves.push(mv);
        let Ok(rest) = u16::try_from(length.saturating_sub(1)) else {
            return Ok(None);
        };
        let config = *self.config();
        let max_ply = config.max_ply;
        let plies = (moves.len() as u16).saturating_add(rest).saturating_add(2);
        self.on_search_thread(pos, plies, limits, |table, w| {
            let cx = Context::new(&*table, config);
            w.budget.phase = Phase::Line(length);
            let entered = enter_line(w, &cx, &moves, max_ply.max(plies))?;
            let line = w.principal_line(&cx, rest, moves.len() as u16);
            for c in entered.iter().rev() {
                w.leave(c);
            }
            match line {
                Ok((mut line, _)) => {
                    line.insert(0, mv);
                    Ok(Some(line))
                }
                Err(LineFailure::Budget) => Ok(None),
                Err(LineFailure::Inconsistent) => Err(SolveError::Inconsistent),
            }
        })
    }
}

/// Whether the current node's child `c` is mated within `bound` plies and,
/// if so, its exact mate length (each shorter bound searched until one
/// fails). `Err(())` when the limits ran out.
fn exact_child_length(
    w: &mut Walker,
    cx: &Context,
    c: &Child,
    bound: u16,
    ply: u16,
) -> Result<Option<u16>, ()> {
    w.enter(c, ply);
    let mut r = w.settle(cx, bound, ply + 1);
    let out = loop {
        if !r.resolved() {
            break Err(());
        }
        if r.pn != 0 {
            break Ok(None);
        }
        let len = r.len;
        if len < 2 {
            break Ok(Some(len));
        }
        let shorter = w.settle(cx, len - 2, ply + 1);
        if !shorter.resolved() {
            break Err(());
        }
        if shorter.pn != 0 {
            break Ok(Some(len));
        }
        r = shorter;
    };
    w.leave(c);
    out
}

/// Walks `line` from the current node, filling `report`. The line is
/// played to its end first and its nodes are examined from the last one
/// back, so that what the later nodes proved is in the table when the
/// earlier, longer questions are asked: the defender's nodes in a first
/// pass (they decide whether the line is a mate against every defence),
/// the attacker's in a second (cooks), so that limits that end the
/// report early cut the cooks first.
fn walk(
    w: &mut Walker,
    cx: &Context,
    line: &[Move],
    max_ply: u16,
    report: &mut Report,
) -> Result<(), SolveError> {
    let l = line.len() as u16;
    let mut entered = enter_line(w, cx, line, max_ply)?;
    report.leftover = w.attacker_hand();
    let r = w.settle(cx, 0, l);
    if r.resolved() {
        report.ends_in_mate = Some(r.pn == 0);
    } else {
        report.unsettled.push(Unsettled {
            ply: l as u32,
            mv: line[line.len() - 1],
            item: Item::LineEnd,
        });
    }
    // First the defences, which decide whether the line is a mate at all,
    // then the other checks, from the end back each time.
    for or_nodes in [false, true] {
        if or_nodes {
            entered = enter_line(w, cx, line, max_ply)?;
        }
        for i in (0..line.len()).rev() {
            let c = entered.pop().expect("one entered child per move");
            w.leave(&c);
            if w.is_or() == or_nodes {
                examine_node(w, cx, &line[i..], i as u16, max_ply, report);
            }
        }
    }
    report.cooks.sort_by_key(|c| c.ply);
    report.same_length_defences.sort_by_key(|d| d.ply);
    report.longer_defences.sort_by_key(|d| d.ply);
    report.unsettled.sort_by_key(|u| u.ply);
    Ok(())
}

/// Plays `line` from the current node, returning the children entered.
fn enter_line(
    w: &mut Walker,
    cx: &Context,
    line: &[Move],
    max_ply: u16,
) -> Result<Vec<Child>, SolveError> {
    let l = line.len() as u16;
    let mut entered: Vec<Child> = Vec::new();
    for (i, &main) in line.iter().enumerate() {
        let ply = i as u16;
        let list = w.node_moves();
        let children = w.expand(cx, &list, (l - ply).min(max_ply), false);
        let Some(c) = children.iter().find(|c| c.mv == main).copied() else {
            for c in entered.iter().rev() {
                w.leave(c);
            }
            return Err(SolveError::BadLine(format!(
                "ply {}: {} is not among the node's moves",
                i + 1,
                main.to_usi()
            )));
        };
        w.enter(&c, ply);
        entered.push(c);
    }
    Ok(entered)
}

/// The alternatives to the first move of `rest` (the line from the
/// current node on, after `ply` moves of the line) at the current node.
fn examine_node(
    w: &mut Walker,
    cx: &Context,
    rest: &[Move],
    ply: u16,
    max_ply: u16,
    report: &mut Report,
) {
    let main = rest[0];
    let rem = rest.len() as u16;
    let k = ply as u32 + 1;
    let list = w.node_moves();
    let children = w.expand(cx, &list, rem.min(max_ply), false);
    if w.is_or() {
        for c in children.iter().filter(|c| c.mv != main) {
            match exact_child_length(w, cx, c, rem - 1, ply) {
                Err(()) => report.unsettled.push(Unsettled {
                    ply: k,
                    mv: c.mv,
                    item: Item::Cook,
                }),
                Ok(None) => {}
                Ok(Some(n)) => report.cooks.push(Cook {
                    ply: k,
                    mv: c.mv,
                    length: n as u32 + 1,
                    remaining: rem as u32,
                    is_final: rem == 1,
                }),
            }
        }
        return;
    }
    let others: Vec<Child> = children.iter().filter(|c| c.mv != main).copied().collect();
    let counted = if cx.skip_useless() {
        match w.counted_defences(cx, children, rem, ply) {
            Ok(v) => v.into_iter().filter(|c| c.mv != main).collect(),
            Err(_) => {
                for c in &others {
                    report.unsettled.push(Unsettled {
                        ply: k,
                        mv: c.mv,
                        item: Item::Defence,
                    });
                }
                Vec::new()
            }
        }
    } else {
        others
    };
    for c in &counted {
        let unsettled = Unsettled {
            ply: k,
            mv: c.mv,
            item: Item::Defence,
        };
        match w.child_mated_within(cx, c, rem - 1, ply) {
            None => {
                report.unsettled.push(unsettled);
                continue;
            }
            Some(false) => {
                let mut longer = LongerDefence {
                    ply: k,
                    mv: c.mv,
                    length: None,
                    leftover: None,
                    spare_piece: None,
                    detour: None,
                    detour_kind: None,
                };
                if cx.phase.config.defence == Defence::NoLeftover {
                    longer_line(w, cx, c, rest, ply, max_ply, &mut longer);
                }
                report.longer_defences.push(longer);
                continue;
            }
            Some(true) => {}
        }
        if rem >= 3 {
            match w.child_mated_within(cx, c, rem - 3, ply) {
                None => {
                    report.unsettled.push(unsettled);
                    continue;
                }
                Some(true) => continue,
                Some(false) => {}
            }
        }
        w.enter(c, ply);
        let sub = w.principal_line(cx, rem - 1, ply + 1);
        w.leave(c);
        match sub {
            Ok((mut sub_line, hand)) => {
                sub_line.insert(0, c.mv);
                report.same_length_defences.push(SameLengthDefence {
                    ply: k,
                    mv: c.mv,
                    line: sub_line,
                    leftover: hand,
                });
            }
            Err(_) => report.unsettled.push(Unsettled {
                item: Item::DefenceLine,
                ..unsettled
            }),
        }
    }
}

/// Fills in `longer` for defence `c`, not mated within the plies the line
/// `rest` (from the current node) has left after it: its exact length
/// (from the defence, included), the attacker's hand at the end of its
/// line, whether some shortest mate against it leaves a piece, and
/// whether its line is a detour of `rest`. What the limits (or
/// [`HENCHOU_PLIES`], or `max_ply`) leave unsettled stays `None`.
fn longer_line(
    w: &mut Walker,
    cx: &Context,
    c: &Child,
    rest: &[Move],
    ply: u16,
    max_ply: u16,
    longer: &mut LongerDefence,
) {
    let rem = rest.len() as u16;
    let top = (rem - 1 + HENCHOU_PLIES).min(max_ply);
    let mut b = rem + 1;
    while b <= top {
        match w.child_mated_within(cx, c, b, ply) {
            None => return,
            Some(false) => b += 2,
            Some(true) => break,
        }
    }
    if b > top {
        return;
    }
    longer.length = Some(b as u32 + 1);
    w.enter(c, ply);
    let sub = w.principal_line(cx, b, ply + 1);
    let spare = w.spare_piece_mate(cx, b, ply + 1, &mut SpareMemo::default());
    w.leave(c);
    longer.spare_piece = spare.flatten();
    if let Ok((mut line, hand)) = sub {
        longer.leftover = Some(hand);
        line.insert(0, c.mv);
        if let Some(d) = detour(&w.pos, &line, rest) {
            longer.detour = Some(ply as u32 + d.shorter_ply);
            longer.detour_kind = Some(d.kind);
        }
    }
}

/// Fills the refutations of a no-mate root.
fn refute(w: &mut Walker, cx: &Context, max_ply: u16, report: &mut Report) {
    let list = w.node_moves();
    report.first_checks = list.len();
    if list.len() > MAX_REFUTED {
        return;
    }
    let checks = w.expand(cx, &list, max_ply, false);
    for c in &checks {
        w.enter(c, 0);
        let mut evasions = MoveList::new();
        w.node_moves_into(&mut evasions);
        let replies = w.expand(cx, &evasions, max_ply - 1, false);
        // A defence the table already knows to hold, for good (not through
        // a repetition on this path).
        let mut defence = replies
            .iter()
            .find(|e| e.disproven() && e.rep == NO_REP && e.len == DEPTH_INF)
            .map(|e| e.mv);
        if defence.is_none() {
            for e in &replies {
                w.enter(e, 1);
                let r = w.settle(cx, max_ply - 2, 2);
                w.leave(e);
                if r.resolved() && r.dn == 0 && r.len >= max_ply - 2 {
                    defence = Some(e.mv);
                    break;
                }
            }
        }
        w.leave(c);
        if defence.is_none() {
            report.unsettled.push(Unsettled {
                ply: 1,
                mv: c.mv,
                item: Item::Refutation,
            });
        }
        report.refutations.push(Refutation {
            check: c.mv,
            defence,
        });
    }
}

/// Runs `f` with a stack for `plies` plies of search (on this thread when
/// it is a search thread with that much, else on one started for it),
/// with the solver's table and its walker, started at `pos` with a budget
/// for `limits`. The progress callback of [`Solver::set_progress`], if
/// any, receives the search's reports on the calling thread, as during a
/// solve.
impl Solver {
    pub(crate) fn on_search_thread<T: Send>(
        &mut self,
        pos: &Position,
        plies: u16,
        limits: &Limits,
        f: impl FnOnce(&mut crate::table::Table, &mut Walker) -> Result<T, SolveError> + Send,
    ) -> Result<T, SolveError> {
        let budget = Budget::start(limits, self.stop_flag());
        let plies = plies.max(self.config().max_ply).min(MAX_PLY_LIMIT);
        let mut progress = self.take_progress();
        let (table, w) = self.table_and_walker(pos, budget);
        if search_thread::fits(plies) {
            w.budget.progress = progress;
            let r = f(table, w);
            let progress = w.budget.progress.take();
            self.set_progress(progress);
            return r;
        }
        let stack = search_stack_bytes(plies);
        let rx = w.budget.progress_channel(progress.is_some());
        let r = std::thread::scope(|scope| {
            let worker = std::thread::Builder::new()
                .name("tsumi-report".to_string())
                .stack_size(stack)
                .spawn_scoped(scope, move || {
                    let r = f(table, w);
                    // Dropping the sender ends the caller's loop below.
                    w.budget.progress = None;
                    r
                })
                .map_err(|e| SolveError::Thread(e.to_string()))?;
            if let Some(report) = progress.as_mut() {
                for p in rx {
                    report(&p);
                }
            }
            worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        self.set_progress(progress);
        r
    }
}
