use super::*;
use crate::GameKind;
use serde_json::json;

fn spec(t: &str) -> SeatSpec {
    SeatSpec::parse(t).unwrap()
}

/// Every game, programs in every seat, seeded chance: played to the end
/// through the same calls the server makes (take the turn out, think,
/// give it back, draw chance), then replayed from its record.
#[test]
fn every_game_plays_to_the_end_with_programs_in_every_seat() {
    let cases = [
        (GameKind::Dobutsu, json!({}), vec!["ai:1", "random"]),
        (GameKind::Shogun, json!({}), vec!["ai:1", "random"]),
        (
            GameKind::Shogun,
            json!({"variant": "random"}),
            vec!["random", "ai:1"],
        ),
        (
            GameKind::Shogun,
            json!({"first": "red"}),
            vec!["random", "random"],
        ),
        (
            GameKind::Shiamgon,
            json!({"board": "tri8", "players": 3}),
            vec!["ai:1", "random", "random"],
        ),
    ];
    for (kind, options, seats) in cases {
        let game = kind.new_game(&options).unwrap();
        let specs: Vec<SeatSpec> = seats.iter().map(|t| spec(t)).collect();
        let seeds = Seeds::from_seed(11, specs.len());
        let mut s = Session::new(game, &specs, seeds, Failure::StandIn).unwrap();
        let mut guard = 0;
        while s.outcome().is_none() && guard < 3000 {
            s.draw_all_chance().unwrap();
            if let Some(turn) = s.begin_program_turn().unwrap() {
                let played = s.finish_program_turn(turn.think()).unwrap();
                assert!(played.unwrap().stood_in.is_none());
            }
            guard += 1;
        }
        assert!(s.outcome().is_some(), "{kind} did not end");
        let moves: Vec<(String, Option<usize>)> = s
            .game()
            .history()
            .into_iter()
            .zip(s.movers().iter().copied())
            .collect();
        let again = Session::resume(
            kind.new_game(&options).unwrap(),
            &specs,
            Seeds::from_seed(11, specs.len()),
            Failure::StandIn,
            &moves,
        )
        .unwrap();
        assert_eq!(again.game().position_text(), s.game().position_text());
        assert_eq!(again.outcome(), s.outcome());
        assert_eq!(again.movers(), s.movers());
    }
}

#[test]
fn the_same_seeds_play_the_same_game() {
    let play = || {
        let game = GameKind::Shogun
            .new_game(&json!({"variant": "random"}))
            .unwrap();
        let specs = [spec("ai:1"), spec("ai:1")];
        let mut s = Session::new(game, &specs, Seeds::from_seed(5, 2), Failure::Error).unwrap();
        for _ in 0..20 {
            s.draw_all_chance().unwrap();
            if s.outcome().is_some() {
                break;
            }
            s.play_program().unwrap();
        }
        s.game().history()
    };
    assert_eq!(play(), play());
}

#[test]
fn only_the_seat_to_act_moves_and_bad_moves_change_nothing() {
    let game = GameKind::Dobutsu.new_game(&json!({})).unwrap();
    let specs = [SeatSpec::Human, SeatSpec::Human];
    let mut s = Session::new(game, &specs, Seeds::from_seed(1, 2), Failure::Error).unwrap();
    let e = s.play(1, "b2b3").unwrap_err();
    assert_eq!(e.to_string(), "seat 1 is to act, not seat 2");
    assert!(matches!(s.play(0, "a1a4"), Err(SessionError::Move(_))));
    assert_eq!(s.ply(), 0);
    assert_eq!(s.play(0, "b2b3").unwrap(), "b2b3");
    assert_eq!(s.undo(), Some(("b2b3".to_string(), Some(0))));
    assert!(s.begin_program_turn().unwrap().is_none());
    assert!(matches!(
        s.play_program(),
        Err(SessionError::NoProgramToAct)
    ));
}

#[test]
fn seats_must_fit_and_programs_must_exist() {
    let game = || GameKind::Dobutsu.new_game(&json!({})).unwrap();
    let e = Session::new(
        game(),
        &[SeatSpec::Human],
        Seeds::from_seed(1, 1),
        Failure::Error,
    );
    assert!(matches!(e, Err(SessionError::SeatCount { given: 1, .. })));
    let e = Session::new(
        game(),
        &[SeatSpec::Human, spec("oracle")],
        Seeds::from_seed(1, 2),
        Failure::Error,
    );
    assert!(matches!(
        e,
        Err(SessionError::Seat {
            seat: 1,
            source: AgentError::Unknown { .. }
        })
    ));
}

#[test]
fn a_failing_program_is_replaced_for_the_move_or_reported() {
    use FailingProgram::*;
    for failure in [Panics, Illegal, NoMove] {
        for policy in [Failure::StandIn, Failure::Error] {
            let game = GameKind::Dobutsu.new_game(&json!({})).unwrap();
            let specs = [spec("ai:1"), SeatSpec::Human];
            let mut s = Session::new(game, &specs, Seeds::from_seed(3, 2), policy).unwrap();
            s.set_program(0, Box::new(failure));
            let turn = s.begin_program_turn().unwrap().unwrap();
            let result = s.finish_program_turn(turn.think());
            match policy {
                Failure::StandIn => {
                    let played = result.unwrap().unwrap();
                    assert!(played.stood_in.is_some(), "{failure:?}");
                    assert_eq!(s.movers(), &[Some(0)]);
                    assert!(!s.has_program(0), "the broken program is dropped");
                }
                Failure::Error => {
                    assert!(matches!(result, Err(SessionError::Program { .. })));
                    assert_eq!(s.ply(), 0);
                }
            }
        }
    }
}

#[test]
fn a_seat_whose_program_cannot_be_made_gets_a_stand_in() {
    let game = GameKind::Shogun.new_game(&json!({})).unwrap();
    // Shogun has no `perfect` player: as if stored with a program this
    // build lacks.
    let specs = [spec("perfect"), SeatSpec::Human];
    let mut s =
        Session::resume(game, &specs, Seeds::from_seed(3, 2), Failure::StandIn, &[]).unwrap();
    let turn = s.begin_program_turn().unwrap().unwrap();
    assert_eq!(s.stand_in(0), Some("ai:5"));
    drop(turn);
    let game = GameKind::Shogun.new_game(&json!({})).unwrap();
    let mut s = Session::resume(game, &specs, Seeds::from_seed(3, 2), Failure::Error, &[]).unwrap();
    assert!(matches!(
        s.begin_program_turn(),
        Err(SessionError::Seat { seat: 0, .. })
    ));
}

#[test]
fn a_turn_given_back_after_the_game_moved_on_is_thought_again() {
    let game = GameKind::Dobutsu.new_game(&json!({})).unwrap();
    let specs = [spec("ai:1"), spec("ai:1")];
    let mut s = Session::new(game, &specs, Seeds::from_seed(3, 2), Failure::Error).unwrap();
    let turn = s.begin_program_turn().unwrap().unwrap();
    let thought = turn.think();
    s.play(0, "b2b3").unwrap();
    assert!(s.finish_program_turn(thought).unwrap().is_none());
    assert!(s.has_program(0), "the program is kept");
    assert_eq!(s.ply(), 1);
}
