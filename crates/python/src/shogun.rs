//! Shogun for Python: 4096 actions (`from × 64 + to`, squares `a1 = 0, b1,
//! …, h8 = 63`) and an 8×8 observation of 19 planes (35 with landing
//! numbers). Chance outcomes of the random variant are `4096 + number − 1`
//! (the square is always the one whose number is pending).

use kyoku_shogun::{Color, Move, Piece, Position, Square, Variant, magnets};

use crate::engine::{Engine, ObsOptions};

/// Player actions: every (from, to) pair.
const STEPS: usize = 64 * 64;
/// Planes without landing numbers.
const BASE_PLANES: usize = 19;
/// One landing-number plane per piece.
const LANDING_PLANES: usize = 16;

fn planes(opts: ObsOptions) -> usize {
    BASE_PLANES
        + if opts.landing_numbers {
            LANDING_PLANES
        } else {
            0
        }
}

/// The piece in plane order for `me`: own A–G, S (0–7), then the opponent's (8–15).
fn piece_plane(p: Piece, me: Color) -> usize {
    let k = p.index() % 8;
    if p.color() == me { k } else { 8 + k }
}

impl Engine for Position {
    fn num_actions(&self) -> usize {
        STEPS
    }

    fn encode(&self, mv: Move) -> usize {
        match mv {
            Move::Step { from, to } => from.index() * 64 + to.index(),
            Move::Chance { number, .. } => STEPS + number as usize - 1,
        }
    }

    fn action_text(&self, action: usize) -> Option<String> {
        if action < STEPS {
            let (from, to) = (
                Square::new((action / 64) as u8),
                Square::new((action % 64) as u8),
            );
            Some(format!("{from}{to}"))
        } else if action < STEPS + 4 {
            let sq = self.pending_square()?;
            Some(format!("{sq}={}", action - STEPS + 1))
        } else {
            None
        }
    }

    fn observation_shape(&self, opts: ObsOptions) -> Vec<usize> {
        vec![8, 8, planes(opts)]
    }

    /// Row 0 is rank 8, column 0 file a. Planes, seen from `seat`: 0–6 own
    /// soldiers A–G (Red: a–g), 7 own Shogun, 8–15 the opponent's pieces in
    /// the same order; 16 the number each piece shows (1–4, 0 on empty
    /// squares and while chance has yet to set it); 17 all ones when `seat`
    /// is to move; 18 all ones when `seat` is White. With landing numbers,
    /// planes 19–34 give, for each piece in the order of planes 0–15, the
    /// number it would show on every square (magnetic variant only; zeros in
    /// the random variant, where chance draws it).
    fn observe_acting(&self, seat: usize, acting: bool, opts: ObsOptions, out: &mut Vec<i8>) {
        let n = planes(opts);
        out.clear();
        out.resize(64 * n, 0);
        let me = Color::from_index(seat.min(1));
        let to_move = i8::from(acting);
        let white = i8::from(me == Color::White);
        for i in 0..64u8 {
            let sq = Square::new(i);
            let base = ((7 - sq.rank() as usize) * 8 + sq.file() as usize) * n;
            if let Some(p) = self.piece_at(sq) {
                out[base + piece_plane(p, me)] = 1;
                out[base + 16] = self.number_at(sq).unwrap_or(0) as i8;
            }
            out[base + 17] = to_move;
            out[base + 18] = white;
            if opts.landing_numbers && self.variant() == Variant::Magnetic {
                for p in Piece::ALL {
                    let v = magnets::number(p, sq, self.rotation()) as i8;
                    out[base + BASE_PLANES + piece_plane(p, me)] = v;
                }
            }
        }
    }

    fn drawing(&self) -> String {
        self.diagram()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kyoku_core::Position as _;
    use kyoku_shogun::{Options, start};

    #[test]
    fn actions_round_trip_through_text_and_chance_is_numbered() {
        let opts = Options {
            variant: Variant::Random,
            ..Options::default()
        };
        let mut pos = start(&opts).unwrap_or_else(|e| panic!("{e}"));
        let mut outcomes = Vec::new();
        pos.chance_outcomes(&mut outcomes);
        let codes: Vec<usize> = outcomes.iter().map(|&(m, _)| pos.encode(m)).collect();
        assert_eq!(codes, vec![4096, 4097, 4098, 4099]);
        while pos.pending_square().is_some() {
            let text = pos.action_text(4096).unwrap_or_default();
            let mv = pos
                .parse_move(&text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            pos.play(mv).unwrap_or_else(|e| panic!("{e}"));
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert!(!moves.is_empty());
        for m in moves {
            let text = pos.action_text(pos.encode(m)).unwrap_or_default();
            assert_eq!(pos.parse_move(&text), Ok(m));
        }
    }
}
