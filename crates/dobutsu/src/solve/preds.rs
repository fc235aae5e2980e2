//! The numbers of a settled position's predecessors, worked out from the
//! position's own description square by square instead of ranking each
//! predecessor from scratch.
//!
//! A move undone that is not the Lion's keeps the Lions where they are, so
//! every such predecessor has the Lion class, the mirror image and all but
//! one or two pieces of the settled position (seen from the mover). Those
//! are described once per settled position: for each free square of the
//! class, the kind code standing there and its digit and radix in the
//! table's numbering ([`Compact`]). A predecessor then changes one or two
//! squares' entries, and its number follows from one pass over its pieces
//! (at most six) gathering the kind sequence and the digits, plus a few
//! lookups for the layout. A Lion moved back changes the class (and maybe
//! the mirror image): the same pieces are then described anew in the new
//! class, still without looking at the board again.

use super::board::{CHICK, HEN, LION, Pos, SLOT_KIND};
use super::compact::{BoardParts, Compact, Cursor, NONE, for_pieces};
use crate::tables::STEPS;

const RANK4: u16 = 0b111_000_000_000;

/// The kind code of a kind (1 Giraffe, 2 Elephant, 3 Chick or Hen).
#[inline(always)]
fn code_of(k: usize) -> usize {
    debug_assert!(k != LION);
    k.min(CHICK)
}

/// The hand slot of a kind code (slots Chick, Elephant, Giraffe).
#[inline(always)]
fn slot_of_code(code: usize) -> usize {
    3 - code
}

/// The pieces other than the Lions of a position: square, kind code and
/// choice (`theirs * 2 + hen`), at most six.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Pieces {
    n: usize,
    sq: [u8; 6],
    code: [u8; 6],
    x: [u8; 6],
}

/// The left–right mirror of a square.
#[inline(always)]
fn sq_mirror(s: usize) -> usize {
    (s / 3) * 3 + 2 - s % 3
}

/// A position of one table class, square by square over the class's free
/// squares (seen from the mover, canonical mirror image).
#[derive(Clone, Copy, Debug)]
struct Squares {
    cls: usize,
    /// Occupied free squares.
    occ: u16,
    /// Kind code on each occupied free square.
    code: [u16; 10],
    /// Digit and radix of the piece on each occupied free square.
    dig: [u32; 10],
    rad: [u32; 10],
    /// Giraffes, Elephants, Chicks (and Hens) on the board.
    counts: [u8; 3],
    /// Our hand (slots Chick, Elephant, Giraffe).
    hand: [u8; 3],
}

impl Squares {
    /// No piece on the board yet, in class `cls`.
    #[inline(always)]
    fn empty(cls: usize, counts: [u8; 3], hand: [u8; 3]) -> Squares {
        Squares {
            cls,
            occ: 0,
            code: [0; 10],
            dig: [0; 10],
            rad: [1; 10],
            counts,
            hand,
        }
    }

