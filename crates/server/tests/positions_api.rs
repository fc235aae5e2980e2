//! `POST /api/positions/check` over HTTP: every kind of bad position of
//! every game refused 400 `bad_position` with its code and its reason in
//! words; options that disagree refused `bad_options`; a legal position
//! accepted with its legal moves.

mod common;

use serde_json::{Value, json};

async fn check(env: &common::Env, body: Value) -> (u16, Value) {
    env.post("/api/positions/check", &body).await
}

/// Each case: game, position, kind, words the message must hold.
const REFUSALS: &[(&str, &str, &str, &str)] = &[
    (
        "dobutsu",
        "glL/1c1/1C1/ELG[] w",
        "two_lions",
        "Sente has more than one Lion",
    ),
    (
        "dobutsu",
        "ge1/1c1/1C1/ELG[] w",
        "missing_lion",
        "Gote has no Lion",
    ),
    (
        "dobutsu",
        "gle/1c1/1C1/ELG[Gg] w",
        "too_many_pieces",
        "4 Giraffes",
    ),
    (
        "dobutsu",
        "1L1/3/3/1l1 w",
        "both_won",
        "both sides have already won",
    ),
    (
        "dobutsu",
        "gL1/3/l2/3[] w",
        "mover_has_won",
        "Sente is to move but has already won",
    ),
    (
        "dobutsu",
        "3/1l1/1L1/3[] w",
        "lions_side_by_side",
        "side by side",
    ),
    ("dobutsu", "", "empty", "empty"),
    ("dobutsu", "gle/1c1/1C1[] w", "rank_count", "4 ranks"),
    ("dobutsu", "gle/1c2/1C1/ELG[] w", "rank_width", "4 squares"),
    ("dobutsu", "gle/1c1/1Q1/ELG[] w", "bad_char", "'Q'"),
    ("dobutsu", "gle/1c1/1+E1/ELG[] w", "bad_promotion", "a Hen"),
    ("dobutsu", "gle/1c1/1C1/ELG[X] w", "bad_hand", "in brackets"),
    ("dobutsu", "gle/1c1/1C1/ELG[] x", "bad_side", "side to move"),
    (
        "dobutsu",
        "gle/1c1/1C1/ELG[] w x",
        "bad_tail",
        "after the side to move",
    ),
    (
        "shogun",
        "3s4/8/8/8/8/8/8/ABCD4 w 0 - 0 1",
        "missing_shogun",
        "White has no Shogun",
    ),
    (
        "shogun",
        "3s4/8/8/8/8/8/8/S3S3 w 0 - 0 1",
        "two_shoguns",
        "White has two Shoguns",
    ),
    (
        "shogun",
        "3s4/8/8/8/8/8/8/AA2S3 w 0 - 0 1",
        "duplicate_piece",
        "piece A stands on more than one square",
    ),
    (
        "shogun",
        "3s4/8/8/8/8/8/8/4S3A w 0 - 0 1",
        "off_board",
        "off the board",
    ),
    (
        "shogun",
        "3s4/8/8/8/8/8/8/4S3 w 4 - 0 1",
        "bad_rotation",
        "rotation must be 0, 1, 2 or 3",
    ),
    (
        "shogun",
        "3s4/3S4/8/8/8/8/8/8 w 0 - 0 1",
        "opponent_shogun_attacked",
        "Red's Shogun is attacked",
    ),
    (
        "shogun",
        "3s4/8/8/8/8/8/8/4S3 w 0 23 0 1",
        "bad_number",
        "cannot show 3",
    ),
    (
        "shogun",
        "3s4/8/8/8/8/8/8/4S3 w 0 -",
        "field_count",
        "expected 6 fields",
    ),
    (
        "shogun",
        "3s4/8/8/8/8/8/8/4S2 w 0 - 0 1",
        "bad_placement",
        "7 squares",
    ),
    (
        "shogun",
        "3s4/8/8/8/8/8/8/4S3 x 0 - 0 1",
        "bad_side",
        "side to move",
    ),
    (
        "shogun",
        "3s4/8/8/8/8/8/8/4S3 w 0 2 0 1",
        "bad_numbers",
        "1 numbers for 2 pieces",
    ),
    (
        "shogun",
        "3s4/8/8/8/8/8/8/4S3 w 0 - x 1",
        "bad_counter",
        "plies since capture",
    ),
    (
        "shogun",
        "3s4/8/8/8/8/8/8/4S3 w 0 - 101 1",
        "bad_clock",
        "more than the limit of 100",
    ),
    (
        "shogun",
        "3s4/8/8/8/8/8/8/4S3 w 0 - 0 0",
        "bad_fullmove",
        "move number must be at least 1",
    ),
    (
        "shiamgon",
        "shiamgon disc5 3 turn 1 placements 3 stones 6.0/5.20/5.40 prisoners 0,0,0/0,0,0/0,0,0",
        "off_board",
        "\"6.0\" is not a field of disc5",
    ),
    (
        "shiamgon",
        "shiamgon disc5 3 turn 1 placements 0 stones 5.0/5.20/5.40 prisoners 0,0,0/20,0,0/0,0,0",
        "too_many_stones",
        "player 1 has 21 stones",
    ),
    (
        "shiamgon",
        "shiamgon tri8 4 turn 1 placements 0 stones -/-/-/- prisoners 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0",
        "player_count",
        "tri8 is played by 3–3 players",
    ),
    (
        "shiamgon",
        "shiamgon hex 3 turn 1 placements 0 stones -/-/- prisoners 0,0,0/0,0,0/0,0,0",
        "unknown_board",
        "unknown board \"hex\"",
    ),
    (
        "shiamgon",
        "shiamgon disc5 3 turn 1 placements 2 stones 5.1/5.1/- prisoners 0,0,0/0,0,0/0,0,0",
        "two_stones",
        "field 5.1 holds two stones",
    ),
    (
        "shiamgon",
        "shiamgon disc5 3 turn 1 placements 2 stones 5.1/5.20/- prisoners 0,0,0/0,1,0/0,0,0",
        "own_prisoners",
        "player 2 cannot hold own stones",
    ),
    (
        "shiamgon",
        "shiamgon disc5 3 turn 1 placements 1 stones 5.1/5.30/- prisoners 0,0,0/0,0,0/0,0,0 push 5.1",
        "bad_push",
        "no opponent's stone",
    ),
    (
        "shiamgon",
        "shiamgon disc5",
        "malformed",
        "the text ends before",
    ),
];

