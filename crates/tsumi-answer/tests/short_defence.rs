//! `check_line` names the first ply whose defence is not the longest, by
//! true mate lengths: lines made from published problems (将棋無双,
//! modern prize works) with one later defence replaced by a shorter one
//! and the line cut to its mate are blamed at that ply and no earlier one,
//! although every earlier defence of the author's line now lasts longer
//! than the author's shortened continuation.

use tsumi_answer::check::{check_line, CheckVerdict};
use tsumi_core::{Move, Position};
use tsumi_mate::{Defence, Interpositions, Limits, Solver, SolverConfig, Verdict};

fn solver(rule: Interpositions) -> Solver {
    Solver::new(SolverConfig {
        hash_mb: 64,
        interpositions: rule,
        defence: Defence::for_rule(rule),
        limits: Limits {
            time: Some(std::time::Duration::from_secs(20)),
            ..Limits::none()
        },
        ..SolverConfig::default()
    })
}

fn replay(pos: &Position, line: &[Move]) -> Position {
    let mut p = pos.clone();
    for &m in line {
        p.do_move(m);
    }
    p
}

/// The author's lines made from `pv` (a shortest mate of `pos` against
/// the longest defence): at the defender's ply `k` (1-based), a defence
/// that is a king move or a capture (never an interposition, which the
/// 無駄合 rule may not count) and is mated sooner than the line's, then
/// the shortest mate after it. At most `per_ply` per ply.
fn substituted(
    solver: &mut Solver,
    pos: &Position,
    pv: &[Move],
    plies: &[usize],
) -> Vec<(u32, Vec<Move>)> {
    let mut out = Vec::new();
    for &k in plies {
        assert!(k % 2 == 0 && k < pv.len(), "{k}");
        let before = replay(pos, &pv[..k - 1]);
        let mine_left = (pv.len() - k) as u32;
        let mut alts: Vec<Move> = before
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| m != pv[k - 1])
            .filter(|&m| {
                m.from().is_some_and(|f| {
                    before
                        .piece_at(f)
                        .is_some_and(|p| p.kind == tsumi_core::PieceType::King)
                }) || before.piece_at(m.to()).is_some()
            })
            .collect();
        alts.sort_by_key(|m| m.to_usi());
        for alt in alts {
            let mut after = before.clone();
            after.do_move(alt);
            let sol = solver.solve(&after).unwrap();
            if sol.verdict != Verdict::Mate || !sol.proven_shortest {
                continue;
            }
            if sol.length.unwrap() < mine_left {
                let mut line = pv[..k - 1].to_vec();
                line.push(alt);
                line.extend(&sol.pv);
                out.push((k as u32, line));
                break;
            }
        }
    }
    out
}

/// Checks every substituted line of problem `name` (of the `tsv` text)
/// at the defender plies from 4 on: the number of lines, and how many of
/// them the report alone would have blamed at an earlier ply.
fn check_named(tsv: &str, name: &str) -> (usize, usize) {
    let sfen = tsv
        .lines()
        .find(|l| l.split('\t').nth(2) == Some(name))
        .unwrap_or_else(|| panic!("{name}"))
        .split('\t')
        .next()
        .unwrap();
    let pos = Position::from_sfen(sfen).unwrap();
    let mut s = solver(Interpositions::SkipUseless);
    let sol = s.solve(&pos).unwrap();
    assert!(
        sol.verdict == Verdict::Mate && sol.proven_shortest,
        "{name}"
    );
    let pv = sol.pv.clone();
    let plies: Vec<usize> = (4..pv.len()).step_by(2).collect();
    let lines = substituted(&mut s, &pos, &pv, &plies);
    let mut earlier = 0;
    for (k, line) in &lines {
        let f = check_line(&mut s, &pos, line, &Limits::none()).unwrap();
        let usi: Vec<String> = line.iter().map(|m| m.to_usi()).collect();
        let what = format!("{name} ply {k}: {} [{}]", f.summary, usi.join(" "));
        assert_eq!(f.verdict, CheckVerdict::LongerDefence, "{what}");
        assert_eq!(f.ply, Some(*k), "{what}");
        let d = f.short_defence.as_ref().unwrap_or_else(|| panic!("{what}"));
        assert_eq!((d.ply, d.mv), (*k, line[*k as usize - 1]), "{what}");
        assert_eq!(d.length as usize, line.len() - *k as usize + 1, "{what}");
        // The longest defence there lasts as long as the solver's line's.
        assert_eq!(
            d.longest_length,
            Some((pv.len() - *k as usize + 1) as u32),
            "{what}"
        );
        assert!(d.breaks_line, "{what}");
        assert!(
            f.summary.contains("not a forced mate because of it"),
            "{what}"
        );
        // The report's first longer defence: where the old verdict looked.
        let report = f.report.as_ref().unwrap();
        let first = report.real_longer_defences().next().unwrap().ply;
        assert!(first <= *k, "{what}");
        if first < *k {
            earlier += 1;
        }
    }
    (lines.len(), earlier)
}

