//! Game reviews: `POST /api/games/{id}/review` asks for one (a finished
//! game only), `GET` reads it. A review is stored with the game and made
//! once: the store keeps one row per game, and a worker takes a due
//! review with an atomic claim in the store, so with several instances on
//! one database exactly one makes it. Each instance runs one review at a
//! time, on the analysis pool; a review whose worker stopped giving signs
//! of life (its instance died or restarted) is taken again.

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use kyoku_games::analyse::default_budget;
use kyoku_games::{GameKind, GameStatus};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::request::{error, refusal};
use crate::app::App;
use crate::error::ApiError;
use crate::extract::GameId;
use crate::store::{ReviewClaim, ReviewEnd, ReviewRow, ReviewStatus, StoreError};

/// How often a running review tells the store it lives.
const HEARTBEAT: Duration = Duration::from_secs(5);
/// A running review silent this long is taken again (ms).
pub(crate) const STALE_MS: i64 = 60_000;
/// How often the worker looks for due reviews unasked (those of other
/// instances' requests, and stale ones).
const POLL: Duration = Duration::from_secs(10);
/// A review taken this many times without an end fails (it would stop
/// every instance that takes it).
const MAX_TRIES: i64 = 3;

fn storage(e: StoreError) -> ApiError {
    ApiError::storage(e.to_string())
}

/// What the API says of a stored review.
fn shown(row: &ReviewRow) -> Result<Value, ApiError> {
    let mut out = json!({
        "status": row.status,
        "plies": [],
        "accuracy": [],
        "progress": {"done": row.done, "total": row.total},
    });
    if let Some(text) = &row.result {
        let review: Value = serde_json::from_str(text)
            .map_err(|e| ApiError::internal(format!("a stored review is not JSON: {e}")))?;
        out["plies"] = review["plies"].clone();
        out["accuracy"] = review["accuracy"].clone();
    }
    if let Some(why) = &row.reason {
        out["reason"] = json!(why);
    }
    Ok(out)
}

/// `POST /api/games/{id}/review`: 202 with the review's status; 409
/// `game_not_over` for a game still going on.
pub(crate) async fn request(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
) -> Result<Response, ApiError> {
    let slot = app.slot(&id).await?;
    if slot.snapshot().entry.status != GameStatus::Finished {
        return Err(error(
            StatusCode::CONFLICT,
            "game_not_over",
            "only a finished game can be reviewed; analyse its positions meanwhile",
        ));
    }
    let row = app.store.request_review(&id).await.map_err(storage)?;
    if row.status == ReviewStatus::Queued {
        app.analysis.reviews.notify_one();
    }
    Ok((StatusCode::ACCEPTED, Json(shown(&row)?)).into_response())
}

/// `GET /api/games/{id}/review`: the review, its plies empty until done;
/// 404 `not_found` when never asked for.
pub(crate) async fn status(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
) -> Result<Json<Value>, ApiError> {
    let row = app
        .store
        .review(&id)
        .await
        .map_err(storage)?
        .ok_or_else(|| {
            error(
                StatusCode::NOT_FOUND,
                "not_found",
                format!("game {id:?} has no review: ask for one with POST"),
            )
        })?;
    Ok(Json(shown(&row)?))
}

/// Starts this instance's review worker: it runs due reviews one at a
/// time, woken by a request or every [`POLL`]; it stops with the server.
pub(crate) fn start_reviewer(app: &Arc<App>) {
    let weak = Arc::downgrade(app);
    let wake = app.analysis.reviews.clone();
    tokio::spawn(async move {
        loop {
            // Held only while working: a stopped server is let go.
            let Some(app) = weak.upgrade() else {
                return;
            };
            if app.ops.closing() {
                return;
            }
            run_due(&app).await;
            drop(app);
            let _ = tokio::time::timeout(POLL, wake.notified()).await;
        }
    });
}

/// Runs the due reviews, one after the other, until none is due.
async fn run_due(app: &Arc<App>) {
    loop {
        if app.ops.closing() {
            return;
        }
        match app.store.claim_review(STALE_MS).await {
            Ok(Some(claim)) => {
                let end = make(app, &claim).await;
                if let ReviewEnd::Failed(why) = &end {
                    tracing::warn!(game = %claim.game_id, reason = %why, "review failed");
                }
                match app.store.finish_review(&claim, end).await {
                    Ok(true) => {}
                    Ok(false) => {
                        tracing::info!(game = %claim.game_id, "review taken over meanwhile")
                    }
                    Err(e) => {
                        tracing::warn!(game = %claim.game_id, error = %e, "review not stored")
                    }
                }
            }
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(error = %e, "cannot look for due reviews");
                return;
            }
        }
    }
}

/// Makes the claimed review: the game's moves read from the store, the
/// review computed on the analysis pool while the store hears it lives.
async fn make(app: &Arc<App>, claim: &ReviewClaim) -> ReviewEnd {
    if claim.tries > MAX_TRIES {
        return ReviewEnd::Failed(format!(
            "given up after {MAX_TRIES} tries that did not finish"
        ));
    }
    let row = match app.store.load(&claim.game_id).await {
        Ok(Some(row)) => row,
        Ok(None) => return ReviewEnd::Failed("the game is not stored".into()),
        Err(e) => return ReviewEnd::Failed(format!("the game could not be read: {e}")),
    };
    let Ok(kind) = row.game.parse::<GameKind>() else {
        return ReviewEnd::Failed(format!("unknown game {:?}", row.game));
    };
    let options: Value = serde_json::from_str(&row.options).unwrap_or(Value::Null);
    let moves: Vec<String> = row.moves.into_iter().map(|m| m.text).collect();
    let (tx, mut progress) = mpsc::unbounded_channel::<(usize, usize)>();
    // A job made afresh for each try: a refused one is gone.
    let job = || {
        let (options, moves, tx) = (options.clone(), moves.clone(), tx.clone());
        move || {
            let mut tell = |done: usize, total: usize| {
                let _ = tx.send((done, total));
            };
            kyoku_games::analyse::review(kind, &options, &moves, default_budget(kind), &mut tell)
        }
    };
    let mut answer = loop {
        match app.analysis.inner().review_pool.submit(job()) {
            Ok(rx) => break rx,
            // Only while a given-up review of this instance still runs.
            Err(_) => tokio::time::sleep(Duration::from_millis(500)).await,
        }
    };
    let mut last = (0usize, 0usize);
    let mut beat = tokio::time::interval(HEARTBEAT);
    loop {
        tokio::select! {
            out = &mut answer => {
                return match out {
                    Ok(Ok(review)) => match serde_json::to_string(&review) {
                        Ok(text) => ReviewEnd::Done(text),
                        Err(e) => ReviewEnd::Failed(format!("the review could not be written: {e}")),
                    },
                    Ok(Err(e)) => ReviewEnd::Failed(refusal(e).message),
                    Err(_) => ReviewEnd::Failed("the review stopped unexpectedly".into()),
                };
            }
            Some(p) = progress.recv() => last = p,
            _ = beat.tick() => {
                let (done, total) = (last.0 as i64, last.1 as i64);
                if let Ok(false) = app.store.review_progress(claim, done, total).await {
                    // Taken over: the other worker's end is the one kept.
                    return ReviewEnd::Failed("taken over by another worker".into());
                }
            }
        }
    }
}
