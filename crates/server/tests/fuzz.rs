//! A seeded fuzzer of the whole API: random and mutated HTTP requests to
//! every endpoint (a table: one line per endpoint), random and mutated
//! WebSocket frames, interleaved with legal moves so that games really
//! progress. Then: the server still answers, no answer was a 5xx (but
//! `503 busy`/`unavailable`) or, under `/api/`, not JSON; every game's
//! history replays to its stored positions, before and after a restart, and
//! the restarted server restores every game.
//!
//! `cargo test` runs a short fixed-seed round; the long run is
//! `cargo test --workspace --test fuzz -- --ignored --nocapture`
//! (`KYOKU_FUZZ_REQUESTS`, default 50,000, a quarter as many frames;
//! `KYOKU_FUZZ_SEED`, default 1). The test build, debug assertions on, runs
//! it as fast as a release build: the run waits on sockets, not on code.

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use kyoku_core::{SeededRng, seeded_rng};
use kyoku_server::{Config, Server};
use rand::Rng;
use rand::seq::IndexedRandom;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Control, Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::{Frame, FrameHeader};

/// What a request body looks like when it is right.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// No body.
    None,
    /// A new game.
    Create,
    /// A move of the seat to act.
    Move,
    /// Joining a seat.
    Join,
    /// A game action by a seat (named by its path): the values of its `action`
    /// field (none: the field is left out).
    Action(&'static [&'static str]),
    /// Naming a seat: a name good, bad or left out.
    Name,
    /// One of these JSON bodies (mutated like the others).
    Bodies(&'static [&'static str]),
}

/// One endpoint of docs/api.md: method, path (`{id}`: a game), body.
struct Endpoint(&'static str, &'static str, Shape);

/// Every endpoint the fuzzer calls. A new endpoint is one line here.
const ENDPOINTS: &[Endpoint] = &[
    Endpoint("GET", "/api/catalogue", Shape::None),
    Endpoint("GET", "/api/games", Shape::None),
    Endpoint("POST", "/api/games", Shape::Create),
    Endpoint("GET", "/api/games/{id}", Shape::None),
    Endpoint("GET", "/api/games/{id}/positions", Shape::None),
    Endpoint("GET", "/api/games/{id}/analysis", Shape::None),
    Endpoint("POST", "/api/games/{id}/moves", Shape::Move),
    Endpoint("POST", "/api/games/{id}/join", Shape::Join),
    Endpoint("GET", "/api/games/{id}/ws", Shape::None),
    Endpoint("GET", "/api/games/{id}/record", Shape::None),
    Endpoint("POST", "/api/games/{id}/resign", Shape::Action(&[])),
    Endpoint("POST", "/api/games/{id}/abort", Shape::Action(&[])),
    Endpoint("POST", "/api/games/{id}/draw", Shape::Action(OFFER)),
    Endpoint("POST", "/api/games/{id}/takeback", Shape::Action(REQUEST)),
    Endpoint("POST", "/api/games/{id}/rematch", Shape::Action(OFFER)),
    Endpoint("POST", "/api/games/{id}/name", Shape::Name),
    Endpoint("POST", "/api/games/{id}/review", Shape::None),
    Endpoint("GET", "/api/games/{id}/review", Shape::None),
    Endpoint("POST", "/api/analyze", Shape::Bodies(ANALYSES)),
    Endpoint("GET", "/api/analyze/ws", Shape::None),
    Endpoint("POST", "/api/positions/check", Shape::Bodies(POSITIONS)),
    Endpoint("POST", "/api/positions/play", Shape::Bodies(POSITIONS)),
    Endpoint("GET", "/api/puzzles/next", Shape::None),
    Endpoint("GET", "/api/puzzles/stats", Shape::None),
    Endpoint("GET", "/api/puzzles/{id}", Shape::None),
    Endpoint("POST", "/api/puzzles/{id}/attempt", Shape::Bodies(MOVES)),
    Endpoint("GET", "/api/lessons", Shape::None),
    Endpoint("GET", "/api/lessons/dobutsu/lion", Shape::None),
    Endpoint("POST", "/api/lessons/dobutsu/lion/0", Shape::Bodies(MOVES)),
    Endpoint("GET", "/", Shape::None),
    Endpoint("GET", "/game/k3m9x2q7ab", Shape::None),
];

/// Analyses asked for: small budgets, so that the short round stays short.
const ANALYSES: &[&str] = &[
    r#"{"game": "dobutsu", "depth": 2}"#,
    r#"{"game": "dobutsu", "moves": ["b3b2"], "lines": 2, "depth": 3}"#,
    r#"{"game": "dobutsu", "position": "gle/1c1/1C1/ELG[] b - - 0 1", "depth": 3}"#,
    r#"{"game": "shogun", "options": {"rotation": 1}, "depth": 1}"#,
    r#"{"game": "shiamgon", "options": {"board": "disc5", "players": 3}, "ms": 30}"#,
];

/// Positions checked or played from: good, refused by the rules, odd.
const POSITIONS: &[&str] = &[
    r#"{"game": "dobutsu", "position": "gle/1c1/1C1/ELG[] b - - 0 1"}"#,
    r#"{"game": "dobutsu", "moves": ["b3b2"], "move": "b2b1"}"#,
    r#"{"game": "dobutsu", "position": "lll/3/3/LLL[] b - - 0 1"}"#,
    r#"{"game": "shogun", "options": {"rotation": 1}, "moves": ["c1c4"]}"#,
    r#"{"game": "shiamgon", "options": {"board": "disc5", "players": 3}}"#,
];

/// Moves of a puzzle's or a lesson's attempt.
const MOVES: &[&str] = &[
    r#"{"moves": ["b3b2"]}"#,
    r#"{"moves": []}"#,
    r#"{"moves": "b3b2"}"#,
];

/// The `action` values of draws and rematches, and of takebacks.
const OFFER: &[&str] = &["offer", "accept", "decline"];
const REQUEST: &[&str] = &["request", "accept", "decline"];

/// Answers that are not JSON by design: the record download.
fn not_json_by_design(path: &str, status: u16) -> bool {
    status == 200
        && path
            .split('?')
            .next()
            .is_some_and(|p| p.ends_with("/record"))
}

