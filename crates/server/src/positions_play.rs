//! `POST /api/positions/play`: moves played on any position, for the
//! analysis board and the editor, which know no rules. The page keeps a
//! tree of variations; for each node it asks here what the board is after
//! the moves that lead to it, and draws the answer.
//!
//! Body: `{"game", "options"?, "position"?, "moves"?: [...], "move"?}` —
//! the game made with `options` (starting from `position` when given,
//! and checked as the analysis checks it), then `moves` and `move` played
//! in order. Answer: the [`BoardView`] after them, with `over`. Errors:
//! 400 `bad_position` (a position the game refuses, the reason in words),
//! 400 `bad_options`, 400 `illegal_move` (which move, and why), 400
//! `bad_request`. The server keeps no state between requests.

use std::sync::Arc;

use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use kyoku_games::analyse::{AnalyseError, Start, start_game};
use kyoku_games::{AnyGame, GameKind};
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::app::App;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::views::BoardView;

/// The route under `/api`.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new().route("/positions/play", post(play))
}

/// The most moves one request may play (a long game is a few hundred; it
/// bounds the work of one request).
const MAX_MOVES: usize = 2000;

/// The body of a play request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    game: String,
    #[serde(default)]
    options: Option<Value>,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default, rename = "move")]
    mv: Option<String>,
}

/// An analysis error as the answer it deserves (400 with the reason).
fn refusal(e: AnalyseError) -> ApiError {
    let code = match &e {
        AnalyseError::BadPosition(_) => "bad_position",
        AnalyseError::BadOptions(_) => "bad_options",
        AnalyseError::IllegalMove { .. } => "illegal_move",
        _ => "bad_request",
    };
    let message = match e {
        AnalyseError::BadPosition(m) | AnalyseError::BadOptions(m) => m,
        e => e.to_string(),
    };
    ApiError {
        status: StatusCode::BAD_REQUEST,
        code,
        message,
        retry_after: None,
    }
}

/// Plays `moves` on `g` in order; the first that is not legal is answered
/// with its 1-based number.
fn play_moves(g: &mut dyn AnyGame, moves: &[String]) -> Result<(), ApiError> {
    for (i, mv) in moves.iter().enumerate() {
        g.play(mv).map_err(|e| {
            ApiError::illegal_move(format!("move {} ({mv:?}) is not legal: {e}", i + 1))
        })?;
    }
    Ok(())
}

/// `POST /api/positions/play`: the board after the moves.
async fn play(JsonBody(req): JsonBody<PlayRequest>) -> Result<Json<Value>, ApiError> {
    let game: GameKind = req
        .game
        .parse()
        .map_err(|e: kyoku_games::GameError| ApiError::bad_request(e.to_string()))?;
    let options = match req.options {
        None | Some(Value::Null) => Value::Object(Map::new()),
        Some(o @ Value::Object(_)) => o,
        Some(_) => return Err(ApiError::bad_options("options must be a JSON object")),
    };
    let moves: Vec<String> = req.moves.into_iter().chain(req.mv).collect();
    if moves.len() > MAX_MOVES {
        return Err(ApiError::bad_request(format!(
            "at most {MAX_MOVES} moves at once, not {}",
            moves.len()
        )));
    }
    // From the position when given (checked as the analysis checks it),
    // else from the game's start; then the moves, each checked.
    let g = match req.position {
        Some(text) => {
            let mut g = start_game(game, &options, &Start::Position(text)).map_err(refusal)?;
            play_moves(g.as_mut(), &moves)?;
            g
        }
        None => start_game(game, &options, &Start::Moves(moves)).map_err(refusal)?,
    };
    let over = g.outcome().is_some();
    let mut view = serde_json::to_value(BoardView::of(&*g))
        .map_err(|e| ApiError::internal(format!("the board view: {e}")))?;
    if let Value::Object(m) = &mut view {
        m.insert("over".into(), Value::Bool(over));
    }
    Ok(Json(view))
}
