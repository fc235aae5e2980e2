//! The games kyoku speaks over UCI, and the one place this crate uses the
//! search programs of `kyoku-ai` (levels, evaluations, the searcher), so
//! that a rename there is adapted here alone.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use kyoku_ai::agent::Level;
use kyoku_ai::alphabeta::{Evaluation, Limits, Report, SearchOptions, Searcher, mate_in_moves};
use kyoku_ai::dobutsu::DobutsuEval;
use kyoku_ai::shogun::ShogunEval;
use kyoku_core::{GameRecord, MoveError, Position, ToAct};
use kyoku_dobutsu::solve::{Tablebase, Value};

use crate::protocol::{Info, Score, Start};

/// A game as UCI names it (`setoption name UCI_Variant value …`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Dōbutsu Shōgi, in Fairy-Stockfish's FEN and moves.
    Dobutsu,
    /// Shogun with the magnets (kyoku's position text and moves).
    Shogun,
    /// Shogun's random variant: chance's numbers are moves (`e3=2`).
    ShogunRandom,
}

impl Variant {
    /// Every variant, in the order `uci` lists them.
    pub const ALL: [Variant; 3] = [Variant::Dobutsu, Variant::Shogun, Variant::ShogunRandom];

    /// The name UCI uses.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Dobutsu => "dobutsu",
            Variant::Shogun => "shogun",
            Variant::ShogunRandom => "shogun-random",
        }
    }

    /// Reads a name (`dobutsu`, `shogun`, `shogun-random`).
    pub fn parse(name: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The variant a position of kyoku plays, by its game name and text
    /// (Shogun's random variant writes numbers where the magnetic writes `-`).
    pub fn of<P: Position>(pos: &P) -> Option<Variant> {
        match pos.game_name() {
            "dobutsu" => Some(Variant::Dobutsu),
            "shogun" => {
                let text = pos.to_text();
                let numbers = text.split_whitespace().nth(3);
                Some(if numbers == Some("-") {
                    Variant::Shogun
                } else {
                    Variant::ShogunRandom
                })
            }
            _ => None,
        }
    }
}

/// A position type that kyoku can search over UCI.
pub(crate) trait UciPosition: Position {
    /// The static evaluation of the game's programs.
    type Eval: Evaluation<Self> + Default + 'static;
    /// The game's levels, as its AI module gives them (`None` outside 1–5).
    const LEVELS: fn(u8) -> Option<Level>;
    /// The evaluation.
    fn eval() -> Self::Eval {
        Self::Eval::default()
    }
    /// The budget and noise of a level 1–5.
    fn level(skill: u8) -> Level {
        // Skills are 1–5, and every one of those is a level.
        (Self::LEVELS)(skill.clamp(1, 5)).unwrap_or_else(|| unreachable!())
    }
    /// The start position of a variant of this game.
    fn start(variant: Variant) -> Self;
    /// Every move with its exact value, best first, when a solved table
    /// covers the position (Dōbutsu only).
    fn table_lines(&self, table: &Tablebase) -> Option<Vec<(Self::Move, Value)>> {
        let _ = table;
        None
    }
}

impl UciPosition for kyoku_dobutsu::Position {
    type Eval = DobutsuEval;
    const LEVELS: fn(u8) -> Option<Level> = kyoku_ai::dobutsu::level;
    fn start(_: Variant) -> Self {
        kyoku_dobutsu::Position::startpos()
    }
    fn table_lines(&self, table: &Tablebase) -> Option<Vec<(Self::Move, Value)>> {
        if !table.covers(self) || self.result().is_some() {
            return None;
        }
        Some(kyoku_dobutsu::solve::analyze(table, self))
    }
}

impl UciPosition for kyoku_shogun::Position {
    type Eval = ShogunEval;
    const LEVELS: fn(u8) -> Option<Level> = kyoku_ai::shogun::level;
    fn start(variant: Variant) -> Self {
        let options = kyoku_shogun::Options {
            variant: if variant == Variant::ShogunRandom {
                kyoku_shogun::Variant::Random
            } else {
                kyoku_shogun::Variant::Magnetic
            },
            ..kyoku_shogun::Options::default()
        };
        // The default options always make a position; fall back to the
        // text of the magnetic start should that ever change.
        kyoku_shogun::start(&options).unwrap_or_else(|_| {
            kyoku_shogun::parse_text("gfesdcba/8/8/8/8/8/8/ABCDSEFG w 0 - 0 1")
                .expect("the magnetic start reads")
        })
    }
}

/// The settings of the searching side that options change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Level 1–5: noise, depth cap and the budget of a bare `go`.
    pub skill: u8,
    /// The seed of the noise (the same seed as `ai:LEVEL` with that seed).
    pub seed: u64,
    /// Transposition table in MiB; 0 = the level's size.
    pub hash_mb: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            skill: 5,
            seed: 0,
            hash_mb: 0,
        }
    }
}

