//! The HTTP routes: `/api/`, the operators' `/healthz`, `/readyz` and
//! `/metrics`, the UI.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::Request;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, OriginalUri, Query, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde_json::{Value, json};

use kyoku_games::{GameKind, GameStatus};

use crate::actions::{Acted, ActionKind, ActionRequest};
use crate::app::{App, CreateRequest, MoveRequest};
use crate::error::ApiError;
use crate::extract::{GameId, JsonBody, body, body_or_default, json_bytes, limit_param, page_json};
use crate::players::{self, Viewer, account, pages, seeks};
use crate::store::LobbyQuery;
use crate::views::JoinAnswer;
use crate::{BODY_LIMIT, operators, web, ws};

/// The whole router: the API, the WebSocket, the UI.
pub fn router(app: Arc<App>) -> Router {
    let api = Router::new()
        .route("/catalogue", get(catalogue))
        .route("/games", get(list).post(create))
        .route("/games/{id}", get(state))
        .route("/games/{id}/positions", get(positions))
        .route("/games/{id}/analysis", get(analysis))
        .route("/games/{id}/moves", post(play))
        .route("/games/{id}/join", post(join))
        .route("/games/{id}/record", get(record))
        .route("/games/{id}/resign", post(resign))
        .route("/games/{id}/abort", post(abort))
        .route("/games/{id}/draw", post(draw))
        .route("/games/{id}/takeback", post(takeback))
        .route("/games/{id}/rematch", post(rematch))
        .route("/games/{id}/name", post(name))
        .route("/games/{id}/ws", get(ws::upgrade))
        .route("/games/{id}/claim", post(players::seats::claim))
        .route("/account", get(account::me).delete(account::delete))
        .route("/account/signup", post(account::signup))
        .route("/account/login", post(account::login))
        .route("/account/logout", post(account::logout))
        .route("/account/password", post(account::password))
        .route("/account/export", get(account::export))
        .route("/language", put(crate::language::choose))
        .route("/players/{name}", get(pages::profile))
        .route("/players/{name}/games", get(pages::games))
        .route("/players/{name}/history/{pool}", get(pages::history))
        .route("/players/{name}/vs/{other}", get(pages::versus))
        .route("/leaderboard/{pool}", get(pages::leaderboard))
        .route("/seeks", get(seeks::list).post(seeks::create))
        .route("/seeks/quick", post(seeks::quick))
        .route("/seeks/{id}", get(seeks::status).delete(seeks::cancel))
        .route("/seeks/{id}/accept", post(seeks::accept))
        .merge(crate::puzzles::routes())
        .merge(crate::lessons::routes())
        .merge(crate::analysis::routes())
        .merge(crate::positions_play::routes())
        .merge(crate::positions::routes())
        .fallback(api_not_found)
        .method_not_allowed_fallback(|| async { ApiError::method_not_allowed() })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn(require_json))
        .layer(middleware::map_response(json_rejections))
        .layer(middleware::from_fn(players::same_origin_only))
        .with_state(app.clone());
    Router::new()
        .nest("/api", api)
        .merge(operators::routes(app.clone()))
        .fallback(web::serve)
        .layer(middleware::map_response(protect))
        .layer(middleware::from_fn_with_state(
            app,
            operators::count_requests,
        ))
}

/// A POST (or DELETE) must say it sends JSON: a browser sends a
/// cross-site form or `text/plain` POST without asking, but never one
/// that claims JSON. A DELETE without a body needs no type.
async fn require_json(req: Request, next: Next) -> Response {
    let has_body = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .is_some_and(|v| v.as_bytes() != b"0");
    if req.method() == Method::POST || (req.method() == Method::DELETE && has_body) {
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return ApiError::unsupported_media_type().into_response();
        }
    }
    next.run(req).await
}

/// The framework's own refusals (a path segment that is not UTF-8, a
/// query or body that does not parse) are plain text; every answer under
/// `/api` is JSON, so they are answered as [`ApiError`]s with the same
/// status, its code ([`rejection_code`]) and their text as the message.
async fn json_rejections(res: Response) -> Response {
    let plain = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/plain"));
    if !plain || !res.status().is_client_error() {
        return res;
    }
    let status = res.status();
    let text = axum::body::to_bytes(res.into_body(), 4096)
        .await
        .unwrap_or_default();
    let mut e = ApiError::bad_request(String::from_utf8_lossy(&text).trim());
    e.status = status;
    e.code = rejection_code(status);
    e.into_response()
}

