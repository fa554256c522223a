//! Printing a soundness report ([`tsumi_mate::Report`]) as text and as
//! the `"report"` object of `--json`, and writing a solution as KIF.

use std::io::Write;
use std::path::{Path, PathBuf};
use tsumi_core::{Color, Hand, Move, Piece, Position};
use tsumi_mate::report::Report;
use tsumi_notation::japanese::{move_to_japanese, pv_to_japanese};
use tsumi_notation::kif::{self, KifRecord, KifVariation, KifWriteOptions};

/// A hand in SFEN hand notation for `color` (`R2P`, lower case for White),
/// `""` when empty.
pub fn sfen_hand(hand: Hand, color: Color) -> String {
    let mut s = String::new();
    for (k, n) in hand.iter_sfen_order() {
        if n > 1 {
            s.push_str(&n.to_string());
        }
        s.push_str(&Piece::new(color, k).to_sfen());
    }
    s
}

/// A hand in kanji (`飛歩2`), `なし` when empty.
pub fn kanji_hand(hand: Hand) -> String {
    let mut s = String::new();
    for (k, n) in hand.iter_sfen_order() {
        s.push_str(k.kanji());
        if n > 1 {
            s.push_str(&n.to_string());
        }
    }
    if s.is_empty() {
        s.push_str("なし");
    }
    s
}

#[derive(serde::Serialize)]
struct JsonCook {
    ply: u32,
    #[serde(rename = "move")]
    mv: String,
    length: u32,
    #[serde(rename = "final")]
    is_final: bool,
}

#[derive(serde::Serialize)]
struct JsonSameLength {
    ply: u32,
    #[serde(rename = "move")]
    mv: String,
    line: Vec<String>,
    leftover: String,
}

#[derive(serde::Serialize)]
struct JsonLonger {
    ply: u32,
    #[serde(rename = "move")]
    mv: String,
    /// Its exact length from `ply` (--defence no-leftover), else null.
    length: Option<u32>,
    /// The attacker's hand at the end of its line (SFEN hand notation):
    /// not empty, a 変長 variation; null when not settled.
    leftover: Option<String>,
}

#[derive(serde::Serialize)]
struct JsonRefutation {
    check: String,
    defence: Option<String>,
}

#[derive(serde::Serialize)]
struct JsonUnsettled {
    ply: u32,
    #[serde(rename = "move")]
    mv: String,
    item: &'static str,
}

/// The `"report"` object of `--json`.
#[derive(serde::Serialize)]
pub struct JsonReport {
    cooks: Vec<JsonCook>,
    same_length_defences: Vec<JsonSameLength>,
    longer_defences: Vec<JsonLonger>,
    ends_in_mate: Option<bool>,
    leftover: String,
    refutations: Vec<JsonRefutation>,
    first_checks: usize,
    unsettled: Vec<JsonUnsettled>,
    complete: bool,
    nodes: u64,
    ms: u64,
}

impl JsonReport {
    /// The JSON form of `r`, a report on a problem whose attacker is
    /// `attacker`.
    pub fn new(r: &Report, attacker: Color) -> JsonReport {
        JsonReport {
            cooks: r
                .cooks
                .iter()
                .map(|c| JsonCook {
                    ply: c.ply,
                    mv: c.mv.to_usi(),
                    length: c.length,
                    is_final: c.is_final,
                })
                .collect(),
            same_length_defences: r
                .same_length_defences
                .iter()
                .map(|d| JsonSameLength {
                    ply: d.ply,
                    mv: d.mv.to_usi(),
                    line: d.line.iter().map(|m| m.to_usi()).collect(),
                    leftover: sfen_hand(d.leftover, attacker),
                })
                .collect(),
            longer_defences: r
                .longer_defences
                .iter()
                .map(|d| JsonLonger {
                    ply: d.ply,
                    mv: d.mv.to_usi(),
                    length: d.length,
                    leftover: d.leftover.map(|h| sfen_hand(h, attacker)),
                })
                .collect(),
            ends_in_mate: r.ends_in_mate,
            leftover: sfen_hand(r.leftover, attacker),
            refutations: r
                .refutations
                .iter()
                .map(|f| JsonRefutation {
                    check: f.check.to_usi(),
                    defence: f.defence.map(|m| m.to_usi()),
                })
                .collect(),
            first_checks: r.first_checks,
            unsettled: r
                .unsettled
                .iter()
                .map(|u| JsonUnsettled {
                    ply: u.ply,
                    mv: u.mv.to_usi(),
                    item: u.item.name(),
                })
                .collect(),
            complete: r.complete(),
            nodes: r.nodes,
            ms: r.elapsed.as_millis() as u64,
        }
    }
}

/// The positions before each move of `line` (the first is `start`).
fn positions_along(start: &Position, line: &[Move]) -> Vec<Position> {
    let mut out = Vec::with_capacity(line.len() + 1);
    let mut p = start.clone();
    out.push(p.clone());
    for &m in line {
        p.do_move(m);
        out.push(p.clone());
    }
    out
}

/// `m` played at 1-based `ply` of `line` from `start`, in Japanese and
/// USI: `▲３三角打 (B*3c)`.
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
        let henchou = r.longer_defences.len() - real;
        if henchou > 0 {
            parts.push(format!("変長 {henchou}"));
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
            (Some(n), Some(h)) if d.is_henchou() => writeln!(
                out,
                "  変長: ply {} {mv} is mated in {n}, longer than the line, with pieces left over (駒余り {})",
                d.ply,
                kanji_hand(h)
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

/// The path the KIF of problem `index` (0-based) of `count` goes to: `path`
/// itself for a single problem, else `path` with `-N` before the
/// extension.
pub fn kif_path(path: &Path, index: usize, count: usize) -> PathBuf {
    if count <= 1 {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(e) => format!("{stem}-{}.{}", index + 1, e.to_string_lossy()),
        None => format!("{stem}-{}", index + 1),
    };
    path.with_file_name(name)
}

/// Writes the solution `pv` of `start` as a KIF record at `path` (Shift_JIS
/// for `.kif`, UTF-8 for `.kifu`): 作品名 `title`, 手数, the diagram, the
/// main line and the report's same-length defences as 変化 branches.
pub fn write_kif(
    path: &Path,
    title: &str,
    start: &Position,
    pv: &[Move],
    report: Option<&Report>,
) -> Result<(), Box<dyn std::error::Error>> {
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
    kif::write_kif_file(path, &record, &KifWriteOptions::SOLUTION)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(())
}
