//! A node of the tree: counting it against the limits, the transposition
//! table's word on it, the search of its moves (principal-variation search
//! with reductions and extensions), and its line.

use std::sync::atomic::Ordering;
use std::time::Instant;

use kyoku_core::{Player, Position, ToAct};

use super::ordering::{ORDER_COUNTER, pick_next};
use super::pruning::log_reduction;
use super::{Evaluation, INFINITY, MATE_BOUND, MAX_PLY, Searcher};
use crate::tt::Bound;

/// A node's window and place, as the parts of its search that take them
/// all receive them: depth left, the window (`alpha`, `beta`), the ply from
/// the root and the player the value is for.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    /// Plies left before quiescence.
    pub(super) depth: i32,
    /// The lower bound of the window.
    pub(super) alpha: i32,
    /// The upper bound of the window.
    pub(super) beta: i32,
    /// Plies from the root.
    pub(super) ply: usize,
    /// Whom the value is for.
    pub(super) me: Player,
}

impl Frame {
    /// A node's frame.
    pub(super) fn new(depth: i32, alpha: i32, beta: i32, ply: usize, me: Player) -> Frame {
        Frame {
            depth,
            alpha,
            beta,
            ply,
            me,
        }
    }

    /// The same place searched with the window (`alpha`, `beta`).
    pub(super) fn window(self, alpha: i32, beta: i32) -> Frame {
        Frame {
            alpha,
            beta,
            ..self
        }
    }
}