/// What one `go` asks for, already turned into limits.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Nodes.
    pub nodes: Option<u64>,
    /// Time.
    pub time: Option<Duration>,
    /// Lines to report.
    pub multipv: usize,
    /// Only these root moves (text).
    pub searchmoves: Vec<String>,
    /// Answer from the solved table when it covers the position.
    pub use_table: bool,
    /// Use the level's budget (a bare `go`).
    pub level_budget: bool,
}

/// What a search answered: `bestmove` and `ponder`.
pub struct Answer {
    /// The move, `None` when there is none (game over, or chance to act).
    pub best: Option<String>,
    /// The expected reply.
    pub ponder: Option<String>,
}

/// Why a `position` command is refused (the old position stays). The
/// underlying error is part of the one-line message the GUI is sent, so it
/// is not also given as a source.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PositionRefused {
    /// The FEN does not read as a position of the variant.
    #[error("bad position {text:?}: {error}")]
    Text {
        /// The FEN as sent.
        text: String,
        /// Why it does not read.
        error: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A move of the list cannot be played.
    #[error("move {ply} ({text}) cannot be played: {error}")]
    Move {
        /// Its 1-based number in the list.
        ply: usize,
        /// The move as sent.
        text: String,
        /// Why it cannot be played.
        error: MoveError,
    },
}

/// One game being played by `kyoku uci`, of any variant.
pub(crate) trait EngineGame: Send {
    /// The variant.
    fn variant(&self) -> Variant;
    /// Forgets what earlier searches learnt (`ucinewgame`).
    fn new_game(&mut self);
    /// Sets the position; on error the old one stays.
    fn set_position(&mut self, start: &Start, moves: &[String]) -> Result<(), PositionRefused>;
    /// Applies option changes (the searcher is rebuilt when they matter).
    fn configure(&mut self, config: &SearchConfig);
    /// Which side moves (0 first, 1 second); `None` when chance acts or the
    /// game is over.
    fn side_to_move(&self) -> Option<usize>;
    /// Searches and reports.
    fn think(
        &mut self,
        plan: &Plan,
        table: Option<&Tablebase>,
        stop: Arc<AtomicBool>,
        out: &mut dyn FnMut(Info),
    ) -> Answer;
}

/// Creates the game of a variant.
pub(crate) fn engine_game(variant: Variant, config: &SearchConfig) -> Box<dyn EngineGame> {
    match variant {
        Variant::Dobutsu => Box::new(Session::<kyoku_dobutsu::Position>::new(variant, config)),
        Variant::Shogun | Variant::ShogunRandom => {
            Box::new(Session::<kyoku_shogun::Position>::new(variant, config))
        }
    }
}

struct Session<P: UciPosition> {
    variant: Variant,
    record: GameRecord<P>,
    searcher: Searcher<P, P::Eval>,
    config: SearchConfig,
}

fn tt_bits(level: &Level, hash_mb: u32) -> u32 {
    if hash_mb == 0 {
        return level.tt_bits;
    }
    // An entry takes at most 24 bytes; the largest power of two that fits.
    let entries = (hash_mb as u64 * 1024 * 1024 / 24).max(1);
    (63 - entries.leading_zeros()).clamp(10, 30)
}

impl<P: UciPosition> Session<P> {
    fn new(variant: Variant, config: &SearchConfig) -> Self {
        Session {
            variant,
            record: GameRecord::new(P::start(variant)),
            searcher: Self::searcher(config),
            config: config.clone(),
        }
    }

    /// The searcher `ai:LEVEL` with `seed` builds (see
    /// `kyoku_ai::agent::SearchAgent::new`), so the two play alike.
    fn searcher(config: &SearchConfig) -> Searcher<P, P::Eval> {
        let level = P::level(config.skill);
        let mut s = Searcher::new(P::eval(), tt_bits(&level, config.hash_mb));
        s.set_noise(level.noise, config.seed);
        s
    }

    /// The search limits of a plan: a bare `go` takes the level's budget,
    /// and node-limited searches keep the level's depth cap, as `ai:LEVEL`.
    fn limits(&self, plan: &Plan) -> Limits {
        let level = P::level(self.config.skill);
        let mut limits = Limits {
            depth: plan.depth,
            nodes: plan.nodes,
            time: plan.time,
        };
        if plan.level_budget {
            limits.nodes = Some(P::eval().node_budget(self.record.position(), level.nodes));
        }
        if plan.depth.is_none() && (plan.level_budget || plan.nodes.is_some()) {
            limits.depth = level.depth;
        }
        limits
    }

