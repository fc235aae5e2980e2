//! Solving a small material subset (the full solve is `kyoku solve dobutsu --stats`).

use criterion::{Criterion, criterion_group, criterion_main};
use kyoku_dobutsu::solve::{Convention, solve_material};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve");
    g.sample_size(10);
    g.bench_function("lions+giraffe+chick", |b| {
        b.iter(|| solve_material([1, 0, 1], Convention::Seed).expect("solves"))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
