//! `kyoku_games::analyse`: lines in the documented shape for every game,
//! Dōbutsu's values equal to the solved table's, the caps, and reviews.
//!
//! Dōbutsu's table here is a small game's (the Lions, a Giraffe and a
//! Chick), solved once per run into a directory of its own: positions of
//! that material are answered from it, the real game by the search.

use std::sync::OnceLock;

use kyoku_dobutsu::solve::{Convention, Value, analyze, shared_table, solve_material};
use kyoku_games::analyse::{
    AnalyseError, AnalyseRequest, Budget, Class, MAX_DEPTH, MAX_LINES, MAX_MILLIS, Outcome, Score,
    Source, Start, analyse, default_budget, review,
};
use kyoku_games::{GameKind, new_game};
use serde_json::{Value as Json, json};

/// A position of the small game: Sente (to move) has the Giraffe and the
/// Chick.
const SMALL: &str = "1l1/3/1C1/GL1[] w - - 0 1";

/// Points `KYOKU_DATA_DIR` at the small game's table (once per run).
fn small_table() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("kyoku-analyse-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let tb = solve_material([1, 0, 1], Convention::Seed).unwrap();
        tb.write(&dir.join("dobutsu-seed.kdtb")).unwrap();
        // SAFETY: every test of this binary that reads the variable calls
        // this first, and the OnceLock makes them wait until it is set.
        unsafe { std::env::set_var("KYOKU_DATA_DIR", &dir) };
    });
}

fn request(
    game: GameKind,
    options: Json,
    start: Start,
    lines: usize,
    budget: Budget,
) -> AnalyseRequest {
    AnalyseRequest {
        game,
        options,
        start,
        lines,
        budget,
    }
}

/// Every line replays from the analysed position, and the first moves
/// differ.
fn assert_lines_legal(
    game: GameKind,
    options: &Json,
    position: &str,
    lines: &[kyoku_games::analyse::Line],
) {
    let key = if game == GameKind::Dobutsu {
        "fen"
    } else {
        "position"
    };
    let mut opts = options.as_object().cloned().unwrap_or_default();
    opts.insert(key.into(), json!(position));
    let mut firsts = Vec::new();
    for line in lines {
        assert!(!line.moves.is_empty());
        let mut g = new_game(game.name(), &Json::Object(opts.clone())).unwrap();
        for m in &line.moves {
            g.play(m)
                .unwrap_or_else(|e| panic!("{m} in {:?}: {e}", line.moves));
        }
        assert!(!firsts.contains(&line.moves[0]), "{:?}", line.moves);
        firsts.push(line.moves[0].clone());
    }
}

#[test]
fn dobutsu_values_are_the_tables() {
    small_table();
    let a = analyse(&request(
        GameKind::Dobutsu,
        Json::Null,
        Start::Position(SMALL.into()),
        MAX_LINES,
        default_budget(GameKind::Dobutsu),
    ))
    .unwrap();
    assert_eq!(a.source, Source::Table);
    assert_eq!(a.to_act, Some(0));
    let tb = shared_table().unwrap();
    let pos: kyoku_dobutsu::Position = kyoku_core::Position::from_text(SMALL).unwrap();
    let expected = analyze(&tb, &pos);
    assert_eq!(a.lines.len(), MAX_LINES.min(expected.len()));
    for (line, &(m, v)) in a.lines.iter().zip(&expected) {
        assert_eq!(line.moves[0], kyoku_core::Position::move_to_text(&pos, m));
        let outcome = match v {
            Value::Win(_) => Outcome::Win,
            Value::Draw => Outcome::Draw,
            Value::Loss(_) => Outcome::Loss,
        };
        assert_eq!(
            line.score,
            Score::Exact {
                outcome,
                plies: v.plies()
            }
        );
    }
    assert_lines_legal(GameKind::Dobutsu, &Json::Null, &a.position, &a.lines);
    let j = serde_json::to_value(&a).unwrap();
    assert_eq!(j["source"], "table");
    assert_eq!(j["lines"][0]["score"]["kind"], "exact");
    assert_eq!(j["lines"][0]["score"]["outcome"], "win");
}

#[test]
fn dobutsu_without_the_table_searches() {
    small_table();
    let a = analyse(&request(
        GameKind::Dobutsu,
        json!({}),
        Start::Moves(vec!["b2b3".into()]),
        3,
        Budget::Depth(4),
    ))
    .unwrap();
    assert_eq!(a.source, Source::Search);
    assert_eq!(a.to_act, Some(1));
    assert_eq!(a.lines.len(), 3);
    assert_eq!(a.depth, Some(4));
    for l in &a.lines {
        let Score::Eval { win_expectancy, .. } = l.score else {
            panic!("{:?}", l.score)
        };
        assert!((0.0..=1.0).contains(&win_expectancy));
    }
    assert_lines_legal(GameKind::Dobutsu, &Json::Null, &a.position, &a.lines);
}

