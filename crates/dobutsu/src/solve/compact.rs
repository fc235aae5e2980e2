//! The table's numbering: the positions of the table, without those whose
//! side to move can take the enemy Lion.
//!
//! Nearly half the table's positions (120,786,484 of 249,442,767 in the real
//! game) let the side to move take the Lion: a win in 1 that anyone can see
//! from the position. They get no number; looking one up gives the win
//! without reading the table. What stays is numbered densely, built on the
//! plain numbering of [`Indexer`]:
//!
//! 1. the Lion class and the *layout* (signature, which free squares are
//!    occupied and by which kinds) in the order of [`Indexer`];
//! 2. for each piece, in the order of its square, a digit that says whose it
//!    is and, for a Chick, whether it is a Hen — counting only the choices
//!    that do not attack the enemy Lion from that square (a Giraffe beside
//!    the enemy Lion can only be the enemy's own, so its digit has one value);
//! 3. the hands, as in [`Indexer`].
//!
//! The digits form a mixed-radix number, so every layout has a run of
//! consecutive numbers whose length is the product of its pieces' radices
//! (times the hand choices); a table of the runs' starts ([`Compact::off`])
//! joins the layouts, and a coarse index into it finds a number's layout.

use std::sync::{Arc, OnceLock};

use super::board::{CHICK, ELEPHANT, GIRAFFE, HEN, LION, Pos};
use super::index::{HandGroup, Indexer, TABLE_CLASSES};

/// Numbers per block of [`Compact::bucket`].
const BUCKET_BITS: u32 = 6;
/// A digit table's mark for a choice that attacks the enemy Lion.
pub(crate) const NONE: u8 = 255;
/// Numbers within a layout's run stay below this (checked when built), so
/// [`div_small`] is exact there.
const RUN_LIMIT: u64 = 1 << 20;

/// `ceil(2^40 / d)`: the multiplier that divides by `d` in [`div_small`].
const fn recip(d: u32) -> u64 {
    (1u64 << 40).div_ceil(d as u64)
}

/// `r / d` for `r` below [`RUN_LIMIT`] and `d` below 4096, by one multiply:
/// the error of the rounded-up reciprocal, under `r / 2^40 < 2^-20`, never
/// reaches the next multiple of `1 / d`. (A division costs several times
/// more, and turning a number back into a position takes up to eight.)
#[inline(always)]
fn div_small(r: u32, recip: u64) -> u32 {
    ((r as u64 * recip) >> 40) as u32
}

/// [`recip`] of the radices a digit can have (index = radix, 1–4).
const RADIX_RECIP: [u64; 5] = [0, recip(1), recip(2), recip(3), recip(4)];

/// One layout of a Lion class: signature, occupied free squares, kind codes.
#[derive(Copy, Clone, Default)]
struct Layout {
    sig: u8,
    occ10: u16,
    seq: u16,
}

/// The choices of a piece of one kind code on one free square of a class.
#[derive(Copy, Clone)]
struct Choices {
    /// How many choices do not attack the enemy Lion (1–4).
    radix: u8,
    /// `[theirs * 2 + hen]` → digit, or [`NONE`].
    digit: [u8; 4],
    /// Digit → `theirs * 2 + hen`.
    choice: [u8; 4],
}

/// Where a table class's free squares go when its positions are seen
/// from the other side (turned round, then mirrored into the canonical
/// image of the Lions' class there).
#[derive(Copy, Clone)]
pub(crate) struct Flip {
    /// The Lions' class seen from the other side.
    pub cls: usize,
    /// `[free square]` → the square seen from the other side.
    pub sq: [u8; 10],
    /// `[free square]` → that square's place among `cls`'s free squares.
    pub fp: [u8; 10],
}

/// A number's board, as [`Compact::unrank_parts`] gives it.
#[derive(Copy, Clone)]
pub(crate) struct BoardParts {
    /// The Lions' class.
    pub cls: usize,
    /// Occupied free squares.
    pub occ10: u16,
    /// Kind codes, 2 bits a piece, first piece lowest.
    pub seq: u16,
    /// The pieces' digits (owners and Hens), first piece least significant.
    pub digits: u32,
}

