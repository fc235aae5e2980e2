//! `kyoku serve` as a process: killed with SIGKILL in the middle of games
//! and started again on the same database file, every acknowledged move is
//! there, the games replay through the engine, and play goes on — people's
//! seats and programs' seats alike.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use common::{Proc, create_game, get, post_ok};

/// Starts `kyoku serve` on a free loopback port; returns it and its address.
fn serve(db: &Path) -> (Proc, String) {
    common::serve_with(&["--db", db.to_str().expect("a UTF-8 path")])
}

fn moves(state: &Value) -> Vec<String> {
    state["history"]
        .as_array()
        .expect("history")
        .iter()
        .map(|h| h["move"].as_str().expect("move text").to_string())
        .collect()
}

/// Plays the first legal move of `state` for seat 1; the server's answer.
async fn play_first(http: &reqwest::Client, game_url: &str, token: &Value, state: &Value) -> Value {
    let mv = state["legal_moves"][0].clone();
    let body = json!({"seat": 1, "token": token, "move": mv});
    post_ok(http, format!("{game_url}/moves"), body).await
}

/// Plays the first legal move for seat 1, then waits until the game moves
/// on past it (or ends): the server's answer to the move, and the state.
async fn play_and_wait(
    http: &reqwest::Client,
    game_url: &str,
    token: &Value,
    state: &Value,
) -> (Value, Value) {
    let after = play_first(http, game_url, token, state).await;
    let ply = after["ply"].as_u64().expect("ply");
    let state = wait_for(http, game_url, |s| {
        s["ply"].as_u64() > Some(ply) || s["result"].is_object()
    })
    .await;
    (after, state)
}

