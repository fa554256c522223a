//! The first defence of a line that is not the longest (report code, for
//! checking an author's solution).
//!
//! The soundness report ([`crate::report`]) compares each defence with the
//! plies the line has left after it, which is right for the solver's own
//! line but blames the wrong ply on an author's line that goes wrong
//! later: an early defence that is the longest looks short beside a
//! continuation that is itself too short. Here each of the line's
//! defences is compared with the longest defence at its ply by their true
//! mate lengths, under the solver's rule:
//!
//! - the author's defence's exact mate length is found from the position
//!   after it (the attacker's best play, whatever the author's line plays
//!   next);
//! - every other defence that counts (under the 無駄合 rule, not a useless
//!   interposition) is asked whether it is mated within that length; one
//!   that is not lasts longer, and its own exact length is found (up to
//!   [`HENCHOU_PLIES`] plies beyond);
//! - under [`Defence::NoLeftover`] lengths are those of the lines the
//!   rule follows (through the defences that leave the attacker no piece,
//!   as the solver's line), and a longer defence whose line, or some
//!   shortest mate against it, leaves pieces over (変長) does not count
//!   against an author's defence whose line leaves none, nor does an
//!   detour of the author's line that the convention sets aside (one that
//!   declines a capture or interposes elsewhere: `detour.rs`).
//!
//! The first ply where the author's defence is mated sooner than a longer
//! one is the one at fault.

use crate::child::Child;
use crate::defence::Defence;
use crate::detour::detour;
use crate::limits::{Limits, Phase};
use crate::report::{check_line_shape, HENCHOU_PLIES};
use crate::search::context::Context;
use crate::search::spare_piece::SpareMemo;
use crate::search::walker::Walker;
use crate::solver::{SolveError, Solver};
use tsumi_core::{Move, Position};

/// A defence of the line that a longer one shows up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortDefence {
    /// The defender's ply (1-based).
    pub ply: u32,
    /// The line's defence there.
    pub mv: Move,
    /// Its mate length, counted from `ply` (the defence included): the
    /// exact length, or under [`Defence::NoLeftover`] the length of the
    /// line that prefers defences leaving no piece (as the solver's line).
    pub length: u32,
    /// A longest defence at that ply.
    pub longest: Move,
    /// Its mate length, counted alike; `None` when it is not mated within
    /// [`HENCHOU_PLIES`] plies beyond the line's.
    pub longest_length: Option<u32>,
    /// The line's plies from `ply` on.
    pub remaining: u32,
    /// The longer defence is not mated within the plies the line has
    /// left: the line is not a forced mate because of this defence.
    pub breaks_line: bool,
}

/// What the scan of a line's defences found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DefenceScan {
    /// Every defence of the line is a longest one.
    AllLongest,
    /// The first defence that is not.
    Short(ShortDefence),
    /// The limits ended the scan at this defender's ply (1-based), before
    /// it was settled; the plies before it were all longest defences.
    Unsettled(u32),
}

impl Solver {
    /// Scans the defences of `line` (a line of checks and replies from
    /// `pos`, as [`check_line_shape`] requires) for the first one that is
    /// not a longest defence, by the true mate lengths under the solver's
    /// rule (see the module notes). Runs on the solver's table (after a
    /// report on the same line, much of it is known) within `limits`.
    pub fn first_short_defence(
        &mut self,
        pos: &Position,
        line: &[Move],
        limits: &Limits,
    ) -> Result<DefenceScan, SolveError> {
        check_line_shape(pos, line).map_err(|e| SolveError::BadLine(e.to_string()))?;
        let config = *self.config();
        self.on_search_thread(pos, line.len() as u16 + 2, limits, |table, w| {
            let cx = Context::new(&*table, config);
            w.budget.phase = Phase::Line(line.len() as u32);
            scan(w, &cx, line, config.ply_limit())
        })
    }
}

/// The scan, from the root of `line`.
fn scan(
    w: &mut Walker,
    cx: &Context,
    line: &[Move],
    max_ply: u16,
) -> Result<DefenceScan, SolveError> {
    let mut entered: Vec<Child> = Vec::new();
    let mut found = DefenceScan::AllLongest;
    for (i, &main) in line.iter().enumerate() {
        let ply = i as u16;
        let room = max_ply.saturating_sub(ply).max(1);
        let list = w.node_moves();
        let children = w.expand(cx, &list, room, false);
        let Some(c) = children.iter().find(|c| c.mv == main).copied() else {
            found = DefenceScan::Unsettled(i as u32 + 1);
            break;
        };
        if !w.is_or() {
            match examine(w, cx, &c, children, &line[i..], ply, max_ply) {
                Ok(None) => {}
                Ok(Some(short)) => {
                    found = DefenceScan::Short(short);
                    break;
                }
                Err(()) => {
                    found = DefenceScan::Unsettled(i as u32 + 1);
                    break;
                }
            }
        }
        w.enter(&c, ply);
        entered.push(c);
    }
    for c in entered.iter().rev() {
        w.leave(c);
    }
    Ok(found)
}

