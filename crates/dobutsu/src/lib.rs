//! Dōbutsu Shōgi ("Let's Catch the Lion!") for kyoku: the exact rules of
//! `docs/rules/dobutsu.md`, FEN in the Fairy-Stockfish form, and
//! fast move generation on 12-bit boards.
//!
//! ```
//! use kyoku_core::{Position as _, perft};
//! use kyoku_dobutsu::Position;
//!
//! let start = Position::startpos();
//! assert_eq!(perft(&start, 3), 82);
//!
//! let mut pos = start;
//! let mv = pos.parse_move("b2b3").unwrap(); // Chick takes Chick
//! pos.play(mv).unwrap();
//! assert_eq!(pos.to_text(), "gle/1C1/3/ELG[C] b - - 0 1");
//! assert!(pos.parse_move("a4b3").is_err()); // a Giraffe steps orthogonally only
//! ```

// The one exception: memory-mapping the tablebase file (`solve::table`).
#![deny(unsafe_code)]

mod fen;
mod moves;
mod position;
pub mod solve;
mod tables;
mod types;

pub use fen::FenError;
pub use moves::Move;
pub use position::{Position, PositionError, Setup, Undo};
pub use tables::{mask_squares, steps};
pub use types::{Color, Kind, Piece, Square};

use kyoku_core::{Decision, MoveError, Outcome, Player, ToAct};

impl kyoku_core::Position for Position {
    type Move = Move;
    type TextError = FenError;

    fn game_name(&self) -> &'static str {
        "dobutsu"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        if self.result().is_some() {
            ToAct::Nobody
        } else {
            ToAct::Player(Player::new(self.turn().index()), Decision::Turn)
        }
    }
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.generate(moves);
    }
    fn count_legal_moves(&self) -> usize {
        self.count()
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
    fn move_to_text(&self, mv: Move) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, text)
    }
    fn to_text(&self) -> String {
        fen::write(self)
    }
    fn from_text(text: &str) -> Result<Self, FenError> {
        fen::parse(text)
    }
}
