//! The placement rules against a slow, plain reference written straight
//! from the ruling's words (field by field, walking the ring around the
//! middle field from `s` to `t` both ways), on positions of random games.

use kyoku_core::{Player, Position as _, random_game, seeded_rng};
use kyoku_shiamgon::{Bits, BoardKind, Position};

fn reference_placements(pos: &Position, p: usize) -> Bits {
    let b = pos.board();
    let n = pos.players();
    let owner = |f: usize| pos.owner(f).map(|q| q.index());
    let adj = |a: usize, c: usize| b.adjacent(a).contains(c);
    // May a two-field reach from s to t pass over m?
    let passable = |m: usize, s: usize, t: usize| -> bool {
        let Some(o) = owner(m) else { return true };
        if o == p {
            return true;
        }
        let cuts: Vec<usize> = b
            .links(m)
            .iter()
            .map(|&g| g as usize)
            .filter(|&g| owner(g) == Some(o))
            .collect();
        if cuts.len() < 2 {
            return true;
        }
        let ring: Vec<usize> = b.around(m).iter().map(|&g| g as usize).collect();
        let k = ring.len();
        let is = ring.iter().position(|&g| g == s).unwrap();
        let it = ring.iter().position(|&g| g == t).unwrap();
        // Same arc: one of the two ways round from s to t meets no cut.
        let clear = |step: usize| {
            let mut i = is;
            while i != it {
                i = (i + step) % k;
                if cuts.contains(&ring[i]) {
                    return false;
                }
            }
            true
        };
        clear(1) || clear(k - 1)
    };
    let mut out = Bits::EMPTY;
    for t in 0..b.len() {
        if owner(t).is_some() {
            continue;
        }
        let between_two = (0..n).filter(|&o| o != p).any(|o| {
            pos.stones(Player::new(o))
                .iter()
                .filter(|&s| adj(s, t))
                .count()
                >= 2
        });
        if between_two {
            continue;
        }
        let reach = pos.stones(Player::new(p)).iter().any(|s| {
            adj(s, t)
                || (0..b.len())
                    .any(|m| m != s && m != t && adj(m, s) && adj(m, t) && passable(m, s, t))
        });
        if reach {
            out.insert(t);
        }
    }
    out
}

#[test]
fn placements_match_the_reference() {
    let mut compared = 0;
    for (kind, players, games) in [
        (BoardKind::Tri8, 3, 100),
        (BoardKind::Tri16, 3, 8),
        (BoardKind::Disc5, 3, 50),
        (BoardKind::Disc5, 4, 30),
        (BoardKind::Disc5, 5, 30),
        (BoardKind::Disc10, 3, 8),
        (BoardKind::Disc10, 4, 8),
        (BoardKind::Disc10, 5, 8),
    ] {
        let start = Position::start(kind, players).unwrap();
        for seed in 0..games {
            let mut k = 0u32;
            random_game(
                start.clone(),
                &mut seeded_rng(1000 + seed),
                100_000,
                |pos, _| {
                    // Every third position, to keep the slow reference quick.
                    k += 1;
                    if k < 3 {
                        return;
                    }
                    k = 0;
                    for p in 0..players {
                        assert_eq!(
                            pos.legal_placements(Player::new(p)),
                            reference_placements(pos, p),
                            "player {} in {}",
                            p + 1,
                            pos.to_text()
                        );
                        compared += 1;
                    }
                },
            );
        }
    }
    assert!(compared > 1000, "{compared}");
}
