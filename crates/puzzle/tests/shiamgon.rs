//! Shiamgon puzzles: a small set is made and proven again, and altered
//! puzzles are refused with the reason.

use std::sync::OnceLock;
use std::time::Instant;

use kyoku_core::{Position as _, ToAct};
use kyoku_puzzle::shiamgon::{self, Refutation};
use kyoku_puzzle::{Goal, MakeOptions, Puzzle, puzzle_id};
use kyoku_shiamgon::{BoardKind, Position};

/// A small set cut from random games (quick even unoptimised; the
/// program games of `make` are for the ignored test), made once for all
/// the quick tests: up to five captures and three saves.
fn small_set() -> &'static [Puzzle] {
    static SET: OnceLock<Vec<Puzzle>> = OnceLock::new();
    SET.get_or_init(|| {
        let tables = [
            (BoardKind::Tri8, 3),
            (BoardKind::Disc5, 3),
            (BoardKind::Disc5, 4),
        ];
        let (mut captures, mut saves) = (Vec::new(), Vec::new());
        for seed in 0..60u64 {
            let (board, players) = tables[seed as usize % tables.len()];
            let mut rng = kyoku_core::seeded_rng(seed);
            let mut pos = Position::start(board, players).unwrap();
            let mut moves = Vec::new();
            for _ in 0..400 {
                if matches!(pos.to_act(), ToAct::Nobody) {
                    break;
                }
                if pos.placements() >= 6 && pos.pending_push().is_none() {
                    match shiamgon::cut(&pos) {
                        Some(p) if p.goal == Goal::Save && saves.len() < 3 => saves.push(p),
                        Some(p) if p.goal == Goal::Capture && captures.len() < 5 => {
                            captures.push(p)
                        }
                        _ => {}
                    }
                }
                moves.clear();
                pos.legal_moves(&mut moves);
                let k = kyoku_core::rand::Rng::random_range(&mut rng, 0..moves.len());
                pos.play_unchecked(moves[k]);
            }
            if captures.len() == 5 && saves.len() == 3 {
                break;
            }
        }
        captures.extend(saves);
        captures
    })
}

#[test]
fn a_small_set_is_cut_and_proven_again() {
    let set = small_set();
    assert_eq!(set.len(), 8, "too few puzzles in 60 random games");
    for p in set {
        assert_eq!(shiamgon::verify(p), Ok(()), "{p:?}");
        assert_eq!(kyoku_puzzle::verify(p).map_err(|e| e.to_string()), Ok(()));
        assert_eq!(p.solver_moves(), 1);
    }
}

#[test]
fn another_placement_is_refused() {
    for p in small_set() {
        let pos = Position::from_text(&p.position).unwrap();
        let other = shiamgon::placement_gains(&pos)
            .into_iter()
            .map(|g| g.placement)
            .find(|m| *m != p.solution[0])
            .unwrap();
        let mut altered = p.clone();
        altered.solution = vec![other];
        // The answers of the other placement, if it pushes, are whatever
        // comes first: the refusal must come from the search either way.
        let err = complete_and_verify(altered);
        assert!(
            matches!(
                err,
                Refutation::Rival { .. }
                    | Refutation::NothingWon { .. }
                    | Refutation::StillLoses(_)
                    | Refutation::AlsoSaves { .. }
            ),
            "{err}"
        );
    }
}

/// Completes the altered solution with the first legal answers and
/// verifies it; it must be refused.
fn complete_and_verify(mut p: Puzzle) -> Refutation {
    complete(&mut p);
    shiamgon::verify(&p).expect_err("an altered puzzle was accepted")
}

