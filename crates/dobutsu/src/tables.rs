//! Step masks and Zobrist keys, computed at compile time.

use crate::types::{Color, Kind, Square};

/// Rank 1 (Sente's home, Gote's far rank).
pub const RANK1: u16 = 0b000_000_000_111;
/// Rank 4 (Gote's home, Sente's far rank).
pub const RANK4: u16 = 0b111_000_000_000;
/// All twelve squares.
pub const ALL: u16 = 0x0fff;

/// The far rank of `c`: where its Chicks promote and its Lion arrives.
pub const fn far_rank(c: Color) -> u16 {
    match c {
        Color::Sente => RANK4,
        Color::Gote => RANK1,
    }
}

const fn dirs(kind: Kind) -> &'static [(i8, i8)] {
    match kind {
        Kind::Lion => &[
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ],
        Kind::Giraffe => &[(0, -1), (-1, 0), (1, 0), (0, 1)],
        Kind::Elephant => &[(-1, -1), (1, -1), (-1, 1), (1, 1)],
        Kind::Chick => &[(0, 1)],
        Kind::Hen => &[(0, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)],
    }
}

const fn build_steps() -> [[[u16; 12]; 5]; 2] {
    let mut t = [[[0u16; 12]; 5]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 5 {
            let d = dirs(Kind::ALL[k]);
            let mut sq = 0;
            while sq < 12 {
                let f = (sq % 3) as i8;
                let r = (sq / 3) as i8;
                let mut m = 0u16;
                let mut i = 0;
                while i < d.len() {
                    let (df, mut dr) = d[i];
                    if c == 1 {
                        // Gote looks down the board.
                        dr = -dr;
                    }
                    let (nf, nr) = (f + df, r + dr);
                    if nf >= 0 && nf < 3 && nr >= 0 && nr < 4 {
                        m |= 1 << (nr * 3 + nf);
                    }
                    i += 1;
                }
                t[c][k][sq] = m;
                sq += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
}

/// `STEPS[color][kind][square]`: the squares a piece of that colour and kind
/// on that square reaches in one step.
pub static STEPS: [[[u16; 12]; 5]; 2] = build_steps();

/// The squares a piece reaches in one step.
#[inline(always)]
pub fn steps(color: Color, kind: Kind, sq: Square) -> u16 {
    STEPS[color.index()][kind.index()][sq.index()]
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Zobrist keys: pieces on squares, hand counts, side to move.
pub struct Zobrist {
    /// `[color][kind][square]`.
    pub piece: [[[u64; 12]; 5]; 2],
    /// `[color][hand slot][count]`.
    pub hand: [[[u64; 3]; 4]; 2],
    /// XORed in when Gote is to move.
    pub gote: u64,
}

const fn build_zobrist() -> Zobrist {
    let mut s = 0x6B79_6F6B_755F_6462u64; // fixed seed: hashes are stable forever
    let mut z = Zobrist {
        piece: [[[0; 12]; 5]; 2],
        hand: [[[0; 3]; 4]; 2],
        gote: 0,
    };
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 5 {
            let mut q = 0;
            while q < 12 {
                z.piece[c][k][q] = splitmix(&mut s);
                q += 1;
            }
            k += 1;
        }
        let mut h = 0;
        while h < 4 {
            let mut n = 0;
            while n < 3 {
                z.hand[c][h][n] = splitmix(&mut s);
                n += 1;
            }
            h += 1;
        }
        c += 1;
    }
    z.gote = splitmix(&mut s);
    z
}

/// The Zobrist keys.
pub static ZOBRIST: Zobrist = build_zobrist();

/// The squares of a mask (bit `i` for the square of index `i`, as
/// [`Square::bit`] sets them), lowest first; bits past the board are passed
/// over.
pub fn mask_squares(m: u16) -> impl Iterator<Item = Square> {
    squares(m & ALL)
}

/// Iterates the squares of a mask.
#[inline(always)]
pub fn squares(mut m: u16) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(Square::new_unchecked(i))
        }
    })
}
