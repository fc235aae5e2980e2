//! What `kyoku play` and `kyoku replay` share: how output looks (colour,
//! width, wide characters), what a game looks like in the terminal (a
//! [`View`] per game, one module each), reading records and lines, and the
//! result of a game in words.

mod dobutsu;
mod shiamgon;
mod shogun;

use std::io::{BufRead, IsTerminal};
use std::path::Path;

use anyhow::Context;
use kyoku_games::record::Record;
use kyoku_games::{AnyGame, GameKind};

/// How output looks: colour and Unicode in a terminal, plain ASCII when
/// `NO_COLOR` is set or the output goes elsewhere.
#[derive(Copy, Clone, Debug)]
pub struct Style {
    /// ANSI colours and Unicode drawing characters.
    pub fancy: bool,
    /// Columns a drawing should fit in; `None`: no limit (output that is not
    /// a terminal, so piped transcripts stay the same whatever the width).
    pub width: Option<usize>,
}

impl Style {
    /// The style of this process's standard output.
    pub fn detect() -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            fancy: !no_color && std::io::stdout().is_terminal(),
            width: output_width(),
        }
    }

    /// `text` in SGR attributes `code` (`"1;31"`), or plain.
    pub fn paint(&self, text: &str, code: &str) -> String {
        if self.fancy {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// The Unicode form or the ASCII one.
    pub fn pick<'a>(&self, unicode: &'a str, ascii: &'a str) -> &'a str {
        if self.fancy { unicode } else { ascii }
    }

    /// The colour of seat `p` (0-based), as SGR codes.
    pub fn seat_colour(p: usize) -> &'static str {
        ["1;31", "1;34", "1;32", "1;33", "1;35"][p % 5]
    }
}

/// The columns to draw in: `COLUMNS` when set to a number, else the
/// terminal's width when the output is one, else no limit.
pub fn output_width() -> Option<usize> {
    if let Some(n) = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
    {
        return Some(n);
    }
    if !std::io::stdout().is_terminal() {
        return None;
    }
    console::Term::stdout()
        .size_checked()
        .map(|(_rows, cols)| usize::from(cols))
        .filter(|&n| n > 0)
}

/// How many columns `text` takes on screen: its characters (two for a wide
/// one), less ANSI escape sequences (colours), which take none.
pub fn visible_width(text: &str) -> usize {
    let mut n = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ parameters… final byte in @–~.
            if chars.next() == Some('[') {
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
        } else {
            n += if wide(c) { 2 } else { 1 };
        }
    }
    n
}

/// Whether a terminal gives `c` two columns: the East Asian wide and
/// full-width characters (kana, kanji, hangul, full-width forms), as
/// Japanese messages and names have them.
fn wide(c: char) -> bool {
    matches!(u32::from(c),
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD)
}

/// The widest line of `text`, in columns.
pub fn widest_line(text: &str) -> usize {
    text.lines().map(visible_width).max().unwrap_or(0)
}

/// What a game looks like in the terminal.
pub trait View {
    /// A seat's name: `player 1 (Sente)`.
    fn seat_name(&self, seat: usize) -> String;
    /// A seat's colour (SGR codes), matching its pieces on the board.
    fn seat_colour(&self, seat: usize) -> &'static str {
        Style::seat_colour(seat)
    }
    /// The board and everything around it (hands, scores, prisoners).
    fn draw(&self, game: &dyn AnyGame, style: &Style) -> String;
    /// The move `mv` of whoever acts in `before`, in words (`places on 4.3`).
    fn describe(&self, before: &dyn AnyGame, mv: &str) -> String {
        let _ = before;
        tr!("plays", mv = mv)
    }
    /// What is worth saying after a move: threats, dangers, captures.
    fn announce(&self, before: &dyn AnyGame, after: &dyn AnyGame) -> Vec<String>;
    /// A line for a player answering out of turn (a push), before they act.
    fn answer_note(&self, game: &dyn AnyGame) -> Option<String> {
        let _ = game;
        None
    }
    /// How to type a move.
    fn move_help(&self) -> String;
}

/// The terminal view of each game (one module per game).
pub fn view_of(kind: GameKind) -> Box<dyn View> {
    match kind {
        GameKind::Dobutsu => Box::new(dobutsu::DobutsuView),
        GameKind::Shiamgon => Box::new(shiamgon::ShiamgonView),
        GameKind::Shogun => Box::new(shogun::ShogunView),
    }
}

pub fn read_record(path: &Path) -> anyhow::Result<Record> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    Record::parse(&text).with_context(|| format!("{} is not a game record", path.display()))
}

/// What a human typed.
pub enum Input {
    Line(String),
    End,
}

pub fn read_line() -> Input {
    let mut buf = Vec::new();
    match std::io::stdin().lock().read_until(b'\n', &mut buf) {
        Ok(0) | Err(_) => Input::End,
        Ok(_) => Input::Line(String::from_utf8_lossy(&buf).trim().to_string()),
    }
}

/// `items` after `first`, separated by spaces and broken into lines of at
/// most `width` columns, later lines starting with `cont` (at least one item a
/// line, so nothing is lost however narrow); one line when `width` is `None`.
pub fn flow(first: &str, cont: &str, items: &[String], width: Option<usize>) -> String {
    let mut s = first.to_string();
    let mut line = visible_width(first);
    let mut on_line = 0;
    for it in items {
        let w = visible_width(it);
        if on_line > 0 && width.is_some_and(|max| line + 1 + w > max) {
            s.push('\n');
            s.push_str(cont);
            line = visible_width(cont);
            on_line = 0;
        } else if line > 0 {
            s.push(' ');
            line += 1;
        }
        s.push_str(it);
        line += w;
        on_line += 1;
    }
    s
}

/// `head` and who won, from each seat's score: `…: X wins.`, `…: a draw.`,
/// or the ranking with the scores (`…. Ranking: 1. X 14, 2. …`).
pub fn result_words(head: &str, scores: &[i32], view: &dyn View, style: &Style) -> String {
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

/// A record's text as it may be shown in a terminal: no control
/// characters (a file could carry escape sequences).
pub fn printable(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}
