//! Dōbutsu Shōgi for Python: 180 actions and an 18-plane 4×3 observation.
//!
//! Actions: a step is `from × 12 + to` (0–143, squares `a1 = 0, b1, c1,
//! a2, …, c4 = 11`; a Chick reaching the far rank always promotes, so the
//! promotion is not part of the action); a drop is `144 + kind × 12 + to`
//! with kinds Chick 0, Elephant 1, Giraffe 2 (144–179).

use kyoku_core::Position as _;
use kyoku_dobutsu::{Color, Kind, Move, Position, Square};

use crate::engine::{Engine, ObsOptions};

/// Step actions come first, then drops.
const STEPS: usize = Square::COUNT * Square::COUNT;
/// The droppable kinds in action order.
const DROPS: [Kind; 3] = [Kind::Chick, Kind::Elephant, Kind::Giraffe];
/// Observation planes (see [`Engine::observe`] below and the README).
const PLANES: usize = 18;
/// Piece planes: Lion, Giraffe, Elephant, Chick, Hen (own 0–4, other 5–9).
const KINDS: [Kind; 5] = [
    Kind::Lion,
    Kind::Giraffe,
    Kind::Elephant,
    Kind::Chick,
    Kind::Hen,
];

fn square(i: usize) -> Square {
    // Only called with i < 12 (action decoding checks the range first).
    Square::new(i as u8).unwrap_or_else(|| unreachable!("square index {i} < 12"))
}

impl Engine for Position {
    fn num_actions(&self) -> usize {
        STEPS + DROPS.len() * Square::COUNT
    }

    fn encode(&self, mv: Move) -> usize {
        match mv {
            Move::Step { from, to, .. } => from.index() * Square::COUNT + to.index(),
            Move::Drop { kind, to } => {
                let k = DROPS
                    .iter()
                    .position(|&d| d == kind.unpromoted())
                    .unwrap_or(0);
                STEPS + k * Square::COUNT + to.index()
            }
        }
    }

    fn action_text(&self, action: usize) -> Option<String> {
        if action < STEPS {
            let (from, to) = (square(action / 12), square(action % 12));
            Some(format!("{from}{to}"))
        } else if action < self.num_actions() {
            let a = action - STEPS;
            Some(format!("{}@{}", DROPS[a / 12].letter(), square(a % 12)))
        } else {
            None
        }
    }

    fn observation_shape(&self, _opts: ObsOptions) -> Vec<usize> {
        vec![4, 3, PLANES]
    }

    /// Row 0 is rank 4 (as drawn, Gote's home at the top), column 0 file a.
    /// Planes, seen from `seat`: 0–4 own Lion, Giraffe, Elephant, Chick, Hen;
    /// 5–9 the opponent's; 10–12 own hand (Chick, Elephant, Giraffe counts on
    /// every square); 13–15 the opponent's hand; 16 all ones when `seat` is
    /// to move; 17 all ones when `seat` is Sente.
    fn observe_acting(&self, seat: usize, acting: bool, _opts: ObsOptions, out: &mut Vec<i8>) {
        out.clear();
        out.resize(4 * 3 * PLANES, 0);
        let me = if seat == 0 { Color::Sente } else { Color::Gote };
        // The planes every square repeats (hands, to move, Sente), written
        // once and copied: observations are most of a batched step's work.
        let mut common = [0i8; PLANES - 10];
        for (i, kind) in DROPS.iter().enumerate() {
            common[i] = self.hand(me, *kind) as i8;
            common[3 + i] = self.hand(me.flip(), *kind) as i8;
        }
        common[6] = i8::from(acting);
        common[7] = i8::from(me == Color::Sente);
        for sq in Square::all() {
            let at = ((3 - sq.rank() as usize) * 3 + sq.file() as usize) * PLANES;
            let cell = &mut out[at..at + PLANES];
            if let Some(p) = self.piece_at(sq) {
                let k = KINDS.iter().position(|&k| k == p.kind).unwrap_or(0);
                let side = if p.color == me { 0 } else { 5 };
                cell[side + k] = 1;
            }
            cell[10..].copy_from_slice(&common);
        }
    }

    fn drawing(&self) -> String {
        let hand = |c: Color| {
            let mut s = String::new();
            for k in DROPS {
                for _ in 0..self.hand(c, k) {
                    let l = k.letter();
                    s.push(if c == Color::Sente {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    });
                    s.push(' ');
                }
            }
            if s.is_empty() {
                "-".to_string()
            } else {
                s.trim_end().to_string()
            }
        };
        let mut s = format!("Gote hand: {}\n", hand(Color::Gote));
        for rank in (0..4u8).rev() {
            s.push_str(&format!("{}  ", rank + 1));
            for file in 0..3u8 {
                let c = Square::from_coords(file, rank)
                    .and_then(|sq| self.piece_at(sq))
                    .map_or('.', |p| {
                        let l = if p.kind == Kind::Hen {
                            'H'
                        } else {
                            p.kind.letter()
                        };
                        if p.color == Color::Sente {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        }
                    });
                s.push(c);
                s.push(' ');
            }
            s.pop();
            s.push('\n');
        }
        s.push_str("   a b c\n");
        s.push_str(&format!("Sente hand: {}\n", hand(Color::Sente)));
        match self.outcome() {
            Some(o) => s.push_str(&format!("game over: {}\n", o.reason)),
            None => s.push_str(&format!(
                "{} to move\n",
                if self.turn() == Color::Sente {
                    "Sente"
                } else {
                    "Gote"
                }
            )),
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_legal_move_has_its_own_action_and_text() {
        let pos =
            Position::from_text("l2/3/1+C1/2L[CEG] w - - 0 1").unwrap_or_else(|e| panic!("{e}"));
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut seen = std::collections::HashSet::new();
        for m in moves {
            let a = pos.encode(m);
            assert!(a < pos.num_actions());
            assert!(seen.insert(a), "two moves share action {a}");
            let text = pos.action_text(a).unwrap_or_default();
            assert_eq!(pos.parse_move(&text), Ok(m), "{text}");
        }
        assert_eq!(pos.action_text(180), None);
    }
}
