//! Where a player's stones reach and what encircles them: clusters, their
//! rims, reach across walls, and the fields a player may place on.

use super::Position;
use crate::bits::Bits;
use crate::board::Field;

impl Position {
    /// The cluster of `p`'s stone on `seed`: stones joined by wall links.
    pub(super) fn cluster(&self, p: usize, seed: Field) -> Bits {
        let own = self.stones[p];
        let mut c = Bits::single(seed);
        let mut frontier = c;
        loop {
            let mut grow = Bits::EMPTY;
            for f in frontier.iter() {
                grow |= self.board.linked(f);
            }
            grow &= own & !c;
            if grow.is_empty() {
                return c;
            }
            c |= grow;
            frontier = grow;
        }
    }

    /// The fields adjacent to a set of fields, outside it.
    pub(super) fn rim(&self, c: Bits) -> Bits {
        let mut n = Bits::EMPTY;
        for f in c.iter() {
            n |= self.board.adjacent(f);
        }
        n & !c
    }

    /// Whether cluster `c` of player `p` is encircled: every adjacent field
    /// holds a stone of another player.
    pub(super) fn is_encircled(&self, p: usize, c: Bits) -> bool {
        let rim = self.rim(c);
        (rim & !self.occupied).is_empty() && (rim & self.stones[p]).is_empty()
    }

    /// The encircled clusters of player `p` (all, or those touching `near`).
    pub(super) fn encircled_of(&self, p: usize, near: Option<Bits>) -> Vec<Bits> {
        // Every stone of an encircled cluster has no free neighbour, so the
        // clusters are traced from such stones only (found in the same
        // order: an encircled cluster's stones are all among them).
        let mut rest = match near {
            Some(n) => self.stones[p] & n,
            None => self.stones[p],
        } & self.neighbours.closed;
        let mut out = Vec::new();
        while let Some(s) = rest.first_set() {
            let c = self.cluster(p, s);
            rest &= !c;
            if self.is_encircled(p, c) {
                out.push(c);
            }
        }
        out
    }

    /// Fields from which player `p` reaches: one field away, or two with a
    /// middle field that is not an opponent's wall between them.
    pub(super) fn reach(&self, p: usize) -> Bits {
        let own = self.stones[p];
        let near = self.neighbours.near[p];
        // The walled middles: opponents' stones next to `p` with two or
        // more wall links to their own kind. Only through them can a
        // field two steps away be out of reach.
        let mut walled = Bits::EMPTY;
        let mut behind = Bits::EMPTY;
        for m in (near & self.occupied & !own).iter() {
            if self.walls(m).has_two() {
                walled.insert(m);
                behind |= self.board.adjacent(m);
            }
        }
        let mut reach = Bits::EMPTY;
        for s in own.iter() {
            reach |= self.board.within_two(s);
        }
        // A field behind a walled middle may be out of reach: unless it is
        // next to an own stone or to an open middle, or lies in one of the
        // middle's arcs that hold an own stone.
        let open = near & !walled;
        let mut doubtful = Bits::EMPTY;
        for t in (behind & !near).iter() {
            if (self.board.adjacent(t) & open).is_empty() {
                doubtful.insert(t);
            }
        }
        if doubtful.is_empty() {
            return reach;
        }
        for m in walled.iter() {
            doubtful &= !self.arcs_with(m, self.walls(m), own);
        }
        reach & !doubtful
    }

    /// The wall links of the stone on `m` to stones of its own player.
    pub(super) fn walls(&self, m: Field) -> Bits {
        match self.owner_index(m) {
            Some(o) => self.board.linked(m) & self.stones[o],
            None => Bits::EMPTY,
        }
    }

    /// The fields around `m` in arcs (between the wall links `cuts`) that
    /// hold one of `own`.
    pub(super) fn arcs_with(&self, m: Field, cuts: Bits, own: Bits) -> Bits {
        let ring = self.board.around(m);
        let Some(c0) = ring.iter().position(|&g| cuts.contains(g as usize)) else {
            return self.board.adjacent(m);
        };
        let mut out = Bits::EMPTY;
        let mut arc = Bits::EMPTY;
        let mut has_own = false;
        // The ring once round, starting after the cut `c0` and ending on it.
        for &g in ring[c0 + 1..].iter().chain(&ring[..=c0]) {
            let g = g as usize;
            if cuts.contains(g) {
                if has_own {
                    out |= arc;
                }
                arc = Bits::EMPTY;
                has_own = false;
            } else {
                arc.insert(g);
                has_own |= own.contains(g);
            }
        }
        out
    }

    /// Fields adjacent to two or more stones of one opponent of `p`.
    pub(super) fn between_two(&self, p: usize) -> Bits {
        let mut out = Bits::EMPTY;
        for o in (0..self.players()).filter(|&o| o != p) {
            out |= self.neighbours.near_two[o];
        }
        out
    }

    pub(super) fn placements_of(&self, p: usize) -> Bits {
        let free = self.board.all() & !self.occupied;
        let r = self.reach(p) & free;
        if r.is_empty() {
            return r;
        }
        r & !self.between_two(p)
    }
}
