//! The position text: one line, written and read back unchanged.
//!
//! ```text
//! shiamgon BOARD PLAYERS turn P placements N stones S1/S2/… prisoners R1/R2/… [push T]
//! ```
//!
//! - `turn P`: whose turn it is (1-based); while pushes are answered, the
//!   player who placed.
//! - `placements N`: placements made so far (the game stops at `4 ×` fields).
//! - `stones`: each player's fields, comma-separated, increasing; `-` for none.
//! - `prisoners`: row `i` lists how many stones of players 1, 2, … player
//!   `i` holds (the diagonal is 0).
//! - `push T`: player P placed on `T` and the opponents with a stone
//!   adjacent to `T` are answering, in turn order after P; the first of
//!   them acts now.
//!
//! Everything else (the end, the legal moves) follows from these.

use crate::bits::Bits;
use crate::board::BoardKind;
use crate::position::{MAX_PLAYERS, Position};

/// Why a position text cannot be read, or (from
/// [`Position::check_reachable`]) why it is no position a game reaches.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// The text is not in the form (a word missing or misplaced, a count
    /// that is not a number …); the message says what.
    #[error("{0}")]
    Malformed(String),
    /// The board's name is none of the boards.
    #[error("unknown board {0:?}; boards are tri8, tri16, disc5, disc10")]
    UnknownBoard(String),
    /// The board is not played by this many players.
    #[error("{board} is played by {min}–{max} players, not {players:?}")]
    PlayerCount {
        /// The board.
        board: BoardKind,
        /// The player count as written.
        players: String,
        /// Fewest allowed.
        min: usize,
        /// Most allowed.
        max: usize,
    },
    /// A stone stands on a field the board does not have.
    #[error(
        "player {player}: {field:?} is not a field of {board}, so the stone would be off the board"
    )]
    OffBoard {
        /// The player, 1-based.
        player: usize,
        /// The field as written.
        field: String,
        /// The board.
        board: BoardKind,
    },
    /// Two stones on one field.
    #[error("field {0} holds two stones")]
    TwoStones(String),
    /// A player holds their own stones as prisoners.
    #[error("player {0} cannot hold own stones as prisoners")]
    OwnPrisoners(usize),
    /// The pending push is not one the rules can leave waiting.
    #[error("push {field}: {reason}")]
    BadPush {
        /// The field of the push as written.
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A player has more stones (on the board and held by others) than
    /// the start, the most handicap stones and the placements made so far
    /// can have given them.
    #[error(
        "player {player} has {count} stones (on the board and taken as prisoners), \
         more than the {most} that the start and {placements} placements can give"
    )]
    TooManyStones {
        /// The player, 1-based.
        player: usize,
        /// Their stones on the board plus those held by others.
        count: usize,
        /// The most they can have.
        most: usize,
        /// The placements made so far.
        placements: u32,
    },
}

fn err<T>(msg: impl Into<String>) -> Result<T, TextError> {
    Err(TextError::Malformed(msg.into()))
}

impl Position {
    /// The stricter check of a set-up typed by a person (the position
    /// editor), beyond what [`Position::parse`] checks: no player has more
    /// stones than a game can have given them. A placement adds one stone
    /// and stones leave the board only as prisoners, so a player's stones
    /// on the board plus those others hold are at most their start stones,
    /// the most handicap stones, and the placements made so far (supply is
    /// unlimited, so nothing else bounds them).
    pub fn check_reachable(&self) -> Result<(), TextError> {
        let n = self.players();
        let kind = self.board.kind();
        let start = crate::start::start_stones(kind, n);
        for (p, own) in start.iter().enumerate() {
            let held: usize = (0..n).map(|h| self.prisoners[h][p] as usize).sum();
            let count = self.stones[p].count() + held;
            let most =
                own.len() + crate::start::most_handicap(kind, n, p) + self.placements as usize;
            if count > most {
                return Err(TextError::TooManyStones {
                    player: p + 1,
                    count,
                    most,
                    placements: self.placements,
                });
            }
        }
        Ok(())
    }

