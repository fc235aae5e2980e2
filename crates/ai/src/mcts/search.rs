//! The search from the root: the trees of the threads, their budgets, the
//! root moves' figures added up, and the trees kept for the next move.

use std::collections::HashMap;
use std::time::Instant;

use kyoku_core::{GameRecord, Position, ToAct, sample_chance, seeded_rng};

use super::{Budget, Config, Mcts, Policy, RootStat, SearchInfo, Tree};

impl<P: Position, Pol: Policy<P>> Mcts<P, Pol> {
    /// A search with `config`, playouts by `policy`, random choices from `seed`.
    pub fn new(config: Config, policy: Pol, seed: u64) -> Self {
        Mcts {
            config,
            policy,
            seed,
            searches: 0,
            trees: Vec::new(),
            rooted: None,
            info: SearchInfo::default(),
            stats: Vec::new(),
        }
    }

    /// The config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Changes what the next searches may spend (a clock narrowing the
    /// level's time, say).
    pub fn set_budget(&mut self, budget: Budget) {
        self.config.budget = budget;
    }

    /// Numbers about the last search.
    pub fn info(&self) -> &SearchInfo {
        &self.info
    }

    /// The root moves of the last search, most visited first.
    pub fn root_stats(&self) -> &[RootStat<P::Move>] {
        &self.stats
    }

    /// Visits of the root of each tree (what a search starts from: more than
    /// zero when a tree was reused).
    pub fn root_visits(&self) -> u64 {
        self.trees
            .iter()
            .map(|t| t.nodes.first().map_or(0, |n| n.visits as u64))
            .sum()
    }

    /// Forgets the trees.
    pub fn clear(&mut self) {
        self.trees.clear();
        self.rooted = None;
    }

    /// Searches the current position of `record` and returns the move to
    /// play; `None` when the game is over. A position with a single legal
    /// move (a forced pass or push answer) is answered without searching.
    pub fn search(&mut self, record: &GameRecord<P>) -> Option<P::Move> {
        let start = Instant::now();
        self.stats.clear();
        self.info = SearchInfo::default();
        let to_act = record.to_act();
        if to_act == ToAct::Nobody {
            return None;
        }
        let pos = record.position();
        if to_act == ToAct::Chance {
            let mut rng = seeded_rng(self.seed ^ self.searches.wrapping_mul(0x9e37_79b9));
            self.searches += 1;
            return sample_chance(pos, &mut rng);
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.len() <= 1 {
            return moves.first().copied();
        }
        self.reroot(record);
        let threads = self.config.threads.max(1);
        if self.trees.len() != threads {
            self.trees = (0..threads)
                .map(|i| Tree::fresh(pos, self.seed, self.searches, i))
                .collect();
        }
        self.searches += 1;
        let reused = self.root_visits();

        let mut past: HashMap<u64, usize> = HashMap::new();
        for p in record.positions() {
            *past.entry(p.repetition_key()).or_default() += 1;
        }
        let budget = self.config.budget;
        let total = match (budget.playouts, budget.nodes, budget.time) {
            (None, None, None) => Some(1000),
            (p, _, _) => p,
        };
        let deadline = budget.time.map(|t| start + t);
        let share = |i: usize| {
            total.map(|t| t / threads as u64 + u64::from((i as u64) < t % threads as u64))
        };
        let config = self.config;
        let policy = &self.policy;
        let past = &past;
        let done: Vec<u64> = if threads == 1 {
            vec![self.trees[0].run(pos, past, policy, &config, share(0), budget.nodes, deadline)]
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = self
                    .trees
                    .iter_mut()
                    .enumerate()
                    .map(|(i, tree)| {
                        let n = share(i);
                        s.spawn(move || {
                            tree.run(pos, past, policy, &config, n, budget.nodes, deadline)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a search thread panicked"))
                    .collect()
            })
        };

        // Add up the root children of every tree, move by move, in the
        // order of the legal moves (deterministic).
        let me = to_act.player().map_or(0, |p| p.index());
        let mut stats: Vec<RootStat<P::Move>> = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let mut visits = 0u64;
            let mut sum = 0.0f64;
            for tree in &self.trees {
                for &c in &tree.nodes[0].children {
                    let node = &tree.nodes[c as usize];
                    if node.mv == Some(mv) {
                        visits += node.visits as u64;
                        sum += node.sums[me] as f64;
                    }
                }
            }
            let value = if visits > 0 { sum / visits as f64 } else { 0.0 };
            stats.push(RootStat { mv, visits, value });
        }
        stats.sort_by(|a, b| {
            b.visits.cmp(&a.visits).then(
                b.value
                    .partial_cmp(&a.value)
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        });
        self.info = SearchInfo {
            playouts: done.iter().sum(),
            nodes: self.trees.iter().map(|t| t.nodes.len()).sum(),
            reused_visits: reused,
            elapsed: start.elapsed(),
        };
        self.rooted = Some((record.start().hash(), record.moves().to_vec()));
        let best = stats.first().map(|s| s.mv);
        self.stats = stats;
        if !self.config.reuse_tree {
            self.clear();
        }
        best
    }

    /// Moves the trees' roots along the moves played since the last search,
    /// keeping the subtrees; starts afresh if the record is not a
    /// continuation or a move was never searched.
    fn reroot(&mut self, record: &GameRecord<P>) {
        let Some((hash, old)) = self.rooted.take() else {
            self.trees.clear();
            return;
        };
        let moves = record.moves();
        if !self.config.reuse_tree
            || hash != record.start().hash()
            || moves.len() < old.len()
            || moves[..old.len()] != old[..]
        {
            self.trees.clear();
            return;
        }
        let new = &moves[old.len()..];
        for tree in &mut self.trees {
            if !tree.descend(new) {
                self.trees.clear();
                return;
            }
        }
    }
}
