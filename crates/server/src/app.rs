//! The games in play: creating, moving, joining, programs in seats, and the
//! published state every reader and WebSocket sees.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::ws::Utf8Bytes;
use kyoku_core::{Decision, SeatSpec, ToAct};
use kyoku_games::{AnyGame, AnyPlayer};
use rand::Rng;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::{Mutex, Semaphore, watch};

use crate::SocketLimits;
use crate::error::ApiError;
use crate::limit::PerAddress;
use crate::store::{GameRow, MoveRow, SeatRow, Store, Write};

/// A human seat's secret: 128 random bits.
type Token = [u8; 16];

/// What sits in a seat.
enum SeatKind {
    Human { token: Token, open: bool },
    Program(SeatSpec),
}

struct Seat {
    /// As given at creation (`human`, `ai:3`).
    spec: String,
    kind: SeatKind,
}

/// A game in memory: the engine's game and what the server adds.
struct Live {
    game: Box<dyn AnyGame>,
    seats: Vec<Seat>,
    /// Who played each move (1-based seat; `None`: chance).
    movers: Vec<Option<usize>>,
    seed: u64,
    created_at: i64,
    updated_at: i64,
    /// Programs, made on first use (index = seat - 1).
    players: Vec<Option<Box<dyn AnyPlayer>>>,
    chance: Option<Box<dyn AnyPlayer>>,
    /// A program task is running for this game.
    ai_running: bool,
    /// The program playing for a seat whose own could not be made.
    stand_ins: Vec<Option<String>>,
}

/// What readers see of a game: its state, already serialised.
pub struct Snapshot {
    /// The state as JSON text.
    pub json: Bytes,
    /// `{"type":"state","state":…}` for WebSockets.
    pub ws: Utf8Bytes,
    /// The lobby entry.
    pub summary: Value,
    /// `open`, `active`, `finished`.
    pub status: &'static str,
    /// The game's name.
    pub game: &'static str,
    /// Unix seconds.
    pub created_at: i64,
    /// For tie-breaking the lobby order.
    pub id: String,
}

/// One game: its lock and its published state.
pub struct Slot {
    id: String,
    live: Mutex<Live>,
    state: watch::Sender<Arc<Snapshot>>,
    /// Live WebSocket connections to this game.
    sockets: AtomicUsize,
}

impl Slot {
    /// The latest published state.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.state.borrow().clone()
    }
    /// Changes of the published state.
    pub fn subscribe(&self) -> watch::Receiver<Arc<Snapshot>> {
        self.state.subscribe()
    }
    /// The text of the position after `ply` moves (the current one when
    /// `None`); `None` when the game has not that many moves.
    pub async fn position_at(&self, ply: Option<usize>) -> Option<String> {
        let live = self.live.lock().await;
        match ply {
            None => Some(live.game.position_text()),
            Some(k) => live.game.position_text_at(k),
        }
    }
    /// Every position so far, as text.
    pub async fn positions(&self) -> Vec<String> {
        let live = self.live.lock().await;
        (0..=live.game.history().len())
            .filter_map(|k| live.game.position_text_at(k))
            .collect()
    }
}