/// The dense numbering of the table's positions the side to move cannot
/// win by taking the Lion.
pub(crate) struct Compact {
    ix: Arc<Indexer>,
    /// Layouts per Lion class.
    per_class: u32,
    /// First layout of each signature within a class.
    sig_base: Vec<u32>,
    /// The layouts of a class, in order.
    layouts: Vec<Layout>,
    /// `[class * per_class + layout]` → the layout's first number; one more
    /// at the end (the table's size).
    off: Vec<u32>,
    /// For each block of `2^BUCKET_BITS` numbers, the layout (over all
    /// classes) its first number falls in.
    bucket: Vec<u32>,
    /// `[class][free square][kind code]`.
    choices: Vec<[[Choices; 4]; 10]>,
    /// [`recip`] of each signature's number of hand digits.
    hand_recip: Vec<u64>,
    /// `[class][square]` → the square's place among the class's free
    /// squares ([`NONE`] for the Lions' squares).
    free_place: Vec<[u8; 12]>,
    /// `[class]` → its [`Flip`].
    flip: Vec<Flip>,
}

impl Compact {
    /// The numbering over `ix`'s table classes.
    pub fn new(ix: Arc<Indexer>) -> Compact {
        let mut sig_base = Vec::new();
        let mut layouts = Vec::new();
        for si in 0..ix.sig_count() {
            sig_base.push(layouts.len() as u32);
            let (n, m, _, _) = ix.sig_shape(si);
            let occs = choose(10, n);
            for occ_r in 0..occs as usize {
                for kind_r in 0..m as usize {
                    let (occ10, seq) = ix.layout_squares(si, occ_r, kind_r);
                    layouts.push(Layout {
                        sig: si as u8,
                        occ10,
                        seq,
                    });
                }
            }
        }
        let choices: Vec<_> = (0..TABLE_CLASSES).map(|c| class_choices(&ix, c)).collect();
        let per_class = layouts.len() as u32;
        assert!(
            TABLE_CLASSES as u64 * per_class as u64 + 1 < u32::MAX as u64,
            "slots fit 32 bits"
        );
        let mut off = Vec::with_capacity(TABLE_CLASSES * layouts.len() + 1);
        let mut at = 0u64;
        for ch in &choices {
            for l in &layouts {
                off.push(at as u32);
                let mut size = ix.sig_shape(l.sig as usize).2 as u64;
                for_pieces(l.occ10, l.seq, |_, fp, code| {
                    size *= ch[fp][code].radix as u64;
                });
                assert!(size < RUN_LIMIT, "a layout's run fits div_small");
                at += size;
            }
        }
        assert!(at < u32::MAX as u64, "numbers fit 32 bits");
        off.push(at as u32);
        let mut bucket = Vec::with_capacity((at >> BUCKET_BITS) as usize + 1);
        let mut l = 0usize;
        for b in 0..at.div_ceil(1 << BUCKET_BITS) {
            let first = (b << BUCKET_BITS) as u32;
            while off[l + 1] <= first {
                l += 1;
            }
            bucket.push(l as u32);
        }
        let hand_recip = (0..ix.sig_count())
            .map(|si| recip(ix.sig_shape(si).2))
            .collect();
        let free_place: Vec<[u8; 12]> = (0..TABLE_CLASSES)
            .map(|c| {
                let mut t = [NONE; 12];
                for (fp, &sq) in ix.class_squares(c).1.iter().enumerate() {
                    t[sq as usize] = fp as u8;
                }
                t
            })
            .collect();
        let flip = (0..TABLE_CLASSES)
            .map(|c| flip_class(&ix, &free_place, c))
            .collect();
        Compact {
            flip,
            ix,
            hand_recip,
            free_place,
            per_class,
            sig_base,
            layouts,
            off,
            bucket,
            choices,
        }
    }

    /// The numbering of the real game.
    pub fn full() -> Arc<Compact> {
        static CX: OnceLock<Arc<Compact>> = OnceLock::new();
        CX.get_or_init(|| Arc::new(Compact::new(Indexer::full())))
            .clone()
    }

