//! Pieces every game's commands share.

use std::fmt::Display;
use std::io::Write;

use kyoku_core::{GameRecord, Position, perft_divide};

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
