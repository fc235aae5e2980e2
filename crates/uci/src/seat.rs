//! An outside UCI engine in a seat: a [`kyoku_core::Agent`] for Dōbutsu
//! and Shogun. kyoku referees: the engine's answer must be a legal move in
//! time, else the seat has lost and [`SeatFailure`] says why.
//!
//! When the game has a clock ([`Agent::set_time`]), each move is asked with
//! `go wtime … winc …` from that clock, whatever [`GoLimit`] says: the
//! engine budgets its time as a GUI's clock would have it, and the game's
//! clock (not the seat) decides a loss on time.

use std::marker::PhantomData;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use kyoku_core::{
    Agent, GameRecord, Position, SeededRng, TimeLeft, ToAct, sample_chance, seeded_rng,
};

use crate::UciError;
use crate::client::{Client, ClientError, EngineSpec, Timeouts};
use crate::games::Variant;
use crate::protocol::{Command, Go, Start};

/// How the engine is asked for each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoLimit {
    /// `go movetime MS`.
    MoveTime(u64),
    /// `go nodes N` (no time limit; the answer still has a deadline).
    Nodes(u64),
    /// `go depth D`.
    Depth(u32),
    /// A clock: the seat's own time, `initial` ms and `increment` ms a move,
    /// kept by kyoku from the time each answer took; the engine loses when
    /// it runs out. Both `wtime` and `btime` carry the seat's time.
    Clock {
        /// Milliseconds at the start.
        initial: u64,
        /// Milliseconds added after each move.
        increment: u64,
    },
}

/// What the seat needs besides the engine.
#[derive(Clone, Debug)]
pub struct SeatOptions {
    /// How each move is asked.
    pub limit: GoLimit,
    /// The game's seed for this seat: sent as option `Seed` when the engine
    /// has one (kyoku's own engine then plays as `ai:LEVEL` with that seed),
    /// and used for chance's moves.
    pub seed: u64,
    /// Waits.
    pub timeouts: Timeouts,
    /// The longest a node- or depth-limited move may take.
    pub max_think: Duration,
}

impl Default for SeatOptions {
    fn default() -> Self {
        SeatOptions {
            limit: GoLimit::MoveTime(1000),
            seed: 0,
            timeouts: Timeouts::default(),
            max_think: Duration::from_secs(60),
        }
    }
}

/// Why an engine's seat lost the game.
#[derive(Debug, thiserror::Error)]
pub enum SeatFailure {
    /// The engine failed as a process (crash, silence).
    #[error(transparent)]
    Engine(#[from] ClientError),
    /// It answered a move that is not legal.
    #[error("engine {name} played an illegal move {mv:?}: {reason}")]
    IllegalMove {
        /// The engine's name.
        name: String,
        /// The move as sent.
        mv: String,
        /// Why it is not legal.
        reason: String,
    },
    /// It answered `bestmove (none)` where moves exist.
    #[error("engine {0} answered no move")]
    NoMove(String),
    /// Its clock ran out.
    #[error("engine {name} lost on time ({used} ms used with {left} ms left)")]
    OutOfTime {
        /// The engine's name.
        name: String,
        /// What the move took.
        used: u64,
        /// What was left before it.
        left: u64,
    },
}

/// Where a seat's failure can be read after [`Agent::choose`] returned
/// `None` (the agent itself may be boxed away by then).
pub type FailureSlot = Arc<Mutex<Option<SeatFailure>>>;

/// An outside engine playing one game of `P`.
pub struct UciAgent<P: Position> {
    spec: EngineSpec,
    client: Client,
    options: SeatOptions,
    started: bool,
    clock_left: u64,
    /// The game's clock for the next move, when it has one.
    game_clock: Option<TimeLeft>,
    rng: SeededRng,
    failure: FailureSlot,
    game: PhantomData<fn() -> P>,
}

/// Starts the engine of `spec` for a game of `P` (one process per agent,
/// so per game); start-up failures are errors here, in one line.
pub fn agent<P: Position>(
    spec: &EngineSpec,
    options: SeatOptions,
) -> Result<UciAgent<P>, UciError> {
    let client = Client::start(spec, options.timeouts)?;
    let clock_left = match options.limit {
        GoLimit::Clock { initial, .. } => initial,
        _ => 0,
    };
    Ok(UciAgent {
        spec: spec.clone(),
        client,
        rng: seeded_rng(options.seed ^ 0x5eed),
        options,
        started: false,
        clock_left,
        game_clock: None,
        failure: Arc::new(Mutex::new(None)),
        game: PhantomData,
    })
}

impl<P: Position> UciAgent<P> {
    /// The slot where a failure is recorded (see [`FailureSlot`]).
    pub fn failure_slot(&self) -> FailureSlot {
        self.failure.clone()
    }

    /// Why the seat lost, if it did (taken out of the slot).
    pub fn take_failure(&self) -> Option<SeatFailure> {
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }

    /// What is left on the seat's clock, in ms (0 without a clock).
    pub fn clock_left(&self) -> u64 {
        self.clock_left
    }

    /// The engine's own name, as it introduced itself.
    pub fn engine_name(&self) -> Option<&str> {
        self.client.engine_name()
    }

