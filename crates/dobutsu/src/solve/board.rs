//! The solver's view of a position: always from the side to move ("us",
//! moving up the board like Sente), so a position and its colour-swapped
//! 180° rotation are one. Moves forward, moves backward (for retrograde
//! analysis), and the finished-position tests of both conventions.

use crate::position::Position;
use crate::tables::STEPS;
use crate::types::{Color, Kind, Piece};

/// Kind indices, as in [`Kind::index`].
pub(crate) const LION: usize = 0;
pub(crate) const GIRAFFE: usize = 1;
pub(crate) const ELEPHANT: usize = 2;
pub(crate) const CHICK: usize = 3;
pub(crate) const HEN: usize = 4;

/// Hand slots: Chick, Elephant, Giraffe (as in `Kind::hand_slot`).
pub(crate) const SLOT_KIND: [usize; 3] = [CHICK, ELEPHANT, GIRAFFE];

const RANK1: u16 = 0b000_000_000_111;
const RANK4: u16 = 0b111_000_000_000;

/// Which rules the solver follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Convention {
    /// The product's rules (the ruling's "Moves" and "End of the game").
    Seed,
    /// The 2009 paper's conventions (the ruling's "The solved game").
    Tanaka,
}

impl Convention {
    /// `seed` or `tanaka`.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Seed => "seed",
            Convention::Tanaka => "tanaka",
        }
    }
    pub(crate) fn code(self) -> u8 {
        match self {
            Convention::Seed => 0,
            Convention::Tanaka => 1,
        }
    }
    pub(crate) fn from_code(c: u8) -> Option<Convention> {
        match c {
            0 => Some(Convention::Seed),
            1 => Some(Convention::Tanaka),
            _ => None,
        }
    }
}

/// A name that is neither `seed` nor `tanaka`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown convention {0:?}; use seed or tanaka")]
pub struct UnknownConvention(pub String);

impl std::str::FromStr for Convention {
    type Err = UnknownConvention;
    fn from_str(s: &str) -> Result<Self, UnknownConvention> {
        match s {
            "seed" => Ok(Convention::Seed),
            "tanaka" => Ok(Convention::Tanaka),
            _ => Err(UnknownConvention(s.to_string())),
        }
    }
}

/// A position seen from the side to move. `us` moves up (towards rank 4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Pos {
    pub us: u16,
    pub them: u16,
    /// Squares of each kind (both sides), indexed like [`Kind::index`].
    pub kind: [u16; 5],
    /// `hand[side][slot]`: side 0 = us, 1 = them; slots Chick, Elephant, Giraffe.
    pub hand: [[u8; 3]; 2],
}

/// Reverses the 12 squares (a 180° rotation).
#[inline(always)]
pub(crate) fn rot(x: u16) -> u16 {
    x.reverse_bits() >> 4
}

/// Swaps files a and c.
#[inline(always)]
pub(crate) fn mirror_mask(x: u16) -> u16 {
    ((x & 0b001_001_001_001) << 2) | ((x & 0b100_100_100_100) >> 2) | (x & 0b010_010_010_010)
}

/// How a position stands before any move is looked at.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    /// The side to move can take the enemy Lion: a win in 1.
    Capture,
    /// The enemy Lion stands on our home rank: a loss in 0.
    Arrived,
    /// Our own Lion already stands on the far rank (only in set-ups): the
    /// game is over, won by the side to move.
    AlreadyWon,
    /// Neither: the position is in the table.
    Open,
}

/// What one move of ours leads to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Child {
    /// The game is won by this move: the enemy Lion is captured. (A Lion
    /// arriving leads to a position; its [`Status`] says it is finished.)
    Win,
    /// The opponent will be to move here (seen from the opponent).
    Pos(Pos),
}

impl Pos {
    #[inline(always)]
    pub fn lion_us(&self) -> u32 {
        (self.kind[LION] & self.us).trailing_zeros()
    }
    #[inline(always)]
    pub fn lion_them(&self) -> u32 {
        (self.kind[LION] & self.them).trailing_zeros()
    }

    /// Pieces of the opponent that attack `sq`.
    #[inline(always)]
    pub fn attackers_them(&self, sq: usize) -> u16 {
        // Seen from `sq`, an attacker moving down stands on an upward step.
        self.stepping_onto(0, sq) & self.them
    }