#[test]
fn a_changed_id_or_position_is_refused() {
    let p = &small_set()[0];
    let mut altered = p.clone();
    altered.id = "000000000000".into();
    assert!(matches!(
        shiamgon::verify(&altered),
        Err(Refutation::Id { .. })
    ));
    let mut altered = p.clone();
    altered.position = p
        .position
        .replacen("turn ", "turn  ", 1)
        .replace(" stones", " nonsense");
    assert!(matches!(
        shiamgon::verify(&altered),
        Err(Refutation::BadPosition(_))
    ));
    let mut altered = p.clone();
    altered.options["position"] = serde_json::json!(null);
    assert!(matches!(
        shiamgon::verify(&altered),
        Err(Refutation::Options(_))
    ));
    let mut altered = p.clone();
    altered.goal = Goal::Win;
    assert_eq!(
        shiamgon::verify(&altered),
        Err(Refutation::WrongGoal("win"))
    );
    let mut altered = p.clone();
    altered.solution = vec!["pass".into()];
    assert!(matches!(
        shiamgon::verify(&altered),
        Err(Refutation::NoPlacement(_))
    ));
}

/// Capture puzzles state the stones in their themes, and the answers must
/// be the stubbornest; a puzzle whose answers are cut short is unfinished.
#[test]
fn capture_details_are_checked() {
    for p in small_set().iter().filter(|p| p.goal == Goal::Capture) {
        let mut altered = p.clone();
        altered.themes.retain(|t| !t.starts_with("capture-"));
        assert!(matches!(
            shiamgon::verify(&altered),
            Err(Refutation::Theme(_))
        ));
        if p.solution.len() > 1 {
            let mut altered = p.clone();
            altered.solution.truncate(1);
            assert_eq!(shiamgon::verify(&altered), Err(Refutation::Unfinished));
        }
    }
}

/// A position from program play where two placements win as much: a
/// capture puzzle claimed there is refused, whichever of the two it names.
#[test]
fn a_tie_between_two_placements_is_refused() {
    let (pos, a, b) = tie_position().expect("no tie in 200 random games");
    for placement in [a, b] {
        let mut p = claimed(&pos, Goal::Capture, placement);
        complete(&mut p);
        assert!(matches!(
            shiamgon::verify(&p),
            Err(Refutation::Rival { .. })
        ));
    }
}

/// A save claimed where nothing is in danger (the start) is refused.
#[test]
fn a_save_without_a_threat_is_refused() {
    let pos = Position::start(BoardKind::Tri8, 3).unwrap();
    let first = shiamgon::placement_gains(&pos)[0].placement.clone();
    let mut p = claimed(&pos, Goal::Save, first);
    complete(&mut p);
    assert_eq!(shiamgon::verify(&p), Err(Refutation::NoThreat));
}

/// A puzzle claimed at `pos` with the placement `placement` alone.
fn claimed(pos: &Position, goal: Goal, placement: String) -> Puzzle {
    Puzzle {
        id: puzzle_id("shiamgon", &shiamgon::canonical(pos)),
        game: "shiamgon".into(),
        options: serde_json::json!({
            "board": pos.board().kind().name(),
            "players": pos.players(),
            "position": pos.to_text(),
        }),
        position: pos.to_text(),
        goal,
        solution: vec![placement],
        themes: vec![],
        rating: 1500.0,
    }
}

/// Completes a solution's turn with the first legal push answers.
fn complete(p: &mut Puzzle) {
    let mut g = p.start().unwrap();
    g.play(&p.solution[0]).unwrap();
    while matches!(g.to_act(), ToAct::Player(_, kyoku_core::Decision::Answer)) {
        let m = g.legal_moves()[0].clone();
        g.play(&m).unwrap();
        p.solution.push(m);
    }
}

/// A position where two placements each win a stone whatever the answers.
fn tie_position() -> Option<(Position, String, String)> {
    for seed in 0..200u64 {
        let mut rng = kyoku_core::seeded_rng(seed);
        let mut pos = Position::start(BoardKind::Tri8, 3).unwrap();
        for _ in 0..300 {
            if matches!(pos.to_act(), ToAct::Nobody) {
                break;
            }
            let gains = shiamgon::placement_gains(&pos);
            let sure: Vec<_> = gains.iter().filter(|g| g.worst >= 1).collect();
            if let [x, y, ..] = sure.as_slice() {
                return Some((pos, x.placement.clone(), y.placement.clone()));
            }
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let k = kyoku_core::rand::Rng::random_range(&mut rng, 0..moves.len());
            pos.play_unchecked(moves[k]);
        }
    }
    None
}

