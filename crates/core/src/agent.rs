use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use rand::Rng;
use thiserror::Error;

use crate::{GameRecord, Position, SeededRng, ToAct, sample_chance, seeded_rng};

/// A program that plays: given the game so far, it picks a move for whoever
/// acts now (a player, or chance).
pub trait Agent<P: Position>: Send {
    /// The spec it was made from (`random`, `ai:3`, `perfect`).
    fn spec(&self) -> String;
    /// A move for the current position, `None` when nobody can act.
    fn choose(&mut self, record: &GameRecord<P>) -> Option<P::Move>;
    /// Why the last `choose` gave no move although somebody could act, when
    /// the program knows (an outside engine that crashed, say).
    fn failure(&self) -> Option<String> {
        None
    }
    /// The clock for the next `choose` (`None`: no clock). Programs that
    /// search budget from it; the others ignore it.
    fn set_time(&mut self, time: Option<TimeLeft>) {
        let _ = time;
    }
}

/// A program's clock when it is asked to move: what is left and what each
/// move adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLeft {
    /// Time left on the program's clock.
    pub remaining: Duration,
    /// Time added to it after each of its moves (Fischer increment).
    pub increment: Duration,
}

/// Plays uniformly random legal moves (chance by its probabilities).
pub struct RandomAgent {
    rng: SeededRng,
}

impl RandomAgent {
    /// A random player with its own seed.
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: seeded_rng(seed),
        }
    }
}

impl<P: Position> Agent<P> for RandomAgent {
    fn spec(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, record: &GameRecord<P>) -> Option<P::Move> {
        match record.to_act() {
            ToAct::Nobody => None,
            ToAct::Chance => sample_chance(record.position(), &mut self.rng),
            ToAct::Player(..) => {
                let mut moves = Vec::new();
                record.legal_moves(&mut moves);
                if moves.is_empty() {
                    None
                } else {
                    Some(moves[self.rng.random_range(0..moves.len())])
                }
            }
        }
    }
}

/// What sits in a seat: `human`, or a program named by a spec such as
/// `random`, `ai:3`, `perfect`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SeatSpec {
    /// A person types or clicks the moves.
    Human,
    /// A program: its name and the argument after `:` (`ai:3` → `ai`, `3`).
    Program {
        /// The registered name (`random`, `ai`, `perfect`).
        name: String,
        /// What follows the colon, if anything.
        arg: Option<String>,
    },
}

/// Why a text is not a seat spec.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SeatSpecError {
    /// Not a name of lowercase letters, digits and `-`, with an optional
    /// `:argument`.
    #[error("{0:?} is not a seat; use human, random, ai:LEVEL or perfect")]
    Malformed(String),
    /// `human:…`: a person takes no argument.
    #[error("human takes no argument")]
    HumanWithArgument,
}

/// Why a program could not be made for a seat.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AgentError {
    /// No program of that name plays this game.
    #[error("unknown player {name:?}; known: human, {known}")]
    Unknown {
        /// The name asked for.
        name: String,
        /// The names this game knows, comma-separated.
        known: String,
    },
    /// The program exists but its argument (or its absence) is wrong:
    /// `ai:9`, `random:2`, `human` where a program is needed.
    #[error("{reason}")]
    BadArgument {
        /// The program's name.
        program: String,
        /// What is wrong, for a person.
        reason: String,
    },
    /// The program exists but cannot play here now (the solved table it
    /// reads is missing or damaged).
    #[error("{reason}")]
    Unavailable {
        /// The program's name.
        program: String,
        /// Why, and how to mend it, for a person.
        reason: String,
    },
}

impl AgentError {
    /// A [`AgentError::BadArgument`] of `program`.
    pub fn bad_argument(program: &str, reason: impl Into<String>) -> Self {
        AgentError::BadArgument {
            program: program.to_string(),
            reason: reason.into(),
        }
    }
    /// A [`AgentError::Unavailable`] of `program`.
    pub fn unavailable(program: &str, reason: impl Into<String>) -> Self {
        AgentError::Unavailable {
            program: program.to_string(),
            reason: reason.into(),
        }
    }
}

impl SeatSpec {
    /// The spec of chance's player and of the fallback mover: `random`.
    pub fn random() -> SeatSpec {
        SeatSpec::Program {
            name: "random".into(),
            arg: None,
        }
    }

