//! Perft speed: `cargo bench -p kyoku-dobutsu --bench perft`.
//! Criterion reports time per perft(start, 9) = 7,833,001 leaves; the
//! throughput line gives leaves per second (bulk counting at the leaves).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kyoku_core::perft;
use kyoku_dobutsu::Position;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let start = Position::startpos();
    let nodes = perft(&start, 9);
    let mut g = c.benchmark_group("dobutsu");
    g.sample_size(20);
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("perft_start_9", |b| b.iter(|| perft(black_box(&start), 9)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
