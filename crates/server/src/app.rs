//! The games in play: the server's shared state and its wiring (stores,
//! limits, sockets, the lobby), and how a refusal becomes the API's error.
//! Creating a game, playing a move and joining a seat are each a module of
//! their own (`create`, `play`, `join`), each stored before it is
//! acknowledged and published to every reader.
//!
//! Every change of a game runs in a task of its own, so that it runs to
//! its end (stored, published, programs started) even when the request
//! that asked for it is dropped because its client went away.

mod create;
mod join;
mod play;
#[cfg(test)]
mod tests;

pub(crate) use crate::time::{now, now_ms};
pub use create::CreateRequest;
pub(crate) use create::human_seats;
pub use play::MoveRequest;
use play::move_rows;

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};

use kyoku_core::{AgentError, SeatSpec};
use kyoku_games::clock::TimeControl;
use kyoku_games::session::{Checkpoint, Failure, LifeError, ProgramSource, Seeds, check_name};
use kyoku_games::{GameKind, Session, SessionError};
use rand::Rng;
use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;
use tokio::sync::Semaphore;

use crate::SocketLimits;
use crate::error::ApiError;
use crate::limit::PerAddress;
use crate::live::{HumanSeat, Live, Slot, Snapshot};
use crate::store::{GameRow, Listing, LobbyQuery, MoveRow, Store, StoreError, Write};
use crate::tokens::{Token, hash_token, hex, new_id, new_token};
use crate::views::{CreateAnswer, CreatedSeat, JoinAnswer};

/// The server's shared state.
pub struct App {
    games: RwLock<HashMap<String, Arc<Slot>>>,
    pub(crate) store: Store,
    /// Bounds the programs thinking at once (one per core).
    pub(crate) ai_pool: Arc<Semaphore>,
    /// Live WebSocket connections, all games together.
    sockets: AtomicUsize,
    socket_limits: SocketLimits,
    /// New games per client address; `None`: no limit.
    new_games: Option<PerAddress>,
    /// Programs the operator brings besides the catalogue's.
    pub(crate) programs: Option<Arc<dyn ProgramSource>>,
    /// How long an untimed game may go without a move before it ends as
    /// abandoned; `None`: never.
    pub(crate) abandon_after: Option<std::time::Duration>,
    /// How long a game nobody asks for stays in memory.
    pub(crate) keep_idle: std::time::Duration,
    /// Health, metrics and the shutdown's bookkeeping.
    pub(crate) ops: Arc<crate::ops::Ops>,
    /// Stored games this kyoku cannot replay, found since it started: told
    /// once and not brought in again at every look for due games.
    pub(crate) unreplayable: std::sync::Mutex<std::collections::HashSet<String>>,
    /// Accounts: the password pool and the cookie's settings.
    pub(crate) players: crate::players::Players,
    /// Analysis and reviews: their own pool, limits and cache.
    pub(crate) analysis: crate::analysis::Service,
}

/// A WebSocket connection's place in the counts; given back when dropped.
pub struct SocketPass {
    app: Arc<App>,
    slot: Arc<Slot>,
}

