//! Monte-Carlo tree search for n players (UCT with max^n back-up), answering
//! pushes like any other decision.
//!
//! Every node keeps, for each player, the sum of that player's rewards over
//! the playouts through it. Whoever acts at a node — a player on their turn
//! or a player answering out of turn ([`kyoku_core::Decision::Answer`]) —
//! picks the child that is best *for itself* (UCB1 on its own mean reward).
//! Chance nodes sample an outcome by its probability. Positions that end by
//! the rules or by threefold repetition are terminal in the tree; playouts
//! stop after [`Config::max_rollout_plies`] decisions and score the position
//! they reached ([`kyoku_core::Position::outcome_on_repetition`], which for
//! Shiamgon counts the board), or by the policy's own estimate
//! ([`Policy::cutoff_scores`]).
//!
//! Rewards come from the outcome's scores by [`rewards`]: a rank part (the
//! share of the other players beaten) plus a small score-margin part.
//!
//! The search is deterministic for a seed and a playout (or node) budget;
//! with a time budget it stops when the time is up. Several threads search
//! independent trees (root parallel) and add up the root visits. The tree of
//! the move actually played, and of the moves that followed, is kept for the
//! next search ([`Mcts::search`] with the next record of the same game).
//!
//! ```
//! use kyoku_ai::mcts::{Budget, Config, Mcts, Uniform};
//! use kyoku_core::GameRecord;
//! use kyoku_shiamgon::{BoardKind, Position};
//!
//! let record = GameRecord::new(Position::start(BoardKind::Tri8, 3).unwrap());
//! let config = Config { budget: Budget::playouts(200), ..Config::default() };
//! let mut search = Mcts::new(config, Uniform, 7);
//! let mv = search.search(&record).unwrap();
//! assert!(kyoku_core::Position::is_legal(record.position(), mv));
//! ```
//!
//! One module a part: `config` what a search may spend and how it scores
//! an outcome; `policy` how playouts choose; `search` the search from the
//! root (threads, the root's figures, keeping the tree); `tree` the tree and
//! its nodes; `selection` which child a node tries next (UCB1, RAVE);
//! `playout` one descent, expansion and rollout; `rave` the AMAF statistics;
//! `agent` the player.

use std::time::Duration;

use kyoku_core::Position;

mod agent;
mod analysis;
mod config;
mod playout;
mod policy;
mod rave;
mod search;
mod selection;
#[cfg(test)]
mod tests;
mod tree;

pub use agent::MctsAgent;
pub use analysis::RootRewards;
pub use config::{Budget, Config, rewards, score_rewards};
pub use policy::{Policy, Uniform};

use tree::Tree;

/// What a search found at the root, move by move.
#[derive(Clone, Debug, PartialEq)]
pub struct RootStat<M> {
    /// The move.
    pub mv: M,
    /// Playouts through it (all threads).
    pub visits: u64,
    /// The mean reward of the player to act at the root after it.
    pub value: f64,
}

/// Numbers about the last search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchInfo {
    /// Playouts run in this search (all threads).
    pub playouts: u64,
    /// Nodes in the trees after the search (all threads).
    pub nodes: usize,
    /// Root visits carried over from the previous search (all threads).
    pub reused_visits: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

/// A Monte-Carlo tree search player: config, rollout policy, seed, and the
/// trees kept between moves.
#[derive(Clone, Debug)]
pub struct Mcts<P: Position, Pol: Policy<P>> {
    config: Config,
    policy: Pol,
    seed: u64,
    searches: u64,
    trees: Vec<Tree<P>>,
    /// The record the trees are rooted at: its start's hash and its moves.
    rooted: Option<(u64, Vec<P::Move>)>,
    info: SearchInfo,
    stats: Vec<RootStat<P::Move>>,
}
