//! The engine's USI options: what `usi` declares and what `setoption`
//! may change.

use tsumi_mate::{Defence, Interpositions, Shortest, SolverConfig};

/// A declared integer option.
struct Spin {
    name: &'static str,
    default: u64,
    min: u64,
    max: u64,
}

/// `USI_Hash`: transposition table size in MiB.
const HASH: Spin = Spin {
    name: "USI_Hash",
    default: tsumi_mate::DEFAULT_HASH_MB as u64,
    min: 1,
    max: 1 << 25,
};
/// `NodesLimit`: nodes per search, 0 for no limit.
const NODES_LIMIT: Spin = Spin {
    name: "NodesLimit",
    default: 0,
    min: 0,
    max: i64::MAX as u64,
};
/// `PvInterval`: milliseconds between two progress lines, 0 for none.
const PV_INTERVAL: Spin = Spin {
    name: "PvInterval",
    default: 1000,
    min: 0,
    max: 3_600_000,
};

/// `Threads`: search threads, all on the one table.
const THREADS: Spin = Spin {
    name: "Threads",
    default: 1,
    min: 1,
    max: tsumi_mate::MAX_THREADS as u64,
};

const SPINS: [Spin; 4] = [HASH, THREADS, NODES_LIMIT, PV_INTERVAL];

/// `Shortest`: `prove` proves the mate's length the shortest (however
/// long that takes); `quick` looks for shorter mates with about as much
/// work as finding the first one took, and reports the mate as not proven
/// shortest when that is not enough; `first` answers with the first mate
/// found.
const SHORTEST: &str = "Shortest";

/// `Interpositions`: `skip-useless` (the default) applies the 無駄合 rule,
/// so that mates have their published lengths; `count` counts every legal
/// interposition, as random-position sets need.
const INTERPOSITIONS: &str = "Interpositions";

/// The `Interpositions` choices, the default first.
const INTERPOSITION_CHOICES: [Interpositions; 2] =
    [Interpositions::SkipUseless, Interpositions::CountAll];

/// `Defence`: which defence the reported line follows. `auto` (the
/// default) goes with `Interpositions`: `no-leftover` under the 無駄合
/// rule (a longer defence that leaves the attacker pieces is a 変長
/// variation, as classic solutions are published), `longest` with
/// `count`.
const DEFENCE: &str = "Defence";

/// The current option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `USI_Hash` in MiB.
    pub hash_mb: usize,
    /// `Threads`: search threads.
    pub threads: usize,
    /// `NodesLimit`; 0 means none.
    pub nodes_limit: u64,
    /// `PvInterval` in milliseconds; 0 means no progress lines.
    pub pv_interval_ms: u64,
    /// `USI_Ponder`, which GUIs send on their own; accepted and kept, but
    /// pondering only happens when a GUI sends `go ponder`.
    pub ponder: bool,
    /// `Shortest`: how much work goes into proving the mate's length the
    /// shortest.
    pub shortest: Shortest,
    /// `Interpositions`: how the defender's interpositions count.
    pub interpositions: Interpositions,
    /// `Defence`: `None` for `auto` (see [`Options::defence`]).
    pub defence_choice: Option<Defence>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: HASH.default as usize,
            threads: THREADS.default as usize,
            nodes_limit: NODES_LIMIT.default,
            pv_interval_ms: PV_INTERVAL.default,
            ponder: false,
            shortest: Shortest::Prove,
            interpositions: tsumi_mate::DEFAULT_INTERPOSITIONS,
            defence_choice: None,
        }
    }
}

impl Options {
    /// The defence the line follows: the `Defence` option, or under
    /// `auto` the one that goes with `Interpositions`.
    pub fn defence(&self) -> Defence {
        self.defence_choice
            .unwrap_or(Defence::for_rule(self.interpositions))
    }

