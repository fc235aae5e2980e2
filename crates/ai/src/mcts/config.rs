//! What a search may spend ([`Budget`]), its knobs ([`Config`]), and the
//! rewards it backs up from an outcome.

use std::time::Duration;

use kyoku_core::{MAX_PLAYERS, Outcome};

/// How much a search may spend. It stops at the first limit reached; a
/// budget with no limit at all searches 1000 playouts.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Budget {
    /// Playouts (iterations) per move, summed over threads.
    pub playouts: Option<u64>,
    /// Nodes in each thread's tree (kept nodes of a reused tree count).
    pub nodes: Option<usize>,
    /// Wall-clock time per move.
    pub time: Option<Duration>,
}

impl Budget {
    /// At most `n` playouts per move.
    pub fn playouts(n: u64) -> Self {
        Budget {
            playouts: Some(n),
            nodes: None,
            time: None,
        }
    }

    /// At most `t` per move.
    pub fn time(t: Duration) -> Self {
        Budget {
            playouts: None,
            nodes: None,
            time: Some(t),
        }
    }

    /// At most `n` nodes in the tree.
    pub fn nodes(n: usize) -> Self {
        Budget {
            playouts: None,
            nodes: Some(n),
            time: None,
        }
    }
}

/// The knobs of a search.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Config {
    /// The UCB1 exploration constant `c` in `mean + c·sqrt(ln N / n)`.
    pub exploration: f64,
    /// How much a search may spend per move.
    pub budget: Budget,
    /// A playout stops after this many decisions and scores the position it
    /// reached (games that can go on for ever still give a reward).
    pub max_rollout_plies: usize,
    /// The weight of the score margin in the reward (0 = places only); see
    /// [`rewards`].
    pub margin_weight: f64,
    /// The score margin that counts as a clear lead; see [`rewards`].
    pub margin_scale: f64,
    /// Independent trees searched in parallel (root parallel), each with its
    /// share of the playout budget.
    pub threads: usize,
    /// Keep the subtree of the moves played between two searches.
    pub reuse_tree: bool,
    /// RAVE (rapid action value estimation, "all moves as first"): the
    /// number of visits of a move at which its own mean and its AMAF mean
    /// weigh about the same (`β = sqrt(k / (3n + k))`). 0 turns RAVE off:
    /// plain UCT, every move tried once before UCB1 chooses (the search of
    /// every game whose policy names no moves, see [`Policy::amaf_key`](super::Policy::amaf_key)).
    pub rave_equivalence: f64,
    /// RAVE only: virtual AMAF playouts every move of a node starts with,
    /// scored at the node's own mean (plus [`Config::rave_prior_bonus`] for
    /// the policy's favourites). They keep a move seen in one lucky playout
    /// from outranking the rest, and let the policy's opinion count before
    /// the playouts have one. 0 = no prior (the search of before).
    pub rave_prior_visits: f64,
    /// RAVE only: how far above the node's own mean a move's virtual AMAF
    /// playouts score, times the policy's liking of it in `[0, 1]`
    /// ([`Policy::prior`](super::Policy::prior)). Used only with [`Config::rave_prior_visits`].
    pub rave_prior_bonus: f64,
    /// Progressive widening (plain UCT only): a node with `n` visits has
    /// at most `max(1, k · n^α)` children, made in the policy's order (see
    /// [`Policy::order_moves`](super::Policy::order_moves)), so a node with few playouts spends them on
    /// its best-ordered moves instead of trying every move once. `k`; 0 =
    /// off (every move tried once before UCB1 chooses).
    pub widening: f64,
    /// Progressive widening's exponent `α` (see [`Config::widening`]).
    pub widening_power: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            exploration: 0.7,
            budget: Budget::playouts(1000),
            max_rollout_plies: 60,
            margin_weight: 0.25,
            margin_scale: 4.0,
            threads: 1,
            reuse_tree: true,
            rave_equivalence: 0.0,
            rave_prior_visits: 0.0,
            rave_prior_bonus: 0.0,
            widening: 0.0,
            widening_power: 0.5,
        }
    }
}

impl Config {
    /// Whether a node with `children` children and `visits` visits may get
    /// another child (see [`Config::widening`]): always without widening.
    pub(super) fn may_add_child(&self, children: usize, visits: u32) -> bool {
        self.widening <= 0.0
            || (children as f64) < self.widening * (visits.max(1) as f64).powf(self.widening_power)
    }
}

/// Rewards in `[0, 1]` per player from an outcome:
/// `(1 − w) · places + w · margin`, where `places` is
/// [`Outcome::reward`] (the share of the other players beaten, ties half)
/// and `margin` is `½ + ½·tanh((own score − best other score) / scale)`.
///
/// Places are what a game of several players is won by, and they do not
/// depend on the size of the board; the margin part keeps a signal where
/// playouts rarely change the places (a lead worth extending, a deficit
/// worth shrinking).
pub fn rewards(outcome: &Outcome, weight: f64, scale: f64) -> [f32; MAX_PLAYERS] {
    // A fixed array, not a Vec: this runs at the end of every playout.
    let mut scores = [0.0; MAX_PLAYERS];
    let n = outcome.players();
    for (s, &o) in scores.iter_mut().zip(outcome.scores()) {
        *s = o as f64;
    }
    score_rewards(&scores[..n], weight, scale)
}

/// [`rewards`] from scores that need not be whole numbers (a playout's
/// estimate where it was cut off, see [`Policy::cutoff_scores`](super::Policy::cutoff_scores)): places by
/// the scores as [`Outcome::reward`] counts them, ties half.
pub fn score_rewards(scores: &[f64], weight: f64, scale: f64) -> [f32; MAX_PLAYERS] {
    let mut out = [0.0; MAX_PLAYERS];
    for (p, r) in out.iter_mut().enumerate().take(scores.len()) {
        let mine = scores[p];
        let others = scores.iter().enumerate().filter(|&(o, _)| o != p);
        let beaten: f64 = others
            .clone()
            .map(|(_, &s)| match s.partial_cmp(&mine) {
                Some(std::cmp::Ordering::Less) => 1.0,
                Some(std::cmp::Ordering::Equal) => 0.5,
                _ => 0.0,
            })
            .sum();
        let place = if scores.len() < 2 {
            1.0
        } else {
            beaten / (scores.len() - 1) as f64
        };
        let best_other = others.map(|(_, &s)| s).reduce(f64::max).unwrap_or(mine);
        let margin = 0.5 + 0.5 * ((mine - best_other) / scale.max(1e-9)).tanh();
        *r = ((1.0 - weight) * place + weight * margin) as f32;
    }
    out
}
