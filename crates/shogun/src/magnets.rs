//! The magnet board and the number discs, as data, and the number a piece
//! shows, computed from piece × square × facing × rotation.
//!
//! Nobody has published the real board; these are the canonical magnets of
//! the product's ruling. Every square has a field orientation (quarter turns
//! clockwise from "towards rank 8"); each disc lists the number it shows for
//! each orientation it reads. Red's pieces face the other way and read the
//! orientation turned by two.

use crate::{Color, Piece, Square};

/// The field orientation of every square at rotation 0, rank 8 first (as
/// the board is drawn), files a–h left to right.
pub const ORIENTATION_ROWS: [[u8; 8]; 8] = [
    [2, 3, 2, 3, 2, 3, 2, 3], // 8
    [1, 0, 1, 0, 1, 0, 1, 0], // 7
    [1, 2, 2, 3, 2, 3, 1, 2], // 6
    [0, 3, 1, 0, 1, 0, 0, 3], // 5
    [2, 3, 0, 1, 0, 1, 2, 3], // 4
    [1, 0, 3, 2, 3, 2, 1, 0], // 3
    [0, 1, 1, 2, 0, 1, 0, 1], // 2
    [3, 2, 0, 3, 3, 2, 3, 2], // 1
];

/// Each piece's disc: the number it shows for orientation 0, 1, 2, 3, in
/// piece order (White `A`–`G`, `S`, Red `a`–`g`, `s`).
pub const DISCS: [[u8; 4]; 16] = [
    [3, 2, 4, 1], // A
    [2, 4, 1, 3], // B
    [3, 1, 4, 2], // C
    [3, 4, 1, 2], // D
    [3, 1, 2, 4], // E
    [4, 1, 2, 3], // F
    [1, 2, 3, 4], // G
    [1, 2, 2, 1], // S
    [1, 3, 2, 4], // a
    [4, 2, 3, 1], // b
    [4, 1, 3, 2], // c
    [1, 3, 4, 2], // d
    [4, 2, 1, 3], // e
    [1, 4, 3, 2], // f
    [4, 3, 2, 1], // g
    [2, 1, 1, 2], // s
];

/// Orientations by rotation and square index.
const ORIENT: [[u8; 64]; 4] = {
    let mut t = [[0u8; 64]; 4];
    let mut y = 0;
    while y < 8 {
        let mut x = 0;
        while x < 8 {
            t[0][y * 8 + x] = ORIENTATION_ROWS[7 - y][x];
            x += 1;
        }
        y += 1;
    }
    // A quarter turn clockwise carries square (x, y) to (y, 7 − x) and adds
    // one to its orientation, so o_r(X, Y) = o_{r−1}(7 − Y, X) + 1.
    let mut r = 1;
    while r < 4 {
        let mut y = 0;
        while y < 8 {
            let mut x = 0;
            while x < 8 {
                t[r][y * 8 + x] = (t[r - 1][x * 8 + (7 - y)] + 1) % 4;
                x += 1;
            }
            y += 1;
        }
        r += 1;
    }
    t
};

/// `NUMBERS[rotation][piece][square]`: the number a piece shows there.
pub(crate) const NUMBERS: [[[u8; 64]; 16]; 4] = {
    let mut t = [[[0u8; 64]; 16]; 4];
    let mut r = 0;
    while r < 4 {
        let mut p = 0;
        while p < 16 {
            let mut s = 0;
            while s < 64 {
                let facing = if p < 8 { 0 } else { 2 };
                t[r][p][s] = DISCS[p][((ORIENT[r][s] + facing) % 4) as usize];
                s += 1;
            }
            p += 1;
        }
        r += 1;
    }
    t
};

/// The field orientation (0–3) of `square` when the board is turned by
/// `rotation` quarter turns clockwise.
///
/// # Panics
/// If `rotation > 3`.
pub fn orientation(rotation: u8, square: Square) -> u8 {
    ORIENT[rotation as usize][square.index()]
}

/// The number `piece` shows on `square` at `rotation` in the magnetic game:
/// its disc read at the square's orientation, turned by two for Red.
///
/// ```
/// use kyoku_shogun::{Piece, Square, magnets::number};
/// // White's C on c1 (orientation 0) shows disc C[0] = 3.
/// let c = Piece::from_char('C').unwrap();
/// assert_eq!(number(c, Square::parse("c1").unwrap(), 0), 3);
/// ```
///
/// # Panics
/// If `rotation > 3`.
pub fn number(piece: Piece, square: Square, rotation: u8) -> u8 {
    NUMBERS[rotation as usize][piece.index()][square.index()]
}

/// The facing of `color`'s pieces: the quarter turns added to a square's
/// orientation before reading a disc (0 for White, 2 for Red).
pub const fn facing(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Red => 2,
    }
}
