//! `POST /api/analyze`, `GET /api/analyze/ws` and game reviews
//! (`POST`/`GET /api/games/{id}/review`): legal lines in the documented
//! shape for every game, Dōbutsu's scores equal to the solved table's, the
//! cap and the per-client limit, and a review made once, on both stores
//! (PostgreSQL when `KYOKU_TEST_POSTGRES` is set, see `common`).
//!
//! The table's location comes from the environment: every test first sets
//! it to a small table built once (the Lions, a Giraffe and a Chick), before
//! it starts anything else, so no test reads the environment meanwhile.

mod common;

use std::sync::Once;
use std::time::Duration;

use common::{Env, fresh_db};
use futures_util::{SinkExt, StreamExt};
use kyoku_server::store::{Location, OpenOptions, ReviewEnd, ReviewStatus, Store, SyncMode};
use kyoku_server::{AnalysisSettings, Server};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// A position the small table covers: the Chick's side to move, and wins.
const SMALL_FEN: &str = "1l1/3/1C1/GL1[] w - - 0 1";

/// Points `KYOKU_DATA_DIR` at a folder holding the small table (once per
/// test binary, before anything else runs in it).
fn small_table() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        use kyoku_dobutsu::solve::{Convention, solve_material};
        let dir = tempfile::tempdir().unwrap().keep();
        let tb = solve_material([1, 0, 1], Convention::Seed).unwrap();
        tb.write(&dir.join("dobutsu-seed.kdtb")).unwrap();
        // SAFETY: every test of this binary calls this first and waits for
        // it: no other thread of the binary runs meanwhile.
        unsafe { std::env::set_var("KYOKU_DATA_DIR", &dir) };
    });
}

/// A server with `settings` for analysis, on a fresh database.
async fn start(settings: AnalysisSettings) -> Env {
    small_table();
    let dir = tempfile::tempdir().unwrap();
    let db = fresh_db(&dir).await;
    let server = Server::start_with_analysis(common::config(&db), None, settings)
        .await
        .unwrap();
    Env {
        server,
        _dir: dir,
        db,
        http: reqwest::Client::new(),
    }
}

fn settings() -> AnalysisSettings {
    AnalysisSettings {
        threads: Some(1),
        per_minute: 0,
        ..AnalysisSettings::default()
    }
}

/// Plays `moves` from the start of `game` with `options`: each must be
/// legal (a line the engine gives must be playable).
fn replays(game: &str, options: &Value, moves: &[String]) -> Result<(), String> {
    let mut g = kyoku_games::new_game(game, options).map_err(|e| e.to_string())?;
    for m in moves {
        g.play(m).map_err(|e| format!("{m}: {e}"))?;
    }
    Ok(())
}

/// The score's documented shape for `game`.
fn check_score(game: &str, s: &Value, seats: usize) {
    match (game, s["kind"].as_str()) {
        ("dobutsu", Some("exact")) => {
            assert!(
                ["win", "draw", "loss"].contains(&s["outcome"].as_str().unwrap()),
                "{s}"
            );
        }
        ("dobutsu" | "shogun", Some("eval")) => {
            assert!(s["value"].is_i64(), "{s}");
            let we = s["win_expectancy"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&we), "{s}");
        }
        ("shiamgon", Some("places")) => {
            let places = s["expected"].as_array().unwrap();
            assert_eq!(places.len(), seats, "{s}");
            for p in places {
                let p = p.as_f64().unwrap();
                assert!((1.0..=seats as f64).contains(&p), "{s}");
            }
        }
        _ => panic!("{game}: a score of an undocumented shape: {s}"),
    }
}

