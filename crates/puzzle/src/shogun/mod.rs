//! Shogun puzzles: the magnetic board, every rotation. The side to move
//! wins the game (the enemy is left with its Shogun and one piece, or has
//! no legal move) by force within a few moves, and exactly one move does.
//!
//! # What a puzzle guarantees, and how deep it is checked
//!
//! The proving search ([`prove`]) is full width and uses no evaluation:
//! "wins within n plies" is proven over every defence, and "does not win
//! within n plies" over every attack. With `n` the fewest plies in which
//! the solver wins from a position (at most [`MAX_PLIES`], a win in three
//! moves), a puzzle holds when, at each of the solver's turns of its line:
//!
//! - the solver's move wins within `n`;
//! - no other move wins within `n + DEEPER` plies ([`DEEPER`] = 2): an
//!   alternative is refuted not only at the puzzle's own length but with
//!   a whole move more for the solver, so a "second solution" one move
//!   slower is refused too;
//!
//! and at each defender turn the reply lasts longest (no reply survives
//! more plies), and the line ends with the game won. Program games find
//! the positions; [`verify`] proves them again from the data alone with
//! the same deeper search, and [`make`] keeps only puzzles it accepts.
//!
//! Why two plies more is enough: Shogun has no solved table, so "no other
//! move ever wins" cannot be proven; what a solver can be asked is to find
//! the fastest win, and an alternative that wins only after a further move
//! of its own is no longer the puzzle's answer. Two plies is that further
//! move and its reply, the smallest step that changes what the solver
//! must see; the page ends a try at the first wrong move, so it is the
//! solution's uniqueness at its own pace that matters.

mod games;
mod prove;

use kyoku_core::Position as _;
use kyoku_shogun::{Move, Position, Variant};
use rayon::prelude::*;
use serde_json::json;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::{Goal, Made, MakeOptions, Puzzle, puzzle_id};
use prove::{Exhausted, Prover, after, mover_won, moves};

/// The longest win a puzzle asks for, in plies: three moves of the solver.
pub const MAX_PLIES: u8 = 5;

/// How many plies deeper than the puzzle's own length every other move is
/// refuted (see the module's text).
pub const DEEPER: u8 = 2;

/// The positions one proof may visit before it gives up (and the puzzle is
/// refused as too hard to prove): bounds the time of a single puzzle.
pub const NODE_LIMIT: u64 = 2_000_000;

/// Plies since the last capture above which a position is not taken: the
/// no-capture draw (at 100) must stay out of reach of every line searched.
pub const MAX_CLOCK: u16 = 90;

