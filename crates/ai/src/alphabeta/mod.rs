//! Alpha-beta search for two-player games (negamax, PVS, transposition table), with expectimax at chance nodes.
//!
//! The search is written once against [`kyoku_core::Position`]; a game brings
//! an [`Evaluation`] (static score, move classes for ordering and
//! quiescence, threats for extensions).
//!
//! - **Iterative deepening** with **principal-variation search**: the first
//!   move gets the full window, the others a null window and a re-search
//!   when they beat it; late quiet moves are reduced by one ply (re-searched
//!   at full depth when they beat the bound).
//! - **Ordering**: the transposition-table move, then tactical moves by the
//!   game's score (captures, promotions), then two killer moves per ply,
//!   then the history heuristic.
//! - **Extensions**: a move after which the side to act is threatened (check,
//!   a Lion in danger) is searched one ply deeper.
//! - **Quiescence**: at depth 0 tactical moves are searched on top of the
//!   static score (stand pat). At a chance node it stands on the static
//!   score, or goes on through one outcome the game names
//!   ([`Tuning::chance_quiescence`]).
//! - **Chance** (`ToAct::Chance`): expectimax with alpha-beta bounds — Ballard's
//!   Star1: each outcome gets the window that would still let the
//!   probability-weighted sum end inside `(alpha, beta)`, assuming the outcomes
//!   not yet searched take the worst or best possible value; the node is cut
//!   as soon as the sum cannot. Chance nodes use no depth. A game may ask
//!   for probed chance nodes instead ([`Tuning::chance_probe`]): Star1's
//!   worst and best values are a mate's, so most outcomes get an open
//!   window; a probe with the node's own window settles most nodes first.
//! - **Repetition**: a position that already occurred on the search path
//!   (from the root on) scores as a draw (0) — the rules draw only on the
//!   third occurrence, but a player who can repeat once can repeat again. A
//!   position only the game before the root saw is a draw on its third
//!   occurrence, as the rules say: returning to it once forces nothing.
//! - **Per-game parts** ([`Tuning`], off unless the game asks): null-move
//!   pruning, logarithmic late-move reductions, counter moves, futility and
//!   late-move pruning, aspiration windows, probed chance nodes,
//!   quiescence through chance.
//! - **Limits**: depth, nodes, time, and a stop flag another thread may set.
//!   Under a node limit (and no time limit) the search is deterministic. A
//!   level's node budget may be scaled per root by the game
//!   ([`Evaluation::node_budget`], through [`Limits::at_root`]).
//!
//! Scores are integers from the view of the player to act: positive is good
//! for them; a won game scores `MATE - plies`, a lost one `-(MATE - plies)`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use kyoku_core::{GameRecord, Player, Position, ToAct};

use crate::tt::{Bound, Table};

/// The score of a game won now; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this (in absolute value) are wins or losses found by search.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Beyond every score.
pub const INFINITY: i32 = 32_000;
/// History-table slots: [`Evaluation::move_key`] must be below this.
pub const HISTORY_SIZE: usize = 1 << 13;
/// The deepest the search goes (plies from the root, extensions and
/// quiescence included).
pub const MAX_PLY: usize = 96;

/// What a game tells the search about its positions.
pub trait Evaluation<P: Position>: Send + Sync {
    /// The static score of `pos` for `me` (positive = good for `me`), on a
    /// scale where a minor piece is about 100. Called for positions where the
    /// game goes on (a player or chance acts).
    fn evaluate(&self, pos: &P, me: Player) -> i32;

    /// Who acts, for a position known to have legal moves. Games override it
    /// when [`Position::to_act`] does more work than needed there (checking
    /// whether the game ended).
    fn to_act(&self, pos: &P) -> ToAct {
        pos.to_act()
    }

    /// A small number naming the move for the history heuristic (below
    /// [`HISTORY_SIZE`]); moves of one player that mean the same thing in
    /// different positions should share it (from–to squares, drop kind).
    fn move_key(&self, pos: &P, mv: P::Move) -> usize;

    /// `Some(order)` for a tactical move (capture, promotion): searched in
    /// quiescence and ordered before quiet moves, higher `order` first.
    fn tactical(&self, pos: &P, mv: P::Move) -> Option<i32> {
        let _ = (pos, mv);
        None
    }

    /// Whether the player to act in `pos` is threatened (in check): the move
    /// that led here is searched a ply deeper.
    fn threatened(&self, pos: &P) -> bool {
        let _ = pos;
        false
    }

    /// The outcome quiescence follows at a chance node under
    /// [`Tuning::chance_quiescence`] (`None`, the default: it stands on the
    /// static score there). One outcome, not all: quiescence only asks what
    /// the captures that follow do, and those seldom hang on chance.
    fn quiescence_outcome(&self, pos: &P) -> Option<P::Move> {
        let _ = pos;
        None
    }

    /// Whether quiescence answers a threat: when the side to act is
    /// [`Evaluation::threatened`] it searches every move instead of standing
    /// pat on the static score. Right where a threat must be answered at
    /// once or the game is lost (a Lion in danger); off by default, where
    /// threats are frequent and cheap to survive.
    fn evasions_in_quiescence(&self) -> bool {
        false
    }

    /// The nodes a level's budget of `nodes` buys for a search from `root`
    /// (the default: `nodes`). A game whose variants' nodes cost very
    /// differently evens out the levels' time a move with it.
    fn node_budget(&self, root: &P, nodes: u64) -> u64 {
        let _ = root;
        nodes
    }

    /// The search's optional parts this game wants ([`Tuning`]) for a search
    /// from `root` (a game may choose by variant); all off by default, so a
    /// game's search changes only when it asks.
    fn tuning(&self, root: &P) -> Tuning {
        let _ = root;
        Tuning::default()
    }

    /// How much less than 0 a draw scores for the side that searches
    /// (contempt): above 0, the program avoids a repetition or other draw
    /// when it has a move it thinks worse by less than this. 0 (a draw is
    /// worth 0) unless a game asks: where the reference opponent errs more
    /// than we do in long games, a draw taken early throws chances away
    /// (`docs/ai.md`). Applied only with [`Features::contempt`].
    fn contempt(&self) -> i32 {
        0
    }