    fn begin(&mut self, start: &P) -> Result<(), SeatFailure> {
        let variant = Variant::of(start).ok_or_else(|| {
            SeatFailure::Engine(ClientError::NoVariant {
                name: self.spec.name.clone(),
                variant: start.game_name().into(),
            })
        })?;
        // An engine without the option plays its one game (e.g. a plain
        // Dōbutsu engine); one that lists variants must list ours.
        if self.client.has_option("UCI_Variant") {
            self.client.set_variant(variant.name())?;
        } else if variant != Variant::Dobutsu {
            return Err(SeatFailure::Engine(ClientError::NoVariant {
                name: self.spec.name.clone(),
                variant: variant.name().into(),
            }));
        }
        if self.client.has_option("Seed") {
            self.client
                .set_option("Seed", &self.options.seed.to_string())?;
        }
        self.client.new_game()?;
        Ok(())
    }

    fn ask(&mut self, record: &GameRecord<P>) -> Result<P::Move, SeatFailure> {
        if !self.started {
            self.begin(record.start())?;
            self.started = true;
        }
        // Always the start's text: kyoku's Dōbutsu FEN is Fairy-Stockfish's,
        // and a game may start anywhere.
        let start = Start::Fen(record.start().to_text());
        let position = Command::Position {
            start,
            moves: record.move_texts(),
        };
        let game_clock = self.game_clock.take();
        let (go, limit) = match (game_clock, self.options.limit) {
            (Some(t), _) => go_on_clock(t),
            (None, GoLimit::MoveTime(ms)) => (
                Go {
                    movetime: Some(ms),
                    ..Go::default()
                },
                Duration::from_millis(ms),
            ),
            (None, GoLimit::Nodes(n)) => (
                Go {
                    nodes: Some(n),
                    ..Go::default()
                },
                self.options.max_think,
            ),
            (None, GoLimit::Depth(d)) => (
                Go {
                    depth: Some(d),
                    ..Go::default()
                },
                self.options.max_think,
            ),
            (None, GoLimit::Clock { increment, .. }) => (
                Go {
                    wtime: Some(self.clock_left),
                    btime: Some(self.clock_left),
                    winc: Some(increment),
                    binc: Some(increment),
                    ..Go::default()
                },
                Duration::from_millis(self.clock_left),
            ),
        };
        let answer = self.client.go(&position, &go, limit)?;
        if let (None, GoLimit::Clock { increment, .. }) = (game_clock, self.options.limit) {
            let used = answer.elapsed.as_millis() as u64;
            if used > self.clock_left {
                return Err(SeatFailure::OutOfTime {
                    name: self.spec.name.clone(),
                    used,
                    left: self.clock_left,
                });
            }
            self.clock_left = self.clock_left - used + increment;
        }
        let text = answer
            .best
            .ok_or_else(|| SeatFailure::NoMove(self.spec.name.clone()))?;
        record
            .position()
            .parse_move(&text)
            .map_err(|e| SeatFailure::IllegalMove {
                name: self.spec.name.clone(),
                mv: text.clone(),
                reason: e.to_string(),
            })
    }
}

impl<P: Position> Agent<P> for UciAgent<P> {
    fn spec(&self) -> String {
        format!("uci:{}", self.spec.name)
    }

    /// The engine's move; `None` when the game is over or the engine has
    /// lost by failing (see [`UciAgent::take_failure`]).
    fn choose(&mut self, record: &GameRecord<P>) -> Option<P::Move> {
        match record.to_act() {
            ToAct::Nobody => None,
            ToAct::Chance => sample_chance(record.position(), &mut self.rng),
            ToAct::Player(..) => {
                if self
                    .failure
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .is_some()
                {
                    return None;
                }
                match self.ask(record) {
                    Ok(m) => Some(m),
                    Err(f) => {
                        *self.failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(f);
                        None
                    }
                }
            }
        }
    }

    fn failure(&self) -> Option<String> {
        let slot = self.failure.lock().unwrap_or_else(|e| e.into_inner());
        slot.as_ref().map(ToString::to_string)
    }

    /// Kept for the next move only: the session sets it before each one.
    fn set_time(&mut self, time: Option<TimeLeft>) {
        self.game_clock = time;
    }
}

/// `go` on the game's clock, and how long to wait for the answer: the
/// seat's time is both `wtime` and `btime` (the engine plays one side).
fn go_on_clock(t: TimeLeft) -> (Go, Duration) {
    let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    let go = Go {
        wtime: Some(ms(t.remaining)),
        btime: Some(ms(t.remaining)),
        winc: Some(ms(t.increment)),
        binc: Some(ms(t.increment)),
        ..Go::default()
    };
    (go, t.remaining)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_is_sent_as_wtime_and_btime() {
        let (go, wait) = go_on_clock(TimeLeft {
            remaining: Duration::from_millis(59_500),
            increment: Duration::from_secs(2),
        });
        assert_eq!(
            Command::Go(go).to_string(),
            "go wtime 59500 btime 59500 winc 2000 binc 2000"
        );
        assert_eq!(wait, Duration::from_millis(59_500));
    }
}
