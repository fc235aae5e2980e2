//! Slow, idle and too many connections: the header and idle timeouts close
//! them, the connection cap refuses one too many with a `503 busy`, and
//! WebSockets stay open however quiet.
//!
//! Timeouts here are a second or two; the bounds checked are generous
//! (a shared machine may be slow), never exact times.

use std::time::Duration;

mod common;

use common::{Env, Ws};
use futures_util::StreamExt;
use kyoku_server::ConnectionLimits;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// What the tests wait at most for a timer that should have run out.
const BOUND: Duration = Duration::from_secs(20);
/// Longer than any test: the timer a test does not look at.
const NEVER: Duration = Duration::from_secs(3600);

/// A server with the connection limits `connections`, and a client that
/// opens a new connection for every request: an idle pooled one would
/// hold one of the places the tests count.
async fn start(connections: ConnectionLimits) -> Env {
    let mut env = common::start_with(|c| {
        c.connections = connections;
        c.ai_threads = Some(1);
        c.new_games_per_minute = 0;
    })
    .await;
    env.http = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .unwrap();
    env
}

fn limits(header: Duration, idle: Duration, max: usize) -> ConnectionLimits {
    ConnectionLimits {
        header_timeout: header,
        idle_timeout: idle,
        max,
    }
}

impl Env {
    async fn connect(&self) -> TcpStream {
        TcpStream::connect(self.server.addr()).await.unwrap()
    }

    /// A game of two people (nothing moves by itself): its id and tokens.
    async fn game(&self) -> (String, Vec<Value>) {
        self.create("dobutsu", json!({}), &["human", "human"]).await
    }

    /// A WebSocket as soon as there is a place for it (a connection just
    /// closed by a client may hold its place a moment longer).
    async fn ws_when_free(&self, id: &str) -> Ws {
        let url = format!("ws://{}/api/games/{id}/ws", self.server.addr());
        tokio::time::timeout(BOUND, async {
            loop {
                match tokio_tungstenite::connect_async(&url).await {
                    Ok((ws, _)) => return ws,
                    Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
                }
            }
        })
        .await
        .expect("a place within the bound")
    }

