//! Search speed: nodes per second of the alpha-beta search, single thread,
//! on middlegame positions (`cargo bench -p kyoku-ai --bench search`).
//! Criterion's throughput line ("thrpt") is in nodes per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kyoku_ai::alphabeta::{Evaluation, Limits, Searcher};
use kyoku_ai::dobutsu::DobutsuEval;
use kyoku_ai::shogun::ShogunEval;
use kyoku_ai::shogun::program as shogun_agent;
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

/// A Shogun middlegame: 20 plies of ai:3 against itself from the start.
fn shogun_middlegame(variant: kyoku_shogun::Variant) -> kyoku_shogun::Position {
    use kyoku_core::Agent;
    let options = kyoku_shogun::Options {
        variant,
        ..Default::default()
    };
    let pos = kyoku_shogun::start(&options).expect("the default start");
    let mut record = GameRecord::new(pos);
    let mut agents = [shogun_agent(3, 1), shogun_agent(3, 2)];
    let mut rng = kyoku_core::seeded_rng(7);
    let mut plies = 0;
    // Stop at a player's turn (in the random variant chance acts after every move).
    while plies < 20 || record.to_act() == kyoku_core::ToAct::Chance {
        let mv = match record.to_act() {
            kyoku_core::ToAct::Player(p, _) => {
                plies += 1;
                agents[p.index()].choose(&record)
            }
            kyoku_core::ToAct::Chance => kyoku_core::sample_chance(record.position(), &mut rng),
            kyoku_core::ToAct::Nobody => None,
        };
        match mv {
            Some(m) => record.play_unchecked(m),
            None => break,
        }
    }
    record.position().clone()
}

fn shogun(c: &mut Criterion) {
    let pos = shogun_middlegame(kyoku_shogun::Variant::Magnetic);
    bench_position(c, "shogun middlegame", pos, ShogunEval, 8);
    let pos = shogun_middlegame(kyoku_shogun::Variant::Random);
    bench_position(c, "shogun random middlegame", pos, ShogunEval, 4);
}

criterion_group!(benches, dobutsu, shogun);
criterion_main!(benches);
