use std::cell::Cell;

use kyoku_core::SeatSpec;

use super::*;
use crate::GameKind;
use crate::session::{Failure, Seeds, SessionError};
use serde_json::json;

thread_local! {
    static NOW: Cell<u64> = const { Cell::new(1_000_000) };
}

/// The test's clock: each test runs on its own thread.
fn now() -> u64 {
    NOW.with(Cell::get)
}

fn pass(ms: u64) {
    NOW.with(|n| n.set(n.get() + ms));
}

fn session(kind: GameKind, options: serde_json::Value, seats: &[&str]) -> Session {
    let game = kind.new_game(&options).unwrap();
    let specs: Vec<SeatSpec> = seats.iter().map(|t| SeatSpec::parse(t).unwrap()).collect();
    let seeds = Seeds::from_seed(9, specs.len());
    let mut s = Session::new(game, &specs, seeds, Failure::Error).unwrap();
    s.set_time_source(now);
    s
}

fn people() -> Session {
    session(GameKind::Dobutsu, json!({}), &["human", "human"])
}

fn timed(control: &str, seats: &[&str]) -> Session {
    let mut s = session(GameKind::Dobutsu, json!({}), seats);
    s.set_time_control(Some(control.parse().unwrap()));
    s.start_clocks();
    s
}

#[test]
fn the_clock_runs_for_the_seat_to_act_and_is_recorded_with_each_move() {
    let mut s = timed("1+2", &["human", "human"]);
    pass(10_000);
    assert_eq!(s.clocks_now().0, vec![Some(50_000), Some(60_000)]);
    s.play(0, "b2b3").unwrap();
    pass(5_000);
    s.play(1, "b4c3").unwrap();
    assert_eq!(s.clocks_now().0, vec![Some(52_000), Some(57_000)]);
    assert_eq!(
        s.move_clocks(),
        &[
            Some(vec![Some(52_000), Some(60_000)]),
            Some(vec![Some(52_000), Some(57_000)])
        ]
    );
    assert_eq!(s.deadline(), Some((0, now() + 52_000)));
}

#[test]
fn a_flag_falls_at_the_deadline_and_the_other_seat_wins_on_time() {
    let mut s = timed("1+0", &["human", "human"]);
    pass(59_999);
    assert_eq!(s.check_time(), None);
    pass(1);
    assert_eq!(s.check_time(), Some(0));
    let o = s.outcome().unwrap();
    assert_eq!((o.reason, o.winner().map(|p| p.index())), ("time", Some(1)));
    assert_eq!(s.clocks_now().0[0], Some(0));
    assert!(matches!(
        s.play(0, "b2b3"),
        Err(SessionError::Move(kyoku_core::MoveError::GameOver))
    ));
}

#[test]
fn a_move_after_the_deadline_is_refused_and_the_flag_falls() {
    let mut s = timed("1+0", &["human", "human"]);
    pass(61_000);
    assert!(matches!(
        s.play(0, "b2b3"),
        Err(SessionError::OutOfTime { seat: 0 })
    ));
    assert_eq!(s.outcome().unwrap().reason, "time");
    assert_eq!(s.ply(), 0);
}

#[test]
fn an_outage_is_not_charged() {
    let s = timed("1+0", &["human", "human"]);
    pass(20_000);
    let stored = s.life().clone();
    // The server was down for an hour; the game is loaded again.
    pass(3_600_000);
    let mut again = people();
    again.restore_life(stored, vec![]);
    assert_eq!(again.clocks_now().0, vec![Some(60_000), Some(60_000)]);
    pass(1_000);
    assert_eq!(again.clocks_now().0, vec![Some(59_000), Some(60_000)]);
}

#[test]
fn clocks_wait_until_started() {
    let mut s = session(GameKind::Dobutsu, json!({}), &["human", "human"]);
    s.set_time_control(Some("1+0".parse().unwrap()));
    pass(120_000);
    assert_eq!(s.check_time(), None);
    s.start_clocks();
    assert_eq!(s.deadline(), Some((0, now() + 60_000)));
}

