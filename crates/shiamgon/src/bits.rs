//! A set of up to 256 fields as four machine words.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of fields (index 0–255), one bit each. Boards have at most 256
/// fields, so four words hold any set and every set operation is four
/// instructions.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(pub [u64; 4]);

impl Bits {
    /// The empty set.
    pub const EMPTY: Bits = Bits([0; 4]);

    /// The set of the first `n` fields.
    pub fn first(n: usize) -> Bits {
        let mut b = Bits::EMPTY;
        for i in 0..n {
            b.insert(i);
        }
        b
    }

    /// The set holding only `i`.
    #[inline]
    pub fn single(i: usize) -> Bits {
        let mut b = Bits::EMPTY;
        b.insert(i);
        b
    }

    /// Whether `i` is in the set.
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    /// Adds `i`.
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes `i`.
    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// True when no field is in the set.
    #[inline]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// The number of fields in the set.
    #[inline]
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set holds two fields or more: `count() >= 2` without
    /// counting (a population count is slow on the baseline x86-64 target,
    /// and the searches ask this for every stone).
    #[inline]
    pub fn has_two(&self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// The `k`-th lowest field in the set (from 0), if it has that many.
    #[inline]
    pub fn nth(&self, mut k: usize) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            let n = w.count_ones() as usize;
            if k < n {
                let mut w = w;
                for _ in 0..k {
                    w &= w - 1;
                }
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
            k -= n;
        }
        None
    }

    /// The lowest field in the set.
    #[inline]
    pub fn first_set(&self) -> Option<usize> {
        for (k, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(k * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The fields in increasing order.
    #[inline]
    pub fn iter(&self) -> BitsIter {
        BitsIter {
            words: self.0,
            k: 0,
        }
    }
}

/// Iterator over the fields of a [`Bits`], increasing.
pub struct BitsIter {
    words: [u64; 4],
    k: usize,
}

impl Iterator for BitsIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.k < 4 {
            let w = self.words[self.k];
            if w != 0 {
                self.words[self.k] = w & (w - 1);
                return Some(self.k * 64 + w.trailing_zeros() as usize);
            }
            self.k += 1;
        }
        None
    }
}

impl BitOr for Bits {
    type Output = Bits;
    #[inline]
    fn bitor(self, o: Bits) -> Bits {
        Bits([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
}

impl BitAnd for Bits {
    type Output = Bits;
    #[inline]
    fn bitand(self, o: Bits) -> Bits {
        Bits([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
}

impl Not for Bits {
    type Output = Bits;
    #[inline]
    fn not(self) -> Bits {
        Bits([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl BitOrAssign for Bits {
    #[inline]
    fn bitor_assign(&mut self, o: Bits) {
        *self = *self | o;
    }
}

impl BitAndAssign for Bits {
    #[inline]
    fn bitand_assign(&mut self, o: Bits) {
        *self = *self & o;
    }
}

impl FromIterator<usize> for Bits {
    fn from_iter<I: IntoIterator<Item = usize>>(it: I) -> Bits {
        let mut b = Bits::EMPTY;
        for i in it {
            b.insert(i);
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: Bits = [0, 63, 64, 200, 255].into_iter().collect();
        assert_eq!(a.count(), 5);
        assert!(a.contains(200) && !a.contains(199));
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![0, 63, 64, 200, 255]);
        assert_eq!(a.first_set(), Some(0));
        let b = Bits::first(64);
        assert_eq!((a & b).count(), 2);
        assert_eq!((a & !b).iter().collect::<Vec<_>>(), vec![64, 200, 255]);
        let mut c = a;
        c.remove(0);
        assert_eq!(c.first_set(), Some(63));
        assert!(Bits::EMPTY.is_empty());
    }

    #[test]
    fn has_two_and_nth_agree_with_counting() {
        let sets: [&[usize]; 7] = [
            &[],
            &[0],
            &[255],
            &[3, 4],
            &[63, 64],
            &[1, 130, 200],
            &[0, 63, 64, 127, 128, 191, 192, 255],
        ];
        for fields in sets {
            let b: Bits = fields.iter().copied().collect();
            assert_eq!(b.has_two(), b.count() >= 2, "{fields:?}");
            for k in 0..=fields.len() {
                assert_eq!(b.nth(k), b.iter().nth(k), "{fields:?} {k}");
            }
        }
    }
}
