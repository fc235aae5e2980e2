//! `kyoku judge dobutsu --walk FILE`: the solved table walks the games of a
//! `kyoku match --record` file and marks every move that drops the value —
//! a win given away, a draw lost, or (lost already) the resistance cut by
//! many plies — with what refuted it and, for the programs of kyoku, what
//! a search of the same budget believed there.
//!
//! A program's own search in the game knew more than a fresh one (its
//! transposition table from the moves before), so the search columns are
//! what the budget finds from the position and the game's history, not a
//! replay of the game's thinking; `same` says whether it chose the game's
//! move again. The opening's moves (the record's `opening`) are nobody's
//! choice and are not judged.

use std::io::Write;
use std::time::Duration;

use anyhow::Context;
use kyoku_ai::agent::Level;
use kyoku_ai::alphabeta::{Features, Limits, Searcher, score_text};
use kyoku_ai::dobutsu::DobutsuEval;
use kyoku_core::{GameRecord, Position as _};
use kyoku_dobutsu::solve::{self, Tablebase, Value};
use kyoku_dobutsu::{Color, Kind, Move, Position};
use serde_json::Value as Json;

/// In a lost position, a move that loses at least this many plies sooner
/// than the longest resistance is a mistake.
pub const SHORTENED_BY: u32 = 10;
/// How far the refutation's line is followed to look for a Lion's try.
const LINE_PLIES: usize = 8;

/// One game of a record file, as `kyoku match --record` writes it.
pub(crate) struct RecordedGame {
    /// The game's number in the record.
    pub(crate) number: u64,
    seats: Vec<String>,
    /// Where the game started.
    pub(crate) start: Position,
    /// Its moves, as the record writes them.
    pub(crate) moves: Vec<String>,
    /// How many of the moves were the opening's (nobody's choice).
    opening: usize,
    result: Vec<f64>,
    reason: String,
}

/// A move that dropped the value, with what the table and a search say.
pub struct Mistake {
    /// The game's number in the record.
    pub game: u64,
    /// Plies before the move (0 = the game's first).
    pub ply: usize,
    /// The mover's program spec.
    pub spec: String,
    /// Whether the mover is one of kyoku's programs.
    pub ours: bool,
    /// The position before the move.
    pub pos: Position,
    /// The position's value, the move, what it got, the table's best.
    pub value: Value,
    /// The move played.
    pub played: Move,
    /// Its value for the mover.
    pub got: Value,
    /// The table's best move there.
    pub best: Move,
    /// How the value dropped: `win→draw`, `win→loss`, `draw→loss`, `shorter`.
    pub drop: &'static str,
    /// The position after the move had occurred before in the game (a
    /// search scores it 0).
    pub repeats: bool,
    /// The opponent's best answer (the table's), and what it is: `drop`,
    /// `capture`, `lion`, `quiet`, or `draw` when the move only gave a win away.
    pub answer: Option<(Move, &'static str)>,
    /// A Lion reaches the far rank within the table's line after the move.
    pub try_in_line: bool,
    /// The search at the budget: its move, depth, score; `None` if not ours.
    pub search: Option<(Option<Move>, u32, i32)>,
}

/// Each program's results by what the table says of its side where the
/// opening ends: how often a program turns a won start into a win, and how
/// often it holds a lost or drawn one — where a match between two programs
/// of similar strength is decided.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Conversions(std::collections::BTreeMap<String, [[u32; 3]; 3]>);

/// The start categories of [`Conversions`], in their order.
const STARTS: [&str; 3] = ["won", "drawn", "lost"];

impl Conversions {
    /// Counts a game: the program `spec` started in category `start` (an
    /// index of [`STARTS`], see [`start_index`]) and scored `result` (1
    /// won, ½ drawn, 0 lost).
    fn add(&mut self, spec: &str, start: usize, result: f64) {
        let got = if result >= 1.0 {
            0
        } else if result <= 0.0 {
            2
        } else {
            1
        };
        self.0.entry(spec.to_string()).or_default()[start][got] += 1;
    }

