//! Perft speed: `cargo bench -p kyoku-shogun --bench perft`.
//! Criterion reports the time of perft(start, 5) at rotation 0; the
//! throughput line gives leaves per second (bulk counting at the leaves).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kyoku_core::perft;
use kyoku_shogun::{Options, start};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let pos = start(&Options::default()).expect("the default start is valid");
    let nodes = perft(&pos, 5);
    let mut g = c.benchmark_group("shogun");
    g.sample_size(10);
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("perft_start_5", |b| b.iter(|| perft(black_box(&pos), 5)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
