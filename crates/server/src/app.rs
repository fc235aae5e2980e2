//! The games in play: creating, moving and joining, each stored before it
//! is acknowledged and published to every reader.
//!
//! Every change of a game runs in a task of its own, so that it runs to
//! its end (stored, published, programs started) even when the request
//! that asked for it is dropped because its client went away.

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

/// A move request (HTTP body or WebSocket message).
#[derive(Debug, Deserialize)]
pub struct MoveRequest {
    /// 1-based seat.
    pub seat: usize,
    /// The seat's token.
    #[serde(default)]
    pub token: Option<String>,
    /// The move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// The account of the request's session (never read from the body).
    #[serde(skip)]
    pub account: Option<String>,
}

/// A new-game request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The catalogue name.
    pub game: String,
    /// The options (`{}` for defaults).
    #[serde(default)]
    pub options: Value,
    /// One spec per seat.
    pub seats: Vec<String>,
    /// Human seats left for the lobby.
    #[serde(default)]
    pub open_seats: Vec<usize>,
    /// The time control: `M+S` or `Nd`; none when missing.
    #[serde(default)]
    pub clock: Option<String>,
    /// The people's display names, by seat (`null` or missing: none).
    #[serde(default)]
    pub names: Vec<Option<String>>,
    /// Rated: the game's end moves its players' ratings.
    #[serde(default)]
    pub rated: bool,
    /// The account of the request's session (never read from the body):
    /// it takes the first human seat that is not open.
    #[serde(skip)]
    pub account: Option<String>,
}

/// A move played: its canonical text, the ply after it, the new state.
pub struct Played {
    /// Canonical text.
    pub text: String,
    /// Moves in the game now.
    pub ply: usize,
    /// The state after it.
    pub snapshot: Arc<Snapshot>,
}

pub(crate) use crate::time::{now, now_ms};

/// The API's answer to a store's refusal: a conflict is a change made
/// elsewhere that came first (answered like a move that came too late).
pub(crate) fn store_error(e: StoreError) -> ApiError {
    match e {
        StoreError::Conflict => ApiError::not_your_turn(
            "the game changed meanwhile: a change made elsewhere was stored first; \
             fetch the state and try again",
        ),
        e => ApiError::storage(e.to_string()),
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
fn session_error(e: SessionError) -> ApiError {
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

/// The tokens of a new game's human seats (told once, in the answer to
/// its creator; none for open seats, whose token is made when they are
/// joined) and what the server keeps of them: their hashes.
pub(crate) fn human_seats(
    specs: &[SeatSpec],
    open: &[usize],
) -> (Vec<Option<Token>>, Vec<Option<HumanSeat>>) {
    let is_open = |i: usize| open.contains(&(i + 1));
    let tokens: Vec<Option<Token>> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| (s.is_human() && !is_open(i)).then(new_token))
        .collect();
    let humans = specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            s.is_human().then(|| HumanSeat {
                token: hash_token(&tokens[i].unwrap_or_else(new_token)),
                open: is_open(i),
                next: None,
            })
        })
        .collect();
    (tokens, humans)
}

/// The stored rows of the session's moves from `first_ply` on, with the
/// clocks after each.
fn move_rows(session: &Session, first_ply: usize) -> Vec<MoveRow> {
    let history = session.game().history();
    let clocks = session.move_clocks();
    (first_ply..history.len())
        .map(|k| MoveRow {
            text: history[k].clone(),
            seat: session.movers()[k].map(|s| s + 1),
            clocks: clocks
                .get(k)
                .cloned()
                .flatten()
                .and_then(|c| serde_json::to_string(&c).ok()),
        })
        .collect()
}