    /// Pieces of ours that attack `sq`.
    #[inline(always)]
    pub fn attackers_us(&self, sq: usize) -> u16 {
        self.stepping_onto(1, sq) & self.us
    }

    /// Pieces of either side standing where a piece of the same kind on
    /// `sq` would step with the steps of `STEPS[side]`.
    #[inline(always)]
    fn stepping_onto(&self, side: usize, sq: usize) -> u16 {
        let s = &STEPS[side];
        s[LION][sq] & self.kind[LION]
            | s[GIRAFFE][sq] & self.kind[GIRAFFE]
            | s[ELEPHANT][sq] & self.kind[ELEPHANT]
            | s[CHICK][sq] & self.kind[CHICK]
            | s[HEN][sq] & self.kind[HEN]
    }

    /// The kind on an occupied square.
    #[inline(always)]
    pub fn kind_at(&self, bit: u16) -> usize {
        if self.kind[CHICK] & bit != 0 {
            CHICK
        } else if self.kind[GIRAFFE] & bit != 0 {
            GIRAFFE
        } else if self.kind[ELEPHANT] & bit != 0 {
            ELEPHANT
        } else if self.kind[HEN] & bit != 0 {
            HEN
        } else {
            LION
        }
    }

    /// The position seen by the other side.
    #[inline(always)]
    pub fn flip(&self) -> Pos {
        Pos {
            us: rot(self.them),
            them: rot(self.us),
            kind: [
                rot(self.kind[0]),
                rot(self.kind[1]),
                rot(self.kind[2]),
                rot(self.kind[3]),
                rot(self.kind[4]),
            ],
            hand: [self.hand[1], self.hand[0]],
        }
    }

    /// The left–right mirror image.
    #[inline(always)]
    pub fn mirror(&self) -> Pos {
        Pos {
            us: mirror_mask(self.us),
            them: mirror_mask(self.them),
            kind: [
                mirror_mask(self.kind[0]),
                mirror_mask(self.kind[1]),
                mirror_mask(self.kind[2]),
                mirror_mask(self.kind[3]),
                mirror_mask(self.kind[4]),
            ],
            hand: self.hand,
        }
    }

    /// Whether the position is finished before a move, by `conv`'s rules.
    /// Requires both Lions on the board.
    #[inline]
    pub fn status(&self, conv: Convention) -> Status {
        let lt = self.lion_them() as usize;
        let arrived = self.kind[LION] & self.them & RANK1 != 0;
        let capture = self.attackers_us(lt) != 0;
        match conv {
            Convention::Seed => {
                if arrived {
                    Status::Arrived
                } else if self.kind[LION] & self.us & RANK4 != 0 {
                    Status::AlreadyWon
                } else if capture {
                    Status::Capture
                } else {
                    Status::Open
                }
            }
            Convention::Tanaka => {
                if capture {
                    Status::Capture
                } else if arrived {
                    Status::Arrived
                } else if self.kind[LION] & self.us & RANK4 != 0 {
                    Status::AlreadyWon
                } else {
                    Status::Open
                }
            }
        }
    }

    /// Counts the moves of an open position: `(legal, safe, wins)` where
    /// `safe` moves leave our Lion unattacked and do not win at once (they
    /// lead to open positions of the table), and `wins` says whether a move
    /// wins at once (a Lion arriving unattacked).
    #[inline]
    pub fn count_moves(&self, conv: Convention) -> (u32, u32, bool) {
        let ll = self.lion_us() as usize;
        let lbit = 1u16 << ll;
        let empty = 0x0fff & !(self.us | self.them);
        let att = self.attackers_them(ll);
        let mut legal = 0u32;
        let mut safe = 0u32;
        // Lion steps.
        let mut t = STEPS[0][LION][ll] & !self.us;
        while t != 0 {
            let to = t.trailing_zeros() as usize;
            t &= t - 1;
            let ok = self.attackers_them(to) == 0;
            if ok {
                if (1u16 << to) & RANK4 != 0 {
                    return (legal + 1, safe, true);
                }
                legal += 1;
                safe += 1;
            } else if conv == Convention::Tanaka {
                legal += 1;
            }
        }
        // Other pieces' steps: safe iff they leave no attacker of our Lion.
        let mut own = self.us & !lbit;
        let mut drops_kinds = 0u32;
        for s in 0..3 {
            drops_kinds += (self.hand[0][s] > 0) as u32;
        }
        let ndrops = drops_kinds * empty.count_ones();
        legal += ndrops;
        if att == 0 {
            safe += ndrops;
        }
        while own != 0 {
            let f = own.trailing_zeros() as usize;
            own &= own - 1;
            let k = self.kind_at(1 << f);
            let dest = STEPS[0][k][f] & !self.us;
            legal += dest.count_ones();
            if att == 0 {
                safe += dest.count_ones();
            } else if att.count_ones() == 1 {
                safe += (dest & att != 0) as u32;
            }
        }
        (legal, safe, false)
    }