    /// How to solve under these options, as one value: the project's
    /// defaults ([`SolverConfig::standard`]) with the options' table size,
    /// threads, `Shortest`, `Interpositions` and `Defence`.
    pub fn solver_config(&self) -> SolverConfig {
        SolverConfig {
            hash_mb: self.hash_mb,
            threads: self.threads,
            shortest: self.shortest,
            interpositions: self.interpositions,
            defence: self.defence(),
            ..SolverConfig::standard()
        }
    }

    /// The `option name …` lines of the `usi` answer.
    pub fn declarations() -> Vec<String> {
        SPINS
            .iter()
            .map(|s| {
                format!(
                    "option name {} type spin default {} min {} max {}",
                    s.name, s.default, s.min, s.max
                )
            })
            .chain(std::iter::once(format!(
                "option name {SHORTEST} type combo default {}{}",
                Shortest::Prove.name(),
                Shortest::ALL
                    .iter()
                    .map(|s| format!(" var {}", s.name()))
                    .collect::<String>()
            )))
            .chain(std::iter::once(format!(
                "option name {INTERPOSITIONS} type combo default {}{}",
                INTERPOSITION_CHOICES[0].name(),
                INTERPOSITION_CHOICES
                    .iter()
                    .map(|s| format!(" var {}", s.name()))
                    .collect::<String>()
            )))
            .chain(std::iter::once(format!(
                "option name {DEFENCE} type combo default auto var auto var {} var {}",
                Defence::NoLeftover.name(),
                Defence::Longest.name()
            )))
            .collect()
    }

