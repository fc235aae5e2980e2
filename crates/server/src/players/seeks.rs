//! Quick pairing: a signed-in person posts a seek (a game, its options,
//! a clock, rated or not, a rating range); someone else accepts it and
//! both land in a new game, each seat bound to its account. Seeks live in
//! the store, so every instance lists and pairs the same ones; a seek
//! goes when accepted or cancelled, when its poster's page has not asked
//! for it in [`SEEK_ALIVE`] seconds, or after [`SEEK_LIFETIME`].

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use kyoku_core::SeatSpec;
use kyoku_games::GameKind;
use kyoku_games::clock::TimeControl;
use kyoku_rating::{PROVISIONAL_RD, Rating};
use rand::Rng;
use serde::Deserialize;
use serde_json::{Value, json};

use super::Viewer;
use crate::app::{App, human_seats, now, now_ms, store_error};
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::store::{SEEK_ALIVE, SEEK_LIFETIME, SeekRow, StoreError, Write};
use crate::tokens::new_id;

fn storage(e: StoreError) -> ApiError {
    ApiError::from_store(e)
}

/// A seek as asked for.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeekRequest {
    game: String,
    #[serde(default)]
    options: Value,
    #[serde(default)]
    clock: Option<String>,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    range: Option<(i64, i64)>,
}

/// A seek checked: its game, options and clock in their canonical forms.
struct Wanted {
    kind: GameKind,
    options: String,
    clock: Option<String>,
    rated: bool,
    range: Option<(i64, i64)>,
}

impl SeekRequest {
    /// Checks the seek: a two-player game with valid options, a clock for
    /// a rated one, a range low to high.
    fn check(self) -> Result<Wanted, ApiError> {
        let bad = |e: &dyn std::fmt::Display| ApiError::bad_options(e.to_string());
        let kind: GameKind = self.game.parse().map_err(|e| bad(&e))?;
        if kind.descriptor().players != [2] {
            return Err(bad(&format!(
                "quick pairing pairs two players; open a {} game in the lobby instead",
                kind.descriptor().title
            )));
        }
        let game = kind.new_game(&self.options).map_err(|e| bad(&e))?;
        let clock = self
            .clock
            .as_deref()
            .map(str::parse::<TimeControl>)
            .transpose()
            .map_err(|e| bad(&e))?
            .map(|c| c.to_string());
        if self.rated && clock.is_none() {
            return Err(ApiError::rated_needs_clock());
        }
        if let Some((lo, hi)) = self.range
            && lo > hi
        {
            return Err(bad(&format!("range: {lo} is above {hi}")));
        }
        Ok(Wanted {
            kind,
            options: game.options().to_string(),
            clock,
            rated: self.rated,
            range: self.range,
        })
    }
}

impl Wanted {
    /// Whether seek `s` asks for exactly these settings.
    fn matches(&self, s: &SeekRow) -> bool {
        s.game == self.kind.name()
            && s.options == self.options
            && s.clock == self.clock
            && s.rated == self.rated
    }
}

/// The rating of `key` in the pool of seek `s`.
async fn rating_in(app: &App, key: &str, s: &SeekRow) -> Result<Rating, ApiError> {
    let kind: GameKind = s
        .game
        .parse()
        .map_err(|e: kyoku_games::GameError| ApiError::internal(e.to_string()))?;
    let options: Value = serde_json::from_str(&s.options).unwrap_or(Value::Null);
    super::pages::rating_in_pool(app, key, kind.rating_pool(&options)).await
}

/// A seek as the API shows it.
async fn seek_json(app: &App, s: &SeekRow, viewer: Option<&str>) -> Result<Value, ApiError> {
    let r = rating_in(app, &s.key, s).await?;
    let options: Value = serde_json::from_str(&s.options).unwrap_or(Value::Null);
    Ok(json!({
        "id": s.id,
        "username": s.username,
        "rating": r.rating.round() as i64,
        "provisional": r.rd > PROVISIONAL_RD,
        "game": s.game,
        "options": options,
        "clock": s.clock,
        "rated": s.rated,
        "range": s.range,
        "created_at": s.created_at,
        "mine": viewer == Some(s.key.as_str()),
    }))
}

