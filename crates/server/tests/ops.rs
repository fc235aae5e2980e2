//! What operators ask of the server: `/healthz`, `/readyz` (and what makes
//! it fail and recover), `/metrics` moving with play, and the graceful
//! shutdown's close code.

mod common;

use std::time::{Duration, Instant};

use common::{next_json, next_reply, start};
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

/// Polls `/readyz` until it answers `status` (15 s at most); its body.
async fn readyz_until(env: &common::Env, status: u16) -> serde_json::Value {
    let start = Instant::now();
    loop {
        let (s, v) = env.get("/readyz").await;
        if s == status {
            return v;
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "/readyz still {s} {v}, not {status}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn healthz_and_readyz_answer_outside_the_api() {
    let env = start().await;
    assert_eq!(env.get("/healthz").await, (200, json!({"status": "ok"})));
    assert_eq!(env.get("/readyz").await, (200, json!({"status": "ready"})));
    // Not swallowed by the UI's fallback, not under /api/.
    assert_eq!(env.get("/api/healthz").await.0, 404);
}

/// SQLite keeps writing to a file that was moved or removed under it:
/// every commit after that would go where no restart reads it. Readiness
/// says so, and comes back when the file is back.
#[tokio::test]
async fn readyz_fails_while_the_database_file_is_gone_and_recovers() {
    let env = start().await;
    let Some(db) = sqlite_file(&env) else { return };
    let aside = db.with_extension("aside");
    std::fs::rename(&db, &aside).unwrap();
    let v = readyz_until(&env, 503).await;
    assert_eq!(v["error"], "unavailable", "{v}");
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("removed or replaced"),
        "{v}"
    );
    // A new empty file in its place is not the database either.
    std::fs::write(&db, b"").unwrap();
    assert_eq!(env.get("/readyz").await.0, 503);
    std::fs::rename(&aside, &db).unwrap();
    readyz_until(&env, 200).await;
}

/// Another process holding the database's write lock: the probe cannot
/// begin its write transaction, readiness fails; released, it recovers.
#[tokio::test]
async fn readyz_fails_while_another_process_locks_the_database() {
    let env = start().await;
    let Some(db) = sqlite_file(&env) else { return };
    let other = rusqlite::Connection::open(&db).unwrap();
    other.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let v = readyz_until(&env, 503).await;
    assert!(
        v["message"].as_str().unwrap().contains("did not answer")
            || v["message"].as_str().unwrap().contains("locked"),
        "{v}"
    );
    other.execute_batch("COMMIT").unwrap();
    readyz_until(&env, 200).await;
}

/// A PostgreSQL database that stops answering (it refuses connections and
/// the server's are cut) turns `/readyz` 503, and a move is refused, not
/// lost; once it answers again `/readyz` is 200 and play goes on.
#[tokio::test]
async fn readyz_follows_a_postgresql_database_that_goes_and_comes_back() {
    let env = start().await;
    let Some(url) = postgres_url(&env) else {
        return;
    };
    let name = url.rsplit('/').next().unwrap().to_string();
    let admin = std::env::var("KYOKU_TEST_POSTGRES").unwrap();
    let (db, conn) = tokio_postgres::connect(&admin, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    let (id, tokens) = env.create("dobutsu", json!({}), &["human", "human"]).await;
    let gone = async |allow: bool| {
        let sql = format!("ALTER DATABASE \"{name}\" ALLOW_CONNECTIONS {allow}");
        db.batch_execute(&sql).await.unwrap();
        if !allow {
            db.query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1",
                &[&name],
            )
            .await
            .unwrap();
        }
    };
    gone(false).await;
    let v = readyz_until(&env, 503).await;
    assert_eq!(v["error"], "unavailable", "{v}");
    let body = json!({"seat": 1, "token": tokens[0], "move": "b2b3"});
    let (s, e) = env.post(&format!("/api/games/{id}/moves"), &body).await;
    assert_eq!((s, &e["error"]), (500, &json!("storage")), "{e}");
    gone(true).await;
    readyz_until(&env, 200).await;
    let (s, v) = env.post(&format!("/api/games/{id}/moves"), &body).await;
    assert_eq!(
        s, 200,
        "the refused move was not stored, and can be made now: {v}"
    );
}

/// Every pooled PostgreSQL connection busy (lobby reads waiting on a lock
/// an operator holds): readiness still answers at once, on the probe's own
/// connection. Behind the pool it waited for a connection and answered
/// 503, and a load balancer would drop a loaded but healthy instance.
#[tokio::test]
async fn readyz_answers_while_every_pooled_connection_is_busy() {
    let env = start().await;
    let Some(url) = postgres_url(&env) else {
        return;
    };
    let (mut locker, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    let lock = locker.transaction().await.unwrap();
    lock.batch_execute("LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
        .await
        .unwrap();
    // More readers than the pool has connections: all 16 wait on the lock.
    let readers: Vec<_> = (0..24)
        .map(|_| {
            let http = env.http.clone();
            let url = env.url("/api/games");
            tokio::spawn(async move { http.get(url).send().await.map(|r| r.status()) })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (status, v) = env.get("/readyz").await;
    assert_eq!(status, 200, "readiness waited behind the busy pool: {v}");
    lock.rollback().await.unwrap();
    for r in readers {
        let answered = r.await.unwrap().unwrap();
        assert!(
            answered.is_success() || answered.as_u16() == 503,
            "{answered}"
        );
    }
}

/// The test's SQLite file; `None` (the test is about SQLite's file, and
/// says it is skipped) when the suite runs on PostgreSQL.
fn sqlite_file(env: &common::Env) -> Option<std::path::PathBuf> {
    let path = env.db.sqlite_path().map(std::path::Path::to_path_buf);
    if path.is_none() {
        eprintln!("skipped: a test of SQLite's file");
    }
    path
}

/// The test's PostgreSQL database; `None` (the test is about PostgreSQL,
/// and says it is skipped) when the suite runs on SQLite.
fn postgres_url(env: &common::Env) -> Option<String> {
    match env.db.clone() {
        kyoku_server::store::Location::Postgres(url) => Some(url),
        _ => {
            eprintln!("skipped: a test of PostgreSQL (KYOKU_TEST_POSTGRES is not set)");
            None
        }
    }
}

/// The value of the sample `name` (labels included) in a metrics page.
fn sample(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("no sample {name} in\n{text}"))
}

async fn metrics(env: &common::Env) -> String {
    let r = env.http.get(env.url("/metrics")).send().await.unwrap();
    assert_eq!(r.status(), 200);
    let kind = r.headers()["content-type"].to_str().unwrap().to_string();
    assert!(kind.starts_with("application/openmetrics-text"), "{kind}");
    r.text().await.unwrap()
}

#[tokio::test]
async fn metrics_move_with_play() {
    let env = start().await;
    let before = metrics(&env).await;
    assert_eq!(sample(&before, "kyoku_moves_committed_total"), 0.0);
    assert_eq!(sample(&before, "kyoku_games_in_memory"), 0.0);
    let (id, tokens) = env.create("dobutsu", json!({}), &["human", "human"]).await;
    let mut ws = env.ws(&id).await;
    let mut state = next_json(&mut ws).await["state"].clone();
    for (i, token) in tokens.iter().enumerate() {
        let mv = state["legal_moves"][0].clone();
        let msg = json!({"seat": i + 1, "token": token, "move": mv, "ref": i});
        ws.send(Message::text(msg.to_string())).await.unwrap();
        assert_eq!(next_reply(&mut ws).await["type"], "ack");
        state = common::state_at(&mut ws, i as u64 + 1).await;
    }
    // A 404 for the status classes.
    assert_eq!(env.get("/api/games/nosuchgame").await.0, 404);
    let after = metrics(&env).await;
    assert_eq!(sample(&after, "kyoku_moves_committed_total"), 2.0);
    assert_eq!(sample(&after, "kyoku_games_in_memory"), 1.0);
    assert_eq!(sample(&after, "kyoku_websocket_connections"), 1.0);
    // The game's creation and two moves: three commits timed.
    assert!(sample(&after, "kyoku_store_commit_seconds_count") >= 3.0);
    assert!(sample(&after, "kyoku_http_requests_total{class=\"2xx\"}") >= 2.0);
    assert!(sample(&after, "kyoku_http_requests_total{class=\"4xx\"}") >= 1.0);
    assert_eq!(sample(&after, "kyoku_programs_thinking"), 0.0);
}

#[tokio::test]
async fn a_graceful_shutdown_closes_websockets_with_going_away() {
    let env = start().await;
    let (id, _) = env.create("dobutsu", json!({}), &["human", "human"]).await;
    let mut ws = env.ws(&id).await;
    next_json(&mut ws).await;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = env.server;
    let serving = tokio::spawn(async move {
        server
            .serve_until(
                async {
                    let _ = stopped.await;
                },
                Duration::from_secs(5),
            )
            .await
    });
    stop.send(()).unwrap();
    let close = loop {
        match tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => break frame,
            Ok(Some(Ok(_))) => continue,
            other => panic!("no close frame: {other:?}"),
        }
    };
    let frame = close.expect("a close frame with a code");
    assert_eq!(u16::from(frame.code), 1001, "{frame:?}");
    let drained = serving.await.unwrap().unwrap();
    assert_eq!(drained, kyoku_server::ops::Drained::default());
}

/// A flag fall on a 1.2 s clock shows in the lag histogram.
#[tokio::test]
async fn a_flag_fall_is_timed() {
    let env = start().await;
    let (s, v) = env
        .post(
            "/api/games",
            &json!({"game": "dobutsu", "seats": ["human", "human"], "clock": "0.02+0"}),
        )
        .await;
    assert_eq!(s, 201, "{v}");
    assert_eq!(
        sample(&metrics(&env).await, "kyoku_flag_fall_lag_seconds_count"),
        0.0
    );
    let start = Instant::now();
    loop {
        let text = metrics(&env).await;
        if sample(&text, "kyoku_flag_fall_lag_seconds_count") == 1.0 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no flag fall timed"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
