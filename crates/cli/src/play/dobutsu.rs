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

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Sente => "Sente",
        Color::Gote => "Gote",
    }
}

fn hand_text(pos: &Position, c: Color) -> String {
    let parts: Vec<String> = [Kind::Chick, Kind::Elephant, Kind::Giraffe]
        .into_iter()
        .filter_map(|k| match pos.hand(c, k) {
            0 => None,
            1 => Some(k.name().to_string()),
            n => Some(format!("{n} {}s", k.name())),
        })
        .collect();
    if parts.is_empty() {
        "empty".into()
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
            0 => "player 1 (Sente)".into(),
            _ => "player 2 (Gote)".into(),
        }
    }

    fn draw(&self, game: &dyn AnyGame, style: &Style) -> String {
        let Some(pos) = position(game) else {
            return game.position_text();
        };
        let (last_from, last_to) = last_move(game);
        let colour = |c: Color| Style::seat_colour(c.index());
        let mut s = String::new();
        let gote = style.paint("Gote", colour(Color::Gote));
        s.push_str(&format!(
            "  {gote} (player 2) in hand: {}\n",
            hand_text(pos, Color::Gote)
        ));
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
        let sente = style.paint("Sente", colour(Color::Sente));
        s.push_str(&format!(
            "  {sente} (player 1) in hand: {}\n",
            hand_text(pos, Color::Sente)
        ));
        s.push_str(
            "  L Lion  G Giraffe  E Elephant  C Chick  H Hen; UPPERCASE Sente (moves up), lowercase Gote",
        );
        if last_to.is_some() {
            s.push_str("\n  [ ] the last move's squares");
        }
        if game.outcome().is_none() {
            s.push_str(&format!("\n  {} to move", side_name(pos.turn())));
        }
        s
    }

    fn describe(&self, before: &dyn AnyGame, mv: &str) -> String {
        let Some(pos) = position(before) else {
            return format!("plays {mv}");
        };
        if let Some((k, to)) = mv.split_once('@') {
            let name = k
                .chars()
                .next()
                .and_then(Kind::from_letter)
                .map_or("piece", Kind::name);
            return format!("drops a {name} on {to} ({mv})");
        }
        let from = mv.get(0..2).and_then(Square::parse);
        let to = mv.get(2..4).and_then(Square::parse);
        match (from.and_then(|f| pos.piece_at(f)), to) {
            (Some(p), Some(t)) => {
                let took = pos
                    .piece_at(t)
                    .map(|q| format!(", takes the {}", q.kind.name()))
                    .unwrap_or_default();
                let far = if p.color == Color::Sente { 3 } else { 0 };
                let promo = if p.kind == Kind::Chick && t.rank() == far {
                    ", becomes a Hen"
                } else {
                    ""
                };
                format!("moves the {} {mv}{took}{promo}", p.kind.name())
            }
            _ => format!("plays {mv}"),
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
            v.push(format!(
                "Lion danger! {}'s Lion is attacked.",
                side_name(to_move)
            ));
        }
        if pos.lion_in_danger(to_move.flip()) {
            v.push(format!(
                "{}'s Lion stands attacked: {} can take it.",
                side_name(to_move.flip()),
                side_name(to_move)
            ));
        }
        v
    }

    fn move_help(&self) -> &'static str {
        "Dōbutsu moves: a step is FROM TO, e.g. b2b3 (files a–c left to right, ranks 1–4 from Sente's side);\n\
         a drop is LETTER@SQUARE, e.g. C@a3 (C Chick, E Elephant, G Giraffe).\n\
         A Chick reaching the far rank becomes a Hen. Take the Lion or bring yours safely to the far rank to win."
    }
}
