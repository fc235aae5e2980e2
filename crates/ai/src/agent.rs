//! What every alpha-beta program shares: a level's budget and the [`Agent`]
//! that plays it. Each game's own levels and factory live in its module
//! ([`crate::dobutsu`], [`crate::shogun`]).
//!
//! A level is a budget (nodes, a depth cap, a time cap) and a noise setting
//! (see [`crate::alphabeta::Searcher::set_noise`]). Budgets are node counts so
//! that a game between programs replays exactly from its seed on any
//! machine; the time cap only guards against a slow machine. On a clock the
//! time per move is the smaller of the level's cap and the clock's share
//! ([`crate::clock::think_time`]). The tables are in `docs/ai.md`.

use std::time::Duration;

use kyoku_core::{
    Agent, AgentError, GameRecord, Position, SeededRng, TimeLeft, ToAct, sample_chance, seeded_rng,
};

use crate::alphabeta::{Evaluation, Limits, Searcher};

/// A level's budget and noise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Deepest iteration, if capped.
    pub depth: Option<u32>,
    /// Nodes per move.
    pub nodes: u64,
    /// Time per move at most, in milliseconds.
    pub time_ms: u64,
    /// Amplitude of the per-position noise added to static scores.
    pub noise: i32,
    /// Transposition table size, as a power of two.
    pub tt_bits: u32,
}

impl Level {
    /// The search limits of this level.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: Some(self.nodes),
            time: Some(Duration::from_millis(self.time_ms)),
        }
    }
}

/// Reads a level argument (`3` of `ai:3`): 1–5.
pub fn parse_level(arg: Option<&str>) -> Result<u8, AgentError> {
    match arg.map(str::trim) {
        None => Err(AgentError::bad_argument(
            "ai",
            "ai needs a level: ai:1 … ai:5",
        )),
        Some(a) => match a.parse::<u8>() {
            Ok(l @ 1..=5) => Ok(l),
            _ => Err(AgentError::bad_argument(
                "ai",
                format!("ai level {a:?} is not one of 1, 2, 3, 4, 5"),
            )),
        },
    }
}

/// A level's table row: depth cap, nodes, time cap (ms), noise, TT bits.
pub type LevelRow = (Option<u32>, u64, u64, i32, u32);

/// The level numbered `n` (1–5) of a game's table.
pub(crate) fn level_of(rows: &[LevelRow; 5], n: u8) -> Option<Level> {
    let row = rows.get(usize::from(n).checked_sub(1)?)?;
    Some(Level::from_row(*row))
}

/// The program `ai:LEVEL` of a game's table (a level outside 1–5 is the
/// nearest) searching with `eval`.
pub(crate) fn program_of<P: Position, E: Evaluation<P>>(
    eval: E,
    rows: &[LevelRow; 5],
    level: u8,
    seed: u64,
) -> SearchAgent<P, E> {
    let row = rows[usize::from(level.clamp(1, 5)) - 1];
    SearchAgent::new(eval, &Level::from_row(row), seed, format!("ai:{level}"))
}

impl Level {
    /// A level from its table row.
    pub const fn from_row(row: LevelRow) -> Level {
        let (depth, nodes, time_ms, noise, tt_bits) = row;
        Level {
            depth,
            nodes,
            time_ms,
            noise,
            tt_bits,
        }
    }
}

/// An alpha-beta program: a searcher with a budget; chance (when asked) is
/// sampled from the seed.
pub struct SearchAgent<P: Position, E: Evaluation<P>> {
    searcher: Searcher<P, E>,
    limits: Limits,
    /// The clock for the next move, if the game has one.
    clock: Option<TimeLeft>,
    rng: SeededRng,
    spec: String,
}

impl<P: Position, E: Evaluation<P>> SearchAgent<P, E> {
    /// A program searching with `eval` at `level`, named `spec`.
    pub fn new(eval: E, level: &Level, seed: u64, spec: impl Into<String>) -> Self {
        let mut searcher = Searcher::new(eval, level.tt_bits);
        searcher.set_noise(level.noise, seed);
        SearchAgent {
            searcher,
            limits: level.limits(),
            clock: None,
            rng: seeded_rng(seed ^ 0x5eed),
            spec: spec.into(),
        }
    }

    /// The searcher, for analysis.
    pub fn searcher(&mut self) -> &mut Searcher<P, E> {
        &mut self.searcher
    }
}

impl<P: Position, E: Evaluation<P> + 'static> Agent<P> for SearchAgent<P, E> {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn choose(&mut self, record: &GameRecord<P>) -> Option<P::Move> {
        match record.to_act() {
            ToAct::Nobody => None,
            ToAct::Chance => sample_chance(record.position(), &mut self.rng),
            ToAct::Player(..) => {
                let eval = self.searcher.evaluation();
                let limits = Limits {
                    time: crate::clock::capped(self.limits.time, self.clock.take()),
                    ..self.limits.at_root(eval, record.position())
                };
                self.searcher.search(record, &limits).best
            }
        }
    }

    /// Kept for the next move only: the session sets it before each one.
    fn set_time(&mut self, time: Option<TimeLeft>) {
        self.clock = time;
    }
}
