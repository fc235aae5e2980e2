//! The game catalogue of kyoku: which games exist, their options (as JSON,
//! the same for the server, the terminal and `kyoku match`), their start
//! positions, the programs that can take a seat, and [`AnyGame`] — a game in
//! progress of any kind, moves as text.
//!
//! Tools that hold "a game" without knowing which (the server, the terminal,
//! matches between programs) go through this crate; tools that need speed
//! (perft, search) use the game crates directly.
//!
//! Two things every front end shares live here: the [`catalogue`] (one
//! [`Descriptor`] per game: options, players, programs) and the
//! [`Session`] — a game in progress with its seats and programs, the one
//! loop that the server, `kyoku play` and `kyoku match` all drive.
//! Per-game knowledge is in the per-game modules ([`dobutsu`], [`shiamgon`],
//! [`shogun`]) and nowhere else.
//!
//! ```
//! use kyoku_games::{GameKind, new_game};
//! use serde_json::json;
//!
//! let mut game = new_game("shiamgon", &json!({"board": "disc5", "players": 3})).unwrap();
//! assert_eq!(game.kind(), GameKind::Shiamgon);
//! assert_eq!(game.num_players(), 3);
//! let first = game.legal_moves()[0].clone();
//! game.play(&first).unwrap();
//! assert_eq!(game.history(), vec![first]);
//! assert!(new_game("chess", &json!({})).is_err());
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analyse;
pub mod catalogue;
pub mod clock;
pub mod dobutsu;
pub mod positions;
pub mod record;
pub mod session;
pub mod shiamgon;
pub mod shogun;
mod table;

use std::any::Any;

use kyoku_core::{AgentError, AgentRegistry, MoveError, Outcome, Position, SeatSpec, ToAct};
use serde_json::Value;

pub use catalogue::{Descriptor, GameKind, catalogue};
pub use session::{GameStatus, Session, SessionError};
pub use table::Table;

/// The names of every game, comma-separated, for messages.
fn game_names() -> String {
    GameKind::ALL.map(GameKind::name).join(", ")
}

/// Why a game could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The name is not one of the catalogue's games.
    #[error("unknown game {0:?}; the games are {games}", games = game_names())]
    UnknownGame(String),
    /// The options do not describe a game.
    #[error("bad options for {game}: {reason}")]
    BadOptions {
        /// The game's name.
        game: &'static str,
        /// What is wrong, for a person.
        reason: String,
    },
    /// A stored move does not replay.
    #[error("move {ply} ({text:?}) does not replay: {reason}")]
    BadRecord {
        /// The 1-based number of the move in the record.
        ply: usize,
        /// The move as stored.
        text: String,
        /// Why it is not legal.
        reason: String,
    },
}

/// A game in progress of any kind: its options, its record (repetition
/// included) and the programs that may play it. Moves are text in the
/// game's own form.
pub trait AnyGame: Send + Sync {
    /// Which game it is.
    fn kind(&self) -> GameKind;
    /// The game's name (`dobutsu`).
    fn game(&self) -> &'static str {
        self.kind().name()
    }
    /// The options, complete (defaults filled in), as JSON.
    fn options(&self) -> Value;
    /// The number of players.
    fn num_players(&self) -> usize;
    /// Who acts next (nobody once the game is over, repetition included).
    fn to_act(&self) -> ToAct;
    /// The legal moves of whoever acts, as text.
    fn legal_moves(&self) -> Vec<String>;
    /// Reads and plays a move; returns its canonical text. An illegal or
    /// malformed move is an error and changes nothing.
    fn play(&mut self, text: &str) -> Result<String, MoveError>;
    /// Takes back the last move; returns it, or `None` at the start.
    fn undo(&mut self) -> Option<String>;
    /// The moves played so far, as canonical text.
    fn history(&self) -> Vec<String>;
    /// The current position's text.
    fn position_text(&self) -> String;
    /// The position after `ply` moves (0 = the start), as text.
    fn position_text_at(&self, ply: usize) -> Option<String>;
    /// How the game ended, if it has.
    fn outcome(&self) -> Option<Outcome>;
    /// What a user interface needs beyond the position text (scores,
    /// prisoners, numbers pieces show …), as a JSON object.
    fn extras(&self) -> Value;
    /// The programs that can take a seat: name and a line about each
    /// (`human` is always possible and not listed).
    fn programs(&self) -> Vec<(String, String)>;
    /// A program for a seat. Errors name the known programs.
    fn player(&self, spec: &SeatSpec, seed: u64) -> Result<Box<dyn AnyPlayer>, AgentError>;
    /// A copy.
    fn box_clone(&self) -> Box<dyn AnyGame>;
    /// For downcasting to [`Table`] of the concrete game.
    fn as_any(&self) -> &dyn Any;
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Self {
        self.box_clone()
    }
}

/// A program playing a seat of an [`AnyGame`].
pub trait AnyPlayer: Send {
    /// The program's seat spec (`ai:3`, `random`, …).
    fn spec(&self) -> String;
    /// The move to play now, as text; `None` when it has nothing to play
    /// (game over) or the game is of another kind.
    fn choose(&mut self, game: &dyn AnyGame) -> Option<String>;
    /// Why the last `choose` gave no move, when the program knows.
    fn failure(&self) -> Option<String> {
        None
    }
    /// The clock for the next `choose` (`None`: no clock). Programs that
    /// search budget from it.
    fn set_time(&mut self, time: Option<kyoku_core::TimeLeft>) {
        let _ = time;
    }
}

