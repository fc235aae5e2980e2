//! The benchmark of a server over many stored games: start-up time,
//! resident memory before any request, and the lobby's first page, with
//! a SQLite file holding (say) a million finished games.
//!
//! ```sh
//! cargo run --release -p kyoku-server --example stored_games -- fill 1000000 big.db
//! cargo run --release -p kyoku-server --example stored_games -- measure big.db
//! ```
//!
//! `fill` plays a few hundred real games through the API (random moves
//! between two people, then a resignation) and stores copies of them under
//! new ids, spread over the last year; `measure` starts a server on the
//! file in a fresh process and reports.

use std::time::Instant;

use kyoku_server::store::{GameRow, Listing, Location, OpenOptions, Store, SyncMode, Write};
use kyoku_server::{Config, Server};
use serde_json::{Value, json};

type Res<T> = Result<T, Box<dyn std::error::Error>>;

fn config(db: &str) -> Config {
    Config::local(Location::parse(db))
}

async fn get_json(http: &reqwest::Client, url: String) -> Res<Value> {
    Ok(http.get(url).send().await?.json().await?)
}

/// Plays `n` short games through the API and returns their ids.
async fn templates(server: &Server, n: usize) -> Res<Vec<String>> {
    let http = reqwest::Client::new();
    let url = |p: &str| format!("http://{}{p}", server.addr());
    let mut ids = Vec::new();
    for i in 0..n {
        let made: Value = http
            .post(url("/api/games"))
            .json(&json!({"game": "dobutsu", "seats": ["human", "human"]}))
            .send()
            .await?
            .json()
            .await?;
        let id = made["id"].as_str().ok_or("no id")?.to_string();
        let tokens = [
            made["seats"][0]["token"].clone(),
            made["seats"][1]["token"].clone(),
        ];
        for k in 0..(4 + i % 12) {
            let state = get_json(&http, url(&format!("/api/games/{id}"))).await?;
            let Some(legal) = state["legal_moves"].as_array().filter(|l| !l.is_empty()) else {
                break;
            };
            let mv = &legal[(i * 7 + k * 13) % legal.len()];
            let seat = state["to_act"]["seat"].as_u64().ok_or("no seat")? as usize;
            http.post(url(&format!("/api/games/{id}/moves")))
                .json(&json!({"seat": seat, "token": tokens[seat - 1], "move": mv}))
                .send()
                .await?;
        }
        let state = get_json(&http, url(&format!("/api/games/{id}"))).await?;
        if state["status"] != "finished" {
            let seat = state["to_act"]["seat"].as_u64().unwrap_or(1) as usize;
            http.post(url(&format!("/api/games/{id}/resign")))
                .json(&json!({"seat": seat, "token": tokens[seat - 1]}))
                .send()
                .await?;
        }
        ids.push(id);
    }
    Ok(ids)
}

async fn fill(n: usize, db: &str) -> Res<()> {
    let began = Instant::now();
    let server = Server::start(config(db)).await?;
    let ids = templates(&server, 300).await?;
    server.stop().await;
    let store = Store::open(
        &Location::parse(db),
        &OpenOptions {
            sync: SyncMode::Normal,
        },
    )
    .await?;
    let mut rows: Vec<(GameRow, Value)> = Vec::new();
    for id in &ids {
        let row = store.load(id).await?.ok_or("template gone")?;
        rows.push((row, Value::Null));
    }
    // The listings: read from the lobby (newest first), matched by id.
    let mut q = kyoku_server::store::LobbyQuery {
        limit: 1000,
        ..Default::default()
    };
    q.status = Some("finished".into());
    let entries = store.lobby(&q).await?.unwrap_or_default();
    for e in entries {
        let v: Value = serde_json::from_str(&e)?;
        if let Some(r) = rows.iter_mut().find(|(r, _)| v["id"] == r.id.as_str()) {
            r.1 = v;
        }
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .as_secs() as i64;
    let year = 365 * 86_400;
    let mut pending = tokio::task::JoinSet::new();
    for k in 0..n {
        let (row, entry) = &rows[k % rows.len()];
        let mut game = row.clone();
        game.id = format!("f{k:09}");
        game.created_at = now - year + (k as i64 * year) / n as i64;
        game.updated_at = game.created_at + 600;
        let mut entry = entry.clone();
        entry["id"] = json!(game.id);
        entry["created_at"] = json!(game.created_at);
        entry["updated_at"] = json!(game.updated_at);
        let listing = Listing {
            status: "finished".into(),
            summary: entry.to_string(),
            wake_at: None,
        };
        let store = store.clone();
        pending.spawn(async move {
            store
                .write(Write::Create {
                    game,
                    listing,
                    seek: None,
                })
                .await
        });
        if pending.len() >= 2048 {
            pending.join_next().await.ok_or("no task")???;
        }
        if k % 100_000 == 0 && k > 0 {
            eprintln!("{k} games stored ({:.0} s)", began.elapsed().as_secs_f64());
        }
    }
    while let Some(r) = pending.join_next().await {
        r??;
    }
    eprintln!("{n} games stored in {:.0} s", began.elapsed().as_secs_f64());
    Ok(())
}

/// This process's resident memory in MiB (Linux).
fn resident_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        })
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

async fn measure(db: &str) -> Res<()> {
    let began = Instant::now();
    let server = Server::start(config(db)).await?;
    let start = began.elapsed();
    let rss = resident_mib();
    let http = reqwest::Client::new();
    let lobby = format!("http://{}/api/games", server.addr());
    let t = Instant::now();
    let first: Value = http.get(&lobby).send().await?.json().await?;
    let first_page = t.elapsed();
    let mut times = Vec::new();
    let mut next = first["next"].as_str().map(str::to_string);
    for _ in 0..50 {
        let q = match &next {
            Some(b) => format!("{lobby}?limit=50&before={b}"),
            None => format!("{lobby}?limit=50"),
        };
        let t = Instant::now();
        let page: Value = http.get(&q).send().await?.json().await?;
        times.push(t.elapsed());
        next = page["next"].as_str().map(str::to_string);
    }
    times.sort();
    println!(
        "start-up {:.0} ms; resident {rss:.1} MiB before any request; lobby first page {:.1} ms \
         ({} games); next 50 pages p50 {:.1} ms, max {:.1} ms",
        start.as_secs_f64() * 1e3,
        first_page.as_secs_f64() * 1e3,
        first["games"].as_array().map_or(0, Vec::len),
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
    );
    for filter in [
        "status=open",
        "status=finished",
        "game=shogun",
        "game=shogun&status=finished",
    ] {
        let t = Instant::now();
        let page: Value = http
            .get(format!("{lobby}?{filter}"))
            .send()
            .await?
            .json()
            .await?;
        println!(
            "lobby ?{filter}: {:.1} ms ({} games)",
            t.elapsed().as_secs_f64() * 1e3,
            page["games"].as_array().map_or(0, Vec::len)
        );
    }
    server.stop().await;
    Ok(())
}

#[tokio::main]
async fn main() -> Res<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["fill", n, db] => fill(n.parse()?, db).await,
        ["measure", db] => measure(db).await,
        _ => Err("usage: stored_games fill N FILE | measure FILE".into()),
    }
}
