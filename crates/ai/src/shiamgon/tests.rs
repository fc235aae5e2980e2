use super::*;
use kyoku_core::{random_game, seeded_rng};
use kyoku_shiamgon::BoardKind;

/// The last free fields straight from their definition: every cluster
/// of every player, its rim, the rim's free fields.
fn plain_last_liberties(pos: &Position) -> Vec<(u16, u8, u16)> {
    let board = pos.board();
    let mut out = Vec::new();
    for v in 0..pos.players() {
        let own = pos.stones(Player::new(v));
        for c in pos.clusters(Player::new(v)) {
            let mut rim = Bits::EMPTY;
            for f in c.iter() {
                rim |= board.adjacent(f);
            }
            rim &= !c;
            let free = rim & !pos.occupied();
            if (rim & own).is_empty() && free.count() == 1 {
                let field = free.first_set().unwrap() as u16;
                out.push((field, v as u8, c.count() as u16));
            }
        }
    }
    out.sort();
    out
}

/// The rollout's choice as first written: score every field, take the
/// best, ties at random.
fn plain_rollout_move(policy: &ShiamgonPolicy, pos: &Position, rng: &mut SeededRng) -> Move {
    let fields = pos.legal_fields();
    if fields.is_empty() {
        return Move::Pass;
    }
    let n = fields.count();
    if rng.random::<f64>() < policy.epsilon {
        return Move::to(fields.iter().nth(rng.random_range(0..n)).unwrap());
    }
    let mut scores = Vec::new();
    policy.score_fields(pos, fields, &mut scores);
    let best = scores.iter().map(|&(_, s)| s).max().unwrap();
    let ties: Vec<u8> = scores
        .iter()
        .filter(|&&(_, s)| s == best)
        .map(|&(f, _)| f)
        .collect();
    Move::Field(ties[rng.random_range(0..ties.len())])
}

/// Positions of seeded random games on every board, pushes pending
/// and captures made among them.
fn positions(mut check: impl FnMut(&Position)) -> usize {
    let mut seen = 0;
    for (kind, players, games) in [
        (BoardKind::Tri8, 3, 30),
        (BoardKind::Disc5, 3, 20),
        (BoardKind::Disc5, 5, 10),
        (BoardKind::Disc10, 4, 3),
    ] {
        let start = Position::start(kind, players).unwrap();
        for seed in 0..games {
            random_game(start.clone(), &mut seeded_rng(seed), 1_500, |pos, _| {
                if pos.to_act().player().is_some() {
                    check(pos);
                    seen += 1;
                }
            });
        }
    }
    seen
}

#[test]
fn last_free_fields_match_their_definition() {
    let mut found = 0;
    let seen = positions(|pos| {
        let mut fast = Vec::new();
        last_liberties(pos, &mut fast);
        let mut fast: Vec<_> = fast.iter().map(|l| (l.field, l.owner, l.size)).collect();
        fast.sort();
        let plain = plain_last_liberties(pos);
        found += plain.len();
        assert_eq!(fast, plain, "{}", pos.to_text());
    });
    // Not a check of empty lists: random games leave many clusters
    // one free field from capture.
    assert!(
        seen > 5_000 && found > 500,
        "{seen} positions, {found} found"
    );
}

/// Where the player to act takes a cluster at risk by placing on its
/// last free field, the estimate with weight 1 gives the owner the
/// score the placement really leaves it; and the estimate moves points
/// between players as a capture does (the owner loses twice what the
/// takers gain).
#[test]
fn clusters_at_risk_cost_what_their_capture_costs() {
    let (mut checked, mut at_risk) = (0, 0);
    positions(|pos| {
        let now: Vec<f64> = pos.scores().iter().map(|&s| s as f64).collect();
        let mut est = [0.0; kyoku_core::MAX_PLAYERS];
        scores_at_risk(pos, 1.0, &mut est);
        let n = pos.players();
        let lost: f64 = (0..n).map(|p| (now[p] - est[p]).max(0.0)).sum();
        let gained: f64 = (0..n).map(|p| (est[p] - now[p]).max(0.0)).sum();
        let mut lasts = Vec::new();
        last_liberties(pos, &mut lasts);
        let sizes: f64 = lasts.iter().map(|l| l.size as f64).sum();
        assert!(lost <= 2.0 * sizes + 1e-9 && gained <= sizes + 1e-9);
        if lost > 0.0 {
            at_risk += 1;
        }
        let me = pos.turn();
        let [l] = lasts[..] else { return };
        let owner = Player::new(l.owner as usize);
        let takes = pos.pending_push().is_none()
            && owner != me
            && pos.legal_placements(me).contains(l.field as usize);
        if takes {
            let mut after = pos.clone();
            after.play_unchecked(Move::Field(l.field as u8));
            let real = after.scores()[owner.index()] as f64;
            assert_eq!(est[owner.index()], real, "{}", pos.to_text());
            assert_eq!(lost, 2.0 * gained, "{}", pos.to_text());
            checked += 1;
        }
    });
    assert!(
        checked > 50 && at_risk > 200,
        "{checked} captures, {at_risk} at risk"
    );
}

/// The fields counted as a player's own agree with the move generator:
/// the player to place may place on all of its own, and on none of
/// another player's.
#[test]
fn own_fields_are_placements_of_their_player_only() {
    let (mut checked, mut counted) = (0, 0);
    positions(|pos| {
        if pos.pending_push().is_some() {
            return;
        }
        let me = pos.turn().index();
        let legal = pos.legal_fields();
        let own = own_fields(pos);
        for (p, only) in own.iter().enumerate() {
            if p == me {
                assert_eq!(*only & !legal, Bits::EMPTY, "{}", pos.to_text());
            } else {
                assert_eq!(*only & legal, Bits::EMPTY, "{}", pos.to_text());
            }
            counted += only.count();
        }
        let policy = ShiamgonPolicy {
            room: 0.5,
            ..ShiamgonPolicy::default()
        };
        let mut est = [0.0; kyoku_core::MAX_PLAYERS];
        assert!(policy.cutoff_scores(pos, &mut est));
        for (p, s) in pos.scores().into_iter().enumerate() {
            assert_eq!(est[p], s as f64 + 0.5 * own[p].count() as f64);
        }
        checked += 1;
    });
    assert!(
        checked > 1000 && counted > 10_000,
        "{checked} positions, {counted} fields"
    );
}

#[test]
fn rollout_choices_match_scoring_every_field() {
    let policies = [
        ShiamgonPolicy::default(),
        ShiamgonPolicy {
            epsilon: 0.0,
            ..ShiamgonPolicy::default()
        },
        ShiamgonPolicy {
            epsilon: 0.0,
            push: 1,
            ..ShiamgonPolicy::default()
        },
        ShiamgonPolicy {
            epsilon: 0.0,
            push: -1,
            ..ShiamgonPolicy::default()
        },
    ];
    let mut k = 0u64;
    positions(|pos| {
        for policy in &policies {
            k += 1;
            let (mut a, mut b) = (seeded_rng(k), seeded_rng(k));
            let fast = policy.rollout_move(pos, &mut a, &mut Vec::new());
            let plain = plain_rollout_move(policy, pos, &mut b);
            assert_eq!(fast, Some(plain), "{policy:?} {}", pos.to_text());
        }
    });
}