    /// Every legal move of an open position, as what it leads to.
    pub fn children(&self, conv: Convention, out: &mut Vec<Child>) {
        let empty = 0x0fff & !(self.us | self.them);
        let mut own = self.us;
        while own != 0 {
            let f = own.trailing_zeros() as usize;
            own &= own - 1;
            let fb = 1u16 << f;
            let k = self.kind_at(fb);
            let mut t = STEPS[0][k][f] & !self.us;
            while t != 0 {
                let to = t.trailing_zeros() as usize;
                t &= t - 1;
                let tb = 1u16 << to;
                if k == LION
                    && conv == Convention::Seed
                    && self.kind[LION] & tb == 0
                    && self.attackers_them(to) != 0
                {
                    continue;
                }
                let mut n = *self;
                if self.them & tb != 0 {
                    let ck = self.kind_at(tb);
                    if ck == LION {
                        out.push(Child::Win);
                        continue;
                    }
                    n.them &= !tb;
                    n.kind[ck] &= !tb;
                    n.hand[0][slot_of(ck)] += 1;
                }
                let nk = if k == CHICK && tb & RANK4 != 0 {
                    HEN
                } else {
                    k
                };
                n.us ^= fb | tb;
                n.kind[k] &= !fb;
                n.kind[nk] |= tb;
                out.push(Child::Pos(n.flip()));
            }
        }
        for (s, &k) in SLOT_KIND.iter().enumerate() {
            if self.hand[0][s] == 0 {
                continue;
            }
            let mut t = empty;
            while t != 0 {
                let to = t.trailing_zeros() as usize;
                t &= t - 1;
                let mut n = *self;
                n.hand[0][s] -= 1;
                n.us |= 1 << to;
                n.kind[k] |= 1 << to;
                out.push(Child::Pos(n.flip()));
            }
        }
    }