    #[cfg(test)]
    /// The description of `g`, whose Lions stand on the canonical squares
    /// of `cls`; its pieces into `pieces`.
    #[inline]
    fn new(cx: &Compact, g: &Pos, cls: usize, pieces: &mut Pieces) -> Squares {
        let mut s = Squares::empty(cls, [0; 3], g.hand[0]);
        let mut m = (g.us | g.them) & !g.kind[LION];
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let k = g.kind_at(1 << sq);
            let x = ((g.them >> sq) & 1) as usize * 2 + (k == HEN) as usize;
            s.put(cx, cx.free_place(cls, sq), code_of(k), x);
            s.counts[code_of(k) - 1] += 1;
            pieces.sq[pieces.n] = sq as u8;
            pieces.code[pieces.n] = code_of(k) as u8;
            pieces.x[pieces.n] = x as u8;
            pieces.n += 1;
        }
        s
    }

    /// The description of `pieces` (their squares mirrored if `mirror`) in
    /// class `cls`, with `counts` and `hand` as given.
    #[inline(always)]
    fn of_pieces(
        cx: &Compact,
        pieces: &Pieces,
        cls: usize,
        mirror: bool,
        counts: [u8; 3],
        hand: [u8; 3],
    ) -> Squares {
        let mut s = Squares::empty(cls, counts, hand);
        for i in 0..pieces.n {
            let sq = pieces.sq[i] as usize;
            let sq = if mirror { sq_mirror(sq) } else { sq };
            let fp = cx.free_place(cls, sq);
            s.put(cx, fp, pieces.code[i] as usize, pieces.x[i] as usize);
        }
        s
    }

    /// Puts a piece of code `code` and choice `x` on free square `fp` (the
    /// counts are the caller's).
    #[inline(always)]
    fn put(&mut self, cx: &Compact, fp: usize, code: usize, x: usize) {
        let (d, r) = cx.digit(self.cls, fp, code, x);
        self.occ |= 1 << fp;
        self.code[fp] = code as u16;
        self.dig[fp] = d;
        self.rad[fp] = r;
    }

    /// The number (slot and place, as [`Compact::locate`]) of the position described.
    #[inline(always)]
    fn locate(&self, cx: &Compact) -> (u32, u32) {
        // Most significant piece (the highest square) first.
        let (mut r, mut seq, mut m) = (0u32, 0u16, self.occ);
        while m != 0 {
            let fp = 15 - m.leading_zeros() as usize;
            m ^= 1 << fp;
            debug_assert!(
                self.dig[fp] != NONE as u32,
                "a capture among the predecessors"
            );
            r = r * self.rad[fp] + self.dig[fp];
            seq = seq << 2 | self.code[fp];
        }
        cx.locate_parts(self.cls, self.occ, seq, self.counts, self.hand, r)
    }
}

/// [`locate_settled`] of the settled position `p` given as a board (the
/// tests' way in).
#[cfg(test)]
pub(crate) fn locate_predecessors(cx: &Compact, p: &Pos, out: &mut Vec<(u32, u32)>) {
    locate_settled(cx, &Settled::of_pos(cx, p), out);
}

/// A settled position as the side that moved into it sees it, in the
/// canonical mirror image of the Lions' class there (every predecessor
/// that leaves the Lions in place is numbered in that class as it
/// stands): the board, its pieces other than the Lions and its
/// description square by square.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settled {
    /// The board (hands empty: they are in `sq`).
    g: Pos,
    /// Whether the Lions' class is its own mirror.
    psym: bool,
    pieces: Pieces,
    sq: Squares,
}

impl Settled {
    /// From the position `p` (seen from its side to move): turned round,
    /// mirrored and described (the way the solver took before; the tests
    /// check the one from the number against it).
    #[cfg(test)]
    pub(crate) fn of_pos(cx: &Compact, p: &Pos) -> Settled {
        let ix = cx.indexer();
        let f = p.flip();
        let (cls, mir) = ix.class_of(&f);
        let mut g = if mir { f.mirror() } else { f };
        let mut pieces = Pieces::default();
        let sq = Squares::new(cx, &g, cls, &mut pieces);
        g.hand = [[0; 3]; 2];
        Settled {
            g,
            psym: ix.class_sym(cls),
            pieces,
            sq,
        }
    }

    /// From the parts of its number: each piece goes straight to its
    /// square seen from the mover ([`Compact::flip`]), with no board of
    /// the side to move built, turned or classed first.
    #[inline(always)]
    fn of_parts(cx: &Compact, b: &BoardParts, hand: [u8; 3]) -> Settled {
        let ix = cx.indexer();
        let fl = cx.flip(b.cls);
        let cls = fl.cls;
        let (la, lb) = ix.class_squares(cls).0;
        let mut g = Pos {
            us: 1 << la,
            them: 1 << lb,
            ..Pos::default()
        };
        g.kind[LION] = g.us | g.them;
        let mut s = Squares::empty(cls, [0; 3], hand);
        let mut pieces = Pieces::default();
        let mut r = b.digits;
        for_pieces(b.occ10, b.seq, |i, fp, code| {
            // Seen from the other side, the owner changes.
            let x = cx.next_choice(b.cls, fp, code, &mut r) ^ 2;
            let (t, ft) = (fl.sq[fp] as usize, fl.fp[fp] as usize);
            let bit = 1u16 << t;
            // Codes 1–3 are the kinds Giraffe, Elephant, Chick; a Hen is the next.
            g.kind[code + (code == 3 && x & 1 != 0) as usize] |= bit;
            if x & 2 != 0 {
                g.them |= bit;
            } else {
                g.us |= bit;
            }
            s.put(cx, ft, code, x);
            s.counts[code - 1] += 1;
            let i = i as usize;
            pieces.sq[i] = t as u8;
            pieces.code[i] = code as u8;
            pieces.x[i] = x as u8;
            pieces.n = i + 1;
        });
        Settled {
            g,
            psym: ix.class_sym(cls),
            pieces,
            sq: s,
        }
    }
}

