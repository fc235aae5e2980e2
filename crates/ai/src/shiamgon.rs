//! Shiamgon's program: MCTS ([`crate::mcts`]) with a rollout policy that
//! knows captures, and levels 1–5.
//!
//! The policy ([`ShiamgonPolicy`]) scores each legal decision with a few
//! bitboard features and plays the best one, ties at random, or with a small
//! probability any move at random:
//! - a placement or push answer on the last free field around an opponent's
//!   cluster takes it (worth its size);
//! - a placement on the last free field around an own cluster saves it;
//! - a placement next to an opponent's stone that has nowhere to go takes
//!   it prisoner;
//! - a push answer goes where the stone keeps the most room (free or own
//!   neighbours), so it is not the next one taken.
//!
//! The same scores order the moves the tree tries first.
//!
//! Where a playout is cut off before the game's end, levels 4 and 5 credit
//! each player half a stone for every free field only it may place on
//! ([`ShiamgonPolicy::room`]): stones it will place whatever the others
//! do, which the score as it stands does not see yet.

use kyoku_core::rand::Rng;
use kyoku_core::rand::seq::SliceRandom;
use kyoku_core::{Agent, AgentError, Player, Position as _, SeededRng};
use kyoku_shiamgon::{Bits, MAX_PLAYERS, Move, Position};

use crate::mcts::{Budget, Config, Mcts, MctsAgent, Policy, Uniform};

/// The Shiamgon rollout policy: captures first, then the rest at random.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ShiamgonPolicy {
    /// Probability of a uniformly random move instead of the best-scored one.
    pub epsilon: f64,
    /// Score of a placement that pushes an opponent's stone that can go
    /// somewhere (0 = indifferent).
    pub push: i32,
    /// Where a playout is cut off: the share of a cluster at risk (one free
    /// field around it that an opponent may fill) counted as already taken
    /// when the first opponent able to take it acts next, half that when a
    /// later one does, a quarter when its owner acts first. 0 = the
    /// position scored as it stands.
    pub at_risk: f64,
    /// Where a playout is cut off: the share of a placement counted for
    /// each player still to place in the current round (the next placer
    /// gets `tempo`, the one after `tempo × (n − 1) / n`, …), since every
    /// placement adds a stone and the cut-off falls anywhere in a round.
    /// 0 = none.
    pub tempo: f64,
    /// Where a playout is cut off: the share of a stone counted for each
    /// free field where only its player may place (the others cannot reach
    /// it, or would touch two of its stones there): a stone still to come.
    /// 0 = none.
    pub room: f64,
}

impl Default for ShiamgonPolicy {
    fn default() -> Self {
        ShiamgonPolicy {
            epsilon: 0.1,
            push: 0,
            at_risk: 0.0,
            tempo: 0.0,
            room: 0.0,
        }
    }
}

/// A field whose filling takes (or, for its owner, saves) a cluster.
#[derive(Copy, Clone, Debug)]
struct LastLiberty {
    field: u16,
    owner: u8,
    size: u16,
}

/// The clusters with exactly one free field around them and no own stone
/// there: filling that field by anyone else takes them.
fn last_liberties(pos: &Position, out: &mut Vec<LastLiberty>) {
    out.clear();
    let board = pos.board();
    let occupied = pos.occupied();
    for v in 0..pos.players() {
        let own = pos.stones(Player::new(v));
        // A stone with two free neighbours gives its cluster two free
        // fields: such clusters are skipped without being traced (most
        // clusters, most of the time).
        let open = own & !pos.crowded();
        // Stones with exactly one free neighbour: only they give a traced
        // cluster its free field.
        let one_free = own & pos.crowded() & !pos.closed();
        let mut rest = own & !open;
        'clusters: while let Some(s) = rest.first_set() {
            // The cluster: own stones joined by wall links, given up as
            // soon as it meets an open stone or a second free field.
            let mut c = Bits::single(s);
            let mut frontier = c;
            let mut free = Bits::EMPTY;
            loop {
                let mut grow = Bits::EMPTY;
                for f in frontier.iter() {
                    grow |= board.linked(f);
                    if one_free.contains(f) {
                        free |= board.adjacent(f) & !occupied;
                    }
                }
                grow &= own & !c;
                if !(grow & open).is_empty() || free.has_two() {
                    rest &= !(c | grow);
                    continue 'clusters;
                }
                if grow.is_empty() {
                    break;
                }
                c |= grow;
                frontier = grow;
            }
            rest &= !c;
            if free.is_empty() {
                continue;
            }
            let mut rim = Bits::EMPTY;
            for f in c.iter() {
                rim |= board.adjacent(f);
            }
            if !(rim & own & !c).is_empty() {
                continue;
            }
            if let (Some(field), false) = (free.first_set(), free.has_two()) {
                out.push(LastLiberty {
                    field: field as u16,
                    owner: v as u8,
                    size: c.count() as u16,
                });
            }
        }
    }
}