    fn table_answer(
        &self,
        table: &Tablebase,
        plan: &Plan,
        out: &mut dyn FnMut(Info),
    ) -> Option<Answer> {
        let lines = self.record.position().table_lines(table)?;
        let pos = self.record.position();
        for (i, (mv, value)) in lines.iter().take(plan.multipv.max(1)).enumerate() {
            let (score, plies) = match value {
                Value::Win(d) => (Score::Mate((*d as i32 + 1) / 2), Some(*d)),
                Value::Loss(d) => (Score::Mate(-(*d as i32) / 2), Some(*d)),
                Value::Draw => (Score::Cp(0), None),
            };
            out(Info {
                depth: Some(plies.unwrap_or(1).max(1)),
                multipv: Some(i as u32 + 1),
                score: Some(score),
                nodes: Some(0),
                time: Some(0),
                pv: vec![pos.move_to_text(*mv)],
                string: (i == 0).then(|| format!("tablebase: {value} plies")),
                ..Info::default()
            });
        }
        Some(Answer {
            best: lines.first().map(|(m, _)| pos.move_to_text(*m)),
            ponder: None,
        })
    }
}

/// An iteration's report as an `info` line; the line's moves as text, each
/// in the position it is played from (a line cut short by the search stops
/// at its first move that is not legal there).
fn info_of<P: Position>(pos: &P, r: &Report<'_, P::Move>) -> Info {
    let ms = r.elapsed.as_millis() as u64;
    let mut line_pos = pos.clone();
    let pv =
        r.pv.iter()
            .map_while(|&m| {
                if !line_pos.is_legal(m) {
                    return None;
                }
                let t = line_pos.move_to_text(m);
                line_pos.play_unchecked(m);
                Some(t)
            })
            .collect();
    Info {
        depth: Some(r.depth),
        seldepth: Some(r.seldepth),
        multipv: Some(r.multipv as u32),
        score: Some(uci_score(r.score)),
        nodes: Some(r.nodes),
        nps: Some(r.nodes * 1000 / ms.max(1)),
        time: Some(ms),
        hashfull: Some(r.hashfull),
        pv,
        string: None,
    }
}

/// A search score as UCI writes it.
pub(crate) fn uci_score(score: i32) -> Score {
    match mate_in_moves(score) {
        Some(m) => Score::Mate(m),
        None => Score::Cp(score),
    }
}

impl<P: UciPosition> EngineGame for Session<P> {
    fn variant(&self) -> Variant {
        self.variant
    }

    fn new_game(&mut self) {
        self.searcher = Self::searcher(&self.config);
    }

    fn set_position(&mut self, start: &Start, moves: &[String]) -> Result<(), PositionRefused> {
        let pos = match start {
            Start::StartPos => P::start(self.variant),
            Start::Fen(text) => P::from_text(text).map_err(|e| PositionRefused::Text {
                text: text.clone(),
                error: Box::new(e),
            })?,
        };
        let mut record = GameRecord::new(pos);
        for (i, m) in moves.iter().enumerate() {
            record.play_text(m).map_err(|error| PositionRefused::Move {
                ply: i + 1,
                text: m.clone(),
                error,
            })?;
        }
        self.record = record;
        Ok(())
    }

    fn configure(&mut self, config: &SearchConfig) {
        if *config != self.config {
            self.config = config.clone();
            self.searcher = Self::searcher(config);
        }
    }

    fn side_to_move(&self) -> Option<usize> {
        match self.record.to_act() {
            ToAct::Player(p, _) => Some(p.index()),
            _ => None,
        }
    }

    fn think(
        &mut self,
        plan: &Plan,
        table: Option<&Tablebase>,
        stop: Arc<AtomicBool>,
        out: &mut dyn FnMut(Info),
    ) -> Answer {
        if self.side_to_move().is_none() {
            let why = if matches!(self.record.to_act(), ToAct::Chance) {
                "chance acts here: send its number as a move (e.g. e3=2)"
            } else {
                "the game is over"
            };
            out(Info::text(why));
            return Answer {
                best: None,
                ponder: None,
            };
        }
        if plan.use_table
            && let Some(tb) = table
            && let Some(a) = self.table_answer(tb, plan, out)
        {
            return a;
        }
        let limits = self.limits(plan);
        let pos = self.record.position().clone();
        let root: Vec<P::Move> = plan
            .searchmoves
            .iter()
            .filter_map(|m| pos.parse_move(m).ok())
            .collect();
        let mut report = |r: &Report<'_, P::Move>| out(info_of(&pos, r));
        let result = self.searcher.search_with(
            &self.record,
            &limits,
            SearchOptions {
                multipv: plan.multipv.max(1),
                root_moves: (!root.is_empty()).then_some(&root[..]),
                stop: Some(stop),
                report: Some(&mut report),
            },
        );
        let best = result.best.map(|m| pos.move_to_text(m));
        let ponder = match (result.best, result.pv.get(1)) {
            (Some(b), Some(&p)) => {
                let mut after = pos.clone();
                after.play_unchecked(b);
                after.is_legal(p).then(|| after.move_to_text(p))
            }
            _ => None,
        };
        Answer { best, ponder }
    }
}
