//! The accounts in a game's seats: who takes a seat when signed in, what
//! a rated game needs, a seat claimed after the game was made, and what
//! the store writes when a game ends.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use axum::response::Response;
use kyoku_core::SeatSpec;
use kyoku_games::session::Ending;
use kyoku_rating::Rating;
use serde::Deserialize;

use super::Viewer;
use crate::app::{App, CreateRequest, now_ms, store_error};
use crate::error::ApiError;
use crate::extract::{GameId, body, json_bytes};
use crate::live::Live;
use crate::store::{GameEnd, PlayerRow, StoreError, Write};

fn storage(e: StoreError) -> ApiError {
    ApiError::from_store(e)
}

/// An account about to take a seat, with its rating in the game's pool.
pub struct Joiner {
    key: String,
    username: String,
    program: bool,
    rating: Rating,
}

impl Joiner {
    /// The stored player of seat `seat` (1-based).
    pub fn in_seat(self, seat: usize) -> PlayerRow {
        PlayerRow {
            seat,
            key: self.key,
            username: self.username,
            program: self.program,
            rating: self.rating.rating,
            rd: self.rating.rd,
            diff: None,
        }
    }
}

/// What deciding who may join a game reads of it (taken out of the game
/// so that no lock on it is held across the store's answer).
pub(crate) struct Joining {
    rated: bool,
    keys: Vec<String>,
    pool: &'static str,
}

impl Joining {
    /// The rules of joining `live`.
    pub(crate) fn of(live: &Live) -> Joining {
        let game = live.session.game();
        Joining {
            rated: live.rated,
            keys: live
                .players
                .iter()
                .flatten()
                .map(|p| p.key.clone())
                .collect(),
            pool: game.kind().rating_pool(&game.options()),
        }
    }
}

impl App {
    /// The account `key` (a person's, or a program level's spec) as it
    /// takes a seat in `pool`: its rating there now.
    pub(crate) async fn joiner_of(
        &self,
        key: &str,
        program: bool,
        pool: &str,
    ) -> Result<Joiner, ApiError> {
        let username = if program {
            key.to_string()
        } else {
            self.store
                .account(key)
                .await
                .map_err(storage)?
                .filter(|a| !a.deleted)
                .ok_or_else(|| ApiError::not_signed_in("the account is gone"))?
                .username
        };
        let rating = super::pages::rating_in_pool(self, key, pool).await?;
        Ok(Joiner {
            key: key.to_string(),
            username,
            program,
            rating,
        })
    }

    /// The accounts in a new game's seats: the creator's (signed in) in
    /// the first human seat that is not open, and in a rated game each
    /// program level's. Refuses a rated game without a clock (400
    /// `rated_needs_clock`), or with a human seat no account will hold
    /// (400 `rated_needs_accounts`: every person must be signed in, so
    /// the seats other than the creator's must be open).
    pub(crate) async fn seat_players(
        &self,
        specs: &[SeatSpec],
        req: &CreateRequest,
        timed: bool,
        pool: &str,
    ) -> Result<Vec<Option<PlayerRow>>, ApiError> {
        let taken: Vec<usize> = (0..specs.len())
            .filter(|&i| specs[i].is_human() && !req.open_seats.contains(&(i + 1)))
            .collect();
        if req.rated {
            if !timed {
                return Err(ApiError::rated_needs_clock());
            }
            if req.account.is_none() {
                return Err(ApiError::rated_needs_accounts(
                    "sign in to play rated games",
                ));
            }
            let mut programs: Vec<String> = specs
                .iter()
                .filter(|s| !s.is_human())
                .map(ToString::to_string)
                .collect();
            programs.sort();
            if programs.windows(2).any(|w| w[0] == w[1]) {
                return Err(ApiError::rated_needs_accounts(
                    "a program level has one rating: it takes one seat of a rated game",
                ));
            }
            if taken.len() > 1 {
                return Err(ApiError::rated_needs_accounts(
                    "in a rated game every person plays from an account: leave the other \
                     people's seats open for them to join signed in",
                ));
            }
        }
        let mut players = vec![None; specs.len()];
        if let (Some(key), Some(&i)) = (&req.account, taken.first()) {
            players[i] = Some(self.joiner_of(key, false, pool).await?.in_seat(i + 1));
        }
        if req.rated {
            for (i, spec) in specs.iter().enumerate().filter(|(_, s)| !s.is_human()) {
                let j = self.joiner_of(&spec.to_string(), true, pool).await?;
                players[i] = Some(j.in_seat(i + 1));
            }
        }
        Ok(players)
    }

