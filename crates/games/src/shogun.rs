//! Shogun in the catalogue.

use kyoku_core::{AgentRegistry, GameRecord};
use kyoku_shogun::{Options, Position, Square, start};
use serde_json::{Value, json};

use crate::{AnyGame, GameError, Table, read_options};

pub(crate) fn new(options: &Value) -> Result<Box<dyn AnyGame>, GameError> {
    let opts: Options = read_options("shogun", options)?;
    let pos = start(&opts).map_err(|e| GameError::BadOptions {
        game: "shogun",
        reason: e.to_string(),
    })?;
    let options = serde_json::to_value(&opts).unwrap_or(Value::Null);
    Ok(Box::new(Table::new(
        pos, "shogun", options, players, extras,
    )))
}

/// The programs that play Shogun.
pub fn players() -> AgentRegistry<Position> {
    let mut r = AgentRegistry::new();
    r.register(
        "ai",
        "alpha-beta search (expectimax in the random variant), levels 1–5 (ai:3)",
        Box::new(kyoku_ai::agent::shogun_factory),
    );
    r
}

/// The number each piece shows (by square), whose Shogun is threatened.
fn extras(record: &GameRecord<Position>) -> Value {
    let pos = record.position();
    let numbers: serde_json::Map<String, Value> = (0..64u8)
        .map(Square::new)
        .filter_map(|sq| pos.number_at(sq).map(|n| (sq.to_string(), json!(n))))
        .collect();
    json!({
        "numbers": numbers,
        "pending": pos.pending_square().map(|s| s.to_string()),
        "clock": pos.clock(),
    })
}
