//! Dōbutsu strength checks that need no table: the drawn position of
//! issue 21 where every level used to give the draw away, and the units of
//! the tuned evaluation (the levels' noise is in them).

use kyoku_ai::alphabeta::{Features, Limits, Searcher};
use kyoku_ai::dobutsu::{CHICK, DobutsuEval, HAND_WEIGHTS, TEMPO, WEIGHTS};
use kyoku_core::{GameRecord, Position as _};
use kyoku_dobutsu::Position;

fn best_move(fen: &str, depth: u32, features: Features) -> String {
    let pos = Position::from_text(fen).expect("a valid position");
    let mut s = Searcher::new(DobutsuEval, 16);
    s.set_features(features);
    let r = s.search(&GameRecord::new(pos), &Limits::depth(depth));
    pos.move_to_text(r.best.expect("a legal move"))
}

/// `gle/1c1/1CG/E1L[] w` is drawn; `c1b1` loses in 76 plies by the table,
/// `b2b3` keeps the draw. The hand-set evaluation chose `c1b1` up to depth
/// 14; the tuned linear one kept the draw from depth 4 on, and with the
/// network from depth 6 on (depth 4 scores `c1b1` +0.11).
#[test]
fn keeps_the_draw_of_the_issue_example() {
    for depth in [6, 8, 10] {
        assert_eq!(
            best_move("gle/1c1/1CG/E1L[] w", depth, Features::default()),
            "b2b3",
            "depth {depth}"
        );
    }
}

/// The tuner keeps a Chick on the board at 100, the unit the levels' noise
/// and the search's margins are written in; the tempo is not tuned.
#[test]
fn tuned_weights_keep_their_units() {
    assert_eq!(WEIGHTS[CHICK], 100);
    assert_eq!(HAND_WEIGHTS[CHICK], 100);
    assert!(WEIGHTS[TEMPO] > 0);
    // Material stays ordered as the game has it: a Giraffe or an Elephant
    // is worth more than a Chick, and a piece in hand more than on the board.
    assert!(WEIGHTS[0] > WEIGHTS[2] && WEIGHTS[1] > WEIGHTS[2]);
    for (board, hand) in [(0, 4), (1, 5), (2, 6)] {
        assert!(WEIGHTS[hand] >= WEIGHTS[board], "term {hand}");
    }
}