    /// One line a program: wins–draws–losses and score from each start.
    fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(
            out,
            "results by the table's value for each side where the opening ends (wins-draws-losses, score):"
        )?;
        for (spec, rows) in &self.0 {
            let cells: Vec<String> = rows
                .iter()
                .zip(STARTS)
                .map(|([w, d, l], start)| {
                    let n = w + d + l;
                    let score = if n == 0 {
                        "-".to_string()
                    } else {
                        format!(
                            "{:.0} %",
                            100.0 * (f64::from(*w) + f64::from(*d) / 2.0) / f64::from(n)
                        )
                    };
                    format!("started {start} {w}-{d}-{l} {score}")
                })
                .collect();
            writeln!(out, "  {spec:<12} {}", cells.join(", "))?;
        }
        Ok(())
    }
}

/// Reads a record file's Dōbutsu games.
pub(crate) fn read_games(path: &std::path::Path) -> anyhow::Result<Vec<RecordedGame>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading the games of {}", path.display()))?;
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = || format!("{} line {}", path.display(), i + 1);
        let j: Json = serde_json::from_str(line).with_context(at)?;
        let strings = |key: &str| -> anyhow::Result<Vec<String>> {
            j[key]
                .as_array()
                .with_context(|| format!("{}: no {key:?} list", at()))?
                .iter()
                .map(|v| {
                    v.as_str()
                        .map(str::to_string)
                        .with_context(|| format!("{}: {key:?} holds a non-text", at()))
                })
                .collect()
        };
        let start = j["start"]
            .as_str()
            .with_context(|| format!("{}: no start position", at()))?;
        let start = Position::from_text(start).map_err(|e| anyhow::anyhow!("{}: {e}", at()))?;
        games.push(RecordedGame {
            number: j["game"].as_u64().unwrap_or(i as u64 + 1),
            seats: strings("seats")?,
            start,
            moves: strings("moves")?,
            opening: j["opening"].as_array().map_or(0, Vec::len),
            result: j["result"]
                .as_array()
                .map(|r| r.iter().filter_map(Json::as_f64).collect())
                .unwrap_or_default(),
            reason: j["reason"].as_str().unwrap_or("").to_string(),
        });
    }
    anyhow::ensure!(!games.is_empty(), "{}: no games", path.display());
    Ok(games)
}

/// Whether a spec names one of kyoku's own programs.
fn is_ours(spec: &str) -> bool {
    spec.starts_with("ai:") || spec.starts_with("uci:self")
}

/// How `got` falls short of `value`, if it is a mistake.
fn dropped(value: Value, got: Value) -> Option<&'static str> {
    match (value, got) {
        (Value::Win(_), Value::Draw) => Some("win→draw"),
        (Value::Win(_), Value::Loss(_)) => Some("win→loss"),
        (Value::Draw, Value::Loss(_)) => Some("draw→loss"),
        (Value::Loss(best), Value::Loss(g)) if g + SHORTENED_BY <= best => Some("shorter"),
        _ => None,
    }
}

/// What kind of move `mv` is in `pos`.
fn kind_of(pos: &Position, mv: Move) -> &'static str {
    match mv {
        Move::Drop { .. } => "drop",
        Move::Step { from, to, .. } => {
            if pos.piece_at(to).is_some() {
                "capture"
            } else if pos.piece_at(from).is_some_and(|p| p.kind == Kind::Lion) {
                "lion"
            } else {
                "quiet"
            }
        }
    }
}

/// Whether some Lion stands on its far rank (a try made).
fn lion_on_far_rank(pos: &Position) -> bool {
    Color::ALL.iter().any(|&c| {
        let far = if c == Color::Sente { 3 } else { 0 };
        pos.lion(c).is_some_and(|sq| sq.rank() == far)
    })
}

/// The table's line from `pos` (best moves both sides): whether a Lion
/// reaches its far rank within `LINE_PLIES` plies.
fn try_in_line(tb: &Tablebase, pos: &Position) -> bool {
    let mut p = *pos;
    for _ in 0..LINE_PLIES {
        let Some(&(mv, _)) = solve::analyze(tb, &p).first() else {
            return false;
        };
        p.play_unchecked(mv);
        if lion_on_far_rank(&p) {
            return true;
        }
    }
    false
}

