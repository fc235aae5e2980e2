//! `kyoku analyze shogun` and `kyoku analyze dobutsu --level/--depth`: what
//! the alpha-beta search thinks of a position; with `--lines N` (and
//! `kyoku analyze shiamgon`) the site's analysis of any game
//! (`kyoku_games::analyse`), its JSON the API's.

use std::io::Write;

use clap::Args;
use kyoku_ai::agent::Level;
use kyoku_ai::alphabeta::{Evaluation, Limits, Searcher, score_text};
use kyoku_ai::dobutsu::DobutsuEval;
use kyoku_ai::shogun::ShogunEval;
use kyoku_core::{GameRecord, Position};
use kyoku_games::GameKind;
use kyoku_games::analyse::{
    AnalyseRequest, Budget, Outcome, Score, Source, Start, analyse, default_budget,
};

use crate::common::PositionFlags as _;

/// How long to search: a level's budget, or a fixed depth.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct SearchArgs {
    /// Search with this level's budget (1–5), without its noise.
    #[arg(long, conflicts_with = "depth")]
    pub level: Option<u8>,
    /// Search to exactly this depth (plies, with extensions and quiescence).
    #[arg(long)]
    pub depth: Option<u32>,
}

impl SearchArgs {
    /// True when a search was asked for.
    pub fn given(&self) -> bool {
        self.level.is_some() || self.depth.is_some()
    }

    fn limits(&self, levels: fn(u8) -> Option<Level>) -> anyhow::Result<(Limits, u32)> {
        if let Some(d) = self.depth {
            anyhow::ensure!((1..=40).contains(&d), "--depth must be 1 to 40");
            return Ok((Limits::depth(d), 20));
        }
        let l = self.level.unwrap_or(5);
        let level = levels(l).ok_or_else(|| anyhow::anyhow!("--level must be 1 to 5"))?;
        Ok((level.limits(), level.tt_bits))
    }
}

/// `kyoku analyze shogun`.
#[derive(Args)]
pub struct ShogunArgs {
    #[command(flatten)]
    pos: crate::shogun::PositionArgs,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    lines: LinesArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `kyoku analyze shogun`.
pub fn shogun(a: ShogunArgs) -> anyhow::Result<()> {
    let rec = a.pos.record()?;
    if a.lines.given() {
        let start = Start::Position(rec.position().to_text());
        let options = serde_json::Value::Null;
        return site_analysis(GameKind::Shogun, options, start, a.lines, a.search, a.json);
    }
    let (limits, bits) = a.search.limits(kyoku_ai::shogun::level)?;
    // Shogun's positions keep their own counters.
    let text = rec.position().to_text();
    search(&rec, &text, ShogunEval, &limits, bits, a.json)
}

/// Runs the search half of `kyoku analyze dobutsu`; `text` is the
/// position's FEN with the game's move number.
pub fn dobutsu(
    rec: &GameRecord<kyoku_dobutsu::Position>,
    text: &str,
    s: SearchArgs,
    json: bool,
) -> anyhow::Result<()> {
    let (limits, bits) = s.limits(kyoku_ai::dobutsu::level)?;
    search(rec, text, DobutsuEval, &limits, bits, json)
}

/// Searches the position of `rec` and prints what was found; `text` is the
/// position as it is printed.
fn search<P: Position, E: Evaluation<P>>(
    rec: &GameRecord<P>,
    text: &str,
    eval: E,
    limits: &Limits,
    tt_bits: u32,
    json: bool,
) -> anyhow::Result<()> {
    let pos = rec.position();
    anyhow::ensure!(
        matches!(rec.to_act(), kyoku_core::ToAct::Player(..)),
        "no player is to move here (the game is over, or chance acts)"
    );
    // A level's budget, as the game's program would spend it here.
    let limits = limits.at_root(&eval, pos);
    let mut searcher = Searcher::new(eval, tt_bits);
    let r = searcher.search(rec, &limits);
    let best = r.best.map(|m| pos.move_to_text(m));
    // The principal variation, each move written in the position it is played from.
    let mut pv = Vec::new();
    let mut p = pos.clone();
    for &m in &r.pv {
        pv.push(p.move_to_text(m));
        p.play_unchecked(m);
    }
    let mut out = std::io::stdout().lock();
    if json {
        let j = serde_json::json!({
            "position": text,
            "best": best,
            "score": r.score,
            "score_text": score_text(r.score),
            "depth": r.depth,
            "pv": pv,
            "nodes": r.nodes,
            "nps": r.nps().round(),
            "ms": r.elapsed.as_millis() as u64,
        });
        writeln!(out, "{j}")?;
        return Ok(());
    }
    writeln!(out, "position: {text}")?;
    writeln!(out, "best move: {}", best.as_deref().unwrap_or("-"))?;
    writeln!(out, "score: {} (for the side to move)", score_text(r.score))?;
    writeln!(out, "depth: {}", r.depth)?;
    writeln!(out, "pv: {}", pv.join(" "))?;
    writeln!(
        out,
        "nodes: {} in {:.3} s ({:.0} nodes/s)",
        r.nodes,
        r.elapsed.as_secs_f64(),
        r.nps()
    )?;
    Ok(())
}

/// `--lines N` and `--ms MS`: the site's analysis (`kyoku_games::analyse`),
/// the same for every game and the same JSON as the API's.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct LinesArgs {
    /// Answer as the site's analysis does: the N best lines (1–5), each with
    /// its score; with --json, the API's `Analysis` object.
    #[arg(long, value_name = "N")]
    pub lines: Option<usize>,
    /// With --lines: search this many milliseconds instead of a depth.
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "level"])]
    pub ms: Option<u64>,
}