impl ShiamgonPolicy {
    /// The scores of the placements among `moves`, indexed by field (0 for
    /// fields not among them).
    fn scores_by_field(&self, pos: &Position, moves: &[Move]) -> [i32; 256] {
        let fields: Bits = moves
            .iter()
            .filter_map(|m| match m {
                Move::Field(f) => Some(*f as usize),
                Move::Pass => None,
            })
            .collect();
        let mut scores = Vec::new();
        self.score_fields(pos, fields, &mut scores);
        let mut by_field = [0i32; 256];
        for (f, s) in scores {
            by_field[f as usize] = s;
        }
        by_field
    }

    /// The score of each of `fields` for whoever acts in `pos` (higher is
    /// better), pushed onto `scores` in the fields' order.
    fn score_fields(&self, pos: &Position, fields: Bits, scores: &mut Vec<(u8, i32)>) {
        scores.clear();
        let mut lasts = Vec::new();
        last_liberties(pos, &mut lasts);
        match pos.pending_push() {
            Some(_) => score_answers(pos, fields, &lasts, scores),
            None => self.score_placements(pos, fields, &lasts, false, scores),
        }
    }

    /// The scores of placements on `fields` (see [`Self::score_fields`]);
    /// with `positive_only`, only the fields that score above 0.
    fn score_placements(
        &self,
        pos: &Position,
        fields: Bits,
        lasts: &[LastLiberty],
        positive_only: bool,
        scores: &mut Vec<(u8, i32)>,
    ) {
        let board = pos.board();
        let occupied = pos.occupied();
        let p = pos.turn().index();
        let n = pos.players();
        // Most fields are no cluster's last free field and touch no
        // opponent: they score 0 without looking further.
        let mut lasts_at = Bits::EMPTY;
        for l in lasts {
            lasts_at.insert(l.field as usize);
        }
        let foreign = occupied & !pos.stones(pos.turn());
        let mut near_foreign = Bits::EMPTY;
        for o in (0..n).filter(|&o| o != p) {
            near_foreign |= pos.near(Player::new(o));
        }
        let look = if positive_only {
            fields & (lasts_at | near_foreign)
        } else {
            fields
        };
        for t in look.iter() {
            let mut s = 0;
            if lasts_at.contains(t) {
                for l in lasts.iter().filter(|l| l.field as usize == t) {
                    s += if l.owner as usize == p {
                        2 * l.size as i32
                    } else {
                        3 * l.size as i32
                    };
                }
            }
            let around = board.adjacent(t);
            if !(around & foreign).is_empty() {
                for o in (0..n).filter(|&o| o != p) {
                    if let Some(q) = (around & pos.stones(Player::new(o))).first_set() {
                        let to = board.adjacent(q) & !occupied & !around & !Bits::single(t);
                        s += if to.is_empty() { 4 } else { self.push };
                    }
                }
            }
            if s > 0 || !positive_only {
                scores.push((t as u8, s));
            }
        }
    }
}

/// The scores of the push answers on `fields` (see
/// [`ShiamgonPolicy::score_fields`]).
fn score_answers(pos: &Position, fields: Bits, lasts: &[LastLiberty], scores: &mut Vec<(u8, i32)>) {
    let Some((o, q, _)) = pos.pending_push() else {
        return;
    };
    let board = pos.board();
    let occupied = pos.occupied();
    let own = pos.stones(o) & !Bits::single(q);
    for d in fields.iter() {
        let mut s = 0;
        for l in lasts {
            if l.field as usize == d && l.owner as usize != o.index() {
                s += 3 * l.size as i32;
            }
        }
        // Room after the move: free neighbours (q itself becomes free) and
        // own ones.
        let around = board.adjacent(d);
        let room = (around & (!occupied | own | Bits::single(q))).count() as i32;
        s += room.min(3);
        scores.push((d as u8, s));
    }
}