impl<P: Position, E: Evaluation<P>> Searcher<P, E> {
    #[inline]
    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes & 1023 == 0 {
            if self.stop.load(Ordering::Relaxed)
                || self
                    .external_stop
                    .as_ref()
                    .is_some_and(|s| s.load(Ordering::Relaxed))
            {
                self.aborted = true;
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The player to act at `pos`, which a player node or quiescence step
    /// is known to have (player 0 otherwise, never used).
    #[inline]
    pub(super) fn mover(&self, pos: &P) -> Player {
        match self.eval.to_act(pos) {
            ToAct::Player(p, _) => p,
            _ => Player::new(0),
        }
    }

    /// The value of `pos` for `me`, who acts here or is the other player
    /// (or neither, at chance).
    pub(super) fn node(
        &mut self,
        pos: &P,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        me: Player,
    ) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let key = pos.repetition_key();
        if self.repeated(key) {
            return self.draw;
        }
        if ply >= MAX_PLY {
            return self.static_eval(pos, me);
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, me, 0);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        let v = if moves.is_empty() {
            self.terminal(pos, ply, me)
        } else {
            self.push_key(key);
            let at = Frame::new(depth, alpha, beta, ply, me);
            let v = match self.eval.to_act(pos) {
                ToAct::Chance if self.tuning.chance_probe => self.chance_probed(pos, at),
                ToAct::Chance => self.chance(pos, at),
                ToAct::Player(p, _) if p == me => {
                    self.player(pos, &mut moves, depth, alpha, beta, ply)
                }
                ToAct::Player(..) => -self.player(pos, &mut moves, depth, -beta, -alpha, ply),
                ToAct::Nobody => self.terminal(pos, ply, me),
            };
            self.pop_key();
            v
        };
        self.buffers[ply] = moves;
        v
    }

    /// A node where the player to act is the one the score is for.
    pub(super) fn player(
        &mut self,
        pos: &P,
        moves: &mut [P::Move],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let hash = pos.hash();
        let me = self.mover(pos);
        let tt_move = match self.probe(hash, depth, alpha, beta, ply, pv_node) {
            Ok(mv) => mv,
            Err(score) => return score,
        };
        let at = Frame::new(depth, alpha, beta, ply, me);
        let prune = match self.prune_limits(pos, at, pv_node) {
            Ok(prune) => prune,
            Err(score) => return score,
        };
        if let Some(s) = self.try_null_move(pos, depth, beta, ply, me, pv_node) {
            return s;
        }
        let side = me.index() & 1;
        let counter_slot = self.counter_slot(ply);
        let mut scores = std::mem::take(&mut self.score_buffers[ply]);
        let counter = counter_slot.and_then(|c| self.counters[c]);
        self.order_scores(pos, moves, tt_move, counter, ply, side, &mut scores);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            pick_next(moves, &mut scores, i);
            let mv = moves[i];
            let tactical = scores[i].1;
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let extend = self.features.extensions
                && ply < 2 * self.root_depth as usize
                && self.eval.threatened(&child);
            let d = depth - 1 + extend as i32;
            // A quiet move that threatens nothing and is neither a killer
            // nor the counter move: what pruning may skip and reductions
            // search shallower first.
            let quiet = !tactical && !extend && scores[i].0 < ORDER_COUNTER;
            // Futility and late-move pruning never skip the first move.
            if i > 0 && quiet && (prune.futile || i >= prune.late) {
                continue;
            }
            self.note_move(pos, mv, ply, side);
            let score = if i == 0 {
                self.node(&child, d, alpha, beta, ply + 1, me)
            } else {
                // Late quiet moves are first searched shallower.
                let reduce = self.features.reductions && depth >= 3 && i >= 3 && quiet;
                let r = match (reduce, self.tuning.log_reductions) {
                    (false, _) => 0,
                    (true, false) => 1,
                    (true, true) => {
                        (log_reduction(depth, i) - pv_node as i32).clamp(1, (d - 1).max(1))
                    }
                };
                self.search_late(&child, d, r, alpha, beta, ply + 1, me)
            };
            if self.aborted {
                self.score_buffers[ply] = scores;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        self.set_pv(ply, mv);
                    }
                    if alpha >= beta {
                        if !tactical {
                            self.remember_cutoff(pos, mv, depth, ply, side, counter_slot);
                        }
                        break;
                    }
                }
            }
        }
        self.score_buffers[ply] = scores;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if self.features.tt {
            self.tt
                .store(hash, best_move, to_tt(best_score, ply), depth as i16, bound);
        }
        best_score
    }

    /// The line at `ply`: `mv`, then the line found below it.
    pub(super) fn set_pv(&mut self, ply: usize, mv: P::Move) {
        let mut line = std::mem::take(&mut self.pv[ply]);
        line.clear();
        line.push(mv);
        line.extend_from_slice(&self.pv[ply + 1]);
        self.pv[ply] = line;
    }

    /// A move after the first, at `depth` less `reduction`: with a null
    /// window first, again at full depth if it beat alpha reduced, then with
    /// the full window if it still lands inside it.
    #[allow(clippy::too_many_arguments)] // a node's window and place
    pub(super) fn search_late(
        &mut self,
        child: &P,
        depth: i32,
        reduction: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        me: Player,
    ) -> i32 {
        let mut s = self.node(child, depth - reduction, alpha, alpha + 1, ply, me);
        if s > alpha && reduction > 0 && !self.aborted {
            s = self.node(child, depth, alpha, alpha + 1, ply, me);
        }
        if s > alpha && s < beta && !self.aborted {
            s = self.node(child, depth, alpha, beta, ply, me);
        }
        s
    }

    /// The transposition table's word on a node: `Err(score)` when a stored
    /// bound settles it, else `Ok` with the stored best move, if any.
    pub(super) fn probe(
        &self,
        hash: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> Result<Option<P::Move>, i32> {
        let Some(e) = self.tt.probe(hash).filter(|_| self.features.tt) else {
            return Ok(None);
        };
        if !pv_node && e.depth as i32 >= depth {
            let s = from_tt(e.score, ply);
            match e.bound {
                Bound::Exact => return Err(s),
                Bound::Lower if s >= beta => return Err(s),
                Bound::Upper if s <= alpha => return Err(s),
                _ => {}
            }
        }
        Ok(e.mv)
    }
}

/// Mate scores are stored relative to the node, read back relative to the root.
pub(super) fn to_tt(score: i32, ply: usize) -> i32 {
    shift_mate(score, ply as i32)
}

/// The inverse of [`to_tt`].
pub(super) fn from_tt(score: i32, ply: usize) -> i32 {
    shift_mate(score, -(ply as i32))
}

/// A mate score `plies` further from the end (other scores unchanged).
fn shift_mate(score: i32, plies: i32) -> i32 {
    if score > MATE_BOUND {
        score + plies
    } else if score < -MATE_BOUND {
        score - plies
    } else {
        score
    }
}
