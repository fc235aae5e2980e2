//! Shogun's refusals and their codes.

use kyoku_core::Position as _;
use kyoku_shogun::{FenError, Position, PositionError};

use super::PositionProblem;

/// Reads `text`; the rules' own check is the editor's (every rule it
/// knows, the attacked Shogun of the side that moved included).
pub(super) fn read(text: &str) -> Result<(), PositionProblem> {
    Position::from_text(text).map(drop).map_err(problem)
}

/// The code of each error, and its message.
fn problem(e: FenError) -> PositionProblem {
    let kind = match &e {
        FenError::FieldCount(_) => "field_count",
        FenError::Placement(_) => "bad_placement",
        FenError::OffBoard(_) => "off_board",
        FenError::Side(_) => "bad_side",
        FenError::Rotation(_) => "bad_rotation",
        FenError::Numbers(_) => "bad_numbers",
        FenError::Counter { .. } => "bad_counter",
        FenError::Position(p) => match p {
            PositionError::MissingShogun(_) => "missing_shogun",
            PositionError::TwoShoguns(_) => "two_shoguns",
            PositionError::DuplicatePiece(_) => "duplicate_piece",
            PositionError::BadRotation(_) => "bad_rotation",
            PositionError::BadNumber { .. } => "bad_number",
            PositionError::OpponentShogunAttacked(_) => "opponent_shogun_attacked",
            PositionError::BadClock(_) => "bad_clock",
            PositionError::BadFullmove => "bad_fullmove",
        },
    };
    PositionProblem::new(kind, e.to_string())
}
