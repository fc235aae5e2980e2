//! Playing a decision: placements, pushes and their answers, the turn
//! passing on, encirclements taken off and their stones dealt out.

use kyoku_core::Player;

use super::{Capture, End, MAX_PLAYERS, Move, Position};
use crate::bits::Bits;
use crate::board::Field;

impl Position {
    /// At a turn boundary: the end, or the legal placements of `turn`.
    pub(super) fn start_turn(&mut self) {
        self.end = None;
        self.cached = Bits::EMPTY;
        if self.placements >= self.placement_limit() {
            self.end = Some(End::PlacementLimit);
            return;
        }
        self.cached = self.placements_of(self.turn as usize);
        if self.cached.is_empty()
            && (0..self.players())
                .filter(|&p| p != self.turn as usize)
                .all(|p| self.placements_of(p).is_empty())
        {
            self.end = Some(End::Triampsalm);
        }
    }

    /// The next unanswered push of placement `t`: the first opponent after
    /// the mover, in turn order, with a stone adjacent to `t`.
    pub(super) fn push_head(&self, t: Field) -> Option<(usize, Field)> {
        let n = self.players();
        let around = self.board.adjacent(t);
        (1..n)
            .map(|k| (self.turn as usize + k) % n)
            .find_map(|o| (self.stones[o] & around).first_set().map(|q| (o, q)))
    }

    /// Where the stone on `q` may go when pushed away from `t`.
    pub(super) fn push_targets(&self, q: Field, t: Field) -> Bits {
        self.board.adjacent(q) & !self.occupied & !self.board.adjacent(t)
    }

    /// Plays placement, answer or pass; `captures` collects the clusters
    /// taken. The move must be legal.
    pub fn play_logged(&mut self, mv: Move, captures: &mut Vec<Capture>) {
        match (self.pending, mv) {
            (None, Move::Pass) => {
                self.turn = ((self.turn as usize + 1) % self.players()) as u8;
                self.start_turn();
            }
            (None, Move::Field(t)) => {
                let (p, t) = (self.turn as usize, t as usize);
                self.put(p, t);
                self.placements += 1;
                self.pending = Some(t as u8);
                self.cached = Bits::EMPTY;
                self.encircle(p, Some(t), captures);
                self.resolve(captures);
            }
            (Some(t), Move::Field(d)) => {
                if let Some((o, q)) = self.push_head(t as usize) {
                    self.take(o, q);
                    self.put(o, d as usize);
                    self.encircle(o, Some(d as usize), captures);
                }
                self.resolve(captures);
            }
            (Some(_), Move::Pass) => {}
        }
    }

    /// Carries out pushes that need no answer (no destination: the stone
    /// becomes the mover's prisoner) until one needs an answer or none is
    /// left; then the turn passes on.
    pub(super) fn resolve(&mut self, captures: &mut Vec<Capture>) {
        while let Some(t) = self.pending {
            let t = t as usize;
            match self.push_head(t) {
                None => {
                    self.pending = None;
                    self.turn = ((self.turn as usize + 1) % self.players()) as u8;
                    self.start_turn();
                }
                Some((o, q)) => {
                    if !self.push_targets(q, t).is_empty() {
                        return;
                    }
                    self.take(o, q);
                    self.prisoners[self.turn as usize][o] += 1;
                    // A push with no destination is still a push: the check
                    // that follows every push runs (it can only find
                    // clusters left encircled by their owner's own action).
                    self.encircle(o, None, captures);
                }
            }
        }
    }

    /// The encirclement check after an action by `actor` that filled
    /// `filled` (if any): every encircled cluster of the other players is
    /// taken off together, `actor` being the closer.
    pub(super) fn encircle(
        &mut self,
        actor: usize,
        filled: Option<Field>,
        captures: &mut Vec<Capture>,
    ) {
        let n = self.players();
        let mut found: Vec<(usize, Bits)> = Vec::new();
        for k in 1..n {
            let v = (actor + k) % n;
            let near = if self.recheck {
                None
            } else {
                match filled {
                    Some(f) => Some(self.board.adjacent(f)),
                    None => continue,
                }
            };
            if near.is_some_and(|b| (b & self.stones[v]).is_empty()) {
                continue;
            }
            for c in self.encircled_of(v, near) {
                found.push((v, c));
            }
        }
        if !found.is_empty() {
            // Touching stones are counted with every found cluster still on
            // the board; then all are removed together.
            let dealt: Vec<[u32; MAX_PLAYERS]> = found
                .iter()
                .map(|&(v, c)| {
                    let rim = self.rim(c);
                    let mut touching = [0u32; MAX_PLAYERS];
                    for (p, t) in touching.iter_mut().enumerate().take(n) {
                        if p != v {
                            *t = (rim & self.stones[p]).count() as u32;
                        }
                    }
                    distribute(c.count() as u32, &touching, actor, n)
                })
                .collect();
            for (&(v, c), d) in found.iter().zip(dealt) {
                for f in c.iter() {
                    self.take(v, f);
                }
                for (h, &k) in d.iter().enumerate().take(n) {
                    self.prisoners[h][v] += k as u16;
                }
                captures.push(Capture {
                    owner: Player::new(v),
                    fields: c,
                    dealt: d,
                });
            }
        }
        self.recheck = if self.recheck {
            !self.encircled_of(actor, None).is_empty()
        } else {
            match filled {
                // Only a stone with no free neighbour can be in an
                // encircled cluster: most placements skip the trace.
                Some(f) if self.stones[actor].contains(f) => {
                    self.neighbours.closed.contains(f)
                        && self.is_encircled(actor, self.cluster(actor, f))
                }
                _ => false,
            }
        };
    }
}

/// Deals the `size` stones of an encircled cluster, as the ruling says.
/// `touching[p]` is the number of `p`'s stones on fields adjacent to the
/// cluster (0 for the owner), `closer` the player whose action closed it.
///
/// - Enough for all: each encircling opponent gets its touching count;
///   what is left goes to the closer.
/// - Fewer stones than touching stones: one at a time, first to the
///   closer, then to the other encircling opponents by falling touching
///   count (ties: turn order after the closer), round after round.
pub fn distribute(
    size: u32,
    touching: &[u32; MAX_PLAYERS],
    closer: usize,
    players: usize,
) -> [u32; MAX_PLAYERS] {
    let total: u32 = touching.iter().sum();
    let mut out = [0u32; MAX_PLAYERS];
    if size >= total {
        out = *touching;
        out[closer] += size - total;
        return out;
    }
    let mut order: Vec<usize> = (1..players)
        .map(|k| (closer + k) % players)
        .filter(|&p| touching[p] > 0)
        .collect();
    // Stable sort keeps turn order after the closer among equals.
    order.sort_by_key(|&p| std::cmp::Reverse(touching[p]));
    order.insert(0, closer);
    let mut left = size;
    'deal: loop {
        for &p in &order {
            if left == 0 {
                break 'deal;
            }
            out[p] += 1;
            left -= 1;
        }
    }
    out
}
