//! The lines of UCI, both directions: what a GUI (or kyoku's client) sends
//! an engine, and what an engine answers. Every reader takes any text and
//! returns a typed error for what it cannot read — never a panic.

use std::fmt;

/// Why a line cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// The line is blank.
    #[error("empty line")]
    Empty,
    /// The first word is no command of UCI.
    #[error("unknown command {0:?}")]
    UnknownCommand(String),
    /// A command is missing a part or has one it cannot have.
    #[error("{command}: {reason}")]
    Malformed {
        /// The command.
        command: &'static str,
        /// What is wrong, for a person.
        reason: String,
    },
}

fn malformed(command: &'static str, reason: impl Into<String>) -> ProtocolError {
    ProtocolError::Malformed {
        command,
        reason: reason.into(),
    }
}

/// Where `position` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The variant's start position.
    StartPos,
    /// A position text (FEN), its fields joined by single spaces.
    Fen(String),
}

/// The limits and clock of `go`. Times are milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Only these root moves.
    pub searchmoves: Vec<String>,
    /// Think on the opponent's time (kyoku searches as for `infinite`).
    pub ponder: bool,
    /// White's (first player's) time left.
    pub wtime: Option<u64>,
    /// Black's (second player's) time left.
    pub btime: Option<u64>,
    /// White's increment per move.
    pub winc: Option<u64>,
    /// Black's increment per move.
    pub binc: Option<u64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Nodes.
    pub nodes: Option<u64>,
    /// Look for a mate in this many moves (kyoku searches to twice the depth).
    pub mate: Option<u32>,
    /// Exactly this long.
    pub movetime: Option<u64>,
    /// Until `stop`.
    pub infinite: bool,
}

/// A line a GUI sends an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: say who you are and your options, then `uciok`.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok` (also during a search).
    IsReady,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// Its value, absent for buttons.
        value: Option<String>,
    },
    /// `ucinewgame`: the next position is of a new game.
    UciNewGame,
    /// `position startpos|fen … [moves …]`.
    Position {
        /// Where to start.
        start: Start,
        /// The moves played from there.
        moves: Vec<String>,
    },
    /// `go …`.
    Go(Go),
    /// `stop`: answer `bestmove` now.
    Stop,
    /// `ponderhit`: the pondered move was played.
    PonderHit,
    /// `quit`.
    Quit,
}

fn number<T: std::str::FromStr>(
    words: &mut std::slice::Iter<'_, &str>,
    what: &str,
) -> Result<T, ProtocolError> {
    let w = words
        .next()
        .ok_or_else(|| malformed("go", format!("{what} needs a number")))?;
    w.parse()
        .map_err(|_| malformed("go", format!("{what} needs a number, not {w:?}")))
}

/// A time in milliseconds; some GUIs send a negative time left when the
/// clock has run over, which counts as none.
fn millis(words: &mut std::slice::Iter<'_, &str>, what: &str) -> Result<u64, ProtocolError> {
    let v: i64 = number(words, what)?;
    Ok(v.max(0) as u64)
}

fn parse_go(words: &[&str]) -> Result<Go, ProtocolError> {
    let mut go = Go::default();
    let mut it = words.iter();
    while let Some(&w) = it.next() {
        match w {
            "searchmoves" => {
                // Moves run until the next keyword.
                let rest: Vec<&str> = it.clone().copied().collect();
                let n = rest.iter().take_while(|w| !is_go_keyword(w)).count();
                go.searchmoves = rest[..n].iter().map(|s| s.to_string()).collect();
                for _ in 0..n {
                    it.next();
                }
            }
            "ponder" => go.ponder = true,
            "infinite" => go.infinite = true,
            "wtime" => go.wtime = Some(millis(&mut it, w)?),
            "btime" => go.btime = Some(millis(&mut it, w)?),
            "winc" => go.winc = Some(millis(&mut it, w)?),
            "binc" => go.binc = Some(millis(&mut it, w)?),
            "movetime" => go.movetime = Some(millis(&mut it, w)?),
            "movestogo" => go.movestogo = Some(number(&mut it, w)?),
            "depth" => go.depth = Some(number(&mut it, w)?),
            "nodes" => go.nodes = Some(number(&mut it, w)?),
            "mate" => go.mate = Some(number(&mut it, w)?),
            other => return Err(malformed("go", format!("unknown word {other:?}"))),
        }
    }
    Ok(go)
}

