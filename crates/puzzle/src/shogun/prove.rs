//! The proving search: full width, no evaluation, exact within its horizon.
//!
//! "Wins within n plies" is an and-or search: the side to move wins within
//! `n` if one of its moves ends the game in its favour, or (with `n ≥ 3`)
//! leaves a position where every reply loses within `n − 2`. Nothing is
//! pruned or guessed, so a "yes" is a proof and a "no" holds for every line
//! of that length. A table remembers what is known per position.

use std::collections::HashMap;

use kyoku_shogun::{Move, Position};

/// The search gave up: the position needs more nodes than allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Exhausted;

/// What is known of a position (side to move included in its key).
#[derive(Clone, Copy, Default)]
struct Known {
    /// It wins within this many plies (0: not known to).
    win_within: u8,
    /// It does not win within this many plies (0: nothing known).
    no_win_within: u8,
}

/// The search and what it has learnt.
pub(crate) struct Prover {
    table: HashMap<u64, Known>,
    nodes: u64,
    limit: u64,
}

/// Whether the side that has just moved in `pos` has won: the rules end
/// the game after every move, and in Shogun the winner is always the side
/// that moved last (or nobody, on the no-capture draw).
pub(crate) fn mover_won(pos: &Position) -> bool {
    pos.result().is_some_and(|o| !o.is_draw())
}

/// The legal moves of the side to move, captures first (a win in Shogun is
/// mostly material, so they decide sooner).
pub(crate) fn moves(pos: &Position) -> Vec<Move> {
    let mut all = Vec::new();
    pos.generate(&mut all);
    let them = pos.pieces(pos.turn().other());
    all.sort_by_key(|m| match m {
        Move::Step { to, .. } => them & to.bit() == 0,
        Move::Chance { .. } => true,
    });
    all
}

/// `pos` after `mv`.
pub(crate) fn after(pos: &Position, mv: Move) -> Position {
    let mut p = pos.clone();
    p.play_move(mv);
    p
}

impl Prover {
    /// A search that gives up after `limit` positions.
    pub(crate) fn new(limit: u64) -> Prover {
        Prover {
            table: HashMap::new(),
            nodes: 0,
            limit,
        }
    }

    /// Whether the side to move in `pos` wins within `plies` (odd) plies
    /// against every defence.
    pub(crate) fn wins(&mut self, pos: &Position, plies: u8) -> Result<bool, Exhausted> {
        if plies == 0 || pos.result().is_some() {
            return Ok(false);
        }
        let key = pos.key();
        let known = self.table.get(&key).copied().unwrap_or_default();
        if known.win_within != 0 && known.win_within <= plies {
            return Ok(true);
        }
        if known.no_win_within >= plies {
            return Ok(false);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(Exhausted);
        }
        let list = moves(pos);
        let mut won = false;
        // Immediate wins first: they are cheap and end the search.
        let children: Vec<Position> = list.iter().map(|&m| after(pos, m)).collect();
        if children.iter().any(mover_won) {
            won = true;
        } else if plies >= 3 {
            for child in &children {
                if child.result().is_none() && self.loses(child, plies - 1)? {
                    won = true;
                    break;
                }
            }
        }
        let entry = self.table.entry(key).or_default();
        if won {
            if entry.win_within == 0 || entry.win_within > plies {
                entry.win_within = plies;
            }
        } else {
            entry.no_win_within = entry.no_win_within.max(plies);
        }
        Ok(won)
    }

    /// Whether the side to move in `pos` (the game not over) loses within
    /// `plies` (even) plies whatever it plays.
    pub(crate) fn loses(&mut self, pos: &Position, plies: u8) -> Result<bool, Exhausted> {
        for reply in moves(pos) {
            if !self.wins(&after(pos, reply), plies - 1)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether `mv` wins for the side to move in `pos` within `plies`: it
    /// ends the game, or every reply loses within `plies − 2`.
    pub(crate) fn move_wins(
        &mut self,
        pos: &Position,
        mv: Move,
        plies: u8,
    ) -> Result<bool, Exhausted> {
        let child = after(pos, mv);
        if mover_won(&child) {
            return Ok(true);
        }
        if plies < 3 || child.result().is_some() {
            return Ok(false);
        }
        self.loses(&child, plies - 1)
    }

    /// The fewest plies (odd, at most `max`) within which the side to move
    /// in `pos` wins, if it does within `max`.
    pub(crate) fn distance(&mut self, pos: &Position, max: u8) -> Result<Option<u8>, Exhausted> {
        let mut n = 1;
        while n <= max {
            if self.wins(pos, n)? {
                return Ok(Some(n));
            }
            n += 2;
        }
        Ok(None)
    }
}