impl Drop for SocketPass {
    fn drop(&mut self) {
        self.slot.sockets.fetch_sub(1, Ordering::Relaxed);
        self.app.sockets.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The API's answer to a store's refusal: a conflict is a change made
/// elsewhere that came first (answered like a move that came too late).
pub(crate) fn store_error(e: StoreError) -> ApiError {
    match e {
        StoreError::Conflict => ApiError::not_your_turn(
            "the game changed meanwhile: a change made elsewhere was stored first; \
             fetch the state and try again",
        ),
        e => ApiError::from_store(e),
    }
}

impl App {
    /// Runs a change of state to its end in a task of its own, whatever
    /// happens to the request that asked for it; counted among the
    /// changes a graceful shutdown waits for (and refused once it began).
    pub(crate) async fn to_the_end<T: Send + 'static>(
        &self,
        change: impl Future<Output = Result<T, ApiError>> + Send + 'static,
    ) -> Result<T, ApiError> {
        let pass = self.ops.enter()?;
        tokio::spawn(async move {
            let _pass = pass;
            change.await
        })
        .await
        .map_err(|e| ApiError::internal(format!("the change failed: {e}")))?
    }
}

/// The API's answer to a session's refusal.
pub(crate) fn session_error(e: SessionError) -> ApiError {
    match e {
        SessionError::NotYourTurn { .. } => ApiError::not_your_turn(e.to_string()),
        SessionError::Move(kyoku_core::MoveError::GameOver) => ApiError::game_over(),
        SessionError::Move(m) => ApiError::illegal_move(m.to_string()),
        SessionError::Seat {
            source: AgentError::Unavailable { .. },
            ..
        } => ApiError::unavailable(e.to_string()),
        SessionError::SeatCount { .. } | SessionError::Seat { .. } => {
            ApiError::bad_options(e.to_string())
        }
        SessionError::Life(e) => life_error(e),
        SessionError::OutOfTime { .. } => ApiError::game_over_because(e.to_string()),
        SessionError::Chance
        | SessionError::Program { .. }
        | SessionError::Record(_)
        | SessionError::NoProgramToAct => ApiError::internal(e.to_string()),
    }
}

/// The API's answer to a refused game action.
pub(crate) fn life_error(e: LifeError) -> ApiError {
    match e {
        LifeError::NotAllowed(m) => ApiError::not_allowed(m),
        LifeError::NoOffer(m) => ApiError::no_offer(m),
        LifeError::GameOver => ApiError::game_over(),
        LifeError::TooSoon => ApiError::too_soon(e.to_string()),
        LifeError::NothingToTakeBack(_) => ApiError::nothing_to_take_back(e.to_string()),
    }
}

/// Fills in the listings of the games an older kyoku stored without them
/// (the lobby and the deadlines are read from listings): each game is
/// restored once. Returns the games that cannot be restored; they get an
/// empty listing and stay out of the lobby.
pub(crate) async fn list_unlisted(
    store: &Store,
    programs: Option<Arc<dyn ProgramSource>>,
) -> Result<Vec<String>, StoreError> {
    let mut problems = Vec::new();
    loop {
        let ids = store.unlisted(256).await?;
        if ids.is_empty() {
            return Ok(problems);
        }
        for id in ids {
            let Some(row) = store.load(&id).await? else {
                continue;
            };
            let listing = match Live::restore(&row, programs.clone()) {
                Ok(live) => live.listing(&id, now_ms()),
                Err(e) => {
                    problems.push(format!("game {id}: {e}"));
                    Listing {
                        status: "unreadable".into(),
                        summary: String::new(),
                        wake_at: None,
                    }
                }
            };
            store.write(Write::Listing { id, listing }).await?;
        }
    }
}

impl App {
    /// The server state over `store`, with `ai_threads` programs thinking
    /// at once and the limits of `config` (its address and database are
    /// not read). No game is read yet: games come into memory when asked
    /// for or due ([`crate::keeper`]).
    pub fn new(
        mut store: Store,
        ai_threads: usize,
        config: &crate::Config,
        programs: Option<Arc<dyn ProgramSource>>,
    ) -> Arc<App> {
        let ops = Arc::new(crate::ops::Ops::default());
        store.observe_commits(ops.metrics.commit_seconds.clone());
        store.watch_health(Arc::new(crate::store::StoreHealth::new(
            ops.metrics.store_errors.clone(),
            ops.metrics.store_reconnects.clone(),
        )));
        let per_minute = config.new_games_per_minute;
        Arc::new(App {
            games: RwLock::new(HashMap::new()),
            store,
            ai_pool: Arc::new(Semaphore::new(ai_threads.max(1))),
            sockets: AtomicUsize::new(0),
            socket_limits: config.sockets,
            new_games: (per_minute > 0).then(|| PerAddress::per_minute(per_minute)),
            programs,
            abandon_after: config.abandon_after,
            keep_idle: config.keep_idle,
            ops,
            unreplayable: Default::default(),
            players: crate::players::Players::new(ai_threads, config.secure_cookies),
            analysis: Default::default(),
        })
    }

