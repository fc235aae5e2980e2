//! The transposition table: search results by position hash, so a position
//! reached by another move order (or at the next iteration) is not searched
//! again and its best move is tried first.

/// What a stored score says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is the value.
    Exact,
    /// The value is at least the score (a move failed high).
    Lower,
    /// The value is at most the score (every move failed low).
    Upper,
}

/// One stored search result.
#[derive(Copy, Clone, Debug)]
pub struct Entry<M> {
    /// The full position hash (0 = empty slot).
    pub key: u64,
    /// The best move found, if any.
    pub mv: Option<M>,
    /// The score, from the view of the player to act, mate scores relative
    /// to this node (see [`crate::alphabeta`]).
    pub score: i32,
    /// The remaining depth the score was searched to.
    pub depth: i16,
    /// How the score bounds the value.
    pub bound: Bound,
    /// The search (move of the game) that wrote it; older entries are
    /// replaced first.
    pub generation: u8,
}

/// A fixed-size table, indexed by the low bits of the hash, keeping the
/// deeper result unless the stored one is from an older search.
pub struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: usize,
    generation: u8,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Self {
        let n = 1usize << bits.min(30);
        Table {
            entries: vec![None; n],
            mask: n - 1,
            generation: 0,
        }
    }

    /// Starts a new search: what older searches stored stays usable but is
    /// replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    /// How full the table is, in permille: the share of the first 1000
    /// slots written by the current search (UCI's `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        let used = self.entries[..n]
            .iter()
            .filter(|e| e.is_some_and(|e| e.generation == self.generation))
            .count();
        (used * 1000 / n.max(1)) as u32
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        match self.entries[key as usize & self.mask] {
            Some(e) if e.key == key => Some(e),
            _ => None,
        }
    }

    /// Stores a result, unless a deeper one of the current search holds the slot.
    #[inline]
    pub fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: i16, bound: Bound) {
        let slot = &mut self.entries[key as usize & self.mask];
        if let Some(old) = slot
            && old.key != key
            && old.generation == self.generation
            && old.depth > depth + 2
        {
            return;
        }
        let mv = match (mv, *slot) {
            // Keep the old best move when this search found none (all failed low).
            (None, Some(old)) if old.key == key => old.mv,
            (m, _) => m,
        };
        *slot = Some(Entry {
            key,
            mv,
            score,
            depth,
            bound,
            generation: self.generation,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_keep_the_move() {
        let mut t: Table<u16> = Table::new(4);
        assert!(t.probe(42).is_none());
        t.store(42, Some(7), 10, 3, Bound::Exact);
        let e = t.probe(42).unwrap();
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (Some(7), 10, 3, Bound::Exact)
        );
        // A result without a move keeps the stored move.
        t.store(42, None, -5, 4, Bound::Upper);
        assert_eq!(t.probe(42).unwrap().mv, Some(7));
        // Another key in the same slot: a much deeper entry of this search stays.
        t.store(42 + 16, None, 0, 0, Bound::Lower);
        assert!(t.probe(42).is_some());
        assert!(t.probe(42 + 16).is_none());
        // Entries stay small: the table's memory is entries × this.
        assert!(std::mem::size_of::<Option<Entry<kyoku_dobutsu::Move>>>() <= 24);
    }
}
