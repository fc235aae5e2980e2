//! The program games puzzles are cut from.

use kyoku_core::{Agent, GameRecord};
use kyoku_shogun::{Options, Position, Variant, start};

/// The longest game played (plies): the no-capture draw ends games far
/// sooner; this only bounds a program that stops capturing and repeating.
const MAX_PLIES: usize = 400;

/// The program levels of game `index`: level 4 against level 4, and one
/// game in four with a level-5 seat (alternating sides). Level 5 costs
/// about four times level 4 a move, so it is a share, not the rule.
pub(crate) fn levels(index: u64) -> [u8; 2] {
    match index % 8 {
        3 => [5, 4],
        7 => [4, 5],
        _ => [4, 4],
    }
}

/// The magnet rotation of game `index`: every rotation in turn, so a set
/// of four games or more holds all four.
pub(crate) fn rotation(index: u64) -> u8 {
    (index % 4) as u8
}

/// Plays game `index` of the set seeded `seed` and returns every position
/// of it, the start first. The same index and seed give the same game.
pub(crate) fn play(index: u64, seed: u64) -> Vec<Position> {
    let options = Options {
        rotation: rotation(index),
        variant: Variant::Magnetic,
        ..Options::default()
    };
    let Ok(first) = start(&options) else {
        return Vec::new();
    };
    let game_seed = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    let [white, red] = levels(index);
    let mut seats = [
        kyoku_ai::shogun::program(white, game_seed),
        kyoku_ai::shogun::program(red, game_seed ^ 0x5EED),
    ];
    let mut record = GameRecord::new(first);
    while record.outcome().is_none() && record.moves().len() < MAX_PLIES {
        let seat = record.position().turn().index();
        let Some(mv) = seats[seat].choose(&record) else {
            break;
        };
        if record.play(mv).is_err() {
            break;
        }
    }
    record.positions().to_vec()
}