/// Why a Shogun puzzle does not hold.
#[derive(Debug, thiserror::Error)]
pub enum Refutation {
    /// The position text does not read.
    #[error("the position does not read: {0}")]
    Position(String),
    /// Only the magnetic board has puzzles: the random variant's numbers
    /// are chance's, so no move is forced.
    #[error("Shogun puzzles are on the magnetic board; this position is in the random variant")]
    NotMagnetic,
    /// Too near the no-capture draw.
    #[error(
        "{clock} plies without a capture: the draw at 100 is too near for a proof (at most {MAX_CLOCK})"
    )]
    Clock {
        /// The position's count.
        clock: u16,
    },
    /// The puzzle's goal is not one a Shogun puzzle has.
    #[error("a Shogun puzzle's goal is win, not {0}")]
    Goal(&'static str),
    /// The id is not the position's.
    #[error("the id {found} is not the position's ({expected})")]
    Id {
        /// Stored.
        found: String,
        /// Computed from the position.
        expected: String,
    },
    /// The options do not start the game at the puzzle's position.
    #[error("the options do not start the game at the position: {0}")]
    Options(String),
    /// A move of the line is not legal.
    #[error("move {ply} of the solution ({text:?}) is not legal")]
    Illegal {
        /// 1-based ply in the solution.
        ply: usize,
        /// The move.
        text: String,
    },
    /// The line is empty.
    #[error("the solution is empty")]
    Empty,
    /// The solver has no win within the puzzle's reach.
    #[error("at ply {ply} the solver has no win within {MAX_PLIES} plies")]
    NoWin {
        /// 1-based ply.
        ply: usize,
    },
    /// The solver's move does not win as fast as the position allows.
    #[error(
        "at ply {ply} the solver's move {mv} does not win within {within} plies, which the position allows"
    )]
    NotWinning {
        /// 1-based ply.
        ply: usize,
        /// The solution's move.
        mv: String,
        /// The fewest plies to the win.
        within: u8,
    },
    /// Another move wins too.
    #[error("at ply {ply} {other} also wins within {within} plies: {mv} is not the only solution")]
    AnotherWins {
        /// 1-based ply.
        ply: usize,
        /// The solution's move.
        mv: String,
        /// The other winning move.
        other: String,
        /// Within how many plies it wins (the deeper search's reach).
        within: u8,
    },
    /// A defender's reply is not the one that lasts longest.
    #[error(
        "at ply {ply} the reply {mv} is lost in {lost_in} plies, but {better} holds out longer"
    )]
    ShortDefence {
        /// 1-based ply.
        ply: usize,
        /// The solution's reply.
        mv: String,
        /// Plies to the loss after it.
        lost_in: u8,
        /// A reply that lasts longer.
        better: String,
    },
    /// The game is won before the line ends.
    #[error("the game is won at ply {ply}, but the solution goes on")]
    MovesAfterEnd {
        /// 1-based ply of the winning move.
        ply: usize,
    },
    /// The line stops before the game is won.
    #[error("the solution stops after {plies} plies without the game won")]
    Unfinished {
        /// The line's length.
        plies: usize,
    },
    /// The proof needs more than [`NODE_LIMIT`] positions.
    #[error("the proof gave up after {NODE_LIMIT} positions; the puzzle is too deep to prove")]
    TooHard,
}

impl From<Exhausted> for Refutation {
    fn from(_: Exhausted) -> Refutation {
        Refutation::TooHard
    }
}