/// The scores of `pos` with each cluster at risk counted as partly taken
/// (see [`ShiamgonPolicy::at_risk`]): `w` of the capture's swing, where `w`
/// is `at_risk` if the first opponent in acting order who may place on its
/// last free field acts next, half of it if a later one does, a quarter if
/// the owner acts before it (and will mostly save it). A capture costs the
/// owner twice the cluster's size (the stones leave the board and are held
/// as prisoners) and gives the takers its size; here the first taker gets
/// it all.
fn scores_at_risk(pos: &Position, at_risk: f64, scores: &mut [f64; kyoku_core::MAX_PLAYERS]) {
    let n = pos.players();
    for (p, s) in pos.scores().into_iter().enumerate() {
        scores[p] = s as f64;
    }
    if at_risk <= 0.0 {
        return;
    }
    let mut lasts = Vec::new();
    last_liberties(pos, &mut lasts);
    let first = pos.to_act().player().unwrap_or(pos.turn()).index();
    let mut legal: [Option<Bits>; MAX_PLAYERS] = [None; MAX_PLAYERS];
    for l in &lasts {
        let owner = l.owner as usize;
        let taker = (0..n).map(|k| (k, (first + k) % n)).find(|&(_, o)| {
            o != owner
                && legal[o]
                    .get_or_insert_with(|| pos.legal_placements(Player::new(o)))
                    .contains(l.field as usize)
        });
        if let Some((k, o)) = taker {
            // The owner acting before the taker will mostly save it.
            let owner_first = (owner + n - first) % n < k;
            let w = match (k, owner_first) {
                (_, true) => at_risk / 4.0,
                (0, false) => at_risk,
                _ => at_risk / 2.0,
            };
            let v = w * l.size as f64;
            scores[owner] -= 2.0 * v;
            scores[o] += v;
        }
    }
}

/// For each player, the fields where it may place and no other player may
/// (out of the others' reach, or next to two of its stones): stones it can
/// count on placing, whatever the others do first.
fn own_fields(pos: &Position) -> Vec<Bits> {
    let n = pos.players();
    let legal: Vec<Bits> = (0..n)
        .map(|o| pos.legal_placements(Player::new(o)))
        .collect();
    (0..n)
        .map(|p| {
            let theirs = (0..n)
                .filter(|&o| o != p)
                .fold(Bits::EMPTY, |acc, o| acc | legal[o]);
            legal[p] & !theirs
        })
        .collect()
}

impl Policy<Position> for ShiamgonPolicy {
    fn rollout_move(
        &self,
        pos: &Position,
        rng: &mut SeededRng,
        _buf: &mut Vec<Move>,
    ) -> Option<Move> {
        pos.to_act().player()?;
        let fields = pos.legal_fields();
        if fields.is_empty() {
            // No placement: a pass (answers always have a field).
            return Some(Move::Pass);
        }
        let n = fields.count();
        if rng.random::<f64>() < self.epsilon {
            let k = rng.random_range(0..n);
            return fields.nth(k).map(Move::to);
        }
        let mut scores = Vec::new();
        if pos.pending_push().is_none() && self.push >= 0 {
            // Every placement scores 0 or more: score only the few above 0,
            // and if there are none, all fields tie (the same choice as
            // scoring them all, for a fraction of the work).
            let mut lasts = Vec::new();
            last_liberties(pos, &mut lasts);
            self.score_placements(pos, fields, &lasts, true, &mut scores);
            if scores.is_empty() {
                return fields.nth(rng.random_range(0..n)).map(Move::to);
            }
        } else {
            self.score_fields(pos, fields, &mut scores);
        }
        let best = scores.iter().map(|&(_, s)| s).max()?;
        let ties = scores.iter().filter(|&&(_, s)| s == best).count();
        let k = rng.random_range(0..ties);
        scores
            .iter()
            .filter(|&&(_, s)| s == best)
            .nth(k)
            .map(|&(f, _)| Move::Field(f))
    }

    fn order_moves(&self, pos: &Position, moves: &mut [Move], rng: &mut SeededRng) {
        moves.shuffle(rng);
        let by_field = self.scores_by_field(pos, moves);
        // Stable: equal scores keep their shuffled order; best last.
        moves.sort_by_key(|m| match m {
            Move::Field(f) => by_field[*f as usize],
            Move::Pass => 0,
        });
    }

