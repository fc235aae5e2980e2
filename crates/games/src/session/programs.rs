//! The programs' turns: a program taken out of the session to think, its
//! move given back and played (or its failure handled), and a program that
//! fails on purpose for tests.

use std::panic::{AssertUnwindSafe, catch_unwind};

use kyoku_core::{AgentError, SeatSpec, derive_seed};

use super::{Failure, LEAVER_PROGRAM, STAND_INS, Session, SessionError};
use crate::{AnyGame, AnyPlayer};

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