impl LinesArgs {
    /// True when the site's analysis was asked for.
    pub fn given(&self) -> bool {
        self.lines.is_some() || self.ms.is_some()
    }
}

/// The work an analysis asks for: `--ms`, else `--depth`, else the game's
/// default.
fn budget(game: GameKind, lines: &LinesArgs, search: &SearchArgs) -> anyhow::Result<Budget> {
    anyhow::ensure!(
        search.level.is_none(),
        "--level does not combine with --lines: give --depth D or --ms MS"
    );
    Ok(match (lines.ms, search.depth) {
        (Some(ms), _) => Budget::Millis(ms),
        (None, Some(d)) => Budget::Depth(d),
        (None, None) => default_budget(game),
    })
}

/// Runs the site's analysis of `start` and prints it.
pub fn site_analysis(
    game: GameKind,
    options: serde_json::Value,
    start: Start,
    lines: LinesArgs,
    search: SearchArgs,
    json: bool,
) -> anyhow::Result<()> {
    let req = AnalyseRequest {
        game,
        options,
        start,
        lines: lines.lines.unwrap_or(1),
        budget: budget(game, &lines, &search)?,
    };
    let a = analyse(&req)?;
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string(&a)?)?;
        return Ok(());
    }
    writeln!(out, "position: {}", a.position)?;
    let source = match (a.source, a.depth) {
        (Source::Table, _) => "the solved table".to_string(),
        (Source::Search, d) => format!(
            "alpha-beta search, depth {}, {} nodes",
            d.unwrap_or(0),
            a.nodes
        ),
        (Source::Mcts, _) => format!("tree search, {} playouts", a.nodes),
    };
    writeln!(out, "from: {source}")?;
    for (i, l) in a.lines.iter().enumerate() {
        writeln!(
            out,
            "{}. {:<16} {}",
            i + 1,
            score_words(&l.score, a.to_act),
            l.moves.join(" ")
        )?;
    }
    Ok(())
}

/// A score in a few words, for the side to act (`seat`): `win in 11`,
/// `+0.35 (53%)`, `place 1.4 (1.4 2.1 2.5)`.
pub fn score_words(score: &Score, seat: Option<usize>) -> String {
    match score {
        Score::Exact { outcome, plies } => match (outcome, plies) {
            (Outcome::Win, Some(n)) => format!("win in {n}"),
            (Outcome::Loss, Some(n)) => format!("loss in {n}"),
            (Outcome::Draw, _) => "draw".into(),
            (o, None) => format!("{o:?}").to_lowercase(),
        },
        Score::Eval {
            value,
            win_expectancy,
        } => {
            if value.abs() > kyoku_ai::alphabeta::MATE_BOUND {
                score_text(*value)
            } else {
                format!("{} ({:.0}%)", score_text(*value), win_expectancy * 100.0)
            }
        }
        Score::Places { expected } => {
            let all: Vec<String> = expected.iter().map(|p| format!("{p:.1}")).collect();
            match seat.and_then(|s| expected.get(s)) {
                Some(p) => format!("place {p:.1} ({})", all.join(" ")),
                None => format!("places {}", all.join(" ")),
            }
        }
    }
}

/// Where a Shiamgon position comes from, for `kyoku analyze shiamgon`.
#[derive(Args)]
pub struct ShiamgonArgs {
    /// The board: tri8, tri16, disc5 (the default) or disc10.
    #[arg(long)]
    board: Option<String>,
    /// The number of players: 3 on triangles, 3–5 on discs (3 unless given).
    #[arg(long)]
    players: Option<usize>,
    /// Start from this position text instead of a start position.
    #[arg(long)]
    position: Option<String>,
    /// Play these moves first, comma-separated (from the start, or from
    /// --position).
    #[arg(long)]
    moves: Option<String>,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    lines: LinesArgs,
    /// Print the API's `Analysis` object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `kyoku analyze shiamgon`: the tree search's lines and each seat's
/// expected place.
pub fn shiamgon(a: ShiamgonArgs) -> anyhow::Result<()> {
    let mut options = serde_json::Map::new();
    if let Some(b) = &a.board {
        options.insert("board".into(), b.as_str().into());
    }
    if let Some(n) = a.players {
        options.insert("players".into(), n.into());
    }
    if let Some(p) = &a.position {
        options.insert("position".into(), p.as_str().into());
    }
    let moves: Vec<String> = a
        .moves
        .as_deref()
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    site_analysis(
        GameKind::Shiamgon,
        serde_json::Value::Object(options),
        Start::Moves(moves),
        a.lines,
        a.search,
        a.json,
    )
}
