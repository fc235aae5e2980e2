//! The lessons API: the lessons of each game (`kyoku_learn`), a step
//! replayed from its position with the learner's moves (the server keeps
//! no state between moves), and the stars an account earned.
//!
//! - `GET /api/lessons` → every game's lessons, in teaching order;
//! - `GET /api/lessons/{game}/{lesson}` → a lesson with each step's board;
//! - `POST /api/lessons/{game}/{lesson}/{step}` `{"moves": [...]}` → where
//!   the step stands after the learner's moves;
//! - `GET /api/lessons/progress`, `PUT /api/lessons/progress` → the
//!   account's stars.
//!
//! Words come in the request's language ([`crate::language`]).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use kyoku_games::GameKind;
use kyoku_learn::{LessonError, Status};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::app::App;
use crate::error::ApiError;
use crate::extract::body;
use crate::players::Viewer;
use crate::views::BoardView;

/// The lessons routes under `/api`.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/lessons", get(list))
        .route("/lessons/progress", get(progress).put(set_progress))
        .route("/lessons/{game}/{lesson}", get(one))
        .route("/lessons/{game}/{lesson}/{step}", post(step))
}

/// 404 `no_such_lesson`.
fn no_such(what: impl Into<String>) -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        code: "no_such_lesson",
        message: what.into(),
        retry_after: None,
    }
}

/// A lesson error as the answer it deserves: the learner's move is a 400
/// `illegal_move`, moves after the step's end a 400 `bad_request`,
/// unknown lessons and steps 404; anything else is a fault in a lesson
/// file (500).
fn lesson_error(e: LessonError) -> ApiError {
    match e {
        LessonError::IllegalMove { .. } => ApiError::illegal_move(e.to_string()),
        LessonError::StepOver { .. } => ApiError::bad_request(e.to_string()),
        LessonError::UnknownLesson { .. } | LessonError::UnknownStep { .. } => {
            no_such(e.to_string())
        }
        _ => ApiError::internal(e.to_string()),
    }
}

/// The game named in an address, or 404.
fn game_of(name: &str) -> Result<GameKind, ApiError> {
    name.parse::<GameKind>()
        .map_err(|_| no_such(format!("no game {name:?}")))
}

/// The request's language code (`en`, `de`, `ja`).
fn lang(headers: &HeaderMap) -> String {
    crate::language::of_request(headers).code().to_string()
}

/// `GET /api/lessons`: `{"games": [{"game", "lessons": [{"id", "title",
/// "intro", "steps": n}]}]}`, games in the catalogue's order.
async fn list(headers: HeaderMap) -> Result<Json<Value>, ApiError> {
    let lang = lang(&headers);
    let mut games = Vec::new();
    for game in GameKind::ALL {
        let course = kyoku_learn::course(game).map_err(lesson_error)?;
        let lessons: Vec<Value> = course
            .lessons
            .iter()
            .map(|l| {
                json!({
                    "id": l.id,
                    "title": l.title.get(&lang),
                    "intro": l.intro.get(&lang),
                    "steps": l.steps.len(),
                })
            })
            .collect();
        games.push(json!({"game": game.name(), "lessons": lessons}));
    }
    Ok(Json(json!({ "games": games })))
}

/// `GET /api/lessons/{game}/{lesson}`: the lesson with each step's goal
/// sentence, start board and star counts, and the lesson after it.
async fn one(
    headers: HeaderMap,
    Path((game, id)): Path<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    let lang = lang(&headers);
    let game = game_of(&game)?;
    let lesson = kyoku_learn::lesson(game, &id).map_err(lesson_error)?;
    let mut steps = Vec::new();
    for s in &lesson.steps {
        let start = kyoku_learn::attempt(game, s, &[]).map_err(lesson_error)?;
        steps.push(json!({
            "goal": s.text.get(&lang),
            "board": BoardView::of(&*start.game),
            "stars": s.stars,
        }));
    }
    let next =
        kyoku_learn::next(game, &lesson.id).map(|(g, l)| json!({"game": g.name(), "id": l.id}));
    Ok(Json(json!({
        "game": game.name(),
        "id": lesson.id,
        "title": lesson.title.get(&lang),
        "intro": lesson.intro.get(&lang),
        "steps": steps,
        "next": next,
    })))
}

