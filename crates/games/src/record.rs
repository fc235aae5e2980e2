//! The game-record text: what `kyoku play` writes with `save` and at the end
//! of a game, and reads back with `--load` and `kyoku replay`.
//!
//! ```text
//! # kyoku game record
//! game dobutsu
//! options {}
//! players human,random
//! moves b2b3 c3c2 a1b2 C@c3
//! moves b3b4+
//! result 1 0 lion captured
//! ```
//!
//! A game played on a clock, with names, adds (see `docs/records.md`):
//!
//! ```text
//! time 3+2
//! names ["Hana", null]
//! clocks 176000,180000 176000,171500
//! result 0 1 time
//! ```
//!
//! - One field per line: a keyword, one space, the value. Blank lines and
//!   lines starting with `#` are ignored.
//! - `game` (required, once): a game of the catalogue ([`crate::GameKind`]).
//! - `options` (once; `{}` when missing): the game's options as one line of
//!   JSON, exactly what [`crate::new_game`] takes.
//! - `players` (once; may be missing): the seat specs in seat order,
//!   comma-separated (`human`, `random`, `ai:3`, `perfect`, …).
//! - `moves` (any number of lines, in order): the moves in the game's own
//!   text, separated by spaces. Every player's decisions are listed,
//!   Shiamgon's push answers and passes included, and chance's draws where
//!   a game has chance.
//! - `result` (once, only for a finished game): each player's score in seat
//!   order (a win is `1`, a loss `0`; Shiamgon's are its points), then the
//!   reason in words (the rules' own, or `time`, `resigned`, `agreed`,
//!   `aborted`, `abandoned`).
//! - `time` (once; missing for an untimed game): the time control, `M+S`
//!   or `Nd`.
//! - `names` (once; may be missing): the seats' display names as a JSON
//!   array of strings, `null` for a seat without one.
//! - `clocks` (any number of lines, in order; timed games): each seat's time
//!   left in milliseconds after each move, one entry per move in the order of
//!   `moves`, the seats' times separated by commas, `-` for a seat off the
//!   clock.
//!
//! Reading checks the form only; [`Record::replay`] checks the moves
//! against the rules.

use serde_json::Value;

use crate::clock::TimeControl;
use crate::{AnyGame, GameError};

/// The first line written (readers ignore it like any comment).
pub const HEADER: &str = "# kyoku game record";

/// How a recorded game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordResult {
    /// Each player's score, in seat order.
    pub scores: Vec<i32>,
    /// Why the game ended, in words.
    pub reason: String,
}

/// A game record: everything needed to rebuild and continue a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The game's name.
    pub game: String,
    /// The game's options (a JSON object).
    pub options: Value,
    /// The seat specs in seat order (empty when not recorded).
    pub players: Vec<String>,
    /// The moves as text.
    pub moves: Vec<String>,
    /// How the game ended, if it has.
    pub result: Option<RecordResult>,
    /// The time control (`None`: untimed).
    pub time_control: Option<TimeControl>,
    /// The display names in seat order (empty when not recorded).
    pub names: Vec<Option<String>>,
    /// Each seat's time left after each move (empty when untimed).
    pub clocks: Vec<Option<Vec<Option<u64>>>>,
}

/// Why a record text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A line starts with a word that is not a field.
    #[error(
        "line {line}: unknown field {word:?}; fields are game, options, players, moves, result, \
         time, names, clocks"
    )]
    UnknownField {
        /// 1-based line number.
        line: usize,
        /// The word found.
        word: String,
    },
    /// A field that may appear once appears again.
    #[error("line {line}: {field} given twice")]
    Repeated {
        /// 1-based line number.
        line: usize,
        /// The field.
        field: &'static str,
    },
    /// A field's value cannot be read.
    #[error("line {line}: bad {field}: {reason}")]
    BadValue {
        /// 1-based line number.
        line: usize,
        /// The field.
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// No `game` line.
    #[error("the record names no game (a line `game NAME` is missing)")]
    NoGame,
}

