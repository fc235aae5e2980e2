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
//! Every number stands for exactly one legal position: 11,878,227 numbers
//! per Lion class, 249,442,767 in the table's classes. The table itself is
//! numbered by `compact.rs`, which builds on these parts and leaves out the
//! positions whose side to move can take the Lion.
//! Classes whose Lions stand on the middle file are their own mirror: both
//! mirror images of those positions get their own number.

use std::sync::{Arc, OnceLock};

use super::board::{CHICK, ELEPHANT, GIRAFFE, HEN, LION, Pos};

// `unrank` turns kind codes into kinds by arithmetic: code 1, 2, 3 are the
// kinds 1, 2, 3, and a promoted Chick the kind after it.
const _: () = assert!(GIRAFFE == 1 && ELEPHANT == 2 && CHICK == 3 && HEN == 4);

/// Lion classes in the table.
pub const TABLE_CLASSES: usize = 21;
/// The numbers of the positions that differ only in the hands are
/// consecutive: the last digit of the number says how the pieces off the
/// board divide between the hands.
#[derive(Copy, Clone, Debug)]
pub(crate) struct HandGroup {
    /// This position's digit.
    pub digit: u32,
    /// How many digits (positions) the group has.
    pub size: u32,
    /// For each digit, 2 bits: how many kinds the side to move has in hand
    /// (a group has at most 27 digits; a shift instead of four divisions).
    kinds: u64,
}

impl HandGroup {
    /// How many kinds the side to move has in hand at `digit`.
    #[inline(always)]
    pub fn kinds_in_hand(&self, digit: u32) -> u32 {
        debug_assert!(digit < self.size);
        (self.kinds >> (2 * digit)) as u32 & 3
    }
}

/// Small tables for gathering bits, so that numbering needs no loop over
/// the pieces (and no instruction newer than x86-64's first).
struct BitTables {
    /// `ext[mask][x]`: the bits of `x` at `mask`'s places, packed low (6 bits).
    ext: [[u8; 64]; 64],
    /// Bit `j` moved to bit `2j` (6 bits).
    spread: [u16; 64],
    /// Set bits of a 12-bit word.
    ones: [u8; 4096],
}

impl BitTables {
    fn new() -> BitTables {
        let mut t = BitTables {
            ext: [[0; 64]; 64],
            spread: [0; 64],
            ones: [0; 4096],
        };
        for m in 0..64usize {
            for x in 0..64usize {
                let (mut out, mut k) = (0u8, 0);
                for j in 0..6 {
                    if m >> j & 1 != 0 {
                        out |= ((x >> j & 1) as u8) << k;
                        k += 1;
                    }
                }
                t.ext[m][x] = out;
            }
            t.spread[m] = (0..6).map(|j| ((m >> j & 1) as u16) << (2 * j)).sum();
        }
        for (x, o) in t.ones.iter_mut().enumerate() {
            *o = x.count_ones() as u8;
        }
        t
    }

    /// The bits of `x` at the places of `mask` (12 bits), packed low.
    #[inline(always)]
    fn pext(&self, x: u16, mask: u16) -> u32 {
        let (ml, mh) = ((mask & 63) as usize, (mask >> 6 & 63) as usize);
        let lo = self.ext[ml][(x & 63) as usize] as u32;
        let hi = self.ext[mh][(x >> 6 & 63) as usize] as u32;
        lo | hi << self.ones[ml]
    }

    /// Set bits of a 12-bit word.
    #[inline(always)]
    fn count(&self, x: u16) -> u32 {
        self.ones[(x & 0x0fff) as usize] as u32
    }
}

/// A position's number below its Lion class, in parts: its signature, its
/// layout (which free squares are occupied and by which kinds, numbered
/// within the signature), the owners, the Hens and the hand digit.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Parts {
    /// Signature (index into the signature list).
    pub sig: usize,
    /// Layout within the signature: occupancy rank × arrangements + kind rank.
    pub layout: u32,
    /// Occupied free squares (bit per free square of the class).
    pub occ10: u16,
    /// Kind codes of the pieces (2 bits a piece, ascending squares).
    pub seq: u16,
    /// Owners (bit per piece, set = theirs).
    pub own: u32,
    /// Hens (bit per Chick).
    pub promo: u32,
    /// How the pieces off the board divide between the hands.
    pub hand: u32,
}

