//! The positions on the path from the game's start to the node, for
//! repetitions, with a small counting filter that answers "never seen"
//! without a scan.

use kyoku_core::Position;

use super::{Evaluation, Searcher};

pub(super) const FILTER_MASK: u64 = 4095;

impl<P: Position, E: Evaluation<P>> Searcher<P, E> {
    #[inline]
    pub(super) fn push_key(&mut self, key: u64) {
        self.path.push(key);
        let f = &mut self.filter[(key & FILTER_MASK) as usize];
        *f = f.saturating_add(1);
    }

    #[inline]
    pub(super) fn pop_key(&mut self) {
        if let Some(key) = self.path.pop() {
            let f = &mut self.filter[(key & FILTER_MASK) as usize];
            *f = f.saturating_sub(1);
        }
    }

    #[inline]
    pub(super) fn repeated(&self, key: u64) -> bool {
        if self.filter[(key & FILTER_MASK) as usize] == 0 {
            return false;
        }
        // Below a null move, a position before the pass coming back is no
        // repetition: the pass is no move, and the line through it proves
        // nothing about draws (the engines' usual rule).
        if self.null_floor > 0 {
            return self.path[self.null_floor..].contains(&key);
        }
        // On the search's line a return is a draw already (who can repeat
        // once can repeat again); a position only the game's past saw is a
        // draw on its third occurrence, as the rules have it, since the
        // opponent need not repeat it again.
        let (past, line) = self.path.split_at(self.root);
        line.contains(&key) || past.iter().filter(|&&k| k == key).count() >= 2
    }
}
