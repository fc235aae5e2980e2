//! [`Session`]: a game in progress with its seats — the one loop every
//! front end drives. It knows who sits where (people and programs), asks
//! the programs for their moves, draws chance, keeps who made each move,
//! and reports the end; repetition comes with the game's record. The
//! server adds storage, networking and waiting; `kyoku play` the terminal;
//! `kyoku match` scheduling and statistics.
//!
//! Seats are numbered from 0 here (`seat` arguments and [`Session::movers`]);
//! front ends show them from 1.
//!
//! ```
//! use kyoku_core::SeatSpec;
//! use kyoku_games::session::{Failure, Seeds, Session};
//! use kyoku_games::GameKind;
//! use serde_json::json;
//!
//! let game = GameKind::Dobutsu.new_game(&json!({})).unwrap();
//! let seats = [SeatSpec::Human, SeatSpec::parse("ai:1").unwrap()];
//! let mut s = Session::new(game, &seats, Seeds::from_seed(7, 2), Failure::Error).unwrap();
//! assert_eq!(s.human_to_act(), Some(0));
//! s.play(0, "b2b3").unwrap();
//! let reply = s.play_program().unwrap();
//! assert_eq!(reply.seat, 1);
//! assert_eq!(s.movers(), &[Some(0), Some(1)]);
//! ```

use std::sync::Arc;

use kyoku_core::{AgentError, MoveError, Outcome, SeatSpec, ToAct, derive_seed};
use serde::{Deserialize, Serialize};

use crate::record::Record;
use crate::{AnyGame, AnyPlayer, GameError};

mod life;
mod programs;
#[cfg(test)]
mod tests;

pub use life::{
    ANONYMOUS, Checkpoint, Ending, LEAVER_PROGRAM, Life, LifeError, MAX_NAME, NameError, Offers,
    Reply, check_name, system_now,
};
pub use programs::{FailingProgram, ProgramMove, ProgramTurn, Thought};

/// Where a game stands, as the lobby sorts games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// A human seat waits for someone to take it.
    Open,
    /// Being played.
    Active,
    /// Over.
    Finished,
}

impl GameStatus {
    /// The status as spelled in the API and the store.
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Open => "open",
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
        }
    }

    /// Reads `open`, `active` or `finished`.
    pub fn parse(text: &str) -> Option<GameStatus> {
        [GameStatus::Open, GameStatus::Active, GameStatus::Finished]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// Why a session refused something. Nothing changed when it did.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The seats given do not fit the game.
    #[error("{game} has {players} seats, {given} given")]
    SeatCount {
        /// The game's name.
        game: &'static str,
        /// Its number of players.
        players: usize,
        /// Seats given.
        given: usize,
    },
    /// A seat's program cannot be made.
    #[error("seat {}: {source}", seat + 1)]
    Seat {
        /// The seat (from 0).
        seat: usize,
        /// Why.
        source: AgentError,
    },
    /// Somebody else acts now.
    #[error("{}", not_your_turn(*to_act, *seat))]
    NotYourTurn {
        /// The seat that acts (from 0); `None`: nobody (chance, or over).
        to_act: Option<usize>,
        /// The seat that tried (from 0).
        seat: usize,
    },
    /// The move is not legal (or not a move).
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A program was asked to move where none is to act.
    #[error("no program is to act now")]
    NoProgramToAct,
    /// Chance must act but has no outcome: a rules-engine bug.
    #[error("chance has no outcome to draw")]
    Chance,
    /// A program gave no legal move and the session does not stand in for
    /// it ([`Failure::Error`]).
    #[error("{spec} (seat {}) {reason}", seat + 1)]
    Program {
        /// The seat (from 0).
        seat: usize,
        /// Its spec.
        spec: String,
        /// What went wrong.
        reason: String,
    },
    /// A stored game does not replay.
    #[error(transparent)]
    Record(#[from] GameError),
    /// A game action refused.
    #[error(transparent)]
    Life(#[from] LifeError),
    /// The seat's time ran out before its move (the flag fall is now part
    /// of the game).
    #[error("seat {}'s time has run out", .seat + 1)]
    OutOfTime {
        /// The seat (from 0).
        seat: usize,
    },
}

fn not_your_turn(to_act: Option<usize>, seat: usize) -> String {
    match to_act {
        Some(p) => format!("seat {} is to act, not seat {}", p + 1, seat + 1),
        None => "nobody can act now".to_string(),
    }
}

/// What happens when a program fails (panics, gives no move, gives an
/// illegal one, or cannot be made any more).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Report it: matches and the terminal, where a failure is news.
    Error,
    /// Keep the game going: a seeded random legal move stands in for the
    /// failed choice, and a seat whose program cannot be made is played by
    /// a stand-in (`ai:5`, else `random`). The server, where a game must
    /// never wait forever.
    StandIn,
}

/// Programs a front end brings besides the catalogue's (outside engines
/// named by whoever runs it). Asked first for every program seat.
pub trait ProgramSource: Send + Sync {
    /// The program for `spec` in `game`, or `None` when the spec is not
    /// one of this source's (the catalogue's registries are asked then).
    fn make(
        &self,
        game: &dyn AnyGame,
        spec: &SeatSpec,
        seed: u64,
    ) -> Option<Result<Box<dyn AnyPlayer>, AgentError>>;

    /// What this source offers for `game`, for the catalogue's list.
    fn programs(&self, game: crate::GameKind) -> Vec<crate::catalogue::ProgramInfo>;
}

/// Who plays for a program seat whose program cannot be made, in order of
/// preference.
const STAND_INS: [&str; 2] = ["ai:5", "random"];

/// The seeds of a session's programs: one per seat and one for chance. A
/// program made later (after a restart or a failure) gets a seed derived
/// from its seat's seed and the ply, so it does not repeat itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seeds {
    /// One per seat.
    pub seats: Vec<u64>,
    /// Chance's.
    pub chance: u64,
}