/// Numbers per block of the signature search table.
const SIG_BUCKET_BITS: u32 = 12;
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
    bits: BitTables,
    /// For each block of `2^SIG_BUCKET_BITS` numbers in a class, the
    /// signature its first number falls in (a start for the search).
    sig_start: Vec<u8>,
    /// `[g][e][c]` on the board → signature, 255 if the material has not so many.
    sig_of: [[[u8; 3]; 3]; 3],
    /// `[signature][hand digit]` → our hand and theirs (slots Chick,
    /// Elephant, Giraffe): a lookup instead of two divisions per position.
    hands: Vec<[[[u8; 3]; 2]; 27]>,
    /// `[signature]` → [`HandGroup::kinds`].
    hand_kinds: Vec<u64>,
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
            bits: BitTables::new(),
            sig_start: Vec::new(),
            sig_of: [[[255; 3]; 3]; 3],
            hands: Vec::new(),
            hand_kinds: Vec::new(),
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
        for s in &ix.sigs {
            let mut t = [[[0u8; 3]; 2]; 27];
            let (hg_n, he_n) = (tg - s.g + 1, te - s.e + 1);
            for (hand, h) in t.iter_mut().enumerate().take(s.h as usize) {
                let (hg, he, hc) = (
                    hand as u8 % hg_n,
                    hand as u8 / hg_n % he_n,
                    hand as u8 / hg_n / he_n,
                );
                *h = [[hc, he, hg], [tc - s.c - hc, te - s.e - he, tg - s.g - hg]];
            }
            let kinds = t
                .iter()
                .enumerate()
                .take(s.h as usize)
                .map(|(d, h)| (h[0].iter().filter(|&&x| x > 0).count() as u64) << (2 * d));
            ix.hand_kinds.push(kinds.sum());
            ix.hands.push(t);
        }
        let mut si = 0;
        for b in 0..off.div_ceil(1 << SIG_BUCKET_BITS) {
            let first = (b << SIG_BUCKET_BITS) as u32;
            while si + 1 < ix.sigs.len() && ix.sigs[si + 1].off <= first {
                si += 1;
            }
            ix.sig_start.push(si as u8);
        }
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

    /// Signatures in the numbering.
    pub fn sig_count(&self) -> usize {
        self.sigs.len()
    }

    /// Pieces on the board, arrangements of kinds, hand digits and the
    /// material (Giraffes, Elephants, Chicks) on the board of a signature.
    pub fn sig_shape(&self, si: usize) -> (u32, u32, u32, [u8; 3]) {
        let s = &self.sigs[si];
        (s.n as u32, s.m, s.h, [s.g, s.e, s.c])
    }

    /// Occupied free squares and kind sequence of a layout of a signature.
    #[inline(always)]
    pub fn layout_squares(&self, si: usize, occ_r: usize, kind_r: usize) -> (u16, u16) {
        let s = &self.sigs[si];
        let occ10 = self.occ_unrank[s.n as usize][occ_r];
        let seq = self.kind_unrank[s.g as usize * 9 + s.e as usize * 3 + s.c as usize][kind_r];
        (occ10, seq)
    }

    /// The signature, its arrangements of kinds and its hand digits, of
    /// `[g, e, c]` Giraffes, Elephants and Chicks on the board.
    #[inline(always)]
    pub fn sig_with(&self, counts: [u8; 3]) -> (usize, u32, u32) {
        let si = self.sig_of[counts[0] as usize][counts[1] as usize][counts[2] as usize] as usize;
        debug_assert!(si != 255, "more pieces than the material");
        let s = &self.sigs[si];
        (si, s.m, s.h)
    }

    /// The hand digit of our hand `hand` (slots Chick, Elephant, Giraffe)
    /// with `[g, e, c]` on the board (as in [`Indexer::parts`]).
    #[inline(always)]
    pub fn hand_digit(&self, counts: [u8; 3], hand: [u8; 3]) -> u32 {
        let [tg, te, _] = self.material.map(u32::from);
        hand[2] as u32
            + (tg - counts[0] as u32 + 1)
                * (hand[1] as u32 + (te - counts[1] as u32 + 1) * hand[0] as u32)
    }

    /// The rank of a set of occupied free squares among those of its size.
    #[inline(always)]
    pub fn occ_rank(&self, occ10: u16) -> u32 {
        self.occ_rank[occ10 as usize] as u32
    }

    /// The rank of a kind sequence within its signature.
    #[inline(always)]
    pub fn kind_rank(&self, seq: u16) -> u32 {
        self.kind_rank[seq as usize] as u32
    }

    /// Canonical squares of a class's Lions (ours, theirs) and its 10 free squares.
    pub fn class_squares(&self, cls: usize) -> ((u8, u8), [u8; 10]) {
        (self.rep[cls], self.free[cls])
    }

    /// The class of the Lions and whether the position must be mirrored first.
    #[inline(always)]
    pub fn class_of(&self, p: &Pos) -> (usize, bool) {
        let (c, m) = self.lp[p.lion_us() as usize][p.lion_them() as usize];
        (c as usize, m)
    }

    /// [`Indexer::class_of`] of Lions on squares `ours` and `theirs`.
    #[inline(always)]
    pub fn class_at(&self, ours: usize, theirs: usize) -> (usize, bool) {
        let (c, m) = self.lp[ours][theirs];
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

    #[inline(always)]
    fn index_oriented(&self, p: &Pos, cls: usize) -> u64 {
        let pt = self.parts(p, cls);
        let sig = &self.sigs[pt.sig];
        let mut r = pt.layout as u64;
        r = (r << sig.n | pt.own as u64) << sig.c | pt.promo as u64;
        r = r * sig.h as u64 + pt.hand as u64;
        cls as u64 * self.per_class + sig.off as u64 + r
    }

    /// The parts of the number of a position whose Lions stand on the
    /// canonical squares of class `cls` (see [`Parts`]).
    #[inline(always)]
    pub fn parts(&self, p: &Pos, cls: usize) -> Parts {
        let (a, b) = self.rep[cls];
        let (lo, hi) = (a.min(b) as u32, a.max(b) as u32);
        let occ = (p.us | p.them) & !p.kind[LION];
        // The 10 free squares, numbered without the Lions' two: bits below
        // the lower Lion stay, bits between move down one, bits above two.
        let below = (1u16 << lo) - 1;
        let mid = ((1u16 << hi) - 1) & !((1u16 << (lo + 1)) - 1);
        let above = 0x0fff & !((1u16 << (hi + 1)) - 1);
        let occ10 = (occ & below) | ((occ & mid) >> 1) | ((occ & above) >> 2);
        // Kind codes 1 = Giraffe, 2 = Elephant, 3 = Chick/Hen as two bit
        // planes; each plane's bits, and the owners', gathered in the order
        // of the occupied squares by table (no branches: the kinds are
        // unpredictable).
        let chicks = p.kind[CHICK] | p.kind[HEN];
        let plane0 = p.kind[GIRAFFE] | chicks;
        let plane1 = p.kind[ELEPHANT] | chicks;
        let seq = self.bits.spread[self.bits.pext(plane0, occ) as usize]
            | self.bits.spread[self.bits.pext(plane1, occ) as usize] << 1;
        let own = self.bits.pext(p.them, occ);
        let promo = self.bits.pext(p.kind[HEN], chicks);
        let g = self.bits.count(p.kind[GIRAFFE]) as usize;
        let e = self.bits.count(p.kind[ELEPHANT]) as usize;
        let c = self.bits.count(chicks) as usize;
        let si = self.sig_of[g][e][c] as usize;
        debug_assert!(si != 255, "more pieces than the material");
        let sig = &self.sigs[si];
        let [tg, te, _] = self.material.map(u32::from);
        let hand = p.hand[0][2] as u32
            + (tg - g as u32 + 1)
                * (p.hand[0][1] as u32 + (te - e as u32 + 1) * p.hand[0][0] as u32);
        Parts {
            sig: si,
            layout: self.occ_rank[occ10 as usize] as u32 * sig.m
                + self.kind_rank[seq as usize] as u32,
            occ10,
            seq,
            own,
            promo,
            hand,
        }
    }

    /// The position with a number (the canonical mirror image).
    #[inline]
    pub fn unrank(&self, idx: u64) -> Pos {
        self.unrank_group(idx).0
    }

    /// The position with a number, and where it stands in its group: the
    /// run of consecutive numbers that differ only in the hands.
    pub fn unrank_group(&self, idx: u64) -> (Pos, HandGroup) {
        // Every number fits 32 bits (72 classes × 11.9 M), and 32-bit
        // divisions are several times cheaper than 64-bit ones.
        debug_assert!(idx < self.ext_size() && self.ext_size() <= u32::MAX as u64);
        let (idx, per_class) = (idx as u32, self.per_class as u32);
        let cls = (idx / per_class) as usize;
        let rest = idx % per_class;
        let mut si = self.sig_start[(rest >> SIG_BUCKET_BITS) as usize] as usize;
        while si + 1 < self.sigs.len() && self.sigs[si + 1].off <= rest {
            si += 1;
        }
        let sig = self.sigs[si];
        let mut r = rest - sig.off;
        let hand = r % sig.h;
        r /= sig.h;
        let promo = r & ((1 << sig.c) - 1);
        r >>= sig.c;
        let own = r & ((1 << sig.n) - 1);
        r >>= sig.n;
        let kind_r = (r % sig.m) as usize;
        let occ_r = (r / sig.m) as usize;
        let (occ10, seq) = self.layout_squares(si, occ_r, kind_r);
        self.build(cls, si, occ10, seq, own, promo, hand)
    }

    /// The position of class `cls` (canonical Lion squares) with signature
    /// `si`, occupied free squares `occ10`, kind sequence `seq`, owners
    /// `own` (bit per piece, set = theirs), Hens `promo` (bit per Chick) and
    /// hand digit `hand`; and its hand group.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn build(
        &self,
        cls: usize,
        si: usize,
        occ10: u16,
        seq: u16,
        own: u32,
        promo: u32,
        hand: u32,
    ) -> (Pos, HandGroup) {
        let mut p = self.build_board(cls, occ10, seq, own, promo);
        let group = self.set_hand(&mut p, si, hand);
        (p, group)
    }

    /// The board of [`Indexer::build`], hands empty.
    #[inline(always)]
    pub fn build_board(&self, cls: usize, occ10: u16, seq: u16, own: u32, promo: u32) -> Pos {
        let (a, b) = self.rep[cls];
        let mut p = Pos {
            us: 1 << a,
            them: 1 << b,
            ..Pos::default()
        };
        p.kind[LION] = (1 << a) | (1 << b);
        // Without branches: the kinds and owners are unpredictable.
        let (own, promo) = (own as u16, promo as u16);
        let mut m = occ10;
        let mut i = 0;
        let mut nc = 0;
        while m != 0 {
            let fp = m.trailing_zeros() as usize;
            m &= m - 1;
            let bit = 1u16 << self.free[cls][fp];
            // Codes 1, 2, 3 are the kinds Giraffe, Elephant, Chick; a Chick
            // whose promotion bit is set is a Hen, the next kind.
            let code = (seq >> (2 * i)) & 3;
            let chick = (code == 3) as u16;
            let k = code as usize + (chick & (promo >> nc) & 1) as usize;
            nc += chick;
            p.kind[k] |= bit;
            let theirs = (own >> i) & 1;
            p.them |= bit * theirs;
            p.us |= bit * (1 - theirs);
            i += 1;
        }
        p
    }

    /// The hand group of signature `si` at hand digit `hand`.
    #[inline(always)]
    pub fn hand_group(&self, si: usize, hand: u32) -> HandGroup {
        HandGroup {
            digit: hand,
            size: self.sigs[si].h,
            kinds: self.hand_kinds[si],
        }
    }

    /// The hands (ours, theirs) of hand digit `hand` of signature `si`.
    #[inline(always)]
    pub fn hands(&self, si: usize, hand: u32) -> [[u8; 3]; 2] {
        self.hands[si][hand as usize]
    }

    /// Puts the hands of hand digit `hand` of signature `si` into `p`; its hand group.
    #[inline(always)]
    pub fn set_hand(&self, p: &mut Pos, si: usize, hand: u32) -> HandGroup {
        let sig = &self.sigs[si];
        p.hand = self.hands[si][hand as usize];
        HandGroup {
            digit: hand,
            size: sig.h,
            kinds: self.hand_kinds[si],
        }
    }
}
