//! A dense numbering of positions (seen from the side to move).
//!
//! The number is built, most significant first, from:
//! 1. the Lions' squares, up to the left–right mirror ("class"): the 21
//!    classes where the Lions stand apart, ours off the far rank and theirs
//!    off our home rank, make the table; 51 more classes (Lions side by side
//!    or on a home rank, all finished positions) extend the numbering for
//!    the forward search of the paper's count;
//! 2. the material on the board: how many Giraffes, Elephants and Chicks
//!    (0–2 each, 27 signatures);
//! 3. which of the 10 other squares are occupied (a combination), which kind
//!    stands on each (a multinomial arrangement), whose each piece is (a bit
//!    each) and which Chicks are Hens (a bit each);
//! 4. how many of each kind not on the board are in our hand (the rest are
//!    in theirs).
//!
//! Every number stands for exactly one legal position, so the table wastes
//! nothing; 11,878,227 numbers per Lion class, 249,442,767 in the table.
//! Classes whose Lions stand on the middle file are their own mirror: both
//! mirror images of those positions get their own number.

use std::sync::{Arc, OnceLock};

use super::board::{CHICK, ELEPHANT, GIRAFFE, HEN, LION, Pos};

/// Lion classes in the table.
pub const TABLE_CLASSES: usize = 21;
/// All Lion classes (the extended numbering).
pub const ALL_CLASSES: usize = 72;

#[derive(Copy, Clone, Default)]
struct Sig {
    g: u8,
    e: u8,
    c: u8,
    n: u8,
    off: u32,
    m: u32,
    h: u32,
}

pub(crate) struct Indexer {
    /// `[our lion][their lion]` → (class, mirror first); class 255 = same square.
    lp: [[(u8, bool); 12]; 12],
    /// Canonical Lion squares of a class (ours, theirs).
    rep: [(u8, u8); ALL_CLASSES],
    /// Whether the class is its own mirror.
    sym: [bool; ALL_CLASSES],
    /// The 10 other squares of a class, ascending.
    free: [[u8; 10]; ALL_CLASSES],
    occ_rank: [u16; 1024],
    occ_unrank: Vec<Vec<u16>>,
    /// Rank of a kind sequence (2 bits a piece, first piece lowest) within its signature.
    kind_rank: Vec<u16>,
    kind_unrank: Vec<Vec<u16>>,
    sigs: Vec<Sig>,
    /// `[g][e][c]` on the board → signature, 255 if the material has not so many.
    sig_of: [[[u8; 3]; 3]; 3],
    /// Pieces of each kind in the game (Giraffe, Elephant, Chick): 2 each in the real game.
    pub material: [u8; 3],
    /// Numbers per Lion class.
    pub per_class: u64,
}

fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn sq_mirror(s: u8) -> u8 {
    (s / 3) * 3 + (2 - s % 3)
}

fn adjacent(a: u8, b: u8) -> bool {
    let (fa, ra, fb, rb) = ((a % 3) as i8, (a / 3) as i8, (b % 3) as i8, (b / 3) as i8);
    (fa - fb).abs() <= 1 && (ra - rb).abs() <= 1
}

