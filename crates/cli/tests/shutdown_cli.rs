//! `kyoku serve` stopped by SIGTERM in the middle of many games played
//! over WebSockets: it exits 0, every WebSocket gets the close code 1001
//! (going away), and every acknowledged move is in the database. Its JSON
//! logs are one JSON object per line.
#![cfg(unix)]

mod common;

use std::path::Path;
use std::process::{Command, Stdio};

use common::Proc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// Games played at once.
const GAMES: usize = 100;

/// Starts `kyoku serve` with JSON logs into `log`; returns it and its
/// address.
fn serve(db: &str, log: &Path) -> (Proc, String) {
    let mut child = common::command()
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--new-games-per-minute",
            "0",
        ])
        .args([
            "--sync",
            "normal",
            "--log-format",
            "json",
            "--log-level",
            "debug",
        ])
        .args(["--shutdown-grace", "10s", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(log).expect("log file"))
        .spawn()
        .expect("kyoku serve runs");
    let addr = common::served_address(&mut child);
    (Proc(child), addr)
}

fn sigterm(p: &Proc) {
    let ok = Command::new("kill")
        .args(["-TERM", &p.0.id().to_string()])
        .status()
        .expect("kill runs")
        .success();
    assert!(ok, "SIGTERM sent");
}

/// Waits for the process to exit (30 s at most); its exit code.
fn exit_code(p: &mut Proc) -> Option<i32> {
    let start = Instant::now();
    loop {
        if let Some(s) = p.0.try_wait().expect("wait") {
            return s.code();
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "still running 30 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// What one game's client saw: the moves acknowledged, in order, and the
/// close code.
struct Seen {
    id: String,
    acked: Vec<String>,
    close: Option<u16>,
    refused: Vec<String>,
}

/// Creates a game between two people and plays it over one WebSocket
/// until the server closes it.
async fn play(addr: String, index: usize) -> Seen {
    let http = reqwest::Client::new();
    let created: Value = http
        .post(format!("http://{addr}/api/games"))
        .json(&json!({"game": "dobutsu", "seats": ["human", "human"]}))
        .send()
        .await
        .expect("create")
        .json()
        .await
        .expect("json");
    let id = created["id"].as_str().expect("id").to_string();
    let tokens: Vec<Value> = (0..2)
        .map(|i| created["seats"][i]["token"].clone())
        .collect();
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .expect("WebSocket");
    let mut seen = Seen {
        id,
        acked: Vec::new(),
        close: None,
        refused: Vec::new(),
    };
    let mut state = Value::Null;
    let mut waiting = false; // a move sent, its ack not yet come
    let mut stopped = false; // refused because the server is going away
    let mut r = 0u64;
    loop {
        // The state after the last acknowledged move (it follows the ack).
        let current = state["ply"].as_u64() == Some(seen.acked.len() as u64);
        let want_move = current && !waiting && !stopped && !state["to_act"].is_null();
        if want_move {
            let legal = state["legal_moves"].as_array().cloned().unwrap_or_default();
            let seat = state["to_act"]["seat"].as_u64().unwrap_or(1) as usize;
            let mv = legal[(index + 3 * r as usize) % legal.len()].clone();
            r += 1;
            // A little think time: moves of all games overlap.
            tokio::time::sleep(Duration::from_millis(5 + (index as u64 * 7 + r) % 20)).await;
            let msg = json!({"seat": seat, "token": tokens[seat - 1], "move": mv, "ref": r});
            if ws.send(Message::text(msg.to_string())).await.is_err() {
                // Closed meanwhile: the close frame is still to be read.
            }
            waiting = true;
        }
        let msg = match tokio::time::timeout(Duration::from_secs(30), ws.next()).await {
            Ok(Some(Ok(m))) => m,
            _ => return seen, // no close frame: `close` stays None
        };
        match msg {
            Message::Text(t) => {
                let v: Value = serde_json::from_str(&t).expect("JSON message");
                match v["type"].as_str() {
                    Some("state") if v["state"]["ply"].as_u64() >= state["ply"].as_u64() => {
                        state = v["state"].clone();
                    }
                    Some("ack") => {
                        assert_eq!(v["ply"].as_u64(), Some(seen.acked.len() as u64 + 1));
                        seen.acked
                            .push(v["move"].as_str().expect("move").to_string());
                        waiting = false;
                    }
                    Some("error") => {
                        seen.refused
                            .push(v["error"].as_str().unwrap_or("").to_string());
                        waiting = false;
                        stopped = v["error"] == "unavailable";
                    }
                    _ => {}
                }
            }
            Message::Close(frame) => {
                seen.close = frame.map(|f| u16::from(f.code));
                return seen;
            }
            _ => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_during_many_games_loses_no_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    // The database: a file, or a fresh PostgreSQL database when the tests
    // have a server (KYOKU_TEST_POSTGRES).
    let db = match std::env::var("KYOKU_TEST_POSTGRES") {
        Ok(admin) => kyoku_server::store::create_postgres_database(&admin)
            .await
            .expect("a fresh database"),
        Err(_) => dir.path().join("kyoku.db").display().to_string(),
    };
    let log = dir.path().join("serve.log");
    let (mut server, addr) = serve(&db, &log);
    let clients: Vec<_> = (0..GAMES)
        .map(|i| tokio::spawn(play(addr.clone(), i)))
        .collect();
    // Let every game get going, then stop the server in the middle.
    let http = reqwest::Client::new();
    let started = Instant::now();
    loop {
        let m = http
            .get(format!("http://{addr}/metrics"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let moves: f64 = m
            .lines()
            .find_map(|l| l.strip_prefix("kyoku_moves_committed_total ")?.parse().ok())
            .expect("a moves counter");
        if moves >= (GAMES * 3) as f64 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "games too slow"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    sigterm(&server);
    let code = tokio::task::spawn_blocking(move || exit_code(&mut server))
        .await
        .unwrap();
    assert_eq!(code, Some(0), "exit code after SIGTERM");
    let (mut acked, mut refused) = (0, 0);
    for c in clients {
        let seen = c.await.expect("client");
        assert_eq!(seen.close, Some(1001), "game {}: close code", seen.id);
        assert!(
            seen.refused.iter().all(|e| e == "unavailable"),
            "game {}: refused {:?}",
            seen.id,
            seen.refused
        );
        let stored =
            kyoku_server::store::stored_moves(&kyoku_server::store::Location::parse(&db), &seen.id)
                .await
                .expect("database readable")
                .expect("game stored");
        assert_eq!(
            stored, seen.acked,
            "game {}: stored moves are exactly the acknowledged ones",
            seen.id
        );
        acked += seen.acked.len();
        refused += seen.refused.len();
    }
    println!(
        "{GAMES} games: {acked} moves acknowledged and stored, {refused} refused while stopping"
    );
    assert!(acked >= GAMES * 3, "{acked} moves acknowledged");
    let logs = std::fs::read_to_string(&log).unwrap();
    let events: Vec<Value> = logs
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l:?} is not JSON: {e}")))
        .collect();
    let said = |m: &str| events.iter().any(|e| e["message"].as_str() == Some(m));
    assert!(said("stopping"), "{logs}");
    assert!(
        said("shut down: every change finished, every WebSocket closed"),
        "{logs}"
    );
    assert!(
        events
            .iter()
            .any(|e| e["signal"] == "SIGTERM" && e["level"] == "INFO"),
        "{logs}"
    );
}

#[test]
fn a_bad_log_filter_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = common::command()
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--log-level",
            "kyoku=loud",
        ])
        .arg("--db")
        .arg(dir.path().join("kyoku.db"))
        .output()
        .expect("kyoku serve runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("kyoku: --log-level \"kyoku=loud\""),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "it never served");
}
