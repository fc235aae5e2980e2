//! Start positions from the options Python passes to `new_game`: the
//! catalogue reads and checks them (the same options and messages as the
//! server and the command line), and its start position is taken from the
//! game it makes.

use kyoku_games::{AnyGame, GameError, GameKind, Table};
use serde_json::Value;

use crate::engine::ObsOptions;
use crate::session::{DynSession, Session};

/// The start position of a catalogue game of positions `P`.
fn start_of<P: crate::engine::Engine>(
    game: &dyn AnyGame,
    obs: ObsOptions,
) -> Result<Box<dyn DynSession>, String> {
    let table = game
        .as_any()
        .downcast_ref::<Table<P>>()
        .ok_or_else(|| format!("{} is not a game of this kind", game.game()))?;
    let start = table.record().positions()[0].clone();
    Ok(Box::new(Session::new(start, obs)))
}

/// A new game of `game` with `options` (a JSON object of the catalogue's
/// options).
pub fn new_game(
    game: &str,
    options: &Value,
    obs: ObsOptions,
) -> Result<Box<dyn DynSession>, String> {
    let kind: GameKind = game.parse().map_err(|e: GameError| e.to_string())?;
    let made = kind.new_game(options).map_err(|e| e.to_string())?;
    match kind {
        GameKind::Dobutsu => start_of::<kyoku_dobutsu::Position>(made.as_ref(), obs),
        GameKind::Shogun => start_of::<kyoku_shogun::Position>(made.as_ref(), obs),
        GameKind::Shiamgon => start_of::<kyoku_shiamgon::Position>(made.as_ref(), obs),
    }
}

/// A game from a position text of `game`.
pub fn from_text(game: &str, text: &str, obs: ObsOptions) -> Result<Box<dyn DynSession>, String> {
    fn read<P: crate::engine::Engine>(
        text: &str,
        obs: ObsOptions,
    ) -> Result<Box<dyn DynSession>, String> {
        let pos = P::from_text(text).map_err(|e| e.to_string())?;
        Ok(Box::new(Session::new(pos, obs)))
    }
    let kind: GameKind = game.parse().map_err(|e: GameError| e.to_string())?;
    match kind {
        GameKind::Dobutsu => read::<kyoku_dobutsu::Position>(text, obs),
        GameKind::Shogun => read::<kyoku_shogun::Position>(text, obs),
        GameKind::Shiamgon => read::<kyoku_shiamgon::Position>(text, obs),
    }
}
