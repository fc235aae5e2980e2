//! Games on demand: only games in play are in memory; the rest are read
//! from the store when asked for and leave memory when idle; the lobby is
//! paged by the store; a database from an older kyoku is migrated.

mod common;

use std::time::Duration;

use common::*;
use serde_json::{Value, json};

async fn people(env: &Env, clock: Option<&str>) -> (String, Vec<Value>) {
    env.create_from(&json!({
        "game": "dobutsu", "seats": ["human", "human"], "clock": clock
    }))
    .await
}

/// Waits until the server holds `n` games in memory (5 s at most).
async fn in_memory_becomes(env: &Env, n: f64) {
    for _ in 0..100 {
        if env.metric("kyoku_games_in_memory").await == n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let now = env.metric("kyoku_games_in_memory").await;
    panic!("{now} games in memory, not {n}");
}

#[tokio::test]
async fn after_a_restart_only_games_in_play_are_in_memory() {
    let dir = tempfile::tempdir().unwrap();
    let db = fresh_db(&dir).await;
    let env = Env::on(&db).await;
    // Finished, waiting for a person (untimed), and on a running clock.
    let (over, t) = people(&env, None).await;
    let resign = json!({"seat": 1, "token": t[0]});
    let (s, _) = env
        .post(&format!("/api/games/{over}/resign"), &resign)
        .await;
    assert_eq!(s, 200);
    let (waiting, t) = people(&env, None).await;
    assert_eq!(env.play(&waiting, 1, &t[0], "b2b3").await.0, 200);
    let (timed, t) = people(&env, Some("5+0")).await;
    assert_eq!(env.play(&timed, 1, &t[0], "b2b3").await.0, 200);
    env.server.stop().await;

    let mut config = config(&db);
    config.keep_idle = Duration::from_millis(300);
    let env = Env::over(kyoku_server::Server::start(config).await.unwrap(), db);
    // The running clock's game is due: brought in at the start.
    assert_eq!(env.metric("kyoku_games_in_memory").await, 1.0);
    // The others come when asked for, and go when idle.
    let (s, state) = env.get(&format!("/api/games/{over}")).await;
    assert_eq!((s, &state["status"]), (200, &json!("finished")));
    let (s, state) = env.get(&format!("/api/games/{waiting}")).await;
    assert_eq!((s, &state["ply"]), (200, &json!(1)));
    assert_eq!(env.metric("kyoku_games_in_memory").await, 3.0);
    in_memory_becomes(&env, 1.0).await;
    // Read again, the game plays on.
    let (s, state) = env.get(&format!("/api/games/{waiting}")).await;
    assert_eq!((s, &state["ply"]), (200, &json!(1)));
    let stranger = json!("00000000000000000000000000000000");
    assert_eq!(env.play(&waiting, 2, &stranger, "b4c3").await.0, 403);
    let (s, _) = env.get("/api/games/nosuchgame").await;
    assert_eq!(s, 404);
}

#[tokio::test]
async fn a_watched_game_stays_in_memory() {
    let dir = tempfile::tempdir().unwrap();
    let db = fresh_db(&dir).await;
    let mut config = config(&db);
    config.keep_idle = Duration::from_millis(200);
    let env = Env::over(kyoku_server::Server::start(config).await.unwrap(), db);
    let (id, t) = people(&env, None).await;
    let mut ws = env.ws(&id).await;
    next_json(&mut ws).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(env.metric("kyoku_games_in_memory").await, 1.0);
    // Its watcher hears the next move.
    assert_eq!(env.play(&id, 1, &t[0], "b2b3").await.0, 200);
    assert_eq!(state_at(&mut ws, 1).await["ply"], 1);
    drop(ws);
    in_memory_becomes(&env, 0.0).await;
}

#[tokio::test]
async fn the_lobby_is_paged_newest_first() {
    let env = start().await;
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(people(&env, None).await.0);
    }
    let (shogun, _) = env.create("shogun", json!({}), &["human", "random"]).await;
    // Created within a second or two: newest first, then by id.
    let (s, all) = env.get("/api/games?limit=50").await;
    assert_eq!(s, 200);
    let order: Vec<&str> = common::texts(&all, "games", "id");
    assert_eq!(order.len(), 6);
    assert_eq!(all["next"], Value::Null, "a page not full is the last");
    let mut paged = Vec::new();
    let mut before: Option<String> = None;
    loop {
        let q = match &before {
            Some(b) => format!("/api/games?limit=2&before={b}"),
            None => "/api/games?limit=2".to_string(),
        };
        let (s, page) = env.get(&q).await;
        assert_eq!(s, 200, "{page}");
        for g in page["games"].as_array().unwrap() {
            paged.push(g["id"].as_str().unwrap().to_string());
        }
        match page["next"].as_str() {
            Some(n) => before = Some(n.to_string()),
            None => break,
        }
    }
    assert_eq!(paged, order, "pages put together are the whole list");
    let (_, only) = env.get("/api/games?game=shogun").await;
    assert_eq!(only["games"].as_array().unwrap().len(), 1);
    assert_eq!(only["games"][0]["id"], shogun);
    assert_eq!(only["games"][0]["to_act"]["seat"], 1);
    let (_, open) = env.get("/api/games?status=finished").await;
    assert!(open["games"].as_array().unwrap().is_empty());
    let (s, e) = env.get("/api/games?before=nosuchgame").await;
    assert_eq!((s, &e["error"]), (400, &json!("bad_request")), "{e}");
    assert_eq!(ids.len(), 5);
}

