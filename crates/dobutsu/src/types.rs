//! Small values: colours, squares, piece kinds, pieces.

use std::fmt;

/// One side. Sente (uppercase in FEN, `w`) moves first from rank 1; Gote
/// (lowercase, `b`) starts on rank 4.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player.
    Sente = 0,
    /// The second player.
    Gote = 1,
}

impl Color {
    /// The other side.
    pub const fn flip(self) -> Color {
        match self {
            Color::Sente => Color::Gote,
            Color::Gote => Color::Sente,
        }
    }
    /// 0 for Sente, 1 for Gote.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// Both colours, Sente first.
    pub const ALL: [Color; 2] = [Color::Sente, Color::Gote];
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Sente => "Sente",
            Color::Gote => "Gote",
        })
    }
}

/// A square of the 3×4 board, `a1` = 0 … `c4` = 11 (rank-major from rank 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares.
    pub const COUNT: usize = 12;

    /// The square at 0-based `file` (a = 0) and `rank` (rank 1 = 0), if on the board.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 3 && rank < 4 {
            Some(Square(rank * 3 + file))
        } else {
            None
        }
    }
    /// The square with index `i` (0–11), if on the board.
    pub const fn new(i: u8) -> Option<Square> {
        if (i as usize) < Self::COUNT {
            Some(Square(i))
        } else {
            None
        }
    }
    pub(crate) const fn new_unchecked(i: u8) -> Square {
        Square(i)
    }
    /// Index 0–11.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// 0-based file (a = 0).
    pub const fn file(self) -> u8 {
        self.0 % 3
    }
    /// 0-based rank (rank 1 = 0).
    pub const fn rank(self) -> u8 {
        self.0 / 3
    }
    /// The square's bit in a board mask.
    pub const fn bit(self) -> u16 {
        1 << self.0
    }
    /// Reads `a1` … `c4`.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        Square::from_coords(file, rank)
    }
    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A kind of piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Steps one square any way; losing it loses the game.
    Lion = 0,
    /// Steps one square orthogonally.
    Giraffe = 1,
    /// Steps one square diagonally.
    Elephant = 2,
    /// Steps one square forward; becomes a Hen on the far rank.
    Chick = 3,
    /// A promoted Chick: any way but diagonally backward.
    Hen = 4,
}

impl Kind {
    /// All kinds, in index order.
    pub const ALL: [Kind; 5] = [
        Kind::Lion,
        Kind::Giraffe,
        Kind::Elephant,
        Kind::Chick,
        Kind::Hen,
    ];
    /// The kinds that can be held in hand and dropped.
    pub const DROPPABLE: [Kind; 3] = [Kind::Chick, Kind::Elephant, Kind::Giraffe];

    /// Index 0–4.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// What a captured piece of this kind becomes in hand (a Hen turns back into a Chick).
    pub const fn unpromoted(self) -> Kind {
        match self {
            Kind::Hen => Kind::Chick,
            k => k,
        }
    }
    /// The uppercase FEN letter (a Hen is `+C`, so its letter is `C`).
    pub const fn letter(self) -> char {
        match self {
            Kind::Lion => 'L',
            Kind::Giraffe => 'G',
            Kind::Elephant => 'E',
            Kind::Chick | Kind::Hen => 'C',
        }
    }
    /// The kind for a letter of a hand or drop (`C`, `E`, `G`, `L`), either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_uppercase() {
            'L' => Some(Kind::Lion),
            'G' => Some(Kind::Giraffe),
            'E' => Some(Kind::Elephant),
            'C' => Some(Kind::Chick),
            _ => None,
        }
    }
    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Lion => "Lion",
            Kind::Giraffe => "Giraffe",
            Kind::Elephant => "Elephant",
            Kind::Chick => "Chick",
            Kind::Hen => "Hen",
        }
    }
    /// Slot in a hand: Chick 0, Elephant 1, Giraffe 2, Lion 3 (a Lion is
    /// only ever "in hand" after it was captured, which ends the game).
    pub(crate) const fn hand_slot(self) -> usize {
        match self {
            Kind::Chick | Kind::Hen => 0,
            Kind::Elephant => 1,
            Kind::Giraffe => 2,
            Kind::Lion => 3,
        }
    }
    pub(crate) const HAND_KINDS: [Kind; 4] =
        [Kind::Chick, Kind::Elephant, Kind::Giraffe, Kind::Lion];
}

/// A coloured piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// What it is.
    pub kind: Kind,
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = match self.color {
            Color::Sente => self.kind.letter(),
            Color::Gote => self.kind.letter().to_ascii_lowercase(),
        };
        if self.kind == Kind::Hen {
            write!(f, "+{c}")
        } else {
            write!(f, "{c}")
        }
    }
}
