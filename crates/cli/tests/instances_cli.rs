//! Several `kyoku serve` processes on one PostgreSQL database, any of them
//! answering any request: a move made on one is seen over a WebSocket held
//! on another; the same move sent to two at once is accepted once; a
//! program thinking on an instance killed with SIGKILL is answered by the
//! other, which takes the game's lease over.
//!
//! Needs `KYOKU_TEST_POSTGRES` (a server the tests may create databases
//! on, as `.ci/postgres.sh` starts one); without it each test says it is
//! skipped and passes.

mod common;

use std::time::{Duration, Instant};

use common::{Proc, get, post};
use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// A fresh database on the test server, or `None` (skipped) without one.
async fn database() -> Option<String> {
    let Ok(admin) = std::env::var("KYOKU_TEST_POSTGRES") else {
        eprintln!("skipped: KYOKU_TEST_POSTGRES is not set");
        return None;
    };
    Some(
        kyoku_server::store::create_postgres_database(&admin)
            .await
            .expect("a fresh database"),
    )
}

/// Starts `kyoku serve` on `url`; returns it and its address.
fn serve(url: &str) -> (Proc, String) {
    common::serve_with(&["--ai-threads", "1", "--db", url])
}

/// Creates a game on `addr`; its id and tokens.
async fn create(http: &reqwest::Client, addr: &str, seats: &[&str]) -> (String, Vec<Value>) {
    let body = json!({"game": "dobutsu", "seats": seats});
    let (s, v) = post(http, format!("http://{addr}/api/games"), body).await;
    assert_eq!(s, 201, "{v}");
    let tokens = v["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].clone());
    (v["id"].as_str().unwrap().to_string(), tokens.collect())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_on_one_instance_is_seen_on_the_other_and_accepted_once() {
    let Some(url) = database().await else { return };
    let (_a, a) = serve(&url);
    let (_b, b) = serve(&url);
    let http = reqwest::Client::new();
    let (id, t) = create(&http, &a, &["human", "human"]).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{a}/api/games/{id}/ws"))
        .await
        .expect("a WebSocket on A");
    ws.next().await.expect("the first state").expect("open");
    // A move made on B…
    let sent = Instant::now();
    let mv = json!({"seat": 1, "token": t[0], "move": "b2b3"});
    let (s, v) = post(&http, format!("http://{b}/api/games/{id}/moves"), mv).await;
    assert_eq!(s, 200, "{v}");
    // …is heard on A's WebSocket.
    loop {
        let m = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("A's watchers hear B's move within 5 s")
            .expect("open")
            .expect("a message");
        if let Message::Text(text) = m {
            let v: Value = serde_json::from_str(&text).unwrap();
            if v["state"]["ply"] == 1 {
                break;
            }
        }
    }
    eprintln!("B's move seen on A after {} ms", sent.elapsed().as_millis());
    // The same move sent to A and B at once: accepted once.
    let now = get(&http, format!("http://{a}/api/games/{id}")).await;
    let reply = now["legal_moves"][0].clone();
    let mv = json!({"seat": 2, "token": t[1], "move": reply});
    let (ra, rb) = tokio::join!(
        post(
            &http,
            format!("http://{a}/api/games/{id}/moves"),
            mv.clone()
        ),
        post(&http, format!("http://{b}/api/games/{id}/moves"), mv),
    );
    let mut codes = [ra.0, rb.0];
    codes.sort();
    assert_eq!(codes, [200, 409], "A: {ra:?}, B: {rb:?}");
    let stored =
        kyoku_server::store::stored_moves(&kyoku_server::store::Location::parse(&url), &id)
            .await
            .unwrap()
            .unwrap();
    assert_eq!(stored.len(), 2, "one move each: {stored:?}");
    // Both instances answer the same state.
    let sa = get(&http, format!("http://{a}/api/games/{id}")).await;
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let sb = get(&http, format!("http://{b}/api/games/{id}")).await;
        if sb["history"] == sa["history"] {
            break;
        }
        assert!(Instant::now() < deadline, "A {sa} B {sb}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_thinking_on_a_killed_instance_is_answered_by_the_other() {
    let Some(url) = database().await else { return };
    let (mut a, a_addr) = serve(&url);
    let (_b, b) = serve(&url);
    let http = reqwest::Client::new();
    // Shogun's strongest level thinks for about a second a move.
    let body = json!({"game": "shogun", "seats": ["human", "ai:5"]});
    let (s, made) = post(&http, format!("http://{a_addr}/api/games"), body).await;
    assert_eq!(s, 201, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let token = made["seats"][0]["token"].clone();
    let state = get(&http, format!("http://{a_addr}/api/games/{id}")).await;
    let first = state["legal_moves"][0].clone();
    let mv = json!({"seat": 1, "token": token, "move": first});
    let (s, v) = post(&http, format!("http://{a_addr}/api/games/{id}/moves"), mv).await;
    assert_eq!(s, 200, "{v}");
    // A thinks; it dies before it answers.
    a.kill();
    let killed = Instant::now();
    let deadline = killed + Duration::from_secs(30);
    loop {
        let st = get(&http, format!("http://{b}/api/games/{id}")).await;
        if st["ply"].as_u64() >= Some(2) {
            assert_eq!(st["history"][1]["seat"], 2, "{st}");
            break;
        }
        assert!(Instant::now() < deadline, "B never answered: {st}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    eprintln!(
        "B answered {} ms after A was killed",
        killed.elapsed().as_millis()
    );
}