/// At a defender's node on the line (`ply` moves in, `rest` the line's
/// plies from here, its defence `main` first): whether `main` is mated
/// sooner than another of `children`. `Err` when the limits ran out
/// first.
fn examine(
    w: &mut Walker,
    cx: &Context,
    main: &Child,
    children: Vec<Child>,
    rest: &[Move],
    ply: u16,
    max_ply: u16,
) -> Result<Option<ShortDefence>, ()> {
    let rem = rest.len() as u16;
    let cap = (rem - 1 + HENCHOU_PLIES).min(max_ply.saturating_sub(ply + 1));
    // The author's defence's exact length after it; not mated within the
    // cap: no defence there lasts longer than it, as far as is looked.
    let Some(exact) = exact_after(w, cx, main, rem - 1, cap, ply)? else {
        return Ok(None);
    };
    let (mine, mine_clean, _) = rule_line(w, cx, main, exact, ply)?;
    let counted: Vec<Child> = if cx.skip_useless() {
        w.counted_defences(cx, children, exact + 1, ply)
            .map_err(|_| ())?
    } else {
        children
    };
    // The longest defence that outlasts the author's: its move, its
    // length under the rule (None: not mated within the cap), its exact
    // length.
    let mut longest: Option<(Move, Option<u16>, Option<u16>)> = None;
    for c in counted.iter().filter(|c| c.mv != main.mv) {
        match w.child_mated_within(cx, c, mine, ply) {
            None => return Err(()),
            Some(true) => continue,
            Some(false) => {}
        }
        let length = exact_after(w, cx, c, mine + 2, cap.max(mine + 2), ply)?;
        let rule_length = match length {
            None => None,
            Some(b) => {
                let (n, clean, line) = rule_line(w, cx, c, b, ply)?;
                // A detour of the author's line that the convention sets
                // aside is set aside as the solver's line sets it aside
                // (`detour.rs`).
                let set_aside = clean
                    && line.as_deref().is_some_and(|l| {
                        detour(&w.pos, l, rest).is_some_and(|d| d.kind.is_set_aside())
                    });
                let outlasts = if set_aside {
                    false
                } else if clean {
                    n > mine
                } else {
                    // 変長: longer, but its line leaves pieces over; it is
                    // the line to follow only when the author's leaves
                    // pieces too and is shorter.
                    !mine_clean && b > exact
                };
                if !outlasts {
                    continue;
                }
                Some(if clean { n } else { b })
            }
        };
        let longer = match (&longest, rule_length) {
            (None, _) => true,
            (Some((_, Some(best), _)), Some(n)) => n > *best,
            (Some((_, Some(_), _)), None) => true,
            (Some((_, None, _)), _) => false,
        };
        if longer {
            longest = Some((c.mv, rule_length, length));
        }
    }
    Ok(longest.map(|(mv, rule_length, length)| ShortDefence {
        ply: ply as u32 + 1,
        mv: main.mv,
        length: mine as u32 + 1,
        longest: mv,
        longest_length: rule_length.map(|b| b as u32 + 1),
        remaining: rem as u32,
        breaks_line: length.is_none_or(|b| b > rem - 1),
    }))
}

/// The length (after it) of the line the solver's rule follows through
/// defence `c`, whose exact length after it is `exact`, and whether that
/// line leaves the attacker no piece: under [`Defence::Longest`] the
/// exact length; under [`Defence::NoLeftover`] the line that prefers the
/// defences leaving no piece (`Walker::principal_line`), which may be
/// shorter, and it counts as leaving a piece when some shortest mate
/// against `c` does (`search/spare_piece.rs`); and under
/// [`Defence::NoLeftover`] the line itself, `c` first.
fn rule_line(
    w: &mut Walker,
    cx: &Context,
    c: &Child,
    exact: u16,
    ply: u16,
) -> Result<(u16, bool, Option<Vec<Move>>), ()> {
    if cx.phase.config.defence != Defence::NoLeftover {
        return Ok((exact, true, None));
    }
    w.enter(c, ply);
    let sub = w.principal_line(cx, exact, ply + 1);
    // A 駒余り variation: some shortest mate against it leaves a piece.
    let spare = w.spare_piece_mate(cx, exact, ply + 1, &mut SpareMemo::default());
    w.leave(c);
    match (sub, spare) {
        (Ok((mut line, hand)), Some(spare)) => {
            let clean = hand.is_empty() && spare != Some(true);
            let n = line.len() as u16;
            line.insert(0, c.mv);
            Ok((n, clean, Some(line)))
        }
        _ => Err(()),
    }
}

/// The exact mate length of defence `c` counted after it (the attacker to
/// move), looked for from `guess` down or up to `cap`: `None` when it is
/// not mated within `cap`, `Err` when the limits ran out.
fn exact_after(
    w: &mut Walker,
    cx: &Context,
    c: &Child,
    guess: u16,
    cap: u16,
    ply: u16,
) -> Result<Option<u16>, ()> {
    // Mates after a defence have an odd length.
    let guess = if guess.is_multiple_of(2) {
        guess + 1
    } else {
        guess
    };
    match w.child_mated_within(cx, c, guess, ply) {
        None => Err(()),
        Some(true) => {
            let mut b = guess;
            while b >= 3 {
                match w.child_mated_within(cx, c, b - 2, ply) {
                    None => return Err(()),
                    Some(true) => b -= 2,
                    Some(false) => break,
                }
            }
            Ok(Some(b))
        }
        Some(false) => {
            let mut b = guess + 2;
            while b <= cap {
                match w.child_mated_within(cx, c, b, ply) {
                    None => return Err(()),
                    Some(true) => return Ok(Some(b)),
                    Some(false) => b += 2,
                }
            }
            Ok(None)
        }
    }
}
