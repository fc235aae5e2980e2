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
        0 => tr!("shogun-rotation-0"),
        r => tr!("shogun-rotation", rotation = r, degrees = 90 * r as u32),
    }
}

/// A side in words (`White`, `Red`).
fn side_name(c: Color) -> String {
    let key = match c {
        Color::White => "white",
        Color::Red => "red",
    };
    tr!("shogun-side", side = key)
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
        tr!("shogun-the-shogun")
    } else {
        tr!("shogun-soldier", letter = p.char().to_string())
    }
}

impl View for ShogunView {
    fn seat_name(&self, seat: usize) -> String {
        match seat {
            0 => tr!("shogun-seat", side = "white"),
            _ => tr!("shogun-seat", side = "red"),
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
            Variant::Magnetic => tr!("shogun-variant-magnetic"),
            Variant::Random => tr!("shogun-variant-random"),
        };
        let rotation = rotation_text(pos.rotation());
        let title = tr!("shogun-title", rotation = rotation, variant = variant);
        let mut s = format!("  {title}\n");
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
        let legend = tr!(
            "shogun-legend",
            white = style.paint(&side_name(Color::White), colour_of(Color::White)),
            red = style.paint(&side_name(Color::Red), colour_of(Color::Red))
        );
        for line in legend.lines() {
            s.push_str(&format!("  {line}\n"));
        }
        let counts: Vec<String> = [Color::White, Color::Red]
            .into_iter()
            .map(|c| {
                let count = pos.pieces(c).count_ones();
                tr!("shogun-pieces", side = side_name(c), count = count)
            })
            .collect();
        let counts = tr!(
            "shogun-counts",
            pieces = counts.join(", "),
            plies = pos.clock(),
            limit = NO_CAPTURE_LIMIT
        );
        s.push_str(&format!("  {counts}"));
        if last_to.is_some() {
            s.push_str(&format!("\n  {}", tr!("shogun-last-move-legend")));
        }
        if game.outcome().is_none() {
            let line = match pos.pending_square() {
                Some(sq) => tr!("shogun-chance-sets", square = sq.to_string()),
                None => tr!("shogun-to-move", side = side_name(pos.turn())),
            };
            s.push_str(&format!("\n  {line}"));
        }
        s
    }

    fn describe(&self, before: &dyn AnyGame, mv: &str) -> String {
        let Some(pos) = position(before) else {
            return tr!("plays", mv = mv);
        };
        if let Some((sq, n)) = mv.split_once('=') {
            return tr!("shogun-sets-number", square = sq, number = n);
        }
        let from = mv.get(0..2).and_then(Square::parse);
        match (from, from.and_then(|f| pos.piece_at(f)), destination(mv)) {
            (Some(from), Some(p), Some(to)) => {
                let mut text = tr!(
                    "shogun-moves",
                    piece = piece_words(p),
                    from = from.to_string(),
                    to = to.to_string()
                );
                if let Some(q) = pos.piece_at(to) {
                    text.push_str(&tr!("shogun-takes", piece = piece_words(q)));
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
        if after.outcome().is_some() || pos.pending_square().is_some() {
            return Vec::new();
        }
        let c = pos.turn();
        if pos.shogun_threatened(c) {
            vec![tr!(
                "shogun-threatened",
                side = side_name(c),
                square = pos.shogun_square(c).to_string()
            )]
        } else {
            Vec::new()
        }
    }

    fn move_help(&self) -> String {
        tr!("shogun-move-help")
    }
}
