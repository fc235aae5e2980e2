//! Shiamgon in the terminal: disc boards ring by ring with field names,
//! triangle boards row by row, scores, prisoners, pushes and passes.

use kyoku_core::Player;
use kyoku_games::{AnyGame, Table};
use kyoku_shiamgon::{Board, Field, Position, Shape};

use super::{Style, View};

/// Draws Shiamgon positions and announces pushes, passes and prisoners.
pub struct ShiamgonView;

const COLOURS: [&str; 5] = ["red", "blue", "green", "yellow", "magenta"];

fn position(game: &dyn AnyGame) -> Option<&Position> {
    game.as_any()
        .downcast_ref::<Table<Position>>()
        .map(|t| t.record().position())
}

/// A stone of seat `p` (0-based): a circled digit in colour, or the digit.
fn stone(style: &Style, p: usize) -> String {
    let glyph = style.pick(
        ["①", "②", "③", "④", "⑤"][p % 5],
        ["1", "2", "3", "4", "5"][p % 5],
    );
    style.paint(glyph, Style::seat_colour(p))
}

/// The fields of ring `r` of a disc board, in index order.
fn ring_fields(board: &Board, r: usize) -> Vec<Field> {
    (0..)
        .map_while(|i| board.field(&format!("{r}.{i}")))
        .collect()
}

/// One field's mark: a stone, or an empty field; the pushed stone and the
/// placed field of a pending push stand out.
fn mark(pos: &Position, style: &Style, f: Field, empty: &str) -> String {
    let push = pos.pending_push();
    let base = match pos.owner(f) {
        Some(p) => stone(style, p.index()),
        None => style.paint(empty, "2"),
    };
    match push {
        Some((_, q, _)) if q == f && style.fancy => format!("\x1b[7m{base}\x1b[0m"),
        Some((_, _, t)) if t == f && style.fancy => format!("\x1b[7m{base}\x1b[0m"),
        _ => base,
    }
}

fn draw_disc(pos: &Position, style: &Style, s: &mut String) {
    let board = pos.board();
    let bar = style.pick("│", "|");
    let empty = style.pick("·", ".");
    let sep = if style.fancy { "" } else { ":" };
    s.push_str(&format!(
        "  {} — fields RING.INDEX, index counted anticlockwise; each line ends with its starting angle\n",
        board.kind()
    ));
    s.push_str(&format!(
        "  centre  {bar} 0.0{sep}{}\n",
        mark(pos, style, 0, empty)
    ));
    for r in 1..=board.rings() {
        let fields = ring_fields(board, r);
        for (line, chunk) in fields.chunks(15).enumerate() {
            let label = if line == 0 {
                format!("ring {r:>2}")
            } else {
                "       ".to_string()
            };
            let cells: Vec<String> = chunk
                .iter()
                .enumerate()
                .map(|(k, &f)| format!("{:>2}{sep}{}", line * 15 + k, mark(pos, style, f, empty)))
                .collect();
            // Where the line starts on the circle, so rings can be lined up.
            let angle = match chunk.first().map(|&f| board.shape(f)) {
                Some(Shape::Sector { start, .. }) => {
                    style.paint(&format!("{start:>3}{}", style.pick("°", "deg")), "2")
                }
                _ => String::new(),
            };
            s.push_str(&format!("  {label} {bar} {}  {angle}\n", cells.join(" ")));
        }
    }
}

fn draw_triangle(pos: &Position, style: &Style, s: &mut String) {
    let board = pos.board();
    let side = board.side();
    let (up, down) = if style.fancy {
        ("△", "▽")
    } else {
        ("^", "v")
    };
    s.push_str(&format!(
        "  {} — fields ROW.INDEX, row 0 at the apex, index from the left (even: pointing up)\n",
        board.kind()
    ));
    for r in 0..side {
        let mut line = format!("  row {r:>2}  {}", "  ".repeat(side - 1 - r));
        for i in 0..=2 * r {
            let Some(f) = board.field(&format!("{r}.{i}")) else {
                continue;
            };
            let empty = if i % 2 == 0 { up } else { down };
            line.push_str(&mark(pos, style, f, empty));
            line.push(' ');
        }
        line.push_str(&format!(
            "{}  {r}.0–{r}.{}",
            "  ".repeat(side - 1 - r),
            2 * r
        ));
        s.push_str(line.trim_end());
        s.push('\n');
    }
}

