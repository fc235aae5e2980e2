//! `kyoku replay`: a game record stepped through move by move (or shown
//! whole), and how it closes: the game's result, whether the replay was
//! stepped to the end or left earlier.
//!
//! The record's `result` line comes first: it also knows ends that the
//! moves do not show (a resignation, a flag fall, a draw by agreement).
//! Without one, the replayed game's own end is told; without either, that
//! the game was left unfinished.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use kyoku_core::Outcome;
use kyoku_games::AnyGame;
use kyoku_games::record::Record;

use crate::terminal::{
    Input, Style, View, printable, read_line, read_record, reason_text, result_words, view_of,
};

/// `kyoku replay`.
#[derive(clap::Args)]
pub struct ReplayArgs {
    /// A game record written by `kyoku play`.
    file: PathBuf,
    /// Print every position at once instead of stepping.
    #[arg(long)]
    all: bool,
}

/// Each move of a record in words (who made it, what it did), to show
/// while stepping.
fn move_lines(rec: &Record, view: &dyn View, style: &Style) -> anyhow::Result<Vec<String>> {
    let mut g = kyoku_games::new_game(&rec.game, &rec.options)?;
    let mut lines = Vec::with_capacity(rec.moves.len());
    for mv in &rec.moves {
        let who = match g.to_act().player() {
            Some(p) => style.paint(&view.seat_name(p.index()), view.seat_colour(p.index())),
            None => tr!("chance"),
        };
        let what = view.describe(g.as_ref(), mv);
        lines.push(tr!("move-line", who = who, what = what));
        g.play(mv)?;
    }
    Ok(lines)
}

/// The move to go to for a line typed while stepping at `ply` of `total`:
/// `None` to ask again (after saying why), `usize::MAX` to stop.
fn step_target(line: &str, ply: usize, total: usize, step_help: &str) -> Option<usize> {
    match line {
        "" | "n" | "next" => Some((ply + 1).min(total)),
        "b" | "back" => Some(ply.saturating_sub(1)),
        "end" => Some(total),
        "q" | "quit" => Some(usize::MAX),
        "help" | "?" => {
            println!("{step_help}");
            None
        }
        other => match other.parse::<usize>() {
            Ok(n) if n <= total => Some(n),
            Ok(_) => {
                println!("{}", tr!("replay-has-moves", count = total));
                None
            }
            _ => {
                println!("{other:?}: {step_help}");
                None
            }
        },
    }
}

/// Runs `kyoku replay`.
pub fn replay(a: ReplayArgs) -> anyhow::Result<()> {
    let rec = read_record(&a.file)?;
    let full = rec.replay()?;
    let view = view_of(rec.game.parse()?);
    let style = Style::detect();
    let mut game = kyoku_games::new_game(&rec.game, &rec.options)?;
    let actors = move_lines(&rec, view.as_ref(), &style)?;
    let total = rec.moves.len();
    let players = if rec.players.is_empty() {
        String::new()
    } else {
        // A seat's name goes before its spec: `Hana (human)`.
        let named: Vec<String> = rec
            .players
            .iter()
            .enumerate()
            .map(|(i, spec)| match rec.names.get(i).cloned().flatten() {
                Some(name) => format!("{} ({spec})", printable(&name)),
                None => spec.clone(),
            })
            .collect();
        format!(" — {}", named.join(", "))
    };
    let clock = rec.time_control.map_or(String::new(), |tc| {
        tr!("replay-clock", clock = tc.to_string())
    });
    println!(
        "{}",
        tr!(
            "replay-banner",
            game = rec.game,
            players = players,
            clock = clock,
            count = total
        )
    );
    let step_help = tr!("replay-step-help");
    let step_help = step_help.as_str();
    let stepping = !a.all;
    if stepping {
        println!("{step_help}");
    }
    let show = |game: &dyn AnyGame, ply: usize| {
        if ply > 0 {
            let what = actors[ply - 1].as_str();
            println!(
                "{}",
                tr!("replay-move", ply = ply, count = total, what = what)
            );
        } else {
            println!("{}", tr!("replay-start", count = total));
        }
        println!("{}", view.draw(game, &style));
    };
    let goto = |ply: usize| -> anyhow::Result<Box<dyn AnyGame>> {
        Ok(kyoku_games::replay(
            &rec.game,
            &rec.options,
            &rec.moves[..ply],
        )?)
    };
    let mut ply = 0;
    show(game.as_ref(), ply);
    if a.all {
        while ply < total {
            game.play(&rec.moves[ply])?;
            ply += 1;
            show(game.as_ref(), ply);
        }
    } else {
        loop {
            print!("replay> ");
            std::io::stdout().flush()?;
            let line = match read_line() {
                Input::End => {
                    println!();
                    break;
                }
                Input::Line(l) => l,
            };
            if !std::io::stdin().is_terminal() {
                println!("{line}");
            }
            let Some(target) = step_target(&line, ply, total, step_help) else {
                continue;
            };
            if target == usize::MAX {
                break;
            }
            if target == ply && !line.is_empty() && target != total {
                show(game.as_ref(), ply);
                continue;
            }
            if target == ply && ply == total {
                println!("{}", tr!("replay-last-move"));
                continue;
            }
            game = goto(target)?;
            ply = target;
            show(game.as_ref(), ply);
        }
    }
    let players = full.num_players();
    let end = ending(&rec, full.outcome(), players, ply, view.as_ref(), &style);
    println!("{end}");
    Ok(())
}

