//! Dōbutsu's contempt: a repetition scores below 0 for the side that
//! searches (so it plays on where it can), and exactly 0 with the part
//! switched off (the search as it was).

use kyoku_ai::alphabeta::{Features, Limits, SearchOptions, Searcher};
use kyoku_ai::dobutsu::{CONTEMPT, DobutsuEval};
use kyoku_core::{GameRecord, Position as _};
use kyoku_dobutsu::Position;

/// Both Lions step out and back, then Sente's steps out again: Gote's
/// `c3b4` brings the start position back a third time.
fn shuffled() -> GameRecord<Position> {
    let mut r = GameRecord::new(Position::startpos());
    for m in ["b1a2", "b4c3", "a2b1", "c3b4", "b1a2", "b4c3", "a2b1"] {
        r.play_text(m).expect("a legal move");
    }
    r
}

fn score_of(record: &GameRecord<Position>, mv: &str, features: Features) -> i32 {
    let only = [record.position().parse_move(mv).expect("a legal move")];
    let mut s = Searcher::new(DobutsuEval, 12);
    s.set_features(features);
    let opts = SearchOptions {
        root_moves: Some(&only),
        ..SearchOptions::default()
    };
    s.search_with(record, &Limits::depth(3), opts).score
}

#[test]
fn a_repetition_scores_minus_the_contempt() {
    assert!(CONTEMPT > 0);
    let r = shuffled();
    assert_eq!(score_of(&r, "c3b4", Features::default()), -CONTEMPT);
    let off = Features {
        contempt: false,
        ..Features::default()
    };
    assert_eq!(score_of(&r, "c3b4", off), 0);
}
