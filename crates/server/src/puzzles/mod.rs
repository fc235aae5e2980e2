//! The puzzles API: the next puzzle near a solver's rating, a try at one,
//! a puzzle with its solution, and how many each game has. Every state is
//! in the store (puzzles, their ratings, accounts' attempts and ratings),
//! so any instance answers any request. Puzzles are made by
//! `kyoku puzzles make GAME`.
//!
//! A try is judged from the solver's moves alone, replayed from the
//! puzzle's position with the solution's replies played between them: the
//! page sends all of them so far with each request and keeps nothing the
//! server must trust. Only a try that ends (a wrong move or the whole
//! line) is rated — Glicko-2, the solver against the puzzle — and for an
//! account only its first try of a puzzle.

mod from_games;
mod line;

pub(crate) use from_games::cut_finished;

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use kyoku_games::GameKind;
use kyoku_rating::Rating;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::app::{App, now};
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::players::Viewer;
use crate::store::{Attempt, Attempted, PuzzleRow, pool};
use crate::views::BoardView;
use line::{Refused, Verdict};

/// The puzzles routes under `/api`.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/puzzles/next", get(next))
        .route("/puzzles/stats", get(stats))
        .route("/puzzles/{id}", get(one))
        .route("/puzzles/{id}/attempt", post(attempt))
}

fn error(status: StatusCode, code: &'static str, message: String) -> ApiError {
    ApiError {
        status,
        code,
        message,
        retry_after: None,
    }
}

/// 404 `unknown_puzzle`.
fn unknown(id: &str) -> ApiError {
    error(
        StatusCode::NOT_FOUND,
        "unknown_puzzle",
        format!("no puzzle with id {id:?}"),
    )
}

/// 404 `no_puzzles`: the game has none (stored).
fn none_of(game: GameKind) -> ApiError {
    let g = game.name();
    error(
        StatusCode::NOT_FOUND,
        "no_puzzles",
        format!(
            "there are no {g} puzzles on this server yet: make them with `kyoku puzzles make {g}`"
        ),
    )
}

fn storage(e: crate::store::StoreError) -> ApiError {
    ApiError::from_store(e)
}

/// The stored puzzle `id`; 404 `unknown_puzzle` when there is none.
async fn stored(app: &App, id: &str) -> Result<PuzzleRow, ApiError> {
    app.store
        .puzzle(id)
        .await
        .map_err(storage)?
        .ok_or_else(|| unknown(id))
}

/// A stored puzzle that does not replay: the store's data is wrong.
fn broken(e: line::BadLine) -> ApiError {
    ApiError::internal(e.to_string())
}

/// The `game` of a query, one of the catalogue's.
fn game_param(q: &HashMap<String, String>) -> Result<GameKind, ApiError> {
    let names = || GameKind::ALL.map(GameKind::name).join(", ");
    let g = q.get("game").ok_or_else(|| {
        ApiError::bad_request(format!("say which game: ?game= one of {}", names()))
    })?;
    g.parse()
        .map_err(|_| ApiError::bad_request(format!("unknown game {g:?}: one of {}", names())))
}

/// The `rating` of a query: a number (1500 when missing).
fn rating_param(q: &HashMap<String, String>) -> Result<f64, ApiError> {
    match q.get("rating") {
        None => Ok(Rating::NEW.rating),
        Some(r) => r
            .parse::<f64>()
            .ok()
            .filter(|r| r.is_finite())
            .ok_or_else(|| ApiError::bad_request(format!("rating must be a number, not {r:?}"))),
    }
}

/// An account's rating in the puzzles of `game` (a new player's before
/// its first try).
async fn account_rating(app: &App, key: &str, game: &str) -> Result<Rating, ApiError> {
    let pool = pool(game);
    let rows = app.store.ratings(key).await.map_err(storage)?;
    Ok(rows
        .into_iter()
        .find(|r| r.pool == pool)
        .map_or(Rating::NEW, |r| r.rating))
}

/// What every answer says of a puzzle before it is solved: never the
/// solution, its themes or its length.
fn shown(row: &PuzzleRow) -> Result<Value, ApiError> {
    let p = &row.puzzle;
    let game = line::start(p).map_err(broken)?;
    Ok(json!({
        "id": p.id,
        "game": p.game,
        "options": p.options,
        "position": p.position,
        "goal": p.goal,
        "rating": p.rating.round() as i64,
        "board": BoardView::of(&*game),
    }))
}

