//! The editor's check: one refusal per kind for each game, with its code
//! and message; legal positions with their moves; no panic on any text.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::*;

/// `text` is refused for `game` with `kind`, and the message says `words`.
fn refused(game: GameKind, options: Value, text: &str, kind: &str, words: &str) {
    let p = check(game, &options, text).unwrap_err();
    assert_eq!(p.kind, kind, "{text}: {p:?}");
    assert!(
        p.message.contains(words),
        "{text}: {:?} lacks {words:?}",
        p.message
    );
}

#[test]
fn dobutsu_refusals() {
    let d = GameKind::Dobutsu;
    let cases = [
        (
            "glL/1c1/1C1/ELG[] w",
            "two_lions",
            "Sente has more than one Lion",
        ),
        ("ge1/1c1/1C1/ELG[] w", "missing_lion", "Gote has no Lion"),
        ("gle/1c1/1C1/ELG[Gg] w", "too_many_pieces", "4 Giraffes"),
        ("1L1/3/3/1l1 w", "both_won", "both sides"),
        ("gL1/3/l2/3[] w", "mover_has_won", "already won"),
        ("3/1l1/1L1/3[] w", "lions_side_by_side", "side by side"),
        ("", "empty", "empty"),
        ("gle/1c1/1C1[] w", "rank_count", "4 ranks"),
        ("gle/1c2/1C1/ELG[] w", "rank_width", "4 squares"),
        ("gle/1c1/1Q1/ELG[] w", "bad_char", "'Q'"),
        ("gle/1c1/1+E1/ELG[] w", "bad_promotion", "Hen"),
        ("gle/1c1/1C1/ELG[X] w", "bad_hand", "in brackets"),
        ("gle/1c1/1C1/ELG[] x", "bad_side", "side to move"),
        (
            "gle/1c1/1C1/ELG[] w x",
            "bad_tail",
            "after the side to move",
        ),
    ];
    for (text, kind, words) in cases {
        refused(d, Value::Null, text, kind, words);
    }
}

#[test]
fn shogun_refusals() {
    let s = GameKind::Shogun;
    let cases = [
        (
            "3s4/8/8/8/8/8/8/ABCD4 w 0 - 0 1",
            "missing_shogun",
            "White has no Shogun",
        ),
        (
            "3s4/8/8/8/8/8/8/S3S3 w 0 - 0 1",
            "two_shoguns",
            "two Shoguns",
        ),
        (
            "3s4/8/8/8/8/8/8/AA2S3 w 0 - 0 1",
            "duplicate_piece",
            "piece A",
        ),
        (
            "3s4/8/8/8/8/8/8/4S3A w 0 - 0 1",
            "off_board",
            "off the board",
        ),
        ("3s4/8/8/8/8/8/8/4S3 w 4 - 0 1", "bad_rotation", "rotation"),
        (
            "3s4/3S4/8/8/8/8/8/8 w 0 - 0 1",
            "opponent_shogun_attacked",
            "Red's Shogun",
        ),
        (
            "3s4/8/8/8/8/8/8/4S3 w 0 23 0 1",
            "bad_number",
            "cannot show 3",
        ),
        ("3s4/8/8/8/8/8/8/4S3 w 0 -", "field_count", "6 fields"),
        (
            "3s4/8/8/8/8/8/8/4S2 w 0 - 0 1",
            "bad_placement",
            "7 squares",
        ),
        ("3s4/8/8/8/8/8/8/4S3 x 0 - 0 1", "bad_side", "side to move"),
        (
            "3s4/8/8/8/8/8/8/4S3 w 0 2 0 1",
            "bad_numbers",
            "1 numbers for 2 pieces",
        ),
        (
            "3s4/8/8/8/8/8/8/4S3 w 0 - x 1",
            "bad_counter",
            "plies since capture",
        ),
        ("3s4/8/8/8/8/8/8/4S3 w 0 - 101 1", "bad_clock", "101"),
        (
            "3s4/8/8/8/8/8/8/4S3 w 0 - 0 0",
            "bad_fullmove",
            "move number",
        ),
    ];
    for (text, kind, words) in cases {
        refused(s, Value::Null, text, kind, words);
    }
    // An option that disagrees with the text.
    refused(
        s,
        json!({"rotation": 1}),
        "3s4/8/8/8/8/8/8/4S3 w 0 - 0 1",
        "bad_options",
        "rotation 1 disagrees",
    );
}

