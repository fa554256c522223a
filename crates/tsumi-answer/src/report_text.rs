//! The soundness report as text: one summary line, then one line per
//! item, each move in Japanese and USI (`▲３三角打 (B*3c)`).

use crate::hands::kanji_hand;
use std::io::Write;
use tsumi_core::{Move, Position};
use tsumi_mate::report::Report;
use tsumi_notation::japanese::{move_to_japanese, pv_to_japanese};

/// The positions before each move of `line` (the first is `start`).
pub fn positions_along(start: &Position, line: &[Move]) -> Vec<Position> {
    let mut out = Vec::with_capacity(line.len() + 1);
    let mut p = start.clone();
    out.push(p.clone());
    for &m in line {
        p.do_move(m);
        out.push(p.clone());
    }
    out
}

/// `m` played at 1-based `ply` of `line` (whose positions before each
/// move are `positions`), in Japanese and USI: `▲３三角打 (B*3c)`.
fn move_text(positions: &[Position], line: &[Move], ply: u32, m: Move) -> String {
    let i = ply as usize - 1;
    let prev_to = (i > 0).then(|| line[i - 1].to());
    match positions.get(i) {
        Some(p) => format!("{} ({})", move_to_japanese(p, m, prev_to), m.to_usi()),
        None => m.to_usi(),
    }
}

/// `m` played at 1-based `ply` of `line` from `start`, as [`move_text`]
/// writes it.
pub fn move_at_ply(start: &Position, line: &[Move], ply: u32, m: Move) -> String {
    let positions = positions_along(start, &line[..ply as usize - 1]);
    move_text(&positions, line, ply, m)
}

/// One line summing up the report: cooks, 非限定, 変同, 駒余り, and what
/// was left open.
pub fn summary(r: &Report) -> String {
    let mut parts = Vec::new();
    if r.plies == 0 {
        let found = r.refutations.iter().filter(|f| f.defence.is_some()).count();
        if r.first_checks > tsumi_mate::report::MAX_REFUTED {
            parts.push(format!(
                "{} first checks, too many to refute one by one",
                r.first_checks
            ));
        } else {
            parts.push(format!(
                "refutations: {found} of {} first checks",
                r.first_checks
            ));
        }
    } else {
        let cooks = r.real_cooks().count();
        parts.push(match cooks {
            0 => "no cook".to_string(),
            1 => "1 cook".to_string(),
            n => format!("{n} cooks"),
        });
        let finals = r.final_alternatives().count();
        if finals > 0 {
            parts.push(format!("非限定 {finals}"));
        }
        parts.push(format!("変同 {}", r.same_length_defences.len()));
        let real = r.real_longer_defences().count();
        if real > 0 {
            parts.push(format!("longer defences {real}"));
        }
        let henchou = r.longer_defences.iter().filter(|d| d.is_henchou()).count();
        if henchou > 0 {
            parts.push(format!("変長 {henchou}"));
        }
        let detours = r
            .longer_defences
            .iter()
            .filter(|d| d.is_set_aside_detour() && !d.is_henchou())
            .count();
        if detours > 0 {
            parts.push(format!("迂回 {detours}"));
        }
        if r.ends_in_mate == Some(false) {
            parts.push("the line does not end in mate".to_string());
        }
        parts.push(format!("駒余り {}", kanji_hand(r.leftover)));
    }
    if !r.complete() {
        parts.push(format!(
            "{} questions unsettled within the limits",
            r.unsettled.len()
        ));
    }
    parts.join("; ")
}

/// Prints the report's details, two spaces in, one item per line.
pub fn print_details(
    out: &mut impl Write,
    start: &Position,
    line: &[Move],
    r: &Report,
) -> std::io::Result<()> {
    let positions = positions_along(start, line);
    for c in &r.cooks {
        let what = if c.is_final {
            "非限定"
        } else if c.length < c.remaining {
            "shorter mate"
        } else {
            "cook"
        };
        writeln!(
            out,
            "  {what}: ply {} {} mates in {} ({} plies left on the line)",
            c.ply,
            move_text(&positions, line, c.ply, c.mv),
            c.length,
            c.remaining
        )?;
    }
    for d in &r.same_length_defences {
        let before = &positions[d.ply as usize - 1];
        let ja = pv_to_japanese(before, &d.line).unwrap_or_default();
        writeln!(
            out,
            "  変同: ply {} {}, 駒余り {}: {ja}",
            d.ply,
            move_text(&positions, line, d.ply, d.mv),
            kanji_hand(d.leftover)
        )?;
    }
    for d in &r.longer_defences {
        let mv = move_text(&positions, line, d.ply, d.mv);
        match (d.length, d.leftover) {
            (Some(n), Some(h)) if !h.is_empty() => writeln!(
                out,
                "  変長: ply {} {mv} is mated in {n}, longer than the line, with pieces left over (駒余り {})",
                d.ply,
                kanji_hand(h)
            )?,
            (Some(n), _) if d.is_henchou() => writeln!(
                out,
                "  変長: ply {} {mv} is mated in {n}, longer than the line; a mate of that length leaves a piece over (駒余り)",
                d.ply
            )?,
            (Some(n), _) if d.declines_capture() => writeln!(
                out,
                "  迂回: ply {} {mv} is mated in {n}, longer than the line, by declining a capture and coming round to the line's position after ply {} later (a detour, set aside as classic solutions do)",
                d.ply,
                d.detour.unwrap_or_default()
            )?,
            (Some(n), _) if d.is_set_aside_detour() => writeln!(
                out,
                "  迂回: ply {} {mv} is mated in {n}, longer than the line, by interposing on another square and coming round to the line's position after ply {} later (a detour, set aside)",
                d.ply,
                d.detour.unwrap_or_default()
            )?,
            (Some(n), _) if d.is_detour() => writeln!(
                out,
                "  longer defence: ply {} {mv} is mated in {n}, longer than the line allows; its line comes round to the line's position after ply {} later (a detour, which the line should follow)",
                d.ply,
                d.detour.unwrap_or_default()
            )?,
            (Some(n), _) => writeln!(
                out,
                "  longer defence: ply {} {mv} is mated in {n}, longer than the line allows",
                d.ply
            )?,
            _ => writeln!(
                out,
                "  longer defence: ply {} {mv} is not mated in the plies the line has left",
                d.ply
            )?,
        }
    }
    for f in &r.refutations {
        let check = move_text(&positions, line, 1, f.check);
        match f.defence {
            Some(d) => {
                let mut p = start.clone();
                p.do_move(f.check);
                writeln!(
                    out,
                    "  refuted: {check} by {} ({})",
                    move_to_japanese(&p, d, Some(f.check.to())).trim_start_matches(['▲', '△']),
                    d.to_usi()
                )?;
            }
            None => writeln!(out, "  refutation of {check} not found within the limits")?,
        }
    }
    for u in &r.unsettled {
        writeln!(
            out,
            "  unsettled ({}): ply {} {}",
            u.item.name(),
            u.ply,
            move_text(&positions, line, u.ply, u.mv)
        )?;
    }
    Ok(())
}
