//! Shogun in the terminal. Until the Shogun engine is in the catalogue,
//! any game without its own drawing shows its position text.

use kyoku_games::AnyGame;

use super::{Style, View};

/// Draws Shogun positions.
pub struct ShogunView;

impl View for ShogunView {
    fn seat_name(&self, seat: usize) -> String {
        match seat {
            0 => "player 1 (White)".into(),
            _ => "player 2 (Red)".into(),
        }
    }

    fn draw(&self, game: &dyn AnyGame, _style: &Style) -> String {
        format!("  {}", game.position_text())
    }

    fn announce(&self, _before: &dyn AnyGame, _after: &dyn AnyGame) -> Vec<String> {
        Vec::new()
    }

    fn move_help(&self) -> &'static str {
        "Shogun moves: FROM TO, e.g. e1e3 (a capture may be written e1xe3)."
    }
}