#[test]
fn shogun_lines_are_legal_and_scored() {
    let a = analyse(&request(
        GameKind::Shogun,
        json!({}),
        Start::Moves(vec![]),
        3,
        Budget::Depth(3),
    ))
    .unwrap();
    assert_eq!(a.source, Source::Search);
    assert_eq!(a.lines.len(), 3);
    let j = serde_json::to_value(&a).unwrap();
    assert_eq!(j["lines"][0]["score"]["kind"], "eval");
    assert!(j["lines"][0]["score"]["win_expectancy"].is_f64());
    assert_lines_legal(GameKind::Shogun, &json!({}), &a.position, &a.lines);
}

#[test]
fn shiamgon_lines_carry_every_seats_place() {
    let options = json!({"board": "disc5", "players": 3});
    let a = analyse(&request(
        GameKind::Shiamgon,
        options.clone(),
        Start::Moves(vec![]),
        2,
        Budget::Depth(1),
    ))
    .unwrap();
    assert_eq!(a.source, Source::Mcts);
    assert_eq!(a.lines.len(), 2);
    for l in &a.lines {
        let Score::Places { expected } = &l.score else {
            panic!("{:?}", l.score)
        };
        assert_eq!(expected.len(), 3);
        assert!(
            expected.iter().all(|p| (1.0..=3.0).contains(p)),
            "{expected:?}"
        );
    }
    assert_lines_legal(GameKind::Shiamgon, &options, &a.position, &a.lines);
}

#[test]
fn caps_and_bad_input_are_refused() {
    let ask = |lines, budget| {
        analyse(&request(
            GameKind::Dobutsu,
            json!({}),
            Start::Moves(vec![]),
            lines,
            budget,
        ))
    };
    for (lines, budget) in [
        (0, Budget::Depth(2)),
        (MAX_LINES + 1, Budget::Depth(2)),
        (1, Budget::Depth(0)),
        (1, Budget::Depth(MAX_DEPTH + 1)),
        (1, Budget::Millis(MAX_MILLIS + 1)),
    ] {
        assert!(
            matches!(ask(lines, budget), Err(AnalyseError::BadRequest(_))),
            "{lines} {budget:?}"
        );
    }
    let moves = |m: &[&str]| Start::Moves(m.iter().map(|s| s.to_string()).collect());
    let r = analyse(&request(
        GameKind::Dobutsu,
        json!({}),
        moves(&["b2b3", "b2b1"]),
        1,
        Budget::Depth(2),
    ));
    assert!(
        matches!(r, Err(AnalyseError::IllegalMove { ply: 2, .. })),
        "{r:?}"
    );
    let r = review(
        GameKind::Dobutsu,
        &json!({}),
        &["b2b3".into(), "c4b3".into(), "zz".into()],
        Budget::Depth(1),
        &mut |_, _| {},
    );
    assert!(
        matches!(r, Err(AnalyseError::IllegalMove { ply: 3, .. })),
        "{r:?}"
    );
    let r = analyse(&request(
        GameKind::Dobutsu,
        json!({}),
        Start::Position("not a fen".into()),
        1,
        Budget::Depth(2),
    ));
    assert!(matches!(r, Err(AnalyseError::BadPosition(_))), "{r:?}");
    let r = analyse(&request(
        GameKind::Shiamgon,
        json!({"board": "hex"}),
        Start::Moves(vec![]),
        1,
        Budget::Depth(1),
    ));
    assert!(matches!(r, Err(AnalyseError::BadOptions(_))), "{r:?}");
    // A game played to its end: nothing is left to analyse.
    let mut g = new_game("dobutsu", &json!({})).unwrap();
    let spec = kyoku_core::SeatSpec::parse("random").unwrap();
    let mut random = g.player(&spec, 3).unwrap();
    while g.outcome().is_none() {
        let mv = random.choose(g.as_ref()).unwrap();
        g.play(&mv).unwrap();
    }
    let over = analyse(&request(
        GameKind::Dobutsu,
        json!({}),
        Start::Moves(g.history()),
        1,
        Budget::Depth(2),
    ));
    assert!(matches!(over, Err(AnalyseError::GameOver)), "{over:?}");
}

