//! `kyoku analyze shogun` and `kyoku analyze dobutsu --level/--depth`: what
//! the alpha-beta search thinks of a position.

use std::io::Write;

use clap::Args;
use kyoku_ai::agent::Level;
use kyoku_ai::alphabeta::{Evaluation, Limits, Searcher, score_text};
use kyoku_ai::dobutsu::DobutsuEval;
use kyoku_ai::shogun::ShogunEval;
use kyoku_core::{GameRecord, Position};

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
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `kyoku analyze shogun`.
pub fn shogun(a: ShogunArgs) -> anyhow::Result<()> {
    let rec = a.pos.record()?;
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
