//! Shiamgon in the terminal: disc boards ring by ring with field names,
//! triangle boards row by row, scores, prisoners, pushes and passes.
//!
//! The normal drawing of the largest boards is about 95 columns wide. When it
//! is wider than the terminal ([`Style::width`]), a narrow layout is drawn
//! instead: fewer fields a line, each with its index (triangle rows too), and
//! the text around the board broken into lines that fit.

use kyoku_core::Player;
use kyoku_games::{AnyGame, Table};
use kyoku_shiamgon::{Board, Field, Position, Shape};

use super::{Style, View, flow, visible_width, widest_line};

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
        Some((_, q, _)) if q == f && style.fancy => reversed(&base),
        Some((_, _, t)) if t == f && style.fancy => reversed(&base),
        _ => base,
    }
}

/// One field of a list line: its index as printed, its mark, and whether
/// the last move went there.
struct Cell {
    index: String,
    mark: String,
    last: bool,
}

/// A line of field cells, `INDEX` `sep` `MARK` each, separated by spaces.
/// The last move's cell stands out without widening the line: in colour
/// its mark is reversed ([`reversed`]); in plain text it is `INDEX[MARK]`,
/// the bracket taking the place of `sep` and of the space after it. Also
/// says whether the line ends with such a bracket (the caller then drops
/// one space after it, if any).
fn cells_line(cells: &[Cell], sep: &str, style: &Style) -> (String, bool) {
    let mut line = String::new();
    let mut bracket = false;
    for (j, c) in cells.iter().enumerate() {
        if j > 0 && !bracket {
            line.push(' ');
        }
        bracket = c.last && !style.fancy;
        if bracket {
            line.push_str(&format!("{}[{}]", c.index, c.mark));
        } else if c.last {
            line.push_str(&format!("{}{sep}{}", c.index, reversed(&c.mark)));
        } else {
            line.push_str(&format!("{}{sep}{}", c.index, c.mark));
        }
    }
    (line, bracket)
}

/// `text` (a mark, maybe coloured) in reverse video.
fn reversed(text: &str) -> String {
    format!("\x1b[7m{text}\x1b[0m")
}

/// The field the last move went to (`None` before any, or after a pass).
fn last_field(game: &dyn AnyGame, pos: &Position) -> Option<Field> {
    game.history().pop().and_then(|mv| pos.board().field(&mv))
}

/// Words of `text` broken into lines of at most `width` columns, each
/// indented by two spaces like the rest of the drawing.
fn flow_text(text: &str, width: Option<usize>) -> String {
    let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let Some((head, rest)) = words.split_first() else {
        return String::new();
    };
    flow(&format!("  {head}"), "  ", rest, width)
}

/// How many of a ring's (or row's) `n` fields go on a line when `fit` fit.
/// A divisor of `n` is preferred, so that every line of a ring holds as many
/// fields and the lines start at evenly spaced angles; else the fields are
/// shared out evenly over as few lines as possible.
fn per_line(n: usize, fit: usize) -> usize {
    let fit = fit.clamp(1, 15);
    if n <= fit {
        return n.max(1);
    }
    (fit / 2 + 1..=fit)
        .rev()
        .find(|&d| n.is_multiple_of(d))
        .unwrap_or_else(|| n.div_ceil(n.div_ceil(fit)))
}

/// What stands before a line of ring (or row) `r`'s fields: `ring 10` on
/// its first line, as many spaces on the others.
fn line_label(word: &str, r: usize, line: usize) -> String {
    let label = format!("{word} {r:>2}");
    if line == 0 {
        label
    } else {
        " ".repeat(super::visible_width(&label))
    }
}

/// How many cells of `cell` columns (plus a space between) fit in `width`
/// after `prefix` and before `suffix` columns.
fn cells_fitting(width: usize, prefix: usize, cell: usize, suffix: usize) -> usize {
    (width + 1).saturating_sub(prefix + suffix) / (cell + 1)
}

