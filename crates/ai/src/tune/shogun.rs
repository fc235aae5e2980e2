//! Training data for the Shogun evaluation: positions from seeded games
//! between programs, each labelled with how its game ended for the side to
//! move (Shogun has no solved table, so the game's result stands in for the
//! position's value — Texel's original method).
//!
//! Openings vary by board rotation, both sides' soldier order and a few
//! random first plies; half the games are of the random variant unless one
//! variant is asked for. Positions
//! where the side to move is threatened, or where chance has still to set a
//! number, are left out (the search resolves those, not the evaluation).

use kyoku_core::rand::Rng;
use kyoku_core::rand::seq::SliceRandom;
use kyoku_core::{Agent, GameRecord, Player, Position as _, ToAct, sample_chance, seeded_rng};
use kyoku_shogun::{Options, Position, Variant, start};

use super::Sample;
use crate::shogun::{features, program};

/// What games to take positions from.
#[derive(Clone, Debug)]
pub struct DataOptions {
    /// Games to play.
    pub games: u64,
    /// Seed of everything random (openings, chance, the programs' noise).
    pub seed: u64,
    /// Levels the programs are drawn from (1–5).
    pub levels: Vec<u8>,
    /// Share of positions held out, in percent (chosen by the position's hash).
    pub holdout: u64,
    /// The variant of every game, or `None` for both in turn.
    pub variant: Option<Variant>,
    /// Games played at once (1 to 64, as `kyoku match` allows; outside, the
    /// nearest); the samples do not depend on it.
    pub threads: usize,
}

/// One game between two programs from a varied opening.
fn play_game(opts: &DataOptions, game: u64) -> GameRecord<Position> {
    let mut rng = seeded_rng(opts.seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut white: Vec<char> = "ABCDEFG".chars().collect();
    let mut red = white.clone();
    white.shuffle(&mut rng);
    red.shuffle(&mut rng);
    let options = Options {
        rotation: rng.random_range(0..4),
        variant: opts.variant.unwrap_or(if game.is_multiple_of(2) {
            Variant::Magnetic
        } else {
            Variant::Random
        }),
        setup: Some(format!(
            "{}/{}",
            white.iter().collect::<String>(),
            red.iter().collect::<String>()
        )),
        ..Options::default()
    };
    let pos = start(&options).expect("a shuffled order is a valid set-up");
    let mut record = GameRecord::new(pos);
    let level =
        |rng: &mut kyoku_core::SeededRng| opts.levels[rng.random_range(0..opts.levels.len())];
    let mut agents = [
        program(level(&mut rng), rng.random()),
        program(level(&mut rng), rng.random()),
    ];
    let random_plies = rng.random_range(0..6);
    let mut plies = 0;
    let mut moves = Vec::new();
    while plies < 400 {
        let mv = match record.to_act() {
            ToAct::Nobody => break,
            ToAct::Chance => sample_chance(record.position(), &mut rng),
            ToAct::Player(p, _) => {
                plies += 1;
                if plies <= random_plies {
                    moves.clear();
                    record.legal_moves(&mut moves);
                    moves.get(rng.random_range(0..moves.len().max(1))).copied()
                } else {
                    agents[p.index() & 1].choose(&record)
                }
            }
        };
        let Some(mv) = mv else { break };
        record.play_unchecked(mv);
    }
    record
}

/// The games of `opts`, in game order, played `opts.threads` at a time;
/// `progress` is called as each one ends.
fn play_games(opts: &DataOptions, mut progress: impl FnMut()) -> Vec<GameRecord<Position>> {
    // A thread the system cannot start would panic: ask for few.
    let threads = opts.threads.clamp(1, 64) as u64;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::scope(|s| {
        for t in 0..threads {
            let tx = tx.clone();
            s.spawn(move || {
                for game in (t..opts.games).step_by(threads as usize) {
                    // The receiver lives until every game is in.
                    let _ = tx.send((game, play_game(opts, game)));
                }
            });
        }
        drop(tx);
        let mut games: Vec<_> = rx.iter().inspect(|_| progress()).collect();
        games.sort_by_key(|&(game, _)| game);
        games.into_iter().map(|(_, record)| record).collect()
    })
}

/// The training and held-out samples of `opts.games` games; `progress` is
/// called after each game.
pub fn samples(opts: &DataOptions, progress: impl FnMut()) -> (Vec<Sample>, Vec<Sample>) {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let mut seen = std::collections::HashSet::new();
    for record in play_games(opts, progress) {
        // A game stopped unfinished is a draw, as a match scores it.
        let outcome = record.outcome();
        for pos in record.positions() {
            let ToAct::Player(p, _) = pos.to_act() else {
                continue;
            };
            if pos.shogun_threatened(pos.turn()) || !seen.insert(pos.hash()) {
                continue;
            }
            let result = match &outcome {
                Some(o) if o.is_draw() => 0.5,
                Some(o) if o.rank(Player::new(p.index())) == 1 => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            let sample = Sample {
                terms: features(pos).iter().map(|&x| f64::from(x)).collect(),
                result,
            };
            if pos.hash() % 100 < opts.holdout {
                test.push(sample);
            } else {
                train.push(sample);
            }
        }
    }
    (train, test)
}

/// Fits the Shogun weights from the hand-set ones to the samples of `data`
/// (the side-to-move term stays: every position has it, so it only says who
/// wins more often, which is the games' business, not the position's).
pub fn fit(
    data: &DataOptions,
    epochs: usize,
    progress: impl FnMut(),
) -> (super::Fit, usize, usize) {
    let (train, test) = samples(data, progress);
    let start: Vec<f64> = crate::shogun::HAND_WEIGHTS
        .iter()
        .map(|&w| f64::from(w))
        .collect();
    let opts = super::Options {
        epochs,
        frozen: vec![TEMPO],
        ..super::Options::default()
    };
    let fit = super::fit(&train, &test, &start, &opts);
    (fit, train.len(), test.len())
}

/// The index of the side-to-move term.
const TEMPO: usize = 15;

#[cfg(test)]
mod tests {
    use super::*;

    /// Games played at once land in game order, so the samples (and the
    /// fit) are the same whatever the number of threads; and the progress
    /// is told once a game.
    #[test]
    fn samples_do_not_depend_on_threads() {
        let opts = |threads| DataOptions {
            games: 3,
            seed: 5,
            levels: vec![1],
            holdout: 20,
            variant: Some(Variant::Random),
            threads,
        };
        let mut told = 0;
        let one = samples(&opts(1), || told += 1);
        assert_eq!(told, 3);
        assert!(!one.0.is_empty() && !one.1.is_empty());
        // Not assert_eq: a failure would print thousands of samples.
        assert!(
            samples(&opts(3), || ()) == one,
            "3 threads gave other samples than 1"
        );
    }

    /// A variant asked for is the variant of every game.
    #[test]
    fn every_game_is_of_the_variant_asked_for() {
        let opts = DataOptions {
            games: 2,
            seed: 5,
            levels: vec![1],
            holdout: 10,
            variant: Some(Variant::Random),
            threads: 1,
        };
        for game in 0..2 {
            assert_eq!(play_game(&opts, game).position().variant(), Variant::Random);
        }
    }
}
