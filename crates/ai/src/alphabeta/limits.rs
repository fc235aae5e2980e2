//! What a search is asked: its limits, the parts switched on, the extras
//! of [`Searcher::search_with`](super::Searcher::search_with).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use kyoku_core::Position;

use super::{Evaluation, ReportFn};

/// When to stop searching. Unset limits do not apply; with none set the
/// search runs to [`MAX_PLY`](super::MAX_PLY) or until stopped.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (plies).
    pub depth: Option<u32>,
    /// Nodes (positions visited, quiescence included).
    pub nodes: Option<u64>,
    /// Wall-clock time.
    pub time: Option<Duration>,
}

impl Limits {
    /// Only a depth.
    pub fn depth(d: u32) -> Self {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    /// Only a node count.
    pub fn nodes(n: u64) -> Self {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
    /// These limits with a level's node budget as the game spends it from
    /// `root` ([`Evaluation::node_budget`]): what a program of the level
    /// searches there, and what analysis at the level does too.
    pub fn at_root<P: Position, E: Evaluation<P>>(&self, eval: &E, root: &P) -> Limits {
        Limits {
            nodes: self.nodes.map(|n| eval.node_budget(root, n)),
            ..self.clone()
        }
    }
}

/// The parts of the search that can be switched off (to compare against
/// plain minimax in tests, or to measure what each part brings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Probe and store the transposition table.
    pub tt: bool,
    /// Search tactical moves at depth 0.
    pub quiescence: bool,
    /// Search threatening moves a ply deeper.
    pub extensions: bool,
    /// Search late quiet moves a ply shallower first.
    pub reductions: bool,
    /// Answer threats in quiescence, where the game asks for it
    /// ([`Evaluation::evasions_in_quiescence`]).
    pub evasions: bool,
    /// Score draws below 0 for the side that searches, by the game's
    /// [`Evaluation::contempt`].
    pub contempt: bool,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            tt: true,
            quiescence: true,
            extensions: true,
            reductions: true,
            evasions: true,
            contempt: true,
        }
    }
}

/// Extras of [`Searcher::search_with`](super::Searcher::search_with); the default is what
/// [`Searcher::search`](super::Searcher::search) does.
pub struct SearchOptions<'a, M> {
    /// How many best lines to find per iteration (1 = only the best; 0 counts
    /// as 1). The 2nd line is the best among the moves other than the 1st, …
    pub multipv: usize,
    /// Consider only these root moves (`None`: every legal move). Moves that
    /// are not legal are ignored; if none is legal, every move is searched.
    pub root_moves: Option<&'a [M]>,
    /// A second stop flag, checked like [`Searcher::stop_flag`](super::Searcher::stop_flag) but never
    /// cleared by the search, so a stop that comes before the search starts
    /// is not lost.
    pub stop: Option<Arc<AtomicBool>>,
    /// Called after every completed iteration, once per line.
    pub report: Option<&'a mut ReportFn<'a, M>>,
}

impl<M> Default for SearchOptions<'_, M> {
    fn default() -> Self {
        SearchOptions {
            multipv: 1,
            root_moves: None,
            stop: None,
            report: None,
        }
    }
}
