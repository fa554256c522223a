//! Which defence the principal line follows: the longest, or the longest
//! that leaves the attacker no piece (変長, the classic convention).
//!
//! Tsume rules make the defender choose the longest defence and, among
//! equally long ones, the one that leaves the attacker no piece in hand at
//! the end. A *variation longer than the main line* (変化長手数, 変長) is
//! a defence that lasts longer than the author's line but ends with
//! pieces left over; classic works admitted them freely (modern practice
//! tolerated two plies for a while and now counts any as a flaw), and
//! their published solutions follow the defence that uses up the
//! attacker's pieces. [`Defence::NoLeftover`] builds the line that way:
//! at each defender node, among the defences the 無駄合 rule counts, the
//! longest whose own line (built the same way) leaves no piece; the
//! longest of all when every one leaves pieces. The attacker's choices
//! are unchanged: a check that mates in the fewest plies against every
//! defence. The search, which proves that shortest length, is unchanged
//! too: only the line, and so the length the solver reports, differ.

use crate::line::{LineFailure, LineMemo};
use crate::search::{Child, Search};
use tsumi_core::{Hand, Move};

/// How the principal line chooses among defences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Defence {
    /// The longest defence, fewest pieces left among equals (the exact
    /// value of the game; the convention of random-position sets).
    #[default]
    Longest,
    /// The longest defence whose line leaves the attacker no piece, when
    /// there is one (classic published solutions: a longer defence with
    /// pieces left over is a 変長 variation, not the main line).
    NoLeftover,
}

impl Defence {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Defence::Longest => "longest",
            Defence::NoLeftover => "no-leftover",
        }
    }

    /// The defence that goes with an interposition rule when none is
    /// chosen: the published conventions ([`Defence::NoLeftover`]) with
    /// the 無駄合 rule, the exact value ([`Defence::Longest`]) when every
    /// interposition counts.
    pub fn for_rule(interpositions: crate::Interpositions) -> Defence {
        match interpositions {
            crate::Interpositions::SkipUseless => Defence::NoLeftover,
            crate::Interpositions::CountAll => Defence::Longest,
        }
    }

    /// Parses a command-line name.
    pub fn from_name(name: &str) -> Option<Defence> {
        match name {
            "longest" => Some(Defence::Longest),
            "no-leftover" => Some(Defence::NoLeftover),
            _ => None,
        }
    }
}

impl Search<'_> {
    /// Under [`Defence::NoLeftover`], the line from an AND node of exact
    /// length `n` through the defences the rule counts (`children`, each
    /// mated within `n - 1`): the longest line that leaves the attacker
    /// no piece, else the best line of a longest defence (fewest pieces
    /// left). A defence's line is built by the same rule, so it may be
    /// shorter than the defence's exact length; defences are taken from
    /// the longest down and the search stops when no later one can give a
    /// longer line than the best found.
    pub(crate) fn no_leftover_line(
        &mut self,
        children: &[Child],
        n: u16,
        ply: u16,
        memo: &mut LineMemo,
        effort: &mut u32,
    ) -> Result<Option<(u32, Hand, Vec<Move>)>, LineFailure> {
        // The exact length of each child (an OR node): the least bound
        // within which it is mated.
        let mut by_length: Vec<(u16, Child)> = Vec::with_capacity(children.len());
        for c in children {
            let mut k = n - 1;
            while k >= 3 {
                match self.child_mated_within(c, k - 2, ply) {
                    None => return Err(LineFailure::Budget),
                    Some(true) => k -= 2,
                    Some(false) => break,
                }
            }
            by_length.push((k, *c));
        }
        by_length.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
        let longest = by_length.first().map_or(0, |&(k, _)| k);
        let mut clean: Option<(u32, Hand, Vec<Move>)> = None;
        let mut fallback: Option<(u32, Hand, Vec<Move>)> = None;
        for (k, c) in by_length {
            // A line through this defence has at most k + 1 plies.
            if clean.as_ref().is_some_and(|l| l.2.len() > k as usize) {
                break;
            }
            if self.line_effort_spent(*effort) && (clean.is_some() || fallback.is_some()) {
                break;
            }
            let mut found = None;
            self.consider(&c, k + 1, ply, memo, effort, &mut found)?;
            let Some(line) = found else { continue };
            if line.0 == 0 {
                if clean.as_ref().map_or(true, |l| line.2.len() > l.2.len()) {
                    clean = Some(line);
                }
            } else if k == longest && fallback.as_ref().map_or(true, |f| line.0 < f.0) {
                fallback = Some(line);
            }
        }
        Ok(clean.or(fallback))
    }
}