#[test]
fn a_shiamgon_seat_out_of_time_is_played_by_a_program_and_ranks_last() {
    let mut s = session(
        GameKind::Shiamgon,
        json!({"board": "tri8", "players": 3}),
        &["human", "random", "random"],
    );
    s.set_time_control(Some("0.5+0".parse().unwrap()));
    s.start_clocks();
    pass(30_000);
    assert_eq!(s.check_time(), Some(0));
    assert!(s.outcome().is_none(), "the others play on");
    assert_eq!(s.program_to_act(), Some(0));
    assert_eq!(s.stand_in(0), Some(LEAVER_PROGRAM));
    assert_eq!(s.clocks_now().0[0], None);
    while s.outcome().is_none() {
        s.draw_all_chance().unwrap();
        if s.outcome().is_none() {
            s.play_program().unwrap();
        }
    }
    let o = s.outcome().unwrap();
    assert_eq!(o.rank(Player::new(0)), 3, "{o:?}");
    assert!(s.movers().contains(&Some(0)), "a program played for it");
}

#[test]
fn resigning_ends_a_two_player_game_and_leaves_a_shiamgon_one() {
    let mut s = people();
    s.resign(1).unwrap();
    let o = s.outcome().unwrap();
    assert_eq!((o.reason, o.winner()), ("resigned", Some(Player::new(0))));
    assert_eq!(s.resign(0), Err(LifeError::GameOver));
    let mut s = session(
        GameKind::Shiamgon,
        json!({"board": "tri8", "players": 3}),
        &["human", "human", "random"],
    );
    s.resign(1).unwrap();
    assert!(s.outcome().is_none());
    assert!(s.is_out(1));
    assert!(matches!(s.resign(1), Err(LifeError::NotAllowed(_))));
}

#[test]
fn abort_is_allowed_until_every_seat_has_moved() {
    let mut s = people();
    s.play(0, "b2b3").unwrap();
    s.abort(0).unwrap();
    let o = s.outcome().unwrap();
    assert_eq!(o.reason, "aborted");
    assert!(Ending::is_no_result(o.reason));
    let mut s = people();
    s.play(0, "b2b3").unwrap();
    s.play(1, "b4c3").unwrap();
    assert!(matches!(s.abort(1), Err(LifeError::NotAllowed(_))));
    let mut s = session(GameKind::Dobutsu, json!({}), &["human", "ai:1"]);
    assert!(
        matches!(s.abort(1), Err(LifeError::NotAllowed(_))),
        "a program seat"
    );
}

#[test]
fn draw_offers_are_accepted_declined_lapse_and_wait_after_a_decline() {
    let mut s = people();
    assert!(matches!(
        s.draw(1, Reply::Accept),
        Err(LifeError::NoOffer(_))
    ));
    s.draw(0, Reply::Offer).unwrap();
    assert_eq!(s.life().offers.draw, Some(0));
    assert!(
        matches!(s.draw(0, Reply::Accept), Err(LifeError::NoOffer(_))),
        "own offer"
    );
    s.draw(1, Reply::Decline).unwrap();
    assert_eq!(s.life().offers.draw, None);
    assert_eq!(s.draw(0, Reply::Offer), Err(LifeError::TooSoon));
    for mv in ["b2b3", "b4c3", "c1c2", "a4a3"] {
        s.play(s.human_to_act().unwrap(), mv).unwrap();
    }
    s.draw(0, Reply::Offer).unwrap();
    // The opponent moves instead of answering: the offer lapses.
    s.play(0, "b3b4")
        .unwrap_or_else(|_| s.play(0, "a1a2").unwrap());
    assert_eq!(
        s.life().offers.draw,
        Some(0),
        "the offerer's own move keeps it"
    );
    let mv = s.game().legal_moves()[0].clone();
    s.play(1, &mv).unwrap();
    assert_eq!(s.life().offers.draw, None, "lapsed");
    s.draw(1, Reply::Offer).unwrap();
    s.draw(0, Reply::Accept).unwrap();
    assert_eq!(s.outcome().unwrap().reason, "agreed");
    let mut s = session(
        GameKind::Shiamgon,
        json!({"board": "tri8", "players": 3}),
        &["human", "human", "human"],
    );
    assert!(matches!(
        s.draw(0, Reply::Offer),
        Err(LifeError::NotAllowed(_))
    ));
}

