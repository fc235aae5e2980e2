//! Which move a node tries next: UCB1 over its children, or under RAVE
//! over its arms, the mean blended with the AMAF mean and a prior.

use kyoku_core::Position;

use super::tree::{Arm, NO_KEY, NONE, Tree};
use super::{Config, Policy};

impl<P: Position> Tree<P> {
    /// Gives a node under RAVE all its legal moves as arms, in the policy's
    /// order (best last).
    pub(super) fn list_arms<Pol: Policy<P>>(
        &mut self,
        at: usize,
        pos: &P,
        policy: &Pol,
        config: &Config,
        buf: &mut Vec<P::Move>,
    ) {
        buf.clear();
        pos.legal_moves(buf);
        policy.order_moves(pos, buf, &mut self.rng);
        let mut priors = Vec::new();
        if config.rave_prior_visits > 0.0 {
            policy.prior(pos, buf, &mut priors);
        }
        let node = &mut self.nodes[at];
        node.arms = buf
            .iter()
            .enumerate()
            .map(|(j, &mv)| Arm {
                mv,
                key: policy.amaf_key(&mv).unwrap_or(NO_KEY),
                child: NONE,
                amaf_visits: 0,
                amaf_sum: 0.0,
                prior: priors.get(j).copied().unwrap_or(0.0).clamp(0.0, 1.0),
            })
            .collect();
        node.listed = true;
    }

    /// The arm best for player `p` under RAVE: the mean reward blended with
    /// the AMAF mean (all AMAF while a move is untried), plus the UCB1 term.
    /// Untried moves with no AMAF statistics count at the node's own mean;
    /// ties go to the policy's favourite (the later arm). With a prior, every
    /// move's AMAF statistics start with [`Config::rave_prior_visits`]
    /// virtual playouts at the node's own mean plus its policy bonus.
    pub(super) fn select_rave(&self, at: usize, p: usize, config: &Config) -> Option<usize> {
        let node = &self.nodes[at];
        let ln = (node.visits.max(1) as f64).ln();
        let k = config.rave_equivalence;
        let m = config.rave_prior_visits;
        let own = if node.visits > 0 {
            node.sums[p] as f64 / node.visits as f64
        } else {
            0.5
        };
        let mut best = None;
        let mut best_v = f64::NEG_INFINITY;
        for (j, a) in node.arms.iter().enumerate() {
            let (n, q) = match self.nodes.get(a.child as usize) {
                Some(c) if c.visits > 0 => (c.visits as f64, c.sums[p] as f64 / c.visits as f64),
                _ => (0.0, own),
            };
            let amaf = if m > 0.0 {
                let virtual_mean = own + config.rave_prior_bonus * a.prior as f64;
                Some((a.amaf_sum as f64 + m * virtual_mean) / (a.amaf_visits as f64 + m))
            } else if a.amaf_visits > 0 {
                Some(a.amaf_sum as f64 / a.amaf_visits as f64)
            } else {
                None
            };
            let mixed = match amaf {
                Some(amaf) => {
                    let beta = (k / (3.0 * n + k)).sqrt();
                    (1.0 - beta) * q + beta * amaf
                }
                None => q,
            };
            let v = mixed + config.exploration * (ln / (n + 1.0)).sqrt();
            if v >= best_v {
                best_v = v;
                best = Some(j);
            }
        }
        best
    }

    /// The child best for player `p` by UCB1.
    pub(super) fn select(&self, at: usize, p: usize, c: f64) -> Option<u32> {
        let node = &self.nodes[at];
        let ln = (node.visits.max(1) as f64).ln();
        let mut best = NONE;
        let mut best_v = f64::NEG_INFINITY;
        for &ch in &node.children {
            let n = &self.nodes[ch as usize];
            let v = if n.visits == 0 {
                f64::INFINITY
            } else {
                let v = n.visits as f64;
                n.sums[p] as f64 / v + c * (ln / v).sqrt()
            };
            if v > best_v {
                best_v = v;
                best = ch;
            }
        }
        (best != NONE).then_some(best)
    }
}
