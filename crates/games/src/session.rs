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

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use kyoku_core::{AgentError, MoveError, Outcome, SeatSpec, ToAct, derive_seed};
use serde::{Deserialize, Serialize};

use crate::record::Record;
use crate::{AnyGame, AnyPlayer, GameError};

mod life;

pub use life::{
    ANONYMOUS, Checkpoint, Ending, LEAVER_PROGRAM, Life, LifeError, MAX_NAME, NameError, Offers,
    Reply, check_name, system_now,
};

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

/// A program's turn, taken out of the session so that it can think
/// without holding it (the server thinks on another thread while the game
/// stays readable). Give it back with [`Session::finish_program_turn`].
pub struct ProgramTurn {
    /// The seat (from 0).
    pub seat: usize,
    /// The number of moves when it began.
    pub ply: usize,
    generation: u64,
    game: Box<dyn AnyGame>,
    program: Box<dyn AnyPlayer>,
}

/// What a program's turn gave.
pub struct Thought {
    seat: usize,
    ply: usize,
    generation: u64,
    /// `None` when the program panicked (it is dropped).
    program: Option<Box<dyn AnyPlayer>>,
    chosen: Option<String>,
}

impl ProgramTurn {
    /// Lets the program choose. A panic is caught: the program is dropped
    /// and its seat gets a new one next time.
    pub fn think(self) -> Thought {
        let ProgramTurn {
            seat,
            ply,
            generation,
            game,
            mut program,
        } = self;
        let chosen = catch_unwind(AssertUnwindSafe(|| program.choose(game.as_ref())));
        match chosen {
            Ok(chosen) => Thought {
                seat,
                ply,
                generation,
                program: Some(program),
                chosen,
            },
            Err(_) => Thought {
                seat,
                ply,
                generation,
                program: None,
                chosen: None,
            },
        }
    }
}

