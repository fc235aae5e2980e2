//! Player pages' data: ratings per pool, results, the games played, the
//! rating history, head to head, and the leaderboards.

use std::collections::HashMap;
use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, Query, State};
use kyoku_games::GameKind;
use kyoku_rating::{PROVISIONAL_RD, Rating};
use serde_json::value::RawValue;
use serde_json::{Value, json};

use super::names::key_of;
use crate::app::App;
use crate::error::ApiError;
use crate::extract::{limit_param, page_json};
use crate::store::{AccountRow, RatingRow, StoreError};

fn storage(e: StoreError) -> ApiError {
    ApiError::from_store(e)
}

/// A rating as the API shows it.
pub fn rating_json(r: &Rating, games: i64) -> Value {
    json!({
        "rating": r.rating,
        "rd": r.rd,
        "volatility": r.volatility,
        "games": games,
        "provisional": r.rd > PROVISIONAL_RD,
    })
}

/// The rating of `key` (an account or a program level) in `pool` now;
/// the starting rating before its first rated game there.
pub async fn rating_in_pool(app: &App, key: &str, pool: &str) -> Result<Rating, ApiError> {
    Ok(app
        .store
        .ratings(key)
        .await
        .map_err(storage)?
        .into_iter()
        .find(|r| r.pool == pool)
        .map_or(Rating::NEW, |r| r.rating))
}

/// The ratings of `key` in every pool (a pool never played in shows the
/// starting rating).
pub async fn ratings_json(app: &App, key: &str) -> Result<Value, ApiError> {
    let rows = app.store.ratings(key).await.map_err(storage)?;
    let mut out = serde_json::Map::new();
    for pool in GameKind::POOLS {
        let row = rows.iter().find(|r| r.pool == pool);
        let (r, games) = row.map_or((Rating::NEW, 0), |r| (r.rating, r.games));
        out.insert(pool.to_string(), rating_json(&r, games));
    }
    Ok(Value::Object(out))
}

/// Whether `name` is a program the server offers (`ai:3`, `perfect`, an
/// operator's engine): programs have ratings but no account.
fn is_program(app: &App, name: &str) -> bool {
    let Ok(kyoku_core::SeatSpec::Program { name: program, arg }) =
        kyoku_core::SeatSpec::parse(name)
    else {
        return false;
    };
    app.catalogue().iter().any(|d| {
        d.programs.iter().any(|p| {
            p.name == program
                && match &arg {
                    None => p.args.is_empty(),
                    Some(a) => p.args.contains(a),
                }
        })
    })
}

/// The player called `name`: a live account (an account first: an
/// operator's engine may share a person's name), or a program.
async fn player(app: &App, name: &str) -> Result<(String, Option<AccountRow>), ApiError> {
    let key = key_of(name);
    let account = app.store.account(&key).await.map_err(storage)?;
    match account {
        Some(a) if !a.deleted => Ok((key, Some(a))),
        Some(_) => Err(ApiError::no_such_player(name)),
        None if is_program(app, name) => Ok((name.to_string(), None)),
        None => Err(ApiError::no_such_player(name)),
    }
}

/// `GET /api/players/{username}`.
pub async fn profile(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let (key, account) = player(&app, &name).await?;
    let ratings = ratings_json(&app, &key).await?;
    let counts = app.store.counts(&key, None).await.map_err(storage)?;
    Ok(Json(json!({
        "username": account.as_ref().map_or(name.as_str(), |a| a.username.as_str()),
        "created_at": account.as_ref().map(|a| a.created_at),
        "program": account.is_none(),
        "ratings": ratings,
        "counts": counts,
    })))
}

/// `GET /api/players/{username}/games?limit=&before=`: newest first.
pub async fn games(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let (key, _) = player(&app, &name).await?;
    let limit = limit_param(&q, 20, 100)?;
    let before = q.get("before").map(String::as_str);
    let page = app
        .store
        .games_of(&key, limit, before)
        .await
        .map_err(storage)?
        .ok_or_else(|| {
            ApiError::bad_request(format!(
                "before must be the id of one of {name}'s games, not {:?}",
                before.unwrap_or_default()
            ))
        })?;
    let games = page
        .into_iter()
        .map(|t| RawValue::from_string(t).map_err(|e| ApiError::storage(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Json(page_json(games, limit)))
}

/// The pool named in a path, or 404.
fn pool(name: &str) -> Result<&'static str, ApiError> {
    GameKind::POOLS
        .into_iter()
        .find(|p| *p == name)
        .ok_or_else(|| {
            ApiError::not_found(&format!(
                "/{name}: no such rating pool (pools: {})",
                GameKind::POOLS.join(", ")
            ))
        })
}

/// `GET /api/players/{username}/history/{pool}`: oldest first.
pub async fn history(
    State(app): State<Arc<App>>,
    Path((name, p)): Path<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    let pool = pool(&p)?;
    let (key, _) = player(&app, &name).await?;
    let points = app.store.history(&key, pool).await.map_err(storage)?;
    Ok(Json(json!({ "pool": pool, "points": points })))
}

/// `GET /api/players/{username}/vs/{other}`: `username`'s results in the
/// games both played.
pub async fn versus(
    State(app): State<Arc<App>>,
    Path((name, other)): Path<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    let (key, _) = player(&app, &name).await?;
    let (other_key, _) = player(&app, &other).await?;
    let counts = app
        .store
        .counts(&key, Some(&other_key))
        .await
        .map_err(storage)?;
    Ok(Json(json!(counts)))
}

/// `GET /api/leaderboard/{pool}?limit=`: ratings no longer provisional,
/// best first.
pub async fn leaderboard(
    State(app): State<Arc<App>>,
    Path(p): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let pool = pool(&p)?;
    let limit = limit_param(&q, 50, 200)?;
    let rows = app
        .store
        .leaderboard(pool, PROVISIONAL_RD, limit)
        .await
        .map_err(storage)?;
    let players: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let RatingRow { rating, games, .. } = &r.rating;
            json!({
                "rank": i + 1,
                "username": r.username,
                "rating": rating.rating,
                "rd": rating.rd,
                "games": games,
                "program": r.program,
            })
        })
        .collect();
    Ok(Json(json!({ "pool": pool, "players": players })))
}
