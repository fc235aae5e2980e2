//! Full random games per second on each board:
//! `cargo bench -p kyoku-shiamgon --bench games`.
//!
//! One iteration plays one complete seeded random game (uniform legal
//! moves, pushes answered at random, repetition and the placement limit
//! as in every game record) from the start; criterion's throughput line
//! reads as games per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kyoku_core::{PlayoutEnd, random_game, seeded_rng};
use kyoku_shiamgon::{BoardKind, Position};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("shiamgon_random_game");
    g.throughput(Throughput::Elements(1));
    for (kind, players) in [
        (BoardKind::Disc5, 3),
        (BoardKind::Tri8, 3),
        (BoardKind::Tri16, 3),
        (BoardKind::Disc5, 5),
        (BoardKind::Disc10, 3),
        (BoardKind::Disc10, 5),
    ] {
        let start = Position::start(kind, players).unwrap();
        let mut seed = 0u64;
        g.bench_function(format!("{kind}_{players}p"), |b| {
            b.iter(|| {
                seed += 1;
                let mut rng = seeded_rng(seed);
                let (rec, end) = random_game(start.clone(), &mut rng, 1_000_000, |_, _| {});
                assert!(matches!(end, PlayoutEnd::Finished(_)));
                black_box(rec.moves().len())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
