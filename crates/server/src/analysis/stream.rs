//! `GET /api/analyze/ws`: deeper analyses streamed while a page is open.
//! The client sends a request (the body of `POST /api/analyze`, with an
//! optional `"ref"` echoed back); the server answers
//! `{"type":"analysis","ref","analysis"}` for the request's budget, then
//! for ever deeper ones (one ply deeper, or twice the time or playouts)
//! until the cap per request, the table's exact answer or a search that
//! stopped at the time cap — then `{"type":"done","ref"}`. A new request
//! replaces the one running. Each request counts against the client's
//! allowance as a `POST` does; each step is one job on the analysis pool
//! (so a stream holds no worker between steps) and goes through the
//! cache. The origin is checked as for the game sockets (the `/api`
//! router's `same_origin_only`).

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::response::Response;
use kyoku_games::analyse::{AnalyseRequest, Budget};
use serde_json::{Value, json};
use tokio::task::JoinHandle;

use super::request::{self, Body};
use crate::BODY_LIMIT;
use crate::app::App;
use crate::error::ApiError;
use crate::limit::Bucket;
use crate::ops::GOING_AWAY;

/// Messages per second a connection may send on average, and at once.
const RATE: f64 = 5.0;
const BURST: f64 = 10.0;
/// Refused messages after which a connection is closed.
const MAX_REFUSED: u32 = 100;
const PING_EVERY: Duration = Duration::from_secs(30);
/// The reason sent with [`GOING_AWAY`].
const GOING_AWAY_REASON: &str = "the server is shutting down; reconnect";

/// A place among the analysis sockets; given back when dropped.
struct Pass(Arc<App>);