    pub(crate) fn games_write(
        &self,
    ) -> std::sync::RwLockWriteGuard<'_, HashMap<String, Arc<Slot>>> {
        self.games.write().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn games_read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, Arc<Slot>>> {
        self.games.read().unwrap_or_else(|p| p.into_inner())
    }

    /// How many games are held in memory.
    pub(crate) fn games_in_memory(&self) -> usize {
        self.games_read().len()
    }

    /// How many WebSocket connections are open.
    pub(crate) fn sockets_open(&self) -> usize {
        self.sockets.load(Ordering::Relaxed)
    }

    /// Every game in memory.
    pub(crate) fn slots(&self) -> Vec<Arc<Slot>> {
        self.games_read().values().cloned().collect()
    }

    /// A place for one more WebSocket connection to `slot`, or 503 `busy`
    /// when the game or the server has as many as its limits allow: a flood
    /// of connections costs memory and wakes, never the server.
    pub fn socket_pass(self: &Arc<Self>, slot: &Arc<Slot>) -> Result<SocketPass, ApiError> {
        let limits = self.socket_limits;
        if self.sockets.fetch_add(1, Ordering::Relaxed) >= limits.total {
            self.sockets.fetch_sub(1, Ordering::Relaxed);
            return Err(ApiError::busy(format!(
                "the server has {} live connections, its limit; try again later",
                limits.total
            )));
        }
        if slot.sockets.fetch_add(1, Ordering::Relaxed) >= limits.per_game {
            slot.sockets.fetch_sub(1, Ordering::Relaxed);
            self.sockets.fetch_sub(1, Ordering::Relaxed);
            return Err(ApiError::busy(format!(
                "game {} has {} live connections, its limit; try again later",
                slot.id, limits.per_game
            )));
        }
        Ok(SocketPass {
            app: self.clone(),
            slot: slot.clone(),
        })
    }

    /// The catalogue, with the operator's programs added to each game's.
    pub fn catalogue(&self) -> Vec<kyoku_games::Descriptor> {
        let mut all = kyoku_games::catalogue();
        if let Some(src) = &self.programs {
            for d in &mut all {
                d.programs.extend(src.programs(d.kind));
            }
        }
        all
    }

    /// A page of the lobby, newest first, read from the store: each
    /// game's entry as JSON; 400 when `before` names no game.
    pub async fn list(&self, q: &LobbyQuery) -> Result<Vec<Box<RawValue>>, ApiError> {
        let page = self.store.lobby(q).await.map_err(ApiError::from_store)?;
        let Some(page) = page else {
            return Err(ApiError::bad_request(format!(
                "before must be the id of a listed game, not {:?}",
                q.before.as_deref().unwrap_or_default()
            )));
        };
        page.into_iter()
            // A game that cannot be read has an empty listing.
            .filter(|t| !t.is_empty())
            .map(|t| RawValue::from_string(t).map_err(|e| ApiError::storage(e.to_string())))
            .collect()
    }

    /// Counts a new game against `client`'s allowance: 429 `rate_limited`
    /// when it has started too many lately (a flood of games would fill
    /// the disk and the memory).
    pub fn admit_new_game(&self, client: std::net::IpAddr) -> Result<(), ApiError> {
        let Some(limit) = &self.new_games else {
            return Ok(());
        };
        limit
            .take(client)
            .map_err(|wait| ApiError::too_many_games(wait.as_secs().max(1), limit.allowance()))
    }
}