impl Seeds {
    /// Seeds for `n` seats derived from one seed.
    pub fn from_seed(seed: u64, n: usize) -> Seeds {
        Seeds {
            seats: (0..n).map(|i| derive_seed(seed, i as u64 + 1, 0)).collect(),
            chance: derive_seed(seed, 0, 0),
        }
    }
}

/// A seat of a session.
struct Seat {
    spec: SeatSpec,
    program: Option<Box<dyn AnyPlayer>>,
    stand_in: Option<String>,
}

/// A game in progress with its seats. See the module documentation.
pub struct Session {
    game: Box<dyn AnyGame>,
    seats: Vec<Seat>,
    movers: Vec<Option<usize>>,
    chance: Option<Box<dyn AnyPlayer>>,
    seeds: Seeds,
    failure: Failure,
    source: Option<Arc<dyn ProgramSource>>,
    life: Life,
    /// Each seat's clock after each move (parallel to `movers`).
    move_clocks: Vec<Option<Vec<Option<u64>>>>,
    /// Counts every change, so a program's turn knows whether the game it
    /// thought about is still the one being played (a takeback may bring
    /// back the same number of moves).
    generation: u64,
    now: fn() -> u64,
}

impl Session {
    /// A new session at the start of `game`, every program made now (an
    /// unknown program is an error naming its seat).
    pub fn new(
        game: Box<dyn AnyGame>,
        specs: &[SeatSpec],
        seeds: Seeds,
        failure: Failure,
    ) -> Result<Session, SessionError> {
        Session::with_programs(game, specs, seeds, failure, None)
    }

    /// [`Session::new`] with programs the front end brings (`source`, asked
    /// before the catalogue).
    pub fn with_programs(
        game: Box<dyn AnyGame>,
        specs: &[SeatSpec],
        seeds: Seeds,
        failure: Failure,
        source: Option<Arc<dyn ProgramSource>>,
    ) -> Result<Session, SessionError> {
        let mut s = Session::empty(game, specs, seeds, failure)?;
        s.source = source;
        for i in 0..s.seats.len() {
            if !s.seats[i].spec.is_human() {
                let program = s
                    .made(&s.seats[i].spec, s.seeds.seats[i])
                    .map_err(|source| SessionError::Seat { seat: i, source })?;
                s.seats[i].program = Some(program);
            }
        }
        Ok(s)
    }

    /// The program of `spec`: the front end's source first, then the
    /// catalogue.
    fn made(&self, spec: &SeatSpec, seed: u64) -> Result<Box<dyn AnyPlayer>, AgentError> {
        if let Some(made) = self
            .source
            .as_ref()
            .and_then(|src| src.make(self.game.as_ref(), spec, seed))
        {
            return made;
        }
        self.game.player(spec, seed)
    }

