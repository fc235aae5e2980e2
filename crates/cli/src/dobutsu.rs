//! `kyoku … dobutsu`.

use clap::Args;
use kyoku_core::Position as _;
use kyoku_dobutsu::{Color, Position};

use crate::common;

/// Where a Dōbutsu position comes from.
#[derive(Args)]
pub struct PositionArgs {
    /// Start from this FEN (Fairy-Stockfish form) instead of the initial position.
    #[arg(long)]
    fen: Option<String>,
    /// Play these moves first, comma-separated (e.g. `b2b3,b3b2`).
    #[arg(long)]
    moves: Option<String>,
}

impl common::PositionFlags for PositionArgs {
    type Position = Position;
    const DEPTH_HELP: &'static str = "How many plies deep to count";

    fn record(&self) -> anyhow::Result<kyoku_core::GameRecord<Position>> {
        let start = match &self.fen {
            Some(f) => Position::from_text(f).map_err(common::context("bad FEN"))?,
            None => Position::startpos(),
        };
        common::play_moves(start, self.moves.as_deref())
    }
}

impl PositionArgs {
    /// The FEN of `record`'s position (made from these arguments) with the
    /// game's move number: a position keeps no counters (they play no part
    /// in the rules), so its own text always says move 1.
    pub(crate) fn text_at_end(&self, record: &kyoku_core::GameRecord<Position>) -> String {
        let first = self.fen.as_deref().map_or(1, start_move_number);
        let text = record.position().to_text();
        let number = move_number(first, record.start().turn(), record.moves().len());
        match text.rsplit_once(' ') {
            Some((head, _)) => format!("{head} {number}"),
            None => text,
        }
    }
}

/// The move number a FEN's tail gives (its last field), 1 when it gives
/// none or one that is not a positive number.
fn start_move_number(fen: &str) -> u32 {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    // The counters follow the board and the side to move, if at all.
    if fields.len() < 4 {
        return 1;
    }
    fields
        .last()
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1)
}

/// The move number after `plies` plies from a start at move `first` with
/// `turn` to move: it counts up after each of Gote's moves, as in chess.
fn move_number(first: u32, turn: Color, plies: usize) -> u32 {
    let gote_first = usize::from(turn == Color::Gote);
    let full = (plies + gote_first) / 2;
    first.saturating_add(u32::try_from(full).unwrap_or(u32::MAX))
}

/// `kyoku perft dobutsu`.
pub type PerftArgs = common::PerftArgs<PositionArgs>;

/// `kyoku moves dobutsu`.
pub type MovesArgs = common::PositionOnlyArgs<PositionArgs>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_count_gote_moves() {
        assert_eq!(move_number(1, Color::Sente, 0), 1);
        assert_eq!(move_number(1, Color::Sente, 1), 1);
        assert_eq!(move_number(1, Color::Sente, 2), 2);
        assert_eq!(move_number(1, Color::Sente, 5), 3);
        assert_eq!(move_number(7, Color::Gote, 1), 8);
        assert_eq!(move_number(7, Color::Gote, 2), 8);
        assert_eq!(start_move_number("gle/1c1/1C1/ELG[] w - - 0 12"), 12);
        assert_eq!(start_move_number("gle/1c1/1C1/ELG[] b 3 9"), 9);
        assert_eq!(start_move_number("gle/1c1/1C1/ELG[] w"), 1);
        assert_eq!(start_move_number("gle/1c1/1C1/ELG[] w - - 0 0"), 1);
    }
}
