//! `kyoku judge dobutsu`: the solved table judges a program's moves.
//!
//! The positions come from real games — programs of several levels playing
//! each other from seeded random openings — and only the hard ones are kept:
//! not every move has the same value, and the game is not decided within a
//! few plies. The seed fixes the games, so the same seed gives the same
//! positions on every machine. For each position and each budget (time or
//! nodes per move, one thread) the program chooses a move, and the table
//! says whether it kept the win (and whether it won fastest), kept the draw,
//! or resisted a loss longest.

pub mod tune;
pub mod tune_net;
pub mod tune_shogun;
pub mod walk;

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use kyoku_ai::agent::{Level, SearchAgent, parse_level};
use kyoku_ai::alphabeta::Features;
use kyoku_ai::dobutsu::DobutsuEval;
use kyoku_core::rand::Rng;
use kyoku_core::rand::seq::SliceRandom;
use kyoku_core::{Agent, GameRecord, Position as _, seeded_rng};
use kyoku_dobutsu::Position;
use kyoku_dobutsu::solve::{self, Convention, Tablebase, Value};

/// Positions closer to the end than this (plies) are not hard: a short
/// search sees them through.
const DECIDED_WITHIN: u32 = 6;
/// A sampled game stops here (rare: repetition usually ends it first).
const MAX_GAME_PLIES: usize = 200;

/// `kyoku judge dobutsu`.
#[derive(Args)]
pub struct JudgeArgs {
    /// How many positions to judge.
    #[arg(long, default_value_t = 300)]
    positions: usize,
    /// Seed of the games the positions come from and of the sample.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Times per move to judge at, in milliseconds, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "100,500")]
    ms: Vec<u64>,
    /// Judge at fixed node counts per move instead of times (the same
    /// result on every machine), comma-separated.
    #[arg(long, value_delimiter = ',', conflicts_with = "ms")]
    nodes: Option<Vec<u64>>,
    /// The programs judged, comma-separated: `ai:1` … `ai:5`, each may
    /// switch parts of its search off to measure them, e.g.
    /// `ai:5/-evasions` (parts: tt, quiescence, extensions, reductions,
    /// evasions, contempt).
    #[arg(long, value_delimiter = ',', default_value = "ai:5")]
    players: Vec<String>,
    /// Levels of the programs whose games the positions come from.
    #[arg(long, value_delimiter = ',', default_value = "2,3,4")]
    game_levels: Vec<u8>,
    /// Table file (default: the `seed` table in the data directory).
    #[arg(long)]
    table: Option<PathBuf>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Print the sampled positions (text form and value) and judge nothing.
    #[arg(long)]
    list: bool,
    /// Judge the positions of this file (one position's text form a line;
    /// a tab and anything after it are ignored, so `--list`'s output reads
    /// back) instead of sampling games. A set kept in a file stays the same
    /// when the programs that played the games change.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["positions", "game_levels"])]
    from: Option<PathBuf>,
    /// Walk the games of FILE (`kyoku match --record`) with the table
    /// instead: print every move that dropped the value (a win given away,
    /// a draw lost, a lost position's resistance cut by 10 plies or more),
    /// the table's answer, and for kyoku's programs what a search of the
    /// first --players at the first --ms believed there.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["positions", "game_levels", "from", "nodes"])]
    walk: Option<PathBuf>,
    /// With --walk: write the positions where kyoku's program erred to
    /// FILE, in the form --from reads.
    #[arg(long, value_name = "FILE", requires = "walk")]
    mistakes: Option<PathBuf>,
}

/// A position to judge, with every move's value by the table.
struct Sample {
    pos: Position,
    value: Value,
    /// Each legal move's value, best first.
    moves: Vec<(kyoku_dobutsu::Move, Value)>,
}

/// How much a program may think per move.
#[derive(Clone, Copy)]
enum Budget {
    Ms(u64),
    Nodes(u64),
}

impl Budget {
    fn label(self) -> String {
        match self {
            Budget::Ms(ms) => format!("{ms} ms"),
            Budget::Nodes(n) => format!("{n} nodes"),
        }
    }
}

/// The tally of one program at one budget.
#[derive(Default)]
struct Tally {
    won: u32,
    won_kept: u32,
    won_fastest: u32,
    drawn: u32,
    drawn_kept: u32,
    lost: u32,
    lost_longest: u32,
    times: Vec<Duration>,
}

