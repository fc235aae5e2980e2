use kyoku_core::rand::Rng;
use kyoku_core::{GameRecord, MAX_PLAYERS, Outcome, SeededRng};

use super::tree::{NO_KEY, NONE};
use super::*;
use crate::shiamgon::ShiamgonPolicy;
use kyoku_shiamgon::{BoardKind, Position as Shiamgon};

/// Scores that are whole numbers give the rewards of the outcome they
/// make, ties and all: a policy's cut-off estimate is on the same scale.
#[test]
fn score_rewards_match_outcome_rewards() {
    let mut rng = kyoku_core::seeded_rng(7);
    for _ in 0..2_000 {
        let n = rng.random_range(1..=MAX_PLAYERS);
        let scores: Vec<i32> = (0..n).map(|_| rng.random_range(-3..4)).collect();
        let as_f64: Vec<f64> = scores.iter().map(|&s| s as f64).collect();
        let o = Outcome::from_scores(&scores, "test");
        assert_eq!(
            rewards(&o, 0.25, 4.0),
            score_rewards(&as_f64, 0.25, 4.0),
            "{scores:?}"
        );
    }
    // Between whole scores, places follow the order of the estimates.
    let r = score_rewards(&[10.4, 10.6, 3.0], 0.0, 4.0);
    assert_eq!(&r[..3], &[0.5, 1.0, 0.0]);
}

fn rave_search(playouts: u64, seed: u64) -> Mcts<Shiamgon, ShiamgonPolicy> {
    let config = Config {
        budget: Budget::playouts(playouts),
        max_rollout_plies: 30,
        rave_equivalence: 500.0,
        exploration: 0.25,
        ..Config::default()
    };
    Mcts::new(config, ShiamgonPolicy::default(), seed)
}

/// A move's AMAF count includes every playout that played it at the
/// node itself, so it is at least its child's visits, and at most the
/// node's. Off by one in the trace, and either bound breaks.
#[test]
fn amaf_counts_bound_the_visits() {
    let rec = GameRecord::new(Shiamgon::start(BoardKind::Disc5, 3).unwrap());
    let mut s = rave_search(600, 4);
    s.search(&rec).unwrap();
    let tree = &s.trees[0];
    let mut checked = 0;
    for node in &tree.nodes {
        for a in &node.arms {
            assert!(a.amaf_visits <= node.visits);
            if a.child != NONE && a.key != NO_KEY {
                assert!(a.amaf_visits >= tree.nodes[a.child as usize].visits);
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
    // Playouts place stones all over the board: moves get AMAF
    // statistics before they are tried.
    let seen_untried = tree
        .nodes
        .iter()
        .flat_map(|n| &n.arms)
        .filter(|a| a.child == NONE && a.amaf_visits > 0)
        .count();
    assert!(seen_untried > 100, "{seen_untried}");
}

/// Uniform playouts that like only the placement on the lowest field,
/// whatever the tree's order puts last.
#[derive(Clone)]
struct LikesLowest;

impl Policy<Shiamgon> for LikesLowest {
    fn rollout_move(
        &self,
        pos: &Shiamgon,
        rng: &mut SeededRng,
        buf: &mut Vec<kyoku_shiamgon::Move>,
    ) -> Option<kyoku_shiamgon::Move> {
        Uniform.rollout_move(pos, rng, buf)
    }
    fn amaf_key(&self, mv: &kyoku_shiamgon::Move) -> Option<u16> {
        ShiamgonPolicy::default().amaf_key(mv)
    }
    fn prior(&self, _: &Shiamgon, moves: &[kyoku_shiamgon::Move], out: &mut Vec<f32>) {
        let lowest = moves.iter().min();
        out.clear();
        out.extend(moves.iter().map(|m| f32::from(Some(m) == lowest)));
    }
}

/// With progressive widening a node has about `k·√n` children (`n` its
/// visits); without it the root tries every move once (32 at the start
/// of disc5).
#[test]
fn widening_bounds_the_children() {
    let rec = GameRecord::new(Shiamgon::start(BoardKind::Disc5, 3).unwrap());
    let config = |k: f64| Config {
        budget: Budget::playouts(400),
        max_rollout_plies: 20,
        widening: k,
        ..Config::default()
    };
    let mut wide = Mcts::new(config(0.0), ShiamgonPolicy::default(), 4);
    wide.search(&rec).unwrap();
    let all = wide.trees[0].nodes[0].children.len();
    let mut narrow = Mcts::new(config(0.25), ShiamgonPolicy::default(), 4);
    narrow.search(&rec).unwrap();
    let tree = &narrow.trees[0];
    // A child is made on a visit while the count is below k·n^α, so a
    // node ends with at most one more than that bound.
    for node in &tree.nodes {
        let bound = (0.25 * (node.visits.max(1) as f64).sqrt()).max(1.0);
        assert!(node.children.len() as f64 <= bound + 1.0);
    }
    let root = tree.nodes[0].children.len();
    assert!(
        all == 32 && root <= 6,
        "{all} children without widening, {root} with"
    );
}

/// A strong prior sends every playout of the root to the move the policy
/// likes; without one (the same search otherwise) the playouts spread.
#[test]
fn the_prior_steers_the_search() {
    let rec = GameRecord::new(Shiamgon::start(BoardKind::Disc5, 3).unwrap());
    let mut moves = Vec::new();
    rec.legal_moves(&mut moves);
    let lowest = *moves.iter().min().unwrap();
    let config = |m: f64| Config {
        budget: Budget::playouts(300),
        max_rollout_plies: 20,
        rave_equivalence: 500.0,
        exploration: 0.25,
        rave_prior_visits: m,
        rave_prior_bonus: 10.0,
        ..Config::default()
    };
    let mut with = Mcts::new(config(1000.0), LikesLowest, 2);
    assert_eq!(with.search(&rec), Some(lowest));
    assert_eq!(with.root_stats()[0].visits, 300);
    let mut without = Mcts::new(config(0.0), LikesLowest, 2);
    without.search(&rec).unwrap();
    assert!(without.root_stats()[0].visits < 300);
    assert!(without.root_stats().iter().filter(|s| s.visits > 0).count() > 10);
}

/// RAVE moves the tree's roots like plain UCT: the kept arms point at
/// the kept children.
#[test]
fn rave_tree_reuse_keeps_arms() {
    let mut rec = GameRecord::new(Shiamgon::start(BoardKind::Tri8, 3).unwrap());
    let mut s = rave_search(800, 9);
    for _ in 0..3 {
        let mv = s.search(&rec).unwrap();
        rec.play(mv).unwrap();
    }
    s.search(&rec).unwrap();
    assert!(s.info().reused_visits > 0);
    let tree = &s.trees[0];
    for node in &tree.nodes {
        for a in node.arms.iter().filter(|a| a.child != NONE) {
            assert_eq!(tree.nodes[a.child as usize].mv, Some(a.mv));
        }
    }
}