/// A program of one game (`Agent<P>`) as a seat program of the catalogue's
/// games: what a front end that brings its own programs (outside engines)
/// hands to a [`Session`] through a [`session::ProgramSource`].
pub fn program<P: Position>(agent: Box<dyn kyoku_core::Agent<P>>) -> Box<dyn AnyPlayer> {
    table::seat(agent)
}

/// Perfect-play analysis of a position of `game` (its text) by a solved
/// table; only Dōbutsu Shōgi has one. See [`dobutsu::analysis`].
pub fn analysis(game: GameKind, position_text: &str) -> Result<Value, dobutsu::AnalysisError> {
    match game {
        GameKind::Dobutsu => dobutsu::analysis(position_text),
        GameKind::Shiamgon | GameKind::Shogun => {
            Err(dobutsu::AnalysisError::NotAvailable(game.to_string()))
        }
    }
}

/// A new game of `game` (its name) with `options` (a JSON object; `{}` or
/// `null` takes every default).
pub fn new_game(game: &str, options: &Value) -> Result<Box<dyn AnyGame>, GameError> {
    game.parse::<GameKind>()?.new_game(options)
}

/// The catalogue's list of a game's programs, from its registry: `ai`
/// takes the levels 1–5, the others nothing.
fn program_infos<P: Position>(registry: &AgentRegistry<P>) -> Vec<catalogue::ProgramInfo> {
    registry
        .programs()
        .map(|(name, about)| catalogue::ProgramInfo {
            name: name.to_string(),
            about: about.to_string(),
            args: if name == "ai" {
                (1..=5).map(|l: u8| l.to_string()).collect()
            } else {
                Vec::new()
            },
        })
        .collect()
}

/// A game rebuilt from its options and moves (a saved record, a database
/// row): every move is replayed through the rules.
pub fn replay(
    game: &str,
    options: &Value,
    moves: &[String],
) -> Result<Box<dyn AnyGame>, GameError> {
    let mut g = new_game(game, options)?;
    for (i, text) in moves.iter().enumerate() {
        g.play(text).map_err(|e| GameError::BadRecord {
            ply: i + 1,
            text: text.clone(),
            reason: e.to_string(),
        })?;
    }
    Ok(g)
}

/// Reads a JSON options object into a game's options type, naming the game
/// in the error.
fn read_options<T: serde::de::DeserializeOwned + Default>(
    game: &'static str,
    options: &Value,
) -> Result<T, GameError> {
    if options.is_null() {
        return Ok(T::default());
    }
    serde_json::from_value(options.clone()).map_err(|e| GameError::BadOptions {
        game,
        reason: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_game_starts_with_defaults_and_plays_to_the_end() {
        for kind in GameKind::ALL {
            let name = kind.name();
            let mut g = new_game(name, &json!({})).unwrap();
            assert_eq!(g.game(), name);
            let mut random = g.player(&SeatSpec::parse("random").unwrap(), 7).unwrap();
            let mut plies = 0;
            while g.outcome().is_none() && plies < 2000 {
                let mv = random.choose(g.as_ref()).unwrap();
                g.play(&mv).unwrap();
                plies += 1;
            }
            let again = replay(name, &g.options(), &g.history()).unwrap();
            assert_eq!(again.position_text(), g.position_text());
            assert_eq!(again.outcome(), g.outcome());
        }
    }

    #[test]
    fn bad_input_is_an_error_that_changes_nothing() {
        assert!(matches!(
            new_game("go", &json!({})),
            Err(GameError::UnknownGame(_))
        ));
        assert!(matches!(
            new_game("shiamgon", &json!({"board": "hex"})),
            Err(GameError::BadOptions { .. })
        ));
        assert!(matches!(
            new_game("shiamgon", &json!({"colour": 1})),
            Err(GameError::BadOptions { .. })
        ));
        let mut g = new_game("dobutsu", &json!({})).unwrap();
        let before = g.position_text();
        assert!(g.play("a1a4").is_err());
        assert!(g.play("nonsense").is_err());
        assert_eq!(g.position_text(), before);
        assert!(matches!(
            g.player(&SeatSpec::parse("oracle").unwrap(), 1),
            Err(AgentError::Unknown { .. })
        ));
        assert!(matches!(
            g.player(&SeatSpec::parse("ai:9").unwrap(), 1),
            Err(AgentError::BadArgument { .. })
        ));
        let r = replay("dobutsu", &json!({}), &["b2b3".into(), "b2b1".into()]);
        assert!(matches!(r, Err(GameError::BadRecord { ply: 2, .. })));
    }

    #[test]
    fn undo_and_history_agree() {
        let mut g = new_game("dobutsu", &json!({})).unwrap();
        let start = g.position_text();
        g.play("b2b3").unwrap();
        assert_eq!(g.position_text_at(0), Some(start.clone()));
        assert_eq!(g.undo(), Some("b2b3".to_string()));
        assert_eq!(g.position_text(), start);
        assert_eq!(g.undo(), None);
    }
}