/// A game of the small material: best moves, except one move at `blunder`
/// (0-based) that throws a won position to a loss.
fn game_with_a_blunder() -> (Vec<String>, usize) {
    let tb = shared_table().unwrap();
    let mut pos: kyoku_dobutsu::Position = kyoku_core::Position::from_text(SMALL).unwrap();
    let mut moves = Vec::new();
    let mut blunder = None;
    while moves.len() < 40 {
        let values = analyze(&tb, &pos);
        let Some(&(best, bv)) = values.first() else {
            break;
        };
        let losing = values.iter().find(|(_, v)| matches!(v, Value::Loss(_)));
        let mv = match (blunder, bv, losing) {
            (None, Value::Win(_), Some(&(m, _))) if moves.len() >= 2 => {
                blunder = Some(moves.len());
                m
            }
            _ => best,
        };
        moves.push(kyoku_core::Position::move_to_text(&pos, mv));
        kyoku_core::Position::play_unchecked(&mut pos, mv);
    }
    (moves, blunder.expect("a won position with a losing move"))
}

#[test]
fn a_thrown_win_is_the_one_blunder() {
    small_table();
    let (moves, at) = game_with_a_blunder();
    let options = json!({ "fen": SMALL });
    let mut calls = Vec::new();
    let r = review(
        GameKind::Dobutsu,
        &options,
        &moves,
        Budget::Depth(1),
        &mut |d, t| calls.push((d, t)),
    )
    .unwrap();
    assert_eq!(calls.len(), moves.len());
    assert_eq!(calls.last(), Some(&(moves.len(), moves.len())));
    let marked: Vec<(u32, Option<Class>)> = r
        .plies
        .iter()
        .filter(|p| p.class.is_some())
        .map(|p| (p.ply, p.class))
        .collect();
    assert_eq!(
        marked,
        vec![(at as u32 + 1, Some(Class::Blunder))],
        "{moves:?}"
    );
    let p = &r.plies[at];
    assert_eq!(p.loss, 1.0);
    assert!(matches!(
        p.best_score,
        Score::Exact {
            outcome: Outcome::Win,
            ..
        }
    ));
    assert!(matches!(
        p.score,
        Score::Exact {
            outcome: Outcome::Loss,
            ..
        }
    ));
    let blunderer = p.seat;
    let acc = &r.accuracy;
    assert!(
        acc[blunderer].unwrap() < acc[1 - blunderer].unwrap(),
        "{acc:?}"
    );
    assert!(acc[1 - blunderer].unwrap() > 99.9, "{acc:?}");
}

#[test]
fn search_reviews_mark_moves_by_their_loss() {
    let moves: Vec<String> = ["b2b3", "b3b4"].iter().map(|s| s.to_string()).collect();
    // The real game is not in the small table: the search reviews it.
    small_table();
    let r = review(
        GameKind::Dobutsu,
        &json!({}),
        &moves[..1],
        Budget::Depth(3),
        &mut |_, _| {},
    )
    .unwrap();
    assert_eq!(r.plies.len(), 1);
    assert_eq!(r.plies[0].seat, 0);
    assert!(matches!(r.plies[0].score, Score::Eval { .. }));
    let s = review(
        GameKind::Shogun,
        &json!({}),
        &[],
        Budget::Depth(2),
        &mut |_, _| {},
    )
    .unwrap();
    assert!(s.plies.is_empty());
    assert_eq!(s.accuracy, vec![None, None]);
}

/// The latency of `analyse` at each game's default budget: the median over
/// a few positions (seeded random openings), printed. Not a check; run it
/// in release, with the table or without:
///
/// ```text
/// KYOKU_DATA_DIR=… cargo test --release -p kyoku-games --test analyse \
///     -- --ignored --nocapture default_budget_latency
/// ```
#[test]
#[ignore = "a measurement: run by name in release"]
fn default_budget_latency() {
    let games = [
        (GameKind::Dobutsu, json!({})),
        (GameKind::Shogun, json!({})),
        (GameKind::Shiamgon, json!({"board": "disc5", "players": 3})),
        (GameKind::Shiamgon, json!({"board": "disc10", "players": 5})),
    ];
    for (game, options) in games {
        let mut times = Vec::new();
        let mut source = None;
        for seed in 1..=5u64 {
            let mut g = game.new_game(&options).unwrap();
            let spec = kyoku_core::SeatSpec::parse("random").unwrap();
            let mut random = g.player(&spec, seed).unwrap();
            for _ in 0..(2 * seed + 2) {
                match random.choose(g.as_ref()) {
                    Some(mv) if g.outcome().is_none() => {
                        g.play(&mv).unwrap();
                    }
                    _ => break,
                }
            }
            let req = request(
                game,
                options.clone(),
                Start::Moves(g.history()),
                1,
                default_budget(game),
            );
            let t = std::time::Instant::now();
            let Ok(a) = analyse(&req) else { continue };
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            source = Some(a.source);
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "{game} {options} at {:?} ({source:?}): median {:.0} ms of {:?}",
            default_budget(game),
            times[times.len() / 2],
            times.iter().map(|t| t.round()).collect::<Vec<_>>()
        );
    }
}