fn is_go_keyword(w: &str) -> bool {
    matches!(
        w,
        "searchmoves"
            | "ponder"
            | "infinite"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movetime"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
    )
}

fn parse_position(words: &[&str]) -> Result<Command, ProtocolError> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &words[..0]),
    };
    let start = match head.split_first() {
        Some((&"startpos", [])) => Start::StartPos,
        Some((&"startpos", rest)) => {
            return Err(malformed(
                "position",
                format!("unexpected {:?} after startpos", rest.join(" ")),
            ));
        }
        Some((&"fen", [])) => return Err(malformed("position", "fen needs a position text")),
        Some((&"fen", fen)) => Start::Fen(fen.join(" ")),
        _ => return Err(malformed("position", "expected startpos or fen")),
    };
    Ok(Command::Position {
        start,
        moves: moves.iter().map(|s| s.to_string()).collect(),
    })
}

fn parse_setoption(words: &[&str]) -> Result<Command, ProtocolError> {
    if words.first() != Some(&"name") {
        return Err(malformed(
            "setoption",
            "expected: setoption name N [value V]",
        ));
    }
    let rest = &words[1..];
    let value_at = rest.iter().position(|&w| w == "value");
    let (name, value) = match value_at {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(malformed("setoption", "the option's name is missing"));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

impl Command {
    /// Reads one line a GUI sent.
    pub fn parse(line: &str) -> Result<Command, ProtocolError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Err(ProtocolError::Empty);
        };
        let bare = |c: Command, name: &'static str| {
            if rest.is_empty() {
                Ok(c)
            } else {
                Err(malformed(name, "takes no arguments"))
            }
        };
        match first {
            "uci" => bare(Command::Uci, "uci"),
            "isready" => bare(Command::IsReady, "isready"),
            "ucinewgame" => bare(Command::UciNewGame, "ucinewgame"),
            "stop" => bare(Command::Stop, "stop"),
            "ponderhit" => bare(Command::PonderHit, "ponderhit"),
            "quit" => bare(Command::Quit, "quit"),
            "debug" => match rest {
                ["on"] => Ok(Command::Debug(true)),
                ["off"] => Ok(Command::Debug(false)),
                _ => Err(malformed("debug", "expected on or off")),
            },
            "setoption" => parse_setoption(rest),
            "position" => parse_position(rest),
            "go" => parse_go(rest).map(Command::Go),
            other => Err(ProtocolError::UnknownCommand(
                other.chars().take(40).collect(),
            )),
        }
    }
}

fn opt<T: fmt::Display>(f: &mut fmt::Formatter<'_>, key: &str, v: Option<T>) -> fmt::Result {
    match v {
        Some(v) => write!(f, " {key} {v}"),
        None => Ok(()),
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Uci => f.write_str("uci"),
            Command::Debug(on) => write!(f, "debug {}", if *on { "on" } else { "off" }),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                opt(f, "value", value.as_ref())
            }
            Command::UciNewGame => f.write_str("ucinewgame"),
            Command::Position { start, moves } => {
                match start {
                    Start::StartPos => f.write_str("position startpos")?,
                    Start::Fen(fen) => write!(f, "position fen {fen}")?,
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            Command::Go(go) => {
                f.write_str("go")?;
                if !go.searchmoves.is_empty() {
                    write!(f, " searchmoves {}", go.searchmoves.join(" "))?;
                }
                if go.ponder {
                    f.write_str(" ponder")?;
                }
                opt(f, "wtime", go.wtime)?;
                opt(f, "btime", go.btime)?;
                opt(f, "winc", go.winc)?;
                opt(f, "binc", go.binc)?;
                opt(f, "movestogo", go.movestogo)?;
                opt(f, "depth", go.depth)?;
                opt(f, "nodes", go.nodes)?;
                opt(f, "mate", go.mate)?;
                opt(f, "movetime", go.movetime)?;
                if go.infinite {
                    f.write_str(" infinite")?;
                }
                Ok(())
            }
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

/// A score in an `info` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (kyoku: a minor piece is about 100) for the side to move.
    Cp(i32),
    /// A forced end in this many moves; negative when the side to move loses.
    Mate(i32),
}

/// An `info` line: every field optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// Completed depth.
    pub depth: Option<u32>,
    /// Deepest ply reached.
    pub seldepth: Option<u32>,
    /// Which line (1 = best).
    pub multipv: Option<u32>,
    /// The line's score.
    pub score: Option<Score>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Milliseconds since `go`.
    pub time: Option<u64>,
    /// Transposition table use, permille.
    pub hashfull: Option<u32>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Free text (always the last field: it runs to the end of the line).
    pub string: Option<String>,
}

impl Info {
    /// An `info string` line.
    pub fn text(s: impl Into<String>) -> Info {
        Info {
            string: Some(s.into()),
            ..Info::default()
        }
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        opt(f, "depth", self.depth)?;
        opt(f, "seldepth", self.seldepth)?;
        opt(f, "multipv", self.multipv)?;
        match self.score {
            Some(Score::Cp(c)) => write!(f, " score cp {c}")?,
            Some(Score::Mate(m)) => write!(f, " score mate {m}")?,
            None => {}
        }
        opt(f, "nodes", self.nodes)?;
        opt(f, "nps", self.nps)?;
        opt(f, "time", self.time)?;
        opt(f, "hashfull", self.hashfull)?;
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv.join(" "))?;
        }
        if let Some(s) = &self.string {
            // A line break would end the line: keep it on one.
            write!(f, " string {}", s.replace(['\n', '\r'], " "))?;
        }
        Ok(())
    }
}

