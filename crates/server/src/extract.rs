//! What the handlers read from requests and answer alike, shared by the
//! API's rooms (games, players, languages, the WebSocket): a game's id from
//! the path, a JSON body, a `limit`, a page of lobby entries, raw JSON.

use std::collections::HashMap;

use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, Path};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::BODY_LIMIT;
use crate::error::ApiError;

/// A game's id from the path. An id that cannot be read (not UTF-8, say)
/// is the API's JSON 400, never the framework's plain-text rejection.
pub struct GameId(pub String);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) => Ok(GameId(id)),
            Err(e) => Err(ApiError::bad_request(format!(
                "{} does not name a game: {}",
                parts.uri.path(),
                e.body_text()
            ))),
        }
    }
}

/// Reads a JSON body (its content type checked by `require_json`); maps
/// every failure to the API's errors.
pub(crate) fn body<T: DeserializeOwned>(b: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = b.map_err(|r| {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::body_too_large(BODY_LIMIT)
        } else {
            ApiError::bad_request(r.body_text())
        }
    })?;
    serde_json::from_slice(&bytes).map_err(|e| ApiError::bad_request(format!("bad JSON: {e}")))
}

/// A JSON body read as `T`, for the handlers that read it before anything
/// else: the same answers as [`body`] (a handler that must first answer
/// 404 for an unknown game reads the bytes itself and calls [`body`]).
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        body(Bytes::from_request(req, state).await).map(JsonBody)
    }
}

/// Reads a JSON body that may be left out: an empty body is `T`'s default.
pub(crate) fn body_or_default<T: DeserializeOwned + Default>(
    b: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    match &b {
        Ok(bytes) if bytes.is_empty() => Ok(T::default()),
        _ => body(b),
    }
}

/// An answer whose body is JSON made already.
pub(crate) fn json_bytes(status: StatusCode, bytes: Bytes) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        Body::from(bytes),
    )
        .into_response()
}

/// The `limit` of a query (`default` when missing, at most `max`).
pub(crate) fn limit_param(
    q: &HashMap<String, String>,
    default: usize,
    max: usize,
) -> Result<usize, ApiError> {
    match q.get("limit") {
        None => Ok(default),
        Some(l) => l
            .parse::<usize>()
            .map(|n| n.min(max))
            .map_err(|_| ApiError::bad_request(format!("limit must be a number, not {l:?}"))),
    }
}

/// A page of lobby entries asked for with `limit`: `{"games", "next"}`.
pub(crate) fn page_json(games: Vec<Box<serde_json::value::RawValue>>, limit: usize) -> Value {
    // A full page may have more after it: the last id is the next page's
    // `before`.
    let next = (games.len() == limit && limit > 0)
        .then(|| last_id(games.last().map(|g| &**g)))
        .flatten();
    json!({ "games": games, "next": next })
}

/// The id of a lobby entry given as JSON.
fn last_id(entry: Option<&serde_json::value::RawValue>) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Id {
        id: String,
    }
    serde_json::from_str::<Id>(entry?.get()).ok().map(|e| e.id)
}
