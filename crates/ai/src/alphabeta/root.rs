//! The search from the root: iterative deepening, MultiPV, aspiration
//! windows, and the per-search state reset before it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use kyoku_core::{GameRecord, Player, Position, ToAct};

use super::{
    ASPIRATION_WINDOW, Evaluation, INFINITY, Limits, MATE, MATE_BOUND, MAX_PLY, Report, ReportFn,
    SearchOptions, SearchResult, Searcher,
};
use crate::tt::Bound;

/// A line MultiPV found: its first move, score and moves.
pub(super) type Line<M> = (M, i32, Vec<M>);

/// A root pass's best move with its score, and its line.
pub(super) type PassResult<M> = (Option<(M, i32)>, Vec<M>);

impl<P: Position, E: Evaluation<P>> Searcher<P, E> {
    /// Searches the current position of `record` (whose past counts for
    /// repetition) within `limits`.
    pub fn search(&mut self, record: &GameRecord<P>, limits: &Limits) -> SearchResult<P::Move> {
        self.search_with(record, limits, SearchOptions::default())
    }

    /// [`Searcher::search`](super::Searcher::search) with extras: several best lines, a subset of the
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
    pub(super) fn begin(
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
        self.null_floor = 0;
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
    pub(super) fn report(
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
    pub(super) fn root_pass(
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
            self.note_move(pos, mv, 0, me.index() & 1);
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

    /// [`Searcher::root_pass`](super::Searcher::root_pass) in a window around `guess` (the last
    /// iteration's score), widened on the side that fails until the score
    /// falls inside ([`Tuning::aspiration`](super::Tuning::aspiration)).
    pub(super) fn aspiration_pass(
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
}