impl Tally {
    fn add(&mut self, s: &Sample, chosen: Option<kyoku_dobutsu::Move>, took: Duration) {
        self.times.push(took);
        let got = chosen.and_then(|m| s.moves.iter().find(|(x, _)| *x == m).map(|(_, v)| *v));
        let best = s.moves.first().map(|(_, v)| *v);
        match s.value {
            Value::Win(_) => {
                self.won += 1;
                self.won_kept += u32::from(matches!(got, Some(Value::Win(_))));
                self.won_fastest += u32::from(got.is_some() && got == best);
            }
            Value::Draw => {
                self.drawn += 1;
                self.drawn_kept += u32::from(got == Some(Value::Draw));
            }
            Value::Loss(_) => {
                self.lost += 1;
                self.lost_longest += u32::from(got.is_some() && got == best);
            }
        }
    }

    fn kept(&self) -> u32 {
        self.won_kept + self.drawn_kept + self.lost_longest
    }

    fn percentile_ms(&self, q: f64) -> f64 {
        let mut t: Vec<f64> = self.times.iter().map(|d| d.as_secs_f64() * 1e3).collect();
        t.sort_by(f64::total_cmp);
        if t.is_empty() {
            return 0.0;
        }
        t[((t.len() - 1) as f64 * q).round() as usize]
    }
}

fn pct(n: u32, d: u32) -> f64 {
    if d == 0 {
        0.0
    } else {
        100.0 * f64::from(n) / f64::from(d)
    }
}

/// Runs `kyoku judge dobutsu`.
pub fn run(a: JudgeArgs) -> anyhow::Result<()> {
    anyhow::ensure!(a.positions > 0, "--positions must be at least 1");
    anyhow::ensure!(
        !a.game_levels.is_empty() && a.game_levels.iter().all(|l| (1..=5).contains(l)),
        "--game-levels are levels 1 to 5"
    );
    let players: Vec<(Level, Features)> = a
        .players
        .iter()
        .map(|p| player(p))
        .collect::<anyhow::Result<_>>()?;
    let budgets: Vec<Budget> = match &a.nodes {
        Some(n) => n.iter().map(|&n| Budget::Nodes(n)).collect(),
        None => a.ms.iter().map(|&ms| Budget::Ms(ms)).collect(),
    };
    anyhow::ensure!(
        budgets
            .iter()
            .all(|b| !matches!(b, Budget::Ms(0) | Budget::Nodes(0))),
        "every budget must be above zero"
    );
    let tb = match &a.table {
        Some(p) => Arc::new(Tablebase::open(p, false)?),
        None => solve::shared_table()?,
    };
    anyhow::ensure!(
        tb.convention() == Convention::Seed && tb.material() == [2, 2, 2],
        "the judge needs the whole game's table of the seed convention"
    );
    if let Some(path) = &a.walk {
        let player = players
            .first()
            .context("--walk needs a player to search with")?;
        let ms = a.ms.first().copied().unwrap_or(500);
        let walked = walk::walk(&tb, path, player, ms)?;
        let mut out = std::io::stdout().lock();
        return walk::report(&mut out, &walked, a.mistakes.as_deref());
    }
    let samples = match &a.from {
        Some(path) => read_samples(&tb, path)?,
        None => sample(&tb, a.positions, a.seed, &a.game_levels),
    };
    let mut out = std::io::stdout().lock();
    if a.list {
        for s in &samples {
            writeln!(out, "{}\t{}", s.pos.to_text(), s.value)?;
        }
        return Ok(());
    }
    let tallies = judge_all(&samples, &players, &budgets, a.seed);
    let judged = Judged {
        args: &a,
        samples: &samples,
        budgets: &budgets,
        tallies: &tallies,
    };
    if a.json {
        print_json(&mut out, &judged)
    } else {
        print_table(&mut out, &judged)
    }
}

/// The level and search parts of a player spec (`ai:N`, `ai:N/-part…`).
fn player(spec: &str) -> anyhow::Result<(Level, Features)> {
    let mut parts = spec.split('/');
    let head = parts.next().unwrap_or("");
    let level = head
        .strip_prefix("ai:")
        .with_context(|| format!("player {spec:?}: the judge plays kyoku's own `ai:LEVEL`"))?;
    let level = parse_level(Some(level))
        .ok()
        .and_then(kyoku_ai::dobutsu::level)
        .with_context(|| format!("player {spec:?}: the level is one of 1, 2, 3, 4, 5"))?;
    let mut f = Features::default();
    for part in parts {
        let flag = match part {
            "-tt" => &mut f.tt,
            "-quiescence" => &mut f.quiescence,
            "-extensions" => &mut f.extensions,
            "-reductions" => &mut f.reductions,
            "-evasions" => &mut f.evasions,
            "-contempt" => &mut f.contempt,
            _ => anyhow::bail!(
                "player {spec:?}: {part:?} is not one of -tt, -quiescence, -extensions, \
                 -reductions, -evasions, -contempt"
            ),
        };
        *flag = false;
    }
    Ok((level, f))
}