    /// Whether quiescence asks the game for its tactical moves
    /// ([`Evaluation::tactical_moves`]) and whether the game is over
    /// ([`Evaluation::no_legal_move`]) instead of listing every legal move
    /// first. Worth it where most quiescence nodes stand pat and listing
    /// every move is dear (Shogun tests each move against its own Shogun's
    /// safety). The search visits the same nodes either way.
    fn lists_tactical_moves(&self) -> bool {
        false
    }

    /// Whether `pos` has no legal move (asked only when
    /// [`Evaluation::lists_tactical_moves`]).
    fn no_legal_move(&self, pos: &P) -> bool {
        pos.count_legal_moves() == 0
    }

    /// Appends the legal moves that [`Evaluation::tactical`] scores, in the
    /// order [`Position::legal_moves`] lists them (asked only when
    /// [`Evaluation::lists_tactical_moves`]).
    fn tactical_moves(&self, pos: &P, out: &mut Vec<P::Move>) {
        let from = out.len();
        pos.legal_moves(out);
        let mut i = from;
        while i < out.len() {
            if self.tactical(pos, out[i]).is_some() {
                i += 1;
            } else {
                out.remove(i);
            }
        }
    }

    /// `pos` with the turn passed to the other player (a null move), for
    /// null-move pruning; `None` where passing makes no sense (the default,
    /// and a game's zugzwang-prone positions).
    fn null_move(&self, pos: &P) -> Option<P> {
        let _ = pos;
        None
    }
}

/// Search parts a game switches on through [`Evaluation::tuning`]. They are
/// per game because what helps one game can hurt another: each was measured
/// on the game that uses it (`docs/ai.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tuning {
    /// Null-move pruning: at a non-PV node of depth ≥ 3 whose static score
    /// is at least beta, and where the side to act is not threatened, pass
    /// ([`Evaluation::null_move`]) and search `depth − 3 − depth/6`; when
    /// even that holds beta, cut.
    pub null_move: bool,
    /// Late-move reductions grow with depth and move number
    /// (`ln(depth)·ln(index)/2`, at least 1) instead of one ply.
    pub log_reductions: bool,
    /// Counter-move heuristic: the quiet move that last refuted the
    /// opponent's previous move is ordered right after the killers.
    pub counter_moves: bool,
    /// Futility pruning near the leaves, at non-PV nodes whose side to act
    /// is not threatened: a node of depth ≤ 3 whose static score beats beta
    /// by [`FUTILITY_MARGIN`] a ply is cut (reverse futility), and at depth
    /// ≤ 2 quiet moves that threaten nothing are skipped when the static
    /// score plus the margin a ply cannot reach alpha.
    pub futility: bool,
    /// Late-move pruning: at non-PV nodes of depth ≤ 3 whose side to act is
    /// not threatened, quiet moves that threaten nothing are skipped after
    /// the first `3 + 2·depth²` (history-ordered, so the least promising).
    pub late_move_pruning: bool,
    /// Aspiration windows: from depth 4 on, an iteration first searches a
    /// window of ±[`ASPIRATION_WINDOW`] around the last iteration's score,
    /// widened (doubling) on the side that fails.
    pub aspiration: bool,
    /// Chance nodes probe first: every outcome is searched with the chance
    /// node's own window, which settles the node whenever all outcomes fall
    /// on one side of it (the usual case at a null window). Only the rest
    /// are searched again, with Star1 windows from the bounds the probe
    /// found. Outcomes count within ±[`CHANCE_BOUND`] (a win behind chance
    /// counts as that bound): Star1's windows need finite bounds, and with
    /// a mate's they stay open.
    pub chance_probe: bool,
    /// Quiescence goes on through a chance node with the outcome
    /// [`Evaluation::quiescence_outcome`] names, instead of standing on the
    /// static score there. Where every move is followed by chance, the
    /// static score would otherwise end quiescence after one capture, and
    /// the leaves would never see the other side's captures.
    pub chance_quiescence: bool,
}

/// The most an outcome of a chance node counts for, either way, under
/// [`Tuning::chance_probe`], in score units: more than any static score,
/// far less than a mate.
pub const CHANCE_BOUND: i32 = 4_000;

/// The score a ply of remaining depth may still swing (see
/// [`Tuning::futility`]), in score units.
pub const FUTILITY_MARGIN: i32 = 120;

/// The first half-width of an aspiration window (see
/// [`Tuning::aspiration`]), in score units.
pub const ASPIRATION_WINDOW: i32 = 40;

/// When to stop searching. Unset limits do not apply; with none set the
/// search runs to [`MAX_PLY`] or until stopped.
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

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play (`None` only when there are no legal moves).
    pub best: Option<M>,
    /// Its score for the player to act.
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// The principal variation, starting with `best`.
    pub pv: Vec<M>,
    /// Nodes visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// One finished iteration of the search, as [`SearchOptions::report`]
/// receives it: one call per line of the principal variation (more than one
/// with [`SearchOptions::multipv`]).
#[derive(Clone, Debug)]
pub struct Report<'a, M> {
    /// The depth just completed.
    pub depth: u32,
    /// The deepest ply reached so far in this search (extensions and
    /// quiescence included).
    pub seldepth: u32,
    /// Which line this is: 1 for the best, 2 for the second best, …
    pub multipv: usize,
    /// The line's score for the player to act (see [`MATE`]).
    pub score: i32,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The line, its first move first.
    pub pv: &'a [M],
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
}

/// What receives the [`Report`]s.
pub type ReportFn<'a, M> = dyn FnMut(&Report<'_, M>) + 'a;

/// A line MultiPV found: its first move, score and moves.
type Line<M> = (M, i32, Vec<M>);

/// A root pass's best move with its score, and its line.
type PassResult<M> = (Option<(M, i32)>, Vec<M>);