/// The seats of a new game as its creator sees them, with `tokens`.
pub(crate) fn created_seats(
    live: &Live,
    tokens: impl Iterator<Item = Option<String>>,
) -> Vec<CreatedSeat> {
    live.session
        .specs()
        .iter()
        .zip(tokens)
        .enumerate()
        .map(|(i, (spec, token))| CreatedSeat {
            seat: i + 1,
            kind: spec.to_string(),
            token,
        })
        .collect()
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
        let page = self
            .store
            .lobby(q)
            .await
            .map_err(|e| ApiError::storage(e.to_string()))?;
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

    /// Creates a game; returns the answer of `POST /api/games`.
    pub async fn create(self: &Arc<Self>, req: CreateRequest) -> Result<CreateAnswer, ApiError> {
        let app = self.clone();
        self.to_the_end(async move { app.create_now(req).await })
            .await
    }

    async fn create_now(self: &Arc<Self>, req: CreateRequest) -> Result<CreateAnswer, ApiError> {
        let bad = |e: &dyn std::fmt::Display| ApiError::bad_options(e.to_string());
        let kind: GameKind = req.game.parse().map_err(|e| bad(&e))?;
        let game = kind.new_game(&req.options).map_err(|e| bad(&e))?;
        let specs = req
            .seats
            .iter()
            .enumerate()
            .map(|(i, t)| SeatSpec::parse(t).map_err(|e| bad(&format!("seat {}: {e}", i + 1))))
            .collect::<Result<Vec<_>, _>>()?;
        for &o in &req.open_seats {
            if !specs.get(o.wrapping_sub(1)).is_some_and(SeatSpec::is_human) {
                return Err(bad(&format!("open seat {o} is not a human seat")));
            }
        }
        let control = req
            .clock
            .as_deref()
            .map(str::parse::<TimeControl>)
            .transpose()
            .map_err(|e| bad(&e))?;
        if req.names.len() > specs.len() {
            return Err(bad(&"more names than seats"));
        }
        let pool = kind.rating_pool(&game.options());
        let players = self
            .seat_players(&specs, &req, control.is_some(), pool)
            .await?;
        let (tokens, humans) = human_seats(&specs, &req.open_seats);
        let mut live = self.new_live(game, &specs, humans, control)?;
        live.rated = req.rated;
        live.players = players;
        for (i, name) in req.names.iter().enumerate() {
            let Some(name) = name else { continue };
            if !specs[i].is_human() {
                return Err(bad(&format!("seat {} is a program: it has no name", i + 1)));
            }
            live.session
                .set_name(i, Some(name))
                .map_err(|e| bad(&format!("name of seat {}: {e}", i + 1)))?;
        }
        let id = self.store_new_game(&mut live).await?;
        let seats = created_seats(&live, tokens.iter().map(|t| t.as_ref().map(|t| hex(t))));
        let state = live.state(&id);
        self.adopt(&id, live).await;
        Ok(CreateAnswer { id, seats, state })
    }

    /// A new game in memory: its session on `control`, chance drawn, the
    /// clocks started when every seat is taken.
    pub(crate) fn new_live(
        &self,
        game: Box<dyn kyoku_games::AnyGame>,
        specs: &[SeatSpec],
        humans: Vec<Option<HumanSeat>>,
        control: Option<TimeControl>,
    ) -> Result<Live, ApiError> {
        let seed: u64 = rand::rng().random::<u64>() >> 1; // fits SQLite's i64
        let seeds = Seeds::from_seed(seed, specs.len());
        let mut session =
            Session::new(game, specs, seeds, Failure::StandIn).map_err(session_error)?;
        session.set_time_control(control);
        let t = now();
        let mut live = Live {
            session,
            humans,
            seed,
            created_at: t,
            updated_at: t,
            ai_running: false,
            rematch_of: None,
            rematch: None,
            armed: None,
            timer: None,
            next_tokens: Vec::new(),
            version: 0,
            leased: false,
            rated: false,
            players: vec![None; specs.len()],
            end_stored: false,
        };
        live.session.draw_all_chance().map_err(session_error)?;
        if !live.has_open_seat() {
            live.session.start_clocks();
        }
        Ok(live)
    }

    /// The stored form of a new game.
    pub(crate) fn new_row(&self, id: &str, live: &Live) -> GameRow {
        GameRow {
            id: id.to_string(),
            game: live.session.game().game().to_string(),
            options: live.session.game().options().to_string(),
            seed: live.seed,
            created_at: live.created_at,
            updated_at: live.updated_at,
            seats: live.seat_rows(),
            moves: move_rows(&live.session, 0),
            life: live.life_json(),
            rematch_of: live.rematch_of.clone(),
            rematch: None,
            version: 0,
            rated: live.rated,
            players: live.players.iter().flatten().cloned().collect(),
        }
    }

    /// Stores a new game; returns its id.
    async fn store_new_game(&self, live: &mut Live) -> Result<String, ApiError> {
        // Random: the store's key refuses the vanishingly rare repeat.
        let id = new_id();
        let row = self.new_row(&id, live);
        let listing = live.listing(&id, now_ms());
        self.store
            .write(Write::Create {
                game: row,
                listing,
                seek: None,
            })
            .await
            .map_err(store_error)?;
        Ok(id)
    }

    /// Plays a person's move: checks, commits, publishes.
    pub async fn play(self: &Arc<Self>, id: &str, req: MoveRequest) -> Result<Played, ApiError> {
        let slot = self.slot(id).await?;
        let app = self.clone();
        self.to_the_end(async move { app.play_now(slot, req).await })
            .await
    }

    async fn play_now(
        self: &Arc<Self>,
        slot: Arc<Slot>,
        req: MoveRequest,
    ) -> Result<Played, ApiError> {
        let mut live = slot.live.lock().await;
        let seat = req.seat;
        live.may_act(seat, req.token.as_deref(), req.account.as_deref())?;
        let before = live.session.checkpoint();
        let first_ply = live.session.ply();
        if live.session.check_time().is_some() {
            // The flag fell before the move came: that is the change.
            self.commit(&slot, &mut live, first_ply, before).await?;
            return Err(ApiError::game_over_because(
                "the time ran out before the move",
            ));
        }
        live.session
            .play(seat - 1, &req.mv)
            .map_err(session_error)?;
        self.commit(&slot, &mut live, first_ply, before).await
    }

    /// After a change in memory (moves from `first_ply` on, a takeback back
    /// to it, a game action): draws chance, commits, publishes, wakes the
    /// programs and arms the clock. On a failure the session goes back to
    /// `before`.
    pub(crate) async fn commit(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
        first_ply: usize,
        before: Checkpoint,
    ) -> Result<Played, ApiError> {
        if let Err(e) = live.session.draw_all_chance() {
            live.session.rollback(before);
            return Err(session_error(e));
        }
        let first_ply = first_ply.min(live.session.ply());
        let truncate = first_ply < before.ply();
        let moves = move_rows(&live.session, first_ply);
        let new_moves = moves.len() as u64;
        let text = moves.first().map(|m| m.text.clone()).unwrap_or_default();
        let t = now();
        let updated_at = std::mem::replace(&mut live.updated_at, t);
        let end = self.game_end(live);
        let w = Write::Change {
            id: slot.id.clone(),
            version: live.version,
            first_ply,
            truncate,
            moves,
            life: live.life_json(),
            next_tokens: std::mem::take(&mut live.next_tokens),
            at: t,
            listing: live.listing(&slot.id, now_ms()),
            end,
        };
        let written = match self.store.write(w).await {
            Ok(w) => w,
            Err(e) => {
                live.updated_at = updated_at;
                live.session.rollback(before);
                if matches!(e, StoreError::Conflict) {
                    self.refresh(slot, live).await;
                }
                return Err(store_error(e));
            }
        };
        live.version += 1;
        live.end_stored = live.session.outcome().is_some();
        if let Some(diffs) = written.rating_diffs {
            for (p, d) in live.players.iter_mut().zip(diffs) {
                if let Some(p) = p {
                    p.diff = d;
                }
            }
        }
        self.ops.metrics.moves.inc_by(new_moves);
        let snapshot = slot.publish(live);
        self.claim_if_due(slot, live).await;
        Ok(Played {
            text,
            ply: first_ply + 1,
            snapshot,
        })
    }

    /// Takes an open seat, under `name` if given.
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        seat: Option<usize>,
        name: Option<String>,
        account: Option<String>,
    ) -> Result<JoinAnswer, ApiError> {
        let slot = self.slot(id).await?;
        let app = self.clone();
        self.to_the_end(async move { app.join_now(slot, seat, name, account).await })
            .await
    }

    async fn join_now(
        self: &Arc<Self>,
        slot: Arc<Slot>,
        seat: Option<usize>,
        name: Option<String>,
        account: Option<String>,
    ) -> Result<JoinAnswer, ApiError> {
        // A bad name is refused before anything changes.
        let name = name
            .as_deref()
            .map(check_name)
            .transpose()
            .map_err(|e| ApiError::bad_options(format!("name: {e}")))?;
        let mut live = slot.live.lock().await;
        let joiner = self.joiner(&live, account.as_deref()).await?;
        let is_open = |h: &Option<HumanSeat>| h.as_ref().is_some_and(|h| h.open);
        let n = match seat {
            Some(n) if live.humans.get(n.wrapping_sub(1)).is_some_and(is_open) => n,
            Some(n) => return Err(ApiError::seat_taken(format!("seat {n} is not open"))),
            None => {
                live.humans
                    .iter()
                    .position(is_open)
                    .ok_or_else(|| ApiError::seat_taken("no seat is open"))?
                    + 1
            }
        };
        // A new token for the one who joins, told once; the server keeps
        // its hash.
        let token = new_token();
        let player = joiner.map(|j| j.in_seat(n));
        let Some(human) = live.humans[n - 1].as_mut() else {
            return Err(ApiError::seat_taken("not a human seat"));
        };
        let before = human.clone();
        let token_hash = hash_token(&token);
        human.open = false;
        human.token = token_hash;
        let checkpoint = live.session.checkpoint();
        // Checked above: it cannot be refused now.
        let _ = live.session.set_name(n - 1, name.as_deref());
        if !live.has_open_seat() {
            live.session.start_clocks();
        }
        live.players[n - 1] = player.clone();
        let w = Write::Join {
            id: slot.id.clone(),
            version: live.version,
            seat: n,
            token: hex(&token_hash),
            life: live.life_json(),
            listing: live.listing(&slot.id, now_ms()),
            player,
        };
        if let Err(e) = self.store.write(w).await {
            live.players[n - 1] = None;
            live.humans[n - 1] = Some(before);
            live.session.rollback(checkpoint);
            if matches!(e, StoreError::Conflict) {
                self.refresh(&slot, &mut live).await;
            }
            return Err(store_error(e));
        }
        live.version += 1;
        self.claim_if_due(&slot, &mut live).await;
        slot.publish(&live);
        self.arm_clock(&slot, &mut live);
        Ok(JoinAnswer {
            seat: n,
            token: hex(&token),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kyoku_games::session::FailingProgram;
    use serde_json::json;

    async fn open_store(dir: &tempfile::TempDir) -> Store {
        let options = crate::store::OpenOptions {
            sync: crate::store::SyncMode::Normal,
        };
        Store::open(&dir.path().join("t.db").into(), &options)
            .await
            .unwrap()
    }

    async fn app(dir: &tempfile::TempDir) -> Arc<App> {
        let config = crate::Config {
            addr: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
            db: dir.path().join("t.db").into(),
            ai_threads: Some(1),
            sync: crate::store::SyncMode::Normal,
            sockets: SocketLimits::default(),
            new_games_per_minute: 0,
            connections: crate::ConnectionLimits::default(),
            abandon_after: None,
            keep_idle: crate::KEEP_IDLE,
            secure_cookies: false,
        };
        App::new(open_store(dir).await, 1, &config, None)
    }

    /// A new Dōbutsu game between two people, seat 2 open.
    async fn two_people_one_seat_open(app: &Arc<App>) -> CreateAnswer {
        app.create(CreateRequest {
            game: "dobutsu".into(),
            options: json!({}),
            seats: vec!["human".into(), "human".into()],
            open_seats: vec![2],
            clock: None,
            names: vec![],
            rated: false,
            account: None,
        })
        .await
        .unwrap()
    }

    /// A new game of `game`, a human against `ai:1`.
    async fn human_against_ai(app: &Arc<App>, game: &str) -> CreateAnswer {
        app.create(CreateRequest {
            game: game.into(),
            options: json!({}),
            seats: vec!["human".into(), "ai:1".into()],
            open_seats: vec![],
            clock: None,
            names: vec![],
            rated: false,
            account: None,
        })
        .await
        .unwrap()
    }

    /// Plays one human move against a broken program seat; the game must go
    /// on with a legal reply all the same, stored.
    async fn reply_despite(failure: FailingProgram) {
        let dir = tempfile::tempdir().unwrap();
        let app = app(&dir).await;
        let made = human_against_ai(&app, "dobutsu").await;
        let id = made.id.clone();
        let token = made.seats[0].token.clone();
        let slot = app.slot(&id).await.unwrap();
        slot.live
            .lock()
            .await
            .session
            .set_program(1, Box::new(failure));
        let mut changes = slot.subscribe();
        let req = MoveRequest {
            seat: 1,
            token,
            mv: "b2b3".into(),
            account: None,
        };
        app.play(&id, req).await.unwrap();
        let deadline = std::time::Duration::from_secs(20);
        tokio::time::timeout(deadline, async {
            loop {
                let done = {
                    let live = slot.live.lock().await;
                    live.session.movers() == [Some(0), Some(1)] && !live.ai_running
                };
                if done {
                    return;
                }
                changes.changed().await.unwrap();
            }
        })
        .await
        .unwrap_or_else(|_| panic!("no reply after a program that fails: {failure:?}"));
        let live = slot.live.lock().await;
        assert!(
            !live.session.has_program(1),
            "the broken program is dropped"
        );
        let state: Value = serde_json::from_slice(&slot.snapshot().json).unwrap();
        assert_eq!(state["history"].as_array().unwrap().len(), 2, "{state}");
        drop(live);
        let stored = crate::store::stored_moves(&dir.path().join("t.db").into(), &id)
            .await
            .unwrap();
        assert_eq!(stored.map(|m| m.len()), Some(2));
    }

    #[tokio::test]
    async fn a_program_that_gives_no_move_is_replaced_for_the_move() {
        reply_despite(FailingProgram::NoMove).await;
    }

    #[tokio::test]
    async fn a_program_that_chooses_an_illegal_move_is_replaced_for_the_move() {
        reply_despite(FailingProgram::Illegal).await;
    }

    #[tokio::test]
    async fn a_program_that_panics_is_replaced_for_the_move() {
        reply_despite(FailingProgram::Panics).await;
    }

    /// Polls `fut` exactly once and drops it; `true` when it was still
    /// under way then.
    async fn poll_once_then_drop<F: Future>(fut: F) -> bool {
        let mut fut = std::pin::pin!(fut);
        std::future::poll_fn(|cx| std::task::Poll::Ready(fut.as_mut().poll(cx).is_pending())).await
    }

    /// Waits (20 s at most) until `done` holds for the game's state.
    async fn wait_for(slot: &Arc<Slot>, done: impl Fn(&Live) -> bool) {
        let mut changes = slot.subscribe();
        tokio::time::timeout(std::time::Duration::from_secs(20), async {
            loop {
                if done(&*slot.live.lock().await) {
                    return;
                }
                let _ =
                    tokio::time::timeout(std::time::Duration::from_millis(50), changes.changed())
                        .await;
            }
        })
        .await
        .expect("the change ran to its end");
    }

    /// A client that goes away while its move is being stored: the request
    /// is dropped after its first poll, the move is stored all the same,
    /// published, and the program answers it.
    #[tokio::test]
    async fn a_move_whose_client_vanishes_runs_to_its_end() {
        let dir = tempfile::tempdir().unwrap();
        let app = app(&dir).await;
        let made = human_against_ai(&app, "dobutsu").await;
        let req = MoveRequest {
            seat: 1,
            token: made.seats[0].token.clone(),
            mv: "b2b3".into(),
            account: None,
        };
        // Polled once, then dropped: as when the HTTP server drops the
        // handler of a client that reset its connection.
        assert!(poll_once_then_drop(app.play(&made.id, req)).await);
        let slot = app.slot(&made.id).await.unwrap();
        wait_for(&slot, |live| live.session.ply() == 2 && !live.ai_running).await;
        let state: Value = serde_json::from_slice(&slot.snapshot().json).unwrap();
        assert_eq!(state["ply"], 2, "published: {state}");
        let stored = crate::store::stored_moves(&dir.path().join("t.db").into(), &made.id)
            .await
            .unwrap();
        assert_eq!(stored.map(|m| m.len()), Some(2));
    }

    /// The same for joining an open seat.
    #[tokio::test]
    async fn a_join_whose_client_vanishes_runs_to_its_end() {
        let dir = tempfile::tempdir().unwrap();
        let app = app(&dir).await;
        let made = two_people_one_seat_open(&app).await;
        assert!(poll_once_then_drop(app.join(&made.id, None, None, None)).await);
        let slot = app.slot(&made.id).await.unwrap();
        wait_for(&slot, |live| {
            live.status() == kyoku_games::GameStatus::Active
        })
        .await;
        let state: Value = serde_json::from_slice(&slot.snapshot().json).unwrap();
        assert_eq!(state["status"], "active", "published: {state}");
        // Stored: the game loads again with the seat taken.
        drop(app);
        let row = open_store(&dir)
            .await
            .load(&made.id)
            .await
            .unwrap()
            .unwrap();
        assert!(!row.seats[1].open, "the join is stored");
    }

    /// Every byte of the database's files.
    fn db_bytes(dir: &tempfile::TempDir) -> Vec<u8> {
        ["t.db", "t.db-wal"]
            .iter()
            .flat_map(|f| std::fs::read(dir.path().join(f)).unwrap_or_default())
            .collect()
    }

    fn holds(bytes: &[u8], text: &str) -> bool {
        bytes.windows(text.len()).any(|w| w == text.as_bytes())
    }

    #[tokio::test]
    async fn no_token_can_be_read_from_the_database() {
        let dir = tempfile::tempdir().unwrap();
        let app = app(&dir).await;
        let made = two_people_one_seat_open(&app).await;
        let joined = app.join(&made.id, None, None, None).await.unwrap();
        let tokens = [made.seats[0].token.clone().unwrap(), joined.token];
        let req = MoveRequest {
            seat: 1,
            token: Some(tokens[0].clone()),
            mv: "b2b3".into(),
            account: None,
        };
        app.play(&made.id, req).await.unwrap();
        let bytes = db_bytes(&dir);
        assert!(bytes.len() > 4096);
        for t in &tokens {
            assert!(!holds(&bytes, t), "token {t} is in the database");
        }
        // The joined seat's token plays.
        let req = MoveRequest {
            seat: 2,
            token: Some(tokens[1].clone()),
            mv: "c4c3".into(),
            account: None,
        };
        assert!(
            app.play(&made.id, req)
                .await
                .is_err_and(|e| e.code == "illegal_move")
        );
    }

    #[tokio::test]
    async fn an_old_database_with_plain_tokens_is_migrated() {
        let dir = tempfile::tempdir().unwrap();
        let plain = "00112233445566778899aabbccddeeff";
        {
            // As a kyoku from before hashed tokens and schema versions left it.
            let c = rusqlite::Connection::open(dir.path().join("t.db")).unwrap();
            c.execute_batch(&format!(
                "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL,
                    options TEXT NOT NULL, seed INTEGER NOT NULL, status TEXT NOT NULL,
                    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
                 CREATE TABLE seats (game_id TEXT NOT NULL REFERENCES games(id),
                    seat INTEGER NOT NULL, kind TEXT NOT NULL, token TEXT,
                    open INTEGER NOT NULL, PRIMARY KEY (game_id, seat));
                 CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id),
                    ply INTEGER NOT NULL, text TEXT NOT NULL, seat INTEGER,
                    at INTEGER NOT NULL, PRIMARY KEY (game_id, ply));
                 INSERT INTO games VALUES ('oldgame001', 'dobutsu', '{{}}', 1, 'active', 1, 1);
                 INSERT INTO seats VALUES ('oldgame001', 1, 'human', '{plain}', 0);
                 INSERT INTO seats VALUES ('oldgame001', 2, 'random', NULL, 0);"
            ))
            .unwrap();
        }
        assert!(
            holds(&db_bytes(&dir), plain),
            "the old form holds the token"
        );
        let app = app(&dir).await;
        assert!(!holds(&db_bytes(&dir), plain), "migrated at open");
        let req = MoveRequest {
            seat: 1,
            token: Some(plain.into()),
            mv: "b2b3".into(),
            account: None,
        };
        app.play("oldgame001", req).await.unwrap();
    }

    #[tokio::test]
    async fn a_seat_whose_program_cannot_be_made_gets_a_stand_in() {
        let dir = tempfile::tempdir().unwrap();
        let app = app(&dir).await;
        let made = human_against_ai(&app, "shogun").await;
        // As if stored with a program this build lacks: Shogun has no
        // `perfect`.
        let mut row = GameRow {
            id: made.id.clone(),
            game: "shogun".into(),
            options: "{}".into(),
            seed: 1,
            created_at: 0,
            updated_at: 0,
            seats: vec![],
            moves: vec![MoveRow {
                text: "c1c4".into(),
                seat: Some(1),
                clocks: None,
            }],
            life: "{}".into(),
            rematch_of: None,
            rematch: None,
            version: 0,
            rated: false,
            players: Vec::new(),
        };
        row.seats = {
            let live = app.slot(&made.id).await.unwrap();
            let live = live.live.lock().await;
            let mut s = live.seat_rows();
            s[1].kind = "perfect".into();
            s
        };
        let mut live = Live::restore(&row, None).unwrap();
        assert!(live.session.begin_program_turn().unwrap().is_some());
        let state = serde_json::to_value(live.state(&row.id)).unwrap();
        assert_eq!(state["seats"][1]["stand_in"], "ai:5", "{state}");
        assert!(state["seats"][0].get("stand_in").is_none());
        live.ai_running = false;
    }
}
