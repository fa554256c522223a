//! The search settings a request may give, with `tsumi solve`'s defaults
//! (the 無駄合 rule, the 変長 convention of the rule, `Shortest prove`, a
//! 256 MB table, one thread) and the page's time limit of 60 s (as
//! `tsumi check`'s), each checked against the bounds the server was
//! started with.

use crate::error::ApiError;
use crate::options::ServeOptions;
use serde::Deserialize;
use std::time::Duration;
use tsumi_mate::{
    Defence, Interpositions, Limits, Shortest, SolverConfig, AUTO_DEFENCE, DEFAULT_HASH_MB,
    DEFAULT_INTERPOSITIONS,
};

/// The time limit when a request gives none, in seconds.
pub const DEFAULT_TIME_LIMIT: f64 = 60.0;
/// The longest time limit accepted, in seconds.
pub const MAX_TIME_LIMIT: f64 = 24.0 * 3600.0;

/// The settings of one search, as the page sends them; every field may
/// be left out.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    /// Seconds for the solve (and as much again for the report); `null`
    /// for no limit.
    pub time_limit: Option<f64>,
    /// The table, in MiB.
    pub hash_mb: usize,
    /// Search threads on the one table.
    pub threads: usize,
    /// `skip-useless` (the 無駄合 rule) or `count`.
    pub interpositions: String,
    /// `auto`, `no-leftover` or `longest`.
    pub defence: String,
    /// `prove`, `quick` or `first`.
    pub shortest: String,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            time_limit: Some(DEFAULT_TIME_LIMIT),
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            interpositions: DEFAULT_INTERPOSITIONS.name().to_string(),
            defence: AUTO_DEFENCE.to_string(),
            shortest: Shortest::Prove.name().to_string(),
        }
    }
}

fn bad(message: String, message_ja: String) -> ApiError {
    ApiError::bad_request(message, message_ja)
}

impl Settings {
    /// The solver's configuration, or an error naming the setting out of
    /// bounds.
    pub fn config(&self, options: &ServeOptions) -> Result<SolverConfig, ApiError> {
        let time = match self.time_limit {
            None => None,
            Some(t) if t > 0.0 && t <= MAX_TIME_LIMIT => Some(Duration::from_secs_f64(t)),
            Some(t) => {
                return Err(bad(
                    format!("time_limit {t}: expected seconds from 0 to {MAX_TIME_LIMIT}"),
                    format!("時間制限 {t}: 0 より大きく {MAX_TIME_LIMIT} 秒までです"),
                ))
            }
        };
        if !(1..=options.max_hash_mb).contains(&self.hash_mb) {
            return Err(bad(
                format!(
                    "hash_mb {}: expected 1 to {} MiB (tsumi serve --max-hash)",
                    self.hash_mb, options.max_hash_mb
                ),
                format!(
                    "置換表 {} MB: 1 から {} MB までです（tsumi serve --max-hash）",
                    self.hash_mb, options.max_hash_mb
                ),
            ));
        }
        if !(1..=options.max_threads).contains(&self.threads) {
            return Err(bad(
                format!(
                    "threads {}: expected 1 to {}",
                    self.threads, options.max_threads
                ),
                format!(
                    "スレッド数 {}: 1 から {} までです",
                    self.threads, options.max_threads
                ),
            ));
        }
        let interpositions = Interpositions::from_name(&self.interpositions).ok_or_else(|| {
            bad(
                format!(
                    "interpositions '{}': expected skip-useless or count",
                    self.interpositions
                ),
                format!("合駒 '{}': skip-useless か count です", self.interpositions),
            )
        })?;
        let name = self.defence.as_str();
        let defence = Defence::from_choice(name, interpositions).ok_or_else(|| {
            bad(
                format!("defence '{name}': expected auto, no-leftover or longest"),
                format!("玉方の応手 '{name}': auto, no-leftover, longest のいずれかです"),
            )
        })?;
        let shortest = Shortest::from_name(&self.shortest).ok_or_else(|| {
            bad(
                format!(
                    "shortest '{}': expected prove, quick or first",
                    self.shortest
                ),
                format!(
                    "最短性 '{}': prove, quick, first のいずれかです",
                    self.shortest
                ),
            )
        })?;
        Ok(SolverConfig {
            hash_mb: self.hash_mb,
            threads: self.threads,
            interpositions,
            defence,
            shortest,
            limits: Limits { nodes: None, time },
            ..SolverConfig::standard()
        })
    }
}
