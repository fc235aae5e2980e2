use std::fmt::Debug;
use std::hash::Hash;

use crate::{MoveError, Outcome, ToAct};

/// A position of a game: everything the rules need to go on, nothing of the
/// past (see [`crate::GameRecord`] for repetition).
///
/// Implementations keep positions small and cheap to clone: search and
/// playouts copy them freely.
pub trait Position: Clone + Debug + Send + Sync + 'static {
    /// A move of this game, as a small value. Chance outcomes are moves too.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The error of [`Position::from_text`].
    type TextError: std::error::Error + Send + Sync + 'static;

    /// The game's short name, as the command line spells it (`dobutsu`).
    fn game_name(&self) -> &'static str;

    /// Number of players (2–5).
    fn num_players(&self) -> usize;

    /// Who acts next. [`ToAct::Nobody`] exactly when [`Position::outcome`] is `Some`.
    fn to_act(&self) -> ToAct;

    /// Appends the legal moves of whoever acts (for chance: every outcome) to
    /// `moves`. Appends nothing when the game is over.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// The number of legal moves; games override it when counting is cheaper
    /// than listing (perft's bulk counting uses it).
    fn count_legal_moves(&self) -> usize {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v.len()
    }

    /// When chance acts: each outcome with its probability (summing to 1).
    /// Empty otherwise.
    fn chance_outcomes(&self, outcomes: &mut Vec<(Self::Move, f64)>) {
        let _ = outcomes;
    }

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v.contains(&mv)
    }

    /// Plays a move known to be legal. Playing an illegal move may leave the
    /// position in any state (but never causes undefined behaviour).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is legal; otherwise returns the reason and leaves the
    /// position untouched.
    fn play(&mut self, mv: Self::Move) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(MoveError::illegal(
                self.move_to_text(mv),
                self.why_illegal(mv),
            ));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// A person-readable reason why `mv` is not legal here (called only for
    /// illegal moves).
    fn why_illegal(&self, mv: Self::Move) -> String {
        let _ = mv;
        "it is not among the legal moves".to_string()
    }

    /// `Some` when the rules have ended the game here.
    fn outcome(&self) -> Option<Outcome>;

    /// The outcome when the game is stopped by repetition: a draw unless the
    /// game says otherwise (Shiamgon scores the board).
    fn outcome_on_repetition(&self) -> Outcome {
        Outcome::draw(self.num_players(), "threefold repetition")
    }

    /// A stable 64-bit hash of everything that makes the position what it is.
    /// The same position always hashes alike, in every run and on every
    /// machine.
    fn hash(&self) -> u64;

    /// The key that decides "the same position" for repetition; by default
    /// the hash (a game may leave out counters the repetition rule ignores).
    fn repetition_key(&self) -> u64 {
        self.hash()
    }

    /// The move in the game's text form.
    fn move_to_text(&self, mv: Self::Move) -> String;

    /// Reads a move in the game's text form and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The position in the game's text form; [`Position::from_text`] reads it
    /// back to an equal position.
    fn to_text(&self) -> String;

    /// Reads a position from the game's text form, validated.
    fn from_text(text: &str) -> Result<Self, Self::TextError>
    where
        Self: Sized;
}
