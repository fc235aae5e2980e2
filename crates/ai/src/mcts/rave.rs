//! RAVE's all-moves-as-first statistics: the moves of a playout, and
//! their rewards added to the arms of the nodes on its path.

use kyoku_core::{MAX_PLAYERS, Position, ToAct};

use super::Policy;
use super::tree::{NO_KEY, Tree};

impl<P: Position> Tree<P> {
    /// Adds the last playout to the AMAF statistics of the nodes on its
    /// path: at each node, every arm whose move the acting player played
    /// there or later in the playout (tree or rollout) gets the playout's
    /// reward for that player.
    pub(super) fn backup_amaf(&mut self, path: &[u32], amaf: &mut Amaf) {
        amaf.stamp = amaf.stamp.wrapping_add(1);
        if amaf.stamp == 0 {
            amaf.seen.fill(0);
            amaf.stamp = 1;
        }
        let stamp = amaf.stamp;
        // The move from path[i] to path[i + 1] is trace[i]; the rollout's
        // moves follow. Walk up, marking the moves played from each node on.
        let mut j = amaf.trace.len();
        for (i, &n) in path.iter().enumerate().rev() {
            while j > i {
                j -= 1;
                let (p, key) = amaf.trace[j];
                if p != NO_ACTOR && key != NO_KEY {
                    let ix = key as usize * MAX_PLAYERS + p as usize;
                    if ix >= amaf.seen.len() {
                        amaf.seen.resize(ix + 1, 0);
                    }
                    amaf.seen[ix] = stamp;
                }
            }
            let node = &mut self.nodes[n as usize];
            let ToAct::Player(p, _) = node.to_act else {
                continue;
            };
            let p = p.index();
            let r = amaf.reward[p];
            for a in &mut node.arms {
                let ix = a.key as usize * MAX_PLAYERS + p;
                if a.key != NO_KEY && amaf.seen.get(ix) == Some(&stamp) {
                    a.amaf_visits += 1;
                    a.amaf_sum += r;
                }
            }
        }
    }
}

/// Scratch space of RAVE: the moves of the last playout and its reward, and
/// which (key, player) pairs it played (marked with the playout's stamp).
#[derive(Default)]
pub(super) struct Amaf {
    pub(super) trace: Vec<(u8, u16)>,
    pub(super) reward: [f32; MAX_PLAYERS],
    pub(super) seen: Vec<u32>,
    pub(super) stamp: u32,
}

/// The actor of a chance move in a trace.
pub(super) const NO_ACTOR: u8 = u8::MAX;

/// A trace entry: who played `mv` (a player's index, or `NO_ACTOR`) and its key.
pub(super) fn amaf_entry<P: Position, Pol: Policy<P>>(
    to_act: ToAct,
    policy: &Pol,
    mv: &P::Move,
) -> (u8, u16) {
    match to_act {
        ToAct::Player(p, _) => (p.index() as u8, policy.amaf_key(mv).unwrap_or(NO_KEY)),
        _ => (NO_ACTOR, NO_KEY),
    }
}