    /// The plain numbering underneath.
    pub fn indexer(&self) -> &Arc<Indexer> {
        &self.ix
    }

    /// Numbers in the table.
    pub fn size(&self) -> u64 {
        *self.off.last().expect("at least one entry") as u64
    }

    /// Positions of the table without a number (the side to move takes the Lion).
    pub fn captures(&self) -> u64 {
        self.ix.table_size() - self.size()
    }

    /// The number of a position, if it has one: its Lions stand in a table
    /// class and its side to move cannot take the enemy Lion.
    #[inline]
    pub fn table_index(&self, p: &Pos) -> Option<u64> {
        self.locate(p).map(|(l, local)| self.resolve(l, local))
    }

    /// The number of a position in two parts: its layout's slot in the
    /// table of runs and its place within the run (see [`Compact::resolve`]).
    /// The solver fetches the slot's entry into cache in between: the
    /// table of runs is larger than the processor's nearer caches.
    #[inline]
    pub fn locate(&self, p: &Pos) -> Option<(u32, u32)> {
        let (cls, mir) = self.ix.class_of(p);
        // A capture is told by one look at the enemy Lion's square, before
        // any numbering work (many predecessors in the solver are captures).
        if cls >= TABLE_CLASSES || p.attackers_us(p.lion_them() as usize) != 0 {
            return None;
        }
        let q = if mir { p.mirror() } else { *p };
        Some(self.locate_in(&q, cls))
    }

    /// [`Compact::locate`] for a position known to be numbered, its Lions
    /// on the canonical squares of table class `cls` (no mirror, no
    /// capture test: the solver's predecessors are made so).
    #[inline]
    pub fn locate_in(&self, q: &Pos, cls: usize) -> (u32, u32) {
        debug_assert!(cls < TABLE_CLASSES && self.ix.class_of(q) == (cls, false));
        debug_assert!(q.attackers_us(q.lion_them() as usize) == 0);
        let pt = self.ix.parts(q, cls);
        let ch = &self.choices[cls];
        let (mut r, mut mult, mut nc) = (0u32, 1u32, 0u32);
        for_pieces(pt.occ10, pt.seq, |i, fp, code| {
            let theirs = (pt.own >> i) & 1;
            let chick = (code == 3) as u32;
            let hen = chick & (pt.promo >> nc);
            nc += chick;
            let c = &ch[fp][code];
            let d = c.digit[(theirs * 2 + (hen & 1)) as usize];
            debug_assert!(d != NONE, "a capture passed the attack test");
            r += d as u32 * mult;
            mult *= c.radix as u32;
        });
        let (_, _, h, _) = self.ix.sig_shape(pt.sig);
        let l = cls as u32 * self.per_class + self.sig_base[pt.sig] + pt.layout;
        (l, r * h + pt.hand)
    }

    /// The place of `sq` among the free squares of table class `cls`.
    #[inline(always)]
    pub fn free_place(&self, cls: usize, sq: usize) -> usize {
        self.free_place[cls][sq] as usize
    }

    /// The digit and radix of a piece of kind code `code` (1 Giraffe, 2
    /// Elephant, 3 Chick or Hen) on free square `fp` of class `cls`, whose
    /// (`theirs`, `hen`) choice is `x = theirs * 2 + hen`. The digit is
    /// [`NONE`] for a piece of ours attacking the enemy Lion.
    #[inline(always)]
    pub fn digit(&self, cls: usize, fp: usize, code: usize, x: usize) -> (u32, u32) {
        let c = &self.choices[cls][fp][code];
        (c.digit[x] as u32, c.radix as u32)
    }

    /// [`Compact::locate_in`] from a position's parts: class `cls`, occupied
    /// free squares `occ10`, kind sequence `seq`, `counts` (Giraffes,
    /// Elephants, Chicks on the board), our hand and the pieces' digits
    /// `digits` (the mixed-radix number of the owners and Hens).
    #[inline(always)]
    pub fn locate_parts(
        &self,
        cls: usize,
        occ10: u16,
        seq: u16,
        counts: [u8; 3],
        hand: [u8; 3],
        digits: u32,
    ) -> (u32, u32) {
        let (si, m, h) = self.ix.sig_with(counts);
        let l = cls as u32 * self.per_class
            + self.sig_base[si]
            + self.ix.occ_rank(occ10) * m
            + self.ix.kind_rank(seq);
        (l, digits * h + self.ix.hand_digit(counts, hand))
    }

