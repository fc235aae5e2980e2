//! Text forms: moves, the position text, set-up orders, options.

use kyoku_core::MoveError;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{Color, Move, Piece, Position, PositionError, Setup, Square, Variant};

/// Reads a move without checking it against a position: `e1e3`, `e1xe3`
/// (the `x` is optional), or chance's `e3=2`.
pub fn read_move(text: &str) -> Result<Move, MoveError> {
    let t = text.trim();
    let sq = |s: &str| {
        Square::parse(s)
            .ok_or_else(|| MoveError::syntax(text, format!("{s:?} is not a square a1–h8")))
    };
    if let Some((s, n)) = t.split_once('=') {
        let square = sq(s)?;
        let number = match n {
            "1" | "2" | "3" | "4" => n.as_bytes()[0] - b'0',
            _ => return Err(MoveError::syntax(text, "a number is 1, 2, 3 or 4")),
        };
        return Ok(Move::Chance { square, number });
    }
    if !t.is_ascii() {
        return Err(MoveError::syntax(text, "expected a move like e1e3"));
    }
    let (from, to) = match t.len() {
        4 => (&t[..2], &t[2..]),
        5 if &t[2..3] == "x" => (&t[..2], &t[3..]),
        _ => {
            return Err(MoveError::syntax(
                text,
                "expected a move like e1e3 or e1xe3",
            ));
        }
    };
    Ok(Move::Step {
        from: sq(from)?,
        to: sq(to)?,
    })
}

/// Why a position text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// The text does not have the six fields.
    #[error(
        "expected 6 fields (placement, side, rotation, numbers, clock, move number), found {0}"
    )]
    FieldCount(usize),
    /// The placement field is malformed.
    #[error("bad placement: {0}")]
    Placement(String),
    /// A piece stands past file h: the placement puts it off the board.
    #[error("a piece on rank {0} stands off the board, past file h (a rank has 8 squares a–h)")]
    OffBoard(u8),
    /// The side to move is not `w` or `r`.
    #[error("side to move must be w or r, not {0:?}")]
    Side(String),
    /// The rotation is not a digit 0–3.
    #[error("rotation must be 0, 1, 2 or 3, not {0:?}")]
    Rotation(String),
    /// The numbers field is malformed.
    #[error("bad numbers field: {0}")]
    Numbers(String),
    /// A counter is not a number.
    #[error("bad {what}: {text:?}")]
    Counter {
        /// Which counter.
        what: &'static str,
        /// The text given.
        text: String,
    },
    /// The text is well-formed but not a position of the game.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// Writes the position text.
///
/// Six fields separated by single spaces:
/// 1. placement, rank 8 first, ranks separated by `/`, files a–h; piece
///    names (`A`–`G`, `S` White, `a`–`g`, `s` Red), digits for runs of empty
///    squares;
/// 2. side to move, `w` or `r`;
/// 3. rotation, `0`–`3`;
/// 4. numbers: `-` in the magnetic variant (the magnets give them); in the
///    random variant one character per piece in placement order, `1`–`4`,
///    or `?` for a number chance has still to set;
/// 5. plies since the last capture;
/// 6. the move number.
pub fn write(pos: &Position) -> String {
    let mut s = String::with_capacity(48);
    let mut numbers = String::new();
    for y in (0..8).rev() {
        let mut empty = 0;
        for x in 0..8 {
            let Some(sq) = Square::at(x, y) else { continue };
            match pos.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    s.push(p.char());
                    match pos.number_at(sq) {
                        Some(n) => numbers.push((b'0' + n) as char),
                        None => numbers.push('?'),
                    }
                }
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if y > 0 {
            s.push('/');
        }
    }
    if pos.variant() == Variant::Magnetic {
        numbers = "-".into();
    }
    format!(
        "{s} {} {} {numbers} {} {}",
        pos.turn().char(),
        pos.rotation(),
        pos.clock(),
        pos.fullmove()
    )
}

/// Reads a position text (see [`write`]) and validates it.
pub fn parse(text: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 6 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let mut setup = Setup::empty();
    let mut order = Vec::new(); // pieces in placement order
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::Placement(format!(
            "expected 8 ranks separated by '/', found {}",
            ranks.len()
        )));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let y = 7 - i as i32;
        let mut x = 0i32;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(FenError::Placement(format!(
                        "empty run {d} on rank {}",
                        y + 1
                    )));
                }
                x += d as i32;
            } else if let Some(p) = Piece::from_char(c) {
                let Some(sq) = Square::at(x, y) else {
                    return Err(FenError::OffBoard(y as u8 + 1));
                };
                setup.board[sq.index()] = Some(p);
                order.push(p);
                x += 1;
            } else {
                return Err(FenError::Placement(format!(
                    "{c:?} is not a piece (A–G, S, a–g, s) or a digit"
                )));
            }
            if x > 8 {
                return Err(FenError::Placement(format!("rank {} is too long", y + 1)));
            }
        }
        if x != 8 {
            return Err(FenError::Placement(format!(
                "rank {} has {x} squares, not 8",
                y + 1
            )));
        }
    }
    setup.turn = match fields[1] {
        "w" => Color::White,
        "r" => Color::Red,
        other => return Err(FenError::Side(other.into())),
    };
    setup.rotation = match fields[2] {
        "0" => 0,
        "1" => 1,
        "2" => 2,
        "3" => 3,
        other => return Err(FenError::Rotation(other.into())),
    };
    if fields[3] == "-" {
        setup.variant = Variant::Magnetic;
    } else {
        setup.variant = Variant::Random;
        let chars: Vec<char> = fields[3].chars().collect();
        if chars.len() != order.len() {
            return Err(FenError::Numbers(format!(
                "{} numbers for {} pieces",
                chars.len(),
                order.len()
            )));
        }
        for (p, c) in order.iter().zip(chars) {
            setup.numbers[p.index()] = match c {
                '?' => None,
                '1'..='4' => Some(c as u8 - b'0'),
                _ => {
                    return Err(FenError::Numbers(format!("{c:?} is not a number 1–4 or ?")));
                }
            };
        }
    }
    let counter = |what: &'static str, t: &str| {
        t.parse::<u16>().map_err(|_| FenError::Counter {
            what,
            text: t.into(),
        })
    };
    setup.clock = counter("plies since capture", fields[4])?;
    setup.fullmove = counter("move number", fields[5])?;
    Ok(Position::from_setup(&setup)?)
}