/// A program's move, played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramMove {
    /// The seat (from 0).
    pub seat: usize,
    /// The move, canonical.
    pub text: String,
    /// Why a random move stands in for the program's choice, if it does.
    pub stood_in: Option<String>,
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

    /// The program of the seat to act, taken out to think; `None` when no
    /// program acts. With [`Failure::StandIn`] a seat whose program cannot
    /// be made gets a stand-in; with [`Failure::Error`] that is an error.
    pub fn begin_program_turn(&mut self) -> Result<Option<ProgramTurn>, SessionError> {
        let Some(seat) = self.program_to_act() else {
            return Ok(None);
        };
        let ply = self.movers.len();
        let mut program = match self.seats[seat].program.take() {
            Some(p) => p,
            None => self.make_program(seat, ply)?,
        };
        program.set_time(self.time_left(seat));
        Ok(Some(ProgramTurn {
            seat,
            ply,
            generation: self.generation,
            game: self.game.box_clone(),
            program,
        }))
    }

    /// A program for `seat` made now (its own, or a stand-in).
    fn make_program(
        &mut self,
        seat: usize,
        ply: usize,
    ) -> Result<Box<dyn AnyPlayer>, SessionError> {
        let seed = derive_seed(self.seeds.seats[seat], 0, ply as u64);
        if self.is_out(seat) {
            let leaver = SeatSpec::parse(LEAVER_PROGRAM).map_err(|e| SessionError::Seat {
                seat,
                source: AgentError::bad_argument(LEAVER_PROGRAM, e.to_string()),
            })?;
            return self
                .game
                .player(&leaver, seed)
                .map_err(|source| SessionError::Seat { seat, source });
        }
        let spec = self.seats[seat].spec.clone();
        let why = match self.made(&spec, seed) {
            Ok(p) => {
                self.seats[seat].stand_in = None;
                return Ok(p);
            }
            Err(e) => e,
        };
        if self.failure == Failure::StandIn {
            for name in STAND_INS {
                let Ok(stand_in) = SeatSpec::parse(name) else {
                    continue;
                };
                if let Ok(p) = self.game.player(&stand_in, seed) {
                    self.seats[seat].stand_in = Some(name.to_string());
                    return Ok(p);
                }
            }
        }
        Err(SessionError::Seat { seat, source: why })
    }

    /// Plays what a program's turn gave, if the game has not moved on
    /// meanwhile (then `Ok(None)`: think again). A program that failed is
    /// replaced for this move by a seeded random legal move
    /// ([`Failure::StandIn`]) or reported ([`Failure::Error`]). A program
    /// that thought past its time loses on time (or leaves a Shiamgon
    /// game): [`SessionError::OutOfTime`], the flag fall being the change
    /// to keep.
    pub fn finish_program_turn(
        &mut self,
        thought: Thought,
    ) -> Result<Option<ProgramMove>, SessionError> {
        let Thought {
            seat,
            ply,
            generation,
            program,
            chosen,
        } = thought;
        let moved_on = self.movers.len() != ply || self.generation != generation;
        if moved_on || self.program_to_act() != Some(seat) {
            if self.seats[seat].program.is_none() {
                self.seats[seat].program = program;
            }
            return Ok(None);
        }
        let failed = program.is_none();
        let told = program.as_ref().and_then(|p| p.failure());
        self.seats[seat].program = program;
        if self.check_time().is_some() {
            // It thought past its time: the flag falls, the move is void.
            return Err(SessionError::OutOfTime { seat });
        }
        let why = match chosen {
            None if failed => "panicked".to_string(),
            None => told.unwrap_or_else(|| "found no move".to_string()),
            Some(mv) => match self.game.play(&mv) {
                Ok(text) => {
                    self.movers.push(Some(seat));
                    self.after_move(Some(seat));
                    return Ok(Some(ProgramMove {
                        seat,
                        text,
                        stood_in: None,
                    }));
                }
                Err(e) => format!("chose {mv:?}: {e}"),
            },
        };
        let spec = self.seats[seat].spec.to_string();
        if self.failure == Failure::Error {
            return Err(SessionError::Program {
                seat,
                spec,
                reason: why,
            });
        }
        // A program that failed once is made anew for its next move.
        self.seats[seat].program = None;
        let seed = derive_seed(self.seeds.seats[seat], 1, ply as u64);
        let mut random = self
            .game
            .player(&SeatSpec::random(), seed)
            .map_err(|source| SessionError::Seat { seat, source })?;
        let text = random
            .choose(self.game.as_ref())
            .and_then(|mv| self.game.play(&mv).ok())
            .ok_or_else(|| SessionError::Program {
                seat,
                spec: spec.clone(),
                reason: format!("{why}, and no random move could stand in"),
            })?;
        self.movers.push(Some(seat));
        self.after_move(Some(seat));
        Ok(Some(ProgramMove {
            seat,
            text,
            stood_in: Some(format!("{spec} {why}")),
        }))
    }

    /// Lets the program of the seat to act choose and play, here and now.
    pub fn play_program(&mut self) -> Result<ProgramMove, SessionError> {
        let turn = self
            .begin_program_turn()?
            .ok_or(SessionError::NoProgramToAct)?;
        let seat = turn.seat;
        let thought = turn.think();
        self.finish_program_turn(thought)?
            .ok_or_else(|| SessionError::Program {
                seat,
                spec: self.seats[seat].spec.to_string(),
                reason: "lost its turn".into(),
            })
    }

    /// Puts a program into `seat` (tests; a front end that makes its own).
    pub fn set_program(&mut self, seat: usize, program: Box<dyn AnyPlayer>) {
        if let Some(s) = self.seats.get_mut(seat) {
            s.program = Some(program);
        }
    }

    /// Whether `seat` currently holds a made program.
    pub fn has_program(&self, seat: usize) -> bool {
        self.seats.get(seat).is_some_and(|s| s.program.is_some())
    }
}

