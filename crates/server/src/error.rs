//! The API's errors: a status, a stable code, a message for a person.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::store::StoreError;

/// `Retry-After` of a change refused while the database is away, in s.
pub const STORE_AWAY_RETRY_S: u64 = 5;
/// `Retry-After` of a change refused while the database is busy, in s.
pub const STORE_BUSY_RETRY_S: u64 = 2;

/// An error answered as `{"error": code, "message": …}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The stable code (`illegal_move`, `forbidden`, …).
    pub code: &'static str,
    /// What went wrong, for a person.
    pub message: String,
    /// Seconds to wait before trying again (`Retry-After`), for a 429.
    pub retry_after: Option<u64>,
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
            retry_after: None,
        }
    }
    /// 400 `bad_request`.
    pub fn bad_request(m: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_request", m)
    }
    /// 400 `unknown_language`: a language kyoku does not speak.
    pub fn unknown_language(m: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "unknown_language", m)
    }
    /// 400 `bad_options`.
    pub fn bad_options(m: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_options", m)
    }
    /// 400 `illegal_move`.
    pub fn illegal_move(m: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "illegal_move", m)
    }
    /// 403 `forbidden`.
    pub fn forbidden(seat: usize) -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            format!("wrong or missing token for seat {seat}"),
        )
    }
    /// 404 `no_such_game`.
    pub fn no_such_game(id: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "no_such_game",
            format!("no game with id {id:?}"),
        )
    }
    /// 404 `not_found`.
    pub fn not_found(path: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no such endpoint: {path}"),
        )
    }
    /// 405 `method_not_allowed`.
    pub fn method_not_allowed() -> Self {
        Self::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "this method is not allowed on this path",
        )
    }
    /// 409 `not_your_turn`.
    pub fn not_your_turn(m: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, "not_your_turn", m)
    }
    /// 409 `game_over`.
    pub fn game_over() -> Self {
        Self::new(StatusCode::CONFLICT, "game_over", "the game has ended")
    }
    /// 409 `game_over`, saying why.
    pub fn game_over_because(m: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, "game_over", m)
    }
    /// 400 `not_allowed`: the action does not exist for this game or seat now.
    pub fn not_allowed(m: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "not_allowed", m)
    }
    /// 409 `no_offer`: accepting or declining an offer nobody made.
    pub fn no_offer(m: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, "no_offer", m)
    }
    /// 409 `too_soon`: a declined draw offer made again too soon.
    pub fn too_soon(m: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, "too_soon", m)
    }
    /// 409 `nothing_to_take_back`.
    pub fn nothing_to_take_back(m: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, "nothing_to_take_back", m)
    }
    /// 409 `seat_taken`.
    pub fn seat_taken(m: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, "seat_taken", m)
    }
    /// 413 `body_too_large`.
    pub fn body_too_large(limit: usize) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
            format!("the request body is over {limit} bytes"),
        )
    }
    /// 429 `rate_limited`.
    pub fn rate_limited() -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many messages; slow down",
        )
    }
    /// 429 `rate_limited`: too many new games from one address.
    pub fn too_many_games(wait_s: u64, per_minute: u32) -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!(
                "too many new games from your address (this server allows {per_minute} a minute); \
                 try again in {wait_s} s"
            ),
        )
    }
    /// 503 `busy`: too many connections.
    pub fn busy(m: impl Into<String>) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, "busy", m)
    }
    /// 500 `storage`.
    pub fn storage(m: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", m)
    }

    /// 415 `unsupported_media_type`: a POST whose body is not declared JSON.
    pub fn unsupported_media_type() -> Self {
        Self::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "send the body as JSON, with Content-Type: application/json",
        )
    }

    /// 503 `unavailable`: a program that exists cannot play on this server
    /// now (the solved table it reads is missing or damaged).
    pub fn unavailable(m: impl Into<String>) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", m)
    }

    /// The answer to a store's failure: 503 `unavailable` while the
    /// database is away, 503 `in_doubt` when it went away during the
    /// commit (the change may be stored: read the game again), 503 `busy`
    /// when all its connections stayed in use, each with `Retry-After`;
    /// else 500 `storage`. A 503 other than `in_doubt` means nothing was
    /// stored.
    pub fn from_store(e: StoreError) -> Self {
        let (code, wait) = match &e {
            StoreError::Unavailable(_) => ("unavailable", STORE_AWAY_RETRY_S),
            StoreError::InDoubt(_) => ("in_doubt", STORE_AWAY_RETRY_S),
            StoreError::Busy(_) => ("busy", STORE_BUSY_RETRY_S),
            _ => return Self::storage(e.to_string()),
        };
        let mut a = Self::new(StatusCode::SERVICE_UNAVAILABLE, code, e.to_string());
        a.retry_after = Some(wait);
        a
    }

    /// 500 `internal`.
    pub fn internal(m: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", m)
    }
    /// 501 `no_tablebase`: the server has no (usable) solved table.
    pub fn no_tablebase() -> Self {
        Self::new(
            StatusCode::NOT_IMPLEMENTED,
            "no_tablebase",
            "this server has no Dōbutsu tablebase; whoever runs it can build one with \
             `kyoku solve dobutsu` (about half a minute), or restart the server with \
             `kyoku serve --build-table`",
        )
    }

    /// 400 `bad_username`.
    pub fn bad_username(m: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_username", m)
    }
    /// 400 `weak_password`.
    pub fn weak_password(m: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "weak_password", m)
    }
    /// 409 `username_taken`.
    pub fn username_taken(name: &str) -> Self {
        Self::new(
            StatusCode::CONFLICT,
            "username_taken",
            format!("the username {name:?} is taken (names are compared without regard to case)"),
        )
    }
    /// 401 `bad_credentials`: the same for an unknown name and a wrong
    /// password, so that nobody learns which names exist by logging in.
    pub fn bad_credentials() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "bad_credentials",
            "wrong username or password",
        )
    }
    /// 429 `too_many_attempts`, with `Retry-After`.
    pub fn too_many_attempts(wait_s: u64) -> Self {
        let mut e = Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_attempts",
            format!("too many failed logins; try again in {wait_s} s"),
        );
        e.retry_after = Some(wait_s);
        e
    }
    /// 403 `cross_origin`.
    pub fn cross_origin() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "cross_origin",
            "a request that changes something and carries the session cookie must come from              this server's own pages (its Origin header is not this server)",
        )
    }
    /// 401 `not_signed_in`.
    pub fn not_signed_in(m: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "not_signed_in", m)
    }
    /// 400 `rated_needs_clock`.
    pub fn rated_needs_clock() -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "rated_needs_clock",
            "a rated game needs a time control (\"clock\": \"3+2\", say)",
        )
    }
    /// 400 `rated_needs_accounts`.
    pub fn rated_needs_accounts(m: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "rated_needs_accounts", m)
    }
    /// 403 `forbidden`: the seat is another account's.
    pub fn not_your_seat(seat: usize) -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            format!("seat {seat} is played by another account"),
        )
    }
    /// 404 `no_such_player`.
    pub fn no_such_player(name: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "no_such_player",
            format!("no player named {name:?}"),
        )
    }
    /// 404 `no_such_seek`.
    pub fn no_such_seek(id: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "no_such_seek",
            format!("no seek {id:?} is waiting: it was accepted, cancelled or has expired"),
        )
    }
    /// 400 `own_seek`.
    pub fn own_seek() -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "own_seek",
            "this is your own seek: wait for someone else to accept it",
        )
    }
    /// 400 `out_of_range`.
    pub fn out_of_range(m: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "out_of_range", m)
    }

    /// The JSON body.
    pub fn body(&self) -> serde_json::Value {
        json!({"error": self.code, "message": self.message})
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut res = (self.status, Json(self.body())).into_response();
        if let Some(s) = self.retry_after {
            res.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, s.into());
        }
        res
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        ApiError::from_store(e)
    }
}