/// Makes a hundred puzzles from program games and proves every one again
/// (CI calls it; about a minute and a half on two cores):
/// `cargo test --release -p kyoku-puzzle --test shiamgon -- --ignored`.
#[test]
#[ignore]
fn reproves_a_made_set() {
    let t = Instant::now();
    let options = MakeOptions {
        count: 100,
        seed: 2026,
        threads: 2,
    };
    let set = shiamgon::make(&options, &|_| {});
    let made = t.elapsed();
    assert_eq!(set.len(), 100);
    let t = Instant::now();
    for p in &set {
        assert_eq!(shiamgon::verify(p), Ok(()), "{p:?}");
    }
    let mut by: std::collections::BTreeMap<String, usize> = Default::default();
    for p in &set {
        for th in &p.themes {
            *by.entry(th.clone()).or_default() += 1;
        }
    }
    eprintln!(
        "made {} in {made:.1?}, proven again in {:.1?}; themes {by:?}",
        set.len(),
        t.elapsed()
    );
}

/// Whatever a stored puzzle holds, verifying it gives a reason, never a
/// panic.
#[test]
fn garbage_is_refused_with_a_reason() {
    let p = &small_set()[0];
    let texts = ["", "pass", "0.0", "9.99", "#7", "shiamgon", "1.0 2.0", "🙂"];
    for t in texts {
        let mut altered = p.clone();
        altered.solution = vec![p.solution[0].clone(), t.to_string()];
        assert!(shiamgon::verify(&altered).is_err(), "{t:?}");
        altered.solution = vec![t.to_string()];
        assert!(shiamgon::verify(&altered).is_err(), "{t:?}");
        altered.position = t.to_string();
        assert!(shiamgon::verify(&altered).is_err(), "{t:?}");
    }
    let mut altered = p.clone();
    altered.game = "dobutsu".into();
    assert_eq!(
        shiamgon::verify(&altered),
        Err(Refutation::OtherGame("dobutsu".into()))
    );
    let mut altered = p.clone();
    altered.solution.clear();
    assert!(matches!(
        shiamgon::verify(&altered),
        Err(Refutation::NoPlacement(_))
    ));
}

/// The start turned by a third is the start, and a puzzle turned by a
/// third (three players) is the same puzzle: same id, and proven again.
#[test]
fn a_puzzle_turned_by_a_third_is_the_same_puzzle() {
    // The start's stones stay where they are; only the seat to move moves.
    for board in BoardKind::ALL {
        let start = Position::start(board, 3).unwrap();
        let turned = shiamgon::turned(&start).unwrap();
        let stones = |p: &Position| p.to_text().split_whitespace().nth(8).map(String::from);
        assert_eq!(stones(&turned), stones(&start), "{board}");
        assert_ne!(turned.to_text(), start.to_text(), "{board}");
    }
    let mut turned_any = 0;
    for p in small_set().iter().filter(|p| p.options["players"] == 3) {
        let pos = Position::from_text(&p.position).unwrap();
        let turned = shiamgon::turned(&pos).unwrap();
        assert_ne!(turned.to_text(), pos.to_text());
        assert_eq!(shiamgon::canonical(&turned), shiamgon::canonical(&pos));
        let round = shiamgon::turned(&shiamgon::turned(&turned).unwrap()).unwrap();
        assert_eq!(
            round.to_text(),
            pos.to_text(),
            "three thirds are a whole turn"
        );
        let cut = shiamgon::cut(&turned).expect("the turned position is a puzzle too");
        assert_eq!(cut.id, p.id);
        assert_eq!(cut.goal, p.goal);
        assert_eq!(shiamgon::verify(&cut), Ok(()));
        turned_any += 1;
    }
    assert!(turned_any > 0);
}
