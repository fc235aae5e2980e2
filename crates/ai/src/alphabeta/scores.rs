//! Static and terminal scores: the game's evaluation with the level's noise,
//! remembered in a small cache, and the scores of ended games.

use kyoku_core::{Player, Position};

use super::{Evaluation, MATE, MATE_BOUND, Searcher};

/// Slots of the static-score cache (a power of two; 16 bytes each).
pub(super) const EVAL_CACHE: usize = 1 << 16;

pub(super) fn mix(mut z: u64) -> u64 {
    // splitmix64's finaliser: a cheap, well-spread hash of a hash.
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl<P: Position, E: Evaluation<P>> Searcher<P, E> {
    /// The static score of `pos` for `me`, noise included; remembered by
    /// the position's hash, since quiescence, null-move and futility tests
    /// ask for the same positions again and again.
    pub(super) fn static_eval(&mut self, pos: &P, me: Player) -> i32 {
        let key = pos.hash() ^ (me.index() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let slot = (key as usize) & (EVAL_CACHE - 1);
        if self.eval_cache[slot].0 == key {
            return self.eval_cache[slot].1;
        }
        let s = self.fresh_eval(pos, me);
        self.eval_cache[slot] = (key, s);
        s
    }

    pub(super) fn fresh_eval(&self, pos: &P, me: Player) -> i32 {
        let mut s = self.eval.evaluate(pos, me);
        if self.noise > 0 {
            let r = (mix(pos.hash() ^ self.seed) % (2 * self.noise as u64 + 1)) as i32 - self.noise;
            // Player 0's view; the other player sees it negated (zero sum).
            s += if me.index() == 0 { r } else { -r };
        }
        s.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    pub(super) fn terminal(&self, pos: &P, ply: usize, me: Player) -> i32 {
        match pos.outcome() {
            Some(o) if o.is_draw() => self.draw,
            Some(o) if o.rank(me) == 1 => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
            None => 0,
        }
    }
}
