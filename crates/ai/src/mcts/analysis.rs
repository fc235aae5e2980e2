//! What analysis reads from the trees after a search: every player's mean
//! reward after each root move, and the most visited line after it. Needs
//! the trees kept ([`Config::reuse_tree`](super::Config::reuse_tree)).

use kyoku_core::Position;

use super::{Mcts, Policy};

/// A root move of the last search with every player's mean reward over
/// the playouts through it.
#[derive(Clone, Debug, PartialEq)]
pub struct RootRewards<M> {
    /// The move.
    pub mv: M,
    /// Playouts through it (all trees).
    pub visits: u64,
    /// Each player's mean reward after it, player by player (0 without
    /// visits).
    pub means: Vec<f64>,
}

impl<P: Position, Pol: Policy<P>> Mcts<P, Pol> {
    /// The root moves of the last search in the order of
    /// [`Mcts::root_stats`] (most visited first), with the mean reward of
    /// each of `players` players. Empty when the trees were not kept.
    pub fn root_rewards(&self, players: usize) -> Vec<RootRewards<P::Move>> {
        self.root_stats()
            .iter()
            .map(|s| {
                let mut sums = vec![0.0f64; players];
                let mut visits = 0u64;
                for tree in &self.trees {
                    let Some(root) = tree.nodes.first() else {
                        continue;
                    };
                    for &c in &root.children {
                        let node = &tree.nodes[c as usize];
                        if node.mv == Some(s.mv) {
                            visits += node.visits as u64;
                            for (sum, &x) in sums.iter_mut().zip(node.sums.iter()) {
                                *sum += x as f64;
                            }
                        }
                    }
                }
                let means = sums
                    .into_iter()
                    .map(|x| if visits > 0 { x / visits as f64 } else { 0.0 })
                    .collect();
                RootRewards {
                    mv: s.mv,
                    visits,
                    means,
                }
            })
            .collect()
    }

    /// The line the first tree expects after the root move `first`: `first`,
    /// then the most visited child at each node, while it has at least
    /// `min_visits` playouts; at most `max` moves.
    pub fn principal_line(&self, first: P::Move, max: usize, min_visits: u32) -> Vec<P::Move> {
        let mut line = vec![first];
        let Some(tree) = self.trees.first() else {
            return line;
        };
        let Some(root) = tree.nodes.first() else {
            return line;
        };
        let mut at = root
            .children
            .iter()
            .copied()
            .find(|&c| tree.nodes[c as usize].mv == Some(first));
        while let Some(node) = at.map(|a| &tree.nodes[a as usize]) {
            if line.len() >= max {
                break;
            }
            at = node
                .children
                .iter()
                .copied()
                .filter(|&c| tree.nodes[c as usize].visits >= min_visits.max(1))
                .max_by_key(|&c| tree.nodes[c as usize].visits);
            if let Some(mv) = at.and_then(|c| tree.nodes[c as usize].mv) {
                line.push(mv);
            }
        }
        line
    }
}
