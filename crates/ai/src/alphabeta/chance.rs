//! Chance nodes: expectimax with Star1 bounds, or probed first
//! ([`Tuning::chance_probe`](super::Tuning::chance_probe)).

use kyoku_core::Position;

use super::node::Frame;
use super::{CHANCE_BOUND, Evaluation, INFINITY, MATE, Searcher};

impl<P: Position, E: Evaluation<P>> Searcher<P, E> {
    /// Expectimax with Star1 bounds; the value is for `me`.
    pub(super) fn chance(&mut self, pos: &P, at: Frame) -> i32 {
        let Frame {
            alpha, beta, ply, ..
        } = at;
        let outcomes = self.take_outcomes(pos, ply);
        let (lo, hi) = (-(MATE as f64), MATE as f64);
        let mut sum = 0.0;
        let mut rest = 1.0;
        let mut result = None;
        for &(mv, p) in &outcomes {
            if p <= 0.0 {
                continue;
            }
            rest -= p;
            let rest_now = rest.max(0.0);
            let a = ((alpha as f64 - sum - hi * rest_now) / p).max(lo);
            let b = ((beta as f64 - sum - lo * rest_now) / p).min(hi);
            let (ai, bi) = (a.floor() as i32, b.ceil() as i32);
            let v = self.outcome(pos, mv, at.window(ai.max(-INFINITY), bi.min(INFINITY)));
            if self.aborted {
                result = Some(0);
                break;
            }
            if v >= bi {
                result = Some(beta);
                break;
            }
            if v <= ai {
                result = Some(alpha);
                break;
            }
            sum += p * v as f64;
        }
        self.chance_buffers[ply] = outcomes;
        result.unwrap_or(sum.round() as i32)
    }

    /// Chance's outcomes at `pos`, in the buffer of `ply` (given back when
    /// the node is done, so that no search allocates).
    fn take_outcomes(&mut self, pos: &P, ply: usize) -> Vec<(P::Move, f64)> {
        let mut outcomes = std::mem::take(&mut self.chance_buffers[ply]);
        outcomes.clear();
        pos.chance_outcomes(&mut outcomes);
        outcomes
    }

    /// The value of chance's outcome `mv` at `pos`, searched in `at`'s
    /// window.
    pub(super) fn outcome(&mut self, pos: &P, mv: P::Move, at: Frame) -> i32 {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        if at.ply > 0 {
            // Chance does not answer a move: the next player's counter
            // move answers the move before it.
            self.prev_key[at.ply] = self.prev_key[at.ply - 1];
        }
        self.node(&child, at.depth, at.alpha, at.beta, at.ply + 1, at.me)
    }

    /// Expectimax that probes every outcome with the node's own window
    /// first, then settles the undecided ones with Star1 windows from the
    /// bounds known so far ([`Tuning::chance_probe`](super::Tuning::chance_probe)); the value is for
    /// `me`.
    pub(super) fn chance_probed(&mut self, pos: &P, at: Frame) -> i32 {
        let Frame {
            alpha, beta, ply, ..
        } = at;
        // Every outcome counts within the bound, so a window beyond it is
        // settled before any search.
        if alpha >= CHANCE_BOUND {
            return alpha;
        }
        if beta <= -CHANCE_BOUND {
            return beta;
        }
        let mut outcomes = self.take_outcomes(pos, ply);
        outcomes.retain(|&(_, p)| p > 0.0);
        let mut bounds = std::mem::take(&mut self.chance_bounds[ply]);
        bounds.clear();
        bounds.resize(outcomes.len(), (-CHANCE_BOUND, CHANCE_BOUND));
        let result = self.settle_outcomes(pos, &outcomes, &mut bounds, at);
        self.chance_buffers[ply] = outcomes;
        self.chance_bounds[ply] = bounds;
        result
    }

    /// The two passes of [`Searcher::chance_probed`](super::Searcher::chance_probed) over `outcomes`, whose
    /// known bounds `bounds` narrows as it goes.
    pub(super) fn settle_outcomes(
        &mut self,
        pos: &P,
        outcomes: &[(P::Move, f64)],
        bounds: &mut [(i32, i32)],
        at: Frame,
    ) -> i32 {
        let Frame { alpha, beta, .. } = at;
        let expected = |bounds: &[(i32, i32)]| {
            outcomes
                .iter()
                .zip(bounds.iter())
                .fold((0.0, 0.0), |(l, u), (&(_, p), &(lb, ub))| {
                    (l + p * lb as f64, u + p * ub as f64)
                })
        };
        for pass in 0..2 {
            for i in 0..outcomes.len() {
                let (mv, p) = outcomes[i];
                let (lb, ub) = bounds[i];
                if lb == ub {
                    continue;
                }
                let (lo, hi) = if pass == 0 {
                    (alpha, beta)
                } else {
                    // Star1: the window outside which this outcome alone
                    // decides the node, given what the others are known to be.
                    let (l, u) = expected(bounds);
                    let a = (alpha as f64 - (u - p * ub as f64)) / p;
                    let b = (beta as f64 - (l - p * lb as f64)) / p;
                    ((a.floor() as i32).max(lb), (b.ceil() as i32).min(ub))
                };
                let v = self
                    .outcome(pos, mv, at.window(lo, hi))
                    .clamp(-CHANCE_BOUND, CHANCE_BOUND);
                if self.aborted {
                    return 0;
                }
                bounds[i] = if v >= hi {
                    (v.max(lb).min(ub), ub)
                } else if v <= lo {
                    (lb, v.min(ub).max(lb))
                } else {
                    (v, v)
                };
                let (l, u) = expected(bounds);
                if l >= beta as f64 {
                    return beta;
                }
                if u <= alpha as f64 {
                    return alpha;
                }
            }
        }
        // The second pass leaves every outcome exact (or returns early).
        let (l, _) = expected(bounds);
        l.round() as i32
    }
}
