//! A limit that stops the search after a mate was found reports that mate
//! (checked, marked as not proven shortest) instead of "unknown".

mod common;

use common::*;
use tsumi_mate::{Defence, Interpositions, Limits, Shortest, Solver, SolverConfig, Verdict};

/// 将棋無双 9 (29 plies): the first mate is found within a few ten
/// thousand nodes, proving that no 27-ply mate exists takes far more.
fn musou_9() -> MusouProblem {
    musou_problem("musou-009")
}

#[test]
fn a_mate_found_before_the_limit_is_kept() {
    let p = musou_9();
    let mut s = solver(64, Limits::nodes(60_000));
    let sol = solve_checked(&mut s, &p.sfen);
    assert_eq!(sol.verdict, Verdict::Mate, "{} nodes", sol.nodes);
    assert!(!sol.proven_shortest);
    // The line is a real mate (solve_checked replayed it) and cannot be
    // shorter than the proven shortest.
    let n = sol.length.expect("a length");
    assert!(n >= p.length && n % 2 == 1, "length {n}");
    assert_eq!(sol.pv.len() as u32, n);
    assert_eq!(solved_length(&sol), None);
    assert_eq!(sol.proven_at, None, "nothing proven shortest");
    assert!(sol.first_mate.is_some());
}

/// Without a limit the same problem is proven shortest, and the solution
/// says when: after the first mate, before the line was built and
/// checked (which takes nodes of its own here).
#[test]
fn a_proven_length_says_when_it_was_proven() {
    let p = musou_9();
    let mut s = solver(64, Limits::none());
    let sol = solve_checked(&mut s, &p.sfen);
    assert_eq!(solved_length(&sol), Some(p.length));
    let (first_nodes, first_time) = sol.first_mate.expect("a first mate");
    let (proof_nodes, proof_time) = sol.proven_at.expect("proven shortest");
    assert!(
        first_nodes < proof_nodes,
        "{first_nodes} then {proof_nodes}"
    );
    assert!(proof_nodes < sol.nodes, "{proof_nodes} then {}", sol.nodes);
    assert!(first_time <= proof_time && proof_time <= sol.elapsed);
}

/// 将棋無双 84 (published 29), every interposition counted, the longest
/// defence, stopped at 300,000 nodes while shortening a mate within 35.
/// Read at each defence as the reply the table knew to be mated latest,
/// the line had 31 plies for a claim of 35 (`tsumi solve --nodes 300000
/// --hash 64 --interpositions count --defence longest` at `8dda894`).
/// Read from the proof (`search/kept_line.rs`), the line follows the
/// longest defences of the proof found: its length is the claim, a bound
/// proven against every defence, so never below the shortest mate.
#[test]
fn a_kept_line_is_as_long_as_its_claim() {
    let p = musou_problem("musou-084");
    let mut s = solver(64, Limits::nodes(300_000));
    let sol = solve_checked(&mut s, &p.sfen);
    assert_eq!(sol.verdict, Verdict::Mate, "{} nodes", sol.nodes);
    assert!(
        !sol.proven_shortest,
        "proven within the limit: pick another"
    );
    let n = sol.length.expect("a length");
    assert_eq!(sol.pv.len() as u32, n);
    assert_eq!(sol.longest_defence, None, "the line is the claim");
    assert!(n <= 35, "claims {n}, above the bound the search proved");
    // Tier B: counting every interposition the shortest mate is longer
    // than the published length.
    assert!(n >= p.length, "claims {n}, below the shortest");
}

/// 夢の旅人 (a long work of `../shared/data/tsume/long.tsv`, a position
/// of shtsume's test set, MIT).
const YUME_NO_TABIBITO: &str = "9/S3p3n/G2p5/1G7/2P+B4N/+rnB2S2R/N3G4/2L2ppp1/G1sks4 b 12P3l 1";