    /// A placement (or answer) is named by its field, so RAVE shares what a
    /// field is worth across the positions of a playout.
    fn amaf_key(&self, mv: &Move) -> Option<u16> {
        match mv {
            Move::Field(f) => Some(*f as u16),
            Move::Pass => None,
        }
    }

    /// The rollout scores as RAVE's prior, a score of 4 (a prisoner, a
    /// capture) or more counting fully: the moves the playouts would pick
    /// are the ones the tree should look at first.
    fn prior(&self, pos: &Position, moves: &[Move], out: &mut Vec<f32>) {
        out.clear();
        let by_field = self.scores_by_field(pos, moves);
        out.extend(moves.iter().map(|m| match m {
            Move::Field(f) => by_field[*f as usize].clamp(0, 4) as f32 / 4.0,
            Move::Pass => 0.0,
        }));
    }

    /// With [`ShiamgonPolicy::at_risk`], [`ShiamgonPolicy::tempo`] or
    /// [`ShiamgonPolicy::room`] above 0, the clusters one free field from
    /// being taken count as partly taken, the placements still due in the
    /// round as partly made, and the fields only one player may place on as
    /// partly its stones: a playout cut off short of what its position
    /// already decides would otherwise score it as if that never came.
    fn cutoff_scores(&self, pos: &Position, scores: &mut [f64; kyoku_core::MAX_PLAYERS]) -> bool {
        if self.at_risk <= 0.0 && self.tempo <= 0.0 && self.room <= 0.0 {
            return false;
        }
        scores_at_risk(pos, self.at_risk, scores);
        if self.room > 0.0 {
            for (p, only) in own_fields(pos).iter().enumerate() {
                scores[p] += self.room * only.count() as f64;
            }
        }
        if self.tempo > 0.0 {
            let n = pos.players();
            let next = (pos.turn().index() + usize::from(pos.pending_push().is_some())) % n;
            for k in 0..n {
                scores[(next + k) % n] += self.tempo * (n - k) as f64 / n as f64;
            }
        }
        true
    }
}

/// RAVE's settings (see [`Config::rave_equivalence`] and the prior after it).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rave {
    /// The equivalence parameter `k` ([`Config::rave_equivalence`]).
    pub equivalence: f64,
    /// The UCB1 exploration constant under RAVE ([`Config::exploration`]):
    /// the AMAF means already spread the playouts over the promising moves,
    /// so the search explores less than plain UCT.
    pub exploration: f64,
    /// Virtual AMAF playouts per move ([`Config::rave_prior_visits`]).
    pub prior_visits: f64,
    /// The policy's weight in them ([`Config::rave_prior_bonus`]).
    pub prior_bonus: f64,
}

/// The search settings of a level (1 = weakest … 5 = strongest).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Level {
    /// The level number.
    pub level: u8,
    /// Playouts per decision (the budget that makes play reproducible).
    pub playouts: u64,
    /// Time per decision at most, whatever the playouts.
    pub time_ms: u64,
    /// Decisions per playout before it is scored.
    pub rollout_plies: usize,
    /// RAVE, or `None` for plain UCT.
    pub rave: Option<Rave>,
    /// The rollout policy's [`ShiamgonPolicy::room`].
    pub room: f64,
}

/// The UCB1 exploration constant under RAVE (see [`Rave::exploration`]).
pub const RAVE_EXPLORATION: f64 = 0.25;

/// RAVE as first measured (`k = 500`, no prior; see
/// `docs/experiments/2026-11-24-shiamgon-rave.md`): at equal
/// time (70 ms, level-3 settings) it beat plain UCT clearly on disc5 (rank
/// gain 0.24 ± 0.18, 200 games) but not on disc10 (−0.07 ± 0.26, 105 games).
pub const RAVE_FIRST: Rave = Rave {
    equivalence: 500.0,
    exploration: RAVE_EXPLORATION,
    prior_visits: 0.0,
    prior_bonus: 0.0,
};

/// RAVE with a prior from the policy (`k = 50`, 30 virtual playouts, bonus
/// 0.2): ahead of plain UCT on both boards at level-3 time (rank gain
/// 0.34 ± 0.28 on disc10 over 92 games, 0.17 ± 0.17 on disc5 over 200) but
/// not at level-5 time (−0.09 ± 0.27 on disc5 over 100 games; see
/// `docs/experiments/2026-11-25-shiamgon-rave-prior-level-5.md`), so no
/// level uses it.
pub const RAVE_PRIOR: Rave = Rave {
    equivalence: 50.0,
    exploration: RAVE_EXPLORATION,
    prior_visits: 30.0,
    prior_bonus: 0.2,
};

