//! Shiamgon MCTS: playouts per second (level 3's policy and uniform) and the
//! time of one decision at each level, on each board:
//! `cargo bench -p kyoku-ai --bench mcts`.
//!
//! Every search starts from the same mid-game position of its board (40
//! seeded random decisions after the start), with a fresh tree.
//! `playouts/*` runs 1000 playouts per iteration, so criterion's throughput
//! line reads as playouts per second; `level/*` is one decision of
//! `ai:N` (its playout budget, its rollout length and policy), the time
//! cap included.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kyoku_ai::mcts::{Budget, Config, Mcts, Uniform};
use kyoku_ai::shiamgon::{LEVELS, level, level_config, policy};
use kyoku_core::{GameRecord, random_game, seeded_rng};
use kyoku_shiamgon::{BoardKind, Position};
use std::hint::black_box;
use std::time::Duration;

const BOARDS: [(BoardKind, usize); 4] = [
    (BoardKind::Tri8, 3),
    (BoardKind::Tri16, 3),
    (BoardKind::Disc5, 3),
    (BoardKind::Disc10, 5),
];

/// A position 40 decisions into a seeded random game, as a record.
fn midgame(kind: BoardKind, players: usize) -> GameRecord<Position> {
    let start = Position::start(kind, players).expect("a board");
    let mut rng = seeded_rng(2024);
    let (rec, _) = random_game(start, &mut rng, 40, |_, _| {});
    assert!(rec.outcome().is_none());
    rec
}

fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("playouts");
    g.throughput(Throughput::Elements(1000));
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(4));
    let l3 = level(3).expect("level 3");
    for (kind, players) in BOARDS {
        let rec = midgame(kind, players);
        let config = Config {
            budget: Budget::playouts(1000),
            reuse_tree: false,
            ..level_config(l3)
        };
        g.bench_function(format!("policy/{kind}_{players}p"), |b| {
            let mut s = Mcts::new(config, policy(l3), 1);
            b.iter(|| black_box(s.search(&rec)))
        });
        g.bench_function(format!("uniform/{kind}_{players}p"), |b| {
            let mut s = Mcts::new(config, Uniform, 1);
            b.iter(|| black_box(s.search(&rec)))
        });
    }
    g.finish();
}

fn levels(c: &mut Criterion) {
    let mut g = c.benchmark_group("level");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(3));
    for (kind, players) in BOARDS {
        let rec = midgame(kind, players);
        for l in LEVELS {
            let config = Config {
                reuse_tree: false,
                ..level_config(l)
            };
            g.bench_function(format!("{}/{kind}_{players}p", l.level), |b| {
                let mut s = Mcts::new(config, policy(l), 1);
                b.iter(|| black_box(s.search(&rec)))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, playouts, levels);
criterion_main!(benches);
