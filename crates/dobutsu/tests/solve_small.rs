//! The solver on small material (the two Lions and one or two more pieces),
//! checked against a plain brute-force search over the rules engine's own
//! positions and moves: every position of the material, both sides to move.

use std::collections::HashMap;

use kyoku_core::Position as _;
use kyoku_dobutsu::solve::{Convention, Value, solve_material};
use kyoku_dobutsu::{Color, Kind, Piece, Position, Setup};

/// Where a non-Lion piece can be: on a square (with colour, promoted) or in a hand.
#[derive(Clone, Copy)]
enum Spot {
    Board(usize, Color, bool),
    Hand(Color),
}

fn spots(kind: Kind) -> Vec<Spot> {
    let mut v = Vec::new();
    for sq in 0..12 {
        for c in Color::ALL {
            v.push(Spot::Board(sq, c, false));
            if kind == Kind::Chick {
                v.push(Spot::Board(sq, c, true));
            }
        }
    }
    v.push(Spot::Hand(Color::Sente));
    v.push(Spot::Hand(Color::Gote));
    v
}

/// Every legal position with the two Lions on the board and these pieces.
fn all_positions(kinds: &[Kind]) -> Vec<Position> {
    let mut out = std::collections::HashSet::new();
    let choices: Vec<Vec<Spot>> = kinds.iter().map(|&k| spots(k)).collect();
    let mut pick = vec![0usize; kinds.len()];
    loop {
        for ls in 0..12 {
            for lg in 0..12 {
                if ls == lg {
                    continue;
                }
                let mut s = Setup {
                    board: [None; 12],
                    hands: [[0; 4]; 2],
                    turn: Color::Sente,
                };
                s.board[ls] = Some(Piece {
                    color: Color::Sente,
                    kind: Kind::Lion,
                });
                s.board[lg] = Some(Piece {
                    color: Color::Gote,
                    kind: Kind::Lion,
                });
                let mut ok = true;
                for (i, &k) in kinds.iter().enumerate() {
                    match choices[i][pick[i]] {
                        Spot::Board(sq, c, promoted) => {
                            if s.board[sq].is_some() {
                                ok = false;
                            }
                            let kind = if promoted { Kind::Hen } else { k };
                            s.board[sq] = Some(Piece { color: c, kind });
                        }
                        Spot::Hand(c) => {
                            let slot = match k {
                                Kind::Chick => 0,
                                Kind::Elephant => 1,
                                _ => 2,
                            };
                            s.hands[c.index()][slot] += 1;
                        }
                    }
                }
                if !ok {
                    continue;
                }
                for turn in Color::ALL {
                    s.turn = turn;
                    if let Ok(p) = Position::from_setup(&s) {
                        out.insert(p);
                    }
                }
            }
        }
        // Next combination.
        let mut i = 0;
        loop {
            if i == kinds.len() {
                return out.into_iter().collect();
            }
            pick[i] += 1;
            if pick[i] < choices[i].len() {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
    }
}

/// Values by plain rounds of one-ply search: round r settles the wins in r
/// (a move to a loss in r − 1) and the losses in r (every move to a win, the
/// longest r − 1). Finished positions are losses in 0 for the side to move.
fn brute_force(positions: &[Position]) -> HashMap<Position, Value> {
    let id: HashMap<Position, usize> = positions.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    let mut kids: Vec<Vec<usize>> = Vec::with_capacity(positions.len());
    let mut val: Vec<Option<Value>> = vec![None; positions.len()];
    let mut moves = Vec::new();
    for (i, p) in positions.iter().enumerate() {
        let mut k = Vec::new();
        match p.result() {
            Some(o) => {
                let winner = o.winner().map(|w| w.index());
                val[i] = Some(if winner == Some(p.turn().index()) {
                    Value::Win(0)
                } else {
                    Value::Loss(0)
                });
            }
            None => {
                moves.clear();
                p.legal_moves(&mut moves);
                for &m in &moves {
                    let mut c = *p;
                    c.play_unchecked(m);
                    // A captured Lion leaves the enumeration: a loss in 0.
                    k.push(id.get(&c).copied().unwrap_or_else(|| {
                        assert!(c.result().is_some(), "{}", c.to_text());
                        usize::MAX
                    }));
                }
            }
        }
        kids.push(k);
    }
    let mut quiet = 0;
    let mut r = 1;
    while quiet < 3 {
        let before = val.clone();
        let mut changed = false;
        for i in 0..positions.len() {
            if before[i].is_some() || kids[i].is_empty() {
                continue;
            }
            let vs: Vec<Option<Value>> = kids[i]
                .iter()
                .map(|&c| before.get(c).copied().unwrap_or(Some(Value::Loss(0))))
                .collect();
            if vs.iter().any(|v| matches!(v, Some(Value::Loss(_)))) {
                val[i] = Some(Value::Win(r));
                changed = true;
            } else if vs.iter().all(|v| matches!(v, Some(Value::Win(_)))) {
                val[i] = Some(Value::Loss(r));
                changed = true;
            }
        }
        quiet = if changed { 0 } else { quiet + 1 };
        r += 1;
    }
    positions
        .iter()
        .zip(val)
        .map(|(p, v)| (*p, v.unwrap_or(Value::Draw)))
        .collect()
}

fn check(kinds: &[Kind], material: [u8; 3]) {
    let positions = all_positions(kinds);
    let truth = brute_force(&positions);
    let tb = solve_material(material, Convention::Seed).expect("solves");
    let mut compared = 0;
    for p in &positions {
        if p.result().is_some() {
            continue;
        }
        let got = tb.value(p).expect("an open position has a value");
        assert_eq!(got, truth[p], "{}", p.to_text());
        compared += 1;
    }
    assert!(compared > 1000);
    let n = tb.len();
    assert_eq!(tb.verify(n, 0), Ok(n));
}

#[test]
fn lions_and_a_chick() {
    check(&[Kind::Chick], [0, 0, 1]);
}

#[test]
fn lions_and_a_giraffe() {
    check(&[Kind::Giraffe], [1, 0, 0]);
}

#[test]
fn lions_giraffe_and_chick() {
    check(&[Kind::Giraffe, Kind::Chick], [1, 0, 1]);
}

#[test]
fn lions_elephant_and_chick() {
    check(&[Kind::Elephant, Kind::Chick], [0, 1, 1]);
}

#[test]
fn lions_and_two_elephants() {
    check(&[Kind::Elephant, Kind::Elephant], [0, 2, 0]);
}

#[test]
fn tanaka_small_tables_are_consistent() {
    for m in [[1, 0, 1], [0, 1, 1], [1, 1, 0]] {
        let tb = solve_material(m, Convention::Tanaka).expect("solves");
        let n = tb.len();
        assert_eq!(tb.verify(n, 0), Ok(n));
    }
}

#[test]
fn perfect_player_keeps_its_promise() {
    use kyoku_core::{Agent, GameRecord, RandomAgent};
    use kyoku_dobutsu::solve::PerfectAgent;
    use std::sync::Arc;

    let tb = Arc::new(solve_material([1, 0, 1], Convention::Seed).expect("solves"));
    let positions = all_positions(&[Kind::Giraffe, Kind::Chick]);
    let mut games = 0;
    for (i, start) in positions.iter().enumerate().step_by(997) {
        let Some(Value::Win(d)) = tb.value(start) else {
            continue;
        };
        // The winner plays perfectly, the loser at random: the game ends
        // within the promised distance, won by the side that was to move.
        let mut perfect = PerfectAgent::new(tb.clone(), i as u64);
        let mut random = RandomAgent::new(i as u64);
        let mut rec = GameRecord::new(*start);
        let winner = start.turn();
        let mut plies = 0;
        while rec.outcome().is_none() {
            let mv = if rec.position().turn() == winner {
                Agent::<Position>::choose(&mut perfect, &rec)
            } else {
                Agent::<Position>::choose(&mut random, &rec)
            }
            .expect("a move");
            rec.play(mv).expect("legal");
            plies += 1;
            assert!(plies <= d, "{}: not won within {d} plies", start.to_text());
        }
        let o = rec.outcome().expect("over");
        assert_eq!(o.winner().map(|w| w.index()), Some(winner.index()));
        games += 1;
    }
    assert!(games > 20);
}