/// Under the 無駄合 rule the first mate of 夢の旅人, 339 plies, comes at
/// about 4.9 M nodes; by 13 M nodes the shortening searches have filled
/// the 1 GB table, and the lines of the mates found, 339 plies or
/// shorter, are no longer in it and too long to search for again within
/// the grace nodes. Each line is read from the table when its mate is
/// found, so the solve still answers with a checked mate (before, it
/// answered "unknown").
#[test]
#[ignore = "about 40 s: cargo test --release -p tsumi-mate --test kept_mate -- --ignored"]
fn a_long_mate_is_kept_after_its_table_moved_on() {
    let mut s = rule_solver(1024, Limits::nodes(13_000_000), Defence::NoLeftover);
    let sol = solve_checked(&mut s, YUME_NO_TABIBITO);
    assert_eq!(sol.verdict, Verdict::Mate, "{} nodes", sol.nodes);
    assert!(!sol.proven_shortest);
    // The claim: the bound proven against every defence.
    let n = sol.longest_defence.or(sol.length).expect("a length");
    assert!(n <= 339 && n % 2 == 1, "length {n}");
}

/// Astral Traveler (579 plies published), from `long.tsv`: with the AND
/// cap (`and_cap.rs`) its first mate comes at about 3.4 M nodes, deeper
/// than the table can give back probe by probe, so its line is searched
/// for at once, while the table still holds the proof (`line_searched`);
/// before, the solve found the mate and answered "unknown" at the limit.
#[test]
#[ignore = "about 20 s: cargo test --release -p tsumi-mate --test kept_mate -- --ignored"]
fn a_first_mate_whose_line_the_table_cannot_give_is_kept() {
    const ASTRAL_TRAVELER: &str =
        "lp2p3g/+R4p1Sn/1P1kgsp1p/3+p+p1s2/B1p+r1P3/L8/+n3NgB+pP/+p4G1+p1/P+pPsP4 b Lnl 1";
    let mut s = rule_solver(1024, Limits::nodes(13_000_000), Defence::NoLeftover);
    let sol = solve_checked(&mut s, ASTRAL_TRAVELER);
    assert_eq!(sol.verdict, Verdict::Mate, "{} nodes", sol.nodes);
    let n = sol.longest_defence.or(sol.length).expect("a length");
    assert!(n >= 579 && n % 2 == 1, "length {n}");
}

/// 将棋無双 82 (published 21; 25 against the longest defence, which
/// leaves pieces: 変長), under the 無駄合 rule, stopped at its first mate
/// (`Shortest::First`), a mate within 27. Under `longest` the kept line
/// follows the longest defences of the proof found, 27 plies, and ends
/// with two pawns in hand. Under `no-leftover` it prefers, at each
/// defence, one whose line leaves no piece over a longer one that leaves
/// pieces: 25 plies with nothing left, and the bound proven against every
/// defence, 27, is given beside it (`longest_defence`), never a line
/// silently shorter than its claim. (At `8dda894` both gave the 27-ply
/// line with two pawns left.)
#[test]
fn a_kept_line_prefers_a_defence_that_leaves_nothing_under_no_leftover() {
    let p = musou_problem("musou-082");
    let kept = |defence| {
        let mut s = Solver::new(SolverConfig {
            hash_mb: 64,
            interpositions: Interpositions::SkipUseless,
            defence,
            shortest: Shortest::First,
            ..SolverConfig::default()
        });
        solve_checked(&mut s, &p.sfen)
    };
    let longest = kept(Defence::Longest);
    assert_eq!(longest.verdict, Verdict::Mate);
    assert!(!longest.proven_shortest);
    let claim = longest.length.unwrap();
    assert_eq!(longest.pv.len() as u32, claim);
    assert_eq!(longest.longest_defence, None);
    assert!(
        !longest.leftover.is_empty(),
        "the longest line leaves pieces"
    );
    let clean = kept(Defence::NoLeftover);
    assert!(!clean.proven_shortest);
    assert!(clean.leftover.is_empty(), "the kept line leaves nothing");
    let n = clean.length.unwrap();
    assert!(n < claim, "{n} plies");
    assert_eq!(clean.longest_defence, Some(claim), "the claim beside it");
}
