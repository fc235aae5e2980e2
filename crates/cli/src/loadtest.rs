//! The load test: many concurrent Dōbutsu games, each played by one
//! WebSocket client holding both seats, moves chosen at random (seeded) from
//! the state the server sends. Measures moves per second and the round trip
//! of a move (sent → acknowledged, i.e. committed to the database).
//!
//! With a clock (`--clock 1+0`) every game is timed: once a client has made
//! its moves it stops moving and waits for the server to decide the flag
//! fall, and the test measures how late after the deadline each decision
//! came (the server's own times: the deadline from the last state's
//! `clock_at` and time left, the decision from the flag state's
//! `clock_at`).
//!
//! Loopback only: with no address it starts its own server on a fresh
//! database file in the temporary directory and deletes it afterwards.
//! With several addresses (instances sharing one database) each game is
//! created on one and played over a WebSocket held on the next, so every
//! move crosses instances. At the end every game's stored moves are read
//! back and compared with the moves acknowledged: none may be missing or
//! stored twice.

mod analysers;
mod capacity;

pub use capacity::{CapacityConfig, HEADER as CAPACITY_HEADER, capacity};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use kyoku_core::seeded_rng;
use rand::Rng;
use serde_json::{Value, json};
use tokio::sync::Barrier;
use tokio_tungstenite::tungstenite::Message;

use kyoku_server::{Config, Server};

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// Running servers on loopback (instances sharing one database);
    /// empty: start one.
    pub addrs: Vec<SocketAddr>,
    /// Games played at once (one WebSocket each).
    pub games: usize,
    /// Moves each client makes (a finished game is replaced by a new one).
    pub moves: usize,
    /// Pause before each move, in milliseconds (±50 % jitter): a person's
    /// or a program's thinking time, so the clients do not move in lockstep.
    pub think_ms: u64,
    /// The whole test stops after this many seconds.
    pub timeout_s: u64,
    /// Seed of the clients' move choices.
    pub seed: u64,
    /// The started server's commit mode (ignored with `addr`).
    pub sync: kyoku_server::store::SyncMode,
    /// The games' time control; `None`: untimed.
    pub clock: Option<kyoku_games::clock::TimeControl>,
    /// Clients logging in again and again while the games play.
    pub logins: usize,
    /// A program (`ai:1` …) in the second seat: the client plays the first
    /// and a move's round trip runs until the program's answer is seen.
    pub program: Option<String>,
    /// Clients asking for analyses (`POST /api/analyze`) without pause
    /// while the games play: whether programs' moves slow down under them.
    pub analysers: usize,
}

/// What was measured.
#[derive(Clone, Debug)]
pub struct Report {
    /// Games at once.
    pub games: usize,
    /// Moves acknowledged.
    pub moves: usize,
    /// Games played to their end (and replaced).
    pub finished_games: usize,
    /// Moves refused or lost (should be 0).
    pub errors: usize,
    /// What the errors were: each message (shortened) with how often it
    /// came, most frequent first, at most five: which limit was hit.
    pub error_kinds: Vec<(String, usize)>,
    /// Games whose stored moves differ from the moves acknowledged (a move
    /// lost or stored twice; should be 0).
    pub mismatched_games: usize,
    /// Seconds from the first move to the last acknowledgement.
    pub seconds: f64,
    /// Acknowledged moves per second while every client played (from the
    /// start to the first client's last move): the clients' staggered
    /// ends would otherwise count as a lower rate.
    pub moves_per_second: f64,
    /// Round-trip percentiles, milliseconds.
    pub p50_ms: f64,
    /// 99th percentile, milliseconds.
    pub p99_ms: f64,
    /// The slowest, milliseconds.
    pub max_ms: f64,
    /// True if the time limit cut the test short.
    pub timed_out: bool,
    /// Flag falls decided (timed games).
    pub flags: usize,
    /// Lateness of the flag decisions after their deadlines, ms: p50, p99,
    /// max.
    pub flag_lag_ms: Option<(f64, f64, f64)>,
    /// Logins answered while the games played (with `logins`), and how
    /// many of them failed.
    pub logins: Option<(usize, usize)>,
    /// Analyses answered while the games played (with `analysers`), and
    /// how many were refused.
    pub analyses: Option<(usize, usize)>,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "games {} moves {} finished-games {} errors {} mismatched-games {} seconds {:.2} moves/s {:.0} p50 {:.2} ms p99 {:.2} ms max {:.2} ms{}",
            self.games,
            self.moves,
            self.finished_games,
            self.errors,
            self.mismatched_games,
            self.seconds,
            self.moves_per_second,
            self.p50_ms,
            self.p99_ms,
            self.max_ms,
            if self.timed_out { " (timed out)" } else { "" }
        )?;
        if let Some((ok, failed)) = self.logins {
            write!(
                f,
                " logins {ok} ({:.0}/s) login-errors {failed}",
                ok as f64 / self.seconds
            )?;
        }
        if let Some((ok, refused)) = self.analyses {
            write!(
                f,
                " analyses {ok} ({:.1}/s) analyses-refused {refused}",
                ok as f64 / self.seconds
            )?;
        }
        if let Some((p50, p99, max)) = self.flag_lag_ms {
            write!(
                f,
                " flags {} flag-lag p50 {p50:.1} ms p99 {p99:.1} ms max {max:.1} ms",
                self.flags
            )?;
        }
        Ok(())
    }
}