/// Game ids: unknown, unreadable, odd.
const BAD_IDS: &[&str] = &[
    "zzzzzzzzzz",
    "%ff",
    "%ff%fe%fd",
    "%00",
    "%c3%28",
    "%f0%9f%92%a5",
    "..%2f..%2fetc",
    "%2e%2e",
    "a%20b",
    "K3M9X2Q7AB",
    "-1",
    "",
];

/// Queries, good and bad.
const QUERIES: &[&str] = &[
    "",
    "?status=open",
    "?status=active",
    "?status=finished",
    "?status=bogus",
    "?game=dobutsu",
    "?game=chess",
    "?limit=0",
    "?limit=-1",
    "?limit=99999999999999999999999",
    "?ply=0",
    "?ply=3",
    "?ply=-1",
    "?ply=100000",
    "?ply=%ff",
    "?%ff=%fe",
    "?status=open&status=active",
    "?limit",
];

/// Content types, the right one most often.
const CONTENT_TYPES: &[&str] = &[
    "application/json",
    "application/json",
    "application/json",
    "application/json; charset=utf-8",
    "APPLICATION/JSON",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/json, text/plain",
    "",
    "json",
];

/// Methods besides the endpoint's own.
const METHODS: &[&str] = &[
    "GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "FOO",
];

/// A game the fuzzer made, with the tokens it holds.
#[derive(Clone, Debug)]
struct Game {
    id: String,
    tokens: Vec<Option<String>>,
    /// The last state seen.
    state: Value,
}

/// What the run did and found.
#[derive(Default, Debug)]
struct Stats {
    requests: u64,
    frames: u64,
    statuses: BTreeMap<u16, u64>,
    ws_replies: BTreeMap<String, u64>,
    ws_closes: BTreeMap<u16, u64>,
    moves_played: u64,
    no_answer: u64,
    findings: Vec<String>,
}

impl Stats {
    fn finding(&mut self, what: String) {
        if self.findings.len() < 100 {
            self.findings.push(what);
        }
    }
}

/// An HTTP answer read off the wire.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Option<Value> {
        serde_json::from_slice(&self.body).ok()
    }
}

/// A request to send: its bytes and what the checks need to know.
struct Request {
    method: String,
    path: String,
    bytes: Vec<u8>,
    /// Sent on its own connection, which is then dropped unread: a client
    /// gone while its request is being handled.
    abandon: bool,
}

/// A minimal HTTP/1.1 client: one kept-alive connection, reopened when
/// the server closes it. Raw, so that requests can be anything.
struct Client {
    addr: SocketAddr,
    conn: Option<TcpStream>,
}

const ANSWER_TIME: Duration = Duration::from_secs(20);

impl Client {
    async fn send(&mut self, req: &Request) -> Option<Answer> {
        if req.abandon {
            let mut tcp = TcpStream::connect(self.addr).await.ok()?;
            let _ = tcp.write_all(&req.bytes).await;
            return None;
        }
        // A kept-alive connection the server has closed meanwhile (after
        // an answer it gave before reading a whole body, say) is no
        // answer: send again on a new one, as any client does.
        let (mut tcp, answer) = match self.conn.take() {
            Some(tcp) => match Self::exchange(tcp, req).await {
                (tcp, Some(a)) => (tcp, a),
                (_, None) => Self::exchange(self.connect().await?, req).await.map_opt()?,
            },
            None => Self::exchange(self.connect().await?, req).await.map_opt()?,
        };
        let close = answer
            .header("connection")
            .is_some_and(|v| v.eq_ignore_ascii_case("close"));
        if !close {
            self.conn = Some(tcp);
        } else {
            let _ = tcp.shutdown().await;
        }
        Some(answer)
    }

    async fn connect(&self) -> Option<TcpStream> {
        let tcp = TcpStream::connect(self.addr).await.ok()?;
        let _ = tcp.set_nodelay(true);
        Some(tcp)
    }

    /// Writes the request and reads its answer.
    async fn exchange(mut tcp: TcpStream, req: &Request) -> (TcpStream, Option<Answer>) {
        if tcp.write_all(&req.bytes).await.is_err() {
            return (tcp, None);
        }
        let answer = tokio::time::timeout(ANSWER_TIME, read_answer(&mut tcp, &req.method))
            .await
            .ok()
            .flatten();
        (tcp, answer)
    }
}

/// `(stream, Some(answer))` as `Some((stream, answer))`.
trait MapOpt<T> {
    fn map_opt(self) -> Option<(TcpStream, T)>;
}

impl<T> MapOpt<T> for (TcpStream, Option<T>) {
    fn map_opt(self) -> Option<(TcpStream, T)> {
        Some((self.0, self.1?))
    }
}

/// Reads one answer (1xx skipped): by `content-length`, chunks, or to the
/// end of the stream.
async fn read_answer(tcp: &mut TcpStream, method: &str) -> Option<Answer> {
    let mut buf = Vec::new();
    loop {
        let end = loop {
            if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break i;
            }
            let mut chunk = [0u8; 8192];
            let n = tcp.read(&mut chunk).await.ok()?;
            if n == 0 {
                return None;
            }
            buf.extend_from_slice(&chunk[..n]);
        };
        let head = String::from_utf8_lossy(&buf[..end]).to_string();
        buf.drain(..end + 4);
        let mut lines = head.split("\r\n");
        let status: u16 = lines.next()?.split(' ').nth(1)?.parse().ok()?;
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
            .collect();
        if (100..200).contains(&status) {
            continue;
        }
        let mut a = Answer {
            status,
            headers,
            body: Vec::new(),
        };
        a.body = read_body(tcp, &a, buf, method == "HEAD").await?;
        return Some(a);
    }
}

