//! The puzzles API over HTTP, on SQLite (and PostgreSQL when
//! `KYOKU_TEST_POSTGRES` is set): the next puzzle never tells its
//! solution, tries move ratings the right way (an account's only once per
//! puzzle), illegal moves count for nothing, unknown ids are 404.
//!
//! The puzzles are made by hand: a three-ply Dōbutsu line from the
//! initial position (the solver's b2b3, the reply c4b3, the solver's
//! a1b2) — what the API judges is the line, not whether it is a good
//! puzzle.

mod common;

use common::Env;
use kyoku_puzzle::{Goal, Puzzle};
use kyoku_server::store::{OpenOptions, Store, SyncMode};
use serde_json::{Value, json};

fn puzzle(id: &str) -> Puzzle {
    Puzzle {
        id: id.into(),
        game: "dobutsu".into(),
        options: json!({}),
        position: String::new(),
        goal: Goal::Win,
        solution: vec!["b2b3".into(), "c4b3".into(), "a1b2".into()],
        themes: vec!["test-line".into()],
        rating: 1500.0,
    }
}

/// A server whose store holds the puzzles `ids`.
async fn with_puzzles(ids: &[&str]) -> Env {
    let dir = tempfile::tempdir().unwrap();
    let db = common::fresh_db(&dir).await;
    {
        let options = OpenOptions {
            sync: SyncMode::Normal,
        };
        let store = Store::open(&db, &options).await.unwrap();
        let ps: Vec<Puzzle> = ids.iter().map(|id| puzzle(id)).collect();
        assert_eq!(
            store.insert_puzzles(&ps, 1).await.unwrap(),
            ids.len() as u64
        );
    }
    let server = common::start_on(&db).await;
    let mut env = Env::over(server, db);
    env._dir = dir;
    env
}

/// A signed-in person's requests: the session cookie, from the server's
/// own origin.
struct Person {
    cookie: String,
}

impl Person {
    async fn sign_up(env: &Env, name: &str) -> Person {
        Person {
            cookie: env.sign_up(name).await,
        }
    }

    async fn send(&self, env: &Env, path: &str, body: Option<&Value>) -> (u16, Value) {
        let origin = format!("http://{}", env.server.addr());
        let r = match body {
            Some(b) => env.http.post(env.url(path)).json(b),
            None => env.http.get(env.url(path)),
        };
        let r = r
            .header("origin", origin)
            .header("cookie", &self.cookie)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }
}

fn attempt(moves: &[&str]) -> Value {
    json!({ "moves": moves })
}

#[tokio::test]
async fn the_next_puzzle_never_tells_its_solution() {
    let env = with_puzzles(&["p1", "p2"]).await;
    for _ in 0..5 {
        let (s, p) = env.get("/api/puzzles/next?game=dobutsu&rating=1400").await;
        assert_eq!(s, 200, "{p}");
        assert!(p["id"] == "p1" || p["id"] == "p2", "{p}");
        assert_eq!(p["goal"], "win");
        assert_eq!(p["board"]["game"], "dobutsu");
        assert!(p["board"]["legal_moves"].as_array().unwrap().len() > 1);
        for hidden in ["solution", "themes", "plies", "a1b2", "c4b3", "test-line"] {
            assert!(!p.to_string().contains(hidden), "{hidden} in {p}");
        }
    }
    let (s, p) = env.get("/api/puzzles/next?game=shogun").await;
    assert_eq!(s, 404);
    assert_eq!(p["error"], "no_puzzles");
    assert!(
        p["message"]
            .as_str()
            .unwrap()
            .contains("kyoku puzzles make shogun")
    );
    let (s, p) = env.get("/api/puzzles/next?game=chess").await;
    assert_eq!((s, p["error"].as_str()), (400, Some("bad_request")));
    let (s, _) = env.get("/api/puzzles/next?game=dobutsu&rating=high").await;
    assert_eq!(s, 400);
    let (s, p) = env.get("/api/puzzles/next?game=dobutsu&skip=p1").await;
    assert_eq!((s, p["id"].as_str()), (200, Some("p2")));
}

#[tokio::test]
async fn stats_count_each_game() {
    let env = with_puzzles(&["a", "b", "c"]).await;
    let (s, v) = env.get("/api/puzzles/stats").await;
    assert_eq!(s, 200);
    assert_eq!(
        v,
        json!({"games": {"dobutsu": 3, "shogun": 0, "shiamgon": 0}, "total": 3})
    );
}