    /// A kept-alive connection that has been served once (so it holds a
    /// place), as soon as there is a place for it.
    async fn held_place(&self) -> TcpStream {
        tokio::time::timeout(BOUND, async {
            loop {
                let mut tcp = self.connect().await;
                tcp.write_all(b"GET /api/games HTTP/1.1\r\nhost: kyoku\r\n\r\n")
                    .await
                    .unwrap();
                let mut buf = [0u8; 12];
                if tcp.read_exact(&mut buf).await.is_ok() && &buf == b"HTTP/1.1 200" {
                    return tcp;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
        .await
        .expect("a place within the bound")
    }

    async fn status(&self, path: &str) -> reqwest::Result<u16> {
        Ok(self
            .http
            .get(self.url(path))
            .send()
            .await?
            .status()
            .as_u16())
    }
}

/// The next state message of a WebSocket (`within` at most).
async fn next_state(ws: &mut Ws, within: Duration) -> Value {
    loop {
        let m = tokio::time::timeout(within, ws.next())
            .await
            .expect("a message in time")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(t) = m {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == "state" {
                return v["state"].clone();
            }
        }
    }
}

/// Reads until the server closes the connection (end of stream or a
/// reset); everything read before. Panics if it stays open past `BOUND`.
async fn until_closed(tcp: &mut TcpStream) -> Vec<u8> {
    let mut got = Vec::new();
    let closed = tokio::time::timeout(BOUND, async {
        let mut buf = [0u8; 4096];
        loop {
            match tcp.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    assert!(
        closed.is_ok(),
        "the connection is still open after {BOUND:?}"
    );
    got
}

#[tokio::test]
async fn a_client_sending_its_headers_a_byte_a_second_is_disconnected() {
    let env = start(limits(Duration::from_secs(1), NEVER, 100)).await;
    let mut tcp = env.connect().await;
    let request =
        b"GET /api/games HTTP/1.1\r\nhost: kyoku\r\nx-slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    let (mut rd, mut wr) = tcp.split();
    let dribble = async {
        for b in request {
            if wr.write_all(&[*b]).await.is_err() {
                return false;
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        true
    };
    let closed = async {
        let mut buf = [0u8; 1024];
        loop {
            match rd.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    };
    tokio::select! {
        sent_all = dribble => assert!(!sent_all, "a slow client sent {} bytes of headers unhindered", request.len()),
        () = closed => {}
    }
    // Other clients are served as before.
    assert_eq!(env.status("/api/games").await.unwrap(), 200);
}

#[tokio::test]
async fn an_idle_connection_is_closed_after_the_idle_timeout() {
    let env = start(limits(NEVER, Duration::from_secs(1), 100)).await;
    // Kept alive after an answer.
    let mut tcp = env.connect().await;
    tcp.write_all(b"GET /api/games HTTP/1.1\r\nhost: kyoku\r\n\r\n")
        .await
        .unwrap();
    let got = String::from_utf8(until_closed(&mut tcp).await).unwrap();
    assert!(got.starts_with("HTTP/1.1 200 "), "{got}");
    assert!(
        got.ends_with("{\"games\":[],\"next\":null}"),
        "one whole answer: {got}"
    );
    // Never a request at all.
    let mut silent = env.connect().await;
    assert!(until_closed(&mut silent).await.is_empty());
}

#[tokio::test]
async fn a_quiet_websocket_outlives_both_timeouts_and_gets_the_next_state() {
    let env = start(limits(Duration::from_secs(1), Duration::from_secs(1), 100)).await;
    let (id, tokens) = env.game().await;
    let mut ws = env.ws(&id).await;
    let first = next_state(&mut ws, BOUND).await;
    assert_eq!(first["ply"], 0);
    // A plain connection opened alongside is closed meanwhile: the timers
    // run, they just do not apply to the WebSocket.
    let mut plain = env.connect().await;
    until_closed(&mut plain).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let r = env
        .http
        .post(env.url(&format!("/api/games/{id}/moves")))
        .json(&json!({"seat": 1, "token": tokens[0], "move": first["legal_moves"][0]}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    assert_eq!(next_state(&mut ws, BOUND).await["ply"], 1);
}

#[tokio::test]
async fn with_every_place_taken_a_client_gets_503_busy_until_one_is_free() {
    let env = start(limits(NEVER, NEVER, 3)).await;
    let (id, _) = env.game().await;
    // Two WebSockets and one idle connection take the three places.
    let mut a = env.ws_when_free(&id).await;
    let mut b = env.ws_when_free(&id).await;
    next_state(&mut a, BOUND).await;
    next_state(&mut b, BOUND).await;
    let idle = env.held_place().await;

    // A raw client sees the whole refusal.
    let mut tcp = env.connect().await;
    tcp.write_all(b"GET /api/games HTTP/1.1\r\nhost: kyoku\r\n\r\n")
        .await
        .unwrap();
    let got = String::from_utf8(until_closed(&mut tcp).await).unwrap();
    let (head, body) = got.split_once("\r\n\r\n").expect("an HTTP answer");
    assert!(head.starts_with("HTTP/1.1 503 "), "{got}");
    assert!(head.to_ascii_lowercase().contains("connection: close"));
    let v: Value = serde_json::from_str(body).unwrap();
    assert_eq!(v["error"], "busy", "{v}");
    assert!(v["message"].as_str().unwrap().contains("connections"));
    // So does an HTTP client, and a WebSocket client.
    let r = env.http.get(env.url("/api/games")).send().await.unwrap();
    assert_eq!(r.status(), 503);
    assert_eq!(r.json::<Value>().await.unwrap()["error"], "busy");
    let url = format!("ws://{}/api/games/{id}/ws", env.server.addr());
    match tokio_tungstenite::connect_async(url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 503),
        other => panic!("a WebSocket got in: {other:?}"),
    }

    // The places come back as the connections close.
    drop(idle);
    a.close(None).await.unwrap();
    drop(a);
    b.close(None).await.unwrap();
    drop(b);
    let served = tokio::time::timeout(BOUND, async {
        loop {
            if let Ok(200) = env.status("/api/games").await {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    assert!(
        served.is_ok(),
        "not served again after the connections closed"
    );
    let mut c = env.ws_when_free(&id).await;
    next_state(&mut c, BOUND).await;
}