/// [`Settled`] positions for numbers met in ascending order: one with the
/// board of the last (it differs only in the hands) is the last one with
/// the mover's hand changed.
#[derive(Default)]
pub(crate) struct SettledCursor {
    cur: Cursor,
    last: Option<Settled>,
}

impl SettledCursor {
    /// The settled position of number `idx` (see [`Settled::of_parts`]).
    #[inline]
    pub(crate) fn at(&mut self, cx: &Compact, idx: u64) -> &Settled {
        let (board, si, hand) = cx.unrank_parts(idx, &mut self.cur);
        // The mover's hand is the side to move's opponent's.
        let hand = cx.indexer().hands(si, hand)[1];
        if let Some(b) = board {
            self.last = Some(Settled::of_parts(cx, &b, hand));
        }
        let last = self
            .last
            .as_mut()
            .expect("a cursor that knows a board has its description");
        last.sq.hand = hand;
        last
    }
}

/// Pushes to `out` the number, split as [`Compact::locate`] gives it, of
/// every predecessor of the settled position `st` (each once per move into
/// it, both mirror images where the Lions' class is its own mirror: both
/// have numbers). The same numbers as locating each of
/// `Pos::predecessors` in turn (a test checks it). Predecessors that can
/// take the Lion have no number and are left out.
#[inline]
pub(crate) fn locate_settled(cx: &Compact, st: &Settled, out: &mut Vec<(u32, u32)>) {
    let (g, psym, pieces) = (&st.g, st.psym, &st.pieces);
    let cls = st.sq.cls;
    let lt = g.lion_them() as usize;
    let att = g.attackers_us(lt);
    // A predecessor takes the Lion iff one of its pieces of ours attacks it
    // (see `Pos::predecessors`): with two attackers all of them do; with
    // one, only moving it back can give a numbered predecessor.
    if att.count_ones() >= 2 {
        return;
    }
    let empty = 0x0fff & !(g.us | g.them);
    let mut sq = st.sq;
    let mut own = if att != 0 { att } else { g.us };
    while own != 0 {
        let t = own.trailing_zeros() as usize;
        own &= own - 1;
        let k = g.kind_at(1 << t);
        if k == LION {
            lion_moves_back(cx, &sq, pieces, g, t, psym, out);
            continue;
        }
        let ft = cx.free_place(cls, t);
        let code = code_of(k);
        let saved = (sq.code[ft], sq.dig[ft], sq.rad[ft]);
        // Un-drop.
        if k != HEN {
            sq.occ ^= 1 << ft;
            sq.counts[code - 1] -= 1;
            sq.hand[slot_of_code(code)] += 1;
            out.push(sq.locate(cx));
            sq.occ ^= 1 << ft;
            sq.counts[code - 1] += 1;
            sq.hand[slot_of_code(code)] -= 1;
        }
        // Un-step: (origin is a Hen, origins), as in `Pos::predecessors`.
        let mut origins: [(bool, u16); 2] = [(k == HEN, 0), (false, 0)];
        if k == CHICK {
            // From the square below, unless on the home rank (or the far
            // rank, where a Chick that stepped would be a Hen).
            if (3..9).contains(&t) {
                origins[0].1 = (1 << (t - 3)) & empty;
            }
        } else {
            origins[0].1 = STEPS[1][k][t] & empty;
            if k == HEN && t >= 9 {
                origins[1].1 = (1 << (t - 3)) & empty;
            }
        }
        for &(hen, mut from) in &origins {
            // Not from a square where the piece would attack the enemy Lion.
            let ok = if hen {
                HEN
            } else if k == HEN {
                CHICK
            } else {
                k
            };
            from &= !STEPS[1][ok][lt];
            while from != 0 {
                let fr = from.trailing_zeros() as usize;
                from &= from - 1;
                let ff = cx.free_place(cls, fr);
                sq.occ ^= 1 << ft;
                sq.put(cx, ff, code, hen as usize);
                out.push(sq.locate(cx));
                uncaptures(cx, &mut sq, ft, out);
                sq.occ ^= 1 << ft | 1 << ff;
            }
        }
        (sq.code[ft], sq.dig[ft], sq.rad[ft]) = saved;
    }
}

