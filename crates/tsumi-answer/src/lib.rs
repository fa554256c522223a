//! tsumi-answer: what tsumi answers, in the forms its front ends share.
//!
//! The `tsumi` command and the `tsumi serve` page (and whatever front end
//! comes next) give the same answers in the same words; this crate is
//! where those answers are put into form, once:
//!
//! - [`record`]: the solve record, one object per problem, that
//!   `tsumi solve --json` prints and the page receives.
//! - [`report_json`]: the soundness report's `"report"` object.
//! - [`report_text`]: the report as text (one summary line, then one line
//!   per item), with moves in Japanese and USI.
//! - [`check`]: the verdict on an author's solution (`tsumi check`).
//! - [`variation_lines`]: the lines of a report's cooks and longer
//!   defences, within one budget (the CLI's, Python's and the page's).
//! - [`work_verdict`]: a work's verdict in a collection's table (sound,
//!   余詰 at ply N, 早詰, 不詰, 変長, 駒余り, 非限定, undecided).
//! - [`kif`]: an answer as one KIF record: the solution with the report's
//!   変同, 変長, cooks and 非限定 as commented 変化 branches, or a no-mate's
//!   refuted first checks (`tsumi solve --kif`, the page's record tree and
//!   its download).
//! - [`diagram`]: a problem's diagram (図面) for publication, as SVG
//!   (`tsumi diagram`, the page's 図面, Python's `_repr_svg_`).
//! - [`refusal`]: why a problem is refused before any search, in English
//!   and Japanese, with the squares concerned.
//! - [`hands`]: hands in SFEN and kanji.
//! - [`json`]: records as one line of spaced JSON.
//! - [`job_pool`]: problems solved N at once, each job a search thread
//!   with a solver of its own (`tsumi solve --jobs`, the page's 全部検討).
//!
//! Nothing here searches on its own account: [`check::check_line`] runs
//! the solver's report and solve, [`job_pool`] runs the caller's work on
//! its threads, and everything else is conversion.

#![warn(missing_docs)]

pub mod check;
pub mod diagram;
pub mod hands;
pub mod job_pool;
pub mod json;
pub mod kif;
pub mod record;
pub mod refusal;
pub mod report_json;
pub mod report_text;
pub mod variation_lines;
pub mod work_verdict;
