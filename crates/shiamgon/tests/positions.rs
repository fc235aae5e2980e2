//! The position editor's refusals: one test per kind of bad position, each
//! checking the typed error and that its message names the problem; and
//! positions of real games, which must pass.

use kyoku_core::{Position as _, random_game, seeded_rng};
use kyoku_shiamgon::{BoardKind, Position, TextError};

/// Reads `text` and applies the editor's stricter check.
fn edit(text: &str) -> Result<Position, TextError> {
    let pos = Position::from_text(text)?;
    pos.check_reachable()?;
    Ok(pos)
}

/// `text` is refused as `pick` says, and the message contains every word of `words`.
fn refused(text: &str, pick: impl Fn(&TextError) -> bool, words: &[&str]) {
    let err = edit(text).unwrap_err();
    assert!(pick(&err), "{text}: {err:?}");
    let msg = err.to_string();
    for w in words {
        assert!(msg.contains(w), "{text}: {msg:?} does not say {w:?}");
    }
}

const EMPTY_PRISONERS: &str = "prisoners 0,0,0/0,0,0/0,0,0";

#[test]
fn a_stone_off_the_board() {
    let text =
        format!("shiamgon disc5 3 turn 1 placements 3 stones 6.0/5.20/5.40 {EMPTY_PRISONERS}");
    refused(
        &text,
        |e| {
            *e == TextError::OffBoard {
                player: 1,
                field: "6.0".into(),
                board: BoardKind::Disc5,
            }
        },
        &[
            "player 1",
            "\"6.0\"",
            "not a field of disc5",
            "off the board",
        ],
    );
}

#[test]
fn more_stones_than_a_player_can_hold() {
    // Player 1 has one stone on the board and 20 held by player 2, with no
    // placement made: the start gives 10 and handicap at most 5.
    let text = "shiamgon disc5 3 turn 1 placements 0 stones 5.0/5.20/5.40 \
                prisoners 0,0,0/20,0,0/0,0,0";
    refused(
        text,
        |e| {
            *e == TextError::TooManyStones {
                player: 1,
                count: 21,
                most: 15,
                placements: 0,
            }
        },
        &["player 1 has 21 stones", "15"],
    );
    // The same stones after enough placements are fine.
    let later = text.replace("placements 0", "placements 6");
    assert!(edit(&later).is_ok(), "{later}");
}

#[test]
fn a_bad_player_count_for_the_board() {
    let text = "shiamgon tri8 4 turn 1 placements 0 stones -/-/-/- prisoners 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0";
    refused(
        text,
        |e| {
            matches!(
                e,
                TextError::PlayerCount {
                    board: BoardKind::Tri8,
                    min: 3,
                    max: 3,
                    ..
                }
            )
        },
        &["tri8", "3–3 players", "\"4\""],
    );
}

#[test]
fn an_unknown_board() {
    let text = format!("shiamgon hex 3 turn 1 placements 0 stones -/-/- {EMPTY_PRISONERS}");
    refused(
        &text,
        |e| *e == TextError::UnknownBoard("hex".into()),
        &["unknown board", "\"hex\""],
    );
}

#[test]
fn two_stones_on_one_field() {
    let text = format!("shiamgon disc5 3 turn 1 placements 2 stones 5.1/5.1/- {EMPTY_PRISONERS}");
    refused(
        &text,
        |e| *e == TextError::TwoStones("5.1".into()),
        &["5.1", "two stones"],
    );
}

#[test]
fn own_stones_as_prisoners() {
    let text = "shiamgon disc5 3 turn 1 placements 2 stones 5.1/5.20/- prisoners 0,0,0/0,1,0/0,0,0";
    refused(
        text,
        |e| *e == TextError::OwnPrisoners(2),
        &["player 2", "own stones"],
    );
}

#[test]
fn a_push_nobody_answers() {
    let text = format!(
        "shiamgon disc5 3 turn 1 placements 1 stones 5.1/5.30/- {EMPTY_PRISONERS} push 5.1"
    );
    refused(
        &text,
        |e| matches!(e, TextError::BadPush { field, .. } if field == "5.1"),
        &["push 5.1", "no opponent's stone"],
    );
}

#[test]
fn malformed_text() {
    refused(
        "",
        |e| matches!(e, TextError::Malformed(_)),
        &["ends before"],
    );
    let text = format!("shiamgon disc5 3 turn 9 placements 0 stones -/-/- {EMPTY_PRISONERS}");
    refused(
        &text,
        |e| matches!(e, TextError::Malformed(_)),
        &["turn must be a player 1–3", "\"9\""],
    );
}

/// Every position of random games (starts of every board and player
/// count included) passes the editor's check.
#[test]
fn positions_of_random_games_are_reachable() {
    let mut rng = seeded_rng(43);
    for kind in BoardKind::ALL {
        for players in kind.player_counts() {
            let start = Position::start(kind, players).unwrap();
            random_game(start, &mut rng, 150, |pos, _| {
                assert_eq!(pos.check_reachable(), Ok(()), "{}", pos.to_text());
            });
        }
    }
}
