//! Opening lines for `kyoku match dobutsu --openings FILE`, drawn from the
//! solved table: every line of `--plies` moves from the start whose end is a
//! draw or decided in `--min` plies or more, one line per position reached
//! (the first in move order), `--count` of them in a seeded random order.
//! The same table and flags give the same file on every machine.
//!
//! ```sh
//! cargo run --release -p kyoku-dobutsu --example openings -- \
//!     --plies 6 --min 40 --count 120 --seed 2026 > openings.txt
//! ```
//!
//! The table is the default one (`$KYOKU_DATA_DIR/dobutsu-seed.kdtb`, see
//! `kyoku solve dobutsu`). A summary goes to standard error.

use std::collections::HashSet;
use std::process::ExitCode;

use kyoku_dobutsu::solve::{TableError, Tablebase, Value};
use kyoku_dobutsu::{Move, Position};
use thiserror::Error;

/// What the flags ask for.
#[derive(Debug, PartialEq, Eq)]
struct Args {
    plies: usize,
    min: u32,
    count: usize,
    seed: u64,
}

/// Why no openings were written.
#[derive(Debug, Error)]
enum OpeningsError {
    /// A flag this program does not know.
    #[error("unknown argument {0:?} (flags: --plies N --min N --count N --seed N)")]
    Unknown(String),
    /// A flag without a number after it, or with something else.
    #[error("{flag} needs a whole number, not {value:?}")]
    BadNumber {
        /// The flag.
        flag: String,
        /// What followed it.
        value: String,
    },
    /// The line length is out of range.
    #[error("--plies must be 1 to 10 (the lines are all enumerated), not {0}")]
    Plies(usize),
    /// The solved table could not be opened.
    #[error("the solved table is needed: {0} (set KYOKU_DATA_DIR, or run `kyoku solve dobutsu`)")]
    Table(#[from] TableError),
    /// Fewer distinct positions qualify than were asked for.
    #[error("only {found} positions after {plies} plies qualify; asked for {wanted}")]
    TooFew {
        /// Qualifying positions.
        found: usize,
        /// `--count`.
        wanted: usize,
        /// `--plies`.
        plies: usize,
    },
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, OpeningsError> {
    let mut a = Args {
        plies: 6,
        min: 40,
        count: 120,
        seed: 2026,
    };
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_default();
        let bad = || OpeningsError::BadNumber {
            flag: flag.clone(),
            value: value.clone(),
        };
        match flag.as_str() {
            "--plies" => a.plies = value.parse().map_err(|_| bad())?,
            "--min" => a.min = value.parse().map_err(|_| bad())?,
            "--count" => a.count = value.parse().map_err(|_| bad())?,
            "--seed" => a.seed = value.parse().map_err(|_| bad())?,
            _ => return Err(OpeningsError::Unknown(flag)),
        }
    }
    if !(1..=10).contains(&a.plies) {
        return Err(OpeningsError::Plies(a.plies));
    }
    Ok(a)
}

/// A line of moves and the value of the position it reaches.
struct Line {
    moves: Vec<Move>,
    fen: String,
    value: Value,
}

/// Every line of `plies` moves from `pos` (games that end on the way are
/// dropped), one per position reached: the first in move order.
fn enumerate(
    tb: &Tablebase,
    pos: &Position,
    plies: usize,
    path: &mut Vec<Move>,
    seen: &mut HashSet<String>,
    out: &mut Vec<Line>,
) {
    if path.len() == plies {
        // The position alone does not count moves: write the move number.
        let text = kyoku_core::Position::to_text(pos);
        let board = text.rsplit_once(' ').map_or(text.as_str(), |(b, _)| b);
        let fen = format!("{board} {}", 1 + plies / 2);
        if let Some(value) = tb.value(pos)
            && seen.insert(fen.clone())
        {
            out.push(Line {
                moves: path.clone(),
                fen,
                value,
            });
        }
        return;
    }
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    for mv in moves {
        let mut next = *pos;
        next.play_move(mv);
        path.push(mv);
        enumerate(tb, &next, plies, path, seen, out);
        path.pop();
    }
}

/// splitmix64: a fixed stream for a seed, whatever the `rand` version.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The first `count` of `lines` after a seeded Fisher–Yates shuffle.
fn pick(mut lines: Vec<Line>, count: usize, seed: u64) -> Vec<Line> {
    let mut state = seed;
    for i in (1..lines.len()).rev() {
        let j = (splitmix(&mut state) % (i as u64 + 1)) as usize;
        lines.swap(i, j);
    }
    lines.truncate(count);
    lines
}

/// Whether a position qualifies: a draw, or decided in `min` plies or more.
fn far_enough(value: Value, min: u32) -> bool {
    value.plies().is_none_or(|d| d >= min)
}

/// "a draws, b wins, c losses" for the side to move.
fn tally(lines: &[Line]) -> String {
    let n = |w: &str| lines.iter().filter(|l| l.value.word() == w).count();
    format!(
        "{} draws, {} wins, {} losses",
        n("draw"),
        n("win"),
        n("loss")
    )
}

fn run(a: &Args) -> Result<(), OpeningsError> {
    let tb = kyoku_dobutsu::solve::shared_table()?;
    let (mut all, mut seen) = (Vec::new(), HashSet::new());
    let start = Position::startpos();
    enumerate(&tb, &start, a.plies, &mut Vec::new(), &mut seen, &mut all);
    let distinct = all.len();
    let kept: Vec<Line> = all
        .into_iter()
        .filter(|l| far_enough(l.value, a.min))
        .collect();
    if kept.len() < a.count {
        return Err(OpeningsError::TooFew {
            found: kept.len(),
            wanted: a.count,
            plies: a.plies,
        });
    }
    let qualifying = kept.len();
    let qualifying_tally = tally(&kept);
    let chosen = pick(kept, a.count, a.seed);
    let to_move = if a.plies.is_multiple_of(2) {
        "Sente"
    } else {
        "Gote"
    };
    println!(
        "# Dōbutsu Shōgi: {} openings of {} plies for matches between programs",
        a.count, a.plies
    );
    println!(
        "# (kyoku match dobutsu --openings FILE --games {}: each line from both sides).",
        2 * a.count
    );
    println!(
        "# Made by `cargo run --release -p kyoku-dobutsu --example openings -- --plies {} \\",
        a.plies
    );
    println!("#   --min {} --count {} --seed {}`", a.min, a.count, a.seed);
    println!(
        "# from every {}-ply line reaching a position that the solved table calls a draw",
        a.plies
    );
    println!(
        "# or decided in {} plies or more: {} such positions of {} (one line each).",
        a.min, qualifying, distinct
    );
    println!("# After each line: the position and its value for {to_move}, to move.");
    let width = 5 * a.plies + 1;
    for l in &chosen {
        let moves: Vec<String> = l.moves.iter().map(Move::to_string).collect();
        println!("{:<width$}# {}  {}", moves.join(" "), l.fen, l.value);
    }
    eprintln!(
        "{distinct} positions after {} plies; {qualifying} a draw or decided in {}+ plies \
         ({qualifying_tally}); chose {} ({}) for {to_move}",
        a.plies,
        a.min,
        chosen.len(),
        tally(&chosen)
    );
    Ok(())
}

fn main() -> ExitCode {
    match parse_args(std::env::args().skip(1)).and_then(|a| run(&a)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("openings: {e}");
            ExitCode::FAILURE
        }
    }
}
