//! A work's verdict, as a collection's table shows it (the `tsumi serve`
//! page's 全部検討): sound, or its faults — 不詰, 早詰 (a mate shorter
//! than the published length), a published length that no mate has, 余詰
//! at ply N, 変長, a longer defence the line misses, 駒余り, 非限定 — or
//! undecided when the limits left the question open.
//!
//! Everything is read from the solve and its soundness report, which
//! prove what they list; a work is called sound only when the mate is
//! proven shortest, the report complete and no fault found.

use serde::Serialize;
use tsumi_mate::report::Report;
use tsumi_mate::{Solution, Verdict};

/// One fault of a work, most serious first in [`WorkVerdict::faults`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Fault {
    /// 不詰: proven not to be mated.
    NoMate,
    /// 早詰: the proven shortest mate is shorter than the published
    /// length.
    Short {
        /// The proven shortest mate.
        length: u32,
        /// The published length.
        published: u32,
    },
    /// The proven shortest mate is longer than the published length: no
    /// mate of that length exists.
    Longer {
        /// The proven shortest mate.
        length: u32,
        /// The published length.
        published: u32,
    },
    /// 余詰: another check mates within the plies the line has left.
    Cook {
        /// The first such ply (1-based).
        ply: u32,
        /// How many cooks there are.
        count: usize,
    },
    /// A defence that outlasts the line and leaves no piece: the line's
    /// defence there is not the longest.
    LongerDefence {
        /// The first such ply.
        ply: u32,
    },
    /// 変長: a longer defence, its line leaving pieces over.
    Henchou {
        /// The first such ply.
        ply: u32,
    },
    /// 駒余り: the line ends with pieces in the attacker's hand.
    Leftover,
    /// 非限定: the final move has alternatives that mate as well.
    NonUnique {
        /// The final move's ply.
        ply: u32,
        /// How many alternatives.
        count: usize,
    },
    /// The line does not end in mate.
    NoMateAtEnd,
}

/// What the table shows of a work.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WorkVerdict {
    /// `"sound"`, `"faulty"` or `"undecided"`.
    pub status: &'static str,
    /// The faults found, most serious first (the first is the verdict).
    pub faults: Vec<Fault>,
    /// For an undecided work: why (`"unknown"`: no verdict within the
    /// limits; `"not-proven-shortest"`: a mate whose length is not proven
    /// shortest; `"report-incomplete"`: the report left questions open;
    /// `"no-report"`: no report was made).
    pub open: Option<&'static str>,
}

impl WorkVerdict {
    /// The verdict of a work solved as `sol`, reported on as `report`
    /// (none when no report could be made), whose published length is
    /// `published` (0 meaning no mate).
    pub fn of(sol: &Solution, report: Option<&Report>, published: Option<u32>) -> WorkVerdict {
        let mut faults = Vec::new();
        let mut open = None;
        match sol.verdict {
            Verdict::Unknown => open = Some("unknown"),
            Verdict::NoMate => {
                if published != Some(0) {
                    faults.push(Fault::NoMate);
                }
            }
            Verdict::Mate => {
                let length = sol.length.unwrap_or(sol.pv.len() as u32);
                match published {
                    Some(p) if p > 0 && length < p => faults.push(Fault::Short {
                        length,
                        published: p,
                    }),
                    // A mate not proven shortest may still be shorter: only
                    // a proven length says the published one is no mate.
                    Some(p) if p > 0 && length > p && sol.proven_shortest => {
                        faults.push(Fault::Longer {
                            length,
                            published: p,
                        })
                    }
                    _ => {}
                }
                if !sol.proven_shortest {
                    open = Some("not-proven-shortest");
                }
                match report {
                    None => open = open.or(Some("no-report")),
                    Some(r) => {
                        faults.extend(report_faults(r));
                        if !r.complete() {
                            open = open.or(Some("report-incomplete"));
                        }
                    }
                }
                if !sol.leftover.is_empty() && !faults.contains(&Fault::Leftover) {
                    faults.push(Fault::Leftover);
                }
            }
        }
        faults.sort_by_key(severity);
        let status = if !faults.is_empty() {
            "faulty"
        } else if open.is_some() {
            "undecided"
        } else {
            "sound"
        };
        WorkVerdict {
            status,
            faults,
            open,
        }
    }
}

/// The faults a mate's report proves.
fn report_faults(r: &Report) -> Vec<Fault> {
    let mut faults = Vec::new();
    let cooks: Vec<_> = r.real_cooks().collect();
    if let Some(first) = cooks.iter().map(|c| c.ply).min() {
        faults.push(Fault::Cook {
            ply: first,
            count: cooks.len(),
        });
    }
    if let Some(ply) = r.real_longer_defences().map(|d| d.ply).min() {
        faults.push(Fault::LongerDefence { ply });
    }
    if let Some(ply) = r
        .longer_defences
        .iter()
        .filter(|d| d.is_henchou())
        .map(|d| d.ply)
        .min()
    {
        faults.push(Fault::Henchou { ply });
    }
    if !r.leftover.is_empty() {
        faults.push(Fault::Leftover);
    }
    let finals: Vec<_> = r.final_alternatives().collect();
    if let Some(f) = finals.first() {
        faults.push(Fault::NonUnique {
            ply: f.ply,
            count: finals.len(),
        });
    }
    if r.ends_in_mate == Some(false) {
        faults.push(Fault::NoMateAtEnd);
    }
    faults
}

fn severity(f: &Fault) -> u8 {
    match f {
        Fault::NoMate => 0,
        Fault::NoMateAtEnd => 1,
        Fault::Short { .. } => 2,
        Fault::Longer { .. } => 3,
        Fault::Cook { .. } => 4,
        Fault::LongerDefence { .. } => 5,
        Fault::Henchou { .. } => 6,
        Fault::Leftover => 7,
        Fault::NonUnique { .. } => 8,
    }
}
