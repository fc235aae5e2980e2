//! Alpha-beta search for two-player games (negamax, PVS, transposition table), with expectimax at chance nodes.
//!
//! The search is written once against [`kyoku_core::Position`]; a game brings
//! an [`Evaluation`] (static score, move classes for ordering and
//! quiescence, threats for extensions).
//!
//! - **Iterative deepening** with **principal-variation search**: the first
//!   move gets the full window, the others a null window and a re-search
//!   when they beat it; late quiet moves are reduced by one ply (re-searched
//!   at full depth when they beat the bound).
//! - **Ordering**: the transposition-table move, then tactical moves by the
//!   game's score (captures, promotions), then two killer moves per ply,
//!   then the history heuristic.
//! - **Extensions**: a move after which the side to act is threatened (check,
//!   a Lion in danger) is searched one ply deeper.
//! - **Quiescence**: at depth 0 tactical moves are searched on top of the
//!   static score (stand pat). At a chance node it stands on the static
//!   score, or goes on through one outcome the game names
//!   ([`Tuning::chance_quiescence`]).
//! - **Chance** (`ToAct::Chance`): expectimax with alpha-beta bounds — Ballard's
//!   Star1: each outcome gets the window that would still let the
//!   probability-weighted sum end inside `(alpha, beta)`, assuming the outcomes
//!   not yet searched take the worst or best possible value; the node is cut
//!   as soon as the sum cannot. Chance nodes use no depth. A game may ask
//!   for probed chance nodes instead ([`Tuning::chance_probe`]): Star1's
//!   worst and best values are a mate's, so most outcomes get an open
//!   window; a probe with the node's own window settles most nodes first.
//! - **Repetition**: a position that already occurred on the search path
//!   (from the root on) scores as a draw (0) — the rules draw only on the
//!   third occurrence, but a player who can repeat once can repeat again. A
//!   position only the game before the root saw is a draw on its third
//!   occurrence, as the rules say: returning to it once forces nothing.
//! - **Per-game parts** ([`Tuning`], off unless the game asks): null-move
//!   pruning, logarithmic late-move reductions, counter moves, futility and
//!   late-move pruning, aspiration windows, probed chance nodes,
//!   quiescence through chance.
//! - **Limits**: depth, nodes, time, and a stop flag another thread may set.
//!   Under a node limit (and no time limit) the search is deterministic. A
//!   level's node budget may be scaled per root by the game
//!   ([`Evaluation::node_budget`], through [`Limits::at_root`]).
//!
//! Scores are integers from the view of the player to act: positive is good
//! for them; a won game scores `MATE - plies`, a lost one `-(MATE - plies)`.
//!
//! One module a part: `evaluation` what a game tells the search;
//! `limits` and `result` what a search is asked and answers; `root` the
//! iterations over the root moves; `node` a node of the tree (the
//! transposition table's word, the principal variation, the moves after
//! the first); `ordering` the order moves are tried in; `pruning` what is
//! cut or skipped; `chance` the chance nodes; `quiescence` the search on
//! past depth 0; `repetition` the path's positions; `scores` the static
//! and terminal scores.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use kyoku_core::Position;

use crate::tt::Table;

mod chance;
mod evaluation;
mod limits;
mod node;
mod ordering;
mod pruning;
mod quiescence;
mod repetition;
mod result;
mod root;
mod scores;
#[cfg(test)]
mod tests;

pub use evaluation::{ASPIRATION_WINDOW, CHANCE_BOUND, Evaluation, FUTILITY_MARGIN, Tuning};
pub use limits::{Features, Limits, SearchOptions};
pub use result::{Report, ReportFn, SearchResult, mate_in_moves, score_text};

use repetition::FILTER_MASK;
use scores::EVAL_CACHE;

/// The score of a game won now; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this (in absolute value) are wins or losses found by search.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Beyond every score.
pub const INFINITY: i32 = 32_000;
/// History-table slots: [`Evaluation::move_key`] must be below this.
pub const HISTORY_SIZE: usize = 1 << 13;
/// The deepest the search goes (plies from the root, extensions and
/// quiescence included).
pub const MAX_PLY: usize = 96;

