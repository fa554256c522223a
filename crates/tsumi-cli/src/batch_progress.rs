//! The progress display of `tsumi solve` on a terminal: one bar for the
//! whole run (problems done, rate, time left) and, above it, one line per
//! job with the problem it is on and what its search is doing.

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use tsumi_mate::{Phase, Progress, ProgressFn};

/// The bars on standard error.
pub struct BatchProgress {
    multi: MultiProgress,
    total: ProgressBar,
}

impl BatchProgress {
    /// A bar for `total` problems of which `done` (read back by
    /// `--resume`) are already answered.
    pub fn new(total: u64, done: u64) -> BatchProgress {
        let multi = MultiProgress::with_draw_target(ProgressDrawTarget::stderr());
        let bar = ProgressBar::new(total).with_style(
            ProgressStyle::with_template(
                "{bar:30} {pos}/{len} problems, {rate}, {elapsed} elapsed, ETA {eta}",
            )
            .expect("the template is valid")
            .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.1}/s", s.per_sec());
            }),
        );
        bar.set_position(done);
        bar.reset_eta();
        let total = multi.add(bar);
        BatchProgress { multi, total }
    }

    /// A line for one job, above the total bar.
    pub fn job_line(&self) -> ProgressBar {
        let line = ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} {prefix}: {wide_msg}")
                .expect("the template is valid"),
        );
        self.multi.insert_before(&self.total, line)
    }

    /// Counts one more problem answered.
    pub fn inc(&self) {
        self.total.inc(1);
    }

    /// Runs `f` (which prints to the terminal) with the bars hidden.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.multi.suspend(f)
    }

    /// Removes the bars.
    pub fn finish(&self) {
        self.total.finish_and_clear();
        let _ = self.multi.clear();
    }
}

/// The solver callback that shows a search's phase, nodes and speed on
/// `line`.
pub fn solver_callback(line: ProgressBar) -> ProgressFn {
    Box::new(move |p: &Progress| {
        let phase = match p.phase {
            Phase::FirstMate => "searching".to_string(),
            Phase::Shortening(n) => format!("mate in {n} known, looking for shorter"),
            Phase::Line(n) => format!("mate in {n}, building the line"),
            Phase::PnStar => "PN* iteration".to_string(),
        };
        let secs = p.elapsed.as_secs_f64();
        let nps = if secs > 0.0 {
            p.nodes as f64 / secs
        } else {
            0.0
        };
        line.set_message(format!(
            "{phase}, {} nodes, {secs:.1} s, {:.2} Mnps",
            p.nodes,
            nps / 1e6
        ));
        line.tick();
    })
}