/// The code of a framework refusal with this status: the one the API's
/// own answer of that status carries (taken from it, so the two cannot
/// drift), `bad_request` for the rest.
fn rejection_code(status: StatusCode) -> &'static str {
    match status {
        StatusCode::METHOD_NOT_ALLOWED => ApiError::method_not_allowed().code,
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::body_too_large(0).code,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::unsupported_media_type().code,
        _ => ApiError::bad_request("").code,
    }
}

/// What every answer tells the browser: scripts and styles from this
/// server only, no inline script, never framed, nothing sniffed, and no
/// `Referer` (invite links carry seat tokens in their address).
async fn protect(mut res: Response) -> Response {
    const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
        img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
        form-action 'self'; frame-ancestors 'none'";
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    res
}

async fn api_not_found(OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::not_found(uri.path())
}

/// Every game with its options, players and programs, for a client to
/// build its forms from.
async fn catalogue(State(app): State<Arc<App>>) -> Json<Value> {
    Json(json!({ "games": app.catalogue() }))
}

async fn list(
    State(app): State<Arc<App>>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let status = match q.get("status") {
        None => None,
        Some(s) => Some(GameStatus::parse(s).ok_or_else(|| {
            ApiError::bad_request(format!(
                "status must be open, active or finished, not {s:?}"
            ))
        })?),
    };
    let game = match q.get("game") {
        None => None,
        Some(g) => Some(
            g.parse::<GameKind>()
                .map_err(|e| ApiError::bad_request(e.to_string()))?,
        ),
    };
    let limit = limit_param(&q, 50, 200)?;
    let before = q.get("before").cloned();
    let query = LobbyQuery {
        status: status.map(|s| s.as_str().to_string()),
        game: game.map(|g| g.name().to_string()),
        limit,
        before,
    };
    let games = app.list(&query).await?;
    Ok(Json(page_json(games, limit)))
}

async fn create(
    State(app): State<Arc<App>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    viewer: Viewer,
    JsonBody(mut req): JsonBody<CreateRequest>,
) -> Result<Response, ApiError> {
    req.account = viewer.key;
    // Counted once the request reads as one: a typo costs no allowance.
    app.admit_new_game(client.ip())?;
    let out = app.create(req).await?;
    Ok((StatusCode::CREATED, Json(out)).into_response())
}

async fn state(State(app): State<Arc<App>>, GameId(id): GameId) -> Result<Response, ApiError> {
    let slot = app.slot(&id).await?;
    Ok(json_bytes(StatusCode::OK, slot.snapshot().json.clone()))
}

async fn positions(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
) -> Result<Json<Value>, ApiError> {
    let slot = app.slot(&id).await?;
    Ok(Json(json!({ "positions": slot.positions().await })))
}

/// Perfect-play values of the moves in a position (`?ply=N`: after N
/// moves; default the current one), from the solved table (Dōbutsu only).
async fn analysis(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let slot = app.slot(&id).await?;
    let game = slot.snapshot().entry.game;
    let ply = match q.get("ply") {
        None => None,
        Some(p) => Some(
            p.parse::<usize>()
                .map_err(|_| ApiError::bad_request(format!("ply must be a number, not {p:?}")))?,
        ),
    };
    let text = slot.position_at(ply).await.ok_or_else(|| {
        ApiError::bad_request(format!(
            "the game has no position after {} moves",
            ply.unwrap_or(0)
        ))
    })?;
    // Table pages may have to come from disk: off the async threads.
    let out = tokio::task::spawn_blocking(move || kyoku_games::analysis(game, &text))
        .await
        .map_err(|e| ApiError::internal(format!("analysis failed: {e}")))?;
    use kyoku_games::dobutsu::AnalysisError;
    match out {
        Ok(v) => Ok(Json(v)),
        Err(e @ AnalysisError::NotAvailable(_)) => Err(ApiError::bad_request(e.to_string())),
        Err(AnalysisError::NoTable(e)) => {
            tracing::warn!(game = %id, error = %e, "analysis: no usable table");
            Err(ApiError::no_tablebase())
        }
        Err(e @ AnalysisError::BadPosition(_)) => Err(ApiError::internal(e.to_string())),
    }
}

