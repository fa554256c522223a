//! The soundness report: what it says about the solver's own lines, about
//! lines changed on purpose, and about no-mate problems.

mod common;

use common::*;
use tsumi_core::{Move, Position};
use tsumi_mate::report::check_line_shape;
use tsumi_mate::{check_mate_line, Limits, SolveError, Verdict};

fn after(pos: &Position, line: &[Move]) -> Position {
    let mut p = pos.clone();
    for &m in line {
        p.do_move(m);
    }
    p
}

/// On the solver's own shortest lines, the report is complete, finds the
/// line a mate with no longer defence, agrees on the leftover pieces, has
/// no cook shorter than the line, and every same-length defence it gives
/// is a checked mate of exactly the plies the main line has left.
#[test]
fn reports_on_the_solvers_lines() {
    let mut solver = solver(64, Limits::nodes(2_000_000));
    let mut checked = 0;
    let mut with_cooks = 0;
    let mut with_same_length = 0;
    for p in dev_problems()
        .iter()
        .filter(|p| (1..=9).contains(&p.length))
    {
        let pos = position(&p.sfen);
        let sol = solve_checked(&mut solver, &p.sfen);
        assert_eq!(sol.length, Some(p.length), "line {}", p.line_no);
        let r = solver
            .report(&pos, &sol, &Limits::nodes(2_000_000))
            .unwrap()
            .expect("a mate has a report");
        assert!(r.complete(), "line {}: {:?}", p.line_no, r.unsettled);
        assert_eq!(r.ends_in_mate, Some(true), "line {}", p.line_no);
        assert!(r.longer_defences.is_empty(), "line {}", p.line_no);
        assert_eq!(r.leftover, sol.leftover, "line {}", p.line_no);
        assert!(r.proves_mate(), "line {}", p.line_no);
        for c in &r.cooks {
            assert!(c.length >= c.remaining, "line {}: {c:?}", p.line_no);
            assert_eq!(c.is_final, c.remaining == 1);
            assert_eq!(c.length % 2, 1);
            // The cook's own line: a checked mate of its length.
            let prefix = &sol.pv[..c.ply as usize - 1];
            let v = solver
                .variation_line(&pos, prefix, c.mv, c.length, &Limits::nodes(2_000_000))
                .unwrap()
                .unwrap_or_else(|| panic!("line {}: {c:?}: no line", p.line_no));
            assert_eq!(
                (v.len() as u32, v[0]),
                (c.length, c.mv),
                "line {}",
                p.line_no
            );
            let s = check_mate_line(&after(&pos, prefix), &v)
                .unwrap_or_else(|e| panic!("line {}: {c:?}: {e}", p.line_no));
            assert_eq!(s.plies as u32, c.length);
        }
        for d in &r.same_length_defences {
            let mut before = after(&pos, &sol.pv[..d.ply as usize - 1]);
            before.do_move(d.line[0]);
            let s = check_mate_line(&before, &d.line[1..])
                .unwrap_or_else(|e| panic!("line {}: {d:?}: {e}", p.line_no));
            assert_eq!(s.plies as u32, p.length - d.ply, "line {}", p.line_no);
            assert_eq!(s.leftover, d.leftover);
            assert_ne!(d.mv, sol.pv[d.ply as usize - 1]);
        }
        with_cooks += usize::from(r.real_cooks().count() > 0);
        with_same_length += usize::from(!r.same_length_defences.is_empty());
        checked += 1;
    }
    assert!(checked >= 60, "{checked}");
    // Random positions are full of alternatives: the report must see some.
    assert!(with_cooks >= 10, "{with_cooks}");
    assert!(with_same_length >= 10, "{with_same_length}");
}

/// A line whose defender gives up early: the report names the longer
/// defence at that ply, and a cook cannot hide it.
#[test]
fn finds_a_longer_defence_in_a_weak_line() {
    let mut solver = solver(64, Limits::nodes(2_000_000));
    let mut found = 0;
    for p in dev_problems()
        .iter()
        .filter(|p| (5..=9).contains(&p.length))
    {
        let pos = position(&p.sfen);
        let sol = solve_checked(&mut solver, &p.sfen);
        // A defence at ply 2 that is mated sooner than the main one.
        let at1 = after(&pos, &sol.pv[..1]);
        let mut weak = None;
        for e in at1.legal_moves().iter().copied() {
            if e == sol.pv[1] {
                continue;
            }
            let mut q = at1.clone();
            q.do_move(e);
            let s = solver.solve(&q).unwrap();
            if s.verdict == Verdict::Mate && s.proven_shortest && s.length < Some(p.length - 2) {
                weak = Some((e, s.pv));
                break;
            }
        }
        let Some((e, rest)) = weak else { continue };
        let mut line = vec![sol.pv[0], e];
        line.extend(rest);
        let r = solver
            .report_line(&pos, &line, &Limits::nodes(2_000_000))
            .unwrap();
        assert_eq!(r.ends_in_mate, Some(true));
        assert!(!r.proves_mate());
        assert!(
            r.longer_defences
                .iter()
                .any(|d| d.ply == 2 && d.mv == sol.pv[1]),
            "line {}: {:?}",
            p.line_no,
            r.longer_defences
        );
        found += 1;
        if found == 5 {
            break;
        }
    }
    assert_eq!(found, 5);
}