/// The server's shared state.
pub struct App {
    games: RwLock<HashMap<String, Arc<Slot>>>,
    store: Store,
    /// Bounds the programs thinking at once (one per core).
    ai_pool: Arc<Semaphore>,
    /// Live WebSocket connections, all games together.
    sockets: AtomicUsize,
    socket_limits: SocketLimits,
    /// New games per client address; `None`: no limit.
    new_games: Option<PerAddress>,
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

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn parse_token(text: &str) -> Option<Token> {
    if text.len() != 32 || !text.is_ascii() {
        return None;
    }
    let mut t = [0u8; 16];
    for (i, b) in t.iter_mut().enumerate() {
        *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(t)
}

/// Compares two tokens in time independent of where they differ.
fn same_token(a: &Token, b: &Token) -> bool {
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

fn new_token() -> Token {
    // ThreadRng is a CSPRNG seeded from the operating system: secrets must
    // not come from a fixed seed.
    let mut t = [0u8; 16];
    rand::rng().fill(&mut t);
    t
}

fn new_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    (0..10)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// A program's seed: the game's seed, the seat, and how far the game is
/// (so a program made again after a restart does not repeat itself).
fn program_seed(seed: u64, seat: usize, ply: usize) -> u64 {
    let mut x = seed ^ ((seat as u64) << 56) ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // splitmix64 finaliser
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl Live {
    fn status(&self) -> &'static str {
        if self.game.outcome().is_some() {
            "finished"
        } else if self
            .seats
            .iter()
            .any(|s| matches!(s.kind, SeatKind::Human { open: true, .. }))
        {
            "open"
        } else {
            "active"
        }
    }

    fn to_act_json(&self) -> Value {
        match self.game.to_act() {
            ToAct::Player(p, Decision::Turn) => json!({"seat": p.number(), "kind": "move"}),
            ToAct::Player(p, Decision::Answer) => json!({"seat": p.number(), "kind": "push"}),
            ToAct::Chance => json!({"seat": null, "kind": "chance"}),
            ToAct::Nobody => Value::Null,
        }
    }

    fn seats_json(&self) -> Value {
        Value::Array(
            self.seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let mut seat = json!({
                        "seat": i + 1,
                        "kind": s.spec,
                        "open": matches!(s.kind, SeatKind::Human { open: true, .. }),
                    });
                    if let Some(name) = &self.stand_ins[i] {
                        seat["stand_in"] = json!(name);
                    }
                    seat
                })
                .collect(),
        )
    }

    fn result_json(&self) -> Value {
        match self.game.outcome() {
            None => Value::Null,
            Some(o) => {
                let n = o.players();
                json!({
                    "scores": o.scores(),
                    "ranks": (0..n).map(|i| o.rank(kyoku_core::Player::new(i))).collect::<Vec<_>>(),
                    "winners": o.winners().iter().map(|p| p.number()).collect::<Vec<_>>(),
                    "reason": o.reason,
                })
            }
        }
    }

    fn snapshot(&self, id: &str) -> Snapshot {
        let history: Vec<Value> = self
            .game
            .history()
            .into_iter()
            .zip(&self.movers)
            .map(|(m, s)| json!({"move": m, "seat": s}))
            .collect();
        let status = self.status();
        let summary = json!({
            "id": id,
            "game": self.game.game(),
            "options": self.game.options(),
            "seats": self.seats_json(),
            "status": status,
            "ply": history.len(),
            "to_act": self.to_act_json(),
            "result": self.result_json(),
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        });
        let state = json!({
            "id": id,
            "game": self.game.game(),
            "options": self.game.options(),
            "seats": self.seats_json(),
            "status": status,
            "ply": history.len(),
            "position": self.game.position_text(),
            "to_act": self.to_act_json(),
            "legal_moves": self.game.legal_moves(),
            "history": history,
            "result": self.result_json(),
            "extras": self.game.extras(),
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        });
        let text = state.to_string();
        let ws = format!("{{\"type\":\"state\",\"state\":{text}}}");
        Snapshot {
            json: Bytes::from(text),
            ws: Utf8Bytes::from(ws),
            summary,
            status,
            game: self.game.game(),
            created_at: self.created_at,
            id: id.to_string(),
        }
    }

    /// The 1-based seat of a program that must act now.
    fn program_to_act(&self) -> Option<usize> {
        let p = self.game.to_act().player()?;
        match self.seats.get(p.index())?.kind {
            SeatKind::Program(_) => Some(p.number()),
            SeatKind::Human { .. } => None,
        }
    }

    /// Plays chance draws until a player (or nobody) acts; returns them.
    fn resolve_chance(&mut self) -> Result<Vec<MoveRow>, String> {
        let mut drawn = Vec::new();
        while self.game.to_act() == ToAct::Chance {
            if self.chance.is_none() {
                let spec = SeatSpec::parse("random")?;
                let seed = program_seed(self.seed, 0, self.movers.len());
                self.chance = Some(self.game.player(&spec, seed)?);
            }
            let chance = self.chance.as_mut().ok_or("no chance player")?;
            let mv = chance
                .choose(self.game.as_ref())
                .ok_or("chance has no outcome")?;
            let text = self.game.play(&mv).map_err(|e| e.to_string())?;
            self.movers.push(None);
            drawn.push(MoveRow { text, seat: None });
        }
        Ok(drawn)
    }

    fn take_back(&mut self, n: usize) {
        for _ in 0..n {
            self.game.undo();
            self.movers.pop();
        }
    }
}

impl App {
    /// The server state over `store`, with the games read from it. Games
    /// that no longer replay are reported and left out.
    pub fn new(
        store: Store,
        rows: Vec<GameRow>,
        ai_threads: usize,
        socket_limits: SocketLimits,
        new_games_per_minute: u32,
    ) -> (Arc<App>, Vec<String>) {
        let app = Arc::new(App {
            games: RwLock::new(HashMap::new()),
            store,
            ai_pool: Arc::new(Semaphore::new(ai_threads.max(1))),
            sockets: AtomicUsize::new(0),
            socket_limits,
            new_games: (new_games_per_minute > 0)
                .then(|| PerAddress::per_minute(new_games_per_minute)),
        });
        let mut problems = Vec::new();
        for row in rows {
            match Self::restore(&row) {
                Ok(live) => {
                    let snap = live.snapshot(&row.id);
                    let slot = Arc::new(Slot {
                        id: row.id.clone(),
                        live: Mutex::new(live),
                        state: watch::channel(Arc::new(snap)).0,
                        sockets: AtomicUsize::new(0),
                    });
                    app.games_write().insert(row.id.clone(), slot);
                }
                Err(e) => problems.push(format!("game {}: {e}", row.id)),
            }
        }
        (app, problems)
    }

