use thiserror::Error;

/// Why a move given as text or as a value cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move of this game at all.
    #[error("cannot read move {text:?}: {reason}")]
    Syntax {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A well-formed move that the rules forbid here.
    #[error("illegal move {text}: {reason}")]
    Illegal {
        /// The move as text.
        text: String,
        /// Which rule forbids it.
        reason: String,
    },
    /// The game is over; nobody moves.
    #[error("the game is over, no move can be played")]
    GameOver,
}

impl MoveError {
    /// A syntax error for `text`.
    pub fn syntax(text: &str, reason: impl Into<String>) -> Self {
        MoveError::Syntax {
            text: text.to_string(),
            reason: reason.into(),
        }
    }
    /// An illegal-move error for `text`.
    pub fn illegal(text: impl Into<String>, reason: impl Into<String>) -> Self {
        MoveError::Illegal {
            text: text.into(),
            reason: reason.into(),
        }
    }
}
