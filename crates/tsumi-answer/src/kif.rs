//! An answer as one KIF record with branches and comments, as `tsumi
//! solve --kif` writes it and the page shows it and offers it for
//! download.
//!
//! For a mate, the main line is the solution (ending in 詰み), and the
//! report's items are branches off it, each with a comment on its first
//! move that says what it is:
//! - `変同`: a defence as long as the line's, with its own line to mate
//!   (`変同（駒余り 桂）` when that line leaves the attacker pieces);
//! - `変長（N手）`: a longer defence whose line leaves the attacker pieces
//!   (`長い応手（N手）` for one that leaves none), with its line when it
//!   was built within the budget of [`crate::variation_lines`];
//! - `余詰（N手）`: another check that mates within the plies left, with
//!   its line when built;
//! - `非限定`: another mate at the last move.
//!
//! A branch whose line was not built is the move alone, its comment
//! saying so (`手順未作成`), and has no 詰み. For a no-mate with
//! refutations, the record is each first check answered by its
//! refutation (`逃れ`), the first as the main line and the others as
//! branches at move 1; the start's comment says `不詰`. Lines that share
//! moves share them in the tree ([`KifRecord::add_line`]). Written with
//! `tsumi_notation::kif::KifWriteOptions::SOLUTION`.

use crate::hands::kanji_hand;
use crate::variation_lines::VariationLines;
use tsumi_core::{Move, Position};
use tsumi_mate::report::Report;
use tsumi_mate::{Solution, Verdict};
use tsumi_notation::kif::KifRecord;
use tsumi_notation::record_tree::branch_holding;

/// The word that ends a line that mates.
const MATE: &str = "詰み";

/// The KIF record of the answer `sol` for `start`, titled `title` (when
/// not empty), with the branches of `report` and the lines `lines` built
/// for its cooks and longer defences (see the module notes). `None` when
/// the answer has no line to record: an unknown verdict, a mate with no
/// line, a no-mate without refutations.
pub fn answer_kif(
    title: &str,
    start: &Position,
    sol: &Solution,
    report: Option<&Report>,
    lines: Option<&VariationLines>,
) -> Option<KifRecord> {
    match sol.verdict {
        Verdict::Mate if !sol.pv.is_empty() => Some(mate_kif(title, start, &sol.pv, report, lines)),
        Verdict::NoMate => report.and_then(|r| no_mate_kif(title, start, r)),
        _ => None,
    }
}

/// The record of the mate `pv` of `start` (see the module notes).
pub fn mate_kif(
    title: &str,
    start: &Position,
    pv: &[Move],
    report: Option<&Report>,
    lines: Option<&VariationLines>,
) -> KifRecord {
    let title = (!title.is_empty()).then_some(title);
    let mut record = KifRecord::solution(start.clone(), pv.to_vec(), title, true);
    let Some(r) = report else {
        return record;
    };
    let built = |list: Option<&Vec<Option<Vec<Move>>>>, i: usize| -> Option<Vec<Move>> {
        list.and_then(|l| l.get(i)).cloned().flatten()
    };
    for d in &r.same_length_defences {
        let text = if d.leftover.is_empty() {
            "変同".to_string()
        } else {
            format!("変同（駒余り {}）", kanji_hand(d.leftover))
        };
        add(&mut record, d.ply, &d.line, true, text);
    }
    for (i, d) in r.longer_defences.iter().enumerate() {
        let kind = if d.is_henchou() {
            "変長"
        } else if d.is_set_aside_detour() {
            "迂回"
        } else {
            "長い応手"
        };
        let (line, mated, text) = match (d.length, built(lines.map(|l| &l.longer), i)) {
            (Some(n), Some(line)) => (line, true, format!("{kind}（{n}手）")),
            (Some(n), None) => (vec![d.mv], false, format!("{kind}（{n}手、手順未作成）")),
            (None, _) => (vec![d.mv], false, "長い応手（手数未確定）".to_string()),
        };
        add(&mut record, d.ply, &line, mated, text);
    }
    for (i, c) in r.cooks.iter().enumerate() {
        let (line, mated, text) = if c.is_final {
            (vec![c.mv], true, "非限定".to_string())
        } else {
            match built(lines.map(|l| &l.cooks), i) {
                Some(line) => (line, true, format!("余詰（{}手）", c.length)),
                None => (
                    vec![c.mv],
                    false,
                    format!("余詰（{}手、手順未作成）", c.length),
                ),
            }
        };
        add(&mut record, c.ply, &line, mated, text);
    }
    record
}

/// Adds `line` at main-line move `ply` with `comment` on its first move;
/// `mated`: its end is a mate (詰み).
fn add(record: &mut KifRecord, ply: u32, line: &[Move], mated: bool, comment: String) {
    let ply = ply as usize;
    if line.is_empty() || ply == 0 || ply > record.moves.len() {
        return;
    }
    record.add_line(ply, line);
    record.comment(ply, &line[..1], &comment);
    if mated {
        mark_mate(record, ply, line);
    }
}

/// Ends the branch that holds the last move of `line` (from main-line move
/// `ply`) with 詰み, when that move is its last.
fn mark_mate(record: &mut KifRecord, ply: usize, line: &[Move]) {
    let last = ply + line.len() - 1;
    if let Some(b) = branch_holding(&record.moves, &mut record.variations, ply, line) {
        if b.ply + b.moves.len() - 1 == last {
            b.result = Some(MATE.to_string());
        }
    }
}

/// The record of a no-mate's refutations, or `None` when it has none.
fn no_mate_kif(title: &str, start: &Position, r: &Report) -> Option<KifRecord> {
    let first = r.refutations.first()?;
    let line = |check: Move, defence: Option<Move>| -> Vec<Move> {
        std::iter::once(check).chain(defence).collect()
    };
    let mut record = KifRecord::new(start.clone(), line(first.check, first.defence));
    if !title.is_empty() {
        record
            .headers
            .push(("作品名".to_string(), title.to_string()));
    }
    record.comment(1, &[], "不詰");
    for f in &r.refutations {
        let l = line(f.check, f.defence);
        record.add_line(1, &l);
        let text = if f.defence.is_some() {
            "逃れ"
        } else {
            "逃れ未確定"
        };
        record.comment(1, &l, text);
    }
    Some(record)
}
