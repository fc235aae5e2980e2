//! A shared array of bytes, eight to an atomic word.
//!
//! The solver's table is one byte a position, read and updated by several
//! threads at once. Keeping the bytes in `AtomicU64` words (rather than one
//! `AtomicU8` each) lets the level scans read eight entries with one load
//! and find the wanted ones with a few word operations — the scans were a
//! tenth of the solve's time byte by byte. Every access is a whole-word
//! atomic, so there are no mixed-size accesses.
//!
//! The words live in an anonymous memory map that asks the kernel for huge
//! pages: the solver touches the table at random, and with 4 KiB pages
//! nearly every touch missed the processor's address-translation cache
//! (128 MB is 32,000 small pages, 64 huge ones).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use memmap2::{MmapOptions, MmapRaw};

const ONES: u64 = 0x0101_0101_0101_0101;
const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// `len` bytes, all zero at first.
pub(crate) struct AtomicBytes {
    /// The words' memory (zero-filled by the kernel); only ever accessed
    /// through [`AtomicBytes::words`].
    map: MmapRaw,
    /// Words in the map.
    nwords: usize,
    len: usize,
}

#[inline(always)]
fn split(i: usize) -> (usize, u32) {
    (i / 8, (i % 8) as u32 * 8)
}

impl AtomicBytes {
    /// `len` zero bytes. Fails only when the system cannot map the memory.
    pub fn new(len: usize) -> std::io::Result<AtomicBytes> {
        let nwords = len.div_ceil(8);
        // A map of length 0 is refused; one word costs nothing.
        let map = MmapRaw::from(MmapOptions::new().len(nwords.max(1) * 8).map_anon()?);
        // Only a hint: without transparent huge pages the table works the same.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Ok(AtomicBytes { map, nwords, len })
    }

    /// The words.
    #[inline(always)]
    #[allow(unsafe_code)]
    fn words(&self) -> &[AtomicU64] {
        // SAFETY: the map is page-aligned (so aligned for `AtomicU64`), at
        // least `nwords * 8` bytes long, zero-initialised, lives as long as
        // `self`, and is never accessed other than through these atomics;
        // `AtomicU64` has the size and alignment of `u64`, and any bit
        // pattern is a valid one.
        unsafe {
            std::slice::from_raw_parts(self.map.as_mut_ptr() as *const AtomicU64, self.nwords)
        }
    }

    /// How many bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The byte at `i`.
    #[inline(always)]
    pub fn load(&self, i: usize) -> u8 {
        let (w, sh) = split(i);
        (self.words()[w].load(Relaxed) >> sh) as u8
    }

    /// Sets the byte at `i` to `v` unless it is at least `floor` already;
    /// whether it did.
    #[inline(always)]
    pub fn set_if_below(&self, i: usize, floor: u8, v: u8) -> bool {
        let (w, sh) = split(i);
        self.words()[w]
            .fetch_update(Relaxed, Relaxed, |x| {
                (((x >> sh) as u8) < floor).then_some(x & !(0xff << sh) | (v as u64) << sh)
            })
            .is_ok()
    }

    /// Subtracts one from the byte at `i` (which must be at least 1, so no
    /// other byte changes); returns the byte as it was.
    #[inline(always)]
    pub fn decrement(&self, i: usize) -> u8 {
        let (w, sh) = split(i);
        (self.words()[w].fetch_sub(1 << sh, Relaxed) >> sh) as u8
    }

    /// Adds `v` to the byte at `i`, which must be zero (so nothing carries).
    #[inline(always)]
    pub fn fill_zero(&self, i: usize, v: u8) {
        let (w, sh) = split(i);
        self.words()[w].fetch_add((v as u64) << sh, Relaxed);
    }

    /// Stores the eight bytes starting at `i` (a multiple of 8) at once.
    #[inline(always)]
    pub fn store8(&self, i: usize, b: [u8; 8]) {
        debug_assert!(i.is_multiple_of(8));
        self.words()[i / 8].store(u64::from_le_bytes(b), Relaxed);
    }

    /// Applies `f` to every byte (no other thread may write meanwhile).
    pub fn map_words(&self, f: impl Fn(u8) -> u8 + Sync) {
        use rayon::prelude::*;
        self.words().par_iter().for_each(|w| {
            let b = w.load(Relaxed).to_le_bytes().map(&f);
            w.store(u64::from_le_bytes(b), Relaxed);
        });
    }

    /// Calls `f` with the index of every byte in `lo..hi` (`lo` a multiple
    /// of 8) that equals `v`, in ascending order.
    #[inline(always)]
    pub fn for_each_equal(&self, lo: usize, hi: usize, v: u8, mut f: impl FnMut(usize)) {
        debug_assert!(lo.is_multiple_of(8));
        let pattern = ONES * v as u64;
        for w in lo / 8..hi.div_ceil(8) {
            let x = self.words()[w].load(Relaxed) ^ pattern;
            // High bit set exactly in the zero bytes of x (no false hits).
            let mut zero = !(((x & LOW7) + LOW7) | x | LOW7);
            while zero != 0 {
                let i = w * 8 + (zero.trailing_zeros() / 8) as usize;
                zero &= zero - 1;
                if i < hi {
                    f(i);
                }
            }
        }
    }

    /// Copies the bytes from `lo` (a multiple of 8) into `out`.
    pub fn copy_out(&self, lo: usize, out: &mut [u8]) {
        debug_assert!(lo.is_multiple_of(8));
        for (k, chunk) in out.chunks_mut(8).enumerate() {
            let b = self.words()[lo / 8 + k].load(Relaxed).to_le_bytes();
            chunk.copy_from_slice(&b[..chunk.len()]);
        }
    }

    /// Asks the processor to bring the word of byte `i` into cache (a hint only).
    #[inline(always)]
    pub fn prefetch(&self, i: usize) {
        prefetch(&self.words()[i / 8]);
    }
}

/// Asks the processor to bring the cache line of `r` into cache (a hint only).
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn prefetch<T>(r: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults and changes no state; every x86_64
    // processor has SSE.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            r as *const T as *const i8,
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = r;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_exactly_the_equal_bytes() {
        let n = 61;
        let b = AtomicBytes::new(n).expect("maps");
        let mut want = Vec::new();
        for i in 0..n {
            // Values around the target, including ones differing in one bit.
            let v = [48u8, 49, 0x30 ^ 0x80, 0, 255, 48, 47, 176][i % 8];
            assert!(b.set_if_below(i, 255, v) || v == 0);
            if v == 48 && i >= 8 {
                want.push(i);
            }
        }
        let mut got = Vec::new();
        b.for_each_equal(8, n, 48, |i| got.push(i));
        assert_eq!(got, want);
        for i in 0..n {
            assert_eq!(b.load(i), [48u8, 49, 0xb0, 0, 255, 48, 47, 176][i % 8]);
        }
    }

    #[test]
    fn byte_updates_touch_one_byte() {
        let b = AtomicBytes::new(16).expect("maps");
        b.store8(8, [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(b.decrement(10), 3);
        b.fill_zero(0, 9);
        assert!(!b.set_if_below(9, 2, 40));
        assert!(b.set_if_below(8, 2, 40));
        let mut out = [0u8; 13];
        b.copy_out(0, &mut out);
        assert_eq!(out, [9, 0, 0, 0, 0, 0, 0, 0, 40, 2, 2, 4, 5]);
        b.map_words(|v| v / 2);
        assert_eq!(b.load(8), 20);
        assert_eq!(b.len(), 16);
    }
}