/// A disc, ring by ring. `narrow`: the columns to fit in, or `None` for the
/// normal layout (15 fields a line).
fn draw_disc(
    pos: &Position,
    style: &Style,
    narrow: Option<usize>,
    last: Option<Field>,
    s: &mut String,
) {
    let board = pos.board();
    let bar = style.pick("│", "|");
    let empty = style.pick("·", ".");
    let sep = if style.fancy { "" } else { ":" };
    let degrees = style.pick("°", "deg");
    let header = tr!("shiamgon-disc-header", board = board.kind().to_string());
    s.push_str(&flow_text(&header, narrow));
    s.push('\n');
    let (centre, _) = cells_line(
        &[Cell {
            index: "0.0".into(),
            mark: mark(pos, style, 0, empty),
            last: last == Some(0),
        }],
        sep,
        style,
    );
    let centre_label = tr!("shiamgon-centre");
    let pad = " ".repeat(
        line_label(&tr!("shiamgon-ring"), 10, 1)
            .len()
            .saturating_sub(super::visible_width(&centre_label)),
    );
    s.push_str(&format!("  {centre_label}{pad} {bar} {centre}\n"));
    // Columns: "  ring 10 │ " before the cells, " 7:·" each, "  273°" after.
    let prefix = 5 + super::visible_width(&line_label(&tr!("shiamgon-ring"), 10, 0));
    let fit = narrow.map(|w| cells_fitting(w, prefix, 3 + sep.len(), 5 + degrees.chars().count()));
    for r in 1..=board.rings() {
        let fields = ring_fields(board, r);
        let k = fit.map_or(15, |fit| per_line(fields.len(), fit));
        for (line, chunk) in fields.chunks(k).enumerate() {
            let label = line_label(&tr!("shiamgon-ring"), r, line);
            let cells: Vec<Cell> = chunk
                .iter()
                .enumerate()
                .map(|(j, &f)| Cell {
                    index: format!("{:>2}", line * k + j),
                    mark: mark(pos, style, f, empty),
                    last: last == Some(f),
                })
                .collect();
            let (cells, ends_marked) = cells_line(&cells, sep, style);
            let gap = if ends_marked { " " } else { "  " };
            // Where the line starts on the circle, so rings can be lined up.
            let angle = match chunk.first().map(|&f| board.shape(f)) {
                Some(Shape::Sector { start, .. }) => {
                    style.paint(&format!("{start:>3}{degrees}"), "2")
                }
                _ => String::new(),
            };
            s.push_str(&format!("  {label} {bar} {cells}{gap}{angle}\n"));
        }
    }
}

/// A triangle, row by row: drawn as a triangle, or when `narrow` (the
/// columns to fit in) as lists of fields with their indices, like a disc.
fn draw_triangle(
    pos: &Position,
    style: &Style,
    narrow: Option<usize>,
    last: Option<Field>,
    s: &mut String,
) {
    let board = pos.board();
    let side = board.side();
    let (up, down) = if style.fancy {
        ("△", "▽")
    } else {
        ("^", "v")
    };
    let header = tr!("shiamgon-triangle-header", board = board.kind().to_string());
    s.push_str(&flow_text(&header, narrow));
    s.push('\n');
    let mut rows = String::new();
    for r in 0..side {
        let row = tr!("shiamgon-row");
        let mut line = format!("  {row} {r:>2}  {}", "  ".repeat(side - 1 - r));
        for i in 0..=2 * r {
            let Some(f) = board.field(&format!("{r}.{i}")) else {
                continue;
            };
            let empty = if i % 2 == 0 { up } else { down };
            if last == Some(f) && style.fancy {
                line.push_str(&reversed(&mark(pos, style, f, empty)));
                line.push(' ');
            } else if last == Some(f) {
                // Brackets in the spaces around the mark: the same width.
                line.pop();
                line.push('[');
                line.push_str(&mark(pos, style, f, empty));
                line.push(']');
            } else {
                line.push_str(&mark(pos, style, f, empty));
                line.push(' ');
            }
        }
        line.push_str(&format!(
            "{}  {r}.0–{r}.{}",
            "  ".repeat(side - 1 - r),
            2 * r
        ));
        rows.push_str(line.trim_end());
        rows.push('\n');
    }
    // The triangle is kept whenever it fits, even if the text around it does not.
    let Some(width) = narrow.filter(|&w| widest_line(&rows) > w) else {
        s.push_str(&rows);
        return;
    };
    let bar = style.pick("│", "|");
    let sep = if style.fancy { "" } else { ":" };
    // Columns: "  row 15 │ " before the cells, "12:^" each, and one for
    // the plain bracket of the last move's cell should it end a line.
    let prefix = 5 + super::visible_width(&line_label(&tr!("shiamgon-row"), 15, 0));
    let fit = cells_fitting(width, prefix, 3 + sep.len(), 1);
    for r in 0..side {
        let fields: Vec<(usize, Field)> = (0..=2 * r)
            .filter_map(|i| board.field(&format!("{r}.{i}")).map(|f| (i, f)))
            .collect();
        let k = per_line(fields.len(), fit);
        for (line, chunk) in fields.chunks(k).enumerate() {
            let label = line_label(&tr!("shiamgon-row"), r, line);
            let cells: Vec<Cell> = chunk
                .iter()
                .map(|&(i, f)| Cell {
                    index: format!("{i:>2}"),
                    mark: mark(pos, style, f, if i % 2 == 0 { up } else { down }),
                    last: last == Some(f),
                })
                .collect();
            let (cells, _) = cells_line(&cells, sep, style);
            s.push_str(&format!("  {label} {bar} {cells}\n"));
        }
    }
}

