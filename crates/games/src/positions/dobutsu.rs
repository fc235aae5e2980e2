//! Dōbutsu's refusals and their codes.

use kyoku_core::Position as _;
use kyoku_dobutsu::{FenError, Position, PositionError};

use super::PositionProblem;

/// Reads `text` and applies the stricter check of the editor.
pub(super) fn read(text: &str) -> Result<(), PositionProblem> {
    let pos = Position::from_text(text).map_err(problem)?;
    pos.check_reachable()
        .map_err(|e| problem(FenError::Position(e)))
}

/// The code of each error, and its message.
fn problem(e: FenError) -> PositionProblem {
    let kind = match &e {
        FenError::Empty => "empty",
        FenError::RankCount(_) => "rank_count",
        FenError::RankWidth { .. } => "rank_width",
        FenError::BadChar { .. } => "bad_char",
        FenError::BadPromotion(_) => "bad_promotion",
        FenError::BadHand(_) => "bad_hand",
        FenError::BadSide(_) => "bad_side",
        FenError::BadTail(_) => "bad_tail",
        FenError::Position(p) => match p {
            PositionError::MissingLion(_) => "missing_lion",
            PositionError::TooManyLions(_) => "two_lions",
            PositionError::TooMany { .. } => "too_many_pieces",
            PositionError::BothWon => "both_won",
            PositionError::MoverHasWon(_) => "mover_has_won",
            PositionError::LionsSideBySide => "lions_side_by_side",
        },
    };
    PositionProblem::new(kind, e.to_string())
}