#[tokio::test]
async fn every_game_is_analysed_with_legal_lines_in_the_documented_shape() {
    let env = start(settings()).await;
    for (game, seats, depth) in [("dobutsu", 2, 3), ("shogun", 2, 2), ("shiamgon", 3, 1)] {
        let humans = vec!["human"; seats];
        let (id, _) = env.create(game, json!({}), &humans).await;
        let (_, state) = env.get(&format!("/api/games/{id}")).await;
        let options = state["options"].clone();
        let legal: Vec<String> = serde_json::from_value(state["legal_moves"].clone()).unwrap();
        let body =
            json!({"game": game, "options": options, "moves": [], "lines": 3, "depth": depth});
        let (s, a) = env.post("/api/analyze", &body).await;
        assert_eq!(s, 200, "{game}: {a}");
        let lines = a["lines"].as_array().unwrap();
        assert!((1..=3).contains(&lines.len()), "{game}: {a}");
        let mut firsts = Vec::new();
        for l in lines {
            let moves: Vec<String> = serde_json::from_value(l["moves"].clone()).unwrap();
            assert!(
                legal.contains(&moves[0]),
                "{game}: {} is not legal: {a}",
                moves[0]
            );
            replays(game, &options, &moves).unwrap_or_else(|e| panic!("{game}: {e}: {a}"));
            check_score(game, &l["score"], seats);
            firsts.push(moves[0].clone());
        }
        firsts.dedup();
        assert_eq!(firsts.len(), lines.len(), "{game}: one line per move: {a}");
        assert!(a["position"].is_string() && a["nodes"].is_u64(), "{a}");
        let source = a["source"].as_str().unwrap();
        let want = if game == "shiamgon" { "mcts" } else { "search" };
        assert_eq!(source, want, "{game}: {a}");
        assert_eq!(a["to_act"], json!(0), "{game}: {a}");
    }
}

#[tokio::test]
async fn dobutsu_scores_are_the_table_s() {
    let env = start(settings()).await;
    let (id, _) = env
        .create("dobutsu", json!({"fen": SMALL_FEN}), &["human", "human"])
        .await;
    let (s, table) = env.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!(s, 200, "{table}");
    let body = json!({"game": "dobutsu", "position": SMALL_FEN, "lines": 5});
    let (s, a) = env.post("/api/analyze", &body).await;
    assert_eq!(s, 200, "{a}");
    assert_eq!(a["source"], "table", "{a}");
    let lines = a["lines"].as_array().unwrap();
    let moves = table["moves"].as_array().unwrap();
    assert_eq!(lines.len(), moves.len().min(5), "{a}");
    for l in lines {
        let first = &l["moves"][0];
        let t = moves
            .iter()
            .find(|m| &m["move"] == first)
            .unwrap_or_else(|| panic!("{first} is not among the table's moves: {table}"));
        assert_eq!(l["score"]["kind"], "exact", "{l}");
        assert_eq!(l["score"]["outcome"], t["result"], "{first}: {l} vs {t}");
        assert_eq!(l["score"]["plies"], t["plies"], "{first}: {l} vs {t}");
    }
    // The best line carries the position's own value.
    assert_eq!(
        lines[0]["score"]["outcome"], table["value"]["result"],
        "{a}"
    );
}

#[tokio::test]
async fn bad_requests_and_the_cap_are_refused_with_their_codes() {
    let env = start(settings()).await;
    for (body, code) in [
        (json!({"game": "shogun", "depth": 1000}), "bad_request"),
        (json!({"game": "shogun", "ms": 10_000_000}), "bad_request"),
        (json!({"game": "shogun", "lines": 6}), "bad_request"),
        (json!({"game": "go"}), "bad_request"),
        (
            json!({"game": "dobutsu", "moves": ["a1a9"]}),
            "illegal_move",
        ),
        (
            json!({"game": "dobutsu", "position": "not a position"}),
            "bad_position",
        ),
        (
            json!({"game": "shiamgon", "options": {"players": 9}}),
            "bad_options",
        ),
    ] {
        let (s, e) = env.post("/api/analyze", &body).await;
        assert_eq!((s, e["error"].as_str()), (400, Some(code)), "{body}: {e}");
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()), "{e}");
    }
}