/// The level's program with `budget` replacing its time cap (never above
/// it: a level's time per move stays its own) or its node budget.
fn program(base: &Level, budget: Budget, seed: u64) -> SearchAgent<Position, DobutsuEval> {
    let base = base.clone();
    let lv = match budget {
        Budget::Ms(ms) => Level {
            time_ms: ms.min(base.time_ms),
            ..base
        },
        Budget::Nodes(n) => Level {
            nodes: n,
            time_ms: u64::MAX / 4,
            ..base
        },
    };
    SearchAgent::new(DobutsuEval, &lv, seed, "judged")
}

/// Every program at every budget over every sample, one search at a time.
fn judge_all(
    samples: &[Sample],
    players: &[(Level, Features)],
    budgets: &[Budget],
    seed: u64,
) -> Vec<Tally> {
    let total = (samples.len() * players.len() * budgets.len()) as u64;
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("judging [{bar:40}] {pos}/{len} {elapsed_precise} ETA {eta}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let mut tallies = Vec::new();
    for (level, features) in players {
        for &budget in budgets {
            let mut t = Tally::default();
            for (i, s) in samples.iter().enumerate() {
                // A fresh program per position: nothing learnt from the others.
                let mut p = program(level, budget, seed ^ (i as u64) << 8);
                p.searcher().set_features(*features);
                let record = GameRecord::new(s.pos);
                let t0 = Instant::now();
                let mv = p.choose(&record);
                t.add(s, mv, t0.elapsed());
                bar.inc(1);
            }
            tallies.push(t);
        }
    }
    bar.finish_and_clear();
    tallies
}

/// `count` hard positions from seeded games between programs of `levels`.
fn sample(tb: &Tablebase, count: usize, seed: u64, levels: &[u8]) -> Vec<Sample> {
    let bar = ProgressBar::new(count as u64 * 2);
    bar.set_style(
        ProgressStyle::with_template("sampling [{bar:40}] {pos}/{len} positions {elapsed_precise}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let mut rng = seeded_rng(seed);
    let mut seen = std::collections::HashSet::new();
    let mut found = Vec::new();
    // Twice as many as needed, so the sample is not just the first games'.
    let mut game = 0u64;
    while found.len() < count * 2 && game < count as u64 * 20 {
        let sente = levels[rng.random_range(0..levels.len())];
        let gote = levels[rng.random_range(0..levels.len())];
        let opening = rng.random_range(2..=4);
        let record = play_game(
            sente,
            gote,
            opening,
            seed.wrapping_mul(1000).wrapping_add(game),
        );
        for pos in record.positions().iter().skip(opening) {
            if seen.insert(pos.hash())
                && let Some(s) = hard(tb, pos)
            {
                found.push(s);
                bar.inc(1);
            }
        }
        game += 1;
    }
    bar.finish_and_clear();
    found.shuffle(&mut rng);
    found.truncate(count);
    found
}

/// The positions of `path` (`--from`), each with its moves' values.
fn read_samples(tb: &Tablebase, path: &std::path::Path) -> anyhow::Result<Vec<Sample>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading positions from {}", path.display()))?;
    let mut samples = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let fen = line.split('\t').next().unwrap_or("").trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        let at = || format!("{} line {}", path.display(), i + 1);
        let pos = Position::from_text(fen).map_err(|e| anyhow::anyhow!("{}: {e}", at()))?;
        let value = tb
            .value(&pos)
            .with_context(|| format!("{}: the game is over here", at()))?;
        let moves = solve::analyze(tb, &pos);
        anyhow::ensure!(!moves.is_empty(), "{}: no legal move", at());
        samples.push(Sample { pos, value, moves });
    }
    anyhow::ensure!(!samples.is_empty(), "{}: no positions", path.display());
    Ok(samples)
}

/// One game: `opening` random plies, then the programs of the two levels.
pub(crate) fn play_game(sente: u8, gote: u8, opening: usize, seed: u64) -> GameRecord<Position> {
    let mut rng = seeded_rng(seed);
    let mut record = GameRecord::new(Position::startpos());
    let mut moves = Vec::new();
    for _ in 0..opening {
        moves.clear();
        record.legal_moves(&mut moves);
        if moves.is_empty() {
            return record;
        }
        record.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    let mut players = [
        kyoku_ai::dobutsu::program(sente, seed),
        kyoku_ai::dobutsu::program(gote, seed ^ 1),
    ];
    while record.outcome().is_none() && record.moves().len() < MAX_GAME_PLIES {
        let side = record.position().turn().index();
        match players[side].choose(&record) {
            Some(mv) => record.play_unchecked(mv),
            None => break,
        }
    }
    record
}

/// The position with its moves' values if it is hard: some move changes
/// the result (or, lost, shortens the resistance), and the end is not near.
fn hard(tb: &Tablebase, pos: &Position) -> Option<Sample> {
    let value = tb.value(pos)?;
    let moves = solve::analyze(tb, pos);
    let best = moves.first()?.1;
    let worst = moves.last()?.1;
    let keep = match value {
        Value::Win(d) => d > DECIDED_WITHIN && !matches!(worst, Value::Win(_)),
        Value::Draw => matches!(worst, Value::Loss(_)),
        Value::Loss(d) => d > DECIDED_WITHIN && worst != best,
    };
    keep.then_some(Sample {
        pos: *pos,
        value,
        moves,
    })
}

fn counts(samples: &[Sample]) -> (usize, usize, usize) {
    let won = samples
        .iter()
        .filter(|s| matches!(s.value, Value::Win(_)))
        .count();
    let drawn = samples.iter().filter(|s| s.value == Value::Draw).count();
    (won, drawn, samples.len() - won - drawn)
}

/// What a judging found: the positions, and a tally for each player and
/// budget.
struct Judged<'a> {
    args: &'a JudgeArgs,
    samples: &'a [Sample],
    budgets: &'a [Budget],
    tallies: &'a [Tally],
}

impl Judged<'_> {
    /// Each player with each budget (players outer), with its tally.
    fn rows(&self) -> impl Iterator<Item = (&String, &Budget, &Tally)> {
        let budgets = self.budgets;
        self.args
            .players
            .iter()
            .flat_map(move |p| budgets.iter().map(move |b| (p, b)))
            .zip(self.tallies)
            .map(|((p, b), t)| (p, b, t))
    }
}

