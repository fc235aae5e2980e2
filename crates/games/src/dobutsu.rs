//! Dōbutsu Shōgi in the catalogue.

use kyoku_core::{AgentRegistry, GameRecord, Position as _};
use kyoku_dobutsu::Position;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::{AnyGame, GameError, Table, read_options};

/// The options of a Dōbutsu game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Start from this FEN instead of the standard start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
}

pub(crate) fn new(options: &Value) -> Result<Box<dyn AnyGame>, GameError> {
    let opts: Options = read_options("dobutsu", options)?;
    let start = match &opts.fen {
        None => Position::startpos(),
        Some(fen) => Position::from_text(fen).map_err(|e| GameError::BadOptions {
            game: "dobutsu",
            reason: e.to_string(),
        })?,
    };
    let options = serde_json::to_value(&opts).unwrap_or(Value::Null);
    Ok(Box::new(Table::new(
        start, "dobutsu", options, players, extras,
    )))
}

/// The programs that play Dōbutsu.
pub fn players() -> AgentRegistry<Position> {
    let mut r = AgentRegistry::new();
    r.register(
        "ai",
        "alpha-beta search, levels 1–5 (ai:3)",
        Box::new(kyoku_ai::agent::dobutsu_factory),
    );
    r.register(
        "perfect",
        "perfect play from the solved table (kyoku solve dobutsu builds it)",
        Box::new(|arg, seed| match arg {
            None => kyoku_dobutsu::solve::perfect_agent(seed),
            Some(_) => Err("perfect takes no argument".into()),
        }),
    );
    r
}

/// Dōbutsu's position text (the FEN) already holds the board and both
/// hands; a user interface needs nothing more.
fn extras(_record: &GameRecord<Position>) -> Value {
    json!({})
}
