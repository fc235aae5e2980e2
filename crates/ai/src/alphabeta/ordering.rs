//! The order a node's moves are tried in: the table's move, tactical moves,
//! killers, the counter move, history; and what a cutoff teaches them.

use kyoku_core::Position;

use super::{Evaluation, HISTORY_SIZE, Searcher};

/// Move-order scores (higher first): the table's move, tactical moves (plus
/// their own score), the two killers, the counter move; the rest score by
/// history, below all of these. Pruning reads them back: a move scored
/// below [`ORDER_COUNTER`] is neither a killer nor the counter move.
pub(super) const ORDER_TT: i32 = 1 << 30;
pub(super) const ORDER_TACTICAL: i32 = 1 << 28;
pub(super) const ORDER_KILLER: i32 = 1 << 27;
pub(super) const ORDER_COUNTER: i32 = ORDER_KILLER - 1;

impl<P: Position, E: Evaluation<P>> Searcher<P, E> {
    pub(super) fn order_root(&self, pos: &P, root: &mut [(P::Move, i32)]) {
        let tt_move = self.tt.probe(pos.hash()).and_then(|e| e.mv);
        for r in root.iter_mut() {
            r.1 = if Some(r.0) == tt_move {
                ORDER_TT
            } else {
                self.eval.tactical(pos, r.0).map_or(0, |t| (1 << 20) + t)
            };
        }
        root.sort_by_key(|r| std::cmp::Reverse(r.1));
    }

    /// The order of a node's moves, into `scores` (higher first; with
    /// whether each is tactical): the table's move, tactical moves, the
    /// killers, the counter move, then the rest by history.
    #[allow(clippy::too_many_arguments)] // a node's moves and what orders them
    pub(super) fn order_scores(
        &self,
        pos: &P,
        moves: &[P::Move],
        tt_move: Option<P::Move>,
        counter: Option<P::Move>,
        ply: usize,
        side: usize,
        scores: &mut Vec<(i32, bool)>,
    ) {
        let killers = self.killers[ply];
        scores.clear();
        for &mv in moves {
            let t = self.eval.tactical(pos, mv);
            scores.push((
                if Some(mv) == tt_move {
                    ORDER_TT
                } else if let Some(t) = t {
                    ORDER_TACTICAL + t
                } else if Some(mv) == killers[0] {
                    ORDER_KILLER + 1
                } else if Some(mv) == killers[1] {
                    ORDER_KILLER
                } else if Some(mv) == counter {
                    ORDER_COUNTER
                } else {
                    self.history[self.history_slot(pos, mv, side)]
                },
                t.is_some(),
            ));
        }
    }

    /// A quiet move that cut a node: a killer of its ply, history credit,
    /// the counter move to the move before.
    pub(super) fn remember_cutoff(
        &mut self,
        pos: &P,
        mv: P::Move,
        depth: i32,
        ply: usize,
        side: usize,
        counter_slot: Option<usize>,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let slot = self.history_slot(pos, mv, side);
        let h = &mut self.history[slot];
        *h = (*h + depth * depth).min(1 << 26);
        if let Some(c) = counter_slot {
            self.counters[c] = Some(mv);
        }
    }

    /// The history slot of `mv` played by `side` (0 or 1) at `pos`: history
    /// and counter moves are kept per side, since a move's key means the
    /// same thing for one player only.
    #[inline]
    pub(super) fn history_slot(&self, pos: &P, mv: P::Move, side: usize) -> usize {
        side * HISTORY_SIZE + self.eval.move_key(pos, mv)
    }

    /// Notes `mv`, played by `side` at `ply`, as the move the next node's
    /// counter move answers (when the game uses counter moves).
    #[inline]
    pub(super) fn note_move(&mut self, pos: &P, mv: P::Move, ply: usize, side: usize) {
        if self.tuning.counter_moves {
            self.prev_key[ply] = self.history_slot(pos, mv, side);
        }
    }

    /// The counter-move slot of the node at `ply` (the previous move's key),
    /// when the game uses counter moves.
    pub(super) fn counter_slot(&self, ply: usize) -> Option<usize> {
        if !self.tuning.counter_moves || ply == 0 {
            return None;
        }
        Some(self.prev_key[ply - 1]).filter(|&k| k < 2 * HISTORY_SIZE)
    }
}

/// One step of a selection sort: the best-scored move from `i` on to
/// position `i` (the first of equals keeps its place).
pub(super) fn pick_next<M>(moves: &mut [M], scores: &mut [(i32, bool)], i: usize) {
    let mut b = i;
    for j in i + 1..moves.len() {
        if scores[j].0 > scores[b].0 {
            b = j;
        }
    }
    moves.swap(i, b);
    scores.swap(i, b);
}
