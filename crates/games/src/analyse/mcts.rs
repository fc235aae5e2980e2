//! Shiamgon from the Monte-Carlo tree search: each root move's playouts and
//! each seat's expected place after it.
//!
//! The search is level 5's (its playout policy and playout length) with
//! rewards from places alone (no score-margin part), so a player's mean
//! reward is the share `s` of the other players they beat, ties half, and
//! their expected place is `1 + (n − 1)(1 − s)` for `n` players.

use std::time::Duration;

use kyoku_ai::mcts::{Budget as McBudget, Config, Mcts};
use kyoku_ai::shiamgon::ShiamgonPolicy;
use kyoku_core::{GameRecord, Position as _, ToAct};
use kyoku_shiamgon::Position;

use super::{Analysis, Budget, Line, MAX_MILLIS, PLAYOUTS_PER_DEPTH, Score, Source};

/// Moves a line holds at most.
const LINE_PLIES: usize = 8;
/// Playouts a move of a line needs to be shown (below, the tree's guess is
/// noise).
const LINE_MIN_VISITS: u32 = 20;
/// Forced moves (a single legal move) followed before searching.
const MAX_FORCED: usize = 16;
/// The seed of every analysis: the same request gives the same answer.
const SEED: u64 = 0x006b_796f_6b75;

/// Expected places from mean place-rewards, seat by seat.
pub(crate) fn places(means: &[f64]) -> Vec<f64> {
    let n = means.len();
    means
        .iter()
        .map(|&s| 1.0 + (n.saturating_sub(1)) as f64 * (1.0 - s.clamp(0.0, 1.0)))
        .collect()
}

/// The places of a finished game, seat by seat (ties share).
fn final_places(pos: &Position) -> Option<Vec<f64>> {
    let o = pos.outcome()?;
    let means: Vec<f64> = (0..o.players())
        .map(|i| o.reward(kyoku_core::Player::new(i)))
        .collect();
    Some(places(&means))
}

/// The search of an analysis with `budget`.
pub(crate) fn searcher(budget: Budget) -> Mcts<Position, ShiamgonPolicy> {
    let level = kyoku_ai::shiamgon::level(5).expect("level 5 exists");
    let budget = match budget {
        Budget::Depth(d) => McBudget {
            playouts: Some(d as u64 * PLAYOUTS_PER_DEPTH),
            nodes: None,
            time: Some(Duration::from_millis(MAX_MILLIS)),
        },
        Budget::Millis(ms) => McBudget::time(Duration::from_millis(ms)),
    };
    let config = Config {
        budget,
        margin_weight: 0.0,
        threads: 1,
        reuse_tree: true,
        ..kyoku_ai::shiamgon::level_config(level)
    };
    Mcts::new(config, kyoku_ai::shiamgon::policy(level), SEED)
}

/// One searched move: the move, its playouts, its line and expected places.
pub(crate) struct Searched {
    pub line: Vec<kyoku_shiamgon::Move>,
    pub visits: u64,
    pub places: Vec<f64>,
}

/// Searches the position of `record`: its root moves, most visited first,
/// and the playouts run. Forced moves (one legal move) are played first and
/// lead every line.
pub(crate) fn search(record: &GameRecord<Position>, budget: Budget) -> (Vec<Searched>, u64) {
    let mut rec = record.clone();
    let mut forced = Vec::new();
    loop {
        let mut moves = Vec::new();
        rec.legal_moves(&mut moves);
        if moves.len() != 1 || forced.len() >= MAX_FORCED {
            break;
        }
        forced.push(moves[0]);
        rec.play_unchecked(moves[0]);
    }
    let n = rec.position().num_players();
    let prefix = |mut line: Vec<kyoku_shiamgon::Move>| {
        let mut l = forced.clone();
        l.append(&mut line);
        l
    };
    if rec.to_act() == ToAct::Nobody {
        let places = final_places(rec.position()).unwrap_or_else(|| vec![1.0; n]);
        let line = prefix(Vec::new());
        return (
            vec![Searched {
                line,
                visits: 0,
                places,
            }],
            0,
        );
    }
    let mut mcts = searcher(budget);
    mcts.search(&rec);
    let playouts = mcts.info().playouts;
    let found = mcts
        .root_rewards(n)
        .into_iter()
        .map(|r| Searched {
            line: prefix(mcts.principal_line(r.mv, LINE_PLIES, LINE_MIN_VISITS)),
            visits: r.visits,
            places: places(&r.means),
        })
        .collect();
    (found, playouts)
}

/// Analyses the position of `record`.
pub(crate) fn analyse(record: &GameRecord<Position>, lines: usize, budget: Budget) -> Analysis {
    let pos = record.position();
    let (found, playouts) = search(record, budget);
    Analysis {
        position: pos.to_text(),
        to_act: record.to_act().player().map(|p| p.index()),
        lines: found
            .into_iter()
            .take(lines)
            .map(|s| Line {
                moves: super::search::texts(pos, &s.line),
                score: Score::Places { expected: s.places },
            })
            .collect(),
        source: Source::Mcts,
        depth: None,
        nodes: playouts,
    }
}