impl ShiamgonView {
    /// The board, scores and prisoners: the normal layout (`narrow` is
    /// `None`) or the one that fits in `narrow` columns.
    /// `last` is the field the last move went to, drawn in brackets.
    fn draw_position(
        &self,
        pos: &Position,
        style: &Style,
        narrow: Option<usize>,
        last: Option<Field>,
    ) -> String {
        let board = pos.board();
        let n = pos.players();
        let mut s = String::new();
        if board.kind().is_triangle() {
            draw_triangle(pos, style, narrow, last, &mut s);
        } else {
            draw_disc(pos, style, narrow, last, &mut s);
        }
        let scores = pos.scores();
        for (p, score) in scores.iter().enumerate() {
            let pl = Player::new(p);
            let held: Vec<String> = (0..n)
                .filter(|&o| pos.prisoners(pl, Player::new(o)) > 0)
                .map(|o| format!("{}×{}", pos.prisoners(pl, Player::new(o)), stone(style, o)))
                .collect();
            let held_text = if held.is_empty() {
                tr!("shiamgon-none")
            } else {
                held.join(" ")
            };
            let name = self.seat_name(p);
            let pad = " ".repeat(18usize.saturating_sub(super::visible_width(&name)));
            let head = format!(
                "  {} {name}{pad} {}  {}",
                stone(style, p),
                tr!("shiamgon-score", score = format!("{score:>3}")),
                tr!(
                    "shiamgon-stones",
                    stones = format!("{:>3}", pos.stones(pl).count())
                ),
            );
            let prisoners = tr!("shiamgon-prisoners-held");
            let line = format!("{head}  {prisoners} {held_text}");
            match narrow {
                // Too wide: the prisoners on a line of their own, broken as needed.
                Some(w) if visible_width(&line) > w => {
                    let held = if held.is_empty() {
                        vec![tr!("shiamgon-none")]
                    } else {
                        held
                    };
                    s.push_str(&head);
                    s.push('\n');
                    s.push_str(&flow(
                        &format!("      {prisoners}"),
                        "        ",
                        &held,
                        narrow,
                    ));
                }
                _ => s.push_str(&line),
            }
            s.push('\n');
            if board.kind().is_triangle() {
                let names: Vec<String> = pos
                    .stones(pl)
                    .iter()
                    .map(|f| board.name(f).to_string())
                    .collect();
                let on = format!("      {}", tr!("shiamgon-stones-on"));
                if names.is_empty() {
                    s.push_str(&format!("{on} "));
                } else {
                    let cont = " ".repeat(super::visible_width(&on) + 3);
                    s.push_str(&flow(&on, &cont, &names, narrow));
                }
                s.push('\n');
            }
        }
        let mut end = tr!(
            "shiamgon-placements",
            done = pos.placements(),
            limit = pos.placement_limit()
        );
        if let Some(f) = last {
            let field = board.name(f).to_string();
            end.push_str(&if style.fancy {
                tr!("shiamgon-last-move-reversed", field = field)
            } else {
                tr!("shiamgon-last-move-brackets", field = field)
            });
        }
        match narrow {
            Some(_) => s.push_str(&flow_text(&end, narrow)),
            None => s.push_str(&format!("  {end}")),
        }
        s
    }
}

impl View for ShiamgonView {
    fn seat_name(&self, seat: usize) -> String {
        tr!(
            "shiamgon-seat",
            player = seat + 1,
            colour = COLOURS[seat % 5]
        )
    }

    fn draw(&self, game: &dyn AnyGame, style: &Style) -> String {
        let Some(pos) = position(game) else {
            return game.position_text();
        };
        let last = last_field(game, pos);
        let normal = self.draw_position(pos, style, None, last);
        match style.width {
            Some(w) if widest_line(&normal) > w => self.draw_position(pos, style, Some(w), last),
            _ => normal,
        }
    }