#[tokio::test]
async fn an_anonymous_try_is_judged_and_rated() {
    let env = with_puzzles(&["p1"]).await;
    // A correct first move: the reply comes, nothing is rated yet.
    let (s, v) = env
        .post("/api/puzzles/p1/attempt", &attempt(&["b2b3"]))
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["correct"], Value::Null);
    assert_eq!(v["replies"], json!(["c4b3"]));
    assert!(v.get("solution").is_none());
    let legal = v["board"]["legal_moves"].as_array().unwrap();
    assert!(legal.contains(&json!("a1b2")), "{v}");

    // The whole line: solved, the solver up and the puzzle down.
    let solver = json!({"rating": 1500.0, "rd": 200.0, "volatility": 0.06});
    let body = json!({"moves": ["b2b3", "a1b2"], "solver": solver});
    let (s, v) = env.post("/api/puzzles/p1/attempt", &body).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["correct"], true);
    assert_eq!(v["rated"], true);
    assert_eq!(v["solution"], json!(["b2b3", "c4b3", "a1b2"]));
    assert_eq!(v["themes"], json!(["test-line"]));
    assert_eq!(v["plies"], 3);
    assert!(v["rating_diff"].as_i64().unwrap() > 0, "{v}");
    assert!(v["puzzle_rating_diff"].as_i64().unwrap() < 0, "{v}");
    assert!(v["solver"]["rating"].as_f64().unwrap() > 1500.0);
    let after_win = v["puzzle_rating"].as_i64().unwrap();

    // A wrong move: the try ends, the solver down and the puzzle up.
    let (s, v) = env
        .post("/api/puzzles/p1/attempt", &attempt(&["b2b3", "c1c2"]))
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["correct"], false);
    assert_eq!(v["wrong_move"], 2);
    assert!(v["rating_diff"].as_i64().unwrap() < 0, "{v}");
    assert!(v["puzzle_rating"].as_i64().unwrap() > after_win, "{v}");

    // Review: the puzzle with its solution and its tries.
    let (s, v) = env.get("/api/puzzles/p1").await;
    assert_eq!(s, 200);
    assert_eq!(v["solution"], json!(["b2b3", "c4b3", "a1b2"]));
    assert_eq!(
        (v["attempts"].as_i64(), v["solved"].as_i64()),
        (Some(2), Some(1))
    );
}

#[tokio::test]
async fn illegal_moves_and_unknown_ids_count_for_nothing() {
    let env = with_puzzles(&["p1"]).await;
    let (s, v) = env
        .post("/api/puzzles/p1/attempt", &attempt(&["b2b5"]))
        .await;
    assert_eq!((s, v["error"].as_str()), (400, Some("illegal_move")), "{v}");
    let (s, v) = env
        .post(
            "/api/puzzles/p1/attempt",
            &attempt(&["b2b3", "a1b2", "c1c2"]),
        )
        .await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_request")), "{v}");
    let (s, v) = env
        .post_raw("/api/puzzles/p1/attempt", b"{\"moves\": 3}".to_vec())
        .await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_request")), "{v}");
    let (_, v) = env.get("/api/puzzles/p1").await;
    assert_eq!(v["attempts"], 0);
    let (s, v) = env
        .post("/api/puzzles/nope/attempt", &attempt(&["b2b3"]))
        .await;
    assert_eq!((s, v["error"].as_str()), (404, Some("unknown_puzzle")));
    let (s, v) = env.get("/api/puzzles/nope").await;
    assert_eq!((s, v["error"].as_str()), (404, Some("unknown_puzzle")));
}

