//! The soundness report as Python data: `Solution.soundness` and
//! `Solver.check_line` give the object `tsumi solve --json` prints as
//! `"report"`, with hands as dicts (as `Solution.leftover`).

use crate::convert::hand_dict;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use tsumi_answer::report_json::detour_kind_name;
use tsumi_answer::variation_lines::VariationLines;
use tsumi_core::Move;
use tsumi_mate::report::Report;

fn usi_list(line: &[Move]) -> Vec<String> {
    line.iter().map(|m| m.to_usi()).collect()
}

/// `r` as a dict: `cooks`, `same_length_defences`, `longer_defences`,
/// `ends_in_mate`, `leftover`, `refutations`, `first_checks`, `unsettled`,
/// `complete`, `proves_mate`, `nodes`, `seconds`.
pub fn report_dict<'py>(
    py: Python<'py>,
    r: &Report,
    lines: Option<&VariationLines>,
) -> PyResult<Bound<'py, PyDict>> {
    // Each cook's and longer defence's line, when the lines were built:
    // a list of USI moves, or None where the budget ran out.
    let line_of = |items: Option<&Vec<Option<Vec<tsumi_core::Move>>>>, i: usize| {
        items.map(|l| l.get(i).cloned().flatten().map(|l| usi_list(&l)))
    };
    let d = PyDict::new(py);
    let cooks = PyList::empty(py);
    for (i, c) in r.cooks.iter().enumerate() {
        let e = PyDict::new(py);
        if let Some(line) = line_of(lines.map(|l| &l.cooks), i) {
            e.set_item("line", line)?;
        }
        e.set_item("ply", c.ply)?;
        e.set_item("move", c.mv.to_usi())?;
        e.set_item("length", c.length)?;
        e.set_item("final", c.is_final)?;
        cooks.append(e)?;
    }
    d.set_item("cooks", cooks)?;
    let same = PyList::empty(py);
    for s in &r.same_length_defences {
        let e = PyDict::new(py);
        e.set_item("ply", s.ply)?;
        e.set_item("move", s.mv.to_usi())?;
        e.set_item("line", usi_list(&s.line))?;
        e.set_item("leftover", hand_dict(py, s.leftover)?)?;
        same.append(e)?;
    }
    d.set_item("same_length_defences", same)?;
    let longer = PyList::empty(py);
    for (i, l) in r.longer_defences.iter().enumerate() {
        let e = PyDict::new(py);
        if let Some(line) = line_of(lines.map(|l| &l.longer), i) {
            e.set_item("line", line)?;
        }
        e.set_item("ply", l.ply)?;
        e.set_item("move", l.mv.to_usi())?;
        e.set_item("length", l.length)?;
        e.set_item(
            "leftover",
            l.leftover.map(|h| hand_dict(py, h)).transpose()?,
        )?;
        e.set_item("spare_piece", l.spare_piece)?;
        e.set_item("detour", l.detour)?;
        e.set_item("detour_kind", l.detour_kind.map(detour_kind_name))?;
        longer.append(e)?;
    }
    d.set_item("longer_defences", longer)?;
    d.set_item("ends_in_mate", r.ends_in_mate)?;
    d.set_item("leftover", hand_dict(py, r.leftover)?)?;
    let refutations = PyList::empty(py);
    for f in &r.refutations {
        let e = PyDict::new(py);
        e.set_item("check", f.check.to_usi())?;
        e.set_item("defence", f.defence.map(|m| m.to_usi()))?;
        refutations.append(e)?;
    }
    d.set_item("refutations", refutations)?;
    d.set_item("first_checks", r.first_checks)?;
    let unsettled = PyList::empty(py);
    for u in &r.unsettled {
        let e = PyDict::new(py);
        e.set_item("ply", u.ply)?;
        e.set_item("move", u.mv.to_usi())?;
        e.set_item("item", u.item.name())?;
        unsettled.append(e)?;
    }
    d.set_item("unsettled", unsettled)?;
    d.set_item("complete", r.complete())?;
    d.set_item("proves_mate", r.proves_mate())?;
    d.set_item("nodes", r.nodes)?;
    d.set_item("seconds", r.elapsed.as_secs_f64())?;
    Ok(d)
}