    /// The number of the place `local` in the run of slot `l` (from [`Compact::locate`]).
    #[inline(always)]
    pub fn resolve(&self, l: u32, local: u32) -> u64 {
        (self.off[l as usize] + local) as u64
    }

    /// Asks the processor to fetch the run start of slot `l` (a hint only).
    #[inline(always)]
    pub fn prefetch_slot(&self, l: u32) {
        super::bytes::prefetch(&self.off[l as usize]);
    }

    /// The position with a number (the canonical mirror image).
    #[inline]
    pub fn unrank(&self, idx: u64) -> Pos {
        self.unrank_group(idx).0
    }

    /// The position with a number, and where it stands in its group of
    /// consecutive numbers that differ only in the hands.
    pub fn unrank_group(&self, idx: u64) -> (Pos, HandGroup) {
        let cur = &mut Cursor::default();
        let (board, si, hand) = self.unrank_parts(idx, cur);
        if let Some(b) = board {
            let ch = &self.choices[b.cls];
            let (mut r, mut own, mut promo, mut nc) = (b.digits, 0u32, 0u32, 0u32);
            for_pieces(b.occ10, b.seq, |i, fp, code| {
                let x = next_choice(&ch[fp][code], &mut r) as u32;
                own |= (x >> 1) << i;
                let chick = (code == 3) as u32;
                promo |= (x & chick) << nc;
                nc += chick;
            });
            cur.pos = self.ix.build_board(b.cls, b.occ10, b.seq, own, promo);
        }
        let mut p = cur.pos;
        let group = self.ix.set_hand(&mut p, si, hand);
        (p, group)
    }

    /// Calls `f(board, first, end, group)` for each board of the numbers
    /// `lo..hi`, in order: the board (hands empty) of the numbers
    /// `first..end` (a hand group, cut at `lo` and `hi`), and the group at
    /// `first`. Walks each layout with an odometer over its pieces' digits:
    /// the next board changes the lowest piece, or a few on a carry,
    /// instead of being built anew.
    pub fn for_each_board(&self, lo: u64, hi: u64, mut f: impl FnMut(&Pos, u64, u64, HandGroup)) {
        debug_assert!(lo <= hi && hi <= self.size());
        let (mut idx, hi) = (lo as u32, hi as u32);
        if idx >= hi {
            return;
        }
        let mut l = self.bucket[(idx >> BUCKET_BITS) as usize] as usize;
        while idx < hi {
            while self.off[l + 1] <= idx {
                l += 1;
            }
            let (start, end) = (self.off[l], self.off[l + 1].min(hi));
            let cls = l / self.per_class as usize;
            let lay = self.layouts[l % self.per_class as usize];
            let si = lay.sig as usize;
            let (_, _, h, _) = self.ix.sig_shape(si);
            let run = idx - start;
            let r = div_small(run, self.hand_recip[si]);
            let mut hand = run - r * h;
            let mut odo = Odometer::new(self, cls, lay, r);
            let mut board_end = start + (r + 1) * h;
            loop {
                let stop = board_end.min(end);
                f(
                    &odo.pos,
                    idx as u64,
                    stop as u64,
                    self.ix.hand_group(si, hand),
                );
                idx = stop;
                if idx >= end {
                    break;
                }
                odo.advance();
                hand = 0;
                board_end += h;
            }
        }
    }

