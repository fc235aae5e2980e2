//! The alpha-beta search's best lines (Shogun, and Dōbutsu without the
//! table), and the win expectancy of its scores.

use std::time::Duration;

use kyoku_ai::alphabeta::{Evaluation, Features, Limits, MATE_BOUND, SearchOptions, Searcher};
use kyoku_core::{GameRecord, Position};

use super::{AnalyseError, Analysis, Budget, Line, MAX_MILLIS, Score, Source};

/// The scale of [`win_expectancy`]'s logistic curve, in the program's
/// units: a lead of this much is a win expectancy of `1 / (1 + e⁻¹)` ≈ 0.73.
/// Both games' programs count about 100 a Chick or a small piece, like
/// chess programs' centipawns; lichess's curve for chess is close to this
/// scale (≈ 272). Not fitted to kyoku's games yet.
pub const WE_SCALE: f64 = 300.0;

/// The chance of winning a score of the alpha-beta search stands for:
/// `1 / (1 + exp(−value / WE_SCALE))`; a forced win is 1, a forced loss 0.
pub fn win_expectancy(value: i32) -> f64 {
    if value > MATE_BOUND {
        1.0
    } else if value < -MATE_BOUND {
        0.0
    } else {
        1.0 / (1.0 + (-(value as f64) / WE_SCALE).exp())
    }
}

/// A score of the search as an analysis score.
pub(crate) fn eval_score(value: i32) -> Score {
    Score::Eval {
        value,
        win_expectancy: win_expectancy(value),
    }
}

/// The search's limits for a budget: a depth is also stopped at the cap
/// on time, so no request runs longer than [`MAX_MILLIS`].
pub(crate) fn limits(budget: Budget) -> Limits {
    match budget {
        Budget::Depth(d) => Limits {
            depth: Some(d),
            nodes: None,
            time: Some(Duration::from_millis(MAX_MILLIS)),
        },
        Budget::Millis(ms) => Limits {
            depth: None,
            nodes: None,
            time: Some(Duration::from_millis(ms)),
        },
    }
}

/// A searcher for analysis: no noise, no contempt (a draw scores 0, as a
/// reader expects), a table of 2^18 entries.
pub(crate) fn searcher<P: Position, E: Evaluation<P>>(eval: E) -> Searcher<P, E> {
    let mut s = Searcher::new(eval, 18);
    s.set_features(Features {
        contempt: false,
        ..Features::default()
    });
    s
}

/// Lines found by one search: (first move's line, score) best first,
/// the deepest completed iteration, the nodes.
pub(crate) struct Found<M> {
    pub lines: Vec<(Vec<M>, i32)>,
    pub depth: u32,
    pub nodes: u64,
}

/// Searches the position of `record` for `lines` best lines (MultiPV:
/// the 2nd line is the best of the moves other than the 1st, …), only
/// among `only` when given.
pub(crate) fn search_lines<P: Position, E: Evaluation<P>>(
    searcher: &mut Searcher<P, E>,
    record: &GameRecord<P>,
    lines: usize,
    only: Option<&[P::Move]>,
    budget: Budget,
) -> Found<P::Move> {
    let mut latest: Vec<(u32, Vec<P::Move>, i32)> = Vec::new();
    let mut report = |r: &kyoku_ai::alphabeta::Report<'_, P::Move>| {
        // A new iteration replaces the lines of the one before.
        if r.multipv == 1 {
            latest.clear();
        }
        latest.push((r.depth, r.pv.to_vec(), r.score));
    };
    let limits = limits(budget);
    let result = searcher.search_with(
        record,
        &limits,
        SearchOptions {
            multipv: lines,
            root_moves: only,
            stop: None,
            report: Some(&mut report),
        },
    );
    let mut found: Vec<(Vec<P::Move>, i32)> = latest
        .into_iter()
        .filter(|(d, ..)| *d == result.depth)
        .map(|(_, pv, s)| (pv, s))
        .collect();
    if found.is_empty()
        && let Some(best) = result.best
    {
        // Not even the first iteration finished: the move it would play.
        found.push((vec![best], result.score));
    }
    Found {
        lines: found,
        depth: result.depth,
        nodes: result.nodes,
    }
}

/// Moves as text, each written in the position it is played from.
pub(crate) fn texts<P: Position>(pos: &P, moves: &[P::Move]) -> Vec<String> {
    let mut p = pos.clone();
    moves
        .iter()
        .map(|&m| {
            let t = p.move_to_text(m);
            p.play_unchecked(m);
            t
        })
        .collect()
}

/// Analyses the position of `record` with the alpha-beta search.
pub(crate) fn analyse<P: Position, E: Evaluation<P>>(
    record: &GameRecord<P>,
    eval: E,
    lines: usize,
    budget: Budget,
) -> Result<Analysis, AnalyseError> {
    let pos = record.position();
    let to_act = match record.to_act() {
        kyoku_core::ToAct::Player(p, _) => p.index(),
        kyoku_core::ToAct::Chance => {
            return Err(AnalyseError::BadPosition(
                "chance acts here (a number is drawn), not a player".into(),
            ));
        }
        kyoku_core::ToAct::Nobody => return Err(AnalyseError::GameOver),
    };
    let mut s = searcher(eval);
    let found = search_lines(&mut s, record, lines, None, budget);
    Ok(Analysis {
        position: pos.to_text(),
        to_act: Some(to_act),
        lines: found
            .lines
            .iter()
            .map(|(pv, score)| Line {
                moves: texts(pos, pv),
                score: eval_score(*score),
            })
            .collect(),
        source: Source::Search,
        depth: Some(found.depth),
        nodes: found.nodes,
    })
}
