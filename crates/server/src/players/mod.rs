//! Players: accounts and their sessions, ratings, player pages, the
//! leaderboard and quick pairing. Each part keeps its storage in the
//! store (`store/players.rs`), so that every instance sharing a database
//! knows every account, session and seek.
//!
//! - `names`: what a username and a password may be;
//! - `password`: Argon2id on a bounded pool;
//! - `cookies`: the session cookie and the origin rule;
//! - `account`: sign up, log in and out, change password, delete, export;
//! - `seats`: the accounts in a game's seats, rated games;
//! - `pages`: player pages, rating history, head to head, leaderboards;
//! - `seeks`: quick pairing.

pub mod account;
pub mod cookies;
pub mod names;
pub mod pages;
pub mod password;
pub mod seats;
pub mod seeks;

use std::sync::Arc;

use axum::extract::{FromRequestParts, Request};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::app::{App, now};
use crate::error::ApiError;

/// What the server keeps for accounts besides the store.
pub struct Players {
    /// Where passwords are hashed.
    pub passwords: password::Passwords,
    /// The server is behind HTTPS: the cookie is `Secure`.
    pub secure_cookies: bool,
}

impl Players {
    /// For a server on `cores` cores: Argon2 gets at most half of them.
    pub fn new(cores: usize, secure_cookies: bool) -> Players {
        Players {
            passwords: password::Passwords::new((cores / 2).max(1)),
            secure_cookies,
        }
    }
}

/// Who sent a request: the account of its session cookie, if it carries
/// one that is live.
#[derive(Clone, Debug, Default)]
pub struct Viewer {
    /// The account's key.
    pub key: Option<String>,
    /// The hash of the request's session id (live or not).
    pub session: Option<String>,
}

impl Viewer {
    /// The account's key, or 401 `not_signed_in`.
    pub fn signed_in(&self) -> Result<&str, ApiError> {
        self.key
            .as_deref()
            .ok_or_else(|| ApiError::not_signed_in("sign in first"))
    }
}

impl FromRequestParts<Arc<App>> for Viewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, ApiError> {
        let Some(id) = cookies::session_id(&parts.headers) else {
            return Ok(Viewer::default());
        };
        let hash = cookies::hash_session(&id);
        let key = app
            .store
            .session(&hash, now())
            .await
            .map_err(ApiError::from_store)?;
        Ok(Viewer {
            key,
            session: Some(hash),
        })
    }
}

/// Refuses, with 403 `cross_origin`, a request that carries the session
/// cookie and changes something unless it comes from the server's own
/// pages (see `cookies`).
pub async fn same_origin_only(req: Request, next: Next) -> Response {
    if cookies::needs_same_origin(req.method(), req.headers())
        && !cookies::same_origin(req.headers())
    {
        return ApiError::cross_origin().into_response();
    }
    next.run(req).await
}
