//! `tsumi bench [--quick] [--out PATH] [--seed N]`: reproduces the
//! measurements of the papers tsumi builds on, on this machine, as
//! Markdown tables.

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tsumi_core::magic::{SearchProblem, Slider, SplitMix64};
use tsumi_core::rotated::RotatedPosition;
use tsumi_core::{perft::perft, Hand, MoveList, PieceType, Position, Square};

/// Measure magic search, slider methods, hand comparison, check generation.
///
/// Measures, on this machine: (1) magic-search trials by the number of
/// ANDed random candidates (the magic paper's Table 3); (2) slider methods,
/// magic against Bonanza's rotated bitboards, in perft and check
/// generation; (3) hand superiority, field by field against one subtraction
/// and a borrow mask; (4) check generation directly against all legal moves
/// filtered by gives_check. Prints Markdown and writes it with the CPU model
/// and date to PATH.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Tiny sizes (a smoke test).
    #[arg(long)]
    pub quick: bool,
    /// Where to write the Markdown.
    /// [default: docs/benchmarks.md when every section runs]
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Seed of the magic-search trials.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Run one section only (magic, sliders, hands, checks, mate,
    /// throughput); the tables are printed and written only if --out is
    /// given.
    #[arg(value_name = "SECTION", value_parser = ["magic", "sliders", "hands", "checks", "mate", "throughput"])]
    pub section: Option<String>,
}

const BENCH_POSITIONS: &str = include_str!("../data/bench-positions.sfen");
const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";

struct Sizes {
    trial_cap: u64,
    mean_squares: bool,
    perft: Vec<(&'static str, &'static str, u32)>,
    min_time: Duration,
    hand_pairs: usize,
    positions: usize,
    mate_problems: usize,
    mate_nodes: u64,
    throughput_nodes: u64,
    throughput_tables: [usize; 2],
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string())
}

fn today() -> String {
    // Days since the epoch to a civil date (proleptic Gregorian).
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Runs `f` repeatedly until `min` has passed (at least once) and returns
/// the best time of one call.
fn best_time(min: Duration, mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    let mut best = Duration::MAX;
    loop {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
        if start.elapsed() >= min {
            return best;
        }
    }
}

fn magic_trials(out: &mut String, sizes: &Sizes, seed: u64) {
    let cases = [
        ("rook 1九", Slider::Rook, "1i"),
        ("rook 5五", Slider::Rook, "5e"),
        ("bishop 5五", Slider::Bishop, "5e"),
    ];
    let problems: Vec<SearchProblem> = cases
        .iter()
        .map(|&(_, s, sq)| SearchProblem::new(s, Square::from_usi(sq).unwrap()))
        .collect();
    writeln!(
        out,
        "### 1. Magic search trials (the magic paper's Table 3)\n"
    )
    .unwrap();
    writeln!(
        out,
        "Trials until the first collision-free magic pair, each candidate the AND of n uniform random numbers \
         (seed {seed:#x}, at most {} trials).\n",
        sizes.trial_cap
    )
    .unwrap();
    writeln!(
        out,
        "| ANDed randoms | {} |",
        cases.map(|c| c.0).join(" | ")
    )
    .unwrap();
    writeln!(out, "|---:|{}", "---:|".repeat(cases.len())).unwrap();
    let mut best_and = 3;
    let mut best_total = u64::MAX;
    for n in 1..=6u32 {
        let mut row = format!("| {n} |");
        let mut total = 0u64;
        for p in &problems {
            let mut rng = SplitMix64::new(seed ^ u64::from(n));
            match p.search(&mut rng, n, sizes.trial_cap) {
                Some((_, _, trials)) => {
                    total += trials;
                    write!(row, " {trials} |").unwrap();
                }
                None => {
                    total += sizes.trial_cap;
                    write!(row, " >{} |", sizes.trial_cap).unwrap();
                }
            }
        }
        if total < best_total {
            best_total = total;
            best_and = n;
        }
        writeln!(out, "{row}").unwrap();
    }
    if sizes.mean_squares {
        let mut rng = SplitMix64::new(seed);
        for slider in [Slider::Rook, Slider::Bishop] {
            let mut sum = 0u64;
            let mut max = 0u64;
            for sq in Square::all() {
                let p = SearchProblem::new(slider, sq);
                let t = p
                    .search(&mut rng, best_and, u64::MAX)
                    .map(|r| r.2)
                    .unwrap_or(0);
                sum += t;
                max = max.max(t);
            }
            writeln!(
                out,
                "\nAll 81 {} squares with {best_and} ANDed randoms: mean {:.1} trials, max {max}.",
                slider.name(),
                sum as f64 / 81.0
            )
            .unwrap();
        }
    }
    writeln!(out).unwrap();
}

/// The bench positions as (general, tsume): the file lists 1000 general
/// positions first, then tsume positions; `per_group` caps each group.
fn load_positions(per_group: usize) -> (Vec<Position>, Vec<Position>) {
    let all: Vec<Position> = BENCH_POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| Position::from_sfen(l).expect("bench positions are valid"))
        .collect();
    let (general, tsume) = all.split_at(1000.min(all.len()));
    (
        general.iter().take(per_group).cloned().collect(),
        tsume.iter().take(per_group).cloned().collect(),
    )
}

