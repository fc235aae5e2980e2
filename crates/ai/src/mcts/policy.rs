//! How playouts choose moves ([`Policy`]), and the plainest policy,
//! [`Uniform`].

use kyoku_core::rand::Rng;
use kyoku_core::rand::seq::SliceRandom;
use kyoku_core::{MAX_PLAYERS, Position, SeededRng};

/// How playouts choose moves, and in which order the tree tries a node's
/// moves.
pub trait Policy<P: Position>: Clone + Send + Sync {
    /// A move for whoever acts in `pos` (a player; chance is sampled by the
    /// search), `None` when there is none. `buf` is scratch space.
    fn rollout_move(&self, pos: &P, rng: &mut SeededRng, buf: &mut Vec<P::Move>)
    -> Option<P::Move>;

    /// Orders a new node's moves, the most promising *last* (the tree tries
    /// them from the end). The default shuffles them.
    fn order_moves(&self, pos: &P, moves: &mut [P::Move], rng: &mut SeededRng) {
        let _ = pos;
        moves.shuffle(rng);
    }

    /// For RAVE: a small number naming `mv` the same in every position (a
    /// field, say), so that a move played later in a playout counts for the
    /// same move earlier ("all moves as first"). `None` (the default): the
    /// move has no AMAF statistics.
    fn amaf_key(&self, mv: &P::Move) -> Option<u16> {
        let _ = mv;
        None
    }

    /// For RAVE's prior ([`Config::rave_prior_visits`](super::Config::rave_prior_visits)): how much the policy
    /// likes each of `moves` in `pos`, in `[0, 1]` (0 = no opinion), pushed
    /// onto `out` (cleared first) in the same order. The default has no
    /// opinion on any move.
    fn prior(&self, pos: &P, moves: &[P::Move], out: &mut Vec<f32>) {
        let _ = pos;
        out.clear();
        out.resize(moves.len(), 0.0);
    }

    /// The scores a playout counts with when it is cut off before the
    /// game's end (an estimate of the end's scores: a cluster about to be
    /// taken, say), written into `scores` (one per player), or `false` (the
    /// default): the position is scored as it stands.
    fn cutoff_scores(&self, pos: &P, scores: &mut [f64; MAX_PLAYERS]) -> bool {
        let _ = (pos, scores);
        false
    }
}

/// Uniformly random playouts, random expansion order.
#[derive(Copy, Clone, Debug, Default)]
pub struct Uniform;

impl<P: Position> Policy<P> for Uniform {
    fn rollout_move(
        &self,
        pos: &P,
        rng: &mut SeededRng,
        buf: &mut Vec<P::Move>,
    ) -> Option<P::Move> {
        buf.clear();
        pos.legal_moves(buf);
        if buf.is_empty() {
            None
        } else {
            Some(buf[rng.random_range(0..buf.len())])
        }
    }
}
