//! The position editor's refusals: one test per kind of bad position, each
//! checking the typed error and that its message names the problem; and
//! the positions the ruling allows, which must pass.

use kyoku_core::{Position as _, random_game, seeded_rng};
use kyoku_dobutsu::{Color, FenError, Position, PositionError};

/// Reads `fen` and applies the editor's stricter check.
fn edit(fen: &str) -> Result<Position, FenError> {
    let pos = Position::from_text(fen)?;
    pos.check_reachable()?;
    Ok(pos)
}

/// `fen` is refused with `want`, and the message contains every word of `words`.
fn refused(fen: &str, want: FenError, words: &[&str]) {
    let err = edit(fen).unwrap_err();
    assert_eq!(err, want, "{fen}");
    let msg = err.to_string();
    for w in words {
        assert!(msg.contains(w), "{fen}: {msg:?} does not say {w:?}");
    }
}

#[test]
fn two_lions_of_one_side() {
    refused(
        "glL/1c1/1C1/ELG[] w",
        FenError::Position(PositionError::TooManyLions(Color::Sente)),
        &["Sente", "more than one Lion"],
    );
}

#[test]
fn a_missing_lion() {
    refused(
        "ge1/1c1/1C1/ELG[] w",
        FenError::Position(PositionError::MissingLion(Color::Gote)),
        &["Gote", "no Lion"],
    );
}

#[test]
fn more_pieces_of_a_kind_than_the_set_holds() {
    refused(
        "gle/1c1/1C1/ELG[Gg] w",
        FenError::Position(PositionError::TooMany {
            kind: "Giraffe",
            count: 4,
        }),
        &["4 Giraffes", "only 2"],
    );
}

#[test]
fn both_sides_have_won() {
    refused(
        "1L1/3/3/1l1 w",
        FenError::Position(PositionError::BothWon),
        &["both sides"],
    );
}

#[test]
fn the_side_to_move_has_already_won() {
    // Sente's Lion stands on Gote's home rank with Sente to move.
    refused(
        "gL1/3/l2/3[] w",
        FenError::Position(PositionError::MoverHasWon(Color::Sente)),
        &["Sente is to move", "already won"],
    );
    // Gote holds Sente's Lion with Gote to move.
    refused(
        "1l1/3/3/3[l] b",
        FenError::Position(PositionError::MoverHasWon(Color::Gote)),
        &["Gote is to move", "already won"],
    );
}

#[test]
fn lions_side_by_side() {
    refused(
        "3/1l1/1L1/3[] w",
        FenError::Position(PositionError::LionsSideBySide),
        &["Lions", "side by side"],
    );
    refused(
        "3/l2/1L1/3[] b",
        FenError::Position(PositionError::LionsSideBySide),
        &["side by side"],
    );
}

#[test]
fn malformed_text() {
    refused(
        "gle/1c1/1C1/ELG[] x",
        FenError::BadSide("x".into()),
        &["side to move", "\"x\""],
    );
    refused(
        "gle/1c2/1C1/ELG[] w",
        FenError::RankWidth {
            rank: 3,
            squares: 4,
        },
        &["rank 3", "4 squares"],
    );
    refused(
        "gle/1c1/1Q1/ELG[] w",
        FenError::BadChar { rank: 2, ch: 'Q' },
        &["'Q'", "rank 2"],
    );
}

/// What the ruling allows passes: a Chick dropped on its far rank, a Lion
/// the side to move may capture (the other side left it attacked), and a
/// finished game whose winner has just moved.
#[test]
fn what_the_ruling_allows_passes() {
    for fen in [
        "gle/1c1/1C1/ELG[] w",
        "lC1/3/3/2L[] w",
        "1l1/1G1/3/1L1[] w",
        "1L1/3/l2/3[] b",
        "3/3/3/1L1[L] b",
    ] {
        assert!(edit(fen).is_ok(), "{fen}: {:?}", edit(fen));
    }
}

/// Every position of random games from the start passes the editor's check.
#[test]
fn positions_of_random_games_are_reachable() {
    let mut rng = seeded_rng(43);
    for _ in 0..300 {
        random_game(Position::startpos(), &mut rng, 300, |pos, _| {
            let text = pos.to_text();
            assert_eq!(pos.check_reachable(), Ok(()), "{text}");
        });
    }
}
