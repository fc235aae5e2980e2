//! Goal kinds more than one game reads the same way: `capture` and
//! `reach` (Dōbutsu Shōgi's and Shogun's; each game checks the names
//! against its own pieces and squares).

use serde::Deserialize;

use crate::LessonError;

/// A `capture` goal: that piece taken off the board; without `piece`,
/// any of the opponent's.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Capture {
    /// The piece, as the game's position text names it.
    #[serde(default)]
    pub piece: Option<String>,
}

/// A `reach` goal: that piece on the square; without `piece`, any of the
/// learner's.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Reach {
    /// The square, as moves name it.
    pub square: String,
    /// The piece, as the game's position text names it.
    #[serde(default)]
    pub piece: Option<String>,
}

/// A goal of `kind` that cannot be, and why.
pub(crate) fn bad_goal(kind: &str, reason: impl Into<String>) -> LessonError {
    LessonError::BadGoal {
        kind: kind.into(),
        reason: reason.into(),
    }
}