impl View for ShiamgonView {
    fn seat_name(&self, seat: usize) -> String {
        format!("player {} ({})", seat + 1, COLOURS[seat % 5])
    }

    fn draw(&self, game: &dyn AnyGame, style: &Style) -> String {
        let Some(pos) = position(game) else {
            return game.position_text();
        };
        let board = pos.board();
        let n = pos.players();
        let mut s = String::new();
        if board.kind().is_triangle() {
            draw_triangle(pos, style, &mut s);
        } else {
            draw_disc(pos, style, &mut s);
        }
        let scores = pos.scores();
        for (p, score) in scores.iter().enumerate() {
            let pl = Player::new(p);
            let held: Vec<String> = (0..n)
                .filter(|&o| pos.prisoners(pl, Player::new(o)) > 0)
                .map(|o| format!("{}×{}", pos.prisoners(pl, Player::new(o)), stone(style, o)))
                .collect();
            let mut line = format!(
                "  {} {:<18} score {:>3}  stones {:>3}  prisoners held: {}",
                stone(style, p),
                self.seat_name(p),
                score,
                pos.stones(pl).count(),
                if held.is_empty() {
                    "none".to_string()
                } else {
                    held.join(" ")
                },
            );
            if board.kind().is_triangle() {
                let names: Vec<&str> = pos.stones(pl).iter().map(|f| board.name(f)).collect();
                line.push_str(&format!("\n      on {}", names.join(" ")));
            }
            s.push_str(&line);
            s.push('\n');
        }
        s.push_str(&format!(
            "  placements {} of {}",
            pos.placements(),
            pos.placement_limit()
        ));
        s
    }

    fn describe(&self, before: &dyn AnyGame, mv: &str) -> String {
        if mv == "pass" {
            return "passes: no legal placement".to_string();
        }
        match position(before).and_then(Position::pending_push) {
            Some((_, q, _)) => {
                format!(
                    "moves the pushed stone from {} to {mv}",
                    before_name(before, q)
                )
            }
            None => format!("places a stone on {mv}"),
        }
    }

    fn announce(&self, before: &dyn AnyGame, after: &dyn AnyGame) -> Vec<String> {
        let (Some(b), Some(a)) = (position(before), position(after)) else {
            return Vec::new();
        };
        let n = a.players();
        let mut v = Vec::new();
        for h in 0..n {
            for o in 0..n {
                let (h_, o_) = (Player::new(h), Player::new(o));
                let gained = a.prisoners(h_, o_).saturating_sub(b.prisoners(h_, o_));
                if gained > 0 {
                    v.push(format!(
                        "{} takes {gained} stone{} of {} prisoner.",
                        self.seat_name(h),
                        if gained == 1 { "" } else { "s" },
                        self.seat_name(o)
                    ));
                }
            }
        }
        v
    }

    fn answer_note(&self, game: &dyn AnyGame) -> Option<String> {
        let pos = position(game)?;
        let (p, q, t) = pos.pending_push()?;
        let board = pos.board();
        Some(format!(
            "Push! {} placed on {}. {}: move your stone on {} — choose one of {}",
            self.seat_name(pos.turn().index()),
            board.name(t),
            self.seat_name(p.index()),
            board.name(q),
            game.legal_moves().join(", ")
        ))
    }

    fn move_help(&self) -> &'static str {
        "Shiamgon moves: type a field's name to place a stone there, e.g. 3.0 — on a disc RING.INDEX\n\
         (ring 1 innermost, 0.0 the centre), on a triangle ROW.INDEX (row 0 at the apex).\n\
         When your stone is pushed, type the field it moves to. Type pass only when you cannot place."
    }
}

fn before_name(game: &dyn AnyGame, f: Field) -> String {
    position(game).map_or_else(|| f.to_string(), |p| p.board().name(f).to_string())
}