async fn play(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    viewer: Viewer,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let mut req: MoveRequest = body_on(&app, &id, b).await?;
    req.account = viewer.key;
    let played = app.play(&id, req).await?;
    Ok(json_bytes(StatusCode::OK, played.snapshot.json.clone()))
}

#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    #[serde(default)]
    seat: Option<usize>,
    #[serde(default)]
    name: Option<String>,
}

/// The body of a request on game `id`, read once the game is known: an
/// unknown game is 404 whatever the body says.
async fn body_on<T: serde::de::DeserializeOwned>(
    app: &Arc<App>,
    id: &str,
    b: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    app.slot(id).await?;
    body(b)
}

/// One game action: the body is an [`ActionRequest`].
async fn do_act(
    app: Arc<App>,
    id: String,
    kind: ActionKind,
    viewer: Viewer,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let mut req: ActionRequest = body_on(&app, &id, b).await?;
    req.account = viewer.key;
    let acted = app.act(&id, kind, req).await?;
    Ok(json_bytes(StatusCode::OK, acted_json(&acted)))
}

/// The handlers of the game actions, one per path.
macro_rules! action_handlers {
    ($($name:ident => $kind:expr),* $(,)?) => {$(
        async fn $name(
            State(app): State<Arc<App>>,
            GameId(id): GameId,
            viewer: Viewer,
            b: Result<Bytes, BytesRejection>,
        ) -> Result<Response, ApiError> {
            do_act(app, id, $kind, viewer, b).await
        }
    )*};
}

action_handlers! {
    resign => ActionKind::Resign,
    abort => ActionKind::Abort,
    draw => ActionKind::Draw,
    takeback => ActionKind::Takeback,
    rematch => ActionKind::Rematch,
    name => ActionKind::Name,
}

/// `{"state": …, "rematch": …}` without parsing the state again.
pub(crate) fn acted_json(acted: &Acted) -> Bytes {
    let rematch = serde_json::to_string(&acted.rematch).unwrap_or_else(|_| "null".into());
    let mut out = Vec::with_capacity(acted.state.len() + rematch.len() + 24);
    out.extend_from_slice(b"{\"state\":");
    out.extend_from_slice(&acted.state);
    out.extend_from_slice(b",\"rematch\":");
    out.extend_from_slice(rematch.as_bytes());
    out.push(b'}');
    Bytes::from(out)
}

/// `GET /api/games/{id}/record`: the game record as a download.
async fn record(State(app): State<Arc<App>>, GameId(id): GameId) -> Result<Response, ApiError> {
    let slot = app.slot(&id).await?;
    let (text, game) = {
        let live = slot.live.lock().await;
        (live.session.record().to_text(), live.session.game().game())
    };
    let disposition = format!("attachment; filename=\"kyoku-{game}-{id}.txt\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

async fn join(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    viewer: Viewer,
    b: Result<Bytes, BytesRejection>,
) -> Result<Json<JoinAnswer>, ApiError> {
    app.slot(&id).await?;
    let req: JoinRequest = body_or_default(b)?;
    Ok(Json(app.join(&id, req.seat, req.name, viewer.key).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refusal keeps the code its status has everywhere else in the API.
    #[tokio::test]
    async fn framework_refusals_carry_their_status_code() {
        for (status, code) in [
            (StatusCode::BAD_REQUEST, "bad_request"),
            (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
            (StatusCode::PAYLOAD_TOO_LARGE, "body_too_large"),
            (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type"),
        ] {
            let plain = (status, "the framework's words").into_response();
            let res = json_rejections(plain).await;
            assert_eq!(res.status(), status);
            let body = axum::body::to_bytes(res.into_body(), 4096).await.unwrap();
            let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
            assert_eq!(v["error"], code, "{v}");
            assert_eq!(v["message"], "the framework's words", "{v}");
        }
    }
}
