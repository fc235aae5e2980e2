use std::any::Any;

use crate::{MoveError, Outcome, Position, ToAct};

/// A position of any game behind one object-safe interface, moves as text:
/// what the command line and the server use when they hold "a game" without
/// knowing which.
pub trait DynPosition: Send + Sync + std::fmt::Debug {
    /// The game's short name.
    fn game_name(&self) -> &'static str;
    /// Number of players.
    fn num_players(&self) -> usize;
    /// Who acts next.
    fn to_act(&self) -> ToAct;
    /// The legal moves as text.
    fn legal_move_texts(&self) -> Vec<String>;
    /// Reads and plays a move; returns it in its canonical text form.
    fn play_text(&mut self, text: &str) -> Result<String, MoveError>;
    /// The outcome, when over.
    fn outcome(&self) -> Option<Outcome>;
    /// The stable hash.
    fn hash(&self) -> u64;
    /// The position's text form.
    fn to_text(&self) -> String;
    /// A boxed copy.
    fn box_clone(&self) -> Box<dyn DynPosition>;
    /// For downcasting to the concrete game.
    fn as_any(&self) -> &dyn Any;
}

impl<P: Position> DynPosition for P {
    fn game_name(&self) -> &'static str {
        Position::game_name(self)
    }
    fn num_players(&self) -> usize {
        Position::num_players(self)
    }
    fn to_act(&self) -> ToAct {
        Position::to_act(self)
    }
    fn legal_move_texts(&self) -> Vec<String> {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v.into_iter().map(|m| self.move_to_text(m)).collect()
    }
    fn play_text(&mut self, text: &str) -> Result<String, MoveError> {
        let mv = self.parse_move(text)?;
        let canonical = self.move_to_text(mv);
        self.play(mv)?;
        Ok(canonical)
    }
    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }
    fn hash(&self) -> u64 {
        Position::hash(self)
    }
    fn to_text(&self) -> String {
        Position::to_text(self)
    }
    fn box_clone(&self) -> Box<dyn DynPosition> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}
