//! A question that the solve's table leads astray, asked again on a
//! fresh one.
//!
//! The line builder judges each interposition of the line by asking
//! whether its shortcut (the position without it) is mated within the
//! other defences' length ([`Walker::settle_off_line_here`]). Such a
//! search starts hundreds of plies below the root, on a table the proof
//! has filled, and now and then what the table holds leads it astray: on
//! 世界大戦, in a third of the two-thread solves, one of the three
//! shortcuts judged at ply 126 to 138 (each mated within 258–270 plies)
//! took 36–46 million nodes (18–22 s) where its two siblings took 0.6–1.8
//! million, and where the same question alone on an empty table takes
//! 0.73 million (docs/solver.md, "世界大戦 stalls"). The cost of such a
//! search is heavy-tailed in what the table holds, and a restart on
//! another table cuts the tail: past [`FRESH_AFTER`] nodes the search
//! goes on, turn about, on a table of its own, empty at first
//! ([`fresh_megabytes`]), and on the solve's table, each turn twice as
//! long as the last on the table of its own, until one of them settles
//! the node. Neither search's work is lost, so a question costs at most
//! about four times the nodes of the faster of the two; one that needs
//! no more than
//! [`FRESH_AFTER`] nodes (all but the stalled ones seen) runs as before,
//! node for node.
//!
//! Some shortcuts are hard on an empty table too: on 世界大戦, one of the
//! three at ply 130 is not settled within 12 M nodes alone, with or
//! without the path above it, and takes 0.58 M once its sibling's proof
//! is in the table. So when the empty table's first turn fails as well,
//! the next turn, as long, is on a new table of its own on which the
//! shortcuts asked before at the same node are settled first (each within
//! [`FRESH_AFTER`] nodes); the turns then go on with that one.
//!
//! When several threads take part ([`Walker::settle_here`] hands a
//! question that needs more than a few thousand nodes to all of them),
//! the busy marks steer the defences ([`Steer::Defences`], as while the
//! first mate is looked for) and not the checks as in the rest of the
//! line: the shortcuts whose questions take long are mated (every one of
//! 世界大戦's in these runs: the interposition is useless), proofs of a
//! mate a few hundred plies long, one line whose every defence must be
//! proven, which threads steered apart at the checks leave. Measured on
//! 世界大戦 (the nodes of the line's phase, alternating runs, 2026-11-29;
//! one thread 6.53 M, the
//! same with either steer): at two threads 4.1–9.1 M (mean 5.9 M) in 11
//! runs against 4.6–16.2 M (mean 8.7 M) steering the checks (in ten
//! more, medians 5.35 M against 6.81 M, one run of 23.6 M), at four
//! 5.4–6.1 M against 6.6–8.7 M in 3, at eight 5.4–8.0 M against 6.4–14.1
//! M in 4; each question settled in one turn took 0.6–1.1 M nodes at
//! eight threads against 0.5–1.9 M. The line's other questions, mostly
//! refutations, keep steering the checks (steering the defences there
//! too, chosen by which way a question leaned after its first 2,048
//! nodes, took the 7 将棋無双 problems' line from 1.21 M to 1.33 M nodes at
//! two threads).
//!
//! Both searches answer the same question (mated within the bound, under
//! the rule, with the same path above the node for repetitions) soundly,
//! so the answer does not depend on which one settles it; the line uses
//! the answer alone, and the table of its own is dropped with what it
//! learnt.

use crate::busy::Steer;
use crate::child::NodeResult;
use crate::search::context::Context;
use crate::search::walker::Walker;
use crate::table::Table;
use tsumi_core::Position;

/// The nodes a shortcut's search spends on the solve's table before it
/// is tried on a table of its own: over twice what a shortcut of 世界大戦
/// takes on one thread when the table does not mislead it (0.49–0.86
/// million; 0.6–1.8 million for two threads together), and more than any
/// shortcut of the shared sets takes.
pub(crate) const FRESH_AFTER: u64 = 2_000_000;

/// The size of the table of its own, in MiB, for a solve with a table of
/// `hash_mb`: an eighth of it (128 MiB for 1 GiB: four million entries,
/// where the stalled shortcut of 世界大戦 needs under a million), at
/// least 4 MiB. Like every table it costs nothing until touched, and is
/// given back when the question is settled. It is on huge pages from its
/// first touch ([`Table::for_long_search`]): on small pages, which a table
/// of this size starts on, the first touches of its pages made its
/// searches about half as fast (on 世界大戦 at two threads, 0.80–1.28 M
/// nodes a second in 5 turns on it, against 1.29–2.9 M in 12 turns on
/// huge pages; on this VM the first touch of a small page costs about
/// 11 µs).
pub(crate) fn fresh_megabytes(hash_mb: usize) -> usize {
    (hash_mb / 8).max(4)
}