const MUSOU: &str = include_str!("../../../problems/musou.tsv");
const MODERN: &str = include_str!("../../tsumi-mate/tests/data/modern.tsv");

#[test]
fn published_lines_with_a_later_short_defence_are_blamed_there() {
    let (mut lines, mut earlier) = (0, 0);
    for (tsv, name) in [
        (MUSOU, "musou-038"),
        (MUSOU, "musou-055"),
        (MUSOU, "musou-029"),
        (MUSOU, "musou-009"),
        (MODERN, "yumei2-0205"),
        (MODERN, "yumei2-0223"),
        (MODERN, "yumei2-0314"),
        (MODERN, "yumei-0252"),
        (MODERN, "yumei-0357"),
    ] {
        let (n, e) = check_named(tsv, name);
        eprintln!("{name}: {n} lines, {e} blamed earlier by the report");
        lines += n;
        earlier += e;
    }
    // On some lines the report alone names an earlier ply (the fault
    // this check was built against).
    assert!(lines >= 30 && earlier >= 8, "{lines} {earlier}");
}

/// An independent brute-force minimax (plain legal moves, every
/// interposition counted), memoised by position and bound.
struct Minimax {
    memo: std::collections::HashMap<(u64, u32), bool>,
}

impl Minimax {
    /// The attacker (to move in `pos`) mates within `n` plies.
    fn mates_within(&mut self, pos: &mut Position, n: u32) -> bool {
        if let Some(&v) = self.memo.get(&(pos.key(), n)) {
            return v;
        }
        let mut found = false;
        for &m in pos.legal_moves().iter() {
            if !pos.gives_check(m) {
                continue;
            }
            pos.do_move(m);
            let replies: Vec<Move> = pos.legal_moves().iter().copied().collect();
            let mated = replies.is_empty()
                || (n >= 3
                    && replies.iter().all(|&r| {
                        pos.do_move(r);
                        let v = self.mates_within(pos, n - 2);
                        pos.undo_move();
                        v
                    }));
            pos.undo_move();
            if mated {
                found = true;
                break;
            }
        }
        self.memo.insert((pos.key(), n), found);
        found
    }

    /// The exact mate length (attacker to move) if at most `cap`.
    fn length(&mut self, pos: &mut Position, cap: u32) -> Option<u32> {
        (1..=cap).step_by(2).find(|&n| self.mates_within(pos, n))
    }

