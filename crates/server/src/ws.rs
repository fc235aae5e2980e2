//! `GET /api/games/{id}/ws`: the state on connect and on every change;
//! moves and game actions in, acks and errors out; a bounded message rate
//! per connection. A connection that has acted for a seat (proved its
//! token) is told that seat's place and token in the rematch once agreed.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use serde_json::{Value, json};
use tokio::sync::watch;

use crate::BODY_LIMIT;
use crate::actions::{ActionKind, ActionRequest, rematch_place};
use crate::app::{App, MoveRequest};
use crate::error::ApiError;
use crate::extract::GameId;
use crate::limit::Bucket;
use crate::live::Snapshot;
use crate::ops::GOING_AWAY;
use crate::players::Viewer;
use crate::store::StoreStatus;
use crate::tokens::parse_token;

/// Messages per second a connection may send on average.
pub const RATE: f64 = 20.0;
/// Messages a connection may send in a burst.
pub const BURST: f64 = 40.0;
/// Refused messages after which a connection is closed.
pub const MAX_REFUSED: u32 = 200;
/// The reason sent with [`GOING_AWAY`].
const GOING_AWAY_REASON: &str = "the server is shutting down; reconnect";
const PING_EVERY: Duration = Duration::from_secs(30);
/// The largest message the protocol layer reads at all: one over
/// [`BODY_LIMIT`] but under this is answered with a close frame (1009, "message
/// too big") rather than a dropped connection.
const READ_LIMIT: usize = 16 * BODY_LIMIT;
/// Bytes a WebSocket reads at a time. The protocol layer's default, 128
/// KiB, is zeroed before every read and stays resident per connection: at
/// 10,000 games that was 1.3 GB of the server's 1.5 GB and its largest CPU
/// cost (a `memset` per message). A client's messages are a few hundred
/// bytes; a larger one still arrives whole, the buffer grows for it.
pub(crate) const READ_BUFFER: usize = 4 * 1024;

/// The upgrade: 404 before it for an unknown game, 503 `busy` when the
/// game or the server has its most connections.
pub async fn upgrade(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    viewer: Viewer,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let slot = app.slot(&id).await?;
    let ws = ws.map_err(|r| ApiError::bad_request(r.body_text()))?;
    let pass = app.socket_pass(&slot)?;
    Ok(ws
        .read_buffer_size(READ_BUFFER)
        .max_message_size(READ_LIMIT)
        .max_frame_size(READ_LIMIT)
        .on_upgrade(move |socket| async move {
            connection(app, id, viewer.key, slot.subscribe(), socket).await;
            drop(pass);
        }))
}

/// Closes with `code` and `reason`, then finishes the close handshake
/// (reading, not answering) so the client gets everything sent before it.
async fn close(socket: &mut WebSocket, code: u16, reason: String) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    if socket.send(Message::Close(Some(frame))).await.is_err() {
        return;
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        while let Some(Ok(m)) = socket.recv().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// `{"type":"store","status":"unavailable"|"ok"}`: whether changes can be
/// stored now.
fn store_msg(status: StoreStatus) -> Message {
    Message::text(json!({"type": "store", "status": status.as_str()}).to_string())
}

fn error_msg(r: &Value, e: &ApiError) -> Message {
    Message::text(
        json!({"type": "error", "ref": r, "error": e.code, "message": e.message}).to_string(),
    )
}

/// A client's message read as `T` (a `what`: move, action); else the
/// error to send back.
fn read<T: serde::de::DeserializeOwned>(value: Value, what: &str, r: &Value) -> Result<T, Message> {
    serde_json::from_value(value).map_err(|e| {
        error_msg(
            r,
            &ApiError::bad_request(format!("bad {what} message: {e}")),
        )
    })
}

/// One connection: `states` are the game's published states.
async fn connection(
    app: Arc<App>,
    id: String,
    account: Option<String>,
    mut states: watch::Receiver<Arc<Snapshot>>,
    mut socket: WebSocket,
) {
    let first = states.borrow_and_update().ws.clone();
    if socket.send(Message::Text(first)).await.is_err() {
        return;
    }
    let mut bucket = Bucket::full(RATE, BURST);
    let mut refused = 0u32;
    // The seats this connection has proved tokens for, and whether the
    // rematch was told.
    let mut seats: Vec<(usize, String)> = Vec::new();
    let mut told_rematch = false;
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    // The server going away: close with 1001 so the client reconnects
    // (elsewhere, or after the restart).
    let mut going = app.ops.going_away();
    let gone = *going.borrow_and_update();
    if gone {
        close(&mut socket, GOING_AWAY, GOING_AWAY_REASON.into()).await;
        return;
    }
    // The database away and back: told, the connection stays open.
    let mut store = app.store.health().subscribe();
    let status = *store.borrow_and_update();
    if status != StoreStatus::Ok && socket.send(store_msg(status)).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            changed = store.changed() => {
                if changed.is_err() {
                    return;
                }
                let status = *store.borrow_and_update();
                if socket.send(store_msg(status)).await.is_err() {
                    return;
                }
            }
            _ = going.changed() => {
                close(&mut socket, GOING_AWAY, GOING_AWAY_REASON.into()).await;
                return;
            }
            changed = states.changed() => {
                if changed.is_err() {
                    return;
                }
                let snap = states.borrow_and_update().clone();
                if socket.send(Message::Text(snap.ws.clone())).await.is_err() {
                    return;
                }
                if let Some(new_id) = snap.rematch.as_deref().filter(|_| !told_rematch) {
                    told_rematch = true;
                    let n = snap.entry.seats.len();
                    for msg in rematch_messages(&id, new_id, &seats, n) {
                        if socket.send(msg).await.is_err() {
                            return;
                        }
                    }
                }
            }
            msg = socket.recv() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let e = ApiError::bad_request("send moves as JSON text messages");
                        if socket.send(error_msg(&Value::Null, &e)).await.is_err() {
                            return;
                        }
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue, // ping/pong: answered by the library
                };
                if text.len() > BODY_LIMIT {
                    let reason = format!("message too big: {} bytes, at most {BODY_LIMIT}", text.len());
                    close(&mut socket, 1009, reason).await;
                    return;
                }
                if bucket.take().is_err() {
                    refused += 1;
                    if refused >= MAX_REFUSED {
                        close(&mut socket, 1008, "too many messages".into()).await;
                        return;
                    }
                    if socket.send(error_msg(&Value::Null, &ApiError::rate_limited())).await.is_err() {
                        return;
                    }
                    continue;
                }
                let (reply, proved) = handle(&app, &id, account.as_deref(), text.as_str()).await;
                if let Some(p) = proved.filter(|p| !seats.contains(p)) {
                    seats.push(p);
                }
                if socket.send(reply).await.is_err() {
                    return;
                }
            }
            _ = ping.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// The rematch's places of the seats a connection proved tokens for.