fn is_info_keyword(w: &str) -> bool {
    matches!(
        w,
        "depth"
            | "seldepth"
            | "multipv"
            | "score"
            | "nodes"
            | "nps"
            | "time"
            | "hashfull"
            | "pv"
            | "string"
            | "currmove"
            | "currmovenumber"
            | "tbhits"
            | "sbhits"
            | "cpuload"
            | "refutation"
            | "currline"
            | "lowerbound"
            | "upperbound"
    )
}

fn parse_info(rest: &str) -> Info {
    // Engines write many kinds of info; what cannot be read is skipped, since
    // a client needs only the move of `bestmove`.
    let mut info = Info::default();
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut i = 0;
    let num = |i: usize| words.get(i + 1).copied().unwrap_or("");
    while i < words.len() {
        let w = words[i];
        match w {
            "string" => {
                let pos = rest
                    .find(" string ")
                    .map(|p| p + 8)
                    .or_else(|| rest.strip_prefix("string ").map(|_| 7));
                info.string = Some(match pos {
                    Some(p) => rest[p..].trim().to_string(),
                    None => words[i + 1..].join(" "),
                });
                break;
            }
            "pv" => {
                let n = words[i + 1..]
                    .iter()
                    .take_while(|w| !is_info_keyword(w))
                    .count();
                info.pv = words[i + 1..i + 1 + n]
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                i += n + 1;
                continue;
            }
            "score" => {
                let kind = words.get(i + 1).copied();
                let v = words.get(i + 2).and_then(|w| w.parse::<i32>().ok());
                info.score = match (kind, v) {
                    (Some("cp"), Some(v)) => Some(Score::Cp(v)),
                    (Some("mate"), Some(v)) => Some(Score::Mate(v)),
                    _ => None,
                };
                i += 3;
                continue;
            }
            _ => {}
        }
        let v = num(i);
        let as_u32 = v.parse::<u32>().ok();
        let as_u64 = v.parse::<u64>().ok();
        match w {
            "depth" => info.depth = as_u32,
            "seldepth" => info.seldepth = as_u32,
            "multipv" => info.multipv = as_u32,
            "nodes" => info.nodes = as_u64,
            "nps" => info.nps = as_u64,
            "time" => info.time = as_u64,
            "hashfull" => info.hashfull = as_u32,
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    info
}

/// A line an engine sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineLine {
    /// `id name …` / `id author …`.
    Id {
        /// `name` or `author`.
        key: String,
        /// The text.
        value: String,
    },
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `bestmove M [ponder P]`; `None` for `(none)` / `0000`.
    BestMove {
        /// The move.
        mv: Option<String>,
        /// The expected answer.
        ponder: Option<String>,
    },
    /// `info …`.
    Info(Info),
    /// `option name …` (kept as written after `option `).
    Option(String),
    /// Anything else an engine may print (banners, `copyprotection`, …).
    Other(String),
}

impl EngineLine {
    /// Reads a line an engine printed. Never fails: what is no UCI answer is
    /// [`EngineLine::Other`].
    pub fn parse(line: &str) -> EngineLine {
        let t = line.trim();
        let (first, rest) = match t.split_once(char::is_whitespace) {
            Some((a, b)) => (a, b.trim()),
            None => (t, ""),
        };
        match first {
            "uciok" if rest.is_empty() => EngineLine::UciOk,
            "readyok" if rest.is_empty() => EngineLine::ReadyOk,
            "id" => match rest.split_once(char::is_whitespace) {
                Some((k, v)) => EngineLine::Id {
                    key: k.to_string(),
                    value: v.trim().to_string(),
                },
                None => EngineLine::Other(t.to_string()),
            },
            "bestmove" => {
                let w: Vec<&str> = rest.split_whitespace().collect();
                let mv = match w.first() {
                    None | Some(&"(none)") | Some(&"0000") => None,
                    Some(m) => Some(m.to_string()),
                };
                let ponder = match w.as_slice() {
                    [_, "ponder", p, ..] => Some(p.to_string()),
                    _ => None,
                };
                EngineLine::BestMove { mv, ponder }
            }
            "info" => EngineLine::Info(parse_info(rest)),
            "option" => EngineLine::Option(rest.to_string()),
            _ => EngineLine::Other(t.to_string()),
        }
    }
}

impl fmt::Display for EngineLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineLine::Id { key, value } => write!(f, "id {key} {value}"),
            EngineLine::UciOk => f.write_str("uciok"),
            EngineLine::ReadyOk => f.write_str("readyok"),
            EngineLine::BestMove { mv, ponder } => {
                write!(f, "bestmove {}", mv.as_deref().unwrap_or("(none)"))?;
                opt(f, "ponder", ponder.as_ref())
            }
            EngineLine::Info(i) => i.fmt(f),
            EngineLine::Option(o) => write!(f, "option {o}"),
            EngineLine::Other(s) => f.write_str(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reads_the_usual_commands() {
        assert_eq!(Command::parse("uci"), Ok(Command::Uci));
        assert_eq!(
            Command::parse("position startpos moves b2b3 c4b3"),
            Ok(Command::Position {
                start: Start::StartPos,
                moves: vec!["b2b3".into(), "c4b3".into()]
            })
        );
        assert_eq!(
            Command::parse("position fen gle/1c1/1C1/ELG[-] w 0 1"),
            Ok(Command::Position {
                start: Start::Fen("gle/1c1/1C1/ELG[-] w 0 1".into()),
                moves: vec![]
            })
        );
        assert_eq!(
            Command::parse("setoption name UCI_Variant value dobutsu"),
            Ok(Command::SetOption {
                name: "UCI_Variant".into(),
                value: Some("dobutsu".into())
            })
        );
        let Ok(Command::Go(go)) =
            Command::parse("go wtime -12 btime 3000 winc 0 binc 0 searchmoves a1a2 b1b2 depth 3")
        else {
            panic!("go not read")
        };
        assert_eq!(go.wtime, Some(0));
        assert_eq!(go.btime, Some(3000));
        assert_eq!(go.searchmoves, vec!["a1a2", "b1b2"]);
        assert_eq!(go.depth, Some(3));
        assert!(Command::parse("go depth x").is_err());
        assert!(Command::parse("position").is_err());
        assert!(matches!(
            Command::parse("hello"),
            Err(ProtocolError::UnknownCommand(_))
        ));
        assert_eq!(Command::parse("   "), Err(ProtocolError::Empty));
    }

    #[test]
    fn reads_engine_lines() {
        assert_eq!(
            EngineLine::parse("bestmove b2b3 ponder c4b3"),
            EngineLine::BestMove {
                mv: Some("b2b3".into()),
                ponder: Some("c4b3".into())
            }
        );
        assert_eq!(
            EngineLine::parse("bestmove (none)"),
            EngineLine::BestMove {
                mv: None,
                ponder: None
            }
        );
        let EngineLine::Info(i) = EngineLine::parse(
            "info depth 5 seldepth 9 multipv 1 score mate -3 nodes 100 nps 5 time 20 hashfull 7 pv a1a2 b1b2 string hi there",
        ) else {
            panic!("not info")
        };
        assert_eq!(i.depth, Some(5));
        assert_eq!(i.score, Some(Score::Mate(-3)));
        assert_eq!(i.pv, vec!["a1a2", "b1b2"]);
        assert_eq!(i.string.as_deref(), Some("hi there"));
    }

    fn word() -> impl Strategy<Value = String> {
        "[a-h][1-8][a-h][1-8]|[A-Z]@[a-c][1-4]|[a-z0-9=+]{1,6}"
    }

    fn go() -> impl Strategy<Value = Go> {
        (
            proptest::collection::vec("[a-c][1-4][a-c][1-4]", 0..3),
            any::<bool>(),
            proptest::option::of(0u64..1 << 40),
            proptest::option::of(0u64..1 << 40),
            proptest::option::of(0u64..100_000),
            proptest::option::of(0u32..100),
            proptest::option::of(0u64..1 << 40),
            any::<bool>(),
        )
            .prop_map(
                |(searchmoves, ponder, wtime, btime, winc, depth, nodes, infinite)| Go {
                    searchmoves,
                    ponder,
                    wtime,
                    btime,
                    winc,
                    depth,
                    nodes,
                    infinite,
                    ..Go::default()
                },
            )
    }

    fn info() -> impl Strategy<Value = Info> {
        (
            proptest::option::of(0u32..200),
            proptest::option::of(0u32..200),
            proptest::option::of(prop_oneof![
                any::<i32>().prop_map(Score::Cp),
                (-200i32..200).prop_map(Score::Mate)
            ]),
            proptest::option::of(any::<u64>()),
            proptest::option::of(0u32..1001),
            proptest::collection::vec("[a-c][1-4][a-c][1-4]", 0..6),
            proptest::option::of("[a-z][a-z ]{0,20}[a-z]"),
        )
            .prop_map(
                |(depth, seldepth, score, nodes, hashfull, pv, string)| Info {
                    depth,
                    seldepth,
                    score,
                    nodes,
                    hashfull,
                    pv,
                    string,
                    ..Info::default()
                },
            )
    }

    proptest! {
        #[test]
        fn command_parser_never_panics(s in "\\PC*") {
            let _ = Command::parse(&s);
        }

        #[test]
        fn command_parser_never_panics_on_near_misses(
            head in prop_oneof![Just("go"), Just("position"), Just("setoption"), Just("debug")],
            words in proptest::collection::vec(
                prop_oneof![word(), Just("moves".to_string()), Just("fen".to_string()),
                    Just("startpos".to_string()), Just("name".to_string()),
                    Just("value".to_string()), Just("wtime".to_string()), Just("-5".to_string()),
                    Just("searchmoves".to_string())], 0..8)
        ) {
            let _ = Command::parse(&format!("{head} {}", words.join(" ")));
        }

        #[test]
        fn engine_line_parser_never_panics(s in "\\PC*") {
            let _ = EngineLine::parse(&s);
        }

        #[test]
        fn info_parser_never_panics_on_near_misses(
            words in proptest::collection::vec(
                prop_oneof![word(), Just("score".to_string()), Just("pv".to_string()),
                    Just("string".to_string()), Just("mate".to_string()),
                    Just("depth".to_string()), Just("-1".to_string())], 0..10)
        ) {
            let _ = EngineLine::parse(&format!("info {}", words.join(" ")));
        }

        #[test]
        fn go_round_trips(g in go()) {
            let line = Command::Go(g.clone()).to_string();
            prop_assert_eq!(Command::parse(&line), Ok(Command::Go(g)));
        }

        #[test]
        fn info_round_trips(i in info()) {
            let line = EngineLine::Info(i.clone()).to_string();
            prop_assert_eq!(EngineLine::parse(&line), EngineLine::Info(i));
        }

        #[test]
        fn position_round_trips(moves in proptest::collection::vec("[a-c][1-4][a-c][1-4]", 0..10)) {
            let c = Command::Position { start: Start::Fen("gle/1c1/1C1/ELG[-] w 0 1".into()), moves };
            prop_assert_eq!(Command::parse(&c.to_string()), Ok(c));
        }
    }
}
