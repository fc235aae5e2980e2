//! `kyoku … dobutsu`.

use clap::Args;
use kyoku_core::Position as _;
use kyoku_dobutsu::Position;

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

impl PositionArgs {
    fn record(&self) -> anyhow::Result<kyoku_core::GameRecord<Position>> {
        let start = match &self.fen {
            Some(f) => Position::from_text(f).map_err(common::context("bad FEN"))?,
            None => Position::startpos(),
        };
        common::play_moves(start, self.moves.as_deref())
    }
}

/// `kyoku perft dobutsu`.
#[derive(Args)]
pub struct PerftArgs {
    /// How many plies deep to count.
    depth: u32,
    #[command(flatten)]
    pos: PositionArgs,
    /// Print every root move with its count first.
    #[arg(long)]
    divide: bool,
}

/// `kyoku moves dobutsu`.
#[derive(Args)]
pub struct MovesArgs {
    #[command(flatten)]
    pos: PositionArgs,
}

/// Runs `kyoku perft dobutsu`.
pub fn perft(a: PerftArgs) -> anyhow::Result<()> {
    let rec = a.pos.record()?;
    common::print_perft(rec.position(), a.depth, a.divide)
}

/// Runs `kyoku moves dobutsu`.
pub fn moves(a: MovesArgs) -> anyhow::Result<()> {
    let rec = a.pos.record()?;
    common::print_moves(rec.position())
}