/// A line that stops before mate is reported as not ending in mate.
#[test]
fn a_line_cut_short_does_not_end_in_mate() {
    let mut solver = solver(16, Limits::none());
    let p = dev_problems()
        .into_iter()
        .find(|p| p.length == 7)
        .expect("a mate in 7");
    let pos = position(&p.sfen);
    let sol = solve_checked(&mut solver, &p.sfen);
    let r = solver
        .report_line(&pos, &sol.pv[..5], &Limits::none())
        .unwrap();
    assert_eq!(r.ends_in_mate, Some(false));
    assert!(!r.proves_mate());
}

/// Lines that are not check-and-reply sequences are refused, naming the
/// ply and the move.
#[test]
fn bad_lines_are_refused_with_the_ply() {
    let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1").unwrap();
    let mv = |s: &str| Move::from_usi(s).unwrap();
    let e = check_line_shape(&pos, &[mv("G*9i")]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "ply 1: the attacker's G*9i does not give check"
    );
    let e = check_line_shape(&pos, &[mv("5c5a")]).unwrap_err();
    assert_eq!(e.to_string(), "ply 1: 5c5a is not a legal move");
    let e = check_line_shape(&pos, &[mv("G*5b"), mv("5a5b")]).unwrap_err();
    assert_eq!(e.to_string(), "ply 2: 5a5b is not a legal move");
    let e = check_line_shape(&pos, &[mv("G*4b"), mv("5a4b")]).unwrap_err();
    assert!(e.to_string().contains("ends with a defender's move"), "{e}");
    let mut solver = solver(1, Limits::none());
    match solver.report_line(&pos, &[mv("G*9i")], &Limits::none()) {
        Err(SolveError::BadLine(t)) => assert!(t.starts_with("ply 1:"), "{t}"),
        other => panic!("{other:?}"),
    }
}

/// For a no-mate verdict every first check gets a defence, and each
/// defence is proven: the position after it has no mate.
#[test]
fn no_mate_reports_refute_every_first_check() {
    let mut solver = solver(64, Limits::nodes(2_000_000));
    let mut checked = 0;
    for p in dev_problems().iter().filter(|p| p.length == 0) {
        let pos = position(&p.sfen);
        let sol = solve_checked(&mut solver, &p.sfen);
        assert_eq!(sol.verdict, Verdict::NoMate, "line {}", p.line_no);
        let r = solver
            .report(&pos, &sol, &Limits::nodes(2_000_000))
            .unwrap()
            .expect("a no-mate has a report");
        let checks = pos
            .legal_moves()
            .iter()
            .filter(|&&m| pos.gives_check(m))
            .count();
        assert_eq!(r.first_checks, checks, "line {}", p.line_no);
        assert_eq!(r.refutations.len(), checks, "line {}", p.line_no);
        for f in &r.refutations {
            let d = f.defence.expect("refuted within the limits");
            let mut q = pos.clone();
            q.do_move(f.check);
            assert!(q.legal_moves().contains(d));
            q.do_move(d);
            let s = solver.solve(&q).unwrap();
            assert_eq!(s.verdict, Verdict::NoMate, "line {}: {f:?}", p.line_no);
        }
        checked += 1;
    }
    assert_eq!(checked, 5);
}

/// A long report sends progress reports, as a solve does, to the thread
/// that asked for the report (where a front end shows them, and Python
/// looks for Ctrl-C).
#[test]
fn a_long_report_reports_progress_on_the_calling_thread() {
    use std::sync::{Arc, Mutex};
    use std::time::Duration;
    // 驚愕の曠野: every first check leads to a long search, so refuting
    // them one by one runs until the limit.
    let pos = position("4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1");
    let mut solver = solver(16, Limits::none());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    solver.set_progress(Some(Box::new(move |p: &tsumi_mate::Progress| {
        sink.lock()
            .unwrap()
            .push((std::thread::current().id(), p.nodes));
    })));
    let limits = Limits {
        time: Some(Duration::from_millis(900)),
        ..Limits::default()
    };
    let r = solver.report_no_mate(&pos, &limits).unwrap();
    assert!(!r.complete());
    let seen = seen.lock().unwrap();
    assert!(seen.len() >= 3, "{} reports", seen.len());
    assert!(seen.iter().all(|(t, _)| *t == std::thread::current().id()));
    assert!(seen.windows(2).all(|w| w[0].1 <= w[1].1));
    // The callback stays installed for the next search.
    drop(seen);
    let sol = solver
        .solve(&position("4k4/9/4P4/9/9/9/9/9/9 b G 1"))
        .unwrap();
    assert_eq!(sol.length, Some(1));
}
