use kyoku_core::GameRecord;

use super::*;
use crate::dobutsu::DobutsuEval;

fn record() -> GameRecord<kyoku_dobutsu::Position> {
    let mut r = GameRecord::new(kyoku_dobutsu::Position::startpos());
    for m in ["b2b3", "c4b3", "a1b2"] {
        r.play_text(m).unwrap();
    }
    r
}

#[test]
fn reports_change_nothing() {
    let limits = Limits::nodes(30_000);
    let mut a = Searcher::new(DobutsuEval, 16);
    let plain = a.search(&record(), &limits);
    let mut b = Searcher::new(DobutsuEval, 16);
    let mut depths = Vec::new();
    let mut report = |r: &Report<'_, kyoku_dobutsu::Move>| {
        assert_eq!(r.multipv, 1);
        assert!(r.seldepth >= r.depth && r.hashfull <= 1000);
        depths.push(r.depth);
    };
    let stop = Arc::new(AtomicBool::new(false));
    let with = b.search_with(
        &record(),
        &limits,
        SearchOptions {
            stop: Some(stop),
            report: Some(&mut report),
            ..SearchOptions::default()
        },
    );
    assert_eq!(
        (plain.best, plain.score, plain.depth, plain.nodes, plain.pv),
        (with.best, with.score, with.depth, with.nodes, with.pv)
    );
    assert_eq!(depths, (1..=with.depth).collect::<Vec<_>>());
}

#[test]
fn multipv_lines_differ_and_an_early_stop_still_moves() {
    let mut s = Searcher::new(DobutsuEval, 16);
    let mut firsts = Vec::new();
    let mut report = |r: &Report<'_, kyoku_dobutsu::Move>| {
        if r.depth == 3 {
            firsts.push(r.pv[0]);
        }
    };
    s.search_with(
        &record(),
        &Limits::depth(3),
        SearchOptions {
            multipv: 3,
            report: Some(&mut report),
            ..SearchOptions::default()
        },
    );
    assert_eq!(firsts.len(), 3);
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    // A stop that came before the search: a legal move all the same.
    let r = s.search_with(
        &record(),
        &Limits::default(),
        SearchOptions {
            stop: Some(Arc::new(AtomicBool::new(true))),
            ..SearchOptions::default()
        },
    );
    assert!(record().position().is_legal(r.best.unwrap()));
    assert_eq!(mate_in_moves(MATE - 1), Some(1));
    assert_eq!(mate_in_moves(-(MATE - 2)), Some(-1));
    assert_eq!(mate_in_moves(120), None);
}

#[test]
fn below_a_null_move_only_the_line_after_the_pass_repeats() {
    let mut s = Searcher::new(DobutsuEval, 4);
    // Two positions of the game's past, the root, and the node that passes.
    for key in [10, 10, 11, 12] {
        s.push_key(key);
    }
    s.root = 2;
    assert!(s.repeated(10) && s.repeated(11) && s.repeated(12));
    s.null_floor = s.path.len();
    s.push_key(13);
    s.push_key(14);
    // A pass is no move: what came before it cannot come back as a
    // repetition (a false draw there cut nodes that were lost).
    assert!(!s.repeated(10) && !s.repeated(11) && !s.repeated(12));
    assert!(s.repeated(13) && s.repeated(14) && !s.repeated(15));
}