#[tokio::test]
async fn a_client_over_its_allowance_is_told_when_to_come_back() {
    let env = start(AnalysisSettings {
        per_minute: 3,
        ..settings()
    })
    .await;
    let body = json!({"game": "dobutsu", "moves": [], "depth": 1});
    for _ in 0..3 {
        let (s, a) = env.post("/api/analyze", &body).await;
        assert_eq!(s, 200, "{a}");
    }
    let r = env
        .http
        .post(env.url("/api/analyze"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 429);
    let wait: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    let e: Value = r.json().await.unwrap();
    assert_eq!(e["error"], "too_many_requests", "{e}");
}

/// Plays the first legal move until `plies` are made (or the game ends),
/// then resigns for the side to move: a finished game of people. Returns
/// its id and the moves made.
async fn finished_game(env: &Env, fen: &str, plies: usize) -> (String, usize) {
    let (id, tokens) = env
        .create("dobutsu", json!({"fen": fen}), &["human", "human"])
        .await;
    let path = format!("/api/games/{id}");
    for made in 0..=plies {
        let (_, st) = env.get(&path).await;
        let Some(seat) = st["to_act"]["seat"].as_u64() else {
            return (id, made);
        };
        let seat = seat as usize;
        let token = &tokens[seat - 1];
        if made == plies {
            let body = json!({"seat": seat, "token": token});
            let (s, v) = env.post(&format!("{path}/resign"), &body).await;
            assert_eq!(s, 200, "{v}");
            return (id, made);
        }
        let body = json!({"seat": seat, "token": token, "move": st["legal_moves"][0]});
        let (s, v) = env.post(&format!("{path}/moves"), &body).await;
        assert_eq!(s, 200, "{v}");
    }
    unreachable!()
}

/// Asks for the review of `id` until it is done (or failed).
async fn review_done(env: &Env, id: &str) -> Value {
    for _ in 0..600 {
        let (s, v) = env.get(&format!("/api/games/{id}/review")).await;
        assert_eq!(s, 200, "{v}");
        if v["status"] == "done" || v["status"] == "failed" {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the review of {id} did not end within a minute");
}

#[tokio::test]
async fn a_review_is_made_once_and_only_of_a_finished_game() {
    let env = start(settings()).await;
    let (running, _) = env.create("dobutsu", json!({}), &["human", "human"]).await;
    let path = format!("/api/games/{running}/review");
    let (s, e) = env.post(&path, &json!({})).await;
    assert_eq!(
        (s, e["error"].as_str()),
        (409, Some("game_not_over")),
        "{e}"
    );
    let (s, e) = env.get(&path).await;
    assert_eq!((s, e["error"].as_str()), (404, Some("not_found")), "{e}");
    let (s, _) = env.post("/api/games/nope/review", &json!({})).await;
    assert_eq!(s, 404);

    let (id, made) = finished_game(&env, SMALL_FEN, 4).await;
    assert!(made > 0, "a move at least");
    let path = format!("/api/games/{id}/review");
    let (s, first) = env.post(&path, &json!({})).await;
    assert_eq!(s, 202, "{first}");
    assert!(["queued", "running", "done"].contains(&first["status"].as_str().unwrap()));
    let (s, again) = env.post(&path, &json!({})).await;
    assert_eq!(s, 202, "{again}");
    let done = review_done(&env, &id).await;
    assert_eq!(done["status"], "done", "{done}");
    let plies = done["plies"].as_array().unwrap();
    assert_eq!(plies.len(), made, "{done}");
    for (i, p) in plies.iter().enumerate() {
        assert_eq!(p["ply"], json!(i + 1), "{p}");
        for k in ["move", "score", "best", "best_score", "loss", "class"] {
            assert!(p.get(k).is_some(), "{k} missing: {p}");
        }
    }
    assert_eq!(done["accuracy"].as_array().unwrap().len(), 2, "{done}");
    // Asked again once done: the same review, made once (taken once).
    let (s, third) = env.post(&path, &json!({})).await;
    assert_eq!((s, &third["status"]), (202, &json!("done")), "{third}");
    assert_eq!(third["plies"], done["plies"]);
    let store = open(&env.db).await;
    let row = store.review(&id).await.unwrap().unwrap();
    assert_eq!((row.status, row.tries), (ReviewStatus::Done, 1), "{row:?}");
}

async fn open(db: &Location) -> Store {
    let options = OpenOptions {
        sync: SyncMode::Normal,
    };
    Store::open(db, &options).await.unwrap()
}

#[tokio::test]
async fn the_store_keeps_one_review_per_game_claimed_by_one_worker() {
    small_table();
    let dir = tempfile::tempdir().unwrap();
    let db = fresh_db(&dir).await;
    let store = open(&db).await;
    let other = open(&db).await;
    assert_eq!(store.review("g1").await.unwrap(), None);
    let a = store.request_review("g1").await.unwrap();
    let b = other.request_review("g1").await.unwrap();
    assert_eq!(a, b, "asked twice, stored once");
    assert_eq!(a.status, ReviewStatus::Queued);
    // Two workers (as of two instances) claim at once: one gets it.
    let stale = 60_000;
    let (x, y) = tokio::join!(store.claim_review(stale), other.claim_review(stale));
    let (x, y) = (x.unwrap(), y.unwrap());
    assert!(x.is_some() != y.is_some(), "exactly one claim: {x:?} {y:?}");
    let claim = x.or(y).unwrap();
    assert_eq!((claim.game_id.as_str(), claim.tries), ("g1", 1));
    assert_eq!(store.claim_review(stale).await.unwrap(), None);
    assert!(store.review_progress(&claim, 2, 5).await.unwrap());
    let row = other.review("g1").await.unwrap().unwrap();
    assert_eq!(
        (row.status, row.done, row.total),
        (ReviewStatus::Running, 2, 5)
    );
    // A worker gone silent is replaced: its claim no longer counts.
    tokio::time::sleep(Duration::from_millis(5)).await;
    let again = other.claim_review(1).await.unwrap().unwrap();
    assert_eq!(again.tries, 2);
    let end = ReviewEnd::Done(json!({"plies": [], "accuracy": []}).to_string());
    assert!(!store.finish_review(&claim, end.clone()).await.unwrap());
    assert!(other.finish_review(&again, end).await.unwrap());
    let row = store.review("g1").await.unwrap().unwrap();
    assert_eq!(row.status, ReviewStatus::Done);
    assert!(row.result.is_some());
    assert_eq!(
        store.request_review("g1").await.unwrap().status,
        ReviewStatus::Done
    );
    // A failure is kept with its reason.
    store.request_review("g2").await.unwrap();
    let c = store.claim_review(stale).await.unwrap().unwrap();
    let why = "the game is not stored".to_string();
    assert!(
        store
            .finish_review(&c, ReviewEnd::Failed(why.clone()))
            .await
            .unwrap()
    );
    let row = store.review("g2").await.unwrap().unwrap();
    assert_eq!((row.status, row.reason), (ReviewStatus::Failed, Some(why)));
}

#[tokio::test]
async fn the_stream_grows_deeper_and_a_new_request_replaces_the_old() {
    // Two workers: the replaced request's step may still be running.
    let env = start(AnalysisSettings {
        threads: Some(2),
        ..settings()
    })
    .await;
    let url = format!("ws://{}/api/analyze/ws", env.server.addr());
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let ask = json!({"game": "shogun", "moves": [], "depth": 1, "ref": 1});
    ws.send(Message::text(ask.to_string())).await.unwrap();
    let mut depths = Vec::new();
    while depths.len() < 2 {
        let v = common::next_json(&mut ws).await;
        assert_eq!(
            (&v["type"], &v["ref"]),
            (&json!("analysis"), &json!(1)),
            "{v}"
        );
        depths.push(v["analysis"]["depth"].as_u64().unwrap());
    }
    assert!(depths[1] > depths[0], "{depths:?}");
    // The table's answer is exact: one answer, then done.
    let ask = json!({"game": "dobutsu", "position": SMALL_FEN, "ref": "b"});
    ws.send(Message::text(ask.to_string())).await.unwrap();
    let v = loop {
        let v = common::next_json(&mut ws).await;
        if v["ref"] == "b" {
            break v;
        }
    };
    assert_eq!(
        (&v["type"], &v["analysis"]["source"]),
        (&json!("analysis"), &json!("table")),
        "{v}"
    );
    let v = common::next_json(&mut ws).await;
    assert_eq!(
        (&v["type"], &v["ref"]),
        (&json!("done"), &json!("b")),
        "{v}"
    );
    let bad = json!({"game": "shogun", "depth": 1000, "ref": "c"});
    ws.send(Message::text(bad.to_string())).await.unwrap();
    let v = common::next_json(&mut ws).await;
    assert_eq!(
        (&v["type"], &v["error"]),
        (&json!("error"), &json!("bad_request")),
        "{v}"
    );
    ws.close(None).await.unwrap();
    let _ = ws.next().await;
}
