//! Levels 1–5 of the alpha-beta programs, and the [`Agent`] that plays them.
//!
//! A level is a budget (nodes, a depth cap, a time cap) and a noise setting
//! (see [`crate::alphabeta::Searcher::set_noise`]). Budgets are node counts so
//! that a game between programs replays exactly from its seed on any
//! machine; the time cap only guards against a slow machine. The tables are
//! in `docs/ai.md`.

use std::time::Duration;

use kyoku_core::{Agent, GameRecord, Position, SeededRng, ToAct, sample_chance, seeded_rng};

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
pub fn parse_level(arg: Option<&str>) -> Result<u8, String> {
    match arg.map(str::trim) {
        None => Err("ai needs a level: ai:1 … ai:5".into()),
        Some(a) => match a.parse::<u8>() {
            Ok(l @ 1..=5) => Ok(l),
            _ => Err(format!("ai level {a:?} is not one of 1, 2, 3, 4, 5")),
        },
    }
}

/// An alpha-beta program: a searcher with a budget; chance (when asked) is
/// sampled from the seed.
pub struct SearchAgent<P: Position, E: Evaluation<P>> {
    searcher: Searcher<P, E>,
    limits: Limits,
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
            ToAct::Player(..) => self.searcher.search(record, &self.limits).best,
        }
    }
}

/// Dōbutsu Shōgi's levels, 1 (a beginner can win) to 5 (a few seconds).
pub fn dobutsu_level(level: u8) -> Level {
    let (depth, nodes, time_ms, noise, tt_bits) = match level {
        1 => (Some(1), 1_000, 200, 150, 12),
        2 => (Some(3), 5_000, 500, 60, 14),
        3 => (None, 50_000, 1_000, 20, 18),
        4 => (None, 500_000, 2_000, 8, 19),
        _ => (None, 2_000_000, 5_000, 2, 20),
    };
    Level {
        depth,
        nodes,
        time_ms,
        noise,
        tt_bits,
    }
}

/// The Dōbutsu program of `level` (`ai:LEVEL`).
pub fn dobutsu_agent(
    level: u8,
    seed: u64,
) -> SearchAgent<kyoku_dobutsu::Position, crate::eval::dobutsu::DobutsuEval> {
    SearchAgent::new(
        crate::eval::dobutsu::DobutsuEval,
        &dobutsu_level(level),
        seed,
        format!("ai:{level}"),
    )
}

/// Shogun's levels (both variants), 1 (a beginner can win) to 5 (a few seconds).
pub fn shogun_level(level: u8) -> Level {
    let (depth, nodes, time_ms, noise, tt_bits) = match level {
        1 => (Some(1), 1_000, 200, 200, 12),
        2 => (Some(2), 4_000, 500, 60, 14),
        3 => (None, 25_000, 1_000, 20, 17),
        4 => (None, 100_000, 2_000, 8, 19),
        _ => (None, 400_000, 5_000, 3, 20),
    };
    Level {
        depth,
        nodes,
        time_ms,
        noise,
        tt_bits,
    }
}

/// The Shogun program of `level` (`ai:LEVEL`).
pub fn shogun_agent(
    level: u8,
    seed: u64,
) -> SearchAgent<kyoku_shogun::Position, crate::eval::shogun::ShogunEval> {
    SearchAgent::new(
        crate::eval::shogun::ShogunEval,
        &shogun_level(level),
        seed,
        format!("ai:{level}"),
    )
}

/// The `ai` entry of a game's player registry: reads the level and makes
/// the program.
pub fn dobutsu_factory(
    arg: Option<&str>,
    seed: u64,
) -> Result<Box<dyn Agent<kyoku_dobutsu::Position>>, String> {
    let level = parse_level(arg)?;
    Ok(Box::new(dobutsu_agent(level, seed)))
}

/// The `ai` entry of Shogun's player registry.
pub fn shogun_factory(
    arg: Option<&str>,
    seed: u64,
) -> Result<Box<dyn Agent<kyoku_shogun::Position>>, String> {
    let level = parse_level(arg)?;
    Ok(Box::new(shogun_agent(level, seed)))
}
