//! Criterion benchmarks of perft.
//!
//! `cargo bench -p tsumi-core --bench perft` runs the quick cases (start
//! position depth 5, matsuri depth 3); set `TSUMI_BENCH_FULL=1` to add the
//! reference cases of the issue tracker, start position depth 6 and matsuri
//! depth 4 (several seconds per iteration).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use std::time::Duration;
use tsumi_core::perft::perft;
use tsumi_core::Position;

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";

fn bench_perft(c: &mut Criterion) {
    tsumi_core::magic::init();
    let full = std::env::var_os("TSUMI_BENCH_FULL").is_some();
    let mut cases = vec![
        ("startpos", STARTPOS, 5u32, 19_861_490u64),
        ("matsuri", MATSURI, 3, 4_809_015),
    ];
    if full {
        cases.push(("startpos", STARTPOS, 6, 547_581_517));
        cases.push(("matsuri", MATSURI, 4, 516_925_165));
    }
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(if full { 60 } else { 10 }));
    for (name, sfen, depth, nodes) in cases {
        let pos = Position::from_sfen(sfen).unwrap();
        group.throughput(criterion::Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(name, depth), &depth, |b, &d| {
            b.iter(|| {
                let mut p = pos.clone();
                let n = perft(&mut p, black_box(d));
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