fn slider_methods(out: &mut String, sizes: &Sizes) {
    writeln!(
        out,
        "### 2. Slider methods (the magic paper's Tables 6–7, on tsumi)\n"
    )
    .unwrap();
    writeln!(
        out,
        "Perft (bulk-counted last ply) with the same generator driven by each slider backend: \
         magic (two magics per square, the paper's form; tsumi's default) and rotated (Bonanza). \
         Ratio = speed relative to rotated.\n"
    )
    .unwrap();
    writeln!(
        out,
        "| case | nodes | magic Mnps | rotated Mnps | magic / rotated |"
    )
    .unwrap();
    writeln!(out, "|---|---:|---:|---:|---:|").unwrap();
    for &(name, sfen, depth) in &sizes.perft {
        let pos = Position::from_sfen(sfen).unwrap();
        let mut nodes = 0;
        let tm = best_time(sizes.min_time, || {
            let mut p = pos.clone();
            nodes = perft(&mut p, black_box(depth));
        });
        let mut rnodes = 0;
        let tr = best_time(sizes.min_time, || {
            let mut rp = RotatedPosition::new(pos.clone());
            rnodes = rp.perft(black_box(depth));
        });
        assert_eq!(nodes, rnodes, "backends disagree on {name}");
        let m = nodes as f64 / tm.as_secs_f64() / 1e6;
        let r = nodes as f64 / tr.as_secs_f64() / 1e6;
        writeln!(
            out,
            "| {name} depth {depth} | {nodes} | {m:.1} | {r:.1} | {:.2} |",
            m / r
        )
        .unwrap();
    }
    let (general, tsume) = load_positions(sizes.positions);
    writeln!(
        out,
        "\nCheck generation (every legal checking move) with each backend, µs per position:\n"
    )
    .unwrap();
    writeln!(
        out,
        "| positions | checks | magic µs/pos | rotated µs/pos | magic / rotated |"
    )
    .unwrap();
    writeln!(out, "|---|---:|---:|---:|---:|").unwrap();
    for (name, set) in [("general", &general), ("tsume", &tsume)] {
        let rotated: Vec<RotatedPosition> = set.iter().cloned().map(RotatedPosition::new).collect();
        let mut n_magic = 0usize;
        let tm = best_time(sizes.min_time, || {
            n_magic = 0;
            for p in set {
                let mut l = MoveList::new();
                p.generate_checks(&mut l);
                n_magic += black_box(l.len());
            }
        });
        let mut n_rot = 0usize;
        let tr = best_time(sizes.min_time, || {
            n_rot = 0;
            for rp in &rotated {
                let mut l = MoveList::new();
                rp.generate_checks(&mut l);
                n_rot += black_box(l.len());
            }
        });
        assert_eq!(n_magic, n_rot, "backends disagree on checks");
        let m = tm.as_secs_f64() * 1e6 / set.len() as f64;
        let r = tr.as_secs_f64() * 1e6 / set.len() as f64;
        writeln!(
            out,
            "| {name} ({}) | {n_magic} | {m:.3} | {r:.3} | {:.2} |",
            set.len(),
            r / m
        )
        .unwrap();
    }
    writeln!(out).unwrap();
}