/// The predecessors where our Lion moves back from `t` (with an enemy
/// piece taken there or not) to a square of another Lion class: the pieces
/// of `base` (the mover's view `g`, its pieces `pieces`) described anew in
/// that class, once per mirror image that has a number.
#[inline(never)]
fn lion_moves_back(
    cx: &Compact,
    base: &Squares,
    pieces: &Pieces,
    g: &Pos,
    t: usize,
    psym: bool,
    out: &mut Vec<(u32, u32)>,
) {
    let ix = cx.indexer();
    let lt = g.lion_them() as usize;
    let empty = 0x0fff & !(g.us | g.them);
    // A Lion never stood on its far rank in an open position, nor beside
    // the enemy Lion.
    let mut from = STEPS[1][LION][t] & empty & !RANK4 & !STEPS[1][LION][lt];
    while from != 0 {
        let fr = from.trailing_zeros() as usize;
        from &= from - 1;
        let (qc, qm) = ix.class_at(fr, lt);
        // The settled position's class is its own mirror: its mirror image
        // is settled on its own and counts this predecessor's image.
        if psym && qm {
            continue;
        }
        lion_in_class(cx, base, pieces, t, qc, qm, out);
        if !psym && ix.class_sym(qc) {
            lion_in_class(cx, base, pieces, t, qc, !qm, out);
        }
    }
}

/// [`lion_moves_back`] in class `cls`, mirrored or not.
#[inline(always)]
fn lion_in_class(
    cx: &Compact,
    base: &Squares,
    pieces: &Pieces,
    t: usize,
    cls: usize,
    mirror: bool,
    out: &mut Vec<(u32, u32)>,
) {
    let mut sq = Squares::of_pieces(cx, pieces, cls, mirror, base.counts, base.hand);
    out.push(sq.locate(cx));
    let ft = cx.free_place(cls, if mirror { sq_mirror(t) } else { t });
    uncaptures(cx, &mut sq, ft, out);
}