/// Why a set-up order (`--setup`) cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OrderError {
    /// An order is not the seven letters A–G once each.
    #[error("set-up order {0:?} must name the seven soldiers A–G once each, e.g. ABCDEFG")]
    Letters(String),
    /// More than two orders.
    #[error("set-up {0:?}: give one order for both sides or WHITE/RED")]
    Sides(String),
}

/// The soldiers of one side, from the owner's left to right.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Order(pub [u8; 7]);

impl Order {
    /// A B C D E F G.
    pub const DEFAULT: Order = Order([0, 1, 2, 3, 4, 5, 6]);

    fn parse(text: &str) -> Result<Order, OrderError> {
        let bad = || OrderError::Letters(text.into());
        let mut o = [0u8; 7];
        let mut seen = [false; 7];
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 7 {
            return Err(bad());
        }
        for (slot, c) in o.iter_mut().zip(chars) {
            let k = match c.to_ascii_uppercase() {
                c @ 'A'..='G' => c as u8 - b'A',
                _ => return Err(bad()),
            };
            if std::mem::replace(&mut seen[k as usize], true) {
                return Err(bad());
            }
            *slot = k;
        }
        Ok(Order(o))
    }
}

/// Reads a set-up order: seven letters `A`–`G` (either case), the soldiers
/// from the owner's left to right on the home rank, the Shogun's square
/// skipped; one order for both sides (`ABCDEFG`, the default) or
/// `WHITE/RED` (`GFEDCBA/ABCDEFG`). White's left is a1, Red's left is h8.
pub fn parse_order(text: &str) -> Result<[Order; 2], OrderError> {
    let parts: Vec<&str> = text.trim().split('/').collect();
    match parts.as_slice() {
        [both] => {
            let o = Order::parse(both)?;
            Ok([o, o])
        }
        [w, r] => Ok([Order::parse(w)?, Order::parse(r)?]),
        _ => Err(OrderError::Sides(text.into())),
    }
}

/// Game options, as the server, the terminal and the command line give
/// them (JSON: `{"rotation": 1, "variant": "random", "setup": "GFEDCBA",
/// "first": "red"}`, every field optional).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Quarter turns of the board, 0–3.
    pub rotation: u8,
    /// Where numbers come from.
    pub variant: Variant,
    /// The soldiers' order (see [`parse_order`]); `None` for A B C D E F G.
    pub setup: Option<String>,
    /// Who moves first: White unless the players agree otherwise (left out
    /// of the JSON when White, so games stored before it read the same).
    #[serde(skip_serializing_if = "is_white")]
    pub first: Color,
}

fn is_white(c: &Color) -> bool {
    *c == Color::White
}

/// Why options do not make a game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionsError {
    /// Bad `setup`.
    #[error(transparent)]
    Order(#[from] OrderError),
    /// Bad `rotation` (or another rule broken).
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// The start position for `options`. In the random variant chance first
/// sets every piece's starting number, a1 to h8.
pub fn start(options: &Options) -> Result<Position, OptionsError> {
    let orders = match &options.setup {
        Some(t) => parse_order(t)?,
        None => [Order::DEFAULT; 2],
    };
    let mut s = Setup::empty();
    s.rotation = options.rotation;
    s.variant = options.variant;
    s.turn = options.first;
    for color in [Color::White, Color::Red] {
        let order = orders[color.index()].0;
        // The owner's left to right, Shogun on the 4th square from the right.
        let (y, files): (i32, [i32; 8]) = match color {
            Color::White => (0, [0, 1, 2, 3, 4, 5, 6, 7]),
            Color::Red => (7, [7, 6, 5, 4, 3, 2, 1, 0]),
        };
        let mut soldiers = order.iter();
        for (slot, &x) in files.iter().enumerate() {
            let piece = if slot == 4 {
                Piece::shogun(color)
            } else {
                match soldiers.next() {
                    Some(&k) => Piece::soldier(color, k as usize),
                    None => continue,
                }
            };
            if let Some(sq) = Square::at(x, y) {
                s.board[sq.index()] = Some(piece);
            }
        }
    }
    Ok(Position::from_setup(&s)?)
}