#[tokio::test]
async fn an_accounts_second_try_moves_no_rating() {
    let env = with_puzzles(&["p1", "p2"]).await;
    let kate = Person::sign_up(&env, "kate").await;
    let (s, v) = kate
        .send(&env, "/api/puzzles/next?game=dobutsu&rating=2500", None)
        .await;
    assert_eq!(s, 200, "{v}");
    // The account's own rating is used, not the parameter.
    assert_eq!(v["solver"]["rating"], 1500.0);

    let (s, v) = kate
        .send(
            &env,
            "/api/puzzles/p1/attempt",
            Some(&attempt(&["b2b3", "a1b2"])),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        (v["correct"].as_bool(), v["rated"].as_bool()),
        (Some(true), Some(true))
    );
    let up = v["solver"]["rating"].as_f64().unwrap();
    assert!(up > 1500.0);
    let puzzle_after = v["puzzle_rating"].clone();

    // Again, and wrong this time: the same kind of answer, nothing moves.
    let (s, v) = kate
        .send(&env, "/api/puzzles/p1/attempt", Some(&attempt(&["c1c2"])))
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        (v["correct"].as_bool(), v["rated"].as_bool()),
        (Some(false), Some(false))
    );
    assert_eq!(v["rating_diff"], 0);
    assert_eq!(v["solver"]["rating"].as_f64(), Some(up));
    assert_eq!(v["puzzle_rating"], puzzle_after);

    // The next puzzle is the one not tried, at the account's rating now.
    let (_, v) = kate
        .send(&env, "/api/puzzles/next?game=dobutsu", None)
        .await;
    assert_eq!(v["id"], "p2");
    assert_eq!(v["solver"]["rating"].as_f64(), Some(up));
    let (_, v) = kate.send(&env, "/api/puzzles/p1", None).await;
    assert_eq!(v["attempted"], true);

    // A wrong first try of p2 moves the account down.
    let (_, v) = kate
        .send(&env, "/api/puzzles/p2/attempt", Some(&attempt(&["c1c2"])))
        .await;
    assert_eq!(v["rated"], true);
    assert!(v["solver"]["rating"].as_f64().unwrap() < up, "{v}");
}

/// The time of `GET /api/puzzles/next` with 10,000 stored puzzles, for an
/// anonymous solver and for an account that tried 500 of them (the "not
/// tried" filter at work): p50 and p99 of 2,000 requests each, one at a
/// time over loopback. Synthetic puzzles (one line, ratings spread over
/// 600–2400). Run with
/// `cargo test -p kyoku-server --test puzzles_api -- --ignored --nocapture next_latency`
/// (and `KYOKU_TEST_POSTGRES` set for PostgreSQL).
#[tokio::test]
#[ignore]
async fn next_latency() {
    const N: usize = 10_000;
    let dir = tempfile::tempdir().unwrap();
    let db = common::fresh_db(&dir).await;
    let options = OpenOptions {
        sync: SyncMode::Normal,
    };
    let store = Store::open(&db, &options).await.unwrap();
    let ps: Vec<Puzzle> = (0..N)
        .map(|i| Puzzle {
            rating: 600.0 + (i * 7919 % N) as f64 * 1800.0 / N as f64,
            ..puzzle(&format!("s{i:05}"))
        })
        .collect();
    let began = std::time::Instant::now();
    for chunk in ps.chunks(1000) {
        store.insert_puzzles(chunk, 1).await.unwrap();
    }
    eprintln!("stored {N} puzzles in {:?}", began.elapsed());
    let server = common::start_on(&db).await;
    let mut env = Env::over(server, db);
    env._dir = dir;
    let kate = Person::sign_up(&env, "kate").await;
    for i in 0..500 {
        let a = kyoku_server::store::Attempt {
            puzzle: format!("s{:05}", (i * 13) % N),
            account: Some("kate".into()),
            solver: kyoku_rating::Rating::NEW,
            correct: i % 3 != 0,
            at: 10,
        };
        store.record_attempt(&a).await.unwrap();
    }
    // Storing puzzles again (none new) refreshes PostgreSQL's statistics,
    // as its autovacuum would in a while.
    store.insert_puzzles(&ps[..10], 1).await.unwrap();
    let p = |mut v: Vec<f64>, q: f64| {
        v.sort_by(f64::total_cmp);
        v[((v.len() as f64 * q) as usize).min(v.len() - 1)]
    };
    for who in ["anonymous", "account"] {
        let mut times = Vec::new();
        for i in 0..2000 {
            let path = format!(
                "/api/puzzles/next?game=dobutsu&rating={}",
                600 + (i * 37) % 1800
            );
            let t = std::time::Instant::now();
            let s = if who == "account" {
                kate.send(&env, &path, None).await.0
            } else {
                env.get(&path).await.0
            };
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(s, 200);
        }
        eprintln!(
            "GET /api/puzzles/next, {who}, {N} puzzles: p50 {:.2} ms, p99 {:.2} ms",
            p(times.clone(), 0.5),
            p(times, 0.99)
        );
    }
}