    /// Whether a person sits here.
    pub fn is_human(&self) -> bool {
        matches!(self, SeatSpec::Human)
    }

    /// Reads `human`, `random`, `ai:3`, … (names are lowercase letters,
    /// digits and `-`).
    pub fn parse(text: &str) -> Result<SeatSpec, SeatSpecError> {
        let t = text.trim();
        let (name, arg) = match t.split_once(':') {
            Some((n, a)) => (n, Some(a.to_string())),
            None => (t, None),
        };
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(SeatSpecError::Malformed(t.to_string()));
        }
        if name == "human" {
            if arg.is_some() {
                return Err(SeatSpecError::HumanWithArgument);
            }
            return Ok(SeatSpec::Human);
        }
        Ok(SeatSpec::Program {
            name: name.to_string(),
            arg,
        })
    }
}

impl fmt::Display for SeatSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatSpec::Human => f.write_str("human"),
            SeatSpec::Program { name, arg: None } => f.write_str(name),
            SeatSpec::Program { name, arg: Some(a) } => write!(f, "{name}:{a}"),
        }
    }
}

/// Makes a program for a game from its spec's argument and a seed.
pub type AgentFactory<P> =
    Box<dyn Fn(Option<&str>, u64) -> Result<Box<dyn Agent<P>>, AgentError> + Send + Sync>;

/// The programs that can play a game, by name. Crates that provide players
/// (search, the tablebase) register them; the terminal, `match` and the
/// server make seats from specs through it.
pub struct AgentRegistry<P: Position> {
    factories: BTreeMap<String, (String, AgentFactory<P>)>,
}

impl<P: Position> Default for AgentRegistry<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Position> AgentRegistry<P> {
    /// A registry that knows `random`.
    pub fn new() -> Self {
        let mut r = AgentRegistry {
            factories: BTreeMap::new(),
        };
        r.register(
            "random",
            "uniformly random legal moves",
            Box::new(|arg, seed| match arg {
                None => Ok(Box::new(RandomAgent::new(seed)) as Box<dyn Agent<P>>),
                Some(_) => Err(AgentError::bad_argument(
                    "random",
                    "random takes no argument",
                )),
            }),
        );
        r
    }

    /// A registry that knows `random` and the program `name`.
    pub fn with(name: &str, about: &str, factory: AgentFactory<P>) -> Self {
        let mut r = Self::new();
        r.register(name, about, factory);
        r
    }

    /// Adds (or replaces) a program under `name`, with a one-line description.
    pub fn register(&mut self, name: &str, about: &str, factory: AgentFactory<P>) {
        self.factories
            .insert(name.to_string(), (about.to_string(), factory));
    }

    /// The names and descriptions of all programs.
    pub fn programs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.factories
            .iter()
            .map(|(n, (about, _))| (n.as_str(), about.as_str()))
    }

    /// Makes the program a spec names; `Err` for `human` or unknown names.
    pub fn make(&self, spec: &SeatSpec, seed: u64) -> Result<Box<dyn Agent<P>>, AgentError> {
        match spec {
            SeatSpec::Human => Err(AgentError::bad_argument(
                "human",
                "a human seat has no program",
            )),
            SeatSpec::Program { name, arg } => match self.factories.get(name) {
                Some((_, f)) => f(arg.as_deref(), seed),
                None => Err(AgentError::Unknown {
                    name: name.clone(),
                    known: self
                        .factories
                        .keys()
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(", "),
                }),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        assert_eq!(SeatSpec::parse("human"), Ok(SeatSpec::Human));
        assert_eq!(
            SeatSpec::parse("ai:3"),
            Ok(SeatSpec::Program {
                name: "ai".into(),
                arg: Some("3".into())
            })
        );
        assert_eq!(SeatSpec::parse("ai:3").unwrap().to_string(), "ai:3");
        assert!(SeatSpec::parse("").is_err());
        assert_eq!(
            SeatSpec::parse("Ai"),
            Err(SeatSpecError::Malformed("Ai".into()))
        );
        assert_eq!(
            SeatSpec::parse("human:2"),
            Err(SeatSpecError::HumanWithArgument)
        );
    }
}
