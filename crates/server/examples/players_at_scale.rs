//! The benchmark of the player pages over many stored games: a SQLite
//! file with N finished rated Dōbutsu games among 1,000 accounts (one of
//! them, `star`, in every tenth game), each game's end written by the
//! store's own path (outcomes, Glicko-2 ratings, their history); then a
//! server on it answers the player page, its games, its rating history and
//! the leaderboard, 200 times each, and the latencies are reported.
//!
//! ```sh
//! cargo run --release -p kyoku-server --example players_at_scale -- 100000 players.db
//! ```

use std::time::{Duration, Instant};

use kyoku_server::store::{
    AccountRow, GameEnd, GameRow, Listing, Location, OpenOptions, PlayerRow, Store, SyncMode, Write,
};
use kyoku_server::{Config, Server};
use rand::{Rng, SeedableRng};
use serde_json::json;

type Res<T> = Result<T, Box<dyn std::error::Error>>;

const ACCOUNTS: usize = 1000;

fn name(i: usize) -> String {
    if i == 0 {
        "star".into()
    } else {
        format!("p{i:04}")
    }
}

/// Game `k`: two accounts, its row, its listing, and its end.
fn game(k: usize, a: usize, b: usize, at: i64) -> (GameRow, Listing) {
    let id = format!("r{k:09}");
    let player = |seat: usize, i: usize| PlayerRow {
        seat,
        key: name(i),
        username: name(i),
        program: false,
        rating: 1500.0,
        rd: 350.0,
        diff: None,
    };
    // A lobby entry of the usual size (what the player's games list reads).
    let summary = json!({
        "id": id, "game": "dobutsu", "options": {}, "rated": true,
        "seats": [
            {"seat": 1, "kind": "human", "open": false, "out": false,
             "player": {"username": name(a), "rating": 1500, "provisional": false, "program": false}},
            {"seat": 2, "kind": "human", "open": false, "out": false,
             "player": {"username": name(b), "rating": 1500, "provisional": false, "program": false}}
        ],
        "names": [name(a), name(b)], "clock": "3+2", "moves": 21, "status": "finished",
        "ply": 41, "to_act": null,
        "result": {"scores": [1, 0], "ranks": [1, 2], "winners": [1], "reason": "lion captured"},
        "created_at": at, "updated_at": at + 600
    });
    let row = GameRow {
        id,
        game: "dobutsu".into(),
        options: "{}".into(),
        seed: k as u64,
        created_at: at,
        updated_at: at,
        seats: Vec::new(),
        moves: Vec::new(),
        life: "{}".into(),
        rematch_of: None,
        rematch: None,
        version: 0,
        rated: true,
        players: vec![player(1, a), player(2, b)],
    };
    let listing = Listing {
        status: "finished".into(),
        summary: summary.to_string(),
        wake_at: None,
    };
    (row, listing)
}

async fn fill(store: &Store, n: usize) -> Res<()> {
    let began = Instant::now();
    for i in 0..ACCOUNTS {
        let a = AccountRow {
            key: name(i),
            username: name(i),
            password: None,
            created_at: 0,
            deleted: false,
            language: None,
        };
        store.create_account(&a).await?;
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let year = 365 * 86_400;
    let start = 1_700_000_000;
    let mut pending = tokio::task::JoinSet::new();
    for k in 0..n {
        let a = if k % 10 == 0 {
            0
        } else {
            rng.random_range(1..ACCOUNTS)
        };
        let mut b = rng.random_range(1..ACCOUNTS);
        if b == a {
            b = b % (ACCOUNTS - 1) + 1;
        }
        let at = start + (k as i64 * year) / n as i64;
        let (row, listing) = game(k, a, b, at);
        let id = row.id.clone();
        let ranks = if rng.random_bool(0.55) {
            vec![1, 2]
        } else {
            vec![2, 1]
        };
        let end = Write::Change {
            id,
            version: 0,
            first_ply: 0,
            truncate: false,
            moves: Vec::new(),
            life: "{}".into(),
            next_tokens: Vec::new(),
            at: at + 600,
            listing: listing.clone(),
            end: Some(GameEnd {
                pool: "dobutsu".into(),
                rated: true,
                ranks: Some(ranks),
            }),
        };
        let store = store.clone();
        pending.spawn(async move {
            store
                .write(Write::Create {
                    game: row,
                    listing,
                    seek: None,
                })
                .await?;
            store.write(end).await
        });
        if pending.len() >= 1024 {
            pending.join_next().await.ok_or("no task")???;
        }
        if k % 20_000 == 0 && k > 0 {
            eprintln!("{k} games stored ({:.0} s)", began.elapsed().as_secs_f64());
        }
    }
    while let Some(r) = pending.join_next().await {
        r??;
    }
    eprintln!(
        "{n} rated games stored in {:.0} s",
        began.elapsed().as_secs_f64()
    );
    Ok(())
}

/// p50 and p99 of 200 requests to `path`, in ms.
async fn latency(http: &reqwest::Client, base: &str, path: &str) -> Res<(f64, f64, usize)> {
    let mut times: Vec<Duration> = Vec::with_capacity(200);
    let mut bytes = 0;
    for _ in 0..200 {
        let t = Instant::now();
        let r = http.get(format!("{base}{path}")).send().await?;
        if !r.status().is_success() {
            return Err(format!("{path}: {}", r.status()).into());
        }
        bytes = r.bytes().await?.len();
        times.push(t.elapsed());
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    Ok((ms(times[100]), ms(times[197]), bytes))
}

#[tokio::main]
async fn main() -> Res<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [n, db] = &args[..] else {
        return Err("usage: players_at_scale GAMES FILE (a new file)".into());
    };
    let n: usize = n.parse()?;
    let at = Location::parse(db);
    {
        let store = Store::open(
            &at,
            &OpenOptions {
                sync: SyncMode::Normal,
            },
        )
        .await?;
        fill(&store, n).await?;
    }
    let server = Server::start(Config::local(at)).await?;
    let http = reqwest::Client::new();
    let base = format!("http://{}", server.addr());
    for path in [
        "/api/players/star",
        "/api/players/p0001",
        "/api/players/star/games",
        "/api/players/star/history/dobutsu",
        "/api/leaderboard/dobutsu",
        "/api/players/star/vs/p0001",
        "/api/players/p0001/vs/star",
    ] {
        let (p50, p99, bytes) = latency(&http, &base, path).await?;
        println!("{path}: p50 {p50:.2} ms, p99 {p99:.2} ms ({bytes} bytes)");
    }
    server.stop().await;
    Ok(())
}