    /// A number in parts, for numbers met in ascending order: its board
    /// (`None` if the same as the last number's, which `cur` remembers),
    /// signature and hand digit.
    #[inline(always)]
    pub fn unrank_parts(&self, idx: u64, cur: &mut Cursor) -> (Option<BoardParts>, usize, u32) {
        debug_assert!(idx < self.size());
        let idx = idx as u32;
        if !(cur.lo <= idx && idx < cur.hi) {
            let mut l = self.bucket[(idx >> BUCKET_BITS) as usize] as usize;
            while self.off[l + 1] <= idx {
                l += 1;
            }
            *cur = Cursor {
                l: l as u32,
                lo: self.off[l],
                hi: self.off[l + 1],
                board: u32::MAX,
                pos: Pos::default(),
            };
        }
        let l = cur.l as usize;
        let lay = self.layouts[l % self.per_class as usize];
        let si = lay.sig as usize;
        let (_, _, h, _) = self.ix.sig_shape(si);
        let run = idx - cur.lo;
        let r = div_small(run, self.hand_recip[si]);
        let hand = run - r * h;
        if r == cur.board {
            return (None, si, hand);
        }
        cur.board = r;
        let board = BoardParts {
            cls: l / self.per_class as usize,
            occ10: lay.occ10,
            seq: lay.seq,
            digits: r,
        };
        (Some(board), si, hand)
    }

    /// The choice (`theirs * 2 + hen`) of the piece of kind code `code` on
    /// free square `fp` of class `cls` whose digit is the lowest of
    /// `digits`; the digit is taken off `digits`.
    #[inline(always)]
    pub fn next_choice(&self, cls: usize, fp: usize, code: usize, digits: &mut u32) -> usize {
        next_choice(&self.choices[cls][fp][code], digits)
    }

    /// Where the free squares of table class `cls` go seen from the other side.
    #[inline(always)]
    pub fn flip(&self, cls: usize) -> &Flip {
        &self.flip[cls]
    }
}

/// The boards of one layout in the order of their digits (see
/// [`Compact::for_each_board`]).
struct Odometer<'a> {
    pos: Pos,
    n: usize,
    /// Each piece's square (a bit), kind code, choices and digit.
    bit: [u16; 6],
    code: [u8; 6],
    ch: [&'a Choices; 6],
    digit: [u8; 6],
}

