//! What one phase of a solve searches with, read only: the table, the
//! settings of that phase (the rule interpositions are counted under, the
//! defence a line follows, the algorithm, the threads), its node cap and
//! which choices a parallel search's busy marks steer.
//! The walker's budget ([`crate::limits`]) counts the nodes against the
//! solve's limits and the cap of the phase it is in.
//!
//! A phase that searches under other settings than the solve's (the first
//! mate under the 無駄合 rule is looked for counting every interposition,
//! a kept mate's line is read under the convention it was proven in, the
//! line of the longest defence comes first) or within a cap of its own
//! gets a context of its own, built for it ([`Context::with_rule`],
//! [`Context::with_defence`], [`Context::on_table`], [`Context::capped`],
//! [`Context::steering`]): nothing is changed in place and put back.

use crate::busy::Steer;
use crate::config::SolverConfig;
use crate::defence::Defence;
use crate::table::Table;
use crate::useless::Interpositions;

/// The table, the settings and the node cap of one phase of a solve,
/// shared read only by every walker (thread) of that phase.
#[derive(Clone, Copy)]
pub(crate) struct Context<'t> {
    /// The table.
    pub tt: &'t Table,
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
}

impl<'t> Context<'t> {
    /// A phase on `tt` with the settings `config`.
    pub(crate) fn new(tt: &'t Table, config: SolverConfig) -> Context<'t> {
        Context {
            tt,
            config,
            cap: u64::MAX,
            steer: Steer::Checks,
        }
    }

    /// This phase's context with its searches stopping at `nodes` nodes
    /// (or at the solve's own limits if they come first).
    pub(crate) fn capped(&self, nodes: u64) -> Context<'t> {
        Context {
            cap: nodes,
            ..*self
        }
    }

    /// This phase's context with interpositions counted under `rule`.
    pub(crate) fn with_rule(&self, rule: Interpositions) -> Context<'t> {
        Context {
            config: SolverConfig {
                interpositions: rule,
                ..self.config
            },
            ..*self
        }
    }

    /// This phase's context with lines following `defence`.
    pub(crate) fn with_defence(&self, defence: Defence) -> Context<'t> {
        Context {
            config: SolverConfig {
                defence,
                ..self.config
            },
            ..*self
        }
    }

    /// This phase's context with a parallel search's busy marks steering
    /// the choices `steer` says.
    pub(crate) fn steering(&self, steer: Steer) -> Context<'t> {
        Context { steer, ..*self }
    }

    /// This phase's context on the table `tt`.
    pub(crate) fn on_table<'u>(&self, tt: &'u Table) -> Context<'u> {
        Context {
            tt,
            config: self.config,
            cap: self.cap,
            steer: self.steer,
        }
    }

    /// How interpositions count in this phase.
    #[inline]
    pub(crate) fn rule(&self) -> Interpositions {
        self.config.interpositions
    }

    /// True when the 無駄合 rule is on in this phase.
    #[inline]
    pub(crate) fn skip_useless(&self) -> bool {
        self.config.skip_useless()
    }
}