/// The rollout policy's [`ShiamgonPolicy::room`] at levels 4 and 5: against
/// the same level without it, level 5 placed better by 0.73 ± 0.17 in rank
/// on disc5 and by 1.09 ± 0.13 on disc10 (200 games each;
/// `docs/experiments/2026-11-27-shiamgon-room-at-the-cut-off.md`).
/// Levels 1–3 keep scoring the position as it stands: the easy levels stay
/// as easy as they were, and level 4 keeps a step above level 3 (+0.51 ±
/// 0.20 in rank over 120 games; with room at level 3 too, +0.13 over 45).
pub const ROOM: f64 = 0.5;

/// The five levels. The rules and the policy were made about twice as fast
/// (issue 21); twice the playouts at level 5 placed no better over 108
/// games (`docs/experiments/2026-11-25-shiamgon-twice-the-playouts.md`), so
/// the levels keep their playouts and answer
/// sooner.
pub const LEVELS: [Level; 5] = [
    Level {
        level: 1,
        playouts: 100,
        time_ms: 200,
        rollout_plies: 10,
        rave: None,
        room: 0.0,
    },
    Level {
        level: 2,
        playouts: 400,
        time_ms: 400,
        rollout_plies: 20,
        rave: None,
        room: 0.0,
    },
    Level {
        level: 3,
        playouts: 2000,
        time_ms: 700,
        rollout_plies: 30,
        rave: None,
        room: 0.0,
    },
    Level {
        level: 4,
        playouts: 4000,
        time_ms: 3000,
        rollout_plies: 40,
        rave: None,
        room: ROOM,
    },
    Level {
        level: 5,
        playouts: 8000,
        time_ms: 6000,
        rollout_plies: 40,
        rave: None,
        room: ROOM,
    },
];

/// The level numbered `level` (1–5).
pub fn level(level: u8) -> Option<Level> {
    LEVELS.iter().copied().find(|l| l.level == level)
}

/// The search config of a level.
pub fn level_config(l: Level) -> Config {
    let base = Config {
        budget: Budget {
            playouts: Some(l.playouts),
            nodes: None,
            time: Some(std::time::Duration::from_millis(l.time_ms)),
        },
        max_rollout_plies: l.rollout_plies,
        ..Config::default()
    };
    match l.rave {
        None => base,
        Some(r) => Config {
            rave_equivalence: r.equivalence,
            exploration: r.exploration,
            rave_prior_visits: r.prior_visits,
            rave_prior_bonus: r.prior_bonus,
            ..base
        },
    }
}

/// A level without RAVE (plain UCT with the same budget): the baseline new
/// settings are measured against.
pub fn plain(l: Level) -> Level {
    Level { rave: None, ..l }
}

/// A level with RAVE set to `rave` (the budget unchanged).
pub fn with_rave(l: Level, rave: Rave) -> Level {
    Level {
        rave: Some(rave),
        ..l
    }
}

/// The rollout policy of a level.
pub fn policy(l: Level) -> ShiamgonPolicy {
    ShiamgonPolicy {
        room: l.room,
        ..ShiamgonPolicy::default()
    }
}

/// The Shiamgon search of a level.
pub fn searcher(l: Level, seed: u64) -> Mcts<Position, ShiamgonPolicy> {
    Mcts::new(level_config(l), policy(l), seed)
}

/// The player `ai:N` for Shiamgon, from the spec's argument (`"3"`).
pub fn agent(arg: Option<&str>, seed: u64) -> Result<Box<dyn Agent<Position>>, AgentError> {
    let n = crate::agent::parse_level(arg)?;
    let l = level(n).ok_or_else(|| AgentError::bad_argument("ai", "ai levels are 1 to 5"))?;
    Ok(Box::new(MctsAgent::new(
        format!("ai:{}", l.level),
        searcher(l, seed),
    )))
}

/// A search of a level with uniform playouts instead of the policy (for
/// comparing the two).
pub fn uniform_searcher(l: Level, seed: u64) -> Mcts<Position, Uniform> {
    Mcts::new(level_config(l), Uniform, seed)
}

const _: () = assert!(MAX_PLAYERS <= kyoku_core::MAX_PLAYERS);

#[cfg(test)]
mod tests;