impl Indexer {
    /// The numbering for a game with `material` Giraffes, Elephants and
    /// Chicks (0–2 each; the real game has 2 of each).
    pub fn new(material: [u8; 3]) -> Indexer {
        let mut ix = Indexer {
            lp: [[(255, false); 12]; 12],
            rep: [(0, 0); ALL_CLASSES],
            sym: [false; ALL_CLASSES],
            free: [[0; 10]; ALL_CLASSES],
            occ_rank: [0; 1024],
            occ_unrank: vec![Vec::new(); 11],
            kind_rank: vec![0; 4096],
            kind_unrank: vec![Vec::new(); 27],
            sigs: Vec::new(),
            sig_of: [[[255; 3]; 3]; 3],
            material,
            per_class: 0,
        };
        // Lion classes: the table's first.
        let mut canon: Vec<(u8, u8)> = Vec::new();
        for a in 0..12u8 {
            for b in 0..12u8 {
                if a == b {
                    continue;
                }
                let m = (sq_mirror(a), sq_mirror(b));
                if (a, b) <= m {
                    canon.push((a, b));
                }
            }
        }
        let in_table = |&(a, b): &(u8, u8)| a < 9 && b >= 3 && !adjacent(a, b);
        let mut ordered: Vec<(u8, u8)> = canon.iter().copied().filter(in_table).collect();
        assert_eq!(ordered.len(), TABLE_CLASSES);
        ordered.extend(canon.iter().copied().filter(|p| !in_table(p)));
        assert_eq!(ordered.len(), ALL_CLASSES);
        for (id, &(a, b)) in ordered.iter().enumerate() {
            let (ma, mb) = (sq_mirror(a), sq_mirror(b));
            ix.rep[id] = (a, b);
            ix.sym[id] = (ma, mb) == (a, b);
            ix.lp[a as usize][b as usize] = (id as u8, false);
            if (ma, mb) != (a, b) {
                ix.lp[ma as usize][mb as usize] = (id as u8, true);
            }
            let mut k = 0;
            for s in 0..12u8 {
                if s != a && s != b {
                    ix.free[id][k] = s;
                    k += 1;
                }
            }
        }
        // Combinations of the 10 free squares, by size, in ascending order.
        for m in 0..1024u16 {
            let n = m.count_ones() as usize;
            ix.occ_rank[m as usize] = ix.occ_unrank[n].len() as u16;
            ix.occ_unrank[n].push(m);
        }
        // Signatures.
        let mut off = 0u64;
        let [tg, te, tc] = material;
        for g in 0..=tg {
            for e in 0..=te {
                for c in 0..=tc {
                    let n = g + e + c;
                    let fact = |x: u8| (1..=x as u64).product::<u64>().max(1);
                    let m = fact(n) / (fact(g) * fact(e) * fact(c));
                    let h = (tg - g + 1) as u64 * (te - e + 1) as u64 * (tc - c + 1) as u64;
                    let size = choose(10, n as u64) * m * (1 << n) * (1 << c) * h;
                    ix.sig_of[g as usize][e as usize][c as usize] = ix.sigs.len() as u8;
                    ix.sigs.push(Sig {
                        g,
                        e,
                        c,
                        n,
                        off: off as u32,
                        m: m as u32,
                        h: h as u32,
                    });
                    off += size;
                }
            }
        }
        ix.per_class = off;
        // Kind sequences: digits 1 = Giraffe, 2 = Elephant, 3 = Chick/Hen.
        for seq in 0..4096u16 {
            let mut counts = [0u8; 4];
            let mut n = 0;
            let mut ok = true;
            let mut ended = false;
            for i in 0..6 {
                let d = (seq >> (2 * i)) & 3;
                if d == 0 {
                    ended = true;
                } else if ended {
                    ok = false;
                } else {
                    counts[d as usize] += 1;
                    n += 1;
                }
            }
            let _ = n;
            if !ok || counts[1] > 2 || counts[2] > 2 || counts[3] > 2 {
                continue;
            }
            let s = counts[1] as usize * 9 + counts[2] as usize * 3 + counts[3] as usize;
            ix.kind_rank[seq as usize] = ix.kind_unrank[s].len() as u16;
            ix.kind_unrank[s].push(seq);
        }
        ix
    }

    /// The numbering of the real game (2 of each kind).
    pub fn full() -> Arc<Indexer> {
        static IX: OnceLock<Arc<Indexer>> = OnceLock::new();
        IX.get_or_init(|| Arc::new(Indexer::new([2, 2, 2]))).clone()
    }

    /// Numbers in the table (the first 21 Lion classes).
    pub fn table_size(&self) -> u64 {
        self.per_class * TABLE_CLASSES as u64
    }

    /// Numbers in the extended numbering (all 72 Lion classes).
    pub fn ext_size(&self) -> u64 {
        self.per_class * ALL_CLASSES as u64
    }

    /// The class of the Lions and whether the position must be mirrored first.
    #[inline(always)]
    pub fn class_of(&self, p: &Pos) -> (usize, bool) {
        let (c, m) = self.lp[p.lion_us() as usize][p.lion_them() as usize];
        (c as usize, m)
    }

    /// Whether a class is its own mirror.
    #[inline(always)]
    pub fn class_sym(&self, cls: usize) -> bool {
        self.sym[cls]
    }

    /// The number of a position in the extended numbering (both Lions on the board).
    #[inline]
    pub fn index(&self, p: &Pos) -> u64 {
        let (cls, mir) = self.class_of(p);
        let p = if mir { p.mirror() } else { *p };
        self.index_oriented(&p, cls)
    }