impl Drop for Pass {
    fn drop(&mut self) {
        self.0.analysis.sockets.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The upgrade: 503 `busy` when the server has its most analysis sockets.
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = ws.map_err(|r| ApiError::bad_request(r.body_text()))?;
    let most = app.analysis.inner().settings.sockets;
    if app.analysis.sockets.fetch_add(1, Ordering::Relaxed) >= most {
        app.analysis.sockets.fetch_sub(1, Ordering::Relaxed);
        return Err(ApiError::busy(format!(
            "the server has {most} analysis connections, its limit; try again later"
        )));
    }
    let pass = Pass(app.clone());
    Ok(ws
        .read_buffer_size(crate::ws::READ_BUFFER)
        .max_message_size(BODY_LIMIT)
        .max_frame_size(BODY_LIMIT)
        .on_upgrade(move |socket| async move {
            connection(app, client.ip(), socket).await;
            drop(pass);
        }))
}

/// The request being streamed: its latest step running on the pool.
struct Step {
    req: AnalyseRequest,
    reference: Value,
    task: JoinHandle<Result<Value, ApiError>>,
}

impl Step {
    fn start(app: &Arc<App>, req: AnalyseRequest, reference: Value) -> Step {
        let (a, r) = (app.clone(), req.clone());
        let task = tokio::spawn(async move { a.analysis.inner().analyse(r).await });
        Step {
            req,
            reference,
            task,
        }
    }
}

impl Drop for Step {
    fn drop(&mut self) {
        // A replaced request's step is not awaited (its pool job ends by
        // the cap anyway).
        self.task.abort();
    }
}

fn text(v: Value) -> Message {
    Message::text(v.to_string())
}

fn error_msg(reference: &Value, e: &ApiError) -> Message {
    let mut v = json!({"type": "error", "ref": reference, "error": e.code, "message": e.message});
    if let Some(s) = e.retry_after {
        v["retry_after"] = json!(s);
    }
    text(v)
}

/// One connection.
async fn connection(app: Arc<App>, client: IpAddr, mut socket: WebSocket) {
    let mut bucket = Bucket::full(RATE, BURST);
    let mut refused = 0u32;
    let mut current: Option<Step> = None;
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    let mut going = app.ops.going_away();
    if *going.borrow_and_update() {
        return close(&mut socket, GOING_AWAY, GOING_AWAY_REASON).await;
    }
    loop {
        tokio::select! {
            _ = going.changed() => {
                return close(&mut socket, GOING_AWAY, GOING_AWAY_REASON).await;
            }
            out = async { match current.as_mut() {
                Some(step) => (&mut step.task).await,
                None => std::future::pending().await,
            } } => {
                let Some(step) = current.take() else { continue };
                let out = out.unwrap_or_else(|e| Err(ApiError::internal(e.to_string())));
                let (reply, next) = answered(&app, step, out);
                for m in reply {
                    if socket.send(m).await.is_err() {
                        return;
                    }
                }
                current = next;
            }
            msg = socket.recv() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(Message::Binary(_))) => {
                        let e = ApiError::bad_request("send requests as JSON text messages");
                        if socket.send(error_msg(&Value::Null, &e)).await.is_err() {
                            return;
                        }
                        continue;
                    }
                    Some(Ok(_)) => continue,
                };
                if bucket.take().is_err() {
                    refused += 1;
                    if refused >= MAX_REFUSED {
                        return close(&mut socket, 1008, "too many messages").await;
                    }
                    if socket.send(error_msg(&Value::Null, &ApiError::rate_limited())).await.is_err() {
                        return;
                    }
                    continue;
                }
                match asked(&app, client, text.as_str()) {
                    Ok((req, reference)) => current = Some(Step::start(&app, req, reference)),
                    Err((reference, e)) => {
                        if socket.send(error_msg(&reference, &e)).await.is_err() {
                            return;
                        }
                    }
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

/// A request message read, checked and admitted, with its `"ref"`.
fn asked(
    app: &App,
    client: IpAddr,
    text: &str,
) -> Result<(AnalyseRequest, Value), (Value, ApiError)> {
    let mut v: Value = serde_json::from_str(text)
        .map_err(|e| (Value::Null, ApiError::bad_request(format!("bad JSON: {e}"))))?;
    let reference = v
        .as_object_mut()
        .and_then(|o| {
            o.remove("type");
            o.remove("ref")
        })
        .unwrap_or(Value::Null);
    let body: Body = serde_json::from_value(v).map_err(|e| {
        let e = ApiError::bad_request(format!("bad analysis request: {e}"));
        (reference.clone(), e)
    })?;
    let req = request::read(body).map_err(|e| (reference.clone(), e))?;
    app.analysis
        .inner()
        .admit(client)
        .map_err(|e| (reference.clone(), e))?;
    Ok((req, reference))
}

/// What a finished step sends, and the next step: deeper unless the
/// answer is exact (the table's), the search stopped short of the depth
/// asked (the time cap), or the budget is at the cap.
fn answered(
    app: &Arc<App>,
    step: Step,
    out: Result<Value, ApiError>,
) -> (Vec<Message>, Option<Step>) {
    let analysis = match out {
        Ok(v) => v,
        Err(e) => return (vec![error_msg(&step.reference, &e)], None),
    };
    let exact = analysis["source"] == "table";
    let short = match (step.req.budget, analysis["depth"].as_u64()) {
        (Budget::Depth(asked), Some(reached)) => reached < u64::from(asked),
        _ => false,
    };
    let msg = text(json!({"type": "analysis", "ref": step.reference, "analysis": analysis}));
    let next = (!exact && !short)
        .then(|| request::deeper(step.req.game, step.req.budget))
        .flatten();
    match next {
        Some(budget) => {
            let mut req = step.req.clone();
            req.budget = budget;
            let next = Step::start(app, req, step.reference.clone());
            (vec![msg], Some(next))
        }
        None => {
            let done = text(json!({"type": "done", "ref": step.reference}));
            (vec![msg, done], None)
        }
    }
}

/// Closes with `code` and `reason`.
async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}