#[tokio::test]
async fn every_kind_of_bad_position_is_refused_in_words() {
    let env = common::start().await;
    for &(game, position, kind, words) in REFUSALS {
        let (s, v) = check(&env, json!({"game": game, "position": position})).await;
        assert_eq!(s, 400, "{game} {position:?}: {v}");
        assert_eq!(v["error"], "bad_position", "{game} {position:?}: {v}");
        assert_eq!(v["kind"], kind, "{game} {position:?}: {v}");
        let message = v["message"].as_str().unwrap_or_default();
        assert!(
            message.contains(words),
            "{game} {position:?}: {message:?} lacks {words:?}"
        );
    }
}

#[tokio::test]
async fn legal_positions_are_accepted_with_their_moves() {
    let env = common::start().await;
    let (s, v) = check(
        &env,
        json!({"game": "dobutsu", "position": "gle/1c1/1C1/ELG[-] w 0 1"}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["position"], "gle/1c1/1C1/ELG[] w - - 0 1");
    assert_eq!(v["to_act"], 0);
    assert_eq!(v["over"], false);
    let mut moves: Vec<&str> = v["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    moves.sort_unstable();
    assert_eq!(moves, ["b1a2", "b1c2", "b2b3", "c1c2"], "{v}");

    // A Chick on its far rank (dropped there) is legal.
    let (s, v) = check(
        &env,
        json!({"game": "dobutsu", "position": "lC1/3/3/2L[] b"}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["to_act"], 1);

    for game in ["shogun", "shiamgon"] {
        let start = kyoku_games::new_game(game, &json!({})).unwrap();
        let text = start.position_text();
        let (s, v) = check(&env, json!({"game": game, "options": {}, "position": text})).await;
        assert_eq!(s, 200, "{game}: {v}");
        assert_eq!(v["position"], text.as_str());
        assert_eq!(v["to_act"], 0, "{game}: {v}");
        assert_eq!(v["legal_moves"], json!(start.legal_moves()), "{game}");
    }
}

#[tokio::test]
async fn options_that_disagree_and_bad_bodies_are_refused() {
    let env = common::start().await;
    let (s, v) = check(
        &env,
        json!({"game": "shogun", "options": {"rotation": 1}, "position": "3s4/8/8/8/8/8/8/4S3 w 0 - 0 1"}),
    )
    .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["error"], "bad_options");
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("rotation 1 disagrees"),
        "{v}"
    );
    let (s, v) = check(&env, json!({"game": "chess", "position": "x"})).await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["error"], "bad_request");
    let (s, v) = check(&env, json!({"game": "dobutsu"})).await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["error"], "bad_request");
}