    fn describe(&self, before: &dyn AnyGame, mv: &str) -> String {
        if mv == "pass" {
            return tr!("shiamgon-passes");
        }
        match position(before).and_then(Position::pending_push) {
            Some((_, q, _)) => {
                tr!(
                    "shiamgon-moves-pushed",
                    from = before_name(before, q),
                    mv = mv
                )
            }
            None => tr!("shiamgon-places", mv = mv),
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
                    v.push(tr!(
                        "shiamgon-takes-prisoners",
                        who = self.seat_name(h),
                        count = gained,
                        owner = self.seat_name(o)
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
        Some(tr!(
            "shiamgon-push",
            pusher = self.seat_name(pos.turn().index()),
            placed = board.name(t).to_string(),
            pushed = self.seat_name(p.index()),
            field = board.name(q).to_string(),
            choices = game.legal_moves().join(", ")
        ))
    }

    fn move_help(&self) -> String {
        tr!("shiamgon-move-help")
    }
}

fn before_name(game: &dyn AnyGame, f: Field) -> String {
    position(game).map_or_else(|| f.to_string(), |p| p.board().name(f).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn game(board: &str, players: usize) -> Box<dyn AnyGame> {
        kyoku_games::new_game("shiamgon", &json!({"board": board, "players": players}))
            .expect("a Shiamgon game")
    }

    /// Every field index printed on the board's lines, per ring or row, read
    /// back from a plain drawing (`12:.` cells after the bar).
    fn indices(drawing: &str, word: &str) -> Vec<(usize, usize)> {
        let mut found = Vec::new();
        let mut current = None;
        for line in drawing.lines() {
            let Some((left, cells)) = line.split_once(" | ") else {
                continue;
            };
            let left = left.trim();
            if let Some(n) = left.strip_prefix(word) {
                current = n.trim().parse::<usize>().ok();
            } else if !left.is_empty() {
                current = None;
                continue;
            }
            let Some(r) = current else { continue };
            for cell in cells.split_whitespace() {
                if let Some((i, _)) = cell.split_once(':')
                    && let Ok(i) = i.parse::<usize>()
                {
                    found.push((r, i));
                }
            }
        }
        found
    }

    #[test]
    fn narrow_layout_fits_and_keeps_every_field() {
        for (board, word) in [
            ("disc5", "ring"),
            ("disc10", "ring"),
            ("tri8", "row"),
            ("tri16", "row"),
        ] {
            let counts = kyoku_shiamgon::BoardKind::parse(board)
                .expect("a board")
                .player_counts();
            for players in counts {
                let g = game(board, players);
                let pos = position(g.as_ref()).expect("a position");
                let b = pos.board();
                for width in 50..=130 {
                    for fancy in [false, true] {
                        let style = Style {
                            fancy,
                            width: Some(width),
                        };
                        let text = ShiamgonView.draw(g.as_ref(), &style);
                        assert!(
                            widest_line(&text) <= width,
                            "{board} {players} players, {width} columns, fancy {fancy}:\n{text}"
                        );
                        if fancy {
                            continue;
                        }
                        let mut names: Vec<String> = indices(&text, word)
                            .into_iter()
                            .map(|(r, i)| format!("{r}.{i}"))
                            .collect();
                        if text.contains("0.0:") && word == "ring" {
                            names.push("0.0".into());
                        }
                        // The normal triangle draws a triangle, not indices.
                        if word == "row" && !text.contains("row  0 | ") {
                            continue;
                        }
                        names.sort();
                        let mut all: Vec<String> =
                            (0..b.len()).map(|f| b.name(f).to_string()).collect();
                        all.sort();
                        assert_eq!(names, all, "{board} at {width} columns:\n{text}");
                        for p in 1..=players {
                            assert!(text.contains(&format!("player {p} (")), "{text}");
                        }
                        assert!(text.contains("prisoners held: none"), "{text}");
                        assert!(text.contains("placements 0 of "), "{text}");
                    }
                }
            }
        }
    }

    #[test]
    fn without_a_width_or_when_it_fits_the_drawing_is_the_normal_one() {
        let g = game("disc10", 5);
        let plain = |width| {
            ShiamgonView.draw(
                g.as_ref(),
                &Style {
                    fancy: false,
                    width,
                },
            )
        };
        let normal = plain(None);
        assert_eq!(widest_line(&normal), 97);
        assert_eq!(plain(Some(97)), normal);
        assert_ne!(plain(Some(96)), normal);
        assert!(normal.contains("ring  9 |  0:.  1:.  2:1  3:.  4:.  5:1  6:."));
    }

    #[test]
    fn narrow_layout_fits_through_whole_games_with_prisoners() {
        let random = kyoku_core::SeatSpec::parse("random").expect("random");
        for (board, players) in [("disc10", 5), ("disc5", 4), ("tri16", 3)] {
            let mut g = game(board, players);
            let mut program = g.player(&random, 7).expect("a program");
            let mut held_any = false;
            while g.outcome().is_none() {
                for (width, fancy) in [(50, true), (60, false)] {
                    let text = ShiamgonView.draw(
                        g.as_ref(),
                        &Style {
                            fancy,
                            width: Some(width),
                        },
                    );
                    assert!(widest_line(&text) <= width, "{board}, {width}:\n{text}");
                    held_any |= !fancy && text.contains("held:") && text.contains('×');
                }
                let mv = program.choose(g.as_ref()).expect("a move");
                g.play(&mv).expect("a legal move");
            }
            assert!(held_any, "{board}: no prisoners were ever drawn");
        }
    }

    #[test]
    fn a_triangle_that_fits_stays_a_triangle_when_only_the_text_is_too_wide() {
        let g = game("tri8", 3);
        let text = ShiamgonView.draw(
            g.as_ref(),
            &Style {
                fancy: false,
                width: Some(60),
            },
        );
        assert!(widest_line(&text) <= 60, "{text}");
        assert!(text.contains("  row  7  2 v 2 v 2 v ^ v ^ v 3 v 3 v 3   7.0–7.14"));
        assert!(
            text.contains("  tri8 — fields ROW.INDEX, row 0 at the apex, index from the\n  left (even: pointing up)")
        );
        let text = ShiamgonView.draw(
            game("tri16", 3).as_ref(),
            &Style {
                fancy: false,
                width: Some(60),
            },
        );
        assert!(text.contains("  row 15 |  0:2  1:v  2:2"), "{text}");
    }

    #[test]
    fn the_last_move_is_marked_without_widening_a_line() {
        let random = kyoku_core::SeatSpec::parse("random").expect("random");
        for (board, players) in [("disc10", 5), ("disc5", 3), ("tri16", 3), ("tri8", 3)] {
            let mut g = game(board, players);
            let mut program = g.player(&random, 11).expect("a program");
            let mut plies = 0;
            while g.outcome().is_none() && plies < 120 {
                let mv = program.choose(g.as_ref()).expect("a move");
                g.play(&mv).expect("a legal move");
                plies += 1;
                let pos = position(g.as_ref()).expect("a position");
                let Some(last) = last_field(g.as_ref(), pos) else {
                    continue;
                };
                for (fancy, narrow) in [
                    (false, None),
                    (true, None),
                    (false, Some(60)),
                    (true, Some(50)),
                ] {
                    let style = Style {
                        fancy,
                        width: narrow,
                    };
                    let plain = ShiamgonView.draw_position(pos, &style, narrow, None);
                    let marked = ShiamgonView.draw_position(pos, &style, narrow, Some(last));
                    // Every line keeps its width, but the closing legend
                    // (from `placements` on), and a line that ends with the
                    // bracket (nothing after it to take its place) is one
                    // wider: the centre's, or a narrow triangle's row.
                    let board_lines = |d: &str| -> Vec<(usize, bool)> {
                        d.lines()
                            .take_while(|l| !l.starts_with("  placements"))
                            .map(|l| (visible_width(l), l.ends_with(']')))
                            .collect()
                    };
                    let (a, b) = (board_lines(&plain), board_lines(&marked));
                    assert_eq!(a.len(), b.len(), "{board}:\n{marked}");
                    for (&(x, _), &(y, bracket)) in a.iter().zip(&b) {
                        assert!(
                            y == x || bracket && y == x + 1,
                            "{board}, {fancy}, {narrow:?}:\n{plain}\n{marked}"
                        );
                    }
                    if let Some(w) = narrow {
                        assert!(widest_line(&marked) <= w, "{marked}");
                    }
                    if !fancy {
                        assert_eq!(marked.matches('[').count(), 2, "{board}:\n{marked}");
                    }
                }
            }
        }
    }

    #[test]
    fn lines_are_shared_out_evenly() {
        assert_eq!(per_line(60, 8), 6);
        assert_eq!(per_line(15, 8), 5);
        assert_eq!(per_line(6, 8), 6);
        assert_eq!(per_line(31, 10), 8);
        assert_eq!(per_line(7, 0), 1);
        assert_eq!(per_line(0, 5), 1);
    }
}
