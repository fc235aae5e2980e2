//! The position editor's refusals: one test per kind of bad position, each
//! checking the typed error and that its message names the problem.

use kyoku_core::Position as _;
use kyoku_shogun::{Color, FenError, Piece, Position, PositionError};

/// `text` is refused with `want`, and the message contains every word of `words`.
fn refused(text: &str, want: FenError, words: &[&str]) {
    let err = Position::from_text(text).unwrap_err();
    assert_eq!(err, want, "{text}");
    let msg = err.to_string();
    for w in words {
        assert!(msg.contains(w), "{text}: {msg:?} does not say {w:?}");
    }
}

#[test]
fn a_missing_shogun() {
    refused(
        "3s4/8/8/8/8/8/8/ABCD4 w 0 - 0 1",
        FenError::Position(PositionError::MissingShogun(Color::White)),
        &["White has no Shogun"],
    );
}

#[test]
fn two_shoguns_of_one_side() {
    refused(
        "3s4/8/8/8/8/8/8/S3S3 w 0 - 0 1",
        FenError::Position(PositionError::TwoShoguns(Color::White)),
        &["White has two Shoguns"],
    );
}

#[test]
fn more_pieces_than_the_set_holds() {
    refused(
        "3s4/8/8/8/8/8/8/AA2S3 w 0 - 0 1",
        FenError::Position(PositionError::DuplicatePiece(
            Piece::from_char('A').unwrap(),
        )),
        &["piece A", "more than one square"],
    );
}

#[test]
fn a_piece_off_the_board() {
    refused(
        "3s4/8/8/8/8/8/8/4S3A w 0 - 0 1",
        FenError::OffBoard(1),
        &["rank 1", "off the board"],
    );
}

#[test]
fn a_bad_rotation() {
    refused(
        "3s4/8/8/8/8/8/8/4S3 w 4 - 0 1",
        FenError::Rotation("4".into()),
        &["rotation", "\"4\""],
    );
}

#[test]
fn the_shogun_of_the_side_that_moved_is_attacked() {
    refused(
        "3s4/3S4/8/8/8/8/8/8 w 0 - 0 1",
        FenError::Position(PositionError::OpponentShogunAttacked(Color::Red)),
        &["Red's Shogun is attacked"],
    );
}

#[test]
fn a_number_a_piece_cannot_show() {
    refused(
        "3s4/8/8/8/8/8/8/4S3 w 0 23 0 1",
        FenError::Position(PositionError::BadNumber {
            piece: Piece::from_char('S').unwrap(),
            number: 3,
        }),
        &["piece S", "cannot show 3"],
    );
}

#[test]
fn malformed_text() {
    refused(
        "3s4/8/8/8/8/8/8/4S3 w 0 -",
        FenError::FieldCount(4),
        &["expected 6 fields", "found 4"],
    );
    refused(
        "3s4/8/8/8/8/8/8/4S3 x 0 - 0 1",
        FenError::Side("x".into()),
        &["side to move", "\"x\""],
    );
    refused(
        "3s4/8/8/8/8/8/4S3 w 0 - 0 1",
        FenError::Placement("expected 8 ranks separated by '/', found 7".into()),
        &["8 ranks"],
    );
}