/// Extras of [`Searcher::search_with`]; the default is what
/// [`Searcher::search`] does.
pub struct SearchOptions<'a, M> {
    /// How many best lines to find per iteration (1 = only the best; 0 counts
    /// as 1). The 2nd line is the best among the moves other than the 1st, …
    pub multipv: usize,
    /// Consider only these root moves (`None`: every legal move). Moves that
    /// are not legal are ignored; if none is legal, every move is searched.
    pub root_moves: Option<&'a [M]>,
    /// A second stop flag, checked like [`Searcher::stop_flag`] but never
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

/// Converts a search score to UCI's `mate N` count: moves (not plies) to
/// the end, negative when the player to act loses; `None` for scores that
/// are not a forced result.
pub fn mate_in_moves(score: i32) -> Option<i32> {
    if score > MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}

impl<M> SearchResult<M> {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// A score for people: `+1.25`, `mate in 3` (plies), `mated in 4`.
pub fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("win in {}", MATE - score)
    } else if score < -MATE_BOUND {
        format!("loss in {}", MATE + score)
    } else {
        format!("{:+.2}", score as f64 / 100.0)
    }
}

/// A search instance: the transposition table, history and killers survive
/// between searches (moves of one game).
pub struct Searcher<P: Position, E: Evaluation<P>> {
    eval: E,
    features: Features,
    tt: Table<P::Move>,
    history: Vec<i32>,
    killers: Vec<[Option<P::Move>; 2]>,
    buffers: Vec<Vec<P::Move>>,
    chance_buffers: Vec<Vec<(P::Move, f64)>>,
    /// Per ply, the bounds (lower, upper) known for each chance outcome
    /// ([`Tuning::chance_probe`]).
    chance_bounds: Vec<Vec<(i32, i32)>>,
    score_buffers: Vec<Vec<(i32, bool)>>,
    pv: Vec<Vec<P::Move>>,
    path: Vec<u64>,
    /// Where the root sits in `path`: the positions before it are the
    /// game's past, those from it on the search's own line.
    root: usize,
    filter: Vec<u8>,
    noise: i32,
    seed: u64,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
    external_stop: Option<Arc<AtomicBool>>,
    aborted: bool,
    root_depth: i32,
    seldepth: usize,
    /// A draw's score for the side that searches (minus the contempt).
    draw: i32,
    /// The game's choice of optional search parts, read once per search.
    tuning: Tuning,
    /// `after_null[ply]`: the node at `ply` answers a null move (no second
    /// null move in a row).
    after_null: Vec<bool>,
    /// `prev_key[ply]`: history key (with the mover's side) of the move
    /// played at `ply`, for the counter-move table; `usize::MAX` for none.
    prev_key: Vec<usize>,
    /// The quiet move that last refuted a move, by that move's key.
    counters: Vec<Option<P::Move>>,
    /// Static scores by (hash, player), [`EVAL_CACHE`] slots, newest kept.
    eval_cache: Vec<(u64, i32)>,
}

/// Slots of the static-score cache (a power of two; 16 bytes each).
const EVAL_CACHE: usize = 1 << 16;

/// Which quiet moves a node may skip ([`Tuning::futility`],
/// [`Tuning::late_move_pruning`]).
struct Prune {
    /// Every quiet move that threatens nothing (futility).
    futile: bool,
    /// Those past this many moves (late-move pruning).
    late: usize,
}

/// Move-order scores (higher first): the table's move, tactical moves (plus
/// their own score), the two killers, the counter move; the rest score by
/// history, below all of these. Pruning reads them back: a move scored
/// below [`ORDER_COUNTER`] is neither a killer nor the counter move.
const ORDER_TT: i32 = 1 << 30;
const ORDER_TACTICAL: i32 = 1 << 28;
const ORDER_KILLER: i32 = 1 << 27;
const ORDER_COUNTER: i32 = ORDER_KILLER - 1;

/// A reduction of `ln(depth)·ln(index)/2` plies, at least 1: late moves of
/// deep nodes are searched much shallower first.
fn log_reduction(depth: i32, index: usize) -> i32 {
    let r = (depth.max(1) as f64).ln() * (index.max(1) as f64).ln() / 2.0;
    (r as i32).max(1)
}

const FILTER_MASK: u64 = 4095;

