//! Shiamgon for kyoku: the exact rules of `docs/rules/shiamgon.md`
//! on its four boards — geometry, placements with pushes answered out of
//! turn, encirclements and prisoners, the end and the scores — with a
//! position text that round-trips and an SVG drawing of any position.
//!
//! ```
//! use kyoku_core::{Position as _, ToAct, Decision};
//! use kyoku_shiamgon::{BoardKind, Position};
//!
//! let start = Position::start(BoardKind::Disc5, 3).unwrap();
//! assert_eq!(start.stones(kyoku_core::Player::new(0)).count(), 10);
//! let mut pos = start.clone();
//! let mv = pos.parse_move("3.0").unwrap();
//! pos.play(mv).unwrap();
//! assert_eq!(Position::from_text(&pos.to_text()).unwrap(), pos);
//! assert!(matches!(pos.to_act(), ToAct::Player(_, Decision::Turn | Decision::Answer)));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bits;
pub mod board;
mod neighbours;
pub mod position;
pub mod start;
pub mod svg;
mod text;

pub use bits::Bits;
pub use board::{Board, BoardKind, Field, Shape};
pub use position::{Capture, End, MAX_PLAYERS, Move, Position, SetupError, distribute};
pub use text::TextError;

use kyoku_core::{MoveError, Outcome, ToAct};

impl kyoku_core::Position for Position {
    type Move = Move;
    type TextError = TextError;

    fn game_name(&self) -> &'static str {
        "shiamgon"
    }
    fn num_players(&self) -> usize {
        self.players()
    }
    fn to_act(&self) -> ToAct {
        self.to_act_impl()
    }
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.legal_moves_impl(moves)
    }
    fn count_legal_moves(&self) -> usize {
        self.count_impl()
    }
    fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_impl(mv)
    }
    fn play_unchecked(&mut self, mv: Move) {
        self.play_logged(mv, &mut Vec::new());
    }
    fn why_illegal(&self, mv: Move) -> String {
        self.reason_illegal(mv)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome_impl()
    }
    fn outcome_on_repetition(&self) -> Outcome {
        Outcome::from_scores(&self.scores(), "threefold repetition")
    }
    fn hash(&self) -> u64 {
        self.full_hash()
    }
    fn repetition_key(&self) -> u64 {
        Position::repetition_key(self)
    }
    fn move_to_text(&self, mv: Move) -> String {
        self.move_text(mv)
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_move_impl(text)
    }
    fn to_text(&self) -> String {
        self.text()
    }
    fn from_text(text: &str) -> Result<Self, TextError> {
        Position::parse(text)
    }
}
