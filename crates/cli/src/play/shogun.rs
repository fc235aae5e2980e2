//! Shogun in the terminal: the 8×8 board with every piece's name and the
//! number it shows, the rotation, threats ("Shogun!") and chance's draws.

use kyoku_games::{AnyGame, Table};
use kyoku_shogun::{Color, NO_CAPTURE_LIMIT, Piece, Position, Square, Variant};

use super::{Style, View};

/// Draws Shogun positions and announces threats.
pub struct ShogunView;

fn position(game: &dyn AnyGame) -> Option<&Position> {
    game.as_any()
        .downcast_ref::<Table<Position>>()
        .map(|t| t.record().position())
}

fn colour_of(c: Color) -> &'static str {
    match c {
        // Bold in the terminal's own colour reads on dark and light backgrounds.
        Color::White => "1",
        Color::Red => "1;31",
    }
}

fn rotation_text(r: u8) -> String {
    match r {
        0 => "rotation 0 (board as set up)".into(),
        r => format!("rotation {r} (board turned {}° clockwise)", 90 * r as u32),
    }
}

/// The destination square of a move text (`e1e3`, `e1xe3`, chance's `e3=2`).
fn destination(mv: &str) -> Option<Square> {
    if let Some((sq, _)) = mv.split_once('=') {
        return Square::parse(sq);
    }
    mv.get(mv.len().saturating_sub(2)..).and_then(Square::parse)
}

/// A piece in words, so its letter is not read as a file: `soldier b`,
/// `the Shogun`.
fn piece_words(p: Piece) -> String {
    if p.is_shogun() {
        "the Shogun".to_string()
    } else {
        format!("soldier {}", p.char())
    }
}

impl View for ShogunView {
    fn seat_name(&self, seat: usize) -> String {
        match seat {
            0 => "player 1 (White)".into(),
            _ => "player 2 (Red)".into(),
        }
    }

    fn seat_colour(&self, seat: usize) -> &'static str {
        colour_of(Color::from_index(seat.min(1)))
    }

    fn draw(&self, game: &dyn AnyGame, style: &Style) -> String {
        let Some(pos) = position(game) else {
            return format!("  {}", game.position_text());
        };
        // The last move of a player (chance's draws name no move).
        let last = game.history().into_iter().rev().find(|m| !m.contains('='));
        let last_from = last
            .as_deref()
            .and_then(|m| m.get(0..2))
            .and_then(Square::parse);
        let last_to = last.as_deref().and_then(destination);
        let variant = match pos.variant() {
            Variant::Magnetic => "numbers from the magnets",
            Variant::Random => "numbers drawn at random",
        };
        let mut s = format!("  Shogun — {} — {variant}\n", rotation_text(pos.rotation()));
        let (top, bottom, bar) = if style.fancy {
            (
                "┌────┬────┬────┬────┬────┬────┬────┬────┐",
                "└────┴────┴────┴────┴────┴────┴────┴────┘",
                "│",
            )
        } else {
            (
                "+----+----+----+----+----+----+----+----+",
                "+----+----+----+----+----+----+----+----+",
                "|",
            )
        };
        let files = "       a    b    c    d    e    f    g    h\n";
        s.push_str(files);
        s.push_str(&format!("    {top}\n"));
        for y in (0..8u8).rev() {
            s.push_str(&format!("  {} {bar}", y + 1));
            for x in 0..8u8 {
                let sq = Square::new(y * 8 + x);
                let marked = Some(sq) == last_from || Some(sq) == last_to;
                let cell = match pos.piece_at(sq) {
                    None if marked => "[  ]".to_string(),
                    None => format!(" {}  ", style.paint(style.pick("·", "."), "2")),
                    Some(p) => {
                        let n = pos
                            .number_at(sq)
                            .map_or('?', |n| char::from_digit(n as u32, 10).unwrap_or('?'));
                        let text = format!("{}{n}", p.char());
                        // The piece that just moved is underlined.
                        let code = if Some(sq) == last_to {
                            format!("{};4", colour_of(p.color()))
                        } else {
                            colour_of(p.color()).to_string()
                        };
                        let text = style.paint(&text, &code);
                        if marked {
                            format!("[{text}]")
                        } else {
                            format!(" {text} ")
                        }
                    }
                };
                s.push_str(&cell);
                s.push_str(bar);
            }
            s.push_str(&format!(" {}\n", y + 1));
        }
        s.push_str(&format!("    {bottom}\n"));
        s.push_str(files);
        s.push_str(&format!(
            "  {} A–G and Shogun S (UPPERCASE, home rank 1), {} a–g and s;\n  the digit is how many squares the piece must move\n",
            style.paint("White", colour_of(Color::White)),
            style.paint("Red", colour_of(Color::Red)),
        ));
        let counts: Vec<String> = [Color::White, Color::Red]
            .into_iter()
            .map(|c| format!("{c} {} pieces", pos.pieces(c).count_ones()))
            .collect();
        s.push_str(&format!(
            "  {}; {} of {NO_CAPTURE_LIMIT} plies without a capture",
            counts.join(", "),
            pos.clock()
        ));
        if last_to.is_some() {
            s.push_str("\n  [  ] the last move's squares");
        }
        if game.outcome().is_none() {
            match pos.pending_square() {
                Some(sq) => s.push_str(&format!("\n  chance sets the number of the piece on {sq}")),
                None => s.push_str(&format!("\n  {} to move", pos.turn())),
            }
        }
        s
    }

    fn describe(&self, before: &dyn AnyGame, mv: &str) -> String {
        let Some(pos) = position(before) else {
            return format!("plays {mv}");
        };
        if let Some((sq, n)) = mv.split_once('=') {
            return format!("sets the number of the piece on {sq} to {n}");
        }
        let from = mv.get(0..2).and_then(Square::parse);
        match (from, from.and_then(|f| pos.piece_at(f)), destination(mv)) {
            (Some(from), Some(p), Some(to)) => {
                let took = pos
                    .piece_at(to)
                    .map(|q| format!(", takes {}", piece_words(q)))
                    .unwrap_or_default();
                format!("moves {} from {from} to {to}{took}", piece_words(p))
            }
            _ => format!("plays {mv}"),
        }
    }

    fn announce(&self, _before: &dyn AnyGame, after: &dyn AnyGame) -> Vec<String> {
        let Some(pos) = position(after) else {
            return Vec::new();
        };
        if after.outcome().is_some() || pos.pending_square().is_some() {
            return Vec::new();
        }
        let c = pos.turn();
        if pos.shogun_threatened(c) {
            vec![format!(
                "Shogun! {c}'s Shogun on {} is threatened.",
                pos.shogun_square(c)
            )]
        } else {
            Vec::new()
        }
    }

    fn move_help(&self) -> &'static str {
        "Shogun moves: FROM TO, e.g. c1c4 (a capture may be written c1xc4). A piece moves exactly the\n\
         number it shows, straight or with one right-angle turn, over empty squares only; the number\n\
         comes from the square it stands on. No move may leave your own Shogun threatened.\n\
         You win when your opponent has only the Shogun and one more piece, or cannot move."
    }
}