    /// The first defender ply (1-based) of `line` whose defence is mated
    /// sooner than another defence there, by exact lengths (the author's
    /// defence's found within `cap` plies after it).
    fn first_short_defence(&mut self, start: &Position, line: &[Move], cap: u32) -> Option<u32> {
        let mut pos = start.clone();
        for (i, &m) in line.iter().enumerate() {
            if i % 2 == 1 {
                pos.do_move(m);
                let mine = self.length(&mut pos, cap).unwrap_or_else(|| {
                    let usi: Vec<String> = line.iter().map(|m| m.to_usi()).collect();
                    panic!(
                        "{} {}: not mated within {cap} after ply {}",
                        start.to_sfen(),
                        usi.join(" "),
                        i + 1
                    )
                });
                pos.undo_move();
                for &d in pos.legal_moves().iter().filter(|&&d| d != m) {
                    pos.do_move(d);
                    let longer = !self.mates_within(&mut pos, mine);
                    pos.undo_move();
                    if longer {
                        return Some(i as u32 + 1);
                    }
                }
            }
            pos.do_move(m);
        }
        None
    }
}

/// Every problem of the development set (every interposition counted)
/// with a mate of at most `max_len` plies: each single-defence
/// substitution along the solver's line (the other defence, then the
/// shortest mate after it) is blamed at its ply when that defence is
/// mated sooner, and not blamed when it lasts as long; on the lines of at
/// most `brute_len` plies the verdict's ply is the brute-force minimax's.
#[test]
fn dev_set_substitutions_name_the_first_faulty_ply() {
    let dev = include_str!("../../../problems/dev.sfen");
    let (max_len, brute_len) = (7, 5);
    let mut s = solver(Interpositions::CountAll);
    let mut brute = Minimax {
        memo: Default::default(),
    };
    let (mut lines, mut blamed, mut brute_checked, mut problems) = (0, 0, 0, 0);
    let started = std::time::Instant::now();
    for row in dev
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (sfen, name) = row.split_once('\t').unwrap();
        let pos = Position::from_sfen(sfen).unwrap();
        let sol = s.solve(&pos).unwrap();
        if sol.verdict != Verdict::Mate || sol.pv.len() < 3 || sol.pv.len() > max_len {
            continue;
        }
        assert!(sol.proven_shortest, "{name}");
        problems += 1;
        let pv = sol.pv.clone();
        for k in (2..pv.len()).step_by(2) {
            let before = replay(&pos, &pv[..k - 1]);
            for &alt in before.legal_moves().iter().filter(|&&m| m != pv[k - 1]) {
                let mut after = before.clone();
                after.do_move(alt);
                let cont = s.solve(&after).unwrap();
                if cont.verdict != Verdict::Mate || !cont.proven_shortest {
                    continue;
                }
                let mut line = pv[..k - 1].to_vec();
                line.push(alt);
                line.extend(&cont.pv);
                let shorter = line.len() < pv.len();
                let f = check_line(&mut s, &pos, &line, &Limits::none()).unwrap();
                let usi: Vec<String> = line.iter().map(|m| m.to_usi()).collect();
                let what = format!("{name} ply {k}: {} [{}]", f.summary, usi.join(" "));
                lines += 1;
                if shorter {
                    blamed += 1;
                    assert_eq!(f.verdict, CheckVerdict::LongerDefence, "{what}");
                    assert_eq!(f.ply, Some(k as u32), "{what}");
                } else {
                    assert_ne!(f.verdict, CheckVerdict::LongerDefence, "{what}");
                }
                if pv.len() <= brute_len {
                    // The line's defences before `k` are the solver's, so
                    // every one is mated within the solver's length.
                    brute_checked += 1;
                    let want = brute.first_short_defence(&pos, &line, pv.len() as u32);
                    let got = (f.verdict == CheckVerdict::LongerDefence)
                        .then_some(f.ply)
                        .flatten();
                    assert_eq!(got, want, "{what}");
                }
            }
        }
    }
    eprintln!(
        "{problems} problems, {lines} lines ({blamed} blamed, {brute_checked} against the minimax) in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(
        problems >= 60 && blamed >= 100 && brute_checked >= 100,
        "{problems} {blamed} {brute_checked}"
    );
}
