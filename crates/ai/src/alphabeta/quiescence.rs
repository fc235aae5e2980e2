//! Quiescence: past depth 0, tactical moves on top of the static score
//! (and answers to threats, and chance's named outcome, where the game asks).

use kyoku_core::{Player, Position, ToAct};

use super::{Evaluation, INFINITY, MAX_PLY, Searcher};

impl<P: Position, E: Evaluation<P>> Searcher<P, E> {
    /// Quiescence: stand pat on the static score, then tactical moves.
    pub(super) fn quiesce(
        &mut self,
        pos: &P,
        alpha: i32,
        beta: i32,
        ply: usize,
        me: Player,
        qply: u32,
    ) -> i32 {
        self.seldepth = self.seldepth.max(ply);
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        // Either every legal move now, or (where the game lists its tactical
        // moves itself) none until standing pat has failed.
        let over = if self.eval.lists_tactical_moves() {
            self.eval.no_legal_move(pos)
        } else {
            pos.legal_moves(&mut moves);
            moves.is_empty()
        };
        let v = if over {
            self.terminal(pos, ply, me)
        } else {
            match self.eval.to_act(pos) {
                ToAct::Player(p, _) if p == me => {
                    self.quiesce_player(pos, &mut moves, alpha, beta, ply, qply)
                }
                ToAct::Player(..) => {
                    -self.quiesce_player(pos, &mut moves, -beta, -alpha, ply, qply)
                }
                // The chance step counts as a node, as a capture played does.
                ToAct::Chance => match self.quiescence_child(pos, ply) {
                    Some(_) if self.tick() => 0,
                    Some(child) => self.quiesce(&child, alpha, beta, ply + 1, me, qply),
                    None => self.static_eval(pos, me),
                },
                _ => self.static_eval(pos, me),
            }
        };
        self.buffers[ply] = moves;
        v
    }

    /// The position quiescence goes on with at a chance node
    /// ([`Tuning::chance_quiescence`](super::Tuning::chance_quiescence)): the game's chosen outcome played, or
    /// `None` to stand on the static score.
    pub(super) fn quiescence_child(&self, pos: &P, ply: usize) -> Option<P> {
        if !self.tuning.chance_quiescence || ply + 1 >= MAX_PLY {
            return None;
        }
        let mv = self.eval.quiescence_outcome(pos)?;
        let mut child = pos.clone();
        child.play_unchecked(mv);
        Some(child)
    }

    /// Quiescence where the player to act is the one the score is for;
    /// `moves` holds every legal move, or nothing where the game lists its
    /// tactical moves itself.
    pub(super) fn quiesce_player(
        &mut self,
        pos: &P,
        moves: &mut Vec<P::Move>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        let me = self.mover(pos);
        let stand = self.static_eval(pos, me);
        let evade = self.features.quiescence
            && self.features.evasions
            && self.eval.evasions_in_quiescence()
            && qply < 8
            && self.eval.threatened(pos);
        if (stand >= beta && !evade) || ply + 1 >= MAX_PLY || qply >= 8 || !self.features.quiescence
        {
            return stand;
        }
        // Threatened, standing pat is no option: the best answer counts.
        let mut best = if evade { -INFINITY } else { stand };
        alpha = alpha.max(best);
        if self.eval.lists_tactical_moves() {
            if evade {
                pos.legal_moves(moves);
            } else {
                self.eval.tactical_moves(pos, moves);
            }
        }
        let mut tactical: Vec<(i32, P::Move)> = moves
            .iter()
            .filter_map(|&m| match self.eval.tactical(pos, m) {
                Some(t) => Some((t, m)),
                None => evade.then_some((i32::MIN, m)),
            })
            .collect();
        tactical.sort_by_key(|t| std::cmp::Reverse(t.0));
        for (_, mv) in tactical {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if self.tick() {
                return 0;
            }
            let score = self.quiesce(&child, alpha, beta, ply + 1, me, qply + 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