/// The text a puzzle's id is made from: placement, side to move, rotation
/// (the counters are left out, so one placement met in two games is one
/// puzzle). Shogun has no symmetry to fold: the magnets differ under every
/// turn and mirror of the board.
pub fn canonical(position: &Position) -> String {
    let text = position.to_text();
    text.split_whitespace()
        .take(4)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Proves a Shogun puzzle from its data alone (see the module's text).
pub fn verify(puzzle: &Puzzle) -> Result<(), Refutation> {
    if puzzle.goal != Goal::Win {
        return Err(Refutation::Goal(puzzle.goal.name()));
    }
    let pos = readable(&puzzle.position)?;
    let expected = puzzle_id("shogun", &canonical(&pos));
    if puzzle.id != expected {
        return Err(Refutation::Id {
            found: puzzle.id.clone(),
            expected,
        });
    }
    let started = puzzle
        .start()
        .map_err(|e| Refutation::Options(e.to_string()))?;
    if started.position_text() != pos.to_text() {
        return Err(Refutation::Options(format!(
            "they start at {}",
            started.position_text()
        )));
    }
    let mut line = Vec::with_capacity(puzzle.solution.len());
    let mut p = pos.clone();
    for (i, text) in puzzle.solution.iter().enumerate() {
        let illegal = || Refutation::Illegal {
            ply: i + 1,
            text: text.clone(),
        };
        let mv = p.parse_move(text).map_err(|_| illegal())?;
        if !p.legal(mv) {
            return Err(illegal());
        }
        line.push(mv);
        p.play_move(mv);
    }
    check_line(&mut Prover::new(NODE_LIMIT), &pos, &line)
}

/// The position of a puzzle, if it is one a Shogun puzzle may have.
fn readable(text: &str) -> Result<Position, Refutation> {
    let pos = Position::from_text(text).map_err(|e| Refutation::Position(e.to_string()))?;
    if pos.variant() != Variant::Magnetic {
        return Err(Refutation::NotMagnetic);
    }
    if pos.clock() > MAX_CLOCK {
        return Err(Refutation::Clock { clock: pos.clock() });
    }
    Ok(pos)
}

/// Proves that `line` (legal from `start`) is a puzzle's solution: the
/// checks of the module's text, ply by ply.
fn check_line(prover: &mut Prover, start: &Position, line: &[Move]) -> Result<(), Refutation> {
    if line.is_empty() {
        return Err(Refutation::Empty);
    }
    let mut p = start.clone();
    let mut budget = MAX_PLIES;
    for (i, &mv) in line.iter().enumerate() {
        let ply = i + 1;
        if i.is_multiple_of(2) {
            let n = prover
                .distance(&p, budget)?
                .ok_or(Refutation::NoWin { ply })?;
            if !prover.move_wins(&p, mv, n)? {
                return Err(Refutation::NotWinning {
                    ply,
                    mv: mv.to_string(),
                    within: n,
                });
            }
            if let Some(other) = other_winner(prover, &p, mv, n + DEEPER)? {
                return Err(Refutation::AnotherWins {
                    ply,
                    mv: mv.to_string(),
                    other: other.to_string(),
                    within: n + DEEPER,
                });
            }
            budget = n.saturating_sub(2);
        } else {
            let lost_in = prover.distance(&after(&p, mv), budget)?;
            if let Some(better) = longer_defence(prover, &p, lost_in, budget)? {
                return Err(Refutation::ShortDefence {
                    ply,
                    mv: mv.to_string(),
                    lost_in: lost_in.unwrap_or(budget + 2),
                    better: better.to_string(),
                });
            }
        }
        p.play_move(mv);
        if mover_won(&p) && ply < line.len() {
            return Err(Refutation::MovesAfterEnd { ply });
        }
    }
    if !mover_won(&p) || line.len().is_multiple_of(2) {
        return Err(Refutation::Unfinished { plies: line.len() });
    }
    Ok(())
}

/// A move of `pos` other than `mv` that wins within `plies`, if any.
fn other_winner(
    prover: &mut Prover,
    pos: &Position,
    mv: Move,
    plies: u8,
) -> Result<Option<Move>, Exhausted> {
    for other in moves(pos) {
        if other != mv && prover.move_wins(pos, other, plies)? {
            return Ok(Some(other));
        }
    }
    Ok(None)
}

/// A reply of the defender in `pos` that is lost later than in `lost_in`
/// plies (`None`: not within `budget`, which no reply may exceed).
fn longer_defence(
    prover: &mut Prover,
    pos: &Position,
    lost_in: Option<u8>,
    budget: u8,
) -> Result<Option<Move>, Exhausted> {
    let Some(given) = lost_in else {
        // The given reply is not lost within the budget: the solver's
        // previous move did not win, which its own check has refuted.
        return Ok(moves(pos).into_iter().next());
    };
    for reply in moves(pos) {
        match prover.distance(&after(pos, reply), budget)? {
            Some(d) if d <= given => {}
            _ => return Ok(Some(reply)),
        }
    }
    Ok(None)
}

/// The solution from `pos`, if it holds a puzzle: the solver's only
/// winning move, the longest defence (the first in move order where the
/// solver's next move is again the only one), and so on to the win.
fn build_line(prover: &mut Prover, pos: &Position, n: u8) -> Result<Option<Vec<Move>>, Exhausted> {
    let mut winners = Vec::new();
    for mv in moves(pos) {
        if prover.move_wins(pos, mv, n + DEEPER)? {
            winners.push(mv);
            if winners.len() > 1 {
                return Ok(None);
            }
        }
    }
    let [mv] = winners[..] else {
        return Ok(None);
    };
    if !prover.move_wins(pos, mv, n)? {
        return Ok(None);
    }
    let child = after(pos, mv);
    if mover_won(&child) {
        return Ok(Some(vec![mv]));
    }
    let rest = n - 2;
    let mut lasting: Vec<(Move, u8)> = Vec::new();
    for reply in moves(&child) {
        match prover.distance(&after(&child, reply), rest)? {
            Some(d) => lasting.push((reply, d)),
            None => return Ok(None),
        }
    }
    let Some(longest) = lasting.iter().map(|&(_, d)| d).max() else {
        return Ok(None);
    };
    for (reply, _) in lasting.into_iter().filter(|&(_, d)| d == longest) {
        if let Some(tail) = build_line(prover, &after(&child, reply), longest)? {
            let mut line = vec![mv, reply];
            line.extend(tail);
            return Ok(Some(line));
        }
    }
    Ok(None)
}

/// The puzzle at `pos`, if there is one: a win within [`MAX_PLIES`] that
/// only one move gives, with a line that [`verify`] accepts.
pub fn puzzle_at(pos: &Position) -> Option<Puzzle> {
    if pos.variant() != Variant::Magnetic || pos.clock() > MAX_CLOCK || pos.result().is_some() {
        return None;
    }
    let mut prover = Prover::new(NODE_LIMIT);
    let n = prover.distance(pos, MAX_PLIES).ok()??;
    let line = build_line(&mut prover, pos, n).ok()??;
    let puzzle = dress(pos, &line);
    verify(&puzzle).is_ok().then_some(puzzle)
}

/// A puzzle from a position and its proven line: id, options, themes and
/// a first rating.
fn dress(pos: &Position, line: &[Move]) -> Puzzle {
    let text = pos.to_text();
    let moves_to_win = line.len().div_ceil(2);
    let mut end = pos.clone();
    for &mv in line {
        end.play_move(mv);
    }
    let mut themes = vec![
        "shogun-win".to_string(),
        format!("in-{moves_to_win}"),
        format!("rotation-{}", pos.rotation()),
    ];
    let first_captures = match line[0] {
        Move::Step { to, .. } => pos.piece_at(to).is_some(),
        Move::Chance { .. } => false,
    };
    themes.push(
        if first_captures {
            "capture"
        } else {
            "quiet-move"
        }
        .to_string(),
    );
    if end.shogun_threatened(end.turn()) {
        themes.push("no-way-out".to_string());
    } else if end.pieces(end.turn()).count_ones() <= 2 {
        themes.push("last-soldiers".to_string());
    } else {
        themes.push("no-legal-move".to_string());
    }
    // A first guess: each move of the solver's is harder, a quiet first
    // move more so than a capture (a capture is the first thing tried).
    let rating = 900.0 + 350.0 * moves_to_win as f64 + if first_captures { 0.0 } else { 150.0 };
    Puzzle {
        id: puzzle_id("shogun", &canonical(pos)),
        game: "shogun".to_string(),
        options: json!({ "position": text, "show_landing": true }),
        position: text,
        goal: Goal::Win,
        solution: line.iter().map(|m| m.to_string()).collect(),
        themes,
        rating,
    }
}

/// Makes Shogun puzzles from program games (level 4, a share with a level
/// 5 seat; every magnet rotation in turn), seeded by `options.seed`, on
/// `options.threads` threads. Every position of every game is tried; the
/// first puzzle of each id is kept, the games of a batch taken in turn, so
/// the same options give the same set whatever the threads (as long as
/// no program's time cap cuts a search short: its node budget ends it long
/// before, even on a loaded machine).
pub fn make(options: &MakeOptions, progress: &(dyn Fn(Made) + Sync)) -> Vec<Puzzle> {
    let wanted = options.count;
    let mut out: Vec<Puzzle> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    if wanted == 0 {
        return out;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.max(1))
        .build();
    let games_played = AtomicU64::new(0);
    let found = AtomicU64::new(0);
    // Enough games for any count the games can give; stops a set that
    // finds nothing from running for ever.
    let max_games = 50 + 2 * wanted as u64;
    let batch = BATCH;
    let mut next = 0u64;
    while out.len() < wanted && next < max_games {
        let indices: Vec<u64> = (next..(next + batch).min(max_games)).collect();
        next += indices.len() as u64;
        let run = |i: &u64| {
            let found_here = puzzles_of_game(*i, options.seed);
            let games = games_played.fetch_add(1, Ordering::Relaxed) + 1;
            let so_far = found.fetch_add(found_here.len() as u64, Ordering::Relaxed);
            progress(Made {
                found: (so_far + found_here.len() as u64).min(wanted as u64),
                wanted: wanted as u64,
                games,
            });
            found_here
        };
        let results: Vec<Vec<Puzzle>> = match &pool {
            Ok(pool) => pool.install(|| indices.par_iter().map(run).collect()),
            Err(_) => indices.iter().map(run).collect(),
        };
        for puzzle in round_robin(results) {
            if out.len() < wanted && seen.insert(puzzle.id.clone()) {
                out.push(puzzle);
            }
        }
        found.store(out.len() as u64, Ordering::Relaxed);
    }
    progress(Made {
        found: out.len() as u64,
        wanted: wanted as u64,
        games: games_played.load(Ordering::Relaxed),
    });
    out
}

/// How many plies before a game's end its positions are also tried one
/// move off the game: each legal move of the side to move there, and the
/// position after it. Those are the mistakes the losing side could have
/// made where the game was decided, and most puzzles of a game are there;
/// earlier in a game a forced win within a few moves is rare.
pub const SIDELINE_PLIES: usize = 24;

/// The most puzzles taken from one game: one decisive moment gives many
/// positions one move apart, and a set should hold many games.
pub const PER_GAME: usize = 16;

/// Games played at once between looks at the count: a multiple of four,
/// so every batch holds every magnet rotation, and fixed, so the set does
/// not depend on the threads.
const BATCH: u64 = 4;

/// The puzzles of several games taken in turn (each game's first, then
/// each game's second, …), so that a set cut short holds every game of the
/// batch, and so every magnet rotation, rather than the first games whole.
fn round_robin(games: Vec<Vec<Puzzle>>) -> Vec<Puzzle> {
    let mut queues: Vec<std::vec::IntoIter<Puzzle>> =
        games.into_iter().map(Vec::into_iter).collect();
    let mut out = Vec::new();
    loop {
        let before = out.len();
        out.extend(queues.iter_mut().filter_map(Iterator::next));
        if out.len() == before {
            return out;
        }
    }
}

/// The puzzles of game `index` of the set seeded `seed` (at most
/// [`PER_GAME`]), in order: the game's own positions first, then those one
/// move off its last [`SIDELINE_PLIES`] plies.
fn puzzles_of_game(index: u64, seed: u64) -> Vec<Puzzle> {
    let positions = games::play(index, seed);
    let mut tried = std::collections::HashSet::new();
    let mut out: Vec<Puzzle> = Vec::new();
    let mut consider = |pos: &Position, out: &mut Vec<Puzzle>| {
        if out.len() < PER_GAME
            && tried.insert(canonical(pos))
            && let Some(p) = puzzle_at(pos)
        {
            out.push(p);
        }
    };
    for pos in &positions {
        consider(pos, &mut out);
    }
    let late = positions.len().saturating_sub(SIDELINE_PLIES);
    for pos in &positions[late..] {
        for mv in moves(pos) {
            consider(&after(pos, mv), &mut out);
        }
    }
    out
}

/// Every position of program game `index` of the set seeded `seed`, the
/// start first: what [`make`] cuts puzzles from.
pub fn game_positions(index: u64, seed: u64) -> Vec<Position> {
    games::play(index, seed)
}

/// The moves of the side to move in `pos` that win within `plies` (odd)
/// against every defence, by the proving search (`None`: it gave up).
pub fn winning_moves(pos: &Position, plies: u8) -> Option<Vec<String>> {
    let mut prover = Prover::new(NODE_LIMIT);
    let mut out = Vec::new();
    for mv in moves(pos) {
        if prover.move_wins(pos, mv, plies).ok()? {
            out.push(mv.to_string());
        }
    }
    Some(out)
}

/// Which program levels play game `index` (White's, Red's), and on which
/// magnet rotation: for the report of a made set.
pub fn game_setting(index: u64) -> ([u8; 2], u8) {
    (games::levels(index), games::rotation(index))
}
