//! Shogun puzzles: made from program games, proven again by the deeper
//! search, and refused when altered.

use kyoku_puzzle::{Goal, MakeOptions, Puzzle, VerifyError, shogun, verify};
use serde_json::json;

fn made(count: usize, seed: u64) -> Vec<Puzzle> {
    let options = MakeOptions {
        count,
        seed,
        threads: 2,
    };
    shogun::make(&options, &|m| eprintln!("{m:?}"))
}

/// A puzzle of a made set (seed 7), as stored.
fn stored(position: &str, solution: &[&str]) -> Puzzle {
    let pos: kyoku_shogun::Position = kyoku_core::Position::from_text(position).unwrap();
    Puzzle {
        id: kyoku_puzzle::puzzle_id("shogun", &shogun::canonical(&pos)),
        game: "shogun".into(),
        options: json!({ "position": position, "show_landing": true }),
        position: position.into(),
        goal: Goal::Win,
        solution: solution.iter().map(|s| s.to_string()).collect(),
        themes: vec![],
        rating: 1500.0,
    }
}

/// A win in one (Red), one in two and one in three (White).
fn set() -> Vec<Puzzle> {
    vec![
        stored("8/4s3/8/5F2/5B2/5g2/4e3/4S3 r 1 - 0 28", &["e2f4"]),
        stored(
            "8/4E2s/5d2/8/1f1B1c2/8/A3S3/8 w 0 - 1 32",
            &["d4f6", "f4f6", "a2b4"],
        ),
        stored(
            "8/4E2s/3f1d2/8/3B4/6c1/A3S3/8 w 0 - 1 32",
            &["d4f6", "h7h6", "e7f7", "h6f6", "f7d6"],
        ),
    ]
}

#[test]
fn hand_kept_puzzles_are_proven() {
    for p in set() {
        verify(&p).unwrap_or_else(|e| panic!("{}: {e}", p.position));
    }
}

/// What the maker finds at a position is the stored puzzle: the same line,
/// id and options.
#[test]
fn the_maker_finds_the_stored_line() {
    let p = &set()[1];
    let pos = kyoku_core::Position::from_text(&p.position).unwrap();
    let found = shogun::puzzle_at(&pos).expect("a puzzle");
    assert_eq!(found.solution, p.solution);
    assert_eq!(found.id, p.id);
    assert_eq!(found.options, p.options);
    assert!(
        found.themes.contains(&"in-2".to_string()),
        "{:?}",
        found.themes
    );
    // The side that is lost has no puzzle: after the first move.
    let mut lost = pos.clone();
    lost.play_move(lost.parse_move("d4f6").unwrap());
    assert!(shogun::puzzle_at(&lost).is_none());
}

