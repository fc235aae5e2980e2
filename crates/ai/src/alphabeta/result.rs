//! What a search answers: its result, the reports of its iterations, and
//! scores as people and UCI read them.

use std::time::Duration;

use super::{MATE, MATE_BOUND};

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play (`None` only when there are no legal moves).
    pub best: Option<M>,
    /// Its score for the player to act.
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// The principal variation, starting with `best`.
    pub pv: Vec<M>,
    /// Nodes visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// One finished iteration of the search, as [`SearchOptions::report`](super::SearchOptions::report)
/// receives it: one call per line of the principal variation (more than one
/// with [`SearchOptions::multipv`](super::SearchOptions::multipv)).
#[derive(Clone, Debug)]
pub struct Report<'a, M> {
    /// The depth just completed.
    pub depth: u32,
    /// The deepest ply reached so far in this search (extensions and
    /// quiescence included).
    pub seldepth: u32,
    /// Which line this is: 1 for the best, 2 for the second best, …
    pub multipv: usize,
    /// The line's score for the player to act (see [`MATE`]).
    pub score: i32,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The line, its first move first.
    pub pv: &'a [M],
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
}

/// What receives the [`Report`]s.
pub type ReportFn<'a, M> = dyn FnMut(&Report<'_, M>) + 'a;

/// Converts a search score to UCI's `mate N` count: moves (not plies) to
/// the end, negative when the player to act loses; `None` for scores that
/// are not a forced result.
pub fn mate_in_moves(score: i32) -> Option<i32> {
    if score > MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}

impl<M> SearchResult<M> {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// A score for people: `+1.25`, `mate in 3` (plies), `mated in 4`.
pub fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("win in {}", MATE - score)
    } else if score < -MATE_BOUND {
        format!("loss in {}", MATE + score)
    } else {
        format!("{:+.2}", score as f64 / 100.0)
    }
}
