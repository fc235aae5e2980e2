//! What the server's integration tests share: a server on a loopback port
//! with a fresh database, and HTTP and WebSocket clients for it.
//!
//! The database is a SQLite file, or — when `KYOKU_TEST_POSTGRES` holds the
//! URL of a PostgreSQL server the tests may create databases on — a new
//! database there for each test: the same suite runs on both engines.
#![allow(dead_code)]

use std::time::Duration;

use futures_util::StreamExt;
use kyoku_server::store::Location;
use kyoku_server::{Config, Server};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// A server on a fresh database and a client for it.
pub struct Env {
    /// The server.
    pub server: Server,
    /// Keeps the database's directory.
    pub _dir: tempfile::TempDir,
    /// Its database.
    pub db: Location,
    /// The client.
    pub http: reqwest::Client,
}

/// A server on a fresh database.
pub async fn start() -> Env {
    start_with(|_| {}).await
}

/// A server on a fresh database, with `adjust` applied to the test
/// configuration.
pub async fn start_with(adjust: impl FnOnce(&mut Config)) -> Env {
    let dir = tempfile::tempdir().unwrap();
    let db = fresh_db(&dir).await;
    let mut config = config(&db);
    adjust(&mut config);
    let server = Server::start(config).await.unwrap();
    Env {
        server,
        _dir: dir,
        db,
        http: reqwest::Client::new(),
    }
}

/// A fresh database: a file in `dir`, or a new database on the
/// PostgreSQL server of `KYOKU_TEST_POSTGRES` when it is set.
pub async fn fresh_db(dir: &tempfile::TempDir) -> Location {
    match std::env::var("KYOKU_TEST_POSTGRES") {
        Ok(admin) if !admin.is_empty() => {
            let url = kyoku_server::store::create_postgres_database(&admin)
                .await
                .unwrap();
            Location::Postgres(url)
        }
        _ => Location::Sqlite(dir.path().join("kyoku.db")),
    }
}

/// A server on `db`.
pub async fn start_on(db: &Location) -> Server {
    Server::start(config(db)).await.unwrap()
}

/// The text `field` of each object in the array `v[key]` (a list's ids,
/// names, games), in order.
pub fn texts<'a>(v: &'a Value, key: &str, field: &str) -> Vec<&'a str> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("no array {key:?} in {v}"))
        .iter()
        .map(|x| x[field].as_str().unwrap())
        .collect()
}

/// The test configuration for `db`.
pub fn config(db: &Location) -> Config {
    Config {
        ai_threads: Some(2),
        sync: kyoku_server::store::SyncMode::Full,
        new_games_per_minute: kyoku_server::NEW_GAMES_PER_MINUTE,
        ..Config::local(db.clone())
    }
}

/// An answer's status and JSON body (`null` when it has none).
pub async fn answer(r: reqwest::Response) -> (u16, Value) {
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

impl Env {
    /// A client for a server already started on `db`.
    pub fn over(server: Server, db: Location) -> Env {
        Env {
            server,
            _dir: tempfile::tempdir().unwrap(),
            db,
            http: reqwest::Client::new(),
        }
    }

    /// A server started on `db`, a database that outlives it (started
    /// again on it, a server finds what the last one stored).
    pub async fn on(db: &Location) -> Env {
        Env::over(start_on(db).await, db.clone())
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.server.addr())
    }

    pub async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let r = self
            .http
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .unwrap();
        answer(r).await
    }

    pub async fn post_raw(&self, path: &str, body: Vec<u8>) -> (u16, Value) {
        let r = self
            .http
            .post(self.url(path))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        answer(r).await
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        answer(self.http.get(self.url(path)).send().await.unwrap()).await
    }

    /// Plays `mv` in game `id` as `seat`, holding `token`: the answer.
    pub async fn play(&self, id: &str, seat: usize, token: &Value, mv: &str) -> (u16, Value) {
        let body = json!({"seat": seat, "token": token, "move": mv});
        self.post(&format!("/api/games/{id}/moves"), &body).await
    }

    pub async fn create(&self, game: &str, options: Value, seats: &[&str]) -> (String, Vec<Value>) {
        self.create_from(&json!({"game": game, "options": options, "seats": seats}))
            .await
    }

    /// Creates a game from a whole request body; returns its id and the
    /// seats' tokens.
    pub async fn create_from(&self, body: &Value) -> (String, Vec<Value>) {
        let (s, v) = self.post("/api/games", body).await;
        assert_eq!(s, 201, "{v}");
        let id = v["id"].as_str().unwrap().to_string();
        let tokens = v["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].clone())
            .collect();
        (id, tokens)
    }

    /// Signs `name` up (password `{name}-secret-pw`): the session cookie
    /// to send back (`kyoku_session=…`).
    pub async fn sign_up(&self, name: &str) -> String {
        let r = self
            .http
            .post(self.url("/api/account/signup"))
            .json(&json!({"username": name, "password": format!("{name}-secret-pw")}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 201);
        let c = r.headers()["set-cookie"].to_str().unwrap();
        c.split(';').next().unwrap().to_string()
    }

    /// The value of the sample `name` (labels included) on `/metrics`.
    pub async fn metric(&self, name: &str) -> f64 {
        let r = self.http.get(self.url("/metrics")).send().await.unwrap();
        let text = r.text().await.unwrap();
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
            .unwrap_or_else(|| panic!("no sample {name} in\n{text}"))
    }

    pub async fn ws(&self, id: &str) -> Ws {
        let (ws, _) = tokio_tungstenite::connect_async(format!(
            "ws://{}/api/games/{id}/ws",
            self.server.addr()
        ))
        .await
        .unwrap();
        ws
    }
}

/// A WebSocket client.
pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next JSON text message (5 s at most).
pub async fn next_json(ws: &mut Ws) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a message within 5 s")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(t) = m {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

/// The next message that is not a state (an ack or an error).
pub async fn next_reply(ws: &mut Ws) -> Value {
    loop {
        let v = next_json(ws).await;
        if v["type"] != "state" {
            return v;
        }
    }
}

/// Waits for a state message whose `ply` is at least `ply`.
pub async fn state_at(ws: &mut Ws, ply: u64) -> Value {
    loop {
        let v = next_json(ws).await;
        if v["type"] == "state" && v["state"]["ply"].as_u64().unwrap() >= ply {
            return v["state"].clone();
        }
    }
}