    /// The position as one line of text (see the module documentation).
    pub fn text(&self) -> String {
        let b = self.board;
        let n = self.players();
        let stones: Vec<String> = (0..n)
            .map(|p| {
                if self.stones[p].is_empty() {
                    "-".to_string()
                } else {
                    self.stones[p]
                        .iter()
                        .map(|f| b.name(f))
                        .collect::<Vec<_>>()
                        .join(",")
                }
            })
            .collect();
        let prisoners: Vec<String> = (0..n)
            .map(|h| {
                (0..n)
                    .map(|o| self.prisoners[h][o].to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let mut s = format!(
            "shiamgon {} {} turn {} placements {} stones {} prisoners {}",
            b.kind(),
            n,
            self.turn as usize + 1,
            self.placements,
            stones.join("/"),
            prisoners.join("/")
        );
        if let Some(t) = self.pending {
            s.push_str(" push ");
            s.push_str(b.name(t as usize));
        }
        s
    }

    /// Reads a position text, checking that it describes a position the
    /// rules can reach in form (stones, counts, a pending push that needs
    /// an answer).
    pub fn parse(text: &str) -> Result<Position, TextError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let word = |i: usize, what: &str| -> Result<&str, TextError> {
            words
                .get(i)
                .copied()
                .ok_or_else(|| TextError::Malformed(format!("the text ends before {what}")))
        };
        let keyword = |i: usize, k: &str| -> Result<(), TextError> {
            let w = word(i, &format!("`{k}`"))?;
            if w == k {
                Ok(())
            } else {
                err(format!("expected `{k}` but found {w:?}"))
            }
        };
        keyword(0, "shiamgon")?;
        let bname = word(1, "the board")?;
        let Some(kind) = BoardKind::parse(bname) else {
            return Err(TextError::UnknownBoard(bname.to_string()));
        };
        let board = kind.board();
        let pw = word(2, "the player count")?;
        let players: usize = match pw.parse() {
            Ok(n) if kind.player_counts().contains(&n) => n,
            _ => {
                return Err(TextError::PlayerCount {
                    board: kind,
                    players: pw.to_string(),
                    min: *kind.player_counts().start(),
                    max: *kind.player_counts().end(),
                });
            }
        };
        keyword(3, "turn")?;
        let tw = word(4, "the player whose turn it is")?;
        let turn: usize = match tw.parse() {
            Ok(t) if (1..=players).contains(&t) => t - 1,
            _ => return err(format!("turn must be a player 1–{players}, not {tw:?}")),
        };
        keyword(5, "placements")?;
        let cw = word(6, "the placement count")?;
        let limit = 4 * board.len() as u32;
        let placements: u32 = match cw.parse() {
            Ok(c) if c <= limit => c,
            _ => return err(format!("placements must be a number 0–{limit}, not {cw:?}")),
        };
        keyword(7, "stones")?;
        let sw = word(8, "the stones")?;
        let lists: Vec<&str> = sw.split('/').collect();
        if lists.len() != players {
            return err(format!(
                "stones: {} lists for {players} players",
                lists.len()
            ));
        }
        let mut pos = Position::empty(kind, players);
        for (p, list) in lists.iter().enumerate() {
            if *list == "-" {
                continue;
            }
            let mut last = None;
            for name in list.split(',') {
                let Some(f) = board.field(name) else {
                    return Err(TextError::OffBoard {
                        player: p + 1,
                        field: name.to_string(),
                        board: kind,
                    });
                };
                if pos.occupied.contains(f) {
                    return Err(TextError::TwoStones(name.to_string()));
                }
                if last.is_some_and(|l| l > f) {
                    return err(format!(
                        "player {}: fields must be listed in board order ({name} comes too late)",
                        p + 1
                    ));
                }
                last = Some(f);
                pos.stones[p].insert(f);
                pos.occupied.insert(f);
            }
        }
        pos.key = 0;
        for p in 0..players {
            for f in pos.stones[p].iter() {
                pos.key ^= crate::position::stone_key(p, f);
            }
        }
        keyword(9, "prisoners")?;
        let rw = word(10, "the prisoners")?;
        let rows: Vec<&str> = rw.split('/').collect();
        if rows.len() != players {
            return err(format!(
                "prisoners: {} rows for {players} players",
                rows.len()
            ));
        }
        for (h, row) in rows.iter().enumerate() {
            let cells: Vec<&str> = row.split(',').collect();
            if cells.len() != players {
                return err(format!(
                    "prisoners row {}: {} numbers for {players} players",
                    h + 1,
                    cells.len()
                ));
            }
            for (o, c) in cells.iter().enumerate() {
                let Ok(v) = c.parse::<u16>() else {
                    return err(format!("prisoners row {}: {c:?} is not a count", h + 1));
                };
                if h == o && v != 0 {
                    return Err(TextError::OwnPrisoners(h + 1));
                }
                pos.prisoners[h][o] = v;
            }
        }
        pos.turn = turn as u8;
        pos.placements = placements;
        let mut next = 11;
        if words.get(next) == Some(&"push") {
            let tw = word(next + 1, "the field of the push")?;
            let bad_push = |reason: String| {
                Err(TextError::BadPush {
                    field: tw.to_string(),
                    reason,
                })
            };
            let Some(t) = board.field(tw) else {
                return bad_push(format!("{tw:?} is not a field of {kind}"));
            };
            if !pos.stones[turn].contains(t) {
                return bad_push(format!("the field must hold player {}'s stone", turn + 1));
            }
            if placements == 0 {
                return bad_push("no placement has been made".into());
            }
            for o in (0..players).filter(|&o| o != turn) {
                if (pos.stones[o] & board.adjacent(t)).count() > 1 {
                    return bad_push(format!(
                        "player {} has two stones next to it, which no placement allows",
                        o + 1
                    ));
                }
            }
            pos.pending = Some(t as u8);
            match pos.pending_push() {
                None => return bad_push("no opponent's stone is adjacent to it".into()),
                Some((_, q, _)) => {
                    let targets = board.adjacent(q) & !pos.occupied & !board.adjacent(t);
                    if targets == Bits::EMPTY {
                        return bad_push(format!(
                            "the stone on {} has nowhere to go, so it would already be taken",
                            board.name(q)
                        ));
                    }
                }
            }
            next += 2;
        }
        if let Some(w) = words.get(next) {
            return err(format!("unexpected {w:?} at the end"));
        }
        let _ = MAX_PLAYERS;
        pos.refresh();
        Ok(pos)
    }
}