/// A fresh search of `level` (time `ms` only, as over UCI with a move
/// time) from `record`'s position with its history: move, depth, score.
fn search(
    (level, features): &(Level, Features),
    ms: u64,
    record: &GameRecord<Position>,
) -> (Option<Move>, u32, i32) {
    let mut s = Searcher::new(DobutsuEval, level.tt_bits);
    s.set_noise(level.noise, 1);
    s.set_features(*features);
    let limits = Limits {
        depth: None,
        nodes: None,
        time: Some(Duration::from_millis(ms)),
    };
    let r = s.search(record, &limits);
    (r.best, r.depth, r.score)
}

/// What a walk found: the games, the mistakes of both sides in game
/// order, a line a game, and the results by start.
pub struct Walk {
    /// How many games.
    pub games: usize,
    /// Every move that dropped the value.
    pub mistakes: Vec<Mistake>,
    /// A line a game: programs, result, why it ended, length.
    pub summaries: Vec<String>,
    /// The results by the table's value where the opening ended.
    pub conversions: Conversions,
}

/// Counts the game's result for each seat by its side's value at `pos`,
/// the position where the opening ended.
fn count_start(tb: &Tablebase, g: &RecordedGame, pos: &Position, into: &mut Conversions) {
    let Some(value) = tb.value(pos) else { return };
    let mover = pos.turn().index();
    for (seat, spec) in g.seats.iter().enumerate() {
        let Some(&result) = g.result.get(seat) else {
            continue;
        };
        into.add(spec, start_index(value, seat == mover), result);
    }
}

/// The index in [`STARTS`] of a start the table values `value` for the side
/// to move, seen from the mover's side or (`is_mover` false) the other's:
/// what one side wins the other loses.
fn start_index(value: Value, is_mover: bool) -> usize {
    let i = match value {
        Value::Win(_) => 0,
        Value::Draw => 1,
        Value::Loss(_) => 2,
    };
    if is_mover { i } else { 2 - i }
}

/// Walks every game of `path`.
pub fn walk(
    tb: &Tablebase,
    path: &std::path::Path,
    player: &(Level, Features),
    ms: u64,
) -> anyhow::Result<Walk> {
    let games = read_games(path)?;
    let mut mistakes = Vec::new();
    let mut summaries = Vec::new();
    let mut conversions = Conversions::default();
    for g in &games {
        let mut record = GameRecord::new(g.start);
        let mut seen = vec![g.start.hash()];
        for (ply, text) in g.moves.iter().enumerate() {
            let pos = *record.position();
            let mover = pos.turn().index();
            if ply == g.opening {
                count_start(tb, g, &pos, &mut conversions);
            }
            let mv = pos
                .parse_move(text)
                .map_err(|e| anyhow::anyhow!("game {} move {}: {e}", g.number, ply + 1))?;
            if ply >= g.opening
                && let Some(value) = tb.value(&pos)
            {
                let moves = solve::analyze(tb, &pos);
                let got = moves.iter().find(|(m, _)| *m == mv).map(|&(_, v)| v);
                if let (Some(got), Some(&(best, _))) = (got, moves.first())
                    && let Some(drop) = dropped(value, got)
                {
                    let mut after = pos;
                    after.play_unchecked(mv);
                    let spec = g.seats.get(mover).cloned().unwrap_or_default();
                    let ours = is_ours(&spec);
                    let answer = match got {
                        Value::Draw => Some((best, "draw")),
                        _ => solve::analyze(tb, &after)
                            .first()
                            .map(|&(m, _)| (m, kind_of(&after, m))),
                    };
                    mistakes.push(Mistake {
                        game: g.number,
                        ply,
                        spec,
                        ours,
                        pos,
                        value,
                        played: mv,
                        got,
                        best,
                        drop,
                        repeats: seen.contains(&after.hash()),
                        answer,
                        try_in_line: try_in_line(tb, &after),
                        search: ours.then(|| search(player, ms, &record)),
                    });
                }
            }
            record
                .play(mv)
                .map_err(|e| anyhow::anyhow!("game {} move {}: {e}", g.number, ply + 1))?;
            seen.push(record.position().hash());
        }
        summaries.push(format!(
            "game {}: {} — result {:?} ({}), {} plies",
            g.number,
            g.seats.join(" vs "),
            g.result,
            g.reason,
            g.moves.len()
        ));
    }
    Ok(Walk {
        games: games.len(),
        mistakes,
        summaries,
        conversions,
    })
}