impl Record {
    /// The record of `game` so far, with the seat specs of its players.
    pub fn of_game(game: &dyn AnyGame, players: &[String]) -> Record {
        let result = game.outcome().map(|o| RecordResult {
            scores: o.scores().to_vec(),
            reason: o.reason.to_string(),
        });
        Record {
            game: game.game().to_string(),
            options: game.options(),
            players: players.to_vec(),
            moves: game.history(),
            result,
            time_control: None,
            names: Vec::new(),
            clocks: Vec::new(),
        }
    }

    /// The record as text (see the module documentation); ends with a
    /// newline.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        s.push_str(HEADER);
        s.push('\n');
        s.push_str(&format!("game {}\n", self.game));
        let options = if self.options.is_null() {
            "{}".to_string()
        } else {
            self.options.to_string()
        };
        s.push_str(&format!("options {options}\n"));
        if !self.players.is_empty() {
            s.push_str(&format!("players {}\n", self.players.join(",")));
        }
        if let Some(tc) = self.time_control {
            s.push_str(&format!("time {tc}\n"));
        }
        if !self.names.is_empty() {
            let names = serde_json::to_string(&self.names).unwrap_or_else(|_| "[]".into());
            s.push_str(&format!("names {names}\n"));
        }
        // Ten moves a line keeps the file readable and diffable.
        for chunk in self.moves.chunks(10) {
            s.push_str(&format!("moves {}\n", chunk.join(" ")));
        }
        let clocks: Vec<String> = self
            .clocks
            .iter()
            .map(|c| clock_entry(c.as_deref()))
            .collect();
        for chunk in clocks.chunks(10) {
            s.push_str(&format!("clocks {}\n", chunk.join(" ")));
        }
        if let Some(r) = &self.result {
            let scores: Vec<String> = r.scores.iter().map(i32::to_string).collect();
            s.push_str(&format!("result {} {}\n", scores.join(" "), r.reason));
        }
        s
    }

    /// Reads a record text; checks its form, not its moves.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut game: Option<String> = None;
        let mut options: Option<Value> = None;
        let mut players: Option<Vec<String>> = None;
        let mut moves = Vec::new();
        let mut result: Option<RecordResult> = None;
        let mut time_control: Option<TimeControl> = None;
        let mut names: Option<Vec<Option<String>>> = None;
        let mut clocks = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let (word, value) = match trimmed.split_once(char::is_whitespace) {
                Some((w, v)) => (w, v.trim()),
                None => (trimmed, ""),
            };
            let bad = |field: &'static str, reason: String| RecordError::BadValue {
                line,
                field,
                reason,
            };
            match word {
                "game" => {
                    if game.is_some() {
                        return Err(RecordError::Repeated {
                            line,
                            field: "game",
                        });
                    }
                    if value.is_empty() || value.contains(char::is_whitespace) {
                        return Err(bad("game", "expected one name".into()));
                    }
                    game = Some(value.to_string());
                }
                "options" => {
                    if options.is_some() {
                        return Err(RecordError::Repeated {
                            line,
                            field: "options",
                        });
                    }
                    let v: Value = serde_json::from_str(value)
                        .map_err(|e| bad("options", format!("not JSON: {e}")))?;
                    if !(v.is_object() || v.is_null()) {
                        return Err(bad("options", "expected a JSON object".into()));
                    }
                    options = Some(v);
                }
                "players" => {
                    if players.is_some() {
                        return Err(RecordError::Repeated {
                            line,
                            field: "players",
                        });
                    }
                    let list: Vec<String> =
                        value.split(',').map(|s| s.trim().to_string()).collect();
                    if list
                        .iter()
                        .any(|s| s.is_empty() || s.contains(char::is_whitespace))
                    {
                        return Err(bad(
                            "players",
                            "expected seat specs separated by commas".into(),
                        ));
                    }
                    players = Some(list);
                }
                "moves" => {
                    moves.extend(value.split_whitespace().map(str::to_string));
                }
                "time" => {
                    if time_control.is_some() {
                        return Err(RecordError::Repeated {
                            line,
                            field: "time",
                        });
                    }
                    let tc = value.parse().map_err(|e| bad("time", format!("{e}")))?;
                    time_control = Some(tc);
                }
                "names" => {
                    if names.is_some() {
                        return Err(RecordError::Repeated {
                            line,
                            field: "names",
                        });
                    }
                    let list: Vec<Option<String>> = serde_json::from_str(value).map_err(|e| {
                        bad("names", format!("expected a JSON array of names: {e}"))
                    })?;
                    names = Some(list);
                }
                "clocks" => {
                    for entry in value.split_whitespace() {
                        let reading = read_clock_entry(entry).ok_or_else(|| {
                            bad(
                                "clocks",
                                format!("{entry:?} is not times in ms separated by commas"),
                            )
                        })?;
                        clocks.push(reading);
                    }
                }
                "result" => {
                    if result.is_some() {
                        return Err(RecordError::Repeated {
                            line,
                            field: "result",
                        });
                    }
                    let mut scores = Vec::new();
                    let mut rest = value;
                    loop {
                        let (w, r) = match rest.split_once(char::is_whitespace) {
                            Some((w, r)) => (w, r.trim_start()),
                            None => (rest, ""),
                        };
                        match w.parse::<i32>() {
                            Ok(n) if !w.is_empty() => {
                                scores.push(n);
                                rest = r;
                            }
                            _ => break,
                        }
                        if rest.is_empty() {
                            break;
                        }
                    }
                    if scores.is_empty() {
                        return Err(bad(
                            "result",
                            "expected the players' scores, then the reason".into(),
                        ));
                    }
                    result = Some(RecordResult {
                        scores,
                        reason: rest.to_string(),
                    });
                }
                other => {
                    return Err(RecordError::UnknownField {
                        line,
                        word: other.chars().take(40).collect(),
                    });
                }
            }
        }
        Ok(Record {
            game: game.ok_or(RecordError::NoGame)?,
            options: options.unwrap_or_else(|| Value::Object(Default::default())),
            players: players.unwrap_or_default(),
            moves,
            result,
            time_control,
            names: names.unwrap_or_default(),
            clocks,
        })
    }

    /// The game rebuilt: the options made into a game and every move played
    /// through the rules.
    pub fn replay(&self) -> Result<Box<dyn AnyGame>, GameError> {
        crate::replay(&self.game, &self.options, &self.moves)
    }
}

