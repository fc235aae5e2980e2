//! SQLite's failures answered as what they are: a database file locked by
//! another process for longer than the busy timeout is 503 `busy` with
//! `Retry-After` (as a PostgreSQL pool run dry), not a 500; nothing is
//! stored meanwhile, and the same move goes through once the lock is gone.
//! (The kinds of the other failures, a full disk or an I/O error, are
//! checked beside the mapping, in `store/sqlite/errors.rs`.)

mod common;

use common::{Env, config};
use kyoku_server::Server;
use kyoku_server::store::{Location, stored_moves};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_locked_by_another_process_is_busy_and_nothing_is_stored() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kyoku.db");
    let db = Location::Sqlite(path.clone());
    let server = Server::start(config(&db)).await.expect("the server starts");
    let env = Env::over(server, db.clone());
    let (id, t) = env
        .create_from(&json!({"game": "dobutsu", "seats": ["human", "human"]}))
        .await;

    // Another program takes the file's write lock and keeps it.
    let other = tokio::task::spawn_blocking(move || {
        let c = rusqlite::Connection::open(path).unwrap();
        c.execute_batch("BEGIN IMMEDIATE").unwrap();
        c
    })
    .await
    .unwrap();
    let body = json!({"seat": 1, "token": t[0], "move": "b2b3"});
    let moved = env
        .http
        .post(env.url(&format!("/api/games/{id}/moves")))
        .json(&body)
        .send();
    let ready = env.http.get(env.url("/readyz")).send();
    let (moved, ready) = tokio::join!(moved, ready);
    let (moved, ready) = (moved.unwrap(), ready.unwrap());
    assert_eq!(ready.status().as_u16(), 503, "/readyz while locked");
    assert_eq!(moved.status().as_u16(), 503);
    let wait = moved.headers().get("retry-after").cloned();
    let v: serde_json::Value = moved.json().await.unwrap();
    assert_eq!(v["error"], "busy", "{v}");
    assert!(wait.is_some(), "503 busy without Retry-After");
    assert!(
        v["message"].as_str().unwrap_or("").contains("locked"),
        "the message says why: {v}"
    );

    // The lock let go: nothing of the refused move was stored, and it
    // goes through now.
    tokio::task::spawn_blocking(move || {
        other.execute_batch("ROLLBACK").unwrap();
        drop(other);
    })
    .await
    .unwrap();
    let stored = stored_moves(&db, &id).await.unwrap().unwrap();
    assert!(
        stored.is_empty(),
        "a move refused busy was stored: {stored:?}"
    );
    let (s, v) = env.post(&format!("/api/games/{id}/moves"), &body).await;
    assert_eq!(s, 200, "{v}");
    let stored = stored_moves(&db, &id).await.unwrap().unwrap();
    assert_eq!(stored, ["b2b3"]);
    env.server.stop().await;
}