fn refuted(p: &Puzzle) -> String {
    match verify(p) {
        Ok(()) => panic!("{:?} accepted", p.solution),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_wrong_first_move_is_refused() {
    let mut p = set()[1].clone();
    // Legal, but it does not win.
    p.solution = vec!["a2a5".into()];
    let why = refuted(&p);
    assert!(why.contains("does not win"), "{why}");
    let mut p = set()[0].clone();
    p.solution = vec!["e2e4".into()];
    assert!(refuted(&p).contains("not legal"));
}

#[test]
fn a_truncated_or_lengthened_line_is_refused() {
    let mut p = set()[2].clone();
    p.solution.truncate(3);
    assert!(refuted(&p).contains("without the game won"));
    p.solution.truncate(0);
    assert!(refuted(&p).contains("empty"));
    let mut p = set()[1].clone();
    p.solution.push("h7h6".into());
    let why = refuted(&p);
    assert!(why.contains("not legal"), "{why}");
}

#[test]
fn a_changed_id_position_or_goal_is_refused() {
    let mut p = set()[0].clone();
    p.id = "000000000000".into();
    assert!(matches!(
        verify(&p),
        Err(VerifyError::Shogun(shogun::Refutation::Id { .. }))
    ));
    let mut p = set()[0].clone();
    p.goal = Goal::Material;
    assert!(refuted(&p).contains("goal"));
    // Options that start elsewhere than the position.
    let mut p = set()[0].clone();
    p.options = json!({});
    assert!(
        matches!(
            verify(&p),
            Err(VerifyError::Illegal { .. } | VerifyError::Shogun(shogun::Refutation::Options(_)))
        ),
        "{}",
        refuted(&p)
    );
    // A position altered by a piece is refused, whatever is found first.
    let mut p = set()[0].clone();
    p.position = p.position.replacen("4s3", "3s4", 1);
    p.options = json!({ "position": p.position });
    refuted(&p);
}

/// A defender's reply that gives up sooner than another is refused: the
/// line must show the longest defence.
#[test]
fn a_short_defence_is_refused() {
    let p = set()[2].clone();
    let pos: kyoku_shogun::Position = kyoku_core::Position::from_text(&p.position).unwrap();
    let mut after = pos.clone();
    after.play_move(after.parse_move(&p.solution[0]).unwrap());
    // A reply after which the solver wins at once, if there is one.
    let mut replies = Vec::new();
    after.generate(&mut replies);
    let quick = replies.iter().find_map(|&r| {
        let mut q = after.clone();
        q.play_move(r);
        let wins = shogun::winning_moves(&q, 1)?;
        (wins.len() == 1).then(|| (r.to_string(), wins[0].clone()))
    });
    let (reply, win) = quick.expect("a reply lost at once");
    let mut short = p.clone();
    short.solution = vec![p.solution[0].clone(), reply, win];
    assert!(
        refuted(&short).contains("holds out longer"),
        "{}",
        refuted(&short)
    );
}

/// A position with two winning moves is no puzzle: the other is named.
#[test]
fn a_second_solution_is_refused() {
    // Red won the game with d6e3; another move wins at once too.
    let p = stored("8/5E1s/3f4/8/5c2/8/A6S/5d2 r 0 - 7 35", &["d6e3"]);
    let why = refuted(&p);
    assert!(why.contains("also wins"), "{why}");
}

/// Makes fifty puzzles (or `N`) from program games and proves every one
/// again, from its data alone; every magnet rotation is among them, and
/// no position twice. CI's check:
/// `cargo test --release -p kyoku-puzzle --test shogun -- --ignored`.
#[test]
#[ignore = "plays program games: a minute or two"]
fn reproves_a_made_set() {
    let wanted = std::env::var("N").map_or(50, |n| n.parse().unwrap_or(50));
    let start = std::time::Instant::now();
    let set = made(wanted, 7);
    eprintln!("made {} in {:?}", set.len(), start.elapsed());
    assert_eq!(set.len(), wanted);
    let ids: std::collections::HashSet<_> = set.iter().map(|p| &p.id).collect();
    assert_eq!(ids.len(), set.len(), "a position twice");
    for r in 0..4 {
        let theme = format!("rotation-{r}");
        let n = set.iter().filter(|p| p.themes.contains(&theme)).count();
        eprintln!("{theme}: {n}");
        assert!(n > 0, "no puzzle on {theme}");
    }
    for k in 1..=3 {
        let theme = format!("in-{k}");
        let n = set.iter().filter(|p| p.themes.contains(&theme)).count();
        eprintln!("{theme}: {n}");
    }
    for p in &set {
        verify(p).unwrap_or_else(|e| panic!("{}: {e}", serde_json::to_string(p).unwrap()));
        // Altered on purpose: the line cut short, the id of another.
        let mut cut = p.clone();
        cut.solution.pop();
        assert!(verify(&cut).is_err(), "{} accepted cut short", p.id);
        let mut renamed = p.clone();
        renamed.id = set[(set.len() / 2 + 1) % set.len()].id.clone();
        assert!(verify(&renamed).is_err() || renamed.id == p.id);
    }
    eprintln!("made and re-proven in {:?}", start.elapsed());
}