/// The body of a step's POST.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Moves {
    moves: Vec<String>,
}

/// The most moves a step's POST may carry (no step is near it; it bounds
/// the work of one request).
const MAX_MOVES: usize = 64;

/// `POST /api/lessons/{game}/{lesson}/{step}` `{"moves": [...]}` (step
/// 0-based): `{"status": "continue"|"done"|"wrong", "board", "replies",
/// "hint", "stars"}` — the board after the last move and the opponent's
/// replies to it, the hint when wrong, the step's stars when done.
async fn step(
    headers: HeaderMap,
    Path((game, id, step)): Path<(String, String, String)>,
    b: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let game = game_of(&game)?;
    let lesson = kyoku_learn::lesson(game, &id).map_err(lesson_error)?;
    let s = step
        .parse::<usize>()
        .ok()
        .and_then(|i| lesson.steps.get(i))
        .ok_or_else(|| {
            no_such(format!(
                "the lesson has {} steps (0–{}); there is no step {step:?}",
                lesson.steps.len(),
                lesson.steps.len().saturating_sub(1)
            ))
        })?;
    let req: Moves = body(b)?;
    if req.moves.len() > MAX_MOVES {
        return Err(ApiError::bad_request(format!(
            "at most {MAX_MOVES} moves in a step"
        )));
    }
    // Replaying runs the engines (and maybe a program): off the async
    // threads.
    let moves = req.moves;
    let a = tokio::task::spawn_blocking(move || kyoku_learn::attempt(game, s, &moves))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
        .map_err(lesson_error)?;
    let lang = lang(&headers);
    let hint = (a.status == Status::Wrong).then(|| s.hint.get(&lang));
    Ok(Json(json!({
        "status": a.status.word(),
        "board": BoardView::of(&*a.game),
        "replies": a.replies,
        "hint": hint,
        "stars": a.stars,
    })))
}

/// `GET /api/lessons/progress`: `{"dobutsu/chick": 3, …}` for the signed-in
/// account; `{}` when signed out.
async fn progress(State(app): State<Arc<App>>, viewer: Viewer) -> Result<Json<Value>, ApiError> {
    let Some(key) = viewer.key.as_deref() else {
        return Ok(Json(json!({})));
    };
    let rows = app
        .store
        .lesson_stars(key)
        .await
        .map_err(ApiError::from_store)?;
    let map: Map<String, Value> = rows
        .into_iter()
        .map(|r| (format!("{}/{}", r.game, r.lesson), json!(r.stars)))
        .collect();
    Ok(Json(Value::Object(map)))
}

/// The body of a progress PUT.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Earned {
    game: String,
    lesson: String,
    stars: u8,
}

/// `PUT /api/lessons/progress {"game", "lesson", "stars"}` (signed in,
/// else 401): keeps the most stars ever earned in the lesson; answers
/// `{"game", "lesson", "stars"}` with the stars kept. 404 for a lesson
/// that does not exist, 400 for stars outside 0–3.
async fn set_progress(
    State(app): State<Arc<App>>,
    viewer: Viewer,
    b: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let key = viewer.signed_in()?.to_string();
    let req: Earned = body(b)?;
    let game = game_of(&req.game)?;
    let lesson = kyoku_learn::lesson(game, &req.lesson).map_err(lesson_error)?;
    if req.stars > 3 {
        return Err(ApiError::bad_request("stars are 0–3"));
    }
    let app2 = app.clone();
    let id = lesson.id.clone();
    let kept = app
        .to_the_end(async move {
            app2.store
                .set_lesson_stars(&key, game.name(), &id, req.stars)
                .await
                .map_err(ApiError::from_store)
        })
        .await?;
    Ok(Json(
        json!({"game": game.name(), "lesson": lesson.id, "stars": kept}),
    ))
}
