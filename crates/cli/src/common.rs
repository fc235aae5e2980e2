//! Pieces every game's commands share.

use std::fmt::Display;
use std::io::Write;

use kyoku_core::{GameRecord, Position, perft_divide};

/// A game's position flags: they name a start and moves played from it.
pub trait PositionFlags: clap::Args {
    /// The game's position.
    type Position: Position;
    /// What `kyoku perft`'s depth counts, as its help says it.
    const DEPTH_HELP: &'static str;
    /// The record the flags name: the start, then the moves.
    fn record(&self) -> anyhow::Result<GameRecord<Self::Position>>;
}

/// `kyoku perft GAME` for a game whose position comes from the flags `F`.
#[derive(clap::Args)]
pub struct PerftArgs<F: PositionFlags> {
    #[arg(help = F::DEPTH_HELP)]
    depth: u32,
    #[command(flatten)]
    pos: F,
    /// Print every root move with its count first.
    #[arg(long)]
    divide: bool,
}

/// A command that reads nothing but a position: `kyoku moves GAME`,
/// `kyoku show GAME`.
#[derive(clap::Args)]
pub struct PositionOnlyArgs<F: PositionFlags> {
    #[command(flatten)]
    pub pos: F,
}

/// Runs `kyoku perft GAME`: the leaf count (and with `--divide` each root
/// move's first).
pub fn perft<F: PositionFlags>(a: PerftArgs<F>) -> anyhow::Result<()> {
    let rec = a.pos.record()?;
    print_perft(rec.position(), a.depth, a.divide)
}

/// Runs `kyoku moves GAME`: the legal moves, one a line.
pub fn moves<F: PositionFlags>(a: PositionOnlyArgs<F>) -> anyhow::Result<()> {
    let rec = a.pos.record()?;
    print_moves(rec.position())
}

/// Prints the error as one line on stderr and exits with code 2, as every
/// command does on bad input.
pub fn fail(e: anyhow::Error) -> ! {
    let msg = format!("{e:#}").replace('\n', " ");
    eprintln!("kyoku: {msg}");
    std::process::exit(2);
}

/// Plays comma-separated moves (`--moves`) from `start`, naming the move
/// that fails and why.
pub fn play_moves<P: Position>(start: P, moves: Option<&str>) -> anyhow::Result<GameRecord<P>> {
    let mut record = GameRecord::new(start);
    for (i, text) in moves
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .enumerate()
    {
        record
            .position()
            .parse_move(text)
            .and_then(|mv| record.play(mv))
            .map_err(|e| anyhow::anyhow!("move {} ({text}): {e}", i + 1))?;
    }
    Ok(record)
}

/// Runs perft on `pos` and prints it: with `divide` one `move: count` line per
/// root move first; the last line is always the total alone.
pub fn print_perft<P: Position>(pos: &P, depth: u32, divide: bool) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    let total = if divide {
        let parts = perft_divide(pos, depth);
        for (mv, n) in &parts {
            writeln!(out, "{}: {n}", pos.move_to_text(*mv))?;
        }
        if depth == 0 {
            1
        } else {
            parts.iter().map(|(_, n)| n).sum()
        }
    } else {
        kyoku_core::perft(pos, depth)
    };
    writeln!(out, "{total}")?;
    Ok(())
}

/// Prints the legal moves of `pos`, one per line.
pub fn print_moves<P: Position>(pos: &P) -> anyhow::Result<()> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out = std::io::stdout().lock();
    for mv in moves {
        writeln!(out, "{}", pos.move_to_text(mv))?;
    }
    Ok(())
}

/// Wraps a parse error with what was being read.
pub fn context<E: Display>(what: &str) -> impl FnOnce(E) -> anyhow::Error + '_ {
    move |e| anyhow::anyhow!("{what}: {e}")
}
