//! What an operator's load balancer and monitoring ask of the server:
//! `GET /healthz` (the process answers), `GET /readyz` (the store answers),
//! `GET /metrics` (Prometheus), and the graceful shutdown: stop accepting,
//! let the changes under way finish, close every WebSocket with 1001
//! (going away) so clients reconnect elsewhere. The state they read and
//! change is [`crate::ops::Ops`].
//!
//! The readiness check asks [`crate::store::Store::ready`], whatever engine
//! stands behind the store; nothing here knows it is SQLite.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;

use crate::app::App;
use crate::error::ApiError;
use crate::ops::{Drained, PROBE_TIMEOUT};

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
    m.store_away
        .set(i64::from(app.store.health().away_since().is_some()));
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