fn hand_superiority(out: &mut String, sizes: &Sizes) {
    let mut rng = SplitMix64::new(42);
    let max = [18u64, 4, 4, 4, 2, 2, 4];
    let mut hands = Vec::with_capacity(sizes.hand_pairs * 2);
    for _ in 0..sizes.hand_pairs * 2 {
        let mut h = Hand::EMPTY;
        for (i, k) in PieceType::HAND.into_iter().enumerate() {
            h.set_count(k, (rng.next_u64() % (max[i] + 1)) as u32);
        }
        hands.push(h);
    }
    let pairs: Vec<(Hand, Hand)> = hands.chunks(2).map(|c| (c[0], c[1])).collect();
    let mut r1 = 0usize;
    let slow = best_time(sizes.min_time, || {
        r1 = pairs
            .iter()
            .filter(|(a, b)| black_box(*a).is_superior_or_equal_slow(black_box(*b)))
            .count();
    });
    let mut r2 = 0usize;
    let fast = best_time(sizes.min_time, || {
        r2 = pairs
            .iter()
            .filter(|(a, b)| black_box(*a).is_superior_or_equal(black_box(*b)))
            .count();
    });
    assert_eq!(r1, r2);
    let n = pairs.len() as f64;
    let ns_slow = slow.as_secs_f64() * 1e9 / n;
    let ns_fast = fast.as_secs_f64() * 1e9 / n;
    writeln!(out, "### 3. Hand superiority\n").unwrap();
    writeln!(
        out,
        "\"Hand A holds at least as many of every kind as hand B\", over {} random pairs.\n",
        pairs.len()
    )
    .unwrap();
    writeln!(out, "| method | ns per comparison | speed-up |").unwrap();
    writeln!(out, "|---|---:|---:|").unwrap();
    writeln!(out, "| field by field | {ns_slow:.2} | 1.00 |").unwrap();
    writeln!(
        out,
        "| subtraction + borrow mask | {ns_fast:.2} | {:.2} |\n",
        ns_slow / ns_fast
    )
    .unwrap();
}

fn check_generation(out: &mut String, sizes: &Sizes) {
    let (general, tsume) = load_positions(sizes.positions);
    let positions: Vec<&Position> = general.iter().chain(tsume.iter()).collect();
    writeln!(out, "### 4. Check generation\n").unwrap();
    writeln!(
        out,
        "All legal checking moves of each position: the check generator against generating every legal move \
         and keeping those for which gives_check holds. Positions: {} from the bench set.\n",
        positions.len()
    )
    .unwrap();
    writeln!(
        out,
        "| positions | checks | direct µs/pos | legal+filter µs/pos | speed-up |"
    )
    .unwrap();
    writeln!(out, "|---|---:|---:|---:|---:|").unwrap();
    let groups = [
        ("all", positions.clone()),
        ("general", general.iter().collect::<Vec<_>>()),
        ("tsume", tsume.iter().collect::<Vec<_>>()),
    ];
    for (name, set) in groups {
        if set.is_empty() {
            continue;
        }
        let mut n_direct = 0usize;
        let direct = best_time(sizes.min_time, || {
            n_direct = 0;
            for p in &set {
                let mut l = MoveList::new();
                p.generate_checks(&mut l);
                n_direct += black_box(l.len());
            }
        });
        let mut n_filter = 0usize;
        let filtered = best_time(sizes.min_time, || {
            n_filter = 0;
            for p in &set {
                let all = p.legal_moves();
                n_filter += black_box(all.iter().filter(|&&m| p.gives_check(m)).count());
            }
        });
        assert_eq!(
            n_direct, n_filter,
            "check generator disagrees with legal+filter"
        );
        let d = direct.as_secs_f64() * 1e6 / set.len() as f64;
        let f = filtered.as_secs_f64() * 1e6 / set.len() as f64;
        writeln!(
            out,
            "| {name} ({}) | {n_direct} | {d:.2} | {f:.2} | {:.2} |",
            set.len(),
            f / d
        )
        .unwrap();
    }
    writeln!(out).unwrap();
}