#[test]
fn a_takeback_against_a_program_takes_back_the_reply_too() {
    let mut s = session(GameKind::Dobutsu, json!({}), &["human", "ai:1"]);
    assert_eq!(
        s.takeback(0, Reply::Offer),
        Err(LifeError::NothingToTakeBack(0))
    );
    s.play(0, "b2b3").unwrap();
    s.play_program().unwrap();
    s.play(0, "c1c2").unwrap();
    s.play_program().unwrap();
    s.takeback(0, Reply::Offer).unwrap();
    assert_eq!(s.ply(), 2);
    assert_eq!(s.human_to_act(), Some(0));
    let mut s = timed("5+0", &["human", "ai:1"]);
    s.play(0, "b2b3").unwrap();
    assert!(matches!(
        s.takeback(0, Reply::Offer),
        Err(LifeError::NotAllowed(_))
    ));
}

#[test]
fn a_takeback_between_people_is_asked_and_answered_and_restores_the_clocks() {
    let mut s = timed("1+0", &["human", "human"]);
    pass(5_000);
    s.play(0, "b2b3").unwrap();
    pass(7_000);
    s.play(1, "b4c3").unwrap();
    pass(1_000);
    s.takeback(1, Reply::Offer).unwrap();
    assert!(matches!(
        s.takeback(1, Reply::Accept),
        Err(LifeError::NoOffer(_))
    ));
    s.takeback(0, Reply::Decline).unwrap();
    assert_eq!(s.ply(), 2);
    s.takeback(1, Reply::Offer).unwrap();
    s.takeback(0, Reply::Accept).unwrap();
    assert_eq!(s.ply(), 1);
    assert_eq!(s.clocks_now().0, vec![Some(55_000), Some(60_000)]);
    assert_eq!(
        s.deadline().map(|d| d.0),
        Some(1),
        "seat 2's clock runs again"
    );
    // A request lapses when a move is made instead.
    s.takeback(0, Reply::Offer).unwrap();
    s.play(1, "b4c3").unwrap();
    assert!(matches!(
        s.takeback(1, Reply::Accept),
        Err(LifeError::NoOffer(_))
    ));
}

#[test]
fn a_program_turn_taken_before_a_takeback_is_thought_again() {
    let mut s = session(GameKind::Dobutsu, json!({}), &["human", "ai:1"]);
    s.play(0, "b2b3").unwrap();
    let turn = s.begin_program_turn().unwrap().unwrap();
    let thought = turn.think();
    s.takeback(0, Reply::Offer).unwrap();
    s.play(0, "c1c2").unwrap();
    assert_eq!(s.ply(), 1, "the same number of moves as when it began");
    assert!(s.finish_program_turn(thought).unwrap().is_none());
}

#[test]
fn a_rematch_needs_every_person_and_rotates_the_seats() {
    let mut s = people();
    assert!(matches!(
        s.rematch(0, Reply::Offer),
        Err(LifeError::NotAllowed(_))
    ));
    s.resign(0).unwrap();
    assert!(matches!(
        s.rematch(1, Reply::Accept),
        Err(LifeError::NoOffer(_))
    ));
    assert_eq!(s.rematch(0, Reply::Offer), Ok(false));
    s.rematch(1, Reply::Decline).unwrap();
    assert_eq!(s.rematch(1, Reply::Offer), Ok(false));
    assert_eq!(s.rematch(0, Reply::Accept), Ok(true));
    let mut s = session(GameKind::Dobutsu, json!({}), &["human", "ai:3"]);
    s.resign(0).unwrap();
    assert_eq!(
        s.rematch(0, Reply::Offer),
        Ok(true),
        "programs always accept"
    );
    let (specs, from) = s.rematch_seats();
    assert_eq!(specs[0].to_string(), "ai:3");
    assert_eq!(from, vec![1, 0]);
}

#[test]
fn a_rollback_undoes_moves_takebacks_and_actions() {
    let mut s = timed("1+0", &["human", "human"]);
    s.play(0, "b2b3").unwrap();
    s.play(1, "b4c3").unwrap();
    let before = s.checkpoint();
    let position = s.game().position_text();
    let life = s.life().clone();
    s.takeback(1, Reply::Offer).unwrap();
    s.takeback(0, Reply::Accept).unwrap();
    s.play(1, "a4a3").unwrap();
    s.resign(0).unwrap();
    s.rollback(before);
    assert_eq!(s.game().position_text(), position);
    assert_eq!(s.life(), &life);
    assert_eq!(s.move_clocks().len(), 2);
    assert!(s.outcome().is_none());
}

