//! Dōbutsu Shōgi in the catalogue.

use kyoku_core::{AgentError, AgentRegistry, GameRecord, Position as _};
use kyoku_dobutsu::Position;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::catalogue::{Descriptor, GameKind, OptionSpec};
use crate::{AnyGame, GameError, Table, read_options};

/// Dōbutsu Shōgi in the catalogue.
pub(crate) fn descriptor() -> Descriptor {
    Descriptor {
        kind: GameKind::Dobutsu,
        title: "Dōbutsu Shōgi",
        about: "Shogi for children on 3 × 4 squares: catch the Lion, or walk yours home. \
                Solved: the second player wins.",
        players: vec![2],
        seat_names: vec!["Sente", "Gote"],
        options: vec![OptionSpec::text(
            "fen",
            "Start position (FEN)",
            "Start from this position (FEN) instead of the standard start",
        )],
        default_seats: vec!["human", "ai:2"],
        programs: crate::program_infos(&players()),
    }
}

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
    Ok(Table::boxed(
        start,
        GameKind::Dobutsu,
        &opts,
        players,
        extras,
    ))
}

/// The programs that play Dōbutsu.
pub fn players() -> AgentRegistry<Position> {
    let mut r = AgentRegistry::with(
        "ai",
        "alpha-beta search, levels 1–5 (ai:3)",
        Box::new(kyoku_ai::dobutsu::agent),
    );
    r.register(
        "perfect",
        "perfect play from the solved table (kyoku solve dobutsu builds it)",
        Box::new(|arg, seed| match arg {
            None => kyoku_dobutsu::solve::perfect_agent(seed)
                .map_err(|e| AgentError::unavailable("perfect", e.to_string())),
            Some(_) => Err(AgentError::bad_argument(
                "perfect",
                "perfect takes no argument",
            )),
        }),
    );
    r
}

/// Dōbutsu's position text (the FEN) already holds the board and both
/// hands; a user interface needs nothing more.
fn extras(_record: &GameRecord<Position>) -> Value {
    json!({})
}

/// Why a position cannot be analysed by the solved table.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// Only Dōbutsu Shōgi is solved.
    #[error("analysis by the solved table exists for Dōbutsu Shōgi only, not {0}")]
    NotAvailable(String),
    /// The position text is not a Dōbutsu position.
    #[error("not a Dōbutsu position: {0}")]
    BadPosition(String),
    /// The table is missing or unusable.
    #[error(transparent)]
    NoTable(#[from] kyoku_dobutsu::solve::TableError),
}

/// A value as JSON: `{"result": "win"|"loss"|"draw", "plies": n}` (no
/// `plies` for a draw).
fn value_json(v: kyoku_dobutsu::solve::Value) -> Value {
    match v.plies() {
        Some(n) => json!({"result": v.word(), "plies": n}),
        None => json!({"result": v.word()}),
    }
}

/// Perfect-play values from the solved table (the default one, opened once)
/// for the position with text `fen`: the position's own value for the side
/// to move (`null` once the game is over) and every legal move's, best first,
/// its distance counting the move itself:
/// `{"position": …, "value": {…}|null, "moves": [{"move": "b2b3", "result": "win", "plies": 11}, …]}`.
pub fn analysis(fen: &str) -> Result<Value, AnalysisError> {
    let pos = Position::from_text(fen).map_err(|e| AnalysisError::BadPosition(e.to_string()))?;
    let tb = kyoku_dobutsu::solve::shared_table()?;
    let moves: Vec<Value> = kyoku_dobutsu::solve::analyze(&tb, &pos)
        .into_iter()
        .map(|(m, v)| {
            let mut e = value_json(v);
            e["move"] = json!(pos.move_to_text(m));
            e
        })
        .collect();
    Ok(json!({
        "position": pos.to_text(),
        "value": tb.value(&pos).map(value_json),
        "moves": moves,
    }))
}
