//! `POST /api/positions/play` over HTTP: the board after moves from a
//! game's start or from a position text, for every game; illegal moves,
//! refused positions and bad bodies answered 400 with the reason.

mod common;

use serde_json::{Value, json};

async fn play(env: &common::Env, body: Value) -> (u16, Value) {
    env.post("/api/positions/play", &body).await
}

#[tokio::test]
async fn moves_from_the_start_give_the_board_after_them() {
    let env = common::start().await;
    let (s, v) = play(&env, json!({"game": "dobutsu", "moves": ["b2b3"]})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["game"], "dobutsu");
    assert_eq!(v["to_act"]["seat"], 2, "{v}");
    assert_eq!(v["over"], false);
    let legal = v["legal_moves"].as_array().unwrap();
    assert!(legal.iter().any(|m| m == "c4b3"), "{v}");
    // No move: the start itself.
    let (s, start) = play(&env, json!({"game": "dobutsu"})).await;
    assert_eq!(s, 200, "{start}");
    assert_eq!(start["to_act"]["seat"], 1);
    assert_ne!(start["position"], v["position"]);
}

#[tokio::test]
async fn a_position_text_starts_the_game_there_in_every_game() {
    let env = common::start().await;
    for game in ["dobutsu", "shogun", "shiamgon"] {
        let (s, start) = play(&env, json!({"game": game})).await;
        assert_eq!(s, 200, "{start}");
        let first = start["legal_moves"][0].as_str().unwrap().to_string();
        let text = start["position"].as_str().unwrap().to_string();
        let (s, a) = play(&env, json!({"game": game, "position": text, "move": first})).await;
        assert_eq!(s, 200, "{game}: {a}");
        let (s, b) = play(&env, json!({"game": game, "moves": [first]})).await;
        assert_eq!(s, 200, "{game}: {b}");
        assert_eq!(a["position"], b["position"], "{game}");
        assert_eq!(a["legal_moves"], b["legal_moves"], "{game}");
    }
}

#[tokio::test]
async fn an_illegal_move_or_a_bad_position_is_refused_in_words() {
    let env = common::start().await;
    let (s, v) = play(&env, json!({"game": "dobutsu", "moves": ["b2b3", "b3b4"]})).await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["error"], "illegal_move");
    assert!(v["message"].as_str().unwrap().contains("move 2"), "{v}");
    let (s, v) = play(
        &env,
        json!({"game": "dobutsu", "position": "not a position"}),
    )
    .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["error"], "bad_position");
    assert!(!v["message"].as_str().unwrap().is_empty(), "{v}");
    let (s, v) = play(&env, json!({"game": "chess"})).await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_request")), "{v}");
    let (s, v) = play(&env, json!({"game": "dobutsu", "colour": "red"})).await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_request")), "{v}");
    let many: Vec<&str> = std::iter::repeat_n("b2b3", 2001).collect();
    let (s, v) = play(&env, json!({"game": "dobutsu", "moves": many})).await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_request")), "{v}");
}
