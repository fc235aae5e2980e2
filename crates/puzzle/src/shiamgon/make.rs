//! Making Shiamgon puzzles from program games.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};

use kyoku_ai::mcts::{Mcts, MctsAgent};
use kyoku_ai::shiamgon::ShiamgonPolicy;
use kyoku_core::{Agent, Decision, GameRecord, ToAct};
use kyoku_shiamgon::{BoardKind, Position};
use rayon::prelude::*;

use crate::{Goal, Made, MakeOptions, Puzzle};

/// The boards and player counts the games are played on, in turn: the
/// small boards more often, since their games are quicker.
const TABLES: [(BoardKind, usize); 10] = [
    (BoardKind::Tri8, 3),
    (BoardKind::Disc5, 3),
    (BoardKind::Disc5, 4),
    (BoardKind::Disc5, 5),
    (BoardKind::Tri8, 3),
    (BoardKind::Tri16, 3),
    (BoardKind::Disc5, 3),
    (BoardKind::Disc10, 3),
    (BoardKind::Disc10, 4),
    (BoardKind::Disc10, 5),
];

/// At most this many puzzles from one game, so a set spreads over many.
const PER_GAME: usize = 6;

/// At most this many captures of a single stone from one game: they are
/// the commonest kind by far, and a set of nothing else would be dull.
const SINGLES_PER_GAME: usize = 2;

/// Games played at most, per puzzle asked for: when even this many give
/// too few, [`make`] returns what it has.
const GAMES_PER_PUZZLE: usize = 4;

/// Makes up to `options.count` Shiamgon puzzles from program games (level
/// 1, with a level-2 seat in most games, seeded by `options.seed`, on every board and player
/// count), on `options.threads` threads. The same options give the same
/// set. `progress` hears of every game finished.
pub fn make(options: &MakeOptions, progress: &(dyn Fn(Made) + Sync)) -> Vec<Puzzle> {
    let threads = options.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
    let games = AtomicU64::new(0);
    let found = AtomicU64::new(0);
    let wanted = options.count as u64;
    let mut out: Vec<Puzzle> = Vec::new();
    let mut seen = HashSet::new();
    let max_games = options.count.saturating_mul(GAMES_PER_PUZZLE) + 10;
    let mut next = 0usize;
    while out.len() < options.count && next < max_games {
        // A small batch at a time: the set is the same whatever the
        // threads, and little is played beyond the count.
        let batch: Vec<usize> = (next..(next + 2 * threads).min(max_games)).collect();
        next += batch.len();
        let tell = || {
            progress(Made {
                found: found.load(Ordering::Relaxed).min(wanted),
                wanted,
                games: games.load(Ordering::Relaxed),
            })
        };
        let play = |&g: &usize| {
            let made = game_puzzles(options.seed, g, &|| {
                found.fetch_add(1, Ordering::Relaxed);
                tell();
            });
            games.fetch_add(1, Ordering::Relaxed);
            tell();
            made
        };
        let results: Vec<Vec<Puzzle>> = match &pool {
            Ok(pool) => pool.install(|| batch.par_iter().map(play).collect()),
            Err(_) => batch.iter().map(play).collect(),
        };
        for p in results.into_iter().flatten() {
            if out.len() < options.count && seen.insert(p.id.clone()) {
                out.push(p);
            }
        }
        // Repeats and the surplus of the last batch are not counted.
        found.store(out.len() as u64, Ordering::Relaxed);
    }
    out
}

/// A program of `level` whose every move is the same for the same seed:
/// its budget is playouts only, never time.
fn program(level: u8, seed: u64) -> MctsAgent<Position, ShiamgonPolicy> {
    let l = kyoku_ai::shiamgon::level(level).unwrap_or(kyoku_ai::shiamgon::LEVELS[0]);
    let mut config = kyoku_ai::shiamgon::level_config(l);
    config.budget.time = None;
    MctsAgent::new(
        format!("ai:{}", l.level),
        Mcts::new(config, kyoku_ai::shiamgon::policy(l), seed),
    )
}

/// Plays game number `g` of the set seeded `seed` and cuts its puzzles,
/// calling `cut` for each as it is cut.
fn game_puzzles(seed: u64, g: usize, cut: &dyn Fn()) -> Vec<Puzzle> {
    let (board, players) = TABLES[g % TABLES.len()];
    let Ok(start) = Position::start(board, players) else {
        return Vec::new();
    };
    let game_seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ g as u64;
    let mut seats: Vec<_> = (0..players)
        .map(|s| {
            let level = if (g + s).is_multiple_of(3) { 2 } else { 1 };
            program(level, game_seed.wrapping_add(s as u64))
        })
        .collect();
    let limit = start.placement_limit();
    let mut record = GameRecord::new(start);
    let mut out = Vec::new();
    // The placement count before which no new puzzle is cut: the opening,
    // then a round after each puzzle so two are not one idea twice.
    let mut quiet_until = 2 * players as u32;
    let mut singles = 0;
    while out.len() < PER_GAME {
        let ToAct::Player(who, decision) = record.to_act() else {
            break;
        };
        let pos = record.position();
        let eligible = decision == Decision::Turn
            && pos.placements() >= quiet_until
            // Well before the limit, so the search never meets it.
            && pos.placements() + 2 * players as u32 + 2 < limit;
        if let Some(found) = eligible.then(|| super::find(pos)).flatten() {
            let single = found.goal == Goal::Capture && found.won == 1;
            if !single || singles < SINGLES_PER_GAME {
                singles += usize::from(single);
                out.push(super::puzzle(pos, &found));
                cut();
                quiet_until = pos.placements() + players as u32;
            }
        }
        let Some(mv) = seats[who.index()].choose(&record) else {
            break;
        };
        if record.play(mv).is_err() {
            break;
        }
    }
    out
}
