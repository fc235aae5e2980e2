//! Dōbutsu Shōgi from the solved table: every move's exact value, each
//! line followed by perfect play.

use kyoku_core::{GameRecord, Position as _};
use kyoku_dobutsu::Position;
use kyoku_dobutsu::solve::{Tablebase, Value, analyze};

use super::{Analysis, Line, Outcome, Score, Source};

/// Plies a line holds at most (its first move included): enough to show
/// the plan, short enough to read.
pub const LINE_PLIES: usize = 10;

/// A table value as an analysis score.
pub(crate) fn exact(v: Value) -> Score {
    Score::Exact {
        outcome: match v {
            Value::Win(_) => Outcome::Win,
            Value::Draw => Outcome::Draw,
            Value::Loss(_) => Outcome::Loss,
        },
        plies: v.plies(),
    }
}

/// The table when it is present and covers the position (a table of a
/// smaller game does not cover the real one), else `None`.
pub(crate) fn table_for(pos: &Position) -> Option<std::sync::Arc<Tablebase>> {
    let tb = kyoku_dobutsu::solve::shared_table().ok()?;
    tb.covers(pos).then_some(tb)
}

/// The analysis of the position of `record` from the table; `None` when
/// the table is missing or does not cover it (the caller searches then).
/// Repetition is not looked at: the table values positions, not games.
pub(crate) fn analyse(record: &GameRecord<Position>, lines: usize) -> Option<Analysis> {
    let pos = record.position();
    let tb = table_for(pos)?;
    tb.value(pos)?;
    let moves = analyze(&tb, pos);
    let lines = moves
        .iter()
        .take(lines)
        .map(|&(m, v)| {
            let mut line = vec![m];
            let mut p = *pos;
            p.play_unchecked(m);
            while line.len() < LINE_PLIES {
                let Some(&(next, _)) = analyze(&tb, &p).first() else {
                    break; // the game is over
                };
                line.push(next);
                p.play_unchecked(next);
            }
            Line {
                moves: super::search::texts(pos, &line),
                score: exact(v),
            }
        })
        .collect();
    Some(Analysis {
        position: pos.to_text(),
        to_act: record.to_act().player().map(|p| p.index()),
        lines,
        source: Source::Table,
        depth: None,
        nodes: 0,
    })
}

/// Every legal move of `pos` with its exact value, best first (`None`
/// without a table covering it).
pub(crate) fn values(pos: &Position) -> Option<Vec<(kyoku_dobutsu::Move, Value)>> {
    let tb = table_for(pos)?;
    tb.value(pos)?;
    Some(analyze(&tb, pos))
}