    fn games_write(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<String, Arc<Slot>>> {
        self.games.write().unwrap_or_else(|p| p.into_inner())
    }

    fn games_read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, Arc<Slot>>> {
        self.games.read().unwrap_or_else(|p| p.into_inner())
    }

    /// Rebuilds a game by replaying its stored moves through the engine.
    fn restore(row: &GameRow) -> Result<Live, String> {
        let options: Value = serde_json::from_str(&row.options).map_err(|e| e.to_string())?;
        let texts: Vec<String> = row.moves.iter().map(|m| m.text.clone()).collect();
        let game = kyoku_games::replay(&row.game, &options, &texts).map_err(|e| e.to_string())?;
        if game.history() != texts {
            return Err("stored moves are not in canonical form".into());
        }
        let mut seats = Vec::new();
        for s in &row.seats {
            let kind = if s.kind == "human" {
                let token = s
                    .token
                    .as_deref()
                    .and_then(parse_token)
                    .ok_or("a human seat without a valid token")?;
                SeatKind::Human {
                    token,
                    open: s.open,
                }
            } else {
                SeatKind::Program(SeatSpec::parse(&s.kind)?)
            };
            seats.push(Seat {
                spec: s.kind.clone(),
                kind,
            });
        }
        if seats.len() != game.num_players() {
            return Err(format!(
                "{} seats stored for {} players",
                seats.len(),
                game.num_players()
            ));
        }
        let n = seats.len();
        Ok(Live {
            game,
            seats,
            movers: row.moves.iter().map(|m| m.seat).collect(),
            seed: row.seed,
            created_at: row.created_at,
            updated_at: row.updated_at,
            players: (0..n).map(|_| None).collect(),
            chance: None,
            ai_running: false,
            stand_ins: vec![None; n],
        })
    }

    /// Starts the programs of every game waiting for one (after a restart).
    pub async fn resume_programs(self: &Arc<Self>) {
        let slots: Vec<Arc<Slot>> = self.games_read().values().cloned().collect();
        for slot in slots {
            let mut live = slot.live.lock().await;
            self.maybe_start_program(&slot, &mut live);
        }
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

    /// The game with this id.
    pub fn slot(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        self.games_read()
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::no_such_game(id))
    }

    /// The lobby: newest first.
    pub fn list(&self, status: Option<&str>, game: Option<&str>, limit: usize) -> Vec<Value> {
        let mut snaps: Vec<Arc<Snapshot>> = self
            .games_read()
            .values()
            .map(|s| s.snapshot())
            .filter(|s| status.is_none_or(|st| s.status == st))
            .filter(|s| game.is_none_or(|g| s.game == g))
            .collect();
        snaps.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.id.cmp(&b.id)));
        snaps
            .into_iter()
            .take(limit)
            .map(|s| s.summary.clone())
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
    pub async fn create(self: &Arc<Self>, req: CreateRequest) -> Result<Value, ApiError> {
        let game = kyoku_games::new_game(&req.game, &req.options)
            .map_err(|e| ApiError::bad_options(e.to_string()))?;
        let n = game.num_players();
        if req.seats.len() != n {
            return Err(ApiError::bad_options(format!(
                "{} has {n} seats, {} given",
                req.game,
                req.seats.len()
            )));
        }
        for &o in &req.open_seats {
            if o == 0 || o > n || req.seats[o - 1].trim() != "human" {
                return Err(ApiError::bad_options(format!(
                    "open seat {o} is not a human seat"
                )));
            }
        }
        let seed: u64 = rand::rng().random::<u64>() >> 1; // fits SQLite's i64
        let mut seats = Vec::with_capacity(n);
        let mut players = Vec::with_capacity(n);
        for (i, text) in req.seats.iter().enumerate() {
            let spec = SeatSpec::parse(text)
                .map_err(|e| ApiError::bad_options(format!("seat {}: {e}", i + 1)))?;
            match spec {
                SeatSpec::Human => {
                    seats.push(Seat {
                        spec: "human".into(),
                        kind: SeatKind::Human {
                            token: new_token(),
                            open: req.open_seats.contains(&(i + 1)),
                        },
                    });
                    players.push(None);
                }
                SeatSpec::Program { .. } => {
                    let p = game
                        .player(&spec, program_seed(seed, i + 1, 0))
                        .map_err(|e| ApiError::bad_options(format!("seat {}: {e}", i + 1)))?;
                    seats.push(Seat {
                        spec: spec.to_string(),
                        kind: SeatKind::Program(spec),
                    });
                    players.push(Some(p));
                }
            }
        }
        let t = now();
        let mut live = Live {
            game,
            seats,
            movers: Vec::new(),
            seed,
            created_at: t,
            updated_at: t,
            stand_ins: vec![None; players.len()],
            players,
            chance: None,
            ai_running: false,
        };
        let drawn = live.resolve_chance().map_err(ApiError::storage)?;
        let mut id = new_id();
        while self.games_read().contains_key(&id) {
            id = new_id();
        }
        let row = GameRow {
            id: id.clone(),
            game: live.game.game().to_string(),
            options: live.game.options().to_string(),
            seed,
            created_at: t,
            updated_at: t,
            seats: live
                .seats
                .iter()
                .map(|s| match &s.kind {
                    SeatKind::Human { token, open } => SeatRow {
                        kind: "human".into(),
                        token: Some(hex(token)),
                        open: *open,
                    },
                    SeatKind::Program(_) => SeatRow {
                        kind: s.spec.clone(),
                        token: None,
                        open: false,
                    },
                })
                .collect(),
            moves: drawn,
        };
        self.store
            .write(Write::Create(row, live.status().to_string()))
            .await
            .map_err(|e| ApiError::storage(e.to_string()))?;
        let seats_out: Vec<Value> = live
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let token = match &s.kind {
                    SeatKind::Human { token, open: false } => Value::String(hex(token)),
                    _ => Value::Null,
                };
                json!({"seat": i + 1, "kind": s.spec, "token": token})
            })
            .collect();
        let snap = Arc::new(live.snapshot(&id));
        let slot = Arc::new(Slot {
            id: id.clone(),
            live: Mutex::new(live),
            state: watch::channel(snap.clone()).0,
            sockets: AtomicUsize::new(0),
        });
        self.games_write().insert(id.clone(), slot.clone());
        {
            let mut live = slot.live.lock().await;
            self.maybe_start_program(&slot, &mut live);
        }
        let state: Value = serde_json::from_slice(&snap.json).unwrap_or(Value::Null);
        Ok(json!({"id": id, "seats": seats_out, "state": state}))
    }

    /// Plays a person's move: checks, commits, publishes.
    pub async fn play(self: &Arc<Self>, id: &str, req: &MoveRequest) -> Result<Played, ApiError> {
        let slot = self.slot(id)?;
        let mut live = slot.live.lock().await;
        let seat = req.seat;
        let authorised = match live.seats.get(seat.wrapping_sub(1)).map(|s| &s.kind) {
            Some(SeatKind::Human { token, .. }) => req
                .token
                .as_deref()
                .and_then(parse_token)
                .is_some_and(|given| same_token(token, &given)),
            _ => false,
        };
        if !authorised {
            return Err(ApiError::forbidden(seat));
        }
        if live.game.outcome().is_some() {
            return Err(ApiError::game_over());
        }
        match live.game.to_act().player() {
            Some(p) if p.number() == seat => {}
            Some(p) => {
                return Err(ApiError::not_your_turn(format!(
                    "seat {} is to act, not seat {seat}",
                    p.number()
                )));
            }
            None => return Err(ApiError::not_your_turn("nobody can act now")),
        }
        let text = live
            .game
            .play(&req.mv)
            .map_err(|e| ApiError::illegal_move(e.to_string()))?;
        live.movers.push(Some(seat));
        self.commit(&slot, &mut live, text, Some(seat)).await
    }

    /// After a move was played in memory: draws chance, commits, publishes
    /// and wakes the programs. On a storage failure the moves are taken back.
    async fn commit(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
        text: String,
        seat: Option<usize>,
    ) -> Result<Played, ApiError> {
        let first_ply = live.movers.len() - 1;
        let mut moves = vec![MoveRow {
            text: text.clone(),
            seat,
        }];
        match live.resolve_chance() {
            Ok(drawn) => moves.extend(drawn),
            Err(e) => {
                live.take_back(live.movers.len() - first_ply);
                return Err(ApiError::storage(format!("chance: {e}")));
            }
        }
        let n = moves.len();
        let t = now();
        let w = Write::Moves {
            id: slot.id.clone(),
            first_ply,
            moves,
            at: t,
            status: live.status().to_string(),
        };
        if let Err(e) = self.store.write(w).await {
            live.take_back(n);
            return Err(ApiError::storage(e.to_string()));
        }
        live.updated_at = t;
        let snapshot = Arc::new(live.snapshot(&slot.id));
        slot.state.send_replace(snapshot.clone());
        self.maybe_start_program(slot, live);
        Ok(Played {
            text,
            ply: first_ply + 1,
            snapshot,
        })
    }

    /// Takes an open seat; returns `{"seat": n, "token": …}`.
    pub async fn join(&self, id: &str, seat: Option<usize>) -> Result<Value, ApiError> {
        let slot = self.slot(id)?;
        let mut live = slot.live.lock().await;
        let is_open = |s: &Seat| matches!(s.kind, SeatKind::Human { open: true, .. });
        let n = match seat {
            Some(n) => {
                if !live.seats.get(n.wrapping_sub(1)).is_some_and(is_open) {
                    return Err(ApiError::seat_taken(format!("seat {n} is not open")));
                }
                n
            }
            None => {
                live.seats
                    .iter()
                    .position(is_open)
                    .ok_or_else(|| ApiError::seat_taken("no seat is open"))?
                    + 1
            }
        };
        let token = match &mut live.seats[n - 1].kind {
            SeatKind::Human { token, open } => {
                *open = false;
                *token
            }
            SeatKind::Program(_) => return Err(ApiError::seat_taken("not a human seat")),
        };
        let w = Write::Join {
            id: id.to_string(),
            seat: n,
            status: live.status().to_string(),
        };
        if let Err(e) = self.store.write(w).await {
            if let SeatKind::Human { open, .. } = &mut live.seats[n - 1].kind {
                *open = true;
            }
            return Err(ApiError::storage(e.to_string()));
        }
        slot.state.send_replace(Arc::new(live.snapshot(id)));
        Ok(json!({"seat": n, "token": hex(&token)}))
    }

    /// Starts the program task of a game if a program must act and none runs.
    fn maybe_start_program(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live) {
        if live.ai_running || live.program_to_act().is_none() {
            return;
        }
        live.ai_running = true;
        let app = self.clone();
        let slot = slot.clone();
        tokio::spawn(async move { app.run_programs(slot).await });
    }

    /// The program for `seat`: the one kept from its last move, or a new
    /// one made from the seat's spec. When the spec cannot be made (a
    /// `perfect` seat whose table has gone since the game began), a stand-in
    /// plays for it, and the seat's state says so, rather than the game
    /// stalling.
    fn program_for(
        live: &mut Live,
        id: &str,
        seat: usize,
        ply: usize,
    ) -> Option<Box<dyn AnyPlayer>> {
        if let Some(p) = live.players[seat - 1].take() {
            return Some(p);
        }
        let SeatKind::Program(spec) = &live.seats[seat - 1].kind else {
            return None;
        };
        let seed = program_seed(live.seed, seat, ply);
        let why = match live.game.player(spec, seed) {
            Ok(p) => {
                live.stand_ins[seat - 1] = None;
                return Some(p);
            }
            Err(e) => e,
        };
        for name in STAND_INS {
            let made = SeatSpec::parse(name).and_then(|s| live.game.player(&s, seed));
            if let Ok(p) = made {
                eprintln!(
                    "game {id}: seat {seat} ({}) cannot play: {why}; {name} plays for it",
                    live.seats[seat - 1].spec
                );
                live.stand_ins[seat - 1] = Some(name.to_string());
                return Some(p);
            }
        }
        eprintln!("game {id}: seat {seat} cannot play: {why}");
        None
    }

    /// A legal move chosen by a seeded random program, for a seat whose own
    /// program failed to give one (it panicked, gave up, or chose an illegal
    /// move): one weak move beats a game that never continues.
    fn fallback_move(live: &Live, seat: usize, ply: usize) -> Option<String> {
        let spec = SeatSpec::parse("random").ok()?;
        let seed = program_seed(live.seed, seat, ply) ^ 0x5EED;
        let mut random = live.game.player(&spec, seed).ok()?;
        random.choose(live.game.as_ref())
    }

    /// Lets programs move while one is to act. Each thinks on a blocking
    /// thread, holding a permit of the pool, on a copy of the game: the game
    /// stays readable and other games keep going meanwhile. A program that
    /// fails is replaced for that move by a random legal move; a failed
    /// commit is retried with growing pauses. The task ends when no program
    /// is to act — or when not even a random legal move can be played,
    /// which only a rules-engine bug can cause (logged; a restart retries).
    async fn run_programs(self: Arc<Self>, slot: Arc<Slot>) {
        let mut failures = 0u32;
        loop {
            let permit = match self.ai_pool.clone().acquire_owned().await {
                Ok(p) => p,
                Err(_) => return,
            };
            let (seat, ply, copy, player) = {
                let mut live = slot.live.lock().await;
                let Some(seat) = live.program_to_act() else {
                    live.ai_running = false;
                    return;
                };
                let ply = live.movers.len();
                let Some(player) = Self::program_for(&mut live, &slot.id, seat, ply) else {
                    live.ai_running = false;
                    return;
                };
                (seat, ply, live.game.box_clone(), player)
            };
            let thought = tokio::task::spawn_blocking(move || {
                let mut player = player;
                let mv = player.choose(copy.as_ref());
                (player, mv)
            })
            .await;
            drop(permit);
            let mut live = slot.live.lock().await;
            let chosen = match thought {
                Ok((player, mv)) => {
                    live.players[seat - 1] = Some(player);
                    mv
                }
                Err(e) => {
                    // The program is lost with its thread; a new one is made
                    // for the next move.
                    eprintln!("game {}: seat {seat}'s program failed: {e}", slot.id);
                    None
                }
            };
            if live.movers.len() != ply || live.program_to_act() != Some(seat) {
                continue; // the game moved on meanwhile; think again
            }
            let played = chosen.and_then(|mv| match live.game.play(&mv) {
                Ok(t) => Some(t),
                Err(e) => {
                    eprintln!("game {}: seat {seat}'s program chose {mv:?}: {e}", slot.id);
                    None
                }
            });
            let text = match played {
                Some(t) => t,
                None => {
                    live.players[seat - 1] = None;
                    let fallback = Self::fallback_move(&live, seat, ply)
                        .and_then(|mv| live.game.play(&mv).ok());
                    match fallback {
                        Some(t) => {
                            eprintln!(
                                "game {}: seat {seat} played {t} at random in its program's place",
                                slot.id
                            );
                            t
                        }
                        None => {
                            eprintln!("game {}: seat {seat} has no move to play", slot.id);
                            live.ai_running = false;
                            return;
                        }
                    }
                }
            };
            live.movers.push(Some(seat));
            // `commit` would start another task; this one keeps going instead.
            live.ai_running = false;
            match self.commit(&slot, &mut live, text, Some(seat)).await {
                Ok(_) => failures = 0,
                Err(e) => {
                    failures += 1;
                    eprintln!("game {}: {} (try {failures})", slot.id, e.message);
                }
            }
            if live.ai_running {
                // `commit` started a new task for the next program move.
                return;
            }
            if live.program_to_act().is_none() {
                return;
            }
            live.ai_running = true;
            drop(live);
            if failures > 0 {
                // The store refused the move (disk full, file locked): the
                // move was taken back; wait, longer each time, and replay.
                let pause = 250u64 << failures.min(7);
                tokio::time::sleep(std::time::Duration::from_millis(pause)).await;
            }
        }
    }
}

