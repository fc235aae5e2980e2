//! A game in memory: the shared [`Session`] and what the server adds to it
//! (who holds each human seat, when it changed), and its published state.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicUsize};

use axum::body::Bytes;
use axum::extract::ws::Utf8Bytes;
use kyoku_core::{SeatSpec, SeatSpecError};
use kyoku_games::session::{Failure, Life, ProgramSource, Seeds};
use kyoku_games::{GameKind, GameStatus, Session, SessionError};
use serde_json::Value;
use tokio::sync::{Mutex, watch};

use crate::error::ApiError;
use crate::store::{GameRow, Listing, PlayerRow, SeatRow};
use crate::tokens::{Token, TokenHash, hex, parse_stored, parse_token, token_matches};
use crate::views::{
    GameState, HistoryEntry, LobbyEntry, OffersView, PlayerView, ResultView, SeatView, ToActView,
};

/// Who may play a human seat.
#[derive(Clone, Debug)]
pub struct HumanSeat {
    /// The hash of the seat's secret.
    pub token: TokenHash,
    /// Waiting for someone to join.
    pub open: bool,
    /// The hash of the seat's token in the rematch, once its holder has
    /// offered or accepted one.
    pub next: Option<TokenHash>,
}

/// A game in memory.
pub struct Live {
    /// The game with its seats and programs.
    pub session: Session,
    /// Per seat: `Some` for a human seat.
    pub humans: Vec<Option<HumanSeat>>,
    /// The seed the session's seeds derive from (stored).
    pub seed: u64,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds of the last change.
    pub updated_at: i64,
    /// A program task is running for this game.
    pub ai_running: bool,
    /// The game this one is the rematch of.
    pub rematch_of: Option<String>,
    /// Its rematch, once agreed.
    pub rematch: Option<String>,
    /// The deadline (Unix ms) a flag timer waits for, if one does.
    pub armed: Option<u64>,
    /// That timer's task.
    pub timer: Option<tokio::task::AbortHandle>,
    /// Rematch token hashes set since the last commit (1-based seat, hex),
    /// stored with the next change.
    pub next_tokens: Vec<(usize, String)>,
    /// The stored version this copy is at (changes stored since creation).
    pub version: i64,
    /// This instance holds the game's lease: it runs its programs and
    /// decides its flag falls (always, with one instance on SQLite).
    pub leased: bool,
    /// A rated game: its end moves its players' ratings.
    pub rated: bool,
    /// Per seat: the account playing it, if any (people signed in; in
    /// rated games, program levels too).
    pub players: Vec<Option<PlayerRow>>,
    /// The store has the game as over: its end (outcomes, ratings) is
    /// written.
    pub end_stored: bool,
}