#[test]
fn shiamgon_refusals() {
    let g = GameKind::Shiamgon;
    let pr = "prisoners 0,0,0/0,0,0/0,0,0";
    let cases = [
        (format!("shiamgon disc5 3 turn 1 placements 3 stones 6.0/5.20/5.40 {pr}"), "off_board", "not a field of disc5"),
        ("shiamgon disc5 3 turn 1 placements 0 stones 5.0/5.20/5.40 prisoners 0,0,0/20,0,0/0,0,0".into(), "too_many_stones", "player 1 has 21 stones"),
        ("shiamgon tri8 4 turn 1 placements 0 stones -/-/-/- prisoners 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0".into(), "player_count", "tri8 is played by 3–3 players"),
        (format!("shiamgon hex 3 turn 1 placements 0 stones -/-/- {pr}"), "unknown_board", "unknown board"),
        (format!("shiamgon disc5 3 turn 1 placements 2 stones 5.1/5.1/- {pr}"), "two_stones", "two stones"),
        ("shiamgon disc5 3 turn 1 placements 2 stones 5.1/5.20/- prisoners 0,0,0/0,1,0/0,0,0".into(), "own_prisoners", "own stones"),
        (format!("shiamgon disc5 3 turn 1 placements 1 stones 5.1/5.30/- {pr} push 5.1"), "bad_push", "no opponent's stone"),
        ("shiamgon disc5".into(), "malformed", "ends before"),
    ];
    for (text, kind, words) in cases {
        refused(g, Value::Null, &text, kind, words);
    }
    refused(
        g,
        json!({"players": 4}),
        &format!("shiamgon disc5 3 turn 1 placements 3 stones 5.0/5.20/5.40 {pr}"),
        "bad_options",
        "players 4 disagrees",
    );
}

#[test]
fn legal_positions_answer_their_moves() {
    let d = check(GameKind::Dobutsu, &Value::Null, "gle/1c1/1C1/ELG[-] w 0 1").unwrap();
    assert_eq!(d.position, "gle/1c1/1C1/ELG[] w - - 0 1");
    assert_eq!(d.to_act, Some(0));
    assert_eq!(d.legal_moves.len(), 4);
    assert!(!d.over);
    // A Chick on its far rank is legal (dropped there); Gote to move.
    let c = check(GameKind::Dobutsu, &json!({}), "lC1/3/3/2L[] b").unwrap();
    assert_eq!(c.to_act, Some(1));
    // A finished game: Sente's Lion has arrived.
    let f = check(GameKind::Dobutsu, &Value::Null, "1L1/3/l2/3[] b").unwrap();
    assert!(f.over && f.legal_moves.is_empty() && f.to_act.is_none());

    let text = crate::new_game("shogun", &json!({}))
        .unwrap()
        .position_text();
    let s = check(GameKind::Shogun, &json!({"rotation": 0}), &text).unwrap();
    assert_eq!(s.position, text);
    assert!(!s.legal_moves.is_empty());

    let text = crate::new_game("shiamgon", &json!({"board": "disc5", "players": 4}))
        .unwrap()
        .position_text();
    let g = check(GameKind::Shiamgon, &json!({"players": 4}), &text).unwrap();
    assert_eq!(g.to_act, Some(0));
    assert!(!g.legal_moves.is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Any text at all is answered, never a panic.
    #[test]
    fn check_never_panics(s in "\\PC{0,80}", game in 0usize..3) {
        let _ = check(GameKind::ALL[game], &Value::Null, &s);
    }
}

/// A game started from a checked position writes a record (the form the
/// site's `/api/games/{id}/record` and `kyoku play` write) that reads back
/// and replays to the same position, in every game.
#[test]
fn records_of_games_from_checked_positions_read_back() {
    use crate::record::Record;
    let starts = [
        (GameKind::Dobutsu, "g1e/1l1/1C1/ELG[c] b".to_string()),
        (
            GameKind::Shogun,
            "3s4/8/8/8/8/8/8/ABCDSEFG r 1 - 0 1".to_string(),
        ),
        (
            GameKind::Shiamgon,
            crate::new_game("shiamgon", &json!({"board": "tri8"}))
                .unwrap()
                .position_text(),
        ),
    ];
    for (game, text) in starts {
        let checked = check(game, &Value::Null, &text).unwrap_or_else(|p| panic!("{text}: {p}"));
        let name = start_option(game).unwrap();
        let mut g = game.new_game(&json!({ name: checked.position })).unwrap();
        for _ in 0..6 {
            let Some(mv) = g.legal_moves().first().cloned() else {
                break;
            };
            g.play(&mv).unwrap();
        }
        let players = vec!["human".to_string(); g.num_players()];
        let written = Record::of_game(g.as_ref(), &players).to_text();
        let back = Record::parse(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
        let again = back.replay().unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(again.position_text(), g.position_text(), "{written}");
        assert_eq!(again.history(), g.history(), "{written}");
        assert_eq!(
            again.position_text_at(0).as_deref(),
            Some(checked.position.as_str())
        );
    }
}
