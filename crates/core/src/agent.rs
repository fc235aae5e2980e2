use std::collections::BTreeMap;
use std::fmt;

use rand::Rng;

use crate::{GameRecord, Position, SeededRng, ToAct, sample_chance, seeded_rng};

/// A program that plays: given the game so far, it picks a move for whoever
/// acts now (a player, or chance).
pub trait Agent<P: Position>: Send {
    /// The spec it was made from (`random`, `ai:3`, `perfect`).
    fn spec(&self) -> String;
    /// A move for the current position, `None` when nobody can act.
    fn choose(&mut self, record: &GameRecord<P>) -> Option<P::Move>;
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

impl SeatSpec {
    /// Reads `human`, `random`, `ai:3`, … (names are lowercase letters,
    /// digits and `-`).
    pub fn parse(text: &str) -> Result<SeatSpec, String> {
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
            return Err(format!(
                "{t:?} is not a seat; use human, random, ai:LEVEL or perfect"
            ));
        }
        if name == "human" {
            if arg.is_some() {
                return Err("human takes no argument".into());
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
    Box<dyn Fn(Option<&str>, u64) -> Result<Box<dyn Agent<P>>, String> + Send + Sync>;

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
                Some(_) => Err("random takes no argument".into()),
            }),
        );
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
    pub fn make(&self, spec: &SeatSpec, seed: u64) -> Result<Box<dyn Agent<P>>, String> {
        match spec {
            SeatSpec::Human => Err("a human seat has no program".into()),
            SeatSpec::Program { name, arg } => match self.factories.get(name) {
                Some((_, f)) => f(arg.as_deref(), seed),
                None => Err(format!(
                    "unknown player {name:?}; known: human, {}",
                    self.factories
                        .keys()
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
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
        assert!(SeatSpec::parse("Ai").is_err());
        assert!(SeatSpec::parse("human:2").is_err());
    }
}
