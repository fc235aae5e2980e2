//! `POST /api/positions/check`: the position editor's check of a set-up.
//!
//! Body: `{"game", "options"?, "position"}`. Answer: 200 with the
//! [`Checked`] position (normalised text, `to_act`, `legal_moves`, `over`),
//! or 400 `{"error": "bad_position", "kind": …, "message": …}` — `kind` a
//! stable code per kind of bad position (`two_lions`, `missing_shogun`,
//! `off_board`, …), `message` the rules' reason in words. Options that make
//! no game or disagree with the text are 400 `bad_options`; a bad body or
//! an unknown game 400 `bad_request`. Nothing is stored.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use kyoku_games::GameKind;
use kyoku_games::positions::{self, Checked, PositionProblem};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::app::App;
use crate::error::ApiError;
use crate::extract::body;

/// The route under `/api`.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new().route("/positions/check", post(check))
}

/// The body of a check request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckRequest {
    game: String,
    #[serde(default)]
    options: Option<Value>,
    position: String,
}

/// `POST /api/positions/check`.
async fn check(b: Result<Bytes, BytesRejection>) -> Result<Json<Checked>, Response> {
    let req: CheckRequest = body(b).map_err(IntoResponse::into_response)?;
    let game: GameKind = req.game.parse().map_err(|e: kyoku_games::GameError| {
        ApiError::bad_request(e.to_string()).into_response()
    })?;
    let options = req.options.unwrap_or(Value::Null);
    positions::check(game, &options, &req.position)
        .map(Json)
        .map_err(refusal)
}

/// The answer for a refused position: options problems keep the site's
/// `bad_options`; everything else is `bad_position` with its `kind`.
fn refusal(p: PositionProblem) -> Response {
    if p.kind == "bad_options" {
        return ApiError::bad_options(p.message).into_response();
    }
    let body = json!({"error": "bad_position", "kind": p.kind, "message": p.message});
    (StatusCode::BAD_REQUEST, Json(body)).into_response()
}