/// The closing line of a replay of `rec` that stopped at move `ply`;
/// `replayed` is the end the moves themselves reach, `players` how many
/// seats the game has.
pub fn ending(
    rec: &Record,
    replayed: Option<Outcome>,
    players: usize,
    ply: usize,
    view: &dyn View,
    style: &Style,
) -> String {
    let total = rec.moves.len();
    let recorded = rec
        .result
        .as_ref()
        .filter(|r| r.scores.len() == players)
        .map(|r| (r.scores.clone(), printable(&r.reason)));
    let from_moves = replayed.map(|o| (o.scores().to_vec(), o.reason.to_string()));
    let Some((scores, reason)) = recorded.or(from_moves) else {
        return tr!("replay-unfinished", count = total);
    };
    let over = style.paint(&tr!("game-over"), "1");
    let reason = reason_text(&reason);
    let head = if ply == total {
        tr!("over-because", over = over, reason = reason)
    } else {
        tr!("over-at-move", over = over, count = total, reason = reason)
    };
    result_words(&head, &scores, view, style)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kyoku_games::record::RecordResult;

    struct Seats;

    impl View for Seats {
        fn seat_name(&self, seat: usize) -> String {
            format!("player {}", seat + 1)
        }
        fn draw(&self, _: &dyn kyoku_games::AnyGame, _: &Style) -> String {
            String::new()
        }
        fn announce(
            &self,
            _: &dyn kyoku_games::AnyGame,
            _: &dyn kyoku_games::AnyGame,
        ) -> Vec<String> {
            Vec::new()
        }
        fn move_help(&self) -> String {
            String::new()
        }
    }

    fn record(moves: usize, result: Option<(&[i32], &str)>) -> Record {
        Record {
            game: "dobutsu".into(),
            options: serde_json::json!({}),
            players: Vec::new(),
            moves: vec!["b2b3".into(); moves],
            result: result.map(|(s, r)| RecordResult {
                scores: s.to_vec(),
                reason: r.into(),
            }),
            time_control: None,
            names: Vec::new(),
            clocks: Vec::new(),
        }
    }

    const PLAIN: Style = Style {
        fancy: false,
        width: None,
    };

    #[test]
    fn the_record_says_how_it_ended() {
        let rec = record(4, Some((&[0, 1], "resigned")));
        assert_eq!(
            ending(&rec, None, 2, 4, &Seats, &PLAIN),
            "Game over (resigned): player 2 wins."
        );
        assert_eq!(
            ending(&rec, None, 2, 1, &Seats, &PLAIN),
            "Game over at move 4 (resigned): player 2 wins."
        );
    }

    #[test]
    fn else_the_moves_do_or_nobody() {
        assert_eq!(
            ending(&record(1, None), None, 2, 1, &Seats, &PLAIN),
            "The game was left unfinished after 1 move."
        );
        let rec = record(3, None);
        let o = Outcome::from_scores(&[1, 0], "lion captured");
        assert_eq!(
            ending(&rec, Some(o), 2, 3, &Seats, &PLAIN),
            "Game over (lion captured): player 1 wins."
        );
        assert_eq!(
            ending(&rec, None, 2, 0, &Seats, &PLAIN),
            "The game was left unfinished after 3 moves."
        );
        // A result for another number of seats is not believed.
        let rec = record(3, Some((&[1, 0, 0], "odd")));
        assert_eq!(
            ending(&rec, None, 2, 3, &Seats, &PLAIN),
            "The game was left unfinished after 3 moves."
        );
    }

    #[test]
    fn draws_rankings_and_no_escapes() {
        let rec = record(2, Some((&[0, 0], "agreed\x1b[2J")));
        assert_eq!(
            ending(&rec, None, 2, 2, &Seats, &PLAIN),
            "Game over (agreed[2J): a draw."
        );
        // The reason as the rules give it, in the terminal's words.
        let rec = record(9, Some((&[3, 7, 7], "Triampsalm")));
        assert_eq!(
            ending(&rec, None, 3, 9, &Seats, &PLAIN),
            "Game over (Triampsalm). Ranking: 1. player 2 7, 1. player 3 7, 3. player 1 3"
        );
    }
}