/// Why the load test could not run.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Only loopback addresses are allowed.
    #[error("the load test runs against loopback only, not {0}")]
    NotLoopback(SocketAddr),
    /// The embedded server did not start.
    #[error(transparent)]
    Serve(#[from] kyoku_server::ServeError),
    /// A client failed before the test began.
    #[error("client setup: {0}")]
    Setup(String),
    /// The clients' HTTP client could not be built (its TLS roots, say).
    #[error("the clients' HTTP client could not be built: {0}")]
    HttpClient(#[from] reqwest::Error),
}

/// The clients' one HTTP client, and a bound on how many of its requests
/// run at once. A client of its own per game kept a connection per game
/// open beside its WebSocket: at 10,000 games that is 20,000 files on each
/// side, past a common `ulimit -n`, and the test measured the limit of
/// files, not the server.
#[derive(Clone)]
struct Http {
    client: reqwest::Client,
    permits: Arc<tokio::sync::Semaphore>,
}

/// Requests the clients have under way at most.
const HTTP_AT_ONCE: usize = 64;

impl Http {
    /// No fallback to `reqwest::Client::default()`: it panics where the
    /// builder fails, so the builder's error is the answer.
    fn new() -> Result<Http, LoadError> {
        Ok(Http {
            client: reqwest::Client::builder()
                .pool_max_idle_per_host(HTTP_AT_ONCE)
                .build()?,
            permits: Arc::new(tokio::sync::Semaphore::new(HTTP_AT_ONCE)),
        })
    }

    /// The JSON answer of a request (`None` for a GET), within the bound.
    async fn json(&self, url: String, body: Option<&Value>) -> Result<Value, String> {
        let _permit = self.permits.acquire().await.map_err(|e| e.to_string())?;
        let request = match body {
            Some(b) => self.client.post(url).json(b),
            None => self.client.get(url),
        };
        request
            .send()
            .await
            .map_err(|e| e.to_string())?
            .json()
            .await
            .map_err(|e| e.to_string())
    }
}

struct ClientResult {
    latencies: Vec<Duration>,
    /// When each acknowledgement came, for the rate while all play.
    acks: Vec<Instant>,
    /// How late each flag fall was decided after its deadline.
    flag_lags: Vec<Duration>,
    finished: usize,
    errors: usize,
    /// Why each error happened.
    why: Vec<String>,
    /// Games whose stored moves are not the acknowledged ones.
    mismatched: usize,
    last_ack: Option<Instant>,
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

struct Game {
    id: String,
    ws: Ws,
    tokens: [String; 2],
    state: Value,
    /// The moves acknowledged, in order.
    acked: Vec<String>,
}

/// Creates a game on `addr` and watches it over a WebSocket held on
/// `play_on`.
async fn new_game(
    http: &Http,
    addr: SocketAddr,
    play_on: SocketAddr,
    cfg: &LoadConfig,
) -> Result<Game, String> {
    let clock = cfg.clock.map(|c| c.to_string());
    let second = cfg.program.as_deref().unwrap_or("human");
    let body = json!({"game": "dobutsu", "seats": ["human", second], "clock": clock});
    let created = http
        .json(format!("http://{addr}/api/games"), Some(&body))
        .await?;
    let id = created["id"].as_str().ok_or("no id")?.to_string();
    let token = |i: usize| {
        created["seats"][i]["token"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    let tokens = [token(0), token(1)];
    // The protocol layer's default read buffer (128 KiB, zeroed before each
    // read) made the generator spend its time in `memset`.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(4 * 1024);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(
        format!("ws://{play_on}/api/games/{id}/ws"),
        Some(config),
        true,
    )
    .await
    .map_err(|e| e.to_string())?;
    let state = loop {
        match ws.next().await {
            Some(Ok(Message::Text(t))) => {
                let v: Value = serde_json::from_str(&t).map_err(|e| e.to_string())?;
                if v["type"] == "state" {
                    break v["state"].clone();
                }
            }
            Some(Ok(_)) => continue,
            _ => return Err("the WebSocket closed".into()),
        }
    };
    Ok(Game {
        id,
        ws,
        tokens,
        state,
        acked: Vec::new(),
    })
}

/// Whether the game's stored moves, read from `addr`, are exactly the
/// acknowledged ones (the server's history has them in order). Another
/// instance than the one that stored the last moves hears of them within
/// moments, so a difference counts only if it lasts three seconds.
async fn stored_as_acked(http: &Http, addr: SocketAddr, game: &Game) -> bool {
    for _ in 0..30 {
        if history_is(http, addr, game).await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

/// Whether the game's history on `addr` is exactly the acknowledged moves.
async fn history_is(http: &Http, addr: SocketAddr, game: &Game) -> bool {
    let Ok(state) = http
        .json(format!("http://{addr}/api/games/{}", game.id), None)
        .await
    else {
        return false;
    };
    let stored: Vec<&str> = state["history"]
        .as_array()
        .map(|h| h.iter().filter_map(|m| m["move"].as_str()).collect())
        .unwrap_or_default();
    stored == game.acked
}

/// Waits for the ack (or error) of move `r`, then for the state at `ply`
/// (or the game's end); returns when the ack came or, with `answer` (a
/// program's answer awaited), when that state came.
async fn await_move(game: &mut Game, r: u64, ply: u64, answer: bool) -> Result<Instant, String> {
    let mut acked = None;
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(30), game.ws.next())
            .await
            .map_err(|_| "no answer in 30 s".to_string())?;
        let text = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(_)) => continue,
            _ => return Err("the WebSocket closed".into()),
        };
        let v: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        match v["type"].as_str() {
            Some("ack") if v["ref"] == r => acked = Some(Instant::now()),
            Some("error") => return Err(format!("refused: {}", v["message"])),
            Some("state")
                if v["state"]["ply"].as_u64() >= Some(ply)
                    || (answer && v["state"]["to_act"].is_null()) =>
            {
                game.state = v["state"].clone();
                if let Some(t) = acked {
                    return Ok(if answer { Instant::now() } else { t });
                }
            }
            _ => {}
        }
    }
}

async fn client(
    http: Http,
    addrs: Vec<SocketAddr>,
    cfg: LoadConfig,
    index: usize,
    start: Arc<Barrier>,
    deadline: Instant,
) -> Result<ClientResult, String> {
    let addr = addrs[index % addrs.len()];
    let play_on = addrs[(index + 1) % addrs.len()];
    let setup = new_game(&http, addr, play_on, &cfg).await;
    start.wait().await;
    let mut game = setup?;
    let mut rng = seeded_rng(cfg.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut out = ClientResult {
        latencies: Vec::with_capacity(cfg.moves),
        acks: Vec::with_capacity(cfg.moves),
        flag_lags: Vec::new(),
        finished: 0,
        errors: 0,
        why: Vec::new(),
        mismatched: 0,
        last_ack: None,
    };
    let mut r = 0u64;
    while out.latencies.len() + out.errors < cfg.moves && Instant::now() < deadline {
        if game.state["to_act"].is_null() {
            out.finished += 1;
            let _ = game.ws.close(None).await;
            if !stored_as_acked(&http, addr, &game).await {
                out.mismatched += 1;
            }
            game = new_game(&http, addr, play_on, &cfg).await?;
        }
        let legal = game.state["legal_moves"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let seat = game.state["to_act"]["seat"].as_u64().unwrap_or(1) as usize;
        if legal.is_empty() {
            return Err("no legal moves in a running game".into());
        }
        let mv = legal[rng.random_range(0..legal.len())].clone();
        if cfg.think_ms > 0 {
            let think = rng.random_range(cfg.think_ms / 2..=cfg.think_ms * 3 / 2);
            tokio::time::sleep(Duration::from_millis(think)).await;
        }
        r += 1;
        // Against a program the round trip runs until its answer is seen.
        let plies = if cfg.program.is_some() { 2 } else { 1 };
        let ply = game.state["ply"].as_u64().unwrap_or(0) + plies;
        let msg = json!({"seat": seat, "token": game.tokens[seat - 1], "move": mv, "ref": r});
        let sent = Instant::now();
        game.ws
            .send(Message::text(msg.to_string()))
            .await
            .map_err(|e| e.to_string())?;
        match await_move(&mut game, r, ply, cfg.program.is_some()).await {
            Ok(acked) => {
                out.latencies.push(acked - sent);
                out.acks.push(acked);
                out.last_ack = Some(acked);
                game.acked.extend(mv.as_str().map(str::to_string));
                if cfg.program.is_some() {
                    programs_answer(&mut game);
                }
            }
            Err(e) => {
                out.errors += 1;
                if out.errors > 10 {
                    return Err(e);
                }
                out.why.push(e);
            }
        }
    }
    if cfg.clock.is_some() && !game.state["to_act"].is_null() {
        match await_flag(&mut game, deadline).await {
            Ok(lag) => out.flag_lags.push(lag),
            Err(e) => {
                out.errors += 1;
                out.why.push(e);
            }
        }
    }
    let _ = game.ws.close(None).await;
    if !stored_as_acked(&http, addr, &game).await {
        out.mismatched += 1;
    }
    Ok(out)
}

/// Adds the program's answer (the history's last move, when it is not the
/// client's own) to the moves the server has acknowledged.
fn programs_answer(game: &mut Game) {
    let history = game.state["history"].as_array().map_or(0, Vec::len);
    if history > game.acked.len() {
        let last = &game.state["history"][history - 1]["move"];
        game.acked.extend(last.as_str().map(str::to_string));
    }
}

/// Waits (no more moves) for the server to decide the running clock's flag
/// fall; returns how late after the deadline it did, by the server's times.
async fn await_flag(game: &mut Game, deadline: Instant) -> Result<Duration, String> {
    let due = |state: &Value| -> Option<u64> {
        let seat = state["clock_runs"].as_u64()? as usize;
        let left = state["clocks"][seat - 1].as_u64()?;
        Some(state["clock_at"].as_u64()? + left)
    };
    let mut at = due(&game.state).ok_or("no clock runs")?;
    loop {
        let wait = deadline.saturating_duration_since(Instant::now());
        let msg = tokio::time::timeout(wait, game.ws.next())
            .await
            .map_err(|_| "no flag fall before the test's end".to_string())?;
        let text = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(_)) => continue,
            _ => return Err("the WebSocket closed".into()),
        };
        let v: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        if v["type"] != "state" {
            continue;
        }
        let state = &v["state"];
        if state["result"]["reason"] == "time" {
            let decided = state["clock_at"].as_u64().ok_or("no clock_at")?;
            return Ok(Duration::from_millis(decided.saturating_sub(at)));
        }
        if let Some(next) = due(state) {
            at = next;
        }
    }
}

/// The errors' messages counted, most frequent first, at most five; long
/// ones cut (a refusal's message may name its game).
fn kinds(why: Vec<String>) -> Vec<(String, usize)> {
    let mut counts = std::collections::HashMap::<String, usize>::new();
    for w in why {
        let short: String = w.chars().take(100).collect();
        *counts.entry(short).or_default() += 1;
    }
    let mut v: Vec<(String, usize)> = counts.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    v.truncate(5);
    v
}

/// Moves acknowledged per second from `began` to `until`; `None` when
/// that is too short to say.
fn steady_rate(acks: &[Instant], began: Instant, until: Option<Instant>) -> Option<f64> {
    let until = until?;
    let seconds = until.checked_duration_since(began)?.as_secs_f64();
    let n = acks.iter().filter(|&&a| a <= until).count();
    (seconds >= 1.0).then(|| n as f64 / seconds)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let k = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[k].as_secs_f64() * 1000.0
}

/// Clients that log in to one new account again and again until `stop`;
/// answers how many logins succeeded and failed.
async fn login_flood(
    addr: SocketAddr,
    clients: usize,
    stop: Arc<tokio::sync::Notify>,
) -> Result<tokio::task::JoinHandle<(usize, usize)>, LoadError> {
    let http = reqwest::Client::new();
    let origin = format!("http://{addr}");
    let user = format!("load{:08x}", rand::rng().random::<u32>());
    let body = json!({"username": user, "password": "load-test-password"});
    let r = http
        .post(format!("{origin}/api/account/signup"))
        .json(&body)
        .send()
        .await
        .map_err(|e| LoadError::Setup(e.to_string()))?;
    if !r.status().is_success() {
        return Err(LoadError::Setup(format!("sign up: {}", r.status())));
    }
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..clients {
        let (http, origin, body, done) = (http.clone(), origin.clone(), body.clone(), done.clone());
        tasks.spawn(async move {
            let (mut ok, mut failed) = (0, 0);
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                let r = http
                    .post(format!("{origin}/api/account/login"))
                    .json(&body)
                    .send()
                    .await;
                match r {
                    Ok(r) if r.status().is_success() => ok += 1,
                    _ => failed += 1,
                }
            }
            (ok, failed)
        });
    }
    Ok(tokio::spawn(async move {
        stop.notified().await;
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        let (mut ok, mut failed) = (0, 0);
        while let Some(Ok((o, f))) = tasks.join_next().await {
            ok += o;
            failed += f;
        }
        (ok, failed)
    }))
}