/// The context of a shortcut's question in the phase's context `cx`:
/// where the threads join the question, they split the defences, as in
/// the first mate (see the module documentation).
fn shortcut_context<'t>(cx: &Context<'t>) -> Context<'t> {
    cx.steering(Steer::Defences)
}

impl Walker {
    /// Settles `q`, a position off the current line (a shortcut of an
    /// interposition the line builder judges), with the current path above
    /// it, within `remaining` plies with [`Walker::settle_here`],
    /// on the context's table for up to [`FRESH_AFTER`] nodes, then in
    /// turns on a table of its own and on the context's table, the turns
    /// doubling (see the module documentation), until the node is settled
    /// or a limit stops the search. When the first table of its own is
    /// misled too, a second one first settles again the shortcuts settled
    /// before this one at the same node, `earlier` (see
    /// [`Walker::settle_in_turns`]). Inside a parallel
    /// search's helper it is [`Walker::settle`] alone, as
    /// [`Walker::settle_here`] is.
    pub(crate) fn settle_off_line_here(
        &mut self,
        cx: &Context,
        q: &Position,
        remaining: u16,
        earlier: &[Position],
    ) -> NodeResult {
        let ply = self.path_len() as u16;
        if self.budget.in_pool() {
            return self.detour(q.clone(), true, |w| w.settle(cx, remaining, ply));
        }
        let cx = &shortcut_context(cx);
        let ask = |w: &mut Walker, cx: &Context, q: &Position| {
            w.detour(q.clone(), true, |w| w.settle_here(cx, remaining, ply))
        };
        self.settle_in_turns(
            cx,
            FRESH_AFTER,
            |w, cx| ask(w, cx, q),
            |w, cx| {
                for e in earlier {
                    // Only what it leaves in the table counts.
                    let _ = w.settle_for(cx, FRESH_AFTER, |w, cx| ask(w, cx, e));
                }
            },
        )
        .0
    }

