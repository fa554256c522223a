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
//! longest whose own line (built the same way) leaves no piece and that
//! is neither
//!
//! - a *spare-piece* (駒余り) variation: some shortest mate against it
//!   ends with a piece in the attacker's hand (the attacker playing only
//!   moves of a shortest mate, the defender only its longest replies;
//!   `search/spare_piece.rs`), even if another mate of that length
//!   leaves none; nor
//! - a *detour* (迂回) that declines a capture: its line reaches a
//!   position (board, both hands, side to move) that the line of a
//!   defence with a shorter mate reaches two plies sooner, and that
//!   shorter defence takes a piece this one does not take
//!   ([`crate::detour`]; a detour of another kind is followed);
//!
//! the longest of all when no defence will do. The attacker's choices are
//! unchanged, along the line itself too: a check that mates in the fewest
//! plies against every defence, the one leaving the fewest pieces among
//! those. The search, which proves that shortest length, is unchanged too:
//! only the line, and so the length the solver reports, differ (see
//! `search/principal_line.rs`); the proven length is reported beside it
//! (`longest_defence`, 変長).

use crate::useless::Interpositions;

/// The name of the defence choice that takes the defence going with the
/// interposition rule ([`Defence::for_rule`]): every front end's default
/// (see [`Defence::from_choice`]).
pub const AUTO_DEFENCE: &str = "auto";

/// How the principal line chooses among defences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Defence {
    /// The longest defence, fewest pieces left among equals (the exact
    /// value of the game; the convention of random-position sets).
    #[default]
    Longest,
    /// The longest defence whose line leaves the attacker no piece, when
    /// there is one, leaving aside spare-piece variations and detours
    /// that decline a capture (classic published solutions: a longer defence with pieces
    /// left over, or one that only declines a capture to make it later,
    /// is a 変長 variation or a detour, not the main line).
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
    pub fn for_rule(interpositions: Interpositions) -> Defence {
        match interpositions {
            Interpositions::SkipUseless => Defence::NoLeftover,
            Interpositions::CountAll => Defence::Longest,
        }
    }

    /// Parses a front end's choice under the rule `interpositions`:
    /// [`AUTO_DEFENCE`] (the defence that goes with the rule,
    /// [`Defence::for_rule`]) or a defence's name.
    pub fn from_choice(name: &str, interpositions: Interpositions) -> Option<Defence> {
        if name == AUTO_DEFENCE {
            return Some(Defence::for_rule(interpositions));
        }
        Defence::from_name(name)
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
