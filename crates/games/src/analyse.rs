//! Analysis of any position of any game, and the review of a whole game:
//! the engine's best lines with a score a page can show.
//!
//! - **Dōbutsu Shōgi** answers from the solved table when it is present and
//!   covers the position ([`Source::Table`], [`Score::Exact`]): every legal
//!   move's exact value, each line followed by perfect play. Without the
//!   table it searches like Shogun.
//! - **Shogun** (and Dōbutsu without the table): the alpha-beta search with
//!   several best lines (MultiPV), [`Score::Eval`] — the program's score
//!   and a win expectancy from it ([`win_expectancy`]).
//! - **Shiamgon**: the Monte-Carlo tree search, each root move's visits and
//!   each seat's expected place from the playouts, [`Score::Places`].
//!
//! Every score is from the view of the side to act at the analysed position.
//! [`review`] analyses each position of a game and marks each move; how the
//! loss, the classes and the accuracy are computed is in `docs/ai.md`
//! ("Analysis and review") and in [`review`]'s module.
//!
//! One module a part: `search` the alpha-beta lines, `table` Dōbutsu's
//! solved table, `mcts` Shiamgon's playouts, `review` a whole game.

use kyoku_core::ToAct;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{AnyGame, GameError, GameKind, Table};

mod mcts;
mod review;
mod search;
mod table;

pub use review::{Class, PlyReview, Review, accuracy_of, class_of, review};
pub use search::{WE_SCALE, win_expectancy};

/// Where an analysis starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Start {
    /// A position text in the game's own form (Dōbutsu's FEN, Shogun's and
    /// Shiamgon's position texts).
    Position(String),
    /// These moves from the game's start with the request's options.
    Moves(Vec<String>),
}

/// How much work an analysis may do.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Budget {
    /// Search to this depth (plies). Shiamgon's tree search has no depth:
    /// there a depth of `n` asks for `n ×` [`PLAYOUTS_PER_DEPTH`] playouts.
    Depth(u32),
    /// Search for this long (wall-clock milliseconds).
    Millis(u64),
}

/// An analysis request.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalyseRequest {
    /// The game.
    pub game: GameKind,
    /// The game's options (as for a new game; `null` takes the defaults).
    pub options: Value,
    /// The position to analyse.
    pub start: Start,
    /// How many best lines (1..=[`MAX_LINES`]).
    pub lines: usize,
    /// How much work (at most [`MAX_DEPTH`] / [`MAX_MILLIS`]).
    pub budget: Budget,
}

/// The most lines one request may ask for.
pub const MAX_LINES: usize = 5;
/// The deepest search one request may ask for.
pub const MAX_DEPTH: u32 = 24;
/// The longest search one request may ask for (milliseconds); a search to
/// a depth stops here too.
pub const MAX_MILLIS: u64 = 10_000;
/// Shiamgon's playouts per unit of [`Budget::Depth`].
pub const PLAYOUTS_PER_DEPTH: u64 = 500;

/// The default work of one analysis of `game`: deterministic budgets (the
/// same request gives the same answer, so answers may be cached), each
/// answering in well under a second on one core (measured in `docs/ai.md`).
pub fn default_budget(game: GameKind) -> Budget {
    match game {
        GameKind::Dobutsu => Budget::Depth(10),
        GameKind::Shogun => Budget::Depth(8),
        GameKind::Shiamgon => Budget::Depth(4),
    }
}

/// What an analysis found.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The analysed position's text.
    pub position: String,
    /// Who acts there (a seat index); `None` when chance or nobody does.
    pub to_act: Option<usize>,
    /// The best lines, best first.
    pub lines: Vec<Line>,
    /// What answered.
    pub source: Source,
    /// The deepest completed search iteration (alpha-beta only).
    pub depth: Option<u32>,
    /// Nodes searched (playouts for the tree search, 0 for the table).
    pub nodes: u64,
}

