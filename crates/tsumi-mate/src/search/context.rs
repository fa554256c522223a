//! What one phase of a solve searches with, read only: the table, the
//! settings of that phase (the rule interpositions are counted under, the
//! defence a line follows, the algorithm, the threads), its node cap and
//! which choices a parallel search's busy marks steer, and how long its
//! search dives.
//! The walker's budget ([`crate::limits`]) counts the nodes against the
//! solve's limits and the cap of the phase it is in.
//!
//! A phase that searches under other settings than the solve's (the first
//! mate under the 無駄合 rule is looked for counting every interposition,
//! a kept mate's line is read under the convention it was proven in, the
//! line of the longest defence comes first) or within a cap of its own
//! gets a context of its own, built for it ([`Context::with_rule`],
//! [`Context::with_defence`], [`Context::on_table`], [`Context::capped`],
//! [`Context::steering`], [`Context::diving`],
//! [`Context::chaining_across`]): nothing is changed in
//! place and put back.

use crate::busy::Steer;
use crate::config::SolverConfig;
use crate::defence::Defence;
use crate::table::Table;
use crate::useless::Interpositions;

/// Everything one phase of a solve searches with but its table: its
/// settings, its node cap, which choices a parallel search's busy marks
/// steer and how long its search dives. A parallel search hands it to its
/// helpers as one value.
#[derive(Clone, Copy)]
pub(crate) struct Phase {
    /// The phase's settings.
    pub config: SolverConfig,
    /// The node count at which the phase's searches stop, below the
    /// solve's own limits (`u64::MAX`: none): the first mate's allowance
    /// on the small table, each shortening step's under
    /// [`crate::Shortest::Quick`], a line's grace nodes.
    pub cap: u64,
    /// Which choices a parallel search's busy marks steer in this phase
    /// ([`crate::busy`]): the defences while the first mate is looked
    /// for, the checks after.
    pub steer: Steer,
    /// The walker's node count below which this phase's deep AND nodes
    /// are damped from [`crate::and_cap::DIVE_CAP`] (0: never): a first
    /// mate's dive.
    pub dive: u64,
    /// Whether an AND node's drops, when all of one kind, are chained
    /// across the squares no defender guards ([`crate::chain`]): while
    /// the first mate is looked for.
    pub across: bool,
}

/// The table and the [`Phase`] of one phase of a solve, shared read only
/// by every walker (thread) of that phase.
#[derive(Clone, Copy)]
pub(crate) struct Context<'t> {
    /// The table.
    pub tt: &'t Table,
    /// What the phase searches with.
    pub phase: Phase,
}

impl<'t> Context<'t> {
    /// A phase on `tt` with the settings `config`.
    pub(crate) fn new(tt: &'t Table, config: SolverConfig) -> Context<'t> {
        Context {
            tt,
            phase: Phase {
                config,
                cap: u64::MAX,
                steer: Steer::Checks,
                dive: 0,
                across: false,
            },
        }
    }

    /// The phase `phase` on `tt` (a parallel search's helper joining it).
    pub(crate) fn of_phase(tt: &'t Table, phase: Phase) -> Context<'t> {
        Context { tt, phase }
    }

    /// This context with its phase changed by `f`.
    fn with(&self, f: impl FnOnce(&mut Phase)) -> Context<'t> {
        let mut phase = self.phase;
        f(&mut phase);
        Context { tt: self.tt, phase }
    }

    /// This phase's context with its searches stopping at `nodes` nodes
    /// (or at the solve's own limits if they come first).
    pub(crate) fn capped(&self, nodes: u64) -> Context<'t> {
        self.with(|p| p.cap = nodes)
    }

    /// This phase's context with interpositions counted under `rule`.
    pub(crate) fn with_rule(&self, rule: Interpositions) -> Context<'t> {
        self.with(|p| p.config.interpositions = rule)
    }

    /// This phase's context with lines following `defence`.
    pub(crate) fn with_defence(&self, defence: Defence) -> Context<'t> {
        self.with(|p| p.config.defence = defence)
    }

    /// This phase's context with a parallel search's busy marks steering
    /// the choices `steer` says.
    pub(crate) fn steering(&self, steer: Steer) -> Context<'t> {
        self.with(|p| p.steer = steer)
    }

    /// This phase's context diving for the walker's first `nodes` nodes
    /// (see [`crate::and_cap`]).
    pub(crate) fn diving(&self, nodes: u64) -> Context<'t> {
        self.with(|p| p.dive = nodes)
    }

    /// This phase's context with drops of one kind chained across
    /// unguarded squares (see [`crate::chain`]).
    pub(crate) fn chaining_across(&self) -> Context<'t> {
        self.with(|p| p.across = true)
    }

    /// This phase's context on the table `tt`.
    pub(crate) fn on_table<'u>(&self, tt: &'u Table) -> Context<'u> {
        Context {
            tt,
            phase: self.phase,
        }
    }

    /// How interpositions count in this phase.
    #[inline]
    pub(crate) fn rule(&self) -> Interpositions {
        self.phase.config.interpositions
    }

    /// True when the 無駄合 rule is on in this phase.
    #[inline]
    pub(crate) fn skip_useless(&self) -> bool {
        self.phase.config.skip_useless()
    }
}
