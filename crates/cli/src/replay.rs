//! How `kyoku replay` closes: the game's result, whether the replay was
//! stepped to the end or left earlier.
//!
//! The record's `result` line comes first: it also knows ends that the
//! moves do not show (a resignation, a flag fall, a draw by agreement).
//! Without one, the replayed game's own end is told; without either, that
//! the game was left unfinished.

use kyoku_core::Outcome;
use kyoku_games::record::Record;

use crate::play::{Style, View};

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

/// An ending's reason (`lion captured`, `resigned`) in the terminal's
/// language: the message `reason-<words-with-dashes>` when the catalogue has
/// one, else the reason as the rules or the record give it.
pub fn reason_text(reason: &str) -> String {
    let slug: String = reason
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let id = format!("reason-{slug}");
    let catalogue = crate::words::catalogue();
    if catalogue.has(&id) {
        catalogue.text(&id)
    } else {
        reason.to_string()
    }
}

/// `head` and who won, from each seat's score: `…: X wins.`, `…: a draw.`,
/// or the ranking with the scores (`…. Ranking: 1. X 14, 2. …`), as
/// `kyoku play` says it at the end of a game.
fn result_words(head: &str, scores: &[i32], view: &dyn View, style: &Style) -> String {
    let name = |p: usize| style.paint(&view.seat_name(p), view.seat_colour(p));
    let rank = |p: usize| 1 + scores.iter().filter(|&&s| s > scores[p]).count();
    let binary = scores.iter().all(|&s| s == 0 || s == 1);
    if binary && scores.len() == 2 {
        let winners: Vec<usize> = (0..2).filter(|&p| rank(p) == 1).collect();
        return match winners.as_slice() {
            [w] => tr!("result-win", head = head, who = name(*w)),
            _ => tr!("result-draw", head = head),
        };
    }
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by_key(|&p| (std::cmp::Reverse(scores[p]), p));
    let ranking: Vec<String> = order
        .iter()
        .map(|&p| format!("{}. {} {}", rank(p), name(p), scores[p]))
        .collect();
    tr!("result-ranking", head = head, ranking = ranking.join(", "))
}

/// A record's text as it may be shown in a terminal: no control
/// characters (a file could carry escape sequences).
pub fn printable(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
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
        let rec = record(9, Some((&[3, 7, 7], "triampsalm")));
        assert_eq!(
            ending(&rec, None, 3, 9, &Seats, &PLAIN),
            "Game over (triampsalm). Ranking: 1. player 2 7, 1. player 3 7, 3. player 1 3"
        );
    }
}