    /// Applies `setoption`. Names are matched without regard to case.
    /// On an error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        if name.eq_ignore_ascii_case("USI_Ponder") {
            self.ponder = match value {
                Some(v) if v.eq_ignore_ascii_case("true") => true,
                Some(v) if v.eq_ignore_ascii_case("false") => false,
                Some(v) => {
                    return Err(format!(
                        "setoption: USI_Ponder takes true or false, found '{v}'"
                    ))
                }
                None => return Err("setoption: USI_Ponder needs a value".into()),
            };
            return Ok(());
        }
        if name.eq_ignore_ascii_case(SHORTEST) {
            self.shortest = match value {
                Some(v) => Shortest::ALL
                    .into_iter()
                    .find(|s| v.eq_ignore_ascii_case(s.name()))
                    .ok_or_else(|| {
                        format!("setoption: {SHORTEST} takes prove, quick or first, found '{v}'")
                    })?,
                None => return Err(format!("setoption: {SHORTEST} needs a value")),
            };
            return Ok(());
        }
        if name.eq_ignore_ascii_case(INTERPOSITIONS) {
            self.interpositions = match value {
                Some(v) => INTERPOSITION_CHOICES
                    .into_iter()
                    .find(|s| v.eq_ignore_ascii_case(s.name()))
                    .ok_or_else(|| {
                        format!(
                            "setoption: {INTERPOSITIONS} takes skip-useless or count, found '{v}'"
                        )
                    })?,
                None => return Err(format!("setoption: {INTERPOSITIONS} needs a value")),
            };
            return Ok(());
        }
        if name.eq_ignore_ascii_case(DEFENCE) {
            self.defence_choice = match value {
                Some(v) if v.eq_ignore_ascii_case(tsumi_mate::AUTO_DEFENCE) => None,
                Some(v) => Some(
                    [Defence::NoLeftover, Defence::Longest]
                        .into_iter()
                        .find(|d| v.eq_ignore_ascii_case(d.name()))
                        .ok_or_else(|| {
                            format!(
                                "setoption: {DEFENCE} takes auto, no-leftover or longest, found '{v}'"
                            )
                        })?,
                ),
                None => return Err(format!("setoption: {DEFENCE} needs a value")),
            };
            return Ok(());
        }
        let Some(spin) = SPINS.iter().find(|s| s.name.eq_ignore_ascii_case(name)) else {
            return Err(format!("setoption: unknown option '{name}'"));
        };
        let Some(value) = value else {
            return Err(format!("setoption: {} needs a value", spin.name));
        };
        let n = value
            .parse::<u64>()
            .ok()
            .filter(|n| (spin.min..=spin.max).contains(n))
            .ok_or_else(|| {
                format!(
                    "setoption: {} takes an integer from {} to {}, found '{value}'",
                    spin.name, spin.min, spin.max
                )
            })?;
        match spin.name {
            "USI_Hash" => {
                self.hash_mb = usize::try_from(n)
                    .map_err(|_| format!("setoption: USI_Hash {n} is too large here"))?
            }
            "Threads" => self.threads = n as usize,
            "NodesLimit" => self.nodes_limit = n,
            _ => self.pv_interval_ms = n,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_spins_with_their_ranges() {
        assert_eq!(
            Options::declarations(),
            [
                "option name USI_Hash type spin default 256 min 1 max 33554432",
                "option name Threads type spin default 1 min 1 max 256",
                "option name NodesLimit type spin default 0 min 0 max 9223372036854775807",
                "option name PvInterval type spin default 1000 min 0 max 3600000",
                "option name Shortest type combo default prove var prove var quick var first",
                "option name Interpositions type combo default skip-useless var skip-useless var count",
                "option name Defence type combo default auto var auto var no-leftover var longest",
            ]
        );
    }

    #[test]
    fn set_accepts_any_case_and_checks_ranges() {
        let mut o = Options::default();
        o.set("usi_hash", Some("64")).unwrap();
        o.set("NodesLimit", Some("100000")).unwrap();
        o.set("PVINTERVAL", Some("0")).unwrap();
        o.set("threads", Some("2")).unwrap();
        o.set("USI_Ponder", Some("true")).unwrap();
        o.set("shortest", Some("Quick")).unwrap();
        o.set("interpositions", Some("Count")).unwrap();
        assert_eq!(o.defence(), Defence::Longest, "auto follows count");
        o.set("defence", Some("No-Leftover")).unwrap();
        assert_eq!(o.defence(), Defence::NoLeftover);
        assert_eq!(
            o,
            Options {
                hash_mb: 64,
                threads: 2,
                nodes_limit: 100000,
                pv_interval_ms: 0,
                ponder: true,
                shortest: Shortest::Quick,
                interpositions: Interpositions::CountAll,
                defence_choice: Some(Defence::NoLeftover),
            }
        );
        assert_eq!(Options::default().defence(), Defence::NoLeftover);
        let e = o.clone().set("Defence", Some("short")).unwrap_err();
        assert!(
            e.contains("Defence takes auto, no-leftover or longest, found 'short'"),
            "{e}"
        );
        let before = o.clone();
        let e = o.set("USI_Hash", Some("0")).unwrap_err();
        assert!(
            e.contains("USI_Hash takes an integer from 1 to 33554432, found '0'"),
            "{e}"
        );
        let e = o.set("PvInterval", Some("fast")).unwrap_err();
        assert!(e.contains("PvInterval") && e.contains("'fast'"), "{e}");
        let e = o.set("NodesLimit", None).unwrap_err();
        assert!(e.contains("NodesLimit needs a value"), "{e}");
        let e = o.set("Threads", Some("0")).unwrap_err();
        assert!(
            e.contains("Threads takes an integer from 1 to 256, found '0'"),
            "{e}"
        );
        let e = o.set("Cores", Some("4")).unwrap_err();
        assert!(e.contains("unknown option 'Cores'"), "{e}");
        let e = o.set("Shortest", Some("fast")).unwrap_err();
        assert!(
            e.contains("Shortest takes prove, quick or first, found 'fast'"),
            "{e}"
        );
        let e = o.set("Interpositions", Some("all")).unwrap_err();
        assert!(
            e.contains("Interpositions takes skip-useless or count, found 'all'"),
            "{e}"
        );
        let e = o.set("USI_Ponder", Some("yes")).unwrap_err();
        assert!(e.contains("'yes'"), "{e}");
        assert_eq!(o, before);
    }
}
