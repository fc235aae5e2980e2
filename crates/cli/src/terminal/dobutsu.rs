//! Dōbutsu Shōgi in the terminal: the 3×4 board, both hands, Lion danger.

use kyoku_dobutsu::{Color, Kind, Position, Square};
use kyoku_games::{AnyGame, Table};

use super::{Style, View};

/// Draws Dōbutsu positions and announces Lion danger.
pub struct DobutsuView;

fn position(game: &dyn AnyGame) -> Option<&Position> {
    game.as_any()
        .downcast_ref::<Table<Position>>()
        .map(|t| t.record().position())
}

/// A side's key for the messages (`sente`, `gote`).
fn side_key(c: Color) -> &'static str {
    match c {
        Color::Sente => "sente",
        Color::Gote => "gote",
    }
}

fn side_name(c: Color) -> String {
    tr!("dobutsu-side", side = side_key(c))
}

/// A kind's key for the messages (`lion`, `chick`, …): the messages choose
/// the word and its grammar (German's articles, say) from it.
fn piece_key(k: Kind) -> String {
    k.name().to_ascii_lowercase()
}

fn hand_text(pos: &Position, c: Color) -> String {
    let parts: Vec<String> = [Kind::Chick, Kind::Elephant, Kind::Giraffe]
        .into_iter()
        .filter_map(|k| match pos.hand(c, k) {
            0 => None,
            n => Some(tr!(
                "dobutsu-in-hand-piece",
                count = n,
                piece = piece_key(k)
            )),
        })
        .collect();
    if parts.is_empty() {
        tr!("dobutsu-hand-empty")
    } else {
        parts.join(", ")
    }
}

fn letter(kind: Kind) -> char {
    match kind {
        Kind::Hen => 'H',
        k => k.letter(),
    }
}

/// The squares of the last move: where it came from (none for a drop) and
/// where it went (`b1c2`, `a3a4+`, `C@c3`).
fn last_move(game: &dyn AnyGame) -> (Option<Square>, Option<Square>) {
    let Some(mv) = game.history().pop() else {
        return (None, None);
    };
    if let Some((_, to)) = mv.split_once('@') {
        return (None, Square::parse(to));
    }
    let mv = mv.trim_end_matches('+');
    (
        mv.get(0..2).and_then(Square::parse),
        mv.get(2..4).and_then(Square::parse),
    )
}

impl View for DobutsuView {
    fn seat_name(&self, seat: usize) -> String {
        match seat {
            0 => tr!("dobutsu-seat", side = "sente"),
            _ => tr!("dobutsu-seat", side = "gote"),
        }
    }

    fn draw(&self, game: &dyn AnyGame, style: &Style) -> String {
        let Some(pos) = position(game) else {
            return game.position_text();
        };
        let (last_from, last_to) = last_move(game);
        let colour = |c: Color| Style::seat_colour(c.index());
        let mut s = String::new();
        let gote = style.paint(&side_name(Color::Gote), colour(Color::Gote));
        let hand = hand_text(pos, Color::Gote);
        let line = tr!("dobutsu-hand", side = gote, player = 2, pieces = hand);
        s.push_str(&format!("  {line}\n"));
        s.push_str("      a   b   c\n");
        let (top, mid, bottom, bar) = if style.fancy {
            ("┌───┬───┬───┐", "├───┼───┼───┤", "└───┴───┴───┘", "│")
        } else {
            ("+---+---+---+", "+---+---+---+", "+---+---+---+", "|")
        };
        s.push_str(&format!("    {top}\n"));
        for rank in (0..4u8).rev() {
            s.push_str(&format!("  {} {bar}", rank + 1));
            for file in 0..3u8 {
                let Some(sq) = Square::from_coords(file, rank) else {
                    continue;
                };
                let marked = Some(sq) == last_from || Some(sq) == last_to;
                let cell = match pos.piece_at(sq) {
                    None if marked => "[ ]".to_string(),
                    None => "   ".to_string(),
                    Some(p) => {
                        let l = letter(p.kind);
                        let l = if p.color == Color::Gote {
                            l.to_ascii_lowercase()
                        } else {
                            l
                        };
                        // The piece that just moved is underlined.
                        let code = if Some(sq) == last_to {
                            format!("{};4", colour(p.color))
                        } else {
                            colour(p.color).to_string()
                        };
                        let l = style.paint(&l.to_string(), &code);
                        if marked {
                            format!("[{l}]")
                        } else {
                            format!(" {l} ")
                        }
                    }
                };
                s.push_str(&cell);
                s.push_str(bar);
            }
            s.push('\n');
            s.push_str(&format!("    {}\n", if rank == 0 { bottom } else { mid }));
        }
        let sente = style.paint(&side_name(Color::Sente), colour(Color::Sente));
        let hand = hand_text(pos, Color::Sente);
        let line = tr!("dobutsu-hand", side = sente, player = 1, pieces = hand);
        s.push_str(&format!("  {line}\n"));
        s.push_str(&format!("  {}", tr!("dobutsu-legend")));
        if last_to.is_some() {
            s.push_str(&format!("\n  {}", tr!("dobutsu-last-move-legend")));
        }
        if game.outcome().is_none() {
            let side = side_name(pos.turn());
            s.push_str(&format!("\n  {}", tr!("dobutsu-to-move", side = side)));
        }
        s
    }

    fn describe(&self, before: &dyn AnyGame, mv: &str) -> String {
        let Some(pos) = position(before) else {
            return tr!("plays", mv = mv);
        };
        if let Some((k, to)) = mv.split_once('@') {
            let piece = k
                .chars()
                .next()
                .and_then(Kind::from_letter)
                .map_or("piece".to_string(), piece_key);
            return tr!("dobutsu-drops", piece = piece, to = to, mv = mv);
        }
        let from = mv.get(0..2).and_then(Square::parse);
        let to = mv.get(2..4).and_then(Square::parse);
        match (from.and_then(|f| pos.piece_at(f)), to) {
            (Some(p), Some(t)) => {
                let mut text = tr!("dobutsu-moves", piece = piece_key(p.kind), mv = mv);
                if let Some(q) = pos.piece_at(t) {
                    text.push_str(&tr!("dobutsu-takes", piece = piece_key(q.kind)));
                }
                let far = if p.color == Color::Sente { 3 } else { 0 };
                if p.kind == Kind::Chick && t.rank() == far {
                    text.push_str(&tr!("dobutsu-promotes"));
                }
                text
            }
            _ => tr!("plays", mv = mv),
        }
    }

    fn announce(&self, _before: &dyn AnyGame, after: &dyn AnyGame) -> Vec<String> {
        let Some(pos) = position(after) else {
            return Vec::new();
        };
        if after.outcome().is_some() {
            return Vec::new();
        }
        let mut v = Vec::new();
        let to_move = pos.turn();
        if pos.lion_in_danger(to_move) {
            v.push(tr!("dobutsu-lion-danger", side = side_name(to_move)));
        }
        if pos.lion_in_danger(to_move.flip()) {
            v.push(tr!(
                "dobutsu-lion-hanging",
                side = side_name(to_move.flip()),
                other = side_name(to_move)
            ));
        }
        v
    }

    fn move_help(&self) -> String {
        tr!("dobutsu-move-help")
    }
}