    #[inline]
    fn index_oriented(&self, p: &Pos, cls: usize) -> u64 {
        let (a, b) = self.rep[cls];
        let (a, b) = (a as usize, b as usize);
        let mut occ = (p.us | p.them) & !p.kind[LION];
        let mut occ10 = 0usize;
        let mut seq = 0usize;
        let mut own = 0u64;
        let mut promo = 0u64;
        let mut i = 0;
        let mut nc = 0;
        while occ != 0 {
            let sq = occ.trailing_zeros() as usize;
            occ &= occ - 1;
            let bit = 1u16 << sq;
            let fp = sq - (sq > a) as usize - (sq > b) as usize;
            occ10 |= 1 << fp;
            let k = p.kind_at(bit);
            let code = match k {
                GIRAFFE => 1,
                ELEPHANT => 2,
                _ => 3,
            };
            seq |= code << (2 * i);
            own |= (((p.them >> sq) & 1) as u64) << i;
            if k == CHICK || k == HEN {
                promo |= ((k == HEN) as u64) << nc;
                nc += 1;
            }
            i += 1;
        }
        let g = p.kind[GIRAFFE].count_ones() as usize;
        let e = p.kind[ELEPHANT].count_ones() as usize;
        let c = (p.kind[CHICK] | p.kind[HEN]).count_ones() as usize;
        let sig = &self.sigs[self.sig_of[g][e][c] as usize];
        debug_assert!(self.sig_of[g][e][c] != 255, "more pieces than the material");
        let [tg, te, _] = self.material;
        let hand = p.hand[0][2] as u64
            + (tg as u64 - g as u64 + 1)
                * (p.hand[0][1] as u64 + (te as u64 - e as u64 + 1) * p.hand[0][0] as u64);
        let mut r = self.occ_rank[occ10] as u64 * sig.m as u64 + self.kind_rank[seq] as u64;
        r = (r << sig.n | own) << sig.c | promo;
        r = r * sig.h as u64 + hand;
        cls as u64 * self.per_class + sig.off as u64 + r
    }

    /// Whether a position is in the table (its Lions apart, ours off the far
    /// rank, theirs off our home rank), and its number there.
    #[inline]
    pub fn table_index(&self, p: &Pos) -> Option<u64> {
        let (cls, mir) = self.class_of(p);
        if cls >= TABLE_CLASSES {
            return None;
        }
        let q = if mir { p.mirror() } else { *p };
        Some(self.index_oriented(&q, cls))
    }

    /// The position with a number (the canonical mirror image).
    pub fn unrank(&self, idx: u64) -> Pos {
        let cls = (idx / self.per_class) as usize;
        let rest = (idx % self.per_class) as u32;
        let si = match self.sigs.binary_search_by(|s| s.off.cmp(&rest)) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        // Several empty signatures can't exist (each has size ≥ 1), so the
        // last one with off ≤ rest is the one.
        let sig = self.sigs[si];
        let mut r = (rest - sig.off) as u64;
        let hand = r % sig.h as u64;
        r /= sig.h as u64;
        let promo = r & ((1 << sig.c) - 1);
        r >>= sig.c;
        let own = r & ((1 << sig.n) - 1);
        r >>= sig.n;
        let kind_r = (r % sig.m as u64) as usize;
        let occ_r = (r / sig.m as u64) as usize;
        let occ10 = self.occ_unrank[sig.n as usize][occ_r];
        let seq =
            self.kind_unrank[sig.g as usize * 9 + sig.e as usize * 3 + sig.c as usize][kind_r];
        let (a, b) = self.rep[cls];
        let mut p = Pos {
            us: 1 << a,
            them: 1 << b,
            ..Pos::default()
        };
        p.kind[LION] = (1 << a) | (1 << b);
        let mut m = occ10;
        let mut i = 0;
        let mut nc = 0;
        while m != 0 {
            let fp = m.trailing_zeros() as usize;
            m &= m - 1;
            let bit = 1u16 << self.free[cls][fp];
            let code = (seq >> (2 * i)) & 3;
            let k = match code {
                1 => GIRAFFE,
                2 => ELEPHANT,
                _ => {
                    nc += 1;
                    if (promo >> (nc - 1)) & 1 != 0 {
                        HEN
                    } else {
                        CHICK
                    }
                }
            };
            p.kind[k] |= bit;
            if (own >> i) & 1 != 0 {
                p.them |= bit;
            } else {
                p.us |= bit;
            }
            i += 1;
        }
        let [tg, te, tc] = self.material.map(u64::from);
        let (g, e, c) = (sig.g as u64, sig.e as u64, sig.c as u64);
        let hg = hand % (tg - g + 1);
        let rest_h = hand / (tg - g + 1);
        let he = rest_h % (te - e + 1);
        let hc = rest_h / (te - e + 1);
        p.hand[0] = [hc as u8, he as u8, hg as u8];
        p.hand[1] = [
            (tc - c - hc) as u8,
            (te - e - he) as u8,
            (tg - g - hg) as u8,
        ];
        p
    }
}