/// Prints the mistakes, one a line, then the counts by kind; writes ours
/// to `out_file` (the judge's `--from` form) if given.
pub fn report(
    out: &mut impl Write,
    walked: &Walk,
    out_file: Option<&std::path::Path>,
) -> anyhow::Result<()> {
    let Walk {
        games,
        mistakes,
        summaries,
        conversions,
    } = walked;
    writeln!(out, "{games} games")?;
    for s in summaries {
        writeln!(out, "  {s}")?;
    }
    writeln!(
        out,
        "game ply mover        drop        value      played  got        best   answer         try rep  search (move depth score)  position"
    )?;
    for m in mistakes {
        let answer = m
            .answer
            .map(|(mv, k)| format!("{mv} {k}"))
            .unwrap_or_default();
        let search = match m.search {
            Some((mv, d, s)) => format!(
                "{} d{d} {} {}",
                mv.map(|m| m.to_string()).unwrap_or_default(),
                score_text(s),
                if mv == Some(m.played) {
                    "same"
                } else {
                    "other"
                }
            ),
            None => String::new(),
        };
        writeln!(
            out,
            "{:>4} {:>3} {:<12} {:<11} {:<10} {:<7} {:<10} {:<6} {:<14} {:<3} {:<4} {:<26} {}",
            m.game,
            m.ply,
            m.spec,
            m.drop,
            m.value.to_string(),
            m.played.to_string(),
            m.got.to_string(),
            m.best.to_string(),
            answer,
            if m.try_in_line { "yes" } else { "" },
            if m.repeats { "yes" } else { "" },
            search,
            m.pos.to_text(),
        )?;
    }
    for ours in [true, false] {
        let side: Vec<&Mistake> = mistakes.iter().filter(|m| m.ours == ours).collect();
        writeln!(
            out,
            "{} mistakes: {}",
            if ours { "kyoku's" } else { "the other side's" },
            side.len()
        )?;
        let mut counts = std::collections::BTreeMap::<String, usize>::new();
        for m in &side {
            *counts.entry(format!("drop {}", m.drop)).or_default() += 1;
            let answer = m.answer.map_or("none", |(_, k)| k);
            *counts.entry(format!("answer {answer}")).or_default() += 1;
            if m.try_in_line {
                *counts.entry("Lion try within 8 plies".into()).or_default() += 1;
            }
            if m.repeats {
                *counts.entry("repeats a position".into()).or_default() += 1;
            }
            if let Value::Loss(d) = m.got {
                let bin = match d {
                    0..=6 => "loss within 6 plies",
                    7..=14 => "loss in 7-14 plies",
                    _ => "loss in 15+ plies",
                };
                *counts.entry(bin.into()).or_default() += 1;
            }
        }
        for (k, n) in counts {
            writeln!(out, "  {k}: {n}")?;
        }
    }
    conversions.write(out)?;
    if let Some(path) = out_file {
        write_positions(path, mistakes)?;
    }
    Ok(())
}