/// The tsume-hardware paper's experiment redone in software: the same
/// problems solved by PN* and by df-pn, average time, nodes and nodes per
/// second per problem (the paper: 98 problems, 303 ms in software and
/// 59.3 ms in hardware on average, about 340 k nodes/s).
fn mate_search(out: &mut String, sizes: &Sizes) {
    let problems = tsumi_notation::problem::parse_problems(
        crate::solve_cmd::DEV_SET,
        Some(crate::solve_cmd::DEV_SET_NAME),
    )
    .expect("the bundled set parses");
    let problems: Vec<_> = problems.into_iter().take(sizes.mate_problems).collect();
    writeln!(out, "### 5. Mate search: PN* and df-pn\n").unwrap();
    writeln!(
        out,
        "The tsume-hardware paper's experiment: one set of problems solved by each algorithm \
         (shortest mate proven, line built and checked), at most {} nodes per problem, \
         every interposition counted, a 64 MB table. Set: the first {} problems of the bundled \
         `{}`. The paper: 98 problems, PN* in software 303 ms and in hardware 59.3 ms per \
         problem on average, about 340 k nodes/s.\n",
        sizes.mate_nodes,
        problems.len(),
        crate::solve_cmd::DEV_SET_NAME
    )
    .unwrap();
    writeln!(
        out,
        "| algorithm | problems | solved | avg ms/problem | avg nodes/problem | nodes/s |"
    )
    .unwrap();
    writeln!(out, "|---|---:|---:|---:|---:|---:|").unwrap();
    for algo in [tsumi_mate::Algo::PnStar, tsumi_mate::Algo::DfPn] {
        let mut solver = tsumi_mate::Solver::new(tsumi_mate::SolverConfig {
            algo,
            hash_mb: 64,
            limits: tsumi_mate::Limits::nodes(sizes.mate_nodes),
            ..tsumi_mate::SolverConfig::default()
        });
        let (mut solved, mut nodes, mut time) = (0usize, 0u64, Duration::ZERO);
        for p in &problems {
            let s = solver.solve(&p.position).expect("bundled problems solve");
            if s.proven_shortest || s.verdict == tsumi_mate::Verdict::NoMate {
                solved += 1;
            }
            nodes += s.nodes;
            time += s.elapsed;
        }
        let n = problems.len().max(1) as f64;
        let secs = time.as_secs_f64();
        writeln!(
            out,
            "| {} | {} | {solved} | {:.1} | {:.0} | {:.0} |",
            algo.name(),
            problems.len(),
            secs * 1000.0 / n,
            nodes as f64 / n,
            if secs > 0.0 { nodes as f64 / secs } else { 0.0 }
        )
        .unwrap();
    }
    writeln!(out).unwrap();
}

/// The famous long works of `bench/long.tsv`.
const LONG_WORKS: &str = include_str!("../../../bench/long.tsv");

/// Nodes per second of the df-pn solver at a fixed node budget, on two
/// long composed works and with two table sizes: the search's per-node
/// cost, memory included (a large table's lookups miss the cache).
fn solver_throughput(out: &mut String, sizes: &Sizes) {
    // sfen, published length, name; '#' comments.
    let works: Vec<(&str, Position)> = LONG_WORKS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let name = *f.get(2)?;
            let wanted = ["寿", "ミクロコスモス"].contains(&name);
            wanted.then(|| {
                (
                    name,
                    Position::from_sfen(f[0]).expect("bench/long.tsv SFEN"),
                )
            })
        })
        .collect();
    writeln!(
        out,
        "### 6. Solver throughput
"
    )
    .unwrap();
    writeln!(
        out,
        "df-pn on a fixed budget of {} nodes (the search does not finish), one thread, \
         each work under the 無駄合 rule and with every interposition counted. Instructions \
         per node, which do not depend on the machine's load: `scripts/callgrind-mate.sh`.\n",
        sizes.throughput_nodes
    )
    .unwrap();
    writeln!(
        out,
        "| work | interpositions | table | nodes | s | nodes/s |"
    )
    .unwrap();
    writeln!(out, "|---|---|---:|---:|---:|---:|").unwrap();
    for (name, position) in &works {
        for interpositions in [
            tsumi_mate::Interpositions::SkipUseless,
            tsumi_mate::Interpositions::CountAll,
        ] {
            for hash_mb in sizes.throughput_tables {
                let mut solver = tsumi_mate::Solver::new(tsumi_mate::SolverConfig {
                    hash_mb,
                    interpositions,
                    limits: tsumi_mate::Limits::nodes(sizes.throughput_nodes),
                    ..tsumi_mate::SolverConfig::default()
                });
                solver.commit_table();
                let s = solver.solve(position).expect("the long works solve");
                let secs = s.elapsed.as_secs_f64();
                writeln!(
                    out,
                    "| {} | {} | {hash_mb} MB | {} | {secs:.2} | {:.0} |",
                    name,
                    interpositions.name(),
                    s.nodes,
                    if secs > 0.0 {
                        s.nodes as f64 / secs
                    } else {
                        0.0
                    }
                )
                .unwrap();
            }
        }
    }
    writeln!(out).unwrap();
}