fn mix(mut z: u64) -> u64 {
    // splitmix64's finaliser: a cheap, well-spread hash of a hash.
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl<P: Position, E: Evaluation<P>> Searcher<P, E> {
    /// A searcher with a transposition table of `2^tt_bits` entries.
    pub fn new(eval: E, tt_bits: u32) -> Self {
        Searcher {
            eval,
            features: Features::default(),
            tt: Table::new(tt_bits),
            history: vec![0; HISTORY_SIZE * 2],
            killers: vec![[None; 2]; MAX_PLY + 2],
            buffers: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            chance_buffers: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            chance_bounds: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            score_buffers: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            path: Vec::with_capacity(1024),
            root: 0,
            filter: vec![0; FILTER_MASK as usize + 1],
            noise: 0,
            seed: 0,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stop: Arc::new(AtomicBool::new(false)),
            external_stop: None,
            aborted: false,
            root_depth: 1,
            seldepth: 0,
            draw: 0,
            tuning: Tuning::default(),
            after_null: vec![false; MAX_PLY + 2],
            prev_key: vec![usize::MAX; MAX_PLY + 2],
            counters: vec![None; HISTORY_SIZE * 2],
            eval_cache: vec![(0, 0); EVAL_CACHE],
        }
    }

    /// Adds a pseudo-random term in `-noise..=noise` to every static score,
    /// fixed per position by `seed`: weaker play that stays deterministic
    /// and consistent with the transposition table.
    pub fn set_noise(&mut self, noise: i32, seed: u64) {
        self.noise = noise.max(0);
        self.seed = seed;
        // The remembered scores carry the old noise.
        self.eval_cache.iter_mut().for_each(|e| *e = (0, 0));
    }

    /// Switches parts of the search on or off.
    pub fn set_features(&mut self, features: Features) {
        self.features = features;
    }

    /// The flag that stops a running search when set (from any thread).
    /// The search clears it when it starts.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// The game's evaluation.
    pub fn evaluation(&self) -> &E {
        &self.eval
    }

    /// Forgets the transposition table, history and killers.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.counters.iter_mut().for_each(|c| *c = None);
    }

    /// Searches the current position of `record` (whose past counts for
    /// repetition) within `limits`.
    pub fn search(&mut self, record: &GameRecord<P>, limits: &Limits) -> SearchResult<P::Move> {
        self.search_with(record, limits, SearchOptions::default())
    }

    /// [`Searcher::search`] with extras: several best lines, a subset of the
    /// root moves, an outside stop flag, a report per iteration. With the
    /// default options it visits exactly the nodes `search` does.
    pub fn search_with(
        &mut self,
        record: &GameRecord<P>,
        limits: &Limits,
        mut opts: SearchOptions<'_, P::Move>,
    ) -> SearchResult<P::Move> {
        let start = Instant::now();
        self.begin(record, limits, start, opts.stop.take());
        let pos = record.position().clone();
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            pv: Vec::new(),
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        let mut moves = Vec::new();
        record.legal_moves(&mut moves);
        let me = match record.to_act() {
            ToAct::Player(p, _) => p,
            // Chance or nobody: there is no move to choose.
            _ => {
                moves.clear();
                Player::new(0)
            }
        };
        if let Some(only) = opts.root_moves
            && moves.iter().any(|m| only.contains(m))
        {
            moves.retain(|m| only.contains(m));
        }
        if moves.is_empty() {
            result.elapsed = start.elapsed();
            return result;
        }
        // Root moves in the order of the last iteration's scores.
        let mut root: Vec<(P::Move, i32)> = moves.iter().map(|&m| (m, 0)).collect();
        self.order_root(&pos, &mut root);
        result.best = Some(root[0].0);
        result.pv = vec![root[0].0];
        let lines = opts.multipv.clamp(1, root.len());
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 / 2).max(1);
        for depth in 1..=max_depth {
            self.root_depth = depth as i32;
            let mut found: Vec<Line<P::Move>> = Vec::new();
            let mut skip: Vec<P::Move> = Vec::new();
            for line in 0..lines {
                let (best, pv) = if line == 0
                    && self.tuning.aspiration
                    && depth >= 4
                    && result.score.abs() < MATE_BOUND
                {
                    self.aspiration_pass(&pos, &mut root, depth, me, result.score)
                } else {
                    self.root_pass(&pos, &mut root, depth, me, &skip, -INFINITY, INFINITY)
                };
                if line == 0
                    && let Some((mv, score)) = best
                {
                    // A move that beat the previous best is good enough to
                    // play even when the iteration did not finish.
                    result.best = Some(mv);
                    result.score = score;
                    result.pv = pv.clone();
                }
                if self.aborted {
                    break;
                }
                if let Some((mv, score)) = best {
                    skip.push(mv);
                    found.push((mv, score, pv));
                }
            }
            if self.aborted {
                break;
            }
            result.depth = depth;
            // Stable sort: the best first, ties in the old order.
            root.sort_by_key(|r| std::cmp::Reverse(r.1));
            if let Some(&(mv, score, _)) = found.first() {
                self.tt
                    .store(pos.hash(), Some(mv), score, depth as i16, Bound::Exact);
            }
            if let Some(report) = opts.report.as_mut() {
                self.report(&mut **report, depth, &found, start);
            }
            if result.score.abs() > MATE_BOUND && (MATE - result.score.abs()) as u32 <= depth {
                break; // a forced result within the horizon; deeper changes nothing
            }
        }
        self.external_stop = None;
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        if result.pv.first() != result.best.as_ref() {
            result.pv = result.best.into_iter().collect();
        }
        result
    }

    /// Resets the per-search state: counters, limits, the repetition path
    /// (the game's positions so far).
    fn begin(
        &mut self,
        record: &GameRecord<P>,
        limits: &Limits,
        start: Instant,
        stop: Option<Arc<AtomicBool>>,
    ) {
        self.stop.store(false, Ordering::Relaxed);
        self.external_stop = stop;
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time.map(|t| start + t);
        self.tt.new_search();
        self.tuning = self.eval.tuning(record.position());
        // Scores are for the searching side everywhere (`node`'s `me`), so
        // one signed draw score serves every node of this search.
        self.draw = if self.features.contempt {
            -self.eval.contempt()
        } else {
            0
        };
        self.after_null.iter_mut().for_each(|a| *a = false);
        self.prev_key.iter_mut().for_each(|k| *k = usize::MAX);
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        self.path.clear();
        self.filter.iter_mut().for_each(|f| *f = 0);
        for p in record.positions() {
            self.push_key(p.repetition_key());
        }
        self.root = self.path.len().saturating_sub(1);
    }

    /// Hands each line of a completed iteration to the report callback.
    fn report(
        &self,
        report: &mut ReportFn<'_, P::Move>,
        depth: u32,
        lines: &[Line<P::Move>],
        start: Instant,
    ) {
        for (i, (_, score, pv)) in lines.iter().enumerate() {
            report(&Report {
                depth,
                seldepth: self.seldepth as u32,
                multipv: i + 1,
                score: *score,
                nodes: self.nodes,
                elapsed: start.elapsed(),
                pv,
                hashfull: self.tt.hashfull(),
            });
        }
    }

    /// One pass over the root moves at `depth`, leaving out `skip` (the lines
    /// MultiPV already found): the best move and its line, if any move beat
    /// the full window's lower end. Writes each move's score into `root`
    /// for the next iteration's order.
    #[allow(clippy::too_many_arguments)] // the window is two plain numbers
    fn root_pass(
        &mut self,
        pos: &P,
        root: &mut [(P::Move, i32)],
        depth: u32,
        me: Player,
        skip: &[P::Move],
        mut alpha: i32,
        beta: i32,
    ) -> PassResult<P::Move> {
        let mut best: Option<(P::Move, i32)> = None;
        let mut line = Vec::new();
        let mut first = true;
        #[allow(clippy::needless_range_loop)] // root[i] is written back
        for i in 0..root.len() {
            let mv = root[i].0;
            if skip.contains(&mv) {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if self.tuning.counter_moves {
                self.prev_key[0] = (me.index() & 1) * HISTORY_SIZE + self.eval.move_key(pos, mv);
            }
            let d = depth as i32 - 1;
            let score = if first {
                self.node(&child, d, alpha, beta, 1, me)
            } else {
                let s = self.node(&child, d, alpha, alpha + 1, 1, me);
                if s > alpha && !self.aborted {
                    self.node(&child, d, alpha, beta, 1, me)
                } else {
                    s
                }
            };
            if self.aborted {
                break;
            }
            root[i].1 = if first || score > alpha {
                score
            } else {
                -INFINITY + i as i32
            };
            first = false;
            if score > alpha {
                alpha = score;
                best = Some((mv, score));
                let tail = std::mem::take(&mut self.pv[1]);
                line.clear();
                line.push(mv);
                line.extend_from_slice(&tail);
                self.pv[1] = tail;
                if alpha >= beta {
                    break; // an aspiration window failed high
                }
            }
        }
        (best, line)
    }

    /// [`Searcher::root_pass`] in a window around `guess` (the last
    /// iteration's score), widened on the side that fails until the score
    /// falls inside ([`Tuning::aspiration`]).
    fn aspiration_pass(
        &mut self,
        pos: &P,
        root: &mut [(P::Move, i32)],
        depth: u32,
        me: Player,
        guess: i32,
    ) -> PassResult<P::Move> {
        let mut delta = ASPIRATION_WINDOW;
        let (mut lo, mut hi) = (guess - delta, guess + delta);
        loop {
            let (best, line) = self.root_pass(pos, root, depth, me, &[], lo, hi);
            if self.aborted {
                return (best, line);
            }
            delta *= 2;
            let widen = |v: i32| if v.abs() >= MATE_BOUND { INFINITY } else { v };
            match best {
                None => lo = -widen(-(lo - delta)),
                Some((_, score)) if score >= hi => hi = widen(hi + delta),
                Some(_) => return (best, line),
            }
            if lo <= -INFINITY && hi >= INFINITY {
                return self.root_pass(pos, root, depth, me, &[], -INFINITY, INFINITY);
            }
        }
    }

    fn order_root(&self, pos: &P, root: &mut [(P::Move, i32)]) {
        let tt_move = self.tt.probe(pos.hash()).and_then(|e| e.mv);
        for r in root.iter_mut() {
            r.1 = if Some(r.0) == tt_move {
                ORDER_TT
            } else {
                self.eval.tactical(pos, r.0).map_or(0, |t| (1 << 20) + t)
            };
        }
        root.sort_by_key(|r| std::cmp::Reverse(r.1));
    }

    #[inline]
    fn push_key(&mut self, key: u64) {
        self.path.push(key);
        let f = &mut self.filter[(key & FILTER_MASK) as usize];
        *f = f.saturating_add(1);
    }

    #[inline]
    fn pop_key(&mut self) {
        if let Some(key) = self.path.pop() {
            let f = &mut self.filter[(key & FILTER_MASK) as usize];
            *f = f.saturating_sub(1);
        }
    }

    #[inline]
    fn repeated(&self, key: u64) -> bool {
        if self.filter[(key & FILTER_MASK) as usize] == 0 {
            return false;
        }
        // On the search's line a return is a draw already (who can repeat
        // once can repeat again); a position only the game's past saw is a
        // draw on its third occurrence, as the rules have it, since the
        // opponent need not repeat it again.
        let (past, line) = self.path.split_at(self.root);
        line.contains(&key) || past.iter().filter(|&&k| k == key).count() >= 2
    }

    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes & 1023 == 0 {
            if self.stop.load(Ordering::Relaxed)
                || self
                    .external_stop
                    .as_ref()
                    .is_some_and(|s| s.load(Ordering::Relaxed))
            {
                self.aborted = true;
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The static score of `pos` for `me`, noise included; remembered by
    /// the position's hash, since quiescence, null-move and futility tests
    /// ask for the same positions again and again.
    fn static_eval(&mut self, pos: &P, me: Player) -> i32 {
        let key = pos.hash() ^ (me.index() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let slot = (key as usize) & (EVAL_CACHE - 1);
        if self.eval_cache[slot].0 == key {
            return self.eval_cache[slot].1;
        }
        let s = self.fresh_eval(pos, me);
        self.eval_cache[slot] = (key, s);
        s
    }

    fn fresh_eval(&self, pos: &P, me: Player) -> i32 {
        let mut s = self.eval.evaluate(pos, me);
        if self.noise > 0 {
            let r = (mix(pos.hash() ^ self.seed) % (2 * self.noise as u64 + 1)) as i32 - self.noise;
            // Player 0's view; the other player sees it negated (zero sum).
            s += if me.index() == 0 { r } else { -r };
        }
        s.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    fn terminal(&self, pos: &P, ply: usize, me: Player) -> i32 {
        match pos.outcome() {
            Some(o) if o.is_draw() => self.draw,
            Some(o) if o.rank(me) == 1 => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
            None => 0,
        }
    }

    /// The value of `pos` for `me`, who acts here or is the other player
    /// (or neither, at chance).
    fn node(&mut self, pos: &P, depth: i32, alpha: i32, beta: i32, ply: usize, me: Player) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let key = pos.repetition_key();
        if self.repeated(key) {
            return self.draw;
        }
        if ply >= MAX_PLY {
            return self.static_eval(pos, me);
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, me, 0);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        let v = if moves.is_empty() {
            self.terminal(pos, ply, me)
        } else {
            self.push_key(key);
            let v = match self.eval.to_act(pos) {
                ToAct::Chance if self.tuning.chance_probe => {
                    self.chance_probed(pos, depth, alpha, beta, ply, me)
                }
                ToAct::Chance => self.chance(pos, depth, alpha, beta, ply, me),
                ToAct::Player(p, _) if p == me => {
                    self.player(pos, &mut moves, depth, alpha, beta, ply)
                }
                ToAct::Player(..) => -self.player(pos, &mut moves, depth, -beta, -alpha, ply),
                ToAct::Nobody => self.terminal(pos, ply, me),
            };
            self.pop_key();
            v
        };
        self.buffers[ply] = moves;
        v
    }

    /// A node where the player to act is the one the score is for.
    fn player(
        &mut self,
        pos: &P,
        moves: &mut [P::Move],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let hash = pos.hash();
        let me = match self.eval.to_act(pos) {
            ToAct::Player(p, _) => p,
            _ => Player::new(0),
        };
        let tt_move = match self.probe(hash, depth, alpha, beta, ply, pv_node) {
            Ok(mv) => mv,
            Err(score) => return score,
        };
        let prune = match self.prune_limits(pos, depth, alpha, beta, ply, me, pv_node) {
            Ok(prune) => prune,
            Err(score) => return score,
        };
        if let Some(s) = self.try_null_move(pos, depth, beta, ply, me, pv_node) {
            return s;
        }
        let side = me.index() & 1;
        let counter_slot = self.counter_slot(ply);
        let mut scores = std::mem::take(&mut self.score_buffers[ply]);
        let counter = counter_slot.and_then(|c| self.counters[c]);
        self.order_scores(pos, moves, tt_move, counter, ply, side, &mut scores);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            pick_next(moves, &mut scores, i);
            let mv = moves[i];
            let tactical = scores[i].1;
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let extend = self.features.extensions
                && ply < 2 * self.root_depth as usize
                && self.eval.threatened(&child);
            let d = depth - 1 + extend as i32;
            // Futility and late-move pruning skip quiet moves that threaten
            // nothing, never the first, nor a killer or counter move.
            if i > 0
                && !tactical
                && !extend
                && scores[i].0 < ORDER_COUNTER
                && (prune.futile || i >= prune.late)
            {
                continue;
            }
            if self.tuning.counter_moves {
                self.prev_key[ply] = side * HISTORY_SIZE + self.eval.move_key(pos, mv);
            }
            let score = if i == 0 {
                self.node(&child, d, alpha, beta, ply + 1, me)
            } else {
                // Late quiet moves are first searched shallower.
                let reduce = self.features.reductions
                    && depth >= 3
                    && i >= 3
                    && !tactical
                    && !extend
                    && scores[i].0 < ORDER_COUNTER;
                let r = match (reduce, self.tuning.log_reductions) {
                    (false, _) => 0,
                    (true, false) => 1,
                    (true, true) => {
                        (log_reduction(depth, i) - pv_node as i32).clamp(1, (d - 1).max(1))
                    }
                };
                self.search_late(&child, d, r, alpha, beta, ply + 1, me)
            };
            if self.aborted {
                self.score_buffers[ply] = scores;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        self.set_pv(ply, mv);
                    }
                    if alpha >= beta {
                        if !tactical {
                            self.remember_cutoff(pos, mv, depth, ply, side, counter_slot);
                        }
                        break;
                    }
                }
            }
        }
        self.score_buffers[ply] = scores;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if self.features.tt {
            self.tt
                .store(hash, best_move, to_tt(best_score, ply), depth as i16, bound);
        }
        best_score
    }

    /// The line at `ply`: `mv`, then the line found below it.
    fn set_pv(&mut self, ply: usize, mv: P::Move) {
        let mut line = std::mem::take(&mut self.pv[ply]);
        line.clear();
        line.push(mv);
        line.extend_from_slice(&self.pv[ply + 1]);
        self.pv[ply] = line;
    }

    /// A move after the first, at `depth` less `reduction`: with a null
    /// window first, again at full depth if it beat alpha reduced, then with
    /// the full window if it still lands inside it.
    #[allow(clippy::too_many_arguments)] // a node's window and place
    fn search_late(
        &mut self,
        child: &P,
        depth: i32,
        reduction: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        me: Player,
    ) -> i32 {
        let mut s = self.node(child, depth - reduction, alpha, alpha + 1, ply, me);
        if s > alpha && reduction > 0 && !self.aborted {
            s = self.node(child, depth, alpha, alpha + 1, ply, me);
        }
        if s > alpha && s < beta && !self.aborted {
            s = self.node(child, depth, alpha, beta, ply, me);
        }
        s
    }

    /// The transposition table's word on a node: `Err(score)` when a stored
    /// bound settles it, else `Ok` with the stored best move, if any.
    fn probe(
        &self,
        hash: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> Result<Option<P::Move>, i32> {
        let Some(e) = self.tt.probe(hash).filter(|_| self.features.tt) else {
            return Ok(None);
        };
        if !pv_node && e.depth as i32 >= depth {
            let s = from_tt(e.score, ply);
            match e.bound {
                Bound::Exact => return Err(s),
                Bound::Lower if s >= beta => return Err(s),
                Bound::Upper if s <= alpha => return Err(s),
                _ => {}
            }
        }
        Ok(e.mv)
    }

    /// What futility and late-move pruning allow at a node
    /// ([`Tuning::futility`], [`Tuning::late_move_pruning`]); `Err(score)`
    /// when the static score beats beta by enough to cut the node.
    #[allow(clippy::too_many_arguments)] // a node's window and place
    fn prune_limits(
        &mut self,
        pos: &P,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        me: Player,
        pv_node: bool,
    ) -> Result<Prune, i32> {
        let none = Prune {
            futile: false,
            late: usize::MAX,
        };
        // Near the leaves, a quiet node's static score decides what little
        // depth is left would find (not where the side to act is
        // threatened: that is where the static score misleads).
        let prunable = (self.tuning.futility || self.tuning.late_move_pruning)
            && !pv_node
            && ply > 0
            && depth <= 3
            && alpha.abs() < MATE_BOUND
            && beta.abs() < MATE_BOUND
            && !self.eval.threatened(pos);
        if !prunable {
            return Ok(none);
        }
        let mut prune = none;
        if self.tuning.futility {
            let stand = self.static_eval(pos, me);
            if stand - FUTILITY_MARGIN * depth >= beta {
                return Err(stand);
            }
            prune.futile = depth <= 2 && stand + FUTILITY_MARGIN * depth <= alpha;
        }
        if self.tuning.late_move_pruning {
            prune.late = 3 + 2 * (depth * depth) as usize;
        }
        Ok(prune)
    }

    /// The order of a node's moves, into `scores` (higher first; with
    /// whether each is tactical): the table's move, tactical moves, the
    /// killers, the counter move, then the rest by history.
    #[allow(clippy::too_many_arguments)] // a node's moves and what orders them
    fn order_scores(
        &self,
        pos: &P,
        moves: &[P::Move],
        tt_move: Option<P::Move>,
        counter: Option<P::Move>,
        ply: usize,
        side: usize,
        scores: &mut Vec<(i32, bool)>,
    ) {
        let killers = self.killers[ply];
        scores.clear();
        for &mv in moves {
            let t = self.eval.tactical(pos, mv);
            scores.push((
                if Some(mv) == tt_move {
                    ORDER_TT
                } else if let Some(t) = t {
                    ORDER_TACTICAL + t
                } else if Some(mv) == killers[0] {
                    ORDER_KILLER + 1
                } else if Some(mv) == killers[1] {
                    ORDER_KILLER
                } else if Some(mv) == counter {
                    ORDER_COUNTER
                } else {
                    self.history[side * HISTORY_SIZE + self.eval.move_key(pos, mv)]
                },
                t.is_some(),
            ));
        }
    }

    /// A quiet move that cut a node: a killer of its ply, history credit,
    /// the counter move to the move before.
    fn remember_cutoff(
        &mut self,
        pos: &P,
        mv: P::Move,
        depth: i32,
        ply: usize,
        side: usize,
        counter_slot: Option<usize>,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[side * HISTORY_SIZE + self.eval.move_key(pos, mv)];
        *h = (*h + depth * depth).min(1 << 26);
        if let Some(c) = counter_slot {
            self.counters[c] = Some(mv);
        }
    }

    /// The counter-move slot of the node at `ply` (the previous move's key),
    /// when the game uses counter moves.
    fn counter_slot(&self, ply: usize) -> Option<usize> {
        if !self.tuning.counter_moves || ply == 0 {
            return None;
        }
        Some(self.prev_key[ply - 1]).filter(|&k| k < 2 * HISTORY_SIZE)
    }

    /// Null-move pruning ([`Tuning::null_move`]): `Some(score)` when passing
    /// still holds `beta`, so the node is cut.
    fn try_null_move(
        &mut self,
        pos: &P,
        depth: i32,
        beta: i32,
        ply: usize,
        me: Player,
        pv_node: bool,
    ) -> Option<i32> {
        if !self.tuning.null_move
            || pv_node
            || depth < 3
            || ply == 0
            || self.after_null[ply]
            || beta.abs() > MATE_BOUND
            || self.eval.threatened(pos)
            || self.static_eval(pos, me) < beta
        {
            return None;
        }
        let passed = self.eval.null_move(pos)?;
        let r = 3 + depth / 6;
        self.after_null[ply + 1] = true;
        self.prev_key[ply] = usize::MAX;
        let s = self.node(&passed, depth - r, beta - 1, beta, ply + 1, me);
        self.after_null[ply + 1] = false;
        if self.aborted {
            return Some(0);
        }
        // A mate found after a pass is not proven: claim only beta.
        (s >= beta).then_some(if s > MATE_BOUND { beta } else { s })
    }

    /// Expectimax with Star1 bounds; the value is for `me`.
    fn chance(
        &mut self,
        pos: &P,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        me: Player,
    ) -> i32 {
        let mut outcomes = std::mem::take(&mut self.chance_buffers[ply]);
        outcomes.clear();
        pos.chance_outcomes(&mut outcomes);
        let (lo, hi) = (-(MATE as f64), MATE as f64);
        let mut sum = 0.0;
        let mut rest = 1.0;
        let mut result = None;
        for &(mv, p) in &outcomes {
            if p <= 0.0 {
                continue;
            }
            rest -= p;
            let rest_now = rest.max(0.0);
            let a = ((alpha as f64 - sum - hi * rest_now) / p).max(lo);
            let b = ((beta as f64 - sum - lo * rest_now) / p).min(hi);
            let (ai, bi) = (a.floor() as i32, b.ceil() as i32);
            let v = self.outcome(pos, mv, depth, ai.max(-INFINITY), bi.min(INFINITY), ply, me);
            if self.aborted {
                result = Some(0);
                break;
            }
            if v >= bi {
                result = Some(beta);
                break;
            }
            if v <= ai {
                result = Some(alpha);
                break;
            }
            sum += p * v as f64;
        }
        self.chance_buffers[ply] = outcomes;
        result.unwrap_or(sum.round() as i32)
    }

    /// The value for `me` of chance's outcome `mv` at `pos`, searched with
    /// the window (`alpha`, `beta`).
    #[allow(clippy::too_many_arguments)] // a node's window and place
    fn outcome(
        &mut self,
        pos: &P,
        mv: P::Move,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        me: Player,
    ) -> i32 {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        if ply > 0 {
            // Chance does not answer a move: the next player's counter
            // move answers the move before it.
            self.prev_key[ply] = self.prev_key[ply - 1];
        }
        self.node(&child, depth, alpha, beta, ply + 1, me)
    }

    /// Expectimax that probes every outcome with the node's own window
    /// first, then settles the undecided ones with Star1 windows from the
    /// bounds known so far ([`Tuning::chance_probe`]); the value is for
    /// `me`.
    fn chance_probed(
        &mut self,
        pos: &P,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        me: Player,
    ) -> i32 {
        // Every outcome counts within the bound, so a window beyond it is
        // settled before any search.
        if alpha >= CHANCE_BOUND {
            return alpha;
        }
        if beta <= -CHANCE_BOUND {
            return beta;
        }
        let mut outcomes = std::mem::take(&mut self.chance_buffers[ply]);
        outcomes.clear();
        pos.chance_outcomes(&mut outcomes);
        outcomes.retain(|&(_, p)| p > 0.0);
        let mut bounds = std::mem::take(&mut self.chance_bounds[ply]);
        bounds.clear();
        bounds.resize(outcomes.len(), (-CHANCE_BOUND, CHANCE_BOUND));
        let result = self.settle_outcomes(pos, &outcomes, &mut bounds, depth, alpha, beta, ply, me);
        self.chance_buffers[ply] = outcomes;
        self.chance_bounds[ply] = bounds;
        result
    }

    /// The two passes of [`Searcher::chance_probed`] over `outcomes`, whose
    /// known bounds `bounds` narrows as it goes.
    #[allow(clippy::too_many_arguments)] // a node's window and place
    fn settle_outcomes(
        &mut self,
        pos: &P,
        outcomes: &[(P::Move, f64)],
        bounds: &mut [(i32, i32)],
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        me: Player,
    ) -> i32 {
        let expected = |bounds: &[(i32, i32)]| {
            outcomes
                .iter()
                .zip(bounds.iter())
                .fold((0.0, 0.0), |(l, u), (&(_, p), &(lb, ub))| {
                    (l + p * lb as f64, u + p * ub as f64)
                })
        };
        for pass in 0..2 {
            for i in 0..outcomes.len() {
                let (mv, p) = outcomes[i];
                let (lb, ub) = bounds[i];
                if lb == ub {
                    continue;
                }
                let (lo, hi) = if pass == 0 {
                    (alpha, beta)
                } else {
                    // Star1: the window outside which this outcome alone
                    // decides the node, given what the others are known to be.
                    let (l, u) = expected(bounds);
                    let a = (alpha as f64 - (u - p * ub as f64)) / p;
                    let b = (beta as f64 - (l - p * lb as f64)) / p;
                    ((a.floor() as i32).max(lb), (b.ceil() as i32).min(ub))
                };
                let v = self
                    .outcome(pos, mv, depth, lo, hi, ply, me)
                    .clamp(-CHANCE_BOUND, CHANCE_BOUND);
                if self.aborted {
                    return 0;
                }
                bounds[i] = if v >= hi {
                    (v.max(lb).min(ub), ub)
                } else if v <= lo {
                    (lb, v.min(ub).max(lb))
                } else {
                    (v, v)
                };
                let (l, u) = expected(bounds);
                if l >= beta as f64 {
                    return beta;
                }
                if u <= alpha as f64 {
                    return alpha;
                }
            }
        }
        // The second pass leaves every outcome exact (or returns early).
        let (l, _) = expected(bounds);
        l.round() as i32
    }

    /// Quiescence: stand pat on the static score, then tactical moves.
    fn quiesce(
        &mut self,
        pos: &P,
        alpha: i32,
        beta: i32,
        ply: usize,
        me: Player,
        qply: u32,
    ) -> i32 {
        self.seldepth = self.seldepth.max(ply);
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        // Either every legal move now, or (where the game lists its tactical
        // moves itself) none until standing pat has failed.
        let over = if self.eval.lists_tactical_moves() {
            self.eval.no_legal_move(pos)
        } else {
            pos.legal_moves(&mut moves);
            moves.is_empty()
        };
        let v = if over {
            self.terminal(pos, ply, me)
        } else {
            match self.eval.to_act(pos) {
                ToAct::Player(p, _) if p == me => {
                    self.quiesce_player(pos, &mut moves, alpha, beta, ply, qply)
                }
                ToAct::Player(..) => {
                    -self.quiesce_player(pos, &mut moves, -beta, -alpha, ply, qply)
                }
                // The chance step counts as a node, as a capture played does.
                ToAct::Chance => match self.quiescence_child(pos, ply) {
                    Some(_) if self.tick() => 0,
                    Some(child) => self.quiesce(&child, alpha, beta, ply + 1, me, qply),
                    None => self.static_eval(pos, me),
                },
                _ => self.static_eval(pos, me),
            }
        };
        self.buffers[ply] = moves;
        v
    }

    /// The position quiescence goes on with at a chance node
    /// ([`Tuning::chance_quiescence`]): the game's chosen outcome played, or
    /// `None` to stand on the static score.
    fn quiescence_child(&self, pos: &P, ply: usize) -> Option<P> {
        if !self.tuning.chance_quiescence || ply + 1 >= MAX_PLY {
            return None;
        }
        let mv = self.eval.quiescence_outcome(pos)?;
        let mut child = pos.clone();
        child.play_unchecked(mv);
        Some(child)
    }

    /// Quiescence where the player to act is the one the score is for;
    /// `moves` holds every legal move, or nothing where the game lists its
    /// tactical moves itself.
    fn quiesce_player(
        &mut self,
        pos: &P,
        moves: &mut Vec<P::Move>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        let me = match self.eval.to_act(pos) {
            ToAct::Player(p, _) => p,
            _ => Player::new(0),
        };
        let stand = self.static_eval(pos, me);
        let evade = self.features.quiescence
            && self.features.evasions
            && self.eval.evasions_in_quiescence()
            && qply < 8
            && self.eval.threatened(pos);
        if (stand >= beta && !evade) || ply + 1 >= MAX_PLY || qply >= 8 || !self.features.quiescence
        {
            return stand;
        }
        // Threatened, standing pat is no option: the best answer counts.
        let mut best = if evade { -INFINITY } else { stand };
        alpha = alpha.max(best);
        if self.eval.lists_tactical_moves() {
            if evade {
                pos.legal_moves(moves);
            } else {
                self.eval.tactical_moves(pos, moves);
            }
        }
        let mut tactical: Vec<(i32, P::Move)> = moves
            .iter()
            .filter_map(|&m| match self.eval.tactical(pos, m) {
                Some(t) => Some((t, m)),
                None => evade.then_some((i32::MIN, m)),
            })
            .collect();
        tactical.sort_by_key(|t| std::cmp::Reverse(t.0));
        for (_, mv) in tactical {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if self.tick() {
                return 0;
            }
            let score = self.quiesce(&child, alpha, beta, ply + 1, me, qply + 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// One step of a selection sort: the best-scored move from `i` on to
/// position `i` (the first of equals keeps its place).
fn pick_next<M>(moves: &mut [M], scores: &mut [(i32, bool)], i: usize) {
    let mut b = i;
    for j in i + 1..moves.len() {
        if scores[j].0 > scores[b].0 {
            b = j;
        }
    }
    moves.swap(i, b);
    scores.swap(i, b);
}

/// Mate scores are stored relative to the node, read back relative to the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
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
}