/// What answered an analysis.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Dōbutsu's solved table: exact.
    Table,
    /// The alpha-beta search.
    Search,
    /// The Monte-Carlo tree search.
    Mcts,
}

/// One line: moves in the game's move text, and its score.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Line {
    /// The moves, the first one from the analysed position.
    pub moves: Vec<String>,
    /// The line's score for the side to act at the analysed position.
    pub score: Score,
}

/// A game's result for one side, as the table knows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The side wins with perfect play.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side loses with perfect play by the other.
    Loss,
}

/// A score, always from the view of the side to act at the analysed
/// position.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Score {
    /// Exact, from Dōbutsu's table: the result with perfect play and its
    /// distance in plies (the line's first move counted; `None` for a draw).
    Exact {
        /// Win, draw or loss.
        outcome: Outcome,
        /// Plies to the end with perfect play.
        plies: Option<u32>,
    },
    /// The alpha-beta search's score: `value` in the program's units
    /// (about 100 a Chick or a piece's worth; a forced win in `n` plies is
    /// `30000 − n`, a loss `−(30000 − n)`), and the win expectancy 0..1.
    Eval {
        /// The program's score.
        value: i32,
        /// The chance of winning it stands for ([`win_expectancy`]).
        win_expectancy: f64,
    },
    /// The tree search's estimate: each seat's expected place (1 = first),
    /// seat by seat.
    Places {
        /// Expected place per seat.
        expected: Vec<f64>,
    },
}

impl Score {
    /// The score as a share of a win for `seat`, 0..1, where `to_act` is
    /// the seat the score is from (two-player scores) — what review losses
    /// are measured in: a win 1, a draw ½, a loss 0; an evaluation its
    /// win expectancy; places the expected share of the other players
    /// beaten.
    pub fn expectancy(&self, seat: usize, to_act: usize) -> f64 {
        let mine = match self {
            Score::Exact { outcome, .. } => match outcome {
                Outcome::Win => 1.0,
                Outcome::Draw => 0.5,
                Outcome::Loss => 0.0,
            },
            Score::Eval { win_expectancy, .. } => *win_expectancy,
            Score::Places { expected } => {
                let n = expected.len().max(2) as f64;
                let place = expected.get(seat).copied().unwrap_or(n);
                return ((n - place) / (n - 1.0)).clamp(0.0, 1.0);
            }
        };
        if seat == to_act { mine } else { 1.0 - mine }
    }
}

/// Why a position could not be analysed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AnalyseError {
    /// The options do not describe a game.
    #[error("bad options: {0}")]
    BadOptions(String),
    /// The position text is not a position of the game.
    #[error("bad position: {0}")]
    BadPosition(String),
    /// A move of the request does not replay.
    #[error("move {ply} ({text:?}) is not legal: {reason}")]
    IllegalMove {
        /// The 1-based number of the move in the request.
        ply: usize,
        /// The move as given.
        text: String,
        /// Why it is not legal.
        reason: String,
    },
    /// The request asks for what is not offered (lines, work above the cap).
    #[error("{0}")]
    BadRequest(String),
    /// The game is over at the position: nothing to analyse.
    #[error("the game is over at this position: there is nothing to analyse")]
    GameOver,
    /// The solved table is needed and missing.
    #[error("the solved table is not available here")]
    NoTable,
}

/// Analyses a position: the best lines, best first, with their scores.
pub fn analyse(req: &AnalyseRequest) -> Result<Analysis, AnalyseError> {
    check_lines(req.lines)?;
    check_budget(req.budget)?;
    let game = start_game(req.game, &req.options, &req.start)?;
    analyse_game(game.as_ref(), req.lines, req.budget)
}

fn check_lines(lines: usize) -> Result<(), AnalyseError> {
    if (1..=MAX_LINES).contains(&lines) {
        Ok(())
    } else {
        Err(AnalyseError::BadRequest(format!(
            "lines must be 1 to {MAX_LINES}, not {lines}"
        )))
    }
}

