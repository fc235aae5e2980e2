//! What an operator's load balancer and monitoring ask of the server:
//! `GET /healthz` (the process answers), `GET /readyz` (the store answers),
//! `GET /metrics` (Prometheus), and the graceful shutdown: stop accepting,
//! let the changes under way finish, close every WebSocket with 1001
//! (going away) so clients reconnect elsewhere.
//!
//! The readiness check asks [`crate::store::Store::ready`], whatever engine
//! stands behind the store; nothing here knows it is SQLite.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;
use tokio::sync::watch;

use crate::app::App;
use crate::error::ApiError;
use crate::metrics::Metrics;

/// How long `/readyz` waits for the store's answer.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(1);

/// The WebSocket close code of a server going away (RFC 6455).
pub const GOING_AWAY: u16 = 1001;

/// The server's life as operators see it, and its metrics.
#[derive(Debug)]
pub struct Ops {
    /// Every metric.
    pub metrics: Metrics,
    /// Start-up is over (games restored, programs resumed).
    started: AtomicBool,
    /// The shutdown has begun: no new change is accepted.
    closing: AtomicBool,
    /// Changes (moves, actions, joins, new games) under way.
    changes: AtomicUsize,
    /// Whether the last readiness check passed (to log changes only).
    was_ready: AtomicBool,
    /// Turns `true` when every WebSocket must close.
    going_away: watch::Sender<bool>,
}

impl Default for Ops {
    fn default() -> Self {
        Ops {
            metrics: Metrics::new(),
            started: AtomicBool::new(false),
            closing: AtomicBool::new(false),
            changes: AtomicUsize::new(0),
            was_ready: AtomicBool::new(true),
            going_away: watch::channel(false).0,
        }
    }
}

/// A change's place among those under way; given back when dropped.
pub struct ChangePass(Arc<Ops>);

impl Drop for ChangePass {
    fn drop(&mut self) {
        self.0.changes.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What a shutdown left undone when its grace ran out.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Drained {
    /// Changes still under way.
    pub changes_left: usize,
    /// WebSocket connections still open.
    pub sockets_left: usize,
}

impl Ops {
    /// Start-up is over: `/readyz` may answer 200.
    pub fn set_started(&self) {
        self.started.store(true, Ordering::SeqCst);
    }

    /// A place for one more change, or 503 `unavailable` once the shutdown
    /// has begun (the client retries on another instance or after the
    /// restart; nothing was stored).
    pub fn enter(self: &Arc<Self>) -> Result<ChangePass, ApiError> {
        // Counted before the check: the shutdown sets `closing` and then
        // waits for the count, so no change slips between the two.
        self.changes.fetch_add(1, Ordering::SeqCst);
        let pass = ChangePass(self.clone());
        if self.closing.load(Ordering::SeqCst) {
            return Err(ApiError::unavailable(
                "the server is shutting down; try again in a moment",
            ));
        }
        Ok(pass)
    }

    /// Turns `true` when the WebSocket connections must close.
    pub fn going_away(&self) -> watch::Receiver<bool> {
        self.going_away.subscribe()
    }

    /// Begins the shutdown: no new change is accepted.
    pub(crate) fn close(&self) {
        self.closing.store(true, Ordering::SeqCst);
    }

    /// Whether the shutdown has begun.
    pub fn closing(&self) -> bool {
        self.closing.load(Ordering::SeqCst)
    }
}

/// `/healthz`, `/readyz` and `/metrics`, outside `/api/`.
pub fn routes(app: Arc<App>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .with_state(app)
}

/// The process answers.
async fn healthz() -> Json<serde_json::Value> {
    Json(json!({"status": "ok"}))
}

/// 200 when the store answers a trivial query within [`PROBE_TIMEOUT`];
/// 503 `unavailable` while starting, shutting down, or when it does not.
async fn readyz(State(app): State<Arc<App>>) -> Response {
    let ops = &app.ops;
    let verdict = if ops.closing() {
        Err("the server is shutting down".to_string())
    } else if !ops.started.load(Ordering::SeqCst) {
        Err("the server is starting".to_string())
    } else {
        app.store
            .ready(PROBE_TIMEOUT)
            .await
            .map_err(|e| e.to_string())
    };
    let ready = verdict.is_ok();
    if ops.was_ready.swap(ready, Ordering::SeqCst) != ready {
        match &verdict {
            Ok(()) => tracing::info!("ready again: the store answers"),
            Err(why) => tracing::warn!(reason = %why, "not ready"),
        }
    }
    match verdict {
        Ok(()) => Json(json!({"status": "ready"})).into_response(),
        Err(why) => ApiError::unavailable(why).into_response(),
    }
}

/// The metrics in the OpenMetrics text format.
async fn metrics(State(app): State<Arc<App>>) -> Response {
    let m = &app.ops.metrics;
    m.games_in_memory.set(app.games_in_memory() as i64);
    m.websockets_open.set(app.sockets_open() as i64);
    m.games_unreplayable.set(app.unreplayable_games() as i64);
    (
        StatusCode::OK,
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        m.encode(),
    )
        .into_response()
}

/// Counts every answer by its status class.
pub async fn count_requests(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    let res = next.run(req).await;
    app.ops.metrics.count_request(res.status().as_u16());
    res
}

/// Waits until `done` holds, polling, for `grace` at most; whether it held.
async fn wait_until(grace: Duration, done: impl Fn() -> bool) -> bool {
    let end = Instant::now() + grace;
    while !done() {
        if Instant::now() >= end {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    true
}

/// The graceful shutdown, once the server has stopped accepting
/// connections: refuses new changes, waits (`grace` at most) for those
/// under way — their clients get their acknowledgements —, then closes
/// every WebSocket with 1001 and waits (`grace` at most) for them to go.
pub async fn drain(app: &Arc<App>, grace: Duration) -> Drained {
    let ops = &app.ops;
    ops.closing.store(true, Ordering::SeqCst);
    tracing::info!(
        changes = ops.changes.load(Ordering::SeqCst),
        websockets = app.sockets_open(),
        "shutting down: finishing the changes under way"
    );
    wait_until(grace, || ops.changes.load(Ordering::SeqCst) == 0).await;
    // Another instance may take the games over at once.
    app.give_back_leases().await;
    ops.going_away.send_replace(true);
    wait_until(grace, || app.sockets_open() == 0).await;
    let left = Drained {
        changes_left: ops.changes.load(Ordering::SeqCst),
        sockets_left: app.sockets_open(),
    };
    if left == Drained::default() {
        tracing::info!("shut down: every change finished, every WebSocket closed");
    } else {
        tracing::warn!(
            changes_left = left.changes_left,
            websockets_left = left.sockets_left,
            "shut down with work left after {grace:?}"
        );
    }
    left
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_are_counted_and_refused_once_closing() {
        let ops = Arc::new(Ops::default());
        let a = ops.enter().expect("open for changes");
        let b = ops.enter().expect("open for changes");
        assert_eq!(ops.changes.load(Ordering::SeqCst), 2);
        ops.closing.store(true, Ordering::SeqCst);
        let refused = ops.enter().err().expect("refused while closing");
        assert_eq!(refused.code, "unavailable");
        assert_eq!(
            ops.changes.load(Ordering::SeqCst),
            2,
            "a refusal leaves no count"
        );
        drop((a, b));
        assert_eq!(ops.changes.load(Ordering::SeqCst), 0);
    }
}
