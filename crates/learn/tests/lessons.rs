//! Every lesson of every game: the file reads, every text is there in
//! every language, each step starts a game, its solution plays through
//! the engines with the opponent's replies and reaches the goal exactly
//! at its end, and a wrong move is answered wrong.

use kyoku_games::GameKind;
use kyoku_learn::{Status, attempt, check_step, course};

#[test]
fn every_file_reads() {
    for game in GameKind::ALL {
        if let Err(e) = course(game) {
            panic!("{e}");
        }
    }
}

#[test]
fn every_text_is_in_every_language() {
    for game in GameKind::ALL {
        for lesson in &course(game).unwrap().lessons {
            let mut texts = vec![("title", &lesson.title), ("intro", &lesson.intro)];
            for step in &lesson.steps {
                texts.push(("text", &step.text));
                texts.push(("hint", &step.hint));
            }
            for (what, t) in texts {
                let missing = t.missing();
                assert!(
                    missing.is_empty(),
                    "{} {}: {what} {:?} has no {missing:?}",
                    game.name(),
                    lesson.id,
                    t.en
                );
            }
        }
    }
}

#[test]
fn every_solution_reaches_its_goal_at_its_end() {
    for game in GameKind::ALL {
        for lesson in &course(game).unwrap().lessons {
            for (i, step) in lesson.steps.iter().enumerate() {
                if let Err(e) = check_step(game, step) {
                    panic!("{} {} step {}: {e}", game.name(), lesson.id, i + 1);
                }
            }
        }
    }
}

/// Every legal first move of every step is answered (continue, done or
/// wrong) without an error: the opponent always has a reply or the move
/// counts as wrong. And each lesson has a step where some first move is
/// wrong, so the hint is seen.
#[test]
fn every_first_move_is_answered() {
    for game in GameKind::ALL {
        for lesson in &course(game).unwrap().lessons {
            let mut some_wrong = false;
            for (i, step) in lesson.steps.iter().enumerate() {
                let start = attempt(game, step, &[]).unwrap();
                assert_eq!(start.status, Status::Continue);
                for mv in start.game.legal_moves() {
                    let a = attempt(game, step, std::slice::from_ref(&mv)).unwrap_or_else(|e| {
                        panic!(
                            "{} {} step {} move {mv}: {e}",
                            game.name(),
                            lesson.id,
                            i + 1
                        )
                    });
                    some_wrong |= a.status == Status::Wrong;
                }
            }
            assert!(
                some_wrong,
                "{} {}: no wrong first move anywhere",
                game.name(),
                lesson.id
            );
        }
    }
}

/// The checks above catch a lesson altered on purpose.
#[test]
fn a_broken_step_fails_its_check() {
    let game = GameKind::Dobutsu;
    let good = kyoku_learn::lesson(game, "catch").unwrap().steps[2].clone();
    assert_eq!(check_step(game, &good), Ok(()));

    let mut short = good.clone();
    short.solution.pop();
    assert!(
        check_step(game, &short).is_err(),
        "a solution that stops early"
    );

    let mut other_goal = good.clone();
    other_goal.goal =
        serde_json::from_value(serde_json::json!({"kind": "capture", "piece": "e"})).unwrap();
    assert!(
        check_step(game, &other_goal).is_err(),
        "a goal never reached"
    );

    let mut right_as_wrong = good.clone();
    right_as_wrong.wrong = vec!["G@a3".into()];
    assert!(
        check_step(game, &right_as_wrong).is_err(),
        "a right move called wrong"
    );

    let mut no_reply = good;
    no_reply.opponent = kyoku_learn::Opponent::Scripted(Default::default());
    assert!(
        check_step(game, &no_reply).is_err(),
        "an opponent without replies"
    );
}

#[test]
fn a_broken_file_does_not_read() {
    let game = GameKind::Dobutsu;
    let text = kyoku_learn::course(game).unwrap();
    let mut v = serde_json::to_value(text).unwrap();
    v["lessons"][0]["steps"][0]["goal"] = serde_json::json!({"kind": "reach", "square": "d9"});
    assert!(kyoku_learn::parse(game, &v.to_string()).is_err());
    let mut v = serde_json::to_value(text).unwrap();
    v["lessons"][1]["id"] = v["lessons"][0]["id"].clone();
    assert!(
        kyoku_learn::parse(game, &v.to_string()).is_err(),
        "an id twice"
    );
    let v = serde_json::to_value(text).unwrap();
    assert!(kyoku_learn::parse(game, &v.to_string()).is_ok());
}
