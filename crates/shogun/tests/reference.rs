//! A plain, slow reading of the ruling — walk every path square by square,
//! copy the board, look for attacks by walking again — checked against the
//! bitboard engine on the positions of many random games, and in perft.

use std::collections::BTreeSet;

use kyoku_core::{Position as _, ToAct, perft, random_game, seeded_rng};
use kyoku_shogun::{Color, Options, Piece, Position, Square, Variant, start};

type Board = [Option<(Piece, u8)>; 64];

const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

fn board_of(p: &Position) -> Board {
    let mut b = [None; 64];
    for (i, slot) in b.iter_mut().enumerate() {
        let s = Square::new(i as u8);
        *slot = p.piece_at(s).map(|pc| (pc, p.number_at(s).unwrap_or(0)));
    }
    b
}

/// Every square a piece on `s` showing `n` reaches along a path whose
/// squares passed over are empty (the end square may hold anything).
fn reach(b: &Board, s: Square, n: i32) -> BTreeSet<Square> {
    let mut out = BTreeSet::new();
    for (dx, dy) in DIRS {
        for a in 1..=n {
            let turns: Vec<(i32, i32)> = if a == n {
                vec![(0, 0)]
            } else {
                DIRS.iter()
                    .copied()
                    .filter(|&(ex, ey)| ex * dx + ey * dy == 0)
                    .collect()
            };
            for (ex, ey) in turns {
                let mut path = Vec::new();
                let (mut x, mut y) = (s.file(), s.rank());
                for i in 0..n {
                    if i < a {
                        x += dx;
                        y += dy;
                    } else {
                        x += ex;
                        y += ey;
                    }
                    path.push(Square::at(x, y));
                }
                if path.iter().any(Option::is_none) {
                    continue;
                }
                let path: Vec<Square> = path.into_iter().flatten().collect();
                let (last, between) = path.split_last().unwrap();
                if between.iter().all(|q| b[q.index()].is_none()) {
                    out.insert(*last);
                }
            }
        }
    }
    out
}

fn attacked(b: &Board, target: Square, by: Color) -> bool {
    (0..64u8).map(Square::new).any(|s| match b[s.index()] {
        Some((pc, n)) if pc.color() == by && n > 0 => reach(b, s, n as i32).contains(&target),
        _ => false,
    })
}

fn reference_moves(p: &Position) -> BTreeSet<(Square, Square)> {
    let b = board_of(p);
    let me = p.turn();
    let mut out = BTreeSet::new();
    for s in (0..64u8).map(Square::new) {
        let Some((pc, n)) = b[s.index()] else {
            continue;
        };
        if pc.color() != me {
            continue;
        }
        for t in reach(&b, s, n as i32) {
            match b[t.index()] {
                Some((q, _)) if q.color() == me || q.is_shogun() => continue,
                _ => {}
            }
            let mut after = b;
            after[t.index()] = after[s.index()].take();
            let k = (0..64u8)
                .map(Square::new)
                .find(|q| after[q.index()].is_some_and(|(x, _)| x == Piece::shogun(me)))
                .unwrap();
            if !attacked(&after, k, me.other()) {
                out.insert((s, t));
            }
        }
    }
    out
}

fn engine_moves(p: &Position) -> BTreeSet<(Square, Square)> {
    let mut v = Vec::new();
    p.generate(&mut v);
    v.into_iter()
        .map(|m| match m {
            kyoku_shogun::Move::Step { from, to } => (from, to),
            other => panic!("chance in generate: {other:?}"),
        })
        .collect()
}

fn compare(p: &Position) {
    if p.to_act() == ToAct::Chance {
        return;
    }
    let soldiers = p.pieces(p.turn()).count_ones() - 1;
    let reference = if soldiers <= 1 || p.clock() >= 100 {
        BTreeSet::new()
    } else {
        reference_moves(p)
    };
    assert_eq!(engine_moves(p), reference, "{}", p.to_text());
    assert_eq!(p.shogun_threatened(p.turn()), {
        let b = board_of(p);
        attacked(&b, p.shogun_square(p.turn()), p.turn().other())
    });
}

#[test]
fn random_game_positions_agree() {
    let mut positions = 0;
    for (i, options) in [
        Options::default(),
        Options {
            rotation: 1,
            ..Options::default()
        },
        Options {
            rotation: 2,
            setup: Some("DGAFCEB/BEGADCF".into()),
            ..Options::default()
        },
        Options {
            rotation: 3,
            ..Options::default()
        },
        Options {
            variant: Variant::Random,
            ..Options::default()
        },
    ]
    .iter()
    .enumerate()
    {
        let start = start(options).unwrap();
        let mut rng = seeded_rng(100 + i as u64);
        for _ in 0..60 {
            random_game(start.clone(), &mut rng, 400, |p, _| {
                compare(p);
                positions += 1;
            });
        }
    }
    assert!(positions > 5_000, "{positions}");
}

fn reference_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if p.outcome().is_some() {
        return 0;
    }
    let moves = reference_moves(p);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|(from, to)| {
            let mut c = p.clone();
            c.play_unchecked(kyoku_shogun::Move::Step { from, to });
            reference_perft(&c, depth - 1)
        })
        .sum()
}

#[test]
fn perft_agrees_for_every_rotation() {
    for rotation in 0..4 {
        let p = start(&Options {
            rotation,
            ..Options::default()
        })
        .unwrap();
        assert_eq!(perft(&p, 3), reference_perft(&p, 3), "rotation {rotation}");
    }
}

/// The CI's deep count, cross-checked once by the plain reading (slow:
/// `cargo test -p kyoku-shogun --test reference -- --ignored`).
#[test]
#[ignore]
fn deep_perft_agrees() {
    let p = start(&Options::default()).unwrap();
    assert_eq!(reference_perft(&p, 5), 7_804_107);
    for (rotation, n) in [(1, 244_655), (2, 274_963), (3, 532_128)] {
        let p = start(&Options {
            rotation,
            ..Options::default()
        })
        .unwrap();
        assert_eq!(reference_perft(&p, 4), n, "rotation {rotation}");
    }
}
