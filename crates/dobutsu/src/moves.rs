//! Moves and their text form: `b2b3`, `C@b2`, `b3b4+`.

use std::fmt;

use crate::types::{Kind, Square};

/// A Dōbutsu move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece steps (capturing whatever enemy piece stands on `to`).
    Step {
        /// Where the piece stands.
        from: Square,
        /// Where it goes.
        to: Square,
        /// A Chick reaching the far rank becomes a Hen (always; never a choice).
        promote: bool,
    },
    /// A piece from hand is put on an empty square.
    Drop {
        /// Chick, Elephant or Giraffe.
        kind: Kind,
        /// An empty square.
        to: Square,
    },
}

impl Move {
    /// The destination square.
    pub fn to(self) -> Square {
        match self {
            Move::Step { to, .. } | Move::Drop { to, .. } => to,
        }
    }
}

impl fmt::Display for Move {
    /// The long form: `b3b4+` for a promotion, `C@b2` for a drop.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Step { from, to, promote } => {
                write!(f, "{from}{to}{}", if promote { "+" } else { "" })
            }
            Move::Drop { kind, to } => write!(f, "{}@{to}", kind.letter()),
        }
    }
}

/// A move as read from text, before it is matched against a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum RawMove {
    Step {
        from: Square,
        to: Square,
        plus: bool,
    },
    Drop {
        kind: Kind,
        to: Square,
    },
}

/// Why a text is not a move at all (before any position is asked).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum SyntaxError {
    /// Not of the shape of any move.
    #[error("moves are written like b2b3, C@b2 or b3b4+")]
    Shape,
    /// A drop whose piece is not one letter.
    #[error("a drop is one piece letter, @ and a square, e.g. C@b2")]
    DropShape,
    /// A drop of the Lion.
    #[error("a Lion is never dropped")]
    LionDrop,
    /// A drop of a letter that names no piece that can be in hand.
    #[error("{0:?} is not a piece that can be dropped (C, E or G)")]
    NotDroppable(char),
    /// A square off the board.
    #[error("{0:?} is not a square (a1 to c4)")]
    NotSquare(String),
}

/// Reads the syntax of a move; the position decides whether it is legal.
pub(crate) fn parse_raw(text: &str) -> Result<RawMove, SyntaxError> {
    let t = text.trim();
    if !t.is_ascii() {
        return Err(SyntaxError::Shape);
    }
    let square = |s: &str| Square::parse(s).ok_or_else(|| SyntaxError::NotSquare(s.to_string()));
    if let Some((piece, sq)) = t.split_once('@') {
        let mut chars = piece.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(SyntaxError::DropShape);
        };
        let kind = match Kind::from_letter(c) {
            Some(Kind::Lion) => return Err(SyntaxError::LionDrop),
            Some(k) => k,
            None => return Err(SyntaxError::NotDroppable(c)),
        };
        return Ok(RawMove::Drop {
            kind,
            to: square(sq)?,
        });
    }
    let (body, plus) = match t.strip_suffix('+') {
        Some(b) => (b, true),
        None => (t, false),
    };
    if body.len() != 4 {
        return Err(SyntaxError::Shape);
    }
    let from = square(&body[..2])?;
    let to = square(&body[2..])?;
    Ok(RawMove::Step { from, to, plus })
}
