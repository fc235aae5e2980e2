//! Neighbour counts kept up to date stone by stone.
//!
//! The rules ask, at every placement, which fields are near a player's
//! stones, which are next to two stones of one player (rule 2) and which
//! clusters may be encircled; the programs ask which stones are short of
//! free fields. Walking every stone for each question dominated a playout;
//! a stone placed or taken changes the counts of its (at most 12) adjacent
//! fields only, so they are kept here instead.

use crate::bits::Bits;
use crate::board::{Board, Field};
use crate::position::MAX_PLAYERS;

/// Per field: how many adjacent fields are free and how many hold a stone
/// of each player, with the sets the rules and programs read off them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Neighbours {
    free: [u8; 256],
    by_player: [[u8; 256]; MAX_PLAYERS],
    /// Fields with at most one free adjacent field.
    pub(crate) crowded: Bits,
    /// Fields with no free adjacent field.
    pub(crate) closed: Bits,
    /// Per player: the fields adjacent to one or more of its stones.
    pub(crate) near: [Bits; MAX_PLAYERS],
    /// Per player: the fields adjacent to two or more of its stones.
    pub(crate) near_two: [Bits; MAX_PLAYERS],
}

impl Neighbours {
    /// The counts of `board` with `stones` on it.
    pub(crate) fn new(board: &Board, stones: &[Bits; MAX_PLAYERS]) -> Neighbours {
        let mut n = Neighbours {
            free: [0; 256],
            by_player: [[0; 256]; MAX_PLAYERS],
            crowded: Bits::EMPTY,
            closed: Bits::EMPTY,
            near: [Bits::EMPTY; MAX_PLAYERS],
            near_two: [Bits::EMPTY; MAX_PLAYERS],
        };
        for f in 0..board.len() {
            let degree = board.adjacent(f).count();
            n.free[f] = degree as u8;
            if degree <= 1 {
                n.crowded.insert(f);
            }
            if degree == 0 {
                n.closed.insert(f);
            }
        }
        for (p, own) in stones.iter().enumerate() {
            for f in own.iter() {
                n.put(board, p, f);
            }
        }
        n
    }

    /// A stone of player `p` arrives on the free field `f`.
    #[inline]
    pub(crate) fn put(&mut self, board: &Board, p: usize, f: Field) {
        for g in board.adjacent(f).iter() {
            self.free[g] -= 1;
            match self.free[g] {
                1 => self.crowded.insert(g),
                0 => self.closed.insert(g),
                _ => {}
            }
            let c = &mut self.by_player[p][g];
            *c += 1;
            match *c {
                1 => self.near[p].insert(g),
                2 => self.near_two[p].insert(g),
                _ => {}
            }
        }
    }

    /// The stone of player `p` on `f` leaves it.
    #[inline]
    pub(crate) fn take(&mut self, board: &Board, p: usize, f: Field) {
        for g in board.adjacent(f).iter() {
            self.free[g] += 1;
            match self.free[g] {
                2 => self.crowded.remove(g),
                1 => self.closed.remove(g),
                _ => {}
            }
            let c = &mut self.by_player[p][g];
            *c -= 1;
            match *c {
                0 => self.near[p].remove(g),
                1 => self.near_two[p].remove(g),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardKind;
    use crate::position::Position;
    use kyoku_core::{Position as _, random_game, seeded_rng};

    /// The counts as kept move by move equal the counts taken afresh, and
    /// the sets mean what they say, on every position of random games
    /// (captures and pushes included) on every board.
    #[test]
    fn kept_counts_equal_fresh_ones() {
        let mut checked = 0;
        for (kind, players, games) in [
            (BoardKind::Tri8, 3, 40),
            (BoardKind::Tri16, 3, 4),
            (BoardKind::Disc5, 3, 20),
            (BoardKind::Disc5, 5, 20),
            (BoardKind::Disc10, 4, 4),
        ] {
            let start = Position::start(kind, players).unwrap();
            for seed in 0..games {
                random_game(start.clone(), &mut seeded_rng(seed), 2_000, |pos, _| {
                    let b = pos.board;
                    let fresh = Neighbours::new(b, &pos.stones);
                    assert_eq!(pos.neighbours, fresh, "{}", pos.to_text());
                    let free = b.all() & !pos.occupied;
                    for f in 0..b.len() {
                        let n = (b.adjacent(f) & free).count();
                        assert_eq!(pos.neighbours.crowded.contains(f), n <= 1);
                        assert_eq!(pos.neighbours.closed.contains(f), n == 0);
                        for p in 0..players {
                            let k = (b.adjacent(f) & pos.stones[p]).count();
                            assert_eq!(pos.neighbours.near[p].contains(f), k >= 1);
                            assert_eq!(pos.neighbours.near_two[p].contains(f), k >= 2);
                        }
                    }
                    checked += 1;
                });
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