#[test]
fn a_program_that_thinks_past_its_time_loses_on_time() {
    let mut s = timed("1+0", &["ai:1", "human"]);
    let turn = s.begin_program_turn().unwrap().unwrap();
    let thought = turn.think();
    pass(61_000);
    assert!(matches!(
        s.finish_program_turn(thought),
        Err(SessionError::OutOfTime { seat: 0 })
    ));
    assert_eq!(s.ply(), 0, "the late move is void");
    let o = s.outcome().unwrap();
    assert_eq!((o.reason, o.winner()), ("time", Some(Player::new(1))));
}

#[test]
fn a_recorded_ending_is_read_back() {
    assert_eq!(
        Ending::from_result("resigned", &[0, 1]),
        Some(Ending::Resigned { seat: 0 })
    );
    assert_eq!(
        Ending::from_result("time", &[1, 0]),
        Some(Ending::Time { seat: 1 })
    );
    assert_eq!(Ending::from_result("agreed", &[0, 0]), Some(Ending::Agreed));
    assert_eq!(Ending::from_result("lion captured", &[1, 0]), None);
    assert_eq!(
        Ending::from_result("time", &[0, 0]),
        None,
        "no loser: not read"
    );
    for e in [
        Ending::Time { seat: 1 },
        Ending::Resigned { seat: 0 },
        Ending::Aborted,
    ] {
        let o = e.outcome(2);
        assert_eq!(Ending::from_result(o.reason, o.scores()), Some(e));
    }
}

#[test]
fn names_are_checked_and_people_without_one_are_anonymous() {
    assert_eq!(check_name("  Hana  ").unwrap(), "Hana");
    assert_eq!(check_name("花子").unwrap(), "花子");
    assert_eq!(check_name(""), Err(NameError::Empty));
    assert_eq!(check_name(&"x".repeat(25)), Err(NameError::TooLong(25)));
    assert_eq!(check_name("a\u{7}b"), Err(NameError::Control));
    assert_eq!(check_name("a\u{202e}b"), Err(NameError::Control));
    let mut s = session(GameKind::Dobutsu, json!({}), &["human", "ai:1"]);
    s.set_name(0, Some("<b>Hana</b>")).unwrap();
    assert_eq!(s.names(), vec![Some("<b>Hana</b>".to_string()), None]);
    let s = people();
    assert_eq!(s.names()[1].as_deref(), Some(ANONYMOUS));
}

#[test]
fn a_person_renames_its_own_seat_while_the_game_runs() {
    let mut s = session(GameKind::Dobutsu, json!({}), &["human", "ai:1"]);
    s.rename(0, "Ken").unwrap();
    assert_eq!(s.names()[0].as_deref(), Some("Ken"));
    assert!(matches!(s.rename(1, "Bot"), Err(LifeError::NotAllowed(_))));
    assert!(matches!(s.rename(0, ""), Err(LifeError::NotAllowed(_))));
    assert_eq!(
        s.names()[0].as_deref(),
        Some("Ken"),
        "a refused name changes nothing"
    );
    s.resign(0).unwrap();
    assert_eq!(s.rename(0, "Kenji"), Err(LifeError::GameOver));
    assert_eq!(s.names()[0].as_deref(), Some("Ken"));
}

#[test]
fn the_record_carries_the_life_and_reads_back() {
    let mut s = timed("3+2", &["human", "human"]);
    s.set_name(0, Some("Hana, \"the\" first")).unwrap();
    s.play(0, "b2b3").unwrap();
    s.resign(1).unwrap();
    let rec = s.record();
    let text = rec.to_text();
    assert!(text.contains("time 3+2\n"), "{text}");
    assert!(text.contains("result 1 0 resigned\n"), "{text}");
    let back = crate::record::Record::parse(&text).unwrap();
    assert_eq!(back, rec);
    assert_eq!(back.clocks.len(), 1);
}