/// A program that fails on purpose, in one of the ways a real one can:
/// for tests of how a front end copes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FailingProgram {
    /// It panics.
    Panics,
    /// It chooses a move that is not legal.
    Illegal,
    /// It gives no move.
    NoMove,
}

impl AnyPlayer for FailingProgram {
    fn spec(&self) -> String {
        "failing".into()
    }
    fn choose(&mut self, _game: &dyn AnyGame) -> Option<String> {
        match self {
            FailingProgram::Panics => panic!("a program bug"),
            FailingProgram::Illegal => Some("a1a1".into()),
            FailingProgram::NoMove => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameKind;
    use serde_json::json;

    fn spec(t: &str) -> SeatSpec {
        SeatSpec::parse(t).unwrap()
    }

    /// Every game, programs in every seat, seeded chance: played to the end
    /// through the same calls the server makes (take the turn out, think,
    /// give it back, draw chance), then replayed from its record.
    #[test]
    fn every_game_plays_to_the_end_with_programs_in_every_seat() {
        let cases = [
            (GameKind::Dobutsu, json!({}), vec!["ai:1", "random"]),
            (GameKind::Shogun, json!({}), vec!["ai:1", "random"]),
            (
                GameKind::Shogun,
                json!({"variant": "random"}),
                vec!["random", "ai:1"],
            ),
            (
                GameKind::Shogun,
                json!({"first": "red"}),
                vec!["random", "random"],
            ),
            (
                GameKind::Shiamgon,
                json!({"board": "tri8", "players": 3}),
                vec!["ai:1", "random", "random"],
            ),
        ];
        for (kind, options, seats) in cases {
            let game = kind.new_game(&options).unwrap();
            let specs: Vec<SeatSpec> = seats.iter().map(|t| spec(t)).collect();
            let seeds = Seeds::from_seed(11, specs.len());
            let mut s = Session::new(game, &specs, seeds, Failure::StandIn).unwrap();
            let mut guard = 0;
            while s.outcome().is_none() && guard < 3000 {
                s.draw_all_chance().unwrap();
                if let Some(turn) = s.begin_program_turn().unwrap() {
                    let played = s.finish_program_turn(turn.think()).unwrap();
                    assert!(played.unwrap().stood_in.is_none());
                }
                guard += 1;
            }
            assert!(s.outcome().is_some(), "{kind} did not end");
            let moves: Vec<(String, Option<usize>)> = s
                .game()
                .history()
                .into_iter()
                .zip(s.movers().iter().copied())
                .collect();
            let again = Session::resume(
                kind.new_game(&options).unwrap(),
                &specs,
                Seeds::from_seed(11, specs.len()),
                Failure::StandIn,
                &moves,
            )
            .unwrap();
            assert_eq!(again.game().position_text(), s.game().position_text());
            assert_eq!(again.outcome(), s.outcome());
            assert_eq!(again.movers(), s.movers());
        }
    }

    #[test]
    fn the_same_seeds_play_the_same_game() {
        let play = || {
            let game = GameKind::Shogun
                .new_game(&json!({"variant": "random"}))
                .unwrap();
            let specs = [spec("ai:1"), spec("ai:1")];
            let mut s = Session::new(game, &specs, Seeds::from_seed(5, 2), Failure::Error).unwrap();
            for _ in 0..20 {
                s.draw_all_chance().unwrap();
                if s.outcome().is_some() {
                    break;
                }
                s.play_program().unwrap();
            }
            s.game().history()
        };
        assert_eq!(play(), play());
    }

    #[test]
    fn only_the_seat_to_act_moves_and_bad_moves_change_nothing() {
        let game = GameKind::Dobutsu.new_game(&json!({})).unwrap();
        let specs = [SeatSpec::Human, SeatSpec::Human];
        let mut s = Session::new(game, &specs, Seeds::from_seed(1, 2), Failure::Error).unwrap();
        let e = s.play(1, "b2b3").unwrap_err();
        assert_eq!(e.to_string(), "seat 1 is to act, not seat 2");
        assert!(matches!(s.play(0, "a1a4"), Err(SessionError::Move(_))));
        assert_eq!(s.ply(), 0);
        assert_eq!(s.play(0, "b2b3").unwrap(), "b2b3");
        assert_eq!(s.undo(), Some(("b2b3".to_string(), Some(0))));
        assert!(s.begin_program_turn().unwrap().is_none());
        assert!(matches!(
            s.play_program(),
            Err(SessionError::NoProgramToAct)
        ));
    }

    #[test]
    fn seats_must_fit_and_programs_must_exist() {
        let game = || GameKind::Dobutsu.new_game(&json!({})).unwrap();
        let e = Session::new(
            game(),
            &[SeatSpec::Human],
            Seeds::from_seed(1, 1),
            Failure::Error,
        );
        assert!(matches!(e, Err(SessionError::SeatCount { given: 1, .. })));
        let e = Session::new(
            game(),
            &[SeatSpec::Human, spec("oracle")],
            Seeds::from_seed(1, 2),
            Failure::Error,
        );
        assert!(matches!(
            e,
            Err(SessionError::Seat {
                seat: 1,
                source: AgentError::Unknown { .. }
            })
        ));
    }

    #[test]
    fn a_failing_program_is_replaced_for_the_move_or_reported() {
        use FailingProgram::*;
        for failure in [Panics, Illegal, NoMove] {
            for policy in [Failure::StandIn, Failure::Error] {
                let game = GameKind::Dobutsu.new_game(&json!({})).unwrap();
                let specs = [spec("ai:1"), SeatSpec::Human];
                let mut s = Session::new(game, &specs, Seeds::from_seed(3, 2), policy).unwrap();
                s.set_program(0, Box::new(failure));
                let turn = s.begin_program_turn().unwrap().unwrap();
                let result = s.finish_program_turn(turn.think());
                match policy {
                    Failure::StandIn => {
                        let played = result.unwrap().unwrap();
                        assert!(played.stood_in.is_some(), "{failure:?}");
                        assert_eq!(s.movers(), &[Some(0)]);
                        assert!(!s.has_program(0), "the broken program is dropped");
                    }
                    Failure::Error => {
                        assert!(matches!(result, Err(SessionError::Program { .. })));
                        assert_eq!(s.ply(), 0);
                    }
                }
            }
        }
    }

    #[test]
    fn a_seat_whose_program_cannot_be_made_gets_a_stand_in() {
        let game = GameKind::Shogun.new_game(&json!({})).unwrap();
        // Shogun has no `perfect` player: as if stored with a program this
        // build lacks.
        let specs = [spec("perfect"), SeatSpec::Human];
        let mut s =
            Session::resume(game, &specs, Seeds::from_seed(3, 2), Failure::StandIn, &[]).unwrap();
        let turn = s.begin_program_turn().unwrap().unwrap();
        assert_eq!(s.stand_in(0), Some("ai:5"));
        drop(turn);
        let game = GameKind::Shogun.new_game(&json!({})).unwrap();
        let mut s =
            Session::resume(game, &specs, Seeds::from_seed(3, 2), Failure::Error, &[]).unwrap();
        assert!(matches!(
            s.begin_program_turn(),
            Err(SessionError::Seat { seat: 0, .. })
        ));
    }

    #[test]
    fn a_turn_given_back_after_the_game_moved_on_is_thought_again() {
        let game = GameKind::Dobutsu.new_game(&json!({})).unwrap();
        let specs = [spec("ai:1"), spec("ai:1")];
        let mut s = Session::new(game, &specs, Seeds::from_seed(3, 2), Failure::Error).unwrap();
        let turn = s.begin_program_turn().unwrap().unwrap();
        let thought = turn.think();
        s.play(0, "b2b3").unwrap();
        assert!(s.finish_program_turn(thought).unwrap().is_none());
        assert!(s.has_program(0), "the program is kept");
        assert_eq!(s.ply(), 1);
    }
}
