//! The games in play: creating, moving, joining, programs in seats, and the
//! published state every reader and WebSocket sees.

use std::collections::HashMap;
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

use crate::error::ApiError;
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
                    json!({
                        "seat": i + 1,
                        "kind": s.spec,
                        "open": matches!(s.kind, SeatKind::Human { open: true, .. }),
                    })
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
    pub fn new(store: Store, rows: Vec<GameRow>, ai_threads: usize) -> (Arc<App>, Vec<String>) {
        let app = Arc::new(App {
            games: RwLock::new(HashMap::new()),
            store,
            ai_pool: Arc::new(Semaphore::new(ai_threads.max(1))),
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

    /// Lets programs move while one is to act. Each thinks on a blocking
    /// thread, holding a permit of the pool, on a copy of the game: the game
    /// stays readable and other games keep going meanwhile.
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
                let player = match live.players[seat - 1].take() {
                    Some(p) => p,
                    None => {
                        let made = match &live.seats[seat - 1].kind {
                            SeatKind::Program(spec) => {
                                live.game.player(spec, program_seed(live.seed, seat, ply))
                            }
                            SeatKind::Human { .. } => Err("a human seat".to_string()),
                        };
                        match made {
                            Ok(p) => p,
                            Err(e) => {
                                eprintln!("game {}: seat {seat} cannot play: {e}", slot.id);
                                live.ai_running = false;
                                return;
                            }
                        }
                    }
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
            let (player, mv) = match thought {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("game {}: seat {seat}'s program failed: {e}", slot.id);
                    live.ai_running = false;
                    return;
                }
            };
            live.players[seat - 1] = Some(player);
            if live.movers.len() != ply || live.program_to_act() != Some(seat) {
                continue; // the game moved on meanwhile; think again
            }
            let Some(mv) = mv else {
                eprintln!("game {}: seat {seat}'s program has no move", slot.id);
                live.ai_running = false;
                return;
            };
            let text = match live.game.play(&mv) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("game {}: seat {seat}'s program played {mv:?}: {e}", slot.id);
                    live.ai_running = false;
                    return;
                }
            };
            live.movers.push(Some(seat));
            // `commit` would start another task; this one keeps going instead.
            live.ai_running = false;
            let r = self.commit(&slot, &mut live, text, Some(seat)).await;
            match r {
                Ok(_) => failures = 0,
                Err(e) => {
                    failures += 1;
                    eprintln!("game {}: {}", slot.id, e.message);
                    if failures >= 5 {
                        live.ai_running = false;
                        return;
                    }
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
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            }
        }
    }
}

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
}
