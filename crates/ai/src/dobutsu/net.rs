//! The network part of Dōbutsu's evaluation: what the linear terms miss,
//! learned from the solved table (`kyoku tune dobutsu --net`).
//!
//! Its one-hot inputs are each piece on its square, seen from the side to
//! move (the board turned for Gote, so "ours" always advance up the
//! ranks), and the pieces in hand; its dense inputs are the evaluation's
//! named terms (material, mobility, Lion safety, attacked pieces), which
//! the search computes anyway.

use kyoku_dobutsu::{Color, Kind, Position, Square};

use super::TEMPO;
use crate::net::Net;

/// One-hot inputs: 2 sides × 5 kinds × 12 squares on the board, then 2
/// sides × 3 kinds × (at least one, two) in hand.
pub const SPARSE: usize = 2 * 5 * 12 + 2 * 3 * 2;
/// Dense inputs: the named terms before the tempo.
pub const DENSE: usize = TEMPO;
/// Hidden units.
pub const HIDDEN: usize = 256;
/// The most one-hot inputs a position has (8 pieces, 6 hand entries).
pub const MAX_ACTIVE: usize = 16;

/// The dense inputs' scale: the terms are small counts.
const DENSE_SCALE: f32 = 0.25;

/// The learned weights ([`crate::tune::net`]'s Rust form).
pub static NET: Net<SPARSE, DENSE, HIDDEN> = include!("net_weights.rs");

/// How much the network's output (a logit) is worth in the evaluation's
/// units: the logistic scale of the linear weights it was learned on top of.
pub const LOGIT: f32 = include!("net_scale.rs");

/// The one-hot inputs of `pos` into `active`; returns how many.
pub fn sparse_inputs(pos: &Position, active: &mut [u16; MAX_ACTIVE]) -> usize {
    let us = pos.turn();
    let mut n = 0;
    for sq in Square::all() {
        let Some(p) = pos.piece_at(sq) else { continue };
        let rel = match us {
            Color::Sente => sq.index(),
            Color::Gote => 11 - sq.index(),
        };
        let side = usize::from(p.color != us);
        active[n] = (side * 60 + p.kind.index() * 12 + rel) as u16;
        n += 1;
    }
    for (side, c) in [us, us.flip()].into_iter().enumerate() {
        for (k, kind) in [Kind::Giraffe, Kind::Elephant, Kind::Chick]
            .into_iter()
            .enumerate()
        {
            let held = pos.hand(c, kind);
            for count in 0..2 {
                if held > count as u8 {
                    active[n] = (120 + side * 6 + k * 2 + count) as u16;
                    n += 1;
                }
            }
        }
    }
    n
}

/// The dense inputs from the evaluation's named terms (those before the
/// tempo).
pub fn dense_inputs(terms: &[i32; DENSE]) -> [f32; DENSE] {
    std::array::from_fn(|i| terms[i] as f32 * DENSE_SCALE)
}

/// The network's score of `pos` (whose named terms are `terms`), in the
/// evaluation's units, for the side to move.
pub fn score(pos: &Position, terms: &[i32; DENSE]) -> i32 {
    let mut active = [0; MAX_ACTIVE];
    let n = sparse_inputs(pos, &mut active);
    (NET.forward(&active[..n], &dense_inputs(terms)) * LOGIT).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use kyoku_core::Position as _;

    /// Every input index is in range and used once per position; the
    /// colour-swapped twin of a position has the same inputs.
    #[test]
    fn inputs_are_in_range_and_seen_from_the_side_to_move() {
        let p = Position::startpos();
        let mut a = [0; MAX_ACTIVE];
        let n = sparse_inputs(&p, &mut a);
        assert_eq!(n, 8);
        assert!(a[..n].iter().all(|&i| usize::from(i) < SPARSE));
        let twin = |fen: &str| {
            let mut a = [0; MAX_ACTIVE];
            let n = sparse_inputs(&Position::from_text(fen).expect("a position"), &mut a);
            let mut v = a[..n].to_vec();
            v.sort_unstable();
            v
        };
        let x = twin("1le/1c1/LC1/E2[Gg] w - - 0 1");
        assert_eq!(x, twin("2e/1cl/1C1/EL1[Gg] b - - 0 1"));
        assert_eq!(x.len(), 8);
        let full = twin("l2/3/3/2L[CCGGEE] w - - 0 1");
        assert_eq!(full.len(), 2 + 6, "two of a kind count twice");
    }
}