/// `GET /api/puzzles/next?game=G[&rating=R][&skip=ID]`: a puzzle near the
/// solver's rating (an account's own in `puzzles-G`, else `rating`, else
/// 1500) that the account has not tried; never `skip` (the one just
/// done).
async fn next(
    State(app): State<Arc<App>>,
    viewer: Viewer,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let game = game_param(&q)?;
    let solver = match &viewer.key {
        Some(key) => Some(account_rating(&app, key, game.name()).await?),
        None => None,
    };
    let rating = match solver {
        Some(r) => r.rating,
        None => rating_param(&q)?,
    };
    let row = app
        .store
        .next_puzzle(
            game.name(),
            rating,
            viewer.key.as_deref(),
            q.get("skip").map(String::as_str),
        )
        .await
        .map_err(storage)?
        .ok_or_else(|| none_of(game))?;
    let mut out = shown(&row)?;
    if let Some(r) = solver {
        out["solver"] = json!(r);
    }
    Ok(Json(out))
}

/// `GET /api/puzzles/stats`: how many puzzles each game has.
async fn stats(State(app): State<Arc<App>>) -> Result<Json<Value>, ApiError> {
    let counts = app.store.puzzle_counts().await.map_err(storage)?;
    let mut games = serde_json::Map::new();
    for g in GameKind::ALL {
        games.insert(g.name().into(), json!(0));
    }
    for (g, n) in &counts {
        games.insert(g.clone(), json!(n));
    }
    let total: i64 = counts.iter().map(|(_, n)| n).sum();
    Ok(Json(json!({ "games": games, "total": total })))
}

/// The whole puzzle, for review: its solution, themes and how its tries
/// went.
fn whole(row: &PuzzleRow) -> Result<Value, ApiError> {
    let mut out = shown(row)?;
    out["solution"] = json!(row.puzzle.solution);
    out["themes"] = json!(row.puzzle.themes);
    out["plies"] = json!(row.plies);
    out["attempts"] = json!(row.attempts);
    out["solved"] = json!(row.solved);
    Ok(out)
}

/// `GET /api/puzzles/{id}`: the puzzle with its solution. Anyone may ask
/// (a try's answer tells the solution anyway, and the page asks only
/// after one); for an account, `attempted` says whether it tried it.
async fn one(
    State(app): State<Arc<App>>,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let row = stored(&app, &id).await?;
    let mut out = whole(&row)?;
    if let Some(key) = &viewer.key {
        out["attempted"] = json!(app.store.attempted(key, &id).await.map_err(storage)?);
    }
    Ok(Json(out))
}

/// The body of a try.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Try {
    /// The solver's moves so far (not the replies).
    moves: Vec<String>,
    /// An anonymous solver's rating, as its browser keeps it.
    #[serde(default)]
    solver: Option<Rating>,
}

/// `POST /api/puzzles/{id}/attempt` `{"moves": [...], "solver"?}`.
async fn attempt(
    State(app): State<Arc<App>>,
    viewer: Viewer,
    Path(id): Path<String>,
    JsonBody(t): JsonBody<Try>,
) -> Result<Json<Value>, ApiError> {
    let row = stored(&app, &id).await?;
    let turns = line::turns(&row.puzzle).map_err(broken)?;
    let mut game = line::start(&row.puzzle).map_err(broken)?;
    let verdict = line::judge(&mut *game, &turns, &t.moves).map_err(|r| match r {
        Refused::Illegal { at, text, reason } => ApiError::illegal_move(format!(
            "your move {} ({text:?}) is not legal there: {reason}",
            at + 1
        )),
        Refused::TooLong { turns } => ApiError::bad_request(format!(
            "the puzzle's line has {turns} moves of yours; {} were sent",
            t.moves.len()
        )),
    })?;
    let wrong = match verdict {
        Verdict::Going { replies } => {
            return Ok(Json(json!({
                "correct": null,
                "replies": replies,
                "board": BoardView::of(&*game),
            })));
        }
        Verdict::Solved => None,
        Verdict::Wrong { at } => Some(at),
    };
    let correct = wrong.is_none();
    let a = Attempt {
        puzzle: id.clone(),
        account: viewer.key.clone(),
        solver: t.solver.unwrap_or(Rating::NEW),
        correct,
        at: now(),
    };
    let done = app
        .store
        .record_attempt(&a)
        .await
        .map_err(storage)?
        .ok_or_else(|| unknown(&id))?;
    let mut out = ended(&row, correct, &done, &*game);
    if let Some(at) = wrong {
        out["wrong_move"] = json!(at + 1);
    }
    Ok(Json(out))
}

/// The answer to a try that ended.
fn ended(row: &PuzzleRow, correct: bool, d: &Attempted, game: &dyn kyoku_games::AnyGame) -> Value {
    json!({
        "correct": correct,
        "solution": row.puzzle.solution,
        "themes": row.puzzle.themes,
        "plies": row.plies,
        "rated": d.rated,
        "rating_diff": (d.solver.rating - d.solver_before.rating).round() as i64,
        "solver": d.solver,
        "puzzle_rating": d.puzzle.rating.round() as i64,
        "puzzle_rating_diff": (d.puzzle.rating - d.puzzle_before.rating).round() as i64,
        "board": BoardView::of(game),
    })
}