impl<'a> Odometer<'a> {
    /// The board of digits `r` of layout `lay` in class `cls`.
    #[inline(always)]
    fn new(cx: &'a Compact, cls: usize, lay: Layout, mut r: u32) -> Odometer<'a> {
        let ((a, b), free) = cx.ix.class_squares(cls);
        let chs = &cx.choices[cls];
        let mut o = Odometer {
            pos: Pos {
                us: 1 << a,
                them: 1 << b,
                ..Pos::default()
            },
            n: 0,
            bit: [0; 6],
            code: [0; 6],
            ch: [&chs[0][0]; 6],
            digit: [0; 6],
        };
        o.pos.kind[LION] = (1 << a) | (1 << b);
        for_pieces(lay.occ10, lay.seq, |i, fp, code| {
            let i = i as usize;
            let c = &chs[fp][code];
            let radix = c.radix as u32;
            let q = div_small(r, RADIX_RECIP[radix as usize]);
            o.digit[i] = (r - q * radix) as u8;
            r = q;
            o.bit[i] = 1 << free[fp];
            o.code[i] = code as u8;
            o.ch[i] = c;
            o.n = i + 1;
            o.set(i);
        });
        o
    }

    /// Puts piece `i` on the board as its digit says (its square cleared first).
    #[inline(always)]
    fn set(&mut self, i: usize) {
        let (b, code) = (self.bit[i], self.code[i] as usize);
        let x = self.ch[i].choice[self.digit[i] as usize] as usize;
        let p = &mut self.pos;
        p.us &= !b;
        p.them &= !b;
        if code == 3 {
            p.kind[CHICK] &= !b;
            p.kind[HEN] &= !b;
        }
        // Codes 1–3 are the kinds Giraffe, Elephant, Chick; a Hen is the next.
        p.kind[code + (code == 3 && x & 1 != 0) as usize] |= b;
        if x & 2 != 0 {
            p.them |= b;
        } else {
            p.us |= b;
        }
    }

    /// The next board of the layout (the caller knows there is one).
    #[inline(always)]
    fn advance(&mut self) {
        for i in 0..self.n {
            self.digit[i] += 1;
            if self.digit[i] < self.ch[i].radix {
                self.set(i);
                return;
            }
            self.digit[i] = 0;
            self.set(i);
        }
        debug_assert!(false, "advanced past the layout's last board");
    }
}

/// [`Compact::next_choice`] from the piece's [`Choices`].
#[inline(always)]
fn next_choice(c: &Choices, digits: &mut u32) -> usize {
    let radix = c.radix as u32;
    let q = div_small(*digits, RADIX_RECIP[radix as usize]);
    let x = c.choice[(*digits - q * radix) as usize] as usize;
    *digits = q;
    x
}

/// The [`Flip`] of table class `cls`. The class seen from the other side
/// is a table class too: a Lion there on its far rank, or the enemy's on
/// its home rank, would be one here on the home rank or far rank, and the
/// table has no such positions.
fn flip_class(ix: &Indexer, free_place: &[[u8; 12]], cls: usize) -> Flip {
    let ((a, b), free) = ix.class_squares(cls);
    let (fc, fm) = ix.class_at(11 - b as usize, 11 - a as usize);
    let mut out = Flip {
        cls: fc,
        sq: [0; 10],
        fp: [NONE; 10],
    };
    if fc >= TABLE_CLASSES {
        // Not met: see above (`fp` stays NONE, so a use would show).
        return out;
    }
    for (i, &s) in free.iter().enumerate() {
        let t = 11 - s as usize;
        let t = if fm { (t / 3) * 3 + 2 - t % 3 } else { t };
        out.sq[i] = t as u8;
        out.fp[i] = free_place[fc][t];
    }
    out
}

/// What [`Compact::unrank_parts`] remembers of the last number, so numbers
/// met in ascending order (the settled cursor's) skip finding their layout
/// and, within one board, building it.
#[derive(Clone, Copy, Default)]
pub(crate) struct Cursor {
    /// The layout's slot.
    l: u32,
    /// Its numbers: `lo..hi` (empty at first).
    lo: u32,
    hi: u32,
    /// The board's digits within the layout (`u32::MAX`: none yet).
    board: u32,
    /// The board, hands empty.
    pos: Pos,
}

/// Calls `f(i, free square, kind code)` for each piece of a layout, in the
/// order of the squares.
#[inline(always)]
pub(crate) fn for_pieces(occ10: u16, seq: u16, mut f: impl FnMut(u32, usize, usize)) {
    let mut m = occ10;
    let mut i = 0;
    while m != 0 {
        let fp = m.trailing_zeros() as usize;
        m &= m - 1;
        f(i, fp, ((seq >> (2 * i)) & 3) as usize);
        i += 1;
    }
}

fn choose(n: u32, k: u32) -> u32 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The choices of every kind code on every free square of a class: those
/// of ours that would attack the enemy Lion are left out.
fn class_choices(ix: &Indexer, cls: usize) -> [[Choices; 4]; 10] {
    let ((a, b), free) = ix.class_squares(cls);
    let empty = Choices {
        radix: 0,
        digit: [NONE; 4],
        choice: [0; 4],
    };
    let mut out = [[empty; 4]; 10];
    for (fp, &sq) in free.iter().enumerate() {
        for (code, c) in out[fp].iter_mut().enumerate().skip(1) {
            for theirs in 0..2u8 {
                for hen in 0..(1 + (code == 3) as u8) {
                    let kind = match (code, hen) {
                        (3, 1) => HEN,
                        (3, _) => CHICK,
                        (2, _) => ELEPHANT,
                        _ => GIRAFFE,
                    };
                    let mut p = Pos {
                        us: 1 << a,
                        them: 1 << b,
                        ..Pos::default()
                    };
                    p.kind[LION] = (1 << a) | (1 << b);
                    p.kind[kind] |= 1 << sq;
                    if theirs == 1 {
                        p.them |= 1 << sq;
                    } else {
                        p.us |= 1 << sq;
                    }
                    if p.attackers_us(b as usize) != 0 {
                        continue;
                    }
                    let x = theirs * 2 + hen;
                    c.digit[x as usize] = c.radix;
                    c.choice[c.radix as usize] = x;
                    c.radix += 1;
                }
            }
        }
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::solve::board::{Convention, Status};

    /// Small materials (Lions plus a few pieces) whose every entry a test
    /// can afford to check.
    pub(crate) const SMALL_MATERIALS: [[u8; 3]; 6] = [
        [1, 0, 1],
        [0, 2, 0],
        [1, 1, 1],
        [0, 0, 2],
        [2, 0, 0],
        [1, 2, 1],
    ];

    /// Every position of the plain table numbering either has a compact
    /// number that leads back to it, or lets its side to move take the Lion;
    /// and the compact numbers are exactly `0..size`.
    #[test]
    fn compact_numbers_every_open_position_once() {
        for material in [[1, 0, 1], [0, 2, 0], [1, 1, 1], [0, 0, 2]] {
            let ix = Arc::new(Indexer::new(material));
            let cx = Compact::new(ix.clone());
            let mut seen = vec![false; cx.size() as usize];
            for i in 0..ix.table_size() {
                let p = ix.unrank(i);
                let capture = p.status(Convention::Seed) == Status::Capture;
                match cx.table_index(&p) {
                    None => assert!(capture, "{material:?} {i}: open but no number"),
                    Some(c) => {
                        assert!(!capture, "{material:?} {i}: a capture numbered");
                        assert!(!seen[c as usize], "{material:?}: {c} twice");
                        seen[c as usize] = true;
                        let (q, g) = cx.unrank_group(c);
                        assert_eq!(q, p, "{material:?}: {c} unranks elsewhere");
                        let (_, g0) = ix.unrank_group(i);
                        assert_eq!((g.digit, g.size), (g0.digit, g0.size));
                        let kinds = q.hand[0].iter().filter(|&&x| x > 0).count() as u32;
                        assert_eq!(g.kinds_in_hand(g.digit), kinds, "{material:?} {c}");
                    }
                }
            }
            assert!(seen.iter().all(|&s| s), "{material:?}: a number unused");
        }
    }

    /// `for_each_board` over `lo..hi` visits every number once, in order,
    /// each with the board and hand group of unranking it alone.
    fn check_boards(cx: &Compact, lo: u64, hi: u64) {
        let mut next = lo;
        cx.for_each_board(lo, hi, |p, first, end, group| {
            assert_eq!(first, next, "numbers skipped or repeated");
            assert!(
                first < end && end <= hi,
                "{first}..{end} outside {lo}..{hi}"
            );
            for j in first..end {
                let (mut q, g) = cx.unrank_group(j);
                assert_eq!(g.digit, group.digit + (j - first) as u32, "entry {j}");
                assert_eq!(g.size, group.size, "entry {j}");
                assert_eq!(
                    g.kinds_in_hand(g.digit),
                    group.kinds_in_hand(g.digit),
                    "entry {j}"
                );
                q.hand = [[0; 3]; 2];
                assert_eq!(*p, q, "entry {j}");
            }
            next = end;
        });
        assert_eq!(next, hi.max(lo), "numbers left out");
    }

    /// Every entry of small materials, whole and in ranges cut anywhere,
    /// and ranges spread over the real game.
    #[test]
    fn boards_walked_layout_by_layout_are_the_unranked_ones() {
        for material in SMALL_MATERIALS {
            let cx = Compact::new(Arc::new(Indexer::new(material)));
            let n = cx.size();
            check_boards(&cx, 0, n);
            for k in 0..200u64 {
                let lo = k.wrapping_mul(0x9E37_79B9_7F4A_7C15) % n;
                check_boards(&cx, lo, (lo + k * 37 % 1000).min(n));
            }
        }
        let cx = Compact::full();
        let n = cx.size();
        for k in 0..50u64 {
            let lo = k.wrapping_mul(0x9E37_79B9_7F4A_7C15) % n;
            check_boards(&cx, lo, (lo + 5000).min(n));
        }
        check_boards(&cx, n - 3000, n);
    }

    #[test]
    fn div_small_is_exact() {
        for d in 1..=64u32 {
            let m = recip(d);
            for r in (0..RUN_LIMIT as u32)
                .step_by(7)
                .chain(RUN_LIMIT as u32 - 64..RUN_LIMIT as u32)
            {
                assert_eq!(div_small(r, m), r / d, "{r} / {d}");
            }
        }
    }
}
