//! Shiamgon's refusals and their codes.

use kyoku_core::Position as _;
use kyoku_shiamgon::{Position, TextError};

use super::PositionProblem;

/// Reads `text` and applies the stricter check of the editor.
pub(super) fn read(text: &str) -> Result<(), PositionProblem> {
    let pos = Position::from_text(text).map_err(problem)?;
    pos.check_reachable().map_err(problem)
}

/// The code of each error, and its message.
fn problem(e: TextError) -> PositionProblem {
    let kind = match &e {
        TextError::Malformed(_) => "malformed",
        TextError::UnknownBoard(_) => "unknown_board",
        TextError::PlayerCount { .. } => "player_count",
        TextError::OffBoard { .. } => "off_board",
        TextError::TwoStones(_) => "two_stones",
        TextError::OwnPrisoners(_) => "own_prisoners",
        TextError::BadPush { .. } => "bad_push",
        TextError::TooManyStones { .. } => "too_many_stones",
    };
    PositionProblem::new(kind, e.to_string())
}