fn rematch_messages(
    old_id: &str,
    new_id: &str,
    seats: &[(usize, String)],
    n: usize,
) -> Vec<Message> {
    seats
        .iter()
        .filter_map(|(seat, token)| {
            let token = parse_token(token)?;
            let place = rematch_place(n, old_id, new_id, seat - 1, Some(&token));
            let msg = json!({
                "type": "rematch",
                "id": place.id,
                "seat": place.seat,
                "token": place.token,
            });
            Some(Message::text(msg.to_string()))
        })
        .collect()
}

/// One message from the client: a move (`"type"` missing or `"move"`) or
/// a game action (`"type"`: `resign`, `abort`, `draw`, `takeback`,
/// `rematch`, `name`); the answer is an ack or an error, and the seat and token
/// when they proved right.
async fn handle(
    app: &Arc<App>,
    id: &str,
    account: Option<&str>,
    text: &str,
) -> (Message, Option<(usize, String)>) {
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let e = ApiError::bad_request(format!("bad JSON: {e}"));
            return (error_msg(&Value::Null, &e), None);
        }
    };
    let r = value.get("ref").cloned().unwrap_or(Value::Null);
    let kind = match value.get("type") {
        None => None,
        Some(Value::String(t)) if t == "move" => None,
        Some(Value::String(t)) => match ActionKind::of_path(t) {
            Some(k) => Some(k),
            None => {
                let e = ApiError::bad_request(format!(
                    "unknown message type {t:?}: move, resign, abort, draw, takeback, rematch or name"
                ));
                return (error_msg(&r, &e), None);
            }
        },
        Some(_) => {
            let e = ApiError::bad_request("\"type\" must be a string");
            return (error_msg(&r, &e), None);
        }
    };
    let account = account.map(str::to_string);
    match kind {
        None => play(app, id, account, value, r).await,
        Some(kind) => act(app, id, kind, account, value, r).await,
    }
}

async fn play(
    app: &Arc<App>,
    id: &str,
    account: Option<String>,
    value: Value,
    r: Value,
) -> (Message, Option<(usize, String)>) {
    let mut req: MoveRequest = match read(value, "move", &r) {
        Ok(req) => req,
        Err(refused) => return (refused, None),
    };
    req.account = account;
    let proved = req.token.clone().map(|t| (req.seat, t));
    match app.play(id, req).await {
        Ok(p) => (
            Message::text(
                json!({"type": "ack", "ref": r, "move": p.text, "ply": p.ply}).to_string(),
            ),
            proved,
        ),
        Err(e) => (error_msg(&r, &e), None),
    }
}

async fn act(
    app: &Arc<App>,
    id: &str,
    kind: ActionKind,
    account: Option<String>,
    value: Value,
    r: Value,
) -> (Message, Option<(usize, String)>) {
    let mut req: ActionRequest = match read(value, "action", &r) {
        Ok(req) => req,
        Err(refused) => return (refused, None),
    };
    req.account = account;
    let proved = req.token.clone().map(|t| (req.seat, t));
    match app.act(id, kind, req).await {
        Ok(acted) => {
            let msg = json!({"type": "ack", "ref": r, "action": kind, "rematch": acted.rematch});
            (Message::text(msg.to_string()), proved)
        }
        Err(e) => (error_msg(&r, &e), None),
    }
}
