//! Shogun (Ravensburger 1979) for kyoku: the exact rules of the product's
//! ruling, the magnet board and the sixteen number discs as data, the
//! `random` variant with chance as an actor, and fast move generation on
//! 64-bit boards.
//!
//! A piece must move exactly the number it shows, straight or with one
//! right-angle turn, never jumping; the number comes from the magnet under
//! its square ([`magnets`]). No move may leave the own Shogun attacked.
//!
//! ```
//! use kyoku_core::{Position as _, perft};
//! use kyoku_shogun::{Options, start};
//!
//! let pos = start(&Options::default()).unwrap();
//! assert_eq!(pos.to_text(), "gfesdcba/8/8/8/8/8/8/ABCDSEFG w 0 - 0 1");
//! assert_eq!(perft(&pos, 2), 545);
//!
//! let mut pos = pos;
//! pos.play(pos.parse_move("c1c4").unwrap()).unwrap(); // C shows 3 on c1
//! assert!(pos.parse_move("e1e3").is_err()); // not White's move any more
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod magnets;
mod position;
mod tables;
mod text;
mod types;

pub use position::{NO_CAPTURE_LIMIT, Position, PositionError, Setup};
pub use text::{
    FenError, Options, OptionsError, Order, OrderError, parse as parse_text, parse_order,
    read_move, start, write as write_text,
};
pub use types::{Color, Move, Piece, Square, UnknownVariant, Variant};

use kyoku_core::{Decision, MoveError, Outcome, Player, ToAct};

impl kyoku_core::Position for Position {
    type Move = Move;
    type TextError = FenError;

    fn game_name(&self) -> &'static str {
        "shogun"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        if self.result().is_some() {
            ToAct::Nobody
        } else if self.pending_square().is_some() {
            ToAct::Chance
        } else {
            ToAct::Player(Player::new(self.turn().index()), Decision::Turn)
        }
    }
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        if self.pending_square().is_some() {
            if self.result().is_none() {
                let mut v = Vec::new();
                self.chance(&mut v);
                moves.extend(v.into_iter().map(|(m, _)| m));
            }
        } else {
            self.generate(moves);
        }
    }
    fn count_legal_moves(&self) -> usize {
        self.count()
    }
    fn chance_outcomes(&self, outcomes: &mut Vec<(Move, f64)>) {
        if self.result().is_none() {
            self.chance(outcomes);
        }
    }
    fn is_legal(&self, mv: Move) -> bool {
        self.legal(mv)
    }
    fn play_unchecked(&mut self, mv: Move) {
        self.play_move(mv);
    }
    fn why_illegal(&self, mv: Move) -> String {
        self.why_not(mv)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }
    fn hash(&self) -> u64 {
        self.zobrist()
    }
    fn repetition_key(&self) -> u64 {
        self.key()
    }
    fn move_to_text(&self, mv: Move) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, text)
    }
    fn to_text(&self) -> String {
        text::write(self)
    }
    fn from_text(text: &str) -> Result<Self, FenError> {
        text::parse(text)
    }
}