/// One move's clock readings as written: `176000,-` (`-`: off the clock;
/// `none`: an untimed move).
fn clock_entry(reading: Option<&[Option<u64>]>) -> String {
    match reading {
        None => "none".into(),
        Some(r) => r
            .iter()
            .map(|ms| ms.map_or("-".to_string(), |ms| ms.to_string()))
            .collect::<Vec<_>>()
            .join(","),
    }
}

/// Reads what [`clock_entry`] writes.
fn read_clock_entry(entry: &str) -> Option<Option<Vec<Option<u64>>>> {
    if entry == "none" {
        return Some(None);
    }
    entry
        .split(',')
        .map(|t| match t {
            "-" => Some(None),
            t if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => t.parse().ok().map(Some),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()
        .map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn a_finished_game_round_trips_and_replays() {
        let mut g = crate::new_game("dobutsu", &json!({})).unwrap();
        for mv in ["b2b3", "b4c3", "b3b4+", "c3b4"] {
            g.play(mv).unwrap();
        }
        let players = vec!["human".to_string(), "random".to_string()];
        let rec = Record::of_game(g.as_ref(), &players);
        let text = rec.to_text();
        assert!(text.starts_with(HEADER));
        let back = Record::parse(&text).unwrap();
        assert_eq!(back, rec);
        let again = back.replay().unwrap();
        assert_eq!(again.position_text(), g.position_text());
    }

    #[test]
    fn the_documented_example_reads() {
        let text = "# kyoku game record\ngame dobutsu\noptions {}\nplayers human,random\n\
                    moves b2b3 c4c3\nmoves b3b4+\nresult 1 0 lion captured\n";
        let r = Record::parse(text).unwrap();
        assert_eq!(r.moves, ["b2b3", "c4c3", "b3b4+"]);
        assert_eq!(
            r.result,
            Some(RecordResult {
                scores: vec![1, 0],
                reason: "lion captured".into()
            })
        );
    }

    #[test]
    fn bad_records_say_what_is_wrong() {
        assert_eq!(Record::parse("options {}\n"), Err(RecordError::NoGame));
        assert!(matches!(
            Record::parse("game dobutsu\ngame shiamgon\n"),
            Err(RecordError::Repeated { line: 2, .. })
        ));
        assert!(matches!(
            Record::parse("game dobutsu\noptions [1]\n"),
            Err(RecordError::BadValue { line: 2, .. })
        ));
        assert!(matches!(
            Record::parse("game dobutsu\nscore 3\n"),
            Err(RecordError::UnknownField { line: 2, .. })
        ));
        assert!(matches!(
            Record::parse("game dobutsu\nresult lion captured\n"),
            Err(RecordError::BadValue { line: 2, .. })
        ));
        let r = Record::parse("game dobutsu\nmoves b2b3 a1a4\n").unwrap();
        assert!(matches!(
            r.replay(),
            Err(GameError::BadRecord { ply: 2, .. })
        ));
    }

    proptest! {
        #[test]
        fn the_reader_never_panics(text in "\\PC*") {
            let _ = Record::parse(&text);
        }

        #[test]
        fn the_reader_never_panics_on_near_records(
            lines in proptest::collection::vec(
                prop_oneof![
                    Just("game dobutsu".to_string()),
                    Just("options {}".to_string()),
                    "options \\PC{0,12}",
                    "players [a-z:0-9, ]{0,16}",
                    "moves [a-h1-8@+. ]{0,20}",
                    "result [-0-9 ]{0,10}[a-z ]{0,10}",
                    "time [0-9.+d]{0,6}",
                    "names \\PC{0,16}",
                    "clocks [0-9,\\- ]{0,20}",
                    "[a-z]{0,8} \\PC{0,10}",
                ],
                0..8,
            )
        ) {
            let text = lines.join("\n");
            if let Ok(r) = Record::parse(&text) {
                let back = Record::parse(&r.to_text());
                prop_assert_eq!(back, Ok(r));
            }
        }

        #[test]
        fn written_records_read_back(
            moves in proptest::collection::vec("[a-zA-Z0-9@+.]{1,6}", 0..30),
            scores in proptest::collection::vec(-50i32..50, 2..6),
            reason in "[a-z][a-z ]{0,20}[a-z]",
            finished in any::<bool>(),
            timed in any::<bool>(),
            name in "\\PC{1,24}",
            clocks in proptest::collection::vec(
                proptest::option::of(proptest::collection::vec(0u64..10_000_000, 2..3)),
                0..25,
            ),
        ) {
            let rec = Record {
                game: "shiamgon".into(),
                options: json!({"board": "disc5", "players": 3}),
                players: vec!["human".into(), "ai:2".into(), "random".into()],
                moves,
                result: finished.then_some(RecordResult { scores, reason }),
                time_control: timed.then(|| "3+2".parse().unwrap()),
                names: vec![Some(name), None, Some("Ünsal, \"the\" 2nd".into())],
                clocks: clocks.into_iter().map(|c| c.map(|v| v.into_iter().map(Some).chain([None]).collect())).collect(),
            };
            prop_assert_eq!(Record::parse(&rec.to_text()), Ok(rec));
        }
    }
}