    /// Who joins an open seat of `live` with the session of `account`:
    /// `None` for an anonymous person. A rated game's seat needs an
    /// account (401 `not_signed_in`) that plays no other seat of it.
    pub(crate) fn joiner<'a>(
        &'a self,
        live: &Live,
        account: Option<&'a str>,
    ) -> impl Future<Output = Result<Option<Joiner>, ApiError>> + Send + 'a {
        self.joiner_by(Joining::of(live), account)
    }

    async fn joiner_by(
        &self,
        live: Joining,
        account: Option<&str>,
    ) -> Result<Option<Joiner>, ApiError> {
        let Some(key) = account else {
            if live.rated {
                return Err(ApiError::not_signed_in(
                    "this game is rated: sign in to join it",
                ));
            }
            return Ok(None);
        };
        if live.rated && live.keys.iter().any(|k| k == key) {
            return Err(ApiError::seat_taken("you already play in this game"));
        }
        Ok(Some(self.joiner_of(key, false, live.pool).await?))
    }

    /// Shows the deleted account `key` as `deleted` in the games this
    /// instance holds (the store's copies and listings are renamed by the
    /// deletion; another instance's copies follow when read again).
    pub(crate) async fn forget_name(&self, key: &str) {
        for slot in self.slots() {
            let mut live = slot.live.lock().await;
            let mut changed = false;
            for p in live.players.iter_mut().flatten().filter(|p| p.key == key) {
                p.username = crate::store::DELETED.to_string();
                changed = true;
            }
            if changed {
                slot.publish(&live);
            }
        }
    }

    /// What the store writes with a change of `live`: its end, when the
    /// change ends the game (each seat's outcome; the ratings of a rated
    /// game that has a result).
    pub(crate) fn game_end(&self, live: &Live) -> Option<GameEnd> {
        let outcome = live.session.outcome()?;
        if live.end_stored {
            return None;
        }
        let game = live.session.game();
        let no_result = Ending::is_no_result(outcome.reason);
        Some(GameEnd {
            pool: game.kind().rating_pool(&game.options()).to_string(),
            rated: live.rated,
            ranks: (!no_result).then(|| {
                (0..outcome.players())
                    .map(|i| outcome.rank(kyoku_core::Player::new(i)))
                    .collect()
            }),
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claim {
    seat: usize,
    token: String,
}

/// `POST /api/games/{id}/claim {"seat", "token"}`: binds a seat this
/// browser played before signing in to the account.
pub async fn claim(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    viewer: Viewer,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let slot = app.slot(&id).await?;
    let req: Claim = body(b)?;
    let key = viewer.signed_in()?.to_string();
    let app2 = app.clone();
    let state = app
        .to_the_end(async move {
            let mut live = slot.live.lock().await;
            if live.may_act(req.seat, Some(&req.token), None)?.is_none() {
                return Err(ApiError::forbidden(req.seat));
            }
            match &live.players[req.seat - 1] {
                Some(p) if p.key == key => return Ok(slot.snapshot().json.clone()),
                Some(_) => return Err(ApiError::seat_taken("the seat is another account's")),
                None => {}
            }
            let joiner = app2.joiner(&live, Some(&key)).await?;
            let Some(player) = joiner.map(|j| j.in_seat(req.seat)) else {
                return Err(ApiError::not_signed_in("sign in first"));
            };
            live.players[req.seat - 1] = Some(player.clone());
            let w = Write::Claim {
                id: slot.id.clone(),
                version: live.version,
                player,
                life: live.life_json(),
                listing: live.listing(&slot.id, now_ms()),
            };
            if let Err(e) = app2.store.write(w).await {
                live.players[req.seat - 1] = None;
                if matches!(e, StoreError::Conflict) {
                    app2.refresh(&slot, &mut live).await;
                }
                return Err(store_error(e));
            }
            live.version += 1;
            Ok(slot.publish(&live).json.clone())
        })
        .await?;
    Ok(json_bytes(StatusCode::OK, state))
}