/// Polls the game until `done` holds (10 s at most).
async fn wait_for(http: &reqwest::Client, url: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let s = get(http, url.to_string()).await;
        if done(&s) {
            return s;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "timed out: {s}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_game_loses_no_acknowledged_move_and_play_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("kyoku.db");
    let http = reqwest::Client::new();
    let (mut child, addr) = serve(&db);

    // A person against a program, and five programs playing a long game.
    let body = json!({"game": "dobutsu", "seats": ["human", "random"]});
    let created = create_game(&http, &addr, body).await;
    let id = created["id"].as_str().expect("id").to_string();
    let token = created["seats"][0]["token"].clone();
    let body = json!({"game": "shiamgon", "options": {"board": "disc10", "players": 5},
                      "seats": ["random", "random", "random", "random", "random"]});
    let auto = create_game(&http, &addr, body).await;
    let auto_id = auto["id"].as_str().expect("id").to_string();

    // Some moves each way; remember everything the server acknowledged.
    let game_url = format!("http://{addr}/api/games/{id}");
    let mut acked: Vec<String> = Vec::new();
    let mut state = get(&http, game_url.clone()).await;
    for _ in 0..3 {
        if !state["to_act"].is_object() {
            break;
        }
        let (after, next) = play_and_wait(&http, &game_url, &token, &state).await;
        state = next;
        assert!(moves(&state).starts_with(&moves(&after)));
        acked = moves(&state);
    }
    // One more acknowledged move, then the kill, while the program may be
    // thinking about its answer.
    if state["to_act"].is_object() {
        let after = play_first(&http, &game_url, &token, &state).await;
        acked = moves(&after);
    }
    let auto_before = get(&http, format!("http://{addr}/api/games/{auto_id}")).await;
    child.kill();

    // Straight from the file: every acknowledged move, replaying through the engine.
    let stored = kyoku_server::store::stored_moves(&db.clone().into(), &id)
        .await
        .expect("database reads")
        .expect("the game is stored");
    assert!(
        stored.starts_with(&acked),
        "acknowledged {acked:?}, stored {stored:?}"
    );
    assert!(kyoku_games::replay("dobutsu", &json!({}), &stored).is_ok());
    let auto_stored = kyoku_server::store::stored_moves(&db.clone().into(), &auto_id)
        .await
        .expect("database reads")
        .expect("the game is stored");
    assert!(auto_stored.starts_with(&moves(&auto_before)));
    eprintln!(
        "programs' game: {} moves acknowledged before the kill, {} stored",
        auto_before["ply"],
        auto_stored.len()
    );

    // Back up on the same file.
    let (mut child, addr) = serve(&db);
    let game_url = format!("http://{addr}/api/games/{id}");
    let back = get(&http, game_url.clone()).await;
    // (The program may already have answered: it resumes at start-up.)
    assert!(moves(&back).starts_with(&stored), "{back}");
    // The program answers the last move if it had not yet …
    let mut state = wait_for(&http, &game_url, |s| {
        s["to_act"]["seat"] == 1 || s["result"].is_object()
    })
    .await;
    // … and the person plays on with the same token.
    for _ in 0..2 {
        if !state["to_act"].is_object() {
            break;
        }
        state = play_and_wait(&http, &game_url, &token, &state).await.1;
    }
    assert!(moves(&state).starts_with(&stored));
    // The programs' game resumes and is played to its end.
    let auto_url = format!("http://{addr}/api/games/{auto_id}");
    let start = Instant::now();
    let finished = loop {
        let s = get(&http, auto_url.clone()).await;
        if s["status"] == "finished" {
            break s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "not finished: {s}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let all = moves(&finished);
    assert!(all.starts_with(&auto_stored));
    let replayed = kyoku_games::replay("shiamgon", &finished["options"], &all).expect("replays");
    assert!(replayed.outcome().is_some());
    child.kill();
}

/// Seat `seat`'s (1-based) time left now, from a state (the running clock
/// counts down from its reading at `clock_at`).
fn left_now(state: &Value, seat: usize) -> u64 {
    let read = state["clocks"][seat - 1].as_u64().expect("a clock");
    if state["clock_runs"] != seat {
        return read;
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as u64;
    read.saturating_sub(now.saturating_sub(state["clock_at"].as_u64().expect("clock_at")))
}

/// SIGKILL while a seat thinks on a clock: after the restart its clock
/// resumes from the stored remainder (the outage is not charged), and a
/// draw offer acknowledged before the kill is still there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_think_is_not_charged_to_the_clock_and_actions_survive() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("k.db");
    let http = reqwest::Client::new();
    let (mut child, addr) = serve(&db);
    let body = json!({"game": "dobutsu", "seats": ["human", "human"], "clock": "1+0"});
    let made = create_game(&http, &addr, body).await;
    let id = made["id"].as_str().expect("id").to_string();
    let tokens: Vec<Value> = (0..2).map(|i| made["seats"][i]["token"].clone()).collect();
    let url = format!("http://{addr}/api/games/{id}");
    post_ok(
        &http,
        format!("{url}/moves"),
        json!({"seat": 1, "token": tokens[0], "move": "b2b3"}),
    )
    .await;
    post_ok(
        &http,
        format!("{url}/draw"),
        json!({"seat": 1, "token": tokens[0], "action": "offer"}),
    )
    .await;
    // Seat 2 thinks for a second and a half; then the server dies.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let before = get(&http, url.clone()).await;
    assert!(left_now(&before, 2) <= 58_500, "{before}");
    child.kill();
    // Two seconds down.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (_child, addr) = serve(&db);
    let url = format!("http://{addr}/api/games/{id}");
    let after = get(&http, url.clone()).await;
    assert!(
        left_now(&after, 2) > 59_000,
        "resumed from the stored remainder, not charged for the thinking nor the outage: {after}"
    );
    assert_eq!(
        after["offers"]["draw"], 1,
        "the acknowledged offer survived"
    );
    let v = post_ok(
        &http,
        format!("{url}/draw"),
        json!({"seat": 2, "token": tokens[1], "action": "accept"}),
    )
    .await;
    assert_eq!(v["state"]["result"]["reason"], "agreed");
}

/// A game's record as the server gives it for download reads back in
/// `kyoku replay` (moves, time control, names, clocks) and ends with the
/// result, here a resignation the moves do not show.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_record_download_reads_back_in_kyoku_replay() {
    let dir = tempfile::tempdir().expect("temp dir");
    let http = reqwest::Client::new();
    let (_child, addr) = serve(&dir.path().join("k.db"));
    let body = json!({"game": "shogun", "seats": ["human", "human"], "clock": "5+3",
                      "names": ["Hana", "Ken 健"]});
    let made = create_game(&http, &addr, body).await;
    let id = made["id"].as_str().expect("id");
    let tokens: Vec<Value> = (0..2).map(|i| made["seats"][i]["token"].clone()).collect();
    let url = format!("http://{addr}/api/games/{id}");
    let first = made["state"]["legal_moves"][0]
        .as_str()
        .expect("a move")
        .to_string();
    post_ok(
        &http,
        format!("{url}/moves"),
        json!({"seat": 1, "token": tokens[0], "move": first}),
    )
    .await;
    post_ok(
        &http,
        format!("{url}/resign"),
        json!({"seat": 2, "token": tokens[1]}),
    )
    .await;
    let text = http
        .get(format!("{url}/record"))
        .send()
        .await
        .expect("record")
        .text()
        .await
        .expect("text");
    let file = dir.path().join("game.txt");
    std::fs::write(&file, &text).expect("written");
    let out = common::command()
        .args(["replay", "--all"])
        .arg(&file)
        .output()
        .expect("kyoku replay runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (from, to) = first.split_at(2);
    assert!(stdout.contains(&format!("from {from} to {to}")), "{stdout}");
    assert!(
        stdout.contains("Hana (human), Ken 健 (human) — clock 5+3"),
        "{stdout}"
    );
    assert!(stdout.contains("Game over (resigned)"), "{stdout}");
    assert!(
        text.contains("time 5+3\n") && text.contains("Ken 健"),
        "{text}"
    );
}
