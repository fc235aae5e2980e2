//! Dōbutsu puzzles, cut from program games and proven by the solved table.
//!
//! Every position a program game passes through is looked up in the table
//! (the exact value and distance of every position), and kept when it is
//! one of two kinds:
//!
//! - **win** ([`Goal::Win`](crate::Goal::Win)): the side to move wins, and
//!   exactly one of its moves wins (a move that wins more slowly counts as
//!   winning too, so there is never a second answer). The line follows that
//!   move, then a reply that holds out longest, and at every later turn of
//!   the solver again exactly one move wins; it ends with the solver's win
//!   (the Lion taken, a Lion's try, or no move left) within
//!   [`MAX_PLIES`] plies. The solution is the whole line.
//! - **defend** ([`Goal::Defend`](crate::Goal::Defend)): the position is not
//!   lost, it has two legal moves or more, exactly one of them does not
//!   lose, and every other loses within [`DEFEND_HORIZON`] plies. The
//!   solution is that one move.
//!
//! A position that is both is a win puzzle. A position and its left–right
//! mirror are one puzzle: the id is [`crate::puzzle_id`] of the lesser of
//! the two FENs ([`canonical`]).
//!
//! [`verify`] proves a puzzle again from its data and the table alone and
//! names what fails ([`Refutation`]).
//!
//! Themes: a win puzzle has `win-in-N` (N the solver's moves), how it ends
//! (`lion-capture`, `try` — the Lion reaches the far row — or `no-moves`),
//! `drop` and `promotion` when a solver's move drops or promotes, and
//! `short` (N ≤ 2) or `long` (N ≥ 4). A defend puzzle has `defend`, and
//! `capture`, `drop`, `promotion` or `lion-move` as its move is one.
//!
//! The first rating, before anyone tried it (held to 600–2500):
//! a win puzzle `900 + 200·(N − 1) + 100·[the first move takes nothing] +
//! 80·[a drop among the solver's moves] + 5·(legal moves at the start)`; a
//! defend puzzle `1150 + 100·[the move takes nothing] + 50·[no wrong move
//! loses at once] + 5·(legal moves)`.

mod cut;
mod games;
mod proof;

use std::collections::HashSet;

use kyoku_dobutsu::Position;
use kyoku_dobutsu::solve::{Tablebase, shared_table};
use rayon::prelude::*;

use crate::{Made, MakeOptions, Puzzle};

pub use cut::{DEFEND_HORIZON, MAX_PLIES, canonical, cut, defend_move, mirror, win_line};
pub use games::{LEVEL_3_ONE_IN, game_seed, play as play_game, play_at};
pub use proof::{Refutation, verify_with};

/// Makes up to `options.count` Dōbutsu puzzles with the default solved
/// table (`KYOKU_DATA_DIR`), which must be there.
pub fn make(
    options: &MakeOptions,
    progress: &(dyn Fn(Made) + Sync),
) -> Result<Vec<Puzzle>, crate::MakeError> {
    let tb = shared_table()?;
    Ok(make_with(&tb, options, progress))
}

/// Proves a Dōbutsu puzzle with the default solved table.
pub fn verify(puzzle: &Puzzle) -> Result<(), Refutation> {
    let tb = shared_table().map_err(|e| Refutation::NoTable(e.to_string()))?;
    verify_with(&tb, puzzle)
}

/// The puzzles of one game's positions (their FENs, in order), proven by
/// the default table: how people's finished games become puzzles as they
/// end. A text that is not a position is passed over; a puzzle met twice
/// (a position repeated, or its mirror) counts once.
pub fn from_positions(texts: &[String]) -> Result<Vec<Puzzle>, crate::MakeError> {
    use kyoku_core::Position as _;
    let tb = shared_table()?;
    let mut seen = HashSet::new();
    Ok(texts
        .iter()
        .filter_map(|t| Position::from_text(t).ok())
        .filter_map(|pos| cut(&tb, &pos))
        .filter(|p| seen.insert(p.id.clone()))
        .collect())
}

/// Program games played per thread between two progress reports.
const GAMES_PER_THREAD: u64 = 4;

/// Games played at most for each puzzle asked for, before giving up on
/// reaching the count (a set of ten thousand needs far fewer: see
/// `make_with`).
const GAMES_PER_PUZZLE: u64 = 10;

/// At most this share of a set are defend puzzles (games hold about six
/// positions with one saving move for each with one winning line, and a
/// set should be mostly wins).
pub const DEFEND_SHARE: (usize, usize) = (3, 4);

/// Makes up to `options.count` puzzles with `tb`, playing games on
/// `options.threads` threads (0: as many as rayon's default), at most
/// [`DEFEND_SHARE`] of them defend puzzles. The set is fixed by
/// `options.seed`: games are played in batches and their puzzles taken in
/// game order, whatever thread finished first.
pub fn make_with(
    tb: &Tablebase,
    options: &MakeOptions,
    progress: &(dyn Fn(Made) + Sync),
) -> Vec<Puzzle> {
    let run = || make_in_pool(tb, options, progress);
    match rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
    {
        Ok(pool) => pool.install(run),
        // No pool of our own: the global one does the same work.
        Err(_) => run(),
    }
}

fn make_in_pool(
    tb: &Tablebase,
    options: &MakeOptions,
    progress: &(dyn Fn(Made) + Sync),
) -> Vec<Puzzle> {
    let wanted = options.count;
    let batch = rayon::current_num_threads().max(1) as u64 * GAMES_PER_THREAD;
    let max_games = (wanted as u64).saturating_mul(GAMES_PER_PUZZLE).max(batch);
    let defend_room = wanted / DEFEND_SHARE.1 * DEFEND_SHARE.0
        + wanted % DEFEND_SHARE.1 * DEFEND_SHARE.0 / DEFEND_SHARE.1;
    let mut defends = 0;
    let mut seen = HashSet::new();
    let mut out: Vec<Puzzle> = Vec::new();
    let mut games = 0u64;
    while out.len() < wanted && games < max_games {
        let found: Vec<Vec<Puzzle>> = (games..games + batch)
            .into_par_iter()
            .map(|n| cut_game(tb, game_seed(options.seed, n)))
            .collect();
        games += batch;
        for p in found.into_iter().flatten() {
            let defend = p.goal == crate::Goal::Defend;
            if out.len() >= wanted || (defend && defends >= defend_room) {
                continue;
            }
            if seen.insert(p.id.clone()) {
                defends += usize::from(defend);
                out.push(p);
            }
        }
        progress(Made {
            found: out.len() as u64,
            wanted: wanted as u64,
            games,
        });
    }
    out
}

/// The puzzles of one game, in the order its positions came.
fn cut_game(tb: &Tablebase, seed: u64) -> Vec<Puzzle> {
    let positions = games::play(seed);
    let mut looked: HashSet<Position> = HashSet::new();
    positions
        .iter()
        .filter(|p| looked.insert(**p))
        .filter_map(|p| cut(tb, p))
        .collect()
}
