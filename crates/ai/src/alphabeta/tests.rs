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