    /// The positions (side to move = the one who just moved into `self`'s
    /// opponent, i.e. seen from the mover) from which one move leads to
    /// `self`. `self` must be open and its side to move unable to take the
    /// enemy Lion (so every Lion step undone was legal). Predecessors with
    /// our Lion on the far rank are left out (they are finished), and so are
    /// those whose side to move can take the enemy Lion (they are won in 1
    /// whatever follows, and have no number in the table).
    ///
    /// The plain form, kept as the reference the solver's numbering of
    /// predecessors (`preds.rs`) is tested against.
    #[cfg(test)]
    pub fn predecessors(&self, out: &mut Vec<Pos>) {
        // Seen from the mover: `us` just moved, `them` is to move.
        let f = self.flip();
        let empty = 0x0fff & !(f.us | f.them);
        // A predecessor takes the Lion iff one of its pieces of ours attacks
        // the enemy Lion's square (no piece slides, so nothing blocks, and
        // the enemy Lion never moves back). Only the piece moved back
        // differs from `f`: with two attackers every predecessor takes the
        // Lion; with one, only those moving it back can be numbered; a
        // piece moved back must not attack from where it came.
        let lt = f.lion_them() as usize;
        let att = f.attackers_us(lt);
        if att.count_ones() >= 2 {
            return;
        }
        let mut own = if att != 0 { att } else { f.us };
        while own != 0 {
            let t = own.trailing_zeros() as usize;
            own &= own - 1;
            let tb = 1u16 << t;
            let k = f.kind_at(tb);
            // Un-drop.
            if k == GIRAFFE || k == ELEPHANT || k == CHICK {
                let mut q = f;
                q.us &= !tb;
                q.kind[k] &= !tb;
                q.hand[0][slot_of(k)] += 1;
                out.push(q);
            }
            // Un-step: (origin kind, origins).
            let mut origins: [(usize, u16); 2] = [(k, 0), (CHICK, 0)];
            match k {
                CHICK => {
                    if tb & RANK4 == 0 && t >= 3 {
                        origins[0].1 = (1 << (t - 3)) & empty;
                    }
                }
                HEN => {
                    origins[0].1 = STEPS[1][HEN][t] & empty;
                    if tb & RANK4 != 0 {
                        origins[1].1 = (1 << (t - 3)) & empty;
                    }
                }
                _ => {
                    origins[0].1 = STEPS[1][k][t] & empty;
                    if k == LION {
                        // A Lion never stood on its far rank in an open position.
                        origins[0].1 &= !RANK4;
                    }
                }
            }
            for &(ok, mut from) in &origins {
                // Squares from which a piece of ours of kind `ok` attacks `lt`.
                from &= !STEPS[1][ok][lt];
                while from != 0 {
                    let fr = from.trailing_zeros() as usize;
                    from &= from - 1;
                    let mut q = f;
                    q.us ^= tb | (1 << fr);
                    q.kind[k] &= !tb;
                    q.kind[ok] |= 1 << fr;
                    out.push(q);
                    // Un-capture: a piece of theirs comes back from our hand.
                    for (s, &ck) in SLOT_KIND.iter().enumerate() {
                        if q.hand[0][s] == 0 {
                            continue;
                        }
                        let mut r = q;
                        r.hand[0][s] -= 1;
                        r.them |= tb;
                        r.kind[ck] |= tb;
                        out.push(r);
                        if ck == CHICK {
                            let mut h = q;
                            h.hand[0][s] -= 1;
                            h.them |= tb;
                            h.kind[HEN] |= tb;
                            out.push(h);
                        }
                    }
                }
            }
        }
    }

    /// From the engine's position (both Lions on the board), seen from the side to move.
    pub fn from_position(p: &Position) -> Option<Pos> {
        let turn = p.turn();
        let mut q = Pos::default();
        for c in Color::ALL {
            for (s, k) in [Kind::Chick, Kind::Elephant, Kind::Giraffe]
                .into_iter()
                .enumerate()
            {
                q.hand[c.index()][s] = p.hand(c, k);
            }
            if p.hand(c, Kind::Lion) > 0 {
                return None;
            }
        }
        q.us = p.occupied_by(Color::Sente);
        q.them = p.occupied_by(Color::Gote);
        for k in Kind::ALL {
            q.kind[k.index()] = p.pieces_of_kind(k);
        }
        if (q.kind[LION] & q.us).count_ones() != 1 || (q.kind[LION] & q.them).count_ones() != 1 {
            return None;
        }
        Some(if turn == Color::Gote { q.flip() } else { q })
    }

    /// The engine's position with Sente to move (`turn` = Sente) or the
    /// rotated one with Gote to move.
    pub fn to_position(self, turn: Color) -> Position {
        let p = if turn == Color::Gote {
            self.flip()
        } else {
            self
        };
        let mut setup = crate::position::Setup {
            board: [None; 12],
            hands: [[0; 4]; 2],
            turn,
        };
        for sq in 0..12u8 {
            let b = 1u16 << sq;
            if (p.us | p.them) & b == 0 {
                continue;
            }
            let color = if p.us & b != 0 {
                Color::Sente
            } else {
                Color::Gote
            };
            let kind = Kind::ALL[p.kind_at(b)];
            setup.board[sq as usize] = Some(Piece { color, kind });
        }
        for c in 0..2 {
            setup.hands[c][..3].copy_from_slice(&p.hand[c]);
        }
        Position::from_setup(&setup).expect("solver positions are legal")
    }
}

/// The hand slot of a kind (a Hen goes to hand as a Chick).
#[inline(always)]
pub(crate) fn slot_of(k: usize) -> usize {
    match k {
        CHICK | HEN => 0,
        ELEPHANT => 1,
        _ => 2,
    }
}