async fn read_body(
    tcp: &mut TcpStream,
    a: &Answer,
    mut buf: Vec<u8>,
    head: bool,
) -> Option<Vec<u8>> {
    if head || a.status == 204 || a.status == 304 {
        return Some(Vec::new());
    }
    let chunked = a
        .header("transfer-encoding")
        .is_some_and(|v| v.eq_ignore_ascii_case("chunked"));
    let want = a
        .header("content-length")
        .and_then(|v| v.parse::<usize>().ok());
    let mut chunk = [0u8; 8192];
    loop {
        if let Some(n) = want
            && buf.len() >= n
        {
            buf.truncate(n);
            return Some(buf);
        }
        if chunked && buf.ends_with(b"0\r\n\r\n") {
            return Some(dechunk(&buf));
        }
        let n = tcp.read(&mut chunk).await.ok()?;
        if n == 0 {
            return (want.is_none() && !chunked).then_some(buf);
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(i) = b.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(String::from_utf8_lossy(&b[..i]).trim(), 16).unwrap_or(0);
        if size == 0 || b.len() < i + 2 + size {
            break;
        }
        out.extend_from_slice(&b[i + 2..i + 2 + size]);
        b = &b[(i + 4 + size).min(b.len())..];
    }
    out
}

/// A frame the protocol forbids: a reserved opcode, reserved bits set, a
/// continuation of nothing, a fragment never finished, a control frame
/// over 125 bytes.
fn odd_frame(rng: &mut SeededRng) -> Frame {
    let opcode = *[
        OpCode::Data(Data::Reserved(3)),
        OpCode::Control(Control::Reserved(11)),
        OpCode::Data(Data::Continue),
        OpCode::Data(Data::Text),
        OpCode::Control(Control::Ping),
    ]
    .choose(rng)
    .unwrap_or(&OpCode::Data(Data::Continue));
    let header = FrameHeader {
        is_final: rng.random(),
        rsv1: rng.random_bool(0.3),
        rsv2: false,
        rsv3: rng.random_bool(0.1),
        opcode,
        mask: None,
    };
    let len = if rng.random() { 3 } else { 200 };
    Frame::from_payload(header, vec![b'{'; len].into())
}

/// A random JSON value of any type (wrong types for fields).
fn random_value(rng: &mut SeededRng, depth: u32) -> Value {
    match rng.random_range(0..if depth > 2 { 6 } else { 8 }) {
        0 => Value::Null,
        1 => json!(rng.random::<bool>()),
        2 => json!(rng.random_range(-3i64..10)),
        3 => json!(rng.random::<f64>() * 1e300),
        4 => json!(
            *[
                "", "human", "ai:1", "ai:99", "random", "perfect", "b2b3", "\u{0}", "ü"
            ]
            .choose(rng)
            .unwrap_or(&"")
        ),
        5 => json!(i64::MIN),
        6 => Value::Array(
            (0..rng.random_range(0..4))
                .map(|_| random_value(rng, depth + 1))
                .collect(),
        ),
        _ => Value::Object(
            (0..rng.random_range(0..3))
                .map(|i| (format!("k{i}"), random_value(rng, depth + 1)))
                .collect(),
        ),
    }
}

/// Whether a 5xx is one the API may give: the server full, a program
/// that cannot play now, no table to analyse with (a `HEAD` answer has no
/// body to tell).
fn allowed_5xx(a: &Answer, method: &str) -> bool {
    if method == "HEAD" {
        return a.status == 501 || a.status == 503;
    }
    let code = a.json().map(|v| v["error"].clone()).unwrap_or_default();
    match a.status {
        503 => code == "busy" || code == "unavailable",
        // The documented answer of a server without the Dōbutsu table.
        501 => code == "no_tablebase",
        _ => false,
    }
}

struct Fuzzer {
    rng: SeededRng,
    client: Client,
    addr: SocketAddr,
    games: Vec<Game>,
    stats: Stats,
    /// A WebSocket and the id of its game.
    ws: Option<(String, Ws)>,
    /// Every game made, finished ones included.
    all_ids: Vec<String>,
    ws_sent: u32,
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

impl Fuzzer {
    fn new(addr: SocketAddr, seed: u64) -> Fuzzer {
        Fuzzer {
            rng: seeded_rng(seed),
            client: Client { addr, conn: None },
            addr,
            games: Vec::new(),
            stats: Stats::default(),
            ws: None,
            all_ids: Vec::new(),
            ws_sent: 0,
        }
    }

    /// Sends a well-formed request and checks its answer.
    async fn call(&mut self, req: Request) -> Option<Answer> {
        self.stats.requests += 1;
        let answer = self.client.send(&req).await;
        let Some(a) = answer else {
            if !req.abandon {
                self.stats.no_answer += 1;
                self.stats
                    .finding(format!("no answer to {} {}", req.method, req.path));
            }
            return None;
        };
        *self.stats.statuses.entry(a.status).or_default() += 1;
        if a.status >= 500 && !allowed_5xx(&a, &req.method) {
            self.stats.finding(format!(
                "{} {} → {} {}",
                req.method,
                req.path,
                a.status,
                String::from_utf8_lossy(&a.body)
            ));
        }
        let api = req.path.starts_with("/api");
        if api
            && req.method != "HEAD"
            && a.json().is_none()
            && !not_json_by_design(&req.path, a.status)
        {
            self.stats.finding(format!(
                "{} {} → {} not JSON: {:?}",
                req.method,
                req.path,
                a.status,
                String::from_utf8_lossy(&a.body[..a.body.len().min(200)])
            ));
        }
        Some(a)
    }

    /// A request of `method` to `path` with `body` and these headers.
    fn request(
        method: &str,
        path: &str,
        headers: &[(String, String)],
        body: Option<&[u8]>,
    ) -> Request {
        let mut head = format!("{method} {path} HTTP/1.1\r\nhost: kyoku\r\n");
        for (n, v) in headers {
            head.push_str(&format!("{n}: {v}\r\n"));
        }
        let body = body.unwrap_or_default();
        if !body.is_empty() || method == "POST" {
            head.push_str(&format!("content-length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(body);
        Request {
            method: method.to_string(),
            path: path.to_string(),
            bytes,
            abandon: false,
        }
    }

    async fn get(&mut self, path: &str) -> Option<Value> {
        let a = self.call(Self::request("GET", path, &[], None)).await?;
        (a.status == 200).then(|| a.json()).flatten()
    }

    async fn post(&mut self, path: &str, body: &Value) -> Option<(u16, Value)> {
        let headers = [("content-type".to_string(), "application/json".to_string())];
        let body = body.to_string();
        let a = self
            .call(Self::request("POST", path, &headers, Some(body.as_bytes())))
            .await?;
        Some((a.status, a.json().unwrap_or(Value::Null)))
    }

    /// Starts a game and keeps it (with its tokens) for later.
    async fn create(&mut self, body: Value) {
        if let Some((201, v)) = self.post("/api/games", &body).await {
            self.keep(&v);
        }
    }

    fn keep(&mut self, created: &Value) {
        let Some(id) = created["id"].as_str() else {
            return;
        };
        let tokens = created["seats"]
            .as_array()
            .map(|s| {
                s.iter()
                    .map(|s| s["token"].as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        self.all_ids.push(id.to_string());
        self.games.push(Game {
            id: id.to_string(),
            tokens,
            state: created["state"].clone(),
        });
    }

    /// The games a run starts with: every game, people and programs, open
    /// seats.
    async fn setup(&mut self) {
        let bodies = [
            json!({"game": "dobutsu", "seats": ["human", "human"]}),
            json!({"game": "dobutsu", "seats": ["human", "ai:1"]}),
            json!({"game": "dobutsu", "seats": ["random", "human"]}),
            json!({"game": "dobutsu", "seats": ["human", "human"], "open_seats": [2]}),
            json!({"game": "shogun", "seats": ["human", "human"]}),
            json!({"game": "shogun", "options": {"variant": "random"}, "seats": ["human", "random"]}),
            json!({"game": "shiamgon", "options": {"board": "disc5", "players": 3}, "seats": ["human", "human", "human"]}),
            json!({"game": "shiamgon", "options": {"board": "tri8", "players": 3}, "seats": ["human", "random", "human"], "open_seats": [3]}),
        ];
        for b in bodies {
            self.create(b).await;
        }
        assert!(self.games.len() >= 6, "the fuzzer's games were not created");
    }
}

/// The right body of `shape` for game `g` (as the fuzzer last saw it).
fn valid_body(rng: &mut SeededRng, shape: Shape, g: Option<&Game>) -> Option<Value> {
    let seat = g
        .and_then(|g| g.state["to_act"]["seat"].as_u64())
        .unwrap_or_else(|| rng.random_range(1..4));
    let token = g.and_then(|g| {
        g.tokens
            .get(seat as usize - 1)
            .cloned()
            .flatten()
            .or_else(|| g.tokens.iter().flatten().next().cloned())
    });
    match shape {
        Shape::None => None,
        Shape::Create if rng.random() => Some(random_create(rng)),
        Shape::Create => Some(
            [
                json!({"game": "dobutsu", "seats": ["human", "human"]}),
                json!({"game": "dobutsu", "options": {"fen": "gle/1c1/1C1/ELG[] b - - 0 1"}, "seats": ["human", "random"]}),
                json!({"game": "shogun", "options": {"rotation": 1}, "seats": ["human", "human"]}),
                json!({"game": "shiamgon", "options": {"board": "disc5", "players": 4}, "seats": ["human", "human", "random", "human"], "open_seats": [4]}),
            ]
            .choose(rng)
            .cloned()
            .unwrap_or_default(),
        ),
        Shape::Move => {
            let legal = g.and_then(|g| g.state["legal_moves"].as_array().cloned());
            let mv = legal
                .and_then(|l| l.choose(rng).cloned())
                .unwrap_or_else(|| json!("b2b3"));
            Some(json!({"seat": seat, "token": token, "move": mv, "ref": rng.random::<u8>()}))
        }
        Shape::Join => Some(if rng.random() { json!({}) } else { json!({"seat": seat}) }),
        Shape::Action(values) => {
            let mut v = json!({"seat": seat, "token": token});
            if let Some(a) = values.choose(rng) {
                v["action"] = json!(a);
            }
            Some(v)
        }
        Shape::Bodies(texts) => texts
            .choose(rng)
            .and_then(|t| serde_json::from_str(t).ok()),
        Shape::Name => {
            let mut v = json!({"seat": seat, "token": token});
            let names = ["Ken", "", " ", "a\u{0}b", "\u{1f981}", "\u{202e}x", &"x".repeat(25)];
            if let Some(n) = names.choose(rng).filter(|_| rng.random_bool(0.9)) {
                v["name"] = json!(n);
            }
            Some(v)
        }
    }
}

/// A new game with options made up: right names, values right, wrong or
/// mangled (FENs with bytes changed: the position parsers get fuzzed too).
fn random_create(rng: &mut SeededRng) -> Value {
    const FENS: &[&str] = &[
        "gle/1c1/1C1/ELG[] b - - 0 1",
        "1l1/3/1C1/GL1[] w - - 0 1",
        "gle/1c1/2C/ELG[] b - - 1 1",
    ];
    let game = *["dobutsu", "shogun", "shiamgon", "chess"]
        .choose(rng)
        .unwrap_or(&"dobutsu");
    let mut options = serde_json::Map::new();
    for _ in 0..rng.random_range(0..3) {
        let (name, good): (&str, Value) = match rng.random_range(0..8) {
            0 => {
                let mut fen = FENS.choose(rng).copied().unwrap_or("").as_bytes().to_vec();
                for _ in 0..rng.random_range(0..3) {
                    let i = rng.random_range(0..fen.len());
                    fen[i] = *b"glecGLECh/[]-0123456789 bw+*".choose(rng).unwrap_or(&b'x');
                }
                ("fen", json!(String::from_utf8_lossy(&fen)))
            }
            1 => (
                "board",
                json!(["tri8", "tri16", "disc5", "disc10", "hex"].choose(rng)),
            ),
            2 => ("players", json!(rng.random_range(0..7))),
            3 => (
                "handicap",
                json!(
                    (0..rng.random_range(0..6))
                        .map(|_| rng.random_range(-1..7))
                        .collect::<Vec<i32>>()
                ),
            ),
            4 => ("rotation", json!(rng.random_range(-1..5))),
            5 => ("variant", json!(["magnetic", "random", "x"].choose(rng))),
            6 => ("first", json!(["white", "red", "blue"].choose(rng))),
            _ => ("setup", json!(["", "x", "12345678"].choose(rng))),
        };
        let value = if rng.random_bool(0.8) {
            good
        } else {
            random_value(rng, 1)
        };
        options.insert(name.to_string(), value);
    }
    let seats: Vec<&str> = (0..rng.random_range(1..6))
        .map(|_| {
            *[
                "human", "human", "random", "ai:1", "ai:9", "perfect", "uci:x", "",
            ]
            .choose(rng)
            .unwrap_or(&"human")
        })
        .collect();
    let mut body = json!({"game": game, "options": options, "seats": seats, "open_seats": [rng.random_range(0..4)]});
    if rng.random_bool(0.3) {
        let clock = [
            "1+0", "0.5+1", "3+2", "1d", "14d", "0+0", "181+0", "1+181", "15d", "x", "1+", "+1",
            "-1+0", "1e9+0",
        ];
        body["clock"] = json!(clock.choose(rng));
    }
    if rng.random_bool(0.2) {
        let long = "n".repeat(300);
        let names = ["Ann", "", "a\u{0}b", "\u{1f981}", long.as_str()];
        body["names"] = json!([names.choose(rng), null, names.choose(rng)]);
    }
    body
}

/// A body mutated: bytes flipped, cut, grown huge, fields of the wrong type
/// or missing, not UTF-8.
fn mutate_body(rng: &mut SeededRng, body: Option<Value>) -> Vec<u8> {
    let mut v = body.unwrap_or_else(|| json!({}));
    match rng.random_range(0..9) {
        0 | 1 => {
            let mut b = v.to_string().into_bytes();
            for _ in 0..rng.random_range(1..4) {
                if b.is_empty() {
                    break;
                }
                let i = rng.random_range(0..b.len());
                match rng.random_range(0..3) {
                    0 => b[i] = rng.random(),
                    1 => {
                        b.remove(i);
                    }
                    _ => b.insert(i, *b"{}[]\",:\\0e-".choose(rng).unwrap_or(&b'x')),
                }
            }
            b
        }
        2 => {
            let b = v.to_string().into_bytes();
            let n = rng.random_range(0..=b.len());
            b[..n].to_vec()
        }
        3 => {
            let size = *[16 * 1024 + 1, 40 * 1024, 300 * 1024]
                .choose(rng)
                .unwrap_or(&20000);
            v["pad"] = json!("x".repeat(size));
            v.to_string().into_bytes()
        }
        4 => {
            if let Value::Object(m) = &mut v {
                let keys: Vec<String> = m.keys().cloned().collect();
                if let Some(k) = keys.choose(rng) {
                    m.insert(k.clone(), random_value(rng, 0));
                }
            }
            v.to_string().into_bytes()
        }
        5 => {
            if let Value::Object(m) = &mut v {
                let keys: Vec<String> = m.keys().cloned().collect();
                if let Some(k) = keys.choose(rng) {
                    m.remove(k);
                }
                m.insert("unknown".into(), random_value(rng, 0));
            }
            v.to_string().into_bytes()
        }
        6 => random_value(rng, 0).to_string().into_bytes(),
        7 => {
            let mut b = v.to_string().into_bytes();
            let at = rng.random_range(0..=b.len());
            b.splice(at..at, [0xff, 0xfe, 0xc3, 0x28]);
            b
        }
        _ => {
            // Deep nesting: the parser's recursion limit.
            let n = rng.random_range(100..3000);
            let mut b = "[".repeat(n).into_bytes();
            b.extend_from_slice(&b"]".repeat(n));
            b
        }
    }
}

impl Fuzzer {
    /// One random or mutated request to an endpoint of the table.
    async fn fuzz_request(&mut self) {
        let rng = &mut self.rng;
        let Endpoint(method, template, shape) = &ENDPOINTS[rng.random_range(0..ENDPOINTS.len())];
        let game = (!self.games.is_empty() && rng.random_bool(0.8))
            .then(|| self.games[rng.random_range(0..self.games.len())].clone());
        let id = match &game {
            Some(g) => g.id.clone(),
            None => BAD_IDS.choose(rng).copied().unwrap_or("x").to_string(),
        };
        let mut path = template.replace("{id}", &id);
        if rng.random_bool(0.2) {
            path.push_str(QUERIES.choose(rng).copied().unwrap_or(""));
        }
        if rng.random_bool(0.05) {
            path.push_str(
                ["/", "//x", "/%ff", "/../..", "/moves/extra"]
                    .choose(rng)
                    .copied()
                    .unwrap_or(""),
            );
        }
        let method = if rng.random_bool(0.1) {
            METHODS.choose(rng).copied().unwrap_or("GET")
        } else {
            method
        };
        let body = valid_body(rng, *shape, game.as_ref());
        let bytes = match (&body, rng.random_bool(0.4)) {
            (_, true) => Some(mutate_body(rng, body.clone())),
            (Some(v), false) => Some(v.to_string().into_bytes()),
            (None, false) => None,
        };
        let mut headers = Vec::new();
        if bytes.is_some() || rng.random_bool(0.1) {
            let ct = CONTENT_TYPES.choose(rng).copied().unwrap_or("");
            headers.push(("content-type".to_string(), ct.to_string()));
        }
        if rng.random_bool(0.1) {
            headers.push(
                [
                    "accept",
                    "origin",
                    "x-kyoku",
                    "cookie",
                    "upgrade",
                    "sec-websocket-key",
                ]
                .choose(rng)
                .map(|n| {
                    (
                        n.to_string(),
                        "%ff\u{7f}".replace('\u{7f}', &rng.random::<u32>().to_string()),
                    )
                })
                .unwrap_or_default(),
            );
        }
        let mut req = Self::request(method, &path, &headers, bytes.as_deref());
        req.abandon = rng.random_bool(0.03);
        if let Some(a) = self.call(req).await {
            self.learn(game.map(|g| g.id), &a);
        }
    }

    /// Keeps what an answer tells: a new game, a game's new state.
    fn learn(&mut self, id: Option<String>, a: &Answer) {
        let Some(v) = a.json() else { return };
        if a.status == 201 && v["id"].is_string() && self.games.len() < 400 {
            self.keep(&v);
        } else if let Some(id) = id
            && v["id"] == id.as_str()
            && v["ply"].is_u64()
            && let Some(g) = self.games.iter_mut().find(|g| g.id == id)
        {
            g.state = v;
        }
    }

    /// A legal move in a game where one of our seats is to act, sent
    /// properly: the games must progress for the fuzzing to reach deep
    /// positions.
    async fn legal_move(&mut self) {
        if self.games.is_empty() {
            return;
        }
        let i = self.rng.random_range(0..self.games.len());
        let id = self.games[i].id.clone();
        let Some(state) = self.get(&format!("/api/games/{id}")).await else {
            return;
        };
        self.games[i].state = state.clone();
        let Some(seat) = state["to_act"]["seat"].as_u64() else {
            // Over: a new game of the same kind takes its place.
            let kind = state["game"].clone();
            let seats = state["seats"].as_array().map_or(2, Vec::len);
            self.games.swap_remove(i);
            let body =
                json!({"game": kind, "options": state["options"], "seats": vec!["human"; seats]});
            self.create(body).await;
            return;
        };
        let token = self.games[i]
            .tokens
            .get(seat as usize - 1)
            .cloned()
            .flatten();
        let legal = state["legal_moves"].as_array().cloned().unwrap_or_default();
        let (Some(token), Some(mv)) = (token, legal.choose(&mut self.rng).cloned()) else {
            return;
        };
        let body = json!({"seat": seat, "token": token, "move": mv});
        match self.post(&format!("/api/games/{id}/moves"), &body).await {
            Some((200, v)) => {
                self.stats.moves_played += 1;
                self.games[i].state = v;
            }
            // A program or a WebSocket move got in first; anything else
            // is a finding.
            Some((409, _)) | None => {}
            // Refused: a finding unless the game moved on meanwhile (other
            // clients play the same seats; a whole round may have passed).
            Some((s, v)) => {
                let now = self.get(&format!("/api/games/{id}")).await;
                if now.is_some_and(|n| n["ply"] == state["ply"]) {
                    self.stats
                        .finding(format!("legal move {mv} in {id} refused: {s} {v}"));
                }
            }
        }
    }

    /// Sends some requests that are not HTTP at all, each on its own
    /// connection: the server must neither fall over nor answer 5xx.
    async fn garbage(&mut self) {
        let rng = &mut self.rng;
        let bytes: Vec<u8> = match rng.random_range(0..5) {
            0 => (0..rng.random_range(1..200)).map(|_| rng.random()).collect(),
            1 => b"GET /api/games HTTP/1.1\r\nhost: kyoku\r\ncontent-length: 5\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n".to_vec(),
            2 => format!("GET /{} HTTP/1.1\r\nhost: kyoku\r\n\r\n", "a".repeat(rng.random_range(1..100_000))).into_bytes(),
            3 => b"POST /api/games HTTP/1.1\r\nhost: kyoku\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{\"game\"".to_vec(),
            _ => b"GET /api/games HTTP/9.9\r\n\r\n".to_vec(),
        };
        self.stats.requests += 1;
        let Ok(mut tcp) = TcpStream::connect(self.addr).await else {
            return;
        };
        if tcp.write_all(&bytes).await.is_err() || tcp.shutdown().await.is_err() {
            return;
        }
        let answer = tokio::time::timeout(ANSWER_TIME, read_answer(&mut tcp, "GET")).await;
        if let Ok(Some(a)) = answer {
            *self.stats.statuses.entry(a.status).or_default() += 1;
            if a.status >= 500 && !allowed_5xx(&a, "GET") {
                self.stats.finding(format!(
                    "garbage {:?} → {}",
                    String::from_utf8_lossy(&bytes[..bytes.len().min(80)]),
                    a.status
                ));
            }
        }
    }
}

impl Fuzzer {
    /// A WebSocket to a game, the current one most of the time; now and
    /// then a new one (or one to an id that does not exist).
    async fn ws(&mut self) -> Option<&mut Ws> {
        if self.ws.is_none() || self.ws_sent >= 30 || self.rng.random_bool(0.02) {
            if let Some((_, mut old)) = self.ws.take() {
                let _ = tokio::time::timeout(Duration::from_secs(1), old.close(None)).await;
            }
            self.ws_sent = 0;
            if self.rng.random_bool(0.05) {
                let bad = BAD_IDS.choose(&mut self.rng).copied().unwrap_or("%ff");
                let url = format!("ws://{}/api/games/{bad}/ws", self.addr);
                self.stats.requests += 1;
                match tokio_tungstenite::connect_async(url).await {
                    Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
                        *self.stats.statuses.entry(r.status().as_u16()).or_default() += 1;
                        let body = r.body().clone().unwrap_or_default();
                        if serde_json::from_slice::<Value>(&body).is_err()
                            || r.status().is_server_error()
                        {
                            self.stats.finding(format!(
                                "ws upgrade to {bad}: {} {:?}",
                                r.status(),
                                String::from_utf8_lossy(&body)
                            ));
                        }
                    }
                    Err(_) => {}
                    Ok(_) if bad == "K3M9X2Q7AB" || bad == "zzzzzzzzzz" => {}
                    Ok(_) => self.stats.finding(format!("ws upgrade to {bad} accepted")),
                }
                return None;
            }
            let i = self.rng.random_range(0..self.games.len().max(1));
            let id = self.games.get(i)?.id.clone();
            let url = format!("ws://{}/api/games/{id}/ws", self.addr);
            self.stats.requests += 1;
            match tokio_tungstenite::connect_async(url).await {
                Ok((ws, _)) => self.ws = Some((id.clone(), ws)),
                Err(e) => {
                    self.stats.finding(format!("ws to {id}: {e}"));
                    return None;
                }
            }
        }
        self.ws.as_mut().map(|(_, ws)| ws)
    }

    /// One frame: a legal move, a mutated or broken message, a control
    /// frame, an over-long one.
    async fn fuzz_frame(&mut self) {
        if self.ws().await.is_none() {
            return;
        }
        let Some((id, _)) = &self.ws else { return };
        let Some(game) = self.games.iter().find(|g| &g.id == id).cloned() else {
            self.ws = None;
            return;
        };
        let rng = &mut self.rng;
        let valid = if rng.random_bool(0.3) {
            let Endpoint(_, path, shape) = &ENDPOINTS[rng.random_range(0..ENDPOINTS.len())];
            let kind = path.rsplit('/').next().unwrap_or("move");
            valid_body(rng, *shape, Some(&game)).map(|mut v| {
                v["type"] = json!(kind);
                v
            })
        } else {
            valid_body(rng, Shape::Move, Some(&game))
        };
        let msg = match rng.random_range(0..12) {
            0..=3 => Message::text(valid.unwrap_or_default().to_string()),
            4 | 5 => Message::binary(mutate_body(rng, valid)),
            6 => match String::from_utf8(mutate_body(rng, valid)) {
                Ok(t) => Message::text(t),
                Err(e) => Message::Frame(Frame::message(
                    e.into_bytes(),
                    OpCode::Data(Data::Text),
                    true,
                )),
            },
            7 => Message::Ping(vec![7u8; rng.random_range(0..125)].into()),
            8 => Message::text(
                "x".repeat(
                    *[16 * 1024 + 1, 100 * 1024, 300 * 1024]
                        .choose(rng)
                        .unwrap_or(&20000),
                ),
            ),
            9 => Message::Frame(Frame::message(
                vec![0xc3, 0x28, 0xff],
                OpCode::Data(Data::Text),
                true,
            )),
            10 => Message::Frame(odd_frame(rng)),
            _ => Message::Close(None),
        };
        self.stats.frames += 1;
        self.ws_sent += 1;
        let Some((_, ws)) = self.ws.as_mut() else {
            return;
        };
        let sent = tokio::time::timeout(Duration::from_secs(5), ws.send(msg)).await;
        if !matches!(sent, Ok(Ok(()))) {
            self.ws = None;
            return;
        }
        self.drain_ws(Duration::from_millis(3)).await;
    }

    /// Reads what the server has sent (up to `wait` for each message):
    /// every message JSON of a known type, never an internal error.
    async fn drain_ws(&mut self, wait: Duration) {
        while let Some((id, ws)) = self.ws.as_mut() {
            let next = match tokio::time::timeout(wait, ws.next()).await {
                Err(_) => return,
                Ok(n) => n,
            };
            let text = match next {
                Some(Ok(Message::Text(t))) => t,
                Some(Ok(Message::Close(c))) => {
                    let code = c.map(|c| u16::from(c.code)).unwrap_or(0);
                    *self.stats.ws_closes.entry(code).or_default() += 1;
                    self.ws = None;
                    return;
                }
                Some(Ok(_)) => continue,
                // Dropped without a close frame (a protocol error).
                None | Some(Err(_)) => {
                    *self.stats.ws_closes.entry(0).or_default() += 1;
                    self.ws = None;
                    return;
                }
            };
            let id = id.clone();
            let Ok(v) = serde_json::from_str::<Value>(&text) else {
                self.stats.finding(format!("ws message not JSON: {text}"));
                continue;
            };
            let kind = match v["type"].as_str() {
                Some("error") => format!("error:{}", v["error"].as_str().unwrap_or("?")),
                Some(t) => t.to_string(),
                None => "?".into(),
            };
            if !["state", "ack", "rematch"].contains(&kind.as_str()) && !kind.starts_with("error:")
                || kind == "error:internal"
                || kind == "error:storage"
            {
                self.stats.finding(format!("ws message {text}"));
            }
            if kind == "ack" {
                self.stats.moves_played += 1;
            }
            if kind == "state"
                && let Some(g) = self.games.iter_mut().find(|g| g.id == id)
            {
                g.state = v["state"].clone();
            }
            *self.stats.ws_replies.entry(kind).or_default() += 1;
        }
    }

    /// The run: `requests` HTTP requests and `frames` WebSocket frames,
    /// shuffled, with legal moves among them.
    async fn run(&mut self, requests: u64, frames: u64) {
        while self.stats.requests < requests || self.stats.frames < frames {
            let want_frame = self.stats.frames < frames
                && (self.stats.requests >= requests
                    || self
                        .rng
                        .random_bool(frames as f64 / (requests + frames) as f64));
            if want_frame {
                self.fuzz_frame().await;
                continue;
            }
            match self.rng.random_range(0..100) {
                0..=64 => self.fuzz_request().await,
                65..=96 => self.legal_move().await,
                _ => self.garbage().await,
            }
        }
        if let Some((_, mut ws)) = self.ws.take() {
            let _ = tokio::time::timeout(Duration::from_secs(1), ws.close(None)).await;
        }
    }
}

/// A game's state and positions, read while nobody moved in between
/// (programs may be playing).
async fn settled(f: &mut Fuzzer, id: &str) -> Option<(Value, Vec<Value>)> {
    for _ in 0..100 {
        let a = f.get(&format!("/api/games/{id}")).await?;
        let p = f.get(&format!("/api/games/{id}/positions")).await?;
        let b = f.get(&format!("/api/games/{id}")).await?;
        if a["ply"] == b["ply"] && p["positions"].as_array()?.len() as u64 == b["ply"].as_u64()? + 1
        {
            return Some((b, p["positions"].as_array()?.clone()));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    None
}

/// Replays a game's history through the rules: every position must be the
/// stored one, and so must the legal moves at the end.
fn replays(state: &Value, positions: &[Value]) -> Result<(), String> {
    let name = state["game"].as_str().ok_or("no game")?;
    let mut g = kyoku_games::new_game(name, &state["options"]).map_err(|e| e.to_string())?;
    let history = state["history"].as_array().ok_or("no history")?;
    if positions.len() != history.len() + 1 {
        return Err(format!(
            "{} positions for {} moves",
            positions.len(),
            history.len()
        ));
    }
    if positions[0] != g.position_text().as_str() {
        return Err(format!("start {} ≠ {}", positions[0], g.position_text()));
    }
    for (k, h) in history.iter().enumerate() {
        let mv = h["move"].as_str().ok_or("a move without text")?;
        g.play(mv)
            .map_err(|e| format!("move {} {mv}: {e}", k + 1))?;
        if positions[k + 1] != g.position_text().as_str() {
            return Err(format!(
                "after move {} {mv}: {} ≠ {}",
                k + 1,
                positions[k + 1],
                g.position_text()
            ));
        }
    }
    if state["position"] != g.position_text().as_str() {
        return Err(format!(
            "position {} ≠ replayed {}",
            state["position"],
            g.position_text()
        ));
    }
    if state["legal_moves"] != json!(g.legal_moves()) {
        return Err(format!(
            "legal moves {} ≠ replayed {:?}",
            state["legal_moves"],
            g.legal_moves()
        ));
    }
    Ok(())
}

/// Checks every game the server holds against a replay of its history;
/// returns each game's history.
async fn check_games(f: &mut Fuzzer, ids: &[String]) -> HashMap<String, Value> {
    let mut histories = HashMap::new();
    for id in ids {
        match settled(f, id).await {
            None => f
                .stats
                .finding(format!("game {id} cannot be read (or never settles)")),
            Some((state, positions)) => {
                if let Err(e) = replays(&state, &positions) {
                    f.stats.finding(format!("game {id} does not replay: {e}"));
                }
                histories.insert(id.clone(), state["history"].clone());
            }
        }
    }
    histories
}

fn config(db: &Path) -> Config {
    Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        db: db.to_path_buf().into(),
        ai_threads: Some(1),
        sync: kyoku_server::store::SyncMode::Normal,
        sockets: kyoku_server::SocketLimits::default(),
        // Games end and are replaced; the limit still answers 429 now and
        // then.
        new_games_per_minute: 600,
        abandon_after: None,
        keep_idle: kyoku_server::KEEP_IDLE,
        secure_cookies: false,
        connections: kyoku_server::ConnectionLimits::default(),
    }
}

/// Fuzzing clients running at once.
const CLIENTS: u64 = 3;

impl Fuzzer {
    /// Takes in a client's counts and the games it made.
    fn absorb(&mut self, w: Fuzzer) {
        let s = w.stats;
        self.stats.requests += s.requests;
        self.stats.frames += s.frames;
        self.stats.moves_played += s.moves_played;
        self.stats.no_answer += s.no_answer;
        for (k, n) in s.statuses {
            *self.stats.statuses.entry(k).or_default() += n;
        }
        for (k, n) in s.ws_replies {
            *self.stats.ws_replies.entry(k).or_default() += n;
        }
        for (k, n) in s.ws_closes {
            *self.stats.ws_closes.entry(k).or_default() += n;
        }
        for f in s.findings {
            self.stats.finding(f);
        }
        for id in w.all_ids {
            if !self.all_ids.contains(&id) {
                self.all_ids.push(id);
            }
        }
    }
}

/// A fuzzing run against a fresh server, then the checks (also after a
/// restart on the same database).
async fn fuzz(seed: u64, requests: u64, frames: u64) -> Stats {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("kyoku.db");
    let server = Server::start(config(&db)).await.unwrap();
    let mut f = Fuzzer::new(server.addr(), seed);
    f.setup().await;
    // Clients at once, on the same games: moves race each other.
    let mut workers = tokio::task::JoinSet::new();
    for k in 0..CLIENTS {
        let mut w = Fuzzer::new(server.addr(), seed.wrapping_mul(1000).wrapping_add(k + 1));
        w.games = f.games.clone();
        workers.spawn(async move {
            w.run(requests / CLIENTS, frames / CLIENTS).await;
            w
        });
    }
    while let Some(w) = workers.join_next().await {
        f.absorb(w.expect("a fuzzing client panicked"));
    }

    if f.get("/api/games").await.is_none() {
        f.stats
            .finding("GET /api/games does not answer after the run".into());
    }
    let mut ids = f.all_ids.clone();
    for status in ["open", "active", "finished"] {
        let listed = f
            .get(&format!("/api/games?status={status}&limit=200"))
            .await;
        for g in listed
            .as_ref()
            .and_then(|l| l["games"].as_array())
            .into_iter()
            .flatten()
        {
            if let Some(id) = g["id"].as_str().filter(|id| !ids.iter().any(|i| i == id)) {
                ids.push(id.to_string());
            }
        }
    }
    let before = check_games(&mut f, &ids).await;
    server.stop().await;

    let server = Server::start(config(&db)).await.unwrap();
    for p in server.problems() {
        f.stats.finding(format!("after the restart: {p}"));
    }
    f.client = Client {
        addr: server.addr(),
        conn: None,
    };
    let after = check_games(&mut f, &ids).await;
    for (id, old) in &before {
        let new = after
            .get(id)
            .and_then(|h| h.as_array())
            .cloned()
            .unwrap_or_default();
        let old = old.as_array().cloned().unwrap_or_default();
        if new.len() < old.len() || new[..old.len()] != old[..] {
            f.stats.finding(format!(
                "game {id} lost moves in the restart: {} → {}",
                old.len(),
                new.len()
            ));
        }
    }
    server.stop().await;
    f.stats
}

fn report(s: &Stats) {
    println!(
        "fuzz: {} requests, {} frames, {} moves played, {} unanswered",
        s.requests, s.frames, s.moves_played, s.no_answer
    );
    println!("fuzz: status codes {:?}", s.statuses);
    println!(
        "fuzz: websocket replies {:?}, closes {:?}",
        s.ws_replies, s.ws_closes
    );
    println!("fuzz: {} findings", s.findings.len());
    for f in &s.findings {
        println!("  finding: {f}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_fuzzing_run_finds_nothing() {
    let s = fuzz(1, 2000, 500).await;
    report(&s);
    assert!(s.findings.is_empty(), "{:#?}", s.findings);
    assert!(s.moves_played >= 100, "the games hardly moved: {s:?}");
    assert!(
        s.statuses.get(&400).is_some_and(|&n| n > 50),
        "little was refused: {s:?}"
    );
}

/// The long run CI calls by name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "half a minute or more: cargo test --workspace --test fuzz -- --ignored --nocapture"]
async fn a_long_fuzzing_run_finds_nothing() {
    let var = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .map(|v| {
                v.parse()
                    .unwrap_or_else(|_| panic!("{name} must be a number, not {v:?}"))
            })
            .unwrap_or(default)
    };
    let requests = var("KYOKU_FUZZ_REQUESTS", 50_000);
    let seed = var("KYOKU_FUZZ_SEED", 1);
    println!(
        "fuzz: seed {seed}, {requests} requests, {} frames",
        requests / 4
    );
    let s = fuzz(seed, requests, requests / 4).await;
    report(&s);
    assert!(
        s.findings.is_empty(),
        "{} findings (above)",
        s.findings.len()
    );
}
