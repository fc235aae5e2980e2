//! `/api/account`: sign up, log in and out, the signed-in account, its
//! password, its deletion and everything kept about it.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::Viewer;
use super::cookies::{hash_session, new_session_id, set_cookie};
use super::names::{check_password, check_username, key_of};
use crate::app::{App, now};
use crate::error::ApiError;
use crate::extract::{JsonBody, body_or_default};
use crate::store::{AccountRow, StoreError};
use kyoku_i18n::Lang;

/// Failed logins within this many seconds count toward the limit.
pub const ATTEMPT_WINDOW: i64 = 600;
/// Failed logins for one name or from one address within the window
/// after which logins are refused.
pub const MAX_ATTEMPTS: i64 = 5;

fn storage(e: StoreError) -> ApiError {
    ApiError::from_store(e)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Credentials {
    username: String,
    password: String,
    /// At sign-up: the language the page spoke, kept with the account.
    #[serde(default)]
    language: Option<String>,
}

/// A new session for account `a`: stored (hashed), its cookie in the
/// answer, whose body is the account's name and language.
async fn start_session(
    app: &App,
    a: &AccountRow,
    status: StatusCode,
) -> Result<Response, ApiError> {
    let id = new_session_id();
    app.store
        .add_session(&hash_session(&id), &a.key, now())
        .await
        .map_err(storage)?;
    let cookie = set_cookie(Some(&id), app.players.secure_cookies);
    let out = json!({ "username": a.username, "language": a.language });
    Ok((status, [(header::SET_COOKIE, cookie)], Json(out)).into_response())
}

/// `POST /api/account/signup`.
pub(crate) async fn signup(
    State(app): State<Arc<App>>,
    JsonBody(c): JsonBody<Credentials>,
) -> Result<Response, ApiError> {
    let (username, key) = check_username(&c.username)?;
    check_password(&c.password)?;
    let language = c
        .language
        .as_deref()
        .map(crate::language::parse)
        .transpose()?;
    if app.store.account(&key).await.map_err(storage)?.is_some() {
        return Err(ApiError::username_taken(&username));
    }
    let hash = app.players.passwords.hash(c.password).await?;
    let row = AccountRow {
        key: key.clone(),
        username: username.clone(),
        password: Some(hash),
        created_at: now(),
        deleted: false,
        language: language.map(|l| l.code().to_string()),
    };
    let app2 = app.clone();
    // Runs to its end: an account made is never left without its session.
    app.to_the_end(async move {
        if !app2.store.create_account(&row).await.map_err(storage)? {
            return Err(ApiError::username_taken(&row.username));
        }
        tracing::info!(user = %row.key, "account made");
        start_session(&app2, &row, StatusCode::CREATED).await
    })
    .await
}

/// The keys failed logins are counted under: the name tried and the
/// client's address.
fn attempt_keys(name_key: &str, client: &SocketAddr) -> Vec<String> {
    vec![format!("user:{name_key}"), format!("addr:{}", client.ip())]
}

/// 429 `too_many_attempts` when the name or the address has failed too
/// often lately.
async fn check_attempts(app: &App, keys: &[String], t: i64) -> Result<(), ApiError> {
    let counts = app
        .store
        .failures(keys, t - ATTEMPT_WINDOW)
        .await
        .map_err(storage)?;
    let wait = counts
        .iter()
        .filter(|(n, _)| *n >= MAX_ATTEMPTS)
        .filter_map(|(_, oldest)| *oldest)
        .map(|oldest| (oldest + ATTEMPT_WINDOW - t).max(1))
        .max();
    match wait {
        Some(w) => Err(ApiError::too_many_attempts(w as u64)),
        None => Ok(()),
    }
}

/// `POST /api/account/login`: an unknown name and a wrong password get
/// the same answer after the same work (a dummy hash is checked).
pub(crate) async fn login(
    State(app): State<Arc<App>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    JsonBody(c): JsonBody<Credentials>,
) -> Result<Response, ApiError> {
    let key = key_of(&c.username);
    let keys = attempt_keys(&key, &client);
    let t = now();
    check_attempts(&app, &keys, t).await?;
    let account = app
        .store
        .account(&key)
        .await
        .map_err(storage)?
        .filter(|a| !a.deleted);
    let phc = account.as_ref().and_then(|a| a.password.clone());
    let ok = app.players.passwords.verify(c.password, phc).await?;
    let Some(account) = account.filter(|_| ok) else {
        app.store
            .add_failure(&keys, t, t - ATTEMPT_WINDOW)
            .await
            .map_err(storage)?;
        return Err(ApiError::bad_credentials());
    };
    start_session(&app, &account, StatusCode::OK)
        .await
        .map(|mut res| {
            // The account's language follows it to this browser.
            let lang = account
                .language
                .as_deref()
                .and_then(|l| l.parse::<Lang>().ok());
            if let Some(lang) = lang {
                let cookie = crate::language::set_cookie(lang, app.players.secure_cookies);
                res.headers_mut().append(header::SET_COOKIE, cookie);
            }
            res
        })
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Logout {
    #[serde(default)]
    everywhere: bool,
}

/// `POST /api/account/logout`: this session, or every session of the
/// account with `{"everywhere": true}`.
pub async fn logout(
    State(app): State<Arc<App>>,
    viewer: Viewer,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: Logout = body_or_default(b)?;
    if let (Some(key), Some(hash)) = (&viewer.key, &viewer.session) {
        app.store
            .end_sessions(hash, key, req.everywhere)
            .await
            .map_err(storage)?;
    }
    let cookie = set_cookie(None, app.players.secure_cookies);
    Ok(([(header::SET_COOKIE, cookie)], Json(json!({}))).into_response())
}

/// The signed-in account, or 401 `not_signed_in`.
async fn signed_in_account(app: &App, viewer: &Viewer) -> Result<AccountRow, ApiError> {
    let key = viewer.signed_in()?;
    app.store
        .account(key)
        .await
        .map_err(storage)?
        .filter(|a| !a.deleted)
        .ok_or_else(|| ApiError::not_signed_in("the account is gone"))
}

/// `GET /api/account`.
pub async fn me(State(app): State<Arc<App>>, viewer: Viewer) -> Result<Json<Value>, ApiError> {
    let a = signed_in_account(&app, &viewer).await?;
    let ratings = super::pages::ratings_json(&app, &a.key).await?;
    Ok(Json(json!({
        "username": a.username,
        "created_at": a.created_at,
        "language": a.language,
        "ratings": ratings,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewPassword {
    old: String,
    new: String,
}

/// Checks `password` against the account's; 401 `bad_credentials`.
async fn check_own_password(app: &App, a: &AccountRow, password: String) -> Result<(), ApiError> {
    if app
        .players
        .passwords
        .verify(password, a.password.clone())
        .await?
    {
        Ok(())
    } else {
        Err(ApiError::bad_credentials())
    }
}

/// `POST /api/account/password`: every other session of the account ends.
pub(crate) async fn password(
    State(app): State<Arc<App>>,
    viewer: Viewer,
    JsonBody(req): JsonBody<NewPassword>,
) -> Result<Json<Value>, ApiError> {
    let a = signed_in_account(&app, &viewer).await?;
    check_password(&req.new)?;
    check_own_password(&app, &a, req.old).await?;
    let hash = app.players.passwords.hash(req.new).await?;
    let keep = viewer.session.clone().unwrap_or_default();
    let app2 = app.clone();
    app.to_the_end(async move {
        app2.store
            .set_password(&a.key, &hash, &keep)
            .await
            .map_err(storage)
    })
    .await?;
    Ok(Json(json!({})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Confirm {
    password: String,
}

/// `DELETE /api/account {"password"}`: the name stays taken and shows as
/// deleted in its games; sessions, seeks and the password go.
pub(crate) async fn delete(
    State(app): State<Arc<App>>,
    viewer: Viewer,
    JsonBody(req): JsonBody<Confirm>,
) -> Result<Response, ApiError> {
    let a = signed_in_account(&app, &viewer).await?;
    check_own_password(&app, &a, req.password).await?;
    let app2 = app.clone();
    let key = a.key.clone();
    app.to_the_end(async move { app2.store.delete_account(&key).await.map_err(storage) })
        .await?;
    app.forget_name(&a.key).await;
    tracing::info!(user = %a.key, "account deleted");
    let cookie = set_cookie(None, app.players.secure_cookies);
    Ok(([(header::SET_COOKIE, cookie)], Json(json!({}))).into_response())
}

/// `GET /api/account/export`: everything kept about the account, as a
/// JSON download (the password's hash and session ids left out: they are
/// secrets even from their owner's browser).
pub async fn export(State(app): State<Arc<App>>, viewer: Viewer) -> Result<Response, ApiError> {
    let a = signed_in_account(&app, &viewer).await?;
    let store = &app.store;
    let ratings = super::pages::ratings_json(&app, &a.key).await?;
    let mut history = serde_json::Map::new();
    for pool in kyoku_games::GameKind::POOLS {
        let h = store.history(&a.key, pool).await.map_err(storage)?;
        if !h.is_empty() {
            history.insert(pool.to_string(), json!(h));
        }
    }
    let mut games: Vec<Value> = Vec::new();
    let mut before: Option<String> = None;
    loop {
        let page = store
            .games_of(&a.key, 500, before.as_deref())
            .await
            .map_err(storage)?
            .unwrap_or_default();
        let full = page.len() == 500;
        for text in page {
            games.push(serde_json::from_str(&text).unwrap_or(Value::Null));
        }
        before = games
            .last()
            .and_then(|g| g["id"].as_str())
            .map(str::to_string);
        if !full || before.is_none() {
            break;
        }
    }
    let sessions: Vec<Value> = store
        .sessions_of(&a.key)
        .await
        .map_err(storage)?
        .into_iter()
        .map(|(made, expires)| json!({ "created_at": made, "expires_at": expires }))
        .collect();
    let counts = store.counts(&a.key, None).await.map_err(storage)?;
    let out = json!({
        "username": a.username,
        "created_at": a.created_at,
        "language": a.language,
        "ratings": ratings,
        "counts": counts,
        "rating_history": history,
        "games": games,
        "sessions": sessions,
    });
    let disposition = format!("attachment; filename=\"kyoku-{}.json\"", a.key);
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        Json(out),
    )
        .into_response())
}
