//! Contempt: a repetition scores minus the game's contempt for the side
//! that searches, and exactly 0 with the part switched off (the search as
//! it was). Checked with Dōbutsu's own value and with a contempt of 40.

use kyoku_ai::alphabeta::{Evaluation, Features, Limits, SearchOptions, Searcher};
use kyoku_ai::dobutsu::{CONTEMPT, DobutsuEval};
use kyoku_core::{GameRecord, Player, ToAct};
use kyoku_dobutsu::{Move, Position};

/// Dōbutsu's evaluation with a contempt of 40.
struct Contempt40;

impl Evaluation<Position> for Contempt40 {
    fn evaluate(&self, pos: &Position, me: Player) -> i32 {
        DobutsuEval.evaluate(pos, me)
    }
    fn to_act(&self, pos: &Position) -> ToAct {
        DobutsuEval.to_act(pos)
    }
    fn move_key(&self, pos: &Position, mv: Move) -> usize {
        DobutsuEval.move_key(pos, mv)
    }
    fn tactical(&self, pos: &Position, mv: Move) -> Option<i32> {
        DobutsuEval.tactical(pos, mv)
    }
    fn threatened(&self, pos: &Position) -> bool {
        DobutsuEval.threatened(pos)
    }
    fn contempt(&self) -> i32 {
        40
    }
}

/// Both Lions step out and back, then Sente's steps out again: Gote's
/// `c3b4` brings the start position back a third time.
fn shuffled() -> GameRecord<Position> {
    let mut r = GameRecord::new(Position::startpos());
    for m in ["b1a2", "b4c3", "a2b1", "c3b4", "b1a2", "b4c3", "a2b1"] {
        r.play_text(m).expect("a legal move");
    }
    r
}

fn score_of<E: Evaluation<Position>>(eval: E, features: Features) -> i32 {
    let record = shuffled();
    let only = [record.position().parse_move("c3b4").expect("a legal move")];
    let mut s = Searcher::new(eval, 12);
    s.set_features(features);
    let opts = SearchOptions {
        root_moves: Some(&only),
        ..SearchOptions::default()
    };
    s.search_with(&record, &Limits::depth(3), opts).score
}

#[test]
fn a_repetition_scores_minus_the_contempt() {
    let off = Features {
        contempt: false,
        ..Features::default()
    };
    assert_eq!(score_of(Contempt40, Features::default()), -40);
    assert_eq!(score_of(Contempt40, off), 0);
    assert_eq!(score_of(DobutsuEval, Features::default()), -CONTEMPT);
    assert_eq!(score_of(DobutsuEval, off), 0);
}