    /// A session continued from a record: `moves` (canonical texts with who
    /// made each) are replayed through the rules; programs are made when
    /// first asked, so a program that cannot be made any more does not
    /// stop the game from loading.
    pub fn resume(
        game: Box<dyn AnyGame>,
        specs: &[SeatSpec],
        seeds: Seeds,
        failure: Failure,
        moves: &[(String, Option<usize>)],
    ) -> Result<Session, SessionError> {
        Session::resume_with(game, specs, seeds, failure, moves, None)
    }

    /// [`Session::resume`] with programs the front end brings.
    pub fn resume_with(
        game: Box<dyn AnyGame>,
        specs: &[SeatSpec],
        seeds: Seeds,
        failure: Failure,
        moves: &[(String, Option<usize>)],
        source: Option<Arc<dyn ProgramSource>>,
    ) -> Result<Session, SessionError> {
        let mut s = Session::empty(game, specs, seeds, failure)?;
        s.source = source;
        for (i, (text, mover)) in moves.iter().enumerate() {
            let played = s.game.play(text).map_err(|e| GameError::BadRecord {
                ply: i + 1,
                text: text.clone(),
                reason: e.to_string(),
            })?;
            if played != *text {
                return Err(SessionError::Record(GameError::BadRecord {
                    ply: i + 1,
                    text: text.clone(),
                    reason: format!("not in canonical form ({played})"),
                }));
            }
            s.movers.push(*mover);
        }
        s.move_clocks = vec![None; s.movers.len()];
        Ok(s)
    }

    fn empty(
        game: Box<dyn AnyGame>,
        specs: &[SeatSpec],
        mut seeds: Seeds,
        failure: Failure,
    ) -> Result<Session, SessionError> {
        let n = game.num_players();
        if specs.len() != n {
            return Err(SessionError::SeatCount {
                game: game.game(),
                players: n,
                given: specs.len(),
            });
        }
        seeds.seats.resize(n, seeds.chance);
        Ok(Session {
            seats: specs
                .iter()
                .map(|spec| Seat {
                    spec: spec.clone(),
                    program: None,
                    stand_in: None,
                })
                .collect(),
            game,
            movers: Vec::new(),
            chance: None,
            seeds,
            failure,
            source: None,
            life: Life {
                names: vec![None; n],
                ..Life::default()
            },
            move_clocks: Vec::new(),
            generation: 0,
            now: system_now,
        })
    }

    /// The game.
    pub fn game(&self) -> &dyn AnyGame {
        self.game.as_ref()
    }

    /// The seats' specs, seat 0 first.
    pub fn specs(&self) -> Vec<SeatSpec> {
        self.seats.iter().map(|s| s.spec.clone()).collect()
    }

    /// The spec of seat `seat`.
    pub fn spec(&self, seat: usize) -> Option<&SeatSpec> {
        self.seats.get(seat).map(|s| &s.spec)
    }

    /// Whether a person sits in `seat`.
    pub fn is_human(&self, seat: usize) -> bool {
        self.spec(seat).is_some_and(SeatSpec::is_human)
    }

    /// The program playing for `seat` in its own program's place, if any.
    pub fn stand_in(&self, seat: usize) -> Option<&str> {
        self.seats.get(seat)?.stand_in.as_deref()
    }

    /// Who made each move (a seat from 0; `None`: chance).
    pub fn movers(&self) -> &[Option<usize>] {
        &self.movers
    }

    /// The number of moves made (chance's included).
    pub fn ply(&self) -> usize {
        self.movers.len()
    }

    /// Who acts now.
    pub fn to_act(&self) -> ToAct {
        if self.life.ending.is_some() {
            return ToAct::Nobody;
        }
        self.game.to_act()
    }

