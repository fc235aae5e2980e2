//! MCTS on Shiamgon: reproducible, finds captures, answers pushes for the
//! right player, keeps its tree between moves.

use kyoku_ai::mcts::{Budget, Config, Mcts, Uniform};
use kyoku_ai::shiamgon::{
    LEVELS, ShiamgonPolicy, agent, level, level_config, plain, searcher, with_rave,
};
use kyoku_core::{Decision, GameRecord, Position as _, ToAct};
use kyoku_shiamgon::{BoardKind, Position};

fn config(playouts: u64) -> Config {
    Config {
        budget: Budget::playouts(playouts),
        max_rollout_plies: 30,
        ..Config::default()
    }
}

/// `config` with RAVE as measured.
fn rave_config(playouts: u64) -> Config {
    Config {
        rave_equivalence: kyoku_ai::shiamgon::RAVE_FIRST.equivalence,
        exploration: kyoku_ai::shiamgon::RAVE_FIRST.exploration,
        ..config(playouts)
    }
}

fn record(text: &str) -> GameRecord<Position> {
    GameRecord::new(Position::from_text(text).expect("a position"))
}

/// Positions from random games where one decision takes stones and no other
/// comes close: (position, the move, who decides, turn or answer).
const CAPTURES: &[(&str, &str, usize, Decision)] = &[
    (
        "shiamgon tri8 3 turn 3 placements 26 stones 0.0,1.0,1.1,1.2,2.0,2.2,2.4,3.1,3.2,3.3,3.4,3.5,3.6,4.5,4.7/4.0,5.0,5.1,5.2,5.4,6.0,6.1,6.2,6.3,6.4,7.0,7.2,7.3,7.4,7.6/3.0,4.8,5.7,5.8,5.9,5.10,6.10,6.11,6.12,7.7,7.10,7.11,7.12,7.14 prisoners 0,0,0/0,0,0/0,0,0",
        "5.5",
        3,
        Decision::Turn,
    ),
    (
        "shiamgon tri8 3 turn 1 placements 34 stones 0.0,1.0,1.1,1.2,2.0,2.1,2.2,2.3,3.0,3.1,3.2,3.3,4.2,4.3,4.4,5.3,7.5/5.0,5.1,5.2,5.4,6.0,6.1,6.2,6.3,6.5,6.6,6.9,7.0,7.1,7.2,7.3,7.4/3.5,3.6,4.6,4.7,4.8,5.9,5.10,6.10,6.11,6.12,7.6,7.7,7.8,7.10,7.12,7.14 prisoners 0,1,0/0,0,1/1,0,0 push 4.4",
        "6.4",
        2,
        Decision::Answer,
    ),
    (
        "shiamgon disc5 3 turn 3 placements 45 stones 0.0,2.4,3.2,3.5,3.14,4.1,4.3,4.5,4.7,4.8,5.2,5.5,5.6,5.7,5.8,5.9,5.10,5.11,5.12,5.13,5.15,5.17/1.0,1.2,2.0,2.3,3.0,3.4,3.7,3.11,4.10,4.11,4.13,4.15,4.17,5.0,5.19,5.20,5.21,5.23,5.25,5.29,5.30,5.31,5.33,5.35,5.37/3.9,4.19,4.20,4.23,4.24,4.25,4.26,4.27,5.39,5.41,5.42,5.44,5.45,5.47,5.48,5.49,5.50,5.52,5.53,5.54,5.55,5.56,5.57,5.58 prisoners 0,0,0/3,0,1/0,0,0 push 3.9",
        "1.1",
        2,
        Decision::Answer,
    ),
];

/// Two searches of `base`'s 400 playouts with one seed, on one and on two
/// threads, choose the same and count the same at the root.
fn assert_reproducible(base: Config) {
    let rec = GameRecord::new(Position::start(BoardKind::Disc5, 3).unwrap());
    for threads in [1, 2] {
        let cfg = Config { threads, ..base };
        let mut a = Mcts::new(cfg, ShiamgonPolicy::default(), 11);
        let mut b = Mcts::new(cfg, ShiamgonPolicy::default(), 11);
        assert_eq!(a.search(&rec), b.search(&rec));
        assert_eq!(a.root_stats(), b.root_stats());
        assert_eq!(a.info().playouts, 400);
    }
}

#[test]
fn same_seed_and_playouts_same_search() {
    assert_reproducible(config(400));
    // A whole game between two searches of each seat is reproducible too
    // (tree reuse included).
    let play = || {
        let mut seats = [
            agent(Some("1"), 5).unwrap(),
            agent(Some("1"), 6).unwrap(),
            agent(Some("1"), 7).unwrap(),
        ];
        let mut rec = GameRecord::new(Position::start(BoardKind::Tri8, 3).unwrap());
        for _ in 0..40 {
            let Some(p) = rec.to_act().player() else {
                break;
            };
            let mv = seats[p.index()].choose(&rec).unwrap();
            rec.play(mv).unwrap();
        }
        rec.move_texts()
    };
    assert_eq!(play(), play());
}