/// `GET /api/seeks`: the seeks waiting, oldest first.
pub async fn list(State(app): State<Arc<App>>, viewer: Viewer) -> Result<Json<Value>, ApiError> {
    let rows = app.store.seeks(now()).await.map_err(storage)?;
    let mut seeks = Vec::with_capacity(rows.len());
    for s in &rows {
        seeks.push(seek_json(&app, s, viewer.key.as_deref()).await?);
    }
    Ok(Json(json!({ "seeks": seeks })))
}

/// Posts `w` for `key`.
async fn post_seek(app: &App, key: &str, w: Wanted) -> Result<Value, ApiError> {
    let t = now();
    let row = SeekRow {
        id: new_id(),
        key: key.to_string(),
        username: String::new(),
        game: w.kind.name().to_string(),
        options: w.options,
        clock: w.clock,
        rated: w.rated,
        range: w.range,
        created_at: t,
        alive_at: t,
        game_id: None,
    };
    app.store.add_seek(&row).await.map_err(storage)?;
    let row = app
        .store
        .seek(&row.id, None, t)
        .await
        .map_err(storage)?
        .ok_or_else(|| ApiError::internal("the seek was not stored"))?;
    seek_json(app, &row, Some(key)).await
}

/// `POST /api/seeks`.
pub(crate) async fn create(
    State(app): State<Arc<App>>,
    viewer: Viewer,
    JsonBody(req): JsonBody<SeekRequest>,
) -> Result<Response, ApiError> {
    let key = viewer.signed_in()?.to_string();
    let w = req.check()?;
    let seek = post_seek(&app, &key, w).await?;
    Ok((StatusCode::CREATED, Json(seek)).into_response())
}

/// Whether seek `s` waits at `t`.
fn waiting(s: &SeekRow, t: i64) -> bool {
    s.game_id.is_none() && s.created_at >= t - SEEK_LIFETIME && s.alive_at >= t - SEEK_ALIVE
}

/// Accepts seek `s` for account `key`: a new game, each seat bound to
/// its account, the seek taken in the same write. Answers the game's id.
async fn accept_seek(app: &Arc<App>, s: SeekRow, key: String) -> Result<String, ApiError> {
    if s.key == key {
        return Err(ApiError::own_seek());
    }
    let mine = rating_in(app, &key, &s).await?;
    if let Some((lo, hi)) = s.range
        && !(lo as f64..=hi as f64).contains(&mine.rating)
    {
        return Err(ApiError::out_of_range(format!(
            "{} asks for opponents rated {lo} to {hi}; yours is {}",
            s.username,
            mine.rating.round()
        )));
    }
    let app2 = app.clone();
    app.to_the_end(async move { app2.create_paired(s, key).await })
        .await
}

impl App {
    async fn create_paired(self: &Arc<Self>, s: SeekRow, key: String) -> Result<String, ApiError> {
        let bad = |e: &dyn std::fmt::Display| ApiError::internal(e.to_string());
        let kind: GameKind = s.game.parse().map_err(|e| bad(&e))?;
        let options: Value = serde_json::from_str(&s.options).map_err(|e| bad(&e))?;
        let game = kind.new_game(&options).map_err(|e| bad(&e))?;
        let control = s
            .clock
            .as_deref()
            .map(str::parse::<TimeControl>)
            .transpose()
            .map_err(|e| bad(&e))?;
        let pool = kind.rating_pool(&game.options());
        // Who plays first is drawn.
        let mut keys = [s.key.clone(), key];
        if rand::rng().random::<bool>() {
            keys.swap(0, 1);
        }
        let specs = [SeatSpec::Human, SeatSpec::Human];
        let (_, humans) = human_seats(&specs, &[]);
        let mut live = self.new_live(game, &specs, humans, control)?;
        live.rated = s.rated;
        for (i, k) in keys.iter().enumerate() {
            live.players[i] = Some(self.joiner_of(k, false, pool).await?.in_seat(i + 1));
        }
        let id = new_id();
        let w = Write::Create {
            game: self.new_row(&id, &live),
            listing: live.listing(&id, now_ms()),
            seek: Some(s.id.clone()),
        };
        match self.store.write(w).await {
            Ok(_) => {}
            Err(StoreError::Conflict) => return Err(ApiError::no_such_seek(&s.id)),
            Err(e) => return Err(store_error(e)),
        }
        // Both are playing now: their other seeks go.
        for k in &keys {
            let _ = self.store.cancel_seeks(k, None).await;
        }
        self.adopt(&id, live).await;
        Ok(id)
    }
}

