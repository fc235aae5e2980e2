//! Small `Copy` values: colours, squares, pieces, variants, moves.

use std::fmt;

/// A side. White is player 0 and moves first unless the players agree
/// otherwise (the `first` option); Red is player 1.
#[derive(
    Copy,
    Clone,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Player 0, home rank 1, pieces `A`–`G` and `S`.
    #[default]
    White = 0,
    /// Player 1, home rank 8, pieces `a`–`g` and `s`.
    Red = 1,
}

impl Color {
    /// 0 for White, 1 for Red.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The other side.
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Red,
            Color::Red => Color::White,
        }
    }
    /// The colour with index 0 or 1.
    pub const fn from_index(i: usize) -> Color {
        if i == 0 { Color::White } else { Color::Red }
    }
    /// `w` or `r`, as the position text writes it.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Red => 'r',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Red => "Red",
        })
    }
}

/// A square, 0 = a1, 7 = h1, 56 = a8, 63 = h8.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with index `i` (0–63).
    ///
    /// # Panics
    /// If `i >= 64` (a bug, never user input: text goes through [`Square::parse`]).
    pub const fn new(i: u8) -> Square {
        assert!(i < 64, "square index out of range");
        Square(i)
    }
    /// The square at 0-based file `x` and rank `y`, if on the board.
    pub const fn at(x: i32, y: i32) -> Option<Square> {
        if x >= 0 && x < 8 && y >= 0 && y < 8 {
            Some(Square((y * 8 + x) as u8))
        } else {
            None
        }
    }
    /// Index 0–63.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// 0-based file (a = 0).
    pub const fn file(self) -> i32 {
        (self.0 % 8) as i32
    }
    /// 0-based rank (1 = 0).
    pub const fn rank(self) -> i32 {
        (self.0 / 8) as i32
    }
    /// The square as a one-bit board.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }
    /// Reads `e4`-style coordinates.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let x = b[0].wrapping_sub(b'a');
        let y = b[1].wrapping_sub(b'1');
        Square::at(x as i32, y as i32).filter(|_| x < 8 && y < 8)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            (b'1' + self.rank() as u8) as char
        )
    }
}

/// One of the 16 pieces, each with its own number disc. White's are `A`–`G`
/// and the Shogun `S`; Red's `a`–`g` and `s`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(u8);

impl Piece {
    /// All 16 pieces: White `A`–`G`, `S`, then Red `a`–`g`, `s`.
    pub const ALL: [Piece; 16] = {
        let mut a = [Piece(0); 16];
        let mut i = 0;
        while i < 16 {
            a[i] = Piece(i as u8);
            i += 1;
        }
        a
    };
    /// The piece with index `i` (0–15: White A–G, S, Red a–g, s).
    ///
    /// # Panics
    /// If `i >= 16` (a bug, never user input).
    pub const fn from_index(i: usize) -> Piece {
        assert!(i < 16, "piece index out of range");
        Piece(i as u8)
    }
    /// The `k`-th soldier (0 = `A`/`a` … 6 = `G`/`g`) of `color`.
    pub const fn soldier(color: Color, k: usize) -> Piece {
        assert!(k < 7, "soldier index out of range");
        Piece((color.index() * 8 + k) as u8)
    }
    /// The Shogun of `color`.
    pub const fn shogun(color: Color) -> Piece {
        Piece((color.index() * 8 + 7) as u8)
    }
    /// Index 0–15.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Whose piece it is.
    pub const fn color(self) -> Color {
        Color::from_index((self.0 / 8) as usize)
    }
    /// Whether it is a Shogun.
    pub const fn is_shogun(self) -> bool {
        self.0 % 8 == 7
    }
    /// Its name: `A`–`G`, `S` for White, lower case for Red.
    pub const fn char(self) -> char {
        let c = if self.is_shogun() {
            b'S'
        } else {
            b'A' + self.0 % 8
        };
        match self.color() {
            Color::White => c as char,
            Color::Red => c.to_ascii_lowercase() as char,
        }
    }
    /// The piece named `c`, if any.
    pub const fn from_char(c: char) -> Option<Piece> {
        let (color, upper) = if c.is_ascii_uppercase() {
            (Color::White, c)
        } else {
            (Color::Red, c.to_ascii_uppercase())
        };
        let k = match upper {
            'A'..='G' => upper as u8 - b'A',
            'S' => 7,
            _ => return None,
        };
        Some(Piece((color.index() * 8) as u8 + k))
    }
    /// The highest number the piece can show: 4 for a soldier, 2 for a Shogun.
    pub const fn max_number(self) -> u8 {
        if self.is_shogun() { 2 } else { 4 }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Where the numbers come from.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// The board's magnets set each piece's number (the real game).
    #[default]
    Magnetic,
    /// Chance draws the number of a piece when it lands (1–4, Shogun 1–2).
    Random,
}

impl Variant {
    /// `magnetic` or `random`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Magnetic => "magnetic",
            Variant::Random => "random",
        }
    }
}

/// A name that is neither `magnetic` nor `random`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant {0:?} (magnetic or random)")]
pub struct UnknownVariant(pub String);

impl std::str::FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, UnknownVariant> {
        match s {
            "magnetic" => Ok(Variant::Magnetic),
            "random" => Ok(Variant::Random),
            _ => Err(UnknownVariant(s.to_string())),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A decision: a piece's move, or chance setting a number (random variant).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The piece on `from` moves to `to` (capturing what stands there).
    /// Written `e1e3`; `e1xe3` is read too.
    Step {
        /// Where the piece starts.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// Chance sets the number of the piece on `square` (random variant).
    /// Written `e3=2`.
    Chance {
        /// The piece's square.
        square: Square,
        /// The number it now shows.
        number: u8,
    },
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { from, to } => write!(f, "{from}{to}"),
            Move::Chance { square, number } => write!(f, "{square}={number}"),
        }
    }
}