#[test]
fn finds_captures_and_answers_for_the_answering_player() {
    for &(text, best, player, decision) in CAPTURES {
        let rec = record(text);
        let pos = rec.position();
        assert_eq!(
            pos.to_act(),
            ToAct::Player(kyoku_core::Player::new(player - 1), decision),
            "{text}"
        );
        for seed in 0..3 {
            let mut s = Mcts::new(config(2000), ShiamgonPolicy::default(), seed);
            let mv = s.search(&rec).unwrap();
            assert_eq!(pos.move_to_text(mv), best, "{text}, seed {seed}");
            // Valued from the deciding player's side: the capture is worth more.
            let stats = s.root_stats();
            assert!(stats[0].value > stats[1].value, "{stats:?}");
            // So does RAVE (one seed keeps the test quick in debug builds).
            if seed == 0 {
                let mut r = Mcts::new(rave_config(2000), ShiamgonPolicy::default(), seed);
                let mv = r.search(&rec).unwrap();
                assert_eq!(pos.move_to_text(mv), best, "rave: {text}");
            }
            // Uniform playouts see it too: it is the tree, not the policy.
            let mut u = Mcts::new(config(2000), Uniform, seed);
            let mv = u.search(&rec).unwrap();
            assert_eq!(pos.move_to_text(mv), best, "uniform: {text}, seed {seed}");
        }
    }
}

/// RAVE's prior from the policy likes the capture of each position best,
/// and has no opinion at the start.
#[test]
fn the_policy_prior_likes_captures() {
    use kyoku_ai::mcts::Policy as _;
    let policy = ShiamgonPolicy::default();
    let mut moves = Vec::new();
    let mut prior = Vec::new();
    for &(text, best, _, _) in CAPTURES {
        let rec = record(text);
        let pos = rec.position();
        moves.clear();
        pos.legal_moves(&mut moves);
        policy.prior(pos, &moves, &mut prior);
        assert_eq!(prior.len(), moves.len());
        let (i, &top) = prior
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .unwrap();
        assert_eq!(top, 1.0, "{text}");
        assert_eq!(pos.move_to_text(moves[i]), best, "{text}");
        assert!(prior.iter().all(|p| (0.0..=1.0).contains(p)));
    }
    let start = Position::start(BoardKind::Disc10, 3).unwrap();
    start.legal_moves(&mut moves);
    policy.prior(&start, &moves, &mut prior);
    assert!(prior.iter().all(|&p| p == 0.0));
}

#[test]
fn tree_reuse_keeps_visits() {
    let mut rec = GameRecord::new(Position::start(BoardKind::Disc5, 3).unwrap());
    let mut s = Mcts::new(config(2000), ShiamgonPolicy::default(), 3);
    let mv = s.search(&rec).unwrap();
    let child_visits = s.root_stats()[0].visits;
    assert!(child_visits > 0);
    rec.play(mv).unwrap();
    s.search(&rec).unwrap();
    assert_eq!(s.info().reused_visits, child_visits);
    assert_eq!(s.info().playouts, 2000);
    // Two moves later (another player's reply played in between), still kept
    // if the tree had the reply.
    let reply = s.root_stats()[0].mv;
    rec.play(reply).unwrap();
    let kept = s.root_stats()[0].visits;
    s.search(&rec).unwrap();
    assert_eq!(s.info().reused_visits, kept);
    // Without reuse, nothing is kept.
    let mut rec = GameRecord::new(Position::start(BoardKind::Disc5, 3).unwrap());
    let cfg = Config {
        reuse_tree: false,
        ..config(500)
    };
    let mut s = Mcts::new(cfg, ShiamgonPolicy::default(), 3);
    let mv = s.search(&rec).unwrap();
    rec.play(mv).unwrap();
    s.search(&rec).unwrap();
    assert_eq!(s.info().reused_visits, 0);
}

#[test]
fn forced_moves_and_finished_games() {
    // A single legal answer is given without a search.
    let mut s = searcher(level(1).unwrap(), 1);
    let mut rec = GameRecord::new(Position::start(BoardKind::Tri8, 3).unwrap());
    let mut forced = 0;
    while rec.outcome().is_none() && rec.moves().len() < 300 {
        let mut moves = Vec::new();
        rec.legal_moves(&mut moves);
        let mv = s.search(&rec).unwrap();
        assert!(moves.contains(&mv));
        if moves.len() == 1 {
            forced += 1;
            assert_eq!(s.info().playouts, 0);
        }
        rec.play(mv).unwrap();
    }
    assert!(forced > 0);
    if rec.outcome().is_some() {
        assert_eq!(s.search(&rec), None);
    }
}

#[test]
fn bad_level_specs_are_errors() {
    assert!(agent(None, 1).is_err());
    assert!(agent(Some("0"), 1).is_err());
    assert!(agent(Some("6"), 1).is_err());
    assert!(agent(Some("x"), 1).is_err());
    assert!(agent(Some("5"), 1).is_ok());
}

#[test]
fn rave_searches_are_reproducible() {
    assert_reproducible(rave_config(400));
}

#[test]
fn rave_is_off_by_default_and_at_every_level() {
    // Other games' searches and the levels run plain UCT as before.
    assert_eq!(Config::default().rave_equivalence, 0.0);
    for l in LEVELS {
        assert_eq!(level_config(l), level_config(plain(l)));
        assert_eq!(level_config(l).exploration, Config::default().exploration);
        let rave = level_config(with_rave(l, kyoku_ai::shiamgon::RAVE_PRIOR));
        assert_eq!(rave.rave_equivalence, 50.0);
        assert_eq!(rave.exploration, kyoku_ai::shiamgon::RAVE_EXPLORATION);
        assert_eq!((rave.rave_prior_visits, rave.rave_prior_bonus), (30.0, 0.2));
        // The budget of a level does not change with RAVE.
        assert_eq!(rave.budget, level_config(l).budget);
    }
}
