//! The soundness report's JSON form: the `"report"` object of
//! `tsumi solve --json --report` and `tsumi check --json`, and of the
//! page's answers. Moves are USI, hands SFEN hand notation; the fields are
//! listed in docs/solver.md ("The soundness report").

use crate::hands::sfen_hand;
use crate::variation_lines::VariationLines;
use tsumi_core::{Color, Move};
use tsumi_mate::detour::DetourKind;
use tsumi_mate::report::Report;

#[derive(Clone, Debug, serde::Serialize)]
struct JsonCook {
    ply: u32,
    #[serde(rename = "move")]
    mv: String,
    length: u32,
    #[serde(rename = "final")]
    is_final: bool,
    /// Its line, the move first, to the mate (USI), when it was built.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<String>>,
}

#[derive(Clone, Debug, serde::Serialize)]
struct JsonSameLength {
    ply: u32,
    #[serde(rename = "move")]
    mv: String,
    line: Vec<String>,
    leftover: String,
}

#[derive(Clone, Debug, serde::Serialize)]
struct JsonLonger {
    ply: u32,
    #[serde(rename = "move")]
    mv: String,
    /// Its exact length from `ply` (--defence no-leftover), else null.
    length: Option<u32>,
    /// The attacker's hand at the end of its line (SFEN hand notation):
    /// not empty, a 変長 variation; null when not settled.
    leftover: Option<String>,
    /// Some shortest mate against it ends with a piece in the attacker's
    /// hand: a 変長 variation (駒余り) even when `leftover` is empty; null
    /// when not settled.
    spare_piece: Option<bool>,
    /// Its line is a detour (迂回): it reaches the position the main line
    /// reaches after this ply, later; else null.
    detour: Option<u32>,
    /// With `detour`: "declined-capture" (it declines a capture the line
    /// makes) or "interposition" (it interposes where the line
    /// interposes elsewhere), both set aside under the no-leftover convention, or
    /// "shuffle" (any other way round: followed).
    detour_kind: Option<&'static str>,
    /// Its line, the defence first, to the mate (USI), when it was built.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<String>>,
}

#[derive(Clone, Debug, serde::Serialize)]
struct JsonRefutation {
    check: String,
    defence: Option<String>,
}

#[derive(Clone, Debug, serde::Serialize)]
struct JsonUnsettled {
    ply: u32,
    #[serde(rename = "move")]
    mv: String,
    item: &'static str,
}

/// The `"report"` object of `--json`.
#[derive(Clone, Debug, serde::Serialize)]
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
                    line: None,
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
                    spare_piece: d.spare_piece,
                    detour: d.detour,
                    detour_kind: d.detour_kind.map(detour_kind_name),
                    line: None,
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

    /// The same with the lines of the report's cooks and longer defences
    /// (as [`crate::variation_lines::variation_lines`] built them for this
    /// report) as each item's `"line"`; an item whose line was not built
    /// has no `"line"`.
    pub fn with_lines(mut self, lines: &VariationLines) -> JsonReport {
        let usi =
            |l: &Option<Vec<Move>>| l.as_ref().map(|l| l.iter().map(|m| m.to_usi()).collect());
        for (c, l) in self.cooks.iter_mut().zip(&lines.cooks) {
            c.line = usi(l);
        }
        for (d, l) in self.longer_defences.iter_mut().zip(&lines.longer) {
            d.line = usi(l);
        }
        self
    }
}

/// The name of a detour's kind in the JSON report (and in Python's).
pub fn detour_kind_name(kind: DetourKind) -> &'static str {
    match kind {
        DetourKind::DeclinedCapture => "declined-capture",
        DetourKind::Interposition => "interposition",
        DetourKind::Shuffle => "shuffle",
    }
}
