//! How long a `go` without `mate` may search, from the clock it is given.

use super::command::PlayLimits;
use std::time::Duration;
use tsumi_core::Color;

/// Kept back from every budget for the GUI's and the pipe's delays.
pub const MARGIN: Duration = Duration::from_millis(150);
/// No budget is shorter than this.
pub const MIN_BUDGET: Duration = Duration::from_millis(20);
/// The share of the remaining main time one move may use.
pub const MAIN_TIME_SHARE: u32 = 30;

/// The search time for a `go` without `mate`, for `side` to move, or
/// `None` when no clock was given (a bare `go`, or `go infinite`): then
/// the search runs until it is decided or stopped.
///
/// `movetime` is used as given. Otherwise the budget is a thirtieth of
/// the remaining main time plus the increment plus the byoyomi, never
/// more than the main time plus the byoyomi, less [`MARGIN`], and at
/// least [`MIN_BUDGET`].
pub fn budget(limits: &PlayLimits, side: Color) -> Option<Duration> {
    if let Some(t) = limits.movetime {
        return Some(t);
    }
    let (main, inc) = match side {
        Color::Black => (limits.btime, limits.binc),
        Color::White => (limits.wtime, limits.winc),
    };
    if limits.infinite
        || (
            limits.btime,
            limits.wtime,
            limits.binc,
            limits.winc,
            limits.byoyomi,
        ) == (None, None, None, None, None)
    {
        return None;
    }
    let main = main.unwrap_or_default();
    let byoyomi = limits.byoyomi.unwrap_or_default();
    let share = main / MAIN_TIME_SHARE + inc.unwrap_or_default() + byoyomi;
    let cap = main + byoyomi;
    Some(share.min(cap).saturating_sub(MARGIN).max(MIN_BUDGET))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }

    #[test]
    fn budgets() {
        let byoyomi_only = PlayLimits {
            btime: ms(0),
            wtime: ms(0),
            byoyomi: ms(5000),
            ..Default::default()
        };
        assert_eq!(budget(&byoyomi_only, Color::Black), ms(4850));
        let main_and_byoyomi = PlayLimits {
            btime: ms(300_000),
            wtime: ms(60_000),
            byoyomi: ms(1000),
            ..Default::default()
        };
        assert_eq!(budget(&main_and_byoyomi, Color::Black), ms(10_850));
        assert_eq!(budget(&main_and_byoyomi, Color::White), ms(2_850));
        let fischer = PlayLimits {
            btime: ms(30_000),
            wtime: ms(1_000),
            binc: ms(2_000),
            winc: ms(2_000),
            ..Default::default()
        };
        assert_eq!(budget(&fischer, Color::Black), ms(2_850));
        // Never more than the clock holds.
        assert_eq!(budget(&fischer, Color::White), ms(850));
        let nearly_out = PlayLimits {
            btime: ms(100),
            ..Default::default()
        };
        assert_eq!(budget(&nearly_out, Color::Black), ms(20));
        let fixed = PlayLimits {
            movetime: ms(700),
            ..Default::default()
        };
        assert_eq!(budget(&fixed, Color::White), ms(700));
        assert_eq!(budget(&PlayLimits::default(), Color::Black), None);
        let infinite = PlayLimits {
            infinite: true,
            byoyomi: ms(1000),
            ..Default::default()
        };
        assert_eq!(budget(&infinite, Color::Black), None);
    }
}