/// A server of the load test's own, on a fresh database file in the
/// temporary directory.
async fn own_server(
    sync: kyoku_server::store::SyncMode,
    games: usize,
    logins: usize,
) -> Result<(Server, PathBuf), LoadError> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let db = std::env::temp_dir().join(format!("kyoku-loadtest-{}-{nanos}.db", std::process::id()));
    let server = Server::start_with_analysis(
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            db: db.clone().into(),
            ai_threads: None,
            sync,
            // One WebSocket per game, all open at once (the file limit of the
            // process, not the server's defaults, bounds the test).
            sockets: kyoku_server::SocketLimits {
                total: games + 100,
                ..kyoku_server::SocketLimits::default()
            },
            // It starts a thousand games from one address at once.
            new_games_per_minute: 0,
            // A WebSocket and a plain connection per game, one per login
            // client.
            connections: kyoku_server::ConnectionLimits {
                max: 2 * games + logins + 200,
                ..kyoku_server::ConnectionLimits::default()
            },
            abandon_after: None,
            keep_idle: kyoku_server::KEEP_IDLE,
            secure_cookies: false,
        },
        None,
        // Every analysis comes from this one address: no per-client limit.
        kyoku_server::AnalysisSettings {
            per_minute: 0,
            ..kyoku_server::AnalysisSettings::default()
        },
    )
    .await?;
    Ok((server, db))
}

