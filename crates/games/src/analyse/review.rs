//! The review of a whole game: each move's score beside the best move's,
//! the loss, a class, and each player's accuracy.
//!
//! - **Loss**: the mover's share of a win after the best move minus after
//!   the played move ([`Score::expectancy`]), never below 0: a win 1, a draw
//!   ½, a loss 0 (the table); the win expectancy (the search); the expected
//!   share of the other players beaten (Shiamgon). The played move is
//!   searched from the same position as the best, to the same budget.
//! - **Classes**: Dōbutsu with the table is exact — a move that turns a win
//!   into a draw or a loss, or a draw into a loss, is a blunder; one that
//!   keeps a win but lengthens it, an inaccuracy; nothing else is marked (in
//!   a lost position no move is a mistake). Otherwise by the loss
//!   ([`class_of`]): from [`EVAL_THRESHOLDS`] for the search,
//!   [`PLACE_THRESHOLDS`] for Shiamgon (the tree search's means are noisier).
//! - **Accuracy** ([`accuracy_of`]): per move, lichess's curve on the loss
//!   in percent, `103.1668 · e^(−0.04354 · 100·loss) − 3.1669`, clamped to
//!   0..100; per seat, the mean over its moves (`None` for a seat that made
//!   none).
//!
//! Chance's moves (Shogun's random variant draws numbers) are no one's and
//! get no entry: the plies listed keep their numbers in the game.

use kyoku_ai::alphabeta::{Evaluation, Searcher};
use kyoku_core::{GameRecord, Position, ToAct};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::search::{eval_score, search_lines, searcher};
use super::{AnalyseError, Budget, GameKind, Score, check_budget, downcast, play_all};

/// A move's class in a review.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    /// A small loss (or a win made longer).
    Inaccuracy,
    /// A clear loss.
    Mistake,
    /// A loss that changes the game (a won game thrown away).
    Blunder,
}

/// The review of a game.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Review {
    /// Each player's move, in the order played.
    pub plies: Vec<PlyReview>,
    /// Per seat, the accuracy 0..100 (`None` for a seat without moves).
    pub accuracy: Vec<Option<f64>>,
}

/// One move of a review.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct PlyReview {
    /// The move's number in the game, from 1.
    pub ply: u32,
    /// Who played it.
    pub seat: usize,
    /// The move played.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its score, for the mover.
    pub score: Score,
    /// The best move there.
    pub best: String,
    /// Its score, for the mover.
    pub best_score: Score,
    /// The mover's loss, 0..1 ([`Score::expectancy`] units).
    pub loss: f64,
    /// The move's class, `None` when it is fine.
    pub class: Option<Class>,
}

/// The losses from which the search's moves are an inaccuracy, a mistake,
/// a blunder: lichess's 0.1, 0.2, 0.3 in winning chances (−1..1) are these
/// in win expectancy (0..1).
pub const EVAL_THRESHOLDS: [f64; 3] = [0.05, 0.10, 0.15];
/// The same for Shiamgon, in the share of the other players beaten.
pub const PLACE_THRESHOLDS: [f64; 3] = [0.10, 0.20, 0.30];

/// A move's class from its loss (see the module notes).
pub fn class_of(game: GameKind, loss: f64) -> Option<Class> {
    let t = match game {
        GameKind::Shiamgon => PLACE_THRESHOLDS,
        GameKind::Dobutsu | GameKind::Shogun => EVAL_THRESHOLDS,
    };
    if loss >= t[2] {
        Some(Class::Blunder)
    } else if loss >= t[1] {
        Some(Class::Mistake)
    } else if loss >= t[0] {
        Some(Class::Inaccuracy)
    } else {
        None
    }
}

/// A move's accuracy (0..100) from its loss (0..1), by lichess's curve.
pub fn accuracy_of(loss: f64) -> f64 {
    (103.1668 * (-0.04354 * loss.max(0.0) * 100.0).exp() - 3.1669).clamp(0.0, 100.0)
}