/// Why a stored game cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// The stored options are not JSON.
    #[error("stored options are not JSON: {0}")]
    Options(#[from] serde_json::Error),
    /// A stored seat is not a seat spec.
    #[error("stored seat: {0}")]
    Seat(#[from] SeatSpecError),
    /// A human seat without a readable token.
    #[error("human seat {0} has no valid token")]
    Token(usize),
    /// The game, its seats or its moves do not replay.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// The game is not one of the catalogue's.
    #[error(transparent)]
    Game(#[from] kyoku_games::GameError),
    /// The stored life (clocks, names, offers) or a move's clocks cannot be
    /// read.
    #[error("stored clocks, names or offers: {0}")]
    Life(serde_json::Error),
}

impl Live {
    /// Rebuilds a stored game by replaying its moves through the rules.
    pub fn restore(
        row: &GameRow,
        programs: Option<Arc<dyn ProgramSource>>,
    ) -> Result<Live, RestoreError> {
        let options: Value = serde_json::from_str(&row.options)?;
        let kind: GameKind = row.game.parse()?;
        let game = kind.new_game(&options)?;
        let mut specs = Vec::with_capacity(row.seats.len());
        let mut humans = Vec::with_capacity(row.seats.len());
        for (i, s) in row.seats.iter().enumerate() {
            let spec = SeatSpec::parse(&s.kind)?;
            humans.push(match spec {
                SeatSpec::Human => Some(HumanSeat {
                    token: s
                        .token
                        .as_deref()
                        .and_then(parse_stored)
                        .ok_or(RestoreError::Token(i + 1))?,
                    open: s.open,
                    next: s.next_token.as_deref().and_then(parse_stored),
                }),
                SeatSpec::Program { .. } => None,
            });
            specs.push(spec);
        }
        let moves: Vec<(String, Option<usize>)> = row
            .moves
            .iter()
            .map(|m| (m.text.clone(), m.seat.map(|s| s - 1)))
            .collect();
        let move_clocks = row
            .moves
            .iter()
            .map(|m| m.clocks.as_deref().map(serde_json::from_str).transpose())
            .collect::<Result<Vec<_>, _>>()
            .map_err(RestoreError::Life)?;
        let life: Life = serde_json::from_str(&row.life).map_err(RestoreError::Life)?;
        let seeds = Seeds::from_seed(row.seed, specs.len());
        let mut session =
            Session::resume_with(game, &specs, seeds, Failure::StandIn, &moves, programs)?;
        session.restore_life(life, move_clocks);
        let mut players = vec![None; specs.len()];
        for p in &row.players {
            if let Some(slot) = players.get_mut(p.seat.wrapping_sub(1)) {
                *slot = Some(p.clone());
            }
        }
        Ok(Live {
            rated: row.rated,
            players,
            end_stored: session.outcome().is_some(),
            session,
            humans,
            seed: row.seed,
            created_at: row.created_at,
            updated_at: row.updated_at,
            ai_running: false,
            rematch_of: row.rematch_of.clone(),
            rematch: row.rematch.clone(),
            armed: None,
            timer: None,
            next_tokens: Vec::new(),
            version: row.version,
            leased: false,
        })
    }

    /// When the server must next act on the game unasked (Unix ms): now
    /// (`now_ms`) when a program is to move, the flag fall of a running
    /// clock; `None` when only people can move it on or it is over.
    pub fn wake_at(&self, now_ms: i64) -> Option<i64> {
        if self.session.outcome().is_some() || self.has_open_seat() {
            return None;
        }
        if self.session.program_to_act().is_some() {
            return Some(now_ms);
        }
        self.session.deadline().map(|(_, at)| at as i64)
    }

    /// What the store's queries read of the game: status, lobby entry,
    /// next deadline.
    pub fn listing(&self, id: &str, now_ms: i64) -> Listing {
        Listing {
            status: self.status().as_str().to_string(),
            summary: serde_json::to_string(&self.entry(id)).unwrap_or_else(|_| "null".into()),
            wake_at: self.wake_at(now_ms),
        }
    }

    /// The stored form of the game's life.
    pub fn life_json(&self) -> String {
        serde_json::to_string(self.session.life()).unwrap_or_else(|_| "{}".into())
    }

    /// Whether a seat still waits for someone to join.
    pub fn has_open_seat(&self) -> bool {
        self.humans.iter().flatten().any(|h| h.open)
    }

    /// The number of moves, as players count them: a move of each side is
    /// one move in two-player games (chance's draws are not moves).
    pub fn moves(&self) -> usize {
        let decisions = self.session.movers().iter().flatten().count();
        match self.session.game().num_players() {
            2 => decisions.div_ceil(2),
            _ => decisions,
        }
    }

    /// Open while a human seat waits; finished once over.
    pub fn status(&self) -> GameStatus {
        if self.session.outcome().is_some() {
            GameStatus::Finished
        } else if self.has_open_seat() {
            GameStatus::Open
        } else {
            GameStatus::Active
        }
    }

    /// The stored form of the seats.
    pub fn seat_rows(&self) -> Vec<SeatRow> {
        self.session
            .specs()
            .iter()
            .zip(&self.humans)
            .map(|(spec, human)| SeatRow {
                kind: spec.to_string(),
                token: human.as_ref().map(|h| hex(&h.token)),
                open: human.as_ref().is_some_and(|h| h.open),
                next_token: human.as_ref().and_then(|h| h.next.map(|n| hex(&n))),
            })
            .collect()
    }

    fn seat_views(&self) -> Vec<SeatView> {
        self.session
            .specs()
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                let player = self.players.get(i).and_then(Option::as_ref);
                SeatView {
                    seat: i + 1,
                    kind: spec.to_string(),
                    open: self.humans[i].as_ref().is_some_and(|h| h.open),
                    stand_in: self.session.stand_in(i).map(str::to_string),
                    out: self.session.is_out(i),
                    player: player.map(PlayerView::of),
                    rating_diff: player.and_then(|p| p.diff).map(|d| d.round() as i64),
                }
            })
            .collect()
    }

    /// Who may act for `seat` (1-based): the holder of its token, or the
    /// account in it. Answers the token when one proved the right (a
    /// rematch derives the seat's next token from it).
    pub fn may_act(
        &self,
        seat: usize,
        token: Option<&str>,
        account: Option<&str>,
    ) -> Result<Option<Token>, ApiError> {
        let i = seat.wrapping_sub(1);
        let Some(human) = self.humans.get(i).and_then(Option::as_ref) else {
            return Err(ApiError::forbidden(seat));
        };
        if token_matches(&human.token, token) {
            return Ok(token.and_then(parse_token));
        }
        match self.players.get(i).and_then(Option::as_ref) {
            Some(p) if account == Some(p.key.as_str()) => Ok(None),
            Some(_) => Err(ApiError::not_your_seat(seat)),
            None => Err(ApiError::forbidden(seat)),
        }
    }

    /// Each seat's name: a person's (or "Anonymous"); `None` for programs
    /// and seats nobody has joined yet.
    /// A seat an account plays shows the account's name (`deleted`
    /// once deleted), whatever name was given.
    fn names(&self) -> Vec<Option<String>> {
        let mut names = self.session.names();
        for ((name, human), player) in names.iter_mut().zip(&self.humans).zip(&self.players) {
            if human.as_ref().is_some_and(|h| h.open) {
                *name = None;
            } else if let Some(p) = player.as_ref().filter(|p| !p.program) {
                *name = Some(p.username.clone());
            }
        }
        names
    }

    /// The lobby's entry.
    pub fn entry(&self, id: &str) -> LobbyEntry {
        let game = self.session.game();
        LobbyEntry {
            rated: self.rated,
            names: self.names(),
            clock: self.session.time_control().map(|c| c.to_string()),
            moves: self.moves(),
            id: id.to_string(),
            game: game.kind(),
            options: game.options(),
            seats: self.seat_views(),
            status: self.status(),
            ply: self.session.ply(),
            to_act: ToActView::of(self.session.to_act()),
            result: self.session.outcome().as_ref().map(ResultView::of),
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }

    /// The whole state.
    pub fn state(&self, id: &str) -> GameState {
        let game = self.session.game();
        let (clocks, clock_at) = self.session.clocks_now();
        GameState {
            clocks,
            clock_at,
            clock_runs: self.session.deadline().map(|(seat, _)| seat + 1),
            offers: OffersView::of(&self.session.life().offers),
            rematch: self.rematch.clone(),
            rematch_of: self.rematch_of.clone(),
            entry: self.entry(id),
            position: game.position_text(),
            legal_moves: game.legal_moves(),
            history: game
                .history()
                .into_iter()
                .zip(self.session.movers())
                .map(|(mv, seat)| HistoryEntry {
                    mv,
                    seat: seat.map(|s| s + 1),
                })
                .collect(),
            extras: game.extras(),
        }
    }

    /// The published form of the state.
    pub fn snapshot(&self, id: &str) -> Snapshot {
        Snapshot::of(self.state(id))
    }
}

/// What readers see of a game: its state, already serialised.
pub struct Snapshot {
    /// The state as JSON text.
    pub json: Bytes,
    /// `{"type":"state","state":…}` for WebSockets.
    pub ws: Utf8Bytes,
    /// The lobby entry.
    pub entry: LobbyEntry,
    /// The id of the game's rematch, once agreed.
    pub rematch: Option<String>,
}

impl Snapshot {
    /// Serialises a state once for every reader.
    pub fn of(state: GameState) -> Snapshot {
        let text = serde_json::to_string(&state).unwrap_or_else(|_| "null".into());
        let ws = format!("{{\"type\":\"state\",\"state\":{text}}}");
        Snapshot {
            json: Bytes::from(text),
            ws: Utf8Bytes::from(ws),
            rematch: state.rematch,
            entry: state.entry,
        }
    }
}

/// One game: its lock and its published state.
pub struct Slot {
    /// The game's id.
    pub id: String,
    /// The game; held while it changes.
    pub live: Mutex<Live>,
    /// The latest state, for readers and WebSockets.
    pub state: watch::Sender<Arc<Snapshot>>,
    /// Live WebSocket connections to this game.
    pub sockets: AtomicUsize,
    /// When it was last asked for (Unix ms): idle games leave memory.
    pub used: AtomicI64,
}

impl Slot {
    /// A slot for `live`, its state published.
    pub fn new(id: String, live: Live) -> Arc<Slot> {
        let snap = Arc::new(live.snapshot(&id));
        Arc::new(Slot {
            id,
            live: Mutex::new(live),
            state: watch::channel(snap).0,
            sockets: AtomicUsize::new(0),
            used: AtomicI64::new(crate::time::now_ms()),
        })
    }

    /// The latest published state.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.state.borrow().clone()
    }

    /// Publishes the state of `live` (held by the caller).
    pub fn publish(&self, live: &Live) -> Arc<Snapshot> {
        let snap = Arc::new(live.snapshot(&self.id));
        self.state.send_replace(snap.clone());
        snap
    }

    /// Changes of the published state.
    pub fn subscribe(&self) -> watch::Receiver<Arc<Snapshot>> {
        self.state.subscribe()
    }

    /// The text of the position after `ply` moves (the current one when
    /// `None`); `None` when the game has not that many moves.
    pub async fn position_at(&self, ply: Option<usize>) -> Option<String> {
        let live = self.live.lock().await;
        let game = live.session.game();
        match ply {
            None => Some(game.position_text()),
            Some(k) => game.position_text_at(k),
        }
    }

    /// Every position so far, as text.
    pub async fn positions(&self) -> Vec<String> {
        let live = self.live.lock().await;
        let game = live.session.game();
        (0..=game.history().len())
            .filter_map(|k| game.position_text_at(k))
            .collect()
    }
}