/// The captures undone on `ft`: each kind of theirs in our hand put back
/// there (a Chick also as a Hen), numbered into `out`. `ft` must be empty
/// in `sq`'s occupancy; it is empty again afterwards, and the hand and the
/// counts are as they were.
#[inline(always)]
fn uncaptures(cx: &Compact, sq: &mut Squares, ft: usize, out: &mut Vec<(u32, u32)>) {
    for (s, &ck) in SLOT_KIND.iter().enumerate() {
        if sq.hand[s] == 0 {
            continue;
        }
        let cc = code_of(ck);
        sq.hand[s] -= 1;
        sq.counts[cc - 1] += 1;
        sq.put(cx, ft, cc, 2);
        out.push(sq.locate(cx));
        if ck == CHICK {
            sq.put(cx, ft, cc, 3);
            out.push(sq.locate(cx));
        }
        sq.occ ^= 1 << ft;
        sq.hand[s] += 1;
        sq.counts[cc - 1] -= 1;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::solve::board::{Convention, Status};
    use crate::solve::compact::tests::SMALL_MATERIALS;
    use crate::solve::index::Indexer;

    /// The numbers the solver used before: each of `Pos::predecessors`
    /// ranked from scratch.
    fn reference(cx: &Compact, p: &Pos) -> Vec<(u32, u32)> {
        let ix = cx.indexer();
        let mut preds = Vec::new();
        p.predecessors(&mut preds);
        let psym = ix.class_sym(ix.class_of(p).0);
        let mut out = Vec::new();
        for q in preds.iter() {
            let (qc, qm) = ix.class_of(q);
            if psym && qm {
                continue;
            }
            let q = if qm { q.mirror() } else { *q };
            out.push(cx.locate_in(&q, qc));
            if !psym && ix.class_sym(qc) {
                out.push(cx.locate_in(&q.mirror(), qc));
            }
        }
        out
    }

    fn check(cx: &Compact, idx: u64) {
        let p = cx.unrank(idx);
        // The solver asks only for the predecessors of open positions.
        if p.status(Convention::Seed) != Status::Open {
            return;
        }
        let mut want = reference(cx, &p);
        let mut got = Vec::new();
        locate_predecessors(cx, &p, &mut got);
        want.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, want, "entry {idx}");
    }

    /// What a settled position's description says, in a form to compare:
    /// the pieces sorted, the squares' entries only where occupied.
    fn canonical(s: &Settled) -> impl PartialEq + std::fmt::Debug {
        let mut pieces: Vec<_> = (0..s.pieces.n)
            .map(|i| (s.pieces.sq[i], s.pieces.code[i], s.pieces.x[i]))
            .collect();
        pieces.sort_unstable();
        let sq = &s.sq;
        let entries: Vec<_> = (0..10)
            .filter(|fp| sq.occ >> fp & 1 != 0)
            .map(|fp| (fp, sq.code[fp], sq.dig[fp], sq.rad[fp]))
            .collect();
        let head = (sq.cls, sq.occ, sq.counts, sq.hand);
        (s.g, s.psym, pieces, entries, head)
    }

    /// The description built from numbers `idx` (in ascending order, one
    /// cursor) equals the one built from the board, turned and mirrored.
    fn check_described(cx: &Compact, idx: impl Iterator<Item = u64>) {
        let mut cur = SettledCursor::default();
        for i in idx {
            let from_board = Settled::of_pos(cx, &cx.unrank(i));
            let from_number = cur.at(cx, i);
            assert_eq!(canonical(from_number), canonical(&from_board), "entry {i}");
        }
    }

    /// Every entry of small materials, and a seeded spread sample of the
    /// real game's in runs of consecutive numbers (so the cursor both
    /// keeps the board and moves on): the description from the number is
    /// the one from the board.
    #[test]
    fn description_from_the_number_equals_the_boards() {
        for material in SMALL_MATERIALS {
            let cx = Compact::new(Arc::new(Indexer::new(material)));
            check_described(&cx, 0..cx.size());
        }
        let cx = Compact::full();
        let n = cx.size();
        let mut starts: Vec<u64> = (0..20_000u64)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15) % (n - 16))
            .collect();
        starts.sort_unstable();
        check_described(&cx, starts.into_iter().flat_map(|s| s..s + 16));
    }

    /// Every entry of small materials: the same predecessors' numbers, as
    /// many times each, as ranking each predecessor from scratch.
    #[test]
    fn same_numbers_as_ranking_each_predecessor() {
        for material in [[1, 0, 1], [0, 2, 0], [1, 1, 1], [0, 0, 2], [2, 0, 0]] {
            let cx = Compact::new(Arc::new(Indexer::new(material)));
            for idx in 0..cx.size() {
                check(&cx, idx);
            }
        }
    }

    /// A seeded spread sample of the real game's entries.
    #[test]
    fn same_numbers_on_the_full_material() {
        let cx = Compact::full();
        let n = cx.size();
        for k in 0..200_000u64 {
            let idx = k.wrapping_mul(0x9E37_79B9_7F4A_7C15) % n;
            check(&cx, idx);
        }
    }
}
