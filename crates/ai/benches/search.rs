//! Search speed: nodes per second of the alpha-beta search, single thread,
//! on middlegame positions (`cargo bench -p kyoku-ai --bench search`).
//! Criterion's throughput line ("thrpt") is in nodes per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kyoku_ai::alphabeta::{Evaluation, Limits, Searcher};
use kyoku_ai::eval::dobutsu::DobutsuEval;
use kyoku_core::{GameRecord, Position};

/// Searches `pos` to a fixed depth with a fresh table each time; the node
/// count is the same in every run, so time per run gives nodes/s.
fn bench_position<P: Position, E: Evaluation<P> + Clone>(
    c: &mut Criterion,
    name: &str,
    pos: P,
    eval: E,
    depth: u32,
) {
    let record = GameRecord::new(pos);
    let nodes = Searcher::new(eval.clone(), 18)
        .search(&record, &Limits::depth(depth))
        .nodes;
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(format!("{name} depth {depth} ({nodes} nodes)"), |b| {
        b.iter(|| {
            let mut s = Searcher::new(eval.clone(), 18);
            s.search(&record, &Limits::depth(depth)).nodes
        })
    });
    group.finish();
}

fn dobutsu(c: &mut Criterion) {
    // A middlegame: Gote's Chick on b2 attacks the Lion, Sente holds a Chick.
    let pos = <kyoku_dobutsu::Position as Position>::from_text("g1e/1l1/1c1/ELG[C] w - - 0 1")
        .expect("a valid FEN");
    bench_position(c, "dobutsu middlegame", pos, DobutsuEval, 12);
}

criterion_group!(benches, dobutsu);
criterion_main!(benches);
