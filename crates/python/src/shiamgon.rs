//! Shiamgon for Python: one action per field (its index, the order of the
//! board's field names) and `pass` as the last; an observation of one row per
//! field.

use kyoku_core::{Player, Position as _, ToAct};
use kyoku_shiamgon::{Move, Position, svg};

use crate::engine::{Engine, ObsOptions};

impl Engine for Position {
    fn num_actions(&self) -> usize {
        self.board().len() + 1
    }

    fn encode(&self, mv: Move) -> usize {
        match mv {
            Move::Field(f) => f as usize,
            Move::Pass => self.board().len(),
        }
    }

    fn action_text(&self, action: usize) -> Option<String> {
        let n = self.board().len();
        match action {
            a if a < n => Some(self.board().name(a).to_string()),
            a if a == n => Some("pass".to_string()),
            _ => None,
        }
    }

    fn observation_shape(&self, _opts: ObsOptions) -> Vec<usize> {
        vec![self.board().len(), self.players() + 3]
    }

    /// Row `f` is field `f`. Columns, seen from `seat`: `0 … p−1` the stones
    /// of the seats in turn order starting with `seat` (column 0 its own);
    /// `p` the field just placed on whose pushes are being answered; `p+1`
    /// the stone that must move now (a push waiting for its answer); `p+2`
    /// all ones when `seat` acts now (its turn or an answer).
    fn observe_acting(&self, seat: usize, acting: bool, _opts: ObsOptions, out: &mut Vec<i8>) {
        let p = self.players();
        let cols = p + 3;
        let n = self.board().len();
        out.clear();
        out.resize(n * cols, 0);
        for k in 0..p {
            for f in self.stones(Player::new((seat + k) % p)).iter() {
                out[f * cols + k] = 1;
            }
        }
        if let Some((_, stone, placed)) = self.pending_push() {
            out[placed * cols + p] = 1;
            out[stone * cols + p + 1] = 1;
        }
        if acting {
            for f in 0..n {
                out[f * cols + p + 2] = 1;
            }
        }
    }

    fn drawing(&self) -> String {
        let board = self.board();
        let mut s = format!(
            "Shiamgon {}, {} players\n",
            board.kind().name(),
            self.players()
        );
        let scores = self.scores();
        for (seat, score) in scores.iter().enumerate() {
            let stones: Vec<&str> = self
                .stones(Player::new(seat))
                .iter()
                .map(|f| board.name(f))
                .collect();
            s.push_str(&format!(
                "seat {} ({}), score {}: {}\n",
                seat + 1,
                svg::COLOUR_NAMES[seat],
                score,
                stones.join(" ")
            ));
        }
        if let Some((who, stone, placed)) = self.pending_push() {
            s.push_str(&format!(
                "seat {} must move its stone {} away from {}\n",
                who.number(),
                board.name(stone),
                board.name(placed)
            ));
        }
        match (self.outcome(), self.to_act()) {
            (Some(o), _) => s.push_str(&format!("game over: {}\n", o.reason)),
            (None, ToAct::Player(p, _)) => s.push_str(&format!("seat {} acts\n", p.number())),
            (None, _) => {}
        }
        s.push_str(&format!(
            "placements {} of {}\n",
            self.placements(),
            self.placement_limit()
        ));
        s
    }

    fn svg(&self) -> Option<String> {
        Some(svg::render(self, &svg::RenderOptions::default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kyoku_shiamgon::BoardKind;

    #[test]
    fn fields_and_pass_map_to_their_names() {
        for kind in BoardKind::ALL {
            let pos = Position::start(kind, 3).unwrap_or_else(|e| panic!("{e}"));
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            for m in moves {
                let text = pos.action_text(pos.encode(m)).unwrap_or_default();
                assert_eq!(pos.parse_move(&text), Ok(m), "{text}");
            }
            let n = pos.board().len();
            assert_eq!(pos.action_text(n).as_deref(), Some("pass"));
            assert_eq!(pos.action_text(n + 1), None);
        }
    }
}