/// Writes kyoku's erring positions to `path` in the judge's `--from` form,
/// each position once.
fn write_positions(path: &std::path::Path, mistakes: &[Mistake]) -> anyhow::Result<()> {
    let mut text = String::from(
        "# Dōbutsu positions where kyoku's program dropped the value in recorded\n\
         # games (kyoku judge dobutsu --walk): the position, its value for the side\n\
         # to move, then the game, the ply, the move played and the table's best.\n",
    );
    let mut written = std::collections::HashSet::new();
    for m in mistakes.iter().filter(|m| m.ours) {
        if written.insert(m.pos.hash()) {
            text.push_str(&format!(
                "{}\t{}\t# game {} ply {}: played {} ({}), best {}\n",
                m.pos.to_text(),
                m.value,
                m.game,
                m.ply,
                m.played,
                m.got,
                m.best
            ));
        }
    }
    std::fs::write(path, text)
        .with_context(|| format!("cannot write the positions to {}", path.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_are_told_by_the_values() {
        assert_eq!(dropped(Value::Win(9), Value::Draw), Some("win→draw"));
        assert_eq!(dropped(Value::Win(9), Value::Loss(4)), Some("win→loss"));
        assert_eq!(dropped(Value::Draw, Value::Loss(40)), Some("draw→loss"));
        assert_eq!(dropped(Value::Loss(30), Value::Loss(20)), Some("shorter"));
        assert_eq!(dropped(Value::Loss(30), Value::Loss(22)), None);
        assert_eq!(dropped(Value::Win(9), Value::Win(21)), None);
        assert_eq!(dropped(Value::Draw, Value::Draw), None);
    }

    #[test]
    fn results_are_counted_by_each_sides_start() {
        // The mover's won start is the other seat's lost one, and a draw
        // is a draw for both.
        assert_eq!(start_index(Value::Win(41), true), 0);
        assert_eq!(start_index(Value::Win(41), false), 2);
        assert_eq!(start_index(Value::Loss(40), true), 2);
        assert_eq!(start_index(Value::Loss(40), false), 0);
        assert_eq!(start_index(Value::Draw, true), 1);
        assert_eq!(start_index(Value::Draw, false), 1);
        let mut c = Conversions::default();
        c.add("ai:5", start_index(Value::Win(41), true), 1.0);
        c.add("ai:5", start_index(Value::Loss(41), false), 0.5);
        c.add("uci:fsf", start_index(Value::Win(40), false), 0.5);
        c.add("uci:fsf", start_index(Value::Draw, false), 0.0);
        assert_eq!(c.0["ai:5"], [[1, 1, 0], [0, 0, 0], [0, 0, 0]]);
        assert_eq!(c.0["uci:fsf"], [[0, 0, 0], [0, 0, 1], [0, 1, 0]]);
        let mut text = Vec::new();
        c.write(&mut text).expect("written");
        let text = String::from_utf8(text).expect("text");
        assert!(
            text.contains("ai:5         started won 1-1-0 75 %, started drawn 0-0-0 -"),
            "{text}"
        );
        assert!(text.contains("started lost 0-1-0 50 %"), "{text}");
    }

    #[test]
    fn kinds_of_moves() {
        let pos = Position::startpos();
        let step = pos.parse_move("b2b3").expect("legal");
        assert_eq!(kind_of(&pos, step), "capture");
        let lion = pos.parse_move("b1a2").expect("legal");
        assert_eq!(kind_of(&pos, lion), "lion");
        assert!(!lion_on_far_rank(&pos));
    }

    #[test]
    fn a_record_line_reads_and_a_bad_one_is_an_error() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("games.jsonl");
        let line = r#"{"game":3,"seats":["uci:self:5","uci:fsf"],"start":"gle/1c1/1C1/ELG[] w - - 0 1","moves":["b2b3","a4b3"],"result":[0.5,0.5],"reason":"repetition"}"#;
        std::fs::write(&path, format!("{line}\n\n")).expect("written");
        let games = read_games(&path).expect("reads");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].number, 3);
        assert_eq!(games[0].moves, ["b2b3", "a4b3"]);
        assert!(is_ours(&games[0].seats[0]) && !is_ours(&games[0].seats[1]));
        std::fs::write(&path, "{\"game\":1}\n").expect("written");
        let err = read_games(&path).err().expect("an error");
        assert!(err.to_string().contains("line 1"), "{err}");
        std::fs::write(&path, "not json\n").expect("written");
        assert!(read_games(&path).is_err());
    }

    proptest::proptest! {
        /// Whatever the file holds, reading it gives games or an error.
        #[test]
        fn reading_any_file_never_panics(
            text in "(\\{\"game\":[0-9],\"seats\":\\[\"ai:5\"\\],\"start\":\"[a-zA-Z0-9/\\[\\] -]{0,30}\",\"moves\":\\[\"[a-c][1-4][a-c][1-4]\"\\]\\}|[^\n]{0,40})\n?"
        ) {
            let dir = tempfile::tempdir().expect("a temporary directory");
            let path = dir.path().join("games.jsonl");
            std::fs::write(&path, &text).expect("written");
            let _ = read_games(&path);
        }
    }
}
