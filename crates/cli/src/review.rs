//! `kyoku review FILE`: the review of a game record (`kyoku play`'s form,
//! see `kyoku_games::record`) — each move beside the best one, its loss and
//! mark, and each player's accuracy, as the site's game review makes them.

use std::io::Write;
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressStyle};
use kyoku_games::GameKind;
use kyoku_games::analyse::{Budget, Class, PlyReview, Review, default_budget, review};

use crate::analyze::score_words;
use crate::terminal::{read_record, view_of};

/// `kyoku review`.
#[derive(clap::Args)]
pub struct ReviewArgs {
    /// A game record written by `kyoku play`.
    file: PathBuf,
    /// Search each position to this depth (default: the game's default).
    #[arg(long, conflicts_with = "ms")]
    depth: Option<u32>,
    /// Search each position this many milliseconds instead.
    #[arg(long)]
    ms: Option<u64>,
    /// Print the API's `Review` object instead of a table.
    #[arg(long)]
    json: bool,
}

/// The mark of a class, as chess annotators write them.
fn mark(class: Option<Class>) -> &'static str {
    match class {
        None => "",
        Some(Class::Inaccuracy) => "?!",
        Some(Class::Mistake) => "?",
        Some(Class::Blunder) => "??",
    }
}

/// Runs `kyoku review`.
pub fn run(a: ReviewArgs) -> anyhow::Result<()> {
    let rec = read_record(&a.file)?;
    let game: GameKind = rec.game.parse()?;
    let budget = match (a.ms, a.depth) {
        (Some(ms), _) => Budget::Millis(ms),
        (None, Some(d)) => Budget::Depth(d),
        (None, None) => default_budget(game),
    };
    // Drawn on stderr, and hidden when it is not a terminal.
    let bar = ProgressBar::new(rec.moves.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("reviewing [{bar:40}] {pos}/{len} moves {elapsed_precise}")
            .expect("a valid template"),
    );
    let r = review(game, &rec.options, &rec.moves, budget, &mut |done, _| {
        bar.set_position(done as u64)
    });
    bar.finish_and_clear();
    let r = r?;
    let mut out = std::io::stdout().lock();
    if a.json {
        writeln!(out, "{}", serde_json::to_string(&r)?)?;
        return Ok(());
    }
    let view = view_of(game);
    let name = |seat: usize| match rec.names.get(seat) {
        Some(Some(n)) => format!("{} ({n})", view.seat_name(seat)),
        _ => view.seat_name(seat),
    };
    print_table(&mut out, &r, &|s| view.seat_name(s))?;
    writeln!(out)?;
    for (seat, acc) in r.accuracy.iter().enumerate() {
        let marks = |c| {
            r.plies
                .iter()
                .filter(|p| p.seat == seat && p.class == Some(c))
                .count()
        };
        let acc = acc.map_or("-".to_string(), |a| format!("{a:.1}"));
        writeln!(
            out,
            "{}: accuracy {acc}, {}, {}, {}",
            name(seat),
            counted(marks(Class::Inaccuracy), "inaccuracy", "inaccuracies"),
            counted(marks(Class::Mistake), "mistake", "mistakes"),
            counted(marks(Class::Blunder), "blunder", "blunders"),
        )?;
    }
    Ok(())
}

/// `n` things, in the singular for one.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// One row a move: number, mover, move and mark, its score, the best move
/// and its score, the loss.
fn print_table(
    out: &mut impl Write,
    r: &Review,
    seat_name: &dyn Fn(usize) -> String,
) -> anyhow::Result<()> {
    // The player column as wide as its longest name, so the rows line up.
    let width = r
        .plies
        .iter()
        .map(|p| seat_name(p.seat).chars().count())
        .max()
        .unwrap_or(0)
        .max("player".len());
    writeln!(
        out,
        "{:>4}  {:<width$} {:<10} {:<24} {:<10} {:<24} {:>5}",
        "ply", "player", "move", "score", "best", "best score", "loss"
    )?;
    for p in &r.plies {
        let PlyReview {
            ply,
            seat,
            mv,
            score,
            best,
            best_score,
            loss,
            class,
        } = p;
        let played = format!("{mv}{}", mark(*class));
        let best = if best == mv {
            "=".to_string()
        } else {
            best.clone()
        };
        writeln!(
            out,
            "{ply:>4}  {:<width$} {played:<10} {:<24} {best:<10} {:<24} {loss:>5.2}",
            seat_name(*seat),
            score_words(score, Some(*seat)),
            score_words(best_score, Some(*seat)),
        )?;
    }
    Ok(())
}
