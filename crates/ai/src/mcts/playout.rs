//! One playout: down the tree by selection, one new node, a rollout by the
//! policy from there, and the rewards backed up along the path.

use kyoku_core::{MAX_PLAYERS, Position, REPETITION_LIMIT, SeededRng, ToAct, sample_chance};

use super::rave::{Amaf, amaf_entry};
use super::tree::{History, NONE, Node, Tree};
use super::{Config, Policy, rewards, score_rewards};

impl<P: Position> Tree<P> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn playout<Pol: Policy<P>>(
        &mut self,
        root: &P,
        history: &mut History<'_>,
        policy: &Pol,
        config: &Config,
        buf: &mut Vec<P::Move>,
        path: &mut Vec<u32>,
        amaf: &mut Amaf,
    ) {
        path.clear();
        path.push(0);
        let rave = config.rave_equivalence > 0.0;
        amaf.trace.clear();
        let mut pos = root.clone();
        let mut at = 0usize;
        let reward = loop {
            if let Some(r) = self.nodes[at].terminal {
                break r;
            }
            let step = match self.nodes[at].to_act {
                ToAct::Nobody => {
                    // Over by the rules (terminal is set when made; the root
                    // of a finished game never gets here).
                    break finish(&pos, config);
                }
                ToAct::Chance => {
                    let Some(mv) = sample_chance(&pos, &mut self.rng) else {
                        break finish(&pos, config);
                    };
                    let found = self.nodes[at]
                        .children
                        .iter()
                        .copied()
                        .find(|&c| self.nodes[c as usize].mv == Some(mv));
                    match found {
                        Some(c) => Step::Go(c, mv),
                        None => Step::New(mv, None),
                    }
                }
                ToAct::Player(p, _) if rave => {
                    if !self.nodes[at].listed {
                        self.list_arms(at, &pos, policy, config, buf);
                    }
                    match self.select_rave(at, p.index(), config) {
                        Some(j) => {
                            let a = &self.nodes[at].arms[j];
                            if a.child == NONE {
                                Step::New(a.mv, Some(j))
                            } else {
                                Step::Go(a.child, a.mv)
                            }
                        }
                        None => break finish(&pos, config),
                    }
                }
                ToAct::Player(p, _) => {
                    if !self.nodes[at].listed {
                        buf.clear();
                        pos.legal_moves(buf);
                        policy.order_moves(&pos, buf, &mut self.rng);
                        let node = &mut self.nodes[at];
                        node.untried = buf.clone();
                        node.listed = true;
                    }
                    let node = &self.nodes[at];
                    let next = if config.may_add_child(node.children.len(), node.visits) {
                        self.nodes[at].untried.pop()
                    } else {
                        None
                    };
                    if let Some(mv) = next {
                        Step::New(mv, None)
                    } else {
                        match self.select(at, p.index(), config.exploration) {
                            Some(c) => Step::Go(c, self.nodes[c as usize].mv.expect("a child")),
                            None => break finish(&pos, config),
                        }
                    }
                }
            };
            if rave {
                let (Step::Go(_, mv) | Step::New(mv, _)) = step;
                amaf.trace
                    .push(amaf_entry(self.nodes[at].to_act, policy, &mv));
            }
            match step {
                Step::Go(c, mv) => {
                    pos.play_unchecked(mv);
                    history.path.push(pos.repetition_key());
                    at = c as usize;
                    path.push(c);
                }
                Step::New(mv, slot) => {
                    pos.play_unchecked(mv);
                    let key = pos.repetition_key();
                    let repeated =
                        pos.outcome().is_none() && history.seen(key) + 1 >= REPETITION_LIMIT;
                    history.path.push(key);
                    let terminal = if let Some(o) = pos.outcome() {
                        Some(rewards(&o, config.margin_weight, config.margin_scale))
                    } else if repeated {
                        Some(rewards(
                            &pos.outcome_on_repetition(),
                            config.margin_weight,
                            config.margin_scale,
                        ))
                    } else {
                        None
                    };
                    let c = self.nodes.len() as u32;
                    self.nodes.push(Node::new(Some(mv), pos.to_act(), terminal));
                    self.nodes[at].children.push(c);
                    if let Some(j) = slot {
                        self.nodes[at].arms[j].child = c;
                    }
                    path.push(c);
                    break match terminal {
                        Some(r) => r,
                        None => {
                            let trace = rave.then_some(&mut amaf.trace);
                            rollout(&mut pos, policy, config, &mut self.rng, buf, trace)
                        }
                    };
                }
            }
        };
        for &n in path.iter() {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            for (s, r) in node.sums.iter_mut().zip(reward) {
                *s += r;
            }
        }
        amaf.reward = reward;
    }
}

/// Where a playout goes from a node: down to an existing child, or to a
/// new one.
pub(super) enum Step<M> {
    Go(u32, M),
    /// A new child for the move (and, under RAVE, the arm it fills).
    New(M, Option<usize>),
}

/// The rewards of a position where the search stops: its outcome if the
/// game is over, else the position scored as it stands.
pub(super) fn finish<P: Position>(pos: &P, config: &Config) -> [f32; MAX_PLAYERS] {
    let o = pos.outcome().unwrap_or_else(|| pos.outcome_on_repetition());
    rewards(&o, config.margin_weight, config.margin_scale)
}

/// Plays `policy` from `pos` until the game ends or the ply cap, and scores
/// where it stopped (by [`Policy::cutoff_scores`] if the policy has an
/// estimate and the game is not over). Repetition is not tracked in playouts: a repeating
/// playout runs into the cap and is scored there, as repetition would score
/// it (Shiamgon counts the board either way).
pub(super) fn rollout<P: Position, Pol: Policy<P>>(
    pos: &mut P,
    policy: &Pol,
    config: &Config,
    rng: &mut SeededRng,
    buf: &mut Vec<P::Move>,
    mut trace: Option<&mut Vec<(u8, u16)>>,
) -> [f32; MAX_PLAYERS] {
    for _ in 0..config.max_rollout_plies {
        let to_act = pos.to_act();
        let mv = match to_act {
            ToAct::Nobody => break,
            ToAct::Chance => sample_chance(pos, rng),
            ToAct::Player(..) => policy.rollout_move(pos, rng, buf),
        };
        match mv {
            Some(mv) => {
                if let Some(t) = trace.as_deref_mut() {
                    t.push(amaf_entry(to_act, policy, &mv));
                }
                pos.play_unchecked(mv)
            }
            None => break,
        }
    }
    let mut scores = [0.0; MAX_PLAYERS];
    if pos.outcome().is_none() && policy.cutoff_scores(pos, &mut scores) {
        let n = pos.num_players().min(MAX_PLAYERS);
        return score_rewards(&scores[..n], config.margin_weight, config.margin_scale);
    }
    finish(pos, config)
}