/// Refuses a budget above the cap per request.
pub(crate) fn check_budget(budget: Budget) -> Result<(), AnalyseError> {
    match budget {
        Budget::Depth(d) if !(1..=MAX_DEPTH).contains(&d) => Err(AnalyseError::BadRequest(
            format!("depth must be 1 to {MAX_DEPTH}, not {d}"),
        )),
        Budget::Millis(ms) if !(1..=MAX_MILLIS).contains(&ms) => Err(AnalyseError::BadRequest(
            format!("ms must be 1 to {MAX_MILLIS}, not {ms}"),
        )),
        _ => Ok(()),
    }
}

/// Analyses the current position of a game of any kind.
pub(crate) fn analyse_game(
    game: &dyn AnyGame,
    lines: usize,
    budget: Budget,
) -> Result<Analysis, AnalyseError> {
    if game.to_act() == ToAct::Nobody {
        return Err(AnalyseError::GameOver);
    }
    let any = game.as_any();
    match game.kind() {
        GameKind::Dobutsu => {
            let t = downcast::<kyoku_dobutsu::Position>(any)?;
            match table::analyse(t.record(), lines) {
                Some(a) => Ok(a),
                None => search::analyse(t.record(), kyoku_ai::dobutsu::DobutsuEval, lines, budget),
            }
        }
        GameKind::Shogun => {
            let t = downcast::<kyoku_shogun::Position>(any)?;
            search::analyse(t.record(), kyoku_ai::shogun::ShogunEval, lines, budget)
        }
        GameKind::Shiamgon => {
            let t = downcast::<kyoku_shiamgon::Position>(any)?;
            Ok(mcts::analyse(t.record(), lines, budget))
        }
    }
}

fn downcast<P: kyoku_core::Position>(any: &dyn std::any::Any) -> Result<&Table<P>, AnalyseError> {
    // Every catalogue game is a `Table` of its own position type.
    any.downcast_ref::<Table<P>>()
        .ok_or_else(|| AnalyseError::BadRequest("the game is not the catalogue's".into()))
}

/// The game a request starts from: its options, then either its moves
/// replayed (each checked) or the position text in place of the start.
pub fn start_game(
    kind: GameKind,
    options: &Value,
    start: &Start,
) -> Result<Box<dyn AnyGame>, AnalyseError> {
    match start {
        Start::Moves(moves) => {
            let mut game = kind.new_game(options).map_err(options_error)?;
            play_all(game.as_mut(), moves)?;
            Ok(game)
        }
        Start::Position(text) => {
            // The position editor's check: a reason in words per kind of
            // bad position.
            crate::positions::check(kind, options, text).map_err(|p| {
                if p.kind == "bad_options" {
                    AnalyseError::BadOptions(p.message)
                } else {
                    AnalyseError::BadPosition(p.message)
                }
            })?;
            let mut opts = match options {
                Value::Object(m) => m.clone(),
                _ => serde_json::Map::new(),
            };
            let key = crate::positions::start_option(kind)
                .ok_or_else(|| AnalyseError::BadOptions(format!("{kind} has no start position")))?;
            opts.insert(key.into(), Value::String(text.clone()));
            kind.new_game(&Value::Object(opts)).map_err(options_error)
        }
    }
}

/// Plays `moves` in order, each checked; the first that is not legal is
/// reported with its 1-based number.
pub(crate) fn play_all(game: &mut dyn AnyGame, moves: &[String]) -> Result<(), AnalyseError> {
    for (i, text) in moves.iter().enumerate() {
        game.play(text).map_err(|e| AnalyseError::IllegalMove {
            ply: i + 1,
            text: text.clone(),
            reason: e.to_string(),
        })?;
    }
    Ok(())
}

fn options_error(e: GameError) -> AnalyseError {
    match e {
        GameError::BadOptions { reason, .. } => AnalyseError::BadOptions(reason),
        other => AnalyseError::BadOptions(other.to_string()),
    }
}