/// Who plays for a program seat whose program cannot be made, in order of
/// preference.
const STAND_INS: [&str; 2] = ["ai:5", "random"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_read_back_and_compare() {
        let t = new_token();
        let h = hex(&t);
        assert_eq!(h.len(), 32);
        assert_eq!(parse_token(&h), Some(t));
        assert!(same_token(&t, &parse_token(&h).unwrap()));
        let mut other = t;
        other[15] ^= 1;
        assert!(!same_token(&t, &other));
        assert_eq!(parse_token("zz"), None);
        assert_eq!(parse_token(&"é".repeat(16)), None);
        assert_eq!(parse_token(&"g".repeat(32)), None);
    }

    #[test]
    fn ids_are_ten_letters_or_digits() {
        let id = new_id();
        assert_eq!(id.len(), 10);
        assert!(
            id.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        );
    }

    /// A program that always fails in one way.
    struct Broken(&'static str);

    impl AnyPlayer for Broken {
        fn spec(&self) -> String {
            "broken".into()
        }
        fn choose(&mut self, _game: &dyn AnyGame) -> Option<String> {
            match self.0 {
                "panic" => panic!("a program bug"),
                "illegal" => Some("a1a1".into()),
                _ => None,
            }
        }
    }

    async fn app(dir: &tempfile::TempDir) -> Arc<App> {
        let (store, rows) =
            crate::store::open(&dir.path().join("t.db"), crate::store::SyncMode::Normal).unwrap();
        App::new(store, rows, 1, SocketLimits::default(), 0).0
    }

    /// A new game of `game`, a human against `ai:1`: its id and the
    /// creation answer.
    async fn human_against_ai(app: &Arc<App>, game: &str) -> (String, Value) {
        let made = app
            .create(CreateRequest {
                game: game.into(),
                options: json!({}),
                seats: vec!["human".into(), "ai:1".into()],
                open_seats: vec![],
            })
            .await
            .unwrap();
        (made["id"].as_str().unwrap().to_string(), made)
    }

    /// Plays one human move against a broken program seat; the game must go
    /// on with a legal reply all the same.
    async fn reply_despite(failure: &'static str) {
        let dir = tempfile::tempdir().unwrap();
        let app = app(&dir).await;
        let (id, made) = human_against_ai(&app, "dobutsu").await;
        let token = made["seats"][0]["token"].as_str().unwrap().to_string();
        let slot = app.slot(&id).unwrap();
        slot.live.lock().await.players[1] = Some(Box::new(Broken(failure)));
        let mut changes = slot.subscribe();
        let req = MoveRequest {
            seat: 1,
            token: Some(token),
            mv: "b2b3".into(),
        };
        app.play(&id, &req).await.unwrap();
        let deadline = std::time::Duration::from_secs(20);
        tokio::time::timeout(deadline, async {
            loop {
                let done = {
                    let live = slot.live.lock().await;
                    live.movers == [Some(1), Some(2)] && !live.ai_running
                };
                if done {
                    return;
                }
                changes.changed().await.unwrap();
            }
        })
        .await
        .unwrap_or_else(|_| panic!("no reply after a program that fails by {failure}"));
        let live = slot.live.lock().await;
        assert_eq!(live.game.history().len(), 2);
        assert!(live.players[1].is_none(), "the broken program is dropped");
        let state: Value = serde_json::from_slice(&slot.snapshot().json).unwrap();
        assert_eq!(state["history"].as_array().unwrap().len(), 2, "{state}");
        drop(live);
        // The reply is stored: the game reads back with both moves.
        let stored = crate::store::stored_moves(&dir.path().join("t.db"), &id).unwrap();
        assert_eq!(stored.map(|m| m.len()), Some(2));
    }

    #[tokio::test]
    async fn a_program_that_gives_no_move_is_replaced_for_the_move() {
        reply_despite("none").await;
    }

    #[tokio::test]
    async fn a_program_that_chooses_an_illegal_move_is_replaced_for_the_move() {
        reply_despite("illegal").await;
    }

    #[tokio::test]
    async fn a_program_that_panics_is_replaced_for_the_move() {
        reply_despite("panic").await;
    }

    #[tokio::test]
    async fn a_seat_whose_program_cannot_be_made_gets_a_stand_in() {
        let dir = tempfile::tempdir().unwrap();
        let app = app(&dir).await;
        let (id, _) = human_against_ai(&app, "shogun").await;
        let slot = app.slot(&id).unwrap();
        {
            // As if the seat had been stored with a program this build lacks.
            let mut live = slot.live.lock().await;
            live.players[1] = None;
            live.seats[1].kind = SeatKind::Program(SeatSpec::parse("perfect").unwrap());
            let p = App::program_for(&mut live, &id, 2, 0);
            assert!(p.is_some());
            assert_eq!(live.stand_ins[1].as_deref(), Some("ai:5"));
            let seats = live.seats_json();
            assert_eq!(seats[1]["stand_in"], "ai:5", "{seats}");
            assert!(seats[0].get("stand_in").is_none());
        }
    }
}
