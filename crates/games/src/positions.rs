//! Positions from anywhere: the position editor's check of a set-up typed
//! by a person. [`check`] reads a position text through the game's rules
//! crate — its typed errors, plus the stricter check of what no game from
//! the start can reach — and answers the normalised text, who acts and the
//! legal moves, or a [`PositionProblem`]: a stable code (`kind`) per kind
//! of bad position and the rules crate's message in words.
//!
//! Which code each rules error gets is the game's own knowledge, in
//! `positions/<game>.rs`; the rest asks the catalogue.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::GameKind;
use crate::catalogue::OptionKind;

mod dobutsu;
mod shiamgon;
mod shogun;

/// A position that passed the check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Checked {
    /// The position's text as the game writes it (normalised).
    pub position: String,
    /// The seat (0-based) that acts, `None` when chance or nobody does.
    pub to_act: Option<usize>,
    /// The legal moves of whoever acts, in the game's move text.
    pub legal_moves: Vec<String>,
    /// Whether the game is over in this position.
    pub over: bool,
}

/// Why a position was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct PositionProblem {
    /// A stable snake_case code for the kind of problem (`two_lions`,
    /// `missing_shogun`, `off_board`, …; `bad_options` for options that
    /// make no game or disagree with the position).
    pub kind: String,
    /// What is wrong, for a person.
    pub message: String,
}

impl PositionProblem {
    /// A problem of `kind`, saying `message`.
    pub fn new(kind: &str, message: impl Into<String>) -> Self {
        PositionProblem {
            kind: kind.to_string(),
            message: message.into(),
        }
    }
}

/// The option of `game` that starts it from a position text (Dōbutsu's
/// `fen`, the others' `position`), as its catalogue entry names it.
pub fn start_option(game: GameKind) -> Option<&'static str> {
    game.descriptor()
        .options
        .iter()
        .find(|o| o.kind == OptionKind::Text && matches!(o.name, "fen" | "position"))
        .map(|o| o.name)
}

/// Checks `position` (the game's position text) for `game` with `options`
/// (a JSON object or null; those that the text also says — Shogun's
/// rotation, Shiamgon's board and players — must agree with it).
pub fn check(game: GameKind, options: &Value, position: &str) -> Result<Checked, PositionProblem> {
    match game {
        GameKind::Dobutsu => dobutsu::read(position)?,
        GameKind::Shiamgon => shiamgon::read(position)?,
        GameKind::Shogun => shogun::read(position)?,
    }
    let mut opts = match options {
        Value::Null => Map::new(),
        Value::Object(m) => m.clone(),
        other => {
            return Err(PositionProblem::new(
                "bad_options",
                format!("options must be a JSON object, not {other}"),
            ));
        }
    };
    let name = start_option(game).ok_or_else(|| {
        PositionProblem::new(
            "bad_options",
            format!("{game} cannot start from a position text"),
        )
    })?;
    opts.insert(name.to_string(), Value::String(position.to_string()));
    let g = game
        .new_game(&Value::Object(opts))
        .map_err(|e| PositionProblem::new("bad_options", e.to_string()))?;
    Ok(Checked {
        position: g.position_text(),
        to_act: g.to_act().player().map(|p| p.index()),
        legal_moves: g.legal_moves(),
        over: g.outcome().is_some(),
    })
}

#[cfg(test)]
mod tests;