/// Runs the command.
pub fn run(args: BenchArgs) -> Result<(), Box<dyn std::error::Error>> {
    let BenchArgs {
        quick,
        out: out_path,
        seed,
        section,
    } = args;
    let out_path = match (&section, out_path) {
        (_, Some(p)) => Some(p),
        (None, None) => Some(PathBuf::from("docs/benchmarks.md")),
        (Some(_), None) => None,
    };
    let sizes = if quick {
        Sizes {
            trial_cap: 2_000,
            mean_squares: false,
            perft: vec![("startpos", STARTPOS, 3), ("matsuri", MATSURI, 2)],
            min_time: Duration::from_millis(20),
            hand_pairs: 1_000,
            positions: 50,
            mate_problems: 8,
            mate_nodes: 100_000,
            throughput_nodes: 50_000,
            throughput_tables: [4, 16],
        }
    } else {
        Sizes {
            trial_cap: 1_000_000,
            mean_squares: true,
            perft: vec![("startpos", STARTPOS, 5), ("matsuri", MATSURI, 4)],
            min_time: Duration::from_secs(3),
            hand_pairs: 100_000,
            positions: usize::MAX,
            mate_problems: 98,
            mate_nodes: 2_000_000,
            throughput_nodes: 3_000_000,
            throughput_tables: [64, 1024],
        }
    };
    tsumi_core::magic::init();
    tsumi_core::rotated::init();
    let mut body = String::new();
    writeln!(
        body,
        "## tsumi bench{}\n\n{} · {} · {} cores · tsumi {}\n",
        if quick { " --quick" } else { "" },
        cpu_model(),
        today(),
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1),
        env!("CARGO_PKG_VERSION")
    )
    .unwrap();
    type Section<'a> = (&'a str, &'a str, &'a dyn Fn(&mut String));
    let sections: [Section; 6] = [
        ("magic", "magic search", &|o| magic_trials(o, &sizes, seed)),
        ("sliders", "slider methods", &|o| slider_methods(o, &sizes)),
        ("hands", "hand superiority", &|o| {
            hand_superiority(o, &sizes)
        }),
        ("checks", "check generation", &|o| {
            check_generation(o, &sizes)
        }),
        ("mate", "mate search", &|o| mate_search(o, &sizes)),
        ("throughput", "solver throughput", &|o| {
            solver_throughput(o, &sizes)
        }),
    ];
    for (key, name, f) in sections {
        if section.as_deref().is_some_and(|s| s != key) {
            continue;
        }
        eprintln!("bench: {name}…");
        let mut part = String::new();
        f(&mut part);
        print!("{part}");
        body.push_str(&part);
    }
    let doc = format!(
        "# Benchmarks\n\nWritten by `tsumi bench` (release build); numbers are from the machine named below. \
         Rerun it to measure yours.\n\n{body}"
    );
    let Some(out_path) = out_path else {
        return Ok(());
    };
    if let Some(dir) = out_path.parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
    }
    std::fs::write(&out_path, doc)
        .map_err(|e| format!("cannot write {}: {e}", out_path.display()))?;
    eprintln!("bench: wrote {}", out_path.display());
    Ok(())
}