/// Reviews a game: replays `moves` (each checked; the first illegal one is
/// reported with its number), analyses each position with `budget`, and
/// calls `progress(done, total)` after each move.
pub fn review(
    game: GameKind,
    options: &Value,
    moves: &[String],
    budget: Budget,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Review, AnalyseError> {
    check_budget(budget)?;
    let mut g = game.new_game(options).map_err(super::options_error)?;
    play_all(g.as_mut(), moves)?;
    let seats = g.num_players();
    let any = g.as_any();
    let plies = match game {
        GameKind::Dobutsu => {
            let rec = downcast::<kyoku_dobutsu::Position>(any)?.record();
            match super::table::table_for(rec.start()) {
                Some(_) => table_plies(rec, progress),
                None => search_plies(rec, kyoku_ai::dobutsu::DobutsuEval, game, budget, progress),
            }
        }
        GameKind::Shogun => {
            let rec = downcast::<kyoku_shogun::Position>(any)?.record();
            search_plies(rec, kyoku_ai::shogun::ShogunEval, game, budget, progress)
        }
        GameKind::Shiamgon => {
            let rec = downcast::<kyoku_shiamgon::Position>(any)?.record();
            mcts_plies(rec, budget, progress)
        }
    };
    let accuracy = (0..seats)
        .map(|s| {
            let mine: Vec<f64> = plies
                .iter()
                .filter(|p| p.seat == s)
                .map(|p| accuracy_of(p.loss))
                .collect();
            (!mine.is_empty()).then(|| mine.iter().sum::<f64>() / mine.len() as f64)
        })
        .collect();
    Ok(Review { plies, accuracy })
}

/// The record's positions one by one: the record up to each move, the
/// mover (`None` for chance), the move.
fn each_ply<P: Position>(
    rec: &GameRecord<P>,
    progress: &mut dyn FnMut(usize, usize),
    mut f: impl FnMut(&GameRecord<P>, usize, P::Move) -> Option<PlyReview>,
) -> Vec<PlyReview> {
    let total = rec.moves().len();
    let mut at = GameRecord::new(rec.start().clone());
    let mut out = Vec::new();
    for (i, &mv) in rec.moves().iter().enumerate() {
        if let ToAct::Player(p, _) = at.to_act()
            && let Some(mut r) = f(&at, p.index(), mv)
        {
            r.ply = i as u32 + 1;
            r.seat = p.index();
            out.push(r);
        }
        at.play_unchecked(mv);
        progress(i + 1, total);
    }
    out
}

/// A ply's review from the played and the best move with their scores:
/// the mover's loss is what the played move gives up (never below 0).
fn entry<P: Position>(
    pos: &P,
    seat: usize,
    (mv, score): (P::Move, Score),
    (best, best_score): (P::Move, Score),
) -> PlyReview {
    let loss = (best_score.expectancy(seat, seat) - score.expectancy(seat, seat)).max(0.0);
    PlyReview {
        ply: 0,
        seat: 0,
        mv: pos.move_to_text(mv),
        score,
        best: pos.move_to_text(best),
        best_score,
        loss,
        class: None,
    }
}

/// Dōbutsu from the table: exact values and classes.
fn table_plies(
    rec: &GameRecord<kyoku_dobutsu::Position>,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<PlyReview> {
    use kyoku_dobutsu::solve::Value;
    each_ply(rec, progress, |at, seat, mv| {
        let pos = at.position();
        let values = super::table::values(pos)?;
        let &(best, bv) = values.first()?;
        let &(_, v) = values.iter().find(|(m, _)| *m == mv)?;
        let (score, best_score) = (super::table::exact(v), super::table::exact(bv));
        let mut r = entry(pos, seat, (mv, score), (best, best_score));
        r.class = match (bv, v) {
            (Value::Win(_), Value::Draw | Value::Loss(_)) | (Value::Draw, Value::Loss(_)) => {
                Some(Class::Blunder)
            }
            (Value::Win(b), Value::Win(p)) if p > b => Some(Class::Inaccuracy),
            _ => None,
        };
        Some(r)
    })
}

/// The alpha-beta search's review: the best move, then the played one
/// alone, from the same position to the same budget.
fn search_plies<P: Position, E: Evaluation<P>>(
    rec: &GameRecord<P>,
    eval: E,
    game: GameKind,
    budget: Budget,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<PlyReview> {
    let mut s: Searcher<P, E> = searcher(eval);
    each_ply(rec, progress, |at, seat, mv| {
        let pos = at.position();
        let found = search_lines(&mut s, at, 1, None, budget);
        let (line, best_value) = found.lines.into_iter().next()?;
        let best = *line.first()?;
        let value = if best == mv {
            best_value
        } else {
            let only = [mv];
            let played = search_lines(&mut s, at, 1, Some(&only), budget);
            played.lines.first().map_or(best_value, |l| l.1)
        };
        let (score, best_score) = (eval_score(value), eval_score(best_value));
        let mut r = entry(pos, seat, (mv, score), (best, best_score));
        r.class = class_of(game, r.loss);
        Some(r)
    })
}

/// Shiamgon's review: the tree search's root moves; a played move the
/// search never tried is judged by a search of the position after it.
fn mcts_plies(
    rec: &GameRecord<kyoku_shiamgon::Position>,
    budget: Budget,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<PlyReview> {
    each_ply(rec, progress, |at, seat, mv| {
        let pos = at.position();
        let (found, _) = super::mcts::search(at, budget);
        let best = found.first()?;
        let best_mv = *best.line.first()?;
        let played = found
            .iter()
            .find(|f| f.line.first() == Some(&mv) && f.visits > 0);
        let places = match played {
            Some(p) => p.places.clone(),
            None => {
                let mut after = at.clone();
                after.play_unchecked(mv);
                after_places(&after, budget)
            }
        };
        let score = Score::Places { expected: places };
        let best_score = Score::Places {
            expected: best.places.clone(),
        };
        let mut r = entry(pos, seat, (mv, score), (best_mv, best_score));
        r.class = class_of(GameKind::Shiamgon, r.loss);
        Some(r)
    })
}

/// The expected places at a position: its root moves' places weighted by
/// their playouts (the tree's own estimate of the position).
fn after_places(rec: &GameRecord<kyoku_shiamgon::Position>, budget: Budget) -> Vec<f64> {
    let (found, _) = super::mcts::search(rec, budget);
    let n = found.first().map_or(0, |f| f.places.len());
    let total: u64 = found.iter().map(|f| f.visits).sum();
    if total == 0 {
        return found.first().map(|f| f.places.clone()).unwrap_or_default();
    }
    (0..n)
        .map(|i| {
            found
                .iter()
                .map(|f| f.places[i] * f.visits as f64)
                .sum::<f64>()
                / total as f64
        })
        .collect()
}