/// A SQLite file as the kyoku before versioned schemas left it: no
/// listings, no versions.
fn old_database(path: &std::path::Path) {
    let c = rusqlite::Connection::open(path).unwrap();
    c.execute_batch(
        "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
            seed INTEGER NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL, life TEXT NOT NULL DEFAULT '{}', rematch_of TEXT,
            rematch TEXT);
         CREATE TABLE seats (game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
            kind TEXT NOT NULL, token TEXT, open INTEGER NOT NULL, next_token TEXT,
            PRIMARY KEY (game_id, seat));
         CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,
            text TEXT NOT NULL, seat INTEGER, at INTEGER NOT NULL, clocks TEXT,
            PRIMARY KEY (game_id, ply));
         INSERT INTO games VALUES ('oldgame001', 'dobutsu', '{}', 7, 'active', 100, 100, '{}',
            NULL, NULL);
         INSERT INTO seats VALUES ('oldgame001', 1, 'human',
            '00112233445566778899aabbccddeeff', 0, NULL);
         INSERT INTO seats VALUES ('oldgame001', 2, 'human',
            'ffeeddccbbaa99887766554433221100', 0, NULL);
         INSERT INTO moves VALUES ('oldgame001', 0, 'b2b3', 1, 100, NULL);
         INSERT INTO games VALUES ('broken0001', 'nosuchgame', '{}', 7, 'active', 90, 90, '{}',
            NULL, NULL);",
    )
    .unwrap();
}

#[tokio::test]
async fn a_database_of_an_older_kyoku_is_migrated_and_listed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    old_database(&path);
    let server = kyoku_server::Server::start(config(&path.clone().into()))
        .await
        .unwrap();
    assert_eq!(server.problems().len(), 1, "{:?}", server.problems());
    assert!(server.problems()[0].contains("broken0001"));
    let env = Env::over(server, path.into());
    let (_, lobby) = env.get("/api/games").await;
    let games = lobby["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "the unreadable game is left out: {lobby}");
    assert_eq!(games[0]["id"], "oldgame001");
    assert_eq!(games[0]["ply"], 1);
    assert_eq!(games[0]["to_act"]["seat"], 2);
    // Its old plain token still works (hashed when opened).
    let token = json!("ffeeddccbbaa99887766554433221100");
    assert_eq!(env.play("oldgame001", 2, &token, "a1a4").await.0, 400);
    assert_eq!(env.play("oldgame001", 2, &token, "b4c3").await.0, 200);
    let (_, lobby) = env.get("/api/games").await;
    assert_eq!(lobby["games"][0]["ply"], 2, "the listing follows the move");
}

#[tokio::test]
async fn a_database_of_a_newer_kyoku_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.db");
    let c = rusqlite::Connection::open(&path).unwrap();
    c.pragma_update(None, "user_version", 99).unwrap();
    drop(c);
    let Err(e) = kyoku_server::Server::start(config(&path.into())).await else {
        panic!("a newer schema was accepted");
    };
    let text = e.to_string();
    assert!(text.contains("schema version 99"), "{text}");
    assert!(!text.contains('\n'), "one line: {text}");
}

#[tokio::test]
async fn a_stored_game_this_kyoku_cannot_replay_is_told_once_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kyoku.db");
    let db: kyoku_server::store::Location = path.clone().into();
    let env = Env::on(&db).await;
    // On a running clock: due at every look for due games.
    let (id, t) = people(&env, Some("5+0")).await;
    assert_eq!(env.play(&id, 1, &t[0], "b2b3").await.0, 200);
    env.server.stop().await;
    // A move no rules accept, as a damaged file or an older kyoku's bug
    // could leave it.
    let c = rusqlite::Connection::open(&path).unwrap();
    let changed = c
        .execute("UPDATE moves SET text = 'a1a4' WHERE game_id = ?1", [&id])
        .unwrap();
    assert_eq!(changed, 1);
    drop(c);

    let env = Env::over(start_on(&db).await, db);
    // Several looks for due games (one per half second) find it.
    tokio::time::sleep(Duration::from_millis(1600)).await;
    assert_eq!(env.metric("kyoku_games_unreplayable").await, 1.0);
    assert_eq!(env.metric("kyoku_games_in_memory").await, 0.0);
    let (s, e) = env.get(&format!("/api/games/{id}")).await;
    assert_eq!(s, 500, "{e}");
    let text = e["message"].as_str().unwrap_or_default();
    assert!(text.contains("cannot be replayed"), "{e}");
    // The other games play on.
    let (other, t) = people(&env, None).await;
    assert_eq!(env.play(&other, 1, &t[0], "b2b3").await.0, 200);
    assert_eq!(env.metric("kyoku_games_unreplayable").await, 1.0);
}
