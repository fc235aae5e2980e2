//! Every call into the catalogue (`kyoku_games`) and the solved table lives
//! here: the programs that take a seat, the start positions from options,
//! and Dōbutsu's perfect values. Keeping them in one module keeps the rest
//! of the crate on the engine crates alone.

use std::sync::Arc;

use kyoku_core::{Agent, AgentRegistry, Position, SeatSpec};
use kyoku_dobutsu::solve::{Tablebase, Value, analyze, shared_table};
use kyoku_games::{GameError, GameKind};

use crate::engine::Engine;
use crate::session::{DynSession, Session};

/// A program for one game, made from a spec such as `ai:3`.
pub struct Program {
    spec: SeatSpec,
    seed: u64,
    /// Made at the first move, for the game it is asked about.
    made: Option<Made>,
}

enum Made {
    Dobutsu(Box<dyn Agent<kyoku_dobutsu::Position>>),
    Shogun(Box<dyn Agent<kyoku_shogun::Position>>),
    Shiamgon(Box<dyn Agent<kyoku_shiamgon::Position>>),
}

impl Program {
    /// Checks the spec's syntax; the program itself is made for the first
    /// game it plays (the same spec means different programs per game).
    pub fn new(spec: &str, seed: u64) -> Result<Program, String> {
        let spec = SeatSpec::parse(spec).map_err(|e| e.to_string())?;
        if spec == SeatSpec::Human {
            return Err("human is not a program; use random, ai:LEVEL or perfect".into());
        }
        Ok(Program {
            spec,
            seed,
            made: None,
        })
    }

    /// Makes the program for `game` now, so that a bad spec is reported
    /// before play.
    pub fn check(&mut self, game: &str) -> Result<(), String> {
        self.made = Some(self.make(game)?);
        Ok(())
    }

    fn make(&self, game: &str) -> Result<Made, String> {
        let kind: GameKind = game.parse().map_err(|e: GameError| e.to_string())?;
        let (spec, seed) = (&self.spec, self.seed);
        let made = match kind {
            GameKind::Dobutsu => kyoku_games::dobutsu::players()
                .make(spec, seed)
                .map(Made::Dobutsu),
            GameKind::Shogun => kyoku_games::shogun::players()
                .make(spec, seed)
                .map(Made::Shogun),
            GameKind::Shiamgon => kyoku_games::shiamgon::players()
                .make(spec, seed)
                .map(Made::Shiamgon),
        };
        made.map_err(|e| e.to_string())
    }

    /// The spec as given (`ai:3`).
    pub fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The program's action for the session's current position; `None`
    /// when nobody can act.
    pub fn choose(&mut self, session: &dyn DynSession) -> Result<Option<usize>, String> {
        let game = session.game_name();
        let fits = matches!(
            (&self.made, game),
            (Some(Made::Dobutsu(_)), "dobutsu")
                | (Some(Made::Shogun(_)), "shogun")
                | (Some(Made::Shiamgon(_)), "shiamgon")
        );
        if !fits {
            self.made = Some(self.make(game)?);
        }
        let any = session.as_any();
        Ok(match self.made.as_mut() {
            Some(Made::Dobutsu(a)) => pick(a.as_mut(), any),
            Some(Made::Shogun(a)) => pick(a.as_mut(), any),
            Some(Made::Shiamgon(a)) => pick(a.as_mut(), any),
            None => None,
        })
    }
}

fn pick<P: Engine>(agent: &mut dyn Agent<P>, any: &dyn std::any::Any) -> Option<usize> {
    let s = any.downcast_ref::<Session<P>>()?;
    let mv = agent.choose(&s.record)?;
    Some(s.record.position().encode(mv))
}

/// The names and descriptions of the programs of `game`.
pub fn programs(game: &str) -> Result<Vec<(String, String)>, String> {
    fn list<P: Position>(r: AgentRegistry<P>) -> Vec<(String, String)> {
        r.programs()
            .map(|(n, a)| (n.to_string(), a.to_string()))
            .collect()
    }
    Ok(match game {
        "dobutsu" => list(kyoku_games::dobutsu::players()),
        "shogun" => list(kyoku_games::shogun::players()),
        "shiamgon" => list(kyoku_games::shiamgon::players()),
        other => {
            return Err(format!(
                "unknown game {other:?}; the games are dobutsu, shogun, shiamgon"
            ));
        }
    })
}

/// Dōbutsu's solved table, shared by every handle in the process.
pub struct Table(Arc<Tablebase>);

/// A value for Python: `("win" | "loss" | "draw", plies or None)`.
pub type PyValue = (&'static str, Option<u32>);

fn py_value(v: Value) -> PyValue {
    (v.word(), v.plies())
}

impl Table {
    /// Opens the default table (built by `kyoku solve dobutsu`).
    pub fn open() -> Result<Table, String> {
        shared_table().map(Table).map_err(|e| e.to_string())
    }

    /// The value of `pos` for the side to move; `None` once the game is over.
    pub fn value(&self, pos: &kyoku_dobutsu::Position) -> Option<PyValue> {
        self.0.value(pos).map(py_value)
    }

    /// Every legal move with its value for the mover, best first.
    pub fn analyze(&self, pos: &kyoku_dobutsu::Position) -> Vec<(usize, String, PyValue)> {
        analyze(&self.0, pos)
            .into_iter()
            .map(|(m, v)| (pos.encode(m), pos.move_to_text(m), py_value(v)))
            .collect()
    }
}