    /// Runs `search` on the context's table for a first turn of `first`
    /// nodes, then as long on a table of its own, empty; if that too is
    /// misled, as long again on a new table of its own on which `seed` has
    /// searched first; then in turns on that table and on the context's,
    /// each twice as long as the last, until a turn settles the node.
    /// Also returns the number of turns taken (one: the solve's table
    /// alone).
    ///
    /// Why the seed: on 世界大戦 the hard shortcut of the three judged at
    /// ply 130 (within 266 plies) is not settled within 12 M nodes on an
    /// empty table, with or without the path above it, and takes 0.58 M
    /// once its sibling's proof (0.71 M nodes) is in the table
    /// (docs/solver.md, "世界大戦 stalls"). An easy shortcut misled only
    /// by the solve's table is settled on the empty table first, without
    /// paying for the seed.
    fn settle_in_turns(
        &mut self,
        cx: &Context,
        first: u64,
        mut search: impl FnMut(&mut Walker, &Context) -> NodeResult,
        mut seed: impl FnMut(&mut Walker, &Context),
    ) -> (NodeResult, u32) {
        let mut fresh: Option<Table> = None;
        let mut seeded = false;
        let mut turn = first;
        let mut on_fresh = false;
        let mut turns = 1;
        loop {
            if on_fresh && fresh.is_none() {
                match Table::try_new(fresh_megabytes(cx.phase.config.hash_mb)) {
                    Ok(mut t) => {
                        // Made for a search of millions of nodes.
                        t.for_long_search();
                        if seeded {
                            seed(self, &cx.on_table(&t));
                        }
                        fresh = Some(t)
                    }
                    // No memory for it: the solve's table alone.
                    Err(_) => return (search(self, cx), turns),
                }
            }
            let tt = match (&fresh, on_fresh) {
                (Some(t), true) => t,
                _ => cx.tt,
            };
            let on_tt = cx.on_table(tt);
            if let Ok(r) = self.settle_for(&on_tt, turn, &mut search) {
                return (r, turns);
            }
            turns += 1;
            if on_fresh && !seeded {
                // Misled on an empty table as well: the next turn, as
                // long, on a new table of its own that first settles the
                // earlier questions.
                seeded = true;
                fresh = None;
                continue;
            }
            if on_fresh {
                turn = turn.saturating_mul(2);
            }
            on_fresh = !on_fresh;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{shortcut_context, FRESH_AFTER};
    use crate::busy::Steer;
    use crate::config::SolverConfig;
    use crate::limits::{Budget, Limits};
    use crate::search::context::Context;
    use crate::search::parallel::tests::two_plies_in;
    use crate::search::walker::Walker;
    use crate::table::Table;

    /// 将棋無双 9 (29 plies), two plies into its line, asked whether it is
    /// mated within the 27 plies left (yes) and within 25 (no): settled
    /// on one table ([`Walker::settle_here`]), in turns whose first is
    /// longer than the search (the same answer, node for node at one
    /// thread), and in turns of 300 nodes, so that the table of its own
    /// and the solve's table take several turns each: the same answer; the
    /// seed searched once, on the second table of its own, never before
    /// the empty one has had its turn.
    #[test]
    fn turns_on_a_table_of_its_own_give_the_same_answer() {
        let (pos, attacker, path) = two_plies_in();
        for threads in [1, 2] {
            for (remaining, mated) in [(27, true), (25, false)] {
                let config = SolverConfig {
                    threads,
                    hash_mb: 16,
                    ..SolverConfig::default()
                };
                let settle = |first: Option<u64>| {
                    let seeds = std::cell::Cell::new(0);
                    let table = Table::try_new(16).unwrap();
                    let cx = Context::new(&table, config);
                    let mut w = Walker::idle();
                    let budget = Budget::start(&Limits::nodes(50_000_000), None);
                    w.start_below(pos.clone(), attacker, &path, budget);
                    let (r, turns) = match first {
                        None => (w.settle_here(&cx, remaining, 2), 1),
                        Some(first) => w.settle_in_turns(
                            &cx,
                            first,
                            |w, cx| w.settle_here(cx, remaining, 2),
                            |_, _| seeds.set(seeds.get() + 1),
                        ),
                    };
                    assert_eq!(w.path_entries(), &path[..], "the path is put back");
                    assert_eq!(w.pos.key(), pos.key(), "the position is put back");
                    // Turn 1 on the solve's table, 2 on an empty one, the
                    // seed before turn 3 on a new one.
                    assert_eq!(seeds.get(), u32::from(turns >= 3), "{turns} turns");
                    (r, turns, w.nodes)
                };
                let what = format!("{threads} threads, within {remaining}");
                let (r, _, nodes) = settle(None);
                assert!(r.resolved(), "{what}");
                assert_eq!(r.pn == 0, mated, "{what}");
                assert!(nodes < FRESH_AFTER, "{what}: {nodes}");
                let (long, turns, long_nodes) = settle(Some(FRESH_AFTER));
                assert_eq!(turns, 1, "{what}");
                assert_eq!((long.pn, long.dn, long.len), (r.pn, r.dn, r.len), "{what}");
                if threads == 1 {
                    assert_eq!(long_nodes, nodes, "{what}");
                }
                let (short, turns, _) = settle(Some(300));
                assert!(turns >= 4, "{what}: {turns} turns");
                assert!(short.resolved(), "{what}");
                assert_eq!(short.pn == 0, mated, "{what}");
                if mated {
                    assert_eq!((short.len, r.len), (27, 27), "{what}");
                }
            }
        }
    }

    /// A shortcut's question steers the defences and changes nothing else
    /// of the phase; asked of 将棋無双 9 two plies into its line (as a
    /// position off the line of the node one ply above it) with 1, 2 and
    /// 4 threads, where the helpers join it: mated within the 27 plies
    /// left, not within 25, the walker put back at its node.
    #[test]
    fn a_shortcut_is_settled_alike_by_any_number_of_threads() {
        let table = Table::try_new(16).unwrap();
        let cx = Context::new(&table, SolverConfig::default());
        let sc = shortcut_context(&cx);
        assert_eq!(cx.phase.steer, Steer::Checks);
        assert_eq!(sc.phase.steer, Steer::Defences);
        assert_eq!(
            format!("{:?}", sc.phase.config),
            format!("{:?}", cx.phase.config)
        );
        assert_eq!(sc.phase.cap, cx.phase.cap);
        let (pos, attacker, path) = two_plies_in();
        let mut parent = pos.clone();
        parent.undo_move();
        for threads in [1, 2, 4] {
            for (remaining, mated) in [(27, true), (25, false)] {
                let config = SolverConfig {
                    threads,
                    hash_mb: 16,
                    ..SolverConfig::default()
                };
                let table = Table::try_new(16).unwrap();
                let cx = Context::new(&table, config);
                let mut w = Walker::idle();
                let budget = Budget::start(&Limits::nodes(50_000_000), None);
                w.start_below(parent.clone(), attacker, &path[..2], budget);
                let r = w.settle_off_line_here(&cx, &pos, remaining, &[]);
                let what = format!("{threads} threads, within {remaining}");
                assert!(r.resolved(), "{what}");
                assert_eq!(r.pn == 0, mated, "{what}");
                assert_eq!(w.path_entries(), &path[..2], "{what}: the path is put back");
                assert_eq!(
                    w.pos.key(),
                    parent.key(),
                    "{what}: the position is put back"
                );
                if threads > 1 && mated {
                    assert!(w.helpers.is_some(), "{what}: the helpers joined");
                }
            }
        }
    }
}
