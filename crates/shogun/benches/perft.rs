//! Perft speed: `cargo bench -p kyoku-shogun --bench perft`.
//! Criterion reports the time of perft(start, 5) = 7,804,107 leaves at
//! rotation 0, and of perft 4 from a middle-game position reached by a
//! seeded random game (more threats, so more legality checks); the
//! throughput lines give leaves per second (bulk counting at the leaves).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kyoku_core::{Position as _, perft, random_game, seeded_rng};
use kyoku_shogun::{Options, Position, start};
use std::hint::black_box;

/// The position after 30 plies of a seeded random game.
fn middle_game() -> Position {
    let pos = start(&Options::default()).expect("the default start is valid");
    let (record, _) = random_game(pos, &mut seeded_rng(2026), 30, |_, _| {});
    record.position().clone()
}

fn bench(c: &mut Criterion) {
    let pos = start(&Options::default()).expect("the default start is valid");
    let mid = middle_game();
    let mut g = c.benchmark_group("shogun");
    g.sample_size(10);
    let nodes = perft(&pos, 5);
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("perft_start_5", |b| b.iter(|| perft(black_box(&pos), 5)));
    let nodes = perft(&mid, 4);
    eprintln!(
        "middle game: {} ({} leaves at depth 4)",
        mid.to_text(),
        nodes
    );
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("perft_middle_4", |b| b.iter(|| perft(black_box(&mid), 4)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
