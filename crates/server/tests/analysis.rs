//! `GET /api/games/{id}/analysis`: perfect-play values from the solved table,
//! and a clear 501 while the server has none. Its own test binary, since the
//! table's location comes from the environment.

use kyoku_dobutsu::solve::{Convention, solve_material};
use kyoku_server::{Config, Server};
use serde_json::{Value, json};

async fn get(http: &reqwest::Client, url: String) -> (u16, Value) {
    let r = http.get(url).send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn analysis_reads_the_table_and_says_when_there_is_none() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // SAFETY: set before the server or any other thread of this test binary
    // (it has no other test) starts.
    unsafe { std::env::set_var("KYOKU_DATA_DIR", &data) };
    let server = Server::start(Config {
        new_games_per_minute: kyoku_server::NEW_GAMES_PER_MINUTE,
        ..Config::local(dir.path().join("kyoku.db"))
    })
    .await
    .unwrap();
    let http = reqwest::Client::new();
    let url = |p: &str| format!("http://{}{p}", server.addr());
    let create = |game: &str, options: Value| {
        let body = json!({"game": game, "options": options, "seats": ["human", "human"]});
        let req = http.post(url("/api/games")).json(&body);
        async move {
            let v: Value = req.send().await.unwrap().json().await.unwrap();
            v["id"].as_str().unwrap().to_string()
        }
    };
    // The Lions, a Giraffe and a Chick: a table small enough to build here.
    let fen = "1l1/3/1C1/GL1[] w - - 0 1";
    let id = create("dobutsu", json!({ "fen": fen })).await;
    let path = format!("/api/games/{id}/analysis");

    let (s, v) = get(&http, url(&path)).await;
    assert_eq!((s, v["error"].as_str()), (501, Some("no_tablebase")), "{v}");
    assert!(
        !v["message"]
            .as_str()
            .unwrap()
            .contains(data.to_str().unwrap())
    );

    let tb = solve_material([1, 0, 1], Convention::Seed).unwrap();
    tb.write(&data.join("dobutsu-seed.kdtb")).unwrap();

    let (s, v) = get(&http, url(&path)).await;
    assert_eq!(s, 200, "{v}");
    let (_, state) = get(&http, url(&format!("/api/games/{id}"))).await;
    let mut legal: Vec<&str> = state["legal_moves"]
        .as_array()
        .expect("legal moves in the state")
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let moves = v["moves"].as_array().unwrap();
    let mut analysed: Vec<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
    legal.sort();
    analysed.sort();
    assert_eq!(analysed, legal, "every legal move, once");
    // The best move carries the position's own value; the position is won
    // (the Chick's side has the move and more material).
    assert_eq!(moves[0]["result"], v["value"]["result"], "{v}");
    assert_eq!(moves[0]["plies"], v["value"]["plies"], "{v}");
    assert_eq!(v["value"]["result"], "win", "{v}");
    let score = |m: &Value| match m["result"].as_str().unwrap() {
        "win" => 1000 - m["plies"].as_i64().unwrap(),
        "draw" => 0,
        _ => -1000 + m["plies"].as_i64().unwrap(),
    };
    assert!(
        moves.windows(2).all(|w| score(&w[0]) >= score(&w[1])),
        "best first: {v}"
    );

    // The start of the game by ply, and bad plies.
    let (s, v0) = get(&http, url(&format!("{path}?ply=0"))).await;
    assert_eq!((s, &v0), (200, &v));
    for q in ["?ply=5", "?ply=x", "?ply=-1"] {
        let (s, e) = get(&http, url(&format!("{path}{q}"))).await;
        assert_eq!(
            (s, e["error"].as_str()),
            (400, Some("bad_request")),
            "{q}: {e}"
        );
    }

    // Other games have no table; unknown games are 404.
    let shogun = create("shogun", json!({})).await;
    let (s, e) = get(&http, url(&format!("/api/games/{shogun}/analysis"))).await;
    assert_eq!(s, 400, "{e}");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("Dōbutsu Shōgi only")
    );
    let (s, _) = get(&http, url("/api/games/nope/analysis")).await;
    assert_eq!(s, 404);

    people_s_finished_games_become_puzzles(&http, &url, fen).await;
}

/// With the table there, a game of people that ends is cut into puzzles,
/// stored as the table proves them (`kyoku_puzzle::from_game` on the same
/// positions says which): games are played at random from `fen` until one
/// held a puzzle.
async fn people_s_finished_games_become_puzzles(
    http: &reqwest::Client,
    url: &impl Fn(&str) -> String,
    fen: &str,
) {
    use kyoku_core::rand::Rng;
    let mut expected = std::collections::HashSet::new();
    for seed in 0..40u64 {
        let body = json!({"game": "dobutsu", "options": {"fen": fen}, "seats": ["human", "human"]});
        let v: Value = http
            .post(url("/api/games"))
            .json(&body)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let id = v["id"].as_str().unwrap().to_string();
        let tokens: Vec<Value> = v["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].clone())
            .collect();
        let mut rng = kyoku_core::seeded_rng(seed);
        let (_, mut state) = get(http, url(&format!("/api/games/{id}"))).await;
        while !state["to_act"].is_null() {
            let seat = state["to_act"]["seat"].as_u64().unwrap() as usize;
            let legal = state["legal_moves"].as_array().unwrap();
            let mv = legal[rng.random_range(0..legal.len())].clone();
            let body = json!({"seat": seat, "token": tokens[seat - 1], "move": mv});
            let r = http
                .post(url(&format!("/api/games/{id}/moves")))
                .json(&body)
                .send()
                .await
                .unwrap();
            assert_eq!(r.status().as_u16(), 200);
            state = r.json().await.unwrap();
        }
        let (_, p) = get(http, url(&format!("/api/games/{id}/positions"))).await;
        let positions: Vec<String> = p["positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_string())
            .collect();
        let cut = kyoku_puzzle::from_game(kyoku_games::GameKind::Dobutsu, &positions).unwrap();
        expected.extend(cut.into_iter().map(|p| p.id));
        if !expected.is_empty() {
            break;
        }
    }
    assert!(!expected.is_empty(), "no game of 40 held a puzzle");
    // Cut off the request's path: wait for the store to have them.
    let mut stored = 0;
    for _ in 0..100 {
        let (_, stats) = get(http, url("/api/puzzles/stats")).await;
        stored = stats["games"]["dobutsu"].as_u64().unwrap_or(0);
        if stored as usize == expected.len() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(stored as usize, expected.len());
    for id in &expected {
        let (s, v) = get(http, url(&format!("/api/puzzles/{id}"))).await;
        assert_eq!(s, 200, "{v}");
        assert_eq!(v["game"], "dobutsu");
    }
}