/// `POST /api/seeks/{id}/accept`.
pub async fn accept(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    viewer: Viewer,
) -> Result<Json<Value>, ApiError> {
    let key = viewer.signed_in()?.to_string();
    let s = app
        .store
        .seek(&id, None, now())
        .await
        .map_err(storage)?
        .filter(|s| waiting(s, now()))
        .ok_or_else(|| ApiError::no_such_seek(&id))?;
    let game = accept_seek(&app, s, key).await?;
    Ok(Json(json!({ "game": game })))
}

/// `POST /api/seeks/quick`: accepts the waiting seek of the same settings
/// whose poster's rating is closest to the asker's (and whose range takes
/// the asker), or posts one.
pub(crate) async fn quick(
    State(app): State<Arc<App>>,
    viewer: Viewer,
    JsonBody(req): JsonBody<SeekRequest>,
) -> Result<Response, ApiError> {
    let key = viewer.signed_in()?.to_string();
    let w = req.check()?;
    let t = now();
    let mut candidates = Vec::new();
    for s in app.store.seeks(t).await.map_err(storage)? {
        if s.key == key || !w.matches(&s) {
            continue;
        }
        let mine = rating_in(&app, &key, &s).await?.rating;
        if s.range
            .is_some_and(|(lo, hi)| !(lo as f64..=hi as f64).contains(&mine))
        {
            continue;
        }
        let theirs = rating_in(&app, &s.key, &s).await?.rating;
        candidates.push(((theirs - mine).abs(), s));
    }
    candidates.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (_, s) in candidates {
        match accept_seek(&app, s, key.clone()).await {
            Ok(game) => return Ok(Json(json!({ "game": game })).into_response()),
            // Taken by someone else meanwhile: the next one.
            Err(e) if e.code == "no_such_seek" => continue,
            Err(e) => return Err(e),
        }
    }
    let seek = post_seek(&app, &key, w).await?;
    Ok((StatusCode::CREATED, Json(json!({ "seek": seek }))).into_response())
}

/// `GET /api/seeks/{id}`: whether it still waits or was accepted (and
/// the game). Asked by its poster, it keeps the seek alive.
pub async fn status(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    viewer: Viewer,
) -> Result<Json<Value>, ApiError> {
    let t = now();
    let s = app
        .store
        .seek(&id, viewer.key.as_deref(), t)
        .await
        .map_err(storage)?;
    let (status, game) = match &s {
        Some(s) if s.game_id.is_some() => ("accepted", s.game_id.clone()),
        Some(s) if waiting(s, t) => ("open", None),
        _ => ("gone", None),
    };
    Ok(Json(json!({ "id": id, "status": status, "game": game })))
}

/// `DELETE /api/seeks/{id}`.
pub async fn cancel(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    viewer: Viewer,
) -> Result<Json<Value>, ApiError> {
    let key = viewer.signed_in()?;
    if !app
        .store
        .cancel_seeks(key, Some(&id))
        .await
        .map_err(storage)?
    {
        return Err(ApiError::no_such_seek(&id));
    }
    Ok(Json(json!({})))
}