/// Runs the load test.
pub async fn run(cfg: LoadConfig) -> Result<Report, LoadError> {
    let mut own = None;
    let mut db_file = None;
    if let Some(a) = cfg.addrs.iter().find(|a| !a.ip().is_loopback()) {
        return Err(LoadError::NotLoopback(*a));
    }
    let addrs = if cfg.addrs.is_empty() {
        let (server, db) = own_server(cfg.sync, cfg.games, cfg.logins).await?;
        let a = server.addr();
        own = Some(server);
        db_file = Some(db);
        vec![a]
    } else {
        cfg.addrs.clone()
    };
    let stop_logins = Arc::new(tokio::sync::Notify::new());
    let flood = if cfg.logins > 0 {
        Some(login_flood(addrs[0], cfg.logins, stop_logins.clone()).await?)
    } else {
        None
    };
    // +1: this task waits too, then starts the clock.
    let start = Arc::new(Barrier::new(cfg.games + 1));
    // Timed games end by their flags: the test waits for them too.
    let flag_wait = cfg.clock.map_or(0, |c| c.initial_ms() / 1000 + 30);
    let deadline = Instant::now() + Duration::from_secs(cfg.timeout_s + flag_wait);
    let mut tasks = Vec::with_capacity(cfg.games);
    let http = Http::new()?;
    for i in 0..cfg.games {
        tasks.push(tokio::spawn(client(
            http.clone(),
            addrs.clone(),
            cfg.clone(),
            i,
            start.clone(),
            deadline,
        )));
    }
    start.wait().await;
    let analysers = (cfg.analysers > 0).then(|| analysers::start(addrs[0], cfg.analysers));
    let began = Instant::now();
    let mut latencies = Vec::new();
    let mut flag_lags = Vec::new();
    let mut finished = 0;
    let mut errors = 0;
    let mut why: Vec<String> = Vec::new();
    let mut mismatched_games = 0;
    let mut last = began;
    let mut acks = Vec::new();
    // The first client to make its last move ends the steady part.
    let mut all_playing_until: Option<Instant> = None;
    let mut failures = Vec::new();
    for t in tasks {
        match t.await {
            Ok(Ok(r)) => {
                latencies.extend(r.latencies);
                flag_lags.extend(r.flag_lags);
                finished += r.finished;
                errors += r.errors;
                why.extend(r.why);
                mismatched_games += r.mismatched;
                if let Some(a) = r.last_ack {
                    last = last.max(a);
                    all_playing_until = Some(all_playing_until.map_or(a, |u| u.min(a)));
                }
                acks.extend(r.acks);
            }
            Ok(Err(e)) => failures.push(e),
            Err(e) => failures.push(e.to_string()),
        }
    }
    stop_logins.notify_one();
    let analyses = match analysers {
        Some(a) => Some(a.stop().await),
        None => None,
    };
    let logins = match flood {
        Some(f) => Some(f.await.unwrap_or((0, 0))),
        None => None,
    };
    if let Some(server) = own {
        server.stop().await;
    }
    if let Some(db) = db_file {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
        }
    }
    if latencies.is_empty() && !failures.is_empty() {
        return Err(LoadError::Setup(failures[0].clone()));
    }
    errors += failures.len();
    why.extend(failures);
    latencies.sort();
    flag_lags.sort();
    let flag_lag_ms = (!flag_lags.is_empty()).then(|| {
        (
            percentile(&flag_lags, 0.50),
            percentile(&flag_lags, 0.99),
            percentile(&flag_lags, 1.0),
        )
    });
    let seconds = last.duration_since(began).as_secs_f64().max(1e-9);
    Ok(Report {
        games: cfg.games,
        moves: latencies.len(),
        finished_games: finished,
        errors,
        error_kinds: kinds(why),
        mismatched_games,
        seconds,
        moves_per_second: steady_rate(&acks, began, all_playing_until)
            .unwrap_or(latencies.len() as f64 / seconds),
        p50_ms: percentile(&latencies, 0.50),
        p99_ms: percentile(&latencies, 0.99),
        max_ms: latencies.last().map_or(0.0, |d| d.as_secs_f64() * 1000.0),
        timed_out: Instant::now() >= deadline,
        flags: flag_lags.len(),
        flag_lag_ms,
        logins,
        analyses,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_counted_by_message_most_frequent_first() {
        let why = ["busy", "away", "busy", "lost", "busy", "away"]
            .map(String::from)
            .to_vec();
        let k = kinds(why);
        assert_eq!(
            k,
            vec![
                ("busy".to_string(), 3),
                ("away".to_string(), 2),
                ("lost".to_string(), 1)
            ]
        );
        let long = kinds(vec!["x".repeat(500)]);
        assert_eq!(long[0].0.chars().count(), 100);
        assert_eq!(kinds((0..9).map(|i| i.to_string()).collect()).len(), 5);
    }

    #[test]
    fn the_steady_rate_counts_only_while_every_client_plays() {
        let t0 = Instant::now();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        // Four moves in the first two seconds, one straggler after.
        let acks = [at(500), at(1000), at(1500), at(2000), at(9000)];
        assert_eq!(steady_rate(&acks, t0, Some(at(2000))), Some(2.0));
        assert_eq!(steady_rate(&acks, t0, Some(at(500))), None);
        assert_eq!(steady_rate(&acks, t0, None), None);
    }
}
