//! A solution as a KIF record: the line, and the same-length defences
//! (変同) of its report as 変化 branches, as `tsumi solve --kif` writes it
//! and the page offers it for download.

use tsumi_core::{Move, Position};
use tsumi_mate::report::Report;
use tsumi_notation::kif::{KifRecord, KifVariation};

/// The KIF record of the solution `pv` of `start`: 作品名 `title` (when
/// not empty), 手数, the main line ending in 詰み, and the report's
/// same-length defences as 変化 branches. Written with
/// `tsumi_notation::kif::KifWriteOptions::SOLUTION`.
pub fn solution_kif(
    title: &str,
    start: &Position,
    pv: &[Move],
    report: Option<&Report>,
) -> KifRecord {
    let title = (!title.is_empty()).then_some(title);
    let mut record = KifRecord::solution(start.clone(), pv.to_vec(), title, true);
    if let Some(r) = report {
        for d in &r.same_length_defences {
            record.variations.push(KifVariation {
                ply: d.ply as usize,
                moves: d.line.clone(),
            });
        }
    }
    record
}