/// A search instance: the transposition table, history and killers survive
/// between searches (moves of one game).
pub struct Searcher<P: Position, E: Evaluation<P>> {
    eval: E,
    features: Features,
    tt: Table<P::Move>,
    history: Vec<i32>,
    killers: Vec<[Option<P::Move>; 2]>,
    buffers: Vec<Vec<P::Move>>,
    chance_buffers: Vec<Vec<(P::Move, f64)>>,
    /// Per ply, the bounds (lower, upper) known for each chance outcome
    /// ([`Tuning::chance_probe`]).
    chance_bounds: Vec<Vec<(i32, i32)>>,
    score_buffers: Vec<Vec<(i32, bool)>>,
    pv: Vec<Vec<P::Move>>,
    path: Vec<u64>,
    /// Where the root sits in `path`: the positions before it are the
    /// game's past, those from it on the search's own line.
    root: usize,
    /// Where the line after the innermost null move starts in `path` (0:
    /// no null move on the line). A pass is no move, so a position before
    /// it coming back after it is no repetition.
    null_floor: usize,
    filter: Vec<u8>,
    noise: i32,
    seed: u64,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
    external_stop: Option<Arc<AtomicBool>>,
    aborted: bool,
    root_depth: i32,
    seldepth: usize,
    /// A draw's score for the side that searches (minus the contempt).
    draw: i32,
    /// The game's choice of optional search parts, read once per search.
    tuning: Tuning,
    /// `after_null[ply]`: the node at `ply` answers a null move (no second
    /// null move in a row).
    after_null: Vec<bool>,
    /// `prev_key[ply]`: history key (with the mover's side) of the move
    /// played at `ply`, for the counter-move table; `usize::MAX` for none.
    prev_key: Vec<usize>,
    /// The quiet move that last refuted a move, by that move's key.
    counters: Vec<Option<P::Move>>,
    /// Static scores by (hash, player), [`EVAL_CACHE`] slots, newest kept.
    eval_cache: Vec<(u64, i32)>,
}

impl<P: Position, E: Evaluation<P>> Searcher<P, E> {
    /// A searcher with a transposition table of `2^tt_bits` entries.
    pub fn new(eval: E, tt_bits: u32) -> Self {
        Searcher {
            eval,
            features: Features::default(),
            tt: Table::new(tt_bits),
            history: vec![0; HISTORY_SIZE * 2],
            killers: vec![[None; 2]; MAX_PLY + 2],
            buffers: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            chance_buffers: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            chance_bounds: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            score_buffers: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            path: Vec::with_capacity(1024),
            root: 0,
            null_floor: 0,
            filter: vec![0; FILTER_MASK as usize + 1],
            noise: 0,
            seed: 0,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stop: Arc::new(AtomicBool::new(false)),
            external_stop: None,
            aborted: false,
            root_depth: 1,
            seldepth: 0,
            draw: 0,
            tuning: Tuning::default(),
            after_null: vec![false; MAX_PLY + 2],
            prev_key: vec![usize::MAX; MAX_PLY + 2],
            counters: vec![None; HISTORY_SIZE * 2],
            eval_cache: vec![(0, 0); EVAL_CACHE],
        }
    }

    /// Adds a pseudo-random term in `-noise..=noise` to every static score,
    /// fixed per position by `seed`: weaker play that stays deterministic
    /// and consistent with the transposition table.
    pub fn set_noise(&mut self, noise: i32, seed: u64) {
        self.noise = noise.max(0);
        self.seed = seed;
        // The remembered scores carry the old noise.
        self.eval_cache.iter_mut().for_each(|e| *e = (0, 0));
    }

    /// Switches parts of the search on or off.
    pub fn set_features(&mut self, features: Features) {
        self.features = features;
    }

    /// The flag that stops a running search when set (from any thread).
    /// The search clears it when it starts.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// The game's evaluation.
    pub fn evaluation(&self) -> &E {
        &self.eval
    }

    /// Forgets the transposition table, history and killers.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.counters.iter_mut().for_each(|c| *c = None);
    }
}
