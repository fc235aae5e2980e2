//! Outside UCI engines as seat programs: `--engine NAME=COMMAND` names an
//! engine, a seat `uci:NAME` plays it (Dōbutsu and Shogun). kyoku referees
//! every move: an illegal, missing or late answer loses the game for that
//! seat. `uci:self` (and `uci:self:LEVEL`) is kyoku's own `kyoku uci`,
//! unless the operator names another engine `self`.

use std::collections::BTreeMap;
use std::sync::Arc;

use kyoku_core::{AgentError, SeatSpec};
use kyoku_games::catalogue::ProgramInfo;
use kyoku_games::session::ProgramSource;
use kyoku_games::{AnyGame, AnyPlayer, GameKind};
use kyoku_uci::{EngineSpec, GoLimit, SeatOptions};

/// The engine flags of `kyoku match`, `kyoku play` and `kyoku serve`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct EngineArgs {
    /// An outside UCI engine a seat can name as `uci:NAME`: NAME=COMMAND
    /// (the program and its arguments), e.g. `fsf=fairy-stockfish`.
    /// Repeatable.
    #[arg(long = "engine", value_name = "NAME=COMMAND")]
    engines: Vec<String>,
    /// Time per move for `uci:` seats, in milliseconds (default 1000; with
    /// `uci:self:LEVEL` and no --movetime, the level's node budget, so that
    /// it plays as `ai:LEVEL` does).
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
}

/// The engines a front end offers.
pub struct Engines {
    specs: BTreeMap<String, EngineSpec>,
    movetime: Option<u64>,
    /// `uci:self` without an `--engine self=…`: kyoku's own engine. Never
    /// for the server, whose clients may name only the operator's engines.
    allow_self: bool,
}

impl EngineArgs {
    /// The engines named, checked. `allow_self`: `uci:self` runs kyoku's
    /// own engine.
    pub fn engines(&self, allow_self: bool) -> anyhow::Result<Arc<Engines>> {
        let mut specs = BTreeMap::new();
        for text in &self.engines {
            let spec =
                EngineSpec::parse(text).map_err(|e| anyhow::anyhow!("--engine {text:?}: {e}"))?;
            specs.insert(spec.name.clone(), spec);
        }
        Ok(Arc::new(Engines {
            specs,
            movetime: self.movetime,
            allow_self,
        }))
    }
}

impl Engines {
    /// The names a seat may give after `uci:`.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.specs.keys().cloned().collect();
        if self.allow_self && !self.specs.contains_key("self") {
            names.push("self".into());
        }
        names
    }

    /// The engine and how it is asked, for the argument of `uci:ARG`.
    /// `levels`: the game's `ai` levels, for `uci:self:LEVEL`'s budget.
    fn engine(
        &self,
        arg: &str,
        levels: fn(u8) -> Option<kyoku_ai::agent::Level>,
    ) -> Result<(EngineSpec, GoLimit), AgentError> {
        let bad = |reason: String| AgentError::bad_argument("uci", reason);
        let (name, level) = match arg.split_once(':') {
            Some((n, l)) => (n, Some(l)),
            None => (arg, None),
        };
        let limit = |nodes: Option<u64>| match (self.movetime, nodes) {
            (Some(ms), _) => GoLimit::MoveTime(ms),
            (None, Some(n)) => GoLimit::Nodes(n),
            (None, None) => GoLimit::MoveTime(1000),
        };
        if let Some(spec) = self.specs.get(name) {
            if level.is_some() {
                return Err(bad(format!("uci:{name} takes no level")));
            }
            return Ok((spec.clone(), limit(None)));
        }
        if name != "self" || !self.allow_self {
            return Err(bad(format!(
                "no engine {name:?}; name it with --engine {name}=COMMAND (engines: {})",
                self.names().join(", ")
            )));
        }
        let level = level.unwrap_or("5");
        // The level's own node budget, as `ai:LEVEL` of the game has it.
        let nodes = level
            .parse::<u8>()
            .ok()
            .and_then(levels)
            .ok_or_else(|| bad(format!("uci:self level {level:?} is not one of 1 to 5")))?
            .nodes;
        let spec = EngineSpec::this_program("self", &["--skill", level])
            .map_err(|e| AgentError::unavailable("uci", e.to_string()))?;
        Ok((spec, limit(Some(nodes))))
    }

    /// The `uci:` seat of a game of positions `P`.
    fn seat<P: kyoku_core::Position>(
        &self,
        arg: &str,
        seed: u64,
        levels: fn(u8) -> Option<kyoku_ai::agent::Level>,
    ) -> Result<Box<dyn AnyPlayer>, AgentError> {
        let (spec, limit) = self.engine(arg, levels)?;
        let options = SeatOptions {
            limit,
            seed,
            ..SeatOptions::default()
        };
        kyoku_uci::agent::<P>(&spec, options)
            .map(|a| kyoku_games::program(Box::new(a)))
            .map_err(|e| AgentError::unavailable("uci", e.to_string()))
    }

    fn make_uci(
        &self,
        kind: GameKind,
        arg: Option<&str>,
        seed: u64,
    ) -> Result<Box<dyn AnyPlayer>, AgentError> {
        let arg = arg.ok_or_else(|| {
            AgentError::bad_argument(
                "uci",
                "uci needs an engine: uci:NAME (--engine NAME=COMMAND)",
            )
        })?;
        match kind {
            GameKind::Dobutsu => {
                self.seat::<kyoku_dobutsu::Position>(arg, seed, kyoku_ai::dobutsu::level)
            }
            GameKind::Shogun => {
                self.seat::<kyoku_shogun::Position>(arg, seed, kyoku_ai::shogun::level)
            }
            GameKind::Shiamgon => Err(AgentError::bad_argument(
                "uci",
                "Shiamgon has no UCI dialect; uci: seats play Dōbutsu and Shogun",
            )),
        }
    }
}

impl ProgramSource for Engines {
    fn make(
        &self,
        game: &dyn AnyGame,
        spec: &SeatSpec,
        seed: u64,
    ) -> Option<Result<Box<dyn AnyPlayer>, AgentError>> {
        match spec {
            SeatSpec::Program { name, arg } if name == "uci" => {
                Some(self.make_uci(game.kind(), arg.as_deref(), seed))
            }
            _ => None,
        }
    }

    fn programs(&self, game: GameKind) -> Vec<ProgramInfo> {
        let names = self.names();
        if game == GameKind::Shiamgon || names.is_empty() {
            return Vec::new();
        }
        vec![ProgramInfo {
            name: "uci".into(),
            about: "an outside UCI engine of this server".into(),
            args: names,
        }]
    }
}
