//! The perfect player over UCI: with a solved table the engine answers the
//! table's best move and its exact distance (`score mate N`), as `kyoku
//! analyze` does. Here on a small table (two Lions and a Giraffe, solved in
//! the test); `full_table_agrees_with_analyze` checks 1,000 positions of
//! the real game against the table `kyoku solve dobutsu` builds.

mod common;

use std::sync::Arc;

use common::Gui;
use kyoku_core::rand::Rng;
use kyoku_core::{Position as _, RandomAgent};
use kyoku_dobutsu::solve::{Convention, Tablebase, Value, analyze, solve_material};
use kyoku_dobutsu::{Color, Kind, Piece, Position, Setup};
use kyoku_uci::EngineConfig;

fn expected_score(v: Value) -> String {
    match v {
        Value::Win(d) => format!("score mate {}", d.div_ceil(2)),
        Value::Loss(d) => format!("score mate -{}", d / 2),
        Value::Draw => "score cp 0".into(),
    }
}

/// Asks the engine for each position and compares with the table.
fn check(table: Arc<Tablebase>, positions: &[Position]) -> usize {
    let mut gui = Gui::start(EngineConfig {
        tablebase: true,
        table: Some(table.clone()),
        ..EngineConfig::default()
    });
    let mut checked = 0;
    for pos in positions {
        let lines = analyze(&table, pos);
        let Some(&(best, value)) = lines.first() else {
            continue;
        };
        gui.send(&format!("position fen {}", pos.to_text()));
        gui.send("go depth 1");
        let (mv, info) = gui.bestmove();
        assert_eq!(mv, pos.move_to_text(best), "{}", pos.to_text());
        let score = expected_score(value);
        assert!(
            info.iter().any(|l| l.contains(&score)),
            "{}: want {score} in {info:?}",
            pos.to_text()
        );
        checked += 1;
    }
    gui.quit();
    checked
}

#[test]
fn small_table_answers_exactly() {
    let table = Arc::new(solve_material([1, 0, 0], Convention::Seed).expect("solves"));
    let mut rng = kyoku_core::seeded_rng(20);
    let mut positions = Vec::new();
    while positions.len() < 200 {
        let squares: Vec<usize> = (0..3).map(|_| rng.random_range(0..12)).collect();
        if squares[0] == squares[1] || squares[1] == squares[2] || squares[0] == squares[2] {
            continue;
        }
        let mut s = Setup {
            board: [None; 12],
            hands: [[0; 4]; 2],
            turn: if rng.random_bool(0.5) {
                Color::Sente
            } else {
                Color::Gote
            },
        };
        s.board[squares[0]] = Some(Piece {
            color: Color::Sente,
            kind: Kind::Lion,
        });
        s.board[squares[1]] = Some(Piece {
            color: Color::Gote,
            kind: Kind::Lion,
        });
        s.board[squares[2]] = Some(Piece {
            color: if rng.random_bool(0.5) {
                Color::Sente
            } else {
                Color::Gote
            },
            kind: Kind::Giraffe,
        });
        if let Ok(p) = Position::from_setup(&s)
            && p.result().is_none()
        {
            positions.push(p);
        }
    }
    let n = check(table, &positions);
    assert!(n >= 150, "only {n} positions had moves");
}

/// The named heavy check: needs the full table (`kyoku solve dobutsu`).
#[test]
#[ignore = "needs the solved table: kyoku solve dobutsu"]
fn full_table_agrees_with_analyze() {
    let table = kyoku_dobutsu::solve::shared_table().expect("kyoku solve dobutsu first");
    let mut rng = kyoku_core::seeded_rng(1000);
    let mut positions = Vec::new();
    while positions.len() < 1000 {
        // Seeded random games, cut at a random ply.
        let mut record = kyoku_core::GameRecord::new(Position::startpos());
        let mut agent = RandomAgent::new(rng.random());
        let plies = rng.random_range(0..40);
        for _ in 0..plies {
            let Some(m) = kyoku_core::Agent::choose(&mut agent, &record) else {
                break;
            };
            record.play(m).expect("legal");
        }
        if record.outcome().is_none() {
            positions.push(*record.position());
        }
    }
    assert_eq!(check(table, &positions), 1000);
}
