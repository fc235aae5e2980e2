//! What a node may cut or skip: futility and late-move pruning, null-move
//! pruning, and how much late moves are reduced.

use kyoku_core::{Player, Position};

use super::node::Frame;
use super::{Evaluation, FUTILITY_MARGIN, MATE_BOUND, Searcher};

/// Which quiet moves a node may skip ([`Tuning::futility`](super::Tuning::futility),
/// [`Tuning::late_move_pruning`](super::Tuning::late_move_pruning)).
pub(super) struct Prune {
    /// Every quiet move that threatens nothing (futility).
    pub(super) futile: bool,
    /// Those past this many moves (late-move pruning).
    pub(super) late: usize,
}

/// A reduction of `ln(depth)·ln(index)/2` plies, at least 1: late moves of
/// deep nodes are searched much shallower first.
pub(super) fn log_reduction(depth: i32, index: usize) -> i32 {
    let r = (depth.max(1) as f64).ln() * (index.max(1) as f64).ln() / 2.0;
    (r as i32).max(1)
}

impl<P: Position, E: Evaluation<P>> Searcher<P, E> {
    /// What futility and late-move pruning allow at a node
    /// ([`Tuning::futility`](super::Tuning::futility), [`Tuning::late_move_pruning`](super::Tuning::late_move_pruning)); `Err(score)`
    /// when the static score beats beta by enough to cut the node.
    pub(super) fn prune_limits(&mut self, pos: &P, at: Frame, pv_node: bool) -> Result<Prune, i32> {
        let Frame { depth, ply, .. } = at;
        let none = Prune {
            futile: false,
            late: usize::MAX,
        };
        // Near the leaves, a quiet node's static score decides what little
        // depth is left would find (not where the side to act is
        // threatened: that is where the static score misleads).
        let prunable = (self.tuning.futility || self.tuning.late_move_pruning)
            && !pv_node
            && ply > 0
            && depth <= 3
            && at.alpha.abs() < MATE_BOUND
            && at.beta.abs() < MATE_BOUND
            && !self.eval.threatened(pos);
        if !prunable {
            return Ok(none);
        }
        let mut prune = none;
        if self.tuning.futility {
            let stand = self.static_eval(pos, at.me);
            if stand - FUTILITY_MARGIN * depth >= at.beta {
                return Err(stand);
            }
            prune.futile = depth <= 2 && stand + FUTILITY_MARGIN * depth <= at.alpha;
        }
        if self.tuning.late_move_pruning {
            prune.late = 3 + 2 * (depth * depth) as usize;
        }
        Ok(prune)
    }

    /// Null-move pruning ([`Tuning::null_move`](super::Tuning::null_move)): `Some(score)` when passing
    /// still holds `beta`, so the node is cut.
    pub(super) fn try_null_move(
        &mut self,
        pos: &P,
        depth: i32,
        beta: i32,
        ply: usize,
        me: Player,
        pv_node: bool,
    ) -> Option<i32> {
        if !self.tuning.null_move
            || pv_node
            || depth < 3
            || ply == 0
            || self.after_null[ply]
            || beta.abs() > MATE_BOUND
            || self.eval.threatened(pos)
            || self.static_eval(pos, me) < beta
        {
            return None;
        }
        let passed = self.eval.null_move(pos)?;
        let r = 3 + depth / 6;
        self.after_null[ply + 1] = true;
        self.prev_key[ply] = usize::MAX;
        // Below the pass, only positions after it count as repetitions.
        let floor = std::mem::replace(&mut self.null_floor, self.path.len());
        let s = self.node(&passed, depth - r, beta - 1, beta, ply + 1, me);
        self.null_floor = floor;
        self.after_null[ply + 1] = false;
        if self.aborted {
            return Some(0);
        }
        // A mate found after a pass is not proven: claim only beta.
        (s >= beta).then_some(if s > MATE_BOUND { beta } else { s })
    }
}
