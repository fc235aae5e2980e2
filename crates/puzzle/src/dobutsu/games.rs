//! The program games the puzzles are cut from: kyoku's own alpha-beta
//! programs at levels 1–3, after up to [`OPENING`] random opening moves,
//! every game fixed by its seed.

use kyoku_ai::agent::SearchAgent;
use kyoku_ai::dobutsu::{DobutsuEval, level};
use kyoku_core::{Agent, GameRecord, seeded_rng};
use kyoku_dobutsu::Position;
use rand::Rng;

/// A side plays at level 3 one game in this many, else at level 1 or 2
/// (equally often). The weak levels (about a millisecond a move) blunder,
/// so their games pass through many positions where one move wins or one
/// move saves; level 3 (fifty times slower a move, and its games longer)
/// brings the positions of stronger play, rarely, so that it does not
/// spend most of the time.
pub const LEVEL_3_ONE_IN: u32 = 128;

/// At most this many random moves (as kyoku's `random` player plays) open
/// a game, so that games differ: the programs' games from the start are
/// alike, and a set of ten thousand needed twice the games with six.
const OPENING: u32 = 12;

/// A game that has not ended by now is stopped (the programs may shuffle
/// in a drawn position until the third repetition).
const MAX_GAME_PLIES: usize = 160;

/// The budgets are node counts, which fix a game by its seed; the time cap
/// of a level only guards a slow machine, and a busy one must not cut a
/// search short and change the game, so it is widened here.
const TIME_WIDENING: u64 = 20;

/// The seed of game `n` of a set made with `seed` (a SplitMix64 step, so
/// neighbouring games get unrelated seeds).
pub fn game_seed(seed: u64, n: u64) -> u64 {
    let mut z = seed ^ n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn program(level_number: u8, seed: u64) -> Box<dyn Agent<Position>> {
    match level(level_number) {
        Some(mut l) => {
            l.time_ms = l.time_ms.saturating_mul(TIME_WIDENING);
            Box::new(SearchAgent::new(
                DobutsuEval,
                &l,
                seed,
                format!("ai:{level_number}"),
            ))
        }
        None => Box::new(kyoku_ai::dobutsu::program(level_number, seed)),
    }
}

/// Plays the game of `seed` (its levels drawn as [`LEVEL_3_ONE_IN`] says)
/// and returns every position it passed through, the start included.
pub fn play(seed: u64) -> Vec<Position> {
    let mut rng = seeded_rng(seed);
    let mut draw = || match rng.random_range(0..LEVEL_3_ONE_IN) {
        0 => 3,
        n => 1 + (n % 2) as u8,
    };
    let levels = [draw(), draw()];
    play_at(rng.random(), levels)
}

/// Plays the game of `seed` with Sente and Gote at `levels` and returns
/// every position it passed through, the start included.
pub fn play_at(seed: u64, levels: [u8; 2]) -> Vec<Position> {
    let mut rng = seeded_rng(seed);
    let mut record = GameRecord::new(Position::startpos());
    let mut moves = Vec::new();
    for _ in 0..rng.random_range(0..=OPENING) {
        moves.clear();
        record.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        record.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    let mut sides = levels.map(|l| program(l, rng.random()));
    while record.moves().len() < MAX_GAME_PLIES {
        let side = record.position().turn().index();
        let Some(m) = sides[side].choose(&record) else {
            break;
        };
        if record.play(m).is_err() {
            break;
        }
    }
    record.positions().to_vec()
}
