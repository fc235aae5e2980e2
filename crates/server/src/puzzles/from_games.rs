//! People's finished games become puzzles as they end: the positions of a
//! game with a person in a seat are cut and proven (Dōbutsu's by its table,
//! when the server has it) and stored beside the made ones. Program-only
//! games are left to `kyoku puzzles make`, which plays far more of them.

use std::sync::Arc;

use kyoku_games::GameKind;

use crate::app::{App, now};

/// Cuts the puzzles of a game that has just ended, off the request's path:
/// the player's answer never waits for it, and a failure costs nothing but
/// the puzzles (a line in the log).
pub(crate) fn cut_finished(app: &Arc<App>, game: GameKind, positions: Vec<String>) {
    let app = app.clone();
    tokio::spawn(async move {
        let cut =
            tokio::task::spawn_blocking(move || kyoku_puzzle::from_game(game, &positions)).await;
        let puzzles = match cut {
            Ok(Ok(p)) if !p.is_empty() => p,
            Ok(Ok(_)) => return,
            // No table: the server said so at start-up; nothing to add.
            Ok(Err(kyoku_puzzle::MakeError::NoTable(_))) => return,
            Err(e) => {
                tracing::warn!(error = %e, "cutting a finished game's puzzles failed");
                return;
            }
        };
        match app.store.insert_puzzles(&puzzles, now()).await {
            Ok(new) => tracing::info!(game = %game, new, "puzzles from a finished game"),
            Err(e) => tracing::warn!(error = %e, "storing a finished game's puzzles failed"),
        }
    });
}