    /// How the game ended, if it has: by its rules (the seats that left
    /// the contest ranked last) or otherwise ([`Ending`]).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(e) = self.life.ending {
            return Some(e.outcome(self.seats.len()));
        }
        self.game.outcome().map(|o| self.ranked(o))
    }

    /// The seat whose program must act now (a program's seat, or one a
    /// program plays for since its person left).
    pub fn program_to_act(&self) -> Option<usize> {
        let seat = self.to_act().player()?.index();
        (!self.person_plays(seat)).then_some(seat)
    }

    /// The seat whose person must act now.
    pub fn human_to_act(&self) -> Option<usize> {
        let seat = self.to_act().player()?.index();
        self.person_plays(seat).then_some(seat)
    }

    /// The game record, with the seats' specs, names, time control, the
    /// clocks after each move and the result.
    pub fn record(&self) -> Record {
        let specs: Vec<String> = self.seats.iter().map(|s| s.spec.to_string()).collect();
        let mut record = Record::of_game(self.game.as_ref(), &specs);
        record.result = self.outcome().map(|o| crate::record::RecordResult {
            scores: o.scores().to_vec(),
            reason: o.reason.to_string(),
        });
        record.time_control = self.time_control();
        if self.life.names.iter().any(Option::is_some) {
            record.names = self.life.names.clone();
        }
        if self.life.clocks.is_some() {
            record.clocks = self.move_clocks.clone();
        }
        record
    }

    /// Plays `text` for `seat` (a person's move, or a move a front end
    /// chose): only the seat that acts may move. Returns the canonical text.
    pub fn play(&mut self, seat: usize, text: &str) -> Result<String, SessionError> {
        if let Some(flagged) = self.check_time() {
            return Err(SessionError::OutOfTime { seat: flagged });
        }
        let to_act = self.to_act().player().map(|p| p.index());
        if to_act != Some(seat) {
            return Err(match self.outcome() {
                Some(_) => SessionError::Move(MoveError::GameOver),
                None => SessionError::NotYourTurn { to_act, seat },
            });
        }
        let played = self.game.play(text)?;
        self.movers.push(Some(seat));
        self.after_move(Some(seat));
        Ok(played)
    }

    /// Plays `text` for whoever acts, chance included (a record being read
    /// back); returns the canonical text.
    pub fn replay_move(&mut self, text: &str) -> Result<String, SessionError> {
        let mover = self.game.to_act().player().map(|p| p.index());
        let played = self.game.play(text)?;
        self.movers.push(mover);
        self.after_move(mover);
        Ok(played)
    }

    /// Draws one chance outcome if chance acts now; returns its text.
    pub fn draw_chance(&mut self) -> Result<Option<String>, SessionError> {
        if self.game.to_act() != ToAct::Chance {
            return Ok(None);
        }
        if self.chance.is_none() {
            // At the start the session's own chance seed (a match replays
            // exactly); later (a resumed game) one derived from the ply.
            let seed = match self.movers.len() {
                0 => self.seeds.chance,
                ply => derive_seed(self.seeds.chance, 0, ply as u64),
            };
            let random = self
                .game
                .player(&SeatSpec::random(), seed)
                .map_err(|_| SessionError::Chance)?;
            self.chance = Some(random);
        }
        let chance = self.chance.as_mut().ok_or(SessionError::Chance)?;
        let mv = chance
            .choose(self.game.as_ref())
            .ok_or(SessionError::Chance)?;
        let played = self.game.play(&mv).map_err(|_| SessionError::Chance)?;
        self.movers.push(None);
        self.after_move(None);
        Ok(Some(played))
    }

    /// Draws chance until a player (or nobody) acts; returns the draws.
    /// On failure nothing is drawn.
    pub fn draw_all_chance(&mut self) -> Result<Vec<String>, SessionError> {
        let mut drawn = Vec::new();
        loop {
            match self.draw_chance() {
                Ok(Some(t)) => drawn.push(t),
                Ok(None) => return Ok(drawn),
                Err(e) => {
                    self.take_back(drawn.len());
                    return Err(e);
                }
            }
        }
    }

    /// Takes back the last `n` moves (fewer if there are fewer).
    pub fn take_back(&mut self, n: usize) {
        for _ in 0..n {
            if self.game.undo().is_none() {
                break;
            }
            self.movers.pop();
            self.move_clocks.truncate(self.movers.len());
        }
        self.generation += 1;
    }

    /// Takes back the last move; returns it with who made it.
    pub fn undo(&mut self) -> Option<(String, Option<usize>)> {
        let text = self.game.undo()?;
        let mover = self.movers.pop().flatten();
        self.move_clocks.truncate(self.movers.len());
        self.generation += 1;
        self.run_clock();
        Some((text, mover))
    }
}