fn print_table(out: &mut impl Write, j: &Judged) -> anyhow::Result<()> {
    let (a, samples) = (j.args, j.samples);
    let (won, drawn, lost) = counts(samples);
    let source = match &a.from {
        Some(p) => format!("from {}", p.display()),
        None => format!("seed {}, games of levels {:?}", a.seed, a.game_levels),
    };
    writeln!(
        out,
        "{} positions ({source}; won {won}, drawn {drawn}, lost {lost})",
        samples.len(),
    )?;
    writeln!(
        out,
        "{:<18} {:>12} {:>9} {:>8} {:>10} {:>12} {:>7} {:>9} {:>9}",
        "player",
        "budget",
        "won kept",
        "fastest",
        "drawn kept",
        "lost longest",
        "all",
        "median ms",
        "worst ms"
    )?;
    for (player, budget, t) in j.rows() {
        writeln!(
            out,
            "{:<18} {:>12} {:>8.1}% {:>7.1}% {:>9.1}% {:>11.1}% {:>6.1}% {:>9.1} {:>9.1}",
            player,
            budget.label(),
            pct(t.won_kept, t.won),
            pct(t.won_fastest, t.won),
            pct(t.drawn_kept, t.drawn),
            pct(t.lost_longest, t.lost),
            pct(t.kept(), samples.len() as u32),
            t.percentile_ms(0.5),
            t.percentile_ms(1.0),
        )?;
    }
    Ok(())
}

fn print_json(out: &mut impl Write, j: &Judged) -> anyhow::Result<()> {
    let (a, samples) = (j.args, j.samples);
    let (won, drawn, lost) = counts(samples);
    let results: Vec<_> = j
        .rows()
        .map(|(player, budget, t)| {
            let (ms, nodes) = match budget {
                Budget::Ms(ms) => (Some(*ms), None),
                Budget::Nodes(n) => (None, Some(*n)),
            };
            serde_json::json!({
                "player": player,
                "ms": ms,
                "nodes": nodes,
                "won_kept": pct(t.won_kept, t.won),
                "won_fastest": pct(t.won_fastest, t.won),
                "drawn_kept": pct(t.drawn_kept, t.drawn),
                "lost_longest": pct(t.lost_longest, t.lost),
                "all": pct(t.kept(), samples.len() as u32),
                "median_ms": t.percentile_ms(0.5),
                "worst_ms": t.percentile_ms(1.0),
            })
        })
        .collect();
    let j = serde_json::json!({
        "seed": a.seed,
        "positions": samples.len(),
        "won": won,
        "drawn": drawn,
        "lost": lost,
        "game_levels": a.game_levels,
        "from": a.from.as_ref().map(|p| p.display().to_string()),
        "results": results,
    });
    writeln!(out, "{j}")?;
    Ok(())
}
