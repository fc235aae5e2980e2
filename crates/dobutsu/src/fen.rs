//! FEN in the Fairy-Stockfish form: `gle/1c1/1C1/ELG[] w - - 0 1`.

use thiserror::Error;

use crate::position::{Position, PositionError, Setup};
use crate::types::{Color, Kind, Piece, Square};

/// Why a FEN cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// The text has no board part.
    #[error("empty FEN")]
    Empty,
    /// Not 4 ranks separated by `/`.
    #[error("the board needs 4 ranks separated by '/', found {0}")]
    RankCount(usize),
    /// A rank does not describe exactly 3 squares.
    #[error("rank {rank} describes {squares} squares, not 3")]
    RankWidth {
        /// The rank as written (4 = first in the FEN).
        rank: u8,
        /// How many squares it described.
        squares: usize,
    },
    /// A character that is no piece, digit or `+`.
    #[error("unexpected {ch:?} in rank {rank}")]
    BadChar {
        /// The rank.
        rank: u8,
        /// The character.
        ch: char,
    },
    /// `+` before anything but a Chick.
    #[error("'+' in rank {0} must be followed by C or c (a Hen)")]
    BadPromotion(u8),
    /// The hand part is malformed.
    #[error("bad hand {0:?}: write the pieces in hand in brackets, e.g. [Cg] or [] / [-]")]
    BadHand(String),
    /// The side to move is not `w` or `b`.
    #[error("side to move must be 'w' (Sente) or 'b' (Gote), not {0:?}")]
    BadSide(String),
    /// A field after the side to move is not what the form allows.
    #[error("unexpected field {0:?} after the side to move (expected '- - 0 1' or '0 1')")]
    BadTail(String),
    /// The pieces do not form a legal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// Reads the long (`… w - - 0 1`) or short (`…[-] w 0 1`) form; move
/// counters are read but not kept.
pub fn parse(fen: &str) -> Result<Position, FenError> {
    let mut fields = fen.split_whitespace();
    let board_hand = fields.next().ok_or(FenError::Empty)?;
    let (board, hand) = match board_hand.find('[') {
        Some(i) => {
            let h = &board_hand[i..];
            if !h.ends_with(']') {
                return Err(FenError::BadHand(h.to_string()));
            }
            (&board_hand[..i], &h[1..h.len() - 1])
        }
        None => (board_hand, ""),
    };
    let mut setup = Setup {
        board: [None; 12],
        hands: [[0; 4]; 2],
        turn: Color::Sente,
    };
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 4 {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 3 - i as u8;
        let mut file = 0usize;
        let mut promoted = false;
        for ch in rank_text.chars() {
            if ch == '+' {
                if promoted {
                    return Err(FenError::BadPromotion(rank + 1));
                }
                promoted = true;
                continue;
            }
            if let Some(d) = ch.to_digit(10) {
                if promoted {
                    return Err(FenError::BadPromotion(rank + 1));
                }
                if d == 0 {
                    return Err(FenError::BadChar { rank: rank + 1, ch });
                }
                file += d as usize;
                continue;
            }
            let kind = match ch.to_ascii_uppercase() {
                'L' => Kind::Lion,
                'G' => Kind::Giraffe,
                'E' => Kind::Elephant,
                'C' => Kind::Chick,
                'H' => Kind::Hen, // some programs write the Hen as its own letter
                _ => return Err(FenError::BadChar { rank: rank + 1, ch }),
            };
            let kind = if promoted {
                if kind != Kind::Chick {
                    return Err(FenError::BadPromotion(rank + 1));
                }
                promoted = false;
                Kind::Hen
            } else {
                kind
            };
            if file >= 3 {
                return Err(FenError::RankWidth {
                    rank: rank + 1,
                    squares: file + 1,
                });
            }
            let color = if ch.is_ascii_uppercase() {
                Color::Sente
            } else {
                Color::Gote
            };
            let sq = Square::from_coords(file as u8, rank).expect("file and rank checked");
            setup.board[sq.index()] = Some(Piece { color, kind });
            file += 1;
        }
        if promoted {
            return Err(FenError::BadPromotion(rank + 1));
        }
        if file != 3 {
            return Err(FenError::RankWidth {
                rank: rank + 1,
                squares: file,
            });
        }
    }
    if hand != "-" {
        for ch in hand.chars() {
            let kind =
                Kind::from_letter(ch).ok_or_else(|| FenError::BadHand(format!("[{hand}]")))?;
            let color = if ch.is_ascii_uppercase() {
                Color::Sente
            } else {
                Color::Gote
            };
            let slot = &mut setup.hands[color.index()][kind.hand_slot()];
            *slot = slot.saturating_add(1);
        }
    }
    setup.turn = match fields.next() {
        None | Some("w") => Color::Sente,
        Some("b") => Color::Gote,
        Some(s) => return Err(FenError::BadSide(s.to_string())),
    };
    // The tail is `- - halfmove fullmove` (long) or `halfmove fullmove`
    // (short); the counters play no part in the rules.
    let rest: Vec<&str> = fields.collect();
    let ok = match rest.as_slice() {
        [] | ["-"] | ["-", "-"] => true,
        ["-", "-", a, b] | [a, b] => a.parse::<u32>().is_ok() && b.parse::<u32>().is_ok(),
        _ => false,
    };
    if !ok {
        return Err(FenError::BadTail(rest.join(" ")));
    }
    Ok(Position::from_setup(&setup)?)
}

/// Writes the long form.
pub fn write(pos: &Position) -> String {
    let mut s = String::with_capacity(32);
    for rank in (0..4u8).rev() {
        let mut empty = 0;
        for file in 0..3u8 {
            let sq = Square::from_coords(file, rank).expect("on board");
            match pos.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push_str(&p.to_string());
                }
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push('[');
    for color in Color::ALL {
        for kind in Kind::HAND_KINDS {
            for _ in 0..pos.hand(color, kind) {
                let c = kind.letter();
                s.push(if color == Color::Sente {
                    c
                } else {
                    c.to_ascii_lowercase()
                });
            }
        }
    }
    s.push(']');
    s.push_str(if pos.turn() == Color::Sente {
        " w"
    } else {
        " b"
    });
    s.push_str(" - - 0 1");
    s
}
